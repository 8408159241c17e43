"""The Hint names a card the way Russian does: declined after a verb or a preposition
(«сыграйте шестёрку пик», «зайдите с дамы треф», «отдайте партнёру короля треф», «бейте её
козырем — тузом треф»), with the words about it agreeing with its gender («он самый дешёвый» of
a king, «она самая дешёвая» of a ten); and its statistics sentence says «в среднем» once."""

from __future__ import annotations

import re

import pytest

from kozel_tutor.ai.reasons import AI_MESSAGES, MatchGain, layouts_count, reason
from kozel_tutor.app.seat_words import card_object
from kozel_tutor.card_words import CASES, Case, card_ru, is_masculine, rank_ru
from kozel_tutor.cards import Card, Rank, Suit
from kozel_tutor.i18n import CARD_POINTS, LANGUAGES, POINTS, Message, Number, Phrase

FORMS = {  # nominative, accusative, genitive, instrumental, said independently of the code
    Rank.SIX: ("шестёрка", "шестёрку", "шестёрки", "шестёркой"),
    Rank.SEVEN: ("семёрка", "семёрку", "семёрки", "семёркой"),
    Rank.EIGHT: ("восьмёрка", "восьмёрку", "восьмёрки", "восьмёркой"),
    Rank.NINE: ("девятка", "девятку", "девятки", "девяткой"),
    Rank.TEN: ("десятка", "десятку", "десятки", "десяткой"),
    Rank.JACK: ("валет", "валета", "валета", "валетом"),
    Rank.QUEEN: ("дама", "даму", "дамы", "дамой"),
    Rank.KING: ("король", "короля", "короля", "королём"),
    Rank.ACE: ("туз", "туза", "туза", "тузом"),
}
MASCULINE = {Rank.JACK, Rank.KING, Rank.ACE}
RULE_CARD = Card.parse("9D")    # the simple rule's card, in every rendering below

# the words that ask for a case, and whose card is named right after them, in that case
CASE_AFTER: list[tuple[str, Case, str]] = [
    (r"сыграйте|отдайте партнёру|карту —|пустую —|дешёвую —", "accusative", "card"),
    (r"указывает на", "accusative", "rule_card"),
    (r"зайдите с|зайдите лучше с|— с", "genitive", "card"),
    (r"взять взятку|козырем —", "instrumental", "card"),
]
ANY_RANK = "|".join(sorted({form for forms in FORMS.values() for form in forms}, key=len,
                           reverse=True))
SUITS = "треф|пик|червей|бубен"


def params(card: Card) -> dict[str, object]:
    """Every parameter any reason's text takes, around ``card``."""
    return {"card": card, "rule_card": RULE_CARD, "suit": card.suit, "count": 4,
            "points": POINTS(31), "mild": 2, "harsh": 4, "penalty": 4, "samples": 24,
            "layouts": layouts_count(24), "score": Number(0.3, 2, sign=True),
            "rule": Phrase("play low", "играйте дешёвую карту")}


def rendered(card: Card) -> dict[str, str]:
    """Every Russian reason text with ``card``, each template as it is (the "emptiest" ones
    too, which the rules say only of a card without points)."""
    texts = {}
    for key in AI_MESSAGES:
        message = reason(key.removeprefix("ai_"), **params(card))
        texts[key] = Message(key, message.params).text("ru")
    return texts


def form(card: Card, case: Case) -> str:
    return f"{FORMS[card.rank][CASES.index(case)]} {card.suit.genitive_in('ru')}"


ALL_RANKS = [Card.of(rank, suit) for rank, suit in zip(Rank, [*Suit, *Suit, *Suit], strict=False)]


def test_every_rank_is_declined_in_every_case_and_has_its_gender() -> None:
    for rank, forms in FORMS.items():
        assert tuple(rank_ru(rank, case) for case in CASES) == forms
        assert is_masculine(rank) == (rank in MASCULINE)
    assert card_ru(Card.parse("QC"), "genitive") == "дамы треф"
    assert card_ru(Card.parse("KC"), "accusative") == "короля треф"


