/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore platforms, listed in main.c's one table: the Xeon 7500
 * and E7 in nhmex.c (with nhmex_mbox.c and nhmex_rbox.c), the Xeon E5 in
 * snbep.c, the E5 v2 in ivbep.c, the E5 v3 in hswep.c and the E5 v4 and
 * Xeon D-1500 in bdx.c, on what they share in e5.c.
 */
#ifndef _XEON_UNCORE_PLATFORM_H
#define _XEON_UNCORE_PLATFORM_H

#include "types.h"

/* nhmex.c */
extern const struct xu_platform xu_nhmex;
extern const struct xu_platform xu_wsmex;

/* snbep.c, ivbep.c, hswep.c, bdx.c */
extern const struct xu_platform xu_snbep;
extern const struct xu_platform xu_ivbep;
extern const struct xu_platform xu_hswep;
extern const struct xu_platform xu_bdx;
extern const struct xu_platform xu_bdxde;

/* e5.c */
int xu_pci_map_node(u32 cpunodeid, u32 gidnidmap);

#endif /* _XEON_UNCORE_PLATFORM_H */
