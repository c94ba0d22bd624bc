/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The simulated uncore's own data, shared by its files, bottom up:
 *
 *   socket.c   one socket: its lock, clock and tick, the register access
 *              path and the access log
 *   pmi.c      PMI delivery
 *   pci.c      the PCI domain of the models that have PCI boxes
 *   hw.c       hardware mode: the MSRs claimed through the kernel's MSR hook
 *   nhmex*.c   the Xeon 7500 / E7 model (nhmex_model.h)
 *   e5*.c      the Xeon E5 models (e5_model.h)
 *   core.c     the table of models, the simulator's life and its API
 *   debugfs.c, main.c: the module
 *
 * The generic files know a model only through its struct sim_model.
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

#include "sim.h"

struct seq_file;

struct sim_socket;

/**
 * struct sim_ctr - one counter, with what the generator carries over
 * @ctl:      its control register, as stored
 * @val:      its value
 * @stopped:  Xeon 7500 M-Box wrap_mode 0 hit an over- or underflow; the
 *            E5 model's scratch "wrapped in this step"
 * @rem_gate: Xeon 7500 M-Box flag-state gate remainder, in 1/8 events
 */
struct sim_ctr {
	u64 ctl;
	u64 val;
	bool stopped;
	u64 rem_gate;
};

struct sim_model;

/**
 * struct sim_model_ops - what a model does for the generic simulator
 *
 * Every member that takes a struct sim_socket is called with its lock
 * held (sim_lock()) and, but for @reset, after the socket caught up with
 * the clock; a member a model does not need is NULL.
 */
struct sim_model_ops {
	/**
	 * @init: Set up the model's state of every socket (zeroed, @socket_size
	 * bytes each, in sim_socket.regs) once the sockets exist, with the
	 * module's absent= list already parsed (xu_sim.absent); NULL: no
	 * set-up.  Returns 0 or a negative errno, logged.
	 */
	int (*init)(struct xu_sim *sim);
	/** @read: rdmsr: 0, or -EIO for an MSR the model does not have */
	int (*read)(struct sim_socket *s, u32 msr, u64 *val);
	/** @write: wrmsr, with the register's semantics: 0 or -EIO */
	int (*write)(struct sim_socket *s, u32 msr, u64 val);
	/**
	 * @peek: A register's value as the model holds it, for xu_sim_peek():
	 * no read side effect, no erratum.  NULL: -EIO.
	 */
	int (*peek)(struct sim_socket *s, u32 msr, u64 *val);
	/**
	 * @config: A PCI configuration access of @size bytes at @where of
	 * function @devfn of the socket's bus: 0, -ENODEV for a function the
	 * socket does not have, -EINVAL for a bad offset.  NULL: no PCI boxes,
	 * no PCI domain.
	 */
	int (*config)(struct sim_socket *s, unsigned int devfn, u32 where,
		      unsigned int size, u64 *val, bool write);
	/**
	 * @config_end: With @config: the end of function @devfn's registers,
	 * for the debugfs dump of its configuration space
	 */
	u32 (*config_end)(unsigned int devfn);
	/**
	 * @advance: The generator's events over the @ns nanoseconds from @from,
	 * with the overflows, status bits and PMIs they cause
	 */
	void (*advance)(struct sim_socket *s, u64 from, u64 ns);
	/**
	 * @next_event_ns: Nanoseconds until the generator next overflows a
	 * counter that raises a PMI, at most a second; 0 if none will
	 */
	u64 (*next_event_ns)(struct sim_socket *s);
	/**
	 * @freeze: The freeze of the package by a PMI takes effect now, at
	 * @s->last_ns (sim_pmi_freeze_lands()): the model's freeze, and
	 * @s->frozen_since if it was not frozen yet
	 */
	void (*freeze)(struct sim_socket *s);
	/**
	 * @reset: Every register to its reset value, as after a system sleep
	 */
	void (*reset)(struct sim_socket *s);
	/**
	 * @stale: The registers as a previous owner might have left them:
	 * counters enabled with their PMI, near the wrap, overflow status set,
	 * the package frozen, the PMI routed (xu_sim_stale()).  NULL: left as
	 * they are.
	 */
	void (*stale)(struct sim_socket *s);
	/**
	 * @inject: @n events of @event in box @idx of type @box, with
	 * sub-selector @sub (XU_SIM_SUB_ANY: whatever the box selects), now: 0
	 * or -EINVAL (see xu_sim_inject())
	 */
	int (*inject)(struct sim_socket *s, const char *box, unsigned int idx,
		      unsigned int event, u64 sub, u64 n);
	/**
	 * @rate: The generator's rate of an event, as xu_sim_rate() documents
	 */
	u64 (*rate)(unsigned int socket, const char *box, unsigned int idx,
		    unsigned int event);
	/**
	 * @inject_cmd: One line written to debugfs "inject", NUL-terminated: 0
	 * or a negative errno
	 */
	int (*inject_cmd)(struct xu_sim *sim, char *line);
	/**
	 * @pci_box: The PCI box a PMU name (without "uncore_") is, for absent=:
	 * its bit in xu_sim.absent, or -1.  NULL: the model has no PCI box.
	 */
	int (*pci_box)(const struct xu_sim *sim, const char *name);
	/**
	 * @pmi_cores: The cores the socket's PMI goes to now: bit n for core n
	 * of the package (xu_cpu_core_rank()), 0 for none
	 */
	unsigned long (*pmi_cores)(struct sim_socket *s);
	/**
	 * @gsts: The value a read of the socket's global status register
	 * (U_MSR_PMON_GLOBAL_STATUS) returns now, without side effects; false
	 * if the model has no such register.  With the socket's lock held.
	 * NULL: none.
	 */
	bool (*gsts)(struct sim_socket *s, u64 *val);
	/**
	 * @traffic_default: The scenario socket @socket of model @m starts
	 * with, which gives the rates Documentation/simulator.rst lists; only
	 * the members the model's traffic keys name, of its channels and links
	 */
	void (*traffic_default)(const struct sim_model *m, unsigned int socket,
				struct xu_sim_traffic *t);
};

