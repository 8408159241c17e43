"""The rule-based levels: **medium** counts cards and plays the strategy notes of RULES.md;
**easy** applies the same rules of thumb with no memory of the finished tricks and now and then
plays a careless card.

Every decision names the rule it applied (a :class:`~kozel_tutor.i18n.Message`), so the tutor
can answer "Why this card?".  The rules play as if a seat that has not shown out of a suit will
follow it; the words claim no more than the seat can know: a trick is "surely" taken only when
no layout of the hidden cards lets an opponent still to play beat it
(:meth:`~.knowledge.TableFacts.outlook`), otherwise the reason says what could still happen.

Under a preset with the catch (``nizhny``, ``kozly24``: the 6♣ over the Q♣ of the other side
ends the deal and costs the Q♣ side 4) two rules come first: **catch the queen** (drop the 6♣ on
an opponent's Q♣ in the trick) and **guard the queen** (never put the Q♣ into a trick an
opponent still plays to while the 6♣ may be in that opponent's hand, unless it is the only
card); the words then speak of the whole hand, the queen kept back included.  The lead
restriction of ``nizhny`` needs no rule of its own: the engine's legal cards already leave
trumps out while a plain card is held.

>>> import random
>>> from kozel_tutor.state import DealState
>>> deal = DealState.deal(rng=random.Random(5))
>>> decision = MediumPlayer().choose(deal.view(deal.to_move))
>>> decision.card in deal.legal_plays() and decision.reason is not None
True
"""

from __future__ import annotations

import random

from ..cards import Card, Suit
from ..i18n import POINTS, ROWS, Message
from ..rules import TRUMP
from ..scoring import deal_result
from ..seats import Seat
from ..state import QUEEN_OF_CLUBS, SIX_OF_CLUBS, SeatView, caught_side
from .base import Decision, Progress, TrumpDecision
from .context import MatchContext
from .knowledge import Outlook, TableFacts, save_stakes
from .reasons import reason, trumps_count
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


def rule_decision(view: SeatView, memory: bool = True, multiplier: int = 1) -> Decision:
    """The rule-of-thumb card for ``view`` (medium with ``memory``, easy without);
    ``multiplier`` (2 after eggs) only changes the numbers the reason quotes."""
    legal = sorted(view.legal)
    if not legal:
        raise ValueError(f"seat {view.seat.name} has no card to play now")
    if len(legal) == 1:
        return Decision(legal[0], reason("only_card", card=legal[0]))
    facts = TableFacts(view, memory, multiplier)
    if view.rules.catch:
        return _with_catch(facts, legal)
    if not view.trick:
        return _lead(facts, legal)
    return _follow(facts, legal)


def _with_catch(facts: TableFacts, legal: list[Card]) -> Decision:
    """The catch rules first (see the module docs), then the ordinary ones."""
    view = facts.view
    if (SIX_OF_CLUBS in legal
            and caught_side(view.leader, (*view.trick, SIX_OF_CLUBS)) == facts.me.team.other):
        return Decision(SIX_OF_CLUBS, reason("catch_queen", card=SIX_OF_CLUBS,
                                             penalty=_catch_penalty(facts)))
    play = _lead if not view.trick else _follow
    if QUEEN_OF_CLUBS not in legal or not _queen_at_risk(facts):
        return play(facts, legal)
    decision = play(facts, [c for c in legal if c != QUEEN_OF_CLUBS])
    # the words are about the whole hand, the queen included: the rules' own words when they
    # choose the same card anyway, else the guard, which is why the card differs
    natural = play(facts, legal)
    if natural.card == decision.card and not _queen_beats_instead(facts, decision.card):
        return natural
    return Decision(decision.card, reason("guard_queen", card=decision.card,
                                          penalty=_catch_penalty(facts)))


def _queen_beats_instead(facts: TableFacts, card: Card) -> bool:
    """Whether the Q♣ would beat the opponents' card winning the trick, which ``card`` does not:
    the queen kept back is then why the trick is left to them."""
    win = facts.winner()
    if win is None or win[0].team == facts.me.team:
        return False
    return facts.beats(QUEEN_OF_CLUBS, win[1]) and not facts.beats(card, win[1])


