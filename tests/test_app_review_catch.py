"""The deal review under the catch of ``nizhny`` and ``kozly24``.

The solver values a line that ends with the 6♣ catching the Q♣ with a stand-in (30 or 29 for the
caught side, the rest of 120 for the catchers: ``solver.core.caught_points``) that ranks the cards
as the deal's score does but is no card points.  Where it may stand in, the review shows no points
and compares the deal's results; where the catch cannot happen, everything is card points.
"""

from __future__ import annotations

from typing import Any

from conftest import review_overlay

from kozel_tutor.app.review import Alternative, ReviewStep, StepAnalysis, analyse_step
from kozel_tutor.app.session import LEARNER
from kozel_tutor.app.views import points_text
from kozel_tutor.cards import Card
from kozel_tutor.position import Position
from kozel_tutor.puzzles.model import Goal
from kozel_tutor.puzzles.themes import caught_side
from kozel_tutor.puzzles.verify import line_after, play_line
from kozel_tutor.seats import Team
from kozel_tutor.solver import Outcome

# kozly24, the learner's 2nd card (reviewer's session, seed 10): 10♣, J♣, Q♠ or 6♥ let N's 6♣
# catch W's Q♣ (EW are written 4, whatever the points); after the 6♠ played NS end with 71
# points and EW are written only 2.  The solver values the catching cards 91 (120 - 29).
KOZLY24_CATCH = Position.from_json(
    {"rules": "kozly24", "deck": 24, "trump": "C",
     "hands": {"N": "KC 6C KH QH TH", "E": "AS KS JS AH JH", "S": "JC TC QS 6S 6H",
               "W": "AC QC QD JD TD"},
     "leader": "S", "trick": [], "taken": {"NS": [25, 1], "EW": [0, 0]}, "led": "D"})
# nizhny (reviewer's session, seed 1): W led the 7♣, N put the Q♣ on it, E the 6♣: whatever S
# plays, NS are caught (written 4) with the 31 points they already have.  The solver says 30.
NIZHNY_CAUGHT = Position.from_json(
    {"rules": "nizhny", "deck": 36, "trump": "C",
     "hands": {"N": "KH TH 8D", "E": "JH KD JD", "S": "JC 9C QS QD", "W": "8C JS QH"},
     "leader": "W", "trick": ["7C", "QC", "6C"], "taken": {"NS": [31, 2], "EW": [51, 3]},
     "led": "SHD"})
# kozly24 with the 6♣ and the Q♣ both with EW: no catch, and the J♣'s 91 is card points.
KOZLY24_NO_CATCH = Position.from_json(
    {"rules": "kozly24", "deck": 24, "trump": "C",
     "hands": {"N": "JH QH TH KS 6H", "E": "6S KH JS KC 6C", "S": "AC TC QS QD JC",
               "W": "QC AH JD AS TD"},
     "leader": "S", "trick": [], "taken": {"NS": [25, 1], "EW": [0, 0]}, "led": "D"})


def step_of(position: Position, played: str) -> ReviewStep:
    legal = tuple(position.to_state().legal_plays().sorted())
    return ReviewStep(1, 0, Card.parse(played), position, legal)


def shown_points(overlay: dict[str, Any]) -> dict[str, str]:
    """The Points column, by card."""
    return {row["cells"][0]["card"]: row["cells"][1]["text"] for row in overlay["table"]["rows"]}


def test_a_value_that_may_stand_for_the_catch_is_shown_as_no_points() -> None:
    analysis = analyse_step(step_of(KOZLY24_CATCH, "6S"), budget=None)
    by_card = {alt.card.token: alt for alt in analysis.alternatives}
    assert {token for token, alt in by_card.items() if alt.catch} == {"TC", "JC", "QS", "6H"}
    assert {token: points_text(alt) for token, alt in by_card.items()} == {
        "TC": "—", "JC": "—", "QS": "—", "6H": "—", "6S": "71"}
    # the 71 is the card points NS really end with after the 6♠; the 10♣'s line ends in the catch
    six = play_line(KOZLY24_CATCH, line_after(KOZLY24_CATCH, Card.parse("6S"), Goal.MAX_POINTS))
    assert caught_side(KOZLY24_CATCH.rules, six) is None
    assert 25 + sum(t.points for t in six if t.winner.team == Team.NS) == 71
    ten = play_line(KOZLY24_CATCH, line_after(KOZLY24_CATCH, Card.parse("TC"), Goal.MAX_POINTS))
    assert caught_side(KOZLY24_CATCH.rules, ten) is Team.EW


