"""The puzzle statistics charts are images a screen reader can read: each is named by its
title and its figures (the bars' values; the rating line's count, first, last, lowest and
highest values), in the language of the page, and the rating line lists every value."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kozel_tutor.cards import Card
from kozel_tutor.puzzles.charts import bar_chart, chart_name, line_chart
from kozel_tutor.puzzles.dashboard import dashboard_html
from kozel_tutor.puzzles.model import Puzzle, load_catalogue
from kozel_tutor.puzzles.progress import Progress

SVG = "{http://www.w3.org/2000/svg}"


def _image(svg: str) -> tuple[str, str]:
    """The chart's name and description as a browser reads them: an ``img`` named by its first
    child ``<title>``, described by its ``<desc>``."""
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    first = root[0]
    assert first.tag == f"{SVG}title", "the name comes first"
    desc = root.find(f"{SVG}desc")
    return first.text or "", "" if desc is None else desc.text or ""


def test_a_bar_chart_is_named_by_its_title_and_each_bars_value() -> None:
    name, _ = _image(bar_chart(["Утка", "Зажим"], [75.0, 20.4], title="Решено по темам, %",
                               maximum=100, unit="%"))
    assert name == "Решено по темам, %: Утка 75%, Зажим 20%."


@pytest.mark.parametrize(("lang", "expected"), [
    ("ru", "Рейтинг: 4 значения, первое 1500, последнее 1540, наименьшее 1480, "
           "наибольшее 1610."),
    ("en", "Rating: 4 values, first 1500, last 1540, lowest 1480, highest 1610."),
])
def test_a_line_chart_is_named_by_its_count_first_last_lowest_and_highest(
        lang: str, expected: str) -> None:
    title = {"ru": "Рейтинг", "en": "Rating"}[lang]
    svg = line_chart([1500.0, 1480.2, 1610.0, 1540.4], title=title, lang=lang,
                     x_labels=["0", "1", "2", "3"], x_title="Attempts")
    name, desc = _image(svg)
    assert name == expected
    assert desc == "Attempts: 0 — 1500, 1 — 1480, 2 — 1610, 3 — 1540."


def test_a_chart_without_data_says_so_in_the_language_of_its_title() -> None:
    assert chart_name(line_chart([], title="Рейтинг")) == "Рейтинг: нет данных."
    assert chart_name(bar_chart([], [], title="Solved by theme, %")) == (
        "Solved by theme, %: no data.")
    assert chart_name(line_chart([1500.0], title="Rating")).startswith("Rating: 1 value, ")


def _three_puzzles() -> list[Puzzle]:
    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}
    return sorted((p for p in unique.values() if p.cards == 3 and p.variant == "standard"),
                  key=lambda p: p.id)[:3]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_dashboards_charts_carry_the_rating_history_in_figures(
        tmp_path: Path, lang: str) -> None:
    progress = Progress(tmp_path / "progress.sqlite3")
    history: list[float] = []
    for i, puzzle in enumerate(_three_puzzles()):
        answer = min(puzzle.answers, key=lambda c: c.index)
        wrong = next((c for c in puzzle.position.to_state().legal_plays()
                      if c not in puzzle.answers), answer)
        card: Card = answer if i != 1 else wrong
        record = progress.record(puzzle, card, seconds=10.0, now=1_000_000.0 + 60 * i)
        history += [] if history else [record.learner_before.rating]
        history.append(record.learner_after.rating)
    page = dashboard_html(progress, lang)
    charts = re.findall(r"<svg.*?</svg>", page, re.S)
    assert len(charts) == 2
    themes, rating = (_image(svg) for svg in charts)
    assert themes[0].startswith({"ru": "Верные ответы по темам, %: ",
                                 "en": "Right answers by theme, %: "}[lang])
    assert re.search(r"\d+%", themes[0]), themes[0]
    first, last = (f"{v:.0f}" for v in (history[0], history[-1]))
    low, high = (f"{v:.0f}" for v in (min(history), max(history)))
    assert rating[0] == {
        "ru": f"Рейтинг: 4 значения, первое {first}, последнее {last}, наименьшее {low}, "
              f"наибольшее {high}.",
        "en": f"Rating: 4 values, first {first}, last {last}, lowest {low}, highest {high}.",
    }[lang]
    for value in history:
        assert f"{value:.0f}" in rating[1]