/* The keys of a traffic scenario line (traffic.c), as bits of sim_model.keys */
enum sim_traffic_key {
	SIM_TK_READ, SIM_TK_WRITE, SIM_TK_TX, SIM_TK_RX, SIM_TK_LATENCY,
	SIM_TK_REMOTE, SIM_TK_UCLK, SIM_TK_PAGEHIT, SIM_TK_PAGEMISS, SIM_TK_C0,
	SIM_TK_C3, SIM_TK_C6, SIM_TK_CKEOFF, SIM_TK_NR
};

/* A range of MSRs, @first to @last, for the debugfs dump */
struct sim_msr_range {
	u32 first;
	u32 last;
};

/**
 * struct sim_model - one simulated uncore, a line of core.c's table
 * @name:          the model= name, which is also the driver's
 *                 (xu_attach())
 * @ops:           what it does
 * @data:          the model's own constant description, for @ops
 * @socket_size:   bytes of per-socket state (sim_socket.regs)
 * @max_sockets:   the most sockets it has, 0 for no limit
 * @msrs:          the MSR ranges the debugfs "msr" file reads, in order
 * @nr_msrs:       how many
 * @channels:      memory channels of a socket's traffic scenario
 * @links:         links of a socket's traffic scenario
 * @keys:          the scenario's keys the model counts: BIT(enum
 *                 sim_traffic_key)
 */
struct sim_model {
	const char *name;
	const struct sim_model_ops *ops;
	const void *data;
	size_t socket_size;
	unsigned int max_sockets;
	const struct sim_msr_range *msrs;
	unsigned int nr_msrs;
	u8 channels;
	u8 links;
	u16 keys;
};

/* Each family's models, NULL-terminated (nhmex.c, e5_boxes.c) */
extern const struct sim_model *const sim_nhmex_models[];
extern const struct sim_model *const sim_e5_models[];

