// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon E5 uncore, the PCI side: a PCI domain of the simulator's
 * own, one root bus per socket, whose configuration accessors are the
 * register model's, so that the driver finds the PCI boxes with
 * pci_get_device() and maps each bus to its package with the U-Box's
 * CPUNODEID and GIDNIDMAP as on hardware.  drivers/pci/controller/vmd.c
 * creates its domain the same way.
 *
 * Each bus carries its socket's functions at the device.function the
 * guides give (struct sim_e5_desc), the U-Box function at 11.0 and a
 * filler function 0 in every other device that needs one.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/idr.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/topology.h>

#include "internal.h"

/* Domains from here on are the simulators' (as VMD's are beyond 0xffff) */
#define SIM_DOMAIN_BASE		0x10000
#define SIM_CLASS		0x088000	/* system peripheral, other */
#define SIM_HDR_MFD		0x80		/* header type: multi-function */

static DEFINE_IDA(sim_domain_ida);

/*
 * Node id of physical package p: a fixed permutation, so that a driver
 * that took the node id for the package would get it wrong
 */
static const u8 sim_nodeid[8] = { 5, 2, 7, 0, 3, 6, 1, 4 };

/* What a function of a socket's bus is */
enum sim_fn { FN_NONE, FN_UBOX, FN_FILLER, FN_BOX };

static bool sim_present(const struct xu_sim *sim, unsigned int b)
{
	return sim->e5m->boxes[b].devfn && !(sim->absent & BIT_ULL(b));
}

static enum sim_fn sim_fn(const struct xu_sim *sim, unsigned int devfn,
			  unsigned int *box)
{
	const struct sim_e5_model *m = sim->e5m;
	bool slot = false;
	unsigned int b;

	if (devfn == SIM_UBOX_DEVFN)
		return FN_UBOX;
	for (b = 0; b < m->nr_boxes; b++) {
		const struct sim_e5_desc *d = &m->boxes[b];

		if (!sim_present(sim, b))
			continue;
		if (d->devfn == devfn || (d->fdevfn && d->fdevfn == devfn)) {
			*box = b;
			return FN_BOX;
		}
		if (PCI_SLOT(d->devfn) == PCI_SLOT(devfn))
			slot = true;
	}
	return slot && !PCI_FUNC(devfn) ? FN_FILLER : FN_NONE;
}

/* The standard header of a function: the dword at @off (< 0x40) */
static u32 sim_header(const struct xu_sim *sim, enum sim_fn fn,
		      unsigned int b, unsigned int devfn, u32 off)
{
	const struct sim_e5_model *m = sim->e5m;
	u16 id;

	switch (off) {
	case PCI_VENDOR_ID:
		if (fn == FN_UBOX)
			id = m->ubox_devid;
		else if (fn == FN_FILLER)
			id = m->filler_devid;
		else if (devfn == m->boxes[b].devfn)
			id = m->boxes[b].devid;
		else
			id = m->boxes[b].fdevid;
		return (u32)id << 16 | PCI_VENDOR_ID_INTEL;
	case PCI_CLASS_REVISION:
		return SIM_CLASS << 8;
	case PCI_CACHE_LINE_SIZE:
		/* header type 0, multi-function: the core scans on */
		return (u32)(PCI_HEADER_TYPE_NORMAL | SIM_HDR_MFD) << 16;
	default:
		return 0;
	}
}

/*
 * A configuration access of @size bytes at @where in function @devfn of
 * socket @s's bus, with @s locked.  Returns -ENODEV for a function that
 * does not exist.
 */
int sim_pci_config(struct sim_socket *s, unsigned int devfn, u32 where,
		   unsigned int size, u64 *val, bool write)
{
	struct xu_sim *sim = s->sim;
	u32 off = where & ~3, shift = (where & 3) * 8;
	u32 mask = size == 4 ? ~0U : (BIT(size * 8) - 1) << shift;
	unsigned int b = 0;
	enum sim_fn fn;
	u32 v = 0;
	int ret;

	if (!sim->e5m)
		return -ENODEV;
	fn = sim_fn(sim, devfn, &b);
	if (fn == FN_NONE)
		return -ENODEV;
	if (where + size > PCI_CFG_SPACE_EXP_SIZE || (where & (size - 1)))
		return -EINVAL;

	if (off < PCI_STD_HEADER_SIZEOF) {
		/* the header is read-only here: no BARs, no command bits */
		if (!write)
			*val = (sim_header(sim, fn, b, devfn, off) & mask) >> shift;
		return 0;
	}
	if (fn != FN_BOX) {
		if (write) {
			sim_e5_violation(s, true, devfn, off, 1, ~0ULL);
			return 0;
		}
		if (fn == FN_UBOX && off == E5_UBOX_CPUNODEID)
			v = s->e5->nodeid;
		else if (fn == FN_UBOX && off == E5_UBOX_GIDNIDMAP)
			v = sim->gidnidmap;
		*val = (v & mask) >> shift;
		return 0;
	}
	if (!write) {
		ret = sim_e5_pci_box_access(s, b, devfn, off, &v, false);
		*val = (v & mask) >> shift;
		return ret;
	}
	if (size != 4) {
		/* a narrow write: the rest of the dword as it reads, but 0 in a status */
		if (off != E5_PCI_BOX_STATUS)
			sim_e5_pci_box_access(s, b, devfn, off, &v, false);
		v = (v & ~mask) | (((u32)*val << shift) & mask);
	} else {
		v = *val;
	}
	return sim_e5_pci_box_access(s, b, devfn, off, &v, true);
}

