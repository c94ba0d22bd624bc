// SPDX-License-Identifier: GPL-2.0-only
/*
 * Xeon 7500 (Nehalem-EX) and Xeon E7 (Westmere-EX): the U-, C-, B-, S-
 * and W-Boxes, the package's PMI, and the two platforms; the M-Boxes are
 * in nhmex_mbox.c, the R-Box in nhmex_rbox.c.
 *
 * Every counter control bit a user may set is a format field at its
 * hardware position, so the perf config is the control register image;
 * the enable and interrupt bits stay the driver's, and fields that
 * configure the driver or a sub-register (the B-Box counter, the R-Box
 * MM_CFG) sit in bits the control register ignores and are never
 * written to it.  Documentation/pmu/nhmex.rst describes every field.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <linux/bitfield.h>

#include <xeon_uncore/nhmex.h>

#include "nhmex_boxes.h"

/*
 * U-Box.  U_MSR_PMON_GLOBAL_CTL holds the package-wide enable (en_all)
 * beside the U-Box's own enable (en) and the PMI routing; box->box_ctl
 * keeps the value the driver means it to have.  Only init, the PMI walk
 * (unfreeze) and the routing (which freezes) write it: anything else
 * could set en_all again between a counter's wrap and its fold.  The box
 * has one counter, whose own control starts and stops it, so it needs no
 * freeze of its own.
 */
static int nhmex_ubox_write_gctl(struct xu_box *box, u64 val)
{
	box->box_ctl = val;
	return xu_write(box, NHMEX_U_GLOBAL_CTL, val);
}

static u64 nhmex_box_enables(const struct xu_box_type *t);

/*
 * Every box of the package, the C-Boxes beyond its cores too (the driver
 * registers no PMU for them): their enables off and their overflow status
 * clear, before en_all.  A status bit a previous owner left would hold
 * its summaries set, and with them a PMI pending at the unfreeze, before
 * the driver takes PMIs (and for good in a C-Box no walk reads); a
 * counter left enabled would overflow where no walk looks.  A box the
 * part does not have answers with an error, which changes nothing here.
 */
static void nhmex_quiet_all(struct xu_box *ubox)
{
	const struct xu_box_type * const *t;
	unsigned int i;

	for (t = ubox->pmu->uncore->plat->types; *t; t++) {
		if (!(*t)->box_ctl || !(*t)->ovf0)
			continue;
		for (i = 0; i < (*t)->num_boxes; i++) {
			xu_write(ubox, xu_type_reg(*t, i, (*t)->box_ctl), 0);
			xu_write(ubox, xu_type_reg(*t, i, (*t)->ovf0),
				 nhmex_box_enables(*t));
		}
	}
}

static int nhmex_ubox_init(struct xu_box *box)
{
	int ret;

	nhmex_quiet_all(box);

	/* Section 2.1.2: reset every counter, then enable with rst_all 0 */
	ret = nhmex_ubox_write_gctl(box, NHMEX_U_GCTL_RST_ALL);
	if (!ret)
		ret = xu_write(box, NHMEX_U_GLOBAL_OVF_CTL,
			       NHMEX_U_GSTS_OV_U | NHMEX_U_GSTS_OV_W |
			       NHMEX_U_GSTS_OV_S0 | NHMEX_U_GSTS_OV_S1);
	if (!ret)
		ret = xu_write(box, NHMEX_U_EVT_SEL, 0);
	/* frz_all: a PMI stops every counter until the handler is done */
	if (!ret)
		ret = nhmex_ubox_write_gctl(box, NHMEX_U_GCTL_EN_ALL |
					    NHMEX_U_GCTL_EN |
					    NHMEX_U_GCTL_FRZ_ALL);
	return ret;
}

static void nhmex_ubox_exit(struct xu_box *box)
{
	nhmex_ubox_write_gctl(box, 0);
}

static const u64 nhmex_ubox_summary[] = { NHMEX_U_GSTS_OV_U };

static const struct xu_box_ops nhmex_ubox_ops = {
	.init_box	= nhmex_ubox_init,
	.exit_box	= nhmex_ubox_exit,
};

