"""The Puzzles section as a learner meets it: the tutor's words about which trick turns the deal,
the theme chips, what hints do to the rating, the review tile, the dashboard and the wording.

Each test is named after the rule it checks.
"""

from __future__ import annotations

import json
import re
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.ai.pimc import backend_for
from kozel_tutor.app.puzzles_view import PuzzlesView, menu_view
from kozel_tutor.app.review import ReviewStep, analyse_step
from kozel_tutor.app.store import Store
from kozel_tutor.cards import Card
from kozel_tutor.position import Position
from kozel_tutor.puzzles.explain import CardReport, card_report
from kozel_tutor.puzzles.model import Goal, Puzzle, load_catalogue
from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
from kozel_tutor.puzzles.progress import DAY, Progress, ReviewStatus
from kozel_tutor.puzzles.themes import THEMES, current_hint
from kozel_tutor.puzzles.verify import analyse, legal_cards
from kozel_tutor.solver import available_backends
from kozel_tutor.widgets.schema import check_panel_view

PY = "python"
NATIVE = "native" in available_backends()
CATALOGUE = {p.id: p for s in load_catalogue() for p in s.puzzles}
# an ending where several wrong cards lose points only tricks later (the reviewer's puzzle:
# after J♠ the A♠ takes a trick two tricks on, not the J♠'s own trick)
LATER_TURN = CATALOGUE["e6-6687909d97"]
# J♠ and J♥ are equivalent right answers, Q♥ is wrong (a three-card ending, quick to solve)
EQUIVALENT = Position.from_json({
    "hands": {"N": "TD 9D", "E": "JC TH", "S": "JS QH JH", "W": "TC 9C QS"}, "leader": "N",
    "taken": {"NS": [39, 4], "EW": [37, 2]}, "trick": ["7D", "JD"], "led": "SHD"})


def small_puzzle(**changes: object) -> Puzzle:
    data: dict[str, object] = {
        "id": "menu-1", "title": {"ru": "Т", "en": "T"}, "story": {"ru": "", "en": ""},
        "position": json.loads(EQUIVALENT.to_json()), "goal": "make_61",
        "answers": ["JH", "JS"], "themes": ["make_61", "duck"], "rating": 1200,
        "hints": [{"ru": f"подсказка {i}", "en": f"hint {i}"} for i in range(1, 5)],
        "view": "double_dummy"}
    data.update(changes)
    return Puzzle.from_dict(data)


# -- 1. the tutor names the trick where the opponents gain, and its card wins it ----------------

CARD = r"(?:10|[6-9JQKAВДКТ])[♣♠♥♦]"
LATER_EN = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
LATER_RU = {"две": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8}
# (pattern, how to find the trick's index, what the words claim)
TRICK_WORDS: dict[str, list[tuple[str, str]]] = {
    "en": [
        (rf"the opponents take this trick \((?P<points>\d+) points?\) with (?P<card>{CARD})",
         "this"),
        (rf"the opponents take the next trick \((?P<points>\d+) points?\) with "
         rf"(?P<card>{CARD})", "next"),
        (rf"the opponents take a trick \((?P<points>\d+) points?\) with (?P<card>{CARD}) "
         rf"(?P<later>{'|'.join(LATER_EN)}) tricks later", "later"),
        (r"the opponents take every trick", "all_theirs"),
        (r"your side takes every trick", "all_ours"),
        (r"your side gets a trick", "one_ours"),
    ],
    "ru": [
        (rf"соперники забирают эту взятку \((?P<points>\d+) очк\w*\) картой (?P<card>{CARD})",
         "this"),
        (rf"соперники забирают следующую взятку \((?P<points>\d+) очк\w*\) картой "
         rf"(?P<card>{CARD})", "next"),
        (rf"через (?P<later>{'|'.join(LATER_RU)}) взят\w+ соперники забирают взятку "
         rf"\((?P<points>\d+) очк\w*\) картой (?P<card>{CARD})", "later"),
        (r"соперники берут все взятки", "all_theirs"),
        (r"ваша сторона берёт все взятки", "all_ours"),
        (r"ваша сторона получает взятку", "one_ours"),
    ],
}


