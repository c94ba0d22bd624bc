// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon E5 (Sandy Bridge-EP, "snbep") and E5 v2 (Ivy Bridge-EP,
 * "ivbep") uncore, the register model: every box of a socket, MSR and
 * PCI alike, as one table per model (struct sim_e5_desc), and the
 * semantics of the guides' PmonCntrCfg, PmonUnitCtrl and PmonUnitStatus
 * registers and, on IVB-EP, of the U-Box's global control and status.
 *
 * As for the Xeon 7500 (model.c), counters advance lazily, when the
 * socket is touched; on IVB-EP an overflow with ov_en set freezes the
 * whole package at the moment it happens, so a long step is cut there.
 * Documentation/simulator.rst describes the registers and the rates.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "internal.h"

#define FIXED		SIM_E5_FIXED
#define MSR_RSVD	GENMASK_ULL(63, 32)

/* Box types: their counters, widths and names */
static const struct sim_e5_tdesc {
	const char *name;
	u8 nctrs;
	u8 width;
	bool fixed;		/* a fixed counter (48 bits) */
	bool box_ctl;		/* a box control register */
} sim_e5_types[E5_NR_TYPES] = {
	[E5_UBOX]	= { "ubox",   E5_U_NUM_COUNTERS, E5_WIDTH_44, true, false },
	[E5_CBOX]	= { "cbox",   E5_C_NUM_COUNTERS, E5_WIDTH_44, false, true },
	[E5_PCU]	= { "pcu",    E5_PCU_NUM_COUNTERS, E5_WIDTH_48, false, true },
	[E5_HA]		= { "ha",     E5_PCI_NUM_COUNTERS, E5_WIDTH_48, false, true },
	[E5_IMC]	= { "imc",    E5_PCI_NUM_COUNTERS, E5_WIDTH_48, true, true },
	[E5_QPI]	= { "qpi",    E5_PCI_NUM_COUNTERS, E5_WIDTH_48, false, true },
	[E5_R2PCIE]	= { "r2pcie", E5_PCI_NUM_COUNTERS, E5_WIDTH_44, false, true },
	[E5_R3QPI]	= { "r3qpi",  E5_R3QPI_NUM_COUNTERS, E5_WIDTH_44, false, true },
	[E5_IRP]	= { "irp",    E5_PCI_NUM_COUNTERS, E5_WIDTH_48, false, true },
};

#define MSR_BOX(n, t, i, g) \
	{ .name = n, .type = t, .idx = i, .gsts = g }
#define PCI_BOX(n, t, i, d, f, id, g) \
	{ .name = n, .type = t, .idx = i, .devfn = PCI_DEVFN(d, f), \
	  .devid = id, .gsts = g }
#define QPI_BOX(n, i, d, id, fd, fid, g) \
	{ .name = n, .type = E5_QPI, .idx = i, .devfn = PCI_DEVFN(d, 2), \
	  .devid = id, .fdevfn = PCI_DEVFN(fd, E5_QPI_FILTER_FN), \
	  .fdevid = fid, .gsts = g }

/* SNB-EP has no global status: its gsts bits are never used */

static const struct sim_e5_desc sim_snbep_boxes[] = {
	MSR_BOX("ubox", E5_UBOX, 0, 0),
	MSR_BOX("cbox_0", E5_CBOX, 0, 0),
	MSR_BOX("cbox_1", E5_CBOX, 1, 0),
	MSR_BOX("cbox_2", E5_CBOX, 2, 0),
	MSR_BOX("cbox_3", E5_CBOX, 3, 0),
	MSR_BOX("cbox_4", E5_CBOX, 4, 0),
	MSR_BOX("cbox_5", E5_CBOX, 5, 0),
	MSR_BOX("cbox_6", E5_CBOX, 6, 0),
	MSR_BOX("cbox_7", E5_CBOX, 7, 0),
	MSR_BOX("pcu", E5_PCU, 0, 0),
	PCI_BOX("ha", E5_HA, 0, 14, 1, SNBEP_PCI_HA, 0),
	PCI_BOX("imc_0", E5_IMC, 0, 16, 0, SNBEP_PCI_IMC0, 0),
	PCI_BOX("imc_1", E5_IMC, 1, 16, 1, SNBEP_PCI_IMC1, 0),
	PCI_BOX("imc_2", E5_IMC, 2, 16, 4, SNBEP_PCI_IMC2, 0),
	PCI_BOX("imc_3", E5_IMC, 3, 16, 5, SNBEP_PCI_IMC3, 0),
	QPI_BOX("qpi_0", 0, 8, SNBEP_PCI_QPI0, 8, SNBEP_PCI_QPI0_FILTER, 0),
	QPI_BOX("qpi_1", 1, 9, SNBEP_PCI_QPI1, 9, SNBEP_PCI_QPI1_FILTER, 0),
	PCI_BOX("r2pcie", E5_R2PCIE, 0, 19, 1, SNBEP_PCI_R2PCIE, 0),
	PCI_BOX("r3qpi_0", E5_R3QPI, 0, 19, 5, SNBEP_PCI_R3QPI0, 0),
	PCI_BOX("r3qpi_1", E5_R3QPI, 1, 19, 6, SNBEP_PCI_R3QPI1, 0),
};

