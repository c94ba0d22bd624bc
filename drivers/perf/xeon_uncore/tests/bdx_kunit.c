// SPDX-License-Identifier: GPL-2.0-only
/*
 * Xeon E5-2600 v4 (bdx).
 *
 * xeon_bdx_pmu: the PMUs the module registered on an attached simulator
 * of Broadwell-EP (xu_test_sim()): names, formats where they differ from
 * the E5 v3's, control images at the E5 v3's MSR addresses, the PCU's
 * occupancy constraint, refusals, exact counts of injected events in
 * every box type (past 2^44 where Broadwell-EP widened the counter), and
 * the S-Boxes, which the smallest die lacks.  Addresses and strings are
 * literals from Linux's uncore_snbep.c (bdx_*, hswep_*), not the
 * driver's macros.
 *
 * xeon_bdxde_pmu: the same of Broadwell-DE (bdxde), whose simulator has
 * the boxes of a Xeon D-1500: the PMUs it registers and those it does
 * not (no S-Box, QPI port, R3QPI link, second HA or iMC channel beyond
 * two), control images and exact counts in every box it has, and its
 * traffic scenario without links.
 */
#include <linux/err.h>
#include <linux/pci.h>
#include <linux/string.h>
#include <linux/topology.h>

#include "../core.h"
#include "xu_test.h"

static void bdx_names(struct kunit *test)
{
	static const char * const names[] = {
		"uncore_ubox", "uncore_cbox_0", "uncore_cbox_1", "uncore_pcu",
		"uncore_ha_0", "uncore_ha_1", "uncore_imc_0", "uncore_imc_7",
		"uncore_qpi_0", "uncore_qpi_2", "uncore_r2pcie",
		"uncore_r3qpi_0", "uncore_r3qpi_2", "uncore_irp",
	};
	unsigned int i;

	xu_test_sim(test);
	for (i = 0; i < ARRAY_SIZE(names); i++)
		xu_test_pmu(test, names[i]);
}

/* @pmu's format @field: its string, or NULL if it has none */
static const char *bdx_format(struct kunit *test, const char *pmu,
			      const char *field)
{
	struct xu_pmu *xp = xu_test_pmu(test, pmu);
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct attribute **a;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (a = xp->type->formats; *a; a++) {
		struct xu_format_attr *f;

		if (strcmp((*a)->name, field))
			continue;
		f = container_of(*a, struct xu_format_attr, attr.attr);
		KUNIT_ASSERT_GT(test, f->attr.show(NULL, &f->attr, buf), 0);
		return strim(buf);
	}
	return NULL;
}

static void bdx_formats(struct kunit *test)
{
	xu_test_sim(test);
	/* the U-Box's are IVB-EP's: no inv, no filter */
	KUNIT_EXPECT_NULL(test, bdx_format(test, "uncore_ubox", "inv"));
	KUNIT_EXPECT_NULL(test, bdx_format(test, "uncore_ubox", "filter_tid"));
	KUNIT_EXPECT_STREQ(test, bdx_format(test, "uncore_ubox", "thresh"),
			   "config:24-28");
	KUNIT_EXPECT_STREQ(test, bdx_format(test, "uncore_cbox_0", "filter_tid"),
			   "config1:0-5");
	KUNIT_EXPECT_STREQ(test, bdx_format(test, "uncore_cbox_0", "filter_opc"),
			   "config1:52-60");
	KUNIT_EXPECT_STREQ(test, bdx_format(test, "uncore_pcu", "occ_sel"),
			   "config:14-15");
	KUNIT_EXPECT_STREQ(test, bdx_format(test, "uncore_qpi_2", "match_opc"),
			   "config1:5-8");
}

static struct perf_event *bdx_open(struct kunit *test, const char *pmu,
				   u64 config, u64 config1)
{
	struct xu_pmu *xp = xu_test_pmu(test, pmu);
	struct perf_event_attr attr;

	xu_test_attr(&attr, xp, config);
	attr.config1 = config1;
	return xu_test_open(test, xp, 0, &attr);
}

