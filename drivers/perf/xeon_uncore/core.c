// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon-uncore core: everything perf sees.  Box types are data; this file
 * validates events against them, schedules events on counters, folds
 * counts, freezes boxes around perf's transactions, keeps one collecting
 * CPU per package and moves events when that CPU goes away.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bitops.h>
#include <linux/cpuhotplug.h>
#include <linux/irq_work.h>
#include <linux/jiffies.h>
#include <linux/math64.h>
#include <linux/namei.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/topology.h>

#include <xeon_uncore/topology.h>

#include "uncore.h"

static const char * const xu_cfg_names[] = {
	"config", "config1", "config2", "config3"
};

ssize_t xu_format_show(struct device *dev, struct device_attribute *attr,
		       char *buf)
{
	struct xu_format_attr *fmt = container_of(attr, struct xu_format_attr, attr);
	unsigned long mask = fmt->mask;
	unsigned int lo, hi;
	int len;

	len = sysfs_emit(buf, "%s:", xu_cfg_names[fmt->cfg]);
	for_each_set_bitrange(lo, hi, &mask, BITS_PER_LONG) {
		if (hi - 1 == lo)
			len += sysfs_emit_at(buf, len, "%u,", lo);
		else
			len += sysfs_emit_at(buf, len, "%u-%u,", lo, hi - 1);
	}
	buf[len - 1] = '\n';
	return len;
}

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct xu_pmu *xp = to_xu_pmu(dev_get_drvdata(dev));

	return cpumap_print_to_pagebuf(true, buf, &xp->uncore->cpumask);
}
static DEVICE_ATTR_RO(cpumask);

static struct attribute *xu_cpumask_attrs[] = {
	&dev_attr_cpumask.attr,
	NULL
};

static const struct attribute_group xu_cpumask_group = {
	.attrs = xu_cpumask_attrs,
};

u32 xu_ctl_reg(const struct xu_box *box, unsigned int i)
{
	const struct xu_box_type *t = box->pmu->type;

	if (i == t->num_counters)
		return xu_box_reg(box, t->fixed_ctl);
	return xu_box_reg(box, t->ctls ? t->ctls[i] : t->ctl0 + i * t->ctl_stride);
}
EXPORT_SYMBOL_NS_GPL(xu_ctl_reg, XU_NS_INTERNAL);

u32 xu_ctr_reg(const struct xu_box *box, unsigned int i)
{
	const struct xu_box_type *t = box->pmu->type;

	if (i == t->num_counters)
		return xu_box_reg(box, t->fixed_ctr);
	return xu_box_reg(box, t->ctrs ? t->ctrs[i] : t->ctr0 + i * t->ctr_stride);
}
EXPORT_SYMBOL_NS_GPL(xu_ctr_reg, XU_NS_INTERNAL);

/**
 * xu_validate_config() - check a perf_event_attr against a box's formats
 * @type: the box type
 * @attr: the user's attributes
 *
 * Every set bit of config, config1 and config2 must belong to a format
 * field, or be the box's enable bit 22, and every field must hold a value
 * the hardware defines.  No
 * format uses config3 (Linux 6.3 on), which must be 0.
 *
 * Return: 0 or -EINVAL.
 */
int xu_validate_config(const struct xu_box_type *type,
		       const struct perf_event_attr *attr)
{
	const u64 cfg[] = {
		attr->config, attr->config1, attr->config2,
#ifdef XU_HAVE_CONFIG3
		attr->config3,
#endif
	};
	u64 known[ARRAY_SIZE(cfg)] = { };
	struct attribute **a;
	unsigned int i;

	for (a = type->formats; *a; a++) {
		struct xu_format_attr *f;
		u64 val;

		f = container_of(*a, struct xu_format_attr, attr.attr);
		known[f->cfg] |= f->mask;
		val = (cfg[f->cfg] & f->mask) >> __ffs64(f->mask);
		if (f->max && val > f->max) {
			pr_info_ratelimited("uncore_%s: %s=%#llx is out of range (max %#llx)\n",
					    type->name, (*a)->name, val, f->max);
			return -EINVAL;
		}
	}

	/* The enable bit 22, which the driver sets anyway: Intel PCM sends it */
	known[0] |= type->ctl_en & BIT_ULL(22);
	for (i = 0; i < ARRAY_SIZE(cfg); i++) {
		if (cfg[i] & ~known[i]) {
			pr_info_ratelimited("uncore_%s: %s bits %#llx are not a format field\n",
					    type->name, xu_cfg_names[i],
					    cfg[i] & ~known[i]);
			return -EINVAL;
		}
	}
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_validate_config, XU_NS_INTERNAL);

/* Does @event count on its box's fixed counter? */
static bool xu_event_fixed(const struct xu_box_type *type,
			   const struct perf_event *event)
{
	return type->fixed_ctl && event->attr.config == type->fixed_config;
}

static unsigned long xu_constraint(const struct xu_box_type *type,
				   struct perf_event *event)
{
	unsigned long all = GENMASK(type->num_counters - 1, 0);

	if (xu_event_fixed(type, event))
		return BIT(type->num_counters);
	return type->ops->constraint ? type->ops->constraint(event) & all : all;
}

/*
 * Shared sub-registers (filters, match/mask registers).  Each event
 * claims some bits of some of its box type's sub-registers (@extra),
 * with the values it needs there, in one of up to XU_MAX_ALTS placements
 * (struct xu_claims).  Two events whose claims overlap with different
 * values never share a box: perf multiplexes them.  A register holds the
 * union of the claims of the box's events.
 *
 * The placement of an event is chosen when it is added to a box, the
 * first that fits beside the events already there, and kept in
 * hw.extra_reg.idx; hw.extra_reg.config keeps the control value as
 * configured, hw.config the one of the placement.
 */
static void xu_extra_fields(const struct xu_box_type *t,
			    struct perf_event *event, u64 *fields)
{
	unsigned int i;

	for (i = 0; i < t->num_extra; i++)
		fields[i] = t->ops->extra_fields ? 0 : t->extra[i].mask;
	if (xu_event_fixed(t, event))
		memset(fields, 0, t->num_extra * sizeof(*fields));
	else if (t->ops->extra_fields)
		t->ops->extra_fields(event, fields);
	for (i = 0; i < t->num_extra; i++)
		fields[i] &= t->extra[i].mask;
}

static u64 xu_extra_word(const struct perf_event *event, unsigned int cfg)
{
	return cfg == 1 ? event->attr.config1 : event->attr.config2;
}

