/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The simulated uncore's own data, shared by its files: model.c (the
 * register file and the event sources, the Xeon 7500 U- and M-Boxes),
 * nhmex.c (the other Xeon 7500 / E7 boxes and the M-Box sub-registers),
 * e5.c (the Xeon E5 boxes), pci.c (their PCI domain), pmi.c (PMI
 * delivery), debugfs.c and main.c (the module).
 */
#ifndef _XEON_UNCORE_SIM_INTERNAL_H
#define _XEON_UNCORE_SIM_INTERNAL_H

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/ioport.h>
#include <linux/irq_work.h>
#include <linux/pci.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/spinlock.h>

#include <xeon_uncore/nhmex.h>
#include <xeon_uncore/snbep.h>

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

/*
 * Xeon 7500 / E7: a box with GLOBAL_CTL, STATUS and OVF_CTL and counters
 * in control/data pairs (C, B, S, R and W; the W-Box's fixed counter is
 * c[NHMEX_W_NUM_COUNTERS])
 */
struct sim_nx_box {
	u64 gctl;
	u64 status;
	struct sim_ctr c[NHMEX_R_NUM_COUNTERS];
};

/* One R-Box port's sub-control registers; [0] is XBR SET1, [1] SET2 */
struct sim_nx_port {
	u64 iperf[2];
	u64 qlx;
	u64 mm_cfg[2];
	u64 match[2];
	u64 mask[2];
};

/* M-Box sub-registers, in the order of their MSRs (NHMEX_M_DSP() on) */
enum sim_m_sub {
	SIM_M_DSP, SIM_M_ISS, SIM_M_MAP, SIM_M_THR, SIM_M_PGT, SIM_M_PLD,
	SIM_M_FVC, SIM_M_NR_SUB
};

/**
 * struct sim_nx - one socket's Xeon 7500 / E7 boxes besides the U-Box and
 * the M-Box counters (struct sim_socket has those)
 * @c:         C-Boxes (8 or 10 in use)
 * @b:         B-Boxes
 * @s:         S-Boxes
 * @r:         the R-Box's two halves
 * @w:         the W-Box
 * @w_fixed_ctl: W_MSR_PMON_FIXED_CTR_CTL
 * @b_match:   B-Box MATCH
 * @b_mask:    B-Box MASK
 * @s_mm_cfg:  S-Box MM_CFG
 * @s_match:   S-Box MATCH
 * @s_mask:    S-Box MASK
 * @port:      the R-Box ports, [half][port of the half]
 * @m_sub:     M-Box DSP, ISS, MAP, MSC_THR, PGT, PLD and ZDP_CTL_FVC
 * @m_mm_cfg:  M-Box MM_CFG
 * @m_match:   M-Box ADDR_MATCH
 * @m_mask:    M-Box ADDR_MASK
 */
struct sim_nx {
	struct sim_nx_box c[WSMEX_C_NUM_BOXES];
	struct sim_nx_box b[NHMEX_B_NUM_BOXES];
	struct sim_nx_box s[NHMEX_S_NUM_BOXES];
	struct sim_nx_box r[NHMEX_R_NUM_BOXES];
	struct sim_nx_box w;
	u64 w_fixed_ctl;
	u64 b_match[NHMEX_B_NUM_BOXES];
	u64 b_mask[NHMEX_B_NUM_BOXES];
	u64 s_mm_cfg[NHMEX_S_NUM_BOXES];
	u64 s_match[NHMEX_S_NUM_BOXES];
	u64 s_mask[NHMEX_S_NUM_BOXES];
	struct sim_nx_port port[NHMEX_R_NUM_BOXES][NHMEX_R_PORTS];
	u64 m_sub[NHMEX_M_NUM_BOXES][SIM_M_NR_SUB];
	u64 m_mm_cfg[NHMEX_M_NUM_BOXES];
	u64 m_match[NHMEX_M_NUM_BOXES];
	u64 m_mask[NHMEX_M_NUM_BOXES];
};

/* E5 box types */
enum sim_e5_type {
	E5_UBOX, E5_CBOX, E5_PCU, E5_HA, E5_IMC, E5_QPI, E5_R2PCIE, E5_R3QPI,
	E5_IRP, E5_NR_TYPES
};

/* The fixed counter's index in struct sim_e5_box.c[] */
#define SIM_E5_FIXED		4

/*
 * Function 0 of a device whose function 0 is no box: the PCI core scans
 * the other functions only behind it.  IDs of the simulator's own, which
 * no driver claims.
 */
