// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon E5 uncores, each model as data: the box types
 * and, per model, every box of a socket, MSR and PCI alike, at the
 * device.function and with the device ID the guides give and, on IVB-EP,
 * with its bit in U_MSR_PMON_GLOBAL_STATUS; the register map of the MSR
 * boxes; the valid bits of every control and filter register; what the
 * event model needs to know of the generation; and the models' struct
 * sim_model.  What the models share, they share through the same macros.
 */
#include <linux/build_bug.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/string.h>

#include <xeon_uncore/bdx.h>

#include "e5_model.h"

/* Broadwell-EP's filler function 0 (e5_model.h, SIM_*_FILLER) */
#define SIM_BDX_FILLER		0x6fff
/* Broadwell-DE's C-Boxes: one a core, 16 cores at most */
#define SIM_BDXDE_C_BOXES	16

/* Box types: their counters, widths and names */
const struct sim_e5_tdesc sim_e5_types[E5_NR_TYPES] = {
	[E5_UBOX]	= { "ubox",   E5_U_NUM_COUNTERS, E5_WIDTH_44, true, false },
	[E5_CBOX]	= { "cbox",   E5_C_NUM_COUNTERS, E5_WIDTH_44, false, true },
	[E5_PCU]	= { "pcu",    E5_PCU_NUM_COUNTERS, E5_WIDTH_48, false, true },
	[E5_HA]		= { "ha",     E5_PCI_NUM_COUNTERS, E5_WIDTH_48, false, true },
	[E5_IMC]	= { "imc",    E5_PCI_NUM_COUNTERS, E5_WIDTH_48, true, true },
	[E5_QPI]	= { "qpi",    E5_PCI_NUM_COUNTERS, E5_WIDTH_48, false, true },
	[E5_R2PCIE]	= { "r2pcie", E5_PCI_NUM_COUNTERS, E5_WIDTH_44, false, true },
	[E5_R3QPI]	= { "r3qpi",  E5_R3QPI_NUM_COUNTERS, E5_WIDTH_44, false, true },
	[E5_IRP]	= { "irp",    E5_PCI_NUM_COUNTERS, E5_WIDTH_48, false, true },
	[E5_SBOX]	= { "sbox",   E5_S_NUM_COUNTERS, E5_WIDTH_44, false, true },
};

#define MSR_BOX(n, t, i, g) \
	{ .name = n, .type = t, .idx = i, .gsts = g }
#define PCI_BOX(n, t, i, d, f, id, g) \
	{ .name = n, .type = t, .idx = i, .devfn = PCI_DEVFN(d, f), \
	  .devid = id, .gsts = g }
#define QPI_BOX(n, i, d, id, fd, fid, g) \
	{ .name = n, .type = E5_QPI, .idx = i, .devfn = PCI_DEVFN(d, 2), \
	  .devid = id, .fdevfn = PCI_DEVFN(fd, E5_QPI_FILTER_FN), \
	  .fdevid = fid, .gsts = g }

/* SNB-EP has no global status: its gsts bits are never used */

static const struct sim_e5_desc sim_snbep_boxes[] = {
	MSR_BOX("ubox", E5_UBOX, 0, 0),
	MSR_BOX("cbox_0", E5_CBOX, 0, 0),
	MSR_BOX("cbox_1", E5_CBOX, 1, 0),
	MSR_BOX("cbox_2", E5_CBOX, 2, 0),
	MSR_BOX("cbox_3", E5_CBOX, 3, 0),
	MSR_BOX("cbox_4", E5_CBOX, 4, 0),
	MSR_BOX("cbox_5", E5_CBOX, 5, 0),
	MSR_BOX("cbox_6", E5_CBOX, 6, 0),
	MSR_BOX("cbox_7", E5_CBOX, 7, 0),
	MSR_BOX("pcu", E5_PCU, 0, 0),
	PCI_BOX("ha", E5_HA, 0, 14, 1, SNBEP_PCI_HA, 0),
	PCI_BOX("imc_0", E5_IMC, 0, 16, 0, SNBEP_PCI_IMC0, 0),
	PCI_BOX("imc_1", E5_IMC, 1, 16, 1, SNBEP_PCI_IMC1, 0),
	PCI_BOX("imc_2", E5_IMC, 2, 16, 4, SNBEP_PCI_IMC2, 0),
	PCI_BOX("imc_3", E5_IMC, 3, 16, 5, SNBEP_PCI_IMC3, 0),
	QPI_BOX("qpi_0", 0, 8, SNBEP_PCI_QPI0, 8, SNBEP_PCI_QPI0_FILTER, 0),
	QPI_BOX("qpi_1", 1, 9, SNBEP_PCI_QPI1, 9, SNBEP_PCI_QPI1_FILTER, 0),
	PCI_BOX("r2pcie", E5_R2PCIE, 0, 19, 1, SNBEP_PCI_R2PCIE, 0),
	PCI_BOX("r3qpi_0", E5_R3QPI, 0, 19, 5, SNBEP_PCI_R3QPI0, 0),
	PCI_BOX("r3qpi_1", E5_R3QPI, 1, 19, 6, SNBEP_PCI_R3QPI1, 0),
};

