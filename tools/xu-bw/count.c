// SPDX-License-Identifier: GPL-2.0
/*
 * xu-bw, counting: every event opened on each socket's CPU, read at the
 * end of an interval, its rate scaled by time_enabled / time_running;
 * and the figures the outputs print, made from those rates
 */
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "xu-bw.h"

static const char *errno_name(int e)
{
	switch (e) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EIO: return "EIO";
	case E2BIG: return "E2BIG";
	case EBADF: return "EBADF";
	case EAGAIN: return "EAGAIN";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
	case EFAULT: return "EFAULT";
	case EBUSY: return "EBUSY";
	case ENODEV: return "ENODEV";
	case EINVAL: return "EINVAL";
	case EMFILE: return "EMFILE";
	case ENOSPC: return "ENOSPC";
	case ENOSYS: return "ENOSYS";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	default: return "errno";
	}
}

/* Box @b has no function on socket @s: close its events there, 0..@n */
static void absent_on(struct box *b, int s, int n)
{
	int j;

	for (j = 0; j <= n; j++) {
		if (b->ctr[s][j].fd >= 0)
			close(b->ctr[s][j].fd);
		b->ctr[s][j].fd = -1;
	}
	b->on_socket[s] = 0;
}

void open_counters(struct xubw *x)
{
	int i, j, s;
	char paranoid[32];

	if (read_str("/proc/sys/kernel/perf_event_paranoid", paranoid, sizeof(paranoid)))
		snprintf(paranoid, sizeof(paranoid), "?");
	for (i = 0; i < x->nboxes; i++) {
		struct box *b = &x->boxes[i];

		for (j = 0; j < b->nev; j++) {
			struct event *e = &b->ev[j];

			if (x->verbose)
				fprintf(stderr, "%s: %s/%s/ = %s (%s) config=%#" PRIx64
					" config1=%#" PRIx64 " config2=%#" PRIx64
					", %g bytes per count\n", PROG, b->pmu, e->name, e->enc,
					e->from_alias ? "sysfs alias" : "built in",
					e->config[0], e->config[1], e->config[2], e->bytes);
			for (s = 0; s < x->nsockets; s++) {
				struct perf_event_attr a;
				struct counter *c = &b->ctr[s][j];
				int err;

				c->fd = -1;
				if (!b->on_socket[s])
					continue;
				memset(&a, 0, sizeof(a));
				a.size = sizeof(a);
				a.type = b->type;
				a.config = e->config[0];
				a.config1 = e->config[1];
				a.config2 = e->config[2];
				a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
						PERF_FORMAT_TOTAL_TIME_RUNNING;
				c->fd = (int)syscall(SYS_perf_event_open, &a, -1,
						     x->sockets[s].cpu, -1, PERF_FLAG_FD_CLOEXEC);
				if (c->fd >= 0)
					continue;
				err = errno;
				if (err == ENODEV && pmu_exists(b->pmu)) {
					/* the box lacks this package: "-" there */
					fprintf(stderr, "%s: %s is absent on package %d "
						"(ENODEV): not shown there\n", PROG, b->pmu,
						x->sockets[s].pkg);
					absent_on(b, s, j);
					continue;
				}
				fprintf(stderr, "%s: perf_event_open(%s/%s/ = %s, CPU %d)"
					" failed: %s (%s)\n", PROG, b->pmu, e->name, e->enc,
					x->sockets[s].cpu, errno_name(err), strerror(err));
				if (err == EACCES || err == EPERM)
					die(1, "system-wide uncore events need CAP_PERFMON or "
					    "CAP_SYS_ADMIN, or kernel.perf_event_paranoid <= 0 "
					    "(above 2, Debian's patch refuses all but "
					    "CAP_SYS_ADMIN); /proc/sys/kernel/"
					    "perf_event_paranoid is %s", paranoid);
				if (err == EMFILE)
					die(1, "too many open files: raise ulimit -n");
				if (err == ENOENT || err == ENODEV)
					die(1, "the PMU went away or its CPU is offline: "
					    "was xeon_uncore unloaded?");
				die(1, "the driver refused the event; see its log lines "
				    "(dmesg | grep xeon_uncore)");
			}
		}
	}
}

