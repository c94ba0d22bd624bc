// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_match: Xeon 7500 / E7 packet matching counts exactly the
 * injected packets that match, one KUnit case per row (the exact rows
 * e2e's 92-nhmex-match.sh held; tools/testing/e2e/nhmex/92-match.sh keeps
 * the rest), on each Xeon 7500 / E7 platform's simulator (xu_test_sim())
 * with its generator off, through the real perf path.
 *
 * A row opens its event (and, for the R-Box twin sets, a second one at
 * once) on every package, injects its packets (Documentation/simulator.rst,
 * "Match and mask") and expects the counts of packages 0 and 1 written
 * down from the guide (323535: R-Box MM_CFG, XBR MATCH and MASK Tables
 * 2-50..2-52, the IPERF route to TO_R_PROG_EV p. 2-85; S-Box MATCH and
 * MASK 2-34/2-35; B-Box MATCH and MASK 2-22/2-23); every other package
 * counts 0.  A row with packets for a package the machine does not have
 * is skipped.  The config is perf's: the row's terms through the sysfs
 * format strings.  92 keeps what needs perf: its parsing of one such
 * event, its scaling of multiplexed events, and its groups.
 */
#include <linux/err.h>

#include "xu_test.h"

enum match_kind { MP_NONE, MP_R, MP_S, MP_B };

/*
 * A packet: R-Box "SOCKET rpkt PORT HDR HDR_HI FLITS COUNT", S-Box
 * "SOCKET spkt BOX PKT COUNT", B-Box "SOCKET bpkt BOX EVENT PKT COUNT"
 */
struct match_pkt {
	enum match_kind kind;
	unsigned int socket;
	unsigned int unit;	/* R-Box port, S-Box or B-Box */
	unsigned int event;	/* B-Box: the simulator's event code */
	u64 hdr;		/* header bits 63:0, S-Box and B-Box packet */
	u8 hdr_hi;		/* header bits 71:64 */
	u8 flits;
	u64 n;
};

#define RPKT(_s, _port, _hdr, _hi, _flits, _n) \
	{ .kind = MP_R, .socket = _s, .unit = _port, .hdr = _hdr, \
	  .hdr_hi = _hi, .flits = _flits, .n = _n }
#define SPKT(_s, _box, _pkt, _n) \
	{ .kind = MP_S, .socket = _s, .unit = _box, .hdr = _pkt, .n = _n }
#define BPKT(_s, _box, _ev, _pkt, _n) \
	{ .kind = MP_B, .socket = _s, .unit = _box, .event = _ev, .hdr = _pkt, \
	  .n = _n }

struct match_row {
	const char *desc;
	const char *pmu;
	const char *terms;
	const char *terms2;	/* a second event at once, or NULL */
	struct match_pkt pkts[6];
	u64 want[2];		/* packages 0 and 1 */
	u64 want2[2];
};

/* R-Box XBR: mm_trig_en, match_flt_cnt=1 (one count per packet) */
#define XBR_1000	"mm_trig_en=1,match_flt_cnt=1,xbr_match=0x1000,xbr_mask=0xf000"
#define XBR_2000	"mm_trig_en=1,match_flt_cnt=1,xbr_match=0x2000,xbr_mask=0xf000"

static const struct match_row match_rows[] = {
	/*
	 * R-Box 0 port 1, XBR SET1 (event 1 * 6 + 4 = 0xa); MATCH 0x1000
	 * over MASK 0xf000: 0x1234 and 0x1fff match, 0x2234 does not, nor
	 * packets of port 2.  Package 0: 5 + 4; package 1: 9.
	 */
	{ "XBR SET1 counts the matching packets of its port", "uncore_rbox_0",
	  "event=0xa," XBR_1000, NULL,
	  { RPKT(0, 1, 0x1234, 0, 3, 5), RPKT(0, 1, 0x2234, 0, 3, 7),
	    RPKT(0, 1, 0x1fff, 0, 1, 4), RPKT(0, 2, 0x1234, 0, 3, 6),
	    RPKT(1, 1, 0x1000, 0, 2, 9), RPKT(1, 1, 0x3000, 0, 2, 8) },
	  { 9, 9 } },
	/*
	 * The guide's route (p. 2-85): the counter on port 1's IPERF0
	 * (event 6), which the driver sets to TO_R_PROG_EV (0x31)
	 */
	{ "IPERF0 as TO_R_PROG_EV counts the 5 matching packets of port 1",
	  "uncore_rbox_0", "event=0x6," XBR_1000, NULL,
	  { RPKT(0, 1, 0x1234, 0, 3, 5), RPKT(0, 1, 0x2234, 0, 3, 7),
	    RPKT(0, 0, 0x1234, 0, 3, 6) },
	  { 5, 0 } },
	/* rbox_1 event 0x11: port 4 + 17 / 6 = 6, slot 5 (SET2); bit 64 set */
	{ "match_71_64: headers with bit 64 set", "uncore_rbox_1",
	  "event=0x11,mm_trig_en=1,match_flt_cnt=1,match_71_64=1,mask_71_64=1", NULL,
	  { RPKT(0, 6, 0x0, 1, 1, 11), RPKT(0, 6, 0x0, 0, 1, 13) },
	  { 11, 0 } },
	/* ig_flt_cnt: once per flit, 10 packets of 3 */
	{ "ig_flt_cnt counts flits", "uncore_rbox_0",
	  "event=0x4,mm_trig_en=1,ig_flt_cnt=1,xbr_match=0x0,xbr_mask=0x0", NULL,
	  { RPKT(0, 0, 0x55, 0, 3, 10) },
	  { 30, 0 } },
	/* two values on one port: the second moves to SET2, both count */
	{ "twin sets: 0x1000 and 0x2000 both count, at once", "uncore_rbox_0",
	  "event=0xa," XBR_1000, "event=0xa," XBR_2000,
	  { RPKT(0, 1, 0x1234, 0, 3, 21), RPKT(0, 1, 0x2234, 0, 3, 34),
	    RPKT(0, 1, 0x3234, 0, 3, 55) },
	  { 21, 0 }, { 34, 0 } },
	/*
	 * S-Box 0 TO_R_PROG_EV, MATCH 0x2 over MASK 0x7e: 17; 0x3 differs in
	 * bit 0, which MASK ignores: + 5; 0x4 and S-Box 1's do not count
	 */
	{ "S-Box match counts its packets", "uncore_sbox_0",
	  "event=0x0,match=0x2,mask=0x7e", NULL,
	  { SPKT(0, 0, 0x2, 17), SPKT(0, 0, 0x3, 5), SPKT(0, 0, 0x4, 19),
	    SPKT(0, 1, 0x2, 23) },
	  { 22, 0 } },
	/* B-Box 1, counter 1 match event 2 (simulator code 1 * 32 + 2) */
	{ "B-Box match counts 12 on package 1", "uncore_bbox_1",
	  "counter=1,event=0x2,match=0x30,mask=0xf0", NULL,
	  { BPKT(1, 1, 0x22, 0x31, 12), BPKT(1, 1, 0x22, 0x41, 7),
	    BPKT(1, 0, 0x22, 0x31, 3) },
	  { 0, 12 } },
};

