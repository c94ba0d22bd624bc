#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# perf's own Xeon E5 event tables (the platforms' perf column: jaketown
# for model 45, ivytown for 62, haswellx for 63, broadwellx for 79) on
# the driver's PMUs: perf picks the table by the guest CPU's model
# (vm/run --cpu=MODEL) or, in a guest of another CPU, by the model the
# script gives it in PERF_CPUID, as e5/77-metrics does.  perf list shows
# the unc_* aliases and perf stat opens them on every box of their type
# and sums them, at the rates of the default traffic scenario (lib.sh
# e5_expect, of the encoding perf's table gives each; the four tables of
# Debian's perf 6.1 give each alias the same one):
#   unc_m_cas_count.rd   event=0x4,umask=0x3 on every uncore_imc_N: reads
#   unc_m_cas_count.wr   event=0x4,umask=0xc: writes, half the reads
#   unc_c_tor_inserts.miss_opcode   event=0x35,umask=0x3 on every
#                        uncore_cbox_N, no filter_opc: the opcode 0,
#                        which no read of the scenario has: none
#   unc_q_txl_flits_g1.drs   event=0x100 (ExtSel),umask=0x18 on every
#                        uncore_qpi_N: the background rate (unmodelled)
#   unc_h_requests.reads event=0x1,umask=0x3 on uncore_ha / uncore_ha_N
#   unc_m_pre_count.page_miss   event=0x2,umask=0x1 on every iMC: the
#                        channel's page misses, 25% of its reads and writes
#   unc_m_pre_count.page_close  event=0x2,umask=0x2: 15%
#   unc_p_clockticks     event=0x0 on uncore_pcu: 800 MHz
#   unc_p_freq_band0_cycles     event=0xb, band 0 left 0: every cycle
#                        (not in broadwellx: the platforms' aliases_not)
# and uncore_imc_0/cas_count_read/ in MiB (64 bytes per CAS).  Debian's
# perf 6.1 drops occ_sel from unc_p_power_state_occupancy.*: its alias
# is event=0x80 alone, which selects no C-state and counts the
# simulator's background (Documentation/simulator.rst): checked, so that
# the page changes when perf does (perf 6.12's aliases: e5/78-perf612).
. "$(dirname "$0")/../lib.sh"

OUT=/tmp/85-e5-aliases.csv

e5_require e5/85-aliases
# (the platform's cpu: 45 snbep, 62 ivbep, 63 hswep, 79 bdx)
if [ "$(e5_cpu_model)" != "$PLAT_cpu" ]; then
	PERF_CPUID=GenuineIntel-6-$PLAT_cpuhex
	export PERF_CPUID
	diag "CPU model $(e5_cpu_model), not $PLAT_cpu: perf's $PLAT_perf table by PERF_CPUID=$PERF_CPUID"
fi
# has ALIAS: the platform's perf table has ALIAS (not in aliases_not)
has() { case ",$PLAT_aliases_not," in *",$1,"*) return 1 ;; esac; }
band0=0
has unc_p_freq_band0_cycles && band0=1

# the load, perf list (9 aliases, or 8 and the one it must not list),
# 5 perf stat runs, 10 figures per socket and band 0's, perf 6.1's
# C-state alias, violations and unload
plan $((1 + 9 + 5 + (10 + band0) * $(e5_sockets) + 1 + 2))
check "load xeon_uncore and xeon_uncore_sim model=$E5" e5_load

perf list >/tmp/85-e5-list.txt 2>&1
for a in unc_m_cas_count.rd unc_m_cas_count.wr unc_c_tor_inserts.miss_opcode \
	unc_q_txl_flits_g1.drs unc_h_requests.reads unc_m_pre_count.page_miss \
	unc_m_pre_count.page_close unc_p_clockticks unc_p_freq_band0_cycles; do
	if has $a; then
		check "perf list shows $a" grep -qw "$a" /tmp/85-e5-list.txt
	else
		check "perf list has no $a ($PLAT_perf's table lacks it)" \
			sh -c "! grep -qw $a /tmp/85-e5-list.txt"
	fi
done

# sum PREFIX TERMS SOCKET: the rates of TERMS summed over the PMUs named
# PREFIX or PREFIX_N
sum() {
	_t=0
	for _p in $(e5_pmus); do
		case $_p in "$1" | "$1"_[0-9]*) _t=$((_t + $(e5_expect "$_p/$2/" "$3"))) ;; esac
	done
	echo $_t
}

