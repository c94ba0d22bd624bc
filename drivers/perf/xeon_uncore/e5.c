// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the Xeon E5 platforms' uncores share (snbep.c, ivbep.c, and
 * through e5v3.h hswep.c and bdx.c): validation, the counter
 * constraints, the C-Box filter and the PCU, HA and QPI sub-register
 * fields, the event lists, and which package a PCI bus belongs to.
 *
 * As for the Xeon 7500, every counter control bit a user may set is a
 * format field at its hardware position, so the perf config is the
 * control register image; en, ov_en and rst stay the driver's.
 * Sandy Bridge-EP and Ivy Bridge-EP share the register map (snbep.h;
 * Haswell-EP's and Broadwell-EP's are hswep.h and bdx.h); they differ in the overflow
 * interrupt (IVB-EP only), the box control (SNB-EP's frz_en) and the
 * invert bit, which IVB-EP has on its iMC only.  Documentation/pmu/snbep.rst
 * and ivbep.rst say where the sources disagree and what was chosen.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <linux/bitfield.h>

#include "e5.h"
#include "platform.h"

/*
 * What an event may not ask although the format fields can hold it.
 * edge_det and invert act on the threshold comparison: with thresh 0
 * they are ignored (PmonCntrCfg, and the U-Box table of 329468), so the
 * event would count something else than asked.  perf's jaketown and
 * ivytown aliases set neither.  event=0xff selects a box's fixed counter
 * only as the whole config: with other fields it would name no event.
 */
int e5_validate(struct perf_event *event)
{
	const struct xu_box_type *t = to_xu_pmu(event->pmu)->type;
	u64 cfg = event->attr.config;
	const char *why = NULL;

	if ((cfg & (E5_CTL_EDGE | E5_CTL_INVERT)) &&
	    !FIELD_GET(E5_CTL_THRESH8, cfg))
		why = "edge and inv act on the threshold: they need thresh>=1";
	else if (t->fixed_ctl && FIELD_GET(E5_CTL_EV_SEL, cfg) == E5_FIXED_EVENT &&
		 cfg != t->fixed_config)
		why = "event=0xff is the fixed counter, which takes no other field";
	if (why) {
		pr_info_ratelimited("%s: %s\n", event->pmu->name, why);
		return -EINVAL;
	}
	return 0;
}

/* Leave the box with every control cleared: nothing counts */
void e5_box_exit(struct xu_box *box)
{
	xu_write(box, xu_box_reg(box, box->pmu->type->box_ctl),
		 E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS);
}

/* Counter restrictions, by a platform's @table by ev_sel (0: any counter) */
unsigned long e5_constraint(const u8 *table, struct perf_event *event)
{
	return table[FIELD_GET(E5_CTL_EV_SEL, event->attr.config)] ?: ~0UL;
}

/*
 * ---- U-Box: counters and UCLK, no box control ----
 * Every control the platform's U-Box type names, the fixed one last
 */
int e5_ubox_clear(struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int i;
	int ret = 0;

	for (i = 0; i < t->num_counters + !!t->fixed_ctl && !ret; i++)
		ret = xu_write(box, xu_ctl_reg(box, i), 0);
	return ret;
}

struct attribute *e5_ubox_events[] = {
	XU_EVENT(clockticks, "event=0xff"),
	NULL
};

/*
 * The config1 bits @event uses, by the table @filt of @n entries, and
 * the thread filter @tid with tid_en.  A thread ID without tid_en, as
 * perf's io_bandwidth_write gives (filter_tid=0x3e), is written too:
 * with tid_en 0 the C-Box counts every thread's events whatever the
 * field holds (329468's Cn_MSR_PMON_BOX_FILTER, tid), so the value
 * changes no count, and is not dropped.
 */
u64 e5_cbox_filter_bits(const struct e5_cbox_filt *filt, unsigned int n,
			u64 tid, struct perf_event *event)
{
	u64 cfg = event->attr.config, bits = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		if ((cfg & filt[i].sel) == filt[i].code)
			bits |= filt[i].fields;
	if ((cfg & E5_CTL_TID_EN) || (event->attr.config1 & tid))
		bits |= tid;
	return bits;
}

/* The PCI boxes' fields on SNB-EP, Haswell-EP and Broadwell-EP */
struct attribute *e5_pci_formats[] = {
	E5_FMT_EVENT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_INV,
	E5_FMT_THRESH8,
	NULL
};

/*
 * The PCU's fields on SNB-EP, Haswell-EP and Broadwell-EP (IVB-EP's lack
 * inv): its occupancy sub-counter selection and the band filter in config1
 */
struct attribute *e5_pcu_formats[] = {
	E5_FMT_EVENT,
	XU_FORMAT(occ_sel, 0, E5_PCU_CTL_OCC_SEL, 0),
	E5_FMT_EDGE,
	E5_FMT_INV,
	E5_FMT_THRESH5,
	XU_FORMAT(occ_invert, 0, E5_PCU_CTL_OCC_INVERT, 0),
	XU_FORMAT(occ_edge, 0, E5_PCU_CTL_OCC_EDGE, 0),
	XU_FORMAT(filter_band0, 1, E5_PCU_FILT_BAND(0), 0),
	XU_FORMAT(filter_band1, 1, E5_PCU_FILT_BAND(1), 0),
	XU_FORMAT(filter_band2, 1, E5_PCU_FILT_BAND(2), 0),
	XU_FORMAT(filter_band3, 1, E5_PCU_FILT_BAND(3), 0),
	NULL
};

/*
 * The PCU's band filter.  FREQ_BANDi_CYCLES (0x0b + i) compares the
 * uncore clock against band i, and no event uses another band.  The
 * filter register is the box's, though, and a client may state the value
 * it wants there in config1 of every PCU event it opens: Intel PCM does,
 * clockticks and the C-state events included.  So a band an event does
 * not compare against is claimed too when config1 gives it a value other
 * than 0 (0 is the field's default, so it asks for nothing): it is
 * written to the register, and an event that needs another value there
 * takes turns with this one, as two band events with different values do.
 * No band is dropped, and no event counts under a filter it did not ask
 * for.
 */
void e5_pcu_extra_fields(struct perf_event *event, u64 *fields)
{
	u64 ev = FIELD_GET(E5_CTL_EV_SEL, event->attr.config);
	unsigned int i;

	fields[0] = 0;
	for (i = 0; i < E5_PCU_NUM_BANDS; i++)
		if (ev == E5_PCU_EV_FREQ_BAND0 + i ||
		    (event->attr.config1 & E5_PCU_FILT_BAND(i)))
			fields[0] |= E5_PCU_FILT_BAND(i);
}

/* iMC: CAS_COUNT counts 64-byte lines; 64 / 2^20 MiB each */
struct attribute *e5_imc_events[] = {
	XU_EVENT(clockticks, "event=0xff,umask=0x00"),
	XU_EVENT(cas_count_read, "event=0x04,umask=0x03"),
	XU_EVENT_STR("cas_count_read.scale", "6.103515625e-5"),
	XU_EVENT_STR("cas_count_read.unit", "MiB"),
	XU_EVENT(cas_count_write, "event=0x04,umask=0x0c"),
	XU_EVENT_STR("cas_count_write.scale", "6.103515625e-5"),
	XU_EVENT_STR("cas_count_write.unit", "MiB"),
	NULL
};

/*
 * QPI.  The packet match and mask registers, in function 6 of the port's
 * device, qualify CTO_COUNT only.  perf's 6.12 JSON drops the ev_sel
 * extension bit (its UNC_Q_CTO_COUNT is event=0x38), so ev_sel 0x38 uses
 * them with the bit or without; the registers act on nothing else.
 */
void e5_qpi_extra_fields(struct perf_event *event, u64 *fields)
{
	u64 all = FIELD_GET(E5_CTL_EV_SEL, event->attr.config) ==
		  (E5_QPI_EV_CTO_COUNT & E5_CTL_EV_SEL) ? ~0ULL : 0;

	fields[0] = all;
	fields[1] = all;
	fields[2] = all;
	fields[3] = all;
}

/* event=0x1NN: ev_sel NN with the extension bit (the format's bit 8) */
struct attribute *e5_qpi_events[] = {
	XU_EVENT(clockticks, "event=0x14"),
	XU_EVENT(txl_flits_active, "event=0x00,umask=0x06"),
	XU_EVENT(drs_data, "event=0x102,umask=0x08"),
	XU_EVENT(ncb_data, "event=0x103,umask=0x04"),
	NULL
};

/* R2PCIe and R3QPI: events that count on the first counters only */
static const u8 e5_r2pcie_counters[256] = {
	[0x10] = 0x3, [0x11] = 0x3, [0x12] = 0x1, [0x23] = 0x3,
	[0x24] = 0x3, [0x25] = 0x3, [0x26] = 0x3, [0x32] = 0x3,
	[0x33] = 0x3, [0x34] = 0x3,
};

static const u8 e5_r3qpi_counters[256] = {
	[0x10] = 0x3, [0x11] = 0x3, [0x12] = 0x3, [0x13] = 0x1,
	[0x20 ... 0x26] = 0x3,
	[0x28 ... 0x34] = 0x3,
	[0x36 ... 0x39] = 0x3,
};

unsigned long e5_r2pcie_constraint(struct perf_event *event)
{
	return e5_constraint(e5_r2pcie_counters, event);
}

unsigned long e5_r3qpi_constraint(struct perf_event *event)
{
	return e5_constraint(e5_r3qpi_counters, event);
}

/**
 * xu_pci_map_node() - the physical package a U-Box's registers name
 * @cpunodeid: its CPUNODEID register: the socket's node id in bits 2:0
 * @gidnidmap: its GIDNIDMAP register: the node id of package i in bits
 *	       3i+2:3i, for i = 0..7
 *
 * Return: the physical package id, or -1 if no field holds the node id.
 */
int xu_pci_map_node(u32 cpunodeid, u32 gidnidmap)
{
	u32 node = cpunodeid & E5_UBOX_NODEID_MASK;
	int i;

	for (i = 0; i < 8; i++)
		if (((gidnidmap >> (3 * i)) & E5_UBOX_NODEID_MASK) == node)
			return i;
	return -1;
}
EXPORT_SYMBOL_IF_KUNIT(xu_pci_map_node);

/*
 * The named fields of the match (config1) and mask (config2) registers
 * (327043 Tables 2-90/2-91), and each register whole (match0, match1,
 * mask0, mask1) as Linux's driver has them; bits the tables leave
 * unnamed are reserved, and refused (xu_extra_check()).  SNB-EP's list
 * starts with inv, which IVB-EP's QPI control lacks: IVB-EP's list is the
 * rest of it.
 */
struct attribute *e5_qpi_formats[] = {
	E5_FMT_INV,
	E5_FMT_EVENT_EXT,
	E5_FMT_UMASK,
	E5_FMT_EDGE,
	E5_FMT_THRESH8,
	XU_FORMAT(match_rds, 1, E5_QPI_PKT_RDS, 0),
	XU_FORMAT(match_rnid30, 1, E5_QPI_PKT_RNID30, 0),
	XU_FORMAT(match_rnid4, 1, E5_QPI_PKT_RNID4, 0),
	XU_FORMAT(match_dnid, 1, E5_QPI_PKT_DNID, 0),
	XU_FORMAT(match_mc, 1, E5_QPI_PKT_MC, 0),
	XU_FORMAT(match_opc, 1, E5_QPI_PKT_OPC, 0),
	XU_FORMAT(match_vnw, 1, E5_QPI_PKT_VNW, 0),
	XU_FORMAT(match0, 1, GENMASK_ULL(31, 0), 0),
	XU_FORMAT(match1, 1, GENMASK_ULL(63, 32), 0),
	XU_FORMAT(mask_rds, 2, E5_QPI_PKT_RDS, 0),
	XU_FORMAT(mask_rnid30, 2, E5_QPI_PKT_RNID30, 0),
	XU_FORMAT(mask_rnid4, 2, E5_QPI_PKT_RNID4, 0),
	XU_FORMAT(mask_dnid, 2, E5_QPI_PKT_DNID, 0),
	XU_FORMAT(mask_mc, 2, E5_QPI_PKT_MC, 0),
	XU_FORMAT(mask_opc, 2, E5_QPI_PKT_OPC, 0),
	XU_FORMAT(mask_vnw, 2, E5_QPI_PKT_VNW, 0),
	XU_FORMAT(mask0, 2, GENMASK_ULL(31, 0), 0),
	XU_FORMAT(mask1, 2, GENMASK_ULL(63, 32), 0),
	NULL
};

const struct xu_extra_reg e5_pcu_extra[] = {
	{ .reg = E5_PCU_FILTER, .cfg = 1, .shift = 0,
	  .mask = GENMASK_ULL(31, 0) },
};

/*
 * HA address and opcode match.  ADDR_OPC_MATCH (event 0x20) counts the
 * packets they match, and no other event uses them (329468-002, Table
 * 2-44; 327043-001 section 2.4.3 names only ADDR_OPC_MATCH.FILT).  By
 * umask IVB-EP's takes the address registers (bit 0), the opcode
 * register (bits 1-4) or both; the event claims all three whatever its
 * umask, as the SNB-EP guide pages at hand give no umask table: two with
 * different values take turns.
 */
const struct xu_extra_reg e5_ha_extra[] = {
	{ .reg = E5_HA_ADDRMATCH0, .cfg = 1, .shift = 0,
	  .mask = E5_HA_ADDR0_MASK },
	{ .reg = E5_HA_ADDRMATCH1, .cfg = 1, .shift = 32,
	  .mask = E5_HA_ADDR1_MASK },
	{ .reg = E5_HA_OPCODEMATCH, .cfg = 2, .shift = 0,
	  .mask = E5_HA_OPC_MASK },
};

void e5_ha_extra_fields(struct perf_event *event, u64 *fields)
{
	u64 all = FIELD_GET(E5_CTL_EV_SEL, event->attr.config) ==
		  E5_HA_EV_ADDR_OPC_MATCH ? ~0ULL : 0;

	fields[0] = all;
	fields[1] = all;
	fields[2] = all;
}

const struct xu_extra_reg e5_qpi_extra[] = {
	{ .reg = E5_QPI_MATCH0, .cfg = 1, .shift = 0, .filter = true,
	  .mask = E5_QPI_MATCH0_BITS },
	{ .reg = E5_QPI_MATCH1, .cfg = 1, .shift = 32, .filter = true,
	  .mask = E5_QPI_MATCH1_BITS },
	{ .reg = E5_QPI_MASK0, .cfg = 2, .shift = 0, .filter = true,
	  .mask = E5_QPI_MATCH0_BITS },
	{ .reg = E5_QPI_MASK1, .cfg = 2, .shift = 32, .filter = true,
	  .mask = E5_QPI_MATCH1_BITS },
};
