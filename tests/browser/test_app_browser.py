"""The app in a real browser: a learner plays a whole deal by clicking cards."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from kozel_tutor.cards import Card, Suit
from kozel_tutor.i18n import Message
from kozel_tutor.rules import find_rules
from kozel_tutor.voila_kernels import HEATING

from .conftest import browser_tab, start_voila, stop
from .helpers import (
    HAND,
    PLAYABLE,
    SUMMARY,
    hand,
    open_home,
    play_deal,
    play_one,
    start_game,
    wait_ready,
)

TITLE_IS = "t => document.querySelector('.kz-panel-h1').textContent === t"
# the deal review at a step's top: its title and its table's rows (the best cards' and yours), and
# the trick beside it (_review_in_sight)
IN_SIGHT = {"title": True, "rows": True, "trick": True, "panel_top": 0}


def _expected_reason(card: Card, led: Card, lang: str) -> str:
    """What the status line must say for ``card`` when ``led`` was led (clubs are trumps)."""
    order = find_rules("standard").card_order(Suit.CLUBS)
    led_suit = order.effective_suit(led)
    if led_suit == 4:
        return Message("must_play_trump").text(lang)
    if order.is_trump(card) and card.suit == led_suit:
        return Message("trump_does_not_follow", {"card": card, "suit": Suit(led_suit)}).text(lang)
    return Message("must_follow_suit", {"suit": Suit(led_suit)}).text(lang)


def _click_an_illegal_card(page: Any) -> tuple[Card, Card] | None:
    """On the learner's turn with some card not playable, click it; returns (card, led)."""
    illegal = page.locator(".kz-seat-S [data-card]:not([data-playable='true'])")
    if not page.locator(PLAYABLE).count() or not illegal.count():
        return None
    led = page.locator("[data-testid='trick'] .kz-card").first.get_attribute("data-card")
    token = str(illegal.first.get_attribute("data-card"))
    illegal.first.click(force=True)   # aria-disabled (not to be played now), yet clickable
    return Card.parse(token), Card.parse(str(led))


def _an_illegal_card_is_explained(page: Any) -> bool:
    """On the learner's turn with some card not playable, click it and see the status line say
    why, the card staying in the hand; ``False`` when every card may be played now."""
    clicked = _click_an_illegal_card(page)
    if clicked is None:
        return False
    card, led = clicked
    status = page.get_by_test_id("status")
    expected = _expected_reason(card, led, "ru")
    page.wait_for_function(
        "t => document.querySelector('[data-testid=status]').textContent === t", arg=expected)
    assert "kz-status-error" in str(status.get_attribute("class"))
    assert card.token in hand(page), "an illegal card stays in the hand"
    return True


def test_the_loading_screen_speaks_the_learners_language(browser: Any, voila_server: Any,
                                                         tmp_path: Path) -> None:
    # A server of its own without a pre-heated kernel, so that the shared server's kernel is
    # kept for the other tests; Voila's own front end is held back, so the page stays on its
    # loading screen.
    proc, url = start_voila(tmp_path, tmp_path / "voila.log",
                            extra=("--VoilaConfiguration.preheat_kernel=False",))
    try:
        with browser_tab(browser, locale="ru-RU") as page:
            page.route("**/voila/static/voila.js", lambda route: route.abort())
            page.goto(url)
            loading = page.get_by_test_id("loading")
            assert loading.inner_text().splitlines()[:2] == ["Открываем «Козла»…",
                                                             "Opening Kozel…"]
            assert "Executing" not in page.inner_text("body")
            # A slow start gets a word of explanation after a few seconds, in both languages.
            page.get_by_text("Первый запуск страницы занимает до минуты", exact=False).wait_for(
                timeout=15_000)
            assert "The first start of the page can take up to a minute" in loading.inner_text()
    finally:
        stop(proc)


def test_a_first_visit_from_an_english_browser_is_in_english(browser: Any,
                                                             tmp_path: Path) -> None:
    # A server of its own: a progress file where no language was ever chosen.
    proc, url = start_voila(tmp_path, tmp_path / "voila.log")
    try:
        with browser_tab(browser, locale="en-US") as page:
            page.goto(url)
            page.get_by_test_id("open-play").wait_for(timeout=60_000)
            page.get_by_text("Lessons", exact=True).wait_for()
            assert page.get_by_test_id("lang").inner_text() == "Русский"
    finally:
        stop(proc)


