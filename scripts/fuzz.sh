#!/usr/bin/env bash
# scripts/fuzz.sh: builds the libFuzzer targets (tests/fuzz/, in build-fuzz/
# with clang, -DCARCASSONNE_FUZZ=ON: ASan + UBSan + coverage), writes their
# seed corpora from tests/scenarios/*.json, replays the committed regression
# inputs (tests/fuzz/regressions/<target>/) and the seeds, then fuzzes each
# target for a while. Any crash, leak, timeout (-timeout=10), out-of-memory or
# sanitizer report fails the run. docs/testing.md, "Fuzz targets".
#
#   scripts/fuzz.sh                      # CI smoke: every target, 45 s each
#   scripts/fuzz.sh --seconds=600 --target=fuzz_snapshot
#   scripts/fuzz.sh --runs=10000000 --target=fuzz_apply_action --keep-going
#                                        # a release campaign: 10 million executions
#   scripts/fuzz.sh --replay-only        # regressions and seeds only, no fuzzing
#
# Options:
#   --seconds=S     fuzz each target S seconds (default 45; 0 = replay only)
#   --runs=N        fuzz each target N executions instead (no time limit)
#   --target=NAME   only this target (repeatable); default: all of them
#   --keep-going    go on after a finding (libFuzzer -fork=1 -ignore_crashes=1
#                   -ignore_timeouts=1 -ignore_ooms=1): every finding is written;
#                   the run still fails when there was one
#   --replay-only   same as --seconds=0
#   --skip-build    use build-fuzz/ as it is
#   -- FLAGS...     further libFuzzer flags for the fuzzing runs, e.g.
#                   -- -max_len=65536 (snapshots near the 1024-tile limit)
#
# Files (all under build-fuzz/fuzz/, never committed):
#   seeds/<target>/     regenerated from the scenario files at every run
#   corpus/<target>/    what fuzzing found interesting; kept between runs
#   findings/<target>/  crash-*, leak-*, timeout-*, oom-* inputs; a finding to
#                       keep is minimised (<target> -minimize_crash=1 -runs=10000
#                       FILE) and copied to tests/fuzz/regressions/<target>/,
#                       with a line in tests/fuzz/FINDINGS.md
#   logs/<target>.log   libFuzzer's output
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${repo_root}"

seconds=45
runs=""
targets=()
keep_going=0
skip_build=0
extra=()
while (($# > 0)); do
  arg="$1"
  shift
  case "${arg}" in
    --)
      extra=("$@")
      break
      ;;
    --seconds=*) seconds="${arg#*=}" ;;
    --runs=*) runs="${arg#*=}" ;;
    --target=*) targets+=("${arg#*=}") ;;
    --keep-going) keep_going=1 ;;
    --replay-only) seconds=0 ;;
    --skip-build) skip_build=1 ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "fuzz.sh: unknown argument ${arg} (--help)" >&2
      exit 2
      ;;
  esac
done

all_targets=(fuzz_new_game fuzz_validate_action fuzz_apply_action fuzz_play_turn
  fuzz_list_legal_actions fuzz_score_game fuzz_get_catalog fuzz_snapshot fuzz_engine_games
  fuzz_http fuzz_json_parse)
