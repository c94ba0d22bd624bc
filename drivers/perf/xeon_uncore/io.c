// SPDX-License-Identifier: GPL-2.0-only
/*
 * Register access: MSR boxes through struct xu_io_ops (the _safe MSR
 * helpers on real hardware, which turn a #GP into an error instead of an
 * oops; the simulator's accessors otherwise), PCI boxes through the PCI
 * core's configuration accessors, and the discovery of PCI boxes.
 *
 * MSR accessors act on the calling CPU: the core calls them only on a CPU
 * of the box's package (the collecting CPU, or one that took the
 * package's PMI or reads an event of the package).  PCI boxes may be
 * reached from any CPU, but not in NMI context: a configuration access
 * may take a spinlock (type 1 accesses do) that the NMI could have
 * interrupted, so the PMI walks packages with PCI boxes from an irq_work.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt
/* pci_err() and the like name the device and its driver, not this module */
#define dev_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/topology.h>

#include <asm/msr.h>

#include "compat.h"
#include "io.h"

static int xu_msr_read(struct xu_box *box, u32 reg, u64 *val)
{
	return rdmsrl_safe(reg, val);
}

static int xu_msr_write(struct xu_box *box, u32 reg, u64 val)
{
	return wrmsrl_safe(reg, val);
}

const struct xu_io_ops xu_msr_io = {
	.name	= "MSR",
	.owner	= THIS_MODULE,
	.read	= xu_msr_read,
	.write	= xu_msr_write,
	.native	= true,
};

/*
 * IA32_DEBUGCTL bit 13: an uncore PMI reaches this core (Intel SDM vol.
 * 3B, Nehalem's uncore: "PMI delivery due to an uncore counter overflow
 * is enabled by setting IA32_DEBUGCTL.Offcore_PMI_EN to 1")
 */
#define XU_DEBUGCTL_UNCORE_PMI	BIT_ULL(13)

/**
 * xu_debugctl_uncore_pmi() - let uncore PMIs reach this CPU's core, or not
 * @on: set the enable, else clear it
 *
 * A read-modify-write of this CPU's IA32_DEBUGCTL, written only if the
 * bit changes; a fault leaves it as it was.  With interrupts off: perf's
 * context switches write the register too (its LBR and BTS bits), and
 * one between the read and the write would be undone by it; its NMI
 * handler puts back what it changes before it returns.
 */
void xu_debugctl_uncore_pmi(bool on)
{
	unsigned long flags;
	u64 debugctl;

	local_irq_save(flags);
	if (rdmsrl_safe(MSR_IA32_DEBUGCTLMSR, &debugctl))
		goto out;
	if (on && !(debugctl & XU_DEBUGCTL_UNCORE_PMI))
		wrmsrl_safe(MSR_IA32_DEBUGCTLMSR, debugctl | XU_DEBUGCTL_UNCORE_PMI);
	else if (!on && (debugctl & XU_DEBUGCTL_UNCORE_PMI))
		wrmsrl_safe(MSR_IA32_DEBUGCTLMSR, debugctl & ~XU_DEBUGCTL_UNCORE_PMI);
out:
	local_irq_restore(flags);
}

/**
 * xu_msr_reachable() - can this CPU read MSR @reg without a fault?
 * @reg: the MSR
 *
 * Return: true if it can.
 */
bool xu_msr_reachable(u32 reg)
{
	u64 val;

	return !rdmsrl_safe(reg, &val);
}

u32 xu_type_reg(const struct xu_box_type *t, unsigned int i, u32 reg)
{
	/* a PCI box is a function of its own: no stride */
	if (t->access == XU_PCI)
		return reg;
	if (t->box_off)
		return reg + t->box_off[i];
	return reg + i * t->box_stride;
}

u32 xu_box_reg(const struct xu_box *box, u32 reg)
{
	return xu_type_reg(box->pmu->type, box->pmu->idx, reg);
}
EXPORT_SYMBOL_IF_KUNIT(xu_box_reg);

u32 xu_ctl_reg(const struct xu_box *box, unsigned int i)
{
	const struct xu_box_type *t = box->pmu->type;

	if (i == t->num_counters)
		return xu_box_reg(box, t->fixed_ctl);
	return xu_box_reg(box, t->ctls ? t->ctls[i] : t->ctl0 + i * t->ctl_stride);
}
EXPORT_SYMBOL_IF_KUNIT(xu_ctl_reg);