/* Placement @alt of @event: its control value and claims */
static int xu_claims_get(const struct xu_box_type *t, struct perf_event *event,
			 unsigned int alt, struct xu_claims *cl)
{
	u64 used[XU_MAX_EXTRA];
	unsigned int i;

	cl->n = 0;
	cl->ctl = event->hw.extra_reg.config;
	if (t->ops->claims) {
		int ret = t->ops->claims(event, alt, cl);

		if (ret || WARN_ON_ONCE(cl->n > XU_MAX_CLAIMS))
			return ret ? ret : -EINVAL;
		for (i = 0; i < cl->n; i++)
			if (WARN_ON_ONCE(cl->c[i].slot >= t->num_extra))
				return -EINVAL;
		return 0;
	}
	if (alt)
		return -ENOENT;
	if (!t->num_extra)
		return 0;
	xu_extra_fields(t, event, used);
	for (i = 0; i < t->num_extra && cl->n < XU_MAX_CLAIMS; i++) {
		if (!used[i])
			continue;
		cl->c[cl->n].slot = i;
		cl->c[cl->n].mask = used[i];
		cl->c[cl->n].val = (xu_extra_word(event, t->extra[i].cfg) >>
				    t->extra[i].shift) & used[i];
		cl->n++;
	}
	return 0;
}

/* The placement @event has on its box */
static void xu_claims_now(const struct xu_box_type *t, struct perf_event *event,
			  struct xu_claims *cl)
{
	if (xu_claims_get(t, event, event->hw.extra_reg.idx, cl))
		cl->n = 0;
}

static bool xu_claims_clash(const struct xu_claims *a, const struct xu_claims *b)
{
	unsigned int i, j;

	for (i = 0; i < a->n; i++)
		for (j = 0; j < b->n; j++)
			if (a->c[i].slot == b->c[j].slot &&
			    ((a->c[i].val ^ b->c[j].val) & a->c[i].mask & b->c[j].mask))
				return true;
	return false;
}

/* Two sampling events in a polled box (xu_type_polled()): one waits */
static bool xu_sampling_conflict(const struct xu_box_type *t,
				 struct perf_event *a, struct perf_event *b)
{
	return xu_type_polled(t) && a != b && is_sampling_event(a) &&
	       is_sampling_event(b);
}

/*
 * The first placement of @event that fits beside the @n events of @list
 * placed as @alts say: returns it (with its claims in @cl), or -EINVAL if
 * none fits.  The others' claims are asked for again rather than kept:
 * a struct xu_claims per event would not fit on the stack.
 */
static int xu_place(const struct xu_box_type *t, struct perf_event *event,
		    struct perf_event **list, const u8 *alts, unsigned int n,
		    struct xu_claims *cl)
{
	struct xu_claims other;
	unsigned int alt, i;

	for (i = 0; i < n; i++)
		if (xu_sampling_conflict(t, event, list[i]))
			return -EINVAL;
	for (alt = 0; alt < XU_MAX_ALTS; alt++) {
		if (xu_claims_get(t, event, alt, cl))
			break;
		for (i = 0; i < n; i++) {
			if (xu_claims_get(t, list[i], alts[i], &other))
				other.n = 0;
			if (xu_claims_clash(cl, &other))
				break;
		}
		if (i == n)
			return alt;
	}
	return -EINVAL;
}

static int xu_extra_write(struct xu_box *box, const struct xu_extra_reg *er,
			  u64 val)
{
	const struct xu_box_type *t = box->pmu->type;
	struct pci_dev *pdev;

	if (t->access == XU_MSR) {
		if (!er->stride)
			return xu_write(box, xu_box_reg(box, er->reg), val);
		return xu_write(box, er->reg + box->pmu->idx * er->stride, val);
	}
	pdev = er->filter ? box->fdev : box->pdev;
	if (!pdev)
		return -ENODEV;
	return pci_write_config_dword(pdev, er->reg, val) ? -EIO : 0;
}

/*
 * Give each sub-register the union of the claims of the box's events,
 * written in the order the events claim them, where it changed.  (Two
 * passes, with one struct xu_claims on the stack: this runs in the PMI
 * too, when a throttled event restarts.)
 */
static void xu_extra_program(struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;
	u64 want[XU_MAX_EXTRA] = { };
	struct xu_claims cl;
	unsigned long done = 0;
	unsigned int e, i, s;

	if (!t->num_extra)
		return;
	for (e = 0; e < box->n_events; e++) {
		xu_claims_now(t, box->events[e], &cl);
		for (i = 0; i < cl.n; i++)
			want[cl.c[i].slot] |= cl.c[i].val & cl.c[i].mask;
	}
	for (e = 0; e < box->n_events; e++) {
		xu_claims_now(t, box->events[e], &cl);
		for (i = 0; i < cl.n; i++) {
			s = cl.c[i].slot;
			if (test_and_set_bit(s, &done) ||
			    (test_bit(s, &box->extra_set) && box->extra[s] == want[s]))
				continue;
			if (xu_extra_write(box, &t->extra[s], want[s])) {
				clear_bit(s, &box->extra_set);
				continue;
			}
			box->extra[s] = want[s];
			set_bit(s, &box->extra_set);
		}
	}
}

/*
 * Filter bits an event does not use would be dropped, and bits a format
 * covers but no filter register defines (a whole-register format, such as
 * QPI's match0) would reach reserved bits: refuse both.  And an event
 * that needs a filter function this package lacks cannot count.  (Box
 * types with their own claims check their config words themselves.)
 */
static int xu_extra_check(struct xu_box *box, struct perf_event *event)
{
	const struct xu_box_type *t = box->pmu->type;
	u64 used[XU_MAX_EXTRA];
	u64 claimed[3] = { }, wanted[3] = { };
	unsigned int i, w;

	if (!t->num_extra || t->ops->claims)
		return 0;
	xu_extra_fields(t, event, used);
	for (i = 0; i < t->num_extra; i++) {
		const struct xu_extra_reg *er = &t->extra[i];

		claimed[er->cfg] |= er->mask << er->shift;
		wanted[er->cfg] |= used[i] << er->shift;
		if (used[i] && er->filter && !box->fdev) {
			pr_info_ratelimited("%s: package %u has no filter function for this event\n",
					    event->pmu->name, box->pkg);
			return -ENODEV;
		}
	}
	for (w = 1; w < 3; w++) {
		u64 unused = xu_extra_word(event, w) & claimed[w] & ~wanted[w];
		u64 reserved = xu_extra_word(event, w) & ~claimed[w];

		if (reserved) {
			pr_info_ratelimited("%s: config%u bits %#llx are reserved in the filter registers\n",
					    event->pmu->name, w, reserved);
			return -EINVAL;
		}
		if (unused) {
			pr_info_ratelimited("%s: config%u bits %#llx are a filter this event does not use\n",
					    event->pmu->name, w, unused);
			return -EINVAL;
		}
	}
	return 0;
}

