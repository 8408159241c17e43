"""Puzzles: the format, the solver's verdict per goal, themes, the tutor's words, the player.

Each test is named after the rule it checks (docs/puzzles.md).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from kozel_tutor.cards import Card
from kozel_tutor.position import Position
from kozel_tutor.puzzles.explain import card_report
from kozel_tutor.puzzles.generate import build_puzzle, mine, rate_difficulty
from kozel_tutor.puzzles.glicko import Rating, expected_score, update
from kozel_tutor.puzzles.model import (
    THEME_IDS,
    Goal,
    Puzzle,
    PuzzleError,
    PuzzleProblem,
    PuzzleSet,
    Text,
    View,
    load_set,
    rotate_position,
    save_set,
)
from kozel_tutor.puzzles.notebook import find_set
from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
from kozel_tutor.puzzles.progress import DAY, RERATE_AFTER, Progress
from kozel_tutor.puzzles.themes import THEMES, tag_themes
from kozel_tutor.puzzles.verify import (
    LineTrick,
    analyse,
    check_puzzle,
    check_set_answers,
    equivalence_classes,
    legal_cards,
    line_after,
)
from kozel_tutor.solver import Analysis, solve

PY = "python"


def pos(hands: dict[str, str], leader: str, taken: dict[str, list[int]],
        trick: tuple[str, ...] = (), led: str = "") -> Position:
    data: dict[str, object] = {"hands": hands, "leader": leader, "taken": taken,
                               "trick": list(trick)}
    if led:
        data["led"] = led
    return Position.from_json(data)


# Two spades of one hand with nothing between them: JS and JH are trumps next to each other.
EQUIVALENT = pos({"N": "TD 9D", "E": "JC TH", "S": "JS QH JH", "W": "TC 9C QS"}, "N",
                 {"NS": [39, 4], "EW": [37, 2]}, ("7D", "JD"), "SHD")
# AS and TH both make 61: two different answers.
TWO_ANSWERS = pos({"N": "QC QH 9D", "E": "7S 8H AD", "S": "7C AS TH", "W": "8S 8D 7D"}, "S",
                  {"NS": [43, 4], "EW": [39, 2]}, led="SHD")
# E (no trick yet) must keep the TH to take a trick later: 6H now.
TAKE_TRICK = pos({"N": "8D 7D", "E": "KS TH 6H", "S": "AC 7H", "W": "AD KD"}, "S",
                 {"NS": [65, 6], "EW": [0, 0]}, ("AH", "8H", "KH"), "S")
# E leads and EW can take every trick only with a queen.
ALL_TRICKS = pos({"N": "JC 8H 7H", "E": "KC QS QH", "S": "TC 8C TH", "W": "AS TS 7S"}, "E",
                 {"NS": [0, 0], "EW": [67, 6]}, led="SD")
SMALL = pos({"N": "QC 9S", "E": "JD AH", "S": "TC 7S", "W": "KH 6D"}, "N",
            {"NS": [40, 4], "EW": [50, 3]})


def tokens(cards: object) -> list[str]:
    return sorted(c.token for c in cards)  # type: ignore[attr-defined]


def puzzle_dict(**changes: object) -> dict[str, object]:
    base: dict[str, object] = {
        "id": "t-1", "title": {"ru": "Т", "en": "T"}, "story": {"ru": "", "en": ""},
        "position": json.loads(EQUIVALENT.to_json()), "goal": "make_61",
        "answers": ["JH", "JS"], "themes": ["make_61"], "rating": 1200,
        "hints": [{"ru": "х", "en": "h"}], "view": "double_dummy"}
    base.update(changes)
    return base


# -- the solver's verdict ----------------------------------------------------------------------

def test_equivalent_cards_are_all_answers() -> None:
    check = analyse(EQUIVALENT, Goal.MAKE_61, backend=PY)
    assert check.unique
    assert tokens(check.answers) == ["JH", "JS"]
    assert ("JS", "JH") in [tuple(c.token for c in group) for group in check.classes]


def test_two_different_best_cards_are_not_a_puzzle() -> None:
    check = analyse(TWO_ANSWERS, Goal.MAKE_61, backend=PY)
    assert not check.unique
    assert "no unique best" in str(check.problems[0])
    assert tokens(check.answers) == ["AS", "TH"]


def test_max_points_needs_a_clear_margin() -> None:
    check = analyse(SMALL, Goal.MAX_POINTS, backend=PY)
    assert tokens(check.answers) == ["QC"]
    assert check.margin == 6
    assert "no clear best" in str(check.problems[0])
    assert analyse(SMALL, Goal.MAX_POINTS, backend=PY, margin=5).unique


def test_a_threshold_goal_counts_the_points_already_taken() -> None:
    check = analyse(EQUIVALENT, Goal.MAKE_61, backend=PY)
    for card, result in check.results.items():
        assert result.points is not None
        assert result.achieves == (result.points >= 61), card


def test_take_a_trick_keeps_the_ten_for_later() -> None:
    check = analyse(TAKE_TRICK, Goal.TAKE_TRICK, backend=PY)
    assert check.unique and tokens(check.answers) == ["6H"]
    line = line_after(TAKE_TRICK, Card.parse("TH"), Goal.TAKE_TRICK, PY)
    assert line[0] == Card.parse("TH") and len(line) == 1 + 2 * 4


def test_take_a_trick_is_no_goal_for_a_side_that_has_one() -> None:
    check = analyse(SMALL, Goal.TAKE_TRICK, backend=PY)
    assert [str(p) for p in check.problems] == [
        "goal take_trick needs a side that has not taken a trick yet"]


def test_every_trick_needs_a_queen_lead() -> None:
    check = analyse(ALL_TRICKS, Goal.ALL_TRICKS, backend=PY)
    assert check.unique and tokens(check.answers) == ["QH", "QS"]
    assert all(r.outcome is not None for r in check.results.values())
    best = check.results[Card.parse("QS")]
    assert best.outcome is not None and best.outcome.value == 6


def test_equivalence_classes_cover_every_legal_card_once() -> None:
    classes = equivalence_classes(TWO_ANSWERS)
    flat = [c for group in classes for c in group]
    assert sorted(flat) == sorted(TWO_ANSWERS.to_state().legal_plays())
    assert len(flat) == len(set(flat))


def test_a_budgeted_check_never_claims_what_it_did_not_prove() -> None:
    check = analyse(SMALL, Goal.MAKE_61, backend=PY, budget=0.0)
    for result in check.results.values():
        low, high = result.bounds
        if result.achieves is True:
            assert low >= 61
        if result.achieves is False:
            assert high < 61


def test_wrong_answers_in_a_puzzle_are_reported() -> None:
    puzzle = Puzzle.from_dict(puzzle_dict(answers=["QH"]))
    _, problems = check_puzzle(puzzle, backend=PY)
    assert any("answers say QH but the solver finds JH JS" in str(p) for p in problems)


def test_rotating_a_position_keeps_every_value() -> None:
    for steps in range(4):
        turned = rotate_position(TWO_ANSWERS, steps)
        assert turned.to_move == TWO_ANSWERS.to_move.offset(steps)
        assert solve(turned, backend=PY).values == solve(TWO_ANSWERS, backend=PY).values


# -- the format --------------------------------------------------------------------------------

def test_a_puzzle_round_trips_through_json() -> None:
    puzzle = Puzzle.from_dict(puzzle_dict())
    assert Puzzle.from_dict(json.loads(json.dumps(puzzle.to_dict()))) == puzzle


@pytest.mark.parametrize(("change", "message"), [
    ({"goal": "win_big"}, "goal 'win_big' is not one of"),
    ({"answers": ["QC"]}, "answer(s) QC cannot be played by S"),
    ({"answers": ["ZZ"]}, "bad card 'ZZ'"),
    ({"themes": ["magic"]}, "unknown theme(s) magic"),
    ({"rating": "hard"}, "rating must be a whole number"),
    ({"title": {"ru": "Т"}}, "title must be an object with ru and en strings"),
    ({"id": "../etc"}, "id '../etc' must be"),
    ({"position": {"hands": {}}}, "position:"),
    ({"view": "x-ray"}, "view 'x-ray' is not one of"),
])
def test_a_bad_puzzle_names_its_problem(change: dict[str, object], message: str) -> None:
    with pytest.raises(PuzzleError) as info:
        Puzzle.from_dict(puzzle_dict(**change))
    assert message in str(info.value)


@pytest.mark.parametrize(("content", "message"), [
    (b"{not json", "not valid JSON"),
    (b"\xff\xfe\x00", "not UTF-8 text"),
    (b'{"format": "something-else"}', "not a puzzle set"),
    (b'{"format": "kozel-puzzle-set", "version": 9, "id": "x", "title": "x", "puzzles": []}',
     "unsupported version 9"),
    (b'[1, 2]', "must be a JSON object"),
])
def test_a_bad_set_file_names_the_file_and_the_problem(tmp_path: Path, content: bytes,
                                                       message: str) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    with pytest.raises(PuzzleError) as info:
        load_set(path)
    assert str(path) in str(info.value) and message in str(info.value)


def test_a_set_with_a_duplicate_id_is_refused(tmp_path: Path) -> None:
    one = Puzzle.from_dict(puzzle_dict())
    data = PuzzleSet("s", Text("н", "n"), puzzles=(one,)).to_dict()
    data["puzzles"].append(data["puzzles"][0])  # type: ignore[union-attr]
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PuzzleError, match="id 't-1' appears twice"):
        load_set(path)


def test_a_saved_set_loads_back(tmp_path: Path) -> None:
    puzzle_set = PuzzleSet("s", Text("н", "n"), puzzles=(Puzzle.from_dict(puzzle_dict()),))
    save_set(tmp_path / "s.json", puzzle_set)
    assert load_set(tmp_path / "s.json") == puzzle_set
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_an_unchanged_set_file_is_parsed_once_and_a_changed_one_again(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    save_set(path, PuzzleSet("s", Text("н", "n"), puzzles=(Puzzle.from_dict(puzzle_dict()),)))
    first = load_set(path)
    assert load_set(path) is first
    save_set(path, PuzzleSet("s", Text("новое", "new"), puzzles=first.puzzles))
    changed = load_set(path)
    assert changed is not first and changed.title.en == "new"
    path.write_text("{", encoding="utf-8")   # a file broken since is reported, not served stale
    with pytest.raises(PuzzleError):
        load_set(path)


# -- themes, generation, explanations ----------------------------------------------------------

def test_every_theme_is_defined_in_both_languages() -> None:
    assert list(THEMES) == list(THEME_IDS)
    for theme in THEMES.values():
        for text in (theme.name, theme.definition, theme.hint):
            assert text.ru.strip() and text.en.strip()


def test_take_trick_theme_is_tagged_from_the_goal() -> None:
    check = analyse(TAKE_TRICK, Goal.TAKE_TRICK, backend=PY)
    answer = Card.parse("6H")
    themes = tag_themes(check, answer, line_after(TAKE_TRICK, answer, Goal.TAKE_TRICK, PY))
    assert "take_trick" in themes and "duck" not in themes


def test_built_puzzles_put_the_learner_at_south_and_verify() -> None:
    puzzle = build_puzzle(TAKE_TRICK, category="e3", rng=__import__("random").Random(1),
                          backend=PY)
    assert puzzle is not None and puzzle.seat.name == "S"
    assert puzzle.goal is Goal.TAKE_TRICK and tokens(puzzle.answers) == ["6H"]
    _, problems = check_puzzle(puzzle, backend=PY)
    assert problems == []
    assert puzzle.title.ru and puzzle.story.en
    # hearts are forced (the learner must follow), so the theme and the card's place, no suit
    assert [h.en for h in puzzle.hints][1:] == ["It is your lowest card."]


def test_the_miner_finds_valid_puzzles_quickly() -> None:
    found, stats = mine("e3", count=3, seconds=20, seed=5, backend=PY)
    assert len(found) == 3 and stats.tried >= 3
    for puzzle in found:
        assert check_puzzle(puzzle, backend=PY)[1] == []


def test_an_easier_reflex_gives_a_lower_difficulty() -> None:
    check = analyse(EQUIVALENT, Goal.MAKE_61, backend=PY)
    hidden = rate_difficulty(check, (), View.OWN_HAND)
    shown = rate_difficulty(check, (), View.DOUBLE_DUMMY)
    assert hidden > shown and 600 <= shown <= 2400


def test_the_tutor_says_what_the_miss_costs() -> None:
    check = analyse(TWO_ANSWERS, Goal.MAKE_61, backend=PY)
    worst = min(check.results, key=lambda c: check.results[c].points or 0)
    report = card_report(check, worst, backend=PY)
    points = check.results[worst].points
    assert not report.correct
    assert f"you end with {points} instead of" in report.text.en
    assert f"у вас {points} вместо" in report.text.ru
    assert report.line[0] == worst and report.tricks


def test_the_tutor_names_equivalent_cards_as_just_as_good() -> None:
    check = analyse(EQUIVALENT, Goal.MAKE_61, backend=PY)
    report = card_report(check, Card.parse("JH"), backend=PY)
    assert report.correct and "is just as good" in report.text.en and "J♠" in report.text.en


# -- ratings and progress ----------------------------------------------------------------------

def test_glicko2_matches_glickmans_worked_example() -> None:
    new = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0),
                                           (Rating(1700, 300), 0)])
    assert round(new.rating, 2) == 1464.05
    assert round(new.rd, 2) == 151.52
    assert abs(new.volatility - 0.05999) < 1e-5


def test_glicko2_expected_scores_are_complementary_for_equal_deviations() -> None:
    a, b = Rating(1700, 80), Rating(1500, 80)
    assert expected_score(a, b) + expected_score(b, a) == pytest.approx(1.0)
    assert expected_score(a, b) > 0.5


def test_a_solved_puzzle_raises_the_rating_and_a_miss_schedules_a_review(tmp_path: Path) -> None:
    book = Progress(tmp_path / "progress.sqlite3")
    puzzle = Puzzle.from_dict(puzzle_dict())
    right = book.record(puzzle, Card.parse("JS"), seconds=5, now=1000.0)
    assert right.correct and right.rated and right.learner_after.rating > 1500
    assert right.puzzle_after.rating < puzzle.rating
    again = book.record(puzzle, Card.parse("QH"), seconds=5, now=1010.0)
    assert not again.rated and again.learner_after == again.learner_before
    assert book.due_reviews(now=1010.0 + DAY + 1)[0].id == puzzle.id
    later = book.record(puzzle, Card.parse("QH"), seconds=5, now=1010.0 + RERATE_AFTER + 1)
    assert later.rated and later.learner_after.rating < later.learner_before.rating


def test_each_hint_takes_a_quarter_of_a_right_answers_rating_gain(tmp_path: Path) -> None:
    puzzle = Puzzle.from_dict(puzzle_dict())
    clean = Progress(tmp_path / "a.sqlite3").record(puzzle, Card.parse("JS"), seconds=3)
    hinted = Progress(tmp_path / "b.sqlite3").record(puzzle, Card.parse("JS"), seconds=3,
                                                     hints=2)
    gain = clean.learner_after.rating - clean.learner_before.rating
    assert gain > 0
    assert hinted.learner_after.rating - hinted.learner_before.rating == pytest.approx(gain / 2)
    assert clean.score == 1.0 and 0.5 < hinted.score < 1.0


def test_a_review_leaves_the_list_after_three_right_answers(tmp_path: Path) -> None:
    book = Progress(tmp_path / "progress.sqlite3")
    puzzle = Puzzle.from_dict(puzzle_dict())
    now = 0.0
    book.record(puzzle, Card.parse("QH"), seconds=1, now=now)
    for _ in range(3):
        now += 30 * DAY
        assert book.review_count() == 1
        book.record(puzzle, Card.parse("JS"), seconds=1, now=now)
    assert book.review_count() == 0


# -- the player --------------------------------------------------------------------------------

def test_the_player_shows_every_card_and_the_refutation_after_a_miss() -> None:
    puzzle = build_puzzle(EQUIVALENT, category="e3", rng=__import__("random").Random(0),
                          backend=PY)
    assert puzzle is not None
    player = PuzzlePlayer(SetQueue([puzzle]), lang="en", backend=PY)
    view = player.view()
    assert view["phase"] == "solve" and sorted(view["legal"]) == ["JH", "JS", "QH"]
    assert not player.handle({"type": "play", "card": "TD"})  # not the learner's card
    assert player.handle({"type": "hint"})
    assert player.view()["hints"] == [puzzle.hints[0].en]
    assert player.handle({"type": "play", "card": "QH"})
    view = player.view()
    assert view["phase"] == "wrong" and view["feedback"]["correct"] is False
    groups = [row["cards"] for row in view["cards_table"]]
    assert sorted(map(sorted, groups)) == [["JH", "JS"], ["QH"]]
    first = view["line"]["tricks"][0]["plays"]
    assert [p["card"] for p in first if p["seat"] == "S"] == ["QH"]
    assert [p["shown"] for p in first] == [True, True, False, False]
    assert not player.handle({"type": "play", "card": "JS"})  # answered already
    assert player.handle({"type": "retry"})
    assert player.handle({"type": "play", "card": "JH"})
    assert player.view()["phase"] == "right"
    assert player.handle({"type": "next"}) and player.view()["phase"] == "empty"


def test_hidden_hands_stay_hidden_until_the_answer() -> None:
    puzzle = Puzzle.from_dict(puzzle_dict(view="own_hand"))
    player = PuzzlePlayer(SetQueue([puzzle]), lang="ru", backend=PY)
    seats = player.view()["seats"]
    assert seats["S"]["cards"] and not seats["N"]["cards"] and seats["N"]["count"] == 2
    player.handle({"type": "play", "card": "JS"})
    assert player.view()["seats"]["N"]["cards"]


def test_rated_puzzles_match_the_learners_rating_and_never_repeat_in_a_sitting(
        tmp_path: Path) -> None:
    from kozel_tutor.puzzles.player import RatedQueue

    ladder = [Puzzle.from_dict(puzzle_dict(id=f"r-{r}", rating=r)) for r in range(800, 2300, 100)]
    queue = RatedQueue(ladder, Progress(tmp_path / "p.sqlite3"),
                       rng=__import__("random").Random(2))
    picked = [queue.next() for _ in range(len(ladder))]
    ids = [p.id for p in picked if p is not None]
    assert len(ids) == len(set(ids)) == len(ladder)
    assert abs(picked[0].rating - 1500) <= 400  # type: ignore[union-attr]
    assert queue.next() is None


def test_the_title_keeps_the_theme_hidden_until_the_puzzle_is_answered() -> None:
    puzzle = build_puzzle(EQUIVALENT, category="e3", rng=__import__("random").Random(0),
                          backend=PY)
    assert puzzle is not None
    player = PuzzlePlayer(SetQueue([puzzle]), lang="ru", backend=PY)
    assert player.view()["header"]["title"] == "Концовка: 3 карты"
    player.set_lang("en")
    assert player.view()["header"]["title"] == "Ending: 3 cards"
    player.handle({"type": "play", "card": "QH"})
    assert player.view()["header"]["title"] == puzzle.title.en


def test_the_rating_note_and_difficulty_follow_the_language_and_the_live_ratings(
        tmp_path: Path) -> None:
    progress = Progress(tmp_path / "p.sqlite3")
    puzzle = Puzzle.from_dict(puzzle_dict(id="live", rating=1500))
    player = PuzzlePlayer(SetQueue([puzzle]), lang="ru", backend=PY, progress=progress)
    player.handle({"type": "play", "card": "QH"})   # a miss: the puzzle's rating goes up
    assert player.view()["note"].startswith("Рейтинг: 1500 → ")
    player.set_lang("en")
    assert player.view()["note"].startswith("Rating: 1500 → ")
    live = round(progress.puzzle_rating(puzzle).rating)
    assert live > 1500 and progress.puzzle_ratings() == {"live": pytest.approx(live, abs=0.5)}
    again = PuzzlePlayer(SetQueue([puzzle]), lang="en", backend=PY, progress=progress)
    assert again.view()["header"]["difficulty"] == f"Difficulty {live}"


def test_a_rated_queue_picks_by_the_puzzles_live_ratings(tmp_path: Path) -> None:
    from kozel_tutor.puzzles.player import RatedQueue

    progress = Progress(tmp_path / "p.sqlite3")
    hot = Puzzle.from_dict(puzzle_dict(id="hot", rating=1500))
    later = time.time() + 100 * DAY   # its reviews fall due long after this test
    for day in range(6):   # missed again and again, its rating climbs above 1500
        progress.record(hot, Card.parse("QH"), seconds=1, now=later + day * DAY)
    learner = progress.learner_rating().rating   # fell with each miss
    assert progress.puzzle_ratings()["hot"] - learner > 1500 - learner + 100
    others = [Puzzle.from_dict(puzzle_dict(id=f"p{i}", rating=1500)) for i in range(9)]
    for seed in range(20):
        queue = RatedQueue([hot, *others], progress, rng=__import__("random").Random(seed))
        assert queue.next() is not hot, "eight puzzles lie nearer the learner's rating"


def test_one_answer_moves_a_rating_by_at_most_150(tmp_path: Path) -> None:
    book = Progress(tmp_path / "progress.sqlite3")
    easy = Puzzle.from_dict(puzzle_dict(rating=700))
    attempt = book.record(easy, Card.parse("QH"), seconds=2)
    assert attempt.learner_after.rating == attempt.learner_before.rating - 150
    assert attempt.learner_after.rd < attempt.learner_before.rd


# -- regional variants ---------------------------------------------------------------------------

# kozly24: E must save with K♥ (EW end with exactly 30: written 2, not 4); Q♣ leaves them 23.
KOZLY24_SAVE = Position.from_json(
    {"rules": "kozly24", "hands": {"N": "QD", "E": "QC KH", "S": "6D", "W": "6H"}, "leader": "S",
     "trick": ["TD", "6C", "TC"], "taken": {"NS": [90, 4], "EW": [0, 0]}, "led": "SD"})
# nizhny: S led the Q♣; W's 6♣ catches it (NS are written 4), J♠ lets NS win.
NIZHNY_CATCH = Position.from_json(
    {"rules": "nizhny", "hands": {"N": "QS 6H", "E": "KC TC", "S": "JH", "W": "6C JS"},
     "leader": "S", "trick": ["QC"], "taken": {"NS": [58, 4], "EW": [38, 3]}, "led": "SHD"})


# nizhny: W must not put the Q♣ on this trick, where N's 6♣ would catch it (7♣ instead).
NIZHNY_KEEP_QUEEN = Position.from_json(
    {"rules": "nizhny", "hands": {"N": "6C 6H", "E": "QH", "S": "QS", "W": "QC 7C"},
     "leader": "E", "trick": ["JH", "KC"], "taken": {"NS": [24, 1], "EW": [81, 6]}, "led": "SHD"})


@pytest.mark.parametrize(("name", "win", "big", "save", "tricks"), [
    ("standard", 61, 90, 31, True), ("classic", 61, 90, 31, False),
    ("nizhny", 61, 90, 31, False), ("kozly24", 61, 91, 30, False)])
def test_goal_points_come_from_the_presets_deal_score_table(
        name: str, win: int, big: int, save: int, tricks: bool) -> None:
    from kozel_tutor.puzzles.variants import goal_steps
    from kozel_tutor.rules import find_rules

    steps = goal_steps(find_rules(name))
    assert (steps.win, steps.big, steps.save, steps.tricks) == (win, big, save, tricks)


def test_kozly24_is_saved_with_30_points() -> None:
    check = analyse(KOZLY24_SAVE, Goal.SAVE_31, backend=PY)
    assert check.unique and tokens(check.answers) == ["KH"]
    assert check.results[Card.parse("KH")].points == 30


def test_trick_goals_and_max_points_under_a_live_catch_are_refused_in_nizhny() -> None:
    assert str(analyse(NIZHNY_CATCH, Goal.TAKE_TRICK, backend=PY).problems[0]).startswith(
        "goal take_trick does not decide the deal result under the nizhny rules")
    assert "catch" in str(analyse(NIZHNY_CATCH, Goal.MAX_POINTS, backend=PY).problems[0])
    check = analyse(NIZHNY_CATCH, Goal.MAKE_61, backend=PY)
    assert check.unique and tokens(check.answers) == ["6C"]


def test_the_tutor_speaks_of_the_catch_and_of_penalty_points() -> None:
    check = analyse(NIZHNY_CATCH, Goal.MAKE_61, backend=PY)
    right = card_report(check, Card.parse("6C"), backend=PY)
    assert right.text.en == "Your 6♣ catches their Q♣ and the deal ends (they are written 4)."
    assert "ловит их даму треф" in right.text.ru
    miss = card_report(check, Card.parse("JS"), backend=PY)
    assert miss.outcome.en == "you are written 2"
    assert miss.text.en.endswith(
        "You lose the deal (you are written 2) instead of winning it (they are written 4).")


def test_deal_results_are_said_in_the_words_of_the_presets_table() -> None:
    from kozel_tutor.puzzles.variants import outcome_words
    from kozel_tutor.rules import find_rules
    from kozel_tutor.seats import Team
    from kozel_tutor.solver import Outcome

    classic, kozly24 = find_rules("classic"), find_rules("kozly24")
    assert outcome_words(Outcome(Team.NS, 2, False), Team.NS, classic).en == "you write 2 rows"
    assert outcome_words(Outcome(Team.EW, 0, False), Team.NS, classic).ru == (
        "«люся»: соперники обнуляют ваше табло")
    assert outcome_words(Outcome(Team.NS, 0, False), Team.NS, kozly24).en == (
        "you erase your points")
    assert outcome_words(Outcome(None, 0, True), Team.NS, kozly24).en == "eggs: nobody writes"


def test_what_the_best_card_would_give_is_a_conditional_clause_in_every_table() -> None:
    """Where the winners are the same the tutor compares "{miss}, whereas with the best card
    {best}" / «{miss}, а при лучшем ходе {best}»: every best-card outcome is a whole clause in
    the conditional (no «лучшим ходом — вы пишете 2», no "instead of them being written 2")."""
    from kozel_tutor.puzzles.texts import say as puzzle_say
    from kozel_tutor.puzzles.variants import outcome_words
    from kozel_tutor.rules import find_rules
    from kozel_tutor.seats import Team
    from kozel_tutor.solver import Outcome

    outcomes = [Outcome(None, 0, True)] + [Outcome(team, n, False) for team in Team
                                           for n in (0, 1, 2, 4)]
    for preset in PRESETS:
        for outcome in outcomes:
            words = outcome_words(outcome, Team.NS, find_rules(preset), gerund=True)
            assert " бы " in f" {words.ru} " and "would" in words.en, (preset, outcome, words)
    # the tutor compares the two results by who wins the deal (puzzles.result_words): the same
    # score for the other side never reads as "nothing changed"
    from kozel_tutor.puzzles.result_words import compare_results

    standard = find_rules("standard")
    lost, won = Outcome(Team.EW, 2, False), Outcome(Team.NS, 2, False)
    assert compare_results(lost, won, Team.NS, standard).ru == (
        "вы проигрываете раздачу (соперники пишут 2), а не выигрываете её (вы пишете 2)")
    assert compare_results(lost, won, Team.NS, standard).en == (
        "you lose the deal (they write 2) instead of winning it (you write 2)")
    assert compare_results(lost, Outcome(None, 0, True), Team.NS, standard).ru.endswith(
        "а не сводите её вничью (яйца: никто не пишет)")
    assert puzzle_say("you_writing", "en", n=2) == "you would write 2"


def test_step_themes_and_hints_carry_the_presets_points() -> None:
    from kozel_tutor.puzzles.themes import theme_definition, theme_hint, theme_label
    from kozel_tutor.rules import find_rules

    for theme in THEMES:     # the standard words are the templates filled in for standard rules
        assert theme_label(theme, find_rules("standard")) == THEMES[theme].name
        assert theme_hint(theme, find_rules("standard")) == THEMES[theme].hint
        assert theme_definition(theme, find_rules("standard")) == THEMES[theme].definition
    assert THEMES["save_31"].name.en == "Save 31"
    assert THEMES["make_90"].definition.en == (
        "Only the right card holds the opponents to 30 or fewer: you write 4.")
    assert theme_label("save_31", find_rules("kozly24")).en == "Save 30"
    assert theme_hint("make_90", find_rules("kozly24")).ru.endswith("до 30?")


PRESETS = ("standard", "classic", "nizhny", "kozly24")
# a theme note's claim of what is written: who, the verb of the preset's table, the amount and
# the amount it would be otherwise ("the opponents write 1 row, not 2 rows")
STAKE_EN = re.compile(r"(you|the opponents|they) (write|write|are written) (\d+)(?: rows?)?"
                      r"(?:, not (\d+)(?: rows?)?)?")
STAKE_RU = re.compile(r"(вы пишете|соперники пишут|вам пишут|соперникам пишут) (\d+)"
                      r"(?: пар[уы]?)?(?:, а не (\d+)(?: пар[уы]?)?)?")
VERB = {"standard": "write", "classic": "write", "nizhny": "are written",
        "kozly24": "are written"}


@pytest.mark.parametrize("preset", PRESETS)
def test_every_theme_note_says_what_the_presets_own_table_writes(preset: str) -> None:
    """Each theme's note under each preset claims only what deal_result writes there: who is
    written, how much, and instead of what; where taking a trick or every trick is no step of
    the table (every preset but the standard one), the trick themes claim nothing."""
    from kozel_tutor.puzzles.themes import theme_note
    from kozel_tutor.puzzles.variants import goal_steps
    from kozel_tutor.rules import find_rules
    from kozel_tutor.scoring import DealResult, deal_result
    from kozel_tutor.seats import Team

    rules = find_rules(preset)
    steps = goal_steps(rules)
    assert steps.save is not None and steps.big is not None
    hand = rules.hand_size

    def result(points: int, tricks: tuple[int, int] = (1, 1)) -> DealResult:
        """The learner's side NS ends the deal with ``points`` and ``tricks`` tricks."""
        return deal_result(rules, (points, 120 - points), tricks)

    # what each theme is about, as results of the deal: the one the right card reaches and the
    # one it avoids
    stakes: dict[str, tuple[DealResult, DealResult | None]] = {
        "save_31": (result(steps.save), result(steps.save - 1)),
        "make_90": (result(steps.big), None),
    }
    if steps.tricks:
        stakes["take_trick"] = (result(0, (1, hand - 1)), result(0, (0, hand)))
        stakes["all_tricks"] = (result(120, (hand, 0)), None)
    for theme in THEMES:
        en, ru = theme_note(theme, "en", rules), theme_note(theme, "ru", rules)
        claims_en, claims_ru = STAKE_EN.findall(en), STAKE_RU.findall(ru)
        if theme == "catch":
            caught = (deal_result(rules, (60, 60), (1, 1), caught=Team.NS).written[Team.NS]
                      if rules.catch else 4)
            assert en.endswith(f"the Q♣'s side is written {caught}).")
            assert ru.endswith(f"стороне с дамой пишут {caught}).")
            continue
        if theme not in stakes:
            assert claims_en == [] and claims_ru == [], (theme, en, ru)
            if theme in ("take_trick", "all_tricks"):
                assert not re.search(r"\d", en + ru), (theme, en, ru)
            continue
        reached, instead = stakes[theme]
        assert len(claims_en) == 1 and len(claims_ru) == 1, (theme, en, ru)
        who, verb, amount, otherwise = claims_en[0]
        who_ru, amount_ru, otherwise_ru = claims_ru[0]
        assert verb == VERB[preset], en
        side = Team.NS if who == "you" else Team.EW
        assert who_ru in {Team.NS: ("вы пишете", "вам пишут"),
                          Team.EW: ("соперники пишут", "соперникам пишут")}[side], ru
        assert reached.written[side] == int(amount) == int(amount_ru) > 0, (theme, en, ru)
        assert reached.written[side.other] == 0
        if instead is None:
            assert otherwise == otherwise_ru == "", (theme, en, ru)
        else:
            assert instead.written[side] == int(otherwise) == int(otherwise_ru), (theme, en, ru)


