// SPDX-License-Identifier: GPL-2.0-only
/*
 * Xeon E5-2600 (snbep) and E5-2600 v2 (ivbep).
 *
 * xeon_uncore_e5map: the socket of a PCI bus from literal U-Box
 * CPUNODEID/GIDNIDMAP values, and a counter read as two dwords across a
 * carry; no simulator needed.
 *
 * xeon_e5_pmu: the PMUs the module registered on an attached simulator
 * of each E5 platform, the case's parameter (xu_test_sim()): names,
 * format strings, the control register each config becomes (read back
 * from the simulated MSRs and PCI functions), refusals, and the
 * scheduling of events that share a filter register.
 * Register images are literals from the E5 datasheet's PmonCntrCfg and
 * the guides' filter tables.
 */
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/pci.h>
#include <linux/string.h>

#include <xeon_uncore/snbep.h>

#include "xu_test.h"

/* ---- xeon_uncore_e5map ---- */

struct map_case {
	const char *name;
	u32 cpunodeid;
	u32 gidnidmap;
	int pkg;
};

/*
 * GIDNIDMAP holds the node id of package i in bits 3i+2:3i.  0x8: package
 * 0 is node 0, package 1 node 1.  0x2: package 0 is node 2, package 1
 * node 0.
 */
static const struct map_case map_cases[] = {
	{ "2s identity, node 0", 0x0, 0x8, 0 },
	{ "2s identity, node 1", 0x1, 0x8, 1 },
	{ "2s swapped: node 2 is package 0", 0x2, 0x2, 0 },
	{ "2s swapped: node 0 is package 1", 0x0, 0x2, 1 },
	/* 4 sockets, packages 0..3 are nodes 1, 3, 0, 2: 0b010000011001 */
	{ "4s: node 1 is package 0", 0x1, 0x419, 0 },
	{ "4s: node 3 is package 1", 0x3, 0x419, 1 },
	{ "4s: node 0 is package 2", 0x0, 0x419, 2 },
	{ "4s: node 2 is package 3", 0x2, 0x419, 3 },
	/* only bits 2:0 of CPUNODEID are the node id */
	{ "4s: CPUNODEID bits above 2:0 ignored", 0xfffffff8 | 0x3, 0x419, 1 },
	/* 8 nodes, GIDNIDMAP 7 6 5 4 3 2 1 0 from package 0 up */
	{ "8s reversed: node 7 is package 0", 0x7, 0x053977, 0 },
	{ "8s reversed: node 0 is package 7", 0x0, 0x053977, 7 },
	{ "no package has the node", 0x5, 0x419, -1 },
};

static void map_desc(const struct map_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(map, map_cases, map_desc);

static void e5_map_node(struct kunit *test)
{
	const struct map_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, xu_pci_map_node(c->cpunodeid, c->gidnidmap), c->pkg);
}

/*
 * A fake counter: each read returns the register and then advances the
 * counter by @step, so that a carry out of the low dword can fall
 * between any two reads.
 */
struct split_ctr {
	u64 val;
	u64 step;
	unsigned int reads;
	int fail_at;		/* the read that fails, -1 for none */
};

static int split_rd(void *ctx, u32 off, u32 *v)
{
	struct split_ctr *c = ctx;

	if (c->reads++ == c->fail_at)
		return -EIO;
	*v = off & 4 ? upper_32_bits(c->val) : lower_32_bits(c->val);
	c->val += c->step;
	return 0;
}

static void e5_split_read(struct kunit *test)
{
	struct split_ctr c = { .fail_at = -1 };
	u64 val;

	/*
	 * Far from a carry: low, then high, 2 reads; the value the counter
	 * held at the low read
	 */
	c.val = 0x1234567800ULL;
	c.step = 0x10;
	KUNIT_EXPECT_EQ(test, 0, xu_split_read(split_rd, &c, 0xa0, &val));
	KUNIT_EXPECT_EQ(test, val, 0x1234567800ULL);
	KUNIT_EXPECT_EQ(test, c.reads, 2);

	/* the low dword 2^27 below its top: still 2 reads; one more, 3 */
	c = (struct split_ctr){ .val = 0x1f7ffffffULL, .step = 0x1, .fail_at = -1 };
	KUNIT_EXPECT_EQ(test, 0, xu_split_read(split_rd, &c, 0xa0, &val));
	KUNIT_EXPECT_EQ(test, val, 0x1f7ffffffULL);
	KUNIT_EXPECT_EQ(test, c.reads, 2);
	c = (struct split_ctr){ .val = 0x1f8000000ULL, .step = 0x1, .fail_at = -1 };
	KUNIT_EXPECT_EQ(test, 0, xu_split_read(split_rd, &c, 0xa0, &val));
	KUNIT_EXPECT_EQ(test, val, 0x1f8000002ULL);
	KUNIT_EXPECT_EQ(test, c.reads, 3);

	/*
	 * The carry falls between the low read and the high one: low
	 * 0xfffffff0, high 0x2.  Torn, the value would be 0x2_fffffff0,
	 * 2^32 ahead; the low dword read again (0x10, below the first: it
	 * wrapped) and the high one after it give a value the counter held
	 * (at the second low read, 0x2_00000010).
	 */
	c = (struct split_ctr){ .val = 0x1fffffff0ULL, .step = 0x10, .fail_at = -1 };
	KUNIT_EXPECT_EQ(test, 0, xu_split_read(split_rd, &c, 0xa0, &val));
	KUNIT_EXPECT_EQ(test, val, 0x200000010ULL);
	KUNIT_EXPECT_EQ(test, c.reads, 4);

	/*
	 * The same at 2^48, where a 48-bit counter wraps (this fake one
	 * goes on into bit 48, which xu_ctr_read() masks off): low
	 * 0xfffffff0, high 0x10000; torn, 0x1_0000_ffff_fff0
	 */
	c = (struct split_ctr){ .val = 0xfffffffffff0ULL, .step = 0x10, .fail_at = -1 };
	KUNIT_EXPECT_EQ(test, 0, xu_split_read(split_rd, &c, 0xa0, &val));
	KUNIT_EXPECT_EQ(test, val, 0x1000000000010ULL);
	KUNIT_EXPECT_EQ(test, c.reads, 4);

	/*
	 * The carry between the high read and the second low one: high
	 * 0x1 and the second low 0x0 belong to different sides of it, the
	 * high dword is read again
	 */
	c = (struct split_ctr){ .val = 0x1ffffffe0ULL, .step = 0x10, .fail_at = -1 };
	KUNIT_EXPECT_EQ(test, 0, xu_split_read(split_rd, &c, 0xa0, &val));
	KUNIT_EXPECT_EQ(test, val, 0x200000000ULL);
	KUNIT_EXPECT_EQ(test, c.reads, 4);

	/* Near the top, no carry before the second low read: 3 reads */
	c = (struct split_ctr){ .val = 0x1ffffff00ULL, .step = 0x10, .fail_at = -1 };
	KUNIT_EXPECT_EQ(test, 0, xu_split_read(split_rd, &c, 0xa0, &val));
	KUNIT_EXPECT_EQ(test, val, 0x1ffffff20ULL);
	KUNIT_EXPECT_EQ(test, c.reads, 3);

	/* a failed read is an error, never a value */
	c = (struct split_ctr){ .val = 0x1fffffff0ULL, .step = 0x10, .fail_at = 1 };
	KUNIT_EXPECT_EQ(test, -EIO, xu_split_read(split_rd, &c, 0xa0, &val));
	KUNIT_EXPECT_EQ(test, val, 0);
	c = (struct split_ctr){ .val = 0x1fffffff0ULL, .step = 0x10, .fail_at = 3 };
	KUNIT_EXPECT_EQ(test, -EIO, xu_split_read(split_rd, &c, 0xa0, &val));
	KUNIT_EXPECT_EQ(test, val, 0);
}

