#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `make demo`, second part: runs inside a 2-socket debian-6.12 VM whose
# CPU is a Xeon E5-2600 v2 (family 6 model 62, so perf's ivytown aliases
# apply), on the simulated Ivy Bridge-EP uncore.  Documentation/
# simulator.rst gives its rates: a general-purpose counter of box idx on
# socket s counts event e at 100000 * ((e & 7) + 1) * (s + idx + 1) per
# second, the U-Box UCLK fixed counter 1000000 * (s + 1).

say() { printf '\n### %s\n' "$*"; }

say "xeon_uncore.ko, then xeon_uncore_sim.ko model=ivbep: MSR boxes and a PCI domain of its own"
insmod /modules/xeon_uncore.ko || exit 1
insmod /modules/xeon_uncore_sim.ko model=ivbep || { rmmod xeon_uncore; exit 1; }
dmesg | grep 'xeon_uncore' | tail -n 1
echo "simulated PCI functions: $(ls /sys/bus/pci/devices | grep -c "^10000:")"

say "the PMUs, named as perf's ivytown tables and libpfm4 expect"
ls /sys/bus/event_source/devices/ | grep uncore_ | tr '\n' ' '; echo

say "perf's own alias, every iMC channel of each socket: expect 18M and 22M per second"
perf stat -a --per-socket -e unc_m_cas_count.rd -- sleep 1

say "the named event with its scale: expect 30.5 MiB and 61.0 MiB per second on channel 0"
perf stat -a --per-socket -e uncore_imc_0/cas_count_read/,uncore_ubox/event=0xff/ -- sleep 1

say "perf record from the IVB-EP uncore PMI: expect about (200000 + 400000) / 100000 = 6 samples"
perf record -q -a -c 100000 -e uncore_imc_0/event=0x1/ -o /tmp/demo.data -- sleep 1
echo "samples: $(perf script -i /tmp/demo.data 2>/dev/null | wc -l)"

rmmod xeon_uncore_sim
rmmod xeon_uncore
