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
