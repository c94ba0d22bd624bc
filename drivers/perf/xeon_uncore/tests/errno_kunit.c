// SPDX-License-Identifier: GPL-2.0-only
/*
 * The errno tables of the e2e scripts, one KUnit case per row.
 *
 * xeon_uncore_errno: the Xeon 7500 (model=nhmex) and Xeon E7 (wsmex) rows
 * of the e2e scripts 40-errors.sh and 95-nhmex-errors.sh;
 * xeon_e5_errno: the Xeon E5 (snbep) and E5 v2 (ivbep) rows of
 * 83-e5-errors.sh (the three are tools/testing/e2e/common/40-errors.sh
 * now, which keeps the checks that need perf).  Each row names the
 * models it holds on; the parameter generators yield each platform with
 * its rows, which run on a simulator of that platform (xu_test_sim()).
 *
 * A row opens a real event, as perf_event_open() does, on every package
 * (or, for a per-task row, on the current task, CPU -1) and expects an
 * errno written down from the guides and the sysfs format strings, never
 * computed from the driver's masks: Xeon 7500 (323535) U Table 2-6, C
 * 2-13, B 2-20, S 2-29, R 2-44..2-52, M 2-62 and 2-67, W 2-98; Xeon E5
 * PmonCntrCfg (en 22, ov_en 20, rst 17, bits 16 and 63 reserved) and the
 * formats Documentation/pmu/snbep.rst and ivbep.rst list.  The scripts
 * keep what needs perf itself: its parsing, groups, log lines.
 */
#include <linux/err.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "xu_test.h"

/* The models a row holds on */
#define EM_NHMEX	XU_TEST_NHMEX
#define EM_WSMEX	XU_TEST_WSMEX
#define EM_SNBEP	XU_TEST_SNBEP
#define EM_IVBEP	XU_TEST_IVBEP
#define EM_NX		XU_TEST_NX
#define EM_E5		XU_TEST_E5

/* How a row opens its event */
#define EF_TASK		BIT(0)	/* per-task: CPU -1, the current task */
#define EF_FREQ		BIT(1)	/* sample by frequency: freq=1, sample_freq */

struct errno_row {
	const char *desc;
	unsigned int models;
	const char *pmu;
	u64 config;
	u64 config1;
	u64 config2;
	u64 period;		/* sample_period, or sample_freq with EF_FREQ */
	unsigned int flags;
	int err;		/* 0: the event opens */
};

#define ROW(_m, _pmu, _desc, _c, _c1, _c2, _err) \
	{ .desc = _desc, .models = _m, .pmu = _pmu, .config = _c, \
	  .config1 = _c1, .config2 = _c2, .err = _err }
#define ROW_TASK(_m, _pmu, _desc, _c, _err) \
	{ .desc = _desc, .models = _m, .pmu = _pmu, .config = _c, \
	  .flags = EF_TASK, .err = _err }
#define ROW_SAMPLE(_m, _pmu, _desc, _c, _period, _flags, _err) \
	{ .desc = _desc, .models = _m, .pmu = _pmu, .config = _c, \
	  .period = _period, .flags = _flags, .err = _err }

/* ---- Xeon 7500 / E7 ---- */

/*
 * M-Box CNT_CTL (Table 2-67): en 0, pmi_en 1, count_mode 3:2,
 * storage_mode 5:4, wrap_mode 6, flag_mode 7, reserved 8 and 18:14,
 * inc_sel 13:9, set_flag_sel 21:19; "cycles" is inc_sel 0x1b
 */
#define M_CYCLES	0x3600ULL
/* R-Box MM_CFG in config 63:32: mm_trig_en (48), match_flt_cnt 1 (53:52) */
#define R_MM		0x21000000000000ULL

