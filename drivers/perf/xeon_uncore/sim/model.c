// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated uncore, the register model: for the Xeon 7500 / E7 the U-Box
 * and the M-Box counters of every socket, with the register semantics of
 * the programming guide, and the global status (nhmex.c has the other
 * boxes); for every model the common part (time, locking, accesses, the
 * API); e5.c has the Xeon E5 boxes.
 *
 * Counters advance lazily: every register access first brings the
 * socket's counters up to the current time, adding the events of the
 * background generator (a fixed, documented rate per event) and nothing
 * else, so a count is exact for the time its counter was enabled.  Tests
 * stop the generator or the clock and add events by injection instead.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/debugfs.h>
#include <linux/hardirq.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "internal.h"

#define CTR_MAX		GENMASK_ULL(NHMEX_CTR_WIDTH - 1, 0)
#define FLAG_STATES	8	/* set_flag_sel state f holds (f + 1) / 8 of the time */

/*
 * A socket's lock is taken in NMI context too, by the PMI handler's
 * register reads, which lockdep rightly refuses for a spinlock.  It is an
 * arch_spinlock_t instead, and a CPU marks the time it spends inside the
 * simulator: an NMI that arrives then fails its access with -EBUSY rather
 * than spin on a lock its own CPU may hold.  Such an NMI cannot be a
 * simulated PMI, which its target raises itself outside the simulator
 * (sim_pmi_take()).  Any other holder releases the lock within one
 * register access.
 */
static DEFINE_PER_CPU(bool, sim_busy);

bool sim_lock(struct sim_socket *s, unsigned long *flags)
{
	if (in_nmi() && this_cpu_read(sim_busy))
		return false;
	local_irq_save(*flags);
	this_cpu_write(sim_busy, true);
	arch_spin_lock(&s->lock);
	return true;
}

void sim_unlock(struct sim_socket *s, unsigned long flags)
{
	arch_spin_unlock(&s->lock);
	this_cpu_write(sim_busy, false);
	local_irq_restore(flags);
}

/**
 * xu_sim_rate() - the background generator's rate of one event source
 * @socket: socket number
 * @box:    U-Box or M-Box 0/1
 * @event:  ev_sel of the U-Box, inc_sel of an M-Box
 *
 * Return: events per second: 100000 * (event + 1) * (socket + 1) for the
 * U-Box and 100000 * (event + 1) * (2 * socket + m + 1) for M-Box m.
 */
u64 xu_sim_rate(unsigned int socket, enum xu_sim_box box, unsigned int event)
{
	u64 k = box == XU_SIM_UBOX ? socket + 1 : 2 * socket + box;

	return XU_SIM_RATE_UNIT * (event + 1) * k;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_rate, XU_SIM_NS);

static u64 sim_now(struct xu_sim *sim)
{
	return READ_ONCE(sim->manual) ? READ_ONCE(sim->manual_ns) :
	       ktime_get_mono_fast_ns();
}

/*
 * Counter @c overflowed: its status bit @bit in *@status (the summaries
 * above it follow, sim_u_gsts()); with @pmi_en in its control, the PMI
 */
void sim_overflow(struct sim_socket *s, struct sim_ctr *c, u64 pmi_en,
		  u64 *status, u64 bit)
{
	*status |= bit;
	if (!(c->ctl & pmi_en))
		return;
	/* Section 2.1.1.1: a PMI with frz_all set clears en_all */
	if ((s->u_gctl & NHMEX_U_GCTL_FRZ_ALL) &&
	    (s->u_gctl & NHMEX_U_GCTL_EN_ALL)) {
		s->u_gctl &= ~NHMEX_U_GCTL_EN_ALL;
		s->frozen_since = s->last_ns;
	}
	sim_raise_pmi(s);
}

/*
 * Add @up and take @down events from a 48-bit counter.  In wrap_mode the
 * counter wraps and counts on; otherwise it stops at the limit it hit.
 * Returns true on an overflow or underflow.
 */
bool sim_ctr_count(struct sim_ctr *c, u64 up, u64 down, bool wrap)
{
	bool flow = false;

	if (c->stopped)
		return false;
	if (up) {
		if (up > CTR_MAX - c->val) {
			flow = true;
			if (!wrap) {
				c->val = CTR_MAX;
				c->stopped = true;
				return true;
			}
		}
		c->val = (c->val + up) & CTR_MAX;
	}
	if (down) {
		if (down > c->val) {
			flow = true;
			if (!wrap) {
				c->val = 0;
				c->stopped = true;
				return true;
			}
		}
		c->val = (c->val - down) & CTR_MAX;
	}
	return flow;
}

