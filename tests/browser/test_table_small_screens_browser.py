"""The card table on the screens where it was short of room, in a real browser.

A laptop's window (1366x768, 1280x800, 1440x900): a review step's nine rows and its longest
words (what you played, what it cost, why) are all in sight above the panel's buttons, in both
languages, without scrolling the panel.  A small window (800x600): the longest hint, in a box
that scrolls above the partner's cards, shows whole lines only, none cut through.  A phone
(390x844, a touch screen): the toolbar's buttons are at least 40 pixels high (a mouse's keep
their size), the pause panel stands inside the screen, in the middle of the felt, the side
seats' plates hold their words, a hand of nine and the review's "your card" stay inside the
felt's frame, the longest hint is read whole above the partner's cards, and the match's results
show every row, in Russian too, «1 из 2» on one line.

The tests on the shared server that change the app's language put Russian back; the match
played out to its results is played on the table server (it counts in the statistics; the tests
there write their own saved match before each page)."""

from __future__ import annotations

from typing import Any

import pytest

from kozel_tutor.app.texts import text
from kozel_tutor.cards import Card
from kozel_tutor.i18n import MORE_POINTS

from .conftest import Server, save_match_at_its_end
from .helpers import SUMMARY, open_home, play_deal, put_in_status, start_game, wait_ready
from .test_match_end_review_browser import last_deal_played_out
from .test_table_layout import longest_hint


def _lang(page: Any) -> str:
    """The app's language: its switch offers the other one."""
    return "ru" if page.get_by_test_id("lang").first.get_attribute("lang") == "en" else "en"


def _switch_to(page: Any, lang: str) -> None:
    """The table in ``lang``: the switch pressed if it is not, and its view drawn anew."""
    if _lang(page) == lang:
        return
    page.get_by_test_id("lang").first.click()
    offers = "ru" if lang == "en" else "en"
    page.locator(f"[data-testid=lang][lang='{offers}']").first.wait_for()


def _show_status(page: Any, words: str) -> None:
    """The status line says ``words`` (a one-line text first, so that its box, fitted to the
    felt as its size changes, is fitted to these words), in the frame after."""
    for text_now in ("…", words):
        put_in_status(page, text_now)
        page.wait_for_timeout(150)


# ---- a laptop's window: the review ------------------------------------------------------------

# What the tutor says of a card that gave points away: the app's words for a jack of spades
# that cost 8 points, then why (the tutor's words for such a card, as the review wrote them).
WHY = {"en": "After J♠ the opponents take a trick (25 points) with A♣ seven tricks later: you "
             "end with 91 instead of 99. With best play from here, you win the deal either way "
             "(you write 4).",
       "ru": "После В♠ через семь взяток соперники забирают взятку (25 очков) картой Т♣: у вас "
             "91 вместо 99. Если дальше все играют безошибочно, вы в любом случае выигрываете "
             "раздачу (вы пишете 4)."}


def longest_step_words(lang: str) -> list[str]:
    """A review step's words at their longest for a hand's first card: what you played, what
    it cost, and why."""
    return [text("review_played", lang, card=Card.parse("JS").name_in(lang)),
            text("review_lost", lang, diff=MORE_POINTS(8)), WHY[lang]]


# The step shown made its longest (a hand's worth of rows, nine, and the longest words); then
# where its parts are against its buttons' top, with the panel at its top and scrolled to its
# end: the bottom of its last line of words and of the legend's title, whether it scrolls.
LONGEST_STEP = """lines => {
  const panel = document.querySelector('.kz-panel-review');
  const body = panel.querySelector('[data-testid=review-table] tbody');
  while (body.rows.length < 9) {   // more of the other cards' rows: unmarked, not yours
    const row = body.rows[body.rows.length - 1].cloneNode(true);
    row.className = '';
    row.querySelectorAll('.kz-row-tag').forEach((tag) => tag.remove());
    body.append(row);
  }
  const old = [...panel.querySelectorAll('.kz-panel-line')];
  for (const line of lines) {
    const p = document.createElement('p');
    p.className = 'kz-panel-line';
    p.textContent = line;
    old[0].before(p);
  }
  old.forEach((p) => p.remove());
  return true;
}"""
SEEN_ABOVE_BUTTONS = """() => {
  const panel = document.querySelector('.kz-panel-review');
  const seen = () => {
    const foot = panel.querySelector('.kz-panel-buttons').getBoundingClientRect().top;
    const lines = [...panel.querySelectorAll('.kz-panel-line')];
    const last = lines[lines.length - 1].getBoundingClientRect().bottom;
    const legend = panel.querySelector('.kz-legend-title').getBoundingClientRect().bottom;
    return {last_line: last <= foot + 1, legend: legend <= foot + 1};
  };
  panel.scrollTop = 0;
  const top = seen();
  const scrolls = panel.scrollHeight > panel.clientHeight + 1;
  panel.scrollTop = panel.scrollHeight;
  const end = seen();
  panel.scrollTop = 0;
  return {at_top: top, scrolls, at_end: end};
}"""
# (for a failure's message: the panel's height and its content's, each part's height)
PANEL_PARTS = """() => { const panel = document.querySelector('.kz-panel-review');
  return [panel.clientHeight, panel.scrollHeight, ...[...panel.querySelectorAll(
    '.kz-panel-title, tr, .kz-panel-line, .kz-panel-legend, .kz-panel-buttons')].map((n) =>
    `${n.className || n.tagName}:${Math.round(n.getBoundingClientRect().height)}`)].join(' '); }"""
