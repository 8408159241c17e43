"""Two things the table learns that the deal review and the deal summary must tell exactly.

* Between two of the learner's cards, an opponent's card can raise the most the learner's side
  can make (all cards face up) and the partner's then lower it.  The review tells each swing with
  its own values (the opponent's gift, then the partner's loss from the value just before her
  card), never the net of the two charged to the partner.
* A last trump passed before play (``classic``, ``kozly24``) is told again in the deal summary as
  the question panel told it: the learner's side names the cards, the other side's pass only
  says that a card went face down.
"""

from __future__ import annotations

import random

from conftest import play_out

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
from kozel_tutor.app.variant_views import event_lines
from kozel_tutor.app.views import TableUi, table_view
from kozel_tutor.cards import Card, CardSet
from kozel_tutor.position import Position
from kozel_tutor.records import DealRecord
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat
from kozel_tutor.solver import solve
from kozel_tutor.widgets import check_table_view

CLASSIC = find_rules("classic")

# A classic deal (W holds the 7♦ and leads).  The learner's 2nd card, the 7♥ under Gleb's K♥,
# keeps 32 points in reach; Fedor's 8♣ then gives the side 4 more (36), Nina's 9♥ throws 15 of
# them away (21), and Gleb's A♣ changes nothing before the learner's 3rd card.
GIFT_THEN_LOSS = DealRecord(
    Seat.N,
    (CardSet.parse("KC TC QS AH 9H AD TD 9D"), CardSet.parse("AC QC JS TS KH KD JD 8D"),
     CardSet.parse("9C 7C AS KS 9S TH 8H 7H"), CardSet.parse("JC 8C 8S 7S QH JH QD 7D")),
    None, [Card.parse(token) for token in ("JC", "QS", "QC", "7C", "KH", "7H", "8C", "9H",
                                           "AC", "9C")],
    leader=Seat.W)


def _ns_best(position: Position) -> int:
    """The most NS can make from ``position``, solved on its own."""
    analysis = solve(position, outcomes=False)
    assert analysis.value is not None
    return analysis.value if position.to_move.team == LEARNER.team else 120 - analysis.value


def test_an_opponents_gift_before_the_partners_loss_is_told_apart_not_netted() -> None:
    steps = learner_steps(GIFT_THEN_LOSS, CLASSIC)
    second, third = steps[1], steps[2]
    assert [(seat, card.token) for seat, card in third.others] == [
        (Seat.W, "8C"), (Seat.N, "9H"), (Seat.E, "AC")]
    # the positions after Fedor's 8♣ and after Nina's 9♥, each solved on its own
    assert [_ns_best(position) for position in third.between] == [36, 21]
    previous, current = analyse_step(second, budget=None), analyse_step(third, budget=None)
    assert current.between == (36, 21)
    changes = swing(previous, current)
    assert changes == (Swing(32, 36, ((Seat.W, Card.parse("8C")),)),
                       Swing(36, 21, ((Seat.N, Card.parse("9H")),)))
    assert swing_text(changes, "en") == (
        "After Fedor's 8♣, the most your side can make with all the cards face up rose from 32 "
        "to 36 points: the opponents cannot see the hidden cards either. Then after Nina's 9♥, "
        "it fell from 36 to 21 points. Nina cannot see the hidden cards, so this may be just "
        "bad luck.")
    assert swing_text(changes, "ru") == (
        "После хода Фёдора (8♣) ваша сторона, если видеть все карты, может набрать уже не 32, "
        "а 36 очков: соперники тоже не видят чужих карт. Затем после хода Нины (9♥) она может "
        "набрать уже не 36, а 21 очко. Нина не видит чужих карт, так что это может быть "
        "просто невезение.")


def _step(number: int, played: str, values: dict[str, int],
          others: tuple[tuple[Seat, Card], ...] = (),
          between: tuple[int | None, ...] | None = None) -> StepAnalysis:
    """A step whose cards are worth ``values`` (exact, no solve)."""
    position = learner_steps(GIFT_THEN_LOSS, CLASSIC)[0].position
    step = ReviewStep(number, 4 * number, Card.parse(played), position,
                      tuple(Card.parse(token) for token in values), others=others)
    return StepAnalysis(step, tuple(Alternative(Card.parse(token), value, value)
                                    for token, value in values.items()), between=between)


MIXED = ((Seat.W, Card.parse("8C")), (Seat.N, Card.parse("9H")), (Seat.E, Card.parse("AC")))


