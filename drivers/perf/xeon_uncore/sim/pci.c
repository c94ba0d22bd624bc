// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated uncore, the PCI side of the models that have PCI boxes
 * (sim_model_ops.config): a PCI domain of the simulator's own, one root
 * bus per socket, whose configuration accessors are the register
 * model's, so that the driver finds the PCI boxes with pci_get_device()
 * and maps each bus to its package as on hardware.
 * drivers/pci/controller/vmd.c creates its domain the same way.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/idr.h>
#include <linux/pci.h>
#include <linux/topology.h>

#include "internal.h"

/* Domains from here on are the simulators' (as VMD's are beyond 0xffff) */
#define SIM_DOMAIN_BASE		0x10000

static DEFINE_IDA(sim_domain_ida);

static struct sim_socket *sim_bus_socket(struct pci_bus *bus)
{
	return container_of(bus->sysdata, struct sim_socket, sd);
}

static int sim_pci_read(struct pci_bus *bus, unsigned int devfn, int where,
			int size, u32 *val)
{
	struct sim_socket *s = sim_bus_socket(bus);
	u64 v;
	int ret;

	ret = sim_access(s->sim, s->id, devfn, where, size, &v, false);
	if (ret) {
		PCI_SET_ERROR_RESPONSE(val);
		return ret == -ENODEV ? PCIBIOS_DEVICE_NOT_FOUND :
		       ret == -EINVAL ? PCIBIOS_BAD_REGISTER_NUMBER :
		       PCIBIOS_SET_FAILED;
	}
	*val = v;
	return PCIBIOS_SUCCESSFUL;
}

static int sim_pci_write(struct pci_bus *bus, unsigned int devfn, int where,
			 int size, u32 val)
{
	struct sim_socket *s = sim_bus_socket(bus);
	u64 v = val;
	int ret;

	ret = sim_access(s->sim, s->id, devfn, where, size, &v, true);
	if (ret)
		return ret == -ENODEV ? PCIBIOS_DEVICE_NOT_FOUND :
		       ret == -EINVAL ? PCIBIOS_BAD_REGISTER_NUMBER :
		       PCIBIOS_SET_FAILED;
	return PCIBIOS_SUCCESSFUL;
}

static struct pci_ops sim_pci_ops = {
	.read	= sim_pci_read,
	.write	= sim_pci_write,
};

static int sim_pci_node(unsigned int socket)
{
	int cpu;

	for_each_present_cpu(cpu)
		if (topology_logical_package_id(cpu) == socket)
			return cpu_to_node(cpu);
	return NUMA_NO_NODE;
}

/*
 * Bus of socket @i: 0x3f, 0x7f, 0xbf, 0xff with up to 4 sockets, as
 * 4-socket machines number them; 0x1f + 0x20 * i with up to 8
 */
static unsigned int sim_busnr(const struct xu_sim *sim, unsigned int i)
{
	return sim->sockets <= 4 ? 0x3f + 0x40 * i : 0x1f + 0x20 * i;
}

static int sim_pci_domain_alloc(struct xu_sim *sim)
{
	unsigned int i, tries;
	int dom;

	for (tries = 0; tries < 64; tries++) {
		dom = ida_alloc_min(&sim_domain_ida, SIM_DOMAIN_BASE, GFP_KERNEL);
		if (dom < 0)
			return dom;
		for (i = 0; i < sim->sockets; i++)
			if (pci_find_bus(dom, sim_busnr(sim, i)))
				break;
		if (i == sim->sockets)
			return dom;
		/* someone else's: keep it allocated, take the next one */
	}
	return -EBUSY;
}

/**
 * sim_pci_create() - the simulator's PCI domain and its buses
 * @sim: a simulator of a model with PCI boxes, its sockets set up
 *
 * Return: 0 or a negative errno; sim_pci_destroy() undoes a partial one.
 */
int sim_pci_create(struct xu_sim *sim)
{
	unsigned int i;
	int dom;

	dom = sim_pci_domain_alloc(sim);
	if (dom < 0)
		return dom;
	sim->domain = dom;

	pci_lock_rescan_remove();
	for (i = 0; i < sim->sockets; i++) {
		struct sim_socket *s = &sim->sock[i];
		unsigned int nr = sim_busnr(sim, i);
		LIST_HEAD(res);

		s->sd.domain = dom;
		s->sd.node = sim_pci_node(i);
		s->busn.name = "xeon_uncore_sim";
		s->busn.start = nr;
		s->busn.end = nr;
		s->busn.flags = IORESOURCE_BUS;
		pci_add_resource(&res, &s->busn);
		s->bus = pci_create_root_bus(NULL, nr, &sim_pci_ops, &s->sd, &res);
		pci_free_resource_list(&res);
		if (!s->bus) {
			pci_unlock_rescan_remove();
			pr_err("no PCI bus %04x:%02x\n", dom, nr);
			return -ENOMEM;
		}
		pci_scan_child_bus(s->bus);
		pci_bus_add_devices(s->bus);
	}
	pci_unlock_rescan_remove();
	return 0;
}

