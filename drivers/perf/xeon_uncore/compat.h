/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore's out-of-tree workarounds (compat.c and this header): what
 * exists only because the driver is a module outside the kernel tree,
 * each with why, and what an in-tree driver would do instead.  The
 * driver, the simulator and the tests include it; nothing here uses the
 * rest of the driver.
 *
 * Two kinds:
 * - Differences between the kernels the module is built against (Linux
 *   6.1 to 6.12 and Debian's backports into them), which the
 *   out-of-tree Kbuild probes for in the kernel's headers and passes as
 *   XU_HAVE_* (and XU_NS_LITERAL).  In tree the code is built against
 *   one kernel, its own: the Kbuild's XU_OUT_OF_TREE is not defined, and
 *   the block below takes that kernel's interfaces (linux-source-6.12's,
 *   the tree tools/intree/lay lays it into), so every #ifdef here
 *   resolves to one branch.
 * - Interfaces perf core keeps from modules (compat.c): in tree, the
 *   driver would call them instead.
 * - A bug of perf core the driver steps around (compat.c,
 *   xu_pmu_cancel_mux_timers()): in tree, perf core would be fixed.
 */
#ifndef _XEON_UNCORE_COMPAT_H
#define _XEON_UNCORE_COMPAT_H

#include <linux/perf_event.h>
#include <linux/smp.h>
#include <linux/syscore_ops.h>
#include <linux/topology.h>

#ifndef XU_OUT_OF_TREE
/* In tree: the interfaces of the kernel the driver is part of */
#define XU_HAVE_SYSCORE
#define XU_HAVE_MAX_THREADS_PER_CORE
#define XU_HAVE_CONFIG3
#define XU_HAVE_PENDING_DISABLE_IRQ
#define XU_HAVE_DEVICE_DRIVER_OVERRIDE
#define XU_HAVE_CPU_PMU_CONTEXT
#define XU_HAVE_STATIC_STUB
#endif

/*
 * Symbol namespaces: a string literal from Linux 6.13 on, a bare word
 * before; the out-of-tree Kbuild defines XU_NS_LITERAL from the kernel's
 * version.  In tree: the literal or the word, as the tree takes it,
 * written out where the namespace is named (attach.h, sim/sim.h).
 */
#ifdef XU_NS_LITERAL
#define XU_NS_NAME(ns)		#ns
#else
#define XU_NS_NAME(ns)		ns
#endif

/*
 * A function a KUnit case may stand in for (kunit_activate_static_stub()),
 * in the thread that runs the case only: KUnit's static stubs, since
 * Linux 6.2 (XU_HAVE_STATIC_STUB); nothing on kernels without them or
 * without CONFIG_KUNIT.  In tree: KUNIT_STATIC_STUB_REDIRECT().
 */
#ifdef XU_HAVE_STATIC_STUB
#include <kunit/static_stub.h>
#define XU_STATIC_STUB(fn, args...)	KUNIT_STATIC_STUB_REDIRECT(fn, args)
#else
#define XU_STATIC_STUB(fn, args...)	((void)(fn))
#endif

/*
 * Whether a PMU takes sampling events.  Linux 6.1 and 6.12 mark one that
 * does not with PERF_PMU_CAP_NO_INTERRUPT, and perf refuses them there;
 * the series "perf: Rework event_init checks" (posted August 2025)
 * retires it for the opposite, PERF_PMU_CAP_SAMPLING of a PMU that does,
 * which a kernel with the series defines.  In tree: the flag the tree has.
 */
static inline void xu_pmu_set_sampling(struct pmu *pmu, bool samples)
{
#ifdef PERF_PMU_CAP_SAMPLING
	if (samples)
		pmu->capabilities |= PERF_PMU_CAP_SAMPLING;
#else
	if (!samples)
		pmu->capabilities |= PERF_PMU_CAP_NO_INTERRUPT;
#endif
}

/*
 * Threads per core, for the core of a CPU that may be offline
 * (topology.h): Linux 6.9 exports __max_threads_per_core, older kernels
 * have smp_num_siblings (XU_HAVE_MAX_THREADS_PER_CORE).  In tree:
 * __max_threads_per_core.
 */
