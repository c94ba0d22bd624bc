/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Register layout of the Intel Xeon 7500 (Nehalem-EX) and Xeon E7
 * (Westmere-EX) uncore performance monitoring units.
 *
 * Source: Intel Xeon Processor 7500 Series Uncore Programming Guide
 * (323535-001), section 2.  Shared by the driver, the simulated uncore
 * and the tests, so that all of them agree on every bit.
 */
#ifndef _XEON_UNCORE_NHMEX_H
#define _XEON_UNCORE_NHMEX_H

#include <linux/bits.h>

/* U-Box: global control, status and its single counter (Tables 2-1..2-7) */
#define NHMEX_U_GLOBAL_CTL		0xc00
#define NHMEX_U_GLOBAL_STATUS		0xc01
#define NHMEX_U_GLOBAL_OVF_CTL		0xc02
#define NHMEX_U_EVT_SEL			0xc10
#define NHMEX_U_CTR			0xc11

/*
 * U_MSR_PMON_GLOBAL_CTL.  en_all is the live enable of every uncore
 * counter; frz_all asks the U-Box to clear en_all when a PMI arrives
 * (section 2.1.1.1), so "freeze" means en_all = 0.
 */
#define NHMEX_U_GCTL_EN			BIT_ULL(0)	/* the U-Box counter */
#define NHMEX_U_GCTL_PMI_CORE_SEL	GENMASK_ULL(4, 1)
#define NHMEX_U_GCTL_EN_ALL		BIT_ULL(28)
#define NHMEX_U_GCTL_RST_ALL		BIT_ULL(29)
#define NHMEX_U_GCTL_FRZ_ALL		BIT_ULL(31)
#define NHMEX_U_GCTL_RSVD		(GENMASK_ULL(63, 32) | BIT_ULL(30) | \
					 GENMASK_ULL(27, 5))

/*
 * U_MSR_PMON_GLOBAL_STATUS summarises the boxes' overflow bits; writing 1
 * to the same bit of U_MSR_PMON_GLOBAL_OVF_CTL clears it.  M-Box i
 * reports through the summary of S-Box i (S_MSR_PMON_SUMMARY.ov_mb).
 */
#define NHMEX_U_GSTS_OV_U		BIT_ULL(0)
#define NHMEX_U_GSTS_OV_W		BIT_ULL(1)
#define NHMEX_U_GSTS_OV_S1		BIT_ULL(2)
#define NHMEX_U_GSTS_OV_S0		BIT_ULL(3)
#define NHMEX_U_GSTS_OV_S(i)		((i) ? NHMEX_U_GSTS_OV_S1 : NHMEX_U_GSTS_OV_S0)

/* U_MSR_PMON_EVT_SEL (Table 2-6) */
#define NHMEX_U_CTL_EV_SEL		GENMASK_ULL(7, 0)
#define NHMEX_U_CTL_EDGE		BIT_ULL(18)
#define NHMEX_U_CTL_PMI_EN		BIT_ULL(20)
#define NHMEX_U_CTL_EN			BIT_ULL(22)
/* bits 17:8 are not documented and 62 is "must write 0" */
#define NHMEX_U_CTL_RSVD		(BIT_ULL(62) | GENMASK_ULL(17, 8))
#define NHMEX_U_CTL_IGNORED		(BIT_ULL(63) | GENMASK_ULL(61, 23) | \
					 BIT_ULL(21) | BIT_ULL(19))

/* M-Box: two boxes, six counters each (Tables 2-64..2-68) */
#define NHMEX_M_NUM_BOXES		2
#define NHMEX_M_NUM_COUNTERS		6
#define NHMEX_M_BOX_STRIDE		0x40
#define NHMEX_M_GLOBAL_CTL(b)		(0xca0 + (b) * NHMEX_M_BOX_STRIDE)
#define NHMEX_M_GLOBAL_STATUS(b)	(0xca1 + (b) * NHMEX_M_BOX_STRIDE)
#define NHMEX_M_GLOBAL_OVF_CTL(b)	(0xca2 + (b) * NHMEX_M_BOX_STRIDE)
#define NHMEX_M_TIMESTAMP(b)		(0xca4 + (b) * NHMEX_M_BOX_STRIDE)
#define NHMEX_M_CNT_CTL(b, i)		(0xcb0 + (b) * NHMEX_M_BOX_STRIDE + 2 * (i))
#define NHMEX_M_CNT(b, i)		(0xcb1 + (b) * NHMEX_M_BOX_STRIDE + 2 * (i))

