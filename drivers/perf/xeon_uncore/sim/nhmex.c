// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon 7500 (Nehalem-EX, "nhmex") and Xeon E7 (Westmere-EX,
 * "wsmex") uncore, the registers: every MSR of the U-, C-, B-, S-, M-, R-
 * and W-Boxes of a socket with the semantics of the programming guide
 * (323535) where it gives them and the choices Documentation/simulator.rst
 * lists where it does not, the generator's steps and the model's struct
 * sim_model.  nhmex_events.c has what an event does to the counters,
 * nhmex_inject.c the injection.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/math64.h>
#include <linux/string.h>

#include "nhmex_model.h"

/*
 * U_MSR_PMON_GLOBAL_CTL bits 4:1, pmi_core_sel (Table 2-2 of the guide),
 * written here rather than taken from the driver's layout, so that the
 * simulator checks the driver's encoding instead of sharing it
 */
#define SIM_GCTL_PMI_CORE_SEL	GENMASK_ULL(4, 1)

/**
 * xu_sim_pmi_cores() - the cores a U-Box global control sends its PMI to
 * @u_global_ctl: a Xeon 7500 / E7 U_MSR_PMON_GLOBAL_CTL value
 *
 * Return: a bitmap of core indices within the package, bit n for core n;
 * 0 if the value sends no PMI.
 */
unsigned long xu_sim_pmi_cores(u64 u_global_ctl)
{
	return FIELD_GET(SIM_GCTL_PMI_CORE_SEL, u_global_ctl);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_pmi_cores, XU_SIM_NS);

/* U_MSR_PMON_GLOBAL_STATUS as a read returns it */
static bool sim_nx_gsts(struct sim_socket *s, u64 *val)
{
	*val = sim_u_gsts(s) | READ_ONCE(s->sim->gsts_stuck);
	return true;
}

/*
 * With wrong guesses the field is a core number: n sends the PMI to core
 * n, 0 to core 0
 */
static unsigned long sim_nx_pmi_cores(struct sim_socket *s)
{
	if (sim_nx_wrong(s))
		return BIT(FIELD_GET(SIM_GCTL_PMI_CORE_SEL, sim_nx(s)->u_gctl));
	return xu_sim_pmi_cores(sim_nx(s)->u_gctl);
}

/*
 * The generator's events from @from over @ns, for every counter that
 * counts, in one step: an overflow that raises a PMI with frz_all freezes
 * the package at its end, where the simulator found it (sim_advance(),
 * sim_nx_span_end()), or where the PMI reaches a core
 * (sim_pmi_freeze_now())
 */
static void sim_nx_advance(struct sim_socket *s, u64 from, u64 ns)
{
	struct sim_nx_ref r;
	unsigned int b, i, n, k;

	if (sim_u_counting(s)) {
		unsigned int ev = FIELD_GET(NHMEX_U_CTL_EV_SEL, sim_nx(s)->u.ctl);

		sim_u_events(s, sim_gen(sim_um_rate(s->id, true, 0, ev), from, ns));
	}
	for (b = 0; b < NHMEX_M_NUM_BOXES; b++) {
		for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++) {
			struct sim_ctr *c = &sim_nx(s)->m[b].c[i];
			unsigned int ev = FIELD_GET(NHMEX_M_CTL_INC_SEL, c->ctl);

			/* the address filter on: no generator events at an address */
			if (sim_m_counting(s, b, i) &&
			    sim_m_qualifies(s, b, ev, XU_SIM_SUB_ANY, NULL))
				sim_m_events(s, b, i,
					     sim_gen(sim_m_count_rate(s, b, i), from, ns));
		}
	}
	for (n = 0; sim_nx_nth(s, n, &r); n++)
		for (k = 0; k < sim_nx_ctrs(&r); k++)
			if (sim_nx_counting(s, &r, k))
				sim_nx_events(s, &r, k,
					      sim_gen(sim_nx_count_rate(s, &r, k),
						      from, ns));
	sim_nx_span_end(s, from + ns);
}

/*
 * The earliest generator overflow of a counter with its PMI after @from,
 * at most @ns ahead
 */
