// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon-uncore's out-of-tree workarounds.  Each exists because a module
 * built outside the kernel tree cannot reach what an in-tree driver
 * would use; each comment says what that is.  One works around a bug of
 * perf core instead, which the kernel would fix in perf core
 * (xu_pmu_cancel_mux_timers()).  compat.h holds the rest:
 * the kernel version differences (the XU_HAVE_* the out-of-tree Kbuild
 * probes for) and the per-event state kept in struct hw_perf_event.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/kernel.h>
#include <linux/namei.h>
#include <linux/pci.h>
#include <linux/perf_event.h>
#include <linux/sysfs.h>

#include "compat.h"

/*
 * perf's max_sample_rate, which perf lowers by itself when its interrupt
 * handlers take too long.  Linux 6.1 and 6.12 export nothing that gives
 * it: not sysctl_perf_event_sample_rate, not max_samples_per_tick, not
 * perf_event_overflow(), which throttles by it; its sysctl file is the
 * one interface a module can read.  Process context, in a worker
 * (xu_sample_rate_refresh()), so the path is the initial mount
 * namespace's /proc, not an opener's.  In tree: leave
 * the throttling to perf_event_overflow() (built in, the driver could
 * also read sysctl_perf_event_sample_rate; as a module, neither without
 * an export).
 */
int xu_perf_max_sample_rate(void)
{
	static const char path[] = "/proc/sys/kernel/perf_event_max_sample_rate";
	char buf[16] = { };
	struct file *f;
	loff_t pos = 0;
	ssize_t len;
	int rate;

	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	len = kernel_read(f, buf, sizeof(buf) - 1, &pos);
	fput(f);
	if (len < 0)
		return len;
	if (kstrtoint(strim(buf), 10, &rate) || rate <= 0)
		return -EINVAL;
	return rate;
}

/*
 * perf_event_disable_inatomic(), which is not exported; in tree: call it.
 * Since Linux 6.10 (XU_HAVE_PENDING_DISABLE_IRQ) the disable has an
 * irq_work of its own, pending_disable_irq; before, pending_irq.
 */
void xu_event_disable_inatomic(struct perf_event *event)
{
	event->pending_disable = 1;
#ifdef XU_HAVE_PENDING_DISABLE_IRQ
	irq_work_queue(&event->pending_disable_irq);
#else
	irq_work_queue(&event->pending_irq);
#endif
}

/*
 * perf_pmu_unregister() of Linux 6.1 and 6.12 frees the PMU's per-CPU
 * contexts without cancelling their multiplexing hrtimers.  A context
 * whose events did not all fit arms its timer (perf_mux_hrtimer_restart()),
 * and the timer stops only at an expiry that finds nothing to rotate: up
 * to the PMU's mux interval after its last event went, it is still
 * queued.  Freed then, the percpu memory goes to the next PMU registered,
 * whose hrtimer_init() zeroes the timer in place while it is queued; its
 * CPU then runs it in __hrtimer_run_queues() forever, the expiry being 0
 * (seen under kunit.py's one CPU: a case multiplexed an uncore's events,
 * the next case detached it and attached another).  With no event left
 * on @pmu, only a write to its perf_event_mux_interval_ms file arms a
 * timer (perf_event_mux_interval_ms_store() restarts every online CPU's):
 * the file goes first, kernfs waiting out a write under way, and
 * device_del() later skips it.  hrtimer_cancel() also waits for a
 * callback running on another CPU.  In tree: perf_pmu_unregister()
 * would cancel the timers itself, after removing the device.
 */
void xu_pmu_cancel_mux_timers(struct pmu *pmu)
{
	static const struct attribute mux_interval = {
		.name = "perf_event_mux_interval_ms",
	};
	int cpu;

	if (pmu->dev)
		sysfs_remove_file(&pmu->dev->kobj, &mux_interval);
	for_each_possible_cpu(cpu)
		hrtimer_cancel(xu_pmu_mux_timer(pmu, cpu));
}
EXPORT_SYMBOL_IF_KUNIT(xu_pmu_cancel_mux_timers);

