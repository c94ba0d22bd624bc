// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suites of xeon_uncore: the module and the helpers its suites share.
 *
 * Each case runs on a platform of xu_test_platforms[], its parameter:
 * against the PMUs xeon_uncore registered on a private simulator of that
 * platform the case attached to it (xu_test_sim()), or against private
 * simulators and uncores it builds without registering them.  No case
 * depends on a simulator loaded before the suites: xeon_uncore_sim.ko is
 * loaded with model=none, or built in (where that is its default).
 */
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/topology.h>

#include <xeon_uncore/attach.h>
#include <xeon_uncore/nhmex.h>
#include <xeon_uncore/snbep.h>

#include "xu_test.h"

/* The platforms, one row each: the suites name no platform but here */
const struct xu_test_platform xu_test_platforms[XU_TEST_NR_PLATFORMS] = {
	[XU_TEST_I_NHMEX] = { "nhmex", &xu_nhmex, "nhmex", XU_TEST_NHMEX, XU_TEST_NX },
	[XU_TEST_I_WSMEX] = { "wsmex", &xu_wsmex, "wsmex", XU_TEST_WSMEX, XU_TEST_NX },
	[XU_TEST_I_SNBEP] = { "snbep", &xu_snbep, "snbep", XU_TEST_SNBEP, XU_TEST_E5 },
	[XU_TEST_I_IVBEP] = { "ivbep", &xu_ivbep, "ivbep", XU_TEST_IVBEP, XU_TEST_E5 },
	[XU_TEST_I_HSWEP] = { "hswep", &xu_hswep, "hswep", XU_TEST_HSWEP, XU_TEST_E5 },
	[XU_TEST_I_BDX] = { "bdx", &xu_bdx, "bdx", XU_TEST_BDX, XU_TEST_E5 },
	[XU_TEST_I_BDXDE] = { "bdxde", &xu_bdxde, "bdxde", XU_TEST_BDXDE, XU_TEST_E5 },
};

static void xu_test_budget_restore(void *data)
{
	WRITE_ONCE(xu_uncore_instance()->pmi_max_percent, (uintptr_t)data);
}

/**
 * xu_test_gen() - the parameter after @prev, for XU_TEST_ROW_PARAMS()
 * @prev:       the previous parameter, a slot of @slots, or NULL
 * @desc:       out: "PLATFORM" or "PLATFORM: ROW"
 * @slots:      one slot per platform and row, filled in as they are reached
 * @models:     the platforms' bits
 * @rows:       the rows, or NULL for none (@n is 1 then)
 * @size:       the size of a row
 * @n:          the number of rows
 * @row_models: the bits of the platforms a row holds on; NULL: all
 * @row_desc:   a row's description
 *
 * Return: the next slot, or NULL after the last.
 */
const void *xu_test_gen(const void *prev, char *desc,
			struct xu_test_param *slots, unsigned int models,
			const void *rows, size_t size, unsigned int n,
			unsigned int (*row_models)(const void *row),
			void (*row_desc)(const void *row, char *desc))
{
	unsigned int k = prev ? (const struct xu_test_param *)prev - slots + 1 : 0;
	char buf[KUNIT_PARAM_DESC_SIZE];

	for (; k < XU_TEST_NR_PLATFORMS * n; k++) {
		const struct xu_test_platform *pf = &xu_test_platforms[k / n];
		const void *row = rows ? rows + (k % n) * size : NULL;

		if (!(models & pf->model))
			continue;
		if (row && row_models && !(row_models(row) & pf->model))
			continue;
		slots[k].pf = pf;
		slots[k].row = row;
		if (row && row_desc) {
			buf[0] = '\0';
			row_desc(row, buf);
			/* KUnit's descriptions are cut at its size, as here */
			scnprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s: %s", pf->name, buf);
		} else {
			strscpy(desc, pf->name, KUNIT_PARAM_DESC_SIZE);
		}
		return &slots[k];
	}
	return NULL;
}

