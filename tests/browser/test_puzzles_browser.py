"""Puzzles in the Voila app: a teacher's link opens a set; one puzzle is solved right, one wrong
(the refutation is shown and stepped through), and the results file is offered; the link
opened again keeps the name and the answers.

The server's data folder lasts the whole session and a set opened again goes on from the
answers given before, so each test opens a set of its own id."""

from __future__ import annotations

import base64
import json
from typing import Any

from kozel_tutor.cards import Card
from kozel_tutor.puzzles.model import PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import set_to_param

from .helpers import open_home


def _two_puzzles(set_id: str) -> PuzzleSet:
    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}
    easy = sorted((p for p in unique.values() if p.cards == 3 and p.view.value == "double_dummy"
                   and p.variant == "standard"), key=lambda p: (p.rating, p.id))
    with_choice = [p for p in easy
                   if len(p.position.to_state().legal_plays()) - len(p.answers) >= 1][:2]
    return PuzzleSet(set_id, Text("Проверка", "Check"), puzzles=tuple(with_choice))


def _legal(page: Any) -> list[str]:
    return [str(t) for t in page.locator("[data-testid^='puzzle-card-']").evaluate_all(
        "els => els.map(e => e.dataset.card)")]


def test_a_teacher_link_opens_the_set_one_right_one_wrong_with_refutation(
        page: Any, voila_server: Any) -> None:
    puzzle_set = _two_puzzles("browser-test")
    first, second = puzzle_set.puzzles
    page.set_viewport_size({"width": 1366, "height": 640})   # a laptop
    link = f"{voila_server.url}?set={set_to_param(puzzle_set)}"
    page.goto(link)
    title = page.get_by_test_id("puzzle-title")
    title.wait_for()
    assert title.inner_text() == "Концовка: 3 карты", "the theme stays hidden until answered"
    assert page.get_by_test_id("puzzle-goal").inner_text().endswith(first.goal.text("ru"))
    # the bar above the puzzle is as wide as the puzzle
    bar, board = (page.get_by_test_id("puzzles-bar").bounding_box(),
                  page.locator(".kz-puzzle-root").bounding_box())
    assert bar is not None and board is not None
    assert abs(bar["x"] - board["x"]) <= 1 and abs(bar["width"] - board["width"]) <= 1, (bar, board)

    right = sorted(c.token for c in first.answers)[0]
    page.get_by_test_id(f"puzzle-card-{right}").click()
    verdict = page.locator("[data-testid='puzzle-feedback'][data-correct='true']")
    verdict.wait_for()
    assert verdict.inner_text().startswith("Верно!")
    assert title.inner_text() == first.title.ru
    page.wait_for_timeout(300)   # the verdict scrolls into sight with its buttons
    for shown in (verdict, page.get_by_test_id("puzzle-next")):
        box = shown.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 641, box
    rows = page.locator("[data-testid='puzzle-values'] tbody tr")
    rows.first.wait_for()
    assert rows.count() >= 2

    page.get_by_test_id("puzzle-next").click()
    page.get_by_text("Задача 2 из 2").wait_for()
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    assert title.inner_text() == "Концовка: 3 карты"
    wrong = next(t for t in _legal(page) if t not in {c.token for c in second.answers})
    page.get_by_test_id(f"puzzle-card-{wrong}").click()
    line = page.get_by_test_id("puzzle-line")
    line.wait_for()
    miss = page.locator("[data-testid='puzzle-feedback'][data-correct='false']")
    assert miss.inner_text().startswith("Это не лучшая карта. После")
    before = line.locator("[data-card]").count()
    page.get_by_test_id("puzzle-step").click()
    page.get_by_test_id("puzzle-step").click()
    assert line.locator("[data-card]").count() == before + 2
    assert line.locator(f"[data-card='{wrong}']").count() == 1
    page.get_by_test_id("puzzle-step-all").click()
    assert page.get_by_test_id("puzzle-step").is_disabled()

    page.locator(".kz-puzzles-name input").fill("Anna")
    download = page.get_by_test_id("puzzles-results-json")
    download.wait_for()
    href = str(download.get_attribute("href"))
    results = json.loads(base64.b64decode(href.split("base64,", 1)[1]))
    assert [r["correct"] for r in results["results"]] == [True, False]
    assert results["student"] == "Anna" and results["set_id"] == "browser-test"

    # the end says what to do with the file; the name and the files sit in the page's column
    page.get_by_test_id("puzzle-next").click()
    done = page.get_by_test_id("puzzle-empty")
    done.wait_for()
    assert done.inner_text() == ("Набор решён: верно 1 из 2. Скачайте файл результатов (вверху, "
                                 "под заголовком) и отправьте его учителю.")
    bar = page.get_by_test_id("puzzles-bar").bounding_box()
    name = page.locator(".kz-puzzles-name input").bounding_box()
    files = download.bounding_box()
    assert bar is not None and name is not None and files is not None
    assert bar["x"] <= name["x"] <= bar["x"] + 40, (bar, name)
    assert files["x"] + files["width"] <= bar["x"] + bar["width"], (bar, files)

    # the link opened again: the name, the answers as they were, nothing to answer twice
    page.goto(link)
    page.locator(".kz-puzzle-root[data-phase='right']").wait_for()
    assert page.get_by_test_id("puzzle-title").inner_text() == first.title.ru
    assert page.locator(".kz-puzzles-name input").input_value() == "Anna"
    assert "засчитан первый ответ" in page.locator(".kz-puzzle-note").inner_text()


