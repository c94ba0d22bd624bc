// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon E5 (Sandy Bridge-EP, "snbep") and E5 v2 (Ivy Bridge-EP,
 * "ivbep") uncore, the registers: every box of a socket, MSR and PCI
 * alike, as e5_boxes.c lists them, with the semantics of the guides'
 * PmonCntrCfg, PmonUnitCtrl and PmonUnitStatus registers and, on IVB-EP,
 * of the U-Box's global control and status; the configuration space of
 * the socket's PCI functions; and the models' struct sim_model.
 *
 * As for the Xeon 7500, counters advance lazily, when the socket is
 * touched; on IVB-EP an overflow with ov_en set freezes the whole package
 * at the moment it happens, so a long step is cut there.
 * Documentation/simulator.rst describes the registers and the rates.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/pci.h>
#include <linux/string.h>
#include <linux/topology.h>

#include "e5_model.h"

#define FIXED		SIM_E5_FIXED
#define MSR_RSVD	GENMASK_ULL(63, 32)
#define SIM_CLASS	0x088000	/* system peripheral, other */
#define SIM_HDR_MFD	0x80		/* header type: multi-function */
/* Ivy Bridge-EP's pmi_core_sel, 329468 Table 2-2 */
#define SIM_IVBEP_PMI_CORE_SEL	GENMASK_ULL(14, 0)

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

static bool sim_e5_has(const struct sim_e5_desc *d, unsigned int i)
{
	return i == FIXED ? sim_e5_types[d->type].fixed :
	       i < sim_e5_types[d->type].nctrs;
}

/* Counter @i of box @b counts now */
static bool sim_e5_counting(struct sim_socket *s, unsigned int b,
			    unsigned int i)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	const struct sim_e5_box *bx = &sim_e5(s)->box[b];

	if (!sim_e5_has(&m->boxes[b], i) || !(bx->c[i].ctl & E5_CTL_EN))
		return false;
	if (m->ivb && sim_e5(s)->frozen)
		return false;
	if (!(bx->box_ctl & E5_BOX_CTL_FRZ))
		return true;
	/* SNB-EP: frz freezes only while frz_en is set too */
	return m->ivb ? false : !(bx->box_ctl & E5_BOX_CTL_FRZ_EN);
}

/* IVB-EP with wrong guesses (Documentation/simulator.rst) */
static bool sim_e5_wrong(const struct sim_socket *s)
{
	return sim_e5m(s->sim)->ivb && READ_ONCE(s->sim->wrong_guesses);
}

/*
 * The global status bit of box @d: with wrong guesses, the boxes without
 * a known bit report in others than the ones the simulator documents
 */
static u64 sim_e5_gsts_bit(const struct sim_socket *s,
			   const struct sim_e5_desc *d)
{
	if (!sim_e5_wrong(s))
		return d->gsts;
	switch (d->gsts) {
	case XU_SIM_IVBEP_GSTS_QPI2:
		return XU_SIM_IVBEP_WRONG_GSTS_QPI2;
	case XU_SIM_IVBEP_GSTS_R3QPI2:
		return XU_SIM_IVBEP_WRONG_GSTS_R3QPI2;
	case XU_SIM_IVBEP_GSTS_IRP:
		return XU_SIM_IVBEP_WRONG_GSTS_IRP;
	}
	return d->gsts;
}

static bool sim_e5_ov_en(struct sim_socket *s, unsigned int b, unsigned int i)
{
	return sim_e5m(s->sim)->ivb && (sim_e5(s)->box[b].c[i].ctl & E5_CTL_OV_EN);
}

/*
 * IVB-EP: counter @i of box @b overflowed with ov_en set at time @when:
 * its box status bit, the box's global status bit, the freeze of the
 * package and a PMI to the cores pmi_core_sel names
 */
