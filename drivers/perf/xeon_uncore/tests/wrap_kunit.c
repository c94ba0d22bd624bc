// SPDX-License-Identifier: GPL-2.0-only
/*
 * Exact counts across counter wraps and the W-Box erratum, one KUnit case
 * per row, through the real perf path (perf core, the driver's callbacks,
 * the case's simulator, xu_test_sim(), with its generator off).
 *
 * xeon_uncore_wrap: the Xeon 7500 (model=nhmex) and Xeon E7 (wsmex) rows
 * tools/testing/e2e/nhmex/30-wrap.sh held (M-Box and U-Box 48-bit wraps,
 * count_mode down and both, wrap_mode=0 stopping at the limit, another
 * inc_sel counting nothing), the wrap cases count_kunit.c held, and the
 * preload x count table of the former e2e/94-nhmex-erratum.sh;
 * xeon_e5_wrap: the Xeon E5 (snbep) and E5 v2 (ivbep) rows of
 * e2e/e5/82-wrap.sh, 44-bit and 48-bit counters of MSR and PCI boxes,
 * general-purpose and fixed, on the first and the last package.
 *
 * A row preloads every counter of its box on its package, opens its event
 * on every package (perf stat -a), injects events in phases and expects
 * the count and the raw register value written down in the row: what the
 * guides say a counter of that width holds after those events (323535
 * Tables 2-7, 2-67, 2-98 and 2-101 with the W-Box erratum note under it;
 * 329468 and the E5 datasheet's PmonCntr: 48 bits, 44 for the U-Box,
 * C-Box, R2PCIe and R3QPI general-purpose counters), never computed from
 * the driver's widths.  Every other package counts 0.  Where the row says
 * so, the wraps were folded by PMIs, none by the watchdog, or no PMI was
 * raised.  The e2e scripts keep what needs perf itself: a named event,
 * perf stat's reading across a wrap, the log line of wrap_mode=0, the
 * poll timer across CPU hotplug.
 *
 * Each row runs twice: as above, and on counters whose reads return bits
 * set above their width (the simulator's wide bits), where the count and
 * the register's bits below the width must come out the same.
 */
#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/pci.h>

#include <xeon_uncore/nhmex.h>
#include <xeon_uncore/snbep.h>

#include "xu_test.h"

#define WM_NX		XU_TEST_NX
#define WM_E5		XU_TEST_E5
#define WM_SNBEP	XU_TEST_SNBEP
#define WM_IVBEP	XU_TEST_IVBEP

/* Row flags */
#define WF_POLLED	BIT(0)	/* folded by the poll timer: no PMI to wait for
				 * (M-Box count_mode 1 or 2: the status stays)
				 */
#define WF_NO_PMI	BIT(1)	/* no PMI is raised */
#define WF_PMI		BIT(2)	/* PMIs fold the wraps, the watchdog none
				 * (no PMI at all where the platform has none)
				 */
#define WF_LAST		BIT(3)	/* on the last package, not on @socket */

/* @times injections of @n events each, the count read after each if @read */
struct wrap_phase {
	u64 n;
	unsigned int times;
	bool read;
};

struct wrap_row {
	const char *desc;
	unsigned int models;
	const char *pmu;
	const char *terms;	/* as perf stat -e PMU/TERMS/ */
	unsigned int socket;
	u64 preload;		/* every counter of the box */
	const char *box;	/* for xu_sim_inject() */
	unsigned int idx;
	unsigned int event;
	struct wrap_phase ph[3];
	u64 want;		/* the count */
	u64 raw;		/* the counter register as a read returns it */
	unsigned int flags;
};

#define PH(_n, _times)		{ .n = _n, .times = _times, .read = true }
#define PH_NOREAD(_n, _times)	{ .n = _n, .times = _times }

