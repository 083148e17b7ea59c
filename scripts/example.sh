#!/usr/bin/env bash
# Renders the bundled example with the CLI (no server): generates its footage, then renders
# examples/hello.json to out/hello.mp4 and probes the result.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build -c release --product reel
mkdir -p examples/media out
[ -f examples/media/clip.mp4 ] || ffmpeg -v error -nostdin -y \
  -f lavfi -i "testsrc2=size=1280x720:rate=30:duration=6" -f lavfi -i "sine=frequency=440:duration=6" \
  -c:v libx264 -pix_fmt yuv420p -c:a aac -shortest examples/media/clip.mp4
.build/release/reel render examples/hello.json -o out/hello.mp4 --progress
.build/release/reel probe out/hello.mp4
