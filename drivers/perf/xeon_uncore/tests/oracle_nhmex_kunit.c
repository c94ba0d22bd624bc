// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_oracle_nhmex: the Xeon 7500 (nhmex) and E7 (wsmex) box
 * descriptions, formats, named events and the control registers the
 * driver writes, checked against facts we did not write: Linux 6.12's
 * uncore_nhmex.c and the Xeon 7500 Uncore Programming Guide (323535).
 * See oracle.h for the citation keys.  The register tables hold literal
 * addresses, one per counter, so that a wrong stride or box offset in the
 * driver cannot hide behind the same arithmetic here.
 *
 * The descriptions of each platform, the case's parameter, are checked
 * from its tables; the control images on a simulator of it
 * (xu_test_sim()).
 */
#include "oracle.h"

/**
 * struct oracle_regs - where a box's registers are
 * @type:    box type name
 * @box:     box index
 * @box_ctl: its GLOBAL_CTL, 0 for the U-Box (checked on the simulator)
 * @n:       general purpose counters
 * @ctl:     counter k's control register
 * @ctr:     counter k's data register
 */
struct oracle_regs {
	const char *type;
	unsigned int box;
	u32 box_ctl;
	unsigned int n;
	u32 ctl[8];
	u32 ctr[8];
};

/*
 * Every box of both platforms; Nehalem-EX has C-Boxes 0-7 only.  All
 * counters are 48 bits wide (N:282-1206 perf_ctr_bits; 323535 2.1).
 */
