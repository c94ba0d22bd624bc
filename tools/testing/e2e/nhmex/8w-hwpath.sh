#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The hardware-only paths of xeon_uncore on a Xeon 7500 / E7, as
# e5/8w-hwpath.sh on the E5 v2: the probe, the native MSR accessors and
# IA32_DEBUGCTL's uncore-PMI enable, in a TCG guest without the
# hypervisor CPUID bit (vm/run --cpu=nhmex --no-hypervisor), where the
# uncore MSRs read 0 and drop writes and xeon_uncore takes them for the
# hardware's (no simulator is loaded).  The msr:read_msr and
# msr:write_msr tracepoints record every access with its CPU; the checks
# hold them to the facts, not to the driver's constants:
#   IA32_DEBUGCTL 0x1d9 bit 13 ENABLE_UNCORE_PMI (SDM vol. 4), 0x2000
#     written over a read of 0;
#   U_MSR_PMON_GLOBAL_CTL 0xc00: en bit 0, pmi_core_sel bits 4:1, en_all
#     bit 28; U_MSR_PMON_EV_SEL 0xc10; M-Box 0 GLOBAL_CTL 0xca0 (one
#     ctr_en bit per counter, 6 counters), PMU_CNT_CTL0 0xcb0 and CNT0
#     0xcb1: en bit 0, inc_sel bits 13:9 (linux-source-6.12
#     uncore_nhmex.c; 323535 Tables 2-2 and 2-64..2-67).
# Needs a VM booted that way (tools/testing/check: the first nhmex line's
# -hwpath VM); elsewhere one skip.
. "$(dirname "$0")/../lib.sh"

T=/tmp/8w-nhmex-hwpath
TR=/sys/kernel/tracing

nhmex_require nhmex/8w-hwpath
if [ "$(e5_cpu_model)" != 46 ] && [ "$(e5_cpu_model)" != 47 ] ||
   grep -qw hypervisor /proc/cpuinfo; then
	plan 1
	skip "hardware path: not set up in this VM (a Xeon 7500 / E7 guest without the hypervisor CPUID bit: vm/run --cpu=nhmex --no-hypervisor)"
	exit 0
fi
plan 12

[ -d $TR/events ] || mount -t tracefs nodev $TR
trap 'echo 0 >$TR/events/msr/enable 2>/dev/null; rmmod xeon_uncore 2>/dev/null' EXIT


# hex VALUE: VALUE (hex, as the tracepoint prints it) in decimal, in awk
HEX='function hex(v,  x, j) { x = 0; for (j = 1; j <= length(v); j++) x = x * 16 + index("0123456789abcdef", substr(v, j, 1)) - 1; return x }'

NCPU=$(grep -c '^processor' /proc/cpuinfo)
COLL=$(e5_cpumask | tr ',' ' ')
diag "CPUs $NCPU, collecting CPUs $COLL"
echo 0 >$TR/tracing_on
echo >$TR/trace
# only MSRs below 0xc0000000: the FS/GS bases that every context
# switch writes on CPU models without FSGSBASE would fill the buffers
echo 'msr < 3221225472' >$TR/events/msr/filter
echo 4096 >$TR/buffer_size_kb
echo 1 >$TR/events/msr/read_msr/enable
echo 1 >$TR/events/msr/write_msr/enable
echo 1 >$TR/tracing_on
dmesg -c >/dev/null

# ---- 1. the probe and the load
check "insmod xeon_uncore (no hypervisor bit, no simulator)" insmod "$XU_MODULE"
take $T.load
dmesg | grep xeon_uncore | sed 's/^/# dmesg: /'
if [ -d /sys/bus/event_source/devices/uncore_mbox_0 ] &&
   dmesg | grep -q "PMUs of $NX on .*MSR registers"; then
	ok "the hardware path registers the MSR PMUs"
else
	fail "the hardware path registers the MSR PMUs"
fi
check_eq "the probe reads U_MSR_PMON_EV_SEL (0xc10) first, without a fault" \
	"$(awk '{ print $2, $3, $5; exit }' $T.load)" "r c10 "
# a PMI's delivery is timed at load (pmi_probe.c xu_pmi_probe()), on package
# 0's collecting CPU first: M-Box 0's CNT0 (0xcb1, 48 bits wide) set
# three below its wrap, PMU_CNT_CTL0 (0xcb0) written with en bit 0,
# pmi_en bit 1, wrap_mode bit 6 and inc_sel 0x1b (bits 13:9, the M-Box
# clock: mainline's "cycles"), 0x3643, then both cleared; TCG raises no
# PMI, so the driver gives up after a second, with one line, and times
# no other package
hwpath_delivery $T.load "the delivery probe: M-Box 0 CNT0 2^48 - 3, CNT_CTL0 en, pmi_en, wrap_mode, inc_sel 0x1b, cleared; no PMI, one line" \
	cb1 cb0 3643 "uncore_mbox_0 counter 0"
