// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_nhmex_traffic: the simulated Xeon 7500 and E7 count the
 * traffic scenario the test writes (xu_sim_set_traffic()), exactly, by
 * the events' definitions in the uncore programming guide (323535), on
 * private two-socket simulators whose clock only the test moves.  Every
 * expected count is computed here from the scenario's numbers.  The
 * private simulator is of the module's model (the KUnit layer's nhmex
 * and wsmex passes):
 *
 *   M-Box m is channel m.  BBOX_CMDS_ALL (inc_sel 0x1a, p. 2-111): the
 *   commands the B-Box sends the M-Box; FVC_EV0-3 (inc_sel 0xd-0x10,
 *   Table 2-89) with the FVC event select 5 (bcmd match): BBOX_CMDS.READS
 *   (bcmd 0) and .WRITES (bcmd 1).  A command moves one 64-byte line, so
 *   N MB/s is N * 10^6 / 64 commands a second.
 *   R-Box port p is link p: a line sent is one DRS packet of 9 flits
 *   (p. 2-61); a 6.4 GT/s link moves a flit of 80 bits every 4
 *   transfers of 20; IPERF bit 31 counts the flits sent, bit 30 the idle
 *   ones, 0xc4 the data responses (uncore_nhmex.c's qpi* events).
 *   The W-Box fixed counter and ev_sel 0xff count uncore clocks (Table
 *   2-102).
 *
 * Registers by their literal images: U_MSR_PMON_GLOBAL_CTL.en_all (bit
 * 28, Table 2-2); M_MSR_PMU_CNT_CTL en 0, wrap_mode 6, inc_sel 13:9
 * (Table 2-67); ZDP_CTL_FVC event select n at 13:11 + 3n, bcmd 7:5,
 * resp 10:8, one bit higher on the Xeon E7; R_MSR_PMON_CTL en 0, ev_sel
 * 5:1 (Table 2-44); C/W EVT_SEL ev_sel 7:0, umask 15:8, en 22 (Tables
 * 2-13, 2-98); W fixed control en 0.
 */
#include <linux/bitfield.h>
#include <linux/err.h>
#include <linux/string.h>
#include <linux/time64.h>

#include <xeon_uncore/nhmex.h>

#include "xu_test.h"

#define U_EN_ALL		0x10000000ULL
#define M_CTL(inc_sel)		(0x41ULL | FIELD_PREP(GENMASK_ULL(13, 9), (inc_sel)))
#define R_CTL(ev_sel)		(0x1ULL | FIELD_PREP(GENMASK_ULL(5, 1), (ev_sel)))
#define GEN_CTL(ev, umask)	(0x400000ULL | FIELD_PREP(GENMASK_ULL(15, 8), (umask)) | (ev))
#define W_FIXED_EN		0x1ULL
#define W_GCTL_FIXED_EN		0x80000000ULL

/* Table 2-89's FVC event select 5, "bcmd match", and 6, "resp match" */
#define FVC_BCMD_MATCH		5
#define FVC_RESP_MATCH		6

/* The background rates (Documentation/simulator.rst) and their sub-selector unit */
#define RATE_UNIT		100000ULL
#define SUB_UNIT		1000ULL

/* 64-byte lines (commands, DRS packets) a second of @mbps MB/s */
static u64 lines(u64 mbps)
{
	return mbps * 1000000 / 64;
}

/* A link's flits a second: 6.4 GT/s, 4 transfers a flit */
#define LINK_FLITS		(6400000000ULL / 4)
#define DRS_FLITS		9

struct nxt {
	struct xu_sim *sim;
	unsigned int shift;	/* ZDP_CTL_FVC fields: 0, 1 on the Xeon E7 */
};

static struct nxt *nxt(struct kunit *test)
{
	return test->priv;
}

static u64 rd(struct kunit *test, unsigned int s, u32 reg)
{
	u64 val = 0;

	/* the W-Box counters without the erratum (p. 2-128) */
	KUNIT_ASSERT_EQ(test, 0, xu_sim_peek(nxt(test)->sim, s, reg, &val));
	return val;
}

static void wr(struct kunit *test, unsigned int s, u32 reg, u64 val)
{
	xu_test_sim_wr(test, nxt(test)->sim, s, reg, val);
}

static void set(struct kunit *test, const char *text)
{
	KUNIT_ASSERT_EQ_MSG(test, 0, xu_sim_set_traffic(nxt(test)->sim, text),
			    "traffic \"%s\"", text);
}

static void second(struct kunit *test)
{
	xu_sim_advance(nxt(test)->sim, NSEC_PER_SEC);
}

/* ZDP_CTL_FVC: event select @sel in field @n, with @bcmd and @resp */
static u64 fvc(struct kunit *test, unsigned int n, u64 sel, u64 bcmd, u64 resp)
{
	u64 v = sel << (11 + 3 * n) | FIELD_PREP(GENMASK_ULL(7, 5), bcmd) |
		FIELD_PREP(GENMASK_ULL(10, 8), resp);

	return v << nxt(test)->shift;
}

/* Every FVC event field selecting @sel */
static u64 fvc_all(struct kunit *test, u64 sel, u64 bcmd, u64 resp)
{
	unsigned int n;
	u64 v = 0;

	for (n = 0; n < 4; n++)
		v |= fvc(test, n, sel, bcmd, resp);
	return v;
}

/* M-Box @b of socket @s: counters 0-3 FVC_EV0-3, 4 BBOX_CMDS_ALL, zeroed */
static void mbox_cmds(struct kunit *test, unsigned int s, unsigned int b)
{
	unsigned int i;

	wr(test, s, NHMEX_U_GLOBAL_CTL, U_EN_ALL);
	wr(test, s, NHMEX_M_GLOBAL_CTL(b), 0x3f);
	for (i = 0; i < 4; i++)
		wr(test, s, NHMEX_M_CNT_CTL(b, i), M_CTL(0xd + i));
	wr(test, s, NHMEX_M_CNT_CTL(b, 4), M_CTL(0x1a));
}

static void mbox_zero(struct kunit *test, unsigned int s, unsigned int b)
{
	unsigned int i;

	for (i = 0; i < 6; i++)
		wr(test, s, NHMEX_M_CNT(b, i), 0);
}

/* The scenario of the M-Box tests: every socket's and channel's own */
static const u32 mb_read[2][2] = { { 800, 1600 }, { 3200, 64 } };
static const u32 mb_write[2][2] = { { 400, 128 }, { 6400, 0 } };

static void set_mb_scenario(struct kunit *test)
{
	char line[80];
	unsigned int s, b;

	for (s = 0; s < 2; s++)
		for (b = 0; b < 2; b++) {
			snprintf(line, sizeof(line), "socket=%u channel=%u read=%u write=%u",
				 s, b, mb_read[s][b], mb_write[s][b]);
			set(test, line);
		}
}

/* BBOX_CMDS.READS and .WRITES through each of FVC_EV0-3, and BBOX_CMDS_ALL */
static void nxt_mbox_reads_and_writes(struct kunit *test)
{
	unsigned int s, b, i, bcmd;

	set_mb_scenario(test);
	for (s = 0; s < 2; s++)
		for (b = 0; b < 2; b++) {
			mbox_cmds(test, s, b);
			wr(test, s, NHMEX_M_ZDP_CTL_FVC(b), fvc_all(test, FVC_BCMD_MATCH, 0, 0));
		}
	second(test);
	for (s = 0; s < 2; s++)
		for (b = 0; b < 2; b++) {
			for (i = 0; i < 4; i++)
				KUNIT_EXPECT_EQ_MSG(test, rd(test, s, NHMEX_M_CNT(b, i)),
						    lines(mb_read[s][b]),
						    "socket %u M-Box %u FVC_EV%u reads", s, b, i);
			KUNIT_EXPECT_EQ_MSG(test, rd(test, s, NHMEX_M_CNT(b, 4)),
					    lines(mb_read[s][b]) + lines(mb_write[s][b]),
					    "socket %u M-Box %u BBOX_CMDS_ALL", s, b);
			mbox_zero(test, s, b);
		}

	/* bcmd 1: the writes; 2-7: commands the scenario has none of */
	for (bcmd = 1; bcmd < 8; bcmd++) {
		for (s = 0; s < 2; s++)
			for (b = 0; b < 2; b++)
				wr(test, s, NHMEX_M_ZDP_CTL_FVC(b),
				   fvc_all(test, FVC_BCMD_MATCH, bcmd, 0));
		second(test);
		for (s = 0; s < 2; s++)
			for (b = 0; b < 2; b++) {
				for (i = 0; i < 4; i++)
					KUNIT_EXPECT_EQ_MSG(test, rd(test, s, NHMEX_M_CNT(b, i)),
							    bcmd == 1 ? lines(mb_write[s][b]) : 0,
							    "socket %u M-Box %u FVC_EV%u bcmd %u",
							    s, b, i, bcmd);
				mbox_zero(test, s, b);
			}
	}
}

/* One FVC field for reads, another for resp match: only the first reads */
static void nxt_mbox_fvc_fields_apart(struct kunit *test)
{
	unsigned int resp;
	u64 v;

	set_mb_scenario(test);
	mbox_cmds(test, 1, 0);
	for (resp = 0; resp < 8; resp++) {
		mbox_zero(test, 1, 0);
		/* EV0 reads; EV1 resp match @resp; EV2 select 4; EV3 select 0 */
		v = fvc(test, 0, FVC_BCMD_MATCH, 0, resp) | fvc(test, 1, FVC_RESP_MATCH, 0, resp) |
		    fvc(test, 2, 4, 0, resp);
		wr(test, 1, NHMEX_M_ZDP_CTL_FVC(0), v);
		second(test);
		KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(0, 0)), lines(mb_read[1][0]));
		/* background of M-Box 0, socket 1: (inc_sel + 1) * (2 * 1 + 0 + 1) */
		KUNIT_EXPECT_EQ_MSG(test, rd(test, 1, NHMEX_M_CNT(0, 1)),
				    RATE_UNIT * (0xe + 1) * 3 + SUB_UNIT * (6 + 8 * resp),
				    "resp %u", resp);
		KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(0, 2)),
				RATE_UNIT * (0xf + 1) * 3 + SUB_UNIT * 4);
		KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(0, 3)), RATE_UNIT * (0x10 + 1) * 3);
	}
}

