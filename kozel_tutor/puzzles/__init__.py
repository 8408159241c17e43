"""Puzzles: "what card would you play?" positions checked by the solver.

* :mod:`.model` – the puzzle and puzzle-set format (JSON), safe loading, atomic saving;
* :mod:`.verify` – which cards reach a goal, and whether the best one is unique;
* :mod:`.themes` – themes defined in code; :mod:`.explain` – the tutor's words for each card;
* :mod:`.generate` – the miner (``python -m kozel_tutor.puzzles.generate``);
* :mod:`.glicko` and :mod:`.progress` – ratings and the learner's history in SQLite;
* :mod:`.teacher` – sets, share links, results files and the gradebook.
"""

from __future__ import annotations

from .model import Goal, Puzzle, PuzzleError, PuzzleSet, Text, View, load_catalogue, load_set

__all__ = ["Goal", "Puzzle", "PuzzleError", "PuzzleSet", "Text", "View", "load_catalogue",
           "load_set"]
