"""The readable reference solver: exact double-dummy card points in pure Python.

Alpha-beta over single cards, values are the future card points of side NS (the searcher turns
them into the mover's side at the end).  What makes it fast enough:

* a transposition table of trick-boundary positions (the hands and the leader decide the rest of
  the deal) holding a lower and an upper bound and the best lead;
* null-window tests driven MTD(f)-style to the exact value, so bounds found for one card help the
  next;
* equivalent-card pruning: of two cards of one hand that are neighbours among the cards still in
  play in their effective suit *and* are worth the same points, only one is searched;
* move ordering: the table's best move, then cards that win the trick, by points.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Sequence

from ..rules import TRUMP, CardOrder
from .core import CoreResult, Deal, caught_points, legal_mask

__all__ = ["PythonBackend", "caught_team"]


class _OutOfTime(Exception):
    """The budget ran out, or the backend was stopped (:meth:`PythonBackend.stop`)."""


class _Search:
    """One search over a deal; keeps its transposition table between queries."""

    def __init__(self, deal: Deal, deadline: float | None = None,
                 stopped: threading.Event | None = None) -> None:
        order = deal.order
        self.order = order
        self.suit_of = order.suit_of
        self.strength = order.strength
        self.points = order.points
        self.suit_masks = order.suit_masks
        self.by_suit = [_high_to_low(order, s) for s in range(5)]
        self.uses_led = order.rules.ace_dump_ban
        self.plain_legal = order.rules.no_trump_lead_with_plain or order.rules.ace_dump_ban
        self.hands = list(deal.hands)
        self.leader = deal.leader
        self.trick = list(deal.trick)
        self.led = deal.led
        # Future points: the cards still in the hands and in the current trick.
        self.remaining = sum(self.points[c] for c in range(36) if _held(self.hands, c)) + sum(
            self.points[c] for c in self.trick)
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        self.deadline = deadline
        self.stopped = stopped
        # The catch (6♣ takes Q♣ from the other side) ends the deal: see ``caught_points``.
        self.catch = order.rules.catch
        self.caught_points = caught_points(order.rules) if self.catch else 0
        self.ns_taken = deal.taken[0]
        self.singles = _CATCH_CARDS if self.catch else 0
        self.over = False

    # -- the search -----------------------------------------------------------------------

    def candidates(self, tt_move: int = -1) -> list[int]:
        """Legal cards of the player to move, one per equivalence class, best-first."""
        trick = self.trick
        hands = self.hands
        mover = (self.leader + len(trick)) % 4
        hand = hands[mover]
        suit_masks = self.suit_masks
        if self.plain_legal:
            legal = legal_mask(self.order, hand, trick, self.led)
            suits: tuple[int, ...] | range = range(5)
        elif trick:
            led_suit = self.suit_of[trick[0]]
            legal = hand & suit_masks[led_suit]
            if legal:
                suits = (led_suit,)
            else:
                legal, suits = hand, range(5)
        else:
            legal, suits = hand, range(5)
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        for c in trick:
            alive |= 1 << c
        points = self.points
        singles = self.singles
        picked: list[int] = []
        for suit in suits:
            if not legal & suit_masks[suit]:
                continue
            previous_points = -1
            for card in self.by_suit[suit]:
                bit = 1 << card
                if alive & bit:
                    if legal & bit:
                        if points[card] != previous_points or singles & bit:
                            picked.append(card)
                        previous_points = -1 if singles & bit else points[card]
                    else:
                        previous_points = -1
        if len(picked) > 1:
            return self._ordered(picked, mover, tt_move)
        return picked

    def _ordered(self, cards: list[int], mover: int, tt_move: int) -> list[int]:
        trick = self.trick
        points = self.points
        if not trick:
            strength = self.strength
            cards.sort(key=lambda c: -strength[c])
        else:
            suit_of, strength = self.suit_of, self.strength
            win = self.order.winning_index(trick)
            win_card = trick[win]
            partner_winning = (win + len(trick)) % 2 == 0

            def key(c: int) -> int:
                beats = (suit_of[c] == suit_of[win_card] and strength[c] > strength[win_card]) or (
                    suit_of[c] == TRUMP and suit_of[win_card] != TRUMP)
                if partner_winning and not beats:
                    return -points[c]
                if beats:
                    return -100 - points[c]
                return points[c]

            cards.sort(key=key)
        if tt_move in cards:
            cards.remove(tt_move)
            cards.insert(0, tt_move)
        return cards

    def _out_of_time(self) -> bool:
        """Whether the budget has run out or the job was called off (looked at every 1,024
        nodes)."""
        if self.stopped is not None and self.stopped.is_set():
            return True
        return self.deadline is not None and time.perf_counter() > self.deadline

    def search(self, alpha: int, beta: int) -> int:
        """Future points of NS, fail-soft within ``(alpha, beta)``."""
        self.nodes += 1
        if not self.nodes & 1023 and self._out_of_time():
            raise _OutOfTime
        trick = self.trick
        key: tuple[int, ...] | None = None
        tt_move = -1
        if not trick:
            remaining = self.remaining
            hands = self.hands
            lead_hand = hands[self.leader]
            if lead_hand & (lead_hand - 1) == 0:
                # The last trick (or none): every hand holds one card, the play is forced.
                return self._last_trick_value() if lead_hand else 0
            key = (hands[0], hands[1], hands[2], hands[3], self.leader, self._key_extra())
            entry = self.tt.get(key)
            lower, upper = self._bounds(remaining)
            if entry is not None:
                lower, upper, tt_move = entry
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower == upper:
                    return lower
            if upper <= alpha or lower >= beta:
                return upper if upper <= alpha else lower
            alpha0, beta0 = max(alpha, lower), min(beta, upper)
        else:
            alpha0, beta0 = alpha, beta
        mover = (self.leader + len(trick)) % 4
        maximise = mover % 2 == 0
        best = -1000 if maximise else 1000
        best_move = -1
        a, b = alpha0, beta0
        for card in self.candidates(tt_move):
            value = self._after(mover, card, a, b)
            if maximise:
                if value > best:
                    best, best_move = value, card
                    if value > a:
                        a = value
                        if a >= b:
                            break
            else:
                if value < best:
                    best, best_move = value, card
                    if value < b:
                        b = value
                        if a >= b:
                            break
        if key is not None:
            entry = self.tt.get(key)
            lower, upper = (entry[0], entry[1]) if entry else self._bounds(self.remaining)
            if best <= alpha0:
                upper = min(upper, best)
            elif best >= beta0:
                lower = max(lower, best)
            else:
                lower = upper = best
            self.tt[key] = (lower, upper, best_move)
        return best

    def _key_extra(self) -> int:
        """What besides the hands and the leader decides the rest of the deal."""
        extra = self.led if self.uses_led else 0
        if self.catch and self._catch_possible():
            extra += 16 * (self.ns_taken + 1)
        return extra

    def _bounds(self, remaining: int) -> tuple[int, int]:
        """Bounds on NS future points: 0..remaining, wider while a catch can still happen."""
        if self.catch and self._catch_possible():
            return -self.ns_taken, 120 - self.ns_taken
        return 0, remaining

    def _catch_possible(self) -> bool:
        h = self.hands
        alive = h[0] | h[1] | h[2] | h[3]
        for c in self.trick:
            alive |= 1 << c
        return alive & _CATCH_CARDS == _CATCH_CARDS

    def _caught(self, trick: list[int]) -> int:
        """The side caught by this full trick under the catch (see :func:`caught_team`), else -1."""
        return caught_team(self.leader, trick) if self.catch else -1

    def _catch_value(self, caught: int) -> int:
        """NS future points when a catch ends the deal now (before this trick is counted)."""
        final = self.caught_points if caught == 0 else 120 - self.caught_points
        return final - self.ns_taken

    def _last_trick_value(self) -> int:
        leader, hands = self.leader, self.hands
        cards = [(hands[(leader + i) % 4]).bit_length() - 1 for i in range(4)]
        if self.catch:
            caught = self._caught(cards)
            if caught >= 0:
                return self._catch_value(caught)
        winner = (leader + self.order.winning_index(cards)) % 4
        return self.remaining if winner % 2 == 0 else 0

    def _after(self, mover: int, card: int, alpha: int, beta: int) -> int:
        """Play ``card`` for ``mover``, search on, take it back; returns NS future points."""
        hands, trick = self.hands, self.trick
        hands[mover] ^= 1 << card
        trick.append(card)
        if len(trick) < 4:
            value = self.search(alpha, beta)
        else:
            caught = self._caught(trick) if self.catch else -1
            if caught >= 0:
                value = self._catch_value(caught)
            else:
                winner = (self.leader + self.order.winning_index(trick)) % 4
                points = self.points
                gained = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
                ns = gained if winner % 2 == 0 else 0
                saved = (self.leader, self.led, trick)
                lead_suit = self.suit_of[trick[0]]
                if lead_suit != TRUMP:
                    self.led |= 1 << lead_suit
                self.leader = winner
                self.trick = []
                self.remaining -= gained
                self.ns_taken += ns
                value = ns + self.search(alpha - ns, beta - ns)
                self.ns_taken -= ns
                self.remaining += gained
                self.leader, self.led, self.trick = saved
        trick.pop()
        hands[mover] |= 1 << card
        return value

    # -- queries on the root --------------------------------------------------------------

    def future_total(self) -> int:
        return self.remaining

    def exact(self, guess: int, lower: int, upper: int) -> tuple[int, int]:
        """MTD(f): narrow ``[lower, upper]`` (NS future points) to the value; returns bounds."""
        value = guess
        while lower < upper:
            beta = max(value, lower + 1)
            value = self.search(beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
        return lower, upper

    def root_values(self, on_bounds: Callable[[int, tuple[int, int]], None]) -> dict[int, int]:
        """Exact NS future points after each legal card of the mover (equivalents included)."""
        mover = (self.leader + len(self.trick)) % 4
        total = self.future_total()
        hand = self.hands[mover]
        legal = legal_mask(self.order, hand, self.trick, self.led)
        classes = self._classes(legal)
        values: dict[int, int] = {}
        guess = total // 2
        for representative, members in classes:
            on_bounds(representative, self._bounds(total))
            bounds = self._card_bounds(mover, representative, guess, total, members, on_bounds)
            values.update({m: bounds[0] for m in members})
            guess = bounds[0]
        return values

    def _card_bounds(self, mover: int, card: int, guess: int, total: int, members: list[int],
                     on_bounds: Callable[[int, tuple[int, int]], None]) -> tuple[int, int]:
        lower, upper = self._bounds(total)
        value = guess
        while lower < upper:
            beta = max(value, lower + 1)
            value = self._after(mover, card, beta - 1, beta)
            if value < beta:
                upper = value
            else:
                lower = value
            for m in members:
                on_bounds(m, (lower, upper))
        return lower, upper

    def _classes(self, legal: int) -> list[tuple[int, list[int]]]:
        """Group the legal cards into classes of equivalent cards (representative first)."""
        alive = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        for c in self.trick:
            alive |= 1 << c
        classes: list[tuple[int, list[int]]] = []
        for suit in range(5):
            previous = -1
            for card in self.by_suit[suit]:
                bit = 1 << card
                if not alive & bit:
                    continue
                if legal & bit:
                    if (previous >= 0 and self.points[previous] == self.points[card]
                            and not self.singles & (bit | 1 << previous)):
                        classes[-1][1].append(card)
                    else:
                        classes.append((card, [card]))
                    previous = card
                else:
                    previous = -1
        return classes

    def principal_variation(self, first: int) -> list[int]:
        """A line of best play starting with ``first`` (the position is restored afterwards)."""
        line = [first]
        undo: list[_Undo] = []
        self._push(first, undo)
        while any(self.hands) and not self.over:
            mover = (self.leader + len(self.trick)) % 4
            target = self.exact(self.remaining // 2, *self._bounds(self.remaining))[0]
            chosen = next(
                (c for c in self.candidates(self._tt_move()) if self._keeps(mover, c, target)), -1)
            if chosen < 0:  # pragma: no cover - an exact value always has a witness
                break
            line.append(chosen)
            self._push(chosen, undo)
        while undo:
            mover, card, leader, trick, led, remaining, ns_taken = undo.pop()
            self.hands[mover] |= 1 << card
            self.leader, self.trick, self.led = leader, trick, led
            self.remaining, self.ns_taken, self.over = remaining, ns_taken, False
        return line

    def _tt_move(self) -> int:
        if self.trick:
            return -1
        h = self.hands
        entry = self.tt.get((h[0], h[1], h[2], h[3], self.leader, self._key_extra()))
        return entry[2] if entry else -1

    def _keeps(self, mover: int, card: int, target: int) -> bool:
        """Whether ``card`` keeps the node's value ``target`` (NS points) for the mover."""
        if mover % 2 == 0:
            return self._after(mover, card, target - 1, target) >= target
        return self._after(mover, card, target, target + 1) <= target

    def _push(self, card: int, undo: list[_Undo]) -> None:
        mover = (self.leader + len(self.trick)) % 4
        undo.append((mover, card, self.leader, list(self.trick), self.led, self.remaining,
                     self.ns_taken))
        self.hands[mover] ^= 1 << card
        self.trick.append(card)
        if len(self.trick) == 4:
            if self._caught(self.trick) >= 0:
                self.over = True
                return
            lead_suit = self.suit_of[self.trick[0]]
            if lead_suit != TRUMP:
                self.led |= 1 << lead_suit
            gained = sum(self.points[c] for c in self.trick)
            self.remaining -= gained
            self.leader = (self.leader + self.order.winning_index(self.trick)) % 4
            if self.leader % 2 == 0:
                self.ns_taken += gained
            self.trick = []

    # -- all tricks -------------------------------------------------------------------------

    def takes_all(self, team: int) -> bool:
        """Whether ``team`` can take every remaining trick, whatever the other side does."""
        cache: dict[tuple[int, ...], bool] = {}
        return self._takes_all(team, cache)

    def _takes_all(self, team: int, cache: dict[tuple[int, ...], bool]) -> bool:
        trick = self.trick
        if not trick:
            if not any(self.hands):
                return True
            h = self.hands
            key = (h[0], h[1], h[2], h[3], self.leader, self._key_extra())
            known = cache.get(key)
            if known is not None:
                return known
        mover = (self.leader + len(trick)) % 4
        ours = mover % 2 == team
        result = not ours
        for card in self.candidates():
            self.hands[mover] ^= 1 << card
            trick.append(card)
            if len(trick) == 4:
                winner = (self.leader + self.order.winning_index(trick)) % 4
                saved = (self.leader, self.led, trick)
                if winner % 2 != team or self._caught(trick) >= 0:
                    ok = False
                else:
                    lead_suit = self.suit_of[trick[0]]
                    if lead_suit != TRUMP:
                        self.led |= 1 << lead_suit
                    self.leader = winner
                    self.trick = []
                    ok = self._takes_all(team, cache)
                self.leader, self.led, self.trick = saved
            else:
                ok = self._takes_all(team, cache)
            trick.pop()
            self.hands[mover] |= 1 << card
            if ours and ok:
                result = True
                break
            if not ours and not ok:
                result = False
                break
        if not trick:
            h = self.hands
            cache[(h[0], h[1], h[2], h[3], self.leader, self._key_extra())] = result
        return result


