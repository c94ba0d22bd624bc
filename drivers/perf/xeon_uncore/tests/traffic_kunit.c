// SPDX-License-Identifier: GPL-2.0-only
/*
 * xeon_uncore_sim: the E5 models' traffic scenario against the events'
 * definitions (Documentation/simulator.rst, "Traffic"), on private
 * two-socket simulators, one per model, whose clock only the test moves.
 * Each case writes a scenario, programs the registers with literal
 * control images, lets one second pass and compares every count with
 * what the scenario's numbers give by the definition, worked out here in
 * the comments and the literals.
 */
#include <linux/err.h>
#include <linux/pci.h>
#include <linux/smp.h>
#include <linux/time64.h>
#include <linux/topology.h>

#include <asm/apic.h>

#include <xeon_uncore/snbep.h>

#include "xu_test.h"

/* PmonCntrCfg / C_MSR_PMON_CTL images: en (bit 22) with ev_sel and umask */
#define CTL(ev, umask)		(0x400000ULL | (umask) << 8 | (ev))
#define CTL_EDGE		0x040000ULL
#define CTL_INV			0x800000ULL
#define CTL_THRESH(t)		((u64)(t) << 24)

/* The functions of socket 0's and 1's boxes the cases use (both models) */
#define HA0_DEVFN		PCI_DEVFN(14, 1)
#define QPI1_DEVFN		PCI_DEVFN(9, 2)
/* The U-Box function, with CPUNODEID */
#define SIM_UBOX_DEVFN_T	PCI_DEVFN(11, 0)
/* QPI port 1's match/mask function */
#define QPI1_FILT_DEVFN		PCI_DEVFN(9, 6)

/* What the cases need of each E5 platform beyond xu_test_platforms[] */
struct traffic_model {
	unsigned int model;
	bool ivb;
	unsigned int imc2_devfn;	/* imc_2 */
	unsigned int channels;
	unsigned int links;
	unsigned int cboxes;
};

static const struct traffic_model traffic_models[] = {
	{ XU_TEST_SNBEP, false, PCI_DEVFN(16, 4), 4, 2, SNBEP_C_MAX_BOXES },
	{ XU_TEST_IVBEP, true, PCI_DEVFN(16, 0), 8, 3, IVBEP_C_MAX_BOXES },
};

static unsigned int traffic_model_models(const void *row)
{
	return ((const struct traffic_model *)row)->model;
}

/* Each E5 platform with its row */
XU_TEST_ROW_PARAMS(traffic_model, XU_TEST_E5, traffic_models, traffic_model_models,
		   NULL);

struct traffic_ctx {
	struct xu_sim *sim;
	const struct traffic_model *m;
};

static struct traffic_ctx *ctx(struct kunit *test)
{
	return test->priv;
}

static void traffic_set(struct kunit *test, const char *lines)
{
	KUNIT_ASSERT_EQ_MSG(test, 0, xu_sim_set_traffic(ctx(test)->sim, lines),
			    "%s", lines);
}

static void pci_wr(struct kunit *test, unsigned int socket,
		   unsigned int devfn, u32 off, u32 val)
{
	KUNIT_ASSERT_EQ(test, 0, xu_sim_pci_write(ctx(test)->sim, socket,
						  devfn, off, val));
}

/* PCI box counter @i: both dwords (the clock stands still between them) */
static u64 pci_ctr(struct kunit *test, unsigned int socket,
		   unsigned int devfn, unsigned int i)
{
	u32 lo, hi;

	KUNIT_ASSERT_EQ(test, 0, xu_sim_pci_read(ctx(test)->sim, socket, devfn,
						 E5_PCI_CTR0 + 8 * i, &lo));
	KUNIT_ASSERT_EQ(test, 0, xu_sim_pci_read(ctx(test)->sim, socket, devfn,
						 E5_PCI_CTR0 + 8 * i + 4, &hi));
	return (u64)hi << 32 | lo;
}

/* Program a PCI box's counters 0..3 with @ctl (0: left off) */
static void pci_prog(struct kunit *test, unsigned int socket,
		     unsigned int devfn, const u64 *ctl, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		pci_wr(test, socket, devfn, E5_PCI_CTL0 + 4 * i, ctl[i]);
}

static void second(struct kunit *test)
{
	xu_sim_advance(ctx(test)->sim, NSEC_PER_SEC);
}

/*
 * CAS_COUNT (ev 0x04) of channel 2 of socket 1: 6400 MB/s read is
 * 100000000 lines, 1600 MB/s written 25000000.  RD (0x03) is every read,
 * WR (0x0c) every write, RD_REG (0x01) 15/16 of the reads, WR_RMM (0x08)
 * 1/8 of the writes, ALL (0x0f) both.
 */
static void traffic_cas_counts_by_umask(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	static const u64 ctl[] = {
		CTL(0x04, 0x03ULL), CTL(0x04, 0x0cULL), CTL(0x04, 0x01ULL),
		CTL(0x04, 0x08ULL),
	};

	traffic_set(test, "socket=1 channel=2 read=6400 write=1600");
	pci_prog(test, 1, m->imc2_devfn, ctl, 4);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 0), 100000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 1), 25000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 2), 93750000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 3), 3125000ULL);

	/* ALL; then on IVB-EP RD_WMM (0x10, 1/8 of the reads) and
	 * RD_REG | RD_WMM (0x11: all but the 1/16 * 7/8 underfill reads in
	 * read major mode, 121/128)
	 */
	pci_wr(test, 1, m->imc2_devfn, E5_PCI_CTL0, CTL(0x04, 0x0fULL));
	pci_wr(test, 1, m->imc2_devfn, E5_PCI_CTR0, 0);
	if (m->ivb) {
		pci_wr(test, 1, m->imc2_devfn, E5_PCI_CTL0 + 4, CTL(0x04, 0x10ULL));
		pci_wr(test, 1, m->imc2_devfn, E5_PCI_CTL0 + 8, CTL(0x04, 0x11ULL));
		pci_wr(test, 1, m->imc2_devfn, E5_PCI_CTR0 + 8, 0);
		pci_wr(test, 1, m->imc2_devfn, E5_PCI_CTR0 + 16, 0);
	}
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 0), 125000000ULL);
	if (m->ivb) {
		KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 1), 12500000ULL);
		KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 2), 94531250ULL);
	}
	/* the other socket's channel 2 kept its default: 32 * (0 + 2 + 1) MB/s */
	pci_prog(test, 0, m->imc2_devfn, ctl, 2);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 0), 1500000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 1), 750000ULL);
}

/*
 * thresh, inv and edge over CAS_COUNT.RD of socket 0's imc_2, whose DCLK
 * is 800000 * (0 + 2 + 1) = 2400000 a second.  64 MB/s is 1000000 reads:
 * at most one a cycle, in 1000000 of the cycles.  Then 192 MB/s is
 * 3000000 reads: 1 or 2 a cycle, 2 in 600000 cycles.
 */