/* Kuhn's augmenting path: give event @e a counter, moving others if needed */
static bool xu_augment(const unsigned long *allowed, unsigned int e,
		       int *owner, unsigned long *seen, const int *prefer)
{
	unsigned long try = allowed[e] & ~*seen;
	unsigned int c;

	if (prefer[e] >= 0 && test_bit(prefer[e], &try)) {
		/* the event's current counter first, so nothing moves */
		c = prefer[e];
		__set_bit(c, seen);
		if (owner[c] < 0 || xu_augment(allowed, owner[c], owner, seen, prefer)) {
			owner[c] = e;
			return true;
		}
		__clear_bit(c, &try);
	}
	/* then a free counter, before moving any other event */
	for_each_set_bit(c, &try, XU_MAX_COUNTERS) {
		if (owner[c] < 0 && !test_and_set_bit(c, seen)) {
			owner[c] = e;
			return true;
		}
	}
	for_each_set_bit(c, &try, XU_MAX_COUNTERS) {
		if (test_and_set_bit(c, seen))
			continue;
		if (owner[c] < 0 || xu_augment(allowed, owner[c], owner, seen, prefer)) {
			owner[c] = e;
			return true;
		}
	}
	return false;
}

/**
 * xu_assign() - find a counter for every event, honouring constraints
 * @type:   the box type
 * @events: the events, at most type->num_counters of them
 * @n:      how many
 * @assign: out: the counter of each event
 *
 * Events keep the counter they have (hw.idx) whenever an assignment
 * allows it.  The search is exact: it fails only if no assignment exists.
 *
 * Return: 0 or -EINVAL.
 */
int xu_assign(const struct xu_box_type *type, struct perf_event **events,
	      unsigned int n, int *assign)
{
	unsigned long allowed[XU_MAX_COUNTERS];
	int owner[XU_MAX_COUNTERS], prefer[XU_MAX_COUNTERS];
	unsigned int e, c;

	if (n > xu_num_ctrs(type))
		return -EINVAL;
	for (c = 0; c < XU_MAX_COUNTERS; c++)
		owner[c] = -1;
	for (e = 0; e < n; e++) {
		allowed[e] = xu_constraint(type, events[e]);
		prefer[e] = events[e]->hw.idx;
	}
	for (e = 0; e < n; e++) {
		unsigned long seen = 0;

		if (!xu_augment(allowed, e, owner, &seen, prefer))
			return -EINVAL;
	}
	for (c = 0; c < xu_num_ctrs(type); c++)
		if (owner[c] >= 0)
			assign[owner[c]] = c;
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_assign, XU_NS_INTERNAL);

/*
 * Fold the counter's progress since the last read into event->count.
 * @wrapped: the PMI says the counter wrapped since then.  The distance
 * between two wraps is a whole turn of the counter, which the two raw
 * values alone cannot tell from none; the package stayed frozen from the
 * wrap to this fold, so a value that moved forward (backward, counting
 * down) from the last read took one more turn.
 */
void __xu_event_update(struct perf_event *event, bool wrapped)
{
	struct xu_box *box = xu_event_box(event);
	const struct xu_box_type *type = box->pmu->type;
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_ctr_bits(type, hwc->idx);
	u64 prev, now;
	s64 delta;

	do {
		prev = local64_read(&hwc->prev_count);
		if (xu_ctr_read(box, hwc->idx, &now))
			return;
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);

	if (type->ops->delta)
		delta = type->ops->delta(event, prev, now, wrapped);
	else
		delta = (now - prev) & GENMASK_ULL(width - 1, 0);
	if (wrapped && !type->ops->delta && now > prev)
		delta += BIT_ULL(width);
	local64_add(delta, &event->count);
	local64_sub(delta, &hwc->period_left);
}

static void xu_event_update(struct perf_event *event)
{
	__xu_event_update(event, false);
}

/* Does this box fold overflows in the PMI rather than by polling? */
static bool xu_box_pmi(const struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;

	return box->pmu->uncore->pmi && t->ctl_pmi && !xu_type_polled(t);
}

/*
 * Arm a sampling event: preload its counter with 2^width - left, so that
 * it overflows after the events left in the current period.
 * Returns true if a period ended since the last call.
 */
bool xu_set_period(struct perf_event *event)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;
	unsigned int width = xu_ctr_bits(box->pmu->type, hwc->idx);
	s64 left = local64_read(&hwc->period_left);
	s64 period = hwc->sample_period;
	bool ended = false;
	u64 val;

	if (unlikely(left <= -period)) {
		left = period;
		ended = true;
	} else if (unlikely(left <= 0)) {
		left += period;
		ended = true;
	}
	if (ended) {
		local64_set(&hwc->period_left, left);
		hwc->last_period = period;
	}
	/* half the counter's range, so that a late PMI still sees the wrap */
	left = min_t(s64, left, BIT_ULL(width - 1));
	if (box->pmu->type->ops->period_fixup)
		left = box->pmu->type->ops->period_fixup(event, left);

	val = (u64)-left & GENMASK_ULL(width - 1, 0);
	local64_set(&hwc->prev_count, val);
	xu_ctr_write(box, hwc->idx, val);
	return ended;
}

/* Poll the counters of a box that no overflow interrupt folds */
static enum hrtimer_restart xu_poll(struct hrtimer *timer)
{
	struct xu_box *box = container_of(timer, struct xu_box, timer);
	struct xu_pkg *p = xu_box_pkg(box);
	unsigned int i, n;

	if (topology_logical_package_id(smp_processor_id()) != box->pkg)
		return HRTIMER_NORESTART;
	xu_pkg_lock(p);
	for (i = 0; i < xu_num_ctrs(box->pmu->type); i++)
		if (box->active[i])
			xu_event_update(box->active[i]);
	/* a sampling event of a polled box is unthrottled here */
	if (__xu_unthrottle_box(box))
		schedule_work(&box->pmu->uncore->rate_work);
	n = box->n_active;
	xu_pkg_unlock(p);
	if (!n)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ns_to_ktime(box->pmu->uncore->poll_ns));
	return HRTIMER_RESTART;
}

static struct xu_box *xu_this_box(struct pmu *pmu)
{
	struct xu_pmu *xp = to_xu_pmu(pmu);

	return &xp->boxes[topology_logical_package_id(smp_processor_id())];
}

/*
 * perf brackets every change of a PMU's events with pmu_disable and
 * pmu_enable, and may nest the brackets.  The box is frozen lazily, at
 * the first counter that starts or stops inside the bracket, so that the
 * counters changed together start and stop together while a bracket that
 * changes nothing costs no register access.
 */
