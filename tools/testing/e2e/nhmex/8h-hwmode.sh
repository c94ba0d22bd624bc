#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The production xeon_uncore, loaded alone as on a server, on the
# simulated silicon of a Xeon 7500 / E7: xeon_uncore_sim hw=1 answers
# every kernel rdmsr/wrmsr of the uncore MSRs and IA32_DEBUGCTL bit 13
# through the debug kernel's MSR hook (Documentation/dev-tools/
# msr-hook.rst) and attaches nothing.  The driver must find the platform
# by the CPU model, probe, enable the uncore PMI in every CPU's
# IA32_DEBUGCTL, count at the simulator's documented rates through its
# native accessors (io.c's rdmsrl_safe/wrmsrl_safe), sample by PMI, and
# clear the enable at unload.  The values read back are the simulator's,
# not TCG's zeros: /dev/cpu/N/msr reads them too, and an MSR of the
# claimed ranges that the model does not have faults (EIO) as on
# silicon.
# Needs the debug kernel (the hook) in a guest without the hypervisor
# bit; elsewhere one skip.  No VM of make check has both yet (the script
# is in check's base_not and nhmex_not); by hand, one boot, about a
# minute under TCG:
#   tools/testing/vm/run --kernel=debug --cpu=nhmex --no-hypervisor \
#     --sockets=2 --add=tools/testing/e2e -- \
#     'XU_NHMEX_MODEL=nhmex sh e2e/nhmex/8h-hwmode.sh'
. "$(dirname "$0")/../lib.sh"

T=/tmp/8h-nhmex-hwmode
DATA=$T.data

[ -w /sys/kernel/debug/x86/nmi_longest_ns ] &&
	echo 100000000 >/sys/kernel/debug/x86/nmi_longest_ns

nhmex_require nhmex/8h-hwmode
# shellcheck disable=SC2154 # PLAT_cpu: plat_vars, from the require
if [ "$(e5_cpu_model)" != "$PLAT_cpu" ] || grep -qw hypervisor /proc/cpuinfo; then
	plan 1
	skip "hardware mode: not set up in this VM (a $NX guest without the hypervisor CPUID bit: vm/run --kernel=debug --cpu=$NX --no-hypervisor)"
	exit 0
fi
dmesg -c >/dev/null
if ! insmod "$XU_SIM_MODULE" model="$NX" hw=1 2>$T.err; then
	plan 1
	if dmesg | grep -q 'hw=1: this kernel has no MSR hook'; then
		skip "hardware mode: this kernel has no MSR hook (the debug kernel has: vm/run --kernel=debug)"
		exit 0
	fi
	fail "insmod xeon_uncore_sim model=$NX hw=1"
	sed 's/^/# /' $T.err
	dmesg | tail -n 5 | sed 's/^/# dmesg: /'
	exit 1
fi
S=$(e5_sockets)
NCPU=$(grep -c '^processor' /proc/cpuinfo)
plan $((19 + 6 * S))
trap 'rmmod xeon_uncore 2>/dev/null; rmmod xeon_uncore_sim 2>/dev/null' EXIT
ok "insmod xeon_uncore_sim model=$NX hw=1"
dmesg | grep xeon_uncore_sim | sed 's/^/# dmesg: /'

# rdmsr CPU MSR: the 64-bit value /dev/cpu/CPU/msr reads (hex, 16
# digits), through rdmsr_safe_on_cpu(); fails as the read does
rdmsr() {
	dd if="/dev/cpu/$1/msr" bs=8 count=1 skip=$(($2)) iflag=skip_bytes 2>/dev/null |
		od -An -tx8 | tr -d ' \n' | grep .
}

# ---- 1. the driver alone, as on a server
check "insmod xeon_uncore, alone" insmod "$XU_MODULE"
dmesg | grep 'xeon_uncore:' | sed 's/^/# dmesg: /'
# (the delivery probe at load sees its PMI on every package: a core
# without IA32_DEBUGCTL bit 13 would lose it, "raised no overflow
# interrupt")
if [ -d /sys/bus/event_source/devices/uncore_mbox_0 ] &&
   dmesg | grep -q "PMUs of $NX on $S package(s), MSR registers, overflows by PMI" &&
   ! dmesg | grep -q 'raised no overflow interrupt'; then
	ok "the driver registers its PMUs on MSR registers, overflows by PMI, its delivery probe answered"