#define ROW(_m, _pmu, _desc, _terms, _sock, _pre, _box, _idx, _ev, _n, _want, \
	    _raw, _flags) \
	{ .desc = _desc, .models = _m, .pmu = _pmu, .terms = _terms, \
	  .socket = _sock, .preload = _pre, .box = _box, .idx = _idx, \
	  .event = _ev, .ph = { PH(_n, 1) }, .want = _want, .raw = _raw, \
	  .flags = _flags }

/* ---- Xeon 7500 / E7 ---- */

/*
 * M_MSR_PMU_CNT_CTL (Table 2-67): count_mode 3:2, wrap_mode 6, flag_mode
 * 7, inc_sel 13:9, set_flag_sel 21:19.  bbox_cmds_all is inc_sel 0x1a
 * with wrap_mode=1 (the module's named events set it); cycles 0x1b.
 */
#define M_ALL		"inc_sel=0x1a,wrap_mode=1"
#define M_CYC		"inc_sel=0x1b,wrap_mode=1"

/* 2^48 - 0x400: 0x400 events below the wrap */
#define PRE_400		0xfffffffffc00ULL

/* W-Box event 0x3 on counters 0-3 (Table 2-98), the fixed counter 0xff */
#define W_EV		"event=0x3"
#define W_FIXED		"event=0xff"

/* @n events from @pre count @want; the register then reads @raw */
#define WERR(_pre, _n, _want, _raw) \
	ROW(WM_NX, "uncore_wbox", "94: event=0x3 from " #_pre ", " #_n " events", \
	    W_EV, 0, _pre, "wbox", 0, 0x3, _n, _want, _raw, WF_NO_PMI)
#define WERR_FIXED(_pre, _n, _want, _raw) \
	ROW(WM_NX, "uncore_wbox", "94: clockticks from " #_pre ", " #_n " events", \
	    W_FIXED, 0, _pre, "wbox", 0, 0xff, _n, _want, _raw, WF_NO_PMI)

