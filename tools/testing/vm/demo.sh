#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `make demo`: runs inside a 2-socket debian-6.12 VM.  Placeholder: the
# driver team finalises the events shown.
set -x
insmod /modules/xeon_uncore.ko sim=nhmex || exit 1
perf list | grep uncore
perf stat -a -e uncore_mbox_0/inc_sel=0x0/ -e uncore_ubox/event=0x0/ sleep 1