static struct attribute *nhmex_ubox_formats[] = {
	XU_FORMAT(event, 0, NHMEX_U_CTL_EV_SEL, 0),
	XU_FORMAT(edge, 0, NHMEX_U_CTL_EDGE, 0),
	NULL
};

/* Table 2-8 */
static struct attribute *nhmex_ubox_events[] = {
	XU_EVENT(buf_valid_local_int, "event=0x0"),
	XU_EVENT(buf_valid_remote_int, "event=0x1"),
	XU_EVENT(buf_valid_lock, "event=0x2"),
	XU_EVENT(buf_valid_stst, "event=0x3"),
	NULL
};

static const struct xu_box_type nhmex_ubox = {
	.name		= "ubox",
	.num_boxes	= 1,
	.num_counters	= 1,
	.width		= NHMEX_CTR_WIDTH,
	.ctl0		= NHMEX_U_EVT_SEL,
	.ctr0		= NHMEX_U_CTR,
	.ctl_en		= NHMEX_U_CTL_EN,
	.ctl_pmi	= NHMEX_U_CTL_PMI_EN,
	.ov_summary	= nhmex_ubox_summary,
	.formats	= nhmex_ubox_formats,
	.events		= nhmex_ubox_events,
	.ops		= &nhmex_ubox_ops,
};

/* Refuse an event whose fields the formats hold but the hardware does not take */
int nhmex_refuse(struct perf_event *event, const char *why)
{
	pr_info_ratelimited("%s: %s\n", event->pmu->name, why);
	return -EINVAL;
}

/*
 * Box-level control of the C-, B-, S-, M-, R- and W-Boxes: a GLOBAL_CTL
 * holding one ctr_en bit per counter (the W-Box's fixed_en in bit 31), a
 * GLOBAL_STATUS and a GLOBAL_OVF_CTL after it (Tables 2-10..2-12 and
 * their kin).  A freeze clears the enables, which hold nothing else.
 */
static u64 nhmex_box_enables(const struct xu_box_type *t)
{
	return GENMASK_ULL(t->num_counters - 1, 0) |
	       (t->fixed_ctl ? NHMEX_W_GCTL_FIXED_EN : 0);
}

int nhmex_box_init(struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;
	unsigned int i;
	int ret;

	ret = xu_write(box, xu_box_reg(box, t->box_ctl), nhmex_box_enables(t));
	for (i = 0; !ret && i < xu_num_ctrs(t); i++)
		ret = xu_write(box, xu_ctl_reg(box, i), 0);
	if (!ret)
		ret = xu_write(box, xu_box_reg(box, t->ovf0),
			       nhmex_box_enables(t));
	return ret;
}

void nhmex_box_exit(struct xu_box *box)
{
	xu_write(box, xu_box_reg(box, box->pmu->type->box_ctl), 0);
}

void nhmex_box_freeze(struct xu_box *box)
{
	xu_write(box, xu_box_reg(box, box->pmu->type->box_ctl), 0);
}

void nhmex_box_unfreeze(struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;

	xu_write(box, xu_box_reg(box, t->box_ctl), nhmex_box_enables(t));
}

/*
 * The second level of the overflow hierarchy (Table 2-26): S-Box i's
 * S_MSR_PMON_SUMMARY summarises the boxes on its side and feeds
 * U_MSR_PMON_GLOBAL_STATUS.ov_s<i>.
 */
const u32 nhmex_s_summary_regs[2] = { NHMEX_S_SUMMARY(0), NHMEX_S_SUMMARY(1) };

/* Box i of a pair reports through S-Box i */
static const u64 nhmex_pair_summary[] = { NHMEX_U_GSTS_OV_S0, NHMEX_U_GSTS_OV_S1 };

/* The generic counter control of the C-, S- and W-Boxes */
#define NHMEX_FMT_EVENT		XU_FORMAT(event, 0, NHMEX_CTL_EV_SEL, 0)
#define NHMEX_FMT_UMASK		XU_FORMAT(umask, 0, NHMEX_CTL_UMASK, 0)
#define NHMEX_FMT_EDGE		XU_FORMAT(edge, 0, NHMEX_CTL_EDGE, 0)
#define NHMEX_FMT_INV		XU_FORMAT(inv, 0, NHMEX_CTL_INVERT, 0)
#define NHMEX_FMT_THRESH	XU_FORMAT(thresh, 0, NHMEX_CTL_THRESH, 0)

