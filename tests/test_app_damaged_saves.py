"""Damaged progress never locks the learner out: whatever a save or another row of the progress
database holds, it is set aside (kept, never deleted), the learner is told once in their
language, and the app opens.  Real SQLite files; the damage is written the way a disk, an
editor or a hand-made progress file would leave it."""

from __future__ import annotations

import base64
import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app import App
from kozel_tutor.app.backup import BackupPanel, export_progress, import_progress
from kozel_tutor.app.session import Settings
from kozel_tutor.app.store import Stats, Store, UnreadableValue
from kozel_tutor.app.texts import text
from kozel_tutor.bad_rows import readable_rows
from kozel_tutor.cards import Card
from kozel_tutor.puzzles.model import Puzzle, load_catalogue
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.rules import find_rules
from kozel_tutor.scoring import DealResult, deal_result
from kozel_tutor.seats import Team
from kozel_tutor.sqlite_files import short_reading

NESTED = "[" * 100_000 + "]" * 100_000
"""A save as deep as the one that locked the app (RecursionError on every start)."""


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    """A progress database with a real match in progress, saved by the app itself."""
    store = Store(tmp_path / "progress.sqlite3")
    App(store, warm=False).play.start(Settings(level="random"))
    assert store.has_match()
    return store


def execute(where: Store | Progress, sql: str, *params: object) -> list[tuple[Any, ...]]:
    with closing(sqlite3.connect(where.path)) as conn, conn:
        return conn.execute(sql, params).fetchall()


def won_deal() -> DealResult:
    return deal_result(find_rules(), (80, 40), (6, 3))


def a_puzzle_and_a_wrong_card() -> tuple[Puzzle, Card]:
    puzzle = load_catalogue()[0].puzzles[0]
    return puzzle, next(card for card in map(Card.parse, ("7C", "8C", "9C", "AC", "KH"))
                        if card not in puzzle.answers)


def damage_save(store: Store, value: object, as_text: bool = False) -> None:
    execute(store, "UPDATE saves SET data = CAST(? AS TEXT)" if as_text
            else "UPDATE saves SET data = ?", value)


def continue_offered(app: App) -> bool:
    return any(tile.get("id") == "continue" for key in ("buttons", "tiles")
               for tile in app.home.view.get(key, ()))


def bad_rows(store: Store | Progress) -> list[tuple[str, dict[str, Any], str]]:
    return [(source, json.loads(data), reason) for source, data, reason in execute(
        store, "SELECT source, data, reason FROM bad_rows ORDER BY id")]


# -- a save that cannot be read --------------------------------------------------------------


def test_a_save_of_undecodable_bytes_is_set_aside_and_the_app_opens(store: Store) -> None:
    damage_save(store, b"\x00\xff\xfe")
    app = App(store, warm=False)
    assert app.screen == "home" and not continue_offered(app)
    [(reason, kept)] = store.bad_saves()
    assert "base64" in reason and base64.b64decode(kept) == b"\x00\xff\xfe"  # every byte kept


def test_text_that_is_not_utf8_is_set_aside_byte_for_byte(store: Store) -> None:
    damage_save(store, b'{"format": "\xff', as_text=True)  # SQLite text of bad UTF-8
    app = App(store, warm=False)
    assert app.notices and not continue_offered(app)
    [(_, kept)] = store.bad_saves()
    assert base64.b64decode(kept) == b'{"format": "\xff'


def test_a_save_nested_too_deeply_is_set_aside_and_the_app_opens(store: Store) -> None:
    damage_save(store, NESTED)
    app = App(store, warm=False)
    assert app.screen == "home" and not continue_offered(app)
    assert store.bad_saves() == [("JSON nested too deeply", NESTED)]
    assert App(store, warm=False).notices == []  # set aside once, not again at the next start


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("damage", "reason"), [
    ("{{{garbage", "not_json"),
    ("[1,2,3]", "not_object"),
    ("null", "not_object"),
    (b"\x00\xff\xfe", "not_text"),
    (NESTED, "too_deep"),
    ('{"format": "kozel-tutor/match", "version": 1, "settings": {"level": "nobody"}}',
     "not_match"),
], ids=["garbage", "list", "null", "bytes", "nested", "wrong-rules"])
def test_a_set_aside_save_is_announced_in_both_languages(
        store: Store, lang: str, damage: object, reason: str) -> None:
    store.set_pref("lang", lang)
    damage_save(store, damage)
    app = App(store, warm=False)
    [notice] = app.notices
    assert notice == text("save_corrupt", lang, reason=text(f"save_reason_{reason}", lang))
    assert app.home.view["error"] == notice  # on the home screen
    for python_words in ("Error", "Expecting", "JSON", "char ", "codec", "nobody"):
        assert python_words not in notice
    assert len(store.bad_saves()) == 1 and not continue_offered(app)


