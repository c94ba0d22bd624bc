// SPDX-License-Identifier: GPL-2.0
/*
 * xu-bw: memory and QPI bandwidth per socket, memory channel and QPI link,
 * from the uncore PMUs of xeon_uncore.ko through perf_event_open() only.
 * See Documentation/xu-bw.rst.
 *
 * Xeon E5 / E5 v2 (snbep, ivbep): every uncore_imc_N is a memory channel,
 * counted with its CAS read and write events (one 64-byte line each);
 * every uncore_qpi_N is a QPI link, counted with the data flits it
 * transmits (TxL_FLITS_G0.DATA, 8 bytes of data each).
 * With --latency (E5 only), every uncore_cbox_N counts the reads that
 * miss the LLC (TOR_INSERTS.MISS_OPCODE with the DRd opcode 0x182) and
 * the cycles they spend in the TOR (TOR_OCCUPANCY.MISS_OPCODE): their
 * ratio over the uncore clock (C-Box 0's clockticks) is the average
 * memory read latency, by Little's law.
 * With --numa (E5 v2 only), every uncore_ha_N counts the reads of its
 * channels by where they came from: REQUESTS.READS_LOCAL and
 * READS_REMOTE, one 64-byte line each.
 * Xeon 7500 / E7 (nhmex, wsmex): every uncore_mbox_N is a memory
 * controller, counted with its B-Box read and write commands (one 64-byte
 * line each); QPI is not shown (see the documentation).
 *
 * Events are encoded from the PMU's sysfs format/ files, with the
 * encoding of its events/ alias where the driver has one.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SYSFS_PMUS	"/sys/bus/event_source/devices"
#define MAX_CPUS	4096
#define MAX_SOCKETS	64
#define MAX_BOXES	32
#define QPI_FLIT_BYTES	8.0	/* data bytes per QPI data flit */
#define LINE_BYTES	64.0	/* bytes per CAS / M-Box command */

enum platform { PLAT_NONE, PLAT_E5, PLAT_NHMEX };
enum box_kind { BOX_MEM, BOX_QPI, BOX_CBOX, BOX_HA };
/* a C-Box's events with --latency: occupancy, inserts, and C-Box 0's clock */
enum { CBOX_OCC, CBOX_INS, CBOX_CLK };
#define MAX_EVENTS	3
enum out_fmt { OUT_TABLE, OUT_CSV, OUT_JSON };

/* one event: its name, the encoding used and bytes per count */
struct event {
	char name[32];
	char enc[128];		/* "event=0x04,umask=0x03" */
	int from_alias;		/* enc is the PMU's events/ alias */
	uint64_t config[3];
	double bytes;
};

/* one count of one event on one socket's CPU */
struct counter {
	int fd;
	uint64_t val, ena, run;	/* last read */
	double rate;		/* events per second over the last interval, NAN if it never ran */
	int multiplexed;	/* time_running < time_enabled in the interval */
	double total;		/* scaled count since the start: the sum of the intervals' */
	int ran;		/* it counted in some interval: total is known */
	double share;		/* time_running / time_enabled in the last interval */
};

struct box {
	char pmu[64];		/* uncore_imc_0 */
	const char *label;	/* imc_0 (pmu + 7) */
	enum box_kind kind;
	unsigned int type;
	int nev;
	struct event ev[MAX_EVENTS];
	struct counter ctr[MAX_SOCKETS][MAX_EVENTS];
	int on_socket[MAX_SOCKETS];	/* the cpumask names a CPU of it */
	int idx;
};

struct socket {
	int pkg;		/* physical_package_id */
	int cpu;		/* the cpumask CPU that counts for it */
};

/* one interval's figures per socket, for the plot */
struct sample {
	double t;
	double rd[MAX_SOCKETS], wr[MAX_SOCKETS], qpi[MAX_SOCKETS];
};

static const char *prog = "xu-bw";
static enum platform plat;
static const char *plat_name;
static const char *plat_id;	/* snbep ivbep nhmex wsmex */
static struct box boxes[MAX_BOXES];
static int nboxes, nmem, nqpi, ncbox, nha;
static int want_latency;	/* --latency */
static int want_numa;		/* --numa */
static struct socket sockets[MAX_SOCKETS];
static int nsockets;
static enum out_fmt fmt = OUT_TABLE;
static int verbose;
static struct sample *hist;
static size_t nhist, hist_cap;
static const char *prom_path;	/* --prom=PATH */
static char prom_dir[4096];	/* its directory */
static const char *prom_base;	/* its file name */

/* "xu-bw: MESSAGE" on stderr */
static void vmsg(const char *f, va_list ap)
{
	fprintf(stderr, "%s: ", prog);
	vfprintf(stderr, f, ap);
	fputc('\n', stderr);
}

static void die(int code, const char *f, ...)
	__attribute__((format(printf, 2, 3), noreturn));
static void die(int code, const char *f, ...)
{
	va_list ap;

	va_start(ap, f);
	vmsg(f, ap);
	va_end(ap);
	exit(code);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: %s [-i SECONDS] [-n COUNT] [--csv | --json] [--plot=FILE.svg]\n"
		"          [--prom=FILE] [-v] [-- COMMAND [ARG...]]\n"
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
		"  -v, --verbose           print the events opened to stderr\n"
		"  -h, --help              this text\n"
		"  -- COMMAND              run COMMAND, stop when it exits\n", prog);
}

static void bad_usage(const char *f, ...) __attribute__((format(printf, 1, 2), noreturn));
static void bad_usage(const char *f, ...)
{
	va_list ap;

	va_start(ap, f);
	vmsg(f, ap);
	va_end(ap);
	usage(stderr);
	exit(2);
}

