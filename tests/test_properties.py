"""Properties that hold for every deal, checked on random legal playouts (hypothesis)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kozel_tutor.cards import CardSet, Suit
from kozel_tutor.position import Position
from kozel_tutor.seats import Seat
from kozel_tutor.state import DealState, Phase

seeds = st.integers(min_value=0, max_value=2**32 - 1)
decks = st.sampled_from([36, 32])
trumps = st.sampled_from([None, *Suit])  # None: the clubs option; a suit: called


def snapshot(deal: DealState) -> dict[str, object]:
    return {key: (list(value) if isinstance(value, list) else value)
            for key, value in vars(deal).items()}


def mid_deal(deal_at: Any, seed: int, deck: int, trump: Suit | None,
             data: st.DataObject) -> DealState:
    size = deck // 4
    cards_left = data.draw(st.integers(min_value=1, max_value=size), label="cards_left")
    in_trick = data.draw(st.integers(min_value=0, max_value=3), label="in_trick")
    deal: DealState = deal_at(seed, deck=deck, trump=trump, cards_left=cards_left,
                              in_trick=in_trick)
    return deal


@settings(max_examples=150, deadline=None)
@given(seed=seeds, deck=decks, trump=trumps)
def test_every_finished_deal_holds_120_points(
        deal_at: Any, seed: int, deck: int, trump: Suit | None) -> None:
    deal = deal_at(seed, deck=deck, trump=trump)
    assert deal.phase is Phase.DONE
    assert deal.trump is (Suit.CLUBS if trump is None else trump)
    assert sum(deal.points) == 120
    assert len(deal.tricks) == sum(deal.tricks_taken) == deck // 4
    assert sum(t.points for t in deal.tricks) == 120
    for team in (0, 1):
        assert deal.points[team] == sum(t.points for t in deal.tricks if t.winner.team == team)
    for before, after in zip(deal.tricks, deal.tricks[1:], strict=False):
        assert after.leader is before.winner
    result = deal.result()
    assert sum(result.points) == 120
    if result.eggs:
        assert result.points == (60, 60)
    else:
        assert result.winner is not None and result.points[result.winner] >= 61


@settings(max_examples=60, deadline=None)
@given(seed=seeds, deck=decks, trump=trumps, data=st.data())
def test_replaying_the_same_plays_gives_the_same_state(
        deal_at: Any, seed: int, deck: int, trump: Suit | None, data: st.DataObject) -> None:
    deal = mid_deal(deal_at, seed, deck, trump, data)
    dealt = [deal.hand(seat) | CardSet(c for who, c in deal.history if who is seat)
             for seat in Seat]
    again = DealState(deal.rules, dealt, dealer=deal.dealer)
    if trump is not None:
        again.call_trump(trump)
    for _, card in deal.history:
        again.play(card)
    assert snapshot(again) == snapshot(deal)


@settings(max_examples=60, deadline=None)
@given(seed=seeds, deck=decks, trump=trumps, data=st.data())
def test_play_then_undo_restores_the_state_exactly(
        deal_at: Any, seed: int, deck: int, trump: Suit | None, data: st.DataObject) -> None:
    deal = mid_deal(deal_at, seed, deck, trump, data)
    before = snapshot(deal)
    for card in deal.legal_plays():
        deal.play(card)
        deal.undo()
        assert snapshot(deal) == before


@settings(max_examples=100, deadline=None)
@given(seed=seeds, deck=decks, trump=trumps, data=st.data())
def test_position_of_a_deal_in_progress_validates_and_formats_then_parses_to_itself(
        deal_at: Any, seed: int, deck: int, trump: Suit | None, data: st.DataObject) -> None:
    deal = mid_deal(deal_at, seed, deck, trump, data)
    pos = Position.from_state(deal)  # raises PositionError if the validator disagrees
    parsed = Position.from_json(pos.to_json())
    assert parsed.to_json() == pos.to_json()
    assert Position.from_json(parsed.to_json()) == parsed
    # The notation cannot say that clubs were *called*; everything a solve needs survives.
    for name in ("trump", "hands", "leader", "trick", "taken_points", "taken_tricks", "led"):
        assert getattr(parsed, name) == getattr(pos, name)
    assert (parsed.rules.name, parsed.rules.deck) == (pos.rules.name, pos.rules.deck)
    if pos.rules.trump_rule == "called" and pos.trump is not Suit.CLUBS:
        assert parsed == pos
    again = pos.to_state()
    assert again.to_move is deal.to_move
    assert again.legal_plays() == deal.legal_plays()
    assert Position.from_state(again) == pos
