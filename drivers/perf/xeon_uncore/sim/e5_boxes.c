// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon E5 and E5 v2 uncore, the boxes: their types and, per
 * model, every box of a socket, MSR and PCI alike, at the device.function
 * and with the device ID the guides give and, on IVB-EP, with its bit in
 * U_MSR_PMON_GLOBAL_STATUS.
 */
#include <linux/build_bug.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/string.h>

#include "e5_model.h"

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

static_assert(ARRAY_SIZE(sim_ivbep_boxes) <= SIM_E5_MAX_BOXES);
static_assert(ARRAY_SIZE(sim_snbep_boxes) <= SIM_E5_MAX_BOXES);

const struct sim_e5_model sim_e5_snbep = {
	.name		= "snbep",
	.ivb		= false,
	.boxes		= sim_snbep_boxes,
	.nr_boxes	= ARRAY_SIZE(sim_snbep_boxes),
	.ubox_devid	= SNBEP_PCI_UBOX,
	.filler_devid	= SIM_SNBEP_FILLER,
};

const struct sim_e5_model sim_e5_ivbep = {
	.name		= "ivbep",
	.ivb		= true,
	.boxes		= sim_ivbep_boxes,
	.nr_boxes	= ARRAY_SIZE(sim_ivbep_boxes),
	.ubox_devid	= IVBEP_PCI_UBOX,
	.filler_devid	= SIM_IVBEP_FILLER,
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
