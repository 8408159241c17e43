"""A hand of cards for the keyboard and a screen reader, in a real browser, the same at the
table, in a puzzle and in a lesson: the arrow keys (and Home, End) go over every card of the
hand in order; a card that cannot be played now is reached too and says so (aria-disabled), and
Enter on it plays nothing.  And on the same screens: each "?" of the settings has a name of its
own, a deal's result is read once (by the live region, not again as its dialog's description),
a number refused in a lesson sends the focus back into its box, and the dealer's chip makes no
plate taller (North dealing, the table still fits a 1024x576 window)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.lessons import load_lesson
from kozel_tutor.lessons.model import Task
from kozel_tutor.puzzles.model import Puzzle, PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import set_to_param
from kozel_tutor.seats import Seat

from .helpers import LISTEN, PLAYABLE, SUMMARY, hand, open_home, play_deal, start_game, wait_ready
from .test_table_reach import SCROLLED

TABLE = ".kz-table-root"
FOCUSED = "() => document.activeElement?.dataset.testid ?? ''"
CHOSEN = f"() => document.querySelector('{TABLE}').getAttribute('aria-activedescendant')"
# the card the table's keys have chosen: its token and whether it says it cannot be played
CHOSEN_CARD = f"""() => {{ const id = ({CHOSEN})();
  const card = id && document.getElementById(id);
  return card ? [card.dataset.card, card.getAttribute('aria-disabled') === 'true'] : null; }}"""


def _press(page: Any, key: str) -> tuple[str, bool]:
    """Press ``key`` at the table; the card then chosen, and whether it is said not playable."""
    before = page.evaluate(CHOSEN)
    page.keyboard.press(key)
    page.wait_for_function(f"b => ({CHOSEN})() !== b", arg=before)
    token, disabled = page.evaluate(CHOSEN_CARD)
    return str(token), bool(disabled)


def _to_a_turn_with_a_card_not_to_play(page: Any) -> None:
    """Play the first playable card until the learner's turn leaves some card not playable."""
    while wait_ready(page) == "play":
        page.locator(PLAYABLE).first.wait_for()
        if page.locator(".kz-seat-S [aria-disabled=true]").count():
            return
        card = page.locator(PLAYABLE).first
        token = card.get_attribute("data-card")
        card.click()
        page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")
    pytest.fail("the deal ended before a turn with a card that may not be played")


