// SPDX-License-Identifier: GPL-2.0-only
/*
 * Xeon E5-2600 v2 (Ivy Bridge-EP, "ivbep"): U-Box, C-Boxes and PCU (MSR);
 * HA, iMC channels, QPI ports, R2PCIe, R3QPI links and the IRP (PCI),
 * and the package-wide overflow interrupt.
 * Documentation/pmu/ivbep.rst tells where the sources disagree and what was
 * chosen; e5.c holds what both E5 generations share.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <linux/bitfield.h>

#include "e5.h"
#include "platform.h"

/*
 * IVB-EP has no frz_en.  329468 Table 2-72 asks for 1 in bits 17:16 of
 * the PCI box control; Linux has written 0 there since 2013 and its
 * counters count, so the driver writes 0 (Documentation/pmu/ivbep.rst).
 */
static int ivbep_box_init(struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;
	int ret;

	ret = xu_write(box, xu_box_reg(box, t->box_ctl),
		       E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS);
	/*
	 * Resetting the counters leaves their overflow bits (PmonUnitStatus,
	 * PCU_MSR_PMON_BOX_STATUS) as they were: a stale one would read as
	 * a wrap at the first walk and add 2^width to a counting event
	 */
	if (!ret && t->status0)
		ret = xu_write(box, xu_box_reg(box, t->ovf0),
			       (GENMASK_ULL(t->num_counters - 1, 0) <<
				t->status_shift) | t->fixed_status);
	return ret;
}

static void ivbep_box_freeze(struct xu_box *box)
{
	xu_write(box, xu_box_reg(box, box->pmu->type->box_ctl), E5_BOX_CTL_FRZ);
}

static void ivbep_box_unfreeze(struct xu_box *box)
{
	xu_write(box, xu_box_reg(box, box->pmu->type->box_ctl), 0);
}

#define IVBEP_PCI_PMI							\
	.ctl_pmi	= E5_CTL_OV_EN,					\
	.status0	= E5_PCI_BOX_STATUS,				\
	.ovf0		= E5_PCI_BOX_STATUS

#define IVBEP_BOX_OPS							\
	.init_box	= ivbep_box_init,				\
	.exit_box	= e5_box_exit,					\
	.freeze		= ivbep_box_freeze,				\
	.unfreeze	= ivbep_box_unfreeze,				\
	.validate	= e5_validate

static struct attribute *ivbep_ubox_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_THRESH5,
	NULL
};

/*
 * IVB-EP U-Box.  U_MSR_PMON_GLOBAL_CTL (329468 Table 2-2) holds the
 * package-wide freeze and unfreeze (write-only) and the PMI routing;
 * box->box_ctl keeps the routing the driver means it to hold
 * (pmi_core_sel and wk_on_pmi), which every write repeats.
 */
#define IVBEP_GSTS_KNOWN	(IVBEP_GSTS_ALL | IVBEP_GSTS_UNMAPPED)

static int ivbep_gctl_write(struct xu_box *ubox, u64 act)
{
	return xu_write(ubox, E5_U_GLOBAL_CTL, ubox->box_ctl | act);
}

static int ivbep_ubox_init(struct xu_box *box)
{
	u64 sts = 0;
	int ret;

	ret = e5_ubox_clear(box);
	if (!ret)
		ret = xu_write(box, E5_U_BOX_STATUS, E5_U_BOX_STATUS_OV);
	/*
	 * Every bit a previous owner left, known or not: one the driver
	 * does not clear would read as a pending PMI at the first walk
	 */
	if (!ret)
		ret = xu_read(box, E5_U_GLOBAL_STATUS, &sts);
	if (!ret)
		ret = xu_write(box, E5_U_GLOBAL_STATUS, sts | IVBEP_GSTS_KNOWN);
	if (!ret)
		ret = ivbep_gctl_write(box, IVBEP_U_GCTL_UNFRZ_ALL);
	return ret;
}

