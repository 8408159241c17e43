"""When few layouts of the hidden cards fit what a seat has seen, hard and insane solve every
one of them once instead of sampling, and the reason says how many layouts it solved and
whether they were all the possible ones or a sample."""

from __future__ import annotations

import dataclasses
import random

from conftest import random_deal

from kozel_tutor.ai.inference import PlayReader
from kozel_tutor.ai.pimc import HARD, INSANE, MonteCarloPlayer
from kozel_tutor.ai.reasons import layouts_count, reason
from kozel_tutor.ai.sampler import WorldSampler
from kozel_tutor.cards import Card
from kozel_tutor.i18n import Number
from kozel_tutor.state import SeatView

UNTIMED_HARD = dataclasses.replace(HARD, budget=60.0)   # every layout solved, on any machine


def _few() -> SeatView:
    """An ending where 60 layouts fit the view of the player to move (3 cards to choose from)."""
    state = random_deal(6, cards_left=3, in_trick=3)
    view = state.view(state.to_move)
    assert WorldSampler(view).count() == 60 and len(view.legal) == 3
    return view


def test_the_sampler_lists_every_fitting_layout_once() -> None:
    view = _few()
    sampler = WorldSampler(view)
    every = list(sampler.layouts())
    assert len(every) == len(set(every)) == sampler.count()
    assert all(sampler.is_consistent(world) for world in every)
    rng = random.Random(3)
    assert {sampler.sample(rng) for _ in range(3000)} == set(every)


def test_hard_solves_each_of_a_few_layouts_once() -> None:
    view = _few()
    plan = MonteCarloPlayer(random.Random(1), HARD)._layouts(view)
    assert plan.every and sorted(plan.worlds) == sorted(WorldSampler(view).layouts())
    assert plan.weights == [1.0] * 60
    decision = MonteCarloPlayer(random.Random(1), UNTIMED_HARD).choose(view)
    assert {s.samples for s in decision.candidates} == {60}


def test_with_every_layout_solved_the_decision_does_not_depend_on_the_seed() -> None:
    view = _few()
    runs = [MonteCarloPlayer(random.Random(seed), UNTIMED_HARD).choose(view)
            for seed in range(4)]
    figures = {tuple((s.card, round(s.mean_score, 9), round(s.mean_points, 9))
                     for s in run.candidates) for run in runs}
    assert len(figures) == 1


def test_insane_weighs_every_one_of_a_few_layouts_by_its_likelihood() -> None:
    view = _few()
    plan = MonteCarloPlayer(random.Random(1), INSANE)._layouts(view)
    assert plan.every and len(plan.worlds) == len(set(plan.worlds)) == 60
    expected = dict(zip(plan.worlds, PlayReader(view).weights(plan.worlds), strict=True))
    assert plan.weights == [expected[world] for world in plan.worlds]
    assert plan.weights == sorted(plan.weights, reverse=True) and plan.weights[0] == 1.0


def test_many_layouts_are_still_sampled() -> None:
    state = random_deal(5, cards_left=5, in_trick=1)
    view = state.view(state.to_move)
    assert WorldSampler(view).count() > HARD.samples * HARD.pool_factor
    plan = MonteCarloPlayer(random.Random(1), HARD)._layouts(view)
    assert not plan.every and len(plan.worlds) == HARD.samples


# -- what the reason says about the layouts ---------------------------------------------------


def test_the_reason_says_every_possible_layout_was_solved() -> None:
    decision = MonteCarloPlayer(random.Random(1), UNTIMED_HARD).choose(_few())
    assert decision.reason is not None
    assert decision.reason.text("en").startswith(
        "In all 60 ways the hidden cards may lie, the ")
    assert decision.reason.text("ru").startswith(
        "Во всех возможных раскладах скрытых карт (их 60) лучше всего ")


def _best(layouts: object) -> tuple[str, str]:
    message = reason("best_expected_score", layouts=layouts, card=Card.parse("8H"),
                     score=Number(0.3, 2, sign=True))
    return message.text("en"), message.text("ru")


def test_a_sample_cut_short_by_the_clock_is_not_called_all_the_layouts() -> None:
    en, ru = _best(layouts_count(2, drawn=24))
    assert en == ("In 2 of 24 ways the hidden cards may lie, picked at random (time ran out for "
                  "the rest), the eight of hearts scores best: on average +0.30 a deal on the "
                  "match score in your side's favour.")
    assert ru == ("В 2 из 24 случайных раскладов скрытых карт (на остальные не хватило "
                  "времени) лучше всего восьмёрка червей: по счёту партии это в среднем +0,30 "
                  "за раздачу в пользу вашей стороны.")
    assert " all " not in en and "возможн" not in ru


def test_the_layouts_are_counted_in_proper_russian() -> None:
    assert _best(layouts_count(24))[1].startswith("В 24 случайных раскладах скрытых карт ")
    assert _best(layouts_count(21))[1].startswith("В 21 случайном раскладе скрытых карт ")
    assert _best(layouts_count(5, drawn=21))[1].startswith(
        "В 5 из 21 случайного расклада скрытых карт (")
    assert _best(layouts_count(40, drawn=60, every=True))[1].startswith(
        "В 40 из 60 возможных раскладов скрытых карт (на остальные не хватило времени) ")
    assert _best(layouts_count(1, every=True)) == (
        "In the only way the hidden cards can lie, the eight of hearts scores best: on "
        "average +0.30 a deal on the match score in your side's favour.",
        "В единственном возможном раскладе скрытых карт лучше всего восьмёрка червей: по "
        "счёту партии это в среднем +0,30 за раздачу в пользу вашей стороны.")
    assert _best(layouts_count(1))[0].startswith("In 1 way the hidden cards may lie, picked at "
                                                 "random, ")
