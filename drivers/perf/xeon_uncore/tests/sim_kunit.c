// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_sim: the simulated uncore against the Xeon 7500 uncore
 * programming guide (Tables 2-1..2-7 for the U-Box, 2-64..2-68 for the
 * M-Box), on private two-socket simulators of each Xeon 7500 / E7
 * platform, the case's parameter, whose clock only the test moves.
 * Register images are literals from those tables.  The global status
 * read of an NMI runs on the IVB-EP model as well.
 */
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/smp.h>
#include <linux/time64.h>
#include <linux/topology.h>

#include <asm/apic.h>
#include <asm/nmi.h>

#include <xeon_uncore/nhmex.h>

#include "xu_test.h"

/* U_MSR_PMON_GLOBAL_CTL bits, Table 2-2 */
#define U_EN		0x00000001ULL
#define U_EN_ALL	0x10000000ULL
#define U_RST_ALL	0x20000000ULL
#define U_FRZ_ALL	0x80000000ULL

/* M_MSR_PERF_GLOBAL_CTL with all six counters enabled */
#define M_ALL		0x3fULL

/* M_MSR_PMU_CNT_CTL images (Table 2-67), all with en and inc_sel 0x1b */
#define CTL_UP		0x003601ULL	/* count_mode 0 */
#define CTL_UP_WRAP	0x003641ULL	/* + wrap_mode 1 */
#define CTL_DOWN	0x003605ULL	/* count_mode 1 */
#define CTL_DOWN_WRAP	0x003645ULL	/* count_mode 1, wrap_mode 1 */
#define CTL_UP_WRAP_PMI	0x003643ULL	/* + pmi_en */

#define EV_CYCLES	0x1b		/* the inc_sel of those controls */

static struct xu_sim *sim_of(struct kunit *test)
{
	return test->priv;
}

static u64 rd(struct kunit *test, unsigned int socket, u32 reg)
{
	return xu_test_sim_rd(test, sim_of(test), socket, reg);
}

static void wr(struct kunit *test, unsigned int socket, u32 reg, u64 val)
{
	xu_test_sim_wr(test, sim_of(test), socket, reg, val);
}

static void inject(struct kunit *test, unsigned int socket, const char *box,
		   unsigned int idx, unsigned int event, u64 n)
{
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim_of(test), socket, box, idx,
					       event, XU_SIM_SUB_ANY, n));
}

/* The enables that must be set before an M-Box counter counts */
static void enable_mbox(struct kunit *test, unsigned int socket, unsigned int b)
{
	wr(test, socket, NHMEX_U_GLOBAL_CTL, U_EN_ALL);
	wr(test, socket, NHMEX_M_GLOBAL_CTL(b), M_ALL);
}

static void sim_counts_up_by_injected_events(struct kunit *test)
{
	enable_mbox(test, 0, 0);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 0), CTL_UP);
	/* en = 0: programmed but not counting */
	wr(test, 0, NHMEX_M_CNT_CTL(0, 1), 0x003600);

	inject(test, 0, "mbox", 0, EV_CYCLES, 1000);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 1000ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 1)), 0ULL);

	/* another inc_sel, another box: not this counter's events */
	inject(test, 0, "mbox", 0, 0x14, 50);
	inject(test, 0, "mbox", 1, EV_CYCLES, 50);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 1000ULL);

	inject(test, 0, "mbox", 0, EV_CYCLES, 1);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 1001ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT_CTL(0, 0)), CTL_UP);
}

static void sim_counts_down_in_count_mode_1(struct kunit *test)
{
	enable_mbox(test, 1, 1);
	wr(test, 1, NHMEX_M_CNT(1, 3), 5000);
	wr(test, 1, NHMEX_M_CNT_CTL(1, 3), CTL_DOWN);

	inject(test, 1, "mbox", 1, EV_CYCLES, 1000);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(1, 3)), 4000ULL);
	inject(test, 1, "mbox", 1, EV_CYCLES, 4000);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(1, 3)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_GLOBAL_STATUS(1)), 0ULL);
}

static void sim_counts_both_ways_in_count_mode_2(struct kunit *test)
{
	enable_mbox(test, 0, 0);
	/* count_mode 2 without flag_mode: nothing counts down */
	wr(test, 0, NHMEX_M_CNT_CTL(0, 0), 0x003609);
	/* count_mode 2, flag_mode, set_flag_sel 3: down for 4/8 of them */
	wr(test, 0, NHMEX_M_CNT_CTL(0, 1), 0x183689);

	inject(test, 0, "mbox", 0, EV_CYCLES, 800);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 800ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 1)), 400ULL);
}

static void sim_wrap_mode_1_wraps_at_2_48_and_flags_overflow(struct kunit *test)
{
	/* M-Box 0 on socket 0, M-Box 1 on socket 1 */
	enable_mbox(test, 0, 0);
	enable_mbox(test, 1, 1);
	wr(test, 0, NHMEX_M_CNT(0, 2), 0xfffffffffffd);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 2), CTL_UP_WRAP);
	wr(test, 1, NHMEX_M_CNT(1, 5), 0xfffffffffffd);
	wr(test, 1, NHMEX_M_CNT_CTL(1, 5), CTL_UP_WRAP);

	inject(test, 0, "mbox", 0, EV_CYCLES, 2);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 2)), 0xffffffffffffULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS), 0ULL);

	/* the carry out of bit 47 */
	inject(test, 0, "mbox", 0, EV_CYCLES, 1);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 2)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(0)), 0x4ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS), NHMEX_U_GSTS_OV_S0);
	inject(test, 0, "mbox", 0, EV_CYCLES, 7);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 2)), 7ULL);

	inject(test, 1, "mbox", 1, EV_CYCLES, 5);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(1, 5)), 2ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_GLOBAL_STATUS(1)), 0x20ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_U_GLOBAL_STATUS), NHMEX_U_GSTS_OV_S1);
	/* each socket has its own status */
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS), NHMEX_U_GSTS_OV_S0);

	/* and downwards: an underflow wraps to 2^48 - 1 */
	wr(test, 1, NHMEX_M_CNT(1, 4), 2);
	wr(test, 1, NHMEX_M_CNT_CTL(1, 4), CTL_DOWN_WRAP);
	inject(test, 1, "mbox", 1, EV_CYCLES, 5);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(1, 4)), 0xfffffffffffdULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_GLOBAL_STATUS(1)), 0x30ULL);
}

