"""The pure-Python solver against a plain minimax, and its symmetry under relabelled plain suits.

The minimax here is deliberately naive — every legal card, every reply, no alpha-beta, no table,
no equivalent-card pruning — so that it can be read and trusted; the solver must give the same
value for every legal card of the player to move.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from kozel_tutor.cards import Card, CardSet, Rank, Suit
from kozel_tutor.position import Position
from kozel_tutor.rules import CardOrder, legal_mask
from kozel_tutor.seats import Seat, Team
from kozel_tutor.solver import Analysis, solve

TRUMPS: list[Suit | None] = [None, Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS]


def minimax_ns(order: CardOrder, hands: list[int], leader: int, trick: list[int]) -> int:
    """Card points NS take from here on when NS maximise and EW minimise them."""
    mover = (leader + len(trick)) % 4
    if not trick and not any(hands):
        return 0
    values = []
    legal = legal_mask(order, hands[mover], trick, 0)
    for card in (c for c in range(36) if legal >> c & 1):
        hands[mover] ^= 1 << card
        trick.append(card)
        if len(trick) == 4:
            winner = (leader + order.winning_index(trick)) % 4
            points = sum(order.points[c] for c in trick)
            values.append((points if winner % 2 == 0 else 0) + minimax_ns(order, hands, winner, []))
        else:
            values.append(minimax_ns(order, hands, leader, trick))
        trick.pop()
        hands[mover] ^= 1 << card
    return max(values) if mover % 2 == 0 else min(values)


def minimax_values(pos: Position) -> dict[Card, int]:
    """Points the mover's side ends the deal with after each legal card, by plain minimax."""
    order = pos.rules.card_order(pos.trump)
    hands = [h.mask for h in pos.hands]
    trick = [c.index for c in pos.trick]
    mover = pos.to_move
    future = sum(order.points[c] for c in trick) + sum(CardSet(h).points for h in hands)
    values: dict[Card, int] = {}
    for card in CardSet(legal_mask(order, hands[mover], trick, 0)):
        hands[mover] ^= card.bit
        trick.append(card.index)
        if len(trick) == 4:
            winner = (pos.leader + order.winning_index(trick)) % 4
            points = sum(order.points[c] for c in trick)
            ns = (points if winner % 2 == 0 else 0) + minimax_ns(order, hands, winner, [])
        else:
            ns = minimax_ns(order, hands, pos.leader, trick)
        trick.pop()
        hands[mover] ^= card.bit
        mine = ns if mover.team == 0 else future - ns
        values[card] = pos.taken_points[mover.team] + mine
    return values


