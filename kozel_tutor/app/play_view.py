"""The Play screen: a :class:`~kozel_tutor.widgets.TableWidget` driven by a match session.

The controller owns the session, the table's :class:`~.views.TableUi` and one worker thread that
runs the AI players off the kernel's main thread (the deal review's solver and the learner's hint
get threads of their own), so the page never freezes: the learner sees who is thinking, each AI
card lands after a short pause, and a finished trick stays on the table (winner highlighted)
before it is gathered.  The hint solves on a solver object of its own
(:func:`~kozel_tutor.solver.stoppable_backend`: the native core runs one query at a time per
object, so the AI players' search never queues behind it), and a hint no longer wanted (the
learner played, a new deal or match, the table left) is called off at once.

How long is the learner's choice (:class:`Pace`, ``Settings.pace``): ``relaxed``, ``quick``,
or ``instant``, where nothing waits and a finished trick stays until the next card is played.
Every card is saved.  The pause menu stops play: no one shows thinking
behind it, and an AI's card worked out meanwhile waits, unplayed, until play resumes.

All state changes happen under one lock; the worker re-checks a *generation* number after every
slow step, so a new game or a closed review simply makes an old worker's result stale.
"""

from __future__ import annotations

import logging
import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace

import traitlets

from ..ai.advice import Advice, Adviser
from ..ai.context import last_deal_context
from ..cards import Card, Suit
from ..i18n import POINTS
from ..seats import Seat
from ..solver import SolverUnavailable, StoppableBackend, Stopped, stoppable_backend
from ..state import IllegalPlay, Phase, SeatView, Trick
from ..widgets import Command, TableWidget
from .predeal_view import predeal_pending
from .review import SETTLE_SHARE, ReviewStep, StepAnalysis, analyse_step, learner_steps
from .session import DEFAULT_PACE, LEARNER, MatchSession, Settings
from .store import ChangedElsewhere, Store
from .table_access import Speaker, deal_start_words, keyboard_view
from .texts import text
from .variant_views import event_lines
from .views import ReviewUi, TableUi, hint_available, last_trick, last_trick_words, table_view

