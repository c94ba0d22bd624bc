#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# xu-bw (tools/xu-bw, Documentation/xu-bw.rst) on every simulated
# platform: every socket's and memory channel's read and write MB/s (and
# QPI link's tx MB/s where it has them) within 2% of the simulator's
# documented rates (Documentation/simulator.rst, lib.sh e5_rate and
# nhmex_rate), in CSV, JSON and the table; the SVG plot; -- CMD; SIGINT;
# errors (no PMU, no privilege) and bad options (exit 2).
# The family's table (family/*.sh: BW_BOX, BW_NBOX, BW_CODE, BW_NQPI):
#   e5     channel imc_i, read and write: 100000 * ((0x04 & 7) + 1) *
#          (s + i + 1) CAS/s (cas_count_read/write, event 0x04) * 64 bytes;
#          link qpi_i: (rate(0x102) + rate(0x103)) data flits/s * 8 bytes
#          = 100000 * (3 + 4) * (s + i + 1) * 8
#   nhmex  channel mbox_m: the default traffic scenario's read 96 and
#          write 64 MB/s x (2 * s + m + 1) (bbox_cmds_read/write, 64 bytes
#          a command; lib.sh nhmex_bw); no QPI figures.
# On nhmex, bbox_cmds_read and _write need different bcmd values in the
# M-Box's one ZDP_CTL_FVC, so the driver time-shares them (perf
# multiplexes) and xu-bw scales by time_enabled/time_running.  Each
# switch costs the counters some time that time_running still counts
# (under TCG about 2-3% at the default mux interval), so the test
# switches every 100 ms instead.
. "$(dirname "$0")/../lib.sh"

BW=/add/xu-bw
T=/tmp/76-bw
OUT=$T.out

platform_require common/76-bw
# The plan: the rows below, with 3 (e5) or 2 (nhmex) per socket in the
# table
case $FAM in
e5) plan $((38 + 3 * $(e5_sockets))) ;;
nhmex) plan $((39 + 2 * $(e5_sockets))) ;;
esac
if [ ! -x $BW ]; then
	fail "xu-bw in /add (make -C tools/xu-bw OUT=...)"
	finish
fi
S=$(e5_sockets)

# rc CMD...: CMD's exit status, its output in $OUT
rc() { "$@" >$OUT 2>&1; echo $?; }

r=$(rc $BW -n 1)
check_eq "without the driver: exit 1" "$r" 1
check "without the driver: 'no supported uncore PMU'" grep -q "no supported uncore PMU" $OUT

check "load xeon_uncore and xeon_uncore_sim model=$MODEL" plat_load
if [ $FAM = nhmex ]; then
	for m in 0 1; do
		echo 100 >/sys/bus/event_source/devices/uncore_mbox_$m/perf_event_mux_interval_ms
	done
fi

for o in "-x" "-i 0" "-i" "-n 0" "-n x" "--csv --json" "--plot=" "extra"; do
	# shellcheck disable=SC2086 # the option's words
	check_eq "xu-bw $o: usage, exit 2" "$(rc $BW $o)" 2
done

# The expected records, in bytes/s: "socket record box read write tx"
# ("-" where a record has no such figure)
for s in $(e5_seq "$S"); do
	tr=0 tw=0 tq=0
	for i in $(e5_seq $BW_NBOX); do
		r=$(($(plat_rate "${BW_BOX}_$i" $BW_CODE "$s") * 64)) w=$r
		[ $FAM = nhmex ] && r=$(nhmex_bw read "$s" "$i") w=$(nhmex_bw write "$s" "$i")
		tr=$((tr + r)) tw=$((tw + w))
		echo "$s channel ${BW_BOX}_$i $r $w -"
	done
	for i in $(e5_seq $BW_NQPI); do
		q=$((($(plat_rate "uncore_qpi_$i" 0x102 "$s") + $(plat_rate "uncore_qpi_$i" 0x103 "$s")) * 8))
		tq=$((tq + q))
		echo "$s link uncore_qpi_$i - - $q"
	done
	[ $BW_NQPI = 0 ] && tq=-
	echo "$s socket - $tr $tw $tq"
done >$T.want
# the system: every socket's sums
awk -v q=$BW_NQPI '$2 == "socket" { r += $4; w += $5; t += $6 }
	END { if (q) printf "- system - %.0f %.0f %.0f\n", r, w, t
		else printf "- system - %.0f %.0f -\n", r, w }' $T.want >>$T.want

# CSV and the plot, 2 intervals of 0.5 s
check_eq "xu-bw -i 0.5 -n 2 --csv --plot: exit 0" \
	"$($BW -i 0.5 -n 2 --csv --plot=$T.svg >$T.csv 2>$OUT; echo $?)" 0
