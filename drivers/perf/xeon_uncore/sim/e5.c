// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon E5 uncores (every model of e5_boxes.c's sim_e5_models,
 * "snbep" to "bdxde"), the registers: every box of a socket, MSR and PCI
 * alike, as e5_boxes.c lists them, with the semantics of the guides'
 * PmonCntrCfg, PmonUnitCtrl and PmonUnitStatus registers and, where the
 * model has a PMI, of the U-Box's global control and status; the MSRs by
 * the model's register map (e5_pci.c decodes the PCI functions); and the
 * models' operations (their struct sim_model, with their data, is in
 * e5_boxes.c).  Where the generations differ, the model's data says
 * how; no code here names one.
 *
 * As for the Xeon 7500, counters advance lazily, when the socket is
 * touched; with a PMI, an overflow with ov_en set freezes the whole
 * package at the moment it happens, so a long step is cut there.
 * Documentation/simulator.rst describes the registers and the rates.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/string.h>

#include "e5_model.h"

#define FIXED		SIM_E5_FIXED
#define MSR_RSVD	GENMASK_ULL(63, 32)
/* Ivy Bridge-EP's pmi_core_sel, 329468 Table 2-2 */
#define SIM_IVBEP_PMI_CORE_SEL	GENMASK_ULL(14, 0)

/* perf's event field of a counter's control: 0xff for a fixed counter */
static unsigned int sim_e5_event(const struct sim_e5_box *bx, unsigned int i)
{
	u64 ctl = bx->c[i].ctl;

	if (i == FIXED)
		return E5_FIXED_EVENT;
	return FIELD_GET(E5_CTL_EV_SEL, ctl) |
	       (ctl & E5_CTL_EV_SEL_EXT ? 0x100 : 0);
}

/* Counter @i of box @b counts now */
static bool sim_e5_counting(struct sim_socket *s, unsigned int b,
			    unsigned int i)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	const struct sim_e5_box *bx = &sim_e5(s)->box[b];

	if (!sim_e5_has(&m->boxes[b], i) || !(bx->c[i].ctl & E5_CTL_EN))
		return false;
	/* (only a model with a PMI freezes the package) */
	if (sim_e5(s)->frozen && !(sim_e5(s)->thawed & BIT_ULL(b)))
		return false;
	return (bx->box_ctl & m->frz) != m->frz;
}

/* A model with a PMI, with wrong guesses (Documentation/simulator.rst) */
static bool sim_e5_wrong(const struct sim_socket *s)
{
	return sim_e5m(s->sim)->pmi && READ_ONCE(s->sim->wrong_guesses);
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

/*
 * U_MSR_PMON_GLOBAL_STATUS as a read finds it: the boxes' overflows and,
 * on a model with a PMI, the bits KUnit made stuck (which raise no PMI
 * and freeze nothing)
 */
static u64 sim_e5_gsts_read(struct sim_socket *s)
{
	u64 stuck = sim_e5m(s->sim)->pmi ? READ_ONCE(s->sim->gsts_stuck) : 0;

	return sim_e5(s)->gsts | stuck;
}

static bool sim_e5_ov_en(struct sim_socket *s, unsigned int b, unsigned int i)
{
	return sim_e5m(s->sim)->pmi && (sim_e5(s)->box[b].c[i].ctl & E5_CTL_OV_EN);
}

/* The package's freeze by a PMI, from @when */
static void sim_e5_freeze_at(struct sim_socket *s, u64 when)
{
	struct sim_e5 *e5 = sim_e5(s);

	if (!e5->frozen) {
		e5->frozen = true;
		sim_frozen_from(s, when);
	}
	/* (an overflow of a thawed box freezes every box again) */
	e5->thawed = 0;
}

static void sim_e5_freeze(struct sim_socket *s)
{
	sim_e5_freeze_at(s, s->last_ns);
}

/*
 * A model with a PMI: counter @i of box @b overflowed with ov_en set at
 * time @when: its box status bit, the box's global status bit, a PMI to
 * the cores pmi_core_sel names and the freeze of the package (now, or
 * where the PMI reaches a core, sim_pmi_freeze_now())
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
	sim_raise_pmi(s);
	if (sim_pmi_freeze_now(s))
		sim_e5_freeze_at(s, when);
}

/* Add @n events to a counter; true if it wrapped */
static bool sim_e5_add(struct sim_ctr *c, u64 max, u64 n)
{
	bool flow = n > max - c->val;

	c->val = (c->val + n) & max;
	return flow;
}

/*
 * Nanoseconds from @from until @c, at @rate events per second
 * (sim_gen()), wraps; at most 1 s
 */
static u64 sim_e5_ns_to_flow(const struct sim_ctr *c, u64 max, u64 rate,
			     u64 from)
{
	u64 events = max - c->val + 1;

	if (!rate || events >= rate)
		return NSEC_PER_SEC;
	return sim_gen_ns(rate, from, events);
}

/*
 * Nanoseconds from where the counters stand (@s->last_ns) until the next
 * overflow that freezes the package (IVB-EP, ov_en), at most a second; 0
 * if no counting counter has ov_en set
 */
static u64 sim_e5_next_event_ns(struct sim_socket *s)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	u64 ns = NSEC_PER_SEC, from = s->last_ns;
	bool any = false;
	unsigned int b, i;

	if (!m->pmi)
		return 0;
	for (b = 0; b < m->nr_boxes; b++) {
		for (i = 0; i <= FIXED; i++) {
			struct sim_ctr *c = &sim_e5(s)->box[b].c[i];

			if (!sim_e5_counting(s, b, i) || !sim_e5_ov_en(s, b, i))
				continue;
			any = true;
			ns = min(ns, sim_e5_ns_to_flow(c, sim_e5_ctr_max(m, &m->boxes[b], i),
						       sim_e5_count_rate(s, b, i), from));
		}
	}
	return any ? ns : 0;
}

