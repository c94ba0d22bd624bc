// SPDX-License-Identifier: GPL-2.0-only
/*
 * Xeon E5-2600 v3 (Haswell-EP, "hswep"): U-Box, C-Boxes, S-Boxes and PCU
 * (MSR); HA, iMC channels, QPI ports, R2PCIe, R3QPI links and the IRP
 * (PCI).  Counting only: the driver polls (Documentation/pmu/hswep.rst
 * says why).  e5.c holds what the E5 generations share; this file also
 * what the E5 v4 (bdx.c) takes from the v3, declared in e5v3.h.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <linux/bitfield.h>
#include <linux/bitops.h>

#include <xeon_uncore/hswep.h>

#include "e5v3.h"
#include "platform.h"

/*
 * Box control, MSR and PCI boxes alike.  The Haswell-EP guide's box
 * control table is not at hand; Linux's driver writes frz_en with the
 * resets and freezes with frz, and its counters count.  The driver does
 * the same: frz_en in every write, frz to freeze, so that the boxes
 * freeze whether frz needs frz_en (SNB-EP) or not (IVB-EP).
 */
int hswep_box_init(struct xu_box *box)
{
	return xu_write(box, xu_box_reg(box, box->pmu->type->box_ctl),
			E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS |
			E5_BOX_CTL_FRZ_EN);
}

void hswep_box_freeze(struct xu_box *box)
{
	xu_write(box, xu_box_reg(box, box->pmu->type->box_ctl),
		 E5_BOX_CTL_FRZ_EN | E5_BOX_CTL_FRZ);
}

void hswep_box_unfreeze(struct xu_box *box)
{
	xu_write(box, xu_box_reg(box, box->pmu->type->box_ctl),
		 E5_BOX_CTL_FRZ_EN);
}

/* ---- U-Box: two counters, UCLK, a thread/core filter ---- */

int hswep_ubox_init(struct xu_box *box)
{
	return e5_ubox_clear(box);
}

void hswep_ubox_exit(struct xu_box *box)
{
	e5_ubox_clear(box);
}

/*
 * Every U-Box event but UCLK's uses the filter, as Linux's driver
 * programs it for each; the fixed counter has no filter to take
 */
static void hswep_ubox_extra_fields(struct perf_event *event, u64 *fields)
{
	fields[0] = event->attr.config == E5_FIXED_EVENT ? 0 : ~0ULL;
}

static const struct xu_box_ops hswep_ubox_ops = {
	.init_box	= hswep_ubox_init,
	.exit_box	= hswep_ubox_exit,
	.validate	= e5_validate,
	.extra_fields	= hswep_ubox_extra_fields,
};

static const struct xu_extra_reg hswep_ubox_extra[] = {
	{ .reg = HSWEP_U_FILTER, .cfg = 1, .shift = 0,
	  .mask = HSWEP_U_FILT_TID | HSWEP_U_FILT_CID },
};

static struct attribute *hswep_ubox_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_INV,
	E5_FMT_THRESH5,
	XU_FORMAT(filter_tid, 1, HSWEP_U_FILT_TID, 0),
	XU_FORMAT(filter_cid, 1, HSWEP_U_FILT_CID, 0),
	NULL
};

static const struct xu_box_type hswep_ubox = {
	.name		= "ubox",
	.num_boxes	= 1,
	.num_counters	= E5_U_NUM_COUNTERS,
	.width		= E5_WIDTH_44,
	.access		= XU_MSR,
	.ctl0		= HSWEP_U_CTL0,
	.ctr0		= HSWEP_U_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.ctl_en		= E5_CTL_EN,
	E5_FIXED(HSWEP_U_FIXED_CTL, HSWEP_U_FIXED_CTR),
	.extra		= hswep_ubox_extra,
	.num_extra	= ARRAY_SIZE(hswep_ubox_extra),
	.formats	= hswep_ubox_formats,
	.events		= e5_ubox_events,
	.ops		= &hswep_ubox_ops,
};

/* ---- C-Boxes ---- */

#define HSWEP_LINK	HSWEP_C_FILT_LINK
#define HSWEP_STATE	HSWEP_C_FILT_STATE
#define HSWEP_NID	HSWEP_C_FILT_NID
/* the opcode match comes with its qualifiers */
#define HSWEP_OPC	(HSWEP_C_FILT_OPC | HSWEP_C_FILT_C6 | HSWEP_C_FILT_NC | \
			 HSWEP_C_FILT_ISOC)