/*
 * Counter keys of sim_ctr_track(): Xeon E5 8 x box + counter (the fixed
 * one too), up to 48 boxes (SIM_E5_MAX_BOXES); Xeon 7500 / E7 the
 * U-Box 0, M-Box b's counter i 8 + 8 x b + i
 */
#define SIM_GAP_KEYS		384

/**
 * struct sim_socket - one socket's registers and its PMI
 *
 * Every field but those marked otherwise is accessed with @lock held
 * (sim_lock()).
 *
 * @lock:          see sim_lock()
 * @id:            the socket number, topology_logical_package_id()
 * @last_ns:       the simulated time the counters were brought up to
 * @regs:          the model's registers of the socket (struct
 *                 sim_model.socket_size bytes)
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
 * @at_unfreeze:   an injection the handler's next unfreeze of the package
 *                 makes, xu_sim_inject_at_unfreeze()
 * @pmi_now:       the overflow being made is in the handler's window: its
 *                 PMI reaches the handler's CPU at once, sim_raise_pmi()
 * @traffic:       its traffic scenario (traffic.c), which the model's
 *                 rates derive from
 * @frozen_since:  a PMI froze the package then, 0 if not
 * @freeze_pending: an overflow's freeze waits for its PMI to reach a CPU's
 *                 local APIC (sim_pmi_freeze_now())
 * @frozen_ns:     time spent so, in all
 * @frozen_reads:  the register reads of @reads made while a PMI kept the
 *                 package frozen (@frozen_since set)
 * @frozen_writes: the same of @writes, the unfreeze's own write included
 * @handled_since: the global status was first read while a PMI kept the
 *                 package frozen then (its handler had the PMI), 0 if not
 * @handled_ns:    time spent frozen from that read to the unfreeze, in all
 * @ctr_on:        per counter key (sim_ctr_track()): it counts, as far as
 *                 its own control and its box's freeze say
 * @ctr_off_ns:    per key: the time it stopped, 0 if it counts or if its
 *                 stop came before the last reset of the gaps
 * @ctr_off_acc:   per key: @reads + @writes before the access that
 *                 stopped it
 * @gaps:          stops closed by a start since the last reset
 * @gap_ns:        their time, in all
 * @gap_accesses:  their register accesses, the stop's and the start's
 *                 included, in all
 * @nmi_gsts:      the model has a global status register, which NMIs
 *                 read without the lock (sim_access()); set at creation
 * @gsts_pub:      its value as the last holder of the lock left it;
 *                 written with the lock held, read without
 * @nmi_reads:     reads of it made so, not in @reads (atomic, no lock)
 * @nmi_frozen_reads: those of them made while a PMI kept the package
 *                 frozen, not in @frozen_reads (atomic, no lock)
 * @nmi_read_ns:   the time of the first of them since the lock was last
 *                 taken, 0 if none, for @handled_since: set without the
 *                 lock, taken with it
 * @tick:          wakes up at the next predicted overflow
 * @tick_work:     re-arms @tick after an NMI's accesses
 * @sd:            PCI models: the root bus's sysdata, its domain and node
 * @busn:          its bus number, as a resource
 * @bus:           the root bus, NULL if none
 */