#define NHMEX_GENERIC_CTL						\
	.width		= NHMEX_CTR_WIDTH,				\
	.ctl_stride	= 2,						\
	.ctr_stride	= 2,						\
	.ctl_en		= NHMEX_CTL_EN,					\
	.ctl_pmi	= NHMEX_CTL_PMI_EN

#define NHMEX_BOX_OPS							\
	.init_box	= nhmex_box_init,				\
	.exit_box	= nhmex_box_exit,				\
	.freeze		= nhmex_box_freeze,				\
	.unfreeze	= nhmex_box_unfreeze

/*
 * C-Boxes, the last-level cache slices.  Their summaries: in S-Box 0,
 * ov_c_l for C-Boxes 0 and 1 and ov_c_r for 2 and 3; in S-Box 1 the same
 * for 4, 5 and 6, 7 (Table 2-26).  Westmere-EX's C-Boxes 8 and 9 are
 * beyond the guide: the driver counts C8 with S-Box 0 and C9 with S-Box
 * 1, bit unknown, so that the walk reads them whenever that S-Box's
 * bit of the global status is set.
 */
static const u32 nhmex_cbox_off[] = NHMEX_C_BOX_OFFS;

static const u64 nhmex_cbox_summary[] = {
	NHMEX_U_GSTS_OV_S0, NHMEX_U_GSTS_OV_S0, NHMEX_U_GSTS_OV_S0,
	NHMEX_U_GSTS_OV_S0, NHMEX_U_GSTS_OV_S1, NHMEX_U_GSTS_OV_S1,
	NHMEX_U_GSTS_OV_S1, NHMEX_U_GSTS_OV_S1, NHMEX_U_GSTS_OV_S0,
	NHMEX_U_GSTS_OV_S1,
};

static const u32 nhmex_cbox_sub_reg[] = {
	NHMEX_S_SUMMARY(0), NHMEX_S_SUMMARY(0), NHMEX_S_SUMMARY(0),
	NHMEX_S_SUMMARY(0), NHMEX_S_SUMMARY(1), NHMEX_S_SUMMARY(1),
	NHMEX_S_SUMMARY(1), NHMEX_S_SUMMARY(1), NHMEX_S_SUMMARY(0),
	NHMEX_S_SUMMARY(1),
};

static const u64 nhmex_cbox_sub[] = {
	NHMEX_S_SUM_OV_C_L, NHMEX_S_SUM_OV_C_L, NHMEX_S_SUM_OV_C_R,
	NHMEX_S_SUM_OV_C_R, NHMEX_S_SUM_OV_C_L, NHMEX_S_SUM_OV_C_L,
	NHMEX_S_SUM_OV_C_R, NHMEX_S_SUM_OV_C_R, 0, 0,
};

static_assert(ARRAY_SIZE(nhmex_cbox_off) == WSMEX_C_NUM_BOXES);
static_assert(ARRAY_SIZE(nhmex_cbox_summary) == WSMEX_C_NUM_BOXES);
static_assert(ARRAY_SIZE(nhmex_cbox_sub_reg) == WSMEX_C_NUM_BOXES);
static_assert(ARRAY_SIZE(nhmex_cbox_sub) == WSMEX_C_NUM_BOXES);

static const struct xu_box_ops nhmex_cbox_ops = {
	NHMEX_BOX_OPS,
};

static struct attribute *nhmex_cbox_formats[] = {
	NHMEX_FMT_EVENT,
	NHMEX_FMT_UMASK,
	NHMEX_FMT_EDGE,
	NHMEX_FMT_INV,
	NHMEX_FMT_THRESH,
	NULL
};

