// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon-uncore overflow interrupt: the NMI handler; the walk of a
 * package's overflow status, which hands each overflowed counter to
 * sample.c (its fold, the re-arm of its period, its throttling and its
 * sample); the LVTPC that takes a PMI to a CPU.  The route of a
 * package's PMI and the watchdog that stands in for a lost one are
 * pmi_route.c's, the delivery timed at load pmi_probe.c's.
 *
 * Who runs what, on a package with PMIs:
 *  - the PMI is an NMI on whichever CPU(s) of the package it reached; the
 *    CPU that gets the package lock walks the overflow status, the others
 *    claim the NMI and return;
 *  - a PMI that finds the lock taken leaves the walk to an irq_work on its
 *    CPU, which runs once that CPU has interrupts on again (a CPU holds
 *    the lock only with interrupts off);
 *  - the watchdog is a pinned hrtimer on the collecting CPU, an
 *    unthrottle timer one on the CPU whose walk throttled; CPU hotplug
 *    cancels them before their CPU goes, and a timer that finds itself
 *    on another package's CPU touches nothing.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <linux/cpu.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/smp.h>
#include <linux/topology.h>

#include <asm/apic.h>
#include <asm/irq_regs.h>
#include <asm/nmi.h>

#include "compat.h"
#include "event.h"
#include "io.h"
#include "pmi.h"
#include "sample.h"

/* The uncore whose PMIs the NMI handler takes */
static struct xu_uncore *xu_nmi_uncore;

/* This CPU's core index (xu_core_index()), for the NMI handler */
static DEFINE_PER_CPU(unsigned int, xu_pmi_core_idx);
/*
 * The echoes this CPU may claim: NMIs of PMIs whose walk another CPU
 * did, or will do (below 0: this CPU claimed a PMI by the status, whose
 * walk is to come).  See xu_pmi_echo().
 */
static DEFINE_PER_CPU(atomic_t, xu_pmi_echoes);

/* The most echoes a CPU may be owed, and claim ahead of their walk */
#define XU_PMI_ECHO_MAX		2

static u64 xu_walk_stamp(void)
{
	BUILD_BUG_ON(CONFIG_NR_CPUS > XU_WALK_CPU);
	return (ktime_get_mono_fast_ns() & ~XU_WALK_CPU) | smp_processor_id();
}

/*
 * How long after the last counter that may raise a PMI stopped the NMI
 * handler still looks for one: a PMI raised just before the stop may be
 * on its way.  On hardware it takes microseconds; the simulator sends
 * it to another CPU through an irq_work and an IPI, which a loaded host
 * running the VM's vCPUs as threads can hold up far longer.  A PMI later
 * than this is reported by the kernel as an unknown NMI, and leaves the
 * LVTPC of the CPU it reached masked: the next PMI there is lost, for
 * the watchdog to stand in for.
 */
#define XU_PMI_LATE_NS		NSEC_PER_SEC

/* The LVT entry of the performance counter interrupt: NMI, unmasked */
void xu_pmi_lvtpc_arm(void)
{
	apic->write(APIC_LVTPC, APIC_DM_NMI);
}

/* Delivering a PMI masks LVTPC: did one reach this CPU since it was armed? */
static bool xu_pmi_lvtpc_masked(void)
{
	return apic->read(APIC_LVTPC) & APIC_LVT_MASKED;
}

/* Does a PMI need IA32_DEBUGCTL's enable on the cores it goes to? */
static bool xu_pmi_debugctl(const struct xu_uncore *uc)
{
	return uc->io->native && (uc->plat->features & XU_FEAT_DEBUGCTL_PMI);
}

/**
 * xu_pmi_cpu_init() - let this CPU take the uncore's PMIs
 * @uc: the uncore
 *
 * On each CPU as it comes online, and on the boot CPU at resume, before
 * it may receive a PMI: the core side's enable, and the LVT entry.
 */
void xu_pmi_cpu_init(struct xu_uncore *uc)
{
	this_cpu_write(xu_pmi_core_idx, xu_core_index(smp_processor_id()));
	if (xu_pmi_debugctl(uc))
		xu_debugctl_uncore_pmi(true);
	xu_pmi_lvtpc_arm();
}

