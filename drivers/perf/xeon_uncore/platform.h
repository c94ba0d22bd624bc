/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore platforms: one file each (nhmex.c, snbep.c), listed in
 * main.c's one table.
 */
#ifndef _XEON_UNCORE_PLATFORM_H
#define _XEON_UNCORE_PLATFORM_H

#include "types.h"

/* nhmex.c */
extern const struct xu_platform xu_nhmex;
extern const struct xu_platform xu_wsmex;

/* snbep.c */
extern const struct xu_platform xu_snbep;
extern const struct xu_platform xu_ivbep;
int xu_pci_map_node(u32 cpunodeid, u32 gidnidmap);

#endif /* _XEON_UNCORE_PLATFORM_H */
