// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_bench: the cost of the uncore PMI handler, xu_handle_pmi(),
 * on the simulated uncore xeon_uncore_sim.ko attached to xeon_uncore.ko.
 *
 * For each n in ns= it opens n counting events on package 0 (M-Box 0,
 * M-Box 1 and the U-Box in turn, up to 13: every counter), and for each
 * k in {0, 1, 4, n} (k <= n) it makes the first k of them overflow and
 * calls the handler, iters= times: k = 0 is an NMI that is not the
 * uncore's.  Each call runs on the package's collecting CPU with
 * interrupts off, as the NMI would; the simulator's own PMI delivery is
 * off meanwhile, so no NMI races with the call.  It reports, per call,
 * the register reads and writes the simulator counted and the time
 * (median and mean of ktime_get_ns() around the call) in
 * <debugfs>/xeon_uncore_bench/results.
 *
 * Then the same with sampling events (attr.sample_period set, an overflow
 * handler that counts the samples), which the walk re-arms: for n = 1 and
 * 13 sampling events, k = 1 and k = n overflowed, the last of them with
 * frz_all set, so that its PMI freezes the package as on hardware.  Per
 * call it adds what the simulator counted while the package was frozen
 * (xu_sim_frozen()): the register reads and writes, and the time from the
 * overflow to the walk's unfreeze.  tools/bench/pmi-bench runs it in a
 * VM; see tools/bench/README.md.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/debugfs.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/perf_event.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include <xeon_uncore/nhmex.h>

#include "../../drivers/perf/xeon_uncore/sim/sim.h"
#include "../../drivers/perf/xeon_uncore/uncore.h"
#include "bench.h"

#define BENCH_MAX_EVENTS	(1 + NHMEX_M_NUM_BOXES * NHMEX_M_NUM_COUNTERS)
#define BENCH_MAX_ITERS		1000000
#define BENCH_RESULTS_SIZE	12288
/*
 * The sampling events' period: large, so that the events a call injects
 * into counters that do not overflow never complete one
 */
#define BENCH_PERIOD		1000000000ULL
#define BENCH_CTR_MAX		GENMASK_ULL(NHMEX_CTR_WIDTH - 1, 0)

/* M-Box "cycles" (inc_sel 0x1b, wrap_mode 1) and U-Box event 0 */
#define BENCH_M_CONFIG		(FIELD_PREP(NHMEX_M_CTL_INC_SEL, 0x1b) | \
				 NHMEX_M_CTL_WRAP_MODE)
#define BENCH_U_CONFIG		0ULL

static unsigned int iters = 10000;
module_param(iters, uint, 0444);
MODULE_PARM_DESC(iters, "Handler calls per (n, k), 1..1000000 (default 10000)");

static unsigned int ns[3] = { 1, 4, 13 };
static unsigned int nr_ns = ARRAY_SIZE(ns);
module_param_array(ns, uint, &nr_ns, 0444);
MODULE_PARM_DESC(ns, "Active events to measure with, each 1..13 (default 1,4,13)");

/* The sampling table: (n, k) for one and for every sampling counter */
static const struct {
	unsigned int n;
	unsigned int k;
} bench_sampling[] = {
	{ 1, 1 }, { 13, 1 }, { 13, 13 },
};

/* The boxes the benchmark's events are in */
enum bench_box { BENCH_UBOX, BENCH_MBOX0, BENCH_MBOX1, BENCH_NR_BOXES };

/* One open event and where it counts */
struct bench_event {
	struct perf_event *event;
	enum bench_box box;
	u32 ctr;		/* its counter's MSR, once active */
};

struct bench {
	struct xu_uncore *uc;
	struct xu_sim *sim;
	int cpu;		/* the collecting CPU of package 0 */
	struct bench_event ev[BENCH_MAX_EVENTS];
	unsigned int n;
	unsigned int k;
	bool sampling;		/* the events sample (bench_sampling) */
	u64 samples;		/* their overflow handler's calls */
	u32 *ns_per_call;
	u32 *frz_ns_per_call;	/* sampling: time frozen per call */
	/* results of one (n, k) */
	unsigned int good;	/* calls that returned what was set up */
	u64 reads;
	u64 writes;
	u64 frz_reads;		/* sampling: accesses while frozen */
	u64 frz_writes;
	u64 sum_ns;
	u64 sum_frz_ns;
	bool uneven;		/* access counts differed between calls */
	bool any_uneven;	/* ... in some (n, k) */
	int err;
	struct seq_buf out;
};

static struct dentry *bench_dir;
static char *bench_results;

