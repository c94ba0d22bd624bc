// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated Xeon E5 uncores, the events: what each counter
 * counts a second, from the socket's traffic scenario (traffic.c) by the
 * event's definition in the uncore guides (327043, 329468) and the event
 * lists of perf's jaketown and ivytown tables.  Documentation/simulator.rst,
 * "Traffic", gives every formula; in short:
 *
 *   iMC  CAS_COUNT: the channel's reads and writes, in 64-byte lines, in
 *        sub-events that add up; DCLK as before; ACT_COUNT and PRE_COUNT:
 *        by the channel's page hit and page miss shares; POWER_CKE_CYCLES:
 *        the DRAM clocks its ranks 0 and 1 are not powered down
 *   HA   REQUESTS, IMC_READS, IMC_WRITES: its channels' reads and writes,
 *        local and remote by the scenario's remote share; ADDR_OPC_MATCH:
 *        those its address and opcode match registers select
 *   C-Box TOR_INSERTS and TOR_OCCUPANCY: the socket's reads, spread over
 *        its C-Boxes, opcode 0x182 (filter_opc), misses and as many hits,
 *        occupancy by Little's law from the scenario's latency
 *   QPI  TxL/RxL_FLITS_G0: the link's data in 8-byte data flits, a header
 *        flit a line, idle flits the rest of 2 a QPI clock (8.0 GT/s)
 *        CTO_COUNT: the received lines' packets its match/mask selects,
 *        between the two sockets' node ids
 *   PCU  CLOCKTICKS, FREQ_BAND0..3_CYCLES and POWER_STATE_OCCUPANCY: the
 *        800 MHz PCU clock, the uncore clock against each band, the
 *        cores in C0, C3 or C6 a cycle
 *   every box's clockticks: the uncore clock (QPI: 1 GHz, iMC: DCLK)
 *
 * then thresh, inv and edge over the count a cycle.  Every other encoding
 * counts the background rate, which differs by event and umask.
 */
#include <linux/bitfield.h>
#include <linux/kernel.h>
#include <linux/math64.h>

#include "e5_model.h"

/* 64-byte lines a second of @mbps MB/s */
#define LINES(mbps)		((u64)(mbps) * 1000000 / 64)
/* The QPI link clock: 8.0 GT/s links, a clock every 8 transfers */
#define SIM_E5_QCLK		1000000000ULL
/* Flits a QPI clock: 20 lanes at 8 transfers a clock, 80 bits a flit */
#define SIM_E5_FLITS_PER_QCLK	2
/* An LLC hit's time in the TOR, in uncore clocks */
#define SIM_E5_HIT_CYCLES	20
/* An eviction's or writeback's time in the TOR, in uncore clocks */
#define SIM_E5_WB_CYCLES	10
/* The opcode of the scenario's reads (filter_opc) */
#define SIM_E5_RD_OPC		0x182
/* The PCU's clock (pclk), fixed */
#define SIM_E5_PCLK		800000000ULL
/* PCU POWER_STATE_OCCUPANCY: an occupancy event (ev_sel bit 7) */
#define SIM_E5_PCU_OCC		0x80

/* @n * @num / @den, exactly for any u64 @n */
static u64 share(u64 n, u64 num, u64 den)
{
	return mul_u64_u64_div_u64(n, num, den);
}

static u64 sim_e5_uclk(const struct sim_socket *s)
{
	return (u64)s->traffic.uclk * 1000000;
}

/*
 * Reads and writes (lines/s) of the channels @first to @first + @n - 1
 * of socket @s
 */
static void sim_e5_chans(const struct sim_socket *s, unsigned int first,
			 unsigned int n, u64 *rd, u64 *wr)
{
	unsigned int c;

	*rd = 0;
	*wr = 0;
	for (c = first; c < first + n && c < XU_SIM_CHANNELS; c++) {
		*rd += LINES(s->traffic.read[c]);
		*wr += LINES(s->traffic.write[c]);
	}
}

/**
 * sim_e5_rate_of() - the background generator's rate of one E5 event
 * @socket: socket number
 * @box:    box type: "ubox", "cbox", "pcu", "ha", "imc", "qpi", "r2pcie",
 *          "r3qpi" or "irp"
 * @idx:    the box's index within its type (0 for a single box)
 * @event:  perf's event field: ev_sel, plus 0x100 with ev_sel_ext; 0xff
 *          is the fixed counter of the U-Box (UCLK) and of an iMC (DCLK)
 *
 * The background rate, of the events the traffic model leaves out
 * (e5_traffic.c adds what the umask adds), and the iMC's DCLK.
 *
 * Return: events per second: 100000 * ((ev_sel & 7) + 1) *
 * (socket + idx + 1) for a general-purpose counter, 1000000 *
 * (socket + 1) for UCLK and 800000 * (socket + idx + 1) for DCLK; 0 for
 * an unknown box type.
 */
