// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated uncore, the Xeon 7500 (Nehalem-EX) and Xeon E7 (Westmere-EX)
 * boxes besides the U-Box and the M-Box counters (model.c): the C-, B-,
 * S- and W-Boxes, the R-Box's two halves, the M-Box sub-registers and the
 * S-Box summaries, with the semantics of the programming guide (323535)
 * where it gives them and the choices Documentation/simulator.rst lists
 * where it does not.  Events come from the background generator and from
 * injection (the API at the end), packets and addresses only from
 * injection.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/string.h>

#include "internal.h"

#define CTR_MAX		GENMASK_ULL(NHMEX_CTR_WIDTH - 1, 0)

/*
 * Counter control bits the guide calls reserved ("must write 0") or
 * ignored ("read zero; writes ignored"), per layout, written here rather
 * than taken from the driver's definitions: Tables 2-13 (C), 2-20 (B),
 * 2-29 (S), 2-44 (R), 2-98 (W)
 */
#define GEN_RSVD	(GENMASK_ULL(62, 61) | BIT_ULL(50))
#define GEN_IGN		(BIT_ULL(63) | GENMASK_ULL(60, 51) | GENMASK_ULL(49, 32) | \
			 BIT_ULL(21) | BIT_ULL(19) | GENMASK_ULL(17, 16))
#define GEN_EV_SEL	GENMASK_ULL(7, 0)
#define GEN_PMI_EN	BIT_ULL(20)
#define GEN_EN		BIT_ULL(22)
#define B_EN		BIT_ULL(0)
#define B_EV_SEL	GENMASK_ULL(5, 1)
#define B_PMI_EN	BIT_ULL(20)
#define B_RSVD		(GENMASK_ULL(62, 61) | BIT_ULL(50))
#define B_IGN		(BIT_ULL(63) | GENMASK_ULL(60, 51) | GENMASK_ULL(49, 21) | \
			 GENMASK_ULL(19, 6))
#define R_EN		BIT_ULL(0)
#define R_EV_SEL	GENMASK_ULL(5, 1)
#define R_PMI_EN	BIT_ULL(6)
#define R_RSVD		GENMASK_ULL(62, 61)
#define R_IGN		(BIT_ULL(63) | GENMASK_ULL(60, 7))
/* W_MSR_PMON_FIXED_CTR_CTL: en 0; pmi_en 20 is the simulator's choice */
#define W_FIXED_EN	BIT_ULL(0)
#define W_FIXED_PMI_EN	BIT_ULL(20)
#define W_GCTL_FIXED	BIT_ULL(31)
/* R-Box XBR MATCH and MASK (Table 2-51): must-be-zero fields */
#define XBR_MM_RSVD	(GENMASK_ULL(63, 52) | GENMASK_ULL(47, 36) | GENMASK_ULL(30, 18))
#define XBR_CFG_IGN	GENMASK_ULL(62, 22)
/* S_MSR_MASK (Table 2-35): bits 62:39 ignored */
#define S_MASK_IGN	GENMASK_ULL(62, 39)
#define S_MM_CFG_EN	BIT_ULL(63)
/* M-Box address filter: ADDR_MATCH 33:0, ADDR_MASK 26:0 */
#define M_MATCH_BITS	GENMASK_ULL(33, 0)
#define M_MASK_BITS	GENMASK_ULL(26, 0)
/* the event that counts R-Box packets through its S-Box, Table 2-36 */
#define S_TO_R_PROG_EV	0

/* The R-Box counter's ev_sel: port ev / 6 of the half, slot ev % 6 */
#define R_SLOTS		6
#define R_NR_EVENTS	(R_SLOTS * NHMEX_R_PORTS)
enum { R_IPERF0, R_IPERF1, R_QLX_LO, R_QLX_HI, R_XBR1, R_XBR2 };

/* The uncore clock the W-Box fixed counter and W ev_sel 0xff count */
#define W_CLOCK		0xff
#define W_CLOCK_RATE	10

