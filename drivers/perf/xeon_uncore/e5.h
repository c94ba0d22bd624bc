/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Xeon E5 generations' common ground (e5.c), for snbep.c, ivbep.c and,
 * through e5v3.h, hswep.c and bdx.c
 */
#ifndef _XEON_UNCORE_E5_H
#define _XEON_UNCORE_E5_H

#include <xeon_uncore/snbep.h>

#include "io.h"

/* ---- formats: the fields both generations place alike ---- */
#define E5_FMT_EVENT	XU_FORMAT(event, 0, E5_CTL_EV_SEL, 0)
#define E5_FMT_UMASK	XU_FORMAT(umask, 0, E5_CTL_UMASK, 0)
#define E5_FMT_EDGE	XU_FORMAT(edge, 0, E5_CTL_EDGE, 0)
#define E5_FMT_INV	XU_FORMAT(inv, 0, E5_CTL_INVERT, 0)
#define E5_FMT_THRESH8	XU_FORMAT(thresh, 0, E5_CTL_THRESH8, 0)
#define E5_FMT_THRESH5	XU_FORMAT(thresh, 0, E5_CTL_THRESH5, 0)
#define E5_FMT_TID_EN	XU_FORMAT(tid_en, 0, E5_CTL_TID_EN, 0)
/* QPI: ev_sel and its extension bit as one field (event=0x138: 0x38, bit 21) */
#define E5_FMT_EVENT_EXT XU_FORMAT(event, 0, E5_CTL_EV_SEL | E5_CTL_EV_SEL_EXT, 0)

/*
 * What the box descriptions below share: the PCI boxes' register map
 * (327043 Table 2-59, 329468 Table 1-3), IVB-EP's overflow report of a
 * PCI box (ov_en and the write-1-to-clear PmonUnitStatus), the fixed
 * counters, and the box control of each generation.
 */
#define E5_PCI_REGS							\
	.access		= XU_PCI,					\
	.ctl0		= E5_PCI_CTL0,					\
	.ctr0		= E5_PCI_CTR0,					\
	.ctl_stride	= 4,						\
	.ctr_stride	= 8,						\
	.box_ctl	= E5_PCI_BOX_CTL,				\
	.ctl_en		= E5_CTL_EN

#define E5_FIXED(ctl, ctr)						\
	.fixed_ctl	= ctl,						\
	.fixed_ctr	= ctr,						\
	.fixed_width	= E5_WIDTH_48,					\
	.fixed_config	= E5_FIXED_EVENT,				\
	.fixed_en	= E5_FIXED_CTL_EN
#define E5_UBOX_FIXED	E5_FIXED(E5_U_FIXED_CTL, E5_U_FIXED_CTR)
#define E5_IMC_FIXED	E5_FIXED(E5_PCI_FIXED_CTL, E5_PCI_FIXED_CTR)

/*
 * Which filter fields an event uses: the events whose ev_sel and umask,
 * under @sel, equal @code (LLC_LOOKUP 0x34, TOR_INSERTS 0x35,
 * TOR_OCCUPANCY 0x36, ...) use @fields, config1 bits as the formats
 * place them.  tid_en always uses the thread ID field.
 */
struct e5_cbox_filt {
	u16 code;
	u16 sel;
	u64 fields;
};

#define E5_EVUM		(E5_CTL_EV_SEL | E5_CTL_UMASK)

/* A PCI bus belongs to the package its U-Box's node id registers name */
#define E5_PCI_MAP(ubox)						\
	.ubox_id	= (ubox),					\
	.node_reg	= E5_UBOX_CPUNODEID,				\
	.map_reg	= E5_UBOX_GIDNIDMAP,				\
	.node_mask	= E5_UBOX_NODEID_MASK,				\
	.phys_pkg	= xu_pci_map_node

/*
 * The PCU filter, the HA match and the QPI match/mask registers: sized
 * here, so that a box type may count them, and checked against their
 * definitions in e5.c
 */
extern const struct xu_extra_reg e5_pcu_extra[1];
extern const struct xu_extra_reg e5_ha_extra[3];
extern const struct xu_extra_reg e5_qpi_extra[4];

int e5_validate(struct perf_event *event);
void e5_box_exit(struct xu_box *box);
int e5_ubox_clear(struct xu_box *box);
extern struct attribute *e5_ubox_events[];
unsigned long e5_constraint(const u8 *table, struct perf_event *event);
/* snbep.c: the C-Box counters by ev_sel, SNB-EP's and IVB-EP's */
extern const u8 snbep_cbox_counters[256];
u64 e5_cbox_filter_bits(const struct e5_cbox_filt *filt, unsigned int n,
			u64 tid, struct perf_event *event);
void e5_pcu_extra_fields(struct perf_event *event, u64 *fields);
extern struct attribute *e5_imc_events[];
void e5_qpi_extra_fields(struct perf_event *event, u64 *fields);
void e5_ha_extra_fields(struct perf_event *event, u64 *fields);
extern struct attribute *e5_qpi_events[];
unsigned long e5_r2pcie_constraint(struct perf_event *event);
unsigned long e5_r3qpi_constraint(struct perf_event *event);
extern struct attribute *e5_qpi_formats[];
extern struct attribute *e5_pcu_formats[];
extern struct attribute *e5_pci_formats[];

#endif /* _XEON_UNCORE_E5_H */
