// SPDX-License-Identifier: GPL-2.0-only
/*
 * Every guess fails safe: the simulator with wrong guesses
 * (xu_sim_set_wrong_guesses(), Documentation/simulator.rst "Wrong
 * guesses") and with the registers a previous owner left
 * (xu_sim_stale()).
 *
 * xeon_uncore_guess (the Xeon 7500 / E7) and xeon_e5_guess (the E5 v2 and
 * E5): counts through the real perf path on the case's simulator
 * (xu_test_sim()), with its guesses wrong, are exact over several wraps of the
 * counter, whether the PMI folds them (a known overflow report, no
 * watchdog fold) or the poll timer does (a report that rests on a guess),
 * and no package is left frozen.  On private simulators of every model:
 * the driver's initialisation clears a stale register file, and the walk
 * finds an overflow the hardware reported where the driver did not guess.
 */
#include <linux/err.h>
#include <linux/pci.h>
#include <linux/topology.h>

#include <xeon_uncore/nhmex.h>
#include <xeon_uncore/snbep.h>

#include "private.h"
#include "xu_test.h"

/* A counter's range in 8 steps: 5 steps pass the wrap 3 times */
#define STEPS		5

static void guess_right_again(void *sim)
{
	xu_sim_set_wrong_guesses(sim, false);
}

static void guess_generator_on(void *sim)
{
	xu_sim_set_generator(sim, true);
}

/* The case's simulator, quiet, with every guess wrong until the test ends */
static struct xu_sim *guess_sim(struct kunit *test, bool e5)
{
	struct xu_sim *sim = xu_test_sim(test);

	if (e5) {
		xu_sim_set_generator(sim, false);
		KUNIT_ASSERT_EQ(test, 0,
				kunit_add_action_or_reset(test, guess_generator_on, sim));
	} else {
		xu_test_quiet_sim(test, sim);
	}
	xu_sim_set_wrong_guesses(sim, true);
	KUNIT_ASSERT_EQ(test, 0,
			kunit_add_action_or_reset(test, guess_right_again, sim));
	return sim;
}

/*
 * Write every counter of @xp's box in @pkg (the fixed one too) @below
 * events below its wrap
 */
static void preload(struct kunit *test, struct xu_sim *sim, struct xu_pmu *xp,
		    unsigned int pkg, u64 below)
{
	const struct xu_box_type *t = xp->type;
	struct xu_box *box = &xp->boxes[pkg];
	unsigned int i;

	for (i = 0; i < xu_num_ctrs(t); i++) {
		u64 val = BIT_ULL(xu_ctr_bits(t, i)) - below;
		u32 reg = xu_ctr_reg(box, i);

		if (t->access == XU_MSR) {
			KUNIT_ASSERT_EQ(test, 0, xu_sim_write(sim, pkg, reg, val));
			continue;
		}
		KUNIT_ASSERT_NOT_NULL(test, box->pdev);
		KUNIT_ASSERT_EQ(test, 0, pci_write_config_dword(box->pdev, reg,
								lower_32_bits(val)));
		KUNIT_ASSERT_EQ(test, 0, pci_write_config_dword(box->pdev, reg + 4,
								upper_32_bits(val)));
	}
}

/* Clear what overflow status a polled counter left in its box (no PMI walks it) */
static void clear_status(struct kunit *test, struct xu_sim *sim,
			 struct xu_pmu *xp, unsigned int pkg)
{
	const struct xu_box_type *t = xp->type;
	struct xu_box *box = &xp->boxes[pkg];
	u64 sts;

	if (!t->status0 || t->access != XU_MSR)
		return;
	sts = xu_test_sim_rd(test, sim, pkg, xu_box_reg(box, t->status0));
	if (sts)
		xu_test_sim_wr(test, sim, pkg, xu_box_reg(box, t->ovf0), sts);
}

/*
 * Does a PMI the driver routes reach a core with wrong guesses?  The
 * Xeon 7500's pmi_core_sel is then a core number: the one-hot mask of
 * core n names core 2^n, which the package may not have; the watchdog
 * then folds, as documented.
 */
static bool pmi_reaches(unsigned int pkg, bool e5)
{
	struct xu_uncore *uc = xu_uncore_instance();
	int cpu = READ_ONCE(uc->pmus[0].boxes[pkg].cpu), c;
	unsigned int target, cores = 0;

	if (e5)
		return true;
	if (cpu < 0)
		return false;
	target = BIT(xu_core_index(cpu));
	for_each_online_cpu(c)
		if (topology_logical_package_id(c) == pkg &&
		    xu_core_index(c) == target)
			cores++;
	return cores;
}

struct guess_case {
	const char *pmu;
	u64 config;
	const char *box;	/* for xu_sim_inject() */
	unsigned int idx;
	unsigned int event;
	bool guessed;		/* its overflow report is a guess: polled */
	bool e5;
	unsigned int models;	/* the platforms that have the PMU; 0: all */
};

