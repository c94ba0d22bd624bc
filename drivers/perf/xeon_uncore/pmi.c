// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon-uncore overflow interrupt: the NMI handler that walks a package's
 * overflow status, folds counts, hands samples to perf, throttles and
 * steers sampling periods, and routes the package's PMI to its collecting
 * CPU.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/irq_work.h>
#include <linux/jiffies.h>
#include <linux/math64.h>
#include <linux/topology.h>

#include <asm/irq_regs.h>
#include <asm/nmi.h>

#include "uncore.h"

/* The uncore whose PMIs the NMI handler takes */
static struct xu_uncore *xu_nmi_uncore;

/* perf's mark of a throttled event, as kernel/events/core.c spells it */
#define XU_THROTTLED	(~0ULL)

/*
 * Samples of @event in the current tick beyond the limit?  perf core
 * does this in perf_event_overflow(), which modules cannot call; the
 * count lives in the same fields, so perf's own unthrottling in the tick
 * and at sched_in understands it.
 */
static bool xu_throttle(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 tick = get_jiffies_64();

	if (hwc->interrupts_seq != tick) {
		hwc->interrupts_seq = tick;
		hwc->interrupts = 0;
	}
	if (++hwc->interrupts <= xu_event_box(event)->pmu->uncore->samples_per_tick)
		return false;
	hwc->interrupts = XU_THROTTLED;
	return true;
}

/* A tick after throttling: start the box's throttled events again */
enum hrtimer_restart xu_unthrottle(struct hrtimer *timer)
{
	struct xu_box *box = container_of(timer, struct xu_box, timer);
	unsigned int i;

	for (i = 0; i < box->n_events; i++) {
		struct perf_event *event = box->events[i];

		if (event->hw.interrupts != XU_THROTTLED)
			continue;
		event->hw.interrupts = 0;
		if (event->hw.state & PERF_HES_STOPPED)
			xu_event_start(event, PERF_EF_RELOAD);
	}
	return HRTIMER_NORESTART;
}

void xu_unthrottle_later(struct irq_work *work)
{
	struct xu_box *box = container_of(work, struct xu_box, unthrottle_work);

	hrtimer_start(&box->timer, ns_to_ktime(TICK_NSEC),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

/*
 * Frequency mode (perf record -F): steer the period toward the one that
 * gives attr.sample_freq samples per second at the rate just measured,
 * an eighth of the way per sample, as perf_event_overflow() would.  The
 * tick cannot do it alone: the collecting CPU may idle with its tick
 * stopped while the uncore counts on.  The result is kept in config_base
 * for xu_event_start().
 */
static void xu_adjust_freq(struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 now = ktime_get_mono_fast_ns(), period;
	u64 ns = now - hwc->freq_time_stamp;
	s64 step;

	hwc->freq_time_stamp = now;
	if (!ns)
		return;
	period = mul_u64_u64_div_u64(hwc->last_period, NSEC_PER_SEC,
				     ns * event->attr.sample_freq) ?: 1;
	step = ((s64)(period - hwc->sample_period) + 7) / 8;
	hwc->sample_period = max_t(s64, hwc->sample_period + step, 1);
	hwc->config_base = hwc->sample_period;
}

/* A counter of @event overflowed: fold it, then sample and re-arm */
static void xu_event_overflow(struct perf_event *event, struct pt_regs *regs)
{
	struct xu_box *box = xu_event_box(event);
	struct perf_sample_data data;

	__xu_event_update(event, !is_sampling_event(event));
	if (!is_sampling_event(event))
		return;

	perf_sample_data_init(&data, 0, event->hw.last_period);
	if (event->attr.freq)
		xu_adjust_freq(event);
	if (!xu_set_period(event) || !regs)
		return;
	event->overflow_handler(event, &data, regs);
	if (xu_throttle(event)) {
		xu_event_stop(event, 0);
		irq_work_queue(&box->unthrottle_work);
	}
}

/**
 * xu_handle_pmi() - walk the overflow status of one package
 * @uc:   the uncore
 * @pkg:  the package, the caller's
 * @regs: the interrupted registers, for samples; NULL outside an NMI
 *
 * Reads the global status, then the status of each box it flags, then
 * handles each counter that box flags; clears what it handled (RW1C) and
 * unfreezes the package.  Runs in NMI context.
 *
 * Return: the number of overflowed counters, or 0 if the global status
 * flags nothing: the NMI was not the uncore's.
 */
int xu_handle_pmi(struct xu_uncore *uc, unsigned int pkg, struct pt_regs *regs)
{
	const struct xu_global_ops *g = uc->plat->global;
	struct xu_box *gbox = &uc->pmus[0].boxes[pkg];
	u64 sts, ack;
	unsigned int i, c;
	int handled = 0;

	if (g->status(gbox, &sts) || !sts)
		return 0;

	ack = sts;
	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_pmu *xp = &uc->pmus[i];
		const struct xu_box_type *t = xp->type;
		struct xu_box *box = &xp->boxes[pkg];
		u64 ov = BIT_ULL(0);
		unsigned long bits;

		if (!t->ov_summary || !(sts & t->ov_summary[xp->idx]))
			continue;
		/* a box with a status register: its bits clear the summary */
		if (t->status0) {
			ack &= ~t->ov_summary[xp->idx];
			if (xu_read(box, t->status0 + xp->idx * t->box_stride, &ov))
				continue;
		}
		bits = ov & GENMASK_ULL(t->num_counters - 1, 0);
		for_each_set_bit(c, &bits, t->num_counters) {
			if (box->active[c])
				xu_event_overflow(box->active[c], regs);
			handled++;
		}
		if (t->status0 && bits)
			xu_write(box, t->ovf0 + xp->idx * t->box_stride, bits);
	}
	if (ack)
		g->ack(gbox, ack);
	g->unfreeze(gbox);
	return max(handled, 1);
}
EXPORT_SYMBOL_NS_GPL(xu_handle_pmi, XEON_UNCORE);

static int xu_nmi_handler(unsigned int type, struct pt_regs *regs)
{
	struct xu_uncore *uc = READ_ONCE(xu_nmi_uncore);
	unsigned int cpu = smp_processor_id();

	if (!uc || !cpumask_test_cpu(cpu, &uc->cpumask))
		return NMI_DONE;
	if (!xu_handle_pmi(uc, topology_logical_package_id(cpu), regs))
		return NMI_DONE;
	return NMI_HANDLED;
}

/* On a new collecting CPU: take any overflow raised before the move */
void xu_pmi_drain(void *data)
{
	struct xu_uncore *uc = data;

	xu_handle_pmi(uc, topology_logical_package_id(smp_processor_id()),
		      get_irq_regs());
}

void xu_route_pmi(struct xu_uncore *uc, unsigned int pkg, unsigned int cpu)
{
	if (uc->plat->global)
		uc->plat->global->route(&uc->pmus[0].boxes[pkg], cpu);
}

/**
 * xu_pmi_register() - take the PMIs of @uc's packages
 * @uc: the uncore
 *
 * Return: 0 or a negative errno.
 */
int xu_pmi_register(struct xu_uncore *uc)
{
	WRITE_ONCE(xu_nmi_uncore, uc);
	return register_nmi_handler(NMI_LOCAL, xu_nmi_handler, 0, "xeon_uncore");
}

/**
 * xu_pmi_unregister() - stop taking PMIs; waits for handlers under way
 * @uc: the uncore
 */
void xu_pmi_unregister(struct xu_uncore *uc)
{
	unregister_nmi_handler(NMI_LOCAL, "xeon_uncore");
	WRITE_ONCE(xu_nmi_uncore, NULL);
}