/*
 * PAGE_HIT (inc_sel 0x14) and PAGE_EMPTY (0x15, p. 2-119): of the
 * channel's reads and writes, the page hits ("a command that requires
 * only a CAS") and those that find the bank with no page open; the page
 * misses (another page open) are neither
 */
static void nxt_mbox_page_hit_and_empty(struct kunit *test)
{
	static const u32 hit[2][2] = { { 50, 0 }, { 100, 30 } };
	static const u32 miss[2][2] = { { 30, 100 }, { 0, 45 } };
	char line[96];
	unsigned int s, b;
	u64 all;

	set_mb_scenario(test);
	for (s = 0; s < 2; s++) {
		wr(test, s, NHMEX_U_GLOBAL_CTL, U_EN_ALL);
		for (b = 0; b < 2; b++) {
			snprintf(line, sizeof(line), "socket=%u channel=%u pagehit=%u pagemiss=%u",
				 s, b, hit[s][b], miss[s][b]);
			set(test, line);
			wr(test, s, NHMEX_M_GLOBAL_CTL(b), 0x3f);
			wr(test, s, NHMEX_M_CNT_CTL(b, 0), M_CTL(0x14));
			wr(test, s, NHMEX_M_CNT_CTL(b, 1), M_CTL(0x15));
		}
	}
	second(test);
	for (s = 0; s < 2; s++)
		for (b = 0; b < 2; b++) {
			all = lines(mb_read[s][b]) + lines(mb_write[s][b]);
			KUNIT_EXPECT_EQ_MSG(test, rd(test, s, NHMEX_M_CNT(b, 0)),
					    all * hit[s][b] / 100,
					    "socket %u M-Box %u PAGE_HIT", s, b);
			KUNIT_EXPECT_EQ_MSG(test, rd(test, s, NHMEX_M_CNT(b, 1)),
					    all * (100 - hit[s][b] - miss[s][b]) / 100,
					    "socket %u M-Box %u PAGE_EMPTY", s, b);
		}
}

