// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated uncore, the simulator: the table of the models it simulates,
 * its life (create, quiesce, destroy) and the API the KUnit suites, the
 * benchmarks and the module use, whatever the model.  A model is one
 * struct sim_model (internal.h), whose ops the generic files call.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "internal.h"

/*
 * The simulated uncores, by family: each family's file lists its models
 * (model= is the model's name), so a model of a family touches no line
 * here
 */
static const struct sim_model *const *const sim_families[] = {
	sim_nhmex_models,
	sim_e5_models,
};

/* The @n-th model of every family, NULL past the last */
static const struct sim_model *sim_model_nth(unsigned int n)
{
	const struct sim_model *const *m;
	unsigned int f;

	for (f = 0; f < ARRAY_SIZE(sim_families); f++)
		for (m = sim_families[f]; *m; m++)
			if (!n--)
				return *m;
	return NULL;
}

/* The model called @name, NULL if none */
const struct sim_model *sim_model_find(const char *name)
{
	const struct sim_model *m;
	unsigned int i;

	for (i = 0; (m = sim_model_nth(i)); i++)
		if (!strcmp(m->name, name))
			return m;
	return NULL;
}

/**
 * sim_model_names() - the models' names, for a message
 * @buf:  out: the names of sim/core.c's table of models, "nhmex, wsmex,
 *        ... or bdxde"
 * @size: its size
 */
void sim_model_names(char *buf, size_t size)
{
	unsigned int i, n = 0;
	size_t len = 0;

	while (sim_model_nth(n))
		n++;
	buf[0] = '\0';
	for (i = 0; i < n; i++)
		len += scnprintf(buf + len, size - len, "%s%s",
				 !i ? "" : i == n - 1 ? " or " : ", ",
				 sim_model_nth(i)->name);
}

/**
 * xu_sim_read() - rdmsr on a simulated socket
 * @sim:    the simulated uncore
 * @socket: socket (package) number
 * @reg:    MSR address
 * @val:    out: the value
 *
 * Return: 0, or -EIO for an MSR the uncore does not have (a #GP on
 * hardware), -ENODEV for a socket that does not exist.
 */
int xu_sim_read(struct xu_sim *sim, unsigned int socket, u32 reg, u64 *val)
{
	return sim_access(sim, socket, -1, reg, 8, val, false);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_read, XU_SIM_NS);

/**
 * xu_sim_write() - wrmsr on a simulated socket
 * @sim:    the simulated uncore
 * @socket: socket (package) number
 * @reg:    MSR address
 * @val:    the value; reserved bits set in it are counted as violations
 *
 * Return: 0, -EIO or -ENODEV as for xu_sim_read().
 */
int xu_sim_write(struct xu_sim *sim, unsigned int socket, u32 reg, u64 val)
{
	return sim_access(sim, socket, -1, reg, 8, &val, true);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_write, XU_SIM_NS);

/**
 * xu_sim_peek() - a register's value as the simulator holds it
 * @sim:    the simulated uncore
 * @socket: socket number
 * @reg:    MSR address
 * @val:    out: the value
 *
 * As xu_sim_read(), but neither counted nor logged, and a W-Box counter
 * reads its true value, without the erratum's 0x1000000.
 *
 * Return: 0, -EIO or -ENODEV as for xu_sim_read(); -EIO for every
 * register of a model that cannot peek (the Xeon E5).
 */
int xu_sim_peek(struct xu_sim *sim, unsigned int socket, u32 reg, u64 *val)
{
	struct sim_socket *s;
	unsigned long flags;
	int ret;

	if (socket >= sim->sockets)
		return -ENODEV;
	if (!sim->model->ops->peek)
		return -EIO;
	s = &sim->sock[socket];
	if (!sim_lock(s, &flags))
		return -EBUSY;
	sim_advance(s);
	ret = sim->model->ops->peek(s, reg, val);
	sim_unlock(s, flags);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_peek, XU_SIM_NS);

