// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_access: the register accesses each perf operation costs on
 * an M-Box event, counted by the simulator.  These are the figures
 * Documentation/xeon-uncore.rst quotes; a change that adds an access to a
 * hot path fails here.
 */
#include "xu_test.h"

#define CFG_CYCLES_WRAP		0x3640ULL	/* inc_sel 0x1b, wrap_mode 1 */
/* inc_sel @ev, wrap_mode 1 (M_MSR_PMU_CNT_CTL, Table 2-67) */
#define CFG_INC_SEL_WRAP(ev)	(((u64)(ev) << 9) | 0x40)

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

/*
 * Socket 0's counter gaps since xu_sim_gaps_reset(): a counter stopped
 * and started again, with its register accesses, both ends included
 */
static void expect_gaps(struct kunit *test, u64 gaps, u64 accesses)
{
	u64 n, ns, acc;

	KUNIT_ASSERT_EQ(test, 0, xu_sim_gaps(test->priv, 0, &n, &ns, &acc));
	kunit_info(test, "%llu gaps, %llu accesses, %llu ns\n", n, acc, ns);
	KUNIT_EXPECT_EQ(test, n, gaps);
	KUNIT_EXPECT_EQ(test, acc, accesses);
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
 * add + start: read the counter (1 read), enable it (1 write).  An event
 * alone starts without a freeze (perf's PERF_PMU_TXN_ADD brackets every
 * group it schedules in, one of one event included).
 */
static void access_enable_costs_one_read_one_write(struct kunit *test)
{
	struct perf_event *event = open_disabled(test);
	struct access_count c;

	snapshot(test, &c);
	perf_event_enable(event);
	expect_cost(test, "add+start", &c, 1, 1);
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
/*
 * stop + del: perf brackets every pmu::del (event_sched_out()): the del
 * folds the count (1 read) and leaves the counter counting, the end of
 * the bracket stops it (1 write) and folds what it counted meanwhile (1
 * read)
 */
static void access_disable_costs_two_reads_one_write(struct kunit *test)
{
	struct perf_event *event = open_disabled(test);
	struct access_count c;

	perf_event_enable(event);
	snapshot(test, &c);
	perf_event_disable(event);
	expect_cost(test, "stop+del", &c, 2, 1);
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
 * running event off the box and puts both back, in one bracket: the
 * first's count is folded (1 read) and its counter, left counting, is
 * taken back; the second starts (1 read, 1 write).  No freeze.
 */
static void access_second_event_reschedules_the_first(struct kunit *test)
{
	struct perf_event *first = open_disabled(test);
	struct perf_event *second = open_disabled(test);
	struct access_count c;

	perf_event_enable(first);
	snapshot(test, &c);
	perf_event_enable(second);
	expect_cost(test, "add+start beside a running event", &c, 2, 1);
}

/*
 * perf's multiplexing, perf_rotate_context(), on the collecting CPU:
 * pmu_disable, pmu::del of every flexible event, pmu::add of each in the
 * new order in a PERF_PMU_TXN_ADD of its own, pmu_enable; here in two
 * halves, so that the test can inject between them.  The events stay
 * active in perf's eyes: every half that takes them off is followed by
 * one that puts them back.
 */
struct rotation {
	struct perf_event **ev;
	unsigned int n;
	unsigned int first;	/* the first event added back */
	bool off;		/* the half: pmu_disable and the dels */
	bool enable;		/* the other: ... and pmu_enable */
};

static void rotation_half(void *info)
{
	struct rotation *r = info;
	struct pmu *pmu = r->ev[0]->pmu;
	unsigned int i;

	if (r->off) {
		pmu->pmu_disable(pmu);
		for (i = 0; i < r->n; i++)
			pmu->del(r->ev[i], 0);
		return;
	}
	for (i = 0; i < r->n; i++) {
		pmu->start_txn(pmu, PERF_PMU_TXN_ADD);
		pmu->add(r->ev[(r->first + i) % r->n], PERF_EF_START);
		pmu->commit_txn(pmu);
	}
	if (r->enable)
		pmu->pmu_enable(pmu);
}

static void pmu_disable_here(void *pmu)
{
	((struct pmu *)pmu)->pmu_disable(pmu);
}

static void pmu_enable_here(void *pmu)
{
	((struct pmu *)pmu)->pmu_enable(pmu);
}

static void rotate_half(struct kunit *test, struct rotation *r, bool off)
{
	int ret;

	r->off = off;
	ret = smp_call_function_single(r->ev[0]->cpu, rotation_half, r, true);
	KUNIT_EXPECT_EQ(test, ret, 0);
}

static void inject_sel(struct kunit *test, unsigned int ev, u64 n)
{
	KUNIT_EXPECT_EQ(test, 0, xu_sim_inject(test->priv, 0, "mbox", 0, ev,
					       XU_SIM_SUB_ANY, n));
}

static u64 count_of(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

/*
 * A rotation that gives every event its counter back: one read each (the
 * fold perf's reads of an inactive event need) and nothing else; the
 * events injected between the dels and the adds are counted, for the
 * span perf accounts the events as running, each by its own event.
 */
static void access_rotation_keeps_every_counter(struct kunit *test)
{
	static const unsigned int sel[] = { 0x1b, 0x2, 0x1f };
	struct perf_event *ev[ARRAY_SIZE(sel)];
	struct rotation r = { .ev = ev, .n = ARRAY_SIZE(sel), .first = 1,
			      .enable = true };
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event_attr attr;
	struct access_count c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sel); i++) {
		xu_test_attr(&attr, xp, CFG_INC_SEL_WRAP(sel[i]));
		ev[i] = xu_test_open(test, xp, 0, &attr);
		inject_sel(test, sel[i], 100 * (i + 1));
	}
	snapshot(test, &c);
	rotate_half(test, &r, true);
	expect_cost(test, "dels of a rotation", &c, ARRAY_SIZE(sel), 0);
	for (i = 0; i < ARRAY_SIZE(sel); i++)
		inject_sel(test, sel[i], 10 * (i + 1));
	snapshot(test, &c);
	rotate_half(test, &r, false);
	expect_cost(test, "adds of the same events, rotated, and pmu_enable",
		    &c, 0, 0);
	for (i = 0; i < ARRAY_SIZE(sel); i++) {
		inject_sel(test, sel[i], i + 1);
		KUNIT_EXPECT_EQ_MSG(test, count_of(ev[i]), 111ULL * (i + 1),
				    "inc_sel %#x", sel[i]);
	}
}

/*
 * An event that leaves and comes back in another bracket: its counter
 * counts on for it until the end of the bracket of its del, which stops
 * it (1 write) and folds what it counted meanwhile (1 read); then nothing
 * counts.  Back, the event starts as any (1 read, 1 write) and counts
 * exactly again.
 */
static void access_counter_left_stops_at_enable(struct kunit *test)
{
	struct perf_event *ev[1];
	struct rotation r = { .ev = ev, .n = 1 };
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event_attr attr;
	struct access_count c;

	xu_test_attr(&attr, xp, CFG_CYCLES_WRAP);
	ev[0] = xu_test_open(test, xp, 0, &attr);
	inject_sel(test, 0x1b, 100);
	snapshot(test, &c);
	rotate_half(test, &r, true);
	expect_cost(test, "del inside a bracket", &c, 1, 0);
	KUNIT_EXPECT_EQ(test, count_of(ev[0]), 100ULL);
	inject_sel(test, 0x1b, 10);
	snapshot(test, &c);
	/* the end of that bracket, with nothing added */
	KUNIT_EXPECT_EQ(test, 0,
			smp_call_function_single(ev[0]->cpu, pmu_enable_here,
						 ev[0]->pmu, true));
	expect_cost(test, "pmu_enable stops the counter left", &c, 1, 1);
	KUNIT_EXPECT_EQ(test, count_of(ev[0]), 110ULL);
	inject_sel(test, 0x1b, 1000);
	KUNIT_EXPECT_EQ(test, count_of(ev[0]), 110ULL);
	snapshot(test, &c);
	r.enable = true;
	KUNIT_EXPECT_EQ(test, 0,
			smp_call_function_single(ev[0]->cpu, pmu_disable_here,
						 ev[0]->pmu, true));
	rotate_half(test, &r, false);
	expect_cost(test, "add+start in a bracket", &c, 1, 1);
	inject_sel(test, 0x1b, 5);
	KUNIT_EXPECT_EQ(test, count_of(ev[0]), 115ULL);
}

/*
 * A rotation by one: the event that leaves counts up to the instant its
 * counter changes hands, the one that joins from it (its value read
 * once, stopped: 1 write, 1 read, then the joining event's control, 1
 * write); the events that stay count on untouched
 */
static void access_rotation_hands_a_counter_over(struct kunit *test)
{
	static const unsigned int sel[] = { 0x1b, 0x2, 0x1f };
	struct perf_event *ev[ARRAY_SIZE(sel)], *stay[2], *join[2];
	struct rotation out = { .ev = ev, .n = 2, .off = true };
	struct rotation in = { .ev = join, .n = 2, .enable = true };
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event_attr attr;
	struct access_count c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sel); i++) {
		xu_test_attr(&attr, xp, CFG_INC_SEL_WRAP(sel[i]));
		attr.disabled = i == 2;
		ev[i] = xu_test_open(test, xp, 0, &attr);
		inject_sel(test, sel[i], 100);
	}
	/* out: ev[0] and ev[1]; in: ev[1] (back), ev[2] (joins) */
	join[0] = ev[1];
	join[1] = ev[2];
	snapshot(test, &c);
	rotate_half(test, &out, true);
	inject_sel(test, sel[0], 10);
	inject_sel(test, sel[1], 10);
	xu_sim_gaps_reset(test->priv);
	rotate_half(test, &in, false);
	expect_cost(test, "a rotation by one", &c, 3, 2);
	/* the counter stood still from its stop to the joining control */
	expect_gaps(test, 1, 3);
	for (i = 0; i < ARRAY_SIZE(sel); i++)
		inject_sel(test, sel[i], 1);
	KUNIT_EXPECT_EQ(test, count_of(ev[0]), 110ULL);
	KUNIT_EXPECT_EQ(test, count_of(ev[1]), 111ULL);
	/* back as perf has them: ev[2] out (its count folded), ev[0] in */
	stay[0] = ev[1];
	stay[1] = ev[2];
	out.ev = stay;
	join[1] = ev[0];
	rotate_half(test, &out, true);
	rotate_half(test, &in, false);
	inject_sel(test, sel[0], 1);
	KUNIT_EXPECT_EQ(test, count_of(ev[0]), 111ULL);
	KUNIT_EXPECT_EQ(test, count_of(ev[2]), 1ULL);
}

