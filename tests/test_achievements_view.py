"""The *My progress* page: lessons, puzzles and matches in one place, as the learner left them.

Everything is recorded through the app's own APIs in a real progress file (lesson progress,
puzzle answers, deals and matches recorded as the table records them), then read back by the
page in Russian and English.  An empty file gets kind words, a file that cannot be read gets a
word in each part and a page that still works, and the page changes nothing in the file.

Each test is named after the rule it checks.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from kozel_tutor.app import App
from kozel_tutor.app.achievements_view import AchievementsView, rating_meaning
from kozel_tutor.app.lessons_view import LessonsView
from kozel_tutor.app.sections import SECTIONS, sections
from kozel_tutor.app.store import Store
from kozel_tutor.cards import Card
from kozel_tutor.lessons import lesson_ids
from kozel_tutor.lessons.progress import LessonProgress
from kozel_tutor.position import Position
from kozel_tutor.puzzles.model import Puzzle
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.puzzles.themes import THEMES
from kozel_tutor.rules import find_rules
from kozel_tutor.scoring import DealResult, MatchScore, deal_result
from kozel_tutor.seats import Team
from kozel_tutor.widgets.schema import check_panel_view

NOON = 1_750_000_000.0
# J♠ and J♥ are right, Q♥ is wrong: a three-card ending (as in test_puzzles_menu)
ENDING = Position.from_json({
    "hands": {"N": "TD 9D", "E": "JC TH", "S": "JS QH JH", "W": "TC 9C QS"}, "leader": "N",
    "taken": {"NS": [39, 4], "EW": [37, 2]}, "trick": ["7D", "JD"], "led": "SHD"})


def puzzle(ident: str, theme: str) -> Puzzle:
    return Puzzle.from_dict({
        "id": ident, "title": {"ru": "Т", "en": "T"}, "story": {"ru": "", "en": ""},
        "position": json.loads(ENDING.to_json()), "goal": "make_61", "answers": ["JH", "JS"],
        "themes": [theme], "rating": 1200,
        "hints": [{"ru": f"подсказка {i}", "en": f"hint {i}"} for i in range(1, 5)],
        "view": "double_dummy"})


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "progress.sqlite3")


def page(store: Store, lang: str) -> AchievementsView:
    return AchievementsView(store, lang, go_home=lambda: None, clock=lambda: NOON + 60)


def words(html: str) -> str:
    """The text a learner reads in a part of the page."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def play_match(store: Store, key: tuple[str, str], results: list[DealResult]) -> None:
    """Record the deals of one match as the table does: each deal, then the match once over."""
    score = MatchScore(find_rules())
    for result in results:
        score.record(result)
        store.record_deal(key, result, Team.NS, None)
        if score.is_over:
            store.record_match(key, score, Team.NS)


def won(points: int = 80, tricks: int = 6) -> DealResult:
    return deal_result(find_rules(), (points, 120 - points), (tricks, 8 - tricks))


def lost(points: int = 30) -> DealResult:
    return deal_result(find_rules(), (points, 120 - points), (2, 6))


def fill(store: Store) -> None:
    """A learner who finished lesson 1 (2 stars), stopped in lesson 2, answered two puzzles
    (one right, one wrong) and played at two levels."""
    lessons = LessonProgress(store.path)
    lessons.record("01_table", 7, 7, 2)
    lessons.record("02_trumps", 3, 8, None)
    progress = Progress(store.path)
    progress.record(puzzle("p-right", "make_61"), Card.parse("JH"), seconds=5, now=NOON)
    progress.record(puzzle("p-wrong", "duck"), Card.parse("QH"), seconds=9, now=NOON)
    play_match(store, ("insane", "clubs"), [lost(), lost()])            # not over
    play_match(store, ("easy", "clubs"), [won(90, 8), won(100, 8)])   # 6 + 6: won
    play_match(store, ("easy", "called"), [won(70)])


# -- what the page says -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_empty_progress_file_gets_kind_words_in_every_part(store: Store, lang: str) -> None:
    view = page(store, lang)
    expected = {
        "ru": ("Вы ещё не прошли ни одного урока. Начните с первого: «1. ",
               "Вы ещё не решали задач — попробуйте: плитка «Задачи» на главном экране.",
               "Партий пока нет — сыграйте первую: плитка «Играть» на главном экране."),
        "en": ("You have not finished a lesson yet. Start with the first one: “1. ",
               "No puzzles tried yet — try one from the Puzzles tile on the home screen.",
               "No matches yet — play one from the Play tile on the home screen.")}[lang]
    assert words(view.lessons.value).split(" ", 1)[1].startswith(expected[0])
    assert expected[1] in words(view.puzzles.value)
    assert expected[2] in words(view.matches.value)
    assert "<table" not in view.matches.value