static void traffic_thresh_inv_edge_over_a_cycle(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	static const u64 ctl[] = {
		CTL(0x04, 0x03ULL) | CTL_THRESH(1),
		CTL(0x04, 0x03ULL) | CTL_THRESH(1) | CTL_INV,
		CTL(0x04, 0x03ULL) | CTL_THRESH(1) | CTL_EDGE,
		CTL(0x04, 0x03ULL) | CTL_THRESH(2),
	};
	unsigned int i;

	traffic_set(test, "socket=0 channel=2 read=64 write=0");
	pci_prog(test, 0, m->imc2_devfn, ctl, 4);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 0), 1000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 1), 1400000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 2), 1000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 3), 0ULL);

	traffic_set(test, "socket=0 channel=2 read=192");
	for (i = 0; i < 4; i++)
		pci_wr(test, 0, m->imc2_devfn, E5_PCI_CTR0 + 8 * i, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 0), 2400000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 1), 0ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 2), 0ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 3), 600000ULL);

	/*
	 * The iMC's invert is both models'; on IVB-EP the HA's bit 23 is
	 * reserved (Documentation/pmu/ivbep.rst): a violation, not stored
	 */
	if (m->ivb) {
		u64 before = xu_sim_violations(ctx(test)->sim);
		u32 v = 0;

		pci_wr(test, 0, HA0_DEVFN, E5_PCI_CTL0,
		       CTL(0x01, 0x3ULL) | CTL_THRESH(1) | CTL_INV);
		KUNIT_EXPECT_EQ(test, xu_sim_violations(ctx(test)->sim) - before, 1ULL);
		KUNIT_ASSERT_EQ(test, 0, xu_sim_pci_read(ctx(test)->sim, 0, HA0_DEVFN,
							 E5_PCI_CTL0, &v));
		KUNIT_EXPECT_EQ(test, v & (u32)CTL_INV, 0U);
	}
}

/*
 * HA 0 of socket 0 serves channels 0-3: 4 * 100000000 reads and
 * 4 * 50000000 writes a second, 25% of them remote.  REQUESTS (0x01):
 * READS_LOCAL 0x1, READS_REMOTE 0x2, WRITES 0x0c; IMC_WRITES (0x1a)
 * PARTIAL 0x2 is 1/8 of the writes.
 */
static void traffic_ha_local_remote(struct kunit *test)
{
	static const u64 ctl[] = {
		CTL(0x01, 0x1ULL), CTL(0x01, 0x2ULL), CTL(0x01, 0xcULL),
		CTL(0x1a, 0x2ULL),
	};

	traffic_set(test, "socket=0 channel=0 read=6400 write=3200;"
			  "socket=0 channel=1 read=6400 write=3200;"
			  "socket=0 channel=2 read=6400 write=3200;"
			  "socket=0 channel=3 read=6400 write=3200;"
			  "socket=0 remote=25");
	pci_prog(test, 0, HA0_DEVFN, ctl, 4);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 0), 300000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 1), 100000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 2), 200000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 3), 25000000ULL);
}

/*
 * QPI port 1 of socket 1 sending 8000 MB/s and receiving 4000: TxL_FLITS_G0
 * (0x00) DATA (0x2) 1000000000 8-byte flits, NON_DATA (0x4) one a line,
 * 125000000; RxL_FLITS_G0 (0x01) IDLE (0x1): of 2 flits a 1 GHz clock,
 * 2000000000 - 500000000 - 62500000.  Clockticks (0x14): 1 GHz.
 */
static void traffic_qpi_flits(struct kunit *test)
{
	static const u64 ctl[] = {
		CTL(0x00, 0x2ULL), CTL(0x00, 0x4ULL), CTL(0x01, 0x1ULL),
		CTL(0x14, 0ULL),
	};

	traffic_set(test, "socket=1 link=1 tx=8000 rx=4000");
	pci_prog(test, 1, QPI1_DEVFN, ctl, 4);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, QPI1_DEVFN, 0), 1000000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, QPI1_DEVFN, 1), 125000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, QPI1_DEVFN, 2), 1437500000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, QPI1_DEVFN, 3), 1000000000ULL);
}

/*
 * HA ADDR_OPC_MATCH (0x20) of socket 0's HA 0, whose channels 0-3 read
 * 4 * 6400 MB/s (400000000 lines) and write 4 * 3200 (200000000), spread
 * over the model's 4096 lines from address 0, reads with opcode field
 * 0x02 and writes 0x0c.  With the match registers at their reset value
 * (line 0, opcode 0): ADDR (0x1) counts line 0's 600000000 / 4096 =
 * 146484 (of 146484.375), OPC (0x2) nothing, FILT (0x3) nothing.  With
 * line 0x3f000 (address 0xfc0000: line 4095 of the range is 0x3ffc0,
 * 0xfc0000 >> 6 = 0x3f000 = 258048 is beyond it) nothing.  Then opcode
 * 0x02: OPC the 400000000 reads, FILT a line's share of them, 97656.
 */
static void traffic_ha_addr_opc_match(struct kunit *test)
{
	static const u64 ctl[] = {
		CTL(0x20, 0x1ULL), CTL(0x20, 0x2ULL), CTL(0x20, 0x3ULL),
	};
	unsigned int i;

	traffic_set(test, "socket=0 channel=0 read=6400 write=3200;"
			  "socket=0 channel=1 read=6400 write=3200;"
			  "socket=0 channel=2 read=6400 write=3200;"
			  "socket=0 channel=3 read=6400 write=3200");
	pci_prog(test, 0, HA0_DEVFN, ctl, 3);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 0), 146484ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 1), 0ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 2), 0ULL);

	/* a line beyond the 4096: ADDR counts nothing */
	pci_wr(test, 0, HA0_DEVFN, E5_HA_ADDRMATCH0, 0xfc0000);
	for (i = 0; i < 3; i++)
		pci_wr(test, 0, HA0_DEVFN, E5_PCI_CTR0 + 8 * i, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 0), 0ULL);

	/* line 4095 (address 0x3ffc0), the reads' opcode */
	pci_wr(test, 0, HA0_DEVFN, E5_HA_ADDRMATCH0, 0x3ffc0);
	pci_wr(test, 0, HA0_DEVFN, E5_HA_OPCODEMATCH, 0x02);
	for (i = 0; i < 3; i++)
		pci_wr(test, 0, HA0_DEVFN, E5_PCI_CTR0 + 8 * i, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 0), 146484ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 1), 400000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 2), 97656ULL);

	/* the writes' opcode; address bits 45:32 set: no line of the range */
	pci_wr(test, 0, HA0_DEVFN, E5_HA_OPCODEMATCH, 0x0c);
	pci_wr(test, 0, HA0_DEVFN, E5_HA_ADDRMATCH1, 0x1);
	for (i = 0; i < 3; i++)
		pci_wr(test, 0, HA0_DEVFN, E5_PCI_CTR0 + 8 * i, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 0), 0ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 1), 200000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 2), 0ULL);

	/*
	 * AD, BL and AK (0x4, 0x8, 0x10) are not modelled: the background,
	 * 100000 x ((0x20 & 7) + 1) x (0 + 0 + 1) + 1000 x umask, whatever
	 * the match registers hold
	 */
	for (i = 0; i < 3; i++) {
		pci_wr(test, 0, HA0_DEVFN, E5_PCI_CTL0 + 4 * i,
		       CTL(0x20, 0x4ULL << i));
		pci_wr(test, 0, HA0_DEVFN, E5_PCI_CTR0 + 8 * i, 0);
	}
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 0), 104000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 1), 108000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, HA0_DEVFN, 2), 116000ULL);
}

