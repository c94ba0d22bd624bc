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

/* a table cell: the figure with PREC decimals, or "-" where it is unknown */
static void cell_prec(const char *sep, int width, int prec, double v)
{
	if (isnan(v))
		printf("%s%*s", sep, width, "-");
	else
		printf("%s%*.*f", sep, width, prec, v);
}

/* a table cell: the figure, or "-" where it is unknown */
static void cell(const char *sep, int width, double v)
{
	cell_prec(sep, width, 1, v);
}

/*
 * --qpi-util: per socket the utilisation of its links together and of
 * each, %, and each link's speed, GT/s
 */
static void table_links(const struct xubw *x)
{
	int i, s;

	printf("%-6s %-7s %9s", "socket", "QPI %", "total");
	for (i = 0; i < x->nboxes; i++)
		if (x->boxes[i].kind == BOX_QPI)
			printf(" %8s", x->boxes[i].label);
	printf("\n");
	for (s = 0; s < x->nsockets; s++) {
		printf("%-6d %-7s", x->sockets[s].pkg, "util");
		cell_prec(" ", 9, 2, socket_util(x, s));
		for (i = 0; i < x->nboxes; i++)
			if (x->boxes[i].kind == BOX_QPI)
				cell_prec(" ", 8, 2, x->boxes[i].on_socket[s] ?
					  link_util(&x->boxes[i], s) : NAN);
		printf("\n%-6d %-7s %9s", x->sockets[s].pkg, "GT/s", "");
		for (i = 0; i < x->nboxes; i++)
			if (x->boxes[i].kind == BOX_QPI)
				cell_prec(" ", 8, 2, x->boxes[i].on_socket[s] ?
					  link_gtps(&x->boxes[i], s) : NAN);
		printf("\n");
	}
}

static void table_qpi(const struct xubw *x);
static void table_e5_rows(const struct xubw *x);

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
	if (x->nqpi)
		table_qpi(x);
	if (x->plat == PLAT_E5)
		table_e5_rows(x);
	if (x->want_uclk) {
		printf("%-6s %-7s %9s\n", "socket", "MHz", "uncore");
		for (s = 0; s < x->nsockets; s++) {
			printf("%-6d %-7s", x->sockets[s].pkg, "clock");
			cell(" ", 9, socket_uclk(x, s));
			printf("\n");
		}
	}
}

/* the QPI rows, and with --qpi-util the links' */
static void table_qpi(const struct xubw *x)
{
	int i, s;
	double rd, wr, q;

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
				cell(" ", 8, x->boxes[i].on_socket[s] ?
				     qpi_mbs(&x->boxes[i], s) : NAN);
		printf("\n");
	}
	system_totals(x, &rd, &wr, &q);
	printf("%-6s %-7s", "all", "QPI tx");
	cell(" ", 9, q);
	printf("\n");
	if (x->want_util)
		table_links(x);
}

/*
 * The latency and NUMA rows: the E5's, with or without QPI links (a
 * Broadwell-DE has none)
 */
static void table_e5_rows(const struct xubw *x)
{
	int s;

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
