// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_validate: every config the hardware does not define, and
 * every perf feature the driver does not offer, is refused with the right
 * errno, both by xu_validate_config() and when perf opens the event.
 */
#include <linux/sched.h>

#include "xu_test.h"

struct validate_case {
	const char *desc;
	const char *pmu;
	u64 config;
	u64 config1;
	u64 config2;
	int validate_err;	/* from xu_validate_config() */
	int open_err;		/* from perf_event_create_kernel_counter() */
};

static const struct validate_case validate_cases[] = {
	/* Table 2-67: en and pmi_en belong to the driver, bit 8 is reserved */
	{ "mbox en (bit 0)", "uncore_mbox_0", 0x1, 0, 0, -EINVAL, -EINVAL },
	{ "mbox pmi_en (bit 1)", "uncore_mbox_0", 0x2, 0, 0, -EINVAL, -EINVAL },
	{ "mbox reserved bit 8", "uncore_mbox_1", 0x100, 0, 0, -EINVAL, -EINVAL },
	{ "mbox reserved bit 14", "uncore_mbox_0", 0x4000, 0, 0, -EINVAL, -EINVAL },
	{ "mbox reserved bit 22 (en is bit 0)", "uncore_mbox_0", 0x400000, 0, 0,
	  -EINVAL, -EINVAL },
	{ "mbox ignored bit 25", "uncore_mbox_0", 0x2000000, 0, 0, -EINVAL, -EINVAL },
	{ "mbox reserved bit 61", "uncore_mbox_1", 0x2000000000000000, 0, 0,
	  -EINVAL, -EINVAL },
	{ "mbox bit 63", "uncore_mbox_0", 0x8000000000000000, 0, 0,
	  -EINVAL, -EINVAL },
	/* config1 and config2 program sub-registers cycles (0x1b) has none of */
	{ "mbox config1", "uncore_mbox_0", 0x3600, 0x1, 0, 0, -EINVAL },
	{ "mbox config2", "uncore_mbox_1", 0x3600, 0, 0x1, 0, -EINVAL },
	{ "mbox count_mode=3", "uncore_mbox_0", 0xc, 0, 0, -EINVAL, -EINVAL },
	{ "mbox storage_mode=2", "uncore_mbox_0", 0xa0, 0, 0, -EINVAL, -EINVAL },
	{ "mbox storage_mode=3", "uncore_mbox_1", 0xb0, 0, 0, -EINVAL, -EINVAL },
	/* the field values are legal, the combination is not */
	{ "mbox set_flag_sel without flag_mode", "uncore_mbox_0", 0x180000, 0, 0,
	  0, -EINVAL },
	{ "mbox storage_mode=1 without flag_mode", "uncore_mbox_1", 0x10, 0, 0,
	  0, -EINVAL },
	/* a counter counting down from 0 would stop at its first event */
	{ "mbox count_mode=1 without wrap_mode", "uncore_mbox_0", 0x4, 0, 0,
	  0, -EINVAL },
	{ "mbox count_mode=2 without wrap_mode", "uncore_mbox_1", 0x8, 0, 0,
	  0, -EINVAL },
	{ "mbox count_mode=1 with wrap_mode", "uncore_mbox_0", 0x3644, 0, 0, 0, 0 },
	/*
	 * Table 2-84: events an M-Box sub-register selects open, with the
	 * sub-register from config1 (here 0)
	 */
	{ "mbox inc_sel=0x04 (sub-register)", "uncore_mbox_0", 0x840, 0, 0,
	  0, 0 },
	{ "mbox inc_sel=0x00 (sub-register)", "uncore_mbox_1", 0x40, 0, 0,
	  0, 0 },
	{ "mbox set_flag_sel=1 with flag_mode (sub-register)", "uncore_mbox_0",
	  0x836c0, 0, 0, 0, 0 },
	{ "mbox inc_sel=0x1b", "uncore_mbox_0", 0x3600, 0, 0, 0, 0 },
	{ "mbox every field", "uncore_mbox_1", 0x383ed8, 0, 0, 0, 0 },
	/*
	 * Table 2-6: en is bit 22, pmi_en bit 20; 8-17 are undocumented.  en
	 * is taken (Intel PCM sends it), alone: with any other bit no format
	 * names, refused; where en is bit 0 (M-Box above), bit 22 is refused.
	 */
	{ "ubox en (bit 22)", "uncore_ubox", 0x400000, 0, 0, 0, 0 },
	{ "ubox en (bit 22) with event=0x1", "uncore_ubox", 0x400001, 0, 0, 0, 0 },
	{ "ubox en (bit 22) with pmi_en (bit 20)", "uncore_ubox", 0x500000, 0, 0,
	  -EINVAL, -EINVAL },
	{ "ubox en (bit 22) with bit 8", "uncore_ubox", 0x400100, 0, 0,
	  -EINVAL, -EINVAL },
	{ "ubox bit 22 of config1", "uncore_ubox", 0x1, 0x400000, 0,
	  -EINVAL, -EINVAL },
	{ "ubox pmi_en (bit 20)", "uncore_ubox", 0x100000, 0, 0, -EINVAL, -EINVAL },
	{ "ubox bit 8", "uncore_ubox", 0x100, 0, 0, -EINVAL, -EINVAL },
	{ "ubox bit 63", "uncore_ubox", 0x8000000000000000, 0, 0, -EINVAL, -EINVAL },
	{ "ubox config1", "uncore_ubox", 0x1, 0x1, 0, -EINVAL, -EINVAL },
	{ "ubox config2", "uncore_ubox", 0x1, 0, 0x100, -EINVAL, -EINVAL },
	{ "ubox event=0xff,edge=1", "uncore_ubox", 0x400ff, 0, 0, 0, 0 },
};

