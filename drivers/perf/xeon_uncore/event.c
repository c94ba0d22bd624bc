// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon-uncore event state: what a counter's values mean to perf.  Folding
 * a counter's progress into the event's count, the sampling period a
 * counter is preloaded with, starting and stopping an event on its
 * counter, polling the boxes no overflow interrupt folds, throttling a
 * sampling event and adjusting its period in frequency mode (what an
 * overflow does to it, and its sample: sample.c).  Uses placement
 * (sched.c), for the shared sub-registers, and the registers (io.c).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <linux/irq_work.h>
#include <linux/jiffies.h>
#include <linux/math64.h>
#include <linux/overflow.h>
#include <linux/smp.h>

#include "compat.h"
#include "event.h"
#include "io.h"
#include "sched.h"

/*
 * Our mark of a throttled event.  Not perf's MAX_INTERRUPTS: perf would
 * log a PERF_RECORD_UNTHROTTLE for it, and a module cannot log the
 * matching PERF_RECORD_THROTTLE (perf_log_throttle() is static).
 */
#define XU_THROTTLED		(~0ULL - 1)

/*
 * Counter @idx of @box as the event counted it: the register's value,
 * mended where the box type knows an erratum of the hardware in it.
 * @stopped: the counter does not count (xu_ctr_read_stopped()).
 */
static int __xu_event_ctr_read(struct xu_box *box, unsigned int idx, u64 *val,
			       bool stopped)
{
	const struct xu_box_type *t = box->pmu->type;
	int ret;

	ret = stopped ? xu_ctr_read_stopped(box, idx, val) :
			xu_ctr_read(box, idx, val);
	if (!ret && t->ops->ctr_fixup)
		*val = t->ops->ctr_fixup(box, idx, *val) &
		       GENMASK_ULL(xu_ctr_bits(t, idx) - 1, 0);
	return ret;
}

static int xu_event_ctr_read(struct xu_box *box, unsigned int idx, u64 *val)
{
	return __xu_event_ctr_read(box, idx, val, false);
}

/*
 * Fold the counter's progress since the last read into event->count.
 * @wrapped: the PMI says the counter wrapped since then.  The distance
 * between two wraps is a whole turn of the counter, which the two raw
 * values alone cannot tell from none; the package stayed frozen from the
 * wrap to this fold, so a value that moved forward (backward, counting
 * down) from the last read took one more turn.
 */
void __xu_event_update(struct perf_event *event, bool wrapped)
{
	struct xu_box *box = xu_event_box(event);
	const struct xu_box_type *type = box->pmu->type;
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_ctr_bits(type, hwc->idx);
	u64 prev, now;
	s64 delta;

	do {
		prev = local64_read(&hwc->prev_count);
		if (xu_event_ctr_read(box, hwc->idx, &now))
			return;
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);

	if (type->ops->delta)
		delta = type->ops->delta(event, prev, now, wrapped);
	else
		delta = (now - prev) & GENMASK_ULL(width - 1, 0);
	if (wrapped && !type->ops->delta && now > prev)
		delta += BIT_ULL(width);
	local64_add(delta, &event->count);
	local64_sub(delta, &hwc->period_left);
}

/*
 * The period the driver arms and reports: in frequency mode the steered
 * period (the one the driver adjusted it to), which perf's tick (it
 * rewrites hw.sample_period, on the event's CPU, while a walk may run on
 * another) does not move
 */
u64 xu_event_period(const struct perf_event *event)
{
	return event->attr.freq ? xu_steered_period(event) : event->hw.sample_period;
}

/*
 * Arm a sampling event: preload its counter with 2^width - left, so that
 * it overflows after the events left in the current period.
 * Returns true if a period ended since the last call.
 */
bool xu_set_period(struct perf_event *event)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_ctr_bits(box->pmu->type, hwc->idx);
	s64 left = local64_read(&hwc->period_left);
	s64 period = xu_event_period(event);
	bool ended = false;
	u64 val;

	if (unlikely(left <= -period)) {
		left = period;
		ended = true;
	} else if (unlikely(left <= 0)) {
		left += period;
		ended = true;
	}
	if (ended) {
		local64_set(&hwc->period_left, left);
		hwc->last_period = period;
	}
	/* half the counter's range, so that a late PMI still sees the wrap */
	left = min_t(s64, left, BIT_ULL(width - 1));
	if (box->pmu->type->ops->period_fixup)
		left = box->pmu->type->ops->period_fixup(event, left);

	val = (u64)-left & GENMASK_ULL(width - 1, 0);
	local64_set(&hwc->prev_count, val);
	xu_ctr_write(box, hwc->idx, val);
	return ended;
}

