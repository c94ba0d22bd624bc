// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_e5_oracle: the Xeon E5 (snbep) and E5 v2 (ivbep) box descriptions,
 * formats, named events and the control and filter registers the driver
 * writes, checked against facts we did not write: Linux 6.12's
 * uncore_snbep.c and pci_ids.h, and the guides 327043 and 329468.  See
 * oracle.h for the citation keys.
 *
 * Each case runs on both platforms, its parameter, and takes that
 * platform's rows (E5_SNB, E5_IVB or both).
 */
#include <linux/pci.h>

#include "oracle.h"

#define E5_SNB		XU_TEST_SNBEP
#define E5_IVB		XU_TEST_IVBEP
#define E5_BOTH		(E5_SNB | E5_IVB)

/* The case's model (E5_SNB or E5_IVB) and its platform description */
static unsigned int oracle_e5_model(struct kunit *test,
				    const struct xu_platform **plat)
{
	*plat = xu_test_pf(test)->plat;
	return xu_test_model(test);
}

/**
 * struct oracle_e5_regs - where a box's registers are
 * @type:        box type name
 * @box:         box index
 * @models:      E5_SNB, E5_IVB or both
 * @devid:       PCI boxes: the device ID of the box's function
 * @box_ctl:     box control (MSR, or PCI config offset), 0 if none
 * @n:           general purpose counters
 * @width:       their width in bits
 * @ctl:         counter k's control
 * @ctr:         counter k's data register (the low dword for PCI)
 * @fixed_ctl:   the fixed counter's control, 0 if none
 * @fixed_ctr:   its data register
 * @fixed_width: its width
 */
struct oracle_e5_regs {
	const char *type;
	unsigned int box;
	unsigned int models;
	u16 devid;
	u32 box_ctl;
	unsigned int n;
	unsigned int width;
	u32 ctl[4];
	u32 ctr[4];
	u32 fixed_ctl;
	u32 fixed_ctr;
	unsigned int fixed_width;
};

