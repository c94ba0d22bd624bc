// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon 7500 / E7 uncore, what an event does: which counters
 * count it (their enables, the M-Box sub-registers and address filter,
 * the R-Box IPERF and QLX selections), how a counter counts (wrap_mode,
 * the M-Box count, storage and flag modes), overflow with its status
 * bits, summaries, freeze and PMI, and the generator's rates.  The
 * semantics are the programming guide's (323535) where it gives them and
 * the choices Documentation/simulator.rst lists where it does not.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/math64.h>
#include <linux/string.h>

#include "nhmex_model.h"

static const char * const sim_nx_names[] = {
	[NX_C] = "cbox", [NX_B] = "bbox", [NX_S] = "sbox", [NX_R] = "rbox",
	[NX_W] = "wbox",
};

const struct sim_nx_layout sim_nx_layouts[NX_NR_TYPES] = {
	[NX_C] = { NHMEX_C_NUM_COUNTERS, GEN_EN, GEN_PMI_EN, GEN_RSVD, GEN_IGN,
		   GENMASK_ULL(NHMEX_C_NUM_COUNTERS - 1, 0) },
	[NX_B] = { NHMEX_B_NUM_COUNTERS, B_EN, B_PMI_EN, B_RSVD, B_IGN,
		   GENMASK_ULL(NHMEX_B_NUM_COUNTERS - 1, 0) },
	[NX_S] = { NHMEX_S_NUM_COUNTERS, GEN_EN, GEN_PMI_EN, GEN_RSVD, GEN_IGN,
		   GENMASK_ULL(NHMEX_S_NUM_COUNTERS - 1, 0) },
	[NX_R] = { NHMEX_R_NUM_COUNTERS, R_EN, R_PMI_EN, R_RSVD, R_IGN,
		   GENMASK_ULL(NHMEX_R_NUM_COUNTERS - 1, 0) },
	[NX_W] = { NHMEX_W_NUM_COUNTERS, GEN_EN, GEN_PMI_EN, GEN_RSVD, GEN_IGN,
		   GENMASK_ULL(NHMEX_W_NUM_COUNTERS - 1, 0) | W_GCTL_FIXED },
};

static const u16 sim_c_offs[] = NHMEX_C_BOX_OFFS;

/* The box type of a name: "cbox", "bbox", "sbox", "rbox" or "wbox"; -1 */
int sim_nx_type(const char *name)
{
	return match_string(sim_nx_names, ARRAY_SIZE(sim_nx_names), name);
}

static unsigned int sim_nx_count(struct sim_socket *s, enum sim_nx_type t)
{
	switch (t) {
	case NX_C:
		return sim_nx_desc(s)->nr_cboxes;
	case NX_B:
		return NHMEX_B_NUM_BOXES;
	case NX_S:
		return NHMEX_S_NUM_BOXES;
	case NX_R:
		return NHMEX_R_NUM_BOXES;
	default:
		return 1;
	}
}

/* Box @i of type @t of socket @s, into @r; false if there is none */
bool sim_nx_get(struct sim_socket *s, enum sim_nx_type t,
		unsigned int i, struct sim_nx_ref *r)
{
	if (t >= NX_NR_TYPES || i >= sim_nx_count(s, t))
		return false;
	r->type = t;
	r->idx = i;
	switch (t) {
	case NX_C:
		r->gctl = NHMEX_C_GLOBAL_CTL0 + sim_c_offs[i];
		r->ctl0 = NHMEX_C_EVT_SEL0 + sim_c_offs[i];
		r->box = &sim_nx(s)->c[i];
		break;
	case NX_B:
		r->gctl = NHMEX_B_GLOBAL_CTL(i);
		r->ctl0 = NHMEX_B_EVT_SEL(i, 0);
		r->box = &sim_nx(s)->b[i];
		break;
	case NX_S:
		r->gctl = NHMEX_S_GLOBAL_CTL(i);
		r->ctl0 = NHMEX_S_EVT_SEL(i, 0);
		r->box = &sim_nx(s)->s[i];
		break;
	case NX_R:
		r->gctl = NHMEX_R_GLOBAL_CTL(i);
		r->ctl0 = NHMEX_R_CTL(i, 0);
		r->box = &sim_nx(s)->r[i];
		break;
	default:
		r->gctl = NHMEX_W_GLOBAL_CTL;
		r->ctl0 = NHMEX_W_EVT_SEL(0);
		r->box = &sim_nx(s)->w;
		break;
	}
	return true;
}

