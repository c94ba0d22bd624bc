// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon E5 uncores, the PCI side: the configuration
 * space of every function of a socket's bus (the boxes' PMON registers,
 * which e5.c holds, the QPI match/mask functions, the U-Box function's
 * CPUNODEID and GIDNIDMAP, the filler functions 0 that make the PCI
 * core scan on), and what the model sets up per socket at creation.
 * Which functions exist and their device IDs are the model's data
 * (e5_boxes.c).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/string.h>
#include <linux/topology.h>

#include "e5_model.h"

#define FIXED		SIM_E5_FIXED
#define SIM_CLASS	0x088000	/* system peripheral, other */
#define SIM_HDR_MFD	0x80		/* header type: multi-function */

/* ---- the PMON registers of a PCI box ---- */

static u32 sim_e5_ctr_off(const struct sim_e5_model *m,
			  const struct sim_e5_desc *d, unsigned int i)
{
	if (i == FIXED)
		return E5_PCI_FIXED_CTR;
	return d->type == E5_IRP && m->irp_ctrs ? m->irp_ctrs[i] :
	       E5_PCI_CTR0 + 8 * i;
}

/*
 * The register at dword offset @off of function @devfn's box @b: false
 * if there is none.  *@hi: the upper dword of a counter.  @foreign: the
 * QPI match/mask function is another one (xu_sim_set_foreign_filter()).
 */
static bool sim_e5_pci_reg(const struct sim_e5_model *m, unsigned int b,
			   unsigned int devfn, u32 off, bool foreign,
			   struct sim_e5_at *at, bool *hi)
{
	const struct sim_e5_desc *d = &m->boxes[b];
	const struct sim_e5_tdesc *t = &sim_e5_types[d->type];
	static const u32 qpi_filt[] = {
		E5_QPI_MATCH0, E5_QPI_MATCH1, E5_QPI_MASK0, E5_QPI_MASK1,
	};
	static const u32 ha_filt[] = {
		E5_HA_ADDRMATCH0, E5_HA_ADDRMATCH1, E5_HA_OPCODEMATCH,
	};
	unsigned int i;

	at->b = b;
	*hi = false;
	if (d->type == E5_QPI && devfn == d->fdevfn) {
		if (foreign)
			return false;
		for (i = 0; i < ARRAY_SIZE(qpi_filt); i++)
			if (off == qpi_filt[i])
				goto filter;
		return false;
	}
	if (d->type == E5_HA)
		for (i = 0; i < ARRAY_SIZE(ha_filt); i++)
			if (off == ha_filt[i])
				goto filter;
	if (off == E5_PCI_BOX_CTL) {
		at->reg = R_BOX_CTL;
		return true;
	}
	if (off == E5_PCI_BOX_STATUS) {
		at->reg = R_STATUS;
		return true;
	}
	if (t->fixed && off == E5_PCI_FIXED_CTL) {
		at->reg = R_CTL;
		at->i = FIXED;
		return true;
	}
	for (i = 0; i <= FIXED; i++) {
		if (!sim_e5_has(d, i))
			continue;
		if (i != FIXED && off == E5_PCI_CTL0 + 4 * i) {
			at->reg = R_CTL;
			at->i = i;
			return true;
		}
		if ((off & ~4) == sim_e5_ctr_off(m, d, i)) {
			at->reg = R_CTR;
			at->i = i;
			*hi = off & 4;
			return true;
		}
	}
	return false;
filter:
	at->reg = R_FILTER;
	at->i = i;
	return true;
}

/*
 * A PMON register access in function @devfn of box @b (the QPI filter
 * function included), a dword at the aligned offset @off
 */
static int sim_e5_pci_box_access(struct sim_socket *s, unsigned int b,
				 unsigned int devfn, u32 off, u32 *val, bool write)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	struct sim_e5_at at;
	bool hi;
	u64 v;

	if (!sim_e5_pci_reg(m, b, devfn, off, READ_ONCE(s->sim->foreign_filter),
			    &at, &hi)) {
		/* nothing there: reads as 0, a write is a driver's mistake */
		if (write)
			sim_violation(s, true, devfn, off, *val ?: 1, ~0ULL);
		else
			*val = 0;
		return 0;
	}
	if (!write) {
		v = sim_e5_read_reg(s, &at);
		*val = hi ? upper_32_bits(v) : lower_32_bits(v);
		return 0;
	}
	v = sim_e5_get(s, &at);
	if (at.reg == R_CTR)
		v = hi ? (v & GENMASK_ULL(31, 0)) | (u64)*val << 32 :
			 (v & GENMASK_ULL(63, 32)) | *val;
	else
		v = *val;
	sim_e5_put(s, &at, v, true, off);
	return 0;
}

/* ---- the functions of a socket's bus ---- */

/*
 * Node id of physical package p: a fixed permutation, so that a driver
 * that took the node id for the package would get it wrong
 */
static const u8 sim_nodeid[8] = { 5, 2, 7, 0, 3, 6, 1, 4 };

/* The physical package of socket (logical package) @socket */
static unsigned int sim_phys_pkg(unsigned int socket)
{
	int cpu;

	for_each_present_cpu(cpu)
		if (topology_logical_package_id(cpu) == socket)
			return topology_physical_package_id(cpu);
	return socket;
}

/* What a function of a socket's bus is */
enum sim_fn { FN_NONE, FN_UBOX, FN_CAP, FN_FILLER, FN_BOX };

static bool sim_present(const struct xu_sim *sim, unsigned int b)
{
	return sim_e5m(sim)->boxes[b].devfn && !(sim->absent & BIT_ULL(b));
}

