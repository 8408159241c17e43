"""The match controller: dealing, the learner's cards, the AI, saves replayed through the rules."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest
from conftest import late_deal

from kozel_tutor.ai import LEVELS
from kozel_tutor.ai.base import Decision, TrumpDecision
from kozel_tutor.ai.pimc import MonteCarloPlayer
from kozel_tutor.app.review import ReviewStep, analyse_step, learner_steps
from kozel_tutor.app.session import (
    LEARNER,
    MatchSession,
    SaveError,
    Settings,
    available_levels,
    partner_level,
)
from kozel_tutor.app.store import Stats
from kozel_tutor.app.views import ReviewUi, TableUi, table_view
from kozel_tutor.cards import Suit
from kozel_tutor.puzzles.model import Goal
from kozel_tutor.puzzles.verify import line_after
from kozel_tutor.scoring import deal_result
from kozel_tutor.seats import Seat
from kozel_tutor.state import IllegalPlay, Phase, SeatView, Trick
from kozel_tutor.widgets import check_table_view


def play_out_deal(session: MatchSession, rng: random.Random) -> None:
    """Play the current deal to its end: the learner picks random legal cards."""
    while not session.deal.is_over:
        if session.learner_calls:
            session.call_trump(Suit(rng.randrange(4)))
        elif session.learner_to_act:
            session.play(rng.choice(sorted(session.deal.legal_plays())))
        else:
            session.ai_act()


def test_a_new_match_deals_nine_cards_each_and_left_of_the_dealer_leads() -> None:
    session = MatchSession(Settings(level="random"), rng=random.Random(1), first_dealer=Seat.W)
    assert [len(session.deal.hand(seat)) for seat in Seat] == [9, 9, 9, 9]
    assert session.deal.to_move == Seat.N
    assert session.ai_to_act and not session.learner_to_act


def test_the_32_card_deck_deals_eight_each() -> None:
    session = MatchSession(Settings(level="random", deck=32), rng=random.Random(1))
    assert [len(session.deal.hand(seat)) for seat in Seat] == [8, 8, 8, 8]


def test_an_illegal_card_is_refused_with_the_reason_and_counted() -> None:
    rng = random.Random(5)
    for seed in range(50):
        session = MatchSession(Settings(level="random"), rng=random.Random(seed),
                               first_dealer=Seat.N)
        while session.ai_to_act:
            session.ai_act()
        illegal = [c for c in session.deal.hand(LEARNER) if c not in session.deal.legal_plays()]
        if illegal:
            break
    else:
        pytest.fail("no deal where the learner had to follow suit")
    card = rng.choice(illegal)
    with pytest.raises(IllegalPlay) as caught:
        session.play(card)
    assert caught.value.message == session.deal.why_illegal(card)
    assert caught.value.message.text("ru").startswith(("Нужно ходить в масть", "Зашли с козыря"))
    assert session.illegal_attempts == 1
    assert card in session.deal.hand(LEARNER)


def test_a_card_out_of_turn_is_refused_with_whose_turn_it_is() -> None:
    session = MatchSession(Settings(level="random"), rng=random.Random(1), first_dealer=Seat.W)
    card = next(iter(session.deal.hand(LEARNER)))
    assert session.why_illegal(card) is not None
    assert session.why_illegal(card).key == "not_your_turn"  # type: ignore[union-attr]
    with pytest.raises(IllegalPlay):
        session.play(card)


def test_a_whole_match_to_six_ends_with_a_winner_and_goats() -> None:
    rng = random.Random(11)
    session = MatchSession(Settings(level="random", match=6), rng=rng)
    deals = 0
    while not session.score.is_over:
        play_out_deal(session, rng)
        result = session.finish_deal()
        assert sum(result.points) == 120
        deals += 1
        if not session.score.is_over:
            session.start_deal()
            assert session.deal.dealer == session.score.first_dealer.offset(deals)
    assert max(session.score.scores) >= 6
    assert session.score.goats is not None and session.score.goats != session.score.winner


def test_a_save_restores_the_same_hands_trick_and_score() -> None:
    rng = random.Random(3)
    session = MatchSession(Settings(level="random"), rng=rng)
    play_out_deal(session, rng)
    session.finish_deal()
    session.start_deal()
    for _ in range(6):
        if session.learner_to_act:
            session.play(sorted(session.deal.legal_plays())[0])
        else:
            session.ai_act()
    data = session.to_json()
    loaded = MatchSession.from_json(copy.deepcopy(data))
    for seat in Seat:
        assert loaded.deal.hand(seat) == session.deal.hand(seat)
    assert loaded.deal.current_trick == session.deal.current_trick
    assert loaded.deal.points == session.deal.points
    assert loaded.score.scores == session.score.scores
    assert loaded.score.dealer == session.score.dealer
    assert loaded.to_json() == data


def test_a_finished_deal_waiting_for_next_loads_as_recorded() -> None:
    rng = random.Random(8)
    session = MatchSession(Settings(level="random"), rng=rng)
    play_out_deal(session, rng)
    session.finish_deal()
    loaded = MatchSession.from_json(session.to_json())
    assert loaded.deal_recorded and loaded.last_deal is not None
    assert len(loaded.score.results) == 1


def _saved(seed: int = 4) -> dict[str, Any]:
    rng = random.Random(seed)
    session = MatchSession(Settings(level="random"), rng=rng)
    for _ in range(5):
        if session.learner_to_act:
            session.play(sorted(session.deal.legal_plays())[0])
        else:
            session.ai_act()
    return session.to_json()


@pytest.mark.parametrize("tamper, problem", [
    (lambda d: d["deal"]["plays"].reverse(), "illegal"),
    (lambda d: d["deal"]["hands"].update(N=d["deal"]["hands"]["E"]), "repeats"),
    (lambda d: d.update(first_dealer="Q"), "seat"),
    (lambda d: d["settings"].update(deck=40), "settings"),
    (lambda d: d["settings"].update(level="grandmaster"), "level"),
    (lambda d: d.update(format="something-else"), "not a kozel-tutor"),
    (lambda d: d.update(results=[{"points": [70, 40], "tricks": [5, 4]}]), "120"),
    (lambda d: d["deal"].update(plays=["QC", "QC"]), "illegal"),
    (lambda d: d["deal"].update(plays=[], dealer="N" if d["deal"]["dealer"] != "N" else "E"),
     "should be dealt by"),
])
def test_a_tampered_save_is_rejected_with_its_problem(tamper: Any, problem: str) -> None:
    data = _saved()
    tamper(data)
    with pytest.raises(SaveError, match=problem):
        MatchSession.from_json(data)


def test_a_save_that_is_not_an_object_is_rejected() -> None:
    with pytest.raises(SaveError):
        MatchSession.from_json(["not", "a", "save"])


def test_eggs_make_the_next_deal_count_double_after_loading() -> None:
    data = _saved()
    data["results"] = [{"points": [60, 60], "tricks": [4, 5]}]
    dealer = Seat.parse(data["first_dealer"]).offset(1)
    data["deal"]["dealer"] = dealer.name
    data["deal"]["plays"] = []
    loaded = MatchSession.from_json(data)
    assert loaded.score.multiplier == 2
    view = table_view(loaded, TableUi(lang="en"))
    assert any(b["id"] == "double" for b in view["badges"])


def _lost_fight(session: MatchSession) -> SeatView:
    """The learner's view of a late standard deal (with the session's rules) that NS have lost
    with 10 points: E led the K♥, and the 10♥ takes it, bringing them to 31 and saving them."""
    hands = {"N": "6H 6S 7D 8D", "E": "KH 6C 7C 8C", "S": "TH 7H 8S 9D", "W": "AH 9C TC JC"}
    state = late_deal(session.rules, hands, "E", 10, plays="KH")
    return state.view(LEARNER)


def _hint_words(session: MatchSession, view: SeatView) -> str:
    """The rule of thumb the hint quotes (when its search agrees), and that the search scores
    the deal as the session told it."""
    adviser = session.adviser()
    assert adviser.search.context is not None
    assert adviser.search.context.multiplier == session.score.multiplier
    words = adviser.rule.choose(view).reason
    assert words is not None
    return words.text("en")


def _record_eggs(session: MatchSession) -> None:
    session.score.record(deal_result(session.rules, (60, 60), (4, 5), session.score.multiplier))


def test_after_eggs_in_a_standard_game_the_ai_and_the_hint_quote_the_doubled_stakes() -> None:
    session = MatchSession(Settings(level="medium"), rng=random.Random(3), first_dealer=Seat.W)
    _record_eggs(session)
    session.start_deal()
    assert session.score.multiplier == 2
    view = _lost_fight(session)
    opponent = session.players[Seat.E].choose(view).reason
    assert opponent is not None and opponent.key == "ai_fight_save"
    assert "the opponents write 4, not 8" in opponent.text("en")
    assert "соперники запишут 4, а не 8" in opponent.text("ru")
    assert _hint_words(session, view) == opponent.text("en")
    partner = session.players[Seat.N]   # a Monte Carlo player scores the lines doubled
    assert isinstance(partner, MonteCarloPlayer) and partner.context is not None
    assert partner.context.multiplier == 2
    # the next deal counts single again, and they are told so
    session.score.record(deal_result(session.rules, (80, 40), (5, 4), session.score.multiplier))
    session.start_deal()
    assert session.score.multiplier == 1
    assert "the opponents write 2, not 4" in _hint_words(session, view)
    assert partner.context.multiplier == 1


def test_a_standard_game_loaded_after_eggs_tells_the_ai_and_the_hint_it_counts_double() -> None:
    session = MatchSession(Settings(level="medium"), rng=random.Random(3), first_dealer=Seat.W)
    _record_eggs(session)
    session.start_deal()
    loaded = MatchSession.from_json(session.to_json())
    assert loaded.score.multiplier == 2
    view = _lost_fight(loaded)
    reason = loaded.players[Seat.W].choose(view).reason
    assert reason is not None and "the opponents write 4, not 8" in reason.text("en")
    assert "the opponents write 4, not 8" in _hint_words(loaded, view)


def test_the_learner_names_trumps_under_the_called_rule() -> None:
    session = MatchSession(Settings(level="random", trump="called"), rng=random.Random(2),
                           first_dealer=Seat.E)
    assert session.deal.phase is Phase.CALL and session.learner_calls
    view = table_view(session, TableUi(lang="en"))
    assert view["call"] is not None and len(view["call"]["suits"]) == 4
    session.call_trump(Suit.HEARTS)
    assert session.deal.trump is Suit.HEARTS and session.learner_to_act
    loaded = MatchSession.from_json(session.to_json())
    assert loaded.deal.trump is Suit.HEARTS


def test_an_ai_seat_calls_trumps_when_it_is_left_of_the_dealer() -> None:
    session = MatchSession(Settings(level="random", trump="called"), rng=random.Random(2),
                           first_dealer=Seat.S)
    assert session.deal.to_move == Seat.W and not session.learner_calls
    action = session.ai_act()
    assert action.seat == Seat.W and action.suit is not None
    assert session.deal.trump == action.suit


class _Cheat:
    name = "cheat"

    def choose(self, view: SeatView, progress: Any = None) -> Decision:
        outside = next(c for c in view.unseen if c not in view.hand)
        return Decision(outside)

    def call_trump(self, view: SeatView) -> TrumpDecision:
        raise RuntimeError("broken")


def test_an_ai_that_picks_an_illegal_card_is_replaced_by_a_legal_card() -> None:
    session = MatchSession(Settings(level="random"), rng=random.Random(1), first_dealer=Seat.W)
    session.players[Seat.N] = _Cheat()
    action = session.ai_act()
    assert action.seat == Seat.N and action.card is not None
    assert len(session.deal.hand(Seat.N)) == 8


def test_the_partner_never_plays_weaker_than_hard() -> None:
    if "hard" in LEVELS:
        assert partner_level("easy") == "hard"
        assert partner_level("medium") == "hard"
    assert partner_level("insane") == "insane"
    assert partner_level("random") == "random"


def test_offered_levels_follow_the_ladder_and_include_only_registered_ones() -> None:
    levels = available_levels()
    assert set(levels) == set(LEVELS)
    ladder = [level for level in levels if level in ("easy", "medium", "hard", "insane")]
    assert ladder == sorted(ladder, key=["easy", "medium", "hard", "insane"].index)


def test_statistics_are_split_by_difficulty_and_trump_rule_not_by_deck() -> None:
    assert Settings("random", "clubs", 36, 12).stats_key == Settings("random", "clubs", 32, 6)\
        .stats_key
    assert Settings("random", "clubs").stats_key != Settings("random", "called").stats_key


def test_every_table_view_of_a_match_passes_the_widget_schema() -> None:
    rng = random.Random(21)
    session = MatchSession(Settings(level="random", match=6, trump="called"), rng=rng)
    for lang in ("ru", "en"):
        check_table_view(table_view(session, TableUi(lang=lang)))
    while not session.score.is_over:
        while not session.deal.is_over:
            check_table_view(table_view(session, TableUi(lang="en")))
            if session.learner_calls:
                session.call_trump(Suit.SPADES)
            elif session.learner_to_act:
                session.play(rng.choice(sorted(session.deal.legal_plays())))
            else:
                session.ai_act()
        session.finish_deal()
        summary = table_view(session, TableUi(lang="ru", mode="summary"))
        assert check_table_view(summary)["overlay"]["testid"] == "deal-summary"
        if not session.score.is_over:
            session.start_deal()
    results = table_view(session, TableUi(lang="en", mode="results", stats=Stats(matches=1)))
    lines = " ".join(results["overlay"]["lines"])
    assert "goats" in lines


def reviewed_deal(seed: int) -> tuple[MatchSession, list[ReviewStep]]:
    """A deal played to its end with random cards (seeded), and the learner's steps in it."""
    rng = random.Random(seed)
    session = MatchSession(Settings(level="random"), rng=rng)
    play_out_deal(session, rng)
    session.finish_deal()
    assert session.last_deal is not None
    return session, learner_steps(session.last_deal, session.rules)


