"""What the tutor says about a picked card: a card that does not take the trick is told its own
misreading (the ten above the king, a card of another suit, a queen that is a trump…), and a legal
card that feeds the opponents' trick ten points or more is told what was cheaper.  Also the
lessons' order and words that the learner's review asked for."""

from __future__ import annotations

import json
import random
import re
from importlib import resources

import pytest

from kozel_tutor.cards import Card, Rank
from kozel_tutor.lessons import LessonPlayer, lesson_ids, load_lesson
from kozel_tutor.lessons.card_notes import cost_note, why_it_loses
from kozel_tutor.lessons.checks import check
from kozel_tutor.lessons.model import (
    DealScoreTask,
    ExplainStep,
    HighestCardTask,
    LegalCardTask,
    Task,
    TrickWinnerTask,
)
from kozel_tutor.lessons.scenes import scene
from kozel_tutor.rules import TRUMP, Rules
from kozel_tutor.seats import Seat

ORDER = Rules().card_order()
COURT = (Rank.QUEEN, Rank.JACK)


def _cards(text: str) -> list[Card]:
    return [Card.parse(token) for token in text.split()]


def _tasks(kind: type[Task]) -> list[tuple[str, Task]]:
    return [(lid, task) for lid in lesson_ids() for task in load_lesson(lid).tasks
            if isinstance(task, kind)]


# -- a card that does not take the trick ------------------------------------------------------


def test_a_king_under_a_ten_is_told_the_ten_ranks_above_the_king_not_nudged() -> None:
    """The bridge player's reflex (lesson 4, 9♥ A♠ K♥ 10♥): his own error, in the feedback."""
    player = LessonPlayer("04_trick", lang="en", progress=None)
    player.next()
    player.answer("KH")
    text = player.view()["feedback"]["text"]
    # the order breaks only after a «>» (a no-break space before each), never before one
    assert text == ("Not quite. The 10♥ beats the K♥: in Kozel the ten ranks above the king. "
                    "Order: A♥\u00a0> 10♥\u00a0> K♥\u00a0> 9♥\u00a0> 8♥\u00a0> 7♥\u00a0> 6♥.")
    assert "Try again. Hint" not in text
    player.set_lang("ru")
    assert player.view()["feedback"]["text"] == (
        "Не совсем. 10♥ бьёт К♥: в «Козле» десятка старше короля. "
        "Порядок: Т♥\u00a0> 10♥\u00a0> К♥\u00a0> 9♥\u00a0> 8♥\u00a0> 7♥\u00a0> 6♥.")


@pytest.mark.parametrize(("trick", "chosen", "en", "ru"), [
    ("9H AS KH TH", "AS", "The A♠ is neither of the suit led (hearts) nor a trump",
     "Т♠ — не той масти, с которой зашли (черви), и не козырь"),
    ("JS AS 9C 7H", "AS", "The J♠ was led, and queens and jacks are trumps, not cards of their "
     "printed suit", "Зашли с В♠, а дамы и валеты — козыри, а не карты своей нарисованной масти"),
    ("AC AS 9H 7H", "AS", "A trump was led (A♣), and the A♠ is not a trump",
     "Зашли с козыря (Т♣), а Т♠ — не козырь"),
    ("KS QS AS 9S", "AS", "The Q♠ is a trump: queens and jacks are always trumps, whatever suit",
     "Д♠ — козырь: дамы и валеты всегда козыри"),
    ("AH 7C TH KH", "AH", "The 7♣ is a trump (clubs are trumps)", "7♣ — козырь (трефы — козыри)"),
    ("QD AC JC QS", "AC", "The J♣ beats the A♣: queens and jacks rank above even the ace of the "
     "trump suit", "В♣ бьёт Т♣: дамы и валеты старше даже козырного туза"),
    ("QD AC JC QS", "JC", "The Q♦ beats the J♣: every queen ranks above every jack",
     "Д♦ бьёт В♣: любая дама старше любого валета"),
    ("QD AC JC QS", "QD", "The Q♠ beats the Q♦: the queens go by suit: Q♣ > Q♠ > Q♥ > Q♦.",
     "Д♠ бьёт Д♦: дамы идут по мастям: Д♣ > Д♠ > Д♥ > Д♦."),
    ("KC TC 9D 8D", "KC", "The 10♣ beats the K♣: in Kozel the ten ranks above the king. Trumps go",
     "10♣ бьёт К♣: в «Козле» десятка старше короля. Порядок козырей"),
])
def test_each_misreading_is_named_from_the_card_order(trick: str, chosen: str, en: str,
                                                      ru: str) -> None:
    why = why_it_loses(ORDER, _cards(trick), Card.parse(chosen))
    spaced = [text.replace("\u00a0", " ") for text in (why.en, why.ru)]   # no-break spaces
    assert en in spaced[0] and ru in spaced[1]


