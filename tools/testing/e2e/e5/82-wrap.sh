#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon E5 / E5 v2: perf stat across 44-bit and 48-bit wraps, with the
# generator off and injected events only.  The table of wraps (every box
# kind, MSR and PCI, general-purpose and fixed counters, 44 and 48 bits,
# the first and the last socket) is KUnit's: xeon_e5_wrap
# (drivers/perf/xeon_uncore/tests/wrap_kunit.c), which reads the count
# after each step.  This script keeps what needs perf stat and time: two
# events (a 44-bit MSR counter on the first socket, a 48-bit PCI counter
# on the last) that no read folds while perf stat runs,
#   both models: 1000 events, four quarter-wraps (2^(w-2) each, half a
#     second apart), 1000 more: one wrap from any start value, and never
#     a whole wrap between two polls of a driver polling every 100 ms
#     (poll_ms=100), which is all SNB-EP has (no uncore PMI);
#   ivbep: then three whole wraps (2^w - 1 each), which only the PMI can
#     fold: a poll would see the counter one event behind.
# Every other socket counts 0.  Then a C-Box event on the last socket
# counts through two whole wraps while that socket's collecting CPU goes
# offline and back: the poll timer follows the collecting CPU.  On ivbep each injection is followed by a
# pause for the PMI: its handler freezes the whole package until its
# walk, and events injected into a frozen counter are not counted (as on
# the hardware), which would take them off the next box's count.
. "$(dirname "$0")/../lib.sh"

OUT=/tmp/82-e5-wrap.csv

e5_require e5/82-wrap
# the load, perf stat, a count per test (2); the PMIs (3 with a PMI,
# ivbep; 1 without, snbep); the hotplug (3); violations, unload
if [ "$PLAT_pmi" = yes ]; then plan 12; else plan 10; fi
check "load xeon_uncore poll_ms=100 and xeon_uncore_sim model=$E5" e5_load poll_ms=100
echo 0 >$XU_SIM/generator

# The NMI handler under TCG takes longer than the kernel's 1 ms "NMI
# handler took too long" threshold (a report for the VM harness)
[ -w /sys/kernel/debug/x86/nmi_longest_ns ] &&
	echo 100000000 >/sys/kernel/debug/x86/nmi_longest_ns

S=$(e5_sockets)
L=$((S - 1))
# SOCKET PMU EVENT (perf's event value) PERF-EVENT, one test per line:
# 44-bit MSR (U-Box), 48-bit PCI (iMC)
TESTS="0 uncore_ubox 0x42 uncore_ubox/event=0x42/
$L uncore_imc_0 0x4 uncore_imc_0/event=0x4,umask=0x3/"

# inject_all WHAT: one injection per test, WHAT = a count, "quarter" or
# "wrap"; prints the shell commands
inject_all() {
	echo "$TESTS" | while read -r s p c e; do
		w=$(e5_width "$p" "$c")
		case $1 in
		quarter) n=$((1 << (w - 2))) ;;
		wrap) n=$(((1 << w) - 1)) ;;
		*) n=$1 ;;
		esac
		echo "echo '$s ${p#uncore_} $c $n' >$XU_SIM/inject"
		[ "$PLAT_pmi" = yes ] && echo "sleep 0.2"
	done
}

script="$(inject_all 1000); sleep 0.5"
for _ in 1 2 3 4; do script="$script; $(inject_all quarter); sleep 0.5"; done
if [ "$PLAT_pmi" = yes ]; then
	for _ in 1 2 3; do script="$script; $(inject_all wrap); sleep 0.5"; done
fi
script="$script; $(inject_all 1000); sleep 0.3"

pmis0=$(cat $XU_SIM/pmis 2>/dev/null)
lost0=$(awk '{ s += $2; n++ } END { if (n) print s }' $XU_SIM/lost_pmis 2>/dev/null)
ev=$(echo "$TESTS" | awk '{ print $4 }' | tr '\n' , | sed 's/,$//')
check "perf stat -a -A of $(echo "$TESTS" | wc -l) events while injecting" \
	perf stat -a -A -x';' -o $OUT -e "$ev" -- sh -c "$script"
pmis1=$(cat $XU_SIM/pmis 2>/dev/null)
lost1=$(awk '{ s += $2; n++ } END { if (n) print s }' $XU_SIM/lost_pmis 2>/dev/null)

