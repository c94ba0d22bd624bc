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

#include <asm/msr.h>

#include <xeon_uncore/nhmex.h>

#include "uncore.h"

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

/*
 * Table 2-84: the inc_sel values that count events an extra register
 * selects (address match, DSP, ISS, MAP, THR, PGT, PLD, ZDP/FVC), and
 * the set_flag_sel values (with flag_mode) whose flag those registers
 * define.  Until the driver programs them they would count from whatever
 * the registers hold.
 */
static const unsigned long nhmex_mbox_inc_sub[] = {
	BIT(0x00) | BIT(0x04) | BIT(0x05) | GENMASK(0x0b, 0x09) |
	GENMASK(0x10, 0x0d) | BIT(0x16)
};

static const unsigned long nhmex_mbox_flag_sub[] = {
	BIT(0) | BIT(1) | BIT(5) | BIT(6)
};

static int nhmex_mbox_validate(struct perf_event *event)
{
	u64 cfg = event->attr.config, inc, flag;
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
	/* Events that count through sub-registers the driver leaves alone */
	inc = FIELD_GET(NHMEX_M_CTL_INC_SEL, cfg);
	flag = FIELD_GET(NHMEX_M_CTL_SET_FLAG_SEL, cfg);
	if (test_bit(inc, nhmex_mbox_inc_sub)) {
		pr_info_ratelimited("%s: inc_sel=%#llx needs M-Box sub-registers the driver does not program yet\n",
				    event->pmu->name, inc);
		return -EOPNOTSUPP;
	}
	if ((cfg & NHMEX_M_CTL_FLAG_MODE) && test_bit(flag, nhmex_mbox_flag_sub)) {
		pr_info_ratelimited("%s: set_flag_sel=%#llx needs M-Box sub-registers the driver does not program yet\n",
				    event->pmu->name, flag);
		return -EOPNOTSUPP;
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

static bool nhmex_global_frozen(struct xu_box *ubox)
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
 * core's bit is its index among the package's cores (xu_core_index());
 * the four bits reach cores 0-3, so a collecting CPU on a later core has its
 * PMIs sent to the lowest core of the package with a CPU online, whose
 * NMI handler takes them as well.  Should no CPU of cores 0-3 be online,
 * the watchdog folds the overflows.
 */
#define NHMEX_PMI_CORES		4

static void nhmex_global_route(struct xu_box *ubox, int cpu)
{
	u64 sel = 0;

	if (cpu >= 0) {
		unsigned int idx = xu_core_index(cpu), c;

		/* beyond the field: the package's lowest core with a CPU up */
		if (idx >= NHMEX_PMI_CORES)
			for_each_cpu(c, topology_core_cpumask(cpu))
				idx = min(idx, xu_core_index(c));
		if (idx >= NHMEX_PMI_CORES)
			idx = 0;
		sel = FIELD_PREP(NHMEX_U_GCTL_PMI_CORE_SEL, BIT(idx));
	}
	/* en_all cleared: frozen until the walk that follows unfreezes */
	nhmex_ubox_write_gctl(ubox, (ubox->box_ctl & ~(NHMEX_U_GCTL_PMI_CORE_SEL |
						       NHMEX_U_GCTL_EN_ALL)) | sel);
	ubox->box_ctl |= NHMEX_U_GCTL_EN_ALL;
}

/*
 * The core side of the uncore PMI: Nehalem's IA32_DEBUGCTL bit 13 lets
 * an uncore PMI reach the core (Intel SDM vol. 3B, "Uncore Performance
 * Monitoring Management Facility").  Real hardware only: the simulated
 * uncore delivers its PMIs itself.
 */
static void nhmex_global_cpu_init(struct xu_uncore *uc)
{
	u64 debugctl;

	if (uc->io != &xu_msr_io || rdmsrl_safe(MSR_IA32_DEBUGCTLMSR, &debugctl))
		return;
	if (!(debugctl & NHMEX_DEBUGCTL_UNCORE_PMI))
		wrmsrl_safe(MSR_IA32_DEBUGCTLMSR, debugctl | NHMEX_DEBUGCTL_UNCORE_PMI);
}

static void nhmex_global_cpu_exit(struct xu_uncore *uc)
{
	u64 debugctl;

	if (uc->io != &xu_msr_io || rdmsrl_safe(MSR_IA32_DEBUGCTLMSR, &debugctl))
		return;
	if (debugctl & NHMEX_DEBUGCTL_UNCORE_PMI)
		wrmsrl_safe(MSR_IA32_DEBUGCTLMSR, debugctl & ~NHMEX_DEBUGCTL_UNCORE_PMI);
}

static const struct xu_global_ops nhmex_global = {
	.status		= nhmex_global_status,
	.ack		= nhmex_global_ack,
	.frozen		= nhmex_global_frozen,
	.unfreeze	= nhmex_global_unfreeze,
	.route		= nhmex_global_route,
	.cpu_init	= nhmex_global_cpu_init,
	.cpu_exit	= nhmex_global_cpu_exit,
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
EXPORT_SYMBOL_NS_GPL(xu_nhmex, XU_NS_INTERNAL);