static u64 sim_nx_next_flow_ns(struct sim_socket *s, u64 from, u64 ns, bool *any)
{
	struct sim_nx_ref r;
	unsigned int n, k;

	for (n = 0; sim_nx_nth(s, n, &r); n++) {
		for (k = 0; k < sim_nx_ctrs(&r); k++) {
			bool fixed = r.type == NX_W && k == NHMEX_W_NUM_COUNTERS;
			u64 ctl = fixed ? sim_nx(s)->w_fixed_ctl : r.box->c[k].ctl;
			u64 rate;

			if (!sim_nx_counting(s, &r, k) || !(ctl & sim_nx_pmi_bit(s, &r, k)))
				continue;
			rate = sim_nx_count_rate(s, &r, k);
			if (!rate)
				continue;
			*any = true;
			ns = min(ns, sim_ns_to_flow(&r.box->c[k], rate, false, from));
		}
	}
	return ns;
}

/*
 * When, after where the counters stand (@s->last_ns), the generator will
 * next overflow a counter that raises a PMI, at most a second ahead; 0 if
 * it will not
 */
static u64 sim_nx_next_event_ns(struct sim_socket *s)
{
	u64 ns = NSEC_PER_SEC, from = s->last_ns;
	bool any = false;
	unsigned int b, i;

	if (sim_u_counting(s) && (sim_nx(s)->u.ctl & NHMEX_U_CTL_PMI_EN)) {
		unsigned int ev = FIELD_GET(NHMEX_U_CTL_EV_SEL, sim_nx(s)->u.ctl);

		any = true;
		ns = min(ns, sim_ns_to_flow(&sim_nx(s)->u, sim_um_rate(s->id, true, 0, ev),
					    false, from));
	}
	for (b = 0; b < NHMEX_M_NUM_BOXES; b++) {
		for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++) {
			const struct sim_ctr *c = &sim_nx(s)->m[b].c[i];
			bool down;
			u64 rate;

			if (!sim_m_counting(s, b, i) || !(c->ctl & NHMEX_M_CTL_PMI_EN) ||
			    !sim_m_qualifies(s, b, FIELD_GET(NHMEX_M_CTL_INC_SEL, c->ctl),
					     XU_SIM_SUB_ANY, NULL))
				continue;
			rate = sim_m_count_rate(s, b, i);
			if (!rate)
				continue;
			any = true;
			if (FIELD_GET(NHMEX_M_CTL_STORAGE_MODE, c->ctl))
				rate = rate * (FIELD_GET(NHMEX_M_CTL_SET_FLAG_SEL, c->ctl) + 1) /
				       FLAG_STATES;
			down = FIELD_GET(NHMEX_M_CTL_COUNT_MODE, c->ctl) ==
			       NHMEX_M_COUNT_DOWN;
			ns = min(ns, sim_ns_to_flow(c, rate, down, from));
		}
	}
	ns = sim_nx_next_flow_ns(s, from, ns, &any);
	return any ? ns : 0;
}

/* Sub-register of M-Box @b at @msr, or -1 */
static int sim_m_sub_of(u32 msr, unsigned int *b)
{
	for (*b = 0; *b < NHMEX_M_NUM_BOXES; (*b)++)
		if (msr >= NHMEX_M_DSP(*b) && msr <= NHMEX_M_ZDP_CTL_FVC(*b))
			return msr - NHMEX_M_DSP(*b);
	return -1;
}

/* The register an MSR is, if one of this file's */
enum sim_nx_role {
	NX_NONE, NX_GCTL, NX_STATUS, NX_OVF, NX_CTL, NX_CTR, NX_SUMMARY,
	NX_W_FIXED_CTL, NX_W_FIXED_CTR, NX_B_MATCH, NX_B_MASK, NX_S_MM_CFG,
	NX_S_MATCH, NX_S_MASK, NX_IPERF0, NX_IPERF1, NX_QLX, NX_XBR_CFG,
	NX_XBR_MATCH, NX_XBR_MASK, NX_M_SUB, NX_M_MM_CFG, NX_M_MATCH, NX_M_MASK,
};

/**
 * struct sim_nx_reg - what an MSR is
 * @role: enum sim_nx_role
 * @r:    the box, for the box registers
 * @b:    the box index, for the sub-registers
 * @k:    counter, R-Box port of the half, or M-Box sub-register
 * @set:  XBR set, 0 or 1
 */
struct sim_nx_reg {
	enum sim_nx_role role;
	struct sim_nx_ref r;
	unsigned int b;
	unsigned int k;
	unsigned int set;
};

