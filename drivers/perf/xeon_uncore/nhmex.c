// SPDX-License-Identifier: GPL-2.0-only
/*
 * Xeon 7500 (Nehalem-EX) and Xeon E7 (Westmere-EX): U-Box and M-Boxes.
 *
 * Every counter control bit a user may set is a format field at its
 * hardware position, so the perf config is the control register image;
 * the enable and interrupt bits stay the driver's.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitfield.h>
#include <linux/topology.h>

#include <xeon_uncore/nhmex.h>

#include "uncore.h"

/*
 * U-Box.  U_MSR_PMON_GLOBAL_CTL holds both the package-wide enable
 * (en_all) and the U-Box counter's own enable (en), so the box keeps the
 * register's value in box->box_ctl and freezes by clearing en alone.
 */
static int nhmex_ubox_write_gctl(struct xu_box *box, u64 val)
{
	box->box_ctl = val;
	return xu_write(box, NHMEX_U_GLOBAL_CTL, val);
}

static int nhmex_ubox_init(struct xu_box *box)
{
	int ret;

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

static void nhmex_ubox_freeze(struct xu_box *box)
{
	nhmex_ubox_write_gctl(box, box->box_ctl & ~NHMEX_U_GCTL_EN);
}

static void nhmex_ubox_unfreeze(struct xu_box *box)
{
	nhmex_ubox_write_gctl(box, box->box_ctl | NHMEX_U_GCTL_EN);
}

static const u64 nhmex_ubox_summary[] = { NHMEX_U_GSTS_OV_U };

static const struct xu_box_ops nhmex_ubox_ops = {
	.init_box	= nhmex_ubox_init,
	.exit_box	= nhmex_ubox_exit,
	.freeze		= nhmex_ubox_freeze,
	.unfreeze	= nhmex_ubox_unfreeze,
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

/*
 * M-Box.  M_MSR_PERF_GLOBAL_CTL only holds the six counter enables, so a
 * freeze is a plain write.
 */
static int nhmex_mbox_init(struct xu_box *box)
{
	unsigned int b = box->pmu->idx, i;
	int ret;

	ret = xu_write(box, NHMEX_M_GLOBAL_CTL(b), NHMEX_M_GCTL_CTR_EN);
	for (i = 0; !ret && i < NHMEX_M_NUM_COUNTERS; i++)
		ret = xu_write(box, NHMEX_M_CNT_CTL(b, i), 0);
	if (!ret)
		ret = xu_write(box, NHMEX_M_GLOBAL_OVF_CTL(b), NHMEX_M_GSTS_OV);
	return ret;
}

static void nhmex_mbox_exit(struct xu_box *box)
{
	xu_write(box, NHMEX_M_GLOBAL_CTL(box->pmu->idx), 0);
}

static void nhmex_mbox_freeze(struct xu_box *box)
{
	xu_write(box, NHMEX_M_GLOBAL_CTL(box->pmu->idx), 0);
}

static void nhmex_mbox_unfreeze(struct xu_box *box)
{
	xu_write(box, NHMEX_M_GLOBAL_CTL(box->pmu->idx), NHMEX_M_GCTL_CTR_EN);
}

static int nhmex_mbox_validate(struct perf_event *event)
{
	u64 cfg = event->attr.config;
	const char *why = NULL;

	/* Table 2-67: set_flag_sel only acts with flag_mode set ... */
	if (FIELD_GET(NHMEX_M_CTL_SET_FLAG_SEL, cfg) &&
	    !(cfg & NHMEX_M_CTL_FLAG_MODE))
		why = "set_flag_sel needs flag_mode=1";
	/* ... and storage_mode=1 counts only once that flag is set */
	else if (FIELD_GET(NHMEX_M_CTL_STORAGE_MODE, cfg) &&
		 !(cfg & NHMEX_M_CTL_FLAG_MODE))
		why = "storage_mode=1 needs flag_mode=1";
	/* A counter counting down from 0 would stop at its first event */
	else if (FIELD_GET(NHMEX_M_CTL_COUNT_MODE, cfg) != NHMEX_M_COUNT_UP &&
		 !(cfg & NHMEX_M_CTL_WRAP_MODE))
		why = "count_mode=1 or 2 needs wrap_mode=1";

	if (why) {
		pr_info_ratelimited("%s: %s\n", event->pmu->name, why);
		return -EINVAL;
	}
	/* A sample period is a number of increments */
	if (is_sampling_event(event) &&
	    FIELD_GET(NHMEX_M_CTL_COUNT_MODE, cfg) != NHMEX_M_COUNT_UP) {
		pr_info_ratelimited("%s: sampling needs count_mode=0\n",
				    event->pmu->name);
		return -EOPNOTSUPP;
	}
	return 0;
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

/* M-Box i reports through S-Box i */
static const u64 nhmex_mbox_summary[] = {
	NHMEX_U_GSTS_OV_S0,
	NHMEX_U_GSTS_OV_S1,
};

static const struct xu_box_ops nhmex_mbox_ops = {
	.init_box	= nhmex_mbox_init,
	.exit_box	= nhmex_mbox_exit,
	.freeze		= nhmex_mbox_freeze,
	.unfreeze	= nhmex_mbox_unfreeze,
	.validate	= nhmex_mbox_validate,
	.delta		= nhmex_mbox_delta,
};

static struct attribute *nhmex_mbox_formats[] = {
	XU_FORMAT(count_mode, 0, NHMEX_M_CTL_COUNT_MODE, NHMEX_M_COUNT_BOTH),
	XU_FORMAT(storage_mode, 0, NHMEX_M_CTL_STORAGE_MODE, 1),
	XU_FORMAT(wrap_mode, 0, NHMEX_M_CTL_WRAP_MODE, 0),
	XU_FORMAT(flag_mode, 0, NHMEX_M_CTL_FLAG_MODE, 0),
	XU_FORMAT(inc_sel, 0, NHMEX_M_CTL_INC_SEL, 0),
	XU_FORMAT(set_flag_sel, 0, NHMEX_M_CTL_SET_FLAG_SEL, 0),
	NULL
};

/*
 * Table 2-84: the events that need no M-Box extra register.  They all
 * wrap at 2^48 rather than stop there.  The "cycles_retryq_*" events count
 * M-Box cycles while the set_flag_sel state holds.
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
	NULL
};

static const struct xu_box_type nhmex_mbox = {
	.name		= "mbox",
	.num_boxes	= NHMEX_M_NUM_BOXES,
	.num_counters	= NHMEX_M_NUM_COUNTERS,
	.width		= NHMEX_CTR_WIDTH,
	.box_stride	= NHMEX_M_BOX_STRIDE,
	.ctl0		= NHMEX_M_CNT_CTL(0, 0),
	.ctr0		= NHMEX_M_CNT(0, 0),
	.ctl_stride	= 2,
	.ctr_stride	= 2,
	.ctl_en		= NHMEX_M_CTL_EN,
	.ctl_pmi	= NHMEX_M_CTL_PMI_EN,
	.ctl_sample	= NHMEX_M_CTL_WRAP_MODE,
	.status0	= NHMEX_M_GLOBAL_STATUS(0),
	.ovf0		= NHMEX_M_GLOBAL_OVF_CTL(0),
	.ov_summary	= nhmex_mbox_summary,
	.formats	= nhmex_mbox_formats,
	.events		= nhmex_mbox_events,
	.ops		= &nhmex_mbox_ops,
};

/*
 * The package's PMI: U_MSR_PMON_GLOBAL_STATUS summarises the boxes, and
 * the U-Box sends the PMI to the core pmi_core_sel names.  With frz_all
 * set the PMI cleared en_all; the handler sets it again.
 */
static int nhmex_global_status(struct xu_box *ubox, u64 *sts)
{
	int ret = xu_read(ubox, NHMEX_U_GLOBAL_STATUS, sts);

	*sts &= NHMEX_U_GSTS_OV_U | NHMEX_U_GSTS_OV_W |
		NHMEX_U_GSTS_OV_S0 | NHMEX_U_GSTS_OV_S1;
	return ret;
}

static void nhmex_global_ack(struct xu_box *ubox, u64 bits)
{
	xu_write(ubox, NHMEX_U_GLOBAL_OVF_CTL, bits);
}

static void nhmex_global_unfreeze(struct xu_box *ubox)
{
	xu_write(ubox, NHMEX_U_GLOBAL_CTL, ubox->box_ctl);
}

static void nhmex_global_route(struct xu_box *ubox, unsigned int cpu)
{
	unsigned int core = topology_core_id(cpu);

	if (!FIELD_FIT(NHMEX_U_GCTL_PMI_CORE_SEL, core)) {
		pr_warn("CPU %u is core %u, beyond pmi_core_sel; PMIs go to core 0\n",
			cpu, core);
		core = 0;
	}
	nhmex_ubox_write_gctl(ubox, (ubox->box_ctl & ~NHMEX_U_GCTL_PMI_CORE_SEL) |
			      FIELD_PREP(NHMEX_U_GCTL_PMI_CORE_SEL, core));
}

static const struct xu_global_ops nhmex_global = {
	.status		= nhmex_global_status,
	.ack		= nhmex_global_ack,
	.unfreeze	= nhmex_global_unfreeze,
	.route		= nhmex_global_route,
};

/* The U-Box first: it owns the global enable the others depend on */
static const struct xu_box_type * const nhmex_types[] = {
	&nhmex_ubox,
	&nhmex_mbox,
	NULL
};

const struct xu_platform xu_nhmex = {
	.name	= "nhmex",
	.types	= nhmex_types,
	.global	= &nhmex_global,
};
EXPORT_SYMBOL_NS_GPL(xu_nhmex, XEON_UNCORE);
