/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the xeon_uncore KUnit suites: the table of platforms
 * their cases are parameterised over, the private uncore a case of a
 * platform attaches to the driver, finding its PMUs, opening real perf
 * events on them, and turning "field=value" terms into a config through
 * the sysfs format strings (as the perf tool does).
 */
#ifndef _XEON_UNCORE_TEST_H
#define _XEON_UNCORE_TEST_H

#include <kunit/test.h>
#include <linux/perf_event.h>

#include "../sim/sim.h"
#include "../uncore.h"

/* EXPORT_SYMBOL_IF_KUNIT()'s namespace, written as the kernel takes it */
#define XU_NS_KUNIT		XU_NS_NAME(EXPORTED_FOR_KUNIT_TESTING)

/* CNT_CTL.en and U EVT_SEL.en, Tables 2-67 and 2-6 */
#define XU_TEST_M_EN		0x1ULL
#define XU_TEST_U_EN		0x400000ULL
/* CNT_CTL.pmi_en (bit 1) and U EVT_SEL.pmi_en (bit 20), same tables */
#define XU_TEST_M_PMI		0x2ULL
#define XU_TEST_U_PMI		0x100000ULL

/* A 48-bit counter's largest value, 2^48 - 1 */
#define XU_TEST_CTR_MAX		0xffffffffffffULL

/* The rows of the platform table, xu_test_platforms[] */
enum {
	XU_TEST_I_NHMEX,
	XU_TEST_I_WSMEX,
	XU_TEST_I_SNBEP,
	XU_TEST_I_IVBEP,
	XU_TEST_I_HSWEP,
	XU_TEST_I_BDX,
	XU_TEST_I_BDXDE,
	XU_TEST_NR_PLATFORMS
};

/* A row's bit, for the masks of the models a case or a row holds on */
#define XU_TEST_NHMEX		BIT(XU_TEST_I_NHMEX)
#define XU_TEST_WSMEX		BIT(XU_TEST_I_WSMEX)
#define XU_TEST_SNBEP		BIT(XU_TEST_I_SNBEP)
#define XU_TEST_IVBEP		BIT(XU_TEST_I_IVBEP)
#define XU_TEST_HSWEP		BIT(XU_TEST_I_HSWEP)
#define XU_TEST_BDX		BIT(XU_TEST_I_BDX)
#define XU_TEST_BDXDE		BIT(XU_TEST_I_BDXDE)
#define XU_TEST_NX		(XU_TEST_NHMEX | XU_TEST_WSMEX)
/* the E5 and E5 v2, whose register map the E5 suites' rows are written to */
#define XU_TEST_E5		(XU_TEST_SNBEP | XU_TEST_IVBEP)

/**
 * struct xu_test_platform - what the suites know of one platform
 * @name:   the driver's name of it, which xu_attach() takes
 * @plat:   the driver's platform
 * @sim:    the simulator's model of it (xu_sim_create())
 * @model:  the XU_TEST_* bit the cases and rows it runs name: its own,
 *          or, for a platform whose boxes are another's (a variant, a
 *          copy), that one's, with which it runs that one's rows
 * @family: XU_TEST_NX (Xeon 7500 / E7, MSR boxes) or XU_TEST_E5 (Xeon
 *          E5 / E5 v2 / E5 v3, MSR and PCI boxes)
 */
struct xu_test_platform {
	const char *name;
	const struct xu_platform *plat;
	const char *sim;
	unsigned int model;
	unsigned int family;
};

extern const struct xu_test_platform xu_test_platforms[XU_TEST_NR_PLATFORMS];

/**
 * struct xu_test_param - a parameter of a case: a platform, and a row
 * @pf:  the platform the case runs on
 * @row: the case's row of its own table, or NULL for a case with none
 */
struct xu_test_param {
	const struct xu_test_platform *pf;
	const void *row;
};

const void *xu_test_gen(const void *prev, char *desc,
			struct xu_test_param *slots, unsigned int models,
			const void *rows, size_t size, unsigned int n,
			unsigned int (*row_models)(const void *row),
			void (*row_desc)(const void *row, char *desc));

/*
 * NAME_gen_params(), for KUNIT_CASE_PARAM(): the platforms of @models, in
 * the table's order
 */
#define XU_TEST_PARAMS(name, models)					\
	static struct xu_test_param name##_slots[XU_TEST_NR_PLATFORMS];	\
	static const void *name##_gen_params(const void *prev, char *desc) \
	{								\
		return xu_test_gen(prev, desc, name##_slots, models,	\
				   NULL, 0, 1, NULL, NULL);		\
	}