def test_the_review_lists_every_learner_card_and_values_the_last_ones_exactly() -> None:
    session, steps = reviewed_deal(9)
    assert len(steps) == 9 and all(step.played in step.legal for step in steps)
    analysis = analyse_step(steps[-2], budget=5.0)
    assert analysis.exact
    values = {alt.card: alt.low for alt in analysis.alternatives}
    assert set(values) == set(steps[-2].legal)
    assert all(values[card] == max(values.values()) for card in analysis.best)
    assert analysis.loss is not None and analysis.loss >= 0
    review = ReviewUi(steps, index=7, analyses={7: analysis})
    view = check_table_view(table_view(session, TableUi(lang="en", mode="review",
                                                        review=review)))
    assert view["overlay"]["placement"] == "side"
    assert all(view["seats"][seat]["cards"] for seat in "NESW"), "review shows every hand"
    marked = [c for c in view["seats"]["S"]["cards"] if c.get("mark") == "played"]
    assert [c["card"] for c in marked] == [steps[7].played.token]



def test_the_review_says_why_a_card_gave_points_away_in_both_languages() -> None:
    """The puzzles' tutor explains every card that lost points: the card, the points it ends
    with against the best card's, as the review's own values say; a best card gets no words."""
    seen = 0
    for seed in (3, 4):
        session, steps = reviewed_deal(seed)
        for step in steps:
            analysis = analyse_step(step, budget=None)
            if not analysis.loss:
                assert analysis.why is None
                continue
            seen += 1
            assert analysis.why is not None
            played = next(a.low for a in analysis.alternatives if a.card == step.played)
            best = max(a.low for a in analysis.alternatives)
            assert analysis.why.en.startswith(f"After {step.played.label('en')} ")
            assert f"you end with {played} instead of {best}" in analysis.why.en
            assert analysis.why.ru.startswith(f"После {step.played.label('ru')} ")
            review = ReviewUi([step], analyses={0: analysis})
            lines = table_view(session, TableUi(lang="ru", mode="review",
                                                review=review))["overlay"]["lines"]
            assert analysis.why.ru in lines
    assert seen >= 3, "the seeds were chosen for cards that lose points"


