#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# perf's uncore metrics on the driver's Xeon E5 PMUs: Debian's perf 6.1,
# with the platform's table (the platforms' perf column: jaketown,
# ivytown, haswellx, broadwellx), which perf picks by the guest CPU's
# model (vm/run --cpu=MODEL) or, in a guest of another CPU, by the
# model the script gives it in PERF_CPUID ("GenuineIntel-6-" and the
# platform's cpuhex: perf reads the variable before the CPU, in 6.1 as
# in 6.12, for its metrics and its event aliases alike).  At each traffic
# scenario the script writes, perf stat -a --per-socket -M gives, per
# socket, within 1% of what the scenario implies
# (Documentation/simulator.rst, "Traffic"):
#   DRAM_BW_Use   64 (cas_count_read + cas_count_write) / 10^9 /
#                 duration_time: the socket's channels' read + write MB/s
#                 / 1000, in GB/s
#   Socket_CLKS   cbox_0/event=0x0/: the socket's uncore clock, uclk MHz
#                 x 10^6 a second of the event's time enabled
#   UNCORE_FREQ   Socket_CLKS / #num_dies / duration_time / 10^9: uclk /
#                 1000 / the machine's dies, in GHz (perf divides each
#                 socket's clocks by every die of the machine, one per
#                 package on the E5: the metric is a per-die average
#                 meant for the system-wide sum)
# Scenario A, on every line: every socket its own pattern (socket 0 reads
# above writes, both rising by channel; the others writes above reads,
# channel 1 idle; a clock per socket).  Scenario B, written while the
# modules stay loaded, on the SNB-EP and IVB-EP lines (jaketown's and
# ivytown's tables, issue 23's): reads above writes on every socket,
# rising by channel and socket, at other clocks, so that the metrics
# follow a change of scenario at run time; the Haswell-EP and
# Broadwell-EP lines run the same formulas from their own tables at A.
# The JSON output (-j) gives each metric to 6 decimals.  perf divides
# counts that ran between each event's own enable and disable by a time
# that differs from that by the time its enables and disables take: on
# a 4-socket SNB-EP guest under TCG, on a busy host, 62 ms (socket 0's
# DRAM_BW_Use 1.2% low over 5 s); over 10 s half that.
. "$(dirname "$0")/../lib.sh"

OUT=/tmp/77-metrics.json
M=DRAM_BW_Use,Socket_CLKS,UNCORE_FREQ

e5_require e5/77-metrics
# (the platform's cpu: 45 snbep, 62 ivbep, 63 hswep, 79 bdx)
if [ "$(e5_cpu_model)" != "$PLAT_cpu" ]; then
	PERF_CPUID=GenuineIntel-6-$PLAT_cpuhex
	export PERF_CPUID
	diag "CPU model $(e5_cpu_model), not $PLAT_cpu: perf's $PLAT_perf table by PERF_CPUID=$PERF_CPUID"
fi
S=$(e5_sockets)
# the iMC channels (the platform's mem_n: 4 snbep, 8 ivbep)
NCH=$PLAT_mem_n

# the scenarios: A, and B on SNB-EP and IVB-EP
case $E5 in snbep | ivbep) NS=2 ;; *) NS=1 ;; esac
# the load, perf's CPUID and list (1 + 3); per scenario its write, perf
# stat and 3 metrics per socket; violations, unload
plan $((1 + 1 + 3 + NS * (2 + 3 * S) + 2))
check "load xeon_uncore and xeon_uncore_sim model=$E5" e5_load
# (perf prints the CPUID it picks its tables by at -v: "Using CPUID
# GenuineIntel-6-3F", with "-STEPPING" when read from the CPU)
perf --debug verbose=1 list metric >/tmp/77-list.txt 2>&1
check "perf picks its tables by CPUID GenuineIntel-6-$PLAT_cpuhex ($PLAT_perf)" \
	grep -Eq "^Using CPUID GenuineIntel-6-$PLAT_cpuhex(-[0-9A-F]+)?\$" /tmp/77-list.txt
