// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_e5_bench: register accesses and time per operation of the
 * Xeon E5 v2 (Ivy Bridge-EP) PMUs, on the simulated uncore
 * xeon_uncore_sim.ko model=ivbep attached to xeon_uncore.ko.
 *
 * It opens three counting events on package 0 with
 * perf_event_create_kernel_counter(): uncore_cbox_0/event=0x1/ (MSR),
 * uncore_imc_0 cas_count_read (config 0x0304, PCI) and the iMC fixed
 * counter (config 0xff, PCI).  On the package's collecting CPU, with
 * interrupts off, it calls each event's pmu->read, pmu->stop
 * (PERF_EF_UPDATE) and pmu->start (PERF_EF_RELOAD) iters= times, and
 * xu_handle_pmi() with the C-Box counter, the iMC counter or both just
 * overflowed (and with nothing pending).  It also reads the iMC event's
 * counter alone, with xu_ctr_read() and the way mainline's intel_uncore
 * reads it (two configuration dwords, low then high).  Per operation it reports the
 * register reads and writes the simulator counted (xu_sim_accesses():
 * MSR and PCI configuration accesses alike) and the median and mean of
 * ktime_get_ns() around the call, in
 * <debugfs>/xeon_uncore_e5_bench/results.  The generator and the
 * simulator's PMI delivery are off meanwhile.
 *
 * Then it opens six sampling events (attr.sample_period set, an overflow
 * handler that counts the samples), which the walk re-arms: one on
 * cbox_0 (the one a C-Box takes), four cas_count_read and the fixed
 * counter on imc_0, and calls xu_handle_pmi() with one or all of them
 * overflowed.  Per call it adds what the simulator counted while the
 * package was frozen (xu_sim_frozen()): the register reads and writes,
 * and the time from the last overflow to the walk's unfreeze.
 * tools/bench/e5-bench runs it in a VM; see tools/bench/README.md.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/pci.h>
#include <linux/perf_event.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include <xeon_uncore/snbep.h>

#include "../../drivers/perf/xeon_uncore/sim/sim.h"
#include "../../drivers/perf/xeon_uncore/uncore.h"
#include "bench.h"

#define E5B_MAX_ITERS		1000000
#define E5B_RESULTS_SIZE	16384
/*
 * The sampling events' period: large, so that the events a call injects
 * into counters that do not overflow never complete one
 */
#define E5B_PERIOD		1000000000ULL
#define E5B_CTR44_MAX		GENMASK_ULL(E5_WIDTH_44 - 1, 0)
#define E5B_CTR48_MAX		GENMASK_ULL(E5_WIDTH_48 - 1, 0)

static unsigned int iters = 10000;
module_param(iters, uint, 0444);
MODULE_PARM_DESC(iters, "Calls per operation, 1..1000000 (default 10000)");

/* The events measured */
enum { E5B_CBOX, E5B_IMC, E5B_IMC_FIXED, E5B_NR_EVENTS };

static const struct e5b_spec {
	const char *pmu;
	u64 config;
	const char *label;
	const char *access;
	const char *sim_box;	/* for xu_sim_inject() */
	unsigned int sim_event;
} e5b_specs[E5B_NR_EVENTS] = {
	[E5B_CBOX] = { "uncore_cbox_0", 0x1, "cbox_0/event=0x1/", "MSR",
		       "cbox", 0x01 },
	[E5B_IMC] = { "uncore_imc_0", 0x0304, "imc_0/cas_count_read/", "PCI",
		      "imc", 0x04 },
	[E5B_IMC_FIXED] = { "uncore_imc_0", 0xff, "imc_0/event=0xff/", "PCI",
			    "imc", 0xff },
};

/*
 * The sampling events: a C-Box takes one (its counters share one status
 * bit, see xu_type_polled()), imc_0 one per counter
 */
enum {
	E5B_S_CBOX, E5B_S_IMC0, E5B_S_IMC1, E5B_S_IMC2, E5B_S_IMC3,
	E5B_S_IMC_FIXED, E5B_NR_SAMP
};

static const struct e5b_spec e5b_samp_specs[E5B_NR_SAMP] = {
	[E5B_S_CBOX] = { "uncore_cbox_0", 0x1, NULL, NULL, "cbox", 0x01 },
	[E5B_S_IMC0 ... E5B_S_IMC3] = { "uncore_imc_0", 0x0304, NULL, NULL,
					"imc", 0x04 },
	[E5B_S_IMC_FIXED] = { "uncore_imc_0", 0xff, NULL, NULL, "imc", 0xff },
};

