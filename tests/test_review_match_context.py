"""The deal review scores its deal in the deal's own match, and says what the others' cards did.

* After eggs a deal counts double; in the first deal of ``kozly24`` taking every trick writes 12 on
  the opponents instead of erasing.  The review's Deal column and its "why" sentence say what
  the deal really writes, as the summary, the hint and the AI do.
* Between two of the learner's cards the partner's cards can only lower the most the learner's
  side can make (all cards face up), the opponents' only raise it; the review says so, card by
  card (tests/test_review_swing_and_pass.py: a gift and a loss between the same two cards).
"""

from __future__ import annotations

import random
from typing import Any

from conftest import play_out

from kozel_tutor.ai.context import MatchContext, last_deal_context
from kozel_tutor.app.review import (
    Alternative,
    ReviewStep,
    StepAnalysis,
    Swing,
    analyse_step,
    learner_steps,
    swing,
    swing_text,
)
from kozel_tutor.app.session import LEARNER, MatchSession, Settings
from kozel_tutor.app.views import ReviewUi, TableUi, outcome_text, table_view
from kozel_tutor.cards import Card
from kozel_tutor.position import Position
from kozel_tutor.scoring import deal_result
from kozel_tutor.seats import Seat, Team
from kozel_tutor.solver import Outcome, solve
from kozel_tutor.widgets import check_table_view

# the player's deal (standard, right after eggs): W led the A♦, N played the 9♦, E the 10♠; the
# learner's 10♦ gives the opponents the trick (31 points) and the deal, the 6♦ keeps it eggs
AFTER_EGGS = Position.from_json(
    {"rules": "standard", "deck": 36, "trump": "C",
     "hands": {"N": "TC 8C 6C 9S AH JH 8H", "E": "JC 7C QS KH QH 7H JD",
               "S": "AC KC QC 9C TH QD TD 6D", "W": "KS JS 9H 6H KD 8D 7D"},
     "leader": "W", "trick": ["AD", "9D", "TS"], "taken": {"NS": [0, 0], "EW": [11, 1]},
     "led": "S"})
# kozly24 (the player's seed 3, dealer E): NS have taken every trick so far and take the rest
# whatever the learner plays
KOZLY24_SWEEP = Position.from_json(
    {"rules": "kozly24", "deck": 24, "trump": "C",
     "hands": {"N": "TD 6D", "E": "AS TS", "S": "KC TC QS", "W": "AH KH TH"},
     "leader": "N", "trick": ["AD", "KD"], "taken": {"NS": [32, 3], "EW": [0, 0]}, "led": "S"})


def step_of(position: Position, played: str, context: MatchContext) -> ReviewStep:
    legal = tuple(position.to_state().legal_plays().sorted())
    return ReviewStep(2, 4, Card.parse(played), position, legal, context)


def deal_column(analysis: StepAnalysis, rules_of: Position, lang: str) -> dict[str, str]:
    return {alt.card.token: outcome_text(alt, lang, rules_of.rules)[0]
            for alt in analysis.alternatives}


def played_deal(settings: Settings, seed: int, eggs_first: bool = False) -> MatchSession:
    """A finished deal: the learner plays the solver's best card, the others at random."""
    session = MatchSession(settings, rng=random.Random(seed), start=False)
    if eggs_first:
        session.score.record(deal_result(session.rules, (60, 60), (4, 5)))
    session.start_deal()
    play_out(session, lambda s: solve(Position.from_state(s.deal), outcomes=False).best[0])
    session.finish_deal()
    return session


# -- 1. the deal's match ---------------------------------------------------------------------


def test_after_eggs_the_review_says_what_the_doubled_deal_writes() -> None:
    analysis = analyse_step(step_of(AFTER_EGGS, "TD", MatchContext(multiplier=2)), budget=None)
    assert deal_column(analysis, AFTER_EGGS, "en") == {"6D": "eggs", "TD": "+4 for them"}
    assert deal_column(analysis, AFTER_EGGS, "ru")["TD"] == "+4 им"
    assert analysis.why is not None
    assert analysis.why.en == ("After 10♦ the opponents take this trick (31 points) with A♦: you "
                               "end with 52 instead of 60. You lose the deal (they write 4) "
                               "instead of drawing it (eggs: nobody writes).")
    assert analysis.why.ru.endswith("Вы проигрываете раздачу (соперники пишут 4), а не сводите "
                                    "её вничью (яйца: никто не пишет).")
    # a deal on its own writes 2
    alone = analyse_step(step_of(AFTER_EGGS, "TD", MatchContext()), budget=None)
    assert deal_column(alone, AFTER_EGGS, "en")["TD"] == "+2 for them"


