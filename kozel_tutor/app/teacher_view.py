"""The app's Teacher section: build a puzzle set, share it, and grade the results.

Three parts on one screen, plain ipywidgets over :mod:`kozel_tutor.puzzles.teacher`, under the
app's panel header (title, the way home and the app's language switch):

* **Build** – filter the catalogue by theme, difficulty, cards and variant (the standard game
  unless the teacher chooses another; the count of matches is the list's, with how many of
  them are not yet in the set), go through what matches with the arrow keys, each puzzle
  shown in full beside the list (:mod:`.teacher_preview`: the student's story, every hand, the
  answer, the hints) and added or taken out alone, or add the first ten at once; or write a
  position of your own (start from the example, help on the format one click away): the solver
  fills in the answers, or says why the position has no unique best card; a position that is
  not written correctly is named in words, with the place.
* **Share** – the set's title and repository (text boxes named by their labels), the list of its
  puzzles (title, themes, variant, rating and id, which tell apart puzzles of one title) with a
  button to remove each (named with its number and title), a button to clear the set that asks
  first, one to open a set file saved before (replacing the set on the screen only once asked),
  its file to download (named after the title), and the whole Binder link that opens it in the
  app, to copy (:func:`link_box`), with a word that each student solves in a copy of the app
  of their own (the Binder link, or the app on their own computer with the file).  In the
  app run in Voila outside Binder, also a link to try the set in this very app
  (:func:`local_link_offered`), said to be the teacher's alone: one app keeps one name, one set
  of answers and one rating for everyone who opens it.  A set's id is made from its puzzles
  (:func:`~kozel_tutor.puzzles.handout.handout_set`): once its file was downloaded or its link
  copied or opened, a change makes it another set, and the screen says to hand it out again.
* **Grade** – upload the students' results files (JSON or CSV, as the app or Excel saved
  them); each bad file is named with its problem and the rest still make the gradebook: one
  part per set, under its title, each with its CSV to download, every answer graded by its card
  where the puzzle is known, and its headers, puzzle titles and cards in the teacher's
  language.  The files read are listed (file → student, set, answers), each once (a file
  chosen again, the same name and content, is said to be loaded already), each with a button
  to take it out, and one to take them all out, which asks first; the screen says which
  answers a file marks otherwise than their cards, and which files name the same student but
  are shown apart.  A file that cannot be used is said with what to do about it.

With the app's store (``store=``), the set being built – its puzzles, the teacher's own
positions, the title – is kept as a draft (:mod:`.teacher_draft`): leaving the section, or
reloading the page, loses nothing.  The results files loaded are kept for the session (a
:class:`ResultsInbox` per store): leaving the section and coming back finds the gradebook as it
was.  The title reaches Python at every key, so the set's file and link always carry the title
the teacher sees (and their buttons wait for it, should a click outrun the typing; they are
not drawn anew under a press, :class:`~kozel_tutor.widgets.steady_html.SteadyHTML`); the
repository and the position when the teacher leaves the field or presses Enter.  Each is cut
to what a draft keeps (:data:`~kozel_tutor.puzzles.teacher.DRAFT_TEXT_LIMITS`), saying so.  A
draft that cannot be read is set aside, and the screen says so; so it does when the draft
cannot be written.

Every word on the screen (:mod:`.teacher_texts`), the problems included, follows the language
switch.  What an action did – puzzles added or taken out, a position refused, files loaded –
is also read out by a screen reader (:class:`~.teacher_live.LiveStatus`), and the questions
before the set is cleared or every results file goes describe their two buttons; Escape
answers them *Cancel*.

>>> difficulty_range("easy")
(0, 1199)
"""

from __future__ import annotations

import base64
import binascii
import html
import json
import logging
import os
import sqlite3
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import ipywidgets  # type: ignore[import-untyped]
import pandas as pd  # type: ignore[import-untyped]

from ..bad_rows import UnreadableValue
from ..puzzles.handout import handout_set
from ..puzzles.model import (
    Goal,
    Puzzle,
    PuzzleError,
    PuzzleProblem,
    PuzzleSet,
    Text,
    load_catalogue_lenient,
    unreceived_file_error,
)
from ..puzzles.result_words import sentence
from ..puzzles.teacher import (
    DRAFT_TEXT_LIMITS,
    EXAMPLE_POSITION,
    LONG_LINK,
    Gradebook,
    TeacherDraft,
    answer_label,
    author_puzzle,
    filter_puzzles,
    gradebook,
    gradebook_html,
    read_results,
    results_table,
    set_dict,
    set_filename,
    set_link,
    set_to_param,
)
from ..puzzles.themes import THEMES
from ..puzzles.variants import VARIANTS
from ..widgets import Command, PanelWidget, SteadyHTML
from ..widgets.file_button import ChosenFile, FileButton
from .screens import LanguageSwitch, lang_button, wbutton
from .store import Store
from .teacher_draft import DRAFT, DraftKeeper
from .teacher_live import LiveStatus
from .teacher_preview import page_heading, preview_html, puzzle_meta
from .teacher_texts import HELP
from .teacher_texts import t as _t
from .typed_links import wait_for_typed

__all__ = ["DRAFT", "ResultsInbox", "TeacherView", "difficulty_range", "link_box",
           "local_link_offered", "results_inbox"]

log = logging.getLogger(__name__)

_DIFFICULTY = {"any": (0, 9999), "easy": (0, 1199), "medium": (1200, 1599),
               "hard": (1600, 9999)}

# The set's file, its link and the copy button carry the title they were made with
# (data-title), and wait for the title the teacher sees (typed_links.py).
_FRESH_JS = wait_for_typed(".kz-teacher", ".kz-teacher-title input", "title")

# The whole Binder link in a field that wraps, and a button that copies it (in the browser:
# Python cannot reach the teacher's clipboard).
_COPY_JS = _FRESH_JS + ("const f=this.closest('.kz-teacher-linkbox').querySelector('textarea');"
            "f.focus();f.select();const done=()=>{this.textContent=this.dataset.done;};"
            "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard"
            ".writeText(f.value).then(done,()=>{document.execCommand('copy');done();});}"
            "else{document.execCommand('copy');done();}")

# The set was handed out (its file downloaded, its link copied or opened): the hidden field
# .kz-teacher-handed takes the set's id (data-set), which reaches Python as the field's value.
_HANDED_JS = ("const h=this.closest('.kz-teacher');"
              "const i=h&&h.querySelector('.kz-teacher-handed input');"
              "if(i&&this.dataset.set){i.value=this.dataset.set;"
              "i.dispatchEvent(new Event('input',{bubbles:true}));}")

# Labels in full ("Карт на руках", not "Карт на р…"), buttons as wide as their words.
_LABELLED = {"description_width": "initial"}
# A text box as wide as the line allows, its label before it (the label names the box for a
# screen reader too).
_WIDE = {"width": "100%", "max_width": "44em"}
# A place where a line may break, of no width and not read out: after a space of the catalogue
# list's lines, which ipywidgets shows as non-breaking (TeacherView._pick_label).
_BREAK = "\u200b"
# ... and where it may not: after the hyphens of a puzzle's code (e3-0ab965480f stays whole)
_JOIN = "\u2060"


def _onclick(script: str) -> str:
    return f'onclick="{html.escape(script)}"'


