#!/usr/bin/env bash
# libFuzzer on Reel's parsers, probe and planner (structure-aware: Sources/ReelFuzzTargets/PlanFuzzing.swift): builds the fuzz targets with --sanitize=fuzzer (scratch path
# .build-fuzz, so the normal build is untouched) and runs each for FUZZ_SECONDS (default 15: four
# targets in about a minute and a quarter, as CI runs it; `make fuzz` runs 600 s each). Corpora grow in
# .build-fuzz/corpus/<target>, seeded from Fuzz/corpus/ and tiny generated media; a crash, a
# failed property or a hang (FUZZ_TIMEOUT s per input) fails the run and leaves its input in
# .build-fuzz/artifacts/ (replay it with the normal build: .build/debug/FuzzSpec FILE).
#   FUZZ_TARGETS="FuzzSpec FuzzChunked" scripts/fuzz.sh     # a subset
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-15}
timeout_s=${FUZZ_TIMEOUT:-10}
targets=${FUZZ_TARGETS:-"FuzzSpec FuzzHTTPHead FuzzChunked FuzzProbe FuzzPlan"}
scratch=.build-fuzz
for t in $targets; do
  swift build --sanitize=fuzzer -Xswiftc -DFUZZING --scratch-path "$scratch" --product "$t"
done
bin=$(swift build --sanitize=fuzzer -Xswiftc -DFUZZING --scratch-path "$scratch" --show-bin-path)
mkdir -p "$scratch/artifacts"

# Seeds for probe: tiny media of several kinds, made once.
seeds_probe="$scratch/seeds/probe"
if [ ! -d "$seeds_probe" ]; then
  mkdir -p "$seeds_probe"
  ff=(ffmpeg -v error -nostdin -y)
  "${ff[@]}" -f lavfi -i testsrc=s=32x32:r=10:d=0.3 -f lavfi -i sine=d=0.3 -c:v libx264 -c:a aac -shortest "$seeds_probe/a.mp4"
  "${ff[@]}" -f lavfi -i testsrc=s=32x32:r=10:d=0.3 -c:v libvpx-vp9 "$seeds_probe/b.webm"
  "${ff[@]}" -f lavfi -i sine=d=0.2 "$seeds_probe/c.wav"
  "${ff[@]}" -f lavfi -i testsrc=s=16x16:d=0.1 -frames:v 1 "$seeds_probe/d.png"
fi

status=0
for t in $targets; do
  case $t in
    FuzzSpec) seeds=Fuzz/corpus/spec; dict=() ;;
    FuzzHTTPHead) seeds=Fuzz/corpus/http-head; dict=() ;;
    FuzzChunked) seeds=Fuzz/corpus/chunked; dict=() ;;
    FuzzProbe) seeds=$seeds_probe; dict=() ;;
    FuzzPlan) seeds=Fuzz/corpus/plan; dict=() ;;
    *) echo "unknown target $t"; exit 2 ;;
  esac
  corpus="$scratch/corpus/$t"
  mkdir -p "$corpus"
  echo "== $t: $seconds s"
  if ! "$bin/$t" -max_total_time="$seconds" -timeout="$timeout_s" -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$scratch/artifacts/$t-" -print_final_stats=1 "${dict[@]}" "$corpus" "$seeds" 2>"$scratch/$t.log"; then
    echo "FUZZ FAILURE in $t (log: $scratch/$t.log, input: $scratch/artifacts/)"
    tail -40 "$scratch/$t.log"
    status=1
  else
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$scratch/$t.log" | tr '\n' ' '; echo
  fi
done
exit $status
