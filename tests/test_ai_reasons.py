"""Every reason the rule player and the hint give is true and in correct Russian and English:
who takes the trick, how sure that is, what a card is worth, what the preset writes."""

from __future__ import annotations

import random
import re

import pytest
from conftest import late_deal

from kozel_tutor.ai.advice import Adviser
from kozel_tutor.ai.context import MatchContext
from kozel_tutor.ai.heuristic import MediumPlayer, rule_decision
from kozel_tutor.ai.knowledge import TableFacts, catch_possible, save_stakes
from kozel_tutor.ai.pimc import HARD, MonteCarloPlayer
from kozel_tutor.ai.reasons import AI_MESSAGES, layouts_count, reason, rule_words, trumps_count
from kozel_tutor.ai.trump_call import call_trump
from kozel_tutor.cards import Card, CardSet, parse_cards
from kozel_tutor.i18n import Message, Number, plural_ru
from kozel_tutor.rules import find_rules, legal_mask
from kozel_tutor.scoring import deal_result
from kozel_tutor.seats import Seat, Team
from kozel_tutor.state import DealState, Phase


def build(name: str, hands: dict[str, str], dealer: str, plays: list[str],
          **options: object) -> DealState:
    """A deal of preset ``name`` from the four hands, with ``plays`` played from the start."""
    rules = find_rules(name, **options)
    state = DealState(rules, [CardSet.parse(hands[s.name]) for s in Seat], dealer=Seat[dealer])
    for token in plays:
        state.play(Card.parse(token))
    return state


def medium(state: DealState) -> tuple[Card, Message]:
    decision = MediumPlayer().choose(state.view(state.to_move))
    assert decision.reason is not None
    return decision.card, decision.reason


# -- 1, 2: the partner is winning ------------------------------------------------------------


def test_with_nothing_to_give_on_the_partners_trick_the_reason_says_the_partner_takes_it() -> None:
    # N's A♦ leads the trick; S may play only small diamonds; W (after S) has not shown out.
    state = build("standard", {"N": "JC 9C 6C JS 8S 7S AD QD 7D",
                               "E": "TC 8C 9S 6S TH 7H 6H TD 8D",
                               "S": "7C KS TS KH JH 8H JD 9D 6D",
                               "W": "AC KC QC AS QS AH QH 9H KD"},
                  "W", ["AD", "8D"])
    card, why = medium(state)
    assert card == Card.parse("6D")
    assert why.key == "ai_partner_takes_nothing_to_give_unless"
    assert why.text("en").startswith("Your partner takes this trick unless an opponent after you "
                                      "is out of diamonds")
    assert "none of the cards you may play carries points" in why.text("en")
    assert why.text("ru").startswith("Эту взятку берёт партнёр, если только соперник после вас "
                                      "не окажется без бубен")
    assert "opponents take" not in why.text("en") and "берут соперники" not in why.text("ru")


def test_last_to_play_on_the_partners_trick_the_partner_surely_takes_it() -> None:
    state = build("standard", {"N": "AH JC 9C 6C JS 8S 7S QD 7D",
                               "E": "KH TC 8C 9S 6S TH 6H TD 8D",
                               "S": "7H 9H 7C KS TS JH QH 9D 6D",
                               "W": "AC KC QC AS QS 8H KD AD JD"},
                  "S", ["8H", "AH", "6H"])
    assert state.to_move is Seat.S and set(state.legal_plays()) == set(parse_cards("7H 9H"))
    card, why = medium(state)
    assert card == Card.parse("7H")
    assert why.key == "ai_partner_takes_nothing_to_give"
    assert why.text("en") == ("Your partner surely takes this trick, and none of the cards you may "
                              "play carries points: play your emptiest card, the seven of hearts.")
    assert "cannot surely win" not in why.text("en")


