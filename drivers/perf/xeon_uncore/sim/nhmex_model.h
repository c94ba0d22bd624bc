/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The simulated Xeon 7500 (Nehalem-EX) and Xeon E7 (Westmere-EX) uncore,
 * shared by its files, bottom up: nhmex_events.c (what an event does to
 * the counters: enables, counting, overflow, background rates, the M-Box
 * and R-Box qualifiers, the summaries), nhmex_traffic.c (the rates from
 * the traffic scenario), nhmex_inject.c (injection: events, packets,
 * addresses, and the debugfs forms) and nhmex.c (the registers and the
 * model's struct sim_model).
 */
#ifndef _XEON_UNCORE_SIM_NHMEX_MODEL_H
#define _XEON_UNCORE_SIM_NHMEX_MODEL_H

#include <xeon_uncore/nhmex.h>

#include "internal.h"

#define CTR_MAX		GENMASK_ULL(NHMEX_CTR_WIDTH - 1, 0)
#define FLAG_STATES	8	/* set_flag_sel state f holds (f + 1) / 8 of the time */

/*
 * Counter control bits the guide calls reserved ("must write 0") or
 * ignored ("read zero; writes ignored"), per layout, written here rather
 * than taken from the driver's definitions: Tables 2-13 (C), 2-20 (B),
 * 2-29 (S), 2-44 (R), 2-98 (W)
 */
#define GEN_RSVD	(GENMASK_ULL(62, 61) | BIT_ULL(50))
#define GEN_IGN		(BIT_ULL(63) | GENMASK_ULL(60, 51) | GENMASK_ULL(49, 32) | \
			 BIT_ULL(21) | BIT_ULL(19) | GENMASK_ULL(17, 16))
#define GEN_EV_SEL	GENMASK_ULL(7, 0)
#define GEN_UMASK	GENMASK_ULL(15, 8)
#define GEN_PMI_EN	BIT_ULL(20)
#define GEN_EN		BIT_ULL(22)
#define B_EN		BIT_ULL(0)
#define B_EV_SEL	GENMASK_ULL(5, 1)
#define B_PMI_EN	BIT_ULL(20)
#define B_RSVD		(GENMASK_ULL(62, 61) | BIT_ULL(50))
#define B_IGN		(BIT_ULL(63) | GENMASK_ULL(60, 51) | GENMASK_ULL(49, 21) | \
			 GENMASK_ULL(19, 6))
#define R_EN		BIT_ULL(0)
#define R_EV_SEL	GENMASK_ULL(5, 1)
#define R_PMI_EN	BIT_ULL(6)
#define R_RSVD		GENMASK_ULL(62, 61)
#define R_IGN		(BIT_ULL(63) | GENMASK_ULL(60, 7))
/* W_MSR_PMON_FIXED_CTR_CTL: en 0; pmi_en 20 is the simulator's choice */
#define W_FIXED_EN	BIT_ULL(0)
#define W_FIXED_PMI_EN	BIT_ULL(20)
#define W_GCTL_FIXED	BIT_ULL(31)
/* R-Box XBR MATCH and MASK (Table 2-51): must-be-zero fields */
#define XBR_MM_RSVD	(GENMASK_ULL(63, 52) | GENMASK_ULL(47, 36) | GENMASK_ULL(30, 18))
#define XBR_CFG_IGN	GENMASK_ULL(62, 22)
/* S_MSR_MASK (Table 2-35): bits 62:39 ignored */
#define S_MASK_IGN	GENMASK_ULL(62, 39)
#define S_MM_CFG_EN	BIT_ULL(63)
/* M-Box address filter: ADDR_MATCH 33:0, ADDR_MASK 26:0 */
#define M_MATCH_BITS	GENMASK_ULL(33, 0)
#define M_MASK_BITS	GENMASK_ULL(26, 0)
/* the event that counts R-Box packets through its S-Box, Table 2-36 */
#define S_TO_R_PROG_EV	0

/* The R-Box counter's ev_sel: port ev / 6 of the half, slot ev % 6 */
#define R_SLOTS		6
#define R_NR_EVENTS	(R_SLOTS * NHMEX_R_PORTS)
enum { R_IPERF0, R_IPERF1, R_QLX_LO, R_QLX_HI, R_XBR1, R_XBR2 };

/* The uncore clock the W-Box fixed counter and W ev_sel 0xff count */
#define W_CLOCK		0xff
#define W_CLOCK_RATE	10

struct sim_mbox {
	u64 gctl;
	u64 status;
	struct sim_ctr c[NHMEX_M_NUM_COUNTERS];
};

/*
 * A box with GLOBAL_CTL, STATUS and OVF_CTL and counters in control/data
 * pairs (C, B, S, R and W; the W-Box's fixed counter is
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
 * struct sim_nx - one socket's Xeon 7500 / E7 registers (sim_socket.regs)
 * @u_gctl:    U_MSR_PMON_GLOBAL_CTL
 * @u_gsts:    U_MSR_PMON_GLOBAL_STATUS.ov_u, the one bit of it that is
 *             not a summary (sim_u_gsts() derives the others)
 * @u:         the U-Box counter
 * @m:         the M-Boxes
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
 * @freeze_due: an overflow froze the package (frz_all), from the end of
 *             the events that caused it (sim_nx_span_end())
 */
