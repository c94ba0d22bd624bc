// SPDX-License-Identifier: GPL-2.0
/*
 * xu_probe: perf_event_open() checks of the xeon_uncore PMUs that the perf
 * tool cannot make, for the end-to-end tests (tools/testing/e2e).  Built
 * static on the host, run in the VM.  Each command prints one line of
 * "key=value" pairs and exits 0 unless a system call failed unexpectedly.
 *
 *   xu_probe groupread PMU CONFIG CPU READCPU READS
 *	a group of two counting events of CONFIG on CPU, read READS times
 *	(PERF_FORMAT_GROUP) from READCPU: how often the two differ
 *   xu_probe refresh PMU CONFIG CPU PERIOD LIMIT
 *	a sampling event enabled by PERF_EVENT_IOC_REFRESH LIMIT, with
 *	SIGIO to this process: the signals by si_code, and whether the
 *	event then stays disabled
 *   xu_probe open PMU CONFIG CPU
 *	open a counting event: the errno
 *   xu_probe open3 PMU CONFIG CONFIG1 CONFIG2 CPU PERIOD
 *	open an event with config1 and config2 (PERIOD 0: counting, else
 *	sampling every PERIOD events): the errno
 *   xu_probe sigtrap PMU CONFIG CPU
 *	open with attr.sigtrap: the errno
 *   xu_probe bpf PMU CONFIG CPU PERIOD
 *	PERF_EVENT_IOC_SET_BPF with a BPF_PROG_TYPE_PERF_EVENT program, on
 *	the uncore event and on a cpu-clock event: the errnos
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int pmu_type(const char *pmu)
{
	char path[256];
	FILE *f;
	int type;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu);
	f = fopen(path, "r");
	if (!f || fscanf(f, "%d", &type) != 1) {
		fprintf(stderr, "xu_probe: no PMU %s\n", pmu);
		exit(2);
	}
	fclose(f);
	return type;
}

static int perf_open(struct perf_event_attr *attr, int cpu, int group)
{
	return syscall(SYS_perf_event_open, attr, -1, cpu, group, 0);
}

static void attr_init(struct perf_event_attr *attr, const char *pmu,
		      const char *config)
{
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	attr->type = pmu_type(pmu);
	attr->config = strtoull(config, NULL, 0);
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("xu_probe: sched_setaffinity");
		exit(2);
	}
}

static int groupread(char **av)
{
	struct { uint64_t nr, v[2]; } r;
	struct perf_event_attr attr;
	int cpu = atoi(av[2]), n = atoi(av[4]), i, lead, sib;
	unsigned long mismatch = 0, backward = 0;
	uint64_t last = 0, d0 = 0, d1 = 0;
	int first = -1;

	attr_init(&attr, av[0], av[1]);
	attr.read_format = PERF_FORMAT_GROUP;
	attr.disabled = 1;
	lead = perf_open(&attr, cpu, -1);
	attr.disabled = 0;
	sib = lead < 0 ? -1 : perf_open(&attr, cpu, lead);
	if (lead < 0 || sib < 0) {
		perror("xu_probe: perf_event_open");
		return 1;
	}
	pin(atoi(av[3]));
	ioctl(lead, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	for (i = 0; i < n; i++) {
		if (read(lead, &r, sizeof(r)) != sizeof(r) || r.nr != 2) {
			perror("xu_probe: read");
			return 1;
		}
		if (r.v[0] != r.v[1] && first < 0) {
			first = i;
			d0 = r.v[0];
			d1 = r.v[1];
		}
		mismatch += r.v[0] != r.v[1];
		backward += r.v[0] < last;
		last = r.v[0];
	}
	/* and the first mismatch: its read and the two counts */
	printf("reads=%d mismatches=%lu backward=%lu last=%llu first=%d:%llu:%llu\n",
	       n, mismatch, backward, (unsigned long long)last, first,
	       (unsigned long long)d0, (unsigned long long)d1);
	return 0;
}

static volatile sig_atomic_t sig_in, sig_hup, sig_other;

static void on_sigio(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	(void)ctx;
	if (si->si_code == POLL_IN)
		sig_in++;
	else if (si->si_code == POLL_HUP)
		sig_hup++;
	else
		sig_other++;
}

static uint64_t read_enabled(int fd)
{
	struct { uint64_t count, enabled; } r;

	if (read(fd, &r, sizeof(r)) != sizeof(r))
		return 0;
	return r.enabled;
}

