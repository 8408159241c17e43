"""What the Hint's rule of thumb says about the cards is true of the real cards: "you cannot
beat the cards on the table" is not said while the Q♣ kept back from the 6♣ beats them; "the
highest card of its suit still out" is not said of a card with a higher one in the learner's own
hand; "the deal is lost" is not said while the side's 6♣ may still catch the opponents' Q♣; "no
opponent after you can beat your card" is not said of a card an opponent out of the suit led may
ruff, nor of the last card of a trick."""

from __future__ import annotations

import random

import pytest
from conftest import late_deal

from kozel_tutor.ai.advice import _reasons
from kozel_tutor.ai.base import CandidateStats, Decision
from kozel_tutor.ai.heuristic import rule_decision
from kozel_tutor.ai.reasons import reason, rule_words
from kozel_tutor.ai.trump_call import call_trump
from kozel_tutor.cards import Card, CardSet, parse_cards
from kozel_tutor.i18n import Message
from kozel_tutor.rules import TRUMP, find_rules, legal_mask
from kozel_tutor.seats import Seat, Team
from kozel_tutor.state import QUEEN_OF_CLUBS, SIX_OF_CLUBS, DealState, Phase

PRESETS = ["standard", "classic", "nizhny", "kozly24"]


def played_from(name: str, hands: dict[str, str], leader: str, plays: str) -> DealState:
    """A deal of preset ``name`` from the four hands as dealt, ``leader`` leading the first
    trick, with ``plays`` played from the start (the tricks show who is out of a suit)."""
    lead = Seat[leader]
    state = DealState(find_rules(name), [CardSet.parse(hands[s.name]) for s in Seat],
                      dealer=lead.previous, leader=lead)
    for card in parse_cards(plays):
        state.play(card)
    return state


def rule(state: DealState) -> tuple[Card, Message]:
    """The rule player's card and reason for the seat to move (what the Hint quotes)."""
    decision = rule_decision(state.view(state.to_move))
    assert decision.reason is not None
    return decision.card, decision.reason


# -- 5: the Q♣ kept back from the 6♣ ---------------------------------------------------------

NIZHNY_SEED_47 = {"N": "9C KS 8S 6S QH 8H", "E": "7C 6C QS JS QD JD",
                  "S": "AC QC 8C AH KH 6H", "W": "KC JC TC JH TH AD"}
"""The QA's real deal (nizhny, seed 47): E leads the J♦, a trump only S's Q♣ beats, and W,
after S, may hold the 6♣."""


def test_the_queen_kept_back_from_the_six_is_the_reason_not_that_nothing_beats() -> None:
    card, why = rule(late_deal("nizhny", NIZHNY_SEED_47, "E", 0, plays="JD"))
    assert card == Card.parse("8C")     # the card the rules play: unchanged
    assert why.key == "ai_guard_queen"
    assert why.text("en") == (
        "An opponent after you may still hold the six of clubs and catch your queen of clubs "
        "(4 against you): keep the queen and play the eight of clubs.")
    assert why.text("ru") == (
        "У соперника после вас ещё может быть шестёрка треф — она поймает вашу даму треф (вам "
        "запишут 4): придержите даму и сыграйте восьмёрку треф.")


def test_the_rule_the_hint_quotes_for_the_kept_queen_is_the_guard_not_cannot_win() -> None:
    # kozly24: S led the J♣; W holds the J♦ and the Q♣, which beats it, and N after W may hold
    # the 6♣ (the QA's seed 10)
    state = late_deal("kozly24", {"N": "6C KH", "E": "AS KS", "S": "6S JC", "W": "JD QC"}, "S", 40,
                 plays="JC")
    card, why = rule(state)
    assert card == Card.parse("JD") and why.key == "ai_guard_queen"
    words = rule_words(why)
    assert words is not None
    assert words.in_lang("en") == (
        "keep your queen of clubs back while the six of clubs may catch it")
    assert words.in_lang("ru") == (
        "придерживайте даму треф, пока её может поймать шестёрка треф")
    for lang, wrong in (("en", "cannot"), ("ru", "нечем")):
        assert wrong not in why.text(lang) and "не взять" not in words.in_lang(lang)


