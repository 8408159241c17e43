"""Whether a puzzle's stored hints are true in its position.

Every hint the generator writes (:func:`~.themes.hints_for`) either asks a question that takes
nothing for granted ("Who wants the lead right now?") or states a fact, or takes one for
granted: "You cannot take this trick", "Must you always beat their card?" (you can beat it),
"How many more points do you need to reach 61?" (you have fewer), "Play a heart." (the answer is
a heart).  This module knows every hint the generator writes and checks each fact against the
position with the rules engine; a hint it does not know is reported too, so a new hint gets its
fact here before it reaches the catalogue.  ``tests/test_puzzle_hint_facts.py`` runs it over the
whole catalogue.

>>> from kozel_tutor.puzzles.model import load_catalogue
>>> puzzle = next(p for s in load_catalogue() for p in s.puzzles if p.id == "e3-fc0102aed8")
>>> false_hints(puzzle)
[]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import Card
from ..seats import Seat, Team
from .model import Puzzle, Text
from .themes import CHEAP_HINTS, RUFF_HINTS, THEMES, trick_takers
from .verify import legal_cards

__all__ = ["FalseHint", "false_hints"]

Fact = Callable[[Puzzle], str | None]
"""A hint's fact: ``None`` when the position bears it out, else why not (in English)."""


@dataclass(frozen=True)
class FalseHint:
    """A stored hint whose fact the position contradicts (or which the checker does not know)."""

    puzzle: str
    hint: Text
    why: str

    def __str__(self) -> str:
        return f"{self.puzzle}: {self.hint.en!r}: {self.why}"


def _tokens(cards: list[Card]) -> str:
    return " ".join(c.token for c in cards)


def _answers(puzzle: Puzzle) -> list[Card]:
    return sorted(puzzle.answers, key=lambda c: c.index)


def _no_card_takes(puzzle: Puzzle) -> str | None:
    takers = trick_takers(puzzle.position)
    if not takers:
        return None
    return f"{_tokens(takers)} take{'s' if len(takers) == 1 else ''} the trick"


def _a_card_takes(puzzle: Puzzle) -> str | None:
    return None if trick_takers(puzzle.position) else "no card takes the trick"


def _trick_on_table(puzzle: Puzzle) -> str | None:
    return None if puzzle.position.trick else "no trick is on the table: you lead"


def _can_beat_opponent(puzzle: Puzzle) -> str | None:
    """"Must you always beat their card?": an opponent's card wins the trick so far, and a card
    you may play beats it."""
    position = puzzle.position
    if not position.trick:
        return "no trick is on the table: you lead"
    order = position.rules.card_order(position.trump)
    index = order.winning_index([c.index for c in position.trick])
    if position.leader.offset(index).team is position.to_move.team:
        return "your partner's card wins the trick so far"
    winning = position.trick[index]
    if not any(order.beats(card, winning) for card in legal_cards(position)):
        return f"no card you may play beats the {winning.token}"
    return None


def _ruff_choice(puzzle: Puzzle) -> str | None:
    """Trump or not: a plain suit was led, you have none of it, and you hold a trump and a card
    that is not one."""
    position = puzzle.position
    if not position.trick:
        return "no trick is on the table: you lead"
    order = position.rules.card_order(position.trump)
    led = order.effective_suit(position.trick[0])
    hand = list(position.hands[position.to_move])
    if order.is_trump(position.trick[0]):
        return "a trump was led"
    if any(order.effective_suit(c) == led for c in hand):
        return "you can follow the suit led"
    if not any(order.is_trump(c) for c in hand):
        return "you hold no trump"
    if all(order.is_trump(c) for c in hand):
        return "you hold only trumps"
    return None


def _ruff_way(trumps: bool) -> Fact:
    """The ruff hint that points one way: the position offers the choice and the answer goes
    that way (trumps or not)."""
    def fact(puzzle: Puzzle) -> str | None:
        why = _ruff_choice(puzzle)
        if why is not None:
            return why
        order = puzzle.position.rules.card_order(puzzle.position.trump)
        if any(order.is_trump(c) is trumps for c in puzzle.answers):
            return None
        return f"the answer {_tokens(_answers(puzzle))} {'does not trump' if trumps else 'trumps'}"
    return fact


def _trumps_gone(puzzle: Puzzle) -> str | None:
    """"Count the trumps: which are gone?": a trump has been played."""
    position = puzzle.position
    order = position.rules.card_order(position.trump)
    alive = {c for hand in position.hands for c in hand} | set(position.trick)
    return None if any(t not in alive for t in order.trumps) else "no trump has been played"


def _trumps_held(puzzle: Puzzle) -> str | None:
    """"Who still holds trumps?": another player still holds one."""
    position = puzzle.position
    order = position.rules.card_order(position.trump)
    held = [c for seat in Seat if seat != position.to_move
            for c in position.hands[seat] if order.is_trump(c)]
    return None if held else "no other player holds a trump"


