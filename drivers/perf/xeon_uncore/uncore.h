/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore, all of it: for main.c, the KUnit suites and the
 * benchmarks, which reach into every layer.  The driver's own files
 * include the headers of the layers they use instead (see core.h).
 */
#ifndef _XEON_UNCORE_H
#define _XEON_UNCORE_H

#include "types.h"
#include "io.h"
#include "sched.h"
#include "event.h"
#include "pmi.h"
#include "core.h"
#include "platform.h"

/* main.c */
struct xu_uncore *xu_uncore_instance(void);

#endif /* _XEON_UNCORE_H */