/*
 * Decode @msr into @g.  The sub-register loop relies on every type with
 * them (B, S, M, R) having two boxes.
 */
static void sim_nx_decode(struct sim_socket *s, u32 msr, struct sim_nx_reg *g)
{
	unsigned int n, i, p, set;
	int sub;

	memset(g, 0, sizeof(*g));
	g->role = NX_NONE;
	sim_nx_get(s, NX_W, 0, &g->r);
	for (i = 0; i < NHMEX_S_NUM_BOXES; i++)
		if (msr == NHMEX_S_SUMMARY(i)) {
			g->role = NX_SUMMARY;
			g->b = i;
			return;
		}
	for (n = 0; sim_nx_nth(s, n, &g->r); n++) {
		if (msr >= g->r.gctl && msr <= NHMEX_BOX_OVF_CTL(g->r.gctl)) {
			g->role = NX_GCTL + msr - g->r.gctl;
			return;
		}
		if (msr >= g->r.ctl0 &&
		    msr < g->r.ctl0 + 2 * sim_nx_layouts[g->r.type].n) {
			g->role = (msr - g->r.ctl0) & 1 ? NX_CTR : NX_CTL;
			g->k = (msr - g->r.ctl0) / 2;
			return;
		}
	}
	sim_nx_get(s, NX_W, 0, &g->r);
	if (msr == NHMEX_W_FIXED_CTL) {
		g->role = NX_W_FIXED_CTL;
		return;
	}
	if (msr == NHMEX_W_FIXED_CTR) {
		g->role = NX_W_FIXED_CTR;
		g->k = NHMEX_W_NUM_COUNTERS;
		return;
	}
	for (i = 0; i < NHMEX_B_NUM_BOXES; i++) {
		g->b = i;
		if (msr == NHMEX_B_MATCH(i) || msr == NHMEX_B_MASK(i)) {
			g->role = msr == NHMEX_B_MATCH(i) ? NX_B_MATCH : NX_B_MASK;
			return;
		}
		if (msr >= NHMEX_S_MM_CFG(i) && msr <= NHMEX_S_MASK(i)) {
			g->role = NX_S_MM_CFG + msr - NHMEX_S_MM_CFG(i);
			return;
		}
		if (msr >= NHMEX_M_MM_CFG(i) && msr <= NHMEX_M_ADDR_MASK(i)) {
			g->role = NX_M_MM_CFG + msr - NHMEX_M_MM_CFG(i);
			return;
		}
		for (p = 0; p < NHMEX_R_PORTS; p++) {
			g->k = p;
			if (msr == NHMEX_R_IPERF0(i, p) || msr == NHMEX_R_IPERF1(i, p)) {
				g->role = msr == NHMEX_R_IPERF0(i, p) ? NX_IPERF0 : NX_IPERF1;
				return;
			}
			if (msr == NHMEX_R_QLX_CFG(i, p)) {
				g->role = NX_QLX;
				return;
			}
			for (set = 0; set < 2; set++) {
				u32 cfg = NHMEX_R_XBR_MM_CFG(i, p, set);

				g->set = set;
				if (msr >= cfg && msr <= NHMEX_R_XBR_MASK(i, p, set)) {
					g->role = NX_XBR_CFG + msr - cfg;
					return;
				}
			}
		}
	}
	sub = sim_m_sub_of(msr, &g->b);
	if (sub >= 0) {
		g->role = NX_M_SUB;
		g->k = sub;
	}
}

/*
 * The W-Box erratum, 323535 p. 2-128: a counter whose value ends in
 * 0x000000 or 0x000001 reads 0x1000000 more
 */
static u64 sim_w_erratum(u64 val)
{
	if ((val & NHMEX_W_ERRATUM_LOW) <= 1)
		val = (val + NHMEX_W_ERRATUM_FIX) & CTR_MAX;
	return val;
}

/* The R-Box port of an R-Box sub-register, else port 0 of half 0 */
static struct sim_nx_port *sim_nx_port(struct sim_socket *s,
				       const struct sim_nx_reg *g)
{
	switch (g->role) {
	case NX_IPERF0 ... NX_XBR_MASK:
		return &sim_nx(s)->port[g->b][g->k];
	default:
		return &sim_nx(s)->port[0][0];
	}
}

