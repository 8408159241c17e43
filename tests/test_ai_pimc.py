"""The Monte Carlo levels: expected deal score over consistent layouts, solved exactly."""

from __future__ import annotations

import math
import random

import pytest
from conftest import random_deal

from kozel_tutor.ai import inference
from kozel_tutor.ai.inference import PlayReader, log_likelihood
from kozel_tutor.ai.pimc import (
    HARD,
    INSANE,
    MonteCarloPlayer,
    MonteCarloSettings,
    _evaluate_brackets,
    _evaluate_exact,
    _score_cuts,
    deal_utility,
)
from kozel_tutor.ai.sampler import WorldSampler
from kozel_tutor.cards import CardSet, Suit
from kozel_tutor.position import Position
from kozel_tutor.rules import find_rules, legal_mask
from kozel_tutor.seats import Seat, Team
from kozel_tutor.solver import solve
from kozel_tutor.solver.native import NativeBackend
from kozel_tutor.state import DealState, SeatView

# Positions (seed, cards_left, in_trick) where the hidden cards are fully determined by the
# voids shown, so a Monte Carlo player must find the double-dummy answer.
DETERMINED = [(11, 2, 3), (27, 2, 3), (30, 2, 2), (42, 2, 2), (45, 2, 1), (107, 2, 3)]


def test_deal_score_is_two_four_six_or_eggs_from_the_sides_point_of_view() -> None:
    rules = find_rules()
    assert deal_utility(rules, Team.NS, 70, 50) == 2
    assert deal_utility(rules, Team.EW, 50, 70) == -2
    assert deal_utility(rules, Team.NS, 90, 30) == 4, "the losers did not save themselves"
    assert deal_utility(rules, Team.NS, 89, 31) == 2, "31 points save the losers"
    assert deal_utility(rules, Team.NS, 120, 0, theirs_no_trick=True) == 6
    assert deal_utility(rules, Team.NS, 120, 0) == 4, "a pointless trick still saves the 6"
    assert deal_utility(rules, Team.EW, 60, 60) == 0, "eggs"


@pytest.mark.parametrize("where", DETERMINED)
def test_with_every_hidden_card_known_hard_plays_a_double_dummy_best_card(
        where: tuple[int, int, int]) -> None:
    seed, cards_left, in_trick = where
    state = random_deal(seed, cards_left=cards_left, in_trick=in_trick)
    view = state.view(state.to_move)
    assert WorldSampler(view).count() == 1
    decision = MonteCarloPlayer(random.Random(1), HARD).choose(view)
    analysis = solve(Position.from_state(state))
    team = state.to_move.team

    def score(card: object) -> int:
        outcome = analysis.outcomes[card]  # type: ignore[index]
        if outcome.winner is None:
            return 0
        return outcome.value if outcome.winner is team else -outcome.value

    best_score = max(score(c) for c in analysis.values)
    best = [c for c in analysis.values if score(c) == best_score]
    best_points = max(analysis.values[c] for c in best)
    assert decision.card in best
    assert analysis.values[decision.card] == best_points, "ties on score go to the points"
    chosen = next(s for s in decision.candidates if s.card == decision.card)
    assert chosen.mean_score == best_score


def test_every_legal_card_gets_statistics_and_the_best_is_chosen() -> None:
    state = random_deal(5, cards_left=5, in_trick=1)
    view = state.view(state.to_move)
    seen: list[float] = []
    decision = MonteCarloPlayer(random.Random(2), HARD).choose(view, progress=seen.append)
    assert {s.card for s in decision.candidates} == set(view.legal)
    assert all(0.0 <= f <= 1.0 for f in seen) and seen[-1] == 1.0
    top = max(decision.candidates, key=lambda s: (s.mean_score, s.mean_points))
    assert decision.card == top.card
    assert decision.reason is not None and decision.reason.key == "ai_best_expected"
    assert str(top.samples) in decision.reason.text("ru")


def test_without_time_to_think_the_rules_of_thumb_decide() -> None:
    state = random_deal(9, cards_left=9)
    view = state.view(state.to_move)
    no_time = MonteCarloSettings("hard", samples=24, budget=0.0)
    decision = MonteCarloPlayer(random.Random(1), no_time).choose(view)
    assert decision.card in view.legal
    assert decision.reason is not None and decision.reason.key == "ai_fallback"


def test_insane_thinks_with_more_layouts_and_inference() -> None:
    assert INSANE.samples > HARD.samples and INSANE.budget > HARD.budget
    assert INSANE.inference and not HARD.inference
    state = random_deal(21, cards_left=4, in_trick=2)
    decision = MonteCarloPlayer(random.Random(3), INSANE).choose(state.view(state.to_move))
    assert decision.card in state.legal_plays()