static int refresh(char **av)
{
	struct perf_event_attr attr;
	struct sigaction sa = { .sa_sigaction = on_sigio, .sa_flags = SA_SIGINFO };
	struct timespec t = { 0, 200 * 1000 * 1000 };
	int limit = atoi(av[4]), fd, i;
	uint64_t e1, e2;
	void *rb;

	attr_init(&attr, av[0], av[1]);
	attr.sample_period = strtoull(av[3], NULL, 0);
	attr.sample_type = PERF_SAMPLE_IP;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED;
	attr.wakeup_events = 1;
	attr.disabled = 1;
	fd = perf_open(&attr, atoi(av[2]), -1);
	if (fd < 0) {
		perror("xu_probe: perf_event_open");
		return 1;
	}
	rb = mmap(NULL, 9 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (rb == MAP_FAILED) {
		perror("xu_probe: mmap");
		return 1;
	}
	sigaction(SIGIO, &sa, NULL);
	if (fcntl(fd, F_SETOWN, getpid()) || fcntl(fd, F_SETSIG, SIGIO) ||
	    fcntl(fd, F_SETFL, O_ASYNC)) {
		perror("xu_probe: fcntl");
		return 1;
	}
	if (ioctl(fd, PERF_EVENT_IOC_REFRESH, limit)) {
		perror("xu_probe: PERF_EVENT_IOC_REFRESH");
		return 1;
	}
	/* a second at most for the limit to be reached */
	for (i = 0; i < 50 && !sig_hup; i++)
		nanosleep(&t, NULL);
	/*
	 * perf disables the event from an irq_work on the event's CPU:
	 * disabled once its enabled time stops, within 2 s
	 */
	t.tv_nsec = 100 * 1000 * 1000;
	for (i = 0, e1 = 1, e2 = 0; i < 20 && e1 != e2; i++) {
		e1 = read_enabled(fd);
		nanosleep(&t, NULL);
		e2 = read_enabled(fd);
	}
	printf("sigio_in=%d sigio_hup=%d sigio_other=%d disabled=%d\n",
	       (int)sig_in, (int)sig_hup, (int)sig_other, e1 == e2);
	return 0;
}

static int open_errno(char **av, int trap)
{
	struct perf_event_attr attr;
	int fd;

	attr_init(&attr, av[0], av[1]);
	attr.sigtrap = trap;
	attr.remove_on_exec = trap;
	fd = perf_open(&attr, atoi(av[2]), -1);
	printf("open=%s errno=%d\n", fd < 0 ? "failed" : "ok", fd < 0 ? errno : 0);
	return 0;
}

static int open_plain(char **av)
{
	return open_errno(av, 0);
}

static int sigtrap(char **av)
{
	return open_errno(av, 1);
}

static int open3(char **av)
{
	struct perf_event_attr attr;
	int fd;

	attr_init(&attr, av[0], av[1]);
	attr.config1 = strtoull(av[2], NULL, 0);
	attr.config2 = strtoull(av[3], NULL, 0);
	attr.sample_period = strtoull(av[5], NULL, 0);
	fd = perf_open(&attr, atoi(av[4]), -1);
	printf("open=%s errno=%d\n", fd < 0 ? "failed" : "ok", fd < 0 ? errno : 0);
	return 0;
}

static int bpf_load(void)
{
	/* r0 = 0; exit */
	struct bpf_insn insn[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_PERF_EVENT;
	a.insns = (uintptr_t)insn;
	a.insn_cnt = 2;
	a.license = (uintptr_t)"GPL";
	return syscall(SYS_bpf, BPF_PROG_LOAD, &a, sizeof(a));
}

static int set_bpf(struct perf_event_attr *attr, int cpu, int prog)
{
	int fd = perf_open(attr, cpu, -1);

	if (fd < 0)
		return -errno;
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog))
		return -errno;
	close(fd);
	return 0;
}

static int bpf(char **av)
{
	struct perf_event_attr attr;
	int cpu = atoi(av[2]), prog = bpf_load();

	if (prog < 0) {
		printf("bpf_load=%d\n", errno);
		return 0;
	}
	attr_init(&attr, av[0], av[1]);
	attr.sample_period = strtoull(av[3], NULL, 0);
	printf("bpf_load=0 uncore=%d", -set_bpf(&attr, cpu, prog));
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.sample_period = 1000000;
	printf(" cpu_clock=%d\n", -set_bpf(&attr, cpu, prog));
	return 0;
}

int main(int ac, char **av)
{
	static const struct { const char *name; int args; int (*fn)(char **); } cmds[] = {
		{ "groupread", 5, groupread },
		{ "refresh", 5, refresh },
		{ "open", 3, open_plain },
		{ "open3", 6, open3 },
		{ "sigtrap", 3, sigtrap },
		{ "bpf", 4, bpf },
	};
	unsigned int i;

	for (i = 0; ac > 1 && i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(av[1], cmds[i].name) && ac == cmds[i].args + 2)
			return cmds[i].fn(av + 2);
	fprintf(stderr, "usage: see tools/testing/probe/xu_probe.c\n");
	return 2;
}