def test_the_apps_card_object_is_the_same_accusative() -> None:
    for card in ALL_RANKS:
        assert card_object(card).in_lang("ru") == form(card, "accusative")


@pytest.mark.parametrize("card", ALL_RANKS, ids=str)
def test_every_russian_reason_declines_the_card_after_its_verb(card: Card) -> None:
    checked = 0
    for key, text in rendered(card).items():
        assert "{" not in text and "«" not in text, (key, text)
        for before, case, whose in CASE_AFTER:
            named = card if whose == "card" else RULE_CARD
            for match in re.finditer(rf"(?:{before}) ((?:{ANY_RANK}) (?:{SUITS}))\b", text):
                assert match.group(1) == form(named, case), (key, text)
                checked += 1
        # a reason that opens with the card names it in the nominative, capitalised
        if AI_MESSAGES[key]["ru"].startswith("{card}"):
            assert text.startswith(form(card, "nominative").capitalize()), (key, text)
    assert checked >= 30


@pytest.mark.parametrize("card", ALL_RANKS, ids=str)
def test_the_words_about_the_card_agree_with_its_gender(card: Card) -> None:
    texts = rendered(card)
    masculine = card.rank in MASCULINE
    him = "его" if masculine else "её"
    cheapest = "он самый дешёвый" if masculine else "она самая дешёвая"
    emptiest = "он самый пустой" if masculine else "она самая пустая"
    assert texts["ai_cheapest_beats"].endswith(f"на столе, {cheapest}.")
    assert texts["ai_emptiest_beats"].endswith(f"на столе, {emptiest}.")
    assert texts["ai_take_trick"].endswith(f"никто из соперников после вас {him} не перебьёт.")
    assert f"не перебьёт {him} козырем." in texts["ai_take_trick_unless"]
    # the cash reasons call it «старшая оставшаяся карта масти» and go on about that card
    for key in ("ai_cash_winner", "ai_cash_sure", "ai_cash_top"):
        assert "— старшая оставшаяся карта масти" in texts[key]
    wrong = "она самая" if masculine else "он самый"
    assert not any(wrong in text for text in texts.values())


def test_the_hint_names_the_card_as_the_proofreader_asked() -> None:
    six, king, queen = Card.parse("6S"), Card.parse("KC"), Card.parse("QC")
    assert reason("duck", card=six).text("ru") == (
        "Взять эту взятку наверняка не выйдет: сыграйте шестёрку пик и сберегите очки.")
    assert reason("lead_partner_ruff", suit=Suit.HEARTS, card=queen).text("ru").endswith(
        "зайдите с дамы треф, пусть партнёр бьёт козырем.")
    assert reason("feed_partner", card=king).text("ru").endswith("отдайте партнёру короля треф.")
    assert reason("cheapest_beats", card=king).text("ru") == (
        "Сыграйте короля треф: из ваших карт, которые пока бьют карты на столе, он самый "
        "дешёвый.")
    assert reason("ruff_points", points=POINTS(21), card=Card.parse("AC")).text("ru") == (
        "Во взятке 21 очко: бейте её козырем — тузом треф.")
    guard = reason("guard_queen", card=six, penalty=4)
    assert "(вам запишут 4): придержите даму и сыграйте шестёрку пик." in guard.text("ru")
    assert "(4 against you)" in guard.text("en")


@pytest.mark.parametrize("card", ALL_RANKS[:3], ids=str)
def test_every_reason_renders_in_both_languages(card: Card) -> None:
    for key in AI_MESSAGES:
        message = reason(key.removeprefix("ai_"), **params(card))
        for lang in LANGUAGES:
            text = Message(key, message.params).text(lang)
            assert "{" not in text and "}" not in text, (key, lang)
        if "{card}" in AI_MESSAGES[key]["en"]:
            assert card.name_in("en") in message.text("en"), key


