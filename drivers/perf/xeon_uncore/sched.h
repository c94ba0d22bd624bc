/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore placement (sched.c): format fields, validation, counter
 * constraints, claims on shared sub-registers, counter assignment.
 */
#ifndef _XEON_UNCORE_SCHED_H
#define _XEON_UNCORE_SCHED_H

#include "types.h"

/*
 * config bit 22: the enable bit of most counter controls, which clients
 * that write the control's value into config send (xu_validate_config())
 */
#define XU_CFG_EN		BIT_ULL(22)

/* Does @event count on its box's fixed counter? */
static inline bool xu_event_fixed(const struct xu_box_type *type,
				  const struct perf_event *event)
{
	return type->fixed_ctl && event->attr.config == type->fixed_config;
}

int xu_validate_config(const struct xu_box_type *type,
		       const struct perf_event_attr *attr);
int xu_extra_check(struct xu_box *box, struct perf_event *event);
int xu_validate_group(struct perf_event *event);
int xu_place(const struct xu_box_type *t, struct perf_event *event,
	     struct perf_event **list, const u8 *alts, unsigned int n,
	     struct xu_claims *cl);
int xu_assign(const struct xu_box_type *type, struct perf_event **events,
	      unsigned int n, int *assign);
void xu_extra_program(struct xu_box *box);
bool xu_extra_keeps(struct xu_box *box, struct perf_event *event);

#endif /* _XEON_UNCORE_SCHED_H */
