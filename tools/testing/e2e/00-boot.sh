#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The module loads with the simulated Nehalem-EX uncore and registers PMUs.
. "$(dirname "$0")/lib.sh"

check "insmod xeon_uncore.ko sim=nhmex" load_module sim=nhmex
check "uncore_ubox registered in /sys/bus/event_source" \
	test -d /sys/bus/event_source/devices/uncore_ubox
check "rmmod xeon_uncore" rmmod xeon_uncore
finish
