#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# perf stat counts match the simulator's documented generator rates
# (Documentation/simulator.rst), per socket, within 2%:
#   U-Box      100000 * (event + 1) * (socket + 1)      events/s
#   M-Box m    100000 * (inc_sel + 1) * (2 * socket + m + 1)
# and with flag_mode=1, storage_mode=1 only (set_flag_sel + 1) / 8 of them.
. "$(dirname "$0")/lib.sh"

OUT=/tmp/20-rates.csv

check "load xeon_uncore and xeon_uncore_sim" load_module

# rate_check CPU SOCKET EVENT RATE: the -A line of EVENT on CPU in $OUT
# counted RATE events/s for its run time, at 100% of the time
rate_check() {
	_line=$(awk -F';' -v c="CPU$1" -v e="$3" '$1 == c && $4 == e' $OUT)
	_cnt=$(echo "$_line" | cut -d';' -f2)
	_ns=$(echo "$_line" | cut -d';' -f5)
	_pct=$(echo "$_line" | cut -d';' -f6)
	if [ -z "$_line" ] || [ "$_pct" != "100.00" ]; then
		fail "socket $2 $3: counted all the time"; diag "line '$_line'"
		return
	fi
	_want=$(awk -v r="$4" -v t="$_ns" 'BEGIN { printf "%.0f", r * t / 1e9 }')
	check_within_pct "socket $2 $3 = $4/s" "$_cnt" "$_want" 2
}

# perf stat -x';': event names hold commas.
# One U-Box counter and six per M-Box: no event is multiplexed.
EV="uncore_ubox/event=0x3/"
EV="$EV,uncore_mbox_0/cycles/,uncore_mbox_0/inc_sel=0x2/"
EV="$EV,uncore_mbox_0/cycles_retryq_mfull/,uncore_mbox_0/cycles_retryq_starved/"
EV="$EV,uncore_mbox_0/inc_sel=0x1b,flag_mode=1,set_flag_sel=7,storage_mode=1/"
EV="$EV,uncore_mbox_1/cycles/,uncore_mbox_1/page_hit/,uncore_mbox_1/inc_sel=0x1f/"
check "perf stat -a -A (1 s)" perf stat -a -A -x';' -o $OUT -e "$EV" -- sleep 1
for s in 0 1; do
	cpu=$((2 * s))
	rate_check $cpu $s uncore_ubox/event=0x3/ $((100000 * 4 * (s + 1)))
	rate_check $cpu $s uncore_mbox_0/cycles/ $((100000 * 28 * (2 * s + 1)))
	rate_check $cpu $s uncore_mbox_0/inc_sel=0x2/ $((100000 * 3 * (2 * s + 1)))
	# set_flag_sel=3: 4/8 of the cycles; 4: 5/8; 7: all of them
	rate_check $cpu $s uncore_mbox_0/cycles_retryq_mfull/ $((100000 * 28 * (2 * s + 1) * 4 / 8))
	rate_check $cpu $s uncore_mbox_0/cycles_retryq_starved/ $((100000 * 28 * (2 * s + 1) * 5 / 8))
	rate_check $cpu $s uncore_mbox_0/inc_sel=0x1b,flag_mode=1,set_flag_sel=7,storage_mode=1/ \
		$((100000 * 28 * (2 * s + 1)))
	rate_check $cpu $s uncore_mbox_1/cycles/ $((100000 * 28 * (2 * s + 2)))
	rate_check $cpu $s uncore_mbox_1/page_hit/ $((100000 * 21 * (2 * s + 2)))
	rate_check $cpu $s uncore_mbox_1/inc_sel=0x1f/ $((100000 * 32 * (2 * s + 2)))
done

# The U-Box's largest code, with edge (simulated events are one-cycle
# pulses, so edge counts the same), and its named event
check "perf stat -a -A uncore_ubox/event=0xff,edge=1/" \
	perf stat -a -A -x';' -o $OUT -e uncore_ubox/event=0xff,edge=1/ -- sleep 0.5
rate_check 0 0 uncore_ubox/event=0xff,edge=1/ $((100000 * 256 * 1))
rate_check 2 1 uncore_ubox/event=0xff,edge=1/ $((100000 * 256 * 2))
check "perf stat -a -A uncore_ubox/buf_valid_lock/" \
	perf stat -a -A -x';' -o $OUT -e uncore_ubox/buf_valid_lock/ -- sleep 0.5
rate_check 0 0 uncore_ubox/buf_valid_lock/ $((100000 * 3 * 1))
rate_check 2 1 uncore_ubox/buf_valid_lock/ $((100000 * 3 * 2))

# An event opened on a CPU outside cpumask counts for that CPU's package
check "perf stat -C 1,3 -A uncore_mbox_1/cycles/" \
	perf stat -C 1,3 -A -x';' -o $OUT -e uncore_mbox_1/cycles/ -- sleep 0.5
rate_check 1 0 uncore_mbox_1/cycles/ $((100000 * 28 * 2))
rate_check 3 1 uncore_mbox_1/cycles/ $((100000 * 28 * 4))

# --per-socket aggregates the same counts
check "perf stat -a --per-socket" perf stat -a --per-socket -x';' -o $OUT \
	-e uncore_mbox_0/page_empty/ -- sleep 0.5
for s in 0 1; do
	line=$(awk -F';' -v s="S$s" '$1 == s && $5 == "uncore_mbox_0/page_empty/"' $OUT)
	want=$(echo "$line" | awk -F';' -v r=$((100000 * 22 * (2 * s + 1))) '{ printf "%.0f", r * $6 / 1e9 }')
	check_within_pct "--per-socket S$s uncore_mbox_0/page_empty/" \
		"$(echo "$line" | cut -d';' -f3)" "$want" 2
done

check_eq "no reserved-bit writes" \
	"$(cat /sys/kernel/debug/xeon_uncore_sim/violations)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