static const struct wrap_row nx_rows[] = {
	/* 30-wrap.sh: 5000 events from 2^48 - 0x400 leave 5000 - 0x400 */
	ROW(WM_NX, "uncore_mbox_0", "30: bbox_cmds_all across the wrap", M_ALL, 0,
	    PRE_400, "mbox", 0, 0x1a, 5000, 5000, 0xf88, WF_PMI),
	/* 1000 from 2^48 - 0x100 on package 1: 1000 - 0x100 */
	ROW(WM_NX, "uncore_mbox_1", "30: inc_sel=3 on package 1 across the wrap",
	    "inc_sel=3,wrap_mode=1", 1, 0xffffffffff00ULL, "mbox", 1, 0x3, 1000,
	    1000, 0x2e8, WF_PMI),
	/* count_mode=1 counts down: 5000 below 0x400 is 2^48 - 0xf88 */
	ROW(WM_NX, "uncore_mbox_0", "30: count_mode=1 across 0 reports +5000",
	    "inc_sel=0x1a,count_mode=1,wrap_mode=1", 0, 0x400, "mbox", 0, 0x1a,
	    5000, 5000, 0xfffffffff078ULL, WF_POLLED | WF_NO_PMI),
	/*
	 * count_mode=2, flag_mode, set_flag_sel=3: up on every event, down
	 * on the 4 of 8 flag states (Table 2-67): +5000 - 2500 from 2^48 -
	 * 0x400 is 2500 - 0x400 = 0x5c4
	 */
	ROW(WM_NX, "uncore_mbox_0", "30: count_mode=2,set_flag_sel=3 nets +2500",
	    "inc_sel=0x1a,count_mode=2,flag_mode=1,set_flag_sel=3,wrap_mode=1", 0,
	    PRE_400, "mbox", 0, 0x1a, 5000, 2500, 0x5c4, WF_POLLED | WF_NO_PMI),
	/* wrap_mode=0 stops the counter at 2^48 - 1: 0x3ff of 5000 count */
	ROW(WM_NX, "uncore_mbox_0", "30: wrap_mode=0 stops at 2^48 - 1",
	    "inc_sel=0x1a", 0, PRE_400, "mbox", 0, 0x1a, 5000, 1023,
	    0xffffffffffffULL, 0),
	/* the U-Box counter always wraps (Table 2-7) */
	ROW(WM_NX, "uncore_ubox", "30: event=5 across the wrap", "event=5", 0,
	    PRE_400, "ubox", 0, 0x5, 5000, 5000, 0xf88, WF_PMI),
	/* only the selected inc_sel counts */
	ROW(WM_NX, "uncore_mbox_0", "30: another inc_sel counts nothing", M_ALL, 0,
	    PRE_400, "mbox", 0, 0x1b, 5000, 0, PRE_400, WF_NO_PMI),

	/* count_kunit.c: 100 cycles from 2^48 - 16 leave 100 - 16 */
	ROW(WM_NX, "uncore_mbox_0", "count: 100 cycles from 2^48 - 16", M_CYC, 0,
	    0xfffffffffff0ULL, "mbox", 0, 0x1b, 100, 100, 0x54, WF_PMI),
	/* five steps of 5/8 of 2^48 from 2^48 - 2^16: three wraps */
	{ .desc = "count: five steps of 5/8 of 2^48 from 2^48 - 2^16",
	  .models = WM_NX, .pmu = "uncore_mbox_0", .terms = M_CYC,
	  .preload = 0xffffffff0000ULL, .box = "mbox", .event = 0x1b,
	  .ph = { PH(0xa00000000000ULL, 5) }, .want = 0x3200000000000ULL,
	  .raw = 0x1fffffff0000ULL, .flags = WF_PMI },
	/* count_mode=1 from 0: 500 and 250 below it, 2^48 - 750 */
	{ .desc = "count: count_mode=1 from 0, 500 then 250",
	  .models = WM_NX, .pmu = "uncore_mbox_1", .terms = "inc_sel=0x1b,count_mode=1,wrap_mode=1",
	  .preload = 0, .box = "mbox", .idx = 1, .event = 0x1b,
	  .ph = { PH(500, 1), PH(250, 1) }, .want = 750,
	  .raw = 0xfffffffffd12ULL, .flags = WF_POLLED | WF_NO_PMI },

	/*
	 * 94-nhmex-erratum.sh: a W-Box counter whose value ends in 0x000000
	 * or 0x000001 reads 0x1000000 too large (the note under Table
	 * 2-101); the raw value shows it, the count does not.  Preloads that
	 * put the start, the end or both on those values.
	 */
	WERR(0xfffff0, 16, 16, 0x2000000),		/* ends at 0x1000000 */
	WERR(0xfffff0, 17, 17, 0x2000001),		/* ends at 0x1000001 */
	WERR(0xfffff0, 18, 18, 0x1000002),
	WERR(0xfffff0, 1000, 1000, 0x10003d8),
	WERR(0xffffff, 16, 16, 0x100000f),		/* passes 0x1000000 */
	WERR(0xffffff, 17, 17, 0x1000010),
	WERR(0xffffff, 18, 18, 0x1000011),
	WERR(0xffffff, 1000, 1000, 0x10003e7),
	WERR(0x1000000, 16, 16, 0x1000010),		/* starts on it */
	WERR(0x1000000, 17, 17, 0x1000011),
	WERR(0x1000000, 18, 18, 0x1000012),
	WERR(0x1000000, 1000, 1000, 0x10003e8),
	WERR(0x1000001, 16, 16, 0x1000011),
	WERR(0x1000001, 17, 17, 0x1000012),
	WERR(0x1000001, 18, 18, 0x1000013),
	WERR(0x1000001, 1000, 1000, 0x10003e9),
	WERR(0x7ffffff, 16, 16, 0x800000f),
	WERR(0x7ffffff, 17, 17, 0x8000010),
	WERR(0x7ffffff, 18, 18, 0x8000011),
	WERR(0x7ffffff, 1000, 1000, 0x80003e7),
	WERR(0x12345fffff0, 16, 16, 0x12347000000),	/* ends at 0x12346000000 */
	WERR(0x12345fffff0, 17, 17, 0x12347000001),
	WERR(0x12345fffff0, 18, 18, 0x12346000002),
	WERR(0x12345fffff0, 1000, 1000, 0x123460003d8),
	/* the fixed counter (0x394) has it too */
	WERR_FIXED(0xfffff0, 17, 17, 0x2000001),
	WERR_FIXED(0xffffff, 17, 17, 0x1000010),
	WERR_FIXED(0x1000000, 17, 17, 0x1000011),
};