static const struct sim_e5_desc sim_ivbep_boxes[] = {
	MSR_BOX("ubox", E5_UBOX, 0, IVBEP_GSTS_U),
	MSR_BOX("cbox_0", E5_CBOX, 0, IVBEP_GSTS_CBOX(0)),
	MSR_BOX("cbox_1", E5_CBOX, 1, IVBEP_GSTS_CBOX(1)),
	MSR_BOX("cbox_2", E5_CBOX, 2, IVBEP_GSTS_CBOX(2)),
	MSR_BOX("cbox_3", E5_CBOX, 3, IVBEP_GSTS_CBOX(3)),
	MSR_BOX("cbox_4", E5_CBOX, 4, IVBEP_GSTS_CBOX(4)),
	MSR_BOX("cbox_5", E5_CBOX, 5, IVBEP_GSTS_CBOX(5)),
	MSR_BOX("cbox_6", E5_CBOX, 6, IVBEP_GSTS_CBOX(6)),
	MSR_BOX("cbox_7", E5_CBOX, 7, IVBEP_GSTS_CBOX(7)),
	MSR_BOX("cbox_8", E5_CBOX, 8, IVBEP_GSTS_CBOX(8)),
	MSR_BOX("cbox_9", E5_CBOX, 9, IVBEP_GSTS_CBOX(9)),
	MSR_BOX("cbox_10", E5_CBOX, 10, IVBEP_GSTS_CBOX(10)),
	MSR_BOX("cbox_11", E5_CBOX, 11, IVBEP_GSTS_CBOX(11)),
	MSR_BOX("cbox_12", E5_CBOX, 12, IVBEP_GSTS_CBOX(12)),
	MSR_BOX("cbox_13", E5_CBOX, 13, IVBEP_GSTS_CBOX(13)),
	MSR_BOX("cbox_14", E5_CBOX, 14, IVBEP_GSTS_CBOX(14)),
	MSR_BOX("pcu", E5_PCU, 0, IVBEP_GSTS_PCU),
	PCI_BOX("ha_0", E5_HA, 0, 14, 1, IVBEP_PCI_HA0, IVBEP_GSTS_HA(0)),
	PCI_BOX("ha_1", E5_HA, 1, 28, 1, IVBEP_PCI_HA1, IVBEP_GSTS_HA(1)),
	PCI_BOX("imc_0", E5_IMC, 0, 16, 4, IVBEP_PCI_IMC0, IVBEP_GSTS_IMC(0)),
	PCI_BOX("imc_1", E5_IMC, 1, 16, 5, IVBEP_PCI_IMC1, IVBEP_GSTS_IMC(0)),
	PCI_BOX("imc_2", E5_IMC, 2, 16, 0, IVBEP_PCI_IMC2, IVBEP_GSTS_IMC(0)),
	PCI_BOX("imc_3", E5_IMC, 3, 16, 1, IVBEP_PCI_IMC3, IVBEP_GSTS_IMC(0)),
	PCI_BOX("imc_4", E5_IMC, 4, 30, 4, IVBEP_PCI_IMC4, IVBEP_GSTS_IMC(1)),
	PCI_BOX("imc_5", E5_IMC, 5, 30, 5, IVBEP_PCI_IMC5, IVBEP_GSTS_IMC(1)),
	PCI_BOX("imc_6", E5_IMC, 6, 30, 0, IVBEP_PCI_IMC6, IVBEP_GSTS_IMC(1)),
	PCI_BOX("imc_7", E5_IMC, 7, 30, 1, IVBEP_PCI_IMC7, IVBEP_GSTS_IMC(1)),
	PCI_BOX("irp", E5_IRP, 0, 5, 6, IVBEP_PCI_IRP, XU_SIM_IVBEP_GSTS_IRP),
	QPI_BOX("qpi_0", 0, 8, IVBEP_PCI_QPI0, 8, IVBEP_PCI_QPI0_FILTER,
		IVBEP_GSTS_QPI(0)),
	QPI_BOX("qpi_1", 1, 9, IVBEP_PCI_QPI1, 9, IVBEP_PCI_QPI1_FILTER,
		IVBEP_GSTS_QPI(1)),
	QPI_BOX("qpi_2", 2, 24, IVBEP_PCI_QPI2, 24, IVBEP_PCI_QPI2_FILTER,
		XU_SIM_IVBEP_GSTS_QPI2),
	PCI_BOX("r2pcie", E5_R2PCIE, 0, 19, 1, IVBEP_PCI_R2PCIE,
		IVBEP_GSTS_R2PCIE),
	PCI_BOX("r3qpi_0", E5_R3QPI, 0, 19, 5, IVBEP_PCI_R3QPI0,
		IVBEP_GSTS_R3QPI(0)),
	PCI_BOX("r3qpi_1", E5_R3QPI, 1, 19, 6, IVBEP_PCI_R3QPI1,
		IVBEP_GSTS_R3QPI(1)),
	PCI_BOX("r3qpi_2", E5_R3QPI, 2, 18, 5, IVBEP_PCI_R3QPI2,
		XU_SIM_IVBEP_GSTS_R3QPI2),
};

