"""Personal drills: the learner's costliest decisions in deals stored by the app become puzzles."""

from __future__ import annotations

import random
from pathlib import Path

from kozel_tutor.ai import make_player
from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.session import DealRecord, Settings
from kozel_tutor.app.store import Store
from kozel_tutor.puzzles.drills import deals_from_store, mine_deal
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.puzzles.verify import check_puzzle
from kozel_tutor.seats import Seat, Team
from kozel_tutor.state import DealState


def play_and_store(store: Store, seed: int) -> None:
    """A deal where S plays at random and the others play well, stored as the app stores it."""
    settings = Settings(level="medium")
    rules = settings.rules()
    rng = random.Random(seed)
    state = DealState.deal(rules, dealer=Seat.W, rng=rng)
    record = DealRecord.of(state)
    players = {s: make_player("random" if s is Seat.S else "medium", random.Random(seed + s))
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
        assert puzzle.story.en.startswith("From your own game: here you played")
        assert check_puzzle(puzzle, backend="python")[1] == []


def test_the_app_mines_each_stored_deal_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    for seed in range(6):
        play_and_store(store, seed)
    view = PuzzlesView("en", store, lambda: None, backend="python")
    added = view.find_drills()
    assert added == len(Progress(store.path).drills()) > 0
    assert view.panel.view["lines"] == [f"New drills from your games: {added}."]
    assert view.find_drills() == 0
    assert view.panel.view["lines"] == ["No new deals since the last search."]


def test_without_stored_deals_the_app_says_to_play_first(tmp_path: Path) -> None:
    view = PuzzlesView("en", Store(tmp_path / "progress.sqlite3"), lambda: None)
    assert view.find_drills() == 0
    assert view.panel.view["lines"] == ["No finished deals yet: play a match first."]


def test_drills_come_from_regional_deals_too(tmp_path: Path) -> None:
    """A regional deal is stored with where play started (and any boasted tricks); it is read
    back under its preset and mined like a standard one."""
    from kozel_tutor.app.session import MatchSession

    store = Store(tmp_path / "progress.sqlite3")
    for variant in ("nizhny", "classic"):
        for seed in range(2):
            session = MatchSession(Settings(level="random", variant=variant),
                                   rng=random.Random(seed))
            while not session.awaiting_score:
                if session.asking:
                    session.answer(0)
                elif session.learner_to_act:
                    session.play(sorted(session.deal.legal_plays())[0])
                else:
                    session.ai_act()
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