static int sim_nx_value(struct sim_socket *s, const struct sim_nx_reg *g,
			u64 *val, bool raw)
{
	struct sim_nx *nx = sim_nx(s);
	const struct sim_nx_port *p = sim_nx_port(s, g);

	switch (g->role) {
	case NX_NONE:
		return -ENOENT;
	case NX_GCTL:
		*val = g->r.box->gctl;
		break;
	case NX_STATUS:
		*val = g->r.box->status;
		break;
	case NX_OVF:
		*val = 0;
		break;
	case NX_CTL:
		*val = g->r.box->c[g->k].ctl;
		break;
	case NX_CTR:
	case NX_W_FIXED_CTR:
		*val = g->r.box->c[g->k].val;
		if (g->r.type == NX_W && !raw)
			*val = sim_w_erratum(*val);
		if (!raw)
			*val = sim_wide(s, *val, NHMEX_CTR_WIDTH);
		break;
	case NX_SUMMARY:
		/* with wrong guesses, the summary is not at this address */
		*val = sim_nx_wrong(s) ? 0 : sim_nx_summary(s, g->b);
		break;
	case NX_W_FIXED_CTL:
		*val = nx->w_fixed_ctl;
		break;
	case NX_B_MATCH:
		*val = nx->b_match[g->b];
		break;
	case NX_B_MASK:
		*val = nx->b_mask[g->b];
		break;
	case NX_S_MM_CFG:
		*val = nx->s_mm_cfg[g->b];
		break;
	case NX_S_MATCH:
		*val = nx->s_match[g->b];
		break;
	case NX_S_MASK:
		*val = nx->s_mask[g->b];
		break;
	case NX_IPERF0:
	case NX_IPERF1:
		*val = p->iperf[g->role - NX_IPERF0];
		break;
	case NX_QLX:
		*val = p->qlx;
		break;
	case NX_XBR_CFG:
		*val = p->mm_cfg[g->set];
		break;
	case NX_XBR_MATCH:
		*val = p->match[g->set];
		break;
	case NX_XBR_MASK:
		*val = p->mask[g->set];
		break;
	case NX_M_SUB:
		*val = nx->m_sub[g->b][g->k];
		break;
	case NX_M_MM_CFG:
		*val = nx->m_mm_cfg[g->b];
		break;
	case NX_M_MATCH:
		*val = nx->m_match[g->b];
		break;
	case NX_M_MASK:
		*val = nx->m_mask[g->b];
		break;
	}
	return 0;
}

/*
 * The registers of the C-, B-, S-, R- and W-Boxes, the S-Box summaries and
 * the M-Box sub-registers: 0, or -ENOENT if @msr is none of them.  A W-Box
 * counter reads with the erratum; @raw reads it without.
 */
static int sim_nx_box_read(struct sim_socket *s, u32 msr, u64 *val, bool raw)
{
	struct sim_nx_reg g;

	sim_nx_decode(s, msr, &g);
	return sim_nx_value(s, &g, val, raw);
}

/*
 * The U-Box and M-Box counter registers; a counter with the bits above
 * its width that a read returns, unless @raw
 */
static int sim_um_read(struct sim_socket *s, u32 reg, u64 *val, bool raw)
{
	unsigned int b = 0, i;

	if (reg >= NHMEX_M_GLOBAL_CTL(1) && reg < NHMEX_M_GLOBAL_CTL(2)) {
		b = 1;
		reg -= NHMEX_M_BOX_STRIDE;
	}

	switch (reg) {
	case NHMEX_U_GLOBAL_CTL:
		*val = sim_nx(s)->u_gctl;
		return 0;
	case NHMEX_U_GLOBAL_STATUS:
		sim_nx_gsts(s, val);
		return 0;
	case NHMEX_U_GLOBAL_OVF_CTL:
	case NHMEX_M_GLOBAL_OVF_CTL(0):
		*val = 0;
		return 0;
	case NHMEX_U_EVT_SEL:
		*val = sim_nx(s)->u.ctl;
		return 0;
	case NHMEX_U_CTR:
		*val = sim_nx(s)->u.val;
		if (!raw)
			*val = sim_wide(s, *val, NHMEX_CTR_WIDTH);
		return 0;
	case NHMEX_M_GLOBAL_CTL(0):
		*val = sim_nx(s)->m[b].gctl;
		return 0;
	case NHMEX_M_GLOBAL_STATUS(0):
		*val = sim_nx(s)->m[b].status;
		return 0;
	case NHMEX_M_TIMESTAMP(0):
		/* free running at a simulated 400 MHz M-Box clock */
		*val = div_u64(sim_now(s->sim) * 2, 5) & GENMASK_ULL(15, 0);
		return 0;
	}
	if (reg >= NHMEX_M_CNT_CTL(0, 0) &&
	    reg <= NHMEX_M_CNT(0, NHMEX_M_NUM_COUNTERS - 1)) {
		i = (reg - NHMEX_M_CNT_CTL(0, 0)) / 2;
		*val = reg & 1 ? sim_nx(s)->m[b].c[i].val : sim_nx(s)->m[b].c[i].ctl;
		if (reg & 1 && !raw)
			*val = sim_wide(s, *val, NHMEX_CTR_WIDTH);
		return 0;
	}
	return -EIO;
}

