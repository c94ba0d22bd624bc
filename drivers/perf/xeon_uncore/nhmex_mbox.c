// SPDX-License-Identifier: GPL-2.0-only
/*
 * Xeon 7500 (Nehalem-EX) and Xeon E7 (Westmere-EX): the M-Boxes, the
 * memory controllers, and their sub-registers.
 *
 * M_MSR_PMU_CNT_CTL selects an event with inc_sel and, with flag_mode,
 * gates it with the flag set_flag_sel names.  Many of those events are
 * refined by a sub-register of the box (Table 2-84): DSP, ISS, MAP,
 * MSC_THR, PGT, PLD, ZDP_CTL_FVC and the address match (MM_CFG,
 * ADDR_MATCH, ADDR_MASK).  An event names the sub-registers it needs
 * through config1 and config2; the core shares them between the box's
 * events (struct xu_claim).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>

#include <xeon_uncore/nhmex.h>

#include "nhmex_boxes.h"

/* The sub-registers, in the order of nhmex_mbox_extra[] */
enum {
	M_DSP,
	M_ISS,
	M_MAP,
	M_THR,
	M_PGT,
	M_PLD,
	M_FVC,
	M_ADDR_MATCH,
	M_ADDR_MASK,
	M_MM_CFG,
	M_SLOTS,
	M_NONE = -1,
};

/*
 * Each sub-register's place in perf_event_attr is the event's business
 * (see nhmex_mbox_plan()); .cfg and .shift name the usual one.
 */
static const struct xu_extra_reg nhmex_mbox_extra[M_SLOTS] = {
	[M_DSP]	 = { .reg = NHMEX_M_DSP(0), .cfg = 1, .mask = NHMEX_M_SUB_VALID },
	[M_ISS]	 = { .reg = NHMEX_M_ISS(0), .cfg = 1, .mask = NHMEX_M_SUB_VALID },
	[M_MAP]	 = { .reg = NHMEX_M_MAP(0), .cfg = 1, .mask = NHMEX_M_SUB_VALID },
	[M_THR]	 = { .reg = NHMEX_M_MSC_THR(0), .cfg = 1,
		     .mask = NHMEX_M_SUB_VALID },
	[M_PGT]	 = { .reg = NHMEX_M_PGT(0), .cfg = 1, .mask = NHMEX_M_SUB_VALID },
	[M_PLD]	 = { .reg = NHMEX_M_PLD(0), .cfg = 1, .shift = 32,
		     .mask = NHMEX_M_SUB_VALID },
	[M_FVC]	 = { .reg = NHMEX_M_ZDP_CTL_FVC(0), .cfg = 1,
		     .mask = NHMEX_M_SUB_VALID },
	[M_ADDR_MATCH] = { .reg = NHMEX_M_ADDR_MATCH(0), .cfg = 2,
			   .mask = NHMEX_M_ADDR_MATCH_VALID,
			   .stride = NHMEX_M_MM_STRIDE },
	[M_ADDR_MASK] = { .reg = NHMEX_M_ADDR_MASK(0), .cfg = 2, .shift = 34,
			  .mask = NHMEX_M_ADDR_MASK_VALID,
			  .stride = NHMEX_M_MM_STRIDE },
	[M_MM_CFG] = { .reg = NHMEX_M_MM_CFG(0), .cfg = 2,
		       .mask = NHMEX_M_MM_CFG_EN, .stride = NHMEX_M_MM_STRIDE },
};

/* Where ZDP_CTL_FVC keeps its fields on one generation */
struct nhmex_fvc_layout {
	u64 shared;
	unsigned int ev0;	/* bit 0 of event field 0 */
};

static const struct nhmex_fvc_layout nhmex_fvc = {
	.shared = NHMEX_M_FVC_SHARED, .ev0 = 11,
};

static const struct nhmex_fvc_layout wsmex_fvc = {
	.shared = WSMEX_M_FVC_SHARED, .ev0 = 12,
};

static u64 nhmex_fvc_field(const struct nhmex_fvc_layout *l, unsigned int n)
{
	return GENMASK_ULL(2, 0) << (l->ev0 + 3 * n);
}

