"""A learner completes a lesson in the Voila app: a wrong answer is explained, then retried."""

from __future__ import annotations

import sqlite3
from typing import Any

from kozel_tutor.cards import Card, Suit
from kozel_tutor.lessons import lesson_ids, load_lesson
from kozel_tutor.lessons.checks import check, expected
from kozel_tutor.lessons.model import Task

from .helpers import open_home

LESSON = "04_trick"


def _wait_step(page: Any, index: int, count: int) -> None:
    page.wait_for_function(
        "([i, n]) => { const d = document.querySelectorAll('.kz-lesson-dot');"
        " return d.length === n && d[i].classList.contains('kz-dot-current'); }",
        arg=[index, count])


def test_a_lesson_is_completed_in_the_app_with_one_wrong_card_explained(
        page: Any, voila_server: Any) -> None:
    lesson = load_lesson(LESSON)
    open_home(page, voila_server.url)
    page.get_by_test_id("section-lessons").click()
    page.get_by_test_id(f"lesson-open-{LESSON}").click()
    page.get_by_test_id("lesson-title").wait_for()
    assert page.get_by_test_id("lesson-title").inner_text() == f"4. {lesson.title.ru}"
    wrong_done = False
    for index, step in enumerate(lesson.steps):
        _wait_step(page, index, len(lesson.steps))
        assert page.get_by_test_id("lesson-text").inner_text() == (
            step.prompt.ru if isinstance(step, Task) else step.text.ru)
        if isinstance(step, Task):
            right = expected(step)
            trick = page.locator("[data-testid='lesson-trick'] [data-card]")
            if not wrong_done:
                wrong = next(t for t in trick.evaluate_all("els => els.map(e => e.dataset.card)")
                             if t != right)
                page.locator(f"[data-testid='lesson-trick'] [data-card='{wrong}']").click()
                feedback = page.locator("[data-testid='lesson-feedback'][data-correct='false']")
                feedback.wait_for()
                verdict = check(step, wrong)
                assert not verdict.worked   # the card's own mistake, told at once
                assert feedback.inner_text() == verdict.explanation.ru
                assert verdict.explanation.ru.startswith("Не совсем. ")
                assert page.get_by_test_id("lesson-next").is_disabled()
                # No nudge has shown the hint: it is still there to ask for.
                assert page.get_by_test_id("lesson-hint").is_enabled()
                assert page.get_by_test_id("lesson-hint-text").count() == 0
                wrong_done = True
            page.locator(f"[data-testid='lesson-trick'] [data-card='{right}']").click()
            page.locator("[data-testid='lesson-feedback'][data-correct='true']").wait_for()
        if index < len(lesson.steps) - 1:
            page.get_by_test_id("lesson-next").click()
    stars = page.get_by_test_id("lesson-stars")
    stars.wait_for()
    assert stars.inner_text() == "★★☆"  # one task took a retry
    with sqlite3.connect(voila_server.home / "progress.sqlite3") as conn:
        row = conn.execute("SELECT steps_seen, steps, stars FROM lesson_progress "
                           "WHERE lesson = ?", (LESSON,)).fetchone()
    assert row == (len(lesson.steps), len(lesson.steps), 2)
    assert "с первой попытки и без подсказки" in page.get_by_test_id("lesson-done").inner_text()
    assert page.get_by_test_id("lesson-next").count() == 0   # no dead Next at the end
    following = load_lesson("05_deal")
    on = page.get_by_test_id("lesson-next-lesson")
    assert on.inner_text() == f"Следующий урок: 5. {following.title.ru}"
    on.click()
    page.wait_for_function(
        "t => document.querySelector('[data-testid=lesson-title]').textContent === t",
        arg=f"5. {following.title.ru}")
    _wait_step(page, 0, len(following.steps))
    page.get_by_test_id("lesson-exit").click()
    tile = page.get_by_test_id(f"lesson-open-{LESSON}")
    tile.wait_for()
    assert "★★☆" in tile.inner_text()


# A document-level listener (where JupyterLab's command-mode shortcuts listen) records every
# keydown that bubbles out of the widget; a capture listener keeps every event, to read later
# whether its default action was prevented.
LISTEN = """() => {
    window.kzBubbled = []; window.kzEvents = [];
    document.addEventListener('keydown', e => window.kzBubbled.push(e.key));
    document.addEventListener('keydown', e => window.kzEvents.push(e), true);
}"""
FOCUSED = """sel => { const a = document.activeElement, root = document.querySelector(sel);
    return a && root && a !== root && root.contains(a)
        ? [a.tagName, a.dataset.testid || '', a.getAttribute('role') || ''] : null; }"""


def _open_lesson(page: Any, url: str, lesson: str) -> None:
    open_home(page, url)
    page.get_by_test_id("section-lessons").click()
    page.get_by_test_id(f"lesson-open-{lesson}").click()
    page.get_by_test_id("lesson-title").wait_for()


