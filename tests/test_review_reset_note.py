"""The deal review where the points and the match part ways.

The review ranks the cards by card points, as the solver plays them; the Deal column gives the
result of each card's line.  A reset is the one place where more points can be worth less in
the match (RULES.md 2.1, 2.3): ``classic``'s люся wipes the losers' tablo and ``kozly24``'s
sweep erases the sweepers' own penalty, so when that holds little or nothing a line where the
other side takes a trick may be worth more.  The review then says so, without claiming which
line the match favours (both sides would play for the result, not for points).  The positions
come from random deals, solved by the real solver (S to lead, one side holding every trick).
"""

from __future__ import annotations

import pytest
from conftest import review_overlay

from kozel_tutor.ai.context import MatchContext
from kozel_tutor.app.review import ReviewStep, StepAnalysis, analyse_step
from kozel_tutor.cards import Card
from kozel_tutor.position import Position


def _position(rules: str, hands: dict[str, str], taken: dict[str, list[int]]) -> Position:
    return Position.from_json({"rules": rules, "hands": hands, "leader": "S", "trick": [],
                               "taken": taken})


# classic: the 8♠ takes both last tricks (люся, 120); after the 9♦ W's 9♣ takes the last one
# (10 points) and NS write 2 rows
CLASSIC_OURS = _position("classic", {"N": "QC 7C", "E": "TH 7S", "S": "9D 8S", "W": "9H 9C"},
                         {"NS": [107, 6], "EW": [0, 0]})
# classic, EW hold every trick: the 7♦ gives them both (their люся, NS 0 points); the 8♣ lets
# NS take one (15 points) and EW write 2 rows
CLASSIC_THEIRS = _position("classic", {"N": "KD 7S", "E": "QD AS", "S": "7D 8C", "W": "9S TH"},
                           {"NS": [0, 0], "EW": [92, 6]})
# kozly24: the Q♣ takes both (NS erase their own penalty); the A♣ gives EW a trick and EW are
# written 4
KOZLY_OURS = _position("kozly24", {"N": "TS JD", "E": "AD KS", "S": "AC QC", "W": "QD 6D"},
                       {"NS": [76, 4], "EW": [0, 0]})
# kozly24, EW hold every trick: the J♥ gives them both (they erase their penalty); the 10♥ lets
# NS take one and NS are written 4
KOZLY_THEIRS = _position("kozly24", {"N": "JC AS", "E": "TC 6S", "S": "TH JH", "W": "6C AD"},
                         {"NS": [0, 0], "EW": [74, 4]})


def _review(position: Position, played: str, scores: tuple[int, int] = (0, 0)) -> StepAnalysis:
    legal = tuple(position.to_state().legal_plays().sorted())
    step = ReviewStep(1, 0, Card.parse(played), position, legal, MatchContext(scores=scores))
    return analyse_step(step, budget=None)


def _lines(analysis: StepAnalysis, variant: str, lang: str) -> list[str]:
    return list(review_overlay(analysis, lang, variant)["lines"])


@pytest.mark.parametrize(("position", "points_best", "other"), [
    (CLASSIC_OURS, "8S", "9D"), (CLASSIC_THEIRS, "8C", "7D"),
    (KOZLY_OURS, "QC", "AC"), (KOZLY_THEIRS, "TH", "JH")])
def test_the_cards_are_ranked_by_points_and_the_reset_is_named(
        position: Position, points_best: str, other: str) -> None:
    analysis = _review(position, other)
    values = {alt.card.token: alt.low for alt in analysis.alternatives}
    assert values[points_best] > values[other]
    assert analysis.best == (Card.parse(points_best),)
    assert analysis.loss == values[points_best] - values[other]
    assert analysis.reset_note is not None
    assert _review(position, points_best).reset_note == analysis.reset_note


def test_a_lyusya_over_an_empty_tablo_is_said_to_wipe_nothing_in_both_languages() -> None:
    analysis = _review(CLASSIC_OURS, "8S")
    assert analysis.loss == 0
    note = ("Взять все взятки («люся») здесь значит лишь обнулить табло соперников, а оно пока "
            "пустое: для партии розыгрыш, где они возьмут взятку, может оказаться выгоднее. "
            "Ходы здесь сравниваются по очкам.")
    assert analysis.reset_note is not None and analysis.reset_note.ru == note
    assert note in _lines(analysis, "classic", "ru")
    english = _lines(analysis, "classic", "en")
    assert "That was the best card (with all the cards face up)." in english
    assert ("Taking every trick (lyusya) here only wipes the opponents' tablo, which is still "
            "empty: in the match, a line where they take a trick may be worth more. The cards "
            "here are ranked by points.") in english


def test_the_note_counts_what_the_reset_would_wipe() -> None:
    theirs = _review(CLASSIC_THEIRS, "8C", scores=(1, 0)).reset_note
    assert theirs is not None and theirs.ru.startswith(
        "Не взять здесь ни одной взятки значит лишь дать «люсе» соперников стереть с вашего "
        "табло 1 пару:")
    penalty = _review(KOZLY_OURS, "QC", scores=(2, 0)).reset_note
    assert penalty is not None and penalty.en.startswith(
        "Taking every trick here only erases your 2 points of penalty:")
    none = _review(KOZLY_THEIRS, "TH").reset_note
    assert none is not None and none.en.startswith(
        "Taking no trick here only lets the opponents erase their own penalty points, and they "
        "have none yet:")


def test_no_note_where_the_reset_is_worth_its_points() -> None:
    # EW on 3 rows: wiping them beats writing 2, so the most points is also the best result
    assert _review(CLASSIC_OURS, "9D", scores=(0, 3)).reset_note is None
    # NS on 3 rows: their lyusya would cost more than losing with a trick
    assert _review(CLASSIC_THEIRS, "7D", scores=(3, 0)).reset_note is None


def test_no_note_after_eggs_where_the_lyusya_also_writes_the_egg_row() -> None:
    # after eggs the winner of the next deal gets an extra row, a lyusya's too: not "only"
    legal = tuple(CLASSIC_OURS.to_state().legal_plays().sorted())
    step = ReviewStep(1, 0, Card.parse("9D"), CLASSIC_OURS, legal, MatchContext(multiplier=2))
    assert analyse_step(step, budget=None).reset_note is None