static const struct sim_e5_model sim_e5_models[] = {
	{
		.name		= "snbep",
		.ivb		= false,
		.boxes		= sim_snbep_boxes,
		.nr_boxes	= ARRAY_SIZE(sim_snbep_boxes),
		.ubox_devid	= SNBEP_PCI_UBOX,
		.filler_devid	= SIM_SNBEP_FILLER,
	},
	{
		.name		= "ivbep",
		.ivb		= true,
		.boxes		= sim_ivbep_boxes,
		.nr_boxes	= ARRAY_SIZE(sim_ivbep_boxes),
		.ubox_devid	= IVBEP_PCI_UBOX,
		.filler_devid	= SIM_IVBEP_FILLER,
	},
	{ }
};

const struct sim_e5_model *sim_e5_model(const char *name)
{
	const struct sim_e5_model *m;

	for (m = sim_e5_models; m->name; m++)
		if (!strcmp(m->name, name))
			return m;
	return NULL;
}

/* The model's box @name (a PMU name without "uncore_"), -1 if none */
int sim_e5_find(const struct sim_e5_model *m, const char *name)
{
	unsigned int b;

	for (b = 0; b < m->nr_boxes; b++)
		if (!strcmp(m->boxes[b].name, name))
			return b;
	return -1;
}

const char *sim_e5_type_name(unsigned int type)
{
	return sim_e5_types[type].name;
}

static unsigned int sim_e5_box_of(const struct sim_e5_model *m, u8 type,
				  unsigned int idx)
{
	unsigned int b;

	for (b = 0; b < m->nr_boxes; b++)
		if (m->boxes[b].type == type && m->boxes[b].idx == idx)
			return b;
	return m->nr_boxes;
}

/**
 * xu_sim_e5_rate() - the background generator's rate of one E5 event
 * @socket: socket number
 * @box:    box type: "ubox", "cbox", "pcu", "ha", "imc", "qpi", "r2pcie",
 *          "r3qpi" or "irp"
 * @idx:    the box's index within its type (0 for a single box)
 * @event:  perf's event field: ev_sel, plus 0x100 with ev_sel_ext; 0xff
 *          is the fixed counter of the U-Box (UCLK) and of an iMC (DCLK)
 *
 * Return: events per second: 100000 * ((ev_sel & 7) + 1) *
 * (socket + idx + 1) for a general-purpose counter, 1000000 *
 * (socket + 1) for UCLK and 800000 * (socket + idx + 1) for DCLK; 0 for
 * an unknown box type.
 */
u64 xu_sim_e5_rate(unsigned int socket, const char *box, unsigned int idx,
		   unsigned int event)
{
	unsigned int t;

	for (t = 0; t < E5_NR_TYPES; t++)
		if (!strcmp(sim_e5_types[t].name, box))
			break;
	if (t == E5_NR_TYPES)
		return 0;
	if (event == E5_FIXED_EVENT && t == E5_UBOX)
		return 10 * XU_SIM_RATE_UNIT * (socket + 1);
	if (event == E5_FIXED_EVENT && t == E5_IMC)
		return 8 * XU_SIM_RATE_UNIT * (socket + idx + 1);
	return XU_SIM_RATE_UNIT * ((event & 7) + 1) * (socket + idx + 1);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_e5_rate, XU_SIM_NS);

static u64 sim_e5_ctr_max(const struct sim_e5_desc *d, unsigned int i)
{
	return GENMASK_ULL(i == FIXED ? E5_WIDTH_48 - 1 :
			   sim_e5_types[d->type].width - 1, 0);
}

/* perf's event field of a counter's control: 0xff for a fixed counter */
static unsigned int sim_e5_event(const struct sim_e5_box *bx, unsigned int i)
{
	u64 ctl = bx->c[i].ctl;

	if (i == FIXED)
		return E5_FIXED_EVENT;
	return FIELD_GET(E5_CTL_EV_SEL, ctl) |
	       (ctl & E5_CTL_EV_SEL_EXT ? 0x100 : 0);
}

static u64 sim_e5_rate(struct sim_socket *s, unsigned int b, unsigned int i)
{
	const struct sim_e5_desc *d = &s->sim->e5m->boxes[b];

	return xu_sim_e5_rate(s->id, sim_e5_types[d->type].name, d->idx,
			      i == FIXED ? E5_FIXED_EVENT :
			      FIELD_GET(E5_CTL_EV_SEL, s->e5->box[b].c[i].ctl));
}

static bool sim_e5_has(const struct sim_e5_desc *d, unsigned int i)
{
	return i == FIXED ? sim_e5_types[d->type].fixed :
	       i < sim_e5_types[d->type].nctrs;
}

