#!/usr/bin/env bash
# Install everything the test suite needs (Python packages, Debian chromium) and run it.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
python3 -m pip install -q -e ".[test]"
python3 -m pytest -q -n 2 --durations=15 "$@"
