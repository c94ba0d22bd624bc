// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_e5_walk: the Ivy Bridge-EP overflow hierarchy walk.
 *
 * A private "ivbep" simulator (generator off, manual clock, PMI delivery
 * off) and a private uncore on it, whose PCI boxes the driver's own
 * discovery finds in the simulator's PCI domain; the test overflows
 * counters itself, calls xu_handle_pmi() and asserts every register the
 * walk reads and writes, in order, from the simulator's access log.  No
 * case registers a PMU, so none is parameterised by platform: the walk
 * is IVB-EP's, and one case checks that SNB-EP has none.
 *
 * Register images are literals from 329468 Tables 2-2..2-6 (U-Box global
 * control and status, box status, counter control), the E5 datasheet's
 * PmonCntrCfg, PmonUnitStatus and PCI device numbers, and the
 * U_MSR_PMON_GLOBAL_STATUS bit positions of include/xeon_uncore/snbep.h.
 */
#include <linux/err.h>
#include <linux/pci.h>
#include <linux/topology.h>

#include "private.h"
#include "xu_test.h"

/* U_MSR_PMON_GLOBAL_CTL (0xc00): pmi_core_sel core 0, wk_on_pmi */
#define GCTL_ROUTED		0x40000001ULL
/* ... and unfrz_all, as the walk ends */
#define GCTL_UNFREEZE		0x60000001ULL

/* Counter control: ev_sel 0x01, ov_en (20), en (22) */
#define CTL_EV1_OV		0x00500001ULL
/* iMC CAS_COUNT.RD: ev_sel 0x04, umask 0x03, ov_en, en */
#define CTL_CAS_RD_OV		0x00500304ULL
/* Fixed counter control (U-Box UCLK, iMC DCLK): ov_en, en */
#define FIXED_CTL_OV		0x00500000ULL

/* The largest counts, 2^44 - 1 and 2^48 - 1 */
#define MAX44			0xfffffffffffULL
#define MAX48			0xffffffffffffULL

/* U_MSR_PMON_GLOBAL_STATUS bits */
#define GS_U_FIXED		0x1ULL
#define GS_U			0x2ULL
#define GS_PCU			0x4ULL
#define GS_CBOX0		0x8ULL
#define GS_HA1			0x80000ULL
#define GS_IMC0			0x100000ULL
#define GS_IMC1			0x200000ULL
#define GS_QPI0			0x400000ULL

/* PCI functions on each socket's bus (device.function) */
#define DF_HA1			PCI_DEVFN(28, 1)
#define DF_IMC0			PCI_DEVFN(16, 4)
#define DF_IMC1			PCI_DEVFN(16, 5)
#define DF_IMC2			PCI_DEVFN(16, 0)
#define DF_IMC3			PCI_DEVFN(16, 1)
#define DF_IMC4			PCI_DEVFN(30, 4)
#define DF_IMC5			PCI_DEVFN(30, 5)
#define DF_IMC6			PCI_DEVFN(30, 0)
#define DF_IMC7			PCI_DEVFN(30, 1)
#define DF_QPI0			PCI_DEVFN(8, 2)
#define DF_QPI2			PCI_DEVFN(24, 2)
#define DF_R3QPI2		PCI_DEVFN(18, 5)
#define DF_IRP			PCI_DEVFN(5, 6)

/* PmonUnitStatus, RW1C */
#define PCI_STATUS_OFF		0xf8

static struct xu_test_private *walk_of(struct kunit *test)
{
	return test->priv;
}

/* A CPU of package 0's lowest core (core index 0), or -1 */
static int e5w_cpu_of_core0(void)
{
	int cpu, best = -1;

	for_each_online_cpu(cpu) {
		if (topology_logical_package_id(cpu) != 0)
			continue;
		if (best < 0 || topology_core_id(cpu) < topology_core_id(best))
			best = cpu;
	}
	return best;
}

static struct xu_pmu *e5w_pmu(struct kunit *test, const char *name)
{
	return xu_test_private_pmu(test, walk_of(test), name);
}

