#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside the VM (tools/testing/vm/run --kernel=debug): load xeon_uncore
# and xeon_uncore_sim (the simulated Xeon 7500 uncore it drives), load the
# KUnit suites (they run at load time), print their results as one KTAP
# document on stdout, and unload the three modules.  Exit status 0 only if
# every suite passed.
#
#   tools/testing/vm/run --kernel=debug --add=tools/testing/kunit/guest.sh \
#       -- 'sh /add/guest.sh'

kunit=/sys/kernel/debug/kunit

insmod /modules/xeon_uncore.ko || { echo "guest: insmod xeon_uncore failed"; exit 1; }
insmod /modules/xeon_uncore_sim.ko || { echo "guest: insmod xeon_uncore_sim failed"; exit 1; }
insmod /modules/xeon_uncore_test.ko || { echo "guest: insmod xeon_uncore_test failed"; exit 1; }

suites=$(ls -d "$kunit"/xeon_uncore_* 2>/dev/null)
[ -n "$suites" ] || { echo "guest: no xeon_uncore suites in $kunit"; exit 1; }

# Each results file is a KTAP document of one suite ("KTAP version 1",
# "1..1", the suite, "ok 1 <suite>"): merge them, renumbering the suites.
n=0
for d in $suites; do n=$((n + 1)); done
echo "KTAP version 1"
echo "1..$n"
i=0
failed=0
for d in $suites; do
	i=$((i + 1))
	sed -E -e '1,2d' -e "s/^(not ok|ok) 1 ([a-z0-9_]+)\$/\1 $i \2/" "$d/results"
	grep -q "^not ok 1 " "$d/results" && failed=$((failed + 1))
done

# The suites must leave the module's simulator as they found it
sim=/sys/kernel/debug/xeon_uncore_sim
if [ -d $sim ]; then
	[ "$(cat $sim/generator)" = 1 ] ||
		{ echo "guest: the suites left the simulator's generator off"; failed=$((failed + 1)); }
	[ "$(cat $sim/violations)" = 0 ] ||
		{ echo "guest: reserved bits written: $(cat $sim/violations)"; failed=$((failed + 1)); }
fi

rmmod xeon_uncore_test || { echo "guest: rmmod xeon_uncore_test failed"; exit 1; }
rmmod xeon_uncore_sim || { echo "guest: rmmod xeon_uncore_sim failed"; exit 1; }
rmmod xeon_uncore || { echo "guest: rmmod xeon_uncore failed"; exit 1; }
[ $failed = 0 ] || { echo "guest: $failed failure(s) in $n suites"; exit 1; }
exit 0
