# SPDX-License-Identifier: GPL-2.0
# Helpers for end-to-end scripts in tools/testing/e2e/FAMILY/, which run
# as `sh e2e/FAMILY/NN-name.sh` inside the VM (busybox sh, cwd /add, perf
# on PATH, modules in /modules); FAMILY is common (every platform), nhmex
# (Xeon 7500 / E7) or e5 (Xeon E5 / E5 v2).  Source it with:
#   . "$(dirname "$0")/../lib.sh"
# The output is KTAP (Documentation/dev-tools/ktap.rst): "KTAP version
# 1" and the plan "1..N" (`plan N`) before the first result, N known up
# front (static, or computed from the table rows the script will run);
# then every check prints one numbered line: "ok K DESC", "not ok K DESC"
# or, for `skip DESC`, "ok K DESC # SKIP" (DESC up to its first ": ",
# the reason after it); diagnostics are "# ..." lines.  A number of the
# plan that never prints is a failure (tools/testing/check: the script
# stopped early), as is a result beyond the plan or no plan.  End the
# script with `finish` (exit 1 if anything failed).  Results must come
# from the script's own shell, not from a pipeline's subshell, whose
# count is lost.

XU_FAILED=0 XU_N=0 XU_PLAN=
XU_MODULE=/modules/xeon_uncore.ko
XU_SIM_MODULE=/modules/xeon_uncore_sim.ko
# (every script is in a folder of e2e/: common/, nhmex/ or e5/)
XU_E2E=$(cd "$(dirname "$0")/.." && pwd)

# The platform facts: tools/testing/platforms and its reader, beside e2e/
# (vm/run puts both in the guest's /add).  e5_require and nhmex_require
# set PLAT_<column> from the VM's row (plat_vars): the scripts read the
# platform's facts there, never its name.
XU_PLATFORMS=${XU_PLATFORMS:-$XU_E2E/../platforms}
. "$XU_E2E/../platforms.sh"

# plan N: the KTAP header and the plan, once, before any result
plan() {
	XU_PLAN=$1
	echo "KTAP version 1"
	echo "1..$1"
}
ok() { XU_N=$((XU_N + 1)); echo "ok $XU_N $*"; }
fail() { XU_N=$((XU_N + 1)); echo "not ok $XU_N $*"; XU_FAILED=$((XU_FAILED + 1)); }
skip() {
	XU_N=$((XU_N + 1))
	_sk="$*"
	case $_sk in
	*": "*) echo "ok $XU_N ${_sk%%: *} # SKIP ${_sk#*: }" ;;
	*) echo "ok $XU_N $_sk # SKIP" ;;
	esac
}
# diag MSG: extra detail for the log (not counted)
diag() { echo "# $*"; }

# check DESC CMD...: ok if CMD succeeds (its output is shown on failure).
# (_ck, not a name the scripts use: sh has no locals)
check() {
	_ck=$1; shift
	if _out=$("$@" 2>&1); then ok "$_ck"; else
		fail "$_ck"
		[ -n "$_out" ] && printf '%s\n' "$_out" | sed 's/^/# /'
	fi
}

# check_eq DESC GOT WANT
check_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else fail "$1"; diag "got '$2', want '$3'"; fi
}

# check_within_pct DESC GOT WANT PCT: |GOT - WANT| <= PCT% of WANT
check_within_pct() {
	if awk -v a="$2" -v b="$3" -v p="$4" 'BEGIN {
		if (a !~ /^-?[0-9.]+$/ || b !~ /^-?[0-9.]+$/) exit 1
		d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b
		exit !(d <= m * p / 100) }'; then
		ok "$1"
	else
		fail "$1"; diag "got '$2', want '$3' +-$4%"
	fi
}

# expect_errno ERRNO CMD...: CMD must fail, and its output must name the
# errno (strerror text, e.g. perf's "(Invalid argument)", or the number).
expect_errno() {
	_e=$1; shift
	case $_e in
	EPERM) _n=1 _s="Operation not permitted" ;;
	ENOENT) _n=2 _s="No such file or directory" ;;
	EIO) _n=5 _s="I/O error|Input/output error" ;;
	E2BIG) _n=7 _s="Argument list too long" ;;
	EAGAIN) _n=11 _s="Resource temporarily unavailable" ;;
	ENOMEM) _n=12 _s="Out of memory|Cannot allocate memory" ;;
	EACCES) _n=13 _s="Permission denied" ;;
	EFAULT) _n=14 _s="Bad address" ;;
	EBUSY) _n=16 _s="Device or resource busy|Resource busy" ;;
	EEXIST) _n=17 _s="File exists" ;;
	ENODEV) _n=19 _s="No such device" ;;
	EINVAL) _n=22 _s="Invalid argument" ;;
	ENOSPC) _n=28 _s="No space left on device" ;;
	ERANGE) _n=34 _s="Numerical result out of range|Result not representable" ;;
	EOPNOTSUPP) _n=95 _s="Operation not supported|Not supported" ;;
	*) fail "expect_errno: unknown errno $_e"; return ;;
	esac
	_d="$* fails with $_e"
	if _out=$("$@" 2>&1); then
		fail "$_d"; diag "command succeeded"
	elif printf '%s\n' "$_out" | grep -qiE "$_s|returned with $_n "; then
		ok "$_d"
	else
		fail "$_d"
		printf '%s\n' "$_out" | tail -n 5 | sed 's/^/# /'
	fi
}

# load_module [PARAMS...]: insmod the driver with PARAMS, then the
# simulator, which attaches a simulated Xeon 7500 uncore to it; on failure
# nothing stays loaded
load_module() {
	insmod "$XU_MODULE" "$@" || return 1
	insmod "$XU_SIM_MODULE" || { rmmod xeon_uncore; return 1; }
}

# unload_module: rmmod what load_module loaded, the simulator first
unload_module() {
	rmmod xeon_uncore_sim && rmmod xeon_uncore
}

# perf_count EVENT CMD...: print the system-wide count of EVENT while CMD runs
perf_count() {
	_ev=$1; shift
	perf stat -x, -a -e "$_ev" "$@" 2>&1 >/dev/null | awk -F, '$3 != "" {print $1; exit}'
}

# The simulator's debugfs directory, and 2^48 - 1: from any counter value
# but 0, exactly one wrap
XU_SIM=/sys/kernel/debug/xeon_uncore_sim
XU_WRAP=281474976710655

# sim_preload SOCKET VALUE: every counter of the socket's M-Box 0 (whichever
# perf gets) to VALUE (hex)
sim_preload() {
	for _r in cb1 cb3 cb5 cb7 cb9 cbb; do echo "$1 $_r $2" >$XU_SIM/msr; done
}

# sim_wraps N: a shell command that injects 1000 events, N wraps (2^48 - 1
# each) and 1000 more into socket 0's M-Box 0 bbox_cmds_all, each followed
# by a pause for the PMI (which freezes the package until its walk)
sim_wraps() {
	_c="echo '0 mbox0 0x1a 1000' >$XU_SIM/inject; sleep 0.3"
	_i=0
	while [ $_i -lt "$1" ]; do
		_c="$_c; echo '0 mbox0 0x1a $XU_WRAP' >$XU_SIM/inject; sleep 0.3"
		_i=$((_i + 1))
	done
	echo "$_c; echo '0 mbox0 0x1a 1000' >$XU_SIM/inject; sleep 0.3"
}

