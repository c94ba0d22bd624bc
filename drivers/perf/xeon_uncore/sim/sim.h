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

#include <linux/bits.h>
#include <linux/types.h>

#include <xeon_uncore/compat.h>

/*
 * The module's symbol namespace, for EXPORT_SYMBOL_NS_GPL() and
 * MODULE_IMPORT_NS() (compat.h's XU_NS_NAME())
 */
#define XU_SIM_NS		XU_NS_NAME(XEON_UNCORE_SIM)

struct pci_bus;
struct pci_dev;
struct xu_io_ops;
struct xu_sim;

/*
 * The accessors of the simulator, for a private struct xu_uncore on a
 * private simulator (xu_box.io_priv is the struct xu_sim)
 */
extern const struct xu_io_ops xu_sim_io;

/* Generator rates, in events per second; see Documentation/simulator.rst */
#define XU_SIM_RATE_UNIT	100000ULL

/*
 * Ivy Bridge-EP U_MSR_PMON_GLOBAL_STATUS bits of the boxes no public
 * source gives one: the simulator's choice, which the driver must not
 * rely on
 */
#define XU_SIM_IVBEP_GSTS_QPI2		BIT_ULL(27)
#define XU_SIM_IVBEP_GSTS_R3QPI2	BIT_ULL(28)
#define XU_SIM_IVBEP_GSTS_IRP		BIT_ULL(29)

/*
 * With wrong guesses (xu_sim_set_wrong_guesses()): other bits, none of
 * them among the known ones (26:0) nor the driver's 29:27 for the same box
 */
#define XU_SIM_IVBEP_WRONG_GSTS_QPI2	BIT_ULL(31)
#define XU_SIM_IVBEP_WRONG_GSTS_R3QPI2	BIT_ULL(30)
#define XU_SIM_IVBEP_WRONG_GSTS_IRP	BIT_ULL(27)
/*
 * With wrong guesses, the IVB-EP C-Boxes have a box status register, at
 * C_MSR_PMON_BOX_CTL + 1 (write 1 to clear), that the driver does not know
 */
#define XU_SIM_IVBEP_WRONG_C_STATUS(n)	(0xd05 + 0x20 * (n))

/* The most memory channels and links a model's scenario has */
#define XU_SIM_CHANNELS		8
#define XU_SIM_LINKS		8

/**
 * struct xu_sim_traffic - one socket's traffic scenario
 * @read:    per memory channel: bytes read, in MB/s (10^6 bytes a second,
 *           of 64-byte lines)
 * @write:   per memory channel: bytes written, in MB/s
 * @tx:      per link: data sent, in MB/s
 * @rx:      per link: data received, in MB/s
 * @latency: the average memory read latency, in ns
 * @remote:  the share of the memory reads of the socket's channels that
 *           come from another socket, in percent
 * @uclk:    the uncore clock, in MHz
 * @pagehit: per memory channel: the share of its reads and writes that
 *           find their DRAM page open, in percent
 * @pagemiss: per memory channel: the share that find another page open
 *           in their bank (a page miss); the rest find the bank closed
 * @c0:      the share of the cores' time spent in C0, in percent
 * @c3:      the same in C3
 * @c6:      the same in C6 (the rest of 100, in C1)
 * @ckeoff:  per memory channel: the share of its DRAM clocks in which
 *           its ranks are powered down (CKE off), in percent
 *
 * Every modelled event counts from it by its definition
 * (Documentation/simulator.rst, "Traffic"); a model uses only the members
 * its struct sim_model names.
 */
struct xu_sim_traffic {
	u32 read[XU_SIM_CHANNELS];
	u32 write[XU_SIM_CHANNELS];
	u32 tx[XU_SIM_LINKS];
	u32 rx[XU_SIM_LINKS];
	u32 latency;
	u32 remote;
	u32 uclk;
	u32 pagehit[XU_SIM_CHANNELS];
	u32 pagemiss[XU_SIM_CHANNELS];
	u32 c0;
	u32 c3;
	u32 c6;
	u32 ckeoff[XU_SIM_CHANNELS];
};

