"""The deal review's best cards: the most card points and, among those, the best deal result.

Two cards can end the deal with the same card points and still different results: one takes
every trick (the opponents write nothing and you write 6), the other lets the opponents take a
trick with no points in it (you write 4).  Only the first is best; the review says what the
second cost in the deal's result, and the tutor's words name the trick it gave away.  Under
``classic`` taking every trick wipes the losers' tablo (люся) instead: it is worth the rows it
wipes, so the match score decides between it and 2 rows.  All positions come from random deals
(the seeds in the comments), solved by the real solver.
"""

from __future__ import annotations

from conftest import review_overlay

from kozel_tutor.ai.context import MatchContext
from kozel_tutor.app.review import Alternative, ReviewStep, StepAnalysis, analyse_step
from kozel_tutor.cards import Card
from kozel_tutor.position import Position
from kozel_tutor.seats import Team
from kozel_tutor.solver import Outcome

# standard, seed 1833: NS have taken every trick so far (113 points).  The Q♠ takes both last
# tricks (120 points, every trick: you write 6); the 9♥ is trumped by W's 9♣, a trick with no
# points in it, and NS still end with 120 but write only 4.
SWEEP = Position.from_json(
    {"rules": "standard", "deck": 36, "trump": "C",
     "hands": {"N": "6S 6H", "E": "8S 7D", "S": "QS 9H", "W": "9C KS"},
     "leader": "S", "trick": [], "taken": {"NS": [113, 7], "EW": [0, 0]}, "led": "SHD"})
# standard, seed 710: EW have every point and every trick so far; NS end with 0 points either
# way, but the 6♥ lets N take the last trick (EW write 4) and the 9♦ gives EW every trick (6).
SAVE_TRICK = Position.from_json(
    {"rules": "standard", "deck": 36, "trump": "C",
     "hands": {"N": "9H", "E": "8D", "S": "6H 9D", "W": "7D"},
     "leader": "W", "trick": ["QH", "AH", "9S"], "taken": {"NS": [0, 0], "EW": [106, 7]},
     "led": "SHD"})
# classic, seed 15408: the K♦ (trump) takes the last trick too: люся, NS wipe EW's tablo; the
# 7♣ gives E the trick with the 9♠ (no points in it) and NS write 2 rows.  120 points either way.
CLASSIC_LYUSYA = Position.from_json(
    {"rules": "classic", "deck": 32, "trump": "D",
     "hands": {"N": "7H", "E": "TH", "S": "7C KD", "W": "AH 9H"},
     "leader": "N", "trick": ["8S", "9S"], "taken": {"NS": [95, 6], "EW": [0, 0]}, "led": "CS"})


def step_of(position: Position, played: str, context: MatchContext | None = None) -> ReviewStep:
    legal = tuple(position.to_state().legal_plays().sorted())
    return ReviewStep(1, 0, Card.parse(played), position, legal, context or MatchContext())


def test_of_two_cards_with_the_same_points_only_the_one_that_takes_every_trick_is_best() -> None:
    played = analyse_step(step_of(SWEEP, "9H"), budget=None)
    values = {alt.card.token: (alt.low, alt.outcome) for alt in played.alternatives}
    assert values == {"QS": (120, Outcome(Team.NS, 6, False)),
                      "9H": (120, Outcome(Team.NS, 4, False))}
    assert played.best == (Card.parse("QS"),)
    assert [alt.card.token for alt in played.alternatives] == ["QS", "9H"]   # the best first
    assert played.loss is None                       # no points lost: the result was
    assert played.lost_text("en") == (
        "The best card would have given your side the same points but a better deal: after your "
        "card you win the deal (you write 4), whereas with the best card you would write 6.")
    assert played.lost_text("ru") == (
        "Лучший ход дал бы вашей стороне столько же очков, но лучший итог раздачи: после вашего "
        "хода вы выигрываете раздачу (вы пишете 4), а при лучшем ходе вы писали бы 6.")
    best = analyse_step(step_of(SWEEP, "QS"), budget=None)
    assert best.best == (Card.parse("QS"),) and best.loss == 0 and best.lost_text("en") is None
    assert best.why is None


