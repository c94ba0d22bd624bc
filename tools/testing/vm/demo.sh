#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `make demo`: runs inside a 2-socket debian-6.12 VM on the simulated
# Xeon 7500 uncore, whose event rates are documented in
# Documentation/simulator.rst: M-Box m on socket s counts inc_sel e at
# 100000 * (e + 1) * (2s + m + 1) events per second, the U-Box event e at
# 100000 * (e + 1) * (s + 1).

say() { printf '\n### %s\n' "$*"; }

say "xeon_uncore.ko, then xeon_uncore_sim.ko, which attaches the simulated uncore to it"
insmod /modules/xeon_uncore.ko || exit 1
insmod /modules/xeon_uncore_sim.ko || { rmmod xeon_uncore; exit 1; }
dmesg | grep 'xeon_uncore' | tail -n 2

say "perf list: the uncore PMUs and their named events"
perf list 2>/dev/null | grep uncore_

say "format/ of uncore_mbox_0: every CNT_CTL field a user may set"
grep . /sys/bus/event_source/devices/uncore_mbox_0/format/*
echo "cpumask: $(cat /sys/bus/event_source/devices/uncore_mbox_0/cpumask)"

say "perf stat, 1 s per socket: expect M-Box 0 cycles 2.8M and 8.4M, M-Box 1 page_hit 3.0M and 6.0M, U-Box event 3 0.4M and 0.8M"
perf stat -a --per-socket -e uncore_mbox_0/cycles/,uncore_mbox_1/page_hit/,uncore_ubox/buf_valid_stst/ -- sleep 1

say "the M-Box counting only while a set_flag_sel state holds: cycles_retryq_mfull = 4/8 of cycles"
perf stat -a -e uncore_mbox_0/cycles_retryq_mfull/,uncore_mbox_0/cycles/ -- sleep 1

say "perf record from the uncore PMI (the in-kernel driver refuses this): 100000-event periods"
perf record -q -a -c 100000 -e uncore_mbox_0/cycles/ -o /tmp/demo.data -- sleep 1
perf report -i /tmp/demo.data --stdio --sort cpu 2>/dev/null | grep -v '^#' | grep .
echo "samples: $(perf script -i /tmp/demo.data 2>/dev/null | wc -l) (expect about (2.8M + 8.4M) / 100000 = 112)"

say "PMIs the simulated uncore raised: $(cat /sys/kernel/debug/xeon_uncore_sim/pmis)"
rmmod xeon_uncore_sim
rmmod xeon_uncore