static int bdx_try(struct kunit *test, const char *pmu, u64 config,
		   u64 config1, u64 sample_period)
{
	struct xu_pmu *xp = xu_test_pmu(test, pmu);
	struct perf_event_attr attr;
	struct perf_event *event;

	xu_test_attr(&attr, xp, config);
	attr.config1 = config1;
	attr.sample_period = sample_period;
	event = xu_test_try_open(test, xp, 0, &attr);
	if (IS_ERR(event))
		return PTR_ERR(event);
	xu_test_close(test, event);
	return 0;
}

static u64 bdx_reg(struct kunit *test, struct perf_event *event, u32 reg)
{
	struct xu_box *box = xu_event_box(event);
	u32 v;

	if (box->pmu->type->access == XU_MSR)
		return xu_test_sim_rd(test, box->io_priv, box->pkg, reg);
	KUNIT_ASSERT_EQ(test, 0, pci_read_config_dword(box->pdev, reg, &v));
	return v;
}

static const struct {
	const char *pmu;
	u64 config;
	u32 ctl0;
	u32 stride;
} bdx_enc[] = {
	{ "uncore_ubox", 0x1f000142, 0x705, 1 },
	{ "uncore_cbox_1", 0x010c1134, 0xe11, 1 },
	{ "uncore_pcu", 0x80004080, 0x711, 1 },
	{ "uncore_ha_1", 0x0301, 0xd8, 4 },
	{ "uncore_imc_5", 0x0304, 0xd8, 4 },
	{ "uncore_qpi_2", 0x200038, 0xd8, 4 },
	{ "uncore_r3qpi_2", 0x01840010, 0xd8, 4 },
	{ "uncore_irp", 0x01800101, 0xd8, 4 },
};

static void bdx_encoding(struct kunit *test)
{
	unsigned int i;

	xu_test_sim(test);
	for (i = 0; i < ARRAY_SIZE(bdx_enc); i++) {
		struct perf_event *event = bdx_open(test, bdx_enc[i].pmu,
						    bdx_enc[i].config, 0);
		int idx = READ_ONCE(event->hw.idx);

		KUNIT_ASSERT_GE(test, idx, 0);
		KUNIT_EXPECT_EQ_MSG(test,
				    bdx_reg(test, event, bdx_enc[i].ctl0 +
					    idx * bdx_enc[i].stride),
				    bdx_enc[i].config | BIT_ULL(22), "%s",
				    bdx_enc[i].pmu);
		xu_test_close(test, event);
	}
}

/* A PCU occupancy event (ev_sel bit 7) takes counters 1-3 only */
static void bdx_pcu_constraint(struct kunit *test)
{
	struct perf_event *a, *b;

	xu_test_sim(test);
	a = bdx_open(test, "uncore_pcu", 0x00, 0);
	b = bdx_open(test, "uncore_pcu", 0x4080, 0);
	KUNIT_EXPECT_EQ(test, READ_ONCE(a->hw.idx), 0);
	KUNIT_EXPECT_GT(test, READ_ONCE(b->hw.idx), 0);
	xu_test_close(test, b);
	xu_test_close(test, a);
}

/* Sampling, and the U-Box's inv and filter, which it has not */
static void bdx_refusals_common(struct kunit *test)
{
	xu_test_sim(test);
	KUNIT_EXPECT_EQ(test, -EOPNOTSUPP,
			bdx_try(test, "uncore_imc_0", 0x0304, 0, 100000));
	KUNIT_EXPECT_EQ(test, -EINVAL,
			bdx_try(test, "uncore_ubox", 0x01800042, 0, 0));
	KUNIT_EXPECT_EQ(test, -EINVAL, bdx_try(test, "uncore_ubox", 0x42, 1, 0));
}

static void bdx_refusals(struct kunit *test)
{
	bdx_refusals_common(test);
	/* QPI port 2 has its match/mask function (0x6f46) */
	KUNIT_EXPECT_EQ(test, 0, bdx_try(test, "uncore_qpi_2", 0x200038, 0, 0));
}

