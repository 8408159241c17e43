"""The tutor and the deal review compare two deal results so that they never read alike: who
wins the deal is said each time ("you lose the deal (they write 2) instead of winning it (you
write 2)"), and "either way" is said to hold with best play from here.  Every pair of results of
every preset (the match's doubled and first-deal results too), in both languages."""

from __future__ import annotations

from itertools import product

import pytest

from kozel_tutor.app.review import Alternative, ReviewStep, StepAnalysis
from kozel_tutor.cards import Card
from kozel_tutor.position import Position
from kozel_tutor.puzzles.explain import card_report
from kozel_tutor.puzzles.model import Goal
from kozel_tutor.puzzles.result_words import compare_results
from kozel_tutor.puzzles.variants import outcome_words
from kozel_tutor.puzzles.verify import analyse, legal_cards
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Team
from kozel_tutor.solver import Outcome

EGGS = Outcome(None, 0, True)
VALUES = {
    # what each preset's deal can write, the match's doubled deals and kozly24's first-deal
    # sweep (12 on the losers) included; 0 is a reset (lyusya, erasing)
    "standard": (2, 4, 6, 8, 12),
    "classic": (0, 1, 2, 3),
    "nizhny": (2, 4, 6, 8),
    "kozly24": (0, 2, 4, 8, 12),
}
PAIRS = [(preset, played, best) for preset, values in VALUES.items()
         for played, best in product([EGGS, *(Outcome(team, n, False) for team in Team
                                              for n in values)], repeat=2)]

# what each side of the comparison says of the deal: (played, best) words by result
PLAYED = {"en": {"won": "you win the deal (", "lost": "you lose the deal (",
                 "drawn": "you draw the deal ("},
          "ru": {"won": "вы выигрываете раздачу (", "lost": "вы проигрываете раздачу (",
                 "drawn": "вы сводите раздачу вничью ("}}
BEST = {"en": {"won": "winning it (", "lost": "losing it (", "drawn": "drawing it ("},
        "ru": {"won": "выигрываете её (", "lost": "проигрываете её (",
               "drawn": "сводите её вничью ("}}
INSTEAD = {"en": " instead of ", "ru": ", а не "}
WHEREAS = {"en": ", whereas with the best card ", "ru": ", а при лучшем ходе "}


def kind(outcome: Outcome) -> str:
    if outcome.winner is None:
        return "drawn"
    return "won" if outcome.winner is Team.NS else "lost"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("preset", "played", "best"), PAIRS)
def test_the_two_results_read_differently_with_who_wins_each_time(
        preset: str, played: Outcome, best: Outcome, lang: str) -> None:
    rules = find_rules(preset)
    clause = compare_results(played, best, Team.NS, rules).get(lang)
    score = outcome_words(played, Team.NS, rules).get(lang)
    if played == best:
        assert clause.startswith(("with best play from here, ",
                                  "если дальше все играют безошибочно, ")), clause
        assert ("either way" in clause or "в любом случае" in clause) and f"({score})" in clause
        return
    assert "either way" not in clause and "в любом случае" not in clause
    if played.winner != best.winner:
        mine, theirs = clause.split(INSTEAD[lang])
        assert mine == PLAYED[lang][kind(played)] + score + ")", clause
        assert theirs == (BEST[lang][kind(best)] + outcome_words(best, Team.NS, rules).get(lang)
                          + ")"), clause
        assert kind(played) != kind(best)
    else:   # the same side wins: the deal is named once, the two scores differ
        mine, theirs = clause.split(WHEREAS[lang])
        assert mine == PLAYED[lang][kind(played)] + score + ")", clause
        assert theirs == outcome_words(best, Team.NS, rules, gerund=True).get(lang)
        assert score not in theirs, "the best card's score is not the played card's"


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "You lose the deal (they write 2) instead of winning it (you write 2)."),
    ("ru", "Вы проигрываете раздачу (соперники пишут 2), а не выигрываете её (вы пишете 2)."),
])
def test_the_reviewers_puzzle_says_the_card_loses_a_deal_the_best_card_wins(
        lang: str, expected: str) -> None:
    # e4-549238f705: after the K♠ the opponents win the deal by 2, after the best card you do;
    # the words were "(they write 2, whereas with the best card you would write 2)"
    position = Position.from_json(
        {"rules": "standard", "deck": 36, "trump": "C",
         "hands": {"N": "QC 9C JD", "E": "7C JS QD", "S": "6C KS 7S JH", "W": "JC 8C 7H TD"},
         "leader": "N", "trick": ["7D", "KC"], "taken": {"NS": [52, 3], "EW": [36, 2]}})
    report = card_report(analyse(position, Goal.MAX_POINTS, backend="python"),
                         Card.parse("KS"), backend="python")
    assert not report.correct
    assert report.text.get(lang).endswith(f"59 instead of 75. {expected}"
                                          if lang == "en" else f"59 вместо 75. {expected}")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "you end with 44 instead of 54. With best play from here, you lose the deal either "
           "way (they write 2)."),
    ("ru", "у вас 44 вместо 54. Если дальше все играют безошибочно, вы в любом случае "
           "проигрываете раздачу (соперники пишут 2)."),
])
def test_the_same_result_is_said_to_hold_with_best_play_from_here(lang: str,
                                                                  expected: str) -> None:
    position = Position.from_json(
        {"rules": "standard", "deck": 36, "trump": "C",
         "hands": {"N": "KC JC QD", "E": "9C 6C 8S", "S": "TC TS TH 8H", "W": "8C 7C 9S"},
         "leader": "W", "trick": ["6H", "AC", "JH"], "taken": {"NS": [15, 1], "EW": [53, 4]}})
    report = card_report(analyse(position, Goal.MAX_POINTS, backend="python"),
                         Card.parse("TH"), backend="python")
    assert report.text.get(lang).endswith(expected)


