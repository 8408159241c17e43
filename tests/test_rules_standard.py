"""The standard rules of RULES.md §1: trumps, card order, following suit and who takes a trick."""

from __future__ import annotations

import random

import pytest

from kozel_tutor.cards import Card, CardSet, Rank, Suit, parse_cards
from kozel_tutor.rules import TRUMP, Rules, RulesError, find_rules, legal_mask, preset_names
from kozel_tutor.seats import Seat
from kozel_tutor.state import DealState, IllegalPlay, Phase

QUEENS_AND_JACKS = "QC QS QH QD JC JS JH JD"
PLAIN_ORDER = ["A", "T", "K", "9", "8", "7", "6"]


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def tokens(items: object) -> list[str]:
    return [c.token for c in items]  # type: ignore[attr-defined]


def table(hands: dict[str, str], *, leader: str = "N", trick: str = "",
          trump: Suit = Suit.CLUBS, deck: int = 36) -> DealState:
    """A deal at a chosen moment: ``trick`` was played from ``leader``; the rest is in the hands."""
    rules = find_rules("standard", deck=deck, trump="clubs" if trump is Suit.CLUBS else "called")
    masks = [CardSet.parse(hands.get(seat.name, "")) for seat in Seat]
    return DealState(rules, masks, leader=Seat.parse(leader), trump=trump,
                     trick=cards(trick))


# -- trumps ------------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", [36, 32])
@pytest.mark.parametrize("trump", list(Suit))
def test_eight_queens_and_jacks_are_the_highest_trumps_qc_qs_qh_qd_jc_js_jh_jd(
        deck: int, trump: Suit) -> None:
    order = find_rules("standard", deck=deck, trump="called").card_order(trump)
    assert tokens(order.trumps[:8]) == QUEENS_AND_JACKS.split()
    for higher, lower in zip(order.trumps, order.trumps[1:], strict=False):
        assert order.beats(higher, lower) and not order.beats(lower, higher)


@pytest.mark.parametrize("trump", list(Suit))
def test_below_queens_and_jacks_come_the_trump_suit_a_10_k_9_8_7_6(trump: Suit) -> None:
    order = find_rules("standard", trump="called").card_order(trump)
    assert tokens(order.trumps[8:]) == [rank + trump.letter for rank in PLAIN_ORDER]


@pytest.mark.parametrize("trump", list(Suit))
def test_there_are_15_trumps_with_36_cards(trump: Suit) -> None:
    order = find_rules("standard", trump="called").card_order(trump)
    assert len(order.trumps) == 15
    assert len(order.suit_cards(TRUMP)) == 15
    assert bin(order.suit_masks[TRUMP]).count("1") == 15


@pytest.mark.parametrize("trump", list(Suit))
def test_there_are_14_trumps_with_32_cards(trump: Suit) -> None:
    order = find_rules("standard", deck=32, trump="called").card_order(trump)
    assert len(order.trumps) == 14
    assert tokens(order.trumps[8:]) == [rank + trump.letter for rank in PLAIN_ORDER[:-1]]


@pytest.mark.parametrize("trump", list(Suit))
def test_other_three_suits_rank_a_10_k_9_8_7_6(trump: Suit) -> None:
    order = find_rules("standard", trump="called").card_order(trump)
    for suit in Suit:
        if suit is trump:
            continue
        assert tokens(order.suit_cards(suit)) == [rank + suit.letter for rank in PLAIN_ORDER]


def test_ten_ranks_above_king_in_a_plain_suit() -> None:
    order = find_rules().card_order()
    assert order.beats(Card.parse("TH"), Card.parse("KH"))
    assert not order.beats(Card.parse("KH"), Card.parse("TH"))
    assert order.beats(Card.parse("AH"), Card.parse("TH"))


@pytest.mark.parametrize("deck", [36, 32])
@pytest.mark.parametrize("trump", list(Suit))
def test_queen_or_jack_never_counts_as_its_printed_suit(deck: int, trump: Suit) -> None:
    order = find_rules("standard", deck=deck, trump="called").card_order(trump)
    for suit in Suit:
        for rank in (Rank.QUEEN, Rank.JACK):
            card = Card.of(rank, suit)
            assert order.effective_suit(card) == TRUMP
            assert order.is_trump(card)
            assert card not in order.suit_cards(suit)


def test_every_card_of_the_deck_has_exactly_one_effective_suit() -> None:
    order = find_rules().card_order()
    counts = [len(order.suit_cards(s)) for s in range(5)]
    assert counts == [0, 7, 7, 7, 15]  # clubs as a plain suit is empty: its cards are trumps


