#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The fuzzer (tools/testing/fuzz/xu_fuzz, Documentation/dev-tools/fuzz.rst)
# on every PMU of every simulated platform: random attrs in and outside
# the formats, groups, ioctls, reads, mmaps, closes, CPU hotplug, rmmod
# attempts and a reload, a number of operations per model (xu_fuzz -n:
# OPS below, set per kernel), so that what a model's run reaches (the
# events opened, the PMUs with one) depends on its seed, not on the
# host's speed; a wall-clock limit (-t, GUARD below) is a hang guard
# only, and a run that hits it fails.  Its oracles (no bit outside the
# formats opens, reads succeed and counts never go backward, group
# reads' nr, no unload while in use, every PMU back after a reload, no
# reserved-bit write) make it exit 1; the harness fails the run on any
# kernel report.
# XU_FUZZ_SEED=N replays: model i runs with seed N + i; XU_FUZZ_OPS sets
# the operations per model, XU_FUZZ_GUARD the hang guard (seconds).
. "$(dirname "$0")/../lib.sh"

# The NMI bound vm/run sets for TCG (1 s), not the 100 ms that 70-72 set
# for their sampling runs and leave behind: the fuzzer takes CPUs offline
# and online, and under TCG a PMI taken while the other vCPUs ran
# stop_machine has been seen to last 409 ms (its cause unproven)
[ -w /sys/kernel/debug/x86/nmi_longest_ns ] &&
	echo 1000000000 >/sys/kernel/debug/x86/nmi_longest_ns

FUZZ=$(dirname "$0")/../../xu_fuzz
# Operations per model: about the time the time-bound runs before took
# (12 s per model on the debug kernel, 6 s on Debian's) under TCG on a
# 2-core host, where an operation is 1.05 system calls and a second
# makes 440 (ivbep) to 930 (wsmex) operations on the debug kernel, 5,200
# to 7,000 on Debian's 6.1.  The guard: about ten times the slowest
# model's time.  (Documentation/dev-tools/fuzz.rst, Figures.)
# the debug kernel: KASAN (Debian's kernels have neither it nor kmemleak)
if [ -e /sys/kernel/debug/kmemleak ] || grep -q ' kasan_report$' /proc/kallsyms; then
	OPS=${XU_FUZZ_OPS:-8000} GUARD=${XU_FUZZ_GUARD:-180} kind=debug
else
	OPS=${XU_FUZZ_OPS:-40000} GUARD=${XU_FUZZ_GUARD:-90} kind=release
fi
SEED=${XU_FUZZ_SEED:-$(date +%s)}
# the fewest events a model must open in its run (a fuzzer that opens
# nothing fuzzes nothing)
FLOOR=200

# 8 results per model: every platform of tools/testing/platforms
MODELS=$(plat_names)
plan $((8 * $(echo "$MODELS" | wc -w)))
if [ ! -x "$FUZZ" ]; then
	fail "xu_fuzz in /add (make -C tools/testing/fuzz OUT=...)"
	finish
fi
ncpu=$(ls -d /sys/devices/system/cpu/cpu[0-9]* | wc -l)
diag "xu_fuzz: $kind kernel $(uname -r), $OPS operations per model (hang guard $GUARD s), seed $SEED, $ncpu CPUs"

# fig NAME: the figure NAME=... of the last run's summary line
fig() { printf '%s\n' "$sum" | tr ' ' '\n' | sed -n "s/^$1=//p"; }

i=0
for m in $MODELS; do
	seed=$((SEED + i))
	i=$((i + 1))
	if ! insmod "$XU_MODULE" || ! insmod "$XU_SIM_MODULE" model=$m; then
		fail "$m: load xeon_uncore and xeon_uncore_sim model=$m"
		rmmod xeon_uncore 2>/dev/null
		continue
	fi
	t0=$(date +%s)
	out=$("$FUZZ" -n "$OPS" -t "$GUARD" -s "$seed" 2>&1)
	rc=$?
	printf '%s\n' "$out" | sed 's/^/# /'
	sum=$(printf '%s\n' "$out" | grep '^xu_fuzz: seed=.* syscalls=' | tail -n 1)
	diag "$m: $(($(date +%s) - t0)) s"
	check_eq "$m: xu_fuzz -n $OPS -t $GUARD -s $seed exits 0" "$rc" 0
	# exit 3 too, but said plainly: the guard is no bound of the run
	check_eq "$m: $OPS operations within the $GUARD s hang guard ($(fig secs) s)" \
		"$(fig ops)" "$OPS"
	check_eq "$m: no oracle violation" "$(fig oracle_violations)" 0
	opened=$(fig opened)
	check "$m: xu_fuzz opened at least $FLOOR events (opened ${opened:-none})" \
		test "${opened:-0}" -ge $FLOOR
	check_eq "$m: an event opened on every PMU ($(fig pmus) PMUs)" \
		"$(fig pmus_opened)" "$(fig pmus)"
	check "$m: the modules were unloaded and loaded again ($(fig reloads))" \
		test "$(fig reloads)" -ge 1
	check "$m: unload" unload_module
	offline=
	for c in /sys/devices/system/cpu/cpu[1-9]*; do
		[ "$(cat "$c/online")" = 1 ] || offline="$offline ${c##*cpu}"
	done
	check_eq "$m: every CPU online again" "$offline" ""
done
finish
