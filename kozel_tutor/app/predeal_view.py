"""What happened before the first card of a variant deal, on the table: the "before the deal"
panel (boasts with their tricks, redeal claims, the last trump passed) that waits for the
learner's "Play", and the learner's question with the cards lying face up during a boast.

Pure functions from the session to plain JSON, like :mod:`.views`.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..state import Trick
from ..variants.questions import GiveBackQuestion, LayQuestion, Question, RedealQuestion
from .seat_words import card_object, ending, seat_cards
from .session import LEARNER, MatchSession
from .texts import TEXTS, text
from .variant_views import event_lines, question_overlay

__all__ = ["PREDEAL_TEXTS", "predeal_panel", "predeal_pending",
           "question_panel"]

PREDEAL_TEXTS: dict[str, dict[str, str]] = {
    "predeal_play": {"en": "Play", "ru": "Играть"},
    "status_predeal": {"en": "Before the deal: see what happened, then press Play.",
                       "ru": "Перед раздачей: посмотрите, что произошло, и нажмите «Играть»."},
    "predeal_player": {"en": "Player", "ru": "Игрок"},
    "predeal_trick_single": {"en": "Boast's trick", "ru": "Взятка хвалёнки"},
    "predeal_trick_closed": {"en": "Closed trick", "ru": "Закрытая взятка"},
    "predeal_trick_open": {"en": "Open trick", "ru": "Открытая взятка"},
    "predeal_face_up": {"en": "Face up", "ru": "Открыто"},
}
"""The panel's own words, merged into :data:`~.texts.TEXTS`."""

for _key, _texts in PREDEAL_TEXTS.items():
    TEXTS.setdefault(_key, _texts)


def predeal_pending(session: MatchSession) -> bool:
    """Whether the deal is set up, no card is played yet, and something happened before it that
    the learner has not seen (with a question): a boast's trick, a redeal, a passed trump."""
    run = session.run
    return (session.match is not None and run is not None and run.setup is not None
            and run.setup.state is not None and not session.record.plays
            and bool(run.unseen))


def _tricks_table(tricks: tuple[Trick, ...], lang: str) -> dict[str, Any]:
    """The boast's trick(s): a row per player with their card, the taker's card in bold."""
    slots = ("single",) if len(tricks) == 1 else ("closed", "open")
    head = [text("predeal_player", lang), *(text(f"predeal_trick_{slot}", lang)
                                            for slot in slots)]
    rows = []
    for seat, _ in tricks[0].plays():
        cells: list[Any] = [text(f"seat_{seat.name}", lang)]
        for trick in tricks:
            card = dict(trick.plays())[seat]
            cells.append(_card_cell(card, lang, strong=seat == trick.winner))
        rows.append({"cells": cells})
    return {"head": head, "rows": rows, "testid": "boast-tricks"}


def _card_cell(card: Card, lang: str, strong: bool = False) -> dict[str, Any]:
    cell: dict[str, Any] = {"card": card.token, "text": card.label(lang)}
    if strong:
        cell["strong"] = True
    return cell


def predeal_panel(session: MatchSession, lang: str) -> dict[str, Any]:
    """The "before the deal" panel: its lines, the boast's tricks, and the Play button."""
    panel: dict[str, Any] = {
        "kind": "predeal", "testid": "predeal", "title": text("question_title", lang),
        "lines": event_lines(session, lang),
        "buttons": [{"id": "predeal-play", "label": text("predeal_play", lang),
                     "testid": "predeal-play", "primary": True}]}
    run = session.run
    if run is not None and run.setup is not None and run.setup.boast is not None:
        panel["table"] = _tricks_table(run.setup.boast.tricks, lang)
    return panel


def question_prompt(question: Question, lang: str) -> str:
    """The question as the learner reads it at the table, with the players' names."""
    if isinstance(question, GiveBackQuestion) and question.seat == LEARNER:
        giver = question.seat.partner
        return text("q_give_back_named", lang, giver=text(f"seat_{giver.name}", lang),
                    ending=ending(giver), card_object=card_object(question.received))
    return question.prompt.text(lang)


def question_panel(session: MatchSession, lang: str) -> dict[str, Any]:
    """The learner's question (:func:`~.variant_views.question_overlay`) in the players' names;
    during a boast also the cards lying face up on the trick, in words and drawn."""
    overlay = question_overlay(session, lang)
    question = session.question
    assert question is not None
    overlay["lines"][-1] = question_prompt(question, lang)
    if isinstance(question, RedealQuestion) and question.refused_dealer is not None:
        losers = text(f"team_{question.refused_dealer.team.name}", lang)
        overlay["lines"].append(text("q_redeal_refused", lang, losers=losers))
    if isinstance(question, LayQuestion) and question.visible:
        overlay["lines"].append(text("q_lay_face_up", lang, cards=seat_cards(question.visible)))
        overlay["table"] = {
            "head": [text("predeal_player", lang), text("predeal_face_up", lang)],
            "rows": [{"cells": [text(f"seat_{seat.name}", lang), _card_cell(card, lang)]}
                     for seat, card in question.visible],
            "testid": "face-up"}
    return overlay