# -- choosing the trump suit -----------------------------------------------------------------------


def test_clubs_are_trumps_in_every_deal_by_default() -> None:
    rules = find_rules()
    assert rules.trump is Suit.CLUBS and rules.trump_rule == "fixed"
    for seed in range(5):
        deal = DealState.deal(rules, dealer=Seat(seed % 4), rng=random.Random(seed))
        assert deal.trump is Suit.CLUBS
        assert deal.phase is Phase.PLAY


def test_called_option_the_player_left_of_dealer_names_trumps_before_the_first_lead() -> None:
    rules = find_rules("standard", trump="called")
    for dealer in Seat:
        deal = DealState.deal(rules, dealer=dealer, rng=random.Random(dealer))
        assert deal.phase is Phase.CALL and deal.trump is None
        assert deal.to_move is dealer.next
        assert not deal.legal_plays()
        some_card = next(iter(deal.hand(dealer.next)))
        with pytest.raises(IllegalPlay, match="trump suit must be named first"):
            deal.play(some_card)
        deal.call_trump(Suit.DIAMONDS)
        assert deal.trump is Suit.DIAMONDS and deal.phase is Phase.PLAY
        assert deal.to_move is dealer.next  # the caller also leads
        assert deal.order.trumps[8] == Card.parse("AD")
        with pytest.raises(ValueError, match="already"):
            deal.call_trump(Suit.HEARTS)
        deal.undo()
        assert deal.trump is None and deal.phase is Phase.CALL


# -- play --------------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", list(Seat))
def test_player_left_of_dealer_leads_to_the_first_trick(dealer: Seat) -> None:
    deal = DealState.deal(find_rules(), dealer=dealer, rng=random.Random(7))
    assert deal.leader is dealer.next
    assert deal.to_move is dealer.next
    assert deal.legal_plays() == deal.hand(dealer.next)  # any card may be led


def test_must_follow_the_suit_led() -> None:
    deal = table({"N": "AH", "E": "9H 7H AS QC"}, leader="N", trick="AH")
    assert tokens(deal.legal_plays()) == ["7H", "9H"]
    for token in ("AS", "QC"):
        assert deal.why_illegal(Card.parse(token)) is not None
        with pytest.raises(IllegalPlay, match="follow suit"):
            deal.play(Card.parse(token))


def test_trump_led_must_be_followed_by_a_trump() -> None:
    deal = table({"E": "8C AS KH"}, leader="N", trick="7C")
    assert tokens(deal.legal_plays()) == ["8C"]


def test_queen_or_jack_follows_a_trump_lead_whatever_its_printed_suit() -> None:
    deal = table({"E": "QD JH AS KH"}, leader="N", trick="AC")
    assert set(tokens(deal.legal_plays())) == {"QD", "JH"}


def test_queen_or_jack_led_is_a_trump_lead() -> None:
    deal = table({"E": "9C 9H 8H"}, leader="N", trick="QH")
    assert tokens(deal.legal_plays()) == ["9C"]


def test_all_trumps_form_one_suit_with_called_trumps() -> None:
    deal = table({"E": "JC 9D 6H KS"}, leader="N", trick="AH", trump=Suit.HEARTS)
    assert set(tokens(deal.legal_plays())) == {"JC", "6H"}


def test_queen_of_hearts_does_not_follow_hearts() -> None:
    deal = table({"E": "QH 7H AS"}, leader="N", trick="AH")
    assert tokens(deal.legal_plays()) == ["7H"]
    reason = deal.why_illegal(Card.parse("QH"))
    assert reason is not None and reason.key == "trump_does_not_follow"


def test_jack_of_spades_does_not_follow_spades() -> None:
    deal = table({"E": "JS 6S"}, leader="N", trick="9S")
    assert tokens(deal.legal_plays()) == ["6S"]


def test_queen_of_a_suit_led_does_not_count_as_holding_that_suit() -> None:
    deal = table({"E": "QH JH 9S"}, leader="N", trick="AH")
    assert set(tokens(deal.legal_plays())) == {"QH", "JH", "9S"}


def test_player_who_cannot_follow_may_play_any_card() -> None:
    deal = table({"E": "AS 9D QC 7C"}, leader="N", trick="KH")
    assert set(tokens(deal.legal_plays())) == {"AS", "9D", "QC", "7C"}