def test_a_gift_and_a_loss_that_cancel_out_are_both_told() -> None:
    before = _step(2, "7H", {"7H": 32})
    after = _step(3, "9C", {"9C": 32}, others=MIXED, between=(36, 32))
    assert swing(before, after) == (Swing(32, 36, (MIXED[0],)), Swing(36, 32, (MIXED[1],)))


def test_without_the_values_between_both_sides_cards_no_swing_is_charged_to_either() -> None:
    before = _step(2, "7H", {"7H": 32})
    for between in (None, (36, None), (36,)):
        assert swing(before, _step(3, "9C", {"9C": 21}, others=MIXED, between=between)) == ()
    # one side's cards alone: whatever each did, together they made the whole change
    opponents = ((Seat.W, Card.parse("8C")), (Seat.E, Card.parse("AC")))
    assert swing(before, _step(3, "9C", {"9C": 40}, others=opponents)) == (
        Swing(32, 40, opponents),)


def test_the_positions_between_are_solved_within_their_budget_or_left_unknown() -> None:
    from kozel_tutor.ai.pimc import backend_for
    from kozel_tutor.app.review import _between_values

    third = learner_steps(GIFT_THEN_LOSS, CLASSIC)[2]
    assert len(third.between) == len(third.others) - 1
    assert _between_values(third, backend_for(CLASSIC), None) == (36, 21)
    # no time left for them: unknown, and then no swing is charged to either side
    assert _between_values(third, backend_for(CLASSIC), 0.0) == (None, None)


# -- the deal summary ---------------------------------------------------------------------------

# the reviewer's classic match, its first deal: the learner passed the Q♠ (the only trump) to
# Nina, who gave the 9♠ back
LEARNER_PASSED = {
    "format": "kozel-tutor/match", "version": 2,
    "settings": {"level": "hard", "trump": "clubs", "deck": 36, "match": 12, "pace": "relaxed",
                 "variant": "classic"},
    "first_dealer": "N",
    "deals": [{"seed": 6989462622131424947, "answers": [0, 1, 2],
               "plays": GIFT_THEN_LOSS.to_dict()["plays"] + [
                   "7S", "TC", "KD", "9S", "JH", "9D", "7D", "TD", "8D", "TH", "AD", "JS", "8H",
                   "QH", "8S", "AH", "TS", "AS", "KS", "QD", "KC", "JD"]}],
    "deal_recorded": True, "illegal_attempts": 0}


def _summary_lines(session: MatchSession, lang: str) -> list[str]:
    view = check_table_view(table_view(session, TableUi(lang=lang, mode="summary")))
    lines: list[str] = view["overlay"]["lines"]
    return lines


def test_the_summary_says_the_learner_passed_the_last_trump_and_what_came_back() -> None:
    session = MatchSession.from_json(LEARNER_PASSED)
    assert session.score.results
    assert _summary_lines(session, "en") == [
        "You passed the last trump, the queen of spades, to Nina.",
        "Nina gave the nine of spades back to you.",
        "Fedor and Gleb took 68 points, fewer than 90: they write one row."]
    assert _summary_lines(session, "ru")[:2] == [
        "Вы отдали Нине последний козырь — даму пик.", "Нина вернула вам девятку пик."]


def _first_deal(seed: int) -> MatchSession:
    """The first classic deal of shuffle ``seed``, played out (the learner keeps a lone trump
    and plays the lowest card) and scored."""
    session = MatchSession(Settings(level="random", variant="classic"), first_dealer=Seat.W,
                           start=False, rng=random.Random(1))
    session._begin_run(seed)
    play_out(session)
    session.finish_deal()
    return session


def test_the_summary_says_an_opponent_passed_a_card_face_down_not_which() -> None:
    session = _first_deal(27)   # Gleb holds a single trump and passes it to Fedor
    told = event_lines(session, "en")   # as the table told it before play
    assert told == ["Gleb passed a card face down to Fedor."]
    assert _summary_lines(session, "en")[0] == told[0]
    assert _summary_lines(session, "ru")[0] == "Глеб передал Фёдору карту втёмную."


def test_the_summary_says_what_nina_passed_to_the_learner() -> None:
    session = _first_deal(5)   # Nina passes her single trump to the learner, who gives one back
    lines = _summary_lines(session, "en")
    passed = [event for event in session.events if event.key.startswith("ev_gave")]
    trump, back = passed[0].params["card"], passed[1].params["card"]
    assert lines[:2] == [f"Nina passed the last trump, the {trump.name_in('en')}, to you.",
                         f"You gave the {back.name_in('en')} back to Nina."]
    assert _summary_lines(session, "ru")[0].startswith("Нина отдала вам последний козырь — ")
