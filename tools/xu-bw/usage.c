// SPDX-License-Identifier: GPL-2.0
/* xu-bw: the help, and the refusal of a bad command line */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "xu-bw.h"

void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [-i SECONDS] [-n COUNT] [--csv | --json] [--plot=FILE.svg]\n"
		"          [--prom=FILE] [--latency] [--numa] [--qpi-util] [--uclk] [-v]\n"
		"          [-- COMMAND [ARG...]]\n"
		"Memory read/write bandwidth per socket and memory channel, and QPI\n"
		"link traffic, from the xeon_uncore PMUs (MB/s, 1 MB = 10^6 bytes).\n"
		"  -i, --interval=SECONDS  refresh interval, 0.1 to 3600 (default 1)\n"
		"  -n, --count=COUNT       stop after COUNT intervals (default: never)\n"
		"      --csv               CSV records (header line first)\n"
		"      --json              JSON records, one object per line\n"
		"      --plot=FILE.svg     at the end, an SVG plot of the whole run\n"
		"      --prom=FILE         every interval, the byte counts since the start\n"
		"                          in the Prometheus text format, replacing FILE\n"
		"                          (no table; --csv or --json still print)\n"
		"      --latency           also the average memory read latency per\n"
		"                          socket, in ns (Xeon E5 / E5 v2 only)\n"
		"      --numa              also the socket's memory reads by origin, local\n"
		"                          and remote, MB/s (Xeon E5 v2 only)\n"
		"      --qpi-util          also each QPI link's utilisation, %% of its data\n"
		"                          bandwidth, and its speed, GT/s, from its clock\n"
		"                          (Xeon E5 / E5 v2 only)\n"
		"      --uclk              also each socket's uncore clock, MHz\n"
		"  -v, --verbose           print the events opened to stderr\n"
		"  -h, --help              this text\n"
		"  -- COMMAND              run COMMAND, stop when it exits\n", PROG);
}

void bad_usage(const char *f, ...)
{
	va_list ap;

	va_start(ap, f);
	vmsg(f, ap);
	va_end(ap);
	usage(stderr);
	exit(2);
}
