// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_pmi: the overflow interrupt.
 *
 * Every case runs on each Xeon 7500 / E7 platform, its parameter.  The
 * hierarchy walk of xu_handle_pmi() runs on a private two-socket
 * simulator, which never sends an NMI, with a private uncore: the test
 * calls the walk itself and asserts every register it reads and writes,
 * in order, from the simulator's access log.  Sampling and counting in
 * PMI mode run through perf on the PMUs the driver registers on the
 * case's attached simulator (xu_test_sim()), whose PMIs reach
 * the collecting CPU as real NMIs.  Register images are literals from
 * Tables 2-2..2-7 (U-Box) and 2-64..2-68 (M-Box).
 */
#include <kunit/static_stub.h>
#include <linux/atomic.h>
#include <linux/bitfield.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/topology.h>
#include <linux/workqueue.h>

#include <asm/apic.h>
#include <asm/irq_vectors.h>
#include <asm/nmi.h>

#include <xeon_uncore/nhmex.h>

#include "../sched.h"
#include "private.h"
#include "xu_test.h"

/* U_MSR_PMON_GLOBAL_CTL: en, en_all */
#define U_GCTL_COUNTING		0x10000001ULL
/* en and frz_all, en_all cleared: as a PMI with frz_all leaves it */
#define U_GCTL_FROZEN		0x80000001ULL
/* as the driver's init_box leaves it: en, en_all, frz_all */
#define U_GCTL_DRIVER		0x90000001ULL

/* U_MSR_PMON_EVT_SEL: event 0x01, pmi_en, en */
#define U_EVT_PMI		0x500001ULL
#define U_EV			0x01

/* U_MSR_PMON_GLOBAL_STATUS: ov_u, ov_s1 (M-Box 1), ov_s0 (M-Box 0) */
#define GSTS_U			0x1ULL
#define GSTS_M1			0x4ULL
#define GSTS_M0			0x8ULL

/*
 * S_MSR_PMON_SUMMARY of S-Box 0 and 1 (S GLOBAL_CTL + 3,
 * Documentation/pmu/nhmex.rst), and its ov_mb bit (16, Table 2-26): the
 * M-Box or B-Box of that side overflowed
 */
#define S0_SUM			0xc43
#define S1_SUM			0xcc3
#define SUM_MB			0x10000ULL
/* B-Box 0 and 1 GLOBAL_STATUS: ov_mb is theirs too, so the walk reads them */
#define B0_STS			0xc21
#define B1_STS			0xc61

/*
 * M_MSR_PMU_CNT_CTL of counter i on the private simulator: en, pmi_en,
 * wrap_mode and inc_sel i + 1, so that an injection reaches one counter
 */
static const u64 m_ctl_pmi[NHMEX_M_NUM_COUNTERS] = {
	0x243, 0x443, 0x643, 0x843, 0xa43, 0xc43,
};

/* inc_sel 0x1b (cycles), wrap_mode 1: the module's events */
#define CFG_CYCLES_WRAP		0x3640ULL
#define EV_CYCLES		0x1b
/* + count_mode 1 (Table 2-67): a polled event, without pmi_en */
#define CFG_CYCLES_DOWN_WRAP	0x3644ULL

static struct xu_test_private *walk_of(struct kunit *test)
{
	return test->priv;
}

static u64 rd(struct kunit *test, unsigned int socket, u32 reg)
{
	return xu_test_sim_rd(test, walk_of(test)->sim, socket, reg);
}

static void wr(struct kunit *test, unsigned int socket, u32 reg, u64 val)
{
	xu_test_sim_wr(test, walk_of(test)->sim, socket, reg, val);
}

/*
 * A private uncore on a private simulator, its boxes set up by the
 * driver's own init_box (U GLOBAL_CTL 0x90000001, M GLOBAL_CTL 0x3f)
 */
static void walk_setup(struct kunit *test)
{
	struct xu_test_private *w =
		xu_test_private_create(test, xu_test_pf(test), XU_TEST_PRIV_INIT);

	if (w->uc.num_pkgs < 2)
		kunit_skip(test, "%u package(s): the walk needs 2", w->uc.num_pkgs);
	KUNIT_ASSERT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), U_GCTL_DRIVER);
	KUNIT_ASSERT_EQ(test, rd(test, 1, NHMEX_U_GLOBAL_CTL), U_GCTL_DRIVER);
}

/*
 * Overflow the U-Box counter if @u, and the M-Box counters @m0 and @m1
 * flag, of @socket; then leave the socket frozen, as the PMI does.  The
 * overflows happen with frz_all off, so that the first one does not stop
 * the others.
 */
static void overflow(struct kunit *test, unsigned int socket, bool u,
		     unsigned long m0, unsigned long m1)
{
	const unsigned long m[NHMEX_M_NUM_BOXES] = { m0, m1 };
	struct xu_sim *sim = walk_of(test)->sim;
	unsigned int b, i;

	wr(test, socket, NHMEX_U_GLOBAL_CTL, U_GCTL_COUNTING);
	if (u) {
		wr(test, socket, NHMEX_U_EVT_SEL, U_EVT_PMI);
		wr(test, socket, NHMEX_U_CTR, XU_TEST_CTR_MAX);
		KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, socket, "ubox", 0,
						       U_EV, XU_SIM_SUB_ANY, 1));
	}
	for (b = 0; b < NHMEX_M_NUM_BOXES; b++) {
		for_each_set_bit(i, &m[b], NHMEX_M_NUM_COUNTERS) {
			wr(test, socket, NHMEX_M_CNT_CTL(b, i), m_ctl_pmi[i]);
			wr(test, socket, NHMEX_M_CNT(b, i), XU_TEST_CTR_MAX);
			KUNIT_ASSERT_EQ(test, 0,
					xu_sim_inject(sim, socket, "mbox", b,
						      i + 1, XU_SIM_SUB_ANY, 1));
		}
	}
	wr(test, socket, NHMEX_U_GLOBAL_CTL, U_GCTL_FROZEN);
}

/* Run the walk on @pkg, recording its accesses; returns its result */
static int walk(struct kunit *test, unsigned int pkg, unsigned int *n)
{
	struct xu_test_private *w = walk_of(test);
	int ret;

	xu_sim_log_start(w->sim);
	ret = xu_handle_pmi(&w->uc, pkg, NULL);
	*n = xu_sim_log_stop(w->sim, w->log);
	return ret;
}

#define R(s, m, v)	{ .write = false, .socket = s, .msr = m, .val = v }
#define W(s, m, v)	{ .write = true, .socket = s, .msr = m, .val = v }

static void expect_log(struct kunit *test, unsigned int n,
		       const struct xu_sim_access *want, unsigned int n_want)
{
	const struct xu_sim_access *log = walk_of(test)->log;
	unsigned int i;

	KUNIT_EXPECT_EQ(test, n, n_want);
	for (i = 0; i < min(n, n_want); i++) {
		KUNIT_EXPECT_EQ_MSG(test, log[i].write, want[i].write, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log[i].socket, want[i].socket, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log[i].msr, want[i].msr, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log[i].val, want[i].val, "access %u", i);
	}
}

/* After a walk: nothing flagged, counting again */
static void expect_clear(struct kunit *test, unsigned int socket)
{
	KUNIT_EXPECT_EQ(test, rd(test, socket, NHMEX_U_GLOBAL_STATUS), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, socket, NHMEX_M_GLOBAL_STATUS(0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, socket, NHMEX_M_GLOBAL_STATUS(1)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, socket, NHMEX_U_GLOBAL_CTL), U_GCTL_DRIVER);
}

static void pmi_walk_one_mbox_counter(struct kunit *test)
{
	/* M-Box 1 reports through S-Box 1: ov_s1, bit 2 */
	static const struct xu_sim_access want[] = {
		R(1, 0xc01, GSTS_M1),
		R(1, S1_SUM, SUM_MB),	/* S-Box 1's summary: ov_mb */
		R(1, 0xce1, 0x8),	/* M-Box 1 status: counter 3 */
		W(1, 0xce2, 0x8),	/* RW1C: that bit alone */
		R(1, B1_STS, 0x0),	/* B-Box 1 shares ov_mb */
		W(1, 0xc00, U_GCTL_DRIVER),
	};
	unsigned int n;

	walk_setup(test);
	overflow(test, 1, false, 0, BIT(3));
	KUNIT_ASSERT_EQ(test, rd(test, 1, NHMEX_U_GLOBAL_STATUS), GSTS_M1);
	KUNIT_ASSERT_EQ(test, rd(test, 1, NHMEX_U_GLOBAL_CTL), U_GCTL_FROZEN);

	KUNIT_EXPECT_EQ(test, walk(test, 1, &n), 1);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test, 1);
}

static void pmi_walk_one_ubox_counter(struct kunit *test)
{
	/* the U-Box has no box status: its summary bit is acked globally */
	static const struct xu_sim_access want[] = {
		R(0, 0xc01, GSTS_U),
		W(0, 0xc02, GSTS_U),
		W(0, 0xc00, U_GCTL_DRIVER),
	};
	unsigned int n;

	walk_setup(test);
	overflow(test, 0, true, 0, 0);
	KUNIT_EXPECT_EQ(test, walk(test, 0, &n), 1);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test, 0);
}

static void pmi_walk_several_counters_across_boxes(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0, 0xc01, GSTS_U | GSTS_M1 | GSTS_M0),
		R(0, S0_SUM, SUM_MB),
		R(0, 0xca1, 0x21),	/* M-Box 0: counters 0 and 5 */
		W(0, 0xca2, 0x21),
		R(0, S1_SUM, SUM_MB),
		R(0, 0xce1, 0x04),	/* M-Box 1: counter 2 */
		W(0, 0xce2, 0x04),
		R(0, B0_STS, 0x0),
		R(0, B1_STS, 0x0),
		W(0, 0xc02, GSTS_U),	/* the M-Box summaries cleared above */
		W(0, 0xc00, U_GCTL_DRIVER),
	};
	unsigned int n;

	walk_setup(test);
	overflow(test, 0, true, BIT(0) | BIT(5), BIT(2));
	/* socket 1 overflows too, and keeps its status until its own walk */
	overflow(test, 1, false, BIT(1), 0);

	KUNIT_EXPECT_EQ(test, walk(test, 0, &n), 4);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test, 0);

	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_U_GLOBAL_STATUS), GSTS_M0);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_M_GLOBAL_STATUS(0)), 0x2ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 1, NHMEX_U_GLOBAL_CTL), U_GCTL_FROZEN);
}

static void pmi_walk_all_counters_of_both_sockets(struct kunit *test)
{
	unsigned int n, s;

	walk_setup(test);
	overflow(test, 0, true, 0x3f, 0x3f);
	overflow(test, 1, true, 0x3f, 0x3f);

	for (s = 0; s < 2; s++) {
		const struct xu_sim_access want[] = {
			R(s, 0xc01, GSTS_U | GSTS_M1 | GSTS_M0),
			R(s, S0_SUM, SUM_MB),
			R(s, 0xca1, 0x3f),
			W(s, 0xca2, 0x3f),
			R(s, S1_SUM, SUM_MB),
			R(s, 0xce1, 0x3f),
			W(s, 0xce2, 0x3f),
			R(s, B0_STS, 0x0),
			R(s, B1_STS, 0x0),
			W(s, 0xc02, GSTS_U),
			W(s, 0xc00, U_GCTL_DRIVER),
		};

		/* 1 U-Box counter and 2 x 6 M-Box counters */
		KUNIT_EXPECT_EQ_MSG(test, walk(test, s, &n), 13, "socket %u", s);
		expect_log(test, n, want, ARRAY_SIZE(want));
		expect_clear(test, s);
	}
}

static void pmi_walk_rw1c_clears_exactly_the_flagged_bits(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0, 0xc01, GSTS_M0),
		R(0, S0_SUM, SUM_MB),
		R(0, 0xca1, 0x01),
		W(0, 0xca2, 0x01),
		R(0, B0_STS, 0x0),
		W(0, 0xc00, U_GCTL_DRIVER),
	};
	unsigned int n;

	walk_setup(test);
	overflow(test, 0, false, BIT(0), 0);
	KUNIT_EXPECT_EQ(test, walk(test, 0, &n), 1);
	expect_log(test, n, want, ARRAY_SIZE(want));

	/*
	 * RW1C: writing 1 to counter 1's bit leaves counter 4's, and the
	 * summary above it; the next walk clears exactly that one
	 */
	overflow(test, 0, false, BIT(1) | BIT(4), 0);
	wr(test, 0, NHMEX_M_GLOBAL_OVF_CTL(0), 0x2);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(0)), 0x10ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS), GSTS_M0);
	KUNIT_EXPECT_EQ(test, walk(test, 0, &n), 1);
	KUNIT_EXPECT_EQ(test, n, 6U);
	KUNIT_EXPECT_EQ(test, walk_of(test)->log[2].val, 0x10ULL);
	KUNIT_EXPECT_EQ(test, walk_of(test)->log[3].val, 0x10ULL);
	expect_clear(test, 0);
}

