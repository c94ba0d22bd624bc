/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore event state (event.c): folding, periods, start and stop,
 * polling, throttling, the period of frequency-mode events.
 * Every call but the timers' and xu_sample_rate_*() wants the event's
 * package locked, interrupts off.
 */
#ifndef _XEON_UNCORE_EVENT_H
#define _XEON_UNCORE_EVENT_H

#include "types.h"

/*
 * hw.flags: added stopped inside its group's PERF_PMU_TXN_ADD, to start
 * at the transaction's end (xu_box_group_added())
 */
#define XU_HWF_START_AT_COMMIT	BIT(0)

/*
 * An event of a group (a leader with siblings, or a sibling): perf
 * promises that the group's events count over one span, from one instant
 * to another.
 */
static inline bool xu_event_grouped(const struct perf_event *event)
{
	return event->group_leader != event || event->nr_siblings;
}

void __xu_event_update(struct perf_event *event, bool wrapped);
bool xu_set_period(struct perf_event *event);
void __xu_event_start(struct perf_event *event, int flags);
void __xu_event_stop(struct perf_event *event, int flags);
bool __xu_event_leave(struct perf_event *event);
int xu_ctr_lingering(struct xu_box *box, struct perf_event *event, u64 ctl);
bool __xu_event_take_over(struct perf_event *event);
void xu_box_release_lingering(struct xu_box *box);
void xu_box_group_added(struct xu_box *box);
u64 xu_event_period(const struct perf_event *event);
bool xu_event_exiled(struct perf_event *event);

static inline void xu_event_update(struct perf_event *event)
{
	__xu_event_update(event, false);
}

/*
 * Does this box fold overflows in the PMI alone?  Otherwise its timer
 * polls (and unthrottles): no PMI, a box whose status cannot tell its
 * counters apart, or counting events that run without the PMI.
 */
static inline bool xu_box_pmi(const struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;

	return box->pmu->uncore->pmi && t->ctl_pmi && !xu_type_polled(t) &&
	       !t->poll && !(t->ov_guessed & BIT(box->pmu->idx));
}

/* The box's timer: polling without a PMI, unthrottling with one */
enum hrtimer_restart xu_poll(struct hrtimer *timer);
enum hrtimer_restart xu_unthrottle(struct hrtimer *timer);
void xu_unthrottle_later(struct irq_work *work);
void xu_box_timer_arm(void *info);
bool xu_box_thaw(struct xu_box *box);
void xu_pkg_thaw_boxes(struct xu_uncore *uc, unsigned int pkg);
bool __xu_unthrottle_box(struct xu_box *box);
void __xu_throttle_box(struct xu_box *box);
bool xu_pkg_budget_charge(struct xu_pkg *p, u64 frozen);
void xu_event_throttle_clear(struct perf_event *event);
bool xu_throttle(struct perf_event *event);

void xu_freq_stop(struct perf_event *event);
void xu_freq_start(struct perf_event *event);
void xu_adjust_freq(struct perf_event *event);

void xu_sample_rate_work(struct work_struct *work);

#endif /* _XEON_UNCORE_EVENT_H */
