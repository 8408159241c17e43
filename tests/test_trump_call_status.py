"""After the trump suit is named (the ``called`` rule), the table says whose turn it is.

The call is news of the moment: the live region reads it as it reads a card, and the status
line shows it only while an AI player is to lead; once the learner is to act, the status and
the live region say so («Ваш заход: …», «Ваш ход: …»), as on every other turn."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import heard_by, playable, wait_for

from kozel_tutor.app.play_view import Pace, PlayScreen
from kozel_tutor.app.session import LEARNER, Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.app.texts import text
from kozel_tutor.cards import Suit

INSTANT = Pace(card=0.0, trick=0.0)
CALLED = Settings(level="random", trump="called")


def called_table(tmp_path: Path, lang: str, seed: int) -> tuple[PlayScreen, list[str]]:
    screen = PlayScreen(Store(tmp_path / DB_NAME), lang=lang, pace=INSTANT)
    heard = heard_by(screen)
    screen.start(CALLED, rng=random.Random(seed))
    wait_for(screen.wait_idle, "the AI players to stop")
    return screen, heard


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_after_the_learner_names_trumps_the_status_says_it_is_their_lead(
        tmp_path: Path, lang: str) -> None:
    screen, heard = called_table(tmp_path, lang, seed=1)
    assert screen.session is not None and screen.session.learner_calls
    screen.table.receive({"type": "call", "suit": "H"})
    wait_for(screen.wait_idle, "the AI players to stop")
    lead = text("status_your_lead", lang)
    called = text("status_called", lang, name=text("seat_S", lang), suit=Suit.HEARTS)
    assert screen.table.view["status"] == lead
    assert screen.table.view["status_kind"] == "turn"
    assert heard[-1] == f"{called} {lead}", "the call is said, then whose turn it is"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_after_an_ai_player_names_trumps_the_learners_turn_is_said(
        tmp_path: Path, lang: str) -> None:
    screen, heard = called_table(tmp_path, lang, seed=0)
    session = screen.session
    assert session is not None and session.deal.trump is not None
    caller = session.deal.dealer.next
    assert caller != LEARNER
    wait_for(lambda: bool(playable(screen)), "the learner's turn")
    turn = text("status_your_turn", lang)
    assert screen.table.view["status"] == turn
    said = " ".join(heard)
    called = text("status_called", lang, name=text(f"seat_{caller.name}", lang),
                  suit=session.deal.trump)
    assert said.count(called) == 1, f"the call is said once: {said!r}"
    assert said.index(called) < said.index(turn), "the call first, the learner's turn last"
    assert said.endswith(turn)


def test_the_call_stays_in_the_status_line_while_the_caller_thinks_of_a_lead(
        tmp_path: Path) -> None:
    """With the AI's pauses, the caller's words are on show until its first card lands."""
    screen = PlayScreen(Store(tmp_path / DB_NAME), lang="en", pace=Pace(card=1.0, trick=0.0))
    screen.start(CALLED, rng=random.Random(0))
    session = screen.session
    assert session is not None
    wait_for(lambda: session.deal.trump is not None, "the AI's call")
    with screen._lock:
        status, cards = screen.table.view["status"], len(session.record.plays)
    caller = session.deal.dealer.next
    assert cards == 0, "the caller is still thinking of its lead"
    assert status == text("status_called", "en", name=text(f"seat_{caller.name}", "en"),
                          suit=session.deal.trump)
    screen.step_away()
