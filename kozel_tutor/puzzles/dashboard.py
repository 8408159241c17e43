"""The learner's dashboard: progress by theme and the rating over time (pandas + SVG charts).

>>> import tempfile
>>> from pathlib import Path
>>> from kozel_tutor.puzzles.progress import Progress
>>> frame = attempts_frame(Progress(Path(tempfile.mkdtemp()) / "p.sqlite3"))
>>> list(frame.columns)[:4], len(frame)
(['puzzle_id', 'set_id', 'card', 'correct'], 0)
"""

from __future__ import annotations

from html import escape

import pandas as pd  # type: ignore[import-untyped]

from .charts import bar_chart, line_chart
from .progress import Progress
from .themes import THEMES

__all__ = ["attempts_frame", "dashboard_html", "theme_table"]

_COLUMNS = ["puzzle_id", "set_id", "card", "correct", "seconds", "hints", "score", "rated",
            "themes", "cards", "learner_before", "learner_after", "at"]

_WORDS = {
    "theme": {"ru": "Тема", "en": "Theme"},
    "attempts": {"ru": "Попыток", "en": "Attempts"},
    "solved": {"ru": "Решено, %", "en": "Solved, %"},
    "hints": {"ru": "Подсказок на задачу", "en": "Hints per puzzle"},
    "seconds": {"ru": "Секунд (медиана)", "en": "Seconds (median)"},
    "rating": {"ru": "Рейтинг", "en": "Rating"},
    "by_theme": {"ru": "Решено по темам, %", "en": "Solved by theme, %"},
    "none": {"ru": "Пока нет ни одной решённой задачи.", "en": "No puzzles tried yet."},
    "summary": {"ru": "Рейтинг {rating:.0f} (±{rd:.0f}); попыток: {n}; верно: {pct:.0f}%; "
                      "к повторению: {due}.",
                "en": "Rating {rating:.0f} (±{rd:.0f}); attempts: {n}; right: {pct:.0f}%; "
                      "to review: {due}."},
}


def attempts_frame(progress: Progress) -> pd.DataFrame:
    """Every attempt as a row; ``at`` becomes a timestamp."""
    frame = pd.DataFrame(progress.attempts(), columns=["id", *_COLUMNS])
    frame = frame.drop(columns=["id"])
    frame["at"] = pd.to_datetime(frame["at"], unit="s")
    frame["correct"] = frame["correct"].astype(bool)
    return frame


def theme_table(frame: pd.DataFrame, lang: str = "en") -> pd.DataFrame:
    """Per theme: attempts, share solved, hints per attempt, median seconds (a puzzle with two
    themes counts in both)."""
    words = {k: v["ru" if lang == "ru" else "en"] for k, v in _WORDS.items()}
    if frame.empty:
        return pd.DataFrame(columns=[words["attempts"], words["solved"], words["hints"],
                                     words["seconds"]])
    exploded = frame.assign(theme=frame["themes"].str.split(",")).explode("theme")
    exploded = exploded[exploded["theme"].isin(THEMES)]
    grouped = exploded.groupby("theme").agg(
        attempts=("correct", "size"), solved=("correct", "mean"), hints=("hints", "mean"),
        seconds=("seconds", "median"))
    grouped["solved"] = (grouped["solved"] * 100).round(0)
    grouped["hints"] = grouped["hints"].round(2)
    grouped["seconds"] = grouped["seconds"].round(1)
    grouped.index = [THEMES[t].name.get(lang) for t in grouped.index]
    grouped.index.name = words["theme"]
    grouped = grouped.rename(columns={"attempts": words["attempts"], "solved": words["solved"],
                                      "hints": words["hints"], "seconds": words["seconds"]})
    return grouped.sort_values(words["solved"])


def dashboard_html(progress: Progress, lang: str = "en") -> str:
    """The whole dashboard as HTML: a summary line, the theme chart and table, the rating line."""
    words = {k: v["ru" if lang == "ru" else "en"] for k, v in _WORDS.items()}
    frame = attempts_frame(progress)
    if frame.empty:
        return f'<div class="kz-dashboard"><p>{escape(words["none"])}</p></div>'
    rating = progress.learner_rating()
    summary = words["summary"].format(rating=rating.rating, rd=rating.rd, n=len(frame),
                                      pct=100 * frame["correct"].mean(),
                                      due=len(progress.due_reviews()))
    table = theme_table(frame, lang)
    chart = bar_chart([str(i) for i in table.index], list(table[words["solved"]]),
                      title=words["by_theme"], maximum=100, unit="%")
    rated = frame[frame["rated"] == 1]
    history = [float(rated["learner_before"].iloc[0])] if len(rated) else []
    history += [float(v) for v in rated["learner_after"]]
    line = line_chart(history, title=words["rating"])
    return (f'<div class="kz-dashboard"><p>{escape(summary)}</p>{chart}{line}'
            f'{table.to_html(classes="kz-table", border=0)}</div>')
