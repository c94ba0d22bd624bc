// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon-uncore core: what perf sees of an uncore.  Its PMUs and their
 * callbacks (event_init, add, del, start, stop, read, the transactions
 * and pmu_enable/pmu_disable), the boxes of each package, and registering
 * it all.  The top of the driver's layers: a package's collecting CPU
 * under hotplug and its boxes around a sleep are pkg.c's, an event's
 * counter state event.c's, its validation and placement sched.c's, the
 * overflow interrupt pmi.c's.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <linux/bitops.h>
#include <linux/cpuhotplug.h>
#include <linux/irq_work.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/topology.h>

#include "compat.h"
#include "core.h"
#include "event.h"
#include "io.h"
#include "pkg.h"
#include "pmi.h"
#include "sample.h"
#include "sched.h"

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct xu_pmu *xp = to_xu_pmu(dev_get_drvdata(dev));

	return cpumap_print_to_pagebuf(true, buf, &xp->uncore->cpumask);
}
static DEVICE_ATTR_RO(cpumask);

/* Which platform the uncore is: its struct xu_platform's name */
static ssize_t platform_show(struct device *dev, struct device_attribute *attr,
			     char *buf)
{
	struct xu_pmu *xp = to_xu_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%s\n", xp->uncore->plat->name);
}
static DEVICE_ATTR_RO(platform);

static struct attribute *xu_pmu_attrs[] = {
	&dev_attr_cpumask.attr,
	&dev_attr_platform.attr,
	NULL
};

static const struct attribute_group xu_pmu_group = {
	.attrs = xu_pmu_attrs,
};

static struct xu_box *xu_this_box(struct pmu *pmu)
{
	struct xu_pmu *xp = to_xu_pmu(pmu);

	return &xp->boxes[topology_logical_package_id(smp_processor_id())];
}

/*
 * perf brackets every change of a PMU's events with pmu_disable and
 * pmu_enable (event_sched_out() each pmu::del, event_sched_in() each
 * pmu::add; perf_rotate_context(), its multiplexing, takes every flexible
 * event off and puts them back in a new order inside one), and calls the
 * driver for the outermost bracket of a CPU only.  Inside the bracket of
 * the CPU that opened the box's (a group's PERF_PMU_TXN_ADD counts as
 * one), pmu::del leaves a counting event's counter counting
 * (__xu_event_leave()) for the event to take back; the end of that
 * bracket stops the counters nobody took back.  perf promises that a
 * group's events count over one span: the first counter of a group's
 * event to stop or start in the bracket freezes the box
 * (xu_box_freeze_for_group()) and the end of the group's transaction or
 * of the bracket unfreezes it, so that the group's counters stop, and
 * start, at one instant.
 * Brackets of other CPUs
 * of the package (which have no event of the box) are not counted.  A
 * bracket that changes nothing costs no register access.  Locked.
 */
static void xu_bracket_open(struct xu_box *box)
{
	if (!box->disabled)
		box->bracket_cpu = smp_processor_id();
	if (box->bracket_cpu == smp_processor_id())
		box->disabled++;
}

static void xu_bracket_close(struct xu_box *box)
{
	if (!box->disabled || box->bracket_cpu != smp_processor_id())
		return;
	if (box->disabled > 1) {
		box->disabled--;
		return;
	}
	xu_box_release_lingering(box);
	box->disabled = 0;
	if (box->frozen)
		box->frozen = !xu_box_thaw(box);
}

static void xu_pmu_disable(struct pmu *pmu)
{
	struct xu_box *box = xu_this_box(pmu);
	struct xu_pkg *p = xu_box_pkg(box);

	xu_pkg_lock(p);
	xu_bracket_open(box);
	xu_pkg_unlock(p);
}

static void xu_pmu_enable(struct pmu *pmu)
{
	struct xu_box *box = xu_this_box(pmu);
	struct xu_pkg *p = xu_box_pkg(box);

	xu_pkg_lock(p);
	xu_bracket_close(box);
	xu_pkg_unlock(p);
}

static void xu_event_start(struct perf_event *event, int flags)
{
	struct xu_pkg *p = xu_box_pkg(xu_event_box(event));

	xu_pkg_lock(p);
	/* perf restarts a throttled event at its tick (frequency mode) */
	xu_event_throttle_clear(event);
	__xu_event_start(event, flags);
	xu_pkg_unlock(p);
}

