/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore registers (io.c): the only layer that computes a register
 * address or touches a register, MSR or PCI configuration space.
 */
#ifndef _XEON_UNCORE_IO_H
#define _XEON_UNCORE_IO_H

#include "types.h"

/* The accessors of the machine's own MSRs */
extern const struct xu_io_ops xu_msr_io;
bool xu_msr_reachable(u32 reg);
void xu_debugctl_uncore_pmi(bool on);

/*
 * Register @reg of box 0 of type @t, for box @i of the type, which may
 * have no PMU registered (a C-Box beyond the package's cores)
 */
u32 xu_type_reg(const struct xu_box_type *t, unsigned int i, u32 reg);
/* Register @reg of box 0 of @box's type, for @box */
u32 xu_box_reg(const struct xu_box *box, u32 reg);
/* Register addresses of counter @i of @box */
u32 xu_ctl_reg(const struct xu_box *box, unsigned int i);
u32 xu_ctr_reg(const struct xu_box *box, unsigned int i);

/*
 * Register access.  MSR boxes go through the accessors; PCI boxes
 * through the PCI core's configuration accessors, 32 bits wide (the
 * upper half of @val is dropped on write, zero on read).  Counters are
 * read and written with xu_ctr_read() (xu_ctr_read_stopped() for one
 * that does not count) and xu_ctr_write().
 */
int xu_read(struct xu_box *box, u32 reg, u64 *val);
int xu_write(struct xu_box *box, u32 reg, u64 val);
int xu_ctr_read(struct xu_box *box, unsigned int idx, u64 *val);
int xu_ctr_read_stopped(struct xu_box *box, unsigned int idx, u64 *val);
int xu_ctr_write(struct xu_box *box, unsigned int idx, u64 val);
int xu_extra_write(struct xu_box *box, const struct xu_extra_reg *er, u64 val);

int xu_split_read(int (*rd)(void *ctx, u32 off, u32 *v), void *ctx, u32 off,
		  u64 *val);
int xu_pci_discover(struct xu_uncore *uc);
int xu_pci_read_id(struct xu_uncore *uc, u16 id, u32 reg, u32 *val);
void xu_pci_release(struct xu_uncore *uc);

#endif /* _XEON_UNCORE_IO_H */
