"""The table's Hint button, driven through the widget's own messages as the browser sends them:
the learner's turn only, a legal card marked with the reasons on the status line, gone once the
learner acts, and never a stale hint for a turn already played."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app.play_view import Pace, PlayScreen
from kozel_tutor.app.session import Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.app.texts import text
from kozel_tutor.cards import Card

INSTANT = Pace(card=0.0, trick=0.0)


@pytest.fixture()
def screen(tmp_path: Path) -> PlayScreen:
    return PlayScreen(Store(tmp_path / DB_NAME), lang="en", pace=INSTANT)


def hint_button(view: dict[str, Any]) -> dict[str, Any]:
    return next(b for b in view["toolbar"] if b["id"] == "hint")


def advised(view: dict[str, Any]) -> list[str]:
    return [c["card"] for c in view["seats"]["S"]["cards"] if c.get("mark") == "advised"]


def wait_for(predicate: Any, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def join_hints() -> None:
    for thread in threading.enumerate():
        if thread.name == "kozel-hint":
            thread.join(30)


def learners_turn(screen: PlayScreen, settings: Settings, seed: int = 5) -> None:
    screen.start(settings, rng=random.Random(seed))
    assert screen.wait_idle()
    wait_for(lambda: any(c.get("playable") for c in screen.table.view["seats"]["S"]["cards"]),
             "the learner's turn")


def test_hint_marks_a_legal_card_and_says_why_until_the_learner_plays(screen: PlayScreen
                                                                       ) -> None:
    learners_turn(screen, Settings(level="random"))
    table = screen.table
    assert hint_button(table.view).get("disabled") is False
    assert table.receive({"type": "button", "id": "hint"}) is not None
    wait_for(lambda: table.view["status_kind"] == "advice", "the hint")
    view = table.view
    (card,) = advised(view)
    assert screen.session is not None
    assert Card.parse(card) in screen.session.deal.legal_plays()
    assert view["status"].startswith(f"Hint: the {Card.parse(card).name_in('en')}. ")
    assert hint_button(view)["disabled"] is True, "one hint per turn"
    assert view["progress"] is None

    screen.set_lang("ru")
    assert table.view["status"].startswith(f"Подсказка: {Card.parse(card).name_in('ru')}. ")
    assert advised(table.view) == [card]

    table.receive({"type": "play", "card": card})
    assert screen.wait_idle()
    assert advised(table.view) == []
    assert table.view["status_kind"] != "advice"


def test_hint_is_refused_when_it_is_not_the_learners_turn(screen: PlayScreen) -> None:
    learners_turn(screen, Settings(level="random"))
    table = screen.table
    screen.step_away()   # the pause screen: nothing to advise
    screen.render()
    assert hint_button(table.view)["disabled"] is True
    rejected = table.rejected
    assert table.receive({"type": "button", "id": "hint"}) is None
    assert table.rejected == rejected + 1
    assert not screen.ui.advising and screen.ui.advice is None


def test_a_hint_for_a_turn_already_played_is_dropped(screen: PlayScreen) -> None:
    learners_turn(screen, Settings(level="random"))
    table = screen.table
    card = next(c["card"] for c in table.view["seats"]["S"]["cards"] if c.get("playable"))
    # Holding the table's lock, the hint's search cannot report before the card is played.
    with screen._lock:
        table.receive({"type": "button", "id": "hint"})
        assert table.view["status"] == "Looking for the best card from what you can see…"
        assert table.view["progress"] == 0.0
        table.receive({"type": "play", "card": card})
    join_hints()
    assert screen.wait_idle()
    assert screen.ui.advice is None and not screen.ui.advising
    assert advised(table.view) == [] and table.view["status_kind"] != "advice"


def test_hint_in_a_regional_game(screen: PlayScreen) -> None:
    learners_turn(screen, Settings(level="random", variant="nizhny"), seed=2)
    table = screen.table
    table.receive({"type": "button", "id": "hint"})
    wait_for(lambda: table.view["status_kind"] == "advice", "the hint")
    (card,) = advised(table.view)
    assert screen.session is not None
    assert Card.parse(card) in screen.session.deal.legal_plays()


def test_a_hint_with_no_solver_to_run_says_it_failed_and_leaves_no_bar(
        screen: PlayScreen, monkeypatch: pytest.MonkeyPatch) -> None:
    """KOZEL_SOLVER naming a solver this machine cannot run: the hint says it failed (it used
    to leave the table with a bar that never moved, the error out of the key handler)."""
    learners_turn(screen, Settings(level="random"))
    monkeypatch.setenv("KOZEL_SOLVER", "no-such-solver")
    table = screen.table
    table.receive({"type": "button", "id": "hint"})
    wait_for(lambda: table.view["status_kind"] == "error", "the hint's failure")
    assert table.view["progress"] is None and not screen.ui.advising
    assert table.view["status"] == text("hint_failed", "en")
