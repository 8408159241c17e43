"""The teacher's gradebook as a QA tester found it, put right: a set of ten puzzles, Anya answered
the second (wrong, with a hint, in 1.6 s), then the first (right, 14 s) and the third (right,
1 s).  The Russian page writes fractions with a decimal comma («1,6», «14,0») as the rest of the
Russian app does, counts as whole numbers; the CSV keeps the spreadsheet's own convention; the
table of puzzles follows the set's order while the chart says it ranks the hardest first; and
the chart's labels are written whole, over more lines when they are long."""

from __future__ import annotations

import csv
import html
import io
import re

import pandas as pd  # type: ignore[import-untyped]

from kozel_tutor.puzzles.charts import bar_chart, chart_name
from kozel_tutor.puzzles.model import Puzzle, PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import (
    Gradebook,
    ResultsSheet,
    filter_puzzles,
    gradebook,
    gradebook_html,
    read_results,
    results_table,
)

CATALOGUE = [p for s in load_catalogue() for p in s.puzzles]
TEN = filter_puzzles(CATALOGUE, max_rating=1400, cards=(3,))[:10]
SET = PuzzleSet("qa-ten", Text("Домашка", "Homework"), puzzles=tuple(TEN))


def right(puzzle: Puzzle) -> str:
    return min(card.token for card in puzzle.answers)


def wrong(puzzle: Puzzle) -> str:
    return next(c.token for c in puzzle.position.to_state().legal_plays()
                if c not in puzzle.answers)


def anya_book() -> Gradebook:
    """Anya's answers to the second, first and third puzzles, in that order."""
    sheet = ResultsSheet.for_set("Аня Петрова", SET, "ru")
    sheet.add(TEN[1], wrong(TEN[1]), seconds=1.6, hints=1)
    sheet.add(TEN[0], right(TEN[0]), seconds=14.0, hints=0)
    sheet.add(TEN[2], right(TEN[2]), seconds=1.0, hints=0)
    return gradebook(results_table([read_results((sheet.filename(), sheet.to_json().encode()))]),
                     sets=[SET])


