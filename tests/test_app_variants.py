"""The app under the regional presets: the variant picker, matches driven by the variant's
``Match`` (questions to the learner, the AI answering its own), saves that replay, scoreboards."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from conftest import match_step

from kozel_tutor.app.play_view import Pace, PlayScreen
from kozel_tutor.app.predeal_view import question_prompt
from kozel_tutor.app.procedure import learner_decides
from kozel_tutor.app.screens import settings_view
from kozel_tutor.app.session import (
    LEARNER,
    SAVE_VERSION,
    MatchSession,
    SaveError,
    Settings,
)
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.app.views import TableUi, table_view
from kozel_tutor.cards import Card
from kozel_tutor.seats import Seat
from kozel_tutor.variants import VARIANT_SUMMARIES
from kozel_tutor.variants.questions import BoastQuestion, RedealQuestion
from kozel_tutor.widgets import Command, check_panel_view, check_table_view

PRESETS = ("classic", "nizhny", "kozly24")


def play_out(session: MatchSession, answer: int = 0, limit: int = 5000) -> int:
    """Play the match to its end; returns how many questions the learner answered."""
    asked = 0
    for _ in range(limit):
        if session.score.is_over and session.deal_recorded:
            return asked
        asked += session.asking
        match_step(session, answer)
    raise AssertionError("the match did not end")


# -- the settings screen ---------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["standard", *PRESETS])
def test_the_variant_picker_shows_the_summary_of_the_chosen_variant(variant: str) -> None:
    view = settings_view(Settings(level="random", variant=variant), four_colour=False, lang="en")
    check_panel_view(view)
    picker = view["groups"][0]
    assert picker["id"] == "variant" and picker["value"] == variant
    assert [o["value"] for o in picker["options"]] == ["standard", *PRESETS]
    assert picker["hint"] == VARIANT_SUMMARIES[variant]["en"]
    ids = [g["id"] for g in view["groups"]]
    assert ("deck" in ids) == (variant == "standard"), "a preset fixes its own deck"


def test_settings_round_trip_with_the_variant_and_old_settings_are_standard() -> None:
    settings = Settings(level="random", variant="nizhny")
    assert Settings.from_dict(settings.to_dict()) == settings
    assert settings.rules().name == "nizhny"
    old = {"level": "random", "trump": "clubs", "deck": 36, "match": 12}
    assert Settings.from_dict(old).variant == "standard"
    with pytest.raises(SaveError, match="unknown variant"):
        Settings.from_dict({**old, "variant": "moscow"})


def test_statistics_of_a_preset_are_kept_apart_from_the_standard_trump_rules() -> None:
    assert Settings("random", variant="nizhny").stats_key == ("random", "nizhny")
    assert Settings("random", variant="classic").stats_key != Settings("random").stats_key
    assert Settings("random").stats_key == ("random", "clubs")


# -- matches -----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_a_whole_match_of_each_preset_is_played_and_scored_by_its_match(variant: str) -> None:
    session = MatchSession(Settings(level="random", variant=variant), rng=random.Random(11))
    assert session.match is not None and session.score is session.match.score
    play_out(session, answer=0)
    rules = session.rules
    reached = max(session.score.scores)
    assert reached >= rules.match_target
    if rules.target_loses:
        loser = 0 if session.score.scores[0] >= session.score.scores[1] else 1
        assert session.score.goats is not None and int(session.score.goats) == loser
    assert len(session.history) == len(session.score.results)


def test_nizhny_first_deal_the_holder_of_the_ace_of_diamonds_must_lead_it() -> None:
    session = MatchSession(Settings(level="random", variant="nizhny"), rng=random.Random(3))
    ace = Card.parse("AD")
    assert ace in session.deal.hand(session.deal.leader)
    if session.deal.to_move == LEARNER:
        assert list(session.deal.legal_plays()) == [ace]
        other = next(c for c in session.deal.hand(LEARNER) if c != ace)
        assert session.why_illegal(other) is not None
    else:
        action = session.ai_act()
        assert action.card == ace


def test_the_learner_is_asked_their_own_and_their_sides_questions_and_the_ai_answers_others(
) -> None:
    asked: list[Any] = []
    for seed in range(40):
        session = MatchSession(Settings(level="random", variant="classic"),
                               rng=random.Random(seed))
        for _ in range(3000):
            if session.score.is_over and session.deal_recorded:
                break
            question = session.question
            if question is not None:
                assert learner_decides(question)
                assert question.seat.team == LEARNER.team
                asked.append(question)
            match_step(session, answer=len(question.options) - 1 if question is not None else 0)
        if any(isinstance(q, BoastQuestion) for q in asked) and any(
                isinstance(q, RedealQuestion) for q in asked):
            break
    kinds = {type(q).__name__ for q in asked}
    assert {"BoastQuestion", "RedealQuestion"} <= kinds, kinds


def test_the_question_is_shown_with_a_button_per_option_and_the_learners_cards() -> None:
    for seed in range(60):
        session = MatchSession(Settings(level="random", variant="kozly24"),
                               rng=random.Random(seed))
        for _ in range(400):
            if session.asking or (session.score.is_over and session.deal_recorded):
                break
            match_step(session)
        if not session.asking:
            continue
        question = session.question
        assert question is not None
        view = check_table_view(table_view(session, TableUi(lang="ru")))
        overlay = view["overlay"]
        assert overlay["kind"] == "question"
        assert [b["id"] for b in overlay["buttons"]] == [
            f"answer-{i}" for i in range(len(question.options))]
        assert question_prompt(question, "ru") in overlay["lines"]
        assert view["status_kind"] == "turn"
        if isinstance(question, RedealQuestion):
            assert len(view["seats"]["S"]["cards"]) == len(question.hand)
        return
    pytest.fail("no question for the learner in 60 matches")


# -- saves -------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_a_variant_save_replays_to_the_same_deal_and_score_at_every_point(variant: str) -> None:
    session = MatchSession(Settings(level="random", variant=variant), rng=random.Random(21))
    for number in range(400):
        if session.score.is_over and session.deal_recorded:
            break
        if number % 5 == 0 or session.asking:
            data = json.loads(json.dumps(session.to_json()))
            assert data["version"] == 2 and data["settings"]["variant"] == variant
            loaded = MatchSession.from_json(data)
            assert loaded.score.scores == session.score.scores
            assert loaded.deal.history == session.deal.history
            assert loaded.deal.hands == session.deal.hands
            assert loaded.asking == session.asking
            assert loaded.deal_recorded == session.deal_recorded
        match_step(session)


def _tamper_answer(data: dict[str, Any]) -> None:
    data["deals"][0]["answers"].append(99)


def _tamper_card(data: dict[str, Any]) -> None:
    data["deals"][-1]["plays"] = ["AD", "AD"]


def _tamper_version(data: dict[str, Any]) -> None:
    data["version"] = SAVE_VERSION


@pytest.mark.parametrize(("tamper", "problem"), [
    (_tamper_answer, "answer|more answers"),
    (_tamper_card, "illegal|not one"),
    (_tamper_version, "version"),
])
def test_a_tampered_variant_save_is_rejected_with_its_problem(tamper: Any, problem: str) -> None:
    session = MatchSession(Settings(level="random", variant="nizhny"), rng=random.Random(2))
    for _ in range(40):
        match_step(session)
    data = copy.deepcopy(session.to_json())
    tamper(data)
    with pytest.raises(SaveError, match=problem):
        MatchSession.from_json(data)


def test_an_old_standard_save_still_loads() -> None:
    session = MatchSession(Settings(level="random"), rng=random.Random(1), first_dealer=Seat.W)
    for _ in range(10):
        match_step(session)
    data = session.to_json()
    assert data["version"] == SAVE_VERSION and "variant" not in data["settings"]
    loaded = MatchSession.from_json(json.loads(json.dumps(data)))
    assert loaded.deal.history == session.deal.history and loaded.match is None


# -- the table -------------------------------------------------------------------------------


def test_nizhny_shows_penalty_points_against_each_side_and_who_loses() -> None:
    session = MatchSession(Settings(level="random", variant="nizhny"), rng=random.Random(5))
    while not session.score.results:
        match_step(session)
    view = check_table_view(table_view(session, TableUi(lang="en")))
    board = view["scoreboard"]
    assert board["kind"] == "penalty"
    values = {side["team"]: side["value"] for side in board["sides"]}
    assert values == {"NS": session.score.scores[0], "EW": session.score.scores[1]}
    badge = view["badges"][0]["text"]
    assert "penalty point" in badge and "first to 12 loses" in badge


def test_classic_shows_each_sides_rows_on_its_two_sixes() -> None:
    session = MatchSession(Settings(level="random", variant="classic"), rng=random.Random(6))
    while not any(session.score.scores):
        match_step(session)
    view = check_table_view(table_view(session, TableUi(lang="ru")))
    board = view["scoreboard"]
    assert board["kind"] == "tablo"
    for side in board["sides"]:
        rows = session.score.scores[0 if side["team"] == "NS" else 1]
        assert side["value"] == rows
        assert len(side["sixes"]) == 2 and all(t.startswith("6") for t in side["sixes"])
        assert side["top_face_up"] == (min(rows, 6) >= 3)


def test_a_variant_summary_names_the_rows_or_the_points_written_against() -> None:
    for variant, key in (("nizhny", "Penalty points"), ("classic", "Rows")):
        session = MatchSession(Settings(level="random", variant=variant), rng=random.Random(8))
        while not session.score.results:
            match_step(session)
        view = check_table_view(table_view(session, TableUi(lang="en", mode="summary")))
        rows = view["overlay"]["table"]["rows"]
        assert rows[2]["cells"][0] == key


def test_the_play_screen_starts_a_nizhny_match_and_takes_the_learners_card(
        tmp_path: Path) -> None:
    store = Store(tmp_path / DB_NAME)
    screen = PlayScreen(store, lang="en", pace=Pace(card=0.0, trick=0.0))
    screen.start(Settings(level="random", variant="nizhny"), rng=random.Random(4))
    session = screen.session
    assert session is not None
    for _ in range(60):
        assert screen.wait_idle(30)
        if session.learner_to_act:
            break
        if session.asking:
            screen.handle(Command("button", "answer-0"))
    assert session.learner_to_act
    card = sorted(session.deal.legal_plays())[0]
    screen.handle(Command("play", card.token))
    assert screen.wait_idle(30)
    assert card in [c for _, c in session.deal.history] or session.deal_recorded
    assert screen.table.view["scoreboard"]["kind"] == "penalty"
    saved = store.load_match()
    assert saved is not None and saved["settings"]["variant"] == "nizhny"
    assert MatchSession.from_json(saved).deal.history == session.deal.history


def test_a_finished_variant_deal_record_reads_back_with_its_leader_and_boasted_tricks() -> None:
    """The finished-deal history (deal review in the notebook, drills) reads records back:
    where play starts, the card that must lead and a boast's tricks made before play."""
    from kozel_tutor.app.session import DealRecord

    boasted: list[DealRecord] = []
    for seed in range(40):
        session = MatchSession(Settings(level="random", variant="classic"),
                               rng=random.Random(seed))
        checked = None
        for _ in range(3000):
            if session.score.is_over and session.deal_recorded:
                break
            record = session.last_deal
            if record is not None and record is not checked:
                data = json.loads(json.dumps(record.to_dict()))
                assert DealRecord.from_dict(data, session.rules) == record
                if record.made:
                    boasted.append(record)
                checked = record
            question = session.question
            match_step(session, answer=len(question.options) - 1 if question is not None else 0)
        if boasted:
            break
    assert boasted, "a boast made tricks before play in one of the deals"
    data = boasted[0].to_dict()
    data["made"][0]["cards"][1] = data["made"][0]["cards"][0]
    with pytest.raises(SaveError, match="four different cards"):
        DealRecord.from_dict(data, session.rules)
    data = boasted[0].to_dict()
    data["made"][0]["cards"][1] = sorted(data["hands"]["S"].split())[0]
    with pytest.raises(SaveError, match="repeats a card"):
        DealRecord.from_dict(data, session.rules)


