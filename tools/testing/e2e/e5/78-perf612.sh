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
# state on average, C0 on IVB-EP C0 and C1 (100 - c3 - c6 %), within 1%.
# Then the uncore metrics of perf 6.12's haswellx and broadwellx tables,
# each platform loaded in turn (the simulator's model=, perf's table by
# PERF_CPUID), system-wide (perf divides by #num_cores, the sum of
# every socket's), at one scenario on every socket: R MB/s read and W
# written a channel, latency L ns, uncore clock U MHz, reads remote a
# quarter (the default), links sending the default 64 (socket + link +
# 1) MB/s:
#   memory_bandwidth_read, _write, _total   S x channels x R, W, R + W
#   numa_reads_addressed_to_local_dram, _remote_dram   75%, 25%
#   llc_data_read_demand_plus_prefetch_miss_latency, _for_local_requests,
#     _for_remote_requests   L ns
#   uncore_frequency   U / 1000 GHz
#   qpi_data_transmit_bw   the links' MB/s, every socket's
#   io_bandwidth_read, io_bandwidth_write   0: the scenario has no PCIe
#     traffic (PCIRdCur 0x19e, ItoM 0x1c8 count nothing); _write's
#     filter_tid without tid_en opens (Documentation/pmu/hswep.rst)
# within 1%, and the io ones 0: the bandwidths and shares in one 10 s
# run, each latency and the frequency in a 5 s run of its own (asked
# together, perf summed the UNC_C_CLOCKTICKS of each into one of them:
# uncore_frequency read 2.9 GHz for 1.5).  The mpi metrics divide by a
# core event (INST_RETIRED.ANY), which TCG has no PMU for.  perf 6.12 (tools/testing/perf612/build, from Debian's
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
# the v3/v4 platforms whose tables have the metrics above
V34="hswep bdx"
# the load, per scenario its writing, 2 runs and 5 metrics a socket,
# the C-state scenario, its run and 3 states a socket, violations,
# unload; per v3/v4 platform its load, scenario, 5 runs, 13 metrics,
# violations and unload
plan $((1 + 2 * (3 + 5 * S) + 2 + 3 * S + 2 + 21 * $(echo "$V34" | wc -w)))
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

# sys_metric NAME: its value in $OUT (perf stat -j -a, system-wide; perf
# cuts a metric's unit and name at 63 characters, so a name is matched
# by its first 50, which tell every metric of a run apart)
sys_metric() {
	_n=$(printf %.50s "$1")
	sed -n "s/.*\"metric-value\" : \"\([0-9.]*\)\", \"metric-unit\" : \"[^\"]*$_n[^\"]*\".*/\1/p" $OUT | head -n 1
}
# sys_stat SECONDS METRIC,...: perf stat -a -j -M of them into $OUT
sys_stat() {
	$PERF stat -a -j -o $OUT -M "$2" -- sleep "$1"
}
R=1000 W=500 L=90 U=1500
LAT=llc_data_read_demand_plus_prefetch_miss_latency
# write_uniform: every channel R and W, every socket L and U
write_uniform() {
	for _s in $(e5_seq "$S"); do
		for _c in $(e5_seq "$NCH"); do
			echo "socket=$_s channel=$_c read=$R write=$W" >$XU_SIM/traffic || return 1
		done
		echo "socket=$_s latency=$L uclk=$U" >$XU_SIM/traffic || return 1
	done
}
for E5 in $V34; do
	eval "$(plat_vars "$E5")"
	PERF_CPUID=GenuineIntel-6-$PLAT_cpuhex
	export PERF_CPUID
	NCH=$PLAT_mem_n
	check "$E5: load xeon_uncore and xeon_uncore_sim model=$E5" e5_load
	check "$E5: scenario written" write_uniform
	check "$E5: perf stat -a -M the bandwidths and NUMA shares (perf's $PLAT_perf table by PERF_CPUID=$PERF_CPUID)" \
		sys_stat 10 memory_bandwidth_read,memory_bandwidth_write,memory_bandwidth_total,numa_reads_addressed_to_local_dram,numa_reads_addressed_to_remote_dram,qpi_data_transmit_bw,io_bandwidth_read,io_bandwidth_write
	for m in read:$R write:$W total:$((R + W)); do
		check_within_pct "$E5: memory_bandwidth_${m%%:*} = $S x $NCH x ${m#*:} MB/s" \
			"$(sys_metric "memory_bandwidth_${m%%:*}")" "$((S * NCH * ${m#*:}))" 1
	done
	check_within_pct "$E5: numa_reads_addressed_to_local_dram = 75%" \
		"$(sys_metric numa_reads_addressed_to_local_dram)" 75 1
	check_within_pct "$E5: numa_reads_addressed_to_remote_dram = 25%" \
		"$(sys_metric numa_reads_addressed_to_remote_dram)" 25 1
	check_within_pct "$E5: qpi_data_transmit_bw = the $PLAT_qpi links' 64 (socket + link + 1) MB/s" \
		"$(sys_metric qpi_data_transmit_bw)" \
		"$(awk -v s="$S" -v q="$PLAT_qpi" 'BEGIN { for (i = 0; i < s; i++) for (l = 0; l < q; l++) t += 64 * (i + l + 1); print t }')" 1
	for m in read write; do
		check_eq "$E5: io_bandwidth_$m = 0 (no PCIe traffic)" \
			"$(sys_metric "io_bandwidth_$m")" 0.000000
	done
	# one run each: perf sums an event that several of them name
	for m in "" _for_local_requests _for_remote_requests; do
		check "$E5: perf stat -a -M $LAT$m" sys_stat 5 "$LAT$m"
		check_within_pct "$E5: $LAT$m = $L ns" "$(sys_metric "$LAT$m")" $L 1
	done
	check "$E5: perf stat -a -M uncore_frequency" sys_stat 5 uncore_frequency
	check_within_pct "$E5: uncore_frequency = $U MHz" \
		"$(sys_metric uncore_frequency)" "$(awk -v u=$U 'BEGIN { print u / 1000 }')" 1
	check_eq "$E5: no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
	check "$E5: unload xeon_uncore_sim and xeon_uncore" unload_module
done
finish