static struct kunit_case e5_map_cases[] = {
	KUNIT_CASE_PARAM(e5_map_node, map_gen_params),
	KUNIT_CASE(e5_split_read),
	{}
};

static struct kunit_suite e5_map_suite = {
	.name = "xeon_uncore_e5map",
	.test_cases = e5_map_cases,
};

/* ---- xeon_e5_pmu ---- */

/* The case's E5 platform: true for ivbep, false for snbep */
static bool e5_ivb(struct kunit *test)
{
	xu_test_sim(test);
	return xu_test_model(test) == XU_TEST_IVBEP;
}

/* PmonCntrCfg bits the driver owns: en 22, and ov_en 20 on IVB-EP */
static u64 e5_own(struct kunit *test)
{
	return E5_CTL_EN | (e5_ivb(test) ? E5_CTL_OV_EN : 0);
}

static void e5_names(struct kunit *test)
{
	static const char * const both[] = {
		"uncore_ubox", "uncore_cbox_0", "uncore_pcu", "uncore_imc_0",
		"uncore_imc_3", "uncore_qpi_0", "uncore_qpi_1", "uncore_r2pcie",
		"uncore_r3qpi_0", "uncore_r3qpi_1",
	};
	static const char * const ivb[] = {
		"uncore_ha_0", "uncore_ha_1", "uncore_imc_7", "uncore_qpi_2",
		"uncore_r3qpi_2", "uncore_irp",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(both); i++)
		xu_test_pmu(test, both[i]);
	if (e5_ivb(test)) {
		for (i = 0; i < ARRAY_SIZE(ivb); i++)
			xu_test_pmu(test, ivb[i]);
	} else {
		xu_test_pmu(test, "uncore_ha");
	}
}

static void e5_expect_format(struct kunit *test, const char *pmu,
			     const char *field, const char *want)
{
	struct xu_pmu *xp = xu_test_pmu(test, pmu);
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct attribute **a;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (a = xp->type->formats; *a; a++) {
		struct xu_format_attr *f;

		if (strcmp((*a)->name, field))
			continue;
		f = container_of(*a, struct xu_format_attr, attr.attr);
		if (!want)
			KUNIT_FAIL(test, "%s has a format %s", pmu, field);
		else if (f->attr.show(NULL, &f->attr, buf) > 0)
			KUNIT_EXPECT_STREQ(test, strim(buf), want);
		return;
	}
	if (want)
		KUNIT_FAIL(test, "%s has no format %s", pmu, field);
}

static void e5_formats(struct kunit *test)
{
	bool ivb = e5_ivb(test);

	e5_expect_format(test, "uncore_qpi_0", "event", "config:0-7,21");
	e5_expect_format(test, "uncore_ubox", "thresh", "config:24-28");
	e5_expect_format(test, "uncore_cbox_0", "thresh", "config:24-31");
	e5_expect_format(test, "uncore_cbox_0", "tid_en", "config:19");
	e5_expect_format(test, "uncore_imc_0", "tid_en", NULL);
	e5_expect_format(test, "uncore_pcu", "occ_sel", "config:14-15");
	e5_expect_format(test, "uncore_pcu", "filter_band0", "config1:0-7");
	e5_expect_format(test, "uncore_pcu", "filter_band3", "config1:24-31");
	/* the iMC's invert: 327043 Table 2-61; IVB-EP's, ivbep.rst */
	e5_expect_format(test, "uncore_imc_0", "inv", "config:23");
	if (ivb) {
		e5_expect_format(test, "uncore_cbox_0", "filter_opc", "config1:52-60");
		e5_expect_format(test, "uncore_cbox_0", "filter_nid", "config1:32-47");
		e5_expect_format(test, "uncore_cbox_0", "filter_state", "config1:17-22");
		e5_expect_format(test, "uncore_cbox_0", "inv", NULL);
		e5_expect_format(test, "uncore_ha_0", "inv", NULL);
	} else {
		e5_expect_format(test, "uncore_cbox_0", "filter_opc", "config1:23-31");
		e5_expect_format(test, "uncore_cbox_0", "filter_nid", "config1:10-17");
		e5_expect_format(test, "uncore_cbox_0", "filter_state", "config1:18-22");
		e5_expect_format(test, "uncore_cbox_0", "inv", "config:23");
	}
}