/* The @n-th box of the socket, all types in a row; false past the last */
bool sim_nx_nth(struct sim_socket *s, unsigned int n,
		struct sim_nx_ref *r)
{
	enum sim_nx_type t;

	for (t = 0; t < NX_NR_TYPES; t++) {
		if (n < sim_nx_count(s, t))
			return sim_nx_get(s, t, n, r);
		n -= sim_nx_count(s, t);
	}
	return false;
}

unsigned int sim_nx_ctrs(const struct sim_nx_ref *r)
{
	return sim_nx_layouts[r->type].n + (r->type == NX_W);
}

/* The event code counter @k's control selects, as xu_sim_inject() names it */
unsigned int sim_nx_code(const struct sim_nx_ref *r, unsigned int k)
{
	u64 ctl = r->box->c[k].ctl;

	switch (r->type) {
	case NX_B:
		return FIELD_GET(B_EV_SEL, ctl) | k << 5;
	case NX_R:
		return FIELD_GET(R_EV_SEL, ctl);
	default:
		return FIELD_GET(GEN_EV_SEL, ctl);
	}
}

/* B-Box events that count MATCH/MASK packets: counter 0 ev 0-3, 1 ev 0-6, 2 ev 4 */
bool sim_b_match_event(unsigned int code)
{
	unsigned int k = code >> 5, ev = code & 0x1f;

	return (k == 0 && ev <= 3) || (k == 1 && ev <= 6) || (k == 2 && ev == 4);
}

/* Events only injected packets make: no generator, no plain injection */
bool sim_nx_packet_event(enum sim_nx_type t, unsigned int code)
{
	switch (t) {
	case NX_B:
		return sim_b_match_event(code);
	case NX_S:
		return code == S_TO_R_PROG_EV;
	case NX_R:
		return code < R_NR_EVENTS && code % R_SLOTS >= R_XBR1;
	default:
		return false;
	}
}

bool sim_u_counting(struct sim_socket *s)
{
	return (sim_nx(s)->u.ctl & NHMEX_U_CTL_EN) &&
	       (sim_nx(s)->u_gctl & NHMEX_U_GCTL_EN) &&
	       (sim_nx(s)->u_gctl & NHMEX_U_GCTL_EN_ALL);
}

bool sim_m_counting(struct sim_socket *s, unsigned int b, unsigned int i)
{
	return (sim_nx(s)->m[b].c[i].ctl & NHMEX_M_CTL_EN) &&
	       (sim_nx(s)->m[b].gctl & BIT_ULL(i)) &&
	       (sim_nx(s)->u_gctl & NHMEX_U_GCTL_EN_ALL);
}

/* The counter counts: its en, its box's ctr_en and en_all */
bool sim_nx_counting(struct sim_socket *s, const struct sim_nx_ref *r,
		     unsigned int k)
{
	const struct sim_nx_layout *l = &sim_nx_layouts[r->type];

	if (!(sim_nx(s)->u_gctl & NHMEX_U_GCTL_EN_ALL))
		return false;
	if (r->type == NX_W && k == NHMEX_W_NUM_COUNTERS)
		return (sim_nx(s)->w_fixed_ctl & W_FIXED_EN) &&
		       (r->box->gctl & W_GCTL_FIXED);
	return (r->box->c[k].ctl & l->en) && (r->box->gctl & BIT_ULL(k));
}

