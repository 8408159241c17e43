"""Small SVG charts for the dashboard and the gradebook.

matplotlib is not a dependency: two chart kinds (horizontal bars, a line) are a few dozen lines
of SVG, render crisply in notebooks, Voila and exported HTML, and need nothing installed.

Each chart is an image with a name that says what it shows in figures (its ``<title>``: the
bars' values; the line's count, first and last, lowest and highest values), and a line's
``<desc>`` lists every value: what a screen reader reads, and a tooltip.  The words are in
``lang``, or, when it is not given, in the language of the chart's title (Cyrillic: Russian).

>>> svg = bar_chart(["duck", "endplay"], [75.0, 20.0], title="Solved, %", maximum=100)
>>> svg.startswith("<svg") and "duck" in svg
True
>>> chart_name(svg)
'Solved, %: duck 75, endplay 20.'
>>> line = line_chart([1500, 1650, 1525], x_labels=["0", "1", "2"], x_title="Attempt")
>>> "Attempt" in line and ">1650<" in line and ">1525<" in line
True
>>> chart_name(line_chart([1500, 1650, 1525], title="Рейтинг"))
'Рейтинг: 3 значения, первое 1500, последнее 1525, наименьшее 1500, наибольшее 1650.'
"""

from __future__ import annotations

import math
import re
import textwrap
from collections.abc import Sequence
from html import escape, unescape

from ..i18n import Noun, pick

__all__ = ["bar_chart", "chart_name", "line_chart"]

_WORDS = {
    "none": {"ru": "нет данных", "en": "no data"},
    "summary": {"ru": "{n}, первое {first}, последнее {last}, наименьшее {low}, наибольшее {high}",
                "en": "{n}, first {first}, last {last}, lowest {low}, highest {high}"},
}
_VALUES = Noun(("value", "values"), ("значение", "значения", "значений"))

_FONT = "font-family=\"system-ui, 'DejaVu Sans', sans-serif\""
# as wide as the page lets it be, never wider than drawn
_FIT = 'style="max-width:100%;height:auto"'
_BAR = "#3d7a4f"
_LINE = "#1560bd"


def bar_chart(labels: Sequence[str], values: Sequence[float], *, title: str = "",
              maximum: float | None = None, unit: str = "", width: int = 520,
              label_width: int | None = 170, lang: str | None = None) -> str:
    """Horizontal bars, one per label, with the value written at the end of each bar (and in
    the chart's name).

    Each label is written whole: one wider than ``label_width`` goes on over more lines (at
    most :data:`_MOST_LINES`), its bar in the middle of them.  ``label_width=None`` makes the
    labels' column as wide as the longest label, up to half the chart."""
    if len(labels) != len(values):
        raise ValueError("bar_chart needs one value per label")
    left = _label_column(labels, width) if label_width is None else label_width
    lines = [_wrapped(label, left - 6) for label in labels]
    top = 28 if title else 8
    height = top + sum(_row_height(len(part)) for part in lines) + (0 if labels else 22) + 8
    top_value = maximum if maximum is not None else max([*values, 1e-9])
    span = width - left - 60
    language = _lang(lang, title)
    bars = ", ".join(f"{label} {value:.0f}{unit}" for label, value in zip(labels, values,
                                                                           strict=True))
    parts = [_open(width, height, _named(title, bars or pick(_WORDS, "none", language)))]
    if title:
        parts.append(f'<text x="4" y="18" {_FONT} font-size="14" font-weight="600">'
                     f'{escape(title)}</text>')
    if not labels:
        parts.append(f'<text x="4" y="{top + 14}" {_FONT} font-size="12" fill="#777">—</text>')
    y = top
    for label_lines, value in zip(lines, values, strict=True):
        length = 0.0 if top_value <= 0 else max(0.0, min(1.0, value / top_value)) * span
        for n, line in enumerate(label_lines):
            parts.append(f'<text x="{left - 6}" y="{y + 15 + _LINE_STEP * n}" '
                         f'text-anchor="end" {_FONT} font-size="12">{escape(line)}</text>')
        bar = y + 4 + _LINE_STEP * (len(label_lines) - 1) / 2   # beside the label's middle
        parts.append(f'<rect x="{left}" y="{bar:g}" width="{length:.1f}" height="14" rx="2" '
                     f'fill="{_BAR}"/>')
        parts.append(f'<text x="{left + length + 4:.1f}" y="{bar + 11:g}" {_FONT} '
                     f'font-size="12">{value:.0f}{escape(unit)}</text>')
        y += _row_height(len(label_lines))
    parts.append("</svg>")
    return "".join(parts)


_CHAR_PX = 7.6
"""The width of a character of a 12-pixel label, on the generous side (DejaVu Sans averages
about 6.6 in a puzzle's title, 7.3 in a Russian name): what a label's room is measured in."""
_LINE_STEP = 14
"""From one line of a label to the next, in pixels."""
_MOST_LINES = 3
"""The most lines a bar's label takes; a longer one ends with … on the last."""


def _label_column(labels: Sequence[str], width: int) -> int:
    """The labels' column: as wide as the longest label, within 60 pixels and half the chart."""
    longest = max((len(label) for label in labels), default=0)
    return int(min(max(60.0, longest * _CHAR_PX + 10), width / 2))