def test_the_six_of_clubs_of_nizhny_is_the_highest_trump_of_all() -> None:
    task = next(t for lid, t in _tasks(TrickWinnerTask) if lid == "14_nizhny")
    why = check(task, "QC").explanation
    assert why.en.startswith("Not quite. The 6♣ beats the Q♣: in this game the 6♣ is the "
                             "highest trump of all.")
    assert "6♣ — самый старший козырь" in why.ru


def test_with_several_cards_above_it_the_nearest_is_named_not_the_winner() -> None:
    """K♥ under both the 10♥ and a trump: the ten is named first, the trump only if the learner
    then picks the ten, so a wrong pick does not give the answer away."""
    trick = _cards("KH TH 7C 9H")
    assert why_it_loses(ORDER, trick, Card.parse("KH")).en.startswith("The 10♥ beats the K♥")
    assert why_it_loses(ORDER, trick, Card.parse("TH")).en.startswith("The 7♣ is a trump")


def test_a_card_named_that_loses_too_is_said_to_lose_so_the_learner_is_not_sent_to_it() -> None:
    """K♥ under the 10♥ and a trump: the 10♥ is named (not the answer), and said to lose as
    well; the 10♥ under the trump alone: the trump is named and wins, nothing more is said."""
    trick = _cards("KH TH 7C 9H")
    king = why_it_loses(ORDER, trick, Card.parse("KH"))
    assert king.en.endswith("But the 10♥ does not take the trick either: a card here beats it "
                            "too.")
    assert king.ru.endswith("Но и 10♥ взятку не берёт: здесь есть карта сильнее.")
    ten = why_it_loses(ORDER, trick, Card.parse("TH"))
    assert "does not take the trick either" not in ten.en and "Но и" not in ten.ru


def test_the_card_named_as_beating_the_pick_does_take_the_trick_from_it() -> None:
    """Over random tricks of the 36-card deck (checked by the engine's ``winning_index``, the
    same route the lessons' answers take)."""
    rng = random.Random(7)
    deck = list(Rules().deck_cards)
    for _ in range(300):
        trick = rng.sample(deck, 4)
        winner = trick[ORDER.winning_index([c.index for c in trick])]
        for chosen in trick:
            if chosen == winner:
                continue
            why = why_it_loses(ORDER, trick, chosen)
            named = re.match(r"The (\S+) beats the (\S+):", why.en) or \
                re.match(r"The (\S+) is a trump", why.en)
            if named:
                beater = next(c for c in trick if c.label("en") == named.group(1))
                pair = sorted((chosen, beater), key=trick.index)   # in the order played
                assert pair[ORDER.winning_index([c.index for c in pair])] == beater, why.en
                # and it is said to lose too exactly when it is not the trick's winner
                assert ("does not take the trick either" in why.en) == (beater != winner)
            else:   # neither of the suit led nor a trump: it never wins
                assert ORDER.suit_of[chosen.index] not in (ORDER.suit_of[trick[0].index], TRUMP)
            assert why.ru and why.ru != why.en


@pytest.mark.parametrize("kind", [TrickWinnerTask, HighestCardTask])
def test_every_wrong_card_of_the_lessons_is_explained_at_once(kind: type[Task]) -> None:
    for lid, task in _tasks(kind):
        cards = task.trick if isinstance(task, TrickWinnerTask) else \
            task.cards if isinstance(task, HighestCardTask) else ()
        for card in cards:
            verdict = check(task, card.token)
            if not verdict.correct:
                assert not verdict.worked, (lid, card)   # the player shows it, not a nudge
                assert verdict.explanation.en.startswith("Not quite. ")
                assert verdict.explanation.ru.startswith("Не совсем. ")


