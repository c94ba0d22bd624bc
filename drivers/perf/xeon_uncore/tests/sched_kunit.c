// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_sched: xu_assign() places events on counters under
 * constraints.  A test-only box type takes each event's allowed counters
 * from its attr.config; the events are bare structs, only hw.idx and
 * attr.config are used.
 */
#include <linux/bitops.h>
#include <linux/prandom.h>

#include <xeon_uncore/nhmex.h>

#include "xu_test.h"

#define SCHED_COUNTERS	4
#define ANY		0xfULL

static unsigned long sched_constraint(struct perf_event *event)
{
	return event->attr.config;
}

static const struct xu_box_ops sched_ops = {
	.constraint = sched_constraint,
};

static const struct xu_box_type sched_type = {
	.name		= "sched_test",
	.num_boxes	= 1,
	.num_counters	= SCHED_COUNTERS,
	.width		= 48,
	.ops		= &sched_ops,
};

/* @n events: event i may use the counters in @allowed[i], and has @idx[i] */
static struct perf_event **sched_events(struct kunit *test, unsigned int n,
					const u64 *allowed, const int *idx)
{
	struct perf_event **ev = kunit_kcalloc(test, n, sizeof(*ev), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, ev);
	for (i = 0; i < n; i++) {
		ev[i] = kunit_kzalloc(test, sizeof(*ev[i]), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, ev[i]);
		ev[i]->attr.config = allowed[i];
		ev[i]->hw.idx = idx ? idx[i] : -1;
	}
	return ev;
}

/* Every event on an allowed counter, no counter twice */
static void expect_valid(struct kunit *test, unsigned int n, const u64 *allowed,
			 const int *assign)
{
	unsigned long used = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_GE(test, assign[i], 0);
		KUNIT_EXPECT_LT(test, assign[i], SCHED_COUNTERS);
		if (assign[i] < 0 || assign[i] >= SCHED_COUNTERS)
			continue;
		KUNIT_EXPECT_TRUE_MSG(test, allowed[i] & BIT(assign[i]),
				      "event %u on counter %d, allowed %#llx",
				      i, assign[i], allowed[i]);
		KUNIT_EXPECT_FALSE_MSG(test, used & BIT(assign[i]),
				       "counter %d given twice", assign[i]);
		used |= BIT(assign[i]);
	}
}

static void sched_keeps_counters_events_already_have(struct kunit *test)
{
	static const u64 allowed[] = { ANY, ANY, ANY, ANY };
	static const int idx[] = { 3, 1, -1, -1 };
	struct perf_event **ev = sched_events(test, 4, allowed, idx);
	int assign[XU_MAX_COUNTERS];

	KUNIT_ASSERT_EQ(test, xu_assign(&sched_type, ev, 4, assign), 0);
	KUNIT_EXPECT_EQ(test, assign[0], 3);
	KUNIT_EXPECT_EQ(test, assign[1], 1);
	expect_valid(test, 4, allowed, assign);
}

static void sched_moves_an_event_only_when_it_must(struct kunit *test)
{
	/* event 0 sits on counter 0, which the new event 1 needs */
	static const u64 allowed[] = { 0x3, 0x1, ANY };
	static const int idx[] = { 0, -1, 2 };
	struct perf_event **ev = sched_events(test, 3, allowed, idx);
	int assign[XU_MAX_COUNTERS];

	KUNIT_ASSERT_EQ(test, xu_assign(&sched_type, ev, 3, assign), 0);
	KUNIT_EXPECT_EQ(test, assign[0], 1);
	KUNIT_EXPECT_EQ(test, assign[1], 0);
	KUNIT_EXPECT_EQ(test, assign[2], 2);
}

static void sched_finds_assignment_greedy_misses(struct kunit *test)
{
	/*
	 * Lowest free counter first, in order, gives 0, 1 and then nothing
	 * for the third; the only assignment is 2, 1, 0.
	 */
	static const u64 allowed[] = { 0x7, 0x3, 0x1 };
	struct perf_event **ev = sched_events(test, 3, allowed, NULL);
	int assign[XU_MAX_COUNTERS];

	KUNIT_ASSERT_EQ(test, xu_assign(&sched_type, ev, 3, assign), 0);
	KUNIT_EXPECT_EQ(test, assign[0], 2);
	KUNIT_EXPECT_EQ(test, assign[1], 1);
	KUNIT_EXPECT_EQ(test, assign[2], 0);
}

static void sched_fills_every_counter_under_constraints(struct kunit *test)
{
	/* a cycle of pairs: only two perfect matchings exist */
	static const u64 allowed[] = { 0x3, 0x6, 0xc, 0x9 };
	struct perf_event **ev = sched_events(test, 4, allowed, NULL);
	int assign[XU_MAX_COUNTERS];

	KUNIT_ASSERT_EQ(test, xu_assign(&sched_type, ev, 4, assign), 0);
	expect_valid(test, 4, allowed, assign);
}

