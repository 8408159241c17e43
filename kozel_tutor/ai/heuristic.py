"""The rule-based levels: **medium** counts cards and plays the strategy notes of RULES.md;
**easy** applies the same rules of thumb with no memory of the finished tricks and now and then
plays a careless card.

Every decision names the rule it applied (a :class:`~kozel_tutor.i18n.Message`), so the tutor
can answer "Why this card?".

Under a preset with the catch (``nizhny``, ``kozly24``: the 6♣ over the Q♣ of the other side
ends the deal and costs the Q♣ side 4) two rules come first: **catch the queen** (drop the 6♣ on
an opponent's Q♣ in the trick) and **guard the queen** (never put the Q♣ into a trick an
opponent still plays to while the 6♣ may be in that opponent's hand, unless it is the only
card).  The lead restriction of ``nizhny`` needs no rule of its own: the engine's legal cards
already leave trumps out while a plain card is held.

>>> import random
>>> from kozel_tutor.state import DealState
>>> deal = DealState.deal(rng=random.Random(5))
>>> decision = MediumPlayer().choose(deal.view(deal.to_move))
>>> decision.card in deal.legal_plays() and decision.reason is not None
True
"""

from __future__ import annotations

import random

from ..cards import Card
from ..rules import TRUMP
from ..seats import Seat
from ..state import SeatView
from .base import Decision, Progress, TrumpDecision
from .knowledge import TableFacts
from .reasons import reason
from .trump_call import call_trump

__all__ = ["EasyPlayer", "MediumPlayer", "RuleBasedPlayer", "rule_decision"]


def _emptiest(facts: TableFacts, cards: list[Card]) -> Card:
    """The card worth least: fewest points, plain before trump, weakest."""
    return min(cards, key=lambda c: (c.points, facts.is_trump(c), facts.strength(c), c.index))


def _richest(facts: TableFacts, cards: list[Card]) -> Card:
    """The card worth most to give away: most points, plain before trump, weakest."""
    return max(cards, key=lambda c: (c.points, not facts.is_trump(c), -facts.strength(c), -c.index))


def _cheapest_winner(facts: TableFacts, cards: list[Card]) -> Card:
    """Of cards that win, the one that gains most points and spends the least strength."""
    return max(cards, key=lambda c: (c.points, -facts.is_trump(c), -facts.strength(c), -c.index))


def rule_decision(view: SeatView, memory: bool = True) -> Decision:
    """The rule-of-thumb card for ``view`` (medium with ``memory``, easy without)."""
    legal = sorted(view.legal)
    if not legal:
        raise ValueError(f"seat {view.seat.name} has no card to play now")
    if len(legal) == 1:
        return Decision(legal[0], reason("only_card", card=legal[0]))
    facts = TableFacts(view, memory)
    if view.rules.catch:
        return _with_catch(facts, legal)
    if not view.trick:
        return _lead(facts, legal)
    return _follow(facts, legal)


SHAMOK = Card.parse("6C")
SHAMKA = Card.parse("QC")


def _with_catch(facts: TableFacts, legal: list[Card]) -> Decision:
    """The catch rules first (see the module docs), then the ordinary ones."""
    view = facts.view
    if SHAMOK in legal and any(card == SHAMKA and seat.team != facts.me.team
                               for seat, card in _trick_plays(view)):
        return Decision(SHAMOK, reason("catch_queen", card=SHAMOK))
    pool = legal
    if SHAMKA in legal and _queen_at_risk(facts):
        pool = [c for c in legal if c != SHAMKA]
    decision = _lead(facts, pool) if not view.trick else _follow(facts, pool)
    if pool is not legal:
        natural = _lead(facts, legal) if not view.trick else _follow(facts, legal)
        if natural.card == SHAMKA:
            return Decision(decision.card, reason("guard_queen", card=decision.card))
    return decision


def _trick_plays(view: SeatView) -> list[tuple[Seat, Card]]:
    return [(view.leader.offset(i), card) for i, card in enumerate(view.trick)]


def _queen_at_risk(facts: TableFacts) -> bool:
    """Whether an opponent still to play to this trick may drop the 6♣ on our Q♣."""
    if not facts.out >> SHAMOK.index & 1:
        return False
    led = facts.suit_of(facts.view.trick[0]) if facts.view.trick else TRUMP
    for seat in facts.still_to_play():
        if seat.team == facts.me.team or facts.void(seat, TRUMP):
            continue
        if led == TRUMP or facts.void(seat, led) or not facts.out_in_suit(led) \
                or not facts.memory:
            return True
    return False


