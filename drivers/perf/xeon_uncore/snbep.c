// SPDX-License-Identifier: GPL-2.0-only
/*
 * Xeon E5-2600 (Sandy Bridge-EP, "snbep"): U-Box, C-Boxes and PCU (MSR);
 * HA, iMC channels, QPI ports, R2PCIe and R3QPI links (PCI).  No overflow
 * interrupt: the driver polls.
 * Documentation/pmu/snbep.rst tells where the sources disagree and what was
 * chosen; e5.c holds what both E5 generations share.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <linux/bitfield.h>
#include <linux/topology.h>

#include "e5.h"
#include "platform.h"

/* ---- box control: MSR and PCI boxes alike ---- */
static int snbep_box_init(struct xu_box *box)
{
	/*
	 * Reset the controls and counters and accept freezes (frz_en is
	 * write-only, so every write carries it).  Not left frozen: the
	 * core unfreezes only what it froze, and a counter whose control
	 * is clear counts nothing anyway.
	 */
	return xu_write(box, xu_box_reg(box, box->pmu->type->box_ctl),
			E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS |
			E5_BOX_CTL_FRZ_EN);
}

static void snbep_box_freeze(struct xu_box *box)
{
	xu_write(box, xu_box_reg(box, box->pmu->type->box_ctl),
		 E5_BOX_CTL_FRZ_EN | E5_BOX_CTL_FRZ);
}

static void snbep_box_unfreeze(struct xu_box *box)
{
	xu_write(box, xu_box_reg(box, box->pmu->type->box_ctl),
		 E5_BOX_CTL_FRZ_EN);
}

#define SNBEP_BOX_OPS							\
	.init_box	= snbep_box_init,				\
	.exit_box	= e5_box_exit,					\
	.freeze		= snbep_box_freeze,				\
	.unfreeze	= snbep_box_unfreeze,				\
	.validate	= e5_validate

static int snbep_ubox_init(struct xu_box *box)
{
	return e5_ubox_clear(box);
}

static void snbep_ubox_exit(struct xu_box *box)
{
	e5_ubox_clear(box);
}

static struct attribute *snbep_ubox_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_INV,
	E5_FMT_THRESH5,
	NULL
};

static const struct xu_box_ops snbep_ubox_ops = {
	.init_box	= snbep_ubox_init,
	.exit_box	= snbep_ubox_exit,
	.validate	= e5_validate,
};

static const struct xu_box_type snbep_ubox = {
	.name		= "ubox",
	.num_boxes	= 1,
	.num_counters	= E5_U_NUM_COUNTERS,
	.width		= E5_WIDTH_44,
	.access		= XU_MSR,
	.ctl0		= E5_U_CTL0,
	.ctr0		= E5_U_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.ctl_en		= E5_CTL_EN,
	E5_UBOX_FIXED,
	.formats	= snbep_ubox_formats,
	.events		= e5_ubox_events,
	.ops		= &snbep_ubox_ops,
};

/* ---- C-Boxes ---- */

#define SNBEP_STATE	SNBEP_C_FILT_STATE
#define SNBEP_NID	SNBEP_C_FILT_NID
#define SNBEP_OPC	SNBEP_C_FILT_OPC

static const struct e5_cbox_filt snbep_cbox_filt[] = {
	{ 0x0334, E5_EVUM, SNBEP_STATE },
	{ 0x4334, E5_EVUM, SNBEP_STATE | SNBEP_NID },
	{ 0x0534, E5_EVUM, SNBEP_STATE },
	{ 0x4534, E5_EVUM, SNBEP_STATE | SNBEP_NID },
	{ 0x0934, E5_EVUM, SNBEP_STATE },
	{ 0x4934, E5_EVUM, SNBEP_STATE | SNBEP_NID },
	{ 0x4134, E5_EVUM, SNBEP_STATE | SNBEP_NID },
	{ 0x0135, E5_EVUM, SNBEP_OPC },
	{ 0x0335, E5_EVUM, SNBEP_OPC },
	{ 0x4135, E5_EVUM, SNBEP_OPC | SNBEP_NID },
	{ 0x4335, E5_EVUM, SNBEP_OPC | SNBEP_NID },
	{ 0x4435, E5_EVUM, SNBEP_NID },
	{ 0x4835, E5_EVUM, SNBEP_NID },
	{ 0x4a35, E5_EVUM, SNBEP_NID },
	{ 0x5035, E5_EVUM, SNBEP_NID },
	{ 0x0136, E5_EVUM, SNBEP_OPC },
	{ 0x0336, E5_EVUM, SNBEP_OPC },
	{ 0x4136, E5_EVUM, SNBEP_OPC | SNBEP_NID },
	{ 0x4336, E5_EVUM, SNBEP_OPC | SNBEP_NID },
	{ 0x4436, E5_EVUM, SNBEP_NID },
	{ 0x4836, E5_EVUM, SNBEP_NID },
	{ 0x4a36, E5_EVUM, SNBEP_NID },
	/* ev_sel 0x37 with umask bit 6, whatever the other umask bits */
	{ 0x4037, 0x40ff, SNBEP_NID },
};