# a nizhny position (a catch is still possible): the review compares results, not points
NIZHNY = Position.from_json(
    {"rules": "nizhny", "deck": 36, "trump": "C",
     "hands": {"N": "JC 6C", "E": "8H 9D", "S": "QC 9C 8C", "W": "KC 7C QD"},
     "leader": "N", "trick": ["JD", "TC"], "taken": {"NS": [50, 4], "EW": [46, 2]}})


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "The best card would have given your side a better deal: after your card you lose "
           "the deal (you are written 2) instead of winning it (they are written 2)."),
    ("ru", "Лучший ход дал бы вашей стороне лучший итог раздачи: после вашего хода вы "
           "проигрываете раздачу (вам пишут 2), а не выигрываете её (соперникам пишут 2)."),
])
def test_the_review_says_the_card_lost_a_deal_the_best_card_wins(lang: str,
                                                                 expected: str) -> None:
    legal = tuple(sorted(legal_cards(NIZHNY)))
    played, best = Card.parse("8C"), Card.parse("QC")
    step = ReviewStep(1, 0, played, NIZHNY, legal)
    analysis = StepAnalysis(step, (
        Alternative(best, 90, 90, Outcome(Team.NS, 2, False), catch=True),
        Alternative(played, 30, 30, Outcome(Team.EW, 2, False), catch=True),
        *(Alternative(card, 30, 30, Outcome(Team.EW, 2, False), catch=True)
          for card in legal if card not in (played, best))))
    assert analysis.loss is None and analysis.lost_result is not None
    assert analysis.lost_text(lang) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "The best card would have given your side the same points but a better deal: after "
           "your card you win the deal (you write 4), whereas with the best card you would "
           "write 6."),
    ("ru", "Лучший ход дал бы вашей стороне столько же очков, но лучший итог раздачи: после "
           "вашего хода вы выигрываете раздачу (вы пишете 4), а при лучшем ходе вы писали бы 6."),
])
def test_the_review_says_the_same_points_won_less(lang: str, expected: str) -> None:
    position = Position.from_json(
        {"rules": "standard", "deck": 36, "trump": "C",
         "hands": {"N": "KC JC QD", "E": "9C 6C 8S", "S": "TC TS TH 8H", "W": "8C 7C 9S"},
         "leader": "W", "trick": ["6H", "AC", "JH"], "taken": {"NS": [15, 1], "EW": [53, 4]}})
    legal = tuple(sorted(legal_cards(position)))
    step = ReviewStep(1, 0, legal[1], position, legal)
    analysis = StepAnalysis(step, tuple(
        Alternative(card, 120, 120, Outcome(Team.NS, 6 if card == legal[0] else 4, False))
        for card in legal))
    assert analysis.loss is None
    assert analysis.lost_text(lang) == expected
