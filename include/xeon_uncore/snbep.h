/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Register layout of the Intel Xeon E5-2600 (Sandy Bridge-EP, "snbep")
 * and Xeon E5-2600 v2 (Ivy Bridge-EP, "ivbep") uncore performance
 * monitoring units: MSR boxes (U-Box, C-Boxes, PCU) and PCI boxes (HA,
 * iMC channels, QPI ports, R2PCIe, R3QPI links, IRP).
 *
 * Sources: Xeon E5-2600 Uncore Performance Monitoring Guide (327043),
 * Xeon E5/E7 v2 Uncore Performance Monitoring Reference Manual
 * (329468), the E5 datasheet vol. 2 (PmonCntrCfg, PmonUnitCtrl,
 * PmonUnitStatus); addresses and device IDs as Linux's
 * arch/x86/events/intel/uncore_snbep.c uses them.  Shared by the driver,
 * the simulated uncore and the tests, so that all of them agree on every
 * bit.  Documentation/pmu/snbep.rst and ivbep.rst say where two sources
 * disagree and what was chosen.
 */
#ifndef _XEON_UNCORE_SNBEP_H
#define _XEON_UNCORE_SNBEP_H

#include <linux/bits.h>

/* ---- counter control, MSR and PCI alike (PmonCntrCfg) ---- */
#define E5_CTL_EV_SEL			GENMASK_ULL(7, 0)
#define E5_CTL_UMASK			GENMASK_ULL(15, 8)
#define E5_CTL_HA_Q_OCC_RST		BIT_ULL(16)	/* IVB-EP HA only */
#define E5_CTL_RST			BIT_ULL(17)	/* write-only */
#define E5_CTL_EDGE			BIT_ULL(18)
#define E5_CTL_TID_EN			BIT_ULL(19)	/* C-Box only */
#define E5_CTL_OV_EN			BIT_ULL(20)	/* IVB-EP only */
#define E5_CTL_EV_SEL_EXT		BIT_ULL(21)	/* QPI ("internal") */
#define E5_CTL_EN			BIT_ULL(22)
#define E5_CTL_INVERT			BIT_ULL(23)
#define E5_CTL_THRESH8			GENMASK_ULL(31, 24)
#define E5_CTL_THRESH5			GENMASK_ULL(28, 24)	/* U-Box, PCU */
/* PCU: umask 13:8 unused, occupancy select and its own invert/edge */
#define E5_PCU_CTL_OCC_SEL		GENMASK_ULL(15, 14)
#define E5_PCU_CTL_OCC_INVERT		BIT_ULL(30)
#define E5_PCU_CTL_OCC_EDGE		BIT_ULL(31)

/* ---- box control (MSR *_PMON_BOX_CTL, PCI PmonUnitCtrl F4h) ---- */
#define E5_BOX_CTL_RST_CTRL		BIT_ULL(0)	/* write-only */
#define E5_BOX_CTL_RST_CTRS		BIT_ULL(1)	/* write-only */
#define E5_BOX_CTL_FRZ			BIT_ULL(8)
#define E5_BOX_CTL_FRZ_EN		BIT_ULL(16)	/* SNB-EP only */

/* ---- fixed counters: UCLK (U-Box) and DCLK (iMC) ---- */
#define E5_FIXED_CTL_EN			BIT_ULL(22)
#define E5_FIXED_CTL_OV_EN		BIT_ULL(20)	/* IVB-EP only */
#define E5_FIXED_CTL_RST		BIT_ULL(19)	/* iMC, write-only */
#define E5_FIXED_EVENT			0xff	/* config that selects it */

/* Counter widths */
#define E5_WIDTH_44			44
#define E5_WIDTH_48			48

/* ---- U-Box (MSR) ---- */
#define E5_U_GLOBAL_CTL			0xc00	/* IVB-EP */
#define E5_U_GLOBAL_STATUS		0xc01	/* IVB-EP, RW1C */
#define E5_U_GLOBAL_CONFIG		0xc06	/* IVB-EP */
#define E5_U_FIXED_CTL			0xc08
#define E5_U_FIXED_CTR			0xc09
#define E5_U_CTL0			0xc10	/* CTL1 0xc11 */
#define E5_U_BOX_STATUS			0xc15	/* IVB-EP, RW1C */
#define E5_U_CTR0			0xc16	/* CTR1 0xc17 */
#define E5_U_NUM_COUNTERS		2
#define E5_U_BOX_STATUS_OV		GENMASK_ULL(1, 0)