/*
 * A box's timer runs on its collecting CPU.  Armed elsewhere (by a walk
 * on another CPU), or moved by CPU hotplug (possibly to another package),
 * it hands itself to the collecting CPU, which arms it a tick from now
 * (xu_box_timer_arm()).  Interrupts off.  Returns true if it did.
 */
static bool xu_box_timer_elsewhere(struct xu_box *box)
{
	int cpu = READ_ONCE(box->cpu);

	if (cpu == smp_processor_id())
		return false;
	/* -EBUSY: a hand-over is under way already */
	if (cpu >= 0)
		smp_call_function_single_async(cpu, &box->timer_csd);
	return true;
}

/**
 * xu_box_timer_arm() - arm a box's timer a tick from now, on its CPU
 * @info: the box
 *
 * Interrupts off: the box's timer_csd, or a caller on the collecting CPU.
 */
void xu_box_timer_arm(void *info)
{
	struct xu_box *box = info;

	if (xu_box_timer_elsewhere(box))
		return;
	hrtimer_start(&box->timer, ns_to_ktime(TICK_NSEC),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

/* Poll the counters of a box that no overflow interrupt folds */
enum hrtimer_restart xu_poll(struct hrtimer *timer)
{
	struct xu_box *box = container_of(timer, struct xu_box, timer);
	struct xu_pkg *p = xu_box_pkg(box);
	unsigned int i, n;

	if (xu_box_timer_elsewhere(box))
		return HRTIMER_NORESTART;
	xu_pkg_lock(p);
	for (i = 0; i < xu_num_ctrs(box->pmu->type); i++)
		if (box->active[i])
			xu_event_update(box->active[i]);
	/* a sampling event of a polled box is unthrottled here */
	if (__xu_unthrottle_box(box))
		schedule_work(&box->pmu->uncore->rate_work);
	n = box->n_active;
	xu_pkg_unlock(p);
	/* an event restarted above may have armed the timer again */
	if (!n || hrtimer_is_queued(timer))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ns_to_ktime(box->pmu->uncore->poll_ns));
	return HRTIMER_RESTART;
}

/**
 * xu_box_thaw() - end the driver's own freeze of a box
 * @box: the box, frozen by the driver (pmu_disable's bracket, a group
 *       read); its package locked, on a CPU of the package
 *
 * Where a box's unfreeze may end a PMI's freeze of it too
 * (XU_FEAT_BOX_THAWS_PMI), not while a PMI's freeze of the package awaits
 * its walk: a counter that wrapped must stay frozen from the wrap to the
 * walk's fold (__xu_event_update()), or a read in between followed by the
 * counter moving past that read's value makes the fold add a whole turn.
 * The box then stays frozen with the package, and the walk unfreezes it
 * after the package (xu_pkg_thaw_boxes()).  The look costs a read of the
 * global status.  The package is frozen from then at the latest: the walk
 * charges the PMI budget from then, though its NMI comes later.
 *
 * Return: true if the box was unfrozen, false if it stays frozen.
 */
bool xu_box_thaw(struct xu_box *box)
{
	struct xu_uncore *uc = box->pmu->uncore;

	if ((uc->plat->features & XU_FEAT_BOX_THAWS_PMI) && uc->pmi &&
	    uc->plat->global->frozen(&uc->pmus[0].boxes[box->pkg],
				     xu_box_pkg(box)->gsts_stuck)) {
		xu_pkg_saw_pmi(xu_box_pkg(box));
		return false;
	}
	box->pmu->type->ops->unfreeze(box);
	return true;
}

/**
 * xu_pkg_thaw_boxes() - unfreeze the boxes xu_box_thaw() left frozen
 * @uc:  the uncore
 * @pkg: the package, locked, on a CPU of it; just unfrozen by a walk
 *
 * Those frozen by the driver with no pmu_disable bracket open: a bracket
 * still open unfreezes its box itself, at its pmu_enable.
 */
void xu_pkg_thaw_boxes(struct xu_uncore *uc, unsigned int pkg)
{
	unsigned int i;

	if (!(uc->plat->features & XU_FEAT_BOX_THAWS_PMI))
		return;
	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[pkg];

		if (box->frozen && !box->disabled && xu_box_here(box)) {
			box->pmu->type->ops->unfreeze(box);
			box->frozen = false;
		}
	}
}

/*
 * Clear the overflow status bit of the general-purpose counter @idx that
 * a polled event (no PMI enable: count_mode 1 or 2, a box whose overflow
 * report is a guess) is leaving.  Its under- and overflows set the bit
 * and raise no PMI, so no walk came to clear it: left, a walk for another
 * counter would find it and take it for a wrap of the counter's next
 * event, adding a whole turn of the counter to its count.  The package
 * is locked.
 */