/*
 * The private uncore attached to the driver, which registers the PMUs of
 * one uncore at a time (xu_attach()): the suites run one case at a time,
 * and a suite's cases share it while they run on its platform; the
 * suite's end (xu_test_suite_exit()) or a case of another platform
 * detaches it.  @test is the case that uses it now.
 */
static struct {
	const struct xu_test_platform *pf;
	struct xu_sim *sim;
	struct kunit *test;
} xu_test_att;

static void xu_test_detach(void)
{
	if (!xu_test_att.sim)
		return;
	xu_detach(xu_test_att.sim);
	xu_sim_destroy(xu_test_att.sim);
	xu_test_att.sim = NULL;
	xu_test_att.pf = NULL;
}

/**
 * xu_test_suite_exit() - the suite_exit of every suite that calls
 * xu_test_sim(): detaches the suite's private uncore
 * @suite: the suite
 */
void xu_test_suite_exit(struct kunit_suite *suite)
{
	xu_test_detach();
}

struct xu_test_case_end {
	struct kunit *test;
	struct xu_sim *sim;
	u64 violations;
};

/* A case's end: it wrote no reserved bit of the simulated registers */
static void xu_test_case_end(void *data)
{
	struct xu_test_case_end *end = data;

	KUNIT_EXPECT_EQ_MSG(end->test, xu_sim_violations(end->sim), end->violations,
			    "reserved bits written");
	xu_test_att.test = NULL;
}

/**
 * xu_test_sim() - the simulator of the case's private uncore
 * @test: a case of XU_TEST_PARAMS() or XU_TEST_ROW_PARAMS()
 *
 * The first call of a case attaches a simulator of the case's platform,
 * one simulated socket per package, to the driver, which registers its
 * PMUs on it, unless the suite's previous case left one of that
 * platform.  That simulator's generator runs, on the real clock, when the
 * case starts.  The case fails if it writes a reserved bit.
 *
 * The driver's PMI budget is off until the case ends: the walks of a
 * debug kernel under TCG cost tens of microseconds each, and a case's
 * overflows, one after the other, would spend it and throttle its
 * sampling events (pmi_budget_fills_at_its_share tests it).
 *
 * Return: the simulator.
 */
struct xu_sim *xu_test_sim(struct kunit *test)
{
	const struct xu_test_platform *pf = xu_test_pf(test);
	struct xu_test_case_end *end;
	struct xu_uncore *uc;
	struct xu_sim *sim;
	unsigned int pct;
	int ret;

	if (xu_test_att.test == test)
		return xu_test_att.sim;
	if (xu_test_att.pf != pf)
		xu_test_detach();
	if (!xu_test_att.sim) {
		sim = xu_sim_create(pf->sim, topology_max_packages());
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(sim), "xu_sim_create(%s): %ld",
				       pf->sim, PTR_ERR(sim));
		xu_sim_set_deliver_pmi(sim, true);
		ret = xu_attach(pf->name, &xu_sim_io, sim);
		if (ret) {
			xu_sim_destroy(sim);
			KUNIT_FAIL_AND_ABORT(test,
					     "xu_attach(%s): %d (is an uncore attached already? xeon_uncore_sim.ko model=none attaches none)",
					     pf->name, ret);
		}
		xu_test_att.sim = sim;
		xu_test_att.pf = pf;
	}
	sim = xu_test_att.sim;
	xu_sim_set_manual_clock(sim, false);
	xu_sim_set_generator(sim, true);
	end = kunit_kzalloc(test, sizeof(*end), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, end);
	end->test = test;
	end->sim = sim;
	end->violations = xu_sim_violations(sim);
	xu_test_att.test = test;
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, xu_test_case_end, end));
	uc = xu_uncore_instance();
	pct = READ_ONCE(uc->pmi_max_percent);
	if (pct < 100) {
		WRITE_ONCE(uc->pmi_max_percent, 100);
		KUNIT_ASSERT_EQ(test, 0,
				kunit_add_action_or_reset(test, xu_test_budget_restore,
							  (void *)(uintptr_t)pct));
	}
	return sim;
}

