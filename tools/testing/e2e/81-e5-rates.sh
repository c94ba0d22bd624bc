#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon E5 / E5 v2 on the simulator: every PMU counts at its documented
# rate per socket within 2% (Documentation/simulator.rst):
#   general-purpose   100000 * ((ev_sel & 7) + 1) * (socket + idx + 1)/s
#   U-Box UCLK        1000000 * (socket + 1)/s          (event=0xff)
#   iMC DCLK          800000 * (socket + idx + 1)/s      (event=0xff)
# idx: the box's index within its type (0 for single boxes); the rate does
# not depend on umask, thresh, edge or filters.
. "$(dirname "$0")/lib.sh"

OUT=/tmp/81-e5-rates.csv

e5_require 81-e5-rates
check "load xeon_uncore and xeon_uncore_sim model=$E5" e5_load

# ev PMU: the events counted on PMU, one per line: a general-purpose event
# with a box-specific ev_sel (so that (ev_sel & 7) varies), the fixed
# counters, QPI's ev_sel extension, a C-Box opcode filter
ev() {
	case ${1#uncore_} in
	ubox) echo "$1/event=0x42/"; echo "$1/event=0xff/" ;;
	cbox_0) echo "$1/event=0x11/"; echo "$1/event=0x35,umask=0x3,filter_opc=0x182/" ;;
	cbox_*) echo "$1/event=0x11/" ;;
	pcu) echo "$1/event=0x4/" ;;
	ha*) echo "$1/event=0x1,umask=0x3/" ;;
	imc_*) echo "$1/event=0x4,umask=0x3/"; echo "$1/event=0xff/" ;;
	qpi_*) echo "$1/event=0x14/"; echo "$1/event=0x102,umask=0x1/" ;;
	r2pcie | r3qpi_*) echo "$1/event=0x1/" ;;
	irp) echo "$1/event=0x3/" ;;
	esac
}

# code EVENT: the event= value of an event string
code() { echo "$1" | sed 's/.*event=\(0x[0-9a-f]*\).*/\1/'; }

# rate_check SOCKET EVENT: EVENT's -A line for SOCKET's CPU in $OUT
# counted at the documented rate for its run time, all of the time
rate_check() {
	_pmu=${2%%/*} _cpu=CPU$(e5_socket_cpu "$1")
	_line=$(awk -F';' -v c="$_cpu" -v e="$2" '$1 == c && $4 == e' $OUT)
	_cnt=$(echo "$_line" | cut -d';' -f2)
	_ns=$(echo "$_line" | cut -d';' -f5)
	_pct=$(echo "$_line" | cut -d';' -f6)
	_r=$(e5_rate "$_pmu" "$(code "$2")" "$1")
	if [ -z "$_line" ] || [ "$_pct" != "100.00" ]; then
		fail "socket $1 $2 = $_r/s: counted all the time"; diag "line '$_line'"
		return
	fi
	_want=$(awk -v r="$_r" -v t="$_ns" 'BEGIN { printf "%.0f", r * t / 1e9 }')
	check_within_pct "socket $1 $2 = $_r/s" "$_cnt" "$_want" 2
}

EV=$(for p in $(e5_pmus); do ev "$p"; done)
n=$(echo "$EV" | wc -l)
check "perf stat -a -A of $n events on $(e5_pmus | wc -l) PMUs (1 s)" \
	perf stat -a -A -x';' -o $OUT -e "$(echo "$EV" | tr '\n' , | sed 's/,$//')" -- sleep 1
for s in $(e5_seq "$(e5_sockets)"); do
	for e in $EV; do rate_check "$s" "$e"; done
done

# --per-socket aggregates the same counts
E=uncore_r3qpi_1/event=0x1,thresh=1,edge=1/
check "perf stat -a --per-socket -e $E" \
	perf stat -a --per-socket -x';' -o $OUT -e "$E" -- sleep 0.5
for s in $(e5_seq "$(e5_sockets)"); do
	line=$(awk -F';' -v s="S$s" -v e="$E" '$1 == s && $5 == e' $OUT)
	want=$(echo "$line" | awk -F';' -v r="$(e5_rate uncore_r3qpi_1 1 "$s")" '{ printf "%.0f", r * $6 / 1e9 }')
	check_within_pct "--per-socket S$s $E" "$(echo "$line" | cut -d';' -f3)" "$want" 2
done

# An event opened on a CPU outside the cpumask counts for that CPU's
# package: the second CPU of the last socket
last=$(($(e5_sockets) - 1))
c2=$(($(e5_socket_cpu $last) + 1))
E=uncore_imc_1/event=0x4,umask=0x3/
check "perf stat -C $c2 -A -e $E" perf stat -C $c2 -A -x';' -o $OUT -e "$E" -- sleep 0.5
line=$(awk -F';' -v c="CPU$c2" -v e="$E" '$1 == c && $4 == e' $OUT)
want=$(echo "$line" | awk -F';' -v r="$(e5_rate uncore_imc_1 4 $last)" '{ printf "%.0f", r * $5 / 1e9 }')
check_within_pct "CPU $c2 counts socket $last's $E" "$(echo "$line" | cut -d';' -f2)" "$want" 2

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
