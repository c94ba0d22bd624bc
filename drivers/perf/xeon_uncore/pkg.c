// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon-uncore packages (pkg.h): the life of a package's boxes under CPU
 * hotplug and system sleep.  Its collecting CPU, which perf's events of
 * the package run on and its PMIs are routed to, and what follows it when
 * that CPU goes; its boxes set up when its first CPU comes, folded and
 * set up again around a sleep, and taken down.  Below core.c, which
 * registers these callbacks; above pmi.c and event.c.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpuhotplug.h>
#include <linux/irq_work.h>
#include <linux/smp.h>
#include <linux/topology.h>

#include "compat.h"
#include "event.h"
#include "pkg.h"
#include "pmi.h"

static void xu_box_init_one(struct xu_box *box)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	if (!xu_box_here(box))
		return;
	box->extra_set = 0;
	if (ops->init_box && ops->init_box(box))
		pr_warn("%s: box of package %u does not answer\n",
			box->pmu->name, box->pkg);
}

static void xu_pkg_set_cpu(struct xu_uncore *uc, unsigned int pkg, int cpu)
{
	unsigned int i;

	for (i = 0; i < uc->num_pmus; i++)
		WRITE_ONCE(uc->pmus[i].boxes[pkg].cpu, cpu);
}

/*
 * A CPU of @pkg is going away; process context, on it.  Its pending
 * unthrottle irq_works hand the box timers on to the collecting CPU
 * (xu_unthrottle_later()); then the throttled events whose unthrottle
 * timer waits are restarted now.
 */
static void xu_pkg_unthrottle_now(struct xu_uncore *uc, unsigned int pkg)
{
	unsigned int i;

	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[pkg];

		irq_work_sync(&box->unthrottle_work);
		if (!xu_box_pmi(box))
			continue;
		if (hrtimer_cancel(&box->timer)) {
			local_irq_disable();
			xu_unthrottle(&box->timer);
			local_irq_enable();
		}
	}
}

/*
 * The box timers of @pkg follow its collecting CPU to @target: a poll
 * (or unthrottle) timer left on the CPU going away would be moved by
 * hotplug to any CPU, perhaps of another package, and stop there
 */
static void xu_pkg_timers_follow(struct xu_uncore *uc, unsigned int pkg,
				 unsigned int target)
{
	unsigned int i;

	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[pkg];

		if (hrtimer_cancel(&box->timer) && target < nr_cpu_ids)
			smp_call_function_single_async(target, &box->timer_csd);
	}
}

/*
 * A CPU comes online (CPUHP_AP_ONLINE_DYN, on it): the PMI's LVT entry;
 * the first CPU of a package collects it and sets its boxes up, a later
 * one may be a better core for its PMIs (xu_pmi_pkg_reroute())
 */
int xu_pkg_cpu_online(unsigned int cpu, struct hlist_node *node)
{
	struct xu_uncore *uc = hlist_entry_safe(node, struct xu_uncore, node);
	unsigned int pkg = topology_logical_package_id(cpu);
	unsigned int i;

	if (uc->pmi)
		xu_pmi_cpu_init(uc);
	if (uc->pmus[0].boxes[pkg].cpu >= 0) {
		xu_pmi_pkg_reroute(uc, pkg, -1);
		return 0;
	}

	/* The package's first CPU collects; its boxes may have lost state */
	for (i = 0; i < uc->num_pmus; i++)
		xu_box_init_one(&uc->pmus[i].boxes[pkg]);
	cpumask_set_cpu(cpu, &uc->cpumask);
	xu_pkg_set_cpu(uc, pkg, cpu);
	if (uc->pmi) {
		bool reached;
		int core = xu_pmi_route_core(uc, cpu, -1, &reached);

		xu_pmi_pkg_start(uc, core, reached);
	}
	return 0;
}

/* For xu_pkg_start_on(): the core the PMIs go to, and whether it takes them */
struct xu_pkg_start {
	struct xu_uncore *uc;
	int core;
	bool reached;
};

/* On the package's new collecting CPU */
static void xu_pkg_start_on(void *data)
{
	struct xu_pkg_start *st = data;

	xu_pmi_pkg_start(st->uc, st->core, st->reached);
}

/*
 * A CPU goes (on it, still online).  Another CPU of the package: its
 * core may be the one its PMIs go to (xu_pmi_pkg_reroute()).  The
 * collecting CPU: stop the package's PMIs (which freezes it), move the
 * events, name the new collecting CPU, then route the PMIs for it, this
 * CPU left out, and walk what overflowed meanwhile, there.  A walk a PMI
 * left here runs before the CPU goes; timers pinned to this CPU are
 * cancelled: they must not run on a CPU of another package.
 */
