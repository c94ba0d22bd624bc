#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon E5 (snbep) and E5 v2 (ivbep) discovery on the simulator: every PMU
# of issue 7 with its type, cpumask (one CPU per socket) and format/
# entries; no PMU for a box whose PCI function is absent (sim absent=),
# with one info line.  Runs in a VM booted with vm/run --cpu=snbep|ivbep
# (tools/testing/check passes XU_E5_MODEL); skips elsewhere.
. "$(dirname "$0")/lib.sh"

DEV=/sys/bus/event_source/devices

e5_require 80-e5-discovery
dmesg -c >/dev/null
check "load xeon_uncore and xeon_uncore_sim model=$E5" e5_load
e5_newlog | grep '^xeon_uncore' | sed 's/^/# log: /'

want=$(e5_pmus | tr '\n' ' ')
got=$(cd $DEV && ls -d uncore_* 2>/dev/null | LC_ALL=C sort | tr '\n' ' ')
check_eq "$E5: the uncore PMUs of $(e5_sockets) sockets x $(e5_cores) cores" "$got" "$want"

# fmt PMU FIELD: the content of format/FIELD, or "none"
fmt() {
	if [ -f "$DEV/$1/format/$2" ]; then read -r _v <"$DEV/$1/format/$2"; echo "$_v"; else echo none; fi
}

# config_bits PMU: the config (not config1/2) bits its formats cover, one
# per line
config_bits() {
	cat "$DEV/$1"/format/* 2>/dev/null | awk -F: '$1 == "config" {
		n = split($2, r, ",")
		for (i = 1; i <= n; i++) {
			if (split(r[i], lh, "-") == 1) lh[2] = lh[1]
			for (b = lh[1]; b <= lh[2]; b++) print b
		}
	}' | sort -n -u
}

mask=$(e5_cpumask)
types=''
for p in $(e5_pmus); do
	[ -d "$DEV/$p" ] || continue
	t=$(cat "$DEV/$p/type" 2>/dev/null)
	case $t in
	'' | *[!0-9]*) fail "$p/type is a number"; diag "got '$t'" ;;
	*) types="$types $t" ;;
	esac
	check_eq "$p/cpumask: one CPU per socket" "$(cat "$DEV/$p/cpumask" 2>/dev/null)" "$mask"
	b=${p#uncore_}
	# the event select, everywhere; QPI's reaches bit 21 (perf's ExtSel)
	case $b in
	qpi_*) check_eq "$p/format/event" "$(fmt "$p" event)" "config:0-7,21" ;;
	*) check_eq "$p/format/event" "$(fmt "$p" event)" "config:0-7" ;;
	esac
	# umask 15:8, but on the PCU (occ_sel 15:14 instead)
	case $b in
	pcu)
		check_eq "$p/format/umask: none" "$(fmt "$p" umask)" none
		check_eq "$p/format/occ_sel" "$(fmt "$p" occ_sel)" "config:14-15"
		;;
	*) check_eq "$p/format/umask" "$(fmt "$p" umask)" "config:8-15" ;;
	esac
	check_eq "$p/format/edge" "$(fmt "$p" edge)" "config:18"
	# thresh: 5 bits on the U-Box and PCU, 8 elsewhere
	case $b in
	ubox | pcu) check_eq "$p/format/thresh" "$(fmt "$p" thresh)" "config:24-28" ;;
	*) check_eq "$p/format/thresh" "$(fmt "$p" thresh)" "config:24-31" ;;
	esac
	# tid_en: C-Boxes only; their opcode filter where perf's metrics put it
	case $b in
	cbox_*)
		check_eq "$p/format/tid_en" "$(fmt "$p" tid_en)" "config:19"
		if [ "$E5" = snbep ]; then
			check_eq "$p/format/filter_opc" "$(fmt "$p" filter_opc)" "config1:23-31"
		else
			check_eq "$p/format/filter_opc" "$(fmt "$p" filter_opc)" "config1:52-60"
		fi
		;;
	*) check_eq "$p/format/tid_en: none" "$(fmt "$p" tid_en)" none ;;
	esac
	# the driver's own bits: rst 17, ov_en 20, en 22
	own=$(config_bits "$p" | grep -xE '17|20|22' | tr '\n' ' ')
	check_eq "$p: no format covers rst (17), ov_en (20) or en (22)" "$own" ""
done
n=$(echo "$types" | wc -w)
check_eq "$n distinct PMU type numbers" "$(echo "$types" | tr ' ' '\n' | sed '/^$/d' | sort -u | wc -l)" "$n"

# The iMC's cas_count_read/write in MiB, as the in-kernel driver shows them
for e in cas_count_read cas_count_write; do
	check_eq "uncore_imc_0/events/$e.unit" "$(cat $DEV/uncore_imc_0/events/$e.unit 2>/dev/null)" MiB
	check "uncore_imc_0/events/$e.scale is 64 / 2^20" awk -v s="$(cat $DEV/uncore_imc_0/events/$e.scale 2>/dev/null)" \
		'BEGIN { d = s - 6.103515625e-5; exit !(s != "" && d < 1e-12 && d > -1e-12) }'
done
check_eq "uncore_imc_0/events/cas_count_read" \
	"$(cat $DEV/uncore_imc_0/events/cas_count_read 2>/dev/null)" "event=0x04,umask=0x03"

# perf list names every named event of every PMU
list=$(perf list pmu 2>&1)
missing='' n=0
for p in $(e5_pmus); do
	for f in "$DEV/$p"/events/*; do
		e=${f##*/}
		case $e in '*' | *.unit | *.scale | *.snapshot | *.per-pkg) continue ;; esac
		n=$((n + 1))
		printf '%s\n' "$list" | grep -qF "$p/$e/" || missing="$missing $p/$e/"
	done
done
check "there are named events to look for ($n)" test "$n" -gt 0
check_eq "perf list shows all $n named events" "$missing" ""

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module

# A BIOS may hide PCI functions: absent=imc_1 hides iMC channel 1 of every
# socket.  No PMU that reads zero: no uncore_imc_1, one info line.
dmesg -c >/dev/null
check "load xeon_uncore and xeon_uncore_sim model=$E5 absent=imc_1" e5_load -- absent=imc_1
log=$(e5_newlog)
want=$(e5_pmus | grep -vx uncore_imc_1 | tr '\n' ' ')
got=$(cd $DEV && ls -d uncore_* 2>/dev/null | LC_ALL=C sort | tr '\n' ' ')
check_eq "absent=imc_1: every PMU but uncore_imc_1" "$got" "$want"
lines=$(printf '%s\n' "$log" | grep '^xeon_uncore: ' | grep -c 'imc_1')
check_eq "absent=imc_1: one xeon_uncore line names imc_1" "$lines" 1
printf '%s\n' "$log" | grep '^xeon_uncore' | sed 's/^/# log: /'
check "absent=imc_1: perf stat -a uncore_imc_0/cas_count_read/ still counts" \
	sh -c "perf stat -a -x, -e uncore_imc_0/cas_count_read/ -- true 2>&1 | grep -q '^[0-9.]*,MiB,'"
check_eq "no reserved-bit writes (absent=imc_1)" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore (absent=imc_1)" unload_module
finish