static void sim_e5_overflow(struct sim_socket *s, unsigned int b,
			    unsigned int i, u64 when)
{
	const struct sim_e5_desc *d = &sim_e5m(s->sim)->boxes[b];
	struct sim_e5 *e5 = sim_e5(s);

	if (d->type == E5_IMC)
		e5->box[b].status |= BIT_ULL(i == FIXED ? 0 : i + 1);
	else if (i != FIXED)
		e5->box[b].status |= BIT_ULL(i);
	if (d->type == E5_UBOX && i == FIXED)
		e5->gsts |= IVBEP_GSTS_U_FIXED;
	else
		e5->gsts |= sim_e5_gsts_bit(s, d);
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
	/* a rate above 1.8 * 10^10 a second: events * 10^9 might not fit */
	if (events > div_u64(U64_MAX, NSEC_PER_SEC))
		return mul_u64_u64_div_u64(events, NSEC_PER_SEC, rate) + 1;
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
	const struct sim_e5_model *m = sim_e5m(s->sim);
	u64 ns = NSEC_PER_SEC;
	bool any = false;
	unsigned int b, i;

	if (!m->ivb)
		return 0;
	for (b = 0; b < m->nr_boxes; b++) {
		for (i = 0; i <= FIXED; i++) {
			struct sim_ctr *c = &sim_e5(s)->box[b].c[i];

			if (!sim_e5_counting(s, b, i) || !sim_e5_ov_en(s, b, i))
				continue;
			any = true;
			ns = min(ns, sim_e5_ns_to_flow(c, sim_e5_ctr_max(&m->boxes[b], i),
						       sim_e5_count_rate(s, b, i)));
		}
	}
	return any ? ns : 0;
}

/* Every counting counter of the socket over @ns, starting at @from */
static void sim_e5_step(struct sim_socket *s, u64 from, u64 ns)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	unsigned int b, i;
	u64 n;

	for (b = 0; b < m->nr_boxes; b++) {
		for (i = 0; i <= FIXED; i++) {
			struct sim_ctr *c = &sim_e5(s)->box[b].c[i];

			if (!sim_e5_counting(s, b, i))
				continue;
			n = sim_gen(c, sim_e5_count_rate(s, b, i), ns);
			c->stopped = sim_e5_add(c, sim_e5_ctr_max(&m->boxes[b], i), n);
		}
	}
	/* then the overflows, all at the end of the step */
	for (b = 0; b < m->nr_boxes; b++) {
		for (i = 0; i <= FIXED; i++) {
			struct sim_ctr *c = &sim_e5(s)->box[b].c[i];

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
static void sim_e5_advance(struct sim_socket *s, u64 from, u64 ns)
{
	while (ns) {
		u64 step = sim_e5_flow_ns(s);

		step = step ? min(step, ns) : ns;
		sim_e5_step(s, from, step);
		from += step;
		ns -= step;
		if (sim_e5m(s->sim)->ivb && sim_e5(s)->frozen)
			return;
	}
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

static void sim_e5_write_ctl(struct sim_socket *s, unsigned int b,
			     unsigned int i, u64 val, bool pci, u32 reg)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	const struct sim_e5_desc *d = &m->boxes[b];
	u64 valid = sim_e5_ctl_valid(m, d, i);
	u64 wo = i == FIXED ? (d->type == E5_IMC ? E5_FIXED_CTL_RST : 0) :
		 E5_CTL_RST;
	struct sim_ctr *c = &sim_e5(s)->box[b].c[i];

	sim_violation(s, pci, d->devfn, reg, val, ~valid);
	if (val & wo)
		c->val = 0;
	c->ctl = val & valid & ~wo;
	c->rem_ns = 0;
}

static void sim_e5_write_box_ctl(struct sim_socket *s, unsigned int b,
				 u64 val, bool pci, u32 reg)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	struct sim_e5_box *bx = &sim_e5(s)->box[b];
	u64 valid = sim_e5_box_ctl_valid(m);
	unsigned int i;

	sim_violation(s, pci, m->boxes[b].devfn, reg, val, ~valid);
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
	struct sim_ctr *c = &sim_e5(s)->box[b].c[i];

	c->val = val & sim_e5_ctr_max(&sim_e5m(s->sim)->boxes[b], i);
}

/* ---- MSRs ---- */

/* Which box and register an MSR is; false if the model has none there */
enum sim_e5_reg { R_CTL, R_CTR, R_BOX_CTL, R_STATUS, R_FILTER };

struct sim_e5_at {
	unsigned int b;
	enum sim_e5_reg reg;
	unsigned int i;		/* counter, or filter register */
};

/*
 * The MSR @msr of a model: its box, register and counter.  @cstat: the
 * C-Boxes have a box status (IVB-EP with wrong guesses)
 */
static bool sim_e5_msr(const struct sim_e5_model *m, u32 msr, bool cstat,
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
	} else if (msr == XU_SIM_IVBEP_WRONG_C_STATUS(0) && cstat) {
		at->reg = R_STATUS;
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
	const struct sim_e5_model *m = sim_e5m(s->sim);
	const struct sim_e5_desc *d = &m->boxes[b];
	u64 valid = sim_e5_filter_valid(m, d, i);

	sim_violation(s, pci, d->type == E5_QPI ? d->fdevfn : d->devfn,
		      reg, val, ~valid);
	sim_e5(s)->box[b].filter[i] = val & valid;
}

static u64 sim_e5_get(struct sim_socket *s, const struct sim_e5_at *at)
{
	struct sim_e5_box *bx = &sim_e5(s)->box[at->b];

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

/* As sim_e5_get(), a counter with the bits above its width a read returns */
static u64 sim_e5_read_reg(struct sim_socket *s, const struct sim_e5_at *at)
{
	u64 v = sim_e5_get(s, at);

	if (at->reg != R_CTR)
		return v;
	return sim_wide(s, v, fls64(sim_e5_ctr_max(&sim_e5m(s->sim)->boxes[at->b],
						   at->i)));
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
		sim_e5(s)->box[at->b].status &= ~val;
		break;
	case R_FILTER:
		sim_e5_write_filter(s, at->b, at->i, val, pci, reg);
		break;
	}
}

static void sim_e5_write_gctl(struct sim_socket *s, u64 val)
{
	struct sim_e5 *e5 = sim_e5(s);
	u64 valid = IVBEP_U_GCTL_PMI_CORE_SEL | IVBEP_U_GCTL_UNFRZ_ALL |
		    IVBEP_U_GCTL_WK_ON_PMI | IVBEP_U_GCTL_FRZ_ALL;

	sim_violation(s, false, 0, E5_U_GLOBAL_CTL, val, ~valid);
	e5->gctl = val & (IVBEP_U_GCTL_PMI_CORE_SEL | IVBEP_U_GCTL_WK_ON_PMI);
	if (val & IVBEP_U_GCTL_UNFRZ_ALL) {
		e5->frozen = false;
		/* what the handler left in the status needs a PMI of its own */
		sim_unfreeze(s, e5->gsts);
	}
	if (val & IVBEP_U_GCTL_FRZ_ALL)
		e5->frozen = true;
}

static int sim_e5_read_msr(struct sim_socket *s, u32 msr, u64 *val)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	struct sim_e5_at at;

	if (m->ivb) {
		switch (msr) {
		case E5_U_GLOBAL_CTL:
			*val = sim_e5(s)->gctl;
			return 0;
		case E5_U_GLOBAL_STATUS:
			*val = sim_e5(s)->gsts;
			return 0;
		case E5_U_GLOBAL_CONFIG:
			*val = sim_e5(s)->gcfg;
			return 0;
		}
	}
	if (!sim_e5_msr(m, msr, sim_e5_wrong(s), &at))
		return -EIO;
	*val = sim_e5_read_reg(s, &at);
	return 0;
}

