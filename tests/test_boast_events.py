"""What happens before the first card of a classic deal is shown at the table: a boast's
tricks (a panel that waits for the learner), which trick a boast question is about and the
cards face up on it, the redeal claims of a deal never played, and the AI never claiming the
redeal that loses its own side."""

from __future__ import annotations

import random
from pathlib import Path

from conftest import refused_third_redeal

from kozel_tutor.app.play_view import Pace, PlayScreen
from kozel_tutor.app.predeal_view import question_prompt
from kozel_tutor.app.procedure import seat_event
from kozel_tutor.app.seat_words import card_object
from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.app.texts import text
from kozel_tutor.app.variant_views import event_line
from kozel_tutor.app.views import TableUi, table_view
from kozel_tutor.cards import Card, CardSet
from kozel_tutor.rules import find_rules
from kozel_tutor.scoring import DealResult
from kozel_tutor.seats import Seat, Team
from kozel_tutor.variants import HeuristicChooser
from kozel_tutor.variants.questions import GiveBackQuestion, LayQuestion, RedealQuestion
from kozel_tutor.widgets import Command, check_table_view


def _boasted(seed: int, boaster: Seat, boast: str) -> MatchSession:
    """A classic match after a deal won by the learner's side, the side boasting ``boast``."""
    session = MatchSession(Settings(level="random", variant="classic"), first_dealer=Seat.W,
                           start=False, rng=random.Random(1))
    assert session.match is not None
    session.match.score.record(DealResult((70, 50), (5, 3), Team.NS, 1, written=(1, 0)))
    session._begin_run(seed)
    question = session.question
    assert question is not None
    session.answer(question.options.index((boaster, boast)))
    return session


def test_a_boasts_trick_is_shown_before_the_first_card_until_the_learner_plays_on(
        tmp_path: Path) -> None:
    session = _boasted(0, Seat.N, "mirror")
    assert not session.asking
    screen = PlayScreen(Store(tmp_path / DB_NAME), lang="ru", pace=Pace(card=0.0, trick=0.0))
    screen.resume(session)
    assert screen.wait_idle(30)
    view = check_table_view(screen.table.view)
    overlay = view["overlay"]
    assert overlay["kind"] == "predeal" and session.record.plays == []   # nobody played yet
    trick = session.run.setup.boast.tricks[0]                            # type: ignore[union-attr]
    taker = text(f"seat_{trick.winner.name}", "ru")
    assert overlay["lines"][0] == "Нина хвалится: зеркало."
    assert overlay["lines"][1].startswith("Взятка хвалёнки: Нина — ")
    assert f"{taker} взял" in overlay["lines"][1]
    rows = overlay["table"]["rows"]
    assert [row["cells"][1]["card"] for row in rows] == [c.token for c in trick.cards]
    assert [row["cells"][1].get("strong", False) for row in rows] == [
        seat == trick.winner for seat, _ in trick.plays()]
    screen.handle(Command("button", "predeal-play"))
    assert screen.wait_idle(30)
    assert screen.ui.mode == "play" and screen.table.view["overlay"] is None
    assert session.learner_to_act or session.record.plays


def test_double_pants_questions_say_which_trick_and_show_the_cards_face_up() -> None:
    session = _boasted(3, Seat.N, "double_pants")
    prompts: list[list[str]] = []
    while isinstance(session.question, LayQuestion):
        overlay = check_table_view(table_view(session, TableUi(lang="ru")))["overlay"]
        prompts.append(overlay["lines"][1:])
        if session.question.visible:
            cards = [row["cells"][1]["card"] for row in overlay["table"]["rows"]]
            assert cards == [c.token for _, c in session.question.visible]
        session.answer(0)
    assert prompts[0][0].startswith("Закрытая взятка")
    assert prompts[1][0].startswith("Открытая взятка")
    assert prompts[1][1] == ("Открыто на этой взятке: Нина — девятка червей, "
                             "Глеб — восьмёрка червей.")


def test_the_boaster_is_told_the_second_card_goes_face_up_on_the_open_trick() -> None:
    question = LayQuestion(Seat.S, (Card.parse("7C"), Card.parse("8C")), rules=find_rules(
        "classic"), hand=CardSet(), visible=(), slot="open", leads=True)
    assert question.prompt.text("ru") == (
        "Открытая взятка: выберите карту, с которой зайдёте в открытую.")