static void sim_wrap_mode_0_stops_at_the_limit(struct kunit *test)
{
	enable_mbox(test, 0, 1);
	wr(test, 0, NHMEX_M_CNT(1, 0), 0xfffffffffffd);
	wr(test, 0, NHMEX_M_CNT_CTL(1, 0), CTL_UP);
	wr(test, 0, NHMEX_M_CNT(1, 1), 3);
	wr(test, 0, NHMEX_M_CNT_CTL(1, 1), CTL_DOWN);

	inject(test, 0, "mbox", 1, EV_CYCLES, 5);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 0)), 0xffffffffffffULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 1)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(1)), 0x3ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS), NHMEX_U_GSTS_OV_S1);

	/* stopped: further events change nothing */
	inject(test, 0, "mbox", 1, EV_CYCLES, 10);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 0)), 0xffffffffffffULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 1)), 0ULL);

	/* writing the counter lets it count again */
	wr(test, 0, NHMEX_M_CNT(1, 0), 0);
	inject(test, 0, "mbox", 1, EV_CYCLES, 3);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 0)), 3ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 1)), 0ULL);
}

struct gate_case {
	u64 ctl;
	u64 injected;
	u64 counted;
};

static void sim_storage_mode_counts_only_while_flag_set(struct kunit *test)
{
	/* storage_mode 1 + flag_mode: set_flag_sel f holds (f + 1) / 8 */
	static const struct gate_case cases[] = {
		{ 0x003691, 800, 100 },	/* set_flag_sel 0 */
		{ 0x083691, 800, 200 },	/* set_flag_sel 1 */
		{ 0x183691, 800, 400 },	/* set_flag_sel 3 */
		{ 0x303691, 800, 700 },	/* set_flag_sel 6 */
		{ 0x383691, 800, 800 },	/* set_flag_sel 7 */
		{ 0x183681, 800, 800 },	/* flag_mode, storage_mode 0: all */
	};
	unsigned int i;

	enable_mbox(test, 1, 0);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		wr(test, 1, NHMEX_M_CNT(0, i), 0);
		wr(test, 1, NHMEX_M_CNT_CTL(0, i), cases[i].ctl);
	}
	inject(test, 1, "mbox", 0, EV_CYCLES, 800);
	for (i = 0; i < ARRAY_SIZE(cases); i++)
		KUNIT_EXPECT_EQ_MSG(test, rd(test, 1, NHMEX_M_CNT(0, i)),
				    cases[i].counted, "ctl %#llx", cases[i].ctl);

	/* fractions carry over between injections: 3/8 + 5/8 is one */
	wr(test, 1, NHMEX_M_CNT(0, 0), 0);
	wr(test, 1, NHMEX_M_CNT_CTL(0, 0), 0x003691);
	inject(test, 1, "mbox", 0, EV_CYCLES, 3);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(0, 0)), 0ULL);
	inject(test, 1, "mbox", 0, EV_CYCLES, 5);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(0, 0)), 1ULL);
	inject(test, 1, "mbox", 0, EV_CYCLES, 7);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(0, 0)), 1ULL);
	inject(test, 1, "mbox", 0, EV_CYCLES, 1);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(0, 0)), 2ULL);
}

static void sim_box_global_ctl_freezes_its_counters(struct kunit *test)
{
	enable_mbox(test, 0, 0);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 0), CTL_UP);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 1), CTL_UP);

	/* ctr_en of counter 0 clear */
	wr(test, 0, NHMEX_M_GLOBAL_CTL(0), 0x3e);
	inject(test, 0, "mbox", 0, EV_CYCLES, 100);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 1)), 100ULL);

	/* the whole box frozen */
	wr(test, 0, NHMEX_M_GLOBAL_CTL(0), 0);
	inject(test, 0, "mbox", 0, EV_CYCLES, 100);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 1)), 100ULL);

	wr(test, 0, NHMEX_M_GLOBAL_CTL(0), M_ALL);
	inject(test, 0, "mbox", 0, EV_CYCLES, 10);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 10ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 1)), 110ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_CTL(0)), M_ALL);
}

static void sim_en_all_freezes_every_box(struct kunit *test)
{
	enable_mbox(test, 0, 0);
	enable_mbox(test, 0, 1);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_EN_ALL | U_EN);
	wr(test, 0, NHMEX_U_EVT_SEL, 0x400002);	/* en, event 2 */
	wr(test, 0, NHMEX_M_CNT_CTL(0, 0), CTL_UP);
	wr(test, 0, NHMEX_M_CNT_CTL(1, 0), CTL_UP);

	inject(test, 0, "ubox", 0, 2, 50);
	inject(test, 0, "mbox", 0, EV_CYCLES, 60);
	inject(test, 0, "mbox", 1, EV_CYCLES, 70);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_CTR), 50ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 60ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 0)), 70ULL);

	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_EN);
	inject(test, 0, "ubox", 0, 2, 5);
	inject(test, 0, "mbox", 0, EV_CYCLES, 5);
	inject(test, 0, "mbox", 1, EV_CYCLES, 5);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_CTR), 50ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 60ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 0)), 70ULL);

	/* the U-Box counter's own enable in GLOBAL_CTL */
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_EN_ALL);
	inject(test, 0, "ubox", 0, 2, 5);
	inject(test, 0, "mbox", 0, EV_CYCLES, 5);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_CTR), 50ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 65ULL);
}

static void sim_pmi_with_frz_all_clears_en_all(struct kunit *test)
{
	enable_mbox(test, 0, 0);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_FRZ_ALL | U_EN_ALL);
	wr(test, 0, NHMEX_M_CNT(0, 0), 0xfffffffffffe);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 0), CTL_UP_WRAP);
	wr(test, 0, NHMEX_M_CNT(0, 1), 0xfffffffffffe);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 1), CTL_UP_WRAP_PMI);

	/* section 2.1.1.1: the overflow's PMI freezes the whole uncore */
	inject(test, 0, "mbox", 0, EV_CYCLES, 5);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), U_FRZ_ALL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 1)), 3ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(0)), 0x3ULL);
	inject(test, 0, "mbox", 0, EV_CYCLES, 5);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 3ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 1)), 3ULL);

	/* without pmi_en an overflow does not freeze */
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_FRZ_ALL | U_EN_ALL);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 1), 0);
	wr(test, 0, NHMEX_M_CNT(0, 0), 0xffffffffffff);
	inject(test, 0, "mbox", 0, EV_CYCLES, 1);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), U_FRZ_ALL | U_EN_ALL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 0ULL);
}