static bool sim_u_counting(struct sim_socket *s)
{
	return (s->u.ctl & NHMEX_U_CTL_EN) &&
	       (s->u_gctl & NHMEX_U_GCTL_EN) &&
	       (s->u_gctl & NHMEX_U_GCTL_EN_ALL);
}

bool sim_m_counting(struct sim_socket *s, unsigned int b, unsigned int i)
{
	return (s->m[b].c[i].ctl & NHMEX_M_CTL_EN) &&
	       (s->m[b].gctl & BIT_ULL(i)) &&
	       (s->u_gctl & NHMEX_U_GCTL_EN_ALL);
}

/*
 * @n events of the counter's inc_sel reach M-Box counter @i.  With
 * storage_mode 1 only those that arrive while the set_flag_sel state holds
 * count, (f + 1) / 8 of them; in count_mode "both" the counter also counts
 * down once per such gated event.
 */
void sim_m_events(struct sim_socket *s, unsigned int b, unsigned int i, u64 n)
{
	struct sim_ctr *c = &s->m[b].c[i];
	u64 gated, up = 0, down = 0;

	if (c->ctl & NHMEX_M_CTL_FLAG_MODE) {
		u64 f = FIELD_GET(NHMEX_M_CTL_SET_FLAG_SEL, c->ctl) + 1;

		gated = (n * f + c->rem_gate) / FLAG_STATES;
		c->rem_gate = (n * f + c->rem_gate) % FLAG_STATES;
	} else {
		gated = 0;
	}
	if (FIELD_GET(NHMEX_M_CTL_STORAGE_MODE, c->ctl))
		n = gated;

	switch (FIELD_GET(NHMEX_M_CTL_COUNT_MODE, c->ctl)) {
	case NHMEX_M_COUNT_UP:
		up = n;
		break;
	case NHMEX_M_COUNT_DOWN:
		down = n;
		break;
	case NHMEX_M_COUNT_BOTH:
		up = n;
		down = gated;
		break;
	default:
		return;		/* count_mode 3 is undefined: no counting */
	}
	if (sim_ctr_count(c, up, down, c->ctl & NHMEX_M_CTL_WRAP_MODE))
		sim_overflow(s, c, NHMEX_M_CTL_PMI_EN, &s->m[b].status, BIT_ULL(i));
}

static void sim_u_events(struct sim_socket *s, u64 n)
{
	if (sim_ctr_count(&s->u, n, 0, true))
		sim_overflow(s, &s->u, NHMEX_U_CTL_PMI_EN, &s->u_gsts,
			     NHMEX_U_GSTS_OV_U);
}

/* Generator events of a source of @rate per second over @ns nanoseconds */
u64 sim_gen(struct sim_ctr *c, u64 rate, u64 ns)
{
	u64 n = 0;

	/* in slices of a second, so that rate * ns cannot overflow */
	while (ns) {
		u64 slice = min_t(u64, ns, NSEC_PER_SEC);
		u64 units = rate * slice + c->rem_ns;

		n += div64_u64_rem(units, NSEC_PER_SEC, &c->rem_ns);
		ns -= slice;
	}
	return n;
}

static void sim_advance_socket(struct xu_sim *sim, struct sim_socket *s)
{
	u64 now = sim_now(sim), ns = now - s->last_ns;
	unsigned int b, i;

	/*
	 * ktime_get_mono_fast_ns() may read a little earlier on one CPU than
	 * another just did across a timekeeper update: that time has passed
	 * already, and the wrapped difference would be centuries of events
	 */
	if ((s64)ns <= 0)
		return;
	s->last_ns = now;
	if (!READ_ONCE(sim->generator))
		return;
	if (sim->e5m) {
		sim_e5_advance(s, now - ns, ns);
		return;
	}

	if (sim_u_counting(s)) {
		unsigned int ev = FIELD_GET(NHMEX_U_CTL_EV_SEL, s->u.ctl);

		sim_u_events(s, sim_gen(&s->u, xu_sim_rate(s->id, XU_SIM_UBOX, ev), ns));
	}
	for (b = 0; b < NHMEX_M_NUM_BOXES; b++) {
		for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++) {
			struct sim_ctr *c = &s->m[b].c[i];
			unsigned int ev = FIELD_GET(NHMEX_M_CTL_INC_SEL, c->ctl);
			u64 rate = xu_sim_rate(s->id, XU_SIM_MBOX0 + b, ev);

			/* the address filter on: no generator events at an address */
			if (sim_m_counting(s, b, i) &&
			    sim_m_qualifies(s, b, ev, XU_SIM_SUB_ANY, NULL))
				sim_m_events(s, b, i, sim_gen(c, rate, ns));
		}
	}
	sim_nx_advance(s, ns);
}

/*
 * Nanoseconds until counter @c, at @rate events per second, over- or
 * underflows; at most a second
 */
