/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore overflow interrupt: the NMI handler and the walk of a
 * package's overflow status (pmi.c), the routing of its PMI and the
 * watchdog (pmi_route.c), its delivery timed at load (pmi_probe.c).
 */
#ifndef _XEON_UNCORE_PMI_H
#define _XEON_UNCORE_PMI_H

#include <linux/bits.h>
#include <linux/time64.h>

#include "types.h"

/*
 * A PMI that reached two CPUs of a package: the second NMI finds the
 * status already walked.  It is claimed if it comes this soon after the
 * walk, so that it is not reported as an unknown NMI.
 */
#define XU_PMI_ECHO_NS		NSEC_PER_MSEC

/* How often the watchdog looks for a package frozen by a lost PMI */
#define XU_WATCHDOG_NS		(50 * NSEC_PER_MSEC)

/*
 * The time of a walk and its CPU, in one word (struct xu_pkg.last_walk):
 * a reader never pairs one walk's time with another's CPU.  The CPU
 * takes the low bits of the time, which the echo window does not need.
 * The driver reads the time only; the CPU says which CPU walked, to the
 * KUnit cases that tell an echo from a late NMI.
 */
#define XU_WALK_CPU		GENMASK_ULL(15, 0)

int xu_pmi_register(struct xu_uncore *uc);
void xu_pmi_unregister(struct xu_uncore *uc);
void xu_pmi_probe(struct xu_uncore *uc);
void xu_pmi_pkg_init(struct xu_uncore *uc, unsigned int pkg);
void xu_pmi_pkg_stop(struct xu_uncore *uc, unsigned int pkg);
void xu_pmi_pkg_start(struct xu_uncore *uc, int core, bool reached);
void xu_pmi_pkg_reroute(struct xu_uncore *uc, unsigned int pkg, int gone);
void xu_pmi_pkg_resume(struct xu_uncore *uc, unsigned int pkg);
int xu_pmi_route_core(const struct xu_uncore *uc, unsigned int cpu, int gone,
		      bool *reached);
void xu_pmi_watchdog_kick(struct xu_box *box);
void xu_pmi_event_add(struct xu_box *box, struct perf_event *event);
void xu_pmi_event_del(struct xu_box *box, struct perf_event *event);
void xu_pmi_cpu_init(struct xu_uncore *uc);
void xu_pmi_cpus_exit(struct xu_uncore *uc);
int xu_pmi_walk(struct xu_uncore *uc, unsigned int pkg, struct pt_regs *regs,
		bool unfreeze);
int xu_pmi_walk_lost(struct xu_uncore *uc, unsigned int pkg,
		     struct pt_regs *regs, bool unfreeze, u64 lost_since);
void xu_pmi_walk_work(struct irq_work *work);
void xu_pmi_lvtpc_arm(void);
int xu_handle_pmi(struct xu_uncore *uc, unsigned int pkg, struct pt_regs *regs);

#endif /* _XEON_UNCORE_PMI_H */