/* ---- Xeon E5 / E5 v2 ---- */

/*
 * 82-e5-wrap.sh's events: 44-bit MSR (U-Box, C-Box), 48-bit MSR (PCU),
 * 48-bit fixed (UCLK, DCLK), 48-bit PCI (iMC, HA, QPI with its ev_sel
 * extension bit 21), 44-bit PCI (R2PCIe, R3QPI).  Counters preloaded
 * 0x100 below their wrap.
 */
#define PRE44		0xfffffffff00ULL
#define PRE48		0xffffffffff00ULL
#define Q44		0x40000000000ULL	/* 2^42, a quarter of 2^44 */
#define Q48		0x400000000000ULL	/* 2^46 */
#define M44		0xfffffffffffULL	/* 2^44 - 1 */
#define M48		0xffffffffffffULL

/*
 * 1000 events, four quarter-wraps (read after each, as a poll would), 1000
 * more: 2000 + 2^w in all, the register back at 2000 - 0x100 = 0x6d0
 */
#define E5Q(_m, _pmu, _terms, _flags, _box, _idx, _ev, _pre, _q, _want) \
	{ .desc = "82: 1000, 4 quarter-wraps, 1000", .models = _m, \
	  .pmu = _pmu, .terms = _terms, .preload = _pre, .box = _box, \
	  .idx = _idx, .event = _ev, \
	  .ph = { PH(1000, 1), PH(_q, 4), PH(1000, 1) }, .want = _want, \
	  .raw = 0x6d0, .flags = _flags }
/*
 * IVB-EP: 1000, three wraps of 2^w - 1 with no read between (only a PMI
 * can fold them: a poll would see the counter one event behind), 1000:
 * 2000 + 3 * (2^w - 1), the register at 0x6d0 - 3
 */
#define E5W(_m, _pmu, _terms, _flags, _box, _idx, _ev, _pre, _max, _want) \
	{ .desc = "82: 1000, 3 whole wraps by PMI, 1000", .models = _m, \
	  .pmu = _pmu, .terms = _terms, .preload = _pre, .box = _box, \
	  .idx = _idx, .event = _ev, \
	  .ph = { PH(1000, 1), PH_NOREAD(_max, 3), PH(1000, 1) }, \
	  .want = _want, .raw = 0x6cd, .flags = _flags }

/*
 * The same for a counter the poll timer folds (a C-Box's counting events
 * run without ov_en, Documentation/pmu/ivbep.rst): read after each wrap,
 * as a poll would, which sees it as 2^w - 1 events, not one behind
 */
#define E5WP(_m, _pmu, _terms, _flags, _box, _idx, _ev, _pre, _max, _want) \
	{ .desc = "82: 1000, 3 whole wraps by poll, 1000", .models = _m, \
	  .pmu = _pmu, .terms = _terms, .preload = _pre, .box = _box, \
	  .idx = _idx, .event = _ev, \
	  .ph = { PH(1000, 1), PH(_max, 3), PH(1000, 1) }, \
	  .want = _want, .raw = 0x6cd, .flags = _flags }