u32 xu_ctr_reg(const struct xu_box *box, unsigned int i)
{
	const struct xu_box_type *t = box->pmu->type;

	if (i == t->num_counters)
		return xu_box_reg(box, t->fixed_ctr);
	return xu_box_reg(box, t->ctrs ? t->ctrs[i] : t->ctr0 + i * t->ctr_stride);
}
EXPORT_SYMBOL_NS_GPL(xu_ctr_reg, XU_NS_INTERNAL);

static int xu_pci_errno(int ret)
{
	return ret ? -EIO : 0;
}

int xu_read(struct xu_box *box, u32 reg, u64 *val)
{
	u32 v;
	int ret;

	if (box->pmu->type->access == XU_MSR)
		return box->io->read(box, reg, val);
	if (!box->pdev)
		return -ENODEV;
	ret = xu_pci_errno(pci_read_config_dword(box->pdev, reg, &v));
	*val = ret ? 0 : v;
	return ret;
}

int xu_write(struct xu_box *box, u32 reg, u64 val)
{
	if (box->pmu->type->access == XU_MSR)
		return box->io->write(box, reg, val);
	if (!box->pdev)
		return -ENODEV;
	return xu_pci_errno(pci_write_config_dword(box->pdev, reg, val));
}

/**
 * xu_extra_write() - write a shared sub-register of a box
 * @box: the box
 * @er:  the sub-register, one of its type's @extra
 * @val: the value, in the register's own bits
 *
 * Return: 0 or a negative errno.
 */
int xu_extra_write(struct xu_box *box, const struct xu_extra_reg *er, u64 val)
{
	const struct xu_box_type *t = box->pmu->type;
	struct pci_dev *pdev;

	if (t->access == XU_MSR) {
		if (!er->stride)
			return xu_write(box, xu_box_reg(box, er->reg), val);
		return xu_write(box, er->reg + box->pmu->idx * er->stride, val);
	}
	pdev = er->filter ? box->fdev : box->pdev;
	if (!pdev)
		return -ENODEV;
	return pci_write_config_dword(pdev, er->reg, val) ? -EIO : 0;
}

/*
 * How close to its top the low dword of a split counter may be read and
 * the high one still be taken as its pair without a check: 2^27 events.
 * The fastest PCI box counters of the E5 and E5 v2 guides add up to 128
 * per cycle (329468 QPI RxL_OCCUPANCY, at qfclk, 1/8 of the link's GT/s:
 * 1 GHz at 8 GT/s; the R3QPI and HA occupancies add up to 32 at the
 * uncore clock): at most about 1.3e11 events a second, which take
 * 2^27 / 1.3e11 = 1 ms to cover the window.  The two reads are one
 * configuration access apart (a microsecond or so through CF8/CFC or
 * MMCONFIG), with interrupts off in every caller, so only an SMI or,
 * in a guest, the hypervisor can hold them that far apart: then, and
 * only with the low dword in the last 2^27 of its range at the first
 * read and the counter at the guides' highest rate, the value can be
 * torn by 2^32, as every read of mainline's two is exposed to.  Below
 * the window, the high dword cannot have taken a carry between the two.
 * 1 read in 32 (a uniformly placed low dword) takes the third access.
 */
#define XU_SPLIT_NEAR_TOP	(U32_MAX - BIT(27))

/**
 * xu_split_read() - read a counter that is two 32-bit registers
 * @rd:  reads the dword at an offset
 * @ctx: @rd's context
 * @off: the low dword's offset; the high one follows it
 * @val: the value
 *
 * A PCI counter is two configuration dwords, and it keeps counting
 * between the two reads: a carry out of the low dword between them
 * would tear the value by 2^32.  The low dword is read, then the high
 * one.  A low dword below XU_SPLIT_NEAR_TOP is too far from its top to
 * have carried before the high one was read (see there): the pair is
 * the value, in 2 accesses.  Otherwise the low dword is read again: not
 * below the first read, it did not wrap in between, so the high dword
 * read between them is its pair; below it, it wrapped, and the high
 * dword is read again, after the carry, as the pair of the second low
 * read, which is too far from its top to carry again so soon.
 *
 * Return: 0 or the first error of @rd.
 */
