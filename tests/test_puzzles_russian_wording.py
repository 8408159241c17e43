"""The Russian proofreader's notes on the puzzles' words: the stored catalogue and the words that
build it say «Спаситесь», «сторона» (not «пара») for a side, a present «пишут» throughout, a
natural hint for an empty card, «Первый заход: тема» with the theme from a small letter, the
lessons' «Шамок ловит шамку», no «майнер»; the teacher's goal column reads alike in every
variant and an answer of two cards reads «Д♣ или Д♠»; the refresh of a set file rewrites the
catalogue's own words and keeps a curated set's order."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kozel_tutor.cards import Card
from kozel_tutor.i18n import word_list
from kozel_tutor.puzzles.explain import card_report
from kozel_tutor.puzzles.generate import main
from kozel_tutor.puzzles.model import (
    Goal,
    Puzzle,
    PuzzleSet,
    Text,
    catalogue_dir,
    load_catalogue,
    load_set,
    save_set,
)
from kozel_tutor.puzzles.teacher import answer_label, goal_name, puzzle_list
from kozel_tutor.puzzles.texts import GOAL_WORDS
from kozel_tutor.puzzles.themes import (
    EMPTY_CARD_HINT,
    THEMES,
    current_hint,
    theme_definition,
    theme_note,
    worth_hint,
)
from kozel_tutor.puzzles.variants import goal_text, goal_threshold, variant_label
from kozel_tutor.puzzles.verify import analyse
from kozel_tutor.rules import find_rules

ROOT = Path(__file__).resolve().parents[1]
SETS = load_catalogue()
PUZZLES: dict[str, Puzzle] = {p.id: p for s in SETS for p in s.puzzles}
PRESETS = ("standard", "classic", "nizhny", "kozly24")

OLD_WORDS = ("Спасайтесь", "у разных пар", "паре с дамой", "Карта стоит 0 очков", "майнер",
             "вы ходите первым", "Шамок ловит даму", "Первый ход", "Лучший ход", "запишут",
             "«На 24 картах»", "равноценна", "заходн")


def _russian_words(puzzle_set: PuzzleSet) -> list[str]:
    words = [puzzle_set.title.ru, puzzle_set.description.ru]
    for puzzle in puzzle_set.puzzles:
        words += [puzzle.title.ru, puzzle.story.ru, *(hint.ru for hint in puzzle.hints)]
    return words


@pytest.mark.parametrize("puzzle_set", SETS, ids=[s.id for s in SETS])
def test_no_stored_puzzle_says_what_the_proofreader_struck_out(puzzle_set: PuzzleSet) -> None:
    for words in _russian_words(puzzle_set):
        assert not [old for old in OLD_WORDS if old in words], words


def test_the_catalogue_says_save_yourselves_in_the_perfective_and_writes_in_the_present() -> None:
    stories = [p.story.ru for p in PUZZLES.values() if p.goal is Goal.SAVE_31]
    assert stories and all("Спаситесь: наберите" in story for story in stories)
    assert any("(соперники пишут 2, а не 4)" in story for story in stories)
    assert any("(вам пишут 2, а не 4)" in story for story in stories)


def test_an_empty_answer_card_is_hinted_as_empty_and_old_stored_hints_read_so_too() -> None:
    empty = [p for p in PUZZLES.values() if EMPTY_CARD_HINT in p.hints]
    assert empty and all(any(c.points == 0 for c in p.answers) for p in empty)
    assert worth_hint(0) == EMPTY_CARD_HINT == Text("Эта карта пустая, в ней 0 очков.",
                                                    "The card is worth 0 points.")
    assert worth_hint(10).ru == "Карта стоит 10 очков."
    old = Text("Карта стоит 0 очков.", "The card is worth 0 points.")
    assert current_hint(old) == EMPTY_CARD_HINT


def test_an_opening_title_is_first_lead_then_the_theme_from_a_small_letter() -> None:
    titles = [p.title for p in PUZZLES.values() if "opening_lead" in p.themes]
    assert titles
    for title in titles:
        ru = re.fullmatch(r"Первый заход: (.+?)(?: · .+)?", title.ru)
        en = re.fullmatch(r"Opening lead: (.+?)(?: · .+)?", title.en)
        assert ru and en, title
        assert ru[1][0].islower() and en[1][0].islower(), title
    assert Text("Первый заход: лучшая карта", "Opening lead: best card") in titles
    assert THEMES["opening_lead"].name.ru == "Первый заход"


def test_the_catch_is_named_as_lesson_14_names_it_and_its_sides_are_sides() -> None:
    name = THEMES["catch"].name.ru
    assert name == "Шамок ловит шамку"
    lesson = (ROOT / "kozel_tutor" / "data" / "lessons" / "14_nizhny.json").read_text("utf-8")
    assert f"«{name}»" in lesson
    for preset in PRESETS:
        definition = theme_definition("catch", find_rules(preset)).ru
        assert "у разных сторон" in definition and "стороне с дамой пишут" in definition
    catch_stories = [p.story.ru for p in PUZZLES.values()
                     if "Шестёрка и дама треф ещё в игре" in p.story.ru]
    assert catch_stories and all("ещё в игре, у разных сторон: " in s for s in catch_stories)


def test_the_ruff_theme_says_the_suit_led_as_the_lessons_do() -> None:
    assert THEMES["ruff_or_not"].definition.ru.startswith("Карт масти захода у вас нет")


@pytest.mark.parametrize("preset", PRESETS)
def test_every_goal_and_theme_note_writes_in_the_present(preset: str) -> None:
    rules = find_rules(preset)
    words = [goal_text(goal, rules, "ru") for goal in Goal]
    words += [theme_note(theme, "ru", rules) for theme in THEMES]
    assert not [w for w in words if "запишут" in w or "Спасайтесь" in w]
    assert goal_text(Goal.SAVE_31, rules, "ru").startswith("Спаситесь: наберите")


def test_the_24_card_game_is_named_as_a_game_in_stories_and_titles() -> None:
    assert variant_label("kozly24").ru == "Козёл на 24 картах"
    kozly24 = [p for p in PUZZLES.values() if p.variant == "kozly24"]
    assert kozly24 and all(p.story.ru.startswith("Правила — «Козёл на 24 картах».")
                           and p.title.ru.endswith(" · Козёл на 24 картах") for p in kozly24)


def test_the_new_deal_story_does_not_say_who_leads_in_the_masculine() -> None:
    openings = [p for p in PUZZLES.values()
                if p.variant in ("standard", "classic") and "opening_lead" in p.themes]
    assert openings and all("Новая раздача, первый заход ваш." in p.story.ru
                            for p in openings)


def test_catalogue_sets_say_where_their_puzzles_come_from_without_a_miner() -> None:
    catalogue = [s for s in SETS if s.id.startswith("catalogue-")]
    assert len(catalogue) == 8
    for puzzle_set in catalogue:
        assert "сыгранных программой" in puzzle_set.description.ru
        assert "the program played" in puzzle_set.description.en


def test_an_equivalent_card_is_said_to_be_this_card_equal_to_the_others_listed_with_and() -> None:
    assert word_list(["В♦"], "ru") == "В♦"
    assert word_list(["Д♠", "Д♥"], "ru") == "Д♠ и Д♥"
    assert word_list(["J♠", "J♥", "J♦"], "en") == "J♠, J♥ and J♦"
    puzzle = PUZZLES["e5-b19a940e56"]   # any of four jacks
    check = analyse(puzzle.position, puzzle.goal, backend="python")
    text = card_report(check, Card.parse("JC"), backend="python").text
    assert text.ru.endswith("В♣ ничем не хуже: эта карта равноценна В♠, В♥ и В♦.")
    assert text.en.endswith("J♣ is just as good: it is equivalent to J♠, J♥ and J♦.")


def test_the_teachers_goal_column_reads_alike_in_every_variant() -> None:
    seen: dict[tuple[str, Goal], Puzzle] = {}
    for puzzle in PUZZLES.values():
        seen.setdefault((puzzle.variant, puzzle.goal), puzzle)
    assert {variant for variant, _ in seen} == set(PRESETS)
    for (variant, goal), puzzle in seen.items():
        ru, en = goal_name(puzzle, "ru"), goal_name(puzzle, "en")
        assert ru[0].islower() and en[0].islower() and not ru.endswith("."), (variant, ru)
        # the points the goal asks for are the preset's own (30 to save yourselves in kozly24)
        assert ru == GOAL_WORDS[goal.value]["ru"].format(
            n=goal_threshold(goal, puzzle.position.rules)), (variant, goal)
    assert goal_name(seen["kozly24", Goal.SAVE_31], "ru") == "спастись (30)"
    assert goal_name(seen["kozly24", Goal.SAVE_31], "en") == "save yourselves (30)"
    assert goal_name(seen["nizhny", Goal.MAKE_61], "ru") == "выиграть раздачу (61)"


def test_an_answer_of_several_cards_reads_one_or_the_other() -> None:
    puzzle = PUZZLES["e3-bf400cbc3b"]
    assert answer_label(puzzle, "ru") == "В♠ или В♥"
    assert answer_label(puzzle, "en") == "J♠ or J♥"
    assert list(puzzle_list([puzzle], "ru")["Ответ"]) == ["В♠ или В♥"]
    assert answer_label(PUZZLES["e5-b19a940e56"], "ru") == "В♣, В♠, В♥ или В♦"


# -- the refresh of a set file --------------------------------------------------------------

OLD_DESCRIPTION = Text("Задачи, найденные майнером и проверенные решателем.",
                       "Puzzles found by the miner and checked by the solver.")


def _stale(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` as a file stored before the words changed holds it."""
    data = puzzle.to_dict()
    data["title"] = {"ru": "Первый ход: Лучший ход", "en": "old"}
    data["story"] = {"ru": data["story"]["ru"].replace("Спаситесь", "Спасайтесь"),
                     "en": data["story"]["en"]}
    return Puzzle.from_dict(data)


