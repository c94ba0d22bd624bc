// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_nhmex_pmu: every Xeon 7500 box as perf sees it.  What a
 * user writes in attr.config, config1 and config2 ends up bit for bit in
 * the counter control and the sub-registers, and what the hardware does
 * not define is refused with EINVAL.
 *
 * Real perf events on the module's PMUs (the guest's simulator,
 * model=nhmex); the control and sub-registers are read back from the
 * simulator at their literal addresses, the images written out from the
 * guide (323535): U Table 2-6, C 2-13, B 2-20, S 2-29 and 2-33..2-35,
 * R 2-44..2-52, M 2-62 and 2-67, W 2-98 and 2-99; the MSR addresses of
 * the SDM's Xeon 7500 table (C-Box 1's block is 0xd80, C-Box 2's 0xd40).
 */
#include <linux/err.h>

#include "xu_test.h"

struct nx_reg {
	u32 msr;
	u64 val;
};

struct nx_enc_case {
	const char *desc;
	const char *pmu;
	u64 config, config1, config2;
	/* counter controls of counters 0.. of the box (the fixed one last) */
	u32 ctl0;
	u32 ctl_step;
	int idx;		/* the counter it must get, -1: any */
	u64 ctl;		/* its control image with en and pmi_en */
	u64 pmi;		/* the pmi_en bit, off with pmi=0 */
	u64 en;			/* the enable bit */
	struct nx_reg sub[8];	/* sub-registers after it, 0-terminated */
};

#define MM_PKT		0x210000ULL	/* R MM_CFG: mm_trig_en, match_flt_cnt 1 */