def test_the_deal_review_says_a_presets_result_in_its_own_words() -> None:
    from kozel_tutor.app.review import Alternative
    from kozel_tutor.app.views import outcome_text
    from kozel_tutor.cards import parse_card
    from kozel_tutor.rules import find_rules
    from kozel_tutor.seats import Team
    from kozel_tutor.solver import Outcome

    card = parse_card("QC")
    lyusya = Alternative(card, 0, 0, Outcome(Team.EW, 0, False))
    rows = Alternative(card, 95, 95, Outcome(LEARNER.team, 2, False))
    classic, standard = find_rules("classic"), find_rules("standard")
    assert outcome_text(lyusya, "ru", classic) == (
        "«люся»: соперники обнуляют ваше табло", "bad")
    assert outcome_text(rows, "en", classic) == ("you write 2 rows", "good")
    assert outcome_text(rows, "en", standard) == ("+2 for us", "good")
    assert outcome_text(Alternative(card, 0, 120), "en", classic) == ("…", "")


def test_a_sides_redeal_claim_put_to_the_partner_shows_the_learner_their_own_hand() -> None:
    # "your side has no queen: demand a redeal?" is the learner's to answer even when the
    # procedure puts it to the partner: they must see their cards to decide
    for seed in range(200):
        session = MatchSession(Settings(level="random", variant="classic"),
                               rng=random.Random(seed))
        question = session.question
        if isinstance(question, RedealQuestion) and question.seat == Seat.N:
            break
    else:
        pytest.fail("no side claim put to the partner in 200 deals")
    assert learner_decides(question)
    shown = table_view(session, TableUi(lang="ru"))["seats"]["S"]["cards"]
    learner = dict(question.side_hands)[Seat.S]
    assert [c["card"] for c in shown] == [c.token for c in learner.sorted()] and len(shown) == 8
