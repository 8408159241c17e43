"""What the table and the deal review say: each side's points, the review's verdicts and legend,
a forced card, the home screen's tiles; in both languages."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from conftest import play_out

from kozel_tutor.app.review import Alternative, ReviewStep, StepAnalysis, learner_steps
from kozel_tutor.app.screens import home_view
from kozel_tutor.app.sections import SECTIONS, load_sections
from kozel_tutor.app.session import LEARNER, MatchSession, Settings
from kozel_tutor.app.texts import TEXTS, text
from kozel_tutor.app.views import ReviewUi, TableUi, table_view
from kozel_tutor.cards import Card, Suit
from kozel_tutor.solver import Outcome
from kozel_tutor.widgets import check_table_view
from kozel_tutor.widgets.schema import _table as check_table

THEM = LEARNER.team.other


def played_deal(seed: int = 9) -> tuple[MatchSession, list[ReviewStep]]:
    """A deal played to its end with random cards (seeded), and the learner's steps in it."""
    rng = random.Random(seed)
    session = MatchSession(Settings(level="random"), rng=rng)
    while not session.deal.is_over:
        if session.learner_calls:
            session.call_trump(Suit(rng.randrange(4)))
        elif session.learner_to_act:
            session.play(rng.choice(sorted(session.deal.legal_plays())))
        else:
            session.ai_act()
    session.finish_deal()
    assert session.last_deal is not None
    return session, learner_steps(session.last_deal, session.rules)


def review_overlay(session: MatchSession, analysis: StepAnalysis, lang: str) -> dict[str, Any]:
    review = ReviewUi([analysis.step], analyses={0: analysis})
    view = check_table_view(table_view(session, TableUi(lang=lang, mode="review",
                                                        review=review)))
    overlay: dict[str, Any] = view["overlay"]
    return overlay


def judged(step: ReviewStep, *values: tuple[Card, int]) -> StepAnalysis:
    """The step with the given exact values (the first card's deal is theirs, +2)."""
    lost = Outcome(THEM, 2, False)
    return StepAnalysis(step, tuple(Alternative(card, value, value, lost)
                                    for card, value in values))


@pytest.mark.parametrize("lang, ours, theirs", [
    ("en", "We: {}", "They: {}"),
    ("ru", "Мы: {}", "Они: {}"),
])
def test_each_sides_card_points_are_named_as_the_sides_not_a_players(
        lang: str, ours: str, theirs: str) -> None:
    session, _ = played_deal()
    view = check_table_view(table_view(session, TableUi(lang=lang, mode="summary")))
    seats = view["seats"]
    points = session.deal.points
    assert points[LEARNER.team] + points[THEM] == 120
    assert seats["S"]["points"] == ours.format(points[LEARNER.team])
    assert seats["W"]["points"] == theirs.format(points[THEM])
    assert "Nin" in seats["S"]["points_title"] or "Нин" in seats["S"]["points_title"]
    assert "Gleb" in seats["W"]["points_title"] or "Глеб" in seats["W"]["points_title"]
    assert "points" not in seats["N"] and "points" not in seats["E"], "one plate a side"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_points_plates_tooltips_take_the_sides_names_from_the_team_names(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    session, _ = played_deal()
    for team, renamed in (("team_NS", "Ann and Bob"), ("team_EW", "Cid and Dan")):
        monkeypatch.setitem(TEXTS[team], lang, renamed)
    seats = check_table_view(table_view(session, TableUi(lang=lang, mode="summary")))["seats"]
    assert seats["S"]["points_title"].startswith("Ann and Bob")
    assert seats["W"]["points_title"].startswith("Cid and Dan")
    for name in ("Nina", "Fedor", "Gleb", "Нин", "Фёдор", "Глеб"):
        assert name not in seats["S"]["points_title"] + seats["W"]["points_title"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_review_explains_both_columns_above_its_table(lang: str) -> None:
    session, steps = played_deal()
    step = next(s for s in steps if len(s.legal) > 1)
    overlay = review_overlay(session, judged(step, *((c, 60) for c in step.legal)), lang)
    assert overlay["legend"] == [text("review_explain", lang), text("review_explain_deal", lang),
                                 text("review_explain_hint", lang)]
    points, deal, _ = overlay["legend"]
    assert points.startswith(("Points: ", "Очки: "))
    assert deal.startswith(("Deal: ", "Раздача: ")) and (
        "everyone played perfectly from here, with all the cards face up" in deal
        or "отсюда все играют безошибочно, видя все карты" in deal)
    head = overlay["table"]["head"]
    assert [points.split(":")[0], deal.split(":")[0]] == head[1:], "a legend line a column"
    assert overlay["legend_title"] == {"en": "What do the columns mean?",
                                       "ru": "Что значат столбцы?"}[lang]
    view = table_view(session, TableUi(lang=lang, mode="review",
                                       review=ReviewUi([step], analyses={0: judged(
                                           step, *((c, 60) for c in step.legal))})))
    assert view["status"] == text("review_status", lang), "the status says what the table shows"


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "The Hint knew only what you could see; the review sees every hand, so a card the "
           "Hint chose can rank lower here."),
    ("ru", "Подсказка знала только то, что видно вам, а разбор видит все руки, поэтому "
           "подсказанная карта здесь может стоять ниже."),
])
def test_the_review_says_once_why_a_hinted_card_can_rank_low_here(lang: str, line: str) -> None:
    """The Hint chooses from what the learner sees (sampled layouts of the hidden cards); the
    review sees every hand: one line of the legend says so, on every card's page, once."""
    session, steps = played_deal()
    for step in (s for s in steps if len(s.legal) > 1):
        overlay = review_overlay(session, judged(step, *((c, 60) for c in step.legal)), lang)
        assert overlay["legend"].count(line) == 1
        assert line not in overlay["lines"]


