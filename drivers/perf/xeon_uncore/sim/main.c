// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_sim: a simulated Xeon 7500 (model=nhmex), Xeon E7
 * (model=wsmex), Xeon E5 (model=snbep) or Xeon E5 v2 (model=ivbep) uncore
 * for the xeon_uncore driver.  On load it creates one simulated socket per
 * package of this machine (with the E5 models, a PCI domain with one bus
 * per socket) and its debugfs directory, and attaches it to the driver
 * (xu_attach()), which registers its PMUs on it; on unload it detaches it
 * (the driver unregisters them) and frees it.  An open perf event holds a
 * reference on this module through xu_sim_io.owner.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/topology.h>

#include <xeon_uncore/attach.h>
#include "internal.h"

static char *model = "nhmex";
module_param(model, charp, 0444);
MODULE_PARM_DESC(model, "The uncore to simulate: nhmex (Xeon 7500, the default), wsmex (Xeon E7), snbep (Xeon E5), ivbep (Xeon E5 v2)");

static char *absent;
module_param(absent, charp, 0444);
MODULE_PARM_DESC(absent, "E5 models: PCI boxes the firmware hid, by PMU name without uncore_ (imc_5,qpi_2)");

static bool wrong_guesses;
module_param(wrong_guesses, bool, 0444);
MODULE_PARM_DESC(wrong_guesses, "Every register behaviour the driver infers rather than reads in a specification behaves otherwise (default 0)");

static bool stale;
module_param(stale, bool, 0444);
MODULE_PARM_DESC(stale, "Leave the registers as a previous owner might have: counters enabled, status set, package frozen, PMI routed (default 0)");

/* The simulator attached to the driver, between init and exit */
static struct xu_sim *xu_sim;

static int xu_sim_io_read(struct xu_box *box, u32 reg, u64 *val)
{
	return xu_sim_read(box->io_priv, box->pkg, reg, val);
}

static int xu_sim_io_write(struct xu_box *box, u32 reg, u64 val)
{
	return xu_sim_write(box->io_priv, box->pkg, reg, val);
}

static void xu_sim_io_quiesce(void *sim)
{
	xu_sim_quiesce(sim);
}

static int xu_sim_io_pci_domain(void *sim)
{
	return xu_sim_pci_domain(sim);
}

const struct xu_io_ops xu_sim_io = {
	.name		= "simulated",
	.owner		= THIS_MODULE,
	.read		= xu_sim_io_read,
	.write		= xu_sim_io_write,
	.quiesce	= xu_sim_io_quiesce,
	.pci_domain	= xu_sim_io_pci_domain,
};
EXPORT_SYMBOL_NS_GPL(xu_sim_io, XU_SIM_NS);

/*
 * A system sleep loses the uncore's registers: the simulator's are reset
 * at resume, before the driver's resume sets its boxes up again (syscore
 * resume callbacks run in the order they were registered, and the
 * simulator registers before it attaches to the driver).
 */
static int xu_sim_suspend(void)
{
	return 0;
}

static void xu_sim_resume(void)
{
	if (xu_sim)
		xu_sim_power_on(xu_sim);
}

static struct xu_syscore xu_sim_pm = {
	.suspend	= xu_sim_suspend,
	.resume		= xu_sim_resume,
};

static int __init xu_sim_init(void)
{
	struct xu_sim *sim;
	char names[64];
	int ret;

	if (!sim_model_find(model)) {
		sim_model_names(names, sizeof(names));
		pr_err("model=%s is not a simulated uncore; use %s\n", model, names);
		return -EINVAL;
	}
	sim = xu_sim_create_absent(model, topology_max_packages(), absent);
	if (IS_ERR(sim))
		return PTR_ERR(sim);
	xu_sim_set_wrong_guesses(sim, wrong_guesses);
	if (stale)
		xu_sim_stale(sim);
	ret = xu_sim_debugfs_init(sim);
	if (ret)
		pr_warn("no debugfs directory: %d\n", ret);
	xu_sim_set_deliver_pmi(sim, true);
	xu_sim = sim;
	xu_syscore_register(&xu_sim_pm);
	ret = xu_attach(model, &xu_sim_io, sim);
	if (ret) {
		xu_syscore_unregister(&xu_sim_pm);
		xu_sim = NULL;
		xu_sim_destroy(sim);
		return ret;
	}
	return 0;
}

static void __exit xu_sim_exit(void)
{
	xu_detach(xu_sim);
	xu_syscore_unregister(&xu_sim_pm);
	xu_sim_destroy(xu_sim);
}

/**
 * xu_sim_instance() - the simulator the module attached to the driver
 *
 * Return: the simulator; NULL only while the module initialises.
 */
struct xu_sim *xu_sim_instance(void)
{
	return xu_sim;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_instance, XU_SIM_NS);

module_init(xu_sim_init);
module_exit(xu_sim_exit);

MODULE_DESCRIPTION("Simulated Xeon 7500, E7 and E5 uncore for the xeon_uncore perf driver");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(XU_NS);