/* Table 2-84: the sub-register an inc_sel value counts through */
static int nhmex_mbox_inc_reg(unsigned int inc)
{
	switch (inc) {
	case 0x00:
		return M_DSP;
	case 0x04:
	case 0x05:
		return M_THR;
	case 0x09:
	case 0x0a:		/* and PLD */
		return M_ISS;
	case 0x0d ... 0x10:
		return M_FVC;
	case 0x16:
		return M_PGT;
	default:
		return M_NONE;
	}
}

/* ... and the one whose flag a set_flag_sel value sets */
static int nhmex_mbox_flag_reg(unsigned int flag)
{
	switch (flag) {
	case 0:
		return M_DSP;
	case 1:
		return M_ISS;
	case 5:
		return M_PGT;
	case 6:
		return M_MAP;
	default:
		return M_NONE;
	}
}

/* The partial-line-detect events, whose addresses the address match filters */
static bool nhmex_mbox_pld(unsigned int inc)
{
	return inc == 0x0a || inc == 0x0b;
}

/*
 * Which sub-register config1's halves program: lo is config1 bits 31:0,
 * hi bits 63:32.  PLD always takes hi; the inc_sel's other sub-register
 * takes lo, the flag's (if another) the first half left free.
 */
struct nhmex_mbox_plan {
	int lo;
	int hi;
	bool pld;
};

static int nhmex_mbox_plan(u64 cfg, struct nhmex_mbox_plan *p)
{
	unsigned int inc = FIELD_GET(NHMEX_M_CTL_INC_SEL, cfg);
	int r1 = nhmex_mbox_inc_reg(inc), r2 = M_NONE;

	if (cfg & NHMEX_M_CTL_FLAG_MODE)
		r2 = nhmex_mbox_flag_reg(FIELD_GET(NHMEX_M_CTL_SET_FLAG_SEL, cfg));
	p->pld = nhmex_mbox_pld(inc);
	p->lo = r1;
	p->hi = p->pld ? M_PLD : M_NONE;
	if (r2 == M_NONE || r2 == r1)
		return 0;
	if (p->lo == M_NONE)
		p->lo = r2;
	else if (p->hi == M_NONE)
		p->hi = r2;
	else
		return -E2BIG;
	return 0;
}

static int __nhmex_mbox_claims(const struct nhmex_fvc_layout *l,
			       struct perf_event *event, unsigned int alt,
			       struct xu_claims *cl)
{
	u64 cfg = event->attr.config, c1 = event->attr.config1;
	u64 c2 = event->attr.config2, half[2], mask[2];
	unsigned int inc = FIELD_GET(NHMEX_M_CTL_INC_SEL, cfg), i;
	int slot[2], ret;
	struct nhmex_mbox_plan p;

	ret = nhmex_mbox_plan(cfg, &p);
	if (ret)
		return ret;
	slot[0] = p.lo;
	slot[1] = p.hi;
	half[0] = lower_32_bits(c1);
	half[1] = upper_32_bits(c1);
	mask[0] = NHMEX_M_SUB_VALID;
	mask[1] = NHMEX_M_SUB_VALID;

	cl->n = 0;
	if (alt) {
		unsigned int n = inc - NHMEX_M_INC_FVC0, to;
		u64 ev;

		/* inc_sel 0xd-0x10 count alike through four fields */
		if (p.lo != M_FVC || alt >= NHMEX_M_FVC_EVENTS)
			return -ENOENT;
		to = (n + alt) % NHMEX_M_FVC_EVENTS;
		ev = (half[0] & nhmex_fvc_field(l, n)) >> (l->ev0 + 3 * n);
		half[0] = (half[0] & l->shared) | ev << (l->ev0 + 3 * to);
		cl->ctl = (cl->ctl & ~NHMEX_M_CTL_INC_SEL) |
			  FIELD_PREP(NHMEX_M_CTL_INC_SEL, NHMEX_M_INC_FVC0 + to);
		inc = NHMEX_M_INC_FVC0 + to;
	}
	if (p.lo == M_FVC)
		mask[0] = l->shared |
			  nhmex_fvc_field(l, inc - NHMEX_M_INC_FVC0);

