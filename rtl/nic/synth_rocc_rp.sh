#!/usr/bin/env bash
# Generic Yosys synthesis of rocc_rp (no liberty: Yosys' internal gate library) with the per-QP
# SRAMs (qp_table context SRAM, timer wheel list SRAMs) kept as memories ($mem_v2 cells = SRAM
# macros, not flops) and every FIFO mapped to flops, and a summary: logic cells, flip-flop bits,
# the SRAM macros. Extra arguments are Yosys parameter overrides, e.g.
#   ./synth_rocc_rp.sh NumQps=64 NumSlots=64
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top=rocc_rp
srcs=("${here}/qp_table_sram.sv" "${here}/qp_table_core.sv" "${here}/rocc_rp_update.sv"
      "${here}/timer_wheel_ram.sv" "${here}/timer_wheel_fifo.sv" "${here}/timer_wheel_bank.sv"
      "${here}/timer_wheel.sv" "${here}/rocc_rp.sv")
chparam_cmd=""
if [[ $# -gt 0 ]]; then
  chparam_cmd="chparam"
  for kv in "$@"; do
    chparam_cmd+=" -set ${kv%%=*} ${kv#*=}"
  done
  chparam_cmd+=" ${top};"
fi
log="$(mktemp)"
last="$(mktemp)"
trap 'rm -f "${log}" "${last}"' EXIT
# Coarse synth infers the memories; FIFOs (names containing "fifo", or the FIFO instances u_meta,
# u_conf, u_upd) are mapped to flops, the SRAMs stay macros.
yosys -q -l "${log}" -p "read_verilog -sv ${srcs[*]}; ${chparam_cmd} \
  synth -flatten -top ${top} -run begin:fine; \
  memory_map ${top}/*fifo* ${top}/u_meta.* ${top}/u_conf.* ${top}/u_upd.*; select -list t:\$mem_v2; \
  opt -fast -full; techmap; opt -fast; abc -fast; opt -fast; hierarchy -check; stat -width" >/dev/null 2>&1
awk '/Printing statistics/ {buf=""} {buf=buf $0 "\n"} END {printf "%s", buf}' "${log}" >"${last}"
cells=$(awk '/Number of cells:/ {n=$4} END {print n}' "${last}")
mems=$(awk '/\$mem_v2/ {n=$2} END {print n+0}' "${last}")
ffs=$(grep -E '^\s+\$_[A-Z]*DFF[A-Z]*_[NP01]*_\s+[0-9]+' "${last}" | awk '{s+=$2} END {print s+0}')
echo "== ${top} ${*:-(default parameters)}"
grep -E '^\s+\$' "${last}" | sed 's/^ */  /'
echo "cells (logic + flops, excluding SRAM macros): $((cells - mems))"
echo "flip-flops: ${ffs}"
echo "SRAM macros: ${mems}"; grep -E "^${top}/" "${log}" | sed "s/^/  /"
