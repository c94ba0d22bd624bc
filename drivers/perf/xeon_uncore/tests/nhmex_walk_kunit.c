// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_nhmex_walk: the Xeon 7500 overflow hierarchy and the W-Box
 * erratum.
 *
 * On each Xeon 7500 / E7 platform, the case's parameter: a private
 * simulator of it (generator off, manual clock, PMI delivery off) and a
 * private uncore on it, every box set up by the
 * driver's own init_box.  The test overflows counters itself, calls
 * xu_handle_pmi() and asserts every register the walk reads and writes,
 * in order, from the simulator's access log: the U-Box global status,
 * then only the S-Box summaries it flags, then only the boxes those flag,
 * and only the boxes' clr_ov bits written (323535 section 2.1.4: clearing
 * a counter's bit clears the summaries above it).
 *
 * Register addresses and images are literals from 323535: U-Box Tables
 * 2-1..2-7, S_MSR_PMON_SUMMARY Table 2-26, the box GLOBAL_CTL / STATUS /
 * OVF_CTL tables of each box, the counter controls (C: 2-13, B: 2-20, S:
 * 2-29, R: 2-44, M: 2-67, W: 2-98), the C-Box MSR blocks of the SDM's
 * Xeon 7500 MSR table, and the W-Box erratum note under Table 2-101.
 */
#include <linux/err.h>
#include <linux/string.h>
#include <linux/topology.h>

#include "private.h"
#include "xu_test.h"

/* U_MSR_PMON_GLOBAL_CTL: en, en_all (counting, frz_all off) */
#define GCTL_COUNTING		0x10000001ULL
/* en and frz_all, en_all cleared: as a PMI with frz_all leaves it */
#define GCTL_FROZEN		0x80000001ULL
/* en, en_all, frz_all: what the walk's unfreeze writes */
#define GCTL_DRIVER		0x90000001ULL

/* U_MSR_PMON_GLOBAL_STATUS: ov_u 0, ov_w 1, ov_s1 2, ov_s0 3 */
#define GS_U			0x1ULL
#define GS_W			0x2ULL
#define GS_S1			0x4ULL
#define GS_S0			0x8ULL

/* S_MSR_PMON_SUMMARY: ov_c_r 0, ov_c_l 2, ov_mb 16, ov_s 18, ov_r 19 */
#define SUM_C_R			0x1ULL
#define SUM_C_L			0x4ULL
#define SUM_MB			0x10000ULL
#define SUM_S			0x40000ULL
#define SUM_R			0x80000ULL

/* S_MSR_PMON_SUMMARY of S-Box 0 and 1: S GLOBAL_CTL + 3 (nhmex.rst) */
#define S0_SUMMARY		0xc43
#define S1_SUMMARY		0xcc3

/* The largest count, 2^48 - 1 */
#define MAX48			0xffffffffffffULL

/* Generic counter control (C, S, W): ev_sel 0x01, pmi_en (20), en (22) */
#define CTL_EV1_PMI		0x00500001ULL
/* B_MSR_PMON_EVT_SEL: en (0), ev_sel 0x01 (5:1), pmi_en (20) */
#define B_CTL_EV1_PMI		0x00100003ULL
/* R_MSR_PMON_CTL: en (0), ev_sel 0x00 (IPERF0 of port 0), pmi_en (6) */
#define R_CTL_EV0_PMI		0x41ULL
/* M_MSR_PMU_CNT_CTL: en, pmi_en, wrap_mode, inc_sel 0x01 */
#define M_CTL_INC1_PMI		0x243ULL

static struct xu_test_private *walk_of(struct kunit *test)
{
	return test->priv;
}

static u64 rd(struct kunit *test, unsigned int socket, u32 reg)
{
	return xu_test_sim_rd(test, walk_of(test)->sim, socket, reg);
}