/*
 * No PMI any more, and unfrozen: a package left frozen would count
 * nothing for the next user of these counters (Linux's own driver
 * never unfreezes it)
 */
static void ivbep_ubox_exit(struct xu_box *box)
{
	e5_ubox_clear(box);
	box->box_ctl = 0;
	ivbep_gctl_write(box, IVBEP_U_GCTL_UNFRZ_ALL);
}

static const struct xu_box_ops ivbep_ubox_ops = {
	.init_box	= ivbep_ubox_init,
	.exit_box	= ivbep_ubox_exit,
	.validate	= e5_validate,
};

static const u64 ivbep_ubox_summary[] = { IVBEP_GSTS_U };
static const u64 ivbep_ubox_fixed[] = { IVBEP_GSTS_U_FIXED };

static const struct xu_box_type ivbep_ubox = {
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
	.ctl_pmi	= E5_CTL_OV_EN,
	.status0	= E5_U_BOX_STATUS,
	.ovf0		= E5_U_BOX_STATUS,
	.ov_summary	= ivbep_ubox_summary,
	E5_UBOX_FIXED,
	.ov_fixed	= ivbep_ubox_fixed,
	.formats	= ivbep_ubox_formats,
	.events		= e5_ubox_events,
	.ops		= &ivbep_ubox_ops,
};

/* ---- C-Boxes ---- */

#define IVBEP_LINK	IVBEP_C_FILT_LINK
#define IVBEP_STATE	IVBEP_C_FILT_STATE
#define IVBEP_NID	IVBEP_C_FILT_NID
/* the opcode match comes with its qualifiers */
#define IVBEP_OPC	(IVBEP_C_FILT_OPC | IVBEP_C_FILT_C6 | IVBEP_C_FILT_NC | \
			 IVBEP_C_FILT_ISOC)

static const struct e5_cbox_filt ivbep_cbox_filt[] = {
	{ 0x1031, 0x10ff, IVBEP_LINK },
	{ 0x1134, E5_EVUM, IVBEP_STATE },
	{ 0x4134, E5_EVUM, IVBEP_STATE | IVBEP_NID },
	{ 0x5134, E5_EVUM, IVBEP_STATE | IVBEP_NID },
	{ 0x0334, E5_EVUM, IVBEP_STATE },
	{ 0x4334, E5_EVUM, IVBEP_STATE | IVBEP_NID },
	{ 0x0534, E5_EVUM, IVBEP_STATE },
	{ 0x4534, E5_EVUM, IVBEP_STATE | IVBEP_NID },
	{ 0x0934, E5_EVUM, IVBEP_STATE },
	{ 0x4934, E5_EVUM, IVBEP_STATE | IVBEP_NID },
	{ 0x0135, E5_EVUM, IVBEP_OPC },
	{ 0x0335, E5_EVUM, IVBEP_OPC },
	{ 0x2135, E5_EVUM, IVBEP_OPC },
	{ 0x2335, E5_EVUM, IVBEP_OPC },
	{ 0x4135, E5_EVUM, IVBEP_OPC | IVBEP_NID },
	{ 0x4335, E5_EVUM, IVBEP_OPC | IVBEP_NID },
	{ 0x4435, E5_EVUM, IVBEP_NID },
	{ 0x4835, E5_EVUM, IVBEP_NID },
	{ 0x4a35, E5_EVUM, IVBEP_NID },
	{ 0x5035, E5_EVUM, IVBEP_NID },
	{ 0x8135, E5_EVUM, IVBEP_OPC },
	{ 0x8335, E5_EVUM, IVBEP_OPC },
	{ 0x0136, E5_EVUM, IVBEP_OPC },
	{ 0x0336, E5_EVUM, IVBEP_OPC },
	{ 0x2136, E5_EVUM, IVBEP_OPC },
	{ 0x2336, E5_EVUM, IVBEP_OPC },
	{ 0x4136, E5_EVUM, IVBEP_OPC | IVBEP_NID },
	{ 0x4336, E5_EVUM, IVBEP_OPC | IVBEP_NID },
	{ 0x4436, E5_EVUM, IVBEP_NID },
	{ 0x4836, E5_EVUM, IVBEP_NID },
	{ 0x4a36, E5_EVUM, IVBEP_NID },
	{ 0x5036, E5_EVUM, IVBEP_NID },
	{ 0x8136, E5_EVUM, IVBEP_OPC },
	{ 0x8336, E5_EVUM, IVBEP_OPC },
	{ 0x4037, 0x40ff, IVBEP_NID },
};