/* read_str PATH BUF LEN: the first line of PATH, without the newline */
static int read_str(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	n = strlen(buf);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

static int pkg_of_cpu(int cpu)
{
	char path[128], buf[32];

	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
	if (read_str(path, buf, sizeof(buf)))
		return -1;
	return atoi(buf);
}

/* socket_of_pkg: the index of package PKG in sockets[], added if new */
static int socket_of_cpu(int cpu)
{
	int pkg = pkg_of_cpu(cpu), i;

	if (pkg < 0)
		die(1, "cannot read the package of CPU %d", cpu);
	for (i = 0; i < nsockets; i++)
		if (sockets[i].pkg == pkg)
			return i;
	if (nsockets == MAX_SOCKETS)
		die(1, "more than %d sockets", MAX_SOCKETS);
	sockets[nsockets].pkg = pkg;
	sockets[nsockets].cpu = cpu;
	return nsockets++;
}

/*
 * parse_cpulist LIST CPUS: the CPUs of a sysfs CPU list ("0,2", "0-3,8"),
 * in CPUS; returns how many, -1 if it is malformed
 */
static int parse_cpulist(const char *s, int *cpus, int max)
{
	int n = 0;

	while (*s) {
		char *end;
		long a = strtol(s, &end, 10), b = a;

		if (end == s || a < 0)
			return -1;
		s = end;
		if (*s == '-') {
			b = strtol(s + 1, &end, 10);
			if (end == s + 1 || b < a)
				return -1;
			s = end;
		}
		for (; a <= b; a++) {
			if (n == max)
				return -1;
			cpus[n++] = (int)a;
		}
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	return n;
}

/*
 * put_field PMU NAME VALUE CONFIG: set format field NAME of PMU to VALUE
 * in CONFIG[0..2], as the field's sysfs format file lays it out
 * ("config:0-7,21": the low 8 bits of VALUE in bits 0-7, the next in 21)
 */
static int put_field(const char *pmu, const char *name, uint64_t v, uint64_t *config)
{
	char path[512], buf[256], *p;
	int which;

	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/format/%s", pmu, name);
	if (read_str(path, buf, sizeof(buf))) {
		/* perf's raw terms, where the PMU has no field of that name */
		if (!strcmp(name, "config"))
			which = 0;
		else if (!strcmp(name, "config1"))
			which = 1;
		else if (!strcmp(name, "config2"))
			which = 2;
		else {
			fprintf(stderr, "%s: %s has no format field '%s'\n", prog, pmu, name);
			return -1;
		}
		config[which] |= v;
		return 0;
	}
	if (!strncmp(buf, "config1:", 8)) {
		which = 1;
		p = buf + 8;
	} else if (!strncmp(buf, "config2:", 8)) {
		which = 2;
		p = buf + 8;
	} else if (!strncmp(buf, "config:", 7)) {
		which = 0;
		p = buf + 7;
	} else {
		fprintf(stderr, "%s: %s: format '%s' not understood\n", prog, path, buf);
		return -1;
	}
	while (*p) {
		char *end;
		unsigned long lo = strtoul(p, &end, 10), hi = lo, w;

		if (end == p)
			goto bad;
		p = end;
		if (*p == '-') {
			hi = strtoul(p + 1, &end, 10);
			if (end == p + 1)
				goto bad;
			p = end;
		}
		if (hi < lo || hi > 63)
			goto bad;
		w = hi - lo + 1;
		if (w == 64) {
			config[which] |= v;
			v = 0;
		} else {
			config[which] |= (v & ((1ULL << w) - 1)) << lo;
			v >>= w;
		}
		if (*p == ',')
			p++;
		else if (*p)
			goto bad;
	}
	if (v) {
		fprintf(stderr, "%s: %s: value too wide for field %s (%s)\n",
			prog, pmu, name, buf);
		return -1;
	}
	return 0;
bad:
	fprintf(stderr, "%s: %s: format '%s' not understood\n", prog, path, buf);
	return -1;
}

/* encode PMU TERMS CONFIG: "event=0x04,umask=0x03" into CONFIG[0..2] */
static int encode(const char *pmu, const char *terms, uint64_t *config)
{
	char buf[256], *save = NULL, *t;

	config[0] = config[1] = config[2] = 0;
	snprintf(buf, sizeof(buf), "%s", terms);
	for (t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '=');
		uint64_t v = 1;

		if (eq) {
			char *end;

			*eq = '\0';
			errno = 0;
			v = strtoull(eq + 1, &end, 0);
			if (errno || end == eq + 1 || *end) {
				fprintf(stderr, "%s: %s: bad term '%s=%s'\n", prog, pmu, t, eq + 1);
				return -1;
			}
		}
		if (put_field(pmu, t, v, config))
			return -1;
	}
	return 0;
}

/*
 * set_event BOX I NAME DEFAULT BYTES: event I of BOX is NAME, encoded as
 * the PMU's events/NAME alias where it has one, DEFAULT otherwise; its
 * bytes per count from events/NAME.scale and .unit where present
 */
static void set_event(struct box *b, int i, const char *name, const char *def, double bytes)
{
	struct event *e = &b->ev[i];
	char path[512], buf[64], unit[32];

	snprintf(e->name, sizeof(e->name), "%s", name);
	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/events/%s", b->pmu, name);
	e->from_alias = !read_str(path, e->enc, sizeof(e->enc));
	if (!e->from_alias)
		snprintf(e->enc, sizeof(e->enc), "%s", def);
	if (encode(b->pmu, e->enc, e->config))
		die(1, "%s/%s/: cannot encode '%s' with the PMU's format", b->pmu, name, e->enc);
	e->bytes = bytes;
	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/events/%s.scale", b->pmu, name);
	if (!read_str(path, buf, sizeof(buf))) {
		double scale = strtod(buf, NULL);

		snprintf(path, sizeof(path), SYSFS_PMUS "/%s/events/%s.unit", b->pmu, name);
		if (read_str(path, unit, sizeof(unit)))
			unit[0] = '\0';
		if (!strcmp(unit, "MiB"))
			e->bytes = scale * 1048576.0;
		else if (!strcmp(unit, "MB"))
			e->bytes = scale * 1e6;
		else if (!strcmp(unit, "KiB"))
			e->bytes = scale * 1024.0;
		else if (!strcmp(unit, "B") || !strcmp(unit, "Bytes"))
			e->bytes = scale;
	}
}

/* box_index NAME PREFIX: N of "PREFIXN", -1 if NAME is not one */
static int box_index(const char *name, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *p = name + n;

	if (strncmp(name, prefix, n) || !*p)
		return -1;
	for (; *p; p++)
		if (!isdigit((unsigned char)*p))
			return -1;
	return atoi(name + n);
}

static int cmp_box(const void *a, const void *b)
{
	const struct box *x = a, *y = b;

	if (x->kind != y->kind)
		return x->kind - y->kind;
	return x->idx - y->idx;
}

static int cpu_model(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];
	int model = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "model", 5) && (line[5] == ' ' || line[5] == '\t')) {
			char *c = strchr(line, ':');

			if (c)
				model = atoi(c + 1);
			break;
		}
	}
	fclose(f);
	return model;
}