static void wr(struct kunit *test, unsigned int socket, u32 reg, u64 val)
{
	xu_test_sim_wr(test, walk_of(test)->sim, socket, reg, val);
}

/*
 * A private uncore of the case's platform on a private simulator, every
 * box of every package set up by the driver's init_box
 */
static struct xu_test_private *nxw_setup(struct kunit *test)
{
	struct xu_test_private *w =
		xu_test_private_create(test, xu_test_pf(test), XU_TEST_PRIV_INIT);

	KUNIT_ASSERT_EQ(test, rd(test, 0, 0xc00), GCTL_DRIVER);
	KUNIT_ASSERT_EQ(test, rd(test, 0, 0xc01), 0ULL);
	KUNIT_ASSERT_EQ(test, xu_sim_violations(w->sim), 0ULL);
	return w;
}

static struct xu_pmu *nxw_pmu(struct kunit *test, const char *name)
{
	return xu_test_private_pmu(test, walk_of(test), name);
}

/*
 * C-Box 1, which shares S-Box 0's ov_c_l with C-Box 0: the driver gives a
 * C-Box a PMU only where the package has its core, so a machine whose
 * package 0 has one core cannot run the case
 */
static void nxw_need_cbox1(struct kunit *test)
{
	struct xu_test_private *w = walk_of(test);
	unsigned int i;

	for (i = 0; i < w->uc.num_pmus; i++)
		if (!strcmp(w->uc.pmus[i].name, "uncore_cbox_1"))
			return;
	kunit_skip(test, "package 0 has fewer than 2 cores: no uncore_cbox_1");
}

/*
 * Overflow one counter of socket 0: its control @ctl_val at @ctl, its
 * count 2^48 - 1 at @ctr, then one event of @box's source @event, with
 * frz_all off so that overflows add up; the caller then freezes the
 * package as the PMI does (nxw_frozen())
 */
static void nxw_overflow(struct kunit *test, u32 ctl, u64 ctl_val, u32 ctr,
			 const char *box, unsigned int idx, unsigned int event)
{
	struct xu_sim *sim = walk_of(test)->sim;

	wr(test, 0, 0xc00, GCTL_COUNTING);
	wr(test, 0, ctl, ctl_val);
	wr(test, 0, ctr, MAX48);
	KUNIT_ASSERT_EQ_MSG(test, 0,
			    xu_sim_inject(sim, 0, box, idx, event,
					  XU_SIM_SUB_ANY, 1),
			    "inject %s %u event %#x", box, idx, event);
}

static void nxw_frozen(struct kunit *test)
{
	wr(test, 0, 0xc00, GCTL_FROZEN);
}

/* Walk package 0 as its PMI would, recording the accesses */
static int walk(struct kunit *test, unsigned int *n)
{
	struct xu_test_private *w = walk_of(test);
	int ret;

	xu_sim_log_start(w->sim);
	ret = xu_handle_pmi(&w->uc, 0, NULL);
	*n = xu_sim_log_stop(w->sim, w->log);
	return ret;
}

#define R(m, v)		{ .write = false, .msr = m, .val = v }
#define W(m, v)		{ .write = true, .msr = m, .val = v }

static void expect_log(struct kunit *test, unsigned int n,
		       const struct xu_sim_access *want, unsigned int n_want)
{
	const struct xu_sim_access *log = walk_of(test)->log;
	unsigned int i;

	KUNIT_EXPECT_EQ(test, n, n_want);
	for (i = 0; i < min3(n, n_want, (unsigned int)XU_SIM_LOG_LEN); i++) {
		KUNIT_EXPECT_EQ_MSG(test, log[i].write, want[i].write,
				    "access %u: msr %#x", i, log[i].msr);
		KUNIT_EXPECT_EQ_MSG(test, log[i].socket, 0U, "access %u", i);
		KUNIT_EXPECT_FALSE_MSG(test, log[i].pci, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log[i].msr, want[i].msr, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log[i].val, want[i].val,
				    "access %u: msr %#x", i, log[i].msr);
	}
	if (n != n_want)
		for (i = 0; i < min_t(unsigned int, n, XU_SIM_LOG_LEN); i++)
			kunit_info(test, "access %u: %s %#x %#llx", i,
				   log[i].write ? "W" : "R", log[i].msr,
				   log[i].val);
}

