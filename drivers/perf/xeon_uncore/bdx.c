// SPDX-License-Identifier: GPL-2.0-only
/*
 * Xeon E5-2600 v4 (Broadwell-EP, "bdx"): the E5 v3's boxes (e5v3.h) with
 * 48-bit counters everywhere but the fixed ones' width, up to 24 C-Boxes,
 * S-Boxes only on the larger dies, IVB-EP's U-Box formats, new PCI device
 * IDs and the counter constraints Linux applies.  Counting only, as on
 * the E5 v3 (Documentation/pmu/bdx.rst).
 *
 * Xeon D-1500 (Broadwell-DE, "bdxde"): the same boxes and device IDs but
 * no S-Box, one package, and the PCI boxes its die has, registered as
 * found (Documentation/pmu/bdxde.rst).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <xeon_uncore/bdx.h>

#include "e5v3.h"
#include "platform.h"

/* ---- U-Box: IVB-EP's formats (no inv, no filter), 48-bit counters ---- */

static const struct xu_box_ops bdx_ubox_ops = {
	.init_box	= hswep_ubox_init,
	.exit_box	= hswep_ubox_exit,
	.validate	= e5_validate,
};

static struct attribute *bdx_ubox_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_THRESH5,
	NULL
};

static const struct xu_box_type bdx_ubox = {
	.name		= "ubox",
	.num_boxes	= 1,
	.num_counters	= E5_U_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	.access		= XU_MSR,
	.ctl0		= HSWEP_U_CTL0,
	.ctr0		= HSWEP_U_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.ctl_en		= E5_CTL_EN,
	E5_FIXED(HSWEP_U_FIXED_CTL, HSWEP_U_FIXED_CTR),
	.formats	= bdx_ubox_formats,
	.events		= e5_ubox_events,
	.ops		= &bdx_ubox_ops,
};

/* ---- C-Boxes: the E5 v3's filter pair, Linux's bdx constraints ---- */

static const u8 bdx_cbox_counters[256] = {
	[0x09] = 0x3, [0x11] = 0x1, [0x36] = 0x1, [0x3e] = 0x1,
};

static unsigned long bdx_cbox_constraint(struct perf_event *event)
{
	return e5_constraint(bdx_cbox_counters, event);
}

static const struct xu_box_ops bdx_cbox_ops = {
	HSWEP_BOX_OPS,
	.constraint	= bdx_cbox_constraint,
	.extra_fields	= hswep_cbox_extra_fields,
};

static const struct xu_box_type bdx_cbox = {
	.name		= "cbox",
	.num_boxes	= BDX_C_MAX_BOXES,
	.per_core	= true,
	.num_counters	= E5_C_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	.access		= XU_MSR,
	.box_stride	= HSWEP_C_BOX_STRIDE,
	.ctl0		= HSWEP_C_CTL0,
	.ctr0		= HSWEP_C_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.box_ctl	= HSWEP_C_BOX_CTL,
	.ctl_en		= E5_CTL_EN,
	.extra		= hswep_cbox_extra,
	.num_extra	= ARRAY_SIZE(hswep_cbox_extra),
	.formats	= hswep_cbox_formats,
	.ops		= &bdx_cbox_ops,
};

/* ---- S-Boxes: four, and none on the die whose CAPID4 chop reads 0 ---- */

static const struct xu_box_ops bdx_sbox_ops = {
	.init_box	= hswep_sbox_init,
	.exit_box	= hswep_sbox_exit,
	.freeze		= hswep_box_freeze,
	.unfreeze	= hswep_box_unfreeze,
	.validate	= e5_validate,
};

static unsigned int bdx_sbox_present(struct xu_uncore *uc)
{
	return hswep_chop_boxes(uc, BDX_PCI_PCU3, 0, HSWEP_S_MAX_BOXES);
}

static const struct xu_box_type bdx_sbox = {
	.name		= "sbox",
	.num_boxes	= HSWEP_S_MAX_BOXES,
	.present	= bdx_sbox_present,
	.num_counters	= E5_S_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	.access		= XU_MSR,
	.box_stride	= HSWEP_S_BOX_STRIDE,
	.ctl0		= HSWEP_S_CTL0,
	.ctr0		= HSWEP_S_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.box_ctl	= HSWEP_S_BOX_CTL,
	.ctl_en		= E5_CTL_EN,
	.formats	= hswep_sbox_formats,
	.ops		= &bdx_sbox_ops,
};

