// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_sim: a simulated uncore of one of the xeon_uncore driver's
 * platforms, model= naming it as the driver does (nhmex, the module's
 * default; the models are sim/core.c's, sim_model_find()).  On load it
 * creates one simulated socket per package of this machine (with the E5
 * models, a PCI domain with one bus per socket) and its debugfs
 * directory, and attaches it to the driver (xu_attach()), which
 * registers its PMUs on it; on unload it detaches it
 * (the driver unregisters them) and frees it.  An open perf event holds a
 * reference on this module through xu_sim_io.owner.  With attach=0 (E5
 * models only) it presents the PCI domain and does not attach, so that
 * another driver (Linux's intel_uncore) can bind the PCI boxes; it then
 * needs no xeon_uncore, which is why xu_attach() and xu_detach() are
 * looked up at load (symbol_get()) rather than linked.  With hw=1
 * (hardware mode, a kernel with the MSR hook: sim/hw.c) it claims the
 * model's uncore MSRs and IA32_DEBUGCTL's uncore PMI bit, keeps its PCI
 * domain, and attaches nothing: the production driver then finds the
 * uncore as on a server and drives it through its native accessors.  With model=none
 * it creates nothing and attaches nothing: only its functions are there,
 * for the KUnit suites, which build simulators of their own.  Built into
 * the kernel, that is its default: a kernel that boots with it attaches
 * no simulated uncore unless xeon_uncore_sim.model= says so.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/topology.h>

#include <xeon_uncore/attach.h>
#include "internal.h"

#ifdef MODULE
static char *model = "nhmex";
#else
static char *model = "none";
#endif
module_param(model, charp, 0444);
MODULE_PARM_DESC(model, "The uncore to simulate, by the driver's name of its platform (nhmex, the module's default; another name logs those there are); none (built in, the default): no simulated uncore, the functions for the KUnit suites only");

static char *absent;
module_param(absent, charp, 0444);
MODULE_PARM_DESC(absent, "E5 models: PCI boxes the firmware hid, by PMU name without uncore_ (imc_5,qpi_2)");

static bool attach = true;
module_param(attach, bool, 0444);
MODULE_PARM_DESC(attach, "Attach to xeon_uncore (default 1); 0, E5 models only: present the PCI boxes for another driver");

static bool hw;
module_param(hw, bool, 0444);
MODULE_PARM_DESC(hw, "Hardware mode, on a kernel with the MSR hook (CONFIG_X86_MSR_HOOK): answer every kernel rdmsr/wrmsr of the model's uncore MSRs and IA32_DEBUGCTL bit 13 on the executing CPU's socket, keep the PCI domain, attach nothing (default 0)");

static bool wrong_guesses;
module_param(wrong_guesses, bool, 0444);
MODULE_PARM_DESC(wrong_guesses, "Every register behaviour the driver infers rather than reads in a specification behaves otherwise (default 0)");

static bool wide_bits;
module_param(wide_bits, bool, 0444);
MODULE_PARM_DESC(wide_bits, "Counter reads return bits set above the counter's width, which the guides leave undefined (default 0; also with wrong_guesses=1)");

static bool stale;
module_param(stale, bool, 0444);
MODULE_PARM_DESC(stale, "Leave the registers as a previous owner might have: counters enabled, status set, package frozen, PMI routed (default 0)");

static char *traffic;
module_param(traffic, charp, 0444);
MODULE_PARM_DESC(traffic, "The traffic scenario to start with: lines of the debugfs traffic file, separated by ';' (socket=0 channel=1 read=800 write=400;socket=0 uclk=2400)");

/* The simulator attached to the driver, between init and exit */
static struct xu_sim *xu_sim;
/* xu_detach(), held (with a reference on xeon_uncore) while attached */
static void (*xu_sim_detach)(void *io_priv);

/* The driver's MSR accesses, from a CPU that must be of the box's package */
static int xu_sim_io_read(struct xu_box *box, u32 reg, u64 *val)
{
	return sim_msr_access(box->io_priv, box->pkg, reg, val, false);
}

static int xu_sim_io_write(struct xu_box *box, u32 reg, u64 val)
{
	return sim_msr_access(box->io_priv, box->pkg, reg, &val, true);
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

/*
 * Attach @sim to the driver: -ENOENT if xeon_uncore is not loaded.  The
 * references symbol_get() takes on it keep it loaded until the exit
 * detaches.
 */
static int __init xu_sim_attach(struct xu_sim *sim)
{
	int (*attach_fn)(const char *plat, const struct xu_io_ops *io, void *io_priv);
	void (*detach_fn)(void *io_priv);
	int ret;

	attach_fn = symbol_get(xu_attach);
	detach_fn = symbol_get(xu_detach);
	if (!attach_fn || !detach_fn) {
		pr_err("model=%s: xeon_uncore is not loaded: load it first (or attach=0)\n",
		       model);
		ret = -ENOENT;
		goto put;
	}
	xu_sim_set_deliver_pmi(sim, true);
	ret = attach_fn(model, &xu_sim_io, sim);
	if (ret) {
		xu_sim_set_deliver_pmi(sim, false);
		goto put;
	}
	xu_sim_detach = detach_fn;
	return 0;
put:
	if (detach_fn)
		symbol_put(xu_detach);
	if (attach_fn)
		symbol_put(xu_attach);
	return ret;
}

static int __init xu_sim_init(void)
{
	struct xu_sim *sim;
	char names[64];
	int ret;

	if (!strcmp(model, "none")) {
		pr_info("model=none: no simulated uncore\n");
		return 0;
	}
	if (!sim_model_find(model)) {
		sim_model_names(names, sizeof(names));
		pr_err("model=%s is not a simulated uncore; use %s (or none)\n", model, names);
		return -EINVAL;
	}
	/*
	 * Without the driver, only the PCI boxes can be reached (by another
	 * driver, through the PCI domain): a model without them is refused
	 */
	if (!hw && !attach && !sim_model_find(model)->ops->config) {
		pr_err("attach=0: model=%s has no PCI boxes to present without xeon_uncore\n",
		       model);
		return -EINVAL;
	}
	sim = xu_sim_create_absent(model, topology_max_packages(), absent);
	if (IS_ERR(sim))
		return PTR_ERR(sim);
	xu_sim_set_wrong_guesses(sim, wrong_guesses);
	xu_sim_set_wide_bits(sim, wide_bits);
	if (traffic && *traffic) {
		ret = xu_sim_set_traffic(sim, traffic);
		if (ret) {
			pr_err("traffic=%s: not a scenario of model=%s (Documentation/simulator.rst, \"Traffic\"): %d\n",
			       traffic, model, ret);
			xu_sim_destroy(sim);
			return ret;
		}
	}
	if (stale)
		xu_sim_stale(sim);
	ret = xu_sim_debugfs_init(sim);
	if (ret)
		pr_warn("no debugfs directory: %d\n", ret);
	xu_sim = sim;
	xu_syscore_register(&xu_sim_pm);
	if (hw) {
		ret = sim_hw_start(sim);
		if (ret) {
			xu_syscore_unregister(&xu_sim_pm);
			xu_sim = NULL;
			xu_sim_destroy(sim);
			return ret;
		}
		/* the production driver's NMI handler takes the PMIs */
		xu_sim_set_deliver_pmi(sim, true);
		pr_info("model=%s: hardware mode: the uncore MSRs and IA32_DEBUGCTL bit 13 answer through the MSR hook%s, not attached (hw=1)\n",
			model, sim->model->ops->config ? ", the PCI domain presented" : "");
		return 0;
	}
	if (!attach) {
		/* no NMI handler of ours: an overflow raises no PMI */
		pr_info("model=%s: PCI domain %04x presented, not attached to xeon_uncore (attach=0)\n",
			model, xu_sim_pci_domain(sim));
		return 0;
	}
	ret = xu_sim_attach(sim);
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
	if (!xu_sim)
		return;		/* model=none */
	if (xu_sim_detach) {
		xu_sim_detach(xu_sim);
		symbol_put(xu_detach);
		symbol_put(xu_attach);
	}
	xu_syscore_unregister(&xu_sim_pm);
	/* hw=1: the MSRs are the CPU's again, then no PMI is sent any more */
	sim_hw_stop(xu_sim);
	xu_sim_quiesce(xu_sim);
	sim_hw_free(xu_sim);
	xu_sim_destroy(xu_sim);
}

/**
 * xu_sim_instance() - the simulator the module attached to the driver
 *
 * With attach=0, the simulator the module created (not attached).
 *
 * Return: the simulator; NULL while the module initialises, and with
 * model=none.
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
/* attach=1 needs the driver: modprobe loads it first (no link-time dependency) */
MODULE_SOFTDEP("pre: xeon_uncore");
