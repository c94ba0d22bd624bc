/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * xeon-uncore: the driver's data model, which every layer and platform
 * file shares: box types described as data, platforms, PMUs, packages
 * and the uncore that holds them.  Functions live in the headers of the
 * layers (io.h, sched.h, event.h, pmi.h, core.h), from the bottom up.
 */
#ifndef _XEON_UNCORE_TYPES_H
#define _XEON_UNCORE_TYPES_H

#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/hrtimer.h>
#include <linux/irq_work.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/perf_event.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include <xeon_uncore/attach.h>
#include <xeon_uncore/topology.h>

#define XU_MAX_CLAIMS		8	/* of them, used by one event */
#define XU_MAX_ALTS		4	/* placements of one event */

struct pci_dev;
struct xu_claims;
struct xu_uncore;

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

/* An events/ entry whose name is not a C identifier ("x.scale") */
#define XU_EVENT_STR(_name, _str)					\
	(&((struct perf_pmu_events_attr[]) {{				\
		.attr = { .attr = { .name = _name, .mode = 0444 },	\
			  .show = perf_event_sysfs_show },		\
		.event_str = _str,					\
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
	 * means any general purpose counter of the box
	 */
	unsigned long (*constraint)(struct perf_event *event);
	/**
	 * @extra_fields: for each of the type's extra registers, the bits of
	 * it that @event claims (0: none), in @fields[0..num_extra-1]: those
	 * it uses, and those of a shared field a box type lets an event ask
	 * a value of without using it (the E5 PCU's bands); NULL means every
	 * event claims every bit of each
	 */
	void (*extra_fields)(struct perf_event *event, u64 *fields);
	/**
	 * @claims: the shared sub-registers @event needs when placed as
	 * alternative @alt (0: as configured; 1..XU_MAX_ALTS-1: a twin
	 * sub-register the hardware allows instead).  @cl->ctl arrives
	 * holding the event's control value as configured; the call sets
	 * the value for this placement (a twin selects another event code)
	 * and fills @cl->c[0..@cl->n-1].  Returns 0, or -ENOENT if the
	 * event has no alternative @alt.  NULL: the claims follow from
	 * @extra_fields and the event has no twin.
	 */
	int (*claims)(struct perf_event *event, unsigned int alt,
		      struct xu_claims *cl);
	/**
	 * @ctr_fixup: correct a raw value read from counter @idx of @box
	 * for an erratum of the hardware (may be NULL); event.c applies it
	 * to every read of an event's counter, io.c reads the register only
	 */
	u64 (*ctr_fixup)(struct xu_box *box, unsigned int idx, u64 raw);
	/**
	 * @period_fixup: the sampling period to program instead of @left,
	 * where starting the counter at 2^width - @left would meet an
	 * erratum (may be NULL)
	 */
	u64 (*period_fixup)(struct perf_event *event, u64 left);
	/**
	 * @count_polled: @event, a counting event, runs without @ctl_pmi and
	 * is folded by the poll timer (may be NULL: none is).  A box type
	 * that has one sets @poll.
	 */
	bool (*count_polled)(struct perf_event *event);
};

/* How a box's registers are reached */
enum xu_access {
	XU_MSR,		/* MSRs, through struct xu_io_ops */
	XU_PCI,		/* offsets in the box's PCI function's config space */
};

/**
 * struct xu_extra_reg - a filter or match register a box's counters share
 * @reg:    its address in box 0 (MSR: box i adds i * box_stride), or its
 *          offset in the box's PCI function, or with @filter in the
 *          box's filter function
 * @cfg:    the perf_event_attr word that carries it: 1 config1, 2 config2
 * @shift:  the register's bit 0 is bit @shift of that word
 * @mask:   the register's bits that word may set
 * @filter: XU_PCI: the register is in the box's filter function
 * @stride: MSR: box i's register is @reg + i * @stride; 0: the box
 *          type's @box_stride
 *
 * Events that use a field of the register with different values never
 * run together: perf multiplexes them.  Equal values share it.
 */
struct xu_extra_reg {
	u32 reg;
	u8 cfg;
	u8 shift;
	bool filter;
	u64 mask;
	u32 stride;
};

/**
 * struct xu_claim - the part of a shared sub-register an event needs
 * @slot: the sub-register: an index into the box type's @extra
 * @mask: the bits of it the event uses
 * @val:  the value it needs in them
 *
 * Two events whose claims on a slot overlap with different values never
 * run on the box together; equal values share.  The register holds the
 * union of the claims of the box's events, recomputed from them: it is
 * written when the union changes and left alone when its last user goes.
 */
struct xu_claim {
	unsigned int slot;
	u64 mask;
	u64 val;
};

/**
 * struct xu_claims - one placement of an event: its claims and control
 * @n:   claims in @c
 * @ctl: the counter control value for this placement
 * @c:   the claims, in the order their registers are to be written
 */
struct xu_claims {
	unsigned int n;
	u64 ctl;
	struct xu_claim c[XU_MAX_CLAIMS];
};

/* Add a claim to @cl: -E2BIG if it has XU_MAX_CLAIMS already */
static inline int xu_claim_add(struct xu_claims *cl, unsigned int slot,
			       u64 mask, u64 val)
{
	if (cl->n == XU_MAX_CLAIMS)
		return -E2BIG;
	cl->c[cl->n].slot = slot;
	cl->c[cl->n].mask = mask;
	cl->c[cl->n].val = val & mask;
	cl->n++;
	return 0;
}

/**
 * struct xu_box_type - a kind of box, described as data
 * @name:	  sysfs name stem: "mbox" gives uncore_mbox_0, uncore_mbox_1
 * @num_boxes:	  boxes of this type per package (with @per_core, at most)
 * @per_core:	  one box per core of the package (C-Boxes): the driver
 *		  registers as many as a package has cores, up to @num_boxes
 * @present:	  how many of the @num_boxes boxes this machine has, read
 *		  from a register of the hardware before any box is set up
 *		  (process context, @uc's PCI domain reachable); NULL: all
 * @num_counters: general purpose counters per box
 * @width:	  counter width in bits
 * @box_stride:	  register distance between box i and box i + 1
 * @box_off:	  per box, the distance of its registers from box 0's where
 *		  the boxes are not evenly spaced (then @box_stride is unused)
 * @ctl0:	  control register of counter 0 of box 0
 * @ctr0:	  data register of counter 0 of box 0
 * @ctl_stride:	  register distance between two counters' controls
 * @ctr_stride:	  register distance between two counters' data registers
 * @ctl_en:	  enable bit(s) of a counter control, owned by the driver
 * @ctl_pmi:	  the counter control bit that sends an overflow to the U-Box
 *		  (a PMI); 0 if the box cannot raise one
 * @ctl_sample:	  control bits a sampling event always gets: the counter must
 *		  wrap, not stop, at the overflow that ends its period
 * @cfg_sw:	  bits of attr.config that configure the driver or a
 *		  sub-register rather than the counter control: never
 *		  written to the control register
 * @status0:	  overflow status register of box 0, one bit per counter; 0
 *		  if the global status bit is the box's only status
 * @ovf0:	  its write-1-to-clear companion (status0 itself if RW1C)
 * @status_shift: the status bit of counter 0 (counter i: i + status_shift)
 * @ov_summary:	  per box: its summary bit in the global overflow status; 0
 *		  for a box whose bit is not known, whose status the walk
 *		  reads whenever the global status is not clear and the box
 *		  has events, or a global bit stays unexplained.  NULL: the
 *		  type reports no overflow.
 * @ov_sub_reg:	  per box: a second-level summary register between the box
 *		  and the global status (Xeon 7500: S_MSR_PMON_SUMMARY), or
 *		  NULL if the box reports to the global status directly
 * @ov_sub:	  per box: its bit in that register; 0 if not known (the
 *		  walk then reads the box whenever its global bit is set)
 * @access:	  XU_MSR or XU_PCI
 * @ctls:	  counter control registers of box 0 where they are not
 *		  evenly spaced (then @ctl_stride is unused), else NULL
 * @ctrs:	  the same for the data registers
 * @box_ctl:	  box control register of box 0, 0 if the box has none
 * @fixed_ctl:	  fixed counter control of box 0, 0 if the box has no
 *		  fixed counter; the fixed counter is counter num_counters
 * @fixed_ctr:	  fixed counter data register of box 0
 * @fixed_width:  its width in bits
 * @fixed_config: the attr.config that selects it
 * @fixed_en:	  control bits that run it (ctl_pmi added with a PMI)
 * @fixed_status: its bit in the box status, 0 if the box status has none
 * @ov_fixed:	  per box: the global status bit of the fixed counter alone
 *		  (it has no box status bit), or NULL
 * @pci_ids:	  XU_PCI: per box, the device ID of its PCI function
 * @filter_ids:	  XU_PCI with @filter_fn: per box, the device ID of its
 *		  filter function; 0: any ID
 * @filter_fn:	  XU_PCI: the function of the same PCI device that holds the
 *		  extra registers with .filter set, 0 if none
 * @extra:	  the extra registers, @num_extra of them
 * @num_extra:	  entries of @extra
 * @formats:	  the format/ attributes (struct xu_format_attr)
 * @events:	  the events/ attributes, NULL terminated, may be NULL
 * @ov_guessed:	  boxes (bit i: box i) whose overflow report is inferred,
 *		  not documented (Documentation/pmu/\*.rst): their counting
 *		  events run without @ctl_pmi and are polled, so that no
 *		  count depends on the guess; sampling there is unverified
 * @fixed_pmi_guessed: the fixed counter's PMI enable (@ctl_pmi in
 *		  @fixed_ctl) is inferred: the same for the fixed counter
 * @poll:	  the box's timer polls even where the PMI folds overflows:
 *		  some counting events run without @ctl_pmi (@count_polled,
 *		  @fixed_pmi_guessed)
 * @ops:	  box-specific behaviour
 */
struct xu_box_type {
	const char *name;
	unsigned int num_boxes;
	bool per_core;
	unsigned int (*present)(struct xu_uncore *uc);
	unsigned int num_counters;
	unsigned int width;
	u32 box_stride;
	const u32 *box_off;
	u32 ctl0;
	u32 ctr0;
	u32 ctl_stride;
	u32 ctr_stride;
	u64 ctl_en;
	u64 ctl_pmi;
	u64 ctl_sample;
	u64 cfg_sw;
	u32 status0;
	u32 ovf0;
	unsigned int status_shift;
	const u64 *ov_summary;
	const u32 *ov_sub_reg;
	const u64 *ov_sub;
	enum xu_access access;
	const u32 *ctls;
	const u32 *ctrs;
	u32 box_ctl;
	u32 fixed_ctl;
	u32 fixed_ctr;
	unsigned int fixed_width;
	u64 fixed_config;
	u64 fixed_en;
	u64 fixed_status;
	const u64 *ov_fixed;
	const u16 *pci_ids;
	const u16 *filter_ids;
	u8 filter_fn;
	const struct xu_extra_reg *extra;
	unsigned int num_extra;
	struct attribute **formats;
	struct attribute **events;
	u32 ov_guessed;
	bool fixed_pmi_guessed;
	bool poll;
	const struct xu_box_ops *ops;
};

/**
 * struct xu_global_ops - the package-wide PMI and overflow status
 *
 * Each call gets the box of the platform's first type (the U-Box), on a
 * CPU of its package, with the package locked (see struct xu_pkg),
 * possibly in NMI context: no sleeping, no other locks but the register
 * accessors'.
 */
struct xu_global_ops {
	/**
	 * @status: read the global overflow status, a bit per box summary:
	 * every bit the register holds, those outside @known too
	 */
	int (*status)(struct xu_box *gbox, u64 *sts);
	/** @ack: clear global status bits that no box register holds */
	void (*ack)(struct xu_box *gbox, u64 bits);
	/**
	 * @frozen: has a PMI frozen the package (and nothing unfrozen it
	 * since)?  Global status bits in @stuck (struct xu_pkg.gsts_stuck)
	 * tell nothing of it.  For the watchdog and xu_box_thaw().
	 */
	bool (*frozen)(struct xu_box *gbox, u64 stuck);
	/** @unfreeze: count again after a PMI froze every box */
	void (*unfreeze)(struct xu_box *gbox);
	/**
	 * @route: freeze the package and send its PMIs to core @core of
	 * the package (its xu_core_index(), below @pmi_cores), or to no
	 * core if @core is negative; the next walk unfreezes it
	 */
	void (*route)(struct xu_box *gbox, int core);
	/**
	 * @pmi_cores: the cores of a package that the PMI can be sent to,
	 * 0 to @pmi_cores - 1 (the width of pmi_core_sel)
	 */
	unsigned int pmi_cores;
	/**
	 * @known: the global status bits the platform's layout defines; a
	 * set bit outside them is logged and counted (struct
	 * xu_pkg.unknown_status).  0: no layout to hold the bits to (bits
	 * of boxes without a known summary bit are expected).
	 */
	u64 known;
};

/**
 * enum xu_features - a platform's quirks, one bit each
 *
 * What sets a platform apart beyond its box types and global ops: each
 * bit names one behaviour of the hardware the generic code honours.
 */
enum xu_features {
	/**
	 * @XU_FEAT_DEBUGCTL_PMI: an uncore PMI reaches a core only while
	 * the core's IA32_DEBUGCTL bit 13 is set (Nehalem's uncore, Intel
	 * SDM vol. 3B).  The driver sets it on every CPU while it takes
	 * PMIs, on the machine's own registers only (struct
	 * xu_io_ops.native).
	 */
	XU_FEAT_DEBUGCTL_PMI	= BIT(0),
	/**
	 * @XU_FEAT_ACK_ALL: a box's status does not clear its summary bit
	 * in the global status: the walk clears every global status bit it
	 * saw, not only those no box status explains (IVB-EP).
	 */
	XU_FEAT_ACK_ALL		= BIT(1),
	/**
	 * @XU_FEAT_BOX_THAWS_PMI: a box's own unfreeze (struct
	 * xu_box_ops.unfreeze) may end a PMI's freeze of the box as well:
	 * it is written only while no PMI's freeze of the package awaits
	 * its walk (xu_box_thaw()).  IVB-EP: 329468 section 2.1.2 offers
	 * clearing each box's frz as an alternative to unfrz_all.
	 */
	XU_FEAT_BOX_THAWS_PMI	= BIT(2),
};

/**
 * struct xu_pci_map - how a platform's PCI boxes are told apart by package
 * @ubox_id:   device ID of the PCI function whose registers name the
 *	       package of its bus (the U-Box's)
 * @node_reg:  its register that holds the package's node id
 * @map_reg:   its register that maps node ids to physical packages
 * @node_mask: the node id's bits in @node_reg, for the log
 * @phys_pkg:  the physical package that the values of @node_reg and
 *	       @map_reg name, or -1 if they name none
 *
 * Each package's uncore devices sit on buses at or below its U-Box's.
 */
struct xu_pci_map {
	u16 ubox_id;
	u32 node_reg;
	u32 map_reg;
	u32 node_mask;
	int (*phys_pkg)(u32 node, u32 map);
};

/**
 * struct xu_pmi_probe - a counter that times a PMI's delivery (pmi_probe.c,
 * xu_pmi_probe())
 * @type: its box type, box 0 of which holds it
 * @idx:  the counter, @type's num_counters for the fixed one
 * @ctl:  its control: counting every uncore clock, the PMI enable set
 */
struct xu_pmi_probe {
	const struct xu_box_type *type;
	unsigned int idx;
	u64 ctl;
};

/**
 * struct xu_platform - one supported processor family
 * @name:     family name: the sysfs platform file's value, the name
 *	      xu_attach() takes, the simulator's model=
 * @types:    its box types, NULL terminated; the first is the global box
 * @global:   its overflow interrupt, NULL if it has none
 * @no_pmi:   with no @global: why sampling is refused, for the log
 * @pci_map:  how its PCI boxes are found by package; NULL: it has none
 * @features: its quirks, enum xu_features bits
 * @probe:    with @global: the counter that times a PMI's delivery at
 *	      load; NULL: not timed
 */
struct xu_platform {
	const char *name;
	const struct xu_box_type * const *types;
	const struct xu_global_ops *global;
	const char *no_pmi;
	const struct xu_pci_map *pci_map;
	unsigned long features;
	const struct xu_pmi_probe *probe;
};

/**
 * struct xu_pmu - one box instance registered with perf
 * @pmu:   the perf PMU (name uncore_<type>[_<idx>])
 * @type:  its box type
 * @idx:   box index within the type
 * @uncore: the uncore it belongs to
 * @boxes: one box per package
 * @registered: registered with perf (perf_pmu_register() succeeded)
 * @name:  the PMU name
 * @groups: the sysfs attribute groups given to perf: format/, the
 *	    cpumask and platform files, events/ (if the type has events)
 * @format_group: format/, the type's formats
 * @events_group: events/, the type's events
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

/*
 * How many samples folded on other CPUs a package keeps the time of
 * until their events' CPUs write them (struct xu_pkg.deferred)
 */
#define XU_DEFERRED		32

/**
 * struct xu_deferred - a sample folded on a CPU other than its event's
 * @event:  the event, active on another CPU of the package
 * @time:   @event's clock (event->clock(), perf's sample time) at the fold
 * @period: the period that ended
 */
struct xu_deferred {
	struct perf_event *event;
	u64 time;
	u64 period;
};

/**
 * struct xu_pkg - what the PMUs of one package share
 * @uc:       the uncore it belongs to
 * @id:       the package
 * @lock:     serialises the package's box state, counters and event
 *            counts between the CPUs that may touch them (see struct
 *            xu_box).  An arch_spinlock_t, taken with interrupts off and
 *            only tried in NMI context, where lockdep cannot follow it.
 * @walk_work: walks the overflow status after a PMI that found @lock
 *            taken, on the CPU that took the PMI
 * @forward_work: on a CPU whose walk left samples owed, sends
 *            @deliver_csd to the collecting CPU (an NMI cannot)
 * @deliver_csd: on the collecting CPU: writes the samples that walks on
 *            other CPUs folded (xu_deliver_samples())
 * @watchdog: on the collecting CPU: recovers a package that a lost PMI
 *            left frozen
 * @walks:    overflow walks done, for the watchdog
 * @wd_walks: @walks when the watchdog last found the package frozen with
 *            overflow status pending, or ~0 if it did not
 * @last_walk: when the last walk began or ended and on which CPU, in
 *            one word (xu_walk_stamp()): an NMI that finds the status
 *            clear within XU_PMI_ECHO_NS of it may be an echo
 * @walker:   the CPU that holds @lock for a walk, a sample delivery or
 *            a group read, during which perf reads events of the package
 *            (PERF_SAMPLE_READ, PERF_FORMAT_GROUP) with the lock held;
 *            -1 if none
 * @walker_nmi: that holder runs in NMI context
 * @routed:   the package's PMIs go to the core @pmi_core names for its
 *            collecting CPU (false while CPU hotplug moves them, the
 *            package frozen)
 * @pmi_core: the core of the package its PMIs go to (xu_core_index()),
 *            -1 for none; under @lock (xu_pmi_route_core())
 * @pmi_core_mask: the cores the PMIs go to, one bit each by index (the
 *            route's pmi_core_sel); written under @lock, read by the NMI
 *            handler without it
 * @lost:     PMIs the watchdog had to stand in for
 * @unknown_status: walks that found a global status bit outside the
 *            platform's known layout (struct xu_global_ops.known)
 * @gsts_seen: those bits, logged once each
 * @gsts_stuck: those of them an ack left set: no overflow the driver can
 *            clear, left out of every read of the global status; written
 *            under @lock, read by the NMI handler without it
 * @deferred: the samples walks folded for events active on other CPUs,
 *            oldest first, under @lock; each event's pending count
 *            (xu_samples_pending()) also counts those that found it full
 * @n_deferred: entries of @deferred in use
 * @pmi_events: events of the package between pmu::add and pmu::del whose
 *            counter control has the PMI enable; written under @lock,
 *            read by the NMI handler without it (xu_pmi_armed())
 * @pmi_stopped: when one of them last stopped (ktime_get_mono_fast_ns()),
 *            written under @lock before @pmi_events is lowered
 * @pmi_ns:   when the driver first found the package frozen by a PMI
 *            whose walk is still to come (ktime_get_mono_fast_ns()), 0 if
 *            it has not: an NMI that left the walk to @walk_work, or a
 *            box's thaw that left the box to it (xu_pkg_saw_pmi()); taken
 *            by the walk with xchg(), so that the walk charges the PMI
 *            budget from then
 * @budget_left: the PMI budget (event.c, xu_pkg_budget_charge()): the
 *            frozen time, in ns, the walks may still take; below 0 after
 *            a walk that overdrew it.  Under @lock
 * @budget_stamp: when @budget_left was last filled, under @lock
 * @walk_avg_ns: a walk's frozen time, a running average, under @lock
 * @pmi_seen: when the last walk's PMI was first seen (@pmi_ns, or the
 *            walk's start), written under @lock: for xu_pmi_probe()
 * @thawed_ns: when the package was last known to count, unfrozen: a
 *            walk's unfreeze (as issued), a watchdog tick that found it
 *            so; under @lock.
 *            A freeze no PMI ended is charged from then.
 * @lost_run: PMIs the watchdog stood in for since the last PMI's walk or
 *            route, under @lock
 * @pmi_lost: the package's PMIs do not arrive (their route reaches no
 *            CPU online, or XU_PMI_LOST_RUN were lost in a row): its
 *            sampling events stop and do not start, until the route is
 *            made again; under @lock
 */
struct xu_pkg {
	arch_spinlock_t lock;
	struct xu_uncore *uc;
	unsigned int id;
	struct irq_work walk_work;
	struct irq_work forward_work;
	call_single_data_t deliver_csd;
	struct hrtimer watchdog;
	u64 walks;
	u64 wd_walks;
	u64 last_walk;
	int walker;
	bool walker_nmi;
	bool routed;
	int pmi_core;
	u64 pmi_core_mask;
	u64 lost;
	u64 unknown_status;
	u64 gsts_seen;
	u64 gsts_stuck;
	struct xu_deferred deferred[XU_DEFERRED];
	unsigned int n_deferred;
	unsigned int pmi_events;
	u64 pmi_stopped;
	u64 pmi_ns;
	s64 budget_left;
	u64 budget_stamp;
	u64 walk_avg_ns;
	u64 pmi_seen;
	u64 thawed_ns;
	unsigned int lost_run;
	bool pmi_lost;
};

/* Lock a package; interrupts are off, and the caller is not in NMI */
static inline void xu_pkg_lock(struct xu_pkg *p)
{
	arch_spin_lock(&p->lock);
}

static inline bool xu_pkg_trylock(struct xu_pkg *p)
{
	return arch_spin_trylock(&p->lock);
}

static inline void xu_pkg_unlock(struct xu_pkg *p)
{
	arch_spin_unlock(&p->lock);
}

/*
 * The package was found frozen by a PMI whose walk is to come: the walk
 * charges the PMI budget from now, or from an earlier such sight.  Any
 * context, with or without the package lock.
 */
static inline void xu_pkg_saw_pmi(struct xu_pkg *p)
{
	cmpxchg(&p->pmi_ns, 0, ktime_get_mono_fast_ns());
}

/*
 * Is this CPU inside a walk or a sample delivery, which holds the package
 * lock (a read from a sample)?  Not merely holding the lock: an NMI that
 * interrupted the holder must not touch the state it is changing.
 */
static inline void xu_pkg_walk_begin(struct xu_pkg *p)
{
	WRITE_ONCE(p->walker_nmi, !!in_nmi());
	WRITE_ONCE(p->walker, smp_processor_id());
}

static inline void xu_pkg_walk_end(struct xu_pkg *p)
{
	WRITE_ONCE(p->walker, -1);
}

static inline bool xu_pkg_walking_here(struct xu_pkg *p)
{
	return READ_ONCE(p->walker) == smp_processor_id() &&
	       READ_ONCE(p->walker_nmi) == !!in_nmi();
}

/**
 * struct xu_uncore - every PMU of one platform on this machine
 * @plat:	     the platform
 * @io:		     its register accessors (the machine's MSRs, or an
 *		     attached uncore's)
 * @io_priv:	     their data, passed back as struct xu_box.io_priv
 * @num_pkgs:	     packages, topology_max_packages()
 * @num_pmus:	     PMUs in @pmus
 * @pmus:	     one per box of every type
 * @pkgs:	     one per package
 * @cpumask:	     one collecting CPU per package (sysfs cpumask)
 * @poll_ns:	     the polling interval of boxes no PMI folds
 * @pmi:	     fold overflows in the PMI
 * @walk_in_irq:     PCI boxes: walk from an irq_work, not in the NMI
 * @max_sample_rate: the module parameter
 * @samples_per_tick: per event and tick; beyond, the event is throttled
 * @pmi_max_percent: the module parameter: the PMI budget, percent
 * @pmi_delivery_ns: a PMI's delivery, timed at load (xu_pmi_probe()),
 *		     charged to every walk's PMI budget; 0 if not timed
 * @rate_work:	     follows perf's max_sample_rate
 * @samples_sent:    a walk sent deferred samples to another CPU since the
 *		     last xu_samples_sync()
 * @node:	     the CPU hotplug instance
 * @pci_nb:	     the PCI bus notifier that holds a box's function found
 *		     again after a PCI remove and rescan (io.c); its
 *		     notifier_call is set while it is registered
 * @pci_again:	     those functions, struct xu_pci_again, under
 *		     @pci_again_lock
 * @pci_again_lock:  for @pci_again
 */
struct xu_uncore {
	const struct xu_platform *plat;
	const struct xu_io_ops *io;
	void *io_priv;
	unsigned int num_pkgs;
	unsigned int num_pmus;
	struct xu_pmu *pmus;
	struct xu_pkg *pkgs;
	cpumask_t cpumask;
	u64 poll_ns;
	bool pmi;
	bool walk_in_irq;
	u64 max_sample_rate;
	u64 samples_per_tick;
	unsigned int pmi_max_percent;
	u64 pmi_delivery_ns;
	struct work_struct rate_work;
	bool samples_sent;
	struct hlist_node node;
	struct notifier_block pci_nb;
	struct list_head pci_again;
	struct mutex pci_again_lock;	/* for @pci_again */
};

static inline struct xu_pmu *to_xu_pmu(struct pmu *pmu)
{
	return container_of(pmu, struct xu_pmu, pmu);
}

static inline struct xu_box *xu_event_box(struct perf_event *event)
{
	return event->pmu_private;
}

/* Counters per box: the general purpose ones, then the fixed one */
static inline unsigned int xu_num_ctrs(const struct xu_box_type *t)
{
	return t->num_counters + !!t->fixed_ctl;
}

/* The width of counter @idx of a box of type @t */
static inline unsigned int xu_ctr_bits(const struct xu_box_type *t,
				       unsigned int idx)
{
	return idx == t->num_counters ? t->fixed_width : t->width;
}

/*
 * A box whose overflow status does not say which of its counters
 * overflowed (one summary bit, several counters): a counting event's
 * fold could not tell a counter that turned over from one that did not.
 * Its counting events are polled, without the overflow interrupt, and
 * only one sampling event at a time has it.
 */
static inline bool xu_type_polled(const struct xu_box_type *t)
{
	return !t->status0 && t->num_counters > 1;
}

/* Has this package the box (a PCI box's function may be absent)? */
static inline bool xu_box_here(const struct xu_box *box)
{
	return box->pmu->type->access != XU_PCI || box->pdev;
}

/* The package state @box shares with the other boxes of its package */
static inline struct xu_pkg *xu_box_pkg(const struct xu_box *box)
{
	return &box->pmu->uncore->pkgs[box->pkg];
}

/**
 * xu_core_index() - the index of @cpu's core among its package's cores
 * @cpu: a CPU
 *
 * The bit of the core in a U-Box's pmi_core_sel: the rank of the core
 * among the package's present cores (include/xeon_uncore/topology.h), so
 * that a core keeps its index while offline.
 *
 * Return: the index, from 0.
 */
static inline unsigned int xu_core_index(unsigned int cpu)
{
	return xu_cpu_core_rank(cpu);
}

#endif /* _XEON_UNCORE_TYPES_H */