/* M_MSR_PERF_GLOBAL_CTL, _STATUS and _OVF_CTL: one bit per counter */
#define NHMEX_M_GCTL_CTR_EN		GENMASK_ULL(5, 0)
#define NHMEX_M_GSTS_OV			GENMASK_ULL(5, 0)

/* M_MSR_PMU_CNT_CTL (Table 2-67) */
#define NHMEX_M_CTL_EN			BIT_ULL(0)
#define NHMEX_M_CTL_PMI_EN		BIT_ULL(1)
#define NHMEX_M_CTL_COUNT_MODE		GENMASK_ULL(3, 2)
#define NHMEX_M_CTL_STORAGE_MODE	GENMASK_ULL(5, 4)
#define NHMEX_M_CTL_WRAP_MODE		BIT_ULL(6)
#define NHMEX_M_CTL_FLAG_MODE		BIT_ULL(7)
#define NHMEX_M_CTL_INC_SEL		GENMASK_ULL(13, 9)
#define NHMEX_M_CTL_SET_FLAG_SEL	GENMASK_ULL(21, 19)
/* "Reserved; must write 0": bits 8, 18:14, 24:22 and 62:61 */
#define NHMEX_M_CTL_RSVD		(BIT_ULL(8) | GENMASK_ULL(18, 14) | \
					 GENMASK_ULL(24, 22) | GENMASK_ULL(62, 61))
/* "Read zero; writes ignored": bits 60:25 and 63 */
#define NHMEX_M_CTL_IGNORED		(GENMASK_ULL(60, 25) | BIT_ULL(63))

/* count_mode values */
#define NHMEX_M_COUNT_UP		0
#define NHMEX_M_COUNT_DOWN		1
#define NHMEX_M_COUNT_BOTH		2

/*
 * Box-level registers every box but the U-Box has: GLOBAL_CTL (ctr_en,
 * one bit per counter), GLOBAL_STATUS (ov) and GLOBAL_OVF_CTL (clr_ov,
 * write 1 to clear) at consecutive addresses.  Clearing a counter's ov
 * bit clears every summary above it (323535 section 2.1.1).
 */
#define NHMEX_BOX_STATUS(ctl)		((ctl) + 1)
#define NHMEX_BOX_OVF_CTL(ctl)		((ctl) + 2)

/*
 * The generic counter control of the C-, S- and W-Boxes (Tables 2-13,
 * 2-29, 2-98)
 */
#define NHMEX_CTL_EV_SEL		GENMASK_ULL(7, 0)
#define NHMEX_CTL_UMASK			GENMASK_ULL(15, 8)
#define NHMEX_CTL_EDGE			BIT_ULL(18)
#define NHMEX_CTL_PMI_EN		BIT_ULL(20)
#define NHMEX_CTL_EN			BIT_ULL(22)
#define NHMEX_CTL_INVERT		BIT_ULL(23)
#define NHMEX_CTL_THRESH		GENMASK_ULL(31, 24)

/*
 * C-Boxes: 8 on Nehalem-EX, 10 on Westmere-EX, six counters each.  Their
 * register blocks are not in box order: C-Box i's GLOBAL_CTL is
 * 0xd00 + NHMEX_C_BOX_OFFS[i] (Intel SDM vol. 4, the Xeon 7500 MSR table;
 * Linux's uncore_nhmex.c uses the same offsets, nhmex_cbox_msr_offsets).  The
 * counter controls are C_MSR_PMON_EVT_SEL (Table 2-13), the generic layout
 * above.
 */
#define NHMEX_C_NUM_BOXES		8
#define WSMEX_C_NUM_BOXES		10
#define NHMEX_C_NUM_COUNTERS		6
#define NHMEX_C_GLOBAL_CTL0		0xd00
#define NHMEX_C_EVT_SEL0		0xd10	/* counter k: + 2k */
#define NHMEX_C_CTR0			0xd11	/* counter k: + 2k */
#define NHMEX_C_BOX_OFFS		{ 0x000, 0x080, 0x040, 0x0c0, 0x020, \
					  0x0a0, 0x060, 0x0e0, 0x240, 0x2c0 }
