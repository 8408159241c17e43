"""A progress file that cannot be written is never taken for a damaged one: a read-only file or
folder, a file held by another connection, a data folder that cannot be created -- the file is
left exactly as it was, the app opens on a copy (everything readable, playable, nothing kept)
and says why, naming the file or folder, in both languages.  Only real damage is set aside, and
where it went stays on the home screen until the learner has read it.

Root ignores file permissions: the read-only cases run in a subprocess without root's override
(``setpriv``), on real files."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from kozel_tutor.app import App
from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.app.texts import text


def unprivileged(code: str, home: Path, cwd: Path) -> dict[str, object]:
    """Run ``code`` (which prints one JSON line last) in a new Python with
    ``KOZEL_TUTOR_HOME=home``, as a user file permissions apply to."""
    prefix: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root, and setpriv is missing to drop root's override")
        prefix = [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner",
                  "--inh-caps=-all"]
    done = subprocess.run([*prefix, sys.executable, "-c", textwrap.dedent(code)],
                          env={**os.environ, "KOZEL_TUTOR_HOME": str(home)}, cwd=cwd,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def progress_file(folder: Path) -> Path:
    """A learner's progress file as the app leaves it: a match, the language, no lesson or
    puzzle tables yet (those sections were never opened)."""
    store = Store(folder / DB_NAME)
    store.save_match(MATCH)
    store.set_pref("lang", "en")
    return store.path


MATCH = MatchSession(Settings(level="random"), rng=random.Random(7)).to_json()
"""A match in progress, as the app saves it."""


def fingerprint(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


@pytest.fixture()
def writable_again(tmp_path: Path) -> Iterator[None]:
    yield
    for path in [tmp_path, *tmp_path.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)


SESSION = """
    import json
    from kozel_tutor.app import App
    from kozel_tutor.app.play_view import Pace
    from kozel_tutor.app.session import Settings
    from kozel_tutor.app.store import Store
    from kozel_tutor.lessons.progress import LessonProgress
    from kozel_tutor.puzzles.model import load_catalogue
    from kozel_tutor.puzzles.progress import Progress
    from kozel_tutor.widgets import Command
    store = Store()
    app = App(store, warm=False, pace=Pace(card=0, trick=0))
    match = store.load_match()
    out = {"reason": store.not_kept and store.not_kept.reason, "match": match,
           "lang": app.lang, "home": {}, "sections": {}}
    for lang in ("en", "ru"):
        if app.lang != lang:
            app.toggle_lang()
        out["home"][lang] = app.home.view.get("error", "")
    for key in ("lessons", "puzzles", "teacher", "progress"):
        app._open_section(key)
        out["sections"][key] = [app.screen, getattr(app.children[0], "value", "")]
        app.show_home()
    # the session works: a lesson step, a puzzle answer and a match are kept -- in the copy
    LessonProgress(store.path).record("01_table", 2, 5, None)
    puzzle = load_catalogue()[0].puzzles[0]
    Progress(store.path).record(puzzle, next(iter(puzzle.answers)), seconds=3)
    app.settings = Settings(level="random")
    app._settings_command(Command("button", "play"))
    app.play.wait_idle()
    out["lesson"] = LessonProgress(store.path).get("01_table").steps_seen
    out["played"] = store.load_match() != match
    print(json.dumps(out))
