// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_format: what a user writes in perf_event_attr.config ends up
 * bit for bit in the counter's control register, and sysfs describes the
 * fields where Tables 2-6 (U_MSR_PMON_EVT_SEL) and 2-67
 * (M_MSR_PMU_CNT_CTL) put them.
 *
 * The U- and M-Box's format/ and events/ files, one case per file and
 * model (nhmex and wsmex passes), hold the text perf reads: the tables
 * e2e's discovery script (tools/testing/e2e/common/10-discovery.sh)
 * compared through sysfs, written out
 * from the guides and Documentation/pmu/nhmex.rst, never from the
 * driver's masks.
 */
#include <linux/string.h>

#include <xeon_uncore/nhmex.h>

#include "xu_test.h"

/* The models a row holds on */
#define FM_NHMEX	XU_TEST_NHMEX
#define FM_WSMEX	XU_TEST_WSMEX
#define FM_NX		XU_TEST_NX

/*
 * One sysfs file of a PMU, format/ or events/, and the text its show
 * method gives: what perf reads from /sys/bus/event_source/devices.
 * These were 10-discovery.sh's tables.
 */
struct format_str_row {
	unsigned int models;
	const char *pmu;
	const char *dir;	/* "format" or "events" */
	const char *name;
	const char *str;
};

#define FMT(_m, _pmu, _name, _str) \
	{ .models = _m, .pmu = _pmu, .dir = "format", .name = _name, .str = _str }
#define EVT(_m, _pmu, _name, _str) \
	{ .models = _m, .pmu = _pmu, .dir = "events", .name = _name, .str = _str }