def test_theme_notes_say_the_stakes_in_the_words_of_each_preset() -> None:
    from kozel_tutor.puzzles.themes import theme_note
    from kozel_tutor.rules import find_rules

    def note(theme: str, preset: str, lang: str = "en") -> str:
        return theme_note(theme, lang, find_rules(preset))

    # nizhny writes the losers: saving yourselves is being written 2, not 4
    assert note("save_31", "nizhny") == (
        "Save 31 — only the right card gets your side to 31: you are written 2, not 4.")
    assert note("save_31", "nizhny", "ru").endswith(": вам пишут 2, а не 4.")
    assert note("make_90", "nizhny") == ("Keep them under 31 — only the right card holds the "
                                         "opponents to 30 or fewer: they are written 4.")
    # classic writes rows: 2 rows for 90, and saving yourselves leaves them 1 row, not 2
    assert note("make_90", "classic").endswith("30 or fewer: you write 2 rows.")
    assert note("make_90", "classic", "ru").endswith(": вы пишете 2 пары.")
    assert note("save_31", "classic").endswith(": the opponents write 1 row, not 2 rows.")
    assert note("save_31", "kozly24") == (
        "Save 30 — only the right card gets your side to 30: you are written 2, not 4.")
    assert note("make_90", "kozly24").endswith("holds the opponents to 29 or fewer: they are "
                                               "written 4.")
    # the trick themes say no score where the preset writes no 6 for them
    for preset in ("classic", "nizhny", "kozly24"):
        assert note("take_trick", preset) == (
            "Take a trick — your side has no trick yet; only the right card brings one.")
        assert note("all_tricks", preset, "ru") == (
            "Все взятки — соперники без взяток; только верный ход забирает все оставшиеся.")
    assert note("take_trick", "standard").endswith("(the opponents write 4, not 6).")
    assert note("all_tricks", "standard").endswith("(you write 6).")


