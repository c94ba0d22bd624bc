/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xu-bw's stages and what they share: discovery (discover.c) fills a
 * struct xubw with the platform, the sockets and the boxes with their
 * events; counting (count.c) opens, reads and turns the counts into
 * figures; each output format (table.c, csv.c, json.c, prom.c, plot.c)
 * prints those figures; main.c parses the options and runs the loop.
 * Everything is in the one struct xubw that main() allocates and passes
 * down: no file keeps state of its own.
 */
#ifndef XU_BW_H
#define XU_BW_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define PROG		"xu-bw"
#define SYSFS_PMUS	"/sys/bus/event_source/devices"
#define MAX_CPUS	4096
#define MAX_SOCKETS	64
#define MAX_BOXES	64
#define QPI_FLIT_BYTES	8.0	/* data bytes per QPI data flit */
#define LINE_BYTES	64.0	/* bytes per CAS / M-Box command */

enum platform { PLAT_NONE, PLAT_E5, PLAT_NHMEX };
enum box_kind { BOX_MEM, BOX_QPI, BOX_CBOX, BOX_HA, BOX_UCLK };
/* a C-Box's events with --latency: occupancy, inserts, and C-Box 0's clock */
enum { CBOX_OCC, CBOX_INS, CBOX_CLK };
/* a QPI link's events: data flits sent, and with --qpi-util its clock */
enum { QPI_DATA, QPI_CLK };
/* data flits a QPI clock at full width (L0): a flit every 4 transfers */
#define QPI_FLITS_PER_QCLK	2.0
/* transfers a QPI clock: the link layer clock runs at 1/8 of the GT/s */
#define QPI_GT_PER_QCLK		8.0
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

/*
 * The figures the plot keeps of each socket and interval: bandwidth
 * (MB/s), read latency (ns), remote share of the reads and QPI
 * utilisation (%), uncore clock (MHz)
 */
enum plot_fig { FIG_RD, FIG_WR, FIG_QPI, FIG_LAT, FIG_REMOTE, FIG_UTIL, FIG_UCLK, NR_FIGS };

/* one CSV or JSON record: NULL for a figure the record does not have */
struct record {
	double ts, el;		/* Unix time, seconds since the start */
	int pkg;		/* -1: the system */
	const char *rec;	/* system socket channel link */
	const char *box;	/* the PMU, "" for none */
	const double *rd, *wr, *tx, *lat, *numa;
	const double *uclk;	/* MHz */
	const double *util;	/* % of the links' data capacity */
	const double *gtps;	/* the link's speed, GT/s */
};

/* the run: options, what discovery found, the counters, the plot's history */
struct xubw {
	/* options */
	enum out_fmt fmt;
	int want_latency;	/* --latency */
	int want_numa;		/* --numa */
	int want_util;		/* --qpi-util */
	int want_uclk;		/* --uclk */
	int verbose;		/* -v */
	const char *prom_path;	/* --prom=PATH */
	char prom_dir[4096];	/* its directory */
	const char *prom_base;	/* its file name */
	/* discovery */
	enum platform plat;
	const char *plat_name;
	const char *plat_id;	/* snbep ... bdxde nhmex wsmex, or unknown */
	char plat_from[512];	/* where plat_id comes from */
	int model;		/* the CPU model, -1 if unknown */
	struct box boxes[MAX_BOXES];
	int nboxes, nmem, nqpi, ncbox, nha, nuclk;
	struct socket sockets[MAX_SOCKETS];
	int nsockets;
	/*
	 * the plot's history (--plot only): per interval its end (seconds
	 * from the start), then NR_FIGS figures per socket
	 */
	double *hist;
	size_t nhist, hist_cap;
};

/* util.c */
void vmsg(const char *f, va_list ap);
void die(int code, const char *f, ...) __attribute__((format(printf, 2, 3), noreturn));
int read_str(const char *path, char *buf, size_t len);
double now(clockid_t id);

/* discover.c */
int pmu_exists(const char *pmu);
void discover(struct xubw *x);

/* count.c */
void open_counters(struct xubw *x);
void sample_counters(struct xubw *x, int first);
double mem_mbs(const struct box *b, int s, int w);
double qpi_mbs(const struct box *b, int s);
void socket_totals(const struct xubw *x, int s, double *rd, double *wr, double *qpi);
void system_totals(const struct xubw *x, double *rd, double *wr, double *qpi);
double socket_latency(const struct xubw *x, int s);
double socket_numa(const struct xubw *x, int s, int remote);
int any_multiplexed(const struct xubw *x);
double link_util(const struct box *b, int s);
double link_gtps(const struct box *b, int s);
double socket_util(const struct xubw *x, int s);
double socket_uclk(const struct xubw *x, int s);

/* table.c */
void table_header(const struct xubw *x);
void table_print(const struct xubw *x, double elapsed);

/* csv.c, json.c: the header, one record */
void csv_header(const struct xubw *x);
void csv_record(const struct xubw *x, const struct record *r);
void json_record(const struct xubw *x, const struct record *r);

/* records.c: every record of an interval, in the CSV or JSON format */
void records_print(const struct xubw *x, double ts, double el);

/* prom.c */
void prom_check(struct xubw *x, const char *path);
void prom_write(const struct xubw *x, double ts);

/* plot.c */
void plot_keep(struct xubw *x, double el);
void plot_write(const struct xubw *x, const char *path);

/* usage.c */
void usage(FILE *f);
void bad_usage(const char *f, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
