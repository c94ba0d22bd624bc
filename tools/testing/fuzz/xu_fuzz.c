// SPDX-License-Identifier: GPL-2.0
/*
 * xu_fuzz: a bounded fuzzer of the uncore PMUs
 * (/sys/bus/event_source/devices/uncore_*) for make check
 * (Documentation/dev-tools/fuzz.rst).
 *
 * With -n OPS it makes OPS operations, its hotplugs and reloads at fixed
 * points among them, so that what a run reaches depends on the seed (and
 * the kernel's answers), not on the speed of the machine; -t SECS is then
 * a hang guard: a run that has not done its OPS operations by then stops
 * and exits 3.  Without -n, -t bounds the run (default 10 s).  Either way
 * it first opens an event on every PMU in turn (a few attrs each, from the
 * formats and events, until one opens), then draws operations at random.
 *
 * It opens events with random perf_event_attr built from each PMU's sysfs
 * format fields and events, and from outside them, groups them, and runs
 * random ioctls, reads, mmaps, polls, fcntls, dups and closes on them,
 * with CPU hotplug, module unload attempts and real reloads in between.
 * Besides what the kernel reports by itself (KASAN, lockdep, WARN...),
 * it checks oracles of its own:
 *   - an event whose config, config1, config2 (or config3) sets a bit no
 *     format field of its PMU covers must not open;
 *   - a full-size read of an open event succeeds (or returns 0 for an
 *     event in error state), its count never goes backward (between
 *     resets), and a group read's nr is the group's size;
 *   - the modules cannot be unloaded while an uncore event is open;
 *   - after a reload every PMU comes back;
 *   - the simulator saw no reserved-bit write (its debugfs violations).
 * Any violation is printed and makes the exit status 1.
 *
 * With -P, a second process takes CPUs offline and online every few
 * milliseconds for the whole run, so that hotplug meets every operation
 * (open, add, read, close, a reload) at any point rather than between
 * them.
 *
 * usage: xu_fuzz [-n OPS] [-t SECS] [-s SEED] [-R RELOADS] [-H] [-P] [-v]
 *        xu_fuzz -a HEXATTR [-c CPU]    open one attr and read it
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEVS		"/sys/bus/event_source/devices"
#define SIM_VIOL	"/sys/kernel/debug/xeon_uncore_sim/violations"
#define MAX_PMUS	64
#define MAX_FIELDS	32
#define MAX_ALIASES	128
#define MAX_EVENTS	48
#define MAX_CPUS	64
#define NCFG		4	/* config, config1, config2, config3 */
#define ATTR_BUF	192
#define CONFIG3_OFF	128	/* PERF_ATTR_SIZE_VER8 adds config3 here */
#define ATTR_VER8	136
/* the first pass: attrs tried per PMU until one opens */
#define FIRST_TRIES	64
/* -n: a CPU hotplug every OPS / HP_PER_RUN operations (12 s, one a second) */
#define HP_PER_RUN	12

struct field {
	char name[40];
	int cfg;
	uint64_t mask;
};

struct alias {
	char name[64];
	uint64_t cfg[NCFG];
};

/* config bit 22: the counter control's enable bit on most boxes */
#define CFG_EN_BIT22	0x400000ULL

struct pmu {
	char name[64];
	int type;
	int cpus[MAX_CPUS];
	int ncpus;
	struct field f[MAX_FIELDS];
	int nf;
	struct alias *al;
	int nal;
	uint64_t known[NCFG];
	int count_mode;		/* index of a "count_mode" field, or -1 */
	unsigned long opened;
};

/* One open event */
struct ev {
	int fd;
	int pmu;		/* index into pmus, -1: a software event */
	int leader;		/* slot of its group leader, -1: none (itself) */
	int members;		/* as a leader: events in its group, itself too */
	int nr_unknown;		/* group changed behind our back (hotplug) */
	uint64_t read_format;
	uint64_t last;
	int have_last;
	int no_mono;		/* count may go down (M-Box count_mode) */
	void *map;
	size_t maplen;
};

static struct pmu pmus[MAX_PMUS];
static int npmus;
static struct ev evs[MAX_EVENTS];
static int nevs;
static int ncpus_sys;
static long page;
static int verbose;
static int hp_parallel;		/* -P: hotplug runs beside everything else */
static pid_t hp_pid = -1;	/* its process */

static void hp_child_stop(void);
static void all_online(void);
/* the operation under way, for the report of a slow one */
static const char *op_what, *op_name;
static long op_a, op_b;

#define OP(w, n, a, b) (op_what = (w), op_name = (n), op_a = (a), op_b = (b))
#define U64(v) ((unsigned long long)(v))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const char *evname(const struct ev *e)
{
	return e->pmu >= 0 ? pmus[e->pmu].name : "software";
}

static struct {
	unsigned long ops, first_tries, syscalls, opens_tried, opened, groups;
	unsigned long ioctls, reads, mmaps, hotplugs, rmmod_tries, reloads;
	unsigned long violations, closes, sigio, slow;
} st;
static unsigned long open_errno[160];

static uint64_t rng_state;

static uint64_t rnd(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* 0 .. n-1 */
static uint64_t below(uint64_t n)
{
	return n ? rnd() % n : 0;
}

/* true one time in n */
static int one_in(uint64_t n)
{
	return below(n) == 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "xu_fuzz: ");
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	/* leave no CPU offline, nor anything taking them offline */
	hp_child_stop();
	all_online();
	exit(2);
}

