// SPDX-License-Identifier: GPL-2.0-only
/*
 * Xeon E5-2600 v3 (hswep).
 *
 * xeon_hswep_pmu: the PMUs the module registered on an attached
 * simulator of Haswell-EP (xu_test_sim()): names, format strings, the
 * control register each config becomes at the addresses Haswell-EP
 * moved (read back from the simulated MSRs and PCI functions), the UCLK
 * counter, the C-Box filter pair, the counter constraints, refusals,
 * exact counts of injected events in every box type, the 48-bit C-Box
 * counters, how many S-Boxes the PCU's CAPID4 says the die has, and the
 * S-Box's box control set one bit at a time.
 * Addresses, fields and strings are literals from Linux's uncore_snbep.c
 * (hswep_*) and likwid's Haswell-EP tables, not the driver's macros.
 */
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/pci.h>
#include <linux/string.h>
#include <linux/topology.h>

#include "../core.h"
#include "private.h"

static void hswep_names(struct kunit *test)
{
	static const char * const names[] = {
		"uncore_ubox", "uncore_cbox_0", "uncore_sbox_0", "uncore_sbox_1",
		"uncore_pcu", "uncore_ha_0", "uncore_ha_1", "uncore_imc_0",
		"uncore_imc_7", "uncore_qpi_0", "uncore_qpi_1", "uncore_qpi_2",
		"uncore_r2pcie", "uncore_r3qpi_0", "uncore_r3qpi_1",
		"uncore_r3qpi_2", "uncore_irp",
	};
	unsigned int i;

	xu_test_sim(test);
	for (i = 0; i < ARRAY_SIZE(names); i++)
		xu_test_pmu(test, names[i]);
}

static void hswep_expect_format(struct kunit *test, const char *pmu,
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
			KUNIT_EXPECT_STREQ_MSG(test, strim(buf), want, "%s %s",
					       pmu, field);
		return;
	}
	if (want)
		KUNIT_FAIL(test, "%s has no format %s", pmu, field);
}

static const struct {
	const char *pmu, *field, *want;
} hswep_fmts[] = {
	{ "uncore_ubox", "inv", "config:23" },
	{ "uncore_ubox", "thresh", "config:24-28" },
	{ "uncore_ubox", "filter_tid", "config1:0" },
	{ "uncore_ubox", "filter_cid", "config1:1-5" },
	{ "uncore_cbox_0", "inv", NULL },
	{ "uncore_cbox_0", "tid_en", "config:19" },
	{ "uncore_cbox_0", "filter_tid", "config1:0-5" },
	{ "uncore_cbox_0", "filter_link", "config1:6-9" },
	{ "uncore_cbox_0", "filter_state", "config1:17-23" },
	{ "uncore_cbox_0", "filter_nid", "config1:32-47" },
	{ "uncore_cbox_0", "filter_opc", "config1:52-60" },
	{ "uncore_cbox_0", "filter_c6", "config1:61" },
	{ "uncore_cbox_0", "filter_nc", "config1:62" },
	{ "uncore_cbox_0", "filter_isoc", "config1:63" },
	{ "uncore_sbox_0", "tid_en", "config:19" },
	{ "uncore_sbox_0", "inv", "config:23" },
	{ "uncore_sbox_0", "thresh", "config:24-31" },
	{ "uncore_pcu", "inv", "config:23" },
	{ "uncore_pcu", "occ_sel", "config:14-15" },
	{ "uncore_pcu", "filter_band3", "config1:24-31" },
	{ "uncore_ha_0", "inv", "config:23" },
	{ "uncore_ha_0", "match_addr", NULL },
	{ "uncore_imc_0", "tid_en", NULL },
	{ "uncore_irp", "thresh", "config:24-31" },
	{ "uncore_qpi_0", "event", "config:0-7,21" },
	{ "uncore_qpi_0", "inv", "config:23" },
	{ "uncore_qpi_0", "match_opc", "config1:5-8" },
};

static void hswep_formats(struct kunit *test)
{
	unsigned int i;

	xu_test_sim(test);
	for (i = 0; i < ARRAY_SIZE(hswep_fmts); i++)
		hswep_expect_format(test, hswep_fmts[i].pmu, hswep_fmts[i].field,
				    hswep_fmts[i].want);
}

