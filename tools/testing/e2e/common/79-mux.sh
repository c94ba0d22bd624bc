#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Multiplexing without bias (issue 27): when a box has more events than
# counters, perf rotates them every perf_event_mux_interval_ms (4 ms on
# Debian's HZ=250 kernels) and scales each count by time_enabled /
# time_running.  The scaled rate must be the rate alone, but for the
# time a counter stands still between two events inside perf's running
# time, which cannot move (Documentation/xeon-uncore.rst,
# "Multiplexing"): on socket 0 of two boxes per family, a PCI and an MSR
# one where the family has PCI boxes,
#   e5     uncore_imc_0 (PCI, 4 counters), uncore_cbox_0 (MSR, 4)
#   nhmex  uncore_mbox_0 (MSR, 6 counters), uncore_ubox (MSR, 1)
# the first event alone (its rate within 1% of the simulator's), then
# 2x and 4x as many events as counters, and (boxes of more than one
# counter) two groups that each fill the box and multiplex as a whole.
# The simulator's gaps (debugfs gaps: a counter's stop followed by its
# start, their time and register accesses) give that time: a hand-over
# outside a group stops the counter, reads it (R accesses: 2 dwords on
# a PCI box, 1 MSR) and writes the joining event's control, R + 2
# accesses; two groups swap every counter of the box in a frozen box,
# freeze, R + 1 a counter, unfreeze: 2 + N x (R + 1) for each of the N
# counters' gaps, less one for each counter whose control already holds
# the joining event's (the M-Box's two groups have the same six
# controls: 2 + 6 x 1).  The gaps are read at the end of perf stat's
# workload, before perf disables the events one by one (a counter an
# early disable stops may start for another event meanwhile, with the
# run's other accesses inside).  Each run checks that every gap took exactly those
# accesses, and computes the share of counting time lost, L = gap time /
# (N x time enabled), from the gaps' accesses and their measured cost.
# In each run, every event of socket 0 ran part of the time (below 95%),
# each event's scaled rate is within 1% of its rate x (1 - L) (lib.sh
# e5_expect or plat_rate, from the simulator's documented rates), and
# the first event's scaled rate within 1% of its rate alone x (1 - L).
# Rates are the scaled count over time_enabled (the raw count over
# time_running) as perf stat -v prints them, on socket 0's collecting
# CPU (-C), so perf's own enable and disable at the run's ends do not
# enter.  Each event's own deviation, L and the register accesses per
# second of each run are diagnostics.
#
# Where it runs (check's model_only): the snbep line, the E5 family's
# PCI box (the iMC, a counter read 2 dwords) and MSR box (a C-Box) under
# perf 6.1's rotation; and the nhmex line, the Xeon 7500 family's MSR
# boxes: the M-Box (6 counters) and the U-Box (one counter, handed over
# at every rotation), under controls that enable the PMI, which SNB-EP's
# polled boxes lack.  No other line runs a path of the rotation that
# these two do not: Westmere-EX's M- and U-Box are the Xeon 7500's code,
# and IVB-EP's iMC and C-Box go through the code SNB-EP's do, at the same
# accesses per gap, with the PMI enable the Xeon 7500's boxes have.
# Not the ivbep-4s-2t line: there the check failed in both runs of the
# last pass (35 and 33 of 36), each time a pair of events, one high and
# one low by 1.3-1.5%, and its groups by up to 5.8%, where
# tools/bench/mux-stall traced host stalls: the guest CPU that runs
# perf's rotation not running for 1.4-9 ms between perf's time stamp
# and a hand-over, inside a bracket run with interrupts off.  A stall
# moves that much running time from the joining event to the leaving
# one (10 ms is 1% of an event running 1 s of a 4 s run of 16 on 4), and
# no check of a scaled rate tells it from a bias of the driver: the 1%
# needs a guest CPU that the host does not take away for milliseconds.
# What a stall of S ms does to an event is S over its running time, so
# every multiplexed run here gives each event the same running time,
# about 2 s (SECS = 2 s over its share: 4 s at 2x, 8 s at 4x, 4 s for
# two groups): the 1% is then 20 ms of running time, where a 4x run of
# 4 s gave 10 ms, and the nhmex line's 24-event row failed at +1.12% /
# -0.89% (one pair, a stall of about 11 ms) in the cold make check of
# 482c596, as it had once before.
# The vCPU count alone does not explain that line's stalls (the nhmex
# line has 16 vCPUs too); any line on the 2-core host shared with other
# VMs can meet one (tools/bench/README.md, "Gaps").  Nor the wsmex line:
# some 90 s of a cold make check for the code the nhmex line runs.
. "$(dirname "$0")/../lib.sh"

OUT=/tmp/79-mux.csv
GAPS=/tmp/79-mux.gaps
# each run's seconds (run's caller sets it: 2 s of running time an event)
SECS=4

