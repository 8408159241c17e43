"""A beginner's reading of the lessons: what a step says is true of its cards, and no word is
used before it is explained.

- lesson 11's "out of spades" endgame: the player the prompt names is the only one out of the
  suit, it is he who trumps the ace, and the feedback names the cards of that trick;
- the classic «люся» is explained at or before the first step that offers it as an answer;
- lesson 6 says that «козёл» means a goat;
- the strategy words the hints use (plain suit, void, showed out, cash, emptiest, ruff) are
  explained where a lesson first uses them;
- lesson 14's remark after the trump-lead task names every trump of the hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from kozel_tutor.cards import Card, Suit
from kozel_tutor.lessons import lesson_ids, load_lesson
from kozel_tutor.lessons.checks import check, choices, expected
from kozel_tutor.lessons.endgame import _given_away, _report
from kozel_tutor.lessons.model import (
    BestCardTask,
    DealScoreTask,
    ExplainStep,
    LegalCardTask,
    Step,
    Task,
    Text,
)
from kozel_tutor.lessons.phrases import cards_list
from kozel_tutor.puzzles.explain import _turning_trick
from kozel_tutor.seats import Seat, Team

COUNTS = {1: ("one", "один"), 2: ("two", "два"), 3: ("three", "три"), 4: ("four", "четыре")}


def _out_of_spades_task() -> BestCardTask:
    """Lesson 11's second endgame: an opponent who is out of spades."""
    task = load_lesson("11_aces").tasks[-1]
    assert isinstance(task, BestCardTask) and task.position is not None
    return task


def _plain(task: Task, card: Card, suit: Suit) -> bool:
    return card.suit is suit and not task.order.is_trump(card)


def test_lesson_11_only_the_player_named_out_of_spades_is_out_of_them() -> None:
    task = _out_of_spades_task()
    assert task.position is not None
    hands = task.position.hands
    out = {seat for seat in Seat if seat is not Seat.S
           and not any(_plain(task, c, Suit.SPADES) for c in hands[seat])}
    assert out == {Seat.W}
    assert "W showed out of spades" in task.prompt.en and "пик у него больше нет" in task.prompt.ru
    assert "W " in task.prompt.en and "соперник слева (З)" in task.prompt.ru
    # the others still have spades, and the prompt says so
    assert "Your partner and E still have spades" in task.prompt.en
    assert "У партнёра и соперника справа (В) пики ещё есть" in task.prompt.ru
    # everyone must follow hearts: the suit to cash the ace in
    assert all(any(_plain(task, c, Suit.HEARTS) for c in hands[seat]) for seat in Seat)
    # the number of W's trumps, as the prompt says it
    en, ru = COUNTS[sum(task.order.is_trump(c) for c in hands[Seat.W])]
    assert f"holds {en} trumps" in task.prompt.en and f"есть {ru} козыря" in task.prompt.ru


def test_lesson_11_the_ace_led_into_the_void_is_trumped_by_that_player() -> None:
    task = _out_of_spades_task()
    ace = Card.parse("AS")
    trick = _report(task, ace).tricks[0]
    assert trick.winner is Seat.W and task.order.is_trump(trick.winning_card)
    lost = [c for seat, c in trick.plays if seat.team is Team.NS and c.points]
    best = Card.parse(expected(task))
    assert best == Card.parse("AH")
    assert set(_given_away(task, ace, best)) == set(lost) == {ace}
    verdict = check(task, "AS").explanation
    assert "the opponents take this trick" in verdict.en
    named = cards_list(sorted(lost, key=lambda c: (-c.points, c.index)))
    assert verdict.en.endswith(f"cards of your side by the end of the deal: {named.en}.")
    assert verdict.ru.endswith(f"забирают эти карты вашей стороны: {named.ru}.")


def test_lesson_11_each_wrong_card_names_the_cards_of_the_trick_it_blames() -> None:
    """The cards the feedback says go to the opponents are in the trick it names."""
    task = _out_of_spades_task()
    assert task.position is not None
    best = Card.parse(expected(task))
    best_line = list(_report(task, best).tricks)
    for card in task.position.hands[Seat.S]:
        if card == best:
            continue
        line = list(_report(task, card).tricks)
        turn = _turning_trick(line, best_line, Team.NS)
        assert turn is not None
        lost = set(_given_away(task, card, best))
        assert lost and lost <= {c for _, c in line[turn].plays}, card