/*
 * The IVB-EP walk's setting: every box of every package set up by the
 * driver's init_box, package 0's PMIs routed to its core 0 (pmi_core_sel
 * 0x1, wk_on_pmi) and unfrozen
 */
static void ivb_setup(struct kunit *test)
{
	struct xu_test_private *w =
		xu_test_private_create(test, &xu_test_platforms[XU_TEST_I_IVBEP], 0);
	const struct xu_global_ops *g = w->uc.plat->global;
	unsigned int i, pkg;
	int cpu;

	KUNIT_ASSERT_TRUE(test, w->uc.pmi);
	for (i = 0; i < w->uc.num_pmus; i++) {
		struct xu_pmu *xp = &w->uc.pmus[i];

		for (pkg = 0; pkg < w->uc.num_pkgs; pkg++) {
			struct xu_box *box = &xp->boxes[pkg];

			KUNIT_ASSERT_TRUE_MSG(test, xu_box_here(box),
					      "%s: no PCI function on package %u",
					      xp->name, pkg);
			KUNIT_ASSERT_EQ_MSG(test, 0, xp->type->ops->init_box(box),
					    "%s init_box", xp->name);
		}
	}
	cpu = e5w_cpu_of_core0();
	KUNIT_ASSERT_GE(test, cpu, 0);
	g->route(&w->uc.pmus[0].boxes[0], xu_core_index(cpu));
	KUNIT_ASSERT_EQ(test, xu_test_sim_rd(test, w->sim, 0, 0xc00), GCTL_ROUTED);
	xu_test_sim_wr(test, w->sim, 0, 0xc00, GCTL_UNFREEZE);
	KUNIT_ASSERT_EQ(test, xu_test_sim_rd(test, w->sim, 0, 0xc01), 0ULL);
	KUNIT_ASSERT_EQ(test, xu_sim_violations(w->sim), 0ULL);
}

/*
 * Overflow a counter of socket 0 with one injected event, its package
 * unfrozen first so that overflows add up; the last one leaves the
 * package frozen, as a PMI finds it
 */
static void msr_overflow(struct kunit *test, u32 ctl, u64 ctl_val, u32 ctr,
			 u64 max, const char *box, unsigned int idx,
			 unsigned int event)
{
	struct xu_sim *sim = walk_of(test)->sim;

	xu_test_sim_wr(test, sim, 0, 0xc00, GCTL_UNFREEZE);
	xu_test_sim_wr(test, sim, 0, ctl, ctl_val);
	xu_test_sim_wr(test, sim, 0, ctr, max);
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, 0, box, idx, event,
					       XU_SIM_SUB_ANY, 1));
}

static void pci_wr(struct kunit *test, unsigned int devfn, u32 off, u32 val)
{
	KUNIT_ASSERT_EQ_MSG(test, 0,
			    xu_sim_pci_write(walk_of(test)->sim, 0, devfn, off, val),
			    "write of %02x.%x %#x", PCI_SLOT(devfn),
			    PCI_FUNC(devfn), off);
}

static u32 pci_rd(struct kunit *test, unsigned int devfn, u32 off)
{
	u32 val = 0;

	KUNIT_ASSERT_EQ_MSG(test, 0,
			    xu_sim_pci_read(walk_of(test)->sim, 0, devfn, off, &val),
			    "read of %02x.%x %#x", PCI_SLOT(devfn),
			    PCI_FUNC(devfn), off);
	return val;
}

/* The same for a PCI box's counter: its low dword at @ctr, high at + 4 */
static void pci_overflow(struct kunit *test, unsigned int devfn, u32 ctl,
			 u32 ctl_val, u32 ctr, u64 max, const char *box,
			 unsigned int idx, unsigned int event)
{
	struct xu_sim *sim = walk_of(test)->sim;

	xu_test_sim_wr(test, sim, 0, 0xc00, GCTL_UNFREEZE);
	pci_wr(test, devfn, ctl, ctl_val);
	pci_wr(test, devfn, ctr, lower_32_bits(max));
	pci_wr(test, devfn, ctr + 4, upper_32_bits(max));
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, 0, box, idx, event,
					       XU_SIM_SUB_ANY, 1));
}

