"""The tutor's words on the positions a beginner reviewer met, checked against the solver.

* A missed card is compared with the best card of the best deal result: where a best card takes
  every trick (6) and another only the points (4), the words never say "4 either way", and the
  deal review lists the equal-point cards better result first.
* The trick the tutor blames for a loss is the one that costs the points: not a 2-point trick
  ahead of the 27-point one that decides the deal.
* A ``ruff_or_not`` puzzle's first hint points the way its answer goes (trump, or keep the trump)
  without naming the card, in the catalogue as built and in both languages.
"""

from __future__ import annotations

from kozel_tutor.app.review import ReviewStep, analyse_step
from kozel_tutor.app.views import outcome_text
from kozel_tutor.cards import Card
from kozel_tutor.position import Position
from kozel_tutor.puzzles.explain import best_answer, card_report
from kozel_tutor.puzzles.model import Goal, Puzzle, Text, load_catalogue
from kozel_tutor.puzzles.themes import RUFF_HINTS, THEMES, current_hint, hints_for
from kozel_tutor.puzzles.verify import analyse, legal_cards, line_after, play_line

CATALOGUE = {p.id: p for s in load_catalogue() for p in s.puzzles}

# the reviewer's first deal: W led the 10♠, Nina (N) the A♠, E the K♠; the learner's A♥ feeds
# the partner's ace. The A♣ and J♠ make 120 but let the opponents take a 0-point trick (you
# write 4); the 7♥ and the diamonds take every trick (you write 6); the A♥ and Q♠ make 110.
FIRST_DEAL = Position.from_json(
    {"rules": "standard", "trump": "C",
     "hands": {"N": "QC QH JC JH 7C 8S 6S 8H", "E": "TC 9C 8C 6C TH AD KD 6D",
               "S": "QS JS AC AH 7H TD 9D 8D 7D", "W": "QD JD KC 9S 7S KH 9H 6H"},
     "leader": "W", "trick": ["TS", "AS", "KS"], "taken": {"NS": [0, 0], "EW": [0, 0]}})
SWEEPS = ["7H", "7D", "8D", "9D", "TD"]


def test_a_miss_is_compared_with_the_best_card_of_the_best_deal_result() -> None:
    check = analyse(FIRST_DEAL, Goal.MAX_POINTS)
    assert {c.token for c in check.answers} == {"AC", "JS", *SWEEPS}
    assert best_answer(check) == Card.parse("7H")   # 120 and a sweep; the A♣ only writes 4
    report = card_report(check, Card.parse("AH"))
    assert report.text.en == ("After A♥ the opponents take the next trick (10 points) with 10♣: "
                              "you end with 110 instead of 120. You win the deal (you write 4), "
                              "whereas with the best card you would write 6.")
    assert report.text.ru == ("После Т♥ соперники забирают следующую взятку (10 очков) картой "
                              "10♣: у вас 110 вместо 120. Вы выигрываете раздачу (вы пишете 4), "
                              "а при лучшем ходе вы писали бы 6.")


def test_a_miss_with_the_same_result_as_the_best_card_says_either_way() -> None:
    # 94 instead of 108 with the K♦: 4 either way, as with the best card
    puzzle = CATALOGUE["e3-fc0102aed8"]
    report = card_report(analyse(puzzle.position, puzzle.goal), Card.parse("KD"))
    assert report.text.en.endswith("you end with 94 instead of 108. With best play from here, "
                                   "you win the deal either way (you write 4).")
    assert report.text.ru.endswith("у вас 94 вместо 108. Если дальше все играют безошибочно, "
                                   "вы в любом случае выигрываете раздачу (вы пишете 4).")


def test_the_review_lists_equal_points_better_deal_result_first() -> None:
    legal = tuple(sorted(legal_cards(FIRST_DEAL)))
    step = ReviewStep(1, 3, Card.parse("AH"), FIRST_DEAL, legal)
    analysis = analyse_step(step, budget=None)
    rows = [(alt.card.token, alt.low, outcome_text(alt, "ru", FIRST_DEAL.rules)[0])
            for alt in analysis.alternatives]
    # the top row was «Т♣ 120 +4 нам» (trumping the partner's winning ace)
    assert rows == [*((card, 120, "+6 нам") for card in SWEEPS),
                    ("AC", 120, "+4 нам"), ("JS", 120, "+4 нам"),
                    ("QS", 110, "+4 нам"), ("AH", 110, "+4 нам")], rows
    assert analysis.why is not None and "either way" not in analysis.why.en
    assert "в любом случае" not in analysis.why.ru and "писали бы 6" in analysis.why.ru