/**
 * xu_test_pmu() - a PMU of the case's private uncore (xu_test_sim())
 * @test: the test
 * @name: its name, e.g. "uncore_mbox_0"
 *
 * Return: the PMU; the test fails if the driver registered none of that
 * name, and is skipped if the name is of a box per core (a C-Box) this
 * machine's packages have too few cores for.
 */
struct xu_pmu *xu_test_pmu(struct kunit *test, const char *name)
{
	struct xu_uncore *uc = xu_uncore_instance();
	const struct xu_box_type * const *t;
	unsigned int i, idx;
	char stem[32];

	xu_test_sim(test);
	for (i = 0; i < uc->num_pmus; i++)
		if (uc->pmus[i].registered && !strcmp(uc->pmus[i].name, name))
			return &uc->pmus[i];
	for (t = uc->plat->types; *t; t++) {
		size_t len = snprintf(stem, sizeof(stem), "uncore_%s_", (*t)->name);

		if ((*t)->per_core && !strncmp(name, stem, len) &&
		    !kstrtouint(name + len, 10, &idx) && idx < (*t)->num_boxes)
			kunit_skip(test, "%s: a package of this machine has too few cores",
				   name);
	}
	KUNIT_FAIL_AND_ABORT(test, "no PMU %s registered", name);
	return NULL;
}

/**
 * xu_test_cpu_of() - an online CPU of a package
 * @test: the test
 * @pkg:  the package
 *
 * The last one, so that events opened on it exercise the move to the
 * package's collecting CPU (the first).
 *
 * Return: the CPU; the test is skipped if the package has none.
 */
int xu_test_cpu_of(struct kunit *test, unsigned int pkg)
{
	int cpu, found = -1;

	for_each_online_cpu(cpu)
		if (topology_logical_package_id(cpu) == pkg)
			found = cpu;
	if (found < 0)
		kunit_skip(test, "no online CPU in package %u", pkg);
	return found;
}

static struct xu_format_attr *xu_test_format(const struct xu_box_type *type,
					     const char *name)
{
	struct attribute **a;

	for (a = type->formats; *a; a++)
		if (!strcmp((*a)->name, name))
			return container_of(*a, struct xu_format_attr, attr.attr);
	return NULL;
}

/*
 * Place @val into the bits a sysfs format string such as "config:9-13"
 * or "config1:0-31" names, lowest bit first, the way the perf tool does;
 * @cfg[0..2] are config, config1 and config2.
 */
static int xu_test_place(char *fmt, u64 val, u64 *cfg)
{
	static const char * const words[] = { "config:", "config1:", "config2:" };
	unsigned int lo, hi, bit, w, used = 0;
	char *p = strim(fmt), *range;
	u64 *config = NULL;

	for (w = 0; w < ARRAY_SIZE(words); w++) {
		if (str_has_prefix(p, words[w])) {
			config = &cfg[w];
			p += strlen(words[w]);
			break;
		}
	}
	if (!config)
		return -EINVAL;
	while ((range = strsep(&p, ",")) != NULL) {
		char *end = range, *start = strsep(&end, "-");

		if (kstrtouint(start, 10, &lo))
			return -EINVAL;
		hi = lo;
		if (end && kstrtouint(end, 10, &hi))
			return -EINVAL;
		if (hi < lo || hi > 63)
			return -EINVAL;
		for (bit = lo; bit <= hi; bit++, used++)
			if (used < 64 && (val >> used) & 1)
				*config |= BIT_ULL(bit);
	}
	if (used < 64 && val >> used)
		return -ERANGE;
	return 0;
}

