#!/usr/bin/env bash
# Generic Yosys synthesis of qp_table (no liberty: Yosys' internal gate library) and a summary of
# cells and flip-flops. The context SRAM is kept as a memory macro ($mem_v2, listed with its
# shape) instead of being mapped to flops, so the numbers are the pipeline's own logic; set
# MAP_MEM=1 to map it to flops as well (only sensible for a small NumQps). Extra arguments are
# Yosys parameter overrides, e.g. ./synth_qp_table.sh NumQps=64 SramLatency=2
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top=qp_table
chparams=""
for kv in "$@"; do
  chparams+=" -set ${kv%%=*} ${kv#*=}"
done
chparam_cmd=""
if [[ -n "${chparams}" ]]; then
  chparam_cmd="chparam${chparams} ${top};"
fi
if [[ "${MAP_MEM:-0}" == "1" ]]; then
  flow="synth -flatten -top ${top}"
else
  # synth's own script up to the fine stage, then its fine/check steps, with memory_map applied
  # to the output FIFO only (flops in any implementation); the context SRAM stays a macro.
  flow="synth -flatten -top ${top} -run :fine; opt -fast -full; memory_map ${top}/u_core.fifo_mem_q; \
    opt -full; techmap; opt -fast; abc -fast; opt -fast; hierarchy -check; stat; check"
fi
log="$(mktemp)"
trap 'rm -f "${log}"' EXIT
yosys -q -l "${log}" -p "read_verilog -sv ${here}/qp_table_sram.sv ${here}/qp_table_update_generic.sv ${here}/qp_table_core.sv ${here}/qp_table.sv; \
  ${chparam_cmd} ${flow}; stat -width" >/dev/null
# synth prints its own statistics; keep only the final report.
last="$(mktemp)"
trap 'rm -f "${log}" "${last}"' EXIT
awk '/Printing statistics/ {buf=""} {buf=buf $0 "\n"} END {printf "%s", buf}' "${log}" >"${last}"
cells=$(awk '/Number of cells:/ {n=$4} END {print n}' "${last}")
# Flip-flop bits: every single-bit $_*DFF*_ cell of the final stat.
ffs=$(grep -E '^\s+\$_[A-Z]*DFF[A-Z]*_[NP01]*_\s+[0-9]+' "${last}" | awk '{s+=$2} END {print s+0}')
echo "== ${top} ${*:-(default parameters)}"
grep -E '^\s+\$_' "${last}" | sed 's/^ */  /'
grep -E '^\s+\$mem' "${last}" | sed 's/^ */  macro /' || true
echo "cells: ${cells}"
echo "flip-flops: ${ffs}"