static void xu_pmu_disable(struct pmu *pmu)
{
	struct xu_box *box = xu_this_box(pmu);
	struct xu_pkg *p = xu_box_pkg(box);

	xu_pkg_lock(p);
	box->disabled++;
	xu_pkg_unlock(p);
}

static void xu_pmu_enable(struct pmu *pmu)
{
	struct xu_box *box = xu_this_box(pmu);
	struct xu_pkg *p = xu_box_pkg(box);

	xu_pkg_lock(p);
	if (!WARN_ON_ONCE(!box->disabled) && !--box->disabled && box->frozen) {
		box->pmu->type->ops->unfreeze(box);
		box->frozen = false;
	}
	xu_pkg_unlock(p);
}

static void xu_box_freeze_for_txn(struct xu_box *box)
{
	if (box->disabled && !box->frozen && box->pmu->type->ops->freeze) {
		box->pmu->type->ops->freeze(box);
		box->frozen = true;
	}
}

/* Start counting; the package is locked */
void __xu_event_start(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;
	u64 now;

	if (WARN_ON_ONCE(!(hwc->state & PERF_HES_STOPPED)))
		return;

	xu_box_freeze_for_txn(box);
	/*
	 * perf's tick steers frequency events too, stopping and restarting
	 * them around it: it takes the events of a tick-less idle stretch
	 * for one tick's (before 6.4).  The period steered at the overflows
	 * wins; config_base, which nothing else uses here, keeps it.
	 */
	if (event->attr.freq && hwc->config_base &&
	    hwc->sample_period != hwc->config_base) {
		hwc->sample_period = hwc->config_base;
		perf_event_update_userpage(event);
	}
	/*
	 * A period that ended while the event was stopped (perf's tick
	 * stops and restarts frequency events, and may do so between an
	 * overflow and its PMI) still owes its sample: event_base notes it
	 * for the next walk.
	 */
	if (is_sampling_event(event)) {
		if (xu_set_period(event))
			hwc->event_base = 1;
	} else {
		if (xu_ctr_read(box, hwc->idx, &now))
			return;
		local64_set(&hwc->prev_count, now);
	}
	xu_extra_program(box);

	hwc->state = 0;
	box->active[hwc->idx] = event;
	if (xu_write(box, xu_ctl_reg(box, hwc->idx), hwc->config)) {
		box->active[hwc->idx] = NULL;
		hwc->state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
		return;
	}
	xu_freq_start(event);
	if (box->n_active++ == 0 && !xu_box_pmi(box))
		hrtimer_start(&box->timer, ns_to_ktime(box->pmu->uncore->poll_ns),
			      HRTIMER_MODE_REL_PINNED_HARD);
}

/* Stop counting, and fold the count with PERF_EF_UPDATE; locked */
void __xu_event_stop(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	struct hw_perf_event *hwc = &event->hw;

	if (!(hwc->state & PERF_HES_STOPPED)) {
		xu_box_freeze_for_txn(box);
		xu_write(box, xu_ctl_reg(box, hwc->idx), 0);
		box->active[hwc->idx] = NULL;
		hwc->state |= PERF_HES_STOPPED;
		xu_freq_stop(event);
		/* a running poll sees n_active 0 and stops by itself */
		if (--box->n_active == 0 && !xu_box_pmi(box))
			hrtimer_try_to_cancel(&box->timer);
	}

	if ((flags & PERF_EF_UPDATE) && !(hwc->state & PERF_HES_UPTODATE)) {
		xu_event_update(event);
		hwc->state |= PERF_HES_UPTODATE;
		/*
		 * A sampling event leaves its counter preloaded up to a period
		 * below 2^48; the next event on the counter would start there,
		 * and one that stops at its limit (M-Box wrap_mode=0) would
		 * count almost nothing.  Nothing reads the counter before the
		 * event's next start sets its period again.
		 */
		if (is_sampling_event(event))
			xu_ctr_write(box, hwc->idx, 0);
	}
}

static void xu_event_start(struct perf_event *event, int flags)
{
	struct xu_pkg *p = xu_box_pkg(xu_event_box(event));

	xu_pkg_lock(p);
	/* perf restarts a throttled event at its tick (frequency mode) */
	xu_event_throttle_clear(event);
	__xu_event_start(event, flags);
	xu_pkg_unlock(p);
}

static void xu_event_stop(struct perf_event *event, int flags)
{
	struct xu_pkg *p = xu_box_pkg(xu_event_box(event));

	xu_pkg_lock(p);
	__xu_event_stop(event, flags);
	xu_pkg_unlock(p);
}

static int __xu_event_add(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	int assign[XU_MAX_COUNTERS];
	unsigned int i, n = box->n_events;

	const struct xu_box_type *t = box->pmu->type;
	u8 alts[XU_MAX_COUNTERS];
	struct xu_claims cl;
	int alt;

	if (n == xu_num_ctrs(t))
		return -EINVAL;
	/*
	 * A sub-register value another event of the box holds, in every
	 * placement: perf multiplexes
	 */
	for (i = 0; i < n; i++)
		alts[i] = box->events[i]->hw.extra_reg.idx;
	alt = xu_place(t, event, box->events, alts, n, &cl);
	if (alt < 0)
		return alt;
	event->hw.idx = -1;
	box->events[n] = event;
	if (xu_assign(t, box->events, n + 1, assign))
		return -EINVAL;
	box->n_events = n + 1;
	event->hw.extra_reg.idx = alt;
	event->hw.config = cl.ctl;

	/* Move the events the new one displaced: stop all, then restart */
	for (i = 0; i < n; i++) {
		struct perf_event *ev = box->events[i];

		if (ev->hw.idx != assign[i] && !(ev->hw.state & PERF_HES_STOPPED)) {
			__xu_event_stop(ev, PERF_EF_UPDATE);
			ev->hw.state |= PERF_HES_ARCH;
		}
	}
	for (i = 0; i < n; i++) {
		struct perf_event *ev = box->events[i];

		ev->hw.idx = assign[i];
		if (ev->hw.state & PERF_HES_ARCH) {
			ev->hw.state &= ~PERF_HES_ARCH;
			__xu_event_start(ev, PERF_EF_RELOAD);
		}
	}

	event->hw.idx = assign[n];
	event->hw.state = PERF_HES_UPTODATE | PERF_HES_STOPPED;
	xu_event_throttle_clear(event);
	if (flags & PERF_EF_START)
		__xu_event_start(event, 0);
	return 0;
}

static int xu_event_add(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	struct xu_pkg *p = xu_box_pkg(box);
	int ret;

	xu_pkg_lock(p);
	ret = __xu_event_add(event, flags);
	xu_pkg_unlock(p);
	if (!ret)
		xu_pmi_watchdog_kick(box);
	return ret;
}