/**
 * xu_test_parse() - turn "inc_sel=0x1b,flag_mode=1" into a config
 * @test:   the test
 * @type:   the box type whose format/ files describe the fields
 * @terms:  comma separated name=value terms; a bare name means name=1
 * @config: out: the config
 *
 * Uses only what sysfs shows (the format/ files), as the perf tool does.
 *
 * Return: 0, -ENOENT for a field the box does not have, -ERANGE for a
 * value that does not fit, -EINVAL for a malformed term or format, or a
 * field of config1 or config2.
 */
int xu_test_parse(struct kunit *test, const struct xu_box_type *type,
		  const char *terms, u64 *config)
{
	u64 cfg[3];
	int ret = xu_test_parse3(test, type, terms, cfg);

	*config = cfg[0];
	if (!ret && (cfg[1] || cfg[2]))
		return -EINVAL;
	return ret;
}

/**
 * xu_test_parse3() - turn "event=4,xbr_match=0x4000" into config words
 * @test:  the test
 * @type:  the box type whose format/ files describe the fields
 * @terms: comma separated name=value terms; a bare name means name=1
 * @cfg:   out: config, config1 and config2
 *
 * Return: as xu_test_parse().
 */
int xu_test_parse3(struct kunit *test, const struct xu_box_type *type,
		   const char *terms, u64 *cfg)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	char *s = kunit_kstrdup(test, terms, GFP_KERNEL);
	char *term;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, s);
	cfg[0] = 0;
	cfg[1] = 0;
	cfg[2] = 0;
	while ((term = strsep(&s, ",")) != NULL) {
		char *name = strsep(&term, "=");
		struct xu_format_attr *f = xu_test_format(type, name);
		u64 val = 1;

		if (!f)
			return -ENOENT;
		if (term && kstrtoull(term, 0, &val))
			return -EINVAL;
		if (f->attr.show(NULL, &f->attr, buf) <= 0)
			return -EINVAL;
		ret = xu_test_place(buf, val, cfg);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * xu_test_attr() - a counting perf_event_attr for a PMU
 * @attr:   out
 * @xp:     the PMU
 * @config: attr.config
 */
void xu_test_attr(struct perf_event_attr *attr, const struct xu_pmu *xp,
		  u64 config)
{
	memset(attr, 0, sizeof(*attr));
	attr->type = xp->pmu.type;
	attr->size = sizeof(*attr);
	attr->config = config;
}

KUNIT_DEFINE_ACTION_WRAPPER(xu_test_release, perf_event_release_kernel,
			    struct perf_event *);

/**
 * xu_test_try_open() - open a CPU-wide event on a package, as perf does
 * @test: the test
 * @xp:   the PMU
 * @pkg:  the package whose box counts
 * @attr: the attributes
 *
 * Return: the event, released when the test ends, or an ERR_PTR().
 */
struct perf_event *xu_test_try_open(struct kunit *test, struct xu_pmu *xp,
				    unsigned int pkg,
				    struct perf_event_attr *attr)
{
	struct perf_event *event;

	event = perf_event_create_kernel_counter(attr, xu_test_cpu_of(test, pkg),
						 NULL, NULL, NULL);
	if (!IS_ERR(event))
		KUNIT_ASSERT_EQ(test, 0,
				kunit_add_action_or_reset(test, xu_test_release,
							  event));
	return event;
}

/**
 * xu_test_open() - as xu_test_try_open(), but failing the test on error
 * @test: the test
 * @xp:   the PMU
 * @pkg:  the package
 * @attr: the attributes
 *
 * Return: the event.
 */
struct perf_event *xu_test_open(struct kunit *test, struct xu_pmu *xp,
				unsigned int pkg, struct perf_event_attr *attr)
{
	struct perf_event *event = xu_test_try_open(test, xp, pkg, attr);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(event),
			       "%s: config %#llx on package %u: error %ld",
			       xp->name, attr->config, pkg, PTR_ERR(event));
	return event;
}

