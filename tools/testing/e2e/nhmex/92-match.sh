#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon 7500 / E7 packet matching on the simulator, the generator off so
# that only injected packets count.  The table of exact counts (R-Box XBR
# match/mask on SET1 and SET2 at once, the IPERF route, match_71_64,
# ig_flt_cnt, S-Box and B-Box matches) is KUnit's: xeon_uncore_match
# (drivers/perf/xeon_uncore/tests/match_kunit.c).  This script keeps what
# needs perf:
#   - its parsing of an R-Box XBR match/mask event (mm_trig_en,
#     match_flt_cnt=1: one count per packet; config, config1, config2),
#     which counts exactly the matching packets injected on its port and
#     socket, not the others, nor those of other ports;
#   - two S-Box TO_R_PROG_EV events with conflicting MATCH values cannot
#     run together: perf multiplexes them, and each count, scaled, is its
#     injected count (within 10%: the packets come in a few thousand
#     writes while perf rotates the events every few ms); as a group they
#     are refused at open (EINVAL); equal values share, as a group too.
# Packets (Documentation/simulator.rst, "Match and mask"): R-Box "SOCKET
# rpkt PORT HDR HDR_HI FLITS COUNT", S-Box "SOCKET spkt BOX PKT COUNT".
. "$(dirname "$0")/../lib.sh"

OUT=/tmp/92-nhmex-match.csv

nhmex_require nhmex/92-match
plan 9
check "load xeon_uncore and xeon_uncore_sim model=$NX" nhmex_load
nhmex_quiet

# per_socket EVENT...: perf stat -a --per-socket of the events while
# the rest of the command line runs; "S0 S1" counts of the first event
count() {
	_e=$1; shift
	perf stat -a --per-socket -x';' -o $OUT -e "$_e" -- "$@" >/dev/null 2>&1
	awk -F';' -v e="$_e" '$5 == e { printf "%s ", $3 }' $OUT | sed 's/ $//'
}

# R-Box 0 port 1, XBR SET1: event 1 * 6 + 4 = 0xa; MATCH 0x1000 over
# MASK 0xf000: a header 0x1234 matches, 0x2234 does not
R1=uncore_rbox_0/event=0xa,mm_trig_en=1,match_flt_cnt=1,xbr_match=0x1000,xbr_mask=0xf000/
got=$(count "$R1" sh -c "
	echo '0 rpkt 1 0x1234 0 3 5' >$XU_SIM/inject
	echo '0 rpkt 1 0x2234 0 3 7' >$XU_SIM/inject
	echo '0 rpkt 1 0x1fff 0 1 4' >$XU_SIM/inject
	echo '0 rpkt 2 0x1234 0 3 6' >$XU_SIM/inject
	echo '1 rpkt 1 0x1000 0 2 9' >$XU_SIM/inject
	echo '1 rpkt 1 0x3000 0 2 8' >$XU_SIM/inject")
# socket 0: 5 + 4 matching packets on port 1 (7 do not match, 6 are on
# port 2); socket 1: 9 (8 do not match)
check_eq "$R1 counts the matching packets: S0 9, S1 9" "$got" "9 9"

# S-Box 0 TO_R_PROG_EV, MATCH 0x2 or 0x4 over MASK 0x7e: no twin
SA=uncore_sbox_0/event=0x0,match=0x2,mask=0x7e/
SB=uncore_sbox_0/event=0x0,match=0x4,mask=0x7e/

# N rounds of 1 packet of each: both events are open the whole time,
# each scheduled part of it
N=2000
perf stat -a --per-socket -x';' -o $OUT -e "$SA" -e "$SB" -- sh -c "
	i=0
	while [ \$i -lt $N ]; do
		echo '0 spkt 0 0x2 1' >$XU_SIM/inject
		echo '0 spkt 0 0x4 3' >$XU_SIM/inject
		i=\$((i + 1))
	done" >/dev/null 2>&1
la=$(awk -F';' -v e="$SA" '$1 == "S0" && $5 == e' $OUT)
lb=$(awk -F';' -v e="$SB" '$1 == "S0" && $5 == e' $OUT)
diag "SA: $la"
diag "SB: $lb"
pa=$(echo "$la" | cut -d';' -f7)
pb=$(echo "$lb" | cut -d';' -f7)
if awk -v a="$pa" -v b="$pb" 'BEGIN { exit !(a > 0 && b > 0 && a < 100 && b < 100 && a + b <= 101) }'; then
	ok "conflicting S-Box matches multiplex: ran $pa% and $pb% of the time"
else
	fail "conflicting S-Box matches multiplex: ran $pa% and $pb% of the time"
fi
check_within_pct "scaled 0x2 count is the $N injected" "$(echo "$la" | cut -d';' -f3)" $N 10
check_within_pct "scaled 0x4 count is the $((3 * N)) injected" "$(echo "$lb" | cut -d';' -f3)" $((3 * N)) 10

# ... and refused as a group: EINVAL at open
out=$(perf stat -vv -a -e "{$SA,$SB}" -- true 2>&1)
check_eq "{$SA,$SB} refused at open: EINVAL" "$(e5_errno "$out")" 22
# equal values share: the group opens
# (and counts: perf printing nothing, or failing, is no pass)
out=$(perf stat -a -x';' -e "{$SA,$SA}" -- true 2>&1)
prc=$?
counted=$(printf '%s\n' "$out" | awk -F';' -v e="$SA" '$1 ~ /^[0-9]+$/ && $3 == e' | wc -l)
check_eq "{$SA,$SA} opens: perf stat exit 0, both events counted" "$prc $counted" "0 2"
[ "$counted" = 2 ] || printf '%s\n' "$out" | tail -n 5 | sed 's/^/# /'

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
echo 1 >$XU_SIM/generator
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
