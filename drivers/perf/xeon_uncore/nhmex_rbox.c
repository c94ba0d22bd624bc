// SPDX-License-Identifier: GPL-2.0-only
/*
 * Xeon 7500 (Nehalem-EX) and Xeon E7 (Westmere-EX): the R-Box, the
 * crossbar router, as two PMUs: uncore_rbox_0 for ports 0-3 and
 * uncore_rbox_1 for ports 4-7.
 *
 * An R-Box counter control holds no event, only ev_sel, which names a
 * port of its half and one of six sub-register selections there (Table
 * 2-44): the event selects of IPERF0 and IPERF1, the two event bytes of
 * QLX_CFG, and the two XBR match/mask sets.  The sub-registers are shared
 * by the half's eight counters; events that need the same value share
 * them, and each selection has a twin the driver moves an event to when
 * its own is taken.
 *
 * Packet matching: MM_CFG with dis 0 and mm_trig_en 1, MATCH and MASK
 * (specs/xeon7500-rbox-match-mask.txt), counted two ways:
 *  - the spec's (p. 2-85): the counter selects an IPERF register of the
 *    port, which the driver sets to 0x31 (TO_R_PROG_EV).  The guide does
 *    not say which XBR set an IPERF register follows, so the driver
 *    gives both sets of the port the event's MM_CFG, MATCH and MASK:
 *    the count is the same whichever it is;
 *  - Table 2-44's: ev_sel selects the port's XBR set itself, 4 for SET1
 *    and 5 for SET2 (plus 6 per port).
 * An IPERF selection with mm_trig_en=1 is the first kind; its config1 is
 * then MATCH, not iperf_cfg.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>

#include <xeon_uncore/nhmex.h>

#include "nhmex_boxes.h"

/* A port's sub-registers, NHMEX_R_SLOTS of them from slot port * 9 */
enum {
	R_IPERF0,
	R_IPERF1,
	R_QLX,
	R_X1_MM_CFG,
	R_X1_MATCH,
	R_X1_MASK,
	R_X2_MM_CFG,
	R_X2_MATCH,
	R_X2_MASK,
	NHMEX_R_SLOTS,
};

/*
 * MM_CFG comes from attr.config bits 63:32 (.cfg 0, .shift 32), MATCH
 * from config1 and MASK from config2.  Box 1's copies are @stride on.
 */
#define R_IPERF(r)	{ .reg = (r), .cfg = 1, .mask = NHMEX_R_IPERF_VALID, \
			  .stride = NHMEX_R_IPERF_STRIDE }
#define R_QLX(r)	{ .reg = (r), .cfg = 1,				\
			  .mask = NHMEX_R_QLX_EV(0) | NHMEX_R_QLX_EV(1),	\
			  .stride = NHMEX_R_QLX_STRIDE }
#define R_MM_CFG(r)	{ .reg = (r), .shift = NHMEX_R_CFG_MM_SHIFT,	\
			  .mask = NHMEX_R_MM_CFG_DIS | NHMEX_R_MM_CFG_VALID, \
			  .stride = NHMEX_R_XBR_STRIDE }
#define R_MATCH(r)	{ .reg = (r), .cfg = 1, .mask = NHMEX_R_MM_VALID, \
			  .stride = NHMEX_R_XBR_STRIDE }
#define R_MASK(r)	{ .reg = (r), .cfg = 2, .mask = NHMEX_R_MM_VALID, \
			  .stride = NHMEX_R_XBR_STRIDE }

