/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Which core of its package a CPU is, for every present CPU, online or
 * not.  Shared by the driver (the C-Box count, pmi_core_sel) and the
 * simulated uncore (which CPUs a pmi_core_sel bit reaches), so that both
 * see the same cores.
 */
#ifndef _XEON_UNCORE_TOPOLOGY_H
#define _XEON_UNCORE_TOPOLOGY_H

#include <linux/log2.h>
#include <linux/smp.h>
#include <linux/topology.h>

#include <xeon_uncore/compat.h>

/*
 * xu_cpu_core_key() - a number for @cpu's core, the same for the threads
 * of one core and ordered as the cores of a package are: the APIC ID
 * without its SMT bits.  topology_core_id() cannot serve: x86 zeroes it
 * when a CPU goes offline (remove_siblinginfo()), and a package whose
 * CPUs were offline when the driver loaded must still get a C-Box per
 * core.
 */
static inline u32 xu_cpu_core_key(unsigned int cpu)
{
	return cpu_physical_id(cpu) >> order_base_2(max(xu_threads_per_core(), 1U));
}

/* Is @cpu the lowest-numbered present CPU of its core? */
static inline bool xu_cpu_core_first(unsigned int cpu)
{
	unsigned int pkg = topology_logical_package_id(cpu);
	u32 key = xu_cpu_core_key(cpu);
	unsigned int c;

	for_each_present_cpu(c)
		if (topology_logical_package_id(c) == pkg &&
		    xu_cpu_core_key(c) == key)
			return c == cpu;
	return false;
}

/*
 * xu_cpu_core_rank() - the index of @cpu's core among its package's
 * present cores, from 0 in APIC ID order: the bit of the core in a
 * U-Box's pmi_core_sel.  A core keeps its index while offline.
 */
static inline unsigned int xu_cpu_core_rank(unsigned int cpu)
{
	unsigned int pkg = topology_logical_package_id(cpu);
	u32 key = xu_cpu_core_key(cpu);
	unsigned int rank = 0, c;

	for_each_present_cpu(c)
		if (topology_logical_package_id(c) == pkg &&
		    xu_cpu_core_key(c) < key && xu_cpu_core_first(c))
			rank++;
	return rank;
}

#endif /* _XEON_UNCORE_TOPOLOGY_H */
