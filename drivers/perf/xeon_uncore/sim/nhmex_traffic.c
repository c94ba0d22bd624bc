// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon 7500 / E7 uncore, the traffic: what each counter counts
 * a second, from the socket's traffic scenario (traffic.c) by the
 * event's definition in the uncore programming guide (323535), and, for
 * the encodings the model leaves out, the background rate by
 * sub-selector.  Documentation/simulator-nhmex-traffic.rst gives every
 * formula; in short, of socket s:
 *
 *   M-Box m (channel m): FVC_EV0-3 (inc_sel 0xd-0x10) whose FVC event
 *        select is 5 (bcmd match) count the channel's reads (bcmd 0,
 *        BBOX_CMDS.READS) or writes (bcmd 1, BBOX_CMDS.WRITES) in
 *        64-byte lines, other bcmd values none; BBOX_CMDS_ALL (0x1a)
 *        both; PAGE_HIT (0x14) the share of both the scenario's pagehit
 *        gives, PAGE_EMPTY (0x15) the share that neither pagehit nor
 *        pagemiss takes (the bank found closed)
 *   R-Box port p (link p): IPERF bit 31 the flits the port sends, 9 a
 *        64-byte line (a DRS packet); bit 30 the idle flits, the rest of
 *        the link's 1.6 billion a second; 0xc4 its data responses, one a
 *        line
 *   W-Box: the fixed counter and ev_sel 0xff the uncore clock
 *
 * Every other encoding counts the background rate (nhmex_events.c),
 * plus 1000 a second per unit of its sub-selector: the M-Box
 * sub-register field the event reads, the R-Box IPERF value or QLX_CFG
 * byte, the C-, S- or W-Box umask.
 */
#include <linux/bitfield.h>
#include <linux/kernel.h>
#include <linux/math64.h>

#include "nhmex_model.h"

/* 64-byte lines a second of @mbps MB/s (10^6 bytes a second) */
#define LINES(mbps)		((u64)(mbps) * 1000000 / 64)
/* What each unit of a sub-selector adds to the background rate */
#define SIM_NX_SUB_RATE		1000
/*
 * The flits a QPI link carries a second: 6.4 GT/s (the Xeon 7500
 * series' fastest links), 4 transfers of 20 bits a flit of 80 bits
 */
#define SIM_NX_LINK_FLITS	1600000000ULL
/*
 * The flits of a line sent: "DRS messages are always full cacheline
 * messages which are 9 flits" (p. 2-61)
 */
#define SIM_NX_DRS_FLITS	9

/* ZDP_CTL_FVC fields (Table 2-89), Xeon 7500 positions: before fvc_shift */
#define FVC_BCMD		GENMASK_ULL(7, 5)
#define FVC_RESP		GENMASK_ULL(10, 8)
#define FVC_EV0			GENMASK_ULL(13, 11)	/* event n: 3n higher */
/* FVC event selects whose sub-event reads bcmd or resp (Table 2-89) */
#define FVC_SEL_BCMD		5
#define FVC_SEL_RESP		6
#define FVC_BCMD_READS		0
#define FVC_BCMD_WRITES		1

/* IPERF values the model counts (uncore_nhmex.c's qpi* events) */
#define R_IPERF_FLT_SEND	BIT_ULL(31)
#define R_IPERF_FLT_IDLE	BIT_ULL(30)
#define R_IPERF_DRS		0xc4

/* ZDP_CTL_FVC of M-Box @b as the Xeon 7500 lays it out */
static u64 sim_m_fvc(struct sim_socket *s, unsigned int b)
{
	return sim_nx(s)->m_sub[b][SIM_M_FVC] >> sim_nx_desc(s)->fvc_shift;
}

/* The FVC event select of inc_sel @ev, 0xd-0x10 */
static unsigned int sim_m_fvc_sel(u64 fvc, unsigned int ev)
{
	return FIELD_GET(FVC_EV0, fvc >> (3 * (ev - 0xd)));
}

/*
 * The sub-selector of M-Box @b's inc_sel @ev: the sub-register field
 * the event reads, as sim_m_qualifies() reads it (MSC_THR with bit 3,
 * every rank, too); 0 for an event without one
 */