static void violation(const char *fmt, ...)
{
	va_list ap;

	st.violations++;
	va_start(ap, fmt);
	printf("xu_fuzz: VIOLATION ");
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* strlcpy */
static void copy(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = 0;
}

static int read_str(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = 0;
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	return 0;
}

/* "config1:0-7,32-35" or "config:5" */
static int parse_format(const char *s, struct field *f)
{
	const char *p = strchr(s, ':');
	char word[16];
	size_t n;

	if (!p || (size_t)(p - s) >= sizeof(word))
		return -1;
	n = p - s;
	memcpy(word, s, n);
	word[n] = 0;
	if (!strcmp(word, "config"))
		f->cfg = 0;
	else if (!strcmp(word, "config1"))
		f->cfg = 1;
	else if (!strcmp(word, "config2"))
		f->cfg = 2;
	else if (!strcmp(word, "config3"))
		f->cfg = 3;
	else
		return -1;
	f->mask = 0;
	p++;
	while (*p) {
		char *end;
		unsigned long lo = strtoul(p, &end, 10), hi = lo;

		if (end == p)
			return -1;
		if (*end == '-')
			hi = strtoul(end + 1, &end, 10);
		if (lo > 63 || hi > 63 || hi < lo)
			return -1;
		f->mask |= (hi == 63 ? ~0ULL : (1ULL << (hi + 1)) - 1) & ~((1ULL << lo) - 1);
		if (*end == ',')
			end++;
		else if (*end)
			return -1;
		p = end;
	}
	return 0;
}

/* Spread the low bits of @val over the set bits of @mask */
static uint64_t deposit(uint64_t val, uint64_t mask)
{
	uint64_t out = 0;
	int b;

	for (b = 0; b < 64 && mask; b++) {
		if (!(mask & (1ULL << b)))
			continue;
		if (val & 1)
			out |= 1ULL << b;
		val >>= 1;
		mask &= ~(1ULL << b);
	}
	return out;
}

static int field_bits(uint64_t mask)
{
	return __builtin_popcountll(mask);
}

static struct field *find_field(struct pmu *p, const char *name)
{
	int i;

	for (i = 0; i < p->nf; i++)
		if (!strcmp(p->f[i].name, name))
			return &p->f[i];
	return NULL;
}

/* "event=0x1,umask=0x2,thresh" against the PMU's fields */
static int parse_alias(struct pmu *p, const char *s, struct alias *a)
{
	char buf[512], *tok, *save;

	memset(a->cfg, 0, sizeof(a->cfg));
	snprintf(buf, sizeof(buf), "%s", s);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(tok, '=');
		uint64_t val = 1;
		struct field *f;

		if (eq) {
			*eq = 0;
			val = strtoull(eq + 1, NULL, 0);
		}
		if (!strcmp(tok, "config") || !strcmp(tok, "config1") ||
		    !strcmp(tok, "config2")) {
			a->cfg[tok[6] ? tok[6] - '0' : 0] |= val;
			continue;
		}
		f = find_field(p, tok);
		if (!f)
			return -1;
		a->cfg[f->cfg] |= deposit(val, f->mask);
	}
	return 0;
}

static void parse_cpumask(struct pmu *p, const char *s)
{
	p->ncpus = 0;
	while (*s && p->ncpus < MAX_CPUS) {
		char *end;
		long lo = strtol(s, &end, 10), hi = lo;

		if (end == s)
			break;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		for (; lo <= hi && p->ncpus < MAX_CPUS; lo++)
			p->cpus[p->ncpus++] = lo;
		s = *end == ',' ? end + 1 : end;
	}
}

static void free_pmus(void)
{
	int i;

	for (i = 0; i < npmus; i++)
		free(pmus[i].al);
	npmus = 0;
}

static int pmu_cmp(const void *a, const void *b)
{
	return strcmp(((const struct pmu *)a)->name, ((const struct pmu *)b)->name);
}

/* (Re)read every uncore_* PMU from sysfs */
static void scan_pmus(void)
{
	DIR *d = opendir(DEVS), *sd;
	struct dirent *de, *se;
	char path[512], buf[512];
	/* events opened so far per PMU name: the figures span reloads */
	static struct { char name[64]; unsigned long opened; } was[MAX_PMUS];
	int nwas = npmus, i;

	for (i = 0; i < nwas; i++) {
		copy(was[i].name, sizeof(was[i].name), pmus[i].name);
		was[i].opened = pmus[i].opened;
	}
	free_pmus();
	if (!d)
		die("no %s", DEVS);
	while ((de = readdir(d)) && npmus < MAX_PMUS) {
		struct pmu *p = &pmus[npmus];

		if (strncmp(de->d_name, "uncore_", 7))
			continue;
		memset(p, 0, sizeof(*p));
		copy(p->name, sizeof(p->name), de->d_name);
		p->count_mode = -1;
		snprintf(path, sizeof(path), DEVS "/%s/type", p->name);
		if (read_str(path, buf, sizeof(buf)))
			continue;
		p->type = atoi(buf);
		snprintf(path, sizeof(path), DEVS "/%s/cpumask", p->name);
		if (!read_str(path, buf, sizeof(buf)))
			parse_cpumask(p, buf);
		snprintf(path, sizeof(path), DEVS "/%s/format", p->name);
		sd = opendir(path);
		while (sd && (se = readdir(sd)) && p->nf < MAX_FIELDS) {
			struct field *f = &p->f[p->nf];
			char fp[768];

			if (se->d_name[0] == '.')
				continue;
			snprintf(fp, sizeof(fp), "%s/%s", path, se->d_name);
			if (read_str(fp, buf, sizeof(buf)) || parse_format(buf, f)) {
				fprintf(stderr, "xu_fuzz: %s: format %s unreadable\n",
					p->name, se->d_name);
				continue;
			}
			copy(f->name, sizeof(f->name), se->d_name);
			p->known[f->cfg] |= f->mask;
			if (!strcmp(f->name, "count_mode"))
				p->count_mode = p->nf;
			p->nf++;
		}
		if (sd)
			closedir(sd);
		/*
		 * config bit 22, the enable bit of most counter controls, is
		 * taken though no format names it (Intel PCM sends it;
		 * admin-guide.rst); the Xeon 7500 B-, M- and R-Boxes' enable
		 * is bit 0, and there it is refused
		 */
		if (strncmp(p->name, "uncore_bbox", 11) &&
		    strncmp(p->name, "uncore_mbox", 11) &&
		    strncmp(p->name, "uncore_rbox", 11))
			p->known[0] |= CFG_EN_BIT22;
		snprintf(path, sizeof(path), DEVS "/%s/events", p->name);
		sd = opendir(path);
		p->al = calloc(MAX_ALIASES, sizeof(*p->al));
		if (!p->al)
			die("out of memory");
		while (sd && (se = readdir(sd)) && p->nal < MAX_ALIASES) {
			char fp[768];

			if (se->d_name[0] == '.' || strchr(se->d_name, '.'))
				continue;
			snprintf(fp, sizeof(fp), "%s/%s", path, se->d_name);
			if (read_str(fp, buf, sizeof(buf)))
				continue;
			if (parse_alias(p, buf, &p->al[p->nal])) {
				fprintf(stderr, "xu_fuzz: %s: event %s=%s not in the formats\n",
					p->name, se->d_name, buf);
				continue;
			}
			copy(p->al[p->nal].name, sizeof(p->al[0].name), se->d_name);
			p->nal++;
		}
		if (sd)
			closedir(sd);
		npmus++;
	}
	closedir(d);
	qsort(pmus, npmus, sizeof(pmus[0]), pmu_cmp);
	for (i = 0; i < nwas; i++) {
		int j;

		for (j = 0; j < npmus; j++)
			if (!strcmp(pmus[j].name, was[i].name))
				pmus[j].opened = was[i].opened;
	}
}

static struct pmu *pmu_of_type(uint32_t type)
{
	int i;

	for (i = 0; i < npmus; i++)
		if ((uint32_t)pmus[i].type == type)
			return &pmus[i];
	return NULL;
}

/* The syscalls, counted */
static long sys_perf_open(void *attr, pid_t pid, int cpu, int group, unsigned long flags)
{
	st.syscalls++;
	return syscall(SYS_perf_event_open, attr, pid, cpu, group, flags);
}

