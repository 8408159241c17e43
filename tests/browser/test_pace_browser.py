"""The pace of play in a real browser, at the pauses a learner gets (``KOZEL_TUTOR_PACE=1``, a
Voila server of its own): chosen on the settings screen, "quick" and "instant" bring the learner's
next turn sooner than "relaxed" (the AI's three cards and the trick's gathering); at "instant"
the live region still says every card and, at every turn after the first trick, the trick area
shows what was played last (the trick under way, or the last trick with who took it)."""

from __future__ import annotations

import importlib.util
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import CHROMIUM, browser_tab, missing, start_voila, stop
from .helpers import PLAYABLE, SUMMARY, choose, open_home, play_one, wait_ready

SLOTS = "[data-testid=trick] .kz-slot"
# every line the live region is given, kept as it comes (the region itself keeps the last four,
# all of them still there when the learner's first turn comes)
LISTEN = """() => { const spoken = document.querySelector('[data-testid=spoken]');
  window.kzSaid = [...spoken.children].map(p => p.textContent);
  new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n => window.kzSaid.push(
    n.textContent)))).observe(spoken, {childList: true}); }"""


@pytest.fixture(scope="module")
def real_pace_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not Path(CHROMIUM).exists():
        missing("Debian chromium is not installed (apt-get install chromium)")
    if importlib.util.find_spec("voila") is None:
        missing("voila is not installed (pip install -e '.[app]')")
    base = tmp_path_factory.mktemp("voila-pace")
    (base / "home").mkdir()
    proc, url = start_voila(base / "home", base / "voila.log", pace="1")
    try:
        yield url
    finally:
        stop(proc)


@pytest.fixture()
def table_page(browser: Any, real_pace_url: str) -> Iterator[Any]:
    with browser_tab(browser, viewport={"width": 1100, "height": 900}, locale="ru-RU") as page:
        open_home(page, real_pace_url)
        yield page


def _new_match(page: Any, pace: str) -> None:
    """A new match against the random AI (it thinks no time: what is timed is the pace)."""
    if page.get_by_test_id("menu").count():
        page.get_by_test_id("menu").click()
        page.get_by_test_id("new-game").click()
    else:
        page.get_by_test_id("open-play").click()
    choose(page, "level-random", "trump-clubs", "deck-32", f"pace-{pace}")
    page.get_by_test_id("play").click()
    assert wait_ready(page) == "play"


TURNS = 4


def _seconds_of_turns(page: Any) -> tuple[float, list[float]]:
    """Play the learner's first playable card :data:`TURNS` times: the seconds from their first
    card to their turn after the last, and from each card to their next turn."""
    waits = []
    for _ in range(TURNS):
        assert wait_ready(page) == "play"
        started = time.perf_counter()
        play_one(page)
        page.locator(f"{PLAYABLE}, {SUMMARY}").first.wait_for()
        waits.append(time.perf_counter() - started)
    return sum(waits), waits


def test_quick_and_instant_bring_the_ai_cards_sooner(table_page: Any) -> None:
    """Four turns of a 32-card deal at each pace, timed from the learner's first card: between
    one card of theirs and their next turn come the other three players' cards and the end of
    one trick, so four turns hold 12 AI cards and 4 finished tricks (relaxed: 0.55 s and 1.2 s
    each, at least 11.4 s), and the page's own work, which a busy machine stretches at every
    pace."""
    page = table_page
    total, waits = {}, {}
    for pace in ("relaxed", "quick", "instant"):
        _new_match(page, pace)
        total[pace], waits[pace] = _seconds_of_turns(page)
    told = {pace: (round(total[pace], 1), round(statistics.median(waits[pace]), 2))
            for pace in total}   # the turns' seconds, the median wait for the next turn
    assert total["relaxed"] > 11.4, f"relaxed is the pace the app always had: {told}"
    assert total["quick"] < 0.75 * total["relaxed"], told
    assert total["instant"] < 0.5 * total["quick"], told
    assert statistics.median(waits["instant"]) < statistics.median(waits["quick"]) \
        < statistics.median(waits["relaxed"]), told


def test_at_instant_every_card_is_said_and_the_last_play_stays_in_sight(table_page: Any) -> None:
    page = table_page
    _new_match(page, "instant")
    page.evaluate(LISTEN)
    turns = 0
    while wait_ready(page) == "play":
        if turns:   # after the first trick (the learner led it or played into it)
            assert page.locator(SLOTS).count() > 0, "the table shows what was played last"
        if page.get_by_test_id("trick-note").count():
            assert page.locator(SLOTS).count() == 4, "the last trick, whole, with who took it"
        play_one(page)
        turns += 1
    assert turns == 8
    page.wait_for_function("() => window.kzSaid.join(' ').split('Глеб: ').length - 1 === 8")
    said = " ".join(page.evaluate("() => window.kzSaid"))
    for name in ("Вы", "Фёдор", "Нина", "Глеб"):
        assert said.count(f"{name}: ") == 8, f"each of {name}'s eight cards is said: {said!r}"
    assert said.count(" взятку: ") == 8, "and who took each trick"