static const struct nx_enc_case nx_enc_cases[] = {
	/* U: ev_sel 7:0, edge 18, pmi_en 20, en 22 */
	{ "ubox event=3,edge", "uncore_ubox", 0x40003, 0, 0,
	  0xc10, 0, 0, 0x540003, 0x100000, 0x400000 },
	/* C: ev_sel, umask 15:8, edge 18, pmi_en 20, en 22, inv 23, thresh 31:24 */
	{ "cbox_0 event=1", "uncore_cbox_0", 0x01, 0, 0,
	  0xd10, 2, -1, 0x500001, 0x100000, 0x400000 },
	{ "cbox_1 event=0x11,umask=0x22,edge,inv,thresh=5", "uncore_cbox_1",
	  0x05842211, 0, 0, 0xd90, 2, -1, 0x05d42211, 0x100000, 0x400000 },
	/*
	 * B: en 0, ev_sel 5:1; config 7:6 picks the counter.  pmi_en 20 is
	 * a guess: counting events run without it, polled
	 */
	{ "bbox_0 counter=2,event=3", "uncore_bbox_0", 0x86, 0, 0,
	  0xc30, 2, 2, 0x7, 0, 0x1 },
	{ "bbox_1 counter=1,event=5,match,mask", "uncore_bbox_1", 0x4a,
	  0x1234, 0xff00, 0xc70, 2, 1, 0xb, 0, 0x1,
	  { { 0xe4d, 0x1234 }, { 0xe4e, 0xff00 } } },
	/* S: generic control; event 0 with MM_CFG enable 63, MATCH, MASK */
	{ "sbox_0 event=3,umask=1", "uncore_sbox_0", 0x103, 0, 0,
	  0xc50, 2, -1, 0x500103, 0x100000, 0x400000 },
	{ "sbox_1 event=0,match,mask", "uncore_sbox_1", 0x0, 0xabc, 0x7e,
	  0xcd0, 2, -1, 0x500000, 0x100000, 0x400000,
	  { { 0xe58, 0x8000000000000000ULL }, { 0xe59, 0xabc }, { 0xe5a, 0x7e } } },
	/* R: en 0, ev_sel 5:1 (port * 6 + selection), pmi_en 6 */
	{ "rbox_1 event=8 (port 5 QLX byte 0),qlx_cfg=0x25", "uncore_rbox_1",
	  0x10, 0x25, 0, 0xe30, 2, -1, 0x51, 0x40, 0x1, { { 0xe2d, 0x25 } } },
	{ "rbox_0 event=0xd (port 2 IPERF1),iperf_cfg", "uncore_rbox_0",
	  0x1a, 0x80000000, 0, 0xe10, 2, -1, 0x5b, 0x40, 0x1, { { 0xe26, 0x80000000 } } },
	/* XBR SET1 of port 2 (ev_sel 16): MM_CFG, MATCH, MASK at 0xe68.. */
	{ "rbox_0 event=0x10 (port 2 XBR SET1),match,mask", "uncore_rbox_0",
	  0x20 | MM_PKT << 32, 0x4000, 0x3e000, 0xe10, 2, -1, 0x61, 0x40, 0x1,
	  { { 0xe68, MM_PKT }, { 0xe69, 0x4000 }, { 0xe6a, 0x3e000 } } },
	/*
	 * The guide's route (p. 2-85): port 5's IPERF0 (rbox_1 ev_sel 6) set
	 * to TO_R_PROG_EV 0x31 (0xe09), both XBR sets of the port
	 * (0xe84.., 0xe94..) given MM_CFG, MATCH and MASK
	 */
	{ "rbox_1 event=6 (port 5 IPERF0),mm_trig_en,match,mask", "uncore_rbox_1",
	  0xc | MM_PKT << 32, 0x4000, 0x3e000, 0xe30, 2, -1, 0x4d, 0x40, 0x1,
	  { { 0xe09, 0x31 }, { 0xe84, MM_PKT }, { 0xe85, 0x4000 },
	    { 0xe86, 0x3e000 }, { 0xe94, MM_PKT }, { 0xe95, 0x4000 },
	    { 0xe96, 0x3e000 } } },
	/* XBR SET2 of port 7 (ev_sel 23): 0xe9c.. */
	{ "rbox_1 event=0x17 (port 7 XBR SET2),match_flt_cnt,ig_flt_cnt=0",
	  "uncore_rbox_1", 0x2e | MM_PKT << 32, 0x2000000000000ULL, 0xf000000000000ULL,
	  0xe30, 2, -1, 0x6f, 0x40, 0x1,
	  { { 0xe9c, MM_PKT }, { 0xe9d, 0x2000000000000ULL },
	    { 0xe9e, 0xf000000000000ULL } } },
	/*
	 * W: generic control; event=0xff the fixed counter, its en bit 0;
	 * its PMI enable (bit 20) is a guess, so counting runs without it
	 */
	{ "wbox event=2", "uncore_wbox", 0x02, 0, 0,
	  0xc90, 2, -1, 0x500002, 0x100000, 0x400000 },
	{ "wbox event=0xff (fixed)", "uncore_wbox", 0xff, 0, 0,
	  0x395, 0, 4, 0x1, 0, 0x1 },
	/* M: en 0, pmi_en 1, wrap_mode 6, inc_sel 13:9; DSP from config1 */
	{ "mbox_0 inc_sel=0,dsp=5,wrap_mode", "uncore_mbox_0", 0x40, 0x5, 0,
	  0xcb0, 2, -1, 0x43, 0x2, 0x1, { { 0xca5, 0x5 } } },
	/* PLD (inc_sel 0xb): PLD in config1 63:32, address match in config2 */
	{ "mbox_0 inc_sel=0xb,pld,addr_match,addr_mask,addr_en",
	  "uncore_mbox_0", 0x1640, 0x0000000900000000ULL,
	  0x8000000000000000ULL | 0x3ffULL << 34 | 0x12345,
	  0xcb0, 2, -1, 0x1643, 0x2, 0x1,
	  { { 0xcaa, 0x9 }, { 0xe54, 0x8000000000000000ULL },
	    { 0xe55, 0x12345 }, { 0xe56, 0x3ff } } },
	/* inc_sel 0xa: ISS in config1 31:0 and PLD 63:32, and the match */
	{ "mbox_1 inc_sel=0xa,iss,pld,addr_match,addr_mask,addr_en",
	  "uncore_mbox_1", 0x1440, 0x0000000700000003ULL,
	  0x8000000000000000ULL | 0x3ffULL << 34 | 0x12345,
	  0xcf0, 2, -1, 0x1443, 0x2, 0x1,
	  { { 0xce6, 0x3 }, { 0xcea, 0x7 }, { 0xe5c, 0x8000000000000000ULL },
	    { 0xe5d, 0x12345 }, { 0xe5e, 0x3ff } } },
};

/* The case's private uncore, of a Xeon 7500 / E7 platform */
static void nhmex_pmu_platform(struct kunit *test)
{
	xu_test_sim(test);
}