static void sched_fails_when_no_assignment_exists(struct kunit *test)
{
	static const u64 three_on_two[] = { 0x3, 0x3, 0x3 };
	static const u64 same_counter[] = { 0x4, ANY, 0x4 };
	static const u64 outside_box[] = { 0x10 };
	static const u64 nothing[] = { 0 };
	int assign[XU_MAX_COUNTERS];
	struct perf_event **ev;

	ev = sched_events(test, 3, three_on_two, NULL);
	KUNIT_EXPECT_EQ(test, xu_assign(&sched_type, ev, 3, assign), -EINVAL);
	ev = sched_events(test, 3, same_counter, NULL);
	KUNIT_EXPECT_EQ(test, xu_assign(&sched_type, ev, 3, assign), -EINVAL);
	/* counter 4 of a four-counter box does not exist */
	ev = sched_events(test, 1, outside_box, NULL);
	KUNIT_EXPECT_EQ(test, xu_assign(&sched_type, ev, 1, assign), -EINVAL);
	ev = sched_events(test, 1, nothing, NULL);
	KUNIT_EXPECT_EQ(test, xu_assign(&sched_type, ev, 1, assign), -EINVAL);
}

static void sched_rejects_more_events_than_counters(struct kunit *test)
{
	static const u64 allowed[] = { ANY, ANY, ANY, ANY, ANY, ANY, ANY, ANY };
	const struct xu_box_type *mbox = xu_nhmex.types[1];
	struct perf_event **ev = sched_events(test, 8, allowed, NULL);
	int assign[XU_MAX_COUNTERS];

	KUNIT_EXPECT_EQ(test, xu_assign(&sched_type, ev, 4, assign), 0);
	KUNIT_EXPECT_EQ(test, xu_assign(&sched_type, ev, 5, assign), -EINVAL);

	/* the M-Box: six counters, no constraints */
	KUNIT_ASSERT_STREQ(test, mbox->name, "mbox");
	KUNIT_ASSERT_EQ(test, mbox->num_counters, 6U);
	KUNIT_EXPECT_EQ(test, xu_assign(mbox, ev, 6, assign), 0);
	KUNIT_EXPECT_EQ(test, xu_assign(mbox, ev, 7, assign), -EINVAL);
	KUNIT_EXPECT_EQ(test, xu_assign(mbox, ev, 0, assign), 0);
}

/* Is there any assignment?  Plain backtracking over counters. */
static bool sched_exists(const u64 *allowed, unsigned int n, unsigned int e,
			 unsigned long used)
{
	unsigned int c;

	if (e == n)
		return true;
	for (c = 0; c < SCHED_COUNTERS; c++)
		if ((allowed[e] & BIT(c)) && !(used & BIT(c)) &&
		    sched_exists(allowed, n, e + 1, used | BIT(c)))
			return true;
	return false;
}

static void sched_succeeds_exactly_when_assignment_exists(struct kunit *test)
{
	static const u64 any[SCHED_COUNTERS] = { ANY, ANY, ANY, ANY };
	struct perf_event **ev = sched_events(test, SCHED_COUNTERS, any, NULL);
	unsigned int round, i, n, found = 0;
	struct rnd_state rnd;

	prandom_seed_state(&rnd, 7500);
	for (round = 0; round < 2000; round++) {
		int assign[XU_MAX_COUNTERS];
		u64 allowed[SCHED_COUNTERS];
		bool exists;
		int ret;

		n = 1 + prandom_u32_state(&rnd) % SCHED_COUNTERS;
		for (i = 0; i < n; i++) {
			allowed[i] = prandom_u32_state(&rnd) & ANY;
			ev[i]->attr.config = allowed[i];
			/* -1 (new) or any counter, allowed or not */
			ev[i]->hw.idx = (int)(prandom_u32_state(&rnd) %
					      (SCHED_COUNTERS + 1)) - 1;
		}
		exists = sched_exists(allowed, n, 0, 0);
		ret = xu_assign(&sched_type, ev, n, assign);
		KUNIT_ASSERT_EQ_MSG(test, ret, exists ? 0 : -EINVAL,
				    "round %u: %u events", round, n);
		if (!ret)
			expect_valid(test, n, allowed, assign);
		found += exists;
	}
	/* both outcomes were exercised */
	KUNIT_EXPECT_GT(test, found, 100U);
	KUNIT_EXPECT_LT(test, found, 1900U);
}

static struct kunit_case xeon_uncore_sched_cases[] = {
	KUNIT_CASE(sched_keeps_counters_events_already_have),
	KUNIT_CASE(sched_moves_an_event_only_when_it_must),
	KUNIT_CASE(sched_finds_assignment_greedy_misses),
	KUNIT_CASE(sched_fills_every_counter_under_constraints),
	KUNIT_CASE(sched_fails_when_no_assignment_exists),
	KUNIT_CASE(sched_rejects_more_events_than_counters),
	KUNIT_CASE(sched_succeeds_exactly_when_assignment_exists),
	{}
};

static struct kunit_suite xeon_uncore_sched_suite = {
	.name = "xeon_uncore_sched",
	.test_cases = xeon_uncore_sched_cases,
};

kunit_test_suite(xeon_uncore_sched_suite);
