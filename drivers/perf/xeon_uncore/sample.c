// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon-uncore samples: what an overflow does to an event (its fold, the
 * re-arm of a sampling event's period, its throttling) and the sample it
 * owes, written on the CPU whose ring buffer it goes to.  The samples a
 * walk folds on another CPU than the event's are kept here, per package,
 * sent to the event's CPU and written there, oldest first: this file is
 * their one owner.  Uses the event state (event.c) and perf's sample
 * delivery (compat.c).
 */

#include <linux/irq_work.h>
#include <linux/rcupdate.h>
#include <linux/smp.h>

#include <asm/irq_regs.h>

#include "compat.h"
#include "event.h"
#include "sample.h"

/*
 * Write one sample of @event, on its own CPU; locked.  @elsewhere: the
 * sample was folded by a walk on another CPU; @d its time and period if
 * the fold found room for them (see xu_defer_sample()), else NULL: the
 * period is then the one that ended last (hwc->last_period), the time
 * that of this write, as for a sample of this CPU's own walk.
 * Returns true if the event stops: its PERF_EVENT_IOC_REFRESH limit ran
 * out, at this sample or before (then nothing is written).
 */
static bool xu_event_emit(struct perf_event *event, struct pt_regs *regs,
			  bool elsewhere, const struct xu_deferred *d)
{
	struct xu_box *box = xu_event_box(event);
	const struct xu_box_ops *ops = box->pmu->type->ops;
	bool read = elsewhere && (event->attr.sample_type & PERF_SAMPLE_READ);
	bool froze = false, stop;
	struct perf_sample_data data;

	/* never started (__xu_event_start()), it has no sample to write */
	if (WARN_ON_ONCE(xu_event_exiled(event)))
		return true;
	/*
	 * Its PERF_EVENT_IOC_REFRESH limit ran out at an earlier sample, and
	 * perf has yet to disable it: a sample of a period past the limit,
	 * which the core PMU, stopped at the limit, would never have taken
	 */
	if (event->pending_disable)
		return true;
	/*
	 * A sample that reads counters (PERF_SAMPLE_READ), folded on another
	 * CPU: the package counted on since its fold, and perf reads the
	 * group's other members now.  Its values are one snapshot of now:
	 * the event's own count is brought up to now too, with the box
	 * frozen as for a group read (xu_start_txn()), and the sample takes
	 * the time of this write, theirs.
	 */
	if (read) {
		if (!box->frozen && box->n_active > 1 && ops->freeze) {
			ops->freeze(box);
			froze = true;
		}
		if (!(event->hw.state & PERF_HES_STOPPED))
			xu_event_update(event);
	}
	perf_event_update_userpage(event);
	perf_sample_data_init(&data, 0, d ? d->period : event->hw.last_period);
	/*
	 * perf_prepare_sample() leaves the time alone when the driver's
	 * sample_flags say it set it (6.1 and later)
	 */
	if (d && !read) {
		data.time = d->time;
		data.sample_flags |= PERF_SAMPLE_TIME;
	}
	stop = xu_event_sample(event, &data, regs);
	if (froze && !xu_box_thaw(box))
		box->frozen = true;
	if (stop)
		__xu_event_stop(event, 0);
	return stop;
}

/*
 * A sample of @event, of a period of @period events, folded on a CPU other
 * than the event's: count it, keep its time while the package has room,
 * and send it to the event's CPU.  Locked.  The time is the event's own
 * clock, which perf allows only NMI-safe clocks for a PMU such as this
 * one (perf_event_set_clock()), read on this CPU.
 */
static void xu_defer_sample(struct perf_event *event, u64 period)
{
	struct xu_pkg *p = xu_box_pkg(xu_event_box(event));

	xu_set_samples_pending(event, xu_samples_pending(event) + 1);
	if (p->n_deferred < XU_DEFERRED)
		p->deferred[p->n_deferred++] = (struct xu_deferred) {
			.event = event,
			.time = event->clock(),
			.period = period,
		};
	irq_work_queue(&p->forward_work);
}

/* Take @event's oldest deferred sample off its package's list into @d */
static bool xu_take_deferred(struct xu_pkg *p, struct perf_event *event,
			     struct xu_deferred *d)
{
	unsigned int i;

	for (i = 0; i < p->n_deferred; i++) {
		if (p->deferred[i].event != event)
			continue;
		*d = p->deferred[i];
		p->n_deferred--;
		memmove(&p->deferred[i], &p->deferred[i + 1],
			(p->n_deferred - i) * sizeof(*d));
		return true;
	}
	return false;
}