/*
 * perf's multiplexing on imc_0 (its 4 counters): the events of a rotation,
 * four open and a fifth opened disabled, which perf never schedules
 */
#define E5B_ROT			5

static const u64 e5b_rot_configs[E5B_ROT] = {
	0x0304,		/* cas_count_read */
	0x0c04,		/* cas_count_write */
	0x0001,		/* act_count */
	0x0002,		/* pre_count */
	0x0104,		/* CAS_COUNT.RD_REG, the one that joins */
};

/* The operations on one event */
enum { E5B_READ, E5B_STOP, E5B_START, E5B_NR_OPS };

static const char * const e5b_op_names[E5B_NR_OPS] = {
	[E5B_READ] = "read", [E5B_STOP] = "stop", [E5B_START] = "start",
};

/* What the simulator counted on package 0 while PMIs kept it frozen */
struct e5b_frozen {
	u64 reads;
	u64 writes;
	u64 ns;
};

/* One operation's figures */
struct e5b_stat {
	u32 *ns;
	u32 *frz_ns;		/* st[0] only: time frozen per PMI */
	unsigned int good;
	u64 reads;
	u64 writes;
	u64 frz_reads;		/* accesses while a PMI kept it frozen */
	u64 frz_writes;
	u64 sum_ns;
	u64 sum_frz_ns;
	bool uneven;		/* access counts differed between calls */
};

struct e5b {
	struct xu_uncore *uc;
	struct xu_sim *sim;
	int cpu;		/* package 0's collecting CPU */
	struct perf_event *ev[E5B_NR_EVENTS];
	struct perf_event *sev[E5B_NR_SAMP];	/* the sampling events */
	u64 samples;		/* their overflow handler's calls */
	unsigned int which;	/* the event of e5b_run_ops() */
	unsigned long pmi_mask;	/* the events of e5b_run_pmi() to overflow */
	bool sampling;		/* ... of sev[], not ev[] */
	struct perf_event *rev[E5B_ROT];	/* the rotation's events */
	struct e5b_stat st[E5B_NR_OPS];
	bool any_uneven;
	struct seq_buf out;
};

static struct dentry *e5b_dir;
static char *e5b_results;

static struct xu_pmu *e5b_pmu(struct xu_uncore *uc, const char *name)
{
	unsigned int i;

	for (i = 0; i < uc->num_pmus; i++)
		if (uc->pmus[i].registered && !strcmp(uc->pmus[i].name, name))
			return &uc->pmus[i];
	return NULL;
}

static void e5b_close_all(struct perf_event **ev, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (ev[i])
			perf_event_release_kernel(ev[i]);
		ev[i] = NULL;
	}
}

static void e5b_close(struct e5b *b)
{
	e5b_close_all(b->ev, E5B_NR_EVENTS);
	e5b_close_all(b->sev, E5B_NR_SAMP);
	e5b_close_all(b->rev, E5B_ROT);
}

/* A sampling event's overflow handler, on the walking CPU: counts */
static void e5b_sample(struct perf_event *event, struct perf_sample_data *data,
		       struct pt_regs *regs)
{
	struct e5b *b = event->overflow_handler_context;

	b->samples++;
}

/* Open @n events of @specs into @ev, sampling every @period if not 0 */
static int e5b_open_all(struct e5b *b, const struct e5b_spec *specs,
			unsigned int n, u64 period, struct perf_event **ev)
{
	struct perf_event_attr attr;
	unsigned int i;

	for (i = 0; i < n; i++) {
		struct xu_pmu *xp = e5b_pmu(b->uc, specs[i].pmu);
		struct perf_event *event;

		if (!xp)
			return -ENODEV;
		memset(&attr, 0, sizeof(attr));
		attr.type = xp->pmu.type;
		attr.size = sizeof(attr);
		attr.config = specs[i].config;
		attr.sample_period = period;
		event = perf_event_create_kernel_counter(&attr, b->cpu, NULL,
							 period ? e5b_sample : NULL,
							 period ? b : NULL);
		if (IS_ERR(event))
			return PTR_ERR(event);
		ev[i] = event;
		if (event->state != PERF_EVENT_STATE_ACTIVE ||
		    READ_ONCE(event->hw.idx) < 0)
			return -EBUSY;
	}
	return 0;
}

static int e5b_open(struct e5b *b)
{
	return e5b_open_all(b, e5b_specs, E5B_NR_EVENTS, 0, b->ev);
}