XU_TEST_ROW_PARAMS_DESC(validate_config, XU_TEST_NX, validate_cases,
			struct validate_case);

static void validate_config_gives_right_errno(struct kunit *test)
{
	const struct validate_case *c = xu_test_row(test);
	struct xu_pmu *xp = xu_test_pmu(test, c->pmu);
	struct perf_event_attr attr;
	struct perf_event *event;
	unsigned int pkg;

	xu_test_attr(&attr, xp, c->config);
	attr.config1 = c->config1;
	attr.config2 = c->config2;
	KUNIT_EXPECT_EQ(test, xu_validate_config(xp->type, &attr), c->validate_err);

	for (pkg = 0; pkg < xu_uncore_instance()->num_pkgs; pkg++) {
		event = xu_test_try_open(test, xp, pkg, &attr);
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR_OR_ZERO(event), c->open_err,
				    "package %u", pkg);
	}
}

struct validate_attr_case {
	const char *desc;
	struct perf_event_attr attr;	/* type, size and config set later */
	int err;			/* with pmi=1, the module's default */
};

static const struct validate_attr_case validate_attr_cases[] = {
	/*
	 * Every box here raises a PMI: sampling is accepted, and refused
	 * with pmi=0 (sample_freq shares sample_period's union)
	 */
	{ "sample_period", { .sample_period = 100000 }, 0 },
	{ "freq", { .freq = 1, .sample_freq = 1000 }, 0 },
	{ "precise_ip=1", { .precise_ip = 1 }, -EOPNOTSUPP },
	{ "precise_ip=3", { .precise_ip = 3 }, -EOPNOTSUPP },
	{ "branch stack", { .sample_type = PERF_SAMPLE_BRANCH_STACK,
			    .branch_sample_type = PERF_SAMPLE_BRANCH_ANY },
	  -EOPNOTSUPP },
	/* uncore events see every mode: PERF_PMU_CAP_NO_EXCLUDE */
	{ "exclude_user", { .exclude_user = 1 }, -EINVAL },
	{ "exclude_kernel", { .exclude_kernel = 1 }, -EINVAL },
	{ "exclude_hv", { .exclude_hv = 1 }, -EINVAL },
	{ "exclude_idle", { .exclude_idle = 1 }, -EINVAL },
	{ "exclude_host", { .exclude_host = 1 }, -EINVAL },
	{ "exclude_guest", { .exclude_guest = 1 }, -EINVAL },
	{ "plain counting", { }, 0 },
};