def test_a_variant_puzzle_says_its_rules_in_the_title_story_goal_and_player() -> None:
    puzzle = build_puzzle(KOZLY24_SAVE, category="e2", rng=__import__("random").Random(0),
                          backend=PY)
    assert puzzle is not None and puzzle.variant == "kozly24" and puzzle.id.startswith("kozly24-")
    assert puzzle.goal is Goal.SAVE_31 and puzzle.title.en.endswith(" · 24-card Kozel")
    assert puzzle.story.ru.startswith("Правила — «Козёл на 24 картах».")
    assert "make 30 points (you are written 2, not 4)" in puzzle.story.en
    header = PuzzlePlayer(SetQueue([puzzle]), lang="en", backend=PY).view()["header"]
    assert header["variant"] == "kozly24" and header["variant_label"] == "24-card Kozel"
    from kozel_tutor.app.variant_texts import VARIANT_TEXTS  # the Play picker's name
    assert header["variant_label"] == VARIANT_TEXTS["variant_kozly24"]["en"]
    assert header["goal"] == "Save yourselves: make 30 points (you are written 2, not 4)."
    assert check_puzzle(puzzle, backend=PY)[1] == []


def test_the_miner_with_rules_nizhny_deals_and_plays_nizhny_positions(tmp_path: Path) -> None:
    from kozel_tutor.puzzles.generate import main

    out = tmp_path / "variant-nizhny.json"
    assert main(["--rules", "nizhny", "--category", "e3", "--count", "2", "--seconds", "60",
                 "--seed", "3", "--backend", PY, "--out", str(out)]) == 0
    puzzle_set = load_set(out)
    assert puzzle_set.id == "catalogue-variant-nizhny" and puzzle_set.puzzles
    for puzzle in puzzle_set.puzzles:
        assert puzzle.position.to_dict()["rules"] == "nizhny" and puzzle.variant == "nizhny"
        assert puzzle.goal not in (Goal.TAKE_TRICK, Goal.ALL_TRICKS)
        assert check_puzzle(puzzle, backend=PY)[1] == []


