#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Performance Co-Pilot on the simulated Xeon E5 / E5 v2, with Debian's
# pmcd, pminfo, pmval and perfevent PMDA (pcp 6.0.3, from /add/fleet/pcp:
# tools/testing/fleet/tree, given to one IVB-EP VM of the matrix) and our
# configuration tools/fleet/pcp/perfevent-$E5.conf (/add/fleet/xu-pcp):
# every channel's CAS read and write counter is a metric with one
# instance per socket; pmval's rate of channel 0 and, from two pminfo
# snapshots 10 s apart, every socket's read and write bytes per second
# are within 2% of the default traffic scenario's (lib.sh e5_expect,
# e5_scn_sum);
# then pmcd runs the openmetrics PMDA (Python 3.11 and python3-pcp, the
# modules it loads only) beside it, on xu-bw --prom's file at the path
# of our URL file tools/fleet/pcp/xeon_uncore.url: one instance per
# channel and socket, and every socket's read and write bytes per second
# from two snapshots 10 s apart (timed by the file's own
# xeon_uncore_last_read_timestamp_seconds) are within 2% of the same rates:
#   channel imc_i, socket s: read 32 (s + i + 1) MB/s, write 16 (s + i + 1)
. "$(dirname "$0")/../lib.sh"

F=/add/fleet
T=/tmp/89-e5-fleet-pcp

e5_require e5/89-fleet-pcp
if [ ! -d $F/pcp ] || [ ! -f $F/xu-pcp/perfevent-$E5.conf ]; then
	plan 1
	skip "PCP: no /add/fleet/pcp in this VM (tools/testing/check gives it to the first IVB-EP line on a Debian kernel)"
	exit 0
fi
S=$(e5_sockets)
# the platform's iMC channels
NIMC=$PLAT_mem_n
up() { cut -d' ' -f1 /proc/uptime; }

# the load, pmcd, the metrics and instances (2), 5 per socket (pmval,
# PCP's read and write, openmetrics' read and write), openmetrics (2),
# the unload
plan $((1 + 1 + 2 + 5 * S + 2 + 1))
check "load xeon_uncore and xeon_uncore_sim model=$E5" e5_load
t0=$(up)

# PCP where its /etc/pcp.conf says (the guest is thrown away), run as
# root; the namespace holds the perfevent PMDA's dynamic tree only
cp -a $F/pcp/. /
export LD_LIBRARY_PATH=/usr/lib:/lib
grep -q '^pcp:' /etc/passwd || echo 'pcp:x:998:998:pcp:/var/lib/pcp:/bin/sh' >>/etc/passwd
grep -q '^pcp:' /etc/group || echo 'pcp:x:998:' >>/etc/group
mkdir -p /run/pcp /var/log/pcp/pmcd /var/lib/pcp/pmns /var/lib/pcp/tmp /etc/pcp/pmcd /etc/pcp/perfevent
printf 'root {\n\tperfevent\t127:*:*\n}\n' >/var/lib/pcp/pmns/root
printf 'perfevent\t127\tpipe\tbinary\t/usr/lib/pcp/pmdas/perfevent/pmdaperfevent -d 127\n' \
	>/etc/pcp/pmcd/pmcd.conf
cp $F/xu-pcp/perfevent-$E5.conf /etc/pcp/perfevent/perfevent.conf
# the PMDA reads $PCP_PMDAS_DIR/perfevent/perfevent.conf, which Debian's
# package makes a symbolic link to that file
mkdir -p /var/lib/pcp/pmdas/perfevent
ln -sf /etc/pcp/perfevent/perfevent.conf /var/lib/pcp/pmdas/perfevent/perfevent.conf
/usr/lib/pcp/bin/pmcd -f -U root -l $T.pmcd.log >/dev/null 2>&1 &
pmcdpid=$!
M=perfevent.hwcounters.uncore_imc_0.cas_count_read.value
n=0
until pminfo $M >/dev/null 2>&1 || [ $n -ge 60 ]; do sleep 0.5; n=$((n + 1)); done
check "pmcd with the perfevent PMDA answers (after $(awk -v a="$t0" -v b="$(up)" 'BEGIN { print b - a }') s)" pminfo $M
# the PMDA logs into pmcd's working directory
plog=$(find / -xdev -name perfevent.log 2>/dev/null | head -n 1)
pminfo $M >/dev/null 2>&1 || {
	tail -n 15 $T.pmcd.log | sed 's/^/# pmcd.log: /'
	[ -n "$plog" ] && tail -n 15 "$plog" | sed 's/^/# perfevent.log: /'
}

