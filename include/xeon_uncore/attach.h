/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The contract between xeon_uncore.ko and an uncore that is not the
 * machine's own (xeon_uncore_sim.ko): the register accessors it provides
 * (struct xu_io_ops), the box they are called for (struct xu_box), and
 * the calls that attach and detach it.  Nothing else of the driver is
 * the attaching module's to use.
 */
#ifndef _XEON_UNCORE_ATTACH_H
#define _XEON_UNCORE_ATTACH_H

#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/smp.h>
#include <linux/types.h>

#include <xeon_uncore/compat.h>

/*
 * Symbol namespaces.  XEON_UNCORE is the interface the simulator module
 * (xeon_uncore_sim.ko) attaches through; XEON_UNCORE_INTERNAL holds the
 * internals the benchmarks (tools/bench) use, which run on kernels
 * without KUnit.  What only the KUnit suites use is exported with
 * EXPORT_SYMBOL_IF_KUNIT(), to KUnit kernels only.  How a kernel writes
 * a namespace is compat.h's XU_NS_NAME().
 */
#define XU_NS			XU_NS_NAME(XEON_UNCORE)
#define XU_NS_INTERNAL		XU_NS_NAME(XEON_UNCORE_INTERNAL)

#define XU_MAX_COUNTERS		8	/* general purpose and fixed */
#define XU_MAX_EXTRA		40	/* shared sub-registers per box */

struct module;
struct pci_dev;
struct perf_event;
struct xu_box;
struct xu_pmu;

/**
 * struct xu_io_ops - register access, real or simulated
 *
 * Every register access of the driver goes through these two calls.  A
 * failed access (a faulting MSR, an unreachable PCI device) returns a
 * negative errno and never oopses.
 */
struct xu_io_ops {
	/** @name: shown in the log when the PMUs are registered */
	const char *name;
	/**
	 * @owner: the module that provides these accessors; the PMUs hold
	 * a reference to it while perf events exist
	 */
	struct module *owner;
	/** @read: read register @reg of @box's package into @val */
	int (*read)(struct xu_box *box, u32 reg, u64 *val);
	/** @write: write @val to register @reg of @box's package */
	int (*write)(struct xu_box *box, u32 reg, u64 val);
	/**
	 * @quiesce: on unload, after the boxes are disabled: wait for any
	 * overflow interrupt under way (may be NULL)
	 */
	void (*quiesce)(void *io_priv);
	/**
	 * @pci_domain: the PCI domain whose devices are this uncore's PCI
	 * boxes, or -1 for any (may be NULL: any); a simulated uncore
	 * creates a domain of its own
	 */
	int (*pci_domain)(void *io_priv);
	/**
	 * @native: the registers are the machine's own, so that settings
	 * of the CPUs' core side (IA32_DEBUGCTL) reach them; false for a
	 * simulated uncore, which delivers its PMIs itself
	 */
	bool native;
};