/**
 * xu_test_close() - release an event opened by xu_test_open() now
 * @test:  the test
 * @event: the event
 */
void xu_test_close(struct kunit *test, struct perf_event *event)
{
	kunit_release_action(test, xu_test_release, event);
}

/**
 * xu_test_took_turns() - two events of one box never counted together
 * @test: the test
 * @a:    one, enabled first
 * @b:    the other
 *
 * After 100 ms: @a's running time read first, its enabled time last, the
 * two running times add up to no more than that unless they overlapped;
 * both had a turn.
 */
void xu_test_took_turns(struct kunit *test, struct perf_event *a,
			struct perf_event *b)
{
	u64 ea, ra, eb, rb, r;

	msleep(100);
	perf_event_read_value(a, &ea, &ra);
	perf_event_read_value(b, &eb, &rb);
	perf_event_read_value(a, &ea, &r);
	KUNIT_EXPECT_GT(test, ra, 0);
	KUNIT_EXPECT_GT(test, rb, 0);
	KUNIT_EXPECT_LE_MSG(test, ra + rb, ea,
			    "a ran %llu ns, b %llu ns, of %llu", ra, rb, ea);
}

/**
 * xu_test_ran_throughout() - an event ran all the time it was enabled
 * @test:  the test
 * @event: the event
 */
void xu_test_ran_throughout(struct kunit *test, struct perf_event *event)
{
	u64 e, r;

	perf_event_read_value(event, &e, &r);
	KUNIT_EXPECT_GT(test, e, 0);
	KUNIT_EXPECT_EQ_MSG(test, e, r, "config %#llx config1 %#llx",
			    event->attr.config, event->attr.config1);
}

/**
 * xu_test_sim_rd() - read a register of the module's or a private simulator
 * @test:   the test
 * @sim:    the simulator
 * @socket: the socket
 * @reg:    the MSR
 *
 * Return: its value; the test fails if the read does.
 */
u64 xu_test_sim_rd(struct kunit *test, struct xu_sim *sim,
		   unsigned int socket, u32 reg)
{
	u64 val = 0;

	KUNIT_ASSERT_EQ_MSG(test, 0, xu_sim_read(sim, socket, reg, &val),
			    "read of MSR %#x on socket %u", reg, socket);
	return val;
}

/**
 * xu_test_sim_wr() - write a simulated register, failing the test on error
 * @test:   the test
 * @sim:    the simulator
 * @socket: the socket
 * @reg:    the MSR
 * @val:    the value
 */
void xu_test_sim_wr(struct kunit *test, struct xu_sim *sim,
		    unsigned int socket, u32 reg, u64 val)
{
	KUNIT_ASSERT_EQ_MSG(test, 0, xu_sim_write(sim, socket, reg, val),
			    "write of MSR %#x on socket %u", reg, socket);
}

/**
 * xu_test_ctl() - the control register image of an active event's counter
 * @test:  the test
 * @event: an event of the module's PMUs, counting
 *
 * Return: the simulator's CNT_CTL (M-Box) or EVT_SEL (U-Box).
 */
u64 xu_test_ctl(struct kunit *test, struct perf_event *event)
{
	struct xu_box *box = xu_event_box(event);
	struct xu_pmu *xp = box->pmu;
	int idx = READ_ONCE(event->hw.idx);
	u32 reg;

	KUNIT_ASSERT_GE_MSG(test, idx, 0, "%s: event has no counter", xp->name);
	if (!strcmp(xp->type->name, "ubox"))
		reg = NHMEX_U_EVT_SEL;
	else
		reg = NHMEX_M_CNT_CTL(xp->idx, idx);
	return xu_test_sim_rd(test, box->io_priv, box->pkg, reg);
}

