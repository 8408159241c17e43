"""Each student answers in a copy of the app of their own: one running app keeps one name, one
set of answers and one rating for everyone who opens it.  So the teacher's screen never offers
a link to the teacher's own app as a way for students to answer: in the app run in Voila it
offers to *try* the set there, said to be for the teacher alone; the teacher's notebook shown
in Voila (whose page is not the app) offers no such link at all; and the screen, the README
and the docs say that each student uses their own copy."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from kozel_tutor.app.teacher_view import TeacherView, local_link_offered
from kozel_tutor.puzzles.notebook import teacher_tools

ROOT = Path(__file__).resolve().parents[1]


def _words(shown: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", shown))


def _with_a_set(view: TeacherView) -> TeacherView:
    view.cards.value = "3"
    view.add_filtered()
    return view


def test_the_teachers_notebook_in_voila_offers_no_link_to_its_own_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Its page is the notebook, not the app: ``?set=`` there opens the notebook again, every
    answer visible and no puzzle to play."""
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    view = _with_a_set(teacher_tools("ru"))
    assert "teacher-local" not in view.share.value
    assert not local_link_offered(in_app=False)
    assert local_link_offered(in_app=True)


def test_the_app_offers_the_link_to_try_the_set_for_the_teacher_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    for lang, words in (
            ("ru", ("Попробовать набор здесь", "Открыть набор здесь (в новой вкладке)",
                    "чтобы вы сами прошли его, как ученик", "Ученикам её не давайте",
                    "ученики увидели бы ответы друг друга")),
            ("en", ("Try the set here", "Open the set here (in a new tab)",
                    "to go through it yourself", "Do not give it to your students",
                    "they would see each other's answers"))):
        view = _with_a_set(TeacherView(lang, lambda: None, backend="python"))
        shown = _words(view.share.value)
        for said in words:
            assert said in shown, said
        # a link to try, not a link to hand out: nothing to copy, no network address to mend
        assert "teacher-local-copy" not in view.share.value
        assert "127.0.0.1" not in shown
        assert "<details open" not in view.share.value   # folded: the Binder link comes first


@pytest.mark.parametrize("lang, said", [
    ("ru", "Каждый ученик решает набор в своей копии приложения: по ссылке Binder (у каждого "
           "свой сеанс) или в приложении, установленном на его компьютере, — тогда хватит и "
           "файла набора: «Задачи» → «Открыть файл набора»."),
    ("en", "Each student solves the set in their own copy of the app: through the Binder link "
           "(each gets a session of their own), or in the app installed on their own computer "
           "– then the set file is enough: Puzzles → Open a set file.")])
def test_the_screen_says_each_student_uses_a_copy_of_their_own_wherever_it_runs(
        monkeypatch: pytest.MonkeyPatch, lang: str, said: str) -> None:
    for env in ({}, {"VOILA_BASE_URL": "/"}, {"BINDER_LAUNCH_HOST": "https://mybinder.org/"}):
        with monkeypatch.context() as patch:
            for name, value in env.items():
                patch.setenv(name, value)
            view = _with_a_set(TeacherView(lang, lambda: None, backend="python"))
            assert said in _words(view.share.value), env


def test_no_text_offers_the_teachers_own_app_to_several_students() -> None:
    docs = (ROOT / "docs" / "puzzles.md").read_text("utf-8")
    readme = (ROOT / "README.md").read_text("utf-8")
    flat = " ".join((docs + readme).split())
    for false in ("для учеников, которые открывают этот компьютер по сети",
                  "for students who reach that computer over the network",
                  "Набор и первые ответы хранятся на его компьютере",
                  "The app keeps the set and the first answers on that computer",
                  "students who reach"):
        assert false not in flat, false
    assert "Each student answers in a copy of the app of their own" in flat
    assert "Каждый ученик решает в своей копии приложения" in flat
    assert "Each student answers in their own copy of the app" in flat   # the README
    from kozel_tutor.app.teacher_texts import TEXT
    every = " ".join(text for texts in TEXT.values() for text in texts.values())
    assert "school-pc" not in every and "ученики достают по сети" not in every
