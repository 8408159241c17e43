"""Personal drills: the learner's costliest decisions in deals stored by the app become puzzles."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import play_out

from kozel_tutor.ai import make_player
from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.session import DealRecord, SaveError, Settings
from kozel_tutor.app.store import Store
from kozel_tutor.puzzles.drills import deals_from_store, mine_deal
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.puzzles.verify import check_puzzle
from kozel_tutor.rules import Rules, find_rules
from kozel_tutor.seats import Seat, Team
from kozel_tutor.state import DealState


def play_and_store(store: Store, seed: int, learner: str = "random") -> None:
    """A deal where S plays at random (or at level ``learner``) and the others play well, stored
    as the app stores it."""
    settings = Settings(level="medium")
    rules = settings.rules()
    rng = random.Random(seed)
    state = DealState.deal(rules, dealer=Seat.W, rng=rng)
    record = DealRecord.of(state)
    players = {s: make_player(learner if s is Seat.S else "medium", random.Random(seed + s))
               for s in Seat}
    while not state.is_over:
        card = players[state.to_move].choose(state.view(state.to_move)).card
        record.plays.append(card)
        state.play(card)
    store.record_deal(settings.stats_key, state.result(), Team.NS, None,
                      {"rules": settings.to_dict(), "deal": record.to_dict()})


def test_drills_come_from_the_learners_own_stored_deals(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    for seed in range(6):
        play_and_store(store, seed)
    deals = deals_from_store(store)
    assert len(deals) == 6 and len({d.key for d in deals}) == 6
    drills = [d for deal in deals for d in mine_deal(deal, backend="python")]
    assert drills, "random play by S should cost points somewhere in six deals"
    for lost, puzzle in drills:
        assert lost >= 0 and puzzle.id.startswith("drill-")
        assert puzzle.story.en.startswith("In the game you played")
        assert check_puzzle(puzzle, backend="python")[1] == []


def test_the_app_mines_each_stored_deal_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    for seed in range(6):
        play_and_store(store, seed)
    view = PuzzlesView("en", store, lambda: None, backend="python")
    added = view.find_drills()
    assert added == len(Progress(store.path).drills()) > 0
    assert mine_tile(view)["title"] == f"New drills from your games: {added}."
    assert view.find_drills() == 0
    assert mine_tile(view)["title"] == "No new deals since the last search."


def mine_tile(view: PuzzlesView) -> dict[str, object]:
    tiles: list[dict[str, object]] = view.panel.view["tiles"]
    return next(tile for tile in tiles if tile["id"] == "mine")


def test_without_stored_deals_the_app_says_to_play_first(tmp_path: Path) -> None:
    view = PuzzlesView("en", Store(tmp_path / "progress.sqlite3"), lambda: None)
    assert view.find_drills() == 0
    assert mine_tile(view)["title"] == "No finished deals yet: play a match first."


def test_a_search_that_finds_no_drill_says_what_a_drill_needs(tmp_path: Path) -> None:
    """Seed 0 with S playing as the medium level: no late card of S's costs 10 points where one
    card alone was best, so nothing is mined, and the tile says why rather than a bare 0."""
    store = Store(tmp_path / "progress.sqlite3")
    play_and_store(store, 0, learner="medium")
    view = PuzzlesView("en", store, lambda: None, backend="python")
    assert view.find_drills() == 0
    assert mine_tile(view)["title"] == (
        "No new drills from your games: a drill comes from a card that cost your side 10 points "
        "or more (or the deal's result) where one card alone was best.")
    view.set_lang("ru")
    assert str(mine_tile(view)["title"]).startswith("Новых задач из ваших партий нет: задача "
                                                    "получается из хода, который стоил")


def test_the_search_for_drills_shows_on_its_own_tile_and_the_menus_voice_says_it_once(
        tmp_path: Path) -> None:
    """The tile pressed keeps the focus as the menu is drawn again and shows, in place of its
    line of explanation, each deal analysed, then what was found, in the menu's language, and
    not a second time above the tiles.  A screen reader hears each once from the menu's live
    region (``PanelWidget.say``), said before the tile shows it: the tile's line is then not
    its description as well (panel.js), which the focus coming back to it would repeat."""
    store = Store(tmp_path / "progress.sqlite3")
    for seed in range(2):
        play_and_store(store, seed)
    view = PuzzlesView("ru", store, lambda: None, backend="python")
    seen: list[str] = []
    said_then: list[str] = []
    heard: list[str] = []

    def drawn(change: object) -> None:
        seen.append(str(mine_tile(view)["title"]))
        said_then.append(view.panel.said)

    view.panel.observe(drawn, names="view")
    view.panel.observe(lambda change: heard.append(view.panel.said), names="said_count")
    assert view.panel.receive({"type": "button", "id": "mine"}) is not None
    added = len(Progress(store.path).drills())
    assert seen == ["Разбираем раздачу 1 из 2…", "Разбираем раздачу 2 из 2…",
                    f"Новых задач из ваших партий: {added}."]
    assert heard == seen == said_then, "each said once, before its tile shows it"
    assert view.panel.said_lang == "ru"
    assert view.panel.view["lines"] == [], "not a second time above the tiles"
    view.set_lang("en")
    assert mine_tile(view)["title"] == f"New drills from your games: {added}."
    view.open_rated()
    view.leave()
    assert mine_tile(view)["title"] == "The solver goes through the deals you played"


def test_drills_come_from_regional_deals_too(tmp_path: Path) -> None:
    """A regional deal is stored with where play started (and any boasted tricks); it is read
    back under its preset and mined like a standard one."""
    from kozel_tutor.app.session import MatchSession

    store = Store(tmp_path / "progress.sqlite3")
    for variant in ("nizhny", "classic"):
        for seed in range(2):
            session = MatchSession(Settings(level="random", variant=variant),
                                   rng=random.Random(seed))
            play_out(session)
            result = session.finish_deal()
            assert session.last_deal is not None
            rules = {**session.settings.to_dict(), "rules": variant}
            store.record_deal(session.settings.stats_key, result, Team.NS, None,
                              {"rules": rules, "deal": session.last_deal.to_dict()})
    deals = deals_from_store(store)
    assert [d.rules.name for d in deals] == ["nizhny", "nizhny", "classic", "classic"]
    for deal in deals:
        assert deal.replay(len(deal.plays)).is_over
    drills = [d for deal in deals for d in mine_deal(deal)]
    assert drills, "the learner's first-card play costs points somewhere in four deals"
    for _lost, puzzle in drills:
        assert check_puzzle(puzzle)[1] == []


def test_a_standard_deal_keeps_the_key_it_was_mined_under() -> None:
    """Progress remembers mined deals by key: reading regional records too must not give the
    learner's older standard deals new keys (they would be mined a second time)."""
    from kozel_tutor.puzzles.drills import parse_deal
    from kozel_tutor.rules import find_rules

    record = {
        "dealer": "W", "trump": None,
        "hands": {"N": "AC JC TC 9C 8C 8S AH JH 7H", "E": "KC QC 6C TS 8H AD KD JD 9D",
                  "S": "7C AS 7S 6S KH QH 6H 8D 7D", "W": "KS QS JS 9S TH 9H QD TD 6D"},
        "plays": ["8C", "6C", "7C", "JS", "9S", "8S", "TS", "6S", "QC", "QH", "QS", "9C",
                  "KC", "7S", "QD", "TC", "KS", "JC", "8H", "AS", "AC", "JD", "6H", "9H",
                  "9D", "7D", "6D", "7H", "KD", "8D", "TD", "JH", "AH", "AD", "KH", "TH"]}
    assert parse_deal(record, find_rules("standard")).key == "fd60da3b2415b5c4"


