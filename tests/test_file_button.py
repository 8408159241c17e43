"""The file button: what the browser sends is checked before a screen sees it, and a file too
large to send (or one the browser could not read) still reaches the screen, by name, so it can
say why nothing was loaded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_teacher import homework, solve_as

from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.store import Store
from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.widgets.file_button import MAX_MESSAGE_BYTES, ChosenFile, FileButton


def _meta(name: str, size: int, sent: bool) -> dict[str, Any]:
    return {"name": name, "size": size, "sent": sent}


def _button(**traits: Any) -> tuple[FileButton, list[list[ChosenFile]]]:
    button = FileButton(**traits)
    got: list[list[ChosenFile]] = []
    button.on_files(got.append)
    return button, got


def test_a_choice_reaches_the_handler_with_its_bytes() -> None:
    button, got = _button(multiple=True, max_bytes=100)
    assert button.receive({"type": "files", "files": [_meta("a.json", 2, True),
                                                      _meta("b.csv", 3, True)]},
                          [b"{}", memoryview(b"x,y")]) == 2
    assert got == [[ChosenFile("a.json", 2, b"{}"), ChosenFile("b.csv", 3, b"x,y")]]
    assert button.rejected == 0


def test_a_file_over_the_limit_comes_without_bytes_and_says_so() -> None:
    button, got = _button(multiple=True, max_bytes=10)
    button.receive({"type": "files", "files": [_meta("a.json", 6, True),
                                               _meta("big.json", 11, False)]}, [b"123456"])
    assert got == [[ChosenFile("a.json", 6, b"123456"),
                    ChosenFile("big.json", 11, None, "too_big")]]


def test_a_file_that_fits_on_its_own_is_never_called_too_large() -> None:
    """Files that together pass the limit come in several messages, each handed on."""
    button, got = _button(multiple=True, max_bytes=10)
    assert button.receive({"type": "files", "files": [_meta("b.json", 5, False)]}, []) is None
    button.receive({"type": "files", "files": [_meta("a.json", 8, True)]}, [b"x" * 8])
    button.receive({"type": "files", "files": [_meta("b.json", 5, True)]}, [b"y" * 5])
    assert [[(f.name, f.problem) for f in files] for files in got] == [
        [("a.json", None)], [("b.json", None)]]


def test_a_message_holds_at_most_max_files_files() -> None:
    button, got = _button(multiple=True)
    most = button.max_files
    button.receive({"type": "files", "files": [_meta(f"{i}.json", 1, True)
                                               for i in range(most)]}, [b"1"] * most)
    assert len(got) == 1 and len(got[0]) == most
    assert button.receive({"type": "files", "files": [_meta(f"{i}.json", 1, True)
                                                      for i in range(most + 1)]},
                          [b"1"] * (most + 1)) is None


def test_a_file_the_browser_could_not_read_is_named() -> None:
    button, got = _button()
    button.receive({"type": "unreadable", "files": [_meta("locked.json", 7, False)]}, [])
    assert got == [[ChosenFile("locked.json", 7, None, "unreadable")]]


@pytest.mark.parametrize("message, buffers", [
    (None, []),
    ("files", []),
    ({"type": "play"}, []),
    ({"type": "files"}, []),
    ({"type": "files", "files": []}, []),                                   # nothing chosen
    ({"type": "files", "files": [_meta("a", 1, True), _meta("b", 1, True)]},
     [b"1", b"2"]),                                                          # two, not multiple
    ({"type": "files", "files": ["a.json"]}, []),
    ({"type": "files", "files": [_meta("", 1, True)]}, [b"1"]),             # no name
    ({"type": "files", "files": [_meta("x" * 256, 1, True)]}, [b"1"]),      # name too long
    ({"type": "files", "files": [_meta("a", -1, True)]}, [b""]),
    ({"type": "files", "files": [_meta("a", True, True)]}, [b"1"]),         # size not a number
    ({"type": "files", "files": [_meta("a", 1.0, True)]}, [b"1"]),
    ({"type": "files", "files": [_meta("a", 1, 1)]}, [b"1"]),               # sent not a bool
    ({"type": "files", "files": [_meta("a", 2, True)]}, [b"1"]),            # size is wrong
    ({"type": "files", "files": [_meta("a", 1, True)]}, []),                # bytes missing
    ({"type": "files", "files": [_meta("a", 1, True)]}, [b"1", b"2"]),      # bytes left over
    ({"type": "files", "files": [_meta("a", 1, True)]}, ["1"]),             # not bytes
    ({"type": "files", "files": [_meta("a", 11, True)]}, [b"x" * 11]),      # over the limit
    ({"type": "files", "files": [_meta("a", 3, False)]}, []),               # fitted, not sent
    ({"type": "unreadable", "files": [_meta("a", 3, True)]}, [b"abc"]),
])
def test_a_message_that_does_not_fit_is_counted_and_dropped(message: object,
                                                            buffers: list[object]) -> None:
    button, got = _button(max_bytes=10)
    assert button.receive(message, buffers) is None
    assert button.rejected == 1 and got == []


def test_the_limit_stays_under_the_servers_message_limit() -> None:
    assert MAX_MESSAGE_BYTES < 10 * 1024 * 1024
    with pytest.raises(Exception, match="max_bytes"):
        FileButton(max_bytes=MAX_MESSAGE_BYTES + 1)
    with pytest.raises(Exception, match="max_bytes"):
        FileButton(max_bytes=0)


@pytest.mark.parametrize("lang, words", [("en", "too large"), ("ru", "слишком большой")])
def test_the_puzzles_screen_names_a_set_file_too_large_to_send(tmp_path: Path, lang: str,
                                                              words: str) -> None:
    view = PuzzlesView(lang, Store(tmp_path / "progress.sqlite3"), lambda: None,
                       backend="python")
    size = view.upload.max_bytes + 1
    view.upload.receive({"type": "files", "files": [_meta("huge.json", size, False)]}, [])
    assert view.screen == "menu"
    assert "huge.json" in view.panel.view["error"] and words in view.panel.view["error"]


def test_the_puzzles_screen_opens_a_set_file_from_the_button(tmp_path: Path) -> None:
    view = PuzzlesView("en", Store(tmp_path / "progress.sqlite3"), lambda: None,
                       backend="python")
    data = homework().to_json().encode()
    view.upload.receive({"type": "files", "files": [_meta("homework.json", len(data), True)]},
                        [data])
    assert view.screen == "puzzle" and view.playing is not None
    assert view.playing.id == homework().id


def test_the_gradebook_takes_the_files_sent_and_names_the_one_too_large(tmp_path: Path) -> None:
    view = TeacherView("en", backend="python")
    view.cards.value = "3"
    view.add_filtered()
    results = solve_as("Anna", view.puzzle_set(), ["right"] * view.ADD_AT_ONCE, tmp_path)
    data = results.read_bytes()
    view.upload.receive({"type": "files", "files": [
        _meta(results.name, len(data), True),
        _meta("class-photo.png", MAX_MESSAGE_BYTES + 1, False)]}, [data])
    assert "Anna" in view.grades.value
    assert "class-photo.png" in view.grades.value and "too large" in view.grades.value
    assert json.loads(data)   # the file itself was read whole
