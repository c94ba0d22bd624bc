#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The clients people already use, on the driver's Xeon E5 PMUs (the
# simulator), in a guest whose CPU is the platform's model (45 snbep, 62
# ivbep, 63 hswep, 79 bdx); Documentation/clients.rst has what each shows:
#  1. libpfm4 / PAPI (Debian's libpfm4 4.13, PAPI 7.0): papi_component_avail
#     lists the snbep_unc_* / ivbep_unc_* / hswep_unc_* / bdx_unc_* PMUs
#     of every PMU we register that libpfm4 has a table for (not
#     Haswell-EP's QPI port 2: its hswep_unc_qpi has ports 0 and 1);
#     libpfm4 encodes UNC_M_CAS_COUNT:RD and UNC_C_TOR_INSERTS with an
#     opcode filter as our sysfs format/ files say (config, config1 bit by
#     bit); PAPI (tools/testing/clients/xu_papi) counts them at the
#     simulator's rate, the filter reaches the C-Box filter register as
#     the Intel layout puts it, and perf stat counts the same;
#  2. perf's jaketown / ivytown metrics: DRAM_BW_Use and Socket_CLKS,
#     system-wide, at the default scenario (per socket and at scenarios
#     of its own: e5/77-metrics).
# likwid is not tried: Debian's build (5.2.2) programs the MSRs and PCI
# configuration space itself (access modes direct and accessdaemon), never
# perf_event, so it cannot use our PMUs (Documentation/clients.rst).
# Rates: lib.sh e5_expect, at the default traffic scenario
# (Documentation/simulator.rst, "Traffic"): UNC_M_CAS_COUNT:RD on iMC i
# 500000 (socket + i + 1)/s, :WR half that; UNC_C_TOR_INSERTS with
# OPC_DRD (0x182, the scenario's reads) its C-Box's share of the socket's
# reads, with OPC_RFO (0x180) none.
. "$(dirname "$0")/../lib.sh"

OUT=/tmp/87-e5-clients.csv
XU_PAPI=${XU_PAPI:-/add/xu_papi}

e5_require e5/87-clients
# (the platform's cpu: 45 snbep, 62 ivbep, 63 hswep, 79 bdx)
want_model=$PLAT_cpu
if [ "$(e5_cpu_model)" != $want_model ]; then
	plan 1
	skip "e5/87-clients: libpfm4 and perf pick their $E5 tables by CPU model $want_model (vm/run --cpu=$E5), not $(e5_cpu_model)"
	exit 0
fi

# up: seconds since boot, for the time each part takes
up() { cut -d' ' -f1 /proc/uptime; }
T0=$(up)

# The plan needs the metrics this perf has (part 2), which it lists with
# the driver loaded: the load's result comes after the plan
e5_load >/tmp/87-load.txt 2>&1
lrc=$?
perf list --details metric >/tmp/87-metrics.txt 2>&1
# the metrics whose expression names an uncore event
um=$(awk '/^  [A-Za-z]/ { m = $1 } /uncore_|UNC_|cbox/ && m != "" { print m }' /tmp/87-metrics.txt | sort -u | tr '\n' ' ')
M=DRAM_BW_Use
case " $um " in *" Socket_CLKS "*) M=$M,Socket_CLKS ;; esac
# the load, PAPI's native events (2), libpfm4's PMUs (one per PMU), its
# encodings (3) and filters (2), xu_papi and its rates (4), perf stat
# and its rates (7), the metrics (4, and 1 for Socket_CLKS), violations
# and unload
clk=0
case $M in *Socket_CLKS) clk=1 ;; esac
plan $((1 + 2 + $(e5_pmus | wc -l) + 3 + 2 + 4 + 7 + 4 + clk + 2))
check_eq "load xeon_uncore and xeon_uncore_sim model=$E5" "$lrc" 0
[ $lrc = 0 ] || sed 's/^/# /' /tmp/87-load.txt

S0=0 SL=$(($(e5_sockets) - 1))
C0=$(e5_socket_cpu $S0) CL=$(e5_socket_cpu $SL)

