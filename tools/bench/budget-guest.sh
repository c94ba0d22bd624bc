#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Sourced in the VM by tools/bench/pmi-bench --budget: the package-wide
# PMI budget under perf record -F.  bench_budget MODEL FREQ SECONDS NS
# PCTS loads the driver with each pmi_max_percent of PCTS and the
# simulator as MODEL (nhmex or ivbep), then for each n of NS records the
# first n sampling events of socket 0 (bench_budget_events) with
# perf record -C CPU -F FREQ for SECONDS, where CPU is socket 0's
# collecting CPU, and prints per run: the PMIs per second the simulator
# raised (socket 0 alone has events) and the share of the time socket 0
# was frozen (frozen_ns), both over SECONDS inside the record, and the
# samples per second written (between the first and the last) against
# the n * FREQ asked, and the runs of the driver's NMI handler that took
# over 1 ms, per second of the record, and the longest (the kernel's
# nmi:nmi_handler tracepoint; "-" without one).

bb_sim=/sys/kernel/debug/xeon_uncore_sim
bb_ev=/sys/kernel/debug/tracing/events/nmi/nmi_handler

# bb_nmi_on: from now, trace the NMI handlers that run over 1 ms
bb_nmi_on() {
	[ -w $bb_ev/enable ] || return 0
	echo 0 >$bb_ev/enable
	echo 'delta_ns > 1000000' >$bb_ev/filter
	echo >/sys/kernel/debug/tracing/trace
	echo 1 >$bb_ev/enable
}

# bb_nmi: "N MAX", the runs of xu_nmi_handler over 1 ms since bb_nmi_on
# and the longest in ms, or "- -" without the tracepoint.  The trace
# names a module's function by its address, which /proc/kallsyms gives.
bb_nmi() {
	if [ ! -w $bb_ev/enable ]; then
		echo "- -"
		return
	fi
	echo 0 >$bb_ev/enable
	_a=$(awk '$3 == "xu_nmi_handler" { print $1; exit }' /proc/kallsyms)
	grep -e "nmi_handler: xu_nmi_handler" -e "nmi_handler: 0x$_a(" \
		/sys/kernel/debug/tracing/trace |
	sed 's/.*delta_ns: \([0-9]*\).*/\1/' |
	awk '{ n++; if ($1 > m) m = $1 } END { printf "%d %.1f\n", n, m / 1e6 }'
}

# bb_snap: the time (s), the PMIs raised, socket 0's frozen_ns and
# frozen_seen_ns
bb_snap() {
	echo "$(cut -d' ' -f1 /proc/uptime) $(cat $bb_sim/pmis)" \
		"$(awk '$1 == 0 { print $2 }' $bb_sim/frozen_ns)" \
		"$(awk '$1 == 0 { print $2 }' $bb_sim/frozen_seen_ns)"
}

# bench_budget_events MODEL N: the first N sampling events of socket 0,
# as perf record -e options; fewer if the model has fewer
bench_budget_events() {
	if [ "$1" = ivbep ]; then
		for c in 0 1 2 3 4 5 6 7; do
			for k in 1 2 3 4; do echo "uncore_imc_$c/event=0x4,umask=0x3/"; done
			echo "uncore_imc_$c/event=0xff/"
		done
		for c in $(ls -d /sys/bus/event_source/devices/uncore_cbox_* | sed 's/.*_//'); do
			echo "uncore_cbox_$c/event=0x0/"
		done
		for h in 0 1; do for k in 1 2 3 4; do echo "uncore_ha_$h/event=0x1,umask=0x3/"; done; done
		for q in 0 1 2; do for k in 1 2 3 4; do echo "uncore_qpi_$q/event=0x14/"; done; done
	else
		for m in 0 1; do for k in 1 2 3 4 5 6; do echo "uncore_mbox_$m/cycles/"; done; done
		for k in 1 2 3 4; do echo "uncore_wbox/event=0x4/"; done
		echo "uncore_wbox/clockticks/"
		for c in $(ls -d /sys/bus/event_source/devices/uncore_cbox_* | sed 's/.*_//'); do
			echo "uncore_cbox_$c/event=0x7/"
		done
	fi | head -n "$2" | sed 's/^/-e /' | tr '\n' ' '
}