/* A group's PERF_PMU_TXN_ADD: its events added in one transaction */
static void group_in(void *info)
{
	struct rotation *r = info;
	struct pmu *pmu = r->ev[0]->pmu;
	unsigned int i;

	pmu->start_txn(pmu, PERF_PMU_TXN_ADD);
	for (i = 0; i < r->n; i++)
		pmu->add(r->ev[i], PERF_EF_START);
	pmu->commit_txn(pmu);
}

/*
 * perf promises that a group's events count over one span.  Two events
 * made a group (a leader and its sibling, as perf links them; a kernel
 * counter cannot be opened in a group) leave the box in one bracket; a
 * third event joins on the leader's counter: the hand-over freezes the
 * box, and the sibling's counter, left counting, stops at the bracket's
 * end in the frozen box.  Both count the same span: up to the freeze,
 * nothing injected while the box stands frozen, and the joining event
 * counts from the unfreeze.  Then the group comes back in a transaction
 * of its own, the leader on the third's counter: both start at the
 * transaction's end, and count what follows it, pmu_enable or not.
 */
static void access_group_leaves_at_one_instant(struct kunit *test)
{
	static const unsigned int sel[] = { 0x1b, 0x2, 0x1f };
	struct perf_event *ev[ARRAY_SIZE(sel)], *join[1];
	struct rotation out = { .ev = ev, .n = 2 };
	struct rotation in = { .ev = join, .n = 1 };
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event_attr attr;
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(sel); i++) {
		xu_test_attr(&attr, xp, CFG_INC_SEL_WRAP(sel[i]));
		attr.disabled = i == 2;
		ev[i] = xu_test_open(test, xp, 0, &attr);
		inject_sel(test, sel[i], 100);
	}
	join[0] = ev[2];
	/* undone below, before perf's own code could walk the group */
	ev[1]->group_leader = ev[0];
	ev[0]->nr_siblings = 1;
	rotate_half(test, &out, true);
	inject_sel(test, sel[0], 10);
	inject_sel(test, sel[1], 10);
	xu_sim_gaps_reset(test->priv);
	rotate_half(test, &in, false);
	for (i = 0; i < ARRAY_SIZE(sel); i++)
		inject_sel(test, sel[i], 1000);
	ret = smp_call_function_single(ev[0]->cpu, pmu_enable_here,
				       ev[0]->pmu, true);
	ev[0]->nr_siblings = 0;
	ev[1]->group_leader = ev[1];
	KUNIT_EXPECT_EQ(test, ret, 0);
	/*
	 * One counter stood still between two events: the freeze, the
	 * leader's counter read and the third's control (over the leader's:
	 * no stop of its own), the sibling's stop and read, the unfreeze
	 */
	expect_gaps(test, 1, 6);
	inject_sel(test, sel[2], 1);
	KUNIT_EXPECT_EQ(test, count_of(ev[0]), 110ULL);
	KUNIT_EXPECT_EQ(test, count_of(ev[1]), 110ULL);

	/* the third's count is folded at its del, below */
	out.ev = join;
	out.n = 1;
	in.ev = ev;
	in.n = 2;
	ev[1]->group_leader = ev[0];
	ev[0]->nr_siblings = 1;
	rotate_half(test, &out, true);
	xu_sim_gaps_reset(test->priv);
	KUNIT_EXPECT_EQ(test, 0,
			smp_call_function_single(ev[0]->cpu, group_in, &in,
						 true));
	/*
	 * The third's counter, in the frozen box: its read, the leader's
	 * control over the third's; the sibling's counter read and control
	 * (it was stopped before the gaps' reset: no gap); the freeze and
	 * the unfreeze at the transaction's end
	 */
	expect_gaps(test, 1, 6);
	for (i = 0; i < ARRAY_SIZE(sel); i++)
		inject_sel(test, sel[i], 7);
	ret = smp_call_function_single(ev[0]->cpu, pmu_enable_here,
				       ev[0]->pmu, true);
	ev[0]->nr_siblings = 0;
	ev[1]->group_leader = ev[1];
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, count_of(ev[0]), 117ULL);
	KUNIT_EXPECT_EQ(test, count_of(ev[1]), 117ULL);
	KUNIT_EXPECT_EQ(test, count_of(ev[2]), 1ULL);
}

