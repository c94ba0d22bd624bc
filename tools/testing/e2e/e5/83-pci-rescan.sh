#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Xeon E5 / E5 v2: a PCI remove and rescan of the functions the driver
# holds.  The driver finds its PCI boxes' functions without binding them
# and holds each from other drivers by its driver_override ("xeon_uncore":
# intel_uncore's probe would reset the box under the driver's events).  A
# remove through sysfs and a rescan give the function a new struct
# pci_dev, which the driver holds too, before any driver may bind it
# (Documentation/xeon-uncore.rst, "PCI remove and rescan"):
#   - while perf stat counts an iMC event on every socket, every function
#     the driver holds is removed, then the PCI buses rescanned: the count
#     goes on, exactly (100 + 200 + 300 injected events per socket, before,
#     between and after), through the reference the driver keeps;
#   - the rescan finds each function again, its driver_override names
#     xeon_uncore, no driver is bound to it; the log has one line for
#     each removal and one for each function found again;
#   - no kernel report (the debug kernel's KASAN watches the removed
#     functions' struct pci_dev, which the driver goes on using).
. "$(dirname "$0")/../lib.sh"

OUT=/tmp/83-pci-rescan.csv
DEVS=/sys/bus/pci/devices

e5_require e5/83-pci-rescan
plan 11
check "load xeon_uncore and xeon_uncore_sim model=$E5" e5_load
echo 0 >$XU_SIM/generator
dmesg -c >/dev/null

# held: the PCI functions whose driver_override names xeon_uncore
held() {
	for _d in "$DEVS"/*; do
		[ "$(cat "$_d/driver_override" 2>/dev/null)" = xeon_uncore ] && echo "${_d##*/}"
	done
}
H=$(held)
N=$(printf '%s\n' "$H" | grep -c .)
check "the driver holds the PCI boxes' functions ($N)" test "$N" -gt 0

S=$(e5_sockets)
EV=uncore_imc_0/event=0x4,umask=0x3/
# inj N: shell commands that inject N CAS reads into every socket's iMC 0
inj() {
	for _s in $(e5_seq "$S"); do printf "echo '%s imc_0 0x4 %s' >%s/inject; " "$_s" "$1" "$XU_SIM"; done
}
rm_all="for d in $(echo $H); do echo 1 >$DEVS/\$d/remove; done"
script="$(inj 100) sleep 0.3; $rm_all; $(inj 200) sleep 0.3; echo 1 >/sys/bus/pci/rescan; $(inj 300) sleep 0.3"
check "perf stat -a -A $EV while every held function is removed and the buses rescanned" \
	perf stat -a -A -x';' -o $OUT -e "$EV" -- sh -c "$script"

got='' want=''
for t in $(e5_seq "$S"); do
	n=$(awk -F';' -v c="CPU$(e5_socket_cpu "$t")" -v e="$EV" '$1 == c && $4 == e { print $2 }' $OUT)
	got="$got ${n:-none}"
	want="$want 600"
done
check_eq "$EV counts 100 + 200 + 300 on every socket, across the remove and the rescan" \
	"$got" "$want"
check_eq "the rescan found every held function again" \
	"$(for d in $H; do [ -e "$DEVS/$d" ] && echo "$d"; done)" "$H"
check_eq "each is held again: its driver_override names xeon_uncore" "$(held)" "$H"
check_eq "no driver bound to any of them" \
	"$(for d in $H; do [ -e "$DEVS/$d/driver" ] && echo "$d"; done)" ""
check_eq "one log line for each removal" \
	"$(dmesg | grep -c 'removed while in use: its counters go on through the reference the driver holds')" "$N"
check_eq "one log line for each function found again" \
	"$(dmesg | grep -c 'found again after its removal: held from other drivers')" "$N"
check "no kernel report" sh -c "! dmesg | grep -qE 'BUG:|WARNING:|Oops|general protection'"
# the simulator detaches the driver, which lets every function go, then
# removes its buses
check "unload xeon_uncore_sim and xeon_uncore" unload_module
finish
