"""The shipped lessons: they validate, and every task's answer is what the engine or solver says.

The expected answers are recomputed here through the public engine API by a different route
from :mod:`kozel_tutor.lessons.checks` (playing the trick out on a :class:`DealState`, scoring
with ``deal_result``/``MatchScore``, solving with ``solve``), so a checker bug cannot hide.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from kozel_tutor.cards import Card, Suit
from kozel_tutor.lessons import LessonError, lesson_ids, load_lesson, parse_lesson
from kozel_tutor.lessons.checks import answer_kind, check, choices, expected
from kozel_tutor.lessons.model import (
    MAX_STEPS,
    BestCardTask,
    CallTrumpTask,
    CardPointsTask,
    CountTrumpsTask,
    DealScoreTask,
    ExplainStep,
    HighestCardTask,
    LegalCardTask,
    MatchTask,
    SeatTask,
    Task,
    TrickWinnerTask,
    TrumpsLeftTask,
)
from kozel_tutor.scoring import MatchScore, deal_result
from kozel_tutor.seats import Seat, Team
from kozel_tutor.solver import solve
from kozel_tutor.state import DealState

LESSONS = lesson_ids()
TASKS = [(lid, i, step) for lid in LESSONS for i, step in enumerate(load_lesson(lid).steps)
         if isinstance(step, Task)]
TASK_IDS = [f"{lid}-step{i}-{task.kind}" for lid, i, task in TASKS]


def test_twelve_lessons_from_the_table_to_fighting_for_31_then_one_per_variant() -> None:
    assert [lid[:2] for lid in LESSONS] == [f"{n:02d}" for n in range(1, 16)]
    assert LESSONS[0] == "01_table" and LESSONS[11] == "12_fight31"
    assert LESSONS[12:] == ["13_classic", "14_nizhny", "15_kozly24"]


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_lesson_has_3_to_12_steps_and_at_least_2_tasks(lesson_id: str) -> None:
    lesson = load_lesson(lesson_id)
    assert 3 <= len(lesson.steps) <= MAX_STEPS == 12
    assert len(lesson.tasks) >= 2


MAX_WORDS = 65
"""A step a 14-year-old reads in one go: more than this is a wall of text to split."""


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_no_step_is_a_wall_of_text(lesson_id: str) -> None:
    for step in load_lesson(lesson_id).steps:
        text = step.prompt if isinstance(step, Task) else step.text
        assert len(text.ru.split()) <= MAX_WORDS, text.ru


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_string_of_the_lesson_is_in_russian_and_english(lesson_id: str) -> None:
    lesson = load_lesson(lesson_id)
    texts = [lesson.title, lesson.goal]
    for step in lesson.steps:
        texts += [step.prompt, step.hint] if isinstance(step, Task) else [step.text]
    for text in texts:
        assert text.ru.strip() and text.en.strip()
        # English may quote a Russian term in brackets, but is mostly Latin letters.
        assert _cyrillic(text.ru) > _latin(text.ru), text.ru
        assert _latin(text.en) > 2 * _cyrillic(text.en), text.en


def _cyrillic(text: str) -> int:
    return sum("а" <= ch <= "я" or ch == "ё" for ch in text.lower())


def _latin(text: str) -> int:
    return sum("a" <= ch <= "z" for ch in text.lower())


def _spaced(text: str) -> str:
    """A verdict with its no-break spaces (which keep a formula on one line) as plain spaces."""
    return text.replace("\u00a0", " ")


# -- the expected answers, recomputed by the engine ----------------------------------------------


def _engine_answer(task: Task) -> set[str]:
    """Every right answer to ``task``, worked out with the engine/solver directly."""
    if isinstance(task, TrickWinnerTask):
        hands = [0, 0, 0, 0]
        for i, card in enumerate(task.trick):
            hands[task.leader.offset(i)] |= card.bit
        state = DealState(task.rules, hands, leader=task.leader, trump=task.trump)
        trick = None
        for card in task.trick:
            trick = state.play(card)
        if trick is None:  # a trick of fewer than four cards: who is winning it so far
            winner = state.trick_winner()
            assert winner is not None
            return {task.trick[(winner - task.leader) % 4].token}
        return {dict((s, c) for s, c in trick.plays())[trick.winner].token}
    if isinstance(task, HighestCardTask):
        order = task.order
        return {c.token for c in task.cards
                if all(c == o or order.beats(c, o) for o in task.cards)}
    if isinstance(task, CardPointsTask):
        cards = task.rules.deck_cards if task.whole_deck else task.cards
        return {str(sum(card.points for card in cards))}
    if isinstance(task, CountTrumpsTask):
        cards = set(task.rules.deck_cards if task.whole_deck else task.cards)
        return {str(len(cards & set(task.order.trumps)))}
    if isinstance(task, TrumpsLeftTask):
        trumps = set(task.order.trumps)
        return {str(len(trumps - set(task.hand) - set(task.played)))}
    if isinstance(task, LegalCardTask):
        hands = [0, 0, 0, 0]
        hands[Seat.S] = sum(card.bit for card in task.hand)
        state = DealState(task.rules, hands, leader=task.leader, trump=task.trump,
                          trick=task.trick, led=sum(1 << suit for suit in task.led))
        if task.first_of_match:   # the preset's "holder:AD" with lead_that_card
            assert task.rules.lead_that_card
            return {task.rules.first_lead.removeprefix("holder:")}
        return {card.token for card in state.legal_plays()}
    if isinstance(task, SeatTask):
        seat = {"partner": task.of.partner, "left": task.of.next, "right": task.of.previous,
                "first_lead": task.of.next, "next_dealer": task.of.next}[task.relation]
        return {seat.name}
    if isinstance(task, DealScoreTask):
        result = deal_result(task.rules, task.points, task.tricks, 2 if task.after_eggs else 1)
        if result.winner is None:
            return {"eggs"}
        if result.reset is not None:
            return {f"{result.winner.name}:reset"}
        written = Team.NS if result.written[Team.NS] else Team.EW   # penalty: the losers
        return {f"{written.name}:{result.written[written]}"}
    if isinstance(task, MatchTask):
        match = MatchScore(task.rules)
        for a, b, x, y in task.deals:
            match.record(deal_result(task.rules, (a, b), (x, y), match.multiplier))
        if task.question == "score":
            return {str(match.scores[Team.NS])}
        if match.goats is None:
            return {"none"}
        return {f"{match.goats.name}:{'naked' if match.naked_goats else 'goats'}"}
    if isinstance(task, CallTrumpTask):
        counts = {s: len(set(task.hand) & set(task.rules.card_order(s).trumps)) for s in Suit}
        best = max(counts.values())
        return {s.letter for s, n in counts.items() if n == best}
    if isinstance(task, BestCardTask):
        assert task.position is not None
        return {card.token for card in solve(task.position, backend="python").best}
    raise AssertionError(f"no engine route for {task.kind}")


@pytest.mark.parametrize(("lesson_id", "index", "task"), TASKS, ids=TASK_IDS)
def test_expected_answer_is_what_the_engine_computes(lesson_id: str, index: int,
                                                     task: Task) -> None:
    engine = _engine_answer(task)
    if isinstance(task, LegalCardTask):
        assert set(expected(task).split()) == engine
    else:
        assert {expected(task)} == engine, "the answer must be unique"


def _candidate_answers(task: Task) -> list[str]:
    """Every answer the widget lets the learner give (numbers: a range around the truth)."""
    kind = answer_kind(task)
    if kind == "card":
        if isinstance(task, TrickWinnerTask):
            return [c.token for c in task.trick]
        if isinstance(task, HighestCardTask):
            return [c.token for c in task.cards]
        if isinstance(task, LegalCardTask):
            return [c.token for c in task.hand]
        assert isinstance(task, BestCardTask) and task.position is not None
        return [c.token for c in task.position.hands[Seat.S]]
    if kind == "seat":
        return ["N", "E", "S", "W"]
    if kind == "suit":
        return ["C", "S", "H", "D"]
    if kind == "choice":
        return [c.value for c in choices(task)]
    right = int(expected(task))
    return [str(n) for n in range(max(0, right - 3), right + 4)]


@pytest.mark.parametrize(("lesson_id", "index", "task"), TASKS, ids=TASK_IDS)
def test_only_the_right_answers_pass_and_every_verdict_explains_itself(
        lesson_id: str, index: int, task: Task) -> None:
    right = _engine_answer(task)
    for answer in _candidate_answers(task):
        verdict = check(task, answer)
        assert verdict.correct == (answer in right), answer
        assert verdict.explanation.ru and verdict.explanation.en
        assert verdict.explanation.ru != verdict.explanation.en


@pytest.mark.parametrize(("lesson_id", "index", "task"),
                         [t for t in TASKS if isinstance(t[2], BestCardTask)],
                         ids=[i for i, t in zip(TASK_IDS, TASKS, strict=True)
                              if isinstance(t[2], BestCardTask)])
def test_best_card_tasks_are_small_endgames_with_one_clear_best_card(
        lesson_id: str, index: int, task: BestCardTask) -> None:
    assert task.position is not None
    assert max(len(hand) for hand in task.position.hands) <= 4
    analysis = solve(task.position, backend="python")
    assert len(analysis.best) == 1
    best = analysis.best[0]
    for card, value in analysis.values.items():
        if card != best:
            clear = analysis.values[best] - value >= task.margin
            assert clear or analysis.outcomes[card] != analysis.outcomes[best], card


@pytest.mark.parametrize(("lesson_id", "index", "task"),
                         [t for t in TASKS if isinstance(t[2], BestCardTask)],
                         ids=[i for i, t in zip(TASK_IDS, TASKS, strict=True)
                              if isinstance(t[2], BestCardTask)])
def test_the_best_line_names_the_seat_that_plays_each_card_the_trick_winner_leading_next(
        lesson_id: str, index: int, task: BestCardTask) -> None:
    assert task.position is not None
    verdict = check(task, solve(task.position, backend="python").best[0].token)
    tricks = verdict.explanation.en.split("Best play goes: ")[1].rstrip(" …").split("; ")
    line = [item for trick in tricks
            for item in trick.removeprefix("in this trick ").removeprefix("in the next trick ")
            .split(", ")]
    assert 1 <= len(line) <= 4
    state = task.position.to_state()
    for item in line:
        seat, label = item.split(" ", 1)
        card = next(c for c in state.hand(Seat[seat]) if c.label("en") == label)
        assert state.to_move is Seat[seat], item
        state.play(card)


def test_one_deal_told_over_several_steps_never_brings_a_played_card_back() -> None:
    first, later, ending = load_lesson("08_counting").tasks[:3]
    assert isinstance(first, TrumpsLeftTask) and isinstance(later, TrumpsLeftTask)
    assert isinstance(ending, BestCardTask) and ending.position is not None
    assert set(first.played) <= set(later.played)
    assert set(later.hand) <= set(first.hand)
    assert set(first.hand) - set(later.hand) <= set(later.played)
    in_play = {card for hand in ending.position.hands for card in hand}
    assert not in_play & set(later.played)
    assert set(ending.position.hands[Seat.S]) == set(later.hand)


def test_the_whole_deck_trump_count_names_each_group_in_both_languages() -> None:
    counts = {lid: t for lid in ("02_trumps", "15_kozly24") for t in load_lesson(lid).tasks
              if isinstance(t, CountTrumpsTask) and t.whole_deck}
    standard = check(counts["02_trumps"], "15").explanation
    assert "8 queens and jacks, plus 7 more cards" in standard.en
    assert "8\u00a0+\u00a07\u00a0=\u00a015" in standard.en   # the sum on one line
    assert "ещё 7 карт козырной масти" in standard.ru
    kozly24 = check(counts["15_kozly24"], "12").explanation
    assert kozly24.en.startswith("Right. 6♣, 8 queens and jacks, plus 3 more cards")
    assert "1 + 8 + 3 = 12" in _spaced(kozly24.en) and "ещё 3 карты козырной масти" in kozly24.ru


def test_a_wrong_legal_card_is_explained_by_the_engines_why_illegal() -> None:
    task = load_lesson("03_following").tasks[1]   # A♥ 8♥ led; you hold Q♥ and 6♥
    assert isinstance(task, LegalCardTask)
    verdict = check(task, "QH")
    assert not verdict.correct
    assert "trump" in verdict.explanation.en and "козырь" in verdict.explanation.ru


def test_a_wrong_trick_winner_names_the_card_that_beats_it() -> None:
    task = load_lesson("04_trick").tasks[3]  # KS QS AS 9S: the Q♠ is a trump
    verdict = check(task, "AS")
    assert not verdict.correct and not verdict.worked   # shown at once, not a nudge
    assert verdict.explanation.en.startswith("Not quite. The Q♠ is a trump: queens and jacks "
                                             "are always trumps")
    assert verdict.explanation.ru.startswith("Не совсем. Д♠ — козырь: дамы и валеты всегда "
                                             "козыри")


def test_a_wrong_best_card_tells_how_many_points_it_gets() -> None:
    task = load_lesson("10_pulling").tasks[-1]
    assert isinstance(task, BestCardTask)
    verdict = check(task, "AH")
    values = solve(task.position, backend="python").values  # type: ignore[arg-type]
    assert not verdict.correct
    assert str(values[Card.parse("AH")]) in verdict.explanation.en
    assert str(values[Card.parse("QC")]) in verdict.explanation.en


def test_answers_that_are_not_on_offer_are_refused_with_a_message() -> None:
    trick = load_lesson("04_trick").tasks[0]
    points = load_lesson("01_table").tasks[1]
    score = load_lesson("05_deal").tasks[0]
    for task, answer in ((trick, "QC"), (points, "lots"), (score, "NS:3")):
        verdict = check(task, answer)
        assert not verdict.correct and verdict.explanation.en


# -- validation of the format -------------------------------------------------------------------


def _raw(lesson_id: str) -> dict[str, Any]:
    from importlib import resources
    path = resources.files("kozel_tutor").joinpath("data", "lessons", f"{lesson_id}.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _problems(data: object) -> list[str]:
    with pytest.raises(LessonError) as info:
        parse_lesson(data, "test.json")
    return info.value.problems


def test_a_missing_russian_text_is_named_with_its_path() -> None:
    data = _raw("04_trick")
    del data["steps"][1]["prompt"]["ru"]
    assert _problems(data) == ["steps[1].prompt: the ru text is missing or empty"]


def test_bad_cards_unknown_kinds_and_keys_are_all_reported_at_once() -> None:
    data = _raw("04_trick")
    data["steps"][1]["trick"] = "9H XX"
    data["steps"][2]["kind"] = "guess"
    data["steps"][3]["colour"] = "red"
    problems = _problems(data)
    assert any(p.startswith("steps[1].trick: bad card 'XX'") for p in problems)
    assert any(p.startswith("steps[2].kind: unknown task kind 'guess'")
               for p in problems)
    assert "steps[3]: unknown key(s) colour" in problems


def test_an_impossible_deal_score_is_rejected() -> None:
    data = _raw("05_deal")
    data["steps"][2]["points"] = [70, 60]
    assert _problems(data) == ["steps[2].points: the points of a deal add up to 120, not 130"]


def test_a_legal_card_task_must_be_the_learners_turn() -> None:
    data = _raw("03_following")
    data["steps"][1]["leader"] = "W"
    assert _problems(data) == ["steps[1].leader: with 1 card(s) led by W it is not S's turn"]


def test_a_best_card_endgame_larger_than_four_cards_is_rejected() -> None:
    data = _raw("10_pulling")
    position = data["steps"][2]["position"]
    # One more empty card each: five cards a hand, one trick fewer played.
    for seat, card in (("N", "7H"), ("E", "7S"), ("S", "6D"), ("W", "8H")):
        position["hands"][seat] += " " + card
    position["taken"]["EW"][1] -= 1
    problems = _problems(data)
    assert any("keep endgames to 4 cards a hand or fewer" in p for p in problems)


def test_a_best_card_task_with_two_equal_best_cards_fails_when_checked() -> None:
    data = _raw("10_pulling")
    step = copy.deepcopy(data["steps"][2])
    # Both of S's top trumps pull the opponents' trumps equally well: no single answer.
    step["position"]["hands"]["S"] = "QC QS AH TH"
    step["position"]["hands"]["N"] = "9H 8D 6S KH"
    step["position"]["taken"]["EW"][0] -= 3  # the Q♠ came back from the tricks taken
    data["steps"][2] = step
    lesson = parse_lesson(data, "test.json")
    with pytest.raises(LessonError, match="equally best"):
        expected(lesson.tasks[-1])


def test_too_few_tasks_is_an_error() -> None:
    data = _raw("01_table")
    data["steps"] = [s for s in data["steps"] if s["type"] == "explain"] + data["steps"][1:2]
    assert "steps: a lesson needs at least 2 tasks" in _problems(data)


def test_not_an_object_is_an_error_not_a_crash() -> None:
    assert _problems([1, 2])[0] == "lesson: expected a JSON object"
    assert _problems({"id": "x"})[0].startswith("lesson.id: expected an id like 04_trick")


def test_an_unknown_lesson_id_names_the_known_ones() -> None:
    with pytest.raises(LessonError, match=r"no such lesson .*01_table"):
        load_lesson("99_nothing")


def test_the_whole_deck_is_shown_as_a_counting_lesson_counts_it_a_10_k_q_j_9_8_7_6() -> None:
    from kozel_tutor.lessons.scenes import scene

    task = next(t for t in load_lesson("01_table").tasks
                if isinstance(t, CardPointsTask) and t.whole_deck)
    row = scene(task, "ru")["row"]
    assert row[:9] == ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C", "6C"] and len(row) == 36


def test_a_deal_after_eggs_says_why_it_is_written_double() -> None:
    task = next(t for t in load_lesson("06_match").tasks if isinstance(t, MatchTask)
                and any(a == b == 60 for a, b, *_ in t.deals))
    story = check(task, expected(task)).explanation
    assert "после яиц вдвойне: мы (С–Ю) пишем 2 × 2 = 4" in _spaced(story.ru)
    assert "doubled after eggs: we (N–S) write 2 × 2 = 4" in _spaced(story.en)


# -- what the table shows before the rules it would give away are taught ------------------------


def test_lesson_1_opens_on_the_four_seats_it_describes() -> None:
    from kozel_tutor.lessons.scenes import scene

    first = load_lesson("01_table").steps[0]
    seats = scene(first, "en")["seats"]
    assert {name: seat["label"] for name, seat in seats.items()} == {
        "N": "N (your partner)", "E": "E (right opponent)", "S": "S (you)",
        "W": "W (left opponent)"}
    assert not scene(first, "en")["seat_buttons"]   # a picture, not a question
    assert scene(first, "ru")["seats"]["N"]["label"] == "С (партнёр)"
    data = _raw("01_table")
    data["steps"][0]["table"] = "yes"
    assert _problems(data) == ["steps[0].table: expected true or false"]


def test_the_partner_question_does_not_label_the_partners_seat() -> None:
    from kozel_tutor.lessons.scenes import scene

    task = next(t for t in load_lesson("01_table").tasks
                if isinstance(t, SeatTask) and t.relation == "partner")
    for lang, words in (("en", ("partner", "opponent")), ("ru", ("партн", "сопер"))):
        labels = [seat["label"] for seat in scene(task, lang)["seats"].values()]
        assert not [label for label in labels if any(w in label for w in words)], labels
    assert [s["label"] for s in scene(task, "en")["seats"].values()] == ["N", "E", "S (you)", "W"]
    lead = next(t for t in load_lesson("01_table").tasks
                if isinstance(t, SeatTask) and t.relation == "first_lead")
    assert scene(lead, "en")["seats"]["N"]["label"] == "N (your partner)"   # no giveaway there


def test_lesson_1_shows_no_trump_badge_before_lesson_2_teaches_trumps() -> None:
    from kozel_tutor.lessons.scenes import scene

    for step in load_lesson("01_table").steps:
        assert scene(step, "en")["trump"] is None, step
    for lid in LESSONS:   # counting points never depends on the trumps
        for task in load_lesson(lid).tasks:
            if isinstance(task, CardPointsTask):
                assert scene(task, "en")["trump"] is None, (lid, task.prompt.en)


def test_point_sums_set_each_card_apart_with_an_equals_sign() -> None:
    deck, trick = (next(t for t in load_lesson("01_table").tasks
                        if isinstance(t, CardPointsTask) and t.whole_deck == whole)
                   for whole in (True, False))
    whole = check(deck, "120").explanation
    assert "A = 11, 10 = 10, K = 4, Q = 3, J = 2" in _spaced(whole.en)
    assert "4 × 30 = 120" in _spaced(whole.en)
    assert "Т = 11, 10 = 10, К = 4, Д = 3, В = 2" in _spaced(whole.ru)
    assert _spaced(check(trick, expected(trick)).explanation.en).startswith(
        "Right. A♥ = 11, 10♥ = 10")


def test_the_first_lead_is_told_in_plain_words() -> None:
    task = next(t for t in load_lesson("01_table").tasks
                if isinstance(t, SeatTask) and t.relation == "first_lead")
    verdict = check(task, "N").explanation
    assert verdict.en.endswith("The dealer is W (left opponent), so N, your partner, leads first.")
    assert verdict.ru.endswith("Сдаёт соперник слева (З), значит, заходит партнёр (С).")
    import dataclasses

    mine = check(dataclasses.replace(task, of=Seat.E), "S").explanation
    assert mine.en.endswith("so you (S) lead first.")
    assert mine.ru.endswith("Сдаёт соперник справа (В), значит, заходите вы (Ю).")
    dealer = check(dataclasses.replace(task, of=Seat.S), "W").explanation
    assert dealer.ru.endswith("Сдаёте вы (Ю), значит, заходит соперник слева (З).")


def test_seat_reasons_name_the_role_before_the_letter() -> None:
    """A bare С, В or З in a Russian sentence reads as a preposition («В зашёл…»): every seat
    reason names the role and puts the letter in brackets, in the case the sentence needs."""
    import dataclasses
    import re

    task = next(t for t in load_lesson("01_table").tasks if isinstance(t, SeatTask))
    for relation in ("partner", "left", "right", "first_lead", "next_dealer"):
        for of in Seat:
            ru = check(dataclasses.replace(task, relation=relation, of=of), "N").explanation.ru
            assert not re.search(r"(?<!\()\b[СВЮЗ]\b(?!\))", ru), ru
            assert "сдаёт вы" not in ru.lower() and "ходит вы" not in ru, ru
    right = dataclasses.replace(task, relation="right", of=Seat.S)
    assert check(right, "E").explanation.ru.endswith(
        "прямо перед вами (Ю) ходит тот, кто сидит справа от вас (Ю): соперник справа (В).")
    after = dataclasses.replace(task, relation="next_dealer", of=Seat.N)
    assert check(after, "E").explanation.ru.endswith(
        "Сдача переходит налево: следующий сдающий после партнёра (С) — соперник справа (В).")


# -- what the learner reads: reasons in words, terms taught before they are asked ----------------


def _texts(lesson_id: str) -> list[Any]:
    lesson = load_lesson(lesson_id)
    texts = [lesson.title, lesson.goal]
    for step in lesson.steps:
        texts += [step.prompt, step.hint, step.after] if isinstance(step, Task) else [step.text]
    return texts


def _line(position: Any, card: str) -> list[Any]:
    from kozel_tutor.puzzles.model import Goal
    from kozel_tutor.puzzles.verify import line_after, play_line

    return play_line(position, line_after(position, Card.parse(card), Goal.MAX_POINTS, "python"))


def test_a_wrong_best_card_says_why_in_words_with_the_puzzles_tutor() -> None:
    from kozel_tutor.puzzles.explain import card_report
    from kozel_tutor.puzzles.model import Goal
    from kozel_tutor.puzzles.verify import analyse

    task = load_lesson("09_feeding").tasks[0]   # the partner's Q♣ wins: feed it the A♥
    assert isinstance(task, BestCardTask) and task.position is not None
    verdict = check(task, "TS")
    tutor = card_report(analyse(task.position, Goal.MAX_POINTS, backend="python"),
                        Card.parse("TS"), backend="python").text
    assert not verdict.correct
    assert verdict.explanation.ru.startswith(f"Не совсем. {tutor.ru}")
    assert verdict.explanation.en.startswith(f"Not quite. {tutor.en}")
    assert "К♠" in tutor.ru and "43" in tutor.ru   # the trick they gain, and what you end with
    # the cards lost over the whole deal, against the best card's line: not said to be lost in
    # the trick named before (the best line may lose some cards of yours too)
    assert verdict.explanation.ru.endswith("После этой карты, в отличие от лучшей, соперники до "
                                           "конца раздачи забирают эти карты вашей стороны: Т♥.")
    assert verdict.explanation.en.endswith("After this card, and not after the best one, the "
                                           "opponents win these cards of your side by the end of "
                                           "the deal: A♥.")
    right = check(task, "AH").explanation.ru
    assert right.endswith("Лучший розыгрыш: в этой взятке вы — Т♥; в следующей партнёр — 9♠, "
                          "соперник справа — 7♠, вы — 10♠ …")


def test_lesson_9_feeds_the_card_that_cannot_win_a_trick_of_its_own() -> None:
    lesson = load_lesson("09_feeding")
    task = lesson.tasks[0]
    assert isinstance(task, BestCardTask) and task.position is not None
    assert "десятка, которая позже выиграет свою взятку" in lesson.steps[0].text.ru
    later = _line(task.position, "AH")[1:]
    # the 10♠ wins a trick of its own later (its ace is out), the A♥ never could
    assert any(t.winner is Seat.S and t.winning_card == Card.parse("TS") for t in later)
    in_play = {c for hand in task.position.hands for c in hand} | set(task.position.trick)
    assert Card.parse("AS") not in in_play
    assert any(task.order.is_trump(c) for c in task.position.hands[Seat.E])
    assert "10♠ — старшая пика" in task.after.ru


def test_lesson_11_says_why_the_partner_gives_his_ten_as_the_solver_plays_it() -> None:
    from kozel_tutor.puzzles.verify import position_after

    task = load_lesson("11_aces").tasks[0]
    assert isinstance(task, BestCardTask) and task.position is not None
    after = position_after(task.position, Card.parse("7H"))
    assert after is not None
    partner = position_after(after, Card.parse("AH"))   # the partner (N) to play
    assert partner is not None and partner.to_move is Seat.N
    analysis = solve(partner, backend="python")
    ten = Card.parse("TD")
    assert analysis.best == [ten]
    for trump in (c for c in analysis.values if c != ten):
        assert analysis.values[ten] - analysis.values[trump] == 11
        # trumping the ace keeps the 10♦, and the A♦ catches it later with W's A♠
        caught = next(t for t in _line(partner, trump.token)
                      if ten in [c for _, c in t.plays])
        assert caught.winner is Seat.E and caught.winning_card == Card.parse("AD")
        assert Card.parse("AS") in [c for _, c in caught.plays]
    assert "урок 9" in task.after.ru and "на 11 очков больше" in task.after.ru
    assert "lesson 9" in task.after.en and "11 points more" in task.after.en


def test_counting_trumps_asks_about_the_other_three_players_each_time() -> None:
    tasks = [t for t in load_lesson("08_counting").tasks if isinstance(t, TrumpsLeftTask)]
    assert len(tasks) == 2
    for task in tasks:
        assert "у трёх других игроков" in task.prompt.ru
        assert "other three players" in task.prompt.en


def test_cards_barred_for_the_same_reason_are_named_together_once() -> None:
    tasks = load_lesson("03_following").tasks
    trump_led, mixed = tasks[-1], tasks[1]
    right = check(trump_led, expected(trump_led).split()[0]).explanation
    assert right.ru == "Верно. 9♠, 8♥, К♥ и 10♦ сюда не подходят: зашли с козыря, нужно " \
        "положить козырь."
    assert right.en == "Right. 9♠, 8♥, K♥ and 10♦ would not do here: a trump was led, you " \
        "must play a trump."
    reasons = check(mixed, "6H").explanation.ru
    assert "Сюда не подходят: Д♥ — нужно ходить в масть, дама червей — козырь" in reasons
    assert "; Т♠, В♣ и 9♦ — нужно ходить в масть, у вас есть черви." in reasons
    assert reasons.count("у вас есть черви") == 1


def test_lesson_1_names_the_seats_and_teaches_the_first_lead_before_asking_it() -> None:
    steps = load_lesson("01_table").steps
    first = steps[0]
    assert isinstance(first, ExplainStep)
    for seat in ("Юг (Ю)", "Север (С)", "Запад (З)", "Восток (В)"):
        assert seat in first.text.ru
    for seat in ("South (S)", "North (N)", "West (W)", "East (E)"):
        assert seat in first.text.en
    ask = next(i for i, s in enumerate(steps) if isinstance(s, SeatTask)
               and s.relation == "first_lead")
    taught = [s.text for s in steps[:ask] if isinstance(s, ExplainStep)]
    assert any("слева от сдающего" in t.ru and "dealer's left" in t.en for t in taught)


def test_lesson_5_teaches_what_the_score_buttons_mean_before_the_first_score() -> None:
    steps = load_lesson("05_deal").steps
    first = next(i for i, s in enumerate(steps) if isinstance(s, DealScoreTask))
    taught = " ".join(s.text.ru for s in steps[:first] if isinstance(s, ExplainStep))
    for fact in ("61 и больше", "31 и больше", "30 или меньше", "ни одной взятки", "60 на 60"):
        assert fact in taught, fact


def test_a_team_is_a_side_everywhere_and_a_pair_only_a_row_of_the_classic_tablo() -> None:
    import re

    for lesson_id in LESSONS:
        for text in _texts(lesson_id):
            assert "команд" not in text.ru.lower() and "team" not in text.en.lower(), text
            if lesson_id != "13_classic":
                assert not re.search(r"\bпар(а|ы|е|у|ой)\b", text.ru.lower()), text.ru
    rows = [s.text.ru for s in load_lesson("13_classic").steps if isinstance(s, ExplainStep)]
    assert any("Пара — это один ряд значков на шестёрке-табло" in t for t in rows)


def test_lesson_13_explains_each_classic_term_it_names_in_its_own_step() -> None:
    steps = [s.text.ru.lower() for s in load_lesson("13_classic").steps
             if isinstance(s, ExplainStep)]
    for term, meaning in (("«сносят»", "кладут любую другую карту"),
                          ("пар", "один ряд значков"),
                          ("«люся»", "все восемь взяток"),
                          ("«штаны»", "по карте сверху и снизу колоды"),
                          ("«двойные штаны»", "по две карты"),
                          ("«зеркало»", "пока не откроется некозырная карта"),
                          ("пересдач", "новую раздачу")):
        assert any(term in text and meaning in text for text in steps), term


def test_the_ace_dump_task_says_which_suits_were_led_and_its_answer_depends_on_them() -> None:
    import dataclasses

    from kozel_tutor.lessons.scenes import scene

    task = next(t for t in load_lesson("13_classic").tasks if isinstance(t, LegalCardTask))
    assert task.led == {Suit.CLUBS}
    assert "заходили в трефы, а в пики ещё ни разу" in task.prompt.ru
    assert "clubs were led, but spades never" in task.prompt.en
    assert scene(task, "ru")["info"] == [
        "Раньше в этой раздаче заходили: трефы. Ещё ни разу не заходили: пики."]
    assert set(expected(task).split()) == {"AC", "8C", "KD"}
    never = dataclasses.replace(task, led=frozenset())
    assert set(expected(never).split()) == {"8C", "KD"}
    data = _raw("13_classic")
    data["steps"][4]["led"] = "D"
    assert _problems(data) == [
        "steps[4].led: the trump suit is not a plain suit: only plain suits count as led"]


def test_lesson_13_asks_the_score_in_rows_of_the_tablo() -> None:
    task = next(t for t in load_lesson("13_classic").tasks if isinstance(t, DealScoreTask))
    assert task.rules.scoring == "classic"
    labels = {c.value: c.label for c in choices(task)}
    assert labels[expected(task)].ru == "Мы (С–Ю) пишем 2 пары"
    assert labels["EW:reset"].ru == "«Люся» — они (В–З) обнуляют наше табло"
    assert "победители пишут две пары" in check(task, "NS:1").explanation.ru


def test_lesson_14_teaches_penalty_points_before_the_catch_writes_them_and_asks_them() -> None:
    from kozel_tutor.rules import find_rules

    steps = load_lesson("14_nizhny").steps
    catch = next(i for i, s in enumerate(steps) if isinstance(s, TrickWinnerTask))
    penalty = next(i for i, s in enumerate(steps)
                   if isinstance(s, ExplainStep) and "штраф" in s.text.ru)
    assert penalty < catch
    after = steps[catch]
    assert isinstance(after, TrickWinnerTask)
    assert "пишут 4 штрафных очка" in after.after.ru and "(З и В)" not in after.after.ru
    task = next(s for s in steps if isinstance(s, DealScoreTask))
    assert steps.index(task) < catch
    labels = {c.value: c.label.ru for c in choices(task)}
    assert labels[expected(task)] == "Нам (С–Ю) пишут 2 штрафных очка"
    # the remark after it: the standard game would have the opponents write the same 2
    assert deal_result(find_rules(), task.points, task.tricks).written == (0, 2)
    assert "соперники записали бы себе 2" in task.after.ru