static const struct sim_e5_desc sim_ivbep_boxes[] = {
	MSR_BOX("ubox", E5_UBOX, 0, IVBEP_GSTS_U),
	MSR_BOX("cbox_0", E5_CBOX, 0, IVBEP_GSTS_CBOX(0)),
	MSR_BOX("cbox_1", E5_CBOX, 1, IVBEP_GSTS_CBOX(1)),
	MSR_BOX("cbox_2", E5_CBOX, 2, IVBEP_GSTS_CBOX(2)),
	MSR_BOX("cbox_3", E5_CBOX, 3, IVBEP_GSTS_CBOX(3)),
	MSR_BOX("cbox_4", E5_CBOX, 4, IVBEP_GSTS_CBOX(4)),
	MSR_BOX("cbox_5", E5_CBOX, 5, IVBEP_GSTS_CBOX(5)),
	MSR_BOX("cbox_6", E5_CBOX, 6, IVBEP_GSTS_CBOX(6)),
	MSR_BOX("cbox_7", E5_CBOX, 7, IVBEP_GSTS_CBOX(7)),
	MSR_BOX("cbox_8", E5_CBOX, 8, IVBEP_GSTS_CBOX(8)),
	MSR_BOX("cbox_9", E5_CBOX, 9, IVBEP_GSTS_CBOX(9)),
	MSR_BOX("cbox_10", E5_CBOX, 10, IVBEP_GSTS_CBOX(10)),
	MSR_BOX("cbox_11", E5_CBOX, 11, IVBEP_GSTS_CBOX(11)),
	MSR_BOX("cbox_12", E5_CBOX, 12, IVBEP_GSTS_CBOX(12)),
	MSR_BOX("cbox_13", E5_CBOX, 13, IVBEP_GSTS_CBOX(13)),
	MSR_BOX("cbox_14", E5_CBOX, 14, IVBEP_GSTS_CBOX(14)),
	MSR_BOX("pcu", E5_PCU, 0, IVBEP_GSTS_PCU),
	PCI_BOX("ha_0", E5_HA, 0, 14, 1, IVBEP_PCI_HA0, IVBEP_GSTS_HA(0)),
	PCI_BOX("ha_1", E5_HA, 1, 28, 1, IVBEP_PCI_HA1, IVBEP_GSTS_HA(1)),
	PCI_BOX("imc_0", E5_IMC, 0, 16, 4, IVBEP_PCI_IMC0, IVBEP_GSTS_IMC(0)),
	PCI_BOX("imc_1", E5_IMC, 1, 16, 5, IVBEP_PCI_IMC1, IVBEP_GSTS_IMC(0)),
	PCI_BOX("imc_2", E5_IMC, 2, 16, 0, IVBEP_PCI_IMC2, IVBEP_GSTS_IMC(0)),
	PCI_BOX("imc_3", E5_IMC, 3, 16, 1, IVBEP_PCI_IMC3, IVBEP_GSTS_IMC(0)),
	PCI_BOX("imc_4", E5_IMC, 4, 30, 4, IVBEP_PCI_IMC4, IVBEP_GSTS_IMC(1)),
	PCI_BOX("imc_5", E5_IMC, 5, 30, 5, IVBEP_PCI_IMC5, IVBEP_GSTS_IMC(1)),
	PCI_BOX("imc_6", E5_IMC, 6, 30, 0, IVBEP_PCI_IMC6, IVBEP_GSTS_IMC(1)),
	PCI_BOX("imc_7", E5_IMC, 7, 30, 1, IVBEP_PCI_IMC7, IVBEP_GSTS_IMC(1)),
	PCI_BOX("irp", E5_IRP, 0, 5, 6, IVBEP_PCI_IRP, XU_SIM_IVBEP_GSTS_IRP),
	QPI_BOX("qpi_0", 0, 8, IVBEP_PCI_QPI0, 8, IVBEP_PCI_QPI0_FILTER,
		IVBEP_GSTS_QPI(0)),
	QPI_BOX("qpi_1", 1, 9, IVBEP_PCI_QPI1, 9, IVBEP_PCI_QPI1_FILTER,
		IVBEP_GSTS_QPI(1)),
	QPI_BOX("qpi_2", 2, 24, IVBEP_PCI_QPI2, 24, IVBEP_PCI_QPI2_FILTER,
		XU_SIM_IVBEP_GSTS_QPI2),
	PCI_BOX("r2pcie", E5_R2PCIE, 0, 19, 1, IVBEP_PCI_R2PCIE,
		IVBEP_GSTS_R2PCIE),
	PCI_BOX("r3qpi_0", E5_R3QPI, 0, 19, 5, IVBEP_PCI_R3QPI0,
		IVBEP_GSTS_R3QPI(0)),
	PCI_BOX("r3qpi_1", E5_R3QPI, 1, 19, 6, IVBEP_PCI_R3QPI1,
		IVBEP_GSTS_R3QPI(1)),
	PCI_BOX("r3qpi_2", E5_R3QPI, 2, 18, 5, IVBEP_PCI_R3QPI2,
		XU_SIM_IVBEP_GSTS_R3QPI2),
};

/* Haswell-EP: a PMI is not modelled (its global status layout is unknown) */
static const struct sim_e5_desc sim_hswep_boxes[] = {
	MSR_BOX("ubox", E5_UBOX, 0, 0),
	MSR_BOX("cbox_0", E5_CBOX, 0, 0),
	MSR_BOX("cbox_1", E5_CBOX, 1, 0),
	MSR_BOX("cbox_2", E5_CBOX, 2, 0),
	MSR_BOX("cbox_3", E5_CBOX, 3, 0),
	MSR_BOX("cbox_4", E5_CBOX, 4, 0),
	MSR_BOX("cbox_5", E5_CBOX, 5, 0),
	MSR_BOX("cbox_6", E5_CBOX, 6, 0),
	MSR_BOX("cbox_7", E5_CBOX, 7, 0),
	MSR_BOX("cbox_8", E5_CBOX, 8, 0),
	MSR_BOX("cbox_9", E5_CBOX, 9, 0),
	MSR_BOX("cbox_10", E5_CBOX, 10, 0),
	MSR_BOX("cbox_11", E5_CBOX, 11, 0),
	MSR_BOX("cbox_12", E5_CBOX, 12, 0),
	MSR_BOX("cbox_13", E5_CBOX, 13, 0),
	MSR_BOX("cbox_14", E5_CBOX, 14, 0),
	MSR_BOX("cbox_15", E5_CBOX, 15, 0),
	MSR_BOX("cbox_16", E5_CBOX, 16, 0),
	MSR_BOX("cbox_17", E5_CBOX, 17, 0),
	MSR_BOX("sbox_0", E5_SBOX, 0, 0),
	MSR_BOX("sbox_1", E5_SBOX, 1, 0),
	MSR_BOX("sbox_2", E5_SBOX, 2, 0),
	MSR_BOX("sbox_3", E5_SBOX, 3, 0),
	MSR_BOX("pcu", E5_PCU, 0, 0),
	PCI_BOX("ha_0", E5_HA, 0, 18, 1, HSWEP_PCI_HA0, 0),
	PCI_BOX("ha_1", E5_HA, 1, 18, 5, HSWEP_PCI_HA1, 0),
	PCI_BOX("imc_0", E5_IMC, 0, 20, 0, HSWEP_PCI_IMC0, 0),
	PCI_BOX("imc_1", E5_IMC, 1, 20, 1, HSWEP_PCI_IMC1, 0),
	PCI_BOX("imc_2", E5_IMC, 2, 21, 0, HSWEP_PCI_IMC2, 0),
	PCI_BOX("imc_3", E5_IMC, 3, 21, 1, HSWEP_PCI_IMC3, 0),
	PCI_BOX("imc_4", E5_IMC, 4, 23, 0, HSWEP_PCI_IMC4, 0),
	PCI_BOX("imc_5", E5_IMC, 5, 23, 1, HSWEP_PCI_IMC5, 0),
	PCI_BOX("imc_6", E5_IMC, 6, 24, 0, HSWEP_PCI_IMC6, 0),
	PCI_BOX("imc_7", E5_IMC, 7, 24, 1, HSWEP_PCI_IMC7, 0),
	PCI_BOX("irp", E5_IRP, 0, 5, 6, HSWEP_PCI_IRP, 0),
	QPI_BOX("qpi_0", 0, 8, HSWEP_PCI_QPI0, 8, HSWEP_PCI_QPI0_FILTER, 0),
	QPI_BOX("qpi_1", 1, 9, HSWEP_PCI_QPI1, 9, HSWEP_PCI_QPI1_FILTER, 0),
	/* port 2: no match/mask function (no source gives its ID) */
	PCI_BOX("qpi_2", E5_QPI, 2, 10, 2, HSWEP_PCI_QPI2, 0),
	PCI_BOX("r2pcie", E5_R2PCIE, 0, 16, 1, HSWEP_PCI_R2PCIE, 0),
	PCI_BOX("r3qpi_0", E5_R3QPI, 0, 11, 1, HSWEP_PCI_R3QPI0, 0),
	PCI_BOX("r3qpi_1", E5_R3QPI, 1, 11, 2, HSWEP_PCI_R3QPI1, 0),
	PCI_BOX("r3qpi_2", E5_R3QPI, 2, 11, 5, HSWEP_PCI_R3QPI2, 0),
};

