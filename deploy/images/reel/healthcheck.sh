#!/bin/bash
# The image's health check: GET /healthz on the port REEL_LISTEN names, over bash's /dev/tcp (the
# slim image has no curl); healthy on a 200.
port="${REEL_LISTEN##*:}"
exec 3<>"/dev/tcp/127.0.0.1/${port:-8080}" || exit 1
printf 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' >&3
IFS= read -r status <&3
case "$status" in "HTTP/1."?" 200"*) exit 0 ;; *) exit 1 ;; esac
