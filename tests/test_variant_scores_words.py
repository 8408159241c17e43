"""The match score in the words of each table (penalty points against each side, the tablo's
rows never beyond six), who leads the first trick and why, the catch and the goats in words."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from conftest import match_step, played_match

from kozel_tutor.app import App
from kozel_tutor.app.notebook import _match_label
from kozel_tutor.app.session import LEARNER, MatchSession, Settings
from kozel_tutor.app.store import Store
from kozel_tutor.app.texts import counted
from kozel_tutor.app.variant_views import caught_line, question_overlay
from kozel_tutor.app.views import TableUi, table_view
from kozel_tutor.cards import Card
from kozel_tutor.position import Position
from kozel_tutor.scoring import DealResult
from kozel_tutor.seats import Team


def after_first_deal(variant: str, seed: int = 11) -> MatchSession:
    session = MatchSession(Settings(level="random", variant=variant), rng=random.Random(seed))
    while not session.score.results:
        match_step(session)
    return session


def overlay(session: MatchSession, lang: str, mode: str) -> dict[str, Any]:
    view = table_view(session, TableUi(lang=lang, mode=mode))
    assert view["overlay"] is not None
    return dict(view["overlay"])


def penalty(n: int) -> str:
    """«1 штрафное», «2 штрафных»: a side's penalty points as the score says them."""
    return counted(n, "штрафное|штрафных|штрафных")


def penalty_en(n: int) -> str:
    return counted(n, "penalty point|penalty points")


def badge(session: MatchSession, lang: str) -> str:
    view = table_view(session, TableUi(lang=lang))
    return str(next(b["text"] for b in view["badges"] if b["id"] == "score"))


def test_a_penalty_matchs_final_score_says_what_was_written_against_each_side() -> None:
    session = played_match("kozly24")
    us, them = session.score.scores[LEARNER.team], session.score.scores[LEARNER.team.other]
    assert f"Final score: we have {penalty_en(us)}, they have {them}." in overlay(
        session, "en", "results")["lines"]
    assert f"Итоговый счёт: у нас {penalty(us)}, у них {them}." in overlay(
        session, "ru", "results")["lines"]
    assert badge(session, "ru") == (f"У нас {penalty(us)}, у них {them} · "
                                    "кто первым наберёт 12, тот проиграл")
    assert badge(session, "en") == (f"We have {penalty_en(us)}, they have {them} · "
                                    "first to 12 loses")


def test_a_penalty_deal_summary_names_the_match_row_as_written_against() -> None:
    session = after_first_deal("nizhny")
    rows = overlay(session, "ru", "summary")["table"]["rows"]
    assert rows[-1]["cells"][0] == "Всего штрафных"
    assert overlay(session, "en", "summary")["table"]["rows"][-1]["cells"][0] == (
        "Penalty points in all")
    # the standard game's match score is the winners' own: its words stay
    standard = after_first_deal("standard")
    assert overlay(standard, "ru", "summary")["table"]["rows"][-1]["cells"][0] == "Счёт партии"


def test_the_continue_lines_say_a_penalty_score_as_points_against(tmp_path: Path) -> None:
    session = after_first_deal("kozly24")
    session.start_deal()
    us, them = session.score.scores[LEARNER.team], session.score.scores[LEARNER.team.other]
    store = Store(tmp_path / "progress.sqlite")
    store.save_match(session.to_json())
    app = App(store, warm=False)
    app.lang = "ru"
    hint = app._continue_hint()
    assert hint is not None and hint.endswith(f"· у нас {penalty(us)}, у них {them}"), hint
    assert _match_label(session, "en").endswith(f"· we have {penalty_en(us)}, they have {them}")
    standard = after_first_deal("standard")
    s_us, s_them = standard.score.scores
    assert _match_label(standard, "ru").endswith(f"· мы {s_us} : {s_them} они")


def classic_at(us: int, them: int) -> MatchSession:
    """A classic match whose tablo stands at ``us`` : ``them`` rows (the deals recorded as the
    match writes them)."""
    session = MatchSession(Settings(level="random", variant="classic"), rng=random.Random(5))
    for team, rows in ((Team.NS, us), (Team.EW, them)):
        for _ in range(rows):
            written = (1, 0) if team is Team.NS else (0, 1)
            session.score.record(DealResult((70, 50), (5, 3) if team is Team.NS else (3, 5),
                                            team, 1, written=written))
    return session


def test_classic_never_shows_more_rows_than_the_tablo_holds() -> None:
    session = classic_at(5, 3)
    # two rows won from row 5: the score keeps 7, the tablo is full at six and the match over
    session.score.record(DealResult((95, 25), (6, 2), Team.NS, 2, written=(2, 0)))
    assert session.score.scores[Team.NS] == 7 and session.score.is_over
    view = table_view(session, TableUi(lang="ru", mode="results"))
    assert next(b["text"] for b in view["badges"] if b["id"] == "score") == (
        "Пары: мы 6 : 3 они · 6 пар — победа")
    ours = view["scoreboard"]["sides"][0]
    assert ours["text"] == "6 из 6 пар" and ours["value"] == 6
    assert "Итоговый счёт в парах: мы 6 : 3 они." in view["overlay"]["lines"]
    summary = overlay(session, "en", "summary")["table"]["rows"][-1]["cells"]
    assert [summary[1]["text"], summary[2]["text"]] == ["6", "3"]


