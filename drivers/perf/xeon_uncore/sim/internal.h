/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The simulated uncore's own data, shared by its files: model.c (the
 * register file and the event sources), pmi.c (PMI delivery), debugfs.c
 * and main.c (the module).
 */
#ifndef _XEON_UNCORE_SIM_INTERNAL_H
#define _XEON_UNCORE_SIM_INTERNAL_H

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/spinlock.h>

#include <xeon_uncore/nhmex.h>

#include "sim.h"

struct sim_ctr {
	u64 ctl;
	u64 val;
	bool stopped;		/* wrap_mode 0 hit an over/underflow */
	u64 rem_ns;		/* generator remainder, in rate * ns units */
	u64 rem_gate;		/* flag-state gate remainder, in 1/8 events */
};

struct sim_mbox {
	u64 gctl;
	u64 status;
	struct sim_ctr c[NHMEX_M_NUM_COUNTERS];
};

/**
 * struct sim_socket - one socket's registers and its PMI
 *
 * Every field but those marked otherwise is accessed with @lock held
 * (sim_lock()).
 *
 * @lock:          see sim_lock()
 * @id:            the socket number, topology_logical_package_id()
 * @last_ns:       the simulated time the counters were brought up to
 * @u_gctl:        U_MSR_PMON_GLOBAL_CTL
 * @u_gsts:        U_MSR_PMON_GLOBAL_STATUS
 * @u:             the U-Box counter
 * @m:             the M-Boxes
 * @reads:         register reads so far
 * @writes:        register writes so far
 * @sim:           the simulator
 * @pmi_work:      sends the PMI to the CPUs, outside the lock, see
 *                 sim_pmi_work()
 * @pmi_pending:   CPUs that have a PMI to take, see sim_pmi_take()
 * @pmi_targets:   scratch of sim_raise_pmi(): the CPUs a PMI goes to
 * @pmi_in_flight: a PMI was raised and the global status is not yet clear
 * @pmi_done:      every CPU that PMI went to has taken it (raised its NMI
 *                 or lost it); false while it has gone to none
 * @lost_pmis:     PMIs lost on a CPU of the socket to a masked LVTPC
 * @frozen_since:  a PMI cleared en_all then, 0 if not
 * @frozen_ns:     time spent so, in all
 * @tick:          wakes up at the next predicted overflow
 * @tick_work:     re-arms @tick after an NMI's accesses
 */
struct sim_socket {
	arch_spinlock_t lock;
	unsigned int id;
	u64 last_ns;
	u64 u_gctl;
	u64 u_gsts;
	struct sim_ctr u;
	struct sim_mbox m[NHMEX_M_NUM_BOXES];
	u64 reads;
	u64 writes;
	struct xu_sim *sim;
	struct irq_work pmi_work;
	struct cpumask pmi_pending;
	struct cpumask pmi_targets;
	bool pmi_in_flight;
	bool pmi_done;
	u64 lost_pmis;
	u64 frozen_since;
	u64 frozen_ns;
	struct hrtimer tick;
	struct irq_work tick_work;
};

/**
 * struct xu_sim - the simulated uncore
 * @sockets:     number of sockets
 * @generator:   the background generator runs
 * @manual:      time moves only by xu_sim_advance()
 * @manual_ns:   the manual clock
 * @violations:  writes that set a must-be-zero bit
 * @pmis:        PMIs raised
 * @deliver_pmi: PMIs are sent as NMIs, see xu_sim_set_deliver_pmi()
 * @misroute:    each PMI goes to a CPU pmi_core_sel does not name
 * @pmi_csd:     per CPU: the IPI that makes it take a PMI, sim_pmi_take()
 * @debugfs:     <debugfs>/xeon_uncore_sim/, if created
 * @logging:     see xu_sim_log_start()
 * @log_n:       accesses since xu_sim_log_start()
 * @log:         the first XU_SIM_LOG_LEN of them
 * @sock:        the sockets
 */
struct xu_sim {
	unsigned int sockets;
	bool generator;
	bool manual;
	u64 manual_ns;
	atomic64_t violations;
	atomic64_t pmis;
	bool deliver_pmi;
	bool misroute;
	call_single_data_t __percpu *pmi_csd;
	struct dentry *debugfs;
	bool logging;
	atomic_t log_n;
	struct xu_sim_access log[XU_SIM_LOG_LEN];
	struct sim_socket sock[] __counted_by(sockets);
};

bool sim_lock(struct sim_socket *s, unsigned long *flags);
void sim_unlock(struct sim_socket *s, unsigned long flags);

/* pmi.c */
int sim_pmi_init(struct xu_sim *sim);
void sim_pmi_exit(struct xu_sim *sim);
void sim_pmi_quiesce(struct xu_sim *sim);
void sim_pmi_init_socket(struct sim_socket *s);
void sim_raise_pmi(struct sim_socket *s);
int sim_mask_lvtpc(unsigned int cpu);

/* debugfs.c */
int xu_sim_debugfs_init(struct xu_sim *sim);

#endif /* _XEON_UNCORE_SIM_INTERNAL_H */
