// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_nhmex_share: the Xeon 7500 sub-registers a box's counters
 * share.  Events asking for the same value of a sub-register share it;
 * events asking for different values never run together (perf
 * multiplexes them); an event whose sub-register is taken moves to its
 * twin where the guide allows: an R-Box IPERF0 event to IPERF1 of the same
 * port, an XBR SET1 match to SET2, an M-Box ZDP_CTL_FVC event field to
 * another (inc_sel 0xd-0x10).
 *
 * The events are real perf events on the module's PMUs (the simulator
 * the guest loaded, model=nhmex); the test reads back the simulated
 * control and sub-registers at their literal addresses:
 *   R-Box 0 (ports 0-3): R_MSR_PMON_CTL k 0xe10 + 2k (Table 2-39);
 *     port 0 IPERF0 0xe04, IPERF1 0xe24 (Table 2-45);
 *     XBR SET1 MM_CFG/MATCH/MASK 0xe60/0xe61/0xe62, SET2 0xe70/0xe71/0xe72
 *     (Tables 2-50..2-52)
 *   M-Box 0: M_MSR_PMU_CNT_CTL k 0xcb0 + 2k (Table 2-67), DSP 0xca5,
 *     ZDP_CTL_FVC 0xcab (Table 2-62)
 * and the control images of Tables 2-44 (R: en 0, ev_sel 5:1, pmi_en 6)
 * and 2-67 (M: en 0, pmi_en 1, wrap_mode 6, inc_sel 13:9).
 */
#include <linux/delay.h>
#include <linux/err.h>

#include "xu_test.h"

/* R-Box attr.config: ev_sel in 5:1, MM_CFG bits 31:0 in 63:32 */
#define R_CFG(ev)		((u64)(ev) << 1)
#define R_CFG_MM(ev, mm)	(R_CFG(ev) | (u64)(mm) << 32)

/* MM_CFG: mm_trig_en (21), match_flt_cnt 0x1 (19:16): the first flit */
#define MM_PKT			0x210000ULL

/* Control images with en and pmi_en (the module runs with pmi=1) */
#define R_CTL_EV0		0x41ULL		/* IPERF0 of port 0 */
#define R_CTL_EV1		0x43ULL		/* IPERF1 of port 0 */
#define R_CTL_EV4		0x49ULL		/* XBR SET1 of port 0 */
#define R_CTL_EV5		0x4bULL		/* XBR SET2 of port 0 */
#define M_CTL_FVC0		0x1a43ULL	/* inc_sel 0xd, wrap_mode */
#define M_CTL_FVC1		0x1c43ULL	/* inc_sel 0xe, wrap_mode */
#define M_CTL_DSP		0x0043ULL	/* inc_sel 0x0, wrap_mode */

/* M-Box attr.config: wrap_mode and inc_sel */
#define M_CFG(inc)		(0x40ULL | (u64)(inc) << 9)

static struct perf_event *open_cfg(struct kunit *test, const char *pmu,
				   u64 config, u64 config1, u64 config2)
{
	struct xu_pmu *xp = xu_test_pmu(test, pmu);
	struct perf_event_attr attr;

	xu_test_attr(&attr, xp, config);
	attr.config1 = config1;
	attr.config2 = config2;
	return xu_test_open(test, xp, 0, &attr);
}

/* The simulated register @reg of package 0 of the case's simulator */
static u64 reg(struct kunit *test, u32 msr)
{
	return xu_test_sim_rd(test, xu_test_sim(test), 0, msr);
}

/* The counter an active event holds; fails the test if none */
static int ctr_of(struct kunit *test, struct perf_event *event)
{
	int idx = READ_ONCE(event->hw.idx);

	KUNIT_ASSERT_GE_MSG(test, idx, 0, "%s: event has no counter",
			    event->pmu->name);
	return idx;
}

static u64 pmi(u64 ctl, u64 pmi_bit)
{
	return xu_uncore_instance()->pmi ? ctl : ctl & ~pmi_bit;
}

/* R_MSR_PMON_CTL of the counter @event holds on R-Box 0 */
static u64 r0_ctl(struct kunit *test, struct perf_event *event)
{
	return reg(test, 0xe10 + 2 * ctr_of(test, event));
}