/* Port by port, each in the order of the enum above */
static const struct xu_extra_reg nhmex_rbox_extra[] = {
	R_IPERF(NHMEX_R_IPERF0(0, 0)),
	R_IPERF(NHMEX_R_IPERF1(0, 0)),
	R_QLX(NHMEX_R_QLX_CFG(0, 0)),
	R_MM_CFG(NHMEX_R_XBR_MM_CFG(0, 0, 0)),
	R_MATCH(NHMEX_R_XBR_MATCH(0, 0, 0)),
	R_MASK(NHMEX_R_XBR_MASK(0, 0, 0)),
	R_MM_CFG(NHMEX_R_XBR_MM_CFG(0, 0, 1)),
	R_MATCH(NHMEX_R_XBR_MATCH(0, 0, 1)),
	R_MASK(NHMEX_R_XBR_MASK(0, 0, 1)),
	R_IPERF(NHMEX_R_IPERF0(0, 1)),
	R_IPERF(NHMEX_R_IPERF1(0, 1)),
	R_QLX(NHMEX_R_QLX_CFG(0, 1)),
	R_MM_CFG(NHMEX_R_XBR_MM_CFG(0, 1, 0)),
	R_MATCH(NHMEX_R_XBR_MATCH(0, 1, 0)),
	R_MASK(NHMEX_R_XBR_MASK(0, 1, 0)),
	R_MM_CFG(NHMEX_R_XBR_MM_CFG(0, 1, 1)),
	R_MATCH(NHMEX_R_XBR_MATCH(0, 1, 1)),
	R_MASK(NHMEX_R_XBR_MASK(0, 1, 1)),
	R_IPERF(NHMEX_R_IPERF0(0, 2)),
	R_IPERF(NHMEX_R_IPERF1(0, 2)),
	R_QLX(NHMEX_R_QLX_CFG(0, 2)),
	R_MM_CFG(NHMEX_R_XBR_MM_CFG(0, 2, 0)),
	R_MATCH(NHMEX_R_XBR_MATCH(0, 2, 0)),
	R_MASK(NHMEX_R_XBR_MASK(0, 2, 0)),
	R_MM_CFG(NHMEX_R_XBR_MM_CFG(0, 2, 1)),
	R_MATCH(NHMEX_R_XBR_MATCH(0, 2, 1)),
	R_MASK(NHMEX_R_XBR_MASK(0, 2, 1)),
	R_IPERF(NHMEX_R_IPERF0(0, 3)),
	R_IPERF(NHMEX_R_IPERF1(0, 3)),
	R_QLX(NHMEX_R_QLX_CFG(0, 3)),
	R_MM_CFG(NHMEX_R_XBR_MM_CFG(0, 3, 0)),
	R_MATCH(NHMEX_R_XBR_MATCH(0, 3, 0)),
	R_MASK(NHMEX_R_XBR_MASK(0, 3, 0)),
	R_MM_CFG(NHMEX_R_XBR_MM_CFG(0, 3, 1)),
	R_MATCH(NHMEX_R_XBR_MATCH(0, 3, 1)),
	R_MASK(NHMEX_R_XBR_MASK(0, 3, 1)),
};

static_assert(ARRAY_SIZE(nhmex_rbox_extra) == NHMEX_R_PORTS * NHMEX_R_SLOTS);
static_assert(ARRAY_SIZE(nhmex_rbox_extra) <= XU_MAX_EXTRA);

static unsigned int nhmex_rbox_ev(u64 cfg)
{
	return FIELD_GET(NHMEX_R_CTL_EV_SEL, cfg);
}

/* An IPERF selection that counts the XBR matches (TO_R_PROG_EV) */
static bool nhmex_rbox_iperf_match(u64 cfg)
{
	return (cfg >> NHMEX_R_CFG_MM_SHIFT) & NHMEX_R_MM_CFG_TRIG_EN;
}

/* MATCH, MASK, then MM_CFG (armed last) of XBR set @set of the port */
static int nhmex_rbox_claim_set(struct perf_event *event, struct xu_claims *cl,
				unsigned int base, unsigned int set)
{
	int ret;

	base += set ? R_X2_MM_CFG : R_X1_MM_CFG;
	ret = xu_claim_add(cl, base + 1, NHMEX_R_MM_VALID,
			   event->attr.config1);
	if (!ret)
		ret = xu_claim_add(cl, base + 2, NHMEX_R_MM_VALID,
				   event->attr.config2);
	if (!ret)
		ret = xu_claim_add(cl, base,
				   NHMEX_R_MM_CFG_DIS | NHMEX_R_MM_CFG_VALID,
				   event->attr.config >> NHMEX_R_CFG_MM_SHIFT);
	return ret;
}