def rows(page: str, table: str) -> list[list[str]]:
    """The body rows of the gradebook's table ``table`` (students, puzzles, answers) as text."""
    found = re.search(rf'class="kz-table kz-gb-{table}[^"]*">(.*?)</table>', page, re.S)
    assert found is not None, table
    body = found.group(1).split("<tbody>", 1)[1]
    return [[html.unescape(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", body)]


def test_the_russian_gradebook_writes_fractions_with_a_decimal_comma_and_counts_whole() -> None:
    page = gradebook_html(anya_book(), "ru")
    [anya] = rows(page, "students")
    assert anya == ["Аня Петрова", "3 из 10", "7", "2", "20", "67", "1", "1,6"]
    puzzles = rows(page, "puzzles")
    # answered, not answered, right, % right, hints on average, seconds (median), wrong card
    assert puzzles[0][1:7] == ["1", "0", "1", "100", "0,0", "14,0"]
    assert puzzles[1][1:7] == ["1", "0", "0", "0", "1,0", "1,6"]
    assert puzzles[2][1:7] == ["1", "0", "1", "100", "0,0", "1,0"]
    assert puzzles[3][1:] == ["0", "1", "0", "—", "—", "—", "—"]
    numbers = [cell for row in puzzles for cell in row[1:]]
    assert not [cell for cell in numbers if re.fullmatch(r"\d+\.\d", cell)]


def test_the_english_gradebook_writes_a_decimal_point() -> None:
    page = gradebook_html(anya_book(), "en")
    assert rows(page, "students")[0][1:] == ["3 of 10", "7", "2", "20", "67", "1", "1.6"]
    assert rows(page, "puzzles")[0][5:7] == ["0.0", "14.0"]
    table = anya_book().table("puzzles", "en")
    assert isinstance(table, pd.DataFrame)
    assert table.iloc[1]["Seconds (median)"] == "1.6" and table.iloc[1]["Right"] == 0


def test_the_csv_stays_a_spreadsheets_table_in_each_language() -> None:
    """Russian Excel reads semicolons and decimal commas; English, commas and points: both read
    back as numbers."""
    part = anya_book().sets[0]
    russian = pd.read_csv(io.StringIO(part.to_csv("ru")), sep=";", decimal=",", index_col=0)
    assert russian.loc["Аня Петрова", "Секунд на задачу (медиана)"] == 1.6
    assert russian.loc["Аня Петрова", "Верно"] == 2
    header, anya = csv.reader(io.StringIO(part.to_csv("en")))
    assert anya[header.index("Seconds per puzzle (median)")] == "1.6"
    assert anya[header.index("Right")] == "2"


def test_the_table_of_puzzles_follows_the_set_and_the_chart_says_it_ranks_the_hardest_first(
        ) -> None:
    book = anya_book()
    table = book.table("puzzles", "en")
    assert isinstance(table, pd.DataFrame)
    assert [label.split(".", 1)[0] for label in table.index] == [str(n) for n in range(1, 11)]
    assert list(book.sets[0].puzzles.index) == [p.id for p in TEN]
    page = gradebook_html(book, "en")
    assert [row[0].split(".", 1)[0] for row in rows(page, "puzzles")] == [
        str(n) for n in range(1, 11)]
    chart = page.split("<svg", 3)[2].split("</svg>", 1)[0]
    name = chart_name(f"<svg{chart}</svg>")
    assert name.startswith("Right of answered, % (puzzles, the hardest first): 2. ")
    assert [int(n) for n in re.findall(r"(\d+)\. [^,]*? \d+%", name)] == [2, 1, 3]
    assert "сначала самые трудные" in gradebook_html(book, "ru")


def _label_text(svg: str) -> list[str]:
    """The texts of a bar chart written before the bars (its labels' lines)."""
    return [html.unescape(t) for t in re.findall(r'text-anchor="end"[^>]*>([^<]*)</text>', svg)]


def test_the_gradebook_charts_write_every_label_whole() -> None:
    page = gradebook_html(anya_book(), "en")
    assert "…" not in page
    written = " ".join(_label_text(page))
    for label in ("1. " + TEN[0].title.en, "2. " + TEN[1].title.en, "Аня Петрова"):
        assert label in written


def test_a_long_label_goes_on_over_lines_beside_its_bar() -> None:
    label = "12. Opening lead: keep them under 31 · Nizhny Novgorod"
    svg = bar_chart([label, "1. Short"], [40.0, 100.0], title="Right, %", maximum=100,
                    width=640, label_width=200)
    lines = _label_text(svg)
    assert len(lines) >= 3 and " ".join(lines[:-1]) == label and lines[-1] == "1. Short"
    assert all(len(line) * 7.6 <= 194 for line in lines)
    first_bar, second_bar = (float(y) for y in re.findall(r'<rect x="200" y="([\d.]+)"', svg))
    baselines = [float(y) for y in re.findall(r'<text x="194" y="([\d.]+)"', svg)]
    assert baselines[0] < first_bar + 7 < baselines[len(lines) - 2]   # beside the middle
    assert second_bar > baselines[len(lines) - 2]   # the next row below the long label
    assert chart_name(svg) == f"Right, %: {label} 40, 1. Short 100."


def test_an_automatic_label_column_fits_the_longest_label_up_to_half_the_chart() -> None:
    label = "2. Cheapest card: 3 cards"
    svg = bar_chart([label], [0.0], width=640, label_width=None)
    assert _label_text(svg) == [label]
    column = float(re.findall(r'<rect x="([\d.]+)"', svg)[0])
    assert len(label) * 6.6 < column < 320   # room for the label at DejaVu's average width
    wide = bar_chart(["word " * 40], [10.0], width=640, label_width=None)
    assert float(re.findall(r'<rect x="([\d.]+)"', wide)[0]) == 320
    assert _label_text(wide)[-1].endswith("…")
