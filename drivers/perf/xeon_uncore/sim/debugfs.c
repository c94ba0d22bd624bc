// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated uncore, debugfs: <debugfs>/xeon_uncore_sim/
 *   inject      write "SOCKET BOX EVENT COUNT", BOX a PMU name without
 *               uncore_ (nhmex and wsmex also take mbox0, mbox1 and an
 *               optional SUB after COUNT); nhmex, wsmex: "SOCKET rpkt
 *               PORT HDR HDR_HI FLITS COUNT", "SOCKET spkt BOX PKT COUNT",
 *               "SOCKET bpkt BOX EVENT PKT COUNT", "SOCKET maddr BOX
 *               EVENT SUB ADDR COUNT"
 *   msr         write "SOCKET MSR VALUE"; read: every register, per socket
 *   pci         E5 models: write "SOCKET DEV.FN OFF VALUE"; read: every
 *               register of every box function, per socket
 *   generator   0 or 1
 *   violations  writes that set reserved bits
 *   accesses    "reads N writes N" by the driver and these files so far
 *   pmis        PMIs raised so far
 *   frozen_ns   per socket: time the package spent frozen by PMIs
 *   lost_pmis   per socket: PMIs a CPU lost to its masked LVTPC
 *   misroute    0 or 1: send each PMI to a CPU pmi_core_sel does not name
 *   mask_lvtpc  write a CPU number: mask that CPU's LVTPC
 * Documentation/simulator.rst describes them.
 */
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/seq_file.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "internal.h"

#define SIM_INJECT_ARGS	8

/* A number (any base kstrtou64() takes) or, with @any, "any" */
static int sim_arg(const char *tok, u64 *val, bool any)
{
	if (any && !strcmp(tok, "any")) {
		*val = XU_SIM_SUB_ANY;
		return 0;
	}
	return kstrtou64(tok, 0, val);
}

/* "cbox_3" into "cbox" and 3; "wbox", "ubox" have index 0 */
static int sim_box_arg(const char *tok, char *type, size_t size,
		       unsigned int *idx)
{
	const char *us = strchr(tok, '_');

	*idx = 0;
	if (!us)
		return strscpy(type, tok, size) < 0 ? -EINVAL : 0;
	if (us - tok >= size || kstrtouint(us + 1, 10, idx))
		return -EINVAL;
	memcpy(type, tok, us - tok);
	type[us - tok] = '\0';
	return 0;
}

/*
 * The Xeon 7500 / E7 forms, @tok[0] the socket; every number but the
 * socket in any base kstrtou64() takes (0x... hex)
 */
static int sim_nhmex_inject(struct xu_sim *sim, char **tok, unsigned int n)
{
	u64 v[SIM_INJECT_ARGS] = { };
	unsigned int socket, idx, i;
	char type[16];

	if (kstrtouint(tok[0], 10, &socket))
		return -EINVAL;
	if (!strcmp(tok[1], "rpkt") && n == 7) {
		struct xu_sim_rpkt pkt;

		for (i = 2; i < n; i++)
			if (sim_arg(tok[i], &v[i], false))
				return -EINVAL;
		if (v[2] > U32_MAX || v[4] > U8_MAX || v[5] > U8_MAX)
			return -EINVAL;
		pkt = (struct xu_sim_rpkt) {
			.hdr = v[3], .hdr_hi = v[4], .flits = v[5],
		};
		return xu_sim_rbox_packet(sim, socket, v[2], &pkt, v[6]);
	}
	if (!strcmp(tok[1], "spkt") || !strcmp(tok[1], "bpkt") ||
	    !strcmp(tok[1], "maddr")) {
		bool s = tok[1][0] == 's', b = tok[1][0] == 'b';

		if (n != (s ? 5 : b ? 6 : 7))
			return -EINVAL;
		for (i = 2; i < n; i++)
			if (sim_arg(tok[i], &v[i], !s && !b && i == 4))
				return -EINVAL;
		if (v[2] > U32_MAX || v[3] > U32_MAX)
			return -EINVAL;
		if (s)
			return xu_sim_sbox_packet(sim, socket, v[2], v[3], v[4]);
		if (b)
			return xu_sim_bbox_packet(sim, socket, v[2], v[3], v[4], v[5]);
		return xu_sim_mbox_addr(sim, socket, v[2], v[3], v[4], v[5], v[6]);
	}
	if (n != 4 && n != 5)
		return -EINVAL;
	v[4] = XU_SIM_SUB_ANY;
	for (i = 2; i < n; i++)
		if (sim_arg(tok[i], &v[i], i == 4))
			return -EINVAL;
	if (v[2] > U32_MAX)
		return -EINVAL;
	/* the first form of the Xeon 7500 model */
	if (!strcmp(tok[1], "mbox0") || !strcmp(tok[1], "mbox1"))
		return xu_sim_nhmex_inject(sim, socket, "mbox", tok[1][4] - '0',
					   v[2], v[4], v[3]);
	if (sim_box_arg(tok[1], type, sizeof(type), &idx))
		return -EINVAL;
	return xu_sim_nhmex_inject(sim, socket, type, idx, v[2], v[4], v[3]);
}