def _focused(page: Any) -> list[str] | None:
    found = page.evaluate(FOCUSED, ".kz-lesson-root")
    return None if found is None else [str(x) for x in found]


def test_lesson_1_shows_the_seats_and_hides_the_partner_in_the_question(
        page: Any, voila_server: Any) -> None:
    _open_lesson(page, voila_server.url, "01_table")
    plates = page.locator(".kz-lesson-plate")
    assert plates.all_inner_texts() == ["С (партнёр)", "З (соперник слева)",
                                        "В (соперник справа)", "Ю (вы)"]
    assert page.locator("button.kz-lesson-plate").count() == 0   # a picture, not a question
    page.get_by_test_id("lesson-next").click()
    page.get_by_test_id("lesson-seat-N").wait_for()
    page.wait_for_function("() => document.querySelectorAll('button.kz-lesson-plate').length === 4")
    assert sorted(plates.all_inner_texts()) == sorted(["С", "З", "В", "Ю (вы)"])
    assert page.get_by_test_id("lesson-trump").count() == 0


def test_focus_stays_inside_the_lesson_after_next_and_after_a_card_answer(
        page: Any, voila_server: Any) -> None:
    lesson = load_lesson("02_trumps")
    task = lesson.steps[2]
    assert isinstance(task, Task)
    _open_lesson(page, voila_server.url, "02_trumps")
    page.get_by_test_id("lesson-next").focus()
    page.keyboard.press("Enter")
    _wait_step(page, 1, len(lesson.steps))
    assert _focused(page) == ["BUTTON", "lesson-next", ""], "Next is still there: it keeps focus"
    page.keyboard.press("Enter")   # to the task: Next is disabled there
    _wait_step(page, 2, len(lesson.steps))
    page.wait_for_function(f"() => ({FOCUSED})('.kz-lesson-root') !== null")
    tag, testid, role = _focused(page) or ["", "", ""]
    assert (tag, role) == ("DIV", "button") and testid.startswith("lesson-card-"), \
        "the step's first card to pick has the focus"
    right = expected(task)
    wrong = next(t for t in page.locator(".kz-pickable").evaluate_all(
        "els => els.map(e => e.dataset.card)") if t != right)
    page.get_by_test_id(f"lesson-card-{wrong}").focus()
    page.keyboard.press("Enter")
    page.locator("[data-testid='lesson-feedback'][data-correct='false']").wait_for()
    assert _focused(page) == ["DIV", f"lesson-card-{wrong}", "button"], "a retry: the same card"
    page.keyboard.press("Tab")   # a key the lesson does not handle: the browser moves the focus
    page.get_by_test_id(f"lesson-card-{right}").focus()
    page.keyboard.press("Enter")
    page.locator("[data-testid='lesson-feedback'][data-correct='true']").wait_for()
    page.wait_for_function("() => document.activeElement.dataset.testid === 'lesson-next'")
    assert _focused(page) == ["BUTTON", "lesson-next", ""], "solved: on to Next"


def test_a_key_the_lesson_handles_never_leaves_the_widget(page: Any, voila_server: Any) -> None:
    lesson = load_lesson("02_trumps")
    _open_lesson(page, voila_server.url, "02_trumps")
    page.get_by_test_id("lesson-next").click()
    page.get_by_test_id("lesson-next").click()
    _wait_step(page, 2, len(lesson.steps))
    page.evaluate(LISTEN)
    card = page.locator(".kz-pickable").first
    card.focus()
    page.keyboard.press("Tab")     # not the lesson's: passes through untouched
    card.focus()
    page.keyboard.press("Enter")   # the lesson's: answers, and stops there
    page.get_by_test_id("lesson-feedback").wait_for()
    assert page.evaluate("() => window.kzBubbled") == ["Tab"]
    assert page.evaluate("() => window.kzEvents.map(e => [e.key, e.defaultPrevented])") == [
        ["Tab", False], ["Enter", True]]


def test_suit_buttons_cards_and_steps_are_named_in_russian(page: Any, voila_server: Any) -> None:
    called = load_lesson("07_called")
    _open_lesson(page, voila_server.url, "07_called")
    page.get_by_test_id("lesson-next").click()
    _wait_step(page, 1, len(called.steps))
    assert page.get_by_role("img", name=f"Шаг 2 / {len(called.steps)}").count() == 1
    for suit in Suit:
        button = page.get_by_test_id(f"lesson-suit-{suit.letter}")
        assert button.get_attribute("aria-label") == suit.name_in("ru")
        assert page.get_by_role("button", name=suit.name_in("ru"), exact=True).count() == 1
    hand = page.locator(".kz-lesson-seat-S [data-card]")
    named = hand.evaluate_all(
        "els => els.map(e => [e.dataset.card, e.querySelector('desc').textContent])")
    assert named and all(name == Card.parse(token).name_in("ru") for token, name in named)
    first = Card.parse(named[0][0]).name_in("ru")
    assert page.get_by_role("img", name=first, exact=True).count() >= 1

    page.get_by_test_id("lesson-exit").click()
    page.get_by_test_id("lesson-open-02_trumps").click()
    page.get_by_test_id("lesson-next").click()
    page.get_by_test_id("lesson-next").click()
    page.locator(".kz-pickable").first.wait_for()
    for token in page.locator(".kz-pickable").evaluate_all("els => els.map(e => e.dataset.card)"):
        name = Card.parse(token).name_in("ru")   # «дама бубен», not «ДD»
        assert page.get_by_role("button", name=name, exact=True).count() == 1


