// SPDX-License-Identifier: GPL-2.0
/* xu-bw, the table (the default output): a block of rows per interval */
#include <math.h>
#include <stdio.h>

#include "xu-bw.h"

/* the line before the first block: platform, sockets, channels, links */
void table_header(const struct xubw *x)
{
	int i;

	printf("xu-bw: %s, %d socket%s, %d memory channel%s (", x->plat_name, x->nsockets,
	       x->nsockets == 1 ? "" : "s", x->nmem, x->nmem == 1 ? "" : "s");
	for (i = 0; i < x->nboxes; i++)
		if (x->boxes[i].kind == BOX_MEM)
			printf("%s%s", i ? " " : "", x->boxes[i].label);
	if (x->plat == PLAT_E5)
		printf("), %d QPI link%s; MB/s = 10^6 bytes/s\n", x->nqpi, x->nqpi == 1 ? "" : "s");
	else
		printf("); QPI not measured on this platform; MB/s = 10^6 bytes/s\n");
}

/* a table cell: the figure, or "-" where it is unknown */
static void cell(const char *sep, int width, double v)
{
	if (isnan(v))
		printf("%s%*s", sep, width, "-");
	else
		printf("%s%*.1f", sep, width, v);
}

/* one interval's block, ELAPSED seconds from the start */
void table_print(const struct xubw *x, double elapsed)
{
	int i, s;
	double rd, wr, q;

	printf("\n%.3f s%s\n", elapsed, any_multiplexed(x) ?
	       " (multiplexed: scaled by time_enabled/time_running)" : "");
	printf("%-6s %-7s %9s", "socket", "MB/s", "total");
	for (i = 0; i < x->nboxes; i++)
		if (x->boxes[i].kind == BOX_MEM)
			printf(" %8s", x->boxes[i].label);
	printf("\n");
	for (s = 0; s < x->nsockets; s++) {
		int w;

		socket_totals(x, s, &rd, &wr, &q);
		for (w = 0; w < 2; w++) {
			printf("%-6d %-7s", x->sockets[s].pkg, w ? "write" : "read");
			cell(" ", 9, w ? wr : rd);
			for (i = 0; i < x->nboxes; i++)
				if (x->boxes[i].kind == BOX_MEM)
					cell(" ", 8, x->boxes[i].on_socket[s] ?
					     mem_mbs(&x->boxes[i], s, w) : NAN);
			printf("\n");
		}
	}
	system_totals(x, &rd, &wr, &q);
	printf("%-6s %-7s", "all", "read");
	cell(" ", 9, rd);
	printf("\n%-6s %-7s", "all", "write");
	cell(" ", 9, wr);
	printf("\n");
	if (!x->nqpi)
		return;
	printf("%-6s %-7s %9s", "socket", "MB/s", "total");
	for (i = 0; i < x->nboxes; i++)
		if (x->boxes[i].kind == BOX_QPI)
			printf(" %8s", x->boxes[i].label);
	printf("\n");
	for (s = 0; s < x->nsockets; s++) {
		socket_totals(x, s, &rd, &wr, &q);
		printf("%-6d %-7s", x->sockets[s].pkg, "QPI tx");
		cell(" ", 9, q);
		for (i = 0; i < x->nboxes; i++)
			if (x->boxes[i].kind == BOX_QPI)
				cell(" ", 8, x->boxes[i].on_socket[s] ? qpi_mbs(&x->boxes[i], s) : NAN);
		printf("\n");
	}
	system_totals(x, &rd, &wr, &q);
	printf("%-6s %-7s", "all", "QPI tx");
	cell(" ", 9, q);
	printf("\n");
	if (x->want_latency) {
		printf("%-6s %-7s %9s\n", "socket", "ns", "read");
		for (s = 0; s < x->nsockets; s++) {
			printf("%-6d %-7s", x->sockets[s].pkg, "latency");
			cell(" ", 9, socket_latency(x, s));
			printf("\n");
		}
	}
	if (x->want_numa) {
		printf("%-6s %-7s %9s %9s\n", "socket", "MB/s", "local", "remote");
		for (s = 0; s < x->nsockets; s++) {
			printf("%-6d %-7s", x->sockets[s].pkg, "reads");
			cell(" ", 9, socket_numa(x, s, 0));
			cell(" ", 9, socket_numa(x, s, 1));
			printf("\n");
		}
	}
}