static struct fasync_struct *xu_event_fasync(struct perf_event *event)
{
	return event->parent ? event->parent->fasync : event->fasync;
}

/*
 * Hand one sample to perf as perf_event_overflow() would: the sample,
 * the event_limit of PERF_EVENT_IOC_REFRESH (POLL_HUP, then disable),
 * SIGIO to fasync users.  perf core refuses attr.sigtrap for events
 * without a task, and the driver refuses BPF programs (see
 * xu_event_init()), so neither reaches here.  The throttling that
 * perf_event_overflow() also does is the caller's (event.c).
 * In tree: perf_event_overflow() itself, which modules cannot call
 * (it is not exported), and no xu_event_refuse_bpf().
 *
 * Return: true if the event must stop.
 */
bool xu_event_sample(struct perf_event *event, struct perf_sample_data *data,
		     struct pt_regs *regs)
{
	int limit = atomic_read(&event->event_limit);
	bool stop = false;

	event->pending_kill = POLL_IN;
	if (limit && atomic_dec_and_test(&event->event_limit)) {
		event->pending_kill = POLL_HUP;
		xu_event_disable_inatomic(event);
		stop = true;
	}
	event->overflow_handler(event, data, regs);
	if (xu_event_fasync(event) && event->pending_kill) {
		event->pending_wakeup = 1;
		irq_work_queue(&event->pending_irq);
	}
	return stop;
}

/*
 * perf refuses PERF_EVENT_IOC_SET_BPF (and BPF links) on an event whose
 * overflow_handler_context is set.  A BPF perf_event program runs inside
 * perf_event_overflow() on 6.10 and later, which modules cannot call, so
 * the driver could not run it: it is refused on every kernel.
 * In tree: nothing to refuse; perf_event_overflow() runs the program.
 */
static const char xu_no_bpf[] = "xeon_uncore: no BPF";

void xu_event_refuse_bpf(struct perf_event *event)
{
	if (!event->overflow_handler_context)
		event->overflow_handler_context = (void *)xu_no_bpf;
}

/*
 * Another driver's PMU of the same name (the in-kernel intel_uncore's):
 * refuse, rather than have perf_pmu_register() fail on the sysfs name.
 * In tree: one driver would own these PMU names (intel_uncore and this
 * one merged), and no such check would be needed.
 */
int xu_pmu_name_free(const char *name)
{
	char path[64];
	struct path p;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s", name);
	if (kern_path(path, 0, &p))
		return 0;
	path_put(&p);
	pr_err("a PMU named %s exists already, most likely the in-kernel intel_uncore driver's: unload it (rmmod intel_uncore) or blacklist it (modprobe.blacklist=intel_uncore) first\n",
	       name);
	return -EBUSY;
}

/*
 * The driver uses its PCI functions without being bound to them (it finds
 * them with pci_get_device()), so nothing stops a driver loaded later from
 * binding one: intel_uncore's probe writes the box control, resetting the
 * counters and controls under our events, before it finds its PMU name
 * taken.  A function's driver_override keeps every driver but the one it
 * names off the function: while the driver holds a function, it names
 * this module.  An override set before (by the user, through sysfs) is
 * replaced meanwhile and cleared after.  Debian's 6.12 kernels keep the
 * override in struct device (device_set_driver_override(),
 * XU_HAVE_DEVICE_DRIVER_OVERRIDE), older ones in struct pci_dev.
 * In tree: one driver (intel_uncore and this one merged) bound to the
 * functions as a pci_driver.
 */
static int xu_pci_set_override(struct pci_dev *pdev, const char *name)
{
#ifdef XU_HAVE_DEVICE_DRIVER_OVERRIDE
	return device_set_driver_override(&pdev->dev, name);
#else
	return driver_set_override(&pdev->dev, &pdev->driver_override, name,
				   strlen(name));
#endif
}

int xu_pci_hold(struct pci_dev *pdev)
{
	return xu_pci_set_override(pdev, KBUILD_MODNAME);
}

void xu_pci_unhold(struct pci_dev *pdev)
{
	if (pdev)
		xu_pci_set_override(pdev, "");
}
