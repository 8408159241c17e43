"""The app's words about the regional presets say what RULES.md §2 says (the engine already
plays it): what eggs do in each preset, who may demand a redeal for having no queen."""

from __future__ import annotations

import random

import pytest

from kozel_tutor.app.procedure import seat_event
from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.variant_views import event_line
from kozel_tutor.app.views import TableUi, table_view
from kozel_tutor.cards import CardSet
from kozel_tutor.rules import find_rules
from kozel_tutor.scoring import DealResult, deal_result
from kozel_tutor.seats import Seat
from kozel_tutor.variants.questions import RedealQuestion

LANGS = ("en", "ru")
DOUBLE_WORDS = ("double", "вдвойне", "×2", "× 2")


def _session_after_eggs(variant: str) -> MatchSession:
    session = MatchSession(Settings(variant=variant), rng=random.Random(1))
    session.score.record(deal_result(session.rules, (60, 60), (4, 4)))
    return session


def _eggs_summary(session: MatchSession, lang: str) -> list[str]:
    overlay = table_view(session, TableUi(lang=lang, mode="summary"))["overlay"]
    assert overlay["testid"] == "deal-summary"
    lines: list[str] = overlay["lines"]
    return lines


def _eggs_badge(session: MatchSession, lang: str) -> dict[str, str]:
    badges = table_view(session, TableUi(lang=lang))["badges"]
    badge: dict[str, str] = next(b for b in badges if b["id"] == "double")
    return badge


def _next_deal_summary(session: MatchSession, result: DealResult, lang: str) -> list[str]:
    session.score.record(result)
    return _eggs_summary(session, lang)


# -- classic: eggs give the winners of the next deal one extra row (яичная пара) ----------------


@pytest.mark.parametrize("lang", LANGS)
def test_classic_eggs_give_the_next_winner_one_extra_row_in_the_summary(lang: str) -> None:
    lines = _eggs_summary(_session_after_eggs("classic"), lang)
    said = " ".join(lines)
    assert not any(word in said for word in DOUBLE_WORDS), said
    expected = {"en": "The tablo does not move; the winners of the next deal take one extra row.",
                "ru": "Табло не двигается, а победители следующей раздачи получат "
                      "дополнительную пару за яйца."}
    assert expected[lang] in lines


@pytest.mark.parametrize("lang", LANGS)
def test_classic_eggs_give_the_next_winner_one_extra_row_on_the_badge(lang: str) -> None:
    badge = _eggs_badge(_session_after_eggs("classic"), lang)
    assert badge["text"] == {"en": "+1 row", "ru": "+1 пара"}[lang]
    assert badge["title"] == {
        "en": "After eggs the winners of this deal take one extra row.",
        "ru": "После яиц победители этой раздачи получают дополнительную пару."}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_classic_eggs_the_next_winners_summary_says_the_extra_row(lang: str) -> None:
    session = _session_after_eggs("classic")
    result = deal_result(session.rules, (70, 50), (5, 3), session.score.multiplier)
    assert result.written[result.winner or 0] == 2   # one row for 61–89, one for the eggs
    lines = _next_deal_summary(session, result, lang)
    assert {"en": "The winners take one extra row for the eggs.",
            "ru": "За яйца победители получают дополнительную пару."}[lang] in lines
    assert not any(word in " ".join(lines) for word in DOUBLE_WORDS)


# -- nizhny and kozly24: eggs double the next deal (§2.2; §2.3 keeps the standard eggs) ----------


@pytest.mark.parametrize("variant", ["nizhny", "kozly24"])
@pytest.mark.parametrize("lang", LANGS)
def test_penalty_presets_eggs_double_the_next_deal_in_the_summary_and_badge(
        variant: str, lang: str) -> None:
    session = _session_after_eggs(variant)
    assert {"en": "Nobody writes; the next deal counts double.",
            "ru": "Никто ничего не пишет, следующая раздача идёт вдвойне."}[lang] in \
        _eggs_summary(session, lang)
    badge = _eggs_badge(session, lang)
    assert badge["text"] == "×2"
    assert badge["title"] == {"en": "After eggs this deal counts double.",
                              "ru": "После яиц эта раздача идёт вдвойне."}[lang]


@pytest.mark.parametrize("variant", ["nizhny", "kozly24"])
def test_penalty_presets_eggs_the_next_deals_summary_says_it_was_doubled(variant: str) -> None:
    session = _session_after_eggs(variant)
    result = deal_result(session.rules, (80, 40), (6, 2), session.score.multiplier)
    assert max(result.written) == 4
    lines = _next_deal_summary(session, result, "en")
    assert "After eggs this deal counts double: 2 × 2 = 4." in lines


@pytest.mark.parametrize("lang", LANGS)
def test_standard_eggs_still_double_the_next_deal_on_the_badge(lang: str) -> None:
    badge = _eggs_badge(_session_after_eggs("standard"), lang)
    assert badge["text"] == "×2"
    assert "double" in badge["title"] or "вдвойне" in badge["title"]


# -- the redeal of a side with no queen: §2.1 classic (no queen or only the Q♦), §2.3 kozly24 -----


def _no_queen_question(variant: str, side: str) -> RedealQuestion:
    rules = find_rules(variant)
    south, north = (CardSet.parse(cards) for cards in side.split(" | "))
    return RedealQuestion(Seat.S, (False, True), rules=rules, hand=south, reason="no_queen",
                          side_hands=((Seat.S, south), (Seat.N, north)))


def test_kozly24_a_side_with_no_queen_may_call_a_redeal_and_the_prompt_says_only_that() -> None:
    question = _no_queen_question("kozly24", "AS TS KS 6S AH TH | KH 6H AD TD KD 6D")
    assert question.prompt.text("en") == "Your side holds no queen: you may demand a redeal."
    assert question.prompt.text("ru") == "У вашей стороны нет дам: можно требовать пересдачи."


@pytest.mark.parametrize("side", [
    "AS TS KS 9S AH TH KH 9H | 8S 7S 8H 7H AC TC KC 9C",     # no queen at all
    "AS TS KS 9S AH TH KH QD | 8S 7S 8H 7H AC TC KC 9C",     # the Q♦ alone
])
def test_classic_a_side_with_no_queen_or_only_the_q_diamonds_may_call_a_redeal(side: str) -> None:
    question = _no_queen_question("classic", side)
    assert question.prompt.text("en") == (
        "Your side holds no queen (or only the queen of diamonds): you may demand a redeal.")
    assert question.prompt.text("ru") == (
        "У вашей стороны нет дам (или только дама бубен): можно требовать пересдачи.")


@pytest.mark.parametrize(("variant", "en", "ru"), [
    ("classic", "Gleb demanded a redeal for the side (no queen, or only the queen of diamonds).",
     "Глеб потребовал пересдачи за свою сторону (нет дам или только дама бубен)."),
    ("kozly24", "Gleb demanded a redeal for the side (no queen).",
     "Глеб потребовал пересдачи за свою сторону (нет дам)."),
])
def test_the_no_queen_redeal_event_says_the_reason_of_the_preset(variant: str, en: str,
                                                                  ru: str) -> None:
    session = MatchSession(Settings(variant=variant), rng=random.Random(1))
    event = seat_event("ev_redeal_no_queen", Seat.E)
    assert event_line(event, "en", session.rules) == en
    assert event_line(event, "ru", session.rules) == ru