/* U_MSR_PMON_GLOBAL_CTL (329468 Table 2-2) */
#define IVBEP_U_GCTL_PMI_CORE_SEL	GENMASK_ULL(14, 0)
#define IVBEP_U_GCTL_UNFRZ_ALL		BIT_ULL(29)	/* write-only */
#define IVBEP_U_GCTL_WK_ON_PMI		BIT_ULL(30)
#define IVBEP_U_GCTL_FRZ_ALL		BIT_ULL(31)	/* write-only */
#define IVBEP_U_GCTL_RSVD		(GENMASK_ULL(63, 32) | GENMASK_ULL(28, 15))

/*
 * U_MSR_PMON_GLOBAL_STATUS: one bit per box (or group of boxes) that
 * reported an overflow, write 1 to clear.  The guide's Table 2-3 was not
 * available; these positions are likwid's (ivybridgeEP counters).  QPI
 * port 2, R3QPI link 2 and the IRP have no known bit: the driver looks at
 * their status whenever the global status is not clear.
 */
#define IVBEP_GSTS_U_FIXED		BIT_ULL(0)
#define IVBEP_GSTS_U			BIT_ULL(1)
#define IVBEP_GSTS_PCU			BIT_ULL(2)
#define IVBEP_GSTS_CBOX(n)		BIT_ULL(3 + (n))	/* n < 15 */
#define IVBEP_GSTS_HA(n)		BIT_ULL(18 + (n))	/* n < 2 */
#define IVBEP_GSTS_IMC(mc)		BIT_ULL(20 + (mc))	/* channel / 4 */
#define IVBEP_GSTS_QPI(n)		BIT_ULL(22 + (n))	/* n < 2 */
#define IVBEP_GSTS_R3QPI(n)		BIT_ULL(24 + (n))	/* n < 2 */
#define IVBEP_GSTS_R2PCIE		BIT_ULL(26)
#define IVBEP_GSTS_ALL			GENMASK_ULL(26, 0)
/*
 * Bits 29:27 follow likwid's bit 26 but no public source names them.  The
 * simulated uncore reports QPI port 2, R3QPI link 2 and the IRP there;
 * the driver only walks those boxes when it sees one of them (or any bit).
 */
#define IVBEP_GSTS_UNMAPPED		GENMASK_ULL(29, 27)

/*
 * IA32_DEBUGCTL bit 13, which lets an uncore PMI reach the core on the
 * parts that document it; IVB-EP's guide does not mention it
 */
#define E5_DEBUGCTL_UNCORE_PMI		BIT_ULL(13)

/* ---- C-Boxes (MSR), box n at + n * E5_C_BOX_STRIDE ---- */
#define E5_C_BOX_CTL			0xd04
#define E5_C_CTL0			0xd10	/* CTL0..3 consecutive */
#define E5_C_FILTER			0xd14	/* IVB-EP: FILTER0 */
#define E5_C_CTR0			0xd16	/* CTR0..3 consecutive */
#define IVBEP_C_FILTER1			0xd1a
#define E5_C_BOX_STRIDE			0x20
#define E5_C_NUM_COUNTERS		4
#define SNBEP_C_MAX_BOXES		8
#define IVBEP_C_MAX_BOXES		15

/* SNB-EP Cn_MSR_PMON_BOX_FILTER */
#define SNBEP_C_FILT_TID		GENMASK_ULL(4, 0)
#define SNBEP_C_FILT_NID		GENMASK_ULL(17, 10)
#define SNBEP_C_FILT_STATE		GENMASK_ULL(22, 18)
#define SNBEP_C_FILT_OPC		GENMASK_ULL(31, 23)

/*
 * IVB-EP FILTER0 and FILTER1, as one 64-bit value: FILTER1 is bits
 * 63:32 (config1 carries both, FILTER0 in its low half)
 */