# ---- Xeon E5 (snbep) and E5 v2 (ivbep): tools/testing/e2e/e5/*.sh ----
#
# E5: the model of the VM, set by e5_require.  tools/testing/check runs the
# E5 scripts in VMs booted with vm/run --cpu=MODEL and passes
# XU_E5_MODEL; by hand, the guest CPU's model tells (the cpu column of
# tools/testing/platforms: 45 snbep, 62 ivbep).
E5=

# e5_model: the E5-family platform (snbep, ivbep) this VM is for; nothing
# if none
e5_model() {
	if [ -n "${XU_E5_MODEL:-}" ] &&
	   [ "$(plat_fact "$XU_E5_MODEL" family)" = e5 ]; then
		echo "$XU_E5_MODEL"
		return
	fi
	plat_names family=e5 cpu="$(e5_cpu_model)" | head -n 1
}

# e5_cpu_model: the guest CPU's model number (family 6), as perf reads it
e5_cpu_model() { awk -F': *' '/^model[ \t]*:/ { print $2; exit }' /proc/cpuinfo; }

# e5_require NAME: set E5, or print one skip line and end the script
e5_require() {
	E5=$(e5_model)
	e5_topo
	if [ -z "$E5" ]; then
		[ -n "$XU_PLAN" ] || plan 1
		skip "$1: not an E5 VM (vm/run --cpu=$(plat_names family=e5 | paste -sd'|' -), or XU_E5_MODEL)"
		exit 0
	fi
	eval "$(plat_vars "$E5")"
	E5_NCBOX=$(e5_cboxes)
	# a new script: the simulator it loads starts from the default
	# scenario (an earlier script's e5_traffic lines do not apply)
	: >$XU_E5_SCN
	diag "$1: model $E5, $(e5_sockets) sockets, $(e5_cores) cores per socket, CPU model $(e5_cpu_model)"
}

# e5_load [DRIVER PARAMS...] [-- SIM PARAMS...]: insmod the driver with
# DRIVER PARAMS, then the simulator with model=$E5 and SIM PARAMS; on
# failure nothing stays loaded.  unload_module unloads both.
e5_load() {
	_dp='' _sp='' _sim=0
	for _a in "$@"; do
		if [ "$_a" = -- ]; then _sim=1
		elif [ $_sim = 1 ]; then _sp="$_sp $_a"
		else _dp="$_dp $_a"; fi
	done
	# shellcheck disable=SC2086 # one word per parameter
	insmod "$XU_MODULE" $_dp || return 1
	# the simulator starts from the default scenario (e5_traffic)
	: >$XU_E5_SCN
	# shellcheck disable=SC2086
	insmod "$XU_SIM_MODULE" model="$E5" $_sp || { rmmod xeon_uncore; return 1; }
}

# The topology, read once (a fork and exec cost tens of ms in a TCG
# guest, more on the debug kernel): E5_TOPO is "CPU PACKAGE CORE" per
# line, in CPU order
E5_TOPO=
e5_topo() {
	[ -n "$E5_TOPO" ] && return
	for _c in /sys/devices/system/cpu/cpu[0-9]*; do
		read -r _p <"$_c/topology/physical_package_id"
		read -r _k <"$_c/topology/core_id"
		E5_TOPO="$E5_TOPO${_c##*cpu} $_p $_k
"
	done
	E5_TOPO=$(printf '%s' "$E5_TOPO" | sort -n)
}

# e5_sockets: packages of the VM
e5_sockets() {
	e5_topo
	printf '%s\n' "$E5_TOPO" | awk '{ p[$2] = 1 } END { n = 0; for (i in p) n++; print n }'
}

# e5_cores: cores of package 0
e5_cores() {
	e5_topo
	printf '%s\n' "$E5_TOPO" | awk '$2 == 0 { c[$3] = 1 } END { n = 0; for (i in c) n++; print n }'
}

# e5_socket_cpu SOCKET: the lowest numbered CPU of package SOCKET, the one
# the PMUs' cpumask names
e5_socket_cpu() {
	e5_topo
	printf '%s\n' "$E5_TOPO" | while read -r _c _p _k; do
		[ "$_p" = "$1" ] && { echo "$_c"; break; }
	done
}

# e5_cpumask: the cpumask every E5 PMU shows, one CPU per socket ("0,2")
e5_cpumask() {
	_s=0 _m=''
	while [ $_s -lt "$(e5_sockets)" ]; do
		_m="$_m,$(e5_socket_cpu $_s)"
		_s=$((_s + 1))
	done
	echo "${_m#,}"
}

# e5_cboxes: C-Boxes per socket, one per core, at most the platform's
# (PLAT_cbox: 8 snbep, 15 ivbep)
e5_cboxes() {
	_n=$(e5_cores)
	[ "$_n" -gt "$PLAT_cbox" ] && _n=$PLAT_cbox
	echo "$_n"
}

# e5_sboxes: S-Boxes per socket: the platform's (PLAT_sbox), or
# PLAT_sbox_small on the smallest die, which the simulator takes for a
# package of at most PLAT_sbox_lcc cores
e5_sboxes() {
	if [ "$PLAT_sbox_lcc" != - ] && [ "$(e5_cores)" -le "$PLAT_sbox_lcc" ]; then
		echo "$PLAT_sbox_small"
	else
		echo "$PLAT_sbox"
	fi
}

# e5_seq N: 0 .. N-1
e5_seq() {
	_i=0
	while [ $_i -lt "$1" ]; do echo $_i; _i=$((_i + 1)); done
}

# e5_pmus: every PMU the driver registers for $E5, sorted as ls sorts
# them: the U-Box, PCU and R2PCIe, and as many of the others as the
# platform's row says (its HAs uncore_ha or uncore_ha_N by ha_pmu; the
# S-Boxes as e5_sboxes counts them)
e5_pmus() {
	{
		echo uncore_ubox uncore_pcu uncore_r2pcie
		for _i in $(e5_seq "$(e5_cboxes)"); do echo "uncore_cbox_$_i"; done
		for _i in $(e5_seq "$(e5_sboxes)"); do echo "uncore_sbox_$_i"; done
		if [ "$PLAT_ha_pmu" = uncore_ha ]; then
			echo uncore_ha
		else
			for _i in $(e5_seq "$PLAT_ha"); do echo "uncore_ha_$_i"; done
		fi
		[ "$PLAT_irp" = 1 ] && echo uncore_irp
		for _i in $(e5_seq "$PLAT_mem_n"); do echo "uncore_imc_$_i"; done
		for _i in $(e5_seq "$PLAT_qpi"); do echo "uncore_qpi_$_i"; done
		for _i in $(e5_seq "$PLAT_r3qpi"); do echo "uncore_r3qpi_$_i"; done
	} | tr ' ' '\n' | LC_ALL=C sort
}

# e5_idx PMU: the box's index within its type (uncore_imc_5: 5; 0 for the
# single boxes: ubox, pcu, r2pcie, irp, SNB-EP's ha)
e5_idx() {
	case ${1##*_} in
	'' | *[!0-9]*) echo 0 ;;
	*) echo "${1##*_}" ;;
	esac
}

# ---- the traffic model (Documentation/simulator.rst, "Traffic") ----
#
# Each socket of an E5 simulator counts from a traffic scenario, which a
# script writes with e5_traffic or leaves at the documented default:
#   socket s: uclk (s + 1) MHz, latency 80 ns, remote 25%, c0 60%, c3
#   10%, c6 20%;
#   channel c: read 32 (s + c + 1), write 16 (s + c + 1) MB/s, pagehit
#   60%, pagemiss 25%, ckeoff 50%;
#   link l: tx 64 (s + l + 1), rx 48 (s + l + 1) MB/s.
# The scenario a script wrote is kept in $XU_E5_SCN (e5_load empties it),
# so that the expected counts come from what the test wrote, never from
# the simulator's own traffic file.
XU_E5_SCN=/tmp/xu-e5-scenario

