"""The arena: duplicate deals, the score difference with its interval, and match wins."""

from __future__ import annotations

import pytest

from kozel_tutor.ai.arena import DealRecord, difference, main, play_deal, report, run_pairing
from kozel_tutor.rules import find_rules

RULES = find_rules()

# NS 90 / EW 30 (NS writes 4) and the mirror image.
NS_BIG = ((90, 30), (6, 3), -1)
EW_BIG = ((30, 90), (3, 6), -1)
NS_SMALL = ((70, 50), (5, 4), -1)
EGGS = ((60, 60), (4, 5), -1)


def test_a_deal_won_in_both_seatings_counts_for_the_side_that_won_both() -> None:
    # A wins 4 at NS, then (seated EW) wins 4 again: +4 per deal.
    assert difference(RULES, DealRecord(0, NS_BIG, EW_BIG, 0.0)) == 4
    # The cards decided it: whoever held them wrote 4 both times, so the levels are even.
    assert difference(RULES, DealRecord(0, NS_BIG, NS_BIG, 0.0)) == 0
    assert difference(RULES, DealRecord(0, NS_SMALL, NS_BIG, 0.0)) == (2 - 4) / 2
    assert difference(RULES, DealRecord(0, EGGS, EGGS, 0.0)) == 0


def test_report_gives_an_interval_around_the_mean_and_counts_matches() -> None:
    records = [DealRecord(i, NS_BIG, EW_BIG if i % 2 else NS_BIG, 0.0) for i in range(10)]
    rep = report(RULES, "a", "b", records)
    assert rep.deals == 20
    assert rep.mean == pytest.approx(2.0)
    assert rep.low < 2.0 < rep.high
    # A at NS writes 4 every deal (3 deals to 12: three matches); A at EW wins half of them.
    assert rep.matches_a >= 3 and rep.matches_a > rep.matches_b


def test_the_same_seed_plays_the_same_deal() -> None:
    assert play_deal(RULES, 3, 5, "medium", "easy") == play_deal(RULES, 3, 5, "medium", "easy")


def test_medium_beats_random_on_a_handful_of_duplicate_deals() -> None:
    records = run_pairing(RULES, "medium", "random", 6, seed=2, log=False)
    assert [r.index for r in records] == list(range(6))
    assert report(RULES, "medium", "random", records).mean > 0


def test_a_bad_pairing_is_a_clear_error_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--pairs", "hard:grandmaster", "--deals", "1"]) == 2
    assert "unknown AI level 'grandmaster'" in capsys.readouterr().err
    assert main(["--pairs", "hard", "--deals", "1"]) == 2