bench_budget() {
	_model=$1 _freq=$2 _sec=$3 _ns=$4 _pcts=$5
	echo "perf record -C (socket 0's collecting CPU) -F $_freq for $_sec s on the first n sampling events of socket 0, simulated $_model, generator on"
	echo "pct: pmi_max_percent; pmis/s: PMIs the simulator raised, frozen% and seen%: socket 0's frozen_ns and frozen_seen_ns (from the handler's first read on), all over $_sec s inside the record; samples/s: written, between the first and the last, against n * F asked; nmi>1ms/s: runs of the driver's NMI handler over 1 ms a second of the record, nmi ms: the longest"
	printf '%-6s %4s %6s %10s %8s %8s %10s %10s %7s %9s %7s\n' \
		model pct n pmis/s frozen% seen% samples/s asked/s got% 'nmi>1ms/s' 'nmi ms'
	for _pct in $_pcts; do
		insmod budget/xeon_uncore.ko pmi_max_percent="$_pct"
		insmod budget/xeon_uncore_sim.ko model="$_model"
		_cpu=$(cut -d, -f1 /sys/bus/event_source/devices/uncore_ubox/cpumask)
		# the PMI's delivery the load timed, charged to each PMI's walk
		_dl=$(dmesg | sed -n "s/.*xeon_uncore: a PMI's delivery takes \([0-9]*\) ns.*/\1/p" | tail -n 1)
		echo "# $_model, pmi_max_percent=$_pct: the load charges each PMI's walk ${_dl:-no} ns of delivery"
		for _n in $_ns; do
			_ev=$(bench_budget_events "$_model" "$_n")
			_got=$(echo "$_ev" | wc -w)
			if [ $((_got / 2)) -lt "$_n" ]; then
				printf '%-6s %4s %6s  (socket 0 has %d sampling events of the list)\n' \
					"$_model" "$_pct" "$_n" $((_got / 2))
				continue
			fi
			# the counters read inside the record, once its events are on
			bb_nmi_on
			# shellcheck disable=SC2086 # a list of -e options
			if ! perf record -q -C "$_cpu" -F "$_freq" $_ev -o /tmp/budget.data \
				-- sh -c ". ./budget-guest.sh; sleep 0.5; bb_snap >/tmp/bb.0;
					sleep $_sec; bb_snap >/tmp/bb.1" >/tmp/budget.err 2>&1; then
				printf '%-6s %4s %6s  perf record failed: %s\n' "$_model" "$_pct" "$_n" \
					"$(tail -n 1 /tmp/budget.err)"
				continue
			fi
			read -r _nl _nm <<-EOF
			$(bb_nmi)
			EOF
			read -r _t0 _p0 _f0 _h0 </tmp/bb.0
			read -r _t1 _p1 _f1 _h1 </tmp/bb.1
			perf script -i /tmp/budget.data -F time 2>/dev/null | tr -d ' :' |
			awk -v m="$_model" -v pct="$_pct" -v n="$_n" -v f="$_freq" \
				-v p=$((_p1 - _p0)) -v fz=$((_f1 - _f0)) -v fh=$((_h1 - _h0)) \
				-v t0="$_t0" -v t1="$_t1" -v nl="$_nl" -v nm="$_nm" -v rs="$_sec" '
				NR == 1 { a = $1 }
				{ b = $1; k++ }
				END {
					w = t1 - t0; sp = b - a; r = 0
					if (sp > 0)
						r = (k - 1) / sp
					if (nl != "-")
						nl = sprintf("%.1f", nl / (rs + 0.5))
					printf "%-6s %4s %6d %10.0f %8.2f %8.2f %10.0f %10d %7.1f %9s %7s\n",
					       m, pct, n, p / w, 100 * fz / (w * 1e9),
					       100 * fh / (w * 1e9), r, n * f, 100 * r / (n * f), nl, nm }'
		done
		rmmod xeon_uncore_sim
		rmmod xeon_uncore
	done
}