#define IVBEP_C_FILT_TID		GENMASK_ULL(4, 0)
#define IVBEP_C_FILT_LINK		GENMASK_ULL(8, 5)
#define IVBEP_C_FILT_STATE		GENMASK_ULL(22, 17)
#define IVBEP_C_FILT_NID		GENMASK_ULL(47, 32)
#define IVBEP_C_FILT_OPC		GENMASK_ULL(60, 52)
#define IVBEP_C_FILT_C6			BIT_ULL(61)
#define IVBEP_C_FILT_NC			BIT_ULL(62)
#define IVBEP_C_FILT_ISOC		BIT_ULL(63)

/* ---- PCU (MSR) ---- */
#define E5_PCU_BOX_CTL			0xc24
#define E5_PCU_CTL0			0xc30
#define E5_PCU_FILTER			0xc34
#define E5_PCU_BOX_STATUS		0xc35	/* IVB-EP, RW1C */
#define E5_PCU_CTR0			0xc36
#define E5_PCU_NUM_COUNTERS		4
/* PCU_MSR_PMON_BOX_FILTER: four frequency bands, 100 MHz units */
#define E5_PCU_FILT_BAND(i)		(0xffULL << (8 * (i)))
#define E5_PCU_EV_FREQ_BAND0		0x0b	/* FREQ_BAND0..3_CYCLES */
#define E5_PCU_NUM_BANDS		4

/* ---- PCI boxes: offsets in the box's configuration space ---- */
#define E5_PCI_CTR0			0xa0	/* CTR i: 0xa0 + 8 i, low dword first */
#define E5_PCI_CTL0			0xd8	/* CTL i: 0xd8 + 4 i */
#define E5_PCI_FIXED_CTR		0xd0	/* iMC */
#define E5_PCI_FIXED_CTL		0xf0	/* iMC */
#define E5_PCI_BOX_CTL			0xf4
#define E5_PCI_BOX_STATUS		0xf8	/* RW1C */
#define E5_PCI_NUM_COUNTERS		4
#define E5_R3QPI_NUM_COUNTERS		3
#define E5_S_NUM_COUNTERS		4	/* S-Box, HSW-EP on */
/* PmonUnitStatus: the fixed counter (if any) at bit 0, counter 0 next */

/* IVB-EP IRP: one function, two halves of two counters */
#define IVBEP_IRP_CTL(i)		(0xd8 + 4 * (i))
#define IVBEP_IRP_CTR0			0xa0
#define IVBEP_IRP_CTR1			0xb0
#define IVBEP_IRP_CTR2			0xb8
#define IVBEP_IRP_CTR3			0xc0

/* HA address and opcode match */
#define E5_HA_ADDRMATCH0		0x40	/* address bits 31:6 */
#define E5_HA_ADDRMATCH1		0x44	/* address bits 45:32 in 13:0 */
#define E5_HA_OPCODEMATCH		0x48	/* opcode in 5:0 */
#define E5_HA_ADDR0_MASK		GENMASK_ULL(31, 6)
#define E5_HA_ADDR1_MASK		GENMASK_ULL(13, 0)
#define E5_HA_OPC_MASK			GENMASK_ULL(5, 0)
#define E5_HA_EV_ADDR_OPC_MATCH		0x20	/* the one event that uses them */

/* QPI packet match/mask, in the port's filter function (function 6) */
#define E5_QPI_MATCH0			0x228
#define E5_QPI_MATCH1			0x22c
#define E5_QPI_MASK0			0x238
#define E5_QPI_MASK1			0x23c
#define E5_QPI_FILTER_FN		6
#define E5_QPI_EV_CTO_COUNT		0x138	/* ev_sel 0x38 with ev_sel_ext */
/* MATCH0/MASK0 and MATCH1/MASK1 fields, as config1 (config2) carries them */
#define E5_QPI_PKT_VNW			GENMASK_ULL(4, 3)
#define E5_QPI_PKT_OPC			GENMASK_ULL(8, 5)
#define E5_QPI_PKT_MC			GENMASK_ULL(12, 9)
#define E5_QPI_PKT_DNID			GENMASK_ULL(17, 13)
#define E5_QPI_PKT_RNID4		BIT_ULL(31)
#define E5_QPI_PKT_RNID30		GENMASK_ULL(35, 32)
#define E5_QPI_PKT_RDS			GENMASK_ULL(51, 48)
/* The defined bits of MATCH0/MASK0 and of MATCH1/MASK1; the rest is reserved */
#define E5_QPI_MATCH0_BITS		(E5_QPI_PKT_VNW | E5_QPI_PKT_OPC | \
					 E5_QPI_PKT_MC | E5_QPI_PKT_DNID | \
					 E5_QPI_PKT_RNID4)