"""


@pytest.mark.parametrize("read_only", ["file", "folder"])
def test_a_read_only_progress_file_is_left_untouched_and_the_app_runs_without_saving(
        tmp_path: Path, read_only: str, writable_again: None) -> None:
    home = tmp_path / "home"
    path = progress_file(home)
    (path if read_only == "file" else home).chmod(0o444 if read_only == "file" else 0o555)
    before = fingerprint(home)
    out = unprivileged(SESSION, home, tmp_path)
    assert out["reason"] == "read_only"
    assert out["match"] == MATCH and out["lang"] == "en"   # read, not lost
    assert fingerprint(home) == before   # not moved aside, not written, nothing added
    home_text = out["home"]
    assert isinstance(home_text, dict)
    for lang, words in (("en", "read-only"), ("ru", "только для чтения")):
        assert str(path) in home_text[lang] and words in home_text[lang]
    sections = out["sections"]
    assert isinstance(sections, dict)
    for key, (screen, notice) in sections.items():
        # lessons and puzzles make their tables in the copy: they open, and say why nothing
        # is kept
        assert screen == f"section:{key}"
        assert "только для чтения" in notice
    assert out["lesson"] == 2 and out["played"] is True


def test_a_data_folder_that_cannot_be_created_opens_the_app_naming_it(
        tmp_path: Path, writable_again: None) -> None:
    parent = tmp_path / "locked"
    parent.mkdir()
    parent.chmod(0o555)
    out = unprivileged(SESSION, parent / "kozel", tmp_path)
    assert out["reason"] == "no_folder" and out["match"] is None
    home_text = out["home"]
    assert isinstance(home_text, dict)
    for lang in ("en", "ru"):
        assert str(parent / "kozel") in home_text[lang]
        assert "KOZEL_TUTOR_HOME" in home_text[lang]
    assert "cannot be created" in home_text["en"] and "не удалось создать" in home_text["ru"]
    sections = out["sections"]
    assert isinstance(sections, dict)
    assert all(screen == f"section:{key}" for key, (screen, _) in sections.items())
    assert out["lesson"] == 2 and out["played"] is True
    assert list(parent.iterdir()) == []


def test_a_file_held_by_another_connection_is_not_set_aside_and_saving_resumes_later(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = progress_file(tmp_path)
    with closing(sqlite3.connect(path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")   # another window's write, holding the file
        store = Store(path)
        assert store.not_kept is not None and store.not_kept.reason == "in_use"
        assert store.recovered is None and store.load_match() == MATCH
        app = App(store, warm=False)
        for lang, words in (("en", "in use by another window"), ("ru", "занят другим окном")):
            if app.lang != lang:
                app.toggle_lang()
            assert words in app.home.view["error"] and str(path) in app.home.view["error"]
        other.execute("COMMIT")
    assert sorted(p.name for p in tmp_path.iterdir()) == [DB_NAME]
    again = Store(path)   # the other window is done: the file is the learner's again
    assert again.not_kept is None and again.load_match() == MATCH
    again.save_match({"new": 1})
    assert Store(path).load_match() == {"new": 1}


def test_where_a_damaged_file_went_stays_on_the_home_screen_until_the_learner_has_read_it(
        tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    path.write_bytes(b"this is not an SQLite database, it is a shopping list" * 100)
    aside = Store(path).recovered
    assert aside is not None
    said = {lang: text("db_set_aside", lang, name=aside.name, folder=str(tmp_path))
            for lang in ("en", "ru")}
    for _reload in range(2):   # each reload (a new store on the same file) still says it
        app = App(Store(path), warm=False)
        for _lang in said:
            assert said[app.lang] in app.home.view["error"]
            app.toggle_lang()
    assert app.home.receive({"type": "button", "id": "dismiss-notice"}) is not None
    assert "error" not in app.home.view
    assert "error" not in App(Store(path), warm=False).home.view
    assert b"shopping list" in aside.read_bytes()


def test_the_notebook_says_when_its_progress_cannot_be_kept(
        tmp_path: Path, writable_again: None) -> None:
    home = tmp_path / "home"
    progress_file(home).chmod(0o444)
    out = unprivileged("""
        import contextlib, io, json
        from kozel_tutor.app.notebook import results
        said = io.StringIO()
        with contextlib.redirect_stdout(said):
            results("en")
        print(json.dumps({"said": said.getvalue()}))
    """, home, tmp_path)
    said = str(out["said"])
    assert "read-only" in said and str(home / DB_NAME) in said