def _catch_cards(puzzle: Puzzle) -> str | None:
    """"Where are the 6♣ and the Q♣?": both are still in play."""
    position = puzzle.position
    alive = {c for hand in position.hands for c in hand} | set(position.trick)
    gone = [token for token in ("6C", "QC") if Card.parse(token) not in alive]
    return f"{' '.join(gone)} already played" if gone else None


def _nothing(puzzle: Puzzle) -> str | None:
    """A question that takes nothing for granted."""
    return None


_THEME_FACTS: dict[Text, Fact] = {
    CHEAP_HINTS[False]: _no_card_takes,
    CHEAP_HINTS[True]: _a_card_takes,
    THEMES["duck"].hint: _can_beat_opponent,
    THEMES["feed_partner"].hint: _trick_on_table,
    THEMES["ruff_or_not"].hint: _ruff_choice,
    RUFF_HINTS[True]: _ruff_way(True),
    RUFF_HINTS[False]: _ruff_way(False),
    THEMES["count_trumps"].hint: _trumps_gone,
    THEMES["pull_trumps"].hint: _trumps_held,
    THEMES["catch"].hint: _catch_cards,
    **{THEMES[theme].hint: _nothing
       for theme in ("unblock", "endplay", "take_trick", "all_tricks", "opening_lead")},
}
"""The first hints that do not depend on the rules, with their facts."""

_STEP = re.compile(r"How many more points do (you|the opponents) need to reach (\d+)\?")
_SUIT = re.compile(r"(Lead|Play) (a trump|a club|a spade|a heart|a diamond)\.")
_PLACE = re.compile(r"It is your (highest|lowest) card( of that suit)?\.")
_WORTH = re.compile(r"The card is worth (\d+) points?\.")
_SUITS = ("a club", "a spade", "a heart", "a diamond")


def _step_fact(side: str, points: int) -> Fact:
    """"How many more points do you (the opponents) need to reach N?": fewer than N so far."""
    def fact(puzzle: Puzzle) -> str | None:
        position = puzzle.position
        team: Team = position.to_move.team if side == "you" else position.to_move.team.other
        taken = position.taken_points[team]
        return None if taken < points else f"{side} already have {taken} points"
    return fact


def _suit_fact(verb: str, suit: str) -> Fact:
    """"Lead a spade." / "Play a trump.": you lead (or follow) and an answer is of that suit."""
    def fact(puzzle: Puzzle) -> str | None:
        position = puzzle.position
        if (verb == "Lead") is bool(position.trick):
            return "you follow" if position.trick else "you lead"
        order = position.rules.card_order(position.trump)
        if any(order.is_trump(c) if suit == "a trump"
               else not order.is_trump(c) and _SUITS[c.suit] == suit for c in puzzle.answers):
            return None
        return f"the answer {_tokens(_answers(puzzle))} is not {suit}"
    return fact


def _place_fact(place: str, of_suit: bool) -> Fact:
    """"It is your highest (lowest) card [of that suit].": an answer is the highest (lowest) of
    the cards of its suit you may play, and "of that suit" is said when another suit may be
    played too."""
    def fact(puzzle: Puzzle) -> str | None:
        position = puzzle.position
        order = position.rules.card_order(position.trump)
        legal = legal_cards(position)
        if of_suit != (len({order.effective_suit(c) for c in legal}) > 1):
            return ("'of that suit', but every card you may play is of one suit" if of_suit
                    else "no 'of that suit', but other suits may be played")
        for answer in puzzle.answers:
            suit = [c for c in legal if order.effective_suit(c) == order.effective_suit(answer)]
            ranked = sorted(suit, key=lambda c: order.strength[c.index])
            if len(ranked) > 1 and answer == (ranked[-1] if place == "highest" else ranked[0]):
                return None
        return f"the answer {_tokens(_answers(puzzle))} is not your {place} card"
    return fact


def _worth_fact(points: int) -> Fact:
    def fact(puzzle: Puzzle) -> str | None:
        if any(c.points == points for c in puzzle.answers):
            return None
        return f"the answer {_tokens(_answers(puzzle))} is not worth {points}"
    return fact


def _fact_of(hint: Text) -> Fact | None:
    """The fact ``hint`` states or takes for granted (``None``: a hint the checker does not
    know)."""
    if hint in _THEME_FACTS:
        return _THEME_FACTS[hint]
    if step := _STEP.fullmatch(hint.en):
        return _step_fact(step[1], int(step[2])) if step[2] in hint.ru else None
    if suit := _SUIT.fullmatch(hint.en):
        return _suit_fact(suit[1], suit[2])
    if place := _PLACE.fullmatch(hint.en):
        return _place_fact(place[1], bool(place[2]))
    if worth := _WORTH.fullmatch(hint.en):
        return _worth_fact(int(worth[1])) if worth[1] in hint.ru else None
    return None


def false_hints(puzzle: Puzzle) -> list[FalseHint]:
    """The puzzle's hints whose fact its position contradicts, and those the checker does not
    know; empty when every hint is true."""
    found: list[FalseHint] = []
    for hint in puzzle.hints:
        fact = _fact_of(hint)
        why = "a hint the checker does not know" if fact is None else fact(puzzle)
        if why is not None:
            found.append(FalseHint(puzzle.id, hint, why))
    return found
