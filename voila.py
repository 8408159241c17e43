"""Voila settings for the kozel-tutor app.

Voila reads this file from the folder it starts in, and so does the Voila server extension of
``jupyter lab`` (Binder starts Jupyter in the repository root), so the app looks the same when
run by ``scripts/app.sh`` and on Binder.  Server-wide settings (kernel culling) live in
``binder/jupyter_server_config.json``.
"""

import json
import os
from pathlib import Path

from jupyter_core.paths import jupyter_path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - provided by traitlets

TEMPLATE = "kozel"
_HERE = Path(__file__).resolve().parent
_CHECKOUT_DATA = _HERE / "share" / "jupyter"

# Run from a checkout, Jupyter does not know the repository's data folder yet: add it so that
# Voila finds our template (title, favicon) next to its own.
if not any(Path(root, "voila", "templates", TEMPLATE).is_dir() for root in jupyter_path()):
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(_CHECKOUT_DATA), os.environ.get("JUPYTER_PATH", "")) if p
    )

c.VoilaConfiguration.template = TEMPLATE
c.VoilaConfiguration.strip_sources = True
# Learners never see a traceback: a failing cell shows the friendly text below instead, and the
# app catches the errors of its own callbacks.
c.VoilaConfiguration.show_tracebacks = False
# One pre-heated kernel: Voila starts it and runs the app before anyone asks, so a learner who
# opens the link gets a running app instead of waiting for Python, Jupyter and the app to start.
# The app was built before the page opened, so it re-reads the learner's progress and the page's
# query string when the page says hello (App.refresh).  A new kernel is heated after each page.
c.VoilaConfiguration.preheat_kernel = True
# The next one is heated once the page that took a kernel has opened and gone quiet, not while
# the browser loads the front end or draws the table (kozel_tutor.voila_kernels: on two cores
# the home screen came up in 8.1-9.3 s instead of 12.4-14.2 s, Play -> table in 1.85 s instead
# of 2.93 s).
c.VoilaConfiguration.multi_kernel_manager_class = "kozel_tutor.voila_kernels.PageFirstKernelManager"
# The friendly error text and the kernel culling are shared with Binder's Jupyter server: one
# source, binder/jupyter_server_config.json.
_server = json.loads((_HERE / "binder" / "jupyter_server_config.json").read_text("utf-8"))
c.VoilaExecutor.cell_error_instruction = _server["VoilaExecutor"]["cell_error_instruction"]
for _name, _value in _server["MappingKernelManager"].items():
    setattr(c.MappingKernelManager, _name, _value)