# e5_traffic LINE...: write each scenario line ("socket=S channel=C
# read=MBPS write=MBPS", "socket=S latency=NS remote=PERCENT uclk=MHZ",
# "socket=S link=L tx=MBPS rx=MBPS") into the simulator, and keep it
e5_traffic() {
	for _l in "$@"; do
		echo "$_l" >$XU_SIM/traffic || return 1
		echo "$_l" >>$XU_E5_SCN
	done
}

# e5_scn_sum SOCKET KEY: KEY (read, write: over every channel; tx, rx:
# over every link) summed, in MB/s
e5_scn_sum() {
	for _kv in $(e5_scn_vars "$1"); do echo "$_kv"; done |
		awk -F= -v k="$2" 'substr($1, 1, length(k)) == k && substr($1, length(k) + 1) ~ /^[0-9]+$/ { t += $2 }
			END { print t + 0 }'
}

# E5_SCN_AWK: awk that reads the scenario file into v[KEY] (v["read3"],
# v["tx0"], v["uclk"]) for socket s of nch channels and nl links: the
# defaults, then the lines e5_traffic wrote, the last one winning
E5_SCN_AWK='
	BEGIN {
		v["uclk"] = s + 1; v["latency"] = 80; v["remote"] = 25
		v["c0"] = 60; v["c3"] = 10; v["c6"] = 20
		for (c = 0; c < nch; c++) {
			v["read" c] = 32 * (s + c + 1); v["write" c] = 16 * (s + c + 1)
			v["pagehit" c] = 60; v["pagemiss" c] = 25; v["ckeoff" c] = 50
		}
		for (l = 0; l < nl; l++) {
			v["tx" l] = 64 * (s + l + 1); v["rx" l] = 48 * (s + l + 1)
		}
	}
	{
		sk = ""; ix = ""
		for (f = 1; f <= NF; f++) {
			split($f, kv, "=")
			if (kv[1] == "socket") sk = kv[2]
			else if (kv[1] == "channel" || kv[1] == "link") ix = kv[2]
		}
		if (sk != s) next
		for (f = 1; f <= NF; f++) {
			split($f, kv, "=")
			if (kv[1] != "socket" && kv[1] != "channel" && kv[1] != "link")
				v[kv[1] ix] = kv[2]
		}
	}'

# e5_scn_vars SOCKET: SOCKET's scenario as "uclk=U latency=L remote=R
# c0=.. c3=.. c6=.. read0=.. write0=.. ... tx0=.. rx0=.. ...", every
# channel and link the
# model has: the last value e5_traffic wrote for each, else the default
e5_scn_vars() {
	_nch=$PLAT_mem_n _nl=$PLAT_qpi
	[ -f $XU_E5_SCN ] || : >$XU_E5_SCN
	awk -v s="$1" -v nch=$_nch -v nl=$_nl "$E5_SCN_AWK"'
	END {
		o = "uclk=" v["uclk"] " latency=" v["latency"] " remote=" v["remote"]
		o = o " c0=" v["c0"] " c3=" v["c3"] " c6=" v["c6"]
		for (c = 0; c < nch; c++) o = o " read" c "=" v["read" c] " write" c "=" v["write" c]
		for (l = 0; l < nl; l++) o = o " tx" l "=" v["tx" l] " rx" l "=" v["rx" l]
		print o
	}' $XU_E5_SCN
}

# e5_scn SOCKET KEY [CHANNEL|LINK]: the scenario's value of KEY (read,
# write: of CHANNEL; tx, rx: of LINK; latency, remote, uclk, c0, c3, c6)
# on SOCKET
e5_scn() {
	case $2 in
	read | write | tx | rx) _k=$2${3:-0} ;;
	*) _k=$2 ;;
	esac
	for _kv in $(e5_scn_vars "$1"); do
		[ "${_kv%%=*}" = "$_k" ] && { echo "${_kv#*=}"; return; }
	done
}

# e5_expect PMU/TERMS/ SOCKET: the events a second that PMU counts on
# SOCKET for TERMS (perf's terms: event, umask, thresh, inv, edge,
# filter_opc; event=0xff: the fixed counter), by the definitions of
# Documentation/simulator.rst, "Traffic", from the scenario (e5_scn):
#   iMC c     ACT_COUNT (0x01): R and W (100 - pagehit)%, SNB-EP umask 0
#             both, IVB-EP RD 0x01 R, WR 0x02 W, BYP 0x08 none;
#             PRE_COUNT (0x02): PAGE_MISS 0x01 R and W pagemiss%,
#             PAGE_CLOSE 0x02 R + W (100 - pagehit - pagemiss)%, IVB-EP
#             RD 0x04 and WR 0x08 R, W pagemiss%, BYP 0x10 none, each
#             precharge once;
#             CAS_COUNT (0x04): a CAS counts if any umask bit selects it;
#             reads R = read[c] * 10^6 / 64 lines/s are regular 15/16
#             (0x01) or underfill 1/16 (0x02), and independently in
#             write-major 1/8 (0x10) or read-major 7/8 (0x20, both IVB-EP
#             only) mode; writes W = write[c] lines/s in write-major 7/8
#             (0x04) or read-major 1/8 (0x08) mode.  DCLK (0xff) and
#             DCLOCKTICKS (0x00, umask 0): 800000 (s + c + 1);
#             POWER_CKE_CYCLES (0x83): umask with rank 0 or 1 (0x03) DCLK
#             (100 - ckeoff)%, else 0
#   HA h      (SNB-EP: channels 0-3; IVB-EP: 4h to 4h+3) R, W their sums
#             REQUESTS (0x01): reads local (0x01) R (100 - remote)%,
#             remote (0x02) R remote%, writes local (0x04), remote (0x08)
#             likewise; IMC_READS.NORMAL (0x17, 0x01) R; IMC_WRITES
#             (0x1a) FULL (0x01) 7/8 W, PARTIAL (0x02) 1/8 W; clockticks
#             (0x00) uclk; ADDR_OPC_MATCH (0x20): ADDR (0x01) (R + W) /
#             4096 if line match_addr (the term) < 4096, else 0; OPC
#             (0x02) R if match_opc is 0x02, W if 0x0c, else 0; FILT
#             (0x03) OPC's / 4096 if ADDR's line is in range
#   C-Box b   of n (e5_cboxes): m = its share of the socket's reads (R / n,
#             the first R mod n C-Boxes one more), as many hits h, writes
#             w likewise, evictions 2w.  TOR_INSERTS (0x35) and, with each
#             a time in the TOR, TOR_OCCUPANCY (0x36): m misses x latency
#             x uclk cycles (Little's law), h x 20, evictions and
#             writebacks x 10.  umask 0x01 (opcode, filter_opc=0x182, else
#             0) m + h; 0x03, 0x0a m; 0x04 evictions; 0x08 m + h +
#             evictions; 0x10 w; IVB-EP 0x20 the local misses, 0x80 the
#             remote ones (then no hits); clockticks (0x00) uclk
#   QPI l     clockticks (0x14) 10^9; TxL (0x00, link tx) and RxL (0x01,
#             link rx) FLITS_G0: DATA (0x02) MB/s x 10^6 / 8, NON_DATA
#             (0x04) one a line, IDLE (0x01) 2 x 10^9 less both; CTO_COUNT
#             (0x38, umask 0) of the lines received (rx / 64 x 10^6), one
#             DRS packet each: opcode 0 7/8, 2 1/8, state M 1/4, E 1/2, F
#             1/4, VNW 2 (VNA) 3/4, 0 1/4, the share whose fields match
#             (terms match0/1, mask0/1, match_FIELD, mask_FIELD) under the
#             mask; none under a mask of DNID or RNID (the sockets' node
#             ids: the KUnit suite xeon_e5_sim_traffic checks those)
#   PCU       over its 800 MHz clock P: clockticks (0x00) P;
#             FREQ_BAND0-3 (0x0b-0x0e) P if uclk >= 100 x filter_bandN,
#             else 0; POWER_STATE_OCCUPANCY (0x80) occ_sel 1 c0% (IVB-EP:
#             100 - c3 - c6) of ncbox cores, 2 c3%, 3 c6%, each cycle;
#             thresh with occ_invert/occ_edge (0x80) or inv/edge (the
#             others) over P as below
#   R2PCIe, R3QPI clockticks (0x01), IRP clockticks (0x00): uclk
#   U-Box     UCLK (0xff): uclk x 10^6
#   others    the background 100000 ((event & 7) + 1) (s + idx + 1)
#             + 1000 umask
# (not here: the C-Box NID umasks, LLC_LOOKUP, tid_en and IVB-EP's nc and
# isoc filters, which the KUnit suite xeon_e5_sim_traffic checks; a
# script must not ask e5_expect for them)
# then (not on the PCU) thresh t, inv, edge over the count a cycle of the
# box's clock (uclk; QPI 10^9; iMC DCLK), spread evenly: the cycles with
# at least t (t = 1 if 0) are A = min(max(rate - (t - 1) clk, 0), clk);
# edge: min(A, clk - A); inv: clk - A.
e5_expect() { e5_expect_list "$2" "$1" | cut -d' ' -f2; }

