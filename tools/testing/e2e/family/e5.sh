# SPDX-License-Identifier: GPL-2.0
# The Xeon E5 (snbep) and E5 v2 (ivbep) family's table for the e2e
# scripts that every platform runs (lib.sh platform_require sources it,
# with E5 and MODEL set); the same names as family/nhmex.sh:
#   plat_load, plat_pmus (e5_load, e5_pmus); the rates are e5_expect's,
#     from the traffic scenario (lib.sh), which common/ scripts call on
#     this family's rows
#   BW_BOX BW_NBOX BW_CODE the iMC channels' cas_count_read/write (0x04):
#                          4 on snbep, 8 on ivbep
#   BW_NQPI                QPI links (2 on snbep, 3 on ivbep): the data
#                          flits each sends, TxL_FLITS_G0.DATA
#   BW_PCT                 xu-bw's figures' tolerance: 1% of the scenario
plat_load() { e5_load "$@"; }
plat_pmus() { e5_pmus; }
BW_BOX=uncore_imc BW_NBOX=4 BW_CODE=0x04 BW_NQPI=2 BW_PCT=1
[ "$E5" = ivbep ] && BW_NBOX=8 BW_NQPI=3