static const struct {
	const char *pmu, *box;
	unsigned int idx;
	u64 config;
	u64 n;
} bdx_inj[] = {
	/* 2^44 + 5: Broadwell-EP's U-Box and R3QPI counters have 48 bits */
	{ "uncore_ubox", "ubox", 0, 0x42, BIT_ULL(44) + 5 },
	{ "uncore_cbox_1", "cbox", 1, 0x13, BIT_ULL(44) + 7 },
	{ "uncore_pcu", "pcu", 0, 0x71, 999 },
	{ "uncore_ha_1", "ha", 1, 0x01, 55555 },
	{ "uncore_imc_6", "imc", 6, 0x05, 31337 },
	{ "uncore_irp", "irp", 0, 0x03, 4242 },
	{ "uncore_qpi_2", "qpi", 2, 0x03, 1111 },
	{ "uncore_r2pcie", "r2pcie", 0, 0x13, 222 },
	{ "uncore_r3qpi_2", "r3qpi", 2, 0x13, BIT_ULL(44) + 3 },
};

static void bdx_counts(struct kunit *test)
{
	struct xu_sim *sim = xu_test_sim(test);
	unsigned int i;

	xu_sim_set_generator(sim, false);
	for (i = 0; i < ARRAY_SIZE(bdx_inj); i++) {
		struct perf_event *event = bdx_open(test, bdx_inj[i].pmu,
						    bdx_inj[i].config, 0);
		u64 before, after, en, run;

		before = perf_event_read_value(event, &en, &run);
		KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, 0, bdx_inj[i].box,
						       bdx_inj[i].idx,
						       bdx_inj[i].config, 0,
						       bdx_inj[i].n));
		after = perf_event_read_value(event, &en, &run);
		KUNIT_EXPECT_EQ_MSG(test, after - before, bdx_inj[i].n, "%s",
				    bdx_inj[i].pmu);
		xu_test_close(test, event);
	}
}

static unsigned int bdx_sboxes(struct kunit *test, const char *absent)
{
	const struct xu_test_platform *pf = xu_test_pf(test);
	struct xu_uncore *uc = kunit_kzalloc(test, sizeof(*uc), GFP_KERNEL);
	unsigned int i, n = 0;
	struct xu_sim *sim;

	KUNIT_ASSERT_NOT_NULL(test, uc);
	sim = xu_sim_create_absent(pf->sim, topology_max_packages(), absent);
	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	uc->plat = pf->plat;
	uc->io = &xu_sim_io;
	uc->io_priv = sim;
	uc->poll_ns = NSEC_PER_SEC;
	if (xu_uncore_alloc(uc)) {
		xu_sim_destroy(sim);
		KUNIT_FAIL_AND_ABORT(test, "xu_uncore_alloc failed");
	}
	for (i = 0; i < uc->num_pmus; i++)
		n += !strncmp(uc->pmus[i].name, "uncore_sbox_", 12);
	xu_uncore_free(uc);
	xu_sim_destroy(sim);
	return n;
}

static unsigned int bdx_cores(void)
{
	unsigned int cpu, most = 0;

	for_each_present_cpu(cpu)
		most = max(most, cpumask_weight(topology_core_cpumask(cpu)) /
			   cpumask_weight(topology_sibling_cpumask(cpu)));
	return most;
}

/*
 * Four S-Boxes, none on a die whose CAPID4 chop reads 0 (the
 * simulator's die of at most 10 cores); without the PCU function, four
 */
static void bdx_sbox_count(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, bdx_sboxes(test, NULL), bdx_cores() <= 10 ? 0U : 4U);
	KUNIT_EXPECT_EQ(test, bdx_sboxes(test, "pcu_cap"), 4U);
}

XU_TEST_PARAMS(bdx, XU_TEST_BDX);