static const struct format_str_row format_str_rows[] = {
	/* U-Box: Table 2-6 (U_MSR_PMON_EVT_SEL), the events of Table 2-8 */
	FMT(FM_NX, "uncore_ubox", "event",			"config:0-7\n"),
	FMT(FM_NX, "uncore_ubox", "edge",			"config:18\n"),
	EVT(FM_NX, "uncore_ubox", "buf_valid_local_int",	"event=0x0\n"),
	EVT(FM_NX, "uncore_ubox", "buf_valid_remote_int",	"event=0x1\n"),
	EVT(FM_NX, "uncore_ubox", "buf_valid_lock",		"event=0x2\n"),
	EVT(FM_NX, "uncore_ubox", "buf_valid_stst",		"event=0x3\n"),
	/*
	 * M-Box: the bit ranges of Table 2-67 (M_MSR_PMU_CNT_CTL) and the
	 * sub-registers (Table 2-62) through config1 and config2, as
	 * Documentation/pmu/nhmex.rst places them: the inc_sel's own
	 * sub-register in config1 31:0, a second one (PLD, or the flag's) in
	 * 63:32, ZDP_CTL_FVC event field n at 13+3n:11+3n on Nehalem-EX and
	 * 14+3n:12+3n on Westmere-EX (uncore_nhmex.c, NHMEX_ and
	 * WSMEX_M_PMON_ZDP_CTL_FVC_EVENT_MASK), the address match in config2
	 */
	FMT(FM_NX, "uncore_mbox_0", "count_mode",		"config:2-3\n"),
	FMT(FM_NX, "uncore_mbox_0", "storage_mode",		"config:4-5\n"),
	FMT(FM_NX, "uncore_mbox_0", "wrap_mode",		"config:6\n"),
	FMT(FM_NX, "uncore_mbox_0", "flag_mode",		"config:7\n"),
	FMT(FM_NX, "uncore_mbox_0", "inc_sel",			"config:9-13\n"),
	FMT(FM_NX, "uncore_mbox_0", "set_flag_sel",		"config:19-21\n"),
	FMT(FM_NX, "uncore_mbox_0", "dsp",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_0", "iss",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_0", "map",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_0", "thr",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_0", "pgt",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_0", "fvc",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_0", "sub2",			"config1:32-63\n"),
	FMT(FM_NX, "uncore_mbox_0", "pld",			"config1:32-63\n"),
	FMT(FM_NHMEX, "uncore_mbox_0", "fvc_ev0",		"config1:11-13\n"),
	FMT(FM_NHMEX, "uncore_mbox_0", "fvc_ev1",		"config1:14-16\n"),
	FMT(FM_NHMEX, "uncore_mbox_0", "fvc_ev2",		"config1:17-19\n"),
	FMT(FM_NHMEX, "uncore_mbox_0", "fvc_ev3",		"config1:20-22\n"),
	FMT(FM_WSMEX, "uncore_mbox_0", "fvc_ev0",		"config1:12-14\n"),
	FMT(FM_WSMEX, "uncore_mbox_0", "fvc_ev1",		"config1:15-17\n"),
	FMT(FM_WSMEX, "uncore_mbox_0", "fvc_ev2",		"config1:18-20\n"),
	FMT(FM_WSMEX, "uncore_mbox_0", "fvc_ev3",		"config1:21-23\n"),
	FMT(FM_NX, "uncore_mbox_0", "addr_match",		"config2:0-33\n"),
	FMT(FM_NX, "uncore_mbox_0", "addr_mask",		"config2:34-60\n"),
	FMT(FM_NX, "uncore_mbox_0", "addr_en",			"config2:63\n"),
	/*
	 * The M-Box's named events, nhmex.rst's table: Table 2-84's inc_sel
	 * values with wrap_mode=1, so that a 48-bit count wraps rather than
	 * stops; B-Box commands by kind through ZDP_CTL_FVC event field 0
	 * (fvc=0x5000 and 0x5040 on Westmere-EX)
	 */
	EVT(FM_NX, "uncore_mbox_0", "cycles_mfull",		"inc_sel=0x01,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_0", "ma_par_err",		"inc_sel=0x0c,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_0", "page_hit",			"inc_sel=0x14,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_0", "page_empty",		"inc_sel=0x15,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_0", "multicas",			"inc_sel=0x17,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_0", "fvid_race",		"inc_sel=0x18,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_0", "bbox_cmds_all",		"inc_sel=0x1a,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_0", "cycles",			"inc_sel=0x1b,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_0", "inflight_cmds",		"inc_sel=0x1d,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_0", "cycles_retryq_mfull",
	    "inc_sel=0x1b,set_flag_sel=0x3,flag_mode=1,storage_mode=1,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_0", "cycles_retryq_starved",
	    "inc_sel=0x1b,set_flag_sel=0x4,flag_mode=1,storage_mode=1,wrap_mode=1\n"),
	EVT(FM_NHMEX, "uncore_mbox_0", "bbox_cmds_read",
	    "inc_sel=0xd,fvc=0x2800,wrap_mode=1\n"),
	EVT(FM_NHMEX, "uncore_mbox_0", "bbox_cmds_write",
	    "inc_sel=0xd,fvc=0x2820,wrap_mode=1\n"),
	EVT(FM_WSMEX, "uncore_mbox_0", "bbox_cmds_read",
	    "inc_sel=0xd,fvc=0x5000,wrap_mode=1\n"),
	EVT(FM_WSMEX, "uncore_mbox_0", "bbox_cmds_write",
	    "inc_sel=0xd,fvc=0x5040,wrap_mode=1\n"),
	/* The same for the second M-Box */
	FMT(FM_NX, "uncore_mbox_1", "count_mode",		"config:2-3\n"),
	FMT(FM_NX, "uncore_mbox_1", "storage_mode",		"config:4-5\n"),
	FMT(FM_NX, "uncore_mbox_1", "wrap_mode",		"config:6\n"),
	FMT(FM_NX, "uncore_mbox_1", "flag_mode",		"config:7\n"),
	FMT(FM_NX, "uncore_mbox_1", "inc_sel",			"config:9-13\n"),
	FMT(FM_NX, "uncore_mbox_1", "set_flag_sel",		"config:19-21\n"),
	FMT(FM_NX, "uncore_mbox_1", "dsp",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_1", "iss",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_1", "map",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_1", "thr",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_1", "pgt",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_1", "fvc",			"config1:0-31\n"),
	FMT(FM_NX, "uncore_mbox_1", "sub2",			"config1:32-63\n"),
	FMT(FM_NX, "uncore_mbox_1", "pld",			"config1:32-63\n"),
	FMT(FM_NHMEX, "uncore_mbox_1", "fvc_ev0",		"config1:11-13\n"),
	FMT(FM_NHMEX, "uncore_mbox_1", "fvc_ev1",		"config1:14-16\n"),
	FMT(FM_NHMEX, "uncore_mbox_1", "fvc_ev2",		"config1:17-19\n"),
	FMT(FM_NHMEX, "uncore_mbox_1", "fvc_ev3",		"config1:20-22\n"),
	FMT(FM_WSMEX, "uncore_mbox_1", "fvc_ev0",		"config1:12-14\n"),
	FMT(FM_WSMEX, "uncore_mbox_1", "fvc_ev1",		"config1:15-17\n"),
	FMT(FM_WSMEX, "uncore_mbox_1", "fvc_ev2",		"config1:18-20\n"),
	FMT(FM_WSMEX, "uncore_mbox_1", "fvc_ev3",		"config1:21-23\n"),
	FMT(FM_NX, "uncore_mbox_1", "addr_match",		"config2:0-33\n"),
	FMT(FM_NX, "uncore_mbox_1", "addr_mask",		"config2:34-60\n"),
	FMT(FM_NX, "uncore_mbox_1", "addr_en",			"config2:63\n"),
	EVT(FM_NX, "uncore_mbox_1", "cycles_mfull",		"inc_sel=0x01,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_1", "ma_par_err",		"inc_sel=0x0c,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_1", "page_hit",			"inc_sel=0x14,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_1", "page_empty",		"inc_sel=0x15,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_1", "multicas",			"inc_sel=0x17,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_1", "fvid_race",		"inc_sel=0x18,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_1", "bbox_cmds_all",		"inc_sel=0x1a,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_1", "cycles",			"inc_sel=0x1b,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_1", "inflight_cmds",		"inc_sel=0x1d,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_1", "cycles_retryq_mfull",
	    "inc_sel=0x1b,set_flag_sel=0x3,flag_mode=1,storage_mode=1,wrap_mode=1\n"),
	EVT(FM_NX, "uncore_mbox_1", "cycles_retryq_starved",
	    "inc_sel=0x1b,set_flag_sel=0x4,flag_mode=1,storage_mode=1,wrap_mode=1\n"),
	EVT(FM_NHMEX, "uncore_mbox_1", "bbox_cmds_read",
	    "inc_sel=0xd,fvc=0x2800,wrap_mode=1\n"),
	EVT(FM_NHMEX, "uncore_mbox_1", "bbox_cmds_write",
	    "inc_sel=0xd,fvc=0x2820,wrap_mode=1\n"),
	EVT(FM_WSMEX, "uncore_mbox_1", "bbox_cmds_read",
	    "inc_sel=0xd,fvc=0x5000,wrap_mode=1\n"),
	EVT(FM_WSMEX, "uncore_mbox_1", "bbox_cmds_write",
	    "inc_sel=0xd,fvc=0x5040,wrap_mode=1\n"),
};

/* The rows of each Xeon 7500 / E7 platform */
static unsigned int format_str_models(const void *row)
{
	return ((const struct format_str_row *)row)->models;
}

static void format_str_desc(const void *row, char *desc)
{
	const struct format_str_row *r = row;

	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s/%s/%s", r->pmu, r->dir, r->name);
}

XU_TEST_ROW_PARAMS(format_str, XU_TEST_NX, format_str_rows, format_str_models, format_str_desc);

static struct attribute **format_dir(struct xu_pmu *xp, const char *dir)
{
	return strcmp(dir, "events") ? xp->type->formats : xp->type->events;
}

/* The file is there and its show method gives the row's text, exactly */
static void format_sysfs_string(struct kunit *test)
{
	const struct format_str_row *r = xu_test_row(test);
	struct xu_pmu *xp = xu_test_pmu(test, r->pmu);
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct device_attribute *da = NULL;
	struct attribute **a;
	ssize_t len;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	a = format_dir(xp, r->dir);
	KUNIT_ASSERT_NOT_NULL_MSG(test, a, "%s has no %s/", r->pmu, r->dir);
	for (; *a; a++)
		if (!strcmp((*a)->name, r->name))
			da = container_of(*a, struct device_attribute, attr);
	KUNIT_ASSERT_NOT_NULL_MSG(test, da, "%s has no %s/%s", r->pmu,
				  r->dir, r->name);
	len = da->show(NULL, da, buf);
	KUNIT_EXPECT_EQ(test, len, (ssize_t)strlen(r->str));
	KUNIT_EXPECT_STREQ(test, buf, r->str);
}

/* The directories the rows describe, and how many files each has */
struct format_dir_row {
	unsigned int models;
	const char *pmu;
	const char *dir;
	unsigned int n;
};

static const struct format_dir_row format_dir_rows[] = {
	{ FM_NX, "uncore_ubox", "format", 2 },
	{ FM_NX, "uncore_ubox", "events", 4 },
	{ FM_NX, "uncore_mbox_0", "format", 21 },
	{ FM_NX, "uncore_mbox_0", "events", 13 },
	{ FM_NX, "uncore_mbox_1", "format", 21 },
	{ FM_NX, "uncore_mbox_1", "events", 13 },
};

static unsigned int format_dir_models(const void *row)
{
	return ((const struct format_dir_row *)row)->models;
}

static void format_dir_desc(const void *row, char *desc)
{
	const struct format_dir_row *r = row;

	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s/%s/", r->pmu, r->dir);
}

XU_TEST_ROW_PARAMS(format_dir, XU_TEST_NX, format_dir_rows, format_dir_models, format_dir_desc);

/*
 * The directory holds exactly the row's number of files, each of them a
 * row of format_str_rows: no file the tables do not describe
 */
static void format_dir_has_only_its_rows(struct kunit *test)
{
	const struct format_dir_row *d = xu_test_row(test);
	struct xu_pmu *xp = xu_test_pmu(test, d->pmu);
	unsigned int model = xu_test_model(test), i, n = 0;
	struct attribute **a = format_dir(xp, d->dir);

	KUNIT_ASSERT_NOT_NULL_MSG(test, a, "%s has no %s/", d->pmu, d->dir);
	for (; *a; a++, n++) {
		bool found = false;

		for (i = 0; i < ARRAY_SIZE(format_str_rows); i++) {
			const struct format_str_row *r = &format_str_rows[i];

			found |= (r->models & model) && !strcmp(r->pmu, d->pmu) &&
				 !strcmp(r->dir, d->dir) &&
				 !strcmp(r->name, (*a)->name);
		}
		KUNIT_EXPECT_TRUE_MSG(test, found, "%s/%s/%s has no row", d->pmu,
				      d->dir, (*a)->name);
	}
	KUNIT_EXPECT_EQ(test, n, d->n);
}

struct format_ctl_case {
	const char *desc;
	const char *pmu;
	const char *terms;
	u64 ctl;	/* the control register, enable bit included */
};

/*
 * Control images from Tables 2-67 and 2-6, written out bit by bit: en
 * (M-Box bit 0, U-Box bit 22) and pmi_en (M-Box bit 1, U-Box bit 20)
 * included, as the module writes them with pmi=1
 */
static const struct format_ctl_case format_ctl_cases[] = {
	{ "mbox count_mode=0", "uncore_mbox_0", "inc_sel=0x1b,count_mode=0", 0x003603 },
	/* counting around zero: polled, no pmi_en (nhmex.rst) */
	{ "mbox count_mode=1", "uncore_mbox_0",
	  "inc_sel=0x1b,count_mode=1,wrap_mode=1", 0x003645 },
	{ "mbox count_mode=2", "uncore_mbox_1",
	  "inc_sel=0x1b,count_mode=2,wrap_mode=1", 0x003649 },
	{ "mbox storage_mode=1", "uncore_mbox_0",
	  "inc_sel=0x1b,storage_mode=1,flag_mode=1,set_flag_sel=3", 0x183693 },
	{ "mbox wrap_mode=1", "uncore_mbox_1", "inc_sel=0x1b,wrap_mode=1", 0x003643 },
	{ "mbox flag_mode=1", "uncore_mbox_0",
	  "inc_sel=0x1b,flag_mode=1,set_flag_sel=2", 0x103683 },
	{ "mbox inc_sel=0x01", "uncore_mbox_0", "inc_sel=0x01", 0x000203 },
	{ "mbox inc_sel=0x1b", "uncore_mbox_1", "inc_sel=0x1b", 0x003603 },
	{ "mbox inc_sel=0x1f", "uncore_mbox_0", "inc_sel=0x1f", 0x003e03 },
	{ "mbox set_flag_sel=4", "uncore_mbox_0",
	  "inc_sel=0x1b,set_flag_sel=4,flag_mode=1", 0x203683 },
	{ "mbox set_flag_sel=7", "uncore_mbox_1",
	  "inc_sel=0x1b,set_flag_sel=7,flag_mode=1", 0x383683 },
	{ "mbox every field at its maximum", "uncore_mbox_0",
	  "count_mode=2,storage_mode=1,wrap_mode=1,flag_mode=1,inc_sel=0x1f,set_flag_sel=7",
	  0x383ed9 },
	{ "ubox event=0x00", "uncore_ubox", "event=0x00", 0x500000 },
	{ "ubox event=0x03", "uncore_ubox", "event=0x03", 0x500003 },
	{ "ubox event=0xff", "uncore_ubox", "event=0xff", 0x5000ff },
	{ "ubox edge=1", "uncore_ubox", "edge=1", 0x540000 },
	{ "ubox event=0x02,edge=1", "uncore_ubox", "event=0x02,edge", 0x540002 },
};

XU_TEST_ROW_PARAMS_DESC(format_ctl, XU_TEST_NX, format_ctl_cases,
			struct format_ctl_case);

static void format_field_sets_exact_control_bits(struct kunit *test)
{
	const struct format_ctl_case *c = xu_test_row(test);
	struct xu_pmu *xp = xu_test_pmu(test, c->pmu);
	struct perf_event_attr attr;
	unsigned int pkg;
	u64 config;

	KUNIT_ASSERT_EQ(test, 0, xu_test_parse(test, xp->type, c->terms, &config));
	for (pkg = 0; pkg < xu_uncore_instance()->num_pkgs; pkg++) {
		struct perf_event *event;
		struct xu_box *box;
		u32 reg;

		xu_test_attr(&attr, xp, config);
		event = xu_test_open(test, xp, pkg, &attr);
		KUNIT_EXPECT_EQ_MSG(test, xu_test_ctl(test, event),
				    xu_test_pmi_off(xp, c->ctl),
				    "%s on package %u", c->terms, pkg);

		/* a released event leaves its counter disabled */
		box = xu_event_box(event);
		if (strcmp(c->pmu, "uncore_ubox"))
			reg = NHMEX_M_CNT_CTL(xp->idx, event->hw.idx);
		else
			reg = NHMEX_U_EVT_SEL;
		xu_test_close(test, event);
		KUNIT_EXPECT_EQ(test, 0ULL,
				xu_test_sim_rd(test, box->io_priv, box->pkg, reg));
	}
}

static void format_rejects_unknown_and_oversized_terms(struct kunit *test)
{
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	u64 config;

	/* the test's parser, which the other cases rely on */
	KUNIT_EXPECT_EQ(test, -ENOENT, xu_test_parse(test, xp->type, "umask=1", &config));
	KUNIT_EXPECT_EQ(test, -ERANGE, xu_test_parse(test, xp->type, "inc_sel=0x20", &config));
	KUNIT_EXPECT_EQ(test, -ERANGE, xu_test_parse(test, xp->type, "set_flag_sel=8", &config));
	KUNIT_EXPECT_EQ(test, 0, xu_test_parse(test, xp->type, "wrap_mode", &config));
	KUNIT_EXPECT_EQ(test, 0x40ULL, config);
}

static void format_named_events_parse_to_valid_configs(struct kunit *test)
{
	struct xu_uncore *uc = xu_uncore_instance();
	unsigned int i, pkg, n = 0;

	xu_test_sim(test);
	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_pmu *xp = &uc->pmus[i];
		bool um = !strcmp(xp->type->name, "ubox") ||
			  !strcmp(xp->type->name, "mbox");
		struct attribute **a;

		if (!xp->type->events)
			continue;
		for (a = xp->type->events; *a; a++, n++) {
			struct perf_pmu_events_attr *ea;
			struct perf_event_attr attr;
			struct perf_event *event;
			u64 cfg[3], en;

			ea = container_of(*a, struct perf_pmu_events_attr, attr.attr);
			KUNIT_ASSERT_EQ_MSG(test, 0,
					    xu_test_parse3(test, xp->type, ea->event_str, cfg),
					    "%s/events/%s = \"%s\"", xp->name,
					    (*a)->name, ea->event_str);
			xu_test_attr(&attr, xp, cfg[0]);
			attr.config1 = cfg[1];
			attr.config2 = cfg[2];
			KUNIT_EXPECT_EQ_MSG(test, 0, xu_validate_config(xp->type, &attr),
					    "%s/events/%s", xp->name, (*a)->name);
			/* en and pmi_en (Tables 2-6 and 2-67) are the driver's */
			en = strcmp(xp->type->name, "ubox") ?
			     XU_TEST_M_EN | XU_TEST_M_PMI :
			     XU_TEST_U_EN | XU_TEST_U_PMI;
			for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
				event = xu_test_open(test, xp, pkg, &attr);
				if (um)
					KUNIT_EXPECT_EQ_MSG(test, xu_test_ctl(test, event),
							    xu_test_pmi_off(xp, cfg[0] | en),
							    "%s/events/%s", xp->name,
							    (*a)->name);
				xu_test_close(test, event);
			}
		}
	}
	/*
	 * Nehalem-EX: Table 2-8 has 4 U-Box events; 13 per M-Box, 1 per
	 * S-Box, 6 per R-Box half, 8 on the W-Box (Table 2-102 and the
	 * fixed counter)
	 */
	if (!strcmp(uc->plat->name, "nhmex"))
		KUNIT_EXPECT_EQ(test, n, 4U + 2 * 13U + 2 * 1U + 2 * 6U + 8U);
}