static struct sim_e5 *sim_bus_e5(struct pci_bus *bus)
{
	return container_of(bus->sysdata, struct sim_e5, sd);
}

static int sim_pci_read(struct pci_bus *bus, unsigned int devfn, int where,
			int size, u32 *val)
{
	struct sim_socket *s = sim_bus_e5(bus)->s;
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
	struct sim_socket *s = sim_bus_e5(bus)->s;
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

/**
 * sim_pci_absent() - parse the list of boxes the firmware hid
 * @sim:    the simulator, its model set
 * @absent: NULL, or comma-separated PMU names without "uncore_"
 *
 * Return: 0, or -EINVAL (logged) for a name that is no PCI box of the
 * model.
 */
int sim_pci_absent(struct xu_sim *sim, const char *absent)
{
	char *list, *p, *name;
	int b, ret = 0;

	if (!absent || !*absent)
		return 0;
	list = kstrdup(absent, GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	p = list;
	while ((name = strsep(&p, ","))) {
		if (!*name)
			continue;
		b = sim->e5m ? sim_e5_find(sim->e5m, name) : -1;
		if (b < 0 || !sim->e5m->boxes[b].devfn) {
			pr_err("absent=%s: %s is no PCI box of the %s uncore\n",
			       absent, name, sim->e5m ? sim->e5m->name : "nhmex");
			ret = -EINVAL;
			break;
		}
		sim->absent |= BIT_ULL(b);
	}
	kfree(list);
	return ret;
}

/* The physical package of socket (logical package) @socket */
static unsigned int sim_phys_pkg(unsigned int socket)
{
	int cpu;

	for_each_present_cpu(cpu)
		if (topology_logical_package_id(cpu) == socket)
			return topology_physical_package_id(cpu);
	return socket;
}

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
 * @sim: an E5 simulator whose sockets are allocated
 *
 * Return: 0 or a negative errno; sim_pci_destroy() undoes a partial one.
 */
int sim_pci_create(struct xu_sim *sim)
{
	unsigned int phys[8], i, j;
	bool ok = true;
	int dom;

	/* GIDNIDMAP names physical packages 0 to 7 */
	for (i = 0; i < sim->sockets; i++) {
		phys[i] = sim_phys_pkg(i);
		ok &= phys[i] < ARRAY_SIZE(sim_nodeid);
		for (j = 0; j < i; j++)
			ok &= phys[j] != phys[i];
	}
	if (!ok) {
		pr_warn("physical package IDs beyond 7: bus i is package i\n");
		for (i = 0; i < sim->sockets; i++)
			phys[i] = i;
	}
	sim->gidnidmap = 0;
	for (i = 0; i < ARRAY_SIZE(sim_nodeid); i++)
		sim->gidnidmap |= sim_nodeid[i] << (3 * i);

	dom = sim_pci_domain_alloc(sim);
	if (dom < 0)
		return dom;
	sim->domain = dom;

	pci_lock_rescan_remove();
	for (i = 0; i < sim->sockets; i++) {
		struct sim_e5 *e5 = sim->sock[i].e5;
		unsigned int nr = sim_busnr(sim, i);
		LIST_HEAD(res);

		e5->nodeid = sim_nodeid[phys[i]];
		e5->sd.domain = dom;
		e5->sd.node = sim_pci_node(i);
		e5->busn.name = "xeon_uncore_sim";
		e5->busn.start = nr;
		e5->busn.end = nr;
		e5->busn.flags = IORESOURCE_BUS;
		pci_add_resource(&res, &e5->busn);
		e5->bus = pci_create_root_bus(NULL, nr, &sim_pci_ops, &e5->sd, &res);
		pci_free_resource_list(&res);
		if (!e5->bus) {
			pci_unlock_rescan_remove();
			pr_err("no PCI bus %04x:%02x\n", dom, nr);
			return -ENOMEM;
		}
		pci_scan_child_bus(e5->bus);
		pci_bus_add_devices(e5->bus);
	}
	pci_unlock_rescan_remove();
	return 0;
}

/* Remove the buses and free the domain number, of a partial one too */
void sim_pci_destroy(struct xu_sim *sim)
{
	unsigned int i;

	if (!sim->e5m || sim->domain < 0)
		return;
	pci_lock_rescan_remove();
	for (i = 0; i < sim->sockets; i++) {
		struct sim_e5 *e5 = sim->sock[i].e5;
		struct pci_host_bridge *bridge;

		if (!e5 || !e5->bus)
			continue;
		bridge = pci_find_host_bridge(e5->bus);
		pci_stop_root_bus(e5->bus);
		pci_remove_root_bus(e5->bus);
		/* the reference pci_create_root_bus() left us */
		put_device(&bridge->dev);
		e5->bus = NULL;
	}
	pci_unlock_rescan_remove();
	ida_free(&sim_domain_ida, sim->domain);
	sim->domain = -1;
}

/**
 * xu_sim_pci_domain() - the PCI domain of a simulator's PCI boxes
 * @sim: the simulated uncore
 *
 * Return: the domain number (SIM_DOMAIN_BASE and up, one per simulator),
 * or -1 for the Xeon 7500, which has no PCI boxes.
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
 * Return: the bus, or NULL (no such socket, or the Xeon 7500).
 */
struct pci_bus *xu_sim_pci_bus(struct xu_sim *sim, unsigned int socket)
{
	if (!sim->e5m || socket >= sim->sockets)
		return NULL;
	return sim->sock[socket].e5->bus;
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

	if (!sim->e5m)
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

	if (!sim->e5m)
		return -ENODEV;
	return sim_access(sim, socket, devfn, off, 4, &v, true);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_pci_write, XU_SIM_NS);