static struct kunit_case bdx_pmu_cases[] = {
	KUNIT_CASE_PARAM(bdx_names, bdx_gen_params),
	KUNIT_CASE_PARAM(bdx_formats, bdx_gen_params),
	KUNIT_CASE_PARAM(bdx_encoding, bdx_gen_params),
	KUNIT_CASE_PARAM(bdx_pcu_constraint, bdx_gen_params),
	KUNIT_CASE_PARAM(bdx_refusals, bdx_gen_params),
	KUNIT_CASE_PARAM(bdx_counts, bdx_gen_params),
	KUNIT_CASE_PARAM(bdx_sbox_count, bdx_gen_params),
	{}
};

static struct kunit_suite bdx_pmu_suite = {
	.name = "xeon_bdx_pmu",
	.suite_exit = xu_test_suite_exit,
	.test_cases = bdx_pmu_cases,
};

/* ---- Broadwell-DE ---- */

/* Is a PMU of @prefix (a name, or a stem ending in '_') registered? */
static bool bdxde_registered(struct kunit *test, const char *prefix)
{
	struct xu_uncore *uc = xu_uncore_instance();
	unsigned int i;

	xu_test_sim(test);
	for (i = 0; i < uc->num_pmus; i++) {
		const char *name = uc->pmus[i].name;

		if (!uc->pmus[i].registered)
			continue;
		if (prefix[strlen(prefix) - 1] == '_' ?
		    !strncmp(name, prefix, strlen(prefix)) : !strcmp(name, prefix))
			return true;
	}
	return false;
}

static void bdxde_names(struct kunit *test)
{
	static const char * const names[] = {
		"uncore_ubox", "uncore_cbox_0", "uncore_cbox_1", "uncore_pcu",
		"uncore_ha_0", "uncore_imc_0", "uncore_imc_1", "uncore_r2pcie",
		"uncore_irp",
	};
	static const char * const none[] = {
		"uncore_sbox_", "uncore_qpi_", "uncore_r3qpi_", "uncore_ha_1",
		"uncore_imc_2", "uncore_imc_3", "uncore_imc_4", "uncore_imc_5",
		"uncore_imc_6", "uncore_imc_7",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(none); i++)
		KUNIT_EXPECT_FALSE_MSG(test, bdxde_registered(test, none[i]),
				       "%s registered", none[i]);
	for (i = 0; i < ARRAY_SIZE(names); i++)
		xu_test_pmu(test, names[i]);
}

static const struct {
	const char *pmu;
	u64 config;
	u32 ctl0;
	u32 stride;
} bdxde_enc[] = {
	{ "uncore_ubox", 0x1f000142, 0x705, 1 },
	{ "uncore_cbox_0", 0x010c1134, 0xe01, 1 },
	{ "uncore_pcu", 0x80004080, 0x711, 1 },
	{ "uncore_ha_0", 0x0301, 0xd8, 4 },
	{ "uncore_imc_1", 0x0304, 0xd8, 4 },
	{ "uncore_r2pcie", 0x01800011, 0xd8, 4 },
	{ "uncore_irp", 0x01800101, 0xd8, 4 },
};

static void bdxde_encoding(struct kunit *test)
{
	unsigned int i;

	xu_test_sim(test);
	for (i = 0; i < ARRAY_SIZE(bdxde_enc); i++) {
		struct perf_event *event = bdx_open(test, bdxde_enc[i].pmu,
						    bdxde_enc[i].config, 0);
		int idx = READ_ONCE(event->hw.idx);

		KUNIT_ASSERT_GE(test, idx, 0);
		KUNIT_EXPECT_EQ_MSG(test,
				    bdx_reg(test, event, bdxde_enc[i].ctl0 +
					    idx * bdxde_enc[i].stride),
				    bdxde_enc[i].config | BIT_ULL(22), "%s",
				    bdxde_enc[i].pmu);
		xu_test_close(test, event);
	}
}

