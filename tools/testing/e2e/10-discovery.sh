#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Discovery: the PMUs, a few of their format/ and events/ files, cpumask
# and `perf list`, against Documentation/pmu/nhmex.rst and xeon-uncore.rst.
# The format/ and events/ tables are the KUnit suite xeon_uncore_format's.
. "$(dirname "$0")/lib.sh"

DEV=/sys/bus/event_source/devices

check "load xeon_uncore and xeon_uncore_sim" load_module

# The Xeon 7500's boxes (a C-Box per core, 2 here); 90-nhmex-discovery.sh
# checks them in a VM with every C-Box.  This one checks the U- and M-Box.
got=$(cd $DEV && ls -d uncore_* | tr '\n' ' ')
check_eq "uncore PMUs registered" "$got" \
	"uncore_bbox_0 uncore_bbox_1 uncore_cbox_0 uncore_cbox_1 uncore_mbox_0 uncore_mbox_1 uncore_rbox_0 uncore_rbox_1 uncore_sbox_0 uncore_sbox_1 uncore_ubox uncore_wbox "

# The format/ and events/ tables are KUnit's (xeon_uncore_format, one case
# per file and model, from the show methods perf reads): here, that sysfs
# shows them, one file of each kind and config word
check_eq "uncore_ubox/format/event" "$(cat $DEV/uncore_ubox/format/event)" "config:0-7"
check_eq "uncore_mbox_0/format/inc_sel" "$(cat $DEV/uncore_mbox_0/format/inc_sel)" "config:9-13"
check_eq "uncore_mbox_1/format/fvc_ev0" "$(cat $DEV/uncore_mbox_1/format/fvc_ev0)" "config1:11-13"
check_eq "uncore_mbox_1/format/addr_en" "$(cat $DEV/uncore_mbox_1/format/addr_en)" "config2:63"
check_eq "uncore_ubox/events/buf_valid_stst" \
	"$(cat $DEV/uncore_ubox/events/buf_valid_stst)" "event=0x3"
check_eq "uncore_mbox_0/events/cycles_retryq_mfull" \
	"$(cat $DEV/uncore_mbox_0/events/cycles_retryq_mfull)" \
	"inc_sel=0x1b,set_flag_sel=0x3,flag_mode=1,storage_mode=1,wrap_mode=1"

# One collecting CPU per package: 2 sockets x 2 cores
for p in uncore_ubox uncore_mbox_0 uncore_mbox_1; do
	check_eq "$p/cpumask" "$(cat $DEV/$p/cpumask)" "0,2"
done

types=$(cat $DEV/uncore_ubox/type $DEV/uncore_mbox_0/type $DEV/uncore_mbox_1/type | sort -u | wc -l)
check_eq "three distinct PMU type numbers" "$types" 3

# perf list names every event of every uncore PMU
list=$(perf list pmu 2>&1)
all=""
for p in uncore_ubox uncore_mbox_0 uncore_mbox_1; do
	missing=""
	for e in $(ls $DEV/$p/events); do
		printf '%s\n' "$list" | grep -qF "$p/$e/" || missing="$missing $e"
		all="$all,$p/$e/"
	done
	check_eq "perf list shows every $p event" "$missing" ""
done

# perf accepts and opens every named event (multiplexing is fine here)
out=$(perf stat -a -x, -e "${all#,}" -- true 2>&1)
n=$(printf '%s\n' "$out" | grep -c ',uncore_')
bad=$(printf '%s\n' "$out" | grep -E '^<not supported>' | cut -d, -f3 | tr '\n' ' ')
check_eq "perf stat reports all 30 named events" "$n" 30
check_eq "no named event refused" "$bad" ""

check_eq "no reserved-bit writes" \
	"$(cat /sys/kernel/debug/xeon_uncore_sim/violations)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