platform_require common/79-mux
case $FAM in
e5) BOXES="uncore_imc_0 uncore_cbox_0" ;;
nhmex) BOXES="uncore_mbox_0 uncore_ubox" ;;
esac

# nctr PMU: its general-purpose counters
nctr() {
	case ${1#uncore_} in
	imc_* | cbox_*) echo 4 ;;
	mbox_*) echo 6 ;;
	ubox) echo 1 ;;
	esac
}

# term PMU I: the I-th event's terms (the 0th is the one compared with
# its run alone), each a background event of its own code or sub-event
# (the C-Box's codes have no counter constraint)
term() {
	case ${1#uncore_}:$2 in
	imc_*:0) echo "event=0x4,umask=0x3" ;;
	imc_*:*) echo "event=0x$(echo 1 2 3 5 6 7 | cut -d' ' -f$(($2 % 6 + 1))),umask=0x$(($2 % 7 + 1))" ;;
	cbox_*:*) echo "event=0x$(echo 3 6 8 a b c | cut -d' ' -f$(($2 % 6 + 1))),umask=0x$(($2 % 5 + 1))" ;;
	mbox_*:*) echo "inc_sel=0x$(echo 1b 2 1f | cut -d' ' -f$(($2 % 3 + 1)))" ;;
	ubox:*) echo "event=0x$(($2 % 4))" ;;
	esac
}

# want PMU TERMS: its events/s on socket 0
want() {
	if [ $FAM = e5 ]; then
		e5_expect "$1/$2/" 0
	else
		plat_rate "$1" "$(($(echo "$2" | sed 's/.*=//')))" 0
	fi
}

accesses() { awk '{ print $2 + $4 }' $XU_SIM/accesses; }

# rd PMU: register accesses a counter read takes (two dwords on PCI)
rd() {
	case ${1#uncore_} in
	imc_*) echo 2 ;;
	*) echo 1 ;;
	esac
}

