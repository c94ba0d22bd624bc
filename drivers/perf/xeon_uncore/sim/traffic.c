// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated uncore, the traffic scenario: per socket, the read and write
 * bandwidth of each memory channel, the shares of its accesses that hit
 * or miss an open DRAM page and the share of its clocks its ranks spend
 * powered down, the data each link sends and receives, the memory read
 * latency, the remote share of the reads, the uncore clock and the
 * cores' C-state residency.  The models derive every modelled event's
 * count from it (Documentation/simulator.rst, "Traffic").  Set in lines
 * of key=value words:
 *
 *   socket=S channel=C read=MBPS write=MBPS pagehit=PERCENT pagemiss=PERCENT
 *            ckeoff=PERCENT
 *   socket=S latency=NS remote=PERCENT uclk=MHZ c0=PERCENT c3=PERCENT c6=PERCENT
 *   socket=S link=L tx=MBPS rx=MBPS
 *
 * a line taking any subset of the keys its socket, channel or link takes,
 * and only those its model counts (struct sim_model.keys).  A write of
 * several lines (separated by newlines or ';') applies all of them or,
 * if any is bad, none.  pagehit + pagemiss of a channel and c0 + c3 + c6
 * of a socket are at most 100 once the write is applied.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "internal.h"

/*
 * The largest value a key takes; every key takes 0 but uclk.  100 GB/s a
 * channel, 100 us and 10 GHz keep every rate the models derive (at most
 * occupancy: 8 channels' reads in one C-Box for 10^6 cycles each,
 * 1.25 * 10^16 a second) within what the generator counts exactly.
 */
static const struct {
	const char *name;
	u32 max;
} sim_tk[SIM_TK_NR] = {
	[SIM_TK_READ]		= { "read",	100000 },
	[SIM_TK_WRITE]		= { "write",	100000 },
	[SIM_TK_TX]		= { "tx",	100000 },
	[SIM_TK_RX]		= { "rx",	100000 },
	[SIM_TK_LATENCY]	= { "latency",	100000 },
	[SIM_TK_REMOTE]		= { "remote",	100 },
	[SIM_TK_UCLK]		= { "uclk",	10000 },
	[SIM_TK_PAGEHIT]	= { "pagehit",	100 },
	[SIM_TK_PAGEMISS]	= { "pagemiss",	100 },
	[SIM_TK_C0]		= { "c0",	100 },
	[SIM_TK_C3]		= { "c3",	100 },
	[SIM_TK_C6]		= { "c6",	100 },
	[SIM_TK_CKEOFF]		= { "ckeoff",	100 },
};

/* The keys of a channel's, a link's and a socket's line */
#define SIM_TK_CHANNEL	(BIT(SIM_TK_READ) | BIT(SIM_TK_WRITE) | \
			 BIT(SIM_TK_PAGEHIT) | BIT(SIM_TK_PAGEMISS) | \
			 BIT(SIM_TK_CKEOFF))
#define SIM_TK_LINK	(BIT(SIM_TK_TX) | BIT(SIM_TK_RX))
#define SIM_TK_SOCKET	(BIT(SIM_TK_LATENCY) | BIT(SIM_TK_REMOTE) | \
			 BIT(SIM_TK_UCLK) | BIT(SIM_TK_C0) | BIT(SIM_TK_C3) | \
			 BIT(SIM_TK_C6))

/* The member of @t that key @k of channel or link @i names */
static u32 *sim_tk_field(struct xu_sim_traffic *t, enum sim_traffic_key k,
			 unsigned int i)
{
	switch (k) {
	case SIM_TK_READ:
		return &t->read[i];
	case SIM_TK_WRITE:
		return &t->write[i];
	case SIM_TK_TX:
		return &t->tx[i];
	case SIM_TK_RX:
		return &t->rx[i];
	case SIM_TK_LATENCY:
		return &t->latency;
	case SIM_TK_REMOTE:
		return &t->remote;
	case SIM_TK_PAGEHIT:
		return &t->pagehit[i];
	case SIM_TK_PAGEMISS:
		return &t->pagemiss[i];
	case SIM_TK_C0:
		return &t->c0;
	case SIM_TK_C3:
		return &t->c3;
	case SIM_TK_C6:
		return &t->c6;
	case SIM_TK_CKEOFF:
		return &t->ckeoff[i];
	default:
		return &t->uclk;
	}
}