def test_a_line_not_proven_within_its_budget_is_refused() -> None:
    first = reviewed_deal(4)[1][0]
    with pytest.raises(TimeoutError):
        line_after(first.position, first.played, Goal.MAX_POINTS, backend="python",
                   budget=0.001)


def test_when_time_runs_out_the_review_still_settles_what_each_deal_is_worth() -> None:
    """A first card of the deal with a budget too short for exact points: every outcome the
    cheaper second search settles is the exact one, and every range holds the exact value."""
    first = reviewed_deal(4)[1][0]
    truth = analyse_step(first, budget=None)
    assert truth.exact
    exact = {alt.card: alt for alt in truth.alternatives}
    for budget in (0.001, 0.05, 0.4):
        for alt in analyse_step(first, budget=budget).alternatives:
            assert alt.low <= exact[alt.card].low <= alt.high, (budget, alt)
            if alt.outcome is not None:
                assert alt.outcome == exact[alt.card].outcome, (budget, alt)


def test_a_card_played_while_the_ai_worker_leaves_still_wakes_the_ai(tmp_path: Any) -> None:
    """The worker stops being the worker in the same step in which it finds nothing to do, so
    a card the learner plays while it is still leaving starts a new one (the AI never stalls on
    "… is thinking", however slow the machine)."""
    import time

    from kozel_tutor.app.play_view import Pace, PlayScreen
    from kozel_tutor.app.store import Store
    from kozel_tutor.widgets import Command

    class SlowToLeave(PlayScreen):
        def _work_step(self, generation: int) -> bool:
            going_on = super()._work_step(generation)
            if not going_on:
                time.sleep(0.5)   # a busy machine between the last step and the thread's end
            return going_on

    screen = SlowToLeave(Store(tmp_path / "progress.sqlite3"), pace=Pace(card=0.0, trick=0.0))
    screen.start(Settings(level="random"), rng=random.Random(3))
    session = screen.session
    assert session is not None
    for _ in range(4):   # four of the learner's cards, each while the worker is leaving
        deadline = time.monotonic() + 30
        while not session.learner_to_act:
            assert time.monotonic() < deadline, "the AI stalled"
            time.sleep(0.01)
        screen.handle(Command("play", sorted(session.deal.legal_plays())[0].token))
    assert screen.wait_idle(30)
    assert not session.ai_to_act