static int sim_e5_write_msr(struct sim_socket *s, u32 msr, u64 val)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	struct sim_e5_at at;

	if (m->ivb) {
		switch (msr) {
		case E5_U_GLOBAL_CTL:
			sim_e5_write_gctl(s, val);
			return 0;
		case E5_U_GLOBAL_STATUS:
			sim_e5(s)->gsts &= ~val;
			s->pmi_in_flight &= !!sim_e5(s)->gsts;
			return 0;
		case E5_U_GLOBAL_CONFIG:
			sim_e5(s)->gcfg = val;
			return 0;
		}
	}
	if (!sim_e5_msr(m, msr, sim_e5_wrong(s), &at))
		return -EIO;
	if (at.reg != R_CTR && at.reg != R_STATUS)
		sim_violation(s, false, 0, msr, val, MSR_RSVD);
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
static int sim_e5_pci_box_access(struct sim_socket *s, unsigned int b,
				 unsigned int devfn, u32 off, u32 *val, bool write)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	struct sim_e5_at at;
	bool hi;
	u64 v;

	if (!sim_e5_pci_reg(m, b, devfn, off, &at, &hi)) {
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

/* ---- PCI configuration space ---- */

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
enum sim_fn { FN_NONE, FN_UBOX, FN_FILLER, FN_BOX };

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
static int sim_e5_config(struct sim_socket *s, unsigned int devfn, u32 where,
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

/* ---- injection, reset and the model ---- */

/**
 * sim_e5_inject() - make @n events of one E5 source happen now
 * @s:      the socket, locked and brought up to now
 * @box:    box type, as for sim_e5_rate_of()
 * @idx:    the box's index within its type
 * @event:  perf's event field (ev_sel, plus 0x100 with ev_sel_ext); 0xff
 *          is the fixed counter of the U-Box or an iMC
 * @sub:    ignored: no E5 event has a sub-selector
 * @n:      how many events
 *
 * Every counter of the box that counts now and selects @event sees them,
 * with the wraps, overflows, freeze and PMI they cause.
 *
 * Return: 0, or -EINVAL for a box that does not exist.
 */
static int sim_e5_inject(struct sim_socket *s, const char *box,
			 unsigned int idx, unsigned int event, u64 sub, u64 n)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	int t = sim_e5_type(box);
	const struct sim_e5_desc *d;
	unsigned long hit = 0;
	unsigned int b, i;
	bool fixed;

	b = t >= 0 ? sim_e5_box_of(m, t, idx) : m->nr_boxes;
	if (b == m->nr_boxes)
		return -EINVAL;
	d = &m->boxes[b];

	/* the counters that count now all see the events, then overflow */
	fixed = event == E5_FIXED_EVENT && sim_e5_types[t].fixed;
	for (i = 0; i <= FIXED; i++) {
		if (fixed ? i != FIXED : i == FIXED)
			continue;
		if (!sim_e5_counting(s, b, i) ||
		    sim_e5_event(&sim_e5(s)->box[b], i) != event)
			continue;
		if (sim_e5_add(&sim_e5(s)->box[b].c[i], sim_e5_ctr_max(d, i), n))
			hit |= BIT(i);
	}
	for (i = 0; i <= FIXED; i++)
		if ((hit & BIT(i)) && sim_e5_ov_en(s, b, i))
			sim_e5_overflow(s, b, i, s->last_ns);
	return 0;
}

/* Every register of the socket to its reset value */
static void sim_e5_reset(struct sim_socket *s)
{
	unsigned int nr = sim_e5m(s->sim)->nr_boxes;
	struct sim_e5 *e5 = sim_e5(s);

	e5->gctl = 0;
	e5->gsts = 0;
	e5->gcfg = 0;
	e5->frozen = false;
	memset(e5->box, 0, nr * sizeof(e5->box[0]));
}

/*
 * The registers as a previous owner left them: every counter enabled (with
 * ov_en on IVB-EP) at 8 events below its wrap, every box frozen, and on
 * IVB-EP every box status bit, every global status bit (the known ones and
 * 31:27) and every pmi_core_sel bit set, the package frozen
 */
static void sim_e5_stale(struct sim_socket *s)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	struct sim_e5 *e5 = sim_e5(s);
	unsigned int b, i;

	for (b = 0; b < m->nr_boxes; b++) {
		const struct sim_e5_desc *d = &m->boxes[b];
		struct sim_e5_box *bx = &e5->box[b];

		for (i = 0; i <= FIXED; i++) {
			if (!sim_e5_has(d, i))
				continue;
			bx->c[i].ctl = E5_CTL_EN | (m->ivb ? E5_CTL_OV_EN : 0) |
				       (i == FIXED ? 0 : FIELD_PREP(E5_CTL_EV_SEL, 1));
			bx->c[i].val = sim_e5_ctr_max(d, i) - 7;
		}
		if (sim_e5_types[d->type].box_ctl)
			bx->box_ctl = E5_BOX_CTL_FRZ | E5_BOX_CTL_FRZ_EN;
		if (m->ivb)
			bx->status = GENMASK_ULL(sim_e5_types[d->type].nctrs - 1 +
						 (d->type == E5_IMC), 0);
	}
	if (!m->ivb)
		return;
	e5->gctl = IVBEP_U_GCTL_PMI_CORE_SEL | IVBEP_U_GCTL_WK_ON_PMI;
	e5->gsts = GENMASK_ULL(31, 0);
	e5->frozen = true;
}