def test_a_sweep_in_the_first_kozly24_deal_writes_12_on_the_opponents_in_the_review() -> None:
    first = analyse_step(step_of(KOZLY24_SWEEP, "TC", MatchContext(first_deal=True)),
                         budget=None)
    assert {alt.outcome for alt in first.alternatives} == {Outcome(Team.NS, 12, False)}
    assert set(deal_column(first, KOZLY24_SWEEP, "en").values()) == {"they are written 12"}
    assert set(deal_column(first, KOZLY24_SWEEP, "ru").values()) == {"соперникам пишут 12"}
    # later in the match the same sweep erases the sweepers' own points
    later = analyse_step(step_of(KOZLY24_SWEEP, "TC", MatchContext()), budget=None)
    assert set(deal_column(later, KOZLY24_SWEEP, "en").values()) == {"you erase your points"}


def test_the_review_of_a_session_is_scored_in_the_deal_the_learner_played() -> None:
    """The last card's outcome is the deal's real result, as the summary shows it."""
    for settings, eggs_first, multiplier, first_deal in (
            (Settings(level="random"), True, 2, False),
            (Settings(level="random", variant="kozly24"), False, 1, True)):
        session = played_deal(settings, seed=5, eggs_first=eggs_first)
        context = last_deal_context(session.score)
        assert (context.multiplier, context.first_deal) == (multiplier, first_deal)
        assert session.last_deal is not None
        steps = learner_steps(session.last_deal, session.rules, context)
        assert all(step.context == context for step in steps)
        last = analyse_step(steps[-1], budget=None)
        played = next(alt for alt in last.alternatives if alt.card == steps[-1].played)
        assert played.outcome == Outcome.of(session.score.results[-1])


def test_the_match_scores_a_deal_as_its_context_does() -> None:
    """MatchContext.result_of is the match's own scoring (Match.result_of) for the review."""
    from kozel_tutor.rules import find_rules
    rules = find_rules("kozly24")
    sweep = MatchContext(first_deal=True).result_of(rules, (120, 0), (6, 0))
    assert (sweep.winner, sweep.written, sweep.reset) == (Team.NS, (0, 12), None)
    assert MatchContext().result_of(rules, (120, 0), (6, 0)).reset is Team.NS
    doubled = MatchContext(multiplier=2).result_of(rules, (100, 20), (5, 1))
    assert doubled.written == (0, 8)


# -- 3. what the others' cards did -----------------------------------------------------------


def _analysis(number: int, played: str, values: dict[str, int],
              others: tuple[tuple[Seat, Card], ...] = (),
              between: tuple[int | None, ...] | None = None) -> StepAnalysis:
    """A step whose cards are worth ``values`` (exact, no solve), and the positions between
    the ``others``' cards ``between``."""
    cards = tuple(Card.parse(token) for token in values)
    step = ReviewStep(number, 4 * number, Card.parse(played), AFTER_EGGS, cards, others=others)
    return StepAnalysis(step, tuple(Alternative(Card.parse(token), value, value)
                                    for token, value in values.items()), between=between)


NINA_QH = ((Seat.E, Card.parse("7H")), (Seat.S, Card.parse("KH")), (Seat.W, Card.parse("8H")),
           (Seat.N, Card.parse("QH")))


def test_a_fall_caused_by_the_partners_card_is_said_without_blame() -> None:
    before = _analysis(4, "AH", {"AH": 101, "7S": 96})
    forced = _analysis(5, "JH", {"JH": 80},
                       others=((Seat.W, Card.parse("6S")), (Seat.N, Card.parse("QH")),
                               (Seat.E, Card.parse("KH"))), between=(101, 80))
    change = swing(before, forced)
    assert change == (Swing(101, 80, ((Seat.N, Card.parse("QH")),)),)
    assert swing_text(change, "en") == (
        "After Nina's Q♥, the most your side can make with all the cards face up fell from 101 "
        "to 80 points. Nina cannot see the hidden cards, so this may be just bad luck.")
    assert swing_text(change, "ru") == (
        "После хода Нины (Д♥) ваша сторона, если видеть все карты, может набрать уже не 101, "
        "а 80 очков. Нина не видит чужих карт, так что это может быть просто невезение.")