# enc PMU TERMS: config and config1 ("config=0x.. config1=0x..") that the
# driver's format/ files make of TERMS ("event=0x35,umask=0x1,..."): each
# term's value at the bits its format file names (config:0-7, config1:52-60)
enc() {
	_c=0 _c1=0
	for _t in $(echo "$2" | tr , ' '); do
		_k=${_t%%=*} _v=$((${_t#*=}))
		read -r _f </sys/bus/event_source/devices/$1/format/$_k || return 1
		_w=${_f%%:*} _r=${_f#*:}
		_lo=${_r%-*} _hi=${_r#*-}
		_m=$(((1 << (_hi - _lo + 1)) - 1))
		[ $((_hi - _lo)) -ge 63 ] && _m=-1
		[ $((_v & ~_m)) = 0 ] || { echo "$_k=$_v does not fit $_f"; return 1; }
		case $_w in
		config) _c=$((_c | (_v << _lo))) ;;
		config1) _c1=$((_c1 | (_v << _lo))) ;;
		*) echo "$_k: $_f"; return 1 ;;
		esac
	done
	printf 'config=0x%x config1=0x%x\n' "$_c" "$_c1"
}

# rate_ok DESC COUNT NS WANT_PER_S: COUNT over NS nanoseconds within 2%
rate_ok() {
	_w=$(awk -v r="$4" -v t="$3" 'BEGIN { printf "%.0f", r * t / 1e9 }')
	check_within_pct "$1" "$2" "$_w" 2
}

# ---- 1. libpfm4 / PAPI ----
# (libpfm4's PMU prefix for the platform: snbep_unc, ivbep_unc)
P=$PLAT_libpfm4
if ! command -v papi_native_avail >/dev/null || ! command -v papi_component_avail >/dev/null ||
	[ ! -x "$XU_PAPI" ]; then
	fail "papi_native_avail, papi_component_avail (tools/testing/e2e/host-files) and $XU_PAPI are in the VM"
	unload_module
	finish
fi
# (the whole papi_native_avail listing costs 15-20 s of TCG on IVB-EP, 834
# events: the two events it must list are asked for by name, with their
# umasks: on SNB-EP the bare UNC_C_TOR_INSERTS, which has no default
# umask, "could not be found")
for e in imc0::UNC_M_CAS_COUNT:RD cbo0::UNC_C_TOR_INSERTS:OPCODE:OPC_RFO; do
	papi_native_avail -e "${P}_$e" >/tmp/87-native.txt 2>&1
	if grep -q "^Event name:[[:space:]]*${P}_$e$" /tmp/87-native.txt; then
		ok "papi_native_avail -e ${P}_$e"
	else
		fail "papi_native_avail -e ${P}_$e"
		grep -i -e 'event name' -e 'could not' /tmp/87-native.txt | while read -r l; do diag "$l"; done
	fi
done

# libpfm4's PMUs (PAPI's perf_event_uncore component lists them), by our
# PMU name: cbo3 uncore_cbox_3, sbo1 uncore_sbox_1, ubo uncore_ubox, imc5
# uncore_imc_5, ha uncore_ha, pcu uncore_pcu
t=$(up)
papi_component_avail >/tmp/87-comp.txt 2>&1
diag "papi_component_avail: $(awk -v a="$t" -v b="$(up)" 'BEGIN { print b - a }') s"
awk '/PMUs supported:/ { on = 1 } on && /^ *$/ { on = 0 } on' /tmp/87-comp.txt |
	tr ' ,:' '\n\n\n' | sed -n "s/^${P}_\([a-z0-9]*\)$/\1/p" | sort -u |
	sed -E 's/^cbo([0-9]+)$/cbox_\1/; s/^sbo([0-9]+)$/sbox_\1/; s/^ubo$/ubox/; s/^(ha|imc|qpi|r3qpi)([0-9]+)$/\1_\2/; s/^/uncore_/' |
	LC_ALL=C sort >/tmp/87-pfm-pmus.txt
diag "libpfm4 $E5 PMUs: $(tr '\n' ' ' </tmp/87-pfm-pmus.txt)"
# (a PMU the platform's libpfm4 tables have none for, PLAT_pfm_not:
# libpfm4 4.13's hswep_unc_qpi defines QPI ports 0 and 1 only,
# lib/pfmlib_intel_hswep_unc_qpi.c; it must still have none, or the
# column is stale)
for p in $(e5_pmus); do
	case ,$PLAT_pfm_not, in
	*,$p,*)
		check "libpfm4 has no table for our $p (tools/testing/platforms, pfm_not)" \
			sh -c "! grep -qx $p /tmp/87-pfm-pmus.txt"
		;;
	*) check "libpfm4 sees our $p" grep -qx "$p" /tmp/87-pfm-pmus.txt ;;
	esac
done
e5_pmus >/tmp/87-our-pmus.txt
for p in $(cat /tmp/87-pfm-pmus.txt); do
	grep -qx "$p" /tmp/87-our-pmus.txt ||
		diag "libpfm4 lists $p, which the driver does not register here ($(e5_cores) cores per socket)"
done

