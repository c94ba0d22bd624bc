// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated uncore, hardware mode (the module's hw=1): the simulator
 * answers the rdmsr and wrmsr of any kernel code, as silicon does, through
 * the MSR hook of the project's test kernel (CONFIG_X86_MSR_HOOK,
 * tools/testing/kernel-patches/6.12, Documentation/dev-tools/msr-hook.rst).
 *
 * - Every MSR of the model's ranges (struct sim_model.msrs, the simulator's
 *   own list) is claimed: an access reaches the register file of the
 *   package of the CPU that executes it, through sim_access() as the
 *   driver's accessors do, and an MSR of the ranges the model does not
 *   have faults (the model's -EIO), as on silicon.
 * - IA32_DEBUGCTL (0x1d9) is claimed for its uncore PMI enable, bit 13,
 *   alone: the simulator keeps the bit of each CPU (what a read returns
 *   of it; a PMI reaches only a CPU that has it set, sim/pmi.c) and who
 *   set and cleared it (debugfs "debugctl"); every other bit is the CPU's
 *   own register, read and written through.
 *
 * Built against a kernel without the hook, hw=1 fails the load.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bits.h>
#include <linux/debugfs.h>
#include <linux/errno.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/topology.h>

#include "internal.h"

#ifdef CONFIG_X86_MSR_HOOK

#include <asm/msr-hook.h>

/* IA32_DEBUGCTL, and its uncore PMI enable (Intel SDM vol. 4, Nehalem) */
#define SIM_DEBUGCTL		0x1d9
#define SIM_DEBUGCTL_UNC_PMI	BIT_ULL(13)

/**
 * struct sim_hw - the simulator's claims on the MSRs
 * @uncore:   the model's uncore MSRs
 * @debugctl: IA32_DEBUGCTL
 * @ranges:   @uncore's ranges, the model's
 * @sim:      the simulator
 */
struct sim_hw {
	struct msr_hook uncore;
	struct msr_hook debugctl;
	struct msr_hook_range *ranges;
	struct xu_sim *sim;
};

static const struct msr_hook_range sim_hw_debugctl_range = {
	SIM_DEBUGCTL, SIM_DEBUGCTL
};

static unsigned int sim_hw_socket(void)
{
	return topology_logical_package_id(smp_processor_id());
}

static int sim_hw_read(struct msr_hook *hook, u32 msr, u64 *val,
		       unsigned long ip)
{
	struct sim_hw *hw = container_of(hook, struct sim_hw, uncore);

	return sim_access(hw->sim, sim_hw_socket(), -1, msr, 8, val, false);
}

static int sim_hw_write(struct msr_hook *hook, u32 msr, u64 val,
			unsigned long ip)
{
	struct sim_hw *hw = container_of(hook, struct sim_hw, uncore);

	return sim_access(hw->sim, sim_hw_socket(), -1, msr, 8, &val, true);
}

static int sim_hw_debugctl_read(struct msr_hook *hook, u32 msr, u64 *val,
				unsigned long ip)
{
	struct sim_hw *hw = container_of(hook, struct sim_hw, debugctl);
	struct sim_debugctl *d = this_cpu_ptr(hw->sim->debugctl);
	int ret;

	ret = msr_hook_cpu_read(msr, val);
	if (ret)
		return ret;
	*val &= ~SIM_DEBUGCTL_UNC_PMI;
	if (READ_ONCE(d->uncore_pmi))
		*val |= SIM_DEBUGCTL_UNC_PMI;
	return 0;
}

static int sim_hw_debugctl_write(struct msr_hook *hook, u32 msr, u64 val,
				 unsigned long ip)
{
	struct sim_hw *hw = container_of(hook, struct sim_hw, debugctl);
	struct sim_debugctl *d = this_cpu_ptr(hw->sim->debugctl);
	bool on = val & SIM_DEBUGCTL_UNC_PMI;
	int ret;

	ret = msr_hook_cpu_write(msr, val & ~SIM_DEBUGCTL_UNC_PMI);
	if (ret)
		return ret;
	WRITE_ONCE(d->writes, d->writes + 1);
	if (on && !d->uncore_pmi) {
		WRITE_ONCE(d->sets, d->sets + 1);
		WRITE_ONCE(d->set_by, ip);
	} else if (!on && d->uncore_pmi) {
		WRITE_ONCE(d->clears, d->clears + 1);
		WRITE_ONCE(d->cleared_by, ip);
	}
	WRITE_ONCE(d->uncore_pmi, on);
	return 0;
}

/*
 * debugfs "debugctl": a header, then one line a CPU, its fields separated
 * by tabs (a %pS has spaces), as Documentation/simulator.rst says
 */
static int sim_hw_debugctl_show(struct seq_file *m, void *unused)
{
	struct xu_sim *sim = m->private;
	struct sim_debugctl *d;
	unsigned long by;
	int cpu;

	seq_puts(m, "cpu\tuncore_pmi\twrites\tsets\tclears\tset_by\tcleared_by\n");
	for_each_possible_cpu(cpu) {
		d = per_cpu_ptr(sim->debugctl, cpu);
		seq_printf(m, "%d\t%d\t%u\t%u\t%u\t", cpu, READ_ONCE(d->uncore_pmi),
			   READ_ONCE(d->writes), READ_ONCE(d->sets),
			   READ_ONCE(d->clears));
		by = READ_ONCE(d->set_by);
		if (by)
			seq_printf(m, "%pS\t", (void *)by);
		else
			seq_puts(m, "-\t");
		by = READ_ONCE(d->cleared_by);
		if (by)
			seq_printf(m, "%pS\n", (void *)by);
		else
			seq_puts(m, "-\n");
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sim_hw_debugctl);

/**
 * sim_hw_start() - claim the model's MSRs and IA32_DEBUGCTL's bit 13
 * @sim: the simulator, with its debugfs directory if it has one
 *
 * Return: 0, or a negative errno (logged).
 */
int sim_hw_start(struct xu_sim *sim)
{
	const struct sim_model *m = sim->model;
	struct sim_hw *hw;
	unsigned int i;
	int ret;

	hw = kzalloc(sizeof(*hw), GFP_KERNEL);
	if (!hw)
		return -ENOMEM;
	hw->ranges = kcalloc(m->nr_msrs, sizeof(*hw->ranges), GFP_KERNEL);
	sim->debugctl = alloc_percpu(struct sim_debugctl);
	if (!hw->ranges || !sim->debugctl) {
		ret = -ENOMEM;
		goto free;
	}
	for (i = 0; i < m->nr_msrs; i++) {
		hw->ranges[i].first = m->msrs[i].first;
		hw->ranges[i].last = m->msrs[i].last;
	}
	hw->sim = sim;
	hw->uncore.ranges = hw->ranges;
	hw->uncore.nr_ranges = m->nr_msrs;
	hw->uncore.read = sim_hw_read;
	hw->uncore.write = sim_hw_write;
	hw->debugctl.ranges = &sim_hw_debugctl_range;
	hw->debugctl.nr_ranges = 1;
	hw->debugctl.read = sim_hw_debugctl_read;
	hw->debugctl.write = sim_hw_debugctl_write;
	/* PMIs go to the CPUs whose bit is set from the first claim on */
	WRITE_ONCE(sim->hw, hw);
	ret = msr_hook_register(&hw->debugctl);
	if (ret) {
		pr_err("hw=1: IA32_DEBUGCTL is another MSR hook's: %d\n", ret);
		goto free;
	}
	ret = msr_hook_register(&hw->uncore);
	if (ret) {
		pr_err("hw=1: the MSRs of model=%s are another MSR hook's: %d\n",
		       m->name, ret);
		msr_hook_unregister(&hw->debugctl);
		goto free;
	}
	if (sim->debugfs)
		debugfs_create_file("debugctl", 0400, sim->debugfs, sim,
				    &sim_hw_debugctl_fops);
	return 0;
free:
	WRITE_ONCE(sim->hw, NULL);
	free_percpu(sim->debugctl);
	sim->debugctl = NULL;
	kfree(hw->ranges);
	kfree(hw);
	return ret;
}

/**
 * sim_hw_stop() - give the MSRs back to the CPU
 * @sim: a simulator that sim_hw_start() started
 *
 * Returns once no CPU is in one of the simulator's handlers.  IA32_DEBUGCTL
 * bit 13 reads as the CPU's from then on.
 */
void sim_hw_stop(struct xu_sim *sim)
{
	struct sim_hw *hw = sim->hw;

	if (!hw)
		return;
	msr_hook_unregister(&hw->uncore);
	msr_hook_unregister(&hw->debugctl);
	WRITE_ONCE(sim->hw, NULL);
	kfree(hw->ranges);
	kfree(hw);
}

/* After sim_hw_stop() and the last PMI: the per-CPU bits */
void sim_hw_free(struct xu_sim *sim)
{
	free_percpu(sim->debugctl);
	sim->debugctl = NULL;
}

#else /* !CONFIG_X86_MSR_HOOK */

int sim_hw_start(struct xu_sim *sim)
{
	pr_err("hw=1: this kernel has no MSR hook (CONFIG_X86_MSR_HOOK): the test kernel's, tools/testing/vm/build-kernel\n");
	return -EOPNOTSUPP;
}

void sim_hw_stop(struct xu_sim *sim)
{
}

void sim_hw_free(struct xu_sim *sim)
{
}

#endif /* CONFIG_X86_MSR_HOOK */