def test_the_tutor_blames_the_trick_that_costs_the_points() -> None:
    # after the Q♠ the opponents take 2 points with the J♠, then 27 with the J♦ in the last
    # trick: 36 instead of 63, and it is the 27 that the words name
    puzzle = CATALOGUE["e4-9a99c1446a"]
    check = analyse(puzzle.position, puzzle.goal)
    report = card_report(check, Card.parse("QS"))
    assert [t.points for t in report.tricks] == [8, 15, 2, 27]
    assert report.text.en.startswith("After Q♠ the opponents take a trick (27 points) with J♦ "
                                     "three tricks later: you end with 36 instead of 63")
    assert report.text.ru.startswith("После Д♠ через три взятки соперники забирают взятку "
                                     "(27 очков) картой В♦: у вас 36 вместо 63")


def test_the_blamed_trick_is_where_the_opponents_gain_most_over_the_best_line() -> None:
    # every wrong card of the small endings: the named trick is the opponents', and at no other
    # trick do they gain more over the best line's same trick
    for puzzle in [p for p in CATALOGUE.values() if p.cards <= 3][:60]:
        if puzzle.goal in (Goal.TAKE_TRICK, Goal.ALL_TRICKS):
            continue
        check = analyse(puzzle.position, puzzle.goal)
        team = puzzle.position.to_move.team
        best = play_line(puzzle.position, line_after(puzzle.position, best_answer(check),
                                                     puzzle.goal))
        for group in check.classes:
            if group[0] in check.answers:
                continue
            report = card_report(check, group[0])
            gains = [(t.points if t.winner.team != team else 0)
                     - (b.points if b.winner.team != team else 0)
                     for t, b in zip(report.tricks, best, strict=False)]
            named = [i for i, t in enumerate(report.tricks)
                     if t.winner.team != team and f"({t.points} point" in report.text.en
                     and t.winning_card.label("en") in report.text.en]
            assert named, (puzzle.id, report.text.en)
            assert max(gains[i] for i in named) == max(gains), (puzzle.id, report.text.en)


def _ruffs(puzzle: Puzzle) -> bool:
    order = puzzle.position.rules.card_order(puzzle.position.trump)
    return order.is_trump(min(puzzle.answers, key=lambda c: c.index))


def test_the_reviewers_ruff_puzzle_hints_at_what_the_trick_decides() -> None:
    # Gleb leads the 6♥ (no points); the learner has no hearts and must trump with the J♥
    puzzle = CATALOGUE["e6-c6c266f1e5"]
    assert puzzle.themes[0] == "ruff_or_not" and puzzle.answers == {Card.parse("JH")}
    assert puzzle.hints[0] == RUFF_HINTS[True]
    assert puzzle.hints[0].ru == ("Если вы не побьёте козырем, кто заберёт эту взятку и во что "
                                  "это обойдётся вашей стороне?")
    assert "В♥" not in puzzle.hints[0].ru and "J♥" not in puzzle.hints[0].en


def test_every_stored_ruff_or_not_hint_points_the_way_of_its_answer() -> None:
    led = {True: 0, False: 0}
    for puzzle in CATALOGUE.values():
        strategic = [t for t in puzzle.themes if t != "opening_lead"]
        if not strategic or strategic[0] != "ruff_or_not":
            continue
        ruffs = _ruffs(puzzle)
        led[ruffs] += 1
        assert puzzle.hints[0] == RUFF_HINTS[ruffs], (puzzle.id, puzzle.hints[0])
    assert led[True] > 40 and led[False] > 10   # both ways are met


def test_hints_for_a_discard_answer_say_the_trump_is_worth_more_later() -> None:
    puzzle = next(p for p in CATALOGUE.values()
                  if p.themes[:1] == ("ruff_or_not",) and not _ruffs(p))
    check = analyse(puzzle.position, puzzle.goal)
    answer = min(check.answers, key=lambda c: c.index)
    hints = hints_for(check, answer, puzzle.themes)
    assert hints[0] == Text("Козырь может пригодиться позже: что он возьмёт, если вы его "
                            "прибережёте?",
                            "A trump may be worth more later: what could it take if you keep "
                            "it?")


def test_an_old_stored_ruff_hint_is_shown_as_the_two_way_question() -> None:
    old = Text("Стоит ли эта взятка козыря?", "Is this trick worth a trump?")
    assert current_hint(old) == THEMES["ruff_or_not"].hint
    assert current_hint(old).ru == "Побить козырем или приберечь его: что будет после этой взятки?"