static const struct oracle_regs oracle_nhmex_regs[] = {
	/* U: N:22-24, 282-294; box_ctl 0xc00 is the global one, below */
	{ "ubox", 0, 0, 1,
	  { 0xc10 },
	  { 0xc11 } },
	/* C: N:37-39, 309-327 (offsets N:310-312, paired H:395-416) */
	{ "cbox", 0, 0xd00, 6,
	  { 0xd10, 0xd12, 0xd14, 0xd16, 0xd18, 0xd1a },
	  { 0xd11, 0xd13, 0xd15, 0xd17, 0xd19, 0xd1b } },
	{ "cbox", 1, 0xd80, 6,
	  { 0xd90, 0xd92, 0xd94, 0xd96, 0xd98, 0xd9a },
	  { 0xd91, 0xd93, 0xd95, 0xd97, 0xd99, 0xd9b } },
	{ "cbox", 2, 0xd40, 6,
	  { 0xd50, 0xd52, 0xd54, 0xd56, 0xd58, 0xd5a },
	  { 0xd51, 0xd53, 0xd55, 0xd57, 0xd59, 0xd5b } },
	{ "cbox", 3, 0xdc0, 6,
	  { 0xdd0, 0xdd2, 0xdd4, 0xdd6, 0xdd8, 0xdda },
	  { 0xdd1, 0xdd3, 0xdd5, 0xdd7, 0xdd9, 0xddb } },
	{ "cbox", 4, 0xd20, 6,
	  { 0xd30, 0xd32, 0xd34, 0xd36, 0xd38, 0xd3a },
	  { 0xd31, 0xd33, 0xd35, 0xd37, 0xd39, 0xd3b } },
	{ "cbox", 5, 0xda0, 6,
	  { 0xdb0, 0xdb2, 0xdb4, 0xdb6, 0xdb8, 0xdba },
	  { 0xdb1, 0xdb3, 0xdb5, 0xdb7, 0xdb9, 0xdbb } },
	{ "cbox", 6, 0xd60, 6,
	  { 0xd70, 0xd72, 0xd74, 0xd76, 0xd78, 0xd7a },
	  { 0xd71, 0xd73, 0xd75, 0xd77, 0xd79, 0xd7b } },
	{ "cbox", 7, 0xde0, 6,
	  { 0xdf0, 0xdf2, 0xdf4, 0xdf6, 0xdf8, 0xdfa },
	  { 0xdf1, 0xdf3, 0xdf5, 0xdf7, 0xdf9, 0xdfb } },
	{ "cbox", 8, 0xf40, 6,
	  { 0xf50, 0xf52, 0xf54, 0xf56, 0xf58, 0xf5a },
	  { 0xf51, 0xf53, 0xf55, 0xf57, 0xf59, 0xf5b } },
	{ "cbox", 9, 0xfc0, 6,
	  { 0xfd0, 0xfd2, 0xfd4, 0xfd6, 0xfd8, 0xfda },
	  { 0xfd1, 0xfd3, 0xfd5, 0xfd7, 0xfd9, 0xfdb } },
	/* B: N:43-46, 425-440 */
	{ "bbox", 0, 0xc20, 4,
	  { 0xc30, 0xc32, 0xc34, 0xc36 },
	  { 0xc31, 0xc33, 0xc35, 0xc37 } },
	{ "bbox", 1, 0xc60, 4,
	  { 0xc70, 0xc72, 0xc74, 0xc76 },
	  { 0xc71, 0xc73, 0xc75, 0xc77 } },
	/* S: N:64-67, 502-516 */
	{ "sbox", 0, 0xc40, 4,
	  { 0xc50, 0xc52, 0xc54, 0xc56 },
	  { 0xc51, 0xc53, 0xc55, 0xc57 } },
	{ "sbox", 1, 0xcc0, 4,
	  { 0xcd0, 0xcd2, 0xcd4, 0xcd6 },
	  { 0xcd1, 0xcd3, 0xcd5, 0xcd7 } },
	/* M: N:79-89, 928-943 */
	{ "mbox", 0, 0xca0, 6,
	  { 0xcb0, 0xcb2, 0xcb4, 0xcb6, 0xcb8, 0xcba },
	  { 0xcb1, 0xcb3, 0xcb5, 0xcb7, 0xcb9, 0xcbb } },
	{ "mbox", 1, 0xce0, 6,
	  { 0xcf0, 0xcf2, 0xcf4, 0xcf6, 0xcf8, 0xcfa },
	  { 0xcf1, 0xcf3, 0xcf5, 0xcf7, 0xcf9, 0xcfb } },
	/* R: N:148-151, 1191-1206 */
	{ "rbox", 0, 0xe00, 8,
	  { 0xe10, 0xe12, 0xe14, 0xe16, 0xe18, 0xe1a, 0xe1c, 0xe1e },
	  { 0xe11, 0xe13, 0xe15, 0xe17, 0xe19, 0xe1b, 0xe1d, 0xe1f } },
	{ "rbox", 1, 0xe20, 8,
	  { 0xe30, 0xe32, 0xe34, 0xe36, 0xe38, 0xe3a, 0xe3c, 0xe3e },
	  { 0xe31, 0xe33, 0xe35, 0xe37, 0xe39, 0xe3b, 0xe3d, 0xe3f } },
	/*
	 * W: N:180-182 (names swapped, addresses right), 334-349; 323535
	 * Table 2-94: EVT_SEL_k 0xc90 + 2k, CTR_k 0xc91 + 2k
	 */
	{ "wbox", 0, 0xc80, 4,
	  { 0xc90, 0xc92, 0xc94, 0xc96 },
	  { 0xc91, 0xc93, 0xc95, 0xc97 } },
};

/*
 * Boxes per package: Nehalem-EX, Westmere-EX.  The SDM (vol. 3B Table
 * 18-28) agrees for Nehalem-EX: 8 C-Boxes, 2 S-, 2 B-, 2 M-Boxes, one
 * R-Box of two 8-counter halves, one W- and one U-Box, all 48 bits wide.
 */
static const struct {
	const char *type;
	unsigned int nhmex, wsmex;
} oracle_nhmex_counts[] = {
	{ "ubox", 1, 1 },	/* N:285 */
	/*
	 * N:317 (10) capped to the cores of a package (N:1225): the
	 * Nehalem-EX has 8 cores and C-Boxes (323535 2.1), Westmere-EX 10
	 */
	{ "cbox", 8, 10 },
	{ "bbox", 2, 2 },	/* N:428 */
	{ "sbox", 2, 2 },	/* N:505 */
	{ "mbox", 2, 2 },	/* N:931 */
	{ "rbox", 2, 2 },	/* N:1194 */
	{ "wbox", 1, 1 },	/* N:337 */
};