int xu_pkg_cpu_offline(unsigned int cpu, struct hlist_node *node)
{
	struct xu_uncore *uc = hlist_entry_safe(node, struct xu_uncore, node);
	unsigned int pkg = topology_logical_package_id(cpu);
	bool collects = cpumask_test_cpu(cpu, &uc->cpumask);
	struct xu_pkg_start st = { .uc = uc };
	unsigned int target, i;

	if (uc->pmi) {
		if (!collects)
			xu_pmi_pkg_reroute(uc, pkg, cpu);
		irq_work_sync(&uc->pkgs[pkg].walk_work);
		xu_pkg_unthrottle_now(uc, pkg);
	}
	if (!collects)
		return 0;

	xu_pmi_pkg_stop(uc, pkg);
	target = cpumask_any_but(topology_core_cpumask(cpu), cpu);
	if (target < nr_cpu_ids)
		for (i = 0; i < uc->num_pmus; i++)
			if (uc->pmus[i].registered)
				perf_pmu_migrate_context(&uc->pmus[i].pmu, cpu, target);

	cpumask_clear_cpu(cpu, &uc->cpumask);
	if (target >= nr_cpu_ids) {
		xu_pkg_set_cpu(uc, pkg, -1);
		xu_pkg_timers_follow(uc, pkg, target);
		return 0;
	}
	cpumask_set_cpu(target, &uc->cpumask);
	xu_pkg_set_cpu(uc, pkg, target);
	xu_pkg_timers_follow(uc, pkg, target);
	/* (here, not there: the choice ranks CPUs, too long with interrupts off) */
	if (uc->pmi)
		st.core = xu_pmi_route_core(uc, target, cpu, &st.reached);
	smp_call_function_single(target, xu_pkg_start_on, &st, true);
	return 0;
}

/*
 * System sleep.  The CPUs but the boot CPU go offline first, through the
 * hotplug callbacks above, and come back through them after the resume,
 * setting their packages up again.  The boot CPU's package is the one
 * left: its events are folded before the sleep, which may lose every
 * uncore register, and its boxes are set up and its events restarted
 * after it.  syscore callbacks run on the boot CPU with interrupts off.
 */
static struct xu_uncore *xu_pm_uncore;

static int xu_suspend(void)
{
	struct xu_uncore *uc = xu_pm_uncore;
	unsigned int pkg = topology_logical_package_id(smp_processor_id());
	unsigned int i, c;

	if (!uc || uc->pmus[0].boxes[pkg].cpu < 0)
		return 0;
	xu_pkg_lock(&uc->pkgs[pkg]);
	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[pkg];

		for (c = 0; c < box->n_events; c++) {
			struct perf_event *event = box->events[c];

			if (event->hw.state & PERF_HES_STOPPED)
				continue;
			__xu_event_stop(event, PERF_EF_UPDATE);
			event->hw.state |= PERF_HES_ARCH;
		}
	}
	xu_pkg_unlock(&uc->pkgs[pkg]);
	return 0;
}

static void xu_resume(void)
{
	struct xu_uncore *uc = xu_pm_uncore;
	unsigned int cpu = smp_processor_id();
	unsigned int pkg = topology_logical_package_id(cpu);
	unsigned int i, c;

	if (!uc || uc->pmus[0].boxes[pkg].cpu < 0)
		return;
	if (uc->pmi)
		xu_pmi_cpu_init(uc);
	xu_pkg_lock(&uc->pkgs[pkg]);
	for (i = 0; i < uc->num_pmus; i++)
		xu_box_init_one(&uc->pmus[i].boxes[pkg]);
	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[pkg];

		for (c = 0; c < box->n_events; c++) {
			struct perf_event *event = box->events[c];

			if (!(event->hw.state & PERF_HES_ARCH))
				continue;
			event->hw.state &= ~PERF_HES_ARCH;
			__xu_event_start(event, PERF_EF_RELOAD);
		}
	}
	if (uc->pmi)
		xu_pmi_pkg_resume(uc, pkg);
	xu_pkg_unlock(&uc->pkgs[pkg]);
}

static struct xu_syscore xu_pm = {
	.suspend	= xu_suspend,
	.resume		= xu_resume,
};

/* Take the boxes of this CPU's package down; on a CPU of it */
void xu_pkg_exit(void *data)
{
	struct xu_uncore *uc = data;
	unsigned int pkg = topology_logical_package_id(smp_processor_id());
	int i;

	xu_pkg_lock(&uc->pkgs[pkg]);
	/* Reverse order: the U-Box, which owns the global enable, goes last */
	for (i = uc->num_pmus - 1; i >= 0; i--) {
		struct xu_box *box = &uc->pmus[i].boxes[pkg];

		if (box->pmu->type->ops->exit_box && xu_box_here(box))
			box->pmu->type->ops->exit_box(box);
	}
	xu_pkg_unlock(&uc->pkgs[pkg]);
}

/* Fold and restart the boot CPU's package around a system sleep */
void xu_pkg_sleep_register(struct xu_uncore *uc)
{
	xu_pm_uncore = uc;
	xu_syscore_register(&xu_pm);
}

void xu_pkg_sleep_unregister(struct xu_uncore *uc)
{
	if (xu_pm_uncore != uc)
		return;
	xu_syscore_unregister(&xu_pm);
	xu_pm_uncore = NULL;
}