def test_the_review_compares_deal_results_not_points_when_the_catch_decides() -> None:
    analysis = analyse_step(step_of(KOZLY24_CATCH, "6S"), budget=None)
    assert [c.token for c in analysis.best] == ["TC", "JC", "QS", "6H"]
    assert analysis.loss is None and analysis.lost_result is not None
    assert analysis.lost_text("en") == (
        "The best card would have given your side a better deal: after your card you win the "
        "deal (they are written 2), whereas with the best card they would be written 4.")
    assert analysis.lost_text("ru") == (
        "Лучший ход дал бы вашей стороне лучший итог раздачи: после вашего хода вы выигрываете "
        "раздачу (соперникам пишут 2), а при лучшем ходе соперникам писали бы 4.")
    assert analysis.why is not None
    assert analysis.why.en == ("After 6♠ you end with 71 points, but after 10♣ the 6♣ would "
                               "catch their Q♣ and end the deal. You win the deal (they are "
                               "written 2), whereas with the best card they would be written 4.")
    assert analysis.why.ru.startswith("После 6♠ у вас 71 очко, а после 10♣ шестёрка треф "
                                      "поймала бы их даму треф")
    for lang in ("en", "ru"):
        overlay = review_overlay(analysis, lang, "kozly24")
        lines = overlay["lines"]
        assert analysis.lost_text(lang) in lines and analysis.why.get(lang) in lines
        assert not any("91" in line or "20" in line for line in lines), lines
        assert shown_points(overlay) == {"TC": "—", "JC": "—", "QS": "—", "6H": "—", "6S": "71"}
    assert any(line.startswith("A dash instead of points")
               for line in review_overlay(analysis, "en", "kozly24")["lines"])


def test_where_the_catch_is_certain_every_card_shows_its_result_and_no_points() -> None:
    analysis = analyse_step(step_of(NIZHNY_CAUGHT, "9C"), budget=None)
    assert all(alt.catch for alt in analysis.alternatives)
    assert sorted(c.token for c in analysis.best) == ["9C", "JC", "QD", "QS"]
    assert analysis.loss == 0 and analysis.lost_text("en") is None
    overlay = review_overlay(analysis, "en", "nizhny")
    assert set(shown_points(overlay).values()) == {"—"}, "no 30 for a side that has 31"
    assert "That was one of the best cards (with all the cards face up)." in overlay["lines"]


def test_a_card_with_the_catchs_result_is_as_good_as_more_points_with_the_same_result() -> None:
    """Points are compared only between lines that count them; a line that may end in the catch
    is compared by the deal's result (nizhny: NS catch = EW written 4, as with 95 points)."""
    step = step_of(NIZHNY_CAUGHT, "9C")
    written_4, written_2 = Outcome(Team.NS, 4, False), Outcome(Team.NS, 2, False)
    points_95 = Alternative(Card.parse("QS"), 95, 95, written_4)
    catch_90 = Alternative(Card.parse("9C"), 90, 90, written_4, catch=True)
    points_93 = Alternative(Card.parse("JC"), 93, 93, written_4)
    points_70 = Alternative(Card.parse("QD"), 70, 70, written_2)

    def judged(played: str, *alternatives: Alternative) -> StepAnalysis:
        return StepAnalysis(ReviewStep(1, 0, Card.parse(played), step.position, step.legal),
                            alternatives)

    cards = (points_95, catch_90, points_93, points_70)
    assert [c.token for c in judged("9C", *cards).best] == ["QS", "9C"]
    assert judged("9C", *cards).loss == 0
    assert judged("JC", *cards).loss == 2
    assert judged("JC", *cards).lost_text("en") == (
        "The best card kept 2 more points for your side.")
    assert judged("QD", *cards).loss == 25
    # only a catch on top: points are no measure, the results are compared
    only_catch = judged("QD", catch_90, points_70)
    assert only_catch.loss is None and only_catch.lost_result == (points_70, catch_90)
    assert only_catch.lost_text("en") == (
        "The best card would have given your side a better deal: after your card you win the "
        "deal (they are written 2), whereas with the best card they would be written 4.")
    assert LEARNER.team is Team.NS


