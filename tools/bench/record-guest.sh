#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Sourced in the VM by tools/bench/pmi-bench and tools/bench/e5-bench:
# bench_record EVENT RATE PERIOD SECONDS runs perf record -c PERIOD -C 0
# on EVENT, which counts RATE events per second on socket 0 (the
# simulator's documented rate), for SECONDS, and prints the samples per
# second it got and what the simulator counted on socket 0 meanwhile
# while PMIs kept the package frozen: the time (frozen_ns) against the
# wall time, and the register accesses (frozen_accesses) per PMI.

bench_sim=/sys/kernel/debug/xeon_uncore_sim

# bench_s0 FILE FIELD: field FIELD of socket 0's line of a per-socket file
bench_s0() { awk -v f="$2" '$1 == 0 { print $f }' "$bench_sim/$1"; }

bench_record() {
	_ev=$1 _rate=$2 _per=$3 _sec=$4
	_p0=$(cat $bench_sim/pmis)
	_f0=$(bench_s0 frozen_ns 2)
	_r0=$(bench_s0 frozen_accesses 3)
	_w0=$(bench_s0 frozen_accesses 5)
	_t0=$(cut -d' ' -f1 /proc/uptime)
	perf record -q -e "$_ev" -c "$_per" -C 0 -o /tmp/bench.data \
		-- sleep "$_sec" >/dev/null 2>&1
	_t1=$(cut -d' ' -f1 /proc/uptime)
	_p1=$(cat $bench_sim/pmis)
	_f1=$(bench_s0 frozen_ns 2)
	_r1=$(bench_s0 frozen_accesses 3)
	_w1=$(bench_s0 frozen_accesses 5)
	perf script -i /tmp/bench.data -F time 2>/dev/null | tr -d ' :' |
	awk -v ev="$_ev" -v rate="$_rate" -v per="$_per" -v sec="$_sec" \
		-v pmis=$((_p1 - _p0)) -v fz=$((_f1 - _f0)) \
		-v fr=$((_r1 - _r0)) -v fw=$((_w1 - _w0)) \
		-v t0="$_t0" -v t1="$_t1" '
		NR == 1 { first = $1 }
		{ last = $1; n++ }
		END {
			wall = t1 - t0
			span = last - first
			printf "perf record -c %d -C 0 on %s (%d events/s on socket 0: asks for %.0f samples/s), sleep %d\n",
			       per, ev, rate, rate / per, sec
			if (n < 2 || span <= 0 || wall <= 0 || !pmis) {
				printf "  %d samples, %d PMIs: nothing to measure\n", n, pmis
				exit
			}
			printf "  %d samples, %d PMIs raised: %.0f samples/s over the %.2f s between the first and the last\n",
			       n, pmis, (n - 1) / span, span
			printf "  socket 0 frozen by PMIs: %.1f ms of %.2f s wall = %.2f%% (%.2f%% of the sample span); per PMI %.0f ns frozen, %.2f reads + %.2f writes while frozen\n",
			       fz / 1e6, wall, 100 * fz / (wall * 1e9),
			       100 * fz / (span * 1e9), fz / pmis, fr / pmis, fw / pmis
		}'
}
