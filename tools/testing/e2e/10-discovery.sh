#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Discovery: the PMUs, their format/ and events/ files, cpumask and
# `perf list`, against Documentation/pmu/nhmex.rst and xeon-uncore.rst.
. "$(dirname "$0")/lib.sh"

DEV=/sys/bus/event_source/devices

check "load xeon_uncore and xeon_uncore_sim" load_module

# The Xeon 7500's boxes (a C-Box per core, 2 here); 90-nhmex-discovery.sh
# checks them in a VM with every C-Box.  This one checks the U- and M-Box.
got=$(cd $DEV && ls -d uncore_* | tr '\n' ' ')
check_eq "uncore PMUs registered" "$got" \
	"uncore_bbox_0 uncore_bbox_1 uncore_cbox_0 uncore_cbox_1 uncore_mbox_0 uncore_mbox_1 uncore_rbox_0 uncore_rbox_1 uncore_sbox_0 uncore_sbox_1 uncore_ubox uncore_wbox "

# dir_eq DESC DIR "name=content;name=content;...": DIR holds exactly these
# files with exactly this content
dir_eq() {
	_want=$(printf '%s\n' "$3" | tr ';' '\n' | sort)
	_got=$(cd "$2" 2>/dev/null && for f in *; do printf '%s=%s\n' "$f" "$(cat "$f")"; done | sort)
	check_eq "$1" "$_got" "$_want"
}

dir_eq "uncore_ubox/format/" $DEV/uncore_ubox/format \
	"event=config:0-7;edge=config:18"
dir_eq "uncore_ubox/events/" $DEV/uncore_ubox/events \
	"buf_valid_local_int=event=0x0;buf_valid_remote_int=event=0x1;buf_valid_lock=event=0x2;buf_valid_stst=event=0x3"

MBOX_FORMAT="count_mode=config:2-3;storage_mode=config:4-5;wrap_mode=config:6;flag_mode=config:7;inc_sel=config:9-13;set_flag_sel=config:19-21"
# the sub-registers (Documentation/pmu/nhmex.rst): config1 31:0 the
# inc_sel's own, 63:32 PLD or a second; ZDP_CTL_FVC event field n at
# 13+3n:11+3n; the address match in config2
MBOX_FORMAT="$MBOX_FORMAT;dsp=config1:0-31;iss=config1:0-31;map=config1:0-31;thr=config1:0-31"
MBOX_FORMAT="$MBOX_FORMAT;pgt=config1:0-31;fvc=config1:0-31;sub2=config1:32-63;pld=config1:32-63"
MBOX_FORMAT="$MBOX_FORMAT;fvc_ev0=config1:11-13;fvc_ev1=config1:14-16;fvc_ev2=config1:17-19;fvc_ev3=config1:20-22"
MBOX_FORMAT="$MBOX_FORMAT;addr_match=config2:0-33;addr_mask=config2:34-60;addr_en=config2:63"
# Named M-Box events wrap at 2^48 (wrap_mode=1) instead of stopping there
MBOX_EVENTS="cycles_mfull=inc_sel=0x01,wrap_mode=1;ma_par_err=inc_sel=0x0c,wrap_mode=1"
MBOX_EVENTS="$MBOX_EVENTS;page_hit=inc_sel=0x14,wrap_mode=1;page_empty=inc_sel=0x15,wrap_mode=1"
MBOX_EVENTS="$MBOX_EVENTS;multicas=inc_sel=0x17,wrap_mode=1;fvid_race=inc_sel=0x18,wrap_mode=1"
MBOX_EVENTS="$MBOX_EVENTS;bbox_cmds_all=inc_sel=0x1a,wrap_mode=1;cycles=inc_sel=0x1b,wrap_mode=1"
MBOX_EVENTS="$MBOX_EVENTS;inflight_cmds=inc_sel=0x1d,wrap_mode=1"
MBOX_EVENTS="$MBOX_EVENTS;cycles_retryq_mfull=inc_sel=0x1b,set_flag_sel=0x3,flag_mode=1,storage_mode=1,wrap_mode=1"
MBOX_EVENTS="$MBOX_EVENTS;cycles_retryq_starved=inc_sel=0x1b,set_flag_sel=0x4,flag_mode=1,storage_mode=1,wrap_mode=1"
# B-Box commands by kind through ZDP_CTL_FVC event field 0 (Nehalem-EX)
MBOX_EVENTS="$MBOX_EVENTS;bbox_cmds_read=inc_sel=0xd,fvc=0x2800,wrap_mode=1"
MBOX_EVENTS="$MBOX_EVENTS;bbox_cmds_write=inc_sel=0xd,fvc=0x2820,wrap_mode=1"
for m in uncore_mbox_0 uncore_mbox_1; do
	dir_eq "$m/format/" $DEV/$m/format "$MBOX_FORMAT"
	dir_eq "$m/events/" $DEV/$m/events "$MBOX_EVENTS"
done

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