# -- 6: "the highest card still out" and the learner's own higher cards ---------------------


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Nobody else has a higher card of its suit than the six of hearts: play it now."),
    ("ru", "Ни у кого, кроме вас, нет карты этой масти старше шестёрки червей: сыграйте её "
           "сейчас."),
])
def test_a_winner_under_the_learners_own_higher_card_is_not_the_highest_still_out(
        lang: str, expected: str) -> None:
    # standard (the QA's seed 2): every other heart is gone, and S holds the 6♥ and the 8♥
    state = late_deal("standard", {"N": "8C 8S QH", "E": "9S AS TS", "S": "6H 8H KC",
                              "W": "6S 7S KS"}, "S", 40)
    card, why = rule(state)
    assert card == Card.parse("6H")
    assert why.key == "ai_cash_top_own"
    assert why.text(lang) == expected
    words = rule_words(why)
    assert words is not None and "highest card still out" not in words.in_lang("en")
    assert "старшей из оставшихся" not in words.in_lang("ru")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Nobody else has a higher trump than the ace of diamonds, and the opponents have no "
           "trumps left: it takes the trick."),
    ("ru", "Ни у кого, кроме вас, нет козыря старше туза бубен, а у соперников козырей нет: "
           "взятка ваша."),
])
def test_a_trump_under_the_learners_own_queen_is_not_the_highest_trump_still_out(
        lang: str, expected: str) -> None:
    # classic, diamonds trumps (the QA's seed 0): N holds the A♦ and the Q♥, a higher trump
    state = late_deal("classic", {"N": "AD QH", "E": "8H AS", "S": "9C KS", "W": "KC TC"}, "N", 40)
    card, why = rule(state)
    assert card == Card.parse("AD")
    assert why.key == "ai_cash_top_trump_own"
    assert why.text(lang) == expected


def test_the_highest_card_still_out_is_still_called_so() -> None:
    state = late_deal("standard", {"N": "8C 8S QH", "E": "9S AS TS", "S": "8H KC 9C",
                              "W": "6S 7S KS"}, "S", 40)
    card, why = rule(state)
    assert card == Card.parse("8H") and why.key == "ai_cash_top"
    assert why.text("en") == (
        "The eight of hearts is the highest card of its suit still out: play it now.")
    assert why.text("ru") == (
        "Восьмёрка червей — старшая оставшаяся карта масти: сыграйте её сейчас.")


# -- 7: "the deal is lost" while the catch may still win it ---------------------------------

KOZLY24_SEED_14 = {"N": "TD 6S KS JH 6C QH", "E": "KC AH AS QS QC TS",
                   "S": "AD TH KD JD JC QD", "W": "6D 6H JS TC AC KH"}
"""The QA's real deal (kozly24, seed 14) as dealt; after four tricks EW have 84 points, E
leads the 10♠ keeping only the Q♣, and N holds the 6♣."""
KOZLY24_SEED_14_PLAYS = "AD 6D TD KC AH TH 6H 6S AS KD JS KS TC JH QS JD TS"


def test_while_the_catch_may_still_win_the_deal_it_is_not_called_lost() -> None:
    state = played_from("kozly24", KOZLY24_SEED_14, "S", KOZLY24_SEED_14_PLAYS)
    assert state.view(Seat.S).taken_points == (0, 84)
    card, why = rule(state)
    assert card == Card.parse("QD")     # the fight for the saving points goes on
    assert why.key == "ai_fight_save_penalty_catch"
    assert why.text("en") == (
        "Only your side's six of clubs catching the opponents' queen of clubs can still win "
        "this deal; failing that, if your side reaches 30 points, you are written 2, not 4: "
        "try to take this trick with the queen of diamonds.")
    assert why.text("ru") == (
        "Выиграть раздачу теперь можно, только если шестёрка треф вашей стороны поймает даму "
        "треф соперников; иначе, если ваша сторона наберёт 30 очков, вам запишут 2, а не 4: "
        "попробуйте взять взятку дамой бубен.")
    assert "lost" not in why.text("en") and "не выиграть" not in why.text("ru")
    words = rule_words(why)
    assert words is not None and "when the deal is lost" not in words.in_lang("en")


def test_with_the_queen_of_clubs_on_the_learners_side_the_deal_is_lost() -> None:
    # the same deal with S's J♣ and E's Q♣ swapped: only the opponents' 6♣ could catch now
    hands = dict(KOZLY24_SEED_14, E="KC AH AS QS JC TS", S="AD TH KD JD QC QD")
    card, why = rule(played_from("kozly24", hands, "S", KOZLY24_SEED_14_PLAYS))
    assert card == Card.parse("QD")
    assert why.key == "ai_fight_save_penalty"
    assert why.text("en").startswith("The deal is lost, but if your side reaches 30 points")
    assert why.text("ru").startswith("Раздачу не выиграть, но если ваша сторона наберёт 30 очков")


# -- 8: "no opponent after you can beat your card" of a card an unseen void may ruff ----------

