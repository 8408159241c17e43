"""What the table shows for each step: seats, hands, the trick, a row of cards, a score sheet.

Pure data for the lesson widget: card tokens, seat letters and labels already in the learner's
language.  Nothing here decides an answer; ``clickable`` only says which cards a click on may
send as an answer.

>>> from kozel_tutor.lessons.model import load_lesson
>>> scene(load_lesson("04_trick").steps[1], "en")["trick"][0]
{'seat': 'W', 'card': '9H'}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card, Suit
from ..i18n import word_list
from ..rules import find_rules
from ..seats import Seat, Team
from .model import (
    BestCardTask,
    CallTrumpTask,
    CardPointsTask,
    CountTrumpsTask,
    DealScoreTask,
    ExplainStep,
    HighestCardTask,
    LegalCardTask,
    MatchTask,
    SeatTask,
    Task,
    Text,
    TrickWinnerTask,
    TrumpsLeftTask,
)
from .phrases import points, say, seat_letter, seat_name, tricks

__all__ = ["scene"]


def _tokens(cards: Sequence[Card]) -> list[str]:
    return [card.token for card in cards]


def _empty(trump: str | None) -> dict[str, Any]:
    return {"trump": trump, "seats": None, "trick": [], "row": [], "played": [],
            "clickable": [], "seat_buttons": False, "dealer": None, "sheet": None, "info": [],
            "trumps": []}


def _seats(lang: str, hands: dict[Seat, Sequence[Card]] | None = None,
           roles: bool = True) -> dict[str, Any]:
    """The four seats; ``roles=False`` labels them by letter only (and "you"), for a question
    the roles would answer (who is your partner)."""
    hands = hands or {}
    name = seat_name if roles else seat_letter
    return {seat.name: {"label": name(seat, lang), "cards": _tokens(hands.get(seat, ()))}
            for seat in Seat}


def _trick(leader: Seat, cards: Sequence[Card]) -> list[dict[str, str]]:
    return [{"seat": leader.offset(i).name, "card": card.token} for i, card in enumerate(cards)]


def _explain_trumps(step: ExplainStep) -> list[str]:
    """An explanation that names a trump suit marks the trumps among its cards."""
    if step.trump is None:
        return []
    order = find_rules("standard", trump="called").card_order(step.trump)
    return [c.token for c in step.cards if order.is_trump(c)]


def _by_points(cards: Sequence[Card]) -> list[Card]:
    """Each suit as a counting lesson shows it: A 10 K Q J 9 8 7 6 (by points, then rank)."""
    return sorted(cards, key=lambda c: (c.suit, -c.points, -c.rank))


def scene(step: Task | ExplainStep, lang: str) -> dict[str, Any]:
    """The table for ``step`` in ``lang``."""
    if isinstance(step, ExplainStep):
        out = _empty(step.trump.letter if step.trump is not None else None)
        out["row"] = _tokens(step.cards)
        out["trumps"] = _explain_trumps(step)
        if step.table:
            out["seats"] = _seats(lang)
        return out
    out = _empty(step.trump.letter)
    if isinstance(step, TrickWinnerTask):
        out["seats"] = _seats(lang)
        out["trick"] = _trick(step.leader, step.trick)
        out["clickable"] = _tokens(step.trick)
    elif isinstance(step, HighestCardTask):
        out["row"] = out["clickable"] = _tokens(step.cards)
    elif isinstance(step, CardPointsTask | CountTrumpsTask):
        out["row"] = _tokens(_by_points(step.rules.deck_cards.sorted()) if step.whole_deck
                             else step.cards)
        if isinstance(step, CardPointsTask):
            # Points do not depend on the trumps, and lesson 1 counts them before lesson 2
            # teaches trumps: no trump badge.
            out["trump"] = None
    elif isinstance(step, TrumpsLeftTask):
        out["seats"] = _seats(lang, {Seat.S: step.hand})
        out["played"] = _tokens(step.played)
    elif isinstance(step, LegalCardTask):
        out["seats"] = _seats(lang, {Seat.S: step.hand})
        out["trick"] = _trick(step.leader, step.trick)
        out["clickable"] = _tokens(step.hand)
        if step.rules.ace_dump_ban:
            out["info"] = [_led_line(step).get(lang)]
    elif isinstance(step, CallTrumpTask):
        out["trump"] = None
        out["seats"] = _seats(lang, {Seat.S: step.hand})
    elif isinstance(step, SeatTask):
        out["trump"] = None
        out["seats"] = _seats(lang, roles=step.relation not in ("partner", "left", "right"))
        out["seat_buttons"] = True
        if step.relation in ("first_lead", "next_dealer"):
            out["dealer"] = step.of.name
    elif isinstance(step, DealScoreTask):
        out["trump"] = None
        out["sheet"] = _deal_sheet(step, lang)
    elif isinstance(step, MatchTask):
        out["trump"] = None
        out["sheet"] = _match_sheet(step, lang)
    elif isinstance(step, BestCardTask) and step.position is not None:
        pos = step.position
        key = pos.rules.card_order(pos.trump).sort_key()
        out["seats"] = _seats(lang, {seat: sorted(pos.hands[seat], key=key) for seat in Seat})
        out["trick"] = _trick(pos.leader, pos.trick)
        out["clickable"] = _tokens(sorted(pos.hands[Seat.S]))
        out["info"] = [say("Taken so far: {t}, {p} {n}.", "Уже взято: {t} — {p} {n}.",
                           t=team, p=points(pos.taken_points[team]),
                           n=tricks(pos.taken_tricks[team])).get(lang)
                       for team in Team]
    return out


def _led_line(task: LegalCardTask) -> Text:
    """Under the ace-dump ban the answer depends on the suits led before this trick: say
    which were and which were not."""
    order = task.order
    now = {order.suit_of[task.trick[0].index]} if task.trick else set()
    plain = [suit for suit in Suit if suit != task.trump and suit not in now]
    led = [suit for suit in plain if suit in task.led]
    never = [suit for suit in plain if suit not in task.led]

    def names(suits: list[Suit]) -> Text:   # «трефы и пики»
        return Text(*(word_list([s.name_in(lang) for s in suits], lang) or "—"
                      for lang in ("ru", "en")))

    return say("Led earlier in this deal: {led}. Never led yet: {never}.",
               "Раньше в этой раздаче заходили: {led}. Ещё ни разу не заходили: {never}.",
               led=names(led), never=names(never))


def _deal_sheet(task: DealScoreTask, lang: str) -> dict[str, Any]:
    head = [say("Side", "Сторона").get(lang), say("Points", "Очки").get(lang),
            say("Tricks", "Взятки").get(lang)]
    # a row header starts with a capital: «Мы (С–Ю)», "We (N–S)"
    rows = [[say("{t}", "{t}", t=team).get(lang), str(task.points[team]), str(task.tricks[team])]
            for team in Team]
    if task.rules.scoring == "classic":
        note = say("The last deal was eggs: the winners of this one take an extra row.",
                   "Прошлая раздача — яйца: победители этой получат за них "
                   "дополнительную пару.")
    else:
        note = say("This deal counts double (after eggs).",
                   "Эта раздача идёт вдвойне (после яиц).")
    return {"head": head, "rows": rows, "note": note.get(lang) if task.after_eggs else None}


def _match_sheet(task: MatchTask, lang: str) -> dict[str, Any]:
    """The deals as played (points and tricks); what each side wrote is the learner's job."""
    head = [say("Deal", "Раздача").get(lang),
            say("Points we–they", "Очки мы–они").get(lang),
            say("Tricks we–they", "Взятки мы–они").get(lang)]
    rows = [[str(i), f"{a}–{b}", f"{x}–{y}"] for i, (a, b, x, y) in enumerate(task.deals, 1)]
    note = say("The match is played to {n}.", "Партия идёт до {n}.", n=task.rules.match_target)
    return {"head": head, "rows": rows, "note": note.get(lang)}
