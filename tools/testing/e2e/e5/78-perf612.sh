#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# perf 6.12's memory metrics on the simulated Xeon E5 / E5 v2, against the
# traffic scenario this script writes (Documentation/simulator.rst,
# "Traffic"), per socket, at two scenarios:
#   tma_info_system_dram_bw_use        GB/s: channels x (read + write) MB/s / 1000
#   tma_info_system_mem_read_latency   ns: the scenario's latency (TOR
#                                      occupancy over inserts, filter_opc
#                                      0x182, over the uncore clock)
#   tma_info_system_mem_parallel_reads occupancy over the cycles with one
#                                      read in flight: per C-Box, its share
#                                      of the reads a second x latency, when
#                                      that is 1 or more (every case here)
#   tma_info_system_socket_clks        cbox_0's clockticks: uclk MHz x 10^6
#                                      a second of the event's run time
#   tma_info_system_uncore_frequency   GHz: uclk / 1000
# each within 1%.  Then perf 6.12's PCU C-state aliases
# (unc_p_power_state_occupancy.cores_c0/c3/c6, which carry occ_sel 1-3;
# Debian's perf 6.1 drops it) over unc_p_clockticks, per socket at a
# scenario of C-state shares of its own: the cores (one a C-Box) in the
# state on average, C0 on IVB-EP C0 and C1 (100 - c3 - c6 %), within 1%.  perf 6.12 (tools/testing/perf612/build, from Debian's
# linux-source-6.12) is in /add/perf-6.12 of the VM tools/testing/check
# gives the fleet programs; perf 6.1 has none of these metrics but the
# bandwidth and the clock (e5/77's).  The runs of the metrics that divide
# by perf's duration_time last 10 s: it spans the opening and enabling of
# every event too, which takes tens of ms under TCG (the diagnostics show
# it beside the events' run time).  So does mem_parallel_reads': its two
# events both need C-Box counter 0 (TOR_OCCUPANCY) and take turns on it,
# each count scaled by perf from the time it ran.  Over 2 s, with every
# vCPU on one host thread, six runs read within 0.35% of the scenario and
# one (CI on dcfed7d) 39.49 for 40 on one socket, not traced; over 10 s
# three runs read within 0.11%.  On this line tools/bench/mux-stall
# traced the guest CPU of perf's rotation stopped by the host for
# 1.4-9 ms between perf's time stamp and a hand-over (common/79-mux's
# header), which moves that much running time from one event to the
# other: a fifth as much of a 10 s ratio as of a 2 s one, while a loss
# at every turn would move both alike.
. "$(dirname "$0")/../lib.sh"

PERF=/add/perf-6.12/perf
OUT=/tmp/78-perf612.json

e5_require e5/78-perf612
# (the platform's cpu: 45 snbep, 62 ivbep)
want_model=$PLAT_cpu
if [ ! -x $PERF ]; then
	plan 1
	skip "perf 6.12's metrics: no /add/perf-6.12 in this VM (tools/testing/check gives it to the fleet VM)"
	exit 0
fi
if [ "$(e5_cpu_model)" != $want_model ]; then
	plan 1
	fail "e5/78-perf612: perf's $E5 metrics need a CPU of model $want_model (vm/run --cpu=$E5), not $(e5_cpu_model)"
	finish
fi
S=$(e5_sockets)
NCB=$(e5_cboxes)
# the iMC channels (the platform's mem_n: 4 snbep, 8 ivbep)
NCH=$PLAT_mem_n
# the load, per scenario its writing, 2 runs and 5 metrics a socket,
# the C-state scenario, its run and 3 states a socket, violations, unload
plan $((1 + 2 * (3 + 5 * S) + 2 + 3 * S + 2))
check "load xeon_uncore and xeon_uncore_sim model=$E5" e5_load

# scenario A|B SOCKET: "read write latency uclk" of that socket
scenario() {
	case $1 in
	A) echo "$((6400 - 800 * $2)) $((1600 + 400 * $2)) $((100 + 20 * $2)) $((2000 - 100 * $2))" ;;
	B) echo "$((800 + 100 * $2)) 400 $((60 + 10 * $2)) $((1200 + 100 * $2))" ;;
	esac
}

# write_scenario A|B: every channel and the socket's keys, every socket
write_scenario() {
	for _s in $(e5_seq "$S"); do
		read -r _r _w _l _u <<EOF
$(scenario "$1" "$_s")
EOF
		for _c in $(e5_seq $NCH); do
			echo "socket=$_s channel=$_c read=$_r write=$_w" >$XU_SIM/traffic || return 1
		done
		echo "socket=$_s latency=$_l uclk=$_u" >$XU_SIM/traffic || return 1
	done
}

# metric SOCKET NAME: its value in $OUT (perf stat -j --per-socket)
metric() {
	sed -n "s/.*\"socket\" : \"S$1\".*\"metric-value\" : \"\([0-9.]*\)\", \"metric-unit\" : \"$2\".*/\1/p" $OUT | head -n 1
}