int xu_split_read(int (*rd)(void *ctx, u32 off, u32 *v), void *ctx, u32 off,
		  u64 *val)
{
	u32 lo, hi, lo2;
	int ret;

	ret = rd(ctx, off, &lo) ?: rd(ctx, off + 4, &hi);
	if (!ret && lo > XU_SPLIT_NEAR_TOP) {
		ret = rd(ctx, off, &lo2);
		if (!ret && lo2 < lo)
			ret = rd(ctx, off + 4, &hi);
		lo = lo2;
	}
	*val = ret ? 0 : (u64)hi << 32 | lo;
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(xu_split_read);

static int xu_pci_dword(void *pdev, u32 off, u32 *v)
{
	return xu_pci_errno(pci_read_config_dword(pdev, off, v));
}

static int __xu_ctr_read(struct xu_box *box, unsigned int idx, u64 *val,
			 bool stopped)
{
	const struct xu_box_type *t = box->pmu->type;
	u32 reg = xu_ctr_reg(box, idx);
	u32 lo, hi;
	int ret;

	if (t->access == XU_MSR) {
		ret = box->io->read(box, reg, val);
	} else if (!box->pdev) {
		ret = -ENODEV;
	} else if (stopped) {
		ret = xu_pci_dword(box->pdev, reg, &lo) ?:
		      xu_pci_dword(box->pdev, reg + 4, &hi);
		*val = ret ? 0 : (u64)hi << 32 | lo;
	} else {
		ret = xu_split_read(xu_pci_dword, box->pdev, reg, val);
	}
	if (ret)
		return ret;
	*val &= GENMASK_ULL(xu_ctr_bits(t, idx) - 1, 0);
	return 0;
}

int xu_ctr_read(struct xu_box *box, unsigned int idx, u64 *val)
{
	return __xu_ctr_read(box, idx, val, false);
}
EXPORT_SYMBOL_NS_GPL(xu_ctr_read, XU_NS_INTERNAL);

/*
 * A counter that does not count (its control clear, or its box frozen):
 * a PCI counter's two dwords cannot carry between their reads, which
 * take 2 accesses always (xu_split_read() takes a third in 1 read of 32)
 */
int xu_ctr_read_stopped(struct xu_box *box, unsigned int idx, u64 *val)
{
	return __xu_ctr_read(box, idx, val, true);
}

/* Only a stopped counter is written: its halves cannot carry meanwhile */
int xu_ctr_write(struct xu_box *box, unsigned int idx, u64 val)
{
	u32 reg = xu_ctr_reg(box, idx);
	int ret;

	if (box->pmu->type->access == XU_MSR)
		return box->io->write(box, reg, val);
	if (!box->pdev)
		return -ENODEV;
	ret = pci_write_config_dword(box->pdev, reg, lower_32_bits(val));
	ret |= pci_write_config_dword(box->pdev, reg + 4, upper_32_bits(val));
	return xu_pci_errno(ret);
}

/* The logical package of physical package @phys, -1 if no CPU has it */
static int xu_phys_to_pkg(int phys)
{
	unsigned int cpu;

	for_each_present_cpu(cpu)
		if (topology_physical_package_id(cpu) == phys)
			return topology_logical_package_id(cpu);
	return -1;
}

/* A PCI bus that holds a U-Box function, and its package */
struct xu_ubox_bus {
	int domain;
	unsigned int bus;
	int pkg;
};

#define XU_MAX_UBOX_BUSES	64

/* May the uncore @uc use @pdev (the right PCI domain)? */
static bool xu_pci_ours(struct xu_uncore *uc, struct pci_dev *pdev)
{
	int domain = uc->io->pci_domain ? uc->io->pci_domain(uc->io_priv) : -1;

	return domain < 0 || pci_domain_nr(pdev->bus) == domain;
}

/*
 * The package of a bus: that of the U-Box on the nearest bus at or above
 * it in its domain, as each socket's uncore devices sit on buses at or
 * below its U-Box's.
 */
static int xu_pci_bus_pkg(const struct xu_ubox_bus *map, unsigned int n,
			  struct pci_dev *pdev)
{
	int domain = pci_domain_nr(pdev->bus), pkg = -1;
	unsigned int bus = pdev->bus->number, best = UINT_MAX, i;

	for (i = 0; i < n; i++) {
		if (map[i].domain != domain || map[i].bus < bus ||
		    map[i].bus >= best)
			continue;
		best = map[i].bus;
		pkg = map[i].pkg;
	}
	return pkg;
}

/* Fill @map from the U-Box functions; returns how many, or an errno */
static int xu_pci_map_buses(struct xu_uncore *uc, struct xu_ubox_bus *map)
{
	const struct xu_pci_map *pm = uc->plat->pci_map;
	struct pci_dev *pdev = NULL;
	unsigned int n = 0;

	while ((pdev = pci_get_device(PCI_VENDOR_ID_INTEL, pm->ubox_id, pdev))) {
		u32 nodeid, map_reg;
		int phys, pkg;

		if (!xu_pci_ours(uc, pdev))
			continue;
		if (pci_read_config_dword(pdev, pm->node_reg, &nodeid) ||
		    pci_read_config_dword(pdev, pm->map_reg, &map_reg)) {
			pci_warn(pdev, "U-Box node id registers unreadable\n");
			continue;
		}
		phys = pm->phys_pkg(nodeid, map_reg);
		pkg = phys < 0 ? -1 : xu_phys_to_pkg(phys);
		if (pkg < 0 || pkg >= uc->num_pkgs) {
			pci_info(pdev, "U-Box node id %u (map %#x) names no package of this machine\n",
				 nodeid & pm->node_mask, map_reg);
			continue;
		}
		if (n == XU_MAX_UBOX_BUSES) {
			pci_dev_put(pdev);
			return -E2BIG;
		}
		map[n++] = (struct xu_ubox_bus) {
			.domain = pci_domain_nr(pdev->bus),
			.bus = pdev->bus->number,
			.pkg = pkg,
		};
	}
	return n;
}

/*
 * A device bound to a driver belongs to that driver.  The in-kernel
 * intel_uncore binds these functions (as snbep_uncore, ivbep_uncore) to
 * register the same PMU names.  A function the driver takes is held
 * (xu_pci_hold()) before it is found unbound, so that no driver binds it
 * afterwards; xu_pci_release() lets it go.
 */
static int xu_pci_claim(struct pci_dev *pdev)
{
	int ret = xu_pci_hold(pdev);

	if (ret)
		return ret;
	if (!pdev->dev.driver)
		return 0;
	xu_pci_unhold(pdev);
	pci_err(pdev, "uncore PCI function is bound to driver %s: unload it first (intel_uncore's: rmmod intel_uncore, or boot with modprobe.blacklist=intel_uncore)\n",
		dev_driver_string(&pdev->dev));
	return -EBUSY;
}

static int xu_pci_find_box(struct xu_uncore *uc, struct xu_pmu *xp,
			   const struct xu_ubox_bus *map, unsigned int n)
{
	const struct xu_box_type *t = xp->type;
	struct pci_dev *pdev = NULL;
	int ret;

	while ((pdev = pci_get_device(PCI_VENDOR_ID_INTEL,
				      t->pci_ids[xp->idx], pdev))) {
		struct xu_box *box;
		int pkg;

		if (!xu_pci_ours(uc, pdev))
			continue;
		pkg = xu_pci_bus_pkg(map, n, pdev);
		if (pkg < 0) {
			pci_info(pdev, "%s: on no package's bus, ignored\n", xp->name);
			continue;
		}
		box = &xp->boxes[pkg];
		if (box->pdev) {
			pci_info(pdev, "%s: package %d has one already, ignored\n",
				 xp->name, pkg);
			continue;
		}
		ret = xu_pci_claim(pdev);
		if (ret) {
			pci_dev_put(pdev);
			return ret;
		}
		box->pdev = pci_dev_get(pdev);
		if (t->filter_fn)
			box->fdev = pci_get_slot(pdev->bus,
						 PCI_DEVFN(PCI_SLOT(pdev->devfn),
							   t->filter_fn));
		/* a function in that slot is not the filter unless its ID says so */
		if (box->fdev && t->filter_ids && t->filter_ids[xp->idx] &&
		    (box->fdev->vendor != PCI_VENDOR_ID_INTEL ||
		     box->fdev->device != t->filter_ids[xp->idx])) {
			pci_info(box->fdev, "%s: not its match/mask function (ID %04x), ignored\n",
				 xp->name, box->fdev->device);
			pci_dev_put(box->fdev);
			box->fdev = NULL;
		}
		ret = box->fdev ? xu_pci_claim(box->fdev) : 0;
		if (ret) {
			pci_dev_put(box->fdev);
			box->fdev = NULL;
			pci_dev_put(pdev);
			return ret;
		}
	}
	return 0;
}

/*
 * PCI remove and rescan.  A function the driver holds may be removed
 * (sysfs remove, or a rescan of its bus after one): the driver keeps its
 * reference, so the struct pci_dev it uses is never freed, and goes on
 * reaching the registers through it, at the same domain, bus and devfn
 * (a remove through sysfs leaves the function and its bus in place, and
 * what the PCI core does to a function it removes touches none of the
 * PMON registers).  A rescan then creates a new struct pci_dev for the
 * same function, with no driver_override: any driver could bind it, and
 * intel_uncore's probe would reset the box under the driver's events.
 * The bus notifier holds that new device as well, at
 * BUS_NOTIFY_ADD_DEVICE, which comes before any driver may bind it, until
 * the driver lets the functions go.
 */

/**
 * struct xu_pci_again - a box's function found again after its removal
 * @node: in struct xu_uncore.pci_again
 * @pdev: the new struct pci_dev, held (driver_override) and referenced
 */
struct xu_pci_again {
	struct list_head node;
	struct pci_dev *pdev;
};

static bool xu_pci_same_place(struct pci_dev *a, struct pci_dev *b)
{
	return pci_domain_nr(a->bus) == pci_domain_nr(b->bus) &&
	       a->bus->number == b->bus->number && a->devfn == b->devfn;
}

/* The function @uc holds at @pdev's place, other than @pdev; NULL if none */
static struct pci_dev *xu_pci_held_at(struct xu_uncore *uc,
				      struct pci_dev *pdev, const char **name)
{
	unsigned int i, pkg;

	for (i = 0; i < uc->num_pmus; i++) {
		if (uc->pmus[i].type->access != XU_PCI)
			continue;
		for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
			struct xu_box *box = &uc->pmus[i].boxes[pkg];
			struct pci_dev *held[] = { box->pdev, box->fdev };
			unsigned int k;

			for (k = 0; k < ARRAY_SIZE(held); k++) {
				if (!held[k] || held[k] == pdev ||
				    !xu_pci_same_place(held[k], pdev))
					continue;
				*name = uc->pmus[i].name;
				return held[k];
			}
		}
	}
	return NULL;
}