#define NHMEX_CBOX_TYPE							\
	.name		= "cbox",					\
	.per_core	= true,						\
	.num_counters	= NHMEX_C_NUM_COUNTERS,				\
	NHMEX_GENERIC_CTL,						\
	.box_off	= nhmex_cbox_off,				\
	.box_ctl	= NHMEX_C_GLOBAL_CTL0,			\
	.status0	= NHMEX_BOX_STATUS(NHMEX_C_GLOBAL_CTL0),	\
	.ovf0		= NHMEX_BOX_OVF_CTL(NHMEX_C_GLOBAL_CTL0),			\
	.ctl0		= NHMEX_C_EVT_SEL0,				\
	.ctr0		= NHMEX_C_CTR0,					\
	.ov_summary	= nhmex_cbox_summary,				\
	.ov_sub_reg	= nhmex_cbox_sub_reg,				\
	.ov_sub		= nhmex_cbox_sub,				\
	.formats	= nhmex_cbox_formats,				\
	.ops		= &nhmex_cbox_ops

static const struct xu_box_type nhmex_cbox = {
	NHMEX_CBOX_TYPE,
	.num_boxes	= NHMEX_C_NUM_BOXES,
};

/*
 * Where C8 and C9 report is inferred: their counting events are polled
 * (counting never rests on it), and a walk that finds a summary bit no
 * box explains reads them too
 */
static const struct xu_box_type wsmex_cbox = {
	NHMEX_CBOX_TYPE,
	.num_boxes	= WSMEX_C_NUM_BOXES,
	.ov_guessed	= BIT(8) | BIT(9),
};

/*
 * B-Boxes, the home agents.  Each counter has an event list of its own
 * (Table 2-20's note), so attr.config bits 7:6, which the control
 * ignores, name the counter and ev_sel indexes that counter's list.  The
 * events that filter through MATCH and MASK (config1, config2) are, as
 * the kernel's uncore_nhmex.c has them, ev_sel 0-3 on counter 0, 0-6 on
 * counter 1 and 4 on counter 2.
 */
enum { B_MATCH, B_MASK, B_SLOTS };

static const struct xu_extra_reg nhmex_bbox_extra[B_SLOTS] = {
	[B_MATCH] = { .reg = NHMEX_B_MATCH(0), .cfg = 1, .mask = ~0ULL,
		      .stride = NHMEX_B_MM_STRIDE },
	[B_MASK]  = { .reg = NHMEX_B_MASK(0), .cfg = 2, .mask = ~0ULL,
		      .stride = NHMEX_B_MM_STRIDE },
};

static bool nhmex_bbox_mm(u64 cfg)
{
	unsigned int ev = FIELD_GET(NHMEX_B_CTL_EV_SEL, cfg);

	switch (FIELD_GET(NHMEX_B_CFG_CTR, cfg)) {
	case 0:
		return ev <= 3;
	case 1:
		return ev <= 6;
	case 2:
		return ev == 4;
	default:
		return false;
	}
}

static unsigned long nhmex_bbox_constraint(struct perf_event *event)
{
	return BIT(FIELD_GET(NHMEX_B_CFG_CTR, event->attr.config));
}

static int nhmex_bbox_validate(struct perf_event *event)
{
	if (!nhmex_bbox_mm(event->attr.config) &&
	    (event->attr.config1 || event->attr.config2))
		return nhmex_refuse(event,
				    "match and mask filter only ev_sel 0-3 on counter 0, 0-6 on counter 1 and 4 on counter 2");
	return 0;
}

static int nhmex_bbox_claims(struct perf_event *event, unsigned int alt,
			     struct xu_claims *cl)
{
	if (alt)
		return -ENOENT;
	cl->n = 0;
	cl->ctl &= ~NHMEX_B_CFG_CTR;
	if (!nhmex_bbox_mm(event->attr.config))
		return 0;
	cl->c[cl->n++] = (struct xu_claim){ .slot = B_MATCH, .mask = ~0ULL,
					    .val = event->attr.config1 };
	cl->c[cl->n++] = (struct xu_claim){ .slot = B_MASK, .mask = ~0ULL,
					    .val = event->attr.config2 };
	return 0;
}

static const u64 nhmex_bbox_sub[] = { NHMEX_S_SUM_OV_MB, NHMEX_S_SUM_OV_MB };

static const struct xu_box_ops nhmex_bbox_ops = {
	NHMEX_BOX_OPS,
	.validate	= nhmex_bbox_validate,
	.constraint	= nhmex_bbox_constraint,
	.claims		= nhmex_bbox_claims,
};

