// SPDX-License-Identifier: GPL-2.0
/*
 * xu-bw --csv: a header line, then one line per record (records.c); a
 * figure that is unknown, or that the record does not have, is empty
 */
#include <math.h>
#include <stdio.h>

#include "xu-bw.h"

void csv_header(const struct xubw *x)
{
	printf("timestamp,elapsed_s,socket,record,box,read_MBps,write_MBps,tx_MBps%s%s%s%s\n",
	       x->want_latency ? ",latency_ns" : "",
	       x->want_numa ? ",local_read_MBps,remote_read_MBps" : "",
	       x->want_uclk ? ",uclk_MHz" : "",
	       x->want_util ? ",tx_util_pct,link_GTps" : "");
}

/* a field: ",FIGURE", or "," where it is unknown or absent */
static void field(const double *v)
{
	putchar(',');
	if (v && !isnan(*v))
		printf("%.3f", *v);
}

void csv_record(const struct xubw *x, const struct record *r)
{
	printf("%.3f,%.3f,", r->ts, r->el);
	if (r->pkg >= 0)
		printf("%d", r->pkg);
	printf(",%s,%s,", r->rec, r->box);
	if (r->rd && !isnan(*r->rd))
		printf("%.3f", *r->rd);
	field(r->wr);
	field(r->tx);
	if (x->want_latency)
		field(r->lat);
	if (x->want_numa) {
		field(r->numa ? &r->numa[0] : NULL);
		field(r->numa ? &r->numa[1] : NULL);
	}
	if (x->want_uclk)
		field(r->uclk);
	if (x->want_util) {
		field(r->util);
		field(r->gtps);
	}
	putchar('\n');
}
