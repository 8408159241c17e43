"""What the card table tells a screen reader and the keyboard: every card played is said with
its player, then who took the trick; the keys line fits the screen (a card, a suit to name, a
dialog, the review); the buttons that have a key say so."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from conftest import heard_by, playable, wait_for

from kozel_tutor.app.play_view import Pace, PlayScreen
from kozel_tutor.app.session import Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.app.table_access import Speaker, keyboard_view
from kozel_tutor.cards import Card
from kozel_tutor.seats import Seat

INSTANT = Pace(card=0.0, trick=0.0)


@pytest.fixture()
def screen(tmp_path: Path) -> PlayScreen:
    return PlayScreen(Store(tmp_path / DB_NAME), lang="en", pace=INSTANT)


def test_each_card_is_said_with_its_player_then_who_took_the_trick(screen: PlayScreen) -> None:
    heard = heard_by(screen)
    screen.start(Settings(level="random"), rng=random.Random(5))
    first: str | None = None
    while screen.ui.mode == "play":   # the whole deal, the learner's first legal card each time
        wait_for(lambda: screen.wait_idle() and (playable(screen) or screen.ui.mode != "play"),
                 "the learner's turn")
        if screen.ui.mode == "play":
            card = playable(screen)[0]
            first = first or f"You: {Card.parse(card).name_in('en')}."
            assert screen.table.receive({"type": "play", "card": card}) is not None
    said = " ".join(heard)
    assert first is not None and first in said
    for name in ("You", "Fedor", "Nina", "Gleb"):
        assert said.count(f"{name}: ") == 9, f"each of {name}'s nine cards is said: {said!r}"
    assert said.count(" the trick: ") == 9, "and who took each trick"
    last_card = said.rindex(": ", 0, said.rindex(" the trick: "))
    assert last_card < said.rindex(" the trick: "), "the trick's cards first, then its taker"
    assert "is thinking" not in said, "no word for the wait: the card follows at once"


def test_every_refused_card_is_said_even_when_the_reason_repeats(screen: PlayScreen) -> None:
    heard = heard_by(screen)
    screen.start(Settings(level="random"), rng=random.Random(5))
    while True:   # on to a turn of the learner's where a card of the hand cannot be played
        wait_for(lambda: screen.wait_idle() and (playable(screen) or screen.ui.mode != "play"),
                 "the learner's turn")
        assert screen.ui.mode == "play", "the deal had a turn with a card that cannot be played"
        hand = [c["card"] for c in screen.table.view["seats"]["S"]["cards"]]
        refused = [card for card in hand if card not in playable(screen)]
        if refused:
            break
        screen.table.receive({"type": "play", "card": playable(screen)[0]})
    del heard[:]
    for card in (refused[0], refused[0], refused[-1]):   # a screen reader hears each refusal
        screen.table.receive({"type": "play", "card": card})
    reason = screen.ui.status[0]("en") if screen.ui.status else ""
    assert reason and sum(line.count(reason) for line in heard) == 3, heard
    # the language switched, the refusal stays on the status line, in the new language
    screen.set_lang("ru")   # what the app does when the language button is pressed
    status = screen.table.view["status"]
    assert status != reason and status == screen.ui.status[0]("ru")
    assert not any("a" <= ch <= "z" for ch in status.lower() if ch.isascii() and ch.isalpha()), \
        status


def test_the_speaker_says_a_status_once_and_a_review_page_when_it_turns() -> None:
    speaker = Speaker()
    view: dict[str, Any] = {"status": "Your lead: choose a card.", "status_kind": "turn",
                            "overlay": None}
    assert speaker.words(view) == "Your lead: choose a card."
    assert speaker.words(view) is None, "the same status is said once"
    speaker.played(Seat.W, Card.parse("AS"), "ru")
    assert speaker.words({**view, "status": "Нина думает…", "status_kind": "wait"}) == \
        "Фёдор: туз пик."
    review = {"kind": "review", "title": "Review: your card 1 of 9", "buttons": [],
              "lines": ["You played the queen of spades.", "Analysing…"]}
    assert speaker.words({**view, "overlay": review}) == \
        "Review: your card 1 of 9. You played the queen of spades. Analysing…"
    done = {**review, "lines": ["You played the queen of spades.", "It was the best card."]}
    assert speaker.words({**view, "overlay": done}) == "It was the best card."
    turned = {**done, "title": "Review: your card 2 of 9"}
    assert speaker.words({**view, "overlay": turned}).startswith("Review: your card 2 of 9.")


def _view(**parts: Any) -> dict[str, Any]:
    view: dict[str, Any] = {"toolbar": [{"id": "lang", "label": "Русский", "testid": "lang"},
                                        {"id": "hint", "label": "Hint", "testid": "hint"}],
                            "hint": "Keys: ← → or 1–9 choose a card, Enter plays it, H asks "
                                    "for a hint.", "call": None, "overlay": None}
    view.update(parts)
    return view


def test_the_keys_line_fits_the_screen_on_the_table() -> None:
    plain = keyboard_view(_view(), "en")
    assert plain["hint"].startswith("Keys: ← → or 1–9 choose a card")
    assert plain["toolbar"][0]["lang"] == "ru", "«Русский» is said in Russian"
    call = keyboard_view(_view(call={"prompt": "Name the trump suit:", "suits": []}), "en")
    assert call["hint"] == "Keys: ← → choose a suit, Enter names it as trumps, H asks for a hint."
    assert "Enter plays" not in call["hint"]
    review = keyboard_view(_view(overlay={"kind": "review", "title": "Review", "buttons": [
        {"id": "prev-step", "label": "←", "testid": "prev-step"},
        {"id": "next-step", "label": "→", "testid": "next-step"},
        {"id": "close", "label": "Close", "testid": "close"}]}), "ru")
    assert review["hint"] == ("Клавиши: ← → — ваша предыдущая или следующая карта, "
                              "Esc — закрыть разбор.")
    assert [b["key"] for b in review["overlay"]["buttons"]] == ["ArrowLeft", "ArrowRight",
                                                                "Escape"]
    summary = keyboard_view(_view(overlay={"kind": "summary", "title": "Won", "buttons": [
        {"id": "next", "label": "Next", "testid": "next"}]}), "en")
    assert summary["hint"] == "Keys: Tab goes from button to button, Enter presses it."
    assert "key" not in summary["overlay"]["buttons"][0]


def test_the_table_view_on_screen_carries_the_keys(screen: PlayScreen) -> None:
    screen.start(Settings(level="random", trump="called"), rng=random.Random(1))
    session = screen.session
    assert session is not None
    wait_for(lambda: screen.wait_idle(), "the AI")
    view = screen.table.view
    expected = ("Keys: ← → choose a suit, Enter names it as trumps, H asks for a hint."
                if view["call"] is not None else
                "Keys: ← → or 1–9 choose a card, Enter plays it, H asks for a hint.")
    assert view["hint"] == expected
    assert screen.table.receive({"type": "button", "id": "menu"}) is not None
    assert screen.table.view["hint"] == ("Keys: Tab goes from button to button, Esc takes you "
                                         "back to the game.")
    resume = next(b for b in screen.table.view["overlay"]["buttons"] if b["id"] == "resume")
    assert resume["key"] == "Escape"
