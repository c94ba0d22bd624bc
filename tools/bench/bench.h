/* SPDX-License-Identifier: GPL-2.0-only */
/* What the benchmark modules (pmi_bench.c, e5_bench.c) share */
#ifndef _XEON_UNCORE_BENCH_H
#define _XEON_UNCORE_BENCH_H

#include <linux/sort.h>
#include <linux/types.h>

static inline int xu_bench_cmp_u32(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

/* The median of @n call times, which it sorts */
static inline u32 xu_bench_median(u32 *ns, unsigned int n)
{
	sort(ns, n, sizeof(*ns), xu_bench_cmp_u32, NULL);
	if (n % 2)
		return ns[n / 2];
	return (ns[n / 2 - 1] + ns[n / 2]) / 2;
}

#endif /* _XEON_UNCORE_BENCH_H */
