"""The Hint speaks to a beginner: no card-player's jargon in either language, and the same facts.

A beginner reviewer read the Hint (Play → Easy → Hint) as jargon: "Over 6 of 24 sampled layouts
of the hidden cards (there was no time for the rest), with this card, on average, your side ends
the deal with 76 card points and your side writes 2.0 more than the opponents on the match
score", and "no opponent is known to be able to ruff it".  The Hint now says the ways the hidden
cards may lie that it tried (how many of how many, and that time ran out), "trump it" for
"ruff", and the match figure rounded, in words ("about 2 points more"; "a little more" under 1),
in English and in Russian («примерно на 2 очка больше», «побить козырем»).
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from conftest import late_deal, random_deal

from kozel_tutor.ai import pimc
from kozel_tutor.ai.advice import Advice, Adviser
from kozel_tutor.ai.pimc import HARD
from kozel_tutor.ai.reasons import _RULES, AI_MESSAGES, MatchGain, layouts_count, reason
from kozel_tutor.cards import Card
from kozel_tutor.i18n import LANGUAGES, POINTS, Message, Number, Phrase
from kozel_tutor.seats import Seat
from kozel_tutor.state import SeatView

JARGON = {
    "en": ("sampled", "layout", "ruff", "shown out", "cash", "pull the", "there was no time"),
    "ru": ("выборк", "сэмпл", "руф"),
}
"""Words a beginner does not know, none of them in any sentence the Hint may say."""

WHOLE_WITH_ZERO = re.compile(r"\d[.,]0(?!\d)")
"""A match figure written "2.0" / «2,0»: said "2", the decimal only where it matters."""


def _jargon_in(text: str, lang: str) -> list[str]:
    return [word for word in JARGON[lang] if word in text.lower()]


def _search(advice: Advice) -> Message:
    return next(r for r in advice.reasons if r.key in ("ai_advice_search",
                                                        "ai_advice_search_score"))


def _cut_short_after(monkeypatch: pytest.MonkeyPatch, solved: int) -> None:
    """The clock stops the search after ``solved`` layouts, as a slow machine's would."""
    evaluate = pimc._evaluate
    calls = [0]

    def timed(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        if calls[0] > solved:
            raise pimc._OutOfTime
        return evaluate(*args, **kwargs)    # type: ignore[arg-type]

    monkeypatch.setattr(pimc, "_evaluate", timed)


def _advise(view: SeatView) -> Advice:
    adviser = Adviser(random.Random(5))
    adviser.search.settings = replace(HARD, budget=60.0)   # only the cut above stops it
    return adviser.advise(view)


def test_a_hint_cut_short_by_the_clock_says_tried_of_total_in_plain_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The reviewer's hint: 6 of 24 random layouts solved before the time ran out."""
    state = random_deal(5, cards_left=5, in_trick=1)
    _cut_short_after(monkeypatch, 6)
    advice = _advise(state.view(state.to_move))
    search = _search(advice)
    assert search.params["samples"] == 6
    en, ru = advice.text("en"), advice.text("ru")
    assert advice.card is not None and en.startswith(f"Hint: the {advice.card.name_in('en')}. ")
    assert ru.startswith(f"Подсказка: {advice.card.name_in('ru')}. ")
    assert _jargon_in(en, "en") == [] and _jargon_in(ru, "ru") == []
    # the counts: tried, of how many, and why not all
    assert "tried in 6 of 24 ways the hidden cards may lie, picked at random (time ran out for "\
           "the rest)" in en
    assert "проверили в 6 из 24 случайных раскладов скрытых карт (на остальные не хватило " \
           "времени)" in ru
    # the figure, rounded, in words
    score = search.params["score"]
    assert isinstance(score, MatchGain)
    assert score.in_lang("en") in en and score.in_lang("ru") in ru
    assert not WHOLE_WITH_ZERO.search(en) and not WHOLE_WITH_ZERO.search(ru)
    shown = round(abs(score.value), 1)
    if shown >= 1:
        figure = f"{shown:g}"
        assert f" {figure} point" in en, en
        assert f" на {figure.replace('.', ',')} очк" in ru, ru
    elif shown:
        assert "a little more" in en and "чуть больше" in ru
    else:
        assert "the same" in en and "поровну" in ru


def test_a_hint_over_every_possible_layout_counts_them_in_plain_words() -> None:
    """Late in a deal every way the hidden cards may lie is tried: the Hint says how many."""
    state = late_deal("standard", {"N": "7H 6H", "E": "6S 8S", "S": "AC KC", "W": "7S 6D"},
                      "S", 92)
    advice = _advise(state.view(Seat.S))
    search = _search(advice)
    n = search.params["samples"]
    en, ru = advice.text("en"), advice.text("ru")
    assert _jargon_in(en, "en") == [] and _jargon_in(ru, "ru") == []
    assert f"tried in all {n} ways the hidden cards may lie:" in en
    assert f"во всех возможных раскладах скрытых карт (их {n}):" in ru
    # whatever the layout NS write 4 (tests/test_ai_advice.py): exact, so no "about"
    assert search.text("en").endswith("and your side writes 4 points more than the opponents on "
                                      "the match score.")
    assert search.text("ru").endswith("а по счёту партии ваша сторона запишет на 4 очка больше, "
                                      "чем соперники.")


@pytest.mark.parametrize(("mean", "rows", "penalty", "en", "ru"), [
    (2.03, False, False, "your side writes about 2 points more than the opponents on the match "
                         "score",
     "по счёту партии ваша сторона запишет примерно на 2 очка больше, чем соперники"),
    (4.0, False, False, "your side writes 4 points more than the opponents on the match score",
     "по счёту партии ваша сторона запишет на 4 очка больше, чем соперники"),
    (-1.56, False, False, "the opponents write about 1.6 points more than your side on the "
                          "match score",
     "по счёту партии соперники запишут примерно на 1,6 очка больше, чем вы"),
    (1.0, False, False, "your side writes 1 point more than the opponents on the match score",
     "по счёту партии ваша сторона запишет на 1 очко больше, чем соперники"),
    (0.43, False, False, "your side writes a little more than the opponents on the match score "
                         "(about 0.4 points more)",
     "по счёту партии ваша сторона запишет чуть больше, чем соперники (примерно на 0,4 очка)"),
    (0.02, False, False, "both sides write about the same on the match score",
     "по счёту партии обе стороны запишут примерно поровну"),
    (0.0, False, False, "both sides write the same on the match score",
     "по счёту партии обе стороны запишут поровну"),
    (-1.5, True, False, "the opponents write 1.5 rows more than your side on the match score",
     "по счёту партии соперники запишут на 1,5 пары больше, чем вы"),
    (2.0, True, False, "your side writes 2 rows more than the opponents on the match score",
     "по счёту партии ваша сторона запишет на 2 пары больше, чем соперники"),
    (2.46, False, True, "about 2.5 more penalty points are written against the opponents than "
                        "against you",
     "штрафных очков соперникам запишут примерно на 2,5 больше, чем вам"),
    (-1.0, False, True, "1 more penalty point is written against you than against the "
                        "opponents",
     "штрафных очков вам запишут на 1 больше, чем соперникам"),
    (-0.3, False, True, "slightly more penalty points are written against you than against the "
                        "opponents (0.3 more)",
     "штрафных очков вам запишут чуть больше, чем соперникам (на 0,3)"),
    (0.04, False, True, "about as many penalty points are written against you as against the "
                        "opponents",
     "штрафных очков вам и соперникам запишут примерно поровну"),
])
def test_the_match_figure_is_rounded_and_said_in_words(mean: float, rows: bool, penalty: bool,
                                                       en: str, ru: str) -> None:
    gain = MatchGain(mean, penalty=penalty, **({"rows": True} if rows else {}))
    assert (gain.in_lang("en"), gain.in_lang("ru")) == (en, ru)


def _every_hint_sentence(card: Card) -> dict[str, Message]:
    """Every sentence the Hint may say (each reason of the rule player, the search's figures
    and the hint's own), with every parameter filled."""
    params: dict[str, object] = {
        "card": card, "rule_card": Card.parse("9D"), "suit": card.suit, "count": 4,
        "points": POINTS(31), "mild": 2, "harsh": 4, "penalty": 4, "samples": 6,
        "layouts": layouts_count(6, drawn=24), "score": MatchGain(2.03),
        "rule": Phrase("play low", "играйте дешёвую карту")}
    return {key: Message(key, reason(key.removeprefix("ai_"), **params).params)
            for key in AI_MESSAGES if not key.startswith("ai_best_expected")}


@pytest.mark.parametrize("card", [Card.parse("AS"), Card.parse("QC"), Card.parse("7H")], ids=str)
def test_no_hint_sentence_speaks_jargon_in_either_language(card: Card) -> None:
    """Leads, follows, the last card, the rule quoted: "trump it", never "ruff it"."""
    for key, message in _every_hint_sentence(card).items():
        for lang in LANGUAGES:
            text = message.text(lang)
            assert _jargon_in(text, lang) == [], (key, lang, text)
            assert not WHOLE_WITH_ZERO.search(text), (key, lang, text)
    for name, words in _RULES.items():
        for lang in LANGUAGES:
            assert _jargon_in(words[lang], lang) == [], (name, lang)


def test_the_trump_words_say_trump_it_in_english_and_beat_it_with_a_trump_in_russian() -> None:
    seven = Card.parse("7C")
    ruff = reason("ruff_points", points=POINTS(21), card=seven)
    assert ruff.text("en") == "There are 21 points in this trick: trump it with the seven of clubs."
    assert ruff.text("ru") == "Во взятке 21 очко: бейте её козырем — семёркой треф."
    cash = AI_MESSAGES["ai_cash_winner"]
    assert "no opponent is known to be able to trump it" in cash["en"]
    assert "не перебьёт козырем" in cash["ru"]
    partner = reason("lead_partner_ruff", suit=Card.parse("7H").suit, card=Card.parse("7S"))
    assert partner.text("en") == ("Your partner has run out of hearts: lead the seven of spades "
                                  "so they can trump it.")


def test_the_figure_is_never_a_bare_decimal_zero() -> None:
    for mean in (2.0, -3.0, 4.0, 0.5, -0.5, 1.25):
        for penalty in (False, True):
            for lang in LANGUAGES:
                text = MatchGain(mean, penalty=penalty).in_lang(lang)
                assert not WHOLE_WITH_ZERO.search(text), text
    assert Number(2.0).in_lang("en") == "2.0"   # other figures of the app keep their decimals