/**
 * xu_test_pmi_off() - a control image as the module writes it
 * @xp:  the PMU
 * @ctl: the image with pmi_en set, as pmi=1 (the default) writes it
 *
 * Return: @ctl, without its pmi_en bit if the module runs with pmi=0.
 */
u64 xu_test_pmi_off(const struct xu_pmu *xp, u64 ctl)
{
	if (xp->uncore->pmi)
		return ctl;
	return ctl & ~(strcmp(xp->type->name, "ubox") ? XU_TEST_M_PMI :
						       XU_TEST_U_PMI);
}

/* U_MSR_PMON_GLOBAL_CTL.en_all, Table 2-2 */
#define XU_TEST_U_EN_ALL	0x10000000ULL

/**
 * xu_test_pmi_settled() - wait until a package's PMI has been handled
 * @sim: the case's simulator (xu_test_sim())
 * @pkg: the package
 *
 * An overflow with pmi_en set freezes the whole package (frz_all clears
 * en_all) and raises the PMI, which the collecting CPU handles later, in
 * an NMI: events injected before that are lost, as on hardware.  Waits,
 * at most a second, until en_all is set again and
 * U_MSR_PMON_GLOBAL_STATUS is clear, and the walk that cleared them has
 * ended (it writes the samples after the unfreeze).  With pmi=0 no PMI
 * clears the status, so only en_all counts.
 *
 * Return: true if the package counts again with no overflow pending.
 */
bool xu_test_pmi_settled(struct xu_sim *sim, unsigned int pkg)
{
	struct xu_uncore *uc = xu_uncore_instance();
	unsigned long end = jiffies + HZ;
	u64 ctl, sts;

	for (;;) {
		if (xu_sim_read(sim, pkg, NHMEX_U_GLOBAL_CTL, &ctl) ||
		    xu_sim_read(sim, pkg, NHMEX_U_GLOBAL_STATUS, &sts))
			return false;
		if ((ctl & XU_TEST_U_EN_ALL) &&
		    (!uc->pmi || (!sts && READ_ONCE(uc->pkgs[pkg].walker) < 0)))
			return true;
		if (time_after(jiffies, end))
			return false;
		usleep_range(100, 200);
	}
}

/**
 * xu_test_wait_pmi() - xu_test_pmi_settled(), failing the test if not
 * @test: the test
 * @sim:  the case's simulator (xu_test_sim())
 * @pkg:  the package
 *
 * Call it after every injection that may overflow a counter, before the
 * next injection on the package or a read that expects the overflow
 * folded.
 */
void xu_test_wait_pmi(struct kunit *test, struct xu_sim *sim, unsigned int pkg)
{
	if (xu_test_pmi_settled(sim, pkg))
		return;
	KUNIT_FAIL_AND_ABORT(test,
			     "package %u: no PMI handled within 1 s: U GLOBAL_CTL %#llx STATUS %#llx",
			     pkg, xu_test_sim_rd(test, sim, pkg, NHMEX_U_GLOBAL_CTL),
			     xu_test_sim_rd(test, sim, pkg, NHMEX_U_GLOBAL_STATUS));
}

/**
 * xu_test_settle() - wait until the package's PMI was walked
 * @test: the test, aborted after 1 s
 * @sim:  the case's simulator (xu_test_sim())
 * @pkg:  the package
 * @e5:   the simulator is an E5 model
 *
 * On the Xeon 7500 / E7, xu_test_wait_pmi(); on the E5 v2, until the
 * global status is clear and the walk that cleared it has ended (it acks
 * the status before it unfreezes the package: an event injected between
 * the two is lost, as on hardware); on SNB-EP, which has no uncore PMI,
 * at once.
 */