def _catch_penalty(facts: TableFacts) -> int:
    """What the preset writes against a side caught by the 6♣ (4, doubled after eggs)."""
    rules = facts.view.rules
    total = rules.deck_cards.points
    caught = deal_result(rules, (total // 2, total - total // 2), (1, 1), facts.multiplier,
                         caught=facts.me.team)
    return max(caught.written)


def _queen_at_risk(facts: TableFacts) -> bool:
    """Whether an opponent still to play to this trick may drop the 6♣ on our Q♣."""
    if not facts.out >> SIX_OF_CLUBS.index & 1:
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
        return Decision(top, reason("pull_trumps", count=trumps_count(len(trumps)), card=top))
    sure = [c for c in plain if facts.is_sure_lead(c)]
    if not opponents_trumps:
        sure += [c for c in trumps if facts.is_sure_lead(c)]
    if sure:
        card = max(sure, key=lambda c: (c.points, -facts.strength(c), -c.index))
        return Decision(card, _cash_reason(facts, card))
    if not plain and top is not None and top in trumps:
        # only trumps to lead: the highest takes the trick whoever holds the others
        return Decision(top, reason("lead_top_trump", card=top))
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
    if why != "lead_low":
        return Decision(card, reason(why, card=card))
    return Decision(card, _low_lead_reason(facts, card))


def _low_lead_reason(facts: TableFacts, card: Card) -> Message:
    """Why lead ``card``, the cheapest, for want of a sure winner to cash.  Nothing cheap to
    lead is said so, rather than call an ace or a ten cheap; and a hand holding the highest
    trump still out (by everything the seat has seen) has a sure trick whenever it plays it:
    the words say that it can wait, not that there is no sure trick."""
    hand = facts.view.hand
    if card.points < 10:
        why = "lead_low"
    elif not facts.is_trump(card) and any(facts.is_trump(c) for c in hand):
        why = "lead_least_plain"
    else:
        why = "lead_least"
    top = facts.full.top_trump
    if top is not None and top in hand:
        if card == top:     # the cheapest of a hand of trumps
            return reason("lead_top_trump", card=card)
        why += "_keep_top"
    return reason(why, card=card)


def _cash_reason(facts: TableFacts, card: Card) -> Message:
    """Why lead ``card``, a sure lead by the rules: as sure as the table really makes it.  A
    card with higher ones of its suit in this hand (led for its points, or the cheapest of
    equal winners) is not "the highest still out": its words say nobody else has a higher
    one (the ``_own`` reasons)."""
    own = "_own" if facts.own_above(card) else ""
    if facts.is_trump(card):
        return reason("cash_top_trump" + own, card=card)
    full = facts.full
    suit = full.suit_of(card)
    if not any(full.could_beat(o, card, suit) for o in full.opponents):
        return reason("cash_sure" + own, card=card)
    if full.is_sure_lead(card) and full.out_in_suit(suit):
        return reason("cash_winner" + own, card=card)
    # an opponent is known to be out of the suit (shown, or none of it is left out) and may
    # still hold a trump: the rules lead it anyway, the words claim no more than its rank
    return reason("cash_top" + own, card=card)


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
    trick = _Trick(facts, win_card, led, later_opponents)

    if partner_winning and facts.safe_from(later_opponents, win_card, led):
        card = _richest(facts, legal)
        if card.points == 0:
            card = _emptiest(facts, legal)
            return Decision(card, trick.partner_reason(card, "nothing_to_give"))
        return Decision(card, trick.partner_reason(card, "feed"))
    if partner_winning:
        rich = [c for c in sure_winners if c.points >= 10]
        if rich:
            card = _cheapest_winner(facts, rich)
            return Decision(card, trick.take_reason(card))
        card = _emptiest(facts, legal)
        return Decision(card, trick.partner_reason(card, "keep"))
    if sure_winners:
        card = _cheapest_winner(facts, sure_winners)
        worth = points + card.points
        top_spent = facts.is_trump(card) and facts.strength(card) > 92
        if worth > 0 or not top_spent:
            return Decision(card, trick.take_reason(card))
    if facts.losing and winners and points > 0:
        card = _cheapest_winner(facts, winners)
        return Decision(card, _fight_reason(facts, card))
    ruffs = [c for c in winners if facts.is_trump(c) and led != TRUMP]
    if ruffs and points >= 10:
        card = min(ruffs, key=lambda c: (facts.strength(c), c.index))
        return Decision(card, reason("ruff_points", points=POINTS(points), card=card))
    card = _emptiest(facts, legal)
    return Decision(card, trick.emptiest_reason(card, winners, sure_winners))


class _Trick:
    """The current trick as a reason describes it: who would hold it after a card, and how
    sure that is (:meth:`TableFacts.outlook`, by everything the seat has seen)."""

    def __init__(self, facts: TableFacts, win_card: Card, led: int,
                 later_opponents: list[Seat]) -> None:
        self.facts = facts
        self.win_card = win_card
        self.led = led
        self.later_opponents = later_opponents

    def outlook(self, card: Card) -> Outlook:
        return self.facts.outlook(self.later_opponents, card, self.led)

    def _suit(self) -> Suit:
        return Suit(self.led)

    def take_reason(self, card: Card, emptiest: bool = False) -> Message:
        """``card`` beats the cards on the table (``emptiest``: it was chosen as the emptiest
        card, not to win).  The last card of the trick is said so: nobody plays after it."""
        if not self.facts.still_to_play():
            return reason("take_trick_last", card=card)
        outlook = self.outlook(card)
        if outlook == "sure":
            return reason("take_trick", card=card)
        if outlook == "unless_void":
            return reason("take_trick_unless", card=card, suit=self._suit())
        return reason("emptiest_beats" if emptiest else "take_trick_open", card=card)

    def emptiest_reason(self, card: Card, winners: list[Card], sure_winners: list[Card]
                        ) -> Message:
        """Why the emptiest ``card`` goes to a trick the seat does not try to take (the partner
        not winning it): ``winners`` are the legal cards that beat it now, ``sure_winners``
        those no opponent after the seat can beat."""
        facts = self.facts
        if facts.beats(card, self.win_card):
            return self.take_reason(card, emptiest=True)
        if facts.partner not in facts.still_to_play():
            why = "give_emptiest"       # nobody of this side plays after: the opponents take it
        elif not winners:
            why = "cannot_beat"
        elif sure_winners:
            why = "empty_trick"         # a sure winner, but only a high trump, on a trick of 0
        elif any(self.outlook(c) == "sure" for c in winners):
            why = "play_low"            # (a player who forgot what was played)
        else:
            why = "duck"
        return reason(why, card=card)

    def partner_reason(self, card: Card, why: str) -> Message:
        """The partner is winning and ``card`` is played to it: ``feed`` (a card with points),
        ``nothing_to_give`` (no card with points to play) or ``keep`` (the emptiest card, the
        partner's card not being safe)."""
        if self.facts.beats(card, self.win_card):
            return self.take_reason(card, emptiest=why != "feed")
        outlook = self.outlook(self.win_card)
        if why == "feed":
            key = {"sure": "feed_partner", "unless_void": "feed_partner_unless",
                   "open": "feed_partner_open"}[outlook]
        elif why == "nothing_to_give" and outlook != "open":
            key = ("partner_takes_nothing_to_give" if outlook == "sure"
                   else "partner_takes_nothing_to_give_unless")
        else:
            key = "partner_may_lose" if outlook == "open" else "partner_winning"
        if outlook == "unless_void":
            return reason(key, card=card, suit=self._suit())
        return reason(key, card=card)


def _fight_reason(facts: TableFacts, card: Card) -> Message:
    """Fight for the saving points, with the stakes the preset's table sets."""
    rules = facts.view.rules
    team = facts.me.team
    stakes = save_stakes(rules, team, facts.multiplier)
    assert stakes is not None, "facts.losing needs a line to fight for"
    points = POINTS(stakes.points)
    ours, theirs = team, team.other
    catch = "_catch" if facts.catch_may_win else ""     # not lost while the catch may win it
    if stakes.mild[ours] == stakes.harsh[ours]:     # the winners write: less for them
        mild, harsh = stakes.mild[theirs], stakes.harsh[theirs]
        if rules.scoring == "standard":
            return reason("fight_save" + catch, points=points, mild=mild, harsh=harsh,
                          card=card)
        return reason("fight_save_rows" + catch, points=points, mild=ROWS(mild),
                      harsh=ROWS(harsh), card=card)
    return reason("fight_save_penalty" + catch, points=points, mild=stakes.mild[ours],
                  harsh=stakes.harsh[ours], card=card)


class RuleBasedPlayer:
    """Rules of thumb; ``memory`` counts the played cards, ``careless`` is the chance of a
    random card."""

    name = "rules"

    def __init__(self, rng: random.Random | None = None, *, memory: bool = True,
                 careless: float = 0.0) -> None:
        self.rng = rng or random.Random()
        self.memory = memory
        self.careless = careless
        self.multiplier = 1

    def observe_match(self, context: MatchContext) -> None:
        """The match around the coming deal: after eggs the reasons quote doubled scores."""
        self.multiplier = context.multiplier

    def choose(self, view: SeatView, progress: Progress | None = None) -> Decision:
        legal = sorted(view.legal)
        if len(legal) > 1 and self.careless and self.rng.random() < self.careless:
            card = self.rng.choice(legal)
            return Decision(card, reason("careless", card=card))
        decision = rule_decision(view, self.memory, self.multiplier)
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
