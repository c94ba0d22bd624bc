#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon 7500 / E7 packet matching on the simulator, the generator off so
# that only injected packets count:
#   - an R-Box XBR match/mask event (mm_trig_en, match_flt_cnt=1: one
#     count per packet) counts exactly the matching packets injected on its
#     port and socket, not the others, nor those of other ports;
#   - the same through the guide's other route, the counter on an IPERF
#     register that the driver sets to TO_R_PROG_EV (0x31);
#   - a second value on the same port moves to the twin set (SET2) and
#     both count exactly, at once;
#   - two S-Box TO_R_PROG_EV events with conflicting MATCH values cannot
#     run together: perf multiplexes them, and each count, scaled, is its
#     injected count (within 10%: the packets come in a few thousand
#     writes while perf rotates the events every few ms); as a group they
#     are refused at open (EINVAL);
#   - a B-Box match event counts exactly its matching packets.
# Packets (Documentation/simulator.rst, "Match and mask"): R-Box "SOCKET
# rpkt PORT HDR HDR_HI FLITS COUNT", S-Box "SOCKET spkt BOX PKT COUNT",
# B-Box "SOCKET bpkt BOX EVENT PKT COUNT".
. "$(dirname "$0")/lib.sh"

OUT=/tmp/92-nhmex-match.csv

nhmex_require 92-nhmex-match
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

# The guide's route (p. 2-85): the counter on port 1's IPERF0 (event 6),
# which the driver sets to TO_R_PROG_EV (0x31) with the port's XBR sets
RI=uncore_rbox_0/event=0x6,mm_trig_en=1,match_flt_cnt=1,xbr_match=0x1000,xbr_mask=0xf000/
got=$(count "$RI" sh -c "
	echo '0 rpkt 1 0x1234 0 3 5' >$XU_SIM/inject
	echo '0 rpkt 1 0x2234 0 3 7' >$XU_SIM/inject
	echo '0 rpkt 0 0x1234 0 3 6' >$XU_SIM/inject")
check_eq "$RI (IPERF0 = TO_R_PROG_EV) counts the 5 matching packets of port 1" "$got" "5 0"

# The same with match_71_64/mask_71_64: header bit 64 must be 1
R2=uncore_rbox_1/event=0x11,mm_trig_en=1,match_flt_cnt=1,match_71_64=1,mask_71_64=1/
got=$(count "$R2" sh -c "
	echo '0 rpkt 6 0x0 1 1 11' >$XU_SIM/inject
	echo '0 rpkt 6 0x0 0 1 13' >$XU_SIM/inject")
# event 0x11 of rbox_1: port 4 + 17 / 6 = 6, slot 5 (SET2)
check_eq "$R2 (port 6 SET2) counts headers with bit 64 set: 11" "$got" "11 0"

# ig_flt_cnt: once per flit
R3=uncore_rbox_0/event=0x4,mm_trig_en=1,ig_flt_cnt=1,xbr_match=0x0,xbr_mask=0x0/
got=$(count "$R3" sh -c "echo '0 rpkt 0 0x55 0 3 10' >$XU_SIM/inject")
check_eq "$R3 counts flits: 10 packets of 3" "$got" "30 0"

# Two values on one port: the second moves to SET2, both count at once
A=uncore_rbox_0/event=0xa,mm_trig_en=1,match_flt_cnt=1,xbr_match=0x1000,xbr_mask=0xf000/
B=uncore_rbox_0/event=0xa,mm_trig_en=1,match_flt_cnt=1,xbr_match=0x2000,xbr_mask=0xf000/
perf stat -a --per-socket -x';' -o $OUT -e "$A" -e "$B" -- sh -c "
	echo '0 rpkt 1 0x1234 0 3 21' >$XU_SIM/inject
	echo '0 rpkt 1 0x2234 0 3 34' >$XU_SIM/inject
	echo '0 rpkt 1 0x3234 0 3 55' >$XU_SIM/inject" >/dev/null 2>&1
la=$(awk -F';' -v e="$A" '$1 == "S0" && $5 == e' $OUT)
lb=$(awk -F';' -v e="$B" '$1 == "S0" && $5 == e' $OUT)
check_eq "twin sets: 0x1000 counts 21 all the time" \
	"$(echo "$la" | cut -d';' -f3,7)" "21;100.00"
check_eq "twin sets: 0x2000 counts 34 all the time" \
	"$(echo "$lb" | cut -d';' -f3,7)" "34;100.00"

# S-Box 0 TO_R_PROG_EV, MATCH 0x2 or 0x4 over MASK 0x7e: no twin
SA=uncore_sbox_0/event=0x0,match=0x2,mask=0x7e/
SB=uncore_sbox_0/event=0x0,match=0x4,mask=0x7e/
got=$(count "$SA" sh -c "
	echo '0 spkt 0 0x2 17' >$XU_SIM/inject
	echo '0 spkt 0 0x3 5' >$XU_SIM/inject
	echo '0 spkt 0 0x4 19' >$XU_SIM/inject
	echo '0 spkt 1 0x2 23' >$XU_SIM/inject")
check_eq "$SA counts 17 (0x3 differs in bit 0, which MASK ignores: +5)" "$got" "22 0"

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

# B-Box 1, counter 1 match event 2 (simulator code 1 * 32 + 2 = 0x22)
BE=uncore_bbox_1/counter=1,event=0x2,match=0x30,mask=0xf0/
got=$(count "$BE" sh -c "
	echo '1 bpkt 1 0x22 0x31 12' >$XU_SIM/inject
	echo '1 bpkt 1 0x22 0x41 7' >$XU_SIM/inject
	echo '1 bpkt 0 0x22 0x31 3' >$XU_SIM/inject")
check_eq "$BE counts 12 on socket 1" "$got" "0 12"

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
echo 1 >$XU_SIM/generator
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