/* Undo xu_pmi_cpu_init()'s enable on this CPU, at unload */
static void xu_pmi_cpu_exit(void *data)
{
	xu_debugctl_uncore_pmi(false);
}

/**
 * xu_pmi_cpus_exit() - undo xu_pmi_cpu_init() on every CPU, at unload
 * @uc: the uncore
 *
 * The LVT entry stays armed: the core PMU shares it.
 */
void xu_pmi_cpus_exit(struct xu_uncore *uc)
{
	if (xu_pmi_debugctl(uc))
		on_each_cpu(xu_pmi_cpu_exit, NULL, true);
}

/*
 * The second-level summary registers one walk has read (Xeon 7500: the
 * S-Boxes' S_MSR_PMON_SUMMARY), each read once
 */
#define XU_WALK_SUBS	4

/*
 * Samples one walk writes once it has unfrozen the package; beyond these,
 * before (as all of them were once)
 */
#define XU_WALK_OUT	16

/**
 * struct xu_walk - one walk of a package's overflow status
 * @regs:      the interrupted registers, for samples
 * @explained: the global status bits the boxes read so far explain
 * @ack:       those the global status must clear itself
 * @n_subs:    second-level summaries read so far
 * @sub_reg:   their addresses
 * @sub_val:   their values
 * @n_out:     samples owed (xu_event_overflow()), to write after the
 *             unfreeze
 * @out:       their events
 */
struct xu_walk {
	struct pt_regs *regs;
	u64 explained;
	u64 ack;
	unsigned int n_subs;
	u32 sub_reg[XU_WALK_SUBS];
	u64 sub_val[XU_WALK_SUBS];
	unsigned int n_out;
	struct perf_event *out[XU_WALK_OUT];
};

/* The box is under a second-level summary */
static bool xu_pmi_has_sub(const struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;

	return t->ov_sub_reg && t->ov_sub && t->ov_sub[box->pmu->idx];
}

/*
 * Does the box's second-level summary flag it?  Unknown, or @trust false
 * (the summary is not to be trusted): yes
 */
static bool xu_pmi_sub_flagged(struct xu_box *box, struct xu_walk *w,
			       bool trust)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int idx = box->pmu->idx, i;
	u32 reg;
	u64 val;

	if (!trust || !xu_pmi_has_sub(box))
		return true;
	reg = t->ov_sub_reg[idx];
	for (i = 0; i < w->n_subs; i++)
		if (w->sub_reg[i] == reg)
			return w->sub_val[i] & t->ov_sub[idx];
	if (xu_read(box, reg, &val))
		return true;
	if (w->n_subs < XU_WALK_SUBS) {
		w->sub_reg[w->n_subs] = reg;
		w->sub_val[w->n_subs++] = val;
	}
	return val & t->ov_sub[idx];
}

/*
 * A counter of @event overflowed: fold and re-arm now, frozen; its sample
 * after the unfreeze, unless it reads counters (PERF_SAMPLE_READ: the
 * values must be one snapshot with the overflow) or the walk has no room
 * left to keep it
 */
static void xu_pmi_overflow(struct xu_walk *w, struct perf_event *event,
			    bool exact)
{
	if (!xu_event_overflow(event, exact))
		return;
	if ((event->attr.sample_type & PERF_SAMPLE_READ) ||
	    w->n_out == ARRAY_SIZE(w->out))
		xu_event_overflow_sample(event, w->regs);
	else
		w->out[w->n_out++] = event;
}

/*
 * One box of the walk: its counters that overflowed, by its status
 * register, or by its summary bit @sts alone if it has none.  A box
 * under a second-level summary is read only if that summary flags it,
 * or whatever it says when @trust is false.
 * Adds the summary bits it explains to @w->explained, those the global
 * status must clear itself to @w->ack.  Returns the status bits handled.
 */
