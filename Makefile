# Convenience targets. The benchmark is kept out of the test suite: `make test` never runs it.
.PHONY: test run bench bench-profile

test:
	./scripts/test.sh

run:
	./scripts/run.sh

# Reel against the equivalent ffmpeg CLI graph (PRODUCT.md §4 "Fast"); see docs/PERFORMANCE.md.
# Media are generated once into bench/work/. BENCH_RUNS=9 make bench for more rounds (default 5).
bench:
	python3 bench/bench.py

# Where Reel's time goes (callgrind or perf), on the cuts workload; run `make bench` first.
bench-profile:
	python3 bench/profile.py
