// SPDX-License-Identifier: GPL-2.0
/*
 * xu-bw, discovery: the platform, the sockets, and the memory, QPI,
 * C-Box and HA PMUs with their events encoded from the PMUs' sysfs
 * format/ files (the encoding of the events/ alias where the driver has
 * one)
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xu-bw.h"

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
static int socket_of_cpu(struct xubw *x, int cpu)
{
	int pkg = pkg_of_cpu(cpu), i;

	if (pkg < 0)
		die(1, "cannot read the package of CPU %d", cpu);
	for (i = 0; i < x->nsockets; i++)
		if (x->sockets[i].pkg == pkg)
			return i;
	if (x->nsockets == MAX_SOCKETS)
		die(1, "more than %d sockets", MAX_SOCKETS);
	x->sockets[x->nsockets].pkg = pkg;
	x->sockets[x->nsockets].cpu = cpu;
	return x->nsockets++;
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
			fprintf(stderr, "%s: %s has no format field '%s'\n", PROG, pmu, name);
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
		fprintf(stderr, "%s: %s: format '%s' not understood\n", PROG, path, buf);
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
			PROG, pmu, name, buf);
		return -1;
	}
	return 0;
bad:
	fprintf(stderr, "%s: %s: format '%s' not understood\n", PROG, path, buf);
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
				fprintf(stderr, "%s: %s: bad term '%s=%s'\n", PROG, pmu, t, eq + 1);
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

/*
 * box_index NAME PREFIX: N of "PREFIXN", -1 if NAME is not one; 0 if
 * PREFIX ends in no "_" and NAME is PREFIX (a box of which there is one)
 */
static int box_index(const char *name, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *p = name + n;

	if (prefix[n - 1] != '_')
		return strcmp(name, prefix) ? -1 : 0;
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

int pmu_exists(const char *pmu)
{
	char path[512];

	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/type", pmu);
	return !access(path, R_OK);
}

/*
 * The platforms xeon_uncore drives, as its PMUs' "platform" attribute
 * names them, with the CPU model that is one
 */
static const struct plat_info {
	const char *id;
	enum platform plat;
	int model;
	const char *name;	/* the CPU model is the platform's */
	const char *uncore;	/* another CPU model: the simulator, say */
} plats[] = {
	{ "nhmex", PLAT_NHMEX, 46, "Xeon 7500 (nhmex)", "Xeon 7500 uncore (nhmex)" },
	{ "wsmex", PLAT_NHMEX, 47, "Xeon E7 (wsmex)", "Xeon E7 uncore (wsmex)" },
	{ "snbep", PLAT_E5, 45, "Xeon E5 (snbep)", "Xeon E5 uncore (snbep)" },
	{ "ivbep", PLAT_E5, 62, "Xeon E5 v2 (ivbep)", "Xeon E5 v2 uncore (ivbep)" },
	{ "hswep", PLAT_E5, 63, "Xeon E5 v3 (hswep)", "Xeon E5 v3 uncore (hswep)" },
	{ "bdx", PLAT_E5, 79, "Xeon E5 v4 (bdx)", "Xeon E5 v4 uncore (bdx)" },
	{ "bdxde", PLAT_E5, 86, "Xeon D-1500 (bdxde)", "Xeon D-1500 uncore (bdxde)" },
};
#define NPLATS	(sizeof(plats) / sizeof(plats[0]))

static const struct plat_info *plat_by(const char *id, int model)
{
	size_t i;

	for (i = 0; i < NPLATS; i++)
		if (id ? !strcmp(plats[i].id, id) : plats[i].model == model)
			return &plats[i];
	return NULL;
}

/*
 * platform_attr ID FROM: what the driver says it drives, the "platform"
 * file of the uncore_* PMUs (every one that has it must say the same),
 * in ID, and the first file read in FROM; -1 if no PMU has the file
 */
static int platform_attr(char *id, size_t len, char *from, size_t flen)
{
	DIR *d = opendir(SYSFS_PMUS);
	struct dirent *de;
	char path[512], buf[64];
	int found = 0;

	if (!d)
		die(1, "cannot open %s: %s", SYSFS_PMUS, strerror(errno));
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, "uncore_", 7) || strlen(de->d_name) > 200)
			continue;
		snprintf(path, sizeof(path), SYSFS_PMUS "/%s/platform", de->d_name);
		if (read_str(path, buf, sizeof(buf)))
			continue;
		if (!found++) {
			snprintf(id, len, "%s", buf);
			snprintf(from, flen, "%s", path);
		} else if (strcmp(buf, id)) {
			die(1, "%s says '%s', %s says '%s': the PMUs disagree on the platform",
			    from, id, path, buf);
		}
	}
	closedir(d);
	return found ? 0 : -1;
}

/*
 * detect_platform: the platform the driver names in its PMUs' "platform"
 * attribute.  Without one (mainline's intel_uncore, a xeon_uncore older
 * than the attribute), the kind from the PMUs (uncore_imc_0: E5,
 * uncore_mbox_0: Xeon 7500 / E7) and which one from the CPU model; a
 * model that is none of the four is labelled "unknown", not guessed.
 */
