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

#include <linux/bitfield.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/topology.h>

#include <asm/msr.h>

#include <xeon_uncore/snbep.h>

#include "uncore.h"

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
};

u32 xu_box_reg(const struct xu_box *box, u32 reg)
{
	const struct xu_box_type *t = box->pmu->type;

	/* a PCI box is a function of its own: no stride */
	return t->access == XU_PCI ? reg : reg + box->pmu->idx * t->box_stride;
}

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

/*
 * A PCI counter is two configuration dwords, the low one first.  A carry
 * from the low dword between the two reads would tear the value: read the
 * high dword on both sides of the low one, and the low one again if it
 * changed (a second carry needs 2^32 events in between).
 */
static int xu_pci_ctr_read(struct pci_dev *pdev, u32 off, u64 *val)
{
	u32 lo, hi, hi2;
	int ret;

	ret = pci_read_config_dword(pdev, off + 4, &hi);
	ret |= pci_read_config_dword(pdev, off, &lo);
	ret |= pci_read_config_dword(pdev, off + 4, &hi2);
	if (!ret && hi != hi2) {
		ret = pci_read_config_dword(pdev, off, &lo);
		hi = hi2;
	}
	*val = (u64)hi << 32 | lo;
	return xu_pci_errno(ret);
}

int xu_ctr_read(struct xu_box *box, unsigned int idx, u64 *val)
{
	const struct xu_box_type *t = box->pmu->type;
	u32 reg = xu_ctr_reg(box, idx);
	int ret;

	if (t->access == XU_MSR) {
		ret = box->io->read(box, reg, val);
	} else if (!box->pdev) {
		ret = -ENODEV;
	} else {
		ret = xu_pci_ctr_read(box->pdev, reg, val);
	}
	if (!ret)
		*val &= GENMASK_ULL((idx == t->num_counters ? t->fixed_width :
				     t->width) - 1, 0);
	return ret;
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