/*
 * debugfs "inject": "SOCKET BOX EVENT COUNT", BOX a PMU name without
 * uncore_, EVENT as for sim_e5_inject()
 */
static int sim_e5_inject_cmd(struct xu_sim *sim, char *line)
{
	const struct sim_e5_desc *d;
	unsigned int socket, event;
	char box[16];
	u64 cnt;
	int b;

	if (sscanf(line, "%u %15s %i %llu", &socket, box, &event, &cnt) != 4)
		return -EINVAL;
	b = sim_e5_find(sim_e5m(sim), box);
	if (b < 0)
		return -EINVAL;
	d = &sim_e5m(sim)->boxes[b];
	return sim_inject(sim, socket, sim_e5_types[d->type].name, d->idx, event,
			  XU_SIM_SUB_ANY, cnt);
}

/* The PCI box @name is, for absent=; -1 if it is none */
static int sim_e5_pci_box(const struct xu_sim *sim, const char *name)
{
	int b = sim_e5_find(sim_e5m(sim), name);

	return b >= 0 && sim_e5m(sim)->boxes[b].devfn ? b : -1;
}

/* The debugfs dump reads 0x40-0xfc, 0x23c in a QPI match/mask function */
static u32 sim_e5_config_end(unsigned int devfn)
{
	return PCI_FUNC(devfn) == E5_QPI_FILTER_FN ? 0x240 : 0x100;
}