/* C_MSR_PMON_GLOBAL_CTL, _STATUS, _OVF_CTL (Tables 2-10..2-12) */
#define NHMEX_C_GCTL_CTR_EN		GENMASK_ULL(5, 0)
/* Table 2-13: bits 62:61 are "must write 0"; the others not named are ignored */
#define NHMEX_CTL_RSVD			GENMASK_ULL(62, 61)

/*
 * B-Boxes: two, four counters, each counter with its own event list
 * (Tables 2-16..2-22).  B_MSR_PMON_EVT_SEL holds only en, ev_sel and
 * pmi_en; which counter an event needs is the driver's business, carried
 * in attr.config bits 7:6 (NHMEX_B_CFG_CTR), never written.
 */
#define NHMEX_B_NUM_BOXES		2
#define NHMEX_B_NUM_COUNTERS		4
#define NHMEX_B_BOX_STRIDE		0x40
#define NHMEX_B_GLOBAL_CTL(b)		(0xc20 + (b) * NHMEX_B_BOX_STRIDE)
#define NHMEX_B_EVT_SEL(b, k)		(0xc30 + (b) * NHMEX_B_BOX_STRIDE + 2 * (k))
#define NHMEX_B_CTR(b, k)		(0xc31 + (b) * NHMEX_B_BOX_STRIDE + 2 * (k))
#define NHMEX_B_MM_STRIDE		8
#define NHMEX_B_MATCH(b)		(0xe45 + (b) * NHMEX_B_MM_STRIDE)
#define NHMEX_B_MASK(b)			(0xe46 + (b) * NHMEX_B_MM_STRIDE)
#define NHMEX_B_GCTL_CTR_EN		GENMASK_ULL(3, 0)
/* B_MSR_PMON_EVT_SEL (Table 2-20) */
#define NHMEX_B_CTL_EN			BIT_ULL(0)
#define NHMEX_B_CTL_EV_SEL		GENMASK_ULL(5, 1)
#define NHMEX_B_CTL_PMI_EN		BIT_ULL(20)
/* attr.config only: the counter whose event list ev_sel indexes */
#define NHMEX_B_CFG_CTR			GENMASK_ULL(7, 6)

/*
 * S-Boxes: two, four counters with the generic control (Table 2-29);
 * packet match/mask for event 0, TO_R_PROG_EV (Tables 2-33..2-35).
 */
#define NHMEX_S_NUM_BOXES		2
#define NHMEX_S_NUM_COUNTERS		4
#define NHMEX_S_BOX_STRIDE		0x80
#define NHMEX_S_GLOBAL_CTL(b)		(0xc40 + (b) * NHMEX_S_BOX_STRIDE)
#define NHMEX_S_EVT_SEL(b, k)		(0xc50 + (b) * NHMEX_S_BOX_STRIDE + 2 * (k))
#define NHMEX_S_CTR(b, k)		(0xc51 + (b) * NHMEX_S_BOX_STRIDE + 2 * (k))
#define NHMEX_S_MM_STRIDE		0x10
#define NHMEX_S_MM_CFG(b)		(0xe48 + (b) * NHMEX_S_MM_STRIDE)
#define NHMEX_S_MATCH(b)		(0xe49 + (b) * NHMEX_S_MM_STRIDE)
#define NHMEX_S_MASK(b)			(0xe4a + (b) * NHMEX_S_MM_STRIDE)
#define NHMEX_S_GCTL_CTR_EN		GENMASK_ULL(3, 0)
#define NHMEX_S_EV_TO_R_PROG_EV		0x00
/* S_MSR_MM_CFG: bit 63 enables the match/mask facility */
#define NHMEX_S_MM_CFG_EN		BIT_ULL(63)
/* S_MSR_MASK (Table 2-35): addr 38:1 masks PA[43:6]; 62:39 ignored */
#define NHMEX_S_MASK_ADDR		GENMASK_ULL(38, 1)
#define NHMEX_S_MASK_VALID		GENMASK_ULL(38, 0)