/*
 * The freeze of an overflow with pmi_en and frz_all stops every counter at
 * once: those after the overflowing counter in the box see the events
 * those before it see, injected (one instant) and from the generator
 * (2.8 * 10^6 M-Box 0 cycles a second on socket 0).  The generator's
 * freeze takes effect where the simulator finds the overflow, at the end
 * of the advance, and the time frozen counts from there.
 */
static void sim_freeze_stops_every_counter_at_once(struct kunit *test)
{
	struct xu_sim *sim = sim_of(test);
	u64 reads, writes, ns;

	enable_mbox(test, 0, 0);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_FRZ_ALL | U_EN_ALL);
	wr(test, 0, NHMEX_M_CNT(0, 1), 0xfffffffffffe);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 0), CTL_UP_WRAP);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 1), CTL_UP_WRAP_PMI);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 2), CTL_UP_WRAP);
	inject(test, 0, "mbox", 0, EV_CYCLES, 5);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), U_FRZ_ALL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 5ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 1)), 3ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 2)), 5ULL);

	/*
	 * 1000 cycles from the overflow, 1 ms (2800 cycles) of the generator
	 * in one advance: every counter counts all 2800, counter 1 through
	 * its overflow, and the package is frozen from the end of the
	 * advance: another millisecond adds nothing, and is the time frozen
	 */
	wr(test, 0, NHMEX_M_GLOBAL_OVF_CTL(0), 0x3f);
	wr(test, 0, NHMEX_M_CNT(0, 0), 0);
	wr(test, 0, NHMEX_M_CNT(0, 1), 0x1000000000000ULL - 1000);
	wr(test, 0, NHMEX_M_CNT(0, 2), 0);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_FRZ_ALL | U_EN_ALL);
	KUNIT_ASSERT_EQ(test, xu_sim_frozen(sim, 0, &reads, &writes, &ns), 0);
	KUNIT_EXPECT_EQ(test, ns, 0ULL);
	xu_sim_set_generator(sim, true);
	xu_sim_advance(sim, NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), U_FRZ_ALL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 2800ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 1)), 1800ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 2)), 2800ULL);
	xu_sim_advance(sim, NSEC_PER_MSEC);
	xu_sim_set_generator(sim, false);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 2800ULL);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_FRZ_ALL | U_EN_ALL);
	KUNIT_ASSERT_EQ(test, xu_sim_frozen(sim, 0, &reads, &writes, &ns), 0);
	KUNIT_EXPECT_EQ(test, ns, (u64)NSEC_PER_MSEC);
}

/*
 * A test's manual clock starts at 0, and a PMI's freeze there is counted
 * from the clock's first nanosecond on (frozen_since 0 means not frozen):
 * an injected overflow at 0, then 1 ms, then the unfreeze, is 1 ms less
 * 1 ns frozen.  (It was not counted at all.)
 */
static void sim_freeze_at_the_clock_start_counts(struct kunit *test)
{
	u64 reads, writes, ns;

	enable_mbox(test, 0, 0);
	wr(test, 0, NHMEX_M_CNT(0, 1), 0xffffffffffff);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 1), CTL_UP_WRAP_PMI);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_FRZ_ALL | U_EN_ALL);
	inject(test, 0, "mbox", 0, EV_CYCLES, 1);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), U_FRZ_ALL);
	xu_sim_advance(sim_of(test), NSEC_PER_MSEC);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_FRZ_ALL | U_EN_ALL);
	KUNIT_ASSERT_EQ(test, xu_sim_frozen(sim_of(test), 0, &reads, &writes,
					    &ns), 0);
	KUNIT_EXPECT_EQ(test, ns, (u64)NSEC_PER_MSEC - 1);
}

/* What sim_freeze_lands_with_its_pmi() saw on a CPU of package 0 */
struct sim_landing {
	struct xu_sim *sim;
	int ret;
	u64 gctl_found, ctr_taken, ctr_later, gctl_later, lost;
};

/*
 * On a CPU of package 0, interrupts off (an IPI): the PMI's irq_work,
 * which would send it to the other CPUs, waits; the LVTPC masked, so the
 * PMI this CPU takes is lost rather than an NMI nobody claims
 */
static void sim_landing_here(void *info)
{
	struct sim_landing *l = info;
	struct xu_sim *sim = l->sim;
	u32 lvt = apic->read(APIC_LVTPC);

	apic->write(APIC_LVTPC, lvt | APIC_LVT_MASKED);
	xu_sim_set_deliver_pmi(sim, true);
	/* counter 1 overflows: an injection takes no PMI on its way out */
	l->ret = xu_sim_inject(sim, 0, "mbox", 0, EV_CYCLES, XU_SIM_SUB_ANY, 5);
	/* a millisecond before any CPU takes the PMI */
	xu_sim_advance(sim, NSEC_PER_MSEC);
	/* this read counts it, unfrozen, then takes the PMI as it returns */
	l->ret |= xu_sim_read(sim, 0, NHMEX_U_GLOBAL_CTL, &l->gctl_found);
	l->ret |= xu_sim_read(sim, 0, NHMEX_M_CNT(0, 0), &l->ctr_taken);
	xu_sim_advance(sim, NSEC_PER_MSEC);
	l->ret |= xu_sim_read(sim, 0, NHMEX_M_CNT(0, 0), &l->ctr_later);
	l->ret |= xu_sim_read(sim, 0, NHMEX_U_GLOBAL_CTL, &l->gctl_later);
	/* the other targets never take it: their irq_work finds it off */
	xu_sim_set_deliver_pmi(sim, false);
	l->lost = xu_sim_lost_pmis(sim, 0);
	apic->write(APIC_LVTPC, lvt);
}

