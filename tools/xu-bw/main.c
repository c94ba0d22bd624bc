// SPDX-License-Identifier: GPL-2.0
/*
 * xu-bw: memory and QPI bandwidth per socket, memory channel and QPI link,
 * from the uncore PMUs of xeon_uncore.ko through perf_event_open() only.
 * See Documentation/xu-bw.rst.
 *
 * Xeon E5 (snbep to bdxde): every uncore_imc_N is a memory channel,
 * counted with its CAS read and write events (one 64-byte line each);
 * every uncore_qpi_N is a QPI link, counted with the data flits it
 * transmits (TxL_FLITS_G0.DATA, 8 bytes of data each).
 * With --latency (E5 only), every uncore_cbox_N counts the reads that
 * miss the LLC (TOR_INSERTS.MISS_OPCODE with the DRd opcode 0x182) and
 * the cycles they spend in the TOR (TOR_OCCUPANCY.MISS_OPCODE): their
 * ratio over the uncore clock (C-Box 0's clockticks) is the average
 * memory read latency, by Little's law.
 * With --numa (E5 v2 and later), every uncore_ha_N counts the reads of its
 * channels by where they came from: REQUESTS.READS_LOCAL and
 * READS_REMOTE, one 64-byte line each.
 * With --qpi-util (E5 only), every uncore_qpi_N also counts its clock
 * (QPI_CLOCKTICKS, 1/8 of the link's GT/s): the link's speed, and its
 * data flits over the 2 flits a clock allows, its utilisation.
 * With --uclk, the U-Box's (E5) or W-Box's (7500) fixed counter: the
 * uncore clock.
 * Xeon 7500 / E7 (nhmex, wsmex): every uncore_mbox_N is a memory
 * controller, counted with its B-Box read and write commands (one 64-byte
 * line each); QPI is not shown (see the documentation).
 * The platform is the "platform" file of the driver's PMUs, or without
 * it the CPU model (discover.c).
 *
 * The stages, one file each: discover.c, count.c, and per output format
 * table.c, csv.c and json.c (records.c walks their records), prom.c,
 * plot.c; usage.c the help; this file parses the options and runs the
 * interval loop.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "xu-bw.h"

/* one interval's output, ending EL seconds from the start; KEEP: for the plot */
static void report(struct xubw *x, double el, int keep)
{
	if (x->prom_path)
		prom_write(x, now(CLOCK_REALTIME));
	if (x->fmt == OUT_TABLE && !x->prom_path)
		table_print(x, el);
	else if (x->fmt != OUT_TABLE)
		records_print(x, now(CLOCK_REALTIME), el);
	fflush(stdout);
	if (keep)
		plot_keep(x, el);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "interval", required_argument, NULL, 'i' },
		{ "count", required_argument, NULL, 'n' },
		{ "csv", no_argument, NULL, 'c' },
		{ "json", no_argument, NULL, 'j' },
		{ "plot", required_argument, NULL, 'p' },
		{ "prom", required_argument, NULL, 'P' },
		{ "latency", no_argument, NULL, 'L' },
		{ "numa", no_argument, NULL, 'N' },
		{ "qpi-util", no_argument, NULL, 'Q' },
		{ "uclk", no_argument, NULL, 'U' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	double interval = 1, t0, last, next;
	long count = -1, done = 0;
	const char *plot = NULL, *prom = NULL;
	int o, status = 0, stop = 0;
	pid_t child = -1;
	sigset_t sigs;
	char *end;
	struct xubw *x = calloc(1, sizeof(*x));

	if (!x)
		die(1, "out of memory");
	opterr = 0;
	while ((o = getopt_long(argc, argv, "+i:n:vh", opts, NULL)) != -1) {
		switch (o) {
		case 'i':
			errno = 0;
			interval = strtod(optarg, &end);
			if (errno || end == optarg || *end ||
			    !(interval >= 0.1 && interval <= 3600))
				bad_usage("-i %s: not a number of seconds from 0.1 to 3600", optarg);
			break;
		case 'n':
			errno = 0;
			count = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || count < 1)
				bad_usage("-n %s: not a positive count", optarg);
			break;
		case 'c':
			if (x->fmt == OUT_JSON)
				bad_usage("--csv and --json exclude each other");
			x->fmt = OUT_CSV;
			break;
		case 'j':
			if (x->fmt == OUT_CSV)
				bad_usage("--csv and --json exclude each other");
			x->fmt = OUT_JSON;
			break;
		case 'p':
			if (strlen(optarg) < 5 || strcmp(optarg + strlen(optarg) - 4, ".svg"))
				bad_usage("--plot=%s: the plot is SVG: name a FILE.svg", optarg);
			plot = optarg;
			break;
		case 'P':
			prom = optarg;
			break;
		case 'L':
			x->want_latency = 1;
			break;
		case 'N':
			x->want_numa = 1;
			break;
		case 'Q':
			x->want_util = 1;
			break;
		case 'U':
			x->want_uclk = 1;
			break;
		case 'v':
			x->verbose = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			if (optopt == 'p')
				bad_usage("--plot needs a file name");
			if (optopt == 'P')
				bad_usage("--prom needs a file name");
			if (optopt && strchr("in", optopt))
				bad_usage("-%c needs an argument", optopt);
			bad_usage("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (prom)
		prom_check(x, prom);
	if (optind < argc && strcmp(argv[optind - 1], "--"))
		bad_usage("unexpected argument '%s' (a command goes after --)", argv[optind]);

	discover(x);
	if (x->want_latency && (x->plat != PLAT_E5 || !x->ncbox))
		die(1, "--latency: %s", x->plat != PLAT_E5 ?
		    "xu-bw has no read latency formula for the Xeon 7500 / E7's events (Documentation/xu-bw.rst)" :
		    "no uncore_cbox_N PMU");
	if (x->want_numa && (x->plat != PLAT_E5 || !x->nha || !strcmp(x->plat_id, "snbep") ||
			     !strcmp(x->plat_id, "unknown")))
		die(1, "--numa: %s", strcmp(x->plat_id, "snbep") ?
		    "needs the home agents (uncore_ha_N) of a Xeon E5 v2 or later" :
		    "SNB-EP's home agent counts reads only together (REQUESTS.READS), "
		    "not by origin (Documentation/xu-bw.rst)");
	if (x->want_util && x->plat != PLAT_E5)
		die(1, "--qpi-util: xu-bw counts no QPI link on the Xeon 7500 / E7"
		    " (Documentation/xu-bw.rst)");
	if (x->want_util && !x->nqpi)
		die(1, "--qpi-util: no uncore_qpi_N PMU");
	if (x->want_uclk && !x->nuclk)
		die(1, "--uclk: no %s PMU", x->plat == PLAT_E5 ? "uncore_ubox" : "uncore_wbox");
	open_counters(x);

	/* SIGINT, SIGTERM and SIGCHLD are taken by sigtimedwait() only */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGCHLD);
	sigprocmask(SIG_BLOCK, &sigs, NULL);

	if (x->fmt == OUT_CSV)
		csv_header(x);
	else if (x->fmt == OUT_TABLE)
		table_header(x);
	fflush(stdout);
	sample_counters(x, 1);
	t0 = last = now(CLOCK_MONOTONIC);
	if (optind < argc) {
		child = fork();
		if (child < 0)
			die(1, "fork: %s", strerror(errno));
		if (!child) {
			sigprocmask(SIG_UNBLOCK, &sigs, NULL);
			execvp(argv[optind], argv + optind);
			fprintf(stderr, "%s: %s: %s\n", PROG, argv[optind], strerror(errno));
			_exit(127);
		}
	}
	next = t0 + interval;
	while (!stop) {
		double left = next - now(CLOCK_MONOTONIC);
		struct timespec ts;
		int sig;

		if (left > 0) {
			ts.tv_sec = (time_t)left;
			ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
			sig = sigtimedwait(&sigs, NULL, &ts);
			if (sig < 0 && errno == EINTR)
				continue;
			if (sig == SIGCHLD) {
				int st;

				if (child > 0 && waitpid(child, &st, WNOHANG) == child) {
					status = WIFEXITED(st) ? WEXITSTATUS(st) :
						 128 + WTERMSIG(st);
					child = -1;
					stop = 1;
				} else {
					continue;
				}
			} else if (sig == SIGINT || sig == SIGTERM) {
				stop = 1;
			} else if (sig > 0) {
				continue;
			} else if (now(CLOCK_MONOTONIC) < next) {
				continue;
			}
		}
		/* a full interval, or the part of one before the end */
		if (stop && now(CLOCK_MONOTONIC) - last < 0.001)
			break;
		sample_counters(x, 0);
		last = now(CLOCK_MONOTONIC);
		report(x, last - t0, plot != NULL);
		if (count > 0 && ++done >= count)
			stop = 1;
		next += interval;
		if (next < last)
			next = last + interval;
	}
	if (plot)
		plot_write(x, plot);
	/* stale byte counts would read as a stopped bandwidth: take them away */
	if (x->prom_path)
		unlink(x->prom_path);
	free(x->hist);
	free(x);
	return status;
}
