#!/usr/bin/env bash
# Yosys 0.23 statistics of one RTL block, with one memory methodology for every block
# (docs/synthesis.md): generic gates (no liberty), flattened; every memory Yosys infers stays an
# SRAM macro ($mem_v2) except FIFO storage, which is mapped to flip-flops; --map-memories maps
# every memory to flip-flops. Prints cells, flip-flop bits and the SRAM macros with their bits.
#
#   rtl/synth_stats.sh BLOCK [--map-memories] [--netlist FILE --liberty LIB] [Param=value ...]
#
# --netlist/--liberty (the timing flow, docs/synthesis.md "Timing"): after the statistics, the same
# Yosys run maps the design to the liberty's cells (dfflibmap, ABC with sizing and buffering), cuts
# every SRAM macro out (its read data become inputs, its address/data/enable outputs: the macro is
# a register boundary) and writes a flat netlist for OpenSTA. The statistics are unchanged by it.
#
# Sources: a first, cheap Yosys pass reads every rtl/<dir>/*.sv (common, nic, prim, switch, ...;
# not the tb/ subdirectories; packages first) and lets `hierarchy -top BLOCK` (with the overrides) keep the modules BLOCK
# instantiates, directly or through other blocks (rocc_rp -> qp_table_core, timer_wheel, ...);
# their files (file name = module name, SPEC §9) are the synthesis run's sources, preceded by the
# packages they reference (<block>_pkg::). No per-block
# list to go stale when a block gains a submodule or reuses another block, and the counts do not
# depend on unrelated files: reading them into the synthesis run itself shifts Yosys' internal
# names and with them ABC's result by a few percent (rocc_fair_rate_calc: 4 105 vs 4 274 cells).
#
# FIFO storage: a memory whose hierarchical name contains "fifo" (u_cmd_fifo.mem_q) or that sits
# in a module whose file name contains "fifo" (prim_fifo_sync, the one FIFO of every block: the
# memory's src attribute, which lists the files of its declaration and instantiation chain). Shallow FIFOs are flops in any
# implementation. Selected after flattening by name and src, not marked with an attribute before
# it: an extra attribute perturbs ABC (qp_table NumQps=64: 3 950 instead of 4 053 cells).
set -euo pipefail

usage() {
  cat <<EOF
usage: rtl/synth_stats.sh BLOCK [--map-memories] [--netlist FILE --liberty LIB] [Param=value ...]

  BLOCK           a module with its own file rtl/<dir>/BLOCK.sv, e.g. rocc_fair_rate,
                  rocc_flow_table, qp_table, timer_wheel, rocc_rp
  --map-memories  map every memory to flip-flops (default: memories stay SRAM macros,
                  only FIFO storage is mapped to flip-flops)
  --netlist FILE  also write the design mapped to LIB's cells (SRAM macros cut out) to FILE,
                  a flat Verilog netlist for OpenSTA (needs --liberty)
  --liberty LIB   the liberty file for --netlist (e.g. OSU 0.18 um osu018_stdcells.lib)
  Param=value     override a parameter of BLOCK (decimal integer), e.g. NumPorts=8

Generic Yosys synthesis (no liberty), flattened; methodology in docs/synthesis.md.
EOF
}

fail() {
  echo "synth_stats.sh: $*" >&2
  usage >&2
  exit 2
}

caller_dir="${PWD}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# Relative source paths (rtl/<dir>/<file>.sv) from the repository root: Yosys names cells after
# their source, and the FIFO rule matches file names, so nothing depends on the checkout's path.
root="${here%/*}"

