/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Register layout of the Intel Xeon E5-2600 v3 (Haswell-EP, "hswep")
 * uncore performance monitoring units where it differs from the earlier
 * E5 generations (snbep.h): the MSR boxes' addresses (U-Box, C-Boxes,
 * S-Boxes, PCU), the C-Box and U-Box filters, the PCI device IDs, and
 * the PCU capability that says how many S-Boxes the die has.  The
 * counter controls, the box controls and the PCI boxes' register map
 * are snbep.h's.
 *
 * Sources: addresses, device IDs and filter fields as Linux's
 * arch/x86/events/intel/uncore_snbep.c (hswep_*) uses them; the box
 * status MSRs and the device.function of each PCI box from likwid's
 * Haswell-EP tables (perfmon_haswellEP_counters.h, registers.h).
 * Documentation/pmu/hswep.rst says where they disagree and what was
 * chosen.
 */
#ifndef _XEON_UNCORE_HSWEP_H
#define _XEON_UNCORE_HSWEP_H

#include <linux/bits.h>

/* ---- U-Box (MSR) ---- */
#define HSWEP_U_GLOBAL_CTL		0x700
#define HSWEP_U_GLOBAL_STATUS		0x701
#define HSWEP_U_GLOBAL_CONFIG		0x702
#define HSWEP_U_FIXED_CTL		0x703	/* UCLK */
#define HSWEP_U_FIXED_CTR		0x704
#define HSWEP_U_CTL0			0x705	/* CTL1 0x706 */
#define HSWEP_U_FILTER			0x707
#define HSWEP_U_BOX_STATUS		0x708
#define HSWEP_U_CTR0			0x709	/* CTR1 0x70a */
/* U_MSR_PMON_BOX_FILTER: a thread and a core */
#define HSWEP_U_FILT_TID		BIT_ULL(0)
#define HSWEP_U_FILT_CID		GENMASK_ULL(5, 1)

/* ---- C-Boxes (MSR), box n at + n * HSWEP_C_BOX_STRIDE ---- */
#define HSWEP_C_BOX_CTL			0xe00
#define HSWEP_C_CTL0			0xe01	/* CTL0..3 consecutive */
#define HSWEP_C_FILTER0			0xe05
#define HSWEP_C_FILTER1			0xe06
#define HSWEP_C_BOX_STATUS		0xe07
#define HSWEP_C_CTR0			0xe08	/* CTR0..3 consecutive */
#define HSWEP_C_BOX_STRIDE		0x10
#define HSWEP_C_MAX_BOXES		18

/*
 * Cn_MSR_PMON_BOX_FILTER0 and FILTER1, as one 64-bit value: FILTER1 is
 * bits 63:32 (config1 carries both, FILTER0 in its low half)
 */
#define HSWEP_C_FILT_TID		GENMASK_ULL(5, 0)
#define HSWEP_C_FILT_LINK		GENMASK_ULL(9, 6)
#define HSWEP_C_FILT_STATE		GENMASK_ULL(23, 17)
#define HSWEP_C_FILT_NID		GENMASK_ULL(47, 32)
#define HSWEP_C_FILT_OPC		GENMASK_ULL(60, 52)
#define HSWEP_C_FILT_C6			BIT_ULL(61)
#define HSWEP_C_FILT_NC			BIT_ULL(62)
#define HSWEP_C_FILT_ISOC		BIT_ULL(63)

/* ---- S-Boxes (MSR), box n at + n * HSWEP_S_BOX_STRIDE ---- */
#define HSWEP_S_BOX_CTL			0x720
#define HSWEP_S_CTL0			0x721
#define HSWEP_S_BOX_STATUS		0x725
#define HSWEP_S_CTR0			0x726
#define HSWEP_S_BOX_STRIDE		0xa
#define HSWEP_S_MAX_BOXES		4
/* a die whose CAPID4 chop reads 0 (6 to 8 cores) has two */
#define HSWEP_S_SMALL_DIE_BOXES		2

/* ---- PCU (MSR) ---- */
#define HSWEP_PCU_BOX_CTL		0x710
#define HSWEP_PCU_CTL0			0x711
#define HSWEP_PCU_FILTER		0x715
#define HSWEP_PCU_BOX_STATUS		0x716
#define HSWEP_PCU_CTR0			0x717

/* The PCU function whose CAPID4 names the die */
#define HSWEP_PCI_PCU3			0x2fc0
#define HSWEP_PCU3_CAPID4		0x94
#define HSWEP_CAPID4_CHOP		GENMASK(7, 6)

/* ---- PCI device IDs (vendor Intel) and their device.function ---- */
#define HSWEP_PCI_UBOX			0x2f1e
#define HSWEP_PCI_HA0			0x2f30	/* 18.1 */
#define HSWEP_PCI_HA1			0x2f38	/* 18.5 */
#define HSWEP_PCI_IMC0			0x2fb0	/* 20.0 */
#define HSWEP_PCI_IMC1			0x2fb1	/* 20.1 */
#define HSWEP_PCI_IMC2			0x2fb4	/* 21.0 */
#define HSWEP_PCI_IMC3			0x2fb5	/* 21.1 */
#define HSWEP_PCI_IMC4			0x2fd0	/* 23.0 */
#define HSWEP_PCI_IMC5			0x2fd1	/* 23.1 */
#define HSWEP_PCI_IMC6			0x2fd4	/* 24.0 */
#define HSWEP_PCI_IMC7			0x2fd5	/* 24.1 */
#define HSWEP_PCI_IRP			0x2f39	/* 5.6 */
#define HSWEP_PCI_QPI0			0x2f32	/* 8.2 */
#define HSWEP_PCI_QPI1			0x2f33	/* 9.2 */
#define HSWEP_PCI_QPI2			0x2f3a	/* 10.2 */
#define HSWEP_PCI_QPI0_FILTER		0x2f86	/* 8.6 */
#define HSWEP_PCI_QPI1_FILTER		0x2f96	/* 9.6 */
#define HSWEP_PCI_R2PCIE		0x2f34	/* 16.1 */
#define HSWEP_PCI_R3QPI0		0x2f36	/* 11.1 */
#define HSWEP_PCI_R3QPI1		0x2f37	/* 11.2 */
#define HSWEP_PCI_R3QPI2		0x2f3e	/* 11.5 */

#endif /* _XEON_UNCORE_HSWEP_H */