static void match_desc(const struct match_row *r, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s: %s", r->pmu, r->desc);
}

XU_TEST_ROW_PARAMS_FN(match, XU_TEST_NX, match_rows, match_desc);

/* @terms opened on every package; the events in @ev */
static void match_open(struct kunit *test, struct xu_pmu *xp, const char *terms,
		       struct perf_event **ev)
{
	unsigned int pkg, n = xp->uncore->num_pkgs;
	struct perf_event_attr attr;
	u64 cfg[3];

	KUNIT_ASSERT_EQ_MSG(test, 0, xu_test_parse3(test, xp->type, terms, cfg),
			    "%s/%s/", xp->name, terms);
	for (pkg = 0; pkg < n; pkg++) {
		xu_test_attr(&attr, xp, cfg[0]);
		attr.config1 = cfg[1];
		attr.config2 = cfg[2];
		ev[pkg] = xu_test_open(test, xp, pkg, &attr);
	}
}

static void match_inject(struct kunit *test, struct xu_sim *sim,
			 const struct match_pkt *p)
{
	struct xu_sim_rpkt rp = { .hdr = p->hdr, .hdr_hi = p->hdr_hi,
				  .flits = p->flits };
	int ret = -EINVAL;

	switch (p->kind) {
	case MP_R:
		ret = xu_sim_rbox_packet(sim, p->socket, p->unit, &rp, p->n);
		break;
	case MP_S:
		ret = xu_sim_sbox_packet(sim, p->socket, p->unit, p->hdr, p->n);
		break;
	case MP_B:
		ret = xu_sim_bbox_packet(sim, p->socket, p->unit, p->event, p->hdr,
					 p->n);
		break;
	default:
		break;
	}
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "packet %#llx on socket %u", p->hdr,
			    p->socket);
}

/* Each package's count: the row's for packages 0 and 1, 0 above; all the time */
static void match_expect(struct kunit *test, struct perf_event **ev,
			 unsigned int n, const u64 *want, const char *terms)
{
	u64 enabled, running, count;
	unsigned int pkg;

	for (pkg = 0; pkg < n; pkg++) {
		count = perf_event_read_value(ev[pkg], &enabled, &running);
		KUNIT_EXPECT_EQ_MSG(test, count, pkg < 2 ? want[pkg] : 0,
				    "%s on package %u", terms, pkg);
		KUNIT_EXPECT_EQ_MSG(test, running, enabled,
				    "%s on package %u ran part of the time", terms, pkg);
	}
}

static void match_row_counts(struct kunit *test)
{
	const struct match_row *r = xu_test_row(test);
	struct xu_sim *sim = xu_test_sim(test);
	struct xu_pmu *xp = xu_test_pmu(test, r->pmu);
	unsigned int i, n = xp->uncore->num_pkgs;
	struct perf_event **ev, **ev2 = NULL;

	for (i = 0; i < ARRAY_SIZE(r->pkts) && r->pkts[i].kind != MP_NONE; i++)
		if (r->pkts[i].socket >= n)
			kunit_skip(test, "packets on package %u: this machine has %u package(s)",
				   r->pkts[i].socket, n);
	xu_test_quiet_sim(test, sim);
	ev = kunit_kcalloc(test, n, sizeof(*ev), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ev);
	match_open(test, xp, r->terms, ev);
	if (r->terms2) {
		ev2 = kunit_kcalloc(test, n, sizeof(*ev2), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, ev2);
		match_open(test, xp, r->terms2, ev2);
	}
	for (i = 0; i < ARRAY_SIZE(r->pkts) && r->pkts[i].kind != MP_NONE; i++)
		match_inject(test, sim, &r->pkts[i]);

	match_expect(test, ev, n, r->want, r->terms);
	if (ev2)
		match_expect(test, ev2, n, r->want2, r->terms2);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 0ULL);
}

static struct kunit_case match_cases[] = {
	KUNIT_CASE_PARAM(match_row_counts, match_gen_params),
	{}
};

static struct kunit_suite match_suite = {
	.name = "xeon_uncore_match",
	.suite_exit = xu_test_suite_exit,
	.test_cases = match_cases,
};

kunit_test_suite(match_suite);