static void xu_clear_polled_overflow(struct xu_box *box, int idx)
{
	const struct xu_box_type *t = box->pmu->type;

	if (box->pmu->uncore->pmi && t->status0 && t->ovf0 &&
	    idx < t->num_counters)
		xu_write(box, xu_box_reg(box, t->ovf0),
			 BIT_ULL(idx + t->status_shift));
}

/* Is this CPU inside the box's bracket (pmu_disable to pmu_enable)? */
static bool xu_box_bracket_here(const struct xu_box *box)
{
	return box->disabled && box->bracket_cpu == smp_processor_id();
}

/*
 * The first counter of a group's event that stops or starts inside this
 * CPU's bracket (a stop, a start, a lingering counter's release) freezes
 * the box, and the end of the group's PERF_PMU_TXN_ADD
 * (xu_box_group_added()) or of the bracket unfreezes it:
 * the group's counters stop, and start, at one instant, while those its
 * events took back (__xu_event_take_over()) count on, as all of them do
 * until the freeze and from the unfreeze.  The box's other counters
 * stand still as long: a bracket that moves a group's counter pays for
 * the accesses of the group's hand-overs and starts, no other does.
 */
static void xu_box_freeze_for_group(struct xu_box *box,
				    const struct perf_event *event)
{
	if (xu_event_grouped(event) && xu_box_bracket_here(box) &&
	    !box->frozen && box->pmu->type->ops->freeze) {
		box->pmu->type->ops->freeze(box);
		box->frozen = true;
	}
}

/**
 * xu_box_group_added() - the end of a group's PERF_PMU_TXN_ADD
 * @box: the box, locked
 *
 * The group's events that did not take their counters back were added
 * stopped (XU_HWF_START_AT_COMMIT): they start now, one after the other
 * in a frozen box (xu_box_freeze_for_group()), with nothing in between
 * but their hand-overs.  Once the last has, the box need not stand still
 * until the bracket's end, unless a group's counter still lingers: it
 * will stop at that end, with the box frozen since its group's first
 * counter stopped.  So a rotation that swaps two groups freezes the box
 * for the register accesses of the joining group's starts, and no
 * longer.
 */
void xu_box_group_added(struct xu_box *box)
{
	unsigned int c, e;

	for (e = 0; e < box->n_events; e++) {
		struct perf_event *event = box->events[e];

		if (!(event->hw.flags & XU_HWF_START_AT_COMMIT))
			continue;
		event->hw.flags &= ~XU_HWF_START_AT_COMMIT;
		__xu_event_start(event, 0);
	}
	if (!box->frozen || !xu_box_bracket_here(box))
		return;
	for_each_set_bit(c, &box->linger, XU_MAX_COUNTERS)
		if (xu_event_grouped(box->linger_event[c]))
			return;
	box->frozen = !xu_box_thaw(box);
}

/**
 * xu_ctr_release() - stop a counter its event left counting, and fold
 * @box: the box, locked
 * @idx: the counter; nothing happens unless it lingers (box->linger)
 * @val: out: the counter's value once stopped, if it returns 0
 * @ctl: out, or NULL: the control image the counter keeps, 0 if cleared
 *
 * The event pmu::del took off the counter (__xu_event_leave()) gets the
 * counts since that del, up to this stop: a counter changes hands at
 * one instant, the event leaving counts up to it and the one starting
 * next (__xu_event_start()) from it.  In a frozen box the counter stands
 * still until the unfreeze, so a caller that writes the counter's next
 * control before then (a hand-over, @ctl not NULL) leaves the control
 * as it is: one write less in the frozen span (the box stops the counter,
 * the next control replaces the old one).  A polled event's overflow bit
 * is cleared all the same.
 *
 * Return: 0, or -ENOENT if the counter did not linger or could not be
 * read.
 */
