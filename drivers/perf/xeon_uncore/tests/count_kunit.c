// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_count: counts through the real perf path (perf core, the
 * driver's callbacks, the simulated registers) are exact.  The module's
 * simulator runs without its generator during each test, so only the
 * events the test injects are counted.  The counts across wraps are
 * rows of wrap_kunit.c.
 */
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/topology.h>

#include <xeon_uncore/nhmex.h>

#include "xu_test.h"

/* M_MSR_PMU_CNT_CTL configs (Table 2-67), all with inc_sel 0x1b */
#define CFG_CYCLES		0x3600ULL
#define CFG_CYCLES_WRAP		0x3640ULL	/* + wrap_mode 1 */
#define CFG_CYCLES_DOWN_WRAP	0x3644ULL	/* + count_mode 1 */
#define CFG_CYCLES_BOTH_WRAP	0x3648ULL	/* + count_mode 2 */
#define EV_CYCLES		0x1b

static struct xu_sim *sim_of(struct kunit *test)
{
	return test->priv;
}

static struct perf_event *open_event(struct kunit *test, const char *pmu,
				     unsigned int pkg, u64 config)
{
	struct xu_pmu *xp = xu_test_pmu(test, pmu);
	struct perf_event_attr attr;

	xu_test_attr(&attr, xp, config);
	return xu_test_open(test, xp, pkg, &attr);
}

static u64 count_of(struct perf_event *event, u64 *enabled, u64 *running)
{
	u64 e, r;

	return perf_event_read_value(event, enabled ? enabled : &e,
				     running ? running : &r);
}

/*
 * Inject, then wait for the PMI an overflow raised: until the collecting
 * CPU handled it the package is frozen, and the next events would be lost
 */
static void inject(struct kunit *test, unsigned int pkg, const char *box,
		   unsigned int idx, unsigned int event, u64 n)
{
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim_of(test), pkg, box, idx, event,
					       XU_SIM_SUB_ANY, n));
	xu_test_wait_pmi(test, sim_of(test), pkg);
}

/*
 * Inject into a polled counter (count_mode 1 or 2): no PMI to wait for,
 * and its under- or overflow leaves its status set (the poll folds the
 * count, the next walk clears the status)
 */
static void inject_polled(struct kunit *test, unsigned int pkg, const char *box,
			  unsigned int idx, unsigned int event, u64 n)
{
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim_of(test), pkg, box, idx, event,
					       XU_SIM_SUB_ANY, n));
}

/*
 * Clear the status a polled counter's under- or overflow left on package
 * 0 (write 1 to clear; the summaries above follow), as a walk would
 */
static void clear_polled_status(struct kunit *test)
{
	struct xu_sim *sim = sim_of(test);
	unsigned int b;
	u64 v;

	for (b = 0; b < NHMEX_M_NUM_BOXES; b++) {
		v = xu_test_sim_rd(test, sim, 0, NHMEX_M_GLOBAL_STATUS(b));
		if (v)
			xu_test_sim_wr(test, sim, 0, NHMEX_M_GLOBAL_OVF_CTL(b), v);
	}
	v = xu_test_sim_rd(test, sim, 0, NHMEX_U_GLOBAL_STATUS);
	if (v)
		xu_test_sim_wr(test, sim, 0, NHMEX_U_GLOBAL_OVF_CTL, v);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, NHMEX_U_GLOBAL_STATUS), 0ULL);
}