static struct attribute *nhmex_bbox_formats[] = {
	XU_FORMAT(event, 0, NHMEX_B_CTL_EV_SEL, 0),
	XU_FORMAT(counter, 0, NHMEX_B_CFG_CTR, 0),
	XU_FORMAT(match, 1, ~0ULL, 0),
	XU_FORMAT(mask, 2, ~0ULL, 0),
	NULL
};

static const struct xu_box_type nhmex_bbox = {
	.name		= "bbox",
	.num_boxes	= NHMEX_B_NUM_BOXES,
	.num_counters	= NHMEX_B_NUM_COUNTERS,
	.width		= NHMEX_CTR_WIDTH,
	.box_stride	= NHMEX_B_BOX_STRIDE,
	.box_ctl	= NHMEX_B_GLOBAL_CTL(0),
	.status0	= NHMEX_BOX_STATUS(NHMEX_B_GLOBAL_CTL(0)),
	.ovf0		= NHMEX_BOX_OVF_CTL(NHMEX_B_GLOBAL_CTL(0)),
	.ctl0		= NHMEX_B_EVT_SEL(0, 0),
	.ctr0		= NHMEX_B_CTR(0, 0),
	.ctl_stride	= 2,
	.ctr_stride	= 2,
	.ctl_en		= NHMEX_B_CTL_EN,
	.ctl_pmi	= NHMEX_B_CTL_PMI_EN,
	.cfg_sw		= NHMEX_B_CFG_CTR,
	.ov_summary	= nhmex_pair_summary,
	.ov_sub_reg	= nhmex_s_summary_regs,
	.ov_sub		= nhmex_bbox_sub,
	/* pmi_en at bit 20 is inferred (Documentation/pmu/nhmex.rst) */
	.ov_guessed	= BIT(0) | BIT(1),
	.extra		= nhmex_bbox_extra,
	.num_extra	= B_SLOTS,
	.formats	= nhmex_bbox_formats,
	.ops		= &nhmex_bbox_ops,
};

/*
 * S-Boxes, between the ring and the R-Box.  Event 0, TO_R_PROG_EV, counts
 * the packets leaving the S-Box that S_MSR_MATCH (config1) and S_MSR_MASK
 * (config2) select, once S_MSR_MM_CFG enables the facility; no other
 * event uses them (section 2.5.2).
 */
enum { S_MM_CFG, S_MATCH, S_MASK, S_SLOTS };

static const struct xu_extra_reg nhmex_sbox_extra[S_SLOTS] = {
	[S_MM_CFG] = { .reg = NHMEX_S_MM_CFG(0), .cfg = 2,
		       .mask = NHMEX_S_MM_CFG_EN, .stride = NHMEX_S_MM_STRIDE },
	[S_MATCH]  = { .reg = NHMEX_S_MATCH(0), .cfg = 1, .mask = ~0ULL,
		       .stride = NHMEX_S_MM_STRIDE },
	[S_MASK]   = { .reg = NHMEX_S_MASK(0), .cfg = 2,
		       .mask = NHMEX_S_MASK_VALID, .stride = NHMEX_S_MM_STRIDE },
};

static bool nhmex_sbox_mm(u64 cfg)
{
	return FIELD_GET(NHMEX_CTL_EV_SEL, cfg) == NHMEX_S_EV_TO_R_PROG_EV;
}

static int nhmex_sbox_validate(struct perf_event *event)
{
	if (!nhmex_sbox_mm(event->attr.config) &&
	    (event->attr.config1 || event->attr.config2))
		return nhmex_refuse(event, "match and mask filter only event 0, TO_R_PROG_EV");
	return 0;
}

static int nhmex_sbox_claims(struct perf_event *event, unsigned int alt,
			     struct xu_claims *cl)
{
	if (alt)
		return -ENOENT;
	cl->n = 0;
	if (!nhmex_sbox_mm(event->attr.config))
		return 0;
	/* MM_CFG last: the facility is enabled once MATCH and MASK hold */
	cl->c[cl->n++] = (struct xu_claim){ .slot = S_MATCH, .mask = ~0ULL,
					    .val = event->attr.config1 };
	cl->c[cl->n++] = (struct xu_claim){ .slot = S_MASK,
					    .mask = NHMEX_S_MASK_VALID,
					    .val = event->attr.config2 };
	cl->c[cl->n++] = (struct xu_claim){ .slot = S_MM_CFG,
					    .mask = NHMEX_S_MM_CFG_EN,
					    .val = NHMEX_S_MM_CFG_EN };
	return 0;
}