/* Which events use which filter fields: Linux's hswep table */
static const struct e5_cbox_filt hswep_cbox_filt[] = {
	{ 0x0334, E5_EVUM, HSWEP_STATE },
	{ 0x0534, E5_EVUM, HSWEP_STATE },
	{ 0x0934, E5_EVUM, HSWEP_STATE },
	{ 0x1134, E5_EVUM, HSWEP_STATE },
	{ 0x2134, E5_EVUM, HSWEP_STATE },
	{ 0x4134, E5_EVUM, HSWEP_STATE },
	/* umask bit 6 of these, whatever the other umask bits */
	{ 0x4037, 0x40ff, HSWEP_NID },
	{ 0x4028, 0x40ff, HSWEP_NID },
	{ 0x4032, 0x40ff, HSWEP_NID },
	{ 0x4029, 0x40ff, HSWEP_NID },
	{ 0x4033, 0x40ff, HSWEP_NID },
	{ 0x402a, 0x40ff, HSWEP_NID },
	{ 0x0135, E5_EVUM, HSWEP_LINK | HSWEP_OPC },
	{ 0x0335, E5_EVUM, HSWEP_OPC },
	{ 0x4135, E5_EVUM, HSWEP_NID | HSWEP_OPC },
	{ 0x4435, E5_EVUM, HSWEP_NID },
	{ 0x4835, E5_EVUM, HSWEP_NID },
	{ 0x5035, E5_EVUM, HSWEP_NID },
	{ 0x4335, E5_EVUM, HSWEP_NID | HSWEP_OPC },
	{ 0x4a35, E5_EVUM, HSWEP_NID },
	{ 0x2335, E5_EVUM, HSWEP_OPC },
	{ 0x8335, E5_EVUM, HSWEP_OPC },
	{ 0x2135, E5_EVUM, HSWEP_OPC },
	{ 0x8135, E5_EVUM, HSWEP_OPC },
	{ 0x0136, E5_EVUM, HSWEP_OPC },
	{ 0x0336, E5_EVUM, HSWEP_OPC },
	{ 0x4136, E5_EVUM, HSWEP_NID | HSWEP_OPC },
	{ 0x4436, E5_EVUM, HSWEP_NID },
	{ 0x4836, E5_EVUM, HSWEP_NID },
	{ 0x4336, E5_EVUM, HSWEP_NID | HSWEP_OPC },
	{ 0x4a36, E5_EVUM, HSWEP_NID },
	{ 0x2336, E5_EVUM, HSWEP_OPC },
	{ 0x8336, E5_EVUM, HSWEP_OPC },
	{ 0x2136, E5_EVUM, HSWEP_OPC },
	{ 0x8136, E5_EVUM, HSWEP_OPC },
	{ 0x5036, E5_EVUM, HSWEP_NID },
};

/* FILTER0 from config1 31:0, FILTER1 from config1 63:32 */
void hswep_cbox_extra_fields(struct perf_event *event, u64 *fields)
{
	u64 bits = e5_cbox_filter_bits(hswep_cbox_filt,
				       ARRAY_SIZE(hswep_cbox_filt),
				       HSWEP_C_FILT_TID, event);

	fields[0] = lower_32_bits(bits);
	fields[1] = upper_32_bits(bits);
}

#define HSWEP_C_FILT0_ALL	(HSWEP_C_FILT_TID | HSWEP_C_FILT_LINK | \
				 HSWEP_C_FILT_STATE)
#define HSWEP_C_FILT1_ALL	((HSWEP_NID | HSWEP_OPC) >> 32)

const struct xu_extra_reg hswep_cbox_extra[] = {
	{ .reg = HSWEP_C_FILTER0, .cfg = 1, .shift = 0,
	  .mask = HSWEP_C_FILT0_ALL },
	{ .reg = HSWEP_C_FILTER1, .cfg = 1, .shift = 32,
	  .mask = HSWEP_C_FILT1_ALL },
};