for m in $(echo $M | tr , ' '); do
	check "perf list metric shows $m" grep -qw "$m" /tmp/77-list.txt
done

# metric SOCKET NAME [FIELD]: FIELD ("metric-value" by default) of NAME's
# line for socket SOCKET in perf's JSON output $OUT
metric() {
	awk -v s="S$1" -v m="$2" -v f="${3:-metric-value}" '
	function get(k,  r) {
		if (!match($0, "\"" k "\" : [^,}]*")) return ""
		r = substr($0, RSTART + length(k) + 5, RLENGTH - length(k) - 5)
		gsub(/"/, "", r)
		return r
	}
	get("socket") == s && get("metric-unit") == m { print get(f); exit }' $OUT
}

# run NAME LINES...: write the scenario LINES, perf stat --per-socket -M
# for 10 s, then each socket's three metrics against the scenario's
run() {
	_n=$1; shift
	check "scenario $_n: written into $XU_SIM/traffic" e5_traffic "$@"
	check "scenario $_n: perf stat -a --per-socket -j -M $M -- sleep 10" \
		perf stat -a --per-socket -j -o $OUT -M $M -- sleep 10
	for s in $(e5_seq "$S"); do
		_bw=0
		for c in $(e5_seq $NCH); do
			_bw=$((_bw + $(e5_scn "$s" read "$c") + $(e5_scn "$s" write "$c")))
		done
		_u=$(e5_scn "$s" uclk)
		_ns=$(metric "$s" Socket_CLKS event-runtime)
		diag "scenario $_n socket $s: channels' read + write $_bw MB/s, uclk $_u MHz;" \
			"perf: DRAM_BW_Use $(metric "$s" DRAM_BW_Use), Socket_CLKS $(metric "$s" Socket_CLKS)" \
			"in $_ns ns, UNCORE_FREQ $(metric "$s" UNCORE_FREQ)"
		check_within_pct "scenario $_n socket $s: DRAM_BW_Use = $_bw MB/s / 1000" \
			"$(metric "$s" DRAM_BW_Use)" "$(awk -v b=$_bw 'BEGIN { printf "%.6f", b / 1000 }')" 1
		check_within_pct "scenario $_n socket $s: Socket_CLKS = $_u MHz x $_ns ns" \
			"$(metric "$s" Socket_CLKS)" "$(awk -v u="$_u" -v t="${_ns:-0}" 'BEGIN { printf "%.0f", u * t / 1000 }')" 1
		check_within_pct "scenario $_n socket $s: UNCORE_FREQ = $_u MHz / 1000 / $S dies" \
			"$(metric "$s" UNCORE_FREQ)" "$(awk -v u="$_u" -v d="$S" 'BEGIN { printf "%.6f", u / 1000 / d }')" 1
	done
}

# A: a clock per socket; socket 0's reads and writes rising by channel,
# reads above writes; the others' writes above reads, channel 1 idle
set --
for s in $(e5_seq "$S"); do
	set -- "$@" "socket=$s uclk=$((1200 + 300 * s))"
	for c in $(e5_seq $NCH); do
		if [ "$s" = 0 ]; then
			set -- "$@" "socket=$s channel=$c read=$((400 + 100 * c)) write=$((200 + 50 * c))"
		elif [ "$c" = 1 ]; then
			set -- "$@" "socket=$s channel=$c read=0 write=0"
		else
			set -- "$@" "socket=$s channel=$c read=$((1500 + 10 * c)) write=$((3000 + 400 * s))"
		fi
	done
done
run A "$@"
# B: other clocks, reads above writes rising by channel and socket
if [ "$NS" = 2 ]; then
	set --
	for s in $(e5_seq "$S"); do
		set -- "$@" "socket=$s uclk=$((2700 - 200 * s))"
		for c in $(e5_seq $NCH); do
			set -- "$@" "socket=$s channel=$c read=$((400 + 100 * c + 1000 * s)) write=$((200 + 50 * c + 300 * s))"
		done
	done
	run B "$@"
fi

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