/* ---- PCU: an occupancy event (ev_sel bit 7) never on counter 0 ---- */

static unsigned long bdx_pcu_constraint(struct perf_event *event)
{
	return event->attr.config & BIT_ULL(7) ? GENMASK(3, 1) : ~0UL;
}

static const struct xu_box_ops bdx_pcu_ops = {
	HSWEP_BOX_OPS,
	.constraint	= bdx_pcu_constraint,
	.extra_fields	= e5_pcu_extra_fields,
};

static const struct xu_box_type bdx_pcu = {
	.name		= "pcu",
	.num_boxes	= 1,
	.num_counters	= E5_PCU_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	.access		= XU_MSR,
	.ctl0		= HSWEP_PCU_CTL0,
	.ctr0		= HSWEP_PCU_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.box_ctl	= HSWEP_PCU_BOX_CTL,
	.ctl_en		= E5_CTL_EN,
	.extra		= hswep_pcu_extra,
	.num_extra	= ARRAY_SIZE(hswep_pcu_extra),
	.formats	= e5_pcu_formats,
	.ops		= &bdx_pcu_ops,
};

/* ---- PCI boxes ---- */

static const struct xu_box_ops bdx_pci_ops = {
	HSWEP_BOX_OPS,
};

static const u16 bdx_ha_ids[] = { BDX_PCI_HA0, BDX_PCI_HA1 };

static const struct xu_box_type bdx_ha = {
	.name		= "ha",
	.num_boxes	= ARRAY_SIZE(bdx_ha_ids),
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	.pci_ids	= bdx_ha_ids,
	.formats	= e5_pci_formats,
	.ops		= &bdx_pci_ops,
};

static const u16 bdx_imc_ids[] = {
	BDX_PCI_IMC0, BDX_PCI_IMC1, BDX_PCI_IMC2, BDX_PCI_IMC3,
	BDX_PCI_IMC4, BDX_PCI_IMC5, BDX_PCI_IMC6, BDX_PCI_IMC7,
};

static const struct xu_box_type bdx_imc = {
	.name		= "imc",
	.num_boxes	= ARRAY_SIZE(bdx_imc_ids),
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	E5_IMC_FIXED,
	.pci_ids	= bdx_imc_ids,
	.formats	= e5_pci_formats,
	.events		= e5_imc_events,
	.ops		= &bdx_pci_ops,
};

static const struct xu_box_ops bdx_qpi_ops = {
	HSWEP_BOX_OPS,
	.extra_fields	= e5_qpi_extra_fields,
};

static const u16 bdx_qpi_ids[] = { BDX_PCI_QPI0, BDX_PCI_QPI1, BDX_PCI_QPI2 };

static const u16 bdx_qpi_filter_ids[] = {
	BDX_PCI_QPI0_FILTER, BDX_PCI_QPI1_FILTER, BDX_PCI_QPI2_FILTER,
};

static const struct xu_box_type bdx_qpi = {
	.name		= "qpi",
	.num_boxes	= ARRAY_SIZE(bdx_qpi_ids),
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	.pci_ids	= bdx_qpi_ids,
	.filter_fn	= E5_QPI_FILTER_FN,
	.filter_ids	= bdx_qpi_filter_ids,
	.extra		= e5_qpi_extra,
	.num_extra	= ARRAY_SIZE(e5_qpi_extra),
	.formats	= e5_qpi_formats,
	.events		= e5_qpi_events,
	.ops		= &bdx_qpi_ops,
};

/* R2PCIe and R3QPI events that count on the first counters: Linux's */
static const u8 bdx_r2pcie_counters[256] = {
	[0x10] = 0x3, [0x11] = 0x3, [0x13] = 0x1, [0x23] = 0x1,
	[0x25] = 0x1, [0x26] = 0x3, [0x28] = 0x3, [0x2c] = 0x3,
	[0x2d] = 0x3,
};

