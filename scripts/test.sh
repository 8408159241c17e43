#!/usr/bin/env bash
# Install everything the test suite needs (Python packages, Debian chromium), check lint and
# types, and run the tests; arguments go to pytest (bash scripts/test.sh tests/test_cards.py).
# Python packages go where scripts/app.sh puts them (scripts/python-env.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser tests drive Debian's chromium at this path (tests/browser/conftest.py).
CHROMIUM=/usr/bin/chromium

# Install chromium where this script can (as root, with apt-get), as scripts/python-env.sh does
# python3-venv; else say how, and go on: the other tests run, and the browser tests fail with
# their own message (KOZEL_REQUIRE_BROWSER=1 below).
ensure_chromium() {
  if [ -x "$CHROMIUM" ]; then
    return
  fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
      && apt-get update -qq && apt-get install -y -qq chromium >/dev/null; then
    return
  fi
  echo "The browser tests need Debian's chromium at $CHROMIUM:" \
       "install it (sudo apt-get install chromium); the other tests run without it." >&2
  echo "Тестам в браузере нужен chromium из Debian в $CHROMIUM:" \
       "установите его (sudo apt-get install chromium); остальные тесты идут и без него." >&2
}

ensure_chromium
source scripts/python-env.sh
"$PYTHON" -m pip install -q -e ".[test]"
"$PYTHON" -m ruff check kozel_tutor tests benchmarks
"$PYTHON" -m mypy --strict kozel_tutor
# The browser tests fail, not skip, when chromium, Playwright or Voila is missing here.
export KOZEL_REQUIRE_BROWSER="${KOZEL_REQUIRE_BROWSER:-1}"
# The native solver's tests fail, not skip, when the install above could not build the C core
# (the package then falls back to the pure-Python solver).
export KOZEL_REQUIRE_NATIVE="${KOZEL_REQUIRE_NATIVE:-1}"
# Two workers, each given whole files as it becomes free, in the order tests/conftest.py sets
# (the longest first): a file's fixtures (a Voila server, a Binder build) are set up once.
"$PYTHON" -m pytest -q -n 2 --dist loadfile --no-loadscope-reorder --durations=15 "$@"
