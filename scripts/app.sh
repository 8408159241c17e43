#!/usr/bin/env bash
# Install kozel-tutor with its app dependencies and serve the app with Voila on localhost.
# Progress is kept in SQLite in the user's data folder (override with KOZEL_TUTOR_HOME).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -e ".[app]"
# -P: the repo root holds voila.py (our Voila config), which must not shadow the voila package.
exec python3 -P -m voila notebooks/app.ipynb --Voila.ip=127.0.0.1 --port="${PORT:-8866}" "$@"
