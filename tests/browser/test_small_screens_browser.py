"""The app on small screens and under a finger: a phone (390x844, a touch screen, the page's CSS
pixels twice as dense) and a laptop's small window (800x600).

On a phone the section pages built from widgets (My progress, the puzzles' statistics, the
teacher's screen) are no wider than the window in either language: their text wraps, their
header's buttons go under the title and a wide table scrolls in a box of its own; so does the
table of a puzzle's answers.  The seats' names of a lesson's table stay inside the felt, clear
of each other, of the trumps and of the verdict; the meanings under an option group's "?" do not
run into their terms; a puzzle tile's title keeps its words whole; the teacher's screen and the
statistics have no scroll bar of a few pixels on a laptop; and a finger has 40 pixels to press.

The screens with a learner's record (a table of matches, the statistics of a puzzle answered)
are looked at on the record server (conftest.record_server: its progress file filled before it
starts); the others on the shared one, whose language is put back as it was."""

from __future__ import annotations

from typing import Any

import pytest

from kozel_tutor.lessons import load_lesson
from kozel_tutor.lessons.checks import answer_kind, expected
from kozel_tutor.lessons.model import Task

from .conftest import Server
from .helpers import open_home

# What of a screen sticks out of the window: every element inside ``root`` whose box is not
# between the window's edges, unless it is inside a box of the screen that scrolls sideways on
# its own (a wide table; that box itself must be in the window); and the screen itself, if it
# scrolls sideways as a whole.
OUTSIDE = """root => {
  const page = document.querySelector(root);
  const width = window.innerWidth;
  const out = [];
  if (page.scrollWidth > page.clientWidth + 1)
    out.push(`the screen scrolls sideways: ${page.scrollWidth} > ${page.clientWidth}`);
  const inBox = node => {
    for (let box = node.parentElement; box && box !== page; box = box.parentElement) {
      const x = getComputedStyle(box).overflowX;
      if (x === 'auto' || x === 'scroll') return true;
    }
    return false;
  };
  for (const node of page.querySelectorAll('*')) {
    if (node.closest('.kz-sr-only, option')) continue;
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(node).visibility === 'hidden') continue;
    if (inBox(node)) continue;
    if (r.left < -1 || r.right > width + 1)
      out.push(`${node.tagName}.${String(node.className).slice(0, 40)} ` +
               `«${(node.innerText || '').slice(0, 30)}» ` +
               `${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  return out.slice(0, 12);
}"""
# the header's buttons (the way back, the language switch): left and right edges
TOOLS = """root => [...document.querySelectorAll(`${root} .kz-panel-tools .kz-btn`)].map(b => {
  const r = b.getBoundingClientRect();
  return [b.innerText, Math.round(r.left), Math.round(r.right)];
})"""
# a tile's title whose word is split over two lines (the word's box on two lines)
SPLIT_WORDS = """() => [...document.querySelectorAll('.kz-tile .kz-btn-label')].flatMap(label => {
  const text = label.firstChild;
  return [...text.textContent.matchAll(/\\S+/g)].filter(word => {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;
  }).map(word => `${text.textContent}: ${word[0]}`);
})"""
# each shown term of an option group's "?" and what its meaning's box does to it: [term, the
# term's words overlap the meaning, the term's words overflow their box]
TERMS = """() => [...document.querySelectorAll('.kz-group-notes:not([hidden]) dt')].map(term => {
  const words = document.createRange();
  words.selectNodeContents(term);
  const t = words.getBoundingClientRect();
  const m = term.nextElementSibling.getBoundingClientRect();
  const overlap = Math.min(t.right, m.right) - Math.max(t.left, m.left) > 0.5
      && Math.min(t.bottom, m.bottom) - Math.max(t.top, m.top) > 0.5;
  return [term.textContent, overlap, t.right > term.getBoundingClientRect().right + 0.5];
})"""
# the gap between a term's words and its meaning: beside it (px to its left) or under it
GAPS = """() => [...document.querySelectorAll('.kz-group-notes:not([hidden]) dt')].map(term => {
  const words = document.createRange();
  words.selectNodeContents(term);
  const t = words.getBoundingClientRect();
  const m = term.nextElementSibling.getBoundingClientRect();
  return m.top >= t.bottom - 0.5 ? 99 : Math.round(m.left - t.right);
})"""
# the cells of a puzzle's table of answers that are neither in the window nor in a table that
# scrolls sideways in its own box
CUT_CELLS = """() => {
  const table = document.querySelector("[data-testid='puzzle-values']");
  const width = window.innerWidth;
  const x = getComputedStyle(table).overflowX;
  const box = table.getBoundingClientRect();
  const scrolls = (x === 'auto' || x === 'scroll') && box.left >= -1 && box.right <= width + 1;
  return scrolls ? [] : [...table.querySelectorAll('th, td')]
    .filter(c => c.getBoundingClientRect().right > width + 1)
    .map(c => `${c.innerText.slice(0, 30)} ${Math.round(c.getBoundingClientRect().right)}`);
}"""
# the boxes of a lesson's table (the seats' names, the trumps, the cards) and the verdict:
# those that leave the felt (inside its 5 px wooden rim) or lie over another one
LESSON_CLASHES = """() => {
  const felt = document.querySelector('.kz-lesson-scene').getBoundingClientRect();
  const named = sel => [...document.querySelectorAll(sel)].map(n => [
      (n.getAttribute('aria-label') || n.innerText).replace(/\\n/g, ' '),
      n.getBoundingClientRect()]);
  const inside = [...named('.kz-lesson-plate'), ...named('.kz-lesson-scene .kz-badge-trump')];
  const cards = named('.kz-lesson-scene .kz-card');
  const verdict = named("[data-testid='lesson-feedback']");
  const out = [];
  for (const [name, r] of inside)
    if (r.left < felt.left + 4.5 || r.right > felt.right - 4.5 || r.top < felt.top + 4.5
        || r.bottom > felt.bottom - 4.5) out.push(`${name} leaves the felt`);
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const all = [...inside, ...cards, ...verdict];
  inside.forEach(([name, r], i) => all.forEach(([other, s], j) => {
    if (j > i && over(r, s)) out.push(`${name} over ${other}`);
  }));
  return out;
}"""
# for each "?" of the settings, brought into the middle of the window: whether a press 19 px
# from its centre, to each side and corner, lands on it
HIT_AREA = """button => {
  button.scrollIntoView({ block: 'center' });
  const r = button.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return [[-19, 0], [19, 0], [0, -19], [0, 19], [-19, -19], [19, 19], [-19, 19], [19, -19]]
    .map(([dx, dy]) => button.contains(document.elementFromPoint(x + dx, y + dy)));
}"""
# buttons lower than 40 px: [their words, height]
LOW = """sel => [...document.querySelectorAll(sel)].filter(b => b.offsetParent)
  .map(b => [b.innerText.trim(), Math.round(b.getBoundingClientRect().height)])
  .filter(([, height]) => height < 40)"""


