"""The arena: duplicate deals, the score difference with its interval, and match wins."""

from __future__ import annotations

from pathlib import Path

import pytest

from kozel_tutor.ai.arena import (
    DealRecord,
    JournalError,
    difference,
    journal_path,
    main,
    play_deal,
    read_journal,
    report,
    run_pairing,
)
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


def test_a_journal_resumes_a_run_without_replaying_a_deal(tmp_path: Path) -> None:
    first = run_pairing(RULES, "easy", "random", 2, seed=4, log=False, journal=tmp_path)
    path = journal_path(tmp_path, RULES, "easy", "random", 4)
    assert path.name == "standard-36-clubs-easy-random-seed4.jsonl"
    assert sorted(read_journal(path)) == [0, 1]
    # Mark the recorded deals: a resumed run must take them from the journal, not play them.
    lines = path.read_text().splitlines()
    path.write_text("".join(line.replace('"seconds": ', '"seconds": 1000') + "\n"
                            for line in lines))
    grown = run_pairing(RULES, "easy", "random", 3, seed=4, log=False, journal=tmp_path)
    assert [r.index for r in grown] == [0, 1, 2]
    assert [r.seconds >= 1000 for r in grown] == [True, True, False]
    assert [(r.a_at_ns, r.a_at_ew) for r in grown[:2]] == [(r.a_at_ns, r.a_at_ew) for r in first]
    assert grown[2].a_at_ns == play_deal(RULES, 2, 4, "easy", "random")
    assert len(read_journal(path)) == 3


def test_a_journal_line_cut_short_is_skipped_and_any_other_bad_line_is_named(
        tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    good = '{"index": 0, "a_at_ns": [[70, 50], [5, 4], -1], "a_at_ew": [[60, 60], [4, 5], -1], ' \
           '"seconds": 1.5}'
    path.write_text(good + "\n" + '{"index": 1, "a_at')   # the run stopped while writing
    assert list(read_journal(path)) == [0]
    path.write_text('{"index": 1, "a_at\n' + good + "\n")
    with pytest.raises(JournalError, match="line 1: not JSON"):
        read_journal(path)
    path.write_text(good.replace("[70, 50]", "[70, 500]") + "\n")
    with pytest.raises(JournalError, match="line 1: a deal's result"):
        read_journal(path)
    path.write_text(good.replace('"index": 0', '"index": -3') + "\n")
    with pytest.raises(JournalError, match="index must be a deal number"):
        read_journal(path)


def test_a_bad_journal_stops_the_run_with_a_clear_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal_path(tmp_path, RULES, "easy", "random", 1).write_text("[1, 2]\n")
    args = ["--pairs", "easy:random", "--deals", "1", "--workers", "1", "--journal", str(tmp_path)]
    assert main(args) == 2
    assert "line 1: expected the keys" in capsys.readouterr().err
