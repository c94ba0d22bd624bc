// SPDX-License-Identifier: GPL-2.0
/* xu-bw: messages, sysfs lines and the clock, for every stage */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xu-bw.h"

/* "xu-bw: MESSAGE" on stderr */
void vmsg(const char *f, va_list ap)
{
	fprintf(stderr, "%s: ", PROG);
	vfprintf(stderr, f, ap);
	fputc('\n', stderr);
}

void die(int code, const char *f, ...)
{
	va_list ap;

	va_start(ap, f);
	vmsg(f, ap);
	va_end(ap);
	exit(code);
}

/* read_str PATH BUF LEN: the first line of PATH, without the newline */
int read_str(const char *path, char *buf, size_t len)
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

double now(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}