def link_box(link: str, lang: str, *, attrs: Callable[[str], str] = _onclick,
             prefix: str = "teacher-link", label: str | None = None,
             heading: bool = True, field_attrs: str = "") -> str:
    """The whole link in a field that wraps and selects itself, with a button that copies it
    (in the browser: Python cannot reach the teacher's clipboard) and one that opens it.
    ``attrs`` gives a button's click attributes for its script (the screen's wait for the title
    typed); ``prefix`` names the parts for tests (``…-text``, ``…-copy``, ``…-open``; the Binder
    link keeps its old names); ``label`` names the field, shown above it unless not
    ``heading``; ``field_attrs``, more attributes of the field."""
    url = html.escape(link)
    words = html.escape(label or _t("link", lang))
    names = (("teacher-link-text", "teacher-copy", "teacher-link") if prefix == "teacher-link"
             else (f"{prefix}-text", f"{prefix}-copy", f"{prefix}-open"))
    return ((f'<p class="kz-teacher-linklabel">{words}:</p>' if heading else "")
            + f'<textarea readonly rows="3" class="kz-teacher-linktext" spellcheck="false" '
            f'style="width: 100%; box-sizing: border-box;" data-testid="{names[0]}" '
            f'aria-label="{words}" onfocus="this.select()" {field_attrs}>{url}</textarea>'
            f'<div class="kz-teacher-linkactions">'
            f'<button type="button" class="kz-btn" data-testid="{names[1]}" '
            f'data-done="{html.escape(_t("copied", lang))}" {attrs(_COPY_JS)}>'
            f'{html.escape(_t("copy", lang))}</button>'
            f'<a class="kz-btn" data-testid="{names[2]}" target="_blank" rel="noopener" '
            f'{attrs(_FRESH_JS)} href="{url}">{html.escape(_t("open_link", lang))}</a></div>')


def _set_attr(puzzle_set: PuzzleSet) -> str:
    """The id of the set on the screen, as an attribute of what hands it out."""
    return f'data-set="{html.escape(puzzle_set.id)}"'


def local_link_offered(in_app: bool) -> bool:
    """Whether the screen offers a link to try the set in the app it runs in: only on the app's
    own page (``in_app``: its link is the page's own address with the set, and the teacher's
    notebook in Voila is not the app), run in Voila, and not on Binder (there the Binder link
    opens it).  The link is for the teacher alone: one app keeps one name, one set of answers
    and one rating for everyone who opens it, so students each use a copy of their own."""
    if not in_app or os.environ.get("BINDER_REPO_URL") or os.environ.get("BINDER_LAUNCH_HOST"):
        return False
    return bool(os.environ.get("VOILA_BASE_URL"))


def difficulty_range(name: str) -> tuple[int, int]:
    return _DIFFICULTY.get(name, _DIFFICULTY["any"])


def _catalogue() -> tuple[list[PuzzleSet], list[Puzzle], list[PuzzleError]]:
    """The catalogue's sets, its puzzles (each id once), and the files that could not be
    read."""
    sets, errors = load_catalogue_lenient()
    seen: dict[str, Puzzle] = {}
    for puzzle_set in sets:
        for puzzle in puzzle_set.puzzles:
            seen.setdefault(puzzle.id, puzzle)
    return sets, list(seen.values()), errors


@dataclass(frozen=True, eq=False)
class Received:
    """A results file the teacher chose: its ``name``, and its answers as read
    (:func:`~kozel_tutor.puzzles.teacher.read_results`), or the ``error`` saying why it could
    not be read; ``content``, its bytes (``None`` for a file too large to be sent), and
    ``size``, for such a file, its size as the browser gave it."""

    name: str
    rows: pd.DataFrame | None = None
    error: PuzzleError | None = None
    content: bytes | None = None
    size: int | None = None

    def same_file(self) -> tuple[str, bytes | int | None]:
        """What tells the file from others: its name and its bytes (its size, when they were
        not sent).  A file chosen again is the same file: it is listed once."""
        return self.name, self.content if self.content is not None else self.size


INBOX_DRAFT = "teacher_results"
"""The draft that keeps the results files loaded on the teacher's screen across page loads."""

INBOX_KEPT_BYTES = 16 * 1024 * 1024
"""At most this much of the files is kept (a class's results files are a few KB each)."""


class ResultsInbox:
    """The results files loaded on the teacher's screen, in the order chosen.  The app makes
    the screen afresh at each visit; the files stay here for the session
    (:func:`results_inbox`), and with a store in its ``teacher_results`` draft, so that a
    reload of the page, or the next day, finds the gradebook as it was."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        self.files: list[Received] = []
        if store is None:
            return
        try:
            kept = store.read_draft(INBOX_DRAFT) or {}
        except (sqlite3.Error, UnreadableValue):
            log.exception("could not read the kept results files")
            return
        entries = kept.get("files")
        for entry in entries if isinstance(entries, list) else []:
            try:
                name, data = entry["name"], base64.b64decode(entry["data"], validate=True)
            except (KeyError, TypeError, ValueError, binascii.Error):
                continue   # a damaged entry is dropped; the others still count
            if isinstance(name, str):
                self.files.append(read_received(name, data))

    def add(self, files: Sequence[Received]) -> list[Received]:
        """Add ``files``, in the order chosen, except those already here (the same name and
        content: :meth:`Received.same_file`), which come back: each file is listed once."""
        known = {file.same_file() for file in self.files}
        again: list[Received] = []
        for file in files:
            if file.same_file() in known:
                again.append(file)
            else:
                known.add(file.same_file())
                self.files.append(file)
        if len(again) < len(files):
            self._keep()
        return again

    def remove(self, number: int | None = None) -> None:
        """Take out the file at place ``number`` (every file without a number)."""
        if number is None:
            self.files.clear()
        elif 0 <= number < len(self.files):
            del self.files[number]
        self._keep()

    def _keep(self) -> None:
        if self.store is None:
            return
        entries, size = [], 0
        for file in self.files:
            if file.content is None or size + len(file.content) > INBOX_KEPT_BYTES:
                continue
            size += len(file.content)
            entries.append({"name": file.name,
                            "data": base64.b64encode(file.content).decode("ascii")})
        try:
            self.store.save_draft(INBOX_DRAFT, {"files": entries})
        except sqlite3.Error:   # the gradebook still works for this visit
            log.exception("could not keep the results files")


_INBOXES: weakref.WeakKeyDictionary[Store, ResultsInbox] = weakref.WeakKeyDictionary()


def results_inbox(store: Store | None) -> ResultsInbox:
    """The results files of the session whose store is ``store`` (each screen its own without
    one, as in a notebook)."""
    if store is None:
        return ResultsInbox()
    inbox = _INBOXES.get(store)
    if inbox is None:
        inbox = _INBOXES[store] = ResultsInbox(store)
    return inbox


def read_received(name: str, content: bytes) -> Received:
    """One uploaded file read; whatever goes wrong is said of this file alone."""
    try:
        return Received(name, rows=read_results((name, content)), content=content)
    except PuzzleError as exc:
        return Received(name, error=exc, content=content)
    except Exception:   # a file no check foresaw must not stop the others
        # the exception's own words (a TypeError's, say) are for the log, not the teacher
        log.exception("could not read the results file %s", name)
        reason = {lang: _t("unexpected_file_error", lang) for lang in ("en", "ru")}
        error = PuzzleError([PuzzleProblem("cannot_read", reason=reason)], name,
                            PuzzleProblem("advice_results_again"))
        return Received(name, error=error, content=content)


# What the teacher can do about a file that could not be used, by its first problem's key
# (:data:`.teacher_texts.TEXT`; ``""``: the problem says it already); the gradebook's files
# (a damaged results file already asks for the file again), then the set files.
_RESULTS_ADVICE = {"set_not_results": "advice_results_set", "too_large": "advice_results_size",
                   "not_received": ""}
_SET_ADVICE = {"other_kind": "advice_set_file", "not_a_set": "advice_set_file",
               "not_utf8": "advice_set_file", "too_large": "advice_set_size",
               "not_received": ""}


def advised_problems(error: PuzzleError, lang: str, advice: dict[str, str],
                     otherwise: str) -> str:
    """The problems of ``error`` in ``lang``, without the file's name, as full sentences that
    end with what to do: its own advice, else ``advice`` for its first problem's key, else
    ``otherwise`` (keys of :data:`.teacher_texts.TEXT`).

    >>> from kozel_tutor.puzzles.model import unreceived_file_error
    >>> advised_problems(unreceived_file_error("big.json", 9_437_229, True, 8 << 20), "en",
    ...                  _RESULTS_ADVICE, "advice_results_file")
    "too large (9 MB; at most 8 MB). A student's results file takes a few kB: check that \
this is the right file."
    """
    text = error.problems_text(lang)
    if error.advice is not None:
        return text   # it ends with the advice's own full stop
    first = error.details[0].key if error.details else ""
    key = advice.get(first, otherwise)
    stop = "" if text.endswith((".", "!", "?")) else "."
    return f"{text}{stop} {_t(key, lang)}" if key else f"{text}{stop}"


def _question(name: str, on_yes: Callable[[], None], on_no: Callable[[], None],
              ) -> tuple[ipywidgets.VBox, ipywidgets.HTML, ipywidgets.Button, ipywidgets.Button]:
    """A question asked before something is lost, hidden until asked: the box (class
    ``kz-teacher-confirm``, whose Escape is Cancel: LiveStatus), its words, and its buttons Yes
    (``{name}-yes``) and Cancel (``{name}-no``, the main one: the safe answer)."""
    words = ipywidgets.HTML()
    yes = wbutton(f"{name}-yes")
    yes.on_click(lambda _: on_yes())
    no = wbutton("kz-wbtn-primary", f"{name}-no")
    no.on_click(lambda _: on_no())
    box = ipywidgets.VBox([words, ipywidgets.HBox([yes, no])],
                          layout=ipywidgets.Layout(display="none"))
    box.add_class("kz-teacher-confirm")
    return box, words, yes, no


def _set_choices(dropdown: Any, options: list[tuple[str, str]], default: str,
                 description: str) -> None:
    """New words for a dropdown's choices, keeping the one chosen."""
    value = dropdown.value or default
    dropdown.options = options
    dropdown.value = value
    dropdown.description = description