static int xu_pmi_walk_box(struct xu_box *box, u64 sts, struct xu_walk *w,
			   bool trust)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int idx = box->pmu->idx, c, n = t->num_counters;
	u64 sum = t->ov_summary[idx], fsum = t->ov_fixed ? t->ov_fixed[idx] : 0;
	u64 ov, gp, clear;
	int handled = 0;

	/* a fixed counter whose only status is its own summary bit */
	if (fsum && (sts & fsum)) {
		if (box->active[n])
			xu_pmi_overflow(w, box->active[n], true);
		w->explained |= fsum;
		w->ack |= fsum;
		handled++;
	}
	/*
	 * A box without a known summary bit is read on every walk while it
	 * has events: without, it has no overflow to fold, and is read only
	 * if a global bit stays unexplained (@trust false)
	 */
	if (sum ? !(sts & sum) : trust && !box->n_events)
		return handled;
	if (!xu_pmi_sub_flagged(box, w, trust))
		return handled;

	if (!t->status0) {
		/*
		 * The summary is the box's status.  With several counters,
		 * only its one sampling event sends overflows (see
		 * xu_type_polled()); its counting events are polled.
		 */
		for (c = 0; c < n; c++)
			if (box->active[c] &&
			    (n == 1 || is_sampling_event(box->active[c])))
				xu_pmi_overflow(w, box->active[c], n == 1);
		w->explained |= sum;
		w->ack |= sum;
		return handled + 1;
	}

	if (xu_read(box, xu_box_reg(box, t->status0), &ov))
		return handled;
	gp = GENMASK_ULL(n - 1, 0) << t->status_shift;
	clear = ov & (gp | t->fixed_status);
	for (c = 0; c < n; c++) {
		if (!(ov & BIT_ULL(c + t->status_shift)))
			continue;
		if (box->active[c])
			xu_pmi_overflow(w, box->active[c], true);
		handled++;
	}
	if (t->fixed_status && (ov & t->fixed_status)) {
		if (box->active[n])
			xu_pmi_overflow(w, box->active[n], true);
		handled++;
	}
	if (clear) {
		xu_write(box, xu_box_reg(box, t->ovf0), clear);
		w->explained |= sum;
	}
	return handled;
}

/*
 * A walk ended: hand its time to perf, and charge the time it kept the
 * package frozen to the package's PMI budget (xu_pkg_budget_charge()).
 * Spent, every sampling event of the package still running is throttled
 * until the budget allows a walk again.  Locked, after the unfreeze:
 * @frozen is the time from the PMI's overflow to the unfreeze (its
 * delivery as timed at load, xu_pmi_probe(), and from its arrival on as
 * the driver saw it), @took from the walk's start to its end.
 */
static void xu_pmi_budget(struct xu_uncore *uc, struct xu_pkg *p, u64 frozen,
			  u64 took)
{
	unsigned int i;

	xu_sample_took(took);
	if (!xu_pkg_budget_charge(p, frozen))
		return;
	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[p->id];

		if (xu_box_here(box) && box->n_events)
			__xu_throttle_box(box);
	}
}

/*
 * Read by its own status every box under a second-level summary or whose
 * report is a guess, or with @every, every box with a status of its own;
 * fold what overflowed into @w.  Returns the status bits handled.
 */
static int xu_pmi_search(struct xu_uncore *uc, unsigned int pkg,
			 struct xu_walk *w, bool every)
{
	int found = 0;
	unsigned int i;

	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[pkg];
		const struct xu_box_type *t = box->pmu->type;
		unsigned int idx = box->pmu->idx;
		u64 sum;

		if (!t->ov_summary || !t->status0 || !xu_box_here(box))
			continue;
		sum = t->ov_summary[idx];
		/* (one without a known bit was read above if it has events) */
		if ((!sum && box->n_events) ||
		    !(every || xu_pmi_has_sub(box) || (t->ov_guessed & BIT(idx))))
			continue;
		found += xu_pmi_walk_box(box, sum, w, false);
	}
	return found;
}