def test_the_tutor_names_the_pointless_trick_the_card_gave_away_and_claims_no_lost_points(
) -> None:
    why = analyse_step(step_of(SWEEP, "9H"), budget=None).why
    assert why is not None
    assert why.en == ("After 9♥ the opponents take this trick (0 points) with 9♣. You win the "
                      "deal (you write 4), whereas with the best card you would write 6.")
    assert why.ru == ("После 9♥ соперники забирают эту взятку (0 очков) картой 9♣. Вы "
                      "выигрываете раздачу (вы пишете 4), а при лучшем ходе вы писали бы 6.")


def test_on_the_losing_side_the_card_that_still_takes_a_trick_is_best() -> None:
    played = analyse_step(step_of(SAVE_TRICK, "9D"), budget=None)
    assert played.best == (Card.parse("6H"),) and played.loss is None
    assert played.lost_text("en") == (
        "The best card would have given your side the same points but a better deal: after your "
        "card you lose the deal (they write 6), whereas with the best card they would write 4.")
    assert played.why is not None and played.why.en == (
        "After 9♦ the opponents take every trick. You lose the deal (they write 6), whereas with "
        "the best card they would write 4.")
    assert analyse_step(step_of(SAVE_TRICK, "6H"), budget=None).loss == 0


def test_the_deal_result_is_compared_in_the_deals_match() -> None:
    doubled = analyse_step(step_of(SWEEP, "9H", MatchContext(multiplier=2)), budget=None)
    assert doubled.best == (Card.parse("QS"),)
    assert doubled.lost_text("en") == (
        "The best card would have given your side the same points but a better deal: after your "
        "card you win the deal (you write 8), whereas with the best card you would write 12.")


def test_a_lyusya_is_worth_the_rows_it_wipes() -> None:
    # EW on 1 row: wiping it is worth less than NS's own 2 rows; on 4 rows, more
    low = analyse_step(step_of(CLASSIC_LYUSYA, "KD", MatchContext(scores=(3, 1))), budget=None)
    assert low.best == (Card.parse("7C"),) and low.loss is None
    assert low.lost_text("en") == (
        "The best card would have given your side the same points but a better deal: after your "
        "card you win the deal (lyusya: you wipe their tablo), whereas with the best card you "
        "would write 2 rows.")
    high = analyse_step(step_of(CLASSIC_LYUSYA, "KD", MatchContext(scores=(3, 4))), budget=None)
    assert high.best == (Card.parse("KD"),) and high.loss == 0
    # no goal of tricks tells the two apart under classic: no tutor's words rather than wrong ones
    assert low.why is None


def test_the_review_panel_marks_only_the_card_with_the_better_result_best() -> None:
    analysis = analyse_step(step_of(SWEEP, "9H"), budget=None)
    overlay = review_overlay(analysis, "en")
    marks = {row["cells"][0]["card"]: row["mark"] for row in overlay["table"]["rows"]}
    assert marks == {"QS": "best", "9H": "played"}
    lines = overlay["lines"]
    assert "That was one of the best cards (with all the cards face up)." not in lines
    assert analysis.lost_text("en") in lines and analysis.why is not None
    assert analysis.why.en in lines


def test_a_card_whose_result_is_not_known_stays_among_the_best() -> None:
    step = step_of(SWEEP, "9H")
    analysis = StepAnalysis(step, (Alternative(Card.parse("QS"), 120, 120,
                                               Outcome(Team.NS, 6, False)),
                                   Alternative(Card.parse("9H"), 120, 120, None)))
    assert analysis.best == (Card.parse("QS"), Card.parse("9H")) and analysis.loss == 0