static void guess_case_desc(const void *row, char *desc)
{
	const struct guess_case *c = row;

	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s/config=%#llx/%s", c->pmu,
		 c->config, c->guessed ? "guessed" : "known");
}

static unsigned int guess_case_models(const void *row)
{
	const struct guess_case *c = row;

	return c->models ?: ~0U;
}

/*
 * Open a counting event on @c's PMU in package 0 with its counters 2^16
 * below the wrap, and inject 5/8 of the counter's range 5 times: the
 * count is exact after each step, the package counts again, and for a
 * known report no PMI was lost to the watchdog.
 */
static void guess_count(struct kunit *test, const struct guess_case *c)
{
	struct xu_sim *sim = guess_sim(test, c->e5);
	struct xu_pmu *xp = xu_test_pmu(test, c->pmu);
	struct xu_uncore *uc = xu_uncore_instance();
	struct perf_event_attr attr;
	struct perf_event *event;
	unsigned int i, width;
	u64 step, lost, e, r;
	int idx;

	preload(test, sim, xp, 0, 0x10000);
	xu_test_attr(&attr, xp, c->config);
	event = xu_test_open(test, xp, 0, &attr);
	idx = READ_ONCE(event->hw.idx);
	KUNIT_ASSERT_GE(test, idx, 0);
	width = xu_ctr_bits(xp->type, idx);

	/* a counting event has the PMI enable exactly where it is no guess */
	if (uc->plat->global)
		KUNIT_EXPECT_EQ(test, !!(event->hw.config & xp->type->ctl_pmi),
				!c->guessed);

	step = BIT_ULL(width) / 8 * 5;
	lost = uc->pkgs[0].lost;
	for (i = 1; i <= STEPS; i++) {
		KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, 0, c->box, c->idx,
						       c->event, XU_SIM_SUB_ANY, step));
		if (!c->guessed)
			xu_test_settle(test, sim, 0, c->e5);
		KUNIT_EXPECT_EQ_MSG(test, perf_event_read_value(event, &e, &r),
				    i * step, "%s after %u steps", c->pmu, i);
	}
	if (c->guessed)
		clear_status(test, sim, xp, 0);
	/* counting again: nothing left frozen */
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, 0, c->box, c->idx, c->event,
					       XU_SIM_SUB_ANY, 3));
	if (!c->guessed)
		xu_test_settle(test, sim, 0, c->e5);
	KUNIT_EXPECT_EQ(test, perf_event_read_value(event, &e, &r), STEPS * step + 3);
	if (!c->e5)
		KUNIT_EXPECT_NE(test, xu_test_sim_rd(test, sim, 0, NHMEX_U_GLOBAL_CTL) &
				NHMEX_U_GCTL_EN_ALL, 0ULL);
	if (!c->guessed && pmi_reaches(0, c->e5))
		KUNIT_EXPECT_EQ_MSG(test, uc->pkgs[0].lost, lost,
				    "%s: the watchdog folded an overflow", c->pmu);
}

/* ---- xeon_uncore_guess: the Xeon 7500 ---- */

static const struct guess_case nhmex_cases[] = {
	/* M-Box 0 cycles, wrap_mode: under S-Box 0's summary, at 0xc43 */
	{ "uncore_mbox_0", 0x3640, "mbox", 0, 0x1b, false },
	/* C-Box 0 event 1: under ov_c_l of the same summary */
	{ "uncore_cbox_0", 0x1, "cbox", 0, 0x1, false },
	/* the U-Box counter: ov_u */
	{ "uncore_ubox", 0x1, "ubox", 0, 0x1, false },
	/* the W-Box fixed counter: its PMI enable is a guess */
	{ "uncore_wbox", 0xff, "wbox", 0, 0xff, true },
	/* B-Box 0 counter 3 event 1 (named 3 * 32 + 1): pmi_en a guess too */
	{ "uncore_bbox_0", 0xc2, "bbox", 0, 0x61, true },
};

XU_TEST_ROW_PARAMS(nhmex_guess, XU_TEST_NX, nhmex_cases, guess_case_models,
		   guess_case_desc);

static void guess_nhmex_counts_exactly_over_wraps(struct kunit *test)
{
	guess_count(test, xu_test_row(test));
}

/*
 * A private simulator of @model, stale if @stale, with wrong guesses, and a
 * private uncore of @plat on it, every box set up by the driver's own
 * init_box
 */
static struct xu_test_private *guess_private(struct kunit *test,
					     const struct xu_test_platform *pf,
					     bool stale)
{
	return xu_test_private_create(test, pf,
			       XU_TEST_PRIV_INIT | XU_TEST_PRIV_WRONG |
			       (stale ? XU_TEST_PRIV_STALE : 0));
}