/*
 * The generator's events from @from over @ns, for every counting counter
 * of the socket, in one step: the overflows come at its end, where the
 * simulator finds them (sim_advance()), and one that freezes the package
 * freezes it there, or where its PMI reaches a core
 * (sim_pmi_freeze_now())
 */
static void sim_e5_advance(struct sim_socket *s, u64 from, u64 ns)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	unsigned int b, i;
	u64 n;

	for (b = 0; b < m->nr_boxes; b++) {
		for (i = 0; i <= FIXED; i++) {
			struct sim_ctr *c = &sim_e5(s)->box[b].c[i];

			if (!sim_e5_counting(s, b, i))
				continue;
			n = sim_gen(sim_e5_count_rate(s, b, i), from, ns);
			c->stopped = sim_e5_add(c, sim_e5_ctr_max(m, &m->boxes[b], i), n);
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

/* The valid bits of counter @i's control: all others are reserved */
static u64 sim_e5_ctl_valid(const struct sim_e5_model *m,
			    const struct sim_e5_desc *d, unsigned int i)
{
	if (i == FIXED)
		return m->fixed_valid |
		       (d->type == E5_IMC ? E5_FIXED_CTL_RST : 0);
	return m->ctl_valid[d->type];
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
}

static void sim_e5_write_box_ctl(struct sim_socket *s, unsigned int b,
				 u64 val, bool pci, u32 reg)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	struct sim_e5_box *bx = &sim_e5(s)->box[b];
	u64 valid = m->box_ctl_valid;
	unsigned int i;

	sim_violation(s, pci, m->boxes[b].devfn, reg, val, ~valid);
	for (i = 0; i <= FIXED; i++) {
		if (val & E5_BOX_CTL_RST_CTRL)
			bx->c[i].ctl = 0;
		if (val & E5_BOX_CTL_RST_CTRS)
			bx->c[i].val = 0;
	}
	bx->box_ctl = val & valid & ~(E5_BOX_CTL_RST_CTRL | E5_BOX_CTL_RST_CTRS);
	/*
	 * With wrong guesses, frz clear thaws the box from a PMI's freeze
	 * too: 329468 section 2.1.2 offers clearing each box's frz as the
	 * way to unfreeze after a PMI, beside unfrz_all
	 */
	if (sim_e5_wrong(s) && sim_e5(s)->frozen && !(val & E5_BOX_CTL_FRZ))
		sim_e5(s)->thawed |= BIT_ULL(b);
}

static void sim_e5_write_ctr(struct sim_socket *s, unsigned int b,
			     unsigned int i, u64 val)
{
	struct sim_ctr *c = &sim_e5(s)->box[b].c[i];

	c->val = val & sim_e5_ctr_max(sim_e5m(s->sim), &sim_e5m(s->sim)->boxes[b], i);
}

/* ---- MSRs ---- */

/* The run of @map's @n that holds @msr, NULL if none; *@k: its box */
static const struct sim_e5_msr *sim_e5_run(const struct sim_e5_msr *map,
					   unsigned int n, u32 msr, bool wrong,
					   unsigned int *k)
{
	const struct sim_e5_msr *r;

	for (r = map; r < map + n; r++) {
		if (msr < r->msr || (r->wrong && !wrong))
			continue;
		*k = r->stride ? (msr - r->msr) / r->stride : 0;
		if (msr - *k * r->stride < r->msr + r->n)
			return r;
	}
	return NULL;
}

/*
 * The MSR @msr of a model, by its register map: its box, register and
 * counter.  @wrong: with wrong guesses.  false if the model has none there.
 */
static bool sim_e5_msr(const struct sim_e5_model *m, u32 msr, bool wrong,
		       struct sim_e5_at *at)
{
	const struct sim_e5_msr *r = NULL;
	unsigned int k = 0, t;

	for (t = 0; t < ARRAY_SIZE(m->msrs) && !r; t++)
		r = sim_e5_run(m->msrs[t], m->nr_msrs[t], msr, wrong, &k);
	if (!r)
		return false;
	at->b = sim_e5_box_of(m, r->type, k);
	at->reg = r->reg;
	at->i = r->i + msr - k * r->stride - r->msr;
	return at->b < m->nr_boxes;
}

static void sim_e5_write_filter(struct sim_socket *s, unsigned int b,
				unsigned int i, u64 val, bool pci, u32 reg)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	const struct sim_e5_desc *d = &m->boxes[b];
	u64 valid = m->filter_valid[d->type][i];

	sim_violation(s, pci, d->type == E5_QPI ? d->fdevfn : d->devfn,
		      reg, val, ~valid);
	sim_e5(s)->box[b].filter[i] = val & valid;
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
	if (val & (IVBEP_U_GCTL_UNFRZ_ALL | IVBEP_U_GCTL_FRZ_ALL))
		e5->thawed = 0;
	if (val & IVBEP_U_GCTL_FRZ_ALL)
		e5->frozen = true;
}

