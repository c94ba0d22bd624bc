#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon E5 / E5 v2: every bad input is refused with its errno.
#   EINVAL: config bits no format field covers (the driver's ov_en
#     20, rst 17, bit 63, the U-Box's bits above its 5-bit thresh), inv
#     where the box has no inv field, config1/config2 where the box has no
#     filter, filter bits the event does not use, per-task events, groups
#     across boxes or larger than the box;
#   EOPNOTSUPP: sampling on snbep (no uncore PMI), with one log line.
# perf stat shows a refused event as "<not supported>"; with -vv it prints
# each perf_event_open errno (see 40-errors.sh).
. "$(dirname "$0")/lib.sh"

DEV=/sys/bus/event_source/devices

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

# covered PMU BIT: a format field of PMU covers config bit BIT
covered() {
	cat "$DEV/$1"/format/* 2>/dev/null | awk -F: -v want="$2" '$1 == "config" {
		n = split($2, r, ",")
		for (i = 1; i <= n; i++) {
			if (split(r[i], lh, "-") == 1) lh[2] = lh[1]
			if (want >= lh[1] + 0 && want <= lh[2] + 0) found = 1
		}
	} END { exit !found }'
}
# bit_config BIT: event 0x1 with config bit BIT set, in hex
bit_config() {
	if [ "$1" = 63 ]; then echo 0x8000000000000001; else printf '0x%x\n' $((1 << $1 | 1)); fi
}
# has_fmt PMU CONFIG: a format field of PMU is in CONFIG (config1, config2)
has_fmt() { cat "$DEV/$1"/format/* 2>/dev/null | grep -q "^$2:"; }

# A perf run costs about a second under TCG: the single-event checks go
# into one perf stat, each event its own -e.
# expect WANT EVENT DESC...: queue a check that EVENT opens (WANT
# "opened") or fails with errno WANT
BATCH=/tmp/83-e5-batch
: >$BATCH
expect() { echo "$*" >>$BATCH; }

# run_batch: one perf stat -vv -a of every queued event; each open that
# fails ends in perf's "EVENT event is not supported by the kernel."
# after the errors of its attempts; the others are counted
run_batch() {
	_ev=$(awk '{ printf " -e %s", $2 }' $BATCH)
	# shellcheck disable=SC2086 # one word per option
	perf stat -vv -a -x';' $_ev -- true >/tmp/83-e5-batch.out 2>&1
	awk '/sys_perf_event_open failed, error -/ { e = $NF; sub(/^-/, "", e) }
		/ event is not supported by the kernel\.$/ { print $1, (e == "" ? "unknown" : e); e = "" }
		/^[0-9.]+;[^;]*;[^;]+;/ { split($0, f, ";"); print f[3], "opened" }' \
		/tmp/83-e5-batch.out >/tmp/83-e5-batch.res
	while read -r _want _e _d; do
		_got=$(awk -v e="$_e" '$1 == e { r = $2 } END { print (r == "" ? "no result" : r) }' \
			/tmp/83-e5-batch.res)
		if [ "$_want" = opened ]; then
			check_eq "control: $_e opens" "$_got" opened
		else
			check_eq "$_d: $_e -> $_want" "$_got" "$_want"
		fi
	done <$BATCH
	: >$BATCH
}

check "load xeon_uncore and xeon_uncore_sim model=$E5" e5_load
dmesg -c >/dev/null

# Positive controls: the batch sees events that open
expect opened uncore_imc_0/event=0x4,umask=0x3/
expect opened uncore_imc_0/event=0xff/
expect opened uncore_ubox/event=0x42,thresh=0x1f,edge=1/
expect opened uncore_cbox_0/event=0x35,umask=0x3,filter_opc=0x182/
expect opened uncore_qpi_0/event=0x138,umask=0x1/
expect opened uncore_r3qpi_0/event=0x1,thresh=0xff/

# One PMU of each type
TYPES="uncore_ubox uncore_cbox_0 uncore_pcu uncore_imc_0 uncore_qpi_0 uncore_r2pcie uncore_r3qpi_0"
if [ "$E5" = snbep ]; then TYPES="$TYPES uncore_ha"; else TYPES="$TYPES uncore_ha_0 uncore_irp"; fi

for p in $TYPES; do
	# The driver's own bits and the top bit: in no format, refused; but
	# en (22), which Intel PCM sends with every event, is taken alone
	for b in 17 20 22 63; do
		if covered "$p" $b; then
			fail "$p: no format covers config bit $b"; diag "$(grep . "$DEV/$p"/format/*)"
		elif [ $b = 22 ]; then
			expect opened "$p/config=0x400001/"
			expect 22 "$p/config=0x420001/" "$p en (22) with bit 17"
		else
			expect 22 "$p/config=$(bit_config $b)/" "$p bit $b"
		fi
	done
	# the lowest bit 16..31 no format covers (one at least: en 22)
	for b in 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31; do covered "$p" $b || break; done
	case $b in 17 | 20 | 22) ;; *)
		expect 22 "$p/config=$(bit_config $b)/" "$p bit $b, the lowest of 16..31 in no format" ;;
	esac
	# inv only where the box's register has it
	if [ -f "$DEV/$p/format/inv" ]; then
		expect opened "$p/event=0x1,inv=1,thresh=1/"
	else
		expect 22 "$p/config=0x1800001/" "$p has no inv: bit 23 (with thresh=1)"
	fi
	# config1/config2 only where the box has a filter or match register
	has_fmt "$p" config1 || expect 22 "$p/event=0x1,config1=0x1/" "$p has no config1 field"
	has_fmt "$p" config2 || expect 22 "$p/event=0x1,config2=0x1/" "$p has no config2 field"
done

# The U-Box's thresh is 5 bits: bits 29..31 are in no field
expect 22 uncore_ubox/config=0x20000042/ "U-Box thresh bit 29"
# Filter bits the event does not use: a PCU band with a non-band event; a
# QPI match with an event that does not use it
if [ -f $DEV/uncore_pcu/format/filter_band0 ]; then
	expect opened uncore_pcu/event=0xb,filter_band0=0x20/
	expect 22 uncore_pcu/event=0x4,filter_band0=0x20/ "PCU filter_band0 with event 0x4"
else
	fail "uncore_pcu/format/filter_band0 exists"
fi
if has_fmt uncore_qpi_0 config1; then
	expect 22 uncore_qpi_0/event=0x14,config1=0x1/ "QPI match (config1) with event 0x14"
	# match0/mask0 are whole registers: their reserved bits (all but
	# vnw 4:3, opc 8:5, mc 12:9, dnid 17:13 and rnid4 31; in the upper
	# register all but rnid 3:0 and rds 19:16) are refused, not written
	expect 22 uncore_qpi_0/event=0x138,mask0=0x7ffc0006/ "QPI mask0 reserved bits 30:18, 2:1"
	expect 22 uncore_qpi_0/event=0x138,match0=0x1/ "QPI match0 reserved bit 0"
	expect 22 uncore_qpi_0/event=0x138,match1=0x10/ "QPI match1 reserved bit 4"
	expect opened uncore_qpi_0/event=0x138,match0=0x8001fff8,mask1=0xf000f/
else
	fail "uncore_qpi_0 has a match field (config1)"
fi
run_batch
dmesg -c >/dev/null

# The C-Box opcode filter with an event that matches no opcode: refused
# and logged
refused 22 "C-Box filter_opc with event 0x11" -a uncore_cbox_0/event=0x11,filter_opc=0x182/
log=$(e5_newlog)
check "  ... logs a line naming the filter" sh -c "printf '%s\n' \"\$0\" | grep -qiE 'filter|config1'" "$log"
[ -n "$log" ] && printf '%s\n' "$log" | sed 's/^/# log: /'

# Per-task events: an uncore counts for everyone
refused 22 "per-task (perf stat -p 1)" -p 1 uncore_imc_0/event=0x4/
refused 22 "per-thread (perf stat -t 1)" -t 1 uncore_cbox_0/event=0x11/

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
	out=$(perf record -vv -a -F 100 -o /tmp/83.data -e uncore_pcu/event=0x4/ -- true 2>&1)
	check_eq "snbep: perf record -a -F 100 -e uncore_pcu/event=0x4/: errno" "$(e5_errno "$out")" 95
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