u64 sim_ns_to_flow(const struct sim_ctr *c, u64 rate, bool down)
{
	u64 events = down ? c->val + 1 : CTR_MAX - c->val + 1;

	if (!rate || c->stopped || events >= rate)
		return NSEC_PER_SEC;	/* a second or more away */
	return div64_u64(events * NSEC_PER_SEC, rate) + 1;
}

/*
 * When the generator will next overflow a counter that raises a PMI, at
 * most a second ahead: the counters only advance when the simulator is
 * touched, so the tick timer touches it then.
 */
static u64 sim_next_flow_ns(struct xu_sim *sim, struct sim_socket *s)
{
	u64 ns = NSEC_PER_SEC;
	bool any = false;
	unsigned int b, i;

	if (!READ_ONCE(sim->generator) || READ_ONCE(sim->manual))
		return 0;
	if (sim->e5m)
		return sim_e5_next_flow_ns(s);
	if (sim_u_counting(s) && (s->u.ctl & NHMEX_U_CTL_PMI_EN)) {
		unsigned int ev = FIELD_GET(NHMEX_U_CTL_EV_SEL, s->u.ctl);

		any = true;
		ns = min(ns, sim_ns_to_flow(&s->u, xu_sim_rate(s->id, XU_SIM_UBOX, ev),
					    false));
	}
	for (b = 0; b < NHMEX_M_NUM_BOXES; b++) {
		for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++) {
			const struct sim_ctr *c = &s->m[b].c[i];
			bool down;
			u64 rate;

			if (!sim_m_counting(s, b, i) || !(c->ctl & NHMEX_M_CTL_PMI_EN) ||
			    !sim_m_qualifies(s, b, FIELD_GET(NHMEX_M_CTL_INC_SEL, c->ctl),
					     XU_SIM_SUB_ANY, NULL))
				continue;
			any = true;
			rate = xu_sim_rate(s->id, XU_SIM_MBOX0 + b,
					   FIELD_GET(NHMEX_M_CTL_INC_SEL, c->ctl));
			if (FIELD_GET(NHMEX_M_CTL_STORAGE_MODE, c->ctl))
				rate = rate * (FIELD_GET(NHMEX_M_CTL_SET_FLAG_SEL, c->ctl) + 1) /
				       FLAG_STATES;
			down = FIELD_GET(NHMEX_M_CTL_COUNT_MODE, c->ctl) ==
			       NHMEX_M_COUNT_DOWN;
			ns = min(ns, sim_ns_to_flow(c, rate, down));
		}
	}
	ns = sim_nx_next_flow_ns(s, ns, &any);
	return any ? max_t(u64, ns, 10 * NSEC_PER_USEC) : 0;
}

/* Called with the lock held, outside NMI context */
static void sim_arm_tick(struct xu_sim *sim, struct sim_socket *s)
{
	u64 ns = sim_next_flow_ns(sim, s);
	ktime_t when;

	if (!ns)
		return;
	when = ktime_add_ns(ktime_get(), ns);
	if (!hrtimer_active(&s->tick) ||
	    ktime_before(when, hrtimer_get_expires(&s->tick)))
		hrtimer_start(&s->tick, when, HRTIMER_MODE_ABS);
}

void sim_advance_locked(struct xu_sim *sim, struct sim_socket *s)
{
	sim_advance_socket(sim, s);
}

void sim_arm_tick_locked(struct xu_sim *sim, struct sim_socket *s)
{
	sim_arm_tick(sim, s);
}

static enum hrtimer_restart sim_tick(struct hrtimer *timer)
{
	struct sim_socket *s = container_of(timer, struct sim_socket, tick);
	unsigned long flags;
	u64 ns;

	sim_lock(s, &flags);
	sim_advance_socket(s->sim, s);
	ns = sim_next_flow_ns(s->sim, s);
	sim_unlock(s, flags);

	if (!ns)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ns_to_ktime(ns));
	return HRTIMER_RESTART;
}

static void sim_tick_work(struct irq_work *work)
{
	struct sim_socket *s = container_of(work, struct sim_socket, tick_work);
	unsigned long flags;

	sim_lock(s, &flags);
	sim_arm_tick(s->sim, s);
	sim_unlock(s, flags);
}

void sim_violation(struct xu_sim *sim, struct sim_socket *s, u32 reg,
		   u64 val, u64 rsvd)
{
	if (!(val & rsvd))
		return;
	atomic64_inc(&sim->violations);
	pr_warn_ratelimited("socket %u: reserved bits %#llx written to MSR %#x\n",
			    s->id, val & rsvd, reg);
}

