// SPDX-License-Identifier: GPL-2.0
/*
 * xu-bw --plot=FILE.svg: every interval's socket figures kept, and at
 * the end an SVG plot of the whole run
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xu-bw.h"

/*
 * The plot's history holds at most HIST_MAX intervals: when it is full,
 * every second one is dropped, so a long run keeps its whole span at a
 * coarser step and bounded memory
 */
#define HIST_MAX	4096

/* plot_keep X EL: the socket figures of the interval that ended at EL */
void plot_keep(struct xubw *x, double el)
{
	struct sample *h;
	size_t k;
	int s;

	if (x->nhist == HIST_MAX) {
		for (k = 0; 2 * k + 1 < x->nhist; k++)
			x->hist[k] = x->hist[2 * k + 1];
		x->nhist = k;
	}
	if (x->nhist == x->hist_cap) {
		x->hist_cap = x->hist_cap ? 2 * x->hist_cap : 64;
		x->hist = realloc(x->hist, x->hist_cap * sizeof(*x->hist));
		if (!x->hist)
			die(1, "out of memory");
	}
	h = &x->hist[x->nhist++];
	h->t = el;
	for (s = 0; s < x->nsockets; s++)
		socket_totals(x, s, &h->rd[s], &h->wr[s], &h->qpi[s]);
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

void plot_write(const struct xubw *x, const char *path)
{
	static const char *const colour[] = {
		"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
		"#ff7f0e", "#8c564b", "#e377c2", "#17becf",
	};
	const double W = 900, H = 480, L = 80, R = 200, T = 40, B = 60;
	double pw = W - L - R, ph = H - T - B, xmax = 0, ymax = 0, xs, ys, v;
	FILE *f = fopen(path, "w");
	size_t k;
	int s, kind, nkinds = x->nqpi ? 3 : 2, ly = 0;

	if (!f) {
		fprintf(stderr, "%s: cannot write %s: %s\n", PROG, path, strerror(errno));
		return;
	}
	for (k = 0; k < x->nhist; k++) {
		if (x->hist[k].t > xmax)
			xmax = x->hist[k].t;
		for (s = 0; s < x->nsockets; s++) {
			ymax = fmax(ymax, fmax(x->hist[k].rd[s], x->hist[k].wr[s]));
			ymax = fmax(ymax, x->hist[k].qpi[s]);
		}
	}
	xs = nice_step(xmax > 0 ? xmax : 1);
	xmax = ceil((xmax > 0 ? xmax : 1) / xs) * xs;
	ys = nice_step(ymax > 0 ? ymax : 1);
	ymax = ceil((ymax > 0 ? ymax * 1.05 : 1) / ys) * ys;

	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\""
		" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n",
		W, H, W, H);
	fprintf(f, "<title>xu-bw: %s, memory%s bandwidth per socket</title>\n", x->plat_name,
		x->nqpi ? " and QPI" : "");
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(f, "<text x=\"%.0f\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">"
		"%s: memory%s bandwidth per socket</text>\n", L + pw / 2, x->plat_name,
		x->nqpi ? " and QPI tx" : "");
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
	for (s = 0; s < x->nsockets; s++) {
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
			for (k = 0, sep = ""; k < x->nhist; k++) {
				v = kind == 0 ? x->hist[k].rd[s] : kind == 1 ? x->hist[k].wr[s] :
				    x->hist[k].qpi[s];
				if (isnan(v))
					continue;
				fprintf(f, "%s%.1f,%.1f", sep, L + x->hist[k].t / xmax * pw,
					T + ph - v / ymax * ph);
				sep = " ";
			}
			fprintf(f, "\"><title>socket %d %s</title></polyline>\n",
				x->sockets[s].pkg, what[kind]);
			y = T + 10 + ly++ * 18;
			fprintf(f, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\""
				" stroke-width=\"2\"%s%s%s/>\n", W - R + 15, y, W - R + 45, y, c,
				*dash[kind] ? " stroke-dasharray=\"" : "", dash[kind],
				*dash[kind] ? "\"" : "");
			fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">socket %d %s</text>\n",
				W - R + 52, y + 4, x->sockets[s].pkg, what[kind]);
		}
	}
	fprintf(f, "</svg>\n");
	if (fclose(f))
		fprintf(stderr, "%s: cannot write %s: %s\n", PROG, path, strerror(errno));
}
