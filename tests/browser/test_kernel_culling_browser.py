"""Culling idle kernels never takes a page's kernel before the page connects to it
(kozel_tutor/voila_kernels.py), against a live Voila server whose culling is quick.

Voila heats the next page's kernel in advance and keeps it from culling while it waits in its
pool.  A page that takes it long after its heating holds an idle kernel with no connection
until its websocket connects, seconds later; without the guard, a cull check in those seconds
shuts the kernel down and the page never shows the home screen.  Here the server culls kernels
idle for 3 s, checking every second, and the page comes 5 s after the heating: the app must
open and a deal start."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from .conftest import browser_tab, start_voila, stop
from .helpers import start_game

QUICK_CULLING = ("--MappingKernelManager.cull_idle_timeout=3",
                 "--MappingKernelManager.cull_interval=1")
FILLED = "Kernel pool of app.ipynb is filled"


def test_a_page_taking_a_kernel_heated_long_ago_opens_under_quick_culling(
        browser: Any, tmp_path: Path) -> None:
    home, log = tmp_path / "home", tmp_path / "voila.log"
    home.mkdir()
    proc, url = start_voila(home, log, extra=QUICK_CULLING)
    try:
        deadline = time.monotonic() + 90
        while FILLED not in log.read_text(errors="replace"):
            assert time.monotonic() < deadline, "no kernel was heated"
            time.sleep(0.3)
        time.sleep(5)     # the spare kernel's last activity is now older than the cull timeout

        with browser_tab(browser, locale="ru-RU") as page:
            page.goto(url)
            start_game(page)
        text = log.read_text(errors="replace")
        taken = re.search(r"Using pre-heated kernel: ([\w-]+)", text)
        assert taken, "the page did not get the pre-heated kernel"
        assert not re.search(rf"Culling .*\({taken.group(1)}\)", text), \
            "the page's kernel was culled"
    finally:
        stop(proc)
