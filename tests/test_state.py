"""One deal in progress (RULES.md §1): the deal, play and undo, illegal-play reasons in ru/en."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from kozel_tutor.cards import Card, CardSet, Suit, parse_cards
from kozel_tutor.i18n import LANGUAGES, MESSAGES, Message, translate
from kozel_tutor.rules import find_rules, preset_names
from kozel_tutor.seats import Seat, Team
from kozel_tutor.state import (
    CATCH_CARDS,
    DealState,
    IllegalPlay,
    Phase,
    catch_still_possible,
    caught_side,
)


class UnshuffledDeck(random.Random):
    """A random source whose shuffle leaves the deck in order, so the deal itself can be read."""

    def shuffle(self, x: Any) -> None:
        return None


def hand_tokens(deal: DealState, seat: Seat) -> set[str]:
    return {c.token for c in deal.hand(seat)}


def tokens(text: str) -> set[str]:
    return set(text.split())


# -- dealing -------------------------------------------------------------------------------------


def test_cards_are_dealt_three_at_a_time_starting_left_of_the_dealer() -> None:
    deal = DealState.deal(find_rules(), dealer=Seat.W, rng=UnshuffledDeck())
    # The unshuffled deck runs 6C..AC, 6S..AS, 6H..AH, 6D..AD; N (left of W) gets the first three.
    assert hand_tokens(deal, Seat.N) == tokens("6C 7C 8C 9S TS JS QH KH AH")
    assert hand_tokens(deal, Seat.E) == tokens("9C TC JC QS KS AS 6D 7D 8D")
    assert hand_tokens(deal, Seat.S) == tokens("QC KC AC 6H 7H 8H 9D TD JD")
    assert hand_tokens(deal, Seat.W) == tokens("6S 7S 8S 9H TH JH QD KD AD")


def test_32_card_deck_is_dealt_as_three_three_two_eight_cards_each() -> None:
    deal = DealState.deal(find_rules("standard", deck=32), dealer=Seat.W, rng=UnshuffledDeck())
    assert hand_tokens(deal, Seat.N) == tokens("7C 8C 9C JS QS KS 7D 8D")
    assert hand_tokens(deal, Seat.E) == tokens("TC JC QC AS 7H 8H 9D TD")
    assert hand_tokens(deal, Seat.S) == tokens("KC AC 7S 9H TH JH JD QD")
    assert hand_tokens(deal, Seat.W) == tokens("8S 9S TS QH KH AH KD AD")


@pytest.mark.parametrize("dealer", list(Seat))
def test_the_first_packet_goes_to_the_player_left_of_the_dealer(dealer: Seat) -> None:
    deal = DealState.deal(find_rules(), dealer=dealer, rng=UnshuffledDeck())
    assert tokens("6C 7C 8C") <= hand_tokens(deal, dealer.next)
    assert tokens("QD KD AD") <= hand_tokens(deal, dealer)  # the dealer gets the last packet


@pytest.mark.parametrize(("deck", "size"), [(36, 9), (32, 8)])
def test_every_card_of_the_deck_is_dealt_once(deck: int, size: int) -> None:
    rules = find_rules("standard", deck=deck)
    for seed in range(10):
        deal = DealState.deal(rules, dealer=Seat(seed % 4), rng=random.Random(seed))
        hands = [deal.hand(seat) for seat in Seat]
        assert [len(h) for h in hands] == [size] * 4
        union = CardSet()
        for hand in hands:
            assert not union & hand
            union = union | hand
        assert union == rules.deck_cards


# -- play, undo, history ---------------------------------------------------------------------------


def snapshot(deal: DealState) -> dict[str, object]:
    return {key: (list(value) if isinstance(value, list) else value)
            for key, value in vars(deal).items()}


def test_undo_takes_back_every_card_exactly(deal_at: Any) -> None:
    deal = DealState.deal(find_rules(), dealer=Seat.S, rng=random.Random(11))
    rng = random.Random(5)
    states = [snapshot(deal)]
    while not deal.is_over:
        deal.play(rng.choice(list(deal.legal_plays())))
        states.append(snapshot(deal))
    assert len(deal.tricks) == 9
    while len(states) > 1:
        states.pop()
        deal.undo()
        assert snapshot(deal) == states[-1]
    with pytest.raises(ValueError, match="nothing to undo"):
        deal.undo()


def test_history_lists_every_card_played_with_its_seat(deal_at: Any) -> None:
    deal = deal_at(3, cards_left=4, in_trick=2)
    history = deal.history
    assert len(history) == 4 * 5 + 2
    assert [card for _, card in history[-2:]] == list(deal.current_trick)
    for trick in deal.tricks:
        assert [seat for seat, _ in trick.plays()] == [trick.leader.offset(i) for i in range(4)]
    assert history[0][0] is deal.dealer.next


def test_a_finished_deal_is_over_and_can_be_scored(deal_at: Any) -> None:
    deal = deal_at(8)
    assert deal.phase is Phase.DONE and deal.is_over
    assert not deal.legal_plays()
    assert sum(deal.points) == 120 and sum(deal.tricks_taken) == 9
    result = deal.result()
    assert result.points == (deal.points[0], deal.points[1])
    assert deal.why_illegal(Card.parse("QC")) == Message("deal_over")
    with pytest.raises(IllegalPlay, match="deal is over"):
        deal.play(Card.parse("QC"))


def test_a_deal_in_progress_has_no_result_yet(deal_at: Any) -> None:
    with pytest.raises(ValueError, match="not over"):
        deal_at(2, cards_left=5).result()


def test_trick_winner_so_far_is_shown_during_the_trick() -> None:
    deal = DealState(find_rules(), [CardSet.parse(t) for t in ("9H", "TH", "7C", "AH")],
                     leader=Seat.N)
    assert deal.trick_winner() is None
    deal.play(Card.parse("9H"))
    assert deal.trick_winner() is Seat.N
    deal.play(Card.parse("TH"))
    assert deal.trick_winner() is Seat.E
    deal.play(Card.parse("7C"))
    assert deal.trick_winner() is Seat.S


def test_seat_view_shows_own_hand_and_the_suits_others_showed_out_of() -> None:
    hands = [CardSet.parse(t) for t in ("9H 6S", "QH 7S", "AH 8D", "TH AS")]
    deal = DealState(find_rules(), hands, leader=Seat.N)
    for token in ("9H", "QH", "AH", "TH"):
        deal.play(Card.parse(token))
    view = deal.view(Seat.S)
    assert view.hand == CardSet.parse("8D")
    assert view.voids[Seat.E] == frozenset({Suit.HEARTS})
    assert not view.voids[Seat.N] and not view.voids[Seat.W]
    assert view.unseen == find_rules().deck_cards - view.played - view.hand
    assert not view.unseen & (view.hand | view.played)
    assert view.played == CardSet.parse("9H QH AH TH")
    assert view.hand_sizes == (1, 1, 1, 1)
    assert view.legal == CardSet() and view.to_move is Seat.E
    assert deal.view(Seat.E).legal == CardSet.parse("7S")


# -- why a card may not be played, in Russian and English ---------------------------------------


def reason(hands: dict[str, str], trick: str, card: str, *, called: bool = False) -> Message:
    rules = find_rules("standard", trump="called" if called else "clubs")
    deal = DealState(rules, [CardSet.parse(hands.get(s.name, "")) for s in Seat],
                     leader=Seat.N, trick=parse_cards(trick))
    why = deal.why_illegal(Card.parse(card))
    assert why is not None
    with pytest.raises(IllegalPlay) as info:
        deal.play(Card.parse(card))
    assert info.value.message == why
    assert str(info.value) == why.text("en")
    return why


def test_reason_must_follow_suit_in_english_and_russian() -> None:
    why = reason({"E": "7H AS"}, "AH", "AS")
    assert why.text("en") == "You must follow suit: you hold hearts."
    assert why.text("ru") == "Нужно ходить в масть: у вас есть черви."


def test_reason_queen_of_hearts_is_a_trump_not_a_heart() -> None:
    why = reason({"E": "QH 7H"}, "AH", "QH")
    assert why.text("en") == (
        "You must follow suit. The queen of hearts is a trump: it does not count as hearts.")
    assert why.text("ru") == (
        "Нужно ходить в масть: дама червей — козырь, а не карта масти червей.")


def test_reason_trump_led_must_play_a_trump() -> None:
    why = reason({"E": "7C AS"}, "AC", "AS")
    assert why.text("en") == "A trump was led: you must play a trump."
    assert why.text("ru") == "Зашли с козыря: нужно положить козырь."


def test_reason_card_not_in_hand_and_held_by_another_player() -> None:
    gone = reason({"N": "7H", "E": "AS"}, "", "KD")
    assert gone.text("en") == "The king of diamonds is not in your hand."
    assert gone.text("ru") == "Карты «король бубен» нет у вас в руке."
    held = reason({"N": "7H", "E": "AS"}, "", "AS")
    assert held.text("en") == "N is to play and does not hold the ace of spades: E holds it."
    assert held.text("ru") == ("У игрока С, который сейчас ходит, нет карты «туз пик»: она у "
                               "игрока В.")


@pytest.mark.parametrize("seat", list(Seat))
def test_a_card_another_player_holds_names_both_seats_in_the_readers_language(
        seat: Seat) -> None:
    # the seats are passed as Seats, not their English names: a Russian sentence gets «С В Ю З»
    hands = {s.name: "" for s in Seat} | {seat.name: "7H", seat.next.name: "QC"}
    deal = DealState(find_rules("standard"), [CardSet.parse(hands[s.name]) for s in Seat],
                     leader=seat)
    why = deal.why_illegal(Card.parse("QC"))
    assert why is not None and why.params == {"seat": seat, "card": Card.parse("QC"),
                                              "holder": seat.next}
    assert why.text("en") == (f"{seat.name} is to play and does not hold the queen of clubs: "
                              f"{seat.next.name} holds it.")
    assert why.text("ru") == (f"У игрока {seat.label('ru')}, который сейчас ходит, нет карты "
                              f"«дама треф»: она у игрока {seat.next.label('ru')}.")
    assert not re.search("[A-Z]", why.text("ru")), "no Latin seat letter in a Russian sentence"
    assert "turn" not in why.text("en")


@pytest.mark.parametrize(("deck", "token", "name_en", "name_ru"), [
    (32, "6S", "six of spades", "шестёрка пик"), (24, "9H", "nine of hearts", "девятка червей")])
def test_a_card_outside_the_deck_is_named_so(deck: int, token: str, name_en: str,
                                             name_ru: str) -> None:
    rules = find_rules("kozly24") if deck == 24 else find_rules("standard", deck=deck)
    deal = DealState(rules, [CardSet.parse(h) for h in ("7H" if deck == 32 else "AH", "QC", "",
                                                         "")], leader=Seat.N)
    why = deal.why_illegal(token)
    assert why is not None
    assert why.text("en") == f"The {name_en} is not in the {deck}-card deck."
    assert why.text("ru") == f"Карты «{name_ru}» нет в колоде из {deck} карт."


def test_reason_trump_not_named_yet_with_called_trumps() -> None:
    deal = DealState.deal(find_rules("standard", trump="called"), rng=random.Random(1))
    card = next(iter(deal.hand(deal.to_move)))
    why = deal.why_illegal(card)
    assert why is not None
    assert why.text("en") == "The trump suit must be named first."
    assert why.text("ru") == "Сначала нужно назначить козырь."


@pytest.mark.parametrize("token", ["AD", "7D", "QC", "TH"])
def test_the_required_first_lead_reads_right_for_any_card(token: str) -> None:
    # «туз бубен», «семёрка бубен», «дама треф»: no gender to agree with
    card = Card.parse(token)
    why = Message("must_lead_card", {"card": card})
    assert why.text("ru") == (f"Партию открывает {card.name_in('ru')}: первым ходом нужно "
                                "сыграть именно эту карту.")
    assert why.text("en") == f"The first lead of the match must be the {card.name_in('en')}."


# The reasons the engine gives (other modules add their own messages to MESSAGES).
PLAY_REASONS = ["must_follow_suit", "trump_does_not_follow", "must_play_trump", "no_trump_lead",
                "ace_dump_ban", "must_lead_card", "not_in_hand", "not_your_turn",
                "not_holding", "not_in_deck", "call_trump_first", "deal_over"]


@pytest.mark.parametrize("key", PLAY_REASONS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_illegal_play_reason_reads_as_sentences_in_both_languages(key: str,
                                                                       lang: str) -> None:
    assert key in MESSAGES
    text = translate(key, lang, card=Card.parse("QH"), suit=Suit.HEARTS, seat=Seat.N,
                     holder=Seat.E, deck=32)
    assert "{" not in text and "}" not in text
    assert text[0].isupper() and text.endswith(".")
    for sentence_start in re.findall(r"[.!?] (\w)", text):
        assert sentence_start.isupper(), f"{key}/{lang}: sentence starts in lower case: {text!r}"
    if lang == "ru":
        assert re.search("[а-яё]", text), text


def test_unknown_message_key_or_language_is_an_error() -> None:
    with pytest.raises(KeyError):
        Message("no_such_message")
    with pytest.raises(ValueError, match="unknown language"):
        Message("deal_over").text("de")


# -- the catch (RULES.md §2: nizhny, kozly24) ---------------------------------------------------


def test_the_catch_cards_are_the_two_top_trumps_of_every_preset_with_the_catch() -> None:
    with_catch = [find_rules(name) for name in preset_names() if find_rules(name).catch]
    assert {rules.name for rules in with_catch} >= {"nizhny", "kozly24"}
    for rules in with_catch:
        assert rules.top_trumps[:2] == CATCH_CARDS
        assert all(card in rules.deck_cards for card in CATCH_CARDS)


def test_the_catch_ends_the_deal_with_the_queens_side_caught() -> None:
    # S leads a heart; W (E–W) ruffs with the 6♣, N (N–S) with the Q♣: N–S are caught
    hands = ["QC 7S", "AH 7H", "KH 8H", "6C 9S"]
    order = [Seat.S, Seat.W, Seat.N, Seat.E]
    state = DealState(find_rules("nizhny"), [CardSet.parse(h) for h in hands], dealer=Seat.E,
                      leader=Seat.S)
    for seat, card in zip(order, ("KH", "6C", "QC", "AH"), strict=True):
        assert state.to_move == seat
        trick = state.play(Card.parse(card))
    assert trick is not None and caught_side(trick.leader, trick.cards) is Team.NS
    assert state.caught is Team.NS and state.is_over


@pytest.mark.parametrize(("six", "queen", "possible"), [
    ((Team.NS,), (Team.EW,), True), ((Team.NS,), (Team.NS,), False),
    ((Team.NS, Team.EW), (Team.NS,), True), ((), (Team.NS, Team.EW), False),
    ((Team.NS, Team.EW), (), False),
])
def test_the_catch_is_still_possible_while_the_cards_may_be_on_opposite_sides(
        six: tuple[Team, ...], queen: tuple[Team, ...], possible: bool) -> None:
    sides = dict(zip(CATCH_CARDS, (six, queen), strict=True))
    assert catch_still_possible(find_rules("kozly24"), Seat.N, [], sides.__getitem__) is possible
    assert not catch_still_possible(find_rules(), Seat.N, [], sides.__getitem__)