static void e5b_stat_reset(struct e5b_stat *st)
{
	st->good = 0;
	st->sum_ns = 0;
	st->sum_frz_ns = 0;
	st->uneven = false;
}

static void e5b_stat_add(struct e5b_stat *st, u64 reads, u64 writes, u64 ns)
{
	if (st->good && (reads != st->reads || writes != st->writes))
		st->uneven = true;
	st->reads = reads;
	st->writes = writes;
	st->ns[st->good++] = ns;
	st->sum_ns += ns;
}

static void e5b_frozen(struct e5b *b, struct e5b_frozen *f)
{
	xu_sim_frozen(b->sim, 0, &f->reads, &f->writes, &f->ns);
}

/* A PMI's figures, with what the simulator counted while frozen */
static void e5b_stat_add_pmi(struct e5b_stat *st, u64 reads, u64 writes,
			     u64 ns, const struct e5b_frozen *f0,
			     const struct e5b_frozen *f1)
{
	u64 fr = f1->reads - f0->reads, fw = f1->writes - f0->writes;
	u64 fns = f1->ns - f0->ns;

	if (st->good && (fr != st->frz_reads || fw != st->frz_writes))
		st->uneven = true;
	st->frz_reads = fr;
	st->frz_writes = fw;
	st->frz_ns[st->good] = min_t(u64, fns, U32_MAX);
	st->sum_frz_ns += fns;
	e5b_stat_add(st, reads, writes, ns);
}

/* Time @op on @event and count its accesses; interrupts are off */
static void e5b_one(struct e5b *b, struct perf_event *event, unsigned int op)
{
	u64 r0, w0, r1, w1, t0, t1;

	xu_sim_accesses(b->sim, &r0, &w0);
	t0 = ktime_get_ns();
	switch (op) {
	case E5B_READ:
		event->pmu->read(event);
		break;
	case E5B_STOP:
		event->pmu->stop(event, PERF_EF_UPDATE);
		break;
	default:
		event->pmu->start(event, PERF_EF_RELOAD);
		break;
	}
	t1 = ktime_get_ns();
	xu_sim_accesses(b->sim, &r1, &w1);
	e5b_stat_add(&b->st[op], r1 - r0, w1 - w0, t1 - t0);
}

/* read, stop and start of one event, on the collecting CPU */
static long e5b_run_ops(void *data)
{
	struct e5b *b = data;
	struct perf_event *event = b->ev[b->which];
	unsigned long flags;
	unsigned int i, op;

	for (op = 0; op < E5B_NR_OPS; op++)
		e5b_stat_reset(&b->st[op]);
	for (i = 0; i < iters; i++) {
		local_irq_save(flags);
		e5b_one(b, event, E5B_READ);
		e5b_one(b, event, E5B_STOP);
		e5b_one(b, event, E5B_START);
		local_irq_restore(flags);
		if (!(i % 256))
			cond_resched();
	}
	return 0;
}

/*
 * The counter read alone, the imc_0 cas_count_read event's: the driver's
 * (xu_ctr_read(): the low dword, the high one, and the low one again
 * only when it was in the top 2^27 of its range), and mainline's two
 * configuration reads, low then high (snbep_uncore_pci_read_counter() in
 * arch/x86/events/intel/uncore_snbep.c), on the same function
 */
enum { E5B_CTR_OURS, E5B_CTR_OURS_TOP, E5B_CTR_MAINLINE, E5B_NR_CTR };

static const char * const e5b_ctr_names[E5B_NR_CTR] = {
	[E5B_CTR_OURS] = "imc_0 ctr, ours",
	[E5B_CTR_OURS_TOP] = "imc_0 ctr, ours, lo top",
	[E5B_CTR_MAINLINE] = "imc_0 ctr, mainline's",
};

static u64 e5b_mainline_read(struct pci_dev *pdev, u32 reg)
{
	u32 lo = 0, hi = 0;

	pci_read_config_dword(pdev, reg, &lo);
	pci_read_config_dword(pdev, reg + 4, &hi);
	return (u64)hi << 32 | lo;
}

/*
 * b->which of E5B_CTR_*: the counter read @iters times.  For "lo top"
 * its low dword is set to 0xfffffff0 first (the generator is off: it
 * stays there), and put back after.
 */
