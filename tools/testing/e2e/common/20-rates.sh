#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# perf stat counts match the simulator's documented rates
# (Documentation/simulator.rst; lib.sh nhmex_rate, and e5_expect from
# the E5 traffic scenario), per socket, within 2%, on every simulated
# platform.  Rows per family:
#   nhmex  every PMU, one or two events each (a general-purpose event
#          with a box-specific ev_sel, so that (ev_sel & 7) varies, the
#          W-Box's fixed clocktick counter, an R-Box QLX and IPERF slot, a
#          B-Box counter other than 0), perf stat -a --per-socket, each
#          event one the traffic model leaves out (its rate + 1000 per
#          unit of umask or IPERF value; nhmex/77-traffic.sh has the
#          modelled ones); then
#          the U-Box and M-Boxes with perf stat -a -A:
#            U-Box      100000 * (event + 1) * (socket + 1)      events/s
#            M-Box m    100000 * (inc_sel + 1) * (2 * socket + m + 1)
#          and with flag_mode=1, storage_mode=1 only (set_flag_sel + 1) / 8
#          of them; the U-Box's largest code and a named event; a CPU
#          outside the cpumask; --per-socket;
#   e5     every PMU, perf stat -a -A, at the default traffic scenario:
#          each box's clockticks (uclk; QPI 10^9; the U-Box's UCLK and the
#          iMC's DCLK, on its fixed counter and as event 0x0 on a
#          general one), CAS_COUNT.RD and .WR, HA REQUESTS.READS, C-Box
#          TOR_INSERTS.MISS_OPCODE, QPI data flits sent and received, and
#          events the model leaves out (the background rate); then the
#          umask, thresh, edge, inv (SNB-EP) and filter_opc change the
#          count as defined: CAS sub-events (15/16, 1/16, 7/8, 1/8), HA
#          local and remote requests, full and partial writes, TOR
#          occupancy (Little's law), hits, local misses (IVB-EP),
#          another opcode (0), thresh, edge and inv over the count a
#          cycle, QPI idle and non-data flits, a umask on a background
#          event; --per-socket; a CPU outside the cpumask; then a
#          scenario the script writes, every socket's own, and the
#          counts that follow it.  Every figure is lib.sh e5_expect's,
#          from the scenario the script wrote or the documented default.
. "$(dirname "$0")/../lib.sh"

OUT=/tmp/20-rates.csv

platform_require common/20-rates

# rate_check SOCKET EVENT RATE [CPU]: EVENT's -A line for CPU (by
# default SOCKET's collecting CPU) in $OUT counted RATE events/s for its
# run time, all of the time
rate_check() {
	_cpu=CPU${4:-$(e5_socket_cpu "$1")}
	_line=$(awk -F';' -v c="$_cpu" -v e="$2" '$1 == c && $4 == e' $OUT)
	_cnt=$(echo "$_line" | cut -d';' -f2)
	_ns=$(echo "$_line" | cut -d';' -f5)
	_pct=$(echo "$_line" | cut -d';' -f6)
	if [ -z "$_line" ] || [ "$_pct" != "100.00" ]; then
		fail "socket $1 $2 = $3/s: counted all the time"; diag "line '$_line'"
		return
	fi
	_want=$(awk -v r="$3" -v t="$_ns" 'BEGIN { printf "%.0f", r * t / 1e9 }')
	check_within_pct "socket $1 $2 = $3/s" "$_cnt" "$_want" 2
}