/* Node id of socket @s: its U-Box function's CPUNODEID, bits 2:0 */
static unsigned int node_of(struct kunit *test, unsigned int s)
{
	u32 v;

	KUNIT_ASSERT_EQ(test, 0, xu_sim_pci_read(ctx(test)->sim, s, SIM_UBOX_DEVFN_T,
						 E5_UBOX_CPUNODEID, &v));
	return v & 7;
}

/*
 * CTO_COUNT (counter 0 of socket 1's port 1) for a second with MASK0 =
 * @m0 | @m0hi (the RNID bit 31), MASK1 = @m1, MATCH0 = @x0, MATCH1 =
 * @x1: @want packets
 */
static void qpi_cto_masked(struct kunit *test, u32 m0, u32 m0hi, u32 m1,
			   u32 x0, u32 x1, u64 want)
{
	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MASK0, m0 | m0hi);
	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MASK1, m1);
	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MATCH0, x0);
	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MATCH1, x1);
	pci_wr(test, 1, QPI1_DEVFN, E5_PCI_CTR0, 0);
	second(test);
	KUNIT_EXPECT_EQ_MSG(test, pci_ctr(test, 1, QPI1_DEVFN, 0), want,
			    "mask %#x %#x match %#x %#x", m0 | m0hi, m1, x0, x1);
}

/*
 * QPI CTO_COUNT (0x38) of socket 1's port 1 receiving 6400 MB/s
 * (100000000 lines, one DRS packet each: opcode DataC 7/8, DataC_Cmp
 * 1/8; state M 1/4, E 1/2, F 1/4).  Mask 0 counts them all.  Then the
 * guide's DRS.AnyDataC (match 0x1c00, mask 0x1f80: message class DRS,
 * opcode bits 3:2 clear) all of them too; DRS.DataC_E_Cmp (match 0x1c40
 * and RDS 0x4 in MATCH1, mask 0x1fe0 and 0xf0000) 1/8 * 1/2 = 6250000;
 * message class NCB (0xc) nothing.  The event with the extension bit
 * (0x138) counts the same.
 */
static void traffic_qpi_cto_match_mask(struct kunit *test)
{
	static const u64 ctl[] = {
		CTL(0x38, 0ULL), CTL(0x38, 0ULL) | E5_CTL_EV_SEL_EXT,
	};
	u32 n0 = node_of(test, 0), n1 = node_of(test, 1);

	traffic_set(test, "socket=1 link=1 rx=6400");
	pci_prog(test, 1, QPI1_DEVFN, ctl, 2);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, QPI1_DEVFN, 0), 100000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, QPI1_DEVFN, 1), 100000000ULL);

	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MATCH0, 0x1c00);
	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MASK0, 0x1f80);
	pci_wr(test, 1, QPI1_DEVFN, E5_PCI_CTR0, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, QPI1_DEVFN, 0), 100000000ULL);

	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MATCH0, 0x1c40);
	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MATCH1, 0x40000);
	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MASK0, 0x1fe0);
	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MASK1, 0xf0000);
	pci_wr(test, 1, QPI1_DEVFN, E5_PCI_CTR0, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, QPI1_DEVFN, 0), 6250000ULL);

	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MATCH0, 0x1800);
	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MASK0, 0x1e00);
	pci_wr(test, 1, QPI1_FILT_DEVFN, E5_QPI_MASK1, 0);
	pci_wr(test, 1, QPI1_DEVFN, E5_PCI_CTR0, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, QPI1_DEVFN, 0), 0ULL);

	/*
	 * VNW (MATCH0 4:3): VNA (0x2) 3/4 of the packets, VN0 (0x0) 1/4,
	 * VN1 none.  DNID (17:13): socket 1's node id, the receiver;
	 * RNID (MATCH0 31, MATCH1 3:0): socket 0's, the sender (link 1 of
	 * two sockets goes to the other).  Each field masked alone, then
	 * DataC_E_Cmp on VN0 between the two nodes: 1/16 * 1/4.
	 */
	qpi_cto_masked(test, 0x18, 0, 0, 0x10, 0, 75000000);
	qpi_cto_masked(test, 0x18, 0, 0, 0x00, 0, 25000000);
	qpi_cto_masked(test, 0x18, 0, 0, 0x08, 0, 0);
	qpi_cto_masked(test, 0x3e000, 0, 0, n1 << 13, 0, 100000000);
	qpi_cto_masked(test, 0x3e000, 0, 0, n0 << 13, 0, 0);
	qpi_cto_masked(test, 0, 0x80000000, 0xf, 0, n0, 100000000);
	qpi_cto_masked(test, 0, 0x80000000, 0xf, 0, n1, 0);
	qpi_cto_masked(test, 0, 0x80000000, 0xf, 0x80000000, n0, 0);
	qpi_cto_masked(test, 0x3fff8, 0x80000000, 0xf000f, 0x1c40 | n1 << 13,
		       0x40000 | n0, 1562500);
}

/* C-Box @n's MSR @reg (a counter or control of box 0) */
static u32 cbox(unsigned int n, u32 reg)
{
	return reg + n * E5_C_BOX_STRIDE;
}

/*
 * Every C-Box of socket 0, with the uncore at 2000 MHz and reads taking
 * 100 ns (200 uncore clocks): TOR_INSERTS.MISS_OPCODE (0x35, 0x03,
 * filter_opc 0x182) sums to the socket's reads, 8 channels (SNB-EP: 4)
 * of 800 MB/s, 12500000 lines each; TOR_OCCUPANCY.MISS_OPCODE (0x36)
 * to 200 clocks each; clockticks (0x00) count 2000000000 on each; and
 * with filter_opc 0x180 no read matches.  The perf metric's latency,
 * occupancy / inserts / uclk, is the scenario's 100 ns.
 */
