"""The teacher's notebook shows what its words say: the catalogue example lists puzzles of both
themes it filters by, and the authored position has only what the text before it explains.
The cells run here in-process (the whole notebook runs in ``test_notebooks.py``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd  # type: ignore[import-untyped]

from kozel_tutor.puzzles.themes import THEMES

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "teacher.ipynb"


def code_cells() -> list[str]:
    cells = json.loads(NOTEBOOK.read_text("utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def run_cell(marker: str, names: dict[str, Any]) -> Any:
    """Run the notebook's imports, then the cell with ``marker``; its last line's value."""
    imports = code_cells()[0]
    [cell] = [source for source in code_cells() if marker in source]
    *body, last = cell.rstrip().splitlines()
    exec(imports, names)   # the notebook's own code
    exec("\n".join(body), names)
    return eval(last, names)


def test_the_catalogue_example_shows_puzzles_of_each_theme_it_names() -> None:
    names: dict[str, Any] = {}
    table = run_cell("filter_puzzles(", names)
    assert isinstance(table, pd.DataFrame) and len(table) == 6
    themes = [set(p.themes) for p in names["chosen"]]
    assert sum("feed_partner" in t for t in themes) == 3
    assert sum("cheap_discard" in t for t in themes) == 3
    shown = " ".join(table["Темы"])
    assert THEMES["feed_partner"].name.ru in shown and THEMES["cheap_discard"].name.ru in shown
    assert all(p.cards in (3, 4) and p.rating <= 1300 for p in names["chosen"])


def test_the_authored_position_has_only_the_fields_the_text_explains() -> None:
    [cell] = [source for source in code_cells() if "author_puzzle(" in source]
    assert '"led"' not in cell
    names: dict[str, Any] = {}
    table = run_cell("author_puzzle(", names)
    assert list(table["Задача"]) == ["Сберегите десятку"]
    assert names["keep_the_ten"].position.to_dict().get("led", "") == ""