def trick_claims(report: CardReport, lang: str, team: object) -> list[str]:
    """Check every claim ``report``'s words make about a trick against its line; returns the
    kinds of claims found.  Words about a trick that match none of the known claims (so do
    not say which trick they mean) fail."""
    text = report.text.get(lang)
    found: list[str] = []
    rest = text
    for pattern, kind in TRICK_WORDS[lang]:
        for match in re.finditer(pattern, text):
            found.append(kind)
            rest = rest.replace(match.group(0), "")
            tricks = report.tricks
            if kind == "all_theirs":
                assert all(t.winner.team != team for t in tricks), text
                continue
            if kind == "all_ours":
                assert all(t.winner.team == team for t in tricks), text
                continue
            if kind == "one_ours":
                assert any(t.winner.team == team for t in tricks), text
                continue
            later = LATER_EN if lang == "en" else LATER_RU
            index = {"this": 0, "next": 1}.get(kind, 0)
            if kind == "later":
                index = later[match.group("later")]
            assert index < len(tricks), text
            trick = tricks[index]
            assert trick.winner.team != team, f"{text}: trick {index} is not theirs"
            assert trick.winning_card.label(lang) == match.group("card"), (
                f"{text}: trick {index} is won by {trick.winning_card.label(lang)}")
            assert trick.points == int(match.group("points")), text
    unexplained = "trick" if lang == "en" else "взятк"
    assert unexplained not in rest, f"a trick the words do not identify: {text!r}"
    return found


def _scan_puzzles() -> tuple[list[Puzzle], str]:
    if NATIVE:
        return [p for p in CATALOGUE.values() if p.cards <= 6], "native"
    return [p for p in CATALOGUE.values() if p.cards <= 4][:80], PY


def test_every_trick_the_tutor_names_is_identified_and_won_by_that_card_on_the_line() -> None:
    puzzles, backend = _scan_puzzles()
    kinds: dict[str, int] = {}
    for puzzle in puzzles:
        check = analyse(puzzle.position, puzzle.goal, backend=backend)
        team = puzzle.position.to_move.team
        for group in check.classes:
            report = card_report(check, group[0], backend=backend)
            en = trick_claims(report, "en", team)
            ru = trick_claims(report, "ru", team)
            assert en == ru, (report.text.en, report.text.ru)
            for kind in en:
                kinds[kind] = kinds.get(kind, 0) + 1
    # the scan met tricks named in every way: this one, the next, and later ones
    assert {"this", "next", "later"} <= set(kinds), kinds


def test_the_reviewers_puzzle_names_the_later_trick_where_the_a_spades_wins() -> None:
    check = analyse(LATER_TURN.position, LATER_TURN.goal, backend=PY)
    report = card_report(check, Card.parse("JS"), backend=PY)
    # J♠ is a trump: the A♠ cannot take its trick, so the words name a later one
    assert "take the trick with" not in report.text.en
    assert "this trick" not in report.text.en
    assert trick_claims(report, "en", LATER_TURN.position.to_move.team) in (["next"], ["later"])
    assert trick_claims(report, "ru", LATER_TURN.position.to_move.team) in (["next"], ["later"])


def test_the_deal_reviews_why_names_the_trick_as_the_puzzles_do() -> None:
    position = LATER_TURN.position
    step = ReviewStep(1, 0, Card.parse("JS"), position, tuple(legal_cards(position)))
    analysis = analyse_step(step, budget=None)
    assert analysis.why is not None
    backend = backend_for(position.rules)   # the review's own solver, so the same line
    check = analyse(position, Goal.MAX_POINTS, backend=backend)
    report = card_report(check, Card.parse("JS"), backend=backend)
    for lang in ("en", "ru"):
        assert trick_claims(report, lang, position.to_move.team)
        assert analysis.why.get(lang) == report.text.get(lang)


