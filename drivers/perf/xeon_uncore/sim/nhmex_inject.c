// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon 7500 / E7 uncore, injection: events of one source
 * (sim_model_ops.inject, which xu_sim_inject() reaches), the packets only
 * the R-, S- and B-Box match and count, M-Box events at an address, and
 * the forms of the debugfs file "inject" that make them.
 */
#include <linux/bitfield.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/string.h>

#include "nhmex_model.h"

#define SIM_INJECT_ARGS	8

/* sim_nx_inject()'s events, inside its span */
static int sim_nx_inject_now(struct sim_socket *s, const char *box,
			     unsigned int idx, unsigned int event, u64 sub,
			     u64 n)
{
	int t = sim_nx_type(box);
	struct sim_nx_ref r;
	unsigned int k;

	if (!strcmp(box, "ubox") && !idx) {
		if (event > FIELD_MAX(NHMEX_U_CTL_EV_SEL))
			return -EINVAL;
		if (sim_u_counting(s) &&
		    FIELD_GET(NHMEX_U_CTL_EV_SEL, sim_nx(s)->u.ctl) == event)
			sim_u_events(s, n);
		return 0;
	}
	if (!strcmp(box, "mbox")) {
		if (idx >= NHMEX_M_NUM_BOXES || event > FIELD_MAX(NHMEX_M_CTL_INC_SEL))
			return -EINVAL;
		sim_m_inject(s, idx, event, sub, NULL, n);
		return 0;
	}
	if (t < 0 || event > 0xff || sim_nx_packet_event(t, event) ||
	    (t == NX_B && event > 0x7f) || (t == NX_R && event > FIELD_MAX(R_EV_SEL)))
		return -EINVAL;
	if (!sim_nx_get(s, t, idx, &r))
		return -EINVAL;
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
	return 0;
}

/**
 * sim_nx_inject() - make @n events of one Xeon 7500 / E7 source happen now
 * @s:      the socket, locked and brought up to now
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
 * the overflows, status bits, freeze and PMI they cause (the freeze once
 * all have: sim_nx_span_end()).  An M-Box event
 * the address filter qualifies (inc_sel 0xa, 0xb) does not count while
 * the filter is on: xu_sim_mbox_addr() gives it an address.
 *
 * Return: 0, or -EINVAL for a box or event that does not exist, or an
 * event only packets make (xu_sim_rbox_packet(), xu_sim_sbox_packet(),
 * xu_sim_bbox_packet()).
 */
int sim_nx_inject(struct sim_socket *s, const char *box, unsigned int idx,
		  unsigned int event, u64 sub, u64 n)
{
	int ret;

	ret = sim_nx_inject_now(s, box, idx, event, sub, n);
	sim_nx_span_end(s, s->last_ns);
	return ret;
}

/*
 * Socket @socket of a Xeon 7500 / E7 simulator, locked and brought up to
 * now, for a packet or address injection; NULL if there is none
 */
static struct sim_socket *sim_nx_lock(struct xu_sim *sim, unsigned int socket,
				      unsigned long *flags)
{
	if (sim->model->ops->inject != sim_nx_inject)
		return NULL;
	return sim_get(sim, socket, flags);
}

/* The end of sim_nx_lock()'s injection: its events at one instant */
static void sim_nx_unlock(struct sim_socket *s, unsigned long flags)
{
	sim_nx_span_end(s, s->last_ns);
	sim_put(s, flags);
}

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
	p = &sim_nx(s)->port[r.idx][port % NHMEX_R_PORTS];
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
	sim_nx_unlock(s, flags);
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
	if ((sim_nx(s)->s_mm_cfg[box] & S_MM_CFG_EN) &&
	    !((pkt ^ sim_nx(s)->s_match[box]) & sim_nx(s)->s_mask[box]))
		for (k = 0; k < NHMEX_S_NUM_COUNTERS; k++)
			if (sim_nx_counting(s, &r, k) &&
			    sim_nx_code(&r, k) == S_TO_R_PROG_EV)
				sim_nx_events(s, &r, k, n);
	sim_nx_unlock(s, flags);
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
	if (!((pkt ^ sim_nx(s)->b_match[box]) & sim_nx(s)->b_mask[box]))
		for (k = 0; k < NHMEX_B_NUM_COUNTERS; k++)
			if (sim_nx_counting(s, &r, k) && sim_nx_code(&r, k) == event)
				sim_nx_events(s, &r, k, n);
	sim_nx_unlock(s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_bbox_packet, XU_SIM_NS);