static unsigned int oracle_nhmex_check_regs(struct kunit *test,
					    const struct xu_platform *plat,
					    bool wsm)
{
	const struct xu_box_type *w;
	unsigned int i, k, facts = 0;
	struct xu_box *box;

	for (i = 0; i < ARRAY_SIZE(oracle_nhmex_counts); i++) {
		const struct xu_box_type *t = oracle_type(plat, oracle_nhmex_counts[i].type);

		KUNIT_ASSERT_NOT_NULL(test, t);
		KUNIT_EXPECT_EQ_MSG(test, t->num_boxes, wsm ? oracle_nhmex_counts[i].wsmex :
				    oracle_nhmex_counts[i].nhmex, "%s %s boxes",
				    plat->name, t->name);
		facts++;
	}
	for (i = 0; i < ARRAY_SIZE(oracle_nhmex_regs); i++) {
		const struct oracle_regs *r = &oracle_nhmex_regs[i];
		const struct xu_box_type *t = oracle_type(plat, r->type);

		KUNIT_ASSERT_NOT_NULL(test, t);
		if (r->box >= t->num_boxes)
			continue;
		box = oracle_box(test, t, r->box);
		KUNIT_EXPECT_EQ_MSG(test, t->num_counters, r->n, "%s %s", plat->name, t->name);
		KUNIT_EXPECT_EQ_MSG(test, t->width, 48, "%s %s", plat->name, t->name);
		KUNIT_EXPECT_EQ(test, t->access, XU_MSR);
		facts += 3;
		if (r->box_ctl) {
			KUNIT_EXPECT_EQ_MSG(test, xu_box_reg(box, t->box_ctl), r->box_ctl,
					    "%s %s_%u GLOBAL_CTL", plat->name, t->name, r->box);
			facts++;
		}
		for (k = 0; k < r->n && k < t->num_counters; k++) {
			KUNIT_EXPECT_EQ_MSG(test, xu_ctl_reg(box, k), r->ctl[k],
					    "%s %s_%u control %u", plat->name, t->name,
					    r->box, k);
			KUNIT_EXPECT_EQ_MSG(test, xu_ctr_reg(box, k), r->ctr[k],
					    "%s %s_%u counter %u", plat->name, t->name,
					    r->box, k);
			facts += 2;
		}
	}

	/*
	 * The W-Box fixed counter: control 0x395, counter 0x394 (N:183-184,
	 * 341-342), 48 bits (323535 Tables 2-94,
	 * 2-101; mainline leaves
	 * fixed_ctr_bits 0), selected by event=0xff (N:330, U:775)
	 */
	w = oracle_type(plat, "wbox");
	box = oracle_box(test, w, 0);
	KUNIT_EXPECT_EQ(test, xu_ctl_reg(box, w->num_counters), 0x395);
	KUNIT_EXPECT_EQ(test, xu_ctr_reg(box, w->num_counters), 0x394);
	KUNIT_EXPECT_EQ(test, w->fixed_width, 48);
	KUNIT_EXPECT_EQ(test, w->fixed_config, 0xffULL);
	return facts + 4;
}

static void oracle_nhmex_registers(struct kunit *test)
{
	const struct xu_test_platform *pf = xu_test_pf(test);
	unsigned int n = oracle_nhmex_check_regs(test, pf->plat,
						 pf->model == XU_TEST_WSMEX);

	kunit_info(test, "%s: %u register facts\n", pf->name, n);
}