def test_a_forced_card_is_not_coloured_as_a_mistake() -> None:
    session, steps = played_deal()
    step = next(s for s in steps if len(s.legal) > 1)
    step = replace(step, legal=(step.played,))   # as if the played card had been the only one
    overlay = review_overlay(session, judged(step, (step.played, 54)), "en")
    assert "It was your only legal card." in overlay["lines"]
    ru = review_overlay(session, judged(step, (step.played, 54)), "ru")
    assert "Других разрешённых карт у вас не было: ход был вынужденный." in ru["lines"]
    [row] = overlay["table"]["rows"]
    card, points, deal = row["cells"]
    assert card["card"] == step.played.token
    assert deal == "+2 for them", "the deal's result, in no colour"
    assert points == {"text": "54", "strong": False} and row["mark"] == "played"
    # a card that was a choice keeps its colours
    other = next(s for s in steps if len(s.legal) > 1)
    rows = review_overlay(session, judged(other, *((c, 54) for c in other.legal)),
                          "en")["table"]["rows"]
    assert all(r["cells"][2] == {"text": "+2 for them", "tone": "bad"} for r in rows)


@pytest.mark.parametrize("lang, one, several", [
    ("en", "That was the best card (with all the cards face up).",
     "That was one of the best cards (with all the cards face up)."),
    ("ru", "Это был лучший ход (если видеть все карты).",
     "Это был один из лучших ходов (если видеть все карты)."),
])
def test_a_best_card_is_called_so_in_plain_words(lang: str, one: str, several: str) -> None:
    session, steps = played_deal()
    step = next(s for s in steps if len(s.legal) > 2 and s.played != s.legal[0])
    others = [c for c in step.legal if c != step.played]
    alone = judged(step, (step.played, 70), *((c, 50) for c in others))
    shared = judged(step, (step.played, 70), (others[0], 70), *((c, 50) for c in others[1:]))
    assert one in review_overlay(session, alone, lang)["lines"]
    assert several in review_overlay(session, shared, lang)["lines"]
    for analysis in (alone, shared):
        assert not any("double dummy" in line or "(в открытую)" in line
                       for line in review_overlay(session, analysis, lang)["lines"])


@pytest.mark.parametrize("diff, en, ru", [
    (1, "kept 1 more point for", "на 1 очко больше"),
    (3, "kept 3 more points for", "на 3 очка больше"),
    (11, "kept 11 more points for", "на 11 очков больше"),
    (21, "kept 21 more points for", "на 21 очко больше"),
])
def test_the_points_a_card_gave_away_agree_with_their_number(diff: int, en: str,
                                                             ru: str) -> None:
    _, steps = played_deal()
    step = next(s for s in steps if len(s.legal) > 1)
    best = next(c for c in step.legal if c != step.played)
    analysis = judged(step, (best, 60), (step.played, 60 - diff))
    assert analysis.loss == diff
    assert en in str(analysis.lost_text("en")) and ru in str(analysis.lost_text("ru"))


@pytest.mark.parametrize("lang, hint", [
    ("en", "Learn the rules step by step, on the cards"),
    ("ru", "Правила с нуля, шаг за шагом, на картах"),
])
def test_the_lessons_tile_says_its_hint_in_natural_words(lang: str, hint: str) -> None:
    load_sections(("kozel_tutor.app.lessons_section",))
    tiles = home_view(lang, continue_hint=None, sections=[SECTIONS["lessons"]])["tiles"]
    assert tiles[-1]["testid"] == "section-lessons" and tiles[-1]["title"] == hint



