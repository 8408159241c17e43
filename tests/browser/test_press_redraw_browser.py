"""A card pressed while Python changes the table still plays when released (dom.js
whenReleased): the table is not redrawn under a pressed pointer, which would put a new card
under it and the browser would send no click.

The learner presses a card, asks for a hint with H while holding it (Python answers with a new
view: the hint being worked out), and lets go once that view has reached the page."""

from __future__ import annotations

import time
from typing import Any

from .conftest import Server, open_called_match
from .helpers import PLAYABLE


def test_a_card_pressed_while_the_table_changes_plays_when_released(
        page: Any, table_server: Server) -> None:
    views: list[float] = []

    def watch(socket: Any) -> None:
        def received(payload: str | bytes) -> None:
            data = payload if isinstance(payload, bytes) else payload.encode()
            if b'"view"' in data:
                views.append(time.monotonic())
        socket.on("framereceived", received)

    page.on("websocket", watch)
    open_called_match(page, table_server)
    page.get_by_test_id("call-S").click()
    card = page.locator(PLAYABLE).first
    card.wait_for()
    token = card.get_attribute("data-card")
    box = card.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    seen = len(views)
    page.keyboard.press("h")
    deadline = time.monotonic() + 2.5     # let go within dom.js's three seconds
    while len(views) == seen and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    assert len(views) > seen, "Python's new view did not come while the card was held"
    page.wait_for_timeout(50)
    page.mouse.up()
    page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")
