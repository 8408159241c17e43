"""How a notebook shows the play notebook's tables (``NotebookTable``): long text whole,
wrapped and left-aligned; a fraction to one decimal as the language writes it, none when whole;
everything escaped.  For code they are pandas frames like any other."""

from __future__ import annotations

import re

import pandas as pd

from kozel_tutor.app.notebook_tables import NotebookTable, fraction_text

WHY = ("После Д♣ через четыре взятки соперники забирают взятку с тузом и десяткой: "
       "<их> 21 очко вместо ваших 5")


def review_like() -> NotebookTable:
    table = NotebookTable({"Вы сыграли": ["Д♣", "10♥"], "Потеряно очков": [16, 0],
                           "Почему": [WHY, ""]},
                          index=pd.Index([2, 3], name="Взятка"))
    table.attrs.update(title="Ваша последняя раздача", wrap=["Почему"], lang="ru")
    return table


def cell_style(shown: str, cell_id: str) -> str:
    """The CSS a Styler's ``<style>`` gives the cell (or header) ``cell_id``."""
    rules = re.findall(r"([^{}]+)\{([^}]*)\}", shown)
    return " ".join(body for selectors, body in rules if cell_id in selectors)


def test_long_text_is_shown_whole_wrapped_and_left_aligned_past_pandas_column_width() -> None:
    table = review_like()
    with pd.option_context("display.max_colwidth", 50):
        shown = table._repr_html_()
    assert "через четыре взятки соперники забирают взятку с тузом и десяткой" in shown
    assert "&lt;их&gt; 21 очко вместо ваших 5" in shown   # escaped, not markup
    uuid = re.search(r'<table id="(T_[0-9a-f]+)"', shown)
    assert uuid is not None
    why = cell_style(shown, f"{uuid[1]}_row0_col2")
    assert "text-align: left" in why and "white-space: normal" in why
    assert "text-align: left" in cell_style(shown, "th.col_heading.col2")
    assert "text-align" not in cell_style(shown, f"{uuid[1]}_row0_col1")   # numbers stay right


def test_a_table_stays_a_table_for_code() -> None:
    table = review_like()
    lost = table[table["Потеряно очков"] > 0]
    assert isinstance(lost, NotebookTable) and isinstance(lost, pd.DataFrame)
    assert lost.attrs["wrap"] == ["Почему"] and list(lost.index) == [2]
    assert lost["Почему"].iloc[0] == WHY
    assert "Почему" in lost._repr_html_()


def test_a_fraction_has_one_decimal_in_the_tables_language_and_none_when_whole() -> None:
    table = NotebookTable({"Раздач": [2, 3], "Очков за раздачу": [51.0, 48.5]})
    table.attrs["lang"] = "ru"
    shown = table._repr_html_()
    assert ">51</td>" in shown and ">48,5</td>" in shown and "51.0" not in shown
    assert ">2</td>" in shown
    assert fraction_text(48.5, "en") == "48.5" and fraction_text(0.0, "en") == "0"
    assert fraction_text(-0.04, "ru") == "0" and fraction_text(60.96, "ru") == "61"