while read -r s p c e; do
	w=$(e5_width "$p" "$c")
	want=$((2000 + 4 * (1 << (w - 2))))
	what="2000 + 4 x 2^$((w - 2))"
	if [ "$PLAT_pmi" = yes ]; then
		want=$((want + 3 * ((1 << w) - 1)))
		what="$what + 3 x (2^$w - 1)"
	fi
	got='' expect=''
	for t in $(e5_seq "$S"); do
		n=$(awk -F';' -v c="CPU$(e5_socket_cpu "$t")" -v e="$e" '$1 == c && $4 == e { print $2 }' $OUT)
		got="$got ${n:-none}"
		if [ "$t" = "$s" ]; then expect="$expect $want"; else expect="$expect 0"; fi
	done
	check_eq "$e ($w bits) on socket $s counts $what exactly (sockets 0..$L)" "$got" "$expect"
done <<EOF
$TESTS
EOF

# (debugfs unreadable is a failure, not a reason to check nothing)
if [ -z "$pmis0" ] || [ -z "$pmis1" ]; then
	fail "$E5: the simulator's PMI count ($XU_SIM/pmis) is readable"
	diag "before '$pmis0', after '$pmis1'"
else
	if [ "$PLAT_pmi" = yes ]; then
		check "$E5: the wraps raised PMIs ($pmis0 -> $pmis1)" test "$pmis1" -gt "$pmis0"
		# the PMIs' to fold: none lost, none left to the watchdog
		# (it logs each fold, ratelimited to 10 in 5 s)
		check "$E5: no PMI lost to a masked LVTPC ($lost0 -> $lost1)" \
			test -n "$lost0" -a "$lost1" = "$lost0"
		check_eq "$E5: the watchdog folded none of the wraps (no line of it)" \
			"$(wd_folds)" 0
	else
		check_eq "$E5: no PMI ($pmis0 -> $pmis1)" "$pmis1" "$pmis0"
	fi
fi

# The last socket's collecting CPU goes offline while a C-Box counting
# event there runs through wraps.  C-Box counting events are polled (no
# uncore PMI on SNB-EP; no box status on IVB-EP): the box's poll timer
# must follow the new collecting CPU, or each later wrap is lost.  A
# quarter wrap every half second, 100 ms polls: 2 whole wraps in all.
C=$(e5_socket_cpu "$L")
W=$(e5_width uncore_cbox_0 0x11)
Q=$((1 << (W - 2)))
HP=/tmp/82-e5-hotplug.csv
rm -f /tmp/82-e5-mask $HP
hs="echo '$L cbox_0 0x11 1000' >$XU_SIM/inject; sleep 0.5"
hs="$hs; echo '$L cbox_0 0x11 $Q' >$XU_SIM/inject; sleep 0.5"
hs="$hs; echo 0 >/sys/devices/system/cpu/cpu$C/online; sleep 0.3"
hs="$hs; cat /sys/bus/event_source/devices/uncore_cbox_0/cpumask >/tmp/82-e5-mask"
for _ in 1 2 3 4 5 6; do hs="$hs; echo '$L cbox_0 0x11 $Q' >$XU_SIM/inject; sleep 0.5"; done
hs="$hs; echo 1 >/sys/devices/system/cpu/cpu$C/online; sleep 0.3"
hs="$hs; echo '$L cbox_0 0x11 $Q' >$XU_SIM/inject; sleep 0.5"
if [ "$(cat /sys/devices/system/cpu/cpu$C/online 2>/dev/null)" != 1 ]; then
	fail "socket $L's collecting CPU $C can go offline (no online file, or already offline)"
else
	check "perf stat -a -A uncore_cbox_0/event=0x11/ while CPU $C goes offline and back" \
		perf stat -a -A -x';' -o $HP -e uncore_cbox_0/event=0x11/ -- sh -c "$hs"
	echo 1 >/sys/devices/system/cpu/cpu$C/online 2>/dev/null
	# the cpumask while CPU C was offline: each socket's lowest CPU, but
	# socket L's next one (from the topology, not from the driver)
	want=$(printf '%s\n' "$E5_TOPO" | awk -v c="$C" '
		$1 == c { next }
		!($2 in first) { first[$2] = $1; n++ }
		END { for (p = 0; p < n; p++) printf "%s%s", p ? "," : "", first[p]; print "" }')
	check_eq "CPU $C offline: socket $L's C-Box 0 collects on its next CPU" \
		"$(cat /tmp/82-e5-mask 2>/dev/null || echo 'no cpumask read')" "$want"
	got=$(awk -F';' -v c="CPU$C" '$1 == c && $4 ~ /cbox_0/ { print $2 }' $HP)
	check_eq "uncore_cbox_0/event=0x11/ ($W bits) counts 1000 + 8 x 2^$((W - 2)) across the hotplug" \
		"${got:-none}" "$((1000 + 8 * Q))"
fi

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