/*
 * Ack @bits, global status bits outside the platform's layout (struct
 * xu_global_ops.known), or with no layout, that no box explained; the
 * rest of @w->ack is acked.  Should the ack
 * leave one set, in a package still frozen, and every box not yet have
 * been read (@searched), a box may report its overflow there: every box
 * is read by its own status and the bits acked again.  One still set
 * reports no overflow the driver can clear (the Xeon 7500's status also
 * "indicates if a disable was received from one of the boxes"): it is
 * left out of every later read of the package's status, or every NMI of
 * the package would walk for it and claim the NMI.  Returns the status
 * bits handled by the search.
 */
static int xu_pmi_ack_unknown(struct xu_uncore *uc, unsigned int pkg,
			      struct xu_walk *w, u64 bits, bool searched)
{
	const struct xu_global_ops *g = uc->plat->global;
	struct xu_box *gbox = &uc->pmus[0].boxes[pkg];
	struct xu_pkg *p = &uc->pkgs[pkg];
	int found = 0;
	u64 sts;

	g->ack(gbox, bits);
	if (g->status(gbox, &sts) || !(sts & bits))
		return 0;
	if (!searched) {
		found = xu_pmi_search(uc, pkg, w, true);
		if (w->ack & ~bits)
			g->ack(gbox, w->ack & ~bits);
		g->ack(gbox, bits);
		if (g->status(gbox, &sts) || !(sts & bits))
			return found;
	}
	WRITE_ONCE(p->gsts_stuck, p->gsts_stuck | (sts & bits));
	pr_warn("package %u: global overflow status bits %#llx stay set when acked; ignored from now on\n",
		pkg, sts & bits);
	return found;
}

/* Is this CPU one that the package's PMIs go to (pmi_core_sel's)? */
static bool xu_pmi_target(struct xu_pkg *p, unsigned int cpu)
{
	unsigned int idx = per_cpu(xu_pmi_core_idx, cpu);

	return idx < 64 && (READ_ONCE(p->pmi_core_mask) & BIT_ULL(idx));
}

/*
 * A walk of overflow status begins on this CPU: its PMI went to every
 * CPU online of the routed cores, each thread of a core, and the NMI of
 * each that is not this walk's own finds nothing left to walk.  Each of
 * those CPUs may claim one echo more (xu_pmi_echo()), this one too if
 * the walk is not in its NMI (an irq_work's, the watchdog's): its NMI is
 * still to come, or it claimed it by the status.  Before the status is
 * acked: an NMI that finds it clear finds the echo granted.
 */
static void xu_pmi_echo_grant(struct xu_pkg *p)
{
	unsigned int self = smp_processor_id();
	bool own = in_nmi();
	int c;

	for_each_cpu(c, topology_core_cpumask(self))
		if (!(own && c == self) && cpu_online(c) && xu_pmi_target(p, c))
			atomic_add_unless(per_cpu_ptr(&xu_pmi_echoes, c), 1,
					  XU_PMI_ECHO_MAX);
}

/* An NMI of this CPU, a target, was claimed as a PMI by its own means */
static void xu_pmi_echo_taken(struct xu_pkg *p, unsigned int cpu)
{
	if (xu_pmi_target(p, cpu))
		atomic_add_unless(this_cpu_ptr(&xu_pmi_echoes), -1,
				  -XU_PMI_ECHO_MAX);
}

/*
 * Unfreeze the package, then the boxes whose own unfreeze waited for the
 * walk (xu_box_thaw()).  The package counts again from the write, so the
 * walk's end is stamped as the write is issued.  Stamped after it and the
 * boxes' unfreeze, with every vCPU of a simulated IVB-EP on one host
 * thread, the walks of 4 s were charged 78 ms more than the package stood
 * frozen (up to 1.7 ms a walk: a vCPU the host did not run), and the
 * budget held the socket to half its share.
 */
static void xu_pmi_unfreeze(struct xu_uncore *uc, unsigned int pkg)
{
	struct xu_pkg *p = &uc->pkgs[pkg];
	u64 now = ktime_get_mono_fast_ns();

	uc->plat->global->unfreeze(&uc->pmus[0].boxes[pkg]);
	p->thawed_ns = now;
	xu_pkg_thaw_boxes(uc, pkg);
}