u64 sim_nx_pmi_bit(const struct sim_socket *s, const struct sim_nx_ref *r,
		   unsigned int k)
{
	if (r->type == NX_W && k == NHMEX_W_NUM_COUNTERS)
		return sim_nx_wrong(s) ? XU_SIM_NX_WRONG_W_FIXED_PMI_EN :
					 W_FIXED_PMI_EN;
	if (r->type == NX_B && sim_nx_wrong(s))
		return XU_SIM_NX_WRONG_B_PMI_EN;
	return sim_nx_layouts[r->type].pmi;
}

/**
 * sim_nx_span_end() - the end of events that happen at one instant
 * @s:  the socket, locked
 * @at: when they end (the package is frozen from then on)
 *
 * An advance's step or an injection: every counter that counts at its
 * start sees its events, and the freeze of an overflow among them
 * (frz_all, sim_overflow()) takes effect here, unless it waits for its
 * PMI to reach a core (sim_pmi_freeze_now()), as the hardware stops
 * every counter at once; frozen at the first counter's overflow, the
 * counters after it would miss what the counters before it counted.
 * Every path that brings events to the counters ends with this call.
 *
 * Return: true if an overflow among them froze the package.
 */
bool sim_nx_span_end(struct sim_socket *s, u64 at)
{
	struct sim_nx *nx = sim_nx(s);

	if (!nx->freeze_due)
		return false;
	nx->freeze_due = false;
	nx->u_gctl &= ~NHMEX_U_GCTL_EN_ALL;
	sim_frozen_from(s, at);
	return true;
}

/*
 * Counter @c overflowed: its status bit @bit in *@status (the summaries
 * above it follow, sim_u_gsts()); with @pmi_en in its control, the PMI
 */
static void sim_overflow(struct sim_socket *s, struct sim_ctr *c, u64 pmi_en,
			 u64 *status, u64 bit)
{
	bool frz;

	*status |= bit;
	if (!(c->ctl & pmi_en))
		return;
	/*
	 * Section 2.1.1.1: a PMI with frz_all set clears en_all, for every
	 * counter at once: at the end of the span (sim_nx_span_end()), or
	 * where the PMI reaches a core (sim_pmi_freeze_now())
	 */
	frz = (sim_nx(s)->u_gctl & NHMEX_U_GCTL_FRZ_ALL) &&
	      (sim_nx(s)->u_gctl & NHMEX_U_GCTL_EN_ALL);
	sim_raise_pmi(s);
	if (frz && sim_pmi_freeze_now(s))
		sim_nx(s)->freeze_due = true;
}

/*
 * A freeze that waited for its PMI (sim_pmi_freeze_now()) lands: en_all
 * clears, unless the driver cleared it meanwhile
 */
void sim_nx_freeze(struct sim_socket *s)
{
	struct sim_nx *nx = sim_nx(s);

	if (!(nx->u_gctl & NHMEX_U_GCTL_EN_ALL))
		return;
	nx->u_gctl &= ~NHMEX_U_GCTL_EN_ALL;
	sim_frozen_from(s, s->last_ns);
}

/*
 * Add @up and take @down events from a 48-bit counter.  In wrap_mode the
 * counter wraps and counts on; otherwise it stops at the limit it hit.
 * Returns true on an overflow or underflow.
 */
static bool sim_ctr_count(struct sim_ctr *c, u64 up, u64 down, bool wrap)
{
	bool flow = false;

	if (c->stopped)
		return false;
	if (up) {
		if (up > CTR_MAX - c->val) {
			flow = true;
			if (!wrap) {
				c->val = CTR_MAX;
				c->stopped = true;
				return true;
			}
		}
		c->val = (c->val + up) & CTR_MAX;
	}
	if (down) {
		if (down > c->val) {
			flow = true;
			if (!wrap) {
				c->val = 0;
				c->stopped = true;
				return true;
			}
		}
		c->val = (c->val - down) & CTR_MAX;
	}
	return flow;
}