def test_the_learner_who_must_lead_the_opening_card_is_told_so() -> None:
    session = MatchSession(Settings(level="random", variant="nizhny"), rng=random.Random(1))
    assert session.deal.leader == LEARNER and Card.parse("AD") in session.deal.hand(LEARNER)
    assert table_view(session, TableUi(lang="ru"))["status"] == (
        "Первая раздача начинается с туза бубен — он у вас, ходите им.")
    assert table_view(session, TableUi(lang="en"))["status"] == (
        "The first deal opens with the ace of diamonds — you hold it: lead it.")
    session.play(Card.parse("AD"))
    assert "туз" not in table_view(session, TableUi(lang="ru"))["status"]


def test_a_seat_that_leads_by_holding_the_opening_card_is_said_to_hold_it() -> None:
    nizhny = MatchSession(Settings(level="random", variant="nizhny"), rng=random.Random(0))
    assert table_view(nizhny, TableUi(lang="ru"))["status"] == (
        "Фёдор ходит первым: у него туз бубен.")
    classic = MatchSession(Settings(level="random", variant="classic"), rng=random.Random(0))
    assert table_view(classic, TableUi(lang="en"))["status"] == (
        "Gleb leads first: he holds the seven of diamonds.")
    mine = MatchSession(Settings(level="random", variant="classic"), rng=random.Random(5))
    assert table_view(mine, TableUi(lang="ru"))["status"] == (
        "Первый ход ваш: у вас семёрка бубен. Выберите карту.")


def test_a_later_deal_led_by_the_usual_seat_gives_no_opening_reason() -> None:
    session = after_first_deal("nizhny")
    session.start_deal()
    while session.asking:
        session.answer(0)
    status = table_view(session, TableUi(lang="en"))["status"]
    assert "leads first" not in status and "opens with" not in status, status


# W led the 7♣, N put the Q♣ on it, E the 6♣: NS are caught with 31 points (test_app_review_catch)
NIZHNY_CAUGHT = Position.from_json(
    {"rules": "nizhny", "deck": 36, "trump": "C",
     "hands": {"N": "KH TH 8D", "E": "JH KD JD", "S": "JC 9C QS QD", "W": "8C JS QH"},
     "leader": "W", "trick": ["7C", "QC", "6C"], "taken": {"NS": [31, 2], "EW": [51, 3]},
     "led": "SHD"})


def test_the_catch_says_whose_six_caught_whose_queen_and_who_is_written_what() -> None:
    state = NIZHNY_CAUGHT.to_state()
    state.play(Card.parse("QS"))
    assert state.is_over and state.caught is Team.NS
    result = state.result(1)
    assert caught_line(state, result, "ru") == (
        "Шестёрка треф Глеба поймала даму треф Нины: раздача окончена, вам с Ниной пишут 4 "
        "(карты на руках не считаются).")
    assert caught_line(state, result, "en") == (
        "Gleb's six of clubs caught Nina's queen of clubs: the deal is over, you and Nina are "
        "written 4 (cards still in hand count for no one).")


def test_the_goats_are_named_without_saying_losers_twice() -> None:
    session = played_match("kozly24")
    goats = session.score.goats
    assert goats is not None
    names = {Team.NS: ("вы и Нина", "you and Nina"), Team.EW: ("Фёдор и Глеб", "Fedor and Gleb")}
    ru = overlay(session, "ru", "results")["lines"]
    en = overlay(session, "en", "results")["lines"]
    assert any(line.startswith("Козлы") and line.endswith(f"— {names[goats][0]}.")
               for line in ru), ru
    assert not any("Проигравшие" in line for line in ru)
    assert any(line.startswith("Goats") or line.startswith("The goats") for line in en), en


def test_the_boast_buttons_say_who_boasts_in_the_first_person() -> None:
    session = MatchSession(Settings(level="random", variant="classic"), rng=random.Random(2))
    for _ in range(5000):
        if session.asking and session.question is not None and \
                type(session.question).__name__ == "BoastQuestion" and \
                session.question.seat.team is LEARNER.team:
            break
        match_step(session)
    else:
        raise AssertionError("no boast offered to the learner's side")
    labels = [b["label"] for b in question_overlay(session, "ru")["buttons"]]
    assert "Штаны (хвалюсь я)" in labels and "Штаны (хвалится Нина)" in labels, labels
    labels_en = [b["label"] for b in question_overlay(session, "en")["buttons"]]
    assert "Pants (I boast)" in labels_en, labels_en
