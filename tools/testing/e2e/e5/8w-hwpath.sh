#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The hardware-only paths of xeon_uncore on a Xeon E5 v2: the probe
# (main.c xu_pick_hw, io.c xu_msr_reachable), the native MSR accessors
# (io.c xu_msr_io) and IA32_DEBUGCTL's uncore-PMI enable (io.c
# xu_debugctl_uncore_pmi), in a TCG guest without the hypervisor CPUID
# bit (vm/run --no-hypervisor), where the uncore MSRs answer: TCG reads
# them as 0 and drops what is written.  The kernel's msr:read_msr and
# msr:write_msr tracepoints record every access even so, with its CPU,
# and the checks hold what was written and read to the facts, not to
# the driver's constants:
#   IA32_DEBUGCTL is MSR 0x1d9 (arch/x86/include/asm/msr-index.h), its
#     bit 13 ENABLE_UNCORE_PMI (Intel SDM vol. 4, the IA32_DEBUGCTL row:
#     "enables the logical processor to receive and generate PMI on
#     behalf of the uncore"), so 0x2000 from a DEBUGCTL read as 0;
#   U_MSR_PMON_CTL0 0xc10 and CTR0 0xc16, U_MSR_PMON_GLOBAL_CTL 0xc00
#     with frz_all bit 31 and unfrz_all bit 29, the U-Box counters 44
#     bits wide (linux-source-6.12 uncore_snbep.c), ev_sel 7:0, ov_en
#     bit 20, en bit 22 (329468 Table 2-6), pmi_core_sel 14:0, one bit
#     per core (329468 Table 2-2).
# Needs the VM of e5/8x-mainline (tools/testing/check); elsewhere one skip.
. "$(dirname "$0")/../lib.sh"

T=/tmp/8w-hwpath
TR=/sys/kernel/tracing

e5_require e5/8w-hwpath
if [ "$E5" != ivbep ] || grep -qw hypervisor /proc/cpuinfo; then
	plan 1
	skip "hardware path: not set up in this VM (an IVB-EP guest without the hypervisor CPUID bit: vm/run --cpu=ivbep --no-hypervisor)"
	exit 0
fi
plan 15

[ -d $TR/events ] || mount -t tracefs nodev $TR
trap 'echo 0 >$TR/events/msr/enable 2>/dev/null; rmmod xeon_uncore 2>/dev/null; rmmod xeon_uncore_sim 2>/dev/null' EXIT


NCPU=$(grep -c '^processor' /proc/cpuinfo)
COLL=$(e5_cpumask | tr ',' ' ')
diag "CPUs $NCPU, collecting CPUs $COLL"

# the simulator's PCI domain (attach=0): the PCI boxes the hardware path
# discovers; its MSR boxes stay out of it
insmod "$XU_SIM_MODULE" model=ivbep attach=0 || fail "insmod xeon_uncore_sim attach=0"
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
check "insmod xeon_uncore (no hypervisor bit)" insmod "$XU_MODULE"
take $T.load
dmesg | grep xeon_uncore | sed 's/^/# dmesg: /'
if [ -d /sys/bus/event_source/devices/uncore_ubox ] &&
   dmesg | grep -q 'PMUs of ivbep on .*MSR registers' &&
   ! dmesg | grep -q 'not reachable'; then
	ok "the hardware path registers the MSR PMUs"
else
	fail "the hardware path registers the MSR PMUs"
fi
# the first access: the probe, a read of U_MSR_PMON_CTL0 that does not fault
check_eq "the probe reads U_MSR_PMON_CTL0 (0xc10) first, without a fault" \
	"$(awk '{ print $2, $3, $5; exit }' $T.load)" "r c10 "
# a PMI's delivery is timed at load (pmi_probe.c xu_pmi_probe()), on package
# 0's collecting CPU first: the U-Box fixed counter (U_MSR_PMON_UCLK_FIXED_CTR
# 0xc09, 48 bits wide) set three below its wrap, its control (0xc08)
# written with en bit 22 and ov_en bit 20, then both cleared; TCG raises
# no PMI, so the driver gives up after a second, with one line, and
# times no other package
hwpath_delivery $T.load "the delivery probe: UCLK_FIXED_CTR 2^48 - 3, UCLK_FIXED_CTL en and ov_en, cleared; no PMI, one line" \
	c09 c08 500000 "uncore_ubox counter 2"
# every online CPU: DEBUGCTL read, then bit 13 written onto what was read (0)
got=$(awk '$3 == "1d9" { a[$1] = a[$1] " " $2 ":" $4 } END { for (c in a) print c a[c] }' $T.load | sort -n)
want=$(awk -v n="$NCPU" 'BEGIN { for (c = 0; c < n; c++) print c " r:0 w:2000" }')
if [ "$got" = "$want" ]; then
	ok "every CPU sets IA32_DEBUGCTL (0x1d9) bit 13: writes 0x2000 over a read of 0"
else
	fail "every CPU sets IA32_DEBUGCTL (0x1d9) bit 13: writes 0x2000 over a read of 0"
	printf '%s\n' "$got" | sed 's/^/# got: /'