static_assert(ARRAY_SIZE(sim_ivbep_boxes) <= SIM_E5_MAX_BOXES);
static_assert(ARRAY_SIZE(sim_hswep_boxes) <= SIM_E5_MAX_BOXES);

/* Broadwell-EP: Haswell-EP's boxes, 24 C-Boxes, its own device IDs */
static const struct sim_e5_desc sim_bdx_boxes[] = {
	MSR_BOX("ubox", E5_UBOX, 0, 0),
	MSR_BOX("cbox_0", E5_CBOX, 0, 0),
	MSR_BOX("cbox_1", E5_CBOX, 1, 0),
	MSR_BOX("cbox_2", E5_CBOX, 2, 0),
	MSR_BOX("cbox_3", E5_CBOX, 3, 0),
	MSR_BOX("cbox_4", E5_CBOX, 4, 0),
	MSR_BOX("cbox_5", E5_CBOX, 5, 0),
	MSR_BOX("cbox_6", E5_CBOX, 6, 0),
	MSR_BOX("cbox_7", E5_CBOX, 7, 0),
	MSR_BOX("cbox_8", E5_CBOX, 8, 0),
	MSR_BOX("cbox_9", E5_CBOX, 9, 0),
	MSR_BOX("cbox_10", E5_CBOX, 10, 0),
	MSR_BOX("cbox_11", E5_CBOX, 11, 0),
	MSR_BOX("cbox_12", E5_CBOX, 12, 0),
	MSR_BOX("cbox_13", E5_CBOX, 13, 0),
	MSR_BOX("cbox_14", E5_CBOX, 14, 0),
	MSR_BOX("cbox_15", E5_CBOX, 15, 0),
	MSR_BOX("cbox_16", E5_CBOX, 16, 0),
	MSR_BOX("cbox_17", E5_CBOX, 17, 0),
	MSR_BOX("cbox_18", E5_CBOX, 18, 0),
	MSR_BOX("cbox_19", E5_CBOX, 19, 0),
	MSR_BOX("cbox_20", E5_CBOX, 20, 0),
	MSR_BOX("cbox_21", E5_CBOX, 21, 0),
	MSR_BOX("cbox_22", E5_CBOX, 22, 0),
	MSR_BOX("cbox_23", E5_CBOX, 23, 0),
	MSR_BOX("sbox_0", E5_SBOX, 0, 0),
	MSR_BOX("sbox_1", E5_SBOX, 1, 0),
	MSR_BOX("sbox_2", E5_SBOX, 2, 0),
	MSR_BOX("sbox_3", E5_SBOX, 3, 0),
	MSR_BOX("pcu", E5_PCU, 0, 0),
	PCI_BOX("ha_0", E5_HA, 0, 18, 1, BDX_PCI_HA0, 0),
	PCI_BOX("ha_1", E5_HA, 1, 18, 5, BDX_PCI_HA1, 0),
	PCI_BOX("imc_0", E5_IMC, 0, 21, 0, BDX_PCI_IMC0, 0),
	PCI_BOX("imc_1", E5_IMC, 1, 21, 1, BDX_PCI_IMC1, 0),
	PCI_BOX("imc_2", E5_IMC, 2, 20, 0, BDX_PCI_IMC2, 0),
	PCI_BOX("imc_3", E5_IMC, 3, 20, 1, BDX_PCI_IMC3, 0),
	PCI_BOX("imc_4", E5_IMC, 4, 24, 0, BDX_PCI_IMC4, 0),
	PCI_BOX("imc_5", E5_IMC, 5, 24, 1, BDX_PCI_IMC5, 0),
	PCI_BOX("imc_6", E5_IMC, 6, 23, 0, BDX_PCI_IMC6, 0),
	PCI_BOX("imc_7", E5_IMC, 7, 23, 1, BDX_PCI_IMC7, 0),
	PCI_BOX("irp", E5_IRP, 0, 5, 6, BDX_PCI_IRP, 0),
	QPI_BOX("qpi_0", 0, 8, BDX_PCI_QPI0, 8, BDX_PCI_QPI0_FILTER, 0),
	QPI_BOX("qpi_1", 1, 9, BDX_PCI_QPI1, 9, BDX_PCI_QPI1_FILTER, 0),
	QPI_BOX("qpi_2", 2, 10, BDX_PCI_QPI2, 10, BDX_PCI_QPI2_FILTER, 0),
	PCI_BOX("r2pcie", E5_R2PCIE, 0, 16, 1, BDX_PCI_R2PCIE, 0),
	PCI_BOX("r3qpi_0", E5_R3QPI, 0, 11, 1, BDX_PCI_R3QPI0, 0),
	PCI_BOX("r3qpi_1", E5_R3QPI, 1, 11, 2, BDX_PCI_R3QPI1, 0),
	PCI_BOX("r3qpi_2", E5_R3QPI, 2, 11, 5, BDX_PCI_R3QPI2, 0),
};

static_assert(ARRAY_SIZE(sim_bdx_boxes) <= SIM_E5_MAX_BOXES);