/*
 * U_MSR_PMON_GLOBAL_STATUS, derived but for ov_u: ov_s0 and ov_s1 are set
 * while their S-Box's summary has a bit set, ov_w while the W-Box status
 * has one
 */
u64 sim_u_gsts(struct sim_socket *s)
{
	u64 gsts = s->u_gsts & NHMEX_U_GSTS_OV_U;
	unsigned int b;

	for (b = 0; b < NHMEX_S_NUM_BOXES; b++)
		if (sim_nx_summary(s, b))
			gsts |= NHMEX_U_GSTS_OV_S(b);
	if (s->nx.w.status)
		gsts |= NHMEX_U_GSTS_OV_W;
	return gsts;
}

static int sim_read_locked(struct xu_sim *sim, struct sim_socket *s, u32 reg,
			   u64 *val)
{
	unsigned int b = 0, i;
	int ret;

	ret = sim_nx_read(s, reg, val);
	if (ret != -ENOENT)
		return ret;

	if (reg >= NHMEX_M_GLOBAL_CTL(1) && reg < NHMEX_M_GLOBAL_CTL(2)) {
		b = 1;
		reg -= NHMEX_M_BOX_STRIDE;
	}

	switch (reg) {
	case NHMEX_U_GLOBAL_CTL:
		*val = s->u_gctl;
		return 0;
	case NHMEX_U_GLOBAL_STATUS:
		*val = sim_u_gsts(s);
		return 0;
	case NHMEX_U_GLOBAL_OVF_CTL:
	case NHMEX_M_GLOBAL_OVF_CTL(0):
		*val = 0;
		return 0;
	case NHMEX_U_EVT_SEL:
		*val = s->u.ctl;
		return 0;
	case NHMEX_U_CTR:
		*val = s->u.val;
		return 0;
	case NHMEX_M_GLOBAL_CTL(0):
		*val = s->m[b].gctl;
		return 0;
	case NHMEX_M_GLOBAL_STATUS(0):
		*val = s->m[b].status;
		return 0;
	case NHMEX_M_TIMESTAMP(0):
		/* free running at a simulated 400 MHz M-Box clock */
		*val = div_u64(sim_now(sim) * 2, 5) & GENMASK_ULL(15, 0);
		return 0;
	}
	if (reg >= NHMEX_M_CNT_CTL(0, 0) &&
	    reg <= NHMEX_M_CNT(0, NHMEX_M_NUM_COUNTERS - 1)) {
		i = (reg - NHMEX_M_CNT_CTL(0, 0)) / 2;
		*val = reg & 1 ? s->m[b].c[i].val : s->m[b].c[i].ctl;
		return 0;
	}
	return -EIO;
}

static void sim_rst_all(struct sim_socket *s)
{
	unsigned int b, i;

	s->u.val = 0;
	s->u.stopped = false;
	for (b = 0; b < NHMEX_M_NUM_BOXES; b++) {
		for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++) {
			s->m[b].c[i].val = 0;
			s->m[b].c[i].stopped = false;
		}
	}
	sim_nx_rst_all(s);
}

static void sim_set_ctl(struct sim_ctr *c, u64 val)
{
	c->ctl = val;
	c->stopped = false;
	c->rem_ns = 0;
	c->rem_gate = 0;
}

