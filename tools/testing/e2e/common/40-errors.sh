#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Bad input is refused with the documented errno
# (Documentation/xeon-uncore.rst, "What is refused, and how";
# Documentation/pmu/nhmex.rst lists the Xeon 7500 / E7 refusals), end to
# end through perf on every simulated platform: a few configs with the
# line they log, a term perf itself refuses, a per-task event, groups
# across boxes or larger than the box (perf builds them; KUnit cannot),
# sampling where it is refused, bad input to the simulator's debugfs
# files.  Rows per family:
#   nhmex  M-Box configs and groups, the U-Box's one counter, sampling a
#          down-counting event; raw config words through perf_event_open()
#          (/add/xu_probe open3), so that bits no format names reach the
#          driver through the system call, and R-Box, B-Box and M-Box
#          refusals through perf's own syntax; module parameters;
#   e5     the U-Box's 5-bit thresh, a C-Box filter the event does not use
#          (with the line it logs), groups on the iMC and R3QPI, across an
#          MSR and a PCI box, and on the PCU with clashing band claims,
#          and on snbep, which has no uncore
#          PMI, sampling (EOPNOTSUPP, with one log line).
# The whole errno tables (every bit no format covers, every field value
# the hardware does not define, config1/config2, per-task, sampling) are
# KUnit's: xeon_uncore_errno and xeon_e5_errno
# (drivers/perf/xeon_uncore/tests/errno_kunit.c) open each row, on every
# package, in the nhmex, wsmex, snbep and ivbep passes.
#
# perf stat shows a refused event as "<not supported>" and exits 0 for
# EINVAL and EOPNOTSUPP alike; with -vv it prints each perf_event_open
# errno ("sys_perf_event_open failed, error -22"), after its fallbacks.
. "$(dirname "$0")/../lib.sh"

SIM=$XU_SIM
P=./xu_probe

platform_require common/40-errors

# open_errno [PERF STAT OPTIONS] EVENT: the errno of the last failed
# perf_event_open of `perf stat -vv -x, OPTIONS -e EVENT -- $WL`, or
# "opened" if every open succeeded and the event was counted.  On the
# Xeon 7500 the workload is `sleep 0.2`: with `true` it could end, on the
# debug kernel under TCG, before perf enabled an event that had opened
# ("<not counted>"); E5 keeps `true`.
WL=true NUM='^[0-9.]+,'
[ $FAM = nhmex ] && WL="sleep 0.2" NUM='^[0-9]+,'
open_errno() {
	_opts=''
	while [ $# -gt 1 ]; do _opts="$_opts $1"; shift; done
	_ev=$1
	# shellcheck disable=SC2086
	_out=$(perf stat -vv -x, $_opts -e "$_ev" -- $WL 2>&1)
	_err=$(e5_errno "$_out")
	if printf '%s\n' "$_out" | grep -q '^<not supported>'; then
		echo "${_err:-unknown}"
	elif printf '%s\n' "$_out" | grep -qE "$NUM"; then
		echo opened
	else
		echo "no result"
	fi
}

# refused ERRNO DESC [OPTIONS] EVENT
refused() {
	_want=$1 _d=$2; shift 2
	check_eq "$_d: $* -> $_want" "$(open_errno "$@")" "$_want"
}

# logs PATTERN: the kernel log gained a line matching PATTERN since the last call
logs() {
	_new=$(dmesg -c)
	check "  ... and logs '$1'" sh -c "printf '%s\n' \"\$0\" | grep -qF -- '$1'" "$_new"
}

# The plan: the rows below, static per family and, on e5, by whether
# the platform has a PMI (without: 3 sampling refusals of 2 checks
# instead of one skip), an IRP and a QPI port (without: its inject
# refused)
case $FAM in
nhmex) plan 50 ;;
e5)
	_n=20
	[ "$PLAT_pmi" = no ] && _n=$((_n + 5))
	[ "$PLAT_irp" = 0 ] && _n=$((_n + 1))
	[ "$PLAT_qpi" = 0 ] && _n=$((_n + 1))
	plan $_n
	;;