# dur, clk_ran SOCKET: perf's duration_time (one, on the first socket's
# line), the clockticks' run time on SOCKET
dur() {
	sed -n "s/.*\"counter-value\" : \"\([0-9]*\).*\"event\" : \"duration_time\".*/\1/p" $OUT | head -n 1
}
clk_ran() {
	sed -n "s/.*\"socket\" : \"S$1\".*\"event\" : \"cbox_0\/event=0x0\/\", \"event-runtime\" : \([0-9]*\),.*/\1/p" $OUT | head -n 1
}

# clk_rate SOCKET: cbox_0's clockticks a second of their run time
clk_rate() {
	sed -n "s/.*\"socket\" : \"S$1\".*\"counter-value\" : \"\([0-9.]*\)\".*\"event\" : \"cbox_0\/event=0x0\/\", \"event-runtime\" : \([0-9]*\),.*/\1 \2/p" $OUT |
		head -n 1 | awk '{ if ($2 > 0) printf "%.0f", $1 / ($2 / 1e9) }'
}

for sc in A B; do
	check "scenario $sc written" write_scenario $sc
	check "scenario $sc: perf stat -M dram_bw_use,mem_read_latency,socket_clks,uncore_frequency" \
		$PERF stat -a --per-socket -j -o $OUT -M \
		tma_info_system_dram_bw_use,tma_info_system_mem_read_latency,tma_info_system_socket_clks,tma_info_system_uncore_frequency \
		-- sleep 10
	for s in $(e5_seq "$S"); do
		diag "socket $s: duration_time $(dur) ns, cbox_0 clockticks ran $(clk_ran "$s") ns"
		# shellcheck disable=SC2046
		set -- $(scenario $sc "$s")
		check_within_pct "scenario $sc, socket $s: dram_bw_use = $NCH x ($1 + $2) MB/s" \
			"$(metric "$s" tma_info_system_dram_bw_use)" \
			"$(awk -v n=$NCH -v r="$1" -v w="$2" 'BEGIN { print n * (r + w) / 1000 }')" 1
		check_within_pct "scenario $sc, socket $s: mem_read_latency = $3 ns" \
			"$(metric "$s" tma_info_system_mem_read_latency)" "$3" 1
		check_within_pct "scenario $sc, socket $s: socket_clks = $4 MHz" \
			"$(clk_rate "$s")" "$(($4 * 1000000))" 1
		check_within_pct "scenario $sc, socket $s: uncore_frequency = $4 MHz" \
			"$(metric "$s" tma_info_system_uncore_frequency)" \
			"$(awk -v u="$4" 'BEGIN { print u / 1000 }')" 1
	done
	check "scenario $sc: perf stat -M mem_parallel_reads" \
		$PERF stat -a --per-socket -j -o $OUT -M tma_info_system_mem_parallel_reads -- sleep 10
	for s in $(e5_seq "$S"); do
		# shellcheck disable=SC2046
		set -- $(scenario $sc "$s")
		want=$(awk -v n=$NCH -v r="$1" -v l="$3" -v c="$NCB" \
			'BEGIN { p = n * r * 1e6 / 64 / c * l / 1e9; print p < 1 ? 1 : p }')
		check_within_pct "scenario $sc, socket $s: mem_parallel_reads = $want" \
			"$(metric "$s" tma_info_system_mem_parallel_reads)" "$want" 1
	done
done

# cstates SOCKET: "c0 c3 c6" of that socket
cstates() { echo "$((20 + 10 * ($1 % 4))) $((30 - 5 * ($1 % 4))) $((15 + 5 * ($1 % 4)))"; }
write_cstates() {
	for _s in $(e5_seq "$S"); do
		# shellcheck disable=SC2046
		set -- $(cstates "$_s")
		echo "socket=$_s c0=$1 c3=$2 c6=$3" >$XU_SIM/traffic || return 1
	done
}
# count SOCKET EVENT: EVENT's count on SOCKET in $OUT
count() {
	sed -n "s/.*\"socket\" : \"S$1\".*\"counter-value\" : \"\([0-9.]*\)\".*\"event\" : \"$2\".*/\1/p" $OUT | head -n 1
}
check "C-state scenario written" write_cstates
check "perf stat unc_p_clockticks, unc_p_power_state_occupancy.cores_c0/c3/c6" \
	$PERF stat -a --per-socket -j -o $OUT -e unc_p_clockticks \
	-e unc_p_power_state_occupancy.cores_c0 -e unc_p_power_state_occupancy.cores_c3 \
	-e unc_p_power_state_occupancy.cores_c6 -- sleep 2
for s in $(e5_seq "$S"); do
	# shellcheck disable=SC2046
	set -- $(cstates "$s")
	clk=$(count "$s" unc_p_clockticks)
	# occ_sel 1 counts the cores in C0 and C1 from IVB-EP on (PLAT_occ_c0c1)
	c0=$1
	[ "$PLAT_occ_c0c1" = yes ] && c0=$((100 - $2 - $3))
	for st in "c0 $c0" "c3 $2" "c6 $3"; do
		# shellcheck disable=SC2086
		set -- $st
		check_within_pct "socket $s: cores_$1 / clockticks = $NCB x $2%" \
			"$(awk -v n="$(count "$s" "unc_p_power_state_occupancy.cores_$1")" -v c="$clk" \
				'BEGIN { if (c > 0) printf "%.6f", n / c }')" \
			"$(awk -v n="$NCB" -v p="$2" 'BEGIN { print n * p / 100 }')" 1
	done
done

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