def test_a_refused_third_redeal_shows_the_claims_and_no_points_or_review() -> None:
    session = refused_third_redeal()
    overlay = table_view(session, TableUi(lang="ru", mode="summary"))["overlay"]
    assert overlay["lines"] == [
        "Глеб потребовал пересдачи (слабая рука).",
        "Нина потребовала пересдачи за свою сторону (нет дам или только дама бубен).",
        "Нина потребовала пересдачи за свою сторону (нет дам или только дама бубен).",
        "Третьей пересдачи подряд не бывает: сдающая сторона проигрывает.",
        "Сдавали Фёдор и Глеб, и 1 пару получает другая сторона: вы и Нина."]
    assert [button["id"] for button in overlay["buttons"]] == ["next"]


def test_the_ai_never_makes_the_redeal_claim_that_loses_its_own_side() -> None:
    for seed in (102, 141):   # the dealer's side held the third claim
        session = MatchSession(Settings(level="random", variant="classic"),
                               first_dealer=Seat.W, start=False, rng=random.Random(1))
        session._begin_run(seed)
        while isinstance(session.question, RedealQuestion):
            session.answer(session.question.options.index(True))
        assert session.run is not None and session.run.setup is not None
        assert session.run.setup.penalty is None, seed
    rules = find_rules("classic")
    weak = CardSet([Card.parse(t) for t in ("7C", "8C", "9C", "7S", "8S", "9S", "7H", "8H")])
    chooser = HeuristicChooser(random.Random(1))
    for dealer, claims in ((Seat.W, False), (Seat.E, False), (Seat.N, True)):
        question = RedealQuestion(Seat.E, (False, True), rules=rules, hand=weak,
                                  reason="weak_hand", refused_dealer=dealer)
        assert chooser(question) is claims


def test_the_events_agree_with_who_acts_and_name_cards_as_objects() -> None:
    rules = find_rules("classic")
    queen, eight = Card.parse("QD"), Card.parse("8C")
    gave = seat_event("ev_gave_trump_you", Seat.S, card=queen, card_object=card_object(queen))
    back = seat_event("ev_gave_back", Seat.N, card=eight, card_object=card_object(eight))
    claim = seat_event("ev_redeal_weak_hand", Seat.S)
    assert event_line(gave, "ru", rules) == "Вы отдали Нине последний козырь — даму бубен."
    assert event_line(back, "ru", rules) == "Нина вернула вам восьмёрку треф."
    assert event_line(claim, "ru", rules) == "Вы потребовали пересдачи (слабая рука)."
    assert event_line(back, "en", rules) == "Nina gave the eight of clubs back to you."
    question = GiveBackQuestion(Seat.S, (eight,), rules=rules, hand=CardSet([eight]),
                                received=Card.parse("AC"))
    assert question_prompt(question, "ru") == (
        "Нина отдала вам туза треф: выберите, какую карту вернуть.")
    assert question_prompt(question, "en") == (
        "Nina gave you the ace of clubs: choose a card to give back.")


def test_the_boast_buttons_put_the_learners_own_first_whoever_deals() -> None:
    from kozel_tutor.app.variant_views import _shown_order
    from kozel_tutor.variants.questions import BoastQuestion

    rules = find_rules("classic")
    for seats in ((Seat.N, Seat.S), (Seat.S, Seat.N)):   # the side from the dealer's left
        options = (None, *((seat, boast) for seat in seats for boast in ("pants", "mirror")))
        question = BoastQuestion(seats[0], options, rules=rules)
        shown = [options[i] for i in _shown_order(question)]
        assert shown == [None, (Seat.S, "pants"), (Seat.S, "mirror"), (Seat.N, "pants"),
                         (Seat.N, "mirror")]


def test_the_summary_tells_the_boast_in_the_past() -> None:
    from kozel_tutor.app.procedure import Event
    from kozel_tutor.app.seat_words import boasted, boasts

    for seat, ru in ((Seat.S, "Вы хвалились: штаны."), (Seat.N, "Нина хвалилась: штаны."),
                     (Seat.W, "Фёдор хвалился: штаны.")):
        event = Event("ev_boast", {"seat": seat, "boast": "pants", "verb": boasts(seat),
                                   "verb_past": boasted(seat)})
        assert event_line(Event("ev_boast_done", event.params), "ru") == ru
    assert event_line(Event("ev_boast_done", event.params), "en") == "Fedor boasted: pants."
