"""How fast the app answers a learner, measured in a real browser against a live Voila server.

Prints, per AI level:
  * request → home screen ready, Play → table interactive, and request → interactive table;
  * card click → the AI's replies rendered (until the learner may act again), median and max.

Target: request → interactive table ≤ 3 s on a developer machine.  AI pauses are switched off
(``KOZEL_TUTOR_PACE=0``) so the numbers are compute and rendering, not animation.

The app runs with a pre-heated kernel (``voila.py``).  ``--baseline`` also measures, in the same
run, a server without one (each page starts its own kernel), and prints the ratio.
``--voila-pool`` measures a server with Voila's own kernel manager, which heats the next kernel
while the page still loads (ours waits until it has opened and gone quiet:
``kozel_tutor.voila_kernels``).  ``--floor`` also measures the floor under any Voila app on
this machine: the same settings serving a notebook with one small anywidget, request → that
widget drawn (Voila's own front end, the widget manager and a kernel, nothing of ours), and
prints what the app adds to it.

    python benchmarks/bench_app.py                      # levels random and easy
    python benchmarks/bench_app.py --levels hard --deals 1
    python benchmarks/bench_app.py --baseline --floor     # the ratio to both baselines
    python benchmarks/bench_app.py --voila-pool --levels random,random,random
    python benchmarks/bench_app.py --screenshots docs   # also writes the README screenshots

Needs Debian chromium (/usr/bin/chromium) and Playwright for Python.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, start_voila, stop  # noqa: E402
from tests.browser.helpers import (  # noqa: E402
    PLAYABLE,
    READY,
    SUMMARY,
    open_home,
    start_game,
    wait_ready,
)


def bench_level(browser: object, url: str, level: str, deals: int, label: str = "") -> float:
    page = browser.new_page(viewport={"width": 1100, "height": 900})  # type: ignore[attr-defined]
    page.set_default_timeout(120_000)
    started = time.perf_counter()
    open_home(page, url)
    home = time.perf_counter() - started
    clicked = time.perf_counter()
    start_game(page, level=level)
    table = time.perf_counter() - clicked
    total = time.perf_counter() - started
    replies: list[float] = []
    for _ in range(deals):
        while True:
            state = wait_ready(page)
            if state == "summary":
                break
            if state == "call":
                page.get_by_test_id("call-C").click()
                page.locator("[data-testid='call']").wait_for(state="detached")
                continue
            card = page.locator(PLAYABLE).first
            token = card.get_attribute("data-card")
            t0 = time.perf_counter()
            card.click()
            page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")
            page.locator(READY).first.wait_for()
            replies.append(time.perf_counter() - t0)
        if page.get_by_test_id("next").count():
            page.get_by_test_id("next").click()
            page.locator(SUMMARY).wait_for(state="detached")
    page.close()
    print(f"{label + level:>16}: request→home {home:5.2f} s · Play→table {table:5.2f} s · "
          f"request→interactive table {total:5.2f} s (target ≤ 3 s)")
    if replies:
        print(f"{'':>16}  card click→AI replies rendered: median "
              f"{statistics.median(replies):5.2f} s, max {max(replies):5.2f} s over "
              f"{len(replies)} clicks")
    return total


@contextmanager
def served(pace: str = "0", extra: tuple[str, ...] = (),
           notebook: Callable[[Path], Path] | None = None) -> Iterator[tuple[object, str]]:
    """A fresh Voila server (the app, or ``notebook(home)``) and chromium: ``(browser, url)``."""
    from playwright.sync_api import sync_playwright

    home = Path(tempfile.mkdtemp(prefix="kozel-bench-"))
    kwargs = {"notebook": str(notebook(home))} if notebook is not None else {}
    proc, url = start_voila(home, home / "voila.log", pace=pace, extra=extra, **kwargs)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield browser, url
            browser.close()
    finally:
        stop(proc)


def run_server(levels: list[str], deals: int, warm: float, extra: tuple[str, ...] = (),
               label: str = "") -> list[float]:
    """Start a server, then for each level open the app, start a game and play ``deals``."""
    totals = []
    with served(extra=extra) as (browser, url):
        for level in levels:
            time.sleep(warm)
            totals.append(bench_level(browser, url, level, deals, label))
    return totals


# Voila's default kernel manager in place of voila.py's PageFirstKernelManager.
VOILA_POOL = ("--VoilaConfiguration.multi_kernel_manager_class="
              "jupyter_server.services.kernels.kernelmanager.AsyncMappingKernelManager")

FLOOR_CELL = """\
import anywidget
import traitlets


class Floor(anywidget.AnyWidget):
    _esm = "export default { render({ el }) { el.innerHTML = '<b data-testid=floor>ready</b>'; } };"
    ready = traitlets.Bool(True).tag(sync=True)