u64 sim_e5_get(struct sim_socket *s, const struct sim_e5_at *at)
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
	case R_GCTL:
		return sim_e5(s)->gctl;
	case R_GSTS:
		return sim_e5_gsts_read(s);
	case R_GCFG:
		return sim_e5(s)->gcfg;
	}
	return 0;
}

/* As sim_e5_get(), a counter with the bits above its width a read returns */
u64 sim_e5_read_reg(struct sim_socket *s, const struct sim_e5_at *at)
{
	u64 v = sim_e5_get(s, at);

	if (at->reg != R_CTR)
		return v;
	return sim_wide(s, v, fls64(sim_e5_ctr_max(sim_e5m(s->sim),
						   &sim_e5m(s->sim)->boxes[at->b],
						   at->i)));
}

static_assert(SIM_E5_MAX_BOXES * 8 <= SIM_GAP_KEYS);

/* Box @b's counters after a write of a control or its box control */
static void sim_e5_track(struct sim_socket *s, unsigned int b)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	const struct sim_e5_box *bx = &sim_e5(s)->box[b];
	bool thawed = (bx->box_ctl & m->frz) != m->frz;
	unsigned int i;

	for (i = 0; i <= FIXED; i++)
		if (sim_e5_has(&m->boxes[b], i))
			sim_ctr_track(s, 8 * b + i,
				      thawed && (bx->c[i].ctl & E5_CTL_EN));
}

