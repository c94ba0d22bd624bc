#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs inside the VM (tools/testing/vm/run --kernel=debug): load xeon_uncore
# and xeon_uncore_sim with model=none (no simulated uncore of its own:
# each case of the suites attaches a simulator of its platform, one of the
# four, its parameter), load the KUnit suites (they run at load time),
# print their results as one KTAP document on stdout, and unload the
# modules.  One pass, named "all" (kunit's filter_glob picks the suites
# named xeon_*, or those GLOB names).  Exit status 0 only if every suite
# passed.
#
#   tools/testing/vm/run --kernel=debug --add=tools/testing/kunit/guest.sh \
#       -- 'sh /add/guest.sh [GLOB]'

kunit=/sys/kernel/debug/kunit
glob=/sys/module/kunit/parameters/filter_glob
pass=all
only=${1:-xeon_*}
insmod /modules/xeon_uncore.ko || { echo "guest: insmod xeon_uncore failed"; exit 1; }

# Each results file is a KTAP document of one suite ("KTAP version 1",
# "1..1", the suite, "ok 1 <suite>"): merge them, renumbering the suites,
# and naming each after the pass.
failed=0
i=0
body=$(mktemp)
echo "xu-kunit: start" >/dev/kmsg
# the host's reader (tools/testing/lib/ktap.py) names the suites SUITE@all
echo "xu-kunit: pass $pass" >/dev/kmsg
printf %s "$only" >$glob || { echo "guest: cannot set kunit.filter_glob"; exit 1; }
insmod /modules/xeon_uncore_sim.ko model=none ||
	{ echo "guest: insmod xeon_uncore_sim model=none failed"; exit 1; }
insmod /modules/xeon_uncore_test.ko || { echo "guest: insmod xeon_uncore_test failed"; exit 1; }
suites=$(ls -d "$kunit/xeon_"* 2>/dev/null)
[ -n "$suites" ] || { echo "guest: no xeon_ suites in $kunit"; exit 1; }
for d in $suites; do
	i=$((i + 1))
	sed -E -e '1,2d' -e "s/^(not ok|ok) 1 ([a-z0-9_]+)\$/\1 $i \2@$pass/" \
		"$d/results" >>"$body"
	grep -q "^not ok 1 " "$d/results" && failed=$((failed + 1))
done
# the suites detached every simulator they attached: no PMU of ours left
left=$(ls /sys/bus/event_source/devices | grep '^uncore_')
[ -z "$left" ] ||
	{ echo "guest: PMUs left registered after the suites:" $left; failed=$((failed + 1)); }
rmmod xeon_uncore_test || { echo "guest: rmmod xeon_uncore_test failed"; exit 1; }
rmmod xeon_uncore_sim || { echo "guest: rmmod xeon_uncore_sim failed"; exit 1; }
echo "KTAP version 1"
echo "1..$i"
cat "$body"
rm -f "$body"

rmmod xeon_uncore || { echo "guest: rmmod xeon_uncore failed"; exit 1; }
[ $failed = 0 ] || { echo "guest: $failed failure(s) in $i suites"; exit 1; }
exit 0