else
	fail "the driver registers its PMUs on MSR registers, overflows by PMI, its delivery probe answered"
fi
# the guest has the debug kernel's intel-uncore.ko nowhere it could be
# loaded from: no /lib/modules, no uevent helper (nothing loads by modalias)
check_eq "no other uncore driver is loaded, none can autoload (/lib/modules, uevent_helper)" \
	"$(grep -c '^intel_uncore ' /proc/modules) $(ls -d /lib/modules 2>/dev/null) $(cat /sys/kernel/uevent_helper 2>/dev/null)" "0  "
# every CPU's bit 13 set, by the driver's enable, once (debugctl: cpu,
# uncore_pmi, writes, sets, clears, set_by, cleared_by, tab-separated)
got=$(awk -F'\t' -v n="$NCPU" 'NR > 1 && $1 < n &&
	($2 != 1 || $4 != 1 || $6 !~ /^xu_debugctl_uncore_pmi\+.*\[xeon_uncore\]$/)' \
	$XU_SIM/debugctl | head -n 3)
check_eq "every CPU's IA32_DEBUGCTL bit 13 set once, by xu_debugctl_uncore_pmi (sim debugfs)" \
	"$got" ""
bad=
for c in $(e5_seq "$NCPU"); do
	v=$(rdmsr "$c" 0x1d9) || { bad="$bad $c:fault"; continue; }
	[ $((0x$v & 0x2000)) = 8192 ] || bad="$bad $c:$v"
done
check_eq "every CPU reads IA32_DEBUGCTL (0x1d9) bit 13 set through /dev/cpu/N/msr" "$bad" ""

# ---- 2. the MSRs answer with the simulator's registers, and fault where it has none
# U_MSR_PMON_GLOBAL_CTL (0xc00) as the driver left it, on a CPU of
# each socket, against the simulator's own view of that socket
for s in $(e5_seq "$S"); do
	c=$(printf '%s\n' "$E5_TOPO" | awk -v p="$s" '$2 == p { print $1; exit }')
	want=$(awk -v s="$s" '$1 == s && $2 == "0xc00" { print $3 }' $XU_SIM/msr)
	got=$(rdmsr "$c" 0xc00)
	diag "S$s: CPU $c reads 0xc00 = 0x$got, the simulator holds $want"
	check_eq "S$s: CPU $c reads U_MSR_PMON_GLOBAL_CTL (0xc00) as the simulator holds it" \
		"$(printf '%d' "0x${got:-x}" 2>/dev/null)" "$(printf '%d' "${want:-x}" 2>/dev/null)"
done
# the first MSR of 0xc00..0xfff the model does not have (its msr file
# lists those it has)
hole=$(awk '$1 == 0 { h[$2] = 1 } END {
	for (r = 3072; r < 4096; r++) if (!(sprintf("%#x", r) in h)) { printf "%#x", r; exit } }' $XU_SIM/msr)
diag "an MSR of the claimed range the model does not have: $hole"
if [ -n "$hole" ] && ! rdmsr 0 "$hole" >/dev/null; then
	ok "rdmsr_safe of $hole (claimed, not implemented) faults: /dev/cpu/0/msr EIO"
else
	fail "rdmsr_safe of $hole (claimed, not implemented) faults: /dev/cpu/0/msr EIO"
fi
if dd if=/dev/cpu/0/msr bs=8 count=1 skip=$((hole)) iflag=skip_bytes 2>&1 >/dev/null |
   grep -qiE 'Input/output error|I/O error'; then
	ok "and the error is EIO"
else
	fail "and the error is EIO"
fi

# ---- 3. counting through the native accessors, at the documented rates
EV=uncore_ubox/event=0x3/,uncore_mbox_0/cycles/,uncore_mbox_1/cycles/
check "perf stat -a --per-socket -e $EV -- sleep 1" \
	perf stat -a --per-socket -x';' -o $T.stat -e "$EV" -- sleep 1
for s in $(e5_seq "$S"); do
	for ec in "uncore_ubox/event=0x3/ 3" "uncore_mbox_0/cycles/ 0x1b" "uncore_mbox_1/cycles/ 0x1b"; do
		e=${ec% *} c=${ec#* }
		line=$(awk -F';' -v s="S$s" -v e="$e" '$1 == s && $5 == e' $T.stat)
		r=$(nhmex_rate "${e%%/*}" "$c" "$s")
		want=$(echo "$line" | awk -F';' -v r="$r" '{ printf "%.0f", r * $6 / 1e9 }')
		check_within_pct "S$s $e = $r/s (nhmex_rate)" "$(echo "$line" | cut -d';' -f3)" "${want:-none}" 2
	done
done

# ---- 4. sampling: the PMI through IA32_DEBUGCTL and the NMI handler
EVR=uncore_mbox_0/cycles/
PER=280000
pmis0=$(cat $XU_SIM/pmis)
rec_begin 8h
check "perf record -a -c $PER -e $EVR -- sleep 3" \
	perf record -q -a -c $PER -e $EVR -o $DATA -- sleep 3
rec_end "$EVR" 8h
diag "PMIs raised: $(($(cat $XU_SIM/pmis) - pmis0))"
for s in $(e5_seq "$S"); do
	r=$(nhmex_rate uncore_mbox_0 0x1b "$s")
	# shellcheck disable=SC2046 # split into $1..$4
	set -- $(rec_stats $DATA "$(printf '%s\n' "$E5_TOPO" |
		awk -v p="$s" '$2 == p { printf "%s%s", c, $1; c = "," }')")
	fz=$(rec_frozen_s 8h "$s")
	want=$(rec_want "$r" "$2" "$PER" "$fz")
	diag "S$s: $1 samples over $2 s, want 1 + $want; periods $3..$4; frozen $fz s"
	check_within_pct "S$s: samples - 1 = $r/s * unfrozen span / $PER" "$(($1 - 1))" "$want" 2
	check_eq "S$s: every period is $PER" "$3 $4" "$PER $PER"
done

# ---- 5. unload: the enable cleared on every CPU
check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations)" 0
# once the module is gone its addresses print raw (%pS): where its
# xu_debugctl_uncore_pmi() was, from /proc/kallsyms and a %pS of it
fn_at=$(awk '$3 == "xu_debugctl_uncore_pmi" && $4 == "[xeon_uncore]" { print $1; exit }' /proc/kallsyms)
fn_size=$(awk -F'\t' 'NR == 2 { sub(/^[^\/]*\//, "", $6); sub(/ .*/, "", $6); print $6 }' $XU_SIM/debugctl)
diag "xu_debugctl_uncore_pmi at 0x$fn_at, size $fn_size"
check "rmmod xeon_uncore" rmmod xeon_uncore
# lo32 HEX: the low 32 bits of an address, in decimal (module text lies
# in one 4 GiB window; busybox awk's doubles would round a 64-bit one)
lo32() { printf '%d' "0x$(printf '%s' "${1#0x}" | tail -c 8)"; }
bad=$(awk -F'\t' -v n="$NCPU" 'NR > 1 && $1 < n { print $1, $2, $5, $7 }' $XU_SIM/debugctl |
	while read -r c on clr by; do
		if [ "$on" != 0 ] || [ "$clr" != 1 ] || [ "$by" = - ] || [ -z "$fn_at" ] ||
		   [ $(($(lo32 "$by") - $(lo32 "$fn_at"))) -lt 0 ] ||
		   [ $(($(lo32 "$by") - $(lo32 "$fn_at"))) -ge $((${fn_size:-0})) ]; then
			echo "CPU $c: uncore_pmi $on clears $clr cleared_by $by"
		fi
	done | head -n 3)
check_eq "every CPU's IA32_DEBUGCTL bit 13 cleared once at unload, inside xu_debugctl_uncore_pmi" \
	"$bad" ""
v=$(rdmsr 0 0x1d9)
check_eq "CPU 0 reads IA32_DEBUGCTL bit 13 clear" "$(( 0x${v:-1} & 0x2000 ))" 0
check "rmmod xeon_uncore_sim" rmmod xeon_uncore_sim
v=$(rdmsr 0 0xc00)
check_eq "the MSRs are the CPU's again: 0xc00 reads TCG's 0" "$v" 0000000000000000
check_eq "no unchecked MSR access, no kernel warning" \
	"$(dmesg | grep -E 'unchecked MSR|WARNING:|BUG:' | head -n 3)" ""
trap - EXIT
finish