class TeacherView(LanguageSwitch, ipywidgets.VBox):  # type: ignore[misc]
    """The Teacher section of the app (also usable on its own in a notebook).

    ``on_lang`` switches the language of the whole app (the app passes its own switch; without
    one, as in a notebook, the switch changes this screen).  ``store`` keeps the set being built
    between visits (without one nothing is kept).  ``go_home`` is the app's way home: with one,
    the screen is the app's section, whose page is the app (:func:`local_link_offered`).
    """

    ADD_AT_ONCE = 10

    def __init__(self, lang: str, go_home: Callable[[], None] | None = None, *,
                 backend: str | None = None,
                 on_lang: Callable[[], None] | None = None, store: Store | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("kz-teacher")
        self.add_class("kz-page")
        self.lang = "ru" if lang == "ru" else "en"
        self.go_home = go_home
        self.on_lang = on_lang
        self.backend = backend
        self.store = store
        self._quiet = False   # set while the screen itself changes values (language, draft)
        # the catalogue's errors are shown above
        self.catalogue_sets, self.catalogue, self.load_errors = _catalogue()
        self.keeper = DraftKeeper(store, self.catalogue)
        self.chosen: list[Puzzle] = []
        self.inbox = results_inbox(store)
        self.book: Gradebook | None = None
        self._authored: Puzzle | PuzzleError | tuple[str, dict[str, object]] | None = None
        self._cut: str | None = None   # the title or repository just cut to its limit
        self._repo_error: str | None = None   # why the repository typed makes no link
        self._reshare_shown = False   # the screen says the set changed since it was handed out
        self._replacing: tuple[str, PuzzleSet] | None = None   # a set file, asked to replace
        self._opened: PuzzleError | tuple[str, dict[str, object]] | None = None   # said of it
        self.live = LiveStatus(testid="teacher-spoken", escape_from=".kz-teacher-confirm",
                               escape_to=".kz-teacher-clear-no, .kz-teacher-clear-results-no",
                               keys_of=".kz-teacher")
        self._build_header()
        self._build_filters()
        self._build_own_position()
        self._build_share()
        self._build_grade()
        self.children = self._lay_out()
        self.set_lang(self.lang)
        self._restore_draft()
        if self.inbox.files:
            self._show_results()

    # -- the parts of the screen ------------------------------------------------------------

    def _lay_out(self) -> tuple[Any, ...]:
        """The screen from top to bottom: header, build, share, grade.  Its rows clip nothing
        (an ipywidgets box scrolls what overflows it, and so cuts off the focus ring of a
        control at its edge)."""
        row = ipywidgets.Layout(flex_flow="row wrap", align_items="center", overflow="visible")
        hbox = ipywidgets.HBox
        return (
            self.header,
            self.section_title("build"),
            hbox([self.theme, self.difficulty, self.cards, self.variant], layout=row),
            hbox([self.found, self.add], layout=row),
            self.pick_help,
            hbox([ipywidgets.VBox([self.pick, self.toggle],
                                  layout=ipywidgets.Layout(align_items="flex-start",
                                                           overflow="visible")),
                  self.preview],
                 layout=ipywidgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                          overflow="visible")),
            self.own, self.help, hbox([self.example], layout=row), self.position,
            hbox([self.goal, self.check], layout=row), self.goal_hint, self.author_status,
            self.section_title("share"), hbox([self.title, self.repo], layout=row),
            self.details_status, hbox([self.count, self.clear, self.open_file], layout=row),
            self.open_status, self.confirm, self.reshare, self.items, self.share,
            self.section_title("grade"), self.upload, self.files_again, self.files_box,
            self.results_confirm, self.grades,
            self.live, self.handed,
        )

    def _build_header(self) -> None:
        self.header = PanelWidget(lang=self.lang)
        self.header.add_class("kz-teacher-header")
        self.header.add_class("kz-page-header")
        self.header.on_command(self._command)

    def _build_filters(self) -> None:
        """The catalogue's filters, what they find, and the buttons to add it or clear."""
        w = ipywidgets
        self.theme = w.Dropdown(style=_LABELLED)
        self.difficulty = w.Dropdown(style=_LABELLED)
        self.cards = w.Dropdown(style=_LABELLED)
        self.variant = w.Dropdown(style=_LABELLED)
        for control in (self.theme, self.difficulty, self.cards, self.variant):
            control.layout.width = "auto"
            control.layout.max_width = "100%"   # a narrow screen: no wider than the line
            control.observe(lambda _: self.refresh(), names="value")
        self.found = w.HTML()
        self.add = wbutton("kz-wbtn-primary", "kz-teacher-add")
        self.add.on_click(lambda _: self.add_filtered())
        self._build_picker()

    def _build_picker(self) -> None:
        """The filtered catalogue as a list to go through with the arrow keys, the puzzle chosen
        in it shown in full (:func:`.teacher_preview.preview_html`), and its button to add it to
        the set or take it out."""
        w = ipywidgets
        self.pick_help = w.HTML()
        # its label above it: the list as wide as its lines, on a narrow screen too
        self.pick = w.Select(rows=10, style=_LABELLED,
                             layout=w.Layout(flex_flow="column", align_items="flex-start",
                                             width="auto", max_width="100%"))
        self.pick.add_class("kz-teacher-pick")
        self.pick.observe(lambda _: None if self._quiet else self._show_preview(), names="value")
        self._matches: dict[str, Puzzle] = {}
        self.preview = w.HTML(layout=w.Layout(flex="1 1 16em", min_width="14em",
                                              margin="0 0 0 12px"))
        self.toggle = wbutton("kz-teacher-toggle")
        self.toggle.on_click(lambda _: self.toggle_picked())

    def _build_own_position(self) -> None:
        """The teacher's own position: the example, the help on its format, the box, the goal
        and the check, and what the check said."""
        w = ipywidgets
        self.own = w.HTML()
        self.own.add_class("kz-teacher-own")
        self.example = wbutton("kz-teacher-example")
        self.example.on_click(lambda _: self.use_example())
        self.help = w.HTML()
        self.help.add_class("kz-teacher-help")
        self.position = w.Textarea(layout=w.Layout(width="100%", height="15em"),
                                   continuous_update=False, style=_LABELLED)
        self.position.add_class("kz-teacher-position")
        self.position.observe(lambda _: self._edited(), names="value")
        self.goal = w.Dropdown(style=_LABELLED, layout=w.Layout(width="auto", max_width="100%"))
        self.goal.add_class("kz-teacher-goal")
        self.goal.observe(lambda _: self._edited(), names="value")
        self.check = wbutton("kz-wbtn-primary", "kz-teacher-check")
        self.check.on_click(lambda _: self.author())
        self.goal_hint = w.HTML()
        self.goal_hint.add_class("kz-teacher-goal-hint")
        self.author_status = w.HTML()

    def _build_share(self) -> None:
        """The set's title and repository, its list of puzzles, its file and link."""
        w = ipywidgets
        self.title = w.Text(value="", continuous_update=True,   # see _FRESH_JS
                            style=_LABELLED, layout=w.Layout(**_WIDE))
        self.title.add_class("kz-teacher-title")
        self.title.observe(lambda _: self._details_edited("title"), names="value")
        self.repo = w.Text(value="", continuous_update=False, style=_LABELLED,
                           layout=w.Layout(**_WIDE))
        self.repo.add_class("kz-teacher-repo")
        self.repo.observe(lambda _: self._details_edited("repo"), names="value")
        self.details_status = w.HTML()
        self.count = w.HTML()
        self.clear = wbutton("kz-teacher-clear")
        self.clear.on_click(lambda _: self.ask_clear())
        self.confirm, self.clear_question, self.clear_yes, self.clear_no = _question(
            "kz-teacher-clear", self._answer_yes, self.cancel_clear)
        self.items = w.VBox()
        self.items.add_class("kz-teacher-items")
        self._rows: dict[str, tuple[Any, Any, Any]] = {}
        self.share = SteadyHTML()   # its links are made anew as the title is typed
        self.reshare = w.HTML()
        self.open_file = FileButton(accept=".json", testid="teacher-open-set")
        self.open_file.add_class("kz-teacher-open-set")
        self.open_file.on_files(self._on_set_file)
        self.open_status = w.HTML()
        # the id of a set just handed out, put here by the page (_HANDED_JS): never shown
        self.handed = w.Text(value="", continuous_update=True,
                             layout=w.Layout(display="none"))
        self.handed.add_class("kz-teacher-handed")
        self.handed.observe(lambda change: self.handed_out(str(change["new"])), names="value")

    def _build_grade(self) -> None:
        """The button for the students' results files, the list of the files loaded, and the
        gradebook."""
        self.upload = FileButton(accept=".json,.csv,.txt", multiple=True,
                                 testid="teacher-upload")
        self.upload.add_class("kz-teacher-upload")
        self.upload.on_files(self._on_files)
        self.files_box = ipywidgets.VBox()
        self.files_box.add_class("kz-teacher-files")
        self.clear_results = wbutton("kz-wbtn-small", "kz-teacher-clear-results")
        self.clear_results.layout.align_self = "flex-start"
        self.clear_results.on_click(lambda _: self.ask_clear_results())
        # the question before every file goes (its Cancel answers Escape: LiveStatus)
        (self.results_confirm, self.results_question, self.results_yes,
         self.results_no) = _question("kz-teacher-clear-results", self.clear_all_results,
                                      self.cancel_clear_results)
        self.results_confirm.add_class("kz-teacher-results-confirm")
        self.files_again = ipywidgets.HTML()   # the files chosen again, listed once
        self._again: list[str] = []
        self.grades = ipywidgets.HTML()

    def section_title(self, key: str) -> ipywidgets.HTML:
        label = ipywidgets.HTML()
        label.add_class(f"kz-teacher-{key}")
        label.key = key
        return label

    @contextmanager
    def _quietly(self) -> Iterator[None]:
        """Values set by the screen itself: not the teacher's edits (nothing is saved, no
        message is cleared)."""
        before, self._quiet = self._quiet, True
        try:
            yield
        finally:
            self._quiet = before

    # -- language ---------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Every word on the screen in ``lang`` (the app calls this when the language changes)."""
        self.lang = lang = "ru" if lang == "ru" else "en"
        self.live.clear()   # nothing said; no line left in the other language
        self._show_header()
        for child in self.children:
            key = getattr(child, "key", None)
            if key:
                child.value = page_heading(2, _t(key, lang))
        self._word_choices()
        self._word_controls()
        self.refresh()
        self._show_authored()
        self._show_details_status()
        self._show_opened()
        self._show_results()

    def _word_choices(self) -> None:
        """The dropdowns' choices and labels, in the screen's language."""
        lang = self.lang
        any_ = (_t("any", lang), "any")
        with self._quietly():
            _set_choices(self.theme, [any_, *((d.name.get(lang), k) for k, d in THEMES.items())],
                         "any", _t("theme", lang))
            _set_choices(self.difficulty, [(_t(k, lang), k) for k in _DIFFICULTY], "any",
                         _t("difficulty", lang))
            # «любой» / «сколько угодно»: the default agrees with each label
            _set_choices(self.cards, [(_t("any_cards", lang), "any"), ("3", "3"), ("4", "4"),
                                      ("5", "5"), ("6", "6"), (_t("opening", lang), "9")],
                         "any", _t("cards", lang))
            # the standard game unless the teacher asks for another: a regional puzzle does
            # not slip into a homework unasked
            _set_choices(self.variant, [(_t("any_variant", lang), "any"),
                                        *((name.get(lang), key) for key, name in VARIANTS.items())],
                         "standard", _t("variant", lang))
            _set_choices(self.goal, [(_t("auto", lang), "auto"),
                                     *((g.text(lang).rstrip("."), g.value) for g in Goal)],
                         "auto", _t("goal", lang))

    def _word_controls(self) -> None:
        """The headings, help, buttons and placeholders, in the screen's language."""
        lang = self.lang
        self.own.value = page_heading(3, _t("own", lang))
        summary, points = HELP[lang]
        self.help.value = (f'<details data-testid="teacher-help"><summary>{html.escape(summary)}'
                           f'</summary><ul>{"".join(f"<li>{p}</li>" for p in points)}</ul>'
                           f'</details>')
        self.example.description = _t("example", lang)
        self.example.tooltip = _t("example_hint", lang)
        self.position.placeholder = _t("author", lang)
        self.position.description = _t("position_label", lang)
        self.pick.description = _t("pick", lang)
        self.pick_help.value = (f'<p class="kz-teacher-item-meta">'
                                f'{html.escape(_t("pick_help", lang))}</p>')
        self.clear.tooltip = _t("clear_hint", lang)
        self.clear_yes.description = _t("clear_yes", lang)
        self.clear_no.description = _t("clear_no", lang)
        self.goal_hint.value = f"<p>{html.escape(_t('goal_hint', lang))}</p>"
        self.check.description = _t("check", lang)
        self.clear.description = _t("clear", lang)
        self.title.description = _t("set_title", lang)
        self.title.placeholder = _t("set_title_example", lang)
        self.repo.description = _t("repo", lang)
        self.repo.placeholder = _t("repo_example", lang)
        self.upload.description = _t("upload", lang)
        self.open_file.description = _t("open_set", lang)
        self.clear_results.description = _t("clear_results", lang)
        self.clear_results.tooltip = _t("clear_results_hint", lang)

    def _show_header(self) -> None:
        lang = self.lang
        self.header.lang = lang
        toolbar = [lang_button(lang)]
        if self.go_home is not None:
            toolbar.insert(0, {"id": "home", "label": _t("home", lang), "testid": "teacher-home"})
        view: dict[str, Any] = {"title": _t("title", lang), "subtitle": _t("intro", lang),
                                "testid": "teacher", "toolbar": toolbar, "buttons": []}
        problems = self.keeper.messages(lang)
        if self.load_errors:
            problems.append(_t("bad_catalogue", lang,
                               problems="; ".join(e.text(lang) for e in self.load_errors)))
        if problems:
            view["error"] = " ".join(problems)
        self.header.view = view

    def _command(self, command: Command) -> None:
        if command.kind == "button":
            self.header_button(command.value)

    # -- the draft --------------------------------------------------------------------------

    def draft(self) -> TeacherDraft:
        """The set being built, as it is kept between visits."""
        return TeacherDraft(list(self.chosen), self.title.value, self.repo.value,
                            self.position.value, str(self.goal.value or "auto"))

    def _save_draft(self) -> None:
        if self._quiet:
            return
        failed = self.keeper.save_failed
        self.keeper.save(self.draft())
        if self.keeper.save_failed != failed:
            self._show_header()

    def _restore_draft(self) -> None:
        """The set the teacher was building last time (:meth:`.DraftKeeper.restore`)."""
        draft = self.keeper.restore()
        if draft is not None:
            with self._quietly():
                self.chosen[:] = draft.puzzles
                self.title.value = draft.title
                self.repo.value = draft.repo
                self.position.value = draft.position
                self.goal.value = draft.goal
            self.refresh()
        if self.keeper.messages(self.lang):
            self._show_header()

    def _cut_to_limit(self, field: str, widget: Any) -> bool:
        """Cut the text of ``widget`` to what a draft keeps of ``field``; whether it was."""
        limit = DRAFT_TEXT_LIMITS[field]
        if len(widget.value) <= limit:
            return False
        with self._quietly():
            widget.value = widget.value[:limit]
        return True

    # -- build ------------------------------------------------------------------------------

    def filtered(self) -> list[Puzzle]:
        low, high = difficulty_range(str(self.difficulty.value))
        themes = () if self.theme.value in (None, "any") else (str(self.theme.value),)
        cards: Sequence[int] = () if self.cards.value in (None, "any") else (int(self.cards.value),)
        variants = () if self.variant.value in (None, "any") else (str(self.variant.value),)
        return filter_puzzles(self.catalogue, themes=themes, min_rating=low, max_rating=high,
                              cards=cards, variants=variants)

    def _unchosen(self, matches: list[Puzzle] | None = None) -> list[Puzzle]:
        """The filtered puzzles (``matches``, else the filter's now) not yet in the set (by id:
        a puzzle kept in a draft may be in other words than the catalogue's copy)."""
        chosen = {p.id for p in self.chosen}
        return [p for p in (self.filtered() if matches is None else matches)
                if p.id not in chosen]

    def refresh(self) -> None:
        filtered = self.filtered()
        matches = self._unchosen(filtered)
        # the list shows every match (✓: in the set already); the button adds the others
        self.found.value = html.escape(
            _t("found", self.lang, n=len(filtered)) if len(matches) == len(filtered)
            else _t("found_left", self.lang, n=len(filtered), left=len(matches)))
        self.add.description = _t("add", self.lang, n=min(self.ADD_AT_ONCE, len(matches)))
        self.add.disabled = not matches
        self.clear.description = _t("clear", self.lang)
        self.clear.disabled = not self.chosen
        if self._asking():
            self._word_confirm()
        self._refresh_picker(filtered)
        self.refresh_items()
        self.refresh_share()
        self._show_reshare()

    def _pick_label(self, puzzle: Puzzle, chosen: set[str]) -> str:
        """``✓ Пустая карта: 3 карты · рейтинг 900 · код e3-0ab965480f``: the puzzle's title and
        what tells it from the others of that title; ✓ when it is in the set.

        The list shows every space as a non-breaking one (ipywidgets' ``Select``), so an
        invisible :data:`_BREAK` follows each space of the title and each ``·``: there a long
        line breaks on a phone (panel.css lets the list's lines wrap where it is narrower than
        they are), and nowhere else; "рейтинг 900" and the code stay whole (:data:`_JOIN`
        after its hyphens)."""
        lang = self.lang
        mark = "✓ " if puzzle.id in chosen else ""
        title = puzzle.title.get(lang).replace(" ", f" {_BREAK}")
        return mark + f" · {_BREAK}".join((title,
                                           _t("item_rating", lang, rating=puzzle.rating),
                                           _t("item_id", lang,
                                              id=puzzle.id.replace("-", f"-{_JOIN}"))))

    def _refresh_picker(self, matches: list[Puzzle]) -> None:
        """The list of the filtered catalogue (``matches``), the puzzle chosen in it kept where
        it still is."""
        chosen = {p.id for p in self.chosen}
        self._matches = {p.id: p for p in matches}
        current = self.pick.value
        with self._quietly():
            self.pick.options = [(self._pick_label(p, chosen), p.id) for p in matches]
            self.pick.value = (current if current in self._matches
                               else (matches[0].id if matches else None))
        self._show_preview()

    def picked(self) -> Puzzle | None:
        """The catalogue puzzle chosen in the list."""
        return self._matches.get(str(self.pick.value)) if self.pick.value else None

    def _show_preview(self) -> None:
        """The puzzle chosen in the list, in full, and whether its button adds or removes it."""
        puzzle, lang = self.picked(), self.lang
        if puzzle is None:
            self.preview.value = (f'<p data-testid="teacher-preview-none">'
                                  f'{html.escape(_t("pick_none", lang))}</p>')
            self.toggle.description = _t("pick_add", lang)
            self.toggle.disabled = True
            return
        in_set = any(p.id == puzzle.id for p in self.chosen)
        self.preview.value = preview_html(puzzle, lang)
        self.toggle.description = _t("pick_remove" if in_set else "pick_add", lang)
        self.toggle.tooltip = f"{self.toggle.description}: {puzzle.title.get(lang)}"
        self.toggle.disabled = False

    def toggle_picked(self) -> bool:
        """Add the puzzle chosen in the list to the set, or take it out if it is in; whether it
        is in the set now."""
        puzzle = self.picked()
        if puzzle is None:
            return False
        if self.remove(puzzle.id):
            return False
        self.chosen.append(puzzle)
        self._set_changed(_t("said_added_one", self.lang, title=puzzle.title.get(self.lang),
                             total=len(self.chosen)))
        return True

    def _set_changed(self, said: str = "") -> None:
        """The set changed: what was said of the last position checked no longer applies, and
        the gradebook knows the set anew; ``said``, what changed, is read out.  An emptied set
        starts afresh: the sets handed out before are forgotten."""
        if not self.chosen:
            self.keeper.handed.clear()
        self._forget_authored()
        self._forget_opened()
        self._after_change(said)

    def _after_change(self, said: str) -> None:
        """The screen, the draft and the gradebook after the set changed, and ``said`` read
        out, with the word that the set is no longer the one handed out, when that is new."""
        shown = self._reshare_shown
        self.refresh()
        self._save_draft()
        if self.inbox.files:
            self._show_results()
        if self._reshare_shown and not shown:
            said = f"{said} {_t('reshare', self.lang)}".strip()
        self._say(said)

    def _say(self, text: str) -> None:
        """Read ``text`` out to a screen reader (:class:`.LiveStatus`)."""
        if text:
            self.live.say(text, self.lang)

    def add_filtered(self) -> int:
        fresh = self._unchosen()[:self.ADD_AT_ONCE]
        self.chosen.extend(fresh)
        self._set_changed(_t("said_added_n", self.lang, n=len(fresh), total=len(self.chosen)))
        return len(fresh)

    def _asking(self) -> bool:
        """Whether the screen is asking to clear the set (or to replace it with a file's)."""
        return bool(self.confirm.layout.display != "none")

    def _word_confirm(self) -> None:
        """The question, which also describes its two buttons (their title: a screen reader
        says it with the button's name)."""
        lang = self.lang
        if self._replacing is None:
            question = _t("clear_ask", lang, n=len(self.chosen))
            self.clear_yes.description = _t("clear_yes", lang)
        else:
            name, puzzle_set = self._replacing
            question = _t("replace_ask", lang, n=len(self.chosen), file=name,
                          m=len(puzzle_set.puzzles))
            self.clear_yes.description = _t("replace_yes", lang)
        self.clear_question.value = (f'<span data-testid="teacher-clear-ask">'
                                     f'{html.escape(question)}</span>')
        self.clear_yes.tooltip = self.clear_no.tooltip = question

    def _answer_yes(self) -> None:
        if self._replacing is None:
            self.clear_set()
        else:
            self._use_set(*self._replacing)

    def ask_clear(self) -> None:
        """Ask before the whole set goes: the question, with its buttons, the safe one focused."""
        if not self.chosen:
            return
        self._word_confirm()
        self.confirm.layout.display = "flex"
        self.clear_no.focus()

    def cancel_clear(self) -> None:
        """Keep the set: the question goes, the focus back to the button that asked."""
        self._replacing = None
        self.confirm.layout.display = "none"
        self.clear.focus()

    def clear_set(self) -> None:
        """Take every puzzle out of the set (the screen asks first: :meth:`ask_clear`); the
        focus goes to the button that adds puzzles."""
        self._replacing = None
        self.confirm.layout.display = "none"
        self.chosen.clear()
        self._set_changed(_t("said_cleared", self.lang))
        self.add.focus()

    def open_set_file(self, name: str, content: bytes) -> bool:
        """Open a set file (one saved from this screen, or the notebook) to go on with it:
        its puzzles and title on the screen.  A set on the screen is replaced only once the
        teacher says so (the question of :meth:`ask_clear`); whether the file's set is on the
        screen now.  What was said of a file chosen before goes (and a question about
        it)."""
        self._new_set_choice()
        try:
            puzzle_set = PuzzleSet.from_json(content, name)
        except PuzzleError as exc:
            self._show_opened(exc)
            self._say(self._opened_text())
            return False
        if self.chosen and [p.id for p in self.chosen] != [p.id for p in puzzle_set.puzzles]:
            self._replacing = (name, puzzle_set)
            self._word_confirm()
            self.confirm.layout.display = "flex"
            self.clear_no.focus()
            return False
        self._use_set(name, puzzle_set)
        return True

    def _new_set_choice(self) -> None:
        """Another set file was chosen: the words on the one before, and the question whether
        to replace the set with it, go."""
        if self._replacing is not None:
            self._replacing = None
            self.confirm.layout.display = "none"
        self._forget_opened()

    def _on_set_file(self, files: list[ChosenFile]) -> None:
        chosen = files[0]
        if chosen.content is not None:
            self.open_set_file(chosen.name, chosen.content)
            return
        self._new_set_choice()
        self._show_opened(unreceived_file_error(chosen.name, chosen.size,
                                                chosen.problem == "too_big",
                                                self.open_file.max_bytes))
        self._say(self._opened_text())

    def _use_set(self, name: str, puzzle_set: PuzzleSet) -> None:
        """The file's set on the screen, its catalogue puzzles in the catalogue's words.  Its
        file was handed out: a change to it is said to make another set (when its id is the
        one the screen gives it; a set of the notebook's older, hand-chosen ids is not)."""
        self._replacing = None
        self.confirm.layout.display = "none"
        puzzles = TeacherDraft(list(puzzle_set.puzzles)).with_catalogue(self.catalogue).puzzles
        self.chosen[:] = puzzles
        with self._quietly():
            self.title.value = puzzle_set.title.get(self.lang)[:DRAFT_TEXT_LIMITS["title"]]
        if puzzle_set.id == self.puzzle_set().id:
            self._mark_handed(puzzle_set.id)   # kept with the draft just below
        self._forget_authored()
        self._show_opened(("opened", {"title": self.title.value, "file": name,
                                      "n": len(puzzles)}))
        self._after_change(self._opened_text())

    def _opened_text(self) -> str:
        done, lang = self._opened, self.lang
        if done is None:
            return ""
        if isinstance(done, PuzzleError):
            reason = advised_problems(done, lang, _SET_ADVICE, "advice_set_again")
            if done.source:
                reason = f"{done.source_text(lang)}: {reason}"
            return _t("open_bad", lang, reason=reason)
        key, params = done
        return _t(key, lang, **params)

    def _show_opened(self, done: PuzzleError | tuple[str, dict[str, object]] | None = None
                     ) -> None:
        """What became of the set file opened (``done``, else what was said last)."""
        if done is not None:
            self._opened = done
        message = html.escape(self._opened_text())
        if not message:
            self.open_status.value = ""
        elif isinstance(self._opened, PuzzleError):
            self.open_status.value = (f'<p class="kz-teacher-error" '
                                      f'data-testid="teacher-open-error">{message}</p>')
        else:
            self.open_status.value = f'<p data-testid="teacher-opened">{message}</p>'

    def remove(self, puzzle_id: str) -> bool:
        """Take one puzzle out of the set; ``False`` when it is not in it."""
        kept = [p for p in self.chosen if p.id != puzzle_id]
        if len(kept) == len(self.chosen):
            return False
        [gone] = [p for p in self.chosen if p.id == puzzle_id]
        self.chosen[:] = kept
        self._set_changed(_t("said_removed", self.lang, title=gone.title.get(self.lang),
                             total=len(kept)))
        return True

    def use_example(self) -> None:
        """Put the example position in the box, for the teacher to change."""
        self.position.value = EXAMPLE_POSITION

    def _edited(self) -> None:
        """The position or its goal was changed: an old verdict on it no longer applies.  A
        position longer than a draft keeps is cut to it, saying so."""
        if self._quiet:
            return
        self._forget_authored()
        if self._cut_to_limit("position", self.position):
            self._authored = ("cut_position", {"n": DRAFT_TEXT_LIMITS["position"]})
            self._show_authored()
            self._say(self._authored_text())
        self._save_draft()

    def _forget_opened(self) -> None:
        """The set is no longer the file opened: the words on that file go."""
        if self._opened is not None:
            self._opened = None
            self._show_opened()

    def _forget_authored(self) -> None:
        if self._authored is not None:
            self._authored = None
            self._show_authored()

    def author(self) -> Puzzle | None:
        """Check the pasted position with the solver and add it to the set if it is a puzzle."""
        puzzle = self._check_position()
        if puzzle is None:
            self._show_authored()
            self._say(self._authored_text())
            return None
        self.chosen.append(puzzle)
        self._authored = puzzle
        self._show_authored()
        self._forget_opened()
        self._after_change(self._authored_text())
        return puzzle

    def _check_position(self) -> Puzzle | None:
        """The position in the box as a puzzle not yet in the set; else ``None``, and
        :attr:`_authored` says why."""
        if not self.position.value.strip():
            self._authored = ("paste_first", {})
            return None
        goal = None if self.goal.value == "auto" else Goal(self.goal.value)
        try:
            puzzle = author_puzzle(self.position.value, goal=goal, backend=self.backend)
        except PuzzleError as exc:
            self._authored = exc
            return None
        place = next((n for n, p in enumerate(self.chosen, 1) if p.id == puzzle.id), None)
        if place is not None:
            self._authored = ("already", {"n": place})
            return None
        return puzzle

    def _authored_text(self) -> str:
        """What the screen says of the last position checked, in its language."""
        done, lang = self._authored, self.lang
        if done is None:
            return ""
        if isinstance(done, Puzzle):
            return _t("added", lang, title=done.title.get(lang), answers=answer_label(done, lang))
        if isinstance(done, PuzzleError):
            return _t("rejected", lang, reason=done.text(lang))
        key, params = done
        return _t(key, lang, **params)

    def _show_authored(self) -> None:
        message = html.escape(self._authored_text())
        if not message:
            self.author_status.value = ""
        elif isinstance(self._authored, Puzzle):
            self.author_status.value = f'<p data-testid="teacher-added">{message}</p>'
        else:
            self.author_status.value = (f'<p class="kz-teacher-error" '
                                        f'data-testid="teacher-error">{message}</p>')

    # -- share ------------------------------------------------------------------------------

    def puzzle_set(self) -> PuzzleSet:
        """The set on the screen: the title typed (the same words in both languages), or while
        there is none «Набор задач» / "Puzzle set"; its id made from its puzzles
        (:func:`~kozel_tutor.puzzles.handout.handout_set`)."""
        typed = self.title.value.strip()
        title = (Text(typed, typed) if typed
                 else Text(_t("default_title", "ru"), _t("default_title", "en")))
        return handout_set(title, self.chosen)

    def handed_out(self, set_id: str) -> None:
        """The set ``set_id`` was handed out: its file downloaded, or its link copied or opened
        (the page says so through :attr:`handed`).  A change to the set from now on makes it
        another set, and the screen says so (:meth:`_show_reshare`)."""
        if not set_id:
            return
        self._mark_handed(set_id)
        with self._quietly():
            self.handed.value = ""   # the same set handed out again reaches Python again
        self._save_draft()
        self._show_reshare()

    def _mark_handed(self, set_id: str) -> None:
        """Keep ``set_id`` as the set handed out last (the draft keeps the list)."""
        handed = self.keeper.handed
        if set_id in handed:
            handed.remove(set_id)
        handed.append(set_id)

    def reshare_needed(self) -> bool:
        """Whether the set on the screen is not one handed out, though one was."""
        return bool(self.chosen and self.keeper.handed
                    and self.puzzle_set().id not in self.keeper.handed)

    def _show_reshare(self) -> None:
        """The word that the set changed since it was handed out, while it is so."""
        self._reshare_shown = self.reshare_needed()
        self.reshare.value = (f'<p class="kz-teacher-error" data-testid="teacher-reshare">'
                              f'{html.escape(_t("reshare", self.lang))}</p>'
                              if self._reshare_shown else "")

    def _details_edited(self, field: str) -> None:
        """The title or the repository was changed: cut to what a draft keeps (saying so),
        then the share part follows and the draft is kept."""
        if self._quiet:
            return
        cut = self._cut_to_limit(field, self.title if field == "title" else self.repo)
        if cut or self._cut == field:
            self._cut = field if cut else None
            self._show_details_status()
        self.refresh_share()
        self._save_draft()
        if cut:
            self._say(_t(f"cut_{field}", self.lang, n=DRAFT_TEXT_LIMITS[field]))
        elif field == "repo" and self._repo_error is not None:
            self._say(self._repo_error)

    def _show_details_status(self) -> None:
        if self._cut is None:
            self.details_status.value = ""
            return
        message = _t(f"cut_{self._cut}", self.lang, n=DRAFT_TEXT_LIMITS[self._cut])
        self.details_status.value = (f'<p class="kz-teacher-error" data-testid="teacher-cut">'
                                     f'{html.escape(message)}</p>')

    def _item_title(self, puzzle: Puzzle) -> str:
        """The puzzle's title without its variant (the line says it)."""
        variant = VARIANTS.get(puzzle.variant, Text(puzzle.variant, puzzle.variant)).get(self.lang)
        return puzzle.title.get(self.lang).removesuffix(f" · {variant}")

    def _item_html(self, number: int, puzzle: Puzzle) -> str:
        title, meta = self._item_title(puzzle), puzzle_meta(puzzle, self.lang)
        return (f'<span data-testid="teacher-item" data-puzzle="{html.escape(puzzle.id)}" '
                f'data-variant="{html.escape(puzzle.variant)}"><b>{number}.</b> '
                f'{html.escape(title)} <span class="kz-teacher-item-meta">{html.escape(meta)}'
                f'</span></span>')

    def refresh_items(self) -> None:
        """The list of the set's puzzles, each with its remove button."""
        w = ipywidgets
        rows = []
        for number, puzzle in enumerate(self.chosen, 1):
            if puzzle.id not in self._rows:
                label = w.HTML(layout=w.Layout(flex="1 1 auto"))
                button = wbutton("kz-wbtn-small", "kz-teacher-remove")
                button.layout.flex = "none"
                button.on_click(lambda _, ident=puzzle.id: self.remove(ident))
                box = w.HBox([label, button], layout=w.Layout(align_items="center"))
                box.add_class("kz-teacher-item")
                self._rows[puzzle.id] = (box, label, button)
            box, label, button = self._rows[puzzle.id]
            label.value = self._item_html(number, puzzle)
            # each button named with its puzzle: «Убрать №2», the title in its description
            button.description = _t("remove_n", self.lang, n=number)
            button.tooltip = _t("remove_hint", self.lang, n=number,
                                title=puzzle.title.get(self.lang))
            rows.append(box)
        kept = {p.id for p in self.chosen}
        for ident in [i for i in self._rows if i not in kept]:
            self._rows.pop(ident)[0].close()
        self.items.children = tuple(rows)

    def refresh_share(self) -> None:
        lang = self.lang
        self._repo_error = None
        if not self.chosen:
            self.count.value = ""
            self.share.value = html.escape(_t("empty_set", lang))
            return
        self.count.value = (f'<p data-testid="teacher-count">'
                            f'{html.escape(_t("in_set", lang, n=len(self.chosen)))}</p>')
        puzzle_set = self.puzzle_set()
        text = json.dumps(set_dict(puzzle_set), ensure_ascii=False, indent=1)
        payload = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = (set_filename(puzzle_set, lang) if self.title.value.strip()
                else f"{puzzle_set.id}.json")
        parts = [f'<p><a class="kz-download" data-testid="teacher-download" '
                 f'{self._made_with(handing=True)} download="{html.escape(name)}" '
                 f'href="data:application/json;base64,{payload}" {_set_attr(puzzle_set)}>'
                 f'{html.escape(_t("download", lang))}</a></p>']
        try:
            link = set_link(puzzle_set, repo=self.repo.value.strip() or None)
        except PuzzleError as exc:
            self._repo_error = sentence(exc.text(lang))
            parts.append(f'<p class="kz-teacher-error" data-testid="teacher-repo-error">'
                         f'{html.escape(self._repo_error)}</p>')
        else:
            parts.append(self._link_html(link, puzzle_set))
        parts.append(f'<p class="kz-teacher-item-meta" data-testid="teacher-own-copy">'
                     f'{html.escape(_t("own_copy", lang))}</p>')
        if local_link_offered(self.go_home is not None):
            parts.append(self._local_html(puzzle_set))
        self.share.value = "".join(parts)

    def _made_with(self, script: str = _FRESH_JS, *, handing: bool = False) -> str:
        """The attributes of a share button made with the title now in the field: the title,
        and the click that waits for a fresher button if the field says otherwise; one
        ``handing`` the set out also tells Python so (:data:`_HANDED_JS`), with the set's id
        (:func:`_set_attr`, which the button carries too)."""
        if handing:
            script += _HANDED_JS
        return (f'data-title="{html.escape(self.title.value)}" '
                f'onclick="{html.escape(script)}"')

    def _link_html(self, link: str, puzzle_set: PuzzleSet) -> str:
        """The whole Binder link, to copy or open (:func:`link_box`): copying it, by the button
        or by the keyboard, or opening it hands the set out."""
        lang = self.lang
        handed = _set_attr(puzzle_set)
        copied = f'{handed} oncopy="{html.escape(_HANDED_JS)}"'
        box = link_box(link, lang, field_attrs=copied,
                       attrs=lambda script: f"{self._made_with(script, handing=True)} {handed}")
        out = f'<div class="kz-teacher-linkbox">{box}</div>'
        if len(link) > LONG_LINK:
            out += f"<p>{html.escape(_t('long', lang, n=len(link)))}</p>"
        return out

    def _local_html(self, puzzle_set: PuzzleSet) -> str:
        """The link to try the set in this app: the page's own address with ``?set=…`` (the
        browser makes it whole from the relative link), for the teacher alone."""
        lang = self.lang
        href = html.escape(f"?set={set_to_param(puzzle_set)}")
        return (f'<details class="kz-teacher-linkbox" data-testid="teacher-local">'
                f'<summary data-testid="teacher-local-summary">'
                f'{html.escape(_t("local_summary", lang))}</summary>'
                f'<p>{html.escape(_t("local_note", lang))}</p>'
                f'<p><a class="kz-btn" data-testid="teacher-local-open" target="_blank" '
                f'rel="noopener" {self._made_with()} href="{href}">'
                f'{html.escape(_t("local_open", lang))}</a></p></details>')

    # -- grade ------------------------------------------------------------------------------

    def add_results(self, files: Sequence[tuple[str, bytes]]) -> None:
        """Add uploaded results files (name and bytes) and redraw the gradebook."""
        self._add_received([read_received(name, content) for name, content in files])

    def _add_received(self, received: Sequence[Received]) -> None:
        """Files read (or not) into the gradebook, which is drawn anew, and what they came to
        read out.  A file loaded already (the same name and content) is not listed again: the
        screen says so."""
        again = self.inbox.add(received)
        self._again = list(dict.fromkeys(f.name for f in again))
        self._show_results()
        self._say_files([f for f in received if f not in again])

    def _again_text(self) -> str:
        """That the files just chosen again are already loaded, each listed once ("" when
        none were)."""
        if not self._again:
            return ""
        return _t("again_one" if len(self._again) == 1 else "again_many", self.lang,
                  files=", ".join(self._again))

    def _say_files(self, received: Sequence[Received]) -> None:
        """Read out how many files were loaded, and how many of them could not be read, and
        which were loaded already."""
        bad = sum(f.error is not None for f in received)
        said = (_t("said_files_bad" if bad else "said_files", self.lang, n=len(received),
                   bad=bad) if received else "")
        self._say(f"{said} {self._again_text()}".strip())

    def _on_files(self, files: list[ChosenFile]) -> None:
        unsent = [Received(f.name, error=unreceived_file_error(
                      f.name, f.size, f.problem == "too_big", self.upload.max_bytes),
                           size=f.size)
                  for f in files if f.content is None]
        received = [read_received(f.name, f.content) for f in files if f.content is not None]
        self._add_received([*unsent, *received])

    def remove_results(self, number: int | None = None) -> None:
        """Take the file at place ``number`` of the list out of the gradebook (all of them
        without a number: the button asks first, :meth:`ask_clear_results`)."""
        self.inbox.remove(number)
        self._again = []
        self._show_results()

    def _asking_results(self) -> bool:
        """Whether the screen is asking to take every results file out."""
        return bool(self.results_confirm.layout.display != "none")

    def _word_results_confirm(self) -> None:
        """The question before every file goes, which also describes its two buttons."""
        lang = self.lang
        question = _t("clear_results_ask", lang, n=len(self.inbox.files))
        self.results_question.value = (f'<span data-testid="teacher-clear-results-ask">'
                                       f'{html.escape(question)}</span>')
        self.results_yes.description = _t("clear_results_yes", lang)
        self.results_no.description = _t("clear_no", lang)
        self.results_yes.tooltip = self.results_no.tooltip = question

    def ask_clear_results(self) -> None:
        """Ask before every results file goes, as before the set is cleared: the question with
        its buttons, the safe one focused (Escape answers it *Cancel*)."""
        if not self.inbox.files:
            return
        self._word_results_confirm()
        self.results_confirm.layout.display = "flex"
        self.results_no.focus()

    def cancel_clear_results(self) -> None:
        """Keep the files: the question goes, the focus back to the button that asked."""
        self.results_confirm.layout.display = "none"
        self.clear_results.focus()

    def clear_all_results(self) -> None:
        """The teacher said yes: every results file goes out of the gradebook."""
        self.results_confirm.layout.display = "none"
        self.remove_results()
        self._say(_t("said_files_cleared", self.lang))

    def _known_sets(self) -> list[PuzzleSet]:
        """The sets whose puzzles and titles the gradebook knows: the one on the screen first
        (untitled while its title is not typed: the files then say it), then the catalogue's."""
        if not self.chosen:
            return self.catalogue_sets
        on_screen = self.puzzle_set()
        if not self.title.value.strip():
            on_screen = replace(on_screen, title=Text("", ""))
        return [on_screen, *self.catalogue_sets]

    def _show_results(self) -> None:
        """The list of files loaded and the gradebook, in the screen's language."""
        received = self.inbox.files
        read = [f for f in received if f.rows is not None]
        self.book = (gradebook(results_table([f.rows for f in read if f.rows is not None]),
                               sets=self._known_sets(), puzzles=[*self.catalogue, *self.chosen])
                     if read else None)
        self._show_files(read)
        self._show_grades()

    def _file_line(self, file: Received, number: int | None) -> str:
        """``anna.json → Anna · набор «Домашка 1» · ответов: 4``: the file ``number`` of those
        read, as the gradebook took it."""
        lang, book = self.lang, self.book
        if number is None or book is None:
            return html.escape(_t("file_bad", lang, file=file.name))
        row = book.files[book.files["file_no"] == number].iloc[0]
        return html.escape(_t("file_read", lang, file=file.name, student=row["shown"],
                              set=book.set_title(str(row["set_id"]), lang),
                              n=int(row["answers"])))

    def _show_files(self, read: list[Received]) -> None:
        """Each file loaded, what it was read as, with its button to take it out."""
        w, lang = ipywidgets, self.lang
        for old in self.files_box.children:   # the heading and the files' rows
            if old is not self.clear_results:
                for child in (*getattr(old, "children", ()), old):
                    child.close()
        self.files_again.value = (f'<p data-testid="teacher-files-again">'
                                  f'{html.escape(self._again_text())}</p>'
                                  if self._again else "")
        if not self.inbox.files:
            self.files_box.children = ()
            self.results_confirm.layout.display = "none"
            return
        if self._asking_results():   # the number of files it asks about, as it is now
            self._word_results_confirm()
        rows = []
        numbers = {id(file): number for number, file in enumerate(read)}
        for number, file in enumerate(self.inbox.files):
            line = self._file_line(file, numbers.get(id(file)))
            label = w.HTML(f'<span data-testid="teacher-file">{line}</span>',
                           layout=w.Layout(flex="1 1 auto"))
            button = wbutton("kz-wbtn-small", "kz-teacher-remove-file")
            button.layout.flex = "none"
            button.description = _t("remove", lang)
            button.tooltip = _t("remove_file_hint", lang, file=file.name)
            button.on_click(lambda _, n=number: self.remove_results(n))
            box = w.HBox([label, button], layout=w.Layout(align_items="center"))
            box.add_class("kz-teacher-item")
            rows.append(box)
        title = w.HTML(page_heading(3, _t("files_heading", lang)))
        self.files_box.children = (title, *rows, self.clear_results)

    def _show_grades(self) -> None:
        lang, received = self.lang, self.inbox.files
        if not received:
            self.grades.value = ""
            return
        errors = [f.error for f in received if f.error is not None]
        book_html = gradebook_html(self.book, lang) if self.book is not None else ""
        if not errors:
            self.grades.value = book_html
            return
        said = [(Path(e.source or "?").name,
                 advised_problems(e, lang, _RESULTS_ADVICE, "advice_results_file"))
                for e in errors]
        items = "".join(f"<li>{html.escape(name)}: {html.escape(text)}</li>"
                        for name, text in said)
        key = "bad_none" if self.book is None else "bad"
        error_html = (f'<div class="kz-teacher-error" data-testid="teacher-bad-results">'
                      f'{html.escape(_t(key, lang))}<ul>{items}</ul></div>')
        if self.book is None:
            hint = html.escape(_t("bad_none_hint", lang))
            self.grades.value = f'{error_html}<p class="kz-gradebook-empty">{hint}</p>'
        else:
            self.grades.value = error_html + book_html
