"""Positions in the JSON notation of RULES.md §3: parse, validate, format, and turn into a deal.

A position is everything a double-dummy solve needs.  Parsing validates it completely and every
problem found is named in the :class:`PositionError` message.

>>> pos = Position.from_json('''{"rules": "standard", "hands": {"N": "QC 9S", "E": "JD",
...   "S": "TC 7S", "W": "KH 6D"}, "leader": "E", "trick": ["AH"],
...   "taken": {"NS": [40, 4], "EW": [50, 3]}}''')
>>> pos.to_move
<Seat.S: 2>
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, CardError, CardSet, Suit, parse_cards
from .rules import Rules, RulesError, find_rules, legal_mask
from .seats import Seat, SeatError, Team
from .state import DealState

__all__ = ["Position", "PositionError"]

_KEYS = {"rules", "deck", "trump", "hands", "leader", "trick", "taken", "led"}


class PositionError(ValueError):
    """A position that cannot exist; the message lists every problem found."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Position:
    """A validated double-dummy position (see RULES.md §3)."""

    rules: Rules
    trump: Suit
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    leader: Seat
    trick: tuple[Card, ...] = ()
    taken_points: tuple[int, int] = (0, 0)
    taken_tricks: tuple[int, int] = (0, 0)
    led: frozenset[Suit] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        problems = _check(self)
        if problems:
            raise PositionError(problems)

    @property
    def to_move(self) -> Seat:
        return self.leader.offset(len(self.trick))

    @property
    def led_mask(self) -> int:
        return sum(1 << suit for suit in self.led)

    @property
    def cards_per_hand(self) -> int:
        """Cards in the hand of the player to move."""
        return len(self.hands[self.to_move])

    # -- JSON -------------------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: str | bytes | Mapping[str, Any]) -> Position:
        """Read a position from JSON text or an already-decoded mapping."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise PositionError([f"not valid JSON: {exc.msg} at line {exc.lineno}"]) from None
        if not isinstance(data, Mapping):
            raise PositionError(["a position must be a JSON object"])
        return _parse(data)

    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON object: canonical card tokens, hands sorted, every key present."""
        out: dict[str, Any] = {"rules": self.rules.name, "deck": self.rules.deck,
                               "trump": self.trump.letter}
        out["hands"] = {seat.name: str(self.hands[seat]) for seat in Seat}
        out["leader"] = self.leader.name
        out["trick"] = [card.token for card in self.trick]
        out["taken"] = {team.name: [self.taken_points[team], self.taken_tricks[team]]
                        for team in Team}
        if self.led:
            out["led"] = "".join(s.letter for s in sorted(self.led))
        return out

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    # -- conversion -------------------------------------------------------------------------

    def to_state(self) -> DealState:
        """A :class:`DealState` at this position (play continues from here)."""
        return DealState(
            self.rules,
            list(self.hands),
            dealer=self.leader.previous,
            leader=self.leader,
            trump=self.trump,
            trick=self.trick,
            taken_points=self.taken_points,
            taken_tricks=self.taken_tricks,
            led=self.led_mask,
        )

    @classmethod
    def from_state(cls, state: DealState) -> Position:
        """The position a deal in progress has reached (it must be in the play phase)."""
        if state.trump is None:
            raise PositionError(["the trump suit has not been named yet"])
        return cls(
            rules=state.rules,
            trump=state.trump,
            hands=(state.hand(Seat.N), state.hand(Seat.E), state.hand(Seat.S), state.hand(Seat.W)),
            leader=state.leader,
            trick=state.current_trick,
            taken_points=(state.points[0], state.points[1]),
            taken_tricks=(state.tricks_taken[0], state.tricks_taken[1]),
            led=frozenset(Suit(s) for s in range(4) if state.led >> s & 1),
        )


def _parse(data: Mapping[str, Any]) -> Position:
    problems: list[str] = []
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        problems.append(f"unknown key(s) {', '.join(map(repr, unknown))}")

    trump = _parse_trump(data, problems)
    rules = _parse_rules(data, trump, problems)
    if rules is not None and trump is None and "trump" not in data:
        trump = rules.trump
    hands = _parse_hands(data.get("hands"), problems)
    leader = _parse_seat(data.get("leader"), "leader", problems)
    trick = _parse_trick(data.get("trick", []), problems)
    taken = _parse_taken(data.get("taken"), problems)
    led = _parse_led(data.get("led", ""), problems)

    if problems or rules is None or trump is None or hands is None or leader is None:
        raise PositionError(problems or ["incomplete position"])
    assert trick is not None and taken is not None and led is not None
    return Position(rules, trump, hands, leader, trick, taken[0], taken[1], led)