/* The i-th event: M-Box 0, M-Box 1, U-Box, M-Box 0, M-Box 1, M-Box 0, ... */
static enum bench_box bench_box_of(unsigned int i)
{
	if (i == 2)
		return BENCH_UBOX;
	return i < 2 ? BENCH_MBOX0 + i : BENCH_MBOX0 + (i - 3) % 2;
}

static const char *bench_pmu_name(enum bench_box box)
{
	switch (box) {
	case BENCH_UBOX:
		return "uncore_ubox";
	case BENCH_MBOX0:
		return "uncore_mbox_0";
	default:
		return "uncore_mbox_1";
	}
}

static struct xu_pmu *bench_pmu(struct xu_uncore *uc, const char *name)
{
	unsigned int i;

	for (i = 0; i < uc->num_pmus; i++)
		if (uc->pmus[i].registered && !strcmp(uc->pmus[i].name, name))
			return &uc->pmus[i];
	return NULL;
}

static void bench_close(struct bench *b)
{
	while (b->n)
		perf_event_release_kernel(b->ev[--b->n].event);
}

/* A sampling event's overflow handler, on the walking CPU: counts */
static void bench_sample(struct perf_event *event,
			 struct perf_sample_data *data, struct pt_regs *regs)
{
	struct bench *b = event->overflow_handler_context;

	b->samples++;
}

/* n events, counting or (b->sampling) sampling */
static int bench_open(struct bench *b, unsigned int n)
{
	struct perf_event_attr attr;

	for (b->n = 0; b->n < n; b->n++) {
		struct bench_event *e = &b->ev[b->n];
		struct perf_event *event;
		struct xu_pmu *xp;

		e->box = bench_box_of(b->n);
		xp = bench_pmu(b->uc, bench_pmu_name(e->box));
		if (!xp)
			return -ENODEV;
		memset(&attr, 0, sizeof(attr));
		attr.type = xp->pmu.type;
		attr.size = sizeof(attr);
		attr.config = e->box == BENCH_UBOX ? BENCH_U_CONFIG : BENCH_M_CONFIG;
		if (b->sampling)
			attr.sample_period = BENCH_PERIOD;
		event = perf_event_create_kernel_counter(&attr, b->cpu, NULL,
							 b->sampling ? bench_sample : NULL,
							 b->sampling ? b : NULL);
		if (IS_ERR(event))
			return PTR_ERR(event);
		e->event = event;
	}
	return 0;
}

/* On the collecting CPU: find each event's counter */
static int bench_find_counters(struct bench *b)
{
	unsigned int i;

	for (i = 0; i < b->n; i++) {
		struct bench_event *e = &b->ev[i];
		int idx = READ_ONCE(e->event->hw.idx);

		if (e->event->state != PERF_EVENT_STATE_ACTIVE || idx < 0)
			return -EBUSY;
		if (e->box == BENCH_UBOX)
			e->ctr = NHMEX_U_CTR;
		else
			e->ctr = NHMEX_M_CNT(e->box - BENCH_MBOX0, idx);
	}
	return 0;
}

/* One event into every counter of @box that counts the benchmark's */
static int bench_inject(struct bench *b, enum bench_box box)
{
	if (box == BENCH_UBOX)
		return xu_sim_inject(b->sim, 0, "ubox", 0, BENCH_U_CONFIG,
				     XU_SIM_SUB_ANY, 1);
	return xu_sim_inject(b->sim, 0, "mbox", box - BENCH_MBOX0,
			     FIELD_GET(NHMEX_M_CTL_INC_SEL, BENCH_M_CONFIG),
			     XU_SIM_SUB_ANY, 1);
}

/*
 * Leave the first @k counters just overflowed, with frz_all off: the
 * first overflow would otherwise freeze the others before they count
 */
static int bench_overflow_unfrozen(struct bench *b, unsigned int k)
{
	u64 gctl = b->uc->pmus[0].boxes[0].box_ctl;
	bool inject[BENCH_NR_BOXES] = {};
	unsigned int i;
	int ret;

	ret = xu_sim_write(b->sim, 0, NHMEX_U_GLOBAL_CTL,
			   gctl & ~NHMEX_U_GCTL_FRZ_ALL);
	for (i = 0; !ret && i < k; i++) {
		ret = xu_sim_write(b->sim, 0, b->ev[i].ctr, BENCH_CTR_MAX);
		inject[b->ev[i].box] = true;
	}
	for (i = 0; !ret && i < BENCH_NR_BOXES; i++)
		if (inject[i])
			ret = bench_inject(b, i);
	return ret;
}