static ssize_t sim_inject_write(struct file *file, const char __user *ubuf,
				size_t len, loff_t *ppos)
{
	struct xu_sim *sim = file->private_data;
	char buf[160], box[16], *tok[SIM_INJECT_ARGS], *p;
	const struct sim_e5_desc *d;
	unsigned int socket, event, n = 0;
	u64 cnt;
	int b, ret;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	if (!sim->e5m) {
		p = strim(buf);
		while (p && *p) {
			if (n == SIM_INJECT_ARGS)
				return -EINVAL;
			tok[n++] = strsep(&p, " \t\n");
			p = p ? skip_spaces(p) : NULL;
		}
		if (n < 4)
			return -EINVAL;
		ret = sim_nhmex_inject(sim, tok, n);
		return ret ? ret : len;
	}
	if (sscanf(buf, "%u %15s %i %llu", &socket, box, &event, &cnt) != 4)
		return -EINVAL;
	b = sim_e5_find(sim->e5m, box);
	if (b < 0)
		return -EINVAL;
	d = &sim->e5m->boxes[b];
	ret = xu_sim_e5_inject(sim, socket, sim_e5_type_name(d->type), d->idx,
			       event, cnt);
	return ret ? ret : len;
}

static const struct file_operations sim_inject_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= sim_inject_write,
	.llseek	= noop_llseek,
};

static ssize_t sim_msr_write(struct file *file, const char __user *ubuf,
			     size_t len, loff_t *ppos)
{
	struct xu_sim *sim = ((struct seq_file *)file->private_data)->private;
	unsigned int socket, reg;
	char buf[64];
	u64 val;
	int ret;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	if (sscanf(buf, "%u %x %llx", &socket, &reg, &val) != 3)
		return -EINVAL;
	ret = xu_sim_write(sim, socket, reg, val);
	return ret ? ret : len;
}

/* E5: every MSR that exists, of every box */
static void sim_e5_msr_show(struct seq_file *m, struct xu_sim *sim)
{
	static const u32 ranges[][2] = {
		{ E5_U_GLOBAL_CTL, E5_U_CTR0 + E5_U_NUM_COUNTERS - 1 },
		{ E5_PCU_BOX_CTL, E5_PCU_CTR0 + E5_PCU_NUM_COUNTERS - 1 },
		{ E5_C_BOX_CTL, IVBEP_C_FILTER1 + (IVBEP_C_MAX_BOXES - 1) * E5_C_BOX_STRIDE },
	};
	unsigned int s, i;
	u32 r;
	u64 val;

	for (s = 0; s < sim->sockets; s++)
		for (i = 0; i < ARRAY_SIZE(ranges); i++)
			for (r = ranges[i][0]; r <= ranges[i][1]; r++)
				if (!xu_sim_read(sim, s, r, &val))
					seq_printf(m, "%u %#x %#llx\n", s, r, val);
}

