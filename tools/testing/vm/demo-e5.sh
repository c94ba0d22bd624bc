#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `make demo`, second part: runs inside a 2-socket debian-6.12 VM whose
# CPU is a Xeon E5-2600 v2 (family 6 model 62, so perf's ivytown aliases
# apply), on the simulated Ivy Bridge-EP uncore.  Documentation/
# simulator.rst gives its rates: the modelled events count from each
# socket's traffic scenario (by default channel c of socket s reads
# 32 * (s + c + 1) MB/s and writes half that, the uncore runs at s + 1
# MHz), the others 100000 * ((e & 7) + 1) * (s + idx + 1) + 1000 * umask
# per second for event e of box idx.

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

say "a traffic scenario: socket 0 reads 6400 MB/s and writes 1600 on each of its 8 channels, reads take 100 ns; both uncores run at 2 GHz"
T=/sys/kernel/debug/xeon_uncore_sim/traffic
for c in 0 1 2 3 4 5 6 7; do echo "socket=0 channel=$c read=6400 write=1600" >$T; done
echo "socket=0 latency=100 uclk=2000" >$T
echo "socket=1 uclk=2000" >$T
grep '^socket=0' $T | head -n 3

say "perf's DRAM_BW_Use per socket: expect 64 GB/s on socket 0, 2.1 on socket 1 (its defaults)"
perf stat -a --per-socket -M DRAM_BW_Use -- sleep 2

say "perf's UNCORE_FREQ, the sockets' average: expect 2 GHz"
perf stat -a -M UNCORE_FREQ -- sleep 1

say "read latency by Little's law, TOR occupancy / inserts (filter_opc=0x182) / uncore clock: expect 200 cycles, 100 ns on socket 0; 160 cycles, 80 ns (its default) on socket 1"
perf stat -a --per-socket -x, -o /tmp/demo.csv -e unc_c_tor_occupancy.miss_opcode/filter_opc=0x182/ \
	-e unc_c_tor_inserts.miss_opcode/filter_opc=0x182/,uncore_cbox_0/event=0x0/ -- sleep 1
awk -F, '$5 ~ /occupancy/ { o[$1] = $3 } $5 ~ /inserts/ { i[$1] = $3 } $5 ~ /event=0x0/ { c[$1] = $3; t[$1] = $6 }
	END { for (s in o) if (i[s] > 0 && c[s] > 0)
		printf "%s: %.1f cycles, %.1f ns\n", s, o[s] / i[s], o[s] / i[s] / (c[s] / t[s]) }' /tmp/demo.csv | sort

rmmod xeon_uncore_sim
rmmod xeon_uncore