# rate_checks SOCKET: rate_check of every "EVENT RATE" line of the
# standard input, in order, by one awk (a fork and exec costs tens of ms
# in a TCG guest): the same results and diagnostics
rate_checks() {
	_cpu=CPU$(e5_socket_cpu "$1")
	awk -F';' -v c="$_cpu" -v s="$1" -v out=$OUT '
	BEGIN { while ((getline l <out) > 0) { split(l, f, ";"); if (f[1] == c) line[f[4]] = l } }
	{
		split($0, w, " "); e = w[1]; r = w[2]; l = line[e]
		split(l, f, ";")
		if (l == "" || f[6] != "100.00") {
			print "F socket " s " " e " = " r "/s: counted all the time"
			print "D line \047" l "\047"
			next
		}
		want = sprintf("%.0f", r * f[5] / 1e9); got = f[2]
		if (got !~ /^-?[0-9.]+$/ || want !~ /^-?[0-9.]+$/) bad = 1
		else { d = got - want; if (d < 0) d = -d; m = want < 0 ? -want : want; bad = !(d <= m * 2 / 100) }
		if (!bad) { print "O socket " s " " e " = " r "/s"; next }
		print "F socket " s " " e " = " r "/s"
		print "D got \047" got "\047, want \047" want "\047 +-2%"
	}' >/tmp/20-checks
	while IFS= read -r _l; do
		case $_l in
		"O "*) ok "${_l#O }" ;;
		"F "*) fail "${_l#F }" ;;
		*) diag "${_l#D }" ;;
		esac
	done </tmp/20-checks
}

# per_socket_check SOCKET EVENT RATE: EVENT's --per-socket line for
# SOCKET in $OUT counted RATE events/s for its run time
per_socket_check() {
	_line=$(awk -F';' -v s="S$1" -v e="$2" '$1 == s && $5 == e' $OUT)
	_want=$(echo "$_line" | awk -F';' -v r="$3" '{ printf "%.0f", r * $6 / 1e9 }')
	check_within_pct "--per-socket S$1 $2" "$(echo "$_line" | cut -d';' -f3)" "$_want" 2
}

# ev PMU: the events counted on every PMU, "EVENT CODE" per line, CODE
# as the family's rate (plat_rate) takes it.  (perf stat -x';': event
# names hold commas.)
ev() {
	case $FAM:${1#uncore_} in
	nhmex:ubox) echo "$1/event=0x3/ 3" ;;
	nhmex:mbox_*) echo "$1/cycles/ 0x1b" ;;
	nhmex:cbox_*) echo "$1/event=0x2,umask=0x1/ 2:0x1" ;;
	nhmex:bbox_*) echo "$1/counter=3,event=0x2/ 0x62" ;;
	nhmex:sbox_*) echo "$1/event=0x3/ 3" ;;
	nhmex:rbox_*)
		echo "$1/event=0x2/ 2"
		echo "$1/event=0x7,iperf_cfg=0x10/ 7:0x10"
		;;
	nhmex:wbox)
		echo "$1/event=0x4/ 4"
		echo "$1/clockticks/ 0xff"
		;;
	# e5: the encoding is the whole row (lib.sh e5_expect reads it)
	e5:ubox) echo "$1/event=0x42/"; echo "$1/event=0xff/" ;;
	e5:cbox_0) echo "$1/event=0x11/"; echo "$1/event=0x35,umask=0x3,filter_opc=0x182/" ;;
	e5:cbox_*) echo "$1/event=0x0/" ;;
	e5:sbox_*) echo "$1/event=0x3/" ;;
	e5:pcu) echo "$1/event=0x4/" ;;
	e5:ha*) echo "$1/event=0x1,umask=0x3/" ;;
	e5:imc_*)
		echo "$1/event=0x4,umask=0x3/"; echo "$1/event=0x4,umask=0xc/"
		echo "$1/event=0xff/"; echo "$1/event=0x0/"
		;;
	e5:qpi_*)
		echo "$1/event=0x14/"; echo "$1/event=0x0,umask=0x2/"
		echo "$1/event=0x1,umask=0x2/"; echo "$1/event=0x102,umask=0x1/"
		;;
	e5:r2pcie | e5:r3qpi_*) echo "$1/event=0x1/" ;;
	e5:irp) echo "$1/event=0x0/"; echo "$1/event=0x3/" ;;
	esac
}

