"""The app's sentences as a Russian reader meets them (the proofreader's report): «вы» in lower
case inside a sentence, the first leader named in words that agree, the last trick told as the
boasts' tricks are, one name for our side on a summary, «сторона» for a partnership, rows that
are not "extra", the 24-card preset's full name, counted puzzles and bytes, one voice for the
app's own work.  The sentences come from whole matches of every variant played through the
app's views, in both languages."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import refused_third_redeal

from kozel_tutor.app.procedure import _events
from kozel_tutor.app.puzzles_view import _t as puzzles_text
from kozel_tutor.app.session import MatchSession
from kozel_tutor.app.teacher_texts import TEXT as TEACHER_TEXTS
from kozel_tutor.app.texts import TEXTS, text
from kozel_tutor.app.variant_views import event_line
from kozel_tutor.app.views import TableUi, last_trick_words, table_view
from kozel_tutor.cards import Card, Suit
from kozel_tutor.puzzles.dashboard import dashboard_html, review_summary, when_due
from kozel_tutor.puzzles.progress import Progress, ReviewStatus
from kozel_tutor.records import Settings
from kozel_tutor.seats import Seat
from kozel_tutor.state import Trick
from kozel_tutor.variants.questions import LeaderQuestion
from kozel_tutor.variants.summaries import variant_summary

VARIANTS = (("standard", "clubs"), ("standard", "called"), ("classic", "clubs"),
            ("nizhny", "clubs"), ("kozly24", "clubs"))
YOU_INSIDE = re.compile(r"(?:[^.!?…\s] |[(«“])(?:Вы|You)\b")
"""«Вы» / "You" where no sentence starts: after a word, a comma, a colon or a dash."""


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "names":
                yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _match_sentences(variant: str, trump: str, seed: int) -> Iterator[str]:
    """Every string a whole match (random answers and cards) shows, in Russian and English:
    the table, the questions before a deal, the last trick, the summaries and the results."""
    rng = random.Random(seed)
    session = MatchSession(Settings(level="random", trump=trump, variant=variant,
                                    match=6 if variant == "standard" else 12),
                           rng=random.Random(seed))

    def shown(mode: str, trick: Trick | None = None) -> Iterator[str]:
        for lang in ("ru", "en"):
            yield from _strings(table_view(session, TableUi(lang=lang, mode=mode,
                                                             held_trick=trick)))

    for _ in range(2000):
        yield from shown("play")
        yield from shown("predeal")
        if session.asking:
            assert session.question is not None
            session.answer(rng.randrange(len(session.question.options)))
        elif session.awaiting_score:
            session.finish_deal()
            yield from shown("summary")
            if session.score.is_over:
                yield from shown("results")
                return
            session.start_deal()
        elif session.learner_calls:
            session.call_trump(Suit(rng.randrange(4)))
        elif session.learner_to_act:
            trick = session.play(rng.choice(sorted(session.deal.legal_plays())))
            if trick is not None:
                yield last_trick_words(trick, "ru")
                yield last_trick_words(trick, "en")
                yield from shown("play", trick)
        else:
            action = session.ai_act()
            if action.trick is not None:
                yield from shown("play", action.trick)
    raise AssertionError(f"the {variant} match {seed} did not end")


@pytest.fixture(scope="module")
def sentences() -> set[str]:
    return {words for seed in (1, 2, 3, 4) for variant, trump in VARIANTS
            for words in _match_sentences(variant, trump, seed)}


def test_no_sentence_of_a_match_capitalises_the_learner_inside_it(sentences: set[str]) -> None:
    # the matches reach every kind of sentence that names the learner's seat or side inside it
    assert any(line.startswith("Последняя взятка: ") for line in sentences)
    assert any(line.startswith("Взятка хвалёнки: ") and "вы — " in line for line in sentences)
    assert any(line.startswith("Козлы") and line.endswith("— вы и Нина.") for line in sentences)
    assert any(line.startswith("The goats: you and Nina") for line in sentences)
    wrong = sorted(line for line in sentences if YOU_INSIDE.search(line))
    assert not wrong, wrong[:5]


def test_the_learner_is_still_capitalised_on_their_plate_and_where_a_sentence_starts(
        sentences: set[str]) -> None:
    assert {"Вы", "Вы и Нина", "You", "You and Nina"} <= sentences
    assert any(line.startswith("Вы и Нина набрали ") for line in sentences)


def test_the_last_trick_is_told_as_the_boasts_tricks_are() -> None:
    cards = tuple(Card.parse(token) for token in ("QS", "AC", "JS", "8C"))
    trick = Trick(Seat.W, cards, Seat.W, 16)
    assert last_trick_words(trick, "ru") == (
        "Последняя взятка: Фёдор — дама пик, Нина — туз треф, Глеб — валет пик, "
        "вы — восьмёрка треф. Взял Фёдор: 16 очков.")
    assert last_trick_words(trick, "en") == (
        "Last trick: Fedor — queen of spades, Nina — ace of clubs, Gleb — jack of spades, "
        "you — eight of clubs. Fedor took it: 16 points.")


@pytest.mark.parametrize(("seat", "ru", "en"), [
    (Seat.S, "Первый ход ваш.", "You lead the first trick."),
    (Seat.N, "Первой ходит Нина.", "Nina leads the first trick."),
    (Seat.W, "Первым ходит Фёдор.", "Fedor leads the first trick."),
    (Seat.E, "Первым ходит Глеб.", "Gleb leads the first trick.")])
def test_the_first_leader_chosen_by_the_side_is_named_in_words_that_agree(
        seat: Seat, ru: str, en: str) -> None:
    question = LeaderQuestion(seat, (seat, seat.partner), hands=())
    [event] = _events(question, seat)
    assert (event_line(event, "ru"), event_line(event, "en")) == (ru, en)


def test_a_summary_names_our_side_one_way(sentences: set[str]) -> None:
    assert "Вы и Нина выиграли раздачу" in sentences
    assert not any("Вы с Ниной" in line for line in sentences)
    assert text("goats_we", "ru") == "Вы и Нина — козлы."
    assert text("naked_we", "ru") == "Вы и Нина — голые козлы: вы ничего не записали."


def test_the_rows_a_classic_deal_writes_are_not_a_pair_of_players(sentences: set[str]) -> None:
    reasons = [line for line in sentences if re.search(r"набрали \d+ оч\w+, (меньше )?\d+", line)
               and "пар" in line]
    # and who writes them: «вы пишете себе одну пару», «они пишут себе две пары»
    assert reasons and all(line.endswith(("пишете себе одну пару.", "пишете себе две пары.",
                                          "пишут себе одну пару.", "пишут себе две пары."))
                           for line in reasons), reasons


def test_the_refused_third_redeal_is_a_deal_not_played_and_the_dealers_a_side() -> None:
    session = refused_third_redeal()
    overlay = table_view(session, TableUi(lang="ru", mode="summary"))["overlay"]
    assert overlay["title"] == "Раздачи не было: третью пересдачу не дали."
    assert "Третьей пересдачи подряд не бывает: сдающая сторона проигрывает." in overlay["lines"]
    assert text("summary_penalty_against", "ru", losers=text("team_NS", "ru"), points="4 очка") == (
        "Сдавали вы и Нина: сдающим пишут 4 очка.")


def test_no_russian_text_of_the_app_uses_the_words_the_proofreader_marked() -> None:
    marked = ("сдающая пара", "каждой парой", "лишнюю пару", "Кона ", "Козырь: {suit}",
              "На 24 картах", "простые масти: туз, 10")
    russian = [entry["ru"] for entry in TEXTS.values()]
    russian += [str(entry["ru"]) for entry in TEACHER_TEXTS.values()]
    russian += [variant_summary(name, "ru") for name in ("classic", "nizhny", "kozly24")]
    found = [(words, line) for line in russian for words in marked if words in line]
    assert not found, found


def test_the_24_card_preset_has_its_full_name() -> None:
    assert text("variant_kozly24", "ru") == "Козёл на 24 картах"
    assert text("variant_kozly24", "en") == "24-card Kozel"
    assert "в простых мастях: туз, десятка, король, шестёрка." in variant_summary("kozly24", "ru")
    assert "получает дополнительную пару" in variant_summary("classic", "ru")


def test_the_apps_own_work_is_said_in_one_voice() -> None:
    waiting = [text("hint_thinking", "ru"), text("review_analysing", "ru"),
               puzzles_text("mining", "ru", i=2, n=5), puzzles_text("opening", "ru")]
    assert waiting == ["Ищем лучший ход по тому, что видно вам…", "Разбираем ваши ходы…",
                       "Разбираем раздачу 2 из 5…", "Открываем набор задач…"]


def test_the_dashboard_counts_puzzles_and_says_when_in_plain_words(tmp_path: Path) -> None:
    noon = time.mktime((2025, 5, 10, 12, 0, 0, 0, 0, -1))
    assert when_due(noon + 3600, noon, "ru") == "сегодня попозже"
    assert [review_summary(ReviewStatus(n, 0, None), noon, "ru", long=True)
            for n in (1, 2, 5)] == ["Пора повторить: 1 задача", "Пора повторить: 2 задачи",
                                    "Пора повторить: 5 задач"]
    assert review_summary(ReviewStatus(0, 21, noon + 86400), noon, "ru") == (
        "к повторению: 21 задача, следующая — завтра")
    assert "Вы ещё не решали задач." in dashboard_html(Progress(tmp_path / "p.sqlite3"), "ru")


def test_the_predeal_lines_name_the_first_leader_without_a_colon(sentences: set[str]) -> None:
    leaders = {line for line in sentences
               if re.fullmatch(r"Первый ход ваш\.|Перв(ым|ой) ходит \w+\.", line)}
    assert leaders, "a side chose who leads in these matches"
    assert not any("ходит: " in line for line in sentences)