esac
if [ $FAM = nhmex ] && [ ! -x $P ]; then
	fail "xu_probe in /add (tools/testing/probe)"
	finish
fi
check "load xeon_uncore and xeon_uncore_sim model=$MODEL" plat_load
dmesg -c >/dev/null

case $FAM in
nhmex)
	# Positive control: the helper sees an event that opens
	check_eq "control: uncore_mbox_0/cycles/ opens" "$(open_errno -a uncore_mbox_0/cycles/)" opened
	dmesg -c >/dev/null

	# A bit no format field covers (the driver's own en); a field value the
	# hardware does not define; legal values in a combination it does not
	# take: each refused with the one line it logs
	refused 22 "M-Box en bit" -a uncore_mbox_0/config=0x1/
	logs "uncore_mbox: config bits 0x1 are not a format field"
	refused 22 "count_mode=3" -a uncore_mbox_0/inc_sel=0x1b,count_mode=3,wrap_mode=1/
	logs "uncore_mbox: count_mode=0x3 is out of range (max 0x2)"
	refused 22 "set_flag_sel without flag_mode" -a uncore_mbox_0/inc_sel=0x1b,set_flag_sel=1/
	logs "uncore_mbox_0: set_flag_sel needs flag_mode=1"

	# Not here: exclude_* bits (perf stat -e EVENT/u, /k).  perf core refuses
	# them for the driver's PERF_PMU_CAP_NO_EXCLUDE before the driver sees the
	# event, so an end-to-end check would test perf core; the KUnit suite
	# xeon_uncore_validate opens each exclude_* bit on the driver's PMUs.

	# A per-task event.  perf 6.1 opens uncore events system-wide (pid -1) when
	# a workload is given without -a, so a per-task open needs -p (-t opens
	# the same per-task event; KUnit opens one on each PMU type)
	refused 22 "per-task (perf stat -p 1)" -p 1 uncore_mbox_0/cycles/

	# Groups: at most 6 events, all on one box
	G6=uncore_mbox_0/cycles/,uncore_mbox_0/cycles/,uncore_mbox_0/cycles/
	G6=$G6,uncore_mbox_0/cycles/,uncore_mbox_0/cycles/,uncore_mbox_0/cycles/
	check_eq "control: a group of 6 on one M-Box opens" "$(open_errno -a "{$G6}")" opened
	refused 22 "a group of 7 on one M-Box" -a "{$G6,uncore_mbox_0/cycles/}"
	refused 22 "a group across two M-Boxes" -a "{uncore_mbox_0/cycles/,uncore_mbox_1/cycles/}"
	refused 22 "a group of 2 on the 1-counter U-Box" -a "{uncore_ubox/event=1/,uncore_ubox/event=2/}"
	# The 6 events of a group start and stop together: equal counts
	out=$(perf stat -a -A -x, -e "{$G6}" -- sleep 0.2 2>&1)
	for cpu in $(e5_cpumask | sed 's/^/CPU/; s/,/ CPU/g'); do
		vals=$(printf '%s\n' "$out" | awk -F, -v c=$cpu '$1 == c && $4 == "uncore_mbox_0/cycles/" { print $2 }')
		check_eq "a group of 6 counts the same on all 6 ($cpu)" \
			"$(printf '%s\n' "$vals" | wc -l) $(printf '%s\n' "$vals" | sort -u | wc -l)" "6 1"
		[ "$(printf '%s\n' "$vals" | sort -u | wc -l)" = 1 ] || printf '%s\n' "$out" | sed 's/^/# /'
	done

	# Sampling is refused only where no period can be counted: an M-Box
	# event counting down (tools/testing/e2e/common/70-record.sh tests sampling)
	dmesg -c >/dev/null
	out=$(perf record -vv -a -c 1000 -o /tmp/perf.data \
		-e uncore_mbox_0/inc_sel=0x1b,count_mode=1,wrap_mode=1/ -- sleep 0.1 2>&1)
	rc=$?
	check "perf record -c 1000 of a down-counting event fails" test $rc -ne 0
	check_eq "sampling with count_mode=1: perf_event_open errno" \
		"$(printf '%s\n' "$out" | sed -n 's/.*sys_perf_event_open failed, error -\([0-9]*\).*/\1/p' | tail -n 1)" 95
	check "  ... perf explains it" sh -c "printf '%s\n' \"\$0\" | grep -q \"doesn't support sampling\"" "$out"
	logs "uncore_mbox_0: sampling needs count_mode=0"
	# (by frequency, -F, with count_mode=2: xeon_uncore_errno)

	# Bad input to the simulator's debugfs files
	expect_errno EINVAL sh -c "echo '2 mbox0 1 1' >$SIM/inject"
	expect_errno EINVAL sh -c "echo '0 bbox 1 1' >$SIM/inject"
	expect_errno EINVAL sh -c "echo '0 mbox0 32 1' >$SIM/inject"
	expect_errno EINVAL sh -c "echo 'garbage' >$SIM/msr"
	expect_errno EIO sh -c "echo '0 123 0' >$SIM/msr"
	expect_errno EINVAL sh -c "echo 2 >$SIM/generator"

	# errno DESC ERRNO PMU CONFIG CONFIG1 CONFIG2 [PERIOD]: open on CPU 0
	errno() {
		_d=$1 _want=$2
		shift 2
		_out=$($P open3 "$1" "$2" "$3" "$4" 0 "${5:-0}" 2>&1)
		check_eq "$_d: $1 config=$2 config1=$3 config2=$4${5:+ period=$5}: errno $_want" \
			"${_out##*errno=}" "$_want"
	}

	EINVAL=22
	EOPNOTSUPP=95

	# a control, and a bit no format names, through the system call
	errno "C-Box event" 0 uncore_cbox_0 0x05842211 0 0
	errno "C-Box config bit 17" $EINVAL uncore_cbox_0 0x20001 0 0
	errno "M-Box count_mode=1 sampling" $EOPNOTSUPP uncore_mbox_0 0x3644 0 0 100000

	# perf's own syntax: the errno perf -vv reports
	out=$(perf stat -vv -a -e uncore_rbox_0/event=0x0,iperf_cfg=0x31/ -- true 2>&1)
	check_eq "perf stat uncore_rbox_0/event=0x0,iperf_cfg=0x31/: EINVAL" "$(e5_errno "$out")" $EINVAL
	out=$(perf stat -vv -a -e uncore_bbox_0/counter=3,event=0x1,match=0x1/ -- true 2>&1)
	check_eq "perf stat uncore_bbox_0/counter=3,event=0x1,match=0x1/: EINVAL" "$(e5_errno "$out")" $EINVAL
	out=$(perf record -vv -a -c 100000 -o /tmp/95.data -e uncore_mbox_0/inc_sel=0x1b,count_mode=1,wrap_mode=1/ -- true 2>&1)
	check_eq "perf record of an M-Box count_mode=1 event: EOPNOTSUPP" "$(e5_errno "$out")" $EOPNOTSUPP
	# a group of five B-Box counter-0 events needs five counter 0s
	G=uncore_bbox_0/counter=0,event=0x4/
	out=$(perf stat -vv -a -e "{$G,$G}" -- true 2>&1)
	check_eq "perf stat {two events pinned to B-Box counter 0}: EINVAL" "$(e5_errno "$out")" $EINVAL
	;;
