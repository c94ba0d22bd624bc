// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon-uncore PMI delivery, timed at load: PMIs of the driver's own on
 * each package, from a counter started just below its wrap to the
 * handler's first sight of the freeze, whose median the walks charge to
 * the PMI budget (struct xu_uncore.pmi_delivery_ns).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/kernel.h>
#include <linux/topology.h>
#include <linux/workqueue.h>

#include "io.h"
#include "pmi.h"

/*
 * A PMI's delivery: from the overflow that freezes a package to the
 * handler's first sight of it (the PMI's way to the core, the NMI's
 * entry, the NMI handlers before this one), a time the package spends
 * frozen that no walk sees.  Timed at load, with XU_PROBE_PMIS PMIs of
 * the driver's own on each package, and charged to every PMI's walk: the
 * median of a package's PMIs, of the slowest package.  The median: one
 * PMI held up by what the path does not always cost (a vCPU that did not
 * run, the simulator's tick finding the overflow late) moves it little.
 * On the hardware it leaves out the few tens of ns from the overflow to
 * the status read that follows the start (xu_pmi_probe_one()); under the
 * simulator it takes in that read's emulation, which finds the overflow.
 */
#define XU_PROBE_PMIS		9
/*
 * How long the driver waits for one of them, in ms: as long as the
 * handler looks for a PMI after its counter stopped (XU_PMI_LATE_NS)
 */
#define XU_PROBE_WAIT_MS	1000

/*
 * Raise one PMI with @box's probe counter @pr and time it.  Process
 * context, on the package's collecting CPU, no event in the package: the
 * counter, started three clocks below its wrap, overflows at once, and
 * the walk that answers its PMI stamps when the PMI was first seen
 * (struct xu_pkg.pmi_seen).  The handler looks for it while
 * pmi_events counts it, and for XU_PMI_LATE_NS after.  Without a PMI the
 * package is walked here.
 *
 * Return: the time to the first sight, in ns; -ETIME if no PMI came
 * within XU_PROBE_WAIT_MS, or the errno of a register write.
 */
static s64 xu_pmi_probe_one(struct xu_box *box, const struct xu_pmi_probe *pr)
{
	struct xu_uncore *uc = box->pmu->uncore;
	struct xu_box *gbox = &uc->pmus[0].boxes[box->pkg];
	u64 top = BIT_ULL(xu_ctr_bits(pr->type, pr->idx)), t0, t1, seen, sts;
	struct xu_pkg *p = xu_box_pkg(box);
	unsigned long flags;
	int ret;

	local_irq_save(flags);
	xu_pkg_lock(p);
	p->pmi_seen = 0;
	/* a sight stamped before this PMI could be is none of its */
	WRITE_ONCE(p->pmi_ns, 0);
	WRITE_ONCE(p->pmi_events, p->pmi_events + 1);
	ret = xu_ctr_write(box, pr->idx, top - 3);
	/*
	 * From before the start: another CPU may see the PMI before this
	 * one is back from the write (a vCPU the host does not run)
	 */
	t0 = ktime_get_mono_fast_ns();
	if (!ret)
		ret = xu_write(box, xu_ctl_reg(box, pr->idx), pr->ctl);
	xu_pkg_unlock(p);
	local_irq_restore(flags);

	/*
	 * Unlocked, so that an NMI here walks at once, as a PMI's does on the
	 * Xeon 7500.  The simulator finds an overflow at an access (or its
	 * tick): this read, after which its PMI's freeze lands; on the
	 * hardware the overflow came three clocks after the start, before
	 * it.  The PMI is timed from here, or from the start if it was
	 * seen first.
	 */
	t1 = ktime_get_mono_fast_ns();
	if (!ret)
		uc->plat->global->status(gbox, &sts);
	while (!ret && !READ_ONCE(p->pmi_seen) &&
	       ktime_get_mono_fast_ns() - t0 < XU_PROBE_WAIT_MS * NSEC_PER_MSEC)
		usleep_range(100, 200);

	local_irq_save(flags);
	xu_pkg_lock(p);
	xu_write(box, xu_ctl_reg(box, pr->idx), 0);
	xu_ctr_write(box, pr->idx, 0);
	seen = p->pmi_seen;
	if (!seen)
		xu_pmi_walk(uc, p->id, NULL, true);
	WRITE_ONCE(p->pmi_stopped, ktime_get_mono_fast_ns());
	/* the time before the count: pairs with xu_pmi_armed()'s acquire */
	smp_store_release(&p->pmi_events, p->pmi_events - 1);
	xu_pkg_unlock(p);
	local_irq_restore(flags);
	if (ret)
		return ret;
	if (!seen)
		return -ETIME;
	if (seen < t1)
		t1 = t0;
	return seen > t1 ? seen - t1 : 1;
}

/*
 * On a package's collecting CPU: the median of its PMIs, or the first
 * failure's errno
 */
static long xu_pmi_probe_pkg(void *data)
{
	struct xu_box *box = data;
	s64 ns[XU_PROBE_PMIS], t;
	unsigned int i, j;

	for (i = 0; i < XU_PROBE_PMIS; i++) {
		t = xu_pmi_probe_one(box, box->pmu->uncore->plat->probe);
		if (t <= 0)
			return t;
		/* in order */
		for (j = i; j && ns[j - 1] > t; j--)
			ns[j] = ns[j - 1];
		ns[j] = t;
	}
	return min_t(s64, ns[XU_PROBE_PMIS / 2], LONG_MAX);
}

/**
 * xu_pmi_probe() - time a PMI's delivery, at load
 * @uc: the uncore, its packages set up, no PMU registered yet
 *
 * On each package with a CPU online, with the platform's probe counter
 * (struct xu_platform.probe); the slowest package's median is charged to
 * every PMI's walk (struct xu_uncore.pmi_delivery_ns), on the packages
 * whose CPUs come online later too.  Should a package's probe raise no
 * PMI, nothing is charged, and one line says so.
 */
void xu_pmi_probe(struct xu_uncore *uc)
{
	const struct xu_pmi_probe *pr = uc->plat->probe;
	struct xu_pmu *xp = NULL;
	unsigned int i, pkg;
	long ns, most = 0;

	if (!uc->pmi || !pr)
		return;
	for (i = 0; i < uc->num_pmus && !xp; i++)
		if (uc->pmus[i].type == pr->type && !uc->pmus[i].idx)
			xp = &uc->pmus[i];
	if (!xp)
		return;
	cpus_read_lock();
	for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
		struct xu_box *box = &xp->boxes[pkg];

		if (box->cpu < 0 || !xu_box_here(box))
			continue;
		ns = work_on_cpu(box->cpu, xu_pmi_probe_pkg, box);
		if (ns == -ETIME)
			pr_warn("package %u: %s counter %u raised no overflow interrupt in %u ms; a PMI's delivery is not charged to the PMI budget\n",
				pkg, xp->name, pr->idx, XU_PROBE_WAIT_MS);
		else if (ns <= 0)
			pr_warn("package %u: %s counter %u could not be started (%ld); a PMI's delivery is not charged to the PMI budget\n",
				pkg, xp->name, pr->idx, ns);
		if (ns <= 0) {
			most = 0;
			break;
		}
		most = max(most, ns);
	}
	cpus_read_unlock();
	uc->pmi_delivery_ns = most;
	if (most)
		pr_info("a PMI's delivery takes %ld ns (the median of %u PMIs, of the slowest package), charged to each PMI's walk\n",
			most, XU_PROBE_PMIS);
}
