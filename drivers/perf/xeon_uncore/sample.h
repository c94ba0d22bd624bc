/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore samples (sample.c): an overflow's fold and sample, and the
 * samples a walk folds for an event active on another CPU.  Every call
 * but the set-up and xu_samples_sync() wants the event's package locked,
 * interrupts off.
 */
#ifndef _XEON_UNCORE_SAMPLE_H
#define _XEON_UNCORE_SAMPLE_H

#include "types.h"

bool xu_event_overflow(struct perf_event *event, bool exact);
void xu_event_overflow_sample(struct perf_event *event, struct pt_regs *regs);
void xu_event_del_samples(struct perf_event *event);
void xu_pkg_samples_init(struct xu_pkg *p);
void xu_samples_sync(struct xu_uncore *uc);

#endif /* _XEON_UNCORE_SAMPLE_H */
