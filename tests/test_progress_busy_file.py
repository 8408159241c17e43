"""Another window or program holds the progress file while the app is open (``BEGIN IMMEDIATE``
or ``BEGIN EXCLUSIVE`` from a second SQLite connection): a puzzle answer is judged at once all
the same, its verdict says it was not saved and why, the puzzle never freezes, the Puzzles
section opens within a second or two with a notice naming the file, and once the file is free
the next answer is saved again.  Real files in ``tmp_path``, real locks, no mocks.

Each test is named after the behaviour it checks.
"""

from __future__ import annotations

import html
import json
import re
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest
from conftest import held_file

from kozel_tutor.app.main import App
from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.store import Store
from kozel_tutor.position import Position
from kozel_tutor.puzzles.model import Puzzle
from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.sqlite_files import SHORT_WAIT, short_reading, short_transaction
from kozel_tutor.widgets.puzzle import PuzzleWidget

PY = "python"
# J♠ and J♥ are the answers, Q♥ is wrong: a three-card ending, solved in a moment
ENDING = Position.from_json({
    "hands": {"N": "TD 9D", "E": "JC TH", "S": "JS QH JH", "W": "TC 9C QS"}, "leader": "N",
    "taken": {"NS": [39, 4], "EW": [37, 2]}, "trick": ["7D", "JD"], "led": "SHD"})
SLOW = 8.0
"""Far more than the short wait (a second) and far less than the old one (ten seconds per
query, several queries a screen)."""
WORDS = {"en": ("could not be saved", "in use by another window or program"),
         "ru": ("Ответ не сохранён", "занят другим окном или программой")}
NOTICE = {"en": "is in use by another window or program", "ru": "занят другим окном или программой"}


def puzzle(ident: str) -> Puzzle:
    return Puzzle.from_dict({
        "id": ident, "title": {"ru": "Концовка", "en": "Ending"}, "story": {"ru": "", "en": ""},
        "position": json.loads(ENDING.to_json()), "goal": "make_61", "answers": ["JH", "JS"],
        "themes": ["make_61"], "rating": 1500,
        "hints": [{"ru": "подсказка", "en": "hint"}], "view": "double_dummy"})


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A progress file the app has opened before (its tables are there)."""
    path = tmp_path / "progress.sqlite3"
    Store(path)
    Progress(path)
    return path


def timed(action: Callable[[], object]) -> float:
    """Seconds ``action`` took."""
    started = time.monotonic()
    action()
    return time.monotonic() - started


def test_the_wait_for_a_held_file_is_a_second_not_ten(path: Path) -> None:
    assert SHORT_WAIT <= 2.0
    with short_reading(path) as conn:
        assert conn.execute("PRAGMA busy_timeout").fetchone()[0] <= 2000
    with (held_file(path), pytest.raises(sqlite3.OperationalError),
          short_transaction(path)):
        pass
    store = Store(path)
    with held_file(path, "EXCLUSIVE"):
        for action in (lambda: store.get_pref("x"), lambda: Progress(path).attempts()):
            started = time.monotonic()
            with pytest.raises(sqlite3.OperationalError):
                action()
            assert time.monotonic() - started < 3.0


def test_an_answer_while_another_program_holds_the_file_is_judged_at_once_and_not_stuck(
        path: Path) -> None:
    progress = Progress(path)
    player = PuzzlePlayer(SetQueue([puzzle("first"), puzzle("second")]), lang="en",
                          progress=progress, backend=PY)
    widget = PuzzleWidget(player)
    with held_file(path):
        took = timed(lambda: widget.receive({"type": "play", "card": "QH"}))
        assert took < SLOW
        view = widget.view
        assert view["phase"] == "wrong" and view["feedback"]["text"].startswith("Not the best")
        assert view["cards_table"], "every card is explained, as after any answer"
        for lang, words in WORDS.items():
            player.set_lang(lang)
            note = widget.view["note"]
            assert all(w in note for w in words) and str(path) in note, note
            # the verdict read out says it too
            assert words[0] in widget.view["spoken"]["text"]
        player.set_lang("en")
        assert "Rating:" not in widget.view["note"]
        assert progress.attempts() == [] and progress.learner_rating().rating == 1500
        assert progress.held is not None and progress.held.reason == "in_use"
        # not stuck: try again, then the next puzzle, while the file is still held
        assert widget.receive({"type": "retry"}) and widget.view["phase"] == "solve"
        assert widget.receive({"type": "play", "card": "JH"}) and widget.view["phase"] == "right"
        assert widget.receive({"type": "next"})
        assert widget.view["phase"] == "solve" and widget.view["header"]["id"] == "second"
    # the other program is done: the next answer is saved, and the rating moves
    assert widget.receive({"type": "play", "card": "JS"})
    assert widget.view["phase"] == "right"
    assert widget.view["note"].startswith("Rating: 1500 → ")
    assert [row["puzzle_id"] for row in progress.attempts()] == ["second"]
    assert progress.learner_rating().rating > 1500 and progress.held is None


def test_the_puzzles_section_opens_at_once_on_a_held_file_and_says_it_is_in_use(
        path: Path) -> None:
    store = Store(path)
    for how in ("IMMEDIATE", "EXCLUSIVE"):   # EXCLUSIVE: not even reading is possible
        with held_file(path, how):
            started = time.monotonic()
            view = PuzzlesView("en", store, lambda: None, backend=PY)
            assert time.monotonic() - started < SLOW, how
            assert view.screen == "menu"
            for lang in ("en", "ru"):
                view.set_lang(lang)
                error = view.panel.view["error"]
                assert NOTICE[lang] in error and str(path) in error, error
            assert "database is locked" not in view.panel.view["error"]
    view.set_lang("en")
    view.show_menu()   # the file is free again: the notice goes
    assert "error" not in view.panel.view


def test_a_rated_puzzle_on_a_held_file_says_so_above_it_and_saves_again_once_free(
        path: Path) -> None:
    view = PuzzlesView("en", Store(path), lambda: None, backend=PY)
    view.catalogue = [puzzle("one"), puzzle("two")]
    with held_file(path):
        view.panel.receive({"type": "button", "id": "rated"})
        assert view.widget is not None and view.screen == "puzzle"
        took = timed(lambda: view.widget is not None
                     and view.widget.receive({"type": "play", "card": "QH"}))
        assert took < SLOW
        assert view.widget.view["phase"] == "wrong"
        assert WORDS["en"][0] in view.widget.view["note"]
        # the answer found the file held: the bar above the puzzle says so, naming it
        assert NOTICE["en"] in view.bar.view["error"] and str(path) in view.bar.view["error"]
    # the next puzzle, answered with the file free, is saved; the bar's notice goes with it
    assert view.widget.receive({"type": "next"})
    assert view.widget.receive({"type": "play", "card": "JH"})
    assert view.widget.view["note"].startswith("Rating: 1500 → ")
    assert len(view.progress.attempts()) == 1
    assert "error" not in view.bar.view


def test_the_apps_puzzles_tile_opens_at_once_while_another_program_holds_the_file(
        path: Path) -> None:
    app = App(Store(path), warm=False)   # the session began before the other program's hold
    with held_file(path, "EXCLUSIVE"):
        took = timed(lambda: app._open_section("puzzles"))
        assert took < SLOW
        assert app.screen == "section:puzzles"
        section = app.section_widget
        assert isinstance(section, PuzzlesView)
        assert NOTICE[app.lang] in section.panel.view["error"]


def _garble(path: Path) -> None:
    """Another program writes over the file's header: SQLite no longer finds a database."""
    with path.open("r+b") as file:
        file.write(b"not a database at all, a shopping list" * 3)