/* Walk package 0 as its PMI would, recording the accesses */
static int walk(struct kunit *test, unsigned int *n)
{
	struct xu_test_private *w = walk_of(test);
	int ret;

	xu_sim_log_start(w->sim);
	ret = xu_handle_pmi(&w->uc, 0, NULL);
	*n = xu_sim_log_stop(w->sim, w->log);
	return ret;
}

#define R(m, v)		{ .write = false, .msr = m, .val = v }
#define W(m, v)		{ .write = true, .msr = m, .val = v }
#define PR(df, o, v)	{ .write = false, .pci = true, .devfn = df, .msr = o, .val = v }
#define PW(df, o, v)	{ .write = true, .pci = true, .devfn = df, .msr = o, .val = v }

static void expect_log(struct kunit *test, unsigned int n,
		       const struct xu_sim_access *want, unsigned int n_want)
{
	const struct xu_sim_access *log = walk_of(test)->log;
	unsigned int i;

	KUNIT_EXPECT_EQ(test, n, n_want);
	for (i = 0; i < min3(n, n_want, (unsigned int)XU_SIM_LOG_LEN); i++) {
		KUNIT_EXPECT_EQ_MSG(test, log[i].write, want[i].write, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log[i].socket, 0U, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log[i].pci, want[i].pci, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log[i].devfn, want[i].devfn, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log[i].msr, want[i].msr, "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log[i].val, want[i].val, "access %u", i);
	}
}

/* After the walk: the global status clear, no reserved bit written */
static void expect_clear(struct kunit *test)
{
	struct xu_sim *sim = walk_of(test)->sim;

	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, 0xc01), 0ULL);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, 0xc00), GCTL_ROUTED);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 0ULL);
}

/* (a) one iMC channel counter: its controller's four channels are read */
static void e5_walk_imc_counter(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, GS_IMC0),
		PR(DF_IMC0, PCI_STATUS_OFF, 0x2),	/* counter 0: bit 1 */
		PW(DF_IMC0, PCI_STATUS_OFF, 0x2),
		PR(DF_IMC1, PCI_STATUS_OFF, 0x0),
		PR(DF_IMC2, PCI_STATUS_OFF, 0x0),
		PR(DF_IMC3, PCI_STATUS_OFF, 0x0),
		/* QPI 2, R3QPI 2, IRP: no known global bit, no events, not read */
		W(0xc01, GS_IMC0),
		W(0xc00, GCTL_UNFREEZE),
	};
	unsigned int n;

	ivb_setup(test);
	/* imc_0 (16.4) counter 0: control 0xd8, counter 0xa0 */
	pci_overflow(test, DF_IMC0, 0xd8, CTL_CAS_RD_OV, 0xa0, MAX48, "imc", 0, 0x04);
	KUNIT_ASSERT_EQ(test, pci_rd(test, DF_IMC0, PCI_STATUS_OFF), 0x2U);

	KUNIT_EXPECT_EQ(test, walk(test, &n), 1);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
	KUNIT_EXPECT_EQ(test, pci_rd(test, DF_IMC0, PCI_STATUS_OFF), 0x0U);
}

/* The DCLK fixed counter's status bit is bit 0; channel 5, controller 1 */
static void e5_walk_imc_fixed_counter(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, GS_IMC1),
		PR(DF_IMC4, PCI_STATUS_OFF, 0x0),
		PR(DF_IMC5, PCI_STATUS_OFF, 0x1),
		PW(DF_IMC5, PCI_STATUS_OFF, 0x1),
		PR(DF_IMC6, PCI_STATUS_OFF, 0x0),
		PR(DF_IMC7, PCI_STATUS_OFF, 0x0),
		/* QPI 2, R3QPI 2, IRP: no known global bit, no events, not read */
		W(0xc01, GS_IMC1),
		W(0xc00, GCTL_UNFREEZE),
	};
	unsigned int n;

	ivb_setup(test);
	/* imc_5 (30.5): fixed control 0xf0, counter 0xd0 */
	pci_overflow(test, DF_IMC5, 0xf0, FIXED_CTL_OV, 0xd0, MAX48, "imc", 5, 0xff);

	KUNIT_EXPECT_EQ(test, walk(test, &n), 1);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
}