def test_no_duty_to_trump_when_void_in_the_suit_led() -> None:
    deal = table({"N": "KH", "E": "QC 7C 6D"}, leader="N", trick="AH")
    deal.play(Card.parse("6D"))  # discarding while holding trumps is legal
    assert deal.current_trick == (Card.parse("AH"), Card.parse("6D"))


def test_no_duty_to_beat_the_card_led() -> None:
    deal = table({"E": "TH 6H"}, leader="N", trick="9H")
    assert set(tokens(deal.legal_plays())) == {"TH", "6H"}


def test_legal_mask_is_the_follow_suit_rule_shared_by_engine_and_solver() -> None:
    order = find_rules().card_order()
    hand = CardSet.parse("QH 7H AS 9C").mask
    assert CardSet(legal_mask(order, hand, [Card.parse("AH").index], 0)) == CardSet.parse("7H")
    assert CardSet(legal_mask(order, hand, [Card.parse("KC").index], 0)) == CardSet.parse("QH 9C")
    assert CardSet(legal_mask(order, hand, [Card.parse("AD").index], 0)) == CardSet(hand)
    assert legal_mask(order, hand, [], 0) == hand


# -- who takes the trick ---------------------------------------------------------------------


def trick_winner(trick: str, trump: Suit = Suit.CLUBS, deck: int = 36) -> str:
    order = find_rules("standard", deck=deck, trump="called").card_order(trump)
    played = cards(trick)
    return played[order.winning_index([c.index for c in played])].token


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("AH 6C TH KH", "6C"),      # the only trump wins
        ("AH 6C JD KH", "JD"),      # the highest trump wins
        ("JD AC TC QD", "QD"),      # queens beat jacks and the trump ace
        ("QS QC QH QD", "QC"),      # the queen of clubs is the highest card
        ("JC JS JH JD", "JC"),
        ("9C AC QH 6H", "QH"),      # the queen of hearts is a trump, not a heart
    ],
)
def test_highest_trump_wins_the_trick(trick: str, winner: str) -> None:
    assert trick_winner(trick) == winner


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("9H AS TH 6H", "TH"),      # an ace of another plain suit does not win
        ("KH AD AS TH", "TH"),
        ("6S 7S 8S 9S", "9S"),
        ("AD KD TD 9D", "AD"),
        ("7H 8S 9D 6H", "7H"),      # nobody followed: the card led wins
    ],
)
def test_with_no_trump_the_highest_card_of_the_suit_led_wins(trick: str, winner: str) -> None:
    assert trick_winner(trick) == winner


def test_called_trump_suit_cards_win_over_plain_suits() -> None:
    assert trick_winner("AC 6H KC TC", trump=Suit.HEARTS) == "6H"
    assert trick_winner("AC 6H KC TC", trump=Suit.CLUBS) == "AC"
    assert trick_winner("AH 7D 8D JC", trump=Suit.DIAMONDS, deck=32) == "JC"


def test_winner_of_a_trick_takes_its_points_and_leads_next() -> None:
    deal = table({"N": "9H 8S", "E": "QH 7S", "S": "AH 6S", "W": "TH AS"}, leader="N")
    for token in ("9H", "QH", "AH", "TH"):
        deal.play(Card.parse(token))
    trick = deal.tricks[-1]
    assert trick.winner is Seat.E and trick.points == 3 + 11 + 10
    assert deal.leader is Seat.E and deal.to_move is Seat.E
    assert deal.points == [0, 24] and deal.tricks_taken == [0, 1]


# -- the rules as data -----------------------------------------------------------------------


def test_standard_preset_is_registered_with_its_options() -> None:
    assert "standard" in preset_names()
    rules = find_rules("standard")
    assert rules == Rules()
    assert (rules.deck, rules.packets, rules.match_target) == (36, (3, 3, 3), 12)
    short = find_rules("standard", deck=32, trump="called", match=6)
    assert (short.deck, short.packets, short.trump_rule, short.match_target) == (
        32, (3, 3, 2), "called", 6)


@pytest.mark.parametrize(
    ("options", "message"),
    [({"deck": 24}, "36- or 32-card"), ({"trump": "hearts"}, "clubs' or 'called"),
     ({"match": 10}, "12 or 6")],
)
def test_standard_preset_rejects_options_it_does_not_have(options: dict[str, object],
                                                          message: str) -> None:
    with pytest.raises(RulesError, match=message):
        find_rules("standard", **options)


def test_unknown_rules_name_is_an_error_listing_known_presets() -> None:
    with pytest.raises(RulesError, match=r"unknown rules 'bogus'.*standard"):
        find_rules("bogus")