static const u64 nhmex_sbox_sub[] = { NHMEX_S_SUM_OV_S, NHMEX_S_SUM_OV_S };

static const struct xu_box_ops nhmex_sbox_ops = {
	NHMEX_BOX_OPS,
	.validate	= nhmex_sbox_validate,
	.claims		= nhmex_sbox_claims,
};

static struct attribute *nhmex_sbox_formats[] = {
	NHMEX_FMT_EVENT,
	NHMEX_FMT_UMASK,
	NHMEX_FMT_EDGE,
	NHMEX_FMT_INV,
	NHMEX_FMT_THRESH,
	XU_FORMAT(match, 1, ~0ULL, 0),
	XU_FORMAT(mask, 2, NHMEX_S_MASK_VALID, 0),
	XU_FORMAT(mask_addr, 2, NHMEX_S_MASK_ADDR, 0),
	NULL
};

static struct attribute *nhmex_sbox_events[] = {
	XU_EVENT(to_r_prog_ev, "event=0x0"),
	NULL
};

static const struct xu_box_type nhmex_sbox = {
	.name		= "sbox",
	.num_boxes	= NHMEX_S_NUM_BOXES,
	.num_counters	= NHMEX_S_NUM_COUNTERS,
	NHMEX_GENERIC_CTL,
	.box_stride	= NHMEX_S_BOX_STRIDE,
	.box_ctl	= NHMEX_S_GLOBAL_CTL(0),
	.status0	= NHMEX_BOX_STATUS(NHMEX_S_GLOBAL_CTL(0)),
	.ovf0		= NHMEX_BOX_OVF_CTL(NHMEX_S_GLOBAL_CTL(0)),
	.ctl0		= NHMEX_S_EVT_SEL(0, 0),
	.ctr0		= NHMEX_S_CTR(0, 0),
	.ov_summary	= nhmex_pair_summary,
	.ov_sub_reg	= nhmex_s_summary_regs,
	.ov_sub		= nhmex_sbox_sub,
	.extra		= nhmex_sbox_extra,
	.num_extra	= S_SLOTS,
	.formats	= nhmex_sbox_formats,
	.events		= nhmex_sbox_events,
	.ops		= &nhmex_sbox_ops,
};

/*
 * W-Box, power control: four counters and the fixed uncore clocktick
 * counter (event=0xff), reporting straight to U_MSR_PMON_GLOBAL_STATUS.
 * The erratum of p. 2-128 is mended on every read and avoided in every
 * period.
 */
static u64 nhmex_wbox_ctr_fixup(struct xu_box *box, unsigned int idx, u64 raw)
{
	/* a value below 2^24 cannot be 2^24 too large */
	if ((raw & NHMEX_W_ERRATUM_LOW) <= 1 && raw >= NHMEX_W_ERRATUM_FIX)
		raw -= NHMEX_W_ERRATUM_FIX;
	return raw;
}

static u64 nhmex_wbox_period_fixup(struct perf_event *event, u64 left)
{
	u64 low = left & NHMEX_W_ERRATUM_LOW;

	/*
	 * 2^48 - left ends in 0xffffff or 0xfffffe when left ends in 1 or
	 * 2: make the period 2 or 1 events longer, so that it starts at a
	 * value ending in 0xfffffd.  (Not shorter: a start value ending in
	 * 0x000000 or 0x000001 is what the read fixup takes for the
	 * erratum.)  The events over are taken from the next period.
	 */
	if (low != 1 && low != 2)
		return left;
	return left + 3 - low;
}

static int nhmex_wbox_validate(struct perf_event *event)
{
	u64 cfg = event->attr.config;

	if (FIELD_GET(NHMEX_CTL_EV_SEL, cfg) == NHMEX_W_FIXED_EVENT &&
	    cfg != NHMEX_W_FIXED_EVENT)
		return nhmex_refuse(event,
				    "event=0xff is the fixed clocktick counter, which takes no other field");
	return 0;
}