def test_the_pause_menu_and_the_settings_both_call_it_a_new_match() -> None:
    for lang, words in (("ru", "Новая партия"), ("en", "New match")):
        assert text("new_game", lang) == text("settings_title", lang) == words


def test_the_dealers_mark_is_not_a_seat_letter() -> None:
    # «С» is the north seat (Nina's) in the lessons: the dealer's chip says «Сд»
    from kozel_tutor.seats import Seat

    session, _ = played_deal()
    for lang in ("ru", "en"):
        mark = table_view(session, TableUi(lang=lang))["labels"]["dealer"]
        assert mark == {"ru": "Сд", "en": "D"}[lang]
        assert mark not in {seat.label(lang) for seat in Seat}


def test_the_hard_levels_hint_says_it_plays_deals_out_not_that_it_loses_them() -> None:
    assert text("level_hard_hint", "ru").startswith("Представляет возможные раздачи и "
                                                    "разыгрывает каждую до конца.")
    assert "проигрывает" not in text("level_hard_hint", "ru")


def test_the_difficulty_is_the_opponents_and_the_partner_plays_hard_or_insane() -> None:
    from kozel_tutor.ai import lineup
    from kozel_tutor.seats import Seat

    assert text("level", "en") == "Opponents' level"
    for level, partner_level in (("easy", "hard"), ("medium", "hard"), ("insane", "insane")):
        players = lineup(level)
        assert type(players[Seat.N]) is type(lineup(partner_level)[Seat.E])
    assert "Nina" in text("level_hard_hint", "en") and "Нина" in text("level_insane_hint", "ru")


@pytest.mark.parametrize(("lang", "first"), [("en", "Totals"), ("ru", "Итоги")])
def test_every_column_of_the_deal_summary_has_a_head(lang: str, first: str) -> None:
    """A screen reader names a cell by its column's head: the rows' names have one too."""
    session, _ = played_deal()
    head = check_table_view(table_view(session, TableUi(lang=lang, mode="summary")))[
        "overlay"]["table"]["head"]
    assert head == [first, text("team_NS", lang), text("team_EW", lang)]


def test_a_regional_deal_summary_has_a_head_over_its_rows_names() -> None:
    session = MatchSession(Settings(level="random", variant="classic"), rng=random.Random(4))
    play_out(session)
    session.finish_deal()
    overlay = check_table_view(table_view(session, TableUi(lang="ru", mode="summary")))["overlay"]
    assert overlay["table"]["head"][0] == "Итоги"


@pytest.mark.parametrize(("lang", "words"), [("en", " — best card"), ("ru", " — лучший ход")])
def test_the_best_cards_are_said_best_in_words_not_by_bold_alone(lang: str, words: str) -> None:
    """As the puzzles' table marks the right card «лучший ход», the review's best cards say so
    beside the card; the others, and a forced card, show the card alone."""
    session, steps = played_deal()
    step = next(s for s in steps if len(s.legal) > 2)
    best, *others = step.legal
    overlay = review_overlay(session, judged(step, (best, 70), *((c, 50) for c in others)), lang)
    cells = {row["cells"][0]["card"]: row["cells"][0] for row in overlay["table"]["rows"]}
    assert cells[best.token]["text"] == (best.label(lang) + words).replace(" ", "\u00a0")
    for card in others:
        assert cells[card.token]["text"] == card.label(lang), "no mark on the others"
    forced = replace(step, legal=(step.played,))
    [row] = review_overlay(session, judged(forced, (step.played, 54)), lang)["table"]["rows"]
    assert row["cells"][0]["text"] == step.played.label(lang), "a forced card is not 'best'"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_review_card_is_said_once_in_words_though_shown_twice(lang: str) -> None:
    """The mini card and its label («7♥») show the card twice; a screen reader hears the card's
    name once («семёрка червей — лучший ход»), not the glyphs."""
    session, steps = played_deal()
    step = next(s for s in steps if len(s.legal) > 2)
    best, *others = step.legal
    overlay = review_overlay(session, judged(step, (best, 70), *((c, 50) for c in others)), lang)
    cells = {row["cells"][0]["card"]: row["cells"][0] for row in overlay["table"]["rows"]}
    mark = {"en": " — best card", "ru": " — лучший ход"}[lang]
    assert cells[best.token]["said"] == best.name_in(lang) + mark
    for card in others:
        assert cells[card.token]["said"] == card.name_in(lang)
    check_table(overlay["table"], "view.overlay.table")   # the schema takes the new field