#define E5_QPI_MATCH1_BITS		((E5_QPI_PKT_RNID30 | E5_QPI_PKT_RDS) >> 32)

/* U-Box PCI function: which socket owns this bus */
#define E5_UBOX_CPUNODEID		0x40	/* local node id in 2:0 */
#define E5_UBOX_GIDNIDMAP		0x54	/* node id of group i in 3i+2:3i */
#define E5_UBOX_NODEID_MASK		GENMASK(2, 0)

/* ---- PCI device IDs (vendor Intel) and their device.function ---- */
#define SNBEP_PCI_UBOX			0x3ce0
#define SNBEP_PCI_HA			0x3c46	/* 14.1 */
#define SNBEP_PCI_IMC0			0x3cb0	/* 16.0 */
#define SNBEP_PCI_IMC1			0x3cb1	/* 16.1 */
#define SNBEP_PCI_IMC2			0x3cb4	/* 16.4 */
#define SNBEP_PCI_IMC3			0x3cb5	/* 16.5 */
#define SNBEP_PCI_QPI0			0x3c41	/* 8.2 */
#define SNBEP_PCI_QPI1			0x3c42	/* 9.2 */
#define SNBEP_PCI_QPI0_FILTER		0x3c86	/* 8.6 */
#define SNBEP_PCI_QPI1_FILTER		0x3c96	/* 9.6 */
#define SNBEP_PCI_R2PCIE		0x3c43	/* 19.1 */
#define SNBEP_PCI_R3QPI0		0x3c44	/* 19.5 */
#define SNBEP_PCI_R3QPI1		0x3c45	/* 19.6 */

#define IVBEP_PCI_UBOX			0x0e1e
#define IVBEP_PCI_HA0			0x0e30	/* 14.1 */
#define IVBEP_PCI_HA1			0x0e38	/* 28.1 */
#define IVBEP_PCI_IMC0			0x0eb4	/* 16.4 */
#define IVBEP_PCI_IMC1			0x0eb5	/* 16.5 */
#define IVBEP_PCI_IMC2			0x0eb0	/* 16.0 */
#define IVBEP_PCI_IMC3			0x0eb1	/* 16.1 */
#define IVBEP_PCI_IMC4			0x0ef4	/* 30.4 */
#define IVBEP_PCI_IMC5			0x0ef5	/* 30.5 */
#define IVBEP_PCI_IMC6			0x0ef0	/* 30.0 */
#define IVBEP_PCI_IMC7			0x0ef1	/* 30.1 */
#define IVBEP_PCI_IRP			0x0e39	/* 5.6 */
#define IVBEP_PCI_QPI0			0x0e32	/* 8.2 */
#define IVBEP_PCI_QPI1			0x0e33	/* 9.2 */
#define IVBEP_PCI_QPI2			0x0e3a	/* 24.2 */
#define IVBEP_PCI_QPI0_FILTER		0x0e86	/* 8.6 */
#define IVBEP_PCI_QPI1_FILTER		0x0e96	/* 9.6 */
/*
 * 24.6: the guide places port 2's match/mask function there, without an
 * ID; this one is likwid's (which lists the port at 10.x): unconfirmed
 */
#define IVBEP_PCI_QPI2_FILTER		0x0ec6	/* 24.6 */
#define IVBEP_PCI_R2PCIE		0x0e34	/* 19.1 */
#define IVBEP_PCI_R3QPI0		0x0e36	/* 19.5 */
#define IVBEP_PCI_R3QPI1		0x0e37	/* 19.6 */
#define IVBEP_PCI_R3QPI2		0x0e3e	/* 18.5 */

#endif /* _XEON_UNCORE_SNBEP_H */
