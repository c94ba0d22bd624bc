#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Discovery on every simulated platform: every PMU the model has (issue 7
# for Xeon E5 / E5 v2, issue 8 for Xeon 7500 / E7), each with a type of
# its own, one CPU per socket in its cpumask, the model's name in
# platform and its event select in format/; perf list names every named event.  Rows per family:
#   nhmex  (uncore_ubox, uncore_cbox_0..N, uncore_bbox_0/1,
#          uncore_sbox_0/1, uncore_mbox_0/1, uncore_rbox_0/1,
#          uncore_wbox): every named event opens and counts; a few of
#          the U- and M-Box's format/ and events/ files, as
#          Documentation/pmu/nhmex.rst gives them (the whole tables are
#          the KUnit suite xeon_uncore_format's), their cpumask and perf
#          list;
#   e5     every PMU's format/ fields (event, umask or occ_sel, edge,
#          thresh, tid_en and the opcode filter), none covering the
#          driver's own bits; the iMC's CAS events in MiB; no PMU for a
#          box whose PCI function is absent (sim absent=), with one info
#          line.
. "$(dirname "$0")/../lib.sh"

DEV=/sys/bus/event_source/devices

platform_require common/10-discovery
# The plan, from the rows below: P PMUs (C of them C-Boxes)
P=$(plat_pmus | wc -l)
C=$(plat_pmus | grep -c '^uncore_cbox_')
case $FAM in
# the load, the PMU list; 3 per PMU; the types, perf list (2), the named
# events (2), the U- and M-Box's files (6), cpumasks (3), types, perf list
# (3), perf stat (2); violations, unload
nhmex) plan $((2 + 3 * P + 1 + 2 + 2 + 6 + 3 + 1 + 3 + 2 + 2)) ;;
# the load, the PMU list; 8 per PMU, 9 for the PCU and every C-Box; the
# types, perf list (2), the iMC's events (5); violations, unload; absent=
# (6)
e5) plan $((2 + 8 * P + 1 + C + 1 + 2 + 5 + 2 + 6)) ;;
esac
dmesg -c >/dev/null
check "load xeon_uncore and xeon_uncore_sim model=$MODEL" plat_load
e5_newlog | grep '^xeon_uncore' | sed 's/^/# log: /'

want=$(plat_pmus | tr '\n' ' ')
got=$(cd $DEV && ls -d uncore_* 2>/dev/null | LC_ALL=C sort | tr '\n' ' ')
check_eq "$MODEL: the uncore PMUs of $(e5_sockets) sockets x $(e5_cores) cores" "$got" "$want"

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

# e5_formats PMU: the E5 rows of one PMU's format/
e5_formats() {
	p=$1 b=${1#uncore_}
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
		# (the platform's opc: config1:23-31 SNB-EP, 52-60 IVB-EP)
		check_eq "$p/format/filter_opc" "$(fmt "$p" filter_opc)" "$PLAT_opc"
		;;
	# (and the S-Boxes', which have no filter)
	sbox_*) check_eq "$p/format/tid_en" "$(fmt "$p" tid_en)" "config:19" ;;
	*) check_eq "$p/format/tid_en: none" "$(fmt "$p" tid_en)" none ;;
	esac
	# the driver's own bits: rst 17, ov_en 20, en 22
	own=$(config_bits "$p" | grep -xE '17|20|22' | tr '\n' ' ')
	check_eq "$p: no format covers rst (17), ov_en (20) or en (22)" "$own" ""
}

# every PMU: a type number, the cpumask, the event select (nhmex) or
# every field (e5)
mask=$(e5_cpumask)
types=''
badtype=''
for p in $(plat_pmus); do
	# (a PMU missing fails the list above, and each row below)
	t=$(cat "$DEV/$p/type" 2>/dev/null)
	case $t in
	'' | *[!0-9]*) badtype="$badtype $p='$t'" ;;
	*) types="$types $t" ;;
	esac
	check_eq "$p/cpumask: one CPU per socket" "$(cat "$DEV/$p/cpumask" 2>/dev/null)" "$mask"
	check_eq "$p/platform: the model loaded" "$(cat "$DEV/$p/platform" 2>/dev/null)" "$MODEL"
	case $FAM in
	e5) e5_formats "$p" ;;
	nhmex)
		if [ -f "$DEV/$p/format/event" ] || [ -f "$DEV/$p/format/inc_sel" ]; then
			ok "$p/format/ has its event select"
		else
			fail "$p/format/ has its event select"
			diag "format: $(ls "$DEV/$p/format" 2>/dev/null | tr '\n' ' ')"
		fi
		;;
	esac
done
n=$(echo "$types" | wc -w)
check_eq "a distinct type number per PMU ($P)" \
	"$(echo "$types" | tr ' ' '\n' | sed '/^$/d' | sort -u | wc -l)${badtype:+, not a number:$badtype}" "$P"

# perf list names every named event of every PMU
list=$(perf list pmu 2>&1)
missing='' n=0
for p in $(plat_pmus); do
	for f in "$DEV/$p"/events/*; do
		e=${f##*/}
		case $e in '*' | *.unit | *.scale | *.snapshot | *.per-pkg) continue ;; esac
		n=$((n + 1))
		printf '%s\n' "$list" | grep -qF "$p/$e/" || missing="$missing $p/$e/"
	done
done
check "there are named events to look for ($n)" test "$n" -gt 0
check_eq "perf list shows all $n named events" "$missing" ""

