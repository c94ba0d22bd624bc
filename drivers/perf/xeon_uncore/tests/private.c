// SPDX-License-Identifier: GPL-2.0-only
/*
 * The private uncore the walk, PMI and guess suites build (private.h).
 */
#include <linux/topology.h>

#include "private.h"

KUNIT_DEFINE_ACTION_WRAPPER(xu_test_sim_destroy, xu_sim_destroy, struct xu_sim *);
KUNIT_DEFINE_ACTION_WRAPPER(xu_test_uncore_free, xu_uncore_free, struct xu_uncore *);

/**
 * xu_test_private_create() - a private uncore on a private simulator
 * @test:  the test; its priv becomes the result
 * @pf:    the platform, and its simulator's model
 * @flags: XU_TEST_PRIV_*
 *
 * The simulator first, one socket per package: xu_uncore_alloc() looks
 * for the PCI boxes in its PCI domain.  Its MSR accesses are not checked
 * for the calling CPU's package (xu_sim_set_msr_cpu_check()).  With XU_TEST_PRIV_INIT, every box
 * of every package is set up by the driver's own init_box, but a PCI box
 * whose function the simulator lacks.  Both are freed when the test ends.
 *
 * Return: the private uncore; aborts the test on failure.
 */
struct xu_test_private *xu_test_private_create(struct kunit *test,
					       const struct xu_test_platform *pf,
					       unsigned int flags)
{
	struct xu_test_private *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	unsigned int i, pkg;

	KUNIT_ASSERT_NOT_NULL(test, p);
	test->priv = p;
	p->sim = xu_sim_create(pf->sim, topology_max_packages());
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(p->sim), "xu_sim_create(%s): %ld",
			       pf->sim, PTR_ERR(p->sim));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, xu_test_sim_destroy,
							   p->sim));
	xu_sim_set_generator(p->sim, false);
	xu_sim_set_manual_clock(p->sim, true);
	xu_sim_set_deliver_pmi(p->sim, false);
	/*
	 * The suites call the box operations of every package from the
	 * test's own CPU: MSR accesses reach the box's package
	 */
	xu_sim_set_msr_cpu_check(p->sim, false);
	if (flags & XU_TEST_PRIV_WRONG)
		xu_sim_set_wrong_guesses(p->sim, true);
	if (flags & XU_TEST_PRIV_STALE)
		xu_sim_stale(p->sim);
	if (flags & XU_TEST_PRIV_FOREIGN)
		xu_sim_set_foreign_filter(p->sim, true);

	p->uc.plat = pf->plat;
	p->uc.io = &xu_sim_io;
	p->uc.io_priv = p->sim;
	p->uc.pmi = true;
	p->uc.poll_ns = NSEC_PER_SEC;
	/* no PMI budget: its cases test the walk, not the throttle */
	p->uc.pmi_max_percent = 100;
	KUNIT_ASSERT_EQ(test, 0, xu_uncore_alloc(&p->uc));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, xu_test_uncore_free,
							   &p->uc));
	for (i = 0; i < p->uc.num_pmus; i++) {
		struct xu_pmu *xp = &p->uc.pmus[i];

		for (pkg = 0; pkg < p->uc.num_pkgs; pkg++) {
			struct xu_box *box = &xp->boxes[pkg];

			box->io_priv = p->sim;
			if (!(flags & XU_TEST_PRIV_INIT) || !xp->type->ops->init_box ||
			    (xp->type->access == XU_PCI && !box->pdev))
				continue;
			KUNIT_ASSERT_EQ_MSG(test, 0, xp->type->ops->init_box(box),
					    "%s init_box", xp->name);
		}
	}
	return p;
}

/**
 * xu_test_private_pmu() - a PMU of a private uncore, by name
 * @test: the test, aborted if there is none
 * @p:    the private uncore
 * @name: the PMU's name, such as "uncore_mbox_0"
 *
 * Return: the PMU.
 */
struct xu_pmu *xu_test_private_pmu(struct kunit *test,
				   struct xu_test_private *p, const char *name)
{
	unsigned int i;

	for (i = 0; i < p->uc.num_pmus; i++)
		if (!strcmp(p->uc.pmus[i].name, name))
			return &p->uc.pmus[i];
	KUNIT_FAIL_AND_ABORT(test, "no PMU %s", name);
	return NULL;
}