def test_without_a_live_catch_the_review_counts_card_points_as_before() -> None:
    analysis = analyse_step(step_of(KOZLY24_NO_CATCH, "AC"), budget=None)
    values = {alt.card.token: alt.low for alt in analysis.alternatives}
    assert values == {"QS": 92, "QD": 92, "JC": 91, "TC": 86, "AC": 85}
    assert not any(alt.catch for alt in analysis.alternatives)
    assert {alt.card.token: points_text(alt) for alt in analysis.alternatives} == {
        token: str(value) for token, value in values.items()}
    assert analysis.loss == 7 and analysis.lost_result is None
    assert analysis.lost_text("ru") == "Лучший ход принёс бы вашей стороне на 7 очков больше."


# nizhny: W led the 8♠, N followed, E (out of spades) trumped with the Q♣; S, out of spades
# too, can catch it with the 6♣ (EW are written 4) or throw the 7♥ (E takes the trick)
NIZHNY_CATCH_NOW = Position.from_json(
    {"rules": "nizhny", "deck": 36, "trump": "C",
     "hands": {"N": "9H", "E": "KD", "S": "6C 7H", "W": "8H"},
     "leader": "W", "trick": ["8S", "9S", "QC"], "taken": {"NS": [60, 4], "EW": [53, 3]},
     "led": "SHD"})


def test_the_card_that_makes_the_catch_is_said_to_catch_not_that_it_may() -> None:
    analysis = analyse_step(step_of(NIZHNY_CATCH_NOW, "6C"), budget=None)
    by_card = {alt.card.token: alt for alt in analysis.alternatives}
    assert by_card["6C"].catch_now and not by_card["7H"].catch_now
    lines = review_overlay(analysis, "en", "nizhny")["lines"]
    assert ("A dash instead of points: your 6♣ catches the Q♣ in this very trick, which ends "
            "the deal at once, and only the deal's result counts.") in lines
    assert not any("may catch" in line for line in lines)
    ru = review_overlay(analysis, "ru", "nizhny")["lines"]
    assert any(line.startswith("Прочерк вместо очков: ваша шестёрка треф ловит даму треф прямо "
                               "в этой взятке") for line in ru)


def test_a_catch_made_before_the_learners_card_is_said_to_be_made() -> None:
    analysis = analyse_step(step_of(NIZHNY_CAUGHT, "9C"), budget=None)
    assert not any(alt.catch_now for alt in analysis.alternatives)
    lines = review_overlay(analysis, "en", "nizhny")["lines"]
    assert ("A dash instead of points: the 6♣ has caught the Q♣ in this trick already, so the "
            "deal ends with it, and only its result counts.") in lines
    assert not any("may catch" in line or "catches" in line for line in lines)


def test_the_queen_that_falls_to_their_six_is_said_to_be_caught() -> None:
    position = Position.from_json({**NIZHNY_CATCH_NOW.to_dict(), "trick": ["8S", "9S", "6C"],
                                   "hands": {"N": "9H", "E": "KD", "S": "QC 7H", "W": "8H"},
                                   "taken": {"NS": [57, 4], "EW": [56, 3]}})
    analysis = analyse_step(step_of(position, "7H"), budget=None)
    assert [alt.card.token for alt in analysis.alternatives if alt.catch_now] == ["QC"]
    lines = review_overlay(analysis, "ru", "nizhny")["lines"]
    assert ("Прочерк вместо очков: вашу даму треф их шестёрка треф ловит прямо в этой взятке, "
            "раздача сразу кончается, и считается только её итог.") in lines