static int sim_nx_read(struct sim_socket *s, u32 msr, u64 *val)
{
	int ret = sim_nx_box_read(s, msr, val, false);

	return ret == -ENOENT ? sim_um_read(s, msr, val, false) : ret;
}

/* As sim_nx_read(), but a W-Box counter without the erratum */
static int sim_nx_peek(struct sim_socket *s, u32 msr, u64 *val)
{
	int ret = sim_nx_box_read(s, msr, val, true);

	return ret == -ENOENT ? sim_um_read(s, msr, val, true) : ret;
}

/* Store @val & ~(@rsvd | @ign) at @reg, counting a violation for @rsvd bits */
static void sim_nx_store(struct sim_socket *s, u32 msr, u64 *reg, u64 val,
			 u64 rsvd, u64 ign)
{
	sim_violation(s, false, 0, msr, val, rsvd);
	*reg = val & ~(rsvd | ign);
}

static void sim_nx_set_ctl(struct sim_ctr *c, u64 val)
{
	c->ctl = val;
	c->stopped = false;
	c->rem_gate = 0;
}

/* rst_all: every counter to 0 */
static void sim_nx_rst_all(struct sim_socket *s)
{
	struct sim_nx_ref r;
	unsigned int n, k, b, i;

	sim_nx(s)->u.val = 0;
	sim_nx(s)->u.stopped = false;
	for (b = 0; b < NHMEX_M_NUM_BOXES; b++) {
		for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++) {
			sim_nx(s)->m[b].c[i].val = 0;
			sim_nx(s)->m[b].c[i].stopped = false;
		}
	}
	for (n = 0; sim_nx_nth(s, n, &r); n++) {
		for (k = 0; k < ARRAY_SIZE(r.box->c); k++) {
			r.box->c[k].val = 0;
			r.box->c[k].stopped = false;
		}
	}
}