def endgame(deal_at: Any, index: int) -> Position:
    """Endgame number ``index``: 1–4 tricks to play, both decks, each trump, mid-trick or not."""
    return Position.from_state(deal_at(
        1000 + index,
        deck=32 if index % 3 == 0 else 36,
        trump=TRUMPS[index % 5],
        cards_left=1 + index % 4,
        in_trick=(index // 4) % 4,
    ))


def check_principal_variation(pos: Position, analysis: Analysis) -> None:
    """The pv starts with a best card, is a legal line to the end, and reproduces the value."""
    state = pos.to_state()
    team = pos.to_move.team
    assert analysis.pv and analysis.pv[0] in analysis.best
    for card in analysis.pv:
        assert state.why_illegal(card) is None, f"pv plays illegal {card} in {pos.to_json()}"
        state.play(card)
    assert state.is_over
    assert state.points[team] == analysis.value


ENDGAMES = 240
BATCH = 40


@pytest.mark.parametrize("start", range(0, ENDGAMES, BATCH))
def test_solver_values_every_legal_card_as_plain_minimax_does(deal_at: Any, start: int) -> None:
    for index in range(start, start + BATCH):
        pos = endgame(deal_at, index)
        expected = minimax_values(pos)
        analysis = solve(pos, backend="python", outcomes=False)
        assert analysis.exact
        assert analysis.values == expected, f"endgame {index}: {pos.to_json()}"
        assert analysis.value == max(expected.values())
        assert set(analysis.best) == {c for c, v in expected.items() if v == analysis.value}
        check_principal_variation(pos, analysis)


def test_endgames_cover_both_decks_every_trump_every_trick_state_and_1_to_4_tricks(
        deal_at: Any) -> None:
    seen = set()
    for index in range(ENDGAMES):
        pos = endgame(deal_at, index)
        tricks_left = len(pos.hands[pos.leader]) + (1 if pos.trick else 0)
        seen.add((pos.rules.deck, pos.trump, len(pos.trick), tricks_left))
    assert {s[0] for s in seen} == {36, 32}
    assert {s[1] for s in seen} == set(Suit)
    assert {s[2] for s in seen} == {0, 1, 2, 3}
    assert {s[3] for s in seen} == {1, 2, 3, 4}


# -- symmetry: the three plain suits are interchangeable -----------------------------------------


def relabel(card: Card, mapping: dict[Suit, Suit]) -> Card:
    """The card with its plain suit renamed; queens, jacks and trump-suit cards keep their names
    (queens and jacks rank by their printed suit, so they are not part of the symmetry)."""
    if card.rank in (Rank.QUEEN, Rank.JACK) or card.suit not in mapping:
        return card
    return Card.of(card.rank, mapping[card.suit])


def relabelled(pos: Position, mapping: dict[Suit, Suit]) -> Position:
    return Position(
        rules=pos.rules,
        trump=pos.trump,
        hands=tuple(CardSet(relabel(c, mapping) for c in h) for h in pos.hands),  # type: ignore[arg-type]
        leader=pos.leader,
        trick=tuple(relabel(c, mapping) for c in pos.trick),
        taken_points=pos.taken_points,
        taken_tricks=pos.taken_tricks,
        led=frozenset(mapping.get(s, s) for s in pos.led),
    )


@pytest.mark.parametrize("start", range(0, 60, 20))
def test_solver_values_do_not_change_when_plain_suits_are_relabelled(deal_at: Any,
                                                                     start: int) -> None:
    for index in range(start, start + 20):
        pos = Position.from_state(deal_at(5000 + index, deck=36 if index % 2 else 32,
                                          trump=TRUMPS[index % 5], cards_left=3 + index % 3,
                                          in_trick=index % 4))
        plain = [s for s in Suit if s is not pos.trump]
        values = solve(pos, backend="python", outcomes=False).values
        for image in itertools.permutations(plain):
            mapping = dict(zip(plain, image, strict=True))
            if all(a is b for a, b in mapping.items()):
                continue
            moved = solve(relabelled(pos, mapping), backend="python", outcomes=False).values
            assert {c: moved[relabel(c, mapping)] for c in values} == values, (
                f"{pos.to_json()} relabelled {mapping}")


# -- small fixed positions ------------------------------------------------------------------------


def test_last_trick_value_is_the_points_already_taken_plus_the_trick() -> None:
    pos = Position.from_json({"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"},
                              "leader": "N", "taken": {"NS": [60, 4], "EW": [46, 4]}})
    analysis = solve(pos, backend="python")
    assert analysis.values == {Card.parse("QC"): 74}
    assert analysis.to_move is Seat.N and analysis.pv == [Card.parse(t) for t in
                                                          ("QC", "AH", "7S", "6D")]


def test_solver_gives_points_to_the_partner_who_wins_the_trick() -> None:
    # N leads the QC (the highest card); S should throw the ace of hearts onto it, not the six.
    pos = Position.from_json({"hands": {"N": "6S", "E": "7S", "S": "AH 6H", "W": "8S 8D"},
                              "leader": "N", "trick": ["QC", "7D"],
                              "taken": {"NS": [60, 3], "EW": [46, 4]}})
    values = solve(pos, backend="python").values
    assert values[Card.parse("AH")] > values[Card.parse("6H")]
    assert values == minimax_values(pos)


def test_solver_outcomes_name_the_deal_result_of_each_card() -> None:
    pos = Position.from_json({"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"},
                              "leader": "N", "taken": {"NS": [60, 4], "EW": [46, 4]}})
    outcome = solve(pos, backend="python").outcomes[Card.parse("QC")]
    assert (outcome.winner, outcome.value, outcome.eggs) == (Team.NS, 2, False)

