// SPDX-License-Identifier: GPL-2.0
/*
 * xu_papi: count uncore events through PAPI's perf_event_uncore component
 * (and so through libpfm4's tables) while a command runs, and print the
 * perf_event_attr libpfm4 makes of each event, so that a test can compare
 * both with perf stat on the same PMUs.
 *
 *   xu_papi [-c CPU] -e EVENT [-e EVENT]... [-- CMD [ARG]...]
 *
 * EVENT is a PAPI native event name, e.g.
 * ivbep_unc_imc0::UNC_M_CAS_COUNT:RD:cpu=0.  Output, one line each:
 *   encoding EVENT type=T config=0x... config1=0x... config2=0x...
 *   count EVENT VALUE
 *   ns NANOSECONDS      (from just before PAPI_start() to just after
 *                        PAPI_stop(), the counting interval's bound)
 *   ns_inner NANOSECONDS (from just after PAPI_start() to just before
 *                        PAPI_stop())
 * Exit status 0 if every step worked, 1 otherwise (the reason on stderr).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <papi.h>
#include <perfmon/pfmlib_perf_event.h>

#define MAX_EVENTS 16

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* the libpfm4 name of a PAPI name: without a "component:::" prefix */
static const char *pfm_name(const char *name)
{
	const char *p = strstr(name, ":::");

	return p ? p + 3 : name;
}

/* print the perf_event_attr libpfm4 encodes NAME to; 0 on success */
static int print_encoding(const char *name)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;
	char buf[512], *cpu;
	int ret;

	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	arg.attr = &attr;
	arg.size = sizeof(arg);
	snprintf(buf, sizeof(buf), "%s", pfm_name(name));
	ret = pfm_get_os_event_encoding(buf, PFM_PLM0 | PFM_PLM3,
					PFM_OS_PERF_EVENT_EXT, &arg);
	if (ret != PFM_SUCCESS) {
		/* retry without PAPI's cpu= qualifier */
		cpu = strstr(buf, ":cpu=");
		if (cpu) {
			*cpu = '\0';
			memset(&attr, 0, sizeof(attr));
			ret = pfm_get_os_event_encoding(buf, PFM_PLM0 | PFM_PLM3,
							PFM_OS_PERF_EVENT_EXT,
							&arg);
		}
	}
	if (ret != PFM_SUCCESS) {
		fprintf(stderr, "xu_papi: libpfm4 cannot encode %s: %s\n",
			buf, pfm_strerror(ret));
		return -1;
	}
	printf("encoding %s type=%u config=0x%llx config1=0x%llx config2=0x%llx\n",
	       name, attr.type, (unsigned long long)attr.config,
	       (unsigned long long)attr.config1,
	       (unsigned long long)attr.config2);
	return 0;
}

/* run ARGV and wait for it; 0 if it exited 0 */
static int run(char **argv)
{
	int status;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "xu_papi: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: xu_papi [-c CPU] -e EVENT [-e EVENT]... [-- CMD [ARG]...]\n");
	exit(2);
}

static int die(const char *what, int ret)
{
	fprintf(stderr, "xu_papi: %s: %s\n", what, PAPI_strerror(ret));
	return 1;
}

int main(int argc, char **argv)
{
	const char *events[MAX_EVENTS];
	long long values[MAX_EVENTS];
	uint64_t t0, t1, t2, t3;
	int nev = 0, cpu = -1, es = PAPI_NULL, cidx, ret, i, opt, bad = 0;
	PAPI_option_t o;

	while ((opt = getopt(argc, argv, "+c:e:")) != -1) {
		switch (opt) {
		case 'c':
			cpu = atoi(optarg);
			break;
		case 'e':
			if (nev == MAX_EVENTS)
				usage();
			events[nev++] = optarg;
			break;
		default:
			usage();
		}
	}
	if (!nev)
		usage();

	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT)
		return die("PAPI_library_init", ret);
	cidx = PAPI_get_component_index("perf_event_uncore");
	if (cidx < 0)
		return die("no perf_event_uncore component", cidx);
	ret = PAPI_create_eventset(&es);
	if (ret != PAPI_OK)
		return die("PAPI_create_eventset", ret);
	ret = PAPI_assign_eventset_component(es, cidx);
	if (ret != PAPI_OK)
		return die("PAPI_assign_eventset_component", ret);
	if (cpu >= 0) {
		memset(&o, 0, sizeof(o));
		o.cpu.eventset = es;
		o.cpu.cpu_num = cpu;
		ret = PAPI_set_opt(PAPI_CPU_ATTACH, &o);
		if (ret != PAPI_OK)
			return die("PAPI_set_opt(PAPI_CPU_ATTACH)", ret);
	}
	for (i = 0; i < nev; i++) {
		if (print_encoding(events[i]))
			bad = 1;
		ret = PAPI_add_named_event(es, events[i]);
		if (ret != PAPI_OK) {
			fprintf(stderr, "xu_papi: PAPI_add_named_event(%s): %s\n",
				events[i], PAPI_strerror(ret));
			return 1;
		}
	}

	t0 = now_ns();
	ret = PAPI_start(es);
	t1 = now_ns();
	if (ret != PAPI_OK)
		return die("PAPI_start", ret);
	if (optind < argc && run(argv + optind)) {
		fprintf(stderr, "xu_papi: %s failed\n", argv[optind]);
		bad = 1;
	}
	t2 = now_ns();
	ret = PAPI_stop(es, values);
	t3 = now_ns();
	if (ret != PAPI_OK)
		return die("PAPI_stop", ret);

	for (i = 0; i < nev; i++)
		printf("count %s %lld\n", events[i], values[i]);
	printf("ns %llu\n", (unsigned long long)(t3 - t0));
	printf("ns_inner %llu\n", (unsigned long long)(t2 - t1));
	fflush(stdout);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	PAPI_shutdown();
	return bad;
}
