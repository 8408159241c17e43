"""The puzzles notebook's entry points (``kozel_tutor.puzzles.notebook``): a set played again
goes on where it was left, as the app's does, and the dashboard is HTML with a line of text for
front ends without it; a puzzle widget in a notebook has its own language button."""

from __future__ import annotations

from pathlib import Path

import pytest

from kozel_tutor.app.notebook import notebook_lang
from kozel_tutor.puzzles.dashboard import dashboard_html
from kozel_tutor.puzzles.notebook import Dashboard, dashboard, find_set, play
from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.widgets.puzzle import PuzzleWidget

SET = "beginner-path"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KOZEL_TUTOR_HOME", str(tmp_path))
    return tmp_path


def test_a_set_played_again_goes_on_from_its_first_puzzle_without_an_answer() -> None:
    puzzles = find_set(SET).puzzles
    first = play(SET)
    assert first.player.puzzle.id == puzzles[0].id
    wrong = next(c for c in first.player.puzzle.position.hands[puzzles[0].seat]
                 if c not in puzzles[0].answers)
    assert first.receive({"type": "play", "card": wrong.token})
    assert first.receive({"type": "next"})
    right = sorted(puzzles[1].answers, key=lambda c: c.index)[0]
    assert first.receive({"type": "play", "card": right.token})

    again = play(SET)   # the cell run again, or the notebook the next day
    assert again.player.puzzle.id == puzzles[2].id
    assert again.player.answered == [(puzzles[0].id, False), (puzzles[1].id, True)]
    assert again.view["header"]["counter"] == f"Задача 3 из {len(puzzles)}"


def test_a_set_played_without_recording_starts_at_its_first_puzzle() -> None:
    puzzles = find_set(SET).puzzles
    first = play(SET)
    first.receive({"type": "play",
                   "card": sorted(puzzles[0].answers, key=lambda c: c.index)[0].token})
    assert play(SET, record=False).player.puzzle.id == puzzles[0].id


def test_the_dashboard_is_html_with_a_line_of_text_for_front_ends_without_it() -> None:
    shown = dashboard("en")
    assert isinstance(shown, Dashboard)
    assert shown._repr_html_() == dashboard_html(Progress(), "en")
    said = repr(shown)
    assert "Your puzzle progress: run the notebook in Jupyter" in said
    assert "Ваши успехи в задачах — запустите блокнот в Jupyter" in said
    assert "<" not in said


def test_a_notebook_puzzle_widget_has_a_language_button_that_switches_the_notebook() -> None:
    """In a notebook the widget draws its own language button (the app's screens have one in
    the toolbar): pressing it switches every puzzle widget of the notebook and is kept as the
    notebook's language, as a lesson's button is."""
    first, second = play(SET), play("fight-for-31")
    assert first.lang_switch and first.player.lang == "ru"
    assert first.view["labels"]["lang"] == "English"
    assert first.receive({"type": "lang", "lang": "en"})
    assert first.player.lang == second.player.lang == "en"
    assert second.view["header"]["counter"].startswith("Puzzle 1 of ")
    assert first.view["labels"]["lang"] == "Русский"
    assert notebook_lang() == "en"   # the next widget opened speaks it
    assert play("opening-leads-starter").player.lang == "en"
    assert not first.receive({"type": "lang", "lang": "en"})   # already English
    assert not first.receive({"type": "lang", "lang": "de"})
    assert first.player.lang == "en"


def test_a_puzzle_widget_without_its_own_button_ignores_a_language_message() -> None:
    """The app's puzzle screen switches the language from its toolbar; a stray message does
    nothing."""
    widget = PuzzleWidget(PuzzlePlayer(SetQueue(list(find_set(SET).puzzles)), lang="ru"))
    assert not widget.lang_switch
    assert not widget.receive({"type": "lang", "lang": "en"})
    assert widget.player.lang == "ru"