def test_a_whole_deal_is_played_by_clicking_and_an_illegal_card_is_explained(
        page: Any, voila_server: Any) -> None:
    # Every file comes from the app's own server (no CDN: the page works offline).
    elsewhere: list[str] = []
    server = urlsplit(voila_server.url).netloc
    page.on("request", lambda request: elsewhere.append(request.url)
            if urlsplit(request.url).scheme in ("http", "https", "ws", "wss")
            and urlsplit(request.url).netloc != server else None)
    open_home(page, voila_server.url)
    start_game(page)
    assert len(hand(page)) == 9
    assert page.get_by_test_id("score").inner_text().startswith("Мы 0 : 0")
    explained = False
    played = 0
    while True:
        state = wait_ready(page)
        if state == "summary":
            break
        explained = explained or _an_illegal_card_is_explained(page)
        play_one(page)
        played += 1
    assert played == 9
    summary = page.locator(SUMMARY)
    cells = summary.locator("tbody tr").first.locator("td").all_inner_texts()
    assert int(cells[1]) + int(cells[2]) == 120, "both sides' card points add up to 120"
    assert page.locator(HAND).count() == 0
    page.get_by_test_id("next").click()
    page.locator(SUMMARY).wait_for(state="detached")
    assert wait_ready(page) in ("play", "call")
    assert len(hand(page)) == 9
    # a random first deal may never ask the learner to follow suit: then the second does
    while not explained and wait_ready(page) != "summary":
        explained = _an_illegal_card_is_explained(page)
        play_one(page)
    assert explained, "in two deals the learner never had to follow suit"
    assert not elsewhere, f"the page fetched files from elsewhere: {elsewhere}"


def test_reload_offers_continue_and_restores_the_same_hands(page: Any, voila_server: Any
                                                            ) -> None:
    open_home(page, voila_server.url)
    start_game(page)
    wait_ready(page)
    play_one(page)
    assert wait_ready(page) == "play"
    before = hand(page)
    score = page.get_by_test_id("score").inner_text()
    assert len(before) == 8
    page.reload()
    page.get_by_test_id("continue").click()
    page.locator(PLAYABLE).first.wait_for()
    assert hand(page) == before
    assert page.get_by_test_id("score").inner_text() == score


def asked_shutdowns(log: str) -> int:
    """The kernels shut down as asked, not culled (the server culls idle kernels of closed
    pages, each with a line before its shutdown's)."""
    culled = set(re.findall(r"Culling .*?\(([0-9a-f-]+)\)", log))
    return sum(1 for kernel in re.findall(r"Kernel shutdown: ([0-9a-f-]+)", log)
               if kernel not in culled)