static void count_reads_exactly_injected_events(struct kunit *test)
{
	struct perf_event *m0 = open_event(test, "uncore_mbox_0", 0, CFG_CYCLES);
	struct perf_event *m1 = open_event(test, "uncore_mbox_1", 1, CFG_CYCLES);
	struct perf_event *u = open_event(test, "uncore_ubox", 0, 0x01);

	KUNIT_EXPECT_EQ(test, count_of(m0, NULL, NULL), 0ULL);
	inject(test, 0, "mbox", 0, EV_CYCLES, 12345);
	KUNIT_EXPECT_EQ(test, count_of(m0, NULL, NULL), 12345ULL);
	inject(test, 0, "mbox", 0, EV_CYCLES, 1);
	KUNIT_EXPECT_EQ(test, count_of(m0, NULL, NULL), 12346ULL);

	inject(test, 1, "mbox", 1, EV_CYCLES, 777);
	KUNIT_EXPECT_EQ(test, count_of(m1, NULL, NULL), 777ULL);

	inject(test, 0, "ubox", 0, 0x01, 42);
	inject(test, 0, "ubox", 0, 0x02, 1000);
	KUNIT_EXPECT_EQ(test, count_of(u, NULL, NULL), 42ULL);
	KUNIT_EXPECT_EQ(test, count_of(m0, NULL, NULL), 12346ULL);
}

/*
 * count_mode 1 (down) and 2 (up and down): a counter that moves around
 * zero would freeze the package at each crossing, and no throttle stops
 * a counting event.  Such events run without pmi_en, folded by the box's
 * poll timer, exactly across the crossings, and raise no PMI.
 */
static void count_mode_down_and_both_are_polled(struct kunit *test)
{
	struct perf_event *down = open_event(test, "uncore_mbox_1", 0,
					     CFG_CYCLES_DOWN_WRAP);
	struct perf_event *both = open_event(test, "uncore_mbox_0", 0,
					     CFG_CYCLES_BOTH_WRAP);
	u64 pmis = xu_sim_pmis(sim_of(test));

	/* the config with en, without pmi_en (bit 1) */
	KUNIT_EXPECT_EQ(test, xu_test_ctl(test, down), 0x3645ULL);
	KUNIT_EXPECT_EQ(test, xu_test_ctl(test, both), 0x3649ULL);
	KUNIT_EXPECT_TRUE(test, hrtimer_active(&xu_event_box(down)->timer));
	KUNIT_EXPECT_TRUE(test, hrtimer_active(&xu_event_box(both)->timer));

	/*
	 * count_mode 1 from 0: each injection crosses zero; count_mode 2
	 * without flag_mode counts these events up only
	 */
	inject_polled(test, 0, "mbox", 1, EV_CYCLES, 500);
	inject_polled(test, 0, "mbox", 0, EV_CYCLES, 300);
	inject_polled(test, 0, "mbox", 1, EV_CYCLES, 250);
	KUNIT_EXPECT_EQ(test, count_of(down, NULL, NULL), 750ULL);
	KUNIT_EXPECT_EQ(test, count_of(both, NULL, NULL), 300ULL);
	KUNIT_EXPECT_EQ(test, xu_sim_pmis(sim_of(test)), pmis);
	clear_polled_status(test);
}

/*
 * The status bit a polled user's underflow leaves on its counter (no PMI
 * comes to clear it) is no wrap of the next event on that counter: the
 * polled event's stop clears it, and a walk for another counter of the
 * box adds no 2^48 to the next event.  M-Box 0, package 0: the count_mode
 * 1 event crosses zero on its counter; a cycles event takes the counter
 * after it; a second one, preloaded 100 below 2^48 on another counter,
 * wraps.
 */