/* IVB-EP: FILTER0 from config1 31:0, FILTER1 from config1 63:32 */
static void ivbep_cbox_extra_fields(struct perf_event *event, u64 *fields)
{
	u64 bits = e5_cbox_filter_bits(ivbep_cbox_filt,
				       ARRAY_SIZE(ivbep_cbox_filt),
				       IVBEP_C_FILT_TID, event);

	fields[0] = lower_32_bits(bits);
	fields[1] = upper_32_bits(bits);
}

#define IVBEP_C_FILT0_ALL	(IVBEP_C_FILT_TID | IVBEP_C_FILT_LINK | \
				 IVBEP_C_FILT_STATE)
#define IVBEP_C_FILT1_ALL	((IVBEP_C_FILT_NID | IVBEP_OPC) >> 32)

static const struct xu_extra_reg ivbep_cbox_extra[] = {
	{ .reg = E5_C_FILTER, .cfg = 1, .shift = 0, .mask = IVBEP_C_FILT0_ALL },
	{ .reg = IVBEP_C_FILTER1, .cfg = 1, .shift = 32,
	  .mask = IVBEP_C_FILT1_ALL },
};

static struct attribute *ivbep_cbox_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_TID_EN,
	E5_FMT_THRESH8,
	XU_FORMAT(filter_tid, 1, IVBEP_C_FILT_TID, 0),
	XU_FORMAT(filter_link, 1, IVBEP_C_FILT_LINK, 0),
	XU_FORMAT(filter_state, 1, IVBEP_C_FILT_STATE, 0),
	XU_FORMAT(filter_nid, 1, IVBEP_C_FILT_NID, 0),
	XU_FORMAT(filter_opc, 1, IVBEP_C_FILT_OPC, 0),
	XU_FORMAT(filter_c6, 1, IVBEP_C_FILT_C6, 0),
	XU_FORMAT(filter_nc, 1, IVBEP_C_FILT_NC, 0),
	XU_FORMAT(filter_isoc, 1, IVBEP_C_FILT_ISOC, 0),
	NULL
};

/* 329468's C-Box counter table is SNB-EP's */
static unsigned long ivbep_cbox_constraint(struct perf_event *event)
{
	return e5_constraint(snbep_cbox_counters, event);
}

static const struct xu_box_ops ivbep_cbox_ops = {
	IVBEP_BOX_OPS,
	.constraint	= ivbep_cbox_constraint,
	.extra_fields	= ivbep_cbox_extra_fields,
};

/* C-Box n reports in GLOBAL_STATUS bit 3 + n; its box status is unknown */
static const u64 ivbep_cbox_summary[IVBEP_C_MAX_BOXES] = {
	IVBEP_GSTS_CBOX(0), IVBEP_GSTS_CBOX(1), IVBEP_GSTS_CBOX(2),
	IVBEP_GSTS_CBOX(3), IVBEP_GSTS_CBOX(4), IVBEP_GSTS_CBOX(5),
	IVBEP_GSTS_CBOX(6), IVBEP_GSTS_CBOX(7), IVBEP_GSTS_CBOX(8),
	IVBEP_GSTS_CBOX(9), IVBEP_GSTS_CBOX(10), IVBEP_GSTS_CBOX(11),
	IVBEP_GSTS_CBOX(12), IVBEP_GSTS_CBOX(13), IVBEP_GSTS_CBOX(14),
};

