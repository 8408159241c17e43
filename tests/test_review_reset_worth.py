"""The deal review ranks the cards by the deal's result first, the points second.

Almost everywhere that is the same as the most points.  A reset is the exception (RULES.md
2.1, 2.3): ``classic``'s люся wipes the losers' tablo and ``kozly24``'s sweep erases the
sweepers' own penalty, so when that tablo or penalty holds little or nothing, taking every trick
is worth less than winning with a trick given away, and on the losing side taking no trick at
all costs less than losing with one.  The card of more points is then not the best, the review
does not claim points were lost, and the tutor says why.  The positions come from random deals
solved by the real solver (S to lead, one side holding every trick so far).
"""

from __future__ import annotations

import pytest

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


@pytest.mark.parametrize(("position", "more_points", "best"), [
    (CLASSIC_OURS, "8S", "9D"), (CLASSIC_THEIRS, "8C", "7D"),
    (KOZLY_OURS, "QC", "AC"), (KOZLY_THEIRS, "TH", "JH")])
def test_a_reset_worth_nothing_is_not_the_best_card_for_all_its_points(
        position: Position, more_points: str, best: str) -> None:
    analysis = _review(position, more_points)
    values = {alt.card.token: alt.low for alt in analysis.alternatives}
    assert values[more_points] > values[best]
    assert analysis.best == (Card.parse(best),)
    assert analysis.loss is None   # no points were lost: the result was
    assert analysis.lost_text("en") is not None
    assert analysis.alternatives[0].card == Card.parse(best)   # the best card is listed first
    assert _review(position, best).loss == 0


def test_the_tutor_says_a_lyusya_over_an_empty_tablo_gains_nothing() -> None:
    analysis = _review(CLASSIC_OURS, "8S")
    assert analysis.lost_text("ru") == (
        "Лучший ход дал бы вашей стороне лучший итог раздачи: после вашего хода вы выигрываете "
        "раздачу («люся»: вы обнуляете табло соперников), а при лучшем ходе вы писали бы 2 пары.")
    assert analysis.why is not None
    assert analysis.why.ru == (
        "Взять все взятки («люся») здесь ничего не даёт: она лишь обнуляет табло соперников, "
        "а оно пока пустое. Отдав им взятку, вы получите больше.")
    assert analysis.why.en == (
        "Taking every trick (lyusya) gains nothing here: it only wipes the opponents' tablo, "
        "which is still empty. Letting them take a trick gains you more.")


def test_the_tutor_counts_what_a_reset_would_wipe() -> None:
    theirs = _review(CLASSIC_THEIRS, "8C", scores=(1, 0))
    assert theirs.why is not None and theirs.why.ru == (
        "Здесь выгоднее не брать ни одной взятки: «люся» соперников лишь сотрёт с вашего табло "
        "1 пару, а проигрыш со взяткой стоит дороже.")
    penalty = _review(KOZLY_OURS, "QC", scores=(2, 0))
    assert penalty.why is not None and penalty.why.en == (
        "Taking every trick here only erases your 2 points of penalty; letting the opponents "
        "take a trick gains you more.")
    none = _review(KOZLY_THEIRS, "TH")
    assert none.why is not None and none.why.ru.startswith(
        "Здесь выгоднее не брать ни одной взятки: тогда соперники лишь спишут свои штрафные "
        "очки, а у них их пока нет")


def test_when_the_tablo_holds_enough_the_lyusya_is_best_again() -> None:
    # EW on 3 rows: wiping them beats writing 2
    analysis = _review(CLASSIC_OURS, "9D", scores=(0, 3))
    assert analysis.best == (Card.parse("8S"),) and analysis.loss == 10


def test_the_notebook_review_counts_no_points_lost_for_a_reset_worth_less() -> None:
    from kozel_tutor.app.notebook import _points_lost

    analysis = _review(CLASSIC_OURS, "8S")
    played = next(alt for alt in analysis.alternatives if alt.card == Card.parse("8S"))
    top = analysis.alternatives[0]
    assert _points_lost(analysis, played, top) == 0