/*
 * Broadwell-DE (Xeon D-1500): Broadwell-EP's boxes and device IDs where
 * it has them, 16 C-Boxes, no S-Box, QPI port or R3QPI link, HA 0, and of
 * the iMC channels imc_0 and imc_1 only: the D-1500 has two DDR4
 * channels, and which two of Broadwell-EP's functions they are no source
 * at hand says; these two are the simulator's choice
 */
static const struct sim_e5_desc sim_bdxde_boxes[] = {
	MSR_BOX("ubox", E5_UBOX, 0, 0),
	MSR_BOX("cbox_0", E5_CBOX, 0, 0),
	MSR_BOX("cbox_1", E5_CBOX, 1, 0),
	MSR_BOX("cbox_2", E5_CBOX, 2, 0),
	MSR_BOX("cbox_3", E5_CBOX, 3, 0),
	MSR_BOX("cbox_4", E5_CBOX, 4, 0),
	MSR_BOX("cbox_5", E5_CBOX, 5, 0),
	MSR_BOX("cbox_6", E5_CBOX, 6, 0),
	MSR_BOX("cbox_7", E5_CBOX, 7, 0),
	MSR_BOX("cbox_8", E5_CBOX, 8, 0),
	MSR_BOX("cbox_9", E5_CBOX, 9, 0),
	MSR_BOX("cbox_10", E5_CBOX, 10, 0),
	MSR_BOX("cbox_11", E5_CBOX, 11, 0),
	MSR_BOX("cbox_12", E5_CBOX, 12, 0),
	MSR_BOX("cbox_13", E5_CBOX, 13, 0),
	MSR_BOX("cbox_14", E5_CBOX, 14, 0),
	MSR_BOX("cbox_15", E5_CBOX, 15, 0),
	MSR_BOX("pcu", E5_PCU, 0, 0),
	PCI_BOX("ha_0", E5_HA, 0, 18, 1, BDX_PCI_HA0, 0),
	PCI_BOX("imc_0", E5_IMC, 0, 21, 0, BDX_PCI_IMC0, 0),
	PCI_BOX("imc_1", E5_IMC, 1, 21, 1, BDX_PCI_IMC1, 0),
	PCI_BOX("irp", E5_IRP, 0, 5, 6, BDX_PCI_IRP, 0),
	PCI_BOX("r2pcie", E5_R2PCIE, 0, 16, 1, BDX_PCI_R2PCIE, 0),
};

static_assert(ARRAY_SIZE(sim_bdxde_boxes) <= SIM_E5_MAX_BOXES);
static_assert(ARRAY_SIZE(sim_snbep_boxes) <= SIM_E5_MAX_BOXES);

/*
 * ---- The register maps of the MSR boxes ----
 * Both generations: the U-Box's counters and fixed counter, the PCU's
 * box control, counters and filter, each C-Box's box control, counters
 * and FILTER(0)
 */
#define U_RUN(msr, n, reg, i) \
	{ msr, n, E5_UBOX, reg, i, 0, false }
#define PCU_RUN(msr, n, reg, i) \
	{ msr, n, E5_PCU, reg, i, 0, false }
#define C_RUN(msr, n, reg, i, wrong) \
	{ msr, n, E5_CBOX, reg, i, E5_C_BOX_STRIDE, wrong }

static const struct sim_e5_msr sim_e5_common_msrs[] = {
	U_RUN(E5_U_FIXED_CTL, 1, R_CTL, SIM_E5_FIXED),
	U_RUN(E5_U_FIXED_CTR, 1, R_CTR, SIM_E5_FIXED),
	U_RUN(E5_U_CTL0, E5_U_NUM_COUNTERS, R_CTL, 0),
	U_RUN(E5_U_CTR0, E5_U_NUM_COUNTERS, R_CTR, 0),
	PCU_RUN(E5_PCU_BOX_CTL, 1, R_BOX_CTL, 0),
	PCU_RUN(E5_PCU_FILTER, 1, R_FILTER, 0),
	PCU_RUN(E5_PCU_CTL0, E5_PCU_NUM_COUNTERS, R_CTL, 0),
	PCU_RUN(E5_PCU_CTR0, E5_PCU_NUM_COUNTERS, R_CTR, 0),
	C_RUN(E5_C_BOX_CTL, 1, R_BOX_CTL, 0, false),
	C_RUN(E5_C_CTL0, E5_C_NUM_COUNTERS, R_CTL, 0, false),
	C_RUN(E5_C_CTR0, E5_C_NUM_COUNTERS, R_CTR, 0, false),
	C_RUN(E5_C_FILTER, 1, R_FILTER, 0, false),
};

/*
 * IVB-EP adds the U-Box's global control, status and config, the U-Box
 * and PCU box status, each C-Box's FILTER1 and, with wrong guesses, a
 * C-Box box status
 */
static const struct sim_e5_msr sim_ivbep_msrs[] = {
	U_RUN(E5_U_GLOBAL_CTL, 1, R_GCTL, 0),
	U_RUN(E5_U_GLOBAL_STATUS, 1, R_GSTS, 0),
	U_RUN(E5_U_GLOBAL_CONFIG, 1, R_GCFG, 0),
	U_RUN(E5_U_BOX_STATUS, 1, R_STATUS, 0),
	PCU_RUN(E5_PCU_BOX_STATUS, 1, R_STATUS, 0),
	C_RUN(IVBEP_C_FILTER1, 1, R_FILTER, 1, false),
	C_RUN(XU_SIM_IVBEP_WRONG_C_STATUS(0), 1, R_STATUS, 0, true),
};

/*
 * Haswell-EP's MSR boxes, at addresses of their own: the U-Box's UCLK,
 * counters, filter and status; the PCU's; each C-Box's box control,
 * counters, FILTER0, FILTER1 and status; each S-Box's
 */
#define HSW_U_RUN(msr, n, reg, i) \
	{ msr, n, E5_UBOX, reg, i, 0, false }
#define HSW_PCU_RUN(msr, n, reg, i) \
	{ msr, n, E5_PCU, reg, i, 0, false }
#define HSW_C_RUN(msr, n, reg, i) \
	{ msr, n, E5_CBOX, reg, i, HSWEP_C_BOX_STRIDE, false }
#define HSW_S_RUN(msr, n, reg, i) \
	{ msr, n, E5_SBOX, reg, i, HSWEP_S_BOX_STRIDE, false }

