"""Back on the list of lessons, the focus goes to the tile of the lesson just left, even when it
was reached by «Next lesson» from another tile; a press on the list itself is remembered by the
panel as before."""

from __future__ import annotations

from pathlib import Path

from conftest import finish_lesson

from kozel_tutor.app.lessons_view import LessonsView
from kozel_tutor.app.store import Store
from kozel_tutor.widgets._assets import esm


def test_leaving_the_next_lesson_returns_to_its_tile_not_to_the_one_pressed(
        tmp_path: Path) -> None:
    view = LessonsView("ru", Store(tmp_path / "progress.sqlite3"), lambda: None)
    assert view.panel.return_to == ""   # a first visit: the heading
    view.panel.receive({"type": "button", "id": "lesson:01_table"})
    widget = view.lesson_widget
    assert widget is not None
    finish_lesson(widget)
    widget.receive({"type": "next_lesson"})
    assert widget.view["lesson"]["id"] == "02_trumps"
    widget.receive({"type": "exit"})
    assert list(view.children) == [view.panel]
    assert view.panel.return_to == "lesson-open-02_trumps"
    assert any(t["testid"] == "lesson-open-02_trumps" for t in view.panel.view["tiles"])


def test_a_press_on_the_list_clears_the_lesson_to_return_to(tmp_path: Path) -> None:
    view = LessonsView("en", Store(tmp_path / "progress.sqlite3"), lambda: None)
    view.panel.receive({"type": "button", "id": "lesson:04_trick"})
    assert view.lesson_widget is not None
    view.lesson_widget.receive({"type": "exit"})
    assert view.panel.return_to == "lesson-open-04_trick"
    view.panel.receive({"type": "button", "id": "home"})   # the panel remembers Back itself
    assert view.panel.return_to == ""


def test_the_panel_prefers_the_control_python_names_on_its_return() -> None:
    code = esm("panel.js")
    assert 'model.get("return_to") || lastPressed.get(' in code