got=$(awk '$3 == "1d9" { a[$1] = a[$1] " " $2 ":" $4 } END { for (c in a) print c a[c] }' $T.load | sort -n)
want=$(awk -v n="$NCPU" 'BEGIN { for (c = 0; c < n; c++) print c " r:0 w:2000" }')
if [ "$got" = "$want" ]; then
	ok "every CPU sets IA32_DEBUGCTL (0x1d9) bit 13: writes 0x2000 over a read of 0"
else
	fail "every CPU sets IA32_DEBUGCTL (0x1d9) bit 13: writes 0x2000 over a read of 0"
	printf '%s\n' "$got" | sed 's/^/# got: /'
fi

# ---- 2. counting: M-Box 0 inc_sel 0x1b on every package
perf stat -a -x';' -o $T.stat -e uncore_mbox_0/inc_sel=0x1b/ -- sleep 0.2 2>$T.err
take $T.count
check_eq "perf stat counts what the native reads returned (0: TCG)" \
	"$(awk -F';' '$3 != "" { print $1; exit }' $T.stat)" 0
# M-Box 0's GLOBAL_CTL holds its counters' enables from the box's set-up
# at load on (a single event's start need not write it again): its last
# write, at load or while counting, must enable counter 0
bad=$(awk -v coll=" $COLL " -v load=$T.load "$HEX"'
	FILENAME == load && !($2 == "w" && $3 == "ca0") { next }
	$2 == "w" && ($3 == "c00" || $3 == "ca0" || $3 == "cb0") {
		if (index(coll, " " $1 " ") == 0) { print "CPU " $1 " w " $3; next }
		if ($4 != "0") on[$1 " " $3] = $4
		last[$1 " " $3] = $4 }
	$2 == "r" && $3 == "cb1" { rd[$1]++ }
	END {
		n = split(coll, c, " ")
		for (i = 1; i <= n; i++) {
			g = hex(on[c[i] " c00"]); m = hex(on[c[i] " ca0"]); e = hex(on[c[i] " cb0"])
			if (g % 2 != 1 || int(g / 268435456) % 2 != 1 || int(g / 2) % 16 != 1)
				print "CPU " c[i] ": U GLOBAL_CTL " on[c[i] " c00"]
			if (m % 2 != 1 || hex(last[c[i] " ca0"]) % 2 != 1)
				print "CPU " c[i] ": M0 GLOBAL_CTL " on[c[i] " ca0"] " last " last[c[i] " ca0"]
			if (e % 2 != 1 || int(e / 512) % 32 != 27)
				print "CPU " c[i] ": PMU_CNT_CTL0 " on[c[i] " cb0"]
			if (last[c[i] " cb0"] != "0") print "CPU " c[i] ": CNT_CTL0 left " last[c[i] " cb0"]
			if (!rd[c[i]]) print "CPU " c[i] ": CNT0 never read"
		}
	}' $T.load $T.count 2>&1 || echo 'awk failed')
check_eq "U GLOBAL_CTL (en, en_all, PMI to core 0), M-Box 0 counter 0 (en, inc_sel 0x1b) set, read and cleared, M-Box 0 enabled, on each package" "$bad" ""

# ---- 3. unload
check "rmmod xeon_uncore" rmmod xeon_uncore
take $T.unload
check_eq "every CPU reads IA32_DEBUGCTL at unload" \
	"$(awk '$3 == "1d9" && $2 == "r" { c[$1] = 1 } END { n = 0; for (i in c) n++; print n }' $T.unload)" "$NCPU"
check_eq "and writes nothing to it (bit 13 read as clear)" \
	"$(awk '$3 == "1d9" && $2 == "w"' $T.unload | head -n 3)" ""
echo 0 >$TR/events/msr/enable
check_eq "no traced MSR access faulted (#GP)" \
	"$(cat $T.load $T.count $T.unload | grep '#GP' | head -n 3)" ""
check_eq "the uncore MSRs were written only by their package's collecting CPU" \
	"$(cat $T.load $T.count $T.unload | awk -v coll=" $COLL " "$HEX"'
		$2 == "w" && hex($3) >= 3072 && hex($3) < 4096 && index(coll, " " $1 " ") == 0' | head -n 3)" ""
trap - EXIT
finish