static int sim_tk_find(const char *name)
{
	unsigned int k;

	for (k = 0; k < SIM_TK_NR; k++)
		if (!strcmp(sim_tk[k].name, name))
			return k;
	return -1;
}

/*
 * The shares of @t that add up, of channel @c: the page hits and misses,
 * and the C-state residencies, each at most 100 percent (unsigned sums:
 * each value is at most 100)
 */
static bool sim_traffic_shares_ok(const struct xu_sim_traffic *t,
				  unsigned int c)
{
	return t->pagehit[c] + t->pagemiss[c] <= 100 &&
	       t->c0 + t->c3 + t->c6 <= 100;
}

/*
 * Parse one line into @next (every socket's scenario, as it will be):
 * 0, or -EINVAL for a bad line, which changes nothing
 */
static int sim_traffic_line(const struct xu_sim *sim, char *line,
			    struct xu_sim_traffic *next)
{
	const struct sim_model *m = sim->model;
	unsigned int socket = UINT_MAX, chan = UINT_MAX, link = UINT_MAX;
	u32 val[SIM_TK_NR] = {};
	unsigned long seen = 0, allowed;
	unsigned int i, n, b;
	char *word, *eq;
	int k;

	while ((word = strsep(&line, " \t"))) {
		if (!*word)
			continue;
		eq = strchr(word, '=');
		if (!eq)
			return -EINVAL;
		*eq++ = '\0';
		if (kstrtouint(eq, 10, &n))
			return -EINVAL;
		if (!strcmp(word, "socket") || !strcmp(word, "channel") ||
		    !strcmp(word, "link")) {
			unsigned int *where = word[0] == 's' ? &socket :
					      word[0] == 'c' ? &chan : &link;

			if (*where != UINT_MAX)
				return -EINVAL;
			*where = n;
			continue;
		}
		k = sim_tk_find(word);
		if (k < 0 || (seen & BIT(k)) || n > sim_tk[k].max ||
		    (k == SIM_TK_UCLK && !n))
			return -EINVAL;
		seen |= BIT(k);
		val[k] = n;
	}
	if (socket >= sim->sockets || !seen)
		return -EINVAL;
	if (chan != UINT_MAX && link != UINT_MAX)
		return -EINVAL;
	if (chan != UINT_MAX) {
		if (chan >= m->channels)
			return -EINVAL;
		allowed = SIM_TK_CHANNEL;
		i = chan;
	} else if (link != UINT_MAX) {
		if (link >= m->links)
			return -EINVAL;
		allowed = SIM_TK_LINK;
		i = link;
	} else {
		allowed = SIM_TK_SOCKET;
		i = 0;
	}
	if (seen & ~(allowed & m->keys))
		return -EINVAL;
	for_each_set_bit(b, &seen, SIM_TK_NR) {
		u32 *field = sim_tk_field(&next[socket], b, i);

		*field = val[b];
	}
	return sim_traffic_shares_ok(&next[socket], i) ? 0 : -EINVAL;
}

/* Serialises the writers: each reads every scenario, then writes them back */
static DEFINE_MUTEX(sim_traffic_lock);

/**
 * xu_sim_set_traffic() - change the traffic scenario
 * @sim:   the simulator
 * @lines: one or more lines (separated by newlines or ';') in the form
 *         the file's comment gives
 *
 * Every socket's counters are brought up to now at the old scenario
 * first, so that the new one counts from this moment on.  Sleeps.
 *
 * Return: 0, or -EINVAL for a bad line (nothing changes), -ENOMEM.
 */
