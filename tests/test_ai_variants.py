"""The AI under the regional presets (RULES.md §2): sampling, the catch, penalty scoring, medium's
rules, the match context and a tiny arena of whole matches per preset."""

from __future__ import annotations

import math
import random

import pytest

from kozel_tutor.ai import make_player
from kozel_tutor.ai.context import MatchContext, context_for
from kozel_tutor.ai.heuristic import MediumPlayer
from kozel_tutor.ai.knowledge import save_points
from kozel_tutor.ai.pimc import HARD, MonteCarloPlayer, _evaluate_exact, backend_for, deal_utility
from kozel_tutor.ai.sampler import WorldSampler
from kozel_tutor.ai.variant_arena import match_report, run_match_pairing
from kozel_tutor.cards import Card, CardSet, parse_cards
from kozel_tutor.rules import TRUMP, Rules, find_rules
from kozel_tutor.seats import Seat, Team
from kozel_tutor.solver.core import Deal
from kozel_tutor.solver.python_solver import PythonBackend
from kozel_tutor.state import DealState, Trick
from kozel_tutor.variants.choices import HeuristicChooser
from kozel_tutor.variants.match import Match
from kozel_tutor.variants.questions import GiveTrumpQuestion, Question, drive

PRESETS = ("classic", "nizhny", "kozly24")


def table(rules: Rules, fixed: dict[str, str], leader: str, plays: str = "") -> DealState:
    """A full deal of ``rules``: the named cards go to their seats, the rest fill the hands in
    deck order; ``plays`` are then played legally from ``leader``."""
    hands = {seat: CardSet.parse(fixed.get(seat.name, "")).mask for seat in Seat}
    used = 0
    for mask in hands.values():
        used |= mask
    rest = [c for c in rules.deck_cards if not used & c.bit]
    for seat in Seat:
        while hands[seat].bit_count() < rules.hand_size:
            hands[seat] |= rest.pop(0).bit
    lead = Seat.parse(leader)
    state = DealState(rules, [hands[s] for s in Seat], dealer=lead.previous, leader=lead)
    for card in parse_cards(plays):
        state.play(card)
    return state


def endgame(rules: Rules, hands: dict[str, str], leader: str, taken: tuple[int, int],
            plays: str = "") -> DealState:
    """A late position: ``hands`` as given, every other card of the deck already gone in earlier
    tricks (made before play, so they show no voids), ``taken`` the points of NS and EW."""
    masks = [CardSet.parse(hands[s.name]).mask for s in Seat]
    gone = [c for c in rules.deck_cards if not (masks[0] | masks[1] | masks[2] | masks[3]) & c.bit]
    tricks = [Trick(Seat.N, tuple(gone[i:i + 4]), Seat.N, 0) for i in range(0, len(gone), 4)]
    lead = Seat.parse(leader)
    per_side = len(tricks) // 2
    state = DealState(rules, masks, dealer=lead.previous, leader=lead, tricks=tricks,
                      taken_points=taken, taken_tricks=(per_side, len(tricks) - per_side))
    for card in parse_cards(plays):
        state.play(card)
    return state


# -- sampling ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_sampled_layouts_hold_only_the_cards_of_the_presets_deck(name: str) -> None:
    rules = find_rules(name)
    state = DealState.deal(rules, rng=random.Random(3))
    state.play(sorted(state.legal_plays())[0])
    view = state.view(state.to_move)
    sampler = WorldSampler(view)
    rng = random.Random(1)
    for _ in range(20):
        world = sampler.sample(rng)
        union = world[0] | world[1] | world[2] | world[3]
        assert union == rules.deck_cards.mask & ~view.played.mask
        assert sampler.is_consistent(world)


def test_nizhny_a_player_who_led_a_trump_holds_no_plain_card_in_any_sample() -> None:
    rules = find_rules("nizhny")
    # W holds trumps only and must lead one; afterwards nobody may place a plain card with W.
    state = table(rules, {"W": "JD JH QD QS KC TC AC 9C 8C"}, leader="W", plays="8C")
    view = state.view(Seat.N)
    assert set(range(4)) <= view.voids[Seat.W]
    sampler = WorldSampler(view)
    rng = random.Random(2)
    plain = rules.card_order().suit_masks
    for _ in range(30):
        world = sampler.sample(rng)
        assert not world[Seat.W] & ~plain[TRUMP]