# -- the servers and the pages ---------------------------------------------------------------

def app_lang(page: Any, switch: str = "lang") -> str:
    """The app's language: its switch (``switch``: a lesson's is ``lesson-lang``) offers the
    other one."""
    return "ru" if page.get_by_test_id(switch).first.get_attribute("lang") == "en" else "en"


def switch_lang(page: Any, switch: str = "lang") -> str:
    """Press the language switch and wait until the app speaks the other language; returns it."""
    now = "en" if app_lang(page, switch) == "ru" else "ru"
    page.get_by_test_id(switch).first.click()
    offers = "en" if now == "ru" else "ru"
    page.locator(f"[data-testid='{switch}'][lang='{offers}']").first.wait_for()
    return now


def in_russian(page: Any) -> str:
    """The app in Russian (what the shared server's tests expect); returns the language it was
    in, to be put back."""
    was = app_lang(page)
    if was == "en":
        switch_lang(page)
    return was


# -- the section pages on a phone -------------------------------------------------------------

# each screen: how it is opened from home, its root, and words of its content that show it is
# drawn (in Russian, in English)
SCREENS = {
    "achievements": (("section-achievements",), ".kz-achievements", ("Безумный", "Insane")),
    "dashboard": (("section-puzzles", "puzzles-dashboard"), ".kz-puzzles-dashboard",
                  ("По темам", "By theme")),
    "teacher": (("section-teacher",), ".kz-teacher", ("1. Собрать набор", "1. Build a set")),
}