# Events: iMC 0 and C-Box 0 of socket 0, C-Box 1 of the last socket, with
# opcode filters RFO (0x180) and DRd (0x182): libpfm4's OPC_RFO / OPC_DRD
E_IMC="${P}_imc0::UNC_M_CAS_COUNT:RD:cpu=$C0"
E_CB0="${P}_cbo0::UNC_C_TOR_INSERTS:OPCODE:OPC_RFO:cpu=$C0"
E_CB1="${P}_cbo1::UNC_C_TOR_INSERTS:MISS_OPCODE:OPC_DRD:cpu=$CL"
P_IMC=uncore_imc_0/event=0x4,umask=0x3/
P_CB0=uncore_cbox_0/event=0x35,umask=0x1,filter_opc=0x180/
P_CB1=uncore_cbox_1/event=0x35,umask=0x3,filter_opc=0x182/

# The C-Box filter registers, read while both count: IVB-EP FILTER1
# (0xd1a + 0x20 N) opcode in bits 28:20, SNB-EP FILTER (0xd14 + 0x20 N)
# bits 31:23, Haswell-EP and Broadwell-EP FILTER1 (0xe06 + 0x10 N) bits
# 28:20 (Documentation/pmu/*.rst): the platform's opc_msr, cbox_step and
# opc_shift
F0=$(printf '0x%x' $((PLAT_opc_msr))) F1=$(printf '0x%x' $((PLAT_opc_msr + PLAT_cbox_step)))
W0=$((0x180 << PLAT_opc_shift)) W1=$((0x182 << PLAT_opc_shift))
printf '%s\n' "sleep 1" "grep -e '^$S0 $F0 ' -e '^$SL $F1 ' $XU_SIM/msr >/tmp/87-filter.txt" \
	>/tmp/87-during.sh
run_papi() {
	"$XU_PAPI" -e "$E_IMC" -e "$E_CB0" -e "$E_CB1" -- sh /tmp/87-during.sh >/tmp/87-papi.txt
}
t=$(up)
check "xu_papi -e $E_IMC -e $E_CB0 -e $E_CB1 -- sleep 1 (PAPI)" run_papi
diag "xu_papi: $(awk -v a="$t" -v b="$(up)" 'BEGIN { print b - a }') s"
sed 's/^/xu_papi: /' /tmp/87-papi.txt | while read -r l; do diag "$l"; done

# libpfm4's perf_event_attr against our format/ files, field by field
# (pfm_enc EVENT: "type=T config=0x.. config1=0x.." as xu_papi printed it)
pfm_enc() { awk -v e="$1" '$1 == "encoding" && $2 == e { print $3, $4, $5 }' /tmp/87-papi.txt; }
for x in "$E_IMC uncore_imc_0 event=0x4,umask=0x3" \
	"$E_CB0 uncore_cbox_0 event=0x35,umask=0x1,filter_opc=0x180" \
	"$E_CB1 uncore_cbox_1 event=0x35,umask=0x3,filter_opc=0x182"; do
	set -- $x
	got=$(pfm_enc "$1")
	want="type=$(cat /sys/bus/event_source/devices/$2/type) $(enc "$2" "$3")"
	check_eq "libpfm4 encodes ${1%:cpu=*} as $2/$3/" "$got" "$want"
	if [ "$got" != "$want" ]; then
		g1=$(echo "$got" | sed -n 's/.*config1=\(0x[0-9a-f]*\).*/\1/p')
		w1=$(echo "$want" | sed -n 's/.*config1=\(0x[0-9a-f]*\).*/\1/p')
		[ -n "$g1" ] && diag "config1 bits libpfm4 ^ our format: $(printf '0x%x' $((g1 ^ w1)))"
	fi
done

# what the driver wrote to the filter registers for PAPI's events
f0=$(awk -v a="$F0" '$2 == a { print $3 }' /tmp/87-filter.txt | head -n 1)
f1=$(awk -v a="$F1" -v s="$SL" '$1 == s && $2 == a { print $3 }' /tmp/87-filter.txt)
check_eq "socket $S0 C-Box 0 filter ($F0) holds OPC_RFO as Intel places it" "$((f0))" "$W0"
check_eq "socket $SL C-Box 1 filter ($F1) holds OPC_DRD as Intel places it" "$((f1))" "$W1"

# PAPI's counts at the documented rates, for the interval xu_papi timed
ns=$(awk '$1 == "ns" { print $2 }' /tmp/87-papi.txt)
cnt() { awk -v e="$1" '$1 == "count" && $2 == e { print $3 }' /tmp/87-papi.txt; }
R_IMC=$(e5_expect "$P_IMC" $S0)
R_CB0=$(e5_expect "$P_CB0" $S0)
R_CB1=$(e5_expect "$P_CB1" $SL)
rate_ok "PAPI socket $S0 UNC_M_CAS_COUNT:RD = $R_IMC/s" "$(cnt "$E_IMC")" "$ns" "$R_IMC"
rate_ok "PAPI socket $S0 cbo0 UNC_C_TOR_INSERTS:OPCODE:OPC_RFO = $R_CB0/s" "$(cnt "$E_CB0")" "$ns" "$R_CB0"
rate_ok "PAPI socket $SL cbo1 UNC_C_TOR_INSERTS:MISS_OPCODE:OPC_DRD = $R_CB1/s" "$(cnt "$E_CB1")" "$ns" "$R_CB1"