/* (b) a C-Box has no box status: its global bit is all there is */
static void e5_walk_cbox_counter(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, GS_CBOX0),
		/* QPI 2, R3QPI 2, IRP: no known global bit, no events, not read */
		W(0xc01, GS_CBOX0),
		W(0xc00, GCTL_UNFREEZE),
	};
	unsigned int n;

	ivb_setup(test);
	/* C-Box 0 counter 2: control 0xd12, counter 0xd18, 44 bits */
	msr_overflow(test, 0xd12, CTL_EV1_OV, 0xd18, MAX44, "cbox", 0, 0x01);

	KUNIT_EXPECT_EQ(test, walk(test, &n), 1);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
}

/* (b) the U-Box's UCLK counter has no box status bit, a global bit of its own */
static void e5_walk_ubox_fixed_counter(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, GS_U_FIXED),
		/* QPI 2, R3QPI 2, IRP: no known global bit, no events, not read */
		W(0xc01, GS_U_FIXED),
		W(0xc00, GCTL_UNFREEZE),
	};
	unsigned int n;

	ivb_setup(test);
	/* U_MSR_PMON_UCLK_FIXED_CTL 0xc08, _CTR 0xc09 */
	msr_overflow(test, 0xc08, FIXED_CTL_OV, 0xc09, MAX48, "ubox", 0, 0xff);
	KUNIT_ASSERT_EQ(test, xu_test_sim_rd(test, walk_of(test)->sim, 0, 0xc15), 0ULL);

	KUNIT_EXPECT_EQ(test, walk(test, &n), 1);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
}

/* The U-Box general counters report in U_MSR_PMON_BOX_STATUS (0xc15) */
static void e5_walk_ubox_counter(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, GS_U),
		R(0xc15, 0x2),
		W(0xc15, 0x2),
		/* QPI 2, R3QPI 2, IRP: no known global bit, no events, not read */
		W(0xc01, GS_U),
		W(0xc00, GCTL_UNFREEZE),
	};
	unsigned int n;

	ivb_setup(test);
	/* counter 1: control 0xc11, counter 0xc17 */
	msr_overflow(test, 0xc11, CTL_EV1_OV, 0xc17, MAX44, "ubox", 0, 0x01);

	KUNIT_EXPECT_EQ(test, walk(test, &n), 1);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, walk_of(test)->sim, 0, 0xc15), 0ULL);
}

/* (c) two boxes at once, an MSR one and a PCI one */
static void e5_walk_pcu_and_qpi(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, GS_PCU | GS_QPI0),
		R(0xc35, 0x1),				/* PCU counter 0 */
		W(0xc35, 0x1),
		PR(DF_QPI0, PCI_STATUS_OFF, 0x2),	/* QPI 0 counter 1 */
		PW(DF_QPI0, PCI_STATUS_OFF, 0x2),
		/* QPI 2, R3QPI 2, IRP: no known global bit, no events, not read */
		W(0xc01, GS_PCU | GS_QPI0),
		W(0xc00, GCTL_UNFREEZE),
	};
	unsigned int n;

	ivb_setup(test);
	/* PCU counter 0: control 0xc30, counter 0xc36, 48 bits */
	msr_overflow(test, 0xc30, CTL_EV1_OV, 0xc36, MAX48, "pcu", 0, 0x01);
	/* QPI port 0 (8.2) counter 1: control 0xdc, counter 0xa8 */
	pci_overflow(test, DF_QPI0, 0xdc, CTL_EV1_OV, 0xa8, MAX48, "qpi", 0, 0x01);
	KUNIT_ASSERT_EQ(test, xu_test_sim_rd(test, walk_of(test)->sim, 0, 0xc01),
			GS_PCU | GS_QPI0);

	KUNIT_EXPECT_EQ(test, walk(test, &n), 2);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, walk_of(test)->sim, 0, 0xc35), 0ULL);
	KUNIT_EXPECT_EQ(test, pci_rd(test, DF_QPI0, PCI_STATUS_OFF), 0x0U);
}

