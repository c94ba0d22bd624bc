// SPDX-License-Identifier: GPL-2.0
/*
 * xu-bw --json: one object per line and record (records.c), the CSV's
 * columns as keys; a figure that is unknown, or that the record does not
 * have, is left out
 */
#include <math.h>
#include <stdio.h>

#include "xu-bw.h"

/* ,"KEY":FIGURE where the figure is known */
static void member(const char *key, const double *v)
{
	if (v && !isnan(*v))
		printf(",\"%s\":%.3f", key, *v);
}

void json_record(const struct xubw *x, const struct record *r)
{
	(void)x;
	printf("{\"timestamp\":%.3f,\"elapsed_s\":%.3f", r->ts, r->el);
	if (r->pkg >= 0)
		printf(",\"socket\":%d", r->pkg);
	printf(",\"record\":\"%s\"", r->rec);
	if (*r->box)
		printf(",\"box\":\"%s\"", r->box);
	member("read_MBps", r->rd);
	member("write_MBps", r->wr);
	member("tx_MBps", r->tx);
	member("latency_ns", r->lat);
	member("local_read_MBps", r->numa ? &r->numa[0] : NULL);
	member("remote_read_MBps", r->numa ? &r->numa[1] : NULL);
	member("uclk_MHz", r->uclk);
	member("tx_util_pct", r->util);
	member("link_GTps", r->gtps);
	printf("}\n");
}
