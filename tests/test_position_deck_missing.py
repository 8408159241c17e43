"""A ``standard`` position of the 32-card deck that leaves out ``deck`` is read with 36 cards,
which it does not fit: the problem says that ``deck`` is missing (in English and Russian), and
a position of the 36-card deck without ``deck`` is read as before.  The deck is never guessed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kozel_tutor.position import Position, PositionError
from kozel_tutor.rules import Rules, find_rules
from kozel_tutor.state import DealState


def _deal_start(deck: int, seed: int = 3) -> dict[str, Any]:
    """The JSON of a ``standard`` deal's start with the ``deck``-card deck, ``deck`` left out."""
    state = DealState.deal(_rules(deck), rng=random.Random(seed), leader="N")
    data = Position.from_state(state).to_dict()
    assert data.pop("deck") == deck and data.pop("taken") == {"NS": [0, 0], "EW": [0, 0]}
    return data


def _rules(deck: int) -> Rules:
    return find_rules("standard", deck=deck)


def _mid_deal(deck: int, cards: int, seed: int = 5) -> dict[str, Any]:
    """The JSON of a ``standard`` deal with the ``deck``-card deck after ``cards`` were played
    (each the first legal one), ``taken`` given, ``deck`` left out."""
    state = DealState.deal(_rules(deck), rng=random.Random(seed), leader="E")
    for _ in range(cards):
        state.play(min(state.legal_plays(), key=lambda card: card.index))
    data = Position.from_state(state).to_dict()
    assert data.pop("deck") == deck
    return data


def _problems(data: dict[str, Any]) -> PositionError:
    with pytest.raises(PositionError) as caught:
        Position.from_json(data)
    return caught.value


def test_a_32_card_deal_start_without_deck_says_the_deck_is_missing() -> None:
    data = _deal_start(32)
    assert all(len(hand.split()) == 8 and "6" not in hand for hand in data["hands"].values())
    error = _problems(data)
    assert [problem.key for problem in error.details] == ["deck_missing"]
    assert str(error) == ('"deck" is missing: the position fits the 32-card deck, but rules '
                          '\'standard\' without "deck" are played with 36 cards '
                          '(add "deck": 32)')
    assert error.text("ru") == ('не указана колода ("deck"): позиция сходится с колодой из 32 '
                                'карт, а по правилам «standard» без поля "deck" играют колодой '
                                'из 36 карт (добавьте "deck": 32)')
    assert "taken" not in str(error) and "взятки" not in error.text("ru")


def test_a_32_card_deal_start_with_taken_and_a_called_trump_is_told_the_same() -> None:
    data = {**_deal_start(32), "taken": {"NS": [0, 0], "EW": [0, 0]}, "trump": "H"}
    assert [problem.key for problem in _problems(data).details] == ["deck_missing"]


def test_a_32_card_position_later_in_the_deal_without_deck_says_the_deck_is_missing() -> None:
    data = _mid_deal(32, 9)
    assert data["trick"] and data["taken"] != {"NS": [0, 0], "EW": [0, 0]}
    assert [problem.key for problem in _problems(data).details] == ["deck_missing"]
    assert Position.from_json({**data, "deck": 32}).rules.deck == 32   # the advice works


def test_what_else_is_wrong_under_the_smaller_deck_is_named_with_it() -> None:
    data = {**_mid_deal(32, 9), "led": "C"}   # clubs are trumps: no plain suit led
    error = _problems(data)
    assert [problem.key for problem in error.details] == ["deck_missing", "led_trump"]
    assert str(error).startswith('"deck" is missing') and "clubs are trumps" in str(error)


def test_a_36_card_position_without_deck_is_read_as_before() -> None:
    start = Position.from_json(_deal_start(36))
    assert start.rules.deck == 36 and start.cards_per_hand == 9
    later = Position.from_json(_mid_deal(36, 13))
    assert later.rules.deck == 36 and len(later.trick) == 1
    example = Position.from_json({"rules": "standard", "hands": {"N": "QC 9S", "E": "JD",
                                  "S": "TC 7S", "W": "KH 6D"}, "leader": "E", "trick": ["AH"],
                                  "taken": {"NS": [40, 4], "EW": [50, 3]}})
    assert example.rules.deck == 36


def test_a_36_card_position_missing_its_taken_is_not_told_of_the_deck() -> None:
    data = _mid_deal(36, 8)
    del data["taken"]
    error = _problems(data)
    assert [problem.key for problem in error.details] == ["taken_missing"]
    assert "deck" not in str(error)


def test_cards_a_smaller_deck_does_not_hold_are_not_taken_for_it() -> None:
    """A 36-card start with a card taken out of each hand, its sixes kept, fits no smaller
    deck: what was taken is missing, and no deck is named."""
    data = _deal_start(36)
    for seat, hand in data["hands"].items():
        cards = hand.split()
        cards.remove(next(card for card in cards if not card.startswith("6")))
        data["hands"][seat] = " ".join(cards)
    assert any("6" in hand for hand in data["hands"].values())
    error = _problems(data)
    assert [problem.key for problem in error.details] == ["taken_missing"]