def test_the_puzzles_tile_opens_rated_puzzles(page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    # The pressed tile says it is working until the section is on screen.
    busy = page.evaluate("""() => {
        const tile = document.querySelector("[data-testid='section-puzzles']");
        tile.click();
        return [tile.getAttribute("aria-busy"),
                tile.closest(".kz-panel-root").classList.contains("kz-waiting")];
    }""")
    assert busy == ["true", True]
    page.get_by_test_id("puzzles-rated").click()
    page.get_by_test_id("puzzle-title").wait_for()
    cards = _legal(page)
    assert cards
    page.get_by_test_id(f"puzzle-card-{cards[0]}").click()
    page.get_by_test_id("puzzle-feedback").wait_for()


# A document-level listener (where JupyterLab's command-mode shortcuts listen) records every
# keydown that bubbles out of the widget; a capture listener keeps every event, to read later
# whether its default action was prevented.
LISTEN = """() => {
    window.kzBubbled = []; window.kzEvents = [];
    document.addEventListener('keydown', e => window.kzBubbled.push(e.key));
    document.addEventListener('keydown', e => window.kzEvents.push(e), true);
}"""
FOCUSED = """() => {
    const a = document.activeElement, root = document.querySelector('.kz-puzzle-root');
    return a && root && a !== root && root.contains(a) ? a.dataset.testid || a.tagName : null; }"""


def _focus_is(page: Any, testid: str) -> None:
    page.wait_for_function(f"t => ({FOCUSED})() === t", arg=testid)


def test_the_puzzle_keys_never_reach_the_page_and_the_focus_stays_inside(
        page: Any, voila_server: Any) -> None:
    puzzle_set = _two_puzzles("browser-keys")
    first, second = puzzle_set.puzzles
    page.goto(f"{voila_server.url}?set={set_to_param(puzzle_set)}")
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    # the puzzle took the focus as it appeared: its keys work at once
    page.wait_for_function(f"() => ({FOCUSED})()?.startsWith('puzzle-card-')")
    page.evaluate(LISTEN)
    right = sorted(c.token for c in first.answers)[0]
    page.get_by_test_id(f"puzzle-card-{right}").focus()
    page.keyboard.press("r")        # the retry key, before an answer: still kept from the page
    page.keyboard.press("x")        # not the puzzle's: passes through untouched
    page.keyboard.press("Enter")    # plays the focused card
    page.locator("[data-testid='puzzle-feedback'][data-correct='true']").wait_for()
    _focus_is(page, "puzzle-next")
    page.keyboard.press("r")        # retry: in JupyterLab this key turned the cell raw
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    page.wait_for_function(f"() => ({FOCUSED})()?.startsWith('puzzle-card-')")
    assert page.evaluate("() => window.kzBubbled") == ["x"]
    assert page.evaluate("() => window.kzEvents.map(e => [e.key, e.defaultPrevented])") == [
        ["r", True], ["x", False], ["Enter", True], ["r", True]]

    page.get_by_test_id(f"puzzle-card-{right}").focus()
    page.keyboard.press("Enter")
    page.locator(".kz-puzzle-root[data-phase='right']").wait_for()
    _focus_is(page, "puzzle-next")
    page.keyboard.press("n")        # the next puzzle: the focus goes to its first card
    page.get_by_text("Задача 2 из 2").wait_for()
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    page.wait_for_function(f"() => ({FOCUSED})()?.startsWith('puzzle-card-')")
    if second.hints:
        page.keyboard.press("h")    # so the hint key works at once
        page.get_by_test_id("puzzle-hints").wait_for()
        assert page.evaluate(FOCUSED).startswith("puzzle-")
    assert page.evaluate("() => window.kzBubbled") == ["x"]


def test_every_card_in_a_puzzle_is_named_in_russian(page: Any, voila_server: Any) -> None:
    puzzle_set = _two_puzzles("browser-names")
    page.goto(f"{voila_server.url}?set={set_to_param(puzzle_set)}")
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    named = page.locator(".kz-puzzle-root .kz-card[data-card]").evaluate_all(
        "els => els.map(e => [e.dataset.card, e.querySelector('desc').textContent])")
    assert named and all(name == Card.parse(token).name_in("ru") for token, name in named)
    for token in _legal(page):
        name = Card.parse(token).name_in("ru")   # «десятка червей», not «10H»
        assert page.get_by_test_id(f"puzzle-card-{token}").get_attribute("aria-label") == name
        assert page.get_by_role("button", name=name, exact=True).count() == 1
    trump = puzzle_set.puzzles[0].position.trump
    assert page.get_by_test_id("puzzle-trump").get_by_role(
        "img", name=trump.name_in("ru"), exact=True).count() == 1


def _choose_file(page: Any, testid: str, path: Any) -> None:
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id(testid).click()
    chooser.value.set_files(str(path))


def test_a_set_file_too_large_is_named_and_a_good_one_opens(page: Any, voila_server: Any,
                                                            tmp_path: Any) -> None:
    open_home(page, voila_server.url)
    page.get_by_test_id("section-puzzles").click()
    upload = page.get_by_test_id("puzzles-upload")
    assert upload.inner_text().strip().endswith("Открыть файл набора")   # no file counter
    # the button sits inside the menu's card, under the panel
    card, panel, button = (page.locator(".kz-puzzles-menu").bounding_box(),
                           page.get_by_test_id("puzzles").bounding_box(), upload.bounding_box())
    assert card is not None and panel is not None and button is not None
    assert card["x"] < button["x"] and button["x"] + button["width"] < card["x"] + card["width"]
    assert panel["y"] + panel["height"] <= button["y"]
    assert button["y"] + button["height"] < card["y"] + card["height"], (card, button)
    big = tmp_path / "фото.json"
    big.write_bytes(b" " * (9 * 1024 * 1024))   # over the button's 8 MiB: never sent
    _choose_file(page, "puzzles-upload", big)
    error = page.get_by_test_id("error")
    error.wait_for()
    assert "фото.json" in error.inner_text() and "слишком большой" in error.inner_text()
    assert error.is_visible() and upload.is_enabled()
    good = tmp_path / "set.json"
    good.write_text(_two_puzzles("browser-file").to_json(), encoding="utf-8")
    _choose_file(page, "puzzles-upload", good)
    page.get_by_test_id("puzzle-title").wait_for()


def test_a_miss_waits_in_review_the_themes_explain_themselves_and_progress_is_one_card(
        page: Any, voila_server: Any) -> None:
    puzzle_set = _two_puzzles("browser-review")
    first = puzzle_set.puzzles[0]
    page.goto(f"{voila_server.url}?set={set_to_param(puzzle_set)}")
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    wrong = next(t for t in _legal(page) if t not in {c.token for c in first.answers})
    page.get_by_test_id(f"puzzle-card-{wrong}").click()
    page.get_by_test_id("puzzle-line").wait_for()
    # the verdict's themes each say what they mean
    names = page.locator("[data-testid='puzzle-themes'] .kz-puzzle-theme")
    assert names.count() >= 1
    assert all(" — " in str(t) for t in names.evaluate_all("els => els.map(e => e.title)"))

    page.get_by_test_id("puzzles-back").click()
    review = page.get_by_test_id("puzzles-review")
    review.wait_for()
    # the missed puzzle is counted at once, with the day it comes back; it may be practised now
    label = review.locator(".kz-btn-label").inner_text()
    assert label.startswith("Повторение (") and label != "Повторение (0)", label
    assert review.is_enabled()
    assert "Следующая — завтра" in review.inner_text()

    # every theme chip explains its theme; the picked one is explained under the chips
    chip = page.get_by_test_id("theme-duck")
    assert str(chip.get_attribute("title")).startswith("Пропустить взятку — ")
    assert page.get_by_test_id("theme-any").inner_text() == "Все темы"
    chip.click()
    page.locator("[data-testid='theme-duck'][aria-checked='true']").wait_for()
    assert page.get_by_test_id("theme-summary").inner_text().startswith("Пропустить взятку — ")

    # the dashboard: header and content in one centred card, a table with proper headers
    page.get_by_test_id("puzzles-dashboard").click()
    board = page.get_by_test_id("dashboard")
    board.wait_for()
    card = page.locator(".kz-puzzles-dashboard")
    box, bar, inside = (card.bounding_box(), page.get_by_test_id("puzzles-bar").bounding_box(),
                        board.bounding_box())
    width = page.viewport_size["width"]
    assert box is not None and bar is not None and inside is not None
    assert abs(box["x"] - (width - box["x"] - box["width"])) <= 24, box   # centred
    for part in (bar, inside):
        assert box["x"] <= part["x"] and part["x"] + part["width"] <= box["x"] + box["width"]
    assert inside["y"] >= bar["y"] + bar["height"] - 1
    heads = page.locator("[data-testid='dashboard-table'] thead th").all_inner_texts()
    assert heads == ["Тема", "Попыток", "Верно", "Подсказок на задачу", "Секунд (медиана)"]
    assert "точность рейтинга" in board.inner_text()
    assert "к повторению: " in page.get_by_test_id("dashboard-counts").inner_text()