struct sim_nx {
	u64 u_gctl;
	u64 u_gsts;
	struct sim_ctr u;
	struct sim_mbox m[NHMEX_M_NUM_BOXES];
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
	bool freeze_due;
};

/**
 * struct sim_nx_desc - what tells the Xeon E7 from the Xeon 7500
 * (sim_model.data)
 * @nr_cboxes: C-Boxes: 8, or 10 on the Xeon E7
 * @fvc_shift: how far the ZDP_CTL_FVC fields sit above the Xeon 7500's:
 *             0, or 1 on the Xeon E7 (fvid 5:0)
 */
struct sim_nx_desc {
	unsigned int nr_cboxes;
	unsigned int fvc_shift;
};

static inline struct sim_nx *sim_nx(struct sim_socket *s)
{
	return s->regs;
}

/* Every guess is the other way (xu_sim_set_wrong_guesses()) */
static inline bool sim_nx_wrong(const struct sim_socket *s)
{
	return READ_ONCE(s->sim->wrong_guesses);
}

static inline const struct sim_nx_desc *sim_nx_desc(struct sim_socket *s)
{
	return s->sim->model->data;
}

enum sim_nx_type { NX_C, NX_B, NX_S, NX_R, NX_W, NX_NR_TYPES };

/**
 * struct sim_nx_layout - the registers of one box type
 * @n:     counters (the W-Box's fixed counter not counted)
 * @en:    counter control enable
 * @pmi:   counter control pmi_en
 * @rsvd:  counter control bits that must be written 0
 * @ign:   counter control bits that read 0, writes ignored
 * @gctl:  GLOBAL_CTL bits that exist (ctr_en, W fixed_en)
 */
struct sim_nx_layout {
	unsigned int n;
	u64 en;
	u64 pmi;
	u64 rsvd;
	u64 ign;
	u64 gctl;
};

extern const struct sim_nx_layout sim_nx_layouts[NX_NR_TYPES];

/* One box: its type, index, registers and state */
struct sim_nx_ref {
	enum sim_nx_type type;
	unsigned int idx;
	u32 gctl;
	u32 ctl0;
	struct sim_nx_box *box;
};

/* nhmex_events.c */
int sim_nx_type(const char *name);
bool sim_nx_get(struct sim_socket *s, enum sim_nx_type t, unsigned int i,
		struct sim_nx_ref *r);
bool sim_nx_nth(struct sim_socket *s, unsigned int n, struct sim_nx_ref *r);
unsigned int sim_nx_ctrs(const struct sim_nx_ref *r);
unsigned int sim_nx_code(const struct sim_nx_ref *r, unsigned int k);
bool sim_b_match_event(unsigned int code);
bool sim_nx_packet_event(enum sim_nx_type t, unsigned int code);
bool sim_u_counting(struct sim_socket *s);
bool sim_m_counting(struct sim_socket *s, unsigned int b, unsigned int i);
bool sim_nx_counting(struct sim_socket *s, const struct sim_nx_ref *r,
		     unsigned int k);
u64 sim_nx_pmi_bit(const struct sim_socket *s, const struct sim_nx_ref *r,
		   unsigned int k);
void sim_u_events(struct sim_socket *s, u64 n);
void sim_m_events(struct sim_socket *s, unsigned int b, unsigned int i,
		  u64 n);
void sim_nx_events(struct sim_socket *s, const struct sim_nx_ref *r,
		   unsigned int k, u64 n);
u64 sim_um_rate(unsigned int socket, bool ubox, unsigned int m,
		unsigned int event);
u64 sim_nx_rate(unsigned int socket, const char *box, unsigned int idx,
		unsigned int event);
bool sim_r_qualifies(struct sim_socket *s, const struct sim_nx_ref *r,
		     unsigned int code, u64 sub);
u64 sim_nx_gen_rate(struct sim_socket *s, const struct sim_nx_ref *r,
		    unsigned int k);
u64 sim_ns_to_flow(const struct sim_ctr *c, u64 rate, bool down, u64 from);
u64 sim_nx_summary(struct sim_socket *s, unsigned int b);
u64 sim_u_gsts(struct sim_socket *s);
bool sim_match72(u64 val, u8 hi, u64 match, u8 mhi, u64 mask, u8 khi);
bool sim_m_qualifies(struct sim_socket *s, unsigned int b, unsigned int ev,
		     u64 sub, const u64 *addr);
void sim_m_inject(struct sim_socket *s, unsigned int b, unsigned int ev,
		  u64 sub, const u64 *addr, u64 n);

/* nhmex_traffic.c */
u64 sim_m_count_rate(struct sim_socket *s, unsigned int b, unsigned int i);
u64 sim_nx_count_rate(struct sim_socket *s, const struct sim_nx_ref *r,
		      unsigned int k);
void sim_nx_traffic_default(const struct sim_model *m, unsigned int socket,
			    struct xu_sim_traffic *t);

/* nhmex_inject.c */
bool sim_nx_span_end(struct sim_socket *s, u64 at);
void sim_nx_freeze(struct sim_socket *s);
int sim_nx_inject(struct sim_socket *s, const char *box, unsigned int idx,
		  unsigned int event, u64 sub, u64 n);
int sim_nx_inject_cmd(struct xu_sim *sim, char *line);

#endif /* _XEON_UNCORE_SIM_NHMEX_MODEL_H */