struct sim_socket {
	arch_spinlock_t lock;
	unsigned int id;
	u64 last_ns;
	void *regs;
	u64 reads;
	u64 writes;
	struct xu_sim *sim;
	struct irq_work pmi_work;
	struct cpumask pmi_pending;
	struct cpumask pmi_targets;
	bool pmi_in_flight;
	bool pmi_done;
	u64 lost_pmis;
	struct sim_at_unfreeze {
		bool armed;
		char box[8];
		unsigned int idx;
		unsigned int event;
		u64 sub;
		u64 n;
	} at_unfreeze;
	bool pmi_now;
	struct xu_sim_traffic traffic;
	u64 frozen_since;
	bool freeze_pending;
	u64 frozen_ns;
	u64 frozen_reads;
	u64 frozen_writes;
	u64 handled_since;
	u64 handled_ns;
	DECLARE_BITMAP(ctr_on, SIM_GAP_KEYS);
	u64 ctr_off_ns[SIM_GAP_KEYS];
	u64 ctr_off_acc[SIM_GAP_KEYS];
	u64 gaps;
	u64 gap_ns;
	u64 gap_accesses;
	bool nmi_gsts;
	u64 gsts_pub;
	atomic64_t nmi_reads;
	atomic64_t nmi_frozen_reads;
	u64 nmi_read_ns;
	struct hrtimer tick;
	struct irq_work tick_work;
	struct pci_sysdata sd;
	struct resource busn;
	struct pci_bus *bus;
};

/**
 * struct sim_debugctl - one CPU's IA32_DEBUGCTL uncore PMI enable, hw.c
 * @uncore_pmi: bit 13 is set: the package's PMI reaches this CPU's core
 * @writes:     writes of the register
 * @sets:       those that set the bit
 * @clears:     those that cleared it
 * @set_by:     the address of the last write that set it, 0 if none
 * @cleared_by: the same of the last that cleared it
 *
 * Written by the CPU itself, in the hook's handler; read by others.
 */
struct sim_debugctl {
	bool uncore_pmi;
	u32 writes;
	u32 sets;
	u32 clears;
	unsigned long set_by;
	unsigned long cleared_by;
};

struct sim_hw;

/**
 * struct xu_sim - the simulated uncore
 * @sockets:     number of sockets
 * @model:       what it simulates
 * @absent:      PCI models: the boxes (bit n: the model's box n,
 *               sim_model_ops.pci_box) left out of the PCI buses
 * @domain:      PCI models: the domain of the buses, -1 until it has one
 * @generator:   the background generator runs
 * @manual:      time moves only by xu_sim_advance()
 * @manual_ns:   the manual clock
 * @violations:  writes that set a must-be-zero bit, and MSR accesses from
 *               a CPU of another package (sim_msr_access())
 * @pmis:        PMIs raised
 * @deliver_pmi: PMIs are sent as NMIs, see xu_sim_set_deliver_pmi()
 * @misroute:    each PMI goes to a CPU pmi_core_sel does not name
 * @wrong_guesses: every inferred behaviour the model documents is the
 *               other one (xu_sim_set_wrong_guesses()); read by the models
 * @wide_bits:   counter reads return bits above the counter's width
 *               (xu_sim_set_wide_bits(), sim_wide())
 * @gsts_from:   Xeon 7500 / E7: U_MSR_PMON_GLOBAL_STATUS bits reported
 *               in @gsts_to instead (xu_sim_move_global_status())
 * @gsts_to:     see @gsts_from
 * @gsts_stuck:  U_MSR_PMON_GLOBAL_STATUS bits that read set whatever is
 *               written, on the models with an uncore PMI
 *               (xu_sim_stick_global_status())
 * @foreign_filter: Xeon E5: a function that is not the QPI match/mask
 *               one sits at its place (xu_sim_set_foreign_filter())
 * @msr_cpu_check: an MSR access through xu_sim_io from a CPU of another
 *               package than the box's is a violation, and reaches the
 *               calling CPU's package (xu_sim_set_msr_cpu_check(),
 *               sim_msr_access())
 * @pmi_csd:     per CPU: the IPI that makes it take a PMI, sim_pmi_take()
 * @core_rank:   per CPU: its core's index in its package
 *               (xu_cpu_core_rank()), taken when the simulator starts
 * @hw:          hardware mode (hw.c): the MSR hook's claims, NULL if none;
 *               a PMI then goes only to CPUs whose @debugctl has it on
 * @debugctl:    hardware mode: per CPU, its IA32_DEBUGCTL bit 13
 * @debugfs:     <debugfs>/xeon_uncore_sim/, if created
 * @logging:     see xu_sim_log_start()
 * @log_n:       accesses since xu_sim_log_start()
 * @log:         the first XU_SIM_LOG_LEN of them
 * @sock:        the sockets
 */