static const struct sim_e5_msr sim_hswep_msrs[] = {
	HSW_U_RUN(HSWEP_U_FIXED_CTL, 1, R_CTL, SIM_E5_FIXED),
	HSW_U_RUN(HSWEP_U_FIXED_CTR, 1, R_CTR, SIM_E5_FIXED),
	HSW_U_RUN(HSWEP_U_CTL0, E5_U_NUM_COUNTERS, R_CTL, 0),
	HSW_U_RUN(HSWEP_U_FILTER, 1, R_FILTER, 0),
	HSW_U_RUN(HSWEP_U_BOX_STATUS, 1, R_STATUS, 0),
	HSW_U_RUN(HSWEP_U_CTR0, E5_U_NUM_COUNTERS, R_CTR, 0),
	HSW_PCU_RUN(HSWEP_PCU_BOX_CTL, 1, R_BOX_CTL, 0),
	HSW_PCU_RUN(HSWEP_PCU_CTL0, E5_PCU_NUM_COUNTERS, R_CTL, 0),
	HSW_PCU_RUN(HSWEP_PCU_FILTER, 1, R_FILTER, 0),
	HSW_PCU_RUN(HSWEP_PCU_BOX_STATUS, 1, R_STATUS, 0),
	HSW_PCU_RUN(HSWEP_PCU_CTR0, E5_PCU_NUM_COUNTERS, R_CTR, 0),
	HSW_C_RUN(HSWEP_C_BOX_CTL, 1, R_BOX_CTL, 0),
	HSW_C_RUN(HSWEP_C_CTL0, E5_C_NUM_COUNTERS, R_CTL, 0),
	HSW_C_RUN(HSWEP_C_FILTER0, 2, R_FILTER, 0),
	HSW_C_RUN(HSWEP_C_BOX_STATUS, 1, R_STATUS, 0),
	HSW_C_RUN(HSWEP_C_CTR0, E5_C_NUM_COUNTERS, R_CTR, 0),
	HSW_S_RUN(HSWEP_S_BOX_CTL, 1, R_BOX_CTL, 0),
	HSW_S_RUN(HSWEP_S_CTL0, E5_S_NUM_COUNTERS, R_CTL, 0),
	HSW_S_RUN(HSWEP_S_BOX_STATUS, 1, R_STATUS, 0),
	HSW_S_RUN(HSWEP_S_CTR0, E5_S_NUM_COUNTERS, R_CTR, 0),
};

/*
 * ---- Valid bits ----
 * A counter control: what every box has, then what each type adds; an
 * IVB-EP control has ov_en, and invert in the iMC only (329468 lists it
 * reserved in the MSR boxes and names none for the PCI boxes; the E7 v2
 * datasheet gives the iMC's, Documentation/pmu/ivbep.rst)
 */
#define CTL_ALL		(E5_CTL_EV_SEL | E5_CTL_RST | E5_CTL_EDGE | E5_CTL_EN)
#define CTL_U		(CTL_ALL | E5_CTL_UMASK | E5_CTL_THRESH5)
#define CTL_C		(CTL_ALL | E5_CTL_UMASK | E5_CTL_THRESH8 | E5_CTL_TID_EN)
#define CTL_PCU		(CTL_ALL | E5_CTL_EV_SEL_EXT | E5_PCU_CTL_OCC_SEL | \
			 E5_CTL_THRESH5 | E5_PCU_CTL_OCC_INVERT | \
			 E5_PCU_CTL_OCC_EDGE)
#define CTL_PCI_NOINV	(CTL_ALL | E5_CTL_UMASK | E5_CTL_EV_SEL_EXT | \
			 E5_CTL_THRESH8)
#define CTL_PCI		(CTL_PCI_NOINV | E5_CTL_INVERT)

/* The filter registers: HA ADDRMATCH0/1, OPCODEMATCH; QPI MATCH0/1, MASK0/1 */
#define FILT_HA		{ E5_HA_ADDR0_MASK, E5_HA_ADDR1_MASK, E5_HA_OPC_MASK }
#define QPI_M0		(E5_QPI_PKT_VNW | E5_QPI_PKT_OPC | E5_QPI_PKT_MC | \
			 E5_QPI_PKT_DNID | E5_QPI_PKT_RNID4)
#define QPI_M1		((E5_QPI_PKT_RNID30 | E5_QPI_PKT_RDS) >> 32)
#define FILT_QPI	{ QPI_M0, QPI_M1, QPI_M0, QPI_M1 }

static const struct sim_e5_model sim_e5_snbep = {
	.name		= "snbep",
	.pmi		= false,
	/* frz freezes only while frz_en is set too */
	.frz		= E5_BOX_CTL_FRZ | E5_BOX_CTL_FRZ_EN,
	.ctl_valid	= {
		[E5_UBOX]	= CTL_U | E5_CTL_INVERT,
		[E5_CBOX]	= CTL_C | E5_CTL_INVERT,
		[E5_PCU]	= CTL_PCU | E5_CTL_INVERT,
		[E5_HA]		= CTL_PCI,
		[E5_IMC]	= CTL_PCI,
		[E5_QPI]	= CTL_PCI,
		[E5_R2PCIE]	= CTL_PCI,
		[E5_R3QPI]	= CTL_PCI,
		[E5_IRP]	= CTL_PCI,
	},
	.fixed_valid	= E5_FIXED_CTL_EN,
	.box_ctl_valid	= E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS |
			  E5_BOX_CTL_FRZ | E5_BOX_CTL_FRZ_EN,
	.filter_valid	= {
		[E5_CBOX]	= { SNBEP_C_FILT_TID | SNBEP_C_FILT_NID |
				    SNBEP_C_FILT_STATE | SNBEP_C_FILT_OPC },
		[E5_PCU]	= { GENMASK_ULL(31, 0) },
		[E5_HA]		= FILT_HA,
		[E5_QPI]	= FILT_QPI,
	},
	.msrs		= { sim_e5_common_msrs },
	.nr_msrs	= { ARRAY_SIZE(sim_e5_common_msrs) },
	.opc_filter	= 0,
	.opc		= SNBEP_C_FILT_OPC,
	.nid_filter	= 0,
	.nid		= SNBEP_C_FILT_NID,
	.state		= SNBEP_C_FILT_STATE,
	.nc		= 0,
	.lookup_umask	= 0x0f,
	.cas_umask	= 0x0f,
	.tor_umask	= 0,
	.act_umask	= 0,
	.pre_umask	= 0x03,
	.tid_core	= GENMASK_ULL(3, 1),
	.tid_none	= BIT_ULL(4),
	.boxes		= sim_snbep_boxes,
	.nr_boxes	= ARRAY_SIZE(sim_snbep_boxes),
	.ubox_devid	= SNBEP_PCI_UBOX,
	.filler_devid	= SIM_SNBEP_FILLER,
};

