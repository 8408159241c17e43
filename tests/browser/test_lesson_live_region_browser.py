"""What a screen reader hears in a lesson: one live region, never redrawn, says the new step, the
hint and the verdict; the answer controls are described by the question; the seats that answer
a question are named in full («Север, С»)."""

from __future__ import annotations

from typing import Any

from kozel_tutor.lessons import load_lesson
from kozel_tutor.lessons.checks import expected
from kozel_tutor.lessons.model import Task
from kozel_tutor.lessons.phrases import mid_sentence

from .helpers import open_home

SPOKEN = "[data-testid='lesson-spoken']"
LAST_SAID = f"() => document.querySelector(\"{SPOKEN}\")?.lastElementChild?.textContent ?? ''"
# the question a focused control is described by (its aria-describedby), or null
DESCRIPTION = """() => { const ids = document.activeElement.getAttribute('aria-describedby');
    return ids ? ids.split(' ').map(id => document.getElementById(id).textContent).join(' ')
               : null; }"""


def _open_lesson(page: Any, url: str, lesson: str) -> None:
    open_home(page, url)
    page.get_by_test_id("section-lessons").click()
    page.get_by_test_id(f"lesson-open-{lesson}").click()
    page.get_by_test_id("lesson-title").wait_for()


def _wait_said(page: Any, words: str) -> None:
    """Wait until the live region's newest line is ``words``."""
    try:
        page.wait_for_function(f"w => ({LAST_SAID})() === w", arg=words, timeout=10_000)
    except Exception:
        raise AssertionError(f"the live region says {page.evaluate(LAST_SAID)!r}, "
                             f"not {words!r}") from None


def _mark_last_line(page: Any) -> None:
    page.evaluate(f"() => {{ window.kzLastLine = document.querySelector(\"{SPOKEN}\")"
                  ".lastElementChild; }")


def _wait_new_line(page: Any) -> None:
    page.wait_for_function(f"() => document.querySelector(\"{SPOKEN}\").lastElementChild "
                           "!== window.kzLastLine")


def _task(lesson_id: str, index: int) -> Task:
    step = load_lesson(lesson_id).steps[index]
    assert isinstance(step, Task)
    return step


def _wait_focus_on_answer(page: Any) -> None:
    page.wait_for_function("() => document.activeElement?.getAttribute('aria-describedby')")


def test_the_live_region_says_the_step_after_next_the_hint_and_each_verdict(
        page: Any, voila_server: Any) -> None:
    lesson = load_lesson("01_table")
    count = len(lesson.steps)
    task = _task("01_table", 1)
    _open_lesson(page, voila_server.url, "01_table")
    _wait_said(page, f"1. {lesson.title.ru}. Шаг 1 из {count}. {lesson.steps[0].text.ru}")
    page.evaluate(f"() => {{ window.kzSpoken = document.querySelector(\"{SPOKEN}\"); }}")

    page.get_by_test_id("lesson-next").focus()
    page.keyboard.press("Enter")
    # the focus lands on a seat, read with its full name and the question, so the live region
    # says only the step's number: the question is not read twice
    _wait_said(page, f"Шаг 2 из {count}.")
    assert task.prompt.ru == "Кто ваш партнёр? Нажмите на его место."
    _wait_focus_on_answer(page)
    assert page.evaluate(DESCRIPTION) == task.prompt.ru
    for letter, name in (("N", "Север, С"), ("W", "Запад, З"), ("E", "Восток, В"),
                         ("S", "Юг, Ю (вы)")):
        seat = page.get_by_role("button", name=name, exact=True)
        assert seat.count() == 1 and seat.get_attribute("data-testid") == f"lesson-seat-{letter}"
        assert seat.inner_text() in name   # the name holds the label on the button

    page.get_by_test_id("lesson-hint").focus()
    page.keyboard.press("Enter")
    # said after «Подсказка:» in lower case; in its own box, as written
    _wait_said(page, f"Подсказка: {mid_sentence(task.hint).ru}")
    assert page.get_by_test_id("lesson-hint-text").inner_text() == task.hint.ru

    right = expected(task)
    wrong = next(letter for letter in "WE" if letter != right)
    for _ in range(2):   # the same verdict twice is said twice: a new line each time
        _mark_last_line(page)
        page.get_by_test_id(f"lesson-seat-{wrong}").click()
        _wait_new_line(page)
        _wait_said(page, page.get_by_test_id("lesson-feedback").inner_text())
    _mark_last_line(page)
    page.get_by_test_id(f"lesson-seat-{right}").click()
    page.locator("[data-testid='lesson-feedback'][data-correct='true']").wait_for()
    _wait_new_line(page)
    _wait_said(page, page.get_by_test_id("lesson-feedback").inner_text())

    # one region all along: never redrawn, and the verdict box is no second live region
    assert page.evaluate(f"() => window.kzSpoken === document.querySelector(\"{SPOKEN}\")")
    assert page.locator(".kz-lesson-root [aria-live]").count() == 1
    assert page.get_by_test_id("lesson-feedback").get_attribute("role") is None


def test_a_number_box_and_the_cards_to_pick_are_described_by_the_question(
        page: Any, voila_server: Any) -> None:
    lesson = load_lesson("01_table")
    _open_lesson(page, voila_server.url, "01_table")
    page.get_by_test_id("lesson-next").click()
    # the seat's button, not the plate of the same name the explanation drew
    page.locator(f"button[data-testid='lesson-seat-{expected(_task('01_table', 1))}']").click()
    page.locator("[data-testid='lesson-feedback'][data-correct='true']").wait_for()
    page.get_by_test_id("lesson-next").click()
    page.get_by_test_id("lesson-next").click()
    number = _task("01_table", 3)
    _wait_said(page, f"Шаг 4 из {len(lesson.steps)}.")   # the focus is in the box it describes
    box = page.get_by_test_id("lesson-number")
    box.focus()
    assert page.evaluate(DESCRIPTION) == number.prompt.ru

    # lesson 2 in English: the language switch says the step again, in English
    page.get_by_test_id("lesson-exit").click()
    page.get_by_test_id("lesson-open-02_trumps").click()
    trumps = load_lesson("02_trumps")
    card_task = _task("02_trumps", 2)
    _wait_said(page, f"2. {trumps.title.ru}. Шаг 1 из {len(trumps.steps)}. "
               f"{trumps.steps[0].text.ru}")
    page.get_by_test_id("lesson-lang").click()
    try:
        _wait_said(page, f"2. {trumps.title.en}. Step 1 of {len(trumps.steps)}. "
                   f"{trumps.steps[0].text.en}")
        page.get_by_test_id("lesson-next").focus()
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        _wait_said(page, f"Step 3 of {len(trumps.steps)}.")   # the question: with the card
        _wait_focus_on_answer(page)
        assert page.evaluate("() => document.activeElement.getAttribute('role')") == "button"
        assert page.evaluate(DESCRIPTION) == card_task.prompt.en
        assert page.locator(SPOKEN).get_attribute("lang") is None   # its lines carry theirs
        assert page.evaluate(
            f"() => document.querySelector(\"{SPOKEN}\").lastElementChild.lang") == "en"
    finally:
        # the lesson's switch is the app's (remembered in the server's progress file): back to
        # Russian, which the other tests on this server expect
        page.get_by_test_id("lesson-lang").click()
        _wait_said(page, f"2. {trumps.title.ru}. Шаг 3 из {len(trumps.steps)}. "
                   f"{card_task.prompt.ru}")
