#!/usr/bin/env bash
# Install kozel-tutor with its app dependencies and serve the app with Voila on localhost.
# Installs into the active virtual environment, else into python3, else (a system Python that
# takes no pip installs, as on Debian 12) into .venv in the repository: scripts/python-env.sh.
# Progress is kept in SQLite in the user's data folder (override with KOZEL_TUTOR_HOME).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/python-env.sh
"$PYTHON" -m pip install -q -e ".[app]"
# -P: the repo root holds voila.py (our Voila config), which must not shadow the voila package.
exec "$PYTHON" -P -m voila notebooks/app.ipynb --Voila.ip=127.0.0.1 --port="${PORT:-8866}" "$@"