u64 sim_e5_rate_of(unsigned int socket, const char *box, unsigned int idx,
		   unsigned int event)
{
	int t = sim_e5_type(box);

	if (t < 0)
		return 0;
	if (event == E5_FIXED_EVENT && t == E5_UBOX)
		return 10 * XU_SIM_RATE_UNIT * (socket + 1);
	if (event == E5_FIXED_EVENT && t == E5_IMC)
		return 8 * XU_SIM_RATE_UNIT * (socket + idx + 1);
	return XU_SIM_RATE_UNIT * ((event & 7) + 1) * (socket + idx + 1);
}

/*
 * iMC CAS_COUNT (0x04) of channel @c: a CAS matches the umask if any of
 * its bits selects it.  Reads are regular (15/16) or underfill (1/16),
 * and issued in read (7/8) or write (1/8) major mode, independently;
 * writes are issued in write (7/8) or read (1/8) major mode.  RD_WMM and
 * RD_RMM (umask 0x10, 0x20) are IVB-EP's only (the model's cas_umask).
 * false: umask not defined
 */
static bool sim_e5_cas(const struct sim_socket *s, unsigned int c, u32 umask,
		       u64 *rate)
{
	u64 rd, wr;
	u32 a, b, w;

	if (umask & ~(u32)sim_e5m(s->sim)->cas_umask)
		return false;
	sim_e5_chans(s, c, 1, &rd, &wr);
	a = (umask & 0x01 ? 15 : 0) + (umask & 0x02 ? 1 : 0);	/* of 16 */
	b = (umask & 0x20 ? 7 : 0) + (umask & 0x10 ? 1 : 0);	/* of 8 */
	w = (umask & 0x04 ? 7 : 0) + (umask & 0x08 ? 1 : 0);	/* of 8 */
	*rate = share(rd, 128 - (16 - a) * (8 - b), 128) + share(wr, w, 8);
	return true;
}

/*
 * iMC ACT_COUNT (0x01) and PRE_COUNT (0x02) of channel @c.  Of its reads
 * and writes, the page hit share finds its DRAM page open (no command),
 * the page miss share another page of the bank open (a precharge, then
 * an activate) and the rest the bank closed by the idle timer (an
 * activate; the precharge was the timer's).  ACT_COUNT: SNB-EP umask 0,
 * every activate; IVB-EP RD 0x1, WR 0x2, BYP 0x8 (none: the model has no
 * bypass).  PRE_COUNT: PAGE_MISS 0x1, PAGE_CLOSE 0x2 (the timer's, one
 * an access that finds the bank closed), and on IVB-EP RD 0x4 and WR 0x8
 * (the page misses of reads, of writes), BYP 0x10 (none).  A command
 * counts once if any umask bit selects it.
 * false: umask not defined
 */
static bool sim_e5_page(const struct sim_socket *s, unsigned int c, u32 ev,
			u32 umask, u64 *rate)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	u64 hit = s->traffic.pagehit[c], miss = s->traffic.pagemiss[c];
	u64 rd, wr;

	sim_e5_chans(s, c, 1, &rd, &wr);
	if (ev == 0x01) {
		if (umask & ~(u32)m->act_umask || (m->act_umask && !umask))
			return false;
		*rate = (!umask || umask & 0x1 ? share(rd, 100 - hit, 100) : 0) +
			(!umask || umask & 0x2 ? share(wr, 100 - hit, 100) : 0);
		return true;
	}
	if (!umask || umask & ~(u32)m->pre_umask)
		return false;
	*rate = (umask & 0x5 ? share(rd, miss, 100) : 0) +
		(umask & 0x9 ? share(wr, miss, 100) : 0) +
		(umask & 0x2 ? share(rd + wr, 100 - hit - miss, 100) : 0);
	return true;
}

/*
 * iMC POWER_CKE_CYCLES (0x83) of channel @c, DRAM clock @dclk a second:
 * the cycles in which a rank the umask selects (bit r: rank r) has CKE on,
 * once a cycle however many do.  Each channel holds ranks 0 and 1 (one
 * dual-rank DIMM), powered down together for the scenario's ckeoff share
 * of the DRAM clocks; ranks 2-7 hold no DIMM and never have CKE on.
 * false: umask 0, which selects no rank
 */
