// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore: perf PMUs for the uncore of Intel Xeon 7500 and Xeon E7
 * (Nehalem-EX, Westmere-EX), Xeon E5-2600 v1 to v4 (Sandy Bridge-EP, Ivy
 * Bridge-EP, Haswell-EP, Broadwell-EP) and Xeon D-1500 (Broadwell-DE)
 * servers: module init, CPU matching,
 * parameters, and the interface through which another module
 * (xeon_uncore_sim.ko) attaches an uncore of its own where the machine
 * has no supported one.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/string.h>

#include <asm/cpu_device_id.h>
#include <asm/cpufeature.h>

#include "uncore.h"

static unsigned int poll_ms = 10000;
module_param(poll_ms, uint, 0444);
MODULE_PARM_DESC(poll_ms, "Counter poll interval in ms, 1..60000 (default 10000)");

static bool pmi = true;
module_param(pmi, bool, 0444);
MODULE_PARM_DESC(pmi, "Fold overflows and sample in the overflow interrupt (default 1); 0: poll");

static unsigned int max_sample_rate = 10000;
module_param(max_sample_rate, uint, 0444);
MODULE_PARM_DESC(max_sample_rate, "Samples per second one event may take before it is throttled for a tick, 1..1000000 (default 10000)");

static unsigned int pmi_max_percent = 5;
module_param(pmi_max_percent, uint, 0444);
MODULE_PARM_DESC(pmi_max_percent, "Share of time, in percent, the overflow interrupts may keep a package frozen before its sampling events are throttled, 1..100 (default 5)");

/*
 * The platforms: the CPU model whose uncore each one is, and by its name
 * the platform an uncore may be attached as (xu_attach())
 */
static const struct x86_cpu_id xu_cpu_ids[] = {
	X86_MATCH_VENDOR_FAM_MODEL(INTEL, 6, 0x2e, &xu_nhmex),	/* Nehalem-EX */
	X86_MATCH_VENDOR_FAM_MODEL(INTEL, 6, 0x2f, &xu_wsmex),	/* Westmere-EX */
	X86_MATCH_VENDOR_FAM_MODEL(INTEL, 6, 0x2d, &xu_snbep),	/* Sandy Bridge-EP */
	X86_MATCH_VENDOR_FAM_MODEL(INTEL, 6, 0x3e, &xu_ivbep),	/* Ivy Bridge-EP */
	X86_MATCH_VENDOR_FAM_MODEL(INTEL, 6, 0x3f, &xu_hswep),	/* Haswell-EP */
	X86_MATCH_VENDOR_FAM_MODEL(INTEL, 6, 0x4f, &xu_bdx),	/* Broadwell-EP */
	X86_MATCH_VENDOR_FAM_MODEL(INTEL, 6, 0x56, &xu_bdxde),	/* Broadwell-DE */
	{}
};
MODULE_DEVICE_TABLE(x86cpu, xu_cpu_ids);

/* The platform named @name, NULL if none */
static const struct xu_platform *xu_platform_by_name(const char *name)
{
	const struct x86_cpu_id *id;

	for (id = xu_cpu_ids; id->driver_data; id++)
		if (!strcmp(name, ((const struct xu_platform *)id->driver_data)->name))
			return (const struct xu_platform *)id->driver_data;
	return NULL;
}

/*
 * The one uncore of the module: the hardware's, registered at load, or an
 * attached one (xu_attach()).  xu_lock serialises attach and detach;
 * xu_registered says whether @xu_uncore holds registered PMUs, and
 * xu_hw whether they are the hardware's.
 */
static DEFINE_MUTEX(xu_lock);
static struct xu_uncore xu_uncore;
static bool xu_registered;
static bool xu_hw;

static const struct xu_platform *xu_pick_hw(void)
{
	const struct x86_cpu_id *id = x86_match_cpu(xu_cpu_ids);
	const struct xu_platform *plat;

	if (!id) {
		pr_info("no supported uncore on this CPU (family %u model %#x); xeon_uncore_sim.ko attaches a simulated one\n",
			boot_cpu_data.x86, boot_cpu_data.x86_model);
		return NULL;
	}
	/* the U-Box's first counter control: every platform's has one */
	plat = (const struct xu_platform *)id->driver_data;
	if (boot_cpu_has(X86_FEATURE_HYPERVISOR) ||
	    !xu_msr_reachable(plat->types[0]->ctl0)) {
		pr_info("the uncore PMU MSRs are not reachable (hypervisor?); xeon_uncore_sim.ko attaches a simulated uncore\n");
		return NULL;
	}
	return plat;
}

