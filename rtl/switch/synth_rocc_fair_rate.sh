#!/usr/bin/env bash
# Generic Yosys synthesis of rocc_fair_rate (no liberty: Yosys' internal gate library) and a
# one-line summary of cells and flip-flops. Extra arguments are passed as Yosys parameter
# overrides, e.g. ./synth_rocc_fair_rate.sh NumPorts=16 FFracWidth=4
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top=rocc_fair_rate
chparams=""
for kv in "$@"; do
  chparams+=" -set ${kv%%=*} ${kv#*=}"
done
chparam_cmd=""
if [[ -n "${chparams}" ]]; then
  chparam_cmd="chparam${chparams} ${top};"
fi
log="$(mktemp)"
trap 'rm -f "${log}"' EXIT
yosys -q -l "${log}" -p "read_verilog -sv ${here}/rocc_fair_rate_calc.sv ${here}/rocc_fair_rate.sv; \
  ${chparam_cmd} synth -flatten -top ${top}; stat" >/dev/null
# synth prints its own statistics; keep only the final report.
last="$(mktemp)"
trap 'rm -f "${log}" "${last}"' EXIT
awk '/Printing statistics/ {buf=""} {buf=buf $0 "\n"} END {printf "%s", buf}' "${log}" >"${last}"
cells=$(awk '/Number of cells:/ {n=$4} END {print n}' "${last}")
# Flip-flop bits: every single-bit $_*DFF*_ cell of the final stat.
ffs=$(grep -E '^\s+\$_[A-Z]*DFF[A-Z]*_[NP01]*_\s+[0-9]+' "${last}" | awk '{s+=$2} END {print s+0}')
echo "== ${top} ${*:-(default parameters)}"
grep -E '^\s+\$_' "${last}" | sed 's/^ */  /'
echo "cells: ${cells}"
echo "flip-flops: ${ffs}"