static void count_polled_status_is_no_wrap(struct kunit *test)
{
	struct xu_sim *sim = sim_of(test);
	struct perf_event *down, *ev, *other;
	int c;

	down = open_event(test, "uncore_mbox_0", 0, CFG_CYCLES_DOWN_WRAP);
	c = down->hw.idx;
	inject_polled(test, 0, "mbox", 0, EV_CYCLES, 10);
	KUNIT_EXPECT_EQ(test, count_of(down, NULL, NULL), 10ULL);
	KUNIT_ASSERT_TRUE(test, xu_test_sim_rd(test, sim, 0, NHMEX_M_GLOBAL_STATUS(0)) &
			  BIT_ULL(c));
	xu_test_close(test, down);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, NHMEX_M_GLOBAL_STATUS(0)), 0ULL);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, NHMEX_U_GLOBAL_STATUS), 0ULL);
	/* it left the counter 10 below 2^48: the next event starts at 0 */
	xu_test_sim_wr(test, sim, 0, NHMEX_M_CNT(0, c), 0);

	ev = open_event(test, "uncore_mbox_0", 0, CFG_CYCLES_WRAP);
	KUNIT_ASSERT_EQ(test, ev->hw.idx, c);
	/* no overflow: no PMI to wait for */
	inject_polled(test, 0, "mbox", 0, EV_CYCLES, 1000);
	KUNIT_EXPECT_EQ(test, count_of(ev, NULL, NULL), 1000ULL);

	other = open_event(test, "uncore_mbox_0", 0, CFG_CYCLES_WRAP);
	KUNIT_ASSERT_NE(test, other->hw.idx, c);
	xu_test_sim_wr(test, sim, 0, NHMEX_M_CNT(0, other->hw.idx), BIT_ULL(48) - 100);
	inject(test, 0, "mbox", 0, EV_CYCLES, 500);
	KUNIT_EXPECT_EQ(test, count_of(ev, NULL, NULL), 1500ULL);
}

static void count_is_per_socket_and_per_box(struct kunit *test)
{
	struct perf_event *s0 = open_event(test, "uncore_mbox_0", 0, CFG_CYCLES);
	struct perf_event *s1 = open_event(test, "uncore_mbox_0", 1, CFG_CYCLES);
	struct perf_event *b1 = open_event(test, "uncore_mbox_1", 0, CFG_CYCLES);

	inject(test, 0, "mbox", 0, EV_CYCLES, 1000);
	KUNIT_EXPECT_EQ(test, count_of(s0, NULL, NULL), 1000ULL);
	KUNIT_EXPECT_EQ(test, count_of(s1, NULL, NULL), 0ULL);
	KUNIT_EXPECT_EQ(test, count_of(b1, NULL, NULL), 0ULL);

	inject(test, 1, "mbox", 0, EV_CYCLES, 7);
	KUNIT_EXPECT_EQ(test, count_of(s0, NULL, NULL), 1000ULL);
	KUNIT_EXPECT_EQ(test, count_of(s1, NULL, NULL), 7ULL);
}

static void count_seventh_event_on_six_counters_waits(struct kunit *test)
{
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event *ev[NHMEX_M_NUM_COUNTERS + 1];
	struct perf_event_attr attr;
	u64 enabled, running;
	unsigned int i;

	/* six pinned events hold the six counters; the seventh multiplexes */
	for (i = 0; i <= NHMEX_M_NUM_COUNTERS; i++) {
		xu_test_attr(&attr, xp, CFG_CYCLES);
		attr.pinned = i < NHMEX_M_NUM_COUNTERS;
		ev[i] = xu_test_open(test, xp, 0, &attr);
	}
	inject(test, 0, "mbox", 0, EV_CYCLES, 10);
	msleep(20);

	for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++) {
		KUNIT_EXPECT_EQ_MSG(test, count_of(ev[i], &enabled, &running), 10ULL,
				    "event %u", i);
		KUNIT_EXPECT_GT_MSG(test, running, 0ULL, "event %u", i);
		KUNIT_EXPECT_GE_MSG(test, ev[i]->hw.idx, 0, "event %u", i);
	}
	KUNIT_EXPECT_EQ(test, count_of(ev[i], &enabled, &running), 0ULL);
	KUNIT_EXPECT_GT(test, enabled, 0ULL);
	KUNIT_EXPECT_EQ(test, running, 0ULL);
	KUNIT_EXPECT_EQ(test, ev[i]->state, PERF_EVENT_STATE_INACTIVE);
}

/*
 * perf arms a PMU's multiplexing hrtimer on the CPU of an event that got
 * no counter, and stops it only at an expiry with nothing to rotate;
 * perf_pmu_unregister() frees it as it is.  The driver cancels the
 * timers before it unregisters a PMU (xu_pmu_cancel_mux_timers(),
 * compat.c): after the events are closed, none is active on any CPU.
 */