static bool sim_e5_cke(const struct sim_socket *s, unsigned int c, u64 dclk,
		       u32 umask, u64 *rate)
{
	if (!umask)
		return false;
	*rate = umask & 0x3 ? share(dclk, 100 - s->traffic.ckeoff[c], 100) : 0;
	return true;
}

/* The channels of HA @h: SNB-EP's one HA has all 4, IVB-EP's two 4 each */
static void sim_e5_ha_chans(const struct sim_socket *s, unsigned int h,
			    u64 *rd, u64 *wr)
{
	sim_e5_chans(s, 4 * h, 4, rd, wr);
}

/*
 * HA events: REQUESTS (0x01: reads local 0x1 and remote 0x2, writes
 * local 0x4 and remote 0x8, InvItoE 0x10, 0x20 none), IMC_READS (0x17,
 * NORMAL 0x1), IMC_WRITES (0x1a: FULL 0x1 7/8 of the writes, PARTIAL 0x2
 * 1/8, the ISOCH 0x4 and 0x8 none)
 */
static bool sim_e5_ha(const struct sim_socket *s, unsigned int h, u32 ev,
		      u32 umask, u64 *rate)
{
	u64 rd, wr, r = s->traffic.remote;

	sim_e5_ha_chans(s, h, &rd, &wr);
	switch (ev) {
	case 0x01:
		if (!umask || umask & ~0x3fU)
			return false;
		*rate = (umask & 0x1 ? share(rd, 100 - r, 100) : 0) +
			(umask & 0x2 ? share(rd, r, 100) : 0) +
			(umask & 0x4 ? share(wr, 100 - r, 100) : 0) +
			(umask & 0x8 ? share(wr, r, 100) : 0);
		return true;
	case 0x17:
		if (umask != 0x1)
			return false;
		*rate = rd;
		return true;
	case 0x1a:
		if (!umask || umask & ~0xfU)
			return false;
		*rate = (umask & 0x1 ? share(wr, 7, 8) : 0) +
			(umask & 0x2 ? share(wr, 1, 8) : 0);
		return true;
	}
	return false;
}

/* The lines each HA's requests spread over, from address 0 (256 KiB) */
#define SIM_E5_HA_LINES		4096
/* The opcode field (OPCODEMATCH bits 5:0) of the model's reads, writes */
#define SIM_E5_HA_OPC_RD	0x02
#define SIM_E5_HA_OPC_WR	0x0c

/*
 * HA ADDR_OPC_MATCH (0x20) of HA @h, filtered by its ADDRMATCH0/1 and
 * OPCODEMATCH registers (@bx->filter[0..2]).  The HA's requests, its
 * channels' reads and writes, spread evenly over SIM_E5_HA_LINES lines
 * from address 0, reads with opcode field SIM_E5_HA_OPC_RD and writes
 * with SIM_E5_HA_OPC_WR.  umask ADDR (0x1) counts the requests to the
 * line the address registers name, OPC (0x2) those whose opcode field
 * is OPCODEMATCH's, FILT (0x3) those that match both; the AD, BL and AK
 * sub-events (0x4, 0x8, 0x10) are left out.
 */
static bool sim_e5_ha_match(const struct sim_socket *s,
			    const struct sim_e5_box *bx, unsigned int h,
			    u32 umask, u64 *rate)
{
	u64 addr = (bx->filter[1] & E5_HA_ADDR1_MASK) << 32 |
		   (bx->filter[0] & E5_HA_ADDR0_MASK);
	u64 opc = bx->filter[2] & E5_HA_OPC_MASK;
	u64 rd, wr, n;

	if (!umask || umask & ~0x3U)
		return false;
	sim_e5_ha_chans(s, h, &rd, &wr);
	n = rd + wr;
	if (umask & 0x2)
		n = (opc == SIM_E5_HA_OPC_RD ? rd : 0) +
		    (opc == SIM_E5_HA_OPC_WR ? wr : 0);
	if (umask & 0x1)
		n = addr >> 6 < SIM_E5_HA_LINES ?
		    share(n, 1, SIM_E5_HA_LINES) : 0;
	*rate = n;
	return true;
}