static void xu_event_stop(struct perf_event *event, int flags)
{
	struct xu_pkg *p = xu_box_pkg(xu_event_box(event));

	xu_pkg_lock(p);
	/*
	 * perf stopped it: a throttled event stays stopped until perf
	 * starts it, or the unthrottle timer would start it behind perf's
	 * back and perf's next start would find it running
	 */
	xu_event_throttle_clear(event);
	__xu_event_stop(event, flags);
	xu_pkg_unlock(p);
}

static bool xu_txn_add_here(const struct xu_box *box);

static int __xu_event_add(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	int assign[XU_MAX_COUNTERS];
	unsigned int i, n = box->n_events;

	const struct xu_box_type *t = box->pmu->type;
	u8 alts[XU_MAX_COUNTERS];
	struct xu_claims cl;
	int alt;

	if (n == xu_num_ctrs(t))
		return -EINVAL;
	/*
	 * A sub-register value another event of the box holds, in every
	 * placement: perf multiplexes
	 */
	for (i = 0; i < n; i++)
		alts[i] = box->events[i]->hw.extra_reg.idx;
	alt = xu_place(t, event, box->events, alts, n, &cl);
	if (alt < 0)
		return alt;
	/* a counter left counting for its control is preferred, as its own */
	event->hw.idx = xu_ctr_lingering(box, event, cl.ctl);
	box->events[n] = event;
	if (xu_assign(t, box->events, n + 1, assign)) {
		event->hw.idx = -1;
		return -EINVAL;
	}
	box->n_events = n + 1;
	event->hw.extra_reg.idx = alt;
	event->hw.config = cl.ctl;
	/* before anything below can arm its counter */
	xu_pmi_event_add(box, event);

	/* Move the events the new one displaced: stop all, then restart */
	for (i = 0; i < n; i++) {
		struct perf_event *ev = box->events[i];

		if (ev->hw.idx != assign[i] && !(ev->hw.state & PERF_HES_STOPPED)) {
			__xu_event_stop(ev, PERF_EF_UPDATE);
			ev->hw.state |= PERF_HES_ARCH;
		}
	}
	for (i = 0; i < n; i++) {
		struct perf_event *ev = box->events[i];

		ev->hw.idx = assign[i];
		if (ev->hw.state & PERF_HES_ARCH) {
			ev->hw.state &= ~PERF_HES_ARCH;
			__xu_event_start(ev, PERF_EF_RELOAD);
		}
	}

	event->hw.idx = assign[n];
	event->hw.state = PERF_HES_UPTODATE | PERF_HES_STOPPED;
	xu_event_throttle_clear(event);
	xu_freq_start(event);
	event->hw.flags &= ~XU_HWF_START_AT_COMMIT;
	if ((flags & PERF_EF_START) && !__xu_event_take_over(event)) {
		/* a group's counters start together, at its transaction's end */
		if (xu_event_grouped(event) && xu_txn_add_here(box))
			event->hw.flags |= XU_HWF_START_AT_COMMIT;
		else
			__xu_event_start(event, 0);
	}
	return 0;
}

static int xu_event_add(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	struct xu_pkg *p = xu_box_pkg(box);
	int ret;

	xu_pkg_lock(p);
	ret = __xu_event_add(event, flags);
	xu_pkg_unlock(p);
	if (!ret)
		xu_pmi_watchdog_kick(box);
	return ret;
}

static void xu_event_del(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	struct xu_pkg *p = xu_box_pkg(box);
	unsigned int i;

	xu_pkg_lock(p);
	event->hw.flags &= ~XU_HWF_START_AT_COMMIT;
	/* the count folded either way: perf reads it while the event is off */
	if (!__xu_event_leave(event))
		__xu_event_stop(event, PERF_EF_UPDATE);
	xu_freq_stop(event);
	xu_event_del_samples(event);
	for (i = 0; i < box->n_events; i++) {
		if (box->events[i] == event) {
			box->events[i] = box->events[--box->n_events];
			box->events[box->n_events] = NULL;
			break;
		}
	}
	xu_pmi_event_del(box, event);
	event->hw.idx = -1;
	xu_pkg_unlock(p);
}