def test_a_rise_names_the_opponents_cards() -> None:
    before = _analysis(2, "7S", {"7S": 40, "AH": 35})
    after = _analysis(3, "KC", {"KC": 61, "9C": 50},
                      others=((Seat.W, Card.parse("AH")), (Seat.N, Card.parse("6D")),
                              (Seat.E, Card.parse("9S")), (Seat.W, Card.parse("JH"))),
                      between=(45, 45, 50))   # Nina's 6♦ did not move it: not named
    change = swing(before, after)
    assert len(change) == 1 and not change[0].fell
    assert swing_text(change, "en") == (
        "After Fedor's A♥ and J♥ and Gleb's 9♠, the most your side can make with all the cards "
        "face up rose from 40 to 61 points: the opponents cannot see the hidden cards either.")
    assert swing_text(change, "ru") == (
        "После ходов Фёдора (Т♥, В♥) и Глеба (9♠) ваша сторона, если видеть все карты, может "
        "набрать уже не 40, а 61 очко: соперники тоже не видят чужих карт.")


def test_no_swing_without_a_change_an_exact_previous_card_or_with_the_catch() -> None:
    current = _analysis(5, "JH", {"JH": 80}, others=((Seat.N, Card.parse("QH")),))
    assert swing(None, current) == ()
    assert swing(_analysis(4, "AH", {"AH": 80}), current) == ()
    assert swing(_analysis(3, "AH", {"AH": 101}), current) == (), "not the card before"
    ranged = StepAnalysis(_analysis(4, "AH", {}).step,
                          (Alternative(Card.parse("AH"), 90, 101),))
    assert swing(ranged, current) == ()
    caught = StepAnalysis(_analysis(4, "AH", {}).step,
                          (Alternative(Card.parse("AH"), 91, 91, catch=True),))
    assert swing(caught, current) == ()


def review_lines(session: MatchSession, review: ReviewUi, lang: str) -> list[str]:
    view = check_table_view(table_view(session, TableUi(lang=lang, mode="review",
                                                        review=review)))
    overlay: dict[str, Any] = view["overlay"]
    lines: list[str] = overlay["lines"]
    return lines


def test_the_review_shows_the_swing_after_your_card_once_the_card_before_is_analysed() -> None:
    session = played_deal(Settings(level="random"), seed=1)
    assert session.last_deal is not None
    steps = learner_steps(session.last_deal, session.rules, last_deal_context(session.score))
    # the learner's 2nd card: partner Nina's A♣ lead, after the learner's 1st card, cost 5 points
    assert [(seat, card.token) for seat, card in steps[1].others if seat == LEARNER.partner] \
        == [(Seat.N, "AC")]
    review = ReviewUi(steps, index=1, analyses={1: analyse_step(steps[1], budget=None)})
    assert not any(line.startswith("After") for line in review_lines(session, review, "en"))
    review.analyses[0] = analyse_step(steps[0], budget=None)
    lines = review_lines(session, review, "en")
    # your card's line first, kept in sight on a short screen; then what the others did
    assert lines[0] == f"You played the {steps[1].played.name_in('en')}."
    assert lines[1] == ("After Nina's A♣, the most your side can make with all the cards face up "
                        "fell from 5 to 0 points. Nina cannot see the hidden cards, so this may "
                        "be just bad luck.")
    assert review_lines(session, review, "ru")[1].startswith("После хода Нины (Т♣)")


def test_the_tables_review_button_reviews_the_deal_in_its_match(tmp_path: Any) -> None:
    """The app's review (the table's Review button) gets the deal's context, not a bare one."""
    from kozel_tutor.app.play_view import Pace, PlayScreen
    from kozel_tutor.app.store import Store
    from kozel_tutor.widgets import Command

    screen = PlayScreen(Store(tmp_path / "progress.sqlite3"), lang="en",
                        pace=Pace(card=0.0, trick=0.0))
    screen.start(Settings(level="random", variant="kozly24"), rng=random.Random(5))
    session = screen.session
    assert session is not None
    while not session.deal_recorded:
        assert screen.wait_idle(30)
        if session.asking:
            session.answer(0)
        elif session.learner_to_act:
            screen.handle(Command("play", sorted(session.deal.legal_plays())[0].token))
    assert screen.wait_idle(30)
    screen.handle(Command("button", "review"))
    review = screen.ui.review
    assert review is not None and review.steps
    assert all(step.context.first_deal for step in review.steps)
    screen.handle(Command("button", "close"))
