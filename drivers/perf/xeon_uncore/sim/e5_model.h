/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The simulated Xeon E5 uncores, shared by their files: e5_boxes.c (each
 * model's data: its boxes, register map, valid bits and event facts, and
 * its struct sim_model), e5.c (the registers and the models'
 * operations), e5_pci.c (the
 * PCI functions' configuration space) and e5_traffic.c (the rates).
 */
#ifndef _XEON_UNCORE_SIM_E5_MODEL_H
#define _XEON_UNCORE_SIM_E5_MODEL_H

#include <linux/build_bug.h>

#include <xeon_uncore/hswep.h>
#include <xeon_uncore/snbep.h>

#include "internal.h"

/* E5 box types */
enum sim_e5_type {
	E5_UBOX, E5_CBOX, E5_PCU, E5_HA, E5_IMC, E5_QPI, E5_R2PCIE, E5_R3QPI,
	E5_IRP, E5_SBOX, E5_NR_TYPES
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
#define SIM_HSWEP_FILLER	0x2fff
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

/* What an MSR or PCI register of a box is (struct sim_e5_msr, sim_e5_at) */
enum sim_e5_reg {
	R_CTL, R_CTR, R_BOX_CTL, R_STATUS, R_FILTER,
	/* the U-Box's global control, status and config (IVB-EP) */
	R_GCTL, R_GSTS, R_GCFG,
};

/**
 * struct sim_e5_msr - a run of MSRs in a model's register map
 * @msr:    the first (of box 0 of the type, for a type of several boxes)
 * @n:      how many consecutive MSRs: registers @i to @i + @n - 1
 * @type:   enum sim_e5_type: whose
 * @reg:    enum sim_e5_reg: what
 * @i:      the first's counter (SIM_E5_FIXED: the fixed one) or filter
 * @stride: the MSRs of box k of @type are at + k * @stride
 * @wrong:  there only with wrong guesses (Documentation/simulator.rst)
 */
struct sim_e5_msr {
	u32 msr;
	u8 n;
	u8 type;
	u8 reg;
	u8 i;
	u16 stride;
	bool wrong;
};

/**
 * struct sim_e5_model - an E5 uncore: its boxes, registers and events
 * @name:         the generation: "snbep", "ivbep", "hswep", "bdx", "bdxde"
 * @pmi:          an overflow with ov_en freezes the package and raises a
 *                PMI, through the U-Box's global control and status
 * @frz:          the box control bits that, all set, freeze the box
 * @ctl_valid:    the valid bits of a counter control, per box type
 * @fixed_valid:  the valid bits of a fixed counter's control (an iMC's
 *                adds its reset bit)
 * @box_ctl_valid: the valid bits of a box control
 * @filter_valid: the valid bits of each filter (match, mask) register,
 *                per box type
 * @msrs:         the register map of the MSR boxes: the runs both
 *                generations have, then the model's own
 * @nr_msrs:      how many runs in each
 * @opc_filter:   the C-Box filter register that holds the opcode
 * @opc:          its opcode field
 * @nid_filter:   the C-Box filter register that holds the node field
 * @nid:          its node field, a bit per node id
 * @state:        the state field of C-Box filter register 0
 * @nc:           the nc and isoc bits of the opcode's filter register
 *                (IVB-EP; 0 on SNB-EP)
 * @lookup_umask: the C-Box LLC_LOOKUP umask bits that are defined
 * @cas_umask:    the iMC CAS_COUNT umask bits that are defined
 * @tor_umask:    the C-Box TOR umask bits beyond 0x1f that are defined
 *                (local 0x20, remote 0x80, never both)
 * @act_umask:    the iMC ACT_COUNT umask bits that are defined (none:
 *                only umask 0 is)
 * @pre_umask:    the iMC PRE_COUNT umask bits that are defined
 * @occ_c0_c1:    PCU POWER_STATE_OCCUPANCY occ_sel 1 counts the cores in
 *                C0 and C1 (IVB-EP, Haswell-EP, Broadwell-EP), not in
 *                C0 only (SNB-EP)
 * @width:        per box type, the width of its counters where it is not
 *                the type's (struct sim_e5_tdesc); 0: the type's
 * @irp_ctrs:     the IRP's counter offsets where they are not the PCI
 *                boxes' (0xa0 + 8 i); NULL: they are
 * @tid_core:     the C-Box filter 0 TID bits that name a core (bit 0
 *                names its thread)
 * @tid_none:     the TID bit that names the requests of no thread; 0 if
 *                the field has none
 * @cap_devfn:    the function whose @cap_reg holds the die's chop (the
 *                S-Boxes it has), 0 if the model has none
 * @cap_devid:    its device ID
 * @cap_reg:      the register
 * @cap_chop:     the chop field in it: 0 for a die of at most
 *                @chop_cores[0] cores, 1 for at most @chop_cores[1], else 2
 * @chop_cores:   the cores of the two smaller dies
 * @boxes:        its boxes, per socket
 * @nr_boxes:     how many
 * @ubox_devid:   device ID of the U-Box function
 * @filler_devid: device ID of a filler function 0
 */
struct sim_e5_model {
	const char *name;
	bool pmi;
	u64 frz;
	u64 ctl_valid[E5_NR_TYPES];
	u64 fixed_valid;
	u64 box_ctl_valid;
	u64 filter_valid[E5_NR_TYPES][4];
	const struct sim_e5_msr *msrs[2];
	unsigned int nr_msrs[2];
	u8 opc_filter;
	u64 opc;
	u8 nid_filter;
	u64 nid;
	u64 state;
	u64 nc;
	u8 lookup_umask;
	u8 cas_umask;
	u8 tor_umask;
	u8 act_umask;
	u8 pre_umask;
	bool occ_c0_c1;
	u8 width[E5_NR_TYPES];
	const u32 *irp_ctrs;
	u64 tid_core;
	u64 tid_none;
	u8 cap_devfn;
	u16 cap_devid;
	u32 cap_reg;
	u32 cap_chop;
	u8 chop_cores[2];
	const struct sim_e5_desc *boxes;
	unsigned int nr_boxes;
	u16 ubox_devid;
	u16 filler_devid;
};

/*
 * The most boxes a model may have: one U-Box, 24 C-Boxes, 4 S-Boxes, the
 * PCU, 2 HAs, 8 iMC channels, the IRP, 3 QPI ports, R2PCIe, 3 R3QPI links
 */
#define SIM_E5_MAX_BOXES	48
/* absent= "pcu_cap": its bit in struct xu_sim.absent, beyond every box's */
#define SIM_E5_CAP_ABSENT	SIM_E5_MAX_BOXES
static_assert(SIM_E5_CAP_ABSENT < 64);

/**
 * struct sim_e5_tdesc - one box type
 * @name:    its name, as xu_sim_inject() takes it
 * @nctrs:   general-purpose counters
 * @width:   their width
 * @fixed:   a fixed counter (48 bits)
 * @box_ctl: a box control register
 */
struct sim_e5_tdesc {
	const char *name;
	u8 nctrs;
	u8 width;
	bool fixed;
	bool box_ctl;
};

extern const struct sim_e5_tdesc sim_e5_types[E5_NR_TYPES];
/* e5.c: what every E5 model does, by its data */
extern const struct sim_model_ops sim_e5_ops;

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
 * struct sim_e5 - one socket's E5 registers (sim_socket.regs)
 * @gctl:      IVB-EP U_MSR_PMON_GLOBAL_CTL, without its write-only bits
 * @gsts:      IVB-EP U_MSR_PMON_GLOBAL_STATUS
 * @gcfg:      IVB-EP U_MSR_PMON_GLOBAL_CONFIG
 * @frozen:    IVB-EP: the package is frozen (frz_all, or an overflow)
 * @thawed:    IVB-EP with wrong guesses: the boxes (bit b for @box[b])
 *             that a box control write with frz clear thawed from that
 *             freeze, until the next one
 * @nodeid:    the U-Box function's CPUNODEID
 * @threads:   its threads a core (TID filter), 1 for a socket without CPUs
 * @gidnidmap: the U-Box function's GIDNIDMAP
 * @ncbox:     its C-Boxes: one a core, at most the model's
 * @box:       the boxes, as the model lists them
 */
struct sim_e5 {
	u64 gctl;
	u64 gsts;
	u64 gcfg;
	bool frozen;
	u64 thawed;
	u32 nodeid;
	unsigned int threads;
	u32 gidnidmap;
	unsigned int ncbox;
	struct sim_e5_box box[SIM_E5_MAX_BOXES];
};

static inline struct sim_e5 *sim_e5(struct sim_socket *s)
{
	return s->regs;
}

static inline const struct sim_e5_model *sim_e5m(const struct xu_sim *sim)
{
	return sim->model->data;
}

/**
 * struct sim_e5_at - where a register access lands
 * @b:   the box, an index into the model's boxes
 * @reg: enum sim_e5_reg
 * @i:   the counter (SIM_E5_FIXED: the fixed one) or filter register
 */
struct sim_e5_at {
	unsigned int b;
	enum sim_e5_reg reg;
	unsigned int i;
};

/* The largest value of counter @i of box @d of model @m */
static inline u64 sim_e5_ctr_max(const struct sim_e5_model *m,
				 const struct sim_e5_desc *d, unsigned int i)
{
	unsigned int w = m->width[d->type] ?: sim_e5_types[d->type].width;

	return GENMASK_ULL(i == SIM_E5_FIXED ? E5_WIDTH_48 - 1 : w - 1, 0);
}

/* Box @d has counter @i (SIM_E5_FIXED: the fixed one) */
static inline bool sim_e5_has(const struct sim_e5_desc *d, unsigned int i)
{
	return i == SIM_E5_FIXED ? sim_e5_types[d->type].fixed :
	       i < sim_e5_types[d->type].nctrs;
}

/* e5.c: a box register's value, as stored and as a read returns it */
u64 sim_e5_get(struct sim_socket *s, const struct sim_e5_at *at);
u64 sim_e5_read_reg(struct sim_socket *s, const struct sim_e5_at *at);
void sim_e5_put(struct sim_socket *s, const struct sim_e5_at *at, u64 val,
		bool pci, u32 reg);

/* e5_pci.c */
int sim_e5_init(struct xu_sim *sim);
int sim_e5_config(struct sim_socket *s, unsigned int devfn, u32 where,
		  unsigned int size, u64 *val, bool write);
u32 sim_e5_config_end(unsigned int devfn);
int sim_e5_pci_box(const struct xu_sim *sim, const char *name);

/* e5_boxes.c */
int sim_e5_type(const char *name);
int sim_e5_find(const struct sim_e5_model *m, const char *name);
unsigned int sim_e5_box_of(const struct sim_e5_model *m, u8 type,
			   unsigned int idx);

/*
 * What each umask value adds to an event's background rate, so that no
 * two encodings the model leaves out count the same
 */
#define SIM_E5_UMASK_RATE	1000

/* e5_traffic.c */
u64 sim_e5_rate_of(unsigned int socket, const char *box, unsigned int idx,
		   unsigned int event);
u64 sim_e5_count_rate(struct sim_socket *s, unsigned int b, unsigned int i);
void sim_e5_traffic_default(const struct sim_model *m, unsigned int socket,
			    struct xu_sim_traffic *t);

#endif /* _XEON_UNCORE_SIM_E5_MODEL_H */