static int pmu_exists(const char *pmu)
{
	char path[512];

	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/type", pmu);
	return !access(path, R_OK);
}

/* discover: the platform, its memory and QPI PMUs, the sockets */
static void discover(void)
{
	DIR *d = opendir(SYSFS_PMUS);
	struct dirent *de;
	int model = cpu_model(), i;

	if (!d)
		die(1, "cannot open %s: %s", SYSFS_PMUS, strerror(errno));
	if (pmu_exists("uncore_imc_0"))
		plat = PLAT_E5;
	else if (pmu_exists("uncore_mbox_0"))
		plat = PLAT_NHMEX;
	else
		die(1, "no supported uncore PMU in " SYSFS_PMUS
		    " (uncore_imc_N of a Xeon E5 / E5 v2, uncore_mbox_N of a Xeon 7500 / E7):"
		    " is xeon_uncore.ko loaded on a supported CPU?");
	if (plat == PLAT_E5) {
		plat_name = model == 45 ? "Xeon E5 (snbep)" : model == 62 ? "Xeon E5 v2 (ivbep)" :
			    pmu_exists("uncore_irp") ? "Xeon E5 v2 uncore (ivbep)" :
			    "Xeon E5 uncore (snbep)";
		plat_id = model == 45 ? "snbep" : model == 62 || pmu_exists("uncore_irp") ?
			  "ivbep" : "snbep";
	} else {
		plat_name = model == 46 ? "Xeon 7500 (nhmex)" : model == 47 ? "Xeon E7 (wsmex)" :
			    "Xeon 7500 / E7 uncore (nhmex)";
		plat_id = model == 47 ? "wsmex" : "nhmex";
	}

	while ((de = readdir(d))) {
		struct box *b;
		int idx, kind;
		char path[512], buf[4096];
		int cpus[MAX_CPUS], n;

		if (plat == PLAT_E5 && (idx = box_index(de->d_name, "uncore_imc_")) >= 0)
			kind = BOX_MEM;
		else if (plat == PLAT_E5 && (idx = box_index(de->d_name, "uncore_qpi_")) >= 0)
			kind = BOX_QPI;
		else if (plat == PLAT_E5 && want_latency &&
			 (idx = box_index(de->d_name, "uncore_cbox_")) >= 0)
			kind = BOX_CBOX;
		else if (plat == PLAT_E5 && want_numa &&
			 (idx = box_index(de->d_name, "uncore_ha_")) >= 0)
			kind = BOX_HA;
		else if (plat == PLAT_NHMEX &&
			 (idx = box_index(de->d_name, "uncore_mbox_")) >= 0)
			kind = BOX_MEM;
		else
			continue;
		if (strlen(de->d_name) >= sizeof(b->pmu))
			continue;
		if (nboxes == MAX_BOXES)
			die(1, "more than %d memory and QPI PMUs", MAX_BOXES);
		b = &boxes[nboxes++];
		memcpy(b->pmu, de->d_name, strlen(de->d_name) + 1);
		b->kind = kind;
		b->idx = idx;
		snprintf(path, sizeof(path), SYSFS_PMUS "/%s/type", b->pmu);
		if (read_str(path, buf, sizeof(buf)))
			die(1, "cannot read %s", path);
		b->type = (unsigned int)strtoul(buf, NULL, 10);
		snprintf(path, sizeof(path), SYSFS_PMUS "/%s/cpumask", b->pmu);
		if (read_str(path, buf, sizeof(buf)))
			die(1, "cannot read %s", path);
		n = parse_cpulist(buf, cpus, MAX_CPUS);
		if (n <= 0)
			die(1, "%s: cpumask '%s' not understood", path, buf);
		for (i = 0; i < n; i++) {
			int s = socket_of_cpu(cpus[i]);

			if (sockets[s].cpu != cpus[i])
				die(1, "%s names CPUs %d and %d of package %d",
				    path, sockets[s].cpu, cpus[i], sockets[s].pkg);
			b->on_socket[s] = 1;
		}
		if (plat == PLAT_E5 && kind == BOX_MEM) {
			set_event(b, 0, "cas_count_read", "event=0x04,umask=0x03", LINE_BYTES);
			set_event(b, 1, "cas_count_write", "event=0x04,umask=0x0c", LINE_BYTES);
		} else if (kind == BOX_HA) {
			/* IVB-EP's HA REQUESTS: reads from this socket, from others */
			set_event(b, 0, "xu_requests_reads_local", "event=0x01,umask=0x01",
				  LINE_BYTES);
			set_event(b, 1, "xu_requests_reads_remote", "event=0x01,umask=0x02",
				  LINE_BYTES);
		} else if (kind == BOX_CBOX) {
			/*
			 * The reads that miss, of the opcode the uncore guides'
			 * latency formula takes (DRd, 0x182), and their cycles
			 * in the TOR; the uncore clock from C-Box 0 alone
			 */
			set_event(b, CBOX_OCC, "xu_tor_occupancy_miss_drd",
				  "event=0x36,umask=0x03,filter_opc=0x182", 1);
			set_event(b, CBOX_INS, "xu_tor_inserts_miss_drd",
				  "event=0x35,umask=0x03,filter_opc=0x182", 1);
			if (idx == 0)
				set_event(b, CBOX_CLK, "xu_clockticks", "event=0x00", 1);
		} else if (plat == PLAT_E5) {
			/*
			 * TxL_FLITS_G0.DATA: every data flit the link sends,
			 * DRS and NCB alike.  (The driver's drs_data and
			 * ncb_data aliases, event 0x102 and 0x103, are
			 * RxL_FLITS_G1 and _G2: what the link receives.)
			 */
			set_event(b, 0, "txl_flits_g0_data", "event=0x00,umask=0x02",
				  QPI_FLIT_BYTES);
		} else {
			int ws = model == 47;

			set_event(b, 0, "bbox_cmds_read", ws ?
				  "inc_sel=0xd,fvc=0x5000,wrap_mode=1" :
				  "inc_sel=0xd,fvc=0x2800,wrap_mode=1", LINE_BYTES);
			set_event(b, 1, "bbox_cmds_write", ws ?
				  "inc_sel=0xd,fvc=0x5040,wrap_mode=1" :
				  "inc_sel=0xd,fvc=0x2820,wrap_mode=1", LINE_BYTES);
		}
		b->nev = kind == BOX_QPI ? 1 : kind == BOX_CBOX && idx == 0 ? 3 : 2;
		if (kind == BOX_MEM)
			nmem++;
		else if (kind == BOX_QPI)
			nqpi++;
		else if (kind == BOX_HA)
			nha++;
		else
			ncbox++;
	}
	closedir(d);
	qsort(boxes, nboxes, sizeof(boxes[0]), cmp_box);
	for (i = 0; i < nboxes; i++)
		boxes[i].label = boxes[i].pmu + strlen("uncore_");
	/* sockets in package order; the boxes' on_socket[] follow */
	for (i = 1; i < nsockets; i++) {
		int j;

		for (j = i; j > 0 && sockets[j - 1].pkg > sockets[j].pkg; j--) {
			struct socket t = sockets[j];
			int k;

			sockets[j] = sockets[j - 1];
			sockets[j - 1] = t;
			for (k = 0; k < nboxes; k++) {
				int o = boxes[k].on_socket[j];

				boxes[k].on_socket[j] = boxes[k].on_socket[j - 1];
				boxes[k].on_socket[j - 1] = o;
			}
		}
	}
}

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