struct attribute *hswep_cbox_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_TID_EN,
	E5_FMT_THRESH8,
	XU_FORMAT(filter_tid, 1, HSWEP_C_FILT_TID, 0),
	XU_FORMAT(filter_link, 1, HSWEP_C_FILT_LINK, 0),
	XU_FORMAT(filter_state, 1, HSWEP_C_FILT_STATE, 0),
	XU_FORMAT(filter_nid, 1, HSWEP_C_FILT_NID, 0),
	XU_FORMAT(filter_opc, 1, HSWEP_C_FILT_OPC, 0),
	XU_FORMAT(filter_c6, 1, HSWEP_C_FILT_C6, 0),
	XU_FORMAT(filter_nc, 1, HSWEP_C_FILT_NC, 0),
	XU_FORMAT(filter_isoc, 1, HSWEP_C_FILT_ISOC, 0),
	NULL
};

/* The counters a C-Box event may use, by ev_sel: Linux's hswep table */
static const u8 hswep_cbox_counters[256] = {
	[0x01] = 0x1, [0x09] = 0x1, [0x11] = 0x1, [0x36] = 0x1,
	[0x38] = 0x3, [0x3b] = 0x1, [0x3e] = 0x1,
};

static unsigned long hswep_cbox_constraint(struct perf_event *event)
{
	return e5_constraint(hswep_cbox_counters, event);
}

static const struct xu_box_ops hswep_cbox_ops = {
	HSWEP_BOX_OPS,
	.constraint	= hswep_cbox_constraint,
	.extra_fields	= hswep_cbox_extra_fields,
};

static const struct xu_box_type hswep_cbox = {
	.name		= "cbox",
	.num_boxes	= HSWEP_C_MAX_BOXES,
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
	.ops		= &hswep_cbox_ops,
};

/* ---- S-Boxes ---- */

/*
 * Linux's driver sets the S-Box's box control bits one at a time, from
 * bit 0 up, "to avoid spurious #GPs"; so does this one, wherever it
 * sets more than one: each write adds the next bit of @val
 */
static int hswep_sbox_write(struct xu_box *box, u64 val)
{
	u32 reg = xu_box_reg(box, box->pmu->type->box_ctl);
	unsigned long bits = val;
	u64 acc = 0;
	unsigned int i;
	int ret = 0;

	for_each_set_bit(i, &bits, BITS_PER_LONG) {
		acc |= BIT_ULL(i);
		ret = xu_write(box, reg, acc);
		if (ret)
			break;
	}
	return ret;
}

int hswep_sbox_init(struct xu_box *box)
{
	return hswep_sbox_write(box, E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS |
				E5_BOX_CTL_FRZ_EN);
}

void hswep_sbox_exit(struct xu_box *box)
{
	hswep_sbox_write(box, E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS);
}

static const struct xu_box_ops hswep_sbox_ops = {
	.init_box	= hswep_sbox_init,
	.exit_box	= hswep_sbox_exit,
	.freeze		= hswep_box_freeze,
	.unfreeze	= hswep_box_unfreeze,
	.validate	= e5_validate,
};

/**
 * hswep_chop_boxes() - boxes of a type that the smallest die has fewer of
 * @uc:    the uncore
 * @pcu:   the device ID of the PCU function that holds CAPID4
 * @small: the boxes of the smallest die, whose CAPID4 chop reads 0
 * @all:   the boxes of the others, and where the function cannot be read
 *
 * Linux's hswep_has_limit_sbox() test, for the S-Boxes.
 *
 * Return: @small or @all.
 */
unsigned int hswep_chop_boxes(struct xu_uncore *uc, u16 pcu, unsigned int small,
			      unsigned int all)
{
	u32 capid4;

	if (xu_pci_read_id(uc, pcu, HSWEP_PCU3_CAPID4, &capid4))
		return all;
	return FIELD_GET(HSWEP_CAPID4_CHOP, capid4) ? all : small;
}

/* Four S-Boxes, but two on the 6-8 core die */
static unsigned int hswep_sbox_present(struct xu_uncore *uc)
{
	return hswep_chop_boxes(uc, HSWEP_PCI_PCU3, HSWEP_S_SMALL_DIE_BOXES,
				HSWEP_S_MAX_BOXES);
}

struct attribute *hswep_sbox_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_TID_EN,
	E5_FMT_INV,
	E5_FMT_THRESH8,
	NULL
};