/* Counter @i of box @b counts now */
static bool sim_e5_counting(struct sim_socket *s, unsigned int b,
			    unsigned int i)
{
	const struct sim_e5_model *m = s->sim->e5m;
	const struct sim_e5_box *bx = &s->e5->box[b];

	if (!sim_e5_has(&m->boxes[b], i) || !(bx->c[i].ctl & E5_CTL_EN))
		return false;
	if (m->ivb && s->e5->frozen)
		return false;
	if (!(bx->box_ctl & E5_BOX_CTL_FRZ))
		return true;
	/* SNB-EP: frz freezes only while frz_en is set too */
	return m->ivb ? false : !(bx->box_ctl & E5_BOX_CTL_FRZ_EN);
}

static bool sim_e5_ov_en(struct sim_socket *s, unsigned int b, unsigned int i)
{
	return s->sim->e5m->ivb && (s->e5->box[b].c[i].ctl & E5_CTL_OV_EN);
}

/*
 * IVB-EP: counter @i of box @b overflowed with ov_en set at time @when:
 * its box status bit, the box's global status bit, the freeze of the
 * package and a PMI to the cores pmi_core_sel names
 */
static void sim_e5_overflow(struct sim_socket *s, unsigned int b,
			    unsigned int i, u64 when)
{
	const struct sim_e5_desc *d = &s->sim->e5m->boxes[b];
	struct sim_e5 *e5 = s->e5;

	if (d->type == E5_IMC)
		e5->box[b].status |= BIT_ULL(i == FIXED ? 0 : i + 1);
	else if (i != FIXED)
		e5->box[b].status |= BIT_ULL(i);
	if (d->type == E5_UBOX && i == FIXED)
		e5->gsts |= IVBEP_GSTS_U_FIXED;
	else
		e5->gsts |= d->gsts;
	if (!e5->frozen) {
		e5->frozen = true;
		s->frozen_since = when;
	}
	sim_raise_pmi(s);
}

/* Add @n events to a counter; true if it wrapped */
static bool sim_e5_add(struct sim_ctr *c, u64 max, u64 n)
{
	bool flow = n > max - c->val;

	c->val = (c->val + n) & max;
	return flow;
}

/* Nanoseconds until @c, at @rate events per second, wraps; at most 1 s */
static u64 sim_e5_ns_to_flow(const struct sim_ctr *c, u64 max, u64 rate)
{
	u64 events = max - c->val + 1;

	if (!rate || events >= rate)
		return NSEC_PER_SEC;
	/* the generator's remainder brings the first event a little closer */
	return div64_u64(events * NSEC_PER_SEC - min(c->rem_ns,
						     events * NSEC_PER_SEC - 1),
			 rate) + 1;
}

/*
 * Nanoseconds until the next overflow that freezes the package (IVB-EP,
 * ov_en), at most a second; 0 if no counting counter has ov_en set
 */
static u64 sim_e5_flow_ns(struct sim_socket *s)
{
	const struct sim_e5_model *m = s->sim->e5m;
	u64 ns = NSEC_PER_SEC;
	bool any = false;
	unsigned int b, i;

	if (!m->ivb)
		return 0;
	for (b = 0; b < m->nr_boxes; b++) {
		for (i = 0; i <= FIXED; i++) {
			struct sim_ctr *c = &s->e5->box[b].c[i];

			if (!sim_e5_counting(s, b, i) || !sim_e5_ov_en(s, b, i))
				continue;
			any = true;
			ns = min(ns, sim_e5_ns_to_flow(c, sim_e5_ctr_max(&m->boxes[b], i),
						       sim_e5_rate(s, b, i)));
		}
	}
	return any ? ns : 0;
}

/* Every counting counter of the socket over @ns, starting at @from */
static void sim_e5_step(struct sim_socket *s, u64 from, u64 ns)
{
	const struct sim_e5_model *m = s->sim->e5m;
	unsigned int b, i;
	u64 n;

	for (b = 0; b < m->nr_boxes; b++) {
		for (i = 0; i <= FIXED; i++) {
			struct sim_ctr *c = &s->e5->box[b].c[i];

			if (!sim_e5_counting(s, b, i))
				continue;
			n = sim_gen(c, sim_e5_rate(s, b, i), ns);
			c->stopped = sim_e5_add(c, sim_e5_ctr_max(&m->boxes[b], i), n);
		}
	}
	/* then the overflows, all at the end of the step */
	for (b = 0; b < m->nr_boxes; b++) {
		for (i = 0; i <= FIXED; i++) {
			struct sim_ctr *c = &s->e5->box[b].c[i];

			if (c->stopped && sim_e5_ov_en(s, b, i))
				sim_e5_overflow(s, b, i, from + ns);
			c->stopped = false;
		}
	}
}

/*
 * The generator's events from @from over @ns: in steps that end at each
 * overflow that freezes the package, after which nothing counts
 */
void sim_e5_advance(struct sim_socket *s, u64 from, u64 ns)
{
	while (ns) {
		u64 step = sim_e5_flow_ns(s);

		step = step ? min(step, ns) : ns;
		sim_e5_step(s, from, step);
		from += step;
		ns -= step;
		if (s->sim->e5m->ivb && s->e5->frozen)
			return;
	}
}

