/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the Xeon E5 v3 (Haswell-EP) uncore has that later generations
 * keep: the box controls, the U-Box's set-up, the C-Box filter pair and
 * its table of which event uses which field, the S-Box's bit-by-bit box
 * control and its count by the die's chop, the PCU's filter and
 * formats.  Defined in hswep.c.
 */
#ifndef _XEON_UNCORE_E5V3_H
#define _XEON_UNCORE_E5V3_H

#include <xeon_uncore/hswep.h>

#include "e5.h"

/* Box controls: set-up, freeze and unfreeze with frz_en in every write */
int hswep_box_init(struct xu_box *box);
void hswep_box_freeze(struct xu_box *box);
void hswep_box_unfreeze(struct xu_box *box);

#define HSWEP_BOX_OPS							\
	.init_box	= hswep_box_init,				\
	.exit_box	= e5_box_exit,					\
	.freeze		= hswep_box_freeze,				\
	.unfreeze	= hswep_box_unfreeze,				\
	.validate	= e5_validate

/* U-Box: its counters and UCLK cleared */
int hswep_ubox_init(struct xu_box *box);
void hswep_ubox_exit(struct xu_box *box);

/* C-Boxes: FILTER0/FILTER1 from config1, by the event's fields */
void hswep_cbox_extra_fields(struct perf_event *event, u64 *fields);
extern const struct xu_extra_reg hswep_cbox_extra[2];
extern struct attribute *hswep_cbox_formats[];

/* S-Boxes: the box control set a bit at a time; how many a die has */
int hswep_sbox_init(struct xu_box *box);
void hswep_sbox_exit(struct xu_box *box);
extern struct attribute *hswep_sbox_formats[];
unsigned int hswep_chop_boxes(struct xu_uncore *uc, u16 pcu, unsigned int small,
			      unsigned int all);

/* PCU: its filter at 0x715 (its formats are e5_pcu_formats) */
extern const struct xu_extra_reg hswep_pcu_extra[1];

#endif /* _XEON_UNCORE_E5V3_H */
