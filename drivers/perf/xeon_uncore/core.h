/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore core (core.c): an uncore's PMUs, set up, registered with
 * perf and CPU hotplug, and taken down.  The top of the driver's layers:
 * core.c -> pkg.c -> pmi_route.c, pmi_probe.c -> pmi.c -> event.c ->
 * sched.c -> io.c, each using only those below it.
 */
#ifndef _XEON_UNCORE_CORE_H
#define _XEON_UNCORE_CORE_H

#include "types.h"

int xu_core_init(void);
void xu_core_exit(void);
int xu_uncore_alloc(struct xu_uncore *uc);
void xu_uncore_free(struct xu_uncore *uc);
int xu_uncore_init(struct xu_uncore *uncore);
void xu_uncore_exit(struct xu_uncore *uncore);

#endif /* _XEON_UNCORE_CORE_H */