/* For the tick: when the next overflow that raises a PMI is due */
u64 sim_e5_next_flow_ns(struct sim_socket *s)
{
	u64 ns = sim_e5_flow_ns(s);

	return ns ? max_t(u64, ns, 10 * NSEC_PER_USEC) : 0;
}

/* The valid bits of counter @i's control: all others are reserved */
static u64 sim_e5_ctl_valid(const struct sim_e5_model *m,
			    const struct sim_e5_desc *d, unsigned int i)
{
	u64 v = E5_CTL_EV_SEL | E5_CTL_UMASK | E5_CTL_RST | E5_CTL_EDGE |
		E5_CTL_EV_SEL_EXT | E5_CTL_EN | E5_CTL_INVERT | E5_CTL_THRESH8;

	if (i == FIXED)
		return E5_FIXED_CTL_EN | (m->ivb ? E5_FIXED_CTL_OV_EN : 0) |
		       (d->type == E5_IMC ? E5_FIXED_CTL_RST : 0);
	switch (d->type) {
	case E5_UBOX:
		v &= ~(E5_CTL_EV_SEL_EXT | E5_CTL_THRESH8);
		v |= E5_CTL_THRESH5;
		if (m->ivb)
			v &= ~E5_CTL_INVERT;
		break;
	case E5_CBOX:
		v &= ~E5_CTL_EV_SEL_EXT;
		v |= E5_CTL_TID_EN;
		if (m->ivb)
			v &= ~E5_CTL_INVERT;
		break;
	case E5_PCU:
		v &= ~(E5_CTL_UMASK | E5_CTL_THRESH8);
		v |= E5_PCU_CTL_OCC_SEL | E5_CTL_THRESH5 |
		     E5_PCU_CTL_OCC_INVERT | E5_PCU_CTL_OCC_EDGE;
		if (m->ivb)
			v &= ~E5_CTL_INVERT;
		break;
	case E5_HA:
		if (m->ivb)
			v |= E5_CTL_HA_Q_OCC_RST;
		break;
	default:
		break;
	}
	return m->ivb ? v | E5_CTL_OV_EN : v;
}

static u64 sim_e5_box_ctl_valid(const struct sim_e5_model *m)
{
	return E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS | E5_BOX_CTL_FRZ |
	       E5_BOX_CTL_FRZ_EN | (m->ivb ? BIT_ULL(17) : 0);
}

void sim_e5_violation(struct sim_socket *s, bool pci, unsigned int devfn,
		      u32 reg, u64 val, u64 rsvd)
{
	if (!(val & rsvd))
		return;
	atomic64_inc(&s->sim->violations);
	if (pci)
		pr_warn_ratelimited("socket %u: reserved bits %#llx written to PCI %02x.%u offset %#x\n",
				    s->id, val & rsvd, PCI_SLOT(devfn),
				    PCI_FUNC(devfn), reg);
	else
		pr_warn_ratelimited("socket %u: reserved bits %#llx written to MSR %#x\n",
				    s->id, val & rsvd, reg);
}

static void sim_e5_write_ctl(struct sim_socket *s, unsigned int b,
			     unsigned int i, u64 val, bool pci, u32 reg)
{
	const struct sim_e5_model *m = s->sim->e5m;
	const struct sim_e5_desc *d = &m->boxes[b];
	u64 valid = sim_e5_ctl_valid(m, d, i);
	u64 wo = i == FIXED ? (d->type == E5_IMC ? E5_FIXED_CTL_RST : 0) :
		 E5_CTL_RST;
	struct sim_ctr *c = &s->e5->box[b].c[i];

	sim_e5_violation(s, pci, d->devfn, reg, val, ~valid);
	if (val & wo)
		c->val = 0;
	c->ctl = val & valid & ~wo;
	c->rem_ns = 0;
}

static void sim_e5_write_box_ctl(struct sim_socket *s, unsigned int b,
				 u64 val, bool pci, u32 reg)
{
	const struct sim_e5_model *m = s->sim->e5m;
	struct sim_e5_box *bx = &s->e5->box[b];
	u64 valid = sim_e5_box_ctl_valid(m);
	unsigned int i;

	sim_e5_violation(s, pci, m->boxes[b].devfn, reg, val, ~valid);
	for (i = 0; i <= FIXED; i++) {
		if (val & E5_BOX_CTL_RST_CTRL)
			bx->c[i].ctl = 0;
		if (val & E5_BOX_CTL_RST_CTRS)
			bx->c[i].val = 0;
	}
	bx->box_ctl = val & valid & ~(E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS);
}

static void sim_e5_write_ctr(struct sim_socket *s, unsigned int b,
			     unsigned int i, u64 val)
{
	struct sim_ctr *c = &s->e5->box[b].c[i];

	c->val = val & sim_e5_ctr_max(&s->sim->e5m->boxes[b], i);
}

/* ---- MSRs ---- */

/* Which box and register an MSR is; false if the model has none there */
enum sim_e5_reg { R_CTL, R_CTR, R_BOX_CTL, R_STATUS, R_FILTER };