/* M_MSR_PMU_CNT_CTL of the counter @event holds on M-Box 0 */
static u64 m0_ctl(struct kunit *test, struct perf_event *event)
{
	return reg(test, 0xcb0 + 2 * ctr_of(test, event));
}

/* Both count, the whole time from now on (before, they may have waited) */
static void expect_both_run(struct kunit *test, struct perf_event *a,
			    struct perf_event *b)
{
	u64 ea0, ra0, eb0, rb0, ea, ra, eb, rb;

	perf_event_read_value(a, &ea0, &ra0);
	perf_event_read_value(b, &eb0, &rb0);
	msleep(20);
	perf_event_read_value(a, &ea, &ra);
	perf_event_read_value(b, &eb, &rb);
	KUNIT_EXPECT_EQ_MSG(test, ea - ea0, ra - ra0, "a ran %llu of %llu ns",
			    ra - ra0, ea - ea0);
	KUNIT_EXPECT_EQ_MSG(test, eb - eb0, rb - rb0, "b ran %llu of %llu ns",
			    rb - rb0, eb - eb0);
	KUNIT_EXPECT_GT(test, ea - ea0, 0ULL);
}

/*
 * Of three events, at most two run at any time: a's running time read
 * first, its enabled time last; each gets a turn
 */
static void expect_two_of_three(struct kunit *test, struct perf_event *a,
				struct perf_event *b, struct perf_event *c)
{
	u64 ea, ra, eb, rb, ec, rc, f;

	msleep(150);
	perf_event_read_value(a, &ea, &ra);
	perf_event_read_value(b, &eb, &rb);
	perf_event_read_value(c, &ec, &rc);
	perf_event_read_value(a, &ea, &f);
	KUNIT_EXPECT_GT(test, ra, 0ULL);
	KUNIT_EXPECT_GT(test, rb, 0ULL);
	KUNIT_EXPECT_GT(test, rc, 0ULL);
	KUNIT_EXPECT_LE_MSG(test, ra + rb + rc, 2 * ea,
			    "a ran %llu ns, b %llu, c %llu, of %llu", ra, rb, rc, ea);
	KUNIT_EXPECT_LT(test, rc, ec);
}

/* Two IPERF0 events of port 0 with the same value: one register */
static void nhmex_share_rbox_iperf_same_value(struct kunit *test)
{
	struct perf_event *a, *b;

	xu_test_quiet_sim(test, xu_test_sim(test));
	a = open_cfg(test, "uncore_rbox_0", R_CFG(0), 0x80000000, 0);
	b = open_cfg(test, "uncore_rbox_0", R_CFG(0), 0x80000000, 0);
	expect_both_run(test, a, b);
	KUNIT_EXPECT_EQ(test, r0_ctl(test, a), pmi(R_CTL_EV0, 0x40));
	KUNIT_EXPECT_EQ(test, r0_ctl(test, b), pmi(R_CTL_EV0, 0x40));
	KUNIT_EXPECT_NE(test, ctr_of(test, a), ctr_of(test, b));
	KUNIT_EXPECT_EQ(test, reg(test, 0xe04), 0x80000000ULL);
	KUNIT_EXPECT_EQ(test, reg(test, 0xe24), 0x0ULL);
}

/*
 * A second IPERF0 event with another value moves to IPERF1 (event 1);
 * a third, with a third value, finds both taken: it multiplexes with the
 * others
 */
static void nhmex_share_rbox_iperf_twin(struct kunit *test)
{
	struct perf_event *a, *b, *c;

	xu_test_quiet_sim(test, xu_test_sim(test));
	a = open_cfg(test, "uncore_rbox_0", R_CFG(0), 0x80000000, 0);
	b = open_cfg(test, "uncore_rbox_0", R_CFG(0), 0x40000000, 0);
	expect_both_run(test, a, b);
	KUNIT_EXPECT_EQ(test, r0_ctl(test, a), pmi(R_CTL_EV0, 0x40));
	KUNIT_EXPECT_EQ(test, r0_ctl(test, b), pmi(R_CTL_EV1, 0x40));
	KUNIT_EXPECT_EQ(test, reg(test, 0xe04), 0x80000000ULL);
	KUNIT_EXPECT_EQ(test, reg(test, 0xe24), 0x40000000ULL);

	/* IPERF0 and IPERF1 hold two values: three never run at once */
	c = open_cfg(test, "uncore_rbox_0", R_CFG(0), 0xc4, 0);
	expect_two_of_three(test, a, b, c);
	xu_test_close(test, c);
	xu_test_close(test, b);
	xu_test_close(test, a);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(xu_test_sim(test)), 0ULL);
}

