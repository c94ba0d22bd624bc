/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Register layout of the Intel Xeon E5-2600 v4 (Broadwell-EP, "bdx")
 * uncore where it differs from the E5 v3's (hswep.h, whose MSR addresses,
 * filter fields and PCU capability it keeps): its PCI device IDs and the
 * most C-Boxes.
 *
 * Sources: device IDs as Linux's arch/x86/events/intel/uncore_snbep.c
 * (bdx_*) uses them; the device.function of each PCI box from likwid's
 * Broadwell-EP table (perfmon_broadwellEP_counters.h).
 * Documentation/pmu/bdx.rst says where they disagree and what was chosen.
 */
#ifndef _XEON_UNCORE_BDX_H
#define _XEON_UNCORE_BDX_H

#include <xeon_uncore/hswep.h>

#define BDX_C_MAX_BOXES			24

/* The PCU function whose CAPID4 names the die (HSWEP_PCU3_CAPID4) */
#define BDX_PCI_PCU3			0x6fc0

/* ---- PCI device IDs (vendor Intel) and their device.function ---- */
#define BDX_PCI_UBOX			0x6f1e
#define BDX_PCI_HA0			0x6f30	/* 18.1 */
#define BDX_PCI_HA1			0x6f38	/* 18.5 */
#define BDX_PCI_IMC0			0x6fb0	/* 21.0 */
#define BDX_PCI_IMC1			0x6fb1	/* 21.1 */
#define BDX_PCI_IMC2			0x6fb4	/* 20.0 */
#define BDX_PCI_IMC3			0x6fb5	/* 20.1 */
#define BDX_PCI_IMC4			0x6fd0	/* 24.0 */
#define BDX_PCI_IMC5			0x6fd1	/* 24.1 */
#define BDX_PCI_IMC6			0x6fd4	/* 23.0 */
#define BDX_PCI_IMC7			0x6fd5	/* 23.1 */
#define BDX_PCI_IRP			0x6f39	/* 5.6 */
#define BDX_PCI_QPI0			0x6f32	/* 8.2 */
#define BDX_PCI_QPI1			0x6f33	/* 9.2 */
#define BDX_PCI_QPI2			0x6f3a	/* 10.2 */
#define BDX_PCI_QPI0_FILTER		0x6f86	/* 8.6 */
#define BDX_PCI_QPI1_FILTER		0x6f96	/* 9.6 */
#define BDX_PCI_QPI2_FILTER		0x6f46	/* 10.6 */
#define BDX_PCI_R2PCIE			0x6f34	/* 16.1 */
#define BDX_PCI_R3QPI0			0x6f36	/* 11.1 */
#define BDX_PCI_R3QPI1			0x6f37	/* 11.2 */
#define BDX_PCI_R3QPI2			0x6f3e	/* 11.5 */

#endif /* _XEON_UNCORE_BDX_H */