struct sim_e5_at {
	unsigned int b;
	enum sim_e5_reg reg;
	unsigned int i;		/* counter, or filter register */
};

static bool sim_e5_msr(const struct sim_e5_model *m, u32 msr,
		       struct sim_e5_at *at)
{
	unsigned int n;

	switch (msr) {
	case E5_U_FIXED_CTL:
		*at = (struct sim_e5_at){ sim_e5_box_of(m, E5_UBOX, 0), R_CTL, FIXED };
		return true;
	case E5_U_FIXED_CTR:
		*at = (struct sim_e5_at){ sim_e5_box_of(m, E5_UBOX, 0), R_CTR, FIXED };
		return true;
	case E5_U_BOX_STATUS:
		*at = (struct sim_e5_at){ sim_e5_box_of(m, E5_UBOX, 0), R_STATUS, 0 };
		return m->ivb;
	case E5_PCU_BOX_CTL:
		*at = (struct sim_e5_at){ sim_e5_box_of(m, E5_PCU, 0), R_BOX_CTL, 0 };
		return true;
	case E5_PCU_FILTER:
		*at = (struct sim_e5_at){ sim_e5_box_of(m, E5_PCU, 0), R_FILTER, 0 };
		return true;
	case E5_PCU_BOX_STATUS:
		*at = (struct sim_e5_at){ sim_e5_box_of(m, E5_PCU, 0), R_STATUS, 0 };
		return m->ivb;
	}
	if (msr >= E5_U_CTL0 && msr < E5_U_CTL0 + E5_U_NUM_COUNTERS) {
		*at = (struct sim_e5_at){ sim_e5_box_of(m, E5_UBOX, 0), R_CTL,
					  msr - E5_U_CTL0 };
		return true;
	}
	if (msr >= E5_U_CTR0 && msr < E5_U_CTR0 + E5_U_NUM_COUNTERS) {
		*at = (struct sim_e5_at){ sim_e5_box_of(m, E5_UBOX, 0), R_CTR,
					  msr - E5_U_CTR0 };
		return true;
	}
	if (msr >= E5_PCU_CTL0 && msr < E5_PCU_CTL0 + E5_PCU_NUM_COUNTERS) {
		*at = (struct sim_e5_at){ sim_e5_box_of(m, E5_PCU, 0), R_CTL,
					  msr - E5_PCU_CTL0 };
		return true;
	}
	if (msr >= E5_PCU_CTR0 && msr < E5_PCU_CTR0 + E5_PCU_NUM_COUNTERS) {
		*at = (struct sim_e5_at){ sim_e5_box_of(m, E5_PCU, 0), R_CTR,
					  msr - E5_PCU_CTR0 };
		return true;
	}
	if (msr < E5_C_BOX_CTL)
		return false;
	n = (msr - E5_C_BOX_CTL) / E5_C_BOX_STRIDE;
	at->b = sim_e5_box_of(m, E5_CBOX, n);
	if (at->b == m->nr_boxes)
		return false;
	msr -= n * E5_C_BOX_STRIDE;
	if (msr == E5_C_BOX_CTL) {
		at->reg = R_BOX_CTL;
	} else if (msr >= E5_C_CTL0 && msr < E5_C_CTL0 + E5_C_NUM_COUNTERS) {
		at->reg = R_CTL;
		at->i = msr - E5_C_CTL0;
	} else if (msr >= E5_C_CTR0 && msr < E5_C_CTR0 + E5_C_NUM_COUNTERS) {
		at->reg = R_CTR;
		at->i = msr - E5_C_CTR0;
	} else if (msr == E5_C_FILTER) {
		at->reg = R_FILTER;
		at->i = 0;
	} else if (msr == IVBEP_C_FILTER1 && m->ivb) {
		at->reg = R_FILTER;
		at->i = 1;
	} else {
		return false;
	}
	return true;
}

/* The valid bits of filter register @i of box @b */
static u64 sim_e5_filter_valid(const struct sim_e5_model *m,
			       const struct sim_e5_desc *d, unsigned int i)
{
	switch (d->type) {
	case E5_CBOX:
		if (!m->ivb)
			return SNBEP_C_FILT_TID | SNBEP_C_FILT_NID |
			       SNBEP_C_FILT_STATE | SNBEP_C_FILT_OPC;
		if (!i)
			return IVBEP_C_FILT_TID | IVBEP_C_FILT_LINK |
			       IVBEP_C_FILT_STATE;
		return (IVBEP_C_FILT_NID | IVBEP_C_FILT_OPC | IVBEP_C_FILT_C6 |
			IVBEP_C_FILT_NC | IVBEP_C_FILT_ISOC) >> 32;
	case E5_PCU:
		return GENMASK_ULL(31, 0);
	case E5_HA:
		return i == 0 ? E5_HA_ADDR0_MASK :
		       i == 1 ? E5_HA_ADDR1_MASK : E5_HA_OPC_MASK;
	case E5_QPI:
		/* MATCH0, MATCH1, MASK0, MASK1 */
		if (i & 1)
			return (E5_QPI_PKT_RNID30 | E5_QPI_PKT_RDS) >> 32;
		return E5_QPI_PKT_VNW | E5_QPI_PKT_OPC | E5_QPI_PKT_MC |
		       E5_QPI_PKT_DNID | E5_QPI_PKT_RNID4;
	default:
		return 0;
	}
}