#define SC(call) (st.syscalls++, (call))

/* ------------------------------------------------------------ attrs */

static uint64_t get64(const unsigned char *b, int off)
{
	uint64_t v;

	memcpy(&v, b + off, 8);
	return v;
}

static void put64(unsigned char *b, int off, uint64_t v)
{
	memcpy(b + off, &v, 8);
}

/*
 * A type no PMU of the machine has: small numbers and random ones.  Never
 * another PMU's (tracepoint, kprobe, breakpoint...): a random tracepoint
 * may be ftrace's function tracer, whose text patching takes minutes
 * under TCG, and the fuzzer is about the uncore PMUs.
 */
static uint32_t no_pmu_type(void)
{
	for (;;) {
		uint32_t t = one_in(2) ? (uint32_t)below(64) : (uint32_t)rnd();
		DIR *d = opendir(DEVS);
		struct dirent *de;
		int taken = 0;

		while (d && (de = readdir(d))) {
			char path[320], buf[32];

			if (de->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), DEVS "/%s/type", de->d_name);
			if (!read_str(path, buf, sizeof(buf)) && (uint32_t)atoi(buf) == t)
				taken = 1;
		}
		if (d)
			closedir(d);
		/* PERF_TYPE_HW_CACHE and RAW name no device: the CPU's PMU */
		if (!taken && t != PERF_TYPE_HARDWARE && t != PERF_TYPE_HW_CACHE &&
		    t != PERF_TYPE_RAW)
			return t;
	}
}

/* A value for a field of @bits bits: extremes or random */
static uint64_t field_value(int bits)
{
	uint64_t max = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;

	switch (below(6)) {
	case 0:
		return 0;
	case 1:
		return 1;
	case 2:
		return max;
	case 3:
		return max ? max - 1 : 0;
	default:
		return rnd() & max;
	}
}

/* config words from the PMU's fields and events */
static void valid_config(struct pmu *p, uint64_t cfg[NCFG])
{
	int i;

	memset(cfg, 0, sizeof(uint64_t) * NCFG);
	/*
	 * Now and then only the event field: a PMU without events/ whose
	 * filters refuse most events (the E5 C-Boxes) gets events open too
	 */
	if (one_in(5)) {
		struct field *f = find_field(p, "event");

		if (f) {
			cfg[f->cfg] = deposit(field_value(field_bits(f->mask)), f->mask);
			return;
		}
	}
	if (p->nal && !one_in(3)) {
		memcpy(cfg, p->al[below(p->nal)].cfg, sizeof(uint64_t) * NCFG);
		if (one_in(2))
			return;
	}
	for (i = 0; i < p->nf; i++) {
		struct field *f = &p->f[i];

		if (one_in(2))
			continue;
		cfg[f->cfg] &= ~f->mask;
		cfg[f->cfg] |= deposit(field_value(field_bits(f->mask)), f->mask);
	}
}

static uint64_t sample_period(void)
{
	switch (below(6)) {
	case 0:
		return 0;
	case 1:
		return 1;
	case 2:
		return ~0ULL;
	case 3:
		return 1ULL << below(64);
	default:
		return 1000 + below(10000000);
	}
}

static const uint32_t attr_sizes[] = {
	0, PERF_ATTR_SIZE_VER0, PERF_ATTR_SIZE_VER1, PERF_ATTR_SIZE_VER2,
	PERF_ATTR_SIZE_VER3, PERF_ATTR_SIZE_VER4, PERF_ATTR_SIZE_VER5,
	PERF_ATTR_SIZE_VER6, PERF_ATTR_SIZE_VER7, ATTR_VER8, 144, 160, ATTR_BUF,
	40, 63, 65, 4096,
};

/*
 * Fill @b (ATTR_BUF bytes) with a random attr for PMU @p; the size field
 * as chosen.  Returns how the configs were made (for the verbose log).
 */
static const char *random_attr(unsigned char *b, struct pmu *p)
{
	struct perf_event_attr *a = (struct perf_event_attr *)b;
	uint64_t cfg[NCFG];
	const char *how = "valid";
	int i, mode = below(10);

	memset(b, 0, ATTR_BUF);
	valid_config(p, cfg);
	if (mode >= 6 && mode < 9) {
		/* bits outside every format field */
		int n = 1 + below(3);

		how = "uncovered";
		for (i = 0; i < n; i++) {
			int w = below(NCFG);
			uint64_t free = ~p->known[w];

			if (w == 3 && !one_in(4))
				w = below(3), free = ~p->known[w];
			if (free)
				cfg[w] |= deposit(1ULL << below(field_bits(free)), free);
		}
	} else if (mode == 9) {
		how = "random";
		for (i = 0; i < NCFG; i++)
			cfg[i] = one_in(2) ? rnd() & rnd() : 0;
	}
	a->type = p->type;
	if (one_in(20))
		a->type = one_in(2) ? (uint32_t)pmus[below(npmus)].type : no_pmu_type();
	a->size = sizeof(*a);
	if (one_in(4))
		a->size = attr_sizes[below(ARRAY_SIZE(attr_sizes))];
	a->config = cfg[0];
	a->config1 = cfg[1];
	a->config2 = cfg[2];
	put64(b, CONFIG3_OFF, cfg[3]);
	if (cfg[3] && a->size < ATTR_VER8 && a->size)
		a->size = one_in(2) ? ATTR_VER8 : ATTR_BUF;

	a->disabled = one_in(3);
	if (one_in(4)) {
		a->sample_period = sample_period();
		a->freq = one_in(4);
		a->sample_type = rnd() & ((PERF_SAMPLE_MAX - 1) & (one_in(3) ? ~0ULL :
			(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_READ |
			 PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID)));
		a->watermark = one_in(3);
		a->wakeup_events = one_in(2) ? below(4) : (uint32_t)rnd();
	}
	if (one_in(2))
		a->read_format = rnd() & (one_in(10) ? ~0ULL : (PERF_FORMAT_LOST << 1) - 1);
	if (one_in(4)) {
		/* a few of the flag bits, or many */
		uint64_t flags = one_in(3) ? rnd() & rnd() : 1ULL << below(40);

		memcpy(b + 40, &flags, 8);
		a->disabled = flags & 1;
	}
	if (one_in(8))
		a->pinned = 1;
	if (one_in(8))
		a->exclusive = 1;
	if (one_in(30))
		a->precise_ip = below(4);
	if (one_in(30)) {
		a->sigtrap = 1;
		a->remove_on_exec = 1;
	}
	if (one_in(30))
		a->bpf_event = 1;
	if (one_in(30)) {
		a->aux_watermark = rnd();
		a->aux_sample_size = rnd();
		a->aux_output = one_in(2);
	}
	if (one_in(30))
		a->branch_sample_type = rnd();
	if (one_in(30))
		a->inherit = 1;
	/* a nonzero tail beyond the kernel's attr */
	if (a->size > ATTR_VER8 && a->size <= ATTR_BUF && one_in(2))
		b[a->size - 1] = 1 + below(255);
	return how;
}

