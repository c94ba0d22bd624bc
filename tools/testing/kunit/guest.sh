#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside the VM (tools/testing/vm/run --kernel=debug): load xeon_uncore
# and xeon_uncore_sim, load the KUnit suites (they run at load time), print
# their results as one KTAP document on stdout, and unload the modules.
# Four passes: the simulated Xeon 7500 (model=nhmex) and Xeon E7
# (model=wsmex) with the suites named xeon_uncore_*, then the simulated
# Xeon E5 v2 (model=ivbep) and Xeon E5 (model=snbep) with the suites
# named xeon_e5_* (kunit's filter_glob picks them).  Exit status 0 only
# if every suite passed.
#
#   tools/testing/vm/run --kernel=debug --add=tools/testing/kunit/guest.sh \
#       -- 'sh /add/guest.sh'

kunit=/sys/kernel/debug/kunit
glob=/sys/module/kunit/parameters/filter_glob
insmod /modules/xeon_uncore.ko || { echo "guest: insmod xeon_uncore failed"; exit 1; }

# The suites must leave the module's simulator as they found it
check_sim() {
	sim=/sys/kernel/debug/xeon_uncore_sim
	[ -d $sim ] || return 0
	[ "$(cat $sim/generator)" = 1 ] ||
		{ echo "guest: $1: the suites left the simulator's generator off"; failed=$((failed + 1)); }
	[ "$(cat $sim/violations)" = 0 ] ||
		{ echo "guest: $1: reserved bits written: $(cat $sim/violations)"; failed=$((failed + 1)); }
}

# Each results file is a KTAP document of one suite ("KTAP version 1",
# "1..1", the suite, "ok 1 <suite>"): merge them, renumbering the suites,
# and naming each after its pass.
failed=0
i=0
body=$(mktemp)
echo "xu-kunit: start" >/dev/kmsg
for pass in nhmex:xeon_uncore_ wsmex:xeon_uncore_ ivbep:xeon_e5_ snbep:xeon_e5_; do
	model=${pass%%:*} prefix=${pass#*:}
	# the host's reader (tools/testing/lib/ktap.py) names the suites of
	# this pass SUITE@MODEL
	echo "xu-kunit: pass $model" >/dev/kmsg
	printf %s "${prefix}*" >$glob || { echo "guest: cannot set kunit.filter_glob"; exit 1; }
	insmod /modules/xeon_uncore_sim.ko model="$model" ||
		{ echo "guest: insmod xeon_uncore_sim model=$model failed"; exit 1; }
	insmod /modules/xeon_uncore_test.ko ||
		{ echo "guest: insmod xeon_uncore_test ($model) failed"; exit 1; }
	suites=$(ls -d "$kunit/$prefix"* 2>/dev/null)
	[ -n "$suites" ] || { echo "guest: no $prefix suites in $kunit"; exit 1; }
	for d in $suites; do
		i=$((i + 1))
		sed -E -e '1,2d' -e "s/^(not ok|ok) 1 ([a-z0-9_]+)\$/\1 $i \2@$model/" \
			"$d/results" >>"$body"
		grep -q "^not ok 1 " "$d/results" && failed=$((failed + 1))
	done
	check_sim "$model"
	rmmod xeon_uncore_test || { echo "guest: rmmod xeon_uncore_test failed"; exit 1; }
	rmmod xeon_uncore_sim || { echo "guest: rmmod xeon_uncore_sim failed"; exit 1; }
done
echo "KTAP version 1"
echo "1..$i"
cat "$body"
rm -f "$body"

rmmod xeon_uncore || { echo "guest: rmmod xeon_uncore failed"; exit 1; }
[ $failed = 0 ] || { echo "guest: $failed failure(s) in $i suites"; exit 1; }
exit 0