static const struct xu_box_type ivbep_cbox = {
	.name		= "cbox",
	.num_boxes	= IVBEP_C_MAX_BOXES,
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
	.ctl_pmi	= E5_CTL_OV_EN,
	.ov_summary	= ivbep_cbox_summary,
	.extra		= ivbep_cbox_extra,
	.num_extra	= ARRAY_SIZE(ivbep_cbox_extra),
	.formats	= ivbep_cbox_formats,
	.ops		= &ivbep_cbox_ops,
};

/* ---- PCU ---- */

static struct attribute *ivbep_pcu_formats[] = {
	E5_FMT_EVENT,
	XU_FORMAT(occ_sel, 0, E5_PCU_CTL_OCC_SEL, 0),
	E5_FMT_EDGE,
	E5_FMT_THRESH5,
	XU_FORMAT(occ_invert, 0, E5_PCU_CTL_OCC_INVERT, 0),
	XU_FORMAT(occ_edge, 0, E5_PCU_CTL_OCC_EDGE, 0),
	XU_FORMAT(filter_band0, 1, E5_PCU_FILT_BAND(0), 0),
	XU_FORMAT(filter_band1, 1, E5_PCU_FILT_BAND(1), 0),
	XU_FORMAT(filter_band2, 1, E5_PCU_FILT_BAND(2), 0),
	XU_FORMAT(filter_band3, 1, E5_PCU_FILT_BAND(3), 0),
	NULL
};

static const struct xu_box_ops ivbep_pcu_ops = {
	IVBEP_BOX_OPS,
	.extra_fields	= e5_pcu_extra_fields,
};

static const u64 ivbep_pcu_summary[] = { IVBEP_GSTS_PCU };

static const struct xu_box_type ivbep_pcu = {
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
	.ctl_pmi	= E5_CTL_OV_EN,
	.status0	= E5_PCU_BOX_STATUS,
	.ovf0		= E5_PCU_BOX_STATUS,
	.ov_summary	= ivbep_pcu_summary,
	.extra		= e5_pcu_extra,
	.num_extra	= ARRAY_SIZE(e5_pcu_extra),
	.formats	= ivbep_pcu_formats,
	.ops		= &ivbep_pcu_ops,
};

/* ---- PCI boxes: HA, iMC, QPI, R2PCIe, R3QPI, IRP ---- */

static const struct xu_box_ops ivbep_pci_ops = {
	IVBEP_BOX_OPS,
};

static struct attribute *ivbep_pci_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_THRESH8,
	NULL
};

static struct attribute *ivbep_ha_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_THRESH8,
	/* physical address bits 45:6 where they are, in config1 */
	XU_FORMAT(match_addr, 1, GENMASK_ULL(45, 6), 0),
	XU_FORMAT(match_opc, 2, E5_HA_OPC_MASK, 0),
	NULL
};

static const struct xu_box_ops ivbep_ha_ops = {
	IVBEP_BOX_OPS,
	.extra_fields	= e5_ha_extra_fields,
};

static const u16 ivbep_ha_ids[] = { IVBEP_PCI_HA0, IVBEP_PCI_HA1 };
static const u64 ivbep_ha_summary[] = { IVBEP_GSTS_HA(0), IVBEP_GSTS_HA(1) };

static const struct xu_box_type ivbep_ha = {
	.name		= "ha",
	.num_boxes	= ARRAY_SIZE(ivbep_ha_ids),
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	IVBEP_PCI_PMI,
	.ov_summary	= ivbep_ha_summary,
	.pci_ids	= ivbep_ha_ids,
	.extra		= e5_ha_extra,
	.num_extra	= ARRAY_SIZE(e5_ha_extra),
	.formats	= ivbep_ha_formats,
	.ops		= &ivbep_ha_ops,
};

/*
 * The iMC's counter control has the invert bit.  329468 names only
 * edge_det and thresh for it, but the register description of the same
 * Ivy Bridge uncore, the Xeon E7 v2 datasheet (volume two, PMONCNTRCFG of
 * bus 1 device 16 and 30, functions 0, 1, 4 and 5: these channels'
 * functions and device IDs), gives bit 23 as Invert, RW, and perf's
 * ivytown POWER_CKE_CYCLES says to count it with Invert
 * (Documentation/pmu/ivbep.rst).
 */
