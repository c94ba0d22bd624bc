#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# perf record -a across an offline and online of a collecting CPU.  perf
# ties each ring buffer to one CPU, its one writer (perf_event_set_output()
# refuses a buffer of another CPU): a sampling event perf moves with its
# package to the new collecting CPU ends there, rather than write into
# the buffer of the CPU that left, which that CPU's own events write into
# again once it is back.  Counting events move and count on (50-hotplug).
#   - every sample is written on the CPU whose buffer it is in: socket 0's
#     on CPU 0, socket 1's on CPU 2 (the cpumask when perf opened them),
#     never on CPU 3, which collects socket 1 after the move;
#   - perf script and perf report read the file without a warning, every
#     record whole: as many samples in the dump as perf report counts,
#     each with the period asked for;
#   - socket 0 samples on across the hotplug; socket 1's event ends with
#     one log line; a new perf record samples socket 1 on CPU 3;
#   - the same offline while socket 1's sampling events are throttled
#     (max_sample_rate=100, the PMI budget at 1%: the unthrottle timer and
#     irq_work of the departing CPU are handed on, the throttled events
#     restarted and ended there) ends them the same way, with no kernel
#     warning, and a counting event of socket 1 beside them counts on.
# The VM has 4 CPUs on 2 sockets: CPUs 0 and 2 collect, 1 and 3 do not;
# CPU 0 cannot go offline, so socket 1 is the one exercised.
. "$(dirname "$0")/../lib.sh"

SIM=$XU_SIM
DATA=/tmp/51-record.data
DEV=/sys/bus/event_source/devices
EV=uncore_mbox_0/cycles/
PERIOD=1000

# wait_counting SOCKET: until perf has enabled a counter of its M-Box 0
wait_counting() {
	_i=0
	while [ $_i -lt 200 ]; do
		awk -v s="$1" '$1 == s && $2 ~ /^0xcb[02468a]$/ && $3 != "0x0" { f = 1 }
			END { exit !f }' $SIM/msr && return 0
		sleep 0.1; _i=$((_i + 1))
	done
	diag "no counter of socket $1 ever enabled"
}
online() { echo "$2" >/sys/devices/system/cpu/cpu$1/online; }
# cpu_stats CPU: "N FIRST LAST" of the samples written on CPU
cpu_stats() {
	rec_samples $DATA | awk -v c="$1" '$1 == c { n++; if (n == 1) a = $2; b = $2 }
		END { printf "%d %.3f %.3f\n", n, a, b }'
}

plan 29
check "load xeon_uncore and xeon_uncore_sim" load_module
check_eq "CPUs 0 and 2 collect" "$(cat $DEV/uncore_mbox_0/cpumask)" "0,2"
dmesg -c >/dev/null

# The record lasts until the script stops it, so that the offline, the
# online and a second after it fall inside it however slowly perf starts
rm -f /tmp/51.stop
t_start=$(uptime_s)
perf record -a -c $PERIOD -e $EV -o $DATA -- \
	sh -c 'until [ -e /tmp/51.stop ]; do sleep 0.1; done' >/tmp/51-record.out 2>&1 &
rec=$!
wait_counting 1
sleep 1
check "offline CPU 2, socket 1's collecting CPU, while it samples" online 2 0
check_eq "CPU 3 collects socket 1" "$(cat $DEV/uncore_mbox_0/cpumask)" "0,3"
sleep 1
check "online CPU 2 again" online 2 1
sleep 1
touch /tmp/51.stop
wait $rec
check_eq "perf record exits 0" "$?" 0
diag "perf record: $(tr '\n' ' ' </tmp/51-record.out)"

# Every sample on its buffer's CPU
# (the cpumask now says 0,3: check_sample_cpus would read that one)
check_eq "every sample written on the CPU perf opened its event on (0, 2)" \
	"$(rec_samples $DATA | awk '$1 != 0 && $1 != 2 { n++; w[$1]++ }
		END { printf "%d", n; for (c in w) printf " CPU %s: %d", c, w[c] }')" 0