/*
 * perf may read an event on any CPU of its package
 * (PERF_EV_CAP_READ_ACTIVE_PKG), and from a sample of another event, in
 * the PMI walk that holds the package lock.  An NMI that finds the lock
 * taken by someone else leaves the count as it was.
 */
static void xu_event_read(struct perf_event *event)
{
	struct xu_pkg *p = xu_box_pkg(xu_event_box(event));
	bool nested = xu_pkg_walking_here(p);

	lockdep_assert_irqs_disabled();
	/*
	 * PCI accesses are not for NMI context; a PCI box's walk never runs
	 * in one, so an NMI that finds it under way interrupted it
	 */
	if (in_nmi() && xu_event_box(event)->pmu->type->access == XU_PCI)
		return;
	if (!nested) {
		if (!in_nmi())
			xu_pkg_lock(p);
		else if (!xu_pkg_trylock(p))
			return;
	}
	if (!(event->hw.state & PERF_HES_STOPPED))
		xu_event_update(event);
	if (!nested)
		xu_pkg_unlock(p);
}

/*
 * Transactions.  PERF_PMU_TXN_ADD brackets a group's adds as
 * pmu_disable/pmu_enable would: a group's events that do not take their
 * counters back are added stopped and start at the transaction's end,
 * in a frozen box unfrozen then unless a group's counter lingers (then
 * at the bracket's end): at one instant (xu_box_freeze_for_group(),
 * xu_box_group_added()).
 * PERF_PMU_TXN_READ (perf's group read, on any CPU of the package) holds
 * the package lock from the first read to the last and freezes the box
 * once, so that the group's counts are taken at one instant.
 */
struct xu_txn {
	unsigned int flags;
	struct xu_box *box;
	bool froze;
};

static DEFINE_PER_CPU(struct xu_txn, xu_txn);

/* Inside a PERF_PMU_TXN_ADD of @box on this CPU (perf's group_sched_in()) */
static bool xu_txn_add_here(const struct xu_box *box)
{
	const struct xu_txn *txn = this_cpu_ptr(&xu_txn);

	return (txn->flags & PERF_PMU_TXN_ADD) && txn->box == box;
}

static void xu_start_txn(struct pmu *pmu, unsigned int flags)
{
	struct xu_txn *txn = this_cpu_ptr(&xu_txn);
	struct xu_box *box;

	txn->flags = flags;
	txn->froze = false;
	if (!(flags & (PERF_PMU_TXN_ADD | PERF_PMU_TXN_READ)))
		return;
	lockdep_assert_irqs_disabled();
	box = xu_this_box(pmu);
	txn->box = box;
	xu_pkg_lock(xu_box_pkg(box));
	if (flags & PERF_PMU_TXN_ADD) {
		xu_bracket_open(box);
		xu_pkg_unlock(xu_box_pkg(box));
		return;
	}
	/* the group's reads nest in the lock held here (xu_event_read()) */
	xu_pkg_walk_begin(xu_box_pkg(box));
	/* a box frozen for a group's start stays so until its bracket ends */
	if (!box->frozen && box->n_active > 1 && box->pmu->type->ops->freeze) {
		box->pmu->type->ops->freeze(box);
		box->frozen = true;
		txn->froze = true;
	}
}

static void xu_end_txn(struct pmu *pmu)
{
	struct xu_txn *txn = this_cpu_ptr(&xu_txn);
	struct xu_box *box = txn->box;

	if (txn->flags & PERF_PMU_TXN_ADD) {
		xu_pkg_lock(xu_box_pkg(box));
		xu_box_group_added(box);
		xu_bracket_close(box);
		xu_pkg_unlock(xu_box_pkg(box));
	} else if (txn->flags & PERF_PMU_TXN_READ) {
		if (txn->froze)
			box->frozen = !xu_box_thaw(box);
		xu_pkg_walk_end(xu_box_pkg(box));
		xu_pkg_unlock(xu_box_pkg(box));
	}
	txn->flags = 0;
	txn->box = NULL;
}

static int xu_commit_txn(struct pmu *pmu)
{
	xu_end_txn(pmu);
	return 0;
}