/* After a walk: every summary clear, counting again, nothing reserved */
static void expect_clear(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xc01), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, S0_SUMMARY), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, S1_SUMMARY), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xc00), GCTL_DRIVER);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(walk_of(test)->sim), 0ULL);
}

/*
 * Overflows in a C-, B-, M-, R-, S- and W-Box of socket 0 at once:
 *   C-Box 1 counter 1 (block 0xd80, not 0xd40, which is C-Box 2's:
 *   EVT_SEL1 0xd92, CTR1 0xd93) and B-Box 0 counter 3 (EVT_SEL3 0xc36,
 *   CTR3 0xc37): S-Box 0, ov_c_l, ov_mb
 *   M-Box 1 counter 4 (CNT_CTL4 0xcf8, CNT4 0xcf9): S-Box 1, ov_mb
 *   R-Box 1 counter 5 (CTL13 0xe3a, CNT13 0xe3b): S-Box 1, ov_r
 *   S-Box 1 counter 2 (EVT_SEL2 0xcd4, CTR2 0xcd5): S-Box 1, ov_s
 *   W-Box counter 0 (EVT_SEL0 0xc90, CTR0 0xc91): ov_w
 * The walk goes through the PMUs in the order the driver registers them
 * (ubox, mbox, cbox, bbox, sbox, rbox, wbox) and reads a box whenever its
 * summary bit is set, the bit a box shares with others included: M-Box 0
 * (ov_mb, set by B-Box 0), C-Box 0 (ov_c_l), B-Box 1 (ov_mb of S-Box 1)
 * are read and found clear.  R-Box 0, S-Box 0, the C-Boxes of S-Box 1
 * and those of ov_c_r are not read.  The package needs C-Boxes 0 and 1
 * (two cores).
 */
static const struct xu_sim_access every_kind[] = {
	R(0xc01, GS_W | GS_S1 | GS_S0),
	/* uncore_mbox_0: S-Box 0's summary, read once; ov_mb (B-Box 0's) */
	R(S0_SUMMARY, SUM_C_L | SUM_MB),
	R(0xca1, 0x0),
	/* uncore_mbox_1: S-Box 1's summary, read once */
	R(S1_SUMMARY, SUM_MB | SUM_S | SUM_R),
	R(0xce1, 0x10),
	W(0xce2, 0x10),
	/* uncore_cbox_0 and _1: ov_c_l; ov_c_r clear; S-Box 1 no C bit */
	R(0xd01, 0x0),
	R(0xd81, 0x2),
	W(0xd82, 0x2),
	/* uncore_bbox_0, _1 */
	R(0xc21, 0x8),
	W(0xc22, 0x8),
	R(0xc61, 0x0),
	/* uncore_sbox_1 (S-Box 0's ov_s is clear) */
	R(0xcc1, 0x4),
	W(0xcc2, 0x4),
	/* uncore_rbox_1 */
	R(0xe21, 0x20),
	W(0xe22, 0x20),
	/* uncore_wbox, straight from the global status */
	R(0xc81, 0x1),
	W(0xc82, 0x1),
	/* every global bit explained: no write to U_MSR_PMON_GLOBAL_OVF_CTL */
	W(0xc00, GCTL_DRIVER),
};