static inline unsigned int xu_threads_per_core(void)
{
#ifdef XU_HAVE_MAX_THREADS_PER_CORE
	return __max_threads_per_core;
#else
	return smp_num_siblings;
#endif
}

/*
 * perf_event_attr.config3 (Linux 6.3 on, XU_HAVE_CONFIG3), which no
 * format of the driver uses; 0 on kernels without it.  In tree:
 * attr->config3.
 */
static inline u64 xu_attr_config3(const struct perf_event_attr *attr)
{
#ifdef XU_HAVE_CONFIG3
	return attr->config3;
#else
	return 0;
#endif
}

/*
 * System sleep callbacks, for xeon_uncore.ko and xeon_uncore_sim.ko
 * alike: int suspend(void) and void resume(void), run on the boot CPU
 * with interrupts off.  Newer kernels (Debian's 6.12 among them,
 * XU_HAVE_SYSCORE) pass a data pointer through struct syscore and
 * register_syscore(), older ones take a struct syscore_ops alone
 * (register_syscore_ops()).  In tree: the callers would fill a struct
 * syscore and call register_syscore() themselves, which is what the
 * XU_HAVE_SYSCORE branch does.
 */
struct xu_syscore {
	int (*suspend)(void);
	void (*resume)(void);
	struct syscore_ops ops;
#ifdef XU_HAVE_SYSCORE
	struct syscore syscore;
#endif
};

#ifdef XU_HAVE_SYSCORE
static inline int xu_syscore_suspend(void *data)
{
	return ((struct xu_syscore *)data)->suspend();
}

static inline void xu_syscore_resume(void *data)
{
	((struct xu_syscore *)data)->resume();
}

static inline void xu_syscore_register(struct xu_syscore *x)
{
	x->ops.suspend = xu_syscore_suspend;
	x->ops.resume = xu_syscore_resume;
	x->syscore.ops = &x->ops;
	x->syscore.data = x;
	register_syscore(&x->syscore);
}

static inline void xu_syscore_unregister(struct xu_syscore *x)
{
	unregister_syscore(&x->syscore);
}
#else
static inline void xu_syscore_register(struct xu_syscore *x)
{
	x->ops.suspend = x->suspend;
	x->ops.resume = x->resume;
	register_syscore_ops(&x->ops);
}

static inline void xu_syscore_unregister(struct xu_syscore *x)
{
	unregister_syscore_ops(&x->ops);
}
#endif

/*
 * perf's current max_sample_rate, read from its sysctl file, the one
 * interface a module has to it (process context); a negative errno if
 * unreadable.  In tree: let perf_event_overflow() throttle (compat.c).
 */
int xu_perf_max_sample_rate(void);

/*
 * A PMI walk took @ns: perf_sample_event_took(), which lowers perf's
 * max_sample_rate when interrupt handlers take more than
 * kernel.perf_cpu_time_max_percent, where the kernel exports it; none of
 * Debian's does, and there it is not called.  In tree it is called when
 * the driver is built in; a module reaches it only if it is exported.
 */
static inline void xu_sample_took(u64 ns)
{
#if defined(XU_HAVE_SAMPLE_EVENT_TOOK) || \
	(!defined(XU_OUT_OF_TREE) && IS_BUILTIN(CONFIG_XEON_UNCORE))
	perf_sample_event_took(ns);
#endif
}

/*
 * Hand one sample to perf as perf_event_overflow() would; true if the
 * event must stop (its PERF_EVENT_IOC_REFRESH limit ran out).  In tree:
 * perf_event_overflow(), which also throttles.
 */
bool xu_event_sample(struct perf_event *event, struct perf_sample_data *data,
		     struct pt_regs *regs);

/*
 * End @event as perf_event_disable_inatomic() does (not exported): it is
 * disabled, on its CPU, once interrupts are on there.  Any context.  In
 * tree: perf_event_disable_inatomic().
 */
void xu_event_disable_inatomic(struct perf_event *event);

