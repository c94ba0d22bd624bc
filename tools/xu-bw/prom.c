// SPDX-License-Identifier: GPL-2.0
/*
 * --prom=PATH: the Prometheus text exposition format 0.0.4.  Counters are
 * the bytes since xu-bw started (each interval's count scaled by its
 * time_enabled / time_running, summed), so that a scraper's rate() gives
 * the bandwidth over its own window.  A counter that never ran has no
 * line at all: an unknown figure is never exported as 0.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xu-bw.h"

/* prom_check: PATH must be a file name in a directory we can write */
void prom_check(struct xubw *x, const char *path)
{
	const char *slash = strrchr(path, '/');
	char tmp[4200];
	struct stat st;
	int fd;

	if (!*path)
		bad_usage("--prom needs a file name");
	if (*path == '-')
		bad_usage("--prom=%s: a file name, not an option, please (./%s)", path, path);
	if (slash && !slash[1])
		bad_usage("--prom=%s: names a directory, not a file", path);
	if (!stat(path, &st) && S_ISDIR(st.st_mode))
		bad_usage("--prom=%s: is a directory, not a file", path);
	if (!slash)
		snprintf(x->prom_dir, sizeof(x->prom_dir), ".");
	else if (slash == path)
		snprintf(x->prom_dir, sizeof(x->prom_dir), "/");
	else if ((size_t)(slash - path) >= sizeof(x->prom_dir))
		bad_usage("--prom=%s: path too long", path);
	else
		snprintf(x->prom_dir, sizeof(x->prom_dir), "%.*s", (int)(slash - path), path);
	x->prom_base = slash ? slash + 1 : path;
	if (strlen(x->prom_base) > 200)
		bad_usage("--prom=%s: file name too long", path);
	x->prom_path = path;
	if (stat(x->prom_dir, &st))
		die(1, "--prom=%s: directory %s: %s", path, x->prom_dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		die(1, "--prom=%s: %s is not a directory", path, x->prom_dir);
	/* the temporary file and the rename need the directory writable */
	snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", x->prom_dir, x->prom_base);
	fd = mkstemp(tmp);
	if (fd < 0)
		die(1, "--prom=%s: cannot create a file in %s: %s", path, x->prom_dir,
		    strerror(errno));
	close(fd);
	unlink(tmp);
}

/* a label value as the format wants it: \ " and newline escaped */
static void prom_label(FILE *f, const char *v)
{
	for (; *v; v++) {
		if (*v == '\\' || *v == '"')
			fputc('\\', f);
		if (*v == '\n')
			fputs("\\n", f);
		else
			fputc(*v, f);
	}
}

/*
 * prom_family X F KIND WHICH NAME LABEL HELP: NAME's lines, one per socket
 * and box of KIND that has counted, WHICH the event (-1: the sum of the
 * box's events)
 */
static void prom_family(const struct xubw *x, FILE *f, enum box_kind kind, int which,
			const char *name, const char *label, const char *help)
{
	int i, s, head = 0;

	for (s = 0; s < x->nsockets; s++) {
		for (i = 0; i < x->nboxes; i++) {
			const struct box *b = &x->boxes[i];
			double v = 0;
			int j, known = 1;

			if (b->kind != kind || !b->on_socket[s])
				continue;
			for (j = 0; j < b->nev; j++) {
				const struct counter *c = &b->ctr[s][j];

				if (which >= 0 && j != which)
					continue;
				if (c->fd < 0 || !c->ran)
					known = 0;
				else
					v += c->total * b->ev[j].bytes;
			}
			if (!known)
				continue;
			if (!head++)
				fprintf(f, "# HELP %s %s\n# TYPE %s counter\n", name, help, name);
			fprintf(f, "%s{socket=\"%d\",%s=\"", name, x->sockets[s].pkg, label);
			prom_label(f, b->label);
			fprintf(f, "\"} %.0f\n", v);
		}
	}
}

/* --uclk: the uncore clock of each socket in the last interval */
static void prom_uclk(const struct xubw *x, FILE *f)
{
	int s, head = 0;

	for (s = 0; s < x->nsockets; s++) {
		double mhz = socket_uclk(x, s);

		if (isnan(mhz))
			continue;
		if (!head++)
			fprintf(f, "# HELP xeon_uncore_uncore_clock_hertz Uncore clock in the"
				" last interval (the U-Box or W-Box fixed counter), per socket.\n"
				"# TYPE xeon_uncore_uncore_clock_hertz gauge\n");
		fprintf(f, "xeon_uncore_uncore_clock_hertz{socket=\"%d\"} %.0f\n",
			x->sockets[s].pkg, mhz * 1e6);
	}
}

/*
 * --qpi-util: each QPI link's utilisation and speed in the last
 * interval; WHAT 0 the utilisation, 1 the speed
 */
static void prom_links(const struct xubw *x, FILE *f)
{
	static const char *const name[] = {
		"xeon_uncore_qpi_tx_utilization_ratio",
		"xeon_uncore_qpi_link_transfers_per_second",
	};
	static const char *const help[] = {
		"Data flits a QPI link sent in the last interval over the flits its"
		" clock allows at full width (2 a QPI clock), per socket and link.",
		"Transfers a second of a QPI link in the last interval, from its"
		" clock (8 transfers a QPI clock), per socket and link.",
	};
	int what, i, s, head;

	for (what = 0; what < 2; what++) {
		head = 0;
		for (s = 0; s < x->nsockets; s++) {
			for (i = 0; i < x->nboxes; i++) {
				const struct box *b = &x->boxes[i];
				double v;

				if (b->kind != BOX_QPI || !b->on_socket[s])
					continue;
				v = what ? link_gtps(b, s) * 1e9 : link_util(b, s) / 100;
				if (isnan(v))
					continue;
				if (!head++)
					fprintf(f, "# HELP %s %s\n# TYPE %s gauge\n", name[what],
						help[what], name[what]);
				fprintf(f, "%s{socket=\"%d\",link=\"", name[what],
					x->sockets[s].pkg);
				prom_label(f, b->label);
				fprintf(f, what ? "\"} %.0f\n" : "\"} %.6f\n", v);
			}
		}
	}
}

void prom_write(const struct xubw *x, double ts)
{
	char tmp[4200];
	FILE *f;
	int fd, i, j, s, head = 0;

	snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", x->prom_dir, x->prom_base);
	fd = mkstemp(tmp);
	if (fd < 0)
		die(1, "--prom=%s: cannot create a file in %s: %s", x->prom_path, x->prom_dir,
		    strerror(errno));
	/* mkstemp's 0600 would keep node_exporter's user out */
	f = fchmod(fd, 0644) ? NULL : fdopen(fd, "w");
	if (!f) {
		int e = errno;

		close(fd);
		unlink(tmp);
		die(1, "--prom=%s: %s: %s", x->prom_path, tmp, strerror(e));
	}
	fprintf(f, "# HELP xeon_uncore_info The platform xu-bw measures (xeon_uncore.ko's PMUs).\n"
		"# TYPE xeon_uncore_info gauge\n"
		"xeon_uncore_info{platform=\"%s\",name=\"", x->plat_id);
	prom_label(f, x->plat_name);
	fprintf(f, "\",sockets=\"%d\"} 1\n", x->nsockets);
	/*
	 * When the counts below were read.  A scrape gets this file some
	 * time after xu-bw wrote it; rate(bytes) / rate(this) is the
	 * bandwidth between two reads, whatever that delay.
	 */
	fprintf(f, "# HELP xeon_uncore_last_read_timestamp_seconds Unix time at which xu-bw read the"
		" counters of this file.\n"
		"# TYPE xeon_uncore_last_read_timestamp_seconds gauge\n"
		"xeon_uncore_last_read_timestamp_seconds %.3f\n", ts);
	prom_family(x, f, BOX_MEM, 0, "xeon_uncore_memory_read_bytes_total", "channel",
		    "Bytes read from memory since xu-bw started, per socket and channel.");
	prom_family(x, f, BOX_MEM, 1, "xeon_uncore_memory_write_bytes_total", "channel",
		    "Bytes written to memory since xu-bw started, per socket and channel.");
	prom_family(x, f, BOX_QPI, QPI_DATA, "xeon_uncore_qpi_tx_bytes_total", "link",
		    "Data bytes a QPI link transmitted since xu-bw started, per socket and link.");
	prom_family(x, f, BOX_HA, 0, "xeon_uncore_memory_read_local_bytes_total", "ha",
		    "Bytes a home agent read from memory for its own socket since xu-bw started.");
	prom_family(x, f, BOX_HA, 1, "xeon_uncore_memory_read_remote_bytes_total", "ha",
		    "Bytes a home agent read from memory for other sockets since xu-bw started.");
	for (s = 0, head = 0; x->want_latency && s < x->nsockets; s++) {
		double lat = socket_latency(x, s);

		if (isnan(lat))
			continue;
		if (!head++)
			fprintf(f, "# HELP xeon_uncore_memory_read_latency_seconds Average memory"
				" read latency in the last interval (LLC misses' TOR occupancy"
				" over inserts, over the uncore clock), per socket.\n"
				"# TYPE xeon_uncore_memory_read_latency_seconds gauge\n");
		fprintf(f, "xeon_uncore_memory_read_latency_seconds{socket=\"%d\"} %.12f\n",
			x->sockets[s].pkg, lat / 1e9);
	}
	if (x->want_uclk)
		prom_uclk(x, f);
	if (x->want_util)
		prom_links(x, f);
	head = 0;
	for (s = 0; s < x->nsockets; s++) {
		for (i = 0; i < x->nboxes; i++) {
			const struct box *b = &x->boxes[i];

			if (!b->on_socket[s])
				continue;
			for (j = 0; j < b->nev; j++) {
				const struct counter *c = &b->ctr[s][j];

				if (c->fd < 0 || isnan(c->share))
					continue;
				if (!head++)
					fprintf(f, "# HELP xeon_uncore_event_running_ratio"
						" Share of the last interval the counter ran"
						" (below 1: perf multiplexed it).\n"
						"# TYPE xeon_uncore_event_running_ratio gauge\n");
				fprintf(f, "xeon_uncore_event_running_ratio{socket=\"%d\","
					"pmu=\"%s\",event=\"%s\"} %.4f\n", x->sockets[s].pkg,
					b->pmu, b->ev[j].name, c->share);
			}
		}
	}
	if (fclose(f)) {
		int e = errno;

		unlink(tmp);
		die(1, "--prom=%s: writing %s: %s", x->prom_path, tmp, strerror(e));
	}
	if (rename(tmp, x->prom_path)) {
		int e = errno;

		unlink(tmp);
		die(1, "--prom=%s: rename from %s: %s", x->prom_path, tmp, strerror(e));
	}
}