def test_classic_first_deal_the_leader_keeps_the_seven_of_diamonds_in_every_sample() -> None:
    rules = find_rules("classic")
    for seed in range(30):
        match = Match(rules, rng=random.Random(seed))
        setup = drive(match.setup(), HeuristicChooser(random.Random(seed), samples=2))
        state = setup.state
        assert state is not None
        leader = state.leader
        seven = Card.parse("7D")
        assert seven in state.hand(leader), "the holder of the 7♦ leads the first trick"
        other = [c for c in state.legal_plays() if c != seven]
        if not other:
            continue
        state.play(other[0])
        seat = state.to_move
        context = context_for(match, setup, seat)
        assert context.known[leader] == seven.bit and context.first_deal
        sampler = WorldSampler(state.view(seat), context.known)
        rng = random.Random(seed)
        assert all(seven.bit & sampler.sample(rng)[leader] for _ in range(20))
        return
    pytest.fail("no first deal where the leader could keep the 7♦")


def test_a_trump_given_to_the_partner_is_known_to_the_giver_in_every_sample() -> None:
    rules = find_rules("classic")

    def give(question: Question) -> object:
        if isinstance(question, GiveTrumpQuestion):
            return True
        return question.options[0]

    for seed in range(60):
        match = Match(rules, rng=random.Random(seed))
        setup = drive(match.setup(), give)
        if not setup.exchanges or setup.state is None:
            continue
        exchange = setup.exchanges[0]
        context = context_for(match, setup, exchange.giver)
        assert context.known[exchange.taker] & exchange.trump.bit
        state = setup.state
        view = state.view(exchange.giver)
        sampler = WorldSampler(view, context.known)
        rng = random.Random(seed)
        assert all(sampler.sample(rng)[exchange.taker] & exchange.trump.bit for _ in range(20))
        back = context_for(match, setup, exchange.taker)
        assert back.known[exchange.giver] & exchange.returned.bit
        return
    pytest.fail("no deal with an exchange of the last trump")


# -- scoring the layouts ---------------------------------------------------------------------


def test_penalty_scoring_fewer_points_against_you_is_better() -> None:
    nizhny = find_rules("nizhny")
    assert deal_utility(nizhny, Team.NS, 70, 50) == 2, "EW are written 2"
    assert deal_utility(nizhny, Team.EW, 50, 70) == -2
    assert deal_utility(nizhny, Team.NS, 100, 20) == 4
    assert deal_utility(nizhny, Team.NS, 120, 0) == 6, "no points at all: 6"
    assert deal_utility(nizhny, Team.NS, 100, 20, caught=Team.NS) == -4, "the caught side"
    doubled = MatchContext(multiplier=2)
    assert deal_utility(nizhny, Team.NS, 70, 50, caught=Team.EW, context=doubled) == 8


def test_kozly24_a_sweep_erases_the_sweepers_penalty_and_in_the_first_deal_writes_12() -> None:
    kozly24 = find_rules("kozly24")
    assert deal_utility(kozly24, Team.NS, 100, 20) == 4, "below 30: 4"
    assert deal_utility(kozly24, Team.NS, 90, 30) == 2, "30 saves"
    later = MatchContext(scores=(6, 2))
    assert deal_utility(kozly24, Team.NS, 120, 0, theirs_no_trick=True, context=later) == 6
    first = MatchContext(first_deal=True)
    assert deal_utility(kozly24, Team.NS, 120, 0, theirs_no_trick=True, context=first) == 12


def test_classic_lyusya_is_worth_the_rows_it_wipes() -> None:
    classic = find_rules("classic")
    assert deal_utility(classic, Team.NS, 70, 50) == 1
    assert deal_utility(classic, Team.NS, 95, 25) == 2
    rich = MatchContext(scores=(1, 4))
    assert deal_utility(classic, Team.NS, 120, 0, theirs_no_trick=True, context=rich) == 4
    assert deal_utility(classic, Team.NS, 120, 0, theirs_no_trick=True,
                        context=MatchContext(scores=(1, 0))) == 0
    assert deal_utility(classic, Team.NS, 70, 50, context=MatchContext(multiplier=2)) == 2, \
        "after eggs the winner takes an extra row"


def test_the_save_points_follow_each_presets_table() -> None:
    assert [save_points(find_rules(n)) for n in ("standard", *PRESETS)] == [31, 31, 31, 30]


@pytest.mark.parametrize("name", ["nizhny", "kozly24"])
def test_the_backend_used_under_the_catch_scores_the_catch(name: str) -> None:
    rules = find_rules(name)
    backend = backend_for(rules)
    masks = [CardSet.parse(h).mask for h in ("QC AH", "6C TH", "KC AS", "AC TS")]
    deal = Deal(rules.card_order(), (masks[0], masks[1], masks[2], masks[3]), 0, (), 0, (30, 50))
    assert backend.value(deal) == PythonBackend().value(deal)