static void traffic_tor_littles_law(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	struct xu_sim *sim = ctx(test)->sim;
	u64 ins = 0, occ = 0, other = 0, lines;
	unsigned int n, c;
	char line[64];

	for (c = 0; c < m->channels; c++) {
		snprintf(line, sizeof(line), "socket=0 channel=%u read=800 write=0", c);
		traffic_set(test, line);
	}
	traffic_set(test, "socket=0 latency=100 uclk=2000");
	for (n = 0; n < m->cboxes; n++) {
		if (m->ivb)
			xu_test_sim_wr(test, sim, 0, cbox(n, IVBEP_C_FILTER1),
				       0x182ULL << 20);
		else
			xu_test_sim_wr(test, sim, 0, cbox(n, E5_C_FILTER),
				       0x182ULL << 23);
		xu_test_sim_wr(test, sim, 0, cbox(n, E5_C_CTL0), CTL(0x35, 0x03ULL));
		xu_test_sim_wr(test, sim, 0, cbox(n, E5_C_CTL0 + 1), CTL(0x36, 0x03ULL));
		xu_test_sim_wr(test, sim, 0, cbox(n, E5_C_CTL0 + 2), CTL(0x00, 0ULL));
	}
	second(test);
	for (n = 0; n < m->cboxes; n++) {
		ins += xu_test_sim_rd(test, sim, 0, cbox(n, E5_C_CTR0));
		occ += xu_test_sim_rd(test, sim, 0, cbox(n, E5_C_CTR0 + 1));
		KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, cbox(n, E5_C_CTR0 + 2)),
				2000000000ULL);
	}
	lines = 12500000ULL * m->channels;
	KUNIT_EXPECT_EQ(test, ins, lines);
	KUNIT_EXPECT_EQ(test, occ, 200 * lines);
	KUNIT_EXPECT_EQ(test, div64_u64(occ * 1000, ins * 2000), 100ULL);

	for (n = 0; n < m->cboxes; n++) {
		if (m->ivb)
			xu_test_sim_wr(test, sim, 0, cbox(n, IVBEP_C_FILTER1),
				       0x180ULL << 20);
		else
			xu_test_sim_wr(test, sim, 0, cbox(n, E5_C_FILTER),
				       0x180ULL << 23);
		xu_test_sim_wr(test, sim, 0, cbox(n, E5_C_CTR0), 0);
	}
	second(test);
	for (n = 0; n < m->cboxes; n++)
		other += xu_test_sim_rd(test, sim, 0, cbox(n, E5_C_CTR0));
	KUNIT_EXPECT_EQ(test, other, 0ULL);
}

/*
 * UCLK, the U-Box fixed counter: the scenario's uncore clock, (socket + 1)
 * MHz by default; a change counts from that moment on, exactly
 */
static void traffic_uclk_changes_at_once(struct kunit *test)
{
	struct xu_sim *sim = ctx(test)->sim;

	xu_test_sim_wr(test, sim, 1, E5_U_FIXED_CTL, E5_FIXED_CTL_EN);
	second(test);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 1, E5_U_FIXED_CTR), 2000000ULL);
	traffic_set(test, "socket=1 uclk=2700");
	xu_sim_advance(sim, NSEC_PER_SEC / 2);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 1, E5_U_FIXED_CTR),
			2000000ULL + 1350000000ULL);
}

/*
 * An encoding the model leaves out (DRAM_PRE_ALL, 0x06) counts the
 * background rate, 100000 * ((0x06 & 7) + 1) * (socket + imc + 1), plus
 * 1000 a second per umask value: two umasks never count the same
 */
static void traffic_background_differs_by_umask(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	static const u64 ctl[] = { CTL(0x06, 0x1ULL), CTL(0x06, 0x2ULL) };

	pci_prog(test, 1, m->imc2_devfn, ctl, 2);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 0), 2800000ULL + 1000);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 1), 2800000ULL + 2000);
}

/*
 * DCLOCKTICKS (0x00, umask 0) on a general counter counts the DRAM clock,
 * as the fixed counter does: 800000 * (socket + imc + 1) a second, 3200000
 * for socket 1's imc_2 (perf's UNC_M_DCLOCKTICKS on every E5 generation).
 * With a umask it is an encoding the model leaves out: the background,
 * 100000 * (0 + 1) * 4 + 1000.
 */
static void traffic_imc_dclockticks_on_a_general_counter(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	static const u64 ctl[] = { CTL(0x00, 0ULL), CTL(0x00, 0x1ULL) };

	pci_prog(test, 1, m->imc2_devfn, ctl, 2);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 0), 3200000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 1), 401000ULL);
}

/*
 * ACT_COUNT (0x01) and PRE_COUNT (0x02) of channel 2 of socket 1: 6400
 * MB/s read, 100000000 lines, and 1600 written, 25000000; half of them
 * page hits, 30% page misses, the other 20% find the bank closed.  Every
 * access but a hit opens a page: 62500000 activates, 50000000 for reads
 * and 12500000 for writes.  A page miss precharges first: 37500000
 * (PAGE_MISS, 0x1), 30000000 for reads (RD, 0x4), 7500000 for writes
 * (WR, 0x8); a closed bank was closed by the timer's precharge (PAGE_CLOSE,
 * 0x2): 25000000.
 */
static void traffic_imc_act_pre_by_page_share(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	u64 snb[] = { CTL(0x01, 0ULL), CTL(0x02, 0x1ULL), CTL(0x02, 0x2ULL),
		      CTL(0x02, 0x3ULL) };
	u64 ivb[] = { CTL(0x01, 0x1ULL), CTL(0x01, 0x2ULL), CTL(0x02, 0x4ULL),
		      CTL(0x02, 0x8ULL) };
	unsigned int i;

	traffic_set(test, "socket=1 channel=2 read=6400 write=1600 pagehit=50 pagemiss=30");
	pci_prog(test, 1, m->imc2_devfn, m->ivb ? ivb : snb, 4);
	second(test);
	if (!m->ivb) {
		KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 0), 62500000ULL);
		KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 1), 37500000ULL);
		KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 2), 25000000ULL);
		KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 3), 62500000ULL);
		/* SNB-EP's ACT_COUNT has no umask: 0x1 is the background's */
		pci_wr(test, 1, m->imc2_devfn, E5_PCI_CTL0, CTL(0x01, 0x1ULL));
		pci_wr(test, 1, m->imc2_devfn, E5_PCI_CTR0, 0);
		second(test);
		KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 0),
				800000ULL + 1000);
		return;
	}
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 0), 50000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 1), 12500000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 2), 30000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 3), 7500000ULL);

	/* PAGE_MISS, PAGE_CLOSE, PAGE_MISS | RD (each once), ACT BYP */
	ivb[0] = CTL(0x02, 0x1ULL);
	ivb[1] = CTL(0x02, 0x2ULL);
	ivb[2] = CTL(0x02, 0x5ULL);
	ivb[3] = CTL(0x01, 0x8ULL);
	pci_prog(test, 1, m->imc2_devfn, ivb, 4);
	for (i = 0; i < 4; i++)
		pci_wr(test, 1, m->imc2_devfn, E5_PCI_CTR0 + 8 * i, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 0), 37500000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 1), 25000000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 2), 37500000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 3), 0ULL);
}

/*
 * POWER_CKE_CYCLES (0x83) of channel 2 of socket 1, its ranks powered
 * down 30% of its 3200000 DRAM clocks (800000 * (1 + 2 + 1)): RANK0
 * (umask 0x1), RANK1 (0x2) and both (0x3, once a cycle) count the 70%
 * with CKE on, 2240000; RANK2 (0x4) none (no DIMM).  Then as Intel PCM
 * reads it, inv and thresh=1: the 30% powered down, 960000; edge: the
 * rises to CKE on, as many; umask 0 selects no rank: the background,
 * 100000 * 4 * 4.
 */