enum sim_nx_type { NX_C, NX_B, NX_S, NX_R, NX_W, NX_NR_TYPES };

static const char * const sim_nx_names[] = {
	[NX_C] = "cbox", [NX_B] = "bbox", [NX_S] = "sbox", [NX_R] = "rbox",
	[NX_W] = "wbox",
};

/**
 * struct sim_nx_layout - the registers of one box type
 * @n:     counters (the W-Box's fixed counter not counted)
 * @en:    counter control enable
 * @pmi:   counter control pmi_en
 * @rsvd:  counter control bits that must be written 0
 * @ign:   counter control bits that read 0, writes ignored
 * @gctl:  GLOBAL_CTL bits that exist (ctr_en, W fixed_en)
 */
struct sim_nx_layout {
	unsigned int n;
	u64 en;
	u64 pmi;
	u64 rsvd;
	u64 ign;
	u64 gctl;
};

static const struct sim_nx_layout sim_nx_layouts[] = {
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

/* One box: its type, index, registers and state */
struct sim_nx_ref {
	enum sim_nx_type type;
	unsigned int idx;
	u32 gctl;
	u32 ctl0;
	struct sim_nx_box *box;
};

static unsigned int sim_nx_count(struct xu_sim *sim, enum sim_nx_type t)
{
	switch (t) {
	case NX_C:
		return sim->nr_cboxes;
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
static bool sim_nx_get(struct sim_socket *s, enum sim_nx_type t,
		       unsigned int i, struct sim_nx_ref *r)
{
	if (t >= NX_NR_TYPES || i >= sim_nx_count(s->sim, t))
		return false;
	r->type = t;
	r->idx = i;
	switch (t) {
	case NX_C:
		r->gctl = NHMEX_C_GLOBAL_CTL0 + sim_c_offs[i];
		r->ctl0 = NHMEX_C_EVT_SEL0 + sim_c_offs[i];
		r->box = &s->nx.c[i];
		break;
	case NX_B:
		r->gctl = NHMEX_B_GLOBAL_CTL(i);
		r->ctl0 = NHMEX_B_EVT_SEL(i, 0);
		r->box = &s->nx.b[i];
		break;
	case NX_S:
		r->gctl = NHMEX_S_GLOBAL_CTL(i);
		r->ctl0 = NHMEX_S_EVT_SEL(i, 0);
		r->box = &s->nx.s[i];
		break;
	case NX_R:
		r->gctl = NHMEX_R_GLOBAL_CTL(i);
		r->ctl0 = NHMEX_R_CTL(i, 0);
		r->box = &s->nx.r[i];
		break;
	default:
		r->gctl = NHMEX_W_GLOBAL_CTL;
		r->ctl0 = NHMEX_W_EVT_SEL(0);
		r->box = &s->nx.w;
		break;
	}
	return true;
}

/* The @n-th box of the socket, all types in a row; false past the last */
static bool sim_nx_nth(struct sim_socket *s, unsigned int n,
		       struct sim_nx_ref *r)
{
	enum sim_nx_type t;

	for (t = 0; t < NX_NR_TYPES; t++) {
		if (n < sim_nx_count(s->sim, t))
			return sim_nx_get(s, t, n, r);
		n -= sim_nx_count(s->sim, t);
	}
	return false;
}

/* The event code counter @k's control selects, as xu_sim_nhmex_inject() names it */
static unsigned int sim_nx_code(const struct sim_nx_ref *r, unsigned int k)
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
static bool sim_b_match_event(unsigned int code)
{
	unsigned int k = code >> 5, ev = code & 0x1f;

	return (k == 0 && ev <= 3) || (k == 1 && ev <= 6) || (k == 2 && ev == 4);
}

/* Events only injected packets make: no generator, no plain injection */
static bool sim_nx_packet_event(enum sim_nx_type t, unsigned int code)
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

/* The counter counts: its en, its box's ctr_en and en_all */
static bool sim_nx_counting(struct sim_socket *s, const struct sim_nx_ref *r,
			    unsigned int k)
{
	const struct sim_nx_layout *l = &sim_nx_layouts[r->type];

	if (!(s->u_gctl & NHMEX_U_GCTL_EN_ALL))
		return false;
	if (r->type == NX_W && k == NHMEX_W_NUM_COUNTERS)
		return (s->nx.w_fixed_ctl & W_FIXED_EN) &&
		       (r->box->gctl & W_GCTL_FIXED);
	return (r->box->c[k].ctl & l->en) && (r->box->gctl & BIT_ULL(k));
}

static u64 sim_nx_pmi_bit(const struct sim_nx_ref *r, unsigned int k)
{
	if (r->type == NX_W && k == NHMEX_W_NUM_COUNTERS)
		return W_FIXED_PMI_EN;
	return sim_nx_layouts[r->type].pmi;
}

/* @n events reach counter @k of box @r */
static void sim_nx_events(struct sim_socket *s, const struct sim_nx_ref *r,
			  unsigned int k, u64 n)
{
	struct sim_ctr *c = &r->box->c[k];
	bool fixed = r->type == NX_W && k == NHMEX_W_NUM_COUNTERS;
	u64 bit = fixed ? W_GCTL_FIXED : BIT_ULL(k);

	if (!n || !sim_ctr_count(c, n, 0, true))
		return;
	/* the fixed counter's pmi_en is in its own control register */
	if (fixed) {
		struct sim_ctr tmp = { .ctl = s->nx.w_fixed_ctl };

		sim_overflow(s, &tmp, W_FIXED_PMI_EN, &r->box->status, bit);
		return;
	}
	sim_overflow(s, c, sim_nx_pmi_bit(r, k), &r->box->status, bit);
}

/* xu_sim_nhmex_rate() of a C-, B-, S-, R- or W-Box */
static u64 sim_nx_rate(unsigned int socket, enum sim_nx_type t,
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
 * xu_sim_nhmex_rate() - the generator's rate of a Xeon 7500 / E7 event
 * @socket: socket number
 * @box:    "ubox", "cbox", "bbox", "sbox", "mbox", "rbox" or "wbox"
 * @idx:    the box's index within its type
 * @event:  the event code, as for xu_sim_nhmex_inject()
 *
 * Return: events per second; 0 for an event only injected packets make
 * (and for a box or event that does not exist).  A counter counts them if
 * it selects the event and, for an R-Box IPERF slot, its IPERF register is
 * not 0.  Documentation/simulator.rst has the formulas.
 */
u64 xu_sim_nhmex_rate(unsigned int socket, const char *box, unsigned int idx,
		      unsigned int event)
{
	int t = match_string(sim_nx_names, ARRAY_SIZE(sim_nx_names), box);

	if (!strcmp(box, "ubox"))
		return idx || event > 0xff ? 0 : xu_sim_rate(socket, XU_SIM_UBOX, event);
	if (!strcmp(box, "mbox"))
		return idx >= NHMEX_M_NUM_BOXES || event > FIELD_MAX(NHMEX_M_CTL_INC_SEL) ?
		       0 : xu_sim_rate(socket, XU_SIM_MBOX0 + idx, event);
	return t < 0 ? 0 : sim_nx_rate(socket, t, idx, event);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_nhmex_rate, XU_SIM_NS);

/*
 * Whether counter @k of R-Box half @r counts an IPERF or QLX event with
 * sub-selector @sub (XU_SIM_SUB_ANY: whatever the register selects)
 */
static bool sim_r_qualifies(struct sim_socket *s, const struct sim_nx_ref *r,
			    unsigned int code, u64 sub)
{
	const struct sim_nx_port *p = &s->nx.port[r->idx][code / R_SLOTS];

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

/* The generator's rate for counter @k of box @r as it is programmed now */
static u64 sim_nx_gen_rate(struct sim_socket *s, const struct sim_nx_ref *r,
			   unsigned int k)
{
	unsigned int code;

	if (r->type == NX_W && k == NHMEX_W_NUM_COUNTERS)
		return sim_nx_rate(s->id, NX_W, 0, W_CLOCK);
	code = sim_nx_code(r, k);
	if (r->type == NX_R && code < R_NR_EVENTS &&
	    !sim_r_qualifies(s, r, code, XU_SIM_SUB_ANY))
		return 0;
	return sim_nx_rate(s->id, r->type, r->idx, code);
}

static unsigned int sim_nx_ctrs(const struct sim_nx_ref *r)
{
	return sim_nx_layouts[r->type].n + (r->type == NX_W);
}

void sim_nx_advance(struct sim_socket *s, u64 ns)
{
	struct sim_nx_ref r;
	unsigned int n, k;

	for (n = 0; sim_nx_nth(s, n, &r); n++)
		for (k = 0; k < sim_nx_ctrs(&r); k++)
			if (sim_nx_counting(s, &r, k))
				sim_nx_events(s, &r, k,
					      sim_gen(&r.box->c[k],
						      sim_nx_gen_rate(s, &r, k), ns));
}

/* The earliest generator overflow of a counter with its PMI, at most @ns ahead */
u64 sim_nx_next_flow_ns(struct sim_socket *s, u64 ns, bool *any)
{
	struct sim_nx_ref r;
	unsigned int n, k;

	for (n = 0; sim_nx_nth(s, n, &r); n++) {
		for (k = 0; k < sim_nx_ctrs(&r); k++) {
			bool fixed = r.type == NX_W && k == NHMEX_W_NUM_COUNTERS;
			u64 ctl = fixed ? s->nx.w_fixed_ctl : r.box->c[k].ctl;
			u64 rate;

			if (!sim_nx_counting(s, &r, k) || !(ctl & sim_nx_pmi_bit(&r, k)))
				continue;
			rate = sim_nx_gen_rate(s, &r, k);
			if (!rate)
				continue;
			*any = true;
			ns = min(ns, sim_ns_to_flow(&r.box->c[k], rate, false));
		}
	}
	return ns;
}

/*
 * S_MSR_PMON_SUMMARY of S-Box @b, derived: a bit is set while a status
 * bit it summarises is set.  C-Boxes 0/1 (S-Box 1: 4/5) report through
 * ov_c_l, 2/3 (6/7) through ov_c_r; Westmere-EX's C8 through S-Box 0's
 * ov_c_r and C9 through S-Box 1's, the simulator's choice.
 */
u64 sim_nx_summary(struct sim_socket *s, unsigned int b)
{
	struct sim_nx *nx = &s->nx;
	u64 sum = 0;
	unsigned int i;

	for (i = 0; i < s->sim->nr_cboxes; i++) {
		if (!nx->c[i].status)
			continue;
		if (i >= 8 && i - 8 == b)
			sum |= NHMEX_S_SUM_OV_C_R;
		else if (i < 8 && i / 4 == b)
			sum |= i % 4 < 2 ? NHMEX_S_SUM_OV_C_L : NHMEX_S_SUM_OV_C_R;
	}
	if (s->m[b].status || nx->b[b].status)
		sum |= NHMEX_S_SUM_OV_MB;
	if (nx->s[b].status)
		sum |= NHMEX_S_SUM_OV_S;
	if (nx->r[b].status)
		sum |= NHMEX_S_SUM_OV_R;
	return sum;
}

/* ((@val ^ @match) & @mask) == 0 over 72 bits: bits 71:64 in @hi, @mhi, @khi */
static bool sim_match72(u64 val, u8 hi, u64 match, u8 mhi, u64 mask, u8 khi)
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
	const u64 *m = s->nx.m_sub[b];
	unsigned int shift = s->sim->wsmex ? 1 : 0;
	u64 f;

	if (sim_m_pld_event(ev) && (s->nx.m_mm_cfg[b] & NHMEX_M_MM_CFG_EN)) {
		u64 diff;

		if (!addr)
			return false;
		diff = (*addr ^ s->nx.m_match[b]) & M_MATCH_BITS;
		/* ADDR_MASK bit i compares address bit i; 33:27 always compared */
		if (diff & (s->nx.m_mask[b] | ~M_MASK_BITS))
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
		return &s->nx.port[g->b][g->k];
	default:
		return &s->nx.port[0][0];
	}
}

static int sim_nx_value(struct sim_socket *s, const struct sim_nx_reg *g,
			u64 *val, bool raw)
{
	struct sim_nx *nx = &s->nx;
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
		break;
	case NX_SUMMARY:
		*val = sim_nx_summary(s, g->b);
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
 * Read one of this file's MSRs: 0, or -ENOENT if it is none of them.  A
 * W-Box counter reads with the erratum; @raw reads it without.
 */
int sim_nx_read(struct sim_socket *s, u32 msr, u64 *val)
{
	struct sim_nx_reg g;

	sim_nx_decode(s, msr, &g);
	return sim_nx_value(s, &g, val, false);
}

/* The register's value as it is (no erratum), for xu_sim_peek() */
int sim_nx_peek(struct sim_socket *s, u32 msr, u64 *val)
{
	struct sim_nx_reg g;

	sim_nx_decode(s, msr, &g);
	return sim_nx_value(s, &g, val, true);
}

/* Store @val & ~(@rsvd | @ign) at @reg, counting a violation for @rsvd bits */
static void sim_nx_store(struct sim_socket *s, u32 msr, u64 *reg, u64 val,
			 u64 rsvd, u64 ign)
{
	sim_violation(s->sim, s, msr, val, rsvd);
	*reg = val & ~(rsvd | ign);
}

static void sim_nx_set_ctl(struct sim_ctr *c, u64 val)
{
	c->ctl = val;
	c->stopped = false;
	c->rem_ns = 0;
	c->rem_gate = 0;
}

int sim_nx_write(struct sim_socket *s, u32 msr, u64 val)
{
	const struct sim_nx_layout *l;
	struct sim_nx *nx = &s->nx;
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
		nx->w_fixed_ctl = val & (W_FIXED_EN | W_FIXED_PMI_EN);
		g.r.box->c[NHMEX_W_NUM_COUNTERS].rem_ns = 0;
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
		fvc = s->sim->wsmex ? GENMASK_ULL(24, 0) : GENMASK_ULL(23, 0);
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

/* rst_all: every counter of these boxes to 0 */
void sim_nx_rst_all(struct sim_socket *s)
{
	struct sim_nx_ref r;
	unsigned int n, k;

	for (n = 0; sim_nx_nth(s, n, &r); n++) {
		for (k = 0; k < ARRAY_SIZE(r.box->c); k++) {
			r.box->c[k].val = 0;
			r.box->c[k].stopped = false;
		}
	}
}

/* Every register of these boxes to its reset value */
void sim_nx_reset(struct sim_socket *s)
{
	memset(&s->nx, 0, sizeof(s->nx));
}

/* The socket's state, locked and brought up to now, for an injection */
static struct sim_socket *sim_nx_lock(struct xu_sim *sim, unsigned int socket,
				      unsigned long *flags)
{
	struct sim_socket *s;

	if (sim->e5m || socket >= sim->sockets)
		return NULL;
	s = &sim->sock[socket];
	sim_lock(s, flags);
	sim_advance_locked(sim, s);
	return s;
}

static void sim_nx_unlock(struct xu_sim *sim, struct sim_socket *s,
			  unsigned long flags)
{
	sim_arm_tick_locked(sim, s);
	sim_unlock(s, flags);
}

/* M-Box @b: @n events of inc_sel @ev with @sub, at *@addr if not NULL */
static void sim_m_inject(struct sim_socket *s, unsigned int b, unsigned int ev,
			 u64 sub, const u64 *addr, u64 n)
{
	unsigned int i;

	if (!sim_m_qualifies(s, b, ev, sub, addr))
		return;
	for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++)
		if (sim_m_counting(s, b, i) &&
		    FIELD_GET(NHMEX_M_CTL_INC_SEL, s->m[b].c[i].ctl) == ev)
			sim_m_events(s, b, i, n);
}

/**
 * xu_sim_nhmex_inject() - make @n events of one Xeon 7500 / E7 source
 * happen now
 * @sim:    the simulated uncore ("nhmex" or "wsmex")
 * @socket: socket number
 * @box:    "ubox", "cbox", "bbox", "sbox", "mbox", "rbox" or "wbox"
 * @idx:    the box's index within its type
 * @event:  ev_sel (U, C, S, W; W 0xff is the uncore clock: the fixed
 *          counter and every W counter with ev_sel 0xff), counter * 32 +
 *          ev_sel (B), inc_sel (M), the counter's ev_sel (R: port ev / 6
 *          of the half, slot ev % 6)
 * @sub:    the events' sub-selector: the value the M-Box sub-register
 *          field of @event, the R-Box IPERF register or the QLX byte must
 *          hold for a counter to count them; XU_SIM_SUB_ANY: whatever they
 *          hold (an IPERF register must not be 0).  Ignored elsewhere.
 * @n:      how many events
 *
 * Every counting counter of the box that selects @event sees them, with
 * the overflows, status bits, freeze and PMI they cause.  An M-Box event
 * the address filter qualifies (inc_sel 0xa, 0xb) does not count while
 * the filter is on: xu_sim_mbox_addr() gives it an address.
 *
 * Return: 0, or -EINVAL for a model, socket, box or event that does not
 * exist, or an event only packets make (xu_sim_rbox_packet(),
 * xu_sim_sbox_packet(), xu_sim_bbox_packet()).
 */
int xu_sim_nhmex_inject(struct xu_sim *sim, unsigned int socket,
			const char *box, unsigned int idx, unsigned int event,
			u64 sub, u64 n)
{
	int t = match_string(sim_nx_names, ARRAY_SIZE(sim_nx_names), box);
	struct sim_socket *s;
	struct sim_nx_ref r;
	unsigned long flags;
	unsigned int k;

	if (!strcmp(box, "ubox") && !idx)
		return xu_sim_inject(sim, socket, XU_SIM_UBOX, event, n);
	if (!strcmp(box, "mbox")) {
		if (idx >= NHMEX_M_NUM_BOXES || event > FIELD_MAX(NHMEX_M_CTL_INC_SEL))
			return -EINVAL;
		s = sim_nx_lock(sim, socket, &flags);
		if (!s)
			return -EINVAL;
		sim_m_inject(s, idx, event, sub, NULL, n);
		sim_nx_unlock(sim, s, flags);
		return 0;
	}
	if (t < 0 || event > 0xff || sim_nx_packet_event(t, event) ||
	    (t == NX_B && event > 0x7f) || (t == NX_R && event > FIELD_MAX(R_EV_SEL)))
		return -EINVAL;
	s = sim_nx_lock(sim, socket, &flags);
	if (!s)
		return -EINVAL;
	if (!sim_nx_get(s, t, idx, &r)) {
		sim_nx_unlock(sim, s, flags);
		return -EINVAL;
	}
	for (k = 0; k < sim_nx_ctrs(&r); k++) {
		bool fixed = t == NX_W && k == NHMEX_W_NUM_COUNTERS;

		if (!sim_nx_counting(s, &r, k))
			continue;
		if (fixed ? event != W_CLOCK : sim_nx_code(&r, k) != event)
			continue;
		if (t == NX_R && (event >= R_NR_EVENTS ||
				  !sim_r_qualifies(s, &r, event, sub)))
			continue;
		sim_nx_events(s, &r, k, n);
	}
	sim_nx_unlock(sim, s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_nhmex_inject, XU_SIM_NS);

/**
 * xu_sim_rbox_packet() - @n packets cross an R-Box port now
 * @sim:    the simulated uncore
 * @socket: socket number
 * @port:   the port, 0-7 (ports 0-3: half 0, rbox_0; 4-7: half 1)
 * @pkt:    the packet: its 72-bit header and how many flits it has
 * @n:      how many such packets
 *
 * A counter of the port's half whose ev_sel points at XBR SET1 or SET2 of
 * the port (ev_sel = 6 * (port % 4) + 4 or + 5) counts them when that
 * set's MM_CFG has dis clear and mm_trig_en set and ((header ^ match) &
 * mask) is 0 over 72 bits (bits 71:64 in MM_CFG's match_71_64 and
 * mask_71_64): one count per packet that has a flit number
 * match_flt_cnt (1: the first; 0 never matches), or with ig_flt_cnt one
 * per flit.  So does a counter whose ev_sel points at IPERF0 or IPERF1 of
 * the port while that register holds 0x31 (TO_R_PROG_EV, p. 2-85): the
 * simulated IPERF0 follows SET1 and IPERF1 SET2 (the guide does not say).
 *
 * Return: 0, or -EINVAL for a model, socket or port that does not exist.
 */
int xu_sim_rbox_packet(struct xu_sim *sim, unsigned int socket,
		       unsigned int port, const struct xu_sim_rpkt *pkt, u64 n)
{
	struct sim_nx_port *p;
	struct sim_socket *s;
	struct sim_nx_ref r;
	unsigned long flags;
	unsigned int k;

	if (port >= NHMEX_R_NUM_BOXES * NHMEX_R_PORTS)
		return -EINVAL;
	s = sim_nx_lock(sim, socket, &flags);
	if (!s)
		return -EINVAL;
	sim_nx_get(s, NX_R, port / NHMEX_R_PORTS, &r);
	p = &s->nx.port[r.idx][port % NHMEX_R_PORTS];
	for (k = 0; k < NHMEX_R_NUM_COUNTERS; k++) {
		unsigned int code = sim_nx_code(&r, k), set;
		u64 cfg, count;

		if (!sim_nx_counting(s, &r, k) || code >= R_NR_EVENTS ||
		    code / R_SLOTS != port % NHMEX_R_PORTS)
			continue;
		if (code % R_SLOTS >= R_XBR1)
			set = code % R_SLOTS - R_XBR1;
		else if (code % R_SLOTS <= R_IPERF1 &&
			 p->iperf[code % R_SLOTS] == NHMEX_R_IPERF_TO_R_PROG_EV)
			set = code % R_SLOTS;
		else
			continue;
		cfg = p->mm_cfg[set];
		if ((cfg & NHMEX_R_MM_CFG_DIS) || !(cfg & NHMEX_R_MM_CFG_TRIG_EN))
			continue;
		if (!sim_match72(pkt->hdr, pkt->hdr_hi, p->match[set],
				 FIELD_GET(NHMEX_R_MM_CFG_MATCH_71_64, cfg),
				 p->mask[set], FIELD_GET(NHMEX_R_MM_CFG_MASK_71_64, cfg)))
			continue;
		if (cfg & NHMEX_R_MM_CFG_IG_FLT_CNT)
			count = pkt->flits;
		else
			count = FIELD_GET(NHMEX_R_MM_CFG_MATCH_FLT_CNT, cfg) >= 1 &&
				FIELD_GET(NHMEX_R_MM_CFG_MATCH_FLT_CNT, cfg) <= pkt->flits;
		sim_nx_events(s, &r, k, count * n);
	}
	sim_nx_unlock(sim, s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_rbox_packet, XU_SIM_NS);

/**
 * xu_sim_sbox_packet() - @n packets the S-Box matches now
 * @sim:    the simulated uncore
 * @socket: socket number
 * @box:    the S-Box, 0 or 1
 * @pkt:    the packet as MATCH and MASK see it
 * @n:      how many
 *
 * Its counters with ev_sel 0 (TO_R_PROG_EV) count them when MM_CFG's
 * enable (bit 63) is set and ((@pkt ^ MATCH) & MASK) is 0.
 *
 * Return: 0, or -EINVAL for a model, socket or box that does not exist.
 */
int xu_sim_sbox_packet(struct xu_sim *sim, unsigned int socket,
		       unsigned int box, u64 pkt, u64 n)
{
	struct sim_socket *s;
	struct sim_nx_ref r;
	unsigned long flags;
	unsigned int k;

	if (box >= NHMEX_S_NUM_BOXES)
		return -EINVAL;
	s = sim_nx_lock(sim, socket, &flags);
	if (!s)
		return -EINVAL;
	sim_nx_get(s, NX_S, box, &r);
	if ((s->nx.s_mm_cfg[box] & S_MM_CFG_EN) &&
	    !((pkt ^ s->nx.s_match[box]) & s->nx.s_mask[box]))
		for (k = 0; k < NHMEX_S_NUM_COUNTERS; k++)
			if (sim_nx_counting(s, &r, k) &&
			    sim_nx_code(&r, k) == S_TO_R_PROG_EV)
				sim_nx_events(s, &r, k, n);
	sim_nx_unlock(sim, s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_sbox_packet, XU_SIM_NS);

/**
 * xu_sim_bbox_packet() - @n packets of a B-Box match event now
 * @sim:    the simulated uncore
 * @socket: socket number
 * @box:    the B-Box, 0 or 1
 * @event:  counter * 32 + ev_sel of a match event: counter 0 ev_sel 0-3,
 *          counter 1 ev_sel 0-6, counter 2 ev_sel 4
 * @pkt:    the packet as MATCH and MASK see it
 * @n:      how many
 *
 * The counter that selects @event counts them when ((@pkt ^ MATCH) &
 * MASK) is 0.
 *
 * Return: 0, or -EINVAL for a model, socket or box that does not exist
 * or an @event that is no match event.
 */
int xu_sim_bbox_packet(struct xu_sim *sim, unsigned int socket,
		       unsigned int box, unsigned int event, u64 pkt, u64 n)
{
	struct sim_socket *s;
	struct sim_nx_ref r;
	unsigned long flags;
	unsigned int k;

	if (box >= NHMEX_B_NUM_BOXES || event > 0x7f || !sim_b_match_event(event))
		return -EINVAL;
	s = sim_nx_lock(sim, socket, &flags);
	if (!s)
		return -EINVAL;
	sim_nx_get(s, NX_B, box, &r);
	if (!((pkt ^ s->nx.b_match[box]) & s->nx.b_mask[box]))
		for (k = 0; k < NHMEX_B_NUM_COUNTERS; k++)
			if (sim_nx_counting(s, &r, k) && sim_nx_code(&r, k) == event)
				sim_nx_events(s, &r, k, n);
	sim_nx_unlock(sim, s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_bbox_packet, XU_SIM_NS);

/**
 * xu_sim_mbox_addr() - @n M-Box events at an address now
 * @sim:    the simulated uncore
 * @socket: socket number
 * @box:    the M-Box, 0 or 1
 * @event:  inc_sel
 * @sub:    sub-selector, as for xu_sim_nhmex_inject()
 * @addr:   the address as ADDR_MATCH sees it (bits 33:0)
 * @n:      how many
 *
 * As xu_sim_nhmex_inject(); an event the address filter qualifies (inc_sel
 * 0xa, 0xb) counts while MM_CFG's enable (bit 63) is set only if
 * ((@addr ^ ADDR_MATCH) & compared) is 0, where address bit i < 27 is
 * compared if ADDR_MASK bit i is set and bits 33:27 always are.
 *
 * Return: 0, or -EINVAL for a model, socket, box or event that does not
 * exist.
 */
int xu_sim_mbox_addr(struct xu_sim *sim, unsigned int socket, unsigned int box,
		     unsigned int event, u64 sub, u64 addr, u64 n)
{
	struct sim_socket *s;
	unsigned long flags;

	if (box >= NHMEX_M_NUM_BOXES || event > FIELD_MAX(NHMEX_M_CTL_INC_SEL))
		return -EINVAL;
	s = sim_nx_lock(sim, socket, &flags);
	if (!s)
		return -EINVAL;
	sim_m_inject(s, box, event, sub, &addr, n);
	sim_nx_unlock(sim, s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_mbox_addr, XU_SIM_NS);