/* Hold @pdev, found again at the place of @held, a function of PMU @name */
static void xu_pci_hold_again(struct xu_uncore *uc, struct pci_dev *pdev,
			      struct pci_dev *held, const char *name)
{
	struct xu_pci_again *a, *old = NULL;
	int ret;

	if (pdev->vendor != held->vendor || pdev->device != held->device) {
		pci_info(pdev, "%s: at the place of its function, but not it (ID %04x:%04x), left alone\n",
			 name, pdev->vendor, pdev->device);
		return;
	}
	a = kzalloc(sizeof(*a), GFP_KERNEL);
	ret = a ? xu_pci_hold(pdev) : -ENOMEM;
	if (ret) {
		kfree(a);
		pci_warn(pdev, "%s: found again after its removal, but cannot be held from other drivers (%d): one that binds it may reset the box\n",
			 name, ret);
		return;
	}
	a->pdev = pci_dev_get(pdev);
	mutex_lock(&uc->pci_again_lock);
	/* one found again before, at this place, is gone since */
	list_for_each_entry(old, &uc->pci_again, node)
		if (xu_pci_same_place(old->pdev, pdev))
			break;
	if (list_entry_is_head(old, &uc->pci_again, node))
		old = NULL;
	else
		list_del(&old->node);
	list_add(&a->node, &uc->pci_again);
	mutex_unlock(&uc->pci_again_lock);
	if (old) {
		xu_pci_unhold(old->pdev);
		pci_dev_put(old->pdev);
		kfree(old);
	}
	pci_info(pdev, "%s: found again after its removal: held from other drivers, while the counters go on through the function first found\n",
		 name);
}