def test_a_reloaded_page_shuts_its_old_kernel_down(page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    start_game(page)
    wait_ready(page)
    before = asked_shutdowns(voila_server.log.read_text(errors="replace"))
    page.reload()   # the page's unload posts the shutdown, with the _xsrf check it must pass
    page.get_by_test_id("continue").wait_for()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        log = voila_server.log.read_text(errors="replace")
        if asked_shutdowns(log) > before:
            break
        time.sleep(0.2)
    assert asked_shutdowns(log) > before, "the old kernel lives on until culled"
    assert "'_xsrf' argument missing" not in log


def test_the_whole_table_fits_a_laptop_screen_without_scrolling(page: Any, voila_server: Any
                                                                ) -> None:
    # 1366x768 with the browser's own bars leaves about 640 pixels of page.
    page.set_viewport_size({"width": 1366, "height": 640})
    open_home(page, voila_server.url)
    start_game(page)
    wait_ready(page)
    page.evaluate("window.scrollTo(0, 0)")
    boxes = {name: page.locator(selector).first.bounding_box() for name, selector in (
        ("score", "[data-testid='score']"), ("status", "[data-testid='status']"),
        ("table", ".kz-felt"), ("hand", HAND))}
    for name, box in boxes.items():
        assert box is not None, name
        assert box["y"] >= 0 and box["y"] + box["height"] <= 640, (name, box)


def test_the_deal_review_opens_in_sight_on_a_laptop_screen(page: Any, voila_server: Any
                                                           ) -> None:
    page.set_viewport_size({"width": 1366, "height": 640})
    open_home(page, voila_server.url)
    start_game(page)
    play_deal(page)
    page.locator(SUMMARY).get_by_test_id("review").click()
    panel = page.locator(".kz-panel-review")
    panel.wait_for()
    panel.get_by_test_id("legend").wait_for()   # the first card's analysis is in
    page.wait_for_timeout(300)   # let the scroll settle
    for name, target in (("review", panel), ("next", panel.locator(".kz-panel-buttons"))):
        box = target.bounding_box()   # scrolled flush with the window's bottom: allow rounding
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 641, (name, box)
    # the cards' table is in sight as the review opens, its panel at its top
    assert _review_in_sight(page) == IN_SIGHT
    # a step further, after the learner scrolled the panel's rows: the new step starts at the
    # top of the panel, its rows and the trick on the table in sight beside it
    steps = int(str(panel.locator(".kz-panel-title").inner_text()).rsplit(" ", 1)[-1])
    for number in range(2, steps + 1):
        _scroll_rows_and_turn(page, "next-step", number)
        assert _review_in_sight(page) == IN_SIGHT, number
    # Whether a step's words overflow 640 high depends on the deal (a card or two to choose
    # from, and no reasons, fit), so back through the steps in a window 512 high (the short
    # window the table's CSS is made to fit), still wide enough for the review to stand beside
    # the table: there the steps with a choice overflow (their rows, words and legend), and are
    # left scrolled.  The panel's top and the trick are in sight.
    page.set_viewport_size({"width": 1366, "height": 512})
    scrolled = []
    for number in range(steps - 1, 0, -1):
        scrolled.append(_scroll_rows_and_turn(page, "prev-step", number))
        seen = _review_in_sight(page)
        assert (seen["title"], seen["trick"], seen["panel_top"]) == (True, True, 0), (number, seen)
    assert any(scrolled), "no step was left scrolled"


def _scroll_rows_and_turn(page: Any, button: str, number: int) -> bool:
    """Scroll the review's rows to their end, then press ``button`` to go to step ``number``;
    returns whether the rows could scroll (they overflowed their panel)."""
    scrolled = bool(page.locator(".kz-panel-review").evaluate(
        "p => { p.scrollTop = p.scrollHeight; return p.scrollTop > 0; }"))
    page.get_by_test_id(button).click()
    page.wait_for_function(
        "n => document.querySelector('.kz-panel-review .kz-panel-title')"
        ".textContent.includes(` ${n} `)", arg=number)
    page.locator(".kz-panel-review [data-testid=legend]").wait_for()
    page.wait_for_timeout(300)   # let the scroll settle
    return scrolled


def _review_in_sight(page: Any) -> dict[str, Any]:
    """Whether the review's title, its table's marked rows (the best cards' and yours) and the
    trick are in the window (the title and the rows within their panel's visible part, the rows
    above its buttons), and how far the panel's content is scrolled."""
    return dict(page.evaluate("""() => {
      const panel = document.querySelector('.kz-panel-review');
      const title = panel.querySelector('.kz-panel-title').getBoundingClientRect();
      const rows = [...panel.querySelectorAll('[data-testid=review-table] tbody tr')]
        .filter((tr) => /kz-row-(best|played)/.test(tr.className))
        .map((tr) => tr.getBoundingClientRect());
      const buttons = panel.querySelector('.kz-panel-buttons').getBoundingClientRect();
      const box = panel.getBoundingClientRect();
      const trick = document.querySelector('[data-testid=trick]').getBoundingClientRect();
      const seen = (r) => r.top >= 0 && r.bottom <= window.innerHeight + 1;
      return {title: seen(title) && title.top >= box.top,
              rows: rows.length > 0 && rows.every((r) => seen(r) && r.top >= box.top
                                                          && r.bottom <= buttons.top + 1),
              trick: seen(trick), panel_top: panel.scrollTop};
    }"""))


def test_the_hint_key_marks_a_playable_card_and_the_status_says_why(page: Any,
                                                                     voila_server: Any) -> None:
    page.set_viewport_size({"width": 1366, "height": 640})   # a laptop, as the test above
    open_home(page, voila_server.url)
    start_game(page)
    assert wait_ready(page) == "play"
    # the table took the focus as it appeared (the Play button that opened it is gone)
    page.wait_for_function("() => document.activeElement?.classList.contains('kz-table-root')")
    page.keyboard.press("h")   # the keyboard's way to the Hint button
    advised = page.locator(".kz-seat-S [data-mark='advised']")
    advised.wait_for()
    assert advised.get_attribute("data-playable") == "true"
    card = Card.parse(str(advised.get_attribute("data-card")))
    status = page.get_by_test_id("status")
    assert "kz-status-advice" in str(status.get_attribute("class"))
    assert status.inner_text().startswith((f"Подсказка: {card.name_in('ru')}. ",
                                           f"Hint: the {card.name_in('en')}. "))
    assert page.get_by_test_id("hint").is_disabled(), "one hint per turn"
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator(HAND).first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640, "the hint pushed the hand away"
    advised.click()
    page.locator(f".kz-seat-S [data-card='{card.token}']").wait_for(state="detached")
    assert page.locator(".kz-seat-S [data-mark='advised']").count() == 0


def test_the_language_switch_changes_the_text(page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    title = page.locator(".kz-panel-h1")
    if title.inner_text() != "Козёл":
        page.get_by_test_id("lang").click()
        page.wait_for_function(TITLE_IS, arg="Козёл")
    page.get_by_test_id("lang").click()
    page.wait_for_function(TITLE_IS, arg="Kozel")
    assert page.get_by_test_id("open-play").locator(".kz-btn-label").inner_text() == "Play"
    start_game(page)
    wait_ready(page)
    assert re.match(r"We 0 : 0 They", page.get_by_test_id("score").inner_text())
    # each side's points are named as the side's; the dealer's letter has a name
    assert page.get_by_test_id("points-S").inner_text().startswith("We: ")
    assert page.get_by_test_id("points-W").inner_text().startswith("They: ")
    assert "Nina" in str(page.get_by_test_id("points-S").get_attribute("title"))
    dealer = page.get_by_test_id("dealer")
    assert (dealer.get_attribute("title"), dealer.get_attribute("aria-label")) == ("Dealer",) * 2
    page.get_by_test_id("lang").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=score]').textContent.startsWith('Мы')")
    assert page.locator(".kz-seat-S .kz-name").inner_text() == "Вы"
    page.wait_for_function(
        "() => document.querySelector('[data-testid=dealer]')?.title === 'Сдаёт'")
    # the dealer's mark is «Сд», not «С» (the north seat's letter), and fits in its chip
    assert dealer.inner_text() == "Сд"
    assert dealer.evaluate("el => el.scrollWidth <= el.clientWidth"), "the mark overflows its chip"
    assert page.get_by_test_id("points-W").inner_text().startswith("Они: ")
    page.wait_for_function(
        "() => /[а-я]/.test(document.querySelector('.kz-seat-S desc')?.textContent || '')")
    drawn = page.locator(HAND).evaluate_all(
        "els => els.map(e => [e.dataset.card, e.querySelector('desc').textContent])")
    for token, label in drawn:
        assert label == Card.parse(token).name_in("ru"), "every card is named in Russian"
    table = page.locator(".kz-table-root")
    assert table.get_attribute("role") == "application"
    assert table.get_attribute("aria-label") == "Карточный стол", "named from Python, in Russian"


def test_the_next_kernel_heats_only_once_the_page_has_opened(page: Any, voila_server: Any
                                                               ) -> None:
    """voila.py: Voila heats a spare kernel after each page, but not while that page loads."""
    def lines() -> list[str]:
        return voila_server.log.read_text(errors="replace").splitlines()

    seen = len(lines())
    open_home(page, voila_server.url)
    taken = connected = heated = None
    deadline = time.monotonic() + 60
    while heated is None and time.monotonic() < deadline:
        time.sleep(0.5)
        # each pass reads the log from the page's request on, in order: a spare kernel that
        # the page before this one set heating (logged after `seen`) is not this page's
        taken = connected = heated = None
        for i, line in enumerate(lines()[seen:]):
            if taken is None:
                if m := re.search(r"Using pre-heated kernel: ([\w-]+)", line):
                    taken = i, m.group(1)
            elif connected is None and f"Connecting to kernel {taken[1]}" in line:
                connected = i
            elif heated is None and HEATING in line:
                heated = i
    assert taken, "the page did not get the pre-heated kernel"
    assert heated is not None, "no spare kernel was heated after the page"
    assert connected is not None and connected < heated, \
        "the spare kernel began heating while the page was still loading"