/**
 * xu_sim_inject() - make @n events of one source happen now
 * @sim:    the simulated uncore
 * @socket: socket number
 * @box:    the box type, its PMU name without "uncore_" and without the
 *          index: Xeon 7500 / E7 "ubox", "cbox", "bbox", "sbox", "mbox",
 *          "rbox" or "wbox"; Xeon E5 "ubox", "cbox", "pcu", "ha", "imc",
 *          "qpi", "r2pcie", "r3qpi" or "irp"
 * @idx:    the box's index within its type (0 for a single box)
 * @event:  the event code: Xeon 7500 / E7 ev_sel (U, C, S, W; W 0xff is
 *          the uncore clock: the fixed counter and every W counter with
 *          ev_sel 0xff), counter * 32 + ev_sel (B), inc_sel (M), the
 *          counter's ev_sel (R: port ev / 6 of the half, slot ev % 6);
 *          Xeon E5 perf's event field (ev_sel, plus 0x100 with
 *          ev_sel_ext; 0xff is the fixed counter of the U-Box or an iMC)
 * @sub:    Xeon 7500 / E7: the events' sub-selector, the value the M-Box
 *          sub-register field of @event, the R-Box IPERF register or the
 *          QLX byte must hold for a counter to count them;
 *          XU_SIM_SUB_ANY: whatever they hold (an IPERF register must not
 *          be 0).  Ignored by the other boxes and models.
 * @n:      how many events
 *
 * Every counter of the box that counts now and selects @event sees them,
 * all at the same instant, with the wraps, overflows, status bits, freeze
 * and PMI they cause.  Xeon 7500 / E7: an M-Box event the address filter
 * qualifies (inc_sel 0xa, 0xb) does not count while the filter is on:
 * xu_sim_mbox_addr() gives it an address.
 *
 * Return: 0, or -EINVAL for a socket, box or event that does not exist
 * (Xeon 7500 / E7: or an event only packets make, xu_sim_rbox_packet(),
 * xu_sim_sbox_packet(), xu_sim_bbox_packet()).
 */
int xu_sim_inject(struct xu_sim *sim, unsigned int socket, const char *box,
		  unsigned int idx, unsigned int event, u64 sub, u64 n)
{
	return sim_inject(sim, socket, box, idx, event, sub, n);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_inject, XU_SIM_NS);

/**
 * xu_sim_rate() - the background generator's rate of one event
 * @sim:    the simulated uncore
 * @socket: socket number
 * @box:    the box type, as for xu_sim_inject()
 * @idx:    the box's index within its type
 * @event:  the event code, as for xu_sim_inject()
 *
 * Documentation/simulator.rst has the formulas.  Xeon 7500 / E7: a
 * counter counts them if it selects the event and, for an R-Box IPERF
 * slot, its IPERF register is not 0.
 *
 * Return: events per second; 0 for a box or event that does not exist
 * and, on the Xeon 7500 / E7, for an event only injected packets make.
 */
u64 xu_sim_rate(struct xu_sim *sim, unsigned int socket, const char *box,
		unsigned int idx, unsigned int event)
{
	return sim->model->ops->rate(socket, box, idx, event);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_rate, XU_SIM_NS);

/**
 * xu_sim_power_on() - every register of every socket back to its reset
 * value, as the firmware leaves the uncore after a system sleep
 * @sim: the simulated uncore
 */
void xu_sim_power_on(struct xu_sim *sim)
{
	unsigned long flags;
	unsigned int i;

	for (i = 0; i < sim->sockets; i++) {
		struct sim_socket *s = &sim->sock[i];

		sim_lock(s, &flags);
		sim_advance(s);
		sim->model->ops->reset(s);
		s->pmi_in_flight = false;
		s->freeze_pending = false;
		sim_unlock(s, flags);
	}
}
EXPORT_SYMBOL_NS_GPL(xu_sim_power_on, XU_SIM_NS);