static u64 format_event_config(struct kunit *test, const char *pmu,
			       const char *name)
{
	struct xu_pmu *xp = xu_test_pmu(test, pmu);
	struct attribute **a;
	u64 config;

	for (a = xp->type->events; *a; a++) {
		struct perf_pmu_events_attr *ea;

		if (strcmp((*a)->name, name))
			continue;
		ea = container_of(*a, struct perf_pmu_events_attr, attr.attr);
		KUNIT_ASSERT_EQ(test, 0, xu_test_parse(test, xp->type,
						       ea->event_str, &config));
		return config;
	}
	KUNIT_FAIL_AND_ABORT(test, "%s has no event %s", pmu, name);
	return 0;
}

static void format_named_events_encode_table_2_84(struct kunit *test)
{
	/* inc_sel 0x1b in bits 9-13 (0x3600) and wrap_mode (0x40) */
	KUNIT_EXPECT_EQ(test, format_event_config(test, "uncore_mbox_0", "cycles"),
			0x3640ULL);
	KUNIT_EXPECT_EQ(test, format_event_config(test, "uncore_mbox_1", "page_hit"),
			0x2840ULL);
	/* + set_flag_sel 3 (0x180000), flag_mode (0x80), storage_mode 1 (0x10) */
	KUNIT_EXPECT_EQ(test, format_event_config(test, "uncore_mbox_0",
						  "cycles_retryq_mfull"),
			0x1836d0ULL);
	KUNIT_EXPECT_EQ(test, format_event_config(test, "uncore_mbox_1",
						  "cycles_retryq_starved"),
			0x2036d0ULL);
	KUNIT_EXPECT_EQ(test, format_event_config(test, "uncore_ubox",
						  "buf_valid_stst"),
			0x3ULL);
}