static void count_mux_timers_cancelled_before_unregister(struct kunit *test)
{
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event *ev[NHMEX_M_NUM_COUNTERS + 1];
	struct perf_event_attr attr;
	unsigned int i;
	int cpu;

	for (i = 0; i <= NHMEX_M_NUM_COUNTERS; i++) {
		xu_test_attr(&attr, xp, CFG_CYCLES);
		attr.pinned = i < NHMEX_M_NUM_COUNTERS;
		ev[i] = xu_test_open(test, xp, 0, &attr);
	}
	cpu = ev[NHMEX_M_NUM_COUNTERS]->cpu;
	KUNIT_ASSERT_TRUE_MSG(test, hrtimer_active(xu_pmu_mux_timer(&xp->pmu, cpu)),
			      "CPU %d: an event waits for a counter, no timer rotates", cpu);
	for (i = 0; i <= NHMEX_M_NUM_COUNTERS; i++)
		xu_test_close(test, ev[i]);
	xu_pmu_cancel_mux_timers(&xp->pmu);
	for_each_possible_cpu(cpu)
		KUNIT_EXPECT_FALSE_MSG(test, hrtimer_active(xu_pmu_mux_timer(&xp->pmu, cpu)),
				       "CPU %d: the multiplexing timer is still active", cpu);
}

static void count_read_after_disable_is_stable(struct kunit *test)
{
	struct perf_event *event = open_event(test, "uncore_mbox_1", 1, CFG_CYCLES);

	inject(test, 1, "mbox", 1, EV_CYCLES, 300);
	perf_event_disable(event);
	KUNIT_EXPECT_EQ(test, count_of(event, NULL, NULL), 300ULL);
	inject(test, 1, "mbox", 1, EV_CYCLES, 200);
	KUNIT_EXPECT_EQ(test, count_of(event, NULL, NULL), 300ULL);
	KUNIT_EXPECT_EQ(test, count_of(event, NULL, NULL), 300ULL);

	perf_event_enable(event);
	inject(test, 1, "mbox", 1, EV_CYCLES, 5);
	KUNIT_EXPECT_EQ(test, count_of(event, NULL, NULL), 305ULL);
}

static int xeon_uncore_count_init(struct kunit *test)
{
	struct xu_sim *sim = xu_test_sim(test);
	unsigned int s, b, i;

	xu_test_quiet_sim(test, sim);
	test->priv = sim;
	/*
	 * The counters these tests use start at 0, whatever a case before
	 * left there: a wrap_mode=0 counter near 2^48 - 1 stops at the limit
	 */
	for (s = 0; s < topology_max_packages(); s++) {
		for (b = 0; b < NHMEX_M_NUM_BOXES; b++)
			for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++)
				xu_test_sim_wr(test, sim, s, NHMEX_M_CNT(b, i), 0);
		xu_test_sim_wr(test, sim, s, NHMEX_U_CTR, 0);
	}
	return 0;
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

static struct kunit_case xeon_uncore_count_cases[] = {
	KUNIT_CASE_PARAM(count_reads_exactly_injected_events, nx_gen_params),
	KUNIT_CASE_PARAM(count_mode_down_and_both_are_polled, nx_gen_params),
	KUNIT_CASE_PARAM(count_polled_status_is_no_wrap, nx_gen_params),
	KUNIT_CASE_PARAM(count_is_per_socket_and_per_box, nx_gen_params),
	KUNIT_CASE_PARAM(count_seventh_event_on_six_counters_waits, nx_gen_params),
	KUNIT_CASE_PARAM(count_mux_timers_cancelled_before_unregister, nx_gen_params),
	KUNIT_CASE_PARAM(count_read_after_disable_is_stable, nx_gen_params),
	{}
};

static struct kunit_suite xeon_uncore_count_suite = {
	.name = "xeon_uncore_count",
	.suite_exit = xu_test_suite_exit,
	.init = xeon_uncore_count_init,
	.test_cases = xeon_uncore_count_cases,
};

kunit_test_suite(xeon_uncore_count_suite);