/**
 * struct xu_sim_access - one register access, as the access log keeps it
 * @write:  a wrmsr (a configuration write), else a rdmsr (read)
 * @socket: the socket accessed
 * @msr:    the MSR, or the offset of a PCI configuration access
 * @val:    the value written, or read
 * @pci:    a PCI configuration access (E5 models), not an MSR
 * @devfn:  with @pci: the function (PCI_DEVFN()) on the socket's bus
 */
struct xu_sim_access {
	bool write;
	unsigned int socket;
	u32 msr;
	u64 val;
	bool pci;
	unsigned int devfn;
};

/* Accesses the log keeps: the first ones after xu_sim_log_start() */
#define XU_SIM_LOG_LEN		64

struct xu_sim *xu_sim_create(const char *model, unsigned int sockets);
struct xu_sim *xu_sim_create_absent(const char *model, unsigned int sockets,
				    const char *absent);
void xu_sim_destroy(struct xu_sim *sim);
void xu_sim_quiesce(struct xu_sim *sim);
bool xu_sim_set_deliver_pmi(struct xu_sim *sim, bool on);
u64 xu_sim_pmis(struct xu_sim *sim);
u64 xu_sim_lost_pmis(struct xu_sim *sim, unsigned int socket);
int xu_sim_frozen(struct xu_sim *sim, unsigned int socket, u64 *reads,
		  u64 *writes, u64 *ns);
int xu_sim_gaps(struct xu_sim *sim, unsigned int socket, u64 *gaps, u64 *ns,
		u64 *accesses);
void xu_sim_gaps_reset(struct xu_sim *sim);
int xu_sim_inject_at_unfreeze(struct xu_sim *sim, unsigned int socket,
			      const char *box, unsigned int idx,
			      unsigned int event, u64 sub, u64 n);
unsigned long xu_sim_pmi_cores(u64 u_global_ctl);
int xu_sim_read(struct xu_sim *sim, unsigned int socket, u32 reg, u64 *val);
int xu_sim_write(struct xu_sim *sim, unsigned int socket, u32 reg, u64 val);
int xu_sim_inject(struct xu_sim *sim, unsigned int socket, const char *box,
		  unsigned int idx, unsigned int event, u64 sub, u64 n);
u64 xu_sim_rate(struct xu_sim *sim, unsigned int socket, const char *box,
		unsigned int idx, unsigned int event);
void xu_sim_set_generator(struct xu_sim *sim, bool on);
int xu_sim_set_traffic(struct xu_sim *sim, const char *lines);
int xu_sim_traffic(struct xu_sim *sim, unsigned int socket,
		   struct xu_sim_traffic *t);
void xu_sim_set_wrong_guesses(struct xu_sim *sim, bool on);
void xu_sim_set_wide_bits(struct xu_sim *sim, bool on);
void xu_sim_move_global_status(struct xu_sim *sim, u64 from, u64 to);
void xu_sim_stick_global_status(struct xu_sim *sim, u64 bits);
void xu_sim_set_foreign_filter(struct xu_sim *sim, bool on);
void xu_sim_set_msr_cpu_check(struct xu_sim *sim, bool on);
void xu_sim_stale(struct xu_sim *sim);
int xu_sim_hold(struct xu_sim *sim, unsigned int socket, atomic_t *state,
		u64 max_ns);
void xu_sim_power_on(struct xu_sim *sim);
void xu_sim_set_manual_clock(struct xu_sim *sim, bool manual);
void xu_sim_advance(struct xu_sim *sim, u64 ns);
u64 xu_sim_violations(struct xu_sim *sim);
void xu_sim_accesses(struct xu_sim *sim, u64 *reads, u64 *writes);
void xu_sim_log_start(struct xu_sim *sim);
unsigned int xu_sim_log_stop(struct xu_sim *sim, struct xu_sim_access *log);
struct xu_sim *xu_sim_instance(void);

/*
 * A sub-selector (xu_sim_inject()) that satisfies whatever the
 * sub-registers select
 */