__all__ = ["PACE_TIMES", "Pace", "PlayScreen"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Pace:
    """How long things stay on screen (seconds): an AI card (its thinking included) and a
    finished trick.  ``keep_trick`` keeps a finished trick instead until the next card is played
    (see :meth:`PlayScreen._work_step`); ``trick`` is then how long the deal's last one stays."""

    card: float = 0.55
    trick: float = 1.2
    review_budget: float = 2.0
    keep_trick: bool = False

    @classmethod
    def named(cls, name: str = DEFAULT_PACE) -> Pace:
        """The pace the learner chose (:data:`~kozel_tutor.records.PACES`), its pauses scaled
        by ``KOZEL_TUTOR_PACE`` (0 = none: tests and benchmarks set it)."""
        chosen = PACE_TIMES[name]
        factor = pace_factor()
        return replace(chosen, card=chosen.card * factor, trick=chosen.trick * factor)


PACE_TIMES = {
    "relaxed": Pace(),
    "quick": Pace(card=0.2, trick=0.7),
    "instant": Pace(card=0.0, trick=0.6, keep_trick=True),
}
"""The pauses of each pace of play the settings offer."""


def pace_factor() -> float:
    """``KOZEL_TUTOR_PACE``: what every pause is multiplied by (1 unset, 0 to 5)."""
    raw = os.environ.get("KOZEL_TUTOR_PACE", "").strip()
    try:
        factor = float(raw) if raw else 1.0
    except ValueError:
        factor = 1.0
    return min(max(factor, 0.0), 5.0)


class PlayScreen:
    """One table and the match played on it.

    ``on_leave(where)`` is called with ``"home"`` or ``"new-game"`` when the learner leaves the
    table through the menu; ``on_lang()`` when they press the language button.  ``home=False``
    leaves the way home («← Домой») out (a table on its own in a notebook has no home screen).
    The table moves at the pace of the match's settings (:meth:`set_pace` changes it), unless
    ``pace`` fixes its times (tests).
    """

    def __init__(
        self,
        store: Store,
        *,
        lang: str = "ru",
        four_colour: bool = False,
        sound: bool = True,
        on_leave: Callable[[str], None] | None = None,
        on_lang: Callable[[], None] | None = None,
        pace: Pace | None = None,
        home: bool = True,
    ) -> None:
        self.store = store
        self._fixed_pace = pace is not None
        self.pace = pace or Pace.named()
        self.table = TableWidget(lang=lang, four_colour=four_colour, sound=sound)
        self.table.on_command(self.handle)
        self.ui = TableUi(lang=lang, sound=sound, home=home)
        self.session: MatchSession | None = None
        self.on_leave = on_leave or (lambda where: None)
        self.on_lang = on_lang or (lambda: None)
        self._lock = threading.RLock()
        self._generation = 0
        self._worker: threading.Thread | None = None
        self._analyst: threading.Thread | None = None
        self._hold_until = 0.0
        self._mode_before_pause = "play"
        self.speaker = Speaker()
        #: the deal's procedure whose "before the deal" panel the learner has seen
        self._predeal_shown: object = None
        #: an AI's choice made while play stood still, for its turn (see _stood_still)
        self._kept: tuple[tuple[int, int, int, int], Seat, Card | Suit] | None = None
        #: the solver of the hint in flight, to call it off (see _stop_hint)
        self._hint_backend: StoppableBackend | None = None

    # -- starting and resuming ----------------------------------------------------------------

    def set_pace(self, name: str) -> None:
        """Play on at the pace ``name`` (``relaxed``, ``quick``, ``instant``) from the next
        card; a table whose times were given keeps them."""
        if not self._fixed_pace:
            self.pace = Pace.named(name)

    def start(self, settings: Settings, rng: random.Random | None = None) -> None:
        """Begin a new match with ``settings`` (replacing any match on this table)."""
        with self._lock:
            self.set_pace(settings.pace)
            self._generation += 1
            self.session = MatchSession(settings, rng=rng)
            self._reset_ui()
            self._save(new=True)
            self.table.shown_anew()
            self.speaker.say(*deal_start_words(self.session, self.ui.lang, new_match=True))
            self._continue()

    def resume(self, session: MatchSession, pace: str | None = None) -> None:
        """Show a match loaded from a save and carry on from where it stopped, at ``pace`` (the
        learner's latest choice), else at the pace of its settings."""
        with self._lock:
            self.set_pace(pace or session.settings.pace)
            self._generation += 1
            self.session = session
            self._reset_ui()
            self.table.shown_anew()
            if session.deal_recorded and session.score.is_over:
                self._show_results()   # its statistics too, as the Results button shows them
            elif session.deal_recorded:
                self.ui.mode = "summary"
            self._continue()

    def come_back(self) -> None:
        """Return to this table from another screen (the match is still in memory)."""
        with self._lock:
            if self.ui.mode == "pause":
                self.ui.mode = self._mode_before_pause
            self.table.shown_anew()
            self._continue()

    def step_away(self) -> None:
        """Stop the AI while the learner is on another screen (the match stays saved)."""
        with self._lock:
            if self.ui.mode != "pause":
                self._mode_before_pause = self.ui.mode
                self.ui.mode = "pause"

    def put_aside(self) -> None:
        """Pause, and drop the AI's card in flight unsaved: another table now keeps its match in
        the same save slot (a notebook cell run again).  Resume still carries on here."""
        with self._lock:
            self._generation += 1
            self._stop_hint()
            self.step_away()
            self.render()

    @property
    def has_match(self) -> bool:
        return self.session is not None and not self.session.score.is_over

    def _reset_ui(self) -> None:
        self._stop_hint()
        self.ui = TableUi(lang=self.ui.lang, sound=self.ui.sound, home=self.ui.home)
        self._hold_until = 0.0
        self._predeal_shown = None
        self._kept = None

    # -- display ------------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        with self._lock:
            self.ui.lang = lang
            self.table.lang = lang
            self.render()

    def set_four_colour(self, on: bool) -> None:
        self.table.four_colour = on

    def render(self) -> None:
        """Push the current view to the browser, and have a screen reader read out what
        changed (:class:`~.table_access.Speaker`)."""
        with self._lock:
            if self.session is None:
                return
            view = keyboard_view(table_view(self.session, self.ui), self.ui.lang)
            try:
                self.table.view = view
            except traitlets.TraitError:
                log.exception("the table view failed its schema check")
                return
            words = self.speaker.words(view)
            if words is not None:
                self.table.say(words)

    # -- commands from the browser ------------------------------------------------------------

    def handle(self, command: Command) -> None:
        with self._lock:
            if self.session is None:
                return
            if command.kind == "play":
                self._learner_plays(Card.parse(command.value))
            elif command.kind == "call":
                self._learner_calls(Suit.parse(command.value))
            elif command.kind == "button" and command.value.startswith("answer-"):
                self._learner_answers(command.value.removeprefix("answer-"))
            elif command.kind == "button":
                self._button(command.value)

    def _learner_plays(self, card: Card) -> None:
        session = self.session
        assert session is not None
        if self.ui.mode != "play" or session.asking:
            return
        self.ui.last_trick_shown = False   # a card played (or tried) closes the last trick
        if self.ui.held_trick is not None and session.learner_to_act:
            self.ui.held_trick = None
        if self.ui.thinking is not None or self.ui.held_trick is not None or session.ai_to_act:
            mover = session.deal.to_move
            self.ui.status = (lambda lang: text("status_wait", lang,
                                                name=text(f"seat_{mover.name}", lang)), "wait")
            self.render()
            return
        try:
            trick = session.play(card)
        except IllegalPlay as exc:
            self.ui.status = (exc.message.text, "error")
            self.speaker.status = None   # said again for each card tried, though the words repeat
            self.render()
            self.table.shake(card.token)
            self.table.sound_effect("illegal")
            return
        self.ui.status = None
        self._drop_advice()
        self.speaker.played(LEARNER, card, self.ui.lang)
        self._after_card(trick)
        self._continue()

    def _learner_answers(self, index: str) -> None:
        """The learner answered a question of the variant's procedures (boast, redeal, ...)."""
        session = self.session
        assert session is not None
        if self.ui.mode != "play" or not session.asking or not index.isdigit():
            return
        try:
            session.answer(int(index))
        except ValueError:
            return
        self.ui.status = None
        self._save()
        self._continue()

    def _learner_calls(self, suit: Suit) -> None:
        session = self.session
        assert session is not None
        if self.ui.mode != "play" or not session.learner_calls:
            return
        session.call_trump(suit)
        self._drop_advice()
        self._called(LEARNER, suit)
        self._save()
        self._continue()

    def _called(self, seat: Seat, suit: Suit) -> None:
        """``seat`` named ``suit`` as trumps: the live region says so, as it says a card.  The
        status line shows it while an AI player is to lead; once the learner is to act it says
        so («Ваш заход: …»), and the trump badge keeps the suit."""
        session = self.session
        assert session is not None
        def words(lang: str) -> str:
            return text("status_called", lang, name=text(f"seat_{seat.name}", lang), suit=suit)

        if session.ai_to_act:
            self.ui.status = (words, "info")   # said as the status line changes
        else:
            self.ui.status = None
            self.speaker.say(words(self.ui.lang))

    def _button(self, ident: str) -> None:
        session = self.session
        assert session is not None
        ui = self.ui
        if ident == "menu":
            if ui.mode == "pause":
                self.come_back()
                return
            self.step_away()
        elif ident == "resume":
            self.come_back()
            return
        elif ident == "predeal-play" and ui.mode == "predeal":
            ui.mode = "play"
            self._continue()
            return
        elif ident == "sound":
            ui.sound = not ui.sound
            self.table.sound = ui.sound
            self._set_pref("sound", ui.sound)
        elif ident == "lang":
            self.on_lang()
            return
        elif ident == "hint":
            self._start_adviser()
        elif ident == "last-trick":
            self._toggle_last_trick()
        elif ident in ("home", "new-game"):
            self._stop_hint()   # the learner leaves the table: press H again on coming back
            self.step_away()
            if session.score.is_over:
                self.session = None
            self.on_leave(ident)
            return
        elif ident == "next" and ui.mode == "summary" and not session.score.is_over:
            session.start_deal()
            ui.mode, ui.status = "play", None
            self._drop_advice()
            self._save()
            self.speaker.say(*deal_start_words(session, ui.lang))
            self._continue()
            return
        elif ident == "results" and session.score.is_over:
            self._show_results()
            self._sound("win" if session.score.winner is LEARNER.team else "lose")
        elif ident == "review" and ui.mode in ("summary", "results") \
                and session.last_deal is not None:
            # from the deal's summary, or from the match's results (the deal that ended it):
            # Close goes back to the panel it was opened from
            ui.review = ReviewUi(learner_steps(session.last_deal, session.rules,
                                               last_deal_context(session.score)),
                                 back=ui.mode)
            ui.mode = "review"
            self._start_analyst()
        elif ident in ("prev-step", "next-step") and ui.review is not None:
            step = -1 if ident == "prev-step" else 1
            ui.review.index = min(max(ui.review.index + step, 0), len(ui.review.steps) - 1)
            self._start_analyst()
        elif ident == "close" and ui.mode == "review":
            ui.mode = ui.review.back if ui.review is not None else "summary"
            ui.review = None
        self.render()

    def _show_results(self) -> None:
        """The match's results panel, with the learner's statistics read afresh."""
        session = self.session
        assert session is not None
        self.ui.mode = "results"
        try:
            self.ui.stats = self.store.stats(session.settings.stats_key)
        except sqlite3.Error:
            log.exception("could not read the statistics")

    def _toggle_last_trick(self) -> None:
        """Show the deal's last finished trick again in the trick area (the AI plays on), or
        hide it; showing it reads it out (its cards and who took it)."""
        session = self.session
        assert session is not None
        trick = last_trick(session, self.ui)
        if trick is None or self.ui.last_trick_shown:
            self.ui.last_trick_shown = False
            return
        self.ui.last_trick_shown = True
        self.speaker.say(last_trick_words(trick, self.ui.lang))

    # -- the flow of play ---------------------------------------------------------------------

    def _after_card(self, trick: Trick | None) -> None:
        """Save, sound, and hold a finished trick on the table for a moment."""
        self._save()
        self._sound("card")
        if trick is not None:
            self.ui.held_trick = trick
            self._hold_until = time.monotonic() + self.pace.trick
            key = "status_trick_you" if trick.winner == LEARNER else "status_trick"
            winner = trick.winner
            self.ui.status = (lambda lang: text(key, lang, points=POINTS(trick.points),
                                                name=text(f"seat_{winner.name}", lang)), "info")
            self._sound("trick")

    def _continue(self) -> None:
        """Render, and start the worker if the AI or a held trick has something to do."""
        session = self.session
        if session is None:
            return
        self._show_predeal(session)
        busy = self.ui.held_trick is not None or session.ai_to_act or session.awaiting_score
        idle = self._worker is None or not self._worker.is_alive()
        if self.ui.mode == "play" and busy and idle:
            self._worker = threading.Thread(target=self._run, args=(self._generation,),
                                            name="kozel-ai", daemon=True)
            self._worker.start()
        self.render()

    def _show_predeal(self, session: MatchSession) -> None:
        """Before the first card, show what happened before the deal that the learner has not
        seen (a boast's tricks, redeals, a passed trump) until they press Play; the live region
        reads it out."""
        if self.ui.mode != "play" or session.run is self._predeal_shown \
                or not predeal_pending(session):
            return
        self._predeal_shown = session.run
        self.ui.mode, self.ui.status = "predeal", None
        self.speaker.say(*event_lines(session, self.ui.lang))

    def _run(self, generation: int) -> None:
        try:
            while self._work_step(generation):
                pass
        except Exception as exc:
            log.exception("the AI worker failed")
            with self._lock:
                self.ui.thinking = None
                error = str(exc)   # (exc itself is gone after the except block)
                self.ui.status = (lambda lang: text("internal_error", lang, error=error), "error")
                self.render()
        finally:
            with self._lock:
                if self._worker is threading.current_thread():
                    self._worker = None

    def _retire(self) -> bool:
        """The worker, under the lock, has nothing more to do: it stops being the worker at
        once, so that a card the learner plays from now on starts a new one.  (Left to the
        ``finally`` of :meth:`_run`, a card played in between found the old worker still alive,
        started none, and the AI never moved.)"""
        if self._worker is threading.current_thread():
            self._worker = None
        return False

    def _work_step(self, generation: int) -> bool:
        """One step of the worker; ``False`` when there is nothing more to do now."""
        with self._lock:
            session = self.session
            if generation != self._generation or session is None or self.ui.mode != "play":
                return self._retire()
            hold = self.ui.held_trick is not None
            if hold and self.pace.keep_trick and session.learner_to_act:
                # kept until the learner's card: shown as the last trick, their hand playable
                self.ui.held_trick, self.ui.status, self.ui.last_trick_shown = None, None, True
                return True
            # kept until an AI's card: it stays while that player thinks (see below)
            hold = hold and not (self.pace.keep_trick and session.ai_to_act)
            wait = self._hold_until - time.monotonic()
        if hold:
            if wait > 0:
                time.sleep(wait)
            with self._lock:
                if generation != self._generation:
                    return self._retire()
                if self.ui.held_trick is not None:
                    self.ui.held_trick = None
                    self.ui.status = None
                    self.render()
            return True
        with self._lock:
            if generation != self._generation or self.ui.mode != "play":
                return self._retire()
            if session.awaiting_score:
                self._finish_deal()
                return self._retire()
            if session.asking or session.deal.is_over:
                self.render()
                return self._retire()
            if not session.ai_to_act:
                self.render()
                return self._retire()
            seat, view = session.ai_view()
            kept = self._kept_choice(seat)
            self.ui.thinking, self.ui.progress = seat, None
            self.render()
        started = time.monotonic()
        choice = kept if kept is not None else session.ai_choose(
            seat, view, self._progress_callback(
                lambda: generation == self._generation and self.ui.thinking is not None))
        time.sleep(max(0.0, self.pace.card - (time.monotonic() - started)))
        with self._lock:
            if generation != self._generation or self.session is not session \
                    or self.ui.mode != "play":
                return self._stood_still(generation, seat, choice)
            self.ui.thinking, self.ui.progress = None, None
            self.ui.held_trick = None   # a trick kept until the next card (Pace.keep_trick)
            action = session.ai_apply(seat, choice)
            if action.suit is not None:
                self._called(seat, action.suit)
                self._save()
            else:
                self.ui.status = None   # a card moves the table on: the status says who is next
                if action.card is not None:
                    self.speaker.played(seat, action.card, self.ui.lang)
                self._after_card(action.trick)
            self.render()
        return True

    def _stood_still(self, generation: int, seat: Seat, choice: Card | Suit) -> bool:
        """The AI at ``seat`` chose ``choice`` while play stood still.  Behind the pause menu
        (the menu open, the learner on another screen) the card is kept unplayed, and played as
        play goes on: the player, still to play, shows thinking again for a moment
        (:meth:`_kept_choice`); nothing moves on the table meanwhile.  A game changed
        meanwhile (a new match, the table put aside) drops it.  Either way the seat no longer
        shows thinking, and the game now on the table gets a worker of its own if it has
        something to do (one started meanwhile found this one still alive and left it the
        work)."""
        if generation == self._generation and self.session is not None:
            self._kept = (self._turn(), seat, choice)
        self.ui.thinking, self.ui.progress = None, None
        self._retire()
        self._continue()
        return False

    def _kept_choice(self, seat: Seat) -> Card | Suit | None:
        """The choice the AI at ``seat`` made for this very turn before a pause, if any (taken:
        it is played once)."""
        kept, self._kept = self._kept, None
        if kept is None or kept[0] != self._turn() or kept[1] != seat:
            return None
        return kept[2]

    def _progress_callback(self, current: Callable[[], bool]) -> Callable[[float], None]:
        """A progress report for the status line's bar, at most every 0.15 s, shown while
        ``current()`` (checked under the lock) says the work still belongs on screen; behind
        the pause menu it is kept, not shown (:func:`~.views.table_view`)."""
        last = 0.0

        def progress(fraction: float) -> None:
            nonlocal last
            now = time.monotonic()
            if now - last < 0.15 and fraction < 1:
                return
            last = now
            with self._lock:
                if current():
                    self.ui.progress = min(max(float(fraction), 0.0), 1.0)
                    if self.ui.mode == "play":
                        self.render()
        return progress

    def _finish_deal(self) -> None:
        session = self.session
        assert session is not None
        result = session.finish_deal()
        self.ui.last_trick_shown = False
        key, team = session.settings.stats_key, LEARNER.team
        try:
            record = None if session.last_deal is None else session.last_deal.to_dict()
            rules = session.settings.rules_dict()
            if not session.settings.standard:
                rules["rules"] = session.settings.variant
            match = last_deal_context(session.score).to_dict()
            self.store.record_deal(key, result, team, session.to_json(),
                                   {"rules": rules, "deal": record, "match": match})
            if session.score.is_over:
                self.store.record_match(key, session.score, team)
        except sqlite3.Error as exc:
            log.exception("could not record the deal")
            self._not_saved(exc)
        self.ui.mode = "summary"
        if result.eggs:
            self._sound("trick")
        else:
            self._sound("win" if result.winner is team else "lose")
        self.render()

    # -- the hint -----------------------------------------------------------------------------

    def _turn(self) -> tuple[int, int, int, int]:
        """Which turn of which deal the table is at: a hint belongs to one."""
        session = self.session
        assert session is not None
        return (self._generation, id(session.deal), len(session.record.plays),
                int(session.deal.phase is Phase.CALL))

    def _drop_advice(self) -> None:
        """The turn moved on: its hint, shown or still searched for, goes."""
        self.ui.advice = None
        self._stop_hint()

    def _stop_hint(self) -> None:
        """Call off the hint in flight, if any: its search stops at once (the running solve
        cut short, every later one refused), so no stale hint spends the time the AI players'
        wall-clock budget needs."""
        if self.ui.advising:
            self.ui.advising = False
            self.ui.progress = None
        backend, self._hint_backend = self._hint_backend, None
        if backend is not None:
            backend.stop()

    def _start_adviser(self) -> None:
        """Work out the hint for the learner's turn on a thread of its own (the hard player's
        search takes about a second), on a solver of its own; the learner may play on
        meanwhile, which calls the hint off (:meth:`_stop_hint`)."""
        session = self.session
        if session is None or not hint_available(session, self.ui):
            return
        self._stop_hint()
        try:
            backend = stoppable_backend()
        except (SolverUnavailable, ValueError):   # KOZEL_SOLVER names no solver that runs here
            log.exception("no solver for the hint")
            self.ui.status = (lambda lang: text("hint_failed", lang), "error")
            return
        self.ui.advising, self.ui.progress, self.ui.status = True, 0.0, None
        self._hint_backend = backend
        args = (self._turn(), session.adviser(), session.learner_view(), backend)
        threading.Thread(target=self._advise, args=args, name="kozel-hint", daemon=True).start()

    def _advise(self, turn: tuple[int, int, int, int], adviser: Adviser, view: SeatView,
                backend: StoppableBackend) -> None:
        def current() -> bool:
            return (self.ui.advising and self.session is not None and self._turn() == turn
                    and not backend.stopped)

        report = self._progress_callback(current)

        def progress(fraction: float) -> None:
            # between layouts: a hint no longer wanted ends here (as a Ctrl-C would)
            with self._lock:
                if not current():
                    raise Stopped("the hint is no longer wanted")
            report(fraction)

        advice: Advice | None
        try:
            advice = adviser.advise(view, progress, backend=backend)
        except Stopped:
            return   # called off: the learner played on, or the game changed
        except Exception:
            log.exception("the hint failed")
            advice = None
        with self._lock:
            if not current():
                return   # the learner played on, or the game changed: the hint is stale
            self.ui.advising, self.ui.progress = False, None
            if self._hint_backend is backend:
                self._hint_backend = None
            if advice is None:
                self.ui.status = (lambda lang: text("hint_failed", lang), "error")
            else:
                self.ui.advice, self.ui.status = advice, None
            self.render()

    # -- deal review --------------------------------------------------------------------------

    def _start_analyst(self) -> None:
        if self._analyst is None or not self._analyst.is_alive():
            self._analyst = threading.Thread(target=self._analyse, name="kozel-review",
                                             daemon=True)
            self._analyst.start()

    def _next_step_to_analyse(self) -> tuple[ReviewUi, int, ReviewStep] | None:
        review = self.ui.review
        if self.ui.mode != "review" or review is None:
            return None
        order = [review.index, *range(review.index + 1, len(review.steps)),
                 *range(review.index)]
        for index in order:
            if index not in review.analyses and index not in review.failed:
                return review, index, review.steps[index]
        return None

    def _analyse(self) -> None:
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="kozel-solve") as pool:
            while True:
                with self._lock:
                    job = self._next_step_to_analyse()
                    if job is None:
                        # as the AI worker does (_retire): a review opened from now on
                        # starts a new analyst
                        if self._analyst is threading.current_thread():
                            self._analyst = None
                        return
                review, index, step = job
                budget = self.pace.review_budget
                future = pool.submit(analyse_step, step, budget)
                started = time.monotonic()
                while not future.done():
                    time.sleep(0.2)
                    with self._lock:
                        if self.ui.review is review and review.index == index:
                            review.progress = min(0.95, (time.monotonic() - started)
                                                  / ((1 + SETTLE_SHARE) * budget + 0.5))
                            self.render()
                try:
                    analysis: StepAnalysis | None = future.result()
                except Exception:
                    log.exception("review analysis failed (card %d)", step.number)
                    analysis = None
                with self._lock:
                    self._analysed(review, index, analysis)

    def _analysed(self, review: ReviewUi, index: int, analysis: StepAnalysis | None) -> None:
        """Keep a step's analysis, or that it failed (``None``): the progress bar stops, and the
        analyst goes on with the other steps (each is a position of its own: the solver failing
        on one says nothing of the others, and a card already analysed stays on show)."""
        if analysis is not None:
            review.analyses[index] = analysis
        else:
            review.failed.add(index)
        review.progress = None
        if self.ui.review is review:
            self.render()

    # -- saving -------------------------------------------------------------------------------

    def _save(self, new: bool = False) -> None:
        """Keep the match; a ``new`` one replaces the saved match, whoever saved that."""
        if self.session is None:
            return
        try:
            save = self.store.replace_match if new else self.store.save_match
            save(self.session.to_json())
        except sqlite3.Error as exc:
            log.exception("could not save the match")
            self._not_saved(exc)

    def _not_saved(self, exc: sqlite3.Error) -> None:
        """Say on the table that the last card was not kept, and why."""
        key = "save_elsewhere" if isinstance(exc, ChangedElsewhere) else "save_failed"
        self.ui.status = (lambda lang: text(key, lang), "error")

    def _set_pref(self, key: str, value: object) -> None:
        try:
            self.store.set_pref(key, value)
        except sqlite3.Error:
            log.exception("could not save a preference")

    def _sound(self, name: str) -> None:
        if self.ui.sound:
            self.table.sound_effect(name)

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Block until the worker has nothing left to do (for scripts and benchmarks)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                worker = self._worker
            if worker is None or not worker.is_alive():
                return True
            worker.join(0.05)
        return False