/* Register the PMUs of @plat on @io; called with xu_lock held */
static int xu_register(const struct xu_platform *plat,
		       const struct xu_io_ops *io, void *io_priv)
{
	int ret;

	memset(&xu_uncore, 0, sizeof(xu_uncore));
	xu_uncore.plat = plat;
	xu_uncore.io = io;
	xu_uncore.io_priv = io_priv;
	xu_uncore.poll_ns = (u64)poll_ms * NSEC_PER_MSEC;
	xu_uncore.pmi = pmi;
	xu_uncore.samples_per_tick = DIV_ROUND_UP(max_sample_rate, HZ);
	xu_uncore.pmi_max_percent = pmi_max_percent;
	ret = xu_uncore_init(&xu_uncore);
	if (!ret)
		xu_registered = true;
	return ret;
}

/**
 * xu_attach() - register the PMUs of an uncore that is not the hardware's
 * @plat:    the platform's name, as xu_cpu_ids[] lists them
 * @io:      its register accessors; @io->owner is held while perf events
 *           exist
 * @io_priv: their data, passed back as xu_box.io_priv; also the handle
 *           for xu_detach()
 *
 * For a simulated uncore: the module registers nothing of its own then,
 * since this machine has no supported uncore.  One uncore at a time.
 *
 * Return: 0; -EBUSY if an uncore (the hardware's or an attached one) is
 * registered already; -EINVAL for an unknown @plat; or the errno of the
 * PMUs' registration.
 */
int xu_attach(const char *plat, const struct xu_io_ops *io, void *io_priv)
{
	const struct xu_platform *p;
	int ret = -EINVAL;

	mutex_lock(&xu_lock);
	if (xu_registered) {
		pr_err("%s PMUs are registered already; %s cannot attach\n",
		       xu_hw ? "the hardware's" : "simulated", plat);
		ret = -EBUSY;
		goto unlock;
	}
	p = xu_platform_by_name(plat);
	if (!p) {
		pr_err("no platform %s to attach\n", plat);
		goto unlock;
	}
	ret = xu_register(p, io, io_priv);
unlock:
	mutex_unlock(&xu_lock);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(xu_attach, XU_NS);

/**
 * xu_detach() - unregister the PMUs xu_attach() registered
 * @io_priv: the @io_priv given to xu_attach()
 *
 * Nothing happens if @io_priv is not the attached uncore's.  Afterwards
 * the module makes no further call to the accessors.
 */
void xu_detach(void *io_priv)
{
	mutex_lock(&xu_lock);
	if (xu_registered && !xu_hw && xu_uncore.io_priv == io_priv) {
		xu_uncore_exit(&xu_uncore);
		xu_registered = false;
	}
	mutex_unlock(&xu_lock);
}
EXPORT_SYMBOL_NS_GPL(xu_detach, XU_NS);

static int __init xu_init(void)
{
	const struct xu_platform *plat;
	int ret;

	if (poll_ms < 1 || poll_ms > 60000) {
		pr_err("poll_ms=%u is outside 1..60000\n", poll_ms);
		return -EINVAL;
	}
	if (max_sample_rate < 1 || max_sample_rate > 1000000) {
		pr_err("max_sample_rate=%u is outside 1..1000000\n", max_sample_rate);
		return -EINVAL;
	}
	if (pmi_max_percent < 1 || pmi_max_percent > 100) {
		pr_err("pmi_max_percent=%u is outside 1..100\n", pmi_max_percent);
		return -EINVAL;
	}

	ret = xu_core_init();
	if (ret)
		return ret;
	plat = xu_pick_hw();
	if (!plat)
		return 0;	/* an uncore may be attached */

	mutex_lock(&xu_lock);
	ret = xu_register(plat, &xu_msr_io, NULL);
	xu_hw = !ret;
	mutex_unlock(&xu_lock);
	if (ret)
		xu_core_exit();
	return ret;
}

static void __exit xu_exit(void)
{
	/* an attached uncore's module holds a reference on this one */
	if (xu_registered)
		xu_uncore_exit(&xu_uncore);
	xu_core_exit();
}

/**
 * xu_uncore_instance() - the uncore whose PMUs the module registered
 *
 * Return: the module's uncore; its PMUs are registered only while the
 * hardware's uncore or an attached one is.
 */
struct xu_uncore *xu_uncore_instance(void)
{
	return &xu_uncore;
}
EXPORT_SYMBOL_NS_GPL(xu_uncore_instance, XU_NS_INTERNAL);

module_init(xu_init);
module_exit(xu_exit);

MODULE_DESCRIPTION("Uncore PMUs of Intel Xeon 7500/E7, Xeon E5-2600 v1-v4 and Xeon D-1500");
MODULE_LICENSE("GPL");
