// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_access: the register accesses each perf operation costs on
 * an M-Box event, counted by the simulator.  These are the figures
 * Documentation/xeon-uncore.rst quotes; a change that adds an access to a
 * hot path fails here.
 */
#include "xu_test.h"

#define CFG_CYCLES_WRAP		0x3640ULL	/* inc_sel 0x1b, wrap_mode 1 */

struct access_count {
	u64 reads;
	u64 writes;
};

/*
 * The accesses so far.  Package 0's watchdog (a read every 50 ms while
 * it has events) and M-Box 0's poll timer are cancelled first, so that
 * nothing but the operation measured touches a register before the next
 * snapshot: adding an event starts the watchdog again a period later,
 * and starting a box's first event its poll timer.
 */
static void snapshot(struct kunit *test, struct access_count *c)
{
	struct xu_uncore *uc = xu_uncore_instance();

	if (uc->pmi)
		hrtimer_cancel(&uc->pkgs[0].watchdog);
	hrtimer_cancel(&xu_test_pmu(test, "uncore_mbox_0")->boxes[0].timer);
	xu_sim_accesses(test->priv, &c->reads, &c->writes);
}

/* Accesses since @before, checked against @reads and @writes */
static void expect_cost(struct kunit *test, const char *op,
			const struct access_count *before, u64 reads, u64 writes)
{
	struct access_count now;

	snapshot(test, &now);
	kunit_info(test, "%s: %llu reads, %llu writes\n", op,
		   now.reads - before->reads, now.writes - before->writes);
	KUNIT_EXPECT_EQ_MSG(test, now.reads - before->reads, reads, "%s", op);
	KUNIT_EXPECT_EQ_MSG(test, now.writes - before->writes, writes, "%s", op);
}

static struct perf_event *open_disabled(struct kunit *test)
{
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event_attr attr;

	xu_test_attr(&attr, xp, CFG_CYCLES_WRAP);
	attr.disabled = 1;
	return xu_test_open(test, xp, 0, &attr);
}

static void access_event_init_touches_no_register(struct kunit *test)
{
	struct access_count c;

	snapshot(test, &c);
	open_disabled(test);
	expect_cost(test, "event_init", &c, 0, 0);
}

/*
 * add + start: freeze the box (1 write), read the counter (1 read),
 * enable the counter (1 write), unfreeze (1 write).
 */
static void access_enable_costs_one_read_three_writes(struct kunit *test)
{
	struct perf_event *event = open_disabled(test);
	struct access_count c;

	snapshot(test, &c);
	perf_event_enable(event);
	expect_cost(test, "add+start", &c, 1, 3);
}

static void access_read_costs_one_read(struct kunit *test)
{
	struct perf_event *event = open_disabled(test);
	struct access_count c;
	u64 enabled, running;

	perf_event_enable(event);
	snapshot(test, &c);
	perf_event_read_value(event, &enabled, &running);
	expect_cost(test, "read", &c, 1, 0);
}

/* stop + del: freeze, disable the counter, read it, unfreeze */
static void access_disable_costs_one_read_three_writes(struct kunit *test)
{
	struct perf_event *event = open_disabled(test);
	struct access_count c;

	perf_event_enable(event);
	snapshot(test, &c);
	perf_event_disable(event);
	expect_cost(test, "stop+del", &c, 1, 3);
}

static void access_close_of_stopped_event_is_free(struct kunit *test)
{
	struct perf_event *event = open_disabled(test);
	struct access_count c;

	perf_event_enable(event);
	perf_event_disable(event);
	snapshot(test, &c);
	xu_test_close(test, event);
	expect_cost(test, "close of a stopped event", &c, 0, 0);
}

/*
 * A second event joining a running one: perf's ctx_resched() takes the
 * running event off the box and puts both back, all in one frozen
 * bracket: freeze, stop the first (1 write, 1 read), start both (1 read,
 * 1 write each), unfreeze.
 */
static void access_second_event_reschedules_the_first(struct kunit *test)
{
	struct perf_event *first = open_disabled(test);
	struct perf_event *second = open_disabled(test);
	struct access_count c;

	perf_event_enable(first);
	snapshot(test, &c);
	perf_event_enable(second);
	expect_cost(test, "add+start beside a running event", &c, 3, 5);
}

static int access_init(struct kunit *test)
{
	struct xu_sim *sim = xu_test_sim(test);

	xu_test_quiet_sim(test, sim);
	test->priv = sim;
	return 0;
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

static struct kunit_case access_cases[] = {
	KUNIT_CASE_PARAM(access_event_init_touches_no_register, nx_gen_params),
	KUNIT_CASE_PARAM(access_enable_costs_one_read_three_writes, nx_gen_params),
	KUNIT_CASE_PARAM(access_read_costs_one_read, nx_gen_params),
	KUNIT_CASE_PARAM(access_disable_costs_one_read_three_writes, nx_gen_params),
	KUNIT_CASE_PARAM(access_close_of_stopped_event_is_free, nx_gen_params),
	KUNIT_CASE_PARAM(access_second_event_reschedules_the_first, nx_gen_params),
	{}
};

static struct kunit_suite access_suite = {
	.name = "xeon_uncore_access",
	.suite_exit = xu_test_suite_exit,
	.init = access_init,
	.test_cases = access_cases,
};

kunit_test_suite(access_suite);
