// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon-uncore PMI routing: the package state of the overflow interrupt,
 * the watchdog that stands in for a lost PMI (a pinned hrtimer on the
 * collecting CPU, which walks for it, xu_pmi_walk_lost()), and the route
 * of a package's PMI to the core of its collecting CPU through the
 * platform's global box, as CPUs go offline and come back and across
 * suspend.  The walk and the NMI handler are pmi.c's.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <linux/cpu.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/topology.h>

#include <asm/irq_regs.h>

#include "event.h"
#include "pmi.h"
#include "sample.h"

/*
 * Lost PMIs in a row, no PMI arriving between them, after which the
 * package's PMIs are taken not to arrive at all
 */
#define XU_PMI_LOST_RUN		2

/*
 * The package's PMIs do not reach a CPU: its sampling events stop, at
 * once, and none starts (__xu_event_start()) until its route changes
 * (xu_pmi_route()).  Counting events go on: an overflow of theirs is
 * rare, and the watchdog folds it, charged.  Locked.  Returns true if
 * they had not been taken to be lost yet.
 */
static bool xu_pmi_pkg_lost(struct xu_uncore *uc, struct xu_pkg *p)
{
	unsigned int i;

	if (p->pmi_lost)
		return false;
	p->pmi_lost = true;
	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[p->id];

		if (xu_box_here(box) && box->n_events)
			__xu_throttle_box(box);
	}
	return true;
}

/* Does any box of the package hold an event? */
static bool xu_pkg_busy(struct xu_uncore *uc, unsigned int pkg)
{
	unsigned int i;

	for (i = 0; i < uc->num_pmus; i++)
		if (uc->pmus[i].boxes[pkg].n_events)
			return true;
	return false;
}

/*
 * A package found twice in a row frozen, with overflow status pending and
 * no walk in between, lost its PMI: walk for it.  Found so with the
 * status clear (but for bits found stuck), its PMI's walk found nothing
 * to do: unfreeze it, quietly.
 * Pinned to the collecting CPU; stops when the package has no events.
 */
static enum hrtimer_restart xu_pmi_watchdog(struct hrtimer *timer)
{
	struct xu_pkg *p = container_of(timer, struct xu_pkg, watchdog);
	struct xu_uncore *uc = p->uc;
	const struct xu_global_ops *g = uc->plat->global;
	struct xu_box *gbox = &uc->pmus[0].boxes[p->id];
	bool busy, frozen, lost = false, stop = false;
	u64 sts;

	if (topology_logical_package_id(smp_processor_id()) != p->id)
		return HRTIMER_NORESTART;
	xu_pkg_lock(p);
	busy = xu_pkg_busy(uc, p->id);
	frozen = busy && p->routed && g->frozen(gbox, p->gsts_stuck);
	/*
	 * Frozen with a clear status, too: a polled event's stop cleared its
	 * counter's bit (xu_clear_polled_overflow()) after that bit's
	 * overflow froze the package, which only a PMI enable we believe
	 * off can do, and where the global status is the boxes' summary
	 * (Xeon 7500) the PMI's walk then found nothing
	 */
	if (!frozen || g->status(gbox, &sts)) {
		/* a freeze found later began after this sight */
		if (busy && p->routed && !frozen)
			p->thawed_ns = ktime_get_mono_fast_ns();
		p->wd_walks = ~0ULL;
	} else if (p->wd_walks != p->walks) {
		p->wd_walks = p->walks;
	} else {
		/* a bit the walk finds stuck is no overflow */
		lost = sts & ~p->gsts_stuck;
		xu_pmi_walk_lost(uc, p->id, get_irq_regs(), true,
				 lost ? p->thawed_ns : 0);
		p->wd_walks = ~0ULL;
		if (lost) {
			p->lost++;
			/* in case this CPU's LVTPC is what lost it */
			xu_pmi_lvtpc_arm();
			if (++p->lost_run >= XU_PMI_LOST_RUN)
				stop = xu_pmi_pkg_lost(uc, p);
		}
	}
	xu_pkg_unlock(p);
	if (stop)
		pr_warn("package %u: %u overflow interrupts in a row did not arrive (routed to core %d); sampling stops on this package until its CPUs change, counting goes on\n",
			p->id, XU_PMI_LOST_RUN, p->pmi_core);
	else if (lost)
		pr_warn_ratelimited("package %u: an overflow interrupt was lost and left the uncore frozen; folded and unfrozen by the watchdog\n",
				    p->id);
	if (!busy)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ns_to_ktime(XU_WATCHDOG_NS));
	return HRTIMER_RESTART;
}