((${#targets[@]} > 0)) || targets=("${all_targets[@]}")

build=build-fuzz
work="${build}/fuzz"
jobs="$(nproc)"
now() { date +%s; }

if ((skip_build == 0)); then
  started="$(now)"
  launcher=()
  if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
  # RelWithDebInfo (-O2 -g) with the asserts kept: findings stop where they happen.
  cmake -S . -B "${build}" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g" -DCMAKE_CXX_COMPILER=clang++-14 \
    -DCARCASSONNE_FUZZ=ON "${launcher[@]}" >/dev/null
  nice cmake --build "${build}" --parallel "${jobs}" --target fuzz_all
  echo "fuzz.sh: build: $(($(now) - started)) s"
fi

bin="${build}/tests/fuzz"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
if command -v llvm-symbolizer-14 >/dev/null 2>&1; then
  export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer-14)}"
fi

# Seeds from the scenario files, fresh every run (they follow the scenarios).
rm -rf "${work}/seeds"
mkdir -p "${work}/seeds" "${work}/logs"
"${bin}/fuzz_seeds" --out="${work}/seeds" tests/scenarios/*.json
# fuzz_http's seeds are committed (one HTTP request per protocol of the port).
cp -r tests/fuzz/http_seeds "${work}/seeds/fuzz_http"
# fuzz_json_parse's too (a type byte, then a JSON request body).
cp -r tests/fuzz/json_seeds "${work}/seeds/fuzz_json_parse"
if ! cmp -s <("${bin}/fuzz_seeds" --dictionary) tests/fuzz/referee.dict; then
  echo "fuzz.sh: WARNING: tests/fuzz/referee.dict is out of date (new tiles or fields?):" \
    "${bin}/fuzz_seeds --dictionary > tests/fuzz/referee.dict" >&2
fi

# Options common to every libFuzzer run.
common=(-timeout=10 -rss_limit_mb=2560 -malloc_limit_mb=2048 -print_final_stats=1)

failed=()
summary=()
for target in "${targets[@]}"; do
  if [[ ! -x "${bin}/${target}" ]]; then
    echo "fuzz.sh: no such target: ${target}" >&2
    exit 2
  fi
  dictionary=()
  [[ "${target}" == fuzz_engine_games ]] || dictionary=(-dict=tests/fuzz/referee.dict)
  log="${work}/logs/${target}.log"
  findings="${work}/findings/${target}"
  corpus="${work}/corpus/${target}"
  mkdir -p "${findings}" "${corpus}"

  # 1. Replay: the committed regressions, then the seeds; every input once.
  started="$(now)"
  replay=("${work}/seeds/${target}")
  regressions="tests/fuzz/regressions/${target}"
  if [[ -d "${regressions}" ]] && [[ -n "$(ls -A "${regressions}")" ]]; then
    replay=("${regressions}" "${replay[@]}")
  fi
  inputs="$(find "${replay[@]}" -type f | wc -l)"
  if ! nice "${bin}/${target}" "${common[@]}" "${dictionary[@]}" -runs=0 \
    -artifact_prefix="${findings}/" "${replay[@]}" >"${log}" 2>&1; then
    echo "fuzz.sh: ${target}: REPLAY FAILED (${inputs} inputs of ${replay[*]}); see ${log}:" >&2
    grep -m1 -E '^==fuzz==|ERROR: |runtime error' "${log}" | sed 's/^/    /' >&2 || true
    grep -m4 -E '^    #[0-9]+ .* in carcassonne::' "${log}" | sed 's/^/    /' >&2 || true
    failed+=("${target} (replay)")
    summary+=("$(printf '%-26s replay FAILED  %5d inputs  %4d s' "${target}" "${inputs}" \
      "$(($(now) - started))")")
    continue
  fi
  summary+=("$(printf '%-26s replay ok      %5d inputs  %4d s' "${target}" "${inputs}" \
    "$(($(now) - started))")")

  # 2. Fuzz: new inputs go to corpus/ (first directory), seeds are read only.
  if [[ -z "${runs}" ]] && ((seconds == 0)); then continue; fi
  started="$(now)"
  limit=(-max_total_time="${seconds}")
  [[ -z "${runs}" ]] || limit=(-runs="${runs}")
  fork=()
  ((keep_going == 0)) || fork=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  status=0
  findings_before="$(find "${findings}" -type f | wc -l)"
  nice "${bin}/${target}" "${common[@]}" "${dictionary[@]}" "${limit[@]}" "${fork[@]}" \
    "${extra[@]}" -artifact_prefix="${findings}/" "${corpus}" "${replay[@]}" >>"${log}" 2>&1 ||
    status=$?
  # --keep-going (fork mode) exits 0 after findings: count the files it wrote.
  if ((status == 0)) && (($(find "${findings}" -type f | wc -l) > findings_before)); then
    status=1
  fi
  executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "${log}" | tail -n 1)"
  if ((keep_going == 1)); then
    executions="$(sed -n 's/^#\([0-9]*\): cov:.*/\1/p' "${log}" | tail -n 1)"
  fi
  if ((status != 0)); then
    echo "fuzz.sh: ${target}: FINDING (exit ${status}); inputs in ${findings}/, log ${log}:" >&2
    grep -m1 -E '^==fuzz==|ERROR: |runtime error' "${log}" | sed 's/^/    /' >&2 || true
    grep -m4 -E '^    #[0-9]+ .* in carcassonne::' "${log}" | sed 's/^/    /' >&2 || true
    failed+=("${target} (fuzzing)")
  fi
  summary+=("$(printf '%-26s fuzz   %-7s %9s execs %4d s' "${target}" \
    "$( ((status == 0)) && echo ok || echo FAILED)" "${executions:-?}" "$(($(now) - started))")")
done

echo "fuzz.sh: summary"
printf '  %s\n' "${summary[@]}"
if ((${#failed[@]} > 0)); then
  echo "fuzz.sh: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz.sh: no finding"