/* A new scenario counts from the moment it is written, exactly */
static void nxt_change_takes_effect_at_once(struct kunit *test)
{
	set(test, "socket=0 channel=1 read=800 write=160");
	mbox_cmds(test, 0, 1);
	wr(test, 0, NHMEX_M_ZDP_CTL_FVC(1), fvc_all(test, FVC_BCMD_MATCH, 1, 0));
	xu_sim_advance(nxt(test)->sim, NSEC_PER_SEC / 4);
	set(test, "socket=0 channel=1 write=1760;socket=1 channel=1 write=1");
	xu_sim_advance(nxt(test)->sim, NSEC_PER_SEC / 4);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 0)),
			lines(160) / 4 + lines(1760) / 4);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 4)),
			(lines(800) + lines(160)) / 4 + (lines(800) + lines(1760)) / 4);
}

/* R-Box port p (half p / 4, port p % 4 of it) sends the scenario's tx */
static void nxt_rbox_flits(struct kunit *test)
{
	static const u32 tx[8] = { 640, 0, 3200, 64, 11000, 1, 320, 12000 };
	static const struct {
		u32 iperf;	/* the IPERF value */
		u8 slot;	/* IPERF0 or IPERF1 */
	} ev[] = {
		{ 0x80000000, 0 },	/* flits sent */
		{ 0x40000000, 1 },	/* idle flits */
	};
	char line[64];
	unsigned int s = 1, p, h, k, e;
	u64 sent, want;

	for (p = 0; p < 8; p++) {
		snprintf(line, sizeof(line), "socket=%u link=%u tx=%u", s, p, tx[p]);
		set(test, line);
	}
	wr(test, s, NHMEX_U_GLOBAL_CTL, U_EN_ALL);
	for (e = 0; e < ARRAY_SIZE(ev) + 2; e++) {
		for (h = 0; h < 2; h++) {
			wr(test, s, NHMEX_R_GLOBAL_CTL(h), 0xff);
			for (k = 0; k < 4; k++) {
				u32 v = e < 2 ? ev[e].iperf : e == 2 ? 0xc0000000 : 0xc4;
				unsigned int slot = e < 2 ? ev[e].slot : e - 2;

				/* counter k: port k of the half, the IPERF slot */
				wr(test, s, slot ? NHMEX_R_IPERF1(h, k) : NHMEX_R_IPERF0(h, k), v);
				wr(test, s, NHMEX_R_CTL(h, k), R_CTL(6 * k + slot));
				wr(test, s, NHMEX_R_CTR(h, k), 0);
			}
		}
		second(test);
		for (p = 0; p < 8; p++) {
			sent = DRS_FLITS * lines(tx[p]);
			switch (e) {
			case 0:
				want = sent;
				break;
			case 1:
				want = sent < LINK_FLITS ? LINK_FLITS - sent : 0;
				break;
			case 2:		/* both bits: every flit */
				want = max(sent, LINK_FLITS);
				break;
			default:	/* data responses, one a line */
				want = lines(tx[p]);
				break;
			}
			KUNIT_EXPECT_EQ_MSG(test, rd(test, s, NHMEX_R_CTR(p / 4, p % 4)), want,
					    "port %u tx %u MB/s, case %u", p, tx[p], e);
		}
	}
}