static const u8 bdx_r3qpi_counters[256] = {
	[0x01] = 0x7, [0x07 ... 0x0a] = 0x7, [0x0e] = 0x7,
	[0x10] = 0x3, [0x11] = 0x3, [0x13] = 0x1, [0x14] = 0x3,
	[0x15] = 0x3, [0x1f ... 0x23] = 0x3, [0x25] = 0x3, [0x26] = 0x3,
	[0x28] = 0x3, [0x29] = 0x3, [0x2c ... 0x2f] = 0x3, [0x33] = 0x3,
	[0x34] = 0x3, [0x36 ... 0x39] = 0x3,
};

static unsigned long bdx_r2pcie_constraint(struct perf_event *event)
{
	return e5_constraint(bdx_r2pcie_counters, event);
}

static unsigned long bdx_r3qpi_constraint(struct perf_event *event)
{
	return e5_constraint(bdx_r3qpi_counters, event);
}

static const struct xu_box_ops bdx_r2pcie_ops = {
	HSWEP_BOX_OPS,
	.constraint	= bdx_r2pcie_constraint,
};

static const struct xu_box_ops bdx_r3qpi_ops = {
	HSWEP_BOX_OPS,
	.constraint	= bdx_r3qpi_constraint,
};

static const u16 bdx_r2pcie_ids[] = { BDX_PCI_R2PCIE };

static const struct xu_box_type bdx_r2pcie = {
	.name		= "r2pcie",
	.num_boxes	= 1,
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	.pci_ids	= bdx_r2pcie_ids,
	.formats	= e5_pci_formats,
	.ops		= &bdx_r2pcie_ops,
};

static const u16 bdx_r3qpi_ids[] = {
	BDX_PCI_R3QPI0, BDX_PCI_R3QPI1, BDX_PCI_R3QPI2,
};

static const struct xu_box_type bdx_r3qpi = {
	.name		= "r3qpi",
	.num_boxes	= ARRAY_SIZE(bdx_r3qpi_ids),
	.num_counters	= E5_R3QPI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	.pci_ids	= bdx_r3qpi_ids,
	.formats	= e5_pci_formats,
	.ops		= &bdx_r3qpi_ops,
};

static const u16 bdx_irp_ids[] = { BDX_PCI_IRP };

static const struct xu_box_type bdx_irp = {
	.name		= "irp",
	.num_boxes	= 1,
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	.pci_ids	= bdx_irp_ids,
	.formats	= e5_pci_formats,
	.ops		= &bdx_pci_ops,
};

static const struct xu_pci_map bdx_pci_map = { E5_PCI_MAP(BDX_PCI_UBOX) };

/* The U-Box first: it is the global box */
static const struct xu_box_type * const bdx_types[] = {
	&bdx_ubox,
	&bdx_cbox,
	&bdx_sbox,
	&bdx_pcu,
	&bdx_ha,
	&bdx_imc,
	&bdx_qpi,
	&bdx_r2pcie,
	&bdx_r3qpi,
	&bdx_irp,
	NULL
};

const struct xu_platform xu_bdx = {
	.name		= "bdx",
	.types		= bdx_types,
	.no_pmi		= "not taken on Broadwell-EP: its layout is not public (pmu/bdx.rst)",
	.pci_map	= &bdx_pci_map,
};
EXPORT_SYMBOL_IF_KUNIT(xu_bdx);

/*
 * Broadwell-DE: no S-Box (Linux's bdx_uncore_cpu_init() drops the type on
 * it); the PCI boxes it lacks (QPI, R3QPI, the second HA, iMC channels
 * beyond its two) have no function on its bus, and the core registers
 * none of them
 */
static const struct xu_box_type * const bdxde_types[] = {
	&bdx_ubox,
	&bdx_cbox,
	&bdx_pcu,
	&bdx_ha,
	&bdx_imc,
	&bdx_qpi,
	&bdx_r2pcie,
	&bdx_r3qpi,
	&bdx_irp,
	NULL
};

const struct xu_platform xu_bdxde = {
	.name		= "bdxde",
	.types		= bdxde_types,
	.no_pmi		= "not taken on Broadwell-DE: its layout is not public (pmu/bdxde.rst)",
	.pci_map	= &bdx_pci_map,
};
EXPORT_SYMBOL_IF_KUNIT(xu_bdxde);