/**
 * xu_sim_set_wrong_guesses() - make every guess of the documentation wrong
 * @sim: the simulated uncore
 * @on:  true: each register behaviour that the driver infers rather than
 *       reads in a specification behaves otherwise (the model's list is in
 *       Documentation/simulator.rst, "Wrong guesses"); false: as the
 *       documentation guesses
 *
 * Every socket is brought up to now first, so that the change applies from
 * now on.
 */
void xu_sim_set_wrong_guesses(struct xu_sim *sim, bool on)
{
	unsigned long flags;
	unsigned int i;

	for (i = 0; i < sim->sockets; i++) {
		struct sim_socket *s = &sim->sock[i];

		sim_lock(s, &flags);
		sim_advance(s);
		WRITE_ONCE(sim->wrong_guesses, on);
		sim_unlock(s, flags);
	}
}
EXPORT_SYMBOL_NS_GPL(xu_sim_set_wrong_guesses, XU_SIM_NS);

/**
 * xu_sim_set_wide_bits() - counter reads with bits above the width, or not
 * @sim: the simulated uncore
 * @on:  true: a read of a counter returns bits 63:width set as sim_wide()
 *       says (Documentation/simulator.rst, "Wide bits"); false: 0 there,
 *       unless wrong guesses are on
 */
void xu_sim_set_wide_bits(struct xu_sim *sim, bool on)
{
	WRITE_ONCE(sim->wide_bits, on);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_set_wide_bits, XU_SIM_NS);

/**
 * xu_sim_move_global_status() - report global status bits elsewhere
 * @sim:  the simulated uncore
 * @from: Xeon 7500 / E7: U_MSR_PMON_GLOBAL_STATUS bits (ov_u, ov_w,
 *        ov_s1, ov_s0) that are set in @to instead, as on a part whose
 *        layout is not the guide's; 0: the guide's layout
 * @to:   where; writing @to to U_MSR_PMON_GLOBAL_OVF_CTL clears what
 *        writing @from would
 *
 * For KUnit.  The other models ignore it.
 */
void xu_sim_move_global_status(struct xu_sim *sim, u64 from, u64 to)
{
	unsigned long flags;
	unsigned int i;

	for (i = 0; i < sim->sockets; i++) {
		struct sim_socket *s = &sim->sock[i];

		sim_lock(s, &flags);
		WRITE_ONCE(sim->gsts_from, from);
		WRITE_ONCE(sim->gsts_to, to);
		sim_unlock(s, flags);
	}
}
EXPORT_SYMBOL_NS_GPL(xu_sim_move_global_status, XU_SIM_NS);

/**
 * xu_sim_stick_global_status() - global status bits no write clears
 * @sim:  the simulated uncore
 * @bits: U_MSR_PMON_GLOBAL_STATUS bits that read set whatever is
 *        written to clear them (Xeon 7500 / E7: U_MSR_PMON_GLOBAL_OVF_CTL;
 *        IVB-EP: the status itself), and raise no PMI and freeze nothing,
 *        as a status bit that reports no overflow would (the Xeon 7500
 *        guide's status "indicates if a disable was received from one of
 *        the boxes"); 0: none
 *
 * For KUnit.  The models without a global status (SNB-EP, Haswell-EP,
 * Broadwell-EP) ignore it.
 */
void xu_sim_stick_global_status(struct xu_sim *sim, u64 bits)
{
	WRITE_ONCE(sim->gsts_stuck, bits);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_stick_global_status, XU_SIM_NS);

/**
 * xu_sim_set_msr_cpu_check() - check the CPU of the driver's MSR accesses
 * @sim: the simulated uncore
 * @on:  true (the default of xu_sim_create()): an MSR access through
 *       xu_sim_io from a CPU of another package than the box's is a
 *       violation and reaches the calling CPU's package, as on silicon
 *       (sim_msr_access()); false: it reaches the box's package
 *
 * The suites that drive a private uncore's box operations for every
 * package from the test's own CPU turn it off.
 */
void xu_sim_set_msr_cpu_check(struct xu_sim *sim, bool on)
{
	WRITE_ONCE(sim->msr_cpu_check, on);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_set_msr_cpu_check, XU_SIM_NS);