	for (i = 0; i < 2; i++) {
		if (slot[i] == M_NONE)
			continue;
		ret = xu_claim_add(cl, slot[i], mask[i], half[i]);
		if (ret)
			return ret;
	}
	if (!p.pld)
		return 0;
	/* the address match: MM_CFG last, its enable after the values */
	if (c2 & NHMEX_M_CFG2_EN) {
		ret = xu_claim_add(cl, M_ADDR_MATCH, NHMEX_M_ADDR_MATCH_VALID,
				   FIELD_GET(NHMEX_M_CFG2_MATCH, c2));
		if (!ret)
			ret = xu_claim_add(cl, M_ADDR_MASK,
					   NHMEX_M_ADDR_MASK_VALID,
					   FIELD_GET(NHMEX_M_CFG2_MASK, c2));
		if (ret)
			return ret;
	}
	return xu_claim_add(cl, M_MM_CFG, NHMEX_M_MM_CFG_EN, c2);
}

static int nhmex_mbox_claims(struct perf_event *event, unsigned int alt,
			     struct xu_claims *cl)
{
	return __nhmex_mbox_claims(&nhmex_fvc, event, alt, cl);
}

static int wsmex_mbox_claims(struct perf_event *event, unsigned int alt,
			     struct xu_claims *cl)
{
	return __nhmex_mbox_claims(&wsmex_fvc, event, alt, cl);
}

static int __nhmex_mbox_validate(const struct nhmex_fvc_layout *l,
				 struct perf_event *event)
{
	u64 cfg = event->attr.config, c1 = event->attr.config1;
	u64 c2 = event->attr.config2;
	unsigned int inc = FIELD_GET(NHMEX_M_CTL_INC_SEL, cfg);
	struct nhmex_mbox_plan p;
	struct xu_claims cl = { .ctl = cfg };

	/* Table 2-67: set_flag_sel only acts with flag_mode set ... */
	if (FIELD_GET(NHMEX_M_CTL_SET_FLAG_SEL, cfg) &&
	    !(cfg & NHMEX_M_CTL_FLAG_MODE))
		return nhmex_refuse(event, "set_flag_sel needs flag_mode=1");
	/* ... and storage_mode=1 counts only once that flag is set */
	if (FIELD_GET(NHMEX_M_CTL_STORAGE_MODE, cfg) &&
	    !(cfg & NHMEX_M_CTL_FLAG_MODE))
		return nhmex_refuse(event, "storage_mode=1 needs flag_mode=1");
	/* A counter counting down from 0 would stop at its first event */
	if (FIELD_GET(NHMEX_M_CTL_COUNT_MODE, cfg) != NHMEX_M_COUNT_UP &&
	    !(cfg & NHMEX_M_CTL_WRAP_MODE))
		return nhmex_refuse(event, "count_mode=1 or 2 needs wrap_mode=1");

	if (nhmex_mbox_plan(cfg, &p))
		return nhmex_refuse(event,
				    "inc_sel and set_flag_sel name three sub-registers; config1 holds two");
	if (p.lo == M_NONE && lower_32_bits(c1))
		return nhmex_refuse(event,
				    "config1 bits 31:0 program no sub-register of this event");
	if (p.hi == M_NONE && upper_32_bits(c1))
		return nhmex_refuse(event,
				    "config1 bits 63:32 program no sub-register of this event");
	if (p.lo == M_FVC &&
	    (lower_32_bits(c1) & ~(l->shared |
				   nhmex_fvc_field(l, inc - NHMEX_M_INC_FVC0))))
		return nhmex_refuse(event,
				    "fvc sets an event field of another inc_sel (0xd-0x10: fields 0-3) or a bit ZDP_CTL_FVC does not have");
	if (!p.pld && c2)
		return nhmex_refuse(event,
				    "the address match (config2) filters only the PLD events, inc_sel=0xa and 0xb");
	if (c2 && !(c2 & NHMEX_M_CFG2_EN))
		return nhmex_refuse(event, "addr_match and addr_mask need addr_en=1");
	if (__nhmex_mbox_claims(l, event, 0, &cl))
		return nhmex_refuse(event,
				    "needs more shared sub-registers at once than the driver can hold");

	/* A sample period is a number of increments */
	if (is_sampling_event(event) &&
	    FIELD_GET(NHMEX_M_CTL_COUNT_MODE, cfg) != NHMEX_M_COUNT_UP) {
		pr_info_ratelimited("%s: sampling needs count_mode=0\n",
				    event->pmu->name);
		return -EOPNOTSUPP;
	}
	return 0;
}