static const struct errno_row nx_rows[] = {
	/* 40-errors.sh: positive controls */
	ROW(EM_NX, "uncore_mbox_0", "40: cycles", M_CYCLES, 0, 0, 0),
	ROW(EM_NX, "uncore_mbox_0", "40: count_mode=1,wrap_mode=1",
	    M_CYCLES | 0x44, 0, 0, 0),
	ROW(EM_NX, "uncore_mbox_0", "40: storage_mode=1,flag_mode=1,set_flag_sel=7",
	    M_CYCLES | 0x10 | 0x80 | 0x380000, 0, 0, 0),
	ROW(EM_NX, "uncore_ubox", "40: event=0xff,edge=1", 0x400ff, 0, 0, 0),
	/* bits no format field covers, the driver's en and pmi_en among them */
	ROW(EM_NX, "uncore_mbox_0", "40: en (bit 0)", 0x1, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_1", "40: pmi_en (bit 1)", 0x2, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "40: reserved bit 8", 0x100, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "40: reserved bits 18:14 (14)", 0x4000, 0, 0,
	    -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "40: bit 62", 0x4000000000000000ULL, 0, 0,
	    -EINVAL),
	/* U EVT_SEL (Table 2-6): en 22 taken alone, as Intel PCM sends it */
	ROW(EM_NX, "uncore_ubox", "40: en (bit 22) alone", 0x400000, 0, 0, 0),
	ROW(EM_NX, "uncore_ubox", "40: en (bit 22) with bit 8", 0x400100, 0, 0,
	    -EINVAL),
	ROW(EM_NX, "uncore_ubox", "40: pmi_en (bit 20)", 0x100000, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_ubox", "40: undocumented bit 8", 0x100, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "40: cycles,config1=0x1", M_CYCLES, 0x1, 0,
	    -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "40: cycles,config2=0x1", M_CYCLES, 0, 0x1,
	    -EINVAL),
	ROW(EM_NX, "uncore_ubox", "40: event=1,config1=0x1", 0x1, 0x1, 0, -EINVAL),
	/* field values the hardware does not define */
	ROW(EM_NX, "uncore_mbox_0", "40: count_mode=3,wrap_mode=1",
	    M_CYCLES | 0xc | 0x40, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "40: storage_mode=2,flag_mode=1",
	    M_CYCLES | 0x20 | 0x80, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "40: storage_mode=3,flag_mode=1",
	    M_CYCLES | 0x30 | 0x80, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "40: set_flag_sel=1 without flag_mode",
	    M_CYCLES | 0x80000, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "40: storage_mode=1 without flag_mode",
	    M_CYCLES | 0x10, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "40: count_mode=1 without wrap_mode",
	    M_CYCLES | 0x4, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_1", "40: count_mode=2 without wrap_mode",
	    M_CYCLES | 0x8, 0, 0, -EINVAL),
	/* an uncore counts for everyone: never per task (perf stat -p, -t) */
	ROW_TASK(EM_NX, "uncore_mbox_0", "40: per-task cycles", M_CYCLES, -EINVAL),
	ROW_TASK(EM_NX, "uncore_ubox", "40: per-task event=1", 0x1, -EINVAL),
	/* a period counts increments: not with an M-Box counting down */
	ROW_SAMPLE(EM_NX, "uncore_mbox_0", "40: sample_period=1000, count_mode=1",
		   M_CYCLES | 0x44, 1000, 0, -EOPNOTSUPP),
	ROW_SAMPLE(EM_NX, "uncore_mbox_1", "40: sample_freq=100, count_mode=2",
		   M_CYCLES | 0x48, 100, EF_FREQ, -EOPNOTSUPP),
	/*
	 * -F above the max_sample_rate parameter (10000, its default, as
	 * tools/testing/kunit/guest.sh loads the module): refused as perf
	 * refuses a sample_freq above its own limit
	 */
	ROW_SAMPLE(EM_NX, "uncore_mbox_0", "40: sample_freq=10000 (max_sample_rate)",
		   M_CYCLES, 10000, EF_FREQ, 0),
	ROW_SAMPLE(EM_NX, "uncore_mbox_0", "40: sample_freq=10001 (above max_sample_rate)",
		   M_CYCLES, 10001, EF_FREQ, -EINVAL),
	ROW_SAMPLE(EM_NX, "uncore_ubox", "40: sample_freq=1000000 (above max_sample_rate)",
		   0x1, 1000000, EF_FREQ, -EINVAL),

	/* 95-nhmex-errors.sh: positive controls */
	ROW(EM_NX, "uncore_cbox_0", "95: C-Box event", 0x05842211, 0, 0, 0),
	ROW(EM_NX, "uncore_rbox_0", "95: R-Box XBR SET1 match", 0x8 | R_MM,
	    0x4000, 0x3e000, 0),
	ROW(EM_NX, "uncore_rbox_0", "95: R-Box IPERF match (TO_R_PROG_EV route)",
	    R_MM, 0x4000, 0x3e000, 0),
	ROW(EM_NX, "uncore_bbox_1", "95: B-Box match event", 0x44, 0x1, 0x1, 0),
	ROW(EM_NX, "uncore_sbox_0", "95: S-Box match event", 0x0, 0x2, 0x7e, 0),
	ROW(EM_NX, "uncore_mbox_0", "95: M-Box PLD with address match", 0x1640,
	    0x900000000ULL, 0x8000000000000000ULL | 0x12345, 0),
	ROW(EM_NX, "uncore_wbox", "95: W-Box fixed counter", 0xff, 0, 0, 0),
	/* bits no format field names */
	ROW(EM_NX, "uncore_cbox_0", "95: C-Box config bit 17", 0x20001, 0, 0,
	    -EINVAL),
	ROW(EM_NX, "uncore_cbox_1", "95: C-Box en (22) alone", 0x400001, 0, 0, 0),
	ROW(EM_NX, "uncore_cbox_1", "95: C-Box en (22) with bit 17", 0x420001, 0, 0,
	    -EINVAL),
	ROW(EM_NX, "uncore_bbox_0", "95: B-Box bit 22 (its en is bit 0)", 0x400002,
	    0, 0, -EINVAL),
	ROW(EM_NX, "uncore_cbox_0", "95: C-Box reserved bit 62",
	    0x4000000000000001ULL, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_cbox_0", "95: C-Box config1", 0x1, 0x1, 0, -EINVAL),
	ROW(EM_NX, "uncore_sbox_1", "95: S-Box mask bit 39 (ignored)", 0x0, 0x1,
	    0x8000000000ULL, -EINVAL),
	ROW(EM_NX, "uncore_bbox_0", "95: B-Box config bit 8", 0x102, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_wbox", "95: W-Box config2", 0x1, 0, 0x1, -EINVAL),
	ROW(EM_NX, "uncore_ubox", "95: U-Box umask", 0x101, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_rbox_0", "95: R-Box pmi_en (6) is the driver's", 0x40,
	    0, 0, -EINVAL),
	ROW(EM_NX, "uncore_rbox_0", "95: R-Box XBR match bit 52 (reserved)",
	    0x8 | R_MM, 0x10000000000000ULL, 0, -EINVAL),
	ROW(EM_NX, "uncore_rbox_1", "95: R-Box XBR mask bits 30:18 (reserved)",
	    0xa | R_MM, 0, 0x40000, -EINVAL),
	/* values the fields hold but the hardware does not take */
	ROW(EM_NX, "uncore_rbox_0", "95: R-Box event=0x18", 0x30, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_rbox_0", "95: R-Box IPERF iperf_cfg=0x31", 0x0, 0x31, 0,
	    -EINVAL),
	ROW(EM_NX, "uncore_rbox_0", "95: R-Box XBR without mm_trig_en",
	    0x8 | 0x1000000000000ULL, 0x4000, 0x3e000, -EINVAL),
	ROW(EM_NX, "uncore_rbox_0", "95: R-Box ig_flt_cnt with match_flt_cnt",
	    0x8 | 0x31000000000000ULL, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_rbox_0", "95: R-Box QLX byte 0 event with byte 1", 0x4,
	    0x2500, 0, -EINVAL),
	ROW(EM_NX, "uncore_rbox_0", "95: R-Box IPERF with a mask, no mm_trig_en",
	    0x0, 0x80000000, 0x1, -EINVAL),
	ROW(EM_NX, "uncore_bbox_0", "95: B-Box match on counter 3", 0xc2, 0x1, 0,
	    -EINVAL),
	ROW(EM_NX, "uncore_sbox_0", "95: S-Box match on event 1", 0x1, 0x1, 0,
	    -EINVAL),
	ROW(EM_NX, "uncore_wbox", "95: W-Box event=0xff with umask", 0x1ff, 0, 0,
	    -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "95: M-Box set_flag_sel without flag_mode",
	    0x1b3640, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_1", "95: M-Box count_mode=1 without wrap_mode",
	    0x3604, 0, 0, -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "95: M-Box config1 on cycles", 0x3640, 0x1, 0,
	    -EINVAL),
	ROW(EM_NX, "uncore_mbox_0", "95: M-Box address match on a non-PLD event",
	    0x3640, 0, 0x8000000000000001ULL, -EINVAL),
	ROW(EM_NX, "uncore_mbox_1", "95: M-Box address match without addr_en",
	    0x1640, 0, 0x12345, -EINVAL),
	/* ZDP_CTL_FVC event field 1: bits 16:14 on Nehalem-EX, 17:15 on E7 */
	ROW(EM_NHMEX, "uncore_mbox_0", "95: M-Box fvc field 1 on inc_sel 0xd",
	    0x1a40, 0x4000, 0, -EINVAL),
	ROW(EM_WSMEX, "uncore_mbox_0", "95: M-Box fvc field 1 on inc_sel 0xd",
	    0x1a40, 0x8000, 0, -EINVAL),
	/* sampling */
	ROW_SAMPLE(EM_NX, "uncore_mbox_0", "95: M-Box count_mode=1 sampling",
		   0x3644, 100000, 0, -EOPNOTSUPP),
	ROW_SAMPLE(EM_NX, "uncore_cbox_0", "95: C-Box sampling", 0x1, 100000, 0, 0),
};

/* ---- Xeon E5 / E5 v2 ---- */

/* C-Box filter_opc: config1 31:23 on SNB-EP, 60:52 on IVB-EP */
#define SNB_OPC(x)	((u64)(x) << 23)
#define IVB_OPC(x)	((u64)(x) << 52)
/* QPI CTO_COUNT, event 0x138: ev_sel 0x38 and its extension bit 21 */
#define QPI_CTO		0x200038ULL

static const struct errno_row e5_rows[] = {
	/* positive controls */
	ROW(EM_E5, "uncore_imc_0", "83: event=0x4,umask=0x3", 0x304, 0, 0, 0),
	ROW(EM_E5, "uncore_imc_0", "83: event=0xff (fixed)", 0xff, 0, 0, 0),
	ROW(EM_E5, "uncore_ubox", "83: event=0x42,thresh=0x1f,edge=1", 0x1f040042,
	    0, 0, 0),
	ROW(EM_SNBEP, "uncore_cbox_0", "83: event=0x35,umask=0x3,filter_opc=0x182",
	    0x335, SNB_OPC(0x182), 0, 0),
	ROW(EM_IVBEP, "uncore_cbox_0", "83: event=0x35,umask=0x3,filter_opc=0x182",
	    0x335, IVB_OPC(0x182), 0, 0),
	ROW(EM_E5, "uncore_qpi_0", "83: event=0x138,umask=0x1", QPI_CTO | 0x100, 0,
	    0, 0),
	ROW(EM_E5, "uncore_r3qpi_0", "83: event=0x1,thresh=0xff", 0xff000001, 0, 0,
	    0),

	/*
	 * One PMU of each type (83's loop).  PmonCntrCfg: rst 17 and ov_en
	 * 20 are the driver's, en 22 is taken alone (Intel PCM sends it
	 * with every event), bit 16 (the lowest of 16..31 in no format of
	 * any box) and 63 are in no format.  inv (23) is a field of every
	 * SNB-EP box and of IVB-EP's iMC only (329468 lists the bit reserved
	 * or leaves it out; the E7 v2 datasheet gives the iMC's:
	 * Documentation/pmu/ivbep.rst).  Only the C-Box, PCU, QPI and HA
	 * have config1 (filter, band, match), only the QPI and HA config2.
	 */
	/* uncore_ubox */
	ROW(EM_E5, "uncore_ubox", "83: bit 16, in no format", 0x10001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_ubox", "83: rst (bit 17)", 0x20001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_ubox", "83: ov_en (bit 20)", 0x100001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_ubox", "83: en (bit 22) alone", 0x400001, 0, 0, 0),
	ROW(EM_E5, "uncore_ubox", "83: en (bit 22) with rst (bit 17)", 0x420001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_ubox", "83: bit 63", 0x8000000000000001ULL, 0, 0, -EINVAL),
	ROW(EM_SNBEP, "uncore_ubox", "83: event=0x1,inv=1,thresh=1", 0x1800001, 0, 0, 0),
	ROW(EM_IVBEP, "uncore_ubox", "83: no inv: bit 23 with thresh=1", 0x1800001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_ubox", "83: no config1 field", 0x1, 0x1, 0, -EINVAL),
	ROW(EM_E5, "uncore_ubox", "83: no config2 field", 0x1, 0, 0x1, -EINVAL),
	/* uncore_cbox_0 */
	ROW(EM_E5, "uncore_cbox_0", "83: bit 16, in no format", 0x10001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_cbox_0", "83: rst (bit 17)", 0x20001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_cbox_0", "83: ov_en (bit 20)", 0x100001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_cbox_0", "83: en (bit 22) alone", 0x400001, 0, 0, 0),
	ROW(EM_E5, "uncore_cbox_0", "83: en (bit 22) with rst (bit 17)", 0x420001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_cbox_0", "83: bit 63", 0x8000000000000001ULL, 0, 0, -EINVAL),
	ROW(EM_SNBEP, "uncore_cbox_0", "83: event=0x1,inv=1,thresh=1", 0x1800001, 0, 0, 0),
	ROW(EM_IVBEP, "uncore_cbox_0", "83: no inv: bit 23 with thresh=1", 0x1800001, 0, 0,
	    -EINVAL),
	ROW(EM_E5, "uncore_cbox_0", "83: no config2 field", 0x1, 0, 0x1, -EINVAL),
	/* uncore_pcu */
	ROW(EM_E5, "uncore_pcu", "83: bit 16, in no format", 0x10001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_pcu", "83: rst (bit 17)", 0x20001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_pcu", "83: ov_en (bit 20)", 0x100001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_pcu", "83: en (bit 22) alone", 0x400001, 0, 0, 0),
	ROW(EM_E5, "uncore_pcu", "83: en (bit 22) with rst (bit 17)", 0x420001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_pcu", "83: bit 63", 0x8000000000000001ULL, 0, 0, -EINVAL),
	ROW(EM_SNBEP, "uncore_pcu", "83: event=0x1,inv=1,thresh=1", 0x1800001, 0, 0, 0),
	ROW(EM_IVBEP, "uncore_pcu", "83: no inv: bit 23 with thresh=1", 0x1800001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_pcu", "83: no config2 field", 0x1, 0, 0x1, -EINVAL),
	/* uncore_imc_0 */
	ROW(EM_E5, "uncore_imc_0", "83: bit 16, in no format", 0x10001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_imc_0", "83: rst (bit 17)", 0x20001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_imc_0", "83: ov_en (bit 20)", 0x100001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_imc_0", "83: en (bit 22) alone", 0x400001, 0, 0, 0),
	ROW(EM_E5, "uncore_imc_0", "83: en (bit 22) with rst (bit 17)", 0x420001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_imc_0", "83: bit 63", 0x8000000000000001ULL, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_imc_0", "83: event=0x1,inv=1,thresh=1", 0x1800001, 0, 0, 0),
	ROW(EM_E5, "uncore_imc_0", "83: inv=1 without thresh", 0x800001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_imc_0", "83: no config1 field", 0x1, 0x1, 0, -EINVAL),
	ROW(EM_E5, "uncore_imc_0", "83: no config2 field", 0x1, 0, 0x1, -EINVAL),
	/* uncore_qpi_0 */
	ROW(EM_E5, "uncore_qpi_0", "83: bit 16, in no format", 0x10001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_qpi_0", "83: rst (bit 17)", 0x20001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_qpi_0", "83: ov_en (bit 20)", 0x100001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_qpi_0", "83: en (bit 22) alone", 0x400001, 0, 0, 0),
	ROW(EM_E5, "uncore_qpi_0", "83: en (bit 22) with rst (bit 17)", 0x420001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_qpi_0", "83: bit 63", 0x8000000000000001ULL, 0, 0, -EINVAL),
	ROW(EM_SNBEP, "uncore_qpi_0", "83: event=0x1,inv=1,thresh=1", 0x1800001, 0, 0, 0),
	ROW(EM_IVBEP, "uncore_qpi_0", "83: no inv: bit 23 with thresh=1", 0x1800001, 0, 0, -EINVAL),
	/* uncore_r2pcie */
	ROW(EM_E5, "uncore_r2pcie", "83: bit 16, in no format", 0x10001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_r2pcie", "83: rst (bit 17)", 0x20001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_r2pcie", "83: ov_en (bit 20)", 0x100001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_r2pcie", "83: en (bit 22) alone", 0x400001, 0, 0, 0),
	ROW(EM_E5, "uncore_r2pcie", "83: en (bit 22) with rst (bit 17)", 0x420001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_r2pcie", "83: bit 63", 0x8000000000000001ULL, 0, 0, -EINVAL),
	ROW(EM_SNBEP, "uncore_r2pcie", "83: event=0x1,inv=1,thresh=1", 0x1800001, 0, 0, 0),
	ROW(EM_IVBEP, "uncore_r2pcie", "83: no inv: bit 23 with thresh=1", 0x1800001, 0, 0,
	    -EINVAL),
	ROW(EM_E5, "uncore_r2pcie", "83: no config1 field", 0x1, 0x1, 0, -EINVAL),
	ROW(EM_E5, "uncore_r2pcie", "83: no config2 field", 0x1, 0, 0x1, -EINVAL),
	/* uncore_r3qpi_0 */
	ROW(EM_E5, "uncore_r3qpi_0", "83: bit 16, in no format", 0x10001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_r3qpi_0", "83: rst (bit 17)", 0x20001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_r3qpi_0", "83: ov_en (bit 20)", 0x100001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_r3qpi_0", "83: en (bit 22) alone", 0x400001, 0, 0, 0),
	ROW(EM_E5, "uncore_r3qpi_0", "83: en (bit 22) with rst (bit 17)", 0x420001, 0, 0, -EINVAL),
	ROW(EM_E5, "uncore_r3qpi_0", "83: bit 63", 0x8000000000000001ULL, 0, 0, -EINVAL),
	ROW(EM_SNBEP, "uncore_r3qpi_0", "83: event=0x1,inv=1,thresh=1", 0x1800001, 0, 0, 0),
	ROW(EM_IVBEP, "uncore_r3qpi_0", "83: no inv: bit 23 with thresh=1", 0x1800001, 0, 0,
	    -EINVAL),
	ROW(EM_E5, "uncore_r3qpi_0", "83: no config1 field", 0x1, 0x1, 0, -EINVAL),
	ROW(EM_E5, "uncore_r3qpi_0", "83: no config2 field", 0x1, 0, 0x1, -EINVAL),
	/* uncore_ha */
	ROW(EM_SNBEP, "uncore_ha", "83: bit 16, in no format", 0x10001, 0, 0, -EINVAL),
	ROW(EM_SNBEP, "uncore_ha", "83: rst (bit 17)", 0x20001, 0, 0, -EINVAL),
	ROW(EM_SNBEP, "uncore_ha", "83: ov_en (bit 20)", 0x100001, 0, 0, -EINVAL),
	ROW(EM_SNBEP, "uncore_ha", "83: en (bit 22) alone", 0x400001, 0, 0, 0),
	ROW(EM_SNBEP, "uncore_ha", "83: en (bit 22) with rst (bit 17)", 0x420001, 0, 0, -EINVAL),
	ROW(EM_SNBEP, "uncore_ha", "83: bit 63", 0x8000000000000001ULL, 0, 0, -EINVAL),
	ROW(EM_SNBEP, "uncore_ha", "83: event=0x1,inv=1,thresh=1", 0x1800001, 0, 0, 0),
	/* uncore_ha_0 */
	ROW(EM_IVBEP, "uncore_ha_0", "83: bit 16, in no format", 0x10001, 0, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_ha_0", "83: rst (bit 17)", 0x20001, 0, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_ha_0", "83: ov_en (bit 20)", 0x100001, 0, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_ha_0", "83: en (bit 22) alone", 0x400001, 0, 0, 0),
	ROW(EM_IVBEP, "uncore_ha_0", "83: en (bit 22) with rst (bit 17)", 0x420001, 0, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_ha_0", "83: bit 63", 0x8000000000000001ULL, 0, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_ha_0", "83: no inv: bit 23 with thresh=1", 0x1800001, 0, 0, -EINVAL),
	/* uncore_irp */
	ROW(EM_IVBEP, "uncore_irp", "83: bit 16, in no format", 0x10001, 0, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_irp", "83: rst (bit 17)", 0x20001, 0, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_irp", "83: ov_en (bit 20)", 0x100001, 0, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_irp", "83: en (bit 22) alone", 0x400001, 0, 0, 0),
	ROW(EM_IVBEP, "uncore_irp", "83: en (bit 22) with rst (bit 17)", 0x420001, 0, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_irp", "83: bit 63", 0x8000000000000001ULL, 0, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_irp", "83: no inv: bit 23 with thresh=1", 0x1800001, 0, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_irp", "83: no config1 field", 0x1, 0x1, 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_irp", "83: no config2 field", 0x1, 0, 0x1, -EINVAL),

	/* the U-Box's thresh is 5 bits (28:24): 31:29 are in no field */
	ROW(EM_E5, "uncore_ubox", "83: thresh bit 29", 0x20000042, 0, 0, -EINVAL),
	/*
	 * filter bits the event does not use: refused, but for the PCU's
	 * bands, which any PCU event may claim (Documentation/pmu/snbep.rst)
	 */
	ROW(EM_E5, "uncore_pcu", "83: event=0xb,filter_band0=0x20", 0xb, 0x20, 0, 0),
	ROW(EM_E5, "uncore_pcu", "83: filter_band0 claimed by event 0x4", 0x4,
	    0x20, 0, 0),
	ROW(EM_E5, "uncore_pcu", "83: config1 bit 32, beyond the bands", 0x4,
	    1ULL << 32, 0, -EINVAL),
	ROW(EM_E5, "uncore_qpi_0", "83: match (config1) with event 0x14", 0x14, 0x1,
	    0, -EINVAL),
	/*
	 * QPI match0/mask0, match1/mask1 are whole registers: reserved all
	 * but vnw 4:3, opc 8:5, mc 12:9, dnid 17:13, rnid4 31; above, all
	 * but rnid 3:0 and rds 19:16
	 */
	ROW(EM_E5, "uncore_qpi_0", "83: mask0 reserved bits 30:18, 2:1", QPI_CTO,
	    0, 0x7ffc0006, -EINVAL),
	ROW(EM_E5, "uncore_qpi_0", "83: match0 reserved bit 0", QPI_CTO, 0x1, 0,
	    -EINVAL),
	ROW(EM_E5, "uncore_qpi_0", "83: match1 reserved bit 4", QPI_CTO,
	    0x10ULL << 32, 0, -EINVAL),
	ROW(EM_E5, "uncore_qpi_0", "83: match0=0x8001fff8,mask1=0xf000f", QPI_CTO,
	    0x8001fff8, 0xf000fULL << 32, 0),
	/* the C-Box opcode filter with an event that matches no opcode */
	ROW(EM_SNBEP, "uncore_cbox_0", "83: filter_opc with event 0x11", 0x11,
	    SNB_OPC(0x182), 0, -EINVAL),
	ROW(EM_IVBEP, "uncore_cbox_0", "83: filter_opc with event 0x11", 0x11,
	    IVB_OPC(0x182), 0, -EINVAL),
	/* an uncore counts for everyone: never per task (perf stat -p, -t) */
	ROW_TASK(EM_E5, "uncore_imc_0", "83: per-task event=0x4", 0x4, -EINVAL),
	ROW_TASK(EM_E5, "uncore_cbox_0", "83: per-task event=0x11", 0x11, -EINVAL),
	/* sampling: SNB-EP has no uncore PMI */
	ROW_SAMPLE(EM_SNBEP, "uncore_imc_0", "83: sample_period=100000", 0x4,
		   100000, 0, -EOPNOTSUPP),
	ROW_SAMPLE(EM_SNBEP, "uncore_cbox_0", "83: sample_period=100000", 0x11,
		   100000, 0, -EOPNOTSUPP),
	ROW_SAMPLE(EM_SNBEP, "uncore_ubox", "83: sample_period=100000 (fixed)", 0xff,
		   100000, 0, -EOPNOTSUPP),
	ROW_SAMPLE(EM_SNBEP, "uncore_pcu", "83: sample_freq=100", 0x4, 100, EF_FREQ,
		   -EOPNOTSUPP),
	/* -F above max_sample_rate (10000, as guest.sh loads the module) */
	ROW_SAMPLE(EM_IVBEP, "uncore_imc_0", "83: sample_freq=10000 (max_sample_rate)",
		   0x4, 10000, EF_FREQ, 0),
	ROW_SAMPLE(EM_IVBEP, "uncore_imc_0", "83: sample_freq=10001 (above max_sample_rate)",
		   0x4, 10001, EF_FREQ, -EINVAL),
	ROW_SAMPLE(EM_IVBEP, "uncore_cbox_0", "83: sample_freq=10001 (above max_sample_rate)",
		   0x11, 10001, EF_FREQ, -EINVAL),
};

static unsigned int errno_models(const void *row)
{
	return ((const struct errno_row *)row)->models;
}

static void errno_desc(const void *row, char *desc)
{
	const struct errno_row *r = row;

	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s: %s", r->pmu, r->desc);
}

XU_TEST_ROW_PARAMS(nx, XU_TEST_NX, nx_rows, errno_models, errno_desc);
XU_TEST_ROW_PARAMS(e5, XU_TEST_E5, e5_rows, errno_models, errno_desc);

/*
 * Open the row's event as perf_event_open() would: CPU-wide on every
 * package (perf stat -a), or on the current task; the errno is the row's,
 * and nothing reaches a reserved bit of the simulated registers.
 */
static void errno_row_opens(struct kunit *test)
{
	const struct errno_row *r = xu_test_row(test);
	struct xu_pmu *xp = xu_test_pmu(test, r->pmu);
	struct xu_sim *sim = xu_test_sim(test);
	u64 violations = xu_sim_violations(sim);
	struct perf_event_attr attr;
	struct perf_event *event;
	int want = r->err;
	unsigned int pkg;

	xu_test_attr(&attr, xp, r->config);
	attr.config1 = r->config1;
	attr.config2 = r->config2;
	attr.sample_period = r->period;
	attr.freq = !!(r->flags & EF_FREQ);
	/* with pmi=0 the module samples nothing */
	if (r->period && !xp->uncore->pmi && !want)
		want = -EOPNOTSUPP;

	if (r->flags & EF_TASK) {
		event = perf_event_create_kernel_counter(&attr, -1, current,
							 NULL, NULL);
		if (!IS_ERR(event))
			perf_event_release_kernel(event);
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR_OR_ZERO(event), want,
				    "%s: config %#llx on the current task",
				    r->pmu, r->config);
	} else {
		for (pkg = 0; pkg < xp->uncore->num_pkgs; pkg++) {
			event = xu_test_try_open(test, xp, pkg, &attr);
			KUNIT_EXPECT_EQ_MSG(test, PTR_ERR_OR_ZERO(event), want,
					    "%s: config %#llx %#llx %#llx on package %u",
					    r->pmu, r->config, r->config1,
					    r->config2, pkg);
			if (!IS_ERR(event))
				xu_test_close(test, event);
		}
	}
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), violations);
}

static struct kunit_case nx_errno_cases[] = {
	KUNIT_CASE_PARAM(errno_row_opens, nx_gen_params),
	{}
};

static struct kunit_suite nx_errno_suite = {
	.name = "xeon_uncore_errno",
	.suite_exit = xu_test_suite_exit,
	.test_cases = nx_errno_cases,
};

static struct kunit_case e5_errno_cases[] = {
	KUNIT_CASE_PARAM(errno_row_opens, e5_gen_params),
	{}
};

static struct kunit_suite e5_errno_suite = {
	.name = "xeon_e5_errno",
	.suite_exit = xu_test_suite_exit,
	.test_cases = e5_errno_cases,
};

kunit_test_suites(&nx_errno_suite, &e5_errno_suite);