#define W44Q		0x1000000007d0ULL	/* 2000 + 2^44 */
#define W48Q		0x10000000007d0ULL	/* 2000 + 2^48 */
#define W44W		0x3000000007cdULL	/* 2000 + 3 * (2^44 - 1) */
#define W48W		0x30000000007cdULL	/* 2000 + 3 * (2^48 - 1) */

/* A C-Box's counting events: polled, no PMI (no ov_en) */
#define WF_CBOX		(WF_LAST | WF_POLLED | WF_NO_PMI)

static const struct wrap_row e5_rows[] = {
	E5Q(WM_E5, "uncore_ubox", "event=0x42", WF_PMI,
	    "ubox", 0, 0x42, PRE44, Q44, W44Q),
	E5W(WM_IVBEP, "uncore_ubox", "event=0x42", WF_PMI,
	    "ubox", 0, 0x42, PRE44, M44, W44W),
	E5Q(WM_E5, "uncore_cbox_0", "event=0x11", WF_CBOX,
	    "cbox", 0, 0x11, PRE44, Q44, W44Q),
	E5WP(WM_IVBEP, "uncore_cbox_0", "event=0x11", WF_CBOX,
	     "cbox", 0, 0x11, PRE44, M44, W44W),
	E5Q(WM_E5, "uncore_pcu", "event=0x4", WF_LAST | WF_PMI,
	    "pcu", 0, 0x4, PRE48, Q48, W48Q),
	E5W(WM_IVBEP, "uncore_pcu", "event=0x4", WF_LAST | WF_PMI,
	    "pcu", 0, 0x4, PRE48, M48, W48W),
	E5Q(WM_E5, "uncore_ubox", "event=0xff", WF_PMI,
	    "ubox", 0, 0xff, PRE48, Q48, W48Q),
	E5W(WM_IVBEP, "uncore_ubox", "event=0xff", WF_PMI,
	    "ubox", 0, 0xff, PRE48, M48, W48W),
	E5Q(WM_E5, "uncore_imc_0", "event=0x4,umask=0x3", WF_LAST | WF_PMI,
	    "imc", 0, 0x4, PRE48, Q48, W48Q),
	E5W(WM_IVBEP, "uncore_imc_0", "event=0x4,umask=0x3", WF_LAST | WF_PMI,
	    "imc", 0, 0x4, PRE48, M48, W48W),
	E5Q(WM_E5, "uncore_imc_1", "event=0xff", WF_PMI,
	    "imc", 1, 0xff, PRE48, Q48, W48Q),
	E5W(WM_IVBEP, "uncore_imc_1", "event=0xff", WF_PMI,
	    "imc", 1, 0xff, PRE48, M48, W48W),
	E5Q(WM_SNBEP, "uncore_ha", "event=0x1,umask=0x3", WF_PMI,
	    "ha", 0, 0x1, PRE48, Q48, W48Q),
	E5Q(WM_IVBEP, "uncore_ha_1", "event=0x1,umask=0x3", WF_PMI,
	    "ha", 1, 0x1, PRE48, Q48, W48Q),
	E5W(WM_IVBEP, "uncore_ha_1", "event=0x1,umask=0x3", WF_PMI,
	    "ha", 1, 0x1, PRE48, M48, W48W),
	E5Q(WM_E5, "uncore_qpi_1", "event=0x138,umask=0x1", WF_PMI,
	    "qpi", 1, 0x138, PRE48, Q48, W48Q),
	E5W(WM_IVBEP, "uncore_qpi_1", "event=0x138,umask=0x1", WF_PMI,
	    "qpi", 1, 0x138, PRE48, M48, W48W),
	E5Q(WM_E5, "uncore_r2pcie", "event=0x1", WF_LAST | WF_PMI,
	    "r2pcie", 0, 0x1, PRE44, Q44, W44Q),
	E5W(WM_IVBEP, "uncore_r2pcie", "event=0x1", WF_LAST | WF_PMI,
	    "r2pcie", 0, 0x1, PRE44, M44, W44W),
	E5Q(WM_E5, "uncore_r3qpi_1", "event=0x1", WF_LAST | WF_PMI,
	    "r3qpi", 1, 0x1, PRE44, Q44, W44Q),
	E5W(WM_IVBEP, "uncore_r3qpi_1", "event=0x1", WF_LAST | WF_PMI,
	    "r3qpi", 1, 0x1, PRE44, M44, W44W),
};

