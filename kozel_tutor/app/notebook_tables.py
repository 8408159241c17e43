"""The tables the play notebook shows: pandas frames that read well in Jupyter.

:func:`~.notebook.review_last_deal` and :func:`~.notebook.results` return a
:class:`NotebookTable`, a :class:`pandas.DataFrame` in every way for code, which a notebook
(JupyterLab, Voila) shows with its long text whole -- wrapped and left-aligned, never cut at
pandas' ``display.max_colwidth`` -- and its fractions as the table's language writes them, with
no ``,0`` after a whole number.  Its ``attrs`` say how: ``"wrap"``, the columns of long text, and
``"lang"``, the language.

>>> table = NotebookTable({"Card": ["Q♣"], "Why": ["x" * 80], "Per deal": [51.0]})
>>> table.attrs.update(wrap=["Why"], lang="ru")
>>> shown = table._repr_html_()
>>> "x" * 80 in shown, ">51<" in shown, "text-align: left" in shown
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pandas as pd  # type: ignore[import-untyped]

from ..i18n import Number

__all__ = ["NotebookTable", "fraction_text"]

WRAPPED_CELL = {"text-align": "left", "white-space": "normal", "min-width": "22em"}
"""How a column of long text is drawn (JupyterLab right-aligns every cell)."""


class NotebookTable(pd.DataFrame):  # type: ignore[misc]
    """A DataFrame that shows itself whole in a notebook (see the module); what pandas makes of
    it (a selection, a sort) is one too, and keeps its ``attrs``."""

    @property
    def _constructor(self) -> type[NotebookTable]:
        return NotebookTable

    def _repr_html_(self) -> str:
        return str(_styled(self, self.attrs.get("wrap", ()), self.attrs.get("lang", "en"))
                   .to_html())


def fraction_text(value: float, lang: str) -> str:
    """``value`` to one decimal as ``lang`` writes it, without the decimal when it is whole.

    >>> fraction_text(51.0, "ru"), fraction_text(48.25, "ru"), fraction_text(48.3, "en")
    ('51', '48,2', '48.3')
    """
    return Number(value).in_lang(lang).removesuffix(",0").removesuffix(".0")


def _styled(frame: NotebookTable, wrap: Iterable[str], lang: str) -> Any:
    """The frame's :class:`pandas.io.formats.style.Styler`: every text escaped, the ``wrap``
    columns whole and left-aligned, the fractions in ``lang``."""
    columns = list(frame.columns)
    wrapped = [name for name in wrap if name in columns]
    fractions = [name for name in columns if pd.api.types.is_float_dtype(frame[name])]
    styler = (frame.style.format(escape="html")
              .format_index(escape="html", axis=0).format_index(escape="html", axis=1))
    if fractions:
        styler = styler.format(lambda value: fraction_text(value, lang), subset=fractions,
                               na_rep="")
    if wrapped:
        styler = styler.set_properties(subset=wrapped, **WRAPPED_CELL)
        styler = styler.set_table_styles(
            [{"selector": f"th.col_heading.col{columns.index(name)}",
              "props": [("text-align", "left")]} for name in wrapped], overwrite=False)
    return styler