static void xu_cancel_txn(struct pmu *pmu)
{
	xu_end_txn(pmu);
}

/* Is this counter's overflow report inferred rather than documented? */
static bool xu_ctr_guessed(const struct xu_pmu *xp, struct perf_event *event)
{
	const struct xu_box_type *t = xp->type;

	return (t->ov_guessed & BIT(xp->idx)) ||
	       (t->fixed_pmi_guessed && xu_event_fixed(t, event));
}

/*
 * Does @event get the PMI enable?  A sampling event does (on a counter
 * whose report is inferred, unverified: one line says so).  A counting
 * event is polled instead where its box's status cannot tell its
 * counters apart, where its overflow report is inferred (counting never
 * rests on a guess), and where the box type says so.
 */
static bool xu_event_pmi(const struct xu_pmu *xp, struct perf_event *event)
{
	const struct xu_box_type *t = xp->type;

	if (is_sampling_event(event)) {
		if (xu_ctr_guessed(xp, event))
			pr_info_ratelimited("%s: sampling here rests on an overflow report not verified on hardware (Documentation/pmu/)\n",
					    xp->name);
		return true;
	}
	if (xu_type_polled(t) || xu_ctr_guessed(xp, event))
		return false;
	return !(t->ops->count_polled && t->ops->count_polled(event));
}

static int xu_event_init(struct perf_event *event)
{
	struct xu_pmu *xp = to_xu_pmu(event->pmu);
	const struct xu_box_type *type = xp->type;
	struct perf_event_attr *attr = &event->attr;
	struct xu_box *box;
	int cpu, ret;

	if (attr->type != event->pmu->type)
		return -ENOENT;

	/* Uncore counters count for a whole package, never for a task */
	if (event->cpu < 0 || event->attach_state & PERF_ATTACH_TASK)
		return -EINVAL;

	if (is_sampling_event(event) && !(xp->uncore->pmi && type->ctl_pmi)) {
		pr_info_ratelimited("%s: sampling needs an overflow interrupt: %s\n",
				    xp->name, !xp->uncore->plat->global ?
				    xp->uncore->plat->no_pmi : xp->uncore->pmi ?
				    "this box cannot raise one" : "pmi=0 turned them off");
		return -EOPNOTSUPP;
	}
	if (attr->precise_ip || has_branch_stack(event))
		return -EOPNOTSUPP;

	ret = xu_validate_config(type, attr);
	/*
	 * The enable bit that xu_validate_config() lets through is the
	 * driver's, which sets it anyway: dropped here, nothing below sees
	 * a config the formats do not describe (a fixed counter's included)
	 */
	attr->config &= ~(type->ctl_en & XU_CFG_EN);
	if (!ret && type->ops->validate)
		ret = type->ops->validate(event);
	if (ret)
		return ret;
	/*
	 * -F above the module's limit would be throttled at every tick, and
	 * without a PERF_RECORD_THROTTLE (see xu_throttle()): refused at
	 * open instead, with the errno perf_event_open() gives a sample_freq
	 * above kernel.perf_event_max_sample_rate
	 */
	if (attr->freq && attr->sample_freq > xp->uncore->max_sample_rate) {
		pr_info_ratelimited("%s: sample frequency %llu is above max_sample_rate=%llu\n",
				    xp->name, attr->sample_freq,
				    xp->uncore->max_sample_rate);
		return -EINVAL;
	}

	box = &xp->boxes[topology_logical_package_id(event->cpu)];
	/*
	 * Read once: the package's last CPU may go offline from here on,
	 * storing -1 (xu_pkg_cpu_offline()).  A CPU read before that is an
	 * offline one by the time perf installs the event, which perf
	 * refuses with -ENODEV; -1 would index its per-CPU context.
	 */
	cpu = READ_ONCE(box->cpu);
	if (cpu < 0)
		return -ENODEV;
	if (!xu_box_here(box)) {
		pr_info_ratelimited("%s: package %u lacks this box's PCI function\n",
				    xp->name, box->pkg);
		return -ENODEV;
	}
	ret = xu_extra_check(box, event);
	if (ret)
		return ret;

	/* perf's limit may have changed since: follow it, without waiting */
	if (is_sampling_event(event))
		schedule_work(&xp->uncore->rate_work);
	if (attr->freq)
		xu_set_steered_period(event, event->hw.sample_period);
	xu_event_refuse_bpf(event);
	event->cpu = cpu;
	xu_set_event_home_cpu(event, cpu);
	event->pmu_private = box;
	event->event_caps |= PERF_EV_CAP_READ_ACTIVE_PKG;
	if (xu_event_fixed(type, event)) {
		event->hw.config = type->fixed_en;
	} else {
		event->hw.config = (attr->config & ~type->cfg_sw) | type->ctl_en;
		if (is_sampling_event(event))
			event->hw.config |= type->ctl_sample;
	}
	if (xp->uncore->pmi && xu_event_pmi(xp, event))
		event->hw.config |= type->ctl_pmi;
	event->hw.extra_reg.config = event->hw.config;
	event->hw.extra_reg.idx = 0;
	event->hw.idx = -1;

	return xu_validate_group(event);
}