def test_kozly24_positions_come_from_its_24_card_deck_and_a_full_hand_is_no_ending() -> None:
    import random

    from kozel_tutor.puzzles.generate import check_category, sample_position
    from kozel_tutor.rules import find_rules

    rules = find_rules("kozly24")
    position = sample_position(random.Random(4), "e4", rules=rules)
    cards = {c for hand in position.hands for c in hand} | set(position.trick)
    assert position.rules == rules and cards <= set(rules.deck_cards)
    assert position.cards_per_hand == 4
    opening = sample_position(random.Random(4), "open", rules=rules)
    assert opening.cards_per_hand == 6 and not opening.trick
    with pytest.raises(ValueError, match="kozly24 deals 6"):
        check_category("e6", rules)


def test_rated_puzzles_stay_in_the_standard_game_unless_variants_are_asked_for(
        tmp_path: Path) -> None:
    from kozel_tutor.puzzles.player import RatedQueue

    standard = Puzzle.from_dict(puzzle_dict(id="std-1"))
    variant = build_puzzle(KOZLY24_SAVE, category="e2", rng=__import__("random").Random(0),
                           backend=PY)
    assert variant is not None
    progress = Progress(tmp_path / "p.sqlite3")
    default = RatedQueue([standard, variant], progress)
    assert [default.next(), default.next()] == [standard, None]
    only = RatedQueue([standard, variant], progress, variants=("kozly24",))
    assert [only.next(), only.next()] == [variant, None]