/* IVB-EP's IRP: two halves of two counters, not evenly spaced */
static const u32 sim_ivbep_irp_ctrs[] = {
	IVBEP_IRP_CTR0, IVBEP_IRP_CTR1, IVBEP_IRP_CTR2, IVBEP_IRP_CTR3,
};

static const struct sim_e5_model sim_e5_ivbep = {
	.name		= "ivbep",
	.pmi		= true,
	.frz		= E5_BOX_CTL_FRZ,
	.ctl_valid	= {
		[E5_UBOX]	= CTL_U | E5_CTL_OV_EN,
		[E5_CBOX]	= CTL_C | E5_CTL_OV_EN,
		[E5_PCU]	= CTL_PCU | E5_CTL_OV_EN,
		[E5_HA]		= CTL_PCI_NOINV | E5_CTL_OV_EN | E5_CTL_HA_Q_OCC_RST,
		[E5_IMC]	= CTL_PCI | E5_CTL_OV_EN,
		[E5_QPI]	= CTL_PCI_NOINV | E5_CTL_OV_EN,
		[E5_R2PCIE]	= CTL_PCI_NOINV | E5_CTL_OV_EN,
		[E5_R3QPI]	= CTL_PCI_NOINV | E5_CTL_OV_EN,
		[E5_IRP]	= CTL_PCI_NOINV | E5_CTL_OV_EN,
	},
	.fixed_valid	= E5_FIXED_CTL_EN | E5_FIXED_CTL_OV_EN,
	/* bit 17, which 329468 asks software to set: accepted, no effect */
	.box_ctl_valid	= E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS |
			  E5_BOX_CTL_FRZ | E5_BOX_CTL_FRZ_EN | BIT_ULL(17),
	.filter_valid	= {
		[E5_CBOX]	= { IVBEP_C_FILT_TID | IVBEP_C_FILT_LINK |
				    IVBEP_C_FILT_STATE,
				    (IVBEP_C_FILT_NID | IVBEP_C_FILT_OPC |
				     IVBEP_C_FILT_C6 | IVBEP_C_FILT_NC |
				     IVBEP_C_FILT_ISOC) >> 32 },
		[E5_PCU]	= { GENMASK_ULL(31, 0) },
		[E5_HA]		= FILT_HA,
		[E5_QPI]	= FILT_QPI,
	},
	.msrs		= { sim_e5_common_msrs, sim_ivbep_msrs },
	.nr_msrs	= { ARRAY_SIZE(sim_e5_common_msrs), ARRAY_SIZE(sim_ivbep_msrs) },
	.opc_filter	= 1,
	.opc		= IVBEP_C_FILT_OPC >> 32,
	.nid_filter	= 1,
	.nid		= IVBEP_C_FILT_NID >> 32,
	.state		= IVBEP_C_FILT_STATE,
	.nc		= (IVBEP_C_FILT_NC | IVBEP_C_FILT_ISOC) >> 32,
	.lookup_umask	= 0x1f,
	/* RD_WMM and RD_RMM, 0x10 and 0x20, are IVB-EP's only */
	.cas_umask	= 0x3f,
	.tor_umask	= 0xa0,
	.act_umask	= 0x0b,
	.pre_umask	= 0x1f,
	.occ_c0_c1	= true,
	.irp_ctrs	= sim_ivbep_irp_ctrs,
	.tid_core	= GENMASK_ULL(3, 1),
	.tid_none	= BIT_ULL(4),
	.boxes		= sim_ivbep_boxes,
	.nr_boxes	= ARRAY_SIZE(sim_ivbep_boxes),
	.ubox_devid	= IVBEP_PCI_UBOX,
	.filler_devid	= SIM_IVBEP_FILLER,
};

/* The S-Box's control: the C-Box's, with invert */
#define CTL_S		(CTL_C | E5_CTL_INVERT)

static const struct sim_e5_model sim_e5_hswep = {
	.name		= "hswep",
	.pmi		= false,
	/* frz alone freezes; frz_en, which the driver writes too, is accepted */
	.frz		= E5_BOX_CTL_FRZ,
	.ctl_valid	= {
		[E5_UBOX]	= CTL_U | E5_CTL_INVERT,
		[E5_CBOX]	= CTL_C,
		[E5_SBOX]	= CTL_S,
		[E5_PCU]	= CTL_PCU | E5_CTL_INVERT,
		[E5_HA]		= CTL_PCI,
		[E5_IMC]	= CTL_PCI,
		[E5_QPI]	= CTL_PCI,
		[E5_R2PCIE]	= CTL_PCI,
		[E5_R3QPI]	= CTL_PCI,
		[E5_IRP]	= CTL_PCI,
	},
	.fixed_valid	= E5_FIXED_CTL_EN,
	.box_ctl_valid	= E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS |
			  E5_BOX_CTL_FRZ | E5_BOX_CTL_FRZ_EN,
	.filter_valid	= {
		[E5_UBOX]	= { HSWEP_U_FILT_TID | HSWEP_U_FILT_CID },
		[E5_CBOX]	= { HSWEP_C_FILT_TID | HSWEP_C_FILT_LINK |
				    HSWEP_C_FILT_STATE,
				    (HSWEP_C_FILT_NID | HSWEP_C_FILT_OPC |
				     HSWEP_C_FILT_C6 | HSWEP_C_FILT_NC |
				     HSWEP_C_FILT_ISOC) >> 32 },
		[E5_PCU]	= { GENMASK_ULL(31, 0) },
		[E5_QPI]	= FILT_QPI,
	},
	.msrs		= { sim_hswep_msrs },
	.nr_msrs	= { ARRAY_SIZE(sim_hswep_msrs) },
	.opc_filter	= 1,
	.opc		= HSWEP_C_FILT_OPC >> 32,
	.nid_filter	= 1,
	.nid		= HSWEP_C_FILT_NID >> 32,
	.state		= HSWEP_C_FILT_STATE,
	.nc		= (HSWEP_C_FILT_NC | HSWEP_C_FILT_ISOC) >> 32,
	.lookup_umask	= 0x1f,
	.cas_umask	= 0x3f,
	.tor_umask	= 0xa0,
	.act_umask	= 0x0b,
	.pre_umask	= 0x1f,
	.occ_c0_c1	= true,
	.width		= { [E5_CBOX] = E5_WIDTH_48, [E5_R2PCIE] = E5_WIDTH_48 },
	/* bits 5:1 a core, bit 0 its thread; no bit for no thread */
	.tid_core	= GENMASK_ULL(5, 1),
	.tid_none	= 0,
	.cap_devfn	= PCI_DEVFN(30, 3),
	.cap_devid	= HSWEP_PCI_PCU3,
	.cap_reg	= HSWEP_PCU3_CAPID4,
	.cap_chop	= HSWEP_CAPID4_CHOP,
	.chop_cores	= { 8, 12 },
	.boxes		= sim_hswep_boxes,
	.nr_boxes	= ARRAY_SIZE(sim_hswep_boxes),
	.ubox_devid	= HSWEP_PCI_UBOX,
	.filler_devid	= SIM_HSWEP_FILLER,
};

