"""Puzzle hints say only what is true in the position.

A learner met "You cannot take this trick: what can you spare?" (the Cheapest card theme's hint)
where the K♦ does take the trick: the left opponent can only follow with the 9♦.  The lesson is
to duck, as the K♦ later costs the 10♦ trick (8♦ 108 points, K♦ 94).  Every stored hint is now
checked against its position (:mod:`kozel_tutor.puzzles.hint_facts`), and the cheapest-card hint
says "You could take this trick" where a card does.
"""

from __future__ import annotations

from dataclasses import replace

from kozel_tutor.cards import Card
from kozel_tutor.puzzles.hint_facts import false_hints
from kozel_tutor.puzzles.model import Puzzle, load_catalogue
from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
from kozel_tutor.puzzles.themes import CHEAP_HINTS, current_hint, hints_for, trick_takers
from kozel_tutor.puzzles.verify import analyse

SETS = load_catalogue()
CATALOGUE = {p.id: p for s in SETS for p in s.puzzles}
KING_TAKES = "e3-fc0102aed8"
"""The Beginner path's puzzle 2: the right opponent led the 7♦; you hold 6♣ K♦ 8♦."""


def _beginner_path() -> list[Puzzle]:
    return list(next(s for s in SETS if s.id == "beginner-path").puzzles)


def _cheap_first(puzzle: Puzzle) -> bool:
    return [t for t in puzzle.themes if t != "opening_lead"][:1] == ["cheap_discard"]


def test_every_stored_hint_is_true_in_its_position() -> None:
    # every file, the sets' copies of catalogue puzzles too
    found = [str(f) for s in SETS for p in s.puzzles for f in false_hints(p)]
    assert found == [], "\n".join(found)


def test_the_king_takes_the_trick_and_ducking_is_still_right() -> None:
    puzzle = _beginner_path()[1]
    assert puzzle.id == KING_TAKES and puzzle.themes == ("cheap_discard",)
    assert trick_takers(puzzle.position) == [Card.parse("KD")]
    check = analyse(puzzle.position, puzzle.goal, backend="python")
    points = {card.token: result.points for card, result in check.results.items()}
    assert points == {"8D": 108, "KD": 94}


def test_the_cheapest_card_hint_says_the_trick_can_be_taken_where_a_card_takes_it() -> None:
    puzzle = CATALOGUE[KING_TAKES]
    check = analyse(puzzle.position, puzzle.goal, backend="python")
    hints = hints_for(check, Card.parse("8D"), puzzle.themes)
    assert hints[0] == CHEAP_HINTS[True]
    assert hints[0].en == "You could take this trick, but what would that cost you later?"
    assert hints[0].ru == "Эту взятку можно взять, но во что это обойдётся потом?"
    assert puzzle.hints == hints, "the stored hints are today's"


def test_the_cheapest_card_hint_says_it_cannot_be_taken_where_no_card_takes_it() -> None:
    cannot = [p for p in CATALOGUE.values() if _cheap_first(p) and not trick_takers(p.position)]
    assert len(cannot) > 20
    puzzle = cannot[0]
    check = analyse(puzzle.position, puzzle.goal, backend="python")
    answer = min(check.answers, key=lambda c: c.index)
    assert hints_for(check, answer, puzzle.themes)[0].en == (
        "You cannot take this trick: what can you spare?")
    assert all(p.hints[0] == CHEAP_HINTS[False] for p in cannot)


def test_the_checker_names_a_hint_the_position_contradicts() -> None:
    puzzle = replace(CATALOGUE[KING_TAKES], hints=(CHEAP_HINTS[False],))
    assert [f.why for f in false_hints(puzzle)] == ["KD takes the trick"]


def test_an_old_stored_cannot_take_hint_is_shown_as_it_is_true() -> None:
    # a teacher's file or a learner's review list may hold the hint from before
    old = replace(CATALOGUE[KING_TAKES], hints=(CHEAP_HINTS[False],))
    assert current_hint(CHEAP_HINTS[False], old.position) == CHEAP_HINTS[True]
    player = PuzzlePlayer(SetQueue([old]), lang="en")
    assert player.handle({"type": "hint"})
    assert player.view()["hints"] == [
        "You could take this trick, but what would that cost you later?"]
    cannot = next(p for p in CATALOGUE.values()
                  if _cheap_first(p) and not trick_takers(p.position))
    assert current_hint(CHEAP_HINTS[False], cannot.position) == CHEAP_HINTS[False]