static struct perf_event *e5_open(struct kunit *test, const char *pmu,
				  u64 config, u64 config1, u64 config2)
{
	struct xu_pmu *xp = xu_test_pmu(test, pmu);
	struct perf_event_attr attr;

	xu_test_attr(&attr, xp, config);
	attr.config1 = config1;
	attr.config2 = config2;
	return xu_test_open(test, xp, 0, &attr);
}

static int e5_try(struct kunit *test, const char *pmu, u64 config,
		  u64 config1, u64 sample_period)
{
	struct xu_pmu *xp = xu_test_pmu(test, pmu);
	struct perf_event_attr attr;
	struct perf_event *event;

	xu_test_attr(&attr, xp, config);
	attr.config1 = config1;
	attr.sample_period = sample_period;
	event = xu_test_try_open(test, xp, 0, &attr);
	if (IS_ERR(event))
		return PTR_ERR(event);
	xu_test_close(test, event);
	return 0;
}

/* The control register of @event's counter, read from the simulator */
static u64 e5_ctl(struct kunit *test, struct perf_event *event)
{
	struct xu_box *box = xu_event_box(event);
	int idx = READ_ONCE(event->hw.idx);
	u32 reg, v;
	u64 val;

	KUNIT_ASSERT_GE_MSG(test, idx, 0, "%s: no counter", box->pmu->name);
	reg = xu_ctl_reg(box, idx);
	if (box->pmu->type->access == XU_MSR)
		return xu_test_sim_rd(test, box->io_priv, box->pkg, reg);
	KUNIT_ASSERT_EQ(test, 0, pci_read_config_dword(box->pdev, reg, &v));
	val = v;
	return val;
}

struct enc_case {
	const char *pmu;
	u64 config;
	u64 ctl;	/* the register, before the driver's own bits */
	u32 reg;	/* the register the event must land in, 0: any */
};

/* Literal control images: PmonCntrCfg ev_sel 7:0, umask 15:8, ... */
static const struct enc_case enc_cases[] = {
	/* C-Box LLC_LOOKUP (0x34) umask 0x11, tid_en, edge, thresh 1 */
	{ "uncore_cbox_0", 0x010c1134, 0x010c1134 },
	/* iMC CAS_COUNT.RD: event 0x04 umask 0x03 */
	{ "uncore_imc_0", 0x0304, 0x0304 },
	/* QPI CTO_COUNT: ev_sel 0x38 with the extension bit 21 */
	{ "uncore_qpi_0", 0x200038, 0x200038 },
	/* PCU occupancy counter 1 (occ_sel 1), occ_edge */
	{ "uncore_pcu", 0x80004080, 0x80004080 },
	/* U-Box event 0x42 umask 0x01, thresh 31 (5 bits) */
	{ "uncore_ubox", 0x1f000142, 0x1f000142 },
	/* R3QPI event 0x10 (counters 0-1), edge, thresh 1 */
	{ "uncore_r3qpi_0", 0x01040010, 0x01040010 },
};

static void e5_encoding(struct kunit *test)
{
	u64 own = e5_own(test);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(enc_cases); i++) {
		const struct enc_case *c = &enc_cases[i];
		struct perf_event *event = e5_open(test, c->pmu, c->config, 0, 0);
		/* a C-Box's counting events are polled: no ov_en */
		u64 bits = strncmp(c->pmu, "uncore_cbox", 11) ? own : E5_CTL_EN;

		KUNIT_EXPECT_EQ_MSG(test, e5_ctl(test, event), c->ctl | bits,
				    "%s config %#llx", c->pmu, c->config);
		xu_test_close(test, event);
	}
}

/* event=0xff is the fixed counter: its own control and data registers */
static void e5_fixed(struct kunit *test)
{
	u64 ov = e5_ivb(test) ? E5_FIXED_CTL_OV_EN : 0;
	struct perf_event *imc, *ubox;
	struct xu_box *box;
	u32 v;

	imc = e5_open(test, "uncore_imc_0", E5_FIXED_EVENT, 0, 0);
	box = xu_event_box(imc);
	KUNIT_EXPECT_EQ(test, imc->hw.idx, (int)box->pmu->type->num_counters);
	KUNIT_ASSERT_EQ(test, 0, pci_read_config_dword(box->pdev, E5_PCI_FIXED_CTL, &v));
	KUNIT_EXPECT_EQ(test, (u64)v, E5_FIXED_CTL_EN | ov);

	ubox = e5_open(test, "uncore_ubox", E5_FIXED_EVENT, 0, 0);
	box = xu_event_box(ubox);
	KUNIT_EXPECT_EQ(test, ubox->hw.idx, (int)box->pmu->type->num_counters);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, box->io_priv, box->pkg,
					     E5_U_FIXED_CTL), E5_FIXED_CTL_EN | ov);
	xu_test_close(test, ubox);
	xu_test_close(test, imc);
}

/* HA 0: SNB-EP has one HA, uncore_ha */
static const char *e5_ha(struct kunit *test)
{
	return e5_ivb(test) ? "uncore_ha_0" : "uncore_ha";
}