/*
 * Broadwell-EP's registers, which Broadwell-DE shares: Haswell-EP's, with
 * every general-purpose counter 48 bits wide.  An entry of a box type a
 * model lacks (Broadwell-DE's S-Box, QPI, R3QPI) names no register: the
 * simulator looks an access up by the model's boxes
 */
#define SIM_E5_BDX_REGS							\
	.pmi		= false,					\
	/* frz alone freezes; frz_en, which the driver writes too, is accepted */ \
	.frz		= E5_BOX_CTL_FRZ,				\
	.ctl_valid	= {						\
		[E5_UBOX]	= CTL_U | E5_CTL_INVERT,		\
		[E5_CBOX]	= CTL_C,				\
		[E5_SBOX]	= CTL_S,				\
		[E5_PCU]	= CTL_PCU | E5_CTL_INVERT,		\
		[E5_HA]		= CTL_PCI,				\
		[E5_IMC]	= CTL_PCI,				\
		[E5_QPI]	= CTL_PCI,				\
		[E5_R2PCIE]	= CTL_PCI,				\
		[E5_R3QPI]	= CTL_PCI,				\
		[E5_IRP]	= CTL_PCI,				\
	},								\
	.fixed_valid	= E5_FIXED_CTL_EN,				\
	.box_ctl_valid	= E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS |	\
			  E5_BOX_CTL_FRZ | E5_BOX_CTL_FRZ_EN,		\
	.filter_valid	= {						\
		[E5_UBOX]	= { HSWEP_U_FILT_TID | HSWEP_U_FILT_CID }, \
		[E5_CBOX]	= { HSWEP_C_FILT_TID | HSWEP_C_FILT_LINK | \
				    HSWEP_C_FILT_STATE,			\
				    (HSWEP_C_FILT_NID | HSWEP_C_FILT_OPC | \
				     HSWEP_C_FILT_C6 | HSWEP_C_FILT_NC | \
				     HSWEP_C_FILT_ISOC) >> 32 },	\
		[E5_PCU]	= { GENMASK_ULL(31, 0) },		\
		[E5_QPI]	= FILT_QPI,				\
	},								\
	.msrs		= { sim_hswep_msrs },				\
	.nr_msrs	= { ARRAY_SIZE(sim_hswep_msrs) },		\
	.opc_filter	= 1,						\
	.opc		= HSWEP_C_FILT_OPC >> 32,			\
	.nid_filter	= 1,						\
	.nid		= HSWEP_C_FILT_NID >> 32,			\
	.state		= HSWEP_C_FILT_STATE,				\
	.nc		= (HSWEP_C_FILT_NC | HSWEP_C_FILT_ISOC) >> 32,	\
	.lookup_umask	= 0x1f,						\
	.cas_umask	= 0x3f,						\
	.tor_umask	= 0xa0,						\
	.act_umask	= 0x0b,						\
	.pre_umask	= 0x1f,						\
	.occ_c0_c1	= true,						\
	.width		= { [E5_UBOX] = E5_WIDTH_48, [E5_CBOX] = E5_WIDTH_48, \
			    [E5_SBOX] = E5_WIDTH_48, [E5_R2PCIE] = E5_WIDTH_48, \
			    [E5_R3QPI] = E5_WIDTH_48 },			\
	/* bits 5:1 a core, bit 0 its thread; no bit for no thread */	\
	.tid_core	= GENMASK_ULL(5, 1),				\
	.tid_none	= 0,						\
	.ubox_devid	= BDX_PCI_UBOX,					\
	.filler_devid	= SIM_BDX_FILLER

/* Broadwell-EP: Haswell-EP's registers, wider counters, a larger die */
static const struct sim_e5_model sim_e5_bdx = {
	.name		= "bdx",
	SIM_E5_BDX_REGS,
	.cap_devfn	= PCI_DEVFN(30, 3),
	.cap_devid	= BDX_PCI_PCU3,
	.cap_reg	= HSWEP_PCU3_CAPID4,
	.cap_chop	= HSWEP_CAPID4_CHOP,
	.chop_cores	= { 10, 15 },
	.boxes		= sim_bdx_boxes,
	.nr_boxes	= ARRAY_SIZE(sim_bdx_boxes),
};

/*
 * Broadwell-DE: Broadwell-EP's registers, its boxes, and no die's chop,
 * which names S-Boxes only
 */
static const struct sim_e5_model sim_e5_bdxde = {
	.name		= "bdxde",
	SIM_E5_BDX_REGS,
	.boxes		= sim_bdxde_boxes,
	.nr_boxes	= ARRAY_SIZE(sim_bdxde_boxes),
};

/* ---- The models ---- */

#define SIM_E5_KEYS	(BIT(SIM_TK_READ) | BIT(SIM_TK_WRITE) | BIT(SIM_TK_TX) | \
			 BIT(SIM_TK_RX) | BIT(SIM_TK_LATENCY) | \
			 BIT(SIM_TK_REMOTE) | BIT(SIM_TK_UCLK) | \
			 BIT(SIM_TK_PAGEHIT) | BIT(SIM_TK_PAGEMISS) | \
			 BIT(SIM_TK_C0) | BIT(SIM_TK_C3) | BIT(SIM_TK_C6) | \
			 BIT(SIM_TK_CKEOFF))

/* Every MSR that exists, of every box of either model */
static const struct sim_msr_range sim_e5_msr_ranges[] = {
	{ E5_U_GLOBAL_CTL, E5_U_CTR0 + E5_U_NUM_COUNTERS - 1 },
	{ E5_PCU_BOX_CTL, E5_PCU_CTR0 + E5_PCU_NUM_COUNTERS - 1 },
	{ E5_C_BOX_CTL, IVBEP_C_FILTER1 + (IVBEP_C_MAX_BOXES - 1) * E5_C_BOX_STRIDE },
};