static int sim_write_locked(struct xu_sim *sim, struct sim_socket *s, u32 reg,
			    u64 val)
{
	unsigned int b = 0, i;
	u32 msr = reg;
	int ret;

	ret = sim_nx_write(s, reg, val);
	if (ret != -ENOENT)
		return ret;
	if (reg >= NHMEX_M_GLOBAL_CTL(1) && reg < NHMEX_M_GLOBAL_CTL(2)) {
		b = 1;
		reg -= NHMEX_M_BOX_STRIDE;
	}

	switch (reg) {
	case NHMEX_U_GLOBAL_CTL:
		sim_violation(sim, s, msr, val, NHMEX_U_GCTL_RSVD);
		if (val & NHMEX_U_GCTL_RST_ALL)
			sim_rst_all(s);
		/*
		 * The handler's unfreeze: what it left in the status (an
		 * overflow after its read) needs a PMI of its own.
		 */
		if ((val & NHMEX_U_GCTL_EN_ALL) && s->frozen_since) {
			s->frozen_ns += s->last_ns - s->frozen_since;
			s->frozen_since = 0;
		}
		if ((val & ~s->u_gctl & NHMEX_U_GCTL_EN_ALL) && sim_u_gsts(s) &&
		    s->pmi_in_flight && s->pmi_done) {
			s->pmi_in_flight = false;
			sim_raise_pmi(s);
		}
		s->u_gctl = val & ~(NHMEX_U_GCTL_RSVD | NHMEX_U_GCTL_RST_ALL);
		return 0;
	case NHMEX_U_GLOBAL_STATUS:
		return 0;	/* read-only */
	case NHMEX_U_GLOBAL_OVF_CTL:
		/* ov_u; the summaries clear with the bits below them */
		s->u_gsts &= ~val;
		s->pmi_in_flight &= !!sim_u_gsts(s);
		return 0;
	case NHMEX_U_EVT_SEL:
		sim_violation(sim, s, msr, val, NHMEX_U_CTL_RSVD);
		sim_set_ctl(&s->u, val & ~(NHMEX_U_CTL_RSVD | NHMEX_U_CTL_IGNORED));
		return 0;
	case NHMEX_U_CTR:
		s->u.val = val & CTR_MAX;
		s->u.stopped = false;
		return 0;
	case NHMEX_M_GLOBAL_CTL(0):
		s->m[b].gctl = val & NHMEX_M_GCTL_CTR_EN;
		return 0;
	case NHMEX_M_GLOBAL_STATUS(0):
	case NHMEX_M_TIMESTAMP(0):
		return 0;	/* read-only */
	case NHMEX_M_GLOBAL_OVF_CTL(0):
		/* clearing a counter's bit clears the summaries above it */
		s->m[b].status &= ~(val & NHMEX_M_GSTS_OV);
		s->pmi_in_flight &= !!sim_u_gsts(s);
		return 0;
	}
	if (reg >= NHMEX_M_CNT_CTL(0, 0) &&
	    reg <= NHMEX_M_CNT(0, NHMEX_M_NUM_COUNTERS - 1)) {
		struct sim_ctr *c;

		i = (reg - NHMEX_M_CNT_CTL(0, 0)) / 2;
		c = &s->m[b].c[i];
		if (reg & 1) {
			c->val = val & CTR_MAX;
			c->stopped = false;
		} else {
			sim_violation(sim, s, msr, val, NHMEX_M_CTL_RSVD);
			sim_set_ctl(c, val & ~(NHMEX_M_CTL_RSVD | NHMEX_M_CTL_IGNORED));
		}
		return 0;
	}
	return -EIO;
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

/*
 * One register access: the socket first catches up with the clock.  An
 * MSR with @devfn -1, else @size bytes at offset @reg of that function of
 * the socket's PCI bus; the PCI core's accesses to the standard header
 * (below 0x40) are neither counted nor logged.
 */
int sim_access(struct xu_sim *sim, unsigned int socket, int devfn, u32 reg,
	       unsigned int size, u64 *val, bool write)
{
	bool count = devfn < 0 || reg >= PCI_STD_HEADER_SIZEOF;
	struct sim_socket *s;
	unsigned long flags;
	int ret;

	if (socket >= sim->sockets)
		return -ENODEV;
	s = &sim->sock[socket];
	if (!sim_lock(s, &flags))
		return -EBUSY;
	sim_advance_socket(sim, s);
	if (count && write)
		s->writes++;
	else if (count)
		s->reads++;
	if (devfn >= 0)
		ret = sim_pci_config(s, devfn, reg, size, val, write);
	else if (sim->e5m && write)
		ret = sim_e5_write_msr(s, reg, *val);
	else if (sim->e5m)
		ret = sim_e5_read_msr(s, reg, val);
	else if (write)
		ret = sim_write_locked(sim, s, reg, *val);
	else
		ret = sim_read_locked(sim, s, reg, val);
	if (!ret && count)
		sim_log(sim, socket, devfn, reg, *val, write);
	if (!in_nmi())
		sim_arm_tick(sim, s);
	else if (write)
		irq_work_queue(&s->tick_work);
	sim_unlock(s, flags);
	return ret;
}

/**
 * xu_sim_read() - rdmsr on a simulated socket
 * @sim:    the simulated uncore
 * @socket: socket (package) number
 * @reg:    MSR address
 * @val:    out: the value
 *
 * Return: 0, or -EIO for an MSR the uncore does not have (a #GP on
 * hardware), -ENODEV for a socket that does not exist.
 */
int xu_sim_read(struct xu_sim *sim, unsigned int socket, u32 reg, u64 *val)
{
	return sim_access(sim, socket, -1, reg, 8, val, false);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_read, XU_SIM_NS);

/**
 * xu_sim_write() - wrmsr on a simulated socket
 * @sim:    the simulated uncore
 * @socket: socket (package) number
 * @reg:    MSR address
 * @val:    the value; reserved bits set in it are counted as violations
 *
 * Return: 0, -EIO or -ENODEV as for xu_sim_read().
 */
int xu_sim_write(struct xu_sim *sim, unsigned int socket, u32 reg, u64 val)
{
	return sim_access(sim, socket, -1, reg, 8, &val, true);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_write, XU_SIM_NS);

/**
 * xu_sim_peek() - a register's value as the simulator holds it
 * @sim:    the simulated uncore
 * @socket: socket number
 * @reg:    MSR address (Xeon 7500 / E7 models)
 * @val:    out: the value
 *
 * As xu_sim_read(), but neither counted nor logged, and a W-Box counter
 * reads its true value, without the erratum's 0x1000000.
 *
 * Return: 0, -EIO or -ENODEV as for xu_sim_read().
 */
int xu_sim_peek(struct xu_sim *sim, unsigned int socket, u32 reg, u64 *val)
{
	struct sim_socket *s;
	unsigned long flags;
	int ret;

	if (socket >= sim->sockets)
		return -ENODEV;
	if (sim->e5m)
		return -EIO;
	s = &sim->sock[socket];
	if (!sim_lock(s, &flags))
		return -EBUSY;
	sim_advance_socket(sim, s);
	ret = sim_nx_peek(s, reg, val);
	if (ret == -ENOENT)
		ret = sim_read_locked(sim, s, reg, val);
	sim_unlock(s, flags);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_peek, XU_SIM_NS);

/**
 * xu_sim_inject() - make @n events of one source happen now
 * @sim:    the simulated uncore
 * @socket: socket number
 * @box:    the box whose event it is
 * @event:  ev_sel (U-Box) or inc_sel (M-Box) of the source
 * @n:      how many events
 *
 * Every counting counter of @box that selects @event sees them; an M-Box
 * event that has a sub-register counts whatever it selects (as
 * xu_sim_nhmex_inject() with XU_SIM_SUB_ANY).
 *
 * Return: 0 or -EINVAL for a socket, box or event that does not exist.
 */
int xu_sim_inject(struct xu_sim *sim, unsigned int socket,
		  enum xu_sim_box box, unsigned int event, u64 n)
{
	struct sim_socket *s;
	unsigned long flags;
	unsigned int i;

	if (sim->e5m || socket >= sim->sockets || box >= XU_SIM_NR_BOXES ||
	    event > (box == XU_SIM_UBOX ? FIELD_MAX(NHMEX_U_CTL_EV_SEL) :
				       FIELD_MAX(NHMEX_M_CTL_INC_SEL)))
		return -EINVAL;

	s = &sim->sock[socket];
	sim_lock(s, &flags);
	sim_advance_socket(sim, s);
	if (box == XU_SIM_UBOX) {
		if (sim_u_counting(s) &&
		    FIELD_GET(NHMEX_U_CTL_EV_SEL, s->u.ctl) == event)
			sim_u_events(s, n);
	} else if (sim_m_qualifies(s, box - XU_SIM_MBOX0, event,
				   XU_SIM_SUB_ANY, NULL)) {
		unsigned int b = box - XU_SIM_MBOX0;

		for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++)
			if (sim_m_counting(s, b, i) &&
			    FIELD_GET(NHMEX_M_CTL_INC_SEL, s->m[b].c[i].ctl) == event)
				sim_m_events(s, b, i, n);
	}
	sim_unlock(s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_inject, XU_SIM_NS);

/**
 * xu_sim_power_on() - every register of every socket back to its reset
 * value, as the firmware leaves the uncore after a system sleep
 * @sim: the simulated uncore
 */
void xu_sim_power_on(struct xu_sim *sim)
{
	unsigned long flags;
	unsigned int i, b, c;

	for (i = 0; i < sim->sockets; i++) {
		struct sim_socket *s = &sim->sock[i];

		sim_lock(s, &flags);
		sim_advance_socket(sim, s);
		if (s->e5)
			sim_e5_reset(s);
		sim_nx_reset(s);
		s->u_gctl = 0;
		s->u_gsts = 0;
		sim_set_ctl(&s->u, 0);
		for (b = 0; b < NHMEX_M_NUM_BOXES; b++) {
			s->m[b].gctl = 0;
			s->m[b].status = 0;
			for (c = 0; c < NHMEX_M_NUM_COUNTERS; c++)
				sim_set_ctl(&s->m[b].c[c], 0);
		}
		sim_rst_all(s);
		s->pmi_in_flight = false;
		sim_unlock(s, flags);
	}
}
EXPORT_SYMBOL_NS_GPL(xu_sim_power_on, XU_SIM_NS);

/* Bring every socket up to now, then apply a change of time base */
static void sim_sync(struct xu_sim *sim, bool manual, bool generator)
{
	unsigned long flags;
	unsigned int i;

	for (i = 0; i < sim->sockets; i++) {
		struct sim_socket *s = &sim->sock[i];

		sim_lock(s, &flags);
		sim_advance_socket(sim, s);
		WRITE_ONCE(sim->manual, manual);
		WRITE_ONCE(sim->generator, generator);
		s->last_ns = sim_now(sim);
		sim_unlock(s, flags);
	}
}

/**
 * xu_sim_set_generator() - start or stop the background event generator
 * @sim: the simulated uncore
 * @on:  true to generate events at the documented rates
 */
void xu_sim_set_generator(struct xu_sim *sim, bool on)
{
	sim_sync(sim, READ_ONCE(sim->manual), on);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_set_generator, XU_SIM_NS);

/**
 * xu_sim_set_manual_clock() - run the generator on a test's clock
 * @sim:    the simulated uncore
 * @manual: true: time only moves by xu_sim_advance(); false: real time
 */
void xu_sim_set_manual_clock(struct xu_sim *sim, bool manual)
{
	sim_sync(sim, manual, READ_ONCE(sim->generator));
}
EXPORT_SYMBOL_NS_GPL(xu_sim_set_manual_clock, XU_SIM_NS);

/**
 * xu_sim_advance() - move the manual clock forward
 * @sim: the simulated uncore
 * @ns:  nanoseconds
 */
void xu_sim_advance(struct xu_sim *sim, u64 ns)
{
	WRITE_ONCE(sim->manual_ns, READ_ONCE(sim->manual_ns) + ns);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_advance, XU_SIM_NS);

/**
 * xu_sim_violations() - writes so far that set a must-be-zero bit
 * @sim: the simulated uncore
 *
 * Return: the number of such writes.
 */
u64 xu_sim_violations(struct xu_sim *sim)
{
	return atomic64_read(&sim->violations);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_violations, XU_SIM_NS);

/**
 * xu_sim_accesses() - register accesses so far, over all sockets
 * @sim:    the simulated uncore
 * @reads:  out: reads
 * @writes: out: writes
 */
void xu_sim_accesses(struct xu_sim *sim, u64 *reads, u64 *writes)
{
	unsigned long flags;
	unsigned int i;

	*reads = 0;
	*writes = 0;
	for (i = 0; i < sim->sockets; i++) {
		sim_lock(&sim->sock[i], &flags);
		*reads += sim->sock[i].reads;
		*writes += sim->sock[i].writes;
		sim_unlock(&sim->sock[i], flags);
	}
}
EXPORT_SYMBOL_NS_GPL(xu_sim_accesses, XU_SIM_NS);

/**
 * xu_sim_log_start() - record the register accesses from now on
 * @sim: the simulated uncore
 *
 * Empties the log, then keeps the first XU_SIM_LOG_LEN successful
 * accesses, in the order they took their socket's lock.
 */
void xu_sim_log_start(struct xu_sim *sim)
{
	atomic_set(&sim->log_n, 0);
	/* an access that sees logging on sees the emptied log */
	smp_store_release(&sim->logging, true);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_log_start, XU_SIM_NS);

/**
 * xu_sim_log_stop() - stop recording and hand out what was recorded
 * @sim: the simulated uncore
 * @log: out: XU_SIM_LOG_LEN entries, the first of them filled
 *
 * Return: the accesses since xu_sim_log_start(); more than
 * XU_SIM_LOG_LEN if the log overflowed.
 */
unsigned int xu_sim_log_stop(struct xu_sim *sim, struct xu_sim_access *log)
{
	unsigned long flags;
	unsigned int i, n;

	WRITE_ONCE(sim->logging, false);
	/* an access that saw logging on has finished once its lock is free */
	for (i = 0; i < sim->sockets; i++) {
		sim_lock(&sim->sock[i], &flags);
		sim_unlock(&sim->sock[i], flags);
	}
	n = atomic_read(&sim->log_n);
	memcpy(log, sim->log, min_t(unsigned int, n, XU_SIM_LOG_LEN) * sizeof(*log));
	return n;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_log_stop, XU_SIM_NS);

static void sim_free(struct xu_sim *sim)
{
	unsigned int i;

	sim_pci_destroy(sim);
	for (i = 0; i < sim->sockets; i++)
		kfree(sim->sock[i].e5);
	sim_pmi_exit(sim);
	kfree(sim);
}

/**
 * xu_sim_create_absent() - a simulated uncore in its reset state, some of
 * whose PCI boxes the firmware hid
 * @model:   "nhmex" (Xeon 7500), "wsmex" (Xeon E7), "snbep" or "ivbep"
 * @sockets: number of sockets; at most 8 for snbep and ivbep
 * @absent:  NULL, or a comma-separated list of PCI boxes (their PMU names
 *           without "uncore_", such as "imc_5,qpi_2") whose functions are
 *           left out of the simulated PCI buses
 *
 * The generator runs, on the real clock; PMIs are raised but not
 * delivered (xu_sim_set_deliver_pmi()).  The E5 models create their PCI
 * domain (Documentation/simulator.rst), which the PCI core scans before
 * this returns.  Sleeps.
 *
 * Return: the simulator, or an ERR_PTR(): -EINVAL for an unknown model
 * or an unknown name in @absent (with one line in the log).
 */
struct xu_sim *xu_sim_create_absent(const char *model, unsigned int sockets,
				    const char *absent)
{
	const struct sim_e5_model *e5m = NULL;
	struct xu_sim *sim;
	unsigned int i;
	int ret;

	if (strcmp(model, "nhmex") && strcmp(model, "wsmex")) {
		e5m = sim_e5_model(model);
		if (!e5m)
			return ERR_PTR(-EINVAL);
		if (!sockets || sockets > 8) {
			/* GIDNIDMAP names 8 packages */
			pr_err("%s: %u sockets: 1 to 8 only\n", model, sockets);
			return ERR_PTR(-EINVAL);
		}
	}
	sim = kzalloc(struct_size(sim, sock, sockets), GFP_KERNEL);
	if (!sim)
		return ERR_PTR(-ENOMEM);
	if (sim_pmi_init(sim)) {
		kfree(sim);
		return ERR_PTR(-ENOMEM);
	}
	sim->sockets = sockets;
	sim->e5m = e5m;
	sim->wsmex = !strcmp(model, "wsmex");
	if (!e5m)
		sim->nr_cboxes = sim->wsmex ? WSMEX_C_NUM_BOXES : NHMEX_C_NUM_BOXES;
	sim->domain = -1;
	sim->generator = true;
	atomic64_set(&sim->violations, 0);
	atomic64_set(&sim->pmis, 0);
	for (i = 0; i < sockets; i++) {
		struct sim_socket *s = &sim->sock[i];

		s->lock = (arch_spinlock_t)__ARCH_SPIN_LOCK_UNLOCKED;
		s->id = i;
		s->sim = sim;
		s->last_ns = ktime_get_mono_fast_ns();
		sim_pmi_init_socket(s);
		init_irq_work(&s->tick_work, sim_tick_work);
		hrtimer_init(&s->tick, CLOCK_MONOTONIC, HRTIMER_MODE_ABS);
		s->tick.function = sim_tick;
	}
	ret = sim_pci_absent(sim, absent);
	if (ret)
		goto fail;
	if (!e5m)
		return sim;
	for (i = 0; i < sockets; i++) {
		sim->sock[i].e5 = sim_e5_alloc(e5m);
		ret = -ENOMEM;
		if (!sim->sock[i].e5)
			goto fail;
		sim->sock[i].e5->s = &sim->sock[i];
	}
	ret = sim_pci_create(sim);
	if (ret)
		goto fail;
	return sim;
fail:
	sim_free(sim);
	return ERR_PTR(ret);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_create_absent, XU_SIM_NS);

/**
 * xu_sim_create() - a simulated uncore in its reset state
 * @model:   "nhmex", "wsmex", "snbep" or "ivbep"
 * @sockets: number of sockets
 *
 * As xu_sim_create_absent() with every PCI box present.
 *
 * Return: the simulator, or an ERR_PTR().
 */
struct xu_sim *xu_sim_create(const char *model, unsigned int sockets)
{
	return xu_sim_create_absent(model, sockets, NULL);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_create, XU_SIM_NS);

/**
 * xu_sim_quiesce() - let no PMI or timer of the simulator run any more
 * @sim: the simulated uncore
 *
 * For the end of its life: stops PMI delivery, waits for PMIs and tick
 * timers under way.
 */
void xu_sim_quiesce(struct xu_sim *sim)
{
	unsigned int i;

	sim_pmi_quiesce(sim);
	for (i = 0; i < sim->sockets; i++) {
		hrtimer_cancel(&sim->sock[i].tick);
		irq_work_sync(&sim->sock[i].tick_work);
		hrtimer_cancel(&sim->sock[i].tick);
	}
}
EXPORT_SYMBOL_NS_GPL(xu_sim_quiesce, XU_SIM_NS);

/**
 * xu_sim_destroy() - quiesce and free a simulated uncore
 * @sim: the simulator, NULL or an ERR_PTR() (then nothing happens)
 *
 * Removes its debugfs directory, if it has one, and its PCI buses: whoever
 * holds a reference to one of their devices must have dropped it.
 */
void xu_sim_destroy(struct xu_sim *sim)
{
	if (IS_ERR_OR_NULL(sim))
		return;
	xu_sim_quiesce(sim);
	debugfs_remove_recursive(sim->debugfs);
	sim_free(sim);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_destroy, XU_SIM_NS);