static unsigned int wrap_models(const void *row)
{
	return ((const struct wrap_row *)row)->models;
}

static void wrap_desc(const void *row, char *desc)
{
	const struct wrap_row *r = row;

	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s/%s/: %s", r->pmu, r->terms,
		 r->desc);
}

XU_TEST_ROW_PARAMS(nx, XU_TEST_NX, nx_rows, wrap_models, wrap_desc);
XU_TEST_ROW_PARAMS(e5, XU_TEST_E5, e5_rows, wrap_models, wrap_desc);

static void wrap_generator_on(void *sim)
{
	xu_sim_set_generator(sim, true);
}

/*
 * Counter @idx of @box as a read returns it: an MSR (the W-Box erratum
 * included, unless @peek), or the two dwords of a PCI counter.  With
 * @width (the wide-bits mode), its bits below @width, after a check that
 * the read returned bits above it.
 */
static u64 wrap_raw(struct kunit *test, struct xu_sim *sim, struct xu_box *box,
		    unsigned int idx, bool peek, unsigned int width)
{
	u32 reg = xu_ctr_reg(box, idx), lo, hi;
	u64 val;

	if (box->pmu->type->access == XU_MSR && peek) {
		/* a peek returns the counter's own bits only */
		KUNIT_ASSERT_EQ(test, 0, xu_sim_peek(sim, box->pkg, reg, &val));
		return val;
	}
	if (box->pmu->type->access == XU_MSR) {
		val = xu_test_sim_rd(test, sim, box->pkg, reg);
	} else {
		KUNIT_ASSERT_NOT_NULL(test, box->pdev);
		KUNIT_ASSERT_EQ(test, 0, pci_read_config_dword(box->pdev, reg, &lo));
		KUNIT_ASSERT_EQ(test, 0, pci_read_config_dword(box->pdev, reg + 4, &hi));
		val = (u64)hi << 32 | lo;
	}
	if (!width)
		return val;
	KUNIT_EXPECT_NE_MSG(test, val >> width, 0ULL,
			    "%s counter %d: no bit above bit %u in wide-bits mode",
			    box->pmu->name, idx, width - 1);
	return val & GENMASK_ULL(width - 1, 0);
}

/*
 * A row's counter width: every Xeon 7500 / E7 counter has 48 bits (Table
 * 2-7); an E5 row preloads its counter 0x100 below its wrap
 */
static unsigned int wrap_width(const struct wrap_row *r, bool e5)
{
	return e5 ? fls64(r->preload) : 48;
}

/* Every counter of @box, the fixed one too, set to @val */
static void wrap_preload(struct kunit *test, struct xu_sim *sim,
			 struct xu_box *box, u64 val)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int i;

	for (i = 0; i < xu_num_ctrs(t); i++) {
		u32 reg = xu_ctr_reg(box, i);

		if (t->access == XU_MSR) {
			xu_test_sim_wr(test, sim, box->pkg, reg, val);
			continue;
		}
		KUNIT_ASSERT_NOT_NULL(test, box->pdev);
		KUNIT_ASSERT_EQ(test, 0, pci_write_config_dword(box->pdev, reg,
								lower_32_bits(val)));
		KUNIT_ASSERT_EQ(test, 0, pci_write_config_dword(box->pdev, reg + 4,
								upper_32_bits(val)));
	}
}

struct wrap_reset {
	struct xu_sim *sim;
	struct xu_box *box;
};

/*
 * When the row's events are gone: its counters back at 0, as the suites
 * after it expect them (a wrap_mode=0 counter near the limit would stop)
 */