# the metrics: every channel's read and write, one instance per socket
MS=
for i in $(e5_seq $NIMC); do
	MS="$MS perfevent.hwcounters.uncore_imc_$i.cas_count_read.value"
	MS="$MS perfevent.hwcounters.uncore_imc_$i.cas_count_write.value"
done
# snap FILE: "metric cpu value" of every metric, and the time (the middle
# of the pminfo call) in FILE.t
snap() {
	_a=$(up)
	# shellcheck disable=SC2086 # one word per metric
	pminfo -f $MS | awk '/^perfevent/ { m = $1 } /inst \[/ { c = $0
		sub(/.*or "/, "", c); sub(/".*/, "", c); print m, c, $NF }' >"$1"
	_b=$(up)
	awk -v a="$_a" -v b="$_b" 'BEGIN { printf "%.3f\n", (a + b) / 2 }' >"$1.t"
}
snap $T.s1
check_eq "pminfo: $((2 * NIMC)) metrics x $S instances (one per socket)" "$(wc -l <$T.s1)" $((2 * NIMC * S))
# the instances are the cpumask's CPUs, one per socket
cpus=$(awk '{ print $2 }' $T.s1 | sort -u | sed 's/^cpu//' | sort -n | tr '\n' ',' | sed 's/,$//')
check_eq "the instances are the PMU's cpumask CPUs" "$cpus" "$(cat /sys/bus/event_source/devices/uncore_imc_0/cpumask)"

# pmval: channel 0's reads per second, per socket (its rates come from
# pmcd's fetch times)
pmval -t 2 -s 3 $M >$T.pmval 2>&1
while IFS= read -r l; do diag "pmval: $l"; done <$T.pmval
hdr=$(grep -E '^ *cpu[0-9]' $T.pmval | tail -n 1)
last=$(grep -E '^ *[0-9.]+E[+-][0-9]+' $T.pmval | tail -n 1)
for s in $(e5_seq "$S"); do
	c=$(e5_socket_cpu "$s")
	got=$(echo "$hdr|$last" | awk -F'|' -v c="cpu$c" '{ n = split($1, h, " "); split($2, v, " ")
		for (i = 1; i <= n; i++) if (h[i] == c) printf "%.0f\n", v[i] }')
	check_within_pct "pmval $M, socket $s (cpu$c), last 2 s" "${got:-none}" \
		"$(e5_expect uncore_imc_0/event=0x4,umask=0x3/ "$s")" 2
done