static const struct oracle_fmt oracle_nhmex_fmts[] = {
	/* U: N:271-275 */
	{ "ubox", "event", "config:0-7" },
	{ "ubox", "edge", "config:18" },
	/* The C-Box format, also the S- and W-Box's (N:188-198, 295-302) */
	{ "cbox", "event", "config:0-7" },
	{ "cbox", "umask", "config:8-15" },
	{ "cbox", "edge", "config:18" },
	{ "cbox", "inv", "config:23" },
	{ "cbox", "thresh", "config:24-31" },
	/* N:348 */
	{ "wbox", "event", "config:0-7" },
	{ "wbox", "umask", "config:8-15" },
	{ "wbox", "edge", "config:18" },
	{ "wbox", "inv", "config:23" },
	{ "wbox", "thresh", "config:24-31" },
	/* B: N:404-410 */
	{ "bbox", "event", "config:1-5" },
	{ "bbox", "counter", "config:6-7" },
	{ "bbox", "match", "config1:0-63" },
	{ "bbox", "mask", "config2:0-63" },
	/* S: N:478-487 */
	{ "sbox", "event", "config:0-7" },
	{ "sbox", "umask", "config:8-15" },
	{ "sbox", "edge", "config:18" },
	{ "sbox", "inv", "config:23" },
	{ "sbox", "thresh", "config:24-31" },
	{ "sbox", "match", "config1:0-63" },
	/* S_MSR_MASK 62:39 are ignored (323535 Table 2-35): nhmex.rst */
	{ "sbox", "mask", "config2:0-63", NULL, "config2:0-38" },
	/* M: N:863-903 */
	{ "mbox", "count_mode", "config:2-3" },
	{ "mbox", "storage_mode", "config:4-5" },
	{ "mbox", "wrap_mode", "config:6" },
	{ "mbox", "flag_mode", "config:7" },
	{ "mbox", "inc_sel", "config:9-13" },
	{ "mbox", "set_flag_sel", "config:19-21" },
	/* named after the registers they fill (nhmex.rst) */
	{ "mbox", "filter_cfg_en", "config2:63", "addr_en" },
	{ "mbox", "filter_match", "config2:0-33", "addr_match" },
	/* 34-61 is one bit wider than mainline's own 27-bit mask (N:95) */
	{ "mbox", "filter_mask", "config2:34-61", "addr_mask", "config2:34-60" },
	{ "mbox", "dsp", "config1:0-31" },
	{ "mbox", "thr", "config1:0-31" },
	{ "mbox", "fvc", "config1:0-31" },
	{ "mbox", "pgt", "config1:0-31" },
	{ "mbox", "map", "config1:0-31" },
	{ "mbox", "iss", "config1:0-31" },
	{ "mbox", "pld", "config1:32-63" },
	/* R: N:1152-1165 */
	{ "rbox", "event", "config:1-5" },
	/* MM_CFG 21:0 and MATCH/MASK's writable bits (323535 2-50..2-52) */
	{ "rbox", "xbr_mm_cfg", "config:32-63", NULL, "config:32-53" },
	{ "rbox", "xbr_match", "config1:0-63", NULL, "config1:0-17,31-35,48-51" },
	{ "rbox", "xbr_mask", "config2:0-63", NULL, "config2:0-17,31-35,48-51" },
	{ "rbox", "qlx_cfg", "config1:0-15" },
	{ "rbox", "iperf_cfg", "config1:0-31" },
};

/* The fields mainline lacks, each in Documentation/pmu/nhmex.rst */
static const struct oracle_only oracle_nhmex_only[] = {
	{ "sbox", "mask_addr" },
	{ "mbox", "sub2" },
	{ "mbox", "fvc_ev0" },
	{ "mbox", "fvc_ev1" },
	{ "mbox", "fvc_ev2" },
	{ "mbox", "fvc_ev3" },
	{ "rbox", "mask_71_64" },
	{ "rbox", "match_71_64" },
	{ "rbox", "match_flt_cnt" },
	{ "rbox", "ig_flt_cnt" },
	{ "rbox", "mm_trig_en" },
	{ "rbox", "match_rds" },
	{ "rbox", "match_rnid" },
	{ "rbox", "match_dnid" },
	{ "rbox", "mask_rds" },
	{ "rbox", "mask_rnid" },
	{ "rbox", "mask_dnid" },
};

static void oracle_nhmex_formats(struct kunit *test)
{
	const struct xu_test_platform *pf = xu_test_pf(test);
	unsigned int n;

	n = oracle_check_formats(test, pf->plat, oracle_nhmex_fmts,
				 ARRAY_SIZE(oracle_nhmex_fmts), oracle_nhmex_only,
				 ARRAY_SIZE(oracle_nhmex_only));
	kunit_info(test, "%s: %u format facts\n", pf->name, n);
}