static const struct oracle_e5_regs oracle_e5_regs[] = {
	/* U-Box: S:84-89, 888-900 (SNB), 1668-1680 (IVB); 44 bits, UCLK 48 */
	{ "ubox", 0, E5_BOTH, 0, 0, 2, 44,
	  { 0xc10, 0xc11 },
	  { 0xc16, 0xc17 }, 0xc08, 0xc09, 48 },
	/* C-Boxes: S:92-96, 1045-1059 (SNB, 8), 1799-1812 (IVB, 15); 44 bits */
	{ "cbox", 0, E5_BOTH, 0, 0xd04, 4, 44,
	  { 0xd10, 0xd11, 0xd12, 0xd13 },
	  { 0xd16, 0xd17, 0xd18, 0xd19 }, 0, 0, 0 },
	{ "cbox", 1, E5_BOTH, 0, 0xd24, 4, 44,
	  { 0xd30, 0xd31, 0xd32, 0xd33 },
	  { 0xd36, 0xd37, 0xd38, 0xd39 }, 0, 0, 0 },
	{ "cbox", 2, E5_BOTH, 0, 0xd44, 4, 44,
	  { 0xd50, 0xd51, 0xd52, 0xd53 },
	  { 0xd56, 0xd57, 0xd58, 0xd59 }, 0, 0, 0 },
	{ "cbox", 3, E5_BOTH, 0, 0xd64, 4, 44,
	  { 0xd70, 0xd71, 0xd72, 0xd73 },
	  { 0xd76, 0xd77, 0xd78, 0xd79 }, 0, 0, 0 },
	{ "cbox", 4, E5_BOTH, 0, 0xd84, 4, 44,
	  { 0xd90, 0xd91, 0xd92, 0xd93 },
	  { 0xd96, 0xd97, 0xd98, 0xd99 }, 0, 0, 0 },
	{ "cbox", 5, E5_BOTH, 0, 0xda4, 4, 44,
	  { 0xdb0, 0xdb1, 0xdb2, 0xdb3 },
	  { 0xdb6, 0xdb7, 0xdb8, 0xdb9 }, 0, 0, 0 },
	{ "cbox", 6, E5_BOTH, 0, 0xdc4, 4, 44,
	  { 0xdd0, 0xdd1, 0xdd2, 0xdd3 },
	  { 0xdd6, 0xdd7, 0xdd8, 0xdd9 }, 0, 0, 0 },
	{ "cbox", 7, E5_BOTH, 0, 0xde4, 4, 44,
	  { 0xdf0, 0xdf1, 0xdf2, 0xdf3 },
	  { 0xdf6, 0xdf7, 0xdf8, 0xdf9 }, 0, 0, 0 },
	{ "cbox", 8, E5_IVB, 0, 0xe04, 4, 44,
	  { 0xe10, 0xe11, 0xe12, 0xe13 },
	  { 0xe16, 0xe17, 0xe18, 0xe19 }, 0, 0, 0 },
	{ "cbox", 9, E5_IVB, 0, 0xe24, 4, 44,
	  { 0xe30, 0xe31, 0xe32, 0xe33 },
	  { 0xe36, 0xe37, 0xe38, 0xe39 }, 0, 0, 0 },
	{ "cbox", 10, E5_IVB, 0, 0xe44, 4, 44,
	  { 0xe50, 0xe51, 0xe52, 0xe53 },
	  { 0xe56, 0xe57, 0xe58, 0xe59 }, 0, 0, 0 },
	{ "cbox", 11, E5_IVB, 0, 0xe64, 4, 44,
	  { 0xe70, 0xe71, 0xe72, 0xe73 },
	  { 0xe76, 0xe77, 0xe78, 0xe79 }, 0, 0, 0 },
	{ "cbox", 12, E5_IVB, 0, 0xe84, 4, 44,
	  { 0xe90, 0xe91, 0xe92, 0xe93 },
	  { 0xe96, 0xe97, 0xe98, 0xe99 }, 0, 0, 0 },
	{ "cbox", 13, E5_IVB, 0, 0xea4, 4, 44,
	  { 0xeb0, 0xeb1, 0xeb2, 0xeb3 },
	  { 0xeb6, 0xeb7, 0xeb8, 0xeb9 }, 0, 0, 0 },
	{ "cbox", 14, E5_IVB, 0, 0xec4, 4, 44,
	  { 0xed0, 0xed1, 0xed2, 0xed3 },
	  { 0xed6, 0xed7, 0xed8, 0xed9 }, 0, 0, 0 },
	/* PCU: S:111-113, 1155-1167 (SNB), 1822-1834 (IVB); 48 bits */
	{ "pcu", 0, E5_BOTH, 0, 0xc24, 4, 48,
	  { 0xc30, 0xc31, 0xc32, 0xc33 },
	  { 0xc36, 0xc37, 0xc38, 0xc39 }, 0, 0, 0 },
	/*
	 * PCI boxes: box ctl 0xf4, ctl 0xd8 + 4i, ctr 0xa0 + 8i (S:66-69, H:295-308);
	 * SNB IDs P:3014-3034 and S:1320-1358, IVB IDs S:1987-2058
	 */
	/* HA: S:1248-1254 (SNB, 1), 1850-1856 (IVB, 2); 48 bits */
	{ "ha", 0, E5_SNB, 0x3c46, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0, 0, 0 },
	{ "ha", 0, E5_IVB, 0x0e30, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0, 0, 0 },
	{ "ha", 1, E5_IVB, 0x0e38, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0, 0, 0 },
	/* iMC: S:76-77, 1256-1266 (SNB, 4), 1858-1868 (IVB, 8); DCLK 48 bits */
	{ "imc", 0, E5_SNB, 0x3cb0, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	{ "imc", 1, E5_SNB, 0x3cb1, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	{ "imc", 2, E5_SNB, 0x3cb4, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	{ "imc", 3, E5_SNB, 0x3cb5, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	{ "imc", 0, E5_IVB, 0x0eb4, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	{ "imc", 1, E5_IVB, 0x0eb5, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	{ "imc", 2, E5_IVB, 0x0eb0, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	{ "imc", 3, E5_IVB, 0x0eb1, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	{ "imc", 4, E5_IVB, 0x0ef4, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	{ "imc", 5, E5_IVB, 0x0ef5, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	{ "imc", 6, E5_IVB, 0x0ef0, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	{ "imc", 7, E5_IVB, 0x0ef1, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0x0f0, 0x0d0, 48 },
	/* QPI: S:1268-1281 (SNB, 2), 1935-1947 (IVB, 3); 48 bits */
	{ "qpi", 0, E5_SNB, 0x3c41, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0, 0, 0 },
	{ "qpi", 1, E5_SNB, 0x3c42, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0, 0, 0 },
	{ "qpi", 0, E5_IVB, 0x0e32, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0, 0, 0 },
	{ "qpi", 1, E5_IVB, 0x0e33, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0, 0, 0 },
	{ "qpi", 2, E5_IVB, 0x0e3a, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0, 0, 0 },
	/* R2PCIe: S:1284-1291 (SNB), 1949-1956 (IVB); 44 bits */
	{ "r2pcie", 0, E5_SNB, 0x3c43, 0xf4, 4, 44,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0, 0, 0 },
	{ "r2pcie", 0, E5_IVB, 0x0e34, 0xf4, 4, 44,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0a8, 0x0b0, 0x0b8 }, 0, 0, 0 },
	/*
	 * R3QPI: S:1293-1300 (SNB), 1958-1965 (IVB); 3 counters, 44 bits.  IVB
	 * link 2 (0xe3e) is mainline's index 2 of a 2-box type (S:2056-2058)
	 */
	{ "r3qpi", 0, E5_SNB, 0x3c44, 0xf4, 3, 44,
	  { 0x0d8, 0x0dc, 0x0e0 },
	  { 0x0a0, 0x0a8, 0x0b0 }, 0, 0, 0 },
	{ "r3qpi", 1, E5_SNB, 0x3c45, 0xf4, 3, 44,
	  { 0x0d8, 0x0dc, 0x0e0 },
	  { 0x0a0, 0x0a8, 0x0b0 }, 0, 0, 0 },
	{ "r3qpi", 0, E5_IVB, 0x0e36, 0xf4, 3, 44,
	  { 0x0d8, 0x0dc, 0x0e0 },
	  { 0x0a0, 0x0a8, 0x0b0 }, 0, 0, 0 },
	{ "r3qpi", 1, E5_IVB, 0x0e37, 0xf4, 3, 44,
	  { 0x0d8, 0x0dc, 0x0e0 },
	  { 0x0a0, 0x0a8, 0x0b0 }, 0, 0, 0 },
	{ "r3qpi", 2, E5_IVB, 0x0e3e, 0xf4, 3, 44,
	  { 0x0d8, 0x0dc, 0x0e0 },
	  { 0x0a0, 0x0a8, 0x0b0 }, 0, 0, 0 },
	/* IRP: S:1870-1872, 1912-1921 (IVB only); 48 bits */
	{ "irp", 0, E5_IVB, 0x0e39, 0xf4, 4, 48,
	  { 0x0d8, 0x0dc, 0x0e0, 0x0e4 },
	  { 0x0a0, 0x0b0, 0x0b8, 0x0c0 }, 0, 0, 0 },
};

/* Boxes per package, SNB-EP and IVB-EP */
static const struct {
	const char *type;
	unsigned int snb, ivb;
} oracle_e5_counts[] = {
	{ "ubox", 1, 1 },	/* S:891, 1671 */
	{ "cbox", 8, 15 },	/* S:1048, 1802 (capped to the cores, S:1178, 1845) */
	{ "pcu", 1, 1 },	/* S:1158, 1825 */
	{ "ha", 1, 2 },		/* S:1251, 1853 */
	{ "imc", 4, 8 },	/* S:1259, 1861 */
	{ "qpi", 2, 3 },	/* S:1271, 1938 */
	{ "r2pcie", 1, 1 },	/* S:1287, 1952 */
	/*
	 * S:1296, 1961: mainline's IVB-EP type has 2 boxes but binds link 2
	 * (0xe3e) as index 2 (S:2056-2058); the driver has the three links
	 * (ivbep.rst)
	 */
	{ "r3qpi", 2, 3 },
	{ "irp", 0, 1 },	/* S:1915 */
};

static void oracle_e5_registers(struct kunit *test)
{
	const struct xu_platform *plat;
	unsigned int model = oracle_e5_model(test, &plat);
	unsigned int i, k, facts = 0;

	for (i = 0; i < ARRAY_SIZE(oracle_e5_counts); i++) {
		const struct xu_box_type *t = oracle_type(plat, oracle_e5_counts[i].type);
		unsigned int want = model == E5_SNB ? oracle_e5_counts[i].snb :
						      oracle_e5_counts[i].ivb;

		facts++;
		if (!want) {
			KUNIT_EXPECT_NULL(test, t);
			continue;
		}
		KUNIT_ASSERT_NOT_NULL_MSG(test, t, "%s: no %s", plat->name,
					  oracle_e5_counts[i].type);
		KUNIT_EXPECT_EQ_MSG(test, t->num_boxes, want, "%s %s boxes",
				    plat->name, t->name);
	}
	for (i = 0; i < ARRAY_SIZE(oracle_e5_regs); i++) {
		const struct oracle_e5_regs *r = &oracle_e5_regs[i];
		const struct xu_box_type *t;
		struct xu_box *box;

		if (!(r->models & model))
			continue;
		t = oracle_type(plat, r->type);
		KUNIT_ASSERT_NOT_NULL(test, t);
		KUNIT_ASSERT_LT(test, r->box, t->num_boxes);
		box = oracle_box(test, t, r->box);
		KUNIT_EXPECT_EQ_MSG(test, t->num_counters, r->n, "%s %s", plat->name, t->name);
		KUNIT_EXPECT_EQ_MSG(test, t->width, r->width, "%s %s", plat->name, t->name);
		KUNIT_EXPECT_EQ_MSG(test, t->access, r->devid ? XU_PCI : XU_MSR,
				    "%s %s", plat->name, t->name);
		facts += 3;
		if (r->devid) {
			KUNIT_ASSERT_NOT_NULL(test, t->pci_ids);
			KUNIT_EXPECT_EQ_MSG(test, t->pci_ids[r->box], r->devid,
					    "%s %s_%u device ID", plat->name, t->name, r->box);
			facts++;
		}
		if (r->box_ctl)
			KUNIT_EXPECT_EQ_MSG(test, xu_box_reg(box, t->box_ctl), r->box_ctl,
					    "%s %s_%u box control", plat->name, t->name, r->box);
		else
			KUNIT_EXPECT_EQ_MSG(test, t->box_ctl, 0, "%s %s has a box control",
					    plat->name, t->name);
		facts++;
		for (k = 0; k < r->n && k < t->num_counters; k++) {
			KUNIT_EXPECT_EQ_MSG(test, xu_ctl_reg(box, k), r->ctl[k],
					    "%s %s_%u control %u", plat->name, t->name,
					    r->box, k);
			KUNIT_EXPECT_EQ_MSG(test, xu_ctr_reg(box, k), r->ctr[k],
					    "%s %s_%u counter %u", plat->name, t->name,
					    r->box, k);
			facts += 2;
		}
		KUNIT_EXPECT_EQ_MSG(test, t->fixed_ctl ? 1 : 0, r->fixed_ctl ? 1 : 0,
				    "%s %s fixed counter", plat->name, t->name);
		facts++;
		if (r->fixed_ctl && t->fixed_ctl) {
			/* selected by event=0xff (U:775-787, H:15) */
			KUNIT_EXPECT_EQ(test, xu_ctl_reg(box, t->num_counters), r->fixed_ctl);
			KUNIT_EXPECT_EQ(test, xu_ctr_reg(box, t->num_counters), r->fixed_ctr);
			KUNIT_EXPECT_EQ(test, t->fixed_width, r->fixed_width);
			KUNIT_EXPECT_EQ(test, t->fixed_config, 0xffULL);
			facts += 4;
		}
	}
	kunit_info(test, "%s: %u register facts\n", plat->name, facts);
}

static const struct oracle_fmt oracle_snbep_fmts[] = {
	/* U: S:676-683 */
	{ "ubox", "event", "config:0-7" },
	{ "ubox", "umask", "config:8-15" },
	{ "ubox", "edge", "config:18" },
	{ "ubox", "inv", "config:23" },
	{ "ubox", "thresh", "config:24-28" },
	/* C: S:685-697, the generic PmonCntrCfg fields (S:473-491) and filters */
	{ "cbox", "event", "config:0-7" },
	{ "cbox", "umask", "config:8-15" },
	{ "cbox", "edge", "config:18" },
	{ "cbox", "inv", "config:23" },
	{ "cbox", "thresh", "config:24-31" },
	{ "cbox", "tid_en", "config:19" },
	{ "cbox", "filter_tid", "config1:0-4" },
	{ "cbox", "filter_nid", "config1:10-17" },
	{ "cbox", "filter_state", "config1:18-22" },
	{ "cbox", "filter_opc", "config1:23-31" },
	/*
	 * PCU: S:699-712 (SNB), 1603-1615 (IVB).  occ_edge is OCC_EDGE_DET, bit
	 * 31 (S:51); mainline's "config:14-51" (S:494) is a typo (snbep.rst)
	 */
	{ "pcu", "event", "config:0-7" },
	{ "pcu", "occ_sel", "config:14-15" },
	{ "pcu", "edge", "config:18" },
	{ "pcu", "thresh", "config:24-28" },
	{ "pcu", "occ_invert", "config:30" },
	{ "pcu", "occ_edge", "config:14-51", NULL, "config:31" },
	{ "pcu", "filter_band0", "config1:0-7" },
	{ "pcu", "filter_band1", "config1:8-15" },
	{ "pcu", "filter_band2", "config1:16-23" },
	{ "pcu", "filter_band3", "config1:24-31" },
	{ "pcu", "inv", "config:23" },
	/* HA, iMC, R2PCIe, R3QPI: S:667-674 */
	{ "ha", "event", "config:0-7" },
	{ "ha", "umask", "config:8-15" },
	{ "ha", "edge", "config:18" },
	{ "ha", "inv", "config:23" },
	{ "ha", "thresh", "config:24-31" },
	{ "imc", "event", "config:0-7" },
	{ "imc", "umask", "config:8-15" },
	{ "imc", "edge", "config:18" },
	{ "imc", "inv", "config:23" },
	{ "imc", "thresh", "config:24-31" },
	{ "r2pcie", "event", "config:0-7" },
	{ "r2pcie", "umask", "config:8-15" },
	{ "r2pcie", "edge", "config:18" },
	{ "r2pcie", "inv", "config:23" },
	{ "r2pcie", "thresh", "config:24-31" },
	{ "r3qpi", "event", "config:0-7" },
	{ "r3qpi", "umask", "config:8-15" },
	{ "r3qpi", "edge", "config:18" },
	{ "r3qpi", "inv", "config:23" },
	{ "r3qpi", "thresh", "config:24-31" },
	/* QPI packet match/mask, config1 and config2 (S:535-552, 714-739) */
	{ "qpi", "event", "config:0-7,21" },
	{ "qpi", "umask", "config:8-15" },
	{ "qpi", "edge", "config:18" },
	{ "qpi", "thresh", "config:24-31" },
	{ "qpi", "match_rds", "config1:48-51" },
	{ "qpi", "match_rnid30", "config1:32-35" },
	{ "qpi", "match_rnid4", "config1:31" },
	{ "qpi", "match_dnid", "config1:13-17" },
	{ "qpi", "match_mc", "config1:9-12" },
	{ "qpi", "match_opc", "config1:5-8" },
	{ "qpi", "match_vnw", "config1:3-4" },
	{ "qpi", "match0", "config1:0-31" },
	{ "qpi", "match1", "config1:32-63" },
	{ "qpi", "mask_rds", "config2:48-51" },
	{ "qpi", "mask_rnid30", "config2:32-35" },
	{ "qpi", "mask_rnid4", "config2:31" },
	{ "qpi", "mask_dnid", "config2:13-17" },
	{ "qpi", "mask_mc", "config2:9-12" },
	{ "qpi", "mask_opc", "config2:5-8" },
	{ "qpi", "mask_vnw", "config2:3-4" },
	{ "qpi", "mask0", "config2:0-31" },
	{ "qpi", "mask1", "config2:32-63" },
	{ "qpi", "inv", "config:23" },	/* S:716 */
};

static const struct oracle_fmt oracle_ivbep_fmts[] = {
	/* U: S:1577-1584 */
	{ "ubox", "event", "config:0-7" },
	{ "ubox", "umask", "config:8-15" },
	{ "ubox", "edge", "config:18" },
	{ "ubox", "inv", "config:23", "" },
	{ "ubox", "thresh", "config:24-28" },
	/* C: S:1586-1601 */
	{ "cbox", "event", "config:0-7" },
	{ "cbox", "umask", "config:8-15" },
	{ "cbox", "edge", "config:18" },
	{ "cbox", "tid_en", "config:19" },
	{ "cbox", "thresh", "config:24-31" },
	{ "cbox", "filter_tid", "config1:0-4" },
	{ "cbox", "filter_link", "config1:5-8" },
	{ "cbox", "filter_state", "config1:17-22" },
	{ "cbox", "filter_nid", "config1:32-47" },
	{ "cbox", "filter_opc", "config1:52-60" },
	{ "cbox", "filter_nc", "config1:62" },
	{ "cbox", "filter_c6", "config1:61" },
	{ "cbox", "filter_isoc", "config1:63" },
	/* PCU: S:1603-1615 */
	{ "pcu", "event", "config:0-7" },
	{ "pcu", "occ_sel", "config:14-15" },
	{ "pcu", "edge", "config:18" },
	{ "pcu", "thresh", "config:24-28" },
	{ "pcu", "occ_invert", "config:30" },
	{ "pcu", "occ_edge", "config:14-51", NULL, "config:31" },
	{ "pcu", "filter_band0", "config1:0-7" },
	{ "pcu", "filter_band1", "config1:8-15" },
	{ "pcu", "filter_band2", "config1:16-23" },
	{ "pcu", "filter_band3", "config1:24-31" },
	/*
	 * IVB-EP: S:1568-1575.  Mainline shows inv but its event masks drop bit
	 * 23 (S:122-125); the driver has inv on the iMC only, whose control
	 * the E7 v2 datasheet gives bit 23 Invert (ivbep.rst)
	 */
	{ "ha", "event", "config:0-7" },
	{ "ha", "umask", "config:8-15" },
	{ "ha", "edge", "config:18" },
	{ "ha", "inv", "config:23", "" },
	{ "ha", "thresh", "config:24-31" },
	{ "imc", "event", "config:0-7" },
	{ "imc", "umask", "config:8-15" },
	{ "imc", "edge", "config:18" },
	{ "imc", "inv", "config:23" },
	{ "imc", "thresh", "config:24-31" },
	{ "irp", "event", "config:0-7" },
	{ "irp", "umask", "config:8-15" },
	{ "irp", "edge", "config:18" },
	{ "irp", "inv", "config:23", "" },
	{ "irp", "thresh", "config:24-31" },
	{ "r2pcie", "event", "config:0-7" },
	{ "r2pcie", "umask", "config:8-15" },
	{ "r2pcie", "edge", "config:18" },
	{ "r2pcie", "inv", "config:23", "" },
	{ "r2pcie", "thresh", "config:24-31" },
	{ "r3qpi", "event", "config:0-7" },
	{ "r3qpi", "umask", "config:8-15" },
	{ "r3qpi", "edge", "config:18" },
	{ "r3qpi", "inv", "config:23", "" },
	{ "r3qpi", "thresh", "config:24-31" },
	/* S:1617-1640: no inv */
	{ "qpi", "event", "config:0-7,21" },
	{ "qpi", "umask", "config:8-15" },
	{ "qpi", "edge", "config:18" },
	{ "qpi", "thresh", "config:24-31" },
	{ "qpi", "match_rds", "config1:48-51" },
	{ "qpi", "match_rnid30", "config1:32-35" },
	{ "qpi", "match_rnid4", "config1:31" },
	{ "qpi", "match_dnid", "config1:13-17" },
	{ "qpi", "match_mc", "config1:9-12" },
	{ "qpi", "match_opc", "config1:5-8" },
	{ "qpi", "match_vnw", "config1:3-4" },
	{ "qpi", "match0", "config1:0-31" },
	{ "qpi", "match1", "config1:32-63" },
	{ "qpi", "mask_rds", "config2:48-51" },
	{ "qpi", "mask_rnid30", "config2:32-35" },
	{ "qpi", "mask_rnid4", "config2:31" },
	{ "qpi", "mask_dnid", "config2:13-17" },
	{ "qpi", "mask_mc", "config2:9-12" },
	{ "qpi", "mask_opc", "config2:5-8" },
	{ "qpi", "mask_vnw", "config2:3-4" },
	{ "qpi", "mask0", "config2:0-31" },
	{ "qpi", "mask1", "config2:32-63" },
};

/* The HA address and opcode match, which mainline leaves unused (S:72-74) */
static const struct oracle_only oracle_e5_only[] = {
	{ "ha", "match_addr" },
	{ "ha", "match_opc" },
};

static void oracle_e5_formats(struct kunit *test)
{
	const struct xu_platform *plat;
	unsigned int n;

	if (oracle_e5_model(test, &plat) == E5_SNB)
		n = oracle_check_formats(test, plat, oracle_snbep_fmts,
					 ARRAY_SIZE(oracle_snbep_fmts), oracle_e5_only,
					 ARRAY_SIZE(oracle_e5_only));
	else
		n = oracle_check_formats(test, plat, oracle_ivbep_fmts,
					 ARRAY_SIZE(oracle_ivbep_fmts), oracle_e5_only,
					 ARRAY_SIZE(oracle_e5_only));
	kunit_info(test, "%s: %u format facts\n", plat->name, n);
}

/*
 * Named events: iMC S:741-750 (both models, S:1866), QPI S:752-757 (SNB
 * only: IVB-EP's QPI type has none, S:1935-1947; the driver keeps SNB's
 * for IVB-EP, ivbep.rst), parsed with mainline's formats
 */
static const struct oracle_event oracle_e5_events[] = {
	{ "imc", "clockticks", { 0xff } },
	{ "imc", "cas_count_read", { 0x0304 } },
	{ "imc", "cas_count_write", { 0x0c04 } },
	{ "qpi", "clockticks", { 0x14 } },
	{ "qpi", "txl_flits_active", { 0x0600 } },
	{ "qpi", "drs_data", { 0x200802 } },
	{ "qpi", "ncb_data", { 0x200403 } },
};

static void oracle_e5_named_events(struct kunit *test)
{
	static const char * const strs[][2] = {
		{ "cas_count_read.scale", "6.103515625e-5" },
		{ "cas_count_read.unit", "MiB" },
		{ "cas_count_write.scale", "6.103515625e-5" },
		{ "cas_count_write.unit", "MiB" },
	};
	const struct xu_platform *plat;
	const struct xu_box_type *imc;
	unsigned int i, n, model = oracle_e5_model(test, &plat);

	n = oracle_check_events(test, plat, oracle_e5_events,
				model == E5_SNB ? ARRAY_SIZE(oracle_e5_events) : 3);
	imc = oracle_type(plat, "imc");
	for (i = 0; i < ARRAY_SIZE(strs); i++, n++)
		KUNIT_EXPECT_STREQ(test, oracle_event_str(imc, strs[i][0]) ?: "(none)",
				   strs[i][1]);
	kunit_info(test, "%s: %u named event facts\n", plat->name, n);
}

/* Where a register of a case is: an MSR, the box's function, its filter */
enum { ORACLE_NONE, ORACLE_MSR, ORACLE_PCI, ORACLE_FILTER };

/**
 * struct oracle_e5_case - a perf config and the registers it becomes
 * @desc:   the case
 * @models: E5_SNB, E5_IVB or both
 * @pmu:    the PMU
 * @cfg:    config, config1, config2
 * @idx:    the counter it must get, -1 for any
 * @ctl:    the counter control mainline writes: config | en (22)
 * @ov:     on IVB-EP the driver adds ov_en (20), for its PMI, which
 *          mainline never sets (ivbep.rst)
 * @sub:    filter and match registers and the values they must hold
 */
struct oracle_e5_case {
	const char *desc;
	unsigned int models;
	const char *pmu;
	u64 cfg[3];
	int idx;
	u64 ctl;
	bool ov;
	struct {
		int where;
		u32 reg;
		u64 val;
	} sub[4];
};

static const struct oracle_e5_case oracle_e5_ctl_cases[] = {
	/* en 22 (S:25), written as config | en (S:640-649, 578-584) */
	{ "ubox event=0x42,umask=1,edge,thresh=1", E5_BOTH, "uncore_ubox",
	  { 0x01040142 }, -1, 0x01440142, true },
	/* the fixed counter: config 0 (U:787) | en (S:648) at 0xc08 (S:88) */
	{ "ubox clockticks (UCLK)", E5_BOTH, "uncore_ubox", { 0xff }, 2, 0x400000, true },
	/*
	 * C-Box 1's filter at 0xd14 + 0x20 (S:95-96); TOR_INSERTS 0x0335
	 * uses the opcode field (S:914, 1697).  A C-Box's counting events
	 * are polled: no ov_en (ivbep.rst)
	 */
	{ "cbox_1 TOR_INSERTS.MISS_OPCODE filter_opc=0x182", E5_SNB, "uncore_cbox_1",
	  { 0x0335, 0xc1000000 }, -1, 0x400335, false,
	  { { ORACLE_MSR, 0xd34, 0xc1000000 } } },
	/*
	 * IVB-EP: config1 63:32 to FILTER1 at FILTER0 + 6 (S:1778-1781),
	 * whose opc is 28:20 (329468 Table 2-17)
	 */
	{ "cbox_1 TOR_INSERTS.MISS_OPCODE filter_opc=0x182", E5_IVB, "uncore_cbox_1",
	  { 0x0335, 0x1820000000000000 }, -1, 0x400335, false,
	  { { ORACLE_MSR, 0xd34, 0x0 }, { ORACLE_MSR, 0xd3a, 0x18200000 } } },
	/* LLC_LOOKUP 0x0334 uses the state field (S:100, 906; S:142, 1690) */
	{ "cbox_0 LLC_LOOKUP filter_state=all", E5_SNB, "uncore_cbox_0",
	  { 0x0334, 0x7c0000 }, -1, 0x400334, false,
	  { { ORACLE_MSR, 0xd14, 0x7c0000 } } },
	/*
	 * (mainline writes FILTER1 too, 0 here; the driver writes only the
	 * half whose fields the event uses, ivbep.rst: not a fact to check)
	 */
	{ "cbox_0 LLC_LOOKUP filter_state=all", E5_IVB, "uncore_cbox_0",
	  { 0x0334, 0x7e0000 }, -1, 0x400334, false,
	  { { ORACLE_MSR, 0xd14, 0x7e0000 } } },
	/* invert, bit 23 (S:26), in SNB-EP's mask only (S:28-32) */
	{ "cbox_0 event=0x34,inv,thresh=1", E5_SNB, "uncore_cbox_0",
	  { 0x01800034 }, -1, 0x01c00034, false },
	/* FREQ_BAND0_CYCLES (0xb) takes band 0 of the filter at 0xc34 (S:114) */
	{ "pcu FREQ_BAND0_CYCLES filter_band0=0x20", E5_BOTH, "uncore_pcu",
	  { 0x0b, 0x20 }, -1, 0x40000b, true, { { ORACLE_MSR, 0xc34, 0x20 } } },
	/* occ_sel 15:14 (S:48), occ_edge_det 31 (S:51) */
	{ "pcu occ_sel=1,occ_edge", E5_BOTH, "uncore_pcu",
	  { 0x80004080 }, -1, 0x80404080, true },
	{ "ha event=1,umask=1,edge,inv,thresh=1", E5_SNB, "uncore_ha",
	  { 0x01840101 }, -1, 0x01c40101, false },
	{ "ha_1 event=1,umask=1,edge,thresh=1", E5_IVB, "uncore_ha_1",
	  { 0x01040101 }, -1, 0x01440101, true },
	{ "imc_1 cas_count_read", E5_BOTH, "uncore_imc_1", { 0x0304 }, -1, 0x400304, true },
	/*
	 * Intel PCM's CKE residency: POWER_CKE_CYCLES.RANK0 (0x83, umask 1)
	 * inv, thresh=1.  IVB-EP's iMC has bit 23 (E7 v2 datasheet vol. 2,
	 * PMONCNTRCFG); mainline's IVB-EP mask drops it (S:122-125)
	 */
	{ "imc_2 event=0x83,umask=1,inv,thresh=1", E5_BOTH, "uncore_imc_2",
	  { 0x01800183 }, -1, 0x01c00183, true },
	/* DCLK: config 0 (U:787) | en (S:583) at 0xf0 (S:76) */
	{ "imc_1 clockticks (DCLK)", E5_BOTH, "uncore_imc_1", { 0xff }, 4, 0x400000, true },
	/*
	 * CTO_COUNT (ev_sel 0x38, S:1195) takes the packet match and mask
	 * of the port's filter function: MATCH0/1 0x228/0x22c, MASK0/1
	 * 0x238/0x23c (S:79-82, 1218-1225)
	 */
	{ "qpi_1 CTO_COUNT match/mask", E5_BOTH, "uncore_qpi_1",
	  { 0x200038, 0x500000060, 0xf000001e0 }, -1, 0x600038, true,
	  { { ORACLE_FILTER, 0x228, 0x60 }, { ORACLE_FILTER, 0x22c, 0x5 },
	    { ORACLE_FILTER, 0x238, 0x1e0 }, { ORACLE_FILTER, 0x23c, 0xf } } },
	{ "r2pcie event=0x10,edge,thresh=1", E5_BOTH, "uncore_r2pcie",
	  { 0x01040010 }, -1, 0x01440010, true },
	{ "r3qpi_1 event=0x10,edge,thresh=1", E5_BOTH, "uncore_r3qpi_1",
	  { 0x01040010 }, -1, 0x01440010, true },
	/*
	 * IRP controls 0xd8, 0xdc, 0xe0, 0xe4 (S:1871, 1878-1879); no ov_en
	 * for counting: the IRP's global status bit is unknown (ivbep.rst),
	 * so its counting events are polled
	 */
	{ "irp event=1,umask=1,edge,thresh=1", E5_IVB, "uncore_irp",
	  { 0x01040101 }, -1, 0x01440101, false },
};

static unsigned int oracle_e5_ctl_models(const void *row)
{
	return ((const struct oracle_e5_case *)row)->models;
}

static void oracle_e5_ctl_desc(const void *row, char *desc)
{
	strscpy(desc, ((const struct oracle_e5_case *)row)->desc, KUNIT_PARAM_DESC_SIZE);
}

/* Each platform's cases only, so that no case is reported skipped */
XU_TEST_ROW_PARAMS(oracle_e5_ctl, XU_TEST_E5, oracle_e5_ctl_cases, oracle_e5_ctl_models,
		   oracle_e5_ctl_desc);

/* The literal control register of counter @idx of a box */
static u32 oracle_e5_ctl_reg(struct kunit *test, unsigned int model,
			     const char *type, unsigned int box, int idx)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(oracle_e5_regs); i++) {
		const struct oracle_e5_regs *r = &oracle_e5_regs[i];

		if (!(r->models & model) || strcmp(r->type, type) || r->box != box)
			continue;
		if (idx == r->n && r->fixed_ctl)
			return r->fixed_ctl;
		KUNIT_ASSERT_LT(test, idx, (int)r->n);
		return r->ctl[idx];
	}
	KUNIT_FAIL_AND_ABORT(test, "no oracle row for %s_%u", type, box);
	return 0;
}

/* The register of @box: an MSR of its package, or its PCI function's */
static u64 oracle_e5_rd(struct kunit *test, struct xu_box *box, u32 reg)
{
	u32 v;

	if (box->pmu->type->access == XU_MSR)
		return xu_test_sim_rd(test, box->io_priv, box->pkg, reg);
	KUNIT_ASSERT_NOT_NULL(test, box->pdev);
	KUNIT_ASSERT_EQ(test, 0, pci_read_config_dword(box->pdev, reg, &v));
	return v;
}

/*
 * A QPI port's match/mask function: function 6 of the port's device
 * (327043 and 329468 Table 1-3, D8:F6, D9:F6), device ID 0x3c86/0x3c96
 * (S:1361-1368) or 0x0e86/0x0e96 (S:2059-2067)
 */
static u64 oracle_e5_filter_rd(struct kunit *test, struct xu_box *box,
			       unsigned int model, u32 reg)
{
	static const u16 ids[2][2] = { { 0x3c86, 0x3c96 }, { 0x0e86, 0x0e96 } };
	struct pci_dev *f;
	u32 v = 0;

	KUNIT_ASSERT_NOT_NULL(test, box->pdev);
	KUNIT_ASSERT_LT(test, box->pmu->idx, 2U);
	f = pci_get_slot(box->pdev->bus, PCI_DEVFN(PCI_SLOT(box->pdev->devfn), 6));
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_EQ(test, f->vendor, PCI_VENDOR_ID_INTEL);
	KUNIT_EXPECT_EQ(test, f->device, ids[model == E5_IVB][box->pmu->idx]);
	KUNIT_EXPECT_EQ(test, 0, pci_read_config_dword(f, reg, &v));
	pci_dev_put(f);
	return v;
}

static void oracle_e5_control_images(struct kunit *test)
{
	const struct oracle_e5_case *c = xu_test_row(test);
	const struct xu_platform *plat;
	unsigned int i, model = oracle_e5_model(test, &plat);
	struct perf_event_attr attr;
	struct perf_event *event;
	struct xu_pmu *xp = NULL;
	struct xu_uncore *uc;
	struct xu_box *box;
	u64 want, got;
	u32 reg;

	xu_test_sim(test);
	uc = xu_uncore_instance();
	for (i = 0; i < uc->num_pmus; i++)
		if (uc->pmus[i].registered && !strcmp(uc->pmus[i].name, c->pmu))
			xp = &uc->pmus[i];
	if (!xp)
		kunit_skip(test, "%s is not registered here", c->pmu);
	xu_test_attr(&attr, xp, c->cfg[0]);
	attr.config1 = c->cfg[1];
	attr.config2 = c->cfg[2];
	event = xu_test_open(test, xp, 0, &attr);
	box = xu_event_box(event);
	if (c->idx >= 0)
		KUNIT_EXPECT_EQ(test, event->hw.idx, c->idx);
	reg = oracle_e5_ctl_reg(test, model, xp->type->name, xp->idx, event->hw.idx);
	/* ov_en: bit 20 of a counter control (329468 Table 2-8 and kin) */
	want = c->ctl | (c->ov && model == E5_IVB ? BIT_ULL(20) : 0);
	KUNIT_EXPECT_EQ_MSG(test, oracle_e5_rd(test, box, reg), want,
			    "%s: %s control %#x", plat->name, c->desc, reg);
	for (i = 0; i < ARRAY_SIZE(c->sub) && c->sub[i].where; i++) {
		if (c->sub[i].where == ORACLE_FILTER)
			got = oracle_e5_filter_rd(test, box, model, c->sub[i].reg);
		else
			got = oracle_e5_rd(test, box, c->sub[i].reg);
		KUNIT_EXPECT_EQ_MSG(test, got, c->sub[i].val, "%s: %s register %#x",
				    plat->name, c->desc, c->sub[i].reg);
	}
	xu_test_close(test, event);
}

XU_TEST_PARAMS(e5, XU_TEST_E5);

static struct kunit_case oracle_e5_cases[] = {
	KUNIT_CASE_PARAM(oracle_e5_registers, e5_gen_params),
	KUNIT_CASE_PARAM(oracle_e5_formats, e5_gen_params),
	KUNIT_CASE_PARAM(oracle_e5_named_events, e5_gen_params),
	KUNIT_CASE_PARAM(oracle_e5_control_images, oracle_e5_ctl_gen_params),
	{}
};

static struct kunit_suite oracle_e5_suite = {
	.name = "xeon_e5_oracle",
	.suite_exit = xu_test_suite_exit,
	.test_cases = oracle_e5_cases,
};

kunit_test_suite(oracle_e5_suite);