/* SNB-EP: one filter register, config1 31:0 */
static void snbep_cbox_extra_fields(struct perf_event *event, u64 *fields)
{
	fields[0] = e5_cbox_filter_bits(snbep_cbox_filt,
					ARRAY_SIZE(snbep_cbox_filt),
					SNBEP_C_FILT_TID, event);
}

#define SNBEP_C_FILT_ALL	(SNBEP_C_FILT_TID | SNBEP_C_FILT_NID | \
				 SNBEP_C_FILT_STATE | SNBEP_C_FILT_OPC)

static const struct xu_extra_reg snbep_cbox_extra[] = {
	{ .reg = E5_C_FILTER, .cfg = 1, .shift = 0, .mask = SNBEP_C_FILT_ALL },
};

static struct attribute *snbep_cbox_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_TID_EN,
	E5_FMT_INV,
	E5_FMT_THRESH8,
	XU_FORMAT(filter_tid, 1, SNBEP_C_FILT_TID, 0),
	XU_FORMAT(filter_nid, 1, SNBEP_C_FILT_NID, 0),
	XU_FORMAT(filter_state, 1, SNBEP_C_FILT_STATE, 0),
	XU_FORMAT(filter_opc, 1, SNBEP_C_FILT_OPC, 0),
	NULL
};

/*
 * The counters a C-Box event may use, by ev_sel (0: any), 327043's
 * C-Box table as Linux's uncore_snbep.c applies it; IVB-EP's (329468)
 * the same
 */
const u8 snbep_cbox_counters[256] = {
	[0x01] = 0x1, [0x02] = 0x3, [0x04] = 0x3, [0x05] = 0x3,
	[0x07] = 0x3, [0x09] = 0x3, [0x11] = 0x1, [0x12] = 0x3,
	[0x13] = 0x3, [0x1b] = 0xc, [0x1c] = 0xc, [0x1d] = 0xc,
	[0x1e] = 0xc, [0x1f] = 0xe, [0x21] = 0x3, [0x23] = 0x3,
	[0x31] = 0x3, [0x32] = 0x3, [0x33] = 0x3, [0x34] = 0x3,
	[0x35] = 0x3, [0x36] = 0x1, [0x37] = 0x3, [0x38] = 0x3,
	[0x39] = 0x3, [0x3b] = 0x1,
};

static unsigned long snbep_cbox_constraint(struct perf_event *event)
{
	return e5_constraint(snbep_cbox_counters, event);
}

static const struct xu_box_ops snbep_cbox_ops = {
	SNBEP_BOX_OPS,
	.constraint	= snbep_cbox_constraint,
	.extra_fields	= snbep_cbox_extra_fields,
};

static const struct xu_box_type snbep_cbox = {
	.name		= "cbox",
	.num_boxes	= SNBEP_C_MAX_BOXES,
	.per_core	= true,
	.num_counters	= E5_C_NUM_COUNTERS,
	.width		= E5_WIDTH_44,
	.access		= XU_MSR,
	.box_stride	= E5_C_BOX_STRIDE,
	.ctl0		= E5_C_CTL0,
	.ctr0		= E5_C_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.box_ctl	= E5_C_BOX_CTL,
	.ctl_en		= E5_CTL_EN,
	.extra		= snbep_cbox_extra,
	.num_extra	= ARRAY_SIZE(snbep_cbox_extra),
	.formats	= snbep_cbox_formats,
	.ops		= &snbep_cbox_ops,
};

/* ---- PCU ---- */

static const struct xu_box_ops snbep_pcu_ops = {
	SNBEP_BOX_OPS,
	.extra_fields	= e5_pcu_extra_fields,
};

static const struct xu_box_type snbep_pcu = {
	.name		= "pcu",
	.num_boxes	= 1,
	.num_counters	= E5_PCU_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	.access		= XU_MSR,
	.ctl0		= E5_PCU_CTL0,
	.ctr0		= E5_PCU_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.box_ctl	= E5_PCU_BOX_CTL,
	.ctl_en		= E5_CTL_EN,
	.extra		= e5_pcu_extra,
	.num_extra	= ARRAY_SIZE(e5_pcu_extra),
	.formats	= e5_pcu_formats,
	.ops		= &snbep_pcu_ops,
};

/* ---- PCI boxes: HA, iMC, QPI, R2PCIe, R3QPI, IRP ---- */

static const struct xu_box_ops snbep_pci_ops = {
	SNBEP_BOX_OPS,
};