/*
 * @n events of the counter's inc_sel reach M-Box counter @i.  With
 * storage_mode 1 only those that arrive while the set_flag_sel state holds
 * count, (f + 1) / 8 of them; in count_mode "both" the counter also counts
 * down once per such gated event.
 */
void sim_m_events(struct sim_socket *s, unsigned int b, unsigned int i, u64 n)
{
	struct sim_ctr *c = &sim_nx(s)->m[b].c[i];
	u64 gated, up = 0, down = 0;

	if (c->ctl & NHMEX_M_CTL_FLAG_MODE) {
		u64 f = FIELD_GET(NHMEX_M_CTL_SET_FLAG_SEL, c->ctl) + 1;

		gated = (n * f + c->rem_gate) / FLAG_STATES;
		c->rem_gate = (n * f + c->rem_gate) % FLAG_STATES;
	} else {
		gated = 0;
	}
	if (FIELD_GET(NHMEX_M_CTL_STORAGE_MODE, c->ctl))
		n = gated;

	switch (FIELD_GET(NHMEX_M_CTL_COUNT_MODE, c->ctl)) {
	case NHMEX_M_COUNT_UP:
		up = n;
		break;
	case NHMEX_M_COUNT_DOWN:
		down = n;
		break;
	case NHMEX_M_COUNT_BOTH:
		up = n;
		down = gated;
		break;
	default:
		return;		/* count_mode 3 is undefined: no counting */
	}
	if (sim_ctr_count(c, up, down, c->ctl & NHMEX_M_CTL_WRAP_MODE))
		sim_overflow(s, c, NHMEX_M_CTL_PMI_EN, &sim_nx(s)->m[b].status, BIT_ULL(i));
}

void sim_u_events(struct sim_socket *s, u64 n)
{
	if (sim_ctr_count(&sim_nx(s)->u, n, 0, true))
		sim_overflow(s, &sim_nx(s)->u, NHMEX_U_CTL_PMI_EN, &sim_nx(s)->u_gsts,
			     NHMEX_U_GSTS_OV_U);
}

/* @n events reach counter @k of box @r */
void sim_nx_events(struct sim_socket *s, const struct sim_nx_ref *r,
		   unsigned int k, u64 n)
{
	struct sim_ctr *c = &r->box->c[k];
	bool fixed = r->type == NX_W && k == NHMEX_W_NUM_COUNTERS;
	u64 bit = fixed ? W_GCTL_FIXED : BIT_ULL(k);

	if (!n || !sim_ctr_count(c, n, 0, true))
		return;
	/* the fixed counter's pmi_en is in its own control register */
	if (fixed) {
		struct sim_ctr tmp = { .ctl = sim_nx(s)->w_fixed_ctl };

		sim_overflow(s, &tmp, sim_nx_pmi_bit(s, r, k), &r->box->status, bit);
		return;
	}
	sim_overflow(s, c, sim_nx_pmi_bit(s, r, k), &r->box->status, bit);
}

/*
 * The generator's rate of the U-Box (@ubox) or M-Box @m: 100000 *
 * (event + 1) * (socket + 1) for the U-Box and 100000 * (event + 1) *
 * (2 * socket + m + 1) for M-Box m
 */
u64 sim_um_rate(unsigned int socket, bool ubox, unsigned int m,
		unsigned int event)
{
	u64 k = ubox ? socket + 1 : 2 * socket + m + 1;

	return XU_SIM_RATE_UNIT * (event + 1) * k;
}