def test_the_caller_of_trumps_is_read_as_holding_them() -> None:
    rules = find_rules(trump="called")
    south = CardSet.parse("6S 7S 8S 9S 6D 7D 8D 9D TD")
    strong = CardSet.parse("QC QH AH TH KH 9H 8H 7H 6H")  # nine hearts for the caller, E
    rest = [c for c in rules.deck_cards if c not in south and c not in strong]
    hands = [CardSet(rest[:9]), strong, south, CardSet(rest[9:])]
    state = DealState(rules, hands, dealer=Seat.N)
    state.call_trump(Suit.HEARTS)
    view = state.view(Seat.S)
    called_by_strong = (hands[0].mask, hands[1].mask, hands[2].mask, hands[3].mask)
    swapped = (hands[1].mask, hands[0].mask, hands[2].mask, hands[3].mask)  # E gets N's cards
    likely = log_likelihood(view, called_by_strong)
    unlikely = log_likelihood(view, swapped)
    assert math.isfinite(unlikely) and likely > unlikely


def _softmax_log_likelihood(view: SeatView, world: tuple[int, int, int, int]) -> float:
    """The inference model written out plainly: for every card another player chose to a
    started trick, log softmax of its naturalness over the cards they could have played."""
    order = view.order
    plays = [(trick.leader.offset(i), [c.index for c in trick.cards][:i], trick.cards[i].index,
              no) for no, trick in enumerate(view.tricks) for i in range(4)]
    plays += [(view.leader.offset(i), [c.index for c in view.trick][:i], card.index,
               len(view.tricks)) for i, card in enumerate(view.trick)]
    total = 0.0
    for k, (seat, before, card, trick_no) in enumerate(plays):
        if seat == view.seat or not before:
            continue
        held = world[seat] | sum(1 << c for s, _, c, _ in plays[k:] if s == seat)
        led = inference._led_before([order.suit_of[t.cards[0].index] for t in view.tricks],
                                    trick_no)
        legal = [c for c in range(36) if legal_mask(order, held, before, led) >> c & 1]
        winner = seat.offset(-len(before) + order.winning_index(before))
        utility = {c: inference._utility(order, c, before, winner == seat.partner,
                                          len(before) == 3) for c in legal}
        total += utility[card] - math.log(sum(math.exp(u) for u in utility.values()))
    return total


@pytest.mark.parametrize("seed", range(6))
def test_the_play_reader_scores_layouts_as_the_model_says(seed: int) -> None:
    state = random_deal(seed, deck=(36, 32)[seed % 2], cards_left=5 - seed % 3, in_trick=seed % 4)
    view = state.view(state.to_move)
    reader = PlayReader(view)
    rng = random.Random(seed)
    sampler = WorldSampler(view)
    for world in [sampler.sample(rng) for _ in range(40)] + [tuple(state.hands)]:
        expected = _softmax_log_likelihood(view, world)
        assert reader.log_likelihood(world) == pytest.approx(expected, abs=1e-9)
        assert log_likelihood(view, world) == pytest.approx(expected, abs=1e-9)


@pytest.mark.usefixtures("native_core")
@pytest.mark.parametrize("preset", ["standard", "classic", "kozly24"])
def test_bracket_queries_score_every_card_as_the_exact_values_do(preset: str) -> None:
    """Insane's cheap solve (only the deal score's thresholds) gives every card the same deal
    score on every layout as the exact values, and points within the bracket."""
    backend = NativeBackend(tt_megabytes=8)
    rng = random.Random(preset)
    compared = 0
    for seed in range(12):
        state = DealState.deal(find_rules(preset), rng=random.Random(seed))
        while state.hands[state.to_move].bit_count() > 3 + seed % 4 or len(state.trick) < seed % 4:
            state.play(rng.choice(sorted(state.legal_plays())))
        view = state.view(state.to_move)
        for world in [WorldSampler(view).sample(rng) for _ in range(3)]:
            cuts = _score_cuts(view, world, None)
            assert cuts is not None and 1 in cuts
            exact = _evaluate_exact(view, world, sorted(view.legal), backend, math.inf)
            cheap = _evaluate_brackets(view, world, sorted(view.legal), backend, math.inf, None,
                                       cuts)
            for card, (score, _points) in exact.items():
                assert cheap[card][0] == score, (seed, card)
                compared += 1
    assert compared > 60


def test_the_score_cuts_are_where_the_deal_changes_hands() -> None:
    state = random_deal(3, cards_left=9)
    view = state.view(state.to_move)
    world = WorldSampler(view).sample(random.Random(1))
    # 120 points to come: 31 saves the losers, 60 is eggs, 61 wins, 90 leaves them under 31
    assert _score_cuts(view, world, None) == (1, 31, 60, 61, 90, 120)


@pytest.mark.usefixtures("native_core")
def test_early_in_the_deal_insane_says_its_points_are_approximate() -> None:
    state = random_deal(8, cards_left=8)   # 32 cards in the hands: solved as brackets
    view = state.view(state.to_move)
    quick = MonteCarloSettings("insane", samples=3, budget=60.0, brackets_above=24)
    decision = MonteCarloPlayer(random.Random(1), quick).choose(view)
    assert decision.reason is not None and decision.reason.key == "ai_best_expected_about"
    assert "about" in decision.reason.text("en") and "около" in decision.reason.text("ru")
    late = random_deal(8, cards_left=6)   # 24 cards: exact values again
    decision = MonteCarloPlayer(random.Random(1), quick).choose(late.view(late.to_move))
    assert decision.reason is not None and decision.reason.key == "ai_best_expected"