static const struct {
	const char *pmu, *box;
	unsigned int idx;
	u64 config;
	u64 n;
} bdxde_inj[] = {
	/* past 2^44: the U-Box, C-Box and R2PCIe counters have 48 bits */
	{ "uncore_ubox", "ubox", 0, 0x42, BIT_ULL(44) + 5 },
	{ "uncore_cbox_0", "cbox", 0, 0x13, BIT_ULL(44) + 7 },
	{ "uncore_pcu", "pcu", 0, 0x71, 999 },
	{ "uncore_ha_0", "ha", 0, 0x01, 55555 },
	{ "uncore_imc_1", "imc", 1, 0x05, 31337 },
	{ "uncore_irp", "irp", 0, 0x03, 4242 },
	{ "uncore_r2pcie", "r2pcie", 0, 0x13, BIT_ULL(44) + 9 },
};

static void bdxde_counts(struct kunit *test)
{
	struct xu_sim *sim = xu_test_sim(test);
	unsigned int i;

	xu_sim_set_generator(sim, false);
	for (i = 0; i < ARRAY_SIZE(bdxde_inj); i++) {
		struct perf_event *event = bdx_open(test, bdxde_inj[i].pmu,
						    bdxde_inj[i].config, 0);
		u64 before, after, en, run;

		before = perf_event_read_value(event, &en, &run);
		KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, 0, bdxde_inj[i].box,
						       bdxde_inj[i].idx,
						       bdxde_inj[i].config, 0,
						       bdxde_inj[i].n));
		after = perf_event_read_value(event, &en, &run);
		KUNIT_EXPECT_EQ_MSG(test, after - before, bdxde_inj[i].n, "%s",
				    bdxde_inj[i].pmu);
		xu_test_close(test, event);
	}
	/* the boxes it lacks take no injection */
	KUNIT_EXPECT_LT(test, xu_sim_inject(sim, 0, "qpi", 0, 0x03, 0, 1), 0);
	KUNIT_EXPECT_LT(test, xu_sim_inject(sim, 0, "sbox", 0, 0x00, 0, 1), 0);
	KUNIT_EXPECT_LT(test, xu_sim_inject(sim, 0, "imc", 2, 0x05, 0, 1), 0);
}

/* Two channels and no link: a link's line, or a third channel's, is refused */
static void bdxde_traffic(struct kunit *test)
{
	struct xu_sim *sim = xu_test_sim(test);

	KUNIT_EXPECT_EQ(test, -EINVAL,
			xu_sim_set_traffic(sim, "socket=0 link=0 tx=64"));
	KUNIT_EXPECT_EQ(test, -EINVAL,
			xu_sim_set_traffic(sim, "socket=0 link=0 rx=48"));
	KUNIT_EXPECT_EQ(test, -EINVAL,
			xu_sim_set_traffic(sim, "socket=0 channel=2 read=96"));
	/* channel 1's own default (32 MB/s x 2): accepted, nothing changes */
	KUNIT_EXPECT_EQ(test, 0,
			xu_sim_set_traffic(sim, "socket=0 channel=1 read=64"));
}

XU_TEST_PARAMS(bdxde, XU_TEST_BDXDE);

static struct kunit_case bdxde_pmu_cases[] = {
	KUNIT_CASE_PARAM(bdxde_names, bdxde_gen_params),
	KUNIT_CASE_PARAM(bdxde_encoding, bdxde_gen_params),
	KUNIT_CASE_PARAM(bdx_pcu_constraint, bdxde_gen_params),
	KUNIT_CASE_PARAM(bdx_refusals_common, bdxde_gen_params),
	KUNIT_CASE_PARAM(bdxde_counts, bdxde_gen_params),
	KUNIT_CASE_PARAM(bdxde_traffic, bdxde_gen_params),
	{}
};

static struct kunit_suite bdxde_pmu_suite = {
	.name = "xeon_bdxde_pmu",
	.suite_exit = xu_test_suite_exit,
	.test_cases = bdxde_pmu_cases,
};

kunit_test_suites(&bdx_pmu_suite, &bdxde_pmu_suite);