static void xu_event_del(struct perf_event *event, int flags)
{
	struct xu_box *box = xu_event_box(event);
	struct xu_pkg *p = xu_box_pkg(box);
	unsigned int i;

	xu_pkg_lock(p);
	__xu_event_stop(event, PERF_EF_UPDATE);
	for (i = 0; i < box->n_events; i++) {
		if (box->events[i] == event) {
			box->events[i] = box->events[--box->n_events];
			box->events[box->n_events] = NULL;
			break;
		}
	}
	event->hw.idx = -1;
	xu_pkg_unlock(p);
}

/*
 * perf may read an event on any CPU of its package
 * (PERF_EV_CAP_READ_ACTIVE_PKG), and from a sample of another event, in
 * the PMI walk that holds the package lock.  An NMI that finds the lock
 * taken by someone else leaves the count as it was.
 */
static void xu_event_read(struct perf_event *event)
{
	struct xu_pkg *p = xu_box_pkg(xu_event_box(event));
	bool nested = xu_pkg_locked_here(p);

	lockdep_assert_irqs_disabled();
	if (!nested) {
		if (!in_nmi())
			xu_pkg_lock(p);
		else if (xu_event_box(event)->pmu->type->access == XU_PCI ||
			 !xu_pkg_trylock(p))
			return;	/* PCI accesses are not for NMI context */
	}
	if (!(event->hw.state & PERF_HES_STOPPED))
		xu_event_update(event);
	if (!nested)
		xu_pkg_unlock(p);
}

/*
 * Transactions.  PERF_PMU_TXN_ADD brackets a group's adds as
 * pmu_disable/pmu_enable would.  PERF_PMU_TXN_READ (perf's group read,
 * on any CPU of the package) holds the package lock from the first read
 * to the last and freezes the box once, so that the group's counts are
 * taken at one instant.
 */
struct xu_txn {
	unsigned int flags;
	struct xu_box *box;
	bool froze;
};

static DEFINE_PER_CPU(struct xu_txn, xu_txn);

static void xu_start_txn(struct pmu *pmu, unsigned int flags)
{
	struct xu_txn *txn = this_cpu_ptr(&xu_txn);
	struct xu_box *box;

	txn->flags = flags;
	txn->froze = false;
	if (flags & PERF_PMU_TXN_ADD) {
		xu_pmu_disable(pmu);
		return;
	}
	if (!(flags & PERF_PMU_TXN_READ))
		return;
	lockdep_assert_irqs_disabled();
	box = xu_this_box(pmu);
	txn->box = box;
	xu_pkg_lock(xu_box_pkg(box));
	if (!box->frozen && box->n_active > 1 && box->pmu->type->ops->freeze) {
		box->pmu->type->ops->freeze(box);
		txn->froze = true;
	}
}

static void xu_end_txn(struct pmu *pmu)
{
	struct xu_txn *txn = this_cpu_ptr(&xu_txn);
	struct xu_box *box = txn->box;

	if (txn->flags & PERF_PMU_TXN_ADD) {
		xu_pmu_enable(pmu);
	} else if (txn->flags & PERF_PMU_TXN_READ) {
		if (txn->froze)
			box->pmu->type->ops->unfreeze(box);
		xu_pkg_unlock(xu_box_pkg(box));
	}
	txn->flags = 0;
	txn->box = NULL;
}

static int xu_commit_txn(struct pmu *pmu)
{
	xu_end_txn(pmu);
	return 0;
}

static void xu_cancel_txn(struct pmu *pmu)
{
	xu_end_txn(pmu);
}

static int xu_collect(struct perf_event *event, struct perf_event *ev,
		      struct perf_event **list, unsigned int *n)
{
	if (is_software_event(ev))
		return 0;
	if (ev->pmu != event->pmu)
		return -EINVAL;
	if (*n == xu_num_ctrs(to_xu_pmu(event->pmu)->type))
		return -EINVAL;
	list[(*n)++] = ev;
	return 0;
}

/* Can the group @event joins be scheduled on an empty box? */
static int xu_validate_group(struct perf_event *event)
{
	const struct xu_box_type *type = to_xu_pmu(event->pmu)->type;
	struct perf_event *leader = event->group_leader, *sib;
	struct perf_event *list[XU_MAX_COUNTERS];
	u8 alts[XU_MAX_COUNTERS];
	struct xu_claims cl;
	int assign[XU_MAX_COUNTERS];
	unsigned int n = 0, i;

	if (xu_collect(event, leader, list, &n))
		return -EINVAL;
	for_each_sibling_event(sib, leader)
		if (xu_collect(event, sib, list, &n))
			return -EINVAL;
	if (event != leader && xu_collect(event, event, list, &n))
		return -EINVAL;
	/*
	 * Placed in the order perf adds them, as on an empty box: a group
	 * whose members need different sub-register values never runs
	 */
	for (i = 0; i < n; i++) {
		int alt = xu_place(type, list[i], list, alts, i, &cl);

		if (alt < 0)
			return -EINVAL;
		alts[i] = alt;
	}
	return xu_assign(type, list, n, assign);
}

/*
 * perf refuses PERF_EVENT_IOC_SET_BPF (and BPF links) on an event whose
 * overflow_handler_context is set.  A BPF perf_event program runs inside
 * perf_event_overflow() on 6.10 and later, which modules cannot call, so
 * the driver could not run it: it is refused on every kernel.
 */
static const char xu_no_bpf[] = "xeon_uncore: no BPF";

