"""The pure-Python solver follows each preset's rules: checked against a plain minimax over the
engine itself (``DealState``), which knows the lead restriction, the ace-dump ban and the catch."""

from __future__ import annotations

import random

import pytest

from kozel_tutor.position import Position
from kozel_tutor.rules import find_rules
from kozel_tutor.scoring import deal_result
from kozel_tutor.seats import Seat, Team
from kozel_tutor.solver import solve
from kozel_tutor.solver.core import caught_points
from kozel_tutor.state import DealState

# The points a side caught by the 6♣ counts as having made, as README.md documents them: the most
# for which that side is written the same as when caught (4: nizhny 1–30, kozly24 below 30).
CAUGHT_POINTS = {"nizhny": 30, "kozly24": 29}


def _final_points(state: DealState, team: int) -> int:
    """The mover's side's points at the end of a line, a catch scored as the solver scores it."""
    if state.caught is not None:
        cp = CAUGHT_POINTS[state.rules.name]
        return cp if state.caught == team else 120 - cp
    return state.points[team]


@pytest.mark.parametrize(("preset", "points"), sorted(CAUGHT_POINTS.items()))
def test_caught_points_are_the_most_points_written_as_the_catch_is(preset: str,
                                                                   points: int) -> None:
    rules = find_rules(preset)
    assert caught_points(rules) == points
    caught = deal_result(rules, (70, 50), (3, 2), caught=Team.NS)
    assert caught.written == (4, 0)   # the side that played the Q♣, whatever its points
    assert deal_result(rules, (points, 120 - points), (3, 3)).written == caught.written
    assert deal_result(rules, (points + 1, 119 - points), (3, 3)).written != caught.written


def _minimax(state: DealState, team: int) -> int:
    if state.is_over:
        return _final_points(state, team)
    maximise = state.to_move.team == team
    values = []
    for card in state.legal_plays():
        state.play(card)
        values.append(_minimax(state, team))
        state.undo()
    return max(values) if maximise else min(values)


def _endgame(preset: str, seed: int, cards_left: int) -> DealState:
    rng = random.Random(seed)
    state = DealState.deal(find_rules(preset), dealer=Seat(seed % 4), rng=rng)
    state.required_lead = None
    target = rng.randint(0, 3)
    while not state.is_over and (
        state.hands[state.to_move].bit_count() > cards_left or len(state.trick) < target
    ):
        if state.hands[state.to_move].bit_count() <= cards_left and len(state.trick) >= target:
            break
        state.play(rng.choice(sorted(state.legal_plays())))
    return state


@pytest.mark.parametrize("preset", ["classic", "nizhny", "kozly24"])
def test_solver_values_follow_the_preset_rules(preset: str) -> None:
    checked = 0
    for seed in range(200):
        state = _endgame(preset, seed, cards_left=2 + seed % 2)
        if state.is_over:
            continue
        position = Position.from_state(state)
        analysis = solve(position, backend="python", outcomes=False)
        team = state.to_move.team
        for card in state.legal_plays():
            state.play(card)
            expected = _minimax(state, team)
            state.undo()
            assert analysis.values[card] == expected, (preset, seed, card, position.to_json())
        checked += 1
        if checked == 25:
            break
    assert checked == 25


def test_nizhny_catch_ends_the_deal_and_writes_four_on_the_queen_side() -> None:
    position = Position.from_json({
        "rules": "nizhny",
        "hands": {"N": "QC AS", "E": "6C 7S", "S": "AH 9D", "W": "TH 8S"},
        "leader": "E", "taken": {"NS": [50, 4], "EW": [35, 3]},
    })
    analysis = solve(position, backend="python")
    outcome = analysis.outcomes[analysis.best[0]]
    assert outcome.winner is not None and outcome.winner.name == "EW"
    assert outcome.value == 4
    assert [c.token for c in analysis.pv][-4:] == ["QC", "6C", "AH", "TH"]


def test_a_trick_that_completes_the_catch_is_not_a_trick_towards_a_sweep() -> None:
    """Whether a side takes every trick (in nizhny a side with no trick is written 6): the
    trick in which E's 6♣ catches N's Q♣ ends the deal, so E–W, who win that trick and would win
    the last one, have not swept; the same cards without the catch are a sweep."""
    from kozel_tutor.cards import Card
    from kozel_tutor.seats import Team
    from kozel_tutor.solver import _takes_every_trick, deal_of
    from kozel_tutor.solver.python_solver import PythonBackend

    swept = []
    for north, east, trick in (("7C", "JC", ["QC", "6C", "KC"]), ("8C", "QC", ["7C", "JC", "KC"])):
        position = Position.from_json({
            "rules": "nizhny", "hands": {"N": north, "E": east, "S": "8S", "W": "AC 9S"},
            "leader": "N", "trick": trick, "taken": {"NS": [0, 0], "EW": [100, 7]},
        })
        swept.append(_takes_every_trick(PythonBackend(), deal_of(position),
                                        Card.parse("AC").index, Team.EW))
    assert swept == [False, True]
