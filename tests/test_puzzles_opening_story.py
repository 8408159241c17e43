"""An opening-lead puzzle's story under nizhny and kozly24 (RULES.md §2.2, §2.3: the first deal
opens with the A♦, its holder must lead it) is a later deal's: the lead there is free.  Where the
A♦ is itself the answer the story does not name it, or it would read as the forced first lead."""

from __future__ import annotations

import random

import pytest

from kozel_tutor.cards import Card
from kozel_tutor.puzzles.generate import _story, sample_position
from kozel_tutor.puzzles.model import Goal, View, catalogue_dir, load_set
from kozel_tutor.rules import find_rules

LATER = {"en": "Not the first deal of the match (that one opens with the ace of diamonds); you "
               "lead.",
         "ru": "Это не первая раздача партии (первую открывает туз бубен); заходите вы."}
LATER_FREE = {"en": "Not the first deal of the match; you lead.",
              "ru": "Это не первая раздача партии; заходите вы."}
NEW = {"en": "A new deal: you lead to the first trick.", "ru": "Новая раздача, первый заход ваш."}
ACE_OF_DIAMONDS = Card.parse("AD")


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
def test_nizhny_and_kozly24_an_opening_lead_whose_answer_is_the_ace_of_diamonds_does_not_name_it(
        variant: str) -> None:
    position = sample_position(random.Random(5), "open", rules=find_rules(variant))
    story = _story(position, Goal.MAX_POINTS, View.DOUBLE_DUMMY, {ACE_OF_DIAMONDS})
    assert LATER_FREE["en"] in story.en and LATER_FREE["ru"] in story.ru
    assert "diamonds" not in story.en and "бубен" not in story.ru and "♦" not in story.en


def test_no_opening_story_writes_a_card_as_its_symbol_in_prose() -> None:
    for variant in ("nizhny", "kozly24"):
        position = sample_position(random.Random(5), "open", rules=find_rules(variant))
        story = _story(position, Goal.MAX_POINTS, View.DOUBLE_DUMMY)
        assert "Т♦" not in story.ru and "A♦" not in story.en


@pytest.mark.parametrize("variant", ["nizhny", "kozly24"])
def test_nizhny_and_kozly24_catalogue_opening_leads_are_later_deals(variant: str) -> None:
    puzzles = load_set(catalogue_dir() / "catalogue" / f"variant-{variant}.json").puzzles
    openings = [p for p in puzzles if not p.position.trick and not sum(p.position.taken_tricks)]
    assert openings
    for puzzle in openings:
        words = LATER_FREE if ACE_OF_DIAMONDS in puzzle.answers else LATER
        assert words["en"] in puzzle.story.en and words["ru"] in puzzle.story.ru, puzzle.id
        assert puzzle.story == _story(puzzle.position, puzzle.goal, puzzle.view,
                                      puzzle.answers), puzzle.id
    assert any(ACE_OF_DIAMONDS in p.answers for p in openings)