/* A write of one of the registers sim_nx_box_read() reads */
static int sim_nx_box_write(struct sim_socket *s, u32 msr, u64 val)
{
	const struct sim_nx_layout *l;
	struct sim_nx *nx = sim_nx(s);
	struct sim_nx_port *p;
	struct sim_nx_reg g;
	u64 fvc;

	sim_nx_decode(s, msr, &g);
	l = &sim_nx_layouts[g.r.type];
	p = sim_nx_port(s, &g);
	switch (g.role) {
	case NX_NONE:
		return -ENOENT;
	case NX_GCTL:
		g.r.box->gctl = val & l->gctl;
		break;
	case NX_STATUS:
	case NX_SUMMARY:
		break;		/* read-only */
	case NX_OVF:
		/* clearing a counter's bit clears the summaries above it */
		g.r.box->status &= ~(val & l->gctl);
		s->pmi_in_flight &= !!sim_u_gsts(s);
		break;
	case NX_CTL: {
		u64 ctl;

		sim_nx_store(s, msr, &ctl, val, l->rsvd, l->ign);
		sim_nx_set_ctl(&g.r.box->c[g.k], ctl);
		break;
	}
	case NX_CTR:
	case NX_W_FIXED_CTR:
		g.r.box->c[g.k].val = val & CTR_MAX;
		g.r.box->c[g.k].stopped = false;
		break;
	case NX_W_FIXED_CTL:
		nx->w_fixed_ctl = val & (W_FIXED_EN |
					 sim_nx_pmi_bit(s, &g.r, NHMEX_W_NUM_COUNTERS));
		break;
	case NX_B_MATCH:
		nx->b_match[g.b] = val;
		break;
	case NX_B_MASK:
		nx->b_mask[g.b] = val;
		break;
	case NX_S_MM_CFG:
		nx->s_mm_cfg[g.b] = val & S_MM_CFG_EN;
		break;
	case NX_S_MATCH:
		nx->s_match[g.b] = val;
		break;
	case NX_S_MASK:
		nx->s_mask[g.b] = val & ~S_MASK_IGN;
		break;
	case NX_IPERF0:
	case NX_IPERF1:
		p->iperf[g.role - NX_IPERF0] = val & GENMASK_ULL(31, 0);
		break;
	case NX_QLX:
		p->qlx = val & GENMASK_ULL(15, 0);
		break;
	case NX_XBR_CFG:
		p->mm_cfg[g.set] = val & ~XBR_CFG_IGN;
		break;
	case NX_XBR_MATCH:
		sim_nx_store(s, msr, &p->match[g.set], val, XBR_MM_RSVD, 0);
		break;
	case NX_XBR_MASK:
		sim_nx_store(s, msr, &p->mask[g.set], val, XBR_MM_RSVD, 0);
		break;
	case NX_M_SUB:
		/* only the low 32 bits (ZDP_CTL_FVC: 23:0, Westmere-EX 24:0) exist */
		fvc = GENMASK_ULL(23 + sim_nx_desc(s)->fvc_shift, 0);
		nx->m_sub[g.b][g.k] = val & (g.k == SIM_M_FVC ? fvc : GENMASK_ULL(31, 0));
		break;
	case NX_M_MM_CFG:
		nx->m_mm_cfg[g.b] = val & NHMEX_M_MM_CFG_EN;
		break;
	case NX_M_MATCH:
		nx->m_match[g.b] = val & M_MATCH_BITS;
		break;
	case NX_M_MASK:
		nx->m_mask[g.b] = val & M_MASK_BITS;
		break;
	}
	return 0;
}

/* A write of one of the registers sim_um_read() reads */
static int sim_um_write(struct sim_socket *s, u32 reg, u64 val)
{
	unsigned int b = 0, i;
	bool unfreezes;
	u32 msr = reg;

	if (reg >= NHMEX_M_GLOBAL_CTL(1) && reg < NHMEX_M_GLOBAL_CTL(2)) {
		b = 1;
		reg -= NHMEX_M_BOX_STRIDE;
	}

	switch (reg) {
	case NHMEX_U_GLOBAL_CTL:
		sim_violation(s, false, 0, msr, val, NHMEX_U_GCTL_RSVD);
		if (val & NHMEX_U_GCTL_RST_ALL)
			sim_nx_rst_all(s);
		/* the handler's unfreeze: an overflow after its read needs a PMI */
		unfreezes = val & ~sim_nx(s)->u_gctl & NHMEX_U_GCTL_EN_ALL;
		if (val & NHMEX_U_GCTL_EN_ALL)
			sim_unfreeze(s, unfreezes && sim_u_gsts(s));
		sim_nx(s)->u_gctl = val & ~(NHMEX_U_GCTL_RSVD | NHMEX_U_GCTL_RST_ALL);
		if (unfreezes)
			sim_unfrozen(s);
		return 0;
	case NHMEX_U_GLOBAL_STATUS:
		return 0;	/* read-only */
	case NHMEX_U_GLOBAL_OVF_CTL:
		/* where xu_sim_move_global_status() put them */
		if (val & READ_ONCE(s->sim->gsts_to))
			val |= READ_ONCE(s->sim->gsts_from);
		/* ov_u; the summaries clear with the bits below them */
		sim_nx(s)->u_gsts &= ~val;
		s->pmi_in_flight &= !!sim_u_gsts(s);
		return 0;
	case NHMEX_U_EVT_SEL:
		sim_violation(s, false, 0, msr, val, NHMEX_U_CTL_RSVD);
		sim_nx_set_ctl(&sim_nx(s)->u, val & ~(NHMEX_U_CTL_RSVD | NHMEX_U_CTL_IGNORED));
		return 0;
	case NHMEX_U_CTR:
		sim_nx(s)->u.val = val & CTR_MAX;
		sim_nx(s)->u.stopped = false;
		return 0;
	case NHMEX_M_GLOBAL_CTL(0):
		sim_nx(s)->m[b].gctl = val & NHMEX_M_GCTL_CTR_EN;
		return 0;
	case NHMEX_M_GLOBAL_STATUS(0):
	case NHMEX_M_TIMESTAMP(0):
		return 0;	/* read-only */
	case NHMEX_M_GLOBAL_OVF_CTL(0):
		/* clearing a counter's bit clears the summaries above it */
		sim_nx(s)->m[b].status &= ~(val & NHMEX_M_GSTS_OV);
		s->pmi_in_flight &= !!sim_u_gsts(s);
		return 0;
	}
	if (reg >= NHMEX_M_CNT_CTL(0, 0) &&
	    reg <= NHMEX_M_CNT(0, NHMEX_M_NUM_COUNTERS - 1)) {
		struct sim_ctr *c;

		i = (reg - NHMEX_M_CNT_CTL(0, 0)) / 2;
		c = &sim_nx(s)->m[b].c[i];
		if (reg & 1) {
			c->val = val & CTR_MAX;
			c->stopped = false;
		} else {
			sim_violation(s, false, 0, msr, val, NHMEX_M_CTL_RSVD);
			sim_nx_set_ctl(c, val & ~(NHMEX_M_CTL_RSVD | NHMEX_M_CTL_IGNORED));
		}
		return 0;
	}
	return -EIO;
}