/*
 * The freeze of an overflow's PMI lands where a CPU's local APIC takes
 * the PMI, not where the simulator found the overflow: on silicon the
 * freeze and the PMI's arrival are microseconds apart, and what the
 * simulator takes to deliver it (an access to end, an irq_work and an
 * IPI, tens of microseconds under TCG) is counted, as skid, rather than
 * frozen.  Counter 1's overflow by an injection, on a CPU of package 0
 * with every core a target: a millisecond passes before the CPU's next
 * access, which finds en_all still set, counts the millisecond (2800
 * M-Box cycles) and takes the PMI on its way out (lost at the masked
 * LVTPC, 1); the package is frozen from there (a millisecond more adds
 * nothing, en_all clear), and the time frozen to the unfreeze is that
 * second millisecond.  (Frozen at the injection, en_all read clear, the
 * counter 5, and 2 ms were frozen.)
 */
static void sim_freeze_lands_with_its_pmi(struct kunit *test)
{
	struct sim_landing l = { .sim = sim_of(test) };
	u64 sel = NHMEX_U_GCTL_PMI_CORE_SEL, reads, writes, ns;
	int cpu;

	for_each_online_cpu(cpu)
		if (topology_logical_package_id(cpu) == 0)
			break;
	KUNIT_ASSERT_LT(test, cpu, nr_cpu_ids);
	enable_mbox(test, 0, 0);
	wr(test, 0, NHMEX_M_CNT(0, 1), 0xfffffffffffe);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 0), CTL_UP_WRAP);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 1), CTL_UP_WRAP_PMI);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_FRZ_ALL | U_EN_ALL | sel);
	xu_sim_set_generator(l.sim, true);
	KUNIT_ASSERT_EQ(test, smp_call_function_single(cpu, sim_landing_here,
						       &l, true), 0);
	xu_sim_set_generator(l.sim, false);
	KUNIT_ASSERT_EQ(test, l.ret, 0);
	KUNIT_EXPECT_EQ(test, l.gctl_found, U_FRZ_ALL | U_EN_ALL | sel);
	KUNIT_EXPECT_EQ(test, l.ctr_taken, 5ULL + 2800);
	KUNIT_EXPECT_EQ(test, l.ctr_later, 5ULL + 2800);
	KUNIT_EXPECT_EQ(test, l.gctl_later, U_FRZ_ALL | sel);
	KUNIT_EXPECT_EQ(test, l.lost, 1ULL);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_FRZ_ALL | U_EN_ALL);
	KUNIT_ASSERT_EQ(test, xu_sim_frozen(l.sim, 0, &reads, &writes, &ns), 0);
	KUNIT_EXPECT_EQ(test, ns, (u64)NSEC_PER_MSEC);
}

/*
 * Two counters of one source count its events at the same instants,
 * whenever each was started: M-Box 0 cycles (2.8 events a microsecond on
 * socket 0), counter 1 started 100 ns after counter 0, both read every
 * microsecond for a millisecond.  (With a remainder per counter reset at
 * its start, they differed by one event in about a quarter of the reads.)
 */
static void sim_counters_of_one_source_count_alike(struct kunit *test)
{
	struct xu_sim *sim = sim_of(test);
	unsigned int n, differ = 0;
	u64 c0;

	enable_mbox(test, 0, 0);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_EN_ALL);
	xu_sim_set_generator(sim, true);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 0), CTL_UP_WRAP);
	xu_sim_advance(sim, 100);
	c0 = rd(test, 0, NHMEX_M_CNT(0, 0));
	wr(test, 0, NHMEX_M_CNT_CTL(0, 1), CTL_UP_WRAP);
	for (n = 0; n < 1000; n++) {
		xu_sim_advance(sim, NSEC_PER_USEC);
		differ += rd(test, 0, NHMEX_M_CNT(0, 0)) - c0 !=
			  rd(test, 0, NHMEX_M_CNT(0, 1));
	}
	xu_sim_set_generator(sim, false);
	KUNIT_EXPECT_EQ(test, differ, 0U);
	/* 2.8 events a microsecond: 2800 in the millisecond, within one */
	KUNIT_EXPECT_GE(test, rd(test, 0, NHMEX_M_CNT(0, 1)), 2799ULL);
	KUNIT_EXPECT_LE(test, rd(test, 0, NHMEX_M_CNT(0, 1)), 2800ULL);
}

static void sim_rst_all_zeroes_counters_of_its_socket(struct kunit *test)
{
	unsigned int s;

	for (s = 0; s < 2; s++) {
		wr(test, s, NHMEX_U_CTR, 0x123);
		wr(test, s, NHMEX_M_CNT(0, 0), 0x456);
		wr(test, s, NHMEX_M_CNT(1, 5), 0x789);
		wr(test, s, NHMEX_M_CNT_CTL(0, 0), CTL_UP);
	}

	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_RST_ALL | U_EN_ALL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_CTR), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(1, 5)), 0ULL);
	/* rst_all is a command, not state; controls keep their values */
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), U_EN_ALL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT_CTL(0, 0)), CTL_UP);

	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_U_CTR), 0x123ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(0, 0)), 0x456ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(1, 5)), 0x789ULL);
}