def test_the_tables_arrows_go_over_every_card_and_one_not_to_play_says_so_and_why(
        page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    start_game(page)
    _to_a_turn_with_a_card_not_to_play(page)
    cards = hand(page)
    playable = page.locator(PLAYABLE).evaluate_all("els => els.map(e => e.dataset.card)")
    page.locator(TABLE).focus()
    assert _press(page, "ArrowRight") == (playable[0], False), "first, a card that may be played"
    walked = [_press(page, "Home")] if cards[0] != playable[0] else [(cards[0], False)]
    for _ in cards[1:]:
        walked.append(_press(page, "ArrowRight"))
    assert [token for token, _ in walked] == cards, "every card, in the hand's order"
    disabled = [token for token, off in walked if off]
    assert disabled and sorted(disabled) == sorted(set(cards) - set(playable))
    assert _press(page, "ArrowRight")[0] == cards[0], "round from the last to the first"
    assert _press(page, "End")[0] == cards[-1]
    assert _press(page, "ArrowLeft")[0] == cards[-2]

    # Enter on a card not to play: it stays in the hand; the status line says why, and the
    # cards not to play are described by it
    while page.evaluate(CHOSEN_CARD)[0] != disabled[0]:
        _press(page, "ArrowRight")
    page.keyboard.press("Enter")
    page.locator(".kz-status-error").wait_for()
    assert hand(page) == cards
    card = page.locator(f".kz-seat-S [data-card='{disabled[0]}']")
    page.wait_for_function("id => document.querySelector(`.kz-seat-S [data-card='${id}']`)"
                           ".getAttribute('aria-describedby')", arg=disabled[0])
    reason = page.locator(f"[id='{card.get_attribute('aria-describedby')}']")
    assert reason.get_attribute("data-testid") == "status" and reason.inner_text()


def test_a_deals_result_is_read_once_by_the_live_region_not_as_a_description(
        page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    start_game(page)
    page.evaluate(LISTEN)
    play_deal(page)
    dialog = page.locator(SUMMARY)
    title = page.locator(f"{SUMMARY} .kz-panel-title").inner_text()
    lines = page.locator(f"{SUMMARY} .kz-panel-line").all_inner_texts()
    page.wait_for_function("t => window.kzHeard.some(s => s.includes(t))", arg=lines[0])
    heard = " ".join(page.evaluate("() => window.kzHeard"))
    assert heard.count(title) == 1 and f"{title}. {lines[0]}" in heard, "said as it opens"
    assert dialog.get_attribute("aria-describedby") is None, "and not read again"
    assert dialog.get_attribute("aria-labelledby"), "its title still names it"


def test_each_settings_question_mark_is_named_with_its_group(page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    page.get_by_test_id("open-play").click()
    page.get_by_test_id("settings").wait_for()
    named = page.locator("[role=radiogroup]").evaluate_all("""groups => groups
        .filter(g => g.querySelector('.kz-group-more'))
        .map(g => [g.querySelector('.kz-group-label').textContent,
                   g.querySelector('.kz-group-more').getAttribute('aria-label')])""")
    assert len(named) >= 3
    for group, name in named:
        assert name == f"Что значит каждый вариант: {group}"
    assert len({name for _, name in named}) == len(named)


def _with_cards_not_to_play(set_id: str) -> PuzzleSet:
    """A three-card ending whose learner cannot play every card of the hand (follows suit)."""
    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}

    def held_back(p: Puzzle) -> bool:
        state = p.position.to_state()
        return len(state.legal_plays()) < len(state.hand(state.to_move))

    endings = sorted((p for p in unique.values() if p.cards == 3 and p.variant == "standard"
                      and held_back(p)), key=lambda p: (p.rating, p.id))
    return PuzzleSet(set_id, Text("Проверка", "Check"), puzzles=(endings[0],))


def test_a_puzzles_arrows_go_over_every_card_and_one_not_to_play_plays_nothing(
        page: Any, voila_server: Any) -> None:
    page.goto(f"{voila_server.url}?set={set_to_param(_with_cards_not_to_play('keys-hand'))}")
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    page.wait_for_function(f"() => ({FOCUSED})().startsWith('puzzle-card-')")
    hand_s = page.get_by_test_id("puzzle-hand-S").locator("[data-card]")
    cards = hand_s.evaluate_all("els => els.map(e => e.dataset.card)")
    page.keyboard.press("Home")
    seen = []
    for i in range(len(cards)):
        if i:
            page.keyboard.press("ArrowRight")
        page.wait_for_function("t => document.activeElement?.dataset.card === t", arg=cards[i])
        seen.append(page.evaluate("() => [document.activeElement.dataset.testid,"
                                  " document.activeElement.getAttribute('aria-disabled')]"))
    off = [testid for testid, disabled in seen if disabled == "true"]
    assert off and all(t.startswith("puzzle-unplayable-") for t in off), seen
    assert all(t.startswith("puzzle-card-") for t, d in seen if d != "true"), seen
    # Enter (and Space) on a card not to play: no answer, the focus stays on it
    unplayable = off[0]
    page.get_by_test_id(unplayable).focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    page.wait_for_timeout(500)
    assert page.locator(".kz-puzzle-root").get_attribute("data-phase") == "solve"
    assert page.evaluate(FOCUSED) == unplayable
    page.keyboard.press("End")
    page.wait_for_function("t => document.activeElement?.dataset.card === t", arg=cards[-1])
    page.keyboard.press("ArrowRight")
    page.wait_for_function("t => document.activeElement?.dataset.card === t", arg=cards[0])


def _open_lesson_at(page: Any, url: str, lesson: str, step: int) -> None:
    open_home(page, url)
    page.get_by_test_id("section-lessons").click()
    page.get_by_test_id(f"lesson-open-{lesson}").click()
    page.get_by_test_id("lesson-title").wait_for()
    for _ in range(step):
        page.get_by_test_id("lesson-next").click()
    count = len(load_lesson(lesson).steps)
    page.wait_for_function("t => document.querySelector('.kz-lesson-dots')"
                           ".getAttribute('aria-label').endsWith(t)", arg=f" {step + 1} / {count}")


def test_a_lessons_hand_to_pick_from_is_walked_with_the_arrows(page: Any,
                                                               voila_server: Any) -> None:
    lesson = load_lesson("03_following")
    assert isinstance(lesson.steps[1], Task)   # which of your cards may you play?
    _open_lesson_at(page, voila_server.url, "03_following", 1)
    cards = page.locator(".kz-lesson-seat-S [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    assert len(cards) > 2
    page.get_by_test_id(f"lesson-card-{cards[0]}").focus()
    for token in [*cards[1:], cards[0]]:
        page.keyboard.press("ArrowRight")
        page.wait_for_function("t => document.activeElement?.dataset.card === t", arg=token)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("t => document.activeElement?.dataset.card === t", arg=cards[-1])
    page.keyboard.press("Home")
    page.wait_for_function("t => document.activeElement?.dataset.card === t", arg=cards[0])
    page.keyboard.press("End")
    page.wait_for_function("t => document.activeElement?.dataset.card === t", arg=cards[-1])
    assert page.locator("[data-testid='lesson-feedback']").count() == 0, "the arrows answer nothing"


def test_a_number_refused_in_a_lesson_sends_the_focus_back_into_its_box(
        page: Any, voila_server: Any) -> None:
    _open_lesson_at(page, voila_server.url, "06_match", 1)   # points written: a number
    box = page.get_by_test_id("lesson-number")
    box.fill("2.5")
    page.get_by_test_id("lesson-check").focus()
    page.keyboard.press("Enter")
    page.get_by_test_id("lesson-number-refused").wait_for()
    page.wait_for_function(f"() => ({FOCUSED})() === 'lesson-number'")
    assert box.input_value() == "2.5"


def test_the_dealers_chip_makes_no_plate_taller_and_the_table_fits_when_north_deals(
        page: Any, voila_server: Any) -> None:
    session = MatchSession(Settings(level="random"), rng=random.Random(3), first_dealer=Seat.N)
    Store(Path(voila_server.home) / DB_NAME).save_match(session.to_json())
    page.set_viewport_size({"width": 1024, "height": 576})
    page.goto(voila_server.url)
    page.get_by_test_id("continue").click()
    page.locator(".kz-seat-N [data-testid=dealer]").wait_for()
    heights = page.locator(".kz-plate").evaluate_all(
        "els => els.map(e => Math.round(e.getBoundingClientRect().height))")
    assert len(set(heights)) == 1, f"the plates' heights: {heights}"
    assert page.evaluate(SCROLLED) == [], "the whole table in the window"