void sim_e5_put(struct sim_socket *s, const struct sim_e5_at *at, u64 val,
		bool pci, u32 reg)
{
	switch (at->reg) {
	case R_CTL:
		sim_e5_write_ctl(s, at->b, at->i, val, pci, reg);
		sim_e5_track(s, at->b);
		break;
	case R_CTR:
		sim_e5_write_ctr(s, at->b, at->i, val);
		break;
	case R_BOX_CTL:
		sim_e5_write_box_ctl(s, at->b, val, pci, reg);
		sim_e5_track(s, at->b);
		break;
	case R_STATUS:
		sim_e5(s)->box[at->b].status &= ~val;
		break;
	case R_FILTER:
		sim_e5_write_filter(s, at->b, at->i, val, pci, reg);
		break;
	case R_GCTL:
		sim_e5_write_gctl(s, val);
		break;
	case R_GSTS:
		sim_e5(s)->gsts &= ~val;
		s->pmi_in_flight &= !!sim_e5(s)->gsts;
		break;
	case R_GCFG:
		sim_e5(s)->gcfg = val;
		break;
	}
}

static int sim_e5_read_msr(struct sim_socket *s, u32 msr, u64 *val)
{
	struct sim_e5_at at;

	if (!sim_e5_msr(sim_e5m(s->sim), msr, sim_e5_wrong(s), &at))
		return -EIO;
	*val = sim_e5_read_reg(s, &at);
	return 0;
}

/* The global registers check their own bits; the others: 63:32 reserved */
static int sim_e5_write_msr(struct sim_socket *s, u32 msr, u64 val)
{
	struct sim_e5_at at;

	if (!sim_e5_msr(sim_e5m(s->sim), msr, sim_e5_wrong(s), &at))
		return -EIO;
	if (at.reg >= R_GCTL) {
		sim_e5_put(s, &at, val, false, msr);
		return 0;
	}
	if (at.reg != R_CTR && at.reg != R_STATUS)
		sim_violation(s, false, 0, msr, val, MSR_RSVD);
	sim_e5_put(s, &at, val & (at.reg == R_CTR ? ~0ULL : ~MSR_RSVD), false, msr);
	return 0;
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
		if (sim_e5_add(&sim_e5(s)->box[b].c[i], sim_e5_ctr_max(m, d, i), n))
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
	e5->thawed = 0;
	memset(e5->box, 0, nr * sizeof(e5->box[0]));
}

/*
 * The registers as a previous owner left them: every counter enabled (with
 * ov_en where there is a PMI) at 8 events below its wrap, every box
 * frozen, and where there is a PMI (IVB-EP) every box status bit, every
 * global status bit (the known ones and 31:27) and every pmi_core_sel
 * bit set, the package frozen
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
			bx->c[i].ctl = E5_CTL_EN | (m->pmi ? E5_CTL_OV_EN : 0) |
				       (i == FIXED ? 0 : FIELD_PREP(E5_CTL_EV_SEL, 1));
			bx->c[i].val = sim_e5_ctr_max(m, d, i) - 7;
		}
		if (sim_e5_types[d->type].box_ctl)
			bx->box_ctl = E5_BOX_CTL_FRZ | E5_BOX_CTL_FRZ_EN;
		if (m->pmi)
			bx->status = GENMASK_ULL(sim_e5_types[d->type].nctrs - 1 +
						 (d->type == E5_IMC), 0);
	}
	if (!m->pmi)
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

/* U_MSR_PMON_GLOBAL_STATUS as a read returns it, on the models with one */
static bool sim_e5_gsts(struct sim_socket *s, u64 *val)
{
	*val = sim_e5_gsts_read(s);
	return sim_e5m(s->sim)->pmi;
}

static unsigned long sim_e5_pmi_cores(struct sim_socket *s)
{
	return FIELD_GET(SIM_IVBEP_PMI_CORE_SEL, sim_e5(s)->gctl);
}

const struct sim_model_ops sim_e5_ops = {
	.init		= sim_e5_init,
	.read		= sim_e5_read_msr,
	.write		= sim_e5_write_msr,
	.config		= sim_e5_config,
	.config_end	= sim_e5_config_end,
	.advance	= sim_e5_advance,
	.next_event_ns	= sim_e5_next_event_ns,
	.freeze		= sim_e5_freeze,
	.reset		= sim_e5_reset,
	.stale		= sim_e5_stale,
	.inject		= sim_e5_inject,
	.rate		= sim_e5_rate_of,
	.inject_cmd	= sim_e5_inject_cmd,
	.pci_box	= sim_e5_pci_box,
	.pmi_cores	= sim_e5_pmi_cores,
	.gsts		= sim_e5_gsts,
	.traffic_default = sim_e5_traffic_default,
};