static int xu_ctr_release(struct xu_box *box, int idx, u64 *val, u64 *ctl)
{
	const struct xu_box_type *t = box->pmu->type;
	struct perf_event *event = box->linger_event[idx];
	u64 prev = box->linger_prev[idx], now;
	s64 delta;

	if (!test_and_clear_bit(idx, &box->linger))
		return -ENOENT;
	xu_box_freeze_for_group(box, event);
	box->linger_event[idx] = NULL;
	if (ctl && box->frozen) {
		*ctl = box->linger_ctl[idx];
	} else {
		if (ctl)
			*ctl = 0;
		xu_write(box, xu_ctl_reg(box, idx), 0);
	}
	if (!(box->linger_ctl[idx] & t->ctl_pmi))
		xu_clear_polled_overflow(box, idx);
	/* stopped or frozen: a PCI counter's dwords cannot carry meanwhile */
	if (__xu_event_ctr_read(box, idx, &now, true)) {
		if (ctl && *ctl) {
			*ctl = 0;
			xu_write(box, xu_ctl_reg(box, idx), 0);
		}
		return -ENOENT;
	}
	if (t->ops->delta)
		delta = t->ops->delta(event, prev, now, false);
	else
		delta = (now - prev) & GENMASK_ULL(xu_ctr_bits(t, idx) - 1, 0);
	local64_add(delta, &event->count);
	*val = now;
	return 0;
}

/*
 * Stop every lingering counter of the box: the end of perf's bracket,
 * still inside it (a group's counters stop with the box frozen)
 */
void xu_box_release_lingering(struct xu_box *box)
{
	unsigned int c;
	u64 val;

	for_each_set_bit(c, &box->linger, XU_MAX_COUNTERS)
		xu_ctr_release(box, c, &val, NULL);
}

/*
 * Program the box's extra registers for its events; a counter left
 * counting (box->linger) whose claims that would rewrite is released
 * first, so that it never counts under a sub-register it did not ask for.
 */
static void xu_box_extra_program(struct xu_box *box)
{
	unsigned int c;
	u64 val;

	for_each_set_bit(c, &box->linger, XU_MAX_COUNTERS)
		if (!xu_extra_keeps(box, box->linger_event[c]))
			xu_ctr_release(box, c, &val, NULL);
	xu_extra_program(box);
}

/**
 * __xu_event_leave() - pmu::del of a counting event, keeping its counter
 * @event: the event, locked
 *
 * perf's multiplexing (perf_rotate_context()) takes every flexible event
 * off the PMU and puts them back in a new order, between pmu_disable and
 * pmu_enable; most come back to the counter they had.  perf reads the
 * count of an event that is off the PMU without asking the driver, so
 * the count is folded here, but the counter is left counting: the event
 * takes it back if it is added again before the bracket ends
 * (__xu_event_take_over()), without a register access, and counts on as
 * perf's time_running runs on.  Otherwise the counter is stopped and its
 * counts since this fold are the event's (xu_ctr_release()): when another
 * event starts on it, or at the bracket's end.  Only inside this CPU's
 * bracket, where perf holds the context's lock until the end; outside
 * one, and for a sampling event (its counter holds a period, and would
 * raise a PMI for nobody), pmu::del stops the counter at once.  The
 * events of a group linger too; their counters stop, and start, only
 * with the box frozen (xu_box_freeze_for_group()).  A new event's claims
 * never rewrite a sub-register under a lingering counter:
 * xu_box_extra_program() releases it first.
 *
 * Return: true if the counter was left counting.
 */
bool __xu_event_leave(struct perf_event *event)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;
	int idx = hwc->idx;

	if (!xu_box_bracket_here(box) || is_sampling_event(event) ||
	    (hwc->state & PERF_HES_STOPPED))
		return false;
	xu_event_update(event);
	box->active[idx] = NULL;
	hwc->state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (--box->n_active == 0 && !xu_box_pmi(box))
		hrtimer_try_to_cancel(&box->timer);
	__set_bit(idx, &box->linger);
	box->linger_event[idx] = event;
	box->linger_ctl[idx] = hwc->config;
	box->linger_prev[idx] = local64_read(&hwc->prev_count);
	return true;
}

/**
 * xu_ctr_lingering() - the counter @event left counting, to take back
 * @box:   the box, locked
 * @event: a counting event being added
 * @ctl:   the control value it will have
 *
 * Return: the counter, or -1.
 */
int xu_ctr_lingering(struct xu_box *box, struct perf_event *event, u64 ctl)
{
	unsigned int c;

	for_each_set_bit(c, &box->linger, XU_MAX_COUNTERS)
		if (box->linger_event[c] == event && box->linger_ctl[c] == ctl)
			return c;
	return -1;
}

/**
 * __xu_event_take_over() - start @event on the counter it left counting
 * @event: a counting event, added on hw.idx, stopped; locked
 *
 * If @event left hw.idx counting with its control value
 * (__xu_event_leave()), and programming the box's extra registers (the
 * event's own claims, written first as a start would) leaves the bits
 * its claims rely on as they were (xu_box_extra_program() releases the
 * counter otherwise), the event counts on from the value folded then.
 * No register access but those claims.
 *
 * Return: true if it did; false leaves the event stopped.
 */