static int access_init(struct kunit *test)
{
	struct xu_sim *sim = xu_test_sim(test);

	xu_test_quiet_sim(test, sim);
	test->priv = sim;
	return 0;
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

/*
 * A group leaves; an event of the leader's own control joins on its
 * counter, in the frozen box: the counter already holds the control, so
 * the hand-over is the counter's read alone (the gap: the freeze, that
 * read, the sibling's stop and read, the unfreeze), and the joining
 * event counts from the unfreeze, the leader up to the freeze.
 */
static void access_frozen_hand_over_keeps_a_right_control(struct kunit *test)
{
	static const unsigned int sel[] = { 0x1b, 0x2, 0x1b };
	struct perf_event *ev[ARRAY_SIZE(sel)], *join[1];
	struct rotation out = { .ev = ev, .n = 2 };
	struct rotation in = { .ev = join, .n = 1 };
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event_attr attr;
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(sel); i++) {
		xu_test_attr(&attr, xp, CFG_INC_SEL_WRAP(sel[i]));
		attr.disabled = i == 2;
		ev[i] = xu_test_open(test, xp, 0, &attr);
	}
	inject_sel(test, sel[0], 100);
	inject_sel(test, sel[1], 100);
	join[0] = ev[2];
	/* undone below, before perf's own code could walk the group */
	ev[1]->group_leader = ev[0];
	ev[0]->nr_siblings = 1;
	rotate_half(test, &out, true);
	inject_sel(test, sel[0], 10);
	xu_sim_gaps_reset(test->priv);
	rotate_half(test, &in, false);
	inject_sel(test, sel[0], 1000);
	ret = smp_call_function_single(ev[0]->cpu, pmu_enable_here,
				       ev[0]->pmu, true);
	ev[0]->nr_siblings = 0;
	ev[1]->group_leader = ev[1];
	KUNIT_EXPECT_EQ(test, ret, 0);
	expect_gaps(test, 1, 5);
	inject_sel(test, sel[2], 1);
	KUNIT_EXPECT_EQ(test, count_of(ev[0]), 110ULL);
	KUNIT_EXPECT_EQ(test, count_of(ev[1]), 100ULL);

	/*
	 * Back as perf has them: the third out (perf reads it, disabled,
	 * without the driver: its count is folded at its del), the group in
	 * again, the leader on the third's counter and control
	 */
	out.ev = join;
	out.n = 1;
	in.ev = ev;
	in.n = 2;
	ev[1]->group_leader = ev[0];
	ev[0]->nr_siblings = 1;
	rotate_half(test, &out, true);
	KUNIT_EXPECT_EQ(test, 0,
			smp_call_function_single(ev[0]->cpu, group_in, &in,
						 true));
	ret = smp_call_function_single(ev[0]->cpu, pmu_enable_here,
				       ev[0]->pmu, true);
	ev[0]->nr_siblings = 0;
	ev[1]->group_leader = ev[1];
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, count_of(ev[2]), 1ULL);
	inject_sel(test, sel[0], 5);
	KUNIT_EXPECT_EQ(test, count_of(ev[0]), 115ULL);
	KUNIT_EXPECT_EQ(test, count_of(ev[2]), 1ULL);
}