/*
 * S_MSR_PMON_SUMMARY (Table 2-26): the second level of the overflow
 * hierarchy.  S-Box 0 summarises C-Boxes 0-3, M-Box 0, B-Box 0, itself
 * and the R-Box's left half; S-Box 1 C-Boxes 4-7, M-Box 1, B-Box 1,
 * itself and the right half.  Read-only: it clears with the box status
 * bits it summarises.  The address is not in the pages of Table 2-25 we
 * could read: GLOBAL_CTL + 3, the place after the box's CTL, STATUS and
 * OVF_CTL, is our choice (Documentation/pmu/nhmex.rst).
 */
#define NHMEX_S_SUMMARY(b)		(0xc43 + (b) * NHMEX_S_BOX_STRIDE)
#define NHMEX_S_SUM_OV_C_R		BIT_ULL(0)	/* C2/C3, C6/C7 */
#define NHMEX_S_SUM_OV_C_L		BIT_ULL(2)	/* C0/C1, C4/C5 */
#define NHMEX_S_SUM_OV_MB		BIT_ULL(16)
#define NHMEX_S_SUM_OV_S		BIT_ULL(18)
#define NHMEX_S_SUM_OV_R		BIT_ULL(19)
#define NHMEX_S_SUM_VALID		(NHMEX_S_SUM_OV_C_R | NHMEX_S_SUM_OV_C_L | \
					 NHMEX_S_SUM_OV_MB | NHMEX_S_SUM_OV_S | \
					 NHMEX_S_SUM_OV_R)

/*
 * R-Box: one crossbar of eight ports, monitored as two halves (ports 0-3
 * and 4-7), each with eight counters and a GLOBAL_CTL of its own
 * (Tables 2-38..2-52).
 */
#define NHMEX_R_NUM_BOXES		2
#define NHMEX_R_NUM_COUNTERS		8
#define NHMEX_R_PORTS			4	/* per half */
#define NHMEX_R_BOX_STRIDE		0x20
#define NHMEX_R_GLOBAL_CTL(b)		(0xe00 + (b) * NHMEX_R_BOX_STRIDE)
#define NHMEX_R_CTL(b, k)		(0xe10 + (b) * NHMEX_R_BOX_STRIDE + 2 * (k))
#define NHMEX_R_CTR(b, k)		(0xe11 + (b) * NHMEX_R_BOX_STRIDE + 2 * (k))
#define NHMEX_R_GCTL_CTR_EN		GENMASK_ULL(7, 0)
/*
 * Sub-control registers of port p (0-3) of half b, and the distance
 * between the two halves' copies of each
 */
#define NHMEX_R_IPERF_STRIDE		4
#define NHMEX_R_QLX_STRIDE		0x20
#define NHMEX_R_XBR_STRIDE		0x20
#define NHMEX_R_IPERF0(b, p)		(0xe04 + (b) * NHMEX_R_IPERF_STRIDE + (p))
#define NHMEX_R_IPERF1(b, p)		(0xe24 + (b) * NHMEX_R_IPERF_STRIDE + (p))
#define NHMEX_R_QLX_CFG(b, p)		(0xe0c + (b) * NHMEX_R_QLX_STRIDE + (p))
/* set 0 is the guide's SET1, set 1 its SET2 */
#define NHMEX_R_XBR_MM_CFG(b, p, set)	(0xe60 + (b) * NHMEX_R_XBR_STRIDE + \
					 (set) * 0x10 + (p) * 4)
#define NHMEX_R_XBR_MATCH(b, p, set)	(NHMEX_R_XBR_MM_CFG(b, p, set) + 1)
#define NHMEX_R_XBR_MASK(b, p, set)	(NHMEX_R_XBR_MM_CFG(b, p, set) + 2)
/* R_MSR_PMON_CTL (Table 2-44); 62:61 "must write 0", the rest ignored */
#define NHMEX_R_CTL_EN			BIT_ULL(0)
#define NHMEX_R_CTL_EV_SEL		GENMASK_ULL(5, 1)
#define NHMEX_R_CTL_PMI_EN		BIT_ULL(6)
/*
 * ev_sel: six sub-register selections per port, ports in order (the
 * kernel's uncore_nhmex.c; Table 2-44 names the three kinds)
 */
