"""Deal score and match of RULES.md §1: 61 wins, 2/4/6, eggs, the match to 12 (or 6), goats."""

from __future__ import annotations

import random

import pytest

from kozel_tutor.rules import RulesError, find_rules
from kozel_tutor.scoring import DealResult, MatchScore, deal_result
from kozel_tutor.seats import Seat, Team
from kozel_tutor.state import DealState

RULES = find_rules()


def score(ns: int, ew: int, ns_tricks: int = 4, ew_tricks: int = 5,
          multiplier: int = 1) -> DealResult:
    return deal_result(RULES, (ns, ew), (ns_tricks, ew_tricks), multiplier)


def test_side_with_61_or_more_wins_the_deal() -> None:
    assert score(61, 59).winner is Team.NS
    assert score(59, 61).winner is Team.EW
    assert score(61, 59).loser is Team.EW


def test_winners_write_2_when_the_losers_made_31_or_more() -> None:
    for loser_points in (31, 45, 59):
        result = score(120 - loser_points, loser_points)
        assert (result.value, result.written) == (2, (2, 0))


def test_winners_write_4_when_the_losers_made_30_or_fewer() -> None:
    for loser_points in (30, 12, 0):
        result = score(loser_points, 120 - loser_points, ns_tricks=1, ew_tricks=8)
        assert (result.winner, result.value, result.written) == (Team.EW, 4, (0, 4))


def test_fighting_for_31_saves_the_losers_from_4() -> None:
    assert score(89, 31).value == 2
    assert score(90, 30).value == 4


def test_winners_write_6_when_the_losers_took_no_trick() -> None:
    result = score(120, 0, ns_tricks=9, ew_tricks=0)
    assert (result.value, result.written) == (6, (6, 0))


def test_losers_with_a_trick_but_no_points_write_the_winners_4_not_6() -> None:
    assert score(120, 0, ns_tricks=8, ew_tricks=1).value == 4


def test_60_60_is_eggs_and_nobody_writes() -> None:
    result = score(60, 60)
    assert result.eggs and result.winner is None and result.loser is None
    assert result.written == (0, 0)


def test_multiplier_doubles_what_the_winners_write() -> None:
    result = score(40, 80, multiplier=2)
    assert (result.value, result.multiplier, result.written) == (2, 2, (0, 4))
    assert score(0, 120, ns_tricks=0, ew_tricks=9, multiplier=2).written == (0, 12)


def test_unknown_scoring_table_is_an_error() -> None:
    with pytest.raises(RulesError, match="unknown scoring table"):
        deal_result(RULES.replace(scoring="bogus"), (60, 60), (4, 5))


# -- the match -----------------------------------------------------------------------------------


def record(match: MatchScore, ns: int, ew: int, ns_tricks: int = 4, ew_tricks: int = 5) -> None:
    match.record(deal_result(match.rules, (ns, ew), (ns_tricks, ew_tricks), match.multiplier))


def test_deal_passes_to_the_left_after_every_deal() -> None:
    match = MatchScore(first_dealer=Seat.E)
    dealers = []
    for _ in range(5):
        dealers.append(match.dealer)
        record(match, 60, 60)
    assert dealers == [Seat.E, Seat.S, Seat.W, Seat.N, Seat.E]


def test_deal_after_eggs_counts_double() -> None:
    match = MatchScore()
    assert match.multiplier == 1
    record(match, 60, 60)
    assert match.multiplier == 2
    record(match, 70, 50)
    assert match.scores == [4, 0]
    assert match.multiplier == 1
    record(match, 70, 50)
    assert match.scores == [6, 0]


def test_eggs_in_a_row_do_not_compound() -> None:
    match = MatchScore()
    record(match, 60, 60)
    record(match, 60, 60)
    record(match, 60, 60)
    assert match.multiplier == 2
    record(match, 40, 80)
    assert match.scores == [0, 4]
    assert match.eggs == 3


def test_first_side_to_reach_12_wins_the_match_and_the_other_side_are_goats() -> None:
    match = MatchScore()
    for _ in range(5):
        record(match, 40, 80)
    assert not match.is_over and match.winner is None and match.goats is None
    record(match, 70, 50)
    record(match, 40, 80)
    assert match.scores == [2, 12]
    assert match.is_over and match.winner is Team.EW and match.goats is Team.NS
    assert not match.naked_goats
    with pytest.raises(ValueError, match="already over"):
        record(match, 60, 60)


def test_short_match_is_played_to_6() -> None:
    match = MatchScore(rules=find_rules("standard", match=6))
    record(match, 80, 40)
    record(match, 80, 40)
    assert not match.is_over
    record(match, 80, 40)
    assert match.scores == [6, 0] and match.winner is Team.NS


def test_goats_who_finished_with_0_are_naked_goats() -> None:
    match = MatchScore()
    record(match, 120, 0, ns_tricks=9, ew_tricks=0)
    record(match, 120, 0, ns_tricks=9, ew_tricks=0)
    assert match.scores == [12, 0]
    assert match.goats is Team.EW and match.naked_goats


def test_results_show_the_score_the_deals_won_the_eggs_and_the_goats() -> None:
    match = MatchScore(rules=find_rules("standard", match=6))
    record(match, 30, 90)             # EW +4
    record(match, 60, 60)             # eggs
    record(match, 100, 20)            # NS +4 x2 = 8
    assert match.scores == [8, 4]
    assert match.deals_won == (1, 1)
    assert match.eggs == 1
    assert [r.written for r in match.results] == [(0, 4), (0, 0), (8, 0)]
    assert match.winner is Team.NS and match.goats is Team.EW and not match.naked_goats


@pytest.mark.parametrize(("deck", "target"), [(36, 12), (32, 6)])
def test_random_matches_end_when_a_side_reaches_the_target(deck: int, target: int) -> None:
    rules = find_rules("standard", deck=deck, match=target)
    rng = random.Random(deck * target)
    for _ in range(5):
        match = MatchScore(rules=rules, first_dealer=Seat.N)
        while not match.is_over:
            deal = DealState.deal(rules, dealer=match.dealer, rng=rng)
            assert deal.to_move is match.dealer.next
            while not deal.is_over:
                deal.play(rng.choice(list(deal.legal_plays())))
            match.record(deal.result(match.multiplier))
        written = [sum(r.written[t] for r in match.results) for t in Team]
        assert match.scores == written
        assert max(match.scores) >= target > min(match.scores)  # one side writes per deal
        assert match.winner is Team(match.scores.index(max(match.scores)))
        assert sum(match.deals_won) + match.eggs == len(match.results)
        for before, after in zip(match.results, match.results[1:], strict=False):
            assert after.multiplier == (2 if before.eggs else 1)
