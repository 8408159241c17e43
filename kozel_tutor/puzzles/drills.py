"""Personal drills: the learner's costliest decisions in their own games become puzzles.

A finished deal is replayed card by card; at every card the learner played, the solver compares
it with the best card.  The decisions that lost the most (in deal result first, then in card
points, at least :data:`~.verify.MARGIN` points) and that make a valid puzzle — a unique best
card that the learner did not play — are kept, at most ``per_deal`` of them.

Deals come in the app's replay format, :class:`~kozel_tutor.records.DealRecord`
(``{"dealer", "hands", "trump", "plays"}``, and under a regional preset where play started and
any tricks a boast made: :data:`RECORD_KEYS`), with the app's settings for their rules, and are
read by the same code the app reads them with (:mod:`kozel_tutor.records`).
:func:`deals_from_store` reads them from the app's store: its finished-deal history when the
store offers one (``store.finished_deals()``), else the last finished deal of the saved match.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card
from ..position import Position
from ..records import DealRecord, SaveError, Settings
from ..rules import Rules
from ..seats import Seat
from ..solver import resolve_backend, solve
from ..solver.core import Backend
from ..state import DealState
from .generate import build_puzzle, category_of
from .model import Puzzle, Text
from .verify import MARGIN, signed_score

__all__ = ["DRILL_PREFIX", "RECORD_KEYS", "FinishedDeal", "deals_from_store", "is_drill",
           "mine_deal", "parse_deal"]

PYTHON_MAX_CARDS = 6
"""Without the native solver only decisions with this many cards or fewer are analysed."""

DRILL_PREFIX = "drill-"
"""How a drill's id begins (the puzzle it was built as keeps the rest of its id)."""


def is_drill(puzzle: Puzzle) -> bool:
    """Whether ``puzzle`` is a drill: a position from the learner's own game, at whatever stage
    of the deal (not one of the catalogue's endings or opening leads)."""
    return puzzle.id.startswith(DRILL_PREFIX)


@dataclass(frozen=True)
class FinishedDeal:
    """A finished deal of the learner's: its record, the rules it was played under, the seat
    whose decisions are mined and the ``key`` progress remembers it by (a deal is mined once).
    """

    key: str
    rules: Rules
    record: DealRecord
    learner: Seat = Seat.S

    @property
    def plays(self) -> tuple[Card, ...]:
        """Every card of the deal, in the order played."""
        return tuple(self.record.plays)

    def replay(self, upto: int) -> DealState:
        """The deal after its first ``upto`` cards."""
        return self.record.replay(self.rules, upto)


#: what a deal record holds (the last three only under some regional presets)
RECORD_KEYS = ("dealer", "hands", "trump", "plays", "leader", "required_lead", "made")


def parse_deal(data: Mapping[str, Any], rules: Rules, learner: Seat = Seat.S) -> FinishedDeal:
    """A finished deal from its record (:data:`RECORD_KEYS`), read as the app reads it
    (:meth:`DealRecord.from_dict <kozel_tutor.records.DealRecord.from_dict>`); a broken or
    unfinished record is a :class:`~kozel_tutor.records.SaveError` (a ``ValueError``)."""
    record = DealRecord.from_dict(data, rules)
    if not record.replay(rules).is_over:
        raise SaveError("the deal is not finished")
    # the key of a standard deal is what it was before regional records (drills mined once)
    kept = {k: data.get(k) for k in RECORD_KEYS[:4]}
    kept.update({k: data[k] for k in RECORD_KEYS[4:] if data.get(k) is not None})
    text = json.dumps(kept, sort_keys=True, default=str)
    key = hashlib.sha1(f"{rules!r}{text}".encode()).hexdigest()[:16]
    return FinishedDeal(key, rules, record, learner)


def mine_deal(deal: FinishedDeal, *, backend: str | Backend | None = None,
              per_deal: int = 2) -> list[tuple[int, Puzzle]]:
    """The learner's costliest decisions in ``deal`` as ``(points lost, puzzle)``."""
    engine = resolve_backend(backend)
    max_cards = PYTHON_MAX_CARDS if engine.name == "python" else deal.rules.hand_size
    candidates: list[tuple[int, int, int, Position, Card]] = []
    for index, card in enumerate(deal.plays):
        state = deal.replay(index)
        if state.to_move != deal.learner or len(state.hand(deal.learner)) > max_cards:
            continue
        if len(state.legal_plays()) < 2:
            continue
        position = Position.from_state(state)
        analysis = solve(position, backend=engine)
        if not analysis.exact or card not in analysis.values:
            continue
        best = max(analysis.values.values())
        lost = best - analysis.values[card]
        team = deal.learner.team
        best_score = max(signed_score(o, team) for o in analysis.outcomes.values())
        score_lost = best_score - signed_score(analysis.outcomes[card], team)
        if score_lost > 0 or lost >= MARGIN:
            candidates.append((score_lost, lost, index, position, card))
    candidates.sort(key=lambda c: (-c[0], -c[1], c[2]))
    drills: list[tuple[int, Puzzle]] = []
    for _score_lost, lost, index, position, card in candidates:
        puzzle = build_puzzle(position, category=category_of(position), rng=random.Random(index),
                              backend=engine, source=f"your game {deal.key}, card {index + 1}")
        if puzzle is None or card in puzzle.answers:
            continue
        # the title says that it comes from the learner's game («Из вашей партии: …»)
        story = Text(f"В партии здесь вы сыграли {card.label('ru')}. {puzzle.story.ru}",
                     f"In the game you played {card.label('en')} here. {puzzle.story.en}")
        drills.append((lost, replace(puzzle, id=f"{DRILL_PREFIX}{puzzle.id}", story=story)))
        if len(drills) >= per_deal:
            break
    return drills


def deals_from_store(store: object) -> list[FinishedDeal]:
    """Finished deals the app's store knows, newest last; unreadable records are skipped.

    Uses ``store.finished_deals()`` (an iterable of ``{"rules": {...settings}, "deal": record}``
    or of ``(rules, record)``) when the store has it; otherwise the saved match's last deal.
    """
    deals: list[FinishedDeal] = []
    history = getattr(store, "finished_deals", None)
    if callable(history):
        for item in history():
            deal = _deal_of_item(item)
            if deal is not None:
                deals.append(deal)
        return deals
    load = getattr(store, "load_match", None)
    data = load() if callable(load) else None
    if isinstance(data, Mapping) and isinstance(data.get("last_deal"), Mapping):
        rules = _rules_of(data.get("settings"))
        if rules is not None:
            with contextlib.suppress(ValueError):
                deals.append(parse_deal(data["last_deal"], rules))
    return deals


def _deal_of_item(item: object) -> FinishedDeal | None:
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], Rules):
        rules, record = item
    elif isinstance(item, Mapping):
        rules, record = _rules_of(item.get("settings") or item.get("rules")), item.get("deal")
    else:
        return None
    if rules is None or not isinstance(record, Mapping):
        return None
    try:
        return parse_deal(record, rules)
    except ValueError:
        return None


def _rules_of(settings: object) -> Rules | None:
    """The rules of a stored deal: given as such, or the app's settings read as the app reads
    them (:meth:`Settings.from_dict <kozel_tutor.records.Settings.from_dict>`)."""
    if isinstance(settings, Rules):
        return settings
    try:
        return Settings.from_dict(settings).rules()
    except SaveError:
        return None
