"""Two windows (two kernels: two stores on one progress file) never write over each other: a
save of a match or a draft that another window has changed since this one read it is refused,
nothing of it is written and no deal is counted twice; the window that was overtaken says so,
in both languages, and then offers what the other window saved."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from kozel_tutor.app import App
from kozel_tutor.app.play_view import Pace
from kozel_tutor.app.session import Settings
from kozel_tutor.app.store import DB_NAME, ChangedElsewhere, Store
from kozel_tutor.app.teacher_draft import DRAFT, DraftKeeper
from kozel_tutor.app.texts import text
from kozel_tutor.puzzles.model import load_catalogue
from kozel_tutor.puzzles.teacher import TeacherDraft
from kozel_tutor.rules import find_rules
from kozel_tutor.scoring import MatchScore, deal_result
from kozel_tutor.seats import Team
from kozel_tutor.widgets import Command

KEY = ("random", "clubs")
WON = deal_result(find_rules(), (80, 40), (6, 3))


def test_a_save_over_a_match_another_window_played_on_is_refused_and_counts_nothing(
        tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    first = Store(path)
    assert first.read_match() is None
    first.save_match({"deal": 1})
    second = Store(path)
    assert second.read_match() == {"deal": 1}
    second.record_deal(KEY, WON, Team.NS, {"deal": 2, "by": "second"})
    with pytest.raises(ChangedElsewhere):
        first.record_deal(KEY, WON, Team.NS, {"deal": 2, "by": "first"})
    with pytest.raises(ChangedElsewhere):
        first.save_match({"deal": 3, "by": "first"})
    assert first.match_changed_elsewhere and not second.match_changed_elsewhere
    assert Store(path).stats(KEY).deals == 1   # the deal counted once, by the window that won
    assert Store(path).load_match() == {"deal": 2, "by": "second"}
    # read again, the first window may go on from there
    assert first.read_match() == {"deal": 2, "by": "second"}
    assert not first.match_changed_elsewhere
    first.save_match({"deal": 3, "by": "first"})
    with pytest.raises(ChangedElsewhere):
        second.record_match(KEY, MatchScore(find_rules()), Team.NS)
    assert Store(path).load_match() == {"deal": 3, "by": "first"}


def test_a_match_finished_in_another_window_is_not_saved_again(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    first, second = Store(path), Store(path)
    first.save_match({"deal": 1})
    assert second.read_match() == {"deal": 1}
    second.delete_match()
    with pytest.raises(ChangedElsewhere):
        first.save_match({"deal": 2})
    assert Store(path).load_match() is None


def play_deal(app: App) -> None:
    """The learner's legal cards, through the table's commands, until the deal is over."""
    table = app.play
    for _ in range(400):
        table.wait_idle()
        session = table.session
        assert session is not None
        if table.ui.mode == "summary" or session.awaiting_score:
            break
        if session.learner_to_act:
            card = next(c for c in session.deal.hand(session.deal.to_move)
                        if session.why_illegal(c) is None)
            table.handle(Command("play", card.token))
        elif session.learner_calls:
            table.handle(Command("call", "C"))
        else:
            time.sleep(0.02)
    table.wait_idle()


def test_two_tabs_on_one_match_never_count_a_deal_twice_and_the_overtaken_one_says_so(
        tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    pace = Pace(card=0, trick=0)
    tab_a = App(Store(path), pace=pace, warm=False)
    tab_a.play.start(Settings(level="random"))
    play_deal(tab_a)
    tab_a.play.handle(Command("button", "next"))
    tab_a.play.wait_idle()   # (tab A's AI has played its cards of the new deal, and saved them)
    tab_b = App(Store(path), pace=pace, warm=False)   # the same data folder, another tab
    assert tab_b.home.receive({"type": "button", "id": "continue"}) is not None
    play_deal(tab_b)
    b_session = tab_b.play.session
    assert b_session is not None
    play_deal(tab_a)   # tab A plays the same deal on: none of it is kept
    status = tab_a.play.ui.status
    assert status is not None and status[0](tab_a.lang) == text("save_elsewhere", tab_a.lang)
    assert Store(path).stats(KEY).deals == 2   # deal 1 (tab A) and deal 2 (tab B)
    saved = Store(path).load_match()
    assert saved is not None and saved == b_session.to_json()
    # back home, tab A says what happened in its language and offers tab B's match
    tab_a.play.handle(Command("button", "home"))
    assert tab_a.screen == "home"
    assert text("match_elsewhere", "ru") in tab_a.home.view["error"]
    assert tab_a.home.receive({"type": "button", "id": "continue"}) is not None
    assert tab_a.play.session is not None
    assert tab_a.play.session.to_json() == b_session.to_json()
    tab_a.play.wait_idle()


def a_draft(count: int, title: str) -> TeacherDraft:
    return TeacherDraft(puzzles=list(load_catalogue()[0].puzzles[:count]), title=title)


def test_a_draft_changed_in_another_window_is_not_written_over(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    first = DraftKeeper(Store(path), [])
    second = DraftKeeper(Store(path), [])   # the other tab, opened before the first saved
    assert first.restore() is None and second.restore() is None
    first.save(a_draft(2, "Homework A"))
    second.save(a_draft(1, ""))
    assert second.save_failed and second.elsewhere
    assert second.messages("en") == [text("draft_elsewhere", "en")]
    assert second.messages("ru") == [text("draft_elsewhere", "ru")]
    second.save(a_draft(3, "still the other tab"))   # every later change is refused too
    kept = Store(path).read_draft(DRAFT)
    assert kept is not None and kept["title"] == "Homework A" and len(kept["puzzles"]) == 2
    reloaded = DraftKeeper(Store(path), [])
    restored = reloaded.restore()
    assert restored is not None and restored.title == "Homework A"
    reloaded.save(a_draft(4, "Homework A, longer"))
    assert not reloaded.save_failed


def test_a_new_match_started_in_one_tab_replaces_the_match_another_tab_plays(
        tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    pace = Pace(card=0, trick=0)
    tab_a = App(Store(path), pace=pace, warm=False)
    tab_b = App(Store(path), pace=pace, warm=False)   # opened while nothing was saved yet
    tab_a.play.start(Settings(level="random"))
    play_deal(tab_a)   # tab A plays on: its saves move the saved match's version on
    tab_b.play.start(Settings(level="random", variant="kozly24"))   # B starts over, knowingly
    tab_b.play.wait_idle()
    status = tab_b.play.ui.status
    assert status is None or status[0](tab_b.lang) != text("save_elsewhere", tab_b.lang)
    saved = Store(path).load_match()
    assert saved is not None and saved["settings"]["variant"] == "kozly24"
    tab_a.play.wait_idle()