bool __xu_event_take_over(struct perf_event *event)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;
	int idx = hwc->idx;

	if (!test_bit(idx, &box->linger) || box->linger_event[idx] != event ||
	    box->linger_ctl[idx] != hwc->config)
		return false;
	/* its claims rewritten: released, the event starts anew */
	xu_box_extra_program(box);
	if (!test_bit(idx, &box->linger))
		return false;
	__clear_bit(idx, &box->linger);
	box->linger_event[idx] = NULL;
	local64_set(&hwc->prev_count, box->linger_prev[idx]);
	hwc->state = 0;
	box->active[idx] = event;
	if (box->n_active++ == 0 && !xu_box_pmi(box))
		hrtimer_start(&box->timer, ns_to_ktime(box->pmu->uncore->poll_ns),
			      HRTIMER_MODE_REL_PINNED_HARD);
	return true;
}

/*
 * Before @event starts on counter @idx: the counter it left counting
 * elsewhere gives it its counts and stops, so that it never counts on
 * two; and @idx, if it lingers, changes hands (xu_ctr_release()).
 * Returns 0 with the value @idx holds, stopped, and in @ctl the control
 * image it keeps (0 if cleared); or -ENOENT.
 */
static int xu_ctr_take(struct xu_box *box, struct perf_event *event, int idx,
		       u64 *val, u64 *ctl)
{
	unsigned int c;
	u64 v;

	for_each_set_bit(c, &box->linger, XU_MAX_COUNTERS)
		if (c != idx && box->linger_event[c] == event)
			xu_ctr_release(box, c, &v, NULL);
	return xu_ctr_release(box, idx, val, ctl);
}

/*
 * A sampling event that perf moved off the CPU whose ring buffer it
 * writes: its collecting CPU went offline and perf_pmu_migrate_context()
 * took it to the package's new one, its buffer with it.  perf writes a
 * buffer from the CPU it belongs to only (perf_event_set_output() refuses
 * a buffer of another CPU).  perf ends that CPU's own events as it goes
 * (__perf_event_exit_context(): detached, off for good, on 6.1 and 6.12);
 * the driver ends this one too, at its first start on the new CPU.
 */
bool xu_event_exiled(struct perf_event *event)
{
	return is_sampling_event(event) && event->cpu != xu_event_home_cpu(event);
}

/*
 * End an exiled event: it never starts again, and perf disables it on
 * its CPU as soon as interrupts are on there, as it disables an event
 * whose PERF_EVENT_IOC_REFRESH limit ran out.  Enabled again, it ends
 * again.  Any context.
 */
static void xu_event_end(struct perf_event *event)
{
	if (event->pending_disable)
		return;
	pr_info_ratelimited("%s: a sampling event of CPU %d ends: that CPU went offline, and its ring buffer takes no samples from CPU %d\n",
			    xu_event_box(event)->pmu->name,
			    xu_event_home_cpu(event), event->cpu);
	xu_event_disable_inatomic(event);
}

/* The span whose share of time the PMI budget's bucket holds at most */
#define XU_BUDGET_NS		(100 * NSEC_PER_MSEC)

/*
 * The package's PMI budget.  Every PMI freezes the whole package from the
 * overflow to its walk's unfreeze, and every counting event of the package
 * misses the events of that time: the walks may keep it frozen for
 * pmi_max_percent of the time, on average.  The budget is a bucket of
 * frozen time that fills at that share of the time, up to its share of
 * XU_BUDGET_NS (5 ms at 5%: the most a burst of walks may take at once);
 * each walk takes what it kept the package frozen, and may leave it in
 * debt: a walk frozen for 30 ms at 5% leaves the package's sampling
 * events throttled for about 600 ms, so that the average holds however
 * long a freeze was.  Once the bucket holds less than a walk (the running
 * average of their cost; all it can hold if a walk costs more), the
 * package's sampling events are throttled, and start again at a tick
 * that finds it holding one.  100% is no budget, as perf's
 * perf_cpu_time_max_percent=100 is none.  Locked.
 *
 * Fill the bucket up to now; return its capacity.
 */
static s64 xu_pkg_budget_refill(struct xu_pkg *p, unsigned int pct)
{
	s64 cap = div_u64((u64)pct * XU_BUDGET_NS, 100);
	u64 now = ktime_get_mono_fast_ns();
	s64 gap = now - p->budget_stamp;

	if (!p->budget_stamp) {
		p->budget_left = cap;
	} else if (gap > 0) {
		/*
		 * (bounded, for the product: 100 s fill more than a walk can
		 * owe, frozen at most the PMI stamp's 100 ms and the walk)
		 */
		gap = min_t(s64, gap, 1000 * XU_BUDGET_NS);
		p->budget_left = min_t(s64, cap, p->budget_left +
					    (s64)div_u64(gap * pct, 100));
	} else {
		/* the fast clock of another CPU of the package was behind */
		return cap;
	}
	p->budget_stamp = now;
	return cap;
}

