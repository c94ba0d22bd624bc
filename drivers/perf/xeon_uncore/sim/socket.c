// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated uncore, one socket whatever its model: the lock, the clock
 * and the tick timer, the register access path and the access log, and a
 * CPU's taking of the PMI at its local APIC, which every access and tick
 * that raised one for its own CPU ends with, and where the PMI's freeze
 * of the package lands (the routing is sim/pmi.c's).
 *
 * Counters advance lazily: every register access first brings the
 * socket's counters up to the current time (the model's advance), adding
 * the events of the background generator (a fixed, documented rate per
 * event) and nothing else, so a count is exact for the time its counter
 * was enabled.  Tests stop the generator or the clock and add events by
 * injection instead.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hardirq.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/smp.h>
#include <linux/topology.h>

#include <asm/apic.h>
#include <asm/irq_vectors.h>

#include <xeon_uncore/nhmex.h>
#include <xeon_uncore/snbep.h>

#include "internal.h"

/* The tick never fires sooner than this after an access */
#define SIM_TICK_MIN_NS		(10 * NSEC_PER_USEC)

/*
 * A socket's lock is taken in NMI context too, by the PMI handler's
 * register reads, which lockdep rightly refuses for a spinlock.  It is an
 * arch_spinlock_t instead, and a CPU marks the time it spends inside the
 * simulator: an NMI that arrives then fails its access with -EBUSY rather
 * than spin on a lock its own CPU may hold.  Such an NMI cannot be a
 * simulated PMI, which its target raises itself once it has released the
 * socket (sim_unlock_take()).  Any other holder releases the lock within one
 * register access.  The global status read of an NMI takes no lock at all
 * (sim_nmi_status()).
 */
static DEFINE_PER_CPU(bool, sim_busy);

/*
 * An NMI read the global status without the lock at s->nmi_read_ns (see
 * sim_access()): if the package was frozen by then, its PMI's handler had
 * the status from then on
 */
static void sim_take_nmi_read(struct sim_socket *s)
{
	u64 ns = xchg(&s->nmi_read_ns, 0);

	if (ns && s->frozen_since && !s->handled_since &&
	    ns >= s->frozen_since)
		s->handled_since = ns;
}

bool sim_lock(struct sim_socket *s, unsigned long *flags)
{
	if (in_nmi() && this_cpu_read(sim_busy))
		return false;
	local_irq_save(*flags);
	this_cpu_write(sim_busy, true);
	arch_spin_lock(&s->lock);
	sim_take_nmi_read(s);
	return true;
}

/* Release the lock; interrupts stay off */
static void __sim_unlock(struct sim_socket *s)
{
	const struct sim_model_ops *ops = s->sim->model->ops;
	u64 gsts;

	if (s->nmi_gsts && ops->gsts(s, &gsts))
		WRITE_ONCE(s->gsts_pub, gsts);
	arch_spin_unlock(&s->lock);
	this_cpu_write(sim_busy, false);
}

void sim_unlock(struct sim_socket *s, unsigned long flags)
{
	__sim_unlock(s);
	local_irq_restore(flags);
}

/**
 * sim_frozen_from() - a PMI's freeze of the package starts
 * @s:  the socket, locked
 * @ns: when, on the simulator's clock
 *
 * @s->frozen_since 0 means not frozen: a freeze at the manual clock's
 * first instant (a test's, which starts at 0) loses its first nanosecond
 * rather than the whole freeze.
 */
void sim_frozen_from(struct sim_socket *s, u64 ns)
{
	s->frozen_since = ns ?: 1;
}

/**
 * sim_pmi_freeze_now() - does an overflow's freeze take effect now?
 * @s: the socket, locked, after the overflow's sim_raise_pmi()
 *
 * On silicon the U-Box freezes the package and sends its PMI at one
 * instant, microseconds before the PMI reaches a core's local APIC.  The
 * simulator finds an overflow at an access or at its tick, on whatever
 * CPU that is, and takes its PMI there at the end of the access, or on a
 * target CPU from an IPI: tens of microseconds of emulation under TCG,
 * which a freeze from the overflow's finding on would add to the time
 * every counting user of the package misses, and which no driver can see
 * (it learns of the freeze from the NMI).  So while a PMI is on its way to
 * a CPU (@pmi_pending), the freeze waits for it: it lands where the first
 * target takes the PMI at its local APIC (sim_pmi_freeze_lands()), and
 * every counter counts on until then, the overflowing one past its wrap,
 * a skid the driver handles as it handles the tick's lateness.  Without a
 * PMI on its way (delivery off, no target, or the one in flight already
 * taken, its handler coming) the freeze takes effect now.
 *
 * Return: true if the caller freezes the package now; false if the freeze
 * waits, and @freeze_pending says so.
 */
