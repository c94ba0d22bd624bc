// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon-uncore placement: where an event may count.  The format fields
 * that describe perf_event_attr (shown in sysfs, and the only bits an
 * event may set), the hardware's counter constraints, the claims events
 * make on the sub-registers their box shares (filters, match and mask
 * registers), and the search that gives every event of a box a counter.
 * Below it lies only io.c, through which the shared sub-registers are
 * written.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <kunit/visibility.h>

#include <linux/bitops.h>
#include <linux/sysfs.h>

#include "compat.h"
#include "io.h"
#include "sched.h"

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

/**
 * xu_validate_config() - check a perf_event_attr against a box's formats
 * @type: the box type
 * @attr: the user's attributes
 *
 * Every set bit of config, config1 and config2 must belong to a format
 * field, and every field must hold a value the hardware defines.  No
 * format uses config3 (Linux 6.3 on), which must be 0.  One bit no format
 * names is taken: config bit 22 on a box whose counter control has its
 * enable bit there, which the driver sets anyway.  Intel PCM
 * (PCM_USE_UNCORE_PERF=1) sends the control's value, enable included.
 *
 * Return: 0 or -EINVAL.
 */
int xu_validate_config(const struct xu_box_type *type,
		       const struct perf_event_attr *attr)
{
	const u64 cfg[] = {
		attr->config, attr->config1, attr->config2,
		xu_attr_config3(attr),
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

	known[0] |= type->ctl_en & XU_CFG_EN;
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
EXPORT_SYMBOL_IF_KUNIT(xu_validate_config);

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
static u64 xu_extra_word(const struct perf_event *event, unsigned int cfg)
{
	return cfg == 1 ? event->attr.config1 : event->attr.config2;
}

/*
 * The bits of each sub-register of @box's type that @event uses.  In a
 * filter function the package lacks (struct xu_box.fdev NULL: no ID
 * known, or hidden by the BIOS), a register the event asks 0 of is not
 * used: the event counts by it as it stands, 0 from reset (QPI's match
 * and mask: every packet).  One it asks a value of stays used, and
 * xu_extra_check() refuses the event.  Returns true if the event counts
 * by such a register.
 */
static bool xu_extra_fields(const struct xu_box *box,
			    struct perf_event *event, u64 *fields)
{
	const struct xu_box_type *t = box->pmu->type;
	bool as_they_stand = false;
	unsigned int i;

	for (i = 0; i < t->num_extra; i++)
		fields[i] = t->ops->extra_fields ? 0 : t->extra[i].mask;
	if (xu_event_fixed(t, event))
		memset(fields, 0, t->num_extra * sizeof(*fields));
	else if (t->ops->extra_fields)
		t->ops->extra_fields(event, fields);
	for (i = 0; i < t->num_extra; i++) {
		const struct xu_extra_reg *er = &t->extra[i];

		fields[i] &= er->mask;
		if (fields[i] && er->filter && !box->fdev &&
		    !((xu_extra_word(event, er->cfg) >> er->shift) & fields[i])) {
			fields[i] = 0;
			as_they_stand = true;
		}
	}
	return as_they_stand;
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
	xu_extra_fields(xu_event_box(event), event, used);
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
int xu_place(const struct xu_box_type *t, struct perf_event *event,
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

/*
 * The value xu_extra_program() gives each sub-register the box's events
 * claim, in @want; @claimed: bit s for each such sub-register.
 */
static void xu_extra_want(struct xu_box *box, u64 *want,
			  unsigned long *claimed)
{
	const struct xu_box_type *t = box->pmu->type;
	struct xu_claims cl;
	unsigned int e, i;

	*claimed = 0;
	for (e = 0; e < box->n_events; e++) {
		xu_claims_now(t, box->events[e], &cl);
		for (i = 0; i < cl.n; i++) {
			want[cl.c[i].slot] |= cl.c[i].val & cl.c[i].mask;
			__set_bit(cl.c[i].slot, claimed);
		}
	}
}

/**
 * xu_extra_keeps() - would programming the box keep @event's claims?
 * @box:   the box, locked
 * @event: an event whose counter counts with the claims it placed, on
 *         the box's events or not (a counter left counting by pmu::del)
 *
 * Return: true if xu_extra_program() would leave every bit @event's
 * claims rely on as it is.
 */
bool xu_extra_keeps(struct xu_box *box, struct perf_event *event)
{
	const struct xu_box_type *t = box->pmu->type;
	u64 want[XU_MAX_EXTRA] = { };
	unsigned long claimed;
	struct xu_claims cl;
	unsigned int i, s;

	if (!t->num_extra)
		return true;
	xu_claims_now(t, event, &cl);
	if (!cl.n)
		return true;
	xu_extra_want(box, want, &claimed);
	for (i = 0; i < cl.n; i++) {
		s = cl.c[i].slot;
		if (test_bit(s, &claimed) &&
		    ((want[s] ^ cl.c[i].val) & cl.c[i].mask))
			return false;
	}
	return true;
}

/*
 * Give each sub-register the union of the claims of the box's events,
 * written in the order the events claim them, where it changed.  (Two
 * passes, with one struct xu_claims on the stack: this runs in the PMI
 * too, when a throttled event restarts.)
 */
void xu_extra_program(struct xu_box *box)
{
	const struct xu_box_type *t = box->pmu->type;
	u64 want[XU_MAX_EXTRA] = { };
	unsigned long done = 0, claimed;
	struct xu_claims cl;
	unsigned int e, i, s;

	if (!t->num_extra)
		return;
	xu_extra_want(box, want, &claimed);
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
 * Filter bits an event does not claim (ops->extra_fields) would be
 * dropped, and bits a format covers but no filter register defines (a
 * whole-register format, such as QPI's match0) would reach reserved
 * bits: refuse both.  And an event that asks a value of a filter
 * function this package lacks cannot count (xu_extra_fields()).  (Box
 * types with their own claims check their config words themselves.)
 */
int xu_extra_check(struct xu_box *box, struct perf_event *event)
{
	const struct xu_box_type *t = box->pmu->type;
	u64 used[XU_MAX_EXTRA];
	u64 claimed[3] = { }, wanted[3] = { };
	bool as_they_stand;
	unsigned int i, w;

	/* (xeon_uncore_pmi's event_init case takes the CPUs away here) */
	XU_STATIC_STUB(xu_extra_check, box, event);
	if (!t->num_extra || t->ops->claims)
		return 0;
	as_they_stand = xu_extra_fields(box, event, used);
	for (i = 0; i < t->num_extra; i++) {
		const struct xu_extra_reg *er = &t->extra[i];

		claimed[er->cfg] |= er->mask << er->shift;
		wanted[er->cfg] |= used[i] << er->shift;
		if (used[i] && er->filter && !box->fdev) {
			pr_info_ratelimited("%s: package %u has no filter function to take this event's filter\n",
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
	if (as_they_stand)
		pr_info_ratelimited("%s: package %u has no filter function: the event counts by its registers as they stand (0 from reset: no filter)\n",
				    event->pmu->name, box->pkg);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(xu_extra_check);

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
EXPORT_SYMBOL_IF_KUNIT(xu_assign);

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
int xu_validate_group(struct perf_event *event)
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
