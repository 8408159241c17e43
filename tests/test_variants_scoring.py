"""RULES.md §2, deal scores and match ends: rows and lyusya, penalty points, erasing, tails."""

from __future__ import annotations

import pytest

from kozel_tutor.cards import CardSet
from kozel_tutor.rules import find_rules
from kozel_tutor.scoring import DealResult, deal_result
from kozel_tutor.seats import Team
from kozel_tutor.state import DealState
from kozel_tutor.variants import Match
from kozel_tutor.variants.tablo import TabloView, goats_title

CLASSIC, NIZHNY, KOZLY24 = (find_rules(n) for n in ("classic", "nizhny", "kozly24"))


def classic(ns: int, ew: int, ns_tricks: int = 4, ew_tricks: int = 4,
            multiplier: int = 1) -> DealResult:
    return deal_result(CLASSIC, (ns, ew), (ns_tricks, ew_tricks), multiplier)


def finished(rules_name: str, points: tuple[int, int], tricks: tuple[int, int],
             caught: Team | None = None) -> DealState:
    """A finished deal with the given totals (hands empty unless caught)."""
    rules = find_rules(rules_name)
    state = DealState(rules, [CardSet()] * 4, taken_points=points, taken_tricks=tricks)
    state.caught = caught
    return state


# -- classic: rows --------------------------------------------------------------------------

def test_classic_61_to_89_moves_the_winners_one_row() -> None:
    for winners in (61, 75, 89):
        assert classic(winners, 120 - winners).written == (1, 0)
        assert classic(120 - winners, winners).written == (0, 1)


def test_classic_90_or_more_with_a_losers_trick_moves_two_rows() -> None:
    assert classic(90, 30).written == (2, 0)
    assert classic(120, 0, ns_tricks=7, ew_tricks=1).written == (2, 0)


def test_classic_lyusya_all_eight_tricks_resets_the_losers_tablo() -> None:
    result = classic(0, 120, ns_tricks=0, ew_tricks=8)
    assert result.winner is Team.EW and result.reset is Team.NS and result.written == (0, 0)
    match = Match(CLASSIC)
    match.score.scores = [4, 2]
    match.record(finished("classic", (0, 120), (0, 8)))
    assert match.score.scores == [0, 2]


def test_classic_eggs_change_nothing_and_the_next_winner_takes_an_extra_row() -> None:
    match = Match(CLASSIC)
    eggs = match.record(finished("classic", (60, 60), (4, 4)))
    assert eggs.eggs and match.score.scores == [0, 0]
    result = match.record(finished("classic", (70, 50), (5, 3)))
    assert result.written == (2, 0)  # one row for 61–89 and the egg pair
    result = match.record(finished("classic", (95, 25), (6, 2)))
    assert result.written == (2, 0)  # no more egg pair
    assert match.score.scores == [4, 0]


def test_classic_egg_pair_is_one_row_however_many_eggs_fell_in_a_row() -> None:
    match = Match(CLASSIC)
    match.record(finished("classic", (60, 60), (4, 4)))
    match.record(finished("classic", (60, 60), (4, 4)))
    assert match.record(finished("classic", (30, 90), (2, 6))).written == (0, 3)


def test_classic_six_rows_win_and_the_losers_are_goats_with_eggs() -> None:
    match = Match(CLASSIC)
    match.record(finished("classic", (60, 60), (4, 4)))
    match.score.scores = [4, 3]
    match.record(finished("classic", (95, 25), (6, 2)))
    assert match.is_over and match.winner is Team.NS and match.goats is Team.EW
    assert match.with_eggs and not match.with_tails
    title = goats_title(match)
    assert title is not None and title[0] is Team.EW
    assert title[1].text("en") == "The losers are goats with eggs."
    assert title[1].text("ru") == "Проигравшие — козлы с яйцами."


def test_classic_goats_with_tails_when_winners_on_row_five_take_90() -> None:
    match = Match(CLASSIC)
    match.score.scores = [5, 2]
    match.record(finished("classic", (92, 28), (6, 2)))
    assert match.is_over and match.with_tails
    title = goats_title(match)
    assert title is not None and title[1].key == "title_goats_tails"


def test_classic_no_tails_from_row_four_or_below_90() -> None:
    match = Match(CLASSIC)
    match.score.scores = [4, 2]
    match.record(finished("classic", (92, 28), (6, 2)))
    assert match.is_over and not match.with_tails
    match = Match(CLASSIC)
    match.score.scores = [5, 2]
    match.record(finished("classic", (89, 31), (6, 2)))
    assert match.is_over and not match.with_tails