/* What the kernel sees of config word @w of @b */
static uint64_t seen_cfg(const unsigned char *b, int w)
{
	const struct perf_event_attr *a = (const void *)b;
	uint32_t size = a->size ? a->size : PERF_ATTR_SIZE_VER0;
	static const int off[NCFG] = { 8, 56, 64, CONFIG3_OFF };

	if (size > ATTR_BUF)
		size = ATTR_BUF;
	if ((uint32_t)off[w] + 8 > size)
		return 0;
	return get64(b, off[w]);
}

/* as -a takes it: PMU:HEX, the type replaced by the PMU's at replay */
static void print_attr(const char *tag, const unsigned char *b)
{
	const struct perf_event_attr *a = (const void *)b;
	uint32_t n = a->size ? a->size : PERF_ATTR_SIZE_VER0, i;
	struct pmu *p = pmu_of_type(a->type);

	if (n < PERF_ATTR_SIZE_VER0)
		n = PERF_ATTR_SIZE_VER0;
	if (n > ATTR_BUF)
		n = ATTR_BUF;
	printf("xu_fuzz: %s attr=%s%s", tag, p ? p->name : "", p ? ":" : "");
	for (i = 0; i < n; i++)
		printf("%02x", b[i]);
	putchar('\n');
}

/* ------------------------------------------------------------ events */

static int pick_cpu(struct pmu *p)
{
	switch (below(8)) {
	case 0:
		return below(ncpus_sys);
	case 1:
		return -1;
	case 2:
		return one_in(2) ? ncpus_sys + (int)below(4) : 4096;
	default:
		return p && p->ncpus ? p->cpus[below(p->ncpus)] : (int)below(ncpus_sys);
	}
}

static int add_event(int fd, int pmu, int leader, uint64_t read_format, int no_mono)
{
	struct ev *e = &evs[nevs];

	memset(e, 0, sizeof(*e));
	e->fd = fd;
	e->pmu = pmu;
	e->leader = leader;
	e->members = 1;
	e->read_format = read_format;
	e->no_mono = no_mono;
	/* a CPU may leave at any time: perf may take members out of groups */
	e->nr_unknown = hp_parallel;
	if (leader >= 0) {
		evs[leader].members++;
		st.groups++;
	}
	return nevs++;
}

static void close_slot(int i)
{
	struct ev *e = &evs[i];
	int j;

	if (e->map)
		SC(munmap(e->map, e->maplen));
	OP("close (fd)", evname(e), e->fd, 0);
	SC(close(e->fd));
	st.closes++;
	if (e->leader >= 0)
		evs[e->leader].members--;
	for (j = 0; j < nevs; j++) {
		if (evs[j].leader == i) {
			/* perf makes each sibling a group of its own */
			evs[j].leader = -1;
			evs[j].members = 1;
		}
	}
	/* move the last slot into the hole */
	nevs--;
	if (i != nevs) {
		evs[i] = evs[nevs];
		for (j = 0; j < nevs; j++)
			if (evs[j].leader == nevs)
				evs[j].leader = i;
	}
}

static void close_all(void)
{
	while (nevs)
		close_slot(nevs - 1);
}

static int uncore_open(void)
{
	int i;

	for (i = 0; i < nevs; i++)
		if (evs[i].pmu >= 0)
			return 1;
	return 0;
}

#define UNCOVERED_FMT "%s opened with bits no format covers: config=%#llx config1=%#llx config2=%#llx config3=%#llx (uncovered %#llx %#llx %#llx %#llx) size=%u cpu=%d"

/*
 * Open the attr in @b (named @name, made @how) and judge it: oracle 1,
 * the figures, the table of open events (@gslot: the slot of group_fd)
 */
static int open_attr(unsigned char *b, const char *name, const char *how, pid_t pid,
		     int cpu, int group, int gslot, unsigned long flags)
{
	struct perf_event_attr *a = (struct perf_event_attr *)b;
	struct pmu *tp;
	uint64_t uncovered[NCFG];
	int w, fd, err, no_mono = 0, bad = 0;

	st.opens_tried++;
	OP("perf_event_open (cpu, group_fd)", name, cpu, group);
	fd = sys_perf_open(b, pid, cpu, group, flags);
	err = fd < 0 ? errno : 0;
	open_errno[err < 160 ? err : 159]++;
	if (verbose) {
		printf("xu_fuzz: open %s %s pid=%d cpu=%d group=%d flags=%#lx: %d %s\n",
		       name, how, pid, cpu, group, flags, fd, fd < 0 ? strerror(err) : "");
		print_attr("open", b);
	}

	/* the oracle: no bit outside the formats opens */
	tp = a->type == PERF_TYPE_SOFTWARE ? NULL : pmu_of_type(a->type);
	if (tp) {
		for (w = 0; w < NCFG; w++) {
			uncovered[w] = seen_cfg(b, w) & ~tp->known[w];
			if (uncovered[w])
				bad = 1;
		}
		if (bad && fd >= 0) {
			violation(UNCOVERED_FMT, tp->name, U64(seen_cfg(b, 0)),
				  U64(seen_cfg(b, 1)), U64(seen_cfg(b, 2)), U64(seen_cfg(b, 3)),
				  U64(uncovered[0]), U64(uncovered[1]), U64(uncovered[2]),
				  U64(uncovered[3]), a->size, cpu);
			print_attr("violating", b);
			printf("xu_fuzz: replay: xu_fuzz -c %d -a PMU:HEX (the attr above)\n", cpu);
		}
	}
	if (fd < 0)
		return -1;
	st.opened++;
	if (tp) {
		tp->opened++;
		if (tp->count_mode >= 0 &&
		    (a->config & tp->f[tp->count_mode].mask))
			no_mono = 1;
	} else if (a->type != PERF_TYPE_SOFTWARE) {
		/* a type that is no uncore PMU: keep it out of the table */
		SC(close(fd));
		return fd;
	}
	if (nevs >= MAX_EVENTS) {
		SC(close(fd));
		return fd;
	}
	if (flags & PERF_FLAG_FD_NO_GROUP || group < 0 || gslot < 0)
		gslot = -1;
	add_event(fd, tp ? (int)(tp - pmus) : -1, gslot, a->read_format, no_mono);
	return fd;
}

