/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System sleep callbacks across kernel versions, for xeon_uncore.ko and
 * xeon_uncore_sim.ko alike.
 */
#ifndef _XEON_UNCORE_SYSCORE_H
#define _XEON_UNCORE_SYSCORE_H

#include <linux/syscore_ops.h>

/*
 * System sleep callbacks: int suspend(void) and void resume(void), run on
 * the boot CPU with interrupts off.  Newer kernels (Debian's 6.12 among
 * them) pass a data pointer through struct syscore, older ones take a
 * struct syscore_ops alone; Kbuild defines XU_HAVE_SYSCORE for the newer.
 * In tree, the callers would use the kernel's one interface directly.
 */
struct xu_syscore {
	int (*suspend)(void);
	void (*resume)(void);
	struct syscore_ops ops;
#ifdef XU_HAVE_SYSCORE
	struct syscore syscore;
#endif
};

#ifdef XU_HAVE_SYSCORE
static inline int xu_syscore_suspend(void *data)
{
	return ((struct xu_syscore *)data)->suspend();
}

static inline void xu_syscore_resume(void *data)
{
	((struct xu_syscore *)data)->resume();
}

static inline void xu_syscore_register(struct xu_syscore *x)
{
	x->ops.suspend = xu_syscore_suspend;
	x->ops.resume = xu_syscore_resume;
	x->syscore.ops = &x->ops;
	x->syscore.data = x;
	register_syscore(&x->syscore);
}

static inline void xu_syscore_unregister(struct xu_syscore *x)
{
	unregister_syscore(&x->syscore);
}
#else
static inline void xu_syscore_register(struct xu_syscore *x)
{
	x->ops.suspend = x->suspend;
	x->ops.resume = x->resume;
	register_syscore_ops(&x->ops);
}

static inline void xu_syscore_unregister(struct xu_syscore *x)
{
	unregister_syscore_ops(&x->ops);
}
#endif

#endif /* _XEON_UNCORE_SYSCORE_H */