# run DESC PMU EVENTS ALONE: perf stat -v EVENTS (a perf -e list) for
# SECS on socket 0's collecting CPU; check the gaps (ALONE "": none;
# else each took its accesses), every event (the PMU's events, by their
# order I) against its rate x (1 - L), and the 0th against ALONE (its
# rate alone; "" for the run alone, which must run all of the time) x
# (1 - L).  perf stat -v prints each event's count, scaled by
# time_enabled / time_running, with those two times ("NAME: COUNT
# ENABLED RUNNING"): the rate is the count over the time enabled.  (The
# running share perf stat -x prints is truncated to a whole percent.)
run() {
	_desc=$1 _pmu=$2 _ev=$3 _alone=$4
	_a0=$(accesses)
	echo 0 >$XU_SIM/gaps
	# the gaps are read by perf stat's workload, before perf disables
	# the events one after another (a counter an early disable stops
	# may start again for another event before the last one)
	if ! perf stat -v -C "$(e5_socket_cpu 0)" -x';' -e "$_ev" -- \
		sh -c "sleep $SECS; cat $XU_SIM/gaps >$GAPS" >/dev/null 2>$OUT; then
		fail "$_desc: perf stat"
		return
	fi
	_a1=$(accesses)
	# socket 0's gaps: "0 gaps G ns NS accesses A" -> "G NS A"
	_gaps=$(awk '$1 == 0 { print $3, $5, $7 }' $GAPS)
	_ng=${_gaps%% *}
	_gacc=${_gaps##* }
	# the accesses each gap must take
	_per=$(($(rd "$_pmu") + 2))
	case $_ev in
	"{"*)
		# counter i goes from the first group's i-th event to the
		# second's: a control write unless their terms are the same
		_per=$((2 + $(nctr "$_pmu") * $(rd "$_pmu")))
		for _i in $(e5_seq "$(nctr "$_pmu")"); do
			[ "$(term "$_pmu" "$_i")" = "$(term "$_pmu" $((_i + $(nctr "$_pmu"))))" ] ||
				_per=$((_per + 1))
		done
		;;
	esac
	# L: the gaps' time over the counters' time enabled
	_en=$(awk -v p="$_pmu/" 'index($1, p) == 1 && NF == 4 { print $3; exit }' $OUT)
	_f=$(echo "$_gaps" | awk -v n="$(nctr "$_pmu")" -v en="${_en:-0}" '
		{ printf "%.6f", (en > 0 ? 1 - $2 / (n * en) : 1) }')
	_bad= _far= _n=0 _first=
	for _i in $(e5_seq "$(grep -c "^$_pmu/.*/: [0-9]* [0-9]* [0-9]*$" $OUT)"); do
		_t=$(term "$_pmu" "$_i")
		# the I-th line of the PMU: events of one name are told apart
		# by their order, the order of -e
		_l=$(awk -v e="$_pmu/$_t/:" -v p="$_pmu/" -v i="$_i" '
			index($1, p) == 1 && NF == 4 && n++ == i {
				if ($1 == e) print $2, $3, $4; exit }' $OUT)
		_w=$(awk -v w="$(want "$_pmu" "$_t")" -v f="$_f" 'BEGIN { printf "%.1f", w * f }')
		_r=$(echo "$_l" | awk '$2 > 0 && $3 > 0 { printf "%.1f", $1 / $2 * 1e9 }')
		_p=$(echo "$_l" | awk '$2 > 0 { printf "%.2f", 100 * $3 / $2 }')
		[ "$_i" = 0 ] && _first=$_r
		_n=$((_n + 1))
		diag "$_desc: $_t $(awk -v a="${_r:-0}" -v b="$_w" 'BEGIN { printf "%+.2f%%", (a / b - 1) * 100 }') running $_p%"
		if [ -z "$_r" ] || ! awk -v p="$_p" -v one="$_alone" 'BEGIN {
			exit !(one == "" ? p == 100 : p < 95) }'; then
			_bad="$_bad $_t:${_r:-none}/s,$_p%"
		fi
		if ! awk -v a="${_r:-0}" -v b="$_w" 'BEGIN {
			d = a - b; if (d < 0) d = -d; exit !(b > 0 && d <= b / 100) }'; then
			_far="$_far $_t:${_r:-none}/s,want:$_w/s"
		fi
	done
	_all=$([ -z "$_alone" ] && echo all || echo part)
	if [ -z "$_bad" ] && [ $_n -gt 0 ]; then
		ok "$_desc: $_n events, each running $_all of the time"
	else
		fail "$_desc: $_n events, each running $_all of the time"
		diag "off:$_bad"
	fi
	diag "$_desc: $(awk -v a="$_a1" -v b="$_a0" -v s=$SECS 'BEGIN { printf "%.0f", (a - b) / s }') register accesses/s"
	diag "$_desc: gaps $_ng, $(awk -v g="$_gaps" 'BEGIN { split(g, x, " ")
		printf "%.2f us an access", (x[3] > 0 ? x[2] / x[3] / 1000 : 0) }'), L $(awk -v f="$_f" 'BEGIN {
		printf "%.3f%%", (1 - f) * 100 }')"
	if [ -z "$_alone" ]; then
		check_eq "$_desc: no gap" "${_ng:-none}" 0
	elif [ -n "$_ng" ] && [ "$_ng" -gt 0 ] && [ "$_gacc" = $((_ng * _per)) ]; then
		ok "$_desc: $_ng gaps, $_per register accesses each"
	else
		fail "$_desc: gaps of $_per register accesses each"
		diag "gaps: ${_gaps:-none} (count, ns, accesses)"
	fi
	if [ -z "$_far" ] && [ $_n -gt 0 ]; then
		ok "$_desc: each event's scaled rate within 1% of its rate x (1 - L)"
	else
		fail "$_desc: each event's scaled rate within 1% of its rate x (1 - L)"
		diag "off:$_far"
	fi
	[ -z "$_alone" ] && return
	_q=$(awk -v a="$_first" -v b="$_alone" 'BEGIN { printf "%.4f", a / b }')
	diag "$_desc: $(term "$_pmu" 0) scaled/alone $_q, 1 - L $_f"
	check_within_pct "$_desc: $(term "$_pmu" 0) scaled rate = rate alone x (1 - L)" "$_first" \
		"$(awk -v a="$_alone" -v f="$_f" 'BEGIN { printf "%.1f", a * f }')" 1
}

# evlist PMU FIRST N: "PMU/TERM/,..." for events FIRST .. FIRST+N-1
evlist() {
	_e=
	for _i in $(e5_seq $(($2 + $3))); do
		[ "$_i" -lt "$2" ] && continue
		_e="$_e,$1/$(term "$1" "$_i")/"
	done
	echo "${_e#,}"
}

_np=3
for b in $BOXES; do
	_np=$((_np + 3 + 2 * 4))
	[ "$(nctr $b)" -gt 1 ] && _np=$((_np + 4))
done
plan $_np
check "load xeon_uncore and xeon_uncore_sim model=$MODEL" plat_load
diag "perf_event_mux_interval_ms: $(cat /sys/bus/event_source/devices/uncore_ubox/perf_event_mux_interval_ms)"

for b in $BOXES; do
	n=$(nctr $b)
	# alone: count over time_running, all of the time
	SECS=4
	run "$b alone" $b "$b/$(term $b 0)/" ""
	alone=$_first
	for k in 2 4; do
		# k x as many events as counters: each runs 1/k of the time
		SECS=$((2 * k))
		run "$b $((k * n)) events on $n counters" $b "$(evlist $b 0 $((k * n)))" "$alone"
	done
	[ "$n" -gt 1 ] || continue
	# two groups: every counter changes hands at every rotation
	SECS=4
	run "$b 2 groups of $n" $b "{$(evlist $b 0 $n)},{$(evlist $b $n $n)}" "$alone"
done

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
