/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore: what the Xeon 7500 / E7 box descriptions, split over
 * nhmex.c, nhmex_mbox.c and nhmex_rbox.c, share.
 */
#ifndef _XEON_UNCORE_NHMEX_BOXES_H
#define _XEON_UNCORE_NHMEX_BOXES_H

#include "io.h"
#include "platform.h"

/* The S-Box summaries a box reports through (S_MSR_PMON_SUMMARY) */
extern const u32 nhmex_s_summary_regs[2];

/* Box-level control shared by every box with a GLOBAL_CTL of ctr_en bits */
int nhmex_box_init(struct xu_box *box);
void nhmex_box_exit(struct xu_box *box);
void nhmex_box_freeze(struct xu_box *box);
void nhmex_box_unfreeze(struct xu_box *box);

/* Refuse @event with one line in the log; returns -EINVAL */
int nhmex_refuse(struct perf_event *event, const char *why);

extern const struct xu_box_type nhmex_mbox;
extern const struct xu_box_type wsmex_mbox;
extern const struct xu_box_type nhmex_rbox;

#endif /* _XEON_UNCORE_NHMEX_BOXES_H */