static void sim_ovf_ctl_is_write_1_to_clear(struct kunit *test)
{
	enable_mbox(test, 0, 0);
	enable_mbox(test, 0, 1);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_EN_ALL | U_EN);
	wr(test, 0, NHMEX_M_CNT(0, 1), 0xffffffffffff);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 1), CTL_UP_WRAP);
	wr(test, 0, NHMEX_M_CNT(0, 2), 0xffffffffffff);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 2), CTL_UP_WRAP);
	wr(test, 0, NHMEX_M_CNT(1, 0), 0xffffffffffff);
	wr(test, 0, NHMEX_M_CNT_CTL(1, 0), CTL_UP_WRAP);
	wr(test, 0, NHMEX_U_CTR, 0xffffffffffff);
	wr(test, 0, NHMEX_U_EVT_SEL, 0x400000);

	inject(test, 0, "mbox", 0, EV_CYCLES, 1);
	inject(test, 0, "mbox", 1, EV_CYCLES, 1);
	inject(test, 0, "ubox", 0, 0, 1);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(0)), 0x6ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(1)), 0x1ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS),
			NHMEX_U_GSTS_OV_S0 | NHMEX_U_GSTS_OV_S1 | NHMEX_U_GSTS_OV_U);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_CTR), 0ULL);

	/* status registers are read-only; 0 bits of OVF_CTL do nothing */
	wr(test, 0, NHMEX_M_GLOBAL_STATUS(0), 0);
	wr(test, 0, NHMEX_U_GLOBAL_STATUS, 0);
	wr(test, 0, NHMEX_M_GLOBAL_OVF_CTL(0), 0);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(0)), 0x6ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS),
			NHMEX_U_GSTS_OV_S0 | NHMEX_U_GSTS_OV_S1 | NHMEX_U_GSTS_OV_U);

	/* one of two bits: the summary stays */
	wr(test, 0, NHMEX_M_GLOBAL_OVF_CTL(0), 0x2);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(0)), 0x4ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS),
			NHMEX_U_GSTS_OV_S0 | NHMEX_U_GSTS_OV_S1 | NHMEX_U_GSTS_OV_U);
	/* the last bit: the summary above it clears too */
	wr(test, 0, NHMEX_M_GLOBAL_OVF_CTL(0), 0x4);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS),
			NHMEX_U_GSTS_OV_S1 | NHMEX_U_GSTS_OV_U);
	wr(test, 0, NHMEX_M_GLOBAL_OVF_CTL(1), M_ALL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(1)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS), NHMEX_U_GSTS_OV_U);
	wr(test, 0, NHMEX_U_GLOBAL_OVF_CTL, NHMEX_U_GSTS_OV_U);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS), 0ULL);

	/* the clear registers read as zero */
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_OVF_CTL(0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_OVF_CTL), 0ULL);
}

struct rsvd_case {
	u32 reg;
	u64 written;
	u64 stored;
	u64 violations;
};

static void sim_reserved_bits_are_violations_not_stored(struct kunit *test)
{
	static const struct rsvd_case cases[] = {
		/* Table 2-67: rsv 8, 18:14, 24:22, 62:61; ig 60:25, 63 */
		{ NHMEX_M_CNT_CTL(0, 0), 0x0000000000003701, 0x3601, 1 },
		{ NHMEX_M_CNT_CTL(0, 1), 0x0000000000007601, 0x3601, 1 },
		{ NHMEX_M_CNT_CTL(0, 2), 0x0000000001003601, 0x3601, 1 },
		{ NHMEX_M_CNT_CTL(0, 3), 0x4000000000003601, 0x3601, 1 },
		{ NHMEX_M_CNT_CTL(1, 5), 0x2000000000003701, 0x3601, 1 },
		{ NHMEX_M_CNT_CTL(0, 4), 0x0000000002003601, 0x3601, 0 },
		{ NHMEX_M_CNT_CTL(0, 5), 0x9000000000003601, 0x3601, 0 },
		{ NHMEX_M_CNT_CTL(1, 0), 0x0000000000383ed9, 0x383ed9, 0 },
		/* Table 2-6: rsv 62 and the undocumented 17:8; ig 63, 61:23, 21, 19 */
		{ NHMEX_U_EVT_SEL, 0x4000000000400001, 0x400001, 1 },
		{ NHMEX_U_EVT_SEL, 0x0000000000400101, 0x400001, 1 },
		{ NHMEX_U_EVT_SEL, 0x0000000000420001, 0x400001, 1 },
		{ NHMEX_U_EVT_SEL, 0x80000000002800ff, 0x0000ff, 0 },
		{ NHMEX_U_EVT_SEL, 0x0000000000540001, 0x540001, 0 },
		/* Table 2-2: rsv 63:32, 30, 27:5 */
		{ NHMEX_U_GLOBAL_CTL, 0x0000000050000000, 0x10000000, 1 },
		{ NHMEX_U_GLOBAL_CTL, 0x0000000010000020, 0x10000000, 1 },
		{ NHMEX_U_GLOBAL_CTL, 0x0000000110000000, 0x10000000, 1 },
		{ NHMEX_U_GLOBAL_CTL, 0x000000009000001f, 0x9000001f, 0 },
	};
	struct xu_sim *sim = sim_of(test);
	unsigned int i;

	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 0ULL);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		u64 before = xu_sim_violations(sim);

		wr(test, 1, cases[i].reg, cases[i].written);
		KUNIT_EXPECT_EQ_MSG(test, rd(test, 1, cases[i].reg), cases[i].stored,
				    "MSR %#x written %#llx", cases[i].reg,
				    cases[i].written);
		KUNIT_EXPECT_EQ_MSG(test, xu_sim_violations(sim) - before,
				    cases[i].violations, "MSR %#x written %#llx",
				    cases[i].reg, cases[i].written);
	}
}

static void sim_unknown_msr_is_eio(struct kunit *test)
{
	/*
	 * gaps in and around the Xeon 7500 ranges (323535 and the SDM's MSR
	 * table): after the U-Box's, the M-Boxes' last counters, the
	 * R-Box's blocks, the C-Boxes' (0xd00-0xdff), the B- and S-Box
	 * match/mask registers
	 */
	static const u32 regs[] = {
		0x000, 0xc03, 0xc0f, 0xc12, 0xca3, 0xcbc, 0xce3, 0xcfc,
		0xd0e, 0xe03, 0xe40, 0xe47, 0x393, 0x396,
	};
	/* the first registers of WSM-EX's C-Box 8 and 9: a gap on NHM-EX */
	static const u32 c89[] = { 0xf40, 0xfc0 };
	bool wsmex = xu_test_model(test) == XU_TEST_WSMEX;
	struct xu_sim *sim = sim_of(test);
	unsigned int i;
	u64 val;

	for (i = 0; i < ARRAY_SIZE(regs); i++) {
		KUNIT_EXPECT_EQ_MSG(test, xu_sim_read(sim, 0, regs[i], &val), -EIO,
				    "read of MSR %#x", regs[i]);
		KUNIT_EXPECT_EQ_MSG(test, xu_sim_write(sim, 1, regs[i], 0), -EIO,
				    "write of MSR %#x", regs[i]);
	}
	for (i = 0; i < ARRAY_SIZE(c89); i++) {
		KUNIT_EXPECT_EQ_MSG(test, xu_sim_read(sim, 0, c89[i], &val),
				    wsmex ? 0 : -EIO, "read of MSR %#x", c89[i]);
		KUNIT_EXPECT_EQ_MSG(test, xu_sim_write(sim, 1, c89[i], 0),
				    wsmex ? 0 : -EIO, "write of MSR %#x", c89[i]);
	}
	/* and the last register of each box is there */
	KUNIT_EXPECT_EQ(test, xu_sim_read(sim, 0, 0xcbb, &val), 0);
	KUNIT_EXPECT_EQ(test, xu_sim_read(sim, 0, 0xcfb, &val), 0);
}