def test_holding_a_sure_winner_the_reason_does_not_say_you_cannot_win() -> None:
    # N's J♦ leads; S holds the Q♣, the highest trump, worth only 3: medium keeps it.
    state = build("standard", {"N": "JD JH 9C 8C 7C 6H TD 7D 6D",
                               "E": "7H AS KS TS 9S AH KH AD KD",
                               "S": "QC 6C 8S 7S 6S 9H 8H 9D 8D",
                               "W": "QS QH QD JC JS AC TC KC TH"},
                  "W", ["JD", "7H"])
    card, why = medium(state)
    assert card == Card.parse("6C")
    assert why.key == "ai_partner_may_lose"
    assert why.text("en").startswith("Your partner is winning this trick so far, but an opponent "
                                     "after you may still beat it")
    assert "cannot" not in why.text("en") and "не взять" not in why.text("ru")


# -- 3: no cheap card ------------------------------------------------------------------------


def test_an_ace_led_for_want_of_anything_cheaper_is_not_called_cheap() -> None:
    state = build("standard", {"N": "KC QC 6C 9S 6S QH 9H TD 8D",
                               "E": "AC JC 8C AS TS 8S 9D 7D 6D",
                               "S": "TC 9C KS JS AH 7H 6H AD QD",
                               "W": "7C QS 7S KH JH TH 8H KD JD"},
                  "W", ["QC", "8C", "TC", "7C", "6S", "AS", "KS", "7S", "TS", "QD", "QS", "9S",
                        "8H", "9H", "AC", "6H", "6D", "AD", "KD", "TD", "7H", "KH", "QH", "7D",
                        "8D", "9D", "JS", "JD"])
    assert state.to_move is Seat.S and state.hand(Seat.S) == CardSet.parse("9C AH")
    card, why = medium(state)
    assert card == Card.parse("AH")
    assert why.key == "ai_lead_least_plain"
    assert "cheap " not in why.text("en") and "дешёвой карты" not in why.text("ru")
    assert "10 or more" in why.text("en") and "10 очков или больше" in why.text("ru")


# -- 4: the fight for the saving points, in each preset's own scoring ------------------------

LOST = {  # E leads the K♥, S can take it with the 10♥, NS have 10 points
    "standard": {"N": "6H 6S 7D 8D", "E": "KH 6C 7C 8C", "S": "TH 7H 8S 9D", "W": "AH 9C TC JC"},
    "nizhny": {"N": "6H 6S 7D 8D", "E": "KH 6C 7C 8C", "S": "TH 7H 8S 9D", "W": "AH 9C TC JC"},
    "classic": {"N": "7S 8S 9S 7D", "E": "KH 8D 9D 7C", "S": "TH 7H 8H 9H", "W": "AH 8C 9C TC"},
    "kozly24": {"N": "6S 6D JD", "E": "KH KS KD", "S": "TH 6H JH", "W": "AH TS JS"},
}
FIGHT_WORDS = {  # (key, the stakes in English, in Russian) with 1 and with 2 (after eggs)
    "standard": ("ai_fight_save", "31 points, the opponents write {0}, not {1}",
                 "31 очко, соперники запишут {0}, а не {1}"),
    "nizhny": ("ai_fight_save_penalty", "31 points, you are written {0}, not {1}",
               "31 очко, вам запишут {0}, а не {1}"),
    "classic": ("ai_fight_save_rows", "31 points, the opponents write {0} row{2}, not {1} rows",
                "31 очко, соперники запишут {0} {3}, а не {1} пары"),
    "kozly24": ("ai_fight_save_penalty", "30 points, you are written {0}, not {1}",
                "30 очков, вам запишут {0}, а не {1}"),
}