def _lead(facts: TableFacts, legal: list[Card]) -> Decision:
    trumps = [c for c in legal if facts.is_trump(c)]
    plain = [c for c in legal if not facts.is_trump(c)]
    opponents_trumps = any(facts.may_hold(o, TRUMP) for o in facts.opponents)
    top = facts.top_trump
    if len(trumps) >= 4 and top is not None and top in trumps and opponents_trumps:
        return Decision(top, reason("pull_trumps", count=len(trumps), card=top))
    sure = [c for c in plain if facts.is_sure_lead(c)]
    if not opponents_trumps:
        sure += [c for c in trumps if facts.is_sure_lead(c)]
    if sure:
        card = max(sure, key=lambda c: (c.points, -facts.strength(c), -c.index))
        return Decision(card, reason("cash_winner", card=card))
    if facts.memory:
        partner = facts.partner
        for card in sorted(plain, key=lambda c: (c.points, facts.strength(c))):
            suit = facts.suit_of(card)
            if (facts.void(partner, suit) and facts.may_hold(partner, TRUMP)
                    and not any(facts.void(o, suit) for o in facts.opponents)):
                return Decision(card, reason("lead_partner_ruff", suit=card.suit, card=card))
    pool = plain or trumps
    natural = _emptiest(facts, pool)
    safe = [c for c in pool if not _ruff_risk(facts, c)]
    why = "lead_low"
    if safe and len(safe) < len(pool):
        pool = safe
        if _emptiest(facts, pool) != natural:
            why = "avoid_ruff"
    no_bare_ten = [c for c in pool if not _ten_under_ace(facts, c)]
    if not no_bare_ten and plain and trumps:
        no_bare_ten = trumps  # a small trump rather than a ten its ace will catch
    if no_bare_ten and no_bare_ten != pool:
        if _emptiest(facts, no_bare_ten) != _emptiest(facts, pool):
            why = "no_ten_before_ace"
        pool = no_bare_ten
    card = _emptiest(facts, pool)
    return Decision(card, reason(why, card=card))


def _ruff_risk(facts: TableFacts, card: Card) -> bool:
    suit = facts.suit_of(card)
    return suit != TRUMP and any(
        facts.void(o, suit) and facts.may_hold(o, TRUMP) for o in facts.opponents)


def _ten_under_ace(facts: TableFacts, card: Card) -> bool:
    """A plain ten whose ace is still out (not played and not in this hand)."""
    if card.rank != 4 or facts.is_trump(card):
        return False
    ace = Card(card.index + 4)
    return bool(facts.out >> ace.index & 1) and not facts.is_trump(ace)


def _follow(facts: TableFacts, legal: list[Card]) -> Decision:
    win = facts.winner()
    assert win is not None
    winner_seat, win_card = win
    led = facts.suit_of(facts.view.trick[0])
    later = facts.still_to_play()
    later_opponents = [s for s in later if s.team != facts.me.team]
    points = facts.trick_points
    partner_winning = winner_seat == facts.partner
    winners = [c for c in legal if facts.beats(c, win_card)]
    sure_winners = [c for c in winners if facts.safe_from(later_opponents, c, led)]

    if partner_winning and facts.safe_from(later_opponents, win_card, led):
        card = _richest(facts, legal)
        if card.points == 0:
            card = _emptiest(facts, legal)
            return Decision(card, reason("give_emptiest", card=card) if later_opponents
                            else reason("duck", card=card))
        return Decision(card, reason("feed_partner", card=card))
    if partner_winning:
        rich = [c for c in sure_winners if c.points >= 10]
        if rich:
            card = _cheapest_winner(facts, rich)
            return Decision(card, reason("take_trick", card=card))
        card = _emptiest(facts, legal)
        return Decision(card, reason("duck", card=card))
    if sure_winners:
        card = _cheapest_winner(facts, sure_winners)
        worth = points + card.points
        top_spent = facts.is_trump(card) and facts.strength(card) > 92
        if worth > 0 or not top_spent:
            return Decision(card, reason("take_trick", card=card))
    if facts.losing and winners and points > 0:
        card = _cheapest_winner(facts, winners)
        if facts.save_points == 31 and not facts.view.rules.target_loses:
            return Decision(card, reason("fight_31", card=card))
        return Decision(card, reason("fight_save", points=facts.save_points, card=card))
    ruffs = [c for c in winners if facts.is_trump(c) and led != TRUMP]
    if ruffs and points >= 10:
        card = min(ruffs, key=lambda c: (facts.strength(c), c.index))
        return Decision(card, reason("ruff_points", points=points, card=card))
    card = _emptiest(facts, legal)
    return Decision(card, reason("give_emptiest", card=card) if not later_opponents or not winners
                    else reason("duck", card=card))


class RuleBasedPlayer:
    """Rules of thumb; ``memory`` counts the played cards, ``careless`` is the chance of a
    random card."""

    name = "rules"

    def __init__(self, rng: random.Random | None = None, *, memory: bool = True,
                 careless: float = 0.0) -> None:
        self.rng = rng or random.Random()
        self.memory = memory
        self.careless = careless

    def choose(self, view: SeatView, progress: Progress | None = None) -> Decision:
        legal = sorted(view.legal)
        if len(legal) > 1 and self.careless and self.rng.random() < self.careless:
            card = self.rng.choice(legal)
            return Decision(card, reason("careless", card=card))
        decision = rule_decision(view, self.memory)
        if progress is not None:
            progress(1.0)
        return decision

    def call_trump(self, view: SeatView) -> TrumpDecision:
        return call_trump(view.hand, view.rules)


class MediumPlayer(RuleBasedPlayer):
    """Counts cards and follows the strategy notes; never careless."""

    name = "medium"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, memory=True, careless=0.0)


class EasyPlayer(RuleBasedPlayer):
    """Sensible rules of thumb, no memory of finished tricks, a careless card one time in eight."""

    name = "easy"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, memory=False, careless=0.125)
