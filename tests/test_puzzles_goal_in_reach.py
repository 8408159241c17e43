"""A puzzle's story never asks for card points the learner's side can no longer make.

Under the catch (RULES.md §2.2, §2.3) a deal can be won without the points: the 6♣ catching the
opponents' Q♣ ends it at once.  Where the points target is out of reach and the catch is live,
the goal says that the catch is what wins (nizhny-e4-c0d4b364d2: 0 points taken, the opponents
73, only 47 left in play)."""

from __future__ import annotations

from kozel_tutor.position import Position
from kozel_tutor.puzzles.generate import _story, refresh
from kozel_tutor.puzzles.model import Puzzle, load_catalogue
from kozel_tutor.puzzles.variants import goal_text, goal_threshold

PUZZLES: list[Puzzle] = [p for s in load_catalogue() for p in s.puzzles]
CAUGHT_GOAL = {"ru": "Выиграйте раздачу: набрать 61 уже нельзя — поймайте даму треф шестёркой "
                     "(соперникам пишут 4).",
               "en": "Win the deal: 61 is out of reach, so catch the Q♣ with the 6♣ (the "
                     "opponents are written 4)."}


def _most_points(position: Position) -> int:
    """What the learner's side has taken plus every card point still in hands or on the table."""
    in_play = [c for hand in position.hands for c in hand] + list(position.trick)
    return position.taken_points[position.to_move.team] + sum(c.points for c in in_play)


def _asks_for_points(puzzle: Puzzle) -> bool:
    rules = puzzle.position.rules
    return (goal_threshold(puzzle.goal, rules) is not None
            and goal_text(puzzle.goal, rules, "ru") in puzzle.story.ru)


def test_no_catalogue_story_asks_for_a_points_target_the_points_left_cannot_reach() -> None:
    asking = [p for p in PUZZLES if _asks_for_points(p)]
    assert len(asking) > 100
    out_of_reach = [p.id for p in asking
                    if _most_points(p.position) < (goal_threshold(p.goal, p.position.rules) or 0)]
    assert out_of_reach == []


def _puzzle(puzzle_id: str) -> Puzzle:
    (puzzle,) = [p for p in PUZZLES if p.id == puzzle_id]
    return puzzle


def test_nizhny_make_61_out_of_reach_says_the_catch_wins_the_deal() -> None:
    puzzle = _puzzle("nizhny-e4-c0d4b364d2")
    assert _most_points(puzzle.position) == 47
    assert CAUGHT_GOAL["ru"] in puzzle.story.ru and CAUGHT_GOAL["en"] in puzzle.story.en
    assert "наберите 61" not in puzzle.story.ru and "make 61" not in puzzle.story.en
    assert puzzle.story == _story(puzzle.position, puzzle.goal, puzzle.view, puzzle.answers)


def test_where_the_catch_wins_the_title_themes_and_first_hint_are_the_catch() -> None:
    puzzle = _puzzle("nizhny-e4-c0d4b364d2")
    assert puzzle.themes[0] == "catch"
    assert not {"make_61", "make_90"} & set(puzzle.themes)
    assert "61" not in puzzle.title.ru + puzzle.title.en
    assert "61" not in puzzle.hints[0].ru + puzzle.hints[0].en
    assert puzzle == refresh(puzzle)