static struct attribute *ivbep_imc_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_INV,
	E5_FMT_THRESH8,
	NULL
};

/* IVB-EP channels 0 and 1 are functions 4 and 5, 2 and 3 functions 0 and 1 */
static const u16 ivbep_imc_ids[] = {
	IVBEP_PCI_IMC0, IVBEP_PCI_IMC1, IVBEP_PCI_IMC2, IVBEP_PCI_IMC3,
	IVBEP_PCI_IMC4, IVBEP_PCI_IMC5, IVBEP_PCI_IMC6, IVBEP_PCI_IMC7,
};

/* one summary bit per memory controller, for its four channels */
static const u64 ivbep_imc_summary[] = {
	IVBEP_GSTS_IMC(0), IVBEP_GSTS_IMC(0), IVBEP_GSTS_IMC(0), IVBEP_GSTS_IMC(0),
	IVBEP_GSTS_IMC(1), IVBEP_GSTS_IMC(1), IVBEP_GSTS_IMC(1), IVBEP_GSTS_IMC(1),
};

static const struct xu_box_type ivbep_imc = {
	.name		= "imc",
	.num_boxes	= ARRAY_SIZE(ivbep_imc_ids),
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	IVBEP_PCI_PMI,
	/* PmonUnitStatus: the fixed counter at bit 0, counter 0 at bit 1 */
	.status_shift	= 1,
	.ov_summary	= ivbep_imc_summary,
	E5_IMC_FIXED,
	.fixed_status	= BIT_ULL(0),
	.pci_ids	= ivbep_imc_ids,
	.formats	= ivbep_imc_formats,
	.events		= e5_imc_events,
	.ops		= &ivbep_pci_ops,
};

static const struct xu_box_ops ivbep_qpi_ops = {
	IVBEP_BOX_OPS,
	.extra_fields	= e5_qpi_extra_fields,
};

static const u16 ivbep_qpi_ids[] = {
	IVBEP_PCI_QPI0, IVBEP_PCI_QPI1, IVBEP_PCI_QPI2,
};

/*
 * Port 2's match/mask ID is likwid's, unconfirmed; a function of another
 * ID at 24.6 is not written: port 2's match/mask events are refused then
 */
static const u16 ivbep_qpi_filter_ids[] = {
	IVBEP_PCI_QPI0_FILTER, IVBEP_PCI_QPI1_FILTER, IVBEP_PCI_QPI2_FILTER,
};

/* port 2 has no known summary bit: 0, walked on any global status */
static const u64 ivbep_qpi_summary[] = {
	IVBEP_GSTS_QPI(0), IVBEP_GSTS_QPI(1), 0,
};

static const struct xu_box_type ivbep_qpi = {
	.name		= "qpi",
	.num_boxes	= ARRAY_SIZE(ivbep_qpi_ids),
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	IVBEP_PCI_PMI,
	.ov_summary	= ivbep_qpi_summary,
	.ov_guessed	= BIT(2),
	.pci_ids	= ivbep_qpi_ids,
	.filter_fn	= E5_QPI_FILTER_FN,
	.filter_ids	= ivbep_qpi_filter_ids,
	.extra		= e5_qpi_extra,
	.num_extra	= ARRAY_SIZE(e5_qpi_extra),
	.formats	= e5_qpi_formats + 1,	/* all but inv */
	.events		= e5_qpi_events,
	.ops		= &ivbep_qpi_ops,
};

static const struct xu_box_ops ivbep_r2pcie_ops = {
	IVBEP_BOX_OPS,
	.constraint	= e5_r2pcie_constraint,
};

static const struct xu_box_ops ivbep_r3qpi_ops = {
	IVBEP_BOX_OPS,
	.constraint	= e5_r3qpi_constraint,
};