def test_the_catch_theme_marks_a_puzzle_the_catch_decides() -> None:
    check = analyse(NIZHNY_KEEP_QUEEN, Goal.MAKE_61, backend=PY)
    assert check.unique and tokens(check.answers) == ["7C"]
    seven = Card.parse("7C")
    themes = tag_themes(check, seven, line_after(NIZHNY_KEEP_QUEEN, seven, Goal.MAKE_61, PY))
    assert "catch" in themes
    miss = card_report(check, Card.parse("QC"), backend=PY)
    assert miss.text.en.startswith("After Q♣ the 6♣ catches your Q♣ and the deal ends")
    # Where the 6♣ wins the trick anyway, the catch does not decide: no theme.
    check = analyse(NIZHNY_CATCH, Goal.MAKE_61, backend=PY)
    six = Card.parse("6C")
    assert "catch" not in tag_themes(check, six, line_after(NIZHNY_CATCH, six, Goal.MAKE_61, PY))


# nizhny, catalogue puzzle nizhny-e4-95d4140e73 (make 61, answer 9♦): after the 10♣ W's 6♣
# catches S's Q♣ when NS have some 60-70 points; the solver values that line 30 (caught_points).
NIZHNY_E4 = Position.from_json(
    {"rules": "nizhny", "deck": 36, "trump": "C",
     "hands": {"N": "JC QS QH 8D", "E": "KC 7C QD", "S": "QC TC JS 9D", "W": "AC 8C 6C JD"},
     "leader": "E", "trick": ["KS"], "taken": {"NS": [47, 2], "EW": [26, 3]}, "led": "SHD"})