static void nhmex_walk_every_kind_at_once(struct kunit *test)
{
	unsigned int n;

	nxw_setup(test);
	nxw_need_cbox1(test);
	nxw_overflow(test, 0xd92, CTL_EV1_PMI, 0xd93, "cbox", 1, 0x01);
	/* B-Box events are named counter * 32 + ev_sel */
	nxw_overflow(test, 0xc36, B_CTL_EV1_PMI, 0xc37, "bbox", 0, 0x61);
	nxw_overflow(test, 0xcf8, M_CTL_INC1_PMI, 0xcf9, "mbox", 1, 0x01);
	/* R-Box 1 port 4's IPERF0 (0xe08): any event but 0 counts */
	wr(test, 0, 0xe08, 0x80000000);
	nxw_overflow(test, 0xe3a, R_CTL_EV0_PMI, 0xe3b, "rbox", 1, 0x00);
	nxw_overflow(test, 0xcd4, CTL_EV1_PMI, 0xcd5, "sbox", 1, 0x01);
	nxw_overflow(test, 0xc90, CTL_EV1_PMI, 0xc91, "wbox", 0, 0x01);
	nxw_frozen(test);

	/* what the hardware shows the walk, before it starts */
	KUNIT_ASSERT_EQ(test, rd(test, 0, 0xc01), GS_W | GS_S1 | GS_S0);
	KUNIT_ASSERT_EQ(test, rd(test, 0, S0_SUMMARY), SUM_C_L | SUM_MB);
	KUNIT_ASSERT_EQ(test, rd(test, 0, S1_SUMMARY), SUM_MB | SUM_S | SUM_R);
	KUNIT_ASSERT_EQ(test, rd(test, 0, 0xd81), 0x2ULL);
	KUNIT_ASSERT_EQ(test, rd(test, 0, 0xc21), 0x8ULL);
	KUNIT_ASSERT_EQ(test, rd(test, 0, 0xce1), 0x10ULL);
	KUNIT_ASSERT_EQ(test, rd(test, 0, 0xe21), 0x20ULL);
	KUNIT_ASSERT_EQ(test, rd(test, 0, 0xcc1), 0x4ULL);
	KUNIT_ASSERT_EQ(test, rd(test, 0, 0xc81), 0x1ULL);

	KUNIT_EXPECT_EQ(test, walk(test, &n), 6);
	expect_log(test, n, every_kind, ARRAY_SIZE(every_kind));
	expect_clear(test);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xd81), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xc21), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xce1), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xe21), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xcc1), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xc81), 0ULL);
}

/* The S-Boxes' S_MSR_PMON_SUMMARY as a summary that names no box */
static int nxw_blind_read(struct xu_box *box, u32 reg, u64 *val)
{
	int ret = xu_sim_io.read(box, reg, val);

	if (!ret && (reg == S0_SUMMARY || reg == S1_SUMMARY))
		*val = 0;
	return ret;
}

static int nxw_blind_write(struct xu_box *box, u32 reg, u64 val)
{
	return xu_sim_io.write(box, reg, val);
}

static const struct xu_io_ops nxw_blind_io = {
	.name	= "blind summaries",
	.read	= nxw_blind_read,
	.write	= nxw_blind_write,
};

/*
 * U_MSR_PMON_GLOBAL_STATUS.ov_s0 set, S-Box 0's summary clear (a summary
 * register that does not say what the guide says it does): the walk
 * finds C-Box 1's overflow by reading every box under S-Box 0, clears it
 * there, and leaves the global status clear with nothing acked blindly
 */
