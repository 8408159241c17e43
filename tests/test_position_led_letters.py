"""``led`` lists the plain suits already led in the deal (RULES.md §1, the position format):
a suit is led or not, so a letter given twice is a mistake, and the position is refused
saying which suit is named how often — in English (``kozel solve``) and in Russian (the app).

Each suit named once, ``led`` can name no more suits than there were finished tricks
(``led_too_many``, tests/test_position.py): "SHCSHCS" after six tricks is refused for its
repeats, and "SHC" after the same six tricks is a real position.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli import kozel, write
from test_position import after_tricks, changed, error_of

from kozel_tutor.cards import Suit
from kozel_tutor.position import Position

# Six tricks over in classic (diamonds are trumps): every seven, eight, nine, ten, king and ace
# played, North and South took them all (100 points); the queens and jacks are still held.
SIX_TRICKS = "7S 8S 9S TS 7H 8H 9H TH 7C 8C 9C TC KS AS KH AH KC AC 7D 8D 9D TD KD AD"


def six_tricks(led: str) -> dict[str, object]:
    return after_tricks(SIX_TRICKS, {"NS": [100, 6], "EW": [0, 0]}, led=led, rules="classic")


def test_a_suit_named_twice_is_refused_in_both_languages() -> None:
    error = error_of(changed(led="SS"))
    assert [problem.key for problem in error.details] == ["led_twice"]
    assert str(error) == "led names spades twice: name each suit once"
    assert error.text("ru") == ("среди мастей, с которых уже ходили, повторяются пики (дважды) "
                                "— каждую масть пишут один раз")


def test_seven_letters_after_six_tricks_name_each_repeated_suit_and_how_often() -> None:
    error = error_of(six_tricks("SHCSHCS"))
    assert error.problems == [
        "led names spades 3 times, hearts twice and clubs twice: name each suit once"]
    assert error.text("ru") == (
        "среди мастей, с которых уже ходили, повторяются пики (3 раза), черви (дважды) и трефы "
        "(дважды) — каждую масть пишут один раз")


@pytest.mark.parametrize("led", ["sS", "S♠", "S S"])
def test_a_suit_written_twice_in_another_way_is_still_named_twice(led: str) -> None:
    assert error_of(changed(led=led)).problems == ["led names spades twice: name each suit once"]


def test_each_suit_named_once_is_read_as_before() -> None:
    pos = Position.from_json(json.dumps(six_tricks("SHC")))
    assert pos.led == {Suit.SPADES, Suit.HEARTS, Suit.CLUBS}
    assert Position.from_json(json.dumps(changed(led="hS"))).led == {Suit.SPADES, Suit.HEARTS}


def test_kozel_solve_refuses_a_repeated_suit_with_status_2(tmp_path: Path) -> None:
    run = kozel("solve", "--backend", "python", write(tmp_path, six_tricks("SHCSHCS")))
    assert run.returncode == 2
    assert run.stdout == b""
    assert run.stderr.decode().strip().endswith(
        "invalid position: led names spades 3 times, hearts twice and clubs twice: name each "
        "suit once")