/* May the package take no more PMIs for now?  Locked. */
static bool xu_pkg_budget_spent(struct xu_pkg *p)
{
	unsigned int pct = READ_ONCE(p->uc->pmi_max_percent);
	s64 cap;

	if (pct >= 100)
		return false;
	cap = xu_pkg_budget_refill(p, pct);
	return p->budget_left < min_t(s64, cap, p->walk_avg_ns);
}

/**
 * xu_pkg_budget_charge() - a walk kept the package frozen for @frozen ns
 * @p:      the package, locked
 * @frozen: from the PMI's overflow to the walk's unfreeze
 *
 * Return: true if the budget is spent: the caller throttles the
 * package's sampling events (__xu_throttle_box()).
 */
bool xu_pkg_budget_charge(struct xu_pkg *p, u64 frozen)
{
	unsigned int pct = READ_ONCE(p->uc->pmi_max_percent);

	if (pct >= 100)
		return false;
	p->walk_avg_ns = p->walk_avg_ns ?
			 p->walk_avg_ns - p->walk_avg_ns / 8 + frozen / 8 : frozen;
	xu_pkg_budget_refill(p, pct);
	p->budget_left -= frozen;
	return xu_pkg_budget_spent(p);
}
EXPORT_SYMBOL_IF_KUNIT(xu_pkg_budget_charge);

/* Start counting; the package is locked */
void __xu_event_start(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;
	u64 now, ctl = 0;
	bool taken;
	int err;

	if (WARN_ON_ONCE(!(hwc->state & PERF_HES_STOPPED)))
		return;
	/* every start comes here: add, perf's start, unthrottling */
	if (unlikely(xu_event_exiled(event))) {
		xu_event_end(event);
		return;
	}
	/* the package's PMIs do not arrive (xu_pmi_pkg_lost()): no sampling */
	if (is_sampling_event(event) && unlikely(xu_box_pkg(box)->pmi_lost)) {
		if (!event->pending_disable) {
			pr_info_ratelimited("%s: a sampling event of package %u is disabled: the package's overflow interrupts do not arrive\n",
					    box->pmu->name, box->pkg);
			xu_event_disable_inatomic(event);
		}
		return;
	}
	/* held back by the PMI budget: throttled, tried again a tick later */
	if (is_sampling_event(event) && xu_pkg_budget_spent(xu_box_pkg(box))) {
		hwc->interrupts = XU_THROTTLED;
		irq_work_queue(&box->unthrottle_work);
		return;
	}

	xu_box_freeze_for_group(box, event);
	taken = !xu_ctr_take(box, event, hwc->idx, &now, &ctl);
	/*
	 * perf's tick adjusts frequency events' periods too, stopping and
	 * restarting them around it: it takes the events of a tick-less
	 * idle stretch for one tick's (before 6.4).  The period adjusted at
	 * the overflows wins; the driver arms and reports its own
	 * (xu_event_period()).
	 */
	if (event->attr.freq && hwc->sample_period != xu_steered_period(event)) {
		hwc->sample_period = xu_steered_period(event);
		perf_event_update_userpage(event);
	}
	/*
	 * A period_left of 0 or less here is a period that ended by the
	 * fold at the stop (its sample is owed, see __xu_event_stop()) or
	 * one perf ended (perf_adjust_period() and PERF_EVENT_IOC_PERIOD set
	 * period_left to 0 between stop and start): a new period starts,
	 * without a sample of its own.
	 */
	if (is_sampling_event(event)) {
		xu_set_period(event);
	} else {
		/*
		 * a counter that changed hands was read, stopped, just now;
		 * a free one's control is clear (its last event's stop or
		 * release, or the box's set-up): it does not count
		 */
		if (!taken && __xu_event_ctr_read(box, hwc->idx, &now, true))
			return;
		local64_set(&hwc->prev_count, now);
	}
	xu_box_extra_program(box);

	hwc->state = 0;
	box->active[hwc->idx] = event;
	/* a counter handed over in a frozen box may hold the image already */
	err = ctl != hwc->config ?
	      xu_write(box, xu_ctl_reg(box, hwc->idx), hwc->config) : 0;
	if (err) {
		pr_warn_ratelimited("%s: package %u: counter %d's control could not be written (%d): the event does not count\n",
				    box->pmu->name, box->pkg, hwc->idx, err);
		box->active[hwc->idx] = NULL;
		hwc->state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
		/* the departed event's control, kept by the hand-over */
		if (ctl)
			xu_write(box, xu_ctl_reg(box, hwc->idx), 0);
		return;
	}
	if (box->n_active++ == 0 && !xu_box_pmi(box))
		hrtimer_start(&box->timer, ns_to_ktime(box->pmu->uncore->poll_ns),
			      HRTIMER_MODE_REL_PINNED_HARD);
}