def _drawn(page: Any, root: str, words: str) -> None:
    page.wait_for_function("([root, words]) => document.querySelector(root)?.innerText"
                           ".includes(words)", arg=[root, words])
    page.wait_for_timeout(300)   # the widgets of the page redrawn after their words


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_a_section_page_fits_a_phone_in_both_languages_its_wide_tables_scroll_in_their_box(
        phone: Any, record_server: Server, screen: str) -> None:
    page = phone
    presses, root, words = SCREENS[screen]
    open_home(page, record_server.url)
    start = app_lang(page)
    for testid in presses:
        page.get_by_test_id(testid).click()
    for _ in range(2):
        lang = app_lang(page)
        _drawn(page, root, words[0 if lang == "ru" else 1])
        where = f"{screen} in {lang} at 390 px"
        assert page.evaluate(OUTSIDE, root) == [], where
        tools = page.evaluate(TOOLS, root)
        assert len(tools) >= 2 and all(left >= 0 and right <= 390 for _, left, right in tools), \
            f"{where}: the header's buttons {tools}"
        switch_lang(page)   # then the other language, the page not left scrolled sideways
    assert app_lang(page) == start


def test_a_puzzles_table_of_answers_wraps_or_scrolls_in_its_box_on_a_phone(
        phone: Any, record_server: Server) -> None:
    page = phone
    open_home(page, record_server.url)
    was = in_russian(page)
    page.get_by_test_id("section-puzzles").click()
    page.get_by_test_id("puzzles-set-catalogue-e3").click()
    page.locator(".kz-puzzle-root .kz-card.kz-pickable").last.click()
    page.get_by_test_id("puzzle-values").wait_for()
    assert page.evaluate(CUT_CELLS) == [], "the explanation cut off at the window's edge"
    if was == "en":
        switch_lang(page)


# -- a lesson's table ---------------------------------------------------------------------------

def _wrong_card_at_step_4(page: Any, url: str) -> None:
    """Lesson 3 (following suit) at its step 4, the ace of spades played instead of a heart:
    the seats' names, a trick of two and the verdict «Не совсем…»."""
    lesson = load_lesson("03_following")
    open_home(page, url)
    page.get_by_test_id("section-lessons").click()
    page.get_by_test_id("lesson-open-03_following").click()
    for index, step in enumerate(lesson.steps[:3]):
        page.wait_for_function("i => document.querySelectorAll('.kz-lesson-dot')[i]"
                               "?.classList.contains('kz-dot-current')", arg=index)
        if isinstance(step, Task):
            right = expected(step).split()[0]
            page.get_by_test_id(f"lesson-{answer_kind(step)}-{right}").click()
            page.locator("[data-testid='lesson-feedback'][data-correct='true']").wait_for()
        page.get_by_test_id("lesson-next").click()
    page.get_by_test_id("lesson-card-AS").click()
    page.locator("[data-testid='lesson-feedback'][data-correct='false']").wait_for()


@pytest.mark.parametrize("size", ["800x600", "phone"])
def test_a_lessons_seat_names_stay_inside_the_felt_clear_of_the_trumps_and_the_verdict(
        page: Any, phone: Any, voila_server: Server, size: str) -> None:
    if size == "phone":
        page = phone
    else:
        page.set_viewport_size({"width": 800, "height": 600})
    open_home(page, voila_server.url)
    was = in_russian(page)
    _wrong_card_at_step_4(page, voila_server.url)
    assert page.evaluate(LESSON_CLASHES) == [], f"{size}, in Russian"
    switch_lang(page, "lesson-lang")
    page.get_by_test_id("lesson-seat-E").get_by_text("E (right opponent)").wait_for()
    assert page.evaluate(LESSON_CLASHES) == [], f"{size}, in English"
    if was == "ru":
        switch_lang(page, "lesson-lang")