# e5_expect_list SOCKET PMU/TERMS/...: "PMU/TERMS/ RATE" a line, in
# order, each RATE e5_expect's (one awk for them all: a fork and exec
# costs tens of ms in a TCG guest)
e5_expect_list() {
	_s=$1
	shift
	_nch=$PLAT_mem_n _nl=$PLAT_qpi
	[ -f $XU_E5_SCN ] || : >$XU_E5_SCN
	[ -n "${E5_NCBOX:-}" ] || E5_NCBOX=$(e5_cboxes)
	awk -v evs="$*" -v s="$_s" \
		-v cas_umask=$((PLAT_cas_umask)) -v tor_umask=$((PLAT_tor_umask)) -v nch=$_nch -v nl=$_nl -v ncbox="$E5_NCBOX" "$E5_SCN_AWK"'
	function num(x,  n, d, j) {
		if (x !~ /^0[xX]/) return x + 0
		n = 0
		for (j = 3; j <= length(x); j++) {
			d = index("0123456789abcdef", tolower(substr(x, j, 1))) - 1
			n = n * 16 + d
		}
		return n
	}
	function bit(x, m) { return int(x / m) % 2 }
	# x has a bit (of 8) that the mask m has not
	function outside(x, m,  j) {
		for (j = 1; j <= 128; j *= 2) if (bit(x, j) && !bit(m, j)) return 1
		return x >= 256
	}
	function fl(x) { return int(x) }
	function lines(mbps) { return fl(mbps * 1000000 / 64) }
	function chans(first, n,  c) {
		R = 0; W = 0
		for (c = first; c < first + n && c < nch; c++) {
			R += lines(v["read" c]); W += lines(v["write" c])
		}
	}
	function cshare(n) {
		if (i >= ncbox) return 0
		return fl(n / ncbox) + (i < n - fl(n / ncbox) * ncbox ? 1 : 0)
	}
	# 2 to the power n (without ^: not in every awk)
	function p2(n,  x) { x = 1; while (n-- > 0) x *= 2; return x }
	# field LO..LO+N-1 of x (< 2^53)
	function fld(x, lo, n) { return int(x / p2(lo)) % p2(n) }
	# the QPI packet field at LO of N bits is P under match qm and mask qk
	function fmatch(lo, n, p,  a, k, j) {
		a = fld(qm, lo, n); k = fld(qk, lo, n)
		for (j = 1; j < p2(n); j *= 2)
			if (bit(k, j) && bit(a, j) != bit(p, j)) return 0
		return 1
	}
	# the modelled rate, or -1 where the model leaves the encoding out
	function modelled(  a, bb, w, r, m, h, wb, evn, lo, sel, mb, data, hdr, idle, c, po, pr) {
		clk = uc
		if (b == "imc") {
			clk = 800000 * (s + i + 1)
			if (ev == 0 && um == 0) return clk
			# IVB-EP (the platform that has TOR local/remote umasks)
			ivb = tor_umask > 0
			if (ev == 1 || ev == 2) {
				chans(i, 1)
				h = v["pagehit" i]; m = v["pagemiss" i]
				if (ev == 1) {
					if (ivb ? (um == 0 || outside(um, 11)) : um != 0) return -1
					return (um == 0 || bit(um, 1) ? fl(R * (100 - h) / 100) : 0) + \
						(um == 0 || bit(um, 2) ? fl(W * (100 - h) / 100) : 0)
				}
				if (um == 0 || outside(um, ivb ? 31 : 3)) return -1
				return (bit(um, 1) || bit(um, 4) ? fl(R * m / 100) : 0) + \
					(bit(um, 1) || bit(um, 8) ? fl(W * m / 100) : 0) + \
					(bit(um, 2) ? fl((R + W) * (100 - h - m) / 100) : 0)
			}
			# POWER_CKE_CYCLES: ranks 0 and 1 CKE on (100 - ckeoff)%,
			# ranks 2-7 none; umask 0 selects no rank
			if (ev == 131) {
				if (um == 0) return -1
				return um % 4 ? fl(clk * (100 - v["ckeoff" i]) / 100) : 0
			}
			if (ev != 4 || outside(um, cas_umask)) return -1
			chans(i, 1)
			a = 15 * bit(um, 1) + bit(um, 2)
			bb = 7 * bit(um, 32) + bit(um, 16)
			w = 7 * bit(um, 4) + bit(um, 8)
			return fl(R * (128 - (16 - a) * (8 - bb)) / 128) + fl(W * w / 8)
		}
		if (b == "ha") {
			if (ev == 0 && um == 0) return uc
			chans(4 * i, 4); r = v["remote"]
			if (ev == 1) {
				if (um == 0 || um >= 64) return -1
				return (bit(um, 1) ? fl(R * (100 - r) / 100) : 0) + \
					(bit(um, 2) ? fl(R * r / 100) : 0) + \
					(bit(um, 4) ? fl(W * (100 - r) / 100) : 0) + \
					(bit(um, 8) ? fl(W * r / 100) : 0)
			}
			if (ev == 23) return um == 1 ? R : -1
			# ADDR_OPC_MATCH: ADDR 0x1 the line match_addr names, of
			# 4096 from 0 (a 4096th of the requests), OPC 0x2 the
			# requests of opcode match_opc (reads 0x02, writes 0x0c),
			# FILT 0x3 both
			if (ev == 32) {
				if (um == 0 || um >= 4) return -1
				w = R + W
				if (bit(um, 2)) w = (hopc == 2 ? R : 0) + (hopc == 12 ? W : 0)
				if (bit(um, 1)) w = haddr < 4096 ? fl(w / 4096) : 0
				return w
			}
			if (ev == 26) {
				if (um == 0 || um >= 16) return -1
				return (bit(um, 1) ? fl(W * 7 / 8) : 0) + (bit(um, 2) ? fl(W / 8) : 0)
			}
			return -1
		}
		if (b == "cbox") {
			if (ev == 0 && um == 0) return uc
			if (ev != 53 && ev != 54) return -1
			sel = um % 32
			if (sel != 1 && sel != 3 && sel != 4 && sel != 8 && sel != 10 && sel != 16)
				return -1
			if (bit(um, 64)) return -1
			# local 0x20 or remote 0x80 where the platform has them,
			# never both
			if (outside(um - um % 32, tor_umask) || (bit(um, 32) && bit(um, 128)))
				return -1
			chans(0, nch)
			m = cshare(R); h = m; wb = cshare(W); evn = 2 * wb
			if (bit(sel, 1) && opc != 386) return 0
			if (ev == 54) {
				m = fl(m * v["latency"] * v["uclk"] / 1000)
				h *= 20; evn *= 10; wb *= 10
			}
			lo = fl(m * (100 - v["remote"]) / 100)
			if (bit(um, 32)) m = lo
			else if (bit(um, 128)) m -= lo
			if (bit(um, 128)) h = 0
			if (sel == 1) return m + h
			if (sel == 8) return m + h + evn
			if (sel == 3 || sel == 10) return m
			if (sel == 4) return evn
			return wb
		}
		if (b == "qpi") {
			clk = 1000000000
			if (ev == 20 && um == 0) return clk
			# CTO_COUNT: of the lines received, one DRS packet each
			# (message class 0xe, opcode 0 7/8 or 2 1/8; response
			# state M 0x8 1/4, E 0x4 1/2, F 0x1 1/4; VNW VNA 0x2 3/4,
			# VN0 1/4), the 128ths whose fields equal those of the
			# match under the mask.  DNID and RNID are the node ids
			# of the two sockets, which this awk does not know: a
			# mask over them gets no number
			if (ev % 256 == 56) {
				if (um != 0) return -1
				if (fld(qk, 13, 5) || fld(qk, 31, 1) || fld(qk, 32, 4))
					return "no-node-ids"
				w = 0
				for (c = 0; c < 12; c++) {
					po = c % 6 < 3 ? 0 : 2; pr = c % 3 == 0 ? 8 : (c % 3 == 1 ? 4 : 1)
					if (fmatch(3, 2, c < 6 ? 0 : 2) && fmatch(5, 4, po) &&
					    fmatch(9, 4, 14) && fmatch(48, 4, pr))
						w += (po ? 1 : 7) * (pr == 4 ? 2 : 1) * (c < 6 ? 1 : 3)
				}
				return fl(lines(v["rx" i]) * w / 128)
			}
			if (ev != 0 && ev != 1) return -1
			if (um == 0 || um >= 8) return -1
			mb = ev ? v["rx" i] : v["tx" i]
			data = fl(mb * 1000000 / 8); hdr = lines(mb)
			idle = 2 * clk - data - hdr
			if (idle < 0) idle = 0
			return (bit(um, 1) ? idle : 0) + (bit(um, 2) ? data : 0) + (bit(um, 4) ? hdr : 0)
		}
		if (b == "pcu") {
			clk = 800000000
			if (um != 0) return -1
			if (ev == 128 && occ >= 1) {
				inv = oinv; edge = oedge
				pct = occ == 2 ? v["c3"] : occ == 3 ? v["c6"] : v["c0"]
				if (occ == 1 && tor_umask > 0) pct = 100 - v["c3"] - v["c6"]
				return fl(clk * ncbox * pct / 100)
			}
			if (occ != 0 || (ev != 0 && (ev < 11 || ev > 14))) return -1
			return v["uclk"] >= 100 * (ev ? band[ev - 11] : 0) ? clk : 0
		}
		if (b == "r2pcie" || b == "r3qpi") return ev == 1 && um == 0 ? uc : -1
		if (b == "irp") return ev == 0 && um == 0 ? uc : -1
		return -1
	}
	# the rate of PMU/TERMS/ e (b the box kind, i its index)
	function expect(e,  pm, terms, n, j, t, p, f, sh, rate, A) {
		pm = e; sub(/\/.*/, "", pm); sub(/^uncore_/, "", pm)
		terms = e; sub(/^[^\/]*\//, "", terms); sub(/\/$/, "", terms)
		b = pm; i = 0
		if (match(pm, /_[0-9]+$/)) { b = substr(pm, 1, RSTART - 1); i = substr(pm, RSTART + 1) + 0 }
		clk = 0
		uc = v["uclk"] * 1000000
		ev = 0; um = 0; th = 0; inv = 0; edge = 0; opc = 0; haddr = 0; hopc = 0; qm = 0; qk = 0
		occ = 0; oinv = 0; oedge = 0
		for (j = 0; j < 4; j++) band[j] = 0
		n = split(terms, t, ",")
		for (j = 1; j <= n; j++) {
			split(t[j], p, "=")
			if (p[2] == "") p[2] = 1
			if (p[1] == "event") ev = num(p[2])
			else if (p[1] == "umask") um = num(p[2])
			else if (p[1] == "thresh") th = num(p[2])
			else if (p[1] == "inv") inv = num(p[2])
			else if (p[1] == "edge") edge = num(p[2])
			else if (p[1] == "filter_opc") opc = num(p[2])
			else if (p[1] == "occ_sel") occ = num(p[2])
			else if (p[1] == "occ_invert") oinv = num(p[2])
			else if (p[1] == "occ_edge") oedge = num(p[2])
			else if (p[1] ~ /^filter_band[0-3]$/) band[substr(p[1], 12) + 0] = num(p[2])
			# HA: the line and the opcode; QPI: the match (config1) and
			# mask (config2) registers, whole or by field
			else if (p[1] == "match_addr") haddr = num(p[2])
			else if (p[1] == "match_opc" && b == "ha") hopc = num(p[2])
			else if (p[1] ~ /^(match|mask)/) {
				f = p[1]; sub(/^(match|mask)_?/, "", f)
				sh = f == "0" ? 0 : f == "1" ? 32 : f == "vnw" ? 3 : f == "opc" ? 5 : \
				     f == "mc" ? 9 : f == "dnid" ? 13 : f == "rnid4" ? 31 : \
				     f == "rnid30" ? 32 : f == "rds" ? 48 : -1
				if (p[1] ~ /^match/) qm += num(p[2]) * p2(sh)
				else qk += num(p[2]) * p2(sh)
			}
		}
		if (ev == 255) {
			if (b == "ubox") return sprintf("%.0f", uc)
			if (b == "imc") return sprintf("%.0f", 800000 * (s + i + 1))
		}
		rate = modelled()
		if (rate == "no-node-ids") return rate
		if (rate < 0) {
			if (b != "imc") clk = uc
			# the PCU: its occ_sel bits are umask bits 15:14
			rate = 100000 * (ev % 8 + 1) * (s + i + 1) + 1000 * (um + 64 * occ)
			if (b == "pcu") return sprintf("%.0f", rate)
		}
		if (!th && !inv && !edge) return sprintf("%.0f", rate)
		if (th < 1) th = 1
		A = rate - (th - 1) * clk
		if (A < 0) A = 0
		if (A > clk) A = clk
		if (edge) A = A < clk - A ? A : clk - A
		else if (inv) A = clk - A
		return sprintf("%.0f", A)
	}
	END {
		n = split(evs, E, " ")
		for (k = 1; k <= n; k++) print E[k], expect(E[k])
	}' $XU_E5_SCN
}

# e5_width PMU EVENT: the counter's width in bits, 44 for a general
# counter of a box the platform's row names in w44, else 48
e5_width() {
	[ $(($2)) = 255 ] && { echo 48; return; }
	_b=${1#uncore_}
	_b=${_b%%_[0-9]*}
	case ",$PLAT_w44," in
	*",$_b,"*) echo 44 ;;
	*) echo 48 ;;
	esac
}

