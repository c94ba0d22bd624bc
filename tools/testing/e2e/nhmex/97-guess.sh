#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Every guess fails safe (Documentation/simulator.rst, "Wrong guesses" and
# "Stale registers"): the simulator loads with stale=1, registers a
# previous owner left set, and wrong_guesses=1, each inferred register
# behaviour the other way.  The driver starts clean (no overflow status
# at any level), counts exactly over several wraps where the PMI folds
# (M-Box 0, under the S-Box summary that is not at 0xc43 here) and where
# the poll timer does (the W-Box fixed counter, whose PMI enable is a
# guess), with no watchdog fold, no unknown NMI and no package left frozen.
. "$(dirname "$0")/../lib.sh"

OUT=/tmp/97-nhmex-guess.csv
# 5/8 of the 48-bit range: five steps pass the wrap three times
STEP=175921860444160

nhmex_require nhmex/97-guess
dmesg -c >/dev/null
plan 12
check "load xeon_uncore poll_ms=100 and xeon_uncore_sim model=$NX stale=1 wrong_guesses=1" \
	nhmex_load poll_ms=100 -- stale=1 wrong_guesses=1
nhmex_quiet

# msr_val SOCKET REG: a simulated register, as the msr file prints it
msr_val() { awk -v s="$1" -v r="$2" '$1 == s && $2 == r { print $3 }' $XU_SIM/msr; }

for s in $(e5_seq "$(e5_sockets)"); do
	check_eq "socket $s: no overflow status after the load" "$(msr_val "$s" 0xc01)" 0x0
done

# count EVENT CMD: socket 0's count of EVENT while CMD runs
count() {
	perf stat -a --per-socket -x';' -o $OUT -e "$1" -- sh -c "$2" >/dev/null 2>&1 ||
		diag "perf stat -e $1 failed"
	awk -F';' -v e="$1" '$1 == "S0" && $5 == e { print $3 }' $OUT
}

# steps BOX CODE: five injections of STEP, each followed by a pause for the
# PMI's walk or the poll (poll_ms=100)
steps() {
	_c=true
	for _i in 1 2 3 4 5; do
		_c="$_c; echo '0 $1 $2 $STEP' >$XU_SIM/inject; sleep 0.3"
	done
	echo "$_c"
}

sim_preload 0 ffffffff0000
check_eq "uncore_mbox_0/bbox_cmds_all/ over three wraps (PMI, summary not at 0xc43)" \
	"$(count uncore_mbox_0/bbox_cmds_all/ "$(steps mbox0 0x1a)")" $((5 * STEP))
check_eq "socket 0: no overflow status left by the PMIs" "$(msr_val 0 0xc01)" 0x0

echo "0 394 ffffffff0000" >$XU_SIM/msr
check_eq "uncore_wbox/clockticks/ over three wraps (polled: its PMI enable is a guess)" \
	"$(count uncore_wbox/clockticks/ "$(steps wbox 0xff)")" $((5 * STEP))

# the polled fixed counter's wraps leave their status (ov_w): no PMI walks
# them, and a later walk only clears them
check_eq "socket 0: no overflow status left but the polled counter's ov_w" \
	"$(( $(msr_val 0 0xc01) & ~2 ))" 0
check_eq "socket 0: en_all set (not frozen)" \
	"$(( $(msr_val 0 0xc00) >> 28 & 1 ))" 1
check_eq "no overflow folded by the watchdog" "$(wd_folds)" 0
check_eq "no unknown NMI" "$(dmesg | grep -c 'NMI received for unknown reason')" 0
check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
echo 1 >$XU_SIM/generator
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