/**
 * xu_sim_mbox_addr() - @n M-Box events at an address now
 * @sim:    the simulated uncore
 * @socket: socket number
 * @box:    the M-Box, 0 or 1
 * @event:  inc_sel
 * @sub:    sub-selector, as for xu_sim_inject()
 * @addr:   the address as ADDR_MATCH sees it (bits 33:0)
 * @n:      how many
 *
 * As xu_sim_inject(); an event the address filter qualifies (inc_sel
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
	sim_nx_unlock(s, flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_mbox_addr, XU_SIM_NS);

/* A number (any base kstrtou64() takes) or, with @any, "any" */
static int sim_arg(const char *tok, u64 *val, bool any)
{
	if (any && !strcmp(tok, "any")) {
		*val = XU_SIM_SUB_ANY;
		return 0;
	}
	return kstrtou64(tok, 0, val);
}

/* "cbox_3" into "cbox" and 3; "wbox", "ubox" have index 0 */
static int sim_box_arg(const char *tok, char *type, size_t size,
		       unsigned int *idx)
{
	const char *us = strchr(tok, '_');

	*idx = 0;
	if (!us)
		return strscpy(type, tok, size) < 0 ? -EINVAL : 0;
	if (us - tok >= size || kstrtouint(us + 1, 10, idx))
		return -EINVAL;
	memcpy(type, tok, us - tok);
	type[us - tok] = '\0';
	return 0;
}

/*
 * The Xeon 7500 / E7 forms, @tok[0] the socket; every number but the
 * socket in any base kstrtou64() takes (0x... hex)
 */
static int sim_nx_inject_tok(struct xu_sim *sim, char **tok, unsigned int n)
{
	u64 v[SIM_INJECT_ARGS] = { };
	unsigned int socket, idx, i;
	char type[16];

	if (kstrtouint(tok[0], 10, &socket))
		return -EINVAL;
	if (!strcmp(tok[1], "rpkt") && n == 7) {
		struct xu_sim_rpkt pkt;

		for (i = 2; i < n; i++)
			if (sim_arg(tok[i], &v[i], false))
				return -EINVAL;
		if (v[2] > U32_MAX || v[4] > U8_MAX || v[5] > U8_MAX)
			return -EINVAL;
		pkt = (struct xu_sim_rpkt) {
			.hdr = v[3], .hdr_hi = v[4], .flits = v[5],
		};
		return xu_sim_rbox_packet(sim, socket, v[2], &pkt, v[6]);
	}
	if (!strcmp(tok[1], "spkt") || !strcmp(tok[1], "bpkt") ||
	    !strcmp(tok[1], "maddr")) {
		bool s = tok[1][0] == 's', b = tok[1][0] == 'b';

		if (n != (s ? 5 : b ? 6 : 7))
			return -EINVAL;
		for (i = 2; i < n; i++)
			if (sim_arg(tok[i], &v[i], !s && !b && i == 4))
				return -EINVAL;
		if (v[2] > U32_MAX || v[3] > U32_MAX)
			return -EINVAL;
		if (s)
			return xu_sim_sbox_packet(sim, socket, v[2], v[3], v[4]);
		if (b)
			return xu_sim_bbox_packet(sim, socket, v[2], v[3], v[4], v[5]);
		return xu_sim_mbox_addr(sim, socket, v[2], v[3], v[4], v[5], v[6]);
	}
	if (n != 4 && n != 5)
		return -EINVAL;
	v[4] = XU_SIM_SUB_ANY;
	for (i = 2; i < n; i++)
		if (sim_arg(tok[i], &v[i], i == 4))
			return -EINVAL;
	if (v[2] > U32_MAX)
		return -EINVAL;
	/* the first form of the Xeon 7500 model */
	if (!strcmp(tok[1], "mbox0") || !strcmp(tok[1], "mbox1"))
		return sim_inject(sim, socket, "mbox", tok[1][4] - '0', v[2],
				  v[4], v[3]);
	if (sim_box_arg(tok[1], type, sizeof(type), &idx))
		return -EINVAL;
	return sim_inject(sim, socket, type, idx, v[2], v[4], v[3]);
}

/*
 * debugfs "inject": "SOCKET BOX EVENT COUNT [SUB]", BOX a PMU name without
 * uncore_ (mbox0 and mbox1 too); "SOCKET rpkt PORT HDR HDR_HI FLITS
 * COUNT", "SOCKET spkt BOX PKT COUNT", "SOCKET bpkt BOX EVENT PKT COUNT",
 * "SOCKET maddr BOX EVENT SUB ADDR COUNT"
 */
int sim_nx_inject_cmd(struct xu_sim *sim, char *line)
{
	char *tok[SIM_INJECT_ARGS], *p = strim(line);
	unsigned int n = 0;

	while (p && *p) {
		if (n == SIM_INJECT_ARGS)
			return -EINVAL;
		tok[n++] = strsep(&p, " \t\n");
		p = p ? skip_spaces(p) : NULL;
	}
	if (n < 4)
		return -EINVAL;
	return sim_nx_inject_tok(sim, tok, n);
}
