/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the xeon_uncore KUnit suites: finding the module's
 * PMUs, opening real perf events on them, turning "field=value" terms into
 * a config through the sysfs format strings (as the perf tool does) and
 * keeping the module's simulator the way the other suites expect it.
 */
#ifndef _XEON_UNCORE_TEST_H
#define _XEON_UNCORE_TEST_H

#include <kunit/test.h>
#include <linux/perf_event.h>

#include "../sim/sim.h"
#include "../uncore.h"

/* EXPORT_SYMBOL_IF_KUNIT()'s namespace: a string literal from Linux 6.13 */
#ifdef XU_NS_LITERAL
#define XU_NS_KUNIT		"EXPORTED_FOR_KUNIT_TESTING"
#else
#define XU_NS_KUNIT		EXPORTED_FOR_KUNIT_TESTING
#endif

/* CNT_CTL.en and U EVT_SEL.en, Tables 2-67 and 2-6 */
#define XU_TEST_M_EN		0x1ULL
#define XU_TEST_U_EN		0x400000ULL
/* CNT_CTL.pmi_en (bit 1) and U EVT_SEL.pmi_en (bit 20), same tables */
#define XU_TEST_M_PMI		0x2ULL
#define XU_TEST_U_PMI		0x100000ULL

/* A 48-bit counter's largest value, 2^48 - 1 */
#define XU_TEST_CTR_MAX		0xffffffffffffULL

/* The models of the module's simulator, xu_test_model(); for row masks */
#define XU_TEST_NHMEX		BIT(0)
#define XU_TEST_WSMEX		BIT(1)
#define XU_TEST_SNBEP		BIT(2)
#define XU_TEST_IVBEP		BIT(3)
#define XU_TEST_NX		(XU_TEST_NHMEX | XU_TEST_WSMEX)
#define XU_TEST_E5		(XU_TEST_SNBEP | XU_TEST_IVBEP)

struct xu_pmu *xu_test_pmu(struct kunit *test, const char *name);
struct xu_sim *xu_test_sim(struct kunit *test);
unsigned int xu_test_model(void);
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