/* Cleanup: the simulator's global status layout back to the guide's */
static void pmi_gsts_layout_back(void *sim)
{
	xu_sim_move_global_status(sim, 0, 0);
}

/*
 * A part whose U_MSR_PMON_GLOBAL_STATUS reports S-Box 0's side in bit 5,
 * outside the layout the driver knows (ov_s0 is bit 3): the walk still
 * finds M-Box 0's counter by the box's own status, clears it (which
 * clears the summaries above it), acks the bit and unfreezes; it counts
 * the walk and logs it.  Masked to the known bits, the status would read
 * clear: no walk, the package frozen until the watchdog thawed it,
 * quietly.
 */
static void pmi_walk_status_outside_the_layout(struct kunit *test)
{
	struct xu_pkg *p;
	u64 unknown;
	unsigned int n;

	walk_setup(test);
	p = &walk_of(test)->uc.pkgs[0];
	xu_sim_move_global_status(walk_of(test)->sim, GSTS_M0, BIT_ULL(5));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_gsts_layout_back,
							   walk_of(test)->sim));
	overflow(test, 0, false, BIT(2), 0);
	KUNIT_ASSERT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS), BIT_ULL(5));
	KUNIT_ASSERT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), U_GCTL_FROZEN);
	unknown = p->unknown_status;

	KUNIT_EXPECT_GT(test, walk(test, 0, &n), 0);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(0)), 0ULL);
	expect_clear(test, 0);
	KUNIT_EXPECT_EQ(test, p->unknown_status, unknown + 1);
	/* and the next walk finds a clear status: nothing to count */
	KUNIT_EXPECT_EQ(test, walk(test, 0, &n), 0);
	KUNIT_EXPECT_EQ(test, p->unknown_status, unknown + 1);
}

/* Cleanup: no global status bit stuck in the simulator */
static void pmi_gsts_unstick(void *sim)
{
	xu_sim_stick_global_status(sim, 0);
}

/*
 * A global status bit outside the layout that an ack does not clear, beside
 * M-Box 0's overflow (the guide's status also "indicates if a disable was
 * received from one of the boxes"): the walk folds M-Box 0 through its
 * known bit, acks, finds the bit still set and leaves it out from then on.
 * The next NMI of the package reads the status once and is not the
 * uncore's; counted as an overflow, every NMI of the package would walk
 * every box and be claimed.
 */
static void pmi_walk_stuck_status_bit_is_left_out(struct kunit *test)
{
	struct xu_sim *sim;
	struct xu_pkg *p;
	unsigned int n;
	const struct xu_sim_access want[] = {
		R(0, 0xc01, BIT_ULL(8)),
	};

	walk_setup(test);
	sim = walk_of(test)->sim;
	p = &walk_of(test)->uc.pkgs[0];
	xu_sim_stick_global_status(sim, BIT_ULL(8));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_gsts_unstick, sim));
	overflow(test, 0, false, BIT(2), 0);
	KUNIT_ASSERT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_STATUS), GSTS_M0 | BIT_ULL(8));

	KUNIT_EXPECT_GT(test, walk(test, 0, &n), 0);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_M_GLOBAL_STATUS(0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), U_GCTL_DRIVER);
	KUNIT_EXPECT_EQ(test, p->gsts_stuck, BIT_ULL(8));

	KUNIT_EXPECT_EQ(test, walk(test, 0, &n), 0);
	expect_log(test, n, want, ARRAY_SIZE(want));
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), U_GCTL_DRIVER);
}

static void pmi_not_ours_reads_status_and_writes_nothing(struct kunit *test)
{
	unsigned int n, s;

	walk_setup(test);
	for (s = 0; s < 2; s++) {
		const struct xu_sim_access want[] = {
			R(s, 0xc01, 0x0),
		};

		/* 0: the NMI handler returns NMI_DONE */
		KUNIT_EXPECT_EQ_MSG(test, walk(test, s, &n), 0, "socket %u", s);
		expect_log(test, n, want, ARRAY_SIZE(want));
		KUNIT_EXPECT_EQ(test, rd(test, s, NHMEX_U_GLOBAL_CTL), U_GCTL_DRIVER);
	}
}

struct pmi_on_pkg {
	struct xu_uncore *uc;
	unsigned int pkg;
};

/* The NMI handler's entry for a package, on a CPU of it (work_on_cpu()) */
static long pmi_handle_here(void *data)
{
	struct pmi_on_pkg *a = data;

	return xu_handle_pmi(a->uc, a->pkg, NULL);
}

static void pmi_not_ours_on_the_module(struct kunit *test)
{
	struct xu_uncore *uc = xu_uncore_instance();
	struct xu_sim *sim = xu_test_sim(test);
	struct pmi_on_pkg a = { .uc = uc };
	u64 r0, w0, r1, w1;
	unsigned int pkg;

	if (!uc->pmi)
		kunit_skip(test, "xeon_uncore runs with pmi=0");
	xu_test_quiet_sim(test, sim);
	for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
		xu_test_wait_pmi(test, sim, pkg);
		xu_sim_accesses(sim, &r0, &w0);
		a.pkg = pkg;
		/* a package's MSRs answer only its own CPUs */
		KUNIT_EXPECT_EQ_MSG(test, work_on_cpu(xu_test_cpu_of(test, pkg),
						      pmi_handle_here, &a), 0L,
				    "package %u", pkg);
		xu_sim_accesses(sim, &r1, &w1);
		KUNIT_EXPECT_EQ(test, r1 - r0, 1ULL);
		KUNIT_EXPECT_EQ(test, w1 - w0, 0ULL);
	}
}

/* An NMI the module's handler must leave alone, and who else saw it */
struct pmi_nmi_probe {
	atomic_t armed;		/* the test's handler claims NMIs */
	atomic_t cpu;		/* ... on this CPU */
	atomic_t seen;		/* NMIs it claimed */
};

static struct pmi_nmi_probe pmi_nmi_probe;

/*
 * Claims the NMIs the test sends, so that none is an unknown NMI: every
 * NMI_LOCAL handler runs whatever the others return
 */
static int pmi_nmi_claim(unsigned int type, struct pt_regs *regs)
{
	if (!atomic_read(&pmi_nmi_probe.armed) ||
	    atomic_read(&pmi_nmi_probe.cpu) != smp_processor_id())
		return NMI_DONE;
	atomic_inc(&pmi_nmi_probe.seen);
	return NMI_HANDLED;
}

/*
 * On the CPU the NMI is for: raised by that CPU itself, as the
 * simulator raises its PMIs (sim/pmi.c)
 */
static void pmi_nmi_self(void *unused)
{
	apic->send_IPI(smp_processor_id(), NMI_VECTOR);
}

/*
 * With no event open on a package, an NMI there (the core PMU's, a
 * watchdog's, an IPI's) costs the uncore's handler no register access:
 * it neither reads the global status nor the LVTPC.  A real NMI, which
 * a CPU of each package sends itself, runs every NMI_LOCAL handler, the
 * module's among them; the case's simulator logs the accesses.  The
 * driver stops looking 1 s after the last event stopped
 * (XU_PMI_LATE_NS): the cases before closed theirs, and 1.2 s pass.
 */
static void pmi_no_event_nmi_makes_no_access(struct kunit *test)
{
	struct xu_uncore *uc = xu_uncore_instance();
	struct xu_sim *sim = xu_test_sim(test);
	struct xu_sim_access *log;
	unsigned int pkg, n, i;
	unsigned long timeout;
	int cpu, ret;

	if (!uc->pmi)
		kunit_skip(test, "xeon_uncore runs with pmi=0");
	log = kunit_kcalloc(test, XU_SIM_LOG_LEN, sizeof(*log), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, log);
	msleep(1200);
	atomic_set(&pmi_nmi_probe.seen, 0);
	atomic_set(&pmi_nmi_probe.armed, 1);
	ret = register_nmi_handler(NMI_LOCAL, pmi_nmi_claim, 0, "xu_test_nmi");
	KUNIT_ASSERT_EQ(test, ret, 0);
	for (pkg = 0; pkg < uc->num_pkgs; pkg++) {
		cpu = xu_test_cpu_of(test, pkg);
		atomic_set(&pmi_nmi_probe.cpu, cpu);
		xu_sim_log_start(sim);
		KUNIT_ASSERT_EQ(test, smp_call_function_single(cpu, pmi_nmi_self, NULL, true), 0);
		timeout = jiffies + HZ;
		while (atomic_read(&pmi_nmi_probe.seen) <= pkg &&
		       time_before(jiffies, timeout))
			cpu_relax();
		n = xu_sim_log_stop(sim, log);
		KUNIT_EXPECT_GT_MSG(test, atomic_read(&pmi_nmi_probe.seen), (int)pkg,
				    "the NMI sent to CPU %d never arrived", cpu);
		KUNIT_EXPECT_EQ_MSG(test, n, 0U, "package %u (CPU %d)", pkg, cpu);
		for (i = 0; i < min_t(unsigned int, n, XU_SIM_LOG_LEN); i++)
			kunit_info(test, "access %u: %s %#x socket %u", i,
				   log[i].write ? "write" : "read", log[i].msr,
				   log[i].socket);
	}
	atomic_set(&pmi_nmi_probe.armed, 0);
	unregister_nmi_handler(NMI_LOCAL, "xu_test_nmi");
}

/* Sampling and counting through perf on the case's simulator */

struct pmi_samples {
	atomic_t calls;
	/* samples written on a CPU other than the event's */
	atomic_t elsewhere;
	/* the period of the last sample */
	u64 period;
	/* its sample_flags and time, as the driver set them */
	u64 flags;
	u64 time;
	/* for pmi_gctl_sample(): U_MSR_PMON_GLOBAL_CTL as it was written */
	struct xu_sim *sim;
	u64 gctl;
	int gctl_ret;
	/* for pmi_read_sample(): the event's count as it was written */
	u64 count;
};

static void pmi_count_sample(struct perf_event *event,
			     struct perf_sample_data *data, struct pt_regs *regs)
{
	struct pmi_samples *ps = event->overflow_handler_context;

	if (smp_processor_id() != READ_ONCE(event->oncpu))
		atomic_inc(&ps->elsewhere);
	WRITE_ONCE(ps->period, data->period);
	WRITE_ONCE(ps->flags, data->sample_flags);
	WRITE_ONCE(ps->time, data->time);
	atomic_inc(&ps->calls);
}

/* As pmi_count_sample(), and whether package 0 counts while it is written */
static void pmi_gctl_sample(struct perf_event *event,
			    struct perf_sample_data *data, struct pt_regs *regs)
{
	struct pmi_samples *ps = event->overflow_handler_context;

	ps->gctl_ret = xu_sim_peek(ps->sim, 0, NHMEX_U_GLOBAL_CTL, &ps->gctl);
	pmi_count_sample(event, data, regs);
}

KUNIT_DEFINE_ACTION_WRAPPER(pmi_release, perf_event_release_kernel,
			    struct perf_event *);

static struct perf_event *open_sampling_with(struct kunit *test, const char *pmu,
					     u64 period, u64 sample_type,
					     perf_overflow_handler_t handler,
					     struct pmi_samples *ps)
{
	struct xu_pmu *xp = xu_test_pmu(test, pmu);
	struct perf_event_attr attr;
	struct perf_event *event;

	if (!xp->uncore->pmi)
		kunit_skip(test, "xeon_uncore runs with pmi=0: no sampling");
	xu_test_attr(&attr, xp, CFG_CYCLES_WRAP);
	attr.sample_period = period;
	attr.sample_type = sample_type;
	event = perf_event_create_kernel_counter(&attr, xu_test_cpu_of(test, 0),
						 NULL, handler, ps);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(event), "error %ld", PTR_ERR(event));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_release, event));
	KUNIT_ASSERT_GE(test, READ_ONCE(event->hw.idx), 0);
	return event;
}

static struct perf_event *open_sampling_on(struct kunit *test, const char *pmu,
					   u64 period, struct pmi_samples *ps)
{
	return open_sampling_with(test, pmu, period, 0, pmi_count_sample, ps);
}

static struct perf_event *open_sampling(struct kunit *test, u64 period,
					struct pmi_samples *ps)
{
	return open_sampling_on(test, "uncore_mbox_0", period, ps);
}

struct pmi_inject {
	struct xu_sim *sim;
	u64 n;
	int ret;
};

static void pmi_inject_m0_here(void *data)
{
	struct pmi_inject *in = data;

	in->ret = xu_sim_inject(in->sim, 0, "mbox", 0, EV_CYCLES, XU_SIM_SUB_ANY, in->n);
}