static void sim_e5_write_filter(struct sim_socket *s, unsigned int b,
				unsigned int i, u64 val, bool pci, u32 reg)
{
	const struct sim_e5_model *m = s->sim->e5m;
	const struct sim_e5_desc *d = &m->boxes[b];
	u64 valid = sim_e5_filter_valid(m, d, i);

	sim_e5_violation(s, pci, d->type == E5_QPI ? d->fdevfn : d->devfn,
			 reg, val, ~valid);
	s->e5->box[b].filter[i] = val & valid;
}

static u64 sim_e5_get(struct sim_socket *s, const struct sim_e5_at *at)
{
	struct sim_e5_box *bx = &s->e5->box[at->b];

	switch (at->reg) {
	case R_CTL:
		return bx->c[at->i].ctl;
	case R_CTR:
		return bx->c[at->i].val;
	case R_BOX_CTL:
		return bx->box_ctl;
	case R_STATUS:
		return bx->status;
	case R_FILTER:
		return bx->filter[at->i];
	}
	return 0;
}

static void sim_e5_put(struct sim_socket *s, const struct sim_e5_at *at,
		       u64 val, bool pci, u32 reg)
{
	switch (at->reg) {
	case R_CTL:
		sim_e5_write_ctl(s, at->b, at->i, val, pci, reg);
		break;
	case R_CTR:
		sim_e5_write_ctr(s, at->b, at->i, val);
		break;
	case R_BOX_CTL:
		sim_e5_write_box_ctl(s, at->b, val, pci, reg);
		break;
	case R_STATUS:
		s->e5->box[at->b].status &= ~val;
		break;
	case R_FILTER:
		sim_e5_write_filter(s, at->b, at->i, val, pci, reg);
		break;
	}
}

static void sim_e5_write_gctl(struct sim_socket *s, u64 val)
{
	struct sim_e5 *e5 = s->e5;
	u64 valid = IVBEP_U_GCTL_PMI_CORE_SEL | IVBEP_U_GCTL_UNFRZ_ALL |
		    IVBEP_U_GCTL_WK_ON_PMI | IVBEP_U_GCTL_FRZ_ALL;

	sim_e5_violation(s, false, 0, E5_U_GLOBAL_CTL, val, ~valid);
	e5->gctl = val & (IVBEP_U_GCTL_PMI_CORE_SEL | IVBEP_U_GCTL_WK_ON_PMI);
	if (val & IVBEP_U_GCTL_UNFRZ_ALL) {
		e5->frozen = false;
		if (s->frozen_since) {
			s->frozen_ns += s->last_ns - s->frozen_since;
			s->frozen_since = 0;
		}
		/* what the handler left in the status needs a PMI of its own */
		if (e5->gsts && s->pmi_in_flight && s->pmi_done) {
			s->pmi_in_flight = false;
			sim_raise_pmi(s);
		}
	}
	if (val & IVBEP_U_GCTL_FRZ_ALL)
		e5->frozen = true;
}

int sim_e5_read_msr(struct sim_socket *s, u32 msr, u64 *val)
{
	const struct sim_e5_model *m = s->sim->e5m;
	struct sim_e5_at at;

	if (m->ivb) {
		switch (msr) {
		case E5_U_GLOBAL_CTL:
			*val = s->e5->gctl;
			return 0;
		case E5_U_GLOBAL_STATUS:
			*val = s->e5->gsts;
			return 0;
		case E5_U_GLOBAL_CONFIG:
			*val = s->e5->gcfg;
			return 0;
		}
	}
	if (!sim_e5_msr(m, msr, &at))
		return -EIO;
	*val = sim_e5_get(s, &at);
	return 0;
}

int sim_e5_write_msr(struct sim_socket *s, u32 msr, u64 val)
{
	const struct sim_e5_model *m = s->sim->e5m;
	struct sim_e5_at at;

	if (m->ivb) {
		switch (msr) {
		case E5_U_GLOBAL_CTL:
			sim_e5_write_gctl(s, val);
			return 0;
		case E5_U_GLOBAL_STATUS:
			s->e5->gsts &= ~val;
			s->pmi_in_flight &= !!s->e5->gsts;
			return 0;
		case E5_U_GLOBAL_CONFIG:
			s->e5->gcfg = val;
			return 0;
		}
	}
	if (!sim_e5_msr(m, msr, &at))
		return -EIO;
	if (at.reg != R_CTR && at.reg != R_STATUS)
		sim_e5_violation(s, false, 0, msr, val, MSR_RSVD);
	sim_e5_put(s, &at, val & (at.reg == R_CTR ? ~0ULL : ~MSR_RSVD), false, msr);
	return 0;
}

