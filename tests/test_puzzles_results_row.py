"""The name field and the results files sit under a teacher's set only, and say what they are
for; a set of the catalogue is the learner's own practice, with neither.

A learner alone met "Type your name to download your results." under every puzzle of the
Beginner path, with no word of who the results were for.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.store import Store
from kozel_tutor.puzzles.model import PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.student_sets import first_answers
from kozel_tutor.puzzles.teacher import set_to_param

PY = "python"
SETS = {s.id: s for s in load_catalogue()}


def _open_tile(view: PuzzlesView, set_id: str) -> None:
    tile = next(t for t in view.panel.view["tiles"] if t["id"] == f"set:{set_id}")
    assert view.panel.receive({"type": "button", "id": tile["id"]})


def _teachers_set() -> PuzzleSet:
    puzzles = SETS["beginner-path"].puzzles[:2]
    return PuzzleSet("homework-names", Text("Домашка", "Homework"), puzzles=puzzles)


def test_a_catalogue_set_asks_for_no_name_and_offers_no_results_files(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = PuzzlesView("en", store, lambda: None, backend=PY)
    _open_tile(view, "beginner-path")
    assert view.screen == "puzzle" and view.widget is not None
    assert view.results not in view.children
    assert view.sheet is None and view.downloads.value == ""
    # the answer still counts in the learner's own progress, and the set goes on from it
    card = view.widget.view["legal"][0]
    assert view.widget.receive({"type": "play", "card": card})
    assert view.results not in view.children
    answers = first_answers(view.progress)["beginner-path"]
    assert [a.card.token for a in answers.values()] == [card]
    view.set_lang("ru")
    assert view.results not in view.children


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "To send your answers to your teacher, type your name: your results files then "
           "appear here."),
    ("ru", "Чтобы отправить ответы учителю, впишите своё имя: здесь появятся файлы "
           "результатов.")])
def test_a_teachers_set_says_the_name_is_for_sending_the_answers(
        tmp_path: Path, lang: str, words: str) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = PuzzlesView(lang, store, lambda: None, backend=PY,
                       query=f"set={set_to_param(_teachers_set())}")
    assert view.screen == "puzzle"
    # right under the bar, above the puzzle: a student sees it from the first puzzle on
    assert view.children.index(view.results) == view.children.index(view.bar) + 1
    assert words in view.downloads.value


def test_the_results_csv_is_written_for_the_learners_excel(tmp_path: Path) -> None:
    """In Russian the student's CSV is the gradebook's: semicolons (Russian Excel reads commas
    as one column); switching to English writes it with commas."""
    import base64
    import re

    store = Store(tmp_path / "progress.sqlite3")
    view = PuzzlesView("ru", store, lambda: None, backend=PY,
                       query=f"set={set_to_param(_teachers_set())}")
    view.name.value = "Аня"

    def csv_text() -> str:
        found = re.search(r'href="data:text/csv[^,]*,([^"]+)"', view.downloads.value)
        assert found is not None, view.downloads.value
        return base64.b64decode(found.group(1)).decode("utf-8-sig")

    assert ";" in csv_text().splitlines()[0]
    view.set_lang("en")
    assert ";" not in csv_text().splitlines()[0] and "," in csv_text().splitlines()[0]


def test_the_results_links_carry_the_name_as_typed_and_wait_for_the_name_shown(
        tmp_path: Path) -> None:
    """The name reaches Python at every key: each link says which text it was made with (the
    box's, spaces and all), and its click waits for the link made with what the box says."""
    import html
    import re

    from kozel_tutor.app.typed_links import wait_for_typed

    store = Store(tmp_path / "progress.sqlite3")
    view = PuzzlesView("en", store, lambda: None, backend=PY,
                       query=f"set={set_to_param(_teachers_set())}")
    view.name.value = " Anna "
    links = re.findall(r"<a [^>]*>", view.downloads.value)
    assert len(links) == 2
    for link in links:
        assert 'data-name=" Anna "' in link
        script = wait_for_typed(".kz-puzzles-results", ".kz-puzzles-name input", "name")
        assert f'onclick="{html.escape(script)}"' in link
    assert view.sheet is not None and view.sheet.student == "Anna"


def test_a_typed_link_script_takes_plain_selectors_and_names_alone() -> None:
    from kozel_tutor.app.typed_links import wait_for_typed

    for part, box, attr in ((".a", ".b input", "Name"), (".a'", ".b", "name"),
                            (".a", ".b", "data-name")):
        with pytest.raises(ValueError, match="not a plain selector"):
            wait_for_typed(part, box, attr)