/* C-Box @cb's share of @n a second, of the socket's @ncbox C-Boxes */
static u64 sim_e5_cbox_share(u64 n, unsigned int cb, unsigned int ncbox)
{
	if (cb >= ncbox)
		return 0;
	return div_u64(n, ncbox) + (cb < n % ncbox ? 1 : 0);
}

/*
 * The NID filter (umask 0x40) over a C-Box's TOR requests of socket @s:
 * it selects the requests homed at the nodes its field names, a bit per
 * node id (the U-Box's CPUNODEID of each socket).  Of the misses @miss,
 * @local are homed at the socket's own node, the rest spread evenly over
 * the other sockets' (none on a simulator of one socket); hits, evictions
 * and writebacks are local.  Each is cut to what the filter selects.
 */
static void sim_e5_tor_nid(struct sim_socket *s,
			   const struct sim_e5_box *bx, u64 local, u64 *miss,
			   u64 *hit, u64 *ev_n, u64 *wb)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	u64 nid = (bx->filter[m->nid_filter] & m->nid) >> __ffs64(m->nid);
	unsigned int i, others = 0, sel = 0;
	u32 node;

	for (i = 0; i < s->sim->sockets; i++) {
		if (i == s->id)
			continue;
		node = sim_e5(&s->sim->sock[i])->nodeid;
		others++;
		sel += node < 64 && (nid & BIT_ULL(node));
	}
	node = sim_e5(s)->nodeid;
	if (!(node < 64 && (nid & BIT_ULL(node)))) {
		*hit = 0;
		*ev_n = 0;
		*wb = 0;
		*miss -= local;
		local = 0;
	}
	if (*miss > local)
		*miss = local + (others ? share(*miss - local, sel, others) : 0);
}

/*
 * C-Box LLC_LOOKUP (0x34) of C-Box @cb: the lookups of its requests
 * (sim_e5_tor()) whose line is in a state the filter's state field
 * selects.  Umask 0x01 with 0x02 data reads (its misses, which find the
 * line invalid, and its hits, which find it a quarter each M, E, S and
 * F), 0x04 writes (its writebacks, which find it M), 0x08 remote snoops
 * (its share of the remote reads of the socket's memory, which find it
 * invalid), 0x10 (IVB-EP) all three.  State bits: 0x01 I, 0x02 S, 0x04
 * E, 0x08 M, 0x10 F, IVB-EP's 0x20 M too.  false: umask not defined
 */
static bool sim_e5_lookup(struct sim_socket *s, unsigned int cb,
			  const struct sim_e5_box *bx, u32 umask, u64 *rate)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	u64 st = (bx->filter[0] & m->state) >> __ffs64(m->state);
	unsigned int ncbox = sim_e5(s)->ncbox, hits = 0;
	u64 rd, wr, miss, wb, snoop, inv;

	if (!(umask & 0x01) || umask == 0x01 ||
	    umask & ~(u32)m->lookup_umask)
		return false;
	if (umask & 0x10)
		umask |= 0x0e;
	sim_e5_chans(s, 0, s->sim->model->channels, &rd, &wr);
	miss = sim_e5_cbox_share(rd, cb, ncbox);
	wb = sim_e5_cbox_share(wr, cb, ncbox);
	snoop = share(sim_e5_cbox_share(rd, cb, ncbox), s->traffic.remote, 100);
	/* the hits in M, E, S and F a quarter each: the bits selected */
	hits = !!(st & 0x28) + !!(st & 0x04) + !!(st & 0x02) + !!(st & 0x10);
	inv = st & 0x01;
	*rate = (umask & 0x02 ? (inv ? miss : 0) + share(miss, hits, 4) : 0) +
		(umask & 0x04 && st & 0x28 ? wb : 0) +
		(umask & 0x08 && inv ? snoop : 0);
	return true;
}

/*
 * C-Box TOR_INSERTS (0x35) and TOR_OCCUPANCY (0x36).  Each C-Box takes
 * its share of the socket's reads as misses (opcode 0x182), as many hits
 * of that opcode, and of its writes as writebacks (WB), twice as many
 * evictions.  Umask bits: 0x01 the opcode filter's requests, 0x02 misses
 * only, 0x04 evictions, 0x08 all, 0x10 writebacks, and on IVB-EP 0x20
 * local and 0x80 remote ones (of the misses, by the remote share; hits,
 * evictions and writebacks are local), 0x40 those the node filter selects
 * (sim_e5_tor_nid()).  The opcode filter's requests with IVB-EP's nc or
 * isoc bit set: none.  Occupancy: each request's time
 * in the TOR, a miss the scenario's latency, a hit 20 uncore clocks, an
 * eviction or writeback 10.
 */
