"""What the tutor says about the card a learner picked, beyond right or wrong.

:func:`why_it_loses` names the misreading behind a card that does not take the trick (a card of
another plain suit, a queen or jack that is a trump, the ten above the king, the queens above the
trump suit's ace…), all computed from the card order; :func:`cost_note` warns when a legal card
hands ten or more points to a trick the opponents are sure to take while a cheaper one would do;
:func:`void_note` says what the card picked did when the suit led could not be followed (a trump
that holds the trick or not, or a plain card that kept the trumps).

>>> from kozel_tutor.cards import Card
>>> from kozel_tutor.rules import Rules
>>> trick = [Card.parse(t) for t in "9H AS KH TH".split()]
>>> print(why_it_loses(Rules().card_order(), trick, Card.parse("KH")).en.replace("\\u00a0", " "))
The 10♥ beats the K♥: in Kozel the ten ranks above the king. Order: A♥ > 10♥ > K♥ > ...
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Rank, Suit
from ..rules import TRUMP, CardOrder
from ..seats import Seat, Team
from .model import Text
from .phrases import points, say

__all__ = ["cost_note", "order_text", "void_note", "why_it_loses"]

_COURT = (Rank.QUEEN, Rank.JACK)
_COURT_NAMES = {Rank.QUEEN: Text("дамы", "queens"), Rank.JACK: Text("валеты", "jacks")}


def order_text(order: CardOrder, suit: int) -> Text:
    """The cards of an effective suit, highest first: ``A♥ > 10♥ > K♥ …``."""
    cards = order.suit_cards(suit)
    return Text(" > ".join(c.label("ru") for c in cards), " > ".join(c.label("en") for c in cards))


def _order_line(order: CardOrder, suit: int) -> Text:
    if suit == TRUMP:
        return say("Trumps go: {o}.", "Порядок козырей: {o}.", o=order_text(order, TRUMP))
    return say("Order: {o}.", "Порядок: {o}.", o=order_text(order, suit))


def _is_court(order: CardOrder, card: Card) -> bool:
    """A queen or jack that is a trump whatever its printed suit."""
    return card.rank in _COURT and card in order.rules.top_trumps


def why_it_loses(order: CardOrder, cards: Sequence[Card], chosen: Card) -> Text:
    """Why ``chosen`` does not take a trick of ``cards`` (``cards[0]`` led; for a "which is
    strongest" task, cards of one effective suit): the misreading it shows, told about the
    weakest card that beats it, so the answer is not given away when several cards do."""
    led = order.suit_of[cards[0].index]
    suit = order.suit_of[chosen.index]
    if suit not in (led, TRUMP):
        return _off_suit(order, cards[0], chosen, led)
    beater = min((c for c in cards if order.beats(c, chosen)),
                 key=lambda c: (order.is_trump(c), order.strength[c.index]))
    if suit != TRUMP and order.is_trump(beater):
        why = _trump_over_plain(order, beater, chosen)
    else:
        why = say("The {w} beats the {c}:", "{w} бьёт {c}:", w=beater, c=chosen) \
            + _higher(order, beater, chosen, suit)
    if any(order.beats(c, beater) for c in cards):
        # the card named is not the answer either: the learner is not sent to it next
        why = why + say("But the {w} does not take the trick either: a card here beats it too.",
                        "Но и {w} взятку не берёт: здесь есть карта сильнее.", w=beater)
    return why


def _off_suit(order: CardOrder, lead: Card, chosen: Card, led: int) -> Text:
    if led != TRUMP:
        return say("The {c} is neither of the suit led ({suit}) nor a trump: a card of another "
                   "plain suit never takes the trick, however high it is.",
                   "{c} — не той масти, с которой зашли ({suit}), и не козырь: карта другой "
                   "простой масти взятку не берёт, какой бы высокой она ни была.",
                   c=chosen, suit=Suit(led))
    if _is_court(order, lead):
        return say("The {l} was led, and queens and jacks are trumps, not cards of their printed "
                   "suit. So a trump was led, and the {c}, a plain card, cannot take the trick.",
                   "Зашли с {l}, а дамы и валеты — козыри, а не карты своей нарисованной масти. "
                   "Значит, зашли с козыря, и {c}, простая карта, взятку не возьмёт.",
                   l=lead, c=chosen)
    return say("A trump was led ({l}), and the {c} is not a trump: it cannot take the trick.",
               "Зашли с козыря ({l}), а {c} — не козырь и взятку не возьмёт.", l=lead, c=chosen)


def _trump_over_plain(order: CardOrder, trump: Card, chosen: Card) -> Text:
    if _is_court(order, trump):
        return say("The {t} is a trump: queens and jacks are always trumps, whatever suit is "
                   "printed on them, and any trump beats every plain card, the {c} too.",
                   "{t} — козырь: дамы и валеты всегда козыри, какая бы масть на них ни была "
                   "нарисована, а любой козырь бьёт любую простую карту, и {c} тоже.",
                   t=trump, c=chosen)
    return say("The {t} is a trump ({suit} are trumps), and any trump beats every plain card, "
               "the {c} too.",
               "{t} — козырь ({suit} — козыри), а любой козырь бьёт любую простую карту, "
               "и {c} тоже.", t=trump, c=chosen, suit=order.trump)


def _higher(order: CardOrder, winner: Card, chosen: Card, suit: int) -> Text:
    """The rule that puts ``winner`` above ``chosen``, both of effective suit ``suit``."""
    court_w, court_c = _is_court(order, winner), _is_court(order, chosen)
    if not court_w and not court_c and (winner.rank, chosen.rank) == (Rank.TEN, Rank.KING):
        return say("in Kozel the ten ranks above the king.", "в «Козле» десятка старше короля.",
                   cap=False) + _order_line(order, suit)
    if not court_w and winner == order.suit_cards(TRUMP)[0]:   # the 6♣ of nizhny and kozly24
        return say("in this game the {w} is the highest trump of all.",
                   "в этой игре {w} — самый старший козырь.", cap=False, w=winner) \
            + _order_line(order, suit)
    if court_w and not court_c and chosen not in order.rules.top_trumps:
        return say("queens and jacks rank above even the ace of the trump suit.",
                   "дамы и валеты старше даже козырного туза.", cap=False) \
            + _order_line(order, suit)
    if court_w and court_c and winner.rank != chosen.rank:
        return say("every queen ranks above every jack.", "любая дама старше любого валета.",
                   cap=False) + _order_line(order, suit)
    if court_w and court_c:
        same = [c for c in order.suit_cards(TRUMP) if c.rank == winner.rank]
        return say("the {r} go by suit: {o}.", "{r} идут по мастям: {o}.", cap=False,
                   r=_COURT_NAMES[winner.rank], o=Text(" > ".join(c.label("ru") for c in same),
                                        " > ".join(c.label("en") for c in same)))
    if suit == TRUMP:
        return say("both are trumps, and the {w} ranks higher.",
                   "обе карты — козыри, и {w} старше.", cap=False, w=winner) \
            + _order_line(order, suit)
    return say("both are {s}, and the {w} is higher.", "обе карты — {s}, и {w} старше.",
               cap=False, w=winner, s=Suit(suit)) + _order_line(order, suit)


def cost_note(order: CardOrder, leader: Seat, trick: Sequence[Card], legal: Sequence[Card],
              chosen: Card) -> Text | None:
    """For a legal ``chosen`` card (the learner sits S): a note when it hands 10 or more points
    to a trick the opponents are sure to take (they hold it after the card and only they play
    after it) while a legal card with fewer points was there; ``None`` otherwise."""
    if chosen.points < 10 or not trick:
        return None
    played = [*trick, chosen]
    holder = leader.offset(order.winning_index([c.index for c in played]))
    later = [leader.offset(i) for i in range(len(played), 4)]
    if holder.team is not Team.EW or any(seat.team is Team.NS for seat in later):
        return None
    cheapest = min(legal, key=lambda c: (c.points, order.is_trump(c), order.strength[c.index]))
    if cheapest.points >= chosen.points:
        return None
    if not cheapest.points:
        return say("But this trick goes to the opponents, and the {c} hands them {p}: a card "
                   "without points, such as the {x}, would cost nothing.",
                   "Но эта взятка уходит соперникам, и {c} приносит им {p}, а карта без очков, "
                   "например {x}, не стоила бы ничего.",
                   c=chosen, p=points(chosen.points), x=cheapest)
    return say("But this trick goes to the opponents, and the {c} hands them {p}: with the {x} "
               "they would get only {q}.",
               "Но эта взятка уходит соперникам, и {c} приносит им {p}, а с {x} они получили "
               "бы только {q}.",
               c=chosen, p=points(chosen.points), x=cheapest, q=points(cheapest.points))


def void_note(order: CardOrder, leader: Seat, trick: Sequence[Card], hand: Sequence[Card],
              chosen: Card) -> Text | None:
    """For a legal ``chosen`` card (the learner sits S) when a plain suit was led that the hand
    cannot follow: what that card did.  A trump: whether it holds the trick (for now, while
    others are still to play) or a higher trump already in it does; a plain card from a hand
    with trumps: the trumps are kept.  ``None`` otherwise (the suit could be followed, a trump
    was led, or the hand holds no trump)."""
    if not trick:
        return None
    led = order.suit_of[trick[0].index]
    if led == TRUMP or any(order.suit_of[c.index] == led for c in hand):
        return None
    if not order.is_trump(chosen):
        if not any(order.is_trump(c) for c in hand):
            return None
        return say("The {c} is not a trump: you kept your trumps for later.",
                   "{c} — не козырь: козыри вы сберегли на потом.", c=chosen)
    played = [*trick, chosen]
    winner = played[order.winning_index([c.index for c in played])]
    if winner != chosen:
        return say("The {c} is a trump, but the {w} is higher, so your card does not hold the "
                   "trick.",
                   "{c} — козырь, но {w} старше, так что взятку держит не ваша карта.",
                   c=chosen, w=winner)
    if len(played) < 4:
        return say("You trumped: the {c} holds the trick for now.",
                   "Вы побили козырем: {c} пока держит взятку.", c=chosen)
    return say("You trumped: the {c} takes the trick.",
               "Вы побили козырем: {c} берёт взятку.", c=chosen)