/* sim_nx_rate() of a C-, B-, S-, R- or W-Box */
static u64 sim_nx_type_rate(unsigned int socket, enum sim_nx_type t,
			    unsigned int idx, unsigned int event)
{
	u64 k;

	if (event > 0xff || sim_nx_packet_event(t, event))
		return 0;
	switch (t) {
	case NX_C:
		if (idx >= WSMEX_C_NUM_BOXES)
			return 0;
		k = socket + idx + 1;
		break;
	case NX_W:
		if (idx)
			return 0;
		if (event == W_CLOCK)
			return W_CLOCK_RATE * XU_SIM_RATE_UNIT * (socket + 1);
		k = socket + 1;
		break;
	case NX_B:
		if (idx >= NHMEX_B_NUM_BOXES || event > 0x7f)
			return 0;
		k = 2 * socket + idx + 1;
		break;
	case NX_R:
		if (idx >= NHMEX_R_NUM_BOXES || event >= R_NR_EVENTS)
			return 0;
		k = 2 * socket + idx + 1;
		break;
	default:
		if (idx >= NHMEX_S_NUM_BOXES)
			return 0;
		k = 2 * socket + idx + 1;
		break;
	}
	return XU_SIM_RATE_UNIT * ((event & 7) + 1) * k;
}

/**
 * sim_nx_rate() - the generator's rate of a Xeon 7500 / E7 event
 * @socket: socket number
 * @box:    "ubox", "cbox", "bbox", "sbox", "mbox", "rbox" or "wbox"
 * @idx:    the box's index within its type
 * @event:  the event code, as for xu_sim_inject()
 *
 * Return: events per second; 0 for an event only injected packets make
 * (and for a box or event that does not exist).  A counter counts them if
 * it selects the event and, for an R-Box IPERF slot, its IPERF register is
 * not 0.  Documentation/simulator.rst has the formulas.
 */
u64 sim_nx_rate(unsigned int socket, const char *box, unsigned int idx,
		unsigned int event)
{
	int t = sim_nx_type(box);

	if (!strcmp(box, "ubox"))
		return idx || event > 0xff ? 0 : sim_um_rate(socket, true, 0, event);
	if (!strcmp(box, "mbox"))
		return idx >= NHMEX_M_NUM_BOXES || event > FIELD_MAX(NHMEX_M_CTL_INC_SEL) ?
		       0 : sim_um_rate(socket, false, idx, event);
	return t < 0 ? 0 : sim_nx_type_rate(socket, t, idx, event);
}

/*
 * Whether counter @k of R-Box half @r counts an IPERF or QLX event with
 * sub-selector @sub (XU_SIM_SUB_ANY: whatever the register selects)
 */
bool sim_r_qualifies(struct sim_socket *s, const struct sim_nx_ref *r,
		     unsigned int code, u64 sub)
{
	const struct sim_nx_port *p = &sim_nx(s)->port[r->idx][code / R_SLOTS];

	switch (code % R_SLOTS) {
	case R_IPERF0:
	case R_IPERF1:
		/*
		 * an IPERF register of 0 selects no event; TO_R_PROG_EV
		 * counts only packets (xu_sim_rbox_packet())
		 */
		if (p->iperf[code % R_SLOTS] == NHMEX_R_IPERF_TO_R_PROG_EV)
			return false;
		if (sub == XU_SIM_SUB_ANY)
			return p->iperf[code % R_SLOTS];
		return p->iperf[code % R_SLOTS] == sub;
	case R_QLX_LO:
		return sub == XU_SIM_SUB_ANY || (p->qlx & 0xff) == sub;
	default:
		return sub == XU_SIM_SUB_ANY || (p->qlx >> 8) == sub;
	}
}

/*
 * The background rate of counter @k of box @r as it is programmed now;
 * sim_nx_count_rate() (nhmex_traffic.c) is what the counter counts
 */
u64 sim_nx_gen_rate(struct sim_socket *s, const struct sim_nx_ref *r,
		    unsigned int k)
{
	unsigned int code;

	if (r->type == NX_W && k == NHMEX_W_NUM_COUNTERS)
		return sim_nx_type_rate(s->id, NX_W, 0, W_CLOCK);
	code = sim_nx_code(r, k);
	if (r->type == NX_R && code < R_NR_EVENTS &&
	    !sim_r_qualifies(s, r, code, XU_SIM_SUB_ANY))
		return 0;
	return sim_nx_type_rate(s->id, r->type, r->idx, code);
}