static void traffic_imc_cke_by_rank(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	u64 ctl[] = { CTL(0x83, 0x1ULL), CTL(0x83, 0x2ULL), CTL(0x83, 0x3ULL),
		      CTL(0x83, 0x4ULL) };
	unsigned int i;

	traffic_set(test, "socket=1 channel=2 ckeoff=30");
	pci_prog(test, 1, m->imc2_devfn, ctl, 4);
	second(test);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, i), 2240000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 3), 0ULL);

	ctl[0] = CTL(0x83, 0x1ULL) | CTL_INV | CTL_THRESH(1);
	ctl[1] = CTL(0x83, 0x2ULL) | CTL_EDGE | CTL_THRESH(1);
	ctl[2] = CTL(0x83, 0ULL);
	ctl[3] = 0;
	pci_prog(test, 1, m->imc2_devfn, ctl, 4);
	for (i = 0; i < 3; i++)
		pci_wr(test, 1, m->imc2_devfn, E5_PCI_CTR0 + 8 * i, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 0), 960000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 1), 960000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 2), 1600000ULL);
}

/* PCU_MSR_PMON_CTL images: en with ev_sel and occ_sel, 5-bit thresh */
#define PCU_CTL(ev, occ)	(0x400000ULL | (u64)(occ) << 14 | (ev))
#define PCU_OCC_INV		BIT_ULL(30)
#define PCU_OCC_EDGE		BIT_ULL(31)

/*
 * The cores of socket @s as Documentation/simulator.rst gives them: one
 * for each first thread of a core of that package, at most the C-Boxes
 * of the model, all of them for a package without CPUs
 */
static unsigned int cores_of(const struct traffic_model *m, unsigned int s)
{
	unsigned int n = 0;
	int cpu;

	for_each_present_cpu(cpu)
		if (topology_logical_package_id(cpu) == s &&
		    cpu == cpumask_first(topology_sibling_cpumask(cpu)))
			n++;
	return n && n < m->cboxes ? n : m->cboxes;
}

/*
 * The PCU of socket 0 at a 2000 MHz uncore: CLOCKTICKS (0x00) counts its
 * 800 MHz clock; FREQ_BAND1 (0x0c) at 20 (2.0 GHz, band 1 of the filter,
 * bits 15:8) every cycle, FREQ_BAND2 (0x0d) at 21 none, FREQ_BAND3 (0x0e)
 * at 10 every cycle; FREQ_BAND0 (0x0b) at 0 every cycle, at 255 none.
 */
static void traffic_pcu_freq_bands(struct kunit *test)
{
	struct xu_sim *sim = ctx(test)->sim;
	unsigned int i;

	traffic_set(test, "socket=0 uclk=2000");
	xu_test_sim_wr(test, sim, 0, E5_PCU_FILTER, 0x0a151400ULL);
	xu_test_sim_wr(test, sim, 0, E5_PCU_CTL0, PCU_CTL(0x00, 0));
	xu_test_sim_wr(test, sim, 0, E5_PCU_CTL0 + 1, PCU_CTL(0x0c, 0));
	xu_test_sim_wr(test, sim, 0, E5_PCU_CTL0 + 2, PCU_CTL(0x0d, 0));
	xu_test_sim_wr(test, sim, 0, E5_PCU_CTL0 + 3, PCU_CTL(0x0e, 0));
	second(test);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, E5_PCU_CTR0), 800000000ULL);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, E5_PCU_CTR0 + 1), 800000000ULL);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, E5_PCU_CTR0 + 2), 0ULL);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, E5_PCU_CTR0 + 3), 800000000ULL);

	/* band 0 at 0, then at 255; band 2 at 21 once the uncore runs at 2.1 GHz */
	xu_test_sim_wr(test, sim, 0, E5_PCU_CTL0, PCU_CTL(0x0b, 0));
	for (i = 0; i < 4; i++)
		xu_test_sim_wr(test, sim, 0, E5_PCU_CTR0 + i, 0);
	traffic_set(test, "socket=0 uclk=2100");
	second(test);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, E5_PCU_CTR0), 800000000ULL);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, E5_PCU_CTR0 + 2), 800000000ULL);
	xu_test_sim_wr(test, sim, 0, E5_PCU_FILTER, 0x0a1514ffULL);
	xu_test_sim_wr(test, sim, 0, E5_PCU_CTR0, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 0, E5_PCU_CTR0), 0ULL);
}

/*
 * POWER_STATE_OCCUPANCY (0x80) of socket 1's PCU, the cores in a C-state
 * each 800 MHz cycle.  With 40% of the cores' time in C0, 10% in C1,
 * 20% in C3 and 30% in C6, occ_sel 1 counts 320000000 per core on SNB-EP
 * (C0) and 400000000 on IVB-EP (C0 and C1), 2 160000000, 3 240000000.
 * With every core in C0 all the time, each cycle has all N of them:
 * thresh N counts every cycle, thresh N + 1 none, and with occ_invert
 * every cycle; C3 with thresh 1 and occ_invert every cycle; occ_edge, no
 * rise.
 */
static void traffic_pcu_c_state_occupancy(struct kunit *test)
{
	struct xu_sim *sim = ctx(test)->sim;
	u64 n = cores_of(ctx(test)->m, 1);
	unsigned int i;

	traffic_set(test, "socket=1 c0=40 c3=20 c6=30");
	xu_test_sim_wr(test, sim, 1, E5_PCU_CTL0, PCU_CTL(0x80, 1));
	xu_test_sim_wr(test, sim, 1, E5_PCU_CTL0 + 1, PCU_CTL(0x80, 2));
	xu_test_sim_wr(test, sim, 1, E5_PCU_CTL0 + 2, PCU_CTL(0x80, 3));
	second(test);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 1, E5_PCU_CTR0),
			(ctx(test)->m->ivb ? 400000000ULL : 320000000ULL) * n);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 1, E5_PCU_CTR0 + 1), 160000000ULL * n);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 1, E5_PCU_CTR0 + 2), 240000000ULL * n);

	traffic_set(test, "socket=1 c0=100 c3=0 c6=0");
	xu_test_sim_wr(test, sim, 1, E5_PCU_CTL0, PCU_CTL(0x80, 1) | CTL_THRESH(n));
	xu_test_sim_wr(test, sim, 1, E5_PCU_CTL0 + 1, PCU_CTL(0x80, 1) | CTL_THRESH(n + 1));
	xu_test_sim_wr(test, sim, 1, E5_PCU_CTL0 + 2,
		       PCU_CTL(0x80, 1) | CTL_THRESH(n + 1) | PCU_OCC_INV);
	xu_test_sim_wr(test, sim, 1, E5_PCU_CTL0 + 3,
		       PCU_CTL(0x80, 2) | CTL_THRESH(1) | PCU_OCC_INV);
	for (i = 0; i < 4; i++)
		xu_test_sim_wr(test, sim, 1, E5_PCU_CTR0 + i, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 1, E5_PCU_CTR0), 800000000ULL);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 1, E5_PCU_CTR0 + 1), 0ULL);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 1, E5_PCU_CTR0 + 2), 800000000ULL);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 1, E5_PCU_CTR0 + 3), 800000000ULL);

	xu_test_sim_wr(test, sim, 1, E5_PCU_CTL0,
		       PCU_CTL(0x80, 1) | CTL_THRESH(n) | PCU_OCC_EDGE);
	xu_test_sim_wr(test, sim, 1, E5_PCU_CTR0, 0);
	second(test);
	KUNIT_EXPECT_EQ(test, xu_test_sim_rd(test, sim, 1, E5_PCU_CTR0), 0ULL);
}