/* The W-Box fixed counter and ev_sel 0xff count the uncore clock */
static void nxt_wbox_uclk(struct kunit *test)
{
	unsigned int s;

	set(test, "socket=0 uclk=2400;socket=1 uclk=133");
	for (s = 0; s < 2; s++) {
		wr(test, s, NHMEX_U_GLOBAL_CTL, U_EN_ALL);
		wr(test, s, NHMEX_W_GLOBAL_CTL, W_GCTL_FIXED_EN | 0x1);
		wr(test, s, NHMEX_W_FIXED_CTL, W_FIXED_EN);
		wr(test, s, NHMEX_W_EVT_SEL(0), GEN_CTL(0xff, 0));
	}
	second(test);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_W_FIXED_CTR), 2400000000ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_W_CTR(0)), 2400000000ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_W_FIXED_CTR), 133000000ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_W_CTR(0)), 133000000ULL);
}

/*
 * The encodings the model leaves out: the background rate plus 1000 a
 * second per unit of the sub-selector, so that no two count the same
 */
static void nxt_background_differs_by_sub_selector(struct kunit *test)
{
	unsigned int pgt, umask, q;
	u32 iperf;

	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_EN_ALL);
	/* M-Box 1 PAGE_TABLE (inc_sel 0x16) by PGT bit 0, DSP (0x0) by 10:7 */
	wr(test, 0, NHMEX_M_GLOBAL_CTL(1), 0x3f);
	wr(test, 0, NHMEX_M_CNT_CTL(1, 0), M_CTL(0x16));
	wr(test, 0, NHMEX_M_CNT_CTL(1, 1), M_CTL(0x0));
	for (pgt = 0; pgt < 2; pgt++) {
		wr(test, 0, NHMEX_M_PGT(1), pgt);
		wr(test, 0, NHMEX_M_DSP(1), FIELD_PREP(GENMASK_ULL(10, 7), 9 + pgt));
		mbox_zero(test, 0, 1);
		second(test);
		/* socket 0, M-Box 1: (inc_sel + 1) * (2 * 0 + 1 + 1) */
		KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 0)),
				RATE_UNIT * (0x16 + 1) * 2 + SUB_UNIT * pgt);
		KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 1)),
				RATE_UNIT * 1 * 2 + SUB_UNIT * (9 + pgt));
	}

	/* C-Box 3 event 0x2 by umask: ((ev & 7) + 1) * (socket + 3 + 1) */
	wr(test, 1, NHMEX_U_GLOBAL_CTL, U_EN_ALL);
	wr(test, 1, NHMEX_C_GLOBAL_CTL0 + 0xc0, 0x1);
	for (umask = 0; umask < 256; umask += 85) {
		wr(test, 1, NHMEX_C_EVT_SEL0 + 0xc0, GEN_CTL(0x2, umask));
		wr(test, 1, NHMEX_C_EVT_SEL0 + 0xc0 + 1, 0);
		second(test);
		KUNIT_EXPECT_EQ_MSG(test, rd(test, 1, NHMEX_C_EVT_SEL0 + 0xc0 + 1),
				    RATE_UNIT * 3 * (1 + 3 + 1) + SUB_UNIT * umask,
				    "umask %#x", umask);
	}

	/* R-Box half 1 port 2: QLX byte 1 (ev 0xf), IPERF0 (ev 0xc) values */
	wr(test, 1, NHMEX_R_GLOBAL_CTL(1), 0x3);
	wr(test, 1, NHMEX_R_CTL(1, 0), R_CTL(0xf));
	wr(test, 1, NHMEX_R_CTL(1, 1), R_CTL(0xc));
	for (q = 0; q < 3; q++) {
		iperf = q == 0 ? 0x1 : q == 1 ? 0x31000 : 0x80000001;
		wr(test, 1, NHMEX_R_QLX_CFG(1, 2), FIELD_PREP(GENMASK_ULL(15, 8), 0x21 * q));
		wr(test, 1, NHMEX_R_IPERF0(1, 2), iperf);
		wr(test, 1, NHMEX_R_CTR(1, 0), 0);
		wr(test, 1, NHMEX_R_CTR(1, 1), 0);
		second(test);
		/* ((ev & 7) + 1) * (2 * socket + half + 1) */
		KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_R_CTR(1, 0)),
				RATE_UNIT * 8 * 4 + SUB_UNIT * 0x21 * q);
		KUNIT_EXPECT_EQ_MSG(test, rd(test, 1, NHMEX_R_CTR(1, 1)),
				    RATE_UNIT * 5 * 4 +
				    SUB_UNIT * ((iperf & 0xffff) ^ (iperf >> 16)),
				    "IPERF %#x", iperf);
	}
}