def test_lesson_11_the_remark_after_the_out_of_spades_task_is_the_best_line() -> None:
    task = _out_of_spades_task()
    line = _report(task, Card.parse(expected(task))).tricks
    hearts, small, last = line[0], line[1], line[2]
    assert hearts.winner is Seat.S and all(_plain(task, c, Suit.HEARTS) for _, c in hearts.plays)
    assert dict(small.plays)[Seat.S] == Card.parse("9S") and small.winner is Seat.W
    assert task.order.is_trump(small.winning_card)
    assert last.plays[0][0] is Seat.W and task.order.is_trump(last.plays[0][1])
    assert last.winner is Seat.N and last.winning_card == Card.parse("AC")
    assert dict(last.plays)[Seat.S] == Card.parse("AS")
    assert "W trumps your small spade" in task.after.en and "A♣" in task.after.en
    assert "бьёт козырем вашу маленькую пику" in task.after.ru and "тузом треф" in task.after.ru


def test_lyusya_is_explained_at_or_before_the_first_step_that_offers_it() -> None:
    offered = 0
    for lesson_id in lesson_ids():
        steps = load_lesson(lesson_id).steps
        for i, step in enumerate(steps):
            if not isinstance(step, DealScoreTask):
                continue
            labels = [c.label for c in choices(step)]
            if not any("Lyusya" in t.en for t in labels):
                continue
            offered += 1
            assert any("«Люся»" in t.ru for t in labels)
            taught = [s.text for s in steps[:i + 1] if isinstance(s, ExplainStep)]
            assert any("lyusya (люся)" in t.en and "all eight tricks" in t.en
                       and "«люся»" in t.ru and "все восемь взяток" in t.ru
                       for t in taught), (lesson_id, i)
    assert offered


def test_lesson_6_says_that_kozel_means_a_goat() -> None:
    step = load_lesson("06_match").steps[0]
    assert isinstance(step, ExplainStep)
    assert re.search(r"\bKozel\b.*\bgoat\b", step.text.en), step.text.en
    assert "козлы" in step.text.ru and "«Козёл»" in step.text.ru


def test_lesson_14_names_every_trump_of_the_hand_it_says_may_not_be_led() -> None:
    task = next(t for t in load_lesson("14_nizhny").tasks
                if isinstance(t, LegalCardTask) and "trumps" in t.after.en)
    trumps = [c for c in task.hand if task.order.is_trump(c)]
    assert len(trumps) == 3
    for card in trumps:
        assert card.name_in("en") in task.after.en.lower(), card
        assert card.name_in("ru") in task.after.ru.lower(), card
    assert not set(expected(task).split()) & {c.token for c in trumps}


def _steps() -> Iterator[tuple[str, int, Step, Text]]:
    """Every step's texts in the order a learner reads them (the titles and goals are copied
    into the lesson notebooks, so a word is explained in the first step that uses it)."""
    for lesson_id in lesson_ids():
        for i, step in enumerate(load_lesson(lesson_id).steps):
            texts = ([step.prompt, step.hint, step.after] if isinstance(step, Task)
                     else [step.text])
            joined = Text(" ".join(t.ru for t in texts), " ".join(t.en for t in texts))
            yield lesson_id, i, step, joined


TERMS = [   # a word a hint uses, and the words that explain it where a lesson first uses it
    (r"\bplain suits?\b", "are called plain suits"),
    (r"\bvoid\b", "has no card of the suit left"),
    (r"\bshowed out\b", "showed out of a suit, that is, could not follow it"),
    (r"\bcash\b", "(lead them and take the trick"),
    (r"\bemptiest\b", "the one worth the fewest points"),
    (r"\bruff\b", "called trumping (to ruff)"),
]


@pytest.mark.parametrize(("term", "meaning"), TERMS, ids=[m for _, m in TERMS])
def test_a_strategy_word_is_explained_where_a_lesson_first_uses_it(term: str,
                                                                   meaning: str) -> None:
    first = next(((lid, i, text) for lid, i, _, text in _steps()
                  if re.search(term, text.en, re.IGNORECASE)), None)
    assert first is not None, term
    lesson_id, i, text = first
    assert meaning in text.en, (lesson_id, i, text.en)


def test_trumping_is_named_before_any_step_says_a_card_is_trumped() -> None:
    verb = re.compile(r"\btrump(ed|ing|s)? (it|your|the|a)\b|\btrumped\b|can trump\b")
    steps = list(_steps())
    named = next(n for n, (_, _, _, text) in enumerate(steps) if "(to ruff)" in text.en)
    used = next(n for n, (_, _, _, text) in enumerate(steps) if verb.search(text.en))
    assert named <= used
    assert sum(text.en.count("(to ruff)") for *_, text in steps) == 1
    assert "«побить козырем»" in steps[named][3].ru


def test_no_lesson_calls_a_card_the_master() -> None:
    assert not [(lid, i) for lid, i, _, text in _steps() if re.search(r"\bmaster\b", text.en)]