def line_points(position: Position, tricks: tuple[LineTrick, ...]) -> int:
    """The card points the side to move ends the deal with along ``tricks``."""
    team = position.to_move.team
    return position.taken_points[team] + sum(t.points for t in tricks if t.winner.team == team)


def test_a_card_whose_line_ends_in_the_catch_shows_no_card_points() -> None:
    """The solver's 30 (or 90) for a caught line is no card points: the report and the cards
    table show none there, and every other figure is the points the card's line ends with."""
    from kozel_tutor.puzzles.themes import caught_side

    check = analyse(NIZHNY_E4, Goal.MAKE_61, backend=PY)
    assert check.unique and tokens(check.answers) == ["9D"]
    for card in legal_cards(NIZHNY_E4):
        report = card_report(check, card, backend=PY)
        if caught_side(NIZHNY_E4.rules, list(report.tricks)) is None:
            assert report.points == line_points(NIZHNY_E4, report.tricks)
        else:
            assert report.points is None, card
    ten = card_report(check, Card.parse("TC"), backend=PY)
    assert check.results[Card.parse("TC")].points == 30, "the solver's stand-in for the catch"
    assert ten.points is None and line_points(NIZHNY_E4, ten.tricks) > 47, "NS had 47 already"
    assert ten.outcome.en == "you are written 4"
    right = card_report(analyse(NIZHNY_CATCH, Goal.MAKE_61, backend=PY), Card.parse("6C"),
                        backend=PY)
    assert right.points is None and right.score == 4
    puzzle = Puzzle.from_dict(puzzle_dict(id="nizhny-e4-test", goal="make_61", answers=["9D"],
                                          position=json.loads(NIZHNY_E4.to_json())))
    player = PuzzlePlayer(SetQueue([puzzle]), lang="en", backend=PY)
    player.answer(Card.parse("TC"))
    rows = player.view()["cards_table"]
    assert (rows[0]["cards"], rows[0]["points"]) == (["9D"], 63), "the best card first"
    assert sorted((row["cards"][0], row["points"]) for row in rows[1:]) == [
        ("JS", None), ("QC", None), ("TC", None)], "no 30 for a side that has 47"