/*
 * XBR match/mask: MM_CFG, MATCH, MASK (Tables 2-50..2-52), the counter's
 * ev_sel on the set itself (Table 2-44: ev_sel selects QLX, RIX or the
 * mask/match registers): SET1 is ev_sel 4, SET2 5 on port 0.  The same
 * (MM_CFG, MATCH, MASK) shares SET1; another moves to SET2.
 */
static void nhmex_share_rbox_xbr_twin(struct kunit *test)
{
	struct perf_event *a, *b, *c;

	xu_test_quiet_sim(test, xu_test_sim(test));
	/* MATCH: DNID (17:13) = 2; MASK: DNID all bits */
	a = open_cfg(test, "uncore_rbox_0", R_CFG_MM(4, MM_PKT), 0x4000, 0x3e000);
	b = open_cfg(test, "uncore_rbox_0", R_CFG_MM(4, MM_PKT), 0x4000, 0x3e000);
	expect_both_run(test, a, b);
	KUNIT_EXPECT_EQ(test, r0_ctl(test, a), pmi(R_CTL_EV4, 0x40));
	KUNIT_EXPECT_EQ(test, r0_ctl(test, b), pmi(R_CTL_EV4, 0x40));
	KUNIT_EXPECT_EQ(test, reg(test, 0xe60), MM_PKT);
	KUNIT_EXPECT_EQ(test, reg(test, 0xe61), 0x4000ULL);
	KUNIT_EXPECT_EQ(test, reg(test, 0xe62), 0x3e000ULL);

	/* DNID 3 */
	c = open_cfg(test, "uncore_rbox_0", R_CFG_MM(4, MM_PKT), 0x6000, 0x3e000);
	expect_both_run(test, a, c);
	KUNIT_EXPECT_EQ(test, r0_ctl(test, c), pmi(R_CTL_EV5, 0x40));
	KUNIT_EXPECT_EQ(test, reg(test, 0xe70), MM_PKT);
	KUNIT_EXPECT_EQ(test, reg(test, 0xe71), 0x6000ULL);
	KUNIT_EXPECT_EQ(test, reg(test, 0xe72), 0x3e000ULL);
	/* SET1 kept its value */
	KUNIT_EXPECT_EQ(test, reg(test, 0xe61), 0x4000ULL);
	xu_test_close(test, c);
	xu_test_close(test, b);
	xu_test_close(test, a);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(xu_test_sim(test)), 0ULL);
}

/*
 * M-Box FVC: the same field value shares event field 0; another value
 * moves to field 1, inc_sel 0xe.  ZDP_CTL_FVC event field n sits at bits
 * 13+3n:11+3n on Nehalem-EX, 14+3n:12+3n on Westmere-EX (nhmex.rst;
 * uncore_nhmex.c, NHMEX_ and WSMEX_M_PMON_ZDP_CTL_FVC_EVENT_MASK).
 * @five: field 0 = 0b101, @four: field 0 = 0b100, @both: field 0 =
 * 0b101 and field 1 = 0b100, on the running platform.
 */
struct fvc_layout {
	unsigned int model;
	u64 five, four, both;
};

static const struct fvc_layout fvc_layouts[] = {
	{ XU_TEST_NHMEX, 0x2800, 0x2000, 0x12800 },
	{ XU_TEST_WSMEX, 0x5000, 0x4000, 0x25000 },
};

