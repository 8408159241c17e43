"""What a match and its deals are saved as: the settings a match is played under and the
replayable record of one deal.

Both the app (:mod:`kozel_tutor.app.session`, which saves matches and the finished deals) and the
personal drills (:mod:`kozel_tutor.puzzles.drills`, which read those deals back) parse them here,
so a record one accepts the other accepts too.  Reading checks everything: the settings name a
known AI level and rule set, the hands form the deck, the trump fits the trump rule, and every
card is replayed through the rule engine; anything wrong is a :class:`SaveError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .ai import LEVELS
from .cards import Card, CardError, CardSet, Suit, parse_card
from .rules import Rules, RulesError, find_rules
from .seats import Seat, SeatError
from .state import DealState, IllegalPlay, Trick

__all__ = ["DEFAULT_PACE", "PACES", "VARIANTS", "DealRecord", "SaveError", "Settings"]

VARIANTS = ("standard", "classic", "nizhny", "kozly24")
"""The games the app offers: the standard rules (with options) and the regional presets."""

PACES = ("relaxed", "quick", "instant")
"""How fast the AI's cards come and a finished trick is gathered (:mod:`kozel_tutor.app.play_view`
says how long each lasts)."""

DEFAULT_PACE = "relaxed"
"""The pace of settings that name none (saved before the pace could be chosen)."""


class SaveError(ValueError):
    """A saved match, its settings or a deal record that cannot be read; the message names the
    problem."""


@dataclass(frozen=True)
class Settings:
    """What the learner chose on the settings screen."""

    level: str = "easy"
    trump: str = "clubs"
    deck: int = 36
    match: int = 12
    variant: str = "standard"
    #: how fast the table moves (not a rule: the deal records keep no pace)
    pace: str = DEFAULT_PACE

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown AI level {self.level!r} (known: {', '.join(LEVELS)})")
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r} (known: {', '.join(VARIANTS)})")
        if self.pace not in PACES:
            raise ValueError(f"unknown pace {self.pace!r} (known: {', '.join(PACES)})")
        self.rules()

    @property
    def standard(self) -> bool:
        return self.variant == "standard"

    def rules(self) -> Rules:
        """The standard rules with the chosen options, or the preset (which fixes its own deck,
        trumps and match)."""
        if not self.standard:
            return find_rules(self.variant)
        return find_rules("standard", deck=self.deck, trump=self.trump, match=self.match)

    @property
    def stats_key(self) -> tuple[str, str]:
        """Statistics are kept per difficulty and trump rule (the deck does not split them);
        a regional preset is its own rule."""
        return (self.level, self.trump if self.standard else self.variant)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"level": self.level, "trump": self.trump, "deck": self.deck,
                                "match": self.match, "pace": self.pace}
        if not self.standard:
            data["variant"] = self.variant
        return data

    def rules_dict(self) -> dict[str, Any]:
        """What a finished deal keeps of the settings: :meth:`to_dict` without the pace."""
        data = self.to_dict()
        del data["pace"]
        return data

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        if not isinstance(data, Mapping):
            raise SaveError("settings must be an object")
        try:
            level, trump, deck, match = data["level"], data["trump"], data["deck"], data["match"]
        except KeyError as exc:
            raise SaveError(f"settings lack {exc.args[0]!r}") from None
        if not isinstance(level, str) or not isinstance(trump, str):
            raise SaveError("settings level and trump must be text")
        if type(deck) is not int or type(match) is not int:
            raise SaveError("settings deck and match must be whole numbers")
        variant, pace = data.get("variant", "standard"), data.get("pace", DEFAULT_PACE)
        if not isinstance(variant, str) or not isinstance(pace, str):
            raise SaveError("settings variant and pace must be text")
        try:
            return cls(level=level, trump=trump, deck=deck, match=match, variant=variant,
                       pace=pace)
        except (RulesError, ValueError) as exc:
            raise SaveError(f"bad settings: {exc}") from None



@dataclass
class DealRecord:
    """Everything needed to replay one deal: the dealt hands, the trump, the cards in order.

    Under a regional preset play may start elsewhere: ``leader`` leads the first trick (and
    must lead ``required_lead`` if set), and ``made`` holds tricks a boast made before play
    (``hands`` are then the cards left to play).
    """

    dealer: Seat
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    trump: Suit | None = None
    plays: list[Card] = field(default_factory=list)
    leader: Seat | None = None
    required_lead: Card | None = None
    made: tuple[Trick, ...] = ()

    @classmethod
    def of(cls, state: DealState) -> DealRecord:
        hands = (state.hand(Seat.N), state.hand(Seat.E), state.hand(Seat.S), state.hand(Seat.W))
        called = state.trump if state.rules.trump_rule == "called" else None
        return cls(state.dealer, hands, called, [])

    @classmethod
    def of_setup(cls, state: DealState) -> DealRecord:
        """The record of a variant deal as its procedures left it, before the first card."""
        hands = (state.hand(Seat.N), state.hand(Seat.E), state.hand(Seat.S), state.hand(Seat.W))
        return cls(state.dealer, hands, None, [], state.leader, state.required_lead,
                   tuple(state.tricks))

    def replay(self, rules: Rules, upto: int | None = None) -> DealState:
        """The deal after the first ``upto`` cards (all by default); a broken rule is a
        :class:`SaveError`."""
        state = DealState.after_setup(rules, list(self.hands), dealer=self.dealer,
                                      leader=self.leader, required_lead=self.required_lead,
                                      made=self.made)
        if rules.trump_rule == "called" and self.trump is not None:
            state.call_trump(self.trump)
        elif rules.trump_rule == "fixed" and self.trump is not None:
            raise SaveError("a trump suit was called under a fixed-trump rule")
        for number, card in enumerate(self.plays[:upto], 1):
            try:
                state.play(card)
            except IllegalPlay as exc:
                raise SaveError(f"card {number} ({card.token}) is illegal: {exc}") from None
        return state

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "dealer": self.dealer.name,
            "hands": {seat.name: str(self.hands[seat]) for seat in Seat},
            "trump": None if self.trump is None else self.trump.letter,
            "plays": [card.token for card in self.plays],
        }
        if self.leader is not None:
            data["leader"] = self.leader.name
        if self.required_lead is not None:
            data["required_lead"] = self.required_lead.token
        if self.made:
            data["made"] = [trick.to_json() for trick in self.made]
        return data

    @classmethod
    def from_dict(cls, data: object, rules: Rules) -> DealRecord:
        if not isinstance(data, Mapping):
            raise SaveError("a deal must be an object")
        try:
            dealer = Seat.parse(str(data["dealer"]))
            raw_hands = data["hands"]
            if not isinstance(raw_hands, Mapping) or set(raw_hands) != {"N", "E", "S", "W"}:
                raise SaveError("a deal needs the hands of N, E, S and W")
            hands = tuple(CardSet.parse(str(raw_hands[seat.name])) for seat in Seat)
            trump_token = data.get("trump")
            trump = None if trump_token is None else Suit.parse(str(trump_token))
            raw_plays = data["plays"]
            if not isinstance(raw_plays, list):
                raise SaveError("plays must be a list of cards")
            plays = [parse_card(str(token)) for token in raw_plays]
            leader = None if data.get("leader") is None else Seat.parse(str(data["leader"]))
            required = data.get("required_lead")
            required_lead = None if required is None else parse_card(str(required))
            made = _made_tricks(data.get("made", []), rules, trump)
        except KeyError as exc:
            raise SaveError(f"a deal lacks {exc.args[0]!r}") from None
        except (CardError, SeatError) as exc:
            raise SaveError(str(exc)) from None
        # a boast's tricks (a regional preset) were made before play, from the dealt cards
        size = rules.hand_size - len(made)
        union = 0
        for trick in made:
            for card in trick.cards:
                if union & card.bit:
                    raise SaveError("a trick made before play repeats a card")
                union |= card.bit
        for seat, hand in zip(Seat, hands, strict=True):
            if len(hand) != size:
                raise SaveError(f"{seat.name} was dealt {len(hand)} cards, not {size}")
            if union & hand.mask:
                raise SaveError(f"{seat.name}'s hand repeats a card of another hand")
            union |= hand.mask
        if union != rules.deck_cards.mask:
            raise SaveError(f"the hands are not a {rules.deck}-card deck")
        record = cls(dealer, (hands[0], hands[1], hands[2], hands[3]), trump, plays, leader,
                     required_lead, made)
        record.replay(rules)
        return record


def _made_tricks(raw: object, rules: Rules, trump: Suit | None) -> tuple[Trick, ...]:
    """The ``made`` tricks of a deal record, their winners and points worked out again."""
    try:
        return Trick.list_from_json(raw, rules.card_order(trump))
    except ValueError as exc:
        raise SaveError(f"a trick made before play: {exc}") from None