static void do_open(void)
{
	unsigned char b[ATTR_BUF];
	struct perf_event_attr *a = (struct perf_event_attr *)b;
	struct pmu *p = &pmus[below(npmus)];
	int sw = one_in(12), cpu, group = -1, gslot = -1;
	unsigned long flags = 0;
	pid_t pid = -1;
	const char *how = "sw";

	if (sw) {
		memset(b, 0, sizeof(b));
		a->type = PERF_TYPE_SOFTWARE;
		a->size = sizeof(*a);
		a->config = one_in(2) ? PERF_COUNT_SW_CPU_CLOCK : PERF_COUNT_SW_TASK_CLOCK;
		a->disabled = one_in(3);
		if (one_in(2))
			a->read_format = rnd() & ((PERF_FORMAT_LOST << 1) - 1);
		cpu = pick_cpu(NULL);
	} else {
		how = random_attr(b, p);
		cpu = pick_cpu(p);
	}
	if (one_in(10))
		pid = one_in(2) ? 0 : getpid();
	if (nevs && !one_in(3)) {
		gslot = below(nevs);
		group = evs[gslot].fd;
	} else if (one_in(30)) {
		group = one_in(2) ? 9999 : 0;
	}
	if (one_in(4))
		flags |= PERF_FLAG_FD_CLOEXEC;
	if (one_in(20))
		flags |= PERF_FLAG_FD_NO_GROUP;
	if (one_in(20))
		flags |= PERF_FLAG_FD_OUTPUT;
	if (one_in(40)) {
		flags |= PERF_FLAG_PID_CGROUP;
		pid = one_in(2) ? 9999 : 1;	/* stdout or nothing: no cgroup */
	}
	if (one_in(100))
		flags |= 1UL << (4 + below(60));

	open_attr(b, sw ? "software" : p->name, how, pid, cpu, group, gslot, flags);
}

/*
 * The first pass, one PMU: an event from its formats and events (no bit
 * outside them, no sampling, no group), on a CPU of its cpumask, until
 * one opens or FIRST_TRIES were refused; one operation per try.  So a
 * PMU none of whose events opens fails the run whatever the seed, and
 * every PMU has an event before the random operations begin.
 */
static void first_open(int i, unsigned long max_ops, double deadline)
{
	unsigned char b[ATTR_BUF];
	struct perf_event_attr *a = (struct perf_event_attr *)b;
	struct pmu *p = &pmus[i];
	uint64_t cfg[NCFG];
	int k, cpu;

	for (k = 0; k < FIRST_TRIES && nevs < MAX_EVENTS; k++) {
		if ((max_ops && st.ops >= max_ops) || now() >= deadline)
			return;
		memset(b, 0, ATTR_BUF);
		valid_config(p, cfg);
		a->type = p->type;
		a->size = sizeof(*a);
		a->config = cfg[0];
		a->config1 = cfg[1];
		a->config2 = cfg[2];
		put64(b, CONFIG3_OFF, cfg[3]);
		if (cfg[3] && a->size < ATTR_VER8)
			a->size = ATTR_VER8;
		a->disabled = one_in(2);
		cpu = p->ncpus ? p->cpus[below(p->ncpus)] : 0;
		st.ops++;
		st.first_tries++;
		if (open_attr(b, p->name, "first", -1, cpu, -1, -1, 0) >= 0)
			return;
	}
}

/* Size of a full read for event @e */
static size_t read_size(struct ev *e, int nr)
{
	uint64_t rf = e->read_format;
	size_t per = 8 + (rf & PERF_FORMAT_ID ? 8 : 0) + (rf & PERF_FORMAT_LOST ? 8 : 0);
	size_t hdr = (rf & PERF_FORMAT_TOTAL_TIME_ENABLED ? 8 : 0) +
		     (rf & PERF_FORMAT_TOTAL_TIME_RUNNING ? 8 : 0);

	if (rf & PERF_FORMAT_GROUP)
		return 8 + hdr + nr * per;
	return hdr + per;
}

static void do_read(int i, int fd_override)
{
	struct ev *e = &evs[i];
	int lead = e->leader >= 0 ? e->leader : i;
	int nr = evs[lead].members;
	uint64_t buf[512];
	size_t want = read_size(e, nr), len = sizeof(buf);
	ssize_t n;
	int odd = one_in(6);

	if (odd)
		len = below(want + 9);
	st.reads++;
	OP("read (fd, bytes)", evname(e), e->fd, len);
	n = SC(read(fd_override >= 0 ? fd_override : e->fd, buf, len));
	if (odd)
		return;
	if (n == 0)
		return;		/* an event in error state (pinned, unschedulable) */
	if (n < 0) {
		violation("read of %s event fd %d failed: %s (read_format %#llx)",
			  evname(e), e->fd, strerror(errno), U64(e->read_format));
		return;
	}
	if (e->read_format & PERF_FORMAT_GROUP) {
		if (!evs[lead].nr_unknown && (buf[0] != (uint64_t)nr || (size_t)n != want))
			violation("group read of %s: nr %llu, %zd bytes; the group: %d, %zu bytes",
				  evname(e), U64(buf[0]), n, nr, want);
		return;
	}
	if ((size_t)n != want) {
		violation("read of %s: %zd bytes, want %zu (read_format %#llx)",
			  evname(e), n, want, U64(e->read_format));
		return;
	}
	/* without PERF_FORMAT_GROUP the value comes first */
	if (e->have_last && !e->no_mono && buf[0] < e->last)
		violation("count of %s went backward: %#llx after %#llx",
			  evname(e), U64(buf[0]), U64(e->last));
	e->last = buf[0];
	e->have_last = 1;
}

static void forget_counts(void)
{
	int i;

	for (i = 0; i < nevs; i++)
		evs[i].have_last = 0;
}

static uint64_t ioctl_arg(void)
{
	switch (below(5)) {
	case 0:
		return 0;
	case 1:
		return 1;
	case 2:
		return ~0ULL;
	case 3:
		return below(16);
	default:
		return rnd();
	}
}