static unsigned long sim_e5_pmi_cores(struct sim_socket *s)
{
	return FIELD_GET(SIM_IVBEP_PMI_CORE_SEL, sim_e5(s)->gctl);
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

/*
 * The U-Box functions' CPUNODEID and GIDNIDMAP: node id i of physical
 * package i, so bus i maps to its package only through both
 */
static int sim_e5_init(struct xu_sim *sim)
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
	}
	return 0;
}

static const struct sim_model_ops sim_e5_ops = {
	.init		= sim_e5_init,
	.read		= sim_e5_read_msr,
	.write		= sim_e5_write_msr,
	.config		= sim_e5_config,
	.config_end	= sim_e5_config_end,
	.advance	= sim_e5_advance,
	.next_event_ns	= sim_e5_flow_ns,
	.reset		= sim_e5_reset,
	.stale		= sim_e5_stale,
	.inject		= sim_e5_inject,
	.rate		= sim_e5_rate_of,
	.inject_cmd	= sim_e5_inject_cmd,
	.pci_box	= sim_e5_pci_box,
	.pmi_cores	= sim_e5_pmi_cores,
	.traffic_default = sim_e5_traffic_default,
};

#define SIM_E5_KEYS	(BIT(SIM_TK_READ) | BIT(SIM_TK_WRITE) | BIT(SIM_TK_TX) | \
			 BIT(SIM_TK_RX) | BIT(SIM_TK_LATENCY) | \
			 BIT(SIM_TK_REMOTE) | BIT(SIM_TK_UCLK))

/* Every MSR that exists, of every box */
static const struct sim_msr_range sim_e5_msrs[] = {
	{ E5_U_GLOBAL_CTL, E5_U_CTR0 + E5_U_NUM_COUNTERS - 1 },
	{ E5_PCU_BOX_CTL, E5_PCU_CTR0 + E5_PCU_NUM_COUNTERS - 1 },
	{ E5_C_BOX_CTL, IVBEP_C_FILTER1 + (IVBEP_C_MAX_BOXES - 1) * E5_C_BOX_STRIDE },
};

const struct sim_model sim_snbep_model = {
	.name		= "snbep",
	.ops		= &sim_e5_ops,
	.data		= &sim_e5_snbep,
	.socket_size	= sizeof(struct sim_e5),
	.max_sockets	= 8,	/* GIDNIDMAP names 8 packages */
	.msrs		= sim_e5_msrs,
	.nr_msrs	= ARRAY_SIZE(sim_e5_msrs),
	.channels	= 4,
	.links		= 2,
	.keys		= SIM_E5_KEYS,
};

const struct sim_model sim_ivbep_model = {
	.name		= "ivbep",
	.ops		= &sim_e5_ops,
	.data		= &sim_e5_ivbep,
	.socket_size	= sizeof(struct sim_e5),
	.max_sockets	= 8,
	.msrs		= sim_e5_msrs,
	.nr_msrs	= ARRAY_SIZE(sim_e5_msrs),
	.channels	= 8,
	.links		= 3,
	.keys		= SIM_E5_KEYS,
};