static struct perf_event *hswep_open(struct kunit *test, const char *pmu,
				     u64 config, u64 config1)
{
	struct xu_pmu *xp = xu_test_pmu(test, pmu);
	struct perf_event_attr attr;

	xu_test_attr(&attr, xp, config);
	attr.config1 = config1;
	return xu_test_open(test, xp, 0, &attr);
}

static int hswep_try(struct kunit *test, const char *pmu, u64 config,
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

/* A register of @event's box: an MSR, or a dword of its PCI function */
static u64 hswep_reg(struct kunit *test, struct perf_event *event, u32 reg)
{
	struct xu_box *box = xu_event_box(event);
	u32 v;

	if (box->pmu->type->access == XU_MSR)
		return xu_test_sim_rd(test, box->io_priv, box->pkg, reg);
	KUNIT_ASSERT_EQ(test, 0, pci_read_config_dword(box->pdev, reg, &v));
	return v;
}

/*
 * The control registers of counter 0 of each box, as the sources place
 * them (MSR, or offset in the box's function), a stride between counters
 */
static const struct {
	const char *pmu;
	u64 config;
	u32 ctl0;
	u32 stride;
} hswep_enc[] = {
	/* U-Box event 0x42 umask 0x01, inv, thresh 31 */
	{ "uncore_ubox", 0x1f800142, 0x705, 1 },
	/* C-Box 1 LLC_LOOKUP.ANY, tid_en, edge, thresh 1 */
	{ "uncore_cbox_1", 0x010c1134, 0xe11, 1 },
	/* S-Box 1 event 0x02 umask 0x01, tid_en, inv, thresh 2 */
	{ "uncore_sbox_1", 0x02880102, 0x72b, 1 },
	/* PCU occupancy 1 (occ_sel 1), occ_edge */
	{ "uncore_pcu", 0x80004080, 0x711, 1 },
	{ "uncore_ha_1", 0x0301, 0xd8, 4 },
	{ "uncore_imc_5", 0x0304, 0xd8, 4 },
	{ "uncore_irp", 0x01800101, 0xd8, 4 },
	{ "uncore_qpi_2", 0x0600, 0xd8, 4 },
	{ "uncore_r2pcie", 0x0110, 0xd8, 4 },
	{ "uncore_r3qpi_2", 0x01040010, 0xd8, 4 },
};

static void hswep_encoding(struct kunit *test)
{
	unsigned int i;

	xu_test_sim(test);
	for (i = 0; i < ARRAY_SIZE(hswep_enc); i++) {
		struct perf_event *event = hswep_open(test, hswep_enc[i].pmu,
						      hswep_enc[i].config, 0);
		int idx = READ_ONCE(event->hw.idx);

		KUNIT_ASSERT_GE(test, idx, 0);
		/* en (bit 22) is the driver's; polled: no ov_en */
		KUNIT_EXPECT_EQ_MSG(test,
				    hswep_reg(test, event, hswep_enc[i].ctl0 +
					      idx * hswep_enc[i].stride),
				    hswep_enc[i].config | BIT_ULL(22),
				    "%s config %#llx counter %d", hswep_enc[i].pmu,
				    hswep_enc[i].config, idx);
		xu_test_close(test, event);
	}
}

/* event=0xff of the U-Box is UCLK: control 0x703, data 0x704 */
static void hswep_uclk(struct kunit *test)
{
	struct xu_sim *sim = xu_test_sim(test);
	struct perf_event *event;
	u64 ctr;

	/* the case's clock only: one second of it is one second of UCLK */
	xu_sim_set_manual_clock(sim, true);
	event = hswep_open(test, "uncore_ubox", 0xff, 0);
	KUNIT_EXPECT_EQ(test, event->hw.idx, 2);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, 0x703), BIT_ULL(22));
	ctr = xu_test_sim_rd(test, sim, 0, 0x704);
	xu_sim_advance(sim, NSEC_PER_SEC);
	/* socket 0's uncore clock by default: 1 MHz (Documentation/simulator.rst) */
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, 0x704) - ctr, 1000000ULL);
	xu_test_close(test, event);
}