# e5_defs: the E5 runs that show umask, thresh, edge, inv and
# filter_opc changing the count as defined (D1, D2, D3, at the default
# scenario), and the run at the scenario the script writes (DW); their
# sizes n1 n2 n3 nw.  A C-Box's TOR_OCCUPANCY (0x36) takes its counter 0
# only, and its events share one filter: one occupancy and one
# filter_opc per C-Box and run.
e5_defs() {
	HA=uncore_ha_0
	[ "$PLAT_ha_pmu" = uncore_ha ] && HA=uncore_ha
	O=event=0x36,umask=0x3,filter_opc=0x182
	# D1: CAS regular and underfill reads, write-major writes, all; HA
	# local and remote reads, writes, partial writes; QPI idle, non-data
	# and data + non-data flits, received non-data; C-Box 1 occupancy,
	# misses and hits of the opcode; a umask on background events
	D1="uncore_imc_1/event=0x4,umask=0x1/ uncore_imc_1/event=0x4,umask=0x2/
uncore_imc_1/event=0x4,umask=0x4/ uncore_imc_1/event=0x4,umask=0xf/
$HA/event=0x1,umask=0x1/ $HA/event=0x1,umask=0x2/ $HA/event=0x1,umask=0xc/
$HA/event=0x1a,umask=0x2/
uncore_cbox_1/$O/ uncore_cbox_1/event=0x35,umask=0x1,filter_opc=0x182/
uncore_ubox/event=0x42,umask=0x5/ uncore_r2pcie/event=0x1,umask=0x1/"
	# (where there is a QPI port: not on Broadwell-DE)
	[ "$PLAT_qpi" -gt 0 ] && D1="$D1
uncore_qpi_0/event=0x0,umask=0x1/ uncore_qpi_0/event=0x0,umask=0x4/
uncore_qpi_0/event=0x0,umask=0x6/ uncore_qpi_0/event=0x1,umask=0x4/"
	# read-major and write-major reads, read-major writes where CAS_COUNT
	# has them (IVB-EP's umask 0x10, 0x20), on channel 2 (0 where there
	# are two: channel 1's counters are taken above); a second HA's
	# IMC_READS, full writes, local writes
	M=uncore_imc_2
	[ "$PLAT_mem_n" -gt 2 ] || M=uncore_imc_0
	[ $((PLAT_cas_umask & 0x30)) = $((0x30)) ] && D1="$D1
$M/event=0x4,umask=0x10/ $M/event=0x4,umask=0x20/
$M/event=0x4,umask=0x8/ $M/event=0x4,umask=0x30/"
	[ "$PLAT_ha" -ge 2 ] && D1="$D1
uncore_ha_1/event=0x17,umask=0x1/ uncore_ha_1/event=0x1a,umask=0x1/
uncore_ha_1/event=0x1,umask=0x4/"
	# D2: thresh and edge over the occupancy and over CAS a DCLK;
	# inv where the platform has it (SNB-EP)
	D2="uncore_cbox_0/$O,thresh=1/ uncore_cbox_1/$O,thresh=1,edge=1/
uncore_imc_0/event=0x4,umask=0x3,thresh=1/ uncore_imc_0/event=0x4,umask=0x3,thresh=1,edge=1/"
	[ "$PLAT_inv" = yes ] && D2="$D2
uncore_imc_0/event=0x4,umask=0x3,thresh=1,inv=1/"
	# D3: another opcode counts nothing; thresh over inserts; local
	# misses where the TOR has them (IVB-EP), inv over the occupancy
	# where there is inv (SNB-EP)
	D3="uncore_cbox_0/event=0x35,umask=0x3,filter_opc=0x181/
uncore_cbox_1/event=0x35,umask=0x3,filter_opc=0x182,thresh=1/"
	[ $((PLAT_tor_umask & 0x20)) != 0 ] &&
		D3="$D3 uncore_cbox_1/event=0x35,umask=0x23,filter_opc=0x182/"
	[ "$PLAT_inv" = yes ] && D3="$D3 uncore_cbox_1/$O,thresh=1,inv=1/"
	# DW: at the scenario the script writes (thresh TW: see there; the
	# default reads of the channels it leaves as they are add up, to 5
	# with 8 channels, 4 with 4)
	TW=4
	[ "$PLAT_mem_n" -gt 4 ] && TW=5
	DW="uncore_imc_0/event=0x4,umask=0x3/ uncore_imc_0/event=0x4,umask=0xc/
$HA/event=0x1,umask=0x2/ uncore_cbox_0/$O,thresh=$TW/
uncore_cbox_1/$O,thresh=$TW,edge=1/ uncore_cbox_1/event=0x0/
uncore_ubox/event=0xff/"
	[ "$PLAT_qpi" -gt 0 ] && DW="$DW
uncore_qpi_0/event=0x0,umask=0x2/ uncore_qpi_0/event=0x1,umask=0x2/"
	[ "$PLAT_r3qpi" -gt 0 ] && DW="$DW uncore_r3qpi_0/event=0x1/"
	n1=$(echo "$D1" | wc -w) n2=$(echo "$D2" | wc -w) n3=$(echo "$D3" | wc -w)
	nw=$(echo "$DW" | wc -w)
}