static enum cpuhp_state xu_hp_state;

static void xu_pmu_setup(struct xu_uncore *uc, struct xu_pmu *xp,
			 const struct xu_box_type *type, unsigned int idx)
{
	unsigned int pkg;

	xp->type = type;
	xp->idx = idx;
	xp->uncore = uc;
	if (type->num_boxes == 1)
		snprintf(xp->name, sizeof(xp->name), "uncore_%s", type->name);
	else
		snprintf(xp->name, sizeof(xp->name), "uncore_%s_%u", type->name, idx);

	xp->format_group.name = "format";
	xp->format_group.attrs = type->formats;
	xp->events_group.name = "events";
	xp->events_group.attrs = type->events;
	xp->groups[0] = &xp->format_group;
	xp->groups[1] = &xu_pmu_group;
	xp->groups[2] = type->events ? &xp->events_group : NULL;

	xp->pmu = (struct pmu) {
		.module		= uc->io->owner ?: THIS_MODULE,
		.task_ctx_nr	= perf_invalid_context,
		.capabilities	= PERF_PMU_CAP_NO_EXCLUDE,
		.attr_groups	= xp->groups,
		.event_init	= xu_event_init,
		.add		= xu_event_add,
		.del		= xu_event_del,
		.start		= xu_event_start,
		.stop		= xu_event_stop,
		.read		= xu_event_read,
		.pmu_enable	= xu_pmu_enable,
		.pmu_disable	= xu_pmu_disable,
		.start_txn	= xu_start_txn,
		.commit_txn	= xu_commit_txn,
		.cancel_txn	= xu_cancel_txn,
	};
	xu_pmu_set_sampling(&xp->pmu, uc->pmi && type->ctl_pmi);

	for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
		struct xu_box *box = &xp->boxes[pkg];

		box->pmu = xp;
		box->pkg = pkg;
		box->cpu = -1;
		box->io = uc->io;
		box->io_priv = uc->io_priv;
		hrtimer_init(&box->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
		box->timer.function = xu_box_pmi(box) ? xu_unthrottle : xu_poll;
		/* hard, as the walk's (xu_pmi_pkg_init()) */
		box->unthrottle_work = IRQ_WORK_INIT_HARD(xu_unthrottle_later);
		INIT_CSD(&box->timer_csd, xu_box_timer_arm, box);
	}
}

/*
 * Is a box's timer_csd sent and not yet taken by its target?  The target
 * unlocks an async csd just before it calls the function, so a call may
 * still be under way once this is false (see xu_boxes_quiesce()).
 */
static bool xu_box_csd_busy(struct xu_box *box)
{
	/* pairs with the release of csd_unlock() */
	return smp_load_acquire(&box->timer_csd.node.u_flags) & CSD_FLAG_LOCK;
}

/*
 * Make sure no box timer, unthrottle irq_work or timer_csd of @uc runs or
 * will run, before the boxes are freed.  Process context.
 *
 * Each of them arms or hands over a box's timer only for a box with a
 * collecting CPU (xu_box_timer_elsewhere()): once every box's cpu is -1,
 * a callback that reads it neither sends the csd nor arms the timer.
 * Those that read the CPU before may have done either, the csd's own
 * function included, which can send the csd again (the target unlocks
 * it before the call).  csd_lock_wait() is not exported, so the lock is
 * polled as it polls it; the csd's function runs with interrupts off
 * from before the unlock to its return, as every csd function does (the
 * IPI, or the flush of a CPU going offline or idle), so a grace period
 * after the unlock waits it out.  A csd locked again after that was
 * sent by a call that read the old CPU: it started before the grace
 * period, which saw it end, and one more round waits for the call of
 * the csd it sent, which reads -1.  Then the timer is cancelled once
 * more, for a call that armed it.  An uncore whose boxes never had a
 * collecting CPU (the KUnit suites' private ones) never sent one.
 */