@pytest.mark.parametrize("multiplier", [1, 2])
@pytest.mark.parametrize("name", list(LOST))
def test_the_fight_for_the_saving_points_quotes_the_presets_own_scores(name: str,
                                                                      multiplier: int) -> None:
    state = late_deal(name, LOST[name], "E", 10, plays="KH")
    player = MediumPlayer()
    player.observe_match(MatchContext(multiplier=multiplier))
    decision = player.choose(state.view(Seat.S))
    assert decision.card == Card.parse("TH") and decision.reason is not None
    rules = state.rules
    stakes = save_stakes(rules, Team.NS, multiplier)
    assert stakes is not None
    # the numbers are the preset's table at the saving points and one point below
    total = rules.deck_cards.points
    for points, written in ((stakes.points, stakes.mild), (stakes.points - 1, stakes.harsh)):
        assert deal_result(rules, (points, total - points), (1, 1), multiplier).written == written
    side = Team.EW if stakes.mild[Team.NS] == stakes.harsh[Team.NS] else Team.NS
    mild, harsh = stakes.mild[side], stakes.harsh[side]
    key, en, ru = FIGHT_WORDS[name]
    rows = "" if mild == 1 else "s"
    rows_ru = plural_ru(mild, "пару", "пары", "пар")
    assert decision.reason.key == key
    assert en.format(mild, harsh, rows, rows_ru) in decision.reason.text("en")
    assert ru.format(mild, harsh, rows, rows_ru) in decision.reason.text("ru")
    if name != "standard":
        assert "write 4" not in decision.reason.text("en")


def test_the_standard_fight_is_about_what_the_winners_write() -> None:
    why = medium(late_deal("standard", LOST["standard"], "E", 10, plays="KH"))[1]
    assert "save you from writing" not in why.text("en")
    assert why.text("en") == ("The deal is lost, but if your side reaches 31 points, the "
                              "opponents write 2, not 4: try to take this trick with the ten of "
                              "hearts.")


# -- 5: numbers agree with their nouns -------------------------------------------------------

RU_NOUNS = {"очк": ("очко", "очка", "очков"), "козыр": ("козырь", "козыря", "козырей")}
PRESETS = [("standard", {}), ("standard", {"trump": "called"}), ("standard", {"deck": 32}),
           ("nizhny", {}), ("kozly24", {}), ("classic", {})]


def _check_agreement(text_ru: str, text_en: str) -> None:
    for match in re.finditer(r"(\d+) (очк\w*|козыр\w*)", text_ru):
        n, word = int(match.group(1)), match.group(2)
        forms = RU_NOUNS[word[:5] if word.startswith("козыр") else word[:3]]
        assert word == plural_ru(n, *forms), text_ru
    for match in re.finditer(r"\b(\d+) (trumps?|points?|card points?)\b", text_en):
        n, word = int(match.group(1)), match.group(2)
        assert word.endswith("s") == (n != 1), text_en


@pytest.mark.parametrize(("name", "options"), PRESETS)
def test_every_rule_reason_agrees_in_number(name: str, options: dict[str, object]) -> None:
    rules = find_rules(name, **options)
    for deal_no in range(25):
        state = DealState.deal(rules, dealer=Seat(deal_no % 4), rng=random.Random(deal_no))
        while not state.is_over:
            view = state.view(state.to_move)
            if state.phase is Phase.CALL:
                call = call_trump(view.hand, rules)
                assert call.reason is not None
                _check_agreement(call.reason.text("ru"), call.reason.text("en"))
                state.call_trump(call.suit)
                continue
            decision = rule_decision(view)
            assert decision.reason is not None
            _check_agreement(decision.reason.text("ru"), decision.reason.text("en"))
            state.play(decision.card)


