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
 * IA32_DEBUGCTL bit 13: an uncore PMI reaches this core (Intel SDM vol.
 * 3B, Nehalem's uncore: "PMI delivery due to an uncore counter overflow
 * is enabled by setting IA32_DEBUGCTL.Offcore_PMI_EN to 1")
 */
#define NHMEX_DEBUGCTL_UNCORE_PMI	BIT_ULL(13)

/* Every counter of this family is 48 bits wide */
#define NHMEX_CTR_WIDTH			48

#endif /* _XEON_UNCORE_NHMEX_H */
