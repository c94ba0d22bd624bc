#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The traffic scenario (Documentation/simulator-nhmex-traffic.rst) through
# the debugfs file traffic: the script writes every socket's M-Box
# (channel) read and write MB/s, R-Box port (link) tx MB/s and uncore
# clock, and perf stat counts, per socket, within 1% of what they imply
# by the guide's definitions (323535):
#   bbox_cmds_read  (FVC_EV0, bcmd 0)  read MB/s * 10^6 / 64 a second
#   bbox_cmds_write (FVC_EV0, bcmd 1)  write MB/s * 10^6 / 64
#   bbox_cmds_all   (0x1a)             the two together
#   wbox clockticks                    uclk MHz * 10^6
#   rbox qpiN_flit_send                tx MB/s * 10^6 / 64 * 9 (a DRS
#                                      packet, 9 flits, per line)
#   rbox qpiN_data_response            tx MB/s * 10^6 / 64
# and xu-bw (tools/xu-bw) shows each M-Box's and socket's read and write
# MB/s, now distinct, within 1%.  The keys the platform cannot count (rx,
# latency, remote) and a channel or link it does not have are refused
# with EINVAL.  bbox_cmds_read and _write of one M-Box need different
# bcmd values of its one ZDP_CTL_FVC, so perf stat counts reads on one
# M-Box with writes on the other, then the other way round, and xu-bw
# (which opens both) runs with a 1 s multiplexing interval.
. "$(dirname "$0")/../lib.sh"

OUT=/tmp/77-traffic.csv
BW=/add/xu-bw
TR=$XU_SIM/traffic

nhmex_require nhmex/77-traffic
S=$(e5_sockets)
plan $((14 + 15 * S))
check "load xeon_uncore and xeon_uncore_sim model=$NX" nhmex_load

# The scenario, in MB/s and MHz: every socket, channel and link its own
rd_mb() { echo $((1000 * ($1 + 1) + 300 * $2)); }
wr_mb() { echo $((250 * ($1 + 1) + 700 * $2)); }
tx_mb() { echo $((100 * ($2 + 1) * ($1 + 1) + 7)); }
uclk_mhz() { echo $((1800 + 333 * $1)); }

check_eq "traffic lists every socket, M-Box and R-Box port ($S x (1 + 2 + 8) lines)" \
	"$(wc -l <$TR)" $((S * 11))

# refused, and nothing changes
before=$(cat $TR)
for l in "socket=0 link=0 rx=100" "socket=0 latency=80" "socket=1 remote=25" \
	"socket=0 channel=2 read=100" "socket=0 link=8 tx=100"; do
	expect_errno EINVAL sh -c "echo '$l' >$TR"
done
check_eq "the refused lines changed nothing" "$(cat $TR)" "$before"

for s in $(e5_seq "$S"); do
	echo "socket=$s uclk=$(uclk_mhz "$s")"
	for c in 0 1; do
		echo "socket=$s channel=$c read=$(rd_mb "$s" $c) write=$(wr_mb "$s" $c)" \
			"pagehit=$((50 + 10 * c)) pagemiss=$((20 + 5 * s))"
	done
	for l in $(e5_seq 8); do echo "socket=$s link=$l tx=$(tx_mb "$s" "$l")"; done
done >/tmp/77-scenario
# one write per line: the file takes one write of up to a page
while read -r l; do echo "$l" >$TR || diag "'$l' refused"; done </tmp/77-scenario
check_eq "traffic reads back the scenario written" "$(sort $TR)" "$(sort /tmp/77-scenario)"

# rate_check SOCKET EVENT WANT: EVENT's count a second on SOCKET's
# collecting CPU within 1% of WANT, counted all the time.  perf stat
# runs 3 s: under TCG the first events' counts miss some 10 ms of their
# running time while perf starts the others, 1.3% of a 1 s run.
rate_check() {
	_line=$(awk -F';' -v c="CPU$(e5_socket_cpu "$1")" -v e="$2" '$1 == c && $4 == e' $OUT)
	if [ -z "$_line" ] || [ "$(echo "$_line" | cut -d';' -f6)" != "100.00" ]; then
		fail "socket $1 $2 = $3/s: counted all the time"; diag "line '$_line'"
		return
	fi
	_got=$(echo "$_line" | awk -F';' '{ printf "%.0f", $2 * 1e9 / $5 }')
	diag "socket $1 $2: $_got/s, want $3"
	check_within_pct "socket $1 $2 = $3/s" "$_got" "$3" 1
}
lines() { echo $(($1 * 1000000 / 64)); }

