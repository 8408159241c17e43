"""What the card table tells a screen reader beyond the cards: a new match and each new deal
(who deals, the trumps, who leads, a stake doubled after eggs), the learner's call, a deal's
result with the match score as its panel opens, the doubled stake in words on its badge, and
the words said before the table is on the page (kept in the widget's state, each line in its
language)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import heard_by, playable, wait_for

from kozel_tutor.app.main import App
from kozel_tutor.app.play_view import Pace, PlayScreen
from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.app.table_access import Speaker, deal_start_words
from kozel_tutor.app.texts import text
from kozel_tutor.app.views import TableUi, table_view
from kozel_tutor.scoring import DealResult
from kozel_tutor.seats import Seat
from kozel_tutor.widgets import Command, TableWidget
from kozel_tutor.widgets.table import SPOKEN_KEPT

INSTANT = Pace(card=0.0, trick=0.0)


def _screen(tmp_path: Path, lang: str) -> tuple[PlayScreen, list[str]]:
    screen = PlayScreen(Store(tmp_path / DB_NAME), lang=lang, pace=INSTANT)
    return screen, heard_by(screen)


def _after_eggs(settings: Settings, dealer: Seat) -> MatchSession:
    """A match whose first deal ended in eggs: the second, dealt by ``dealer``, counts double."""
    session = MatchSession(settings, rng=random.Random(3), first_dealer=dealer.offset(-1))
    session.score.record(DealResult((60, 60), (4, 5), None, 0, 1, eggs=True))
    session.start_deal()
    assert session.deal.dealer == dealer and session.score.multiplier == 2
    return session


@pytest.mark.parametrize(("lang", "start", "call"), [
    ("ru", "Новая партия. Раздача 1: сдаёт Глеб.", "В этой раздаче козырь назначаете вы."),
    ("en", "A new match. Deal 1: Gleb deals.", "You name the trump suit this deal.")])
def test_a_new_match_says_who_deals_and_that_the_learner_names_trumps(
        tmp_path: Path, lang: str, start: str, call: str) -> None:
    screen, heard = _screen(tmp_path, lang)
    # the seed makes Gleb the dealer: the learner, on his left, names the trumps first
    screen.start(Settings(level="random", trump="called"), rng=random.Random(1))
    wait_for(screen.wait_idle, "the table to settle")
    assert screen.session is not None and screen.session.learner_calls
    assert heard == [f"{start} {call}"]


def test_each_new_deal_says_its_number_dealer_trumps_and_who_leads(tmp_path: Path) -> None:
    screen, heard = _screen(tmp_path, "en")
    screen.start(Settings(level="random"), rng=random.Random(5))
    assert heard[0].startswith("A new match. Deal 1: ")
    while screen.ui.mode == "play":
        wait_for(lambda: screen.wait_idle() and (playable(screen) or screen.ui.mode != "play"),
                 "the learner's turn")
        if screen.ui.mode == "play":
            screen.table.receive({"type": "play", "card": playable(screen)[0]})
    session = screen.session
    assert session is not None
    heard.clear()
    assert screen.table.receive({"type": "button", "id": "next"}) is not None
    dealer, leader = session.deal.dealer, session.deal.leader
    expected = f"Deal 2: {text(f'seat_{dealer.name}', 'en')} deals. Trumps: clubs."
    assert heard[0].startswith(expected), heard
    if leader != Seat.S:
        assert f" {text(f'seat_{leader.name}', 'en')} leads." in heard[0]
    else:
        assert heard[0].endswith("Your lead: choose a card."), "the status says it is yours"


@pytest.mark.parametrize(("lang", "doubled"), [
    ("ru", "После яиц эта раздача идёт вдвойне."),
    ("en", "After eggs this deal counts double.")])
def test_a_deal_after_eggs_says_its_stake_is_doubled_and_its_badge_says_so_in_words(
        lang: str, doubled: str) -> None:
    session = _after_eggs(Settings(level="random"), Seat.N)
    words = deal_start_words(session, lang)
    assert words[0] == text("said_deal", lang, n=2, name=text("seat_N", lang))
    assert words[-1] == doubled
    assert "Первой ходит Нина." not in words, "Nina deals: Gleb, on her left, leads"
    view = table_view(session, TableUi(lang=lang))
    badge = next(b for b in view["badges"] if b["id"] == "double")
    assert badge["text"] == "×2" and badge["said"] == doubled
    TableWidget().view = view   # the schema takes it


def test_nina_leading_is_said_in_russian_as_a_woman() -> None:
    session = _after_eggs(Settings(level="random"), Seat.W)
    assert "Первой ходит Нина." in deal_start_words(session, "ru")
    assert "Nina leads." in deal_start_words(session, "en")


def test_the_result_panel_is_said_once_with_the_match_score() -> None:
    speaker = Speaker()
    summary = {"kind": "summary", "title": "You and Nina won the deal", "buttons": [],
               "lines": ["The deal was worth 2 points."], "said": ["Match score: we 2 : 0 they."]}
    view = {"status": "The deal is over.", "status_kind": "done", "overlay": summary}
    assert speaker.words(view) == ("The deal is over. You and Nina won the deal. The deal was "
                                   "worth 2 points. Match score: we 2 : 0 they.")
    review = {"kind": "review", "title": "Deal review: your card 1 of 9", "buttons": [],
              "placement": "side", "lines": []}
    speaker.words({**view, "overlay": review})
    assert speaker.words(view) is None, "not again as the review closes"
    assert speaker.words({**view, "overlay": None, "status": "Your lead."}) == "Your lead."
    assert speaker.words(view) is not None, "the next deal's result is said"


@pytest.mark.parametrize(("lang", "score"), [("ru", "Счёт партии: мы "),
                                             ("en", "Match score: we ")])
def test_a_deals_summary_says_the_match_score_to_a_screen_reader(
        tmp_path: Path, lang: str, score: str) -> None:
    screen, heard = _screen(tmp_path, lang)
    screen.start(Settings(level="random"), rng=random.Random(2))
    while screen.ui.mode == "play":
        wait_for(lambda: screen.wait_idle() and (playable(screen) or screen.ui.mode != "play"),
                 "the learner's turn")
        if screen.ui.mode == "play":
            screen.table.receive({"type": "play", "card": playable(screen)[0]})
    overlay = screen.table.view["overlay"]
    assert overlay["kind"] == "summary" and overlay["said"][0].startswith(score)
    assert heard[-1].endswith(" ".join([overlay["title"] + ".", *overlay["lines"],
                                        *overlay["said"]]))


def test_words_said_before_the_table_is_shown_are_kept_each_in_its_language() -> None:
    table = TableWidget(lang="ru")
    table.say("Новая партия.")
    table.lang = "en"
    table.shown_anew()
    table.say("A new match.")
    assert table.spoken["count"] == 2 and table.spoken["start"] == 1
    assert table.spoken["lines"] == [{"text": "Новая партия.", "lang": "ru"},
                                     {"text": "A new match.", "lang": "en"}]
    for n in range(SPOKEN_KEPT + 3):
        table.say(f"line {n}")
    assert len(table.spoken["lines"]) == SPOKEN_KEPT
    assert table.spoken["lines"][-1]["text"] == f"line {SPOKEN_KEPT + 2}"


def test_the_new_match_button_over_an_unfinished_match_is_described_by_the_warning(
        tmp_path: Path) -> None:
    store = Store(tmp_path / DB_NAME)
    app = App(store, warm=False, pace=INSTANT)
    app.home.receive({"type": "button", "id": "open-play"})
    assert "title" not in app.settings_panel.view["buttons"][-1]
    app.settings = Settings(level="random")
    app.settings_panel.receive({"type": "button", "id": "play"})
    app.play.wait_idle()
    app.play.handle(Command("button", "new-game"))   # the pause menu's New match
    [warning] = app.settings_panel.view["lines"]
    play = next(b for b in app.settings_panel.view["buttons"] if b["id"] == "play")
    assert play["title"] == warning, "a screen reader hears the warning with the button's name"