/*
 * The U-Box's counter and the M-Boxes' after a write (sim_ctr_track():
 * keys 0 and 8 + 8 x box + counter): each counts by its control's en and
 * its box's, the U-Box's own en and the M-Box's ctr_en bit; the
 * package's en_all is a PMI's freeze, left out
 */
static void sim_nx_track(struct sim_socket *s)
{
	const struct sim_nx *nx = sim_nx(s);
	unsigned int b, i;

	sim_ctr_track(s, 0,
		      (nx->u.ctl & NHMEX_U_CTL_EN) && (nx->u_gctl & NHMEX_U_GCTL_EN));
	for (b = 0; b < NHMEX_M_NUM_BOXES; b++)
		for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++)
			sim_ctr_track(s, 8 + 8 * b + i,
				      (nx->m[b].c[i].ctl & NHMEX_M_CTL_EN) &&
				      (nx->m[b].gctl & BIT_ULL(i)));
}

static int sim_nx_write(struct sim_socket *s, u32 msr, u64 val)
{
	int ret = sim_nx_box_write(s, msr, val);

	if (ret == -ENOENT)
		ret = sim_um_write(s, msr, val);
	sim_nx_track(s);
	return ret;
}

/* Every register to its reset value */
static void sim_nx_reset(struct sim_socket *s)
{
	memset(s->regs, 0, sizeof(struct sim_nx));
}

/*
 * The registers as a previous owner left them: every counter enabled with
 * its PMI enable, 8 events below the wrap, every box's ctr_en and status
 * bits set (and with them every summary), ov_u set, frz_all and every
 * pmi_core_sel bit set, en_all clear: the package frozen by a PMI
 */
static void sim_nx_stale(struct sim_socket *s)
{
	struct sim_nx *nx = sim_nx(s);
	struct sim_nx_ref r;
	unsigned int b, i, n, k;

	nx->u_gctl = NHMEX_U_GCTL_EN | NHMEX_U_GCTL_FRZ_ALL | SIM_GCTL_PMI_CORE_SEL;
	nx->u.ctl = NHMEX_U_CTL_EN | NHMEX_U_CTL_PMI_EN | FIELD_PREP(NHMEX_U_CTL_EV_SEL, 1);
	nx->u.val = CTR_MAX - 7;
	nx->u_gsts = NHMEX_U_GSTS_OV_U;
	for (b = 0; b < NHMEX_M_NUM_BOXES; b++) {
		nx->m[b].gctl = NHMEX_M_GCTL_CTR_EN;
		nx->m[b].status = NHMEX_M_GSTS_OV;
		for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++) {
			nx->m[b].c[i].ctl = NHMEX_M_CTL_EN | NHMEX_M_CTL_PMI_EN |
					    NHMEX_M_CTL_WRAP_MODE |
					    FIELD_PREP(NHMEX_M_CTL_INC_SEL, 1);
			nx->m[b].c[i].val = CTR_MAX - 7;
		}
	}
	for (n = 0; sim_nx_nth(s, n, &r); n++) {
		const struct sim_nx_layout *l = &sim_nx_layouts[r.type];

		r.box->gctl = l->gctl;
		r.box->status = l->gctl;
		for (k = 0; k < sim_nx_ctrs(&r); k++) {
			r.box->c[k].ctl = l->en | l->pmi;
			/* the PMI enable where either guess puts it */
			if (r.type == NX_B)
				r.box->c[k].ctl |= XU_SIM_NX_WRONG_B_PMI_EN;
			r.box->c[k].val = CTR_MAX - 7;
		}
	}
	nx->w_fixed_ctl = W_FIXED_EN | W_FIXED_PMI_EN | XU_SIM_NX_WRONG_W_FIXED_PMI_EN;
}

