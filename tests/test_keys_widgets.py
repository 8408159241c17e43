"""What the widgets' keyboard and screen-reader code reads from Python, and the one copy of it:
the lesson widget says outright that the number just typed was refused (no comparing words in
the browser); the table leaves undescribed exactly the result panels its live region reads out;
the hand's arrow keys, the not-playable mark and the "shown one way, read another" markup are
one helper each, used by every widget that needs them."""

from __future__ import annotations

import re

from kozel_tutor.app.table_access import RESULT_PANELS, SPOKEN_PANELS
from kozel_tutor.lessons import LessonPlayer
from kozel_tutor.lessons.checks import expected
from kozel_tutor.lessons.model import Task
from kozel_tutor.widgets._assets import asset, esm
from kozel_tutor.widgets.lesson import LessonWidget


def _at_step(lesson: str, index: int) -> LessonPlayer:
    player = LessonPlayer(lesson, lang="ru", progress=None)
    while player.index < index:
        if isinstance(player.step, Task) and player.task_state and not player.task_state.solved:
            player.answer(expected(player.step).split()[0])
        player.next()
    return player


def test_the_lesson_widget_says_which_words_refused_the_number_just_typed() -> None:
    widget = LessonWidget(_at_step("01_table", 3))   # «Сколько в них очков вместе?» (30)
    assert widget.refused_at == 0
    assert widget.trait_metadata("refused_at", "sync"), "the browser reads it"
    widget.receive({"type": "answer", "value": "2.5"})
    first = widget.view["spoken"]["count"]
    assert widget.refused_at == first
    widget.receive({"type": "hint"})                  # other words: no refusal
    assert widget.view["spoken"]["count"] > first and widget.refused_at == first
    widget.receive({"type": "answer", "value": "2.5"})   # the same typed again: refused again
    again = widget.view["spoken"]["count"]
    assert again > first and widget.refused_at == again
    widget.receive({"type": "answer", "value": "31"})    # a whole number, judged: not refused
    assert widget.view["feedback"] is not None and widget.refused_at == again


def test_the_lesson_widget_reads_the_refusal_and_compares_no_words() -> None:
    code = asset("lesson.js")
    assert 'model.on("change:refused_at"' in code
    assert "spoken.text ===" not in code and "refused.text ===" not in code


def test_the_panels_the_table_leaves_to_the_live_region_are_those_python_speaks() -> None:
    code = asset("table.js")
    results = re.search(r"const RESULTS = \[([^\]]*)\];", code)
    read_out = re.search(r"const READ_OUT = \[\.\.\.RESULTS, ([^\]]*)\];", code)
    assert results is not None and read_out is not None
    assert tuple(re.findall(r'"([a-z-]+)"', results.group(1))) == RESULT_PANELS
    spoken = RESULT_PANELS + tuple(re.findall(r'"([a-z-]+)"', read_out.group(1)))
    assert spoken == SPOKEN_PANELS
    assert code.count('"summary", "results"') == 1, "one copy of the result panels"


def test_each_keyboard_helper_is_written_once_and_used_by_every_hand() -> None:
    helpers = asset("dom.js")
    for name in ("rowStep", "notPlayable", "handCard", "handKeys"):
        assert helpers.count(f"function {name}(") == 1
    table, puzzle, lesson = asset("table.js"), asset("puzzle.js"), asset("lesson.js")
    assert "rowStep(" in table and "notPlayable(" in table
    for widget in (puzzle, lesson):
        assert "handCard(" in widget and "handKeys(" in widget
        assert '"Enter" || e.key === " "' not in widget, "no copy of the card's keys"
    assert "stepSelection" not in table, "the table's own arrow keys (skipping cards) are gone"
    # the badge and the review's cell: one helper for what is shown one way and read another
    assert table.count('setAttribute("aria-hidden", "true")') == 1


def test_the_live_region_says_several_lines_each_in_its_language() -> None:
    code = esm("table.js")
    assert "spoken.tell(count, unheard)" in code
    assert "Array.isArray(words)" in code   # tell takes the lines to say, in order