/**
 * xu_pmi_walk_lost() - xu_pmi_walk(), for a freeze that no PMI ended
 * @uc:         the uncore
 * @pkg:        the package, the caller's, locked
 * @regs:       as for xu_pmi_walk()
 * @unfreeze:   as for xu_pmi_walk()
 * @lost_since: the watchdog's: the package stood frozen from then on, a
 *              time it is charged for; 0 for every other walk
 *
 * Return: as for xu_pmi_walk().
 */
int xu_pmi_walk_lost(struct xu_uncore *uc, unsigned int pkg,
		     struct pt_regs *regs, bool unfreeze, u64 lost_since)
{
	const struct xu_global_ops *g = uc->plat->global;
	struct xu_box *gbox = &uc->pmus[0].boxes[pkg];
	struct xu_pkg *p = &uc->pkgs[pkg];
	struct xu_walk w = { .regs = regs };
	u64 t0 = ktime_get_mono_fast_ns(), pmi, frozen, thawed;
	struct pt_regs caller;
	unsigned int i;
	bool searched;
	u64 sts, unknown, odd;
	int handled = 0;

	/* when the driver first saw the PMI's freeze (xu_pkg_saw_pmi()) */
	pmi = xchg(&p->pmi_ns, 0);
	thawed = p->thawed_ns;
	if (g->status(gbox, &sts))
		sts = 0;
	sts &= ~p->gsts_stuck;
	if (!sts) {
		if (unfreeze)
			xu_pmi_unfreeze(uc, pkg);
		return 0;
	}
	/*
	 * The PMI's delivery masked this CPU's LVTPC.  Unmask it before the
	 * package is unfrozen: an overflow after the unfreeze must find it
	 * armed, or its PMI is lost and the package stays frozen until the
	 * watchdog.  perf's core PMU handler does not do it for us when it
	 * has no events of its own.
	 */
	if (in_nmi())
		xu_pmi_lvtpc_arm();
	if (!w.regs) {
		perf_fetch_caller_regs(&caller);
		w.regs = &caller;
	}
	/*
	 * A walk under way, as well as one just ended, tells an NMI that
	 * finds the status clear that it may be this PMI's echo; the grant
	 * says how many echoes each CPU may claim
	 */
	WRITE_ONCE(p->last_walk, xu_walk_stamp());
	xu_pmi_echo_grant(p);
	xu_pkg_walk_begin(p);

	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_pmu *xp = &uc->pmus[i];
		const struct xu_box_type *t = xp->type;
		struct xu_box *box = &xp->boxes[pkg];