if [[ $# -ge 1 && ( "$1" == "-h" || "$1" == "--help" ) ]]; then
  usage
  exit 0
fi
[[ $# -ge 1 ]] || fail "missing BLOCK"
block="$1"
shift
[[ "${block}" =~ ^[a-z][a-z0-9_]*$ ]] || fail "bad block name '${block}'"
shopt -s nullglob
cd "${root}"
tops=(rtl/*/"${block}.sv")
all_files=(rtl/*/*.sv)
shopt -u nullglob
# Packages (<block>_pkg.sv, SPEC §9) must be read before the modules that import them.
packages=()
modules=()
for f in "${all_files[@]}"; do
  if grep -qE '^[[:space:]]*package[[:space:]]' "${f}"; then packages+=("${f}"); else modules+=("${f}"); fi
done
all_sources=("${packages[@]}" "${modules[@]}")
[[ ${#tops[@]} -eq 1 ]] || fail "no block '${block}' (no rtl/*/${block}.sv)"

map_all=0
chparam_cmd=""
params=()
netlist=""
liberty=""
expect=""
for arg in "$@"; do
  if [[ -n "${expect}" ]]; then
    printf -v "${expect}" '%s' "${arg}"
    expect=""
  elif [[ "${arg}" == "--netlist" ]]; then
    expect=netlist
  elif [[ "${arg}" == "--liberty" ]]; then
    expect=liberty
  elif [[ "${arg}" == "--map-memories" ]]; then
    map_all=1
  elif [[ "${arg}" =~ ^([A-Z][A-Za-z0-9_]*)=(-?[0-9]+)$ ]]; then
    name="${BASH_REMATCH[1]}"
    grep -qE "parameter\\b.*\\b${name}\\b" "${tops[0]}" \
      || fail "${block} has no parameter '${name}'"
    chparam_cmd+=" -set ${name} ${BASH_REMATCH[2]}"
    params+=("${arg}")
  else
    fail "bad argument '${arg}' (expected --map-memories, --netlist FILE, --liberty LIB or Param=value)"
  fi
done
[[ -z "${expect}" ]] || fail "--${expect} needs a value"
[[ -z "${netlist}" && -z "${liberty}" ]] || [[ -n "${netlist}" && -n "${liberty}" ]] \
  || fail "--netlist and --liberty go together"
if [[ -n "${liberty}" ]]; then
  # Relative paths are the caller's (the script works from the repository root).
  case "${liberty}" in /*) ;; *) liberty="${caller_dir}/${liberty}" ;; esac
  case "${netlist}" in /*) ;; *) netlist="${caller_dir}/${netlist}" ;; esac
  [[ -f "${liberty}" ]] || fail "no liberty file '${liberty}'"
fi
if [[ -n "${chparam_cmd}" ]]; then
  chparam_cmd="chparam${chparam_cmd} ${block};"
fi

work="$(mktemp -d)"
trap 'rm -rf "${work}"' EXIT

if [[ "${map_all}" == 1 ]]; then
  map_sel=""
  mode="every memory in flip-flops (--map-memories)"
else
  map_sel="c:*fifo* a:src=rtl/*fifo*.sv:* %u t:\$mem_v2 %i"
  mode="SRAM macros, FIFO storage in flip-flops"
fi

# Runs Yosys on a script, quietly; on failure shows its errors and exits 1.
run_yosys() {
  local log="$1" script="$2"
  if ! yosys -q -l "${log}" -p "${script}" >/dev/null 2>&1; then
    echo "synth_stats.sh: Yosys failed:" >&2
    grep -E 'ERROR' "${log}" >&2 || tail -n 20 "${log}" >&2
    exit 1
  fi
}

# The modules BLOCK uses, hence its source files.
run_yosys "${work}/hierarchy.log" "
  read_verilog -sv ${all_sources[*]};
  ${chparam_cmd}
  hierarchy -check -top ${block};
  tee -q -o ${work}/modules.txt ls"
# "$paramod$<hash>\name", "$paramod\name\Param=..." or "name" -> name -> rtl/<dir>/name.sv
mapfile -t sources < <(awk 'NR > 1 && NF == 1 {
    m = $1; sub(/^\$paramod[^\\]*\\/, "", m); sub(/\\.*$/, "", m); print m
  }' "${work}/modules.txt" | sort -u | while read -r mod; do
    for f in rtl/*/"${mod}.sv"; do
      if [[ -f "${f}" ]]; then echo "${f}"; fi
    done
  done | sort)
if [[ ${#sources[@]} -eq 0 ]]; then
  echo "synth_stats.sh: found no sources for ${block}" >&2
  exit 1
fi
# The packages those modules use (pkg::name or import pkg::*), read first.
used_packages=()
for p in "${packages[@]}"; do
  pkg="$(basename "${p}" .sv)"
  if grep -qE "\b${pkg}::" "${sources[@]}"; then used_packages+=("${p}"); fi
done
sources=("${used_packages[@]}" "${sources[@]}")

# The timing flow (docs/synthesis.md "Timing", ecosystem-and-scale.md B.5), after the statistics:
# each SRAM macro becomes a register boundary (its read data inputs, everything it reads outputs),
# then liberty flops, ABC mapping with sizing and buffering (an X1 cell driving a large fanout
# makes an unbuffered path meaningless), one bit per port net for OpenSTA 2019.
timing_cmd=""
if [[ -n "${netlist}" ]]; then
  # ABC script of B.5 (a file: Yosys' -p splits at every ';').
  echo 'strash; &get -n; &fraig -x; &put; scorr; dc2; dretime; strash; &get -n; &dch -f; &nf -D 3000; &put; buffer -p; upsize -D 3000; dnsize -D 3000; stime' \
    > "${work}/timing.abc"
  # ABC's view of the cut: its inputs (flop outputs, ports, SRAM read data) are driven by an X1
  # cell and its outputs load one flop D pin (DFFPOSX1's, 0.0088 pF in osu018). Without a driving
  # cell ABC's buffering leaves its inputs unbuffered: a FIFO read pointer drove 453 mux selects
  # from one X1 flop, 8 ns.
  printf 'set_driving_cell INVX1\nset_load 0.0088\n' > "${work}/timing.constr"
  timing_cmd="
  expose -input t:\$mem_v2 %x:+[RD_DATA] t:\$mem_v2 %d;
  expose t:\$mem_v2 %x:+[RD_ADDR,RD_EN,WR_ADDR,WR_DATA,WR_EN] t:\$mem_v2 %d;
  delete t:\$mem_v2;
  dfflibmap -liberty ${liberty};
  abc -liberty ${liberty} -constr ${work}/timing.constr -script ${work}/timing.abc;
  splitnets -ports; opt_clean -purge;
  write_verilog -noattr -noexpr ${netlist}"
fi

# synth -flatten -top BLOCK up to its fine part (the coarse part infers the memories: memory
# -nomap), then synth's fine part by hand with memory_map restricted to the FIFO memories (or all
# of them); the memories left are the SRAM macros.
run_yosys "${work}/yosys.log" "
  read_verilog -sv ${sources[*]};
  ${chparam_cmd}
  synth -flatten -top ${block} -run :fine;
  opt -fast -full; memory_map ${map_sel}; opt -full; techmap; opt -fast; abc -fast; opt -fast;
  hierarchy -check; check;
  tee -q -o ${work}/stat.txt stat;
  tee -q -o ${work}/mems.txt dump t:\$mem_v2;
  ${timing_cmd}"

cells=$(awk '/Number of cells:/ {n = $4} END {print n + 0}' "${work}/stat.txt")
macros=$(awk '$1 == "$mem_v2" {n = $2} END {print n + 0}' "${work}/stat.txt")
# Flip-flop bits: every single-bit $_*DFF*_ cell (the generic library has no multi-bit flops).
ffs=$(awk '$1 ~ /^\$_[A-Z]*DFF[A-Z]*_[NP01]*_$/ {s += $2} END {print s + 0}' "${work}/stat.txt")

echo "== ${block} (${params[*]:-default parameters}; ${mode})"
echo "sources: ${sources[*]}"
echo "cells: $((cells - macros)) = $((cells - macros - ffs)) logic + ${ffs} flip-flops (SRAM macros excluded)"
echo "flip-flop bits: ${ffs}"
# One line per $mem_v2 cell of the dump: name, depth x width, bits, ports.
awk '
  $1 == "cell" && $2 == "$mem_v2" { name = $3; sub(/^\\/, "", name); size = 0; width = 0; rd = 0; wr = 0 }
  $1 == "parameter" && $2 == "\\SIZE" { size = $3 }
  $1 == "parameter" && $2 == "\\WIDTH" { width = $3 }
  $1 == "parameter" && $2 == "\\RD_PORTS" { rd = $3 }
  $1 == "parameter" && $2 == "\\WR_PORTS" { wr = $3 }
  $1 == "end" && name != "" {
    printf "SRAM macro %s: %d x %d = %d bits (%dR%dW)\n", name, size, width, size * width, rd, wr
    total += size * width; n++; name = ""
  }
  END { printf "SRAM bits: %d (%d macros)\n", total, n }
' "${work}/mems.txt"
