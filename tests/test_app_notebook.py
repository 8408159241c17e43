"""The play notebook's entry points (``kozel_tutor.app.notebook``), driven through the table
widget's own messages as the browser sends them."""

from __future__ import annotations

import html
import sqlite3
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app.notebook import (
    LANG_PREF,
    NOTEBOOK_SLOT,
    play,
    results,
    resume,
    review_last_deal,
)
from kozel_tutor.app.play_view import Pace
from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.cards import parse_card
from kozel_tutor.scoring import DealResult
from kozel_tutor.seats import Team

INSTANT = Pace(card=0.0, trick=0.0)


def _any_result() -> DealResult:
    return DealResult(points=(60, 60), tricks=(4, 4), winner=None, value=0, multiplier=1,
                      eggs=True, caught=None, written=(0, 0), reset=None)


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / DB_NAME, slot=NOTEBOOK_SLOT)


def learner_cards(table: Any) -> list[dict[str, Any]]:
    return list(table.view["seats"]["S"]["cards"])


def wait_for_learner(table: Any, timeout: float = 60.0) -> str:
    """Until the learner may play (``"play"``) or the deal's summary is up (``"summary"``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        overlay = table.view.get("overlay")
        if overlay and overlay.get("kind") == "summary":
            return "summary"
        if any(card.get("playable") for card in learner_cards(table)):
            return "play"
        time.sleep(0.02)
    raise AssertionError(f"the table did not come back to the learner: {table.view['status']}")


def play_cards(table: Any, count: int | None = None) -> list[str]:
    """Click the learner's first playable card until the summary (or ``count`` cards); the
    cards played."""
    played: list[str] = []
    while (count is None or len(played) < count) and wait_for_learner(table) == "play":
        token = next(c["card"] for c in learner_cards(table) if c.get("playable"))
        table.receive({"type": "play", "card": token})
        played.append(token)
        deadline = time.monotonic() + 30
        while any(c["card"] == token for c in learner_cards(table)):
            assert time.monotonic() < deadline
            time.sleep(0.02)
    return played


def test_a_notebook_match_is_saved_apart_from_the_apps_match(store: Store) -> None:
    app_store = Store(store.path)
    app_store.save_match(MatchSession(Settings(level="easy")).to_json())
    before = app_store.load_match()
    table = play("random", deck=32, store=store, pace=INSTANT)
    play_cards(table, count=2)
    saved = store.load_match()
    assert saved is not None and saved["settings"]["deck"] == 32
    assert saved["settings"]["level"] == "random"
    assert app_store.load_match() == before


def test_a_whole_deal_is_reviewed_card_by_card_against_the_solver(store: Store) -> None:
    table = play("random", deck=32, lang="en", store=store, pace=INSTANT)
    played = play_cards(table)
    assert len(played) == 8   # the learner's eight cards of a 32-card deal
    review = review_last_deal("en", store=store, budget=30.0, progress=False)
    assert review is not None and len(review) == 8
    assert review.index.name == "Trick" and list(review.index) == list(range(1, 9))
    assert review.attrs["title"] == "Your last deal: Random, Clubs"
    for _, row in review.iterrows():
        # exact values (a 32-card deal solves well inside the budget)
        mine, best = int(row["Points after it"]), int(row["Points after the best"])
        assert row["Points given away"] == best - mine >= 0
        if row["You played"] in row["Best card"].split(", "):
            assert row["Points given away"] == 0 and row["Why"] == ""
        elif row["Points given away"] == 0:   # the best card's points, but a worse deal
            assert row["Deal after it"] != row["Deal after the best"]
        else:   # the tutor's words on the card
            assert row["Why"].startswith(f"After {row['You played']} ")
        assert row["Deal after it"].startswith("+") or row["Deal after it"] == "eggs"
    assert list(review["You played"]) == [parse_card(token).label("en") for token in played]
    shown = review._repr_html_()   # what a notebook shows: every "Why" whole
    assert all(html.escape(why) in shown for why in review["Why"])
    assert review.attrs["wrap"] == ["Why"]


def test_results_have_a_row_per_level_and_trump_rule(store: Store) -> None:
    table = play("random", deck=32, lang="en", store=store, pace=INSTANT)
    play_cards(table)
    frame = results("en", store=store)
    assert frame is not None and len(frame) == 1
    assert list(frame.index) == [("Random", "Clubs")]
    row = frame.iloc[0]
    assert (row["Deals"], row["Matches"]) == (1, 0)
    assert row["Deals won"] in (0, 1)
    assert 0 <= row["Card points per deal"] <= 120
    whole = int(row["Card points per deal"])   # one deal: whole points
    shown = frame._repr_html_()
    assert f">{whole}</td>" in shown and f">{whole}.0</td>" not in shown
    russian = results("ru", store=store)
    assert russian is not None and list(russian.index) == [("Случайный", "Трефы")]


def test_resume_shows_the_notebooks_match_where_it_stopped(store: Store) -> None:
    table = play("random", store=store, pace=INSTANT)
    play_cards(table, count=3)
    wait_for_learner(table)
    hand = [c["card"] for c in learner_cards(table)]
    again = resume(store=store, pace=INSTANT)
    assert again is not None
    wait_for_learner(again)
    assert [c["card"] for c in learner_cards(again)] == hand


def test_with_nothing_played_each_cell_says_what_to_do(
        store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    assert resume("en", store=store) is None
    assert review_last_deal("en", store=store) is None
    assert results("en", store=store) is None
    said = capsys.readouterr().out
    assert "start one with play()" in said
    assert "No finished deal yet" in said
    assert "No results yet" in said


def test_a_broken_notebook_save_is_set_aside_and_named(
        store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    store.save_match({"version": 1, "settings": {"level": "nobody"}})
    assert resume("en", store=store) is None
    assert "could not be read" in capsys.readouterr().out
    assert store.load_match() is None
    assert len(store.bad_saves()) == 1


def test_a_finished_deal_that_does_not_replay_is_named_not_reviewed(
        store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    table = play("random", deck=32, store=store, pace=INSTANT)
    play_cards(table)
    [kept] = store.finished_deals()
    kept["deal"]["plays"] = list(reversed(kept["deal"]["plays"]))   # cards out of turn
    store.record_deal(("random", "clubs"), _any_result(), Team.NS, None, kept)
    assert review_last_deal("en", store=store, progress=False) is None
    assert "The last finished deal could not be read" in capsys.readouterr().out


def test_the_notebook_table_has_no_main_menu_and_new_game_deals_again(store: Store) -> None:
    table = play("random", store=store, pace=INSTANT)
    wait_for_learner(table)
    table.receive({"type": "button", "id": "menu"})
    buttons = [b["id"] for b in table.view["overlay"]["buttons"]]
    assert "home" not in buttons and "new-game" in buttons
    first = [c["card"] for c in learner_cards(table)]
    table.receive({"type": "button", "id": "new-game"})
    wait_for_learner(table)
    assert table.view["overlay"] is None
    assert [c["card"] for c in learner_cards(table)] != first   # a new deal
    saved = store.load_match()
    assert saved is not None and saved["settings"]["level"] == "random"


def test_running_the_play_cell_again_pauses_the_table_before(store: Store) -> None:
    first = play("random", store=store, pace=Pace(card=0.3, trick=0.0))
    second = play("random", deck=32, new=True, store=store, pace=INSTANT)
    assert first.view["overlay"]["kind"] == "pause"
    play_cards(second, count=1)
    time.sleep(1.0)   # the first table's AI card in flight, if any, is dropped
    saved = store.load_match()
    assert saved is not None and saved["settings"]["deck"] == 32


def test_an_unreadable_notebook_save_is_set_aside_and_named_in_plain_words(
        store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    store.save_match({"version": 1})
    with closing(sqlite3.connect(store.path)) as conn, conn:
        conn.execute("UPDATE saves SET data = ?", (b"\x00\xff\xfe",))
    assert resume("ru", store=store) is None
    said = capsys.readouterr().out
    assert "Сохранённую партию не удалось прочитать" in said
    assert "UnicodeDecodeError" not in said and "utf-8" not in said
    assert len(store.bad_saves()) == 1


def test_playing_again_shows_the_unfinished_match_instead_of_starting_over(
        store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    first = play("random", deck=32, lang="en", store=store, pace=INSTANT)
    play_cards(first, count=2)
    wait_for_learner(first)
    hand = [c["card"] for c in learner_cards(first)]
    saved = store.load_match()
    capsys.readouterr()
    again = play("random", store=store, pace=INSTANT)   # "Run All" the next day
    assert first.view["overlay"]["kind"] == "pause"
    wait_for_learner(again)
    assert [c["card"] for c in learner_cards(again)] == hand
    assert store.load_match() == saved
    said = capsys.readouterr().out
    assert "You have an unfinished match in this notebook (Random, Clubs · we 0 : 0 they)" in said
    assert 'To start a new match instead: play("random", new=True)' in said


def test_the_unfinished_match_note_in_russian_names_the_call_with_the_settings_asked_for(
        store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    wait_for_learner(play("random", lang="ru", store=store, pace=INSTANT))
    capsys.readouterr()
    play("random", deck=32, match=6, store=store, pace=INSTANT)
    said = capsys.readouterr().out
    assert "В блокноте есть незаконченная партия (Случайный, Трефы · мы 0 : 0 они)" in said
    assert 'начать новую: play("random", deck=32, match=6, new=True)' in said
    saved = store.load_match()
    assert saved is not None and saved["settings"]["deck"] == 36


def test_new_true_starts_a_new_match_over_the_unfinished_one(
        store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    first = play("random", store=store, pace=INSTANT)
    play_cards(first, count=1)
    capsys.readouterr()
    second = play("random", deck=32, new=True, store=store, pace=INSTANT)
    wait_for_learner(second)
    assert len(learner_cards(second)) == 8
    saved = store.load_match()
    assert saved is not None and saved["settings"]["deck"] == 32
    assert "unfinished" not in capsys.readouterr().out


def test_review_and_results_speak_the_language_last_used_at_the_table(
        store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    table = play("random", deck=32, lang="en", store=store, pace=INSTANT)
    assert results(store=store) is None
    assert review_last_deal(store=store, progress=False) is None
    said = capsys.readouterr().out
    assert "No results yet" in said and "No finished deal yet" in said
    assert store.get_pref(LANG_PREF) == "en"
    again = resume(store=store, pace=INSTANT)
    assert again is not None and again.lang == "en"

    wait_for_learner(again)
    again.receive({"type": "button", "id": "lang"})   # the table's language button
    assert again.lang == "ru"
    assert results(store=store) is None
    assert "Результатов пока нет" in capsys.readouterr().out

    play_cards(again)
    frame = results(store=store)
    assert frame is not None and list(frame.index) == [("Случайный", "Трефы")]
    english = results("en", store=store)   # lang= still has the last word
    assert english is not None and list(english.index) == [("Random", "Clubs")]
    assert table.view["overlay"]["kind"] == "pause"


def test_the_notebook_review_scores_the_deal_in_its_match(store: Store) -> None:
    """A finished deal keeps its match context (first deal, multiplier, score before it), and
    the notebook's review scores the learner's last card as the match scored the deal."""
    from kozel_tutor.app.session import DealRecord
    from kozel_tutor.puzzles.variants import outcome_words
    from kozel_tutor.solver import Outcome
    from kozel_tutor.variants.match_rules import scored_in_match

    # The random players may throw away what the solver would keep after the learner's last
    # card; only a deal played to its last trick (no catch earlier) leaves them no choice.
    for _ in range(20):
        table = play("random", variant="kozly24", lang="en", store=store, pace=INSTANT,
                     new=True)
        play_cards(table)
        kept = store.finished_deals(limit=1)[-1]
        rules = Settings.from_dict(kept["rules"]).rules()
        deal = DealRecord.from_dict(kept["deal"], rules).replay(rules)
        if deal.caught is None:
            break
    assert deal.caught is None
    assert kept["match"] == {"scores": [0, 0], "multiplier": 1, "first_deal": True}
    result = scored_in_match(deal.result(1), rules, first_deal=True)
    review = review_last_deal("en", store=store, budget=30.0, progress=False)
    assert review is not None
    outcome = Outcome.of(result)
    # eggs (equal points, now and then in a random deal) are «eggs» in every preset's table
    expected = "eggs" if outcome.eggs else outcome_words(outcome, Team.NS, rules).en
    assert review["Deal after it"].iloc[-1] == expected