# e5_inject SOCKET PMU EVENT COUNT: COUNT events into the simulator
e5_inject() { echo "$1 ${2#uncore_} $3 $4" >$XU_SIM/inject; }

# e5_errno OUTPUT: the errno of the last failed perf_event_open in the
# output of perf stat -vv / perf record -vv, or nothing
e5_errno() {
	printf '%s\n' "$1" | sed -n 's/.*sys_perf_event_open failed, error -\([0-9]*\).*/\1/p' | tail -n 1
}

# e5_newlog: the kernel log lines since the last call (dmesg -c), without
# timestamps, the VM harness's own, and the hrtimer core's report of a
# slow timer interrupt (printed once a boot; a stall of the TCG guest)
e5_newlog() {
	dmesg -c | grep -v -e 'vm: ' -e '] hrtimer: interrupt took [0-9]* ns$' |
		sed 's/^\[[ 0-9.]*\] //'
}

# ---- Xeon 7500 (nhmex) and E7 (wsmex): tools/testing/e2e/nhmex/*.sh ----
#
# NX: the model of the VM, set by nhmex_require.  tools/testing/check runs
# the nhmex scripts in VMs booted with vm/run --cpu=MODEL and passes
# XU_NHMEX_MODEL; by hand, the guest CPU's model tells (the cpu column of
# tools/testing/platforms: 46 nhmex, 47 wsmex); on any other CPU the
# scripts run on model=nhmex, the simulator's default.
NX=

