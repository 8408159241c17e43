"""The Teacher page's headings make an outline a screen reader can list: the header's title is
the page's ``h1``, each numbered part an ``h2`` and a part of one (your own position, the
results files loaded) an ``h3``, drawn as the parts and sub-parts were before."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest

from kozel_tutor.app.teacher_texts import t
from kozel_tutor.app.teacher_view import TeacherView

HEADING = re.compile(r"<h([1-6])\b([^>]*)>(.*?)</h\1>", re.S)


def headings(widget: Any) -> Iterator[tuple[int, str, str]]:
    """``(level, words, attributes)`` of every heading in the page's HTML, top to bottom."""
    value = getattr(widget, "value", None)
    if isinstance(value, str):
        for level, attributes, words in HEADING.findall(value):
            yield int(level), html.unescape(re.sub(r"<[^>]+>", "", words)), attributes
    for child in getattr(widget, "children", ()):
        yield from headings(child)


def teacher_page(lang: str) -> TeacherView:
    view = TeacherView(lang, backend="python")
    view.add_results([("bad.json", b'{"format": "something else"}')])   # a file listed
    return view


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_teacher_pages_parts_are_h2_and_their_parts_h3(lang: str) -> None:
    levels = {words: level for level, words, _ in headings(teacher_page(lang))}
    assert [levels[t(key, lang)] for key in ("build", "share", "grade")] == [2, 2, 2]
    assert [levels[t(key, lang)] for key in ("own", "files_heading")] == [3, 3]


def test_the_headings_look_as_the_parts_and_sub_parts_did() -> None:
    """A part's title stays green at 17 px (as ``.kz-page h3`` drew it), a sub-part's title
    the page's ink at 15 px (``.kz-page h4``)."""
    styles = {words: attributes for _, words, attributes in headings(teacher_page("en"))}
    assert styles["1. Build a set"] == ' style="font-size:17px;margin:14px 0 2px;color:#1f6b4a"'
    assert styles["Files loaded"] == ' style="font-size:15px;margin:12px 0 2px;color:inherit"'


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_previewed_puzzles_title_is_an_h3_under_its_part(lang: str) -> None:
    from kozel_tutor.app.teacher_preview import preview_html
    from kozel_tutor.puzzles.model import load_catalogue

    puzzle = load_catalogue()[0].puzzles[0]
    found = [(level, words) for level, _, words in HEADING.findall(preview_html(puzzle, lang))]
    assert [(int(level), html.unescape(words)) for level, words in found] == [
        (3, puzzle.title.get(lang))]