def test_counts_of_trumps_and_points_take_the_right_form() -> None:
    queen = Card.parse("QC")
    assert reason("pull_trumps", count=trumps_count(4), card=queen).text("ru").startswith(
        "У вас 4 козыря,")
    assert reason("call_trump", suit=queen.suit, count=trumps_count(1)).text("en") == (
        "Call clubs: with them as trumps you hold 1 trump, the strongest hand.")
    assert "тогда у вас 3 козыря" in reason("call_trump", suit=queen.suit,
                                             count=trumps_count(3)).text("ru")
    state = build("standard", {"N": "QC JC 7C 9S AH QH TH 7H 6H",
                               "E": "9C AS QS JS 7S JH TD 9D 6D",
                               "S": "AC 6C KS 6S KH 8H AD QD 8D",
                               "W": "KC TC 8C TS 8S 9H KD JD 7D"},
                  "E", ["AD", "7D", "AH", "6D", "8D", "KD", "QH", "9D", "TH", "QS", "8H", "9H",
                        "AS", "6S", "TS", "9S", "7S", "KS", "8S", "QC", "6H", "JH", "KH", "TC",
                        "TD", "AC"])
    why = medium(state)[1]
    assert why.key == "ai_ruff_points"
    assert why.text("ru").startswith("Во взятке 21 очко:")
    assert why.text("en").startswith("There are 21 points in this trick:")


def test_the_russian_reasons_use_the_apps_terms() -> None:
    # the partner (Nina) is never «он»/«ему»; trumps are «вытянуть», a trump suit «козырями»
    ace, seven, hearts = Card.parse("AH"), Card.parse("7S"), Card.parse("AH").suit
    for key in ("feed_partner", "feed_partner_unless", "feed_partner_open"):
        ru = reason(key, card=ace, suit=hearts).text("ru")
        assert ru.endswith("отдайте партнёру туза червей.")
    ruff = reason("lead_partner_ruff", suit=hearts, card=seven).text("ru")
    assert ruff == ("У партнёра кончились черви: зайдите с семёрки пик, пусть партнёр бьёт "
                    "козырем.")
    for key, texts in AI_MESSAGES.items():
        assert not re.search(r"\b(ему|он|его|ним)\b", texts["ru"]) or key == "ai_avoid_ruff", key
        assert "выбить" not in texts["ru"], key
    assert reason("avoid_ruff", card=seven).text("ru") == (
        "У одного из соперников кончилась масть, которая есть у вас, и он может бить её "
        "козырем: зайдите лучше с семёрки пик.")
    assert "вытянуть козыри" in reason("pull_trumps", count=trumps_count(4), card=ace).text("ru")
    assert reason("call_trump", suit=hearts, count=trumps_count(7)).text("ru") == (
        "Назначьте козырями черви: тогда у вас 7 козырей — самая сильная рука.")
    assert reason("careless", card=seven).text("ru") == "Сыграно наобум: семёрка пик."
    assert reason("take_trick", card=ace).text("ru") == (
        "Туз червей берёт взятку: никто из соперников после вас его не перебьёт.")
    # the deal's figure is the match score's, a deal on average
    best = reason("best_expected_score", layouts=layouts_count(24), card=ace,
                  score=Number(-0.9, sign=True))
    assert best.text("ru") == ("В 24 случайных раскладах скрытых карт лучше всего туз червей: "
                               "по счёту партии это в среднем −0,9 за раздачу в пользу вашей "
                               "стороны.")
    assert best.text("en") == ("In 24 ways the hidden cards may lie, picked at random, the ace "
                               "of hearts scores best: on average -0.9 a deal on the match score "
                               "in your side's favour.")


# -- 6, 7: what is sure and what is only known -----------------------------------------------