static void do_ioctl(int i)
{
	struct ev *e = &evs[i];
	unsigned long grp = one_in(3) ? PERF_IOC_FLAG_GROUP : 0;
	uint64_t v, id;
	char filt[64];

	int op = below(14);

	st.ioctls++;
	OP("ioctl (fd, case)", evname(e), e->fd, op);
	switch (op) {
	case 0:
		SC(ioctl(e->fd, PERF_EVENT_IOC_ENABLE, grp));
		break;
	case 1:
		SC(ioctl(e->fd, PERF_EVENT_IOC_DISABLE, grp));
		break;
	case 2:
		SC(ioctl(e->fd, PERF_EVENT_IOC_RESET, grp));
		forget_counts();
		break;
	case 3:
		v = one_in(3) ? rnd() : below(8);
		SC(ioctl(e->fd, PERF_EVENT_IOC_REFRESH, (unsigned long)v));
		break;
	case 4:
		v = ioctl_arg();
		SC(ioctl(e->fd, PERF_EVENT_IOC_PERIOD, one_in(20) ? NULL : &v));
		break;
	case 5:
		SC(ioctl(e->fd, PERF_EVENT_IOC_ID, &id));
		break;
	case 6:
		SC(ioctl(e->fd, PERF_EVENT_IOC_SET_OUTPUT,
			 one_in(4) ? -1 : evs[below(nevs)].fd));
		break;
	case 7:
		snprintf(filt, sizeof(filt), one_in(2) ? "filter %llx" : "\x01\xff%llu",
			 (unsigned long long)rnd());
		SC(ioctl(e->fd, PERF_EVENT_IOC_SET_FILTER, filt));
		break;
	case 8:
		SC(ioctl(e->fd, PERF_EVENT_IOC_SET_BPF, one_in(2) ? -1 : evs[below(nevs)].fd));
		break;
	case 9:
		SC(ioctl(e->fd, PERF_EVENT_IOC_PAUSE_OUTPUT, (unsigned long)below(2)));
		break;
	case 10: {
		struct {
			struct perf_event_query_bpf q;
			uint32_t ids[4];
		} q = { .q.ids_len = below(5) };

		SC(ioctl(e->fd, PERF_EVENT_IOC_QUERY_BPF, &q));
		break;
	}
	case 11: {
		unsigned char b[ATTR_BUF];

		random_attr(b, e->pmu >= 0 ? &pmus[e->pmu] : &pmus[0]);
		SC(ioctl(e->fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, b));
		break;
	}
	case 12:
		/* an ioctl perf does not have */
		SC(ioctl(e->fd, _IOW('$', 12 + below(8), uint64_t), &v));
		break;
	default:
		SC(ioctl(e->fd, PERF_EVENT_IOC_ENABLE, 0));
		break;
	}
}

static void do_mmap(int i)
{
	struct ev *e = &evs[i];
	size_t len;
	void *m;
	int prot = one_in(3) ? PROT_READ : PROT_READ | PROT_WRITE;
	off_t off = one_in(20) ? page : 0;

	if (e->map && one_in(2)) {
		SC(munmap(e->map, e->maplen));
		e->map = NULL;
		return;
	}
	switch (below(6)) {
	case 0:
		len = one_in(2) ? 0 : page / 2;
		break;
	case 1:
		len = (2 + below(7)) * page;	/* maybe not 1 + 2^n */
		break;
	default:
		len = (1 + (1UL << below(4))) * page;
		break;
	}
	st.mmaps++;
	OP("mmap (fd, bytes)", evname(e), e->fd, len);
	m = SC(mmap(NULL, len, prot, MAP_SHARED, e->fd, off));
	if (m == MAP_FAILED)
		return;
	if (e->map) {
		SC(munmap(m, len));	/* a second mapping of the same buffer */
		return;
	}
	e->map = m;
	e->maplen = len;
	/* look at the header perf keeps there */
	if (len >= (size_t)page) {
		struct perf_event_mmap_page *h = m;

		(void)__atomic_load_n(&h->data_head, __ATOMIC_ACQUIRE);
	}
}

static void do_misc(int i)
{
	struct ev *e = &evs[i];
	struct pollfd pfd = { .fd = e->fd, .events = POLLIN | POLLHUP };
	int d;

	OP("poll/fcntl/dup/mmap (fd)", evname(e), e->fd, 0);
	switch (below(5)) {
	case 0:
		SC(poll(&pfd, 1, 0));
		break;
	case 1:
		SC(fcntl(e->fd, F_SETOWN, getpid()));
		SC(fcntl(e->fd, F_SETFL, one_in(2) ? O_ASYNC : 0));
		break;
	case 2:
		SC(fcntl(e->fd, F_SETSIG, one_in(2) ? 0 : SIGIO));
		break;
	case 3:
		d = SC(dup(e->fd));
		if (d >= 0) {
			do_read(i, d);
			SC(close(d));
		}
		break;
	default:
		do_mmap(i);
		break;
	}
}

/* ------------------------------------------------------------ hotplug */

static int set_online(int cpu, int on)
{
	char path[96];
	int fd, ret = 0;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	fd = SC(open(path, O_WRONLY));
	if (fd < 0)
		return -1;
	if (SC(write(fd, on ? "1" : "0", 1)) != 1)
		ret = -1;
	SC(close(fd));
	return ret;
}

static int is_online(int cpu)
{
	char path[96], buf[8];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	if (read_str(path, buf, sizeof(buf)))
		return 1;
	return buf[0] == '1';
}

static void do_hotplug(void)
{
	int cpu, on, i;

	if (ncpus_sys < 2)
		return;
	cpu = 1 + below(ncpus_sys - 1);
	on = !is_online(cpu);
	st.hotplugs++;
	OP("hotplug (cpu, online)", "", cpu, on);
	if (set_online(cpu, on) == 0 && !on) {
		/* perf takes the events of that CPU out of their groups */
		for (i = 0; i < nevs; i++)
			evs[i].nr_unknown = 1;
	}
	if (verbose)
		printf("xu_fuzz: cpu%d online=%d\n", cpu, on);
}

/*
 * -P: a child that toggles a random CPU (never CPU 0) every 2 to 20 ms
 * until SIGTERM, counting its toggles in *@count (shared memory)
 */
static void hp_child_start(unsigned long *count, uint64_t seed)
{
	pid_t pid;

	if (ncpus_sys < 2)
		return;
	pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid > 0) {
		hp_pid = pid;
		return;
	}
	signal(SIGTERM, SIG_DFL);
	/* and when the fuzzer itself ends, however it ends */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	if (getppid() == 1)
		_exit(0);
	rng_state = seed ^ 0x9e3779b97f4a7c15ULL;
	for (;;) {
		struct timespec ts = { 0, (long)(2 + below(19)) * 1000000L };
		int cpu = 1 + below(ncpus_sys - 1);

		nanosleep(&ts, NULL);
		if (set_online(cpu, !is_online(cpu)) == 0)
			__atomic_add_fetch(count, 1, __ATOMIC_RELAXED);
	}
}

static void hp_child_stop(void)
{
	int status;

	if (hp_pid <= 0)
		return;
	kill(hp_pid, SIGTERM);
	while (waitpid(hp_pid, &status, 0) < 0 && errno == EINTR)
		;
	hp_pid = -1;
}

static const char *online_list(void)
{
	static char buf[MAX_CPUS * 4];
	int cpu;

	buf[0] = 0;
	for (cpu = 0; cpu < ncpus_sys; cpu++)
		if (is_online(cpu))
			snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), " %d", cpu);
	return buf;
}

static void all_online(void)
{
	int cpu;

	for (cpu = 1; cpu < ncpus_sys; cpu++)
		if (!is_online(cpu) && set_online(cpu, 1))
			fprintf(stderr, "xu_fuzz: cpu%d does not come back online: %s\n",
				cpu, strerror(errno));
}

/* ------------------------------------------------------------ modules */

static const char *mod_dir = "/modules";
static char drv_params[256], sim_params[256];

static int module_loaded(const char *name)
{
	char path[96];
	struct stat sb;

	snprintf(path, sizeof(path), "/sys/module/%s/initstate", name);
	return stat(path, &sb) == 0;
}