def test_the_solver_is_given_the_points_taken_so_a_catch_of_our_queen_costs_four() -> None:
    rules = find_rules("nizhny")
    # S leads; W, N, E follow.  Leading the Q♣ walks into W's 6♣: NS are caught (-4).  The K♣
    # lets W's 6♣ win a small trick (E gives it the ten); NS then ruff the hearts with the Q♣
    # and finish on 34 (-2).  A solver that forgot NS's 20 points taken would count the catch
    # as 50 points, only -2, and prefer it on points.
    state = endgame(rules, {"S": "QC KC", "W": "6C 7H", "N": "AH 9H", "E": "TH 8H"}, "S",
                    (20, 72))
    view = state.view(Seat.S)
    world = (state.hands[0], state.hands[1], state.hands[2], state.hands[3])
    values = _evaluate_exact(view, world, sorted(view.legal), PythonBackend(), math.inf)
    assert values[Card.parse("QC")] == (-4, 30)
    assert values[Card.parse("KC")] == (-2, 34)


def test_hard_drops_the_six_of_clubs_on_the_opponents_queen() -> None:
    rules = find_rules("nizhny")
    state = endgame(rules, {"W": "QC JD", "N": "7C AH", "E": "8C KH", "S": "6C TC"}, "W",
                    (20, 70), plays="QC 7C 8C")
    decision = MonteCarloPlayer(random.Random(1), HARD, PythonBackend()).choose(
        state.view(Seat.S))
    assert decision.card == Card.parse("6C")
    best = next(s for s in decision.candidates if s.card == decision.card)
    assert best.mean_score == 4


# -- medium's rules --------------------------------------------------------------------------


def test_medium_catches_the_opponents_queen_with_the_six_of_clubs() -> None:
    rules = find_rules("kozly24")
    state = table(rules, {"W": "QC", "S": "6C TC", "N": "KC", "E": "AC"}, leader="W",
                  plays="QC KC AC")
    decision = MediumPlayer().choose(state.view(Seat.S))
    assert decision.card == Card.parse("6C")
    assert decision.reason is not None and decision.reason.key == "ai_catch_queen"
    assert "6" in decision.reason.text("ru") or "шест" in decision.reason.text("ru")


def test_medium_keeps_the_queen_of_clubs_out_of_a_trick_the_six_may_still_catch() -> None:
    rules = find_rules("kozly24")
    # E leads a small trump; the Q♣ is S's emptiest trump, but W (after S) may hold the 6♣.
    state = table(rules, {"E": "JD", "S": "QC TC AS KS TH KH"}, leader="E", plays="JD")
    assert Card.parse("6C") not in state.hand(Seat.S)
    assert set(state.legal_plays()) == {Card.parse("QC"), Card.parse("TC")}
    decision = MediumPlayer().choose(state.view(Seat.S))
    assert decision.card == Card.parse("TC")
    assert decision.reason is not None and decision.reason.key == "ai_guard_queen"
    assert "queen of clubs" in decision.reason.text("en")


def test_medium_plays_the_queen_when_the_six_is_already_out() -> None:
    rules = find_rules("kozly24")
    state = table(rules, {"E": "JD", "S": "QC TC 6C AS KS TH"}, leader="E", plays="JD")
    decision = MediumPlayer().choose(state.view(Seat.S))
    assert decision.reason is None or decision.reason.key != "ai_guard_queen"


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_in_nizhny_the_rule_based_levels_never_lead_a_trump_while_holding_a_plain_card(
        level: str) -> None:
    rules = find_rules("nizhny")
    rng = random.Random(4)
    for seed in range(6):
        state = DealState.deal(rules, dealer=Seat(seed % 4), rng=random.Random(seed))
        player = make_player(level, rng)
        order = state.order
        while not state.is_over:
            seat = state.to_move
            card = player.choose(state.view(seat)).card
            hand = state.hand(seat)
            if not state.trick and order.is_trump(card):
                assert all(order.is_trump(c) for c in hand), f"{seat.name} led {card}"
            state.play(card)


# -- whole matches -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_a_tiny_arena_plays_two_duplicate_deals_of_whole_matches(name: str) -> None:
    rules = find_rules(name)
    records = run_match_pairing(rules, "medium", "easy", 2, seed=3, log=False)
    assert [r.index for r in records] == [0, 1]
    for record in records:
        # A deal moves a side's score by at most what a deal can write (or wipe).
        for moved in (record.a_at_ns, record.a_at_ew):
            assert all(-12 <= m <= 12 for m in moved)
    report = match_report(rules, "medium", "easy", records)
    assert report.deals == 4 and report.low <= report.mean <= report.high
    again = run_match_pairing(rules, "medium", "easy", 2, seed=3, log=False)
    assert [(r.a_at_ns, r.a_at_ew) for r in again] == [(r.a_at_ns, r.a_at_ew) for r in records]