static const u64 nhmex_wbox_summary[] = { NHMEX_U_GSTS_OV_W };

static const struct xu_box_ops nhmex_wbox_ops = {
	NHMEX_BOX_OPS,
	.validate	= nhmex_wbox_validate,
	.ctr_fixup	= nhmex_wbox_ctr_fixup,
	.period_fixup	= nhmex_wbox_period_fixup,
};

/* Table 2-102, and the fixed counter */
static struct attribute *nhmex_wbox_events[] = {
	XU_EVENT(clockticks, "event=0xff"),
	XU_EVENT(c_throttle_tmp, "event=0x00"),
	XU_EVENT(c_c0_throttle_die, "event=0x01"),
	XU_EVENT(prochot, "event=0x02"),
	XU_EVENT(c0_throttle_prochot, "event=0x03"),
	XU_EVENT(c_cycles_turbo, "event=0x04"),
	XU_EVENT(tm1_on, "event=0x07"),
	XU_EVENT(ratio_change_abort, "event=0x08"),
	NULL
};

static const struct xu_box_type nhmex_wbox = {
	.name		= "wbox",
	.num_boxes	= 1,
	.num_counters	= NHMEX_W_NUM_COUNTERS,
	NHMEX_GENERIC_CTL,
	.box_ctl	= NHMEX_W_GLOBAL_CTL,
	.status0	= NHMEX_BOX_STATUS(NHMEX_W_GLOBAL_CTL),
	.ovf0		= NHMEX_BOX_OVF_CTL(NHMEX_W_GLOBAL_CTL),
	.ctl0		= NHMEX_W_EVT_SEL(0),
	.ctr0		= NHMEX_W_CTR(0),
	.fixed_ctl	= NHMEX_W_FIXED_CTL,
	.fixed_ctr	= NHMEX_W_FIXED_CTR,
	.fixed_width	= NHMEX_CTR_WIDTH,
	.fixed_config	= NHMEX_W_FIXED_EVENT,
	.fixed_en	= NHMEX_W_FIXED_CTL_EN,
	.fixed_status	= NHMEX_W_GCTL_FIXED_EN,
	.ov_summary	= nhmex_wbox_summary,
	/*
	 * PMI enable at bit 20 of 0x395 is inferred (Nehalem's MSR there
	 * has it at bit 2): the fixed counter's counting events are polled
	 */
	.fixed_pmi_guessed = true,
	.poll		= true,
	.formats	= nhmex_cbox_formats,
	.events		= nhmex_wbox_events,
	.ops		= &nhmex_wbox_ops,
};

/*
 * The package's PMI: U_MSR_PMON_GLOBAL_STATUS summarises the boxes, and
 * the U-Box sends the PMI to the core pmi_core_sel names.  With frz_all
 * set the PMI cleared en_all; the handler sets it again.
 */
#define NHMEX_U_GSTS_KNOWN	(NHMEX_U_GSTS_OV_U | NHMEX_U_GSTS_OV_W | \
				 NHMEX_U_GSTS_OV_S0 | NHMEX_U_GSTS_OV_S1)

/*
 * Raw: the layout (Documentation/pmu/nhmex.rst) is read from the guide's
 * text, not checked on silicon.  A PMI reported in another bit still says
 * the package is frozen with an overflow pending: masked away, the walk
 * would find nothing, and the package would thaw only at the watchdog,
 * every 50-100 ms, with nothing logged.  The walk reads every box by its
 * own status for such a bit, acks it, logs and counts it.
 */
static int nhmex_global_status(struct xu_box *ubox, u64 *sts)
{
	return xu_read(ubox, NHMEX_U_GLOBAL_STATUS, sts);
}

static void nhmex_global_ack(struct xu_box *ubox, u64 bits)
{
	xu_write(ubox, NHMEX_U_GLOBAL_OVF_CTL, bits);
}

/* frz_all cleared en_all; the status is not read, @stuck not needed */
static bool nhmex_global_frozen(struct xu_box *ubox, u64 stuck)
{
	u64 ctl;

	return !xu_read(ubox, NHMEX_U_GLOBAL_CTL, &ctl) &&
	       !(ctl & NHMEX_U_GCTL_EN_ALL);
}

