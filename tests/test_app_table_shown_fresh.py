"""The table comes on screen already showing the match it is shown for: the browser draws it anew
as it is shown, from the view it holds at that moment, so a view still of the match before (the
pause menu, a finished hand, the results) would flash for a moment before the new match."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app import App
from kozel_tutor.app.play_view import Pace
from kozel_tutor.app.session import Settings
from kozel_tutor.app.store import Store
from kozel_tutor.widgets import Command


@pytest.fixture()
def app(tmp_path: Path) -> App:
    app = App(Store(tmp_path / "progress.sqlite3"), warm=False, pace=Pace(card=0, trick=0))
    app.settings = Settings(level="random")
    return app


def shown_views(app: App) -> list[dict[str, Any]]:
    """Each view the table holds as it is put on screen (from now on)."""
    shown: list[dict[str, Any]] = []

    def on_children(change: dict[str, Any]) -> None:
        if app.play.table in change["new"]:
            shown.append(app.play.table.view)

    app.observe(on_children, names="children")
    return shown


def hand(view: dict[str, Any]) -> list[str]:
    return [entry["card"] for entry in view["seats"]["S"]["cards"]]


def panel(view: dict[str, Any]) -> str | None:
    overlay = view.get("overlay")
    return None if overlay is None else str(overlay.get("testid"))


def play_a_card(app: App) -> None:
    session = app.play.session
    assert session is not None
    app.play.wait_idle()
    card = sorted(session.deal.legal_plays())[0]
    app.play.handle(Command("play", card.token))
    app.play.wait_idle()


def start(app: App) -> None:
    app.home.receive({"type": "button", "id": "open-play"})
    app.settings_panel.receive({"type": "button", "id": "play"})


def test_a_new_match_is_on_the_table_as_it_is_shown(app: App) -> None:
    start(app)
    play_a_card(app)
    old_hand = hand(app.play.table.view)
    # the menu, then "New match" and, in the settings, "New match" again
    app.play.handle(Command("button", "menu"))
    assert panel(app.play.table.view) == "pause"
    app.play.handle(Command("button", "new-game"))
    assert app.screen == "settings"
    shown = shown_views(app)
    app.settings_panel.receive({"type": "button", "id": "play"})
    app.play.wait_idle()
    assert app.screen == "play" and len(shown) == 1
    [view] = shown
    assert panel(view) is None, "the paused match showed first"
    assert len(hand(view)) == 9 and hand(view) != old_hand


def test_a_match_continued_from_the_pause_comes_back_without_its_menu(app: App) -> None:
    start(app)
    play_a_card(app)
    app.play.handle(Command("button", "menu"))
    app.play.handle(Command("button", "home"))
    assert app.screen == "home"
    shown = shown_views(app)
    app.home.receive({"type": "button", "id": "continue"})
    app.play.wait_idle()
    assert [panel(view) for view in shown] == [None]
