"""The rule-based levels play the strategy notes of RULES.md §1 and say which rule they applied."""

from __future__ import annotations

import random

import pytest

from kozel_tutor.ai import LEVELS, lineup, make_player
from kozel_tutor.ai.heuristic import EasyPlayer, MediumPlayer
from kozel_tutor.ai.knowledge import TableFacts
from kozel_tutor.ai.reasons import AI_MESSAGES
from kozel_tutor.ai.trump_call import call_trump
from kozel_tutor.cards import Card, CardSet, Suit, parse_cards
from kozel_tutor.i18n import LANGUAGES, MESSAGES
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat
from kozel_tutor.state import DealState


def table(fixed: dict[str, str], leader: str, plays: str = "") -> DealState:
    """A 36-card deal: the named cards go to their seats, the rest fill the hands in deck order;
    ``plays`` are then played (legally) from ``leader``."""
    hands = {seat: CardSet.parse(fixed.get(seat.name, "")).mask for seat in Seat}
    taken = 0
    for mask in hands.values():
        assert not mask & taken, "a card is named twice"
        taken |= mask
    rest = [c for c in find_rules().deck_cards if not taken & c.bit]
    for seat in Seat:
        while hands[seat].bit_count() < 9:
            hands[seat] |= rest.pop(0).bit
    lead = Seat.parse(leader)
    state = DealState(find_rules(), [hands[s] for s in Seat], dealer=lead.previous)
    for card in parse_cards(plays):
        state.play(card)
    return state


def medium_move(state: DealState) -> tuple[Card, str]:
    decision = MediumPlayer().choose(state.view(state.to_move))
    assert decision.reason is not None
    return decision.card, decision.reason.key


# -- leading ---------------------------------------------------------------------------------


def test_medium_pulls_trumps_when_holding_four_including_the_top_one() -> None:
    state = table({"S": "QC QS 7C 8C 9H 8H 7S 6D 7D"}, leader="S")
    assert medium_move(state) == (Card.parse("QC"), "ai_pull_trumps")


def test_medium_does_not_pull_trumps_without_the_top_one() -> None:
    state = table({"S": "QH QS 7C 8C 9H 8H 7S 6D 7D", "N": "QC"}, leader="S")
    card, _ = medium_move(state)
    assert not state.order.is_trump(card)


def test_medium_cashes_a_sure_winner() -> None:
    state = table({"S": "AH 7S 8S 9D 6C 7C 9H 8H 7H"}, leader="S")
    assert medium_move(state) == (Card.parse("AH"), "ai_cash_winner")


def test_medium_does_not_lead_a_ten_before_its_ace_is_out() -> None:
    state = table({"S": "TS 6C 7C 8C 9C KC TC JH JD", "W": "AS QC"}, leader="S")
    card, key = medium_move(state)
    assert card != Card.parse("TS")
    assert key == "ai_no_ten_before_ace"


def test_medium_remembers_who_showed_out_and_does_not_lead_into_a_ruff() -> None:
    # Trick 1: W leads 6H, N follows, E shows out of hearts, S wins with the ace.
    state = table({"S": "AH 7H 9S 9D 6C 7C 8C JH JD", "W": "6H 9H TH KH", "N": "8H",
                   "E": "6S QC"}, leader="W", plays="6H 8H 6S AH")
    assert state.to_move is Seat.S
    assert medium_move(state) == (Card.parse("9S"), "ai_avoid_ruff")


def test_easy_forgets_who_showed_out() -> None:
    state = table({"S": "AH 7H 9S 9D 6C 7C 8C JH JD", "W": "6H 9H TH KH", "N": "8H",
                   "E": "6S QC"}, leader="W", plays="6H 8H 6S AH")
    facts = TableFacts(state.view(Seat.S), memory=False)
    assert not facts.void(Seat.E, Suit.HEARTS)
    assert facts.out & Card.parse("6H").bit, "easy counts played cards as still out"


# -- following -------------------------------------------------------------------------------

FEED = {"S": "TS 6S 7S 8S 9S 6D 7D 8D 9D", "N": "AH QC QS QH QD JC JS JH JD",
        "E": "8H 9H TH KH 6H 6C 7C 8C 9C", "W": "7H TC KC AC AS KS AD TD KD"}


def test_medium_feeds_points_to_a_trick_the_partner_surely_wins() -> None:
    state = table(FEED, leader="W", plays="7H AH 8H")
    assert medium_move(state) == (Card.parse("TS"), "ai_feed_partner")