static void nhmex_walk_summary_names_nothing(struct kunit *test)
{
	struct xu_test_private *w;
	unsigned int i, pkg, n;

	w = nxw_setup(test);
	nxw_need_cbox1(test);
	for (i = 0; i < w->uc.num_pmus; i++)
		for (pkg = 0; pkg < w->uc.num_pkgs; pkg++)
			w->uc.pmus[i].boxes[pkg].io = &nxw_blind_io;
	nxw_overflow(test, 0xd92, CTL_EV1_PMI, 0xd93, "cbox", 1, 0x01);
	nxw_frozen(test);
	KUNIT_ASSERT_EQ(test, rd(test, 0, 0xc01), GS_S0);
	KUNIT_ASSERT_EQ(test, rd(test, 0, S0_SUMMARY), SUM_C_L);
	KUNIT_ASSERT_EQ(test, rd(test, 0, 0xd81), 0x2ULL);

	KUNIT_EXPECT_EQ(test, walk(test, &n), 1);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xd81), 0ULL);
	for (i = 0; i < min_t(unsigned int, n, XU_SIM_LOG_LEN); i++)
		KUNIT_EXPECT_FALSE_MSG(test, w->log[i].write && w->log[i].msr == 0xc02,
				       "access %u: U_MSR_PMON_GLOBAL_OVF_CTL written", i);
	expect_clear(test);
}

/* Nothing pending: one read, no write, not claimed */
static void nhmex_walk_not_ours(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, 0x0),
	};
	unsigned int n;

	nxw_setup(test);
	KUNIT_EXPECT_EQ(test, walk(test, &n), 0);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
}

/* ------------------------------------------------------------------ */
/* The W-Box erratum (323535, under Table 2-101)                       */

/*
 * A counter read ending in 0x000000 or 0x000001 is 0x1000000 too large:
 * the simulator reproduces it, the driver's read corrects it.  @raw is
 * what the register shows, @want the count.
 */
struct nx_werr_case {
	u64 count;	/* written to the simulated counter */
	u64 raw;	/* what a read of the register returns */
};

static const struct nx_werr_case nx_werr_cases[] = {
	{ 0x123456000000ULL, 0x123457000000ULL },
	{ 0x123456000001ULL, 0x123457000001ULL },
	{ 0x123456000002ULL, 0x123456000002ULL },
	{ 0x123455ffffffULL, 0x123455ffffffULL },
	{ 0x000001000000ULL, 0x000002000000ULL },
	{ 0x000000000005ULL, 0x000000000005ULL },
	{ 0xfffffe000001ULL, 0xffffff000001ULL },
	{ 0x000000000000ULL, 0x000001000000ULL },
	{ 0x000000000001ULL, 0x000001000001ULL },
};

static void nhmex_walk_wbox_read_erratum(struct kunit *test)
{
	u64 (*fixup)(struct xu_box *box, unsigned int idx, u64 raw);
	struct xu_box *box;
	unsigned int i, k;
	u64 val;

	nxw_setup(test);
	box = &nxw_pmu(test, "uncore_wbox")->boxes[0];
	fixup = box->pmu->type->ops->ctr_fixup;
	KUNIT_ASSERT_NOT_NULL(test, fixup);
	for (k = 0; k < 4; k++) {
		for (i = 0; i < ARRAY_SIZE(nx_werr_cases); i++) {
			const struct nx_werr_case *c = &nx_werr_cases[i];
			u32 ctr = 0xc91 + 2 * k;	/* W_MSR_PMON_CTR_k */

			wr(test, 0, ctr, c->count);
			val = rd(test, 0, ctr);
			KUNIT_EXPECT_EQ_MSG(test, val, c->raw,
					    "simulated W CTR%u holding %#llx", k,
					    c->count);
			KUNIT_EXPECT_EQ_MSG(test, fixup(box, k, c->raw), c->count,
					    "driver's fixup of W CTR%u reading %#llx",
					    k, c->raw);
		}
	}
	/* the fixed counter (0x394) has it too */
	wr(test, 0, 0x394, 0x123456000001ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0x394), 0x123457000001ULL);
	KUNIT_EXPECT_EQ(test, fixup(box, 4, 0x123457000001ULL), 0x123456000001ULL);
	/* the U-Box, C-Box and M-Box have no such erratum, nor a fixup */
	wr(test, 0, 0xc11, 0x123456000000ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xc11), 0x123456000000ULL);
	wr(test, 0, 0xd11, 0x123456000001ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xd11), 0x123456000001ULL);
	wr(test, 0, 0xcb1, 0x123456000000ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, 0xcb1), 0x123456000000ULL);
	KUNIT_EXPECT_NULL(test, nxw_pmu(test, "uncore_ubox")->type->ops->ctr_fixup);
	KUNIT_EXPECT_NULL(test, nxw_pmu(test, "uncore_cbox_0")->type->ops->ctr_fixup);
	KUNIT_EXPECT_NULL(test, nxw_pmu(test, "uncore_mbox_0")->type->ops->ctr_fixup);
}