/*
 * Inject on M-Box 0 of package 0; wait for the PMI and any unthrottle.
 * The injection runs on the event's CPU, interrupts off: perf's tick
 * there stops and restarts a frequency event (and nothing counts in
 * between, on the silicon too), and its n events all at once must not
 * fall in that gap.
 */
static void inject_m0(struct kunit *test, struct perf_event *event, u64 n)
{
	struct pmi_inject in = { .sim = xu_test_sim(test), .n = n };
	unsigned long end = jiffies + HZ;

	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(event->cpu, pmi_inject_m0_here,
							  &in, true));
	KUNIT_ASSERT_EQ(test, 0, in.ret);
	xu_test_wait_pmi(test, in.sim, 0);
	/* a throttled event counts nothing until a tick restarts it */
	while (READ_ONCE(event->hw.state) & PERF_HES_STOPPED) {
		KUNIT_ASSERT_TRUE_MSG(test, time_before(jiffies, end),
				      "event throttled for over 1 s");
		usleep_range(100, 200);
	}
}

static u64 count_of(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

static u64 ctr_of(struct kunit *test, struct perf_event *event)
{
	return xu_test_sim_rd(test, xu_test_sim(test), 0,
			      NHMEX_M_CNT(0, READ_ONCE(event->hw.idx)));
}

/* A register of package 0 of the case's simulator */
static u64 rd_module(struct kunit *test, u32 reg)
{
	return xu_test_sim_rd(test, xu_test_sim(test), 0, reg);
}

static void pmi_sampling_preloads_and_rearms_the_period(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct perf_event *event;

	xu_test_quiet_sim(test, xu_test_sim(test));
	event = open_sampling(test, 1000, &ps);

	/* inc_sel 0x1b, wrap_mode, pmi_en, en; 2^48 - 1000 */
	KUNIT_EXPECT_EQ(test, xu_test_ctl(test, event), 0x3643ULL);
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0xfffffffffc18ULL);

	/* one short of the period: no overflow */
	inject_m0(test, event, 999);
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0xffffffffffffULL);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), 0);

	inject_m0(test, event, 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), 1);
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0xfffffffffc18ULL);
	KUNIT_EXPECT_EQ(test, count_of(event), 1000ULL);

	/* 300 past the period: the next period is 700, 2^48 - 700 */
	inject_m0(test, event, 1300);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), 2);
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0xfffffffffd44ULL);
	KUNIT_EXPECT_EQ(test, count_of(event), 2300ULL);

	inject_m0(test, event, 700);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), 3);
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0xfffffffffc18ULL);
	KUNIT_EXPECT_EQ(test, count_of(event), 3000ULL);

	/* 2.5 periods in one overflow: one sample, a fresh period */
	inject_m0(test, event, 2500);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), 4);
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0xfffffffffc18ULL);
	KUNIT_EXPECT_EQ(test, count_of(event), 5500ULL);
}

static void pmi_sampling_is_exact_over_50_overflows(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct perf_event *event;
	unsigned int i;

	xu_test_quiet_sim(test, xu_test_sim(test));
	event = open_sampling(test, 1000, &ps);
	for (i = 0; i < 50; i++)
		inject_m0(test, event, 1000);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), 50);
	KUNIT_EXPECT_EQ(test, count_of(event), 50000ULL);
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0xfffffffffc18ULL);
}

struct pmi_irqs_off {
	struct xu_sim *sim;
	struct pmi_samples *ps;
	int ret;
	int calls;
};

/*
 * On the event's CPU from an IPI, interrupts off: overflow M-Box 0's
 * counter, make one register access, and count the samples the PMI's
 * NMI wrote before the interrupts come back on (20 ms at most)
 */
static void pmi_overflow_irqs_off_here(void *data)
{
	struct pmi_irqs_off *io = data;
	u64 end, val;

	io->ret = xu_sim_inject(io->sim, 0, "mbox", 0, EV_CYCLES, XU_SIM_SUB_ANY, 1000);
	if (!io->ret)
		io->ret = xu_sim_read(io->sim, 0, NHMEX_U_GLOBAL_CTL, &val);
	end = ktime_get_mono_fast_ns() + 20 * NSEC_PER_MSEC;
	while (!atomic_read(&io->ps->calls) && ktime_get_mono_fast_ns() < end)
		cpu_relax();
	io->calls = atomic_read(&io->ps->calls);
}

/*
 * The NMI of an overflow comes whatever the interrupt state, as on
 * silicon: perf's tick stops and restarts a context's events with
 * interrupts off, and an overflow found there must not wait for them
 * (the simulator raised it from an irq_work, which kept the package
 * frozen unseen by the driver for the whole loop)
 */
static void pmi_nmi_comes_with_interrupts_off(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct pmi_irqs_off io = { .sim = xu_test_sim(test), .ps = &ps };
	struct perf_event *event;

	xu_test_quiet_sim(test, io.sim);
	event = open_sampling(test, 1000, &ps);
	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(event->cpu,
							  pmi_overflow_irqs_off_here,
							  &io, true));
	KUNIT_ASSERT_EQ(test, 0, io.ret);
	KUNIT_EXPECT_EQ_MSG(test, io.calls, 1,
			    "no sample while the CPU kept its interrupts off");
	xu_test_wait_pmi(test, io.sim, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), 1);
	KUNIT_EXPECT_EQ(test, count_of(event), 1000ULL);
}

static void pmi_stopped_sampling_event_clears_its_counter(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct perf_event *event;
	int idx;

	xu_test_quiet_sim(test, xu_test_sim(test));
	event = open_sampling(test, 1000, &ps);
	idx = event->hw.idx;
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0xfffffffffc18ULL);
	perf_event_disable(event);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, xu_test_sim(test), 0,
					     NHMEX_M_CNT(0, idx)), 0ULL);
}

/* Wait up to a second for @n samples */
static void wait_samples(struct kunit *test, struct pmi_samples *ps, int n)
{
	unsigned long end = jiffies + HZ;

	while (atomic_read(&ps->calls) < n && time_before(jiffies, end))
		usleep_range(100, 200);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps->calls), n);
}

/*
 * The package is frozen for the walk's register accesses alone: perf
 * writes the sample with its counters running again (U_MSR_PMON_GLOBAL_CTL
 * en_all set), so that counting events lose nothing to it.  A sample that
 * reads counters (PERF_SAMPLE_READ) is written frozen: its values are one
 * snapshot with the overflow.
 */
/*
 * U_MSR_PMON_GLOBAL_CTL as perf wrote the one sample of 1000 events of a
 * sampling event on M-Box 0 with @sample_type; the event is disabled
 * after
 */
static u64 gctl_at_sample(struct kunit *test, u64 sample_type)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct perf_event *event;

	ps.sim = xu_test_sim(test);
	event = open_sampling_with(test, "uncore_mbox_0", 1000, sample_type,
				   pmi_gctl_sample, &ps);
	inject_m0(test, event, 1000);
	wait_samples(test, &ps, 1);
	KUNIT_EXPECT_EQ(test, ps.gctl_ret, 0);
	KUNIT_EXPECT_EQ(test, count_of(event), 1000ULL);
	perf_event_disable(event);
	return ps.gctl;
}

static void pmi_sample_written_after_the_unfreeze(struct kunit *test)
{
	u64 gctl;

	xu_test_quiet_sim(test, xu_test_sim(test));
	gctl = gctl_at_sample(test, 0);
	KUNIT_EXPECT_TRUE_MSG(test, gctl & NHMEX_U_GCTL_EN_ALL,
			      "sample written frozen: U_MSR_PMON_GLOBAL_CTL %#llx", gctl);
	gctl = gctl_at_sample(test, PERF_SAMPLE_READ);
	KUNIT_EXPECT_FALSE_MSG(test, gctl & NHMEX_U_GCTL_EN_ALL,
			       "PERF_SAMPLE_READ written unfrozen: U_MSR_PMON_GLOBAL_CTL %#llx",
			       gctl);
}

static void pmi_deliver_on(void *sim)
{
	xu_sim_set_deliver_pmi(sim, true);
}

static void pmi_walk_here(void *uc)
{
	xu_handle_pmi(uc, topology_logical_package_id(smp_processor_id()), NULL);
}

/*
 * A walk on a CPU of the package other than the event's (a sibling
 * thread of the routed core, a CPU that found the package locked) folds
 * and re-arms, but perf's ring buffer takes samples from the event's CPU
 * alone: the sample is written there.
 */
static void pmi_sample_written_on_the_events_cpu(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct xu_sim *sim = xu_test_sim(test);
	struct perf_event *event;
	int other;

	xu_test_quiet_sim(test, sim);
	event = open_sampling(test, 1000, &ps);
	other = xu_test_cpu_of(test, 0);
	if (other == event->cpu)
		kunit_skip(test, "package 0 has one CPU");

	xu_sim_set_deliver_pmi(sim, false);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_deliver_on, sim));
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, 0, "mbox", 0, EV_CYCLES,
					       XU_SIM_SUB_ANY, 1000));
	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(other, pmi_walk_here,
							  xu_event_box(event)->pmu->uncore,
							  true));
	/* folded and re-armed by the walk */
	KUNIT_EXPECT_EQ(test, count_of(event), 1000ULL);
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0xfffffffffc18ULL);
	wait_samples(test, &ps, 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.elsewhere), 0);
	KUNIT_EXPECT_EQ(test, ps.period, 1000ULL);
}

struct pmi_timed_walk {
	struct perf_event *event;
	/* the event's clock before and after the walk */
	u64 before;
	u64 after;
};

static void pmi_walk_timed(void *info)
{
	struct pmi_timed_walk *w = info;

	w->before = w->event->clock();
	pmi_walk_here(xu_event_box(w->event)->pmu->uncore);
	w->after = w->event->clock();
}

/*
 * A sample that a walk on another CPU folds is written later, on the
 * event's CPU, but carries the time of the fold, on the event's clock,
 * as perf's own would if the event's CPU had walked
 */
static void pmi_deferred_sample_carries_the_time_of_its_fold(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct xu_sim *sim = xu_test_sim(test);
	struct pmi_timed_walk w = { };
	int other;

	xu_test_quiet_sim(test, sim);
	w.event = open_sampling(test, 1000, &ps);
	other = xu_test_cpu_of(test, 0);
	if (other == w.event->cpu)
		kunit_skip(test, "package 0 has one CPU");

	xu_sim_set_deliver_pmi(sim, false);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_deliver_on, sim));
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, 0, "mbox", 0, EV_CYCLES,
					       XU_SIM_SUB_ANY, 1000));
	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(other, pmi_walk_timed,
							  &w, true));
	wait_samples(test, &ps, 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.elsewhere), 0);
	KUNIT_EXPECT_EQ(test, ps.period, 1000ULL);
	KUNIT_EXPECT_TRUE_MSG(test, ps.flags & PERF_SAMPLE_TIME,
			      "sample_flags %#llx: perf would take the time of the write",
			      ps.flags);
	KUNIT_EXPECT_GE(test, ps.time, w.before);
	KUNIT_EXPECT_LE(test, ps.time, w.after);
}

struct pmi_period {
	struct perf_event *event;
	u64 period;
};

static void pmi_period_here(void *data)
{
	struct pmi_period *pp = data;

	pp->period = READ_ONCE(pp->event->hw.sample_period);
}

/*
 * A frequency event's period, read on its CPU with interrupts off.  perf's
 * tick rewrites hw.sample_period there (perf_adjust_period()) between its
 * stop and start of the event, whose start puts the driver's steered
 * period back: read from another CPU, it may be the tick's.
 */
static u64 period_of(struct kunit *test, struct perf_event *event)
{
	struct pmi_period pp = { .event = event };

	KUNIT_EXPECT_EQ(test, 0, smp_call_function_single(event->cpu, pmi_period_here,
							  &pp, true));
	return pp.period;
}

/*
 * A frequency event (-F 1) on M-Box 0 of package 0, on a quiet simulator;
 * released when the test ends
 */
static struct perf_event *open_freq_m0(struct kunit *test, struct pmi_samples *ps)
{
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event_attr attr;
	struct perf_event *event;

	if (!xp->uncore->pmi)
		kunit_skip(test, "xeon_uncore runs with pmi=0: no sampling");
	xu_test_quiet_sim(test, xu_test_sim(test));
	xu_test_attr(&attr, xp, CFG_CYCLES_WRAP);
	attr.freq = 1;
	attr.sample_freq = 1;
	event = perf_event_create_kernel_counter(&attr, xu_test_cpu_of(test, 0),
						 NULL, pmi_count_sample, ps);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(event), "error %ld", PTR_ERR(event));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_release, event));
	return event;
}

/*
 * perf -F: each sample's period is the one that ended, which the counts
 * between samples add up to; the steered period is the next one's
 */