static long e5b_run_ctr(void *data)
{
	struct e5b *b = data;
	struct perf_event *event = b->ev[E5B_IMC];
	struct xu_box *box = xu_event_box(event);
	struct e5b_stat *st = &b->st[0];
	u32 reg = xu_ctr_reg(box, event->hw.idx), lo0 = 0;
	unsigned int devfn = box->pdev->devfn;
	u64 r0, w0, r1, w1, t0, t1, val;
	unsigned long flags;
	unsigned int i;
	int ret;

	e5b_stat_reset(st);
	if (b->which == E5B_CTR_OURS_TOP) {
		ret = xu_sim_pci_read(b->sim, 0, devfn, reg, &lo0) ?:
		      xu_sim_pci_write(b->sim, 0, devfn, reg, 0xfffffff0);
		if (ret)
			return ret;
	}
	for (i = 0; i < iters; i++) {
		local_irq_save(flags);
		xu_sim_accesses(b->sim, &r0, &w0);
		t0 = ktime_get_ns();
		if (b->which == E5B_CTR_MAINLINE)
			val = e5b_mainline_read(box->pdev, reg);
		else
			xu_ctr_read(box, event->hw.idx, &val);
		t1 = ktime_get_ns();
		xu_sim_accesses(b->sim, &r1, &w1);
		local_irq_restore(flags);
		e5b_stat_add(st, r1 - r0, w1 - w0, t1 - t0);
		if (!(i % 256))
			cond_resched();
	}
	if (b->which == E5B_CTR_OURS_TOP)
		return xu_sim_pci_write(b->sim, 0, devfn, reg, lo0);
	return 0;
}

/* Unfreeze package 0, as the walk does, keeping the PMI routing */
static int e5b_unfreeze(struct e5b *b)
{
	return xu_sim_write(b->sim, 0, E5_U_GLOBAL_CTL,
			    b->uc->pmus[0].boxes[0].box_ctl |
			    IVBEP_U_GCTL_UNFRZ_ALL);
}

/*
 * Leave @event's counter just overflowed: one below the wrap, then one
 * injected event of @spec, which sets the status bits and freezes the
 * package.  The other counters of the box that count that event see it
 * too: those that overflowed before stay flagged.
 */
static int e5b_overflow_event(struct e5b *b, struct perf_event *event,
			      const struct e5b_spec *spec)
{
	struct xu_box *box = xu_event_box(event);
	const struct xu_box_type *t = box->pmu->type;
	int idx = event->hw.idx;
	u32 reg = xu_ctr_reg(box, idx);
	u64 max;
	int ret;

	max = idx == t->num_counters ? GENMASK_ULL(t->fixed_width - 1, 0) :
	      GENMASK_ULL(t->width - 1, 0);
	ret = e5b_unfreeze(b);
	if (ret)
		return ret;
	if (t->access == XU_MSR) {
		ret = xu_sim_write(b->sim, 0, reg, max);
	} else {
		unsigned int devfn = box->pdev->devfn;

		ret = xu_sim_pci_write(b->sim, 0, devfn, reg, lower_32_bits(max));
		if (!ret)
			ret = xu_sim_pci_write(b->sim, 0, devfn, reg + 4,
					       upper_32_bits(max));
	}
	if (!ret)
		ret = xu_sim_inject(b->sim, 0, spec->sim_box, box->pmu->idx,
				    spec->sim_event, XU_SIM_SUB_ANY, 1);
	return ret;
}

/*
 * Event @i of pmi_mask just overflowed: of the counting events, or with
 * b->sampling of the sampling ones
 */
static int e5b_overflow(struct e5b *b, unsigned int i)
{
	if (b->sampling)
		return e5b_overflow_event(b, b->sev[i], &e5b_samp_specs[i]);
	return e5b_overflow_event(b, b->ev[i], &e5b_specs[i]);
}

/*
 * xu_handle_pmi() with the events of pmi_mask overflowed, one after the
 * other, each in a package unfrozen first (a frozen counter counts
 * nothing): the last overflow's freeze is the one the walk ends
 */