def test_the_tables_review_button_analyses_every_card_and_reopens_after_closing(
        tmp_path: Any) -> None:
    import time

    from kozel_tutor.app.play_view import Pace, PlayScreen
    from kozel_tutor.app.store import Store
    from kozel_tutor.widgets import Command

    screen = PlayScreen(Store(tmp_path / "progress.sqlite3"), lang="en",
                        pace=Pace(card=0.0, trick=0.0))
    screen.start(Settings(level="random", deck=32), rng=random.Random(5))
    session = screen.session
    assert session is not None
    while not session.deal_recorded:
        assert screen.wait_idle(30)
        if session.learner_to_act:
            screen.handle(Command("play", sorted(session.deal.legal_plays())[0].token))
    assert screen.wait_idle(30)

    def reviewed(count: int) -> Any:
        deadline = time.monotonic() + 120
        while True:
            review = screen.ui.review
            if review is not None and len(review.analyses) >= count:
                return review
            assert time.monotonic() < deadline, "the review was not analysed"
            time.sleep(0.05)

    screen.handle(Command("button", "review"))
    review = reviewed(8)
    assert len(review.steps) == 8   # the learner's cards of a 32-card deal
    overlay = screen.table.view["overlay"]
    assert overlay["kind"] == "review" and overlay["table"]["rows"]
    screen.handle(Command("button", "close"))
    screen.handle(Command("button", "review"))   # a new review at once: analysed again
    assert reviewed(8) is not review