/*
 * (c) the IRP has no known global bit: with no events it is not read on
 * the first pass, but the bit the hardware set for it (the simulator: bit
 * 29) stays unexplained, so every box whose report is a guess is read,
 * and that bit acked as one no box explains
 */
static void e5_walk_irp_without_global_bit(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, 0x20000000),
		PR(DF_QPI2, PCI_STATUS_OFF, 0x0),
		PR(DF_R3QPI2, PCI_STATUS_OFF, 0x0),
		PR(DF_IRP, PCI_STATUS_OFF, 0x8),	/* counter 3 */
		PW(DF_IRP, PCI_STATUS_OFF, 0x8),
		W(0xc01, 0x20000000),
		/* read again: a bit no box explained that the ack left set is stuck */
		R(0xc01, 0x0),
		W(0xc00, GCTL_UNFREEZE),
	};
	unsigned int n;

	ivb_setup(test);
	/* IRP (5.6) counter 3: control 0xe4, counter 0xc0 */
	pci_overflow(test, DF_IRP, 0xe4, CTL_EV1_OV, 0xc0, MAX48, "irp", 0, 0x01);

	/* claimed; the box's bit and the unexplained global bit */
	KUNIT_EXPECT_EQ(test, walk(test, &n), 2);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
	KUNIT_EXPECT_EQ(test, pci_rd(test, DF_IRP, PCI_STATUS_OFF), 0x0U);
}

/*
 * (c) a box with no known global bit is read on every walk while it has
 * events (here the IRP's, beside a C-Box overflow)
 */
static void e5_walk_reads_a_box_without_bit_that_has_events(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, GS_CBOX0),
		PR(DF_IRP, PCI_STATUS_OFF, 0x0),
		W(0xc01, GS_CBOX0),
		W(0xc00, GCTL_UNFREEZE),
	};
	struct xu_box *irp;
	unsigned int n;

	ivb_setup(test);
	irp = &e5w_pmu(test, "uncore_irp")->boxes[0];
	/* as if an event were in it: the walk only asks how many */
	irp->n_events = 1;
	msr_overflow(test, 0xd12, CTL_EV1_OV, 0xd18, MAX44, "cbox", 0, 0x01);

	KUNIT_EXPECT_EQ(test, walk(test, &n), 1);
	irp->n_events = 0;
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
}

/*
 * (d) a global status bit whose box status is clear (HA 1's, its box
 * status cleared behind the driver's back): acked and counted
 */
static void e5_walk_unexplained_bit(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, GS_HA1),
		PR(DF_HA1, PCI_STATUS_OFF, 0x0),
		/* a bit left unexplained: every box whose report is a guess */
		PR(DF_QPI2, PCI_STATUS_OFF, 0x0),
		PR(DF_R3QPI2, PCI_STATUS_OFF, 0x0),
		PR(DF_IRP, PCI_STATUS_OFF, 0x0),
		W(0xc01, GS_HA1),
		/* read again: a bit no box explained that the ack left set is stuck */
		R(0xc01, 0x0),
		W(0xc00, GCTL_UNFREEZE),
	};
	unsigned int n;

	ivb_setup(test);
	/* HA 1 (28.1) counter 0: control 0xd8, counter 0xa0 */
	pci_overflow(test, DF_HA1, 0xd8, CTL_EV1_OV, 0xa0, MAX48, "ha", 1, 0x01);
	pci_wr(test, DF_HA1, PCI_STATUS_OFF, 0x1);
	KUNIT_ASSERT_EQ(test, pci_rd(test, DF_HA1, PCI_STATUS_OFF), 0x0U);

	KUNIT_EXPECT_EQ(test, walk(test, &n), 1);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
}

/*
 * (d) a C-Box the driver has no PMU for (one per core: a package with
 * fewer than 15 cores): its bit is acked and counted all the same
 */