		if (!t->ov_summary || !xu_box_here(box))
			continue;
		handled += xu_pmi_walk_box(box, sts, &w, true);
	}
	/*
	 * A global bit over second-level summaries that none of the boxes
	 * they flagged explains: the summaries did not name the box that
	 * overflowed.  Read every box under them, or that box's status
	 * would stay set, and with it the freeze of its next overflow.
	 */
	if (sts & ~w.explained) {
		/* every box under such a bit, several may have overflowed */
		u64 before = w.explained;

		for (i = 0; i < uc->num_pmus; i++) {
			struct xu_box *box = &uc->pmus[i].boxes[pkg];
			const struct xu_box_type *t = box->pmu->type;

			if (!t->ov_summary || !xu_box_here(box) || !xu_pmi_has_sub(box) ||
			    !(sts & ~before & t->ov_summary[box->pmu->idx]))
				continue;
			handled += xu_pmi_walk_box(box, sts & ~before, &w, false);
		}
		if (w.explained != before)
			pr_warn_once("package %u: a second-level overflow summary did not name the box that overflowed; the box was found by its own status\n",
				     pkg);
	}
	/*
	 * Still unexplained: the box that overflowed does not report where
	 * the driver placed it (which summary a box is under is inferred for
	 * some, Documentation/pmu/), or in a bit outside the platform's
	 * layout.  Read every box under a second-level summary or whose
	 * report is a guess, whatever its bit, or its status would stay set
	 * and the package frozen at every unfreeze.  A bit outside the layout
	 * beside a known one may report no overflow at all: it is acked, and
	 * searched for only if the ack leaves it set (xu_pmi_ack_unknown()).
	 */
	unknown = g->known ? sts & ~g->known : 0;
	searched = unknown && !(sts & g->known);
	if (sts & ~w.explained & ~(searched ? 0 : unknown)) {
		int found = xu_pmi_search(uc, pkg, &w, searched);

		if (found)
			pr_warn_once("package %u: a box reported its overflow under another summary bit than the driver placed it; found by its own status\n",
				     pkg);
		handled += found;
	}
	if (unknown) {
		p->unknown_status++;
		if (unknown & ~p->gsts_seen)
			pr_warn("package %u: global overflow status %#llx has bits %#llx outside the layout the driver knows; the boxes were read by their own status, the bits acked\n",
				pkg, sts, unknown);
		p->gsts_seen |= unknown;
	}
	/* summary bits that no box explains: ack them, or they stick */
	w.ack |= sts & ~w.explained;
	handled += hweight64(sts & ~w.explained);
	if (uc->plat->features & XU_FEAT_ACK_ALL)
		w.ack |= sts;
	/*
	 * Apart: should the register refuse an unknown bit, the rest holds.
	 * Without a layout (IVB-EP's raw status), a bit no box explained
	 * is acked the same way, so that one the ack leaves set is found.
	 */
	odd = g->known ? unknown : sts & ~w.explained;
	if (w.ack & ~odd)
		g->ack(gbox, w.ack & ~odd);
	if (w.ack & odd)
		handled += xu_pmi_ack_unknown(uc, pkg, &w, w.ack & odd,
					      searched);
	xu_pmi_unfreeze(uc, pkg);
	if (lost_since) {
		/* no PMI: frozen since the package was last seen running */
		pmi = min(lost_since, t0);
	} else {
		/*
		 * A stamp from before the last walk's end is of a PMI that
		 * walk took (the other thread's, which found the package
		 * locked and waits with interrupts off for its irq_work),
		 * one older than the watchdog's two ticks another PMI's
		 */
		if (!pmi || pmi > t0 || pmi < thawed ||
		    t0 - pmi >= 2 * XU_WATCHDOG_NS)
			pmi = t0;
		WRITE_ONCE(p->pmi_seen, pmi);
	}
	/* a PMI's walk (not a route's or the watchdog's): its delivery too */
	frozen = p->thawed_ns - pmi + (unfreeze ? 0 : uc->pmi_delivery_ns);
	/* a PMI arrived: the package's route works */
	if (!unfreeze)
		p->lost_run = 0;

	for (i = 0; i < w.n_out; i++)
		xu_event_overflow_sample(w.out[i], w.regs);
	xu_pmi_budget(uc, p, frozen, ktime_get_mono_fast_ns() - t0);
	p->walks++;
	xu_pkg_walk_end(p);
	WRITE_ONCE(p->last_walk, xu_walk_stamp());
	return handled;
}

/**
 * xu_pmi_walk() - walk the overflow status of one package
 * @uc:       the uncore
 * @pkg:      the package, the caller's, locked
 * @regs:     the interrupted registers, for samples; NULL outside an
 *            interrupt
 * @unfreeze: unfreeze the package even if its status is clear (after a
 *            route, which froze it, and the watchdog's)
 *
 * Reads the global status, then the status of each box it flags (through
 * the second-level summaries, and of every box under a summary that
 * named none of them), then folds and re-arms each counter that box
 * flags; clears what it handled (RW1C), and every global status bit that
 * no box explains, and unfreezes the package.  The package stays frozen
 * only for those register accesses: the samples the overflows owe are
 * written after the unfreeze (but those that read counters).
 *
 * Return: the number of status bits handled; 0 if the global status was
 * clear (the NMI was not the uncore's).
 */
int xu_pmi_walk(struct xu_uncore *uc, unsigned int pkg, struct pt_regs *regs,
		bool unfreeze)
{
	return xu_pmi_walk_lost(uc, pkg, regs, unfreeze, 0);
}
EXPORT_SYMBOL_IF_KUNIT(xu_pmi_walk);

/**
 * xu_handle_pmi() - walk the overflow status of one package, locked
 * @uc:   the uncore
 * @pkg:  the package, the caller's
 * @regs: as for xu_pmi_walk()
 *
 * Return: as for xu_pmi_walk().
 */
