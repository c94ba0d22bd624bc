/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the oracle suites (oracle_nhmex_kunit.c, oracle_e5_kunit.c) share:
 * the driver's box descriptions asked through its own accessors, and the
 * tables of facts they are checked against.
 *
 * The facts are literals transcribed from Linux 6.12's
 * arch/x86/events/intel/uncore_nhmex.c ("N:line"), uncore_snbep.c
 * ("S:line"), uncore.c ("U:line"), uncore.h ("H:line") and
 * include/linux/pci_ids.h ("P:line") of Debian's linux-source-6.12, and
 * from the Intel guides (323535 for the Xeon 7500, 327043 and 329468 for
 * the Xeon E5), never from include/xeon_uncore/ and never computed the
 * way the driver computes them.  Where the driver deliberately differs,
 * the row says what the driver has instead and the platform's page in
 * Documentation/pmu/ says why.
 */
#ifndef _XEON_UNCORE_ORACLE_H
#define _XEON_UNCORE_ORACLE_H

#include <linux/string.h>

#include "xu_test.h"

/**
 * struct oracle_fmt - one sysfs format field as mainline has it
 * @type:       box type name ("cbox")
 * @field:      mainline's format/ file name
 * @mainline:   its contents, without the newline
 * @ours_field: the driver's name for the field where it differs, "" if
 *              the driver has no such field, NULL if the same
 * @ours:       the driver's contents where they differ, else NULL
 */
struct oracle_fmt {
	const char *type;
	const char *field;
	const char *mainline;
	const char *ours_field;
	const char *ours;
};

/**
 * struct oracle_only - a format field the driver has and mainline lacks
 * @type:  box type name
 * @field: the driver's format/ file name
 */
struct oracle_only {
	const char *type;
	const char *field;
};

/* A box type of @plat by name, or NULL */
static inline const struct xu_box_type *
oracle_type(const struct xu_platform *plat, const char *name)
{
	const struct xu_box_type * const *t;

	for (t = plat->types; *t; t++)
		if (!strcmp((*t)->name, name))
			return *t;
	return NULL;
}

/*
 * A box @idx of @type that exists only for asking the driver's own
 * accessors (xu_ctl_reg(), xu_ctr_reg(), xu_box_reg()) where its registers
 * are: no package, no simulator
 */
static inline struct xu_box *oracle_box(struct kunit *test,
					const struct xu_box_type *type,
					unsigned int idx)
{
	struct xu_pmu *xp = kunit_kzalloc(test, sizeof(*xp), GFP_KERNEL);
	struct xu_box *box = kunit_kzalloc(test, sizeof(*box), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, xp);
	KUNIT_ASSERT_NOT_NULL(test, box);
	xp->type = type;
	xp->idx = idx;
	box->pmu = xp;
	box->pkg = 0;
	return box;
}

/*
 * The contents of @type's format/@field, without the newline, or NULL if
 * the type has no such field
 */
static inline const char *oracle_format(struct kunit *test,
					const struct xu_box_type *type,
					const char *field)
{
	struct attribute **a;

	for (a = type->formats; *a; a++) {
		struct device_attribute *da;
		char *buf;

		if (strcmp((*a)->name, field))
			continue;
		buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, buf);
		da = container_of(*a, struct device_attribute, attr);
		KUNIT_ASSERT_GT(test, da->show(NULL, da, buf), 0);
		return strim(buf);
	}
	return NULL;
}

/*
 * Check every row of @fmts for @plat's types, and that each format
 * field of those types is either one of the rows or listed in @only.
 * Returns the number of facts checked.
 */