static void e5_refusals(struct kunit *test)
{
	bool ivb = e5_ivb(test);

	/*
	 * ov_en and rst are the driver's; en (bit 22) is taken alone, as
	 * Intel PCM sends it, and refused with any other bit no format names
	 */
	KUNIT_EXPECT_EQ(test, 0, e5_try(test, "uncore_cbox_0", 0x400034, 0, 0));
	KUNIT_EXPECT_EQ(test, -EINVAL, e5_try(test, "uncore_cbox_0", 0x420034, 0, 0));
	KUNIT_EXPECT_EQ(test, -EINVAL, e5_try(test, "uncore_cbox_0", 0x100034, 0, 0));
	KUNIT_EXPECT_EQ(test, -EINVAL, e5_try(test, "uncore_imc_0", 0x20004, 0, 0));
	/* tid_en is the C-Box's alone; ev_sel_ext the QPI's */
	KUNIT_EXPECT_EQ(test, -EINVAL, e5_try(test, "uncore_imc_0", 0x80004, 0, 0));
	KUNIT_EXPECT_EQ(test, -EINVAL, e5_try(test, "uncore_imc_0", 0x200004, 0, 0));
	/* edge acts on the threshold: not without one */
	KUNIT_EXPECT_EQ(test, -EINVAL, e5_try(test, "uncore_r3qpi_0", 0x40010, 0, 0));
	/* U-Box thresh is 5 bits: bit 29 is no field */
	KUNIT_EXPECT_EQ(test, -EINVAL, e5_try(test, "uncore_ubox", 0x20000001, 0, 0));
	/* invert: a field on SNB-EP, reserved on IVB-EP */
	KUNIT_EXPECT_EQ(test, ivb ? -EINVAL : 0,
			e5_try(test, "uncore_cbox_0", 0x800034 | 0x1000000, 0, 0));
	/* a filter the event does not use (CLOCKTICKS has none) */
	KUNIT_EXPECT_EQ(test, -EINVAL, e5_try(test, "uncore_cbox_0", 0x00,
					      ivb ? 0x182ULL << 52 : 0x182ULL << 23, 0));
	/*
	 * a frequency band: its event's, or a claim on the shared filter
	 * (e5_pcu_band_claims); config1 beyond the filter's 32 bits is no
	 * band
	 */
	KUNIT_EXPECT_EQ(test, 0, e5_try(test, "uncore_pcu", 0x0b, 0x20, 0));
	KUNIT_EXPECT_EQ(test, 0, e5_try(test, "uncore_pcu", 0x00, 0x20, 0));
	KUNIT_EXPECT_EQ(test, -EINVAL,
			e5_try(test, "uncore_pcu", 0x00, 0x20ULL << 32, 0));
	/* QPI match/mask only with CTO_COUNT */
	KUNIT_EXPECT_EQ(test, -EINVAL, e5_try(test, "uncore_qpi_0", 0x14, 1, 0));
	/* HA address match only with ADDR_OPC_MATCH (0x20) */
	KUNIT_EXPECT_EQ(test, -EINVAL, e5_try(test, e5_ha(test), 0x0301, 0x40, 0));
	KUNIT_EXPECT_EQ(test, 0, e5_try(test, e5_ha(test), 0x0320, 0x40, 0));
	/* sampling: IVB-EP has the PMI, SNB-EP none */
	KUNIT_EXPECT_EQ(test, ivb ? 0 : -EOPNOTSUPP,
			e5_try(test, "uncore_imc_0", 0x0304, 0, 100000));
	KUNIT_EXPECT_EQ(test, ivb ? 0 : -EOPNOTSUPP,
			e5_try(test, "uncore_cbox_0", 0x00, 0, 100000));
}

/* TOR_INSERTS.MISS_OPCODE (event 0x35 umask 0x03) with @opc */
static u64 e5_tor_cfg1(bool ivb, u64 opc)
{
	return ivb ? opc << 52 : opc << 23;
}

static u64 e5_cbox_filter(struct kunit *test, struct perf_event *event, bool ivb)
{
	struct xu_box *box = xu_event_box(event);
	u64 lo, hi = 0;

	lo = xu_test_sim_rd(test, box->io_priv, box->pkg,
			    xu_box_reg(box, E5_C_FILTER));
	if (ivb)
		hi = xu_test_sim_rd(test, box->io_priv, box->pkg,
				    xu_box_reg(box, IVBEP_C_FILTER1));
	return lo | hi << 32;
}

/*
 * Two TOR_INSERTS.MISS_OPCODE events of one C-Box with different opcodes
 * never count together: perf multiplexes them, so their running times
 * add up to no more than the time they were enabled.  The filter holds
 * one of the two values.  Two events with the same opcode share the
 * filter and both run all the time.
 */
static void e5_filter_share(struct kunit *test)
{
	bool ivb = e5_ivb(test);
	struct perf_event *a, *b;
	u64 f;

	a = e5_open(test, "uncore_cbox_1", 0x0335, e5_tor_cfg1(ivb, 0x182), 0);
	b = e5_open(test, "uncore_cbox_1", 0x0335, e5_tor_cfg1(ivb, 0x180), 0);
	xu_test_took_turns(test, a, b);
	f = e5_cbox_filter(test, a, ivb);
	KUNIT_EXPECT_TRUE_MSG(test, f == e5_tor_cfg1(ivb, 0x182) ||
			      f == e5_tor_cfg1(ivb, 0x180), "filter %#llx", f);
	xu_test_close(test, b);

	b = e5_open(test, "uncore_cbox_1", 0x0335, e5_tor_cfg1(ivb, 0x182), 0);
	msleep(20);
	xu_test_ran_throughout(test, b);
	KUNIT_EXPECT_EQ(test, e5_cbox_filter(test, b, ivb), e5_tor_cfg1(ivb, 0x182));
	xu_test_close(test, b);
	xu_test_close(test, a);
}

/* The PCU's filter register, PCU_MSR_PMON_BOX_FILTER (0xc34) */
static u64 e5_pcu_filter(struct kunit *test, struct perf_event *event)
{
	struct xu_box *box = xu_event_box(event);

	return xu_test_sim_rd(test, box->io_priv, box->pkg, 0xc34);
}