static void wrap_zero(void *data)
{
	struct wrap_reset *z = data;
	const struct xu_box_type *t = z->box->pmu->type;
	unsigned int i;

	for (i = 0; i < xu_num_ctrs(t); i++) {
		u32 reg = xu_ctr_reg(z->box, i);

		if (t->access == XU_MSR) {
			xu_sim_write(z->sim, z->box->pkg, reg, 0);
		} else if (z->box->pdev) {
			pci_write_config_dword(z->box->pdev, reg, 0);
			pci_write_config_dword(z->box->pdev, reg + 4, 0);
		}
	}
}

/*
 * After an injection that may overflow: until the package's PMI has been
 * handled (its events would be lost to a frozen package meanwhile).  A
 * polled counter raises none; SNB-EP has no uncore PMI.
 */
static void wrap_settle(struct kunit *test, struct xu_sim *sim, bool e5,
			unsigned int pkg, const struct wrap_row *r)
{
	if (!(r->flags & WF_POLLED))
		xu_test_settle(test, sim, pkg, e5);
}

/*
 * The status a polled M-Box counter's under- or overflow left on @pkg,
 * cleared as a walk would (write 1 to clear, the summaries above follow)
 */
static void wrap_clear_polled(struct kunit *test, struct xu_sim *sim,
			      unsigned int pkg)
{
	unsigned int b;
	u64 v;

	for (b = 0; b < NHMEX_M_NUM_BOXES; b++) {
		v = xu_test_sim_rd(test, sim, pkg, NHMEX_M_GLOBAL_STATUS(b));
		if (v)
			xu_test_sim_wr(test, sim, pkg, NHMEX_M_GLOBAL_OVF_CTL(b), v);
	}
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, pkg, NHMEX_U_GLOBAL_STATUS),
			0ULL);
}