struct xu_sim {
	unsigned int sockets;
	const struct sim_model *model;
	u64 absent;
	int domain;
	bool generator;
	bool manual;
	u64 manual_ns;
	atomic64_t violations;
	atomic64_t pmis;
	bool deliver_pmi;
	bool misroute;
	bool wrong_guesses;
	bool wide_bits;
	u64 gsts_from;
	u64 gsts_to;
	u64 gsts_stuck;
	bool foreign_filter;
	bool msr_cpu_check;
	call_single_data_t __percpu *pmi_csd;
	unsigned int __percpu *core_rank;
	struct sim_hw *hw;
	struct sim_debugctl __percpu *debugctl;
	struct dentry *debugfs;
	bool logging;
	atomic_t log_n;
	struct xu_sim_access log[XU_SIM_LOG_LEN];
	struct sim_socket sock[] __counted_by(sockets);
};

/* socket.c */
bool sim_lock(struct sim_socket *s, unsigned long *flags);
void sim_unlock(struct sim_socket *s, unsigned long flags);
struct sim_socket *sim_get(struct xu_sim *sim, unsigned int socket,
			   unsigned long *flags);
void sim_put(struct sim_socket *s, unsigned long flags);
u64 sim_now(struct xu_sim *sim);
void sim_advance(struct sim_socket *s);
u64 sim_gen(u64 rate, u64 from, u64 ns);
u64 sim_gen_ns(u64 rate, u64 from, u64 events);
void sim_violation(struct sim_socket *s, bool pci, unsigned int devfn,
		   u32 reg, u64 val, u64 rsvd);
void sim_socket_init(struct xu_sim *sim, unsigned int i);
int sim_access(struct xu_sim *sim, unsigned int socket, int devfn, u32 reg,
	       unsigned int size, u64 *val, bool write);
int sim_msr_access(struct xu_sim *sim, unsigned int socket, u32 reg, u64 *val,
		   bool write);
u64 sim_wide(const struct sim_socket *s, u64 val, unsigned int width);
int sim_inject(struct xu_sim *sim, unsigned int socket, const char *box,
	       unsigned int idx, unsigned int event, u64 sub, u64 n);
void sim_pmi_take(void *info);
void sim_unlock_take(struct sim_socket *s, unsigned long flags);
bool sim_pmi_freeze_now(struct sim_socket *s);
void sim_frozen_from(struct sim_socket *s, u64 ns);
void sim_pmi_freeze_lands(struct sim_socket *s);

/* pmi.c */
int sim_pmi_init(struct xu_sim *sim);
void sim_pmi_exit(struct xu_sim *sim);
void sim_pmi_quiesce(struct xu_sim *sim);
void sim_pmi_init_socket(struct sim_socket *s);
void sim_raise_pmi(struct sim_socket *s);
void sim_unfreeze(struct sim_socket *s, bool pending);
void sim_unfrozen(struct sim_socket *s);
void sim_ctr_track(struct sim_socket *s, unsigned int key, bool on);
int sim_mask_lvtpc(unsigned int cpu);

/* pci.c */
int sim_pci_create(struct xu_sim *sim);
void sim_pci_destroy(struct xu_sim *sim);

/* hw.c */
int sim_hw_start(struct xu_sim *sim);
void sim_hw_stop(struct xu_sim *sim);
void sim_hw_free(struct xu_sim *sim);

/* core.c */
const struct sim_model *sim_model_find(const char *name);
void sim_model_names(char *buf, size_t size);

/* traffic.c */
void sim_traffic_init(struct xu_sim *sim);
void sim_traffic_show(struct seq_file *m, struct xu_sim *sim);

/* debugfs.c */
int xu_sim_debugfs_init(struct xu_sim *sim);

#endif /* _XEON_UNCORE_SIM_INTERNAL_H */