# -- the settings' explanations, the puzzles' tiles ---------------------------------------------

def test_the_meanings_under_a_question_mark_leave_their_terms_clear_on_a_phone_in_russian(
        phone: Any, voila_server: Server) -> None:
    page = phone
    open_home(page, voila_server.url)
    was = in_russian(page)
    page.get_by_test_id("open-play").click()
    for group in ("level", "pace"):
        more = page.get_by_test_id(f"{group}-explained")
        more.click()
        page.locator(f"[id='{more.get_attribute('aria-controls')}']").wait_for()
        terms = page.evaluate(TERMS)
        assert terms and [t for t in terms if t[1] or t[2]] == [], group
        assert min(page.evaluate(GAPS)) >= 8, f"{group}: a meaning beside its term, no gap"
        more.click()
    if was == "en":
        switch_lang(page)


def test_the_puzzle_tiles_keep_their_russian_words_whole_at_800(page: Any,
                                                                voila_server: Server) -> None:
    page.set_viewport_size({"width": 800, "height": 600})
    open_home(page, voila_server.url)
    was = in_russian(page)
    assert page.evaluate(SPLIT_WORDS) == [], "home"
    page.get_by_test_id("section-puzzles").click()
    page.get_by_test_id("puzzles-set-catalogue-variant-nizhny").wait_for()
    assert page.evaluate(SPLIT_WORDS) == [], "the puzzles' menu"
    if was == "en":
        switch_lang(page)


# -- a laptop: no scroll bar of a few pixels ----------------------------------------------------

def test_the_teachers_screen_and_the_statistics_are_as_wide_as_their_frame_at_1366(
        page: Any, voila_server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_home(page, voila_server.url)
    page.get_by_test_id("section-teacher").click()
    page.locator(".kz-teacher .kz-teacher-position textarea").wait_for()
    width = "s => { const e = document.querySelector(s); return [e.scrollWidth, e.clientWidth]; }"
    scroll, client = page.evaluate(width, ".kz-teacher")
    assert scroll == client, "the teacher's screen scrolls sideways by a few pixels"
    open_home(page, voila_server.url)
    page.get_by_test_id("section-puzzles").click()
    page.get_by_test_id("puzzles-dashboard").click()
    page.get_by_test_id("dashboard").wait_for()
    scroll, client = page.evaluate(width, ".kz-puzzles-dashboard")
    assert scroll == client, "the puzzles' statistics scroll sideways by a few pixels"


# -- a finger ------------------------------------------------------------------------------------

def test_a_finger_has_40_pixels_to_press_the_question_marks_options_and_buttons(
        page: Any, phone: Any, voila_server: Server) -> None:
    open_home(phone, voila_server.url)
    was = in_russian(phone)
    phone.get_by_test_id("open-play").click()
    marks = phone.locator(".kz-group-more")
    marks.first.wait_for()
    for i in range(marks.count()):
        assert all(marks.nth(i).evaluate(HIT_AREA)), f"«?» #{i + 1}: less than 40x40 px to press"
    assert phone.evaluate(LOW, ".kz-panel-root .kz-btn, .kz-opt") == []
    _wrong_card_at_step_4(phone, voila_server.url)
    assert phone.evaluate(LOW, ".kz-lesson-root .kz-btn") == []
    if was == "en":
        switch_lang(phone, "lesson-lang")
    # a mouse keeps its sizes: the small «?» with nothing around it, the options 36 px tall
    open_home(page, voila_server.url)
    page.get_by_test_id("open-play").click()
    page.locator(".kz-group-more").first.wait_for()
    assert not all(page.locator(".kz-group-more").first.evaluate(HIT_AREA))
    assert {h for _, h in page.evaluate(LOW, ".kz-opt")} == {36}