# nhmex_require NAME: set NX (nhmex or wsmex) and the topology helpers
nhmex_require() {
	if [ -n "${XU_NHMEX_MODEL:-}" ] &&
	   [ "$(plat_fact "$XU_NHMEX_MODEL" family)" = nhmex ]; then
		NX=$XU_NHMEX_MODEL
	else
		NX=$(plat_names family=nhmex cpu="$(e5_cpu_model)" | head -n 1)
		NX=${NX:-nhmex}
	fi
	eval "$(plat_vars "$NX")"
	e5_topo
	diag "$1: model $NX, $(e5_sockets) sockets, $(e5_cores) cores per socket, CPU model $(e5_cpu_model)"
}

# nhmex_load [DRIVER PARAMS...] [-- SIM PARAMS...]: as e5_load, with
# model=$NX
nhmex_load() { E5=$NX e5_load "$@"; }

# nhmex_cboxes: C-Boxes per socket: one per core, at most the platform's
# (PLAT_cbox: 8 on Nehalem-EX, 10 on Westmere-EX; tools/testing/check
# boots the nhmex matrix with as many cores per socket, so that all of
# them exist)
nhmex_cboxes() {
	_n=$(e5_cores)
	[ "$_n" -gt "$PLAT_cbox" ] && _n=$PLAT_cbox
	echo "$_n"
}

# nhmex_rate PMU CODE[:SUB] SOCKET: the simulator's documented events/s
# of an event the traffic model leaves out, its background rate
# (Documentation/simulator.rst, "The generator") plus 1000 per unit of
# its sub-selector SUB (Documentation/simulator-nhmex-traffic.rst: the
# M-Box sub-register field, the R-Box IPERF value folded to 16 bits or
# QLX_CFG byte, the C-, S- or W-Box umask; default 0): CODE as the
# simulator's inject takes it (B-Box: counter * 32 + ev_sel; W 0xff the
# clock, the default scenario's uclk)
#   U-Box          100000 * (event + 1) * (socket + 1)
#   M-Box m        100000 * (inc_sel + 1) * (2 * socket + m + 1)
#   C-Box i        100000 * ((ev & 7) + 1) * (socket + i + 1)
#   B, S, R i      100000 * ((ev & 7) + 1) * (2 * socket + i + 1)
#   W-Box          100000 * ((ev & 7) + 1) * (socket + 1); clock 10x
nhmex_rate() {
	_b=${1#uncore_} _c=$((${2%%:*})) _u=0 _s=$3 _i=$(e5_idx "$1")
	case $2 in *:*) _u=$((${2#*:})) ;; esac
	case $_b in
	ubox) echo $((100000 * (_c + 1) * (_s + 1))) ;;
	mbox_*) echo $((100000 * (_c + 1) * (2 * _s + _i + 1) + 1000 * _u)) ;;
	cbox_*) echo $((100000 * ((_c & 7) + 1) * (_s + _i + 1) + 1000 * _u)) ;;
	wbox)
		if [ $_c = 255 ]; then echo $((1000000 * (_s + 1)))
		else echo $((100000 * ((_c & 7) + 1) * (_s + 1) + 1000 * _u)); fi
		;;
	*) echo $((100000 * ((_c & 7) + 1) * (2 * _s + _i + 1) + 1000 * _u)) ;;
	esac
}

# nhmex_bw read|write SOCKET M: M-Box M's bytes/s in the default traffic
# scenario (Documentation/simulator-nhmex-traffic.rst): 96 and 64 MB/s x
# (2 * socket + M + 1)
nhmex_bw() {
	case $1 in
	read) echo $((96000000 * (2 * $2 + $3 + 1))) ;;
	*) echo $((64000000 * (2 * $2 + $3 + 1))) ;;
	esac
}

# nhmex_inject SOCKET ARGS...: one line into the simulator's inject file
nhmex_inject() { echo "$*" >$XU_SIM/inject; }

# nhmex_quiet: the generator off, so that only injected events count
nhmex_quiet() { echo 0 >$XU_SIM/generator; }

# nhmex_pmus: every PMU the driver registers for $NX, sorted as ls sorts
nhmex_pmus() {
	{
		echo uncore_ubox uncore_wbox
		for _i in $(e5_seq "$(nhmex_cboxes)"); do echo "uncore_cbox_$_i"; done
		for _b in bbox sbox mbox rbox; do echo "uncore_${_b}_0 uncore_${_b}_1"; done
	} | tr ' ' '\n' | LC_ALL=C sort
}

# ---- the platform: one script per behaviour, its rows per family ----
#
# A behaviour every platform has (discovery, rates, errors, perf record,
# xu-bw) is one script, run on every matrix line; what differs per
# platform is in its tables: the family's own file, family/nhmex.sh
# (Xeon 7500 and E7: nhmex, wsmex) or family/e5.sh (Xeon E5 and E5 v2:
# snbep, ivbep), and the script's rows, chosen by FAM and by the
# platform's facts (PLAT_<column>, tools/testing/platforms), never by
# its name.
FAM= MODEL=

# platform_require NAME: set FAM, MODEL (and E5 or NX, as e5_require and
# nhmex_require do) and source the family's file.  The model comes from
# XU_E5_MODEL or XU_NHMEX_MODEL (tools/testing/check sets one per
# matrix line), else from the guest CPU (the platforms' cpu column: 45
# snbep, 62 ivbep, 47 wsmex), else it is the simulator's default, nhmex
# (the base VMs).
platform_require() {
	if [ -n "${XU_E5_MODEL:-}" ] || { [ -z "${XU_NHMEX_MODEL:-}" ] && [ -n "$(e5_model)" ]; }; then
		FAM=e5
		e5_require "$1"
		MODEL=$E5
	else
		FAM=nhmex
		nhmex_require "$1"
		MODEL=$NX
	fi
	. "$XU_E2E/family/$FAM.sh"
}
# ---- perf record's samples, for common/70-record.sh and
# nhmex/93-record-boxes.sh
# frozen_ns SOCKET: the simulator's frozen_ns of SOCKET (the time PMIs
# kept it frozen so far), or "unreadable"
frozen_ns() {
	if [ -r $XU_SIM/frozen_ns ]; then
		awk -v s="$1" '$1 == s { print $2; f = 1 } END { if (!f) print "unreadable" }' $XU_SIM/frozen_ns
	else
		echo unreadable
	fi
}