/* ---- PCI configuration space ---- */

static u32 sim_e5_ctr_off(const struct sim_e5_desc *d, unsigned int i)
{
	static const u32 irp[] = {
		IVBEP_IRP_CTR0, IVBEP_IRP_CTR1, IVBEP_IRP_CTR2, IVBEP_IRP_CTR3,
	};

	if (i == FIXED)
		return E5_PCI_FIXED_CTR;
	return d->type == E5_IRP ? irp[i] : E5_PCI_CTR0 + 8 * i;
}

/*
 * The register at dword offset @off of function @devfn's box @b: false
 * if there is none.  *@hi: the upper dword of a counter.
 */
static bool sim_e5_pci_reg(const struct sim_e5_model *m, unsigned int b,
			   unsigned int devfn, u32 off, struct sim_e5_at *at,
			   bool *hi)
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
		if ((off & ~4) == sim_e5_ctr_off(d, i)) {
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
int sim_e5_pci_box_access(struct sim_socket *s, unsigned int b,
			  unsigned int devfn, u32 off, u32 *val, bool write)
{
	const struct sim_e5_model *m = s->sim->e5m;
	struct sim_e5_at at;
	bool hi;
	u64 v;

	if (!sim_e5_pci_reg(m, b, devfn, off, &at, &hi)) {
		/* nothing there: reads as 0, a write is a driver's mistake */
		if (write)
			sim_e5_violation(s, true, devfn, off, *val ?: 1, ~0ULL);
		else
			*val = 0;
		return 0;
	}
	v = sim_e5_get(s, &at);
	if (!write) {
		*val = hi ? upper_32_bits(v) : lower_32_bits(v);
		return 0;
	}
	if (at.reg == R_CTR)
		v = hi ? (v & GENMASK_ULL(31, 0)) | (u64)*val << 32 :
			 (v & GENMASK_ULL(63, 32)) | *val;
	else
		v = *val;
	sim_e5_put(s, &at, v, true, off);
	return 0;
}

/* ---- injection and reset ---- */

/**
 * xu_sim_e5_inject() - make @n events of one E5 source happen now
 * @sim:    a simulated snbep or ivbep uncore
 * @socket: socket number
 * @box:    box type, as for xu_sim_e5_rate()
 * @idx:    the box's index within its type
 * @event:  perf's event field (ev_sel, plus 0x100 with ev_sel_ext); 0xff
 *          is the fixed counter of the U-Box or an iMC
 * @n:      how many events
 *
 * Every counter of the box that counts now and selects @event sees them,
 * with the wraps, overflows, freeze and PMI they cause.
 *
 * Return: 0, or -EINVAL for a model, socket or box that does not exist.
 */
int xu_sim_e5_inject(struct xu_sim *sim, unsigned int socket, const char *box,
		     unsigned int idx, unsigned int event, u64 n)
{
	const struct sim_e5_model *m = sim->e5m;
	unsigned long flags, hit = 0;
	const struct sim_e5_desc *d;
	struct sim_socket *s;
	unsigned int b, i, t;
	bool fixed;

	if (!m || socket >= sim->sockets)
		return -EINVAL;
	for (t = 0; t < E5_NR_TYPES; t++)
		if (!strcmp(sim_e5_types[t].name, box))
			break;
	b = t < E5_NR_TYPES ? sim_e5_box_of(m, t, idx) : m->nr_boxes;
	if (b == m->nr_boxes)
		return -EINVAL;
	d = &m->boxes[b];
	s = &sim->sock[socket];

	sim_lock(s, &flags);
	sim_advance_locked(sim, s);
	/* the counters that count now all see the events, then overflow */
	fixed = event == E5_FIXED_EVENT && sim_e5_types[t].fixed;
	for (i = 0; i <= FIXED; i++) {
		if (fixed ? i != FIXED : i == FIXED)
			continue;
		if (!sim_e5_counting(s, b, i) ||
		    sim_e5_event(&s->e5->box[b], i) != event)
			continue;
		if (sim_e5_add(&s->e5->box[b].c[i], sim_e5_ctr_max(d, i), n))
			hit |= BIT(i);
	}
	for (i = 0; i <= FIXED; i++)
		if ((hit & BIT(i)) && sim_e5_ov_en(s, b, i))
			sim_e5_overflow(s, b, i, s->last_ns);
	sim_arm_tick_locked(sim, s);
	sim_unlock(s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_e5_inject, XU_SIM_NS);

/* Every register of the socket to its reset value */
void sim_e5_reset(struct sim_socket *s)
{
	unsigned int nr = s->sim->e5m->nr_boxes;
	struct sim_e5 *e5 = s->e5;

	e5->gctl = 0;
	e5->gsts = 0;
	e5->gcfg = 0;
	e5->frozen = false;
	memset(e5->box, 0, nr * sizeof(e5->box[0]));
}

struct sim_e5 *sim_e5_alloc(const struct sim_e5_model *m)
{
	struct sim_e5 *e5;

	return kzalloc(struct_size(e5, box, m->nr_boxes), GFP_KERNEL);
}
