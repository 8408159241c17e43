"""RULES.md rules with a small test each: how ``kozly24`` deals, the classic redeal for a side
with no queen at all, the naked goats, and who deals and who leads each deal of a match."""

from __future__ import annotations

import random

import pytest

from kozel_tutor.cards import Card, CardSet, Suit
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat, Team
from kozel_tutor.state import DealState, Phase
from kozel_tutor.variants import Match, RandomChooser, drive, procedures_for
from kozel_tutor.variants.predeal import redeal_questions
from kozel_tutor.variants.questions import BoastQuestion, LeaderQuestion, Question
from kozel_tutor.variants.tablo import goats_title

CLASSIC = find_rules("classic")


class Unshuffled(random.Random):
    """A "shuffle" that leaves the deck in its order."""

    def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
        return None


@pytest.mark.parametrize("dealer", list(Seat))
def test_kozly24_deals_six_cards_each_one_at_a_time_from_the_left_of_the_dealer(
        dealer: Seat) -> None:
    rules = find_rules("kozly24")
    deck = list(rules.deck_cards)
    assert len(deck) == 24
    state = DealState.deal(rules, dealer=dealer, rng=Unshuffled())
    for step in range(1, 5):   # the k-th card of the deck goes to the k-th player from the left
        seat = dealer.offset(step)
        assert state.hand(seat) == CardSet(deck[step - 1::4]), seat


# N–S hold all four queens, E–W none; no hand is weak (every one above 12 points, no four nines).
NO_QUEEN_EW = ("QC QS TC 7C 8C 7S 8S 9S", "AC KC 9C JC JS AS TS KS",
               "QH QD TH 7H 8H 7D 8D 9D", "AH KH 9H JH JD AD TD KD")


def test_classic_redeal_for_a_side_with_no_queen_at_all() -> None:
    hands = [CardSet.parse(text) for text in NO_QUEEN_EW]
    assert all(hand.points > 12 for hand in hands) and sum(h.points for h in hands) == 120
    questions = redeal_questions(CLASSIC, procedures_for(CLASSIC), hands, Seat.W)
    # The side's claim goes to its first player from the left of the dealer (W deals: E).
    assert [(q.seat, q.reason) for q in questions] == [(Seat.E, "no_queen")]
    questions = redeal_questions(CLASSIC, procedures_for(CLASSIC), hands, Seat.E)
    assert [(q.seat, q.reason) for q in questions] == [(Seat.W, "no_queen")]


def finished(points: tuple[int, int], tricks: tuple[int, int]) -> DealState:
    return DealState(CLASSIC, [CardSet()] * 4, taken_points=points, taken_tricks=tricks)


def test_classic_losers_who_wrote_nothing_are_naked_goats() -> None:
    match = Match(CLASSIC)
    match.score.scores = [5, 0]
    match.record(finished((70, 50), (5, 3)))
    assert match.is_over and match.goats is Team.EW and match.score.naked_goats
    title = goats_title(match)
    assert title is not None and title[0] is Team.EW and title[1].key == "title_goats_naked"
    assert title[1].text("en") == "The losers are naked goats: they wrote nothing."
    assert title[1].text("ru") == "Проигравшие — голые козлы: они ничего не записали."
    match = Match(CLASSIC)
    match.score.scores = [5, 1]   # one row written: plain goats
    match.record(finished((70, 50), (5, 3)))
    assert match.is_over and not match.score.naked_goats
    title = goats_title(match)
    assert title is not None and title[1].key == "title_goats"


# -- who deals and who leads, deal after deal ---------------------------------------------------

def played_deals(name: str, deals: int, seed: int, **options: object
                 ) -> list[tuple[Seat, DealState, Team | None]]:
    """``deals`` deals of a match from first dealer E, played at random: each one's dealer (the
    match's, before the deal), its state as the first card is played, and the side that won the
    deal before it (``None`` before any side won one)."""
    rng = random.Random(seed)
    match = Match(find_rules(name, **options), first_dealer=Seat.E, rng=rng)
    chooser = RandomChooser(rng)
    seen: list[tuple[Seat, DealState, Team | None]] = []
    while len(seen) < deals and not match.is_over:
        dealer, last_winner = match.dealer, match.last_winner
        state = drive(match.setup(), chooser).state
        if state is None:   # a refused redeal: the next player deals
            continue
        if state.phase is Phase.CALL:
            assert state.to_move is dealer.next   # the player left of the dealer calls
            state.call_trump(Suit(rng.randrange(4)))
        seen.append((dealer, state.copy(), last_winner))
        while not state.is_over:
            state.play(rng.choice(sorted(state.legal_plays())))
        match.record(state)
    return seen


@pytest.mark.parametrize("options", [{}, {"trump": "called"}, {"deck": 32}])
def test_the_deal_passes_to_the_left_and_the_player_left_of_the_dealer_leads(
        options: dict[str, object]) -> None:
    deals = played_deals("standard", 5, 1, **options)
    assert [dealer for dealer, _, _ in deals] == [Seat.E, Seat.S, Seat.W, Seat.N, Seat.E]
    for dealer, state, _ in deals:
        assert state.dealer is dealer and state.leader is state.to_move is dealer.next


@pytest.mark.parametrize("name", ["nizhny", "kozly24"])
def test_the_holder_of_the_ace_of_diamonds_leads_it_in_the_first_deal_only(name: str) -> None:
    deals = played_deals(name, 4, 2)
    assert [dealer for dealer, _, _ in deals] == [Seat.E, Seat.S, Seat.W, Seat.N]
    (_, first, _), *later = deals
    assert Card.parse("AD") in first.hand(first.leader)
    assert first.legal_plays() == CardSet.parse("AD")
    for dealer, state, _ in later:
        assert state.dealer is dealer and state.leader is dealer.next


def test_classic_the_seven_of_diamonds_leads_until_a_side_wins_then_that_side_leads() -> None:
    sides: set[Team | None] = set()
    for seed in range(6):
        for index, (dealer, state, last_winner) in enumerate(played_deals("classic", 4, seed)):
            assert state.dealer is dealer
            if index == 0:
                assert last_winner is None
            if last_winner is None:   # no boast then: nobody may boast before a side has won
                assert not state.tricks and Card.parse("7D") in state.hand(state.leader)
            else:   # a boast's trick is led by the boaster, of that side too
                leader = state.tricks[0].leader if state.tricks else state.leader
                assert leader.team is last_winner
            sides.add(last_winner)
    assert sides == {None, Team.NS, Team.EW}


def test_classic_the_last_winners_choose_which_of_them_leads() -> None:
    for chosen in (Seat.E, Seat.W):
        match = Match(CLASSIC, first_dealer=Seat.E, rng=random.Random(4))
        match.record(finished((50, 70), (3, 5)))   # E–W won the first deal
        asked: list[LeaderQuestion] = []

        def answer(question: Question, asked: list[LeaderQuestion] = asked,
                   chosen: Seat = chosen) -> object:
            if isinstance(question, LeaderQuestion):
                asked.append(question)
                return chosen
            return None if isinstance(question, BoastQuestion) else question.options[0]

        state = drive(match.setup(), answer).state
        assert state is not None and state.dealer is Seat.S
        assert [q.options for q in asked] == [(Seat.W, Seat.E)]   # from the left of the dealer
        assert state.leader is state.to_move is chosen