/*
 * TOR_INSERTS.NID_OPCODE (0x35 umask 0x41) on C-Box 1 uses the node and
 * opcode fields, both in FILTER1 (0xe16, config1 63:32); LLC_LOOKUP.ANY
 * (0x34 umask 0x11) the state field, in FILTER0 (0xe15)
 */
static void hswep_cbox_filters(struct kunit *test)
{
	struct xu_sim *sim = xu_test_sim(test);
	u64 nid_opc = 0x182ULL << 52 | 0x3ULL << 32;
	struct perf_event *a, *b;

	a = hswep_open(test, "uncore_cbox_1", 0x4135, nid_opc);
	b = hswep_open(test, "uncore_cbox_1", 0x1134, 0x7fULL << 17);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, 0xe15), 0xfe0000ULL);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, 0xe16),
			0x182ULL << 20 | 0x3);
	xu_test_close(test, b);
	xu_test_close(test, a);
	/*
	 * perf's io_bandwidth_write: TOR_INSERTS.OPCODE, filter_opc=0x1c8,
	 * filter_tid=0x3e without tid_en; the thread ID is written as given
	 * (FILTER0 5:0 of C-Box 0), filtering nothing without tid_en
	 */
	a = hswep_open(test, "uncore_cbox_0", 0x0135, 0x1c8ULL << 52 | 0x3e);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, 0xe05), 0x3eULL);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, 0xe06),
			0x1c8ULL << 20);
	/*
	 * The same thread ID with tid_en shares the field and runs all the
	 * time; another takes turns with a
	 */
	b = hswep_open(test, "uncore_cbox_0", 0x080013, 0x3e);
	msleep(20);
	xu_test_ran_throughout(test, b);
	xu_test_close(test, b);
	b = hswep_open(test, "uncore_cbox_0", 0x080013, 0x01);
	xu_test_took_turns(test, a, b);
	xu_test_close(test, b);
	xu_test_close(test, a);
}

/* TOR_OCCUPANCY (0x36) counts on C-Box counter 0 only */
static void hswep_constraint(struct kunit *test)
{
	struct perf_event *a, *b;

	xu_test_sim(test);
	a = hswep_open(test, "uncore_cbox_0", 0x0836, 0);
	b = hswep_open(test, "uncore_cbox_0", 0x0013, 0);
	KUNIT_EXPECT_EQ(test, READ_ONCE(a->hw.idx), 0);
	KUNIT_EXPECT_GT(test, READ_ONCE(b->hw.idx), 0);
	xu_test_close(test, a);
	xu_test_close(test, b);
}

static void hswep_refusals(struct kunit *test)
{
	xu_test_sim(test);
	/* no overflow interrupt: sampling is refused */
	KUNIT_EXPECT_EQ(test, -EOPNOTSUPP,
			hswep_try(test, "uncore_imc_0", 0x0304, 0, 100000));
	KUNIT_EXPECT_EQ(test, -EOPNOTSUPP,
			hswep_try(test, "uncore_sbox_0", 0x01, 0, 100000));
	/* the C-Box control has no invert */
	KUNIT_EXPECT_EQ(test, -EINVAL,
			hswep_try(test, "uncore_cbox_0", 0x01800034, 0, 0));
	/* CLOCKTICKS uses no filter field */
	KUNIT_EXPECT_EQ(test, -EINVAL,
			hswep_try(test, "uncore_cbox_0", 0x00, 0x182ULL << 52, 0));
	/* the HA has no match registers here */
	KUNIT_EXPECT_EQ(test, -EINVAL,
			hswep_try(test, "uncore_ha_0", 0x0320, 0x40, 0));
	/*
	 * QPI port 2 has no match/mask function: CTO_COUNT counts by its
	 * registers as they stand, and a match it would need is refused
	 */
	KUNIT_EXPECT_EQ(test, 0, hswep_try(test, "uncore_qpi_2", 0x200038, 0, 0));
	KUNIT_EXPECT_EQ(test, 0, hswep_try(test, "uncore_qpi_2", 0x38, 0, 0));
	KUNIT_EXPECT_EQ(test, -ENODEV,
			hswep_try(test, "uncore_qpi_2", 0x200038, 0x1c40, 0));
	KUNIT_EXPECT_EQ(test, -ENODEV,
			hswep_try(test, "uncore_qpi_2", 0x38, 0x40000ULL << 32, 0));
	KUNIT_EXPECT_EQ(test, 0,
			hswep_try(test, "uncore_qpi_1", 0x200038, 0x1c40, 0));
	/* the U-Box filter: thread and core, bits 5:0 */
	KUNIT_EXPECT_EQ(test, 0, hswep_try(test, "uncore_ubox", 0x42, 0x3f, 0));
	KUNIT_EXPECT_EQ(test, -EINVAL,
			hswep_try(test, "uncore_ubox", 0x42, 0x40, 0));
}