/* sample_counters: read every counter, its rate since the last read */
void sample_counters(struct xubw *x, int first)
{
	int i, j, s;

	for (i = 0; i < x->nboxes; i++) {
		for (s = 0; s < x->nsockets; s++) {
			for (j = 0; j < x->boxes[i].nev; j++) {
				struct counter *c = &x->boxes[i].ctr[s][j];
				uint64_t v[3], dv, de, dr;

				if (c->fd < 0)
					continue;
				if (read(c->fd, v, sizeof(v)) != (ssize_t)sizeof(v))
					die(1, "read of %s/%s/ on CPU %d failed: %s",
					    x->boxes[i].pmu, x->boxes[i].ev[j].name,
					    x->sockets[s].cpu, strerror(errno));
				dv = v[0] - c->val;
				de = v[1] - c->ena;
				dr = v[2] - c->run;
				c->val = v[0];
				c->ena = v[1];
				c->run = v[2];
				if (first)
					continue;
				/*
				 * The count scaled to the enabled time, over
				 * the enabled time: dv * (de / dr) / de
				 */
				c->rate = dr ? (double)dv * 1e9 / (double)dr : NAN;
				c->multiplexed = dr < de;
				c->share = de ? (double)dr / (double)de : NAN;
				/* the interval's count scaled to its enabled time */
				if (dr) {
					c->total += (double)dv * (double)de / (double)dr;
					c->ran = 1;
				}
			}
		}
	}
}

/*
 * A counter's MB/s over the last interval: NAN if it did not count in it
 * (multiplexed out for the whole interval) or the box is absent on the
 * socket, so that an unknown figure never reads as 0, and every sum
 * that includes it is unknown too
 */
static double box_mbs(const struct box *b, int s, int j)
{
	const struct counter *c = &b->ctr[s][j];

	return c->fd < 0 ? NAN : c->rate * b->ev[j].bytes / 1e6;
}

/* mem_mbs BOX SOCKET WRITE: the box's read (0) or write (1) MB/s */
double mem_mbs(const struct box *b, int s, int w)
{
	return box_mbs(b, s, w);
}

/* qpi_mbs BOX SOCKET: the link's transmitted data MB/s */
double qpi_mbs(const struct box *b, int s)
{
	return box_mbs(b, s, 0);
}

void socket_totals(const struct xubw *x, int s, double *rd, double *wr, double *qpi)
{
	int i;

	*rd = *wr = *qpi = 0;
	for (i = 0; i < x->nboxes; i++) {
		if (!x->boxes[i].on_socket[s])
			continue;
		if (x->boxes[i].kind == BOX_MEM) {
			*rd += mem_mbs(&x->boxes[i], s, 0);
			*wr += mem_mbs(&x->boxes[i], s, 1);
		} else if (x->boxes[i].kind == BOX_QPI) {
			*qpi += qpi_mbs(&x->boxes[i], s);
		}
	}
}

/* the system's sums: every socket's, unknown if one of them is */
void system_totals(const struct xubw *x, double *rd, double *wr, double *qpi)
{
	double r, w, q;
	int s;

	*rd = *wr = *qpi = 0;
	for (s = 0; s < x->nsockets; s++) {
		socket_totals(x, s, &r, &w, &q);
		*rd += r;
		*wr += w;
		*qpi += q;
	}
}

/*
 * The socket's average memory read latency over the last interval, ns:
 * the cycles its reads that missed spent in the TORs over how many there
 * were (Little's law), in uncore clocks, over the uncore clock's rate.
 * NAN where a count is unknown or no read missed.
 */