static void e5_walk_bit_of_no_box(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, 0x20000),			/* C-Box 14 */
		/* a bit left unexplained: every box whose report is a guess */
		PR(DF_QPI2, PCI_STATUS_OFF, 0x0),
		PR(DF_R3QPI2, PCI_STATUS_OFF, 0x0),
		PR(DF_IRP, PCI_STATUS_OFF, 0x0),
		W(0xc01, 0x20000),
		/* read again: a bit no box explained that the ack left set is stuck */
		R(0xc01, 0x0),
		W(0xc00, GCTL_UNFREEZE),
	};
	unsigned int i, n;

	ivb_setup(test);
	for (i = 0; i < walk_of(test)->uc.num_pmus; i++)
		if (!strcmp(walk_of(test)->uc.pmus[i].name, "uncore_cbox_14"))
			kunit_skip(test, "the package has 15 cores: every C-Box has a PMU");
	/* C-Box 14 counter 0: control 0xd04 + 14 * 0x20 + 0xc = 0xed0 */
	msr_overflow(test, 0xed0, CTL_EV1_OV, 0xed6, MAX44, "cbox", 14, 0x01);

	KUNIT_EXPECT_EQ(test, walk(test, &n), 1);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
}

/* Nothing pending: one read, no write, not claimed */
static void e5_walk_not_ours(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		R(0xc01, 0x0),
	};
	unsigned int n;

	ivb_setup(test);
	KUNIT_EXPECT_EQ(test, walk(test, &n), 0);
	expect_log(test, n, want, ARRAY_SIZE(want));
	expect_clear(test);
}

/* The private uncore's PCI boxes are the private simulator's functions */
static void e5_walk_finds_the_private_pci_boxes(struct kunit *test)
{
	struct xu_box *imc0, *irp;

	ivb_setup(test);
	imc0 = &e5w_pmu(test, "uncore_imc_0")->boxes[0];
	irp = &e5w_pmu(test, "uncore_irp")->boxes[0];
	KUNIT_ASSERT_NOT_NULL(test, imc0->pdev);
	KUNIT_ASSERT_NOT_NULL(test, irp->pdev);
	KUNIT_EXPECT_EQ(test, pci_domain_nr(imc0->pdev->bus),
			xu_sim_pci_domain(walk_of(test)->sim));
	KUNIT_EXPECT_EQ(test, imc0->pdev->devfn, (unsigned int)DF_IMC0);
	KUNIT_EXPECT_EQ(test, imc0->pdev->device, 0x0eb4);
	KUNIT_EXPECT_EQ(test, irp->pdev->devfn, (unsigned int)DF_IRP);
	KUNIT_EXPECT_EQ(test, irp->pdev->device, 0x0e39);
}

/* SNB-EP has no PMI: no global ops, and the uncore polls */
static void e5_walk_snbep_has_no_global(struct kunit *test)
{
	struct xu_test_private *w =
		xu_test_private_create(test, &xu_test_platforms[XU_TEST_I_SNBEP], 0);
	struct xu_box *imc0;

	KUNIT_EXPECT_NULL(test, w->uc.plat->global);
	KUNIT_EXPECT_FALSE(test, w->uc.pmi);
	imc0 = &e5w_pmu(test, "uncore_imc_0")->boxes[0];
	KUNIT_ASSERT_NOT_NULL(test, imc0->pdev);
	KUNIT_EXPECT_EQ(test, imc0->pdev->device, 0x3cb0);
	KUNIT_EXPECT_TRUE(test, e5w_pmu(test, "uncore_imc_0")->pmu.capabilities &
			  PERF_PMU_CAP_NO_INTERRUPT);
}

/*
 * (e) init_box clears a box's overflow status, as a stale bit (left by a
 * previous user, or by a counter that wrapped without the driver) would
 * read as a wrap at the first walk and add 2^48 to a counting event
 */