static void sim_bad_socket_is_enodev(struct kunit *test)
{
	struct xu_sim *sim = sim_of(test);
	u64 val;

	KUNIT_EXPECT_EQ(test, xu_sim_read(sim, 2, NHMEX_U_GLOBAL_CTL, &val), -ENODEV);
	KUNIT_EXPECT_EQ(test, xu_sim_write(sim, 2, NHMEX_U_GLOBAL_CTL, 0), -ENODEV);
	KUNIT_EXPECT_EQ(test, xu_sim_read(sim, UINT_MAX, NHMEX_M_CNT(0, 0), &val),
			-ENODEV);
	/* injection into sources that do not exist */
	KUNIT_EXPECT_EQ(test, xu_sim_inject(sim, 2, "mbox", 0, EV_CYCLES, XU_SIM_SUB_ANY, 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, xu_sim_inject(sim, 0, "mbox", 2, 0, XU_SIM_SUB_ANY, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, xu_sim_inject(sim, 0, "mbox", 1, 0x20, XU_SIM_SUB_ANY, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, xu_sim_inject(sim, 0, "ubox", 0, 0x100, XU_SIM_SUB_ANY, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, xu_sim_inject(sim, 1, "mbox", 1, 0x1f, XU_SIM_SUB_ANY, 1), 0);
}

static void sim_timestamp_is_16_bit_free_running(struct kunit *test)
{
	/* the manual clock is at 0; the simulated M-Box clock is 400 MHz */
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_TIMESTAMP(0)), 0ULL);

	/* nothing enabled, and it still ticks: 2500 ns are 1000 ticks */
	xu_sim_advance(sim_of(test), 2500);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_TIMESTAMP(0)), 1000ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_TIMESTAMP(1)), 1000ULL);

	/* 65536 ticks later it reads the same: 16 bits */
	xu_sim_advance(sim_of(test), 163840);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_TIMESTAMP(0)), 1000ULL);

	xu_sim_advance(sim_of(test), 160000);	/* 64000 ticks: 65000 */
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_TIMESTAMP(0)), 0xfde8ULL);
	xu_sim_advance(sim_of(test), 2500);	/* 66000 = 0x101d0 */
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_TIMESTAMP(0)), 0x1d0ULL);

	/* read-only */
	wr(test, 0, NHMEX_M_TIMESTAMP(0), 0x1234);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_TIMESTAMP(0)), 0x1d0ULL);
}

static void sim_generator_counts_at_documented_rate(struct kunit *test)
{
	struct xu_sim *sim = sim_of(test);

	/* Documentation/simulator.rst: 100000 * (event + 1) * multiplier */
	KUNIT_EXPECT_EQ(test, xu_sim_rate(sim, 1, "mbox", 1, 0x1b), 100000ULL * 28 * 4);
	KUNIT_EXPECT_EQ(test, xu_sim_rate(sim, 1, "mbox", 0, 0x1b), 100000ULL * 28 * 3);
	KUNIT_EXPECT_EQ(test, xu_sim_rate(sim, 0, "mbox", 0, 0x1b), 100000ULL * 28 * 1);
	KUNIT_EXPECT_EQ(test, xu_sim_rate(sim, 0, "mbox", 1, 0x00), 100000ULL * 1 * 2);
	KUNIT_EXPECT_EQ(test, xu_sim_rate(sim, 0, "ubox", 0, 0x00), 100000ULL);
	KUNIT_EXPECT_EQ(test, xu_sim_rate(sim, 1, "ubox", 0, 0x03), 100000ULL * 4 * 2);

	enable_mbox(test, 1, 1);
	enable_mbox(test, 0, 0);
	wr(test, 0, NHMEX_U_GLOBAL_CTL, U_EN_ALL | U_EN);
	wr(test, 0, NHMEX_U_EVT_SEL, 0x400000);
	wr(test, 1, NHMEX_M_CNT_CTL(1, 0), CTL_UP);
	wr(test, 0, NHMEX_M_CNT_CTL(0, 0), CTL_UP);
	xu_sim_set_generator(sim, true);

	xu_sim_advance(sim, NSEC_PER_SEC);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(1, 0)), 11200000ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 2800000ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_CTR), 100000ULL);

	/* a quarter second more, in uneven steps: no events lost */
	xu_sim_advance(sim, 100000001);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(1, 0)), 12320000ULL);
	xu_sim_advance(sim, 149999999);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(1, 0)), 14000000ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_CNT(0, 0)), 3500000ULL);

	/* a counter that is not enabled gets nothing */
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(1, 1)), 0ULL);

	/* generator off: the clock moves, the counts do not */
	xu_sim_set_generator(sim, false);
	xu_sim_advance(sim, NSEC_PER_SEC);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_CNT(1, 0)), 14000000ULL);
}

static void sim_create_rejects_unknown_model(struct kunit *test)
{
	struct xu_sim *sim = xu_sim_create("skylake", 2);

	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(sim), -EINVAL);
	if (!IS_ERR(sim))
		xu_sim_destroy(sim);
}

/*
 * U_MSR_PMON_GLOBAL_CTL images and the cores their pmi_core_sel (bits
 * 4:1, Table 2-2) names: a one-hot mask, bit n of the field for core n
 */
static const struct {
	u64 ctl;
	unsigned long cores;
} sim_pmi_core_sel_cases[] = {
	{ 0x00000000, 0x0 },		/* field 0: no PMI */
	{ 0x10000000, 0x0 },		/* en_all alone: no PMI */
	{ 0x90000001, 0x0 },		/* frz_all, en_all, en: no PMI */
	{ 0x00000002, 0x1 },		/* core 0 */
	{ 0x00000004, 0x2 },		/* core 1 */
	{ 0x00000008, 0x4 },		/* core 2 */
	{ 0x00000010, 0x8 },		/* core 3 */
	{ 0x90000013, 0x9 },		/* cores 0 and 3, with en, en_all, frz_all */
	{ 0x0000001a, 0xd },		/* cores 0, 2 and 3 */
	{ 0x1000001e, 0xf },		/* every core, with en_all */
	{ 0x00000020, 0x0 },		/* bit 5 is not the field */
};