# -- drills read a deal as the app reads it (kozel_tutor.records) ------------------------------

DEAL_36 = {
    "dealer": "W", "trump": None,
    "hands": {"N": "AC JC TC 9C 8C 8S AH JH 7H", "E": "KC QC 6C TS 8H AD KD JD 9D",
              "S": "7C AS 7S 6S KH QH 6H 8D 7D", "W": "KS QS JS 9S TH 9H QD TD 6D"},
    "plays": ["8C", "6C", "7C", "JS", "9S", "8S", "TS", "6S", "QC", "QH", "QS", "9C",
              "KC", "7S", "QD", "TC", "KS", "JC", "8H", "AS", "AC", "JD", "6H", "9H",
              "9D", "7D", "6D", "7H", "KD", "8D", "TD", "JH", "AH", "AD", "KH", "TH"]}

DEAL_32 = {
    "dealer": "W", "trump": None,
    "hands": {"N": "KS 8S AH JH 7H AD TD 7D", "E": "AC KC 8C TS 9S TH QD JD",
              "S": "QC JC TC 7C 7S KH 8H 8D", "W": "9C AS QS JS QH 9H KD 9D"},
    "plays": ["7H", "TH", "KH", "9H", "9S", "7S", "AS", "KS", "JS", "JH", "JD", "7C", "9D",
              "TD", "QD", "8D", "TS", "QC", "QS", "8S", "JC", "9C", "AH", "8C", "TC", "QH",
              "7D", "AC", "KD", "AD", "KC", "8H"]}