perf script -i $DATA -F cpu,time,period >/tmp/51-script.out 2>/tmp/51-script.err
check_eq "perf script exits 0" "$?" 0
check_eq "perf script warns of nothing" "$(cat /tmp/51-script.err)" ""
perf report -i $DATA --stdio --sort cpu >/tmp/51-report.out 2>/tmp/51-report.err
check_eq "perf report exits 0" "$?" 0
check_eq "perf report warns of nothing" "$(grep -iv '^$' /tmp/51-report.err)" ""
# every record whole: the raw dump holds as many PERF_RECORD_SAMPLEs as
# perf script prints, each of the period asked for
n_script=$(awk 'NF == 3' /tmp/51-script.out | wc -l)
n_dump=$(perf report -i $DATA -D 2>/dev/null | grep -c 'PERF_RECORD_SAMPLE(')
diag "samples: $n_script by perf script, $n_dump in the raw dump"
check_eq "the raw dump's samples are those perf script reads" "$n_dump" "$n_script"
check_eq "every sample of period $PERIOD" \
	"$(awk 'NF == 3 { print $3 }' /tmp/51-script.out | sort -u | tr '\n' ' ')" "$PERIOD "

read -r n0 a0 b0 <<-EOT
$(cpu_stats 0)
EOT
read -r n2 a2 b2 <<-EOT
$(cpu_stats 2)
EOT
diag "CPU 0: $n0 samples from $a0 to $b0 s; CPU 2: $n2 from $a2 to $b2 s"
check "socket 1 sampled on CPU 2 before the offline ($n2 samples)" test "$n2" -gt 100
# socket 0 goes on to the end: its last sample is at least 1.5 s (the
# second after the online, less the stop's wait) after socket 1's last
check "socket 0 samples on across the hotplug" \
	awk -v a="$b2" -v b="$b0" 'BEGIN { exit !(b - a >= 1.5) }'
check_eq "one log line ends socket 1's sampling event" \
	"$(dmesg | grep -c 'uncore_mbox_0: a sampling event of CPU 2 ends: that CPU went offline, and its ring buffer takes no samples from CPU 3')" 1

# A new record on socket 1 samples on its new collecting CPU
perf record -a -c $PERIOD -e $EV -o $DATA -- sleep 1 >/dev/null 2>&1
check_sample_cpus "a new record samples socket 1 on CPU 3, its collecting CPU now" $DATA uncore_mbox_1
read -r n3 a3 b3 <<-EOT
$(cpu_stats 3)
EOT
check "socket 1 sampled on CPU 3 ($n3 samples)" test "$n3" -gt 100
check "no kernel warning" sh -c "! dmesg | grep -q 'WARNING:\|BUG:'"
check "unload" unload_module

# Throttled when the CPU leaves: at 100 samples a second of an event that
# overflows a million times a second, and 1% of the time for the PMIs,
# socket 1's event is throttled nearly all the time
online 2 1 2>/dev/null
check "load xeon_uncore max_sample_rate=100 pmi_max_percent=1" \
	load_module max_sample_rate=100 pmi_max_percent=1
check_eq "CPUs 0 and 2 collect" "$(cat $DEV/uncore_mbox_0/cpumask)" "0,2"
dmesg -c >/dev/null
rm -f /tmp/51.stop
perf record -a -c $PERIOD -e $EV -o $DATA -- \
	sh -c 'until [ -e /tmp/51.stop ]; do sleep 0.1; done' >/tmp/51-record.out 2>&1 &
rec=$!
perf stat -x, -a -A -e uncore_mbox_1/cycles/ -I 500 -o /tmp/51-stat.out -- \
	sh -c 'until [ -e /tmp/51.stop ]; do sleep 0.1; done' &
stat=$!
wait_counting 1
sleep 1
check "offline CPU 2 while socket 1's sampling event is throttled" online 2 0
sleep 1
check "online CPU 2 again" online 2 1
sleep 1
touch /tmp/51.stop
wait $rec
check_eq "perf record exits 0" "$?" 0
wait $stat
# the last interval's count of socket 1's cycles, after the hotplug (perf
# names the event by the CPU it opened it on, 2)
last=$(awk -F, '$2 == "CPU2" && $3 ~ /^[0-9]+$/ { c = $3 } END { print c + 0 }' /tmp/51-stat.out)
diag "socket 1 cycles in the last 0.5 s interval: $last; perf record: $(tr '\n' ' ' </tmp/51-record.out)"
check "a counting event of socket 1 counts on after the hotplug ($last)" test "$last" -gt 0
check_eq "one log line ends socket 1's throttled sampling event" \
	"$(dmesg | grep -c 'uncore_mbox_0: a sampling event of CPU 2 ends: that CPU went offline, and its ring buffer takes no samples from CPU 3')" 1
check "no kernel warning (throttled)" sh -c "! dmesg | grep -q 'WARNING:\|BUG:'"
check "unload" unload_module
finish