/* Each box type counts exactly the events injected into it */
static const struct {
	const char *pmu, *box;
	unsigned int idx;
	u64 config;
	u64 n;
} hswep_inj[] = {
	{ "uncore_ubox", "ubox", 0, 0x42, 1234 },
	{ "uncore_cbox_1", "cbox", 1, 0x13, 4321 },
	/* 2^44 + 5: the C-Box counters have 48 bits */
	{ "uncore_cbox_0", "cbox", 0, 0x13, BIT_ULL(44) + 5 },
	{ "uncore_sbox_1", "sbox", 1, 0x02, 777 },
	{ "uncore_pcu", "pcu", 0, 0x71, 999 },
	{ "uncore_ha_1", "ha", 1, 0x01, 55555 },
	{ "uncore_imc_6", "imc", 6, 0x05, 31337 },
	{ "uncore_irp", "irp", 0, 0x03, 4242 },
	{ "uncore_qpi_2", "qpi", 2, 0x03, 1111 },
	/*
	 * CTO_COUNT without its match/mask function (hswep_refusals()), as
	 * perf 6.12's unc_q_cto_count gives it: ev_sel 0x38, no extension
	 */
	{ "uncore_qpi_2", "qpi", 2, 0x38, 2222 },
	{ "uncore_r2pcie", "r2pcie", 0, 0x13, 222 },
	/* 2^44 - 1 in the 48-bit R2PCIe after it: still exact */
	{ "uncore_r2pcie", "r2pcie", 0, 0x13, BIT_ULL(44) - 1 },
	{ "uncore_r3qpi_2", "r3qpi", 2, 0x13, 3333 },
};

static void hswep_counts(struct kunit *test)
{
	struct xu_sim *sim = xu_test_sim(test);
	unsigned int i;

	xu_sim_set_generator(sim, false);
	for (i = 0; i < ARRAY_SIZE(hswep_inj); i++) {
		struct perf_event *event = hswep_open(test, hswep_inj[i].pmu,
						      hswep_inj[i].config, 0);
		u64 before, after, en, run;

		before = perf_event_read_value(event, &en, &run);
		KUNIT_ASSERT_EQ(test, 0, xu_sim_inject(sim, 0, hswep_inj[i].box,
						       hswep_inj[i].idx,
						       hswep_inj[i].config, 0,
						       hswep_inj[i].n));
		after = perf_event_read_value(event, &en, &run);
		KUNIT_EXPECT_EQ_MSG(test, after - before, hswep_inj[i].n, "%s",
				    hswep_inj[i].pmu);
		xu_test_close(test, event);
	}
}

static unsigned int hswep_sboxes(struct kunit *test, const char *absent)
{
	const struct xu_test_platform *pf = xu_test_pf(test);
	struct xu_uncore *uc = kunit_kzalloc(test, sizeof(*uc), GFP_KERNEL);
	unsigned int i, n = 0;
	struct xu_sim *sim;

	KUNIT_ASSERT_NOT_NULL(test, uc);
	sim = xu_sim_create_absent(pf->sim, topology_max_packages(), absent);
	KUNIT_ASSERT_FALSE(test, IS_ERR(sim));
	uc->plat = pf->plat;
	uc->io = &xu_sim_io;
	uc->io_priv = sim;
	uc->poll_ns = NSEC_PER_SEC;
	if (xu_uncore_alloc(uc)) {
		xu_sim_destroy(sim);
		KUNIT_FAIL_AND_ABORT(test, "xu_uncore_alloc failed");
	}
	for (i = 0; i < uc->num_pmus; i++)
		n += !strncmp(uc->pmus[i].name, "uncore_sbox_", 12);
	xu_uncore_free(uc);
	xu_sim_destroy(sim);
	return n;
}