static u64 sim_m_sub_sel(struct sim_socket *s, unsigned int b, unsigned int ev)
{
	const u64 *m = sim_nx(s)->m_sub[b];
	u64 fvc = sim_m_fvc(s, b), f;

	switch (ev) {
	case 0x0:
		return FIELD_GET(GENMASK_ULL(10, 7), m[SIM_M_DSP]);
	case 0x4:
		return FIELD_GET(GENMASK_ULL(8, 7), m[SIM_M_THR]) |
		       FIELD_GET(GENMASK_ULL(6, 3), m[SIM_M_THR]) << 2;
	case 0x5:
		return FIELD_GET(GENMASK_ULL(10, 9), m[SIM_M_THR]) |
		       FIELD_GET(GENMASK_ULL(6, 3), m[SIM_M_THR]) << 2;
	case 0x9:
		return FIELD_GET(GENMASK_ULL(3, 0), m[SIM_M_ISS]);
	case 0xa:
		return FIELD_GET(GENMASK_ULL(12, 8), m[SIM_M_PLD]) |
		       FIELD_GET(GENMASK_ULL(9, 7), m[SIM_M_ISS]) << 5;
	case 0xb:
		return FIELD_GET(GENMASK_ULL(21, 17), m[SIM_M_PLD]);
	case 0xd ... 0x10:
		f = sim_m_fvc_sel(fvc, ev);
		if (f == FVC_SEL_BCMD)
			return f | FIELD_GET(FVC_BCMD, fvc) << 3;
		if (f == FVC_SEL_RESP)
			return f | FIELD_GET(FVC_RESP, fvc) << 3;
		return f;
	case 0x16:
		return m[SIM_M_PGT] & BIT_ULL(0);
	default:
		return 0;
	}
}

/*
 * The modelled count a second of M-Box @b's inc_sel @ev, false if the
 * model leaves that encoding out.  BBOX_CMDS_ALL (0x1a, p. 2-111): the
 * commands the M-Box receives from the B-Box, its reads and writes;
 * FVC_EVx with select 5 (Table 2-89): bcmd 0 the reads, 1 the writes,
 * others (commands the scenario has none of) 0.  PAGE_HIT (0x14, p.
 * 2-119): "page hits ... a command that requires only a CAS", the
 * channel's pagehit share of its reads and writes; PAGE_EMPTY (0x15):
 * "transactions accessing a bank with no open page", the share that is
 * neither a hit nor a miss (another page open).
 */
static bool sim_m_modelled(struct sim_socket *s, unsigned int b,
			   unsigned int ev, u64 *rate)
{
	u64 rd = LINES(s->traffic.read[b]), wr = LINES(s->traffic.write[b]);
	u64 fvc = sim_m_fvc(s, b);

	u64 hit = s->traffic.pagehit[b], miss = s->traffic.pagemiss[b];

	switch (ev) {
	case 0x1a:
		*rate = rd + wr;
		return true;
	case 0x14:
		*rate = div_u64((rd + wr) * hit, 100);
		return true;
	case 0x15:
		*rate = div_u64((rd + wr) * (100 - hit - miss), 100);
		return true;
	case 0xd ... 0x10:
		if (sim_m_fvc_sel(fvc, ev) != FVC_SEL_BCMD)
			return false;
		switch (FIELD_GET(FVC_BCMD, fvc)) {
		case FVC_BCMD_READS:
			*rate = rd;
			break;
		case FVC_BCMD_WRITES:
			*rate = wr;
			break;
		default:
			*rate = 0;
			break;
		}
		return true;
	}
	return false;
}

/**
 * sim_m_count_rate() - what M-Box counter @i of M-Box @b counts a second
 * @s: the socket, locked
 * @b: the M-Box, the scenario's channel
 * @i: the counter
 *
 * Return: the modelled rate of its inc_sel as the sub-registers select
 * it, else the background rate plus 1000 per unit of the sub-selector.
 * storage_mode and flag_mode apply after (sim_m_events()).
 */
u64 sim_m_count_rate(struct sim_socket *s, unsigned int b, unsigned int i)
{
	unsigned int ev = FIELD_GET(NHMEX_M_CTL_INC_SEL, sim_nx(s)->m[b].c[i].ctl);
	u64 rate;

	if (sim_m_modelled(s, b, ev, &rate))
		return rate;
	return sim_um_rate(s->id, false, b, ev) +
	       SIM_NX_SUB_RATE * sim_m_sub_sel(s, b, ev);
}