# -- 2. every theme chip says what its theme is -------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_theme_chip_explains_its_theme_and_all_chips_are_capitalised(lang: str) -> None:
    view = check_panel_view(menu_view({}, [], lang, theme="any", rating=1500, errors=[]))
    group = view["groups"][0]
    options = group["options"]
    assert [o["value"] for o in options] == ["any", *THEMES]
    assert options[0]["label"] == {"en": "All themes", "ru": "Все темы"}[lang]
    for option in options:
        label, hint = option["label"], option["hint"]
        assert label[:1].isupper(), label
        assert len(hint) > len(label) + 20, (label, hint)
        if option["value"] != "any":
            assert hint.startswith(f"{label} — "), hint
            definition = THEMES[option["value"]].definition.get(lang)
            assert definition[1:] in hint
    assert group["hint"] == options[0]["hint"]
    duck = menu_view({}, [], lang, theme="duck", rating=1500, errors=[])["groups"][0]
    assert duck["hint"].startswith(THEMES["duck"].name.get(lang) + " — ")


def test_the_themes_of_an_answered_puzzle_carry_their_meaning() -> None:
    player = PuzzlePlayer(SetQueue([small_puzzle()]), lang="en", backend=PY)
    player.handle({"type": "play", "card": "JS"})
    notes = player.view()["feedback"]["theme_notes"]
    assert [n["label"] for n in notes] == ["Make 61", "Duck"]
    assert notes[1]["note"].startswith("Duck — you could beat the opponent's card")


# -- 3. hints and the rating --------------------------------------------------------------------

def test_an_answer_after_try_again_says_it_is_practice_and_is_not_kept(tmp_path: Path) -> None:
    from kozel_tutor.puzzles.dashboard import attempts_frame

    puzzle = small_puzzle()
    progress = Progress(tmp_path / "p.sqlite3")
    player = PuzzlePlayer(SetQueue([puzzle]), lang="en", progress=progress, backend=PY)
    wrong = next(c for c in legal_cards(puzzle.position) if c not in puzzle.answers)
    player.handle({"type": "play", "card": wrong.token})
    assert player.view()["note"].startswith("Rating: 1500 → ")
    assert player.handle({"type": "retry"})
    player.handle({"type": "play", "card": "JS"})
    assert player.view()["note"] == ("“Try again” is practice: this answer counts neither for "
                                     "the rating nor among the attempts.")
    player.set_lang("ru")
    assert player.view()["note"].startswith("«Ещё раз» — для тренировки")
    assert len(attempts_frame(progress)) == 1


@pytest.mark.parametrize("hints", [0, 1, 2, 3, 4, 5])
def test_a_right_answer_never_lowers_the_rating_however_many_hints(tmp_path: Path,
                                                                    hints: int) -> None:
    # an easy puzzle for the learner: three hints once made a right answer lose 50 points
    easy = small_puzzle(rating=1000)
    attempt = Progress(tmp_path / "p.sqlite3").record(easy, Card.parse("JS"), seconds=5,
                                                      hints=hints)
    assert attempt.correct and attempt.rated
    assert attempt.learner_after.rating >= attempt.learner_before.rating


def test_the_hint_button_says_what_a_hint_does_to_the_rating_and_it_does(
        tmp_path: Path) -> None:
    puzzle = small_puzzle()
    clean = Progress(tmp_path / "clean.sqlite3").record(puzzle, Card.parse("JS"), seconds=5)
    gain = clean.learner_after.rating - clean.learner_before.rating
    progress = Progress(tmp_path / "p.sqlite3")
    player = PuzzlePlayer(SetQueue([puzzle]), lang="en", progress=progress, backend=PY)
    buttons = []
    for _ in range(4):
        buttons.append(player.view()["hint_button"])
        player.handle({"type": "hint"})
    assert buttons == ["Hint 1 (a right answer then earns 25% less rating)",
                       "Hint 2 (a right answer then earns 50% less rating)",
                       "Hint 3 (a right answer then earns 75% less rating)",
                       "Hint 4 (a right answer then earns no rating)"]
    player.set_lang("ru")
    assert player.view()["hint_button"] == ""   # all four used
    player.handle({"type": "play", "card": "JS"})
    assert player.view()["note"] == "Рейтинг: 1500 → 1500"
    before = progress.learner_rating().rating
    assert before == pytest.approx(1500.0)
    # three hints: a quarter of a clean solve's gain (a fresh learner against the same puzzle)
    other = PuzzlePlayer(SetQueue([puzzle]), lang="ru", backend=PY,
                         progress=Progress(tmp_path / "q.sqlite3"))
    for _ in range(3):
        other.handle({"type": "hint"})
    other.handle({"type": "play", "card": "JS"})
    assert other.progress is not None
    assert other.progress.learner_rating().rating - 1500 == pytest.approx(gain / 4)
    # a retry is not rated: its button promises nothing about the rating
    assert other.handle({"type": "retry"})
    assert other.view()["hint_button"] == "Подсказка 1"


