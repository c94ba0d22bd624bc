#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The W-Box erratum (323535 p. 2-128): a counter whose value ends in
# 0x000000 or 0x000001 reads 0x1000000 too large; the simulator
# reproduces it (Documentation/simulator.rst), the driver corrects every
# read.  With the generator off, W-Box counters preloaded just below such
# values count injected events exactly, whichever value the count ends
# at; and the raw register shows the erratum, so the test cannot pass by
# the simulator not having it.
. "$(dirname "$0")/lib.sh"

OUT=/tmp/94-nhmex-erratum.csv

nhmex_require 94-nhmex-erratum
check "load xeon_uncore and xeon_uncore_sim model=$NX" nhmex_load
nhmex_quiet

# the simulator by hand: W GLOBAL_CTL ctr_en 0, counter 0 ev_sel 1 with
# en, en_all; the true value 0x1000000 reads 0x2000000
echo "0 c00 10000000" >$XU_SIM/msr
echo "0 c80 1" >$XU_SIM/msr
echo "0 c90 400001" >$XU_SIM/msr
echo "0 c91 fffffe" >$XU_SIM/msr
nhmex_inject 0 wbox 1 2
check_eq "raw W CTR0 at 0x1000000 reads 0x2000000" \
	"$(awk '$1 == 0 && $2 == "0xc91" { print $3 }' $XU_SIM/msr)" 0x2000000
echo "0 c90 0" >$XU_SIM/msr
echo "0 c80 0" >$XU_SIM/msr

# count EVENT PRELOAD N: preload every W counter, count N injected events
# of EVENT's code on socket 0 with perf stat; prints the count
count() {
	for r in c91 c93 c95 c97; do echo "0 $r $2" >$XU_SIM/msr; done
	perf stat -a --per-socket -x';' -o $OUT -e "$1" -- \
		sh -c "echo '0 wbox $4 $3' >$XU_SIM/inject" >/dev/null 2>&1
	awk -F';' -v e="$1" '$1 == "S0" && $5 == e { print $3 }' $OUT
}

# perf starts its counter from the value it finds: preload values that
# put the start, the end or both on the erratum's values
for pre in fffff0 ffffff 1000000 1000001 7ffffff 12345fffff0; do
	for n in 16 17 18 1000; do
		check_eq "uncore_wbox/event=0x3/ from 0x$pre: $n events" \
			"$(count uncore_wbox/event=0x3/ $pre $n 3)" "$n"
	done
done

# the fixed counter too (0x394)
for pre in fffff0 ffffff 1000000; do
	echo "0 394 $pre" >$XU_SIM/msr
	perf stat -a --per-socket -x';' -o $OUT -e uncore_wbox/clockticks/ -- \
		sh -c "echo '0 wbox 0xff 17' >$XU_SIM/inject" >/dev/null 2>&1
	check_eq "uncore_wbox/clockticks/ from 0x$pre: 17 events" \
		"$(awk -F';' '$1 == "S0" && $5 == "uncore_wbox/clockticks/" { print $3 }' $OUT)" 17
done

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
echo 1 >$XU_SIM/generator
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
