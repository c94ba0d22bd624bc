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
#include <linux/time64.h>

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
 * An encoding the model leaves out (ACT_COUNT, 0x01) counts the
 * background rate, 100000 * ((0x01 & 7) + 1) * (socket + imc + 1), plus
 * 1000 a second per umask value: two umasks never count the same
 */
static void traffic_background_differs_by_umask(struct kunit *test)
{
	const struct traffic_model *m = ctx(test)->m;
	static const u64 ctl[] = { CTL(0x01, 0x1ULL), CTL(0x01, 0x2ULL) };

	pci_prog(test, 1, m->imc2_devfn, ctl, 2);
	second(test);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 0), 800000ULL + 1000);
	KUNIT_EXPECT_EQ(test, pci_ctr(test, 1, m->imc2_devfn, 1), 800000ULL + 2000);
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
	KUNIT_CASE_PARAM(traffic_bad_lines_change_nothing, traffic_model_gen_params),
	{}
};

static struct kunit_suite xeon_uncore_traffic_suite = {
	.name = "xeon_e5_sim_traffic",
	.init = traffic_init,
	.test_cases = xeon_uncore_traffic_cases,
};

kunit_test_suite(xeon_uncore_traffic_suite);