/**
 * xu_sim_stale() - leave the registers as a previous owner might have
 * @sim: the simulated uncore
 *
 * Counters enabled with their overflow interrupt and near the wrap,
 * overflow status set at every level, the package frozen and its PMI
 * routed, as a driver that crashed or a firmware that used the counters
 * would leave them.  No PMI is raised.  For a test of the driver's
 * initialisation, before it attaches.
 */
void xu_sim_stale(struct xu_sim *sim)
{
	unsigned long flags;
	unsigned int i;

	if (!sim->model->ops->stale)
		return;
	for (i = 0; i < sim->sockets; i++) {
		struct sim_socket *s = &sim->sock[i];

		sim_lock(s, &flags);
		sim_advance(s);
		sim->model->ops->stale(s);
		sim_unlock(s, flags);
	}
}
EXPORT_SYMBOL_NS_GPL(xu_sim_stale, XU_SIM_NS);

/* Bring every socket up to now, then apply a change of time base */
static void sim_sync(struct xu_sim *sim, bool manual, bool generator)
{
	unsigned long flags;
	unsigned int i;

	for (i = 0; i < sim->sockets; i++) {
		struct sim_socket *s = &sim->sock[i];

		sim_lock(s, &flags);
		sim_advance(s);
		WRITE_ONCE(sim->manual, manual);
		WRITE_ONCE(sim->generator, generator);
		s->last_ns = sim_now(sim);
		sim_unlock(s, flags);
	}
}

/**
 * xu_sim_set_generator() - start or stop the background event generator
 * @sim: the simulated uncore
 * @on:  true to generate events at the documented rates
 */
void xu_sim_set_generator(struct xu_sim *sim, bool on)
{
	sim_sync(sim, READ_ONCE(sim->manual), on);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_set_generator, XU_SIM_NS);

/**
 * xu_sim_set_manual_clock() - run the generator on a test's clock
 * @sim:    the simulated uncore
 * @manual: true: time only moves by xu_sim_advance(); false: real time
 */
void xu_sim_set_manual_clock(struct xu_sim *sim, bool manual)
{
	sim_sync(sim, manual, READ_ONCE(sim->generator));
}
EXPORT_SYMBOL_NS_GPL(xu_sim_set_manual_clock, XU_SIM_NS);

/**
 * xu_sim_advance() - move the manual clock forward
 * @sim: the simulated uncore
 * @ns:  nanoseconds
 */
void xu_sim_advance(struct xu_sim *sim, u64 ns)
{
	WRITE_ONCE(sim->manual_ns, READ_ONCE(sim->manual_ns) + ns);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_advance, XU_SIM_NS);

/**
 * xu_sim_violations() - writes so far that set a must-be-zero bit
 * @sim: the simulated uncore
 *
 * Also counted: the MSR accesses through xu_sim_io made on a CPU of
 * another package than the box's (sim_msr_access()).
 *
 * Return: the number of such writes and accesses.
 */
u64 xu_sim_violations(struct xu_sim *sim)
{
	return atomic64_read(&sim->violations);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_violations, XU_SIM_NS);

/**
 * xu_sim_accesses() - register accesses so far, over all sockets
 * @sim:    the simulated uncore
 * @reads:  out: reads
 * @writes: out: writes
 */
void xu_sim_accesses(struct xu_sim *sim, u64 *reads, u64 *writes)
{
	unsigned long flags;
	unsigned int i;

	*reads = 0;
	*writes = 0;
	for (i = 0; i < sim->sockets; i++) {
		sim_lock(&sim->sock[i], &flags);
		*reads += sim->sock[i].reads +
			  atomic64_read(&sim->sock[i].nmi_reads);
		*writes += sim->sock[i].writes;
		sim_unlock(&sim->sock[i], flags);
	}
}
EXPORT_SYMBOL_NS_GPL(xu_sim_accesses, XU_SIM_NS);