static bool sim_e5_tor(struct sim_socket *s, unsigned int cb,
		       const struct sim_e5_box *bx, u32 ev, u32 umask,
		       u64 *rate)
{
	static const u8 defined[] = { 0x01, 0x03, 0x04, 0x08, 0x0a, 0x10 };
	const struct sim_e5_model *m = sim_e5m(s->sim);
	/* a miss's time in the TOR, in uncore clocks * 1000 */
	u64 lat = (u64)s->traffic.latency * s->traffic.uclk;
	u64 rd, wr, miss, hit, wb, ev_n, local, r = s->traffic.remote;
	u64 fopc = bx->filter[m->opc_filter];
	unsigned int ncbox = sim_e5(s)->ncbox, i;
	u32 sel = umask & 0x1f, lr = umask & 0xa0;
	u32 opc = (fopc & m->opc) >> __ffs64(m->opc);

	for (i = 0; i < ARRAY_SIZE(defined) && defined[i] != sel; i++)
		;
	if (i == ARRAY_SIZE(defined) || (lr & ~m->tor_umask) ||
	    lr == 0xa0 || (umask & 0x40 && lr))
		return false;

	sim_e5_chans(s, 0, s->sim->model->channels, &rd, &wr);
	miss = sim_e5_cbox_share(rd, cb, ncbox);
	hit = miss;
	wb = sim_e5_cbox_share(wr, cb, ncbox);
	ev_n = 2 * wb;
	if (sel & 0x01 && (opc != SIM_E5_RD_OPC || fopc & m->nc)) {
		*rate = 0;
		return true;
	}
	if (ev == 0x36) {
		miss = share(miss, lat, 1000);
		hit *= SIM_E5_HIT_CYCLES;
		ev_n *= SIM_E5_WB_CYCLES;
		wb *= SIM_E5_WB_CYCLES;
	}
	local = share(miss, 100 - r, 100);
	if (umask & 0x20)
		miss = local;
	else if (umask & 0x80)
		miss -= local;
	if (umask & 0x80)
		hit = 0;
	if (umask & 0x40)
		sim_e5_tor_nid(s, bx, local, &miss, &hit, &ev_n, &wb);

	switch (sel) {
	case 0x01:
	case 0x08:
		*rate = miss + hit + (sel == 0x08 ? ev_n : 0);
		break;
	case 0x03:
	case 0x0a:
		*rate = miss;
		break;
	case 0x04:
		*rate = ev_n;
		break;
	default:
		*rate = wb;
		break;
	}
	return true;
}

/*
 * QPI TxL_FLITS_G0 (0x00) and RxL_FLITS_G0 (0x01) of link @l: umask IDLE
 * 0x1, DATA 0x2 (8 bytes each), NON_DATA 0x4 (a header a line)
 */
static bool sim_e5_flits(const struct sim_socket *s, unsigned int l, u32 ev,
			 u32 umask, u64 *rate)
{
	u64 mbps = ev ? s->traffic.rx[l] : s->traffic.tx[l];
	u64 data = mbps * 1000000 / 8, hdr = LINES(mbps);
	u64 all = SIM_E5_FLITS_PER_QCLK * SIM_E5_QCLK;
	u64 idle = all > data + hdr ? all - data - hdr : 0;

	if (!umask || umask & ~0x7U)
		return false;
	*rate = (umask & 0x1 ? idle : 0) + (umask & 0x2 ? data : 0) +
		(umask & 0x4 ? hdr : 0);
	return true;
}

/* The node id (the U-Box's CPUNODEID, fixed at init) of socket @i */
static u32 sim_e5_node(const struct sim_socket *s, unsigned int i)
{
	return sim_e5(&s->sim->sock[i])->nodeid;
}

/*
 * The node id of the socket at the other end of link @l of socket @s: of
 * S sockets, link l goes to socket s + 1 + (l mod (S - 1)), mod S (two
 * sockets: every link to the other; four: a link to each of the three
 * others); on a simulator of one socket, to itself
 */
static u32 sim_e5_peer_node(const struct sim_socket *s, unsigned int l)
{
	unsigned int n = s->sim->sockets, peer = s->id;

	if (n > 1)
		peer = (s->id + 1 + l % (n - 1)) % n;
	return sim_e5_node(s, peer);
}