static void open_counters(void)
{
	int i, j, s;
	char paranoid[32];

	if (read_str("/proc/sys/kernel/perf_event_paranoid", paranoid, sizeof(paranoid)))
		snprintf(paranoid, sizeof(paranoid), "?");
	for (i = 0; i < nboxes; i++) {
		struct box *b = &boxes[i];

		for (j = 0; j < b->nev; j++) {
			struct event *e = &b->ev[j];

			if (verbose)
				fprintf(stderr, "%s: %s/%s/ = %s (%s) config=%#" PRIx64
					" config1=%#" PRIx64 " config2=%#" PRIx64
					", %g bytes per count\n", prog, b->pmu, e->name, e->enc,
					e->from_alias ? "sysfs alias" : "built in",
					e->config[0], e->config[1], e->config[2], e->bytes);
			for (s = 0; s < nsockets; s++) {
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
						     sockets[s].cpu, -1, PERF_FLAG_FD_CLOEXEC);
				if (c->fd >= 0)
					continue;
				err = errno;
				if (err == ENODEV && pmu_exists(b->pmu)) {
					/* the box lacks this package: "-" there */
					fprintf(stderr, "%s: %s is absent on package %d "
						"(ENODEV): not shown there\n", prog, b->pmu,
						sockets[s].pkg);
					absent_on(b, s, j);
					continue;
				}
				fprintf(stderr, "%s: perf_event_open(%s/%s/ = %s, CPU %d)"
					" failed: %s (%s)\n", prog, b->pmu, e->name, e->enc,
					sockets[s].cpu, errno_name(err), strerror(err));
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

static double now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* sample_counters: read every counter, its rate since the last read */
static void sample_counters(int first)
{
	int i, j, s;

	for (i = 0; i < nboxes; i++) {
		for (s = 0; s < nsockets; s++) {
			for (j = 0; j < boxes[i].nev; j++) {
				struct counter *c = &boxes[i].ctr[s][j];
				uint64_t v[3], dv, de, dr;

				if (c->fd < 0)
					continue;
				if (read(c->fd, v, sizeof(v)) != (ssize_t)sizeof(v))
					die(1, "read of %s/%s/ on CPU %d failed: %s",
					    boxes[i].pmu, boxes[i].ev[j].name,
					    sockets[s].cpu, strerror(errno));
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
static double mem_mbs(const struct box *b, int s, int w)
{
	return box_mbs(b, s, w);
}

/* qpi_mbs BOX SOCKET: the link's transmitted data MB/s */
static double qpi_mbs(const struct box *b, int s)
{
	return box_mbs(b, s, 0);
}

static void socket_totals(int s, double *rd, double *wr, double *qpi)
{
	int i;

	*rd = *wr = *qpi = 0;
	for (i = 0; i < nboxes; i++) {
		if (!boxes[i].on_socket[s])
			continue;
		if (boxes[i].kind == BOX_MEM) {
			*rd += mem_mbs(&boxes[i], s, 0);
			*wr += mem_mbs(&boxes[i], s, 1);
		} else if (boxes[i].kind == BOX_QPI) {
			*qpi += qpi_mbs(&boxes[i], s);
		}
	}
}

/* the system's sums: every socket's, unknown if one of them is */
static void system_totals(double *rd, double *wr, double *qpi)
{
	double r, w, q;
	int s;

	*rd = *wr = *qpi = 0;
	for (s = 0; s < nsockets; s++) {
		socket_totals(s, &r, &w, &q);
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
static double socket_latency(int s)
{
	double occ = 0, ins = 0, clk = NAN;
	int i;

	for (i = 0; i < nboxes; i++) {
		const struct box *b = &boxes[i];
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
static double socket_numa(int s, int remote)
{
	double v = 0;
	int i;

	for (i = 0; i < nboxes; i++)
		if (boxes[i].kind == BOX_HA && boxes[i].on_socket[s])
			v += box_mbs(&boxes[i], s, remote);
	return v;
}

static int any_multiplexed(void)
{
	int i, j, s;

	for (i = 0; i < nboxes; i++)
		for (s = 0; s < nsockets; s++)
			for (j = 0; j < boxes[i].nev; j++)
				if (boxes[i].ctr[s][j].fd >= 0 && boxes[i].ctr[s][j].multiplexed)
					return 1;
	return 0;
}

static void print_header(void)
{
	int i;

	if (fmt == OUT_CSV) {
		printf("timestamp,elapsed_s,socket,record,box,read_MBps,write_MBps,tx_MBps%s%s\n",
		       want_latency ? ",latency_ns" : "",
		       want_numa ? ",local_read_MBps,remote_read_MBps" : "");
		return;
	}
	if (fmt == OUT_JSON)
		return;
	printf("xu-bw: %s, %d socket%s, %d memory channel%s (", plat_name, nsockets,
	       nsockets == 1 ? "" : "s", nmem, nmem == 1 ? "" : "s");
	for (i = 0; i < nboxes; i++)
		if (boxes[i].kind == BOX_MEM)
			printf("%s%s", i ? " " : "", boxes[i].label);
	if (plat == PLAT_E5)
		printf("), %d QPI link%s; MB/s = 10^6 bytes/s\n", nqpi, nqpi == 1 ? "" : "s");
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

static void print_table(double elapsed)
{
	int i, s;
	double rd, wr, q;

	printf("\n%.3f s%s\n", elapsed, any_multiplexed() ?
	       " (multiplexed: scaled by time_enabled/time_running)" : "");
	printf("%-6s %-7s %9s", "socket", "MB/s", "total");
	for (i = 0; i < nboxes; i++)
		if (boxes[i].kind == BOX_MEM)
			printf(" %8s", boxes[i].label);
	printf("\n");
	for (s = 0; s < nsockets; s++) {
		int w;

		socket_totals(s, &rd, &wr, &q);
		for (w = 0; w < 2; w++) {
			printf("%-6d %-7s", sockets[s].pkg, w ? "write" : "read");
			cell(" ", 9, w ? wr : rd);
			for (i = 0; i < nboxes; i++)
				if (boxes[i].kind == BOX_MEM)
					cell(" ", 8, boxes[i].on_socket[s] ?
					     mem_mbs(&boxes[i], s, w) : NAN);
			printf("\n");
		}
	}
	system_totals(&rd, &wr, &q);
	printf("%-6s %-7s", "all", "read");
	cell(" ", 9, rd);
	printf("\n%-6s %-7s", "all", "write");
	cell(" ", 9, wr);
	printf("\n");
	if (!nqpi)
		return;
	printf("%-6s %-7s %9s", "socket", "MB/s", "total");
	for (i = 0; i < nboxes; i++)
		if (boxes[i].kind == BOX_QPI)
			printf(" %8s", boxes[i].label);
	printf("\n");
	for (s = 0; s < nsockets; s++) {
		socket_totals(s, &rd, &wr, &q);
		printf("%-6d %-7s", sockets[s].pkg, "QPI tx");
		cell(" ", 9, q);
		for (i = 0; i < nboxes; i++)
			if (boxes[i].kind == BOX_QPI)
				cell(" ", 8, boxes[i].on_socket[s] ? qpi_mbs(&boxes[i], s) : NAN);
		printf("\n");
	}
	system_totals(&rd, &wr, &q);
	printf("%-6s %-7s", "all", "QPI tx");
	cell(" ", 9, q);
	printf("\n");
	if (want_latency) {
		printf("%-6s %-7s %9s\n", "socket", "ns", "read");
		for (s = 0; s < nsockets; s++) {
			printf("%-6d %-7s", sockets[s].pkg, "latency");
			cell(" ", 9, socket_latency(s));
			printf("\n");
		}
	}
	if (want_numa) {
		printf("%-6s %-7s %9s %9s\n", "socket", "MB/s", "local", "remote");
		for (s = 0; s < nsockets; s++) {
			printf("%-6d %-7s", sockets[s].pkg, "reads");
			cell(" ", 9, socket_numa(s, 0));
			cell(" ", 9, socket_numa(s, 1));
			printf("\n");
		}
	}
}

static void print_record(double ts, double el, int pkg, const char *rec, const char *box,
			 const double *rd, const double *wr, const double *tx,
			 const double *lat, const double *numa)
{
	if (fmt == OUT_CSV) {
		printf("%.3f,%.3f,", ts, el);
		if (pkg >= 0)
			printf("%d", pkg);
		printf(",%s,%s,", rec, box);
		if (rd && !isnan(*rd))
			printf("%.3f", *rd);
		putchar(',');
		if (wr && !isnan(*wr))
			printf("%.3f", *wr);
		putchar(',');
		if (tx && !isnan(*tx))
			printf("%.3f", *tx);
		if (want_latency) {
			putchar(',');
			if (lat && !isnan(*lat))
				printf("%.3f", *lat);
		}
		if (want_numa) {
			putchar(',');
			if (numa && !isnan(numa[0]))
				printf("%.3f", numa[0]);
			putchar(',');
			if (numa && !isnan(numa[1]))
				printf("%.3f", numa[1]);
		}
		putchar('\n');
		return;
	}
	printf("{\"timestamp\":%.3f,\"elapsed_s\":%.3f", ts, el);
	if (pkg >= 0)
		printf(",\"socket\":%d", pkg);
	printf(",\"record\":\"%s\"", rec);
	if (*box)
		printf(",\"box\":\"%s\"", box);
	if (rd && !isnan(*rd))
		printf(",\"read_MBps\":%.3f", *rd);
	if (wr && !isnan(*wr))
		printf(",\"write_MBps\":%.3f", *wr);
	if (tx && !isnan(*tx))
		printf(",\"tx_MBps\":%.3f", *tx);
	if (lat && !isnan(*lat))
		printf(",\"latency_ns\":%.3f", *lat);
	if (numa && !isnan(numa[0]))
		printf(",\"local_read_MBps\":%.3f", numa[0]);
	if (numa && !isnan(numa[1]))
		printf(",\"remote_read_MBps\":%.3f", numa[1]);
	printf("}\n");
}

static void print_records(double ts, double el)
{
	double rd, wr, q, lat, numa[2];
	int i, s;

	for (s = 0; s < nsockets; s++) {
		socket_totals(s, &rd, &wr, &q);
		lat = socket_latency(s);
		numa[0] = socket_numa(s, 0);
		numa[1] = socket_numa(s, 1);
		print_record(ts, el, sockets[s].pkg, "socket", "", &rd, &wr, nqpi ? &q : NULL,
			     want_latency ? &lat : NULL, want_numa ? numa : NULL);
		for (i = 0; i < nboxes; i++) {
			const struct box *b = &boxes[i];

			if (!b->on_socket[s])
				continue;
			if (b->kind == BOX_MEM) {
				rd = mem_mbs(b, s, 0);
				wr = mem_mbs(b, s, 1);
				print_record(ts, el, sockets[s].pkg, "channel", b->pmu,
					     &rd, &wr, NULL, NULL, NULL);
			} else if (b->kind == BOX_QPI) {
				q = qpi_mbs(b, s);
				print_record(ts, el, sockets[s].pkg, "link", b->pmu,
					     NULL, NULL, &q, NULL, NULL);
			}
		}
	}
	system_totals(&rd, &wr, &q);
	print_record(ts, el, -1, "system", "", &rd, &wr, nqpi ? &q : NULL, NULL, NULL);
}


/*
 * --prom=PATH: the Prometheus text exposition format 0.0.4.  Counters are
 * the bytes since xu-bw started (each interval's count scaled by its
 * time_enabled / time_running, summed), so that a scraper's rate() gives
 * the bandwidth over its own window.  A counter that never ran has no
 * line at all: an unknown figure is never exported as 0.
 */

/* prom_check: PATH must be a file name in a directory we can write */
static void prom_check(const char *path)
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
		snprintf(prom_dir, sizeof(prom_dir), ".");
	else if (slash == path)
		snprintf(prom_dir, sizeof(prom_dir), "/");
	else if ((size_t)(slash - path) >= sizeof(prom_dir))
		bad_usage("--prom=%s: path too long", path);
	else
		snprintf(prom_dir, sizeof(prom_dir), "%.*s", (int)(slash - path), path);
	prom_base = slash ? slash + 1 : path;
	if (strlen(prom_base) > 200)
		bad_usage("--prom=%s: file name too long", path);
	prom_path = path;
	if (stat(prom_dir, &st))
		die(1, "--prom=%s: directory %s: %s", path, prom_dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		die(1, "--prom=%s: %s is not a directory", path, prom_dir);
	/* the temporary file and the rename need the directory writable */
	snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", prom_dir, prom_base);
	fd = mkstemp(tmp);
	if (fd < 0)
		die(1, "--prom=%s: cannot create a file in %s: %s", path, prom_dir,
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
 * prom_family F KIND WHICH NAME TYPE HELP: NAME's lines, one per socket
 * and box of KIND that has counted, WHICH the event (-1: the sum of the
 * box's events)
 */
static void prom_family(FILE *f, enum box_kind kind, int which, const char *name,
			const char *label, const char *help)
{
	int i, s, head = 0;

	for (s = 0; s < nsockets; s++) {
		for (i = 0; i < nboxes; i++) {
			const struct box *b = &boxes[i];
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
			fprintf(f, "%s{socket=\"%d\",%s=\"", name, sockets[s].pkg, label);
			prom_label(f, b->label);
			fprintf(f, "\"} %.0f\n", v);
		}
	}
}

static void prom_write(double ts)
{
	char tmp[4200];
	FILE *f;
	int fd, i, j, s, head = 0;

	snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", prom_dir, prom_base);
	fd = mkstemp(tmp);
	if (fd < 0)
		die(1, "--prom=%s: cannot create a file in %s: %s", prom_path, prom_dir,
		    strerror(errno));
	/* mkstemp's 0600 would keep node_exporter's user out */
	if (fchmod(fd, 0644) || !(f = fdopen(fd, "w"))) {
		int e = errno;

		close(fd);
		unlink(tmp);
		die(1, "--prom=%s: %s: %s", prom_path, tmp, strerror(e));
	}
	fprintf(f, "# HELP xeon_uncore_info The platform xu-bw measures (xeon_uncore.ko's PMUs).\n"
		"# TYPE xeon_uncore_info gauge\n"
		"xeon_uncore_info{platform=\"%s\",name=\"", plat_id);
	prom_label(f, plat_name);
	fprintf(f, "\",sockets=\"%d\"} 1\n", nsockets);
	/*
	 * When the counts below were read.  A scrape gets this file some
	 * time after xu-bw wrote it; rate(bytes) / rate(this) is the
	 * bandwidth between two reads, whatever that delay.
	 */
	fprintf(f, "# HELP xeon_uncore_last_read_timestamp_seconds Unix time at which xu-bw read the"
		" counters of this file.\n"
		"# TYPE xeon_uncore_last_read_timestamp_seconds gauge\n"
		"xeon_uncore_last_read_timestamp_seconds %.3f\n", ts);
	prom_family(f, BOX_MEM, 0, "xeon_uncore_memory_read_bytes_total", "channel",
		    "Bytes read from memory since xu-bw started, per socket and channel.");
	prom_family(f, BOX_MEM, 1, "xeon_uncore_memory_write_bytes_total", "channel",
		    "Bytes written to memory since xu-bw started, per socket and channel.");
	prom_family(f, BOX_QPI, -1, "xeon_uncore_qpi_tx_bytes_total", "link",
		    "Data bytes a QPI link transmitted since xu-bw started, per socket and link.");
	prom_family(f, BOX_HA, 0, "xeon_uncore_memory_read_local_bytes_total", "ha",
		    "Bytes a home agent read from memory for its own socket since xu-bw started.");
	prom_family(f, BOX_HA, 1, "xeon_uncore_memory_read_remote_bytes_total", "ha",
		    "Bytes a home agent read from memory for other sockets since xu-bw started.");
	for (s = 0, head = 0; want_latency && s < nsockets; s++) {
		double lat = socket_latency(s);

		if (isnan(lat))
			continue;
		if (!head++)
			fprintf(f, "# HELP xeon_uncore_memory_read_latency_seconds Average memory"
				" read latency in the last interval (LLC misses' TOR occupancy"
				" over inserts, over the uncore clock), per socket.\n"
				"# TYPE xeon_uncore_memory_read_latency_seconds gauge\n");
		fprintf(f, "xeon_uncore_memory_read_latency_seconds{socket=\"%d\"} %.12f\n",
			sockets[s].pkg, lat / 1e9);
	}
	head = 0;
	for (s = 0; s < nsockets; s++) {
		for (i = 0; i < nboxes; i++) {
			const struct box *b = &boxes[i];

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
					"pmu=\"%s\",event=\"%s\"} %.4f\n", sockets[s].pkg,
					b->pmu, b->ev[j].name, c->share);
			}
		}
	}
	if (fclose(f)) {
		int e = errno;

		unlink(tmp);
		die(1, "--prom=%s: writing %s: %s", prom_path, tmp, strerror(e));
	}
	if (rename(tmp, prom_path)) {
		int e = errno;

		unlink(tmp);
		die(1, "--prom=%s: rename from %s: %s", prom_path, tmp, strerror(e));
	}
}

/*
 * The plot's history holds at most HIST_MAX intervals: when it is full,
 * every second one is dropped, so a long run keeps its whole span at a
 * coarser step and bounded memory
 */
#define HIST_MAX	4096

static void report(double el, int keep)
{
	struct sample *h;
	size_t k;
	int s;

	if (prom_path)
		prom_write(now(CLOCK_REALTIME));
	if (fmt == OUT_TABLE && !prom_path)
		print_table(el);
	else if (fmt != OUT_TABLE)
		print_records(now(CLOCK_REALTIME), el);
	fflush(stdout);
	if (!keep)
		return;
	if (nhist == HIST_MAX) {
		for (k = 0; 2 * k + 1 < nhist; k++)
			hist[k] = hist[2 * k + 1];
		nhist = k;
	}
	if (nhist == hist_cap) {
		hist_cap = hist_cap ? 2 * hist_cap : 64;
		hist = realloc(hist, hist_cap * sizeof(*hist));
		if (!hist)
			die(1, "out of memory");
	}
	h = &hist[nhist++];
	h->t = el;
	for (s = 0; s < nsockets; s++)
		socket_totals(s, &h->rd[s], &h->wr[s], &h->qpi[s]);
}

/* nice_step: a 1, 2 or 5 times a power of ten step near RANGE / 5 */
static double nice_step(double range)
{
	double raw = range / 5, p, f;

	if (raw <= 0)
		return 1;
	p = pow(10, floor(log10(raw)));
	f = raw / p;
	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

static void write_plot(const char *path)
{
	static const char *const colour[] = {
		"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
		"#ff7f0e", "#8c564b", "#e377c2", "#17becf",
	};
	const double W = 900, H = 480, L = 80, R = 200, T = 40, B = 60;
	double pw = W - L - R, ph = H - T - B, xmax = 0, ymax = 0, xs, ys, v;
	FILE *f = fopen(path, "w");
	size_t k;
	int s, kind, nkinds = nqpi ? 3 : 2, ly = 0;

	if (!f) {
		fprintf(stderr, "%s: cannot write %s: %s\n", prog, path, strerror(errno));
		return;
	}
	for (k = 0; k < nhist; k++) {
		if (hist[k].t > xmax)
			xmax = hist[k].t;
		for (s = 0; s < nsockets; s++) {
			ymax = fmax(ymax, fmax(hist[k].rd[s], hist[k].wr[s]));
			ymax = fmax(ymax, hist[k].qpi[s]);
		}
	}
	xs = nice_step(xmax > 0 ? xmax : 1);
	xmax = ceil((xmax > 0 ? xmax : 1) / xs) * xs;
	ys = nice_step(ymax > 0 ? ymax : 1);
	ymax = ceil((ymax > 0 ? ymax * 1.05 : 1) / ys) * ys;

	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\""
		" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n",
		W, H, W, H);
	fprintf(f, "<title>xu-bw: %s, memory%s bandwidth per socket</title>\n", plat_name,
		nqpi ? " and QPI" : "");
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(f, "<text x=\"%.0f\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">"
		"%s: memory%s bandwidth per socket</text>\n", L + pw / 2, plat_name,
		nqpi ? " and QPI tx" : "");
	/* grid and ticks */
	for (v = 0; v <= ymax + ys / 2; v += ys) {
		double y = T + ph - v / ymax * ph;

		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
			L, y, L + pw, y);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
			L - 6, y + 4, v);
	}
	for (v = 0; v <= xmax + xs / 2; v += xs) {
		double x = L + v / xmax * pw;

		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
			x, T, x, T + ph);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n",
			x, T + ph + 18, v);
	}
	fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"none\""
		" stroke=\"black\"/>\n", L, T, pw, ph);
	fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">time (s)</text>\n",
		L + pw / 2, H - 16);
	fprintf(f, "<text x=\"20\" y=\"%.0f\" text-anchor=\"middle\" transform=\"rotate(-90 20 %.0f)\">"
		"bandwidth (MB/s, 10^6 bytes/s)</text>\n", T + ph / 2, T + ph / 2);
	/* one polyline per socket and kind: read solid, write dashed, QPI dotted */
	for (s = 0; s < nsockets; s++) {
		for (kind = 0; kind < nkinds; kind++) {
			static const char *const dash[] = { "", "8,4", "2,3" };
			static const char *const what[] = { "read", "write", "QPI tx" };
			const char *c = colour[s % 8], *sep;
			double y;

			fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"", c);
			if (*dash[kind])
				fprintf(f, " stroke-dasharray=\"%s\"", dash[kind]);
			fprintf(f, " points=\"");
			/* an interval whose figure is unknown has no point */
			for (k = 0, sep = ""; k < nhist; k++) {
				v = kind == 0 ? hist[k].rd[s] : kind == 1 ? hist[k].wr[s] :
				    hist[k].qpi[s];
				if (isnan(v))
					continue;
				fprintf(f, "%s%.1f,%.1f", sep, L + hist[k].t / xmax * pw,
					T + ph - v / ymax * ph);
				sep = " ";
			}
			fprintf(f, "\"><title>socket %d %s</title></polyline>\n",
				sockets[s].pkg, what[kind]);
			y = T + 10 + ly++ * 18;
			fprintf(f, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\""
				" stroke-width=\"2\"%s%s%s/>\n", W - R + 15, y, W - R + 45, y, c,
				*dash[kind] ? " stroke-dasharray=\"" : "", dash[kind],
				*dash[kind] ? "\"" : "");
			fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">socket %d %s</text>\n",
				W - R + 52, y + 4, sockets[s].pkg, what[kind]);
		}
	}
	fprintf(f, "</svg>\n");
	if (fclose(f))
		fprintf(stderr, "%s: cannot write %s: %s\n", prog, path, strerror(errno));
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

	opterr = 0;
	while ((o = getopt_long(argc, argv, "+i:n:vh", opts, NULL)) != -1) {
		switch (o) {
		case 'i':
			errno = 0;
			interval = strtod(optarg, &end);
			if (errno || end == optarg || *end || !(interval >= 0.1 && interval <= 3600))
				bad_usage("-i %s: not a number of seconds from 0.1 to 3600", optarg);
			break;
		case 'n':
			errno = 0;
			count = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || count < 1)
				bad_usage("-n %s: not a positive count", optarg);
			break;
		case 'c':
			if (fmt == OUT_JSON)
				bad_usage("--csv and --json exclude each other");
			fmt = OUT_CSV;
			break;
		case 'j':
			if (fmt == OUT_CSV)
				bad_usage("--csv and --json exclude each other");
			fmt = OUT_JSON;
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
			want_latency = 1;
			break;
		case 'N':
			want_numa = 1;
			break;
		case 'v':
			verbose = 1;
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
		prom_check(prom);
	if (optind < argc && strcmp(argv[optind - 1], "--"))
		bad_usage("unexpected argument '%s' (a command goes after --)", argv[optind]);

	discover();
	if (want_latency && (plat != PLAT_E5 || !ncbox))
		die(1, "--latency: %s", plat != PLAT_E5 ?
		    "xu-bw has no read latency formula for the Xeon 7500 / E7's events (Documentation/xu-bw.rst)" :
		    "no uncore_cbox_N PMU");
	if (want_numa && (plat != PLAT_E5 || strcmp(plat_id, "ivbep") || !nha))
		die(1, "--numa: %s", plat != PLAT_E5 || !strcmp(plat_id, "ivbep") ?
		    "needs the Xeon E5 v2's home agents (uncore_ha_N)" :
		    "SNB-EP's home agent counts reads only together (REQUESTS.READS), "
		    "not by origin (Documentation/xu-bw.rst)");
	open_counters();

	/* SIGINT, SIGTERM and SIGCHLD are taken by sigtimedwait() only */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGCHLD);
	sigprocmask(SIG_BLOCK, &sigs, NULL);

	print_header();
	fflush(stdout);
	sample_counters(1);
	t0 = last = now(CLOCK_MONOTONIC);
	if (optind < argc) {
		child = fork();
		if (child < 0)
			die(1, "fork: %s", strerror(errno));
		if (!child) {
			sigprocmask(SIG_UNBLOCK, &sigs, NULL);
			execvp(argv[optind], argv + optind);
			fprintf(stderr, "%s: %s: %s\n", prog, argv[optind], strerror(errno));
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
		sample_counters(0);
		last = now(CLOCK_MONOTONIC);
		report(last - t0, plot != NULL);
		if (count > 0 && ++done >= count)
			stop = 1;
		next += interval;
		if (next < last)
			next = last + interval;
	}
	if (plot)
		write_plot(plot);
	/* stale byte counts would read as a stopped bandwidth: take them away */
	if (prom_path)
		unlink(prom_path);
	return status;
}