def test_the_trick_status_says_points_in_full_and_in_agreement(tmp_path: Any) -> None:
    """«Вы забираете взятку: 11 очков», «Нина забирает взятку: 2 очка», never «оч.»."""
    import re

    from kozel_tutor.app.play_view import Pace, PlayScreen
    from kozel_tutor.app.store import Store
    from kozel_tutor.i18n import plural_ru
    from kozel_tutor.widgets import Command

    statuses: list[tuple[Trick, str]] = []

    class Recording(PlayScreen):
        def _after_card(self, trick: Trick | None) -> None:
            super()._after_card(trick)
            if trick is not None and self.ui.status is not None:
                statuses.append((trick, self.ui.status[0](self.ui.lang)))

    screen = Recording(Store(tmp_path / "progress.sqlite3"), lang="ru",
                       pace=Pace(card=0.0, trick=0.0))
    screen.start(Settings(level="random", deck=32), rng=random.Random(7))
    session = screen.session
    assert session is not None
    while not session.deal_recorded:
        assert screen.wait_idle(30)
        if session.learner_to_act:
            screen.handle(Command("play", sorted(session.deal.legal_plays())[0].token))
    assert screen.wait_idle(30)
    assert len(statuses) == 8
    for trick, status in statuses:
        noun = plural_ru(trick.points, "очко", "очка", "очков")
        who = "Вы забираете" if trick.winner == Seat.S else "забирает"
        assert who in status and status.endswith(f"взятку: {trick.points} {noun}."), status
        assert not re.search(r"\bоч\.", status)


@pytest.mark.parametrize(("written", "ru", "en"), [
    (2, "Раздача стоила 2 очка.", "The deal was worth 2 points."),
    (6, "Раздача стоила 6 очков.", "The deal was worth 6 points."),
])
def test_the_deal_summary_says_what_the_deal_was_worth_in_points(written: int, ru: str,
                                                                 en: str) -> None:
    session = MatchSession(Settings(level="random"), rng=random.Random(4))
    while not session.deal.is_over:
        if session.learner_calls:
            session.call_trump(Suit.CLUBS)
        elif session.learner_to_act:
            session.play(sorted(session.deal.legal_plays())[0])
        else:
            session.ai_act()
    session.finish_deal()
    result = session.score.results[-1]
    winner = result.winner if result.winner is not None else Seat.S.team
    forged = dataclasses.replace(result, eggs=False, multiplier=1,
                          written=tuple(written if t == winner else 0 for t in range(2)))
    session.score.results[-1] = forged
    for lang, line in (("ru", ru), ("en", en)):
        view = table_view(session, TableUi(lang=lang, mode="summary"))
        assert line in view["overlay"]["lines"]
