"""Lessons 13–15 (the regional games) teach each rule before a task needs it, in the app's own
words: «втёмную» as the app asks for a face-down card, «туза масти, в которую ещё не заходили»
as the ace-dump ban says it, the catch before the trick that shows it, the A♦ of the first deal."""

from __future__ import annotations

from kozel_tutor.cards import Card
from kozel_tutor.i18n import Message
from kozel_tutor.lessons import load_lesson
from kozel_tutor.lessons.model import ExplainStep, Lesson, TrickWinnerTask
from kozel_tutor.rules import find_rules
from kozel_tutor.variants import questions  # noqa: F401  (registers the boast questions' words)

REGIONAL = ("13_classic", "14_nizhny", "15_kozly24")
SIX, QUEEN = Card.parse("6C"), Card.parse("QC")


def _texts(lesson: Lesson) -> list[str]:
    return [s.text.ru for s in lesson.steps if isinstance(s, ExplainStep)]


def test_regional_lessons_say_face_down_as_the_app_does() -> None:
    app_word = "втёмную"
    assert app_word in Message("q_lay_lead").text("ru")
    texts = [t for lid in REGIONAL for t in _texts(load_lesson(lid))]
    assert not [t for t in texts if "в закрытую" in t]
    assert sum(app_word in t for t in texts) >= 2       # the pants lead and the passed trump


def test_the_ace_dump_ban_message_and_lesson_13_name_the_suit_alike() -> None:
    phrase = "в которую"
    message = Message("ace_dump_ban").text("ru")
    assert f"туза масти, {phrase} ещё не заходили" in message
    (rule,) = [t for t in _texts(load_lesson("13_classic")) if "сносить туза" in t]
    assert phrase in rule and "с которой" not in message


def _catch_trick(step: object) -> bool:
    """A trick where the 6♣ and the Q♣ come from opposite sides."""
    if not isinstance(step, TrickWinnerTask) or not {SIX, QUEEN} <= set(step.trick):
        return False
    seat = {card: step.leader.offset(i) for i, card in enumerate(step.trick)}
    return seat[SIX].team != seat[QUEEN].team


def test_nizhny_teaches_the_catch_before_the_trick_that_shows_it() -> None:
    lesson = load_lesson("14_nizhny")
    shown = next(i for i, step in enumerate(lesson.steps) if _catch_trick(step))
    taught = [i for i, step in enumerate(lesson.steps)
              if isinstance(step, ExplainStep) and "ловит" in step.text.ru
              and "catches" in step.text.en]
    assert taught and taught[0] < shown
    assert find_rules("nizhny").catch


def test_nizhny_goal_lists_as_many_rules_as_it_says_and_the_catch_among_them() -> None:
    goal = load_lesson("14_nizhny").goal
    head, rules_ru = goal.ru.split(":", 1)
    assert head.endswith("четыре правила") and len(rules_ru.split(";")) == 4
    assert goal.en.startswith("Remember four rules:") and len(goal.en.split(";")) == 4
    assert "ловит даму треф" in goal.ru and "catches the other side's queen of clubs" in goal.en


def test_kozly24_tells_that_the_first_deal_opens_with_the_card_the_preset_forces() -> None:
    rules = find_rules("kozly24")
    assert rules.lead_that_card and rules.first_lead == "holder:AD"
    card = Card.parse(rules.first_lead.removeprefix("holder:"))
    lesson = load_lesson("15_kozly24")
    steps = [s for s in lesson.steps if isinstance(s, ExplainStep)
             and "Первую раздачу партии" in s.text.ru]
    assert len(steps) == 1
    assert f"у кого {card.name_in('ru')}" in steps[0].text.ru
    assert f"holds the {card.name_in('en')}: they lead it" in steps[0].text.en