/*
 * QPI CTO_COUNT (0x38, with or without the extension bit, umask 0) of
 * link @l: the received packets that its MATCH0/1 and MASK0/1 registers
 * (@bx->filter[0..3]) select: a packet counts when it equals the match
 * registers in every bit the mask registers set (all packets with a mask
 * of 0).  Each line the link receives is one DRS packet (message class
 * 0xe): opcode 0x0 (DataC) 7/8, 0x2 (DataC_Cmp) 1/8; response data
 * state M (0x8) 1/4, E (0x4) 1/2, F (0x1) 1/4; virtual network VNA (VNW
 * 0x2) 3/4, VN0 (0x0) 1/4, independently.  Its DNID is the receiving
 * socket's node id, its RNID the sending one's (sim_e5_peer_node()): the
 * U-Box's CPUNODEID of each.
 */
static bool sim_e5_cto(const struct sim_socket *s, const struct sim_e5_box *bx,
		       unsigned int l, u32 umask, u64 *rate)
{
	/* opcode, RDS and the share of the lines, in 32nds */
	static const struct { u8 opc, rds, w; } cls[] = {
		{ 0x0, 0x8, 7 }, { 0x0, 0x4, 14 }, { 0x0, 0x1, 7 },
		{ 0x2, 0x8, 1 }, { 0x2, 0x4, 2 }, { 0x2, 0x1, 1 },
	};
	u64 match = bx->filter[1] << 32 | bx->filter[0];
	u64 mask = bx->filter[3] << 32 | bx->filter[2];
	u32 dnid = sim_e5_node(s, s->id), rnid = sim_e5_peer_node(s, l);
	unsigned int i, vn, w = 0;
	u64 pkt;

	if (umask)
		return false;
	/* VN0 (a quarter of each class) and VNA (three quarters) */
	for (vn = 0; vn < 2; vn++) {
		for (i = 0; i < ARRAY_SIZE(cls); i++) {
			pkt = FIELD_PREP(E5_QPI_PKT_VNW, vn ? 0x2 : 0x0) |
			      FIELD_PREP(E5_QPI_PKT_MC, 0xe) |
			      FIELD_PREP(E5_QPI_PKT_OPC, cls[i].opc) |
			      FIELD_PREP(E5_QPI_PKT_DNID, dnid) |
			      FIELD_PREP(E5_QPI_PKT_RNID4, rnid >> 4) |
			      FIELD_PREP(E5_QPI_PKT_RNID30, rnid & 0xf) |
			      FIELD_PREP(E5_QPI_PKT_RDS, cls[i].rds);
			if (!((pkt ^ match) & mask))
				w += cls[i].w * (vn ? 3 : 1);
		}
	}
	*rate = share(LINES(s->traffic.rx[l]), w, 128);
	return true;
}

/*
 * The modelled count a second of event @ev (ev_sel, 0x100 with
 * ev_sel_ext) with @umask in box @d, false if the model does not define
 * that encoding; @clk: out, the box's clock a second
 */
static bool sim_e5_modelled(struct sim_socket *s, const struct sim_e5_desc *d,
			    const struct sim_e5_box *bx, u32 ev, u32 umask,
			    u64 *rate, u64 *clk)
{
	*clk = sim_e5_uclk(s);
	switch (d->type) {
	case E5_IMC:
		*clk = sim_e5_rate_of(s->id, "imc", d->idx, E5_FIXED_EVENT);
		/* DCLOCKTICKS: the fixed counter's DRAM clock, on a general one */
		if (ev == 0x00 && !umask) {
			*rate = *clk;
			return true;
		}
		if (ev == 0x01 || ev == 0x02)
			return sim_e5_page(s, d->idx, ev, umask, rate);
		if (ev == 0x83)
			return sim_e5_cke(s, d->idx, *clk, umask, rate);
		return ev == 0x04 && sim_e5_cas(s, d->idx, umask, rate);
	case E5_HA:
		if (ev == 0x00 && !umask) {
			*rate = *clk;
			return true;
		}
		if (ev == 0x20)
			return sim_e5_ha_match(s, bx, d->idx, umask, rate);
		return sim_e5_ha(s, d->idx, ev, umask, rate);
	case E5_CBOX:
		if (ev == 0x00 && !umask) {
			*rate = *clk;
			return true;
		}
		if (ev == 0x34)
			return sim_e5_lookup(s, d->idx, bx, umask, rate);
		if (ev != 0x35 && ev != 0x36)
			return false;
		return sim_e5_tor(s, d->idx, bx, ev, umask, rate);
	case E5_QPI:
		*clk = SIM_E5_QCLK;
		if (ev == 0x14 && !umask) {
			*rate = *clk;
			return true;
		}
		if ((ev & 0xff) == 0x38)
			return sim_e5_cto(s, bx, d->idx, umask, rate);
		return (ev == 0x00 || ev == 0x01) &&
		       sim_e5_flits(s, d->idx, ev, umask, rate);
	case E5_R2PCIE:
	case E5_R3QPI:
		*rate = *clk;
		return ev == 0x01 && !umask;
	case E5_IRP:
		*rate = *clk;
		return ev == 0x00 && !umask;
	default:
		return false;
	}
}