static void pmi_freq_sample_reports_the_period_that_ended(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct perf_event *event;
	u64 p1, p2;

	event = open_freq_m0(test, &ps);

	/* the quiet simulator counts nothing, so perf's tick steers nothing */
	p1 = period_of(test, event);
	inject_m0(test, event, p1);
	wait_samples(test, &ps, 1);
	KUNIT_EXPECT_EQ(test, ps.period, p1);
	/* p1 events in well under a second: at 1 Hz the period grows */
	p2 = period_of(test, event);
	KUNIT_EXPECT_GT(test, p2, p1);
	inject_m0(test, event, p2);
	wait_samples(test, &ps, 2);
	KUNIT_EXPECT_EQ(test, ps.period, p2);
	KUNIT_EXPECT_EQ(test, count_of(event), p1 + p2);
}

/*
 * perf's tick steering a frequency event: stop, 5 ms by the driver's
 * clock (mdelay() is calibrated loosely under TCG), start; IRQs off
 */
static void pmi_stop_start_slowly(void *event)
{
	struct perf_event *e = event;

	e->pmu->stop(e, PERF_EF_UPDATE);
	/*
	 * (a delay loop, not the clock: with interrupts off on the CPU that
	 * keeps jiffies, a jiffies clocksource would never get there)
	 */
	mdelay(5);
	e->pmu->start(e, PERF_EF_RELOAD);
}

/* perf_adjust_period() and PERF_EVENT_IOC_PERIOD: a new period, now */
static void pmi_restart_period(void *event)
{
	struct perf_event *e = event;

	e->pmu->stop(e, PERF_EF_UPDATE);
	local64_set(&e->hw.period_left, 0);
	e->pmu->start(e, PERF_EF_RELOAD);
}

/*
 * A period perf restarts (period_left set to 0 between stop and start)
 * owes no sample: the next is written when the new period ends, as on
 * the core PMU.  A period of 2^47 + 1000 on a 48-bit counter is armed
 * half the counter's range at a time, so its first overflow, 2^47 events
 * in, is no sample.
 */
static void pmi_restarted_period_owes_no_sample(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	const u64 period = BIT_ULL(47) + 1000;
	struct perf_event *event;

	xu_test_quiet_sim(test, xu_test_sim(test));
	event = open_sampling(test, period, &ps);
	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(event->cpu,
							  pmi_restart_period,
							  event, true));
	inject_m0(test, event, BIT_ULL(47));
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&ps.calls), 0,
			    "a sample 2^47 events into a period of 2^47 + 1000");
	inject_m0(test, event, 1000);
	wait_samples(test, &ps, 1);
	KUNIT_EXPECT_EQ(test, ps.period, period);
	KUNIT_EXPECT_EQ(test, count_of(event), period);
}

/*
 * perf -F: samples per second of the time the event is on the PMU.  The
 * stretches perf stops it inside (its tick stops and restarts frequency
 * events to steer them) are part of that time, as in perf's own
 * steering; left out, -F comes out low by the share they take (10-13%
 * on IVB-EP under the debug kernel, where the tick's stop and start are
 * slow PCI accesses).  Here 20 such stretches of 5 ms.
 */
static void pmi_freq_steers_by_the_time_on_the_pmu(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct perf_event *event;
	u64 p1, p2;
	int i;

	event = open_freq_m0(test, &ps);

	p1 = period_of(test, event);
	for (i = 0; i < 20; i++)
		KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(event->cpu,
								  pmi_stop_start_slowly,
								  event, true));
	inject_m0(test, event, p1);
	wait_samples(test, &ps, 1);
	/*
	 * p1 events in 100 ms or more: at 1 Hz a period of 10 * p1 at most,
	 * an eighth of the way from p1 (the stopped stretches left out, the
	 * few milliseconds between them would ask for a hundred times p1)
	 */
	p2 = period_of(test, event);
	KUNIT_EXPECT_GT(test, p2, p1);
	KUNIT_EXPECT_LE(test, p2, p1 + (9 * p1 + 7) / 8);
}

struct pmi_stale {
	struct xu_sim *sim;
	struct perf_event *event;
	int ret;
};

/*
 * On the event's CPU, interrupts off: a status bit of the event's counter
 * with no event counted since it was armed.  The counter is set to its
 * top, one event wraps it (the overflow bit set, the package frozen, no
 * PMI delivered), and it is set back to where the event armed it; then
 * the walk.
 */
static void pmi_stale_bit_here(void *data)
{
	struct pmi_stale *st = data;
	u32 reg = NHMEX_M_CNT(0, st->event->hw.idx);
	u64 armed;

	st->ret = xu_sim_peek(st->sim, 0, reg, &armed) ?:
		  xu_sim_write(st->sim, 0, reg, XU_TEST_CTR_MAX) ?:
		  xu_sim_inject(st->sim, 0, "mbox", 0, EV_CYCLES, XU_SIM_SUB_ANY, 1) ?:
		  xu_sim_write(st->sim, 0, reg, armed);
	pmi_walk_here(xu_event_box(st->event)->pmu->uncore);
}

/*
 * perf -F: a status bit seen for a counter that did not reach its period
 * (left by an earlier owner, a box whose report is a guess) measured no
 * period.  It folds nothing, writes no sample and leaves the period as it
 * was; steered on it, the time since the event started (well under a
 * second, at 1 Hz) would have been taken for a whole period's, and the
 * period grown.
 */
static void pmi_freq_stale_bit_steers_nothing(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct pmi_stale st = { .sim = xu_test_sim(test) };
	u64 p1, p2;

	st.event = open_freq_m0(test, &ps);
	p1 = period_of(test, st.event);
	KUNIT_ASSERT_LT(test, p1, 1ULL << 40);
	xu_sim_set_deliver_pmi(st.sim, false);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_deliver_on, st.sim));
	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(st.event->cpu, pmi_stale_bit_here,
							  &st, true));
	KUNIT_ASSERT_EQ(test, st.ret, 0);
	/* the walk took the bit: the package counts again, nothing flagged */
	KUNIT_EXPECT_TRUE(test, rd_module(test, NHMEX_U_GLOBAL_CTL) & NHMEX_U_GCTL_EN_ALL);
	KUNIT_EXPECT_EQ(test, rd_module(test, NHMEX_M_GLOBAL_STATUS(0)), 0ULL);
	KUNIT_EXPECT_EQ(test, count_of(st.event), 0ULL);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), 0);
	p2 = period_of(test, st.event);
	KUNIT_EXPECT_EQ_MSG(test, p2, p1, "steered on a status bit with no period ended");
	/* the period goes on: p1 events end it, with one sample */
	xu_sim_set_deliver_pmi(st.sim, true);
	inject_m0(test, st.event, p1);
	wait_samples(test, &ps, 1);
	KUNIT_EXPECT_EQ(test, ps.period, p1);
	KUNIT_EXPECT_EQ(test, count_of(st.event), p1);
}

/* The sample_flags of the first samples, in the order they were written */
#define PMI_SEQ		4

struct pmi_seq {
	struct pmi_samples ps;
	u64 flags[PMI_SEQ];
};

static void pmi_seq_sample(struct perf_event *event,
			   struct perf_sample_data *data, struct pt_regs *regs)
{
	struct pmi_samples *ps = event->overflow_handler_context;
	struct pmi_seq *sq = container_of(ps, struct pmi_seq, ps);
	int n = atomic_read(&sq->ps.calls);

	if (n < PMI_SEQ)
		sq->flags[n] = data->sample_flags;
	pmi_count_sample(event, data, regs);
}

struct pmi_two_walks {
	struct xu_sim *sim;
	struct perf_event *event;
	/* 1: the event's CPU holds interrupts off; 2: go on; 3: done */
	atomic_t state;
	int ret;
	/* pmi_deferred_then_direct(): events injected while the CPU is held */
	u64 late;
	/* the held CPU walks an overflow of its own once let go */
	bool walk_there;
};

/* 1000 events on M-Box 0 of package 0, then a walk on this CPU */
static int pmi_overflow_and_walk_here(struct pmi_two_walks *tw)
{
	int ret = xu_sim_inject(tw->sim, 0, "mbox", 0, EV_CYCLES, XU_SIM_SUB_ANY, 1000);

	pmi_walk_here(xu_event_box(tw->event)->pmu->uncore);
	return ret;
}

/* Two overflows, each walked on this CPU, with interrupts off throughout */
static void pmi_two_walks_here(void *data)
{
	struct pmi_two_walks *tw = data;

	tw->ret = pmi_overflow_and_walk_here(tw) ?: pmi_overflow_and_walk_here(tw);
}

/*
 * PERF_EVENT_IOC_REFRESH 1: one sample, then perf disables the event.  Two
 * overflows walked on another CPU of the package before the event's CPU
 * writes their samples: the first reaches the limit, the second is of a
 * period past it, which the core PMU (stopped at the limit) would never
 * have taken.  One sample is written, with POLL_HUP, and the event ends
 * disabled.
 */
static void pmi_refresh_limit_holds_for_deferred_samples(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct pmi_two_walks tw = { .sim = xu_test_sim(test) };
	int other, state, kill;
	unsigned long end;

	xu_test_quiet_sim(test, tw.sim);
	tw.event = open_sampling(test, 1000, &ps);
	other = xu_test_cpu_of(test, 0);
	if (other == tw.event->cpu)
		kunit_skip(test, "package 0 has one CPU");
	KUNIT_ASSERT_EQ(test, 0, perf_event_refresh(tw.event, 1));

	xu_sim_set_deliver_pmi(tw.sim, false);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_deliver_on, tw.sim));
	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(other, pmi_two_walks_here,
							  &tw, true));
	KUNIT_ASSERT_EQ(test, tw.ret, 0);
	KUNIT_EXPECT_EQ(test, count_of(tw.event), 2000ULL);
	wait_samples(test, &ps, 1);
	end = jiffies + HZ;
	while (READ_ONCE(tw.event->state) != PERF_EVENT_STATE_OFF &&
	       time_before(jiffies, end))
		usleep_range(1000, 2000);
	state = READ_ONCE(tw.event->state);
	kill = READ_ONCE(tw.event->pending_kill);
	KUNIT_EXPECT_EQ(test, state, PERF_EVENT_STATE_OFF);
	KUNIT_EXPECT_EQ(test, kill, POLL_HUP);
	/* the second deferred sample would have been written by now */
	msleep(20);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&ps.calls), 1,
			    "a sample past the PERF_EVENT_IOC_REFRESH limit was written");
}

/* On the event's CPU: interrupts off until told, then an overflow walked here */
static void pmi_hold_then_walk(void *data)
{
	struct pmi_two_walks *tw = data;
	u64 end = ktime_get_mono_fast_ns() + NSEC_PER_SEC;

	atomic_set(&tw->state, 1);
	while (atomic_read(&tw->state) != 2 && ktime_get_mono_fast_ns() < end)
		cpu_relax();
	if (tw->walk_there)
		tw->ret = pmi_overflow_and_walk_here(tw);
	atomic_set(&tw->state, 3);
}

/* Wait up to a second for @tw's state @state; false if it did not come */
static bool pmi_wait_state(struct pmi_two_walks *tw, int state)
{
	u64 end = ktime_get_mono_fast_ns() + NSEC_PER_SEC;

	while (atomic_read(&tw->state) != state)
		if (ktime_get_mono_fast_ns() > end)
			return false;
	return true;
}

/* Has a walk sent the package's sample delivery, still to run? */
static bool pmi_delivery_queued(struct xu_pkg *p)
{
	/* pairs with the release of csd_unlock() */
	return smp_load_acquire(&p->deliver_csd.node.u_flags) & CSD_FLAG_LOCK;
}

/*
 * On another CPU of package 0 than the event's, in process context: hold
 * the event's CPU with interrupts off; an overflow walked here (its
 * sample deferred, the delivery sent to the held CPU), then @tw->late
 * events; then, if @tw->walk_there, an overflow walked on the held CPU,
 * before the delivery can run there.
 */
static long pmi_deferred_then_direct(void *data)
{
	struct pmi_two_walks *tw = data;
	struct xu_pkg *p = xu_box_pkg(xu_event_box(tw->event));
	u64 end = ktime_get_mono_fast_ns() + NSEC_PER_SEC;
	int ret;

	ret = smp_call_function_single(tw->event->cpu, pmi_hold_then_walk, tw, false);
	if (ret)
		return ret;
	if (!pmi_wait_state(tw, 1))
		return -ETIMEDOUT;
	ret = pmi_overflow_and_walk_here(tw);
	/* the delivery sent, waiting on the held CPU (csd_unlock() clears it) */
	while (!pmi_delivery_queued(p) && ktime_get_mono_fast_ns() < end)
		cpu_relax();
	if (!pmi_delivery_queued(p))
		ret = ret ?: -ESRCH;
	if (tw->late)
		ret = ret ?: xu_sim_inject(tw->sim, 0, "mbox", 0, EV_CYCLES,
					   XU_SIM_SUB_ANY, tw->late);
	atomic_set(&tw->state, 2);
	if (!pmi_wait_state(tw, 3))
		return -ETIMEDOUT;
	return ret;
}