#define NHMEX_R_EV_PER_PORT		6
#define NHMEX_R_EV_MAX			(NHMEX_R_PORTS * NHMEX_R_EV_PER_PORT - 1)
#define NHMEX_R_SUB_IPERF0		0
#define NHMEX_R_SUB_IPERF1		1
#define NHMEX_R_SUB_QLX0		2	/* QLX_CFG bits 7:0 */
#define NHMEX_R_SUB_QLX1		3	/* QLX_CFG bits 15:8 */
#define NHMEX_R_SUB_XBR1		4	/* XBR SET1 match/mask */
#define NHMEX_R_SUB_XBR2		5	/* XBR SET2 match/mask */
/* R_MSR_PORT*_IPERF_CFG*: 32 bits; event 0x31 counts the XBR match */
#define NHMEX_R_IPERF_VALID		GENMASK_ULL(31, 0)
#define NHMEX_R_IPERF_TO_R_PROG_EV	0x31
/* R_MSR_PORT*_QLX_CFG (Table 2-49): one event byte per half-word */
#define NHMEX_R_QLX_EV_TYPE		GENMASK_ULL(3, 0)
#define NHMEX_R_QLX_EV_CLS		GENMASK_ULL(6, 4)
#define NHMEX_R_QLX_EV_SUB		BIT_ULL(7)
#define NHMEX_R_QLX_EV(n)		(GENMASK_ULL(7, 0) << (8 * (n)))
/* R_MSR_PORT*_XBR_SET*_MM_CFG (Table 2-50, specs/xeon7500-rbox-match-mask.txt) */
#define NHMEX_R_MM_CFG_DIS		BIT_ULL(63)
#define NHMEX_R_MM_CFG_TRIG_EN		BIT_ULL(21)
#define NHMEX_R_MM_CFG_IG_FLT_CNT	BIT_ULL(20)
#define NHMEX_R_MM_CFG_MATCH_FLT_CNT	GENMASK_ULL(19, 16)
#define NHMEX_R_MM_CFG_MATCH_71_64	GENMASK_ULL(15, 8)
#define NHMEX_R_MM_CFG_MASK_71_64	GENMASK_ULL(7, 0)
#define NHMEX_R_MM_CFG_VALID		GENMASK_ULL(21, 0)
/* attr.config bits 63:32 carry MM_CFG bits 31:0 */
#define NHMEX_R_CFG_MM_SHIFT		32
#define NHMEX_R_CFG_MM			(NHMEX_R_MM_CFG_VALID << NHMEX_R_CFG_MM_SHIFT)
/*
 * R_MSR_PORT*_XBR_SET*_MATCH and _MASK (Tables 2-51, 2-52): bits 63:52,
 * 47:36 and 30:18 must be written 0.  MASK is taken to share MATCH's
 * layout (Documentation/pmu/nhmex.rst).
 */
#define NHMEX_R_MM_RDS			GENMASK_ULL(51, 48)
#define NHMEX_R_MM_RNID			GENMASK_ULL(35, 31)
#define NHMEX_R_MM_DNID			GENMASK_ULL(17, 13)
#define NHMEX_R_MM_LOW			GENMASK_ULL(12, 0)
#define NHMEX_R_MM_VALID		(NHMEX_R_MM_RDS | NHMEX_R_MM_RNID | \
					 NHMEX_R_MM_DNID | NHMEX_R_MM_LOW)

/* W-Box: four counters and a fixed clocktick counter (Tables 2-94..2-102) */
#define NHMEX_W_NUM_COUNTERS		4
#define NHMEX_W_GLOBAL_CTL		0xc80
#define NHMEX_W_GLOBAL_STATUS		0xc81
#define NHMEX_W_GLOBAL_OVF_CTL		0xc82
#define NHMEX_W_EVT_SEL(k)		(0xc90 + 2 * (k))
#define NHMEX_W_CTR(k)			(0xc91 + 2 * (k))
#define NHMEX_W_FIXED_CTR		0x394
#define NHMEX_W_FIXED_CTL		0x395
#define NHMEX_W_FIXED_CTL_EN		BIT_ULL(0)
#define NHMEX_W_GCTL_CTR_EN		GENMASK_ULL(3, 0)
#define NHMEX_W_GCTL_FIXED_EN		BIT_ULL(31)	/* also ov_fixed */
#define NHMEX_W_FIXED_EVENT		0xff
/*
 * The W-Box erratum (323535 p. 2-128): a read ending in 0x000000 or
 * 0x000001 is 0x1000000 too large; a period must not start at a value
 * ending in 0xfffffe or 0xffffff.
 */