fi
# each package's U_MSR_PMON_GLOBAL_CTL, last written: unfrozen (unfrz_all,
# not frz_all) with its PMI sent to core 0 of the package (its collecting
# CPU's core, the first); written from the collecting CPU alone
bad=$(awk -v coll=" $COLL " '$2 == "w" && $3 == "c00" {
		if (index(coll, " " $1 " ") == 0) print "from CPU " $1
		last[$1] = $4 }
	END {
		n = split(coll, c, " ")
		for (i = 1; i <= n; i++) {
			v = last[c[i]]
			if (v == "") { print "CPU " c[i] ": none"; continue }
			x = 0
			for (j = 1; j <= length(v); j++)
				x = x * 16 + index("0123456789abcdef", substr(v, j, 1)) - 1
			if (int(x / 536870912) % 2 != 1 || int(x / 2147483648) % 2 != 0 || x % 32768 != 1)
				print "CPU " c[i] ": " v
		}
	}' $T.load 2>&1 || echo 'awk failed')
check_eq "U_MSR_PMON_GLOBAL_CTL (0xc00) unfrozen, PMI to core 0, by the collecting CPUs" "$bad" ""

# ---- 2. counting: uncore_ubox event 0x1 on every package
perf stat -a -x';' -o $T.stat -e uncore_ubox/event=0x1/ -- sleep 0.2 2>$T.err
take $T.count
check_eq "perf stat counts what the native reads returned (0: TCG)" \
	"$(awk -F';' '$3 != "" { print $1; exit }' $T.stat)" 0
bad=$(awk -v coll=" $COLL " '$3 == "c10" || $3 == "c16" {
		if (index(coll, " " $1 " ") == 0) { print "CPU " $1 " " $2 " " $3; next }
		if ($2 == "r" && $3 == "c16") rd[$1]++
		if ($2 == "w" && $3 == "c10") { if ($4 != "0") on[$1] = $4; last[$1] = $4 }
	}
	END {
		n = split(coll, c, " ")
		for (i = 1; i <= n; i++) {
			v = on[c[i]]; x = 0
			for (j = 1; j <= length(v); j++)
				x = x * 16 + index("0123456789abcdef", substr(v, j, 1)) - 1
			if (v == "" || x % 256 != 1 || int(x / 4194304) % 2 != 1)
				print "CPU " c[i] ": enabled as " v
			if (last[c[i]] != "0") print "CPU " c[i] ": left as " last[c[i]]
			if (!rd[c[i]]) print "CPU " c[i] ": CTR0 never read"
		}
	}' $T.count 2>&1 || echo 'awk failed')
check_eq "U_MSR_PMON_CTL0 enabled (en, ev_sel 0x1) and disabled, CTR0 read, on each package" "$bad" ""

# ---- 3. sampling: -c 1000 presets the 44-bit counter 1000 below its wrap
perf record -o $T.data -a -c 1000 -e uncore_ubox/event=0x1/ -- sleep 0.2 >$T.rec 2>&1
take $T.rec
want=$(printf '%x' $(((1 << 44) - 1000)))
bad=$(awk -v coll=" $COLL " -v want="$want" '$2 == "w" && ($3 == "c10" || $3 == "c16") {
		if (index(coll, " " $1 " ") == 0) { print "CPU " $1 " w " $3; next }
		if ($3 == "c16" && $4 == want) pre[$1] = 1
		if ($3 == "c10" && $4 != "0") on[$1] = $4
	}
	END {
		n = split(coll, c, " ")
		for (i = 1; i <= n; i++) {
			if (!pre[c[i]]) print "CPU " c[i] ": no CTR0 preset " want
			v = on[c[i]]; x = 0
			for (j = 1; j <= length(v); j++)
				x = x * 16 + index("0123456789abcdef", substr(v, j, 1)) - 1
			if (v == "" || x % 256 != 1 || int(x / 4194304) % 2 != 1 || int(x / 1048576) % 2 != 1)
				print "CPU " c[i] ": enabled as " v
		}
	}' $T.rec 2>&1 || echo 'awk failed')
check_eq "sampling: CTR0 preset to 2^44 - 1000, CTL0 with ov_en and en, on each package" "$bad" ""

# ---- 4. unload: every CPU reads DEBUGCTL to clear bit 13; TCG kept
# nothing, so there is nothing to write back
check "rmmod xeon_uncore" rmmod xeon_uncore
take $T.unload
check_eq "every CPU reads IA32_DEBUGCTL at unload" \
	"$(awk '$3 == "1d9" && $2 == "r" { c[$1] = 1 } END { n = 0; for (i in c) n++; print n }' $T.unload)" "$NCPU"
check_eq "and writes nothing to it (bit 13 read as clear)" \
	"$(awk '$3 == "1d9" && $2 == "w"' $T.unload | head -n 3)" ""
echo 0 >$TR/events/msr/enable

# ---- 5. no access faulted, and a guest with the simulator attached is
# not touched: the native accessors reach only MSRs that answered
check_eq "no traced MSR access faulted (#GP)" \
	"$(cat $T.load $T.count $T.rec $T.unload | grep '#GP' | head -n 3)" ""
check_eq "the uncore MSRs were written only by their package's collecting CPU" \
	"$(cat $T.load $T.count $T.rec $T.unload | awk -v coll=" $COLL " '
		{ m = $3; x = 0
		  for (j = 1; j <= length(m); j++) x = x * 16 + index("0123456789abcdef", substr(m, j, 1)) - 1 }
		$2 == "w" && x >= 3072 && x < 4096 && index(coll, " " $1 " ") == 0' | head -n 3)" ""
check "rmmod xeon_uncore_sim" rmmod xeon_uncore_sim
trap - EXIT
finish