def test_a_card_an_unseen_void_could_ruff_is_not_called_sure() -> None:
    # trick 1: E leads a spade, S holds the A♠, W after S has no spade (unseen by S) and ruffs
    state = build("standard", {"N": "KS 9S 6S AH KH 9H AD KD 9D",
                               "E": "8S TS JH TH 8H 7H TD 8D 7D",
                               "S": "AS 7S QC QS 6C 7C 6D 6H QH",
                               "W": "JC JS AC TC KC 9C 8C QD JD"},
                  "N", ["8S"])
    card, why = medium(state)
    assert card == Card.parse("AS")
    assert why.key == "ai_take_trick_unless"
    assert why.text("en") == ("The ace of spades wins this trick for your side unless an "
                              "opponent after you is out of spades and beats it with a trump.")
    assert "насколько" not in why.text("ru") and "если только соперник после вас не окажется " \
        "без пик" in why.text("ru")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "The ace of hearts beats the cards on the table, and nobody plays after you: the "
           "trick is your side's."),
    ("ru", "Туз червей бьёт карты на столе, а после вас во взятку никто не играет: взятка "
           "ваша."),
])
def test_the_last_card_of_a_trick_takes_it_without_talk_of_opponents_after_you(
        lang: str, expected: str) -> None:
    # W led the 9♥, N and E followed with the 7♥ and the 10♥: S plays last and the A♥ takes it
    state = late_deal("standard", {"N": "7H 8S", "E": "TH 9S", "S": "AH 8H", "W": "9H 7D"}, "W",
                      40, plays="9H 7H TH")
    assert state.to_move is Seat.S and len(state.trick) == 3
    card, why = medium(state)
    assert card == Card.parse("AH") and why.key == "ai_take_trick_last"
    assert why.text(lang) == expected
    words = rule_words(why)
    assert words is not None
    assert words.in_lang("en") == ("when nobody plays after you, take the trick with a card that "
                                   "beats the cards on the table")
    assert words.in_lang("ru") == ("когда после вас во взятку никто не играет, забирайте её "
                                   "картой, которая бьёт карты на столе")
    for text in (why.text(lang), words.in_lang(lang)):
        assert "opponent after you" not in text and "соперник" not in text, text


def test_feeding_a_partner_an_unseen_void_could_ruff_says_so() -> None:
    state = build("standard", {"N": "AH 9H AS KS 9S AD KD 9D 8D",
                               "E": "7H 8H 6H TS 8S 7S TD 7D 6D",
                               "S": "KH TH 6S QC QS 6C 7C QD JD",
                               "W": "JC JS JH QH AC TC KC 9C 8C"},
                  "W", ["AH", "7H"])
    card, why = medium(state)
    assert card == Card.parse("TH")
    assert why.key == "ai_feed_partner_unless"
    assert "surely" not in why.text("en") and "точно" not in why.text("ru")


def test_the_cash_reason_says_in_russian_what_it_says_in_english() -> None:
    for deal_no in range(40):
        deal = DealState.deal(find_rules(), dealer=Seat(deal_no % 4), rng=random.Random(deal_no))
        why = rule_decision(deal.view(deal.to_move)).reason
        assert why is not None
        if why.key == "ai_cash_winner":
            break
    else:
        pytest.fail("no deal opens with a cash")
    assert "no opponent is known to be able to trump it" in why.text("en")
    assert "насколько известно, её никто из соперников не перебьёт козырем" in why.text("ru")
    assert "некому" not in why.text("ru")


def test_the_last_card_of_a_suit_is_not_said_to_be_safe_from_a_ruff() -> None:
    # every other spade is gone, so both opponents are out of spades, and a trump is still out
    state = late_deal("standard", {"S": "AS 7H", "W": "QC 8H", "N": "6H 9H", "E": "KH TH"}, "S", 40)
    card, why = medium(state)
    assert card == Card.parse("AS")
    assert why.key == "ai_cash_top"
    assert "known" not in why.text("en") and "насколько известно" not in why.text("ru")
    # following to the last diamond: W, after S, is out of diamonds for certain and may ruff
    state = late_deal("standard", {"E": "6D 7H 8S", "S": "9D 6H 7S", "W": "QC 8H 9S",
                                 "N": "TH 9H KS"}, "E", 40, plays="6D")
    facts = TableFacts(state.view(Seat.S))
    diamonds = facts.suit_of(Card.parse("6D"))
    assert not facts.out_in_suit(diamonds) and not facts.void(Seat.W, diamonds)
    assert facts.outlook([Seat.W], Card.parse("9D"), diamonds) == "open"