bool sim_pmi_freeze_now(struct sim_socket *s)
{
	/* in the handler's window its CPU took the PMI at once, sim_pmi_now() */
	if (s->pmi_now) {
		s->freeze_pending = false;
		return true;
	}
	if (!s->freeze_pending && cpumask_empty(&s->pmi_pending))
		return true;
	s->freeze_pending = true;
	return false;
}

/**
 * sim_pmi_freeze_lands() - a freeze that waited for its PMI takes effect
 * @s: the socket, locked
 *
 * Where a target takes the PMI at its local APIC (sim_pmi_take_locked()),
 * masked or not, or where the last target drops it (offline, delivery
 * off): every counter first counts up to now.
 */
void sim_pmi_freeze_lands(struct sim_socket *s)
{
	if (!s->freeze_pending)
		return;
	sim_advance(s);
	s->freeze_pending = false;
	s->sim->model->ops->freeze(s);
}

/*
 * This CPU's local APIC takes the PMI pending for it, if any, with the
 * socket locked; the package's freeze lands with the first such take
 * (sim_pmi_freeze_now()).  Masked, the LVTPC loses the PMI; otherwise
 * delivery masks the LVTPC.
 *
 * Return: true if the CPU is to send itself the NMI.
 */
static bool sim_pmi_take_locked(struct sim_socket *s)
{
	unsigned int cpu = smp_processor_id();
	bool nmi = false;
	u32 lvt;

	if (!cpumask_test_cpu(cpu, &s->pmi_pending))
		return false;
	__cpumask_clear_cpu(cpu, &s->pmi_pending);
	if (cpumask_empty(&s->pmi_pending))
		s->pmi_done = true;
	/* not if delivery was turned off since (sim_pmi_quiesce()) */
	if (READ_ONCE(s->sim->deliver_pmi)) {
		lvt = apic->read(APIC_LVTPC);
		nmi = !(lvt & APIC_LVT_MASKED);
		if (nmi)
			apic->write(APIC_LVTPC, lvt | APIC_LVT_MASKED);
		else
			s->lost_pmis++;
	}
	/* the PMI reached the APIC: its freeze, if it waited, lands now */
	sim_pmi_freeze_lands(s);
	return nmi;
}

/*
 * Unlock the socket; a PMI pending for this CPU is taken on the way out.
 * Every access, tick and PMI irq_work (sim/pmi.c) ends here: one that
 * raised a PMI for its own CPU takes it before the lock is released, and
 * sends the NMI once it is (the handler's register accesses take the
 * lock) but before interrupts are on again.  On hardware the PMI reaches the core's local APIC
 * microseconds after the overflow, and its NMI comes whether interrupts
 * are on or not; a caller with interrupts off (perf's tick, which stops
 * and starts every event of a frequency-sampled context) can keep them
 * off for milliseconds under TCG, and the interrupts waiting for them
 * (the PMI's own irq_work, sim/pmi.c) would each come first, with the
 * package frozen all along.  An NMI sent from NMI context follows that
 * NMI's return.
 */
void sim_unlock_take(struct sim_socket *s, unsigned long flags)
{
	bool nmi = sim_pmi_take_locked(s);

	__sim_unlock(s);
	if (nmi)
		apic->send_IPI(smp_processor_id(), NMI_VECTOR);
	local_irq_restore(flags);
}

/**
 * sim_pmi_take() - this CPU's local APIC takes the PMI sent to it
 * @info: the simulator
 *
 * From the IPI that sim/pmi.c sends a target CPU that did not find the
 * overflow (the finder takes its own in sim_unlock_take()).  The IPI may
 * come more often than there was a PMI to take: the CPU's bit in
 * @pmi_pending says whether it has one.
 */
void sim_pmi_take(void *info)
{
	struct xu_sim *sim = info;
	unsigned int pkg = topology_logical_package_id(smp_processor_id());
	struct sim_socket *s;
	unsigned long flags;

	if (pkg >= sim->sockets)
		return;
	s = &sim->sock[pkg];
	/* (in an NMI that came inside the simulator: the IPI takes it) */
	if (!sim_lock(s, &flags))
		return;
	sim_unlock_take(s, flags);
}