CLASSIC_DEAL_4 = {"N": "9C QC KC 9S AS TH JH", "E": "8C TS KS 9D TD JD KD",
                  "S": "TC JC AC JS QS AH 7D", "W": "7C 7H 9H QH 8D QD AD"}
"""The reviewer's classic deal 4 (diamonds trumps), W leading: after the first trick E (Gleb)
leads the K♠, S is second and W (Fedor) still to play; the Q♣, the only trump above the Q♠, is
not yet seen."""


def test_the_rule_quoted_for_a_card_an_unseen_void_may_ruff_says_it_may_be_ruffed() -> None:
    state = played_from("classic", CLASSIC_DEAL_4, "W", "7H TH TD AH KS")
    assert state.to_move is Seat.S and state.leader is Seat.E
    card, why = rule(state)
    assert card == Card.parse("QS") and why.key == "ai_take_trick_unless"
    # on the real cards W, after S, has no spade left and holds trumps: the queen may be ruffed
    spades = state.order.suit_of[Card.parse("KS").index]
    assert not state.hands[Seat.W] & state.order.suit_masks[spades]
    words = rule_words(why)
    assert words is not None
    assert words.in_lang("en") == ("take the trick when your card wins unless an opponent after "
                                   "you is out of spades and beats it with a trump")
    assert words.in_lang("ru") == ("берите взятку, когда ваша карта её берёт, если только "
                                   "соперник после вас не окажется без пик и не перебьёт её "
                                   "козырем")
    # the Hint's sentence, when the search prefers the J♣
    jack = Card.parse("JC")
    same = ((0.0, 60.0), (-2.0, 50.0))
    best = Decision(jack, None, (CandidateStats(jack, -1.0, 55.0, 2, same),
                                 CandidateStats(card, -1.0, 55.0, 2, same)))
    said = _reasons(Decision(card, why), best)[-1]
    assert said.text("en") == (
        "The simple rule — take the trick when your card wins unless an opponent after you is "
        "out of spades and beats it with a trump — says the queen of spades; tried the same "
        "way, the jack of clubs does at least as well.")
    assert said.text("ru") == (
        "Простое правило — берите взятку, когда ваша карта её берёт, если только соперник "
        "после вас не окажется без пик и не перебьёт её козырем — указывает на даму пик; в этих "
        "раскладах валет треф не хуже.")
    for lang, sure in (("en", "no opponent after you can beat"),
                       ("ru", "соперники после вас не перебьют")):
        assert sure not in said.text(lang)


def test_the_rule_words_name_the_suit_led_even_without_the_suit() -> None:
    words = rule_words(reason("take_trick_unless", card=Card.parse("QS")))
    assert words is not None
    assert "out of the suit led and beats it" in words.in_lang("en")
    assert "не окажется без масти, с которой зашли, и не перебьёт" in words.in_lang("ru")


def test_the_sure_rule_is_still_quoted_for_a_card_nobody_after_can_beat() -> None:
    words = rule_words(reason("take_trick", card=Card.parse("AH")))
    assert words is not None
    assert words.in_lang("en") == "take the trick when no opponent after you can beat your card"


# -- a sweep over random deals: none of these claims is false ---------------------------------

CASH_TOP = {"ai_cash_winner", "ai_cash_sure", "ai_cash_top", "ai_cash_top_trump"}
CASH_OWN = {key + "_own" for key in CASH_TOP}
CANNOT_BEAT = {"ai_cannot_beat", "ai_cannot_beat_cheapest"}
LOST = {"ai_fight_save", "ai_fight_save_rows", "ai_fight_save_penalty"}
LOST_UNLESS_CATCH = {key + "_catch" for key in LOST}
SURE_TAKE = "take the trick when no opponent after you can beat your card"
"""The rule's words that claim no opponent still to play can beat the card."""
TAKE_UNLESS = "take the trick when your card wins unless an opponent after you is out of"
"""... and those that claim only one out of the suit led can, with a trump."""


def _unplayed(state: DealState) -> set[Card]:
    """The cards in the four hands and on the table (the real ones, not a seat's guess)."""
    cards = {Card(i) for i in state.trick}
    for mask in state.hands:
        cards |= set(CardSet(mask))
    return cards


def _higher_unplayed(state: DealState, card: Card) -> set[Card]:
    """The unplayed cards of ``card``'s suit (trumps counted as one suit) that rank above it."""
    order = state.order
    return {c for c in _unplayed(state) if order.suit_of[c.index] == order.suit_of[card.index]
            and order.strength[c.index] > order.strength[card.index]}


