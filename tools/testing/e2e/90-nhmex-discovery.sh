#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon 7500 (nhmex) and E7 (wsmex) discovery on the simulator: every PMU
# of issue 8 (uncore_ubox, uncore_cbox_0..7 or 0..9, uncore_bbox_0/1,
# uncore_sbox_0/1, uncore_mbox_0/1, uncore_rbox_0/1, uncore_wbox), each
# with a type of its own, one CPU per socket in its cpumask and an event
# field in its format/; every named event opens.
. "$(dirname "$0")/lib.sh"

DEV=/sys/bus/event_source/devices

nhmex_require 90-nhmex-discovery
dmesg -c >/dev/null
check "load xeon_uncore and xeon_uncore_sim model=$NX" nhmex_load
e5_newlog | grep '^xeon_uncore' | sed 's/^/# log: /'

want=$(nhmex_pmus | tr '\n' ' ')
got=$(cd $DEV && ls -d uncore_* 2>/dev/null | LC_ALL=C sort | tr '\n' ' ')
check_eq "$NX: the uncore PMUs of $(e5_sockets) sockets" "$got" "$want"

mask=$(e5_cpumask)
types=''
for p in $(nhmex_pmus); do
	if [ ! -d "$DEV/$p" ]; then
		fail "$p registered"
		continue
	fi
	types="$types $(cat "$DEV/$p/type")"
	check_eq "$p/cpumask: one CPU per socket" "$(cat "$DEV/$p/cpumask" 2>/dev/null)" "$mask"
	if [ -f "$DEV/$p/format/event" ] || [ -f "$DEV/$p/format/inc_sel" ]; then
		ok "$p/format/ has its event select"
	else
		fail "$p/format/ has its event select"
		diag "format: $(ls "$DEV/$p/format" 2>/dev/null | tr '\n' ' ')"
	fi
done
n=$(echo "$types" | tr ' ' '\n' | grep -c .)
check_eq "a type number per PMU" "$(echo "$types" | tr ' ' '\n' | grep . | sort -u | wc -l)" "$n"

# Every named event of every PMU opens and counts (perf multiplexes)
all=''
for p in $(nhmex_pmus); do
	[ -d "$DEV/$p/events" ] || continue
	for e in $(ls "$DEV/$p/events" 2>/dev/null); do
		case $e in *.scale | *.unit) continue ;; esac
		all="$all,$p/$e/"
	done
done
# (a perf that fails outright prints no <not supported> line either: every
# event must also have its line with a count)
if [ -z "$all" ]; then
	fail "every named event opens: no PMU has named events"
else
	ne=$(echo "${all#,}" | tr ',' '\n' | wc -l)
	out=$(perf stat -a -x, -e "${all#,}" -- true 2>&1)
	prc=$?
	bad=$(printf '%s\n' "$out" | grep -E '^<not (supported|counted)>' | cut -d, -f3 | tr '\n' ' ')
	check_eq "every named event ($ne) opens" "$bad" ""
	counted=$(printf '%s\n' "$out" | awk -F, '$1 ~ /^[0-9]+(\.[0-9]+)?$/ && $3 ~ /^uncore_/' | wc -l)
	check_eq "every named event ($ne) has its count (perf stat exit $prc)" "$counted $prc" "$ne 0"
	[ "$counted" = "$ne" ] || printf '%s\n' "$out" | tail -n 5 | sed 's/^/# /'
fi

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
