#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon 7500 / E7 on the simulator: every PMU counts at its documented
# rate (Documentation/simulator.rst, "The generator"; lib.sh nhmex_rate)
# per socket within 2%, with perf stat -a --per-socket.  One or two events
# per PMU: a general-purpose event with a box-specific ev_sel (so that
# (ev_sel & 7) varies), the W-Box's fixed clocktick counter, an R-Box QLX
# and IPERF slot, a B-Box counter other than 0.
. "$(dirname "$0")/lib.sh"

OUT=/tmp/91-nhmex-rates.csv

nhmex_require 91-nhmex-rates
check "load xeon_uncore and xeon_uncore_sim model=$NX" nhmex_load

# ev PMU: "EVENT CODE" lines, CODE as nhmex_rate takes it
ev() {
	case ${1#uncore_} in
	ubox) echo "$1/event=0x3/ 3" ;;
	mbox_*) echo "$1/cycles/ 0x1b" ;;
	cbox_*) echo "$1/event=0x2,umask=0x1/ 2" ;;
	bbox_*) echo "$1/counter=3,event=0x2/ 0x62" ;;
	sbox_*) echo "$1/event=0x3/ 3" ;;
	rbox_*)
		echo "$1/event=0x2/ 2"
		echo "$1/event=0x7,iperf_cfg=0x80000000/ 7"
		;;
	wbox)
		echo "$1/event=0x4/ 4"
		echo "$1/clockticks/ 0xff"
		;;
	esac
}

EV=$(for p in $(nhmex_pmus); do ev "$p"; done)
n=$(echo "$EV" | wc -l)
check "perf stat -a --per-socket of $n events on $(nhmex_pmus | wc -l) PMUs (1 s)" \
	perf stat -a --per-socket -x';' -o $OUT \
	-e "$(echo "$EV" | cut -d' ' -f1 | tr '\n' , | sed 's/,$//')" -- sleep 1
for s in $(e5_seq "$(e5_sockets)"); do
	echo "$EV" | while read -r e c; do
		line=$(awk -F';' -v s="S$s" -v e="$e" '$1 == s && $5 == e' $OUT)
		r=$(nhmex_rate "${e%%/*}" "$c" "$s")
		pct=$(echo "$line" | cut -d';' -f7)
		if [ -z "$line" ] || [ "$pct" != "100.00" ]; then
			fail "S$s $e = $r/s: counted all the time"; diag "line '$line'"
			continue
		fi
		want=$(echo "$line" | awk -F';' -v r="$r" '{ printf "%.0f", r * $6 / 1e9 }')
		check_within_pct "S$s $e = $r/s" "$(echo "$line" | cut -d';' -f3)" "$want" 2
	done
done

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