u64 sim_now(struct xu_sim *sim)
{
	return READ_ONCE(sim->manual) ? READ_ONCE(sim->manual_ns) :
	       ktime_get_mono_fast_ns();
}

/*
 * Generator events of a source of @rate per second from @from over @ns
 * nanoseconds.  The source makes its events at the instants of the
 * simulator's clock where @rate * t / 10^9 reaches a whole number, the
 * same for every counter that counts it, however long each has counted:
 * two counters of one source never differ by a part of an event.
 * (The products have 128 bits; the quotients fit: 10^10 events a second
 * for a day are 10^15.)
 */
u64 sim_gen(u64 rate, u64 from, u64 ns)
{
	return mul_u64_u64_div_u64(rate, from + ns, NSEC_PER_SEC) -
	       mul_u64_u64_div_u64(rate, from, NSEC_PER_SEC);
}

/*
 * Nanoseconds from @from until that source has made @events more
 * (sim_gen()); @rate not 0, and @events at most @rate: a second at most
 */
u64 sim_gen_ns(u64 rate, u64 from, u64 events)
{
	u64 target = mul_u64_u64_div_u64(rate, from, NSEC_PER_SEC) + events;
	u64 t = mul_u64_u64_div_u64(target, NSEC_PER_SEC, rate);

	/* the first instant at which the source's count reaches @target */
	if (mul_u64_u64_div_u64(rate, t, NSEC_PER_SEC) < target)
		t++;
	return t - from;
}

/*
 * Bring the socket's counters up to now; with its lock held.  The events
 * since the counters last stood come in one step, and an overflow among
 * them takes effect now, where the simulator finds it: every counter
 * counted up to here, the overflowing one through its wrap, and the
 * freeze of its PMI starts here, or where a CPU takes the PMI if one is
 * on its way (sim_pmi_freeze_now()).  The tick is aimed at the overflow's
 * own instant (sim_next_event_at()), so that what the counters count past
 * it is the tick's lateness, a skid of microseconds on silicon; dated
 * back to the overflow, the freeze would cost every counting user the
 * timer's lateness too, which the driver can neither see nor charge.
 */
void sim_advance(struct sim_socket *s)
{
	struct xu_sim *sim = s->sim;
	u64 now = sim_now(sim), ns = now - s->last_ns;

	/*
	 * ktime_get_mono_fast_ns() may read a little earlier on one CPU than
	 * another just did across a timekeeper update: that time has passed
	 * already, and the wrapped difference would be centuries of events
	 */
	if ((s64)ns <= 0)
		return;
	s->last_ns = now;
	if (READ_ONCE(sim->generator))
		sim->model->ops->advance(s, now - ns, ns);
}

/*
 * When the generator will next overflow a counter that raises a PMI, at
 * most a second ahead: the counters only advance when the simulator is
 * touched, so the tick timer touches it then.  The instant is on the
 * simulator's clock (CLOCK_MONOTONIC), from where the counters stand
 * (@s->last_ns), not from now: the tick aims at the overflow however long
 * ago the counters were brought up to date (an access's own time, an
 * NMI's accesses that re-arm it from an irq_work).  0: no tick.
 */
static u64 sim_next_event_at(struct sim_socket *s)
{
	struct xu_sim *sim = s->sim;
	u64 ns;

	if (!READ_ONCE(sim->generator) || READ_ONCE(sim->manual))
		return 0;
	ns = sim->model->ops->next_event_ns(s);
	if (!ns)
		return 0;
	return max(s->last_ns + ns, ktime_get_mono_fast_ns() + SIM_TICK_MIN_NS);
}

/* Called with the lock held, outside NMI context */
static void sim_arm_tick(struct sim_socket *s)
{
	u64 at = sim_next_event_at(s);
	ktime_t when;

	if (!at)
		return;
	when = ns_to_ktime(at);
	if (!hrtimer_active(&s->tick) ||
	    ktime_before(when, hrtimer_get_expires(&s->tick)))
		hrtimer_start(&s->tick, when, HRTIMER_MODE_ABS);
}

static enum hrtimer_restart sim_tick(struct hrtimer *timer)
{
	struct sim_socket *s = container_of(timer, struct sim_socket, tick);
	unsigned long flags;
	u64 at;