/**
 * xu_pmi_watchdog_kick() - make sure the watchdog of @box's package runs
 * @box: a box that just got an event, on its collecting CPU
 */
void xu_pmi_watchdog_kick(struct xu_box *box)
{
	struct xu_pkg *p = xu_box_pkg(box);

	if (box->pmu->uncore->pmi && !hrtimer_active(&p->watchdog))
		hrtimer_start(&p->watchdog, ns_to_ktime(XU_WATCHDOG_NS),
			      HRTIMER_MODE_REL_PINNED_HARD);
}

/**
 * xu_pmi_pkg_init() - set up the PMI state of one package
 * @uc:  the uncore
 * @pkg: the package
 */
void xu_pmi_pkg_init(struct xu_uncore *uc, unsigned int pkg)
{
	struct xu_pkg *p = &uc->pkgs[pkg];

	p->lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
	p->uc = uc;
	p->id = pkg;
	p->wd_walks = ~0ULL;
	p->walker = -1;
	p->pmi_core = -1;
	/*
	 * Hard: on PREEMPT_RT a plain irq_work runs in a thread with
	 * interrupts on, and a hard hrtimer taking the package lock on this
	 * CPU would then spin on it forever
	 */
	p->walk_work = IRQ_WORK_INIT_HARD(xu_pmi_walk_work);
	xu_pkg_samples_init(p);
	hrtimer_init(&p->watchdog, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	p->watchdog.function = xu_pmi_watchdog;
}

/**
 * xu_pmi_route_core() - the core a package's PMIs go to
 * @uc:   the uncore
 * @cpu:  the package's collecting CPU
 * @gone: a CPU of the package on its way offline, still online but left
 *        out, or -1
 * @reached: set to whether a CPU online takes the PMIs there
 *
 * The collecting CPU's own core if pmi_core_sel reaches it; else the
 * lowest core within reach with a CPU online, whose NMI handler takes the
 * PMIs as well (any CPU of the package walks); else, with no CPU online
 * on the cores within reach, core 0: the PMIs are then lost, and the
 * package samples nothing (xu_pmi_route()).  Under the CPU hotplug lock,
 * or with the other CPUs offline (resume): the online CPUs cannot change
 * meanwhile.
 * Beyond the field, it ranks every online CPU of the package: in process
 * context, but at resume, where the boot CPU's core is core 0.
 *
 * Return: the core's index (xu_core_index()).
 */
int xu_pmi_route_core(const struct xu_uncore *uc, unsigned int cpu, int gone,
		      bool *reached)
{
	unsigned int reach = uc->plat->global->pmi_cores;
	unsigned int pkg = topology_logical_package_id(cpu);
	unsigned int idx = xu_core_index(cpu), best = reach, c;

	*reached = true;
	if (idx < reach)
		return idx;
	for_each_online_cpu(c)
		if (c != gone && topology_logical_package_id(c) == pkg)
			best = min(best, xu_core_index(c));
	*reached = best < reach;
	return *reached ? best : 0;
}
EXPORT_SYMBOL_IF_KUNIT(xu_pmi_route_core);

/*
 * Send the PMIs of @pkg, locked, to @core (-1: nowhere), which freezes
 * it until the next walk.  A core without a CPU online to take them
 * (!@reached) stops the package's sampling (xu_pmi_pkg_lost()); any other
 * lets it sample again, as does a CPU coming or going, which makes the
 * choice again.  Returns true if the package's sampling stopped here.
 */
static bool xu_pmi_route(struct xu_uncore *uc, unsigned int pkg, int core,
			 bool reached)
{
	struct xu_pkg *p = &uc->pkgs[pkg];

	uc->plat->global->route(&uc->pmus[0].boxes[pkg], core);
	p->pmi_core = core;
	WRITE_ONCE(p->pmi_core_mask, core < 0 ? 0 : BIT_ULL(core));
	if (core < 0)
		return false;
	p->lost_run = 0;
	if (!reached)
		return xu_pmi_pkg_lost(uc, p);
	p->pmi_lost = false;
	return false;
}

/* Say why xu_pmi_route() stopped a package's sampling; not locked */
static void xu_pmi_route_lost(struct xu_pkg *p, bool stop)
{
	if (stop)
		pr_warn("package %u: its overflow interrupts can reach only cores that have no CPU online; sampling stops on this package until its CPUs change, counting goes on\n",
			p->id);
}

/**
 * xu_pmi_pkg_stop() - send the package's PMIs nowhere, on its way out
 * @uc:  the uncore
 * @pkg: the package, the caller's; process context
 *
 * Freezes the package (xu_pmi_pkg_start() unfreezes it) and cancels the
 * package's timers and pending walk, which may run on this CPU only.
 */
void xu_pmi_pkg_stop(struct xu_uncore *uc, unsigned int pkg)
{
	struct xu_pkg *p = &uc->pkgs[pkg];
	unsigned long flags;

	if (!uc->pmi)
		return;
	hrtimer_cancel(&p->watchdog);
	local_irq_save(flags);
	xu_pkg_lock(p);
	xu_pmi_route(uc, pkg, -1, false);
	p->routed = false;
	xu_pkg_unlock(p);
	local_irq_restore(flags);
	irq_work_sync(&p->walk_work);
}

/**
 * xu_pmi_pkg_start() - take the package's PMIs on this CPU
 * @uc:   the uncore
 * @core: the core to send them to, xu_pmi_route_core()'s for this CPU
 * @reached: xu_pmi_route_core()'s word on it
 *
 * On the package's new collecting CPU: routes the PMIs, walks what
 * overflowed while they went nowhere, unfreezes, and starts the watchdog
 * if the package has events.  Under the CPU hotplug lock.
 */
void xu_pmi_pkg_start(struct xu_uncore *uc, int core, bool reached)
{
	unsigned int cpu = smp_processor_id();
	unsigned int pkg = topology_logical_package_id(cpu);
	struct xu_pkg *p = &uc->pkgs[pkg];
	unsigned long flags;
	bool busy, stop;

	if (!uc->pmi)
		return;
	local_irq_save(flags);
	xu_pkg_lock(p);
	stop = xu_pmi_route(uc, pkg, core, reached);
	p->routed = true;
	xu_pmi_walk(uc, pkg, NULL, true);
	busy = xu_pkg_busy(uc, pkg);
	xu_pkg_unlock(p);
	local_irq_restore(flags);
	xu_pmi_route_lost(p, stop);
	if (busy)
		hrtimer_start(&p->watchdog, ns_to_ktime(XU_WATCHDOG_NS),
			      HRTIMER_MODE_REL_PINNED_HARD);
}

/**
 * xu_pmi_pkg_reroute() - route a package's PMIs again as a CPU comes or goes
 * @uc:   the uncore
 * @pkg:  the package, the caller's: this CPU is the one coming online,
 *        or the one going (not its collecting CPU, which
 *        xu_pmi_pkg_stop() and xu_pmi_pkg_start() move)
 * @gone: this CPU if it is going offline, else -1
 *
 * Where pmi_core_sel does not reach the collecting CPU's core, the PMIs
 * go to another core (xu_pmi_route_core()), which a CPU going offline may
 * leave with no CPU online, and a CPU coming online may make a better
 * choice.  A new core is written with the package frozen, and what
 * overflowed before is walked here at once: a PMI already sent to the old
 * core finds the status walked, and is claimed as a PMI whose walk
 * another CPU did (xu_nmi_handler()) while that CPU is still online.  A
 * PMI that reached this CPU and found the package locked left an
 * irq_work here, which the caller syncs before the CPU goes.  Process
 * context, under the CPU hotplug lock.
 */
void xu_pmi_pkg_reroute(struct xu_uncore *uc, unsigned int pkg, int gone)
{
	struct xu_pkg *p = &uc->pkgs[pkg];
	int cpu = READ_ONCE(uc->pmus[0].boxes[pkg].cpu), core;
	bool reached, stop = false;
	unsigned long flags;

	if (!uc->pmi || cpu < 0)
		return;
	core = xu_pmi_route_core(uc, cpu, gone, &reached);
	local_irq_save(flags);
	xu_pkg_lock(p);
	if (p->routed && (core != p->pmi_core || reached == p->pmi_lost)) {
		stop = xu_pmi_route(uc, pkg, core, reached);
		xu_pmi_walk(uc, pkg, NULL, true);
	}
	xu_pkg_unlock(p);
	local_irq_restore(flags);
	xu_pmi_route_lost(p, stop);
}

/**
 * xu_pmi_pkg_resume() - route the PMIs of the boot CPU's package again
 * @uc:  the uncore
 * @pkg: the package, the caller's, locked, with the other CPUs offline
 *
 * After a system sleep, which may have lost every uncore register: the
 * route, then a walk of what the sleep left, which unfreezes.
 */
void xu_pmi_pkg_resume(struct xu_uncore *uc, unsigned int pkg)
{
	bool reached;
	int core = xu_pmi_route_core(uc, uc->pmus[0].boxes[pkg].cpu, -1,
				     &reached);

	/* (the boot CPU's core is core 0, within every platform's reach) */
	xu_pmi_route(uc, pkg, core, reached);
	xu_pmi_walk(uc, pkg, NULL, true);
}
