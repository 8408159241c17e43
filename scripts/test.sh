#!/usr/bin/env bash
# Install everything the test suite needs (Python packages, Debian chromium), check lint and
# types, and run the tests; arguments go to pytest (bash scripts/test.sh tests/test_cards.py).
# Python packages go where scripts/app.sh puts them (scripts/python-env.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
source scripts/python-env.sh
"$PYTHON" -m pip install -q -e ".[test]"
"$PYTHON" -m ruff check kozel_tutor tests benchmarks
"$PYTHON" -m mypy --strict kozel_tutor
# The browser tests fail, not skip, when chromium, Playwright or Voila is missing here.
export KOZEL_REQUIRE_BROWSER="${KOZEL_REQUIRE_BROWSER:-1}"
"$PYTHON" -m pytest -q -n 2 --durations=15 "$@"