/* Stop counting, and fold the count with PERF_EF_UPDATE; locked */
void __xu_event_stop(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;

	if (!(hwc->state & PERF_HES_STOPPED)) {
		xu_box_freeze_for_group(box, event);
		xu_write(box, xu_ctl_reg(box, hwc->idx), 0);
		if (!(hwc->config & box->pmu->type->ctl_pmi))
			xu_clear_polled_overflow(box, hwc->idx);
		box->active[hwc->idx] = NULL;
		hwc->state |= PERF_HES_STOPPED;
		/*
		 * A running poll sees n_active 0 and stops by itself; an NMI
		 * (a walk throttling a sampling event of a polled box) must
		 * not take the hrtimer base's lock, and leaves it to the poll
		 */
		if (--box->n_active == 0 && !xu_box_pmi(box) && !in_nmi())
			hrtimer_try_to_cancel(&box->timer);
	}

	if ((flags & PERF_EF_UPDATE) && !(hwc->state & PERF_HES_UPTODATE)) {
		xu_event_update(event);
		hwc->state |= PERF_HES_UPTODATE;
		if (!is_sampling_event(event))
			return;
		/*
		 * A period that ended before this stop (perf's tick stops and
		 * restarts frequency events, and may do so between an
		 * overflow and its PMI) still owes its sample, to the next
		 * walk
		 */
		if (local64_read(&hwc->period_left) <= 0)
			xu_set_sample_owed(event, true);
		/*
		 * A sampling event leaves its counter preloaded up to a period
		 * below 2^48; the next event on the counter would start there,
		 * and one that stops at its limit (M-Box wrap_mode=0) would
		 * count almost nothing.  Nothing reads the counter before the
		 * event's next start sets its period again.
		 */
		xu_ctr_write(box, hwc->idx, 0);
	}
}

/**
 * xu_sample_rate_refresh() - follow perf's current max_sample_rate
 * @uc: the uncore
 *
 * An event is throttled beyond the lower of the max_sample_rate module
 * parameter and perf's own limit.  From rate_work only (at load, at every
 * sampling event's creation, and after each throttling): a worker, whose
 * sysctl read resolves in the initial mount namespace whoever opened the
 * event, and which may sleep where pmu::event_init must not wait.
 */
static void xu_sample_rate_refresh(struct xu_uncore *uc)
{
	int perf_rate = xu_perf_max_sample_rate();
	u64 rate = uc->max_sample_rate;

	if (perf_rate > 0)
		rate = min_t(u64, rate, perf_rate);
	WRITE_ONCE(uc->samples_per_tick, DIV_ROUND_UP(rate, HZ));
}

void xu_sample_rate_work(struct work_struct *work)
{
	xu_sample_rate_refresh(container_of(work, struct xu_uncore, rate_work));
}

/* Samples of @event in the current tick beyond the limit? */
bool xu_throttle(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 tick = get_jiffies_64();

	if (hwc->interrupts_seq != tick) {
		hwc->interrupts_seq = tick;
		hwc->interrupts = 0;
	}
	if (++hwc->interrupts <= READ_ONCE(xu_event_box(event)->pmu->uncore->samples_per_tick))
		return false;
	hwc->interrupts = XU_THROTTLED;
	return true;
}

static bool xu_event_throttled(struct perf_event *event)
{
	return event->hw.interrupts == XU_THROTTLED;
}

void xu_event_throttle_clear(struct perf_event *event)
{
	if (xu_event_throttled(event))
		event->hw.interrupts = 0;
}

/* Restart the box's throttled events; the package is locked */
bool __xu_unthrottle_box(struct xu_box *box)
{
	bool any = false;
	unsigned int i;

	for (i = 0; i < box->n_events; i++) {
		struct perf_event *event = box->events[i];

		if (!xu_event_throttled(event))
			continue;
		event->hw.interrupts = 0;
		if (event->hw.state & PERF_HES_STOPPED)
			__xu_event_start(event, PERF_EF_RELOAD);
		any = true;
	}
	return any;
}