_SIX_CLUBS = 0
_QUEEN_CLUBS = 6
_CATCH_CARDS = 1 << _SIX_CLUBS | 1 << _QUEEN_CLUBS


def caught_team(leader: int, trick: Sequence[int]) -> int:
    """The side (0 NS, 1 EW) a trick led by seat ``leader`` (0 N .. 3 W) catches with the 6♣:
    it played the Q♣ and the other side the 6♣; -1 if the trick (card indices in play order)
    holds no catch.  The solver's form of :func:`kozel_tutor.state.caught_side`.

    >>> caught_team(0, [6, 0, 1, 2]), caught_team(3, [1, 6, 0, 2]), caught_team(0, [6, 1, 0, 2])
    (0, 0, -1)
    """
    if _SIX_CLUBS not in trick or _QUEEN_CLUBS not in trick:
        return -1
    six = (leader + trick.index(_SIX_CLUBS)) % 2
    queen = (leader + trick.index(_QUEEN_CLUBS)) % 2
    return queen if six != queen else -1
_Undo = tuple[int, int, int, list[int], int, int, int]


def _held(hands: list[int], card: int) -> bool:
    return bool((hands[0] | hands[1] | hands[2] | hands[3]) >> card & 1)


def _high_to_low(order: CardOrder, suit: int) -> list[int]:
    members = [c for c in range(36) if order.suit_of[c] == suit]
    return sorted(members, key=lambda c: -order.strength[c])