static u64 prd(struct kunit *test, struct xu_test_private *g, unsigned int pkg,
	       u32 reg)
{
	return xu_test_sim_rd(test, g->sim, pkg, reg);
}

/*
 * After the driver's init on a stale register file: no overflow status at
 * any level, no counter control left enabled, en_all set, no PMI routed
 */
static void guess_stale_nx(struct kunit *test, const struct xu_test_platform *pf)
{
	struct xu_test_private *g = guess_private(test, pf, true);
	unsigned int i, pkg, c;

	for (pkg = 0; pkg < g->uc.num_pkgs; pkg++) {
		KUNIT_EXPECT_EQ(test, prd(test, g, pkg, NHMEX_U_GLOBAL_STATUS), 0ULL);
		KUNIT_EXPECT_EQ(test, prd(test, g, pkg, NHMEX_U_GLOBAL_CTL),
				(u64)(NHMEX_U_GCTL_EN_ALL | NHMEX_U_GCTL_EN |
				      NHMEX_U_GCTL_FRZ_ALL));
		for (i = 0; i < g->uc.num_pmus; i++) {
			struct xu_pmu *xp = &g->uc.pmus[i];
			const struct xu_box_type *t = xp->type;
			struct xu_box *box = &xp->boxes[pkg];

			if (t->status0)
				KUNIT_EXPECT_EQ_MSG(test, prd(test, g, pkg,
							      xu_box_reg(box, t->status0)),
						    0ULL, "%s status", xp->name);
			for (c = 0; c < xu_num_ctrs(t); c++)
				KUNIT_EXPECT_EQ_MSG(test, prd(test, g, pkg, xu_ctl_reg(box, c)),
						    0ULL, "%s counter %u", xp->name, c);
		}
	}
}

static void guess_nx_init_clears_stale_registers(struct kunit *test)
{
	guess_stale_nx(test, xu_test_pf(test));
}

/*
 * Overflow counter 0 of box @pmu in package 0 of a private simulator with
 * wrong guesses, with its PMI enable, and walk: the walk finds it although
 * it reported under another summary than the driver placed it, clears it,
 * and unfreezes the package
 */
static void guess_nx_walk(struct kunit *test, const struct xu_test_platform *pf,
			  const char *pmu,
			  const char *box, unsigned int idx, u64 ctl,
			  unsigned int event)
{
	struct xu_test_private *g = guess_private(test, pf, false);
	struct xu_pmu *xp = NULL;
	unsigned int i;

	for (i = 0; i < g->uc.num_pmus; i++)
		if (!strcmp(g->uc.pmus[i].name, pmu))
			xp = &g->uc.pmus[i];
	KUNIT_ASSERT_NOT_NULL(test, xp);
	KUNIT_ASSERT_EQ(test, 0, xu_sim_write(g->sim, 0, xu_ctl_reg(&xp->boxes[0], 0),
					      ctl));
	KUNIT_ASSERT_EQ(test, 0, xu_sim_write(g->sim, 0, xu_ctr_reg(&xp->boxes[0], 0),
					      XU_TEST_CTR_MAX));
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(g->sim, 0, box, idx, event,
					       XU_SIM_SUB_ANY, 1));
	KUNIT_ASSERT_NE(test, prd(test, g, 0, NHMEX_U_GLOBAL_STATUS), 0ULL);
	/* frozen by the PMI */
	KUNIT_ASSERT_EQ(test, prd(test, g, 0, NHMEX_U_GLOBAL_CTL) & NHMEX_U_GCTL_EN_ALL, 0ULL);

	KUNIT_EXPECT_GT(test, xu_handle_pmi(&g->uc, 0, NULL), 0);
	KUNIT_EXPECT_EQ(test, prd(test, g, 0, xu_box_reg(&xp->boxes[0], xp->type->status0)),
			0ULL);
	KUNIT_EXPECT_EQ(test, prd(test, g, 0, NHMEX_U_GLOBAL_STATUS), 0ULL);
	KUNIT_EXPECT_NE(test, prd(test, g, 0, NHMEX_U_GLOBAL_CTL) & NHMEX_U_GCTL_EN_ALL, 0ULL);
}