static void xu_boxes_quiesce(struct xu_uncore *uc)
{
	bool collected = false, busy;
	unsigned int i, pkg;

	for (i = 0; uc->pmus && i < uc->num_pmus; i++) {
		for (pkg = 0; uc->pmus[i].boxes && pkg < uc->num_pkgs; pkg++) {
			struct xu_box *box = &uc->pmus[i].boxes[pkg];

			collected |= box->cpu >= 0;
			WRITE_ONCE(box->cpu, -1);
			irq_work_sync(&box->unthrottle_work);
			hrtimer_cancel(&box->timer);
		}
	}
	if (!collected)
		return;
	do {
		busy = false;
		for (i = 0; i < uc->num_pmus; i++) {
			for (pkg = 0; uc->pmus[i].boxes && pkg < uc->num_pkgs; pkg++)
				while (xu_box_csd_busy(&uc->pmus[i].boxes[pkg]))
					cpu_relax();
		}
		synchronize_rcu();
		for (i = 0; i < uc->num_pmus; i++) {
			for (pkg = 0; uc->pmus[i].boxes && pkg < uc->num_pkgs; pkg++)
				busy |= xu_box_csd_busy(&uc->pmus[i].boxes[pkg]);
		}
	} while (busy);
	for (i = 0; i < uc->num_pmus; i++) {
		for (pkg = 0; uc->pmus[i].boxes && pkg < uc->num_pkgs; pkg++)
			hrtimer_cancel(&uc->pmus[i].boxes[pkg].timer);
	}
}

/**
 * xu_uncore_free() - free what xu_uncore_alloc() set up
 * @uc: the uncore, unregistered, its boxes without events
 */
void xu_uncore_free(struct xu_uncore *uc)
{
	unsigned int i, pkg;

	xu_boxes_quiesce(uc);
	for (pkg = 0; uc->pkgs && pkg < uc->num_pkgs; pkg++) {
		hrtimer_cancel(&uc->pkgs[pkg].watchdog);
		irq_work_sync(&uc->pkgs[pkg].walk_work);
	}
	/* a walk's deferred samples: on a private uncore (KUnit) too */
	if (uc->pkgs)
		xu_samples_sync(uc);
	if (uc->rate_work.func)
		cancel_work_sync(&uc->rate_work);
	xu_pci_release(uc);
	for (i = 0; uc->pmus && i < uc->num_pmus; i++)
		kfree(uc->pmus[i].boxes);
	kfree(uc->pmus);
	kfree(uc->pkgs);
	uc->pmus = NULL;
	uc->pkgs = NULL;
}
EXPORT_SYMBOL_IF_KUNIT(xu_uncore_free);

/* The most cores a package has, offline ones included; 0: no memory */
static unsigned int xu_cores_per_pkg(void)
{
	unsigned int cpu, most = 1, *n;

	n = kcalloc(topology_max_packages(), sizeof(*n), GFP_KERNEL);
	if (!n)
		return 0;
	for_each_present_cpu(cpu) {
		unsigned int pkg = topology_logical_package_id(cpu);

		if (pkg < topology_max_packages() && xu_cpu_core_first(cpu))
			most = max(most, ++n[pkg]);
	}
	kfree(n);
	return most;
}

/*
 * The boxes of type @t this machine has: those @t->present reads (at most
 * @t->num_boxes), and with @t->per_core at most one a core
 */
static unsigned int xu_type_boxes(struct xu_uncore *uc,
				  const struct xu_box_type *t,
				  unsigned int cores)
{
	unsigned int n = t->num_boxes;

	if (t->present)
		n = min(n, t->present(uc));
	return t->per_core ? min(n, cores) : n;
}