/*
 * The PCU band filter (0xc34, a byte per band, 329468 / 327043): a band
 * is claimed by FREQ_BANDi_CYCLES (0x0b + i) with its value, and by any
 * PCU event whose config1 gives the band a value other than 0.  Intel
 * PCM's frequency view sends config1 0x28140c (bands 1200, 2000 and 4000
 * MHz) with clockticks (0x00) and FREQ_BAND0..2 (0x0b-0x0d): all four
 * run together and the register holds 0x28140c.  A claim on a band no
 * event compares against is held like a used one: clockticks asking band
 * 0 = 0x0c and FREQ_BAND0 with 0x10 take turns, as two FREQ_BAND0 events
 * with different values do; claims on different bands, or none, share.
 */
static void e5_pcu_band_claims(struct kunit *test)
{
	static const u64 pcm[] = { 0x00, 0x0b, 0x0c, 0x0d };
	struct perf_event *ev[ARRAY_SIZE(pcm)], *a, *b;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pcm); i++)
		ev[i] = e5_open(test, "uncore_pcu", pcm[i] | E5_CTL_EN,
				0x28140c, 0);
	KUNIT_EXPECT_EQ(test, e5_pcu_filter(test, ev[0]), 0x28140cULL);
	msleep(20);
	for (i = 0; i < ARRAY_SIZE(pcm); i++) {
		xu_test_ran_throughout(test, ev[i]);
		xu_test_close(test, ev[i]);
	}

	/* clockticks' claim on band 0 against FREQ_BAND0's other value */
	a = e5_open(test, "uncore_pcu", 0x00, 0x0c, 0);
	b = e5_open(test, "uncore_pcu", 0x0b, 0x10, 0);
	xu_test_took_turns(test, a, b);
	KUNIT_EXPECT_TRUE_MSG(test, e5_pcu_filter(test, a) == 0x0c ||
			      e5_pcu_filter(test, a) == 0x10,
			      "filter %#llx", e5_pcu_filter(test, a));
	xu_test_close(test, b);
	xu_test_close(test, a);

	/* on band 3, which no event here compares against: the same */
	a = e5_open(test, "uncore_pcu", 0x4080, 0x05000000, 0);
	b = e5_open(test, "uncore_pcu", 0x00, 0x06000000, 0);
	xu_test_took_turns(test, a, b);
	xu_test_close(test, b);
	xu_test_close(test, a);

	/* different bands, and no claim at all, share the register */
	a = e5_open(test, "uncore_pcu", 0x00, 0x0c00, 0);
	b = e5_open(test, "uncore_pcu", 0x0b, 0x10, 0);
	ev[0] = e5_open(test, "uncore_pcu", 0x4080, 0, 0);
	KUNIT_EXPECT_EQ(test, e5_pcu_filter(test, a), 0x0c10ULL);
	msleep(20);
	xu_test_ran_throughout(test, a);
	xu_test_ran_throughout(test, b);
	xu_test_ran_throughout(test, ev[0]);
	xu_test_close(test, ev[0]);
	xu_test_close(test, b);
	xu_test_close(test, a);
}

/* The HA's match registers, read from the simulator */
static u32 e5_ha_reg(struct kunit *test, struct perf_event *event, int where)
{
	u32 v = 0;

	KUNIT_EXPECT_EQ(test, 0, pci_read_config_dword(xu_event_box(event)->pdev,
						       where, &v));
	return v;
}

/*
 * ADDR_OPC_MATCH.FILT (event 0x20, umask 0x03) writes the address, bits
 * 45:6 of config1, to ADDRMATCH0 (0x40, bits 31:6) and ADDRMATCH1 (0x44,
 * bits 13:0 = address 45:32), the opcode to OPCODEMATCH (0x48).  Another
 * HA event (REQUESTS.READS, 0x01 umask 0x03) uses none of them and runs
 * beside it all the time.
 */
static void e5_ha_match(struct kunit *test)
{
	u64 addr = 0x2abcd12345c0ULL, ea, ra, eb, rb;
	struct perf_event *a, *b;

	a = e5_open(test, e5_ha(test), 0x0320, addr, 0x25);
	b = e5_open(test, e5_ha(test), 0x0301, 0, 0);
	KUNIT_EXPECT_EQ(test, e5_ha_reg(test, a, 0x40), 0xd12345c0U);
	KUNIT_EXPECT_EQ(test, e5_ha_reg(test, a, 0x44), 0x2abcU);
	KUNIT_EXPECT_EQ(test, e5_ha_reg(test, a, 0x48), 0x25U);
	msleep(20);
	perf_event_read_value(a, &ea, &ra);
	perf_event_read_value(b, &eb, &rb);
	KUNIT_EXPECT_EQ(test, ea, ra);
	KUNIT_EXPECT_EQ(test, eb, rb);
	xu_test_close(test, b);
	xu_test_close(test, a);
}

/* ---- a sampling event reported in a global status bit nobody documents */

static void e5_right_guesses(void *sim)
{
	xu_sim_set_wrong_guesses(sim, false);
}

static void e5_generator_on(void *sim)
{
	xu_sim_set_generator(sim, true);
}

static void e5_count_sample(struct perf_event *event,
			    struct perf_sample_data *data, struct pt_regs *regs)
{
	atomic_t *calls = event->overflow_handler_context;

	atomic_inc(calls);
}

KUNIT_DEFINE_ACTION_WRAPPER(e5_release, perf_event_release_kernel,
			    struct perf_event *);

/*
 * The PMI of a sampling event whose box reports in U_MSR_PMON_GLOBAL_STATUS
 * bit 30 or 31, which 329468 Table 2-3 leaves reserved and the driver
 * knows no box by: with wrong guesses the simulator's R3QPI link 2 and
 * QPI port 2 report there.  The raw status still says a PMI is pending:
 * the walk reads every box without a known bit, delivers the sample and
 * acks the bit, so the package is not left frozen.
 */
