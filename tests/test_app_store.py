"""Progress in SQLite: atomic saves, corrupt data set aside, statistics per level and trump rule."""

from __future__ import annotations

import ast
import random
import sqlite3
from pathlib import Path

import pytest

from kozel_tutor.app import notices
from kozel_tutor.app import store as store_module
from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.store import DB_NAME, Stats, Store, data_dir
from kozel_tutor.app.texts import text
from kozel_tutor.rules import find_rules
from kozel_tutor.scoring import MatchScore, deal_result
from kozel_tutor.seats import Team


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / DB_NAME)


def test_the_data_folder_is_kozel_tutor_home_when_set(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_TUTOR_HOME", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here"
    assert Store().path == tmp_path / "here" / DB_NAME
    assert (tmp_path / "here" / DB_NAME).exists()


def test_the_data_folder_defaults_to_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KOZEL_TUTOR_HOME", raising=False)
    assert data_dir().name == "kozel-tutor"


def test_a_saved_match_loads_back_and_replays(store: Store) -> None:
    session = MatchSession(Settings(level="random"), rng=random.Random(2))
    store.save_match(session.to_json())
    assert store.has_match()
    loaded = MatchSession.from_json(store.load_match())
    assert loaded.to_json() == session.to_json()
    session.ai_act() if session.ai_to_act else None
    store.save_match(session.to_json())
    assert store.load_match() == session.to_json()


def test_a_save_that_is_not_json_is_set_aside_not_loaded(store: Store) -> None:
    with sqlite3.connect(store.path) as conn:
        conn.execute("INSERT INTO saves VALUES ('match', '{broken', 0)")
    assert store.load_match() is None
    assert not store.has_match()
    [(reason, data)] = store.bad_saves()
    assert "not valid JSON" in reason and data == "{broken"


def test_a_save_rejected_by_the_rules_can_be_set_aside_with_its_reason(store: Store) -> None:
    store.save_match({"format": "kozel-tutor/match", "version": 99})
    store.set_aside_match("unknown save version 99")
    assert store.load_match() is None
    assert store.bad_saves()[0][0] == "unknown save version 99"


def test_a_corrupt_database_is_renamed_aside_and_a_new_one_started(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    path.write_bytes(b"this is not an SQLite database, it is a shopping list" * 100)
    store = Store(path)
    assert store.recovered is not None and store.recovered.exists()
    assert store.recovered.name.startswith(DB_NAME + ".corrupt-")
    assert b"shopping list" in store.recovered.read_bytes()
    store.save_match({"fresh": True})
    assert store.load_match() == {"fresh": True}


def _result(points: tuple[int, int], tricks: tuple[int, int]):  # type: ignore[no-untyped-def]
    return deal_result(find_rules(), points, tricks)


def test_a_deal_is_counted_together_with_its_save(store: Store) -> None:
    key = ("random", "clubs")
    store.record_deal(key, _result((80, 40), (6, 3)), Team.NS, {"after": 1})
    store.record_deal(key, _result((60, 60), (4, 5)), Team.NS, {"after": 2})
    assert store.stats(key) == Stats(deals=2, deals_won=1, eggs=1, points=140)
    assert store.load_match() == {"after": 2}


def test_finished_deals_are_kept_for_review_and_drills(store: Store) -> None:
    rng = random.Random(6)
    session = MatchSession(Settings(level="random"), rng=rng)
    while not session.deal.is_over:
        if session.learner_to_act:
            session.play(sorted(session.deal.legal_plays())[0])
        else:
            session.ai_act()
    result = session.finish_deal()
    assert session.last_deal is not None
    entry = {"rules": session.settings.to_dict(), "deal": session.last_deal.to_dict()}
    store.record_deal(session.settings.stats_key, result, Team.NS, session.to_json(), entry)
    [kept] = store.finished_deals()
    assert kept == entry
    assert MatchSession.from_json(store.load_match()).last_deal is not None


def test_a_failed_write_changes_neither_the_stats_nor_the_save(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    key = ("random", "clubs")
    store.save_match({"before": True})

    def broken_write(*args: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store_module, "_write_save", broken_write)
    with pytest.raises(sqlite3.OperationalError):
        store.record_deal(key, _result((80, 40), (6, 3)), Team.NS, {"after": True})
    assert store.stats(key) == Stats()
    assert store.load_match() == {"before": True}


def test_each_slot_keeps_its_own_match_and_shares_the_record(store: Store) -> None:
    notebook = Store(store.path, slot="notebook")
    store.save_match({"app": 1})
    notebook.save_match({"notebook": 1})
    assert store.load_match() == {"app": 1} and notebook.load_match() == {"notebook": 1}
    notebook.record_deal(("easy", "clubs"), _result((80, 40), (6, 3)), Team.NS,
                         {"notebook": 2}, {"rules": {}, "deal": {}})
    store.record_deal(("hard", "nizhny"), _result((40, 80), (3, 6)), Team.NS, None)
    assert store.load_match() == {"app": 1} and notebook.load_match() == {"notebook": 2}
    assert store.all_stats() == notebook.all_stats() == [
        (("easy", "clubs"), Stats(deals=1, deals_won=1, points=80)),
        (("hard", "nizhny"), Stats(deals=1, points=40))]
    assert len(store.finished_deals()) == 1
    notebook.set_aside_match("test")
    assert store.load_match() == {"app": 1} and notebook.load_match() is None
    assert store.bad_saves() == [("test", '{"notebook":2}')]
    notebook.save_match({"notebook": 3})
    store.delete_match()
    assert store.load_match() is None and notebook.load_match() == {"notebook": 3}


def test_a_finished_match_counts_goats_and_deletes_the_save(store: Store) -> None:
    key = ("easy", "called")
    score = MatchScore(find_rules(match=6))
    score.record(_result((120, 0), (9, 0)))
    store.save_match({"in": "progress"})
    store.record_match(key, score, Team.NS)
    assert store.stats(key) == Stats(matches=1, wins=1, opponents_naked=1)
    assert store.load_match() is None
    score = MatchScore(find_rules(match=6))
    score.record(_result((0, 120), (0, 9)))
    store.record_match(key, score, Team.NS)
    stats = store.stats(key)
    assert (stats.matches, stats.wins, stats.goats, stats.naked_goats) == (2, 1, 1, 1)


def test_statistics_of_one_level_and_trump_rule_do_not_mix_with_another(store: Store) -> None:
    store.record_deal(("easy", "clubs"), _result((80, 40), (6, 3)), Team.NS, None)
    assert store.stats(("easy", "called")) == Stats()
    assert store.stats(("hard", "clubs")) == Stats()
    assert store.stats(("easy", "clubs")).points_per_deal == 80


def test_preferences_round_trip_and_a_bad_value_gives_the_default(store: Store) -> None:
    store.set_pref("lang", "en")
    assert store.get_pref("lang") == "en"
    with sqlite3.connect(store.path) as conn:
        conn.execute("INSERT INTO prefs VALUES ('sound', 'not json')")
    assert store.get_pref("sound", True) is True
    assert store.get_pref("missing", 7) == 7


def test_the_store_says_what_was_set_aside_and_leaves_the_words_to_the_app() -> None:
    """Layering: the persistence layer returns reasons and table names; the learner's sentences
    are the app's text layer (app.notices, app.texts)."""
    tree = ast.parse(Path(store_module.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.level == 1}
    assert imported.isdisjoint({"texts", "notices", "views", "screens"})
    assert not [name for name in vars(store_module) if "notice" in name or "WORDS" in name]
    assert notices.set_aside_notice(["stats"], "en") == text(
        "rows_set_aside", "en", what=text("rows_stats", "en"))