static long e5b_run_pmi(void *data)
{
	struct e5b *b = data;
	struct e5b_stat *st = &b->st[0];
	unsigned int k = hweight_long(b->pmi_mask), i, j;
	u64 r0, w0, r1, w1, t0, t1, s0;
	struct e5b_frozen f0, f1;
	unsigned long flags;
	int ret = 0;

	e5b_stat_reset(st);
	for (i = 0; i < iters; i++) {
		local_irq_save(flags);
		for_each_set_bit(j, &b->pmi_mask, E5B_NR_SAMP) {
			ret = e5b_overflow(b, j);
			if (ret)
				break;
		}
		if (ret) {
			local_irq_restore(flags);
			return ret;
		}
		s0 = b->samples;
		e5b_frozen(b, &f0);
		xu_sim_accesses(b->sim, &r0, &w0);
		t0 = ktime_get_ns();
		ret = xu_handle_pmi(b->uc, 0, NULL);
		t1 = ktime_get_ns();
		xu_sim_accesses(b->sim, &r1, &w1);
		e5b_frozen(b, &f1);
		local_irq_restore(flags);

		/*
		 * the walk handled something else than was set up, or
		 * (sampling) an event was throttled
		 */
		if (ret == k && (!b->sampling || b->samples - s0 == k))
			e5b_stat_add_pmi(st, r1 - r0, w1 - w0, t1 - t0, &f0, &f1);
		ret = 0;
		if (!(i % 256))
			cond_resched();
	}
	return 0;
}

/* The clock pair alone */
static long e5b_run_clock(void *data)
{
	struct e5b *b = data;
	struct e5b_stat *st = &b->st[0];
	unsigned long flags;
	unsigned int i;
	u64 t0, t1;

	e5b_stat_reset(st);
	for (i = 0; i < iters; i++) {
		local_irq_save(flags);
		t0 = ktime_get_ns();
		t1 = ktime_get_ns();
		local_irq_restore(flags);
		e5b_stat_add(st, 0, 0, t1 - t0);
	}
	return 0;
}

static u32 e5b_median(struct e5b_stat *st)
{
	return xu_bench_median(st->ns, st->good);
}

/*
 * One rotation as perf_rotate_context() makes it: pmu_disable, where
 * perf stamps the context's time (update_context_time()), pmu::del of
 * the 4 events of @out, pmu::add of the 4 of @in (the one that joins
 * last), each in a PERF_PMU_TXN_ADD of its own, pmu_enable.  Interrupts
 * off.  @frz: the time the box stood frozen, from the start of the
 * callback after which it was first frozen to the end of the one that
 * unfroze it (0: never frozen); @join: from the stamp to the start of
 * the joining event's counter (the end of its add, or the unfreeze if
 * the box was frozen then).
 */
static void e5b_rotate(struct perf_event **out, struct perf_event **in,
		       u64 *frz, u64 *join)
{
	struct pmu *pmu = out[0]->pmu;
	struct xu_box *box = xu_event_box(out[0]);
	u64 t, t_frz = 0, stamp, t_join;
	bool frozen_at_join;
	unsigned int i;

	pmu->pmu_disable(pmu);
	stamp = ktime_get_ns();
	for (i = 0; i < E5B_ROT - 1; i++) {
		t = ktime_get_ns();
		pmu->del(out[i], 0);
		if (!t_frz && box->frozen)
			t_frz = t;
	}
	for (i = 0; i < E5B_ROT - 1; i++) {
		t = ktime_get_ns();
		pmu->start_txn(pmu, PERF_PMU_TXN_ADD);
		pmu->add(in[i], PERF_EF_START);
		pmu->commit_txn(pmu);
		if (!t_frz && box->frozen)
			t_frz = t;
	}
	t_join = ktime_get_ns();
	frozen_at_join = box->frozen;
	pmu->pmu_enable(pmu);
	t = ktime_get_ns();
	*frz = t_frz ? t - t_frz : 0;
	*join = (frozen_at_join ? t : t_join) - stamp;
}

/*
 * @iters rotations of imc_0's events: A B C D on its counters, E joins
 * and A leaves (perf's list rotated: B C D E), then A joins back and E
 * leaves (B C D A), and so on: each call a rotation by one.  st[0]: the
 * accesses and the time of the call; st[1]: the time frozen; st[2]: the
 * time to the joining event's start.
 */
static long e5b_run_rotate(void *data)
{
	struct e5b *b = data;
	struct perf_event **r = b->rev;
	struct perf_event *set0[] = { r[0], r[1], r[2], r[3] };
	struct perf_event *set1[] = { r[1], r[2], r[3], r[4] };
	struct perf_event *back[] = { r[1], r[2], r[3], r[0] };
	u64 r0, w0, r1, w1, t0, t1, frz, join;
	unsigned long flags;
	unsigned int i, op;

	for (op = 0; op < E5B_NR_OPS; op++)
		e5b_stat_reset(&b->st[op]);
	for (i = 0; i < iters; i++) {
		local_irq_save(flags);
		xu_sim_accesses(b->sim, &r0, &w0);
		t0 = ktime_get_ns();
		if (i & 1)
			e5b_rotate(set1, back, &frz, &join);
		else
			e5b_rotate(i ? back : set0, set1, &frz, &join);
		t1 = ktime_get_ns();
		xu_sim_accesses(b->sim, &r1, &w1);
		local_irq_restore(flags);
		e5b_stat_add(&b->st[0], r1 - r0, w1 - w0, t1 - t0);
		e5b_stat_add(&b->st[1], 0, 0, frz);
		e5b_stat_add(&b->st[2], 0, 0, join);
		if (!(i % 256))
			cond_resched();
	}
	/* an even number of calls left B C D A on the box: perf's own set */
	if (iters & 1) {
		local_irq_save(flags);
		e5b_rotate(set1, back, &frz, &join);
		local_irq_restore(flags);
	}
	return 0;
}