# uptime_s: seconds since boot, 10 ms resolution
uptime_s() { cut -d' ' -f1 /proc/uptime; }

# rec_script FILE: "CPU TIME PERIOD EVENT" per sample of perf.data FILE
# (the CPU without leading zeros: busybox awk reads 010 as octal), from
# FILE.samples if that was written from the same FILE (a copy of it,
# FILE.read): perf script takes seconds to start under TCG, and a
# record's checks read its file a dozen times
rec_script() {
	if ! cmp -s "$1" "$1.read"; then
		perf script -i "$1" -F cpu,time,period,event 2>/dev/null | tr -d '[]:' |
			sed 's/^ *0*\([0-9]\)/\1/' |
			awk 'NF == 4 { print $1 + 0, $2, $3, $4 }' >"$1.samples"
		cp "$1" "$1.read"
	fi
	cat "$1.samples"
}

# rec_samples FILE [NAME]: "CPU TIME PERIOD" per sample of perf.data FILE,
# or of its event named NAME (perf's name= term) only
rec_samples() {
	rec_script "$1" | awk -v e="$2" 'e == "" || $4 == e { print $1, $2, $3 }'
}

# rec_stats FILE CPUS [NAME]: "N SPAN_S MIN_PERIOD MAX_PERIOD" of FILE's
# samples (of the event NAME) taken on one of CPUS (comma-separated)
rec_stats() {
	rec_samples "$1" "$3" | awk -v c=",$2," 'index(c, "," $1 ",") { n++; t[n] = $2; p[n] = $3 }
		END {
			if (n < 2) { print n + 0, 0, 0, 0; exit }
			mn = p[1]; mx = p[1]
			for (i = 2; i <= n; i++) { if (p[i] < mn) mn = p[i]; if (p[i] > mx) mx = p[i] }
			printf "%d %.6f %d %d\n", n, t[n] - t[1], mn, mx
		}'
}

# rec_half_rate FILE CPU [NAME]: "N SPAN_S RATE" of CPU's samples (of the
# event NAME) in the second half (by time) of their span: RATE = (N - 1) /
# SPAN_S samples/s
rec_half_rate() {
	rec_samples "$1" "$3" | awk -v c="$2" '$1 == c { n++; t[n] = $2 }
		END {
			if (n < 4) { print 0, 0, 0; exit }
			mid = (t[1] + t[n]) / 2; k = 0
			for (i = 1; i <= n; i++) if (t[i] >= mid) { if (!k) s = t[i]; k++ }
			if (k < 2 || t[n] <= s) { print k, 0, 0; exit }
			printf "%d %.6f %.2f\n", k, t[n] - s, (k - 1) / (t[n] - s)
		}'
}

# check_sample_cpus DESC DATA PMU [NAME]: every sample in perf.data DATA
# (of the event NAME) was written on a CPU of PMU's cpumask (perf's ring
# buffer takes an event's samples from the CPU the event is active on,
# whichever CPU took the PMI)
check_sample_cpus() {
	_mask=,$(cat "/sys/bus/event_source/devices/$3/cpumask"),
	_bad=$(rec_script "$2" | awk -v m="$_mask" -v e="$4" '
			e == "" || $4 == e { n++; if (!index(m, "," $1 ",")) { bad++; if (!w[$1]++) l = l " " $1 } }
			END { if (!n) print "no samples"; else if (bad) print bad " of " n " on CPUs" l }')
	if [ -z "$_bad" ]; then ok "$1"; else fail "$1"; diag "$_bad; cpumask $_mask"; fi
}

# wd_folds: the overflows the driver's PMI watchdog has folded since the
# kernel log was last cleared.  The driver logs each one it finds ("...
# folded and unfrozen by the watchdog", rate-limited: 0 means none); a
# watchdog fold needs the package frozen across two of its 50 ms ticks,
# which is how a lost or ignored PMI shows.
wd_folds() { dmesg | grep -c 'folded and unfrozen by the watchdog'; }

# Around one perf record (common/70-record.sh, nhmex/93-record-boxes.sh),
# what the PMIs did meanwhile, in files /tmp/TAG-*:
# rec_begin TAG: each socket's frozen time so far, the PMIs lost and the
# watchdog's folds so far (_wd), the time (_t0)
rec_begin() {
	for _s in $(e5_seq "$(e5_sockets)"); do frozen_ns "$_s"; done >"/tmp/$1-frozen.0"
	cat $XU_SIM/lost_pmis >"/tmp/$1-lost.0" 2>&1
	_wd=$(wd_folds)
	_t0=$(uptime_s)
}
# rec_end DESC TAG: after it, the seconds since rec_begin (_run), each
# socket's frozen time again; no overflow folded by the watchdog, none
# lost to a masked LVTPC
rec_end() {
	_run=$(awk -v a="$_t0" -v b="$(uptime_s)" 'BEGIN { printf "%.2f", b - a }')
	check_eq "$1: every overflow folded by its PMI, none by the watchdog" \
		"$(($(wd_folds) - _wd))" 0
	check "$1: no PMI lost to a masked LVTPC" cmp -s "/tmp/$2-lost.0" $XU_SIM/lost_pmis
	for _s in $(e5_seq "$(e5_sockets)"); do frozen_ns "$_s"; done >"/tmp/$2-frozen.1"
}
# rec_frozen_s TAG SOCKET: the seconds SOCKET was frozen between
# rec_begin and rec_end, or "unreadable"
rec_frozen_s() {
	awk -v a="$(sed -n "$(($2 + 1))p" "/tmp/$1-frozen.0")" \
		-v b="$(sed -n "$(($2 + 1))p" "/tmp/$1-frozen.1")" 'BEGIN {
		if (a !~ /^[0-9]+$/ || b !~ /^[0-9]+$/) print "unreadable"
		else printf "%.6f", (b - a) / 1e9 }'
}
# rec_want RATE SPAN PERIOD FROZEN: the periods a span of SPAN seconds
# holds at RATE events/s, less the FROZEN seconds of the run: a frozen
# package counts nothing, and the run's freezes (from an overflow to its
# walk) fall between its first sample and its last, but for the first
# sample's own, not in the seconds perf takes to start and end, which can
# be longer than the workload under TCG
rec_want() {
	awk -v r="$1" -v t="$2" -v p="$3" -v f="$4" \
		'BEGIN { printf "%.1f", r * (t - f) / p }'
}

finish() {
	[ "$XU_N" = "$XU_PLAN" ] || diag "$XU_N results for the plan of ${XU_PLAN:-none}"
	[ "$XU_FAILED" = 0 ] && [ "$XU_N" = "$XU_PLAN" ] && exit 0
	exit 1
}