/*
 * Placement @alt of @event: 0 as asked, 1 the twin selection of the same
 * port (IPERF0/IPERF1, QLX byte 0/1, XBR SET1/SET2).
 */
static int nhmex_rbox_claims(struct perf_event *event, unsigned int alt,
			     struct xu_claims *cl)
{
	u64 cfg = event->attr.config, c1 = event->attr.config1;
	unsigned int ev = nhmex_rbox_ev(cfg), port, sub, base, set;
	u64 qlx;
	int ret;

	if (alt > 1)
		return -ENOENT;
	port = ev / NHMEX_R_EV_PER_PORT;
	sub = ev % NHMEX_R_EV_PER_PORT;
	if (alt)
		sub ^= 1;
	base = port * NHMEX_R_SLOTS;
	cl->n = 0;
	cl->ctl &= ~(NHMEX_R_CTL_EV_SEL | GENMASK_ULL(63, 32));

	switch (sub) {
	case NHMEX_R_SUB_IPERF0:
	case NHMEX_R_SUB_IPERF1:
		cl->ctl |= FIELD_PREP(NHMEX_R_CTL_EV_SEL,
				      port * NHMEX_R_EV_PER_PORT + sub);
		if (!nhmex_rbox_iperf_match(cfg))
			return xu_claim_add(cl, base + R_IPERF0 + sub,
					    NHMEX_R_IPERF_VALID, c1);
		/* TO_R_PROG_EV, and both sets alike */
		ret = nhmex_rbox_claim_set(event, cl, base, 0);
		if (!ret)
			ret = nhmex_rbox_claim_set(event, cl, base, 1);
		if (!ret)
			ret = xu_claim_add(cl, base + R_IPERF0 + sub,
					   NHMEX_R_IPERF_VALID,
					   NHMEX_R_IPERF_TO_R_PROG_EV);
		return ret;
	case NHMEX_R_SUB_QLX0:
	case NHMEX_R_SUB_QLX1:
		/* the event byte moves with its twin */
		qlx = c1 & (NHMEX_R_QLX_EV(0) | NHMEX_R_QLX_EV(1));
		qlx = (qlx | qlx >> 8) & NHMEX_R_QLX_EV(0);
		cl->ctl |= FIELD_PREP(NHMEX_R_CTL_EV_SEL,
				      port * NHMEX_R_EV_PER_PORT + sub);
		return xu_claim_add(cl, base + R_QLX,
				    NHMEX_R_QLX_EV(sub - NHMEX_R_SUB_QLX0),
				    qlx << (8 * (sub - NHMEX_R_SUB_QLX0)));
	default:
		set = sub - NHMEX_R_SUB_XBR1;
		cl->ctl |= FIELD_PREP(NHMEX_R_CTL_EV_SEL,
				      port * NHMEX_R_EV_PER_PORT + sub);
		return nhmex_rbox_claim_set(event, cl, base, set);
	}
}

/* The MATCH, MASK and MM_CFG a match/mask event gives */
static int nhmex_rbox_validate_match(struct perf_event *event, u64 mm)
{
	if (event->attr.config1 & ~NHMEX_R_MM_VALID)
		return nhmex_refuse(event,
				    "xbr_match sets bits MATCH reserves (63:52, 47:36, 30:18)");
	if (event->attr.config2 & ~NHMEX_R_MM_VALID)
		return nhmex_refuse(event,
				    "xbr_mask sets bits MASK reserves (63:52, 47:36, 30:18)");
	if (!(mm & NHMEX_R_MM_CFG_TRIG_EN))
		return nhmex_refuse(event, "a match/mask event needs mm_trig_en=1");
	if ((mm & NHMEX_R_MM_CFG_IG_FLT_CNT) &&
	    FIELD_GET(NHMEX_R_MM_CFG_MATCH_FLT_CNT, mm))
		return nhmex_refuse(event,
				    "ig_flt_cnt=1 ignores match_flt_cnt: give one of them");
	return 0;
}

