/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore's out-of-tree workarounds (compat.c): what exists only
 * because the driver is a module outside the kernel tree, each with why,
 * and what an in-tree driver would do instead.  Nothing here uses the
 * rest of the driver.
 */
#ifndef _XEON_UNCORE_COMPAT_H
#define _XEON_UNCORE_COMPAT_H

#include <linux/perf_event.h>

/*
 * perf's current max_sample_rate, read from its sysctl file (process
 * context); a negative errno if unreadable.  In tree: read
 * sysctl_perf_event_sample_rate, or let perf_event_overflow() throttle.
 */
int xu_perf_max_sample_rate(void);

/*
 * A PMI walk took @ns: perf_sample_event_took(), which lowers perf's
 * max_sample_rate when interrupt handlers take more than
 * kernel.perf_cpu_time_max_percent, where the kernel exports it; none of
 * Debian's does, and there it is not called.  In tree: call it.
 */
static inline void xu_sample_took(u64 ns)
{
#ifdef XU_HAVE_SAMPLE_EVENT_TOOK
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
 * Frequency mode: the period the driver steers (its first one is perf's
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