static void e5_sample_reported_in_an_unknown_bit(struct kunit *test)
{
	static const struct {
		const char *pmu, *box;
		unsigned int idx, event;
		u64 bit;
	} rows[] = {
		/* R3QPI clockticks (event 0x01); QPI clockticks (0x14) */
		{ "uncore_r3qpi_2", "r3qpi", 2, 0x01, BIT_ULL(30) },
		{ "uncore_qpi_2", "qpi", 2, 0x14, BIT_ULL(31) },
	};
	struct xu_sim *sim = xu_test_sim(test);
	unsigned int i;

	if (!e5_ivb(test))
		kunit_skip(test, "SNB-EP has no uncore PMI");
	/* exact counts: nothing but the injections */
	xu_sim_set_generator(sim, false);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, e5_generator_on, sim));
	xu_sim_set_wrong_guesses(sim, true);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, e5_right_guesses, sim));

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		struct xu_pmu *xp = xu_test_pmu(test, rows[i].pmu);
		struct perf_event_attr attr;
		struct perf_event *event;
		unsigned long end;
		u64 en, run, sts = ~0ULL;
		atomic_t calls = ATOMIC_INIT(0);
		u32 box_sts = ~0U;

		xu_test_attr(&attr, xp, rows[i].event);
		attr.sample_period = 1000;
		event = perf_event_create_kernel_counter(&attr, xu_test_cpu_of(test, 0),
							 NULL, e5_count_sample, &calls);
		KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(event), "%s: error %ld",
				       rows[i].pmu, PTR_ERR(event));
		KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, e5_release, event));
		KUNIT_ASSERT_GE(test, READ_ONCE(event->hw.idx), 0);

		KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, 0, rows[i].box, rows[i].idx,
						       rows[i].event, XU_SIM_SUB_ANY, 1000));
		end = jiffies + HZ;
		while (atomic_read(&calls) < 1 && time_before(jiffies, end))
			usleep_range(100, 200);
		KUNIT_EXPECT_EQ_MSG(test, atomic_read(&calls), 1,
				    "%s: samples for one period", rows[i].pmu);
		KUNIT_EXPECT_EQ_MSG(test, perf_event_read_value(event, &en, &run), 1000ULL,
				    "%s: count", rows[i].pmu);
		/* acked: the raw status clear, the box's status clear */
		KUNIT_EXPECT_EQ(test, 0, xu_sim_read(sim, 0, E5_U_GLOBAL_STATUS, &sts));
		KUNIT_EXPECT_EQ_MSG(test, sts, 0ULL, "%s: global status, bit %#llx",
				    rows[i].pmu, rows[i].bit);
		KUNIT_EXPECT_EQ(test, 0, pci_read_config_dword(xu_event_box(event)->pdev,
							       E5_PCI_BOX_STATUS, &box_sts));
		KUNIT_EXPECT_EQ_MSG(test, box_sts, 0U, "%s: box status", rows[i].pmu);
		kunit_release_action(test, e5_release, event);
	}
}

/* ---- a box's own unfreeze while a PMI's freeze awaits its walk */

/* IVB-EP iMC 0 channel 0: function 16.4, counters at 0xa0 + 8 i, box control 0xf4 */
#define E5T_IMC0_DEVFN		PCI_DEVFN(16, 4)
#define E5T_IMC0_CTR(i)		(0xa0 + 8 * (i))
#define E5T_IMC0_BOX_CTL	0xf4
/* PmonUnitCtrl.frz (329468 Table 2-72) */
#define E5T_BOX_FRZ		BIT(8)
/* CAS_COUNT (event 0x04) reads and writes (umask 0x03) */
#define E5T_CAS			0x0304
/* ACT_COUNT.RD, which no injection of these cases reaches */
#define E5T_ACT			0x0101
/* 16 events below the 48-bit wrap */
#define E5T_NEAR_WRAP		0xfffffffffff0ULL

/* The two behaviours a box's frz = 0 may have; the simulator's default first */
static const struct e5_thaw_row {
	const char *desc;
	bool wrong;	/* frz = 0 thaws a PMI's freeze of the box too */
} e5_thaw_rows[] = {
	{ "frz=0 leaves a PMI freeze", false },
	{ "frz=0 thaws a PMI freeze", true },
};

static void e5_thaw_desc(const struct e5_thaw_row *row, char *desc)
{
	strscpy(desc, row->desc, KUNIT_PARAM_DESC_SIZE);
}

XU_TEST_ROW_PARAMS_FN(e5_thaw, XU_TEST_IVBEP, e5_thaw_rows, e5_thaw_desc);

/* exact counts (nothing but the injections), and the row's behaviour */
static void e5_thaw_setup(struct kunit *test, struct xu_sim *sim,
			  const struct e5_thaw_row *row)
{
	xu_sim_set_generator(sim, false);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, e5_generator_on, sim));
	xu_sim_set_wrong_guesses(sim, row->wrong);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, e5_right_guesses, sim));
}

struct e5_thaw {
	struct xu_sim *sim;
	struct xu_uncore *uc;
	struct perf_event *event;
	struct perf_event *other;
	int walked;
	int ret;
	u32 ctr_lo;
	u64 t0, t1, seen, left;
};

/*
 * On the event's collecting CPU, interrupts off, so that neither the
 * watchdog nor a tick comes between: the counter wraps, which freezes the
 * package and raises a PMI (not delivered); perf reads the event; a
 * pmu_disable bracket stops and starts it; a group read's transaction
 * reads both events of the box, freezing and unfreezing the box; 5 more
 * events; then the walk the PMI would have made
 */
