"""docs/positions.md describes the position format to people: its example and its list of checks
must stay true."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kozel_tutor.position import Position, PositionError
from kozel_tutor.seats import Seat

DOC = Path(__file__).resolve().parents[1] / "docs" / "positions.md"
EXAMPLE = json.loads(re.findall(r"```json\n(.*?)```", DOC.read_text("utf-8"), re.S)[0])


def test_example_position_is_valid_and_south_is_to_move() -> None:
    pos = Position.from_json(EXAMPLE)
    assert pos.to_move == Seat.S
    assert pos.to_json() == Position.from_json(pos.to_json()).to_json()


def _broken(**changes: object) -> dict[str, object]:
    data = json.loads(json.dumps(EXAMPLE))
    data.update(changes)
    return data


@pytest.mark.parametrize(("changes", "problem"), [
    ({"hands": {"N": "QC 9S", "E": "JD", "S": "TC 7S", "W": "KH QC"}}, "card_twice"),
    ({"deck": 32, "hands": {"N": "QC 9S", "E": "JD", "S": "TC 6S", "W": "KH 7D"}}, "not_in_deck"),
    ({"hands": {"N": "QC 9S", "E": "JD AS", "S": "TC 7S", "W": "KH 6D"}}, "hand_sizes"),
    ({"taken": {"NS": [40, 4], "EW": [52, 3]}}, "points_sum"),
    ({"taken": {"NS": [89, 1], "EW": [1, 6]}}, "points_not_makeable"),
    ({"led": "SHC"}, "led_trump"),
])
def test_each_check_the_page_lists_is_made(changes: dict[str, object], problem: str) -> None:
    with pytest.raises(PositionError) as caught:
        Position.from_json(_broken(**changes))
    assert problem in [found.key for found in caught.value.details]


def test_card_spellings_the_page_lists_are_read() -> None:
    for hand in ("QC 9S", "qc 9s", "Q♣ 9♠"):
        data = _broken(hands={"N": hand, "E": "JD", "S": "TC 7S", "W": "KH 6D"})
        assert Position.from_json(data).to_json() == Position.from_json(EXAMPLE).to_json()
    data = _broken(hands={"N": "QC 9S", "E": "JD", "S": "10C 7S", "W": "KH 6D"})
    assert Position.from_json(data).to_json() == Position.from_json(EXAMPLE).to_json()
