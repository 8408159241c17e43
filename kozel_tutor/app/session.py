"""The match controller: one learner (S) with an AI partner (N) against two AI opponents.

Pure Python, no widgets and no threads: the view layer asks what to show and calls
:meth:`MatchSession.play` for the learner, :meth:`MatchSession.ai_act` for the others.  A match
saves to plain JSON (:meth:`to_json`) and loads back through the rule engine
(:meth:`from_json` replays every card, so a save that breaks a rule is rejected, never trusted).

Under a regional preset (``Settings.variant``: ``classic``, ``nizhny``, ``kozly24``) the session
drives a :class:`kozel_tutor.variants.Match`: each deal is set up by the preset's procedures
(:mod:`.procedure`: the learner answers their questions — ``question`` — with
:meth:`MatchSession.answer`, the AI the others) and scored by the match.  Such a match saves as
version 2: every deal as the seed of its shuffle, the answers given (indices into the options)
and the cards played; loading replays the whole match through the procedures and the engine.
Standard matches keep the version 1 format, and old saves load as before.

>>> session = MatchSession(Settings(level="random"), rng=random.Random(4))
>>> session.deal.phase.value, session.score.scores
('play', [0, 0])
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..ai import LEVELS, Progress, make_player
from ..ai.advice import Adviser
from ..ai.base import Player
from ..ai.context import MatchContext, context_for, score_context, tell, tell_all
from ..bad_rows import UnreadableValue
from ..cards import Card, CardError, CardSet, Suit, parse_card
from ..formats import SAVE_FORMAT
from ..i18n import Message
from ..records import DEFAULT_PACE, PACES, VARIANTS, DealRecord, SaveError, Settings
from ..rules import Rules
from ..scoring import DealResult, MatchScore, deal_result
from ..seats import Seat, SeatError
from ..state import DealState, IllegalPlay, Phase, SeatView, Trick
from ..variants.choices import HeuristicChooser
from ..variants.match import Match
from ..variants.questions import Question
from .procedure import Event, SetupRun

if TYPE_CHECKING:
    from .store import Store

__all__ = [
    "DEFAULT_PACE",
    "LEARNER",
    "LEVEL_ORDER",
    "PACES",
    "SAVE_FORMAT",
    "VARIANTS",
    "AiAction",
    "DealRecord",
    "MatchSession",
    "SaveError",
    "Settings",
    "available_levels",
    "open_saved_match",
    "partner_level",
]

log = logging.getLogger(__name__)

LEARNER = Seat.S
LEVEL_ORDER = ("easy", "medium", "hard", "insane")
SAVE_VERSION = 1
VARIANT_SAVE_VERSION = 2


def open_saved_match(store: Store) -> tuple[MatchSession | None, str | None]:
    """The match saved in ``store``, or ``None``; a save that cannot be read or breaks the
    rules is set aside, and the second value is why (a reason for
    :func:`~kozel_tutor.app.notices.save_set_aside_notice`)."""
    try:
        data = store.read_match()   # sets an unreadable save aside itself
        return (None if data is None else MatchSession.from_json(data)), None
    except UnreadableValue as problem:
        reason, detail = problem.reason, str(problem)
    except SaveError as exc:
        store.set_aside_match(str(exc))
        reason, detail = "not_match", str(exc)
    log.warning("saved match set aside: %s", detail)
    return None, reason


def available_levels() -> list[str]:
    """The AI levels to offer: the known ladder in order, then any other registered level."""
    known = [level for level in LEVEL_ORDER if level in LEVELS]
    return known + [level for level in LEVELS if level not in known]


def partner_level(level: str) -> str:
    """The partner never plays weaker than ``hard`` (at ``insane``, at full strength).

    The ``random`` baseline (used by tests and demos) gets a ``random`` partner too.
    """
    if level in ("random", "insane") or level not in LEVEL_ORDER:
        return level
    if LEVEL_ORDER.index(level) >= LEVEL_ORDER.index("hard"):
        return level
    return "hard" if "hard" in LEVELS else level


@dataclass(frozen=True)
class AiAction:
    """What an AI seat just did: played ``card`` (maybe completing ``trick``) or called ``suit``."""

    seat: Seat
    card: Card | None = None
    suit: Suit | None = None
    trick: Trick | None = None


class MatchSession:
    """A match in progress for the learner at S.

    ``deal`` is the current deal, ``record`` its replayable record; after the last card the deal
    is over until :meth:`finish_deal` scores it into ``score`` (a :class:`MatchScore`).
    """

    def __init__(
        self,
        settings: Settings,
        *,
        rng: random.Random | None = None,
        first_dealer: Seat | None = None,
        start: bool = True,
    ) -> None:
        self.settings = settings
        self.rules = settings.rules()
        self.rng = rng or random.Random()
        dealer = first_dealer if first_dealer is not None else Seat(self.rng.randrange(4))
        self.match: Match | None = None
        if settings.standard:
            self.score = MatchScore(self.rules, dealer)
        else:
            self.match = Match(self.rules, first_dealer=dealer)
            self.score = self.match.score
        self.players: dict[Seat, Player] = {}
        self._seat_players()
        self.chooser: HeuristicChooser | None = None
        if self.match is not None:
            self.chooser = HeuristicChooser(random.Random(self.rng.random()))
        self.run: SetupRun | None = None
        self.history: list[dict[str, Any]] = []
        self.deal: DealState = DealState(self.rules, [0, 0, 0, 0], dealer=dealer)
        self.record = DealRecord(dealer, (CardSet(), CardSet(), CardSet(), CardSet()))
        self.last_deal: DealRecord | None = None
        self.illegal_attempts = 0
        self._adviser: Adviser | None = None
        self._standard_context = MatchContext()
        if start:
            self.start_deal()

    def _seat_players(self) -> None:
        level = self.settings.level
        self.players = {
            Seat.N: make_player(partner_level(level), random.Random(self.rng.random())),
            Seat.E: make_player(level, random.Random(self.rng.random())),
            Seat.W: make_player(level, random.Random(self.rng.random())),
        }

    # -- the flow of a match ------------------------------------------------------------------

    def start_deal(self) -> None:
        """Shuffle and deal the next deal (the dealer passes to the left); under a preset, run
        its procedures until the learner must answer a question or play starts."""
        if self.score.is_over:
            raise ValueError("the match is over")
        if self.match is None:
            self.deal = DealState.deal(self.rules, dealer=self.score.dealer, rng=self.rng)
            self.record = DealRecord.of(self.deal)
            self._tell_standard_context()
            return
        self._begin_run(self.rng.randrange(2**63))

    def _tell_standard_context(self) -> None:
        """Tell the AI players the match around the standard deal about to be played: after
        eggs it counts double, and their reasons quote the doubled stakes (the hint is told the
        same by :meth:`adviser`)."""
        self._standard_context = score_context(self.score)
        for player in self.players.values():
            tell(player, self._standard_context)

    def _begin_run(self, seed: int, replay: list[int] | None = None) -> None:
        assert self.match is not None and self.chooser is not None
        dealer = self.match.dealer
        self.deal = DealState(self.rules, [0, 0, 0, 0], dealer=dealer)
        self.record = DealRecord(dealer, (CardSet(), CardSet(), CardSet(), CardSet()))
        self.run = SetupRun(self.match, seed, self.chooser)
        self.run.advance(replay or ())
        self._after_run()

    def _after_run(self) -> None:
        """Play starts once the procedures are done (a refused redeal leaves nothing to play)."""
        run = self.run
        assert run is not None and self.match is not None
        if run.setup is None or run.setup.state is None:
            return
        self.deal = run.setup.state
        self.record = DealRecord.of_setup(self.deal)
        tell_all(self.players, self.match, run.setup)

    @property
    def question(self) -> Question | None:
        """The question of a variant's procedure waiting for the learner (else ``None``)."""
        return None if self.run is None else self.run.question

    @property
    def asking(self) -> bool:
        return self.question is not None

    @property
    def events(self) -> list[Event]:
        """What happened before play in this deal (boasts, redeals, passed trumps, the leader)."""
        return [] if self.run is None else list(self.run.events)

    def answer(self, index: int) -> None:
        """The learner's answer (an index into ``question.options``)."""
        if self.run is None or self.run.question is None:
            raise ValueError("no question is waiting for the learner")
        self.run.answer(index)
        self._after_run()

    @property
    def awaiting_score(self) -> bool:
        """The deal is over (or was not played: a refused redeal) but not yet scored."""
        return not self.asking and self.deal.is_over and not self.deal_recorded

    @property
    def learner_to_act(self) -> bool:
        return not self.asking and not self.deal.is_over and self.deal.to_move == LEARNER

    @property
    def learner_calls(self) -> bool:
        """Whether the learner must name the trump suit now."""
        return self.deal.phase is Phase.CALL and self.deal.to_move == LEARNER

    @property
    def ai_to_act(self) -> bool:
        return not self.asking and not self.deal.is_over and self.deal.to_move != LEARNER

    def why_illegal(self, card: Card) -> Message | None:
        """Why the learner may not play ``card`` now (``None``: they may)."""
        if self.deal.is_over:
            return Message("deal_over")
        if self.deal.to_move != LEARNER:
            return Message("not_your_turn", {"seat": self.deal.to_move})
        if card not in self.deal.hand(LEARNER):
            return Message("not_in_hand", {"card": card})
        return self.deal.why_illegal(card)

    def play(self, card: Card) -> Trick | None:
        """Play the learner's ``card``; an illegal card raises :class:`IllegalPlay` (and counts)."""
        reason = self.why_illegal(card)
        if reason is not None:
            self.illegal_attempts += 1
            raise IllegalPlay(reason)
        trick = self.deal.play(card)
        self.record.plays.append(card)
        return trick

    def call_trump(self, suit: Suit) -> None:
        """The learner names the trump suit (``called`` rule, learner left of the dealer)."""
        if not self.learner_calls:
            raise ValueError("it is not the learner's turn to name the trump suit")
        self.deal.call_trump(suit)
        self.record.trump = Suit(suit)

    def ai_act(self, progress: Progress | None = None) -> AiAction:
        """Let the AI seat to move call the trump suit or play a card (think, then apply)."""
        seat, view = self.ai_view()
        return self.ai_apply(seat, self.ai_choose(seat, view, progress))

    def learner_view(self) -> SeatView:
        """What the learner sees (a snapshot, for the hint's thinking on another thread)."""
        return self.deal.view(LEARNER)

    def adviser(self) -> Adviser:
        """The hint's tutor for the learner's seat, told this deal's context as the AI players
        are (the multiplier after eggs; under a preset also the match score, boasts, cards
        shown)."""
        if self._adviser is None:
            self._adviser = Adviser(random.Random())
        if self.match is None:
            tell(self._adviser, self._standard_context)
        elif self.run is not None and self.run.setup is not None:
            tell(self._adviser, context_for(self.match, self.run.setup, LEARNER))
        return self._adviser

    def ai_view(self) -> tuple[Seat, SeatView]:
        """The AI seat to act and what it sees (a snapshot: thinking may run on another thread)."""
        if not self.ai_to_act:
            raise ValueError("no AI seat is to act")
        seat = self.deal.to_move
        return seat, self.deal.view(seat)

    def ai_choose(self, seat: Seat, view: SeatView, progress: Progress | None = None
                  ) -> Card | Suit:
        """Ask the player at ``seat`` for a trump suit or a card; changes nothing.

        A player that fails or picks an illegal card is replaced for that move by a random
        legal choice: the learner's game must go on.
        """
        player = self.players[seat]
        if view.phase is Phase.CALL:
            try:
                return Suit(player.call_trump(view).suit)
            except Exception:
                log.exception("AI %s failed to call trumps", player.name)
                return Suit(self.rng.randrange(4))
        try:
            card = player.choose(view, progress).card
        except Exception:
            log.exception("AI %s failed to choose a card", player.name)
            return self.rng.choice(sorted(view.legal))
        if card not in view.legal:
            log.warning("AI %s chose the illegal %s; playing a legal card", player.name, card)
            return self.rng.choice(sorted(view.legal))
        return card

    def ai_apply(self, seat: Seat, choice: Card | Suit) -> AiAction:
        """Carry out what the AI at ``seat`` chose (it must still be that seat's turn)."""
        if not self.ai_to_act or self.deal.to_move != seat:
            raise ValueError(f"it is not {seat.name}'s turn")
        if isinstance(choice, Suit):
            self.deal.call_trump(choice)
            self.record.trump = choice
            return AiAction(seat, suit=choice)
        trick = self.deal.play(choice)
        self.record.plays.append(choice)
        return AiAction(seat, card=choice, trick=trick)

    def pending_result(self) -> DealResult:
        """The score of the finished deal, before it is recorded."""
        if self.match is None:
            return self.deal.result(self.score.multiplier)
        penalty = self._penalty()
        return penalty if penalty is not None else self.match.result_of(self.deal)

    def _penalty(self) -> DealResult | None:
        run = self.run
        return None if run is None or run.setup is None else run.setup.penalty

    def finish_deal(self) -> DealResult:
        """Score the finished deal into the match; the record is kept for the review."""
        if self.match is None:
            result = self.pending_result()
            self.score.record(result)
        else:
            penalty = self._penalty()
            # A refused redeal was scored by the match when it happened.
            result = penalty if penalty is not None else self.match.record(self.deal)
            self.history.append(self._entry())
        self.last_deal = self.record
        return result

    def _entry(self) -> dict[str, Any]:
        """The current variant deal as saved: its seed, the answers given, the cards played."""
        assert self.run is not None
        return {"seed": self.run.seed, "answers": list(self.run.answers),
                "plays": [card.token for card in self.record.plays]}

    def last_deal_state(self, upto: int) -> DealState:
        """The last finished deal after its first ``upto`` cards (for the review)."""
        if self.last_deal is None:
            raise ValueError("no deal has been finished yet")
        return self.last_deal.replay(self.rules, upto)

    @property
    def deal_recorded(self) -> bool:
        """Whether the current deal is over and already in the match score."""
        return self.deal.is_over and self.last_deal is self.record

    # -- saving -------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The match as plain JSON: settings, finished deals' scores, the deal in progress
        (under a preset: every deal as seed, answers and cards, see the module docs)."""
        if self.match is not None:
            deals = list(self.history)
            if not self.deal_recorded and self.run is not None:
                deals.append(self._entry())
            return {
                "format": SAVE_FORMAT,
                "version": VARIANT_SAVE_VERSION,
                "settings": self.settings.to_dict(),
                "first_dealer": self.score.first_dealer.name,
                "deals": deals,
                "deal_recorded": self.deal_recorded,
                "illegal_attempts": self.illegal_attempts,
            }
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "settings": self.settings.to_dict(),
            "first_dealer": self.score.first_dealer.name,
            "results": [{"points": list(r.points), "tricks": list(r.tricks)}
                        for r in self.score.results],
            "deal": self.record.to_dict(),
            "deal_recorded": self.deal_recorded,
            "last_deal": None if self.last_deal is None else self.last_deal.to_dict(),
            "illegal_attempts": self.illegal_attempts,
        }

    @classmethod
    def from_json(cls, data: object, rng: random.Random | None = None) -> MatchSession:
        """Rebuild a saved match; anything inconsistent raises :class:`SaveError`."""
        if not isinstance(data, Mapping):
            raise SaveError("a save must be a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveError("not a kozel-tutor match save")
        if data.get("version") not in (SAVE_VERSION, VARIANT_SAVE_VERSION):
            raise SaveError(f"unknown save version {data.get('version')!r}")
        settings = Settings.from_dict(data.get("settings"))
        if settings.standard != (data.get("version") == SAVE_VERSION):
            raise SaveError("the save version does not fit its rules")
        try:
            first_dealer = Seat.parse(str(data.get("first_dealer")))
        except SeatError as exc:
            raise SaveError(str(exc)) from None
        session = cls(settings, rng=rng, first_dealer=first_dealer, start=False)
        if session.match is not None:
            session._load_deals(data)
            return session
        rules = session.rules
        results = data.get("results")
        if not isinstance(results, list):
            raise SaveError("results must be a list")
        for number, entry in enumerate(results, 1):
            session.score.record(_result_of(entry, number, rules, session.score.multiplier))
            if session.score.is_over and number < len(results):
                raise SaveError("the save goes on after the match was over")
        record = DealRecord.from_dict(data.get("deal"), rules)
        recorded = data.get("deal_recorded", False)
        if not isinstance(recorded, bool):
            raise SaveError("deal_recorded must be true or false")
        expected_dealer = session.score.first_dealer.offset(len(results) - (1 if recorded else 0))
        if record.dealer != expected_dealer:
            raise SaveError(f"the deal in progress should be dealt by {expected_dealer.name}")
        session.record = record
        session.deal = record.replay(rules)
        if not recorded:
            session._tell_standard_context()
        if recorded:
            if not session.deal.is_over or not results:
                raise SaveError("a deal marked as recorded is not over")
            last = session.score.results[-1]
            if last.points != (session.deal.points[0], session.deal.points[1]):
                raise SaveError("the recorded deal does not match its cards")
            session.last_deal = record
        elif session.score.is_over:
            raise SaveError("the match is over but a deal is in progress")
        elif data.get("last_deal") is not None:
            session.last_deal = DealRecord.from_dict(data["last_deal"], rules)
        attempts = data.get("illegal_attempts", 0)
        session.illegal_attempts = attempts if type(attempts) is int and attempts >= 0 else 0
        return session

    def _load_deals(self, data: Mapping[str, Any]) -> None:
        """Replay a version 2 save: every deal through the procedures and the engine."""
        deals = data.get("deals")
        recorded = data.get("deal_recorded", False)
        if not isinstance(deals, list) or not deals:
            raise SaveError("deals must be a non-empty list")
        if not isinstance(recorded, bool):
            raise SaveError("deal_recorded must be true or false")
        for number, entry in enumerate(deals, 1):
            if self.score.is_over:
                raise SaveError("the save goes on after the match was over")
            last = number == len(deals)
            if not isinstance(entry, Mapping):
                raise SaveError(f"deal {number} must be an object")
            seed, answers, plays = entry.get("seed"), entry.get("answers"), entry.get("plays")
            if type(seed) is not int or not isinstance(answers, list) \
                    or not isinstance(plays, list):
                raise SaveError(f"deal {number} needs a seed, answers and plays")
            try:
                self._begin_run(seed, answers)
                cards = [parse_card(str(token)) for token in plays]
            except (ValueError, CardError) as exc:
                raise SaveError(f"deal {number}: {exc}") from None
            if self.asking and (not last or plays):
                raise SaveError(f"deal {number} stops at a question but goes on")
            for ply, card in enumerate(cards, 1):
                try:
                    self.deal.play(card)
                except IllegalPlay as exc:
                    raise SaveError(f"deal {number}, card {ply} ({card.token}) is illegal: "
                                    f"{exc}") from None
                self.record.plays.append(card)
            if not last or recorded:
                if not self.awaiting_score:
                    raise SaveError(f"deal {number} is not over")
                self.finish_deal()
        if not recorded and self.score.is_over:
            raise SaveError("the match is over but a deal is in progress")
        attempts = data.get("illegal_attempts", 0)
        self.illegal_attempts = attempts if type(attempts) is int and attempts >= 0 else 0


def _result_of(entry: object, number: int, rules: Rules, multiplier: int) -> DealResult:
    if not isinstance(entry, Mapping):
        raise SaveError(f"result {number} must be an object")
    points, tricks = entry.get("points"), entry.get("tricks")
    if not (_pair(points) and _pair(tricks)):
        raise SaveError(f"result {number} needs points and tricks as two whole numbers each")
    assert isinstance(points, list) and isinstance(tricks, list)
    if sum(points) != 120 or min(points) < 0:
        raise SaveError(f"result {number}: card points must add up to 120")
    if sum(tricks) != rules.hand_size or min(tricks) < 0:
        raise SaveError(f"result {number}: tricks must add up to {rules.hand_size}")
    return deal_result(rules, (points[0], points[1]), (tricks[0], tricks[1]), multiplier)


def _pair(value: object) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)
