"""Lesson 13 tells the boasts as the app plays them (RULES.md §2.1, kozel_tutor.variants.boasts):
the mirror is the "mirror for everyone" of seed 000."""

from __future__ import annotations

import random

from kozel_tutor.lessons import load_lesson
from kozel_tutor.lessons.model import ExplainStep
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat
from kozel_tutor.variants.boasts import run_boast
from kozel_tutor.variants.questions import drive


def _step_about(term: str) -> ExplainStep:
    steps = [s for s in load_lesson("13_classic").steps
             if isinstance(s, ExplainStep) and term in s.text.ru]
    assert len(steps) == 1, term
    return steps[0]


def test_classic_mirror_every_player_cuts_and_the_four_face_up_cards_make_the_first_trick(
        ) -> None:
    step = _step_about("«Зеркало»:")
    for phrase in ("каждый по очереди снимает часть колоды", "пока не покажется не козырь",
                   "в открытую", "четыре карты — первая взятка", "победитель ходит дальше"):
        assert phrase in step.text.ru, phrase
    for phrase in ("each player in turn cuts the deck", "until a non-trump shows", "face up",
                   "four cards are the first trick", "its winner leads next"):
        assert phrase in step.text.en, phrase
    assert "without shuffling" not in step.text.en and "не тасуя" not in step.text.ru


def test_classic_mirror_as_the_engine_plays_it_matches_the_lesson() -> None:
    rules = find_rules("classic")
    for seed in range(20):
        rng = random.Random(seed)
        stock = list(rules.deck_cards)
        rng.shuffle(stock)
        out = drive(run_boast("mirror", rules, Seat.N, stock, rng), lambda q: q.options[0])
        (trick,) = out.tricks                       # the four laid cards are the first trick
        assert trick.leader == Seat.N and len(trick.cards) == 4
        assert out.leader == trick.winner           # and its winner leads
        order = rules.card_order()
        for seat in Seat:                           # what each player kept while cutting: trumps
            assert all(order.is_trump(card) for card in out.kept[seat]), seat
        assert not any(order.is_trump(card) for card in trick.cards)


def test_classic_pants_the_others_keep_only_trumps_and_lay_the_first_non_trump() -> None:
    step = _step_about("«Штаны»:")
    assert "оставляют себе только козыри, а первую некозырную кладут на взятку" in step.text.ru
    assert "keep only trumps and lay the first non-trump on the trick" in step.text.en
