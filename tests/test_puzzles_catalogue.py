"""Every puzzle in ``puzzles/`` is re-solved: its answers, its goal and the uniqueness of its best
card must still hold.

Endings (up to 6 cards) are re-solved with the pure-Python reference solver.  Full-hand opening
leads need the native core: with it every one is re-solved exactly; without it a time-budgeted
check runs on each and must not contradict the puzzle, and a warning says how many could not
be settled (nothing is skipped silently).

Every puzzle is re-solved under its own position's rules: the variants' files
(``variant-classic.json``, ``variant-nizhny.json``, ``variant-kozly24.json``) with their decks,
trumps, lead rules, the catch and their deal-score tables.
"""

from __future__ import annotations

import warnings
from collections import Counter

import pytest

from kozel_tutor.position import Position
from kozel_tutor.puzzles.generate import category_of
from kozel_tutor.puzzles.model import THEME_IDS, Puzzle, catalogue_dir, load_catalogue, load_set
from kozel_tutor.puzzles.variants import goal_threshold
from kozel_tutor.puzzles.verify import analyse, check_puzzle, legal_cards
from kozel_tutor.rules import find_rules
from kozel_tutor.solver import available_backends

SETS = load_catalogue()
PUZZLES: dict[str, Puzzle] = {}
for _set in SETS:
    for _puzzle in _set.puzzles:
        PUZZLES.setdefault(_puzzle.id, _puzzle)
ENDINGS = [p for p in PUZZLES.values() if p.cards <= 6 and category_of(p.position) != "open"]
FULL_HANDS = [p for p in PUZZLES.values() if p.cards > 6 or category_of(p.position) == "open"]
VARIANTS = ("classic", "nizhny", "kozly24")
NATIVE = "native" in available_backends()
BUDGET = 1.0


def test_the_catalogue_holds_at_least_300_puzzles() -> None:
    catalogue = [p for s in SETS if s.id.startswith("catalogue-") for p in s.puzzles]
    assert len({p.id for p in catalogue}) >= 300


def test_the_catalogue_has_every_ending_size_and_opening_leads() -> None:
    sizes = Counter(p.cards for p in PUZZLES.values() if p.variant == "standard")
    for cards in (3, 4, 5, 6):
        assert sizes[cards] >= 20, f"only {sizes[cards]} puzzles with {cards} cards"
    assert len([p for p in FULL_HANDS if p.variant == "standard"]) >= 20


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_has_a_catalogue_file_of_mixed_sizes(variant: str) -> None:
    puzzle_set = load_set(catalogue_dir() / "catalogue" / f"variant-{variant}.json")
    assert puzzle_set.id == f"catalogue-variant-{variant}"
    assert len(puzzle_set.puzzles) >= 15
    assert {p.variant for p in puzzle_set.puzzles} == {variant}
    assert all(p.position.rules == find_rules(variant) for p in puzzle_set.puzzles)
    assert len({category_of(p.position) for p in puzzle_set.puzzles}) >= 3
    assert all(p.title.ru and p.title.en and p.id.startswith(f"{variant}-")
               for p in puzzle_set.puzzles)


@pytest.mark.parametrize("variant", ("classic", "nizhny"))
def test_a_variant_puzzle_has_another_answer_under_the_standard_rules(variant: str) -> None:
    """The rules matter: for some committed puzzle of the variant, the same cards solved under the
    standard rules (36 or 32 cards, same trump suit) give other answers or no unique one."""
    puzzles = [p for p in PUZZLES.values() if p.variant == variant and p.cards <= 4]
    assert puzzles
    for puzzle in sorted(puzzles, key=lambda p: p.id):
        pos = puzzle.position
        trump = "clubs" if pos.trump == find_rules("standard").trump else "called"
        standard = find_rules("standard", deck=pos.rules.deck, trump=trump)
        moved = Position(standard, pos.trump, pos.hands, pos.leader, pos.trick,
                         pos.taken_points, pos.taken_tricks, pos.led)
        check = analyse(moved, puzzle.goal, backend="python")
        if not check.unique or check.answers != puzzle.answers:
            return
    pytest.fail(f"every {variant} puzzle has the same answers under the standard rules")