/*
 * Nanoseconds from @from until counter @c, at @rate events per second
 * (sim_gen()), over- or underflows; at most a second
 */
u64 sim_ns_to_flow(const struct sim_ctr *c, u64 rate, bool down, u64 from)
{
	u64 events = down ? c->val + 1 : CTR_MAX - c->val + 1;

	if (!rate || c->stopped || events >= rate)
		return NSEC_PER_SEC;	/* a second or more away */
	return sim_gen_ns(rate, from, events);
}

/*
 * S_MSR_PMON_SUMMARY of S-Box @b, derived: a bit is set while a status
 * bit it summarises is set.  C-Boxes 0/1 (S-Box 1: 4/5) report through
 * ov_c_l, 2/3 (6/7) through ov_c_r; Westmere-EX's C8 through S-Box 0's
 * ov_c_r and C9 through S-Box 1's, the simulator's choice.  With wrong
 * guesses, C8 reports through S-Box 1 and C9 through S-Box 0, both as
 * ov_c_l, and R-Box half i through S-Box 1 - i.
 */
u64 sim_nx_summary(struct sim_socket *s, unsigned int b)
{
	struct sim_nx *nx = sim_nx(s);
	bool wrong = sim_nx_wrong(s);
	u64 sum = 0;
	unsigned int i;

	for (i = 0; i < sim_nx_desc(s)->nr_cboxes; i++) {
		if (!nx->c[i].status)
			continue;
		if (i >= 8 && !wrong && i - 8 == b)
			sum |= XU_SIM_WSMEX_C89_SUM;
		else if (i >= 8 && wrong && 9 - i == b)
			sum |= XU_SIM_WSMEX_WRONG_C89_SUM;
		else if (i < 8 && i / 4 == b)
			sum |= i % 4 < 2 ? NHMEX_S_SUM_OV_C_L : NHMEX_S_SUM_OV_C_R;
	}
	if (sim_nx(s)->m[b].status || nx->b[b].status)
		sum |= NHMEX_S_SUM_OV_MB;
	if (nx->s[b].status)
		sum |= NHMEX_S_SUM_OV_S;
	if (nx->r[wrong ? 1 - b : b].status)
		sum |= NHMEX_S_SUM_OV_R;
	return sum;
}

/*
 * U_MSR_PMON_GLOBAL_STATUS, derived but for ov_u: ov_s0 and ov_s1 are set
 * while their S-Box's summary has a bit set, ov_w while the W-Box status
 * has one; the bits xu_sim_move_global_status() moves, in their new place
 */
u64 sim_u_gsts(struct sim_socket *s)
{
	u64 gsts = sim_nx(s)->u_gsts & NHMEX_U_GSTS_OV_U;
	u64 from = READ_ONCE(s->sim->gsts_from);
	unsigned int b;

	for (b = 0; b < NHMEX_S_NUM_BOXES; b++)
		if (sim_nx_summary(s, b))
			gsts |= NHMEX_U_GSTS_OV_S(b);
	if (sim_nx(s)->w.status)
		gsts |= NHMEX_U_GSTS_OV_W;
	if (gsts & from)
		gsts = (gsts & ~from) | READ_ONCE(s->sim->gsts_to);
	return gsts;
}

/* ((@val ^ @match) & @mask) == 0 over 72 bits: bits 71:64 in @hi, @mhi, @khi */
bool sim_match72(u64 val, u8 hi, u64 match, u8 mhi, u64 mask, u8 khi)
{
	return !((val ^ match) & mask) && !((hi ^ mhi) & khi);
}

/* M-Box events whose PLD sub-register the address filter qualifies */
static bool sim_m_pld_event(unsigned int ev)
{
	return ev == 0xa || ev == 0xb;
}

/*
 * Whether an M-Box @ev event with sub-selector @sub, at address *@addr (or
 * none), counts in M-Box @b as its sub-registers are programmed; see
 * Documentation/simulator.rst for the fields each event looks at
 */