# -- a legal card that feeds the opponents -----------------------------------------------------


def test_an_ace_thrown_on_the_opponents_trick_gets_a_note_on_the_cheaper_card() -> None:
    task = next(t for _, t in _tasks(LegalCardTask) if [c.token for c in t.trick] == ["9H", "KH"])
    verdict = check(task, "AS")
    assert verdict.correct
    assert verdict.explanation.en.endswith(
        "But this trick goes to the opponents, and the A♠ hands them 11 points: a card without "
        "points, such as the 8♦, would cost nothing.")
    assert verdict.explanation.ru.endswith(
        "Но эта взятка уходит соперникам, и Т♠ приносит им 11 очков, а карта без очков, "
        "например 8♦, не стоила бы ничего.")
    assert "opponents" not in check(task, "8D").explanation.en


@pytest.mark.parametrize(("leader", "trick", "legal", "chosen"), [
    (Seat.E, "KH", "AS 8D", "AS"),       # the partner still plays: the trick may be ours
    (Seat.N, "TH 9H", "AS 8D", "AS"),    # the partner holds it
    (Seat.N, "9H KH", "AS TD", "TD"),    # nothing cheaper to play
    (Seat.N, "9H KH", "KS 8D", "KS"),    # 4 points: not worth a word
])
def test_no_cost_note_when_the_trick_is_not_surely_theirs_or_nothing_was_cheaper(
        leader: Seat, trick: str, legal: str, chosen: str) -> None:
    assert cost_note(ORDER, leader, _cards(trick), _cards(legal), Card.parse(chosen)) is None


def test_a_cheaper_card_with_points_is_named_with_its_points() -> None:
    note = cost_note(ORDER, Seat.N, _cards("9H KH"), _cards("TS KD"), Card.parse("TS"))
    assert note is not None
    assert note.en.endswith("the 10♠ hands them 10 points: with the K♦ they would get only "
                            "4 points.")
    assert note.ru.endswith("10♠ приносит им 10 очков, а с К♦ они получили бы только 4 очка.")


# -- lesson order and words -------------------------------------------------------------------


def _is_court_trap(task: LegalCardTask) -> bool:
    """A queen or jack shows the printed suit of the plain card led (or is itself the lead)."""
    if not task.trick:
        return False
    led = task.trick[0]
    if led.rank in COURT:
        return True
    return any(c.rank in COURT and c.suit == led.suit for c in task.hand)


def test_lesson_3_says_a_queen_is_not_of_its_suit_before_any_task_sets_that_trap() -> None:
    steps = load_lesson("03_following").steps
    taught = next(i for i, s in enumerate(steps) if isinstance(s, ExplainStep)
                  and "The queen of hearts is not a heart" in s.text.en
                  and "Дама червей — не черва" in s.text.ru)
    traps = [i for i, s in enumerate(steps) if isinstance(s, LegalCardTask) and _is_court_trap(s)]
    assert traps and min(traps) > taught
    assert any(isinstance(s, LegalCardTask) for s in steps[:taught])   # the plain rule first


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_score_tables_rows_start_with_a_capital(lang: str) -> None:
    task = next(t for _, t in _tasks(DealScoreTask))
    heads = [row[0] for row in scene(task, lang)["sheet"]["rows"]]
    assert heads == (["We (N–S)", "They (E–W)"] if lang == "en" else ["Мы (С–Ю)", "Они (В–З)"])


def _english(value: object) -> list[str]:
    if isinstance(value, dict):
        return ([value["en"]] if isinstance(value.get("en"), str) else []) + [
            text for item in value.values() for text in _english(item)]
    if isinstance(value, list):
        return [text for item in value for text in _english(item)]
    return []


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_a_card_is_played_not_put(lesson_id: str) -> None:
    path = resources.files("kozel_tutor").joinpath("data", "lessons", f"{lesson_id}.json")
    for text in _english(json.loads(path.read_text(encoding="utf-8"))):
        assert not re.search(r"\bput(s|ting)? (down|a|an|the|one)\b|\b[NESW] put\b", text,
                             re.IGNORECASE), text
