// SPDX-License-Identifier: GPL-2.0
/*
 * fake.so: an LD_PRELOAD layer that runs a dynamically linked xu-bw
 * without a kernel PMU and without a clock, so that two builds of it can
 * be compared byte for byte (tools/xu-bw/test/replay).
 *
 * - Paths under /sys and /proc are read under $XU_FAKE_ROOT (a snapshot
 *   of a machine's PMU directories, CPU topology and /proc/cpuinfo).
 * - perf_event_open() through syscall() returns a descriptor of /dev/null;
 *   read() of it gives { count, time_enabled, time_running }: count =
 *   rate x time_running, the rate a hash of (type, config, config1,
 *   config2, cpu), time_running half of time_enabled for the events whose
 *   hash says so (multiplexed), 0 for those it says never run.
 * - Time stands still but in sigtimedwait(), which returns EAGAIN after
 *   advancing both clocks by its whole timeout.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_FD	65536

struct fake_ev {
	int used;
	uint64_t rate;		/* counts per second of time_running */
	int share;		/* time_running = time_enabled * share / 2 */
	uint64_t t_open;	/* ns */
};

static struct fake_ev evs[MAX_FD];
static uint64_t now_ns = 1000ULL * 1000000000ULL;
#define REALTIME_OFFSET	(1795760000ULL * 1000000000ULL)

static const char *fake(const char *path, char *buf, size_t len)
{
	const char *root = getenv("XU_FAKE_ROOT");

	if (!root || !path || (strncmp(path, "/sys/", 5) && strncmp(path, "/proc/", 6)))
		return path;
	snprintf(buf, len, "%s%s", root, path);
	return buf;
}

/* the libc function NAME that this file covers */
static void *real(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

FILE *fopen(const char *path, const char *mode)
{
	char b[4096];
	FILE *(*real_fopen)(const char *, const char *) = real("fopen");

	return real_fopen(fake(path, b, sizeof(b)), mode);
}

DIR *opendir(const char *path)
{
	char b[4096];
	DIR *(*real_opendir)(const char *) = real("opendir");

	return real_opendir(fake(path, b, sizeof(b)));
}

int access(const char *path, int mode)
{
	char b[4096];
	int (*real_access)(const char *, int) = real("access");

	return real_access(fake(path, b, sizeof(b)), mode);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	h *= 0xff51afd7ed558ccdULL;
	return h ^ (h >> 33);
}

long syscall(long n, ...)
{
	struct perf_event_attr *a;
	va_list ap;
	uint64_t h;
	int cpu, fd;

	if (n != SYS_perf_event_open) {
		errno = ENOSYS;
		return -1;
	}
	va_start(ap, n);
	a = va_arg(ap, struct perf_event_attr *);
	(void)va_arg(ap, int);
	cpu = va_arg(ap, int);
	va_end(ap);
	fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fd >= MAX_FD)
		return -1;
	h = mix(mix(mix(mix(mix(1, a->type), a->config), a->config1), a->config2), (uint64_t)cpu);
	evs[fd].used = 1;
	evs[fd].rate = 1000000 + h % 900000000;
	/* 1 in 8 multiplexed (half the time), 1 in 64 never runs */
	evs[fd].share = h % 64 == 7 ? 0 : (h >> 8) % 8 == 3 ? 1 : 2;
	evs[fd].t_open = now_ns;
	return fd;
}

ssize_t read(int fd, void *buf, size_t n)
{
	ssize_t (*real_read)(int, void *, size_t) = real("read");

	if (fd >= 0 && fd < MAX_FD && evs[fd].used && n >= 24) {
		uint64_t v[3], ena = now_ns - evs[fd].t_open, run = ena * evs[fd].share / 2;

		v[0] = (uint64_t)((unsigned __int128)evs[fd].rate * run / 1000000000ULL);
		v[1] = ena;
		v[2] = run;
		memcpy(buf, v, sizeof(v));
		return sizeof(v);
	}
	return real_read(fd, buf, n);
}

int close(int fd)
{
	int (*real_close)(int) = real("close");

	if (fd >= 0 && fd < MAX_FD)
		evs[fd].used = 0;
	return real_close(fd);
}

int clock_gettime(clockid_t id, struct timespec *ts)
{
	uint64_t t = now_ns + (id == CLOCK_REALTIME ? REALTIME_OFFSET : 0);

	ts->tv_sec = (time_t)(t / 1000000000ULL);
	ts->tv_nsec = (long)(t % 1000000000ULL);
	return 0;
}

int sigtimedwait(const sigset_t *set, siginfo_t *info, const struct timespec *timeout)
{
	(void)set;
	(void)info;
	if (timeout)
		now_ns += (uint64_t)timeout->tv_sec * 1000000000ULL + (uint64_t)timeout->tv_nsec + 1000;
	errno = EAGAIN;
	return -1;
}

/* with XU_FAKE_KEEP set, the --prom file survives xu-bw's exit */
int unlink(const char *path)
{
	size_t n = strlen(path);
	int (*real_unlink)(const char *) = real("unlink");

	if (getenv("XU_FAKE_KEEP") && n > 5 && !strcmp(path + n - 5, ".prom"))
		return 0;
	return real_unlink(path);
}