/* Every MSR of Haswell-EP's boxes */
static const struct sim_msr_range sim_hswep_msr_ranges[] = {
	{ HSWEP_U_FIXED_CTL, HSWEP_U_CTR0 + E5_U_NUM_COUNTERS - 1 },
	{ HSWEP_PCU_BOX_CTL, HSWEP_PCU_CTR0 + E5_PCU_NUM_COUNTERS - 1 },
	{ HSWEP_S_BOX_CTL, HSWEP_S_CTR0 + E5_S_NUM_COUNTERS - 1 +
			   (HSWEP_S_MAX_BOXES - 1) * HSWEP_S_BOX_STRIDE },
	{ HSWEP_C_BOX_CTL, HSWEP_C_CTR0 + E5_C_NUM_COUNTERS - 1 +
			   (HSWEP_C_MAX_BOXES - 1) * HSWEP_C_BOX_STRIDE },
};

static const struct sim_model sim_snbep_model = {
	.name		= "snbep",
	.ops		= &sim_e5_ops,
	.data		= &sim_e5_snbep,
	.socket_size	= sizeof(struct sim_e5),
	.max_sockets	= 8,	/* GIDNIDMAP names 8 packages */
	.msrs		= sim_e5_msr_ranges,
	.nr_msrs	= ARRAY_SIZE(sim_e5_msr_ranges),
	.channels	= 4,
	.links		= 2,
	.keys		= SIM_E5_KEYS,
};

static const struct sim_model sim_ivbep_model = {
	.name		= "ivbep",
	.ops		= &sim_e5_ops,
	.data		= &sim_e5_ivbep,
	.socket_size	= sizeof(struct sim_e5),
	.max_sockets	= 8,
	.msrs		= sim_e5_msr_ranges,
	.nr_msrs	= ARRAY_SIZE(sim_e5_msr_ranges),
	.channels	= 8,
	.links		= 3,
	.keys		= SIM_E5_KEYS,
};

static const struct sim_model sim_hswep_model = {
	.name		= "hswep",
	.ops		= &sim_e5_ops,
	.data		= &sim_e5_hswep,
	.socket_size	= sizeof(struct sim_e5),
	.max_sockets	= 8,
	.msrs		= sim_hswep_msr_ranges,
	.nr_msrs	= ARRAY_SIZE(sim_hswep_msr_ranges),
	.channels	= 8,
	.links		= 3,
	.keys		= SIM_E5_KEYS,
};

/* Every MSR of Broadwell-EP's boxes: Haswell-EP's, and 6 more C-Boxes */
static const struct sim_msr_range sim_bdx_msr_ranges[] = {
	{ HSWEP_U_FIXED_CTL, HSWEP_U_CTR0 + E5_U_NUM_COUNTERS - 1 },
	{ HSWEP_PCU_BOX_CTL, HSWEP_PCU_CTR0 + E5_PCU_NUM_COUNTERS - 1 },
	{ HSWEP_S_BOX_CTL, HSWEP_S_CTR0 + E5_S_NUM_COUNTERS - 1 +
			   (HSWEP_S_MAX_BOXES - 1) * HSWEP_S_BOX_STRIDE },
	{ HSWEP_C_BOX_CTL, HSWEP_C_CTR0 + E5_C_NUM_COUNTERS - 1 +
			   (BDX_C_MAX_BOXES - 1) * HSWEP_C_BOX_STRIDE },
};

static const struct sim_model sim_bdx_model = {
	.name		= "bdx",
	.ops		= &sim_e5_ops,
	.data		= &sim_e5_bdx,
	.socket_size	= sizeof(struct sim_e5),
	.max_sockets	= 8,
	.msrs		= sim_bdx_msr_ranges,
	.nr_msrs	= ARRAY_SIZE(sim_bdx_msr_ranges),
	.channels	= 8,
	.links		= 3,
	.keys		= SIM_E5_KEYS,
};

/* Every MSR of Broadwell-DE's boxes: no S-Box, 16 C-Boxes */
static const struct sim_msr_range sim_bdxde_msr_ranges[] = {
	{ HSWEP_U_FIXED_CTL, HSWEP_U_CTR0 + E5_U_NUM_COUNTERS - 1 },
	{ HSWEP_PCU_BOX_CTL, HSWEP_PCU_CTR0 + E5_PCU_NUM_COUNTERS - 1 },
	{ HSWEP_C_BOX_CTL, HSWEP_C_CTR0 + E5_C_NUM_COUNTERS - 1 +
			   (SIM_BDXDE_C_BOXES - 1) * HSWEP_C_BOX_STRIDE },
};

/*
 * No QPI port: no link in the scenario, and a link's keys (tx, rx) are
 * not the model's.  A Broadwell-DE has one package; the simulator has as
 * many as the machine it runs on, each a Broadwell-DE of its own
 * (Documentation/pmu/bdxde.rst)
 */
static const struct sim_model sim_bdxde_model = {
	.name		= "bdxde",
	.ops		= &sim_e5_ops,
	.data		= &sim_e5_bdxde,
	.socket_size	= sizeof(struct sim_e5),
	.max_sockets	= 8,
	.msrs		= sim_bdxde_msr_ranges,
	.nr_msrs	= ARRAY_SIZE(sim_bdxde_msr_ranges),
	.channels	= 2,
	.links		= 0,
	.keys		= SIM_E5_KEYS & ~(BIT(SIM_TK_TX) | BIT(SIM_TK_RX)),
};

/* The E5 models, for sim/core.c's table of models; NULL ends it */
const struct sim_model *const sim_e5_models[] = {
	&sim_snbep_model,
	&sim_ivbep_model,
	&sim_hswep_model,
	&sim_bdx_model,
	&sim_bdxde_model,
	NULL
};

/* The box type called @name, -1 if none */
int sim_e5_type(const char *name)
{
	unsigned int t;

	for (t = 0; t < E5_NR_TYPES; t++)
		if (!strcmp(sim_e5_types[t].name, name))
			return t;
	return -1;
}

/* The model's box @name (a PMU name without "uncore_"), -1 if none */
int sim_e5_find(const struct sim_e5_model *m, const char *name)
{
	unsigned int b;

	for (b = 0; b < m->nr_boxes; b++)
		if (!strcmp(m->boxes[b].name, name))
			return b;
	return -1;
}

/* The model's box @idx of type @type; m->nr_boxes if none */
unsigned int sim_e5_box_of(const struct sim_e5_model *m, u8 type,
			   unsigned int idx)
{
	unsigned int b;

	for (b = 0; b < m->nr_boxes; b++)
		if (m->boxes[b].type == type && m->boxes[b].idx == idx)
			return b;
	return m->nr_boxes;
}