def test_progress_recorded_in_lessons_puzzles_and_matches_shows_in_english(store: Store) -> None:
    fill(store)
    view = page(store, "en")
    assert words(view.lessons.value) == (
        "Lessons Lessons finished: 1 of 15. Stars earned: 2 of 45. "
        "Next lesson: “2. Trumps” (you stopped at step 3 of 8).")
    rating = round(Progress(store.path).learner_rating().rating)
    puzzles = words(view.puzzles.value)
    assert f"Rating: {rating}, {rating_meaning(rating, 'en')}." in puzzles
    assert ("Puzzles solved: 1 of 2 tried (50%). Attempts, reviews included: 2, right: 1 (50%)."
            in puzzles)
    assert "To review: 1 puzzle, the next one due tomorrow." in puzzles
    assert f"Weakest theme: {THEMES['duck'].name.get('en')} (0% of answers right)." in puzzles
    assert "Matches finished: 1; won: 1." in words(view.matches.value)


def test_the_same_progress_reads_naturally_in_russian(store: Store) -> None:
    fill(store)
    view = page(store, "ru")
    assert words(view.lessons.value) == (
        "Уроки Пройдено уроков: 1 из 15. Звёзд: 2 из 45. "
        "Следующий урок: «2. Козыри» (вы остановились на шаге 3 из 8).")
    rating = round(Progress(store.path).learner_rating().rating)
    puzzles = words(view.puzzles.value)
    assert f"Рейтинг: {rating} — {rating_meaning(rating, 'ru')}." in puzzles
    assert ("Решено задач: 1 из 2 (50%). Попыток вместе с повторением: 2, верных: 1 (50%)."
            in puzzles)
    assert "К повторению: 1 задача, следующая — завтра." in puzzles
    assert f"Самая слабая тема: «{THEMES['duck'].name.get('ru')}» (верных ответов 0%)." in puzzles
    assert "Доиграно партий: 1, из них выиграно: 1." in words(view.matches.value)