static void e5_walk_init_clears_stale_status(struct kunit *test)
{
	struct xu_box *imc0, *pcu;

	ivb_setup(test);
	imc0 = &e5w_pmu(test, "uncore_imc_0")->boxes[0];
	pcu = &e5w_pmu(test, "uncore_pcu")->boxes[0];
	pci_overflow(test, DF_IMC0, 0xd8, CTL_CAS_RD_OV, 0xa0, MAX48, "imc", 0, 0x04);
	msr_overflow(test, 0xc30, CTL_EV1_OV, 0xc36, MAX48, "pcu", 0, 0x01);
	KUNIT_ASSERT_EQ(test, pci_rd(test, DF_IMC0, PCI_STATUS_OFF), 0x2U);
	KUNIT_ASSERT_EQ(test, xu_test_sim_rd(test, walk_of(test)->sim, 0, 0xc35), 0x1ULL);

	KUNIT_EXPECT_EQ(test, imc0->pmu->type->ops->init_box(imc0), 0);
	KUNIT_EXPECT_EQ(test, pcu->pmu->type->ops->init_box(pcu), 0);
	KUNIT_EXPECT_EQ(test, pci_rd(test, DF_IMC0, PCI_STATUS_OFF), 0x0U);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, walk_of(test)->sim, 0, 0xc35), 0ULL);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(walk_of(test)->sim), 0ULL);
}

/*
 * A PCI counter read: its low dword, then its high one, 2 configuration
 * reads as mainline's; a third (the low dword again) only with the low
 * dword near its top, where a carry could fall between the two
 */
static void e5_walk_counter_read_takes_two_dwords(struct kunit *test)
{
	static const struct xu_sim_access want[] = {
		PR(DF_IMC0, 0xa0, 0x89abcdef),
		PR(DF_IMC0, 0xa4, 0x1234),
	};
	static const struct xu_sim_access want_top[] = {
		PR(DF_IMC0, 0xa0, 0xfffffff0),
		PR(DF_IMC0, 0xa4, 0x1234),
		PR(DF_IMC0, 0xa0, 0xfffffff0),
	};
	struct xu_test_private *w;
	struct xu_box *imc0;
	unsigned int n;
	u64 val = 0;

	ivb_setup(test);
	w = walk_of(test);
	imc0 = &e5w_pmu(test, "uncore_imc_0")->boxes[0];
	/* the counter stands still: its control is 0, the generator off */
	pci_wr(test, DF_IMC0, 0xa0, 0x89abcdef);
	pci_wr(test, DF_IMC0, 0xa4, 0x1234);
	xu_sim_log_start(w->sim);
	KUNIT_EXPECT_EQ(test, xu_ctr_read(imc0, 0, &val), 0);
	n = xu_sim_log_stop(w->sim, w->log);
	KUNIT_EXPECT_EQ(test, val, 0x123489abcdefULL);
	expect_log(test, n, want, ARRAY_SIZE(want));

	pci_wr(test, DF_IMC0, 0xa0, 0xfffffff0);
	xu_sim_log_start(w->sim);
	KUNIT_EXPECT_EQ(test, xu_ctr_read(imc0, 0, &val), 0);
	n = xu_sim_log_stop(w->sim, w->log);
	KUNIT_EXPECT_EQ(test, val, 0x1234fffffff0ULL);
	expect_log(test, n, want_top, ARRAY_SIZE(want_top));
}

/* Has @pdev a driver_override (the driver's hold, compat.c xu_pci_hold())? */
static bool e5w_held(struct pci_dev *pdev)
{
#ifdef XU_HAVE_DEVICE_DRIVER_OVERRIDE
	bool held;

	/* (device_has_driver_override()'s guard() is opaque to sparse) */
	spin_lock(&pdev->dev.driver_override.lock);
	held = pdev->dev.driver_override.name;
	spin_unlock(&pdev->dev.driver_override.lock);
	return held;
#else
	return pdev->driver_override;
#endif
}

/*
 * A QPI port's match/mask place (function 6 of its device) holding a
 * function that is not the match/mask one (the simulator's foreign
 * filter: another device ID, no match/mask registers): the driver takes
 * the port's counters but not that function, so it neither holds it
 * (driver_override) nor writes it, on every port of both generations.
 * With the match/mask functions in place, each port has its filter, of
 * the ID linux-source-6.12 uncore_snbep.c gives it (ports 0 and 1) or
 * likwid's (IVB-EP port 2).
 */