def _wrapped(label: str, room: float) -> list[str]:
    """``label`` in lines ``room`` pixels wide, broken between words (a word longer than a
    line, inside it); after :data:`_MOST_LINES` lines the rest is left out, marked with ….

    >>> _wrapped("10. Every trick: 3 cards", 130)
    ['10. Every trick:', '3 cards']
    """
    fits = max(4, int(room / _CHAR_PX))
    lines = textwrap.wrap(label, fits, break_on_hyphens=False) or [""]
    if len(lines) > _MOST_LINES:
        lines = lines[:_MOST_LINES]
        lines[-1] = lines[-1][:fits - 1].rstrip() + "…"
    return lines


def _row_height(lines: int) -> int:
    """A bar's row, for a label of ``lines`` lines: 22 pixels for one."""
    return 8 + _LINE_STEP * max(1, lines)


def line_chart(values: Sequence[float], *, title: str = "", width: int = 520,
               height: int = 180, x_labels: Sequence[str] = (), x_title: str = "",
               lang: str | None = None) -> str:
    """A line through ``values`` (one point per step): the lowest and highest values on the
    left, the last one by its dot, and along the foot ``x_labels`` (one per value, a few of
    them written when there are many) over the axis' name ``x_title``.  Its name sums the
    values up; its description lists them all (with their ``x_labels``)."""
    if x_labels and len(x_labels) != len(values):
        raise ValueError("line_chart needs one x label per value")
    foot = (16 if x_labels else 0) + (16 if x_title else 0)
    left, right, top, bottom = 48, 44, 28 if title else 8, 12 + foot
    height += foot
    language = _lang(lang, title)
    parts = [_open(width, height, _named(title, _line_summary(values, language)))]
    if values:
        listed = ", ".join(f"{x} — {v:.0f}" if x_labels else f"{v:.0f}"
                           for x, v in zip(x_labels or [""] * len(values), values, strict=True))
        parts.append(f"<desc>{escape(_named(x_title, listed))}</desc>")
    if title:
        parts.append(f'<text x="4" y="18" {_FONT} font-size="14" font-weight="600">'
                     f'{escape(title)}</text>')
    inner_w, inner_h = width - left - right, height - top - bottom
    parts.append(f'<rect x="{left}" y="{top}" width="{inner_w}" height="{inner_h}" '
                 f'fill="none" stroke="#ccc"/>')
    if x_title:
        parts.append(f'<text x="{left + inner_w / 2:.1f}" y="{height - 4}" text-anchor="middle" '
                     f'{_FONT} font-size="11" fill="#555">{escape(x_title)}</text>')
    if values:
        low, high = min(values), max(values)
        if high - low < 1e-9:
            low, high = low - 1, high + 1
        n = len(values)

        def xy(i: int, v: float) -> tuple[float, float]:
            x = left + (inner_w * i / (n - 1) if n > 1 else inner_w / 2)
            y = top + inner_h * (1 - (v - low) / (high - low))
            return x, y

        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(i, v) for i, v in enumerate(values)))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{_LINE}" '
                     f'stroke-width="2"/>')
        last_x, last_y = xy(n - 1, values[-1])
        parts.append(f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="3.5" fill="{_LINE}"/>')
        parts.append(f'<text x="{last_x + 6:.1f}" y="{last_y + 4:.1f}" {_FONT} font-size="11" '
                     f'font-weight="600" fill="{_LINE}">{values[-1]:.0f}</text>')
        parts.append(f'<text x="{left - 4}" y="{top + 10}" text-anchor="end" {_FONT} '
                     f'font-size="11">{max(values):.0f}</text>')
        parts.append(f'<text x="{left - 4}" y="{top + inner_h}" text-anchor="end" {_FONT} '
                     f'font-size="11">{min(values):.0f}</text>')
        step = max(1, math.ceil(n / 10))   # at most about ten numbers along the foot
        for i, label in enumerate(x_labels):
            if i % step and i != n - 1:
                continue
            x, _ = xy(i, values[i])
            parts.append(f'<line x1="{x:.1f}" y1="{top + inner_h}" x2="{x:.1f}" '
                         f'y2="{top + inner_h + 4}" stroke="#999"/>')
            parts.append(f'<text x="{x:.1f}" y="{top + inner_h + 15}" text-anchor="middle" '
                         f'{_FONT} font-size="11">{escape(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def chart_name(svg: str) -> str:
    """The name a chart made here is read by (the text of its ``<title>``), "" when it has none."""
    found = re.search(r"<title>(.*?)</title>", svg, re.S)
    return unescape(found.group(1)) if found else ""


def _open(width: int, height: int, name: str) -> str:
    """The chart's ``<svg>``, an image named by its first child, ``<title>``."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" class="kz-chart" {_FIT}>'
            f"<title>{escape(name)}</title>")


def _named(title: str, figures: str) -> str:
    """``title: figures.``, or the figures alone under no title."""
    text = f"{title}: {figures}" if title else figures[:1].upper() + figures[1:]
    return text if text.endswith(".") else f"{text}."


def _line_summary(values: Sequence[float], lang: str) -> str:
    """How many values, the first and the last, the lowest and the highest."""
    if not values:
        return pick(_WORDS, "none", lang)
    return pick(_WORDS, "summary", lang, n=_VALUES(len(values)).in_lang(lang),
                first=f"{values[0]:.0f}", last=f"{values[-1]:.0f}",
                low=f"{min(values):.0f}", high=f"{max(values):.0f}")


def _lang(lang: str | None, title: str) -> str:
    """``lang``, or when it is not given the language the title is written in."""
    if lang is not None:
        return "ru" if lang == "ru" else "en"
    return "ru" if re.search("[а-яА-ЯёЁ]", title) else "en"