def _rows(html: str) -> list[list[str]]:
    body = html.split("<tbody>", 1)[1]
    return [[words(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", body)]


@pytest.mark.parametrize(("lang", "rows"), [
    ("en", [["Easy", "Clubs", "1", "1", "2 of 2", "95.0"],
            ["Easy", "Called", "0", "0", "1 of 1", "70.0"],
            ["Insane", "Clubs", "0", "0", "0 of 2", "30.0"]]),
    ("ru", [["Лёгкий", "Трефы", "1", "1", "2 из 2", "95,0"],
            ["Лёгкий", "Заказ", "0", "0", "1 из 1", "70,0"],
            ["Безумный", "Трефы", "0", "0", "0 из 2", "30,0"]])])
def test_matches_show_a_row_per_level_and_game_played_easy_to_insane(
        store: Store, lang: str, rows: list[list[str]]) -> None:
    fill(store)
    table = page(store, lang).matches.value
    assert _rows(table) == rows   # only the levels played; medium and hard have no row
    head = "Level Trumps or game Matches Matches won Deals won Card points per deal"
    if lang == "en":
        assert head in words(table)


@pytest.mark.parametrize(("stars", "line"), [
    (3, "Every lesson finished with all three stars. Well done!"),
    (2, "Every lesson finished! Take any of them again to earn more stars.")])
def test_when_every_lesson_is_finished_the_page_says_so_instead_of_a_next_one(
        store: Store, stars: int, line: str) -> None:
    lessons = LessonProgress(store.path)
    for lesson in lesson_ids():
        lessons.record(lesson, 5, 5, stars)
    text = words(page(store, "en").lessons.value)
    assert f"Lessons finished: 15 of 15. Stars earned: {15 * stars} of 45. {line}" in text
    assert "Next lesson" not in text


@pytest.mark.parametrize(("rating", "en", "ru"), [
    (1100, "a beginner's level: easy puzzles suit you best",
     "уровень новичка: вам подойдут лёгкие задачи"),
    (1300, "below an average learner (1500)", "ниже среднего ученика (1500)"),
    (1500, "about an average learner (1500)", "как у среднего ученика (1500)"),
    (1650, "above an average learner (1500)", "выше среднего ученика (1500)"),
    (1900, "a strong player: hard puzzles suit you", "сильный игрок: вам по силам трудные задачи"),
])
def test_the_rating_is_said_in_words_around_the_average_learners_1500(
        rating: int, en: str, ru: str) -> None:
    assert rating_meaning(rating, "en") == en and rating_meaning(rating, "ru") == ru


# -- a file that cannot be read -----------------------------------------------------------------


def test_a_progress_file_that_cannot_be_read_gets_a_word_in_each_part_and_the_page_works(
        store: Store) -> None:
    fill(store)
    view = page(store, "en")
    store.path.write_bytes(b"this is no longer an SQLite database" * 100)
    view.refresh()
    for part in (view.lessons, view.puzzles, view.matches):
        assert "This part could not be read from the progress file" in words(part.value)
    view.header.receive({"type": "button", "id": "lang"})   # no app: this page switches
    assert view.lang == "ru"
    assert "Эту часть не удалось прочитать из файла прогресса" in words(view.matches.value)
    went: list[bool] = []
    view.go_home = lambda: went.append(True)
    view.header.receive({"type": "button", "id": "home"})
    assert went == [True]


def test_a_damaged_row_is_set_aside_and_the_rest_of_the_record_still_shows(
        store: Store) -> None:
    fill(store)
    with sqlite3.connect(store.path) as conn:
        conn.execute("INSERT INTO stats (level, trump, matches) VALUES ('hard', 'clubs', 'lots')")
    table = page(store, "en").matches.value
    assert [row[:2] for row in _rows(table)] == [["Easy", "Clubs"], ["Easy", "Called"],
                                                 ["Insane", "Clubs"]]
    assert store.take_untold() == ["stats"]   # the app tells the learner above the page


def _content(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [line for line in conn.iterdump() if "write_check" not in line]


def test_the_page_reads_the_progress_file_and_changes_nothing_in_it(store: Store) -> None:
    fill(store)
    before = _content(store.path)
    view = page(store, "ru")
    view.set_lang("en")
    view.refresh()
    assert _content(store.path) == before


# -- in the app -----------------------------------------------------------------------------------


def test_the_app_alone_loads_the_my_progress_tile(tmp_path: Path) -> None:
    """A fresh interpreter, as Voila's kernel: the app imports the section's module itself."""
    script = ("import sys; from pathlib import Path; from kozel_tutor.app import App; "
              "from kozel_tutor.app.store import Store; "
              "app = App(Store(Path(sys.argv[1])), warm=False); "
              "print([t['id'] for t in app.home.view['tiles']])")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "progress.sqlite3")],
                          capture_output=True, text=True, check=True, cwd=tmp_path)
    assert "'section:achievements'" in done.stdout


def test_my_progress_is_a_tile_of_the_home_screen_after_puzzles(tmp_path: Path) -> None:
    app = App(Store(tmp_path / "progress.sqlite3"), warm=False)
    keys = [section.key for section in sections()]
    assert keys.index("puzzles") < keys.index("achievements") < keys.index("progress")
    tile = next(t for t in app.home.view["tiles"] if t["id"] == "section:achievements")
    assert (tile["label"], tile["testid"]) == ("Мои успехи", "section-achievements")
    # the backup tile beside it is named for what it does, not a second "progress"
    backup = next(t for t in app.home.view["tiles"] if t["id"] == "section:progress")
    assert backup["label"] == "Резервная копия" and "прогресс" in backup["title"]
    assert SECTIONS["progress"].title["en"] == "Backup copy"
    assert "progress" not in SECTIONS["progress"].title["en"].lower()


def test_the_page_has_the_sections_header_and_switches_the_whole_apps_language(
        tmp_path: Path) -> None:
    app = App(Store(tmp_path / "progress.sqlite3"), warm=False)
    app._open_section("achievements")
    view = app.section_widget
    assert isinstance(view, AchievementsView) and view.children[0] is view.header
    assert "kz-page-header" in view.header._dom_classes and "kz-page" in view._dom_classes
    check_panel_view(view.header.view)
    assert view.header.view["title"] == "Мои успехи"
    assert [b["id"] for b in view.header.view["toolbar"]] == ["home", "lang"]
    view.header.receive({"type": "button", "id": "lang"})
    assert app.lang == view.lang == "en" and app.store.get_pref("lang") == "en"
    assert view.header.view["title"] == "My progress"
    assert view.header.view["toolbar"][0]["label"] == "← Home"
    assert "No matches yet" in view.matches.value
    view.header.receive({"type": "button", "id": "home"})
    assert app.screen == "home"


def test_the_lessons_button_opens_the_lessons_section_as_its_tile_does(
        tmp_path: Path) -> None:
    app = App(Store(tmp_path / "progress.sqlite3"), warm=False)
    app._open_section("achievements")
    view = app.section_widget
    assert view.buttons["lessons"].description == "Открыть уроки"
    view.buttons["lessons"].click()
    lessons = app.section_widget
    assert isinstance(lessons, LessonsView) and app.screen == "section:lessons"
    app.toggle_lang()   # the app's switch reaches the section opened from the page
    assert lessons.lang == "en" and lessons.panel.view["title"] == "Lessons"
    lessons.panel.receive({"type": "button", "id": "home"})
    assert app.screen == "home"


def test_without_the_app_the_page_offers_no_button_it_could_not_follow(store: Store) -> None:
    view = AchievementsView(store, "en")
    assert view.buttons == {}
    assert view.open_section("lessons") is None
    assert [b["id"] for b in view.header.view["toolbar"]] == ["lang"]


def test_the_puzzles_button_opens_the_puzzles_menu_as_its_tile_does(tmp_path: Path) -> None:
    from kozel_tutor.app.puzzles_view import PuzzlesView

    app = App(Store(tmp_path / "progress.sqlite3"), warm=False)
    app.toggle_lang()
    app._open_section("achievements")
    view = app.section_widget
    assert view.buttons["puzzles"].description == "Open puzzles"
    view.buttons["puzzles"].click()
    puzzles = app.section_widget
    assert isinstance(puzzles, PuzzlesView) and puzzles.lang == "en"
    assert app.screen == "section:puzzles"
