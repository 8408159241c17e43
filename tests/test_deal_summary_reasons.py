"""The deal summary says why the deal wrote what it wrote, for every result of every preset: the
losers saved themselves or not, took no trick or no points; the winners' rows; a sweep.  The
reason is read from the deal's :class:`~kozel_tutor.scoring.DealResult` (its value, its reset),
as the match scored it."""

from __future__ import annotations

import random

import pytest

from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.views import TableUi, table_view
from kozel_tutor.scoring import DealResult, deal_result
from kozel_tutor.seats import Team
from kozel_tutor.variants.match_rules import scored_in_match
from kozel_tutor.widgets import check_table_view


def summary_lines(variant: str, result: DealResult, lang: str) -> list[str]:
    """The summary's lines after the match recorded ``result`` as its first deal."""
    session = MatchSession(Settings(variant=variant), rng=random.Random(1))
    session.score.record(result)
    overlay = check_table_view(table_view(session, TableUi(lang=lang, mode="summary")))["overlay"]
    assert overlay["testid"] == "deal-summary"
    lines: list[str] = overlay["lines"]
    return lines


CASES = [
    # standard: 2, 4, 6 for either side
    ("standard", (67, 53), (4, 5), "Fedor and Gleb took 53 points, at least 31: they saved "
                                   "themselves.",
     "Фёдор и Глеб набрали 53 очка, не меньше 31: они спаслись."),
    ("standard", (40, 80), (3, 6), "You and Nina took 40 points, at least 31: you saved "
                                   "yourselves.",
     "Вы и Нина набрали 40 очков, не меньше 31: вы спаслись."),
    ("standard", (92, 28), (6, 3), "Fedor and Gleb took 28 points, fewer than 31: they did not "
                                   "save themselves.",
     "Фёдор и Глеб набрали 28 очков, меньше 31: они не спаслись."),
    ("standard", (30, 90), (2, 7), "You and Nina took 30 points, fewer than 31: you did not save "
                                   "yourselves.",
     "Вы и Нина набрали 30 очков, меньше 31: вы не спаслись."),
    ("standard", (120, 0), (9, 0), "Fedor and Gleb took no trick at all.",
     "Фёдор и Глеб не взяли ни одной взятки."),
    ("standard", (0, 120), (0, 9), "You and Nina took no trick at all.",
     "Вы и Нина не взяли ни одной взятки."),
    # nizhny: penalty on the losers, 6 for no points (a trick of no points is no help)
    ("nizhny", (120, 0), (8, 1), "Fedor and Gleb took no points at all.",
     "Фёдор и Глеб не набрали ни одного очка."),
    ("nizhny", (95, 25), (7, 2), "Fedor and Gleb took 25 points, fewer than 31: they did not "
                                 "save themselves.",
     "Фёдор и Глеб набрали 25 очков, меньше 31: они не спаслись."),
    ("nizhny", (45, 75), (3, 6), "You and Nina took 45 points, at least 31: you saved "
                                 "yourselves.",
     "Вы и Нина набрали 45 очков, не меньше 31: вы спаслись."),
    # kozly24: 4 below 30, so 30 saves
    ("kozly24", (90, 30), (4, 2), "Fedor and Gleb took 30 points, at least 30: they saved "
                                  "themselves.",
     "Фёдор и Глеб набрали 30 очков, не меньше 30: они спаслись."),
    ("kozly24", (91, 29), (4, 2), "Fedor and Gleb took 29 points, fewer than 30: they did not "
                                  "save themselves.",
     "Фёдор и Глеб набрали 29 очков, меньше 30: они не спаслись."),
    # classic: the winners write themselves their rows, and the line says who they are
    ("classic", (75, 45), (5, 3), "You and Nina took 75 points, fewer than 90: you write one "
                                  "row.",
     "Вы и Нина набрали 75 очков, меньше 90: вы пишете себе одну пару."),
    ("classic", (45, 75), (3, 5), "Fedor and Gleb took 75 points, fewer than 90: they write "
                                  "one row.",
     "Фёдор и Глеб набрали 75 очков, меньше 90: они пишут себе одну пару."),
    ("classic", (95, 25), (6, 2), "You and Nina took 95 points, 90 or more: you write two "
                                  "rows.",
     "Вы и Нина набрали 95 очков, 90 и больше: вы пишете себе две пары."),
    ("classic", (25, 95), (2, 6), "Fedor and Gleb took 95 points, 90 or more: they write two "
                                  "rows.",
     "Фёдор и Глеб набрали 95 очков, 90 и больше: они пишут себе две пары."),
    ("classic", (120, 0), (8, 0), "You and Nina took every trick: lyusya.",
     "Вы и Нина взяли все взятки: это «люся»."),
]


@pytest.mark.parametrize(("variant", "points", "tricks", "en", "ru"), CASES)
def test_the_summary_says_why_the_deal_wrote_what_it_wrote(
        variant: str, points: tuple[int, int], tricks: tuple[int, int], en: str,
        ru: str) -> None:
    session = MatchSession(Settings(variant=variant), rng=random.Random(1))
    result = deal_result(session.rules, points, tricks)
    for lang, line in (("en", en), ("ru", ru)):
        lines = summary_lines(variant, result, lang)
        assert line in lines, lines
        assert sum(" took " in x or "набрали" in x or "взяли" in x for x in lines) == 1, lines


def test_the_standard_summary_keeps_what_the_deal_was_worth_above_the_reason() -> None:
    result = deal_result(MatchSession(Settings()).rules, (67, 53), (4, 5))
    assert summary_lines("standard", result, "en") == [
        "The deal was worth 2 points.",
        "Fedor and Gleb took 53 points, at least 31: they saved themselves."]


@pytest.mark.parametrize(("lang", "erase", "first"), [
    ("en", "You and Nina took every trick.",
     "You and Nina took every trick in the first deal: the losers are written 12."),
    ("ru", "Вы и Нина взяли все взятки.",
     "Вы и Нина взяли все взятки в первой раздаче: проигравшим пишут 12."),
])
def test_a_kozly24_sweep_says_it_swept_as_the_match_scored_it(lang: str, erase: str,
                                                               first: str) -> None:
    rules = MatchSession(Settings(variant="kozly24")).rules
    sweep = deal_result(rules, (120, 0), (6, 0))
    lines = summary_lines("kozly24", sweep, lang)
    assert erase in lines and lines.index(erase) < len(lines) - 1, "the reset's line follows"
    first_deal = scored_in_match(sweep, rules, first_deal=True)
    assert first_deal.value == 12 and first_deal.reset is None
    assert first in summary_lines("kozly24", first_deal, lang)


@pytest.mark.parametrize("variant", ["standard", "nizhny"])
def test_eggs_are_explained_by_the_title_not_by_a_points_reason(variant: str) -> None:
    session = MatchSession(Settings(variant=variant), rng=random.Random(1))
    session.score.record(deal_result(session.rules, (60, 60), (4, 5)))
    overlay = table_view(session, TableUi(lang="en", mode="summary"))["overlay"]
    assert overlay["title"] == "Eggs: 60 each"
    assert not any("took" in line for line in overlay["lines"]), overlay["lines"]


def test_a_catch_is_explained_by_the_catch_not_by_the_points() -> None:
    rules = MatchSession(Settings(variant="nizhny")).rules
    lines = summary_lines("nizhny", deal_result(rules, (40, 30), (3, 2), caught=Team.EW), "en")
    assert ("The six of clubs caught the queen of clubs: the deal is over, Fedor and Gleb are "
            "written 4 (cards still in hand count for no one).") in lines
    assert not any("took" in line for line in lines), lines