/**
 * xu_uncore_alloc() - set up @uc's PMUs and boxes without registering them
 * @uc: plat, io, io_priv, poll_ns, pmi and max_sample_rate filled in by
 *      the caller
 *
 * xu_uncore_init() starts here; the KUnit suites, which drive a private
 * simulator through the driver's own code, stop here: nothing is
 * registered with perf, no CPU collects, no NMI handler is installed, no
 * box is initialised.  The PCI boxes' functions are found (and held)
 * here, in the domain of @uc's accessors.
 *
 * Return: 0, -ENOMEM, or the errno of the PCI boxes' discovery
 * (xu_pci_discover()); free with xu_uncore_free().
 */
int xu_uncore_alloc(struct xu_uncore *uc)
{
	/* counted once, so that sizing and filling the PMUs agree */
	unsigned int cores = xu_cores_per_pkg();
	const struct xu_box_type * const *t;
	unsigned int n = 0, i, k, *nboxes;
	int ret;

	if (!cores)
		return -ENOMEM;
	/* and the boxes of each type, once, for the same reason */
	for (t = uc->plat->types; *t; t++)
		n++;
	nboxes = kcalloc(n, sizeof(*nboxes), GFP_KERNEL);
	if (!nboxes)
		return -ENOMEM;
	for (k = 0; k < n; k++)
		nboxes[k] = xu_type_boxes(uc, uc->plat->types[k], cores);
	n = 0;

	/* before the boxes pick their timer: a PMI needs the platform's */
	uc->pmi = uc->pmi && uc->plat->global;
	uc->num_pkgs = topology_max_packages();
	if (!uc->max_sample_rate)
		uc->max_sample_rate = uc->samples_per_tick * HZ ?: 10000;
	uc->samples_per_tick = DIV_ROUND_UP(uc->max_sample_rate, HZ);
	INIT_WORK(&uc->rate_work, xu_sample_rate_work);
	uc->pkgs = kcalloc(uc->num_pkgs, sizeof(*uc->pkgs), GFP_KERNEL);
	if (!uc->pkgs)
		goto nomem;
	/* set up before anything can fail: xu_uncore_free() cancels them */
	for (i = 0; i < uc->num_pkgs; i++)
		xu_pmi_pkg_init(uc, i);
	for (t = uc->plat->types, k = 0; *t; t++, k++) {
		n += nboxes[k];
		uc->walk_in_irq |= (*t)->access == XU_PCI;
	}
	uc->pmus = kcalloc(n, sizeof(*uc->pmus), GFP_KERNEL);
	if (!uc->pmus)
		goto nomem;
	uc->num_pmus = n;

	n = 0;
	for (t = uc->plat->types, k = 0; *t; t++, k++) {
		for (i = 0; i < nboxes[k]; i++, n++) {
			uc->pmus[n].boxes = kcalloc(uc->num_pkgs,
						    sizeof(struct xu_box),
						    GFP_KERNEL);
			if (!uc->pmus[n].boxes)
				goto nomem;
			xu_pmu_setup(uc, &uc->pmus[n], *t, i);
		}
	}
	kfree(nboxes);
	ret = xu_pci_discover(uc);
	if (ret) {
		xu_uncore_free(uc);
		return ret;
	}
	return 0;

nomem:
	kfree(nboxes);
	xu_uncore_free(uc);
	return -ENOMEM;
}
EXPORT_SYMBOL_IF_KUNIT(xu_uncore_alloc);

/*
 * Has any package the box?  A PCI box whose function no package has (a
 * BIOS may hide them) is not registered: it would read zero.
 */
static bool xu_pmu_here(struct xu_pmu *xp)
{
	unsigned int pkg;

	for (pkg = 0; pkg < xp->uncore->num_pkgs; pkg++)
		if (xu_box_here(&xp->boxes[pkg]))
			return true;
	pr_info("%s: no package has its PCI function (8086:%04x); not registered\n",
		xp->name, xp->type->pci_ids[xp->idx]);
	return false;
}

static void xu_unregister(struct xu_uncore *uc)
{
	unsigned int i;

	for (i = 0; i < uc->num_pmus; i++) {
		if (uc->pmus[i].registered) {
			xu_pmu_cancel_mux_timers(&uc->pmus[i].pmu);
			perf_pmu_unregister(&uc->pmus[i].pmu);
		}
		uc->pmus[i].registered = false;
	}
}

