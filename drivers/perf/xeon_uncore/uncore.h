/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore: core data structures shared by the perf glue, the box type
 * descriptions, the register accessors and the simulated uncore.
 */
#ifndef _XEON_UNCORE_H
#define _XEON_UNCORE_H

#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/perf_event.h>
#include <linux/types.h>
#include <linux/version.h>

#define XU_MAX_COUNTERS		8

/*
 * Symbol namespaces.  XEON_UNCORE is the interface the simulator module
 * (xeon_uncore_sim.ko) attaches through; XEON_UNCORE_INTERNAL holds the
 * internals that only the KUnit suites and the benchmark use.  Linux 6.13
 * made the namespace argument a string literal; older kernels stringify a
 * bare word.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define XU_NS			"XEON_UNCORE"
#define XU_NS_INTERNAL		"XEON_UNCORE_INTERNAL"
#else
#define XU_NS			XEON_UNCORE
#define XU_NS_INTERNAL		XEON_UNCORE_INTERNAL
#endif
#define XU_EXPORT(sym)		EXPORT_SYMBOL_NS_GPL(sym, XU_NS)
#define XU_EXPORT_INTERNAL(sym)	EXPORT_SYMBOL_NS_GPL(sym, XU_NS_INTERNAL)

struct xu_box;
struct xu_pmu;
struct xu_uncore;

/**
 * struct xu_io_ops - register access, real or simulated
 *
 * Every register access of the driver goes through these two calls.  A
 * failed access (a faulting MSR, an unreachable PCI device) returns a
 * negative errno and never oopses.
 */
struct xu_io_ops {
	/** @name: shown in the log when the PMUs are registered */
	const char *name;
	/**
	 * @owner: the module that provides these accessors; the PMUs hold
	 * a reference to it while perf events exist
	 */
	struct module *owner;
	/** @read: read register @reg of @box's package into @val */
	int (*read)(struct xu_box *box, u32 reg, u64 *val);
	/** @write: write @val to register @reg of @box's package */
	int (*write)(struct xu_box *box, u32 reg, u64 val);
	/**
	 * @quiesce: on unload, after the boxes are disabled: wait for any
	 * overflow interrupt under way (may be NULL)
	 */
	void (*quiesce)(void *io_priv);
};

/**
 * struct xu_format_attr - one user-visible field of perf_event_attr
 * @attr: the sysfs file in format/
 * @cfg:  which config word holds the field: 0 config, 1 config1, 2 config2
 * @mask: the field's bits in that word; printed by sysfs and used to
 *        validate and encode, so the two cannot disagree
 * @max:  largest valid value of the field, 0 if every value fits
 */
struct xu_format_attr {
	struct device_attribute attr;
	u8 cfg;
	u64 mask;
	u64 max;
};

ssize_t xu_format_show(struct device *dev, struct device_attribute *attr,
		       char *buf);

#define XU_FORMAT(_name, _cfg, _mask, _max)				\
	(&((struct xu_format_attr[]) {{					\
		.attr = __ATTR(_name, 0444, xu_format_show, NULL),	\
		.cfg = _cfg,						\
		.mask = _mask,						\
		.max = _max,						\
	}})[0].attr.attr)

#define XU_EVENT(_name, _str)						\
	(&((struct perf_pmu_events_attr[]) {{				\
		.attr = __ATTR(_name, 0444, perf_event_sysfs_show, NULL), \
		.event_str = _str,					\
	}})[0].attr.attr)

/**
 * struct xu_box_ops - what differs between box types
 *
 * The core calls these with the box's package chosen and interrupts off.
 */
struct xu_box_ops {
	/** @init_box: bring a box to a known, frozen state (may be NULL) */
	int (*init_box)(struct xu_box *box);
	/** @exit_box: leave the box disabled (may be NULL) */
	void (*exit_box)(struct xu_box *box);
	/** @freeze: stop every counter of the box */
	void (*freeze)(struct xu_box *box);
	/** @unfreeze: let the enabled counters of the box count again */
	void (*unfreeze)(struct xu_box *box);
	/**
	 * @validate: reject values the format fields can hold but the
	 * hardware does not define; returns 0 or a negative errno
	 */
	int (*validate)(struct perf_event *event);
	/**
	 * @delta: turn two raw counter values into the events counted
	 * between them, @wrapped if the counter turned over in between (see
	 * __xu_event_update()); NULL means an up-counter of type->width bits
	 */
	s64 (*delta)(struct perf_event *event, u64 prev, u64 now, bool wrapped);
	/**
	 * @constraint: the counters @event may use, as a bit mask; NULL
	 * means any counter of the box
	 */
	unsigned long (*constraint)(struct perf_event *event);
};