static void detect_platform(struct xubw *x)
{
	const struct plat_info *p;
	char id[64], from[512], known[128] = "";
	size_t i;

	if (!platform_attr(id, sizeof(id), from, sizeof(from))) {
		p = plat_by(id, -1);
		if (!p) {
			for (i = 0; i < NPLATS; i++)
				snprintf(known + strlen(known), sizeof(known) - strlen(known),
					 "%s%s", i ? ", " : "", plats[i].id);
			die(1, "%s says '%s', a platform this xu-bw does not know"
			    " (it knows %s)", from, id, known);
		}
		x->plat = p->plat;
		x->plat_id = p->id;
		x->plat_name = x->model == p->model ? p->name : p->uncore;
		snprintf(x->plat_from, sizeof(x->plat_from), "%s", from);
		return;
	}
	if (pmu_exists("uncore_imc_0"))
		x->plat = PLAT_E5;
	else if (pmu_exists("uncore_mbox_0"))
		x->plat = PLAT_NHMEX;
	else
		die(1, "no supported uncore PMU in " SYSFS_PMUS
		    " (uncore_imc_N of a Xeon E5 / E5 v2, uncore_mbox_N of a Xeon 7500 / E7):"
		    " is xeon_uncore.ko loaded on a supported CPU?");
	p = plat_by(NULL, x->model);
	if (p && p->plat == x->plat) {
		x->plat_id = p->id;
		x->plat_name = p->name;
	} else {
		x->plat_id = "unknown";
		x->plat_name = x->plat == PLAT_E5 ? "Xeon E5 family uncore" :
			       "Xeon 7500 / E7 family uncore";
	}
	snprintf(x->plat_from, sizeof(x->plat_from), "CPU model %d", x->model);
	fprintf(stderr, "%s: no uncore_*/platform file in " SYSFS_PMUS
		" (mainline's intel_uncore, or a xeon_uncore without it): the platform"
		" taken from the CPU model, %d: %s\n", PROG, x->model, x->plat_id);
}

/*
 * box_kind_of NAME IDX: the kind of box PMU NAME is that xu-bw counts
 * with, its index in IDX; -1 for a PMU it does not use
 */
static int box_kind_of(const struct xubw *x, const char *name, int *idx)
{
	static const struct {
		enum platform plat;
		const char *prefix;
		enum box_kind kind;
	} boxes[] = {
		{ PLAT_E5, "uncore_imc_", BOX_MEM },
		{ PLAT_E5, "uncore_qpi_", BOX_QPI },
		{ PLAT_E5, "uncore_cbox_", BOX_CBOX },
		{ PLAT_E5, "uncore_ha_", BOX_HA },
		{ PLAT_E5, "uncore_ubox", BOX_UCLK },
		{ PLAT_NHMEX, "uncore_mbox_", BOX_MEM },
		{ PLAT_NHMEX, "uncore_wbox", BOX_UCLK },
	};
	size_t i;

	for (i = 0; i < sizeof(boxes) / sizeof(boxes[0]); i++) {
		if (boxes[i].plat != x->plat)
			continue;
		if (boxes[i].kind == BOX_CBOX && !x->want_latency)
			continue;
		if (boxes[i].kind == BOX_HA && !x->want_numa)
			continue;
		if (boxes[i].kind == BOX_UCLK && !x->want_uclk)
			continue;
		*idx = box_index(name, boxes[i].prefix);
		if (*idx >= 0)
			return boxes[i].kind;
	}
	return -1;
}

/* box_cpus X B: B's type, and the sockets its cpumask names */
static void box_cpus(struct xubw *x, struct box *b)
{
	char path[512], buf[4096];
	int cpus[MAX_CPUS], n, i;

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
		int s = socket_of_cpu(x, cpus[i]);

		if (x->sockets[s].cpu != cpus[i])
			die(1, "%s names CPUs %d and %d of package %d",
			    path, x->sockets[s].cpu, cpus[i], x->sockets[s].pkg);
		b->on_socket[s] = 1;
	}
}

