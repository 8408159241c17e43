# Sourced by scripts/app.sh and scripts/test.sh (from the repository root): sets PYTHON to the
# Python to install kozel-tutor into and run it with.
#  - An active virtual environment (a developer's, or one a CI job made): that one.
#  - Else the repository's .venv, made here the first time if python3 is the system's own, which
#    pip refuses to install into (Debian 12 and others mark it "externally managed", PEP 668).
#  - Else python3 itself (pyenv, conda, a python.org build).

in_venv() {
  "$1" -c 'import sys; sys.exit(sys.prefix == sys.base_prefix)' 2>/dev/null
}

externally_managed() {
  python3 - <<'PY'
import os, sys, sysconfig
sys.exit(not os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")))
PY
}

make_venv() {
  echo "Creating .venv for kozel-tutor (the system's Python takes no pip installs)."
  echo "Создаём .venv для kozel-tutor (в системный Python pip не устанавливает пакеты)."
  if python3 -m venv .venv >/dev/null 2>&1; then
    return
  fi
  rm -rf .venv
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    # Debian's Python makes virtual environments only with the python3-venv package
    apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
    python3 -m venv .venv
  else
    echo "Python cannot make a virtual environment: install python3-venv" \
         "(sudo apt-get install python3-venv), then run this script again." >&2
    echo "Python не может создать виртуальное окружение: установите python3-venv" \
         "(sudo apt-get install python3-venv) и запустите скрипт снова." >&2
    exit 1
  fi
}

if [ -n "${VIRTUAL_ENV:-}" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then
  PYTHON="$VIRTUAL_ENV/bin/python"
elif in_venv python3; then
  PYTHON=python3
elif [ -x .venv/bin/python ]; then
  PYTHON=.venv/bin/python
elif externally_managed; then
  make_venv
  PYTHON=.venv/bin/python
else
  PYTHON=python3
fi