# e5_run DESC EVENTS: perf stat -a -A of EVENTS (words) for 2 s, then
# each event's count on every socket at e5_expect's rate (rate_checks).
# (A box counts from its enable, perf's time enabled from a moment
# before it: on a host with 7 runnable threads a CPU, a stalled vCPU
# took up to 4% of 1 s runs from every event of a box; 2 s halve that.)
e5_run() {
	_evs=$(printf '%s\n' "$2" | tr -s ' \n' ',' | sed 's/,$//')
	check "perf stat -a -A: $1 ($(echo "$2" | wc -w) events, 2 s)" \
		perf stat -a -A -x';' -o $OUT -e "$_evs" -- sleep 2
	for s in $(e5_seq "$S"); do
		# shellcheck disable=SC2086 # one word per event
		e5_expect_list "$s" $2 >/tmp/20-want
		rate_checks "$s" </tmp/20-want
	done
}

EV=$(for p in $(plat_pmus); do ev "$p"; done)
n=$(echo "$EV" | wc -l)
evs=$(echo "$EV" | cut -d' ' -f1 | tr '\n' , | sed 's/,$//')
S=$(e5_sockets)
# The plan: the load; the table's n events on each of S sockets and the
# perf stat counting them; then the family's further rows and the
# violations and unload
case $FAM in
# -A (1 + 2 x 9), the U-Box's code and named event (2 x 3), -C (3),
# --per-socket (3)
nhmex) plan $((1 + 1 + S * n + 19 + 6 + 3 + 3 + 2)) ;;
# the definitions' runs (e5_defs: 1 + S x events each), --per-socket
# (1 + S), -C (2), the scenario written (1) and its run (1 + S x events)
e5)
	e5_defs
	plan $((1 + 1 + S * n + 3 + S * (n1 + n2 + n3) + 1 + S + 2 + 1 + 1 + S * nw + 2))
	;;
