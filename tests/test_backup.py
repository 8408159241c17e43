"""The backup copy: export the learner's SQLite progress to JSON and import it back.

Every refusal must leave the database exactly as it was (compared as a full SQL dump).
"""

from __future__ import annotations

import base64
import json
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest
from conftest import RandomDeal, dump
from hypothesis import given, settings
from hypothesis import strategies as st

from kozel_tutor.app.backup import BackupPanel
from kozel_tutor.app.backup_format import (
    MAX_BYTES,
    BackupError,
    ImportReport,
    export_progress,
    import_progress,
    read_backup,
    write_backup,
)
from kozel_tutor.app.store import SCHEMA_VERSION, Store
from kozel_tutor.app.texts import text
from kozel_tutor.lessons.progress import LessonProgress
from kozel_tutor.puzzles.model import load_catalogue
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.rules import find_rules
from kozel_tutor.scoring import deal_result
from kozel_tutor.seats import Team

KEY = ("medium", "clubs")




def user_tables(store: Store) -> set[str]:
    """Every table of the database but SQLite's own and the store's private ``meta``."""
    with closing(sqlite3.connect(store.path)) as conn:
        names = {str(row[0]) for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
    return {name for name in names if not name.startswith("sqlite_")} - {"meta"}


def played_store(tmp_path: Path, deal_at: RandomDeal, name: str = "a") -> Store:
    """A store with a match in progress, two recorded deals and two preferences."""
    store = Store(tmp_path / name / "progress.sqlite3")
    for seed in (1, 2):
        store.record_deal(KEY, deal_at(seed).result(), Team.NS, {"deal": seed, "cards": "QC JD"})
    store.set_pref("lang", "ru")
    store.set_pref("colours", 4)
    return store


def document(store: Store) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(export_progress(store))
    return parsed


def encode(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


# -- the round trip ---------------------------------------------------------------------------


def test_import_into_a_fresh_session_restores_match_stats_and_preferences(
        tmp_path: Path, deal_at: RandomDeal) -> None:
    old = played_store(tmp_path, deal_at)
    new = Store(tmp_path / "new" / "progress.sqlite3")
    report = import_progress(new, export_progress(old))
    assert set(report.rows) == user_tables(old)
    assert {name: report.rows[name] for name in ("bad_saves", "prefs", "saves", "stats")} == {
        "bad_saves": 0, "prefs": 2, "saves": 1, "stats": 1}
    assert new.load_match() == {"deal": 2, "cards": "QC JD"}
    assert new.stats(KEY) == old.stats(KEY)
    assert new.stats(KEY).deals == 2
    assert new.get_pref("lang") == "ru" and new.get_pref("colours") == 4
    assert dump(new.path) == dump(old.path)


def test_a_fresh_session_takes_the_puzzle_and_lesson_progress_of_a_file(
        tmp_path: Path, deal_at: RandomDeal) -> None:
    old = played_store(tmp_path, deal_at)
    puzzle = load_catalogue()[0].puzzles[0]
    Progress(old.path).record(puzzle, next(iter(puzzle.answers)), seconds=3)
    LessonProgress(old.path).record("01_table", steps_seen=7, steps=7, stars=3)
    # the new session opened neither Puzzles nor Lessons: it has none of their tables yet
    new = Store(tmp_path / "new" / "progress.sqlite3")
    report = import_progress(new, export_progress(old))
    assert report.rows["puzzle_attempts"] == 1 and report.rows["lesson_progress"] == 1
    assert Progress(new.path).solved_ids() == {puzzle.id}
    assert dump(new.path) == dump(old.path)


def test_progress_file_is_tagged_json_with_every_table_but_meta(
        tmp_path: Path, deal_at: RandomDeal) -> None:
    store_ = played_store(tmp_path, deal_at)
    doc = document(store_)
    assert (doc["app"], doc["kind"], doc["format"], doc["schema"]) == (
        "kozel-tutor", "progress", 1, SCHEMA_VERSION)
    assert set(doc["tables"]) == user_tables(store_) and "meta" not in doc["tables"]
    assert {"bad_saves", "prefs", "saves", "stats"} <= set(doc["tables"])
    stats = doc["tables"]["stats"]
    row = dict(zip(stats["columns"], stats["rows"][0], strict=True))
    assert row["level"] == "medium" and row["deals"] == 2


def test_import_replaces_the_progress_already_there(tmp_path: Path, deal_at: RandomDeal) -> None:
    source = played_store(tmp_path, deal_at, "source")
    target = Store(tmp_path / "target" / "progress.sqlite3")
    target.set_pref("lang", "en")
    target.set_pref("sound", False)
    import_progress(target, export_progress(source))
    assert target.get_pref("lang") == "ru"
    assert target.get_pref("sound") is None


def test_tables_an_older_file_does_not_hold_keep_their_rows(
        tmp_path: Path, deal_at: RandomDeal) -> None:
    doc = document(played_store(tmp_path, deal_at, "source"))
    del doc["tables"]["stats"]
    target = played_store(tmp_path, deal_at, "target")
    target.record_deal(KEY, deal_at(3).result(), Team.NS, None)
    import_progress(target, encode(doc))
    assert target.stats(KEY).deals == 3


def test_written_file_reads_back_and_replaces_the_old_one_whole(
        tmp_path: Path, deal_at: RandomDeal) -> None:
    store = played_store(tmp_path, deal_at)
    path = tmp_path / "backups" / "kozel-progress.json"
    path.parent.mkdir()
    path.write_text("an older file")
    write_backup(store, path)
    written = json.loads(read_backup(path))
    assert written["tables"] == document(store)["tables"]
    assert [p.name for p in path.parent.iterdir()] == ["kozel-progress.json"]
    fresh = Store(tmp_path / "fresh" / "progress.sqlite3")
    import_progress(fresh, read_backup(path))
    assert dump(fresh.path) == dump(store.path)


def test_a_failed_write_leaves_no_partial_file(tmp_path: Path, deal_at: RandomDeal) -> None:
    store = played_store(tmp_path, deal_at)
    target = tmp_path / "a-folder-not-a-file"
    (target / "inside").mkdir(parents=True)
    with pytest.raises(OSError):
        write_backup(store, target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "a-folder-not-a-file"]


@settings(max_examples=15, deadline=None)
@given(prefs=st.dictionaries(
    st.text(min_size=1, max_size=12),
    st.recursive(st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.text(max_size=20),
                 lambda inner: st.lists(inner, max_size=3)
                 | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                 max_leaves=6),
    max_size=6))
def test_any_preferences_survive_the_round_trip(prefs: dict[str, Any]) -> None:
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        old = Store(Path(tmp) / "old.sqlite3")
        for key, value in prefs.items():
            old.set_pref(key, value)
        new = Store(Path(tmp) / "new.sqlite3")
        import_progress(new, export_progress(old))
        assert {key: new.get_pref(key) for key in prefs} == prefs


# -- bad files are refused, and change nothing ---------------------------------------------------


def refused(store: Store, data: bytes) -> BackupError:
    before = dump(store.path)
    with pytest.raises(BackupError) as caught:
        import_progress(store, data)
    assert dump(store.path) == before
    return caught.value


def with_change(store: Store, change: Any) -> bytes:
    doc = document(store)
    change(doc)
    return encode(doc)


@pytest.fixture
def store(tmp_path: Path, deal_at: RandomDeal) -> Store:
    return played_store(tmp_path, deal_at)


def test_text_that_is_not_json_is_refused(store: Store) -> None:
    error = refused(store, b"hello, I am not JSON")
    assert error.key == "not_json"
    # plain words for a non-coder: no parser message, no "JSON"
    assert error.text("ru").startswith("Этот файл повреждён или это не резервная копия.")
    assert "JSON" not in error.text("ru") + error.text("en")
    assert "Expecting" not in error.text("ru") + error.text("en")


def test_the_saved_time_and_a_set_aside_match_read_as_a_person_reads_them() -> None:
    from kozel_tutor.app.backup import _when
    from kozel_tutor.app.notices import set_aside_notice

    assert _when("2026-12-01T03:59:39+00:00", "ru") == "01.12.2026 в 03:59 (UTC)"
    assert _when("2026-12-01T03:59:39+00:00", "en") == "1 Dec 2026 at 03:59 (UTC)"
    assert _when("yesterday", "en") == "yesterday"
    assert "незаконченная партия" in set_aside_notice(["saves"], "ru")
    assert "the match in progress" in set_aside_notice(["saves"], "en")


def test_a_file_cut_short_is_refused(store: Store) -> None:
    data = export_progress(store)
    assert refused(store, data[: len(data) // 2]).key == "not_json"


def test_binary_data_is_refused(store: Store) -> None:
    assert refused(store, b"\x89PNG\r\n\x1a\n\xff\xfe").key == "not_text"


def test_json_of_another_kind_is_refused(store: Store) -> None:
    assert refused(store, b'{"cells": [], "nbformat": 4}').key == "not_progress"
    assert refused(store, b"[1, 2, 3]").key == "not_progress"


def test_a_file_from_a_newer_format_is_refused(store: Store) -> None:
    error = refused(store, with_change(store, lambda d: d.update(format=2)))
    assert error.key == "newer_format"
    assert "2" in error.text("en")


def test_a_file_from_another_database_version_is_refused(store: Store) -> None:
    assert refused(store, with_change(store, lambda d: d.update(schema="99"))).key == \
        "other_schema"


def test_a_table_this_app_does_not_know_is_refused(store: Store) -> None:
    data = with_change(store, lambda d: d["tables"].update(
        ratings={"columns": ["elo"], "rows": [[1500]]}))
    error = refused(store, data)
    assert error.key == "unknown_table"
    assert "ratings" in error.text("ru")


def test_the_private_meta_table_cannot_be_overwritten(store: Store) -> None:
    data = with_change(store, lambda d: d["tables"].update(
        meta={"columns": ["key", "value"], "rows": [["schema", "0"]]}))
    assert refused(store, data).key == "unknown_table"


def test_a_column_name_that_is_not_in_the_table_is_refused(store: Store) -> None:
    def sneak(doc: dict[str, Any]) -> None:
        doc["tables"]["prefs"]["columns"][0] = 'key"); DROP TABLE stats; --'
    error = refused(store, with_change(store, sneak))
    assert error.key == "unknown_column"


def test_a_list_where_a_value_belongs_is_refused_as_damage(store: Store) -> None:
    def corrupt(doc: dict[str, Any]) -> None:
        stats = doc["tables"]["stats"]
        stats["rows"][0][stats["columns"].index("wins")] = [1, 2]
    error = refused(store, with_change(store, corrupt))
    assert error.key == "bad_shape"
    assert "wins" in error.text("en") and "список" in error.text("ru")


# -- rows that do not fit their columns are set aside, and the rest is loaded -----------------


def bad_rows(store: Store) -> list[tuple[str, dict[str, Any], str]]:
    with closing(sqlite3.connect(store.path)) as conn:
        return [(str(source), json.loads(data), str(reason)) for source, data, reason in
                conn.execute("SELECT source, data, reason FROM bad_rows ORDER BY id")]


def execute(store: Store, sql: str, *params: object) -> None:
    with closing(sqlite3.connect(store.path)) as conn, conn:
        conn.execute(sql, params)


HUGE = "a number JSON reads as infinity"


@pytest.mark.parametrize(("table", "column", "value", "problem"), [
    ("stats", "wins", "lots", "wins: not a whole number"),
    ("stats", "deals", True, "deals: not a whole number"),
    ("stats", "points", 10**30, "points: not a whole number"),
    ("stats", "eggs", 2.5, "eggs: not a whole number"),
    ("saves", "updated", HUGE, "updated: not a number"),
    ("saves", "updated", "yesterday", "updated: not a number"),
    ("prefs", "value", "\ud800 half a character", "value: not text"),
    ("prefs", "value", {"base64": "//4="}, "value: not text"),
    ("prefs", "value", {"base64": "not base64!"}, "value: not text"),
], ids=["text-count", "true-count", "huge-count", "fraction-count", "infinite", "text-number",
        "lone-surrogate", "bytes-text", "bad-base64"])
def test_an_imported_row_that_does_not_fit_its_column_is_set_aside(
        store: Store, tmp_path: Path, table: str, column: str, value: object,
        problem: str) -> None:
    doc = document(store)
    rows, columns = doc["tables"][table]["rows"], doc["tables"][table]["columns"]
    rows[0][columns.index(column)] = value
    row = dict(zip(columns, rows[0], strict=True))
    # escaped: a lone surrogate is JSON, but not UTF-8
    data = json.dumps(doc).encode("ascii").replace(json.dumps(HUGE).encode(), b"1e999")
    learner = Store(tmp_path / "learner" / "progress.sqlite3")
    report = import_progress(learner, data)   # used to refuse the file, or to crash
    assert report.rows_set_aside == (table,)
    assert report.rows[table] == len(rows) - 1
    [(source, kept, reason)] = bad_rows(learner)
    assert source == table and reason == f"in the imported file: {problem}"
    if value != HUGE:
        assert kept == row   # the row as the file held it, whole
    assert learner.get_pref("colours") == 4 or table == "prefs"
    assert learner.stats(KEY).deals == 2 or table == "stats"


def test_a_row_of_undecodable_text_is_exported_byte_for_byte_and_comes_back(
        store: Store, tmp_path: Path) -> None:
    execute(store, "UPDATE prefs SET value = CAST(? AS TEXT) WHERE key = 'lang'", b"\xff\xfe")
    doc = document(store)   # used to fail: "Could not decode to UTF-8 column 'value'"
    prefs = doc["tables"]["prefs"]
    [value] = [row[1] for row in prefs["rows"] if row[0] == "lang"]
    assert base64.b64decode(value["base64"]) == b"\xff\xfe"
    learner = Store(tmp_path / "learner" / "progress.sqlite3")
    report = import_progress(learner, encode(doc))
    assert report.rows_set_aside == ("prefs",) and report.rows["prefs"] == 1
    [(source, row, _)] = bad_rows(learner)
    assert source == "prefs" and row["key"] == "lang"
    assert base64.b64decode(row["value"]["base64"]) == b"\xff\xfe"
    assert learner.get_pref("colours") == 4 and learner.get_pref("lang") is None
    assert document(learner)["tables"]["bad_rows"]["rows"]   # and travels on from there


def test_rows_the_app_never_reads_are_exported_however_damaged(store: Store,
                                                               tmp_path: Path) -> None:
    store.record_deal(KEY, deal_result(find_rules(), (80, 40), (6, 3)), Team.NS, None,
                      {"rules": {}, "deal": 1})
    Progress(store.path)   # the puzzle tables
    execute(store, "UPDATE deals SET data = CAST(? AS TEXT)", b"\x80old deal")
    execute(store, "INSERT INTO puzzle_mined_deals VALUES (CAST(? AS TEXT), ?)", b"\xc3", 1.0)
    execute(store, "INSERT INTO meta VALUES ('note', CAST(? AS TEXT))", b"\xff")
    panel = BackupPanel(store, "en")
    assert 'data-testid="backup-download"' in panel.download.value   # not a database error
    doc = document(store)
    assert "meta" not in doc["tables"]
    assert doc["tables"]["deals"]["rows"][0][3] == {"base64": base64.b64encode(
        b"\x80old deal").decode()}
    learner = Store(tmp_path / "learner" / "progress.sqlite3")
    Progress(learner.path)
    report = import_progress(learner, encode(doc))
    assert sorted(report.rows_set_aside) == ["deals", "puzzle_mined_deals"]
    kept = {source: row for source, row, _ in bad_rows(learner)}
    assert base64.b64decode(kept["deals"]["data"]["base64"]) == b"\x80old deal"
    assert base64.b64decode(kept["puzzle_mined_deals"]["deal_key"]["base64"]) == b"\xc3"


def test_rows_the_file_sets_aside_are_told_on_the_panel_once(store: Store,
                                                            tmp_path: Path) -> None:
    def corrupt(doc: dict[str, Any]) -> None:
        stats = doc["tables"]["stats"]
        stats["rows"][0][stats["columns"].index("wins")] = "lots"
    learner = Store(tmp_path / "learner" / "progress.sqlite3")
    panel = BackupPanel(learner, "ru")
    assert panel.import_file(with_change(store, corrupt)) is not None
    told = text("rows_set_aside", "ru", what=text("rows_stats", "ru"))
    assert f'data-testid="backup-set-aside">{told}<' in panel.status.value
    assert learner.take_untold() == []   # not told again when the app reopens


def test_not_a_number_is_refused(store: Store) -> None:
    data = export_progress(store).replace(b'"format": 1', b'"format": NaN')
    assert refused(store, data).key == "not_json"


def test_a_key_given_twice_in_the_file_is_refused_as_damaged(store: Store) -> None:
    # the app never writes a key twice: the first "schema" would be silently overruled
    data = export_progress(store)
    assert refused(store, b'{"schema": "999", ' + data.lstrip()[1:]).key == "not_json"


@pytest.mark.parametrize("damage", [
    lambda data: b"[" * 100_000 + b"]" * 100_000,
    lambda data: data.replace(b'"format": 1', b'"format": ' + b"1" * 5000),
    lambda data: data.replace(b'"format": 1', b'"format": -Infinity'),
], ids=["nested_too_deeply", "number_too_long", "infinity"])
def test_json_python_cannot_or_should_not_read_is_refused_as_damaged(
        store: Store, damage: Callable[[bytes], bytes]) -> None:
    error = refused(store, damage(export_progress(store)))
    assert error.key == "not_json"
    assert error.text("ru").startswith("Этот файл повреждён или это не резервная копия.")


def test_a_backup_saved_with_a_byte_order_mark_loads(store: Store, tmp_path: Path) -> None:
    fresh = Store(tmp_path / "fresh" / "progress.sqlite3")
    import_progress(fresh, "\ufeff".encode() + export_progress(store))   # as Notepad saves it
    assert dump(fresh.path) == dump(store.path)


def test_a_row_of_the_wrong_length_is_refused(store: Store) -> None:
    data = with_change(store, lambda d: d["tables"]["prefs"]["rows"][0].append("extra"))
    assert refused(store, data).key == "bad_shape"


def test_rows_sqlite_refuses_roll_back_the_whole_import(store: Store) -> None:
    # prefs comes before saves in the file, so its rows are already replaced inside the
    # transaction when the save without data (NOT NULL) is refused: all must roll back.
    def corrupt(doc: dict[str, Any]) -> None:
        doc["tables"]["prefs"]["rows"] = [["lang", '"en"']]
        saves = doc["tables"]["saves"]
        saves["rows"][0][saves["columns"].index("data")] = None
    error = refused(store, with_change(store, corrupt))
    assert error.key == "rejected_rows"
    assert store.get_pref("lang") == "ru"


def test_two_rows_with_one_key_are_refused(store: Store) -> None:
    data = with_change(store, lambda d: d["tables"]["prefs"]["rows"].append(
        list(d["tables"]["prefs"]["rows"][0])))
    assert refused(store, data).key == "rejected_rows"


def test_an_oversized_file_is_refused_before_reading(store: Store, tmp_path: Path) -> None:
    assert refused(store, b" " * (MAX_BYTES + 1)).key == "too_big"
    big = tmp_path / "big.json"
    with big.open("wb") as out:
        out.truncate(MAX_BYTES + 1)
    with pytest.raises(BackupError) as caught:
        read_backup(big)
    assert caught.value.key == "too_big"


# -- the settings panel -------------------------------------------------------------------------


def test_panel_download_link_holds_the_current_progress(store: Store) -> None:
    panel = BackupPanel(store, "ru")
    href = panel.download.value.split('href="', 1)[1].split('"', 1)[0]
    assert href.startswith("data:application/json;base64,")
    data = base64.b64decode(href.split(",", 1)[1])
    assert json.loads(data)["tables"]["prefs"] == document(store)["tables"]["prefs"]
    assert 'download="kozel-progress-' in panel.download.value


def test_panel_loads_a_good_file_and_tells_the_app(store: Store, tmp_path: Path) -> None:
    reports: list[ImportReport] = []
    fresh = Store(tmp_path / "fresh" / "progress.sqlite3")
    panel = BackupPanel(fresh, "en", on_import=reports.append)
    data = export_progress(store)
    panel.upload.receive({"type": "files", "files": [{"name": "p.json", "size": len(data),
                                                       "sent": True}]}, [memoryview(data)])
    assert reports == [] and panel.asking()   # it asks first
    panel.load_yes.click()
    assert [r.rows["prefs"] for r in reports] == [2]
    assert 'data-testid="backup-ok"' in panel.status.value
    assert fresh.get_pref("lang") == "ru"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_panel_names_a_file_too_large_to_send_and_changes_nothing(store: Store, lang: str) -> None:
    before = document(store)
    panel = BackupPanel(store, lang)
    size = MAX_BYTES + 14
    panel.upload.receive({"type": "files", "files": [{"name": "photo.jpg", "size": size,
                                                       "sent": False}]}, [])
    assert 'data-testid="backup-error"' in panel.status.value
    assert MAX_BYTES == 8_388_608
    # the sizes as each language writes them: in Russian grouped, the noun agreeing with each
    sizes = {"en": "(8388622 bytes; at most 8388608)",
             "ru": "(8\u00a0388\u00a0622 байта; не больше 8\u00a0388\u00a0608 байт)"}[lang]
    assert sizes in panel.status.value, panel.status.value
    assert ("too large" if lang == "en" else "слишком большой") in panel.status.value
    assert document(store) == before
    assert not list(store.path.parent.glob("progress-before-import-*"))


def test_after_an_import_the_only_way_on_is_to_reopen_the_app(store: Store,
                                                              tmp_path: Path) -> None:
    went_home: list[bool] = []
    fresh = Store(tmp_path / "fresh" / "progress.sqlite3")
    panel = BackupPanel(fresh, "en", go_home=lambda: went_home.append(True))
    assert "home" in _toolbar(panel)
    panel.import_file(export_progress(store))
    assert _toolbar(panel) == ["lang"]
    panel.header.receive({"type": "button", "id": "home"})   # a stale page still sends it
    assert went_home == []
    assert 'href="?"' in panel.status.value and 'data-testid="backup-reopen"' in panel.status.value


def test_loading_a_file_keeps_the_progress_it_replaces_and_a_refused_one_keeps_nothing(
        store: Store, tmp_path: Path) -> None:
    other = Store(tmp_path / "other" / "progress.sqlite3")   # a file with no match in it
    panel = BackupPanel(store, "en")
    mine = dump(store.path)
    assert panel.import_file(b"not progress") is None
    assert not list(store.path.parent.glob("progress-before-import-*.json"))
    assert panel.import_file(export_progress(other)) is not None
    assert store.load_match() is None, "the file's progress replaced the match"
    kept = list(store.path.parent.glob("progress-before-import-*.json"))
    assert len(kept) == 1 and kept[0].name in panel.status.value
    import_progress(store, read_backup(kept[0]))   # and it all comes back
    assert dump(store.path) == mine


def test_the_backup_copy_is_a_section_of_the_home_screen(store: Store) -> None:
    from kozel_tutor.app.sections import SectionContext, load_sections, sections

    assert not [problem for problem in load_sections() if "backup" in problem]
    section = next(s for s in sections() if s.key == "progress")
    assert section.title == {"en": "Backup copy", "ru": "Резервная копия"}
    went_home: list[bool] = []
    panel = section.open(SectionContext("ru", store, lambda: went_home.append(True)))
    home = panel.header.view["toolbar"][0]
    assert home == {"id": "home", "label": "← Домой", "testid": "backup-home"}
    panel.header.receive({"type": "button", "id": "home"})
    assert went_home == [True]


def _toolbar(panel: BackupPanel) -> list[str]:
    return [str(button["id"]) for button in panel.header.view["toolbar"]]


def test_the_backup_screen_has_the_sections_header_and_language_switch(
        store: Store) -> None:
    panel = BackupPanel(store, "en", go_home=lambda: None)
    assert panel.children[0] is panel.header and "kz-page-header" in panel.header._dom_classes
    view = panel.header.view
    assert view["title"] == "Backup copy" and view["testid"] == "backup"
    assert _toolbar(panel) == ["home", "lang"]
    assert view["toolbar"][0]["label"] == "← Home" and view["toolbar"][1]["label"] == "Русский"
    assert not [c for c in panel.children if isinstance(c, widgets.Button)]
    panel.header.receive({"type": "button", "id": "lang"})   # no app: this screen switches
    assert panel.lang == "ru" and panel.header.lang == "ru"
    assert panel.header.view["title"] == "Резервная копия"
    assert panel.header.view["toolbar"][0]["label"] == "← Домой"
    assert "Сеанс в интернете" in panel.intro.value
    assert panel.upload.description == "Загрузить резервную копию"
    assert "Сохранить резервную копию" in panel.download.value


def test_the_backup_screen_switches_the_whole_apps_language(tmp_path: Path) -> None:
    from kozel_tutor.app import App

    app = App(Store(tmp_path / "progress.sqlite3"), warm=False)
    assert app.lang == "ru"
    app._open_section("progress")
    panel = app.section_widget
    assert isinstance(panel, BackupPanel)
    panel.header.receive({"type": "button", "id": "lang"})
    assert app.lang == panel.lang == "en" and app.store.get_pref("lang") == "en"
    assert panel.header.view["title"] == "Backup copy"
    assert panel.header.view["toolbar"][-1]["label"] == "Русский"


def test_panel_explains_a_bad_file_in_the_learners_language(store: Store) -> None:
    panel = BackupPanel(store, "ru")
    before = dump(store.path)
    assert panel.import_file(b"<html>not progress</html>") is None
    assert 'data-testid="backup-error"' in panel.status.value
    assert "ваш прогресс не изменился" in panel.status.value
    assert dump(store.path) == before


def test_panel_says_so_when_the_database_cannot_be_read(store: Store, tmp_path: Path) -> None:
    panel = BackupPanel(store, "en")
    good = export_progress(store)
    store.path.write_bytes(b"this is no longer an SQLite database" * 100)
    panel.refresh()
    assert 'data-testid="backup-error"' in panel.download.value
    assert panel.import_file(good) is None
    assert f"Your progress could not be read or written: the progress file {store.path} is " \
        "damaged." in panel.status.value
    assert "database" not in panel.status.value   # SQLite's own words are for the log


def test_panel_names_a_held_progress_file_in_russian_without_sqlites_words(
        store: Store) -> None:
    import sqlite3

    panel = BackupPanel(store, "ru")
    good = export_progress(store)
    holder = sqlite3.connect(store.path, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        assert panel.import_file(good) is None
    finally:
        holder.rollback()
        holder.close()
    assert f"Не удалось прочитать или записать прогресс: файл прогресса {store.path} занят " \
        "другим окном или программой." in panel.status.value
    assert "locked" not in panel.status.value


@pytest.mark.parametrize(("values", "problem"), [
    ((1e300, 350.0, 0.06), "rating: 1e+300 is out of range (0 to 4000)"),
    ((1500.0, 0.0, 0.06), "rd: 0.0 is out of range (above 0, at most 350)"),
], ids=["huge-rating", "no-deviation"])
def test_an_imported_rating_no_learner_can_have_is_set_aside(
        store: Store, tmp_path: Path, values: tuple[float, float, float], problem: str) -> None:
    """A rating row of the right shape but impossible values is set aside at import, as a
    misfit, and a good one comes in (it used to break the learner's next answer)."""
    doc = document(store)
    columns = ["subject", "rating", "rd", "volatility", "games", "updated"]
    doc["tables"]["puzzle_ratings"] = {"columns": columns, "rows": [
        ["learner", *values, 3, 1.0], ["theme:duck", 1500.0, 200.0, 0.06, 2, 1.0]]}
    learner = Store(tmp_path / "learner" / "progress.sqlite3")
    report = import_progress(learner, encode(doc))
    assert report.rows_set_aside == ("puzzle_ratings",)
    assert report.rows["puzzle_ratings"] == 1
    [(source, kept, reason)] = bad_rows(learner)
    assert source == "puzzle_ratings" and kept["subject"] == "learner"
    assert reason == f"in the imported file: {problem}"