	sim_lock(s, &flags);
	sim_advance(s);
	at = sim_next_event_at(s);
	/* under the lock, against a sim_arm_tick() that starts it meanwhile */
	if (at)
		hrtimer_set_expires(timer, ns_to_ktime(at));
	sim_unlock_take(s, flags);
	return at ? HRTIMER_RESTART : HRTIMER_NORESTART;
}

static void sim_tick_work(struct irq_work *work)
{
	struct sim_socket *s = container_of(work, struct sim_socket, tick_work);
	unsigned long flags;

	sim_lock(s, &flags);
	sim_arm_tick(s);
	sim_unlock(s, flags);
}

/**
 * sim_get() - a socket, locked and brought up to now
 * @sim:    the simulator
 * @socket: socket number
 * @flags:  out: for sim_put()
 *
 * Not for NMI context.
 *
 * Return: the socket, or NULL if it does not exist.
 */
struct sim_socket *sim_get(struct xu_sim *sim, unsigned int socket,
			   unsigned long *flags)
{
	struct sim_socket *s;

	if (socket >= sim->sockets)
		return NULL;
	s = &sim->sock[socket];
	sim_lock(s, flags);
	sim_advance(s);
	return s;
}

/* Re-arm the tick for what sim_get()'s caller changed, and unlock */
void sim_put(struct sim_socket *s, unsigned long flags)
{
	sim_arm_tick(s);
	sim_unlock(s, flags);
}

/*
 * A write of @val to @reg (an MSR, or with @pci an offset of function
 * @devfn) set bits of @rsvd, which must be 0: count and log it
 */
void sim_violation(struct sim_socket *s, bool pci, unsigned int devfn,
		   u32 reg, u64 val, u64 rsvd)
{
	if (!(val & rsvd))
		return;
	atomic64_inc(&s->sim->violations);
	if (pci)
		pr_warn_ratelimited("socket %u: reserved bits %#llx written to PCI %02x.%u offset %#x\n",
				    s->id, val & rsvd, PCI_SLOT(devfn),
				    PCI_FUNC(devfn), reg);
	else
		pr_warn_ratelimited("socket %u: reserved bits %#llx written to MSR %#x\n",
				    s->id, val & rsvd, reg);
}

/* Socket @i of a simulator being created, in its reset state */
void sim_socket_init(struct xu_sim *sim, unsigned int i)
{
	struct sim_socket *s = &sim->sock[i];

	s->lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
	s->id = i;
	s->sim = sim;
	s->last_ns = ktime_get_mono_fast_ns();
	init_irq_work(&s->tick_work, sim_tick_work);
	hrtimer_init(&s->tick, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);
	s->tick.function = sim_tick;
}

/* Keep a successful access in the log, while a test records one */
static void sim_log(struct xu_sim *sim, unsigned int socket, int devfn,
		    u32 reg, u64 val, bool write)
{
	unsigned int n;

	if (!READ_ONCE(sim->logging))
		return;
	n = atomic_fetch_inc(&sim->log_n);
	if (n < XU_SIM_LOG_LEN)
		sim->log[n] = (struct xu_sim_access) {
			.write = write, .socket = socket, .msr = reg, .val = val,
			.pci = devfn >= 0, .devfn = devfn >= 0 ? devfn : 0,
		};
}

/* The socket's register accesses so far, an NMI's unlocked reads included */
static u64 sim_accesses(const struct sim_socket *s)
{
	return s->reads + s->writes + atomic64_read(&s->nmi_reads);
}

/**
 * sim_ctr_track() - a counter's model state after a register write
 * @s:   the socket, locked, brought up to now by the write's access
 * @key: the counter (SIM_GAP_KEYS)
 * @on:  it counts now, as far as its control and its box's freeze say
 *       (a PMI's freeze of the package is left out)
 *
 * A stop followed by a start is a gap: the time from the write that
 * stopped the counter to the one that started it again, and the register
 * accesses from the one to the other, both included, add to the
 * socket's gaps (debugfs gaps).  A counter stopped before the last reset
 * of the gaps starts without one.
 */
void sim_ctr_track(struct sim_socket *s, unsigned int key, bool on)
{
	if (WARN_ON_ONCE(key >= SIM_GAP_KEYS) || on == test_bit(key, s->ctr_on))
		return;
	if (!on) {
		__clear_bit(key, s->ctr_on);
		/* (0 means none: the clock's first nanosecond is lost) */
		s->ctr_off_ns[key] = s->last_ns ?: 1;
		/* the stopping write was counted before it was made */
		s->ctr_off_acc[key] = sim_accesses(s) - 1;
		return;
	}
	__set_bit(key, s->ctr_on);
	if (!s->ctr_off_ns[key])
		return;
	s->gaps++;
	s->gap_ns += s->last_ns - s->ctr_off_ns[key];
	s->gap_accesses += sim_accesses(s) - s->ctr_off_acc[key];
	s->ctr_off_ns[key] = 0;
}

