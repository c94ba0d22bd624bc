// SPDX-License-Identifier: GPL-2.0
/*
 * xu-bw --plot=FILE.svg: every interval's socket figures kept, and at
 * the end an SVG plot of the whole run: a panel per unit (MB/s, and with
 * their options ns, % and MHz) on one time axis
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

/* the doubles of one interval in the history: its end, then the figures */
static size_t hist_stride(const struct xubw *x)
{
	return 1 + (size_t)x->nsockets * NR_FIGS;
}

/* the figures of socket S in interval K of the history */
static const double *hist_figs(const struct xubw *x, size_t k, int s)
{
	return x->hist + k * hist_stride(x) + 1 + (size_t)s * NR_FIGS;
}

/* plot_keep X EL: the socket figures of the interval that ended at EL */
void plot_keep(struct xubw *x, double el)
{
	size_t k, n = hist_stride(x);
	double *h, lo, re;
	int s;

	if (x->nhist == HIST_MAX) {
		for (k = 0; 2 * k + 1 < x->nhist; k++)
			memcpy(x->hist + k * n, x->hist + (2 * k + 1) * n, n * sizeof(*x->hist));
		x->nhist = k;
	}
	if (x->nhist == x->hist_cap) {
		x->hist_cap = x->hist_cap ? 2 * x->hist_cap : 64;
		x->hist = realloc(x->hist, x->hist_cap * n * sizeof(*x->hist));
		if (!x->hist)
			die(1, "out of memory");
	}
	h = x->hist + x->nhist++ * n;
	*h++ = el;
	for (s = 0; s < x->nsockets; s++, h += NR_FIGS) {
		socket_totals(x, s, &h[FIG_RD], &h[FIG_WR], &h[FIG_QPI]);
		h[FIG_LAT] = x->want_latency ? socket_latency(x, s) : NAN;
		h[FIG_REMOTE] = NAN;
		if (x->want_numa) {
			lo = socket_numa(x, s, 0);
			re = socket_numa(x, s, 1);
			if (lo + re > 0)
				h[FIG_REMOTE] = 100 * re / (lo + re);
		}
		h[FIG_UTIL] = x->want_util && x->nqpi ? socket_util(x, s) : NAN;
		h[FIG_UCLK] = x->want_uclk ? socket_uclk(x, s) : NAN;
	}
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

/*
 * The panels, one per unit, under each other on the one time axis: the
 * bandwidth (always), then with their options the read latency, the
 * percentages and the uncore clock
 */
enum { PANEL_BW, PANEL_NS, PANEL_PCT, PANEL_MHZ, NR_PANELS };

static const char *const panel_label[NR_PANELS] = {
	[PANEL_BW] = "bandwidth (MB/s, 10^6 bytes/s)",
	[PANEL_NS] = "read latency (ns)",
	[PANEL_PCT] = "% (remote share of reads, QPI use)",
	[PANEL_MHZ] = "uncore clock (MHz)",
};

/* a figure's panel, legend name and dashes (solid, dashed, dotted) */
static const struct {
	int panel;
	const char *what;
	const char *dash;
} fig_style[NR_FIGS] = {
	[FIG_RD] = { PANEL_BW, "read", "" },
	[FIG_WR] = { PANEL_BW, "write", "8,4" },
	[FIG_QPI] = { PANEL_BW, "QPI tx", "2,3" },
	[FIG_LAT] = { PANEL_NS, "read latency", "" },
	[FIG_REMOTE] = { PANEL_PCT, "remote reads", "" },
	[FIG_UTIL] = { PANEL_PCT, "QPI util", "8,4" },
	[FIG_UCLK] = { PANEL_MHZ, "uncore clock", "" },
};

/* the figures this run keeps (plot_keep sets the others to NAN) */
static int fig_shown(const struct xubw *x, int fig)
{
	switch (fig) {
	case FIG_RD:
	case FIG_WR:
		return 1;
	case FIG_QPI:
		return x->nqpi > 0;
	case FIG_LAT:
		return x->want_latency;
	case FIG_REMOTE:
		return x->want_numa;
	case FIG_UTIL:
		return x->want_util && x->nqpi;
	case FIG_UCLK:
		return x->want_uclk;
	}
	return 0;
}

static int panel_shown(const struct xubw *x, int p)
{
	int fig;

	for (fig = 0; fig < NR_FIGS; fig++)
		if (fig_style[fig].panel == p && fig_shown(x, fig))
			return 1;
	return 0;
}

/* the plot's size and where its figures go */
struct frame {
	double W, L, R, pw;	/* width, left and right margins, plot width */
	double xmax, xs;	/* the time axis: its end and step */
};

/*
 * One panel at TOP, PH high: grid, ticks, frame, its axis label (and the
 * time axis's under the LAST), and per socket a polyline of each of its
 * figures, whose data-values attribute holds the figures its points plot,
 * in order, and its legend line
 */
static void panel_write(FILE *f, const struct xubw *x, const struct frame *fr, int p,
			double top, double ph, double H, int last)
{
	static const char *const colour[] = {
		"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
		"#ff7f0e", "#8c564b", "#e377c2", "#17becf",
	};
	double ymax = 0, ys, v, L = fr->L, pw = fr->pw, W = fr->W, R = fr->R;
	int s, fig, ly = 0;
	size_t k;

	for (k = 0; k < x->nhist; k++)
		for (s = 0; s < x->nsockets; s++)
			for (fig = 0; fig < NR_FIGS; fig++)
				if (fig_style[fig].panel == p && fig_shown(x, fig))
					ymax = fmax(ymax, hist_figs(x, k, s)[fig]);
	ys = nice_step(ymax > 0 ? ymax : 1);
	ymax = ceil((ymax > 0 ? ymax * 1.05 : 1) / ys) * ys;

	/* grid and ticks */
	for (v = 0; v <= ymax + ys / 2; v += ys) {
		double y = top + ph - v / ymax * ph;

		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
			L, y, L + pw, y);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n",
			L - 6, y + 4, v);
	}
	for (v = 0; v <= fr->xmax + fr->xs / 2; v += fr->xs) {
		double xx = L + v / fr->xmax * pw;

		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n",
			xx, top, xx, top + ph);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n",
			xx, top + ph + 18, v);
	}
	fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" fill=\"none\""
		" stroke=\"black\"/>\n", L, top, pw, ph);
	if (last)
		fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">time (s)</text>\n",
			L + pw / 2, H - 16);
	fprintf(f, "<text x=\"20\" y=\"%.0f\" text-anchor=\"middle\" transform=\"rotate(-90 20 %.0f)\">"
		"%s</text>\n", top + ph / 2, top + ph / 2, panel_label[p]);
	for (s = 0; s < x->nsockets; s++) {
		for (fig = 0; fig < NR_FIGS; fig++) {
			const char *c = colour[s % 8], *sep, *dash = fig_style[fig].dash;
			double y;

			if (fig_style[fig].panel != p || !fig_shown(x, fig))
				continue;
			fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"", c);
			if (*dash)
				fprintf(f, " stroke-dasharray=\"%s\"", dash);
			fprintf(f, " points=\"");
			/* an interval whose figure is unknown has no point */
			for (k = 0, sep = ""; k < x->nhist; k++) {
				v = hist_figs(x, k, s)[fig];
				if (isnan(v))
					continue;
				fprintf(f, "%s%.1f,%.1f", sep, L + x->hist[k * hist_stride(x)] /
					fr->xmax * pw, top + ph - v / ymax * ph);
				sep = " ";
			}
			fprintf(f, "\" data-values=\"");
			for (k = 0, sep = ""; k < x->nhist; k++) {
				v = hist_figs(x, k, s)[fig];
				if (isnan(v))
					continue;
				fprintf(f, "%s%.3f", sep, v);
				sep = " ";
			}
			fprintf(f, "\"><title>socket %d %s</title></polyline>\n",
				x->sockets[s].pkg, fig_style[fig].what);
			y = top + 10 + ly++ * 18;
			fprintf(f, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\""
				" stroke-width=\"2\"%s%s%s/>\n", W - R + 15, y, W - R + 45, y, c,
				*dash ? " stroke-dasharray=\"" : "", dash, *dash ? "\"" : "");
			fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">socket %d %s</text>\n",
				W - R + 52, y + 4, x->sockets[s].pkg, fig_style[fig].what);
		}
	}
}