def test_a_miss_is_compared_by_results_with_a_best_line_that_ends_in_the_catch() -> None:
    """J♠ against the 6♣ that catches their Q♣: the words give J♠'s real points and the two
    results, never the catch's stand-in of 90 points; the best card is the 6♣ itself, so it is
    "your 6♣" that catches, not "after 6♣ the 6♣", and it would have caught: after J♠ no catch
    happens (so the catalogue's kozly24-e3-3b2eb70d74 had it said of the Q♥ and the A♣)."""
    check = analyse(NIZHNY_CATCH, Goal.MAKE_61, backend=PY)
    assert tokens(check.answers) == ["6C"]
    miss = card_report(check, Card.parse("JS"), backend=PY)
    assert miss.points == 50 == line_points(NIZHNY_CATCH, miss.tricks)
    assert miss.text.en == ("After J♠ you end with 50 points, but your 6♣, the best card, would "
                            "catch their Q♣ and end the deal. You lose the deal (you are written "
                            "2) instead of winning it (they are written 4).")
    assert miss.text.ru == ("После В♠ у вас 50 очков, а ваша шестёрка треф, лучшая карта, поймала "
                            "бы их даму треф, и раздача на этом кончилась бы. Вы проигрываете "
                            "раздачу (вам пишут 2), а не выигрываете её (соперникам пишут 4).")
    assert "90" not in miss.text.en + miss.text.ru