/**
 * xu_sim_log_start() - record the register accesses from now on
 * @sim: the simulated uncore
 *
 * Empties the log, then keeps the first XU_SIM_LOG_LEN successful
 * accesses, in the order they took their socket's lock.
 */
void xu_sim_log_start(struct xu_sim *sim)
{
	atomic_set(&sim->log_n, 0);
	/* an access that sees logging on sees the emptied log */
	smp_store_release(&sim->logging, true);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_log_start, XU_SIM_NS);

/**
 * xu_sim_log_stop() - stop recording and hand out what was recorded
 * @sim: the simulated uncore
 * @log: out: XU_SIM_LOG_LEN entries, the first of them filled
 *
 * Return: the accesses since xu_sim_log_start(); more than
 * XU_SIM_LOG_LEN if the log overflowed.
 */
unsigned int xu_sim_log_stop(struct xu_sim *sim, struct xu_sim_access *log)
{
	unsigned long flags;
	unsigned int i, n;

	WRITE_ONCE(sim->logging, false);
	/* an access that saw logging on has finished once its lock is free */
	for (i = 0; i < sim->sockets; i++) {
		sim_lock(&sim->sock[i], &flags);
		sim_unlock(&sim->sock[i], flags);
	}
	n = atomic_read(&sim->log_n);
	memcpy(log, sim->log, min_t(unsigned int, n, XU_SIM_LOG_LEN) * sizeof(*log));
	return n;
}
EXPORT_SYMBOL_NS_GPL(xu_sim_log_stop, XU_SIM_NS);

static void sim_free(struct xu_sim *sim)
{
	unsigned int i;

	sim_pci_destroy(sim);
	for (i = 0; i < sim->sockets; i++)
		kfree(sim->sock[i].regs);
	sim_pmi_exit(sim);
	kfree(sim);
}

/**
 * sim_absent() - parse the list of PCI boxes the firmware hid
 * @sim:    the simulator, its model set
 * @absent: NULL, or comma-separated PMU names without "uncore_"
 *
 * Return: 0, or -EINVAL (logged) for a name that is no PCI box of the
 * model.
 */