/*
 * Mainline's named events (N:329-331, 908-917, 1173-1180), parsed with
 * its formats.  The driver's M-Box events add wrap_mode=1 (0x40), so
 * that a 48-bit count wraps rather than stops (nhmex.rst), and its R-Box
 * names mend mainline's "filt" and "date" typos.
 */
#define ORACLE_WRAP	0x40

static const struct oracle_event oracle_nhmex_events[] = {
	{ "wbox", "clockticks", { 0xff } },
	{ "mbox", "bbox_cmds_read", { 0x1a00, 0x2800 }, NULL, ORACLE_WRAP },
	{ "mbox", "bbox_cmds_write", { 0x1a00, 0x2820 }, NULL, ORACLE_WRAP },
	{ "rbox", "qpi0_flit_send", { 0x0, 0x80000000 } },
	{ "rbox", "qpi1_filt_send", { 0xc, 0x80000000 }, "qpi1_flit_send" },
	{ "rbox", "qpi0_idle_filt", { 0x0, 0x40000000 }, "qpi0_idle_flit" },
	{ "rbox", "qpi1_idle_filt", { 0xc, 0x40000000 }, "qpi1_idle_flit" },
	{ "rbox", "qpi0_date_response", { 0x0, 0xc4 }, "qpi0_data_response" },
	{ "rbox", "qpi1_date_response", { 0xc, 0xc4 }, "qpi1_data_response" },
};

/* Westmere-EX's ZDP_CTL_FVC event fields sit one bit higher (N:914-917) */
static const struct oracle_event oracle_wsmex_events[] = {
	{ "wbox", "clockticks", { 0xff } },
	{ "mbox", "bbox_cmds_read", { 0x1a00, 0x5000 }, NULL, ORACLE_WRAP },
	{ "mbox", "bbox_cmds_write", { 0x1a00, 0x5040 }, NULL, ORACLE_WRAP },
};

static void oracle_nhmex_named_events(struct kunit *test)
{
	const struct xu_test_platform *pf = xu_test_pf(test);
	unsigned int n;

	if (pf->model == XU_TEST_WSMEX)
		n = oracle_check_events(test, pf->plat, oracle_wsmex_events,
					ARRAY_SIZE(oracle_wsmex_events));
	else
		n = oracle_check_events(test, pf->plat, oracle_nhmex_events,
					ARRAY_SIZE(oracle_nhmex_events));
	kunit_info(test, "%s: %u named event facts\n", pf->name, n);
}

/**
 * struct oracle_ctl_case - a perf config and the registers it becomes
 * @desc: the case
 * @pmu:  the PMU
 * @cfg:  config, config1, config2
 * @idx:  the counter it must get, -1 for any
 * @ctl:  the counter control mainline writes (enable bit included)
 * @pmi:  the overflow interrupt bit the driver adds with pmi=1 (mainline
 *        has no interrupt and never sets it)
 * @sub:  sub-registers and the values they must hold, up to three
 */
struct oracle_ctl_case {
	const char *desc;
	const char *pmu;
	u64 cfg[3];
	int idx;
	u64 ctl;
	u64 pmi;
	struct {
		u32 msr;
		u64 val;
	} sub[3];
};