Floor()
"""


def floor_notebook(folder: Path) -> Path:
    """A notebook with one anywidget that draws a marker, nothing else."""
    import json

    cell: dict[str, object] = {
        "cell_type": "code", "execution_count": None, "id": "floor", "metadata": {},
        "outputs": [], "source": FLOOR_CELL.splitlines(keepends=True)}
    nb = {"cells": [cell], "nbformat": 4, "nbformat_minor": 5,
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}}}
    path = folder / "floor.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def run_floor(warm: float, repeats: int) -> list[float]:
    """request → the floor notebook's widget drawn, ``repeats`` times on one server."""
    times = []
    with served(notebook=floor_notebook) as (browser, url):
        for _ in range(repeats):
            time.sleep(warm)
            page = browser.new_page(viewport={"width": 1100, "height": 900})  # type: ignore[attr-defined]
            page.set_default_timeout(120_000)
            started = time.perf_counter()
            page.goto(url)
            page.get_by_test_id("floor").wait_for()
            times.append(time.perf_counter() - started)
            page.close()
            print(f"{'floor':>16}: request→one anywidget drawn {times[-1]:5.2f} s")
    return times


def screenshots(browser: object, url: str, out: Path) -> None:
    """The table mid-trick with a hint, a deal summary and the results screen of a short match."""
    out.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1060, "height": 860})  # type: ignore[attr-defined]
    page.set_default_timeout(120_000)
    open_home(page, url)
    page.screenshot(path=str(out / "app-home.png"), full_page=True)
    start_game(page, level="random", match="6")
    shot_table = False
    while True:
        state = wait_ready(page)
        if state == "call":
            page.get_by_test_id("call-C").click()
            continue
        if state == "summary":
            page.screenshot(path=str(out / "app-summary.png"), full_page=True)
            if page.get_by_test_id("results").count():
                page.get_by_test_id("results").click()
                page.get_by_test_id("stats").wait_for()
                page.screenshot(path=str(out / "app-results.png"), full_page=True)
                break
            page.get_by_test_id("next").click()
            page.locator(SUMMARY).wait_for(state="detached")
            continue
        cards_down = page.locator("[data-testid='trick'] .kz-card").count()
        in_hand = page.locator(".kz-seat-S [data-card]").count()
        if (not shot_table and cards_down >= 2 and in_hand <= 7
                and page.locator(PLAYABLE).count() >= 2):
            page.get_by_test_id("hint").click()   # the table with a hint on it
            page.locator(".kz-seat-S [data-mark='advised']").wait_for()
            page.mouse.move(10, 10)
            page.screenshot(path=str(out / "app-table.png"), full_page=True)
            shot_table = True
        card = page.locator(PLAYABLE).first
        token = card.get_attribute("data-card")
        card.click()
        page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")
    page.close()
    print(f"screenshots written to {out}/app-{{home,table,summary,results}}.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="random,easy", help="comma-separated AI levels")
    parser.add_argument("--deals", type=int, default=1, help="deals to play per level")
    parser.add_argument("--screenshots", type=Path, help="write PNG screenshots to this folder")
    parser.add_argument("--baseline", action="store_true",
                        help="also measure a server without a pre-heated kernel, same run")
    parser.add_argument("--voila-pool", action="store_true",
                        help="also measure Voila's own kernel manager (heats during the load)")
    parser.add_argument("--floor", action="store_true",
                        help="also measure a one-widget notebook on the same settings, same run")
    parser.add_argument("--warm", type=float, default=10.0,
                        help="seconds to let a fresh server settle before each level's first "
                             "request (a learner opens a link to a server that is already up)")
    args = parser.parse_args()
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    # Alternate the two servers level by level so that both see the same machine load.
    heated: list[float] = []
    cold: list[float] = []
    voila_pool: list[float] = []
    floor: list[float] = []
    for level in levels:
        if args.floor:
            floor += run_floor(args.warm, 1)
        heated += run_server([level], args.deals, args.warm, label="pre-heated ")
        if args.voila_pool:
            voila_pool += run_server([level], args.deals, args.warm, extra=(VOILA_POOL,),
                                     label="Voila's pool ")
        if args.baseline:
            cold += run_server([level], args.deals, args.warm,
                               extra=("--VoilaConfiguration.preheat_kernel=False",),
                               label="no pool ")
    print(f"request→interactive table, median over levels: pre-heated "
          f"{statistics.median(heated):5.2f} s (target ≤ 3 s)")
    if cold:
        print(f"baseline without a pre-heated kernel: {statistics.median(cold):5.2f} s; "
              f"ratio pre-heated/baseline "
              f"{statistics.median(heated) / statistics.median(cold):4.2f}")
    if voila_pool:
        print(f"Voila's own kernel manager: {statistics.median(voila_pool):5.2f} s; ratio "
              f"ours/Voila's {statistics.median(heated) / statistics.median(voila_pool):4.2f}")
    if floor:
        app, bare = statistics.median(heated), statistics.median(floor)
        print(f"floor (one anywidget, same Voila settings): {bare:5.2f} s; the app adds "
              f"{app - bare:+5.2f} s (ratio app/floor {app / bare:4.2f})")
    if args.screenshots:
        with served(pace="0.4") as (browser, url):
            screenshots(browser, url, args.screenshots)

if __name__ == "__main__":
    main()