/* The scenario each socket starts with (Documentation/simulator-nhmex-traffic.rst) */
static void nxt_default_scenario(struct kunit *test)
{
	struct xu_sim_traffic t;
	unsigned int s, i;

	for (s = 0; s < 2; s++) {
		KUNIT_ASSERT_EQ(test, 0, xu_sim_traffic(nxt(test)->sim, s, &t));
		for (i = 0; i < 2; i++) {
			KUNIT_EXPECT_EQ(test, t.read[i], 96 * (2 * s + i + 1));
			KUNIT_EXPECT_EQ(test, t.write[i], 64 * (2 * s + i + 1));
			KUNIT_EXPECT_EQ(test, t.pagehit[i], 60);
			KUNIT_EXPECT_EQ(test, t.pagemiss[i], 25);
		}
		for (i = 0; i < 8; i++)
			KUNIT_EXPECT_EQ(test, t.tx[i], 64 * (s + i + 1));
		KUNIT_EXPECT_EQ(test, t.uclk, s + 1);
	}
}

/* What the platform cannot count, and what it does not have, is refused */
static void nxt_bad_lines_refused(struct kunit *test)
{
	static const char * const bad[] = {
		"socket=0 link=0 rx=100",		/* no R-Box event counts rx */
		"socket=0 link=0 tx=100 rx=100",
		"socket=0 latency=80",			/* nor latency */
		"socket=1 remote=25",			/* nor the remote share */
		"socket=0 channel=2 read=100",		/* 2 M-Boxes */
		"socket=0 link=8 tx=100",		/* 8 R-Box ports */
		"socket=2 uclk=100",			/* 2 sockets */
		"socket=0 uclk=0",
		"socket=0 channel=0 tx=1",
		"socket=0 channel=0 read=100;socket=0 latency=1",
		"socket=0 c0=50",			/* no C-state residency */
		"socket=0 channel=0 pagehit=50 pagemiss=51",	/* over 100% */
		"socket=0 link=0 pagehit=50",		/* a channel's */
	};
	struct xu_sim_traffic before[2], after;
	unsigned int i, s;

	for (s = 0; s < 2; s++)
		KUNIT_ASSERT_EQ(test, 0, xu_sim_traffic(nxt(test)->sim, s, &before[s]));
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, xu_sim_set_traffic(nxt(test)->sim, bad[i]), -EINVAL,
				    "\"%s\"", bad[i]);
	for (s = 0; s < 2; s++) {
		KUNIT_ASSERT_EQ(test, 0, xu_sim_traffic(nxt(test)->sim, s, &after));
		KUNIT_EXPECT_EQ(test, memcmp(&before[s], &after, sizeof(after)), 0);
	}
	set(test, "socket=1 channel=1 read=5 write=7;socket=0 link=7 tx=9;socket=1 uclk=3");
	KUNIT_ASSERT_EQ(test, 0, xu_sim_traffic(nxt(test)->sim, 1, &after));
	KUNIT_EXPECT_EQ(test, after.read[1], 5U);
	KUNIT_EXPECT_EQ(test, after.write[1], 7U);
	KUNIT_EXPECT_EQ(test, after.uclk, 3U);
	KUNIT_ASSERT_EQ(test, 0, xu_sim_traffic(nxt(test)->sim, 0, &after));
	KUNIT_EXPECT_EQ(test, after.tx[7], 9U);
}

