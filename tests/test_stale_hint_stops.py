"""A hint no longer wanted stops at once, and never holds up the AI players.

The hint searches on a thread of its own while the learner may play on.  Once the turn moves on
(the learner plays, a new match, the table left) its result is thrown away; the search itself
must stop too, and must not have been solving on the solver object the AI players use (the
native core runs one query at a time per object, and the hard and insane players' budgets are
wall-clock time)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_app_hint import INSTANT, learners_turn

from kozel_tutor.ai.pimc import HARD
from kozel_tutor.app.play_view import PlayScreen
from kozel_tutor.app.session import Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.solver import get_backend

#: a hint search that would run for many seconds if nothing stopped it
LONG_SEARCH = replace(HARD, samples=400, budget=20.0)
#: how soon a superseded hint must be gone (it took the whole budget before)
PROMPT = 0.5


@pytest.fixture()
def screen(tmp_path: Path) -> PlayScreen:
    return PlayScreen(Store(tmp_path / DB_NAME), lang="en", pace=INSTANT)


def hint_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "kozel-hint"]


def start_long_hint(screen: PlayScreen) -> threading.Thread:
    """Ask for a hint whose search would take :data:`LONG_SEARCH`'s 20 s, and let it run."""
    assert screen.session is not None
    screen.session.adviser().search.settings = LONG_SEARCH
    before = set(hint_threads())
    screen.table.receive({"type": "button", "id": "hint"})
    (thread,) = set(hint_threads()) - before
    time.sleep(0.4)   # well into its search
    assert thread.is_alive() and screen.ui.advising
    return thread


def a_playable_card(screen: PlayScreen) -> str:
    return str(next(c["card"] for c in screen.table.view["seats"]["S"]["cards"]
                    if c.get("playable")))


def stopped_within(thread: threading.Thread, supersede: Callable[[], object]) -> float:
    started = time.monotonic()
    supersede()
    thread.join(10)
    assert not thread.is_alive(), "the stale hint is still searching 10 s after"
    return time.monotonic() - started


@pytest.mark.parametrize("how", ["the learner plays", "a new match", "the table left"])
def test_a_superseded_hint_stops_within_half_a_second(screen: PlayScreen, how: str) -> None:
    learners_turn(screen, Settings(level="random"))
    thread = start_long_hint(screen)
    supersede: dict[str, Callable[[], object]] = {
        "the learner plays": lambda: screen.table.receive(
            {"type": "play", "card": a_playable_card(screen)}),
        "a new match": lambda: screen.start(Settings(level="random"), rng=random.Random(9)),
        "the table left": lambda: screen.table.receive({"type": "button", "id": "home"}),
    }
    if how == "the table left":   # Home is on the pause menu: behind it the hint goes on
        screen.table.receive({"type": "button", "id": "menu"})
        time.sleep(0.2)
        assert thread.is_alive()
    took = stopped_within(thread, supersede[how])
    assert took < PROMPT, f"the stale hint ran on for {took:.2f} s after {how}"
    assert screen.ui.advice is None and not screen.ui.advising
    assert screen.table.view["status_kind"] != "advice"


@pytest.mark.usefixtures("native_core")   # skipped without it, failed where it is required
def test_the_ai_after_a_superseded_hint_solves_alone_on_its_solver(
        screen: PlayScreen, monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI players' solver object (the shared native core) never runs a query of the hint,
    and the superseded hint is gone long before the hard AI has chosen its card."""
    shared = get_backend("native")
    asked_by: list[str] = []
    run = shared._run   # type: ignore[attr-defined]

    def recording(*args: Any, **kwargs: Any) -> Any:
        asked_by.append(threading.current_thread().name)
        return run(*args, **kwargs)

    monkeypatch.setattr(shared, "_run", recording)
    learners_turn(screen, Settings(level="hard"), seed=6)   # the learner second to trick 1
    asked_by.clear()
    thread = start_long_hint(screen)
    assert "kozel-hint" not in asked_by, "the hint solved on the AI players' solver object"

    decisions: list[tuple[float, bool]] = []
    assert screen.session is not None
    choose = screen.session.ai_choose

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.monotonic()
        choice = choose(*args, **kwargs)
        decisions.append((time.monotonic() - started, thread.is_alive()))
        return choice

    monkeypatch.setattr(screen.session, "ai_choose", timed)
    took = stopped_within(thread, lambda: screen.table.receive(
        {"type": "play", "card": a_playable_card(screen)}))
    assert took < PROMPT
    assert screen.wait_idle(60)
    assert decisions, "no AI player moved after the learner's card"
    first_took, hint_alive = decisions[0]
    assert not hint_alive, "the stale hint still searched when the AI had chosen its card"
    assert first_took < HARD.budget + 1.0
    assert "kozel-hint" not in asked_by
    assert "kozel-ai" in asked_by