def test_a_card_led_by_east_lies_on_east_s_side_of_the_trick(page: Any,
                                                           voila_server: Any) -> None:
    """Lesson 3: East led alone; the card is laid right of the middle, level with East's seat,
    not under the partner's label (the trick's empty places keep their room)."""
    open_home(page, voila_server.url)
    page.get_by_test_id("section-lessons").click()
    page.get_by_test_id("lesson-open-03_following").click()
    page.get_by_test_id("lesson-title").wait_for()
    page.get_by_test_id("lesson-next").click()
    led = page.locator("[data-testid='lesson-trick'] [data-card]")
    led.wait_for()
    card, north, east = (page.locator(s).bounding_box() for s in (
        "[data-testid='lesson-trick'] [data-card]", "[data-testid='lesson-seat-N']",
        "[data-testid='lesson-seat-E']"))
    assert card is not None and north is not None and east is not None
    assert card["x"] > north["x"] + north["width"] / 2, (card, north)
    east_middle = east["y"] + east["height"] / 2
    assert card["y"] < east_middle < card["y"] + card["height"], (card, east)


def _finish_in_the_browser(page: Any, lesson_id: str) -> None:
    """Answer every task of the lesson on screen right (a number, or a card) and go on, by the
    keyboard as a learner without a mouse does: the focus on the control, then Enter."""
    lesson = load_lesson(lesson_id)
    for index, step in enumerate(lesson.steps):
        _wait_step(page, index, len(lesson.steps))
        if isinstance(step, Task):
            right = expected(step).split()[0]
            if page.get_by_test_id("lesson-number").count():
                page.get_by_test_id("lesson-number").fill(right)
                page.get_by_test_id("lesson-number").press("Enter")
            else:
                page.get_by_test_id(f"lesson-card-{right}").focus()
                page.keyboard.press("Enter")
            page.locator("[data-testid='lesson-feedback'][data-correct='true']").wait_for()
        if index < len(lesson.steps) - 1:
            page.get_by_test_id("lesson-next").focus()
            page.keyboard.press("Enter")
    page.get_by_test_id("lesson-done").wait_for()


def test_the_last_lesson_ends_with_buttons_to_a_match_and_the_puzzles(
        page: Any, voila_server: Any) -> None:
    """The end of lesson 15 leads on: a match and the puzzles, the first buttons of its end, the
    focus on the match (Enter goes on, not back to the lesson's start); the words do not call
    the course done while other lessons are open (here every other one)."""
    last = lesson_ids()[-1]
    _open_lesson(page, voila_server.url, last)
    play = page.get_by_test_id("lesson-way-play")
    puzzles = page.get_by_test_id("lesson-way-puzzles")
    assert play.count() == puzzles.count() == 0   # not before the lesson is finished
    _finish_in_the_browser(page, last)
    play.wait_for()
    assert [play.inner_text(), puzzles.inner_text()] == ["Сыграть партию", "Решать задачи"]
    done = page.get_by_test_id("lesson-done").inner_text()
    assert "правила вы теперь знаете" not in done and "остались уроки 1–14" in done
    page.wait_for_function("() => document.activeElement?.dataset.testid === 'lesson-way-play'")
    order = ["lesson-way-puzzles", "lesson-exit", "lesson-restart", "lesson-back"]
    for testid in order:   # the way forward first, then the list, this lesson again, Back
        page.keyboard.press("Tab")
        assert _focused(page) == ["BUTTON", testid, ""], testid
    boxes = [page.get_by_test_id(t).bounding_box() for t in ("lesson-way-play", "lesson-back")]
    assert boxes[0] is not None and boxes[1] is not None and boxes[0]["y"] < boxes[1]["y"]
    puzzles.focus()
    page.keyboard.press("Enter")
    page.get_by_test_id("puzzles-set-beginner-path").wait_for()


def test_enter_at_the_end_of_the_last_lesson_opens_a_match_not_the_lesson_again(
        page: Any, voila_server: Any) -> None:
    last = lesson_ids()[-1]
    _open_lesson(page, voila_server.url, last)
    _finish_in_the_browser(page, last)
    page.wait_for_function("() => document.activeElement?.dataset.testid === 'lesson-way-play'")
    page.keyboard.press("Enter")
    page.get_by_test_id("play").wait_for()   # the match's settings, with their Play button
    assert page.get_by_test_id("lesson-title").count() == 0