static int xu_event_init(struct perf_event *event)
{
	struct xu_pmu *xp = to_xu_pmu(event->pmu);
	const struct xu_box_type *type = xp->type;
	struct perf_event_attr *attr = &event->attr;
	struct xu_box *box;
	int ret;

	if (attr->type != event->pmu->type)
		return -ENOENT;

	/* Uncore counters count for a whole package, never for a task */
	if (event->cpu < 0 || event->attach_state & PERF_ATTACH_TASK)
		return -EINVAL;

	if (is_sampling_event(event) && !(xp->uncore->pmi && type->ctl_pmi)) {
		pr_info_ratelimited("%s: sampling needs an overflow interrupt: %s\n",
				    xp->name, !xp->uncore->plat->global ?
				    xp->uncore->plat->no_pmi : xp->uncore->pmi ?
				    "this box cannot raise one" : "pmi=0 turned them off");
		return -EOPNOTSUPP;
	}
	if (attr->precise_ip || has_branch_stack(event))
		return -EOPNOTSUPP;

	ret = xu_validate_config(type, attr);
	if (!ret && type->ops->validate)
		ret = type->ops->validate(event);
	if (ret)
		return ret;

	box = &xp->boxes[topology_logical_package_id(event->cpu)];
	if (READ_ONCE(box->cpu) < 0)
		return -ENODEV;
	if (!xu_box_here(box)) {
		pr_info_ratelimited("%s: package %u lacks this box's PCI function\n",
				    xp->name, box->pkg);
		return -ENODEV;
	}
	ret = xu_extra_check(box, event);
	if (ret)
		return ret;

	if (is_sampling_event(event))
		xu_sample_rate_refresh(xp->uncore);
	if (!event->overflow_handler_context)
		event->overflow_handler_context = (void *)xu_no_bpf;
	event->cpu = READ_ONCE(box->cpu);
	event->pmu_private = box;
	event->event_caps |= PERF_EV_CAP_READ_ACTIVE_PKG;
	if (xu_event_fixed(type, event)) {
		event->hw.config = type->fixed_en;
	} else {
		event->hw.config = (attr->config & ~type->cfg_sw) | type->ctl_en;
		if (is_sampling_event(event))
			event->hw.config |= type->ctl_sample;
	}
	if (xp->uncore->pmi && (!xu_type_polled(type) || is_sampling_event(event)))
		event->hw.config |= type->ctl_pmi;
	event->hw.extra_reg.config = event->hw.config;
	event->hw.extra_reg.idx = 0;
	event->hw.idx = -1;

	return xu_validate_group(event);
}

static void xu_box_init_one(struct xu_box *box)
{
	const struct xu_box_ops *ops = box->pmu->type->ops;

	if (!xu_box_here(box))
		return;
	box->extra_set = 0;
	if (ops->init_box && ops->init_box(box))
		pr_warn("%s: box of package %u does not answer\n",
			box->pmu->name, box->pkg);
}

static void xu_pkg_set_cpu(struct xu_uncore *uc, unsigned int pkg, int cpu)
{
	unsigned int i;

	for (i = 0; i < uc->num_pmus; i++)
		WRITE_ONCE(uc->pmus[i].boxes[pkg].cpu, cpu);
}

/*
 * Restart now the throttled events whose unthrottle timer was pinned to
 * @cpu, which is going away; process context, on @cpu.
 */
static void xu_pkg_unthrottle_now(struct xu_uncore *uc, unsigned int pkg)
{
	unsigned int i;

	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[pkg];

		if (!xu_box_pmi(box))
			continue;
		irq_work_sync(&box->unthrottle_work);
		if (hrtimer_cancel(&box->timer)) {
			local_irq_disable();
			xu_unthrottle(&box->timer);
			local_irq_enable();
		}
	}
}

static int xu_cpu_online(unsigned int cpu, struct hlist_node *node)
{
	struct xu_uncore *uc = hlist_entry_safe(node, struct xu_uncore, node);
	unsigned int pkg = topology_logical_package_id(cpu);
	unsigned int i;

	if (uc->pmi) {
		if (uc->plat->global->cpu_init)
			uc->plat->global->cpu_init(uc);
		xu_pmi_lvtpc_arm();
	}
	if (uc->pmus[0].boxes[pkg].cpu >= 0)
		return 0;

	/* The package's first CPU collects; its boxes may have lost state */
	for (i = 0; i < uc->num_pmus; i++)
		xu_box_init_one(&uc->pmus[i].boxes[pkg]);
	cpumask_set_cpu(cpu, &uc->cpumask);
	xu_pkg_set_cpu(uc, pkg, cpu);
	xu_pmi_pkg_start(uc);
	return 0;
}

/*
 * The collecting CPU goes: stop the package's PMIs (which freezes it),
 * move the events, name the new collecting CPU, then route the PMIs to it
 * and walk what overflowed meanwhile, there.  Timers pinned to this CPU
 * are cancelled first: they must not run on a CPU of another package.
 */
static int xu_cpu_offline(unsigned int cpu, struct hlist_node *node)
{
	struct xu_uncore *uc = hlist_entry_safe(node, struct xu_uncore, node);
	unsigned int pkg = topology_logical_package_id(cpu);
	unsigned int target, i;

	if (uc->pmi) {
		irq_work_sync(&uc->pkgs[pkg].walk_work);
		xu_pkg_unthrottle_now(uc, pkg);
	}
	if (!cpumask_test_cpu(cpu, &uc->cpumask))
		return 0;

	xu_pmi_pkg_stop(uc, pkg);
	target = cpumask_any_but(topology_core_cpumask(cpu), cpu);
	if (target < nr_cpu_ids)
		for (i = 0; i < uc->num_pmus; i++)
			if (uc->pmus[i].registered)
				perf_pmu_migrate_context(&uc->pmus[i].pmu, cpu, target);

	cpumask_clear_cpu(cpu, &uc->cpumask);
	if (target >= nr_cpu_ids) {
		xu_pkg_set_cpu(uc, pkg, -1);
		return 0;
	}
	cpumask_set_cpu(target, &uc->cpumask);
	xu_pkg_set_cpu(uc, pkg, target);
	smp_call_function_single(target, xu_pmi_pkg_start, uc, true);
	return 0;
}

static enum cpuhp_state xu_hp_state;

static void xu_pmu_setup(struct xu_uncore *uc, struct xu_pmu *xp,
			 const struct xu_box_type *type, unsigned int idx)
{
	unsigned int pkg;

	xp->type = type;
	xp->idx = idx;
	xp->uncore = uc;
	if (type->num_boxes == 1)
		snprintf(xp->name, sizeof(xp->name), "uncore_%s", type->name);
	else
		snprintf(xp->name, sizeof(xp->name), "uncore_%s_%u", type->name, idx);

	xp->format_group.name = "format";
	xp->format_group.attrs = type->formats;
	xp->events_group.name = "events";
	xp->events_group.attrs = type->events;
	xp->groups[0] = &xp->format_group;
	xp->groups[1] = &xu_cpumask_group;
	xp->groups[2] = type->events ? &xp->events_group : NULL;

	xp->pmu = (struct pmu) {
		.module		= uc->io->owner ?: THIS_MODULE,
		.task_ctx_nr	= perf_invalid_context,
		.capabilities	= PERF_PMU_CAP_NO_EXCLUDE,
		.attr_groups	= xp->groups,
		.event_init	= xu_event_init,
		.add		= xu_event_add,
		.del		= xu_event_del,
		.start		= xu_event_start,
		.stop		= xu_event_stop,
		.read		= xu_event_read,
		.pmu_enable	= xu_pmu_enable,
		.pmu_disable	= xu_pmu_disable,
		.start_txn	= xu_start_txn,
		.commit_txn	= xu_commit_txn,
		.cancel_txn	= xu_cancel_txn,
	};
	if (!uc->pmi || !type->ctl_pmi)
		xp->pmu.capabilities |= PERF_PMU_CAP_NO_INTERRUPT;

	for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
		struct xu_box *box = &xp->boxes[pkg];

		box->pmu = xp;
		box->pkg = pkg;
		box->cpu = -1;
		box->io = uc->io;
		box->io_priv = uc->io_priv;
		hrtimer_init(&box->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
		box->timer.function = xu_box_pmi(box) ? xu_unthrottle : xu_poll;
		init_irq_work(&box->unthrottle_work, xu_unthrottle_later);
	}
}