#define NHMEX_W_ERRATUM_LOW		GENMASK_ULL(23, 0)
#define NHMEX_W_ERRATUM_FIX		BIT_ULL(24)

/*
 * M-Box sub-registers (box b), Table 2-62.  DSP, ISS, MAP, MSC_THR, PGT
 * and PLD are 32 bits wide as the driver uses them (their field tables,
 * 2-69..2-81, are not among the pages we could read); ZDP_CTL_FVC has
 * four 3-bit event fields, one per inc_sel 0xd-0x10, beside fields they
 * share, at one place on Nehalem-EX and one bit higher on Westmere-EX.
 */
#define NHMEX_M_DSP(b)			(0xca5 + (b) * NHMEX_M_BOX_STRIDE)
#define NHMEX_M_ISS(b)			(0xca6 + (b) * NHMEX_M_BOX_STRIDE)
#define NHMEX_M_MAP(b)			(0xca7 + (b) * NHMEX_M_BOX_STRIDE)
#define NHMEX_M_MSC_THR(b)		(0xca8 + (b) * NHMEX_M_BOX_STRIDE)
#define NHMEX_M_PGT(b)			(0xca9 + (b) * NHMEX_M_BOX_STRIDE)
#define NHMEX_M_PLD(b)			(0xcaa + (b) * NHMEX_M_BOX_STRIDE)
#define NHMEX_M_ZDP_CTL_FVC(b)		(0xcab + (b) * NHMEX_M_BOX_STRIDE)
#define NHMEX_M_MM_STRIDE		8
#define NHMEX_M_MM_CFG(b)		(0xe54 + (b) * NHMEX_M_MM_STRIDE)
#define NHMEX_M_ADDR_MATCH(b)		(0xe55 + (b) * NHMEX_M_MM_STRIDE)
#define NHMEX_M_ADDR_MASK(b)		(0xe56 + (b) * NHMEX_M_MM_STRIDE)
#define NHMEX_M_MM_CFG_EN		BIT_ULL(63)
#define NHMEX_M_SUB_VALID		GENMASK_ULL(31, 0)
/* ADDR_MATCH: 34 bits; ADDR_MASK: 27 bits (the kernel's uncore_nhmex.c) */
#define NHMEX_M_ADDR_MATCH_VALID	GENMASK_ULL(33, 0)
#define NHMEX_M_ADDR_MASK_VALID		GENMASK_ULL(26, 0)
/* attr.config2: ADDR_MATCH in 33:0, ADDR_MASK in 60:34, enable in 63 */
#define NHMEX_M_CFG2_MATCH		GENMASK_ULL(33, 0)
#define NHMEX_M_CFG2_MASK		GENMASK_ULL(60, 34)
#define NHMEX_M_CFG2_EN			BIT_ULL(63)
/* ZDP_CTL_FVC: shared fields and event field n (inc_sel 0xd + n) */
#define NHMEX_M_FVC_SHARED		(GENMASK_ULL(10, 0) | BIT_ULL(23))
#define NHMEX_M_FVC_EV(n)		(GENMASK_ULL(13, 11) << (3 * (n)))
#define WSMEX_M_FVC_SHARED		(GENMASK_ULL(11, 0) | BIT_ULL(24))
#define WSMEX_M_FVC_EV(n)		(GENMASK_ULL(14, 12) << (3 * (n)))
#define NHMEX_M_FVC_EVENTS		4
#define NHMEX_M_INC_FVC0		0x0d
/* inc_sel: every M-Box clock (mainline's "cycles") */
#define NHMEX_M_INC_CYCLES		0x1b

/*
 * IA32_DEBUGCTL bit 13: an uncore PMI reaches this core (Intel SDM vol.
 * 3B, Nehalem's uncore: "PMI delivery due to an uncore counter overflow
 * is enabled by setting IA32_DEBUGCTL.Offcore_PMI_EN to 1")
 */
#define NHMEX_DEBUGCTL_UNCORE_PMI	BIT_ULL(13)

/* Every counter of this family is 48 bits wide */
#define NHMEX_CTR_WIDTH			48

#endif /* _XEON_UNCORE_NHMEX_H */