/*
 * Leave the first k counters just overflowed, as a PMI finds them: status
 * bits set and the package frozen (en_all cleared by the bench)
 */
static int bench_overflow(struct bench *b)
{
	u64 gctl = b->uc->pmus[0].boxes[0].box_ctl;
	int ret;

	if (!b->k)
		return 0;
	ret = bench_overflow_unfrozen(b, b->k);
	if (!ret)
		ret = xu_sim_write(b->sim, 0, NHMEX_U_GLOBAL_CTL,
				   gctl & ~NHMEX_U_GCTL_EN_ALL);
	return ret;
}

/*
 * The same, but the k-th counter overflows last, with frz_all set again:
 * its PMI clears en_all, as on hardware, and the simulator counts the
 * time and the accesses from then on as frozen.  The others of its box
 * count that event too (those already overflowed stay flagged).
 */
static int bench_overflow_pmi(struct bench *b)
{
	struct bench_event *last = &b->ev[b->k - 1];
	int ret;

	ret = bench_overflow_unfrozen(b, b->k - 1);
	if (!ret)
		ret = xu_sim_write(b->sim, 0, last->ctr, BENCH_CTR_MAX);
	if (!ret)
		ret = xu_sim_write(b->sim, 0, NHMEX_U_GLOBAL_CTL,
				   b->uc->pmus[0].boxes[0].box_ctl);
	if (!ret)
		ret = bench_inject(b, last->box);
	return ret;
}

/* What the simulator counted on package 0 while PMIs kept it frozen */
struct bench_frozen {
	u64 reads;
	u64 writes;
	u64 ns;
};

static void bench_frozen(struct bench *b, struct bench_frozen *f)
{
	xu_sim_frozen(b->sim, 0, &f->reads, &f->writes, &f->ns);
}

/* Keep one undisturbed call's figures */
static void bench_add(struct bench *b, u64 reads, u64 writes, u64 ns,
		      const struct bench_frozen *f0,
		      const struct bench_frozen *f1)
{
	u64 fr = f1->reads - f0->reads, fw = f1->writes - f0->writes;
	u64 fns = f1->ns - f0->ns;

	if (b->good && (reads != b->reads || writes != b->writes ||
			fr != b->frz_reads || fw != b->frz_writes))
		b->uneven = true;
	b->reads = reads;
	b->writes = writes;
	b->frz_reads = fr;
	b->frz_writes = fw;
	b->ns_per_call[b->good] = ns;
	b->frz_ns_per_call[b->good++] = min_t(u64, fns, U32_MAX);
	b->sum_ns += ns;
	b->sum_frz_ns += fns;
}

/* The calls of one (n, k), on the collecting CPU */
static long bench_run_one(void *data)
{
	struct bench *b = data;
	struct bench_frozen f0, f1;
	u64 r0, w0, r1, w1, t0, t1, s0;
	unsigned long flags;
	unsigned int i;
	int ret;

	b->good = 0;
	b->sum_ns = 0;
	b->sum_frz_ns = 0;
	b->uneven = false;
	ret = bench_find_counters(b);
	if (ret)
		return ret;
	for (i = 0; i < iters; i++) {
		local_irq_save(flags);
		ret = b->sampling ? bench_overflow_pmi(b) : bench_overflow(b);
		if (ret) {
			local_irq_restore(flags);
			return ret;
		}
		s0 = b->samples;
		bench_frozen(b, &f0);
		xu_sim_accesses(b->sim, &r0, &w0);
		t0 = ktime_get_ns();
		ret = xu_handle_pmi(b->uc, 0, NULL);
		t1 = ktime_get_ns();
		xu_sim_accesses(b->sim, &r1, &w1);
		bench_frozen(b, &f1);
		local_irq_restore(flags);

		/*
		 * anything else would be a stray NMI taking our overflows, or
		 * (sampling) an event throttled
		 */
		if (ret == b->k && (!b->sampling || b->samples - s0 == b->k))
			bench_add(b, r1 - r0, w1 - w0, t1 - t0, &f0, &f1);
		if (!(i % 256))
			cond_resched();
	}
	return 0;
}

/* What the clock pair itself costs, on the collecting CPU */
static long bench_run_clock(void *data)
{
	struct bench *b = data;
	unsigned long flags;
	unsigned int i;
	u64 t0, t1;

	b->sum_ns = 0;
	for (i = 0; i < iters; i++) {
		local_irq_save(flags);
		t0 = ktime_get_ns();
		t1 = ktime_get_ns();
		local_irq_restore(flags);
		b->ns_per_call[i] = t1 - t0;
		b->sum_ns += t1 - t0;
	}
	b->good = iters;
	b->reads = 0;
	b->writes = 0;
	b->uneven = false;
	return 0;
}