static inline unsigned int oracle_check_formats(struct kunit *test,
						const struct xu_platform *plat,
						const struct oracle_fmt *fmts,
						unsigned int n,
						const struct oracle_only *only,
						unsigned int n_only)
{
	const struct xu_box_type * const *t;
	unsigned int i, facts = 0;

	for (i = 0; i < n; i++) {
		const struct oracle_fmt *f = &fmts[i];
		const struct xu_box_type *type = oracle_type(plat, f->type);
		const char *name = f->ours_field ?: f->field;
		const char *want = f->ours ?: f->mainline;
		const char *got;

		KUNIT_ASSERT_NOT_NULL_MSG(test, type, "%s: no box type %s",
					  plat->name, f->type);
		facts++;
		got = *name ? oracle_format(test, type, name) : NULL;
		if (!*name) {
			/* a mainline field the driver deliberately lacks */
			KUNIT_EXPECT_NULL_MSG(test, oracle_format(test, type, f->field),
					      "%s %s: format/%s is documented as absent",
					      plat->name, f->type, f->field);
			continue;
		}
		KUNIT_EXPECT_NOT_NULL_MSG(test, got, "%s %s: no format/%s (mainline %s: %s)",
					  plat->name, f->type, name, f->field,
					  f->mainline);
		if (got)
			KUNIT_EXPECT_STREQ_MSG(test, got, want,
					       "%s %s format/%s (mainline %s: %s)",
					       plat->name, f->type, name, f->field,
					       f->mainline);
	}

	/* nothing the tables do not name, mainline's or documented as ours */
	for (t = plat->types; *t; t++) {
		struct attribute **a;

		for (a = (*t)->formats; *a; a++) {
			bool known = false;

			for (i = 0; i < n && !known; i++)
				known = !strcmp(fmts[i].type, (*t)->name) &&
					!strcmp(fmts[i].ours_field ?: fmts[i].field,
						(*a)->name);
			for (i = 0; i < n_only && !known; i++)
				known = !strcmp(only[i].type, (*t)->name) &&
					!strcmp(only[i].field, (*a)->name);
			KUNIT_EXPECT_TRUE_MSG(test, known,
					      "%s %s: format/%s is neither mainline's nor documented",
					      plat->name, (*t)->name, (*a)->name);
		}
	}
	return facts;
}

/**
 * struct oracle_event - a named event as mainline has it
 * @type:      box type name
 * @name:      mainline's events/ file name
 * @cfg:       config, config1 and config2 its string gives with mainline's
 *             formats
 * @ours_name: the driver's name where it differs, else NULL
 * @ours_add:  config bits the driver's string adds, documented
 */
struct oracle_event {
	const char *type;
	const char *name;
	u64 cfg[3];
	const char *ours_name;
	u64 ours_add;
};

/* @type's events/@name string, or NULL */
static inline const char *oracle_event_str(const struct xu_box_type *type,
					   const char *name)
{
	struct attribute **a;

	for (a = type->events; a && *a; a++) {
		struct perf_pmu_events_attr *ea;

		if (strcmp((*a)->name, name))
			continue;
		ea = container_of(*a, struct perf_pmu_events_attr, attr.attr);
		return ea->event_str;
	}
	return NULL;
}

/*
 * Each of @evs that @plat's types should have: the driver's string,
 * parsed through the driver's formats as perf would, gives mainline's
 * configs.  Returns the number of facts checked.
 */
static inline unsigned int oracle_check_events(struct kunit *test,
					       const struct xu_platform *plat,
					       const struct oracle_event *evs,
					       unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct oracle_event *e = &evs[i];
		const struct xu_box_type *type = oracle_type(plat, e->type);
		const char *name = e->ours_name ?: e->name;
		const char *str;
		u64 cfg[3];

		KUNIT_ASSERT_NOT_NULL(test, type);
		str = oracle_event_str(type, name);
		KUNIT_EXPECT_NOT_NULL_MSG(test, str, "%s %s: no events/%s",
					  plat->name, e->type, name);
		if (!str)
			continue;
		KUNIT_ASSERT_EQ(test, 0, xu_test_parse3(test, type, str, cfg));
		KUNIT_EXPECT_EQ_MSG(test, cfg[0], e->cfg[0] | e->ours_add,
				    "%s %s/events/%s=%s", plat->name, e->type, name, str);
		KUNIT_EXPECT_EQ_MSG(test, cfg[1], e->cfg[1],
				    "%s %s/events/%s=%s", plat->name, e->type, name, str);
		KUNIT_EXPECT_EQ_MSG(test, cfg[2], e->cfg[2],
				    "%s %s/events/%s=%s", plat->name, e->type, name, str);
	}
	return n;
}

#endif /* _XEON_UNCORE_ORACLE_H */