KUNIT_DEFINE_ACTION_WRAPPER(nxt_destroy_action, xu_sim_destroy, struct xu_sim *);

static int nxt_init(struct kunit *test)
{
	bool wsmex = xu_test_model(test) == XU_TEST_WSMEX;
	struct nxt *t;
	int ret;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->sim = xu_sim_create(xu_test_pf(test)->sim, 2);
	if (IS_ERR(t->sim))
		return PTR_ERR(t->sim);
	ret = kunit_add_action_or_reset(test, nxt_destroy_action, t->sim);
	if (ret)
		return ret;
	t->shift = wsmex;
	/* exact counts: the test's clock; the generator counts the traffic */
	xu_sim_set_manual_clock(t->sim, true);
	xu_sim_set_generator(t->sim, true);
	test->priv = t;
	return 0;
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

static struct kunit_case nxt_cases[] = {
	KUNIT_CASE_PARAM(nxt_mbox_reads_and_writes, nx_gen_params),
	KUNIT_CASE_PARAM(nxt_mbox_fvc_fields_apart, nx_gen_params),
	KUNIT_CASE_PARAM(nxt_mbox_page_hit_and_empty, nx_gen_params),
	KUNIT_CASE_PARAM(nxt_change_takes_effect_at_once, nx_gen_params),
	KUNIT_CASE_PARAM(nxt_rbox_flits, nx_gen_params),
	KUNIT_CASE_PARAM(nxt_wbox_uclk, nx_gen_params),
	KUNIT_CASE_PARAM(nxt_background_differs_by_sub_selector, nx_gen_params),
	KUNIT_CASE_PARAM(nxt_default_scenario, nx_gen_params),
	KUNIT_CASE_PARAM(nxt_bad_lines_refused, nx_gen_params),
	{}
};

static struct kunit_suite nxt_suite = {
	.name = "xeon_uncore_nhmex_traffic",
	.init = nxt_init,
	.test_cases = nxt_cases,
};

kunit_test_suite(nxt_suite);
