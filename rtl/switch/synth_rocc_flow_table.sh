#!/usr/bin/env bash
# Generic Yosys synthesis of rocc_flow_table (no liberty: Yosys' internal gate library) and a
# summary of cells and flip-flops. Extra arguments are parameter overrides, e.g.
#   ./synth_rocc_flow_table.sh NumPorts=4 BucketsLog2=3 Ways=2
# With --blackbox-ram the SRAM wrapper is kept as a black box, so the figures are the logic and
# flops around the macro (the table itself would otherwise be mapped to flip-flops).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top=rocc_flow_table
blackbox=0
chparams=""
for kv in "$@"; do
  if [[ "${kv}" == "--blackbox-ram" ]]; then
    blackbox=1
    continue
  fi
  chparams+=" -set ${kv%%=*} ${kv#*=}"
done
chparam_cmd=""
if [[ -n "${chparams}" ]]; then
  chparam_cmd="chparam${chparams} ${top};"
fi
ram_read="read_verilog -sv ${here}/rocc_flow_table_ram.sv;"
if [[ "${blackbox}" == 1 ]]; then
  ram_read="read_verilog -sv -lib ${here}/rocc_flow_table_ram.sv;"
fi
log="$(mktemp)"
last="$(mktemp)"
trap 'rm -f "${log}" "${last}"' EXIT
yosys -q -l "${log}" -p "${ram_read} read_verilog -sv ${here}/rocc_flow_table_fifo.sv \
  ${here}/rocc_flow_table_hash.sv ${here}/rocc_flow_table.sv; ${chparam_cmd} synth -flatten -top ${top}; stat" >/dev/null
awk '/Printing statistics/ {buf=""} {buf=buf $0 "\n"} END {printf "%s", buf}' "${log}" >"${last}"
cells=$(awk '/Number of cells:/ {n=$4} END {print n}' "${last}")
ffs=$(grep -E '^\s+\$_[A-Z]*DFF[A-Z]*_[NP01]*_\s+[0-9]+' "${last}" | awk '{s+=$2} END {print s+0}')
echo "== ${top} ${*:-(default parameters)}"
grep -E '^\s+\$_|rocc_flow_table_ram' "${last}" | sed 's/^ */  /'
echo "cells: ${cells}"
echo "flip-flops: ${ffs}"
