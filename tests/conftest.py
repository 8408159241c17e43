"""Shared fixtures: rules presets and deals reached by random legal play from a seeded shuffle;
late deals from given hands; what the app's table says and offers, for the tests of its words; a
lesson played through; the native core's tests skipped, or failed where it is required."""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from kozel_tutor.cards import Card, CardSet, Suit, parse_cards
from kozel_tutor.lessons.checks import expected
from kozel_tutor.lessons.model import Task
from kozel_tutor.rules import Rules, find_rules
from kozel_tutor.seats import Seat
from kozel_tutor.solver.native import AVAILABLE as NATIVE_AVAILABLE
from kozel_tutor.state import DealState, Trick

if TYPE_CHECKING:
    from kozel_tutor.app.play_view import PlayScreen
    from kozel_tutor.app.review import StepAnalysis
    from kozel_tutor.app.session import MatchSession
    from kozel_tutor.widgets.lesson import LessonWidget

RandomDeal = Callable[..., DealState]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest files first: the slow ones (the Binder build, the notebooks), then the
    browser tests, then the rest, each in its own order.  scripts/test.sh hands whole files to
    the two workers in this order as each becomes free (``--dist loadfile``), so the short
    files end the run on both: the browser tests, a module's fixtures shared by its tests, are
    split between the workers by file instead of running on one (measured: one worker ran all
    ~570 browser tests alone for 800 s after the other had finished)."""
    def rank(item: pytest.Item) -> int:
        if item.get_closest_marker("slow"):
            return 0
        return 1 if "browser" in item.path.parent.parts else 2

    items.sort(key=rank)   # stable: each file keeps its tests' order


def random_deal(
    seed: int,
    *,
    deck: int = 36,
    trump: Suit | None = None,
    cards_left: int | None = None,
    in_trick: int = 0,
) -> DealState:
    """A deal shuffled with ``seed`` and played on at random (legal cards only).

    ``trump=None`` keeps clubs (the ``clubs`` option); any suit plays the ``called`` option and
    names that suit.  Play stops when the player to move holds ``cards_left`` cards at a trick
    boundary, after ``in_trick`` further cards; ``cards_left=None`` plays the deal out.
    """
    rng = random.Random(seed)
    rules: Rules = find_rules("standard", deck=deck,
                              trump="clubs" if trump is None else "called")
    state = DealState.deal(rules, dealer=Seat(rng.randrange(4)), rng=rng)
    if trump is not None:
        state.call_trump(trump)

    def boundary_reached() -> bool:
        return (cards_left is not None and not state.trick
                and len(state.hand(state.to_move)) == cards_left)

    while not state.is_over and not boundary_reached():
        state.play(rng.choice(list(state.legal_plays())))
    for _ in range(in_trick):
        state.play(rng.choice(list(state.legal_plays())))
    return state


def late_deal(rules: Rules | str, hands: dict[str, str], leader: str, ours: int,
              plays: str = "") -> DealState:
    """A late deal (``rules`` or a preset's name): ``hands`` as given, every other card gone in
    earlier tricks, NS with ``ours`` card points and EW with the rest, ``leader`` to lead; then
    ``plays`` to the current trick."""
    if isinstance(rules, str):
        rules = find_rules(rules)
    masks = [CardSet.parse(hands[s.name]).mask for s in Seat]
    held = masks[0] | masks[1] | masks[2] | masks[3]
    gone = [c for c in rules.deck_cards if not held & c.bit]
    tricks = [Trick(Seat.N, tuple(gone[i:i + 4]), Seat.N, 0) for i in range(0, len(gone), 4)]
    in_hands = sum(c.points for c in rules.deck_cards if held & c.bit)
    lead = Seat.parse(leader)
    state = DealState(rules, masks, dealer=lead.previous, leader=lead, tricks=tricks,
                      taken_points=(ours, rules.deck_cards.points - in_hands - ours),
                      taken_tricks=(1, len(tricks) - 1))
    for card in parse_cards(plays):
        state.play(card)
    return state


@pytest.fixture(scope="session")
def standard() -> Rules:
    return find_rules("standard")


@pytest.fixture(scope="session")
def deal_at() -> RandomDeal:
    """``deal_at(seed, deck=, trump=, cards_left=, in_trick=)``: see :func:`random_deal`."""
    return random_deal


def heard_by(screen: PlayScreen) -> list[str]:
    """Every line the table's live region is given from now on (the table still sends it)."""
    heard: list[str] = []
    send = screen.table.say

    def say(words: str) -> None:
        heard.append(words)
        send(words)

    screen.table.say = say  # type: ignore[method-assign]
    return heard


def wait_for(predicate: Callable[[], object], what: str, timeout: float = 30.0) -> None:
    """Wait until ``predicate()`` is true; fail saying ``what`` was waited for."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def playable(screen: PlayScreen) -> list[str]:
    """The learner's cards the table offers to play."""
    return [c["card"] for c in screen.table.view["seats"]["S"]["cards"] if c.get("playable")]


def finish_lesson(widget: LessonWidget) -> None:
    """Answer every task of the widget's lesson right and press Next, as a learner does in the
    browser."""
    player = widget.player
    while widget.view["done"] is None:
        if isinstance(player.step, Task) and not widget.view["answer"]["solved"]:
            widget.receive({"type": "answer", "value": expected(player.step).split()[0]})
        if widget.view["can_next"]:
            widget.receive({"type": "next"})


def play_out(session: MatchSession,
             learner: Callable[[MatchSession], Card] | None = None) -> None:
    """Play ``session``'s deal to its end, not scored: every question answered with its first
    choice, the learner's cards chosen by ``learner`` (the lowest legal card when not given),
    the AI's by the AI."""
    while not session.awaiting_score:
        if session.asking:
            session.answer(0)
        elif session.learner_to_act:
            session.play(learner(session) if learner is not None
                         else sorted(session.deal.legal_plays())[0])
        else:
            session.ai_act()


def review_overlay(analysis: StepAnalysis, lang: str, variant: str = "standard"
                   ) -> dict[str, Any]:
    """The deal review's side panel for ``analysis``, shown over a finished random deal of
    ``variant`` (checked against the widget's schema)."""
    from kozel_tutor.app.session import MatchSession, Settings
    from kozel_tutor.app.views import ReviewUi, TableUi, table_view
    from kozel_tutor.widgets import check_table_view

    rng = random.Random(3)
    session = MatchSession(Settings(level="random", variant=variant), rng=rng)
    play_out(session, lambda s: rng.choice(sorted(s.deal.legal_plays())))
    session.finish_deal()
    review = ReviewUi([analysis.step], analyses={0: analysis})
    view = check_table_view(table_view(session, TableUi(lang=lang, mode="review", review=review)))
    overlay: dict[str, Any] = view["overlay"]
    return overlay


def dump(path: Path) -> str:
    """The whole database at ``path`` as SQL: equal dumps mean equal databases."""
    with closing(sqlite3.connect(path)) as conn:
        return "\n".join(conn.iterdump())


def native_missing(available: bool) -> None:
    """Go on when the native core is ``available``; else skip the test, or fail it where the
    core is required (``KOZEL_REQUIRE_NATIVE=1``, which scripts/test.sh sets), so a machine whose
    build fell back to the pure-Python solver cannot pass by skipping the native tests."""
    if available:
        return
    if os.environ.get("KOZEL_REQUIRE_NATIVE", "0") == "1":
        pytest.fail("the native core is not built (no C compiler when the package was installed?)"
                    "; its tests are required here (KOZEL_REQUIRE_NATIVE=1): install a C compiler "
                    "and reinstall the package, or KOZEL_REQUIRE_NATIVE=0 skips them",
                    pytrace=False)
    pytest.skip("the native core is not built")


@pytest.fixture(scope="session")
def native_core() -> None:
    """Use it (``pytest.mark.usefixtures("native_core")``) on the tests that need the native
    core: see :func:`native_missing`.  Session-wide, so it comes before the fixtures that make a
    native backend."""
    native_missing(NATIVE_AVAILABLE)


def match_step(session: MatchSession, answer: int = 0) -> None:
    """One move of a match: the learner answers (option ``answer``) or plays the lowest legal
    card, the AI acts, a finished deal is scored and the next one started."""
    if session.asking:
        session.answer(answer)
    elif session.awaiting_score:
        session.finish_deal()
        if not session.score.is_over:
            session.start_deal()
    elif session.learner_to_act:
        session.play(sorted(session.deal.legal_plays())[0])
    else:
        session.ai_act()


@contextmanager
def held_file(path: Path, how: str = "IMMEDIATE", *, at_most: float = 40.0) -> Iterator[None]:
    """Another program's hold on the SQLite file ``path`` (``BEGIN IMMEDIATE``: others may
    read; ``EXCLUSIVE``: not even that) from its own connection, until the block ends or, at
    the latest, ``at_most`` seconds on (an app that waits for it does not wait forever)."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    guard = threading.Lock()

    def let_go() -> None:
        with guard:
            if other.in_transaction:
                other.execute("ROLLBACK")

    other.execute(f"BEGIN {how}")
    other.execute("CREATE TABLE IF NOT EXISTS other_program (x)")
    timer = threading.Timer(at_most, let_go)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        let_go()
        other.close()


def played_match(variant: str, seed: int = 11) -> MatchSession:
    """A whole match of ``variant`` between random players, its last deal scored."""
    from kozel_tutor.app.session import MatchSession, Settings

    session = MatchSession(Settings(level="random", variant=variant), rng=random.Random(seed))
    for _ in range(5000):
        if session.score.is_over and session.deal_recorded:
            return session
        match_step(session)
    raise AssertionError("the match did not end")


def refused_third_redeal() -> MatchSession:
    """A classic match whose first deal (W deals, the deck of seed 22) is asked to be dealt
    again three times: the third redeal is refused and the deal is scored, unplayed."""
    from kozel_tutor.app.session import MatchSession, Settings
    from kozel_tutor.variants.questions import RedealQuestion

    session = MatchSession(Settings(level="random", variant="classic"), first_dealer=Seat.W,
                           start=False, rng=random.Random(1))
    session._begin_run(22)
    while isinstance(session.question, RedealQuestion):
        session.answer(session.question.options.index(True))
    session.finish_deal()
    return session