# ---- xu-bw (tools/xu-bw), for common/76-bw.sh: it sets T
# (a path prefix) and write $T.want, "socket record box read write tx" in
# bytes/s ("-" for none)
# bw_compare DESC FILE [PCT]: FILE has "interval socket record box read
# write tx" (MB/s) lines; every interval must have exactly the records of
# $T.want, each figure within PCT% (default 2).  One "ok"/"not ok" line
# per interval and figure kind, the first differences as diagnostics.
bw_compare() {
	awk -v d="$1" -v pct="${3:-2}" '
	FNR == NR { want[$1 " " $2 " " $3] = $4 " " $5 " " $6; n++; next }
	{
		iv[$1] = 1; k = $2 " " $3 " " $4
		if (!(k in want)) { bad[$1] = bad[$1] " unexpected:" k; next }
		seen[$1 "|" k] = 1; split(want[k], w, " ")
		got[1] = $5; got[2] = $6; got[3] = $7
		for (j = 1; j <= 3; j++) {
			if (w[j] == "-" && got[j] == "-") continue
			if (w[j] == "-" || got[j] == "-" || got[j] !~ /^[0-9.]+$/) {
				bad[$1] = bad[$1] " " k ":" j "=" got[j]; continue
			}
			e = w[j] / 1e6; x = got[j] - e; if (x < 0) x = -x
			if (x > e * pct / 100)
				bad[$1] = bad[$1] " " k ":" j "=" got[j] "(want " e ")"
			cnt[$1]++
		}
	}
	END {
		m = 0
		for (i in iv) {
			m++
			for (k in want) if (!((i "|" k) in seen)) bad[i] = bad[i] " missing:" k
			if (bad[i] == "") print "ok " d ": interval " i "s, " cnt[i] " figures within " pct "%"
			else print "not ok " d ": interval " i "s:" substr(bad[i], 1, 400)
		}
		if (m == 0) print "not ok " d ": no records"
	}' $T.want "$2" >$T.res
	while read -r l; do
		case $l in
		ok*) ok "${l#ok }" ;;
		*) fail "${l#not ok }" ;;
		esac
	done <$T.res
}

# bw_csv_norm: xu-bw's CSV $T.csv as bw_compare's records, in $T.norm
bw_csv_norm() {
	awk -F, 'NR > 1 { for (j = 6; j <= 8; j++) if ($j == "") $j = "-"
		r = $4; b = $5 == "" ? "-" : $5; s = $3 == "" ? "-" : $3
		print $2, s, r, b, $6, $7, $8 }' $T.csv >$T.norm
}

# bw_json_norm: xu-bw's JSON lines $T.json as bw_compare's records, in $T.norm
bw_json_norm() {
	awk 'function get(k,  v) {
			if (!match($0, "\"" k "\":[^,}]*")) return "-"
			v = substr($0, RSTART + length(k) + 3, RLENGTH - length(k) - 3)
			gsub(/"/, "", v); return v == "" ? "-" : v
		}
		{ print get("elapsed_s"), get("socket"), get("record"), get("box"),
			get("read_MBps"), get("write_MBps"), get("tx_MBps") }' $T.json >$T.norm
}

# bw_cmd_sigint_privilege: the parts of the xu-bw test (76) that do
# not depend on the platform: -- CMD, SIGINT, no privilege; then the
# simulator's reserved bits and the unload.  Uses $BW, $T, $OUT and rc().
bw_cmd_sigint_privilege() {
	# -- CMD: stops when the command exits, with its exit status
	check_eq "xu-bw -i 5 --csv -- sh -c 'sleep 0.3; exit 3': exit 3" \
		"$($BW -i 5 --csv -- sh -c 'sleep 0.3; exit 3' >$T.csv 2>$OUT; echo $?)" 3
	check "-- CMD: one partial interval, under 2 s" awk -F, \
		'NR > 1 { n++; if ($2 >= 2) exit 1 } END { exit !(n > 0) }' $T.csv

	# SIGINT: the plot of the intervals so far
	$BW -i 0.3 --plot=$T-int.svg >/dev/null 2>$OUT &
	pid=$!
	sleep 1
	kill -INT $pid
	wait $pid
	check_eq "SIGINT: exit 0" $? 0
	check_eq "SIGINT: the SVG closed" "$(tail -n 1 $T-int.svg 2>&1)" "</svg>"

	# without privilege: EACCES and the paranoid level named, exit 1 (the
	# guest's /etc/passwd, in its initramfs, may lack nobody)
	grep -q '^nobody:' /etc/passwd || echo 'nobody:x:65534:65534:nobody:/:/bin/sh' >>/etc/passwd
	if grep -q '^nobody:' /etc/passwd && [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -ge 1 ]; then
		r=$(rc su -s /bin/sh -c "$BW -n 1" nobody)
		check_eq "as nobody: exit 1" "$r" 1
		check "as nobody: the errno named (EACCES)" grep -q "failed: EACCES" $OUT
		check "as nobody: perf_event_paranoid named" grep -q "perf_event_paranoid is" $OUT
	else
		skip "as nobody: no user nobody, or perf_event_paranoid < 1"
	fi

	check_eq "no reserved-bit writes" "$(cat $XU_SIM/violations 2>/dev/null)" 0
	check "unload xeon_uncore_sim and xeon_uncore" unload_module
}

# hwpath_delivery FILE DESC CTR CTL VALUE WHO (the 8w-hwpath scripts):
# the load's timing of a PMI's delivery (pmi_probe.c xu_pmi_probe()), where TCG
# raises no PMI, in the accesses take wrote to FILE: package 0's
# collecting CPU (the first of $COLL) wrote the counter CTR three below
# 2^48, its control CTL VALUE, then both 0; no CPU started CTR so again
# (no other package timed); and the driver logged that WHO ("PMU counter
# N") raised no PMI in 1000 ms.  One check, DESC.
hwpath_delivery() {
	_c0=${COLL%% *}
	_seq=$(awk -v c="$_c0" -v a="$3" -v b="$4" \
		'$1 == c && $2 == "w" && ($3 == a || $3 == b) { printf "%s=%s ", $3, $4 }' "$1")
	case "$_seq" in
	*"$3=fffffffffffd $4=$5 $4=0 $3=0 "*)
		if dmesg | grep -q "package 0: $6 raised no overflow interrupt in 1000 ms; a PMI's delivery is not charged" &&
		   [ "$(grep -c " w $3 fffffffffffd\$" "$1")" = 1 ]; then
			ok "$2"
			return
		fi ;;
	esac
	fail "$2"
	diag "CPU $_c0 wrote: $_seq"
}

# take FILE (the 8w-hwpath scripts; $TR: tracefs): the MSR accesses
# traced since the last take but the FS/GS
# bases, one "CPU OP MSR VALUE [#GP]" line each (OP r or w; MSR and
# VALUE in hex as the tracepoint prints them), in trace order; the
# buffer is emptied
take() {
	awk '!/^#/ {
		cpu = ""; op = ""
		for (i = 1; i <= NF; i++) {
			# "[014]": busybox awk reads a leading 0 as octal
			if ($i ~ /^\[[0-9]+\]$/) {
				cpu = substr($i, 2, length($i) - 2)
				sub(/^0+/, "", cpu)
				if (cpu == "") cpu = 0
			}
			if ($i == "read_msr:") op = "r"
			if ($i == "write_msr:") op = "w"
			if (op != "") break
		}
		if (op == "" || cpu == "") next
		msr = $(i + 1); sub(/,$/, "", msr)
		# the FS/GS bases a context switch writes where the CPU
		# model has no FSGSBASE (Nehalem, Westmere)
		if (msr ~ /^c000010[0-2]$/) next
		printf "%d %s %s %s%s\n", cpu, op, msr, $(i + 3), /#GP/ ? " #GP" : ""
	}' $TR/trace >"$1"
	echo >$TR/trace
}
