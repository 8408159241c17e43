"""What the widgets say where they are not drawn (a saved or exported notebook, a console): a
line naming the widget and that it runs in Jupyter, in Russian and English, beside the view a
notebook draws (the widget's own mimetype stays in the bundle)."""

from __future__ import annotations

import pytest

from kozel_tutor.lessons import LessonPlayer
from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
from kozel_tutor.widgets import PanelWidget, TableWidget
from kozel_tutor.widgets.lesson import LessonWidget
from kozel_tutor.widgets.names import NamedWidget
from kozel_tutor.widgets.puzzle import PuzzleWidget

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def widgets() -> list[NamedWidget]:
    return [TableWidget(), PanelWidget(), LessonWidget(LessonPlayer("01_table", progress=None)),
            PuzzleWidget(PuzzlePlayer(SetQueue([])))]


@pytest.mark.parametrize("kind", ["TableWidget", "PanelWidget", "LessonWidget", "PuzzleWidget"])
def test_a_widget_names_itself_in_both_languages_where_it_is_not_drawn(kind: str) -> None:
    [widget] = [w for w in widgets() if type(w).__name__ == kind]
    data, _ = widget._repr_mimebundle_()
    said = data["text/plain"]
    assert said == repr(widget)
    russian, english = said.split(" · ")
    assert "запустите блокнот в Jupyter" in russian and "run the notebook in Jupyter" in english
    assert "object at 0x" not in said and "Kozel" in english
    assert data[WIDGET_VIEW]["model_id"] == widget.model_id


def test_each_widget_says_what_it_is() -> None:
    said = [repr(widget) for widget in widgets()]
    assert len(set(said)) == len(said)
    assert said[0].startswith("Стол для игры в «Козла»")
    assert said[0].endswith("Kozel card table: run the notebook in Jupyter to play")


def test_a_lesson_player_shown_in_a_notebook_is_its_widget_with_its_line() -> None:
    player = LessonPlayer("01_table", progress=None)
    data, _ = player._repr_mimebundle_()
    assert data["text/plain"] == repr(player.widget())
    assert data[WIDGET_VIEW]["model_id"] == player.widget().model_id