case $FAM in
nhmex)
	# Every named event of every PMU opens and counts (perf
	# multiplexes).  (A perf that fails outright prints no <not
	# supported> line either: every event must also have its line with
	# a count.)  The run must give perf's rotation time to bring every
	# event in: it moves one event of a PMU per mux interval (4 ms),
	# and an M-Box has 13 named events for 6 counters, so a run as
	# short as true's (about 50 ms under TCG) can end before an event
	# had its turn (<not counted>); half a second is ten rounds.
	all=''
	for p in $(plat_pmus); do
		[ -d "$DEV/$p/events" ] || continue
		for e in $(ls "$DEV/$p/events" 2>/dev/null); do
			case $e in *.scale | *.unit) continue ;; esac
			all="$all,$p/$e/"
		done
	done
	if [ -z "$all" ]; then
		fail "every named event opens: no PMU has named events"
		fail "every named event has its count: no PMU has named events"
	else
		ne=$(echo "${all#,}" | tr ',' '\n' | wc -l)
		out=$(perf stat -a -x, -e "${all#,}" -- sleep 0.5 2>&1)
		prc=$?
		bad=$(printf '%s\n' "$out" | grep -E '^<not (supported|counted)>' | cut -d, -f3 | tr '\n' ' ')
		check_eq "every named event ($ne) opens" "$bad" ""
		counted=$(printf '%s\n' "$out" | awk -F, '$1 ~ /^[0-9]+(\.[0-9]+)?$/ && $3 ~ /^uncore_/' | wc -l)
		check_eq "every named event ($ne) has its count (perf stat exit $prc)" "$counted $prc" "$ne 0"
		[ "$counted" = "$ne" ] || printf '%s\n' "$out" | tail -n 5 | sed 's/^/# /'
	fi

	# The U- and M-Box's files as Documentation/pmu/nhmex.rst gives
	# them (the format/ and events/ tables are KUnit's, xeon_uncore_format,
	# one case per file and model: here, that sysfs shows them, one file
	# of each kind and config word)
	check_eq "uncore_ubox/format/event" "$(cat $DEV/uncore_ubox/format/event)" "config:0-7"
	check_eq "uncore_mbox_0/format/inc_sel" "$(cat $DEV/uncore_mbox_0/format/inc_sel)" "config:9-13"
	# (FVC's fields sit one bit higher on Westmere-EX: xeon_uncore_format;
	# the platform's fvc)
	check_eq "uncore_mbox_1/format/fvc_ev0" "$(cat $DEV/uncore_mbox_1/format/fvc_ev0)" "$PLAT_fvc"
	check_eq "uncore_mbox_1/format/addr_en" "$(cat $DEV/uncore_mbox_1/format/addr_en)" "config2:63"
	check_eq "uncore_ubox/events/buf_valid_stst" \
		"$(cat $DEV/uncore_ubox/events/buf_valid_stst)" "event=0x3"
	check_eq "uncore_mbox_0/events/cycles_retryq_mfull" \
		"$(cat $DEV/uncore_mbox_0/events/cycles_retryq_mfull)" \
		"inc_sel=0x1b,set_flag_sel=0x3,flag_mode=1,storage_mode=1,wrap_mode=1"
	# one collecting CPU per package, the lowest of each
	for p in uncore_ubox uncore_mbox_0 uncore_mbox_1; do
		check_eq "$p/cpumask" "$(cat $DEV/$p/cpumask)" "$mask"
	done
	types=$(cat $DEV/uncore_ubox/type $DEV/uncore_mbox_0/type $DEV/uncore_mbox_1/type | sort -u | wc -l)
	check_eq "three distinct PMU type numbers" "$types" 3
	# perf list names every event of the U- and M-Boxes, and perf
	# accepts and opens all 30 (multiplexing is fine here)
	all=""
	for p in uncore_ubox uncore_mbox_0 uncore_mbox_1; do
		missing=""
		for e in $(ls $DEV/$p/events); do
			printf '%s\n' "$list" | grep -qF "$p/$e/" || missing="$missing $e"
			all="$all,$p/$e/"
		done
		check_eq "perf list shows every $p event" "$missing" ""
	done
	out=$(perf stat -a -x, -e "${all#,}" -- true 2>&1)
	n=$(printf '%s\n' "$out" | grep -c ',uncore_')
	bad=$(printf '%s\n' "$out" | grep -E '^<not supported>' | cut -d, -f3 | tr '\n' ' ')
	check_eq "perf stat reports all 30 named events" "$n" 30
	check_eq "no named event refused" "$bad" ""
	;;
e5)
	# The iMC's cas_count_read/write in MiB, as the in-kernel driver
	# shows them
	for e in cas_count_read cas_count_write; do
		check_eq "uncore_imc_0/events/$e.unit" "$(cat $DEV/uncore_imc_0/events/$e.unit 2>/dev/null)" MiB
		check "uncore_imc_0/events/$e.scale is 64 / 2^20" awk -v s="$(cat $DEV/uncore_imc_0/events/$e.scale 2>/dev/null)" \
			'BEGIN { d = s - 6.103515625e-5; exit !(s != "" && d < 1e-12 && d > -1e-12) }'
	done
	check_eq "uncore_imc_0/events/cas_count_read" \
		"$(cat $DEV/uncore_imc_0/events/cas_count_read 2>/dev/null)" "event=0x04,umask=0x03"
	;;
esac

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module

if [ $FAM = e5 ]; then
	# A BIOS may hide PCI functions: absent=imc_1 hides iMC channel 1
	# of every socket.  No PMU that reads zero: no uncore_imc_1, one
	# info line.
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
fi
finish