def test_the_hint_button_reads_short_in_russian(tmp_path: Path) -> None:
    player = PuzzlePlayer(SetQueue([small_puzzle()]), lang="ru", backend=PY,
                          progress=Progress(tmp_path / "p.sqlite3"))
    buttons = []
    for _ in range(4):
        buttons.append(player.view()["hint_button"])
        player.handle({"type": "hint"})
    assert buttons == ["Подсказка 1 (верный ответ даст на 25% меньше рейтинга)",
                       "Подсказка 2 (верный ответ даст на 50% меньше рейтинга)",
                       "Подсказка 3 (верный ответ даст на 75% меньше рейтинга)",
                       "Подсказка 4 (верный ответ не даст рейтинга)"]


# -- 4. the review tile and the review list ------------------------------------------------------

NOON = time.mktime((2025, 5, 10, 12, 0, 0, 0, 0, -1))


def _tile(view: PuzzlesView, ident: str) -> dict[str, Any]:
    return next(t for t in view.panel.view["tiles"] if t["id"] == ident)


def test_a_theme_only_the_regional_games_have_gives_rated_puzzles_of_those_games(
        tmp_path: Path) -> None:
    """The catch is played in the Nizhny Novgorod and 24-card games only: its rated puzzles
    come from them, and the menu says so, rather than a screen of "no more puzzles"."""
    view = PuzzlesView("en", Store(tmp_path / "progress.sqlite3"), lambda: None, backend=PY)
    view.panel.receive({"type": "choose", "group": "theme", "value": "catch"})
    hint = view.panel.view["groups"][0]["hint"]
    assert hint.endswith("the standard game has none, so they are played under these rules: "
                         "Nizhny Novgorod, 24-card Kozel."), hint
    view.panel.receive({"type": "button", "id": "rated"})
    assert view.player is not None and view.player.puzzle is not None
    assert "catch" in view.player.puzzle.themes
    assert view.player.puzzle.variant in ("nizhny", "kozly24")
    view.set_lang("ru")
    view.show_menu()
    assert view.panel.view["groups"][0]["hint"].endswith(
        "в обычной игре таких нет, и они идут по правилам: Нижегородский, Козёл на 24 картах.")
    # a theme of the standard game keeps to it, and its hint names no rules
    view.panel.receive({"type": "choose", "group": "theme", "value": "make_61"})
    assert view.panel.view["groups"][0]["hint"].endswith(
        "Задачи по рейтингу — только на эту тему.")
    view.panel.receive({"type": "button", "id": "rated"})
    assert view.player is not None and view.player.puzzle is not None
    assert view.player.puzzle.variant == "standard"


def test_a_missed_puzzle_shows_in_the_review_tile_at_once_with_the_day_it_comes_back(
        tmp_path: Path) -> None:
    clock = [NOON]
    view = PuzzlesView("en", Store(tmp_path / "progress.sqlite3"), lambda: None,
                       backend=PY, clock=lambda: clock[0])
    assert _tile(view, "review")["disabled"] is True
    assert _tile(view, "review")["title"] == (
        "Puzzles you miss (or solve with 2+ hints) come back here")
    puzzle = small_puzzle()
    view.progress.record(puzzle, Card.parse("QH"), seconds=5, now=NOON)
    view.show_menu()
    tile = _tile(view, "review")
    assert tile["label"] == "Review (1)" and not tile.get("disabled")
    assert tile["title"] == "Next one due tomorrow; you may practise early"
    view.show_dashboard()
    assert "to review: 1 puzzle, the next one due tomorrow" in view.extra.value
    view.set_lang("ru")
    assert "к повторению: 1 задача, следующая — завтра" in view.extra.value
    view.show_menu()
    assert _tile(view, "review")["title"] == "Следующая — завтра; можно решить и раньше"
    # practising early: the tile opens the missed puzzle
    view.panel.receive({"type": "button", "id": "review"})
    assert view.player is not None and view.player.puzzle is not None
    assert view.player.puzzle.id == puzzle.id
    # the next day it is due
    clock[0] = NOON + DAY + 60
    view.show_menu()
    assert _tile(view, "review")["title"] == "Пора повторить: 1 задача"
    assert _tile(view, "review")["label"] == "Повторение (1)"


