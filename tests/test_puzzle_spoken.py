"""What the puzzle player gives the widget to read out and to show for the keyboard: the position
of each puzzle put on screen, each hint, the verdict, each card of the line; the keys line for
what is on screen; a name for every column of the answer table.  In both languages."""

from __future__ import annotations

from typing import Any

import pytest

from kozel_tutor.puzzles.model import Puzzle, load_catalogue
from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
from kozel_tutor.puzzles.student_sets import FirstAnswer
from kozel_tutor.puzzles.themes import current_hint
from kozel_tutor.puzzles.variants import goal_text

PY = "python"


def _endings(n: int = 2) -> list[Puzzle]:
    """Three-card endings with hints and a card that is not an answer."""
    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}
    return sorted((p for p in unique.values() if p.cards == 3 and p.variant == "standard"
                   and p.hints and len(p.position.to_state().legal_plays()) > len(p.answers)),
                  key=lambda p: (p.rating, p.id))[:n]


def _wrong(puzzle: Puzzle) -> str:
    return next(c.token for c in puzzle.position.to_state().legal_plays()
                if c not in puzzle.answers)


def _spoken(player: PuzzlePlayer) -> tuple[int, str]:
    spoken: dict[str, Any] = player.view()["spoken"]
    return spoken["count"], spoken["text"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_each_puzzle_put_on_screen_says_its_position_and_each_hint_is_said(lang: str) -> None:
    first, second = _endings()
    player = PuzzlePlayer(SetQueue([first, second]), lang=lang, backend=PY)
    n, text = _spoken(player)
    trumps = {"ru": "Козыри: ", "en": "Trumps: "}[lang] + first.position.trump.name_in(lang)
    assert text == " ".join([{"ru": "Концовка: 3 карты.", "en": "Ending: 3 cards."}[lang],
                             first.story.get(lang), f"{trumps}."])
    assert first.goal.text(lang) in text

    player.handle({"type": "hint"})
    hint = current_hint(first.hints[0], first.position).get(lang)
    assert _spoken(player) == (n + 1, {"ru": "Подсказка 1: ", "en": "Hint 1: "}[lang] + hint)
    # a switch of the language says the hint again, once, in the new language
    other = "en" if lang == "ru" else "ru"
    player.set_lang(other)
    said = {"ru": "Подсказка 1: ", "en": "Hint 1: "}[other]
    hint = current_hint(first.hints[0], first.position).get(other)
    assert _spoken(player) == (n + 2, said + hint)
    player.set_lang(other)   # the same language: nothing new
    assert _spoken(player)[0] == n + 2
    player.set_lang(lang)   # and back: said again in it
    assert _spoken(player) == (n + 3, {"ru": "Подсказка 1: ", "en": "Hint 1: "}[lang]
                               + current_hint(first.hints[0], first.position).get(lang))

    player.handle({"type": "play", "card": _wrong(first)})
    view = player.view()
    assert view["spoken"]["count"] == n + 4
    assert view["spoken"]["text"].startswith(view["feedback"]["text"])
    player.handle({"type": "next"})
    n, text = _spoken(player)
    assert second.story.get(lang) in text
    player.handle({"type": "play", "card": _wrong(second)})
    player.handle({"type": "retry"})                # a retry says the position again
    assert _spoken(player) == (n + 2, text)
    player.handle({"type": "play", "card": _wrong(second)})
    player.handle({"type": "next"})
    assert _spoken(player)[1] == {"ru": "Набор решён: верно 0 из 2.",
                                  "en": "Set finished: 0 of 2 right."}[lang]


def test_a_puzzle_answered_before_says_its_position_and_then_its_verdict() -> None:
    puzzle = _endings(1)[0]
    answer = min(puzzle.answers, key=lambda c: c.index)
    given = {puzzle.id: FirstAnswer(card=answer, seconds=3.0, hints=0, at=0.0)}
    player = PuzzlePlayer(SetQueue([puzzle]), lang="ru", backend=PY, given=given)
    view = player.view()
    text = view["spoken"]["text"]
    assert text.startswith(f"{puzzle.title.ru}. {puzzle.story.ru}")
    assert text.index(puzzle.story.ru) < text.index(view["feedback"]["text"])
    assert text.endswith("засчитан первый ответ. «Ещё раз» — решить её снова: засчитанный "
                         "ответ не изменится.")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_card_of_the_line_and_every_trick_taken_has_words(lang: str) -> None:
    puzzle = _endings(1)[0]
    player = PuzzlePlayer(SetQueue([puzzle]), lang=lang, backend=PY)
    player.handle({"type": "play", "card": _wrong(puzzle)})
    line = player.view()["line"]
    trick = line["tricks"][0]
    mine = next(p for p in trick["plays"] if not p["shown"])
    assert mine["said"] == {"ru": "Вы: ", "en": "You: "}[lang] + next(
        c for c in puzzle.position.to_state().legal_plays()
        if c.token == mine["card"]).name_in(lang) + "."
    caption = trick["caption"]
    assert trick["said"] == caption[:1].upper() + caption[1:] + "."
    assert all(p["said"].endswith(".") for t in line["tricks"] for p in t["plays"])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_keys_line_names_the_keys_of_what_is_on_screen(lang: str) -> None:
    puzzle = _endings(1)[0]
    player = PuzzlePlayer(SetQueue([puzzle]), lang=lang, backend=PY)
    assert player.view()["keys"] == {
        "ru": "Клавиши: Tab или ← → — выбрать карту, Enter — сыграть её, H — подсказка.",
        "en": "Keys: Tab or ← → chooses a card, Enter plays it, H asks for a hint."}[lang]
    for _ in puzzle.hints:
        player.handle({"type": "hint"})
    assert player.view()["keys"] == "", "no hint left: nothing beyond the cards' own keys"
    player.handle({"type": "play", "card": _wrong(puzzle)})
    assert player.view()["keys"] == {
        "ru": "Клавиши: N — следующая задача, R — ещё раз, → — следующая карта розыгрыша.",
        "en": "Keys: N opens the next puzzle, R tries again, → shows the next card of the "
              "line."}[lang]


@pytest.mark.parametrize(("lang", "heads"), [
    ("ru", ["Карта", "Очки", "Итог раздачи", "Пояснение"]),
    ("en", ["Card", "Points", "Deal result", "Explanation"]),
])
def test_every_column_of_the_answer_table_has_a_name(lang: str, heads: list[str]) -> None:
    labels = PuzzlePlayer(SetQueue(_endings(1)), lang=lang, backend=PY).view()["labels"]
    assert [labels[k] for k in ("cards", "points", "result", "why")] == heads


def test_a_story_that_does_not_say_the_goal_is_followed_by_it() -> None:
    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}
    puzzle = next(p for p in sorted(unique.values(), key=lambda p: p.id)
                  if goal_text(p.goal, p.position.rules, "ru") not in p.story.ru)
    view = PuzzlePlayer(SetQueue([puzzle]), lang="ru", backend=PY).view()
    goal = view["header"]["goal"]
    assert f"{puzzle.story.ru} Цель: {goal}" in view["spoken"]["text"]