static const struct xu_box_type hswep_sbox = {
	.name		= "sbox",
	.num_boxes	= HSWEP_S_MAX_BOXES,
	.present	= hswep_sbox_present,
	.num_counters	= E5_S_NUM_COUNTERS,
	.width		= E5_WIDTH_44,
	.access		= XU_MSR,
	.box_stride	= HSWEP_S_BOX_STRIDE,
	.ctl0		= HSWEP_S_CTL0,
	.ctr0		= HSWEP_S_CTR0,
	.ctl_stride	= 1,
	.ctr_stride	= 1,
	.box_ctl	= HSWEP_S_BOX_CTL,
	.ctl_en		= E5_CTL_EN,
	.formats	= hswep_sbox_formats,
	.ops		= &hswep_sbox_ops,
};

/* ---- PCU ---- */

const struct xu_extra_reg hswep_pcu_extra[] = {
	{ .reg = HSWEP_PCU_FILTER, .cfg = 1, .shift = 0,
	  .mask = GENMASK_ULL(31, 0) },
};

static const struct xu_box_ops hswep_pcu_ops = {
	HSWEP_BOX_OPS,
	.extra_fields	= e5_pcu_extra_fields,
};

static const struct xu_box_type hswep_pcu = {
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
	.ops		= &hswep_pcu_ops,
};

/* ---- PCI boxes: HA, iMC, QPI, R2PCIe, R3QPI, IRP ---- */

static const struct xu_box_ops hswep_pci_ops = {
	HSWEP_BOX_OPS,
};

/* No address or opcode match: no source at hand places it on HSW-EP */
static const u16 hswep_ha_ids[] = { HSWEP_PCI_HA0, HSWEP_PCI_HA1 };

static const struct xu_box_type hswep_ha = {
	.name		= "ha",
	.num_boxes	= ARRAY_SIZE(hswep_ha_ids),
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	.pci_ids	= hswep_ha_ids,
	.formats	= e5_pci_formats,
	.ops		= &hswep_pci_ops,
};

static const u16 hswep_imc_ids[] = {
	HSWEP_PCI_IMC0, HSWEP_PCI_IMC1, HSWEP_PCI_IMC2, HSWEP_PCI_IMC3,
	HSWEP_PCI_IMC4, HSWEP_PCI_IMC5, HSWEP_PCI_IMC6, HSWEP_PCI_IMC7,
};

static const struct xu_box_type hswep_imc = {
	.name		= "imc",
	.num_boxes	= ARRAY_SIZE(hswep_imc_ids),
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	E5_IMC_FIXED,
	.pci_ids	= hswep_imc_ids,
	.formats	= e5_pci_formats,
	.events		= e5_imc_events,
	.ops		= &hswep_pci_ops,
};

static const struct xu_box_ops hswep_qpi_ops = {
	HSWEP_BOX_OPS,
	.extra_fields	= e5_qpi_extra_fields,
};

static const u16 hswep_qpi_ids[] = {
	HSWEP_PCI_QPI0, HSWEP_PCI_QPI1, HSWEP_PCI_QPI2,
};

/*
 * Port 2's match/mask function has no ID in any source at hand: none
 * matches 0xffff, so its match/mask events are refused
 */
static const u16 hswep_qpi_filter_ids[] = {
	HSWEP_PCI_QPI0_FILTER, HSWEP_PCI_QPI1_FILTER, 0xffff,
};

static const struct xu_box_type hswep_qpi = {
	.name		= "qpi",
	.num_boxes	= ARRAY_SIZE(hswep_qpi_ids),
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	.pci_ids	= hswep_qpi_ids,
	.filter_fn	= E5_QPI_FILTER_FN,
	.filter_ids	= hswep_qpi_filter_ids,
	.extra		= e5_qpi_extra,
	.num_extra	= ARRAY_SIZE(e5_qpi_extra),
	.formats	= e5_qpi_formats,
	.events		= e5_qpi_events,
	.ops		= &hswep_qpi_ops,
};