def _side_of(state: DealState, card: Card) -> Team | None:
    """The side whose hand holds ``card``, or that played it to this trick (None: gone)."""
    if card.index in state.trick:
        return state.leader.offset(state.trick.index(card.index)).team
    return next((seat.team for seat in Seat if state.hands[seat] & card.bit), None)


def _later_beaters(state: DealState, card: Card) -> list[tuple[Seat, Card]]:
    """The cards the opponents still to play after ``card`` really hold and may play to this
    trick that beat it, with their seats."""
    me, order = state.to_move, state.order
    after = [*state.trick, card.index]
    later = [me.offset(k) for k in range(1, 4 - len(state.trick))]
    return [(seat, c) for seat in later if seat.team != me.team
            for c in CardSet(legal_mask(order, state.hands[seat], after, state.led))
            if order.beats(c, card)]


def _check_take(state: DealState, card: Card, why: Message, seen: dict[str, int]) -> None:
    """The claims of item 8 about taking the trick (the reason's and the rule's words),
    checked on the real cards."""
    words = rule_words(why)
    said = "" if words is None else words.in_lang("en")
    last = len(state.trick) == 3
    if why.key == "ai_take_trick" or said == SURE_TAKE:
        assert not last, ("no opponent after the last card", why.key)
        assert not _later_beaters(state, card), (why.key, card)
    if said.startswith(TAKE_UNLESS):
        led = state.order.suit_of[state.trick[0]]
        for seat, beater in _later_beaters(state, card):
            assert state.order.suit_of[beater.index] == TRUMP, (why.key, seat, beater)
            assert not state.hands[seat] & state.order.suit_masks[led], (why.key, seat)
            seen["ruffable"] += 1
    if why.key == "ai_take_trick_last":
        winner = Card(state.trick[state.order.winning_index(list(state.trick))])
        assert last and state.order.beats(card, winner), (why.key, card)
        seen["last"] += 1


def _check(state: DealState, card: Card, why: Message, seen: dict[str, int]) -> None:
    """The claims of items 5–8, checked on the real cards."""
    _check_take(state, card, why, seen)
    me = state.to_move
    key = why.key
    if key in CASH_TOP:
        assert not _higher_unplayed(state, card), (key, card)
    if key in CASH_OWN:
        higher = _higher_unplayed(state, card)
        assert higher and all(state.hands[me] & c.bit for c in higher), (key, card, higher)
        seen["own"] += 1
    if key in CANNOT_BEAT or key == "ai_guard_queen":
        trick = list(state.trick)
        winner = Card(trick[state.order.winning_index(trick)]) if trick else None
        legal = legal_mask(state.order, state.hands[me], trick, state.led)
        beating = [c for c in CardSet(legal) if winner and state.order.beats(c, winner)]
        if key in CANNOT_BEAT:
            assert not beating, (key, winner, beating)
        elif beating == [QUEEN_OF_CLUBS]:
            seen["queen_kept"] += 1
    six, queen = _side_of(state, SIX_OF_CLUBS), _side_of(state, QUEEN_OF_CLUBS)
    our_catch = state.rules.catch and six == me.team and queen == me.team.other
    if key in LOST:
        assert not our_catch, (key, "the 6♣ of this side may still catch the Q♣")
    if key in LOST_UNLESS_CATCH:
        assert six is not None and queen is not None and queen != me.team, key


def test_no_hint_claims_what_the_real_cards_deny_in_random_deals() -> None:
    seen = {"own": 0, "queen_kept": 0, "ruffable": 0, "last": 0}
    for name in PRESETS:
        rules = find_rules(name)
        for deal_no in range(40):
            rng = random.Random(7000 + deal_no)
            state = DealState.deal(rules, dealer=Seat(deal_no % 4), rng=rng)
            while not state.is_over:
                view = state.view(state.to_move)
                if state.phase is Phase.CALL:
                    state.call_trump(call_trump(view.hand, rules).suit)
                    continue
                card, why = rule(state)
                _check(state, card, why, seen)
                # the rule's card or, now and then, another one: more kinds of table
                state.play(card if rng.random() < 0.7
                           else rng.choice(sorted(state.legal_plays())))
    # the sweep met the tables in question, not only others
    assert seen["own"], "some deal cashes a winner under the player's own higher card"
    assert seen["queen_kept"], "some deal keeps back a Q♣ that beats the cards on the table"
    assert seen["ruffable"], "some card the rule takes with may really be ruffed after it"
    assert seen["last"], "some deal takes a trick with its last card"