/* The rotation table */
static int e5b_run_rotation(struct e5b *b)
{
	struct perf_event_attr attr;
	struct xu_pmu *xp = e5b_pmu(b->uc, "uncore_imc_0");
	unsigned int i;
	long ret;

	e5b_close(b);
	if (!xp)
		return -ENODEV;
	for (i = 0; i < E5B_ROT; i++) {
		struct perf_event *event;

		memset(&attr, 0, sizeof(attr));
		attr.type = xp->pmu.type;
		attr.size = sizeof(attr);
		attr.config = e5b_rot_configs[i];
		attr.disabled = i == E5B_ROT - 1;
		event = perf_event_create_kernel_counter(&attr, b->cpu, NULL,
							 NULL, NULL);
		if (IS_ERR(event))
			return PTR_ERR(event);
		b->rev[i] = event;
	}
	for (i = 0; i < E5B_ROT - 1; i++)
		if (b->rev[i]->state != PERF_EVENT_STATE_ACTIVE)
			return -EBUSY;
	ret = work_on_cpu(b->cpu, e5b_run_rotate, b);
	if (ret)
		return ret;
	seq_buf_printf(&b->out,
		       "\nperf's rotation on imc_0 (4 counters), counting events: pmu_disable, del x 4, add x 4 (one joins, one left), pmu_enable\n");
	seq_buf_printf(&b->out,
		       "frozen: the box frozen (an upper bound, to a callback); join: from perf's time stamp to the joining event's start\n");
	seq_buf_printf(&b->out, "%6s %7s %10s %10s %10s %10s %10s %8s\n",
		       "reads", "writes", "median_ns", "mean_ns", "frz_med", "frz_mean",
		       "join_med", "calls");
	seq_buf_printf(&b->out, "%5llu%s %6llu%s %10u %10llu %10u %10llu %10u %8u\n",
		       b->st[0].reads, b->st[0].uneven ? "*" : " ",
		       b->st[0].writes, b->st[0].uneven ? "*" : " ",
		       e5b_median(&b->st[0]),
		       div_u64(b->st[0].sum_ns, b->st[0].good),
		       e5b_median(&b->st[1]),
		       div_u64(b->st[1].sum_ns, b->st[1].good),
		       e5b_median(&b->st[2]), b->st[0].good);
	b->any_uneven |= b->st[0].uneven;
	return 0;
}

static void e5b_row(struct e5b *b, const char *op, const char *what,
		    const char *access, struct e5b_stat *st)
{
	const char *mark = st->uneven ? "*" : " ";

	seq_buf_printf(&b->out, "%-6s %-26s %-7s ", op, what, access);
	if (!st->good) {
		seq_buf_printf(&b->out, "no undisturbed call\n");
		return;
	}
	seq_buf_printf(&b->out, "%5llu%s %6llu%s %10u %10llu %8u\n",
		       st->reads, mark, st->writes, mark, e5b_median(st),
		       div_u64(st->sum_ns, st->good), st->good);
	b->any_uneven |= st->uneven;
}

static const struct {
	unsigned long mask;
	const char *what;
	const char *access;
} e5b_pmis[] = {
	{ 0, "- (not ours)", "-" },
	{ BIT(E5B_CBOX), "cbox_0 ctr overflowed", "MSR" },
	{ BIT(E5B_IMC), "imc_0 ctr overflowed", "PCI" },
	{ BIT(E5B_CBOX) | BIT(E5B_IMC), "cbox_0 + imc_0 overflowed", "both" },
};

/* A row of the sampling table */
static void e5b_row_pmi(struct e5b *b, const char *what, const char *access,
			struct e5b_stat *st)
{
	const char *mark = st->uneven ? "*" : " ";