/*
 * Samples of one event are written in the order they were taken: a sample
 * folded by a walk on another CPU waits for the event's CPU, and a walk
 * there that writes a later sample of the event writes the waiting one
 * first.  The first carries the time of its fold (PERF_SAMPLE_TIME in
 * its sample_flags), the second is written at perf's time.
 */
static void pmi_deferred_samples_come_first(struct kunit *test)
{
	struct pmi_seq *sq = kunit_kzalloc(test, sizeof(*sq), GFP_KERNEL);
	struct pmi_two_walks tw = { .sim = xu_test_sim(test), .walk_there = true };
	int other;

	KUNIT_ASSERT_NOT_NULL(test, sq);
	atomic_set(&sq->ps.calls, 0);
	xu_test_quiet_sim(test, tw.sim);
	tw.event = open_sampling_with(test, "uncore_mbox_0", 1000, 0,
				      pmi_seq_sample, &sq->ps);
	other = xu_test_cpu_of(test, 0);
	if (other == tw.event->cpu)
		kunit_skip(test, "package 0 has one CPU");

	xu_sim_set_deliver_pmi(tw.sim, false);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_deliver_on, tw.sim));
	KUNIT_ASSERT_EQ(test, 0, work_on_cpu(other, pmi_deferred_then_direct, &tw));
	KUNIT_ASSERT_EQ(test, tw.ret, 0);
	wait_samples(test, &sq->ps, 2);
	KUNIT_EXPECT_EQ(test, count_of(tw.event), 2000ULL);
	KUNIT_EXPECT_EQ(test, atomic_read(&sq->ps.elsewhere), 0);
	KUNIT_EXPECT_TRUE_MSG(test, sq->flags[0] & PERF_SAMPLE_TIME,
			      "the later sample was written first (sample_flags %#llx, %#llx)",
			      sq->flags[0], sq->flags[1]);
	KUNIT_EXPECT_FALSE(test, sq->flags[1] & PERF_SAMPLE_TIME);
}

/* As pmi_gctl_sample() for M-Box 0's GLOBAL_CTL, and the event's count */
static void pmi_read_sample(struct perf_event *event,
			    struct perf_sample_data *data, struct pt_regs *regs)
{
	struct pmi_samples *ps = event->overflow_handler_context;

	ps->gctl_ret = xu_sim_peek(ps->sim, 0, NHMEX_M_GLOBAL_CTL(0), &ps->gctl);
	ps->count = local64_read(&event->count);
	pmi_count_sample(event, data, regs);
}

/*
 * A sample that reads counters (PERF_SAMPLE_READ) folded on another CPU
 * is written on the event's CPU after the package counted on (here 500
 * events more), and perf reads the other members of its group then.  Its
 * values are one snapshot of that time: the event's own count is taken
 * then too (1500, not the 1000 of the fold), with the box frozen (M-Box 0
 * GLOBAL_CTL's ctr_en clear) while perf reads, as for a group read, and
 * the sample carries the time of its write (no PERF_SAMPLE_TIME of the
 * driver's).
 */
static void pmi_deferred_read_snapshot(struct kunit *test, bool full)
{
	struct pmi_samples *ps = kunit_kzalloc(test, sizeof(*ps), GFP_KERNEL);
	struct pmi_two_walks tw = { .sim = xu_test_sim(test), .late = 500 };
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event_attr attr;
	struct perf_event *other_event;
	struct xu_pkg *p;
	int other;

	KUNIT_ASSERT_NOT_NULL(test, ps);
	ps->sim = tw.sim;
	xu_test_quiet_sim(test, tw.sim);
	tw.event = open_sampling_with(test, "uncore_mbox_0", 1000, PERF_SAMPLE_READ,
				      pmi_read_sample, ps);
	other = xu_test_cpu_of(test, 0);
	if (other == tw.event->cpu)
		kunit_skip(test, "package 0 has one CPU");
	p = xu_box_pkg(xu_event_box(tw.event));
	/* a second event of the box: what perf would read beside it */
	xu_test_attr(&attr, xp, CFG_CYCLES_WRAP);
	other_event = xu_test_open(test, xp, 0, &attr);

	xu_sim_set_deliver_pmi(tw.sim, false);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_deliver_on, tw.sim));
	/* every time of the package's list in use, by no event (quiet sim) */
	if (full)
		p->n_deferred = XU_DEFERRED;
	KUNIT_ASSERT_EQ(test, 0, work_on_cpu(other, pmi_deferred_then_direct, &tw));
	KUNIT_ASSERT_EQ(test, tw.ret, 0);
	wait_samples(test, ps, 1);
	KUNIT_EXPECT_EQ(test, p->n_deferred, full ? XU_DEFERRED : 0U);
	p->n_deferred = 0;
	KUNIT_EXPECT_EQ(test, atomic_read(&ps->elsewhere), 0);
	KUNIT_EXPECT_EQ(test, ps->period, 1000ULL);
	KUNIT_EXPECT_EQ_MSG(test, ps->count, 1500ULL,
			    "the sample's own value is not of the time of its write");
	KUNIT_EXPECT_EQ(test, ps->gctl_ret, 0);
	KUNIT_EXPECT_EQ_MSG(test, ps->gctl, 0ULL,
			    "the box counted while perf read the sample's values");
	KUNIT_EXPECT_FALSE(test, ps->flags & PERF_SAMPLE_TIME);
	KUNIT_EXPECT_EQ(test, rd_module(test, NHMEX_M_GLOBAL_CTL(0)), NHMEX_M_GCTL_CTR_EN);
	KUNIT_EXPECT_EQ(test, count_of(tw.event), 1500ULL);
	/* the late events came with the package counting */
	KUNIT_EXPECT_GE(test, count_of(other_event), 500ULL);
}

static void pmi_deferred_read_sample_is_one_snapshot(struct kunit *test)
{
	pmi_deferred_read_snapshot(test, false);
}

/*
 * The same sample folded while the package's 32 times were in use: it
 * carries no time of its fold, and is still one snapshot of its write
 */
static void pmi_deferred_read_sample_without_room_is_one_snapshot(struct kunit *test)
{
	pmi_deferred_read_snapshot(test, true);
}

/*
 * A counter that overflows right after the walk unfreezes the package,
 * before the NMI handler returns: its PMI finds the LVTPC the first PMI
 * masked unless the handler unmasked it before the unfreeze.  Nothing is
 * lost, and the watchdog has nothing to do.
 */
static void pmi_overflow_in_the_unfreeze_window_is_taken(struct kunit *test)
{
	struct pmi_samples pa = { .calls = ATOMIC_INIT(0) };
	struct pmi_samples pb = { .calls = ATOMIC_INIT(0) };
	struct xu_sim *sim = xu_test_sim(test);
	struct perf_event *a, *b;
	struct xu_pkg *p;
	u64 lost, wd;

	xu_test_quiet_sim(test, sim);
	a = open_sampling(test, 1000, &pa);
	b = open_sampling_on(test, "uncore_mbox_1", 1000, &pb);
	p = xu_box_pkg(xu_event_box(a));
	lost = xu_sim_lost_pmis(sim, 0);
	wd = READ_ONCE(p->lost);

	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject_at_unfreeze(sim, 0, "mbox", 1, EV_CYCLES,
							   XU_SIM_SUB_ANY, 1000));
	inject_m0(test, a, 1000);
	wait_samples(test, &pa, 1);
	wait_samples(test, &pb, 1);
	xu_test_wait_pmi(test, sim, 0);
	KUNIT_EXPECT_EQ(test, xu_sim_lost_pmis(sim, 0), lost);
	KUNIT_EXPECT_EQ(test, READ_ONCE(p->lost), wd);
	KUNIT_EXPECT_EQ(test, count_of(a), 1000ULL);
	KUNIT_EXPECT_EQ(test, count_of(b), 1000ULL);
}

struct pmi_freeze_stop {
	struct xu_sim *sim;
	struct perf_event *event;
	u64 gctl;
	int ret;
};

/*
 * On the event's CPU, interrupts off, so that the watchdog there cannot
 * look in between: the event's counter crosses zero and freezes the
 * package (its pmi_en on, behind the driver's back); then perf stops the
 * event
 */
static void pmi_freeze_then_stop(void *data)
{
	struct pmi_freeze_stop *fs = data;

	fs->ret = xu_sim_inject(fs->sim, 0, "mbox", 0, EV_CYCLES, XU_SIM_SUB_ANY, 10);
	if (!fs->ret)
		fs->ret = xu_sim_peek(fs->sim, 0, NHMEX_U_GLOBAL_CTL, &fs->gctl);
	fs->event->pmu->stop(fs->event, PERF_EF_UPDATE);
}

/*
 * A polled event (count_mode 1, without pmi_en) whose counter froze the
 * package after all, as a PMI enable the driver believes off would if it
 * were on, and whose PMI was lost; perf stops the event, which clears its
 * counter's overflow bit before any walk.  The package is frozen with a
 * clear status: the watchdog unfreezes it within two of its periods
 * without counting a PMI lost, and the package counts again.
 */
static void pmi_watchdog_unfreezes_a_frozen_package_with_clear_status(struct kunit *test)
{
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct xu_pmu *xp1 = xu_test_pmu(test, "uncore_mbox_1");
	struct xu_sim *sim = xu_test_sim(test);
	struct pmi_freeze_stop fs = { .sim = sim };
	struct perf_event_attr attr;
	struct perf_event *other;
	unsigned long end;
	struct xu_pkg *p;
	u64 lost, gctl;

	if (!xp->uncore->pmi)
		kunit_skip(test, "xeon_uncore runs with pmi=0: no watchdog");
	xu_test_quiet_sim(test, sim);
	/* an event that keeps the package busy, and the watchdog running */
	xu_test_attr(&attr, xp1, CFG_CYCLES_WRAP);
	other = xu_test_open(test, xp1, 0, &attr);
	xu_test_attr(&attr, xp, CFG_CYCLES_DOWN_WRAP);
	fs.event = xu_test_open(test, xp, 0, &attr);
	/* inc_sel 0x1b, wrap_mode, count_mode 1, en: no pmi_en */
	KUNIT_ASSERT_EQ(test, xu_test_ctl(test, fs.event), 0x3645ULL);
	p = xu_box_pkg(xu_event_box(fs.event));
	lost = READ_ONCE(p->lost);

	xu_test_sim_wr(test, sim, 0, NHMEX_M_CNT_CTL(0, fs.event->hw.idx),
		       0x3645ULL | NHMEX_M_CTL_PMI_EN);
	xu_sim_set_deliver_pmi(sim, false);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_deliver_on, sim));
	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(fs.event->cpu, pmi_freeze_then_stop,
							  &fs, true));
	KUNIT_ASSERT_EQ(test, fs.ret, 0);
	KUNIT_ASSERT_FALSE_MSG(test, fs.gctl & NHMEX_U_GCTL_EN_ALL,
			       "the crossing did not freeze: U_MSR_PMON_GLOBAL_CTL %#llx",
			       fs.gctl);
	KUNIT_EXPECT_EQ(test, rd_module(test, NHMEX_M_GLOBAL_STATUS(0)), 0ULL);
	KUNIT_EXPECT_EQ(test, rd_module(test, NHMEX_U_GLOBAL_STATUS), 0ULL);

	end = jiffies + HZ;
	while (!((gctl = rd_module(test, NHMEX_U_GLOBAL_CTL)) & NHMEX_U_GCTL_EN_ALL) &&
	       time_before(jiffies, end))
		usleep_range(1000, 2000);
	KUNIT_EXPECT_TRUE_MSG(test, gctl & NHMEX_U_GCTL_EN_ALL,
			      "still frozen after 1 s: U_MSR_PMON_GLOBAL_CTL %#llx", gctl);
	KUNIT_EXPECT_EQ(test, READ_ONCE(p->lost), lost);
	KUNIT_EXPECT_EQ(test, count_of(fs.event), 10ULL);

	xu_sim_set_deliver_pmi(sim, true);
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, 0, "mbox", 1, EV_CYCLES,
					       XU_SIM_SUB_ANY, 1000));
	KUNIT_EXPECT_EQ(test, count_of(other), 1000ULL);
}

struct pmi_stop {
	struct perf_event *event;
	bool was_stopped;
};

/* perf's stop, on the event's CPU; notes whether the driver had stopped it */
static void pmi_stop_on(void *data)
{
	struct pmi_stop *st = data;
	struct perf_event *e = st->event;

	st->was_stopped = e->hw.state & PERF_HES_STOPPED;
	e->pmu->stop(e, PERF_EF_UPDATE);
}

static void pmi_start_on(void *event)
{
	struct perf_event *e = event;

	e->pmu->start(e, PERF_EF_RELOAD);
}

struct pmi_rate {
	struct xu_uncore *uc;
	u64 samples_per_tick;
};

