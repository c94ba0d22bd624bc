#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon E5 / E5 v2: bad input is refused with its errno, end to end
# through perf: a config bit no format covers, a C-Box filter the event
# does not use (with the line it logs), a term perf itself refuses, a
# per-task event, groups across boxes or larger than the box (perf builds
# them; KUnit cannot), and on snbep, which has no uncore PMI, sampling
# (EOPNOTSUPP, with one log line).
# The whole errno table (the driver's ov_en 20 and rst 17, bit 63, the
# U-Box's bits above its 5-bit thresh, inv where the box has none,
# config1/config2 where the box has no filter, filter and match bits the
# event does not use, per-task events, sampling) is KUnit's:
# xeon_e5_errno (drivers/perf/xeon_uncore/tests/errno_kunit.c) opens each
# row, on every package, in the snbep and ivbep passes.
# perf stat shows a refused event as "<not supported>"; with -vv it prints
# each perf_event_open errno (see 40-errors.sh).
. "$(dirname "$0")/lib.sh"

e5_require 83-e5-errors

# open_errno [PERF STAT OPTIONS] EVENT: the errno of the last failed
# perf_event_open of `perf stat -vv -x, OPTIONS -e EVENT -- true`, or
# "opened" if every open succeeded and the event was counted
open_errno() {
	_opts=''
	while [ $# -gt 1 ]; do _opts="$_opts $1"; shift; done
	_ev=$1
	# shellcheck disable=SC2086
	_out=$(perf stat -vv -x, $_opts -e "$_ev" -- true 2>&1)
	_err=$(e5_errno "$_out")
	if printf '%s\n' "$_out" | grep -q '^<not supported>'; then
		echo "${_err:-unknown}"
	elif printf '%s\n' "$_out" | grep -qE '^[0-9.]+,'; then
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

check "load xeon_uncore and xeon_uncore_sim model=$E5" e5_load
dmesg -c >/dev/null

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
refused 22 "a group of 4 on a 3-counter R3QPI" -a \
	"{uncore_r3qpi_0/event=0x1/,uncore_r3qpi_0/event=0x2/,uncore_r3qpi_0/event=0x3/,uncore_r3qpi_0/event=0x4/}"
refused 22 "a group across two iMC channels" -a "{uncore_imc_0/event=0x4/,uncore_imc_1/event=0x4/}"
refused 22 "a group across an MSR and a PCI box" -a "{uncore_cbox_0/event=0x11/,uncore_imc_0/event=0x4/}"

# Sampling: refused on snbep, which has no uncore PMI (84-e5-record.sh
# samples on ivbep)
if [ "$E5" = snbep ]; then
	for e in uncore_imc_0/event=0x4/ uncore_cbox_0/event=0x11/ uncore_ubox/event=0xff/; do
		dmesg -c >/dev/null
		out=$(perf record -vv -a -c 100000 -o /tmp/83.data -e "$e" -- true 2>&1)
		check_eq "snbep: perf record -a -c 100000 -e $e: errno" "$(e5_errno "$out")" 95
		log=$(e5_newlog | sort -u | sed '/^$/d')
		check_eq "  ... and one log line, naming ${e%%/*}" \
			"$(printf '%s\n' "$log" | grep -c "${e%%/*}: ") $(printf '%s\n' "$log" | grep -c .)" "1 1"
		printf '%s\n' "$log" | sed 's/^/# log: /'
	done
	# (by frequency, -F: xeon_e5_errno)
else
	skip "sampling refusal: $E5 samples (84-e5-record.sh)"
fi

# Bad input to the simulator's inject file
expect_errno EINVAL sh -c "echo '$(e5_sockets) imc_0 4 1' >$XU_SIM/inject"
expect_errno EINVAL sh -c "echo '0 imc_9 4 1' >$XU_SIM/inject"
expect_errno EINVAL sh -c "echo '0 mbox0 0x1a 1' >$XU_SIM/inject"
[ "$E5" = snbep ] && expect_errno EINVAL sh -c "echo '0 irp 1 1' >$XU_SIM/inject"

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