def _three_endings() -> tuple[Puzzle, ...]:
    endings = load_set(catalogue_dir() / "catalogue" / "endings-3.json").puzzles
    return tuple(reversed(endings[:3]))   # the highest rating first: not in rating order


def test_refresh_gives_a_catalogue_file_its_words_and_rating_order(tmp_path: Path) -> None:
    out = tmp_path / "endings-3.json"
    stale = PuzzleSet("catalogue-e3", Text("Концовки", "Endings"), OLD_DESCRIPTION,
                      tuple(_stale(p) for p in _three_endings()))
    save_set(out, stale)
    assert main(["--category", "e3", "--backend", "python", "--out", str(out),
                 "--refresh"]) == 0
    fresh = load_set(out)
    assert fresh.title == Text("Концовки: 3 карты на руке", "Endings: 3 cards in hand")
    assert "майнер" not in fresh.description.ru
    assert [p.id for p in fresh.puzzles] == [p.id for p in reversed(stale.puzzles)]
    assert list(fresh.puzzles) == [PUZZLES[p.id] for p in fresh.puzzles]


def test_refresh_keeps_a_curated_sets_words_and_order(tmp_path: Path) -> None:
    out = tmp_path / "my-set.json"
    stale = PuzzleSet("my-set", Text("Мой набор", "My set"), Text("Своё", "Mine"),
                      tuple(_stale(p) for p in _three_endings()))
    save_set(out, stale)
    assert main(["--category", "e3", "--backend", "python", "--out", str(out),
                 "--refresh"]) == 0
    fresh = load_set(out)
    assert (fresh.title, fresh.description) == (stale.title, stale.description)
    assert [p.id for p in fresh.puzzles] == [p.id for p in stale.puzzles]
    assert list(fresh.puzzles) == [PUZZLES[p.id] for p in fresh.puzzles]


def test_the_curated_sets_hold_the_catalogues_own_refreshed_copies() -> None:
    paths = sorted((catalogue_dir() / "sets").glob("*.json"))
    assert paths
    for path in paths:
        for puzzle in load_set(path).puzzles:
            assert puzzle == PUZZLES[puzzle.id], (path.name, puzzle.id)


# -- the notebooks --------------------------------------------------------------------------

def _markdown_and_code(name: str) -> str:
    cells = json.loads((ROOT / "notebooks" / name).read_text("utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells)


def test_the_teacher_notebook_says_vy_and_side() -> None:
    words = _markdown_and_code("teacher.ipynb")
    assert 'Text("Сберегите десятку", "Keep the ten")' in words
    assert "Сбереги " not in words and "каждой парой" not in words
    assert "взятые каждой стороной" in words


def test_the_puzzles_notebook_names_its_keys_in_russian_too() -> None:
    words = _markdown_and_code("puzzles.ipynb")
    assert "Клавиши: **h** — подсказка, **r** — ещё раз, **n** — следующая задача." in words
    assert "Keys: **h** hint, **r** retry, **n** next." in words
    assert "## Первый заход · Opening leads" in words