static int nhmex_rbox_validate(struct perf_event *event)
{
	u64 cfg = event->attr.config, c1 = event->attr.config1;
	u64 c2 = event->attr.config2, mm = cfg >> NHMEX_R_CFG_MM_SHIFT;
	unsigned int ev = nhmex_rbox_ev(cfg);
	unsigned int sub = ev % NHMEX_R_EV_PER_PORT;

	if (ev > NHMEX_R_EV_MAX)
		return nhmex_refuse(event, "event is 0-0x17: port * 6 + selection");

	switch (sub) {
	case NHMEX_R_SUB_IPERF0:
	case NHMEX_R_SUB_IPERF1:
		/* mm_trig_en: TO_R_PROG_EV, config1 and config2 match/mask */
		if (nhmex_rbox_iperf_match(cfg))
			return nhmex_rbox_validate_match(event, mm);
		if (c1 & ~NHMEX_R_IPERF_VALID)
			return nhmex_refuse(event,
					    "an IPERF event takes iperf_cfg (config1 bits 31:0) only");
		if (c1 == NHMEX_R_IPERF_TO_R_PROG_EV)
			return nhmex_refuse(event,
					    "iperf_cfg=0x31 (TO_R_PROG_EV) counts XBR matches: give mm_trig_en=1 and xbr_match/xbr_mask instead, the driver writes 0x31");
		break;
	case NHMEX_R_SUB_QLX0:
	case NHMEX_R_SUB_QLX1:
		if (c1 & ~NHMEX_R_QLX_EV(sub - NHMEX_R_SUB_QLX0))
			return nhmex_refuse(event,
					    "a QLX event takes its own byte of qlx_cfg: bits 7:0 for selection 2, 15:8 for 3");
		break;
	default:
		return nhmex_rbox_validate_match(event, mm);
	}
	if (mm || c2)
		return nhmex_refuse(event,
				    "the MM_CFG fields and xbr_mask belong to the match/mask events: event=4 or 5 (+6 per port), or an IPERF selection with mm_trig_en=1");
	return 0;
}

/* The left half reports through S-Box 0, the right through S-Box 1 */
static const u64 nhmex_rbox_summary[] = { NHMEX_U_GSTS_OV_S0, NHMEX_U_GSTS_OV_S1 };
static const u64 nhmex_rbox_sub[] = { NHMEX_S_SUM_OV_R, NHMEX_S_SUM_OV_R };

static const struct xu_box_ops nhmex_rbox_ops = {
	.init_box	= nhmex_box_init,
	.exit_box	= nhmex_box_exit,
	.freeze		= nhmex_box_freeze,
	.unfreeze	= nhmex_box_unfreeze,
	.validate	= nhmex_rbox_validate,
	.claims		= nhmex_rbox_claims,
};

