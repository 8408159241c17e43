"""A card pressed while Python changes the table still plays when released (dom.js
whenReleased): the table is not redrawn under a pressed pointer, which would put a new card
under it and the browser would send no click.

The learner presses a card, asks for a hint with H while holding it (Python answers with a new
view: the hint being worked out), and lets go once that view has reached the page.  So does the
teacher's download link (steady_html.py), made anew as each key of the set's title reaches
Python: pressed, the title changed, let go, the file comes with the title typed last; and the
student's results file, made anew as each key of the name reaches Python."""

from __future__ import annotations

import json
import time
from typing import Any

from kozel_tutor.puzzles.teacher import set_to_param

from .conftest import Server, open_called_match
from .helpers import PLAYABLE
from .test_puzzles_browser import _two_puzzles
from .test_teacher_browser import ITEM, open_teacher, start_empty


def _frames_with(page: Any, *parts: bytes) -> list[float]:
    """When each message from Python with all of ``parts`` in it reached the page (from the
    sockets opened after this call)."""
    times: list[float] = []

    def watch(socket: Any) -> None:
        def received(payload: str | bytes) -> None:
            data = payload if isinstance(payload, bytes) else payload.encode()
            if all(part in data for part in parts):
                times.append(time.monotonic())
        socket.on("framereceived", received)

    page.on("websocket", watch)
    return times


def _typed(text: str) -> str:
    """The script that types ``text`` into a text box at once, as one key would (no pointer
    of its own)."""
    return (f"box => {{ box.value = {json.dumps(text)};"
            " box.dispatchEvent(new Event('input', {bubbles: true})); }")


def _press_until(page: Any, target: Any, frames: list[float], change: Any) -> None:
    """Press the middle of ``target``, ``change()`` the page while holding it, and let go once
    a new one of ``frames`` has come (within dom.js's three seconds)."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    seen = len(frames)
    change()
    deadline = time.monotonic() + 2.5
    while len(frames) == seen and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    assert len(frames) > seen, "Python's change did not come while the pointer was down"
    page.wait_for_timeout(50)
    page.mouse.up()


def test_a_card_pressed_while_the_table_changes_plays_when_released(
        page: Any, table_server: Server) -> None:
    views = _frames_with(page, b'"view"')
    open_called_match(page, table_server)
    page.get_by_test_id("call-S").click()
    card = page.locator(PLAYABLE).first
    card.wait_for()
    token = card.get_attribute("data-card")
    _press_until(page, card, views, lambda: page.keyboard.press("h"))
    page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")


def test_the_download_link_pressed_while_the_title_changes_downloads_when_released(
        page: Any, voila_server: Server) -> None:
    shares = _frames_with(page, b"teacher-download", b"Homework 7B")
    open_teacher(page, voila_server.url)
    page.locator(".kz-teacher-add").click()
    page.locator(ITEM).first.wait_for()
    title = page.locator(".kz-teacher-title input")
    title.fill("Homework 7A")
    link = page.locator("[data-testid='teacher-download'][data-title='Homework 7A']")
    link.wait_for()
    with page.expect_download() as download:   # the title's next key, typed while held
        _press_until(page, link, shares, lambda: title.evaluate(_typed("Homework 7B")))
    assert download.value.suggested_filename == "Homework 7B.json"
    start_empty(page)


def test_the_results_link_pressed_while_the_name_changes_downloads_the_new_name(
        page: Any, voila_server: Server) -> None:
    files = _frames_with(page, b"puzzles-results-json", b"Anna K")
    page.goto(f"{voila_server.url}?set={set_to_param(_two_puzzles('browser-press'))}")
    page.get_by_test_id("puzzle-title").wait_for()
    name = page.locator(".kz-puzzles-name input")
    name.fill("Anna")
    link = page.locator("[data-testid='puzzles-results-json'][data-name='Anna']")
    link.wait_for()
    with page.expect_download() as download:
        _press_until(page, link, files, lambda: name.evaluate(_typed("Anna K")))
    assert download.value.suggested_filename == "Anna_K-browser-press.json"
    assert json.loads(download.value.path().read_text(encoding="utf-8"))["student"] == "Anna K"


def test_the_share_part_drawn_anew_keeps_its_open_parts_and_the_focus(
        page: Any, voila_server: Server) -> None:
    """A key of the title makes the share part anew: the part the teacher opened stays open,
    and the link the keyboard reached keeps the focus, so Enter downloads the set."""
    open_teacher(page, voila_server.url)
    page.locator(".kz-teacher-add").click()
    page.locator(ITEM).first.wait_for()
    title = page.locator(".kz-teacher-title input")
    title.fill("Homework 8A")
    page.locator("[data-testid='teacher-download'][data-title='Homework 8A']").wait_for()
    local = page.get_by_test_id("teacher-local")
    local.locator("summary").click()
    page.get_by_test_id("teacher-download").focus()
    title.evaluate(_typed("Homework 8B"))
    page.locator("[data-testid='teacher-download'][data-title='Homework 8B']").wait_for()
    assert local.evaluate("d => d.open")
    assert page.evaluate("document.activeElement.dataset.title") == "Homework 8B"
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    assert download.value.suggested_filename == "Homework 8B.json"
    local.locator("summary").focus()
    title.evaluate(_typed("Homework 8C"))
    page.locator("[data-testid='teacher-download'][data-title='Homework 8C']").wait_for()
    assert page.evaluate("document.activeElement.parentElement.dataset.testid") == "teacher-local"
    page.keyboard.press("Enter")   # the summary closes its part
    page.wait_for_function("() => !document.querySelector('[data-testid=teacher-local]').open")
    start_empty(page)