static u32 bench_median(struct bench *b)
{
	return xu_bench_median(b->ns_per_call, b->good);
}

/* "M0:2 M1:1 U:1" for the first k events */
static void bench_print_which(struct bench *b)
{
	static const char * const names[] = {
		[BENCH_UBOX] = "U", [BENCH_MBOX0] = "M0", [BENCH_MBOX1] = "M1",
	};
	static const enum bench_box order[] = {
		BENCH_MBOX0, BENCH_MBOX1, BENCH_UBOX,
	};
	unsigned int cnt[BENCH_NR_BOXES] = {}, i, len = 0;
	char buf[24];

	for (i = 0; i < b->k; i++)
		cnt[b->ev[i].box]++;
	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(order); i++)
		if (cnt[order[i]])
			len += scnprintf(buf + len, sizeof(buf) - len, "%s%s:%u",
					 len ? " " : "", names[order[i]],
					 cnt[order[i]]);
	seq_buf_printf(&b->out, "%-14s", b->k ? buf : "- (not ours)");
}

static void bench_print_row(struct bench *b)
{
	if (!b->good) {
		seq_buf_printf(&b->out, "%2u %2u  no undisturbed call\n", b->n, b->k);
		return;
	}
	seq_buf_printf(&b->out, "%2u %2u  ", b->n, b->k);
	bench_print_which(b);
	seq_buf_printf(&b->out, " %5llu%s %6llu%s %10u %10llu %8u\n",
		       b->reads, b->uneven ? "*" : " ", b->writes,
		       b->uneven ? "*" : " ", bench_median(b),
		       div_u64(b->sum_ns, b->good), b->good);
	b->any_uneven |= b->uneven;
}

static void bench_print_sampling_row(struct bench *b)
{
	const char *mark = b->uneven ? "*" : " ";

	if (!b->good) {
		seq_buf_printf(&b->out, "%2u %2u  no undisturbed call\n", b->n, b->k);
		return;
	}
	seq_buf_printf(&b->out, "%2u %2u  ", b->n, b->k);
	bench_print_which(b);
	seq_buf_printf(&b->out, " %5llu%s %6llu%s %7llu%s %7llu%s %10u %10llu %10u %8u\n",
		       b->reads, mark, b->writes, mark, b->frz_reads, mark,
		       b->frz_writes, mark,
		       xu_bench_median(b->frz_ns_per_call, b->good),
		       div_u64(b->sum_frz_ns, b->good), bench_median(b), b->good);
	b->any_uneven |= b->uneven;
}

/* The sampling table: one and every sampling counter overflowed */
static int bench_run_sampling(struct bench *b)
{
	unsigned int i;
	long ret;

	seq_buf_printf(&b->out,
		       "\nsampling events (sample_period %llu, an overflow handler that counts), the k-th overflowing with frz_all set: its PMI freezes the package\n",
		       BENCH_PERIOD);
	seq_buf_printf(&b->out,
		       "frz_*: while frozen (xu_sim_frozen()): accesses, and the time from the overflow to the walk's unfreeze\n");
	seq_buf_printf(&b->out, "%2s %2s  %-14s %6s %7s %8s %8s %10s %10s %10s %8s\n",
		       "n", "k", "overflowed", "reads", "writes", "frz_rd",
		       "frz_wr", "frz_med_ns", "frz_mean", "median_ns", "calls");
	b->sampling = true;
	for (i = 0; i < ARRAY_SIZE(bench_sampling); i++) {
		b->k = bench_sampling[i].k;
		ret = bench_open(b, bench_sampling[i].n);
		if (!ret)
			ret = work_on_cpu(b->cpu, bench_run_one, b);
		bench_close(b);
		if (ret) {
			pr_err("sampling n=%u k=%u: %ld\n", bench_sampling[i].n,
			       bench_sampling[i].k, ret);
			break;
		}
		b->n = bench_sampling[i].n;
		bench_print_sampling_row(b);
	}
	b->sampling = false;
	return ret;
}