/* R-Box 0 (ports 0-3) reports through S-Box 1: the walk finds it */
static void guess_nx_walk_finds_rbox_on_the_other_side(struct kunit *test)
{
	/* R counter control: en (0), ev_sel 2 (port 0 QLX, 5:1), pmi_en (6) */
	guess_nx_walk(test, xu_test_pf(test), "uncore_rbox_0", "rbox", 0, 0x45,
		      0x2);
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

static struct kunit_case guess_nhmex_cases[] = {
	KUNIT_CASE_PARAM(guess_nhmex_counts_exactly_over_wraps,
			 nhmex_guess_gen_params),
	KUNIT_CASE_PARAM(guess_nx_init_clears_stale_registers, nx_gen_params),
	KUNIT_CASE_PARAM(guess_nx_walk_finds_rbox_on_the_other_side, nx_gen_params),
	{}
};

static struct kunit_suite guess_nhmex_suite = {
	.name = "xeon_uncore_guess",
	.suite_exit = xu_test_suite_exit,
	.test_cases = guess_nhmex_cases,
};

/* ---- xeon_e5_guess: the E5 v2 and E5 ---- */

static const struct guess_case e5_cases[] = {
	/* known report: the PCU's global bit and box status (MSR) */
	{ "uncore_pcu", 0x1, "pcu", 0, 0x1, false, true, XU_TEST_E5 },
	/* known report: iMC channels 0-3's bit, PmonUnitStatus (PCI) */
	{ "uncore_imc_0", 0x1, "imc", 0, 0x1, false, true, XU_TEST_E5 },
	/* no known bit: polled; SNB-EP has no IRP, QPI 2, R3QPI 2 */
	{ "uncore_irp", 0x1, "irp", 0, 0x1, true, true, XU_TEST_IVBEP },
	{ "uncore_qpi_2", 0x1, "qpi", 2, 0x1, true, true, XU_TEST_IVBEP },
	{ "uncore_r3qpi_2", 0x1, "r3qpi", 2, 0x1, true, true, XU_TEST_IVBEP },
};

XU_TEST_ROW_PARAMS(e5_guess, XU_TEST_E5, e5_cases, guess_case_models,
		   guess_case_desc);

static void guess_e5_counts_exactly_over_wraps(struct kunit *test)
{
	guess_count(test, xu_test_row(test));
}

/* A register of @box: an MSR, or a dword of its PCI function */
static u64 box_rd(struct kunit *test, struct xu_test_private *g,
		  struct xu_box *box, u32 reg)
{
	u32 v;

	if (box->pmu->type->access == XU_MSR)
		return prd(test, g, box->pkg, reg);
	KUNIT_ASSERT_EQ(test, 0, pci_read_config_dword(box->pdev, reg, &v));
	return v;
}

/* After init on a stale register file: no status, nothing frozen or enabled */
static void guess_e5_init_clears_stale_registers(struct kunit *test)
{
	const struct xu_test_platform *pf = xu_test_pf(test);
	/* IVB-EP has the global status and PMI that SNB-EP lacks */
	bool ivb = pf->plat->global;
	struct xu_test_private *g;
	unsigned int i, pkg, c;

	g = guess_private(test, pf, true);
	for (pkg = 0; pkg < g->uc.num_pkgs; pkg++) {
		if (ivb) {
			KUNIT_EXPECT_EQ(test, prd(test, g, pkg, E5_U_GLOBAL_STATUS), 0ULL);
			/* no core named: the route comes with the first events */
			KUNIT_EXPECT_EQ(test, prd(test, g, pkg, E5_U_GLOBAL_CTL) &
					IVBEP_U_GCTL_PMI_CORE_SEL, 0ULL);
		}
		for (i = 0; i < g->uc.num_pmus; i++) {
			struct xu_pmu *xp = &g->uc.pmus[i];
			const struct xu_box_type *t = xp->type;
			struct xu_box *box = &xp->boxes[pkg];

			if (t->access == XU_PCI && !box->pdev)
				continue;
			for (c = 0; c < xu_num_ctrs(t); c++)
				KUNIT_EXPECT_EQ_MSG(test, box_rd(test, g, box, xu_ctl_reg(box, c)) &
						    E5_CTL_EN, 0ULL, "%s counter %u", xp->name, c);
			if (t->box_ctl)
				KUNIT_EXPECT_EQ_MSG(test, box_rd(test, g, box,
								 xu_box_reg(box, t->box_ctl)) &
						    E5_BOX_CTL_FRZ, 0ULL, "%s frozen", xp->name);
			if (t->status0 && ivb)
				KUNIT_EXPECT_EQ_MSG(test, box_rd(test, g, box,
								 xu_box_reg(box, t->status0)),
						    0ULL, "%s status", xp->name);
		}
	}
}

XU_TEST_PARAMS(e5, XU_TEST_E5);

static struct kunit_case guess_e5_cases[] = {
	KUNIT_CASE_PARAM(guess_e5_counts_exactly_over_wraps, e5_guess_gen_params),
	KUNIT_CASE_PARAM(guess_e5_init_clears_stale_registers, e5_gen_params),
	{}
};

static struct kunit_suite guess_e5_suite = {
	.name = "xeon_e5_guess",
	.suite_exit = xu_test_suite_exit,
	.test_cases = guess_e5_cases,
};

kunit_test_suites(&guess_nhmex_suite, &guess_e5_suite);