@pytest.mark.parametrize("problem", ["missing_table", "damaged"])
def test_a_progress_database_error_in_the_puzzles_says_the_same_in_russian_and_english(
        path: Path, problem: str) -> None:
    view = PuzzlesView("en", Store(path), lambda: None, backend=PY)
    if problem == "damaged":
        _garble(path)
    else:   # another program dropped a table the puzzles read
        with closing(sqlite3.connect(path)) as other:
            other.execute("DROP TABLE puzzle_reviews")
    said, shown = {}, {}
    for lang in ("en", "ru"):
        view.set_lang(lang)
        said[lang] = view.panel.view["error"]
        view.show_dashboard()
        shown[lang] = view.extra.value
        view.show_menu()
    starts = {"en": "Your puzzle progress could not be read or saved: ",
              "ru": "Не удалось прочитать или сохранить прогресс задач: "}
    why = {"missing_table": {"en": "something unexpected went wrong with the progress file",
                             "ru": "непредвиденная ошибка"},
           "damaged": {"en": "is damaged. Reload the page", "ru": "повреждён. Перезагрузите"}}
    for lang in ("en", "ru"):
        assert said[lang].startswith(starts[lang]), said[lang]
        assert why[problem][lang] in said[lang] and str(path) in said[lang], said[lang]
        if problem == "damaged":   # nothing can be read: the dashboard says so too
            assert said[lang] in html.unescape(shown[lang]), shown[lang]
        # SQLite's own words are for the log, in neither language
        for raw in ("no such table", "not a database", "malformed", "Progress database error"):
            assert raw not in said[lang]
    assert not re.search("[A-Za-z]", said["ru"].replace(str(path), "")), said["ru"]
    assert "Could not read" not in said["en"]
    view.set_lang("en")
    view.open_rated()   # the problem was said on the menu; a puzzle opened does not repeat it
    view.show_menu()
    assert said["en"] in view.panel.view["error"], "the file is still unreadable: said again"