/*
 * Xeon 7500 / E7: every MSR the model has, in address order: the W-Box
 * fixed counter pair, then 0xc00-0xfff (as reads, so W-Box counters with
 * the erratum)
 */
static int sim_msr_show(struct seq_file *m, void *unused)
{
	static const u32 ranges[][2] = {
		{ NHMEX_W_FIXED_CTR, NHMEX_W_FIXED_CTL },
		{ NHMEX_U_GLOBAL_CTL, 0xfff },
	};
	struct xu_sim *sim = m->private;
	unsigned int s, i;
	u64 val;
	u32 r;

	if (sim->e5m) {
		sim_e5_msr_show(m, sim);
		return 0;
	}
	for (s = 0; s < sim->sockets; s++)
		for (i = 0; i < ARRAY_SIZE(ranges); i++)
			for (r = ranges[i][0]; r <= ranges[i][1]; r++)
				if (!xu_sim_read(sim, s, r, &val))
					seq_printf(m, "%u %#x %#llx\n", s, r, val);
	return 0;
}

static int sim_msr_open(struct inode *inode, struct file *file)
{
	return single_open(file, sim_msr_show, inode->i_private);
}

static const struct file_operations sim_msr_fops = {
	.owner		= THIS_MODULE,
	.open		= sim_msr_open,
	.read		= seq_read,
	.write		= sim_msr_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static ssize_t sim_pci_write(struct file *file, const char __user *ubuf,
			     size_t len, loff_t *ppos)
{
	struct xu_sim *sim = ((struct seq_file *)file->private_data)->private;
	unsigned int socket, dev, fn, off, val;
	char buf[64];
	int ret;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	if (sscanf(buf, "%u %u.%u %x %x", &socket, &dev, &fn, &off, &val) != 5 ||
	    dev > 31 || fn > 7 || (off & 3))
		return -EINVAL;
	ret = xu_sim_pci_write(sim, socket, PCI_DEVFN(dev, fn), off, val);
	return ret ? ret : len;
}

/* Every dword from 0x40 up to 0x100 (0x240 for a QPI filter) that is not 0 */
static int sim_pci_show(struct seq_file *m, void *unused)
{
	struct xu_sim *sim = m->private;
	unsigned int s, devfn, end;
	u32 off, val;

	for (s = 0; s < sim->sockets; s++) {
		for (devfn = 0; devfn < 256; devfn++) {
			if (xu_sim_pci_read(sim, s, devfn, PCI_VENDOR_ID, &val))
				continue;
			end = PCI_FUNC(devfn) == E5_QPI_FILTER_FN ? 0x240 : 0x100;
			for (off = PCI_STD_HEADER_SIZEOF; off < end; off += 4)
				if (!xu_sim_pci_read(sim, s, devfn, off, &val) && val)
					seq_printf(m, "%u %u.%u %#x %#x\n", s,
						   PCI_SLOT(devfn), PCI_FUNC(devfn),
						   off, val);
		}
	}
	return 0;
}

static int sim_pci_open(struct inode *inode, struct file *file)
{
	return single_open(file, sim_pci_show, inode->i_private);
}

static const struct file_operations sim_pci_fops = {
	.owner		= THIS_MODULE,
	.open		= sim_pci_open,
	.read		= seq_read,
	.write		= sim_pci_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static int sim_generator_get(void *data, u64 *val)
{
	*val = READ_ONCE(((struct xu_sim *)data)->generator);
	return 0;
}

static int sim_generator_set(void *data, u64 val)
{
	if (val > 1)
		return -EINVAL;
	xu_sim_set_generator(data, val);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_generator_fops, sim_generator_get,
			 sim_generator_set, "%llu\n");

static int sim_violations_get(void *data, u64 *val)
{
	*val = xu_sim_violations(data);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_violations_fops, sim_violations_get, NULL,
			 "%llu\n");

static int sim_pmis_get(void *data, u64 *val)
{
	*val = xu_sim_pmis(data);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_pmis_fops, sim_pmis_get, NULL, "%llu\n");

static int sim_accesses_show(struct seq_file *m, void *unused)
{
	u64 reads, writes;

	xu_sim_accesses(m->private, &reads, &writes);
	seq_printf(m, "reads %llu writes %llu\n", reads, writes);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sim_accesses);

/* "SOCKET VALUE" per line, of the u64 at offset @off in struct sim_socket */
static int sim_show_per_socket(struct seq_file *m, size_t off)
{
	struct xu_sim *sim = m->private;
	unsigned long flags;
	unsigned int i;
	u64 val;

	for (i = 0; i < sim->sockets; i++) {
		sim_lock(&sim->sock[i], &flags);
		val = *(u64 *)((char *)&sim->sock[i] + off);
		sim_unlock(&sim->sock[i], flags);
		seq_printf(m, "%u %llu\n", i, val);
	}
	return 0;
}

static int sim_frozen_ns_show(struct seq_file *m, void *unused)
{
	return sim_show_per_socket(m, offsetof(struct sim_socket, frozen_ns));
}
DEFINE_SHOW_ATTRIBUTE(sim_frozen_ns);

static int sim_lost_pmis_show(struct seq_file *m, void *unused)
{
	return sim_show_per_socket(m, offsetof(struct sim_socket, lost_pmis));
}
DEFINE_SHOW_ATTRIBUTE(sim_lost_pmis);

static int sim_misroute_get(void *data, u64 *val)
{
	*val = READ_ONCE(((struct xu_sim *)data)->misroute);
	return 0;
}

static int sim_misroute_set(void *data, u64 val)
{
	if (val > 1)
		return -EINVAL;
	WRITE_ONCE(((struct xu_sim *)data)->misroute, val);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_misroute_fops, sim_misroute_get,
			 sim_misroute_set, "%llu\n");

static int sim_mask_lvtpc_set(void *data, u64 val)
{
	if (val >= nr_cpu_ids)
		return -EINVAL;
	return sim_mask_lvtpc(val) ? -EINVAL : 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_mask_lvtpc_fops, NULL, sim_mask_lvtpc_set,
			 "%llu\n");

int xu_sim_debugfs_init(struct xu_sim *sim)
{
	struct dentry *dir = debugfs_create_dir("xeon_uncore_sim", NULL);

	if (IS_ERR(dir))
		return PTR_ERR(dir);
	sim->debugfs = dir;
	debugfs_create_file("inject", 0200, dir, sim, &sim_inject_fops);
	debugfs_create_file("msr", 0600, dir, sim, &sim_msr_fops);
	if (sim->e5m)
		debugfs_create_file("pci", 0600, dir, sim, &sim_pci_fops);
	debugfs_create_file_unsafe("generator", 0600, dir, sim,
				   &sim_generator_fops);
	debugfs_create_file_unsafe("violations", 0400, dir, sim,
				   &sim_violations_fops);
	debugfs_create_file("accesses", 0400, dir, sim, &sim_accesses_fops);
	debugfs_create_file_unsafe("pmis", 0400, dir, sim, &sim_pmis_fops);
	debugfs_create_file("frozen_ns", 0400, dir, sim, &sim_frozen_ns_fops);
	debugfs_create_file("lost_pmis", 0400, dir, sim, &sim_lost_pmis_fops);
	debugfs_create_file_unsafe("misroute", 0600, dir, sim,
				   &sim_misroute_fops);
	debugfs_create_file_unsafe("mask_lvtpc", 0200, dir, sim,
				   &sim_mask_lvtpc_fops);
	return 0;
}
