"""Lesson 13 tells the boasts as the app plays them (RULES.md §2.1, kozel_tutor.variants.boasts):
the mirror is the "mirror for everyone" of seed 000."""

from __future__ import annotations

import random

from kozel_tutor.cards import Card, Rank
from kozel_tutor.lessons import load_lesson
from kozel_tutor.lessons.model import ExplainStep
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat
from kozel_tutor.variants.boasts import run_boast
from kozel_tutor.variants.questions import LayQuestion, Question, drive


def _step_about(term: str) -> ExplainStep:
    steps = [s for s in load_lesson("13_classic").steps
             if isinstance(s, ExplainStep) and term in s.text.ru]
    assert len(steps) == 1, term
    return steps[0]


def test_classic_mirror_every_player_cuts_and_the_four_face_up_cards_make_the_first_trick(
        ) -> None:
    step = _step_about("«Зеркало»:")
    for phrase in ("каждый по очереди снимает часть колоды", "пока не откроется некозырная карта",
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


def test_classic_mirror_has_no_double_negative() -> None:
    step = _step_about("«Зеркало»:")
    assert "не покажется не козырь" not in step.text.ru


def test_classic_pants_tells_the_face_up_followers_the_choice_and_the_partners_share() -> None:
    step = _step_about("«Штаны»:")
    for phrase in ("третий и четвёртый — в открытую", "игрок выбирает сам",
                   "когда рука полна — партнёру", "заходит втёмную"):
        assert phrase in step.text.ru, phrase
    for phrase in ("the third and fourth players face up", "the player chooses",
                   "to the partner once his hand is full", "leads face down"):
        assert phrase in step.text.en, phrase


def test_classic_pants_as_the_engine_plays_it_only_the_third_and_fourth_lay_face_up() -> None:
    """Every player with two cards that would do is asked which to lay (the boaster and the
    followers alike); the cards laid before them lie face down but the third player's (the
    fourth lays last, so nobody is asked after seeing it)."""
    rules = find_rules("classic")
    asked: list[LayQuestion] = []

    def first(question: Question) -> object:
        assert isinstance(question, LayQuestion)
        asked.append(question)
        return question.options[0]

    for seed in range(40):
        rng = random.Random(seed)
        stock = list(rules.deck_cards)
        rng.shuffle(stock)
        drive(run_boast("pants", rules, Seat.N, stock, rng), first)
    assert {q.leads for q in asked} == {True, False}
    face_up = {seat for q in asked for seat, _ in q.visible}
    assert face_up == {Seat.N.offset(2)}


def test_classic_pants_the_boasters_spare_aces_and_trumps_go_to_the_partner() -> None:
    rules = find_rules("classic")
    order = rules.card_order()
    good = [c for c in rules.deck_cards if order.is_trump(c) or c.rank is Rank.ACE]
    plain = [c for c in rules.deck_cards if c not in good]
    spare_ace = next(c for c in good if not order.is_trump(c))     # an ace of a plain suit
    others = [c for c in good if c != spare_ace]
    top, bottom = others[:4], [*others[4:7], spare_ace]   # the spare ace: the 8th good card
    rest = [c for c in rules.deck_cards if c not in top and c not in bottom and c != plain[0]]
    stock: list[Card] = [*top, plain[0], *rest, *bottom[::-1]]
    out = drive(run_boast("pants", rules, Seat.N, stock, random.Random(0)),
                lambda q: q.options[0])
    assert set(out.kept[Seat.N]) == {*top, *bottom[:3]}        # a full hand of 7 kept
    assert spare_ace in out.kept[Seat.S]                         # the 8th good card: partner's
