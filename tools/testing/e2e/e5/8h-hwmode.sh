#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The production xeon_uncore, loaded alone as on a server, on the
# simulated silicon of a Xeon E5 (nhmex/8h-hwmode.sh on the Xeon 7500):
# xeon_uncore_sim hw=1 answers every kernel rdmsr/wrmsr of the model's
# MSR boxes (U, C, PCU, S) and IA32_DEBUGCTL bit 13 through the debug
# kernel's MSR hook, and presents its PCI domain; the driver finds the
# platform by the CPU model, probes, and counts MSR and PCI boxes alike
# at the simulator's documented rates (lib.sh e5_expect) through its
# native accessors.
# Needs the debug kernel (the hook) in a guest without the hypervisor
# bit; elsewhere one skip.  No VM of make check has both yet (the script
# is in check's e5_not); by hand, one boot, under a minute under TCG:
#   tools/testing/vm/run --kernel=debug --cpu=ivbep --no-hypervisor \
#     --sockets=2 --add=tools/testing/e2e -- \
#     'XU_E5_MODEL=ivbep sh e2e/e5/8h-hwmode.sh'
. "$(dirname "$0")/../lib.sh"

T=/tmp/8h-e5-hwmode

e5_require e5/8h-hwmode
# shellcheck disable=SC2154 # PLAT_cpu: plat_vars, from the require
if [ "$(e5_cpu_model)" != "$PLAT_cpu" ] || grep -qw hypervisor /proc/cpuinfo; then
	plan 1
	skip "hardware mode: not set up in this VM (a $E5 guest without the hypervisor CPUID bit: vm/run --kernel=debug --cpu=$E5 --no-hypervisor)"
	exit 0
fi
dmesg -c >/dev/null
if ! insmod "$XU_SIM_MODULE" model="$E5" hw=1 2>$T.err; then
	plan 1
	if dmesg | grep -q 'hw=1: this kernel has no MSR hook'; then
		skip "hardware mode: this kernel has no MSR hook (the debug kernel has: vm/run --kernel=debug)"
		exit 0
	fi
	fail "insmod xeon_uncore_sim model=$E5 hw=1"
	sed 's/^/# /' $T.err
	exit 1
fi
S=$(e5_sockets)
NCPU=$(grep -c '^processor' /proc/cpuinfo)
EVS="uncore_ubox/event=0xff/ uncore_cbox_0/event=0x0/ uncore_pcu/event=0x4/ uncore_imc_0/event=0xff/ uncore_imc_0/event=0x4,umask=0x3/ uncore_qpi_0/event=0x14/"
NEV=$(echo $EVS | wc -w)
plan $((10 + S + NEV * S))
trap 'rmmod xeon_uncore 2>/dev/null; rmmod xeon_uncore_sim 2>/dev/null' EXIT
ok "insmod xeon_uncore_sim model=$E5 hw=1"

rdmsr() {
	dd if="/dev/cpu/$1/msr" bs=8 count=1 skip=$(($2)) iflag=skip_bytes 2>/dev/null |
		od -An -tx8 | tr -d ' \n' | grep .
}

check "insmod xeon_uncore, alone" insmod "$XU_MODULE"
dmesg | grep 'xeon_uncore:' | sed 's/^/# dmesg: /'
if dmesg | grep -q "PMUs of $E5 on $S package(s), MSR registers" &&
   ! dmesg | grep -q 'raised no overflow interrupt'; then
	ok "the driver registers its PMUs on MSR registers, as on hardware"
else
	fail "the driver registers its PMUs on MSR registers, as on hardware"
fi
check_eq "no other uncore driver is loaded" "$(grep -c '^intel_uncore ' /proc/modules)" 0
# the PCI boxes of the simulator's domain, held by the driver
check "the PCI boxes are there: uncore_imc_0 and uncore_qpi_0" \
	test -d /sys/bus/event_source/devices/uncore_imc_0 -a -d /sys/bus/event_source/devices/uncore_qpi_0
got=$(awk -F'\t' -v n="$NCPU" 'NR > 1 && $1 < n &&
	($2 != 1 || $4 != 1 || $6 !~ /^xu_debugctl_uncore_pmi\+.*\[xeon_uncore\]$/)' \
	$XU_SIM/debugctl | head -n 3)
check_eq "every CPU's IA32_DEBUGCTL bit 13 set once, by xu_debugctl_uncore_pmi (sim debugfs)" \
	"$got" ""
# the first MSR the model lists, read on a CPU of each socket
for s in $(e5_seq "$S"); do
	c=$(printf '%s\n' "$E5_TOPO" | awk -v p="$s" '$2 == p { print $1; exit }')
	# shellcheck disable=SC2046 # split into $1 $2
	set -- $(awk -v s="$s" '$1 == s { print $2, $3; exit }' $XU_SIM/msr)
	got=$(rdmsr "$c" "$1")
	diag "S$s: CPU $c reads $1 = 0x$got, the simulator holds $2"
	check_eq "S$s: CPU $c reads MSR $1 as the simulator holds it" \
		"$(printf '%d' "0x${got:-x}" 2>/dev/null)" "$(printf '%d' "${2:-x}" 2>/dev/null)"
done

EV=$(echo $EVS | tr ' ' ',')
check "perf stat -a --per-socket -e $EV -- sleep 1" \
	perf stat -a --per-socket -x';' -o $T.stat -e "$EV" -- sleep 1
for s in $(e5_seq "$S"); do
	for e in $EVS; do
		line=$(awk -F';' -v s="S$s" -v e="$e" '$1 == s && $5 == e' $T.stat)
		r=$(e5_expect "$e" "$s")
		want=$(echo "$line" | awk -F';' -v r="$r" '{ printf "%.0f", r * $6 / 1e9 }')
		check_within_pct "S$s $e = $r/s (e5_expect)" "$(echo "$line" | cut -d';' -f3)" "${want:-none}" 2
	done
done

check "rmmod xeon_uncore" rmmod xeon_uncore
check "rmmod xeon_uncore_sim" rmmod xeon_uncore_sim
check_eq "no unchecked MSR access, no kernel warning" \
	"$(dmesg | grep -E 'unchecked MSR|WARNING:|BUG:' | head -n 3)" ""
trap - EXIT
finish