static const u16 ivbep_r2pcie_ids[] = { IVBEP_PCI_R2PCIE };
static const u64 ivbep_r2pcie_summary[] = { IVBEP_GSTS_R2PCIE };

static const struct xu_box_type ivbep_r2pcie = {
	.name		= "r2pcie",
	.num_boxes	= 1,
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_44,
	E5_PCI_REGS,
	IVBEP_PCI_PMI,
	.ov_summary	= ivbep_r2pcie_summary,
	.pci_ids	= ivbep_r2pcie_ids,
	.formats	= ivbep_pci_formats,
	.ops		= &ivbep_r2pcie_ops,
};

/* link 2 (device 18 function 5) has no known summary bit */
static const u16 ivbep_r3qpi_ids[] = {
	IVBEP_PCI_R3QPI0, IVBEP_PCI_R3QPI1, IVBEP_PCI_R3QPI2,
};

static const u64 ivbep_r3qpi_summary[] = {
	IVBEP_GSTS_R3QPI(0), IVBEP_GSTS_R3QPI(1), 0,
};

static const struct xu_box_type ivbep_r3qpi = {
	.name		= "r3qpi",
	.num_boxes	= ARRAY_SIZE(ivbep_r3qpi_ids),
	.num_counters	= E5_R3QPI_NUM_COUNTERS,
	.width		= E5_WIDTH_44,
	E5_PCI_REGS,
	IVBEP_PCI_PMI,
	.ov_summary	= ivbep_r3qpi_summary,
	.ov_guessed	= BIT(2),
	.pci_ids	= ivbep_r3qpi_ids,
	.formats	= ivbep_pci_formats,
	.ops		= &ivbep_r3qpi_ops,
};

/*
 * IVB-EP IRP: IRP0 (counters 0, 1) and IRP1 (2, 3) in one function, with
 * their data registers not evenly spaced; PmonUnitStatus has IRP0's
 * overflows in bits 1:0 and IRP1's in 3:2, so counter i is bit i
 */
static const u32 ivbep_irp_ctls[] = {
	IVBEP_IRP_CTL(0), IVBEP_IRP_CTL(1), IVBEP_IRP_CTL(2), IVBEP_IRP_CTL(3),
};

static const u32 ivbep_irp_ctrs[] = {
	IVBEP_IRP_CTR0, IVBEP_IRP_CTR1, IVBEP_IRP_CTR2, IVBEP_IRP_CTR3,
};

static const u16 ivbep_irp_ids[] = { IVBEP_PCI_IRP };
static const u64 ivbep_irp_summary[] = { 0 };

static const struct xu_box_type ivbep_irp = {
	.name		= "irp",
	.num_boxes	= 1,
	.num_counters	= ARRAY_SIZE(ivbep_irp_ctls),
	.width		= E5_WIDTH_48,
	.access		= XU_PCI,
	.ctls		= ivbep_irp_ctls,
	.ctrs		= ivbep_irp_ctrs,
	.box_ctl	= E5_PCI_BOX_CTL,
	.ctl_en		= E5_CTL_EN,
	IVBEP_PCI_PMI,
	.ov_summary	= ivbep_irp_summary,
	.ov_guessed	= BIT(0),
	.pci_ids	= ivbep_irp_ids,
	.formats	= ivbep_pci_formats,
	.ops		= &ivbep_pci_ops,
};

/*
 * IVB-EP's package-wide PMI.  U_MSR_PMON_GLOBAL_STATUS summarises the
 * boxes (RW1C); with ov_en set, an overflow freezes every box and the
 * U-Box sends a PMI to the cores pmi_core_sel names.  The freeze bits of
 * U_MSR_PMON_GLOBAL_CTL are write-only, so a pending status (but for bits
 * a walk found stuck, struct xu_pkg.gsts_stuck) is what says the package
 * is frozen.
 */