int xu_sim_set_traffic(struct xu_sim *sim, const char *lines)
{
	struct xu_sim_traffic *next;
	char *buf, *p, *line;
	unsigned long flags;
	struct sim_socket *s;
	bool any = false;
	unsigned int i;
	int ret = 0;

	buf = kstrdup(lines, GFP_KERNEL);
	next = kcalloc(sim->sockets, sizeof(*next), GFP_KERNEL);
	if (!buf || !next) {
		ret = -ENOMEM;
		goto out;
	}
	mutex_lock(&sim_traffic_lock);
	for (i = 0; i < sim->sockets; i++) {
		s = sim_get(sim, i, &flags);
		next[i] = s->traffic;
		sim_put(s, flags);
	}
	p = buf;
	while (!ret && (line = strsep(&p, "\n;"))) {
		line = strim(line);
		if (!*line)
			continue;
		ret = sim_traffic_line(sim, line, next);
		any = true;
	}
	if (ret || !any) {
		ret = -EINVAL;
		goto unlock;
	}
	for (i = 0; i < sim->sockets; i++) {
		s = sim_get(sim, i, &flags);
		s->traffic = next[i];
		sim_put(s, flags);
	}
unlock:
	mutex_unlock(&sim_traffic_lock);
out:
	kfree(next);
	kfree(buf);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_set_traffic, XU_SIM_NS);

/**
 * xu_sim_traffic() - a socket's traffic scenario now
 * @sim:    the simulator
 * @socket: the socket
 * @t:      out: its scenario
 *
 * Return: 0, or -EINVAL for a socket that does not exist.
 */
int xu_sim_traffic(struct xu_sim *sim, unsigned int socket,
		   struct xu_sim_traffic *t)
{
	unsigned long flags;

	if (socket >= sim->sockets)
		return -EINVAL;
	sim_lock(&sim->sock[socket], &flags);
	*t = sim->sock[socket].traffic;
	sim_unlock(&sim->sock[socket], flags);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_traffic, XU_SIM_NS);

/* Every socket's scenario as its model starts it */
void sim_traffic_init(struct xu_sim *sim)
{
	unsigned int i;

	for (i = 0; i < sim->sockets; i++)
		if (sim->model->ops->traffic_default)
			sim->model->ops->traffic_default(sim->model, i,
							 &sim->sock[i].traffic);
}

/* The keys of @mask the model counts, " key=value" each, of channel/link @i */
static void sim_traffic_show_keys(struct seq_file *m, const struct xu_sim *sim,
				  struct xu_sim_traffic *t, unsigned long mask,
				  unsigned int i)
{
	unsigned long keys = mask & sim->model->keys;
	unsigned int k;

	for_each_set_bit(k, &keys, SIM_TK_NR)
		seq_printf(m, " %s=%u", sim_tk[k].name, *sim_tk_field(t, k, i));
	seq_putc(m, '\n');
}

/*
 * Every value, in the form a line is written: per socket one line for
 * the socket, one per channel and one per link, of the keys the model
 * counts
 */
void sim_traffic_show(struct seq_file *m, struct xu_sim *sim)
{
	const struct sim_model *model = sim->model;
	struct xu_sim_traffic t;
	unsigned int s, i;

	for (s = 0; s < sim->sockets; s++) {
		xu_sim_traffic(sim, s, &t);
		if (model->keys & SIM_TK_SOCKET) {
			seq_printf(m, "socket=%u", s);
			sim_traffic_show_keys(m, sim, &t, SIM_TK_SOCKET, 0);
		}
		for (i = 0; i < model->channels && (model->keys & SIM_TK_CHANNEL); i++) {
			seq_printf(m, "socket=%u channel=%u", s, i);
			sim_traffic_show_keys(m, sim, &t, SIM_TK_CHANNEL, i);
		}
		for (i = 0; i < model->links && (model->keys & SIM_TK_LINK); i++) {
			seq_printf(m, "socket=%u link=%u", s, i);
			sim_traffic_show_keys(m, sim, &t, SIM_TK_LINK, i);
		}
	}
}