/* C-Box control images: tid_en (bit 19) */
#define CTL_TID_EN		0x080000ULL

/*
 * Write @val into every C-Box of socket 0: the SNB-EP filter, or on
 * IVB-EP FILTER0 (@ivb_f1 false) or FILTER1
 */
static void cbox_filter_all(struct kunit *test, u64 snb, u64 ivb, bool ivb_f1)
{
	const struct traffic_model *m = ctx(test)->m;
	unsigned int n;

	for (n = 0; n < m->cboxes; n++)
		xu_test_sim_wr(test, ctx(test)->sim, 0,
			       cbox(n, m->ivb && ivb_f1 ? IVBEP_C_FILTER1 : E5_C_FILTER),
			       m->ivb ? ivb : snb);
}

/* Counter @i of every C-Box of socket 0, summed; then each set to 0 */
static u64 cbox_sum(struct kunit *test, unsigned int i)
{
	const struct traffic_model *m = ctx(test)->m;
	u64 sum = 0;
	unsigned int n;

	for (n = 0; n < m->cboxes; n++) {
		sum += xu_test_sim_rd(test, ctx(test)->sim, 0, cbox(n, E5_C_CTR0 + i));
		xu_test_sim_wr(test, ctx(test)->sim, 0, cbox(n, E5_C_CTR0 + i), 0);
	}
	return sum;
}

/* Counter @i of every C-Box of socket 0 to @ctl */
static void cbox_ctl_all(struct kunit *test, unsigned int i, u64 ctl)
{
	unsigned int n;

	for (n = 0; n < ctx(test)->m->cboxes; n++)
		xu_test_sim_wr(test, ctx(test)->sim, 0, cbox(n, E5_C_CTL0 + i), ctl);
}

/*
 * Every channel of socket 0 reading 72072 MB/s: 1126125000 lines each,
 * T = 4504500000 (SNB-EP, 4 channels) or 9009000000 (IVB-EP, 8), which
 * any number of C-Boxes up to 15 shares evenly, and each share's quarter
 * too.  @wr: the MB/s each writes.
 */
static u64 cbox_scenario(struct kunit *test, unsigned int wr)
{
	char line[80];
	unsigned int c;

	for (c = 0; c < ctx(test)->m->channels; c++) {
		snprintf(line, sizeof(line), "socket=0 channel=%u read=72072 write=%u",
			 c, wr);
		traffic_set(test, line);
	}
	traffic_set(test, "socket=0 remote=25");
	return ctx(test)->m->ivb ? 9009000000ULL : 4504500000ULL;
}

/*
 * TOR_INSERTS with the NID filter (umask 0x40; SNB-EP filter bits 17:10,
 * IVB-EP FILTER1 15:0, a bit per node id), socket 0 reading T lines, a
 * quarter of them from memory homed at socket 1: NID_MISS_ALL (0x4a) of
 * socket 0's node counts the local three quarters, of socket 1's node the
 * remote quarter, of both all T, of none 0.  NID_ALL (0x48) adds the T
 * hits, which are local.
 */
static void traffic_cbox_nid_filter(struct kunit *test)
{
	u64 t = cbox_scenario(test, 0);
	u64 own = BIT_ULL(node_of(test, 0)), other = BIT_ULL(node_of(test, 1));
	unsigned int sh = ctx(test)->m->ivb ? 0 : 10;

	cbox_ctl_all(test, 0, CTL(0x35, 0x4aULL));
	cbox_ctl_all(test, 1, CTL(0x35, 0x48ULL));
	cbox_filter_all(test, own << sh, own, true);
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), t / 4 * 3);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 1), t / 4 * 3 + t);
	cbox_filter_all(test, other << sh, other, true);
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), t / 4);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 1), t / 4);
	cbox_filter_all(test, (own | other) << sh, own | other, true);
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), t);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 1), 2 * t);
	cbox_filter_all(test, 0, 0, true);
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), 0ULL);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 1), 0ULL);
}

/*
 * LLC_LOOKUP (0x34) by the state filter (SNB-EP bits 22:18, IVB-EP
 * FILTER0 22:17: I 0x01, S 0x02, E 0x04, M 0x08, F 0x10), socket 0
 * reading T lines and writing T / 2, a quarter of its reads remote.
 * DATA_READ (0x03): the T misses find I, the T hits a quarter each M, E,
 * S, F; WRITE (0x05): the T / 2 writebacks find M; REMOTE_SNOOP (0x09):
 * T / 4, find I; IVB-EP ANY (0x11): all three.
 */
static void traffic_cbox_state_filter(struct kunit *test)
{
	bool ivb = ctx(test)->m->ivb;
	u64 t = cbox_scenario(test, 36036);
	unsigned int sh = ivb ? 17 : 18, i;

	cbox_ctl_all(test, 0, CTL(0x34, 0x03ULL));
	cbox_ctl_all(test, 1, CTL(0x34, 0x05ULL));
	cbox_ctl_all(test, 2, CTL(0x34, 0x09ULL));
	if (ivb)
		cbox_ctl_all(test, 3, CTL(0x34, 0x11ULL));
	cbox_filter_all(test, 0x01ULL << sh, 0x01ULL << sh, false);	/* I */
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), t);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 1), 0ULL);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 2), t / 4);
	if (ivb)
		KUNIT_EXPECT_EQ(test, cbox_sum(test, 3), t + t / 4);
	cbox_filter_all(test, 0x1eULL << sh, 0x1eULL << sh, false);	/* S E M F */
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), t);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 1), t / 2);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 2), 0ULL);
	if (ivb)
		KUNIT_EXPECT_EQ(test, cbox_sum(test, 3), t + t / 2);
	cbox_filter_all(test, 0x04ULL << sh, 0x04ULL << sh, false);	/* E */
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), t / 4);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 1), 0ULL);
	cbox_filter_all(test, 0, 0, false);
	for (i = 0; i < 3; i++)
		cbox_sum(test, i);
	second(test);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, cbox_sum(test, i), 0ULL);
}

/*
 * The threads of a core of socket @s, as Documentation/simulator.rst
 * gives them: the siblings of its first CPU, 1 without CPUs
 */
static unsigned int threads_of(unsigned int s)
{
	int cpu;

	for_each_present_cpu(cpu)
		if (topology_logical_package_id(cpu) == s)
			return cpumask_weight(topology_sibling_cpumask(cpu));
	return 1;
}