ALL_SEEN = {"at_top": {"last_line": True, "legend": True}, "scrolls": False,
            "at_end": {"last_line": True, "legend": True}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_review_steps_whole_explanation_is_in_sight_above_its_buttons_on_a_laptop(
        page: Any, voila_server: Any, lang: str) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_home(page, voila_server.url)
    start_game(page)
    play_deal(page)
    page.locator(SUMMARY).get_by_test_id("review").click()
    page.locator(".kz-panel-review [data-testid=review-table]").wait_for()
    try:
        _switch_to(page, lang)
        # every step analysed (no view drawn anew after), the panel come in
        page.locator(".kz-status-progress.kz-hidden").wait_for(state="attached")
        page.wait_for_function("() => !document.querySelector('.kz-panel-review .kz-progress')")
        page.locator(".kz-panel-review [data-testid=review-table]").wait_for()
        page.wait_for_timeout(400)
        page.evaluate(LONGEST_STEP, longest_step_words(lang))
        for width, height in [(1366, 768), (1280, 800), (1440, 900)]:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(200)
            seen = page.evaluate(SEEN_ABOVE_BUTTONS)
            assert seen == ALL_SEEN, (lang, width, height, seen, page.evaluate(PANEL_PARTS))
    finally:
        _switch_to(page, "ru")


# ---- a small window: the hint -------------------------------------------------------------------

# The status line's lines of text against the bottom of what its box shows (a box that scrolls
# shows its text down to its border): how many lines, how many lie across that edge, how many
# below it (to scroll to), and whether its box then takes the Tab.
STATUS_LINES = """() => {
  const status = document.querySelector('[data-testid=status]');
  const box = status.getBoundingClientRect();
  const edge = box.bottom - parseFloat(getComputedStyle(status).borderBottomWidth);
  const range = document.createRange();
  range.selectNodeContents(status);
  const lines = [...range.getClientRects()];
  return {lines: lines.length,
          cut: lines.filter((r) => r.top < edge - 1 && r.bottom > edge + 1).length,
          below: lines.filter((r) => r.top >= edge - 1).length,
          tab: status.tabIndex === 0,
          whole: status.scrollHeight <= status.clientHeight + 1};
}"""


def test_a_long_hint_in_a_small_window_shows_whole_lines_none_cut_through(
        page: Any, voila_server: Any) -> None:
    page.set_viewport_size({"width": 800, "height": 600})
    open_home(page, voila_server.url)
    start_game(page)
    assert wait_ready(page) == "play"
    page.get_by_test_id("hint").click()
    page.locator("[data-testid=status].kz-status-advice").wait_for()
    for lang in ("en", "ru"):
        _show_status(page, longest_hint(lang))
        lines = page.evaluate(STATUS_LINES)
        # five lines at this width, four of them above the partner's cards: the fifth is
        # wholly below the box's edge, to scroll to (the box takes the Tab for the keys)
        assert lines["lines"] >= 5 and not lines["whole"], (lang, lines)
        assert lines["cut"] == 0, f"{lang}: a line of the hint is cut through: {lines}"
        assert lines["below"] >= 1 and lines["tab"], (lang, lines)


# ---- a phone -------------------------------------------------------------------------------------

def _phone_table(phone: Any, url: str) -> None:
    open_home(phone, url)
    start_game(phone)
    assert wait_ready(phone) == "play"


def test_on_a_phone_the_tables_buttons_are_at_least_40_pixels_high(
        phone: Any, page: Any, voila_server: Any) -> None:
    _phone_table(phone, voila_server.url)
    heights = phone.locator(".kz-topbar button").evaluate_all(
        "bs => bs.map(b => [b.dataset.testid, Math.round(b.getBoundingClientRect().height)])")
    assert {testid for testid, _ in heights} >= {"menu", "sound", "lang", "hint", "last-trick"}
    assert all(height >= 40 for _, height in heights), heights
    # a mouse's toolbar keeps its size (the layout tests measure it)
    page.set_viewport_size({"width": 1366, "height": 768})
    _phone_table(page, voila_server.url)
    assert page.get_by_test_id("menu").bounding_box()["height"] < 40


def test_on_a_phone_the_pause_panel_stands_inside_the_screen_in_the_middle_of_the_felt(
        phone: Any, voila_server: Any) -> None:
    _phone_table(phone, voila_server.url)
    phone.get_by_test_id("menu").click()
    phone.get_by_test_id("pause").wait_for()
    phone.wait_for_timeout(200)
    where = phone.evaluate("""() => {
      const r = document.querySelector('[data-testid=pause]').getBoundingClientRect();
      const f = document.querySelector('.kz-felt').getBoundingClientRect();
      return {inside: r.left >= f.left && r.right <= f.right && r.right <= innerWidth,
              off_middle: Math.abs((r.left + r.right) / 2 - (f.left + f.right) / 2)}; }""")
    assert where["inside"] and where["off_middle"] <= 2, where
    phone.get_by_test_id("resume").click()


# Whether each name plate holds its words, and where the learner's hand lies against the
# felt's frame (its wooden edge: 8 pixels inside the felt's box).
PLATES_AND_HAND = """() => {
  const felt = document.querySelector('.kz-felt').getBoundingClientRect();
  const plates = [...document.querySelectorAll('.kz-plate')].filter((plate) => {
    const r = plate.getBoundingClientRect();
    return [...plate.children].some((part) => { const q = part.getBoundingClientRect();
      return q.left < r.left - 1 || q.right > r.right + 1; });
  }).map((plate) => plate.dataset.testid);
  const cards = [...document.querySelectorAll('.kz-seat-S .kz-card')]
    .map((card) => card.getBoundingClientRect());
  return {spilling: plates, cards: cards.length,
          hand_inside: cards[0].left >= felt.left + 8 && cards[cards.length - 1].right
                       <= felt.right - 8};
}"""


def test_on_a_phone_the_plates_hold_their_words_and_a_hand_of_nine_stays_inside_the_frame(
        phone: Any, voila_server: Any) -> None:
    _phone_table(phone, voila_server.url)
    assert phone.evaluate(PLATES_AND_HAND) == {"spilling": [], "cards": 9, "hand_inside": True}


def test_on_a_phone_the_longest_hint_is_read_whole_above_the_partners_cards(
        phone: Any, voila_server: Any) -> None:
    _phone_table(phone, voila_server.url)
    phone.get_by_test_id("hint").click()
    phone.locator("[data-testid=status].kz-status-advice").wait_for()
    for lang in ("ru", "en"):
        _show_status(phone, longest_hint(lang))
        lines = phone.evaluate(STATUS_LINES)
        assert lines["whole"] and lines["cut"] == 0 and lines["below"] == 0, (lang, lines)
        status = phone.get_by_test_id("status").bounding_box()
        north = phone.locator(".kz-seat-N .kz-hand").bounding_box()
        assert status["y"] + status["height"] <= north["y"], f"{lang}: it hides her cards"


# "your card" (the review's tag of the learner's card) over the first and the last card of the
# learner's hand: whether each lies inside the felt's frame.
TAGS_AT_THE_ENDS = """() => {
  const felt = document.querySelector('.kz-felt').getBoundingClientRect();
  const tag = document.querySelector('.kz-seat-S .kz-card-tag');
  const cards = [...document.querySelectorAll('.kz-seat-S .kz-card')];
  return [cards[0], cards[cards.length - 1]].map((card) => {
    const copy = card === tag.parentElement ? tag : card.appendChild(tag.cloneNode(true));
    const r = copy.getBoundingClientRect();
    if (copy !== tag) copy.remove();
    return r.left >= felt.left + 8 && r.right <= felt.right - 8;
  });
}"""


# The match's results: each row of its table, whether it lies above the panel's buttons with the
# panel at its top, and its figure's lines (one: «1 из 2» whole).
RESULT_ROWS = """() => {
  const panel = document.querySelector('[data-testid=results]');
  const foot = panel.querySelector('.kz-panel-buttons').getBoundingClientRect().top;
  return [...panel.querySelectorAll('[data-testid=stats] tr')].map((row) => {
    const figure = row.cells[row.cells.length - 1];
    const range = document.createRange();
    range.selectNodeContents(figure);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    return [row.cells[0].textContent, row.getBoundingClientRect().bottom <= foot + 1, lines];
  });
}"""


def test_on_a_phone_your_card_stays_on_the_felt_and_the_results_show_every_row_in_russian(
        phone: Any, table_server: Server) -> None:
    save_match_at_its_end(table_server, last_deal_played_out())
    phone.goto(table_server.url)
    phone.get_by_test_id("continue").click()
    # the deal that ends the match, reviewed: "your card" over the learner's card, put over
    # the first card of the hand as it was and over the last (the card at either end of it),
    # stays on the felt, inside its frame
    phone.locator(SUMMARY).get_by_test_id("review").click()
    phone.locator(".kz-stage .kz-seat-S .kz-card-tag").wait_for()
    assert phone.evaluate(TAGS_AT_THE_ENDS) == [True, True], "«ваша карта» runs off the felt"
    phone.get_by_test_id("close").click()
    phone.locator(SUMMARY).get_by_test_id("results").click()
    phone.locator("[data-testid=results] [data-testid=stats]").wait_for()
    phone.wait_for_timeout(300)
    rows = phone.evaluate(RESULT_ROWS)
    assert [name for name, _, _ in rows] == [
        "Выиграно партий", "Выиграно раздач", "Очков за карты в среднем за раздачу",
        "Сколько раз были козлами"]
    assert all(seen for _, seen, _ in rows), f"a row under the buttons: {rows}"
    assert all(lines == 1 for _, _, lines in rows), f"a figure over two lines: {rows}"