/* R2PCIe and R3QPI events that count on the first counters: Linux's */
static const u8 hswep_r2pcie_counters[256] = {
	[0x10] = 0x3, [0x11] = 0x3, [0x13] = 0x1, [0x23] = 0x1,
	[0x24] = 0x1, [0x25] = 0x1, [0x26] = 0x3, [0x27] = 0x1,
	[0x28] = 0x3, [0x29] = 0x3, [0x2a] = 0x1, [0x2b] = 0x3,
	[0x2c] = 0x3, [0x2d] = 0x3, [0x32] = 0x3, [0x33] = 0x3,
	[0x34] = 0x3, [0x35] = 0x3,
};

static const u8 hswep_r3qpi_counters[256] = {
	[0x01] = 0x3, [0x07] = 0x7, [0x08] = 0x7, [0x09] = 0x7,
	[0x0a] = 0x7, [0x0e] = 0x7, [0x10] = 0x3, [0x11] = 0x3,
	[0x12] = 0x3, [0x13] = 0x1, [0x14] = 0x3, [0x15] = 0x3,
	[0x1f ... 0x23] = 0x3, [0x25] = 0x3, [0x26] = 0x3,
	[0x28] = 0x3, [0x29] = 0x3, [0x2c ... 0x2f] = 0x3,
	[0x31 ... 0x34] = 0x3, [0x36 ... 0x39] = 0x3,
};

static unsigned long hswep_r2pcie_constraint(struct perf_event *event)
{
	return e5_constraint(hswep_r2pcie_counters, event);
}

static unsigned long hswep_r3qpi_constraint(struct perf_event *event)
{
	return e5_constraint(hswep_r3qpi_counters, event);
}

static const struct xu_box_ops hswep_r2pcie_ops = {
	HSWEP_BOX_OPS,
	.constraint	= hswep_r2pcie_constraint,
};

static const struct xu_box_ops hswep_r3qpi_ops = {
	HSWEP_BOX_OPS,
	.constraint	= hswep_r3qpi_constraint,
};

static const u16 hswep_r2pcie_ids[] = { HSWEP_PCI_R2PCIE };

static const struct xu_box_type hswep_r2pcie = {
	.name		= "r2pcie",
	.num_boxes	= 1,
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	.pci_ids	= hswep_r2pcie_ids,
	.formats	= e5_pci_formats,
	.ops		= &hswep_r2pcie_ops,
};

static const u16 hswep_r3qpi_ids[] = {
	HSWEP_PCI_R3QPI0, HSWEP_PCI_R3QPI1, HSWEP_PCI_R3QPI2,
};

static const struct xu_box_type hswep_r3qpi = {
	.name		= "r3qpi",
	.num_boxes	= ARRAY_SIZE(hswep_r3qpi_ids),
	.num_counters	= E5_R3QPI_NUM_COUNTERS,
	.width		= E5_WIDTH_44,
	E5_PCI_REGS,
	.pci_ids	= hswep_r3qpi_ids,
	.formats	= e5_pci_formats,
	.ops		= &hswep_r3qpi_ops,
};

/* The IRP: four counters, laid out as every other PCI box's */
static const u16 hswep_irp_ids[] = { HSWEP_PCI_IRP };

static const struct xu_box_type hswep_irp = {
	.name		= "irp",
	.num_boxes	= 1,
	.num_counters	= E5_PCI_NUM_COUNTERS,
	.width		= E5_WIDTH_48,
	E5_PCI_REGS,
	.pci_ids	= hswep_irp_ids,
	.formats	= e5_pci_formats,
	.ops		= &hswep_pci_ops,
};

static const struct xu_pci_map hswep_pci_map = { E5_PCI_MAP(HSWEP_PCI_UBOX) };

/* The U-Box first: it is the global box */
static const struct xu_box_type * const hswep_types[] = {
	&hswep_ubox,
	&hswep_cbox,
	&hswep_sbox,
	&hswep_pcu,
	&hswep_ha,
	&hswep_imc,
	&hswep_qpi,
	&hswep_r2pcie,
	&hswep_r3qpi,
	&hswep_irp,
	NULL
};

const struct xu_platform xu_hswep = {
	.name		= "hswep",
	.types		= hswep_types,
	.no_pmi		= "not taken on Haswell-EP: its layout is not public (pmu/hswep.rst)",
	.pci_map	= &hswep_pci_map,
};
EXPORT_SYMBOL_IF_KUNIT(xu_hswep);
