#!/usr/bin/env bash
# The web console's code (console/): the built-in copy up to date (scripts/console_embed.py --check),
# linted (Debian's eslint, console/.eslintrc.json), and its unit tests run with Node's test runner
# (console/test/). ConsoleCodeTests runs this; so can anyone after an edit under console/.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/console_embed.py --check
# Debian's eslint lives in /usr/share/nodejs, which a Node from elsewhere does not search by itself.
export NODE_PATH=/usr/share/nodejs:/usr/lib/nodejs${NODE_PATH:+:$NODE_PATH}
eslint --no-eslintrc -c console/.eslintrc.json --max-warnings 0 console/js console/test/*.js
echo "eslint: console/js and console/test clean"
node --test console/test/