static int xu_pci_notify(struct notifier_block *nb, unsigned long action,
			 void *data)
{
	struct xu_uncore *uc = container_of(nb, struct xu_uncore, pci_nb);
	struct pci_dev *pdev = to_pci_dev(data);
	struct pci_dev *held;
	const char *name;
	unsigned int i, pkg;

	switch (action) {
	case BUS_NOTIFY_ADD_DEVICE:
		held = xu_pci_held_at(uc, pdev, &name);
		if (held)
			xu_pci_hold_again(uc, pdev, held, name);
		break;
	case BUS_NOTIFY_DEL_DEVICE:
		for (i = 0; i < uc->num_pmus; i++) {
			if (uc->pmus[i].type->access != XU_PCI)
				continue;
			for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
				struct xu_box *box = &uc->pmus[i].boxes[pkg];

				if (pdev == box->pdev || pdev == box->fdev)
					pci_info(pdev, "%s: removed while in use: its counters go on through the reference the driver holds\n",
						 uc->pmus[i].name);
			}
		}
		break;
	}
	return NOTIFY_DONE;
}

/**
 * xu_pci_read_id() - a register of a function of @uc's PCI domain
 * @uc:  the uncore
 * @id:  the function's device ID (vendor Intel); the first found counts
 * @reg: the offset of a dword in its configuration space
 * @val: out: its value
 *
 * For a fact of the hardware that the functions of every package hold
 * alike (a fuse, a capability).  Process context.
 *
 * Return: 0, -ENODEV if the domain has no such function, or the errno
 * of the read.
 */