check_eq "CSV header" "$(head -n 1 $T.csv)" \
	"timestamp,elapsed_s,socket,record,box,read_MBps,write_MBps,tx_MBps"
bw_csv_norm
check_eq "CSV: 2 intervals" "$(cut -d' ' -f1 $T.norm | uniq | wc -l)" 2
case $FAM in
e5) bw_compare "CSV ($S sockets, $BW_NBOX channels, $BW_NQPI QPI links)" $T.norm ;;
nhmex) bw_compare "CSV ($S sockets, $BW_NBOX M-Boxes, no QPI)" $T.norm ;;
esac

# the SVG: one polyline of 2 points per socket and read/write (and QPI),
# closed
np=2
[ $BW_NQPI -gt 0 ] && np=3
check_eq "SVG starts with <svg" "$(head -c 4 $T.svg)" "<svg"
check_eq "SVG ends with </svg>" "$(tail -n 1 $T.svg)" "</svg>"
check_eq "SVG: $((S * np)) polylines of 2 points" \
	"$(grep '<polyline' $T.svg | sed 's/.*points="\([^"]*\)".*/\1/' | awk 'NF == 2' | wc -l)" $((S * np))
check_eq "SVG: axes' units" "$(grep -c -e 'time (s)' -e 'MB/s' $T.svg)" 2
check "SVG: legend" grep -q "socket $((S - 1)) write" $T.svg

# JSON, one interval: the same figures
check_eq "xu-bw -i 0.5 -n 1 --json: exit 0" \
	"$($BW -i 0.5 -n 1 --json >$T.json 2>$OUT; echo $?)" 0
check_eq "JSON: one object per line" "$(grep -cv '^{.*}$' $T.json)" 0
bw_json_norm
bw_compare "JSON" $T.norm

# the table: socket rows read and write (and QPI tx), totals within 2%;
# on nhmex, no QPI rows and the multiplexing said
check_eq "xu-bw -i 0.5 -n 1 (table): exit 0" "$($BW -i 0.5 -n 1 >$T.tab 2>$OUT; echo $?)" 0
while IFS= read -r l; do diag "table: $l"; done <$T.tab
case $FAM in
e5) check "table header names $E5" grep -q "($E5), $S sockets, $BW_NBOX memory channels" $T.tab ;;
nhmex)
	check "table: read and write multiplexed, said" grep -q "multiplexed: scaled" $T.tab
	check "table header names $NX, no QPI" grep -q "($NX), $S sockets, $BW_NBOX memory channels.*QPI not measured" $T.tab
	;;
esac
for s in $(e5_seq "$S"); do
	# shellcheck disable=SC2046 # read, write and QPI tx totals
	set -- $(awk -v s="$s" '$1 == s && $2 == "read" { print $3 }
		$1 == s && $2 == "write" { print $3 }
		$1 == s && $2 == "QPI" { print $4 }' $T.tab)
	w=$(awk -v s="$s" '$1 == s && $2 == "socket" { print $4 / 1e6 }' $T.want)
	check_within_pct "table: socket $s read" "${1:-}" "$w" 2
	w=$(awk -v s="$s" '$1 == s && $2 == "socket" { print $5 / 1e6 }' $T.want)
	check_within_pct "table: socket $s write" "${2:-}" "$w" 2
	if [ $BW_NQPI -gt 0 ]; then
		w=$(awk -v s="$s" '$1 == s && $2 == "socket" { print $6 / 1e6 }' $T.want)
		check_within_pct "table: socket $s QPI tx" "${3:-}" "$w" 2
	fi
done
# shellcheck disable=SC2046 # the system's read, write and QPI tx
set -- $(awk '$1 == "all" && $2 == "read" { print $3 } $1 == "all" && $2 == "write" { print $3 }
	$1 == "all" && $2 == "QPI" { print $4 }' $T.tab)
w=$(awk '$2 == "system" { print $4 / 1e6 }' $T.want)
check_within_pct "table: 'all' read" "${1:-}" "$w" 2
w=$(awk '$2 == "system" { print $5 / 1e6 }' $T.want)
check_within_pct "table: 'all' write" "${2:-}" "$w" 2
if [ $BW_NQPI -gt 0 ]; then
	check_within_pct "table: 'all' QPI tx" "${3:-}" "$(awk '$2 == "system" { print $6 / 1e6 }' $T.want)" 2
else
	check_eq "table: no QPI rows" "$(grep -c QPI $T.tab)" 1
fi

bw_cmd_sigint_privilege
finish
