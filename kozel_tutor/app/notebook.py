"""One-line entry points for the play notebook: a match against the AI on a table of its own,
the solver's review of the last finished deal as a pandas table, and the learner's results; and
for the lesson notebooks, a lesson (:func:`lesson`).

Notebooks hold no logic; they call these.  The table is the app's own (the same AI, rules, deal
review and keyboard play) and writes to the same progress file, so statistics and finished deals
count wherever they were played.  Its match in progress is kept apart from the app's
(:data:`NOTEBOOK_SLOT`): starting a match in the notebook never replaces the one the app offers
to continue.  Running the notebook again (*Run All* the next day) does not throw that match away
either: :func:`play` shows it again, and starts over only when asked to (``new=True``).

Every function takes ``lang`` (``"ru"`` or ``"en"``); without it they speak the language the
learner last used in a notebook, at the table or in a lesson (:data:`LANG_PREF`), Russian at
first.  The tables are :class:`~.notebook_tables.NotebookTable` frames: a notebook shows their
text whole.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from dataclasses import fields, replace
from typing import TYPE_CHECKING, TypeVar

from ..ai.context import MatchContext
from ..i18n import LANGUAGES, check_lang
from .notices import not_kept_notice, save_set_aside_notice
from .play_view import Pace, PlayScreen
from .review import Alternative, StepAnalysis, analyse_step, learner_steps
from .session import DEFAULT_PACE, DealRecord, MatchSession, SaveError, Settings, open_saved_match
from .store import Store
from .texts import text
from .variant_views import match_score_words
from .views import level_label, outcome_text, points_text, rule_label

if TYPE_CHECKING:
    from ..lessons import LessonPlayer
    from ..widgets import TableWidget
    from .notebook_tables import NotebookTable

__all__ = ["LANG_PREF", "NOTEBOOK_SLOT", "lesson", "notebook_lang", "play", "results", "resume",
           "review_last_deal"]

log = logging.getLogger(__name__)

T = TypeVar("T")

#: the save slot of the notebook's match in progress (the app's is ``"match"``)
NOTEBOOK_SLOT = "notebook"

#: the preference holding the language last used in a notebook (the app's is ``"lang"``)
LANG_PREF = "notebook_lang"


def _check_lang(lang: str | None) -> None:
    if lang is not None:
        check_lang(lang)


def _open(store: Store | None, lang: str | None) -> tuple[Store, str]:
    """The progress file (the notebook's slot unless ``store`` is given) and the language to
    speak: ``lang``, else the one last used in a notebook, else Russian."""
    _check_lang(lang)
    recovered = None
    if store is None:
        store = Store(slot=NOTEBOOK_SLOT)
        recovered = store.recovered
    lang = lang or _remembered_lang(store)
    if recovered is not None:
        print(text("db_set_aside", lang, name=recovered.name, folder=str(recovered.parent)))
    if store.not_kept is not None:
        print(not_kept_notice(store.not_kept, lang))
    return store, lang


def notebook_lang(lang: str | None = None, *, remember: bool = False,
                  store: Store | None = None) -> str:
    """The language a notebook speaks: ``lang`` (``ValueError`` for one other than ``"ru"``
    and ``"en"``), else the one last used in a notebook, else Russian.  ``remember`` keeps it as
    the notebook's language from now on (a widget opened in it, as :func:`play` does)."""
    store, shown = _open(store, lang)
    if remember:
        _remember_lang(store, shown)
    return shown


def _remembered_lang(store: Store) -> str:
    try:
        lang = store.get_pref(LANG_PREF, "ru")
    except sqlite3.Error:
        log.exception("could not read the notebook's language")
        return "ru"
    return str(lang) if lang in LANGUAGES else "ru"


def _remember_lang(store: Store, lang: str) -> None:
    if lang not in LANGUAGES:
        return
    try:
        store.set_pref(LANG_PREF, lang)
    except sqlite3.Error:
        log.exception("could not save the notebook's language")


def _read_or_say(lang: str, read: Callable[[], list[T]], empty: str) -> list[T] | None:
    """What ``read`` finds in the progress file, or ``None`` after saying why there is nothing
    (an unreadable file, or the text ``empty``)."""
    try:
        found = read()
    except sqlite3.Error as exc:
        print(text("nb_unreadable", lang, reason=exc))
        return None
    if not found:
        print(text(empty, lang))
        return None
    return found


class _Table:
    """A table with no main menu around it: "new game" deals a new match with the same
    settings, the language button switches this table (and is remembered for the notebook)."""

    def __init__(self, store: Store, settings: Settings, lang: str, pace: Pace | None) -> None:
        global _latest
        self.settings = settings
        self.store = store
        self.screen = PlayScreen(store, lang=lang, pace=pace, home=False,
                                 four_colour=store.get_pref("four_colour", False) is True,
                                 sound=store.get_pref("sound", True) is not False,
                                 on_leave=self.leave, on_lang=self.switch_lang)
        _remember_lang(store, lang)
        _latest = self   # the notebook's table from now on (see _put_aside_the_table_before)

    def leave(self, where: str) -> None:
        if where == "new-game":
            self.screen.start(self.settings)

    def switch_lang(self) -> None:
        lang = "en" if self.screen.ui.lang == "ru" else "ru"
        self.screen.set_lang(lang)
        _remember_lang(self.store, lang)


_latest: _Table | None = None


def _put_aside_the_table_before() -> None:
    """Pause the notebook's table shown before (a cell run again), dropping its AI card in
    flight: the new table keeps its match in the same save slot, and both would otherwise save
    over each other's.  Done before the save is read, so it is the last word."""
    global _latest
    if _latest is not None:
        _latest.screen.put_aside()
    _latest = None


def _saved_match(store: Store, lang: str) -> tuple[MatchSession | None, str | None]:
    """The notebook's saved match, or ``None`` and what to tell the learner about it (``None``
    again when there simply is none); a save that cannot be read is set aside."""
    try:
        session, set_aside = open_saved_match(store)
    except sqlite3.Error as exc:
        return None, text("nb_unreadable", lang, reason=exc)
    if set_aside is not None:
        return None, save_set_aside_notice(set_aside, lang)
    return session, None


def play(level: str = "easy", *, trump: str = "clubs", deck: int = 36, match: int = 12,
         variant: str = "standard", new: bool = False, lang: str | None = None,
         store: Store | None = None, pace: str | Pace | None = None) -> TableWidget:
    """A match against the AI: you in the south, your partner Nina in the north.

    ``level`` is ``easy``, ``medium``, ``hard`` or ``insane``; ``trump`` ``clubs`` or
    ``called``; ``deck`` 36 or 32; ``match`` 12 or 6; ``variant`` a regional game (``classic``,
    ``nizhny``, ``kozly24``), which brings its own deck, trumps and match.  Every card is saved.
    While the notebook has an unfinished match, that match is shown again where it stopped (with
    a word that ``new=True`` starts a new one), so running the notebook again loses nothing.
    ``lang`` is ``"ru"`` or ``"en"``; without it, the language last used in a notebook.
    ``pace`` is how fast the table moves: ``"relaxed"`` (a new match's, unless given),
    ``"quick"`` or ``"instant"`` (no pauses; a finished trick stays until the next card); an
    unfinished match goes on at its own pace unless one is given.
    """
    chosen, times = _pace_choice(pace)
    settings = Settings(level=level, trump=trump, deck=deck, match=match, variant=variant,
                        pace=chosen or DEFAULT_PACE)
    store, lang = _open(store, lang)
    _put_aside_the_table_before()
    if not new:
        session, problem = _saved_match(store, lang)
        if problem is not None:
            print(problem)
        if session is not None and not session.score.is_over:
            print(text("nb_unfinished", lang, match=_match_label(session, lang),
                       call=_new_match_call(settings)))
            return _resumed(store, session, lang, chosen, times)
    table = _Table(store, settings, lang, times)
    table.screen.start(settings)
    return table.screen.table


def _pace_choice(pace: str | Pace | None) -> tuple[str | None, Pace | None]:
    """``pace`` as a pace of play's name (checked) or as fixed times (tests)."""
    if isinstance(pace, Pace):
        return None, pace
    if pace is not None:
        Settings(pace=pace)   # an unknown pace is a ValueError that names the known ones
    return pace, None


def _resumed(store: Store, session: MatchSession, lang: str, chosen: str | None,
             times: Pace | None) -> TableWidget:
    """A new table going on with the saved ``session``, at the pace ``chosen`` if any."""
    settings = session.settings if chosen is None else replace(session.settings, pace=chosen)
    table = _Table(store, settings, lang, times)
    table.screen.resume(session, pace=settings.pace)
    return table.screen.table


def _match_label(session: MatchSession, lang: str) -> str:
    """``Easy, Clubs · we 4 : 2 they``: which match it is and its score."""
    return text("continue_hint", lang, level=_settings_label(session.settings, lang),
                score=match_score_words(session.rules, session.score.scores, lang))


def _new_match_call(settings: Settings) -> str:
    """The call that starts a new match with ``settings``: ``play("hard", deck=32, new=True)``."""
    default = Settings()
    words = [f'"{settings.level}"']
    for field in fields(Settings)[1:]:
        value = getattr(settings, field.name)
        if value != getattr(default, field.name):
            words.append(f'{field.name}="{value}"' if isinstance(value, str)
                         else f"{field.name}={value}")
    return f"play({', '.join([*words, 'new=True'])})"


def resume(lang: str | None = None, *, store: Store | None = None,
           pace: str | Pace | None = None) -> TableWidget | None:
    """The notebook's match in progress, on a new table; ``None`` (and a word why) if none.

    ``lang`` is ``"ru"`` or ``"en"``; without it, the language last used in a notebook.
    ``pace`` (``"relaxed"``, ``"quick"``, ``"instant"``): without it, the match's own."""
    chosen, times = _pace_choice(pace)
    store, lang = _open(store, lang)
    _put_aside_the_table_before()
    session, problem = _saved_match(store, lang)
    if session is None:
        print(problem or text("nb_no_match", lang))
        return None
    return _resumed(store, session, lang, chosen, times)


def lesson(name: str, lang: str | None = None, *, store: Store | None = None) -> LessonPlayer:
    """A lesson of the course (``"01_table"`` …) on its widget, its progress and stars saved as
    the app saves them.

    ``lang`` is ``"ru"`` or ``"en"``; without it, the language last used in a notebook.  The
    lesson's language button switches it for the notebooks too, as the table's button does.
    """
    from ..lessons import LessonPlayer, LessonProgress

    store, lang = _open(store, lang)
    player = LessonPlayer(name, lang=lang, progress=LessonProgress.for_file(store.path))
    _remember_lang(store, lang)
    player.on_lang(lambda chosen: _remember_lang(store, chosen))
    return player


def review_last_deal(lang: str | None = None, *, budget: float = 2.0,
                     store: Store | None = None, progress: bool = True) -> NotebookTable | None:
    """Every card you played in your last finished deal (here or in the app) beside the
    solver's best: the points your side ends the deal with after your card and after the best
    one, the points given away, and what the deal is worth either way, and why.

    Prints which deal it is (also in the frame's ``attrs["title"]``).  Each position gets
    ``budget`` seconds; a range of points means the time ran out.  ``lang`` is ``"ru"`` or
    ``"en"``; without it, the language last used in a notebook.  A notebook shows the table with
    the "Why" column whole (:class:`~.notebook_tables.NotebookTable`).
    """
    import pandas as pd  # type: ignore[import-untyped]

    from .notebook_tables import NotebookTable

    store, lang = _open(store, lang)
    deals = _read_or_say(lang, lambda: store.finished_deals(limit=1), "nb_no_deal")
    if deals is None:
        return None
    try:
        settings = Settings.from_dict(deals[-1].get("rules"))
        rules = settings.rules()
        record = DealRecord.from_dict(deals[-1].get("deal"), rules)
        steps = learner_steps(record, rules, MatchContext.from_dict(deals[-1].get("match")))
    except (SaveError, ValueError) as exc:
        print(text("nb_bad_deal", lang, reason=exc))
        return None
    title = _deal_title(settings, lang)
    shown = _Progress(len(steps), title) if progress else None
    if shown is None:
        print(title)
    rows = []
    for step in steps:
        analysis = analyse_step(step, budget=budget)
        played = next(alt for alt in analysis.alternatives if alt.card == step.played)
        top = analysis.alternatives[0]   # sorted best first
        best = analysis.best
        rows.append({
            text("nb_col_played", lang): step.played.label(lang),
            text("nb_col_points", lang): points_text(played),
            text("nb_col_deal", lang): outcome_text(played, lang, rules)[0],
            text("nb_col_best", lang): ", ".join(c.label(lang) for c in best) if best else "…",
            text("nb_col_best_points", lang): points_text(top),
            text("nb_col_best_deal", lang): outcome_text(top, lang, rules)[0],
            text("nb_col_lost", lang): _points_lost(analysis, played, top),
            text("nb_col_why", lang): "" if analysis.why is None else analysis.why.get(lang),
        })
        if shown is not None:
            shown.step()
    if shown is not None:
        shown.done()
    # the learner plays one card to every trick (after any a boast made before play): the row
    # number is the trick's
    first = len(record.made) + 1
    frame = NotebookTable(rows, index=pd.Index([first + step.ply // 4 for step in steps],
                                               name=text("nb_col_trick", lang)))
    frame.attrs.update(title=title, wrap=[text("nb_col_why", lang)], lang=lang)
    return frame


def _points_lost(analysis: StepAnalysis, played: Alternative, top: Alternative) -> int | str:
    """The card points the played card gave away against the best card: 0 also when it kept
    the best card's points but not its deal result (the "Why" column says what it cost); "…"
    while not exact, and "—" where the catch makes points no measure of it."""
    if analysis.loss is not None:
        return analysis.loss
    if not analysis.exact:
        return "…"
    return "—" if played.catch or top.catch else top.low - played.low


def _deal_title(settings: Settings, lang: str) -> str:
    return text("nb_deal_title", lang, level=level_label(settings.level, lang),
                rule=rule_label(settings.stats_key[1], lang))


def _settings_label(settings: Settings, lang: str) -> str:
    """``Easy, Clubs``: the difficulty and the trump rule (or regional game)."""
    return f"{level_label(settings.level, lang)}, {rule_label(settings.stats_key[1], lang)}"


class _Progress:
    """A progress bar under the cell while the solver works, then the deal's title in its
    place (a closed widget left in the output would show as an error in Voila)."""

    def __init__(self, total: int, title: str) -> None:
        import ipywidgets  # type: ignore[import-untyped]
        from IPython.display import display

        self.title = title
        self.bar = ipywidgets.IntProgress(value=0, min=0, max=max(total, 1), description=title,
                                          style={"description_width": "initial"})
        self.handle = display(self.bar, display_id=True)  # type: ignore[no-untyped-call]

    def step(self) -> None:
        self.bar.value += 1

    def done(self) -> None:
        from IPython.display import Markdown  # type: ignore[attr-defined, unused-ignore]

        if self.handle is not None:
            self.handle.update(Markdown(f"**{self.title}**"))  # type: ignore[no-untyped-call]
        else:
            print(self.title)
        self.bar.close()


def results(lang: str | None = None, *, store: Store | None = None) -> NotebookTable | None:
    """Your record against the AI, a row per difficulty and trump rule (or regional game),
    which index the rows; a notebook shows the card points per deal to one decimal, none for a
    whole number.  ``lang`` is ``"ru"`` or ``"en"``; without it, the language last used in a
    notebook."""
    from .notebook_tables import NotebookTable

    store, lang = _open(store, lang)
    records = _read_or_say(lang, store.all_stats, "nb_no_results")
    if records is None:
        return None
    rows = [{
        text("nb_col_level", lang): level_label(level, lang),
        text("nb_col_rule", lang): rule_label(rule, lang),
        text("nb_col_matches", lang): stats.matches,
        text("nb_col_wins", lang): stats.wins,
        text("nb_col_deals", lang): stats.deals,
        text("nb_col_deals_won", lang): stats.deals_won,
        text("nb_col_eggs", lang): stats.eggs,
        text("stats_points", lang): round(stats.points_per_deal, 1),
        text("stats_goats", lang): stats.goats,
        text("nb_col_naked", lang): stats.naked_goats,
    } for (level, rule), stats in records]
    frame: NotebookTable = NotebookTable(rows).set_index([text("nb_col_level", lang),
                                                          text("nb_col_rule", lang)])
    frame.attrs["lang"] = lang
    return frame