/*
 * Refuse BPF programs on @event, which xu_event_sample() could not run.
 * In tree: nothing; perf_event_overflow() runs them.
 */
void xu_event_refuse_bpf(struct perf_event *event);

/*
 * 0 if no PMU is registered under @name, else -EBUSY with an explanation
 * in the log.  In tree: intel_uncore and this driver would be one, and
 * perf_pmu_register()'s own refusal would do.
 */
int xu_pmu_name_free(const char *name);

/*
 * @pmu's multiplexing hrtimer on @cpu, which perf core keeps in the
 * PMU's per-CPU context: struct perf_cpu_pmu_context from Linux 6.2
 * (XU_HAVE_CPU_PMU_CONTEXT), struct perf_cpu_context before.  In tree:
 * the first.
 */
static inline struct hrtimer *xu_pmu_mux_timer(struct pmu *pmu, int cpu)
{
#ifdef XU_HAVE_CPU_PMU_CONTEXT
	return &per_cpu_ptr(pmu->cpu_pmu_context, cpu)->hrtimer;
#else
	return &per_cpu_ptr(pmu->pmu_cpu_context, cpu)->hrtimer;
#endif
}

/*
 * Cancel @pmu's multiplexing hrtimers, on every CPU, before
 * perf_pmu_unregister(), with no event left on @pmu.  Process context.
 * In tree: perf_pmu_unregister() would cancel them itself (compat.c).
 */
void xu_pmu_cancel_mux_timers(struct pmu *pmu);

struct pci_dev;

/*
 * Keep other drivers from binding @pdev while the driver uses it: its
 * driver_override names this module; 0 or a negative errno.
 * xu_pci_unhold() clears the override (NULL: nothing).  Process context.
 * In tree: one driver, bound to the functions as a pci_driver.
 */
int xu_pci_hold(struct pci_dev *pdev);
void xu_pci_unhold(struct pci_dev *pdev);

/*
 * The driver keeps per-event state of its own in fields of struct
 * hw_perf_event that perf core leaves to the PMU and that its uncore
 * events do not use otherwise.  In tree, struct hw_perf_event would get
 * a member for the driver (as its union does for other PMUs); here the
 * accessors below name what each field holds.
 */

/*
 * Frequency mode: the period the driver adjusts (its first one is perf's
 * initial period); hw.sample_period is also written by perf's tick
 */
static inline u64 xu_steered_period(const struct perf_event *event)
{
	return event->hw.config_base;
}

static inline void xu_set_steered_period(struct perf_event *event, u64 period)
{
	event->hw.config_base = period;
}

/* A period ended while the event was stopped: the next walk samples it */
static inline bool xu_sample_owed(const struct perf_event *event)
{
	return event->hw.event_base;
}

static inline void xu_set_sample_owed(struct perf_event *event, bool owed)
{
	event->hw.event_base = owed;
}

/*
 * Samples folded by a walk on another CPU, which the event's own CPU has
 * yet to write (xu_event_flush_samples()); struct xu_pkg.deferred keeps
 * the time of each that found room there
 */
static inline unsigned int xu_samples_pending(const struct perf_event *event)
{
	return event->hw.event_base_rdpmc;
}

static inline void xu_set_samples_pending(struct perf_event *event,
					  unsigned int n)
{
	event->hw.event_base_rdpmc = n;
}

/*
 * A sampling event's ring buffer CPU: the CPU it was opened on, the one
 * perf_event_set_output() ties its buffer to.  perf_pmu_migrate_context()
 * moves event->cpu, never this.
 */
static inline int xu_event_home_cpu(const struct perf_event *event)
{
	return event->hw.last_cpu;
}

static inline void xu_set_event_home_cpu(struct perf_event *event, int cpu)
{
	event->hw.last_cpu = cpu;
}

/* Frequency mode: the counting time of the current period while stopped */
static inline u64 xu_freq_counted_ns(const struct perf_event *event)
{
	return event->hw.last_tag;
}

static inline void xu_set_freq_counted_ns(struct perf_event *event, u64 ns)
{
	event->hw.last_tag = ns;
}

#endif /* _XEON_UNCORE_COMPAT_H */