# perf stat on the same events, same kind of interval
check "perf stat -a -A -e $P_IMC,$P_CB0,$P_CB1 -- sleep 1" \
	perf stat -a -A -x';' -o $OUT -e "$P_IMC,$P_CB0,$P_CB1" -- sleep 1
pline() { awk -F';' -v c="CPU$1" -v e="$2" '$1 == c && $4 == e' $OUT; }
for x in "$C0 $P_IMC $R_IMC $E_IMC" "$C0 $P_CB0 $R_CB0 $E_CB0" "$CL $P_CB1 $R_CB1 $E_CB1"; do
	set -- $x
	l=$(pline "$1" "$2")
	diag "perf: $l"
	pc=$(echo "$l" | cut -d';' -f2) pns=$(echo "$l" | cut -d';' -f5)
	rate_ok "perf CPU$1 $2 = $3/s" "$pc" "$pns" "$3"
	# PAPI's rate against perf's
	pr=$(awk -v c="$pc" -v t="$pns" 'BEGIN { if (t > 0) printf "%.0f", c * 1e9 / t }')
	ar=$(awk -v c="$(cnt "$4")" -v t="$ns" 'BEGIN { if (t > 0) printf "%.0f", c * 1e9 / t }')
	check_within_pct "PAPI's ${4%:cpu=*} rate = perf's $2" "$ar" "$pr" 2
done
diag "part 1 (PAPI, perf): $(awk -v a="$T0" -v b="$(up)" 'BEGIN { print b - a }') s"

# ---- 2. perf's metrics ----
t=$(up)
diag "perf $(perf version 2>&1 | cut -d' ' -f3) metrics on uncore events for model $want_model: ${um:-none}"
check "perf list metric has DRAM_BW_Use" grep -q '^  DRAM_BW_Use' /tmp/87-metrics.txt
# DRAM_BW_Use = 64 (CAS reads + CAS writes) / 1e9 per second, every iMC of
# every socket: cas_count_read (umask 0x3) and _write (0xc)
cas=0 casw=0
for s in $(e5_seq "$(e5_sockets)"); do
	for p in $(e5_pmus); do
		case $p in
		uncore_imc_*)
			cas=$((cas + $(e5_expect "$p/event=0x4,umask=0x3/" "$s")))
			casw=$((casw + $(e5_expect "$p/event=0x4,umask=0xc/" "$s")))
			;;
		esac
	done
done
bw=$(awk -v c="$cas" -v w="$casw" 'BEGIN { printf "%.4f", 64 * (c + w) / 1e9 }')
# (5 s: perf divides counts that ran from each event's enable to its
# disable by duration_time, which differs by the time the enables and
# disables take: on a busy host over 1 s, 2.2% on a 4-socket SNB-EP)
check "perf stat -a -M $M -- sleep 5" perf stat -a -x';' -o $OUT -M $M -- sleep 5
grep -v '^#' $OUT | grep . | while read -r l; do diag "perf -M: $l"; done
l=$(grep 'DRAM_BW_Use' $OUT)
check_within_pct "DRAM_BW_Use = 64 x ($cas + $casw) B/s = $bw GB/s" "$(echo "$l" | cut -d';' -f6)" "$bw" 2
rd=$(awk -F';' '$3 == "uncore_imc/cas_count_read/" { print $1 }' $OUT)
dt=$(awk -F';' '$3 == "duration_time" { print $1 }' $OUT)
want=$(awk -v c="$cas" -v t="$dt" 'BEGIN { printf "%.2f", c * t / 1e9 * 64 / 1048576 }')
check_within_pct "DRAM_BW_Use's cas_count_read = $cas x 64 B/s in MiB" "$rd" "$want" 2
# Socket_CLKS: the uncore clock of each socket, C-Box 0's clockticks
# (event 0x0): uclk, (socket + 1) MHz by default, summed over the sockets
case $M in
*Socket_CLKS)
	clk=0
	for s in $(e5_seq "$(e5_sockets)"); do clk=$((clk + $(e5_expect uncore_cbox_0/event=0x0/ "$s"))); done
	l=$(grep 'Socket_CLKS' $OUT)
	want=$(awk -v c="$clk" -v t="$dt" 'BEGIN { printf "%.0f", c * t / 1e9 }')
	check_within_pct "Socket_CLKS = $clk/s" "$(echo "$l" | cut -d';' -f6)" "$want" 2
	;;
esac
diag "part 2 (perf metrics): $(awk -v a="$t" -v b="$(up)" 'BEGIN { print b - a }') s"
check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0

check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
