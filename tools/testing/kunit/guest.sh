#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Runs inside the debug-kernel VM (tools/testing/check, layer kunit).
# Loading the test module runs its KUnit suites; their KTAP goes to the
# kernel log, which the host parses.  Exit non-zero if a load fails.
echo "xu-kunit: start" >/dev/kmsg
insmod /modules/xeon_uncore.ko sim=nhmex &&
	insmod /modules/xeon_uncore_test.ko
rc=$?
echo "xu-kunit: end" >/dev/kmsg
exit $rc
