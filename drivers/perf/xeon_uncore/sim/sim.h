/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The simulated uncore (xeon_uncore_sim.ko): a register file per socket
 * with the semantics of the specifications, which the unchanged driver
 * drives through its accessor interface once the module attached it
 * (xu_attach()).  What the KUnit suites and the benchmark use of it is
 * exported in the XEON_UNCORE_SIM namespace.
 */
#ifndef _XEON_UNCORE_SIM_H
#define _XEON_UNCORE_SIM_H

#include <linux/types.h>

/*
 * The module's symbol namespace, for EXPORT_SYMBOL_NS_GPL() and
 * MODULE_IMPORT_NS(): a string literal from Linux 6.13 on, a bare word
 * before (Kbuild defines XU_NS_LITERAL from the kernel's version).
 */
#ifdef XU_NS_LITERAL
#define XU_SIM_NS		"XEON_UNCORE_SIM"
#else
#define XU_SIM_NS		XEON_UNCORE_SIM
#endif

struct xu_io_ops;
struct xu_sim;

/* Event sources a test or the generator can drive */
enum xu_sim_box {
	XU_SIM_UBOX,
	XU_SIM_MBOX0,
	XU_SIM_MBOX1,
	XU_SIM_NR_BOXES,
};

/*
 * The accessors of the simulator, for a private struct xu_uncore on a
 * private simulator (xu_box.io_priv is the struct xu_sim)
 */
extern const struct xu_io_ops xu_sim_io;

/* Generator rates, in events per second; see Documentation/simulator.rst */
#define XU_SIM_RATE_UNIT	100000ULL

/**
 * struct xu_sim_access - one register access, as the access log keeps it
 * @write:  a wrmsr, else a rdmsr
 * @socket: the socket accessed
 * @msr:    the MSR
 * @val:    the value written, or read
 */
struct xu_sim_access {
	bool write;
	unsigned int socket;
	u32 msr;
	u64 val;
};

/* Accesses the log keeps: the first ones after xu_sim_log_start() */
#define XU_SIM_LOG_LEN		64

struct xu_sim *xu_sim_create(const char *model, unsigned int sockets);
void xu_sim_destroy(struct xu_sim *sim);
void xu_sim_quiesce(struct xu_sim *sim);
bool xu_sim_set_deliver_pmi(struct xu_sim *sim, bool on);
u64 xu_sim_pmis(struct xu_sim *sim);
unsigned long xu_sim_pmi_cores(u64 u_global_ctl);
int xu_sim_read(struct xu_sim *sim, unsigned int socket, u32 reg, u64 *val);
int xu_sim_write(struct xu_sim *sim, unsigned int socket, u32 reg, u64 val);
int xu_sim_inject(struct xu_sim *sim, unsigned int socket,
		  enum xu_sim_box box, unsigned int event, u64 n);
u64 xu_sim_rate(unsigned int socket, enum xu_sim_box box, unsigned int event);
void xu_sim_set_generator(struct xu_sim *sim, bool on);
void xu_sim_power_on(struct xu_sim *sim);
void xu_sim_set_manual_clock(struct xu_sim *sim, bool manual);
void xu_sim_advance(struct xu_sim *sim, u64 ns);
u64 xu_sim_violations(struct xu_sim *sim);
void xu_sim_accesses(struct xu_sim *sim, u64 *reads, u64 *writes);
void xu_sim_log_start(struct xu_sim *sim);
unsigned int xu_sim_log_stop(struct xu_sim *sim, struct xu_sim_access *log);
struct xu_sim *xu_sim_instance(void);

#endif /* _XEON_UNCORE_SIM_H */