/**
 * struct xu_box_type - a kind of box, described as data
 * @name:	  sysfs name stem: "mbox" gives uncore_mbox_0, uncore_mbox_1
 * @num_boxes:	  boxes of this type per package
 * @num_counters: general purpose counters per box
 * @width:	  counter width in bits
 * @box_stride:	  register distance between box i and box i + 1
 * @ctl0:	  control register of counter 0 of box 0
 * @ctr0:	  data register of counter 0 of box 0
 * @ctl_stride:	  register distance between two counters' controls
 * @ctr_stride:	  register distance between two counters' data registers
 * @ctl_en:	  enable bit(s) of a counter control, owned by the driver
 * @ctl_pmi:	  the counter control bit that sends an overflow to the U-Box
 *		  (a PMI); 0 if the box cannot raise one
 * @ctl_sample:	  control bits a sampling event always gets: the counter must
 *		  wrap, not stop, at the overflow that ends its period
 * @status0:	  overflow status register of box 0, one bit per counter; 0
 *		  if the global status bit is the box's only status
 * @ovf0:	  its write-1-to-clear companion
 * @ov_summary:	  per box: its summary bit in the global overflow status
 * @formats:	  the format/ attributes (struct xu_format_attr)
 * @events:	  the events/ attributes, NULL terminated, may be NULL
 * @ops:	  box-specific behaviour
 */
struct xu_box_type {
	const char *name;
	unsigned int num_boxes;
	unsigned int num_counters;
	unsigned int width;
	u32 box_stride;
	u32 ctl0;
	u32 ctr0;
	u32 ctl_stride;
	u32 ctr_stride;
	u64 ctl_en;
	u64 ctl_pmi;
	u64 ctl_sample;
	u32 status0;
	u32 ovf0;
	const u64 *ov_summary;
	struct attribute **formats;
	struct attribute **events;
	const struct xu_box_ops *ops;
};

/**
 * struct xu_global_ops - the package-wide PMI and overflow status
 *
 * Each call gets the box of the platform's first type (the U-Box), on a
 * CPU of its package, possibly in NMI context: no sleeping, no locks
 * but the register accessors'.
 */
struct xu_global_ops {
	/** @status: read the global overflow status, a bit per box summary */
	int (*status)(struct xu_box *gbox, u64 *sts);
	/** @ack: clear global status bits that no box register holds */
	void (*ack)(struct xu_box *gbox, u64 bits);
	/** @unfreeze: count again after a PMI froze every box */
	void (*unfreeze)(struct xu_box *gbox);
	/** @route: deliver the package's PMIs to @cpu */
	void (*route)(struct xu_box *gbox, unsigned int cpu);
};

/**
 * struct xu_platform - one supported processor family
 * @name:   family name, also the value of the sim= module parameter
 * @types:  its box types, NULL terminated; the first is the global box
 * @global: its overflow interrupt, NULL if it has none
 */
struct xu_platform {
	const char *name;
	const struct xu_box_type * const *types;
	const struct xu_global_ops *global;
};

/**
 * struct xu_box - one box of one package, as perf sees it
 *
 * Events, counters and the timer are touched only on @cpu, with
 * interrupts off, by the perf callbacks and the poll timer.
 *
 * @pmu:      the PMU the box belongs to
 * @pkg:      its package (socket)
 * @cpu:      the package's collecting CPU, -1 while it has none
 * @io:       register accessors
 * @io_priv:  accessor data (the simulated uncore, a PCI device)
 * @n_events: events added to the box, in @events
 * @active:   started events, by counter
 * @n_active: number of started events
 * @in_txn:   between perf's pmu_disable and pmu_enable
 * @frozen:   frozen inside that bracket, to be unfrozen by pmu_enable
 * @box_ctl:  last value written to the box's control register, for box
 *            types whose freeze shares that register with other fields
 * @timer:    polls the counters while no overflow interrupt folds them;
 *            with one, restarts throttled events a tick later
 * @unthrottle_work: arms @timer from the NMI handler
 */