def test_classic_match_goes_on_below_six_rows() -> None:
    match = Match(CLASSIC)
    match.score.scores = [4, 5]
    match.record(finished("classic", (70, 50), (5, 3)))
    assert not match.is_over and match.score.scores == [5, 5]


def test_classic_tablo_shows_rows_on_two_sixes() -> None:
    views = [TabloView.of(Team.NS, rows) for rows in range(7)]
    assert [(v.top_face_up, v.rows_uncovered) for v in views] == [
        (False, 0), (False, 1), (False, 2), (True, 0), (True, 1), (True, 2), (True, 3)]
    assert [c.token for c in TabloView.of(Team.EW, 0).sixes] == ["6C", "6S"]
    with pytest.raises(ValueError, match="0 to 6"):
        TabloView.of(Team.NS, 7)


# -- nizhny: penalty points -------------------------------------------------------------------

@pytest.mark.parametrize(("losers", "tricks", "penalty"), [
    (0, 0, 6), (0, 1, 6), (1, 1, 4), (30, 2, 4), (31, 2, 2), (59, 4, 2)])
def test_nizhny_losers_are_written_6_for_no_points_4_for_1_to_30_2_for_31_to_59(
        losers: int, tricks: int, penalty: int) -> None:
    result = deal_result(NIZHNY, (120 - losers, losers), (9 - tricks, tricks))
    assert result.winner is Team.NS and result.written == (0, penalty)


def test_nizhny_eggs_double_the_next_deal() -> None:
    match = Match(NIZHNY)
    assert match.record(finished("nizhny", (60, 60), (4, 5))).eggs
    assert match.record(finished("nizhny", (40, 80), (3, 6))).written == (4, 0)
    assert match.record(finished("nizhny", (40, 80), (3, 6))).written == (2, 0)


def test_nizhny_catch_writes_4_on_the_queen_side_doubled_after_eggs() -> None:
    match = Match(NIZHNY)
    assert match.record(finished("nizhny", (30, 20), (2, 1), caught=Team.EW)).written == (0, 4)
    match.record(finished("nizhny", (60, 60), (4, 5)))
    assert match.record(finished("nizhny", (30, 20), (2, 1), caught=Team.NS)).written == (8, 0)


def test_nizhny_first_side_to_12_loses() -> None:
    match = Match(NIZHNY)
    match.score.scores = [10, 6]
    match.record(finished("nizhny", (40, 80), (3, 6)))
    assert match.is_over and match.score.scores == [12, 6]
    assert match.winner is Team.EW and match.goats is Team.NS


# -- kozly24: penalty, erasing, the first deal ----------------------------------------------

@pytest.mark.parametrize(("losers", "penalty"), [(59, 2), (30, 2), (29, 4), (0, 4)])
def test_kozly24_losers_are_written_2_or_4_below_30(losers: int, penalty: int) -> None:
    result = deal_result(KOZLY24, (losers, 120 - losers), (1, 5))
    assert result.written == (penalty, 0)


def test_kozly24_equal_points_are_eggs_and_double_the_next_deal() -> None:
    match = Match(KOZLY24)
    match.record(finished("kozly24", (50, 20), (4, 2)))  # a first deal out of the way
    assert match.record(finished("kozly24", (60, 60), (3, 3))).eggs
    assert match.record(finished("kozly24", (70, 50), (4, 2))).written == (0, 4)


def test_kozly24_taking_all_tricks_erases_the_takers_own_points() -> None:
    match = Match(KOZLY24)
    match.record(finished("kozly24", (70, 50), (3, 3)))
    match.score.scores = [8, 6]
    result = match.record(finished("kozly24", (120, 0), (6, 0)))
    assert result.reset is Team.NS and match.score.scores == [0, 6]


def test_kozly24_all_tricks_in_the_first_deal_writes_12_on_the_opponents() -> None:
    match = Match(KOZLY24)
    result = match.record(finished("kozly24", (0, 120), (0, 6)))
    assert result.written == (12, 0)
    assert match.is_over and match.goats is Team.NS


def test_kozly24_catch_beats_erasing_and_writes_4() -> None:
    match = Match(KOZLY24)
    assert match.record(finished("kozly24", (40, 0), (2, 0), caught=Team.EW)).written == (0, 4)


def test_kozly24_first_side_to_12_loses() -> None:
    match = Match(KOZLY24)
    match.score.scores = [8, 11]
    match.record(finished("kozly24", (80, 25), (4, 2)))
    assert match.is_over and match.winner is Team.NS