/* Remove the buses and free the domain number, of a partial one too */
void sim_pci_destroy(struct xu_sim *sim)
{
	unsigned int i;

	if (sim->domain < 0)
		return;
	pci_lock_rescan_remove();
	for (i = 0; i < sim->sockets; i++) {
		struct sim_socket *s = &sim->sock[i];
		struct pci_host_bridge *bridge;

		if (!s->bus)
			continue;
		bridge = pci_find_host_bridge(s->bus);
		pci_stop_root_bus(s->bus);
		pci_remove_root_bus(s->bus);
		/* the reference pci_create_root_bus() left us */
		put_device(&bridge->dev);
		s->bus = NULL;
	}
	pci_unlock_rescan_remove();
	ida_free(&sim_domain_ida, sim->domain);
	sim->domain = -1;
}

/**
 * xu_sim_set_foreign_filter() - another function at the QPI filter's place
 * @sim: the simulated uncore
 * @on:  true: each QPI port's match/mask function (Xeon E5: device 8, 9
 *       or 24, function 6) presents the device ID of the model's filler
 *       functions and has no match/mask registers, so that a write there
 *       is a violation; false: the match/mask function
 *
 * The PCI core reads a function's ID when it scans the bus: every
 * socket's functions are removed and the buses scanned again, as a
 * hot-plug would.  Call it before an uncore is attached or discovers the
 * simulator's functions (nothing may hold them).  Process context.
 */
void xu_sim_set_foreign_filter(struct xu_sim *sim, bool on)
{
	unsigned int i;

	WRITE_ONCE(sim->foreign_filter, on);
	if (sim->domain < 0)
		return;
	pci_lock_rescan_remove();
	for (i = 0; i < sim->sockets; i++) {
		struct pci_bus *bus = sim->sock[i].bus;
		struct pci_dev *pdev, *tmp;

		if (!bus)
			continue;
		list_for_each_entry_safe_reverse(pdev, tmp, &bus->devices, bus_list)
			pci_stop_and_remove_bus_device(pdev);
		pci_scan_child_bus(bus);
		pci_bus_add_devices(bus);
	}
	pci_unlock_rescan_remove();
}
EXPORT_SYMBOL_NS_GPL(xu_sim_set_foreign_filter, XU_SIM_NS);

/**
 * xu_sim_pci_domain() - the PCI domain of a simulator's PCI boxes
 * @sim: the simulated uncore
 *
 * Return: the domain number (SIM_DOMAIN_BASE and up, one per simulator),
 * or -1 for a model without PCI boxes (the Xeon 7500).
 */
int xu_sim_pci_domain(struct xu_sim *sim)
{
	return sim->domain;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_pci_domain, XU_SIM_NS);

/**
 * xu_sim_pci_bus() - the root bus of one simulated socket
 * @sim:    the simulated uncore
 * @socket: socket number
 *
 * Return: the bus, or NULL (no such socket, or a model without PCI
 * boxes).
 */
struct pci_bus *xu_sim_pci_bus(struct xu_sim *sim, unsigned int socket)
{
	if (socket >= sim->sockets)
		return NULL;
	return sim->sock[socket].bus;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_pci_bus, XU_SIM_NS);

/**
 * xu_sim_pci_dev() - a function of one simulated socket's bus
 * @sim:    the simulated uncore
 * @socket: socket number
 * @devfn:  PCI_DEVFN(device, function)
 *
 * Return: the device with a reference the caller drops with
 * pci_dev_put(), or NULL if there is none (absent, say).
 */
struct pci_dev *xu_sim_pci_dev(struct xu_sim *sim, unsigned int socket,
			       unsigned int devfn)
{
	struct pci_bus *bus = xu_sim_pci_bus(sim, socket);

	return bus ? pci_get_slot(bus, devfn) : NULL;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_pci_dev, XU_SIM_NS);

/**
 * xu_sim_pci_read() - a configuration read of a simulated socket's bus
 * @sim:    the simulated uncore
 * @socket: socket number
 * @devfn:  PCI_DEVFN(device, function)
 * @off:    dword-aligned offset
 * @val:    out: the dword
 *
 * The same access as pci_read_config_dword() of that function: counted,
 * logged and with the same effects, for a test that has no pci_dev.
 *
 * Return: 0, -ENODEV for a function or socket that does not exist,
 * -EINVAL for a bad offset.
 */
int xu_sim_pci_read(struct xu_sim *sim, unsigned int socket,
		    unsigned int devfn, u32 off, u32 *val)
{
	u64 v = 0;
	int ret;

	if (!sim->model->ops->config)
		return -ENODEV;
	ret = sim_access(sim, socket, devfn, off, 4, &v, false);
	*val = ret ? ~0U : v;
	return ret;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_pci_read, XU_SIM_NS);

/**
 * xu_sim_pci_write() - a configuration write of a simulated socket's bus
 * @sim:    the simulated uncore
 * @socket: socket number
 * @devfn:  PCI_DEVFN(device, function)
 * @off:    dword-aligned offset
 * @val:    the dword
 *
 * Return: 0, -ENODEV or -EINVAL as for xu_sim_pci_read().
 */
int xu_sim_pci_write(struct xu_sim *sim, unsigned int socket,
		     unsigned int devfn, u32 off, u32 val)
{
	u64 v = val;

	if (!sim->model->ops->config)
		return -ENODEV;
	return sim_access(sim, socket, devfn, off, 4, &v, true);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_pci_write, XU_SIM_NS);