static void sim_pmi_core_sel_is_one_hot(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sim_pmi_core_sel_cases); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    xu_sim_pmi_cores(sim_pmi_core_sel_cases[i].ctl),
				    sim_pmi_core_sel_cases[i].cores,
				    "U_MSR_PMON_GLOBAL_CTL %#llx",
				    sim_pmi_core_sel_cases[i].ctl);
}

/* An MSR access of the driver's (xu_sim_io), made on a chosen CPU */
struct sim_io_call {
	struct xu_box box;
	u32 reg;
	u64 val;
	bool write;
	int ret;
};

static void sim_io_call_here(void *data)
{
	struct sim_io_call *c = data;

	c->ret = c->write ? xu_sim_io.write(&c->box, c->reg, c->val) :
			    xu_sim_io.read(&c->box, c->reg, &c->val);
}

/* Read (or with @write, write @val to) @reg of package @pkg's box on @cpu */
static u64 sim_io_on(struct kunit *test, int cpu, unsigned int pkg, u32 reg,
		     bool write, u64 val)
{
	struct sim_io_call *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->box.io_priv = sim_of(test);
	c->box.pkg = pkg;
	c->reg = reg;
	c->val = val;
	c->write = write;
	c->ret = -1;
	KUNIT_ASSERT_EQ(test, 0,
			smp_call_function_single(cpu, sim_io_call_here, c, true));
	KUNIT_ASSERT_EQ(test, c->ret, 0);
	return c->val;
}

/*
 * An MSR access reaches the box of the executing CPU's package: one the
 * driver makes through xu_sim_io for a box of another package is a
 * violation and reaches the calling CPU's package instead, as on silicon;
 * the API's own xu_sim_read() and xu_sim_write() (rd(), wr()) are not
 * checked, and neither are the accesses with the check off
 */
static void sim_msr_access_reaches_the_calling_package(struct kunit *test)
{
	struct xu_sim *sim = sim_of(test);
	const u32 reg = NHMEX_M_CNT(0, 0);
	int cpu0, cpu1;
	u64 v;

	if (topology_max_packages() < 2)
		kunit_skip(test, "one package: no CPU of another");
	cpu0 = xu_test_cpu_of(test, 0);
	cpu1 = xu_test_cpu_of(test, 1);
	wr(test, 0, reg, 0x111);
	wr(test, 1, reg, 0x222);
	KUNIT_EXPECT_EQ(test, rd(test, 1, reg), 0x222ULL);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 0ULL);

	/* each package's own CPU: its own box, no violation */
	KUNIT_EXPECT_EQ(test, sim_io_on(test, cpu0, 0, reg, false, 0), 0x111ULL);
	KUNIT_EXPECT_EQ(test, sim_io_on(test, cpu1, 1, reg, false, 0), 0x222ULL);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 0ULL);

	/* package 1's box read on a CPU of package 0 reads package 0's */
	KUNIT_EXPECT_EQ(test, sim_io_on(test, cpu0, 1, reg, false, 0), 0x111ULL);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 1ULL);
	/* and a write there writes package 0's box */
	sim_io_on(test, cpu0, 1, reg, true, 0x333);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 2ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, reg), 0x333ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, reg), 0x222ULL);
	/* the other way round */
	KUNIT_EXPECT_EQ(test, sim_io_on(test, cpu1, 0, reg, false, 0), 0x222ULL);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 3ULL);

	/* with the check off, the box's package, as the KUnit private uncores */
	xu_sim_set_msr_cpu_check(sim, false);
	v = sim_io_on(test, cpu0, 1, reg, false, 0);
	KUNIT_EXPECT_EQ(test, v, 0x222ULL);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 3ULL);
}

/* A CPU holding socket 0 until told, for sim_nmi_status_past_a_held_socket */
struct sim_holder {
	struct xu_sim *sim;
	atomic_t state;
};

static void sim_hold_here(void *data)
{
	struct sim_holder *h = data;

	xu_sim_hold(h->sim, 0, &h->state, 2 * NSEC_PER_SEC);
}

/* The NMI's side: an NMI_LOCAL handler has no argument */
static struct {
	struct xu_sim *sim;
	atomic_t *holder;
	int cpu;
	atomic_t armed;
	atomic_t done;
	int ret;
	u64 val;
	bool while_held;
} sim_nmi;

static int sim_nmi_read_status(unsigned int type, struct pt_regs *regs)
{
	if (smp_processor_id() != READ_ONCE(sim_nmi.cpu) ||
	    !atomic_xchg(&sim_nmi.armed, 0))
		return NMI_DONE;
	sim_nmi.ret = xu_sim_read(sim_nmi.sim, 0, NHMEX_U_GLOBAL_STATUS,
				  &sim_nmi.val);
	sim_nmi.while_held = atomic_read(sim_nmi.holder) == 1;
	atomic_set(&sim_nmi.done, 1);
	return NMI_HANDLED;
}

/* Wait up to 3 s for *@v to be @want, without sleeping */
static bool sim_wait_for(atomic_t *v, int want)
{
	unsigned long end = jiffies + 3 * HZ;

	while (atomic_read(v) != want && time_before(jiffies, end))
		cpu_relax();
	return atomic_read(v) == want;
}

/*
 * On silicon an NMI's read of U_MSR_PMON_GLOBAL_STATUS waits for no other
 * CPU.  With socket 0 held by another CPU, as by a vCPU its host preempted
 * inside an access, the read of an NMI returns the status as the last
 * holder left it (the stale registers': a locked read gives the value
 * expected) while that CPU still holds the socket, and is counted as a
 * read.  Before, the NMI spun until the holder gave up, 2 s later.  The
 * test's CPU, which takes the NMI, keeps preemption off until the holder
 * lets go.
 */
