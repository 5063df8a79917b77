#!/usr/bin/env bash
# Builds and runs the rocc_fair_rate_calc smoke test with Verilator (--binary, >= 5.0).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$(mktemp -d)"
trap 'rm -rf "${out}"' EXIT
verilator --binary --timing -Wno-fatal -Mdir "${out}" --top-module rocc_fair_rate_calc_tb \
  "${here}/../rocc_fair_rate_pkg.sv" "${here}/../rocc_fair_rate_calc.sv" "${here}/rocc_fair_rate_calc_tb.sv" >/dev/null
"${out}/Vrocc_fair_rate_calc_tb"