# -- the statistics sentence (the search's figures) -----------------------------------------

def search(mean: float, *, penalty: bool, points: bool = True) -> str:
    if points:
        return reason("advice_search", samples=24, layouts=layouts_count(24),
                      points=CARD_POINTS(62), score=MatchGain(mean, penalty=penalty)).text("ru")
    return reason("advice_search_score", samples=24, layouts=layouts_count(24),
                  score=MatchGain(mean, penalty=penalty)).text("ru")


def test_the_statistics_sentence_reads_well_with_plus_points() -> None:
    assert search(0.3, penalty=False) == (
        "Эту карту проверили в 24 случайных раскладах скрытых карт: в среднем у вашей стороны к "
        "концу раздачи 62 очка, а по счёту партии ваша сторона запишет чуть больше, чем "
        "соперники (на 0,3 очка).")
    assert search(-0.3, penalty=False).endswith(
        "по счёту партии соперники запишут чуть больше, чем вы (на 0,3 очка).")
    assert search(0.0, penalty=False).endswith("по счёту партии обе стороны запишут поровну.")


def test_the_statistics_sentence_reads_well_with_penalty_points() -> None:
    assert search(2.2, penalty=True) == (
        "Эту карту проверили в 24 случайных раскладах скрытых карт: в среднем у вашей стороны к "
        "концу раздачи 62 очка, а штрафных очков соперникам запишут на 2,2 больше, чем вам.")
    assert search(-2.2, penalty=True).endswith(
        "а штрафных очков вам запишут на 2,2 больше, чем соперникам.")
    assert search(2.2, penalty=True, points=False) == (
        "Эту карту проверили в 24 случайных раскладах скрытых карт: в среднем штрафных очков "
        "соперникам запишут на 2,2 больше, чем вам.")


@pytest.mark.parametrize(("penalty", "mean", "en", "ru"), [
    (False, -1.6, ": on average your side ends the deal with 62 card points, and the opponents "
                  "write 1.6 points more than your side on the match score.",
     ": в среднем у вашей стороны к концу раздачи 62 очка, а по счёту партии соперники "
     "запишут на 1,6 очка больше, чем вы."),
    (True, -1.6, ": on average your side ends the deal with 62 card points, and 1.6 more "
                 "penalty points are written against you than against the opponents.",
     ": в среднем у вашей стороны к концу раздачи 62 очка, а штрафных очков вам запишут на "
     "1,6 больше, чем соперникам."),
])
def test_the_match_figure_is_said_as_an_average_over_the_layouts_in_plain_words(
        penalty: bool, mean: float, en: str, ru: str) -> None:
    """A beginner could not read «по счёту партии соперники записывают на 1,6 больше, чем ваша
    сторона»: the sentence now says first that both figures are averages over the layouts, and
    under penalty scoring that what is written are penalty points."""
    said = reason("advice_search", samples=24, layouts=layouts_count(24), points=CARD_POINTS(62),
                  score=MatchGain(mean, penalty=penalty))
    assert said.text("en").endswith(en)
    assert said.text("ru").endswith(ru)
    assert "записывают" not in said.text("ru") and "ваша сторона" not in said.text("ru")


@pytest.mark.parametrize("penalty", [False, True])
@pytest.mark.parametrize("mean", [1.5, -1.5, 0.0])
def test_the_statistics_sentence_says_on_average_once_and_no_calque(mean: float,
                                                                    penalty: bool) -> None:
    for points in (True, False):
        text = search(mean, penalty=penalty, points=points)
        assert text.lower().count("в среднем") == 1, text
        assert "в счёте партии" not in text and "на вас" not in text, text
    for key in ("ai_best_expected", "ai_best_expected_about", "ai_best_expected_score"):
        ru = AI_MESSAGES[key]["ru"]
        assert ru.count("в среднем") == 1 and "в счёте партии" not in ru, key