def test_the_store_says_why_it_set_a_save_aside(store: Store) -> None:
    damage_save(store, "{{{garbage")
    with pytest.raises(UnreadableValue) as problem:
        store.read_match()
    assert problem.value.reason == "not_json"
    assert store.read_match() is None and store.load_match() is None  # set aside once
    assert store.bad_saves()[0][1] == "{{{garbage"


# -- a progress file with a save that cannot be read -----------------------------------------


def file_with_save(store: Store, save: str) -> bytes:
    store.record_deal(("random", "clubs"), won_deal(), Team.NS, None)
    document = json.loads(export_progress(store))
    saves = document["tables"]["saves"]
    saves["rows"][0][saves["columns"].index("data")] = save
    return json.dumps(document).encode("utf-8")


def test_an_import_with_an_unreadable_save_sets_it_aside_and_loads_the_rest(
        store: Store, tmp_path: Path) -> None:
    data = file_with_save(store, NESTED)
    learner = Store(tmp_path / "next-session" / "progress.sqlite3")
    learner.set_pref("lang", "ru")
    panel = BackupPanel(learner, "ru")
    report = panel.import_file(data)
    assert report is not None and report.set_aside == ("too_deep",)
    assert learner.stats(("random", "clubs")).deals == 1  # the rest of the progress is there
    assert not learner.has_match()
    [(reason, kept)] = learner.bad_saves()
    assert kept == NESTED and "imported file" in reason
    assert text("save_reason_too_deep", "ru") in panel.status.value
    app = App(learner, warm=False)  # used to raise RecursionError on every start
    assert app.screen == "home" and not continue_offered(app)


@pytest.mark.parametrize("save", ["{{{garbage", "[1,2,3]", "null", "7", NESTED[:20_000]],
                         ids=["garbage", "list", "null", "number", "nested"])
def test_every_unreadable_save_of_an_import_is_set_aside_with_its_reason(
        store: Store, tmp_path: Path, save: str) -> None:
    learner = Store(tmp_path / "next-session" / "progress.sqlite3")
    report = import_progress(learner, file_with_save(store, save))
    assert len(report.set_aside) == 1 and report.rows["saves"] == 0
    assert learner.bad_saves()[0][1] == save and learner.read_match() is None


def test_a_readable_save_of_an_import_is_the_match_in_progress(store: Store,
                                                               tmp_path: Path) -> None:
    learner = Store(tmp_path / "next-session" / "progress.sqlite3")
    report = import_progress(learner, export_progress(store))
    assert report.set_aside == () and learner.read_match() == store.read_match()


# -- other rows that cannot be read ------------------------------------------------------------


def test_a_bad_rating_row_is_set_aside_and_the_puzzles_open(store: Store) -> None:
    store.set_pref("lang", "en")
    Progress(store.path)
    execute(store, "INSERT INTO puzzle_ratings VALUES ('learner', 'abc', 'abc', 'abc', 7, 0)")
    app = App(store, warm=False)
    app._open_section("puzzles")
    assert app.screen == "section:puzzles"
    notice, _ = app.children
    assert text("rows_puzzle_ratings", "en") in notice.value
    assert "could not convert" not in notice.value and "ValueError" not in notice.value
    assert Progress(store.path).learner_rating().rating == 1500.0  # starts from the default
    [(source, row, reason)] = bad_rows(store)
    assert source == "puzzle_ratings" and row["rating"] == "abc" and row["games"] == 7
    assert "not a number" in reason
    app.show_home()
    assert app.notices == []  # told once, above the section
    app._open_section("puzzles")
    assert app.children == (app.section_widget,)


def test_a_rating_that_does_not_make_sense_is_set_aside(tmp_path: Path) -> None:
    book = Progress(tmp_path / "progress.sqlite3")
    Store(book.path)
    execute(book, "INSERT INTO puzzle_ratings VALUES ('learner', 1600, 0, 0.06, 3, 0)")
    puzzle, wrong = a_puzzle_and_a_wrong_card()
    attempt = book.record(puzzle, wrong, seconds=3.0)  # glicko would divide by zero
    assert attempt.learner_before.rating == 1500.0
    assert [source for source, _, _ in bad_rows(book)] == ["puzzle_ratings"]


def test_puzzle_history_that_cannot_be_read_is_set_aside_and_answers_still_count(
        tmp_path: Path) -> None:
    book = Progress(tmp_path / "progress.sqlite3")
    store = Store(book.path)
    puzzle, wrong = a_puzzle_and_a_wrong_card()
    book.record(puzzle, wrong, seconds=5.0, now=1000.0)
    execute(store, "UPDATE puzzle_attempts SET at = 'yesterday'")
    execute(store, "UPDATE puzzle_reviews SET puzzle = ?", NESTED)
    execute(store, "INSERT INTO puzzle_drills VALUES ('d1', ?, 'deal', 5, 0)", b"\xff")
    assert book.due_reviews(now=10.0**10) == [] and book.drills() == []
    assert book.attempts() == []
    assert book.record(puzzle, wrong, seconds=5.0, now=2000.0).rated
    assert len(book.attempts()) == 1
    assert sorted(source for source, _, _ in bad_rows(store)) == [
        "puzzle_attempts", "puzzle_drills", "puzzle_reviews"]