#define SIM_SNBEP_FILLER	0x3cff
#define SIM_IVBEP_FILLER	0x0eff
/* The U-Box function, on every socket's bus */
#define SIM_UBOX_DEVFN		PCI_DEVFN(11, 0)

/**
 * struct sim_e5_desc - one box of an E5 model
 * @name:   its PMU name without "uncore_"
 * @type:   enum sim_e5_type
 * @idx:    its index within its type
 * @devfn:  PCI boxes: the counter function
 * @fdevfn: QPI ports: the match/mask function
 * @devid:  PCI boxes: the device ID of @devfn
 * @fdevid: QPI ports: the device ID of @fdevfn
 * @gsts:   IVB-EP: its U_MSR_PMON_GLOBAL_STATUS bit (U-Box: of the
 *          general-purpose counters)
 */
struct sim_e5_desc {
	const char *name;
	u8 type;
	u8 idx;
	u8 devfn;
	u8 fdevfn;
	u16 devid;
	u16 fdevid;
	u64 gsts;
};

/**
 * struct sim_e5_model - an E5 uncore
 * @name:         "snbep" or "ivbep"
 * @ivb:          Ivy Bridge-EP: global control and status, ov_en
 * @boxes:        its boxes, per socket
 * @nr_boxes:     how many
 * @ubox_devid:   device ID of the U-Box function
 * @filler_devid: device ID of a filler function 0
 */
struct sim_e5_model {
	const char *name;
	bool ivb;
	const struct sim_e5_desc *boxes;
	unsigned int nr_boxes;
	u16 ubox_devid;
	u16 filler_devid;
};

/**
 * struct sim_e5_box - one E5 box's registers
 * @box_ctl: box control, without its write-only bits
 * @status:  box status (IVB-EP)
 * @filter:  C-Box FILTER0/1, PCU FILTER, HA ADDRMATCH0/1 and OPCODEMATCH,
 *           QPI MATCH0, MATCH1, MASK0, MASK1
 * @c:       the counters, the fixed one at SIM_E5_FIXED
 */
struct sim_e5_box {
	u64 box_ctl;
	u64 status;
	u64 filter[4];
	struct sim_ctr c[SIM_E5_FIXED + 1];
};

/**
 * struct sim_e5 - one socket's E5 registers and PCI bus
 * @gctl:   IVB-EP U_MSR_PMON_GLOBAL_CTL, without its write-only bits
 * @gsts:   IVB-EP U_MSR_PMON_GLOBAL_STATUS
 * @gcfg:   IVB-EP U_MSR_PMON_GLOBAL_CONFIG
 * @frozen: IVB-EP: the package is frozen (frz_all, or an overflow)
 * @nodeid: the U-Box function's CPUNODEID
 * @sd:     the root bus's sysdata: its domain and NUMA node
 * @busn:   its bus number, as a resource
 * @bus:    the root bus, NULL if none
 * @s:      the socket
 * @box:    the boxes, as the model lists them
 */