/*
 * The cycles a second in which an event that counts @rate a second over
 * @clk cycles counts at least @t (>= 1) a cycle: the events are spread as
 * evenly as they can be, floor or ceil(rate / clk) in every cycle
 */
static u64 sim_e5_above(u64 rate, u64 clk, u64 t)
{
	u64 below = (t - 1) * clk;

	if (rate <= below)
		return 0;
	return min(rate - below, clk);
}

/*
 * The PCU's events, over its 800 MHz clock: CLOCKTICKS (0x00) every
 * cycle; FREQ_BAND0..3_CYCLES (0x0b-0x0e) the cycles in which the uncore
 * runs at or above band k of the filter (bits 8k+7:8k, in 100 MHz: 0
 * takes every cycle); POWER_STATE_OCCUPANCY (0x80) with occ_sel 1, 2 or
 * 3 the cores in C0 (from IVB-EP on: C0 and C1), C3 or C6 each cycle, of
 * the socket's cores (one a C-Box), by the scenario's residency shares.
 * Then, as every box's (sim_e5_above()), thresh (5 bits), and for the
 * occupancy event occ_invert and occ_edge, for the others inv and edge.
 * false: an encoding the model leaves out
 */
static bool sim_e5_pcu(struct sim_socket *s, const struct sim_e5_box *bx,
		       u64 ctl, u64 *rate)
{
	const struct xu_sim_traffic *t = &s->traffic;
	u32 ev = FIELD_GET(E5_CTL_EV_SEL, ctl) |
		 (ctl & E5_CTL_EV_SEL_EXT ? 0x100 : 0);
	u32 occ = FIELD_GET(E5_PCU_CTL_OCC_SEL, ctl), th, pct;
	u32 rest = FIELD_GET(E5_CTL_UMASK, ctl) & ~(E5_PCU_CTL_OCC_SEL >> 8);
	u64 band, above, n;
	bool inv, edge;

	if (rest)
		return false;
	if (ev == SIM_E5_PCU_OCC) {
		if (!occ)
			return false;
		pct = occ == 2 ? t->c3 : occ == 3 ? t->c6 : t->c0;
		if (occ == 1 && sim_e5m(s->sim)->occ_c0_c1)
			pct = 100 - t->c3 - t->c6;
		n = share(SIM_E5_PCLK * sim_e5(s)->ncbox, pct, 100);
		inv = ctl & E5_PCU_CTL_OCC_INVERT;
		edge = ctl & E5_PCU_CTL_OCC_EDGE;
	} else if (!occ && (ev == 0x00 ||
			    (ev >= E5_PCU_EV_FREQ_BAND0 &&
			     ev < E5_PCU_EV_FREQ_BAND0 + E5_PCU_NUM_BANDS))) {
		band = ev ? (bx->filter[0] &
			     E5_PCU_FILT_BAND(ev - E5_PCU_EV_FREQ_BAND0)) >>
			    (8 * (ev - E5_PCU_EV_FREQ_BAND0)) : 0;
		n = (u64)t->uclk >= 100 * band ? SIM_E5_PCLK : 0;
		inv = ctl & E5_CTL_INVERT;
		edge = ctl & E5_CTL_EDGE;
	} else {
		return false;
	}
	th = FIELD_GET(E5_CTL_THRESH5, ctl);
	if (!th && !inv && !edge) {
		*rate = n;
		return true;
	}
	above = sim_e5_above(n, SIM_E5_PCLK, max(th, 1U));
	*rate = edge ? min(above, SIM_E5_PCLK - above) :
		inv ? SIM_E5_PCLK - above : above;
	return true;
}