/**
 * __xu_throttle_box() - stop the box's sampling events for a tick
 * @box: the box; the package is locked
 *
 * The package's PMI budget is spent (xu_pmi_walk()): each sampling event
 * still running is stopped, its count folded, and started again a tick
 * from now, with the period it had, as an event throttled by its own
 * sample rate (xu_throttle()), once the budget allows it
 * (__xu_event_start()).
 */
void __xu_throttle_box(struct xu_box *box)
{
	bool any = false;
	unsigned int i;

	for (i = 0; i < box->n_events; i++) {
		struct perf_event *event = box->events[i];

		if (!is_sampling_event(event) || xu_event_throttled(event) ||
		    (event->hw.state & PERF_HES_STOPPED))
			continue;
		event->hw.interrupts = XU_THROTTLED;
		__xu_event_stop(event, PERF_EF_UPDATE);
		any = true;
	}
	if (any)
		irq_work_queue(&box->unthrottle_work);
}

/* A tick after throttling: start the box's throttled events again */
enum hrtimer_restart xu_unthrottle(struct hrtimer *timer)
{
	struct xu_box *box = container_of(timer, struct xu_box, timer);
	struct xu_pkg *p = xu_box_pkg(box);
	bool again = false;
	unsigned int i;

	if (xu_box_timer_elsewhere(box))
		return HRTIMER_NORESTART;
	xu_pkg_lock(p);
	__xu_unthrottle_box(box);
	/* throttled again: the package's PMI budget is still in debt */
	for (i = 0; i < box->n_events; i++)
		again |= xu_event_throttled(box->events[i]);
	xu_pkg_unlock(p);
	/* once a throttling ends, not at each tick of a debt */
	if (!again)
		schedule_work(&box->pmu->uncore->rate_work);
	return HRTIMER_NORESTART;
}

/*
 * Arm the box's timer a tick from now, on its collecting CPU: queued on
 * the CPU whose walk throttled, this hands itself on to that CPU
 */
void xu_unthrottle_later(struct irq_work *work)
{
	struct xu_box *box = container_of(work, struct xu_box, unthrottle_work);

	xu_box_timer_arm(box);
}

/*
 * Frequency mode (perf record -F) measures the event's rate over the time
 * it is on the PMU, from pmu::add to pmu::del, as perf's own period
 * adjustment does: -F asks for samples per second of that time.  The
 * stretches it is stopped inside count (perf's tick stops and restarts
 * frequency events to adjust their periods, throttling stops them), or
 * -F would come out low by their share.  xu_freq_counted_ns() keeps the
 * time of the current period while the event is off the PMU.
 */
void xu_freq_stop(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;

	if (event->attr.freq)
		xu_set_freq_counted_ns(event, ktime_get_mono_fast_ns() -
					      hwc->freq_time_stamp);
}

void xu_freq_start(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;

	if (event->attr.freq)
		hwc->freq_time_stamp = ktime_get_mono_fast_ns() -
				       xu_freq_counted_ns(event);
}

/*
 * Steer the period toward the one that gives attr.sample_freq samples per
 * second at the rate just measured, an eighth of the way per sample,
 * rounding away from zero as perf_adjust_period() does.  perf's tick
 * cannot do it alone: the collecting CPU may idle with its tick stopped
 * while the uncore counts on.  xu_steered_period() keeps the result for
 * __xu_event_start(), against the tick's own adjustments.
 */
void xu_adjust_freq(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 now = ktime_get_mono_fast_ns(), period, den;
	u64 ns = now - hwc->freq_time_stamp;
	u64 cur = xu_steered_period(event);
	/*
	 * PERF_EVENT_IOC_PERIOD may have set any frequency up to perf's own
	 * limit: never adjust past the module's
	 */
	u64 freq = min_t(u64, event->attr.sample_freq,
			 xu_event_box(event)->pmu->uncore->max_sample_rate);
	s64 step;

	hwc->freq_time_stamp = now;
	xu_set_freq_counted_ns(event, 0);
	if (!ns)
		return;
	/*
	 * cur * 10^9 / (ns * freq): a product past 64 bits (hours idle) is
	 * as good as infinite, and a divisor below cur * 10^9 / 2^64 would
	 * give a quotient past 64 bits, which the division faults on
	 */
	if (check_mul_overflow(ns, freq, &den))
		den = U64_MAX;
	den = max(den, mul_u64_u64_shr(cur, NSEC_PER_SEC, 64) + 1);
	period = mul_u64_u64_div_u64(cur, NSEC_PER_SEC, den) ?: 1;
	step = (s64)(period - cur);
	step = (step >= 0 ? step + 7 : step - 7) / 8;
	hwc->sample_period = max_t(s64, cur + step, 1);
	xu_set_steered_period(event, hwc->sample_period);
}
