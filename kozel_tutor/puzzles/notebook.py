"""One-line entry points for notebooks: play a set, see the dashboard, open the teacher's tools.

Notebooks hold no logic; they call these.

>>> find_set("catalogue-e3").id
'catalogue-e3'
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .model import Puzzle, PuzzleError, PuzzleProblem, PuzzleSet, load_catalogue, load_set
from .player import PuzzlePlayer, SetQueue
from .progress import Progress

__all__ = ["dashboard", "find_set", "play", "teacher_tools"]


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


def play(source: PuzzleSet | str | Sequence[Puzzle], lang: str = "ru", *,
         record: bool = True) -> Any:
    """A puzzle player widget for a set (by id, path or object) or a list of puzzles.

    ``record`` keeps the answers in the learner's progress (ratings, reviews).
    """
    from ..widgets.puzzle import PuzzleWidget

    if isinstance(source, str):
        source = find_set(source)
    puzzles = list(source.puzzles) if isinstance(source, PuzzleSet) else list(source)
    set_id = source.id if isinstance(source, PuzzleSet) else ""
    player = PuzzlePlayer(SetQueue(puzzles), lang=lang, set_id=set_id,
                          progress=Progress() if record else None)
    return PuzzleWidget(player)


def dashboard(lang: str = "ru") -> Any:
    """The learner's progress by theme and rating, as notebook HTML."""
    import ipywidgets  # type: ignore[import-untyped]

    from .dashboard import dashboard_html

    return ipywidgets.HTML(dashboard_html(Progress(), lang))


def teacher_tools(lang: str = "ru") -> Any:
    """The app's teacher screen: build, share and grade, inside a notebook."""
    from ..app.teacher_view import TeacherView

    return TeacherView(lang)