static u64 wrap_count(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

/*
 * Run xu_test_row(test)'s row; with @wide, on counters that read bits set
 * above their width (xu_sim_set_wide_bits())
 */
static void wrap_row_run(struct kunit *test, bool wide)
{
	const struct wrap_row *r = xu_test_row(test);
	struct xu_sim *sim = xu_test_sim(test);
	struct xu_uncore *uc = xu_uncore_instance();
	struct xu_pmu *xp = xu_test_pmu(test, r->pmu);
	bool e5 = xu_test_model(test) & WM_E5;
	unsigned int pkg, sock, i, k, width;
	struct perf_event **ev;
	struct perf_event_attr attr;
	struct wrap_reset *z;
	u64 cfg[3], pmis, lost;
	bool has_pmi;
	int idx;

	if (e5) {
		xu_sim_set_generator(sim, false);
		KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, wrap_generator_on,
								   sim));
	} else {
		xu_test_quiet_sim(test, sim);
	}
	sock = r->flags & WF_LAST ? uc->num_pkgs - 1 : r->socket;
	if (sock >= uc->num_pkgs)
		kunit_skip(test, "package %u: this machine has %u package(s)", sock,
			   uc->num_pkgs);
	KUNIT_ASSERT_EQ_MSG(test, 0, xu_test_parse3(test, xp->type, r->terms, cfg),
			    "%s/%s/", r->pmu, r->terms);
	z = kunit_kzalloc(test, sizeof(*z), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, z);
	z->sim = sim;
	z->box = &xp->boxes[sock];
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, wrap_zero, z));
	wrap_preload(test, sim, &xp->boxes[sock], r->preload);

	ev = kunit_kcalloc(test, uc->num_pkgs, sizeof(*ev), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
		xu_test_attr(&attr, xp, cfg[0]);
		attr.config1 = cfg[1];
		attr.config2 = cfg[2];
		ev[pkg] = xu_test_open(test, xp, pkg, &attr);
	}
	idx = READ_ONCE(ev[sock]->hw.idx);
	KUNIT_ASSERT_GE(test, idx, 0);
	KUNIT_ASSERT_LT(test, idx, (int)xu_num_ctrs(xp->type));
	width = wide ? wrap_width(r, e5) : 0;
	/* the driver started from the preloaded value, and did not reset it */
	KUNIT_ASSERT_EQ(test, wrap_raw(test, sim, &xp->boxes[sock], idx, !e5, width),
			r->preload);

	pmis = xu_sim_pmis(sim);
	lost = uc->pkgs[sock].lost;
	for (i = 0; i < ARRAY_SIZE(r->ph) && r->ph[i].times; i++) {
		for (k = 0; k < r->ph[i].times; k++) {
			KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, sock, r->box, r->idx,
							       r->event, XU_SIM_SUB_ANY,
							       r->ph[i].n));
			wrap_settle(test, sim, e5, sock, r);
			if (r->ph[i].read)
				wrap_count(ev[sock]);
		}
	}

	for (pkg = 0; pkg < uc->num_pkgs; pkg++)
		KUNIT_EXPECT_EQ_MSG(test, wrap_count(ev[pkg]), pkg == sock ? r->want : 0,
				    "%s on package %u (the row's: %u)", r->pmu, pkg, sock);
	KUNIT_EXPECT_EQ_MSG(test, wrap_raw(test, sim, &xp->boxes[sock], idx, false, width),
			    r->raw, "%s counter %d on package %u", r->pmu, idx, sock);

	has_pmi = uc->pmi && (!e5 || uc->plat->global);
	if ((r->flags & WF_NO_PMI) || ((r->flags & WF_PMI) && !has_pmi)) {
		KUNIT_EXPECT_EQ_MSG(test, xu_sim_pmis(sim), pmis, "no PMI");
	} else if (r->flags & WF_PMI) {
		KUNIT_EXPECT_GT_MSG(test, xu_sim_pmis(sim), pmis, "the wraps raised PMIs");
		KUNIT_EXPECT_EQ_MSG(test, uc->pkgs[sock].lost, lost,
				    "the watchdog folded a wrap");
	}
	if (!e5 && (r->flags & WF_POLLED))
		wrap_clear_polled(test, sim, sock);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 0ULL);
}

static void wrap_row_counts(struct kunit *test)
{
	wrap_row_run(test, false);
}

static void wrap_wide_bits_off(void *sim)
{
	xu_sim_set_wide_bits(sim, false);
}

/*
 * The same row on counters whose reads return bits set above their width,
 * which the guides leave undefined: the driver counts by the counter's
 * bits alone.  (A counter mask one bit too wide sees a carry out of the
 * counter where a row crosses its wrap, and folds it as a turn.)
 */
static void wrap_row_counts_wide_bits(struct kunit *test)
{
	struct xu_sim *sim = xu_test_sim(test);

	xu_sim_set_wide_bits(sim, true);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, wrap_wide_bits_off,
							   sim));
	wrap_row_run(test, true);
}

static struct kunit_case nx_wrap_cases[] = {
	KUNIT_CASE_PARAM(wrap_row_counts, nx_gen_params),
	KUNIT_CASE_PARAM(wrap_row_counts_wide_bits, nx_gen_params),
	{}
};

static struct kunit_suite nx_wrap_suite = {
	.name = "xeon_uncore_wrap",
	.suite_exit = xu_test_suite_exit,
	.test_cases = nx_wrap_cases,
};

static struct kunit_case e5_wrap_cases[] = {
	KUNIT_CASE_PARAM(wrap_row_counts, e5_gen_params),
	KUNIT_CASE_PARAM(wrap_row_counts_wide_bits, e5_gen_params),
	{}
};

static struct kunit_suite e5_wrap_suite = {
	.name = "xeon_e5_wrap",
	.suite_exit = xu_test_suite_exit,
	.test_cases = e5_wrap_cases,
};

kunit_test_suites(&nx_wrap_suite, &e5_wrap_suite);