	seq_buf_printf(&b->out, "%-26s %-6s ", what, access);
	if (!st->good) {
		seq_buf_printf(&b->out, "no undisturbed call\n");
		return;
	}
	seq_buf_printf(&b->out, "%5llu%s %6llu%s %7llu%s %7llu%s %10u %10llu %10u %8u\n",
		       st->reads, mark, st->writes, mark, st->frz_reads, mark,
		       st->frz_writes, mark, xu_bench_median(st->frz_ns, st->good),
		       div_u64(st->sum_frz_ns, st->good), e5b_median(st),
		       st->good);
	b->any_uneven |= st->uneven;
}

static const struct {
	unsigned long mask;
	const char *what;
	const char *access;
} e5b_spmis[] = {
	{ BIT(E5B_S_CBOX), "cbox_0 ctr overflowed", "MSR" },
	{ BIT(E5B_S_IMC0), "imc_0 ctr 0 overflowed", "PCI" },
	{ BIT(E5B_S_CBOX) | BIT(E5B_S_IMC0), "cbox_0 + imc_0 ctr 0", "both" },
	{ GENMASK(E5B_NR_SAMP - 1, 0), "all 6 overflowed", "both" },
};

/* The sampling table: one and every sampling counter overflowed */
static int e5b_run_sampling(struct e5b *b)
{
	unsigned int i;
	long ret;

	seq_buf_printf(&b->out,
		       "\nsampling events (sample_period %llu, an overflow handler that counts): cbox_0/event=0x1/, imc_0/cas_count_read/ x 4, imc_0/event=0xff/, all open\n",
		       E5B_PERIOD);
	seq_buf_printf(&b->out,
		       "frz_*: while a PMI kept the package frozen (xu_sim_frozen()): accesses, and the time from the last overflow to the walk's unfreeze\n");
	seq_buf_printf(&b->out, "%-26s %-6s %6s %7s %8s %8s %10s %10s %10s %8s\n",
		       "pmi", "access", "reads", "writes", "frz_rd", "frz_wr",
		       "frz_med_ns", "frz_mean", "median_ns", "calls");
	/* imc_0 has no counter left for them otherwise */
	e5b_close_all(b->ev, E5B_NR_EVENTS);
	ret = e5b_open_all(b, e5b_samp_specs, E5B_NR_SAMP, E5B_PERIOD, b->sev);
	if (ret) {
		pr_err("opening the sampling events failed: %ld\n", ret);
		return ret;
	}
	b->sampling = true;
	for (i = 0; i < ARRAY_SIZE(e5b_spmis); i++) {
		b->pmi_mask = e5b_spmis[i].mask;
		ret = work_on_cpu(b->cpu, e5b_run_pmi, b);
		if (ret) {
			pr_err("PMI %s: %ld\n", e5b_spmis[i].what, ret);
			break;
		}
		e5b_row_pmi(b, e5b_spmis[i].what, e5b_spmis[i].access, &b->st[0]);
	}
	b->sampling = false;
	return ret;
}

static int e5b_run(struct e5b *b)
{
	unsigned int i, op;
	long ret;

	seq_buf_printf(&b->out,
		       "Ivy Bridge-EP (simulated, model=ivbep) on package 0 (CPU %d), generator off, %u calls each, interrupts off\n",
		       b->cpu, iters);
	seq_buf_printf(&b->out,
		       "reads/writes: MSR and PCI configuration accesses (xu_sim_accesses()); times under QEMU TCG transfer only relatively\n");
	seq_buf_printf(&b->out, "%-6s %-26s %-7s %6s %7s %10s %10s %8s\n",
		       "op", "event", "access", "reads", "writes", "median_ns",
		       "mean_ns", "calls");

	ret = e5b_open(b);
	if (ret) {
		pr_err("opening the events failed: %ld\n", ret);
		return ret;
	}
	for (i = 0; i < E5B_NR_EVENTS; i++) {
		b->which = i;
		ret = work_on_cpu(b->cpu, e5b_run_ops, b);
		if (ret)
			return ret;
		for (op = 0; op < E5B_NR_OPS; op++)
			e5b_row(b, e5b_op_names[op], e5b_specs[i].label,
				e5b_specs[i].access, &b->st[op]);
	}
	for (i = 0; i < E5B_NR_CTR; i++) {
		b->which = i;
		ret = work_on_cpu(b->cpu, e5b_run_ctr, b);
		if (ret) {
			pr_err("counter read %s: %ld\n", e5b_ctr_names[i], ret);
			return ret;
		}
		e5b_row(b, "ctr", e5b_ctr_names[i], "PCI", &b->st[0]);
	}
	for (i = 0; i < ARRAY_SIZE(e5b_pmis); i++) {
		b->pmi_mask = e5b_pmis[i].mask;
		ret = work_on_cpu(b->cpu, e5b_run_pmi, b);
		if (ret) {
			pr_err("PMI %s: %ld\n", e5b_pmis[i].what, ret);
			return ret;
		}
		e5b_row(b, "pmi", e5b_pmis[i].what, e5b_pmis[i].access, &b->st[0]);
	}

	work_on_cpu(b->cpu, e5b_run_clock, b);
	seq_buf_printf(&b->out, "ktime_get_ns() pair alone: median %u ns, mean %llu ns\n",
		       e5b_median(&b->st[0]), div_u64(b->st[0].sum_ns, b->st[0].good));
	ret = e5b_run_sampling(b);
	if (ret)
		return ret;
	ret = e5b_run_rotation(b);
	if (ret) {
		pr_err("rotation: %ld\n", ret);
		return ret;
	}
	if (b->any_uneven)
		seq_buf_printf(&b->out, "%s\n",
			       "* access counts differed between calls; the last call's shown");
	return 0;
}