/**
 * xu_uncore_free() - free what xu_uncore_alloc() set up
 * @uc: the uncore
 */
void xu_uncore_free(struct xu_uncore *uc)
{
	unsigned int i, pkg;

	for (i = 0; uc->pmus && i < uc->num_pmus; i++) {
		for (pkg = 0; uc->pmus[i].boxes && pkg < uc->num_pkgs; pkg++) {
			irq_work_sync(&uc->pmus[i].boxes[pkg].unthrottle_work);
			hrtimer_cancel(&uc->pmus[i].boxes[pkg].timer);
		}
	}
	for (pkg = 0; uc->pkgs && pkg < uc->num_pkgs; pkg++) {
		hrtimer_cancel(&uc->pkgs[pkg].watchdog);
		irq_work_sync(&uc->pkgs[pkg].walk_work);
	}
	if (uc->rate_work.func)
		cancel_work_sync(&uc->rate_work);
	xu_pci_release(uc);
	for (i = 0; uc->pmus && i < uc->num_pmus; i++)
		kfree(uc->pmus[i].boxes);
	kfree(uc->pmus);
	kfree(uc->pkgs);
	uc->pmus = NULL;
	uc->pkgs = NULL;
}
EXPORT_SYMBOL_NS_GPL(xu_uncore_free, XU_NS_INTERNAL);

/* The most cores a package has, offline ones included; 0: no memory */
static unsigned int xu_cores_per_pkg(void)
{
	unsigned int cpu, most = 1, *n;

	n = kcalloc(topology_max_packages(), sizeof(*n), GFP_KERNEL);
	if (!n)
		return 0;
	for_each_present_cpu(cpu) {
		unsigned int pkg = topology_logical_package_id(cpu);

		if (pkg < topology_max_packages() && xu_cpu_core_first(cpu))
			most = max(most, ++n[pkg]);
	}
	kfree(n);
	return most;
}

static unsigned int xu_type_boxes(const struct xu_box_type *t,
				  unsigned int cores)
{
	return t->per_core ? min(t->num_boxes, cores) : t->num_boxes;
}

/**
 * xu_uncore_alloc() - set up @uc's PMUs and boxes without registering them
 * @uc: plat, io, io_priv, poll_ns, pmi and max_sample_rate filled in by
 *      the caller
 *
 * xu_uncore_init() starts here; the KUnit suites, which drive a private
 * simulator through the driver's own code, stop here: nothing is
 * registered with perf, no CPU collects, no NMI handler is installed, no
 * box is initialised.  The PCI boxes' functions are found (and held)
 * here, in the domain of @uc's accessors.
 *
 * Return: 0, -ENOMEM, or the errno of the PCI boxes' discovery
 * (xu_pci_discover()); free with xu_uncore_free().
 */
int xu_uncore_alloc(struct xu_uncore *uc)
{
	/* counted once, so that sizing and filling the PMUs agree */
	unsigned int cores = xu_cores_per_pkg();
	const struct xu_box_type * const *t;
	unsigned int n = 0, i;
	int ret;

	if (!cores)
		return -ENOMEM;

	/* before the boxes pick their timer: a PMI needs the platform's */
	uc->pmi = uc->pmi && uc->plat->global;
	uc->num_pkgs = topology_max_packages();
	if (!uc->max_sample_rate)
		uc->max_sample_rate = uc->samples_per_tick * HZ ?: 10000;
	uc->samples_per_tick = DIV_ROUND_UP(uc->max_sample_rate, HZ);
	INIT_WORK(&uc->rate_work, xu_sample_rate_work);
	uc->pkgs = kcalloc(uc->num_pkgs, sizeof(*uc->pkgs), GFP_KERNEL);
	for (t = uc->plat->types; *t; t++) {
		n += xu_type_boxes(*t, cores);
		uc->walk_in_irq |= (*t)->access == XU_PCI;
	}
	uc->pmus = kcalloc(n, sizeof(*uc->pmus), GFP_KERNEL);
	if (!uc->pmus || !uc->pkgs)
		goto nomem;
	uc->num_pmus = n;
	for (i = 0; i < uc->num_pkgs; i++)
		xu_pmi_pkg_init(uc, i);

	n = 0;
	for (t = uc->plat->types; *t; t++) {
		for (i = 0; i < xu_type_boxes(*t, cores); i++, n++) {
			uc->pmus[n].boxes = kcalloc(uc->num_pkgs,
						    sizeof(struct xu_box),
						    GFP_KERNEL);
			if (!uc->pmus[n].boxes)
				goto nomem;
			xu_pmu_setup(uc, &uc->pmus[n], *t, i);
		}
	}
	ret = xu_pci_discover(uc);
	if (ret) {
		xu_uncore_free(uc);
		return ret;
	}
	return 0;

nomem:
	xu_uncore_free(uc);
	return -ENOMEM;
}
EXPORT_SYMBOL_NS_GPL(xu_uncore_alloc, XU_NS_INTERNAL);

/*
 * System sleep.  The CPUs but the boot CPU go offline first, through the
 * hotplug callbacks above, and come back through them after the resume,
 * setting their packages up again.  The boot CPU's package is the one
 * left: its events are folded before the sleep, which may lose every
 * uncore register, and its boxes are set up and its events restarted
 * after it.  syscore callbacks run on the boot CPU with interrupts off.
 */
static struct xu_uncore *xu_pm_uncore;

static int xu_suspend(void)
{
	struct xu_uncore *uc = xu_pm_uncore;
	unsigned int pkg = topology_logical_package_id(smp_processor_id());
	unsigned int i, c;

	if (!uc || uc->pmus[0].boxes[pkg].cpu < 0)
		return 0;
	xu_pkg_lock(&uc->pkgs[pkg]);
	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[pkg];

		for (c = 0; c < box->n_events; c++) {
			struct perf_event *event = box->events[c];

			if (event->hw.state & PERF_HES_STOPPED)
				continue;
			__xu_event_stop(event, PERF_EF_UPDATE);
			event->hw.state |= PERF_HES_ARCH;
		}
	}
	xu_pkg_unlock(&uc->pkgs[pkg]);
	return 0;
}