static const struct oracle_ctl_case oracle_nhmex_ctl_cases[] = {
	/* en 22 (N:12, 252-253), pmi_en 20 (N:11; 323535 Table 2-6) */
	{ "ubox event=1,edge", "uncore_ubox", { 0x40001 }, -1, 0x440001, 0x100000 },
	/* event 7:0, umask 15:8, edge 18, inv 23, thresh 31:24 (N:7-14) */
	{ "cbox_0 event=1,umask=2,edge,inv,thresh=3", "uncore_cbox_0",
	  { 0x03840201 }, -1, 0x03c40201, 0x100000 },
	{ "cbox_1 (at 0xd80, N:310)", "uncore_cbox_1",
	  { 0x03840201 }, -1, 0x03c40201, 0x100000 },
	/*
	 * B: en 0 and ev_sel 5:1 only (N:384-389), the counter from bits
	 * 7:6 (N:396-402), MATCH/MASK for ev_sel <= 6 on counter 1
	 * (N:362-366); a counting event gets no PMI enable: bit 20 is the
	 * reference notes' reading of 323535 Table 2-20, a guess
	 * (nhmex.rst), so the poll folds it
	 */
	{ "bbox_1 counter=1,event=5,match,mask", "uncore_bbox_1",
	  { 0x4a, 0x1234, 0xff00 }, 1, 0x0b, 0,
	  { { 0xe4d, 0x1234 }, { 0xe4e, 0xff00 } } },
	{ "bbox_0 counter=3,event=4", "uncore_bbox_0", { 0xc8 }, 3, 0x09, 0 },
	/* S: MM_CFG 0, MATCH, MASK, MM_CFG en 63 (N:68-75, 463-475) */
	{ "sbox_1 event=0,match,mask", "uncore_sbox_1",
	  { 0x0, 0xabcd, 0x1fe }, -1, 0x400000, 0x100000,
	  { { 0xe59, 0xabcd }, { 0xe5a, 0x1fe }, { 0xe58, 0x8000000000000000 } } },
	{ "sbox_0 event=1,umask=2,edge,inv,thresh=3", "uncore_sbox_0",
	  { 0x03840201 }, -1, 0x03c40201, 0x100000 },
	/* M: en 0 (N:98, 863), pmi_en 1 (N:99; 323535 Table 2-67) */
	{ "mbox_1 inc_sel=0x1b,wrap_mode", "uncore_mbox_1", { 0x3640 }, -1, 0x3641, 0x2 },
	/* inc_sel 0 uses DSP, 0xca5 (N:80, 530, 784-799, 843-845) */
	{ "mbox_0 inc_sel=0,wrap_mode,dsp=5", "uncore_mbox_0",
	  { 0x40, 0x5 }, -1, 0x41, 0x2, { { 0xca5, 0x5 } } },
	/*
	 * R: en 0 and ev_sel 5:1 (N:1148-1149), pmi_en 6 (N:176); ev_sel n
	 * of half h is port n / 6 + 4h, n % 6 == 0 its IPERF_CFG0 at
	 * 0xe04 + port (N:155, 1120-1124)
	 */
	{ "rbox_0 event=0,iperf_cfg", "uncore_rbox_0",
	  { 0x0, 0x80000000 }, -1, 0x1, 0x40, { { 0xe04, 0x80000000 } } },
	{ "rbox_1 event=6,iperf_cfg (port 5)", "uncore_rbox_1",
	  { 0xc, 0x80000000 }, -1, 0xd, 0x40, { { 0xe09, 0x80000000 } } },
	/* W: the generic control (N:252-253) */
	{ "wbox event=2,thresh=1", "uncore_wbox", { 0x01000002 }, -1, 0x01400002, 0x100000 },
	/*
	 * The fixed counter: config 0 (U:787) with en bit 0 (N:250-251);
	 * a counting event gets no PMI enable: bit 20 is the driver's guess
	 * (nhmex.rst), so the poll folds it
	 */
	{ "wbox clockticks (fixed)", "uncore_wbox", { 0xff }, 4, 0x1, 0 },
};

XU_TEST_ROW_PARAMS_DESC(oracle_nhmex_ctl, XU_TEST_NX, oracle_nhmex_ctl_cases,
			struct oracle_ctl_case);

/* The literal control register of counter @idx of box @box of @type */
static u32 oracle_nhmex_ctl_reg(struct kunit *test, const char *type,
				unsigned int box, int idx)
{
	unsigned int i;

	if (!strcmp(type, "wbox") && idx == 4)
		return 0x395;
	for (i = 0; i < ARRAY_SIZE(oracle_nhmex_regs); i++) {
		const struct oracle_regs *r = &oracle_nhmex_regs[i];

		if (!strcmp(r->type, type) && r->box == box) {
			KUNIT_ASSERT_LT(test, idx, (int)r->n);
			return r->ctl[idx];
		}
	}
	KUNIT_FAIL_AND_ABORT(test, "no oracle row for %s_%u", type, box);
	return 0;
}