/*
 * The TID filter (tid_en, filter bits 4:0: core 3:1, thread 0, 4 no
 * thread): the requests come evenly from the socket's N cores x H
 * threads.  Each channel reads 64 N^2 H MB/s, 10^6 N^2 H lines: of
 * TOR_INSERTS.MISS_ALL (0x35, 0x0a), core 0 thread 0 gets 10^6 lines a
 * channel from each C-Box; thread 1 of core 0 as much if the cores have
 * two threads, else none; tid 0x10 none; without tid_en every line.
 */
static void traffic_cbox_tid_filter(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	u64 n = cores_of(m, 0), h = threads_of(0);
	u64 one = 1000000ULL * m->channels * n;
	char line[80];
	unsigned int c;

	for (c = 0; c < m->channels; c++) {
		snprintf(line, sizeof(line), "socket=0 channel=%u read=%llu write=0",
			 c, 64 * n * n * h);
		traffic_set(test, line);
	}
	cbox_ctl_all(test, 0, CTL(0x35, 0x0aULL) | CTL_TID_EN);
	cbox_ctl_all(test, 1, CTL(0x35, 0x0aULL));
	cbox_filter_all(test, 0x00, 0x00, false);
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), one);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 1), one * n * h);
	cbox_filter_all(test, 0x01, 0x01, false);
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), h == 2 ? one : 0ULL);
	cbox_filter_all(test, 0x10, 0x10, false);
	cbox_sum(test, 1);
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), 0ULL);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 1), one * n * h);
}

/*
 * IVB-EP's nc and isoc bits (FILTER1 bits 30, 31): the scenario's reads
 * are coherent and not isochronous, so TOR_INSERTS.MISS_OPCODE (0x35,
 * 0x03) of opcode 0x182 counts T with neither, 0 with either.  SNB-EP,
 * which has neither bit, counts T.
 */
static void traffic_cbox_nc_isoc(struct kunit *test)
{
	u64 t = cbox_scenario(test, 0);

	cbox_ctl_all(test, 0, CTL(0x35, 0x03ULL));
	cbox_filter_all(test, 0x182ULL << 23, 0x182ULL << 20, true);
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), t);
	if (!ctx(test)->m->ivb)
		return;
	cbox_filter_all(test, 0, 0x182ULL << 20 | BIT_ULL(30), true);
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), 0ULL);
	cbox_filter_all(test, 0, 0x182ULL << 20 | BIT_ULL(31), true);
	second(test);
	KUNIT_EXPECT_EQ(test, cbox_sum(test, 0), 0ULL);
}

/* Bad lines: -EINVAL, and a write with one bad line changes nothing */
static void traffic_bad_lines_change_nothing(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	struct xu_sim *sim = ctx(test)->sim;
	struct xu_sim_traffic before, after;
	static const char * const bad[] = {
		"", "socket=0", "socket=2 uclk=100", "uclk=100",
		"socket=0 channel=0 tx=1", "socket=0 link=0 read=1",
		"socket=0 read=1", "socket=0 uclk=0", "socket=0 remote=101",
		"socket=0 uclk=100 uclk=200", "socket=0 channel=0 link=0 read=1",
		"socket=0 latency=-1", "socket=0 latency=1x", "socket=0 nosuch=1",
		"socket=0 uclk", "socket=0 socket=1 uclk=5",
		"socket=0 uclk=5;socket=0 channel=0 read=100001",
		"socket=0 c0=101", "socket=0 c0=60 c3=41",
		"socket=0 c0=71",	/* with the default c3=10, c6=20 */
		"socket=0 channel=0 pagehit=80 pagemiss=21",
		"socket=0 channel=0 pagehit=76",	/* pagemiss=25 */
		"socket=0 pagehit=1", "socket=0 channel=0 c0=1",
		"socket=0 link=0 pagemiss=1",
		"socket=0 channel=0 ckeoff=101", "socket=0 ckeoff=50",
		"socket=0 link=0 ckeoff=50",
	};
	char chan[48], link[48];
	unsigned int i;

	KUNIT_ASSERT_EQ(test, 0, xu_sim_traffic(sim, 0, &before));
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, xu_sim_set_traffic(sim, bad[i]), -EINVAL,
				    "\"%s\"", bad[i]);
	/* the channel and the link one past the model's last */
	snprintf(chan, sizeof(chan), "socket=0 channel=%u read=1", m->channels);
	snprintf(link, sizeof(link), "socket=0 link=%u tx=1", m->links);
	KUNIT_EXPECT_EQ(test, xu_sim_set_traffic(sim, chan), -EINVAL);
	KUNIT_EXPECT_EQ(test, xu_sim_set_traffic(sim, link), -EINVAL);
	KUNIT_ASSERT_EQ(test, 0, xu_sim_traffic(sim, 0, &after));
	KUNIT_EXPECT_EQ(test, after.uclk, 1U);
	KUNIT_EXPECT_EQ(test, after.read[0], 32U);
	KUNIT_EXPECT_EQ(test, memcmp(&before, &after, sizeof(before)), 0);
	KUNIT_EXPECT_EQ(test, xu_sim_traffic(sim, 2, &after), -EINVAL);
}

/*
 * An overflow takes effect where the simulator finds it, at the end of
 * the advance that counted it.  Socket 0's channel 2 reads 100000 lines a
 * millisecond; CAS_COUNT.RD on counter 0, and on counter 1 1000 events
 * short of the 48-bit wrap, with ov_en (bit 20) where there is a PMI
 * (IVB-EP; a reserved bit on SNB-EP).  After one millisecond both counted
 * all 100000, counter 1 through its overflow.  On IVB-EP the overflow
 * froze the package there: the next millisecond adds nothing and is the
 * time frozen, up to unfrz_all (U_MSR_PMON_GLOBAL_CTL bit 29).  On SNB-EP
 * nothing freezes.
 */
static void traffic_overflow_freezes_where_found(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	struct xu_sim *sim = ctx(test)->sim;
	u64 ctl = CTL(0x04, 0x03ULL) | (m->ivb ? 0x100000ULL : 0);
	u64 reads, writes, ns, held = m->ivb ? 100000 : 200000;

	traffic_set(test, "socket=0 channel=2 read=6400 write=0");
	pci_wr(test, 0, m->imc2_devfn, E5_PCI_CTR0 + 8, (u32)(0ULL - 1000));
	pci_wr(test, 0, m->imc2_devfn, E5_PCI_CTR0 + 12, 0xffff);
	pci_wr(test, 0, m->imc2_devfn, E5_PCI_CTL0, CTL(0x04, 0x03ULL));
	pci_wr(test, 0, m->imc2_devfn, E5_PCI_CTL0 + 4, ctl);
	xu_sim_advance(sim, NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 0), 100000ULL);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 1), 99000ULL);

	xu_sim_advance(sim, NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 0), held);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 1), held - 1000);
	if (m->ivb)
		xu_test_sim_wr(test, sim, 0, E5_U_GLOBAL_CTL, 0x20000000);
	KUNIT_ASSERT_EQ(test, xu_sim_frozen(sim, 0, &reads, &writes, &ns), 0);
	KUNIT_EXPECT_EQ(test, ns, m->ivb ? (u64)NSEC_PER_MSEC : 0ULL);
	xu_sim_advance(sim, NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 0, m->imc2_devfn, 0), held + 100000);
	KUNIT_EXPECT_EQ(test, xu_sim_violations(sim), 0ULL);
}