static int sim_absent(struct xu_sim *sim, const char *absent)
{
	const struct sim_model_ops *ops = sim->model->ops;
	char *list, *p, *name;
	int b, ret = 0;

	if (!absent || !*absent)
		return 0;
	list = kstrdup(absent, GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	p = list;
	while ((name = strsep(&p, ","))) {
		if (!*name)
			continue;
		b = ops->pci_box ? ops->pci_box(sim, name) : -1;
		if (b < 0) {
			pr_err("absent=%s: %s is no PCI box of the %s uncore\n",
			       absent, name, sim->model->name);
			ret = -EINVAL;
			break;
		}
		sim->absent |= BIT_ULL(b);
	}
	kfree(list);
	return ret;
}

/**
 * xu_sim_create_absent() - a simulated uncore in its reset state, some of
 * whose PCI boxes the firmware hid
 * @model:   a model of sim/core.c's table: "nhmex" (Xeon 7500), "wsmex"
 *           (Xeon E7), or an E5 generation's ("snbep", "ivbep", "hswep",
 *           "bdx", "bdxde"; Documentation/simulator.rst)
 * @sockets: number of sockets; at most the model's
 *           struct sim_model.max_sockets (8 for the E5 models)
 * @absent:  NULL, or a comma-separated list of PCI boxes (their PMU names
 *           without "uncore_", such as "imc_5,qpi_2") whose functions are
 *           left out of the simulated PCI buses
 *
 * The generator runs, on the real clock; PMIs are raised but not
 * delivered (xu_sim_set_deliver_pmi()); the CPU of every MSR access
 * through xu_sim_io is checked (xu_sim_set_msr_cpu_check()).  The models
 * with PCI boxes (the E5 ones) create their PCI domain
 * (Documentation/simulator.rst), which the PCI core scans before this
 * returns.  Sleeps.
 *
 * Return: the simulator, or an ERR_PTR(): -EINVAL for an unknown model
 * or an unknown name in @absent (with one line in the log).
 */
struct xu_sim *xu_sim_create_absent(const char *model, unsigned int sockets,
				    const char *absent)
{
	const struct sim_model *m = sim_model_find(model);
	struct xu_sim *sim;
	unsigned int i;
	int ret;

	if (!m)
		return ERR_PTR(-EINVAL);
	if (m->max_sockets && (!sockets || sockets > m->max_sockets)) {
		pr_err("%s: %u sockets: 1 to %u only\n", model, sockets,
		       m->max_sockets);
		return ERR_PTR(-EINVAL);
	}
	sim = kzalloc(struct_size(sim, sock, sockets), GFP_KERNEL);
	if (!sim)
		return ERR_PTR(-ENOMEM);
	if (sim_pmi_init(sim)) {
		kfree(sim);
		return ERR_PTR(-ENOMEM);
	}
	sim->sockets = sockets;
	sim->model = m;
	sim->domain = -1;
	sim->generator = true;
	sim->msr_cpu_check = true;
	atomic64_set(&sim->violations, 0);
	atomic64_set(&sim->pmis, 0);
	for (i = 0; i < sockets; i++) {
		sim_socket_init(sim, i);
		sim_pmi_init_socket(&sim->sock[i]);
	}
	ret = sim_absent(sim, absent);
	if (ret)
		goto fail;
	for (i = 0; i < sockets; i++) {
		sim->sock[i].regs = kzalloc(m->socket_size, GFP_KERNEL);
		ret = -ENOMEM;
		if (!sim->sock[i].regs)
			goto fail;
	}
	ret = m->ops->init ? m->ops->init(sim) : 0;
	if (ret)
		goto fail;
	for (i = 0; i < sockets; i++)
		sim->sock[i].nmi_gsts = m->ops->gsts &&
			m->ops->gsts(&sim->sock[i], &sim->sock[i].gsts_pub);
	sim_traffic_init(sim);
	if (m->ops->config) {
		ret = sim_pci_create(sim);
		if (ret)
			goto fail;
	}
	return sim;
fail:
	sim_free(sim);
	return ERR_PTR(ret);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_create_absent, XU_SIM_NS);

/**
 * xu_sim_create() - a simulated uncore in its reset state
 * @model:   as for xu_sim_create_absent()
 * @sockets: number of sockets
 *
 * As xu_sim_create_absent() with every PCI box present.
 *
 * Return: the simulator, or an ERR_PTR().
 */
struct xu_sim *xu_sim_create(const char *model, unsigned int sockets)
{
	return xu_sim_create_absent(model, sockets, NULL);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_create, XU_SIM_NS);

/**
 * xu_sim_quiesce() - let no PMI or timer of the simulator run any more
 * @sim: the simulated uncore
 *
 * For the end of its life: stops PMI delivery, waits for PMIs and tick
 * timers under way.
 */
void xu_sim_quiesce(struct xu_sim *sim)
{
	unsigned int i;

	sim_pmi_quiesce(sim);
	for (i = 0; i < sim->sockets; i++) {
		hrtimer_cancel(&sim->sock[i].tick);
		irq_work_sync(&sim->sock[i].tick_work);
		hrtimer_cancel(&sim->sock[i].tick);
	}
}
EXPORT_SYMBOL_NS_GPL(xu_sim_quiesce, XU_SIM_NS);

/**
 * xu_sim_destroy() - quiesce and free a simulated uncore
 * @sim: the simulator, NULL or an ERR_PTR() (then nothing happens)
 *
 * Removes its debugfs directory, if it has one, and its PCI buses: whoever
 * holds a reference to one of their devices must have dropped it.
 */
void xu_sim_destroy(struct xu_sim *sim)
{
	if (IS_ERR_OR_NULL(sim))
		return;
	xu_sim_quiesce(sim);
	debugfs_remove_recursive(sim->debugfs);
	sim_free(sim);
}
EXPORT_SYMBOL_NS_GPL(xu_sim_destroy, XU_SIM_NS);
