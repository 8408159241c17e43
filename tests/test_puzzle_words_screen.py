"""What a puzzle's screen says, once and in full, in both languages: the goal once (the story
on screen leaves it to the goal box), the first verdict naming the better cards while the
solver works out why, a drill titled as a position from the learner's own game (not an
"ending" of 8 cards), the variant on its badge only, the Hint button telling why a first try
will not move the rating, and one style of quote marks in the English texts.

A tester met «…Наберите как можно больше очков. Все карты открыты.» followed 40 px lower by
«Цель: Наберите как можно больше очков.», «Это не лучшая карта. → Д♣ Д♠» for a second and a
half, «Концовка: 8 карт» over a drill, and «Подсказка 1» with no word of the rating in a
teacher's set whose answers moved it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app import puzzles_section
from kozel_tutor.app.puzzles_view import _TEXT, menu_view
from kozel_tutor.app.sections import SECTIONS
from kozel_tutor.cards import Card
from kozel_tutor.i18n import word_list
from kozel_tutor.position import Position
from kozel_tutor.puzzles.model import Puzzle, PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.player import _LABELS, PuzzlePlayer, SetQueue
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.puzzles.teacher import ResultsSheet
from kozel_tutor.puzzles.variants import goal_text
from kozel_tutor.puzzles.verify import QUICK_CARDS

PY = "python"
UNIQUE = sorted({p.id: p for s in load_catalogue() for p in s.puzzles}.values(),
                key=lambda p: (p.rating, p.id))


def _with_a_miss(cards: int, variant: str = "standard") -> Puzzle:
    return next(p for p in UNIQUE if p.cards == cards and p.variant == variant
                and len(p.position.to_state().legal_plays()) > len(p.answers))


def _wrong(puzzle: Puzzle) -> str:
    return next(c.token for c in puzzle.position.to_state().legal_plays()
                if c not in puzzle.answers)


def _names(cards: frozenset[Card] | set[Card], lang: str) -> list[str]:
    return [c.name_in(lang) for c in sorted(cards, key=lambda c: c.index)]


# -- the goal, said once ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_story_on_screen_leaves_the_goal_to_its_box_and_is_read_out_whole(lang: str) -> None:
    puzzle = _with_a_miss(3)
    goal = goal_text(puzzle.goal, puzzle.position.rules, lang)
    assert goal in puzzle.story.get(lang)
    view = PuzzlePlayer(SetQueue([puzzle]), lang=lang, backend=PY).view()
    header = view["header"]
    assert header["goal"] == goal
    assert goal not in header["story"] and "  " not in header["story"]
    assert header["story"] == " ".join(puzzle.story.get(lang).replace(goal, "").split())
    # a screen reader hears the story as written, the goal in it, once
    assert puzzle.story.get(lang) in view["spoken"]["text"]
    assert view["spoken"]["text"].count(goal) == 1


# -- the first verdict, while the solver works --------------------------------------------------

def _views_while_thinking(player: PuzzlePlayer, card: str) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    player.on_change(lambda: seen.append(player.view()) if player.thinking else None)
    assert player.handle({"type": "play", "card": card})
    return seen


@pytest.mark.parametrize(("lang", "wrong", "better", "working"), [
    ("ru", "Это не лучшая карта.", "Лучше: ", "Считаем, почему…"),
    ("en", "Not the best card.", "Better: ", "Working out why…")])
def test_a_miss_names_the_better_cards_while_the_solver_works_out_why(
        lang: str, wrong: str, better: str, working: str) -> None:
    puzzle = _with_a_miss(3)
    player = PuzzlePlayer(SetQueue([puzzle]), lang=lang, backend=PY)
    thinking = _views_while_thinking(player, _wrong(puzzle))
    assert thinking, "the screen is drawn while the solver works"
    text = thinking[0]["feedback"]["text"]
    cards = word_list(_names(puzzle.answers, lang), lang, either=True)
    assert text == f"{wrong} {better}{cards}. {working}"
    assert "→" not in text
    final = player.view()["feedback"]["text"]
    assert final.startswith(wrong) and working not in final


@pytest.mark.parametrize(("lang", "right", "working"), [
    ("ru", "Верно!", "Считаем, что даёт каждая карта…"),
    ("en", "Right!", "Working out what each card gives…")])
def test_a_right_answer_says_so_and_that_the_values_are_coming(
        lang: str, right: str, working: str) -> None:
    puzzle = _with_a_miss(3)
    answer = min(puzzle.answers, key=lambda c: c.index)
    player = PuzzlePlayer(SetQueue([puzzle]), lang=lang, backend=PY)
    text = _views_while_thinking(player, answer.token)[0]["feedback"]["text"]
    assert text.startswith(f"{right} ") and text.endswith(working)
    for other in _names(set(puzzle.answers) - {answer}, lang):
        assert other in text


def test_without_the_fast_solver_the_verdict_names_the_better_cards_in_words() -> None:
    puzzle = next(p for p in UNIQUE if p.cards > QUICK_CARDS and p.variant == "standard"
                  and len(p.position.to_state().legal_plays()) > len(p.answers))
    player = PuzzlePlayer(SetQueue([puzzle]), lang="ru", backend=PY)
    assert not player.full_analysis
    assert player.handle({"type": "play", "card": _wrong(puzzle)})
    text = player.view()["feedback"]["text"]
    cards = word_list(_names(puzzle.answers, "ru"), "ru", either=True)
    assert text == f"Это не лучшая карта. Лучше: {cards}."
    assert "Считаем" not in text and "→" not in text


# -- the titles ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "ending", "drill", "opening"), [
    ("ru", "Концовка: 3 карты", "Из вашей партии: 3 карты на руке",
     "Из вашей партии: первый заход"),
    ("en", "Ending: 3 cards", "From your game: 3 cards in hand",
     "From your game: the opening lead")])
def test_a_drill_is_titled_as_a_position_from_the_learners_game(
        lang: str, ending: str, drill: str, opening: str) -> None:
    puzzle = _with_a_miss(3)
    lead = next(p for p in UNIQUE if p.position.cards_per_hand == p.position.rules.hand_size
                and not p.position.trick)
    drills = [replace(puzzle, id=f"drill-{puzzle.id}"), replace(lead, id=f"drill-{lead.id}")]
    player = PuzzlePlayer(SetQueue([puzzle, *drills]), lang=lang, backend=PY)
    titles = []
    for _ in range(3):
        titles.append(player.view()["header"]["title"])
        player.advance()
    assert titles == [ending, drill, opening]


def test_an_eight_card_drill_is_no_ending() -> None:
    lead = next(p for p in UNIQUE if p.variant == "standard"
                and p.position.cards_per_hand == p.position.rules.hand_size)
    state = lead.position.to_state()
    for _ in range(4):   # one trick played: eight cards left in each hand
        state.play(min(state.legal_plays(), key=lambda c: c.index))
    eight = replace(lead, id="drill-eight", position=Position.from_state(state))
    assert eight.position.cards_per_hand == 8
    titles = [PuzzlePlayer(SetQueue([eight]), lang=lang, backend=PY).view()["header"]["title"]
              for lang in ("ru", "en")]
    assert titles == ["Из вашей партии: 8 карт на руке", "From your game: 8 cards in hand"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_variant_is_named_on_its_badge_not_again_in_the_title(lang: str) -> None:
    puzzle = _with_a_miss(3, "nizhny")
    player = PuzzlePlayer(SetQueue([puzzle]), lang=lang, backend=PY)
    header = player.view()["header"]
    label = header["variant_label"]
    assert label and label not in header["title"]
    assert player.handle({"type": "play", "card": _wrong(puzzle)})
    answered = player.view()["header"]["title"]
    assert puzzle.title.get(lang) == f"{answered} · {label}"


# -- the Hint button and the rating -------------------------------------------------------------

def test_a_first_try_the_rating_will_not_count_says_so_on_the_hint_button(
        tmp_path: Path) -> None:
    puzzle, fresh = _with_a_miss(3), _with_a_miss(4)
    progress = Progress(tmp_path / "progress.sqlite3")
    practice = PuzzlePlayer(SetQueue([puzzle]), lang="ru", progress=progress, backend=PY)
    assert practice.handle({"type": "play", "card": _wrong(puzzle)})
    rating = progress.learner_rating().rating
    # the same puzzle in a teacher's set the same day: its answer will not move the rating
    sheet = ResultsSheet.for_set("Аня", _set_of([puzzle, fresh]), "ru")
    homework = PuzzlePlayer(SetQueue([puzzle, fresh]), lang="ru", progress=progress,
                            sheet=sheet, set_id="homework", backend=PY)
    assert homework.view()["hint_button"] == (
        "Подсказка 1 (задача решалась недавно: рейтинг не изменится)")
    homework.set_lang("en")
    assert homework.view()["hint_button"] == (
        "Hint 1 (you tried this puzzle lately: the rating will not change)")
    homework.set_lang("ru")
    assert homework.handle({"type": "play", "card": _wrong(puzzle)})
    assert progress.learner_rating().rating == rating
    assert homework.view()["note"] == "Повторная попытка: рейтинг не меняется."
    # a puzzle the rating counts says the hint's cost, in a teacher's set as in the catalogue
    assert homework.handle({"type": "next"})
    assert homework.view()["hint_button"] == (
        "Подсказка 1 (верный ответ даст на 25% меньше рейтинга)")
    # without ratings at all, the button says nothing of them
    assert PuzzlePlayer(SetQueue([puzzle]), lang="ru", backend=PY).view()["hint_button"] == (
        "Подсказка 1")


def _set_of(puzzles: list[Puzzle]) -> PuzzleSet:
    return PuzzleSet("homework", Text("Домашка", "Homework"), puzzles=tuple(puzzles))


# -- one style of quote marks in English ------------------------------------------------------

def _english_texts() -> list[str]:
    tables: list[dict[str, dict[str, str]]] = [_TEXT, _LABELS]
    texts = [t["en"] for table in tables for t in table.values()]
    for section in SECTIONS.values():
        if section.open.__module__ == puzzles_section.__name__:
            texts += [section.title["en"], section.hint["en"]]
    return texts


def test_the_english_texts_of_the_puzzles_screens_use_curly_quotes() -> None:
    texts = _english_texts()
    assert len(texts) > 50
    assert [t for t in texts if '"' in t] == []
    subtitle = menu_view({}, [], "en", theme="any", rating=1500, errors=[])["subtitle"]
    assert subtitle.startswith("“What card would you play?”")