static int nhmex_mbox_validate(struct perf_event *event)
{
	return __nhmex_mbox_validate(&nhmex_fvc, event);
}

static int wsmex_mbox_validate(struct perf_event *event)
{
	return __nhmex_mbox_validate(&wsmex_fvc, event);
}

/* Events counted between two raw values, in the event's count mode */
static s64 nhmex_mbox_delta(struct perf_event *event, u64 prev, u64 now,
			    bool wrapped)
{
	u64 turn = BIT_ULL(NHMEX_CTR_WIDTH), mask = turn - 1;
	u64 cfg = event->hw.config;

	/* wrap_mode=0: the hardware stops a counting event at its limit */
	if (!(cfg & NHMEX_M_CTL_WRAP_MODE) && now == mask && prev != now &&
	    !is_sampling_event(event))
		pr_info_ratelimited("%s: counter %d reached 2^48 - 1 and stopped, as wrap_mode=0 asks; wrap_mode=1 counts on\n",
				    event->pmu->name, event->hw.idx);

	/* with wrap_mode=0 the overflow stopped the counter: no turn */
	wrapped &= !!(cfg & NHMEX_M_CTL_WRAP_MODE);

	switch (FIELD_GET(NHMEX_M_CTL_COUNT_MODE, cfg)) {
	case NHMEX_M_COUNT_DOWN:
		return ((prev - now) & mask) + (wrapped && now < prev ? turn : 0);
	case NHMEX_M_COUNT_BOTH:
		/* net change: a turn either way is beyond telling */
		return sign_extend64((now - prev) & mask, NHMEX_CTR_WIDTH - 1);
	default:
		return ((now - prev) & mask) + (wrapped && now > prev ? turn : 0);
	}
}

/*
 * count_mode 1 or 2: a counter that moves around zero would raise a PMI
 * (and freeze the package) at each crossing, never throttled as it is no
 * sampling event; such counting events are polled instead
 */
static bool nhmex_mbox_count_polled(struct perf_event *event)
{
	return FIELD_GET(NHMEX_M_CTL_COUNT_MODE, event->attr.config) !=
	       NHMEX_M_COUNT_UP;
}

/* M-Box i reports through S-Box i's summary, bit ov_mb */
static const u64 nhmex_mbox_summary[] = { NHMEX_U_GSTS_OV_S0, NHMEX_U_GSTS_OV_S1 };
static const u64 nhmex_mbox_sub[] = { NHMEX_S_SUM_OV_MB, NHMEX_S_SUM_OV_MB };

static const struct xu_box_ops nhmex_mbox_ops = {
	.init_box	= nhmex_box_init,
	.exit_box	= nhmex_box_exit,
	.freeze		= nhmex_box_freeze,
	.unfreeze	= nhmex_box_unfreeze,
	.validate	= nhmex_mbox_validate,
	.delta		= nhmex_mbox_delta,
	.count_polled	= nhmex_mbox_count_polled,
	.claims		= nhmex_mbox_claims,
};

static const struct xu_box_ops wsmex_mbox_ops = {
	.init_box	= nhmex_box_init,
	.exit_box	= nhmex_box_exit,
	.freeze		= nhmex_box_freeze,
	.unfreeze	= nhmex_box_unfreeze,
	.validate	= wsmex_mbox_validate,
	.delta		= nhmex_mbox_delta,
	.count_polled	= nhmex_mbox_count_polled,
	.claims		= wsmex_mbox_claims,
};

/*
 * Every control field a user may set, and the sub-registers; ZDP_CTL_FVC's
 * event fields sit one bit higher on Westmere-EX
 */