XU_TEST_ROW_PARAMS_DESC(validate_attr, XU_TEST_NX, validate_attr_cases,
			struct validate_attr_case);

static void validate_perf_feature_gives_right_errno(struct kunit *test)
{
	static const char * const pmus[] = {
		"uncore_ubox", "uncore_mbox_0", "uncore_mbox_1",
	};
	const struct validate_attr_case *c = xu_test_row(test);
	struct perf_event_attr attr;
	struct perf_event *event;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pmus); i++) {
		struct xu_pmu *xp = xu_test_pmu(test, pmus[i]);

		/* a valid config: event 0 of the U-Box, inc_sel 0x1b */
		attr = c->attr;
		attr.type = xp->pmu.type;
		attr.size = sizeof(attr);
		attr.config = i ? 0x3600 : 0x0;
		event = xu_test_try_open(test, xp, i % 2, &attr);
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR_OR_ZERO(event),
				    attr.sample_period && !xp->uncore->pmi ?
				    -EOPNOTSUPP : c->err, "%s", pmus[i]);
	}
}

struct validate_sampling_case {
	const char *desc;
	u64 config;
	int err;
};

/* Table 2-67: a sample period counts increments, so count_mode must be 0 */
static const struct validate_sampling_case validate_sampling_cases[] = {
	{ "count_mode=0", 0x3600, 0 },
	{ "count_mode=0,wrap_mode=1", 0x3640, 0 },
	{ "count_mode=1,wrap_mode=1", 0x3644, -EOPNOTSUPP },
	{ "count_mode=2,wrap_mode=1", 0x3648, -EOPNOTSUPP },
};

XU_TEST_ROW_PARAMS_DESC(validate_sampling, XU_TEST_NX, validate_sampling_cases,
			struct validate_sampling_case);

static void validate_mbox_sampling_needs_count_mode_0(struct kunit *test)
{
	static const char * const pmus[] = { "uncore_mbox_0", "uncore_mbox_1" };
	const struct validate_sampling_case *c = xu_test_row(test);
	struct perf_event_attr attr;
	struct perf_event *event;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pmus); i++) {
		struct xu_pmu *xp = xu_test_pmu(test, pmus[i]);

		if (!xp->uncore->pmi)
			kunit_skip(test, "xeon_uncore runs with pmi=0: no sampling");
		xu_test_attr(&attr, xp, c->config);
		attr.sample_period = 100000;
		event = xu_test_try_open(test, xp, i, &attr);
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR_OR_ZERO(event), c->err,
				    "%s on package %u", pmus[i], i);
	}
}

static void validate_task_bound_event_is_einval(struct kunit *test)
{
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event_attr attr;
	struct perf_event *event;

	xu_test_attr(&attr, xp, 0x3600);
	event = perf_event_create_kernel_counter(&attr, -1, current, NULL, NULL);
	if (!IS_ERR(event))
		perf_event_release_kernel(event);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(event), -EINVAL);
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

static struct kunit_case xeon_uncore_validate_cases[] = {
	KUNIT_CASE_PARAM(validate_config_gives_right_errno, validate_config_gen_params),
	KUNIT_CASE_PARAM(validate_perf_feature_gives_right_errno,
			 validate_attr_gen_params),
	KUNIT_CASE_PARAM(validate_mbox_sampling_needs_count_mode_0,
			 validate_sampling_gen_params),
	KUNIT_CASE_PARAM(validate_task_bound_event_is_einval, nx_gen_params),
	{}
};

static struct kunit_suite xeon_uncore_validate_suite = {
	.name = "xeon_uncore_validate",
	.suite_exit = xu_test_suite_exit,
	.test_cases = xeon_uncore_validate_cases,
};

kunit_test_suite(xeon_uncore_validate_suite);