# alias_check ALIAS PREFIX TERMS REF: per socket, ALIAS in $OUT
# (--per-socket) counted the sum over PREFIX's PMUs of TERMS' rate, for
# the run time of the plain event REF (one PMU's) on the same line set
alias_check() {
	for s in $(e5_seq "$(e5_sockets)"); do
		_l=$(awk -F';' -v s="S$s" -v e="$1" '$1 == s && $5 == e' $OUT)
		_ns=$(awk -F';' -v s="S$s" -v e="$4" '$1 == s && $5 == e { print $6 }' $OUT)
		_r=$(sum "$2" "$3" "$s")
		_want=$(awk -v r="$_r" -v t="$_ns" 'BEGIN { printf "%.0f", r * t / 1e9 }')
		diag "S$s $1: '$_l' (${_ns} ns of $4)"
		check_within_pct "socket $s: $1 = $_r/s (every $2 box)" "$(echo "$_l" | cut -d';' -f3)" "$_want" 2
	done
}

REF=uncore_imc_0/event=0x4,umask=0x3/
check "perf stat -a --per-socket -e unc_m_cas_count.rd,unc_m_cas_count.wr -- sleep 1" \
	perf stat -a --per-socket -x';' -o $OUT -e "unc_m_cas_count.rd,unc_m_cas_count.wr,$REF" -- sleep 1
alias_check unc_m_cas_count.rd uncore_imc event=0x4,umask=0x3 "$REF"
alias_check unc_m_cas_count.wr uncore_imc event=0x4,umask=0xc "$REF"

REF=uncore_cbox_0/event=0x11/
check "perf stat -a --per-socket -e unc_c_tor_inserts.miss_opcode -- sleep 1" \
	perf stat -a --per-socket -x';' -o $OUT -e "unc_c_tor_inserts.miss_opcode,$REF" -- sleep 1
alias_check unc_c_tor_inserts.miss_opcode uncore_cbox event=0x35,umask=0x3 "$REF"

REF=uncore_qpi_0/event=0x14/
HA=uncore_ha
check "perf stat -a --per-socket -e unc_q_txl_flits_g1.drs,unc_h_requests.reads -- sleep 1" \
	perf stat -a --per-socket -x';' -o $OUT -e "unc_q_txl_flits_g1.drs,unc_h_requests.reads,$REF" -- sleep 1
alias_check unc_q_txl_flits_g1.drs uncore_qpi event=0x100,umask=0x18 "$REF"
alias_check unc_h_requests.reads $HA event=0x1,umask=0x3 "$REF"

REF=uncore_imc_0/event=0x4,umask=0x3/
A=unc_m_pre_count.page_miss,unc_m_pre_count.page_close,unc_p_clockticks
[ $band0 = 1 ] && A=$A,unc_p_freq_band0_cycles
check "perf stat -a --per-socket -e $A -- sleep 1" \
	perf stat -a --per-socket -x';' -o $OUT -e "$A,$REF" -- sleep 1
alias_check unc_m_pre_count.page_miss uncore_imc event=0x2,umask=0x1 "$REF"
alias_check unc_m_pre_count.page_close uncore_imc event=0x2,umask=0x2 "$REF"
alias_check unc_p_clockticks uncore_pcu event=0x0 "$REF"
[ $band0 = 1 ] && alias_check unc_p_freq_band0_cycles uncore_pcu event=0xb "$REF"

# cas_count_read in MiB: 500000 (socket + 1) CAS/s of 64 bytes on iMC 0
E=uncore_imc_0/cas_count_read/
R=uncore_imc_0/event=0x4,umask=0x3/
check "perf stat -a -A -e $E -- sleep 1" perf stat -a -A -x';' -o $OUT -e "$E" -- sleep 1
for s in $(e5_seq "$(e5_sockets)"); do
	l=$(awk -F';' -v c="CPU$(e5_socket_cpu "$s")" -v e="$E" '$1 == c && $4 == e' $OUT)
	check_eq "socket $s: $E unit" "$(echo "$l" | cut -d';' -f3)" MiB
	r=$(e5_expect $R "$s")
	want=$(echo "$l" | awk -F';' -v r="$r" '{ printf "%.4f", r * $5 / 1e9 * 64 / 1048576 }')
	check_within_pct "socket $s: $E = $r x 64 B/s in MiB" \
		"$(echo "$l" | cut -d';' -f2)" "$want" 2
done

# the config perf opens for unc_p_power_state_occupancy.cores_c0
c0cfg=$(perf stat -vv -a -e unc_p_power_state_occupancy.cores_c0 -- true 2>&1 |
	awk '$1 == "config" { print $2; exit }')
check_eq "perf $(perf --version | cut -d' ' -f3): unc_p_power_state_occupancy.cores_c0 opens config 0x80 (no occ_sel)" \
	"$c0cfg" 0x80

check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
