// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated uncore, PMI delivery, modelled on the hardware's:
 *
 * - U_MSR_PMON_GLOBAL_CTL.pmi_core_sel is a one-hot core mask, which the
 *   model decodes (sim_model_ops.pmi_cores): bit n of the field names
 *   core n of the package, 0 sends no PMI.  Core n is the package's
 *   n-th core in APIC ID order (xu_cpu_core_rank(), which
 *   ranks every present core, so a core keeps its index while its CPUs
 *   are offline, as a physical core does).  Every online CPU of a named
 *   core, each hyperthread, gets the PMI.
 * - A CPU takes the PMI through its local APIC's LVTPC: masked, the PMI
 *   is lost there; otherwise delivery masks the LVTPC (the handler has to
 *   unmask it) and the CPU gets an NMI.
 *
 * The NMI is raised by the target CPU itself, outside the simulator, so
 * it never interrupts a register access of its own CPU: the handler's
 * accesses then never wait for a socket lock that the NMI interrupted.
 * A target that raised the PMI (or finds one pending for it) in a
 * register access or in the tick takes it as it leaves the simulator,
 * before it unlocks the socket, and sends itself the NMI as soon as it
 * has, whether its interrupts are on or not, as an NMI comes
 * (sim/socket.c's sim_unlock_take()); another target takes it from an
 * IPI, which an irq_work sends (sim_pmi_take()).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hardirq.h>
#include <linux/limits.h>
#include <linux/rcupdate.h>
#include <linux/topology.h>

#include <asm/apic.h>
#include <asm/irq_vectors.h>

#include <xeon_uncore/topology.h>

#include "internal.h"

/*
 * The online CPUs of package @pkg that belong to the cores @cores names
 * (bit n for the package's core n), into @out; in hardware mode only
 * those whose IA32_DEBUGCTL has the uncore PMI enabled (hw.c)
 */
static void sim_core_cpus(struct xu_sim *sim, unsigned int pkg,
			  unsigned long cores, struct cpumask *out)
{
	unsigned int rank;
	int cpu;

	cpumask_clear(out);
	for_each_online_cpu(cpu) {
		if (topology_logical_package_id(cpu) != pkg)
			continue;
		rank = *per_cpu_ptr(sim->core_rank, cpu);
		if (READ_ONCE(sim->hw) &&
		    !READ_ONCE(per_cpu_ptr(sim->debugctl, cpu)->uncore_pmi))
			continue;
		if (rank < BITS_PER_LONG && (cores & BIT(rank)))
			__cpumask_set_cpu(cpu, out);
	}
}

/*
 * With misroute on: instead of @named, the lowest online CPU of the
 * package that @named does not hold; @named unchanged if there is none
 */
static void sim_misroute(unsigned int pkg, struct cpumask *named)
{
	int cpu;

	for_each_online_cpu(cpu) {
		if (topology_logical_package_id(cpu) != pkg ||
		    cpumask_test_cpu(cpu, named))
			continue;
		cpumask_clear(named);
		__cpumask_set_cpu(cpu, named);
		return;
	}
}

/*
 * Send the socket's pending PMIs: an IPI to each other CPU; this one takes
 * its own as it unlocks the socket.  A CPU whose IPI is still out
 * (-EBUSY) may already be past its look at @pmi_pending, so it is tried
 * again, from a new irq_work.  The lock keeps interrupts off, so a CPU
 * seen online cannot go offline meanwhile; one that went offline since
 * the PMI was raised does not take it.
 */
static void sim_pmi_work(struct irq_work *work)
{
	struct sim_socket *s = container_of(work, struct sim_socket, pmi_work);
	struct xu_sim *sim = s->sim;
	unsigned int self = smp_processor_id();
	bool again = false, gone = false;
	unsigned long flags;
	int cpu;

	sim_lock(s, &flags);
	if (!READ_ONCE(sim->deliver_pmi))
		cpumask_clear(&s->pmi_pending);	/* turned off since */
	for_each_cpu(cpu, &s->pmi_pending) {
		call_single_data_t *csd = per_cpu_ptr(sim->pmi_csd, cpu);

		if (!cpu_online(cpu)) {
			__cpumask_clear_cpu(cpu, &s->pmi_pending);
			gone = true;
		} else if (cpu == self) {
			continue;
		} else if (smp_call_function_single_async(cpu, csd)) {
			again = true;
		}
	}
	if (gone && cpumask_empty(&s->pmi_pending))
		s->pmi_done = true;
	/* no target left to take it: a freeze waiting for it lands here */
	if (cpumask_empty(&s->pmi_pending))
		sim_pmi_freeze_lands(s);
	sim_unlock_take(s, flags);
	if (again)
		irq_work_queue(&s->pmi_work);
}

/*
 * The PMI of an overflow in the handler's window (sim_unfrozen()) reaches
 * this CPU's local APIC now, as on hardware, not from an irq_work: masked,
 * it is lost; otherwise its NMI comes once the handler's returns.
 */
static void sim_pmi_now(struct sim_socket *s)
{
	unsigned int cpu = smp_processor_id();
	u32 lvt = apic->read(APIC_LVTPC);

	__cpumask_clear_cpu(cpu, &s->pmi_targets);
	if (lvt & APIC_LVT_MASKED) {
		s->lost_pmis++;
		return;
	}
	apic->write(APIC_LVTPC, lvt | APIC_LVT_MASKED);
	apic->send_IPI(cpu, NMI_VECTOR);
}

/**
 * sim_raise_pmi() - the U-Box sends its PMI
 * @s: the socket, locked; any context, NMI included
 *
 * One PMI at a time: a new overflow while one is in flight is seen by its
 * handler, which reads the status after the NMI arrives; see also
 * sim_unfreeze().
 */
void sim_raise_pmi(struct sim_socket *s)
{
	struct xu_sim *sim = s->sim;

	atomic64_inc(&sim->pmis);
	if (s->pmi_in_flight)
		return;
	s->pmi_in_flight = true;
	s->pmi_done = false;
	if (!READ_ONCE(sim->deliver_pmi))
		return;
	sim_core_cpus(sim, s->id, sim->model->ops->pmi_cores(s), &s->pmi_targets);
	if (cpumask_empty(&s->pmi_targets))
		return;
	if (READ_ONCE(sim->misroute))
		sim_misroute(s->id, &s->pmi_targets);
	if (s->pmi_now && in_nmi() &&
	    cpumask_test_cpu(smp_processor_id(), &s->pmi_targets)) {
		sim_pmi_now(s);
		if (cpumask_empty(&s->pmi_targets)) {
			s->pmi_done = true;
			return;
		}
	}
	cpumask_or(&s->pmi_pending, &s->pmi_pending, &s->pmi_targets);
	/* with the lock held, and maybe in NMI context: sent from an irq_work */
	irq_work_queue(&s->pmi_work);
}

/**
 * sim_unfreeze() - the PMI handler unfroze the package
 * @s:       the socket, locked
 * @pending: status bits are still set
 *
 * Ends the time frozen since the PMI froze it, or a freeze still waiting
 * for its PMI (an unfreeze that came first: a walk that another CPU made);
 * what the handler left in the status (an overflow after its read) needs
 * a PMI of its own, once every CPU has taken the last one.
 */
void sim_unfreeze(struct sim_socket *s, bool pending)
{
	s->freeze_pending = false;
	if (s->frozen_since) {
		/* (from 1 if it began at 0, sim_frozen_from()) */
		if (s->last_ns > s->frozen_since)
			s->frozen_ns += s->last_ns - s->frozen_since;
		s->frozen_since = 0;
	}
	/* an NMI's read (sim_access()) may stamp a little after last_ns */
	if (s->handled_since) {
		if (s->last_ns > s->handled_since)
			s->handled_ns += s->last_ns - s->handled_since;
		s->handled_since = 0;
	}
	if (pending && s->pmi_in_flight && s->pmi_done) {
		s->pmi_in_flight = false;
		sim_raise_pmi(s);
	}
}

/**
 * sim_unfrozen() - the handler's unfreeze of the package took effect
 * @s: the socket, locked; the handler's context, NMI included
 *
 * Makes the injection xu_sim_inject_at_unfreeze() armed: counters that
 * overflow right after the unfreeze, before the handler has returned.
 */
void sim_unfrozen(struct sim_socket *s)
{
	struct sim_at_unfreeze *a = &s->at_unfreeze;

	if (!a->armed)
		return;
	a->armed = false;
	s->pmi_now = true;
	s->sim->model->ops->inject(s, a->box, a->idx, a->event, a->sub, a->n);
	s->pmi_now = false;
}

/**
 * xu_sim_inject_at_unfreeze() - inject at the PMI handler's next unfreeze
 * @sim:    the simulated uncore
 * @socket: socket number
 * @box:    the box type, as for xu_sim_inject()
 * @idx:    the box's index within its type
 * @event:  the event, as for xu_sim_inject()
 * @sub:    its sub-selector, as for xu_sim_inject()
 * @n:      how many
 *
 * The next write that unfreezes the socket (Xeon 7500 / E7: sets
 * U_MSR_PMON_GLOBAL_CTL.en_all) injects the events at once, inside the
 * handler that wrote it; a PMI they raise reaches the writing CPU's LVTPC
 * then, in NMI context, instead of from an irq_work.  An overflow in the
 * window between the handler's unfreeze and its return.
 *
 * Return: 0, or -EINVAL for a socket that does not exist.
 */
int xu_sim_inject_at_unfreeze(struct xu_sim *sim, unsigned int socket,
			      const char *box, unsigned int idx,
			      unsigned int event, u64 sub, u64 n)
{
	struct sim_socket *s;
	unsigned long flags;

	s = sim_get(sim, socket, &flags);
	if (!s)
		return -EINVAL;
	strscpy(s->at_unfreeze.box, box, sizeof(s->at_unfreeze.box));
	s->at_unfreeze.idx = idx;
	s->at_unfreeze.event = event;
	s->at_unfreeze.sub = sub;
	s->at_unfreeze.n = n;
	s->at_unfreeze.armed = true;
	sim_put(s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_inject_at_unfreeze, XU_SIM_NS);

/**
 * xu_sim_lost_pmis() - PMIs lost to a masked LVTPC on a socket's CPUs
 * @sim:    the simulated uncore
 * @socket: socket number
 *
 * Return: the count, 0 for a socket that does not exist.
 */
u64 xu_sim_lost_pmis(struct xu_sim *sim, unsigned int socket)
{
	struct sim_socket *s;
	unsigned long flags;
	u64 n;

	s = sim_get(sim, socket, &flags);
	if (!s)
		return 0;
	n = s->lost_pmis;
	sim_put(s, flags);
	return n;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_lost_pmis, XU_SIM_NS);

/**
 * xu_sim_frozen() - what happened on a socket while PMIs kept it frozen
 * @sim:    the simulated uncore
 * @socket: socket number
 * @reads:  out: register reads made while a PMI kept the package frozen
 * @writes: out: register writes made so, the write that unfroze it
 *          included
 * @ns:     out: time the package spent frozen by PMIs, from each overflow
 *          that froze it to the write that unfroze it (debugfs frozen_ns);
 *          a freeze still under way adds nothing yet
 *
 * The accesses are those xu_sim_accesses() counts (MSRs, and PCI
 * configuration accesses from 0x40 up), made by anyone.  Not for NMI
 * context.
 *
 * Return: 0, or -EINVAL for a socket that does not exist (all three 0).
 */
int xu_sim_frozen(struct xu_sim *sim, unsigned int socket, u64 *reads,
		  u64 *writes, u64 *ns)
{
	struct sim_socket *s;
	unsigned long flags;

	*reads = 0;
	*writes = 0;
	*ns = 0;
	s = sim_get(sim, socket, &flags);
	if (!s)
		return -EINVAL;
	*reads = s->frozen_reads + atomic64_read(&s->nmi_frozen_reads);
	*writes = s->frozen_writes;
	*ns = s->frozen_ns;
	sim_put(s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_frozen, XU_SIM_NS);

/**
 * xu_sim_gaps() - a socket's counter gaps since the last reset
 * @sim:      the simulated uncore
 * @socket:   socket number
 * @gaps:     out: stops of a counter followed by its start (debugfs gaps,
 *            sim_ctr_track())
 * @ns:       out: their time, from the stopping write to the starting one
 * @accesses: out: the register accesses from the one to the other, both
 *            included
 *
 * Return: 0, or -EINVAL for a socket that does not exist (all three 0).
 */
int xu_sim_gaps(struct xu_sim *sim, unsigned int socket, u64 *gaps, u64 *ns,
		u64 *accesses)
{
	struct sim_socket *s;
	unsigned long flags;

	*gaps = 0;
	*ns = 0;
	*accesses = 0;
	s = sim_get(sim, socket, &flags);
	if (!s)
		return -EINVAL;
	*gaps = s->gaps;
	*ns = s->gap_ns;
	*accesses = s->gap_accesses;
	sim_put(s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_gaps, XU_SIM_NS);

/**
 * xu_sim_gaps_reset() - every socket's gaps start anew
 * @sim: the simulated uncore
 *
 * The counts go to 0, and a counter stopped now starts again without a
 * gap.
 */
void xu_sim_gaps_reset(struct xu_sim *sim)
{
	struct sim_socket *s;
	unsigned long flags;
	unsigned int i;

	for (i = 0; i < sim->sockets; i++) {
		s = sim_get(sim, i, &flags);
		if (!s)
			continue;
		memset(s->ctr_off_ns, 0, sizeof(s->ctr_off_ns));
		s->gaps = 0;
		s->gap_ns = 0;
		s->gap_accesses = 0;
		sim_put(s, flags);
	}
}
EXPORT_SYMBOL_NS_GPL(xu_sim_gaps_reset, XU_SIM_NS);

static void sim_mask_lvtpc_on(void *unused)
{
	apic->write(APIC_LVTPC, apic->read(APIC_LVTPC) | APIC_LVT_MASKED);
}

/**
 * sim_mask_lvtpc() - mask a CPU's LVTPC, as a PMI's delivery does
 * @cpu: the CPU
 *
 * Its next PMI is lost unless the driver unmasks the LVTPC first.
 *
 * Return: 0, or -ENXIO if @cpu is not online.
 */
int sim_mask_lvtpc(unsigned int cpu)
{
	return smp_call_function_single(cpu, sim_mask_lvtpc_on, NULL, true);
}

void sim_pmi_init_socket(struct sim_socket *s)
{
	init_irq_work(&s->pmi_work, sim_pmi_work);
}

int sim_pmi_init(struct xu_sim *sim)
{
	int cpu;

	sim->pmi_csd = alloc_percpu(call_single_data_t);
	sim->core_rank = alloc_percpu(unsigned int);
	if (!sim->pmi_csd || !sim->core_rank) {
		free_percpu(sim->pmi_csd);
		free_percpu(sim->core_rank);
		return -ENOMEM;
	}
	for_each_possible_cpu(cpu)
		INIT_CSD(per_cpu_ptr(sim->pmi_csd, cpu), sim_pmi_take, sim);
	/* the wiring of the cores: what a CPU that comes online later is */
	for_each_present_cpu(cpu) {
		unsigned int *rank = per_cpu_ptr(sim->core_rank, cpu);

		*rank = xu_cpu_core_rank(cpu);
	}
	return 0;
}

/* Stop delivery, then wait for every PMI under way */
void sim_pmi_quiesce(struct xu_sim *sim)
{
	unsigned long flags;
	unsigned int i;
	int cpu;

	WRITE_ONCE(sim->deliver_pmi, false);
	/*
	 * A raise that saw delivery on has queued its work once this passes;
	 * a freeze waiting for a PMI that no CPU will now take lands here
	 */
	for (i = 0; i < sim->sockets; i++) {
		sim_lock(&sim->sock[i], &flags);
		sim_pmi_freeze_lands(&sim->sock[i]);
		sim_unlock(&sim->sock[i], flags);
	}
	for (i = 0; i < sim->sockets; i++)
		irq_work_sync(&sim->sock[i].pmi_work);
	/*
	 * An IPI still out runs sim_pmi_take(), which uses @sim.  The
	 * target unlocks an async csd before it calls the function (see
	 * __flush_smp_call_function_queue()), with interrupts off from
	 * before the unlock to after the call: once every csd is unlocked,
	 * a grace period waits out the calls that unlocking began.
	 */
	for_each_possible_cpu(cpu) {
		call_single_data_t *csd = per_cpu_ptr(sim->pmi_csd, cpu);

		/* pairs with the release of csd_unlock() */
		while (smp_load_acquire(&csd->node.u_flags) & CSD_FLAG_LOCK)
			cpu_relax();
	}
	synchronize_rcu();
}

void sim_pmi_exit(struct xu_sim *sim)
{
	free_percpu(sim->pmi_csd);
	free_percpu(sim->core_rank);
}

/**
 * xu_sim_set_deliver_pmi() - turn the delivery of PMIs on or off
 * @sim: the simulated uncore
 * @on:  true: send each PMI to the CPUs pmi_core_sel names; false: only
 *       raise it (status bits, freeze, xu_sim_pmis())
 *
 * Off when a simulator is created, so that a test's private simulator
 * only counts its PMIs and never sends an NMI no handler expects; the
 * module turns it on for the simulator it attaches to the driver.  Off is
 * also for a caller that runs the handler itself, such as the PMI
 * benchmark.  A PMI raised while delivery is off stays undelivered: the
 * caller clears its status (xu_handle_pmi()) before it turns delivery
 * back on.
 *
 * Return: whether delivery was on.
 */
bool xu_sim_set_deliver_pmi(struct xu_sim *sim, bool on)
{
	return xchg(&sim->deliver_pmi, on);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_set_deliver_pmi, XU_SIM_NS);

/**
 * xu_sim_pmis() - PMIs raised so far
 * @sim: the simulated uncore
 *
 * Return: how many overflows of counters with their PMI enabled occurred.
 */
u64 xu_sim_pmis(struct xu_sim *sim)
{
	return atomic64_read(&sim->pmis);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_pmis, XU_SIM_NS);
