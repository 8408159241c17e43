"""Cards, the card notation of RULES.md §3, card points of §1, and card and suit names ru/en."""

from __future__ import annotations

import pytest

from kozel_tutor.cards import CARDS, Card, CardError, CardSet, Rank, Suit, parse_cards
from kozel_tutor.rules import find_rules

# -- notation (RULES.md §3) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        ("QC", "QC"), ("qc", "QC"), ("Qc", "QC"), ("q♣", "QC"),
        ("10H", "TH"), ("10h", "TH"), ("TH", "TH"), ("th", "TH"), ("T♥", "TH"), ("10♥", "TH"),
        ("6D", "6D"), ("6♦", "6D"), ("AS", "AS"), ("a♠", "AS"), ("JD", "JD"), ("K♣", "KC"),
        (" 9s ", "9S"),
    ],
)
def test_card_token_is_case_insensitive_and_accepts_10_t_and_suit_symbols(
        token: str, canonical: str) -> None:
    assert Card.parse(token).token == canonical
    assert str(Card.parse(token)) == canonical


def test_every_card_prints_as_its_canonical_token_and_parses_back() -> None:
    tokens = [card.token for card in CARDS]
    assert len(set(tokens)) == 36
    for card in CARDS:
        assert Card.parse(card.token) == card
        assert Card.parse(card.token.lower()) == card
        assert eval(repr(card), {"Card": Card}) == card  # repr pastes back as code


def test_ten_is_written_t_in_canonical_notation() -> None:
    assert Card.of(Rank.TEN, Suit.HEARTS).token == "TH"


@pytest.mark.parametrize("token", ["", "Q", "QX", "1C", "11H", "ZC", "дт", "Д♣", "QCC", "10"])
def test_unknown_card_token_is_an_error_naming_the_token(token: str) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(token)
    assert repr(token) in str(info.value)


def test_a_hand_is_cards_separated_by_spaces_in_any_case() -> None:
    hand = CardSet.parse("qc 9s T♥ 10d")
    assert [c.token for c in parse_cards("qc 9s T♥ 10d")] == ["QC", "9S", "TH", "TD"]
    assert str(hand) == "QC 9S TH TD"
    assert len(hand) == 4
    assert Card.parse("QC") in hand and Card.parse("QH") not in hand


def test_a_hand_naming_a_card_twice_is_an_error() -> None:
    with pytest.raises(CardError, match="QC appears twice"):
        CardSet.parse("QC 9S qc")


def test_card_set_prints_sorted_by_suit_high_rank_first() -> None:
    assert str(CardSet.parse("6c 9s AC 7h QC th")) == "AC QC 6C 9S TH 7H"


def test_card_set_behaves_as_an_immutable_set() -> None:
    a = CardSet.parse("QC 9S AH")
    b = CardSet.parse("9S 6D")
    assert a | b == CardSet.parse("QC 9S AH 6D")
    assert a & b == CardSet.parse("9S")
    assert a - b == CardSet.parse("QC AH")
    assert not CardSet() and a
    assert hash(a) == hash(CardSet.parse("AH 9S QC"))
    with pytest.raises(AttributeError):
        a.mask = 0
    with pytest.raises(CardError):
        CardSet(1 << 36)


# -- deck and card points (RULES.md §1) -------------------------------------------------------


def test_deck_has_36_cards_six_to_ace() -> None:
    deck = find_rules("standard").deck_cards
    assert len(deck) == 36
    assert {c.rank for c in deck} == set(Rank)
    for suit in Suit:
        assert len([c for c in deck if c.suit == suit]) == 9


def test_short_deck_has_32_cards_without_sixes() -> None:
    deck = find_rules("standard", deck=32).deck_cards
    assert len(deck) == 32
    assert all(c.rank != Rank.SIX for c in deck)
    assert {c.rank for c in deck} == set(Rank) - {Rank.SIX}


@pytest.mark.parametrize(
    ("rank", "points"),
    [(Rank.ACE, 11), (Rank.TEN, 10), (Rank.KING, 4), (Rank.QUEEN, 3), (Rank.JACK, 2),
     (Rank.NINE, 0), (Rank.EIGHT, 0), (Rank.SEVEN, 0), (Rank.SIX, 0)],
)
def test_card_points_ace_11_ten_10_king_4_queen_3_jack_2_others_0(rank: Rank, points: int) -> None:
    assert rank.points == points
    for suit in Suit:
        assert Card.of(rank, suit).points == points


@pytest.mark.parametrize("deck", [36, 32])
def test_a_deal_holds_120_points(deck: int) -> None:
    assert find_rules("standard", deck=deck).deck_cards.points == 120


# -- names in Russian and English --------------------------------------------------------------

SUIT_NAMES = {
    Suit.CLUBS: ("clubs", "трефы", "треф", "♣"),
    Suit.SPADES: ("spades", "пики", "пик", "♠"),
    Suit.HEARTS: ("hearts", "черви", "червей", "♥"),
    Suit.DIAMONDS: ("diamonds", "бубны", "бубен", "♦"),
}
RANK_NAMES = {
    Rank.SIX: ("six", "шестёрка", "6", "6"),
    Rank.SEVEN: ("seven", "семёрка", "7", "7"),
    Rank.EIGHT: ("eight", "восьмёрка", "8", "8"),
    Rank.NINE: ("nine", "девятка", "9", "9"),
    Rank.TEN: ("ten", "десятка", "10", "10"),
    Rank.JACK: ("jack", "валет", "J", "В"),
    Rank.QUEEN: ("queen", "дама", "Q", "Д"),
    Rank.KING: ("king", "король", "K", "К"),
    Rank.ACE: ("ace", "туз", "A", "Т"),
}


@pytest.mark.parametrize("suit", list(Suit))
def test_every_suit_has_a_russian_and_an_english_name(suit: Suit) -> None:
    en, ru, ru_gen, symbol = SUIT_NAMES[suit]
    assert suit.name_in("en") == en
    assert suit.name_in("ru") == ru
    assert suit.genitive_in("ru") == ru_gen
    assert suit.genitive_in("en") == en
    assert suit.symbol == symbol
    for name in (en, ru, symbol, suit.letter, en.upper(), ru.capitalize()):
        assert Suit.parse(name) is suit


@pytest.mark.parametrize("card", CARDS, ids=[c.token for c in CARDS])
def test_every_card_has_a_russian_and_an_english_name(card: Card) -> None:
    rank_en, rank_ru, letter_en, letter_ru = RANK_NAMES[card.rank]
    suit_en, _, suit_gen, symbol = SUIT_NAMES[card.suit]
    assert card.name_in("en") == f"{rank_en} of {suit_en}"
    assert card.name_in("ru") == f"{rank_ru} {suit_gen}"
    assert card.label("en") == letter_en + symbol
    assert card.label("ru") == letter_ru + symbol


def test_queen_of_clubs_is_dama_tref() -> None:
    assert Card.parse("QC").name_in("ru") == "дама треф"
    assert Card.parse("QC").label("ru") == "Д♣"
    assert Card.parse("TH").name_in("en") == "ten of hearts"


def test_red_suits_are_hearts_and_diamonds() -> None:
    assert [s for s in Suit if s.is_red] == [Suit.HEARTS, Suit.DIAMONDS]


def test_unknown_suit_is_an_error() -> None:
    with pytest.raises(CardError, match="unknown suit"):
        Suit.parse("X")
