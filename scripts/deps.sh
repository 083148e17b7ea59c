#!/usr/bin/env bash
# Installs the Debian 12 packages Reel needs to build, run and test, skipping what is present.
set -euo pipefail
# libcurl4: the HTTP of the S3 client, web sources and webhooks (ReelFetch), and FoundationNetworking's.
# libpq-dev: the PostgreSQL job store's client library. postgresql: the server the tests start a
# throwaway cluster of (its initdb and pg_ctl; Debian's own cluster is not used).
packages=(pkg-config ffmpeg libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev libsqlite3-dev libcurl4
          librubberband-dev libimagequant-dev libzimg-dev libebur128-dev librlottie-dev libpq-dev postgresql
          # The text stack, and the fonts and oracles its tests use (hb-shape, tesseract OCR).
          libfreetype-dev libharfbuzz-dev libfribidi-dev libfontconfig-dev libunibreak-dev
          fonts-dejavu-core fonts-noto-core fonts-noto-cjk libharfbuzz-bin
          tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim
          # The S3 client's libcurl, and the S3 server its tests start (OpenStack Swift with s3api,
          # which checks signatures: scripts/s3-test-server.sh) with curl as an independent client.
          # libseccomp: the render children's system-call filter (ReelWorker/Isolation).
          libseccomp-dev
          libcurl4-openssl-dev curl swift swift-proxy swift-object swift-container swift-account python3-swift
          # The reverse proxy of the TLS test (ReverseProxyTests: its own nginx on a free port, with a
          # certificate openssl makes), as OPERATIONS.md configures one.
          nginx-light openssl
          # The browser the console's tests drive (ConsoleTests: headless, through Selenium).
          chromium chromium-driver
          # Node and the TypeScript compiler: the JS client's types checked and its tests run (JSClientTests).
          nodejs node-typescript
          # The console's linter (scripts/console_check.sh; Debian's ESLint reads the ES2022 of console/js),
          # and what its default formatter loads (only recommended by the package, so not installed
          # without them: ESLint then fails to print even a clean result).
          eslint node-chalk node-strip-ansi node-text-table
          # The package test (scripts/deb_test.sh): a minimal Debian 12 root to install `make deb` into,
          # and systemd-analyze to verify its unit.
          debootstrap systemd)
# The compose test (scripts/compose_test.sh): Debian's Docker engine and docker-compose 1.29, where
# none is installed (another vendor's engine would clash with docker.io). The test starts an engine
# of its own, with its own data root, whatever the machine runs (COMPOSE_TEST=0: not installed).
if [ "${COMPOSE_TEST:-1}" != "0" ]; then
  command -v dockerd >/dev/null 2>&1 || packages+=(docker.io)
  command -v docker-compose >/dev/null 2>&1 || packages+=(docker-compose)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# kubectl, whose kustomize builds deploy/kubernetes for DeployTests: Debian's kubernetes-client
# where no kubectl is installed (another vendor's package of it would clash over /usr/bin/kubectl).
command -v kubectl >/dev/null 2>&1 || missing+=(kubernetes-client)
# npm, which packs the JS client (JSClientTests): Debian's, where the Node in use brought none.
command -v npm >/dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Python tools the tests use (openapi.yaml validation; opentimelineio, the oracle of the OTIO tests), in a virtual environment under .build so
# the system Python is left alone (Debian 12 refuses system-wide pip installs).
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c "import venv, ensurepip" >/dev/null 2>&1; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends python3 python3-venv >/dev/null
fi
# Versions are pinned, so a new release cannot change what the tests check.
venv=.build/pyvenv
python_tools=(openapi-spec-validator==0.9.0 pyyaml==6.0.4 opentimelineio==0.17.0
              # The Python client's generator and formatter (clients/python/generate.sh), its dependencies, and
              # wheel, with which the tests install it (pip install --no-build-isolation: no network then).
              openapi-python-client==0.29.1 ruff==0.8.6 httpx==0.28.1 attrs==26.1.0 wheel==0.45.1
              # The generator of the client's job spec models (clients/python/generate_spec.py) and pydantic, theirs.
              datamodel-code-generator==0.89.0 pydantic==2.14.4
              # Selenium, which drives Debian's chromium through chromium-driver for the console's tests.
              selenium==4.38.0
              # numpy, the oracle of the pixel tests that compute a standard's formulas (blend modes).
              numpy==2.2.6
              # jsonschema, the judge of the job spec's published schema (Tests/Schema, scripts/spec_reference.py).
              jsonschema==4.26.0
              # rlottie-python (its own build of rlottie), the oracle of the Lottie overlay tests.
              rlottie-python==1.3.8
              # kubernetes-validate (with the Kubernetes API's schemas), the judge of deploy/kubernetes.
              kubernetes-validate==1.37.0)
# --all: pip freeze leaves out pip, setuptools and wheel otherwise (wheel is pinned above).
installed=$("$venv/bin/python" -m pip freeze --all 2>/dev/null || true)
stale=0
for tool in "${python_tools[@]}"; do grep -qix "$tool" <<<"$installed" || stale=1; done
if [ "$stale" = 1 ]; then
  mkdir -p .build
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${python_tools[@]}"
fi