/*
 * A read of the global status in NMI context: on silicon it waits for no
 * other CPU, and costs the handler a fraction of a microsecond.  Here the
 * holder of the socket may be a vCPU that its host has preempted, for as
 * long as the host likes (and an NMI spinning on the lock keeps the
 * holder's host thread from a host CPU), and bringing the socket up to
 * now would cost the handler the model's whole advance, under TCG
 * milliseconds of a vCPU that shares its host CPU.  So the NMI reads the
 * status as the last holder of the lock left it, without the lock, as if
 * it had read then: an overflow the counters reach later raises a PMI of
 * its own (a held socket's holder's, the tick's, or at the handler's
 * unfreeze, sim_unfreeze()).
 */
static int sim_nmi_status(struct sim_socket *s, u64 *val)
{
	*val = READ_ONCE(s->gsts_pub);
	atomic64_inc(&s->nmi_reads);
	/* as sim_access() sets handled_since, for a freeze it could see */
	if (READ_ONCE(s->frozen_since)) {
		atomic64_inc(&s->nmi_frozen_reads);
		cmpxchg(&s->nmi_read_ns, 0, sim_now(s->sim));
	}
	sim_log(s->sim, s->id, -1, NHMEX_U_GLOBAL_STATUS, *val, false);
	return 0;
}

/**
 * xu_sim_hold() - hold a socket as a CPU stopped inside an access would
 * @sim:    the simulated uncore
 * @socket: socket number
 * @state:  set to 1 once the socket is held; the caller sets 2 to have it
 *          released, which then sets 3
 * @max_ns: release it after this long anyway
 *
 * For tests: a holder that keeps every other CPU's access waiting, as a
 * vCPU that its host preempted inside an access does.  Spins with
 * interrupts off; not for NMI context.
 *
 * Return: 0, or -ENODEV for a socket that does not exist.
 */
int xu_sim_hold(struct xu_sim *sim, unsigned int socket, atomic_t *state,
		u64 max_ns)
{
	u64 end = ktime_get_mono_fast_ns() + max_ns;
	struct sim_socket *s;
	unsigned long flags;

	if (socket >= sim->sockets)
		return -ENODEV;
	s = &sim->sock[socket];
	sim_lock(s, &flags);
	atomic_set(state, 1);
	while (atomic_read(state) == 1 && ktime_get_mono_fast_ns() < end)
		cpu_relax();
	sim_unlock(s, flags);
	atomic_set(state, 3);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_hold, XU_SIM_NS);

/*
 * One register access: the socket first catches up with the clock.  An
 * MSR with @devfn -1, else @size bytes at offset @reg of that function of
 * the socket's PCI bus; the PCI core's accesses to the standard header
 * (below 0x40) are neither counted nor logged.  An access made while a
 * PMI keeps the package frozen is counted as such too (xu_sim_frozen()).
 */
int sim_access(struct xu_sim *sim, unsigned int socket, int devfn, u32 reg,
	       unsigned int size, u64 *val, bool write)
{
	const struct sim_model_ops *ops = sim->model->ops;
	bool count = devfn < 0 || reg >= PCI_STD_HEADER_SIZEOF;
	struct sim_socket *s;
	unsigned long flags;
	int ret;

	if (socket >= sim->sockets)
		return -ENODEV;
	s = &sim->sock[socket];
	if (in_nmi() && devfn < 0 && !write && reg == NHMEX_U_GLOBAL_STATUS &&
	    s->nmi_gsts)
		return sim_nmi_status(s, val);
	if (!sim_lock(s, &flags))
		return -EBUSY;
	sim_advance(s);
	if (count && write)
		s->writes++;
	else if (count)
		s->reads++;
	/*
	 * The PMI's handler reads the global status first (0xc01 on every
	 * model with a PMI): the part of the freeze it can see starts there
	 */
	BUILD_BUG_ON(NHMEX_U_GLOBAL_STATUS != E5_U_GLOBAL_STATUS);
	if (devfn < 0 && !write && reg == NHMEX_U_GLOBAL_STATUS &&
	    s->frozen_since && !s->handled_since)
		s->handled_since = s->last_ns;
	/* counted before the access: the write that unfreezes is frozen */
	if (count && s->frozen_since && write)
		s->frozen_writes++;
	else if (count && s->frozen_since)
		s->frozen_reads++;
	if (devfn >= 0)
		ret = ops->config ? ops->config(s, devfn, reg, size, val, write) :
		      -ENODEV;
	else if (write)
		ret = ops->write(s, reg, *val);
	else
		ret = ops->read(s, reg, val);
	if (!ret && count)
		sim_log(sim, socket, devfn, reg, *val, write);
	if (!in_nmi())
		sim_arm_tick(s);
	else if (write)
		irq_work_queue(&s->tick_work);
	/* a PMI this access raised for its own CPU: its NMI, now */
	sim_unlock_take(s, flags);
	return ret;
}

