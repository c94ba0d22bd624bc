#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The module loads with the simulated Nehalem-EX uncore and registers PMUs.
. "$(dirname "$0")/../lib.sh"

plan 3
check "load xeon_uncore and xeon_uncore_sim" load_module
check "uncore_ubox registered in /sys/bus/event_source" \
	test -d /sys/bus/event_source/devices/uncore_ubox
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