static int e5b_results_show(struct seq_file *m, void *unused)
{
	seq_puts(m, e5b_results);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(e5b_results);

static void e5b_free(struct e5b *b)
{
	unsigned int op;

	for (op = 0; op < E5B_NR_OPS; op++)
		vfree(b->st[op].ns);
	vfree(b->st[0].frz_ns);
	kfree(b);
}

static int __init e5b_init(void)
{
	struct e5b *b;
	unsigned int op;
	bool deliver;
	int ret;

	if (iters < 1 || iters > E5B_MAX_ITERS) {
		pr_err("iters=%u is outside 1..%u\n", iters, E5B_MAX_ITERS);
		return -EINVAL;
	}
	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!b)
		return -ENOMEM;
	b->uc = xu_uncore_instance();
	b->sim = xu_sim_instance();
	if (!b->sim || !b->uc->pmus || strcmp(b->uc->plat->name, "ivbep") ||
	    !b->uc->pmi) {
		pr_err("needs xeon_uncore (pmi=1) with xeon_uncore_sim model=ivbep attached\n");
		ret = -ENODEV;
		goto free;
	}
	b->cpu = b->uc->pmus[0].boxes[0].cpu;
	if (b->cpu < 0) {
		pr_err("package 0 has no collecting CPU\n");
		ret = -ENODEV;
		goto free;
	}
	ret = -ENOMEM;
	for (op = 0; op < E5B_NR_OPS; op++) {
		b->st[op].ns = vmalloc_array(iters, sizeof(u32));
		if (!b->st[op].ns)
			goto free;
	}
	b->st[0].frz_ns = vmalloc_array(iters, sizeof(u32));
	if (!b->st[0].frz_ns)
		goto free;
	e5b_results = kzalloc(E5B_RESULTS_SIZE, GFP_KERNEL);
	if (!e5b_results)
		goto free;
	seq_buf_init(&b->out, e5b_results, E5B_RESULTS_SIZE);

	xu_sim_set_generator(b->sim, false);
	deliver = xu_sim_set_deliver_pmi(b->sim, false);
	ret = e5b_run(b);
	e5b_close(b);
	xu_sim_set_deliver_pmi(b->sim, deliver);
	xu_sim_set_generator(b->sim, true);
	if (ret)
		goto free;

	e5b_dir = debugfs_create_dir("xeon_uncore_e5_bench", NULL);
	debugfs_create_file("results", 0444, e5b_dir, NULL, &e5b_results_fops);
	pr_info("done: %s/results in debugfs\n", "xeon_uncore_e5_bench");
	e5b_free(b);
	return 0;

free:
	kfree(e5b_results);
	e5b_results = NULL;
	e5b_free(b);
	return ret;
}

static void __exit e5b_exit(void)
{
	debugfs_remove_recursive(e5b_dir);
	kfree(e5b_results);
}

module_init(e5b_init);
module_exit(e5b_exit);

MODULE_IMPORT_NS(XU_NS);
MODULE_IMPORT_NS(XU_NS_INTERNAL);
MODULE_IMPORT_NS(XU_SIM_NS);
MODULE_DESCRIPTION("Register accesses and time per operation of the Xeon E5 v2 PMUs on the simulated uncore");
MODULE_LICENSE("GPL");