/**
 * sim_msr_access() - an MSR access the driver makes through xu_sim_io
 * @sim:    the simulator
 * @socket: the package of the box the driver means (xu_box.pkg)
 * @reg:    the MSR
 * @val:    the value to write, or out: the value read
 * @write:  a wrmsr, else a rdmsr
 *
 * On silicon rdmsr and wrmsr reach the uncore of the package of the CPU
 * that executes them, whatever box the driver meant: the driver must make
 * a box's MSR accesses on a CPU of its package.  With the check on
 * (xu_sim_set_msr_cpu_check()), an access from a CPU of another package
 * is counted as a violation, logged, and reaches the calling CPU's
 * package, as it would there (-ENODEV if the simulator has no such
 * socket).  PCI configuration accesses, which any CPU may make, and the
 * API's own xu_sim_read() and xu_sim_write() are not checked.  The caller
 * keeps to one CPU, as rdmsr needs: a caller free to migrate is a driver
 * bug, which a kernel with CONFIG_DEBUG_PREEMPT reports at
 * smp_processor_id().
 *
 * Return: as sim_access().
 */
int sim_msr_access(struct xu_sim *sim, unsigned int socket, u32 reg, u64 *val,
		   bool write)
{
	unsigned int cpu, here;

	if (READ_ONCE(sim->msr_cpu_check)) {
		cpu = smp_processor_id();
		here = topology_logical_package_id(cpu);
		if (here != socket) {
			atomic64_inc(&sim->violations);
			pr_warn_ratelimited("%s of MSR %#x of package %u on CPU %u of package %u: it reaches package %u's box\n",
					    write ? "wrmsr" : "rdmsr", reg, socket,
					    cpu, here, here);
			socket = here;
		}
	}
	return sim_access(sim, socket, -1, reg, 8, val, write);
}

/* Bits 63:width of a counter read in the wide-bits mode, but for bit width */
#define SIM_WIDE_PATTERN	0xa5a5a5a5a5a5a5a5ULL

/**
 * sim_wide() - a counter's value as a read returns it
 * @s:     the socket
 * @val:   the counter's value, below 2^@width
 * @width: the counter's width, 1 to 63
 *
 * The guides leave a counter's bits above its width undefined.  With wide
 * bits (xu_sim_set_wide_bits(), or wrong guesses) a read returns them set:
 * bits 63:@width + 1 as SIM_WIDE_PATTERN, and bit @width the complement of
 * bit @width - 1, so that a read that masks one bit too few sees a carry
 * out of the counter where it crosses its wrap.  Models call it for the
 * counter reads of rdmsr and of PCI configuration reads, not for peeks.
 *
 * Return: @val, with those bits in wide-bits mode.
 */
u64 sim_wide(const struct sim_socket *s, u64 val, unsigned int width)
{
	u64 hi;

	if (!READ_ONCE(s->sim->wide_bits) && !READ_ONCE(s->sim->wrong_guesses))
		return val;
	hi = SIM_WIDE_PATTERN & GENMASK_ULL(63, width + 1);
	if (!(val & BIT_ULL(width - 1)))
		hi |= BIT_ULL(width);
	return val | hi;
}

/* xu_sim_inject(), for the API and the models' debugfs forms */
int sim_inject(struct xu_sim *sim, unsigned int socket, const char *box,
	       unsigned int idx, unsigned int event, u64 sub, u64 n)
{
	struct sim_socket *s;
	unsigned long flags;
	int ret;

	s = sim_get(sim, socket, &flags);
	if (!s)
		return -EINVAL;
	ret = sim->model->ops->inject(s, box, idx, event, sub, n);
	sim_put(s, flags);
	return ret;
}
