# SPDX-License-Identifier: GPL-2.0
# The Xeon 7500 (nhmex) and E7 (wsmex) family's table for the e2e scripts
# that every platform runs (lib.sh platform_require sources it, with NX
# and MODEL set).  What the scripts' rows need of the platform:
#   plat_load [DRIVER PARAMS] [-- SIM PARAMS]  the driver and the simulator
#   plat_pmus              every PMU the driver registers, sorted as ls
#   plat_rate PMU CODE S   the simulator's documented events/s
#   BW_BOX BW_NBOX BW_CODE the boxes xu-bw reads memory traffic from: the
#                          M-Boxes' bbox_cmds_read/write, inc_sel 0xd
#   BW_NQPI                QPI links xu-bw measures (none: Xeon 7500 and
#                          E7 have no QPI counters xu-bw uses)
plat_load() { nhmex_load "$@"; }
plat_pmus() { nhmex_pmus; }
plat_rate() { nhmex_rate "$@"; }
# (the platform's mem, mem_n, mem_code and qpi: tools/testing/platforms)
BW_BOX=uncore_$PLAT_mem BW_NBOX=$PLAT_mem_n BW_CODE=$PLAT_mem_code
BW_NQPI=$PLAT_qpi