/*
 * A sampling period whose preload (2^48 - period) would end in 0xfffffe
 * or 0xffffff is changed; others are left alone.  @ok lists the preloads
 * allowed for it: the nearest one, at most two events longer, that ends
 * in neither, nor in 0x000000 or 0x000001, which a read before two
 * events would take for the erratum and lower by 2^24.
 */
struct nx_wperiod_case {
	u64 period;
	u64 ok[3];	/* 0 ends the list; { period's own preload } if left alone */
};

static const struct nx_wperiod_case nx_wperiod_cases[] = {
	/* preload 0xfffffffffc18: fine */
	{ 1000, { 0xfffffffffc18ULL } },
	/* 0xfffffffffffd: fine */
	{ 3, { 0xfffffffffffdULL } },
	/* 0xffffffffffff (ends 0xffffff): 0xfffffffffffd, 2 more events */
	{ 1, { 0xfffffffffffdULL } },
	/* 0xfffffffffffe: 0xfffffffffffd, one more */
	{ 2, { 0xfffffffffffdULL } },
	/* 0xfffffeffffff: 0xfffffefffffd (+2) */
	{ 0x1000001, { 0xfffffefffffdULL } },
	/* 0xfffffefffffe: 0xfffffefffffd (+1) */
	{ 0x1000002, { 0xfffffefffffdULL } },
	/* 0xfffffefffffd: fine */
	{ 0x1000003, { 0xfffffefffffdULL } },
	/* 0xfff000ffffff: 0xfff000fffffd (+2) */
	{ 0xfff000001, { 0xfff000fffffdULL } },
};

static void nhmex_walk_wbox_period_erratum(struct kunit *test)
{
	struct xu_pmu *xp;
	unsigned int i;

	nxw_setup(test);
	xp = nxw_pmu(test, "uncore_wbox");
	KUNIT_ASSERT_NOT_NULL(test, xp->type->ops->period_fixup);
	for (i = 0; i < ARRAY_SIZE(nx_wperiod_cases); i++) {
		const struct nx_wperiod_case *c = &nx_wperiod_cases[i];
		struct perf_event ev = { };
		u64 left, preload;
		bool found = false;
		unsigned int j;

		ev.pmu_private = &xp->boxes[0];
		ev.hw.idx = 0;
		ev.hw.sample_period = c->period;
		left = xp->type->ops->period_fixup(&ev, c->period);
		preload = (0x1000000000000ULL - left) & MAX48;
		for (j = 0; j < ARRAY_SIZE(c->ok) && c->ok[j]; j++)
			found |= preload == c->ok[j];
		KUNIT_EXPECT_TRUE_MSG(test, found,
				      "period %#llx: programmed %#llx, preload %#llx",
				      c->period, left, preload);
	}
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

static struct kunit_case nhmex_walk_cases[] = {
	KUNIT_CASE_PARAM(nhmex_walk_not_ours, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_walk_summary_names_nothing, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_walk_every_kind_at_once, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_walk_wbox_read_erratum, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_walk_wbox_period_erratum, nx_gen_params),
	{}
};

static struct kunit_suite nhmex_walk_suite = {
	.name = "xeon_uncore_nhmex_walk",
	.test_cases = nhmex_walk_cases,
};

kunit_test_suite(nhmex_walk_suite);
