"""An opening-lead puzzle's story under nizhny and kozly24 (RULES.md §2.2, §2.3: the first deal
opens with the A♦, its holder must lead it) is a later deal's: the lead there is free."""

from __future__ import annotations

import random

import pytest

from kozel_tutor.puzzles.generate import _story, sample_position
from kozel_tutor.puzzles.model import Goal, View, catalogue_dir, load_set
from kozel_tutor.rules import find_rules

LATER = {"en": "A later deal of the match (the first one opens with the A♦): you lead to the "
               "first trick.",
         "ru": "Не первая раздача партии (первая начинается с Т♦): вы ходите первым."}
NEW = {"en": "A new deal: you lead to the first trick.", "ru": "Новая раздача: вы ходите первым."}


@pytest.mark.parametrize("variant", ["nizhny", "kozly24"])
def test_nizhny_and_kozly24_an_opening_lead_puzzle_is_told_as_a_later_deal(variant: str) -> None:
    position = sample_position(random.Random(5), "open", rules=find_rules(variant))
    story = _story(position, Goal.MAX_POINTS, View.DOUBLE_DUMMY)
    assert LATER["en"] in story.en and LATER["ru"] in story.ru
    assert NEW["en"] not in story.en and NEW["ru"] not in story.ru


@pytest.mark.parametrize("variant", ["standard", "classic"])
def test_standard_and_classic_an_opening_lead_puzzle_is_a_new_deal(variant: str) -> None:
    position = sample_position(random.Random(5), "open", rules=find_rules(variant))
    story = _story(position, Goal.MAX_POINTS, View.DOUBLE_DUMMY)
    assert NEW["en"] in story.en and NEW["ru"] in story.ru


@pytest.mark.parametrize("variant", ["nizhny", "kozly24"])
def test_nizhny_and_kozly24_catalogue_opening_leads_are_later_deals(variant: str) -> None:
    puzzles = load_set(catalogue_dir() / "catalogue" / f"variant-{variant}.json").puzzles
    openings = [p for p in puzzles if not p.position.trick and not sum(p.position.taken_tricks)]
    assert openings
    for puzzle in openings:
        assert LATER["en"] in puzzle.story.en and LATER["ru"] in puzzle.story.ru, puzzle.id
        assert puzzle.story == _story(puzzle.position, puzzle.goal, puzzle.view), puzzle.id