/**
 * xu_event_flush_samples() - write the samples of @event folded elsewhere
 * @event: the event, active on this CPU, locked
 * @regs:  the registers this CPU was interrupted at
 *
 * Oldest first, each with the time and period of its fold; those whose
 * fold found the package's list full then, at the time of this write.
 * Samples of a CPU's ring buffer may thus come after later ones: perf's
 * tools sort them by time.  Once a sample reaches the event's
 * PERF_EVENT_IOC_REFRESH limit, the later ones are dropped: they are of
 * periods past the limit.
 */
static void xu_event_flush_samples(struct perf_event *event,
				   struct pt_regs *regs)
{
	struct xu_pkg *p = xu_box_pkg(xu_event_box(event));
	unsigned int n = xu_samples_pending(event);
	struct xu_deferred d;
	bool stop = false, got;

	xu_set_samples_pending(event, 0);
	while (n--) {
		got = xu_take_deferred(p, event, &d);
		if (!stop)
			stop = xu_event_emit(event, regs, true, got ? &d : NULL);
	}
}

/**
 * xu_event_overflow() - a counter of @event overflowed: fold and re-arm
 * @event: the event, locked
 * @exact: a status bit of this counter says so; without one (a box whose
 *	   only status is its summary bit) every counter of the box comes
 *	   here, and a counting event's fold takes the values alone
 *	   (modulo the width)
 *
 * The part of an overflow that needs the package frozen: folds the count
 * and, for a sampling event, re-arms its period and throttles it beyond
 * the sample rate.  Register accesses only, and arithmetic: the walk
 * calls it before it unfreezes the package, and leaves the sample to
 * xu_event_overflow_sample() after, so that counting events on the
 * package do not stand still while perf writes it.
 *
 * Return: true if a sample of the period that ended (hwc->last_period)
 * is owed.
 */
bool xu_event_overflow(struct perf_event *event, bool exact)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;
	u64 ended = xu_event_period(event);

	/* a counter without the PMI enable froze nothing: no wrap to add */
	__xu_event_update(event, exact && !is_sampling_event(event) &&
			  (event->hw.config & box->pmu->type->ctl_pmi));
	if (!is_sampling_event(event))
		return false;

	/*
	 * Adjust only when a period ended: a status bit for a counter that
	 * did not reach its period (a bit left by an earlier owner of the
	 * counter, a box whose report is a guess, the half-range re-arm of
	 * a long period) measured no period, and adjusting on it would take
	 * the events since the last adjustment for a whole period's
	 */
	if (event->attr.freq && (local64_read(&hwc->period_left) <= 0 ||
				 xu_sample_owed(event)))
		xu_adjust_freq(event);
	/* a period that ended at the last start is sampled here */
	if (!xu_set_period(event) && !xu_sample_owed(event))
		return false;
	xu_set_sample_owed(event, false);
	/* the sample is of the period that ended, not of the one adjusted to */
	hwc->last_period = ended;
	if (xu_throttle(event)) {
		__xu_event_stop(event, 0);
		irq_work_queue(&box->unthrottle_work);
	}
	return true;
}

/**
 * xu_event_overflow_sample() - write the sample xu_event_overflow() owes
 * @event: the event, locked, the package still locked since that call
 * @regs:  the interrupted registers
 *
 * On whichever CPU of the package walks.  perf's ring buffer has one
 * writer per CPU, the CPU the event is active on (perf_event_set_output()
 * refuses to share a buffer across CPUs for that reason): the sample is
 * written here only on that CPU, and otherwise left to
 * xu_deliver_samples() there, which the package's forward_work brings
 * about (an NMI cannot send an irq_work to another CPU), with the time of
 * the fold here (xu_defer_sample()).
 */
void xu_event_overflow_sample(struct perf_event *event, struct pt_regs *regs)
{
	if (READ_ONCE(event->oncpu) != smp_processor_id()) {
		xu_defer_sample(event, event->hw.last_period);
		return;
	}
	/* the samples walks elsewhere folded before this one come first */
	if (xu_samples_pending(event))
		xu_event_flush_samples(event, regs);
	xu_event_emit(event, regs, false, NULL);
}

/**
 * xu_event_del_samples() - an event leaves its box (pmu::del)
 * @event: the event, locked, on the CPU it is active on
 *
 * Writes the samples walks on other CPUs folded for it and this CPU has
 * not written yet, before perf frees the event or moves it to another
 * CPU (CPU hotplug), with the times of their folds; no entry of the
 * package's list outlives the event's stay in the box.
 */
