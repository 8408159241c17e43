"""Personal drills: the learner's costliest decisions in their own games become puzzles.

A finished deal is replayed card by card; at every card the learner played, the solver compares
it with the best card.  The decisions that lost the most (in deal result first, then in card
points, at least :data:`~.verify.MARGIN` points) and that make a valid puzzle — a unique best
card that the learner did not play — are kept, at most ``per_deal`` of them.

Deals come in the replay format of the app's :class:`~kozel_tutor.app.session.DealRecord`
(``{"dealer", "hands", "trump", "plays"}``, and under a regional preset where play started and
any tricks a boast made: :data:`RECORD_KEYS`).  :func:`deals_from_store` reads them from the app's
store: its finished-deal history when the store offers one (``store.finished_deals()``), else
the last finished deal of the saved match.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..cards import Card, CardError, CardSet, Suit, parse_card
from ..position import Position
from ..rules import Rules, RulesError, find_rules
from ..seats import Seat, SeatError
from ..solver import get_backend, solve
from ..solver.core import Backend
from ..state import DealState, IllegalPlay, Trick
from .generate import build_puzzle, category_of
from .model import Puzzle, Text
from .verify import MARGIN, signed_score

__all__ = ["RECORD_KEYS", "FinishedDeal", "deals_from_store", "mine_deal", "parse_deal"]

PYTHON_MAX_CARDS = 6
"""Without the native solver only decisions with this many cards or fewer are analysed."""


@dataclass(frozen=True)
class FinishedDeal:
    """A played deal that can be replayed: the hands as dealt and every card in order.

    Under a regional preset play may start elsewhere: ``leader`` leads the first trick (and
    must lead ``required_lead`` if set), and ``made`` holds tricks a boast made before play.
    """

    key: str
    rules: Rules
    dealer: Seat
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    trump: Suit | None
    plays: tuple[Card, ...]
    learner: Seat = Seat.S
    leader: Seat | None = None
    required_lead: Card | None = None
    made: tuple[Trick, ...] = ()

    def replay(self, upto: int) -> DealState:
        state = DealState.after_setup(self.rules, list(self.hands), dealer=self.dealer,
                                      leader=self.leader, required_lead=self.required_lead,
                                      made=self.made)
        if self.trump is not None and self.rules.trump_rule == "called":
            state.call_trump(self.trump)
        for card in self.plays[:upto]:
            state.play(card)
        return state


#: what a deal record holds (the last three only under some regional presets)
RECORD_KEYS = ("dealer", "hands", "trump", "plays", "leader", "required_lead", "made")


def parse_deal(data: Mapping[str, Any], rules: Rules, learner: Seat = Seat.S) -> FinishedDeal:
    """A deal record (:data:`RECORD_KEYS`); ``ValueError`` if it is broken."""
    try:
        dealer = Seat.parse(str(data["dealer"]))
        raw_hands = data["hands"]
        if not isinstance(raw_hands, Mapping):
            raise ValueError("hands must be an object")
        hands = tuple(CardSet.parse(str(raw_hands[s.name])) for s in Seat)
        trump = None if data.get("trump") is None else Suit.parse(str(data["trump"]))
        plays = tuple(parse_card(str(t)) for t in data["plays"])
        leader = None if data.get("leader") is None else Seat.parse(str(data["leader"]))
        required = data.get("required_lead")
        required_lead = None if required is None else parse_card(str(required))
        made = Trick.list_from_json(data.get("made", []), rules.card_order(trump))
    except KeyError as exc:
        raise ValueError(f"a deal record lacks {exc.args[0]!r}") from None
    except (CardError, SeatError, TypeError) as exc:
        raise ValueError(f"bad deal record: {exc}") from None
    # the key of a standard deal is what it was before regional records (drills mined once)
    kept = {k: data.get(k) for k in RECORD_KEYS[:4]}
    kept.update({k: data[k] for k in RECORD_KEYS[4:] if data.get(k) is not None})
    text = json.dumps(kept, sort_keys=True, default=str)
    key = hashlib.sha1(f"{rules!r}{text}".encode()).hexdigest()[:16]
    deal = FinishedDeal(key, rules, dealer, (hands[0], hands[1], hands[2], hands[3]), trump,
                        plays, learner, leader, required_lead, made)
    try:
        state = deal.replay(len(plays))
    except IllegalPlay as exc:
        raise ValueError(f"the deal cannot be replayed: {exc}") from None
    if not state.is_over:
        raise ValueError("the deal is not finished")
    return deal


def mine_deal(deal: FinishedDeal, *, backend: str | Backend | None = None,
              per_deal: int = 2) -> list[tuple[int, Puzzle]]:
    """The learner's costliest decisions in ``deal`` as ``(points lost, puzzle)``."""
    engine = get_backend(backend) if backend is None or isinstance(backend, str) else backend
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
        story = Text(f"Из вашей партии: здесь вы сыграли {card.label('ru')}. "
                     f"{puzzle.story.ru}",
                     f"From your own game: here you played {card.label('en')}. "
                     f"{puzzle.story.en}")
        drills.append((lost, replace(puzzle, id=f"drill-{puzzle.id}", story=story)))
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
    if isinstance(settings, Rules):
        return settings
    if not isinstance(settings, Mapping):
        return None
    name = str(settings.get("rules", "standard"))
    # the standard game takes the learner's options; a regional preset fixes its own
    options: dict[str, object] = {}
    for key in ("deck", "trump", "match"):
        if key in settings and name == "standard":
            options[key] = settings[key]
    try:
        return find_rules(name, **options)
    except (RulesError, TypeError):
        return None