def _parse_rules(data: Mapping[str, Any], trump: Suit | None, problems: list[str]) -> Rules | None:
    """The preset with the position's deck; a trump suit other than the preset's fixed one
    selects the preset's ``called`` option (standard rules allow any trump suit)."""
    name = data.get("rules", "standard")
    if not isinstance(name, str):
        problems.append("'rules' must be a preset name")
        return None
    options: dict[str, object] = {}
    if "deck" in data:
        deck = data["deck"]
        if not isinstance(deck, int) or isinstance(deck, bool):
            problems.append(f"'deck' must be a number of cards, not {deck!r}")
            return None
        options["deck"] = deck
    try:
        try:
            rules = find_rules(name, **options)
        except TypeError:
            # A preset that fixes its deck takes no 'deck' option; accept it when it agrees.
            rules = find_rules(name)
            if rules.deck != options.get("deck", rules.deck):
                problems.append(f"rules {name!r} are played with {rules.deck} cards, "
                                f"not {options['deck']}")
                return None
    except RulesError as exc:
        problems.append(str(exc))
        return None
    if trump is None or trump == rules.trump:
        return rules
    try:
        return find_rules(name, **options, trump="called")
    except (RulesError, TypeError):
        problems.append(f"rules {name!r} always have {rules.trump.name_in('en')} as trumps")
        return None


def _parse_trump(data: Mapping[str, Any], problems: list[str]) -> Suit | None:
    if "trump" not in data:
        return None
    token = data["trump"]
    if not isinstance(token, str):
        problems.append(f"'trump' must be a suit letter, not {token!r}")
        return None
    try:
        return Suit.parse(token)
    except CardError as exc:
        problems.append(f"trump: {exc}")
        return None


def _parse_hands(
    raw: object, problems: list[str]
) -> tuple[CardSet, CardSet, CardSet, CardSet] | None:
    if not isinstance(raw, Mapping):
        problems.append("'hands' must be an object with the seats N, E, S, W")
        return None
    hands: list[CardSet] = []
    for seat in Seat:
        if seat.name not in raw:
            problems.append(f"hand of {seat.name} is missing")
            hands.append(CardSet())
            continue
        text = raw[seat.name]
        if isinstance(text, list) and all(isinstance(t, str) for t in text):
            text = " ".join(text)
        if not isinstance(text, str):
            problems.append(f"hand of {seat.name} must be a string of cards")
            hands.append(CardSet())
            continue
        try:
            hands.append(CardSet.parse(text))
        except CardError as exc:
            problems.append(f"hand of {seat.name}: {exc}")
            hands.append(CardSet())
    extra = sorted(set(raw) - {s.name for s in Seat})
    if extra:
        problems.append(f"unknown seat(s) in hands: {', '.join(map(str, extra))}")
    return (hands[0], hands[1], hands[2], hands[3])


def _parse_seat(raw: object, key: str, problems: list[str]) -> Seat | None:
    if not isinstance(raw, str):
        problems.append(f"'{key}' must be one of N, E, S, W")
        return None
    try:
        return Seat.parse(raw)
    except SeatError as exc:
        problems.append(f"{key}: {exc}")
        return None


def _parse_trick(raw: object, problems: list[str]) -> tuple[Card, ...] | None:
    if isinstance(raw, str):
        raw = raw.split()
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        problems.append("'trick' must be a list of card tokens")
        return ()
    try:
        return tuple(parse_cards(raw))
    except CardError as exc:
        problems.append(f"trick: {exc}")
        return ()