static enum sim_fn sim_fn(const struct xu_sim *sim, unsigned int devfn,
			  unsigned int *box)
{
	const struct sim_e5_model *m = sim_e5m(sim);
	bool slot = false;
	unsigned int b;

	if (devfn == SIM_UBOX_DEVFN)
		return FN_UBOX;
	if (m->cap_devfn && !(sim->absent & BIT_ULL(SIM_E5_CAP_ABSENT))) {
		if (devfn == m->cap_devfn)
			return FN_CAP;
		slot = PCI_SLOT(m->cap_devfn) == PCI_SLOT(devfn);
	}
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
	const struct sim_e5_model *m = sim_e5m(sim);
	u16 id;

	switch (off) {
	case PCI_VENDOR_ID:
		if (fn == FN_UBOX)
			id = m->ubox_devid;
		else if (fn == FN_CAP)
			id = m->cap_devid;
		else if (fn == FN_FILLER)
			id = m->filler_devid;
		else if (devfn == m->boxes[b].devfn)
			id = m->boxes[b].devid;
		else if (READ_ONCE(sim->foreign_filter))
			id = m->filler_devid;
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
 * The die's chop field as the capability register holds it, for a
 * socket of @ncbox C-Boxes (one a core): the smallest die that has them
 */
static u32 sim_e5_chop(const struct sim_e5_model *m, unsigned int ncbox)
{
	u32 chop = ncbox <= m->chop_cores[0] ? 0 :
		   ncbox <= m->chop_cores[1] ? 1 : 2;

	return (chop << __ffs(m->cap_chop)) & m->cap_chop;
}

/*
 * A configuration access of @size bytes at @where in function @devfn of
 * socket @s's bus, with @s locked.  Returns -ENODEV for a function that
 * does not exist.
 */
int sim_e5_config(struct sim_socket *s, unsigned int devfn, u32 where,
		  unsigned int size, u64 *val, bool write)
{
	struct xu_sim *sim = s->sim;
	u32 off = where & ~3, shift = (where & 3) * 8;
	u32 mask = size == 4 ? ~0U : (BIT(size * 8) - 1) << shift;
	unsigned int b = 0;
	enum sim_fn fn;
	u32 v = 0;
	int ret;

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
			sim_violation(s, true, devfn, off, 1, ~0ULL);
			return 0;
		}
		if (fn == FN_UBOX && off == E5_UBOX_CPUNODEID)
			v = sim_e5(s)->nodeid;
		else if (fn == FN_UBOX && off == E5_UBOX_GIDNIDMAP)
			v = sim_e5(s)->gidnidmap;
		else if (fn == FN_CAP && off == sim_e5m(sim)->cap_reg)
			v = sim_e5_chop(sim_e5m(sim), sim_e5(s)->ncbox);
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

/*
 * The PCI box @name is, for absent=; -1 if it is none.  "pcu_cap", in a
 * model that has it, is the capability function (SIM_E5_CAP_ABSENT).
 */
int sim_e5_pci_box(const struct xu_sim *sim, const char *name)
{
	int b = sim_e5_find(sim_e5m(sim), name);

	if (sim_e5m(sim)->cap_devfn && !strcmp(name, "pcu_cap"))
		return SIM_E5_CAP_ABSENT;

	return b >= 0 && sim_e5m(sim)->boxes[b].devfn ? b : -1;
}

/* The debugfs dump reads 0x40-0xfc, 0x23c in a QPI match/mask function */
u32 sim_e5_config_end(unsigned int devfn)
{
	return PCI_FUNC(devfn) == E5_QPI_FILTER_FN ? 0x240 : 0x100;
}

/*
 * The C-Boxes of socket @socket: one a core of its package, at most the
 * model's; all of them for a socket without CPUs (a KUnit simulator's)
 */
static unsigned int sim_e5_ncbox(const struct xu_sim *sim, unsigned int socket)
{
	const struct sim_e5_model *m = sim_e5m(sim);
	unsigned int cores = 0, max = 0, b;
	int cpu;

	for (b = 0; b < m->nr_boxes; b++)
		max += m->boxes[b].type == E5_CBOX;
	for_each_present_cpu(cpu)
		if (topology_logical_package_id(cpu) == socket &&
		    cpu == cpumask_first(topology_sibling_cpumask(cpu)))
			cores++;
	return cores && cores < max ? cores : max;
}

/* The threads a core of socket @socket: 1 for a socket without CPUs */
static unsigned int sim_e5_threads(unsigned int socket)
{
	int cpu;

	for_each_present_cpu(cpu)
		if (topology_logical_package_id(cpu) == socket)
			return cpumask_weight(topology_sibling_cpumask(cpu));
	return 1;
}

/*
 * The U-Box functions' CPUNODEID and GIDNIDMAP: node id i of physical
 * package i, so bus i maps to its package only through both
 */
int sim_e5_init(struct xu_sim *sim)
{
	unsigned int phys[8], i, j;
	u32 gidnidmap = 0;
	bool ok = true;

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
	for (i = 0; i < ARRAY_SIZE(sim_nodeid); i++)
		gidnidmap |= sim_nodeid[i] << (3 * i);
	for (i = 0; i < sim->sockets; i++) {
		sim_e5(&sim->sock[i])->nodeid = sim_nodeid[phys[i]];
		sim_e5(&sim->sock[i])->gidnidmap = gidnidmap;
		sim_e5(&sim->sock[i])->ncbox = sim_e5_ncbox(sim, i);
		sim_e5(&sim->sock[i])->threads = sim_e5_threads(i);
	}
	return 0;
}