/* The PMU, or skip: a package of few cores has few C-Boxes */
static struct xu_pmu *oracle_pmu(struct kunit *test, const char *name)
{
	struct xu_uncore *uc = xu_uncore_instance();
	unsigned int i;

	xu_test_sim(test);
	for (i = 0; i < uc->num_pmus; i++)
		if (uc->pmus[i].registered && !strcmp(uc->pmus[i].name, name))
			return &uc->pmus[i];
	kunit_skip(test, "%s is not registered here", name);
	return NULL;
}

static void oracle_nhmex_control_images(struct kunit *test)
{
	const struct oracle_ctl_case *c = xu_test_row(test);
	struct xu_pmu *xp = oracle_pmu(test, c->pmu);
	struct perf_event_attr attr;
	struct perf_event *event;
	struct xu_box *box;
	unsigned int i;
	u32 reg;
	u64 want;

	xu_test_attr(&attr, xp, c->cfg[0]);
	attr.config1 = c->cfg[1];
	attr.config2 = c->cfg[2];
	event = xu_test_open(test, xp, 0, &attr);
	box = xu_event_box(event);
	if (c->idx >= 0)
		KUNIT_EXPECT_EQ(test, event->hw.idx, c->idx);
	reg = oracle_nhmex_ctl_reg(test, xp->type->name, xp->idx, event->hw.idx);
	want = c->ctl | (xp->uncore->pmi ? c->pmi : 0);
	KUNIT_EXPECT_EQ_MSG(test, xu_test_sim_rd(test, box->io_priv, box->pkg, reg), want,
			    "%s: MSR %#x", c->desc, reg);
	for (i = 0; i < ARRAY_SIZE(c->sub) && c->sub[i].msr; i++)
		KUNIT_EXPECT_EQ_MSG(test, xu_test_sim_rd(test, box->io_priv, box->pkg,
							 c->sub[i].msr),
				    c->sub[i].val, "%s: MSR %#x", c->desc, c->sub[i].msr);
	/* a stopped event's control is written 0 (N:241-244) */
	xu_test_close(test, event);
	KUNIT_EXPECT_EQ_MSG(test, xu_test_sim_rd(test, box->io_priv, box->pkg, reg), 0ULL,
			    "%s: MSR %#x after close", c->desc, reg);
}

/*
 * U_MSR_PMON_GLOBAL_CTL 0xc00 (N:22) holds en_all, bit 28 (N:28), which
 * init sets (N:201-204; 323535 2.1.2: "The .en_all bit must be set to 1
 * before any uncore counters will collect events")
 */
static void oracle_nhmex_global_enable(struct kunit *test)
{
	struct xu_sim *sim = xu_test_sim(test);
	unsigned int pkg;

	for (pkg = 0; pkg < xu_uncore_instance()->num_pkgs; pkg++) {
		xu_test_wait_pmi(test, sim, pkg);
		KUNIT_EXPECT_TRUE_MSG(test, xu_test_sim_rd(test, sim, pkg, 0xc00) & BIT_ULL(28),
				      "package %u: U GLOBAL_CTL without en_all", pkg);
	}
}

XU_TEST_PARAMS(nx, XU_TEST_NX);

static struct kunit_case oracle_nhmex_cases[] = {
	KUNIT_CASE_PARAM(oracle_nhmex_registers, nx_gen_params),
	KUNIT_CASE_PARAM(oracle_nhmex_formats, nx_gen_params),
	KUNIT_CASE_PARAM(oracle_nhmex_named_events, nx_gen_params),
	KUNIT_CASE_PARAM(oracle_nhmex_control_images, oracle_nhmex_ctl_gen_params),
	KUNIT_CASE_PARAM(oracle_nhmex_global_enable, nx_gen_params),
	{}
};

static struct kunit_suite oracle_nhmex_suite = {
	.name = "xeon_uncore_oracle_nhmex",
	.suite_exit = xu_test_suite_exit,
	.test_cases = oracle_nhmex_cases,
};

kunit_test_suite(oracle_nhmex_suite);