static const struct sim_model_ops sim_nx_ops = {
	.read		= sim_nx_read,
	.write		= sim_nx_write,
	.peek		= sim_nx_peek,
	.advance	= sim_nx_advance,
	.next_event_ns	= sim_nx_next_event_ns,
	.freeze		= sim_nx_freeze,
	.reset		= sim_nx_reset,
	.stale		= sim_nx_stale,
	.inject		= sim_nx_inject,
	.rate		= sim_nx_rate,
	.inject_cmd	= sim_nx_inject_cmd,
	.pmi_cores	= sim_nx_pmi_cores,
	.gsts		= sim_nx_gsts,
	.traffic_default = sim_nx_traffic_default,
};

/*
 * The scenario's keys the Xeon 7500 / E7 events count: per M-Box read,
 * write and page hit and miss shares, per R-Box port tx, the uncore
 * clock (Documentation/simulator-nhmex-traffic.rst says why not rx,
 * latency, remote)
 */
#define SIM_NX_KEYS	(BIT(SIM_TK_READ) | BIT(SIM_TK_WRITE) | BIT(SIM_TK_TX) | \
			 BIT(SIM_TK_UCLK) | BIT(SIM_TK_PAGEHIT) | \
			 BIT(SIM_TK_PAGEMISS))

/*
 * Every MSR the model has, in address order: the W-Box fixed counter
 * pair, then 0xc00-0xfff
 */
static const struct sim_msr_range sim_nx_msrs[] = {
	{ NHMEX_W_FIXED_CTR, NHMEX_W_FIXED_CTL },
	{ NHMEX_U_GLOBAL_CTL, 0xfff },
};

static const struct sim_nx_desc sim_nhmex_desc = {
	.nr_cboxes	= NHMEX_C_NUM_BOXES,
	.fvc_shift	= 0,
};

static const struct sim_nx_desc sim_wsmex_desc = {
	.nr_cboxes	= WSMEX_C_NUM_BOXES,
	.fvc_shift	= 1,
};

static const struct sim_model sim_nhmex_model = {
	.name		= "nhmex",
	.ops		= &sim_nx_ops,
	.data		= &sim_nhmex_desc,
	.socket_size	= sizeof(struct sim_nx),
	.msrs		= sim_nx_msrs,
	.nr_msrs	= ARRAY_SIZE(sim_nx_msrs),
	.channels	= NHMEX_M_NUM_BOXES,
	.links		= NHMEX_R_NUM_BOXES * NHMEX_R_PORTS,
	.keys		= SIM_NX_KEYS,
};

static const struct sim_model sim_wsmex_model = {
	.name		= "wsmex",
	.ops		= &sim_nx_ops,
	.data		= &sim_wsmex_desc,
	.socket_size	= sizeof(struct sim_nx),
	.msrs		= sim_nx_msrs,
	.nr_msrs	= ARRAY_SIZE(sim_nx_msrs),
	.channels	= NHMEX_M_NUM_BOXES,
	.links		= NHMEX_R_NUM_BOXES * NHMEX_R_PORTS,
	.keys		= SIM_NX_KEYS,
};

/* The Xeon 7500 / E7 models, for sim/core.c's table of models */
const struct sim_model *const sim_nhmex_models[] = {
	&sim_nhmex_model,
	&sim_wsmex_model,
	NULL
};