/* box_events X B: the events xu-bw counts on B */
static void box_events(const struct xubw *x, struct box *b)
{
	if (x->plat == PLAT_E5 && b->kind == BOX_MEM) {
		set_event(b, 0, "cas_count_read", "event=0x04,umask=0x03", LINE_BYTES);
		set_event(b, 1, "cas_count_write", "event=0x04,umask=0x0c", LINE_BYTES);
	} else if (b->kind == BOX_HA) {
		/* IVB-EP's HA REQUESTS: reads from this socket, from others */
		set_event(b, 0, "xu_requests_reads_local", "event=0x01,umask=0x01",
			  LINE_BYTES);
		set_event(b, 1, "xu_requests_reads_remote", "event=0x01,umask=0x02",
			  LINE_BYTES);
	} else if (b->kind == BOX_CBOX) {
		/*
		 * The reads that miss, of the opcode the uncore guides'
		 * latency formula takes (DRd, 0x182), and their cycles
		 * in the TOR; the uncore clock from C-Box 0 alone
		 */
		set_event(b, CBOX_OCC, "xu_tor_occupancy_miss_drd",
			  "event=0x36,umask=0x03,filter_opc=0x182", 1);
		set_event(b, CBOX_INS, "xu_tor_inserts_miss_drd",
			  "event=0x35,umask=0x03,filter_opc=0x182", 1);
		if (b->idx == 0)
			set_event(b, CBOX_CLK, "xu_clockticks", "event=0x00", 1);
	} else if (b->kind == BOX_UCLK) {
		/* the U-Box's (E5) or W-Box's (7500) fixed counter: the uncore clock */
		set_event(b, 0, "clockticks", "event=0xff", 1);
	} else if (b->kind == BOX_QPI) {
		/*
		 * TxL_FLITS_G0.DATA: every data flit the link sends,
		 * DRS and NCB alike.  (The driver's drs_data and
		 * ncb_data aliases, event 0x102 and 0x103, are
		 * RxL_FLITS_G1 and _G2: what the link receives.)
		 */
		set_event(b, QPI_DATA, "txl_flits_g0_data", "event=0x00,umask=0x02",
			  QPI_FLIT_BYTES);
		/*
		 * With --qpi-util, the link layer's clock (QFCLK), 1/8 of
		 * the link's GT/s: the link's speed, measured
		 */
		if (x->want_util)
			set_event(b, QPI_CLK, "clockticks", "event=0x14", 1);
	} else {
		int ws = !strcmp(x->plat_id, "wsmex");

		set_event(b, 0, "bbox_cmds_read", ws ?
			  "inc_sel=0xd,fvc=0x5000,wrap_mode=1" :
			  "inc_sel=0xd,fvc=0x2800,wrap_mode=1", LINE_BYTES);
		set_event(b, 1, "bbox_cmds_write", ws ?
			  "inc_sel=0xd,fvc=0x5040,wrap_mode=1" :
			  "inc_sel=0xd,fvc=0x2820,wrap_mode=1", LINE_BYTES);
	}
	if (b->kind == BOX_QPI)
		b->nev = x->want_util ? 2 : 1;
	else if (b->kind == BOX_UCLK)
		b->nev = 1;
	else
		b->nev = b->kind == BOX_CBOX && b->idx == 0 ? 3 : 2;
}

/* sort_sockets: the sockets in package order; the boxes' on_socket[] follow */
static void sort_sockets(struct xubw *x)
{
	int i, j, k;

	for (i = 1; i < x->nsockets; i++) {
		for (j = i; j > 0 && x->sockets[j - 1].pkg > x->sockets[j].pkg; j--) {
			struct socket t = x->sockets[j];

			x->sockets[j] = x->sockets[j - 1];
			x->sockets[j - 1] = t;
			for (k = 0; k < x->nboxes; k++) {
				int o = x->boxes[k].on_socket[j];

				x->boxes[k].on_socket[j] = x->boxes[k].on_socket[j - 1];
				x->boxes[k].on_socket[j - 1] = o;
			}
		}
	}
}

/* discover: the platform, its memory and QPI PMUs, the sockets */
void discover(struct xubw *x)
{
	DIR *d = opendir(SYSFS_PMUS);
	struct dirent *de;
	int i;

	if (!d)
		die(1, "cannot open %s: %s", SYSFS_PMUS, strerror(errno));
	x->model = cpu_model();
	detect_platform(x);
	if (x->verbose)
		fprintf(stderr, "%s: platform %s (%s), from %s\n", PROG, x->plat_id,
			x->plat_name, x->plat_from);
	while ((de = readdir(d))) {
		struct box *b;
		int idx, kind = box_kind_of(x, de->d_name, &idx);

		if (kind < 0 || strlen(de->d_name) >= sizeof(b->pmu))
			continue;
		if (x->nboxes == MAX_BOXES)
			die(1, "more than %d memory and QPI PMUs", MAX_BOXES);
		b = &x->boxes[x->nboxes++];
		memcpy(b->pmu, de->d_name, strlen(de->d_name) + 1);
		b->kind = kind;
		b->idx = idx;
		box_cpus(x, b);
		box_events(x, b);
		if (kind == BOX_MEM)
			x->nmem++;
		else if (kind == BOX_QPI)
			x->nqpi++;
		else if (kind == BOX_HA)
			x->nha++;
		else if (kind == BOX_UCLK)
			x->nuclk++;
		else
			x->ncbox++;
	}
	closedir(d);
	if (!x->nmem)
		die(1, "the driver names platform %s (%s) but has no %s PMU", x->plat_id,
		    x->plat_from, x->plat == PLAT_E5 ? "uncore_imc_N" : "uncore_mbox_N");
	qsort(x->boxes, x->nboxes, sizeof(x->boxes[0]), cmp_box);
	for (i = 0; i < x->nboxes; i++)
		x->boxes[i].label = x->boxes[i].pmu + strlen("uncore_");
	sort_sockets(x);
}