struct xu_box {
	struct xu_pmu *pmu;
	unsigned int pkg;
	int cpu;
	const struct xu_io_ops *io;
	void *io_priv;
	unsigned int n_events;
	struct perf_event *events[XU_MAX_COUNTERS];
	struct perf_event *active[XU_MAX_COUNTERS];
	unsigned int n_active;
	bool in_txn;
	bool frozen;
	u64 box_ctl;
	struct hrtimer timer;
	struct irq_work unthrottle_work;
};

/**
 * struct xu_pmu - one box instance registered with perf
 * @pmu:   the perf PMU (name uncore_<type>[_<idx>])
 * @type:  its box type
 * @idx:   box index within the type
 * @uncore: the uncore it belongs to
 * @boxes: one box per package
 * @name:  the PMU name
 */
struct xu_pmu {
	struct pmu pmu;
	const struct xu_box_type *type;
	unsigned int idx;
	struct xu_uncore *uncore;
	struct xu_box *boxes;
	bool registered;
	char name[32];
	const struct attribute_group *groups[4];
	struct attribute_group format_group;
	struct attribute_group events_group;
};

/**
 * struct xu_uncore - every PMU of one platform on this machine
 */
struct xu_uncore {
	const struct xu_platform *plat;
	const struct xu_io_ops *io;
	void *io_priv;
	unsigned int num_pkgs;
	unsigned int num_pmus;
	struct xu_pmu *pmus;
	cpumask_t cpumask;		/* one collecting CPU per package */
	u64 poll_ns;
	bool pmi;			/* fold overflows in the PMI */
	u64 samples_per_tick;		/* per event, beyond: throttle */
	unsigned long *pkg_ready;	/* packages whose boxes are set up */
	struct hlist_node node;		/* CPU hotplug instance */
};

static inline struct xu_pmu *to_xu_pmu(struct pmu *pmu)
{
	return container_of(pmu, struct xu_pmu, pmu);
}

static inline struct xu_box *xu_event_box(struct perf_event *event)
{
	return event->pmu_private;
}

/* Register addresses of counter @i of @box */
u32 xu_ctl_reg(const struct xu_box *box, unsigned int i);
u32 xu_ctr_reg(const struct xu_box *box, unsigned int i);

static inline int xu_read(struct xu_box *box, u32 reg, u64 *val)
{
	return box->io->read(box, reg, val);
}

static inline int xu_write(struct xu_box *box, u32 reg, u64 val)
{
	return box->io->write(box, reg, val);
}

/*
 * Internals the KUnit suites reach are exported in the XEON_UNCORE
 * namespace, for xeon_uncore_test.ko alone.
 */

/* core.c */
int xu_core_init(void);
void xu_core_exit(void);
int xu_uncore_init(struct xu_uncore *uncore);
void xu_uncore_exit(struct xu_uncore *uncore);
int xu_validate_config(const struct xu_box_type *type,
		       const struct perf_event_attr *attr);
int xu_assign(const struct xu_box_type *type, struct perf_event **events,
	      unsigned int n, int *assign);
int xu_handle_pmi(struct xu_uncore *uc, unsigned int pkg, struct pt_regs *regs);
int xu_uncore_alloc(struct xu_uncore *uc);
void xu_uncore_free(struct xu_uncore *uc);

/* core.c, for pmi.c */
void __xu_event_update(struct perf_event *event, bool wrapped);
bool xu_box_pmi(const struct xu_box *box);
bool xu_set_period(struct perf_event *event);
void xu_event_start(struct perf_event *event, int flags);
void xu_event_stop(struct perf_event *event, int flags);

/* pmi.c */
int xu_pmi_register(struct xu_uncore *uc);
void xu_pmi_unregister(struct xu_uncore *uc);
void xu_route_pmi(struct xu_uncore *uc, unsigned int pkg, unsigned int cpu);
void xu_pmi_drain(void *data);
enum hrtimer_restart xu_unthrottle(struct hrtimer *timer);
void xu_unthrottle_later(struct irq_work *work);

/* main.c */
struct xu_uncore *xu_uncore_instance(void);
int xu_attach(const char *plat, const struct xu_io_ops *io, void *io_priv);
void xu_detach(void *io_priv);

/* io.c */
extern const struct xu_io_ops xu_msr_io;

/* nhmex.c */
extern const struct xu_platform xu_nhmex;

#endif /* _XEON_UNCORE_H */