double socket_latency(const struct xubw *x, int s)
{
	double occ = 0, ins = 0, clk = NAN;
	int i;

	for (i = 0; i < x->nboxes; i++) {
		const struct box *b = &x->boxes[i];
		const struct counter *c = b->ctr[s];

		if (b->kind != BOX_CBOX || !b->on_socket[s])
			continue;
		if (c[CBOX_OCC].fd < 0 || c[CBOX_INS].fd < 0)
			return NAN;
		occ += c[CBOX_OCC].rate;
		ins += c[CBOX_INS].rate;
		if (b->nev > CBOX_CLK && c[CBOX_CLK].fd >= 0)
			clk = c[CBOX_CLK].rate;
	}
	if (!(ins > 0) || !(clk > 0))
		return NAN;
	return occ / ins / clk * 1e9;
}

/* The socket's reads by origin, local (0) or remote (1), MB/s: its HAs' */
double socket_numa(const struct xubw *x, int s, int remote)
{
	double v = 0;
	int i;

	for (i = 0; i < x->nboxes; i++)
		if (x->boxes[i].kind == BOX_HA && x->boxes[i].on_socket[s])
			v += box_mbs(&x->boxes[i], s, remote);
	return v;
}

int any_multiplexed(const struct xubw *x)
{
	int i, j, s;

	for (i = 0; i < x->nboxes; i++)
		for (s = 0; s < x->nsockets; s++)
			for (j = 0; j < x->boxes[i].nev; j++) {
				const struct counter *c = &x->boxes[i].ctr[s][j];

				if (c->fd >= 0 && c->multiplexed)
					return 1;
			}
	return 0;
}

/*
 * A QPI link's utilisation over the last interval, %: the data flits it
 * sent over the flits its clock allows at full width (2 a QPI clock, a
 * flit every 4 of the 8 transfers a clock): TxL_FLITS_G0.DATA x 8 bytes
 * over the link's data bandwidth, 16 bytes a QPI clock.  NAN if either
 * count is unknown or the clock did not tick.
 */
double link_util(const struct box *b, int s)
{
	const struct counter *c = b->ctr[s];

	if (b->nev <= QPI_CLK || c[QPI_DATA].fd < 0 || c[QPI_CLK].fd < 0 ||
	    !(c[QPI_CLK].rate > 0))
		return NAN;
	return 100 * c[QPI_DATA].rate / (QPI_FLITS_PER_QCLK * c[QPI_CLK].rate);
}

/* A QPI link's speed over the last interval, GT/s: its clock x 8 */
double link_gtps(const struct box *b, int s)
{
	const struct counter *c = &b->ctr[s][QPI_CLK];

	if (b->nev <= QPI_CLK || c->fd < 0)
		return NAN;
	return c->rate * QPI_GT_PER_QCLK / 1e9;
}

/*
 * A socket's QPI utilisation, %: the data flits all its links sent over
 * the flits all their clocks allow; NAN where a count is unknown
 */
double socket_util(const struct xubw *x, int s)
{
	double data = 0, clk = 0;
	int i;

	for (i = 0; i < x->nboxes; i++) {
		const struct box *b = &x->boxes[i];
		const struct counter *c = b->ctr[s];

		if (b->kind != BOX_QPI || !b->on_socket[s])
			continue;
		if (b->nev <= QPI_CLK || c[QPI_DATA].fd < 0 || c[QPI_CLK].fd < 0)
			return NAN;
		data += c[QPI_DATA].rate;
		clk += c[QPI_CLK].rate;
	}
	if (!(clk > 0))
		return NAN;
	return 100 * data / (QPI_FLITS_PER_QCLK * clk);
}

/* The socket's uncore clock over the last interval, MHz; NAN if unknown */
double socket_uclk(const struct xubw *x, int s)
{
	int i;

	for (i = 0; i < x->nboxes; i++) {
		const struct box *b = &x->boxes[i];

		if (b->kind == BOX_UCLK && b->on_socket[s] && b->ctr[s][0].fd >= 0)
			return b->ctr[s][0].rate / 1e6;
	}
	return NAN;
}