/*
 * With tid_en, a C-Box's modelled requests (not its clockticks) of one
 * thread: the model's tid_core bits of the filter name a core, bit 0 its
 * thread, its tid_none bit (SNB-EP, IVB-EP: bit 4) the requests of no
 * thread.  The scenario's requests come evenly from every thread of the
 * socket's cores (one a C-Box), none of no thread: @rate over their
 * number for a thread that exists, else 0.
 */
static u64 sim_e5_cbox_tid(struct sim_socket *s,
			   const struct sim_e5_box *bx, u64 rate)
{
	const struct sim_e5_model *m = sim_e5m(s->sim);
	u64 f = bx->filter[0];
	unsigned int core = (f & m->tid_core) >> __ffs64(m->tid_core);
	unsigned int cores = sim_e5(s)->ncbox, threads = sim_e5(s)->threads;

	if ((f & m->tid_none) || core >= cores || (f & 1) >= threads)
		return 0;
	return div_u64(rate, cores * threads);
}

/**
 * sim_e5_count_rate() - what counter @i of box @b counts a second now
 * @s: the socket, locked
 * @b: the box
 * @i: the counter (SIM_E5_FIXED for the fixed one)
 *
 * The modelled or background rate of its event and umask, then with a
 * threshold t (inv or edge without one: t = 1) the cycles whose count
 * reaches t, with inv those that do not, with edge the rises to t.
 */
u64 sim_e5_count_rate(struct sim_socket *s, unsigned int b, unsigned int i)
{
	const struct sim_e5_desc *d = &sim_e5m(s->sim)->boxes[b];
	const struct sim_e5_box *bx = &sim_e5(s)->box[b];
	const char *type = sim_e5_types[d->type].name;
	u64 ctl = bx->c[i].ctl, rate, clk, above;
	u32 ev, umask, t;
	bool inv, edge;

	if (i == SIM_E5_FIXED)
		return d->type == E5_UBOX ? sim_e5_uclk(s) :
		       sim_e5_rate_of(s->id, type, d->idx, E5_FIXED_EVENT);
	if (d->type == E5_PCU && sim_e5_pcu(s, bx, ctl, &rate))
		return rate;
	ev = FIELD_GET(E5_CTL_EV_SEL, ctl) | (ctl & E5_CTL_EV_SEL_EXT ? 0x100 : 0);
	umask = FIELD_GET(E5_CTL_UMASK, ctl);
	if (!sim_e5_modelled(s, d, bx, ev, umask, &rate, &clk))
		rate = sim_e5_rate_of(s->id, type, d->idx, ev) +
		       SIM_E5_UMASK_RATE * umask;
	else if (d->type == E5_CBOX && ev && ctl & E5_CTL_TID_EN)
		rate = sim_e5_cbox_tid(s, bx, rate);
	if (d->type == E5_PCU)
		return rate;	/* the background: its fields change no count */
	t = FIELD_GET(E5_CTL_THRESH8, ctl);
	inv = ctl & E5_CTL_INVERT;
	edge = ctl & E5_CTL_EDGE;
	if (!t && !inv && !edge)
		return rate;
	above = sim_e5_above(rate, clk, max(t, 1U));
	if (edge)
		return min(above, clk - above);
	return inv ? clk - above : above;
}

/*
 * The scenario a socket starts with: the uncore at (socket + 1) MHz;
 * each of the model's channels c reading 32 * (socket + c + 1) MB/s
 * (500000 * (socket + c + 1) 64-byte CAS_COUNT.RD a second) and writing
 * half that, 60% of its accesses page hits and 25% page misses, its
 * ranks powered down half the time; each of its links l
 * sending 64 * (socket + l + 1) MB/s and receiving 48 * (socket + l + 1);
 * reads 80 ns, a quarter of them remote; the cores 60% of the time in
 * C0, 10% in C3, 20% in C6
 */
void sim_e5_traffic_default(const struct sim_model *m, unsigned int socket,
			    struct xu_sim_traffic *t)
{
	unsigned int i;

	for (i = 0; i < m->channels; i++) {
		t->read[i] = 32 * (socket + i + 1);
		t->write[i] = 16 * (socket + i + 1);
		t->pagehit[i] = 60;
		t->pagemiss[i] = 25;
		t->ckeoff[i] = 50;
	}
	for (i = 0; i < m->links; i++) {
		t->tx[i] = 64 * (socket + i + 1);
		t->rx[i] = 48 * (socket + i + 1);
	}
	t->latency = 80;
	t->remote = 25;
	t->uclk = socket + 1;
	t->c0 = 60;
	t->c3 = 10;
	t->c6 = 20;
}