static void pmi_restore_rate(void *data)
{
	struct pmi_rate *r = data;

	WRITE_ONCE(r->uc->samples_per_tick, r->samples_per_tick);
}

/*
 * An event throttled by the driver, then stopped by perf: it stays
 * stopped until perf starts it (the unthrottle timer must not start it
 * behind perf's back, or perf's start finds it running and warns)
 */
static void pmi_perf_stop_outlasts_the_throttle(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct pmi_stop st = { };
	struct perf_event *event;
	struct pmi_rate *r;
	int i;

	xu_test_quiet_sim(test, xu_test_sim(test));
	event = open_sampling(test, 1000, &ps);
	r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r);
	r->uc = xu_event_box(event)->pmu->uncore;
	r->samples_per_tick = READ_ONCE(r->uc->samples_per_tick);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_restore_rate, r));
	/*
	 * No sample is allowed in a tick: each one throttles.  perf stops
	 * the event before the unthrottle timer, a tick later, restarts it
	 * (or, should the timer win, the overflow is made again).  A timer
	 * that won has the driver read perf's sample rate again (rate_work),
	 * which puts back the samples a tick may take: each try sets 0 anew.
	 */
	st.event = event;
	for (i = 0; i < 5 && !st.was_stopped; i++) {
		flush_work(&r->uc->rate_work);
		WRITE_ONCE(r->uc->samples_per_tick, 0);
		if (i)
			smp_call_function_single(event->cpu, pmi_start_on, event, true);
		KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(xu_test_sim(test), 0, "mbox", 0,
						       EV_CYCLES, XU_SIM_SUB_ANY, 1000));
		xu_test_wait_pmi(test, xu_test_sim(test), 0);
		KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(event->cpu, pmi_stop_on,
								  &st, true));
	}
	KUNIT_ASSERT_TRUE_MSG(test, st.was_stopped,
			      "the unthrottle timer restarted the event first 5 times");
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), i);
	WRITE_ONCE(r->uc->samples_per_tick, r->samples_per_tick);

	/* the unthrottle timer runs a tick after the throttle */
	msleep(3 * jiffies_to_msecs(1) + 10);
	KUNIT_EXPECT_TRUE(test, READ_ONCE(event->hw.state) & PERF_HES_STOPPED);
	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(event->cpu, pmi_start_on,
							  event, true));
	KUNIT_EXPECT_FALSE(test, READ_ONCE(event->hw.state) & PERF_HES_STOPPED);
	KUNIT_EXPECT_EQ(test, count_of(event), 1000ULL * i);
}

/* Cleanup: M-Box 0 counters of package 0 back to 0 */
static void clear_m0_counters(void *sim)
{
	unsigned int i;

	for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++)
		xu_sim_write(sim, 0, NHMEX_M_CNT(0, i), 0);
}

/*
 * A counting event on M-Box 0 of package 0 with @config, on a quiet
 * simulator, with every counter of the box preloaded to 16 below 2^48;
 * its counters go back to 0 when the test ends.
 */
static struct perf_event *open_counting_near_wrap(struct kunit *test,
						  u64 config)
{
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct xu_sim *sim = xu_test_sim(test);
	struct perf_event_attr attr;
	struct perf_event *event;
	unsigned int i;

	if (!xp->uncore->pmi)
		kunit_skip(test, "xeon_uncore runs with pmi=0: no PMI folds the wraps");
	xu_test_quiet_sim(test, sim);
	for (i = 0; i < NHMEX_M_NUM_COUNTERS; i++)
		xu_test_sim_wr(test, sim, 0, NHMEX_M_CNT(0, i), 0xfffffffffff0);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, clear_m0_counters, sim));
	xu_test_attr(&attr, xp, config);
	event = xu_test_open(test, xp, 0, &attr);
	KUNIT_ASSERT_EQ(test, ctr_of(test, event), 0xfffffffffff0ULL);
	return event;
}

static void pmi_counting_folds_every_48_bit_wrap(struct kunit *test)
{
	struct perf_event *event = open_counting_near_wrap(test, CFG_CYCLES_WRAP);
	unsigned int round;
	static const u64 want[] = {
		0x1fffffffffffeULL, 0x3fffffffffffcULL,
		0x5fffffffffffaULL, 0x7fffffffffff8ULL,
	};

	/*
	 * 2^48 - 1 events wrap the counter once each time.  Two of them
	 * between reads: without the PMI folding each wrap, a read would
	 * see 2^48 - 2 events.
	 */
	for (round = 0; round < ARRAY_SIZE(want); round++) {
		inject_m0(test, event, 0xffffffffffff);
		inject_m0(test, event, 0xffffffffffff);
		KUNIT_EXPECT_EQ_MSG(test, count_of(event), want[round],
				    "round %u", round);
	}
}

/*
 * Between two wraps a counting event's counter makes a whole turn: a fold
 * at each wrap that only subtracted the raw values would lose 2^48 each
 * time the new overshoot is not below the old one.  Here: 16 below the
 * wrap, +32 wraps to 0x10; +2^48 + 5 wraps again to 0x15, above 0x10.
 */
static void pmi_counting_keeps_the_turn_between_two_wraps(struct kunit *test)
{
	struct perf_event *event = open_counting_near_wrap(test, CFG_CYCLES_WRAP);

	inject_m0(test, event, 0x20);
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0x10ULL);
	inject_m0(test, event, 0x1000000000005ULL);
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0x15ULL);
	KUNIT_EXPECT_EQ(test, count_of(event), 0x1000000000025ULL);
}

/*
 * wrap_mode=0: the overflow stops the counter at 2^48 - 1, and the PMI
 * that follows must not take that for a turn: 16 below the limit, 0x20
 * injected, 15 counted.
 */
static void pmi_counting_stopped_counter_has_not_turned(struct kunit *test)
{
	/* inc_sel 0x1b, wrap_mode 0 */
	struct perf_event *event = open_counting_near_wrap(test, 0x3600);

	inject_m0(test, event, 0x20);
	KUNIT_EXPECT_EQ(test, ctr_of(test, event), 0xffffffffffffULL);
	KUNIT_EXPECT_EQ(test, count_of(event), 0xfULL);
}

/* The online CPU of package 0 whose core has the @rank-th lowest core id */
static int cpu_of_core_rank(unsigned int rank)
{
	unsigned int ids[64], n = 0, i, j;
	int cpu;

	for_each_online_cpu(cpu) {
		unsigned int id = topology_core_id(cpu);

		if (topology_logical_package_id(cpu) != 0)
			continue;
		for (i = 0; i < n && ids[i] != id; i++)
			;
		if (i == n && n < ARRAY_SIZE(ids))
			ids[n++] = id;
	}
	if (rank >= n)
		return -1;
	/* selection of the rank-th smallest id */
	for (i = 0; i <= rank; i++)
		for (j = i + 1; j < n; j++)
			if (ids[j] < ids[i])
				swap(ids[i], ids[j]);
	for_each_online_cpu(cpu)
		if (topology_logical_package_id(cpu) == 0 &&
		    topology_core_id(cpu) == ids[rank])
			return cpu;
	return -1;
}

/*
 * pmi_core_sel (bits 4:1) is a one-hot mask of the package's cores, by
 * index: core 0 is 0b0001, core 1 0b0010; routing freezes the package
 * (en_all 0) and the next walk unfreezes it.  Literal register images.
 */
static void pmi_route_writes_a_one_hot_core_mask(struct kunit *test)
{
	struct xu_test_private *w;
	struct xu_box *gbox;
	unsigned int n;
	int cpu0, cpu1;

	walk_setup(test);
	w = walk_of(test);
	gbox = &w->uc.pmus[0].boxes[0];
	cpu0 = cpu_of_core_rank(0);
	KUNIT_ASSERT_GE(test, cpu0, 0);

	w->uc.plat->global->route(gbox, xu_core_index(cpu0));
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), 0x80000003ULL);
	KUNIT_EXPECT_EQ(test, walk(test, 0, &n), 0);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), 0x80000003ULL);
	KUNIT_EXPECT_EQ(test, xu_pmi_walk(&w->uc, 0, NULL, true), 0);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), 0x90000003ULL);

	w->uc.plat->global->route(gbox, -1);
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), 0x80000001ULL);

	cpu1 = cpu_of_core_rank(1);
	if (cpu1 < 0)
		kunit_skip(test, "package 0 has one core");
	w->uc.plat->global->route(gbox, xu_core_index(cpu1));
	KUNIT_EXPECT_EQ(test, rd(test, 0, NHMEX_U_GLOBAL_CTL), 0x80000005ULL);
}

/* The NMIs of a PMI that reaches two CPUs, for pmi_two_cpus_take_each_pmi */
struct pmi_two {
	atomic_t armed;
	int cpu[2];
	atomic_t nmis[2];	/* NMIs each CPU took */
	u64 stamp[2];		/* the package's last_walk when each came */
	/*
	 * Of them, NMIs no NMI_LOCAL handler claimed: those that came
	 * within XU_PMI_ECHO_NS of another CPU's walk, which the driver
	 * must claim, and those that came later
	 */
	atomic_t unclaimed[2];
	atomic_t late[2];
	struct xu_uncore *uc;
	struct xu_sim *sim;
	u64 gctl;		/* the package's U-Box box_ctl before */
	u64 both;		/* pmi_core_sel naming the cores of both CPUs */
};

static struct pmi_two pmi_two;

static int pmi_two_slot(void)
{
	int cpu = smp_processor_id();

	if (!atomic_read(&pmi_two.armed))
		return -1;
	return cpu == pmi_two.cpu[0] ? 0 : cpu == pmi_two.cpu[1] ? 1 : -1;
}

/*
 * First of the NMI_LOCAL handlers, as perf's core PMU handler is, which
 * unmasks the LVTPC before it looks at its own counters whenever core
 * events are active (the NMI watchdog's, perf record's): the uncore's
 * handler then cannot tell a PMI by a masked LVTPC, and claims a PMI
 * another CPU walked by the package's last_walk stamp alone
 */
static int pmi_two_first(unsigned int type, struct pt_regs *regs)
{
	int i = pmi_two_slot();

	if (i >= 0) {
		atomic_inc(&pmi_two.nmis[i]);
		pmi_two.stamp[i] = READ_ONCE(pmi_two.uc->pkgs[0].last_walk);
		apic->write(APIC_LVTPC, APIC_DM_NMI);
	}
	return NMI_DONE;
}

/*
 * An NMI no NMI_LOCAL handler claimed: counted, and claimed here.  The
 * stamp it found was another CPU's, and is still within XU_PMI_ECHO_NS
 * now, after the uncore's handler looked: the handler had that stamp, or
 * a newer one of another CPU (a walk of its own would have claimed the
 * NMI, a walk that found nothing must leave the stamp), and had to claim
 * it.  Later than that, the handler leaves it, by design: on the silicon
 * a PMI reaches its CPUs within microseconds, under TCG a vCPU may wait
 * for milliseconds.
 */
static int pmi_two_unknown(unsigned int type, struct pt_regs *regs)
{
	int i = pmi_two_slot();
	u64 s;

	if (i < 0)
		return NMI_DONE;
	s = pmi_two.stamp[i];
	if (s && (s & XU_WALK_CPU) != smp_processor_id() &&
	    ktime_get_mono_fast_ns() - (s & ~XU_WALK_CPU) < XU_PMI_ECHO_NS)
		atomic_inc(&pmi_two.unclaimed[i]);
	else
		atomic_inc(&pmi_two.late[i]);
	return NMI_HANDLED;
}

/* On a CPU of package 0: its U-Box's pmi_core_sel to @data's, locked */
static void pmi_two_route_here(void *data)
{
	struct xu_pkg *p = &pmi_two.uc->pkgs[0];
	struct xu_box *gbox = &pmi_two.uc->pmus[0].boxes[0];
	u64 *gctl = data;
	unsigned long flags;

	local_irq_save(flags);
	xu_pkg_lock(p);
	gbox->box_ctl = *gctl;
	/* the driver's own word on where the PMIs go: the cores written */
	WRITE_ONCE(p->pmi_core_mask, FIELD_GET(NHMEX_U_GCTL_PMI_CORE_SEL, *gctl));
	xu_sim_write(pmi_two.sim, 0, NHMEX_U_GLOBAL_CTL, *gctl);
	xu_pkg_unlock(p);
	local_irq_restore(flags);
}

static void pmi_two_restore(void *unused)
{
	atomic_set(&pmi_two.armed, 0);
	unregister_nmi_handler(NMI_UNKNOWN, "xu_test_two_unknown");
	unregister_nmi_handler(NMI_LOCAL, "xu_test_two_first");
	smp_call_function_single(pmi_two.cpu[0], pmi_two_route_here, &pmi_two.gctl, true);
}

