"""The sampler deals the hidden cards only in ways the seat's view allows (voids, counts, trump)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from conftest import random_deal
from hypothesis import given, settings
from hypothesis import strategies as st

from kozel_tutor.ai.sampler import InconsistentView, WorldSampler, is_consistent
from kozel_tutor.cards import Suit
from kozel_tutor.seats import Seat
from kozel_tutor.state import DealState, SeatView


def check_world_against_view(view: SeatView, world: tuple[int, int, int, int]) -> None:
    """Every rule a layout must obey, written out independently of the sampler."""
    order = view.order
    assert world[view.seat] == view.hand.mask, "the seat's own hand is kept"
    union = 0
    for seat in Seat:
        hand = world[seat]
        assert hand & union == 0, "no card is dealt twice"
        union |= hand
        assert hand.bit_count() == view.hand_sizes[seat], "each seat holds its number of cards"
        for card in range(36):
            if hand >> card & 1:
                assert order.suit_of[card] not in view.voids[seat], (
                    f"{seat.name} showed out of suit {order.suit_of[card]} but got card {card}")
    assert union & view.played.mask == 0, "no played card comes back"
    assert union == view.hand.mask | view.unseen.mask, "every unseen card is dealt"


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    deck=st.sampled_from([36, 32]),
    trump=st.sampled_from([None, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS]),
    cards_left=st.integers(1, 8),
    in_trick=st.integers(0, 3),
    seat=st.sampled_from(list(Seat)),
)
def test_every_sampled_world_is_consistent_with_the_seats_view(
        seed: int, deck: int, trump: Suit | None, cards_left: int, in_trick: int,
        seat: Seat) -> None:
    state = random_deal(seed, deck=deck, trump=trump, cards_left=min(cards_left, deck // 4 - 1),
                        in_trick=in_trick)
    if state.is_over:
        return
    view = state.view(seat)
    truth = (state.hands[0], state.hands[1], state.hands[2], state.hands[3])
    check_world_against_view(view, truth)  # the real deal is always one of the possibilities
    sampler = WorldSampler(view)
    rng = random.Random(seed)
    for _ in range(10):
        world = sampler.sample(rng)
        check_world_against_view(view, world)
        assert is_consistent(view, world)


def brute_force_worlds(view: SeatView) -> list[tuple[int, int, int, int]]:
    """All layouts of the unseen cards, filtered by the rules (small positions only)."""
    others = [view.seat.offset(k) for k in (1, 2, 3)]
    unseen = list(view.unseen)
    worlds = []
    for owners in itertools.product(range(3), repeat=len(unseen)):
        hands = [0, 0, 0, 0]
        hands[view.seat] = view.hand.mask
        for card, owner in zip(unseen, owners, strict=True):
            hands[others[owner]] |= card.bit
        world = (hands[0], hands[1], hands[2], hands[3])
        if is_consistent(view, world):
            worlds.append(world)
    return worlds


def small_views_with_voids() -> list[SeatView]:
    views = []
    for seed in range(400):
        state = random_deal(seed, cards_left=3, in_trick=seed % 3)
        view = state.view(state.to_move)
        if any(view.voids[s] for s in Seat if s != view.seat) and len(view.unseen) <= 7:
            views.append(view)
        if len(views) == 4:
            break
    return views


@pytest.mark.parametrize("view", small_views_with_voids(), ids=lambda v: f"{v.seat.name}")
def test_sampler_counts_exactly_the_layouts_that_fit_the_view(view: SeatView) -> None:
    assert WorldSampler(view).count() == len(brute_force_worlds(view))


def test_every_fitting_layout_is_about_equally_likely() -> None:
    view = small_views_with_voids()[0]
    worlds = brute_force_worlds(view)
    sampler = WorldSampler(view)
    rng = random.Random(11)
    draws = 300 * len(worlds)
    counts = Counter(sampler.sample(rng) for _ in range(draws))
    assert set(counts) == set(worlds)
    # Each layout expects 300 draws; 5 standard deviations either side.
    assert all(300 - 5 * 17.3 < counts[w] < 300 + 5 * 17.3 for w in worlds)


def test_a_view_before_the_trump_call_has_nothing_to_sample() -> None:
    from kozel_tutor.rules import find_rules

    state = DealState.deal(find_rules(trump="called"), rng=random.Random(1))
    with pytest.raises(InconsistentView, match="trump"):
        WorldSampler(state.view(Seat.S))
