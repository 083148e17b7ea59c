#!/usr/bin/env bash
# A self-signed certificate for deploy/compose.yaml's nginx (https://localhost:8443); use your own elsewhere.
set -euo pipefail
dir="$(dirname "$0")/tls"
mkdir -p "$dir"
openssl req -x509 -newkey rsa:2048 -nodes -days 365 -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost" \
  -keyout "$dir/key.pem" -out "$dir/cert.pem" 2>/dev/null
echo "wrote $dir/cert.pem and $dir/key.pem"