class PythonBackend:
    """The pure-Python backend (always available; the reference for the native core)."""

    name = "python"

    def __init__(self) -> None:
        self._stopped = threading.Event()

    def stop(self) -> None:
        """Call this object's job off (from another thread): the query running ends within
        1,024 nodes, and every later one at once, as if its budget had run out (bounds, not
        exact; :meth:`reaches` answers False).  Used behind
        :class:`~kozel_tutor.solver.StoppableBackend`, on an object no other job shares."""
        self._stopped.set()

    def __repr__(self) -> str:
        return f"<PythonBackend {self.name!r}: the pure-Python solver>"

    def analyse(self, deal: Deal, budget: float | None = None) -> CoreResult:
        search = _Search(deal, _deadline(budget), self._stopped)
        total = search.future_total()
        flip = deal.to_move % 2 == 1
        ns_bounds: dict[int, tuple[int, int]] = {}

        def record(card: int, bounds: tuple[int, int]) -> None:
            ns_bounds[card] = bounds

        legal = legal_mask(deal.order, deal.hands[deal.to_move], deal.trick, deal.led)
        for card in _cards_of(legal):
            ns_bounds[card] = search._bounds(total)
        exact = True
        try:
            search.root_values(record)
        except _OutOfTime:
            exact = False
        bounds = {c: ((total - hi, total - lo) if flip else (lo, hi))
                  for c, (lo, hi) in ns_bounds.items()}
        values = {c: lo for c, (lo, hi) in bounds.items() if lo == hi}
        pv: tuple[int, ...] = ()
        if values and exact:
            best = max(values, key=lambda c: (values[c], -c))
            try:
                pv = tuple(search.principal_variation(best))
            except _OutOfTime:
                pv = (best,)
        return CoreResult(values, bounds, pv, exact, search.nodes)

    def value(self, deal: Deal, budget: float | None = None) -> tuple[int, int]:
        search = _Search(deal, _deadline(budget), self._stopped)
        total = search.future_total()
        lower, upper = search._bounds(total)
        with contextlib.suppress(_OutOfTime):
            lower, upper = search.exact(total // 2, *search._bounds(total))
        if deal.to_move % 2 == 1:
            return total - upper, total - lower
        return lower, upper

    def reaches(self, deal: Deal, target: int) -> bool:
        search = _Search(deal, stopped=self._stopped)
        total = search.future_total()
        try:
            if deal.to_move % 2 == 0:
                return search.search(target - 1, target) >= target
            ns_target = total - target
            return search.search(ns_target, ns_target + 1) <= ns_target
        except _OutOfTime:
            return False

    def all_tricks(self, deal: Deal, team: int) -> bool:
        return _Search(deal).takes_all(team)


def _deadline(budget: float | None) -> float | None:
    return None if budget is None else time.perf_counter() + budget


def _cards_of(mask: int) -> list[int]:
    return [c for c in range(36) if mask >> c & 1]