int xu_handle_pmi(struct xu_uncore *uc, unsigned int pkg, struct pt_regs *regs)
{
	struct xu_pkg *p = &uc->pkgs[pkg];
	unsigned long flags;
	int n;

	local_irq_save(flags);
	xu_pkg_lock(p);
	n = xu_pmi_walk(uc, pkg, regs, false);
	xu_pkg_unlock(p);
	local_irq_restore(flags);
	return n;
}
EXPORT_SYMBOL_NS_GPL(xu_handle_pmi, XU_NS_INTERNAL);

/* The walk a PMI left when it found the package locked */
void xu_pmi_walk_work(struct irq_work *work)
{
	struct xu_pkg *p = container_of(work, struct xu_pkg, walk_work);

	if (topology_logical_package_id(smp_processor_id()) != p->id)
		return;
	xu_pkg_lock(p);
	xu_pmi_walk(p->uc, p->id, get_irq_regs(), false);
	xu_pkg_unlock(p);
}

/*
 * May @event's counter raise a PMI?  Those are the events the NMI
 * handler looks for: with none in a package, an NMI there (the core
 * PMU's, the NMI watchdog's, an IPI's) costs it no register access.
 */
static bool xu_event_armed(struct xu_box *box, struct perf_event *event)
{
	return event->hw.config & box->pmu->type->ctl_pmi;
}

/**
 * xu_pmi_event_add() - count an event the NMI handler must look for
 * @box:   its box; the package is locked
 * @event: the event, before pmu::add writes its counter's control
 *
 * The count is raised before the counter is armed, in program order on
 * the collecting CPU: the register write that arms it is a WRMSR, which
 * is serialising (the stores before it are globally visible before it
 * executes), or a configuration write, behind the locked instruction of
 * pci_lock; the simulator's behind its socket lock.  The counter's
 * overflow, and so its PMI on any CPU of the package, comes after that
 * write: the NMI reads the raised count.
 */
void xu_pmi_event_add(struct xu_box *box, struct perf_event *event)
{
	struct xu_pkg *p = xu_box_pkg(box);

	if (xu_event_armed(box, event))
		WRITE_ONCE(p->pmi_events, p->pmi_events + 1);
}

/**
 * xu_pmi_event_del() - the event's counter is stopped for good
 * @box:   its box; the package is locked
 * @event: the event, in pmu::del after its counter was stopped
 *
 * A PMI its counter raised before the stop may still be on its way, and
 * its NMI must find the handler looking: the time of the stop is written
 * before the lowered count (release), and the handler looks for
 * XU_PMI_LATE_NS after it (xu_pmi_armed()).
 */
void xu_pmi_event_del(struct xu_box *box, struct perf_event *event)
{
	struct xu_pkg *p = xu_box_pkg(box);

	if (!xu_event_armed(box, event) || WARN_ON_ONCE(!p->pmi_events))
		return;
	WRITE_ONCE(p->pmi_stopped, ktime_get_mono_fast_ns());
	/* the time before the count: pairs with xu_pmi_armed()'s acquire */
	smp_store_release(&p->pmi_events, p->pmi_events - 1);
}

/*
 * Can a PMI of package @p be on its way?  NMI context, no lock: while
 * an event whose counter may raise one is open, and XU_PMI_LATE_NS after
 * the last one stopped.  The acquire pairs with xu_pmi_event_del()'s
 * release: a count read 0 comes with the time of the stop that made it.
 */
static bool xu_pmi_armed(struct xu_pkg *p)
{
	/* pairs with xu_pmi_event_del()'s release */
	return smp_load_acquire(&p->pmi_events) ||
	       ktime_get_mono_fast_ns() - READ_ONCE(p->pmi_stopped) < XU_PMI_LATE_NS;
}