esac
check "load xeon_uncore and xeon_uncore_sim model=$MODEL" plat_load
case $FAM in
nhmex)
	# every PMU, --per-socket
	check "perf stat -a --per-socket of $n events on $(plat_pmus | wc -l) PMUs (1 s)" \
		perf stat -a --per-socket -x';' -o $OUT -e "$evs" -- sleep 1
	for s in $(e5_seq "$(e5_sockets)"); do
		# (a here-document, not a pipe: results from a subshell
		# would not count)
		while read -r e c; do
			line=$(awk -F';' -v s="S$s" -v e="$e" '$1 == s && $5 == e' $OUT)
			r=$(plat_rate "${e%%/*}" "$c" "$s")
			pct=$(echo "$line" | cut -d';' -f7)
			if [ -z "$line" ] || [ "$pct" != "100.00" ]; then
				fail "S$s $e = $r/s: counted all the time"; diag "line '$line'"
				continue
			fi
			want=$(echo "$line" | awk -F';' -v r="$r" '{ printf "%.0f", r * $6 / 1e9 }')
			check_within_pct "S$s $e = $r/s" "$(echo "$line" | cut -d';' -f3)" "$want" 2
		done <<EOF
$EV
EOF
	done

	# The U-Box and M-Boxes, -A.  One U-Box counter and six per M-Box:
	# no event is multiplexed.
	EV="uncore_ubox/event=0x3/"
	EV="$EV,uncore_mbox_0/cycles/,uncore_mbox_0/inc_sel=0x2/"
	EV="$EV,uncore_mbox_0/cycles_retryq_mfull/,uncore_mbox_0/cycles_retryq_starved/"
	EV="$EV,uncore_mbox_0/inc_sel=0x1b,flag_mode=1,set_flag_sel=7,storage_mode=1/"
	EV="$EV,uncore_mbox_1/cycles/,uncore_mbox_1/page_hit/,uncore_mbox_1/inc_sel=0x1f/"
	check "perf stat -a -A (1 s)" perf stat -a -A -x';' -o $OUT -e "$EV" -- sleep 1
	for s in 0 1; do
		rate_check $s uncore_ubox/event=0x3/ $((100000 * 4 * (s + 1)))
		rate_check $s uncore_mbox_0/cycles/ $((100000 * 28 * (2 * s + 1)))
		rate_check $s uncore_mbox_0/inc_sel=0x2/ $((100000 * 3 * (2 * s + 1)))
		# set_flag_sel=3: 4/8 of the cycles; 4: 5/8; 7: all of them
		rate_check $s uncore_mbox_0/cycles_retryq_mfull/ $((100000 * 28 * (2 * s + 1) * 4 / 8))
		rate_check $s uncore_mbox_0/cycles_retryq_starved/ $((100000 * 28 * (2 * s + 1) * 5 / 8))
		rate_check $s uncore_mbox_0/inc_sel=0x1b,flag_mode=1,set_flag_sel=7,storage_mode=1/ \
			$((100000 * 28 * (2 * s + 1)))
		rate_check $s uncore_mbox_1/cycles/ $((100000 * 28 * (2 * s + 2)))
		# the default scenario's reads and writes (96 and 64 MB/s x (2s +
		# m + 1)) in 64-byte lines, 60% page hits
		rate_check $s uncore_mbox_1/page_hit/ $((160 * (2 * s + 2) * 1000000 / 64 * 60 / 100))
		rate_check $s uncore_mbox_1/inc_sel=0x1f/ $((100000 * 32 * (2 * s + 2)))
	done

	# The U-Box's largest code, with edge (simulated events are
	# one-cycle pulses, so edge counts the same), and its named event
	check "perf stat -a -A uncore_ubox/event=0xff,edge=1/" \
		perf stat -a -A -x';' -o $OUT -e uncore_ubox/event=0xff,edge=1/ -- sleep 0.5
	rate_check 0 uncore_ubox/event=0xff,edge=1/ $((100000 * 256 * 1))
	rate_check 1 uncore_ubox/event=0xff,edge=1/ $((100000 * 256 * 2))
	check "perf stat -a -A uncore_ubox/buf_valid_lock/" \
		perf stat -a -A -x';' -o $OUT -e uncore_ubox/buf_valid_lock/ -- sleep 0.5
	rate_check 0 uncore_ubox/buf_valid_lock/ $((100000 * 3 * 1))
	rate_check 1 uncore_ubox/buf_valid_lock/ $((100000 * 3 * 2))

	# An event opened on a CPU outside cpumask counts for that CPU's
	# package: each package's second CPU
	c0=$(($(e5_socket_cpu 0) + 1)) c1=$(($(e5_socket_cpu 1) + 1))
	check "perf stat -C $c0,$c1 -A uncore_mbox_1/cycles/" \
		perf stat -C $c0,$c1 -A -x';' -o $OUT -e uncore_mbox_1/cycles/ -- sleep 0.5
	rate_check 0 uncore_mbox_1/cycles/ $((100000 * 28 * 2)) $c0
	rate_check 1 uncore_mbox_1/cycles/ $((100000 * 28 * 4)) $c1

	# --per-socket aggregates the same counts
	E=uncore_mbox_0/page_empty/
	check "perf stat -a --per-socket" perf stat -a --per-socket -x';' -o $OUT -e $E -- sleep 0.5
	# (the accesses neither hits, 60%, nor misses, 25%: 15%)
	for s in 0 1; do per_socket_check $s $E $((160 * (2 * s + 1) * 1000000 / 64 * 15 / 100)); done
	;;