static void param(char *out, size_t len, const char *mod, const char *name)
{
	char path[160], val[128];

	snprintf(path, sizeof(path), "/sys/module/%s/parameters/%s", mod, name);
	if (read_str(path, val, sizeof(val)) || !val[0] || !strcmp(val, "(null)"))
		return;
	snprintf(out + strlen(out), len - strlen(out), "%s%s=%s",
		 out[0] ? " " : "", name, val);
}

static void save_params(void)
{
	drv_params[0] = 0;
	sim_params[0] = 0;
	param(drv_params, sizeof(drv_params), "xeon_uncore", "pmi");
	param(drv_params, sizeof(drv_params), "xeon_uncore", "poll_ms");
	param(drv_params, sizeof(drv_params), "xeon_uncore", "max_sample_rate");
	param(sim_params, sizeof(sim_params), "xeon_uncore_sim", "model");
	param(sim_params, sizeof(sim_params), "xeon_uncore_sim", "absent");
}

static long try_unload(const char *name)
{
	long r;

	st.rmmod_tries++;
	OP("delete_module", name, 0, 0);
	r = SC(syscall(SYS_delete_module, name, O_NONBLOCK));
	return r < 0 ? -errno : 0;
}

static void do_rmmod_try(void)
{
	const char *name = one_in(2) ? "xeon_uncore_sim" : "xeon_uncore";
	long r;

	if (!uncore_open() || !module_loaded(name))
		return;
	r = try_unload(name);
	if (r == 0) {
		violation("%s unloaded while %d events were open", name, nevs);
	} else if (r != -EAGAIN && r != -EBUSY) {
		violation("unloading %s with events open: %s, want EAGAIN",
			  name, strerror(-r));
	}
}

static int load(const char *file, const char *params)
{
	char path[256];
	int fd, r;

	snprintf(path, sizeof(path), "%s/%s", mod_dir, file);
	fd = SC(open(path, O_RDONLY | O_CLOEXEC));
	if (fd < 0)
		return -errno;
	r = SC(syscall(SYS_finit_module, fd, params, 0));
	r = r < 0 ? -errno : 0;
	close(fd);
	return r;
}

static long sim_violations(void)
{
	char buf[32];

	if (read_str(SIM_VIOL, buf, sizeof(buf)))
		return -1;
	return strtol(buf, NULL, 0);
}

static void check_sim_violations(void)
{
	long v = sim_violations();

	if (v > 0)
		violation("the simulator counted %ld reserved-bit writes (%s)", v, SIM_VIOL);
}

/* Unload both modules with nothing open, load them again, rescan */
static void do_reload(void)
{
	char names[MAX_PMUS * 64], after[MAX_PMUS * 64];
	int before = npmus, i;
	long r;

	if (!module_loaded("xeon_uncore_sim"))
		return;
	close_all();
	check_sim_violations();
	names[0] = 0;
	for (i = 0; i < npmus; i++) {
		strcat(names, " ");
		strcat(names, pmus[i].name);
	}
	r = try_unload("xeon_uncore_sim");
	if (r == 0)
		r = try_unload("xeon_uncore");
	if (r) {
		violation("unload with no event open: %s", strerror(-r));
		return;
	}
	r = load("xeon_uncore.ko", drv_params);
	if (!r)
		r = load("xeon_uncore_sim.ko", sim_params);
	if (r) {
		die("reload (%s; %s) failed: %s", drv_params, sim_params, strerror(-r));
		return;
	}
	st.reloads++;
	scan_pmus();
	after[0] = 0;
	for (i = 0; i < npmus; i++) {
		strcat(after, " ");
		strcat(after, pmus[i].name);
	}
	if (strcmp(names, after))
		violation("after the reload %d PMUs:%s; before %d:%s (CPUs online:%s)",
			  npmus, after, before, names, online_list());
	if (verbose)
		printf("xu_fuzz: reloaded (%s; %s): %d PMUs\n", drv_params, sim_params, npmus);
}

/* ------------------------------------------------------------ main */

/* One operation drawn at random; reported if slow */
static void random_op(void)
{
	int r = below(100), i;
	double t1 = now(), dt;

	st.ops++;
	if (r < 30 || !nevs) {
		if (nevs < MAX_EVENTS)
			do_open();
		else
			close_slot(below(nevs));
	} else if (r < 50) {
		do_read(below(nevs), -1);
	} else if (r < 52) {
		/* read a running count twice in a row */
		i = below(nevs);
		do_read(i, -1);
		do_read(i, -1);
	} else if (r < 72) {
		do_ioctl(below(nevs));
	} else if (r < 85) {
		do_misc(below(nevs));
	} else if (r < 95) {
		close_slot(below(nevs));
	} else if (r < 96) {
		do_rmmod_try();
	}
	dt = now() - t1;
	if (dt > 0.5) {
		st.slow++;
		printf("xu_fuzz: slow: %.2f s in %s %s %ld %ld\n",
		       dt, op_what, op_name, op_a, op_b);
	}
}