bool sim_m_qualifies(struct sim_socket *s, unsigned int b, unsigned int ev,
		     u64 sub, const u64 *addr)
{
	const u64 *m = sim_nx(s)->m_sub[b];
	unsigned int shift = sim_nx_desc(s)->fvc_shift;
	u64 f;

	if (sim_m_pld_event(ev) && (sim_nx(s)->m_mm_cfg[b] & NHMEX_M_MM_CFG_EN)) {
		u64 diff;

		if (!addr)
			return false;
		diff = (*addr ^ sim_nx(s)->m_match[b]) & M_MATCH_BITS;
		/* ADDR_MASK bit i compares address bit i; 33:27 always compared */
		if (diff & (sim_nx(s)->m_mask[b] | ~M_MASK_BITS))
			return false;
	}
	if (sub == XU_SIM_SUB_ANY)
		return true;
	switch (ev) {
	case 0x0:	/* DSP, 10:7 */
		return FIELD_GET(GENMASK_ULL(10, 7), m[SIM_M_DSP]) == sub;
	case 0x4:	/* MSC_THR: 8:7, and bit 3 (every rank) or rank 6:4 */
	case 0x5:	/* MSC_THR: 10:9, the same */
		f = ev == 0x4 ? FIELD_GET(GENMASK_ULL(8, 7), m[SIM_M_THR]) :
				FIELD_GET(GENMASK_ULL(10, 9), m[SIM_M_THR]);
		return f == (sub & 3) && (sub >> 5) == 0 &&
		       ((m[SIM_M_THR] & BIT_ULL(3)) ||
			FIELD_GET(GENMASK_ULL(6, 4), m[SIM_M_THR]) == (sub >> 2));
	case 0x9:	/* ISS 3:0 */
		return FIELD_GET(GENMASK_ULL(3, 0), m[SIM_M_ISS]) == sub;
	case 0xa:	/* PLD 12:8 and ISS 9:7 */
		return FIELD_GET(GENMASK_ULL(12, 8), m[SIM_M_PLD]) == (sub & 0x1f) &&
		       FIELD_GET(GENMASK_ULL(9, 7), m[SIM_M_ISS]) == (sub >> 5);
	case 0xb:	/* PLD 21:17 */
		return FIELD_GET(GENMASK_ULL(21, 17), m[SIM_M_PLD]) == sub;
	case 0xd ... 0x10:
		/*
		 * ZDP_CTL_FVC: event select n at 13:11 + 3n (Westmere-EX
		 * 14:12 + 3n); 5 matches bcmd 7:5 (8:6), 6 matches resp
		 * 10:8 (11:9)
		 */
		f = (m[SIM_M_FVC] >> (11 + shift + 3 * (ev - 0xd))) & 7;
		if (f != (sub & 7))
			return false;
		if (f == 5)
			return ((m[SIM_M_FVC] >> (5 + shift)) & 7) == sub >> 3;
		if (f == 6)
			return ((m[SIM_M_FVC] >> (8 + shift)) & 7) == sub >> 3;
		return !(sub >> 3);
	case 0x16:	/* PGT bit 0 */
		return (m[SIM_M_PGT] & 1) == sub;
	default:
		return true;	/* no sub-register */
	}
}

/* M-Box @b: @n events of inc_sel @ev with @sub, at *@addr if not NULL */
void sim_m_inject(struct sim_socket *s, unsigned int b, unsigned int ev,
		  u64 sub, const u64 *addr, u64 n)
{
	unsigned int i;

	if (!sim_m_qualifies(s, b, ev, sub, addr))
		return;
	for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++)
		if (sim_m_counting(s, b, i) &&
		    FIELD_GET(NHMEX_M_CTL_INC_SEL, sim_nx(s)->m[b].c[i].ctl) == ev)
			sim_m_events(s, b, i, n);
}