static int bench_run(struct bench *b)
{
	unsigned int i, j, ks[4];
	long ret;

	seq_buf_printf(&b->out,
		       "xu_handle_pmi() on package 0 (CPU %d), simulated uncore, generator off, %u calls each\n",
		       b->cpu, iters);
	seq_buf_printf(&b->out,
		       "times are under QEMU TCG (software emulation): only relative figures and access counts transfer to hardware\n");
	seq_buf_printf(&b->out, "%2s %2s  %-14s %6s %7s %10s %10s %8s\n",
		       "n", "k", "overflowed", "reads", "writes", "median_ns",
		       "mean_ns", "calls");

	for (i = 0; i < nr_ns; i++) {
		unsigned int n = ns[i], nk = 0;

		ks[nk++] = 0;
		ks[nk++] = 1;
		if (n > 4)
			ks[nk++] = 4;
		if (n > 1)
			ks[nk++] = n;

		ret = bench_open(b, n);
		if (ret) {
			pr_err("opening %u events failed: %ld\n", n, ret);
			bench_close(b);
			return ret;
		}
		for (j = 0; j < nk; j++) {
			b->k = ks[j];
			ret = work_on_cpu(b->cpu, bench_run_one, b);
			if (ret) {
				pr_err("n=%u k=%u: %ld\n", n, b->k, ret);
				bench_close(b);
				return ret;
			}
			bench_print_row(b);
		}
		bench_close(b);
	}

	work_on_cpu(b->cpu, bench_run_clock, b);
	seq_buf_printf(&b->out, "ktime_get_ns() pair alone: median %u ns, mean %llu ns\n",
		       bench_median(b), div_u64(b->sum_ns, b->good));
	ret = bench_run_sampling(b);
	if (ret)
		return ret;
	if (b->any_uneven)
		seq_buf_printf(&b->out, "%s\n",
			       "* access counts differed between calls; the last call's shown");
	return 0;
}

static int bench_results_show(struct seq_file *m, void *unused)
{
	seq_puts(m, bench_results);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(bench_results);

static int __init bench_init(void)
{
	struct bench *b;
	bool deliver;
	unsigned int i;
	int ret;

	if (iters < 1 || iters > BENCH_MAX_ITERS) {
		pr_err("iters=%u is outside 1..%u\n", iters, BENCH_MAX_ITERS);
		return -EINVAL;
	}
	for (i = 0; i < nr_ns; i++) {
		if (ns[i] < 1 || ns[i] > BENCH_MAX_EVENTS) {
			pr_err("ns: %u is outside 1..%u\n", ns[i], BENCH_MAX_EVENTS);
			return -EINVAL;
		}
	}

	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!b)
		return -ENOMEM;
	b->uc = xu_uncore_instance();
	b->sim = xu_sim_instance();
	if (!b->sim || !b->uc->pmi || !b->uc->pmus) {
		pr_err("needs xeon_uncore loaded with pmi=1 and xeon_uncore_sim attached\n");
		ret = -ENODEV;
		goto free;
	}
	b->cpu = b->uc->pmus[0].boxes[0].cpu;
	if (b->cpu < 0) {
		pr_err("package 0 has no collecting CPU\n");
		ret = -ENODEV;
		goto free;
	}
	b->ns_per_call = vmalloc_array(iters, sizeof(u32));
	b->frz_ns_per_call = vmalloc_array(iters, sizeof(u32));
	bench_results = kzalloc(BENCH_RESULTS_SIZE, GFP_KERNEL);
	if (!b->ns_per_call || !b->frz_ns_per_call || !bench_results) {
		ret = -ENOMEM;
		goto free;
	}
	seq_buf_init(&b->out, bench_results, BENCH_RESULTS_SIZE);

	xu_sim_set_generator(b->sim, false);
	deliver = xu_sim_set_deliver_pmi(b->sim, false);
	ret = bench_run(b);
	xu_sim_set_deliver_pmi(b->sim, deliver);
	xu_sim_set_generator(b->sim, true);
	if (ret)
		goto free;

	bench_dir = debugfs_create_dir("xeon_uncore_bench", NULL);
	debugfs_create_file("results", 0444, bench_dir, NULL, &bench_results_fops);
	pr_info("done: %s/results in debugfs\n", "xeon_uncore_bench");
	vfree(b->frz_ns_per_call);
	vfree(b->ns_per_call);
	kfree(b);
	return 0;

free:
	kfree(bench_results);
	vfree(b->frz_ns_per_call);
	vfree(b->ns_per_call);
	kfree(b);
	return ret;
}

static void __exit bench_exit(void)
{
	debugfs_remove_recursive(bench_dir);
	kfree(bench_results);
}

module_init(bench_init);
module_exit(bench_exit);

MODULE_IMPORT_NS(XU_NS);
MODULE_IMPORT_NS(XU_NS_INTERNAL);
MODULE_IMPORT_NS(XU_SIM_NS);
MODULE_DESCRIPTION("Benchmark of the xeon_uncore PMI handler on the simulated uncore");
MODULE_LICENSE("GPL");
