"""Each lesson notebook opens with its lesson's own title and goal, in both languages, as the
lesson file has them (the notebook copies them: the two must not drift apart)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kozel_tutor.lessons import lesson_ids, load_lesson

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks" / "lessons"


def test_every_lesson_has_a_notebook_and_every_notebook_a_lesson() -> None:
    assert sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb")) == sorted(lesson_ids())


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_the_notebook_header_is_the_lessons_title_and_goal(lesson_id: str) -> None:
    lesson = load_lesson(lesson_id)
    notebook = json.loads((NOTEBOOKS / f"{lesson_id}.ipynb").read_text(encoding="utf-8"))
    header = notebook["cells"][0]["source"][:5]
    n = lesson.number
    assert header == [f"# Урок {n}. {lesson.title.ru}\n", f"*Lesson {n}. {lesson.title.en}*\n",
                      "\n", f"{lesson.goal.ru}  \n", f"{lesson.goal.en}\n"]