/*
 * A PMI that reaches two CPUs of a package (both threads of the routed
 * core, as on the 2-thread e2e lines; here pmi_core_sel names the cores
 * of both CPUs of package 0), with perf's core PMU handler unmasking the
 * LVTPC first: the two NMI handlers run at once, one walks, and the other
 * finds the package locked or its status walked.  Each NMI of each CPU
 * that comes within XU_PMI_ECHO_NS of a walk must be claimed, the second
 * one's as the echo that walk granted its CPU: one NMI that comes late,
 * after the next PMI's walk, must leave that PMI's own NMI a claim, and
 * a walk that finds nothing grants none.  Each PMI is walked once, with
 * one sample.
 */
static void pmi_two_cpus_take_each_pmi(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct xu_sim *sim = xu_test_sim(test);
	struct perf_event *event;
	struct xu_pkg *p;
	unsigned int i, n = 20;
	u64 walks, lost0, lost1;
	int other, ret;

	xu_test_quiet_sim(test, sim);
	event = open_sampling(test, 1000, &ps);
	other = xu_test_cpu_of(test, 0);
	if (other == event->cpu)
		kunit_skip(test, "package 0 has one CPU");
	pmi_two.uc = xu_event_box(event)->pmu->uncore;
	pmi_two.sim = sim;
	p = &pmi_two.uc->pkgs[0];
	pmi_two.cpu[0] = event->cpu;
	pmi_two.cpu[1] = other;
	for (i = 0; i < 2; i++) {
		atomic_set(&pmi_two.nmis[i], 0);
		atomic_set(&pmi_two.unclaimed[i], 0);
		atomic_set(&pmi_two.late[i], 0);
	}
	pmi_two.gctl = pmi_two.uc->pmus[0].boxes[0].box_ctl;
	pmi_two.both = (pmi_two.gctl & ~NHMEX_U_GCTL_PMI_CORE_SEL) |
		       FIELD_PREP(NHMEX_U_GCTL_PMI_CORE_SEL,
				  BIT(xu_core_index(event->cpu)) | BIT(xu_core_index(other)));
	KUNIT_ASSERT_NE(test, xu_core_index(event->cpu), xu_core_index(other));

	ret = register_nmi_handler(NMI_LOCAL, pmi_two_first, NMI_FLAG_FIRST,
				   "xu_test_two_first");
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = register_nmi_handler(NMI_UNKNOWN, pmi_two_unknown, 0, "xu_test_two_unknown");
	if (ret)
		unregister_nmi_handler(NMI_LOCAL, "xu_test_two_first");
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(event->cpu, pmi_two_route_here,
							  &pmi_two.both, true));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_two_restore, NULL));
	atomic_set(&pmi_two.armed, 1);

	walks = READ_ONCE(p->walks);
	lost0 = xu_sim_lost_pmis(sim, 0);
	for (i = 1; i <= n; i++) {
		unsigned long end = jiffies + HZ;

		inject_m0(test, event, 1000);
		wait_samples(test, &ps, i);
		/*
		 * both NMIs of this PMI in before the next PMI: the
		 * simulator sends a CPU one NMI for PMIs it has not yet taken
		 */
		while ((atomic_read(&pmi_two.nmis[0]) < i ||
			atomic_read(&pmi_two.nmis[1]) < i) && time_before(jiffies, end))
			usleep_range(100, 200);
	}
	atomic_set(&pmi_two.armed, 0);
	lost1 = xu_sim_lost_pmis(sim, 0);

	kunit_info(test, "NMIs: CPU %d %d, CPU %d %d; unclaimed %d, %d; later than %llu ns after the walk, %d, %d\n",
		   pmi_two.cpu[0], atomic_read(&pmi_two.nmis[0]),
		   pmi_two.cpu[1], atomic_read(&pmi_two.nmis[1]),
		   atomic_read(&pmi_two.unclaimed[0]), atomic_read(&pmi_two.unclaimed[1]),
		   (u64)XU_PMI_ECHO_NS,
		   atomic_read(&pmi_two.late[0]), atomic_read(&pmi_two.late[1]));
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&pmi_two.nmis[0]), (int)n,
			    "every PMI reached CPU %d", pmi_two.cpu[0]);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&pmi_two.nmis[1]), (int)n,
			    "every PMI reached CPU %d", pmi_two.cpu[1]);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&pmi_two.unclaimed[0]), 0,
			    "NMIs of CPU %d left unclaimed within the echo window",
			    pmi_two.cpu[0]);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&pmi_two.unclaimed[1]), 0,
			    "NMIs of CPU %d left unclaimed within the echo window",
			    pmi_two.cpu[1]);
	KUNIT_EXPECT_EQ(test, lost1, lost0);
	KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(p->walks) - walks, (u64)n,
			    "one walk for each PMI");
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), (int)n);
	KUNIT_EXPECT_EQ(test, count_of(event), 1000ULL * n);
}

/* For pmi_foreign_nmi_reaches_the_unknown_path */
static struct {
	int cpu;		/* the CPU the foreign NMI is sent to */
	atomic_t unknown;	/* NMIs no NMI_LOCAL handler claimed there */
	atomic_t sent;
} pmi_foreign;

static int pmi_foreign_unknown(unsigned int type, struct pt_regs *regs)
{
	if (smp_processor_id() != READ_ONCE(pmi_foreign.cpu))
		return NMI_DONE;
	atomic_inc(&pmi_foreign.unknown);
	return NMI_HANDLED;
}

/*
 * The sample, written by the walk on the collecting CPU after its
 * unfreeze: an NMI to the package's other CPU from here, inside the walk
 */
static void pmi_foreign_sample(struct perf_event *event,
			       struct perf_sample_data *data, struct pt_regs *regs)
{
	pmi_count_sample(event, data, regs);
	if (!atomic_xchg(&pmi_foreign.sent, 1))
		apic->send_IPI(READ_ONCE(pmi_foreign.cpu), NMI_VECTOR);
}

static void pmi_foreign_off(void *unused)
{
	unregister_nmi_handler(NMI_UNKNOWN, "xu_test_foreign");
	WRITE_ONCE(pmi_foreign.cpu, -1);
}

/*
 * While package 0 samples, an NMI that is not a PMI (an IPI's here; on
 * the silicon SERR, IOCHK, a platform watchdog's) comes to the package's
 * other CPU during a walk of the collecting CPU, its status acked.  The
 * route sends the PMIs to the collecting CPU's core only: the NMI is no
 * echo of the PMI, the uncore's handler leaves it, and the kernel's
 * unknown-NMI path (its NMI_UNKNOWN handlers) gets it, once.
 */
static void pmi_foreign_nmi_reaches_the_unknown_path(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct xu_sim *sim = xu_test_sim(test);
	struct perf_event *event;
	unsigned long end;
	int other, ret;

	xu_test_quiet_sim(test, sim);
	WRITE_ONCE(pmi_foreign.cpu, -1);
	event = open_sampling_with(test, "uncore_mbox_0", 1000, 0,
				   pmi_foreign_sample, &ps);
	other = xu_test_cpu_of(test, 0);
	if (other == event->cpu)
		kunit_skip(test, "package 0 has one CPU");
	KUNIT_ASSERT_NE(test, xu_core_index(event->cpu), xu_core_index(other));
	atomic_set(&pmi_foreign.unknown, 0);
	atomic_set(&pmi_foreign.sent, 0);
	WRITE_ONCE(pmi_foreign.cpu, other);
	ret = register_nmi_handler(NMI_UNKNOWN, pmi_foreign_unknown, 0, "xu_test_foreign");
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_foreign_off, NULL));

	inject_m0(test, event, 1000);
	wait_samples(test, &ps, 1);
	end = jiffies + HZ;
	while (!atomic_read(&pmi_foreign.unknown) && time_before(jiffies, end))
		usleep_range(100, 200);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&pmi_foreign.unknown), 1,
			    "the NMI sent to CPU %d from CPU %d's walk", other, event->cpu);
	KUNIT_EXPECT_EQ(test, atomic_read(&pmi_foreign.sent), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), 1);
}

/* A CPU kept busy with interrupts off, for pmi_free_waits_for_the_timer_csd */
struct pmi_spin {
	call_single_data_t csd;
	atomic_t spinning;
	atomic_t done;
	atomic_t csd_ran;	/* the box's timer_csd called */
};

/* On the target CPU, interrupts off: 300 ms, long enough to be seen */
static void pmi_spin_here(void *info)
{
	struct pmi_spin *sp = info;

	atomic_set(&sp->spinning, 1);
	/* (a delay loop, not the clock: see pmi_stop_start_slowly()) */
	mdelay(300);
	atomic_set(&sp->done, 1);
}

static void pmi_timer_csd_mark(void *info)
{
	struct pmi_spin *sp = info;

	atomic_set(&sp->csd_ran, 1);
}

/*
 * xu_uncore_free(), as at unload, waits for a box's timer_csd still
 * queued on another CPU (sent by a walk's unthrottle or a hotplug move):
 * the boxes it frees hold the csd.  The csd is sent to a CPU that keeps
 * interrupts off for 300 ms, behind a csd of the test's; the box's
 * function stands in for xu_box_timer_arm(), to see it run.  Without
 * the wait, the free returns while the target still spins, and the
 * csd then runs from freed memory.
 */
static void pmi_free_waits_for_the_timer_csd(struct kunit *test)
{
	struct pmi_spin *sp = kunit_kzalloc(test, sizeof(*sp), GFP_KERNEL);
	struct xu_test_private *w;
	struct xu_box *box;
	unsigned long timeout;
	int here, target;

	KUNIT_ASSERT_NOT_NULL(test, sp);
	walk_setup(test);
	w = walk_of(test);
	here = get_cpu();
	target = cpumask_any_but(cpu_online_mask, here);
	put_cpu();
	if (target >= nr_cpu_ids)
		kunit_skip(test, "one CPU online");
	box = &w->uc.pmus[0].boxes[0];
	/* a box whose collecting CPU is the target, as a walk elsewhere sees it */
	WRITE_ONCE(box->cpu, target);
	INIT_CSD(&box->timer_csd, pmi_timer_csd_mark, sp);
	INIT_CSD(&sp->csd, pmi_spin_here, sp);

	KUNIT_ASSERT_EQ(test, smp_call_function_single_async(target, &sp->csd), 0);
	timeout = jiffies + 2 * HZ;
	while (!atomic_read(&sp->spinning) && time_before(jiffies, timeout))
		cpu_relax();
	KUNIT_ASSERT_TRUE(test, atomic_read(&sp->spinning));
	KUNIT_ASSERT_EQ(test, smp_call_function_single_async(target, &box->timer_csd), 0);

	xu_uncore_free(&w->uc);
	KUNIT_EXPECT_TRUE_MSG(test, atomic_read(&sp->csd_ran),
			      "xu_uncore_free() returned before the timer_csd ran (the target %s spinning)",
			      atomic_read(&sp->done) ? "had stopped" : "was still");

	/* sp must outlive the spin, and the csd's call, whatever happened */
	timeout = jiffies + 2 * HZ;
	while (!atomic_read(&sp->csd_ran) && time_before(jiffies, timeout))
		msleep(20);
	synchronize_rcu();
}

/*
 * The PMI budget: a bucket of frozen time that fills at pmi_max_percent of
 * the time, up to that share of 100 ms (cap).  Its figures here are the
 * parameter's definition, not the driver's arithmetic: a walk within the
 * bucket leaves it unspent; one that takes it below what a walk costs
 * spends it, and it stays spent until the debt and a walk's cost have
 * filled again at 5% of the time; at 100% (no budget) nothing is ever
 * spent.  The time that passes is the bucket's stamp moved back, so the
 * case does not depend on how long the VM sleeps.
 */
static void pmi_budget_fills_at_its_share(struct kunit *test)
{
	struct xu_uncore *uc = kunit_kzalloc(test, sizeof(*uc), GFP_KERNEL);
	struct xu_pkg *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	u64 ms = NSEC_PER_MSEC;
	s64 left;

	KUNIT_ASSERT_NOT_NULL(test, uc);
	KUNIT_ASSERT_NOT_NULL(test, p);
	p->uc = uc;
	uc->pmi_max_percent = 5;
	/* a walk of 1 ms: 4 ms of the 5 left, a walk costs 1 ms */
	KUNIT_EXPECT_FALSE(test, xu_pkg_budget_charge(p, ms));
	/*
	 * One of 79 ms: 75 ms in debt.  Walks now cost more than the 5 ms
	 * the bucket holds (the walks that follow, of 0 ms, bring their
	 * average down but not below it): spent until 75 + 5 ms have filled
	 * at 5%, 1600 ms
	 */
	KUNIT_EXPECT_TRUE(test, xu_pkg_budget_charge(p, 79 * ms));
	/* 1500 ms later: 75 ms filled, the bucket at 0, spent */
	p->budget_stamp -= 1500 * ms;
	KUNIT_EXPECT_TRUE(test, xu_pkg_budget_charge(p, 0));
	/* 40 ms more fill 2 ms: still spent */
	p->budget_stamp -= 40 * ms;
	KUNIT_EXPECT_TRUE(test, xu_pkg_budget_charge(p, 0));
	/* 61 ms more: 5.05 ms, a walk's worth */
	p->budget_stamp -= 61 * ms;
	KUNIT_EXPECT_FALSE(test, xu_pkg_budget_charge(p, 0));
	/* an hour idle fills the bucket to its cap, no more: 5 ms, a walk */
	p->budget_stamp -= 3600ULL * NSEC_PER_SEC;
	KUNIT_EXPECT_FALSE(test, xu_pkg_budget_charge(p, 0));
	KUNIT_EXPECT_TRUE(test, xu_pkg_budget_charge(p, ms / 10));
	/* a stamp ahead of this CPU's clock (another CPU's) fills nothing */
	left = p->budget_left;
	p->budget_stamp += 10 * ms;
	xu_pkg_budget_charge(p, 0);
	KUNIT_EXPECT_EQ(test, p->budget_left, left);
	/* 100%: no budget */
	uc->pmi_max_percent = 100;
	KUNIT_EXPECT_FALSE(test, xu_pkg_budget_charge(p, 100 * ms));
}

