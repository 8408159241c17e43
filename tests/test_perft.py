"""Perft regression: counts of legal play sequences from fixed positions (tests/data/perft.json).

The file is written by ``tests/make_perft.py``; two of its counts are worked out by hand below,
so the file itself is checked against the rules, not only against the engine that wrote it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.position import Position
from kozel_tutor.state import DealState

DATA = json.loads((Path(__file__).parent / "data" / "perft.json").read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = DATA["cases"]


def count_sequences(state: DealState, depth: int | None) -> int:
    if depth == 0 or state.is_over:
        return 1
    total = 0
    for card in state.legal_plays():
        state.play(card)
        total += count_sequences(state, None if depth is None else depth - 1)
        state.undo()
    return total


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_legal_play_sequence_counts_match_the_regression_file(case: dict[str, Any]) -> None:
    state = Position.from_json(case["position"]).to_state()
    for depth, expected in case["counts"].items():
        assert count_sequences(state, None if depth == "end" else int(depth)) == expected, depth
    assert Position.from_state(state).to_dict() == case["position"]  # play/undo left no trace


def test_regression_file_covers_both_decks_called_trumps_mid_trick_and_the_start() -> None:
    positions = [Position.from_json(c["position"]) for c in CASES]
    assert {p.rules.deck for p in positions} == {36, 32}
    assert {p.rules.trump_rule for p in positions} == {"fixed", "called"}
    assert any(p.trick for p in positions)
    assert any(p.cards_per_hand == p.rules.hand_size for p in positions)
    assert any(p.cards_per_hand in (2, 3) and "end" in c["counts"]
               for p, c in zip(positions, CASES, strict=True))


def test_any_card_may_be_led_to_the_first_trick() -> None:
    for case in CASES:
        pos = Position.from_json(case["position"])
        if pos.cards_per_hand == pos.rules.hand_size:
            assert case["counts"]["1"] == pos.rules.hand_size


def test_last_two_tricks_counted_by_hand() -> None:
    # S leads KD or 7D; W must follow with 8D; N (JH JD: trumps, no diamond) and E (JS KH) may
    # play either card; the last trick is forced: 2 * 1 * 2 * 2 = 8.
    pos = Position.from_json({"rules": "standard", "deck": 32,
                              "hands": {"N": "JH JD", "E": "JS KH", "S": "KD 7D", "W": "TH 8D"},
                              "leader": "S", "taken": {"NS": [76, 4], "EW": [20, 2]}})
    assert count_sequences(pos.to_state(), None) == 8
    assert any(c["position"]["hands"] == pos.to_dict()["hands"] and c["counts"] == {"end": 8}
               for c in CASES)


def test_three_tricks_from_mid_trick_counted_by_hand() -> None:
    # Trick TH 6C from E: W (no heart) 3 choices, N must play KH; S wins with the 6C and leads one
    # of two trumps, W and N (no trumps) 2 choices each, E must play KC; the last trick is forced:
    # 3 * 1 * 2 * 2 * 2 * 1 = 24.
    pos = Position.from_json({"hands": {"N": "KH AD 8D", "E": "KC 9H", "S": "7C JD",
                                        "W": "KS 9S KD"},
                              "leader": "E", "trick": ["TH", "6C"],
                              "taken": {"NS": [29, 2], "EW": [52, 4]}})
    assert count_sequences(pos.to_state(), None) == 24