struct sim_e5 {
	u64 gctl;
	u64 gsts;
	u64 gcfg;
	bool frozen;
	u32 nodeid;
	struct pci_sysdata sd;
	struct resource busn;
	struct pci_bus *bus;
	struct sim_socket *s;
	struct sim_e5_box box[];
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
 * @u_gsts:        U_MSR_PMON_GLOBAL_STATUS.ov_u, the one bit of it that is
 *                 not a summary (sim_u_gsts() derives the others)
 * @u:             the U-Box counter
 * @m:             the M-Boxes
 * @nx:            the other Xeon 7500 / E7 boxes
 * @e5:            E5 models: the socket's boxes, instead of the above
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
	struct sim_nx nx;
	struct sim_e5 *e5;
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
 * @e5m:         an E5 model, NULL for the Xeon 7500 / E7
 * @wsmex:       the Xeon E7 (Westmere-EX): 10 C-Boxes, its ZDP_CTL_FVC
 * @nr_cboxes:   C-Boxes simulated: 8, or 10 with @wsmex
 * @absent:      E5: the boxes (bit n: @e5m->boxes[n]) left out of the PCI
 *               buses
 * @domain:      E5: the PCI domain of the buses, -1 until it has one
 * @gidnidmap:   E5: the U-Box functions' GIDNIDMAP
 * @generator:   the background generator runs
 * @manual:      time moves only by xu_sim_advance()
 * @manual_ns:   the manual clock
 * @violations:  writes that set a must-be-zero bit
 * @pmis:        PMIs raised
 * @deliver_pmi: PMIs are sent as NMIs, see xu_sim_set_deliver_pmi()
 * @misroute:    each PMI goes to a CPU pmi_core_sel does not name
 * @pmi_csd:     per CPU: the IPI that makes it take a PMI, sim_pmi_take()
 * @core_rank:   per CPU: its core's index in its package
 *               (xu_cpu_core_rank()), taken when the simulator starts
 * @debugfs:     <debugfs>/xeon_uncore_sim/, if created
 * @logging:     see xu_sim_log_start()
 * @log_n:       accesses since xu_sim_log_start()
 * @log:         the first XU_SIM_LOG_LEN of them
 * @sock:        the sockets
 */
struct xu_sim {
	unsigned int sockets;
	const struct sim_e5_model *e5m;
	bool wsmex;
	unsigned int nr_cboxes;
	u64 absent;
	int domain;
	u32 gidnidmap;
	bool generator;
	bool manual;
	u64 manual_ns;
	atomic64_t violations;
	atomic64_t pmis;
	bool deliver_pmi;
	bool misroute;
	call_single_data_t __percpu *pmi_csd;
	unsigned int __percpu *core_rank;
	struct dentry *debugfs;
	bool logging;
	atomic_t log_n;
	struct xu_sim_access log[XU_SIM_LOG_LEN];
	struct sim_socket sock[] __counted_by(sockets);
};

bool sim_lock(struct sim_socket *s, unsigned long *flags);
void sim_unlock(struct sim_socket *s, unsigned long flags);
u64 sim_gen(struct sim_ctr *c, u64 rate, u64 ns);
bool sim_ctr_count(struct sim_ctr *c, u64 up, u64 down, bool wrap);
void sim_overflow(struct sim_socket *s, struct sim_ctr *c, u64 pmi_en,
		  u64 *status, u64 bit);
void sim_violation(struct xu_sim *sim, struct sim_socket *s, u32 reg,
		   u64 val, u64 rsvd);
u64 sim_ns_to_flow(const struct sim_ctr *c, u64 rate, bool down);
u64 sim_u_gsts(struct sim_socket *s);
void sim_m_events(struct sim_socket *s, unsigned int b, unsigned int i,
		  u64 n);
bool sim_m_counting(struct sim_socket *s, unsigned int b, unsigned int i);
void sim_advance_locked(struct xu_sim *sim, struct sim_socket *s);
void sim_arm_tick_locked(struct xu_sim *sim, struct sim_socket *s);
int sim_access(struct xu_sim *sim, unsigned int socket, int devfn, u32 reg,
	       unsigned int size, u64 *val, bool write);

/* nhmex.c */
int sim_nx_read(struct sim_socket *s, u32 msr, u64 *val);
int sim_nx_peek(struct sim_socket *s, u32 msr, u64 *val);
int sim_nx_write(struct sim_socket *s, u32 msr, u64 val);
void sim_nx_advance(struct sim_socket *s, u64 ns);
u64 sim_nx_next_flow_ns(struct sim_socket *s, u64 ns, bool *any);
u64 sim_nx_summary(struct sim_socket *s, unsigned int b);
void sim_nx_rst_all(struct sim_socket *s);
void sim_nx_reset(struct sim_socket *s);
bool sim_m_qualifies(struct sim_socket *s, unsigned int b, unsigned int ev,
		     u64 sub, const u64 *addr);

/* e5.c */
const struct sim_e5_model *sim_e5_model(const char *name);
int sim_e5_find(const struct sim_e5_model *m, const char *name);
const char *sim_e5_type_name(unsigned int type);
struct sim_e5 *sim_e5_alloc(const struct sim_e5_model *m);
void sim_e5_reset(struct sim_socket *s);
void sim_e5_advance(struct sim_socket *s, u64 from, u64 ns);
u64 sim_e5_next_flow_ns(struct sim_socket *s);
int sim_e5_read_msr(struct sim_socket *s, u32 msr, u64 *val);
int sim_e5_write_msr(struct sim_socket *s, u32 msr, u64 val);
int sim_e5_pci_box_access(struct sim_socket *s, unsigned int b,
			  unsigned int devfn, u32 off, u32 *val, bool write);
void sim_e5_violation(struct sim_socket *s, bool pci, unsigned int devfn,
		      u32 reg, u64 val, u64 rsvd);

/* pci.c */
int sim_pci_absent(struct xu_sim *sim, const char *absent);
int sim_pci_create(struct xu_sim *sim);
void sim_pci_destroy(struct xu_sim *sim);
int sim_pci_config(struct sim_socket *s, unsigned int devfn, u32 where,
		   unsigned int size, u64 *val, bool write);

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