/*
 * The bandwidth panel is 380 high; each further panel 160, 50 below the
 * one above (its time ticks between them)
 */
#define BW_PH		380.0
#define MORE_PH		160.0
#define PANEL_GAP	50.0

void plot_write(const struct xubw *x, const char *path)
{
	static const char *const more[NR_PANELS] = {
		[PANEL_NS] = ", read latency",
		[PANEL_PCT] = ", remote share and QPI use",
		[PANEL_MHZ] = ", uncore clock",
	};
	struct frame fr = { .W = 900, .L = 80, .R = 200 };
	const double T = 40, B = 60;
	double H = T + BW_PH + B, top, xmax = 0;
	FILE *f = fopen(path, "w");
	char what[160] = "";
	size_t k;
	int p, lastp = PANEL_BW;

	if (!f) {
		fprintf(stderr, "%s: cannot write %s: %s\n", PROG, path, strerror(errno));
		return;
	}
	fr.pw = fr.W - fr.L - fr.R;
	for (p = PANEL_BW + 1; p < NR_PANELS; p++) {
		if (!panel_shown(x, p))
			continue;
		H += PANEL_GAP + MORE_PH;
		lastp = p;
		strncat(what, more[p], sizeof(what) - strlen(what) - 1);
	}
	for (k = 0; k < x->nhist; k++)
		xmax = fmax(xmax, x->hist[k * hist_stride(x)]);
	fr.xs = nice_step(xmax > 0 ? xmax : 1);
	fr.xmax = ceil((xmax > 0 ? xmax : 1) / fr.xs) * fr.xs;

	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\""
		" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n",
		fr.W, H, fr.W, H);
	fprintf(f, "<title>xu-bw: %s, memory%s bandwidth%s per socket</title>\n", x->plat_name,
		x->nqpi ? " and QPI" : "", what);
	fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(f, "<text x=\"%.0f\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">"
		"%s: memory%s bandwidth%s per socket</text>\n", fr.L + fr.pw / 2, x->plat_name,
		x->nqpi ? " and QPI tx" : "", what);
	panel_write(f, x, &fr, PANEL_BW, T, BW_PH, H, lastp == PANEL_BW);
	top = T + BW_PH;
	for (p = PANEL_BW + 1; p < NR_PANELS; p++) {
		if (!panel_shown(x, p))
			continue;
		top += PANEL_GAP;
		panel_write(f, x, &fr, p, top, MORE_PH, H, lastp == p);
		top += MORE_PH;
	}
	fprintf(f, "</svg>\n");
	if (fclose(f))
		fprintf(stderr, "%s: cannot write %s: %s\n", PROG, path, strerror(errno));
}