static void nhmex_share_mbox_fvc_twin(struct kunit *test)
{
	const struct fvc_layout *l = NULL;
	struct perf_event *a, *b, *c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fvc_layouts); i++)
		if (fvc_layouts[i].model == xu_test_model(test))
			l = &fvc_layouts[i];
	KUNIT_ASSERT_NOT_NULL_MSG(test, l, "no FVC layout for %s",
				  xu_test_pf(test)->name);
	xu_test_quiet_sim(test, xu_test_sim(test));
	a = open_cfg(test, "uncore_mbox_0", M_CFG(0xd), l->five, 0);
	b = open_cfg(test, "uncore_mbox_0", M_CFG(0xd), l->five, 0);
	expect_both_run(test, a, b);
	KUNIT_EXPECT_EQ(test, m0_ctl(test, a), pmi(M_CTL_FVC0, 0x2));
	KUNIT_EXPECT_EQ(test, m0_ctl(test, b), pmi(M_CTL_FVC0, 0x2));
	KUNIT_EXPECT_EQ(test, reg(test, 0xcab), l->five);
	xu_test_close(test, b);

	c = open_cfg(test, "uncore_mbox_0", M_CFG(0xd), l->four, 0);
	expect_both_run(test, a, c);
	KUNIT_EXPECT_EQ(test, m0_ctl(test, c), pmi(M_CTL_FVC1, 0x2));
	KUNIT_EXPECT_EQ(test, reg(test, 0xcab), l->both);
	xu_test_close(test, c);
	xu_test_close(test, a);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(xu_test_sim(test)), 0ULL);
}

/*
 * M-Box DSP (inc_sel 0x0) has no twin: two values never run together;
 * the same value shares
 */
static void nhmex_share_mbox_dsp_conflict(struct kunit *test)
{
	struct perf_event *a, *b;

	xu_test_quiet_sim(test, xu_test_sim(test));
	a = open_cfg(test, "uncore_mbox_0", M_CFG(0x0), 0x1, 0);
	b = open_cfg(test, "uncore_mbox_0", M_CFG(0x0), 0x2, 0);
	xu_test_took_turns(test, a, b);
	xu_test_close(test, b);

	b = open_cfg(test, "uncore_mbox_0", M_CFG(0x0), 0x1, 0);
	expect_both_run(test, a, b);
	KUNIT_EXPECT_EQ(test, m0_ctl(test, a), pmi(M_CTL_DSP, 0x2));
	KUNIT_EXPECT_EQ(test, m0_ctl(test, b), pmi(M_CTL_DSP, 0x2));
	KUNIT_EXPECT_EQ(test, reg(test, 0xca5), 0x1ULL);
	xu_test_close(test, b);
	xu_test_close(test, a);
}

/* A sub-register left by its last user is not rewritten */
static void nhmex_share_last_user_leaves_value(struct kunit *test)
{
	struct perf_event *a;

	xu_test_quiet_sim(test, xu_test_sim(test));
	a = open_cfg(test, "uncore_rbox_0", R_CFG(0), 0x2a, 0);
	KUNIT_EXPECT_EQ(test, reg(test, 0xe04), 0x2aULL);
	xu_test_close(test, a);
	KUNIT_EXPECT_EQ(test, reg(test, 0xe04), 0x2aULL);
	/* the next user with another value has it written */
	a = open_cfg(test, "uncore_rbox_0", R_CFG(0), 0x15, 0);
	KUNIT_EXPECT_EQ(test, reg(test, 0xe04), 0x15ULL);
	KUNIT_EXPECT_EQ(test, r0_ctl(test, a), pmi(R_CTL_EV0, 0x40));
	xu_test_close(test, a);
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

static struct kunit_case nhmex_share_cases[] = {
	KUNIT_CASE_PARAM(nhmex_share_rbox_iperf_same_value, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_share_rbox_iperf_twin, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_share_rbox_xbr_twin, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_share_mbox_fvc_twin, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_share_mbox_dsp_conflict, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_share_last_user_leaves_value, nx_gen_params),
	{}
};

static struct kunit_suite nhmex_share_suite = {
	.name = "xeon_uncore_nhmex_share",
	.suite_exit = xu_test_suite_exit,
	.test_cases = nhmex_share_cases,
};

kunit_test_suite(nhmex_share_suite);
