"""How the lessons' feedback reads: cards listed in words («Д♥, В♠ и 7♣», «Т♥ или 7♠» when any
one will do), every wrong answer opened by «Не совсем.», Russian going on in lower case after
«Подсказка:» and «Ответ:», one verb («write») for what a deal writes, short formulas and the
order of the cards kept together on a line, and the titles of one grammatical kind."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

import pytest

from kozel_tutor.cards import Suit
from kozel_tutor.lessons import LessonPlayer, lesson_ids, load_lesson
from kozel_tutor.lessons.checks import answer_kind, check, choices, expected
from kozel_tutor.lessons.model import (
    CardPointsTask,
    CountTrumpsTask,
    DealScoreTask,
    LegalCardTask,
    Task,
    Text,
)
from kozel_tutor.lessons.phrases import mid_sentence
from kozel_tutor.lessons.player import REVEAL_AFTER
from kozel_tutor.lessons.scenes import scene
from kozel_tutor.lessons.verdicts import WRONG

NBSP = "\u00a0"
CARD = r"(?:10|[2-9JQKAВДКТ])[♠♥♦♣]"
TASKS = [(lid, i, step) for lid in lesson_ids()
         for i, step in enumerate(load_lesson(lid).steps) if isinstance(step, Task)]
IDS = [f"{lid}-{i}" for lid, i, _ in TASKS]


def _answers(task: Task) -> list[str]:
    """Every answer the widget offers (and a few numbers around a number's answer)."""
    kind = answer_kind(task)
    if kind == "card":
        return list(scene(task, "en")["clickable"])
    if kind == "choice":
        return [c.value for c in choices(task)]
    if kind == "seat":
        return list("NESW")
    if kind == "suit":
        return list("CSHD")
    right = int(expected(task))
    return [str(n) for n in sorted({0, max(0, right - 1), right, right + 1, 120})]


def _said(task_at: tuple[str, int, Task]) -> Iterator[str]:
    """Everything the lesson shows or reads out about one task, in both languages: each answer's
    verdict, the hint said, the nudge, and the verdict that reveals the answer."""
    lid, index, task = task_at
    for answer in _answers(task):
        yield from (check(task, answer).explanation.get(lang) for lang in ("ru", "en"))
    wrong = next((a for a in _answers(task) if not check(task, a).correct), None)
    for lang in ("ru", "en"):
        player = LessonPlayer(lid, lang=lang, progress=None)
        player.index = index
        player.hint()
        yield player.view()["spoken"]["text"]
        if wrong is None:
            continue
        player = LessonPlayer(lid, lang=lang, progress=None)
        player.index = index
        for _ in range(REVEAL_AFTER):
            player.answer(wrong)
            yield player.view()["feedback"]["text"]
            yield player.view()["spoken"]["text"]


ALL_SAID = {IDS[i]: list(_said(t)) for i, t in enumerate(TASKS)}


# -- 1. lists --------------------------------------------------------------------------------


@pytest.mark.parametrize("task_id", IDS)
def test_no_feedback_lists_cards_with_bare_spaces(task_id: str) -> None:
    for text in ALL_SAID[task_id]:
        assert not re.search(f"{CARD}[ {NBSP}]{CARD}", text), text


def test_the_trumps_of_a_hand_are_listed_with_commas_and_and() -> None:
    task = next(t for t in load_lesson("02_trumps").tasks
                if isinstance(t, CountTrumpsTask) and not t.whole_deck)
    why = check(task, "0").explanation
    assert "Козыри здесь: Д♥, В♠, В♦, 10♣ и 7♣." in why.ru
    assert "The trumps here: Q♥, J♠, J♦, 10♣ and 7♣." in why.en
    nizhny = next(t for t in load_lesson("14_nizhny").tasks if isinstance(t, CountTrumpsTask))
    assert "The trumps here: 6♣, Q♥, J♦ and 7♣." in check(nizhny, "0").explanation.en


def test_a_revealed_legal_card_is_one_card_or_another() -> None:
    player = LessonPlayer("14_nizhny", lang="en", progress=None)
    index, task = next((i, s) for i, s in enumerate(player.lesson.steps)
                       if isinstance(s, LegalCardTask) and not s.first_of_match)
    player.index = index
    for _ in range(REVEAL_AFTER):
        player.answer(next(c.token for c in task.hand if c.token not in expected(task).split()))
    assert player.view()["feedback"]["text"].endswith("The answer: A♥ or 7♠.")
    player.set_lang("ru")
    assert player.view()["feedback"]["text"].endswith("Ответ: Т♥ или 7♠.")


def test_the_suits_never_led_are_listed_in_words() -> None:
    task = next(t for t in load_lesson("13_classic").tasks if isinstance(t, LegalCardTask))
    fresh = dataclasses.replace(task, led=frozenset())
    assert scene(fresh, "ru")["info"] == [
        "Раньше в этой раздаче заходили: —. Ещё ни разу не заходили: трефы и пики."]
    assert scene(dataclasses.replace(task, led=frozenset({Suit.CLUBS, Suit.SPADES})),
                 "en")["info"] == ["Led earlier in this deal: clubs and spades. "
                                   "Never led yet: —."]


# -- 2. wrong answers --------------------------------------------------------------------------


@pytest.mark.parametrize(("lesson_id", "index", "task"), TASKS, ids=IDS)
def test_every_wrong_answer_opens_with_not_quite(lesson_id: str, index: int, task: Task) -> None:
    for answer in _answers(task):
        verdict = check(task, answer)
        if not verdict.correct:
            assert verdict.explanation.ru.startswith(WRONG.ru + " "), (answer, verdict)
            assert verdict.explanation.en.startswith(WRONG.en + " "), (answer, verdict)


def test_a_card_that_breaks_a_rule_is_not_quite_right_like_any_other_wrong_card() -> None:
    task = load_lesson("03_following").tasks[1]   # A♥ 8♥ led; the Q♥ is a trump, not a heart
    assert isinstance(task, LegalCardTask)
    assert check(task, "QH").explanation.ru == (
        "Не совсем. Нужно ходить в масть: дама червей — козырь, а не карта масти червей.")


# -- 3. after a colon ----------------------------------------------------------------------------


# a capital after a colon: a name, a card or a seat's letter may keep it, nothing else
_CAPITAL_AFTER_COLON = re.compile(r": ([А-ЯЁ][а-яё]+)")


@pytest.mark.parametrize("task_id", IDS)
def test_russian_goes_on_in_lower_case_after_a_colon(task_id: str) -> None:
    for text in ALL_SAID[task_id]:
        assert not _CAPITAL_AFTER_COLON.search(text), text


def test_the_hint_and_the_answer_go_on_in_lower_case_after_their_label() -> None:
    player = LessonPlayer("01_table", progress=None)
    player.next()
    player.hint()
    assert player.view()["spoken"]["text"] == "Подсказка: партнёры никогда не сидят рядом."
    assert player.view()["hint"] == "Партнёры никогда не сидят рядом."   # its own box: a capital
    player = LessonPlayer("05_deal", progress=None)
    player.index = 4   # we took no trick: they write 6
    for _ in range(REVEAL_AFTER):
        player.answer("NS:2")
    assert player.view()["feedback"]["text"].endswith("Ответ: они (В–З) пишут 6.")
    player.set_lang("en")
    assert player.view()["feedback"]["text"].endswith("The answer: They (E–W) write 6.")


@pytest.mark.parametrize(("ru", "after"), [
    ("Партнёры никогда не сидят рядом.", "партнёры никогда не сидят рядом."),
    ("В колоде четыре масти.", "в колоде четыре масти."),   # a one-letter preposition
    ("Вы (Ю)", "вы (Ю)"),                                   # «вы» inside a sentence
    ("В (соперник справа)", "В (соперник справа)"),         # a seat's letter
    ("Д♣ старше всех.", "Д♣ старше всех."),                 # a card
    ("С–Ю пишут 2.", "С–Ю пишут 2."),
    ("Нина заходит.", "Нина заходит."),                     # names keep their capital
    ("Фёдору пишут 4.", "Фёдору пишут 4."),
    ("Юг сдаёт.", "Юг сдаёт."),
    ("«Люся» — …", "«Люся» — …"),
    ("31 — на одно очко больше.", "31 — на одно очко больше."),
])
def test_mid_sentence_lowers_only_an_ordinary_first_word(ru: str, after: str) -> None:
    assert mid_sentence(Text(ru, "Keep")) == Text(after, "Keep")


# -- 4. one verb -------------------------------------------------------------------------------


def test_a_deal_writes_rows_with_the_verb_of_the_question() -> None:
    for lid in lesson_ids():
        lesson = load_lesson(lid)
        texts = [lesson.title, lesson.goal] + [
            getattr(step, name) for step in lesson.steps
            for name in ("text", "prompt", "hint", "after") if hasattr(step, name)]
        for task in lesson.tasks:
            texts += [c.label for c in choices(task)]
        assert not [t.en for t in texts if "chalk" in t.en], lid
    task = next(t for t in load_lesson("13_classic").tasks if isinstance(t, DealScoreTask))
    assert "Who writes what?" in task.prompt.en
    labels = [c.label.en for c in choices(task)]
    assert "We (N–S) write 1 row" in labels and "They (E–W) write 2 rows" in labels
    assert "Eggs — nobody writes" in labels


def test_a_penalty_table_asks_who_gets_what_and_its_eggs_give_nobody_anything() -> None:
    task = next(t for t in load_lesson("14_nizhny").tasks if isinstance(t, DealScoreTask))
    labels = {c.value: c.label for c in choices(task)}
    assert "Who gets what?" in task.prompt.en and "Кому сколько пишут?" in task.prompt.ru
    assert labels["eggs"] == Text("Яйца — никому ничего не пишут",
                                  "Eggs — nobody gets anything")


# -- 5. kept together --------------------------------------------------------------------------


@pytest.mark.parametrize("task_id", IDS)
def test_no_line_breaks_inside_a_formula_or_before_a_greater_than(task_id: str) -> None:
    for text in ALL_SAID[task_id]:
        assert not re.search(r" [=×−+>]|[=×−+] ", text), text


def test_the_other_cards_of_a_sum_stay_on_one_line_with_their_zero() -> None:
    task = next(t for t in load_lesson("01_table").tasks
                if isinstance(t, CardPointsTask) and not t.whole_deck and len(t.cards) == 9)
    why = check(task, "31").explanation
    assert why.ru.endswith(f"В♥{NBSP}={NBSP}2, ещё{NBSP}4{NBSP}карты{NBSP}={NBSP}0.")
    assert why.en.endswith(f"J♥{NBSP}={NBSP}2, 4{NBSP}other{NBSP}cards{NBSP}={NBSP}0.")


def test_the_trump_order_breaks_only_after_a_greater_than() -> None:
    task = load_lesson("02_trumps").tasks[0]
    why = check(task, "JC").explanation.ru
    assert f"Порядок козырей: Д♣{NBSP}> Д♠{NBSP}> Д♥{NBSP}> Д♦{NBSP}> В♣" in why


# -- 7. titles ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_no_title_is_an_infinitive_or_a_gerund_beside_the_imperatives(lesson_id: str) -> None:
    """«Считайте козыри», «Вытягивайте козыри», «Боритесь за 31»: advice is an imperative."""
    title = load_lesson(lesson_id).title
    assert not re.match(r"^[А-ЯЁа-яё]+(ть|ться|ти)\b", title.ru), title.ru
    if re.match(r"^[А-ЯЁа-яё]+(те|тесь)\b", title.ru):   # advice in English too: "Fight for 31"
        assert not re.match(r"^[A-Za-z]+ing\b", title.en), title.en