void xu_event_del_samples(struct perf_event *event)
{
	struct xu_pkg *p = xu_box_pkg(xu_event_box(event));
	struct xu_deferred d;
	struct pt_regs regs;

	if (!xu_samples_pending(event))
		return;
	/* perf core runs pmu::del on the event's CPU only (event_sched_out()) */
	if (!WARN_ON_ONCE(READ_ONCE(event->oncpu) != smp_processor_id())) {
		perf_fetch_caller_regs(&regs);
		xu_pkg_walk_begin(p);
		xu_event_flush_samples(event, &regs);
		xu_pkg_walk_end(p);
		return;
	}
	xu_set_samples_pending(event, 0);
	while (xu_take_deferred(p, event, &d))
		;
}

/**
 * xu_deliver_samples() - write the samples walks on other CPUs left
 * @box:  a box of the package, locked
 * @regs: the registers this CPU was interrupted at
 *
 * Writes the pending samples of the box's events that are active on this
 * CPU (xu_event_flush_samples()).  An event still active on another CPU
 * is one perf is moving here (CPU hotplug): its pmu::del on that CPU
 * writes them there (xu_event_del_samples()).
 */
static void xu_deliver_samples(struct xu_box *box, struct pt_regs *regs)
{
	unsigned int i, cpu = smp_processor_id();

	for (i = 0; i < box->n_events; i++) {
		struct perf_event *event = box->events[i];

		if (xu_samples_pending(event) && READ_ONCE(event->oncpu) == cpu)
			xu_event_flush_samples(event, regs);
	}
}

/*
 * On a CPU whose walk folded samples of events active on another CPU:
 * send their delivery there, as an IPI, which an NMI cannot send.  A
 * delivery still queued will write these samples too: it counts them
 * only once it holds the package lock.
 */
static void xu_samples_forward(struct irq_work *work)
{
	struct xu_pkg *p = container_of(work, struct xu_pkg, forward_work);
	int cpu = READ_ONCE(p->uc->pmus[0].boxes[p->id].cpu);

	if (cpu < 0)
		return;
	WRITE_ONCE(p->uc->samples_sent, true);
	smp_call_function_single_async(cpu, &p->deliver_csd);
}

/*
 * On the package's collecting CPU, the one its events are active on, in
 * interrupt context: write the samples that walks on other CPUs folded.
 * Those of an event perf is moving here (hotplug) are written by its
 * pmu::del where it was: sending them on would only bring the csd back
 * here until the move.
 */
static void xu_samples_deliver(void *info)
{
	struct xu_pkg *p = info;
	struct xu_uncore *uc = p->uc;
	struct pt_regs caller, *regs = get_irq_regs();
	unsigned int i;

	if (!regs) {
		perf_fetch_caller_regs(&caller);
		regs = &caller;
	}
	xu_pkg_lock(p);
	xu_pkg_walk_begin(p);
	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[p->id];

		if (xu_box_here(box))
			xu_deliver_samples(box, regs);
	}
	xu_pkg_walk_end(p);
	xu_pkg_unlock(p);
}

/**
 * xu_pkg_samples_init() - set up the delivery of a package's deferred samples
 * @p: the package
 */
void xu_pkg_samples_init(struct xu_pkg *p)
{
	p->forward_work = IRQ_WORK_INIT_HARD(xu_samples_forward);
	INIT_CSD(&p->deliver_csd, xu_samples_deliver, p);
}

/**
 * xu_samples_sync() - wait for every delivery of deferred samples under way
 * @uc: the uncore, on its way out: no walk can send one now
 *
 * A delivery IPI still out uses the package.  Its target unlocks an async
 * csd before it calls the function, with interrupts off from before the
 * unlock to after the call: once every csd is unlocked, a grace period
 * waits out the calls that unlocking began.
 */
void xu_samples_sync(struct xu_uncore *uc)
{
	unsigned int pkg;

	for (pkg = 0; pkg < uc->num_pkgs; pkg++)
		irq_work_sync(&uc->pkgs[pkg].forward_work);
	for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
		call_single_data_t *csd = &uc->pkgs[pkg].deliver_csd;

		/* pairs with the release of csd_unlock() */
		while (smp_load_acquire(&csd->node.u_flags) & CSD_FLAG_LOCK)
			cpu_relax();
	}
	/* (none sent: no call can be under way; the irq_works are done) */
	if (READ_ONCE(uc->samples_sent))
		synchronize_rcu();
	WRITE_ONCE(uc->samples_sent, false);
}