e5)
	# A bit no format field covers: the U-Box's thresh is 5 bits (28:24)
	refused 22 "U-Box thresh bit 29" -a uncore_ubox/config=0x20000042/
	dmesg -c >/dev/null

	# The C-Box opcode filter with an event that matches no opcode: refused
	# and logged
	refused 22 "C-Box filter_opc with event 0x11" -a uncore_cbox_0/event=0x11,filter_opc=0x182/
	log=$(e5_newlog)
	check "  ... logs a line naming the filter" sh -c "printf '%s\n' \"\$0\" | grep -qiE 'filter|config1'" "$log"
	[ -n "$log" ] && printf '%s\n' "$log" | sed 's/^/# log: /'

	# A term no format of the box names: perf refuses it before any open
	out=$(perf stat -a -e uncore_imc_0/event=0x4,filter_opc=0x182/ -- true 2>&1)
	rc=$?
	check "perf stat uncore_imc_0/event=0x4,filter_opc=0x182/ fails" test $rc -ne 0
	check "  ... perf names the unknown term" sh -c "printf '%s\n' \"\$0\" | grep -q \"unknown term 'filter_opc'\"" "$out"
	[ $rc -ne 0 ] || printf '%s\n' "$out" | sed 's/^/# /'

	# A per-task event: an uncore counts for everyone (perf stat -t opens the
	# same per-task event; KUnit opens one on an iMC and a C-Box)
	refused 22 "per-task (perf stat -p 1)" -p 1 uncore_imc_0/event=0x4/

	# Groups: one box, at most its counters (4; R3QPI 3; plus a fixed one)
	G4=uncore_imc_0/event=0x1/,uncore_imc_0/event=0x2/,uncore_imc_0/event=0x3/,uncore_imc_0/event=0x4/
	check_eq "control: 4 + the fixed counter on one iMC open as a group" \
		"$(open_errno -a "{$G4,uncore_imc_0/event=0xff/}")" opened
	refused 22 "a group of 5 general-purpose events on one iMC" -a "{$G4,uncore_imc_0/event=0x5/}"
	# (no R3QPI, Broadwell-DE: the U-Box's two general counters instead)
	if [ "$PLAT_r3qpi" -gt 0 ]; then
		refused 22 "a group of 4 on a 3-counter R3QPI" -a \
			"{uncore_r3qpi_0/event=0x1/,uncore_r3qpi_0/event=0x2/,uncore_r3qpi_0/event=0x3/,uncore_r3qpi_0/event=0x4/}"
	else
		refused 22 "a group of 3 on the U-Box's 2 general-purpose counters" -a \
			"{uncore_ubox/event=0x1/,uncore_ubox/event=0x2/,uncore_ubox/event=0x3/}"
	fi
	refused 22 "a group across two iMC channels" -a "{uncore_imc_0/event=0x4/,uncore_imc_1/event=0x4/}"
	refused 22 "a group across an MSR and a PCI box" -a "{uncore_cbox_0/event=0x11/,uncore_imc_0/event=0x4/}"
	# The PCU's band filter is shared: a band any member gives a value
	# is claimed (Documentation/pmu/snbep.rst, "Filters"); members that
	# claim one band with two values can never count together
	check_eq "control: PCU clockticks and FREQ_BAND0 claiming band 0 alike open as a group" \
		"$(open_errno -a "{uncore_pcu/event=0x0,filter_band0=12/,uncore_pcu/event=0xb,filter_band0=12/}")" opened
	refused 22 "a PCU group whose members claim band 0 with two values" -a \
		"{uncore_pcu/event=0x0,filter_band0=12/,uncore_pcu/event=0xb,filter_band0=16/}"

	# Sampling: refused where there is no uncore PMI (SNB-EP;
	# common/70-record.sh samples where there is)
	if [ "$PLAT_pmi" = no ]; then
		for e in uncore_imc_0/event=0x4/ uncore_cbox_0/event=0x11/ uncore_ubox/event=0xff/; do
			dmesg -c >/dev/null
			out=$(perf record -vv -a -c 100000 -o /tmp/83.data -e "$e" -- true 2>&1)
			check_eq "$E5: perf record -a -c 100000 -e $e: errno" "$(e5_errno "$out")" 95
			log=$(e5_newlog | sort -u | sed '/^$/d')
			check_eq "  ... and one log line, naming ${e%%/*}" \
				"$(printf '%s\n' "$log" | grep -c "${e%%/*}: ") $(printf '%s\n' "$log" | grep -c .)" "1 1"
			printf '%s\n' "$log" | sed 's/^/# log: /'
		done
		# (by frequency, -F: xeon_e5_errno)
	else
		skip "sampling refusal: $E5 has an uncore PMI and samples (common/70-record.sh)"
	fi

	# Bad input to the simulator's inject file
	expect_errno EINVAL sh -c "echo '$(e5_sockets) imc_0 4 1' >$XU_SIM/inject"
	expect_errno EINVAL sh -c "echo '0 imc_9 4 1' >$XU_SIM/inject"
	expect_errno EINVAL sh -c "echo '0 mbox0 0x1a 1' >$XU_SIM/inject"
	# (no IRP: SNB-EP; no QPI port: Broadwell-DE)
	[ "$PLAT_irp" = 0 ] && expect_errno EINVAL sh -c "echo '0 irp 1 1' >$XU_SIM/inject"
	[ "$PLAT_qpi" = 0 ] && expect_errno EINVAL sh -c "echo '0 qpi_0 1 1' >$XU_SIM/inject"
	;;
esac

check_eq "no reserved-bit writes" "$(cat $SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module

[ $FAM = nhmex ] || finish
# Module parameters.  busybox insmod tries finit_module, then init_module:
# the module may log its line once per attempt, never anything else.
# insmod_refused MODULE DESC WANTLOG PARAM...
insmod_refused() {
	_m=$1 _d=$2 _log=$3; shift 3
	dmesg -c >/dev/null
	expect_errno EINVAL insmod "/modules/$_m.ko" "$@"
	_lines=$(e5_newlog | sort -u)
	check_eq "  ... logs one line: $_log" "$_lines" "$_m: $_log"
	check "  ... and is not loaded" sh -c "! grep -q '^$_m ' /proc/modules"
}
insmod_refused xeon_uncore "poll_ms=0" "poll_ms=0 is outside 1..60000" poll_ms=0
insmod_refused xeon_uncore "poll_ms=60001" "poll_ms=60001 is outside 1..60000" poll_ms=60001
dmesg -c >/dev/null
check "insmod xeon_uncore.ko alone" insmod "$XU_MODULE"
check "  ... registers no PMU" sh -c "! ls /sys/bus/event_source/devices | grep -q '^uncore_'"
check "  ... and says how to attach a simulated uncore" sh -c "dmesg | grep -q 'xeon_uncore_sim.ko attaches'"
# (every platform of tools/testing/platforms, in its order: "nhmex,
# wsmex, snbep or ivbep")
_all=$(plat_names | paste -sd, - | sed 's/,/, /g; s/\(.*\), /\1 or /')
insmod_refused xeon_uncore_sim "model=bogus" "model=bogus is not a simulated uncore; use $_all (or none)" \
	model=bogus
check "rmmod xeon_uncore" rmmod xeon_uncore
check "control: load xeon_uncore poll_ms=1 and xeon_uncore_sim" plat_load poll_ms=1
# a 1 ms poll timer reading the counters does not change the counts
line=$(perf stat -a -A -x, -e uncore_mbox_0/cycles/ -- sleep 0.5 2>&1 | grep "^CPU$(e5_socket_cpu 1),")
check_within_pct "poll_ms=1: socket 1 cycles at 8400000/s" "$(echo "$line" | cut -d, -f2)" \
	"$(echo "$line" | awk -F, '{ printf "%.0f", 8400000 * $5 / 1e9 }')" 2
check "unload xeon_uncore_sim and xeon_uncore" unload_module
