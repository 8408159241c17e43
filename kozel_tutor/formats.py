"""The tags that say which of the app's own JSON files a document is, in one place: the writer
of each file puts its tag in, its reader checks it, and
:func:`kozel_tutor.puzzles.model.file_kind` tells the files apart by them (a student who opens
a saved game where a puzzle set was wanted is told so).  Nothing here imports the rest of the
package, so every layer can use it.

>>> FILE_HEADS["results"]
{'format': 'kozel-puzzle-results'}
"""

from __future__ import annotations

__all__ = [
    "BACKUP_APP",
    "BACKUP_KIND",
    "FILE_HEADS",
    "PUZZLE_SET_FORMAT",
    "RESULTS_FORMAT",
    "SAVE_FORMAT",
]

PUZZLE_SET_FORMAT = "kozel-puzzle-set"
"""The ``format`` of a puzzle-set file (:mod:`kozel_tutor.puzzles.model`)."""

RESULTS_FORMAT = "kozel-puzzle-results"
"""The ``format`` of a student's results file (:mod:`kozel_tutor.puzzles.results`)."""

BACKUP_APP = "kozel-tutor"
BACKUP_KIND = "progress"
"""The ``app`` and ``kind`` of a progress backup copy (:mod:`kozel_tutor.app.backup_format`; its
``format`` is the number of its layout's version)."""

SAVE_FORMAT = "kozel-tutor/match"
"""The ``format`` of a saved game (:mod:`kozel_tutor.app.session`)."""

FILE_HEADS: dict[str, dict[str, str]] = {
    "backup": {"app": BACKUP_APP, "kind": BACKUP_KIND},
    "set": {"format": PUZZLE_SET_FORMAT},
    "results": {"format": RESULTS_FORMAT},
    "game": {"format": SAVE_FORMAT},
}
"""Each of the app's own JSON files (a :data:`kozel_tutor.puzzles.texts.FILE_KINDS` key) by
the fields that tell it: a document holding all of them is that file."""