/*
 * A PMI's walk charges the PMI budget with the PMI's delivery timed at
 * load (struct xu_uncore.pmi_delivery_ns) on top of what it saw; a walk
 * after a route (unfreeze), which no PMI's delivery came before, does
 * not.  At 50% the bucket holds 50 ms: a 30 ms delivery and the walk
 * leave 20 ms, less what the walk saw (at most its whole time, @t) and
 * plus what that time refilled (half of it); the route's walk then takes
 * what it saw only, at most its time, and refills half of it.  A walk held up by the host (a
 * millisecond under TCG beside a kernel build) moves the figures by its
 * time, which the case measures, not by the delivery.
 */
static void pmi_walk_charges_the_delivery(struct kunit *test)
{
	const s64 ms = NSEC_PER_MSEC;
	struct xu_test_private *w;
	unsigned long flags;
	struct xu_pkg *p;
	unsigned int n;
	s64 left, t;

	walk_setup(test);
	w = walk_of(test);
	p = &w->uc.pkgs[0];
	w->uc.pmi_max_percent = 50;
	w->uc.pmi_delivery_ns = 30 * ms;

	overflow(test, 0, true, 0, 0);
	t = ktime_get_mono_fast_ns();
	KUNIT_EXPECT_EQ(test, walk(test, 0, &n), 1);
	t = ktime_get_mono_fast_ns() - t;
	kunit_info(test, "the PMI's walk took %lld ns, left %lld ns of 50 ms\n",
		   t, p->budget_left);
	/* (a walk of 20 ms would leave the delivery unseen: none takes that) */
	KUNIT_ASSERT_LT(test, t, 20 * ms);
	KUNIT_EXPECT_LE(test, p->budget_left, 20 * ms + t / 2);
	KUNIT_EXPECT_GE(test, p->budget_left, 20 * ms - t);

	left = p->budget_left;
	overflow(test, 0, true, 0, 0);
	/* the fill starts again here: the route's walk refills half its time */
	t = ktime_get_mono_fast_ns();
	p->budget_stamp = t;
	local_irq_save(flags);
	xu_pkg_lock(p);
	KUNIT_EXPECT_EQ(test, xu_pmi_walk(&w->uc, 0, NULL, true), 1);
	xu_pkg_unlock(p);
	local_irq_restore(flags);
	t = ktime_get_mono_fast_ns() - t;
	KUNIT_ASSERT_LT(test, t, 20 * ms);
	KUNIT_EXPECT_GE(test, p->budget_left, left - t);
	KUNIT_EXPECT_LE(test, p->budget_left, left + t / 2);
	expect_clear(test, 0);
}

/* Let package 0 sample again: the case's PMIs did not arrive */
static void pmi_lost_reset(void *data)
{
	struct xu_pkg *p = data;
	unsigned long flags;

	local_irq_save(flags);
	xu_pkg_lock(p);
	p->pmi_lost = false;
	p->lost_run = 0;
	xu_pkg_unlock(p);
	local_irq_restore(flags);
}

static void pmi_no_budget(void *uc)
{
	WRITE_ONCE(((struct xu_uncore *)uc)->pmi_max_percent, 100);
}

/* Inject @in on package 0's M-Box 0 and wait for the watchdog's next fold */
static void inject_lost(struct kunit *test, struct perf_event *event,
			struct pmi_inject *in)
{
	struct xu_pkg *p = xu_box_pkg(xu_event_box(event));
	u64 lost = READ_ONCE(p->lost);
	unsigned long end = jiffies + 2 * HZ;

	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(event->cpu, pmi_inject_m0_here,
							  in, true));
	KUNIT_ASSERT_EQ(test, 0, in->ret);
	while (READ_ONCE(p->lost) == lost) {
		KUNIT_ASSERT_TRUE_MSG(test, time_before(jiffies, end),
				      "the watchdog folded no lost PMI in 2 s");
		usleep_range(1000, 2000);
	}
}

/*
 * PMIs that never arrive.  The watchdog folds the overflow at its second
 * sight of the freeze, a tick (50 ms) after its first, and charges the
 * PMI budget from its last sight of the package counting: 50 ms or more,
 * where the walk itself takes microseconds.  At 5% the bucket holds
 * 5 ms and fills by at most 7.5 ms in those three ticks: below -30 ms
 * after.  The second lost PMI in a row stops the package's sampling:
 * the event is disabled, and the package counts, unfrozen.
 */
static void pmi_lost_pmis_are_charged_then_stop_sampling(struct kunit *test)
{
	struct pmi_samples ps = { .calls = ATOMIC_INIT(0) };
	struct xu_sim *sim = xu_test_sim(test);
	struct pmi_inject in = { .sim = sim, .n = 1000 };
	struct perf_event *event;
	unsigned long end;
	struct xu_pkg *p;

	xu_test_quiet_sim(test, sim);
	event = open_sampling(test, 1000, &ps);
	p = xu_box_pkg(xu_event_box(event));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_lost_reset, p));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_no_budget, p->uc));
	WRITE_ONCE(p->uc->pmi_max_percent, 5);
	xu_sim_set_deliver_pmi(sim, false);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_deliver_on, sim));

	inject_lost(test, event, &in);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), 1);
	KUNIT_EXPECT_LT(test, READ_ONCE(p->budget_left), -30 * (s64)NSEC_PER_MSEC);
	KUNIT_EXPECT_FALSE(test, READ_ONCE(p->pmi_lost));

	/* throttled by the debt: no budget, so that it starts a tick later */
	pmi_no_budget(p->uc);
	end = jiffies + 2 * HZ;
	while (READ_ONCE(event->hw.state) & PERF_HES_STOPPED) {
		KUNIT_ASSERT_TRUE_MSG(test, time_before(jiffies, end),
				      "event throttled for over 2 s");
		usleep_range(1000, 2000);
	}
	inject_lost(test, event, &in);
	KUNIT_EXPECT_EQ(test, atomic_read(&ps.calls), 2);
	/* (the watchdog counts the lost PMI before it stops the sampling) */
	end = jiffies + HZ;
	while (!READ_ONCE(p->pmi_lost) && time_before(jiffies, end))
		usleep_range(100, 200);
	KUNIT_EXPECT_TRUE(test, READ_ONCE(p->pmi_lost));
	end = jiffies + 2 * HZ;
	while (READ_ONCE(event->state) != PERF_EVENT_STATE_OFF) {
		KUNIT_ASSERT_TRUE_MSG(test, time_before(jiffies, end),
				      "event not disabled in 2 s: state %d",
				      READ_ONCE(event->state));
		usleep_range(1000, 2000);
	}
	KUNIT_EXPECT_TRUE(test, rd_module(test, NHMEX_U_GLOBAL_CTL) & NHMEX_U_GCTL_EN_ALL);
}

/* The CPUs pmi_cpus_go() took offline, for pmi_cpus_back() */
static struct {
	cpumask_t down;
	int err;
} pmi_gone;

static void pmi_cpus_back(void *unused)
{
	unsigned int cpu;

	for_each_cpu(cpu, &pmi_gone.down)
		add_cpu(cpu);
	cpumask_clear(&pmi_gone.down);
}

/*
 * xu_extra_check() once, as event_init calls it: every CPU of the box's
 * package goes offline first, as if the last went between event_init's
 * check of the package's CPU and its use
 */
static int pmi_cpus_go(struct xu_box *box, struct perf_event *event)
{
	struct kunit *test = kunit_get_current_test();
	unsigned int cpu;
	int err;

	kunit_deactivate_static_stub(test, xu_extra_check);
	for_each_online_cpu(cpu) {
		if (topology_logical_package_id(cpu) != box->pkg)
			continue;
		err = remove_cpu(cpu);
		if (err) {
			pmi_gone.err = err;
			break;
		}
		cpumask_set_cpu(cpu, &pmi_gone.down);
	}
	return xu_extra_check(box, event);
}

/*
 * The package's last CPU goes offline inside event_init: the event is
 * refused with -ENODEV (perf's check of the CPU it was given), never
 * given CPU -1, whose per-CPU context perf would index
 */
static void pmi_event_init_cpu_gone_is_enodev(struct kunit *test)
{
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_mbox_0");
	struct perf_event_attr attr;
	struct perf_event *event;
	int cpu;

	if (topology_max_packages() < 2)
		kunit_skip(test, "one package: its CPUs cannot all go offline");
	cpu = xu_test_cpu_of(test, 1);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, pmi_cpus_back, NULL));
	pmi_gone.err = 0;
	kunit_activate_static_stub(test, xu_extra_check, pmi_cpus_go);

	xu_test_attr(&attr, xp, CFG_CYCLES_WRAP);
	attr.sample_period = 100000;
	event = perf_event_create_kernel_counter(&attr, cpu, NULL, NULL, NULL);
	KUNIT_ASSERT_EQ(test, pmi_gone.err, 0);
	KUNIT_EXPECT_FALSE_MSG(test, cpumask_empty(&pmi_gone.down),
			       "the stub took no CPU of package 1 offline");
	KUNIT_EXPECT_EQ(test, READ_ONCE(xp->boxes[1].cpu), -1);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(event), -ENODEV);
	if (!IS_ERR(event))
		perf_event_release_kernel(event);

	pmi_cpus_back(NULL);
	KUNIT_EXPECT_GE(test, READ_ONCE(xp->boxes[1].cpu), 0);
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

static struct kunit_case xeon_uncore_pmi_cases[] = {
	KUNIT_CASE_PARAM(pmi_walk_one_mbox_counter, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_walk_one_ubox_counter, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_walk_charges_the_delivery, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_walk_several_counters_across_boxes, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_walk_all_counters_of_both_sockets, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_walk_rw1c_clears_exactly_the_flagged_bits, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_walk_status_outside_the_layout, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_walk_stuck_status_bit_is_left_out, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_not_ours_reads_status_and_writes_nothing, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_not_ours_on_the_module, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_no_event_nmi_makes_no_access, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_sampling_preloads_and_rearms_the_period, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_sampling_is_exact_over_50_overflows, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_nmi_comes_with_interrupts_off, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_stopped_sampling_event_clears_its_counter, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_sample_written_on_the_events_cpu, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_sample_written_after_the_unfreeze, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_deferred_sample_carries_the_time_of_its_fold, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_freq_sample_reports_the_period_that_ended, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_freq_steers_by_the_time_on_the_pmu, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_restarted_period_owes_no_sample, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_freq_stale_bit_steers_nothing, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_refresh_limit_holds_for_deferred_samples, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_deferred_samples_come_first, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_deferred_read_sample_is_one_snapshot, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_deferred_read_sample_without_room_is_one_snapshot, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_perf_stop_outlasts_the_throttle, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_overflow_in_the_unfreeze_window_is_taken, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_watchdog_unfreezes_a_frozen_package_with_clear_status, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_counting_folds_every_48_bit_wrap, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_counting_keeps_the_turn_between_two_wraps, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_counting_stopped_counter_has_not_turned, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_route_writes_a_one_hot_core_mask, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_two_cpus_take_each_pmi, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_foreign_nmi_reaches_the_unknown_path, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_free_waits_for_the_timer_csd, nx_gen_params),
	KUNIT_CASE(pmi_budget_fills_at_its_share),
	KUNIT_CASE_PARAM(pmi_event_init_cpu_gone_is_enodev, nx_gen_params),
	KUNIT_CASE_PARAM(pmi_lost_pmis_are_charged_then_stop_sampling, nx_gen_params),
	{}
};

static struct kunit_suite xeon_uncore_pmi_suite = {
	.name = "xeon_uncore_pmi",
	.suite_exit = xu_test_suite_exit,
	.test_cases = xeon_uncore_pmi_cases,
};

kunit_test_suite(xeon_uncore_pmi_suite);