#define XU_SIM_SUB_ANY		(~0ULL)

/* Xeon 7500 / E7 models ("nhmex", "wsmex"), Documentation/simulator.rst */

/*
 * Westmere-EX C-Boxes 8 and 9, which the 7500 guide does not place in the
 * overflow hierarchy: the simulator reports C8 through S-Box 0 and C9
 * through S-Box 1, both as S_MSR_PMON_SUMMARY.ov_c_r (bit 0).  The
 * simulator's choice, which the driver must not rely on.
 */
#define XU_SIM_WSMEX_C8_SBOX	0
#define XU_SIM_WSMEX_C9_SBOX	1
#define XU_SIM_WSMEX_C89_SUM	BIT_ULL(0)

/*
 * With wrong guesses (xu_sim_set_wrong_guesses()), Xeon 7500 / E7:
 * - the W-Box fixed counter's PMI enable is bit 2 of its control (0x395),
 *   as in Nehalem's MSR at that address, and bit 20 does nothing;
 * - pmi_core_sel (U_MSR_PMON_GLOBAL_CTL 4:1) is a core number, not a
 *   mask: value n sends the PMI to core n (0: core 0);
 * - 0xc43 and 0xcc3 are no summaries: they read 0, writes are ignored
 *   (the summaries still feed U_MSR_PMON_GLOBAL_STATUS);
 * - R-Box half i (ports 4i to 4i + 3) reports through S-Box 1 - i;
 * - Westmere-EX's C8 reports through S-Box 1 and C9 through S-Box 0, both
 *   as ov_c_l (bit 2);
 * - the B-Box counters' PMI enable is bit 6 of B_MSR_PMON_EVT_SEL, and
 *   bit 20 does nothing.
 */
#define XU_SIM_NX_WRONG_W_FIXED_PMI_EN	BIT_ULL(2)
#define XU_SIM_NX_WRONG_B_PMI_EN	BIT_ULL(6)
#define XU_SIM_WSMEX_WRONG_C89_SUM	BIT_ULL(2)

/**
 * struct xu_sim_rpkt - a packet crossing an R-Box port
 * @hdr:    header bits 63:0, as XBR MATCH and MASK see them
 * @hdr_hi: header bits 71:64, as MM_CFG's match_71_64 and mask_71_64 do
 * @flits:  its length in flits (1 and up); MM_CFG.match_flt_cnt picks one
 *          of them, ig_flt_cnt counts them all
 */
struct xu_sim_rpkt {
	u64 hdr;
	u8 hdr_hi;
	u8 flits;
};

int xu_sim_rbox_packet(struct xu_sim *sim, unsigned int socket,
		       unsigned int port, const struct xu_sim_rpkt *pkt, u64 n);
int xu_sim_sbox_packet(struct xu_sim *sim, unsigned int socket,
		       unsigned int box, u64 pkt, u64 n);
int xu_sim_bbox_packet(struct xu_sim *sim, unsigned int socket,
		       unsigned int box, unsigned int event, u64 pkt, u64 n);
int xu_sim_mbox_addr(struct xu_sim *sim, unsigned int socket, unsigned int box,
		     unsigned int event, u64 sub, u64 addr, u64 n);
int xu_sim_peek(struct xu_sim *sim, unsigned int socket, u32 reg, u64 *val);

/* Models with PCI boxes (the Xeon E5 ones) */
int xu_sim_pci_domain(struct xu_sim *sim);
struct pci_bus *xu_sim_pci_bus(struct xu_sim *sim, unsigned int socket);
struct pci_dev *xu_sim_pci_dev(struct xu_sim *sim, unsigned int socket,
			       unsigned int devfn);
int xu_sim_pci_read(struct xu_sim *sim, unsigned int socket,
		    unsigned int devfn, u32 off, u32 *val);
int xu_sim_pci_write(struct xu_sim *sim, unsigned int socket,
		     unsigned int devfn, u32 off, u32 val);

#endif /* _XEON_UNCORE_SIM_H */