static void nhmex_pmu_encoding(struct kunit *test)
{
	struct xu_sim *sim;
	unsigned int i, j;

	nhmex_pmu_platform(test);
	sim = xu_test_sim(test);
	xu_test_quiet_sim(test, sim);
	for (i = 0; i < ARRAY_SIZE(nx_enc_cases); i++) {
		const struct nx_enc_case *c = &nx_enc_cases[i];
		struct xu_pmu *xp = xu_test_pmu(test, c->pmu);
		struct perf_event_attr attr;
		struct perf_event *ev;
		u64 want = c->ctl;
		int idx;
		u32 ctl;

		xu_test_attr(&attr, xp, c->config);
		attr.config1 = c->config1;
		attr.config2 = c->config2;
		ev = xu_test_try_open(test, xp, 0, &attr);
		if (IS_ERR(ev)) {
			KUNIT_FAIL(test, "%s: open: %ld", c->desc, PTR_ERR(ev));
			continue;
		}
		idx = READ_ONCE(ev->hw.idx);
		if (c->idx >= 0)
			KUNIT_EXPECT_EQ_MSG(test, idx, c->idx, "%s", c->desc);
		if (idx < 0) {
			KUNIT_FAIL(test, "%s: no counter", c->desc);
			xu_test_close(test, ev);
			continue;
		}
		if (!xu_uncore_instance()->pmi)
			want &= ~c->pmi;
		ctl = c->ctl0 + c->ctl_step * idx;
		KUNIT_EXPECT_EQ_MSG(test, xu_test_sim_rd(test, sim, 0, ctl), want,
				    "%s: counter %d control %#x", c->desc, idx, ctl);
		for (j = 0; j < ARRAY_SIZE(c->sub) && c->sub[j].msr; j++)
			KUNIT_EXPECT_EQ_MSG(test,
					    xu_test_sim_rd(test, sim, 0, c->sub[j].msr),
					    c->sub[j].val, "%s: MSR %#x", c->desc,
					    c->sub[j].msr);
		xu_test_close(test, ev);
		/* the counter stopped: its enable is off again */
		KUNIT_EXPECT_EQ_MSG(test,
				    xu_test_sim_rd(test, sim, 0, ctl) & c->en, 0ULL,
				    "%s: enable after close", c->desc);
	}
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 0ULL);
}

struct nx_refuse_case {
	const char *desc;
	const char *pmu;
	u64 config, config1, config2;
	unsigned int models;	/* 0: both; else only these platforms' */
};

static const struct nx_refuse_case nx_refuse_cases[] = {
	/* bits no format names */
	{ "cbox config bit 17", "uncore_cbox_0", 0x20001 },
	{ "cbox config bit 62 (reserved)", "uncore_cbox_0", 0x4000000000000001ULL },
	{ "cbox config1", "uncore_cbox_0", 0x1, 0x1 },
	{ "ubox umask", "uncore_ubox", 0x0101 },
	{ "wbox config2", "uncore_wbox", 0x1, 0, 0x1 },
	/* R-Box: 24 selections, 0x31 only through the match events */
	{ "rbox event=0x18", "uncore_rbox_0", 0x18 << 1 },
	{ "rbox IPERF event with iperf_cfg=0x31", "uncore_rbox_0", 0x0, 0x31 },
	{ "rbox IPERF event with a mask", "uncore_rbox_0", 0x0, 0x80000000, 0x1 },
	/* an IPERF selection is a match event only with mm_trig_en */
	{ "rbox IPERF event with match_flt_cnt, no mm_trig_en", "uncore_rbox_0",
	  0x10000ULL << 32, 0x80000000 },
	{ "rbox QLX byte 0 event with byte 1", "uncore_rbox_0", 0x2 << 1, 0x2500 },
	{ "rbox XBR without mm_trig_en", "uncore_rbox_0", 4 << 1 | 0x10000ULL << 32,
	  0x4000, 0x3e000 },
	{ "rbox XBR match bit 52 (reserved)", "uncore_rbox_0",
	  4 << 1 | MM_PKT << 32, 0x10000000000000ULL, 0x3e000 },
	{ "rbox XBR mask bit 20 (reserved)", "uncore_rbox_1",
	  5 << 1 | MM_PKT << 32, 0x4000, 0x100000 },
	/* B-Box: match/mask only for the match events */
	{ "bbox counter=3 with match", "uncore_bbox_0", 0xc2, 0x1 },
	{ "bbox counter=2,event=3 with mask", "uncore_bbox_1", 0x86, 0, 0x1 },
	/* S-Box: match/mask only for event 0; MASK 62:39 ignored */
	{ "sbox event=1 with match", "uncore_sbox_0", 0x01, 0x1 },
	{ "sbox mask bit 39", "uncore_sbox_0", 0x0, 0x1, 0x8000000000ULL },
	/* W-Box: the fixed counter takes no other field */
	{ "wbox event=0xff,umask=1", "uncore_wbox", 0x1ff },
	/* M-Box, Table 2-67 and the sub-registers */
	{ "mbox set_flag_sel without flag_mode", "uncore_mbox_0", 0x3640 | 0x3 << 19 },
	{ "mbox storage_mode without flag_mode", "uncore_mbox_0", 0x3650 },
	{ "mbox count_mode=1 without wrap_mode", "uncore_mbox_0", 0x3604 },
	{ "mbox config2 on a non-PLD event", "uncore_mbox_0", 0x3640, 0,
	  0x8000000000000001ULL },
	{ "mbox addr_match without addr_en", "uncore_mbox_1", 0x1440, 0, 0x12345 },
	{ "mbox config1 on an event without a sub-register", "uncore_mbox_0",
	  0x3640, 0x1 },
	/* field 1: bits 16:14 on Nehalem-EX, 17:15 on Westmere-EX */
	{ "mbox fvc event field 1 on inc_sel 0xd", "uncore_mbox_0", 0x1a40, 0x4000,
	  0, XU_TEST_NHMEX },
	{ "mbox fvc event field 1 on inc_sel 0xd", "uncore_mbox_0", 0x1a40, 0x8000,
	  0, XU_TEST_WSMEX },
};