e5)
	e5_run "every PMU, the default scenario" "$EV"
	e5_run "umask sub-events, occupancy, opcode hits" "$D1"
	e5_run "thresh, edge, inv" "$D2"
	e5_run "another opcode, thresh over inserts, local misses or inv" "$D3"

	# --per-socket aggregates the same counts
	E=uncore_cbox_1/$O,thresh=1,edge=1/
	check "perf stat -a --per-socket -e $E" \
		perf stat -a --per-socket -x';' -o $OUT -e "$E" -- sleep 0.5
	for s in $(e5_seq "$S"); do
		per_socket_check "$s" "$E" "$(e5_expect "$E" "$s")"
	done

	# An event opened on a CPU outside the cpumask counts for that
	# CPU's package: the second CPU of the last socket
	last=$((S - 1))
	c2=$(($(e5_socket_cpu $last) + 1))
	E=uncore_imc_1/event=0x4,umask=0xc/
	check "perf stat -C $c2 -A -e $E" perf stat -C $c2 -A -x';' -o $OUT -e "$E" -- sleep 0.5
	line=$(awk -F';' -v c="CPU$c2" -v e="$E" '$1 == c && $4 == e' $OUT)
	want=$(echo "$line" | awk -F';' -v r="$(e5_expect "$E" $last)" '{ printf "%.0f", r * $5 / 1e9 }')
	check_within_pct "CPU $c2 counts socket $last's $E" "$(echo "$line" | cut -d';' -f2)" "$want" 2

	# A scenario of each socket's own: the counts follow it at once.
	# Channel 0 and link 0 busy, the clock, latency and remote share
	# changed.  In a C-Box of socket 0, 4.8 (IVB-EP) or 3.9 (SNB-EP)
	# reads in flight (Little's law: its misses/s x latency): thresh=5
	# (IVB-EP) or 4 (SNB-EP) holds in 83% or 85% of the cycles, edge in
	# the rest; on the other sockets, with more in flight, in every cycle
	# (edge in none)
	set --
	for s in $(e5_seq "$S"); do
		set -- "$@" "socket=$s uclk=$((800 + 400 * s)) latency=$((150 + 50 * s)) remote=$((10 + 20 * s))" \
			"socket=$s channel=0 read=$((3000 + 1000 * s)) write=$((1000 + 200 * s))"
		# a link's line where the model has links (it refuses one else)
		[ "$PLAT_qpi" -gt 0 ] &&
			set -- "$@" "socket=$s link=0 tx=$((4000 + 1000 * s)) rx=$((2000 + 500 * s))"
	done
	check "write a scenario of each socket's own into $XU_SIM/traffic" e5_traffic "$@"
	e5_run "the scenario written" "$DW"
	;;
esac

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
