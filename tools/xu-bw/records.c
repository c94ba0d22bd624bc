// SPDX-License-Identifier: GPL-2.0
/*
 * xu-bw --csv and --json: the records of one interval, in order: per
 * socket its sums, then its channels and links; last the system's sums
 */
#include <stdio.h>

#include "xu-bw.h"

static void emit(const struct xubw *x, const struct record *r)
{
	if (x->fmt == OUT_CSV)
		csv_record(x, r);
	else
		json_record(x, r);
}

void records_print(const struct xubw *x, double ts, double el)
{
	double rd, wr, q, lat, numa[2], uclk, util, gtps;
	struct record r = { .ts = ts, .el = el };
	int i, s;

	for (s = 0; s < x->nsockets; s++) {
		socket_totals(x, s, &rd, &wr, &q);
		lat = socket_latency(x, s);
		numa[0] = socket_numa(x, s, 0);
		numa[1] = socket_numa(x, s, 1);
		r.pkg = x->sockets[s].pkg;
		r.rec = "socket";
		r.box = "";
		r.rd = &rd;
		r.wr = &wr;
		r.tx = x->nqpi ? &q : NULL;
		r.lat = x->want_latency ? &lat : NULL;
		r.numa = x->want_numa ? numa : NULL;
		uclk = socket_uclk(x, s);
		r.uclk = x->want_uclk ? &uclk : NULL;
		util = socket_util(x, s);
		r.util = x->want_util && x->nqpi ? &util : NULL;
		r.gtps = NULL;
		emit(x, &r);
		r.lat = NULL;
		r.numa = NULL;
		r.uclk = NULL;
		for (i = 0; i < x->nboxes; i++) {
			const struct box *b = &x->boxes[i];

			if (!b->on_socket[s])
				continue;
			r.box = b->pmu;
			if (b->kind == BOX_MEM) {
				rd = mem_mbs(b, s, 0);
				wr = mem_mbs(b, s, 1);
				r.rec = "channel";
				r.rd = &rd;
				r.wr = &wr;
				r.tx = NULL;
				r.util = NULL;
				r.gtps = NULL;
				emit(x, &r);
			} else if (b->kind == BOX_QPI) {
				q = qpi_mbs(b, s);
				r.rec = "link";
				r.rd = NULL;
				r.wr = NULL;
				r.tx = &q;
				util = link_util(b, s);
				gtps = link_gtps(b, s);
				r.util = x->want_util ? &util : NULL;
				r.gtps = x->want_util ? &gtps : NULL;
				emit(x, &r);
			}
		}
	}
	system_totals(x, &rd, &wr, &q);
	r.pkg = -1;
	r.rec = "system";
	r.box = "";
	r.rd = &rd;
	r.wr = &wr;
	r.tx = x->nqpi ? &q : NULL;
	r.lat = NULL;
	r.numa = NULL;
	r.util = NULL;
	r.gtps = NULL;
	emit(x, &r);
}