def test_medium_plays_the_emptiest_card_when_it_cannot_beat_the_trick() -> None:
    # S is second: the partner still plays, so S does not say the opponents take it.
    state = table({"S": "TS 6S 7S 8S 9S KD 7D 8D 9D", "E": "AH 8H 9H TH KH 6C 7C 8C 9C"},
                  leader="E", plays="AH")
    assert medium_move(state) == (Card.parse("6S"), "ai_cannot_beat")


def test_medium_gives_the_emptiest_card_to_a_trick_the_opponents_win() -> None:
    # S is last and cannot beat the ace: the opponents take the trick.
    state = table({"S": "TS 6S 7S 8S 9S KD 7D 8D 9D", "E": "AH 8H 9H TH KH 6C 7C 8C 9C",
                   "N": "6H", "W": "7H"}, leader="W", plays="7H 6H AH")
    assert medium_move(state) == (Card.parse("6S"), "ai_give_emptiest")


def test_medium_takes_a_trick_with_the_top_card_of_the_suit() -> None:
    # W, after S, has not shown out of hearts: it might still ruff, and the reason says so.
    state = table({"S": "AH 7S 8S 9D 6C 7C 9H 8H 7H", "E": "6H"}, leader="E", plays="6H")
    card, key = medium_move(state)
    assert (card, key) == (Card.parse("AH"), "ai_take_trick_unless")


def endgame(taken: tuple[int, int]) -> DealState:
    hands = [CardSet.parse(h) for h in ("6H 6S 7D 8D", "KH 6C 7C 8C", "TH 7H 8S 9D",
                                        "AH 9C TC JC")]
    state = DealState(find_rules(), hands, dealer=Seat.N, taken_points=taken,
                      taken_tricks=(1, 4))
    state.play(Card.parse("KH"))
    return state


def test_medium_ducks_when_it_cannot_surely_win() -> None:
    card, key = medium_move(endgame((40, 45)))
    assert card != Card.parse("TH")
    assert key == "ai_duck"


def test_medium_fights_for_31_when_the_deal_is_lost() -> None:
    assert medium_move(endgame((10, 75))) == (Card.parse("TH"), "ai_fight_save")


# -- every level, every deal -----------------------------------------------------------------


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_every_level_plays_only_legal_cards_and_explains_itself(level: str) -> None:
    rng = random.Random(3)
    for deal_no in range(12):
        state = DealState.deal(find_rules(), dealer=Seat(deal_no % 4), rng=rng)
        players = {seat: make_player(level, random.Random(deal_no * 4 + seat)) for seat in Seat}
        while not state.is_over:
            decision = players[state.to_move].choose(state.view(state.to_move))
            assert decision.card in state.legal_plays()
            if level != "random":
                assert decision.reason is not None
                for lang in LANGUAGES:
                    assert decision.reason.text(lang)
            state.play(decision.card)


def test_easy_now_and_then_plays_a_careless_card() -> None:
    rng = random.Random(8)
    keys = set()
    player = EasyPlayer(random.Random(1))
    for _ in range(30):
        state = DealState.deal(find_rules(), rng=rng)
        decision = player.choose(state.view(state.to_move))
        assert decision.reason is not None
        keys.add(decision.reason.key)
    assert "ai_careless" in keys
    assert keys - {"ai_careless"}, "mostly it plays by its rules"


def test_every_ai_message_has_russian_and_english_text() -> None:
    for key, texts in AI_MESSAGES.items():
        assert set(texts) == set(LANGUAGES), key
        assert MESSAGES[key] == texts


# -- the trump call and the table ------------------------------------------------------------


def test_trump_call_names_the_suit_the_hand_is_long_and_strong_in() -> None:
    rules = find_rules(trump="called")
    hand = CardSet.parse("JH AD TD KD 9D 8D 7S 8H 6S")
    decision = call_trump(hand, rules)
    assert decision.suit is Suit.DIAMONDS
    assert decision.reason is not None and "6" in decision.reason.text("en")


def test_every_level_can_call_trumps() -> None:
    state = DealState.deal(find_rules(trump="called"), rng=random.Random(4))
    for level in LEVELS:
        decision = make_player(level, random.Random(1)).call_trump(state.view(state.to_move))
        assert decision.suit in Suit


def test_lineup_seats_a_strong_partner_and_two_opponents_of_the_level() -> None:
    for level in LEVELS:
        seats = lineup(level, random.Random(2))
        assert set(seats) == {Seat.N, Seat.E, Seat.W}
        assert seats[Seat.E].name == seats[Seat.W].name == level
        assert seats[Seat.N].name == ("insane" if level == "insane" else "hard")
    with pytest.raises(ValueError, match="unknown AI level"):
        lineup("grandmaster")