static void e5_thaw_here(void *data)
{
	struct e5_thaw *t = data;
	struct perf_event *event = t->event;
	struct pmu *pmu = event->pmu;

	t->ret = xu_sim_inject(t->sim, 0, "imc", 0, 0x04, XU_SIM_SUB_ANY, 0x20);
	if (t->ret)
		return;
	pmu->read(event);
	pmu->pmu_disable(pmu);
	pmu->stop(event, PERF_EF_UPDATE);
	pmu->start(event, PERF_EF_RELOAD);
	pmu->pmu_enable(pmu);
	t->t0 = ktime_get_mono_fast_ns();
	pmu->start_txn(pmu, PERF_PMU_TXN_READ);
	pmu->read(event);
	pmu->read(t->other);
	t->ret = pmu->commit_txn(pmu);
	t->t1 = ktime_get_mono_fast_ns();
	if (t->ret)
		return;
	t->seen = READ_ONCE(t->uc->pkgs[0].pmi_ns);
	t->ret = xu_sim_inject(t->sim, 0, "imc", 0, 0x04, XU_SIM_SUB_ANY, 5);
	if (t->ret)
		return;
	t->walked = xu_handle_pmi(t->uc, 0, NULL);
	t->left = READ_ONCE(t->uc->pkgs[0].pmi_ns);
	t->ret = xu_sim_pci_read(t->sim, 0, E5T_IMC0_DEVFN,
				 E5T_IMC0_CTR(event->hw.idx), &t->ctr_lo);
}

static void e5_deliver_on(void *sim)
{
	xu_sim_set_deliver_pmi(sim, true);
}

/*
 * A counting event's counter wraps, which freezes the package until the
 * PMI's walk folds the wrap; a read folds the count before the walk comes
 * (0x20 events: 0xfffffffffff0 to 0x10), and a group read's transaction
 * over the box's two events freezes and unfreezes the box (box control
 * frz 1, then 0; a pmu_disable bracket that stops and starts one event
 * alone leaves the box counting).  If
 * frz = 0 thawed the box from the PMI's freeze (329468 section 2.1.2
 * offers clearing each box's frz as the way to unfreeze), the counter
 * would move past the read's value before the walk (5 events: 0x15), and
 * the walk's fold, which takes a counter that passed its last read after
 * a wrap for a whole turn, would add 2^48.  Under both behaviours of the
 * simulator: the package stays frozen until the walk, the 5 events are
 * not counted (frozen, as on the silicon), the box is unfrozen by the
 * walk, and the count is exact.  The box's thaw that found the package
 * frozen stamps the package (xu_pkg_saw_pmi()): the walk charges the PMI
 * budget from then, and takes the stamp.
 */
static void e5_box_unfreeze_keeps_a_pmi_freeze(struct kunit *test)
{
	const struct e5_thaw_row *row = xu_test_row(test);
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_imc_0");
	struct e5_thaw t = { .sim = xu_test_sim(test), .uc = xp->uncore };
	struct perf_event_attr attr;
	u64 en, run, count;
	u32 box_ctl = ~0U, lo = 0;
	unsigned int i;

	if (!xp->uncore->pmi)
		kunit_skip(test, "xeon_uncore runs with pmi=0: no PMI freeze");
	e5_thaw_setup(test, t.sim, row);
	for (i = 0; i < 4; i++) {
		KUNIT_ASSERT_EQ(test, 0, xu_sim_pci_write(t.sim, 0, E5T_IMC0_DEVFN,
							  E5T_IMC0_CTR(i),
							  lower_32_bits(E5T_NEAR_WRAP)));
		KUNIT_ASSERT_EQ(test, 0, xu_sim_pci_write(t.sim, 0, E5T_IMC0_DEVFN,
							  E5T_IMC0_CTR(i) + 4,
							  upper_32_bits(E5T_NEAR_WRAP)));
	}
	xu_test_attr(&attr, xp, E5T_CAS);
	t.event = xu_test_open(test, xp, 0, &attr);
	/* a second event of the box, which nothing injected counts */
	xu_test_attr(&attr, xp, E5T_ACT);
	t.other = xu_test_open(test, xp, 0, &attr);
	KUNIT_ASSERT_GE(test, READ_ONCE(t.event->hw.idx), 0);
	KUNIT_ASSERT_LT(test, READ_ONCE(t.event->hw.idx), 4);
	KUNIT_ASSERT_EQ(test, 0, xu_sim_pci_read(t.sim, 0, E5T_IMC0_DEVFN,
						 E5T_IMC0_CTR(t.event->hw.idx), &lo));
	KUNIT_ASSERT_EQ(test, lo, lower_32_bits(E5T_NEAR_WRAP));

	xu_sim_set_deliver_pmi(t.sim, false);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, e5_deliver_on, t.sim));
	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(t.event->cpu, e5_thaw_here,
							  &t, true));
	KUNIT_ASSERT_EQ(test, t.ret, 0);
	xu_sim_set_deliver_pmi(t.sim, true);

	KUNIT_EXPECT_EQ_MSG(test, t.walked, 1, "the walk found the wrap");
	KUNIT_EXPECT_TRUE_MSG(test, t.seen >= t.t0 && t.seen <= t.t1,
			      "the thaw stamped the package at %llu, not in %llu..%llu",
			      t.seen, t.t0, t.t1);
	KUNIT_EXPECT_EQ_MSG(test, t.left, 0ULL, "the walk took the stamp");
	KUNIT_EXPECT_EQ_MSG(test, t.ctr_lo, 0x10U,
			    "the counter did not move while the package was frozen");
	KUNIT_EXPECT_EQ(test, 0, xu_sim_pci_read(t.sim, 0, E5T_IMC0_DEVFN,
						 E5T_IMC0_BOX_CTL, &box_ctl));
	KUNIT_EXPECT_EQ_MSG(test, box_ctl & E5T_BOX_FRZ, 0U, "the walk unfroze the box");
	count = perf_event_read_value(t.event, &en, &run);
	KUNIT_EXPECT_EQ_MSG(test, count, 0x20ULL, "0x20 events to the wrap and past it");
	/* and it counts again */
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(t.sim, 0, "imc", 0, 0x04, XU_SIM_SUB_ANY, 7));
	count = perf_event_read_value(t.event, &en, &run);
	KUNIT_EXPECT_EQ_MSG(test, count, 0x27ULL, "7 more after the walk");
}

