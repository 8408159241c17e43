"""The last trick shown again at the table ("Last trick", key L): its four cards by their players
and who took it, until the learner presses it again, plays a card or presses Escape; off before
the first trick is finished; the hand stays playable meanwhile, and the live region says it."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app.play_view import Pace, PlayScreen
from kozel_tutor.app.session import Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.widgets import Command, check_table_view

INSTANT = Pace(card=0.0, trick=0.0)


@pytest.fixture()
def screen(tmp_path: Path) -> PlayScreen:
    table = PlayScreen(Store(tmp_path / DB_NAME), lang="en", pace=INSTANT)
    table.start(Settings(level="random"), rng=random.Random(5))
    return table


def view(screen: PlayScreen) -> dict[str, Any]:
    return check_table_view(screen.table.view)


def button(screen: PlayScreen) -> dict[str, Any]:
    found: dict[str, Any] = next(b for b in view(screen)["toolbar"] if b["id"] == "last-trick")
    return found


def playable(screen: PlayScreen) -> list[str]:
    return [c["card"] for c in view(screen)["seats"]["S"]["cards"] if c.get("playable")]


def learners_turn(screen: PlayScreen) -> None:
    deadline = time.monotonic() + 30
    while not (screen.wait_idle() and playable(screen)):
        assert time.monotonic() < deadline, "the learner's turn never came"
        time.sleep(0.02)


def press(screen: PlayScreen, ident: str = "last-trick") -> None:
    assert screen.table.receive({"type": "button", "id": ident}) is not None


def after_first_trick(screen: PlayScreen) -> None:
    """Play the learner's first legal card until a trick is finished and it is their turn."""
    session = screen.session
    assert session is not None
    learners_turn(screen)
    while not session.deal.tricks:
        assert screen.table.receive({"type": "play", "card": playable(screen)[0]}) is not None
        learners_turn(screen)


def test_before_the_first_trick_the_button_is_off_and_shows_nothing(screen: PlayScreen) -> None:
    learners_turn(screen)
    assert button(screen)["disabled"] is True and button(screen)["pressed"] is False
    screen.handle(Command("button", "last-trick"))   # (the widget would not even send it)
    assert "trick_note" not in view(screen) and button(screen)["pressed"] is False
    assert "L " not in view(screen)["hint"], "the keys line offers L once there is a trick"


def test_the_button_shows_the_last_trick_its_taker_and_the_hand_stays_playable(
        screen: PlayScreen) -> None:
    heard: list[str] = []
    send = screen.table.say
    screen.table.say = lambda words: (heard.append(words), send(words))[1]  # type: ignore[method-assign]
    after_first_trick(screen)
    session = screen.session
    assert session is not None
    last = session.deal.tricks[-1]
    hand = playable(screen)
    assert button(screen)["disabled"] is False and "L shows the last trick" in view(screen)["hint"]

    press(screen)
    shown = view(screen)
    assert shown["trick"] == [{"seat": s.name, "card": c.token} for s, c in last.plays()]
    assert len(shown["trick"]) == 4 and shown["winner"] == last.winner.name
    taker = shown["seats"][last.winner.name]["name"]
    name = "You took it" if last.winner.name == "S" else f"{taker} took it"
    assert shown["trick_note"] == f"{name}: {last.points} point{'s' if last.points != 1 else ''}"
    assert button(screen)["pressed"] is True and button(screen)["key"] == "Escape"
    assert playable(screen) == hand, "the hand is still playable while the trick is shown"
    # the cards with their players as the boasts' tricks are told, "you" inside the sentence
    names = {s.name: "you" if s.name == "S" else shown["seats"][s.name]["name"]
             for s, _ in last.plays()}
    cards = ", ".join(f"{names[s.name]} — {c.name_in('en')}" for s, c in last.plays())
    assert heard[-1] == f"Last trick: {cards}. {shown['trick_note']}."

    press(screen)   # pressed again (L, Escape: the same button): hidden
    assert "trick_note" not in view(screen) and button(screen)["pressed"] is False

    press(screen)
    assert "trick_note" in view(screen)
    card = hand[0]
    assert screen.table.receive({"type": "play", "card": card}) is not None
    assert "trick_note" not in view(screen), "a card played closes the last trick"
    assert button(screen)["pressed"] is False
    assert card not in [c["card"] for c in view(screen)["seats"]["S"]["cards"]]