static void nhmex_pmu_refusals(struct kunit *test)
{
	unsigned int i;

	nhmex_pmu_platform(test);
	for (i = 0; i < ARRAY_SIZE(nx_refuse_cases); i++) {
		const struct nx_refuse_case *c = &nx_refuse_cases[i];
		struct perf_event_attr attr;
		struct perf_event *ev;
		struct xu_pmu *xp;

		if (c->models && !(c->models & xu_test_model(test)))
			continue;
		xp = xu_test_pmu(test, c->pmu);
		xu_test_attr(&attr, xp, c->config);
		attr.config1 = c->config1;
		attr.config2 = c->config2;
		ev = xu_test_try_open(test, xp, 0, &attr);
		KUNIT_EXPECT_TRUE_MSG(test, IS_ERR(ev), "%s: opened", c->desc);
		if (IS_ERR(ev))
			KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(ev), -EINVAL, "%s", c->desc);
		else
			xu_test_close(test, ev);
	}
	KUNIT_EXPECT_EQ(test, xu_sim_violations(xu_test_sim(test)), 0ULL);
}

/* Sampling an M-Box event that counts down is refused: EOPNOTSUPP */
static void nhmex_pmu_mbox_sampling_count_down(struct kunit *test)
{
	struct xu_pmu *xp;
	struct perf_event_attr attr;
	struct perf_event *ev;

	nhmex_pmu_platform(test);
	xp = xu_test_pmu(test, "uncore_mbox_0");
	xu_test_attr(&attr, xp, 0x3644);	/* cycles, count_mode=1, wrap */
	attr.sample_period = 100000;
	ev = xu_test_try_open(test, xp, 0, &attr);
	KUNIT_EXPECT_TRUE(test, IS_ERR(ev));
	if (IS_ERR(ev))
		KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
}

/* Every PMU of the platform, with the C-Boxes the packages' cores give */
static void nhmex_pmu_names(struct kunit *test)
{
	static const char * const names[] = {
		"uncore_ubox", "uncore_mbox_0", "uncore_mbox_1",
		"uncore_cbox_0", "uncore_bbox_0", "uncore_bbox_1",
		"uncore_sbox_0", "uncore_sbox_1", "uncore_rbox_0",
		"uncore_rbox_1", "uncore_wbox",
	};
	unsigned int i;

	nhmex_pmu_platform(test);
	for (i = 0; i < ARRAY_SIZE(names); i++)
		KUNIT_EXPECT_NOT_NULL(test, xu_test_pmu(test, names[i]));
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

static struct kunit_case nhmex_pmu_cases[] = {
	KUNIT_CASE_PARAM(nhmex_pmu_names, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_pmu_encoding, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_pmu_refusals, nx_gen_params),
	KUNIT_CASE_PARAM(nhmex_pmu_mbox_sampling_count_down, nx_gen_params),
	{}
};

static struct kunit_suite nhmex_pmu_suite = {
	.name = "xeon_uncore_nhmex_pmu",
	.suite_exit = xu_test_suite_exit,
	.test_cases = nhmex_pmu_cases,
};

kunit_test_suite(nhmex_pmu_suite);