static void sim_nmi_status_past_a_held_socket(struct kunit *test)
{
	struct sim_holder *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	struct xu_sim *sim = sim_of(test);
	u64 want, reads0, reads1, writes;
	bool held, read, released;
	int here, there, ret;

	KUNIT_ASSERT_NOT_NULL(test, h);
	xu_sim_stale(sim);
	want = rd(test, 0, NHMEX_U_GLOBAL_STATUS);
	KUNIT_ASSERT_NE(test, want, 0ULL);
	xu_sim_accesses(sim, &reads0, &writes);

	h->sim = sim;
	sim_nmi.sim = sim;
	sim_nmi.holder = &h->state;
	atomic_set(&sim_nmi.done, 0);
	ret = register_nmi_handler(NMI_LOCAL, sim_nmi_read_status, 0,
				   "xu_test_sim_nmi");
	KUNIT_ASSERT_EQ(test, ret, 0);

	here = get_cpu();
	there = cpumask_any_but(cpu_online_mask, here);
	if (there >= nr_cpu_ids) {
		put_cpu();
		unregister_nmi_handler(NMI_LOCAL, "xu_test_sim_nmi");
		kunit_skip(test, "one CPU online: no other to hold the socket");
	}
	WRITE_ONCE(sim_nmi.cpu, here);
	smp_call_function_single(there, sim_hold_here, h, false);
	held = sim_wait_for(&h->state, 1);
	if (held) {
		atomic_set(&sim_nmi.armed, 1);
		apic->send_IPI(here, NMI_VECTOR);
	}
	read = sim_wait_for(&sim_nmi.done, 1);
	/* the holder may have given up already: then it set 3 */
	atomic_cmpxchg(&h->state, 1, 2);
	released = sim_wait_for(&h->state, 3);
	put_cpu();
	atomic_set(&sim_nmi.armed, 0);
	unregister_nmi_handler(NMI_LOCAL, "xu_test_sim_nmi");

	KUNIT_ASSERT_TRUE_MSG(test, held, "CPU %d never held socket 0", there);
	KUNIT_ASSERT_TRUE(test, released);
	KUNIT_ASSERT_TRUE_MSG(test, read, "the NMI sent to CPU %d never read", here);
	KUNIT_EXPECT_EQ(test, sim_nmi.ret, 0);
	KUNIT_EXPECT_EQ(test, sim_nmi.val, want);
	KUNIT_EXPECT_TRUE_MSG(test, sim_nmi.while_held,
			      "the NMI's read waited for the holder");
	xu_sim_accesses(sim, &reads1, &writes);
	KUNIT_EXPECT_EQ(test, reads1, reads0 + 1);
}

KUNIT_DEFINE_ACTION_WRAPPER(sim_destroy_action, xu_sim_destroy, struct xu_sim *);

static int xeon_uncore_sim_init(struct kunit *test)
{
	struct xu_sim *sim = xu_sim_create(xu_test_pf(test)->sim, 2);
	int ret;

	if (IS_ERR(sim))
		return PTR_ERR(sim);
	ret = kunit_add_action_or_reset(test, sim_destroy_action, sim);
	if (ret)
		return ret;
	/* exact counts: nothing but the test's own events and clock */
	xu_sim_set_generator(sim, false);
	xu_sim_set_manual_clock(sim, true);
	test->priv = sim;
	return 0;
}

XU_TEST_PARAMS(nx, XU_TEST_NX);
XU_TEST_PARAMS(pmi, XU_TEST_NX | XU_TEST_IVBEP);

static struct kunit_case xeon_uncore_sim_cases[] = {
	KUNIT_CASE_PARAM(sim_counts_up_by_injected_events, nx_gen_params),
	KUNIT_CASE_PARAM(sim_counts_down_in_count_mode_1, nx_gen_params),
	KUNIT_CASE_PARAM(sim_counts_both_ways_in_count_mode_2, nx_gen_params),
	KUNIT_CASE_PARAM(sim_wrap_mode_1_wraps_at_2_48_and_flags_overflow, nx_gen_params),
	KUNIT_CASE_PARAM(sim_wrap_mode_0_stops_at_the_limit, nx_gen_params),
	KUNIT_CASE_PARAM(sim_storage_mode_counts_only_while_flag_set, nx_gen_params),
	KUNIT_CASE_PARAM(sim_box_global_ctl_freezes_its_counters, nx_gen_params),
	KUNIT_CASE_PARAM(sim_en_all_freezes_every_box, nx_gen_params),
	KUNIT_CASE_PARAM(sim_pmi_with_frz_all_clears_en_all, nx_gen_params),
	KUNIT_CASE_PARAM(sim_freeze_stops_every_counter_at_once, nx_gen_params),
	KUNIT_CASE_PARAM(sim_freeze_lands_with_its_pmi, nx_gen_params),
	KUNIT_CASE_PARAM(sim_freeze_at_the_clock_start_counts, nx_gen_params),
	KUNIT_CASE_PARAM(sim_counters_of_one_source_count_alike, nx_gen_params),
	KUNIT_CASE_PARAM(sim_rst_all_zeroes_counters_of_its_socket, nx_gen_params),
	KUNIT_CASE_PARAM(sim_ovf_ctl_is_write_1_to_clear, nx_gen_params),
	KUNIT_CASE_PARAM(sim_reserved_bits_are_violations_not_stored, nx_gen_params),
	KUNIT_CASE_PARAM(sim_unknown_msr_is_eio, nx_gen_params),
	KUNIT_CASE_PARAM(sim_bad_socket_is_enodev, nx_gen_params),
	KUNIT_CASE_PARAM(sim_timestamp_is_16_bit_free_running, nx_gen_params),
	KUNIT_CASE_PARAM(sim_generator_counts_at_documented_rate, nx_gen_params),
	KUNIT_CASE_PARAM(sim_create_rejects_unknown_model, nx_gen_params),
	KUNIT_CASE_PARAM(sim_pmi_core_sel_is_one_hot, nx_gen_params),
	KUNIT_CASE_PARAM(sim_msr_access_reaches_the_calling_package, nx_gen_params),
	KUNIT_CASE_PARAM(sim_nmi_status_past_a_held_socket, pmi_gen_params),
	{}
};

static struct kunit_suite xeon_uncore_sim_suite = {
	.name = "xeon_uncore_sim",
	.init = xeon_uncore_sim_init,
	.test_cases = xeon_uncore_sim_cases,
};

kunit_test_suite(xeon_uncore_sim_suite);
