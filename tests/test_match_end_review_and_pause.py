"""Two things of the Play screen at its edges: the deal that ended the match is reviewed from the
match's results too (and Close goes back to them), and the pause menu shows no player thinking
and no bar moving behind it: the AI's card chosen meanwhile waits for play to resume."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.ai.base import Decision, Player, Progress
from kozel_tutor.app.play_view import Pace, PlayScreen
from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.seats import Seat
from kozel_tutor.state import SeatView
from kozel_tutor.widgets import Command, check_table_view

FAST = Pace(card=0.0, trick=0.0, review_budget=0.3)


def view(screen: PlayScreen) -> dict[str, Any]:
    result: dict[str, Any] = check_table_view(screen.table.view)
    return result


def buttons(screen: PlayScreen) -> dict[str, str]:
    overlay = view(screen)["overlay"]
    assert overlay is not None
    return {button["id"]: button["label"] for button in overlay["buttons"]}


def thinking(screen: PlayScreen) -> list[str]:
    return [name for name, seat in view(screen)["seats"].items() if seat.get("thinking")]


def play_to_the_last_summary(screen: PlayScreen) -> MatchSession:
    """Play the learner's first legal card each turn, deal after deal, until the summary of the
    deal that ends the match shows."""
    session = screen.session
    assert session is not None
    for _ in range(400):
        assert screen.wait_idle(30)
        if screen.ui.mode == "summary":
            if session.score.is_over:
                return session
            screen.handle(Command("button", "next"))
        elif session.learner_to_act:
            screen.handle(Command("play", sorted(session.deal.legal_plays())[0].token))
    raise AssertionError("the match did not end")


def finished_match(tmp_path: Path, lang: str, left: list[str]) -> PlayScreen:
    screen = PlayScreen(Store(tmp_path / DB_NAME), lang=lang, pace=FAST, on_leave=left.append)
    screen.start(Settings(level="random", deck=32, match=6), rng=random.Random(7))
    play_to_the_last_summary(screen)
    return screen


@pytest.mark.parametrize(("lang", "label"), [("en", "Review the last deal"),
                                             ("ru", "Разбор последней раздачи")])
def test_the_match_results_open_the_review_of_the_deal_that_ended_the_match_and_close_back(
        tmp_path: Path, lang: str, label: str) -> None:
    left: list[str] = []
    screen = finished_match(tmp_path, lang, left)
    session = screen.session
    assert session is not None and session.last_deal is not None
    assert "results" in buttons(screen)
    screen.handle(Command("button", "results"))
    assert view(screen)["overlay"]["kind"] == "results"
    assert screen.ui.stats is not None and screen.ui.stats.matches == 1
    results = buttons(screen)
    assert results.get("review") == label
    assert list(results)[-1] == "new-game", "New match stays the last (primary) button"

    screen.handle(Command("button", "review"))
    overlay = view(screen)["overlay"]
    assert overlay["kind"] == "review" and screen.ui.mode == "review"
    review = screen.ui.review
    assert review is not None and review.steps
    # the deal reviewed is the one that ended the match: the learner's cards of that deal
    assert {step.played for step in review.steps} == set(
        session.last_deal_state(0).hand(Seat.S))

    screen.handle(Command("button", "next-step"))
    screen.handle(Command("button", "close"))
    assert screen.ui.mode == "results" and screen.ui.review is None
    assert view(screen)["overlay"]["kind"] == "results"
    assert buttons(screen).get("review") == label, "the review can be opened again"
    assert left == [] and screen.session is session and session.score.is_over


def test_a_review_opened_from_the_last_summary_still_closes_back_to_that_summary(
        tmp_path: Path) -> None:
    left: list[str] = []
    screen = finished_match(tmp_path, "en", left)
    screen.handle(Command("button", "review"))
    assert screen.ui.mode == "review"
    screen.handle(Command("button", "close"))
    assert screen.ui.mode == "summary"
    assert {"review", "results"} <= set(buttons(screen))


def test_a_finished_match_resumed_shows_its_results_with_the_statistics_and_its_review(
        tmp_path: Path) -> None:
    """A finished match loaded again (the notebook's ``resume()``) opens at its results, as the
    Results button shows them: the learner's statistics, the last deal's review and back."""
    played = finished_match(tmp_path, "en", [])
    assert played.session is not None
    saved = played.session.to_json()
    screen = PlayScreen(Store(tmp_path / DB_NAME), lang="en", pace=FAST)
    screen.resume(MatchSession.from_json(saved))
    assert screen.ui.mode == "results"
    assert screen.ui.stats is not None and screen.ui.stats.matches == 1
    stats = screen.ui.stats
    matches = view(screen)["overlay"]["table"]["rows"][0]["cells"][1]
    assert matches == f"{stats.wins} of 1", "the matches played, not a blank record"
    assert "review" in buttons(screen)
    screen.handle(Command("button", "review"))
    screen.handle(Command("button", "close"))
    assert screen.ui.mode == "results"


# -- the pause --------------------------------------------------------------------------------


class Gated:
    """An AI player that reports some progress, then thinks until the test lets it go; it
    chooses as the player it stands in for, and counts its choices."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.started = threading.Event()
        self.release = threading.Event()
        self.chosen: list[str] = []

    def choose(self, view: SeatView, progress: Progress | None = None) -> Decision:
        if progress is not None:
            progress(0.4)
        self.started.set()
        assert self.release.wait(30)
        decision = self.inner.choose(view)
        self.chosen.append(decision.card.token)
        return decision

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def thinking_table(tmp_path: Path) -> tuple[PlayScreen, MatchSession, Seat, Gated]:
    """A table whose first card is an AI's, that AI thinking (held until released)."""
    session = MatchSession(Settings(level="random"), rng=random.Random(3),
                           first_dealer=Seat.S)
    assert session.ai_to_act
    seat = session.deal.to_move
    gated = Gated(session.players[seat])
    session.players[seat] = gated   # type: ignore[assignment]
    screen = PlayScreen(Store(tmp_path / DB_NAME), lang="ru", pace=FAST)
    screen.resume(session)
    assert gated.started.wait(30)
    return screen, session, seat, gated


def test_the_pause_shows_no_player_thinking_and_no_bar_and_the_ai_plays_only_after_it(
        tmp_path: Path) -> None:
    screen, session, seat, gated = thinking_table(tmp_path)
    assert thinking(screen) == [seat.name] and view(screen)["progress"] == pytest.approx(0.4)

    screen.handle(Command("button", "menu"))
    shown = view(screen)
    assert shown["overlay"]["kind"] == "pause"
    assert thinking(screen) == [], "no one thinks behind the pause"
    assert shown["progress"] is None, "no bar behind the pause"

    gated.release.set()   # the AI's card is chosen while the pause menu is open
    assert screen.wait_idle(30)
    assert gated.chosen, "the AI did choose its card"
    assert session.record.plays == [], "no card is played behind the pause"
    assert thinking(screen) == [] and view(screen)["progress"] is None
    assert view(screen)["overlay"]["kind"] == "pause"

    screen.handle(Command("button", "resume"))
    assert screen.wait_idle(30)
    # the card chosen before is played (not thought out again), and no one thinks any more
    assert [card.token for card in session.record.plays[:1]] == gated.chosen[:1]
    assert len(gated.chosen) == 1
    assert seat.name not in thinking(screen)


def test_after_the_pause_the_ai_still_thinking_shows_thinking_again(tmp_path: Path) -> None:
    screen, session, seat, gated = thinking_table(tmp_path)
    screen.handle(Command("button", "menu"))
    assert thinking(screen) == []
    screen.handle(Command("button", "resume"))
    # still its card to work out: the mark and the bar come back
    assert thinking(screen) == [seat.name]
    assert view(screen)["progress"] == pytest.approx(0.4)
    gated.release.set()
    assert screen.wait_idle(30)
    assert [card.token for card in session.record.plays[:1]] == gated.chosen
    assert seat.name not in thinking(screen)


def test_a_table_put_aside_and_resumed_while_the_ai_thinks_plays_on(tmp_path: Path) -> None:
    """The table put aside (another table takes the save slot) drops the card in flight; back
    while the old worker still thinks, the AI plays all the same (it used to wait for ever)."""
    screen, session, seat, gated = thinking_table(tmp_path)
    screen.put_aside()
    assert thinking(screen) == []
    screen.come_back()
    gated.release.set()
    deadline = time.monotonic() + 30
    while not session.record.plays and time.monotonic() < deadline:
        time.sleep(0.05)
    assert session.record.plays, "the AI played on"
    assert screen.wait_idle(30)
    assert seat.name not in thinking(screen)