static int ivbep_global_status(struct xu_box *ubox, u64 *sts)
{
	/*
	 * Raw: a bit the driver does not know (the map is likwid's, and the
	 * IRP, QPI port 2 and R3QPI link 2 have none) still says the package
	 * is frozen and a PMI is pending.  The walk reads every box without
	 * a known bit whenever the status is not clear, and acks each bit.
	 */
	return xu_read(ubox, E5_U_GLOBAL_STATUS, sts);
}

static void ivbep_global_ack(struct xu_box *ubox, u64 bits)
{
	xu_write(ubox, E5_U_GLOBAL_STATUS, bits);
}

/* a PMI's freeze leaves its overflow's bit set until the walk acks it */
static bool ivbep_global_frozen(struct xu_box *ubox, u64 stuck)
{
	u64 sts;

	return !ivbep_global_status(ubox, &sts) && (sts & ~stuck);
}

static void ivbep_global_unfreeze(struct xu_box *ubox)
{
	ivbep_gctl_write(ubox, IVBEP_U_GCTL_UNFRZ_ALL);
}

/*
 * pmi_core_sel is one bit per core of the package (329468 Table 2-2),
 * the bit of a core its index among the package's cores
 * (xu_core_index()).  Its 15 bits reach every core of an IVB-EP package;
 * for an index beyond them (a topology the driver did not expect) the
 * generic code picks a core within reach, as on the Xeon 7500
 * (xu_pmi_route_core()).
 */
#define IVBEP_PMI_CORES		15

static void ivbep_global_route(struct xu_box *ubox, int core)
{
	u64 sel = 0;

	if (core >= 0 && !WARN_ON_ONCE(core >= IVBEP_PMI_CORES))
		sel = FIELD_PREP(IVBEP_U_GCTL_PMI_CORE_SEL, BIT(core)) |
		      IVBEP_U_GCTL_WK_ON_PMI;
	ubox->box_ctl = sel;
	/* frozen until the walk that follows unfreezes */
	ivbep_gctl_write(ubox, IVBEP_U_GCTL_FRZ_ALL);
}

static const struct xu_global_ops ivbep_global = {
	.status		= ivbep_global_status,
	.ack		= ivbep_global_ack,
	.frozen		= ivbep_global_frozen,
	.unfreeze	= ivbep_global_unfreeze,
	.route		= ivbep_global_route,
	.pmi_cores	= IVBEP_PMI_CORES,
};

static const struct xu_pci_map ivbep_pci_map = { E5_PCI_MAP(IVBEP_PCI_UBOX) };

/* The U-Box's fixed counter: every uncore clock, ov_en its PMI enable */
static const struct xu_pmi_probe ivbep_probe = {
	.type	= &ivbep_ubox,
	.idx	= E5_U_NUM_COUNTERS,
	.ctl	= E5_FIXED_CTL_EN | E5_FIXED_CTL_OV_EN,
};

static const struct xu_box_type * const ivbep_types[] = {
	&ivbep_ubox,
	&ivbep_cbox,
	&ivbep_pcu,
	&ivbep_ha,
	&ivbep_imc,
	&ivbep_qpi,
	&ivbep_r2pcie,
	&ivbep_r3qpi,
	&ivbep_irp,
	NULL
};

const struct xu_platform xu_ivbep = {
	.name		= "ivbep",
	.types		= ivbep_types,
	.global		= &ivbep_global,
	.pci_map	= &ivbep_pci_map,
	/*
	 * IA32_DEBUGCTL bit 13 lets an uncore PMI reach the core on the
	 * parts whose SDM section documents it (Nehalem's uncore, the client
	 * parts).  Whether IVB-EP needs it is documented nowhere at hand; it
	 * is set as on the Xeon 7500, which costs nothing where the bit is
	 * ignored.
	 */
	.features	= XU_FEAT_DEBUGCTL_PMI | XU_FEAT_ACK_ALL |
			  XU_FEAT_BOX_THAWS_PMI,
	.probe		= &ivbep_probe,
};
EXPORT_SYMBOL_IF_KUNIT(xu_ivbep);
