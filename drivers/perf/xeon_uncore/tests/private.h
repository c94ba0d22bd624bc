/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A private uncore on a private simulator, for the suites that drive the
 * driver's box operations and PMI walk by hand: nothing is registered
 * with perf, no CPU collects, no NMI reaches it.
 */
#ifndef _XEON_UNCORE_TEST_PRIVATE_H
#define _XEON_UNCORE_TEST_PRIVATE_H

#include <kunit/test.h>

#include "xu_test.h"

/**
 * struct xu_test_private - a private uncore and its simulator
 * @sim: the simulator: no generator, a manual clock, no PMI delivered
 * @uc:  the uncore on it, with PMIs and a 1 s poll
 * @log: room for the simulator's access log
 */
struct xu_test_private {
	struct xu_sim *sim;
	struct xu_uncore uc;
	struct xu_sim_access log[XU_SIM_LOG_LEN];
};

/* xu_test_private_create() flags */
#define XU_TEST_PRIV_INIT	BIT(0)	/* init_box on every box */
#define XU_TEST_PRIV_WRONG	BIT(1)	/* the simulator's wrong guesses */
#define XU_TEST_PRIV_STALE	BIT(2)	/* its registers stale at start */
#define XU_TEST_PRIV_FOREIGN	BIT(3)	/* another function at each QPI filter's place */

struct xu_test_private *xu_test_private_create(struct kunit *test,
					       const struct xu_test_platform *pf,
					       unsigned int flags);
struct xu_pmu *xu_test_private_pmu(struct kunit *test,
				   struct xu_test_private *p, const char *name);

#endif /* _XEON_UNCORE_TEST_PRIVATE_H */