def _beats(state: DealState, seat: Seat, trick: list[int], card: Card) -> bool:
    """Whether ``seat``'s real hand holds a card it may play to ``trick`` that beats ``card``."""
    order = state.order
    legal = legal_mask(order, state.hands[seat], trick, state.led)
    return any(legal >> c & 1 and order.beats(Card(c), card) for c in range(36))


def _holds_suit(state: DealState, seat: Seat, suit: int) -> bool:
    return bool(state.hands[seat] & state.order.suit_masks[suit])


def _check_claim(state: DealState, card: Card, why: Message) -> None:
    """The reason's claim about the trick, checked against the real hands."""
    key = why.key.removeprefix("ai_")
    me = state.to_move
    order = state.order
    trick = list(state.trick)
    after = [*trick, card.index]
    later = [me.offset(k) for k in range(1, 4 - len(trick))]
    opponents = [s for s in later if s.team != me.team]
    led = order.suit_of[after[0]]
    if key == "take_trick_last":
        # the last card of the trick: it beats the cards on the table, nobody plays after it
        assert not later and order.beats(card, Card(trick[order.winning_index(trick)])), key
        return
    if key in ("take_trick", "take_trick_unless"):
        assert opponents, ("an opponent after you", key)
        holder = card
    elif key.startswith(("feed_partner", "partner_takes")) and not key.endswith("open"):
        holder = Card(trick[order.winning_index(trick)])
        assert not order.beats(card, holder)
    elif key in ("cash_sure", "cash_top_trump"):
        for seat in (me.next, me.previous):
            assert not _beats(state, seat, after, card), (key, seat)
        return
    elif key in ("give_emptiest", "give_cheapest"):
        winner = Card(trick[order.winning_index(trick)])
        assert not order.beats(card, winner) and me.partner not in later
        return
    else:
        return
    for seat in opponents:
        if _beats(state, seat, after, holder):
            assert key.endswith("unless"), (key, seat, holder)
            assert not _holds_suit(state, seat, led), "only a seat out of the suit led beats it"


@pytest.mark.parametrize(("name", "options"), PRESETS)
def test_what_medium_says_about_the_trick_is_true_on_the_real_cards(
        name: str, options: dict[str, object]) -> None:
    rules = find_rules(name, **options)
    for deal_no in range(30):
        state = DealState.deal(rules, dealer=Seat(deal_no % 4), rng=random.Random(100 + deal_no))
        while not state.is_over:
            view = state.view(state.to_move)
            if state.phase is Phase.CALL:
                state.call_trump(call_trump(view.hand, rules).suit)
                continue
            decision = rule_decision(view)
            assert decision.reason is not None
            _check_claim(state, decision.card, decision.reason)
            state.play(decision.card)


def test_a_seat_that_must_still_hold_the_suit_led_cannot_ruff() -> None:
    # N showed out of hearts; two hearts and a trump are out and E, the only other hand that may
    # hold them, has one card left: W (after S) must follow hearts, so S's A♥ surely wins.
    state = late_deal("standard", {"W": "9H 7H 6H", "N": "6S 7S 8S", "E": "TH KH 6C",
                                 "S": "8H AH 9D"}, "W", 40, plays="9H 6S TH 8H KH")
    facts = TableFacts(state.view(Seat.S))
    hearts = facts.suit_of(Card.parse("AH"))
    assert facts.must_hold(Seat.W, hearts) and not facts.must_hold(Seat.E, hearts)
    assert facts.outlook([Seat.W], Card.parse("AH"), hearts) == "sure"
    # with one more card in E's hand W might be out of hearts: only "unless" then
    state = late_deal("standard", {"W": "9H 7H 6H 6D", "N": "6S 7S 8S 9S", "E": "TH KH 6C 8D",
                                 "S": "8H AH TS KS"}, "W", 40, plays="9H 6S TH 8H KH")
    facts = TableFacts(state.view(Seat.S))
    assert facts.outlook([Seat.W], Card.parse("AH"), hearts) == "unless_void"