int xu_pci_read_id(struct xu_uncore *uc, u16 id, u32 reg, u32 *val)
{
	struct pci_dev *pdev = NULL;
	int ret;

	while ((pdev = pci_get_device(PCI_VENDOR_ID_INTEL, id, pdev))) {
		if (!xu_pci_ours(uc, pdev))
			continue;
		ret = pci_read_config_dword(pdev, reg, val);
		pci_dev_put(pdev);
		return pcibios_err_to_errno(ret);
	}
	return -ENODEV;
}

/**
 * xu_pci_discover() - find the PCI function of every PCI box
 * @uc: the uncore, its PMUs and boxes allocated
 *
 * Boxes whose function a package lacks keep a NULL pdev.  Then watches
 * the PCI bus for a function the driver holds found again after its
 * removal, to hold it too (xu_pci_notify()).  Process context.
 *
 * Return: 0, -EBUSY if another driver holds a function, or an errno.
 */
int xu_pci_discover(struct xu_uncore *uc)
{
	struct xu_ubox_bus *map;
	unsigned int i;
	int n, ret = 0;

	if (!uc->plat->pci_map)
		return 0;
	map = kcalloc(XU_MAX_UBOX_BUSES, sizeof(*map), GFP_KERNEL);
	if (!map)
		return -ENOMEM;
	n = xu_pci_map_buses(uc, map);
	if (n < 0) {
		ret = n;
		goto out;
	}
	for (i = 0; !ret && i < uc->num_pmus; i++)
		if (uc->pmus[i].type->access == XU_PCI)
			ret = xu_pci_find_box(uc, &uc->pmus[i], map, n);
	if (!ret) {
		INIT_LIST_HEAD(&uc->pci_again);
		mutex_init(&uc->pci_again_lock);
		uc->pci_nb.notifier_call = xu_pci_notify;
		ret = bus_register_notifier(&pci_bus_type, &uc->pci_nb);
		if (ret)
			uc->pci_nb.notifier_call = NULL;
	}
out:
	kfree(map);
	return ret;
}

/**
 * xu_pci_release() - let go of the functions xu_pci_discover() held
 * @uc: the uncore
 *
 * Stops watching the PCI bus, then lets go of every function the driver
 * held, those found again after a removal included.
 */
void xu_pci_release(struct xu_uncore *uc)
{
	struct xu_pci_again *a, *tmp;
	unsigned int i, pkg;

	/* waits for a notifier call under way */
	if (uc->pci_nb.notifier_call) {
		bus_unregister_notifier(&pci_bus_type, &uc->pci_nb);
		uc->pci_nb.notifier_call = NULL;
		list_for_each_entry_safe(a, tmp, &uc->pci_again, node) {
			list_del(&a->node);
			xu_pci_unhold(a->pdev);
			pci_dev_put(a->pdev);
			kfree(a);
		}
		mutex_destroy(&uc->pci_again_lock);
	}

	for (i = 0; uc->pmus && i < uc->num_pmus; i++) {
		for (pkg = 0; uc->pmus[i].boxes && pkg < uc->num_pkgs; pkg++) {
			struct xu_box *box = &uc->pmus[i].boxes[pkg];

			xu_pci_unhold(box->fdev);
			xu_pci_unhold(box->pdev);
			pci_dev_put(box->fdev);
			pci_dev_put(box->pdev);
			box->fdev = NULL;
			box->pdev = NULL;
		}
	}
}