void xu_test_settle(struct kunit *test, struct xu_sim *sim, unsigned int pkg,
		    bool e5)
{
	unsigned long end = jiffies + HZ;
	u64 sts;

	if (!e5) {
		xu_test_wait_pmi(test, sim, pkg);
		return;
	}
	if (!xu_uncore_instance()->plat->global)
		return;
	for (;;) {
		KUNIT_ASSERT_EQ(test, 0, xu_sim_read(sim, pkg, E5_U_GLOBAL_STATUS, &sts));
		if (!sts && READ_ONCE(xu_uncore_instance()->pkgs[pkg].walker) < 0)
			return;
		if (time_after(jiffies, end))
			KUNIT_FAIL_AND_ABORT(test,
					     "package %u: global status %#llx, walker %d after 1 s",
					     pkg, sts,
					     READ_ONCE(xu_uncore_instance()->pkgs[pkg].walker));
		usleep_range(100, 200);
	}
}

/* Status registers of one socket, U-Box first, then the M-Boxes */
#define XU_TEST_NR_STS	(1 + NHMEX_M_NUM_BOXES)

static u32 xu_test_sts_reg(unsigned int i)
{
	return i ? NHMEX_M_GLOBAL_STATUS(i - 1) : NHMEX_U_GLOBAL_STATUS;
}

static u32 xu_test_ovf_reg(unsigned int i)
{
	return i ? NHMEX_M_GLOBAL_OVF_CTL(i - 1) : NHMEX_U_GLOBAL_OVF_CTL;
}

struct xu_test_sim_state {
	struct xu_sim *sim;
	unsigned int sockets;
	u64 sts[];		/* XU_TEST_NR_STS per socket */
};

static void xu_test_restore_sim(void *data)
{
	struct xu_test_sim_state *st = data;
	unsigned int s, i;
	u64 now;

	/*
	 * Clear only the overflow status bits the test left behind, once a
	 * PMI under way has been handled: cleared under it, its status
	 * would make the NMI look foreign and leave the package frozen.
	 */
	for (s = 0; s < st->sockets; s++) {
		if (!xu_test_pmi_settled(st->sim, s))
			pr_warn("xeon_uncore_test: package %u: a PMI was not handled within 1 s\n",
				s);
		for (i = XU_TEST_NR_STS; i-- > 0; ) {
			if (xu_sim_read(st->sim, s, xu_test_sts_reg(i), &now))
				continue;
			now &= ~st->sts[s * XU_TEST_NR_STS + i];
			if (now)
				xu_sim_write(st->sim, s, xu_test_ovf_reg(i), now);
		}
	}
	xu_sim_set_manual_clock(st->sim, false);
	xu_sim_set_generator(st->sim, true);
}

/**
 * xu_test_quiet_sim() - stop the case's simulator's generator for a test
 * @test: the test
 * @sim:  the case's simulator (xu_test_sim())
 *
 * When the test ends the generator runs again on the real clock, and the
 * overflow status bits the test set are cleared.
 */
void xu_test_quiet_sim(struct kunit *test, struct xu_sim *sim)
{
	unsigned int s, i, sockets = xu_uncore_instance()->num_pkgs;
	struct xu_test_sim_state *st;

	st = kunit_kzalloc(test, struct_size(st, sts, sockets * XU_TEST_NR_STS),
			   GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, st);
	st->sim = sim;
	st->sockets = sockets;
	for (s = 0; s < sockets; s++)
		for (i = 0; i < XU_TEST_NR_STS; i++)
			st->sts[s * XU_TEST_NR_STS + i] =
				xu_test_sim_rd(test, sim, s, xu_test_sts_reg(i));
	xu_sim_set_generator(sim, false);
	KUNIT_ASSERT_EQ(test, 0,
			kunit_add_action_or_reset(test, xu_test_restore_sim, st));
}

MODULE_DESCRIPTION("KUnit suites of the xeon_uncore perf driver and its simulated uncore");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(XU_NS);
MODULE_IMPORT_NS(XU_NS_INTERNAL);
MODULE_IMPORT_NS(XU_NS_KUNIT);
MODULE_IMPORT_NS(XU_SIM_NS);