def _refusals(record: dict[str, object], rules: Rules) -> tuple[str, str]:
    """What the app's reader and the drills' reader say of ``record``."""
    from kozel_tutor.puzzles.drills import parse_deal

    with pytest.raises(SaveError) as by_app:
        DealRecord.from_dict(record, rules)
    with pytest.raises(ValueError) as by_drills:
        parse_deal(record, rules)
    return str(by_app.value), str(by_drills.value)


def test_a_trump_called_under_fixed_clubs_is_refused_by_drills_as_by_the_app() -> None:
    record = {**DEAL_36, "trump": "H"}
    assert _refusals(record, find_rules("standard")) == (
        "a trump suit was called under a fixed-trump rule",) * 2


def test_hands_that_are_not_the_deck_are_refused_by_drills_as_by_the_app() -> None:
    # the 7♦ becomes a 6♦, in the hands and in the play: no 6 is in the 32-card deck
    record = json.loads(json.dumps(DEAL_32).replace("7D", "6D"))
    assert _refusals(record, find_rules("standard", deck=32)) == (
        "the hands are not a 32-card deck",) * 2


def test_a_stored_deal_the_app_would_refuse_gives_no_drill(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    settings = Settings(level="medium")
    result = DealRecord.from_dict(DEAL_36, settings.rules()).replay(settings.rules()).result()
    for record in (DEAL_36, {**DEAL_36, "trump": "H"}):
        store.record_deal(settings.stats_key, result, Team.NS, None,
                          {"rules": settings.to_dict(), "deal": record})
    assert len(deals_from_store(store)) == 1, "only the record the app would read is mined"


def test_stored_deals_take_their_rules_from_the_apps_settings(tmp_path: Path) -> None:
    """The rules of a stored deal are read by ``Settings.from_dict``: the preset comes from
    ``variant`` and the options of the standard game from the settings."""
    store = Store(tmp_path / "progress.sqlite3")
    settings = Settings(level="medium", deck=32, match=6)
    result = DealRecord.from_dict(DEAL_32, settings.rules()).replay(settings.rules()).result()
    store.record_deal(settings.stats_key, result, Team.NS, None,
                      {"rules": settings.to_dict(), "deal": DEAL_32})
    [deal] = deals_from_store(store)
    assert deal.rules == settings.rules() and (deal.rules.deck, deal.rules.match_target) == (32, 6)