@pytest.mark.parametrize(("status", "short", "long"), [
    (ReviewStatus(0, 0, None), "nothing to review",
     "Puzzles you miss (or solve with 2+ hints) come back here"),
    (ReviewStatus(2, 0, None), "to review: 2 puzzles due now", "Due now: 2 puzzles"),
    (ReviewStatus(2, 1, NOON + DAY), "to review: 2 puzzles due now, 1 later",
     "Due now: 2 puzzles; 1 more later"),
    (ReviewStatus(0, 3, NOON + DAY), "to review: 3 puzzles, the next one due tomorrow",
     "Next one due tomorrow; you may practise early")])
def test_the_review_list_has_one_wording_short_on_the_dashboard_and_long_on_the_tile(
        status: ReviewStatus, short: str, long: str) -> None:
    from kozel_tutor.puzzles.dashboard import review_summary

    assert review_summary(status, NOON, "en") == short
    assert review_summary(status, NOON, "en", long=True) == long
    tile = next(t for t in menu_view({}, [], "en", theme="any", rating=1500, errors=[],
                                     reviews=status, now=NOON)["tiles"] if t["id"] == "review")
    assert tile["title"] == long
    assert review_summary(status, NOON, "ru") != review_summary(status, NOON, "ru", long=True)


def test_a_right_answer_before_the_day_keeps_the_review_schedule(tmp_path: Path) -> None:
    book = Progress(tmp_path / "p.sqlite3")
    puzzle = small_puzzle()
    book.record(puzzle, Card.parse("QH"), seconds=5, now=0.0)
    assert book.review_status(now=60.0) == ReviewStatus(0, 1, DAY)
    book.record(puzzle, Card.parse("JS"), seconds=5, now=60.0)   # right after seeing it
    assert book.review_status(now=60.0) == ReviewStatus(0, 1, DAY)
    assert [p.id for p in book.waiting_reviews(now=60.0)] == [puzzle.id]
    book.record(puzzle, Card.parse("JS"), seconds=5, now=DAY + 1)   # on its day: counts
    assert book.review_status(now=DAY + 1).next_due == pytest.approx(DAY + 1 + 3 * DAY)


# -- 5. the dashboard -----------------------------------------------------------------------------

class _Table(HTMLParser):
    """The dashboard table's header rows and body cells."""

    def __init__(self) -> None:
        super().__init__()
        self.head_rows: list[list[str]] = []
        self.body_rows: list[list[str]] = []
        self.part = ""
        self.row: list[str] | None = None
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("thead", "tbody"):
            self.part = tag
        elif tag == "tr":
            self.row = []
        elif tag in ("th", "td"):
            self.cell = []

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td") and self.cell is not None and self.row is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        elif tag == "tr" and self.row is not None:
            (self.head_rows if self.part == "thead" else self.body_rows).append(self.row)
            self.row = None


def _played(view: PuzzlesView) -> None:
    for number, (card, hints) in enumerate([("JS", 0), ("QH", 1), ("JH", 3)]):
        view.progress.record(small_puzzle(id=f"dash-{number}"), Card.parse(card),
                             seconds=10.0 + number * 2.7, hints=hints, now=NOON + number * 60)