/**
 * struct xu_box - one box of one package, as perf sees it
 *
 * The accessors of struct xu_io_ops may read @pkg and @io_priv; every
 * other field is the driver's.
 *
 * @cpu is set by the CPU hotplug callbacks and read without the lock
 * (WRITE_ONCE/READ_ONCE).  Everything else but @pmu, @pkg, @io and
 * @io_priv is touched only with the
 * package locked (struct xu_pkg) and interrupts off: by the perf
 * callbacks on @cpu, by reads from any CPU of the package
 * (PERF_EV_CAP_READ_ACTIVE_PKG), by the PMI walk on whichever CPU of the
 * package took the PMI, and by the timers, pinned to a CPU of the package
 * (the poll timer and the watchdog to @cpu, an unthrottle timer to the
 * CPU whose walk throttled).
 *
 * @pmu:      the PMU the box belongs to
 * @pkg:      its package (socket)
 * @cpu:      the package's collecting CPU, -1 while it has none
 * @io:       register accessors
 * @io_priv:  accessor data (the simulated uncore, a PCI device)
 * @n_events: events added to the box, in @events
 * @events:   the events added to the box, @n_events of them
 * @active:   started events, by counter
 * @n_active: number of started events
 * @disabled: @bracket_cpu's pmu_disable calls (and PERF_PMU_TXN_ADD
 *            transactions) not yet matched by pmu_enable (their end);
 *            0: no bracket is open
 * @bracket_cpu: the CPU whose bracket is open (the first to open one
 *            while none was); the others' brackets are not counted
 * @frozen:   frozen for a group's stop or start inside @bracket_cpu's
 *            bracket, until the bracket's end, or by a group read
 *            (PERF_PMU_TXN_READ), until its end; or, with no bracket
 *            open, left frozen until the walk of a PMI's freeze
 *            (xu_box_thaw())
 * @linger:   bit c: counter c still counts for the event that pmu::del
 *            took off it inside the bracket (__xu_event_leave()), until
 *            that event takes it back, another event starts on it, or
 *            the bracket ends (xu_ctr_release())
 * @linger_event: that event, alive until the bracket's end: perf holds
 *            the context's lock from the bracket's start to its end; its
 *            claims on the extra registers hold until the release
 * @linger_ctl:  the control value a lingering counter holds
 * @linger_prev: its value when its event's count was folded at the del
 * @box_ctl:  the value the driver means the box's control register to
 *            hold, for a register that packs several fields: the U-Box's
 *            U_MSR_PMON_GLOBAL_CTL (Xeon 7500: with en_all; Xeon E5 v2:
 *            the PMI routing every write repeats)
 * @pdev:     XU_PCI: the box's PCI function, NULL if this package lacks it
 * @fdev:     XU_PCI: its filter function (struct xu_box_type.filter_fn)
 * @extra:    the values the extra registers hold, valid in @extra_set
 * @extra_set: bit i: @extra[i] is what register i holds
 * @timer:    polls the counters while no overflow interrupt folds them;
 *            with one, restarts throttled events a tick later
 * @unthrottle_work: arms @timer from the NMI handler
 * @timer_csd: arms @timer on the collecting CPU, from another CPU
 */
struct xu_box {
	struct xu_pmu *pmu;
	unsigned int pkg;
	int cpu;
	const struct xu_io_ops *io;
	void *io_priv;
	unsigned int n_events;
	struct perf_event *events[XU_MAX_COUNTERS];
	struct perf_event *active[XU_MAX_COUNTERS];
	unsigned int n_active;
	unsigned int disabled;
	int bracket_cpu;
	bool frozen;
	unsigned long linger;
	struct perf_event *linger_event[XU_MAX_COUNTERS];
	u64 linger_ctl[XU_MAX_COUNTERS];
	u64 linger_prev[XU_MAX_COUNTERS];
	u64 box_ctl;
	struct pci_dev *pdev;
	struct pci_dev *fdev;
	u64 extra[XU_MAX_EXTRA];
	unsigned long extra_set;
	struct hrtimer timer;
	struct irq_work unthrottle_work;
	call_single_data_t timer_csd;
};

/**
 * xu_attach() - register the PMUs of an uncore that is not the hardware's
 * @plat:    the platform's name: "nhmex", "wsmex", "snbep" or "ivbep"
 * @io:      its register accessors; @io->owner is held while perf events
 *           exist
 * @io_priv: their data, passed back as xu_box.io_priv; also the handle
 *           for xu_detach()
 *
 * Return: 0; -EBUSY if an uncore is registered already; -EINVAL for an
 * unknown @plat; or the errno of the PMUs' registration.
 */
int xu_attach(const char *plat, const struct xu_io_ops *io, void *io_priv);

/**
 * xu_detach() - unregister the PMUs xu_attach() registered
 * @io_priv: the @io_priv given to xu_attach()
 */
void xu_detach(void *io_priv);

#endif /* _XEON_UNCORE_ATTACH_H */