def _parse_taken(raw: object, problems: list[str]) -> tuple[tuple[int, int], tuple[int, int]]:
    if raw is None:
        return (0, 0), (0, 0)
    if not isinstance(raw, Mapping):
        problems.append("'taken' must be an object {\"NS\": [points, tricks], \"EW\": [...]}")
        return (0, 0), (0, 0)
    points, tricks = [0, 0], [0, 0]
    for key in raw:
        if key not in ("NS", "EW"):
            problems.append(f"unknown side {key!r} in 'taken' (use NS and EW)")
    for team in Team:
        value = raw.get(team.name, [0, 0])
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            problems.append(f"taken {team.name} must be [points, tricks], not {value!r}")
            continue
        points[team], tricks[team] = value
    return (points[0], points[1]), (tricks[0], tricks[1])


def _parse_led(raw: object, problems: list[str]) -> frozenset[Suit]:
    if not isinstance(raw, str):
        problems.append("'led' must be a string of suit letters, e.g. \"SH\"")
        return frozenset()
    suits: set[Suit] = set()
    for letter in raw.replace(" ", ""):
        try:
            suits.add(Suit.parse(letter))
        except CardError as exc:
            problems.append(f"led: {exc}")
    return frozenset(suits)


def _check(pos: Position) -> list[str]:
    """Every way the position contradicts the rules of a real deal."""
    problems: list[str] = []
    rules = pos.rules
    deck = rules.deck_cards
    seen: dict[Card, str] = {}
    for seat in Seat:
        place = f"hand of {seat.name}"
        for card in pos.hands[seat]:
            if card in seen:
                problems.append(f"{card.token} is both in the {seen[card]} and the {place}")
            seen[card] = place
    for card in pos.trick:
        if card in seen:
            problems.append(f"{card.token} is both in the {seen[card]} and the trick")
        seen[card] = "trick"
    outside = sorted(c.token for c in seen if c not in deck)
    if outside:
        problems.append(f"card(s) {' '.join(outside)} are not in the {rules.deck}-card deck")
    if len(pos.trick) > 3:
        problems.append(f"the trick has {len(pos.trick)} cards; a trick in progress holds 0 to 3")
        return problems
    if rules.trump_rule == "fixed" and pos.trump != rules.trump:
        problems.append(f"rules {rules.name!r} always have {rules.trump.name_in('en')} as trumps")

    sizes = [len(h) for h in pos.hands]
    played = {pos.leader.offset(i) for i in range(len(pos.trick))}
    after = max((sizes[s] for s in Seat if s not in played), default=0)
    expected = [after - 1 if s in played else after for s in Seat]
    if sizes != expected:
        shown = ", ".join(f"{s.name} {sizes[s]}" for s in Seat)
        problems.append(
            f"hand sizes ({shown}) do not fit a trick of {len(pos.trick)} card(s) led by "
            f"{pos.leader.name}: the players who have played to it hold one card fewer"
        )
    if after == 0 and not pos.trick and sum(sizes) == 0:
        problems.append("every hand is empty: the deal is over")
    if after > rules.hand_size or (pos.trick and after < 1):
        problems.append(f"a hand cannot hold {after} cards with the {rules.deck}-card deck")

    in_play = sum(sizes) + len(pos.trick)
    done = rules.deck - in_play
    if done % 4 == 0 and done >= 0:
        tricks_done = done // 4
        if sum(pos.taken_tricks) != tricks_done:
            problems.append(
                f"taken tricks add up to {sum(pos.taken_tricks)}, but {tricks_done} trick(s) "
                f"have been played"
            )
    order = rules.card_order(pos.trump)
    for i, card in enumerate(pos.trick):
        seat = pos.leader.offset(i)
        hand = pos.hands[seat].mask | card.bit
        allowed = legal_mask(order, hand, [c.index for c in pos.trick[:i]], pos.led_mask)
        if not allowed >> card.index & 1:
            problems.append(f"{seat.name} could not have played {card.token} to the trick: "
                            f"holding {CardSet(hand)}, only {CardSet(allowed)} may be played")
    remaining = sum(order.points[c.index] for c in seen)
    if sum(pos.taken_points) + remaining != 120:
        problems.append(
            f"points do not add up: taken {sum(pos.taken_points)} + still in play {remaining} "
            f"= {sum(pos.taken_points) + remaining}, not 120"
        )
    for team in Team:
        pts, tr = pos.taken_points[team], pos.taken_tricks[team]
        if pts < 0 or tr < 0:
            problems.append(f"taken {team.name} cannot be negative")
        elif tr == 0 and pts > 0:
            problems.append(f"{team.name} took {pts} points without taking a trick")
    return problems