static void on_sigio(int sig)
{
	(void)sig;
	st.sigio++;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* -a HEX: open one attr (as printed with a violation) and read it */
static int replay(const char *hex, int cpu)
{
	unsigned char b[ATTR_BUF] = { 0 };
	const char *colon = strchr(hex, ':');
	struct pmu *p = NULL;
	size_t n, i;
	uint64_t v[4];
	int fd;
	ssize_t r;

	if (colon) {
		scan_pmus();
		for (i = 0; i < (size_t)npmus; i++)
			if (strlen(pmus[i].name) == (size_t)(colon - hex) &&
			    !strncmp(pmus[i].name, hex, colon - hex))
				p = &pmus[i];
		if (!p)
			die("-a: no PMU %.*s", (int)(colon - hex), hex);
		hex = colon + 1;
	}
	n = strlen(hex);

	if (n % 2 || n / 2 > ATTR_BUF)
		die("-a: %zu hex digits: want an even number, at most %d bytes", n, ATTR_BUF);
	for (i = 0; i < n / 2; i++) {
		int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			die("-a: not hex: %s", hex);
		b[i] = hi << 4 | lo;
	}
	if (p)
		memcpy(b, &p->type, 4);
	fd = syscall(SYS_perf_event_open, b, -1, cpu, -1, 0);
	if (fd < 0) {
		printf("xu_fuzz: open on cpu %d: %s (errno %d)\n", cpu, strerror(errno), errno);
		return 0;
	}
	r = read(fd, v, sizeof(v));
	printf("xu_fuzz: open on cpu %d: fd %d; read %zd bytes, first %#llx\n",
	       cpu, fd, r, U64(r >= 8 ? v[0] : 0));
	close(fd);
	return 1;
}

int main(int argc, char **argv)
{
	double secs = -1, t0, t, deadline, next_hp, next_reload, reload_every;
	uint64_t seed = 0;
	int opt, reloads = 1, hotplug = 1, seeded = 0, cpu = 0, timed_out = 0, i;
	unsigned long max_ops = 0, hp_op = 0, reload_op = 0, hp_every = 0, reload_ops = 0;
	const char *attr_hex = NULL;
	struct sigaction sa = { .sa_handler = on_sigio };
	unsigned long *hp_count = NULL;
	char sv[32];

	while ((opt = getopt(argc, argv, "n:t:s:R:HPvd:a:c:")) != -1) {
		switch (opt) {
		case 'n':
			max_ops = strtoul(optarg, NULL, 0);
			break;
		case 't':
			secs = atof(optarg);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			seeded = 1;
			break;
		case 'R':
			reloads = atoi(optarg);
			break;
		case 'H':
			hotplug = 0;
			break;
		case 'P':
			hp_parallel = 1;
			break;
		case 'v':
			verbose = 1;
			break;
		case 'd':
			mod_dir = optarg;
			break;
		case 'a':
			attr_hex = optarg;
			break;
		case 'c':
			cpu = atoi(optarg);
			break;
		default:
			fprintf(stderr,
				"usage: xu_fuzz [-n OPS] [-t SECS] [-s SEED] [-R RELOADS] [-H] [-P] [-v] [-d MODDIR]\n"
				"       xu_fuzz -a HEXATTR [-c CPU]\n");
			return 2;
		}
	}
	/* without -t: 10 s, or with -n a guard of 10 minutes */
	if (secs < 0)
		secs = max_ops ? 600 : 10;
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (attr_hex)
		return replay(attr_hex, cpu) ? 0 : 1;
	if (!seeded)
		seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	rng_state = seed;
	page = sysconf(_SC_PAGESIZE);
	ncpus_sys = sysconf(_SC_NPROCESSORS_CONF);
	if (ncpus_sys > MAX_CPUS)
		ncpus_sys = MAX_CPUS;
	sigaction(SIGIO, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);

	scan_pmus();
	if (!npmus)
		die("no uncore PMU under %s", DEVS);
	save_params();
	printf("xu_fuzz: seed=%llu ops=%lu secs=%g%s pmus=%d cpus=%d reloads=%d hotplug=%d%s",
	       U64(seed), max_ops, secs, max_ops ? " (hang guard)" : "", npmus, ncpus_sys,
	       reloads, hotplug, hp_parallel ? " parallel" : "");
	printf(" (%s; %s)\n", drv_params, sim_params);

	if (hp_parallel) {
		hp_count = mmap(NULL, sizeof(*hp_count), PROT_READ | PROT_WRITE,
				MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (hp_count == MAP_FAILED)
			die("mmap: %s", strerror(errno));
		*hp_count = 0;
		hp_child_start(hp_count, seed);
	}
	t0 = now();
	deadline = t0 + secs;
	/*
	 * With -n, hotplugs and reloads at fixed operations: a hotplug every
	 * OPS / HP_PER_RUN operations, the reloads evenly spaced; without,
	 * in time (a hotplug a second)
	 */
	next_hp = t0 + 1;
	reload_every = reloads > 0 ? secs / (reloads + 1) : 0;
	next_reload = reloads > 0 ? t0 + reload_every : 1e30;
	if (max_ops) {
		hp_every = max_ops / HP_PER_RUN ? max_ops / HP_PER_RUN : 1;
		hp_op = hp_every;
		reload_ops = reloads > 0 ? max_ops / (reloads + 1) : 0;
		reload_op = reloads > 0 ? reload_ops : ~0UL;
	}
	for (i = 0; i < npmus; i++)
		first_open(i, max_ops, deadline);
	for (;;) {
		if (max_ops && st.ops >= max_ops)
			break;
		t = now();
		if (t >= deadline) {
			timed_out = max_ops != 0;
			break;
		}
		if (max_ops) {
			unsigned long end = st.ops + 32;

			if (end > max_ops)
				end = max_ops;
			if (hotplug && hp_op > st.ops && hp_op < end)
				end = hp_op;
			if (reload_op > st.ops && reload_op < end)
				end = reload_op;
			while (st.ops < end)
				random_op();
			if (hotplug && st.ops >= hp_op && st.ops < max_ops) {
				do_hotplug();
				hp_op += hp_every;
			}
			if (st.ops >= reload_op && reloads > 0) {
				do_reload();
				reloads--;
				reload_op = reloads > 0 ? reload_op + reload_ops : ~0UL;
			}
			continue;
		}
		for (i = 0; i < 32; i++)
			random_op();
		if (hotplug && t >= next_hp) {
			do_hotplug();
			next_hp = t + 1;
		}
		if (t >= next_reload && reloads > 0) {
			do_reload();
			reloads--;
			next_reload = reloads > 0 ? t + reload_every : 1e30;
		}
	}
	hp_child_stop();
	if (hp_parallel)
		st.hotplugs += __atomic_load_n(hp_count, __ATOMIC_RELAXED);
	close_all();
	all_online();
	check_sim_violations();
	for (i = 0; i < npmus; i++)
		if (!pmus[i].opened)
			printf("xu_fuzz: %s: no event opened\n", pmus[i].name);
	{
		int opened_pmus = 0;

		for (i = 0; i < npmus; i++)
			opened_pmus += pmus[i].opened > 0;
		/* one line, the one common/75-fuzz.sh reads */
		printf("xu_fuzz: seed=%llu secs=%.1f ops=%lu first_tries=%lu syscalls=%lu",
		       U64(seed), now() - t0, st.ops, st.first_tries, st.syscalls);
		printf(" opens_tried=%lu opened=%lu groups=%lu ioctls=%lu reads=%lu mmaps=%lu",
		       st.opens_tried, st.opened, st.groups, st.ioctls, st.reads, st.mmaps);
		printf(" closes=%lu hotplugs=%lu rmmod_tries=%lu reloads=%lu sigio=%lu slow=%lu",
		       st.closes, st.hotplugs, st.rmmod_tries, st.reloads, st.sigio, st.slow);
		printf(" pmus=%d pmus_opened=%d oracle_violations=%lu\n",
		       npmus, opened_pmus, st.violations);
	}
	printf("xu_fuzz: perf_event_open errno:");
	for (i = 0; i < 160; i++) {
		if (!open_errno[i])
			continue;
		snprintf(sv, sizeof(sv), "%s", i == 0 ? "ok" : strerrorname_np(i) ?
			 strerrorname_np(i) : "?");
		printf(" %s=%lu", sv, open_errno[i]);
	}
	putchar('\n');
	if (timed_out) {
		printf("xu_fuzz: TIMEOUT: %lu of %lu operations in the %g s hang guard (-t)\n",
		       st.ops, max_ops, secs);
		return 3;
	}
	return st.violations ? 1 : 0;
}