def test_the_dashboard_shares_the_menus_card_and_shows_a_clean_table(tmp_path: Path) -> None:
    view = PuzzlesView("ru", Store(tmp_path / "progress.sqlite3"), lambda: None, backend=PY,
                       clock=lambda: NOON + 600)
    _played(view)
    view.show_dashboard()
    # the header bar and the content in one centred card
    assert view.dashboard in view.children
    assert view.dashboard.children == (view.bar, view.extra)
    assert "kz-puzzles-dashboard" in view.dashboard._dom_classes
    assert ".kz-puzzles-dashboard{max-width:872px" in view.style.value
    assert "margin:0 auto" in view.style.value
    page = view.extra.value
    table = _Table()
    table.feed(page)
    assert table.head_rows == [["Тема", "Попыток", "Верно", "Подсказок на задачу",
                                "Секунд (медиана)"]]
    rows = {row[0]: row[1:] for row in table.body_rows}
    # two of three right; 4/3 hints; the median of 10.0, 12.7 and 15.4 seconds
    assert rows["Добрать 61"] == ["3", "67%", "1,3", "12,7"]
    assert "67.0" not in page and "1.33" not in page and "dataframe" not in page
    view.set_lang("en")
    table = _Table()
    table.feed(view.extra.value)
    assert {row[0]: row[1:] for row in table.body_rows}["Make 61"] == ["3", "67%", "1.3", "12.7"]


def test_the_dashboard_explains_the_ratings_margin_and_numbers_the_rating_chart(
        tmp_path: Path) -> None:
    view = PuzzlesView("en", Store(tmp_path / "progress.sqlite3"), lambda: None, backend=PY,
                       clock=lambda: NOON + 600)
    _played(view)
    view.show_dashboard()
    page = view.extra.value
    rating = view.progress.learner_rating()
    rd = str(round(rating.rd))
    assert f"Rating {round(rating.rating)} ± {rd}" in page
    assert f"your true level is most likely within {rd} points of" in page
    assert "(±" not in page
    assert "Rated attempts (0 is the start)" in page
    for tick in ("0", "1", "2", "3"):
        assert f">{tick}</text>" in page
    view.set_lang("ru")
    assert "точность рейтинга" in view.extra.value
    assert "Попытки с рейтингом (0 — начало)" in view.extra.value


# -- 6. wording -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "word"), [("en", "right"), ("ru", "верно")])
def test_a_right_answer_says_right_once(lang: str, word: str) -> None:
    player = PuzzlePlayer(SetQueue([small_puzzle()]), lang=lang, backend=PY)
    player.handle({"type": "play", "card": "JS"})
    text = player.view()["feedback"]["text"]
    assert text.lower().count(word) == 1, text
    assert text.startswith({"en": "Right! After J♠ your side ends the deal with ",
                            "ru": "Верно! После В♠ ваша сторона заканчивает раздачу с "}[lang])


def test_the_points_hint_asks_how_many_more_points_are_needed_even_in_older_files() -> None:
    old = [{"ru": "Сколько очков не хватает до 61?", "en": "How many points are missing to 61?"},
           {"ru": "Сколько очков вам не хватает до 30?",
            "en": "How many points do you still need for 30?"}]
    player = PuzzlePlayer(SetQueue([small_puzzle(hints=old)]), lang="en", backend=PY)
    player.handle({"type": "hint"})
    player.handle({"type": "hint"})
    assert player.view()["hints"] == ["How many more points do you need to reach 61?",
                                      "How many more points do you need to reach 30?"]
    player.set_lang("ru")
    assert player.view()["hints"][0] == "Сколько очков вам не хватает до 61?"
    assert THEMES["make_61"].hint.en == "How many more points do you need to reach 61?"


def test_the_catalogue_stores_the_points_hints_in_todays_words() -> None:
    """The catalogue's files themselves hold today's words (the player's rewording of older
    hints is for puzzles stored elsewhere: sets, links, reviews, drills, drafts), so the stored
    text is checked, not what the player would show."""
    stored = [h for p in CATALOGUE.values() for h in p.hints]
    assert any(h.en.startswith("How many more points do you need to reach ") for h in stored)
    assert not any("missing to" in h.en or "need for" in h.en for h in stored)
    assert not any(h.ru.startswith("Сколько очков не хватает") for h in stored)
    assert all(current_hint(h) == h for h in stored), "nothing stored for the shim to reword"
