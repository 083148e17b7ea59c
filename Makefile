# Convenience targets. The benchmark is kept out of the test suite: `make test` never runs it.
.PHONY: bench-s3 test test-quick run bench bench-http bench-editor bench-cluster bench-profile bench-soak bench-batch fuzz bench-campaign install uninstall dist deb deb-test compose-test

# Where `make install` puts `reel` ($(DESTDIR)$(PREFIX)/bin/reel), and what it installs: the
# release build it makes (CONFIGURATION=debug: the debug build), or REEL_BIN, a binary already built
# (the tests' own: a build inside `swift test` would wait for the build folder's lock).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
REEL_BIN ?=

test:
	./scripts/test.sh

# The XCTest suites alone, on a machine `make test` (or scripts/deps.sh) has set up: no installs,
# no fuzzing, no schemathesis run, no Debian package. FILTER narrows it (`swift test --filter`'s
# regular expression over Target.Class/test), e.g. `make test-quick FILTER=ReelSpecTests`.
test-quick:
	swift build --build-tests
	swift test --skip-build --disable-swift-testing $(if $(FILTER),--filter '$(FILTER)')

run:
	./scripts/run.sh

# Builds `reel` and installs it on PATH: $(DESTDIR)$(PREFIX)/bin/reel (PREFIX /usr/local by default;
# DESTDIR stages it for a package). Needs the build's packages (scripts/run.sh or scripts/deps.sh
# installs them). `make uninstall` removes it again.
install:
	$(if $(REEL_BIN),,swift build -c $(CONFIGURATION) --product reel)
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 "$(if $(REEL_BIN),$(REEL_BIN),$$(swift build -c $(CONFIGURATION) --show-bin-path)/reel)" "$(DESTDIR)$(PREFIX)/bin/reel"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/reel"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/reel"

# Reel against the equivalent ffmpeg CLI graph (docs/PERFORMANCE.md); see docs/PERFORMANCE.md.
# Media are generated once into bench/work/. BENCH_RUNS=9 make bench for more rounds (default 5).
# The HTTP section (GET /v1/jobs/{id} vs a Hummingbird 2 anchor, p99 of status polls under renders)
# runs at the end of `make bench`; `make bench-http` runs it alone. BENCH_WORKLOADS=passthrough runs
# passthrough's smart rendering against ffmpeg's re-encode and -c copy (bench/passthrough_bench.py).
bench:
	python3 bench/bench.py

bench-http:
	BENCH_WORKLOADS=http python3 bench/bench.py

# The editor's scrub in Chromium, pointer to picture (bench/editor_bench.py; needs scripts/deps.sh's
# .build/pyvenv with Selenium). Part of `make bench` too.
bench-editor:
	BENCH_WORKLOADS=editor python3 bench/bench.py

# Outputs in an S3 bucket (the tests' Swift s3api server) against local disk: the cuts job's wall time on
# each, and the upload against curl --aws-sigv4 (bench/s3_bench.py); run `make bench` first. BENCH_RUNS=3.
bench-s3:
	python3 bench/s3_bench.py

# Chunked rendering on K local nodes sharing a throwaway PostgreSQL and one data folder, against
# one whole render; the critical path and predictions for 4 and 16 nodes (bench/cluster_bench.py).
# BENCH_NODES=1,2 (default), BENCH_CLUSTER_SECONDS=600 (output length), BENCH_CHUNK_SECONDS=60.
bench-cluster:
	python3 bench/cluster_bench.py

# A self-contained tarball of `reel` (the Swift runtime linked in, every library but glibc's in
# lib/, found through an RPATH): dist/reel-<version>-linux-<arch>.tar.xz (scripts/dist.sh).
dist:
	./scripts/dist.sh

# The Debian 12 package (dist/reel_<version>_<arch>.deb: the same static build, a systemd unit,
# /etc/reel/reel.json, the reel user; Depends computed by dpkg-shlibdeps), and its test: installed
# with apt into a debootstrapped minimal Debian 12, served as reel, a job rendered (as root).
deb:
	./scripts/deb.sh

deb-test: deb
	./scripts/deb_test.sh

# deploy/compose.yaml started for real from that package in a Docker engine of the test's own
# (PostgreSQL, S3, two nodes, nginx with TLS; a node killed mid-render), then `down -v` (as root).
compose-test: deb
	./scripts/compose_test.sh

# An hour of mixed load against one `reel serve`, sampling its RSS and file descriptors: does memory
# level off? (bench/soak.py; SOAK_MINUTES=15 for a shorter look).
bench-soak:
	python3 bench/soak.py

# A campaign as one batch (200 titled clips) against the ffmpeg CLI two at a time; part of `make bench`.
bench-batch:
	python3 bench/batch_bench.py

# Reliability campaigns (bench/campaign.py): kill -9 cycles on SQLite, S3 outages under chunked jobs,
# node kills on two nodes; counts of jobs succeeded, failed and lost. Builds the debug binary first.
bench-campaign:
	swift build --product reel
	python3 bench/campaign.py

# Where Reel's time goes (callgrind or perf), on the cuts workload; run `make bench` first.
bench-profile:
	python3 bench/profile.py

# libFuzzer on the spec decoder, the HTTP head and chunked parsers and probe, 10 minutes each
# (CI runs scripts/fuzz.sh for 15 s each). FUZZ_SECONDS and FUZZ_TARGETS override.
fuzz:
	FUZZ_SECONDS=$${FUZZ_SECONDS:-600} ./scripts/fuzz.sh