static void e5_walk_qpi_foreign_filter_function(struct kunit *test)
{
	static const struct {
		unsigned int pf;
		const char *pmu;
		unsigned int slot;
		u16 filter_id;
	} ports[] = {
		{ XU_TEST_I_SNBEP, "uncore_qpi_0", 8, 0x3c86 },
		{ XU_TEST_I_SNBEP, "uncore_qpi_1", 9, 0x3c96 },
		{ XU_TEST_I_IVBEP, "uncore_qpi_0", 8, 0x0e86 },
		{ XU_TEST_I_IVBEP, "uncore_qpi_1", 9, 0x0e96 },
		{ XU_TEST_I_IVBEP, "uncore_qpi_2", 24, 0x0ec6 },
	};
	unsigned int i, pkg;
	bool foreign;

	for (i = 0; i < ARRAY_SIZE(ports) * 2; i++) {
		unsigned int k = i % ARRAY_SIZE(ports);
		struct xu_test_private *w;
		struct xu_pmu *xp;

		foreign = i >= ARRAY_SIZE(ports);
		w = xu_test_private_create(test, &xu_test_platforms[ports[k].pf],
					   XU_TEST_PRIV_INIT |
					   (foreign ? XU_TEST_PRIV_FOREIGN : 0));
		xp = xu_test_private_pmu(test, w, ports[k].pmu);
		for (pkg = 0; pkg < w->uc.num_pkgs; pkg++) {
			struct xu_box *box = &xp->boxes[pkg];
			struct pci_dev *fn;

			KUNIT_EXPECT_NOT_NULL_MSG(test, box->pdev, "%s package %u",
						  xp->name, pkg);
			fn = xu_sim_pci_dev(w->sim, pkg, PCI_DEVFN(ports[k].slot, 6));
			KUNIT_ASSERT_NOT_NULL(test, fn);
			if (foreign) {
				KUNIT_EXPECT_NE(test, fn->device, ports[k].filter_id);
				KUNIT_EXPECT_NULL_MSG(test, box->fdev,
						      "%s package %u took %04x",
						      xp->name, pkg, fn->device);
				KUNIT_EXPECT_FALSE_MSG(test, e5w_held(fn),
						       "%s package %u holds %04x",
						       xp->name, pkg, fn->device);
			} else {
				KUNIT_EXPECT_PTR_EQ_MSG(test, box->fdev, fn,
							"%s package %u", xp->name, pkg);
				KUNIT_EXPECT_EQ(test, fn->device, ports[k].filter_id);
			}
			pci_dev_put(fn);
		}
		/* init_box wrote nothing where the simulator has no register */
		KUNIT_EXPECT_EQ_MSG(test, xu_sim_violations(w->sim), 0ULL,
				    "%s, foreign %d", xp->name, foreign);
	}
}

static struct kunit_case e5_walk_cases[] = {
	KUNIT_CASE(e5_walk_finds_the_private_pci_boxes),
	KUNIT_CASE(e5_walk_imc_counter),
	KUNIT_CASE(e5_walk_imc_fixed_counter),
	KUNIT_CASE(e5_walk_cbox_counter),
	KUNIT_CASE(e5_walk_ubox_fixed_counter),
	KUNIT_CASE(e5_walk_ubox_counter),
	KUNIT_CASE(e5_walk_pcu_and_qpi),
	KUNIT_CASE(e5_walk_irp_without_global_bit),
	KUNIT_CASE(e5_walk_reads_a_box_without_bit_that_has_events),
	KUNIT_CASE(e5_walk_unexplained_bit),
	KUNIT_CASE(e5_walk_bit_of_no_box),
	KUNIT_CASE(e5_walk_not_ours),
	KUNIT_CASE(e5_walk_snbep_has_no_global),
	KUNIT_CASE(e5_walk_init_clears_stale_status),
	KUNIT_CASE(e5_walk_counter_read_takes_two_dwords),
	KUNIT_CASE(e5_walk_qpi_foreign_filter_function),
	{}
};

static struct kunit_suite e5_walk_suite = {
	.name = "xeon_e5_walk",
	.test_cases = e5_walk_cases,
};

kunit_test_suite(e5_walk_suite);