def test_every_theme_is_represented() -> None:
    themes = Counter(t for p in PUZZLES.values() for t in p.themes)
    missing = [t for t in THEME_IDS if themes[t] == 0]
    assert not missing, f"themes without a puzzle: {missing}"


def test_every_set_file_loads_and_the_curated_sets_exist() -> None:
    assert (catalogue_dir() / "sets").is_dir()
    curated = [s for s in SETS if not s.id.startswith("catalogue-")]
    assert curated and all(s.puzzles for s in curated)
    assert any(s.id == "beginner-path" for s in curated)


def test_both_views_are_used() -> None:
    views = Counter(p.view.value for p in PUZZLES.values())
    assert views["double_dummy"] and views["own_hand"]


@pytest.mark.parametrize("puzzle", ENDINGS, ids=[p.id for p in ENDINGS])
def test_ending_re_solves_to_its_answers(puzzle: Puzzle) -> None:
    check, problems = check_puzzle(puzzle, backend="python")
    assert check.exact
    assert problems == [], f"{puzzle.id}: {problems}"


@pytest.mark.parametrize("puzzle", FULL_HANDS, ids=[p.id for p in FULL_HANDS])
def test_full_hand_re_solves_to_its_answers(puzzle: Puzzle) -> None:
    if NATIVE:
        check, problems = check_puzzle(puzzle, backend="native")
        assert check.exact and problems == [], f"{puzzle.id}: {problems}"
        return
    check, problems = check_puzzle(puzzle, backend="python", budget=BUDGET)
    for card, result in check.results.items():
        if card in puzzle.answers:
            assert result.achieves is not False, f"{puzzle.id}: answer {card} proven wrong"
        elif goal_threshold(puzzle.goal, puzzle.position.rules) is not None:
            assert result.achieves is not True, f"{puzzle.id}: {card} proven to reach the goal"
    if not check.exact or problems:
        warnings.warn(f"{puzzle.id}: the pure-Python solver could not settle this full-hand "
                      f"puzzle in {BUDGET} s (build the native core to check it exactly)",
                      stacklevel=1)


SUIT_HINTS = {f"{verb} {suit}." for verb in ("Play", "Lead")
              for suit in ("a trump", "a club", "a spade", "a heart", "a diamond")}


def test_a_suit_hint_says_lead_for_a_lead_and_play_for_a_follow() -> None:
    """«Зайдите с пик.» / "Lead a spade." when the learner leads, «Сыграйте пикой.» / "Play a
    spade." on a trick already begun; never the old «Играйте пику.»."""
    hinted = 0
    for puzzle in (p for s in load_catalogue() for p in s.puzzles):
        for hint in puzzle.hints:
            assert not hint.ru.startswith("Играйте"), (puzzle.id, hint.ru)
            if hint.en in SUIT_HINTS:
                hinted += 1
                lead = not puzzle.position.trick
                assert hint.en.startswith("Lead" if lead else "Play"), (puzzle.id, hint.en)
                assert hint.ru.startswith("Зайдите с " if lead else "Сыграйте "), (puzzle.id,
                                                                                   hint.ru)
    assert hinted > 100


def test_no_hint_names_the_suit_when_every_legal_card_is_of_that_suit() -> None:
    stored = [p for s in load_catalogue() for p in s.puzzles]
    forced = 0
    for puzzle in stored:
        order = puzzle.position.rules.card_order(puzzle.position.trump)
        suits = {order.effective_suit(c) for c in legal_cards(puzzle.position)}
        if len(suits) == 1:
            forced += 1
            said = [h.en for h in puzzle.hints]
            assert not SUIT_HINTS & set(said), (puzzle.id, said)
            assert not any("of that suit" in h for h in said), (puzzle.id, said)
    assert forced > 100   # a third of the endings: the test is not vacuous