static struct attribute *nhmex_mbox_formats[] = {
	XU_FORMAT(count_mode, 0, NHMEX_M_CTL_COUNT_MODE, NHMEX_M_COUNT_BOTH),
	XU_FORMAT(storage_mode, 0, NHMEX_M_CTL_STORAGE_MODE, 1),
	XU_FORMAT(wrap_mode, 0, NHMEX_M_CTL_WRAP_MODE, 0),
	XU_FORMAT(flag_mode, 0, NHMEX_M_CTL_FLAG_MODE, 0),
	XU_FORMAT(inc_sel, 0, NHMEX_M_CTL_INC_SEL, 0),
	XU_FORMAT(set_flag_sel, 0, NHMEX_M_CTL_SET_FLAG_SEL, 0),
	XU_FORMAT(dsp, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(iss, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(map, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(thr, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(pgt, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(fvc, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(sub2, 1, NHMEX_M_SUB_VALID << 32, 0),
	XU_FORMAT(pld, 1, NHMEX_M_SUB_VALID << 32, 0),
	XU_FORMAT(addr_match, 2, NHMEX_M_CFG2_MATCH, 0),
	XU_FORMAT(addr_mask, 2, NHMEX_M_CFG2_MASK, 0),
	XU_FORMAT(addr_en, 2, NHMEX_M_CFG2_EN, 0),
	XU_FORMAT(fvc_ev0, 1, NHMEX_M_FVC_EV(0), 0),
	XU_FORMAT(fvc_ev1, 1, NHMEX_M_FVC_EV(1), 0),
	XU_FORMAT(fvc_ev2, 1, NHMEX_M_FVC_EV(2), 0),
	XU_FORMAT(fvc_ev3, 1, NHMEX_M_FVC_EV(3), 0),
	NULL
};

static struct attribute *wsmex_mbox_formats[] = {
	XU_FORMAT(count_mode, 0, NHMEX_M_CTL_COUNT_MODE, NHMEX_M_COUNT_BOTH),
	XU_FORMAT(storage_mode, 0, NHMEX_M_CTL_STORAGE_MODE, 1),
	XU_FORMAT(wrap_mode, 0, NHMEX_M_CTL_WRAP_MODE, 0),
	XU_FORMAT(flag_mode, 0, NHMEX_M_CTL_FLAG_MODE, 0),
	XU_FORMAT(inc_sel, 0, NHMEX_M_CTL_INC_SEL, 0),
	XU_FORMAT(set_flag_sel, 0, NHMEX_M_CTL_SET_FLAG_SEL, 0),
	XU_FORMAT(dsp, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(iss, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(map, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(thr, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(pgt, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(fvc, 1, NHMEX_M_SUB_VALID, 0),
	XU_FORMAT(sub2, 1, NHMEX_M_SUB_VALID << 32, 0),
	XU_FORMAT(pld, 1, NHMEX_M_SUB_VALID << 32, 0),
	XU_FORMAT(addr_match, 2, NHMEX_M_CFG2_MATCH, 0),
	XU_FORMAT(addr_mask, 2, NHMEX_M_CFG2_MASK, 0),
	XU_FORMAT(addr_en, 2, NHMEX_M_CFG2_EN, 0),
	XU_FORMAT(fvc_ev0, 1, WSMEX_M_FVC_EV(0), 0),
	XU_FORMAT(fvc_ev1, 1, WSMEX_M_FVC_EV(1), 0),
	XU_FORMAT(fvc_ev2, 1, WSMEX_M_FVC_EV(2), 0),
	XU_FORMAT(fvc_ev3, 1, WSMEX_M_FVC_EV(3), 0),
	NULL
};

/*
 * Table 2-84.  Every named event wraps at 2^48 rather than stops there.
 * The "cycles_retryq_*" events count M-Box cycles while the set_flag_sel
 * state holds; "bbox_cmds_*" count B-Box commands by kind through
 * ZDP_CTL_FVC event field 0.
 */
static struct attribute *nhmex_mbox_events[] = {
	XU_EVENT(cycles_mfull, "inc_sel=0x01,wrap_mode=1"),
	XU_EVENT(ma_par_err, "inc_sel=0x0c,wrap_mode=1"),
	XU_EVENT(page_hit, "inc_sel=0x14,wrap_mode=1"),
	XU_EVENT(page_empty, "inc_sel=0x15,wrap_mode=1"),
	XU_EVENT(multicas, "inc_sel=0x17,wrap_mode=1"),
	XU_EVENT(fvid_race, "inc_sel=0x18,wrap_mode=1"),
	XU_EVENT(bbox_cmds_all, "inc_sel=0x1a,wrap_mode=1"),
	XU_EVENT(cycles, "inc_sel=0x1b,wrap_mode=1"),
	XU_EVENT(inflight_cmds, "inc_sel=0x1d,wrap_mode=1"),
	XU_EVENT(cycles_retryq_mfull,
		 "inc_sel=0x1b,set_flag_sel=0x3,flag_mode=1,storage_mode=1,wrap_mode=1"),
	XU_EVENT(cycles_retryq_starved,
		 "inc_sel=0x1b,set_flag_sel=0x4,flag_mode=1,storage_mode=1,wrap_mode=1"),
	XU_EVENT(bbox_cmds_read, "inc_sel=0xd,fvc=0x2800,wrap_mode=1"),
	XU_EVENT(bbox_cmds_write, "inc_sel=0xd,fvc=0x2820,wrap_mode=1"),
	NULL
};

static struct attribute *wsmex_mbox_events[] = {
	XU_EVENT(cycles_mfull, "inc_sel=0x01,wrap_mode=1"),
	XU_EVENT(ma_par_err, "inc_sel=0x0c,wrap_mode=1"),
	XU_EVENT(page_hit, "inc_sel=0x14,wrap_mode=1"),
	XU_EVENT(page_empty, "inc_sel=0x15,wrap_mode=1"),
	XU_EVENT(multicas, "inc_sel=0x17,wrap_mode=1"),
	XU_EVENT(fvid_race, "inc_sel=0x18,wrap_mode=1"),
	XU_EVENT(bbox_cmds_all, "inc_sel=0x1a,wrap_mode=1"),
	XU_EVENT(cycles, "inc_sel=0x1b,wrap_mode=1"),
	XU_EVENT(inflight_cmds, "inc_sel=0x1d,wrap_mode=1"),
	XU_EVENT(cycles_retryq_mfull,
		 "inc_sel=0x1b,set_flag_sel=0x3,flag_mode=1,storage_mode=1,wrap_mode=1"),
	XU_EVENT(cycles_retryq_starved,
		 "inc_sel=0x1b,set_flag_sel=0x4,flag_mode=1,storage_mode=1,wrap_mode=1"),
	XU_EVENT(bbox_cmds_read, "inc_sel=0xd,fvc=0x5000,wrap_mode=1"),
	XU_EVENT(bbox_cmds_write, "inc_sel=0xd,fvc=0x5040,wrap_mode=1"),
	NULL
};

#define NHMEX_MBOX_TYPE							\
	.name		= "mbox",					\
	.num_boxes	= NHMEX_M_NUM_BOXES,				\
	.num_counters	= NHMEX_M_NUM_COUNTERS,				\
	.width		= NHMEX_CTR_WIDTH,				\
	.box_stride	= NHMEX_M_BOX_STRIDE,				\
	.box_ctl	= NHMEX_M_GLOBAL_CTL(0),			\
	.ctl0		= NHMEX_M_CNT_CTL(0, 0),			\
	.ctr0		= NHMEX_M_CNT(0, 0),				\
	.ctl_stride	= 2,						\
	.ctr_stride	= 2,						\
	.ctl_en		= NHMEX_M_CTL_EN,				\
	.ctl_pmi	= NHMEX_M_CTL_PMI_EN,				\
	.ctl_sample	= NHMEX_M_CTL_WRAP_MODE,			\
	.poll		= true,						\
	.status0	= NHMEX_M_GLOBAL_STATUS(0),			\
	.ovf0		= NHMEX_M_GLOBAL_OVF_CTL(0),			\
	.ov_summary	= nhmex_mbox_summary,				\
	.ov_sub_reg	= nhmex_s_summary_regs,				\
	.ov_sub		= nhmex_mbox_sub,				\
	.extra		= nhmex_mbox_extra,				\
	.num_extra	= M_SLOTS

const struct xu_box_type nhmex_mbox = {
	NHMEX_MBOX_TYPE,
	.formats	= nhmex_mbox_formats,
	.events		= nhmex_mbox_events,
	.ops		= &nhmex_mbox_ops,
};

const struct xu_box_type wsmex_mbox = {
	NHMEX_MBOX_TYPE,
	.formats	= wsmex_mbox_formats,
	.events		= wsmex_mbox_events,
	.ops		= &wsmex_mbox_ops,
};