/*
 * Every combination of valid M-Box field values (count_mode 0-2 with the
 * wrap modes they allow, the legal storage/flag settings, set_flag_sel
 * where it is allowed, a spread of inc_sel; none that needs an M-Box
 * sub-register, which the driver refuses) and of U-Box fields goes to the
 * register as the user wrote it, and none writes a must-be-zero bit.
 */
static void format_valid_combinations_write_no_reserved_bit(struct kunit *test)
{
	/* count_mode 1 and 2 need wrap_mode=1 */
	static const char * const modes[] = {
		"count_mode=0,wrap_mode=0", "count_mode=0,wrap_mode=1",
		"count_mode=1,wrap_mode=1", "count_mode=2,wrap_mode=1",
	};
	static const char * const flags[] = {
		"storage_mode=0,flag_mode=0,set_flag_sel=0",
		"storage_mode=0,flag_mode=1,set_flag_sel=4",
		"storage_mode=1,flag_mode=1,set_flag_sel=3",
		"storage_mode=1,flag_mode=1,set_flag_sel=7",
	};
	static const char * const incs[] = {
		"inc_sel=0x01", "inc_sel=0x15", "inc_sel=0x1f",
	};
	static const char * const ubox[] = {
		"event=0x00", "event=0x01", "event=0x80,edge=0", "event=0xff,edge=1",
	};
	static const char * const mboxes[] = { "uncore_mbox_0", "uncore_mbox_1" };
	struct xu_sim *sim = xu_test_sim(test);
	u64 before = xu_sim_violations(sim);
	struct perf_event_attr attr;
	struct perf_event *event;
	const unsigned int total = ARRAY_SIZE(mboxes) * ARRAY_SIZE(modes) *
		ARRAY_SIZE(flags) * ARRAY_SIZE(incs);
	unsigned int b, m, f, i, n;
	char terms[128];
	u64 config;

	for (n = 0; n < total; n++) {
		unsigned int k = n;
		struct xu_pmu *xp;

		i = k % ARRAY_SIZE(incs);
		k /= ARRAY_SIZE(incs);
		f = k % ARRAY_SIZE(flags);
		k /= ARRAY_SIZE(flags);
		m = k % ARRAY_SIZE(modes);
		b = k / ARRAY_SIZE(modes);
		xp = xu_test_pmu(test, mboxes[b]);

		snprintf(terms, sizeof(terms), "%s,%s,%s", modes[m], flags[f],
			 incs[i]);
		KUNIT_ASSERT_EQ(test, 0, xu_test_parse(test, xp->type, terms,
						       &config));
		xu_test_attr(&attr, xp, config);
		event = xu_test_open(test, xp, n % 2, &attr);
		KUNIT_EXPECT_EQ_MSG(test, xu_test_ctl(test, event),
				    xu_test_pmi_off(xp, config | XU_TEST_M_EN |
						    (m < 2 ? XU_TEST_M_PMI : 0)),
				    "%s: %s", mboxes[b], terms);
		xu_test_close(test, event);
	}
	for (i = 0; i < ARRAY_SIZE(ubox); i++) {
		struct xu_pmu *xp = xu_test_pmu(test, "uncore_ubox");

		KUNIT_ASSERT_EQ(test, 0, xu_test_parse(test, xp->type, ubox[i],
						       &config));
		xu_test_attr(&attr, xp, config);
		event = xu_test_open(test, xp, i % 2, &attr);
		KUNIT_EXPECT_EQ_MSG(test, xu_test_ctl(test, event),
				    xu_test_pmi_off(xp, config | XU_TEST_U_EN |
						    XU_TEST_U_PMI),
				    "ubox: %s", ubox[i]);
		xu_test_close(test, event);
	}
	KUNIT_EXPECT_EQ(test, total, 2U * 4 * 4 * 3);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), before);
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

static struct kunit_case xeon_uncore_format_cases[] = {
	KUNIT_CASE_PARAM(format_sysfs_string, format_str_gen_params),
	KUNIT_CASE_PARAM(format_dir_has_only_its_rows, format_dir_gen_params),
	KUNIT_CASE_PARAM(format_field_sets_exact_control_bits, format_ctl_gen_params),
	KUNIT_CASE_PARAM(format_rejects_unknown_and_oversized_terms, nx_gen_params),
	KUNIT_CASE_PARAM(format_named_events_parse_to_valid_configs, nx_gen_params),
	KUNIT_CASE_PARAM(format_named_events_encode_table_2_84, nx_gen_params),
	KUNIT_CASE_PARAM(format_valid_combinations_write_no_reserved_bit, nx_gen_params),
	{}
};

static struct kunit_suite xeon_uncore_format_suite = {
	.name = "xeon_uncore_format",
	.suite_exit = xu_test_suite_exit,
	.test_cases = xeon_uncore_format_cases,
};

kunit_test_suite(xeon_uncore_format_suite);