/* ---- a global status bit that no ack clears */

static void e5_unstick(void *sim)
{
	xu_sim_stick_global_status(sim, 0);
}

/* IVB-EP U_MSR_PMON_GLOBAL_STATUS bit 30: reserved (329468 Table 2-3) */
#define E5T_STUCK		BIT_ULL(30)

struct e5_stuck {
	struct xu_sim *sim;
	struct xu_uncore *uc;
	struct perf_event *event;
	struct perf_event *other;
	int ret;
	u32 box_ctl;
};

/*
 * On the events' collecting CPU: the walk of an NMI finds the stuck bit;
 * then a group read's transaction freezes and thaws the box
 */
static void e5_stuck_here(void *data)
{
	struct e5_stuck *t = data;
	struct pmu *pmu = t->event->pmu;

	xu_handle_pmi(t->uc, 0, NULL);
	pmu->start_txn(pmu, PERF_PMU_TXN_READ);
	pmu->read(t->event);
	pmu->read(t->other);
	t->ret = pmu->commit_txn(pmu);
	if (!t->ret)
		t->ret = xu_sim_pci_read(t->sim, 0, E5T_IMC0_DEVFN,
					 E5T_IMC0_BOX_CTL, &t->box_ctl);
}

/*
 * A global status bit that reads set whatever is written and that no
 * overflow set (the Xeon 7500 guide's status also reports box disables;
 * IVB-EP's reserved bits may hold anything): once a walk has found it
 * stuck, it no longer says the package is frozen by a PMI.  A group
 * read's thaw then unfreezes its box (taken for a PMI's freeze, the box
 * would count nothing until the watchdog's walk), and the watchdog, run
 * every 50 ms while events are open, neither walks nor reports a lost
 * PMI for it (before: a walk and a "lost" every other run).
 */
static void e5_stuck_status_bit_is_no_freeze(struct kunit *test)
{
	const struct e5_thaw_row *row = xu_test_row(test);
	struct xu_pmu *xp = xu_test_pmu(test, "uncore_imc_0");
	struct e5_stuck t = { .sim = xu_test_sim(test), .uc = xp->uncore };
	struct perf_event_attr attr;
	struct xu_pkg *p = &xp->uncore->pkgs[0];
	u64 en, run, lost, walks;

	if (!xp->uncore->pmi)
		kunit_skip(test, "xeon_uncore runs with pmi=0: no global status read");
	e5_thaw_setup(test, t.sim, row);
	xu_test_attr(&attr, xp, E5T_CAS);
	t.event = xu_test_open(test, xp, 0, &attr);
	xu_test_attr(&attr, xp, E5T_ACT);
	t.other = xu_test_open(test, xp, 0, &attr);
	KUNIT_ASSERT_GE(test, READ_ONCE(t.event->hw.idx), 0);

	xu_sim_stick_global_status(t.sim, E5T_STUCK);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, e5_unstick, t.sim));
	KUNIT_ASSERT_EQ(test, 0, smp_call_function_single(t.event->cpu, e5_stuck_here,
							  &t, true));
	KUNIT_ASSERT_EQ(test, t.ret, 0);
	KUNIT_EXPECT_EQ_MSG(test, p->gsts_stuck, E5T_STUCK, "the walk found the bit stuck");
	KUNIT_EXPECT_EQ_MSG(test, t.box_ctl & E5T_BOX_FRZ, 0U,
			    "the group read unfroze its box");
	KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(t.sim, 0, "imc", 0, 0x04, XU_SIM_SUB_ANY, 9));
	KUNIT_EXPECT_EQ_MSG(test, perf_event_read_value(t.event, &en, &run), 9ULL,
			    "the box counts after the group read");

	lost = READ_ONCE(p->lost);
	walks = READ_ONCE(p->walks);
	msleep(300);
	KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(p->lost), lost, "PMIs the watchdog took for lost");
	KUNIT_EXPECT_EQ_MSG(test, READ_ONCE(p->walks), walks, "walks in 300 ms");
	KUNIT_EXPECT_EQ_MSG(test, perf_event_read_value(t.event, &en, &run), 9ULL,
			    "the count after 300 ms");
}

XU_TEST_PARAMS(e5, XU_TEST_E5);

static struct kunit_case e5_pmu_cases[] = {
	KUNIT_CASE_PARAM(e5_names, e5_gen_params),
	KUNIT_CASE_PARAM(e5_formats, e5_gen_params),
	KUNIT_CASE_PARAM(e5_encoding, e5_gen_params),
	KUNIT_CASE_PARAM(e5_fixed, e5_gen_params),
	KUNIT_CASE_PARAM(e5_refusals, e5_gen_params),
	KUNIT_CASE_PARAM(e5_filter_share, e5_gen_params),
	KUNIT_CASE_PARAM(e5_pcu_band_claims, e5_gen_params),
	KUNIT_CASE_PARAM(e5_ha_match, e5_gen_params),
	KUNIT_CASE_PARAM(e5_sample_reported_in_an_unknown_bit, e5_gen_params),
	KUNIT_CASE_PARAM(e5_box_unfreeze_keeps_a_pmi_freeze, e5_thaw_gen_params),
	KUNIT_CASE_PARAM(e5_stuck_status_bit_is_no_freeze, e5_thaw_gen_params),
	{}
};

static struct kunit_suite e5_pmu_suite = {
	.name = "xeon_e5_pmu",
	.suite_exit = xu_test_suite_exit,
	.test_cases = e5_pmu_cases,
};

kunit_test_suites(&e5_map_suite, &e5_pmu_suite);