/**
 * xu_uncore_init() - register every PMU of @uc with perf
 * @uc: as for xu_uncore_alloc()
 *
 * Return: 0 or a negative errno; on error nothing stays registered.
 */
int xu_uncore_init(struct xu_uncore *uc)
{
	unsigned int i, n;
	int ret;

	ret = xu_uncore_alloc(uc);
	if (ret)
		return ret;
	/* perf's max_sample_rate, read by a worker, not through insmod's mounts */
	schedule_work(&uc->rate_work);

	/*
	 * Another driver's PMUs of these names (intel_uncore's; a PCI
	 * function bound to it is refused in xu_uncore_alloc() already):
	 * refuse before the NMI handler is installed and before the CPU
	 * hotplug callbacks write any box control under that driver's events
	 */
	for (i = 0; i < uc->num_pmus; i++) {
		ret = xu_pmu_name_free(uc->pmus[i].name);
		if (ret)
			goto free;
	}

	if (uc->pmi) {
		ret = xu_pmi_register(uc);
		if (ret)
			goto free;
	}

	/* Picks the collecting CPUs and sets up the boxes, on their packages */
	ret = cpuhp_state_add_instance(xu_hp_state, &uc->node);
	if (ret)
		goto nmi;
	/* before any event: the probe's counter must be free */
	xu_pmi_probe(uc);

	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_pmu *xp = &uc->pmus[i];

		if (!xu_pmu_here(xp))
			continue;
		ret = perf_pmu_register(&xp->pmu, xp->name, -1);
		if (ret) {
			pr_err("%s: perf_pmu_register failed: %d\n", xp->name, ret);
			goto unregister;
		}
		xp->registered = true;
	}
	xu_pkg_sleep_register(uc);
	for (i = 0, n = 0; i < uc->num_pmus; i++)
		n += uc->pmus[i].registered;
	pr_info("%u PMUs of %s on %u package(s), %s registers, overflows %s\n",
		n, uc->plat->name, uc->num_pkgs, uc->io->name,
		uc->pmi ? "by PMI" : "by polling");
	return 0;

unregister:
	xu_uncore_exit(uc);
	return ret;
nmi:
	if (uc->pmi)
		xu_pmi_unregister(uc);
free:
	xu_uncore_free(uc);
	return ret;
}

/* Did package @pkg have a collecting CPU, set up by the online callback? */
static bool xu_pkg_collected(const struct xu_uncore *uc, unsigned int pkg)
{
	unsigned int cpu;

	for_each_cpu(cpu, &uc->cpumask)
		if (topology_logical_package_id(cpu) == pkg)
			return true;
	return false;
}

void xu_uncore_exit(struct xu_uncore *uc)
{
	unsigned int cpu, pkg;

	xu_pkg_sleep_unregister(uc);
	xu_unregister(uc);

	cpuhp_state_remove_instance_nocalls(xu_hp_state, &uc->node);
	/*
	 * A collecting CPU may have gone offline since the instance went,
	 * without the callback that names another: each package is taken
	 * down on the first CPU of it online now, if it has one
	 */
	cpus_read_lock();
	for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
		for_each_online_cpu(cpu)
			if (topology_logical_package_id(cpu) == pkg)
				break;
		if (cpu < nr_cpu_ids && xu_pkg_collected(uc, pkg))
			smp_call_function_single(cpu, xu_pkg_exit, uc, true);
	}
	cpumask_clear(&uc->cpumask);
	if (uc->pmi)
		xu_pmi_cpus_exit(uc);
	cpus_read_unlock();

	if (uc->io->quiesce)
		uc->io->quiesce(uc->io_priv);
	if (uc->pmi)
		xu_pmi_unregister(uc);
	xu_uncore_free(uc);
}

int xu_core_init(void)
{
	int ret;

	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN,
				      "perf/x86/xeon_uncore:online",
				      xu_pkg_cpu_online, xu_pkg_cpu_offline);
	if (ret < 0)
		return ret;
	xu_hp_state = ret;
	return 0;
}

void xu_core_exit(void)
{
	cpuhp_remove_multi_state(xu_hp_state);
}