static void nhmex_global_unfreeze(struct xu_box *ubox)
{
	nhmex_ubox_write_gctl(ubox, ubox->box_ctl | NHMEX_U_GCTL_EN_ALL);
}

/*
 * pmi_core_sel is a core mask, one bit per core of the package, 0 for no
 * PMI, as in Table 2-2 of the Xeon E5 v2 guide (329468) and Nehalem's
 * EN_PMI_COREn: see Documentation/pmu/nhmex.rst for the evidence.  A
 * core's bit is its index among the package's cores (xu_core_index()).
 * The four bits reach cores 0-3: which of them takes the PMIs of a
 * collecting CPU on a later core, and again as CPUs go and come, is the
 * generic code's choice (xu_pmi_route_core()).
 */
#define NHMEX_PMI_CORES		4

static void nhmex_global_route(struct xu_box *ubox, int core)
{
	u64 sel = 0;

	if (core >= 0 && !WARN_ON_ONCE(core >= NHMEX_PMI_CORES))
		sel = FIELD_PREP(NHMEX_U_GCTL_PMI_CORE_SEL, BIT(core));
	/* en_all cleared: frozen until the walk that follows unfreezes */
	nhmex_ubox_write_gctl(ubox, (ubox->box_ctl & ~(NHMEX_U_GCTL_PMI_CORE_SEL |
						       NHMEX_U_GCTL_EN_ALL)) | sel);
	ubox->box_ctl |= NHMEX_U_GCTL_EN_ALL;
}

static const struct xu_global_ops nhmex_global = {
	.status		= nhmex_global_status,
	.ack		= nhmex_global_ack,
	.frozen		= nhmex_global_frozen,
	.unfreeze	= nhmex_global_unfreeze,
	.route		= nhmex_global_route,
	.pmi_cores	= NHMEX_PMI_CORES,
	.known		= NHMEX_U_GSTS_KNOWN,
};

/*
 * M-Box 0's first counter counting its clock, with the documented PMI
 * enable (not the W-Box's fixed counter, whose PMI enable is a guess)
 */
#define NHMEX_PROBE_CTL	(NHMEX_M_CTL_EN | NHMEX_M_CTL_PMI_EN |		\
			 NHMEX_M_CTL_WRAP_MODE |				\
			 (u64)NHMEX_M_INC_CYCLES << __bf_shf(NHMEX_M_CTL_INC_SEL))

static const struct xu_pmi_probe nhmex_probe = {
	.type	= &nhmex_mbox,
	.ctl	= NHMEX_PROBE_CTL,
};

static const struct xu_pmi_probe wsmex_probe = {
	.type	= &wsmex_mbox,
	.ctl	= NHMEX_PROBE_CTL,
};

/*
 * The U-Box first: it owns the global enable the others depend on.  The
 * M-Box second, as before the other boxes came.
 */
static const struct xu_box_type * const nhmex_types[] = {
	&nhmex_ubox,
	&nhmex_mbox,
	&nhmex_cbox,
	&nhmex_bbox,
	&nhmex_sbox,
	&nhmex_rbox,
	&nhmex_wbox,
	NULL
};

const struct xu_platform xu_nhmex = {
	.name		= "nhmex",
	.types		= nhmex_types,
	.global		= &nhmex_global,
	.features	= XU_FEAT_DEBUGCTL_PMI,
	.probe		= &nhmex_probe,
};
EXPORT_SYMBOL_IF_KUNIT(xu_nhmex);

/*
 * Westmere-EX: ten C-Boxes and ZDP_CTL_FVC's fields a bit higher; the
 * rest as Nehalem-EX
 */
static const struct xu_box_type * const wsmex_types[] = {
	&nhmex_ubox,
	&wsmex_mbox,
	&wsmex_cbox,
	&nhmex_bbox,
	&nhmex_sbox,
	&nhmex_rbox,
	&nhmex_wbox,
	NULL
};

const struct xu_platform xu_wsmex = {
	.name		= "wsmex",
	.types		= wsmex_types,
	.global		= &nhmex_global,
	.features	= XU_FEAT_DEBUGCTL_PMI,
	.probe		= &wsmex_probe,
};
EXPORT_SYMBOL_IF_KUNIT(xu_wsmex);