def test_statistics_that_cannot_be_read_are_set_aside_and_count_from_zero(store: Store) -> None:
    key = ("random", "clubs")
    store.record_deal(key, won_deal(), Team.NS, None)
    store.record_deal(("easy", "clubs"), won_deal(), Team.NS, None)
    execute(store, "UPDATE stats SET points = 'lots' WHERE level = 'random'")
    assert store.stats(key) == Stats()
    assert [k for k, _ in store.all_stats()] == [("easy", "clubs")]
    [(source, row, _)] = bad_rows(store)
    assert source == "stats" and row["points"] == "lots" and row["deals"] == 1
    store.set_pref("lang", "en")
    app = App(store, warm=False)  # the learner is told at the app's next chance, once
    assert app.notices == [text("rows_set_aside", "en", what=text("rows_stats", "en"))]
    app.show_home()
    assert len(app.notices) == 1 and App(store, warm=False).notices == []


@pytest.mark.parametrize("value", [b"\xff\xfe", NESTED], ids=["bytes", "nested"])
def test_a_preference_that_cannot_be_read_gives_the_default_and_is_kept(
        store: Store, value: object) -> None:
    execute(store, "INSERT OR REPLACE INTO prefs VALUES ('settings', ?)", value)
    app = App(store, warm=False)  # used to raise UnicodeDecodeError or RecursionError
    assert app.screen == "home" and app.settings.level == "easy"
    [(source, row, _)] = bad_rows(store)
    assert source == "prefs" and row["key"] == "settings"


@pytest.mark.parametrize("value", [b"\xff", NESTED, "[1]"], ids=["bytes", "nested", "list"])
def test_finished_deals_that_cannot_be_read_are_set_aside(store: Store, value: object) -> None:
    store.record_deal(("random", "clubs"), won_deal(), Team.NS, None, {"rules": {}, "deal": {}})
    store.record_deal(("random", "clubs"), won_deal(), Team.NS, None, {"rules": {}, "deal": 2})
    execute(store, "UPDATE deals SET data = ? WHERE id = 1", value)
    assert store.finished_deals() == [{"rules": {}, "deal": 2}]
    [(source, row, _)] = bad_rows(store)
    assert source == "deals" and row["id"] == 1


def test_rows_set_aside_travel_in_the_progress_file(store: Store, tmp_path: Path) -> None:
    damage_save(store, b"\x00\xff\xfe")
    execute(store, "INSERT INTO stats (level, trump, points) VALUES ('x', 'y', ?)", b"\x01")
    App(store, warm=False)
    store.all_stats()
    assert store.bad_saves() and bad_rows(store)
    learner = Store(tmp_path / "next-session" / "progress.sqlite3")
    import_progress(learner, export_progress(store))  # nothing unreadable was kept as bytes
    assert learner.bad_saves() == store.bad_saves() and bad_rows(learner) == bad_rows(store)


def test_the_reader_and_the_progress_file_set_aside_the_same_rows_for_the_same_reasons(
        tmp_path: Path) -> None:
    """One rule of what fits a column (bad_rows.misfit), strict in every column: text or bytes
    in a NUMERIC column do not fit, as in a REAL one."""
    old, new = (Store(tmp_path / name / "progress.sqlite3") for name in ("old", "new"))
    for store in (old, new):
        execute(store, "CREATE TABLE later (id INTEGER PRIMARY KEY, n NUMERIC, r REAL, b BLOB)")
    for values in [("lots", 1, None), (2, b"\x01", None), (3, 4.5, b"\x00"), (4, 5, "text")]:
        execute(old, "INSERT INTO later (n, r, b) VALUES (?, ?, ?)", *values)
    report = import_progress(new, export_progress(old))
    assert report.rows_set_aside == ("later", "later") and report.rows["later"] == 2
    with short_reading(old.path) as conn:
        kept = readable_rows(conn, "later", ("n", "r", "b"))
    assert [row[1:] for row in kept] == [(3, 4.5, {"base64": "AA=="}), (4, 5.0, "text")]
    assert [(source, row, reason) for source, row, reason in bad_rows(old)] == [
        (source, row, reason.removeprefix("in the imported file: "))
        for source, row, reason in bad_rows(new)]
    assert [reason for _, _, reason in bad_rows(old)] == ["n: not a number", "r: not a number"]
