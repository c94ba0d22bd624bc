// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated uncore, debugfs: <debugfs>/xeon_uncore_sim/
 *   inject      write "SOCKET BOX EVENT COUNT", BOX a PMU name without
 *               uncore_, and the model's other forms
 *               (sim_model_ops.inject_cmd)
 *   msr         write "SOCKET MSR VALUE"; read: every register, per socket
 *   pci         models with PCI boxes: write "SOCKET DEV.FN OFF VALUE";
 *               read: every register of every function, per socket
 *   generator   0 or 1
 *   traffic     the traffic scenario (traffic.c): write lines of
 *               key=value words; read: every value, in the same form
 *   violations  writes that set reserved bits, and the driver's MSR
 *               accesses from a CPU of another package
 *   accesses    "reads N writes N" by the driver and these files so far
 *   pmis        PMIs raised so far
 *   frozen_ns   per socket: time the package spent frozen by PMIs
 *   frozen_seen_ns  per socket: the part of it from the first read of the
 *               global status after each freeze (the PMI handler's) to the
 *               unfreeze
 *   frozen_accesses  per socket: "SOCKET reads N writes N", the register
 *               accesses made while a PMI kept the package frozen
 *   gaps        per socket: "SOCKET gaps N ns N accesses N", a counter's
 *               stops followed by a start (by its control or its box's
 *               freeze; every Xeon E5 box, the Xeon 7500's U- and
 *               M-Boxes), their time and register accesses, both ends
 *               included (sim_ctr_track()); write 0: start anew
 *   lost_pmis   per socket: PMIs a CPU lost to its masked LVTPC
 *   misroute    0 or 1: send each PMI to a CPU pmi_core_sel does not name
 *   wide_bits   0 or 1: counter reads return bits above the counter's width
 *   mask_lvtpc  write a CPU number: mask that CPU's LVTPC
 * Documentation/simulator.rst describes them.
 */
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "internal.h"

static ssize_t sim_inject_write(struct file *file, const char __user *ubuf,
				size_t len, loff_t *ppos)
{
	struct xu_sim *sim = file->private_data;
	char buf[160];
	int ret;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	ret = sim->model->ops->inject_cmd(sim, buf);
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

/* Every MSR the model has, in the order of its ranges */
static int sim_msr_show(struct seq_file *m, void *unused)
{
	struct xu_sim *sim = m->private;
	const struct sim_msr_range *range;
	unsigned int s, i;
	u64 val;
	u32 r;

	for (s = 0; s < sim->sockets; s++) {
		for (i = 0; i < sim->model->nr_msrs; i++) {
			range = &sim->model->msrs[i];
			for (r = range->first; r <= range->last; r++)
				if (!xu_sim_read(sim, s, r, &val))
					seq_printf(m, "%u %#x %#llx\n", s, r, val);
		}
	}
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

/* Every dword of every function from 0x40 up to its end that is not 0 */
static int sim_pci_show(struct seq_file *m, void *unused)
{
	struct xu_sim *sim = m->private;
	unsigned int s, devfn, end;
	u32 off, val;

	for (s = 0; s < sim->sockets; s++) {
		for (devfn = 0; devfn < 256; devfn++) {
			if (xu_sim_pci_read(sim, s, devfn, PCI_VENDOR_ID, &val))
				continue;
			end = sim->model->ops->config_end(devfn);
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

static ssize_t sim_traffic_write(struct file *file, const char __user *ubuf,
				 size_t len, loff_t *ppos)
{
	struct xu_sim *sim = ((struct seq_file *)file->private_data)->private;
	char *buf;
	int ret;

	if (len > PAGE_SIZE)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = xu_sim_set_traffic(sim, buf);
	kfree(buf);
	return ret ? ret : len;
}

static int sim_traffic_file_show(struct seq_file *m, void *unused)
{
	sim_traffic_show(m, m->private);
	return 0;
}

static int sim_traffic_open(struct inode *inode, struct file *file)
{
	return single_open(file, sim_traffic_file_show, inode->i_private);
}

static const struct file_operations sim_traffic_fops = {
	.owner		= THIS_MODULE,
	.open		= sim_traffic_open,
	.read		= seq_read,
	.write		= sim_traffic_write,
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

static int sim_frozen_seen_ns_show(struct seq_file *m, void *unused)
{
	return sim_show_per_socket(m, offsetof(struct sim_socket, handled_ns));
}
DEFINE_SHOW_ATTRIBUTE(sim_frozen_seen_ns);

static int sim_frozen_accesses_show(struct seq_file *m, void *unused)
{
	struct xu_sim *sim = m->private;
	u64 reads, writes, ns;
	unsigned int i;

	for (i = 0; i < sim->sockets; i++) {
		xu_sim_frozen(sim, i, &reads, &writes, &ns);
		seq_printf(m, "%u reads %llu writes %llu\n", i, reads, writes);
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sim_frozen_accesses);

static int sim_gaps_show(struct seq_file *m, void *unused)
{
	struct xu_sim *sim = m->private;
	u64 gaps, ns, acc;
	unsigned int i;

	for (i = 0; i < sim->sockets; i++) {
		xu_sim_gaps(sim, i, &gaps, &ns, &acc);
		seq_printf(m, "%u gaps %llu ns %llu accesses %llu\n", i, gaps, ns,
			   acc);
	}
	return 0;
}

static int sim_gaps_open(struct inode *inode, struct file *file)
{
	return single_open(file, sim_gaps_show, inode->i_private);
}

/* "0": every socket's gaps start anew (xu_sim_gaps_reset()) */
static ssize_t sim_gaps_write(struct file *file, const char __user *ubuf,
			      size_t len, loff_t *ppos)
{
	struct xu_sim *sim = ((struct seq_file *)file->private_data)->private;
	int ret, zero;

	ret = kstrtoint_from_user(ubuf, len, 0, &zero);
	if (ret)
		return ret;
	if (zero)
		return -EINVAL;
	xu_sim_gaps_reset(sim);
	return len;
}

static const struct file_operations sim_gaps_fops = {
	.owner		= THIS_MODULE,
	.open		= sim_gaps_open,
	.read		= seq_read,
	.write		= sim_gaps_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

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

static int sim_wide_bits_get(void *data, u64 *val)
{
	*val = READ_ONCE(((struct xu_sim *)data)->wide_bits);
	return 0;
}

static int sim_wide_bits_set(void *data, u64 val)
{
	if (val > 1)
		return -EINVAL;
	xu_sim_set_wide_bits(data, val);
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(sim_wide_bits_fops, sim_wide_bits_get,
			 sim_wide_bits_set, "%llu\n");

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
	if (sim->model->ops->config)
		debugfs_create_file("pci", 0600, dir, sim, &sim_pci_fops);
	debugfs_create_file_unsafe("generator", 0600, dir, sim,
				   &sim_generator_fops);
	if (sim->model->keys)
		debugfs_create_file("traffic", 0600, dir, sim, &sim_traffic_fops);
	debugfs_create_file_unsafe("violations", 0400, dir, sim,
				   &sim_violations_fops);
	debugfs_create_file("accesses", 0400, dir, sim, &sim_accesses_fops);
	debugfs_create_file_unsafe("pmis", 0400, dir, sim, &sim_pmis_fops);
	debugfs_create_file("frozen_ns", 0400, dir, sim, &sim_frozen_ns_fops);
	debugfs_create_file("frozen_seen_ns", 0400, dir, sim,
			    &sim_frozen_seen_ns_fops);
	debugfs_create_file("frozen_accesses", 0400, dir, sim,
			    &sim_frozen_accesses_fops);
	debugfs_create_file("gaps", 0600, dir, sim, &sim_gaps_fops);
	debugfs_create_file("lost_pmis", 0400, dir, sim, &sim_lost_pmis_fops);
	debugfs_create_file_unsafe("misroute", 0600, dir, sim,
				   &sim_misroute_fops);
	debugfs_create_file_unsafe("mask_lvtpc", 0200, dir, sim,
				   &sim_mask_lvtpc_fops);
	debugfs_create_file_unsafe("wide_bits", 0600, dir, sim,
				   &sim_wide_bits_fops);
	return 0;
}