EV=uncore_mbox_0/bbox_cmds_read/,uncore_mbox_1/bbox_cmds_write/
EV=$EV,uncore_mbox_0/bbox_cmds_all/,uncore_mbox_1/bbox_cmds_all/,uncore_wbox/clockticks/
EV=$EV,uncore_rbox_0/qpi0_flit_send/,uncore_rbox_1/qpi1_data_response/
check "perf stat -a -A: M-Box 0 reads, M-Box 1 writes, both all, the clock, R-Box ports 0 and 5" \
	perf stat -a -A -x';' -o $OUT -e $EV -- sleep 3
for s in $(e5_seq "$S"); do
	rate_check "$s" uncore_mbox_0/bbox_cmds_read/ "$(lines "$(rd_mb "$s" 0)")"
	rate_check "$s" uncore_mbox_1/bbox_cmds_write/ "$(lines "$(wr_mb "$s" 1)")"
	rate_check "$s" uncore_mbox_0/bbox_cmds_all/ \
		"$(lines $(($(rd_mb "$s" 0) + $(wr_mb "$s" 0))))"
	rate_check "$s" uncore_mbox_1/bbox_cmds_all/ \
		"$(lines $(($(rd_mb "$s" 1) + $(wr_mb "$s" 1))))"
	rate_check "$s" uncore_wbox/clockticks/ $(($(uclk_mhz "$s") * 1000000))
	rate_check "$s" uncore_rbox_0/qpi0_flit_send/ $((9 * $(lines "$(tx_mb "$s" 0)")))
	rate_check "$s" uncore_rbox_1/qpi1_data_response/ "$(lines "$(tx_mb "$s" 5)")"
done

check "perf stat -a -A: M-Box 0 writes, M-Box 1 reads" \
	perf stat -a -A -x';' -o $OUT -e uncore_mbox_0/bbox_cmds_write/,uncore_mbox_1/bbox_cmds_read/ -- sleep 3
for s in $(e5_seq "$S"); do
	rate_check "$s" uncore_mbox_0/bbox_cmds_write/ "$(lines "$(wr_mb "$s" 0)")"
	rate_check "$s" uncore_mbox_1/bbox_cmds_read/ "$(lines "$(rd_mb "$s" 1)")"
done

# xu-bw: one 4 s interval, CSV; its channel and socket records.  Each
# switch between reads and writes leaves the counter stopped a moment
# that time_running counts (Documentation/xu-bw.rst): 1% at 20 switches
# on a loaded host, so switch every second, 4 times.
for m in 0 1; do
	echo 1000 >/sys/bus/event_source/devices/uncore_mbox_$m/perf_event_mux_interval_ms
done
if [ -x $BW ]; then
	$BW -i 4 -n 1 --csv >$OUT 2>/tmp/77-bw.err
	check_eq "xu-bw -i 4 -n 1 --csv: exit 0" $? 0
else
	fail "xu-bw in /add (make -C tools/xu-bw OUT=...)"
fi
# bw FIELD RECORD SOCKET [BOX]: xu-bw's figure (read_MBps 6, write_MBps 7)
bw() {
	awk -F, -v f="$1" -v r="$2" -v s="$3" -v b="${4:-}" \
		'NR > 1 && $4 == r && $3 == s && $5 == b { print $f }' $OUT 2>/dev/null
}
for s in $(e5_seq "$S"); do
	for c in 0 1; do
		check_within_pct "xu-bw socket $s uncore_mbox_$c read MB/s" \
			"$(bw 6 channel "$s" uncore_mbox_$c)" "$(rd_mb "$s" $c)" 1
		check_within_pct "xu-bw socket $s uncore_mbox_$c write MB/s" \
			"$(bw 7 channel "$s" uncore_mbox_$c)" "$(wr_mb "$s" $c)" 1
	done
	check_within_pct "xu-bw socket $s read MB/s" "$(bw 6 socket "$s")" \
		$(($(rd_mb "$s" 0) + $(rd_mb "$s" 1))) 1
	check_within_pct "xu-bw socket $s write MB/s" "$(bw 7 socket "$s")" \
		$(($(wr_mb "$s" 0) + $(wr_mb "$s" 1))) 1
done
awk '{ print "# xu-bw: " $0 }' $OUT

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
