#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# xu-bw (tools/xu-bw, Documentation/xu-bw.rst) on the simulated Xeon E5 /
# E5 v2: every socket's, memory channel's and QPI link's MB/s within 2% of
# the simulator's documented rates (Documentation/simulator.rst, lib.sh
# e5_rate), in CSV, JSON and the table; the SVG plot; -- CMD; SIGINT;
# errors (no PMU, no privilege) and bad options (exit 2).
#   channel imc_i, read and write: 100000 * ((0x04 & 7) + 1) * (s + i + 1)
#       CAS/s (cas_count_read/write, event 0x04) * 64 bytes
#   link qpi_i: (rate(0x102) + rate(0x103)) data flits/s * 8 bytes
#       = 100000 * (3 + 4) * (s + i + 1) * 8
. "$(dirname "$0")/lib.sh"

BW=/add/xu-bw
T=/tmp/86-e5-bw
OUT=$T.out

e5_require 86-e5-bw
if [ ! -x $BW ]; then
	fail "xu-bw in /add (make -C tools/xu-bw OUT=...)"
	finish
fi
S=$(e5_sockets)
NIMC=4 NQPI=2
[ "$E5" = ivbep ] && NIMC=8 NQPI=3

# rc CMD...: CMD's exit status, its output in $OUT
rc() { "$@" >$OUT 2>&1; echo $?; }

r=$(rc $BW -n 1)
check_eq "without the driver: exit 1" "$r" 1
check "without the driver: 'no supported uncore PMU'" grep -q "no supported uncore PMU" $OUT

check "load xeon_uncore and xeon_uncore_sim model=$E5" e5_load

for o in "-x" "-i 0" "-i" "-n 0" "-n x" "--csv --json" "--plot=" "extra"; do
	# shellcheck disable=SC2086 # the option's words
	check_eq "xu-bw $o: usage, exit 2" "$(rc $BW $o)" 2
done

# The expected records, in bytes/s: "socket record box read write tx"
# ("-" where a record has no such figure)
for s in $(e5_seq "$S"); do
	tr=0 tw=0 tq=0
	for i in $(e5_seq $NIMC); do
		b=$(($(e5_rate "uncore_imc_$i" 0x04 "$s") * 64))
		tr=$((tr + b)) tw=$((tw + b))
		echo "$s channel uncore_imc_$i $b $b -"
	done
	for i in $(e5_seq $NQPI); do
		q=$((($(e5_rate "uncore_qpi_$i" 0x102 "$s") + $(e5_rate "uncore_qpi_$i" 0x103 "$s")) * 8))
		tq=$((tq + q))
		echo "$s link uncore_qpi_$i - - $q"
	done
	echo "$s socket - $tr $tw $tq"
done >$T.want
# the system: every socket's sums
awk '$2 == "socket" { r += $4; w += $5; q += $6 } END { printf "- system - %.0f %.0f %.0f\n", r, w, q }' $T.want >>$T.want

# CSV and the plot, 2 intervals of 0.5 s
check_eq "xu-bw -i 0.5 -n 2 --csv --plot: exit 0" \
	"$($BW -i 0.5 -n 2 --csv --plot=$T.svg >$T.csv 2>$OUT; echo $?)" 0
check_eq "CSV header" "$(head -n 1 $T.csv)" \
	"timestamp,elapsed_s,socket,record,box,read_MBps,write_MBps,tx_MBps"
bw_csv_norm
check_eq "CSV: 2 intervals" "$(cut -d' ' -f1 $T.norm | uniq | wc -l)" 2
bw_compare "CSV ($S sockets, $NIMC channels, $NQPI QPI links)" $T.norm

# the SVG: one polyline of 2 points per socket and read/write/QPI, closed
check_eq "SVG starts with <svg" "$(head -c 4 $T.svg)" "<svg"
check_eq "SVG ends with </svg>" "$(tail -n 1 $T.svg)" "</svg>"
check_eq "SVG: $((S * 3)) polylines of 2 points" \
	"$(grep '<polyline' $T.svg | sed 's/.*points="\([^"]*\)".*/\1/' | awk 'NF == 2' | wc -l)" $((S * 3))
check_eq "SVG: axes' units" "$(grep -c -e 'time (s)' -e 'MB/s' $T.svg)" 2
check "SVG: legend" grep -q "socket $((S - 1)) write" $T.svg

# JSON, one interval: the same figures
check_eq "xu-bw -i 0.5 -n 1 --json: exit 0" \
	"$($BW -i 0.5 -n 1 --json >$T.json 2>$OUT; echo $?)" 0
check_eq "JSON: one object per line" "$(grep -cv '^{.*}$' $T.json)" 0
bw_json_norm
bw_compare "JSON" $T.norm

# the table: socket rows read and write, totals within 2%
check_eq "xu-bw -i 0.5 -n 1 (table): exit 0" "$($BW -i 0.5 -n 1 >$T.tab 2>$OUT; echo $?)" 0
while IFS= read -r l; do diag "table: $l"; done <$T.tab
check "table header names $E5" grep -q "($E5), $S sockets, $NIMC memory channels" $T.tab
for s in $(e5_seq "$S"); do
	# shellcheck disable=SC2046 # read, write and QPI tx totals
	set -- $(awk -v s="$s" '$1 == s && $2 == "read" { print $3 }
		$1 == s && $2 == "write" { print $3 }
		$1 == s && $2 == "QPI" { print $4 }' $T.tab)
	w=$(awk -v s="$s" '$1 == s && $2 == "socket" { print $4 / 1e6 }' $T.want)
	check_within_pct "table: socket $s read" "${1:-}" "$w" 2
	check_within_pct "table: socket $s write" "${2:-}" "$w" 2
	w=$(awk -v s="$s" '$1 == s && $2 == "socket" { print $6 / 1e6 }' $T.want)
	check_within_pct "table: socket $s QPI tx" "${3:-}" "$w" 2
done
# shellcheck disable=SC2046 # the system's read, write and QPI tx
set -- $(awk '$1 == "all" && $2 == "read" { print $3 } $1 == "all" && $2 == "write" { print $3 }
	$1 == "all" && $2 == "QPI" { print $4 }' $T.tab)
w=$(awk '$2 == "system" { print $4 / 1e6 }' $T.want)
check_within_pct "table: 'all' read" "${1:-}" "$w" 2
check_within_pct "table: 'all' write" "${2:-}" "$w" 2
check_within_pct "table: 'all' QPI tx" "${3:-}" "$(awk '$2 == "system" { print $6 / 1e6 }' $T.want)" 2

bw_cmd_sigint_privilege
finish