static struct attribute *nhmex_rbox_formats[] = {
	XU_FORMAT(event, 0, NHMEX_R_CTL_EV_SEL, NHMEX_R_EV_MAX),
	XU_FORMAT(iperf_cfg, 1, NHMEX_R_IPERF_VALID, 0),
	XU_FORMAT(qlx_cfg, 1, NHMEX_R_QLX_EV(0) | NHMEX_R_QLX_EV(1), 0),
	XU_FORMAT(mask_71_64, 0, NHMEX_R_MM_CFG_MASK_71_64 << NHMEX_R_CFG_MM_SHIFT, 0),
	XU_FORMAT(match_71_64, 0, NHMEX_R_MM_CFG_MATCH_71_64 << NHMEX_R_CFG_MM_SHIFT, 0),
	XU_FORMAT(match_flt_cnt, 0,
		  NHMEX_R_MM_CFG_MATCH_FLT_CNT << NHMEX_R_CFG_MM_SHIFT, 0),
	XU_FORMAT(ig_flt_cnt, 0, NHMEX_R_MM_CFG_IG_FLT_CNT << NHMEX_R_CFG_MM_SHIFT, 0),
	XU_FORMAT(mm_trig_en, 0, NHMEX_R_MM_CFG_TRIG_EN << NHMEX_R_CFG_MM_SHIFT, 0),
	XU_FORMAT(xbr_mm_cfg, 0, NHMEX_R_CFG_MM, 0),
	XU_FORMAT(xbr_match, 1, NHMEX_R_MM_VALID, 0),
	XU_FORMAT(match_rds, 1, NHMEX_R_MM_RDS, 0),
	XU_FORMAT(match_rnid, 1, NHMEX_R_MM_RNID, 0),
	XU_FORMAT(match_dnid, 1, NHMEX_R_MM_DNID, 0),
	XU_FORMAT(xbr_mask, 2, NHMEX_R_MM_VALID, 0),
	XU_FORMAT(mask_rds, 2, NHMEX_R_MM_RDS, 0),
	XU_FORMAT(mask_rnid, 2, NHMEX_R_MM_RNID, 0),
	XU_FORMAT(mask_dnid, 2, NHMEX_R_MM_DNID, 0),
	NULL
};

/* Ports 0 and 1 of the half (4 and 5 on uncore_rbox_1), through IPERF0 */
static struct attribute *nhmex_rbox_events[] = {
	XU_EVENT(qpi0_flit_send, "event=0x0,iperf_cfg=0x80000000"),
	XU_EVENT(qpi1_flit_send, "event=0x6,iperf_cfg=0x80000000"),
	XU_EVENT(qpi0_idle_flit, "event=0x0,iperf_cfg=0x40000000"),
	XU_EVENT(qpi1_idle_flit, "event=0x6,iperf_cfg=0x40000000"),
	XU_EVENT(qpi0_data_response, "event=0x0,iperf_cfg=0xc4"),
	XU_EVENT(qpi1_data_response, "event=0x6,iperf_cfg=0xc4"),
	NULL
};

const struct xu_box_type nhmex_rbox = {
	.name		= "rbox",
	.num_boxes	= NHMEX_R_NUM_BOXES,
	.num_counters	= NHMEX_R_NUM_COUNTERS,
	.width		= NHMEX_CTR_WIDTH,
	.box_stride	= NHMEX_R_BOX_STRIDE,
	.box_ctl	= NHMEX_R_GLOBAL_CTL(0),
	.ctl0		= NHMEX_R_CTL(0, 0),
	.ctr0		= NHMEX_R_CTR(0, 0),
	.ctl_stride	= 2,
	.ctr_stride	= 2,
	.ctl_en		= NHMEX_R_CTL_EN,
	.ctl_pmi	= NHMEX_R_CTL_PMI_EN,
	.cfg_sw		= GENMASK_ULL(63, 32),
	.status0	= NHMEX_BOX_STATUS(NHMEX_R_GLOBAL_CTL(0)),
	.ovf0		= NHMEX_BOX_OVF_CTL(NHMEX_R_GLOBAL_CTL(0)),
	.ov_summary	= nhmex_rbox_summary,
	.ov_sub_reg	= nhmex_s_summary_regs,
	.ov_sub		= nhmex_rbox_sub,
	.extra		= nhmex_rbox_extra,
	.num_extra	= ARRAY_SIZE(nhmex_rbox_extra),
	.formats	= nhmex_rbox_formats,
	.events		= nhmex_rbox_events,
	.ops		= &nhmex_rbox_ops,
};