/*
 * NAME_gen_params(): each platform of @models with each row of @array that
 * holds on it (@row_models(row) has its bit; every row if NULL), the
 * platform's rows together
 */
#define XU_TEST_ROW_PARAMS(name, models, array, row_models, row_desc)	\
	static struct xu_test_param name##_slots[XU_TEST_NR_PLATFORMS *	\
		(sizeof(array) / sizeof((array)[0]))];			\
	static const void *name##_gen_params(const void *prev, char *desc) \
	{								\
		return xu_test_gen(prev, desc, name##_slots, models,	\
				   array, sizeof((array)[0]),		\
				   ARRAY_SIZE(name##_slots) /		\
				   XU_TEST_NR_PLATFORMS,		\
				   row_models, row_desc);		\
	}

/* XU_TEST_ROW_PARAMS() with @fn(const T *row, char *desc) for the rows' */
#define XU_TEST_ROW_PARAMS_FN(name, models, array, fn)			\
	static void name##_row_desc(const void *row, char *desc)	\
	{								\
		fn(row, desc);						\
	}								\
	XU_TEST_ROW_PARAMS(name, models, array, NULL, name##_row_desc)

/*
 * XU_TEST_ROW_PARAMS() for rows of @type, each described by its string
 * member desc
 */
#define XU_TEST_ROW_PARAMS_DESC(name, models, array, type)		\
	static void name##_row_desc(const void *row, char *buf)	\
	{								\
		const type *r = row;					\
									\
		strscpy(buf, r->desc, KUNIT_PARAM_DESC_SIZE);		\
	}								\
	XU_TEST_ROW_PARAMS(name, models, array, NULL, name##_row_desc)

/* The platform of a case made by XU_TEST_PARAMS() or XU_TEST_ROW_PARAMS() */
static inline const struct xu_test_platform *xu_test_pf(struct kunit *test)
{
	const struct xu_test_param *p = test->param_value;

	return p->pf;
}

/* Its row */
static inline const void *xu_test_row(struct kunit *test)
{
	const struct xu_test_param *p = test->param_value;

	return p->row;
}

/* Its platform's XU_TEST_* bit */
static inline unsigned int xu_test_model(struct kunit *test)
{
	return xu_test_pf(test)->model;
}

void xu_test_suite_exit(struct kunit_suite *suite);
struct xu_pmu *xu_test_pmu(struct kunit *test, const char *name);
struct xu_sim *xu_test_sim(struct kunit *test);
int xu_test_cpu_of(struct kunit *test, unsigned int pkg);
int xu_test_parse(struct kunit *test, const struct xu_box_type *type,
		  const char *terms, u64 *config);
int xu_test_parse3(struct kunit *test, const struct xu_box_type *type,
		   const char *terms, u64 *cfg);
void xu_test_attr(struct perf_event_attr *attr, const struct xu_pmu *xp,
		  u64 config);
struct perf_event *xu_test_try_open(struct kunit *test, struct xu_pmu *xp,
				    unsigned int pkg,
				    struct perf_event_attr *attr);
struct perf_event *xu_test_open(struct kunit *test, struct xu_pmu *xp,
				unsigned int pkg, struct perf_event_attr *attr);
void xu_test_close(struct kunit *test, struct perf_event *event);
void xu_test_took_turns(struct kunit *test, struct perf_event *a,
			struct perf_event *b);
void xu_test_ran_throughout(struct kunit *test, struct perf_event *event);
u64 xu_test_ctl(struct kunit *test, struct perf_event *event);
u64 xu_test_pmi_off(const struct xu_pmu *xp, u64 ctl);
u64 xu_test_sim_rd(struct kunit *test, struct xu_sim *sim,
		   unsigned int socket, u32 reg);
void xu_test_sim_wr(struct kunit *test, struct xu_sim *sim,
		    unsigned int socket, u32 reg, u64 val);
void xu_test_quiet_sim(struct kunit *test, struct xu_sim *sim);
bool xu_test_pmi_settled(struct xu_sim *sim, unsigned int pkg);
void xu_test_wait_pmi(struct kunit *test, struct xu_sim *sim, unsigned int pkg);
void xu_test_settle(struct kunit *test, struct xu_sim *sim, unsigned int pkg,
		    bool e5);

#endif /* _XEON_UNCORE_TEST_H */