/* An IPERF value's 32 bits folded to 16, the sub-selector of its background */
static u64 sim_r_iperf_sub(u64 iperf)
{
	return (iperf & GENMASK_ULL(15, 0)) ^ FIELD_GET(GENMASK_ULL(31, 16), iperf);
}

/*
 * R-Box half @r's event @code (an IPERF or QLX slot of a port) at
 * background rate @base (not 0): the modelled count of an IPERF value
 * the model knows, else @base plus 1000 per unit of the sub-selector
 */
static u64 sim_r_count_rate(struct sim_socket *s, const struct sim_nx_ref *r,
			    unsigned int code, u64 base)
{
	unsigned int port = r->idx * NHMEX_R_PORTS + code / R_SLOTS;
	const struct sim_nx_port *p = &sim_nx(s)->port[r->idx][code / R_SLOTS];
	u64 lines = LINES(s->traffic.tx[port]), sent, v;

	switch (code % R_SLOTS) {
	case R_IPERF0:
	case R_IPERF1:
		v = p->iperf[code % R_SLOTS];
		break;
	case R_QLX_LO:
		return base + SIM_NX_SUB_RATE * FIELD_GET(NHMEX_R_QLX_EV(0), p->qlx);
	case R_QLX_HI:
		return base + SIM_NX_SUB_RATE * FIELD_GET(NHMEX_R_QLX_EV(1), p->qlx);
	default:
		return base;
	}
	if (v == R_IPERF_DRS)
		return lines;
	if (v & ~(R_IPERF_FLT_SEND | R_IPERF_FLT_IDLE))
		return base + SIM_NX_SUB_RATE * sim_r_iperf_sub(v);
	sent = SIM_NX_DRS_FLITS * lines;
	return (v & R_IPERF_FLT_SEND ? sent : 0) +
	       (v & R_IPERF_FLT_IDLE && sent < SIM_NX_LINK_FLITS ?
		SIM_NX_LINK_FLITS - sent : 0);
}

/**
 * sim_nx_count_rate() - what counter @k of box @r counts a second
 * @s: the socket, locked
 * @r: a C-, B-, S-, R- or W-Box
 * @k: the counter (the W-Box's fixed one: NHMEX_W_NUM_COUNTERS)
 *
 * Return: the uncore clock for the W-Box's fixed counter and ev_sel
 * 0xff, the modelled rate of an R-Box IPERF value the model knows, else
 * the background rate (sim_nx_gen_rate(): 0 for packet events and an
 * IPERF register of 0) plus 1000 per unit of the sub-selector.
 */
u64 sim_nx_count_rate(struct sim_socket *s, const struct sim_nx_ref *r,
		      unsigned int k)
{
	u64 base, uclk = (u64)s->traffic.uclk * 1000000;
	unsigned int code;

	if (r->type == NX_W && k == NHMEX_W_NUM_COUNTERS)
		return uclk;
	code = sim_nx_code(r, k);
	if (r->type == NX_W && code == W_CLOCK)
		return uclk;
	base = sim_nx_gen_rate(s, r, k);
	if (!base)
		return 0;
	switch (r->type) {
	case NX_R:
		return sim_r_count_rate(s, r, code, base);
	case NX_C:
	case NX_S:
	case NX_W:
		return base + SIM_NX_SUB_RATE * FIELD_GET(GEN_UMASK, r->box->c[k].ctl);
	default:
		return base;
	}
}

/*
 * The scenario a socket starts with: M-Box m (channel m) reading 96 *
 * (2 * socket + m + 1) MB/s and writing 64 * (2 * socket + m + 1), 60%
 * of its accesses page hits and 25% page misses (the E5 models'); R-Box
 * port l sending 64 * (socket + l + 1) MB/s; the uncore at socket + 1
 * MHz, the W-Box clock's earlier rate
 */
void sim_nx_traffic_default(const struct sim_model *m, unsigned int socket,
			    struct xu_sim_traffic *t)
{
	unsigned int i;

	for (i = 0; i < m->channels; i++) {
		t->read[i] = 96 * (2 * socket + i + 1);
		t->write[i] = 64 * (2 * socket + i + 1);
		t->pagehit[i] = 60;
		t->pagemiss[i] = 25;
	}
	for (i = 0; i < m->links; i++)
		t->tx[i] = 64 * (socket + i + 1);
	t->uclk = socket + 1;
}
