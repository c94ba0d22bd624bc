// SPDX-License-Identifier: GPL-2.0-only
/*
 * Register accessors for real hardware.  The _safe MSR helpers turn a
 * #GP (an MSR this CPU does not have) into an error instead of an oops.
 * They act on the calling CPU; the core calls them only on a CPU of the
 * box's package (the collecting CPU, or one that took the package's PMI
 * or reads an event of the package).
 */
#include <linux/module.h>

#include <asm/msr.h>

#include "uncore.h"

static int xu_msr_read(struct xu_box *box, u32 reg, u64 *val)
{
	return rdmsrl_safe(reg, val);
}

static int xu_msr_write(struct xu_box *box, u32 reg, u64 val)
{
	return wrmsrl_safe(reg, val);
}

const struct xu_io_ops xu_msr_io = {
	.name	= "MSR",
	.owner	= THIS_MODULE,
	.read	= xu_msr_read,
	.write	= xu_msr_write,
};
