/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore packages (pkg.c): a package's collecting CPU under CPU
 * hotplug, its boxes around a system sleep, and taking them down.
 * core.c -> pkg.c -> pmi_route.c, pmi_probe.c -> pmi.c -> event.c ->
 * sched.c -> io.c, each using only those below it.
 */
#ifndef _XEON_UNCORE_PKG_H
#define _XEON_UNCORE_PKG_H

#include <linux/list.h>

#include "types.h"

int xu_pkg_cpu_online(unsigned int cpu, struct hlist_node *node);
int xu_pkg_cpu_offline(unsigned int cpu, struct hlist_node *node);
void xu_pkg_sleep_register(struct xu_uncore *uc);
void xu_pkg_sleep_unregister(struct xu_uncore *uc);
void xu_pkg_exit(void *data);

#endif /* _XEON_UNCORE_PKG_H */