static struct kunit_case access_cases[] = {
	KUNIT_CASE_PARAM(access_event_init_touches_no_register, nx_gen_params),
	KUNIT_CASE_PARAM(access_enable_costs_one_read_one_write, nx_gen_params),
	KUNIT_CASE_PARAM(access_read_costs_one_read, nx_gen_params),
	KUNIT_CASE_PARAM(access_disable_costs_two_reads_one_write, nx_gen_params),
	KUNIT_CASE_PARAM(access_close_of_stopped_event_is_free, nx_gen_params),
	KUNIT_CASE_PARAM(access_second_event_reschedules_the_first, nx_gen_params),
	KUNIT_CASE_PARAM(access_rotation_keeps_every_counter, nx_gen_params),
	KUNIT_CASE_PARAM(access_counter_left_stops_at_enable, nx_gen_params),
	KUNIT_CASE_PARAM(access_rotation_hands_a_counter_over, nx_gen_params),
	KUNIT_CASE_PARAM(access_group_leaves_at_one_instant, nx_gen_params),
	KUNIT_CASE_PARAM(access_frozen_hand_over_keeps_a_right_control,
			 nx_gen_params),
	{}
};

static struct kunit_suite access_suite = {
	.name = "xeon_uncore_access",
	.suite_exit = xu_test_suite_exit,
	.init = access_init,
	.test_cases = access_cases,
};

kunit_test_suite(access_suite);