static void xu_resume(void)
{
	struct xu_uncore *uc = xu_pm_uncore;
	unsigned int cpu = smp_processor_id();
	unsigned int pkg = topology_logical_package_id(cpu);
	unsigned int i, c;

	if (!uc || uc->pmus[0].boxes[pkg].cpu < 0)
		return;
	if (uc->pmi) {
		if (uc->plat->global->cpu_init)
			uc->plat->global->cpu_init(uc);
		xu_pmi_lvtpc_arm();
	}
	xu_pkg_lock(&uc->pkgs[pkg]);
	for (i = 0; i < uc->num_pmus; i++)
		xu_box_init_one(&uc->pmus[i].boxes[pkg]);
	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_box *box = &uc->pmus[i].boxes[pkg];

		for (c = 0; c < box->n_events; c++) {
			struct perf_event *event = box->events[c];

			if (!(event->hw.state & PERF_HES_ARCH))
				continue;
			event->hw.state &= ~PERF_HES_ARCH;
			__xu_event_start(event, PERF_EF_RELOAD);
		}
	}
	if (uc->pmi) {
		uc->plat->global->route(&uc->pmus[0].boxes[pkg],
					uc->pmus[0].boxes[pkg].cpu);
		xu_pmi_walk(uc, pkg, NULL, true);
	}
	xu_pkg_unlock(&uc->pkgs[pkg]);
}

static struct xu_syscore xu_pm = {
	.suspend	= xu_suspend,
	.resume		= xu_resume,
};

static void xu_exit_pkg(void *data)
{
	struct xu_uncore *uc = data;
	unsigned int pkg = topology_logical_package_id(smp_processor_id());
	int i;

	xu_pkg_lock(&uc->pkgs[pkg]);
	/* Reverse order: the U-Box, which owns the global enable, goes last */
	for (i = uc->num_pmus - 1; i >= 0; i--) {
		struct xu_box *box = &uc->pmus[i].boxes[pkg];

		if (box->pmu->type->ops->exit_box && xu_box_here(box))
			box->pmu->type->ops->exit_box(box);
	}
	xu_pkg_unlock(&uc->pkgs[pkg]);
}

static void xu_cpu_exit(void *data)
{
	struct xu_uncore *uc = data;

	uc->plat->global->cpu_exit(uc);
}

/*
 * Has any package the box?  A PCI box whose function no package has (a
 * BIOS may hide them) is not registered: it would read zero.
 */
static bool xu_pmu_here(struct xu_pmu *xp)
{
	unsigned int pkg;

	for (pkg = 0; pkg < xp->uncore->num_pkgs; pkg++)
		if (xu_box_here(&xp->boxes[pkg]))
			return true;
	pr_info("%s: no package has its PCI function (8086:%04x); not registered\n",
		xp->name, xp->type->pci_ids[xp->idx]);
	return false;
}

/*
 * Another driver's PMU of the same name (the in-kernel intel_uncore's):
 * refuse, rather than have perf_pmu_register() fail on the sysfs name.
 */
static int xu_pmu_name_free(struct xu_pmu *xp)
{
	char path[64];
	struct path p;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s", xp->name);
	if (kern_path(path, 0, &p))
		return 0;
	path_put(&p);
	pr_err("a PMU named %s exists already, most likely the in-kernel intel_uncore driver's: unload it (rmmod intel_uncore) or blacklist it (modprobe.blacklist=intel_uncore) first\n",
	       xp->name);
	return -EBUSY;
}

static void xu_unregister(struct xu_uncore *uc)
{
	unsigned int i;

	for (i = 0; i < uc->num_pmus; i++) {
		if (uc->pmus[i].registered)
			perf_pmu_unregister(&uc->pmus[i].pmu);
		uc->pmus[i].registered = false;
	}
}

/**
 * xu_uncore_init() - register every PMU of @uc with perf
 * @uc: as for xu_uncore_alloc()
 *
 * Return: 0 or a negative errno; on error nothing stays registered.
 */
int xu_uncore_init(struct xu_uncore *uc)
{
	unsigned int i, n;
	int ret;

	ret = xu_uncore_alloc(uc);
	if (ret)
		return ret;

	if (uc->pmi) {
		ret = xu_pmi_register(uc);
		if (ret)
			goto free;
	}

	/* Picks the collecting CPUs and sets up the boxes, on their packages */
	ret = cpuhp_state_add_instance(xu_hp_state, &uc->node);
	if (ret)
		goto nmi;

	for (i = 0; i < uc->num_pmus; i++) {
		struct xu_pmu *xp = &uc->pmus[i];

		if (!xu_pmu_here(xp))
			continue;
		ret = xu_pmu_name_free(xp);
		if (ret)
			goto unregister;
		ret = perf_pmu_register(&xp->pmu, xp->name, -1);
		if (ret) {
			pr_err("%s: perf_pmu_register failed: %d\n", xp->name, ret);
			goto unregister;
		}
		xp->registered = true;
	}
	xu_pm_uncore = uc;
	xu_syscore_register(&xu_pm);
	for (i = 0, n = 0; i < uc->num_pmus; i++)
		n += uc->pmus[i].registered;
	pr_info("%u PMUs of %s on %u package(s), %s registers, overflows %s\n",
		n, uc->plat->name, uc->num_pkgs, uc->io->name,
		uc->pmi ? "by PMI" : "by polling");
	return 0;

unregister:
	xu_uncore_exit(uc);
	return ret;
nmi:
	if (uc->pmi)
		xu_pmi_unregister(uc);
free:
	xu_uncore_free(uc);
	return ret;
}

void xu_uncore_exit(struct xu_uncore *uc)
{
	unsigned int cpu;

	if (xu_pm_uncore == uc) {
		xu_syscore_unregister(&xu_pm);
		xu_pm_uncore = NULL;
	}
	xu_unregister(uc);

	cpuhp_state_remove_instance_nocalls(xu_hp_state, &uc->node);
	cpus_read_lock();
	for_each_cpu(cpu, &uc->cpumask)
		smp_call_function_single(cpu, xu_exit_pkg, uc, true);
	cpumask_clear(&uc->cpumask);
	if (uc->pmi && uc->plat->global->cpu_exit)
		on_each_cpu(xu_cpu_exit, uc, true);
	cpus_read_unlock();

	if (uc->io->quiesce)
		uc->io->quiesce(uc->io_priv);
	if (uc->pmi)
		xu_pmi_unregister(uc);
	xu_uncore_free(uc);
}

int xu_core_init(void)
{
	int ret;

	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN,
				      "perf/x86/xeon_uncore:online",
				      xu_cpu_online, xu_cpu_offline);
	if (ret < 0)
		return ret;
	xu_hp_state = ret;
	return 0;
}

void xu_core_exit(void)
{
	cpuhp_remove_multi_state(xu_hp_state);
}
