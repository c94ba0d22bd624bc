# SPDX-License-Identifier: GPL-2.0
# The Xeon E5 (snbep) and E5 v2 (ivbep) family's table for the e2e
# scripts that every platform runs (lib.sh platform_require sources it,
# with E5 and MODEL set); the same names as family/nhmex.sh:
#   plat_load, plat_pmus (e5_load, e5_pmus); the rates are e5_expect's,
#     from the traffic scenario (lib.sh), which common/ scripts call on
#     this family's rows
#   BW_BOX BW_NBOX BW_CODE the iMC channels' cas_count_read/write (0x04):
#                          the platform's mem, mem_n and mem_code (4
#                          on snbep, 8 on ivbep)
#   BW_NQPI                QPI links (its qpi: 2 on snbep, 3 on ivbep):
#                          the data flits each sends, TxL_FLITS_G0.DATA
#   BW_PCT                 xu-bw's figures' tolerance: 1% of the scenario
plat_load() { e5_load "$@"; }
plat_pmus() { e5_pmus; }
BW_BOX=uncore_$PLAT_mem BW_NBOX=$PLAT_mem_n BW_CODE=$PLAT_mem_code
BW_NQPI=$PLAT_qpi BW_PCT=1
