// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore: perf PMUs for the uncore of Intel Xeon 7500/E7 and Xeon
 * E5/E5 v2 servers, on the hardware or on a simulated uncore.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#include <asm/cpu_device_id.h>
#include <asm/cpufeature.h>
#include <asm/msr.h>

#include <xeon_uncore/nhmex.h>

#include "sim.h"
#include "uncore.h"

static char *sim = "";
module_param(sim, charp, 0444);
MODULE_PARM_DESC(sim, "Drive a simulated uncore instead of the hardware: nhmex");

static unsigned int poll_ms = 10000;
module_param(poll_ms, uint, 0444);
MODULE_PARM_DESC(poll_ms, "Counter poll interval in ms, 1..60000 (default 10000)");

static bool pmi = true;
module_param(pmi, bool, 0444);
MODULE_PARM_DESC(pmi, "Fold overflows and sample in the overflow interrupt (default 1); 0: poll");

static unsigned int max_sample_rate = 10000;
module_param(max_sample_rate, uint, 0444);
MODULE_PARM_DESC(max_sample_rate, "Samples per second one event may take before it is throttled for a tick, 1..1000000 (default 10000)");

static const struct x86_cpu_id xu_cpu_ids[] = {
	X86_MATCH_VENDOR_FAM_MODEL(INTEL, 6, 0x2e, &xu_nhmex),	/* Nehalem-EX */
	X86_MATCH_VENDOR_FAM_MODEL(INTEL, 6, 0x2f, &xu_nhmex),	/* Westmere-EX */
	{}
};
MODULE_DEVICE_TABLE(x86cpu, xu_cpu_ids);

static const struct xu_platform * const xu_sim_platforms[] = {
	&xu_nhmex,
};

static struct xu_uncore xu_uncore;
static struct xu_sim *xu_sim;

static const struct xu_platform *xu_pick_sim(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(xu_sim_platforms); i++)
		if (!strcmp(sim, xu_sim_platforms[i]->name))
			return xu_sim_platforms[i];
	pr_err("sim=%s is not a simulated uncore; use sim=nhmex\n", sim);
	return NULL;
}

static const struct xu_platform *xu_pick_hw(void)
{
	const struct x86_cpu_id *id = x86_match_cpu(xu_cpu_ids);
	u64 val;

	if (!id) {
		pr_info("no supported uncore on this CPU (family %u model %#x); sim=nhmex loads a simulated one\n",
			boot_cpu_data.x86, boot_cpu_data.x86_model);
		return NULL;
	}
	if (boot_cpu_has(X86_FEATURE_HYPERVISOR) ||
	    rdmsrl_safe(NHMEX_U_GLOBAL_CTL, &val)) {
		pr_info("the uncore PMU MSRs are not reachable (hypervisor?)\n");
		return NULL;
	}
	return id->driver_data ? (const struct xu_platform *)id->driver_data : NULL;
}

static int __init xu_init(void)
{
	int ret;

	if (poll_ms < 1 || poll_ms > 60000) {
		pr_err("poll_ms=%u is outside 1..60000\n", poll_ms);
		return -EINVAL;
	}
	xu_uncore.poll_ns = (u64)poll_ms * NSEC_PER_MSEC;
	xu_uncore.pmi = pmi;
	if (max_sample_rate < 1 || max_sample_rate > 1000000) {
		pr_err("max_sample_rate=%u is outside 1..1000000\n", max_sample_rate);
		return -EINVAL;
	}
	xu_uncore.samples_per_tick = DIV_ROUND_UP(max_sample_rate, HZ);

	if (*sim) {
		xu_uncore.plat = xu_pick_sim();
		if (!xu_uncore.plat)
			return -EINVAL;
		xu_sim = xu_sim_create(sim, topology_max_packages());
		if (IS_ERR(xu_sim))
			return PTR_ERR(xu_sim);
		xu_sim_debugfs_init(xu_sim);
		if (pmi)
			xu_sim_deliver_pmi(xu_sim);
		xu_uncore.io = &xu_sim_io;
		xu_uncore.io_priv = xu_sim;
	} else {
		xu_uncore.plat = xu_pick_hw();
		if (!xu_uncore.plat)
			return -ENODEV;
		xu_uncore.io = &xu_msr_io;
	}

	ret = xu_core_init();
	if (ret)
		goto err_sim;
	ret = xu_uncore_init(&xu_uncore);
	if (ret)
		goto err_core;
	return 0;

err_core:
	xu_core_exit();
err_sim:
	xu_sim_destroy(xu_sim);
	return ret;
}

static void __exit xu_exit(void)
{
	xu_uncore_exit(&xu_uncore);
	xu_core_exit();
	xu_sim_destroy(xu_sim);
}

/**
 * xu_sim_instance() - the simulated uncore the module drives, if any
 *
 * Return: the simulator loaded by sim=, or NULL on real hardware.
 */
struct xu_sim *xu_sim_instance(void)
{
	return xu_sim;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_instance, XEON_UNCORE);

/**
 * xu_uncore_instance() - the PMUs the module registered
 *
 * Return: the module's uncore.
 */
struct xu_uncore *xu_uncore_instance(void)
{
	return &xu_uncore;
}
EXPORT_SYMBOL_NS_GPL(xu_uncore_instance, XEON_UNCORE);

module_init(xu_init);
module_exit(xu_exit);

MODULE_DESCRIPTION("Uncore PMUs of Intel Xeon 7500/E7 and E5/E5 v2, real or simulated");
MODULE_LICENSE("GPL");