# -- 9 (a): no stand-in points under the catch -----------------------------------------------


def test_under_the_catch_the_hint_quotes_the_deal_score_only() -> None:
    state = build("nizhny", {"N": "8C 6C AS 7S TH 8H KD 9D 6D",
                             "E": "AC KC KS QS 9S QH 7H JD TD",
                             "S": "JC 9C JS 8S AH JH 9H AD 8D",
                             "W": "QC TC 7C TS 6S KH 6H QD 7D"},
                  "W", ["AS", "9S", "8S", "6S", "6D", "TD", "AD", "7D", "AH", "6H", "TH", "7H",
                        "9H", "KH", "8H", "AC", "KS", "JC", "TS", "7S", "8D", "TC", "9D", "KC",
                        "7C", "8C", "JD"])
    view = state.view(Seat.S)
    assert view.taken_points == (69, 29) and catch_possible(view)
    advice = Adviser(random.Random(0)).advise(view)
    search = next(r for r in advice.reasons if r.key.startswith("ai_advice_search"))
    assert search.key == "ai_advice_search_score"
    # no card points (the penalty points written are the match score's, not the cards')
    assert "card point" not in search.text("en") and "к концу раздачи" not in search.text("ru")
    assert not re.search(r"(?<!штрафных )очк", search.text("ru")), search.text("ru")
    assert "brings" not in advice.text("en")


def test_under_the_catch_the_hard_player_quotes_the_deal_score_only() -> None:
    state = late_deal("nizhny", {"N": "6C 8H", "E": "QC 7H", "S": "AH 9H", "W": "6H KH"}, "E", 40,
                    plays="7H")
    view = state.view(Seat.S)
    assert catch_possible(view)
    decision = MonteCarloPlayer(random.Random(0), HARD).choose(view)
    assert decision.reason is not None and decision.reason.key == "ai_best_expected_score"
    assert "point" not in decision.reason.text("en") and "очк" not in decision.reason.text("ru")


def test_the_catch_is_possible_only_while_both_cards_may_meet() -> None:
    rules = find_rules("nizhny")
    state = DealState.deal(rules, dealer=Seat.W, rng=random.Random(2))
    view = state.view(state.to_move)
    both_mine = not CardSet.parse("6C QC").mask & ~view.hand.mask
    assert catch_possible(view) == (not both_mine)
    assert not catch_possible(DealState.deal(find_rules(), rng=random.Random(2)).view(Seat.S))


@pytest.mark.parametrize("gone", ["QC", "6C"])
def test_once_either_catch_card_is_gone_the_catch_is_over_and_points_are_quoted(gone: str) -> None:
    # the other catch card is in a hand the learner cannot see (N's)
    held = "6C" if gone == "QC" else "QC"
    state = late_deal("nizhny", {"N": f"{held} 8H", "E": "AS 7H", "S": "AH 9H", "W": "6H KH"}, "E",
                    40, plays="7H")
    view = state.view(Seat.S)
    assert Card.parse(gone) not in view.unseen and Card.parse(held) in view.unseen
    assert not catch_possible(view)
    decision = MonteCarloPlayer(random.Random(0), HARD).choose(view)
    assert decision.reason is not None and decision.reason.key == "ai_best_expected"
    assert "card points" in decision.reason.text("en")


def test_the_hard_players_match_figure_says_whose_favour_it_counts_in_every_preset() -> None:
    """The figure is the match score's gain for the player's side (above 0: good for it), in
    the standard game as under penalty scoring, where a bigger score is worse: the words say
    which way it counts instead of leaving it to the sign."""
    for key in ("ai_best_expected", "ai_best_expected_about", "ai_best_expected_score"):
        assert "{score} a deal on the match score in your side's favour" in AI_MESSAGES[key]["en"]
        assert "{score} за раздачу в пользу вашей стороны" in AI_MESSAGES[key]["ru"]