/*
 * An NMI that finds nothing to walk: the PMI of a walk that reached this
 * CPU too (both threads of the routed core)?  Claimed only on a CPU the
 * route sends the PMIs to, within XU_PMI_ECHO_NS of a walk, and only as
 * many as the walks granted it (xu_pmi_echo_grant()): one per walk, so
 * that an NMI that comes late, after the next PMI's walk, leaves that
 * PMI's own NMI a claim.  An NMI from anything else (SERR, IOCHK, a
 * watchdog's) on a CPU of the package goes on to the kernel's checks and
 * NMI_UNKNOWN handlers; one that comes to a thread of the routed core
 * before an echo due there is claimed for it, and the echo is then the
 * one reported as unknown.  Out of the window, the echoes a CPU was owed
 * lapse: theirs were lost.
 */
static bool xu_pmi_echo(struct xu_pkg *p, unsigned int cpu)
{
	u64 last = READ_ONCE(p->last_walk);
	atomic_t *echoes = this_cpu_ptr(&xu_pmi_echoes);
	int v;

	if (!xu_pmi_target(p, cpu))
		return false;
	/* (a stamp ahead of this CPU's clock is recent: s64) */
	if (!last ||
	    (s64)(ktime_get_mono_fast_ns() - (last & ~XU_WALK_CPU)) >= XU_PMI_ECHO_NS) {
		v = atomic_read(echoes);
		while (v > 0 && !atomic_try_cmpxchg(echoes, &v, 0))
			;
		return false;
	}
	return atomic_dec_if_positive(echoes) >= 0;
}

static int xu_nmi_handler(unsigned int type, struct pt_regs *regs)
{
	struct xu_uncore *uc = READ_ONCE(xu_nmi_uncore);
	unsigned int cpu = smp_processor_id(), pkg;
	struct xu_box *gbox;
	struct xu_pkg *p;
	u64 sts;
	int n;

	if (!uc)
		return NMI_DONE;
	pkg = topology_logical_package_id(cpu);
	if (pkg >= uc->num_pkgs)
		return NMI_DONE;
	gbox = &uc->pmus[0].boxes[pkg];
	if (READ_ONCE(gbox->cpu) < 0)
		return NMI_DONE;
	p = &uc->pkgs[pkg];
	/* no counter of the package can have raised a PMI */
	if (!xu_pmi_armed(p))
		return NMI_DONE;

	if (!uc->walk_in_irq && xu_pkg_trylock(p)) {
		/* a walk that found status re-armed the LVTPC before unfreezing */
		n = xu_pmi_walk(uc, pkg, regs, false);
		xu_pkg_unlock(p);
		if (n)
			return NMI_HANDLED;
	} else {
		/*
		 * This CPU, interrupted, or another one is inside the box
		 * state, or the walk will read PCI boxes, which NMI context
		 * must not (see io.c): a status read needs no lock, the walk
		 * waits for an irq_work.
		 */
		n = !uc->plat->global->status(gbox, &sts) &&
		    (sts & ~READ_ONCE(p->gsts_stuck));
		if (n) {
			/* the walk under way or to come grants it as an echo */
			xu_pmi_echo_taken(p, cpu);
			/* the package is frozen from now at the latest */
			xu_pkg_saw_pmi(p);
			irq_work_queue(&p->walk_work);
			xu_pmi_lvtpc_arm();
			return NMI_HANDLED;
		}
	}
	/*
	 * Nothing to walk.  A masked LVTPC says the NMI came through it: a
	 * PMI, and not the core PMU's, whose handler, run first, unmasks
	 * it whenever core events are active.  Else the PMI of another
	 * CPU's walk, or not an uncore PMI at all.
	 */
	if (xu_pmi_lvtpc_masked()) {
		xu_pmi_lvtpc_arm();
		xu_pmi_echo_taken(p, cpu);
		return NMI_HANDLED;
	}
	return xu_pmi_echo(p, cpu) ? NMI_HANDLED : NMI_DONE;
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
	unsigned int pkg;

	unregister_nmi_handler(NMI_LOCAL, "xeon_uncore");
	WRITE_ONCE(xu_nmi_uncore, NULL);
	for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
		hrtimer_cancel(&uc->pkgs[pkg].watchdog);
		irq_work_sync(&uc->pkgs[pkg].walk_work);
	}
	xu_samples_sync(uc);
	cancel_work_sync(&uc->rate_work);
}