/* What traffic_freeze_lands_with_its_pmi() saw on a CPU of package 0 */
struct traffic_landing {
	struct xu_sim *sim;
	unsigned int devfn;
	int ret;
	u32 lo[3], hi[3];
	u64 lost;
};

/* imc_2's counter 0, both dwords, from a CPU with interrupts off */
static void traffic_landing_read(struct traffic_landing *l, unsigned int i)
{
	l->ret |= xu_sim_pci_read(l->sim, 0, l->devfn, E5_PCI_CTR0, &l->lo[i]);
	l->ret |= xu_sim_pci_read(l->sim, 0, l->devfn, E5_PCI_CTR0 + 4,
				  &l->hi[i]);
}

/*
 * As sim_landing_here() (sim_kunit.c): with interrupts off and the LVTPC
 * masked, an injection overflows counter 1, a millisecond passes, and
 * the next access takes the PMI
 */
static void traffic_landing_here(void *info)
{
	struct traffic_landing *l = info;
	u32 lvt = apic->read(APIC_LVTPC);

	apic->write(APIC_LVTPC, lvt | APIC_LVT_MASKED);
	xu_sim_set_deliver_pmi(l->sim, true);
	l->ret = xu_sim_inject(l->sim, 0, "imc", 2, 0x04, XU_SIM_SUB_ANY, 1000);
	xu_sim_advance(l->sim, NSEC_PER_MSEC);
	traffic_landing_read(l, 0);
	traffic_landing_read(l, 1);
	xu_sim_advance(l->sim, NSEC_PER_MSEC);
	traffic_landing_read(l, 2);
	xu_sim_set_deliver_pmi(l->sim, false);
	l->lost = xu_sim_lost_pmis(l->sim, 0);
	apic->write(APIC_LVTPC, lvt);
}

/*
 * sim_freeze_lands_with_its_pmi() (sim_kunit.c) on the E5 model: the
 * freeze of an overflow's PMI (IVB-EP, ov_en; every core a target) lands
 * where a CPU takes the PMI.  1000 CAS reads injected overflow counter 1;
 * the millisecond before the next access (100000 CAS reads at 6400 MB/s)
 * is counted, and that access takes the PMI (lost at the masked LVTPC);
 * the next millisecond adds nothing, and is the time frozen.  (Frozen at
 * the injection, counter 0 read 1000 and 2 ms were frozen.)  SNB-EP has
 * no PMI and freezes nothing: 100000 more.
 */
static void traffic_freeze_lands_with_its_pmi(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	struct traffic_landing l = {
		.sim = ctx(test)->sim, .devfn = m->imc2_devfn,
	};
	u64 ctl = CTL(0x04, 0x03ULL) | (m->ivb ? 0x100000ULL : 0);
	u64 reads, writes, ns, want = 1000 + 100000;
	unsigned int i;
	int cpu;

	for_each_online_cpu(cpu)
		if (topology_logical_package_id(cpu) == 0)
			break;
	KUNIT_ASSERT_LT(test, cpu, nr_cpu_ids);
	traffic_set(test, "socket=0 channel=2 read=6400 write=0");
	if (m->ivb)
		xu_test_sim_wr(test, l.sim, 0, E5_U_GLOBAL_CTL,
			       IVBEP_U_GCTL_PMI_CORE_SEL);
	pci_wr(test, 0, m->imc2_devfn, E5_PCI_CTR0 + 8, (u32)(0ULL - 1000));
	pci_wr(test, 0, m->imc2_devfn, E5_PCI_CTR0 + 12, 0xffff);
	pci_wr(test, 0, m->imc2_devfn, E5_PCI_CTL0, CTL(0x04, 0x03ULL));
	pci_wr(test, 0, m->imc2_devfn, E5_PCI_CTL0 + 4, ctl);
	KUNIT_ASSERT_EQ(test, smp_call_function_single(cpu, traffic_landing_here,
						       &l, true), 0);
	KUNIT_ASSERT_EQ(test, l.ret, 0);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ_MSG(test, (u64)l.hi[i] << 32 | l.lo[i],
				    want + (i == 2 && !m->ivb ? 100000 : 0),
				    "read %u", i);
	KUNIT_EXPECT_EQ(test, l.lost, m->ivb ? 1ULL : 0ULL);
	if (m->ivb)
		xu_test_sim_wr(test, l.sim, 0, E5_U_GLOBAL_CTL,
			       IVBEP_U_GCTL_UNFRZ_ALL);
	KUNIT_ASSERT_EQ(test, xu_sim_frozen(l.sim, 0, &reads, &writes, &ns), 0);
	KUNIT_EXPECT_EQ(test, ns, m->ivb ? (u64)NSEC_PER_MSEC : 0ULL);
}

static void traffic_free(void *sim)
{
	xu_sim_destroy(sim);
}

static int traffic_init(struct kunit *test)
{
	const struct traffic_model *m = xu_test_row(test);
	struct traffic_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	if (!c)
		return -ENOMEM;
	c->m = m;
	c->sim = xu_sim_create(xu_test_pf(test)->sim, 2);
	if (IS_ERR(c->sim))
		return PTR_ERR(c->sim);
	if (kunit_add_action_or_reset(test, traffic_free, c->sim))
		return -ENOMEM;
	xu_sim_set_manual_clock(c->sim, true);
	test->priv = c;
	return 0;
}

static struct kunit_case xeon_uncore_traffic_cases[] = {
	KUNIT_CASE_PARAM(traffic_cas_counts_by_umask, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_thresh_inv_edge_over_a_cycle, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_ha_local_remote, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_qpi_flits, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_ha_addr_opc_match, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_qpi_cto_match_mask, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_tor_littles_law, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_uclk_changes_at_once, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_background_differs_by_umask, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_imc_dclockticks_on_a_general_counter, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_imc_act_pre_by_page_share, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_imc_cke_by_rank, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_pcu_freq_bands, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_pcu_c_state_occupancy, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_cbox_nid_filter, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_cbox_state_filter, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_cbox_tid_filter, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_cbox_nc_isoc, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_bad_lines_change_nothing, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_overflow_freezes_where_found, traffic_model_gen_params),
	KUNIT_CASE_PARAM(traffic_freeze_lands_with_its_pmi, traffic_model_gen_params),
	{}
};

static struct kunit_suite xeon_uncore_traffic_suite = {
	.name = "xeon_e5_sim_traffic",
	.init = traffic_init,
	.test_cases = xeon_uncore_traffic_cases,
};

kunit_test_suite(xeon_uncore_traffic_suite);