def test_the_puzzle_words_count_in_russian_with_the_apps_one_plural_rule() -> None:
    from kozel_tutor import i18n
    from kozel_tutor.puzzles import texts

    assert texts.plural_ru is i18n.plural_ru     # still importable from puzzles.texts
    assert texts.points_phrase(11, "ru") == "11 очков"
    assert texts.tricks_phrase(22, "ru") == "22 взятки"


def test_every_puzzle_problem_has_words_in_both_languages() -> None:
    from kozel_tutor.puzzles.texts import ERRORS

    for key, words in ERRORS.items():
        assert set(words) == {"en", "ru"}, key
        if key not in ("at", "named"):
            assert re.search("[а-яё]", words["ru"]), key
    # the solver's checker and the notebooks word their problems by key, too
    written = _problem_keys_written_by("verify", "notebook")
    assert {"no_clear_best", "several_best", "unsettled_cards", "no_set"} <= written
    assert written <= set(ERRORS)
    error = PuzzleError([PuzzleProblem("row_lacks", n=2, name="card"),
                         PuzzleProblem("no_card_reaches", goal="make_61")], "anna.json")
    assert str(error) == "anna.json: row 2 lacks 'card'; no card reaches the goal make_61"
    assert error.problems == ["row 2 lacks 'card'", "no card reaches the goal make_61"]
    assert error.text("ru") == "anna.json: в строке 2 нет поля card; её не достигает ни одна карта"


def _problem_keys_written_by(*modules: str) -> set[str]:
    """The keys of every ``PuzzleProblem("key", …)`` in the source of ``kozel_tutor.puzzles``'s
    ``modules``."""
    root = Path(__file__).resolve().parents[1] / "kozel_tutor" / "puzzles"
    return {key for name in modules for key in re.findall(
        r'PuzzleProblem\(\s*"(\w+)"', (root / f"{name}.py").read_text(encoding="utf-8"))}


def _checker_problems() -> list[PuzzleProblem]:
    """A problem of every kind the checker and the notebooks can write, from real checks."""
    last_trick = pos({"N": "QC", "E": "AH", "S": "7S", "W": "6D"}, "N",
                     {"NS": [60, 4], "EW": [46, 4]})
    unsettled = Analysis(SMALL, SMALL.to_move, {}, {c: (0, 120) for c in legal_cards(SMALL)},
                         [], None, [], exact=False)
    checks = [analyse(position, goal, backend=PY) for position, goal in (
        (SMALL, Goal.MAX_POINTS), (SMALL, Goal.TAKE_TRICK), (SMALL, Goal.ALL_TRICKS),
        (SMALL, Goal.MAKE_90), (SMALL, Goal.SAVE_31), (TWO_ANSWERS, Goal.MAKE_61),
        (NIZHNY_CATCH, Goal.TAKE_TRICK), (NIZHNY_CATCH, Goal.MAX_POINTS),
        (last_trick, Goal.MAKE_61))]
    checks += [analyse(SMALL, goal, backend=PY, analysis=unsettled)
               for goal in (Goal.MAKE_61, Goal.MAX_POINTS)]
    problems = [problem for check in checks for problem in check.problems]
    problems += check_puzzle(Puzzle.from_dict(puzzle_dict(answers=["QH"])), backend=PY)[1]
    _, aside = check_set_answers([Puzzle.from_dict(puzzle_dict(answers=["QH"])),
                                  Puzzle.from_dict(puzzle_dict(goal="make_90"))], backend=PY)
    problems += [a.problem for a in aside] + [a.problem.params["why"] for a in aside]
    with pytest.raises(PuzzleError) as info:
        find_set("no-such-set")
    return problems + info.value.details


def test_every_checker_problem_reads_in_russian_without_english_words() -> None:
    problems = _checker_problems()
    # every key the checker writes is met (equivalent cards never differ: no position has it)
    assert {p.key for p in problems} == _problem_keys_written_by("verify", "notebook") - {
        "equivalent_differ"}
    for problem in problems:
        russian = problem.text("ru")
        outside_names = re.sub(r"«[^»]*»|есть такие: [^)]*", "", russian)
        assert re.search("[а-яё]", russian), russian
        assert not re.search("[A-Za-z]", outside_names), russian
    by_key = {p.key: p for p in problems}
    assert str(by_key["no_clear_best"]) == ("no clear best: the next card is only 6 point(s) "
                                            "worse (a max_points puzzle needs 10)")
    assert by_key["no_clear_best"].text("ru") == (
        "нет явно лучшей карты: следующая хуже всего на 6 очков (нужна разница хотя бы в 10 "
        "очков)")
    assert str(by_key["answers_differ"]) == "answers say QH but the solver finds JH JS"
    assert by_key["answers_differ"].text("ru") == "в ответах записано Д♥, а решатель находит В♥ В♠"
    assert by_key["answer_wrong"].text("ru") == (
        "в файле набора ответ — Д♥, а по решателю лучше всего В♠ или В♥")
    assert str(by_key["answer_wrong"]) == (
        "the set file's answer is Q♥, but the solver's best is J♠ or J♥")
    assert by_key["set_aside"].text("ru") == (   # the second puzzle: its goal is out of reach
        "задача 2 («Т»): в файле набора ответ — В♠ или В♥, но цели не достигает ни одна карта")
    assert by_key["goal_not_deciding"].text("ru") == (
        "по правилам «Нижегородский» она не решает исход раздачи")


def test_without_the_catch_rule_no_line_is_said_to_end_in_the_catch() -> None:
    """In the standard game the 6♣ catches nothing: a line whose last trick holds the Q♣ and the
    6♣ of opposite sides is told in points, like any other (the rated puzzle e5-3dd9e04962 said
    «шестёрка треф ловит вашу даму треф» of every card)."""
    from kozel_tutor.puzzles.model import load_catalogue
    from kozel_tutor.puzzles.verify import analyse as analyse_goal

    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}
    puzzle = unique["e5-3dd9e04962"]
    assert puzzle.position.rules.name == "standard" and not puzzle.position.rules.catch
    check = analyse_goal(puzzle.position, puzzle.goal)
    for card in check.results:
        report = card_report(check, card)
        assert report.points == check.results[card].points, card
        assert "6♣" not in report.text.en and "шестёрка треф" not in report.text.ru, card