# every socket's bytes per second: two snapshots 10 s apart
sleep 10
snap $T.s2
dt=$(awk -v a="$(cat $T.s1.t)" -v b="$(cat $T.s2.t)" 'BEGIN { print b - a }')
diag "pminfo snapshots $dt s apart"
for s in $(e5_seq "$S"); do
	c=cpu$(e5_socket_cpu "$s")
	for d in read write; do
		want=$(($(e5_scn_sum "$s" $d) * 1000000))
		got=$(awk -v c="$c" -v d="cas_count_$d" -v dt="$dt" 'FNR == NR { if ($2 == c && index($1, d)) a[$1] = $3; next }
			$2 == c && index($1, d) && ($1 in a) { sum += $3 - a[$1]; n++ }
			END { if (n) printf "%.0f\n", sum * 64 / dt }' $T.s1 $T.s2)
		check_within_pct "PCP socket $s ($c): memory $d bytes/s, the sum of $NIMC channels" "${got:-none}" "$want" 2
		diag "PCP socket $s $d: $got B/s, documented $want"
	done
done

kill $pmcdpid 2>/dev/null
wait $pmcdpid
[ -n "$plog" ] && grep -i -E 'error|unable' "$plog" | head -n 5 | sed 's/^/# perfevent.log: /'

# ---- the openmetrics PMDA (Python) reading xu-bw --prom's file, at the
# path our URL file names; pmcd runs it beside the perfevent PMDA
t1=$(up)
BW=/add/xu-bw
PROM=$(sed 's|^file://||' $F/xu-pcp/xeon_uncore.url)
mkdir -p "$(dirname "$PROM")" /var/lib/pcp/pmdas/openmetrics/config.d
$BW -i 1 --prom="$PROM" >$T.bw.out 2>&1 &
bwpid=$!
cp $F/xu-pcp/xeon_uncore.url /var/lib/pcp/pmdas/openmetrics/config.d/
# pcp.pmapi finds libpcp with ctypes' find_library, that is ldconfig -p:
# a cache for the guest (which has none), removed at the end
ldcache=/etc/ld.so.cache
[ -e $ldcache ] && ldcache=
/sbin/ldconfig /usr/lib /lib
printf 'root {\n\tperfevent\t127:*:*\n\topenmetrics\t144:*:*\n}\n' >/var/lib/pcp/pmns/root
printf 'openmetrics\t144\tpipe\tbinary notready\tpython3 %s\n' \
	/usr/lib/pcp/pmdas/openmetrics/pmdaopenmetrics.python >>/etc/pcp/pmcd/pmcd.conf
# its cache of metric names; a Python start under TCG (no .pyc) takes
# longer than pmcd's 3 s for a PMDA's first answer: -q 120
mkdir -p /var/lib/pcp/config/pmda
/usr/lib/pcp/bin/pmcd -f -U root -q 120 -l $T.pmcd2.log >/dev/null 2>&1 &
pmcdpid=$!
O=openmetrics.xeon_uncore
TS=$O.xeon_uncore_last_read_timestamp_seconds
RD=$O.xeon_uncore_memory_read_bytes_total
WR=$O.xeon_uncore_memory_write_bytes_total
n=0
until pminfo -f $RD 2>/dev/null | grep -q 'inst \[' || [ $n -ge 240 ]; do sleep 0.5; n=$((n + 1)); done
check "pmcd with the openmetrics PMDA: $RD has values (after $(awk -v a="$t1" -v b="$(up)" 'BEGIN { print b - a }') s)" \
	sh -c "pminfo -f $RD | grep -q 'inst \\['"
pminfo -f $RD 2>&1 | grep -q 'inst \[' || {
	grep -i -E "openmetrics|error|timeout|fail" $T.pmcd2.log | tail -n 15 | sed 's/^/# pmcd.log: /'
	olog=$(find / -xdev -name openmetrics.log 2>/dev/null | head -n 1)
	[ -n "$olog" ] && tail -n 15 "$olog" | sed 's/^/# openmetrics.log: /'
	tail -n 5 $T.bw.out | sed 's/^/# xu-bw: /'
}
# osnap FILE: "read|write socket bytes" per channel and "ts T", one
# pminfo, one fetch (pminfo -b: 128 metrics a fetch), one read of the file
osnap() {
	pminfo -f $TS $RD $WR >"$1.raw" 2>&1
	awk '/^openmetrics/ { m = $1 } /value/ && m ~ /timestamp/ && !/inst \[/ { print "ts", $NF }
		/inst \[/ { s = $0; sub(/.*socket:/, "", s); sub(/[^0-9].*/, "", s)
			d = (m ~ /read_bytes/) ? "read" : "write"; print d, s, $NF }' "$1.raw" >"$1"
}
osnap $T.o1
sed -n '1,12p' $T.o1.raw | sed 's/^/# pminfo: /'
check_eq "openmetrics: $NIMC read and $NIMC write instances per socket" \
	"$(grep -c -E '^(read|write) ' $T.o1)" $((2 * NIMC * S))
sleep 10
osnap $T.o2
dt=$(awk '$1 == "ts" { t[FILENAME] = $2 } END { for (f in t) { if (n++) b = t[f]; else a = t[f] }
	d = b - a; printf "%.3f\n", d < 0 ? -d : d }' $T.o1 $T.o2)
diag "openmetrics snapshots $dt s apart (xu-bw's xeon_uncore_last_read_timestamp_seconds)"
for s in $(e5_seq "$S"); do
	for d in read write; do
		want=$(($(e5_scn_sum "$s" $d) * 1000000))
		got=$(awk -v s="$s" -v d="$d" -v dt="$dt" '$1 == d && $2 == s { if (FNR == NR) a += $3; else b += $3 }
			END { if (dt > 0) printf "%.0f\n", (b - a) / dt }' $T.o1 $T.o2)
		check_within_pct "openmetrics socket $s: memory $d bytes/s, the sum of $NIMC channels" "${got:-none}" "$want" 2
		diag "openmetrics socket $s $d: $got B/s, documented $want"
	done
done
kill $pmcdpid $bwpid 2>/dev/null
wait $pmcdpid
wait $bwpid
[ -n "$ldcache" ] && rm -f $ldcache
diag "e5/89-fleet-pcp: openmetrics $(awk -v a="$t1" -v b="$(up)" 'BEGIN { print b - a }') s"
diag "e5/89-fleet-pcp: $(awk -v a="$t0" -v b="$(up)" 'BEGIN { print b - a }') s"
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