/* The most cores a package of this machine has */
static unsigned int hswep_cores(void)
{
	unsigned int cpu, most = 0;

	for_each_present_cpu(cpu)
		most = max(most, cpumask_weight(topology_core_cpumask(cpu)) /
			   cpumask_weight(topology_sibling_cpumask(cpu)));
	return most;
}

/*
 * Four S-Boxes, two on a die whose CAPID4 chop reads 0; the simulator's
 * die is the smallest that has the package's cores (chop 0 up to 8);
 * without the PCU function, four
 */
static void hswep_sbox_count(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, hswep_sboxes(test, NULL),
			hswep_cores() <= 8 ? 2U : 4U);
	KUNIT_EXPECT_EQ(test, hswep_sboxes(test, "pcu_cap"), 4U);
}

/*
 * The S-Box's box control (S-Box 1: 0x72a) is set one bit at a time, as
 * Linux's driver sets it: 0x1, 0x3, 0x10003 at set-up, 0x1, 0x3 at exit
 */
static void hswep_sbox_bit_by_bit(struct kunit *test)
{
	static const u64 init[] = { 0x1, 0x3, 0x10003 }, exit[] = { 0x1, 0x3 };
	struct xu_test_private *p = xu_test_private_create(test, xu_test_pf(test), 0);
	struct xu_pmu *xp = xu_test_private_pmu(test, p, "uncore_sbox_1");
	struct xu_box *box = &xp->boxes[0];
	unsigned int n, i, k = 0;

	xu_sim_log_start(p->sim);
	KUNIT_ASSERT_EQ(test, 0, xp->type->ops->init_box(box));
	xp->type->ops->exit_box(box);
	n = xu_sim_log_stop(p->sim, p->log);
	for (i = 0; i < n; i++) {
		if (!p->log[i].write || p->log[i].pci || p->log[i].msr != 0x72a)
			continue;
		KUNIT_ASSERT_LT(test, k, ARRAY_SIZE(init) + ARRAY_SIZE(exit));
		KUNIT_EXPECT_EQ_MSG(test, p->log[i].val,
				    k < ARRAY_SIZE(init) ? init[k] :
				    exit[k - ARRAY_SIZE(init)], "write %u", k);
		k++;
	}
	KUNIT_EXPECT_EQ(test, k, ARRAY_SIZE(init) + ARRAY_SIZE(exit));
	KUNIT_EXPECT_EQ(test, xu_sim_violations(p->sim), 0);
}

XU_TEST_PARAMS(hswep, XU_TEST_HSWEP);

static struct kunit_case hswep_pmu_cases[] = {
	KUNIT_CASE_PARAM(hswep_names, hswep_gen_params),
	KUNIT_CASE_PARAM(hswep_formats, hswep_gen_params),
	KUNIT_CASE_PARAM(hswep_encoding, hswep_gen_params),
	KUNIT_CASE_PARAM(hswep_uclk, hswep_gen_params),
	KUNIT_CASE_PARAM(hswep_cbox_filters, hswep_gen_params),
	KUNIT_CASE_PARAM(hswep_constraint, hswep_gen_params),
	KUNIT_CASE_PARAM(hswep_refusals, hswep_gen_params),
	KUNIT_CASE_PARAM(hswep_counts, hswep_gen_params),
	KUNIT_CASE_PARAM(hswep_sbox_count, hswep_gen_params),
	KUNIT_CASE_PARAM(hswep_sbox_bit_by_bit, hswep_gen_params),
	{}
};

static struct kunit_suite hswep_pmu_suite = {
	.name = "xeon_hswep_pmu",
	.suite_exit = xu_test_suite_exit,
	.test_cases = hswep_pmu_cases,
};

kunit_test_suites(&hswep_pmu_suite);