static struct attribute *snbep_ha_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_INV,
	E5_FMT_THRESH8,
	/* physical address bits 45:6 where they are, in config1 */
	XU_FORMAT(match_addr, 1, GENMASK_ULL(45, 6), 0),
	XU_FORMAT(match_opc, 2, E5_HA_OPC_MASK, 0),
	NULL
};

static const struct xu_box_ops snbep_ha_ops = {
	SNBEP_BOX_OPS,
	.extra_fields	= e5_ha_extra_fields,
};

static const u16 snbep_ha_ids[] = { SNBEP_PCI_HA };

static const struct xu_box_type snbep_ha = {
	.name		= "ha",
	.num_boxes	= 1,
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	.pci_ids	= snbep_ha_ids,
	.extra		= e5_ha_extra,
	.num_extra	= ARRAY_SIZE(e5_ha_extra),
	.formats	= snbep_ha_formats,
	.ops		= &snbep_ha_ops,
};

static const u16 snbep_imc_ids[] = {
	SNBEP_PCI_IMC0, SNBEP_PCI_IMC1, SNBEP_PCI_IMC2, SNBEP_PCI_IMC3,
};

static const struct xu_box_type snbep_imc = {
	.name		= "imc",
	.num_boxes	= ARRAY_SIZE(snbep_imc_ids),
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	E5_IMC_FIXED,
	.pci_ids	= snbep_imc_ids,
	.formats	= e5_pci_formats,
	.events		= e5_imc_events,
	.ops		= &snbep_pci_ops,
};

static const struct xu_box_ops snbep_qpi_ops = {
	SNBEP_BOX_OPS,
	.extra_fields	= e5_qpi_extra_fields,
};

static const u16 snbep_qpi_ids[] = { SNBEP_PCI_QPI0, SNBEP_PCI_QPI1 };

static const u16 snbep_qpi_filter_ids[] = {
	SNBEP_PCI_QPI0_FILTER, SNBEP_PCI_QPI1_FILTER,
};

static const struct xu_box_type snbep_qpi = {
	.name		= "qpi",
	.num_boxes	= ARRAY_SIZE(snbep_qpi_ids),
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	.pci_ids	= snbep_qpi_ids,
	.filter_fn	= E5_QPI_FILTER_FN,
	.filter_ids	= snbep_qpi_filter_ids,
	.extra		= e5_qpi_extra,
	.num_extra	= ARRAY_SIZE(e5_qpi_extra),
	.formats	= e5_qpi_formats,
	.events		= e5_qpi_events,
	.ops		= &snbep_qpi_ops,
};

static const struct xu_box_ops snbep_r2pcie_ops = {
	SNBEP_BOX_OPS,
	.constraint	= e5_r2pcie_constraint,
};

static const struct xu_box_ops snbep_r3qpi_ops = {
	SNBEP_BOX_OPS,
	.constraint	= e5_r3qpi_constraint,
};

static const u16 snbep_r2pcie_ids[] = { SNBEP_PCI_R2PCIE };

static const struct xu_box_type snbep_r2pcie = {
	.name		= "r2pcie",
	.num_boxes	= 1,
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_44,
	E5_PCI_REGS,
	.pci_ids	= snbep_r2pcie_ids,
	.formats	= e5_pci_formats,
	.ops		= &snbep_r2pcie_ops,
};

static const u16 snbep_r3qpi_ids[] = { SNBEP_PCI_R3QPI0, SNBEP_PCI_R3QPI1 };

static const struct xu_box_type snbep_r3qpi = {
	.name		= "r3qpi",
	.num_boxes	= ARRAY_SIZE(snbep_r3qpi_ids),
	.num_counters	= E5_R3QPI_NUM_COUNTERS,
	.width		= E5_WIDTH_44,
	E5_PCI_REGS,
	.pci_ids	= snbep_r3qpi_ids,
	.formats	= e5_pci_formats,
	.ops		= &snbep_r3qpi_ops,
};

static const struct xu_pci_map snbep_pci_map = { E5_PCI_MAP(SNBEP_PCI_UBOX) };

/* The U-Box first: it is the global box */
static const struct xu_box_type * const snbep_types[] = {
	&snbep_ubox,
	&snbep_cbox,
	&snbep_pcu,
	&snbep_ha,
	&snbep_imc,
	&snbep_qpi,
	&snbep_r2pcie,
	&snbep_r3qpi,
	NULL
};

const struct xu_platform xu_snbep = {
	.name		= "snbep",
	.types		= snbep_types,
	.no_pmi		= "the Xeon E5-2600 uncore has no overflow interrupt (327043 2.1)",
	.pci_map	= &snbep_pci_map,
};
EXPORT_SYMBOL_IF_KUNIT(xu_snbep);
