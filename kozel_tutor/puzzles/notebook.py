"""One-line entry points for notebooks: play a set, see the dashboard, open the teacher's tools,
share a set.

Notebooks hold no logic; they call these.
It sits at the top of the flow, as :mod:`kozel_tutor.app.notebook` does: it may import the app.
Without ``lang``, :func:`play` and :func:`dashboard` speak the language last used in a notebook
(:func:`kozel_tutor.app.notebook.notebook_lang`), and a set played again goes on where it was
left, as in the app.

>>> find_set("catalogue-e3").id
'catalogue-e3'
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from weakref import WeakSet

from .model import Puzzle, PuzzleError, PuzzleProblem, PuzzleSet, load_catalogue, load_set
from .player import PuzzlePlayer, SetQueue
from .progress import Progress
from .results import shown_path
from .student_sets import given_answers

if TYPE_CHECKING:
    from ..widgets.puzzle import PuzzleWidget

__all__ = ["Dashboard", "SharedSet", "dashboard", "find_set", "play", "share_set",
           "teacher_tools"]


def find_set(name: str) -> PuzzleSet:
    """A set of ``puzzles/`` by its id (``beginner-path``, ``catalogue-e4`` …) or a file path."""
    path = Path(name)
    if path.suffix == ".json" and path.exists():
        return load_set(path)
    for puzzle_set in load_catalogue():
        if puzzle_set.id == name:
            return puzzle_set
    known = ", ".join(s.id for s in load_catalogue())
    raise PuzzleError([PuzzleProblem("no_set", name=name, known=known)])


def play(source: PuzzleSet | str | Sequence[Puzzle], lang: str | None = None, *,
         record: bool = True) -> PuzzleWidget:
    """A puzzle player widget for a set (by id, path or object) or a list of puzzles.

    ``lang`` is ``"ru"`` or ``"en"`` (and the notebook's language from now on); without it, the
    language last used in a notebook.  ``record`` keeps the answers in the learner's progress
    (ratings, reviews); a set played before then goes on from its first puzzle without an
    answer, its answered puzzles shown as they were answered, as in the app.  The widget's
    language button switches every puzzle widget of the notebook, and the notebook's language.
    """
    from ..app.notebook import notebook_lang
    from ..widgets.puzzle import PuzzleWidget

    lang = notebook_lang(lang, remember=lang is not None)
    if isinstance(source, str):
        source = find_set(source)
    puzzles = list(source.puzzles) if isinstance(source, PuzzleSet) else list(source)
    set_id = source.id if isinstance(source, PuzzleSet) else ""
    progress = Progress() if record else None
    given = given_answers(progress, set_id, puzzles) if progress is not None and set_id else None
    player = PuzzlePlayer(SetQueue(puzzles), lang=lang, set_id=set_id, progress=progress,
                          given=given)
    widget = PuzzleWidget(player, on_lang=_switch_notebook_lang)
    _shown.add(widget)
    player.on_record(lambda: _ratings_moved(widget))
    return widget


_shown: WeakSet[PuzzleWidget] = WeakSet()
"""The puzzle widgets :func:`play` has made in this kernel (this notebook)."""


def _switch_notebook_lang(lang: str) -> None:
    """A puzzle widget's language button: the notebook's language from now on (as a lesson's
    button does), and every puzzle widget of this notebook speaks it at once."""
    from ..app.notebook import notebook_lang

    notebook_lang(lang, remember=True)
    for widget in list(_shown):
        if widget.player.lang != lang:
            widget.set_lang(lang, tell=False)   # said by the widget whose button it was


def _ratings_moved(answered: PuzzleWidget) -> None:
    """An answer in one puzzle widget moved the learner's rating: every other widget of this
    notebook that keeps the progress shows the rating as it is now."""
    for widget in list(_shown):
        if widget is not answered and widget.player.progress is not None:
            widget.player.reread_ratings()


@dataclass(frozen=True)
class Dashboard:
    """The learner's progress as notebook HTML (:meth:`_repr_html_`); a front end that shows
    no HTML gets a line saying what it is."""

    html: str

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return ("Ваши успехи в задачах — запустите блокнот в Jupyter, чтобы увидеть их · "
                "Your puzzle progress: run the notebook in Jupyter to see it")


def dashboard(lang: str | None = None) -> Dashboard:
    """The learner's progress by theme and rating.  ``lang`` is ``"ru"`` or ``"en"``; without
    it, the language last used in a notebook."""
    from ..app.notebook import notebook_lang
    from .dashboard import dashboard_html

    return Dashboard(dashboard_html(Progress(), notebook_lang(lang)))


def teacher_tools(lang: str = "ru") -> Any:
    """The app's teacher screen: build, share and grade, inside a notebook.

    The screen is a way of its own, beside the notebook's code: what is built and loaded there
    stays there.  Its set is ``tools.puzzle_set()`` and its gradebook ``tools.book``, for code
    that wants them."""
    from ..app.teacher_view import TeacherView

    return TeacherView(lang)


@dataclass(frozen=True)
class SharedSet:
    """A set shared from a notebook: its ``file`` and its Binder ``link``; shown, it says where
    the file is and gives the whole link to copy or open, with its length."""

    file: Path
    link: str
    lang: str = "ru"

    def _repr_html_(self) -> str:
        from ..app.teacher_texts import t
        from ..app.teacher_view import link_box
        from .teacher import LONG_LINK

        lang = self.lang
        # where the notebook's file browser shows it, when it is below the notebook
        where = t("nb_file", lang, file=shown_path(self.file))
        parts = [f'<p data-testid="nb-set-file">{html.escape(where)}</p>',
                 link_box(self.link, lang),
                 f'<p data-testid="nb-link-length">'
                 f'{html.escape(t("link_length", lang, n=len(self.link)))}</p>']
        if len(self.link) > LONG_LINK:
            parts.append(f"<p>{html.escape(t('long', lang, n=len(self.link)))}</p>")
        return f'<div class="kz-teacher-linkbox">{"".join(parts)}</div>'


def share_set(puzzle_set: PuzzleSet, folder: str | os.PathLike[str], *,
              repo: str | None = None, lang: str = "ru") -> SharedSet:
    """Save ``puzzle_set`` in ``folder`` (as ``<its id>.json``) and make its Binder link
    (:func:`~.teacher.set_link`; ``repo`` as there)."""
    from .teacher import save_set, set_link

    path = Path(folder) / f"{puzzle_set.id}.json"
    save_set(path, puzzle_set)
    return SharedSet(path, set_link(puzzle_set, repo=repo), "ru" if lang == "ru" else "en")
