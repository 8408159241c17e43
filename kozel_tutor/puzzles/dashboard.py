"""The learner's dashboard: progress by theme and the rating over time (pandas + SVG charts).

The page says the rating with its uncertainty in words (Glicko-2's deviation: the true level is
most likely within that many points), the puzzles solved of those tried and the right answers
of all attempts, a puzzle met again in review included (a "Try again" is practice, not kept:
:class:`PuzzleCounts`, which *My progress* says too), how many puzzles wait for review and
when, a bar chart and a table by theme (numbers as the learner's language writes them: ``67%``,
``1,3``), and the rating after each rated attempt, numbered along the chart's foot (with a word
on why, when attempts within hours of each other make it fewer than the attempts).

>>> import tempfile
>>> from pathlib import Path
>>> from kozel_tutor.puzzles.progress import Progress
>>> frame = attempts_frame(Progress(Path(tempfile.mkdtemp()) / "p.sqlite3"))
>>> list(frame.columns)[:4], len(frame)
(['puzzle_id', 'set_id', 'card', 'correct'], 0)
>>> noon = time.mktime((2025, 5, 10, 12, 0, 0, 0, 0, -1))   # local time
>>> when_due(noon + 3 * 86400, noon, "en"), when_due(noon + 3 * 86400, noon, "ru")
('in 3 days', 'через 3 дня')
>>> when_due(noon + 13 * 3600, noon, "en"), when_due(noon + 3600, noon, "ru")
('tomorrow', 'сегодня попозже')
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import date
from html import escape

import pandas as pd  # type: ignore[import-untyped]

from ..i18n import Noun, Number, plural_ru
from .charts import bar_chart, line_chart
from .progress import RERATE_AFTER, Progress, ReviewStatus
from .texts import PUZZLES
from .themes import THEMES, theme_note

__all__ = ["PuzzleCounts", "attempts_frame", "dashboard_html", "review_summary", "theme_rows",
           "weakest_theme", "when_due"]

_COLUMNS = ["puzzle_id", "set_id", "card", "correct", "seconds", "hints", "score", "rated",
            "themes", "cards", "learner_before", "learner_after", "at"]

_WORDS = {
    "theme": {"ru": "Тема", "en": "Theme"},
    "attempts": {"ru": "Попыток", "en": "Attempts"},
    "solved_head": {"ru": "Верно", "en": "Right"},   # of the attempts
    "hints": {"ru": "Подсказок на задачу", "en": "Hints per puzzle"},
    "seconds": {"ru": "Секунд (медиана)", "en": "Seconds (median)"},
    "rating": {"ru": "Рейтинг", "en": "Rating"},
    "rating_axis": {"ru": "Попытки с рейтингом (0 — начало)",
                    "en": "Rated attempts (0 is the start)"},
    "by_theme": {"ru": "Верные ответы по темам, %", "en": "Right answers by theme, %"},
    "table_caption": {"ru": "По темам (задача с двумя темами считается в обеих)",
                      "en": "By theme (a puzzle with two themes counts in both)"},
    "none": {"ru": "Вы ещё не решали задач.", "en": "No puzzles tried yet."},
    "rating_line": {"ru": "Рейтинг {rating} ± {rd}", "en": "Rating {rating} ± {rd}"},
    "rating_note": {"ru": "«±» — точность рейтинга: ваш настоящий уровень, скорее всего, "
                          "отличается от {rating} не больше чем на {rd}. С каждой задачей по "
                          "рейтингу этот разброс становится меньше.",
                    "en": "The ± says how sure the rating is: your true level is most likely "
                          "within {rd} points of {rating}. The margin narrows with every rated "
                          "puzzle you answer."},
    "solved": {"ru": "Решено задач: {solved} из {tried} ({pct})",
               "en": "Puzzles solved: {solved} of {tried} tried ({pct})"},
    "attempts_right": {"ru": "Попыток вместе с повторением: {n}, верных: {right} ({pct})",
                       "en": "Attempts, reviews included: {n}, right: {right} ({pct})"},
    "counts": {"ru": "{solved}. {attempts}; {review}.", "en": "{solved}. {attempts}; {review}."},
    "rated_note": {"ru": "На графике рейтинга {rated} из {n}: повторная попытка той же задачи "
                         "в течение {hours} рейтинг не меняет.",
                   "en": "The rating chart shows {rated} of {n} attempts: a puzzle tried "
                         "again within {hours} does not change the rating."},
    "today": {"ru": "сегодня попозже", "en": "later today"},
    "tomorrow": {"ru": "завтра", "en": "tomorrow"},
    "in_days": {"ru": "через {n} {days}", "en": "in {n} days"},
}


def _w(key: str, lang: str, **params: object) -> str:
    text = _WORDS[key]["ru" if lang == "ru" else "en"]
    return text.format(**params) if params else text


def when_due(due: float, now: float, lang: str) -> str:
    """When a review falls due, as a learner says it: later today, tomorrow, in 3 days (by the
    calendar of the computer's clock)."""
    days = (date.fromtimestamp(due) - date.fromtimestamp(now)).days
    if days <= 0:
        return _w("today", lang)
    if days == 1:
        return _w("tomorrow", lang)
    return _w("in_days", lang, n=days, days=plural_ru(days, "день", "дня", "дней"))


_ATTEMPTS = Noun(("attempt", "attempts"), ("попытка", "попытки", "попыток"))
"""Attempts counted, nominative: "9 attempts", «9 попыток»."""
_HOURS = Noun(("hour", "hours"), ("часа", "часов", "часов"))
"""Hours counted after «в течение» (genitive): "20 hours", «20 часов», «21 часа»."""


@dataclass(frozen=True)
class PuzzleCounts:
    """What the learner's answers add up to: ``tried`` puzzles, ``solved`` of them (answered
    right at least once); ``attempts`` in all, reviews included, ``right`` of them, and
    ``rated`` of them (those that moved the rating: the points of its chart after the start).

    >>> counts = PuzzleCounts(tried=9, solved=4, attempts=11, right=4, rated=9)
    >>> counts.solved_words("en")
    'Puzzles solved: 4 of 9 tried (44%)'
    >>> counts.attempts_words("ru")
    'Попыток вместе с повторением: 11, верных: 4 (36%)'
    """

    tried: int
    solved: int
    attempts: int
    right: int
    rated: int

    @classmethod
    def of(cls, frame: pd.DataFrame) -> PuzzleCounts:
        """The counts of an attempts frame (:func:`attempts_frame`)."""
        right = frame["correct"].astype(bool)
        return cls(tried=int(frame["puzzle_id"].nunique()),
                   solved=int(frame.loc[right, "puzzle_id"].nunique()),
                   attempts=len(frame), right=int(right.sum()),
                   rated=int((frame["rated"] == 1).sum()))

    def solved_words(self, lang: str) -> str:
        """"Puzzles solved: 4 of 9 tried (44%)"."""
        return _w("solved", lang, solved=self.solved, tried=self.tried,
                  pct=_percent(_share(self.solved, self.tried), lang))

    def attempts_words(self, lang: str) -> str:
        """"Attempts, reviews included: 11, right: 4 (36%)"."""
        return _w("attempts_right", lang, n=self.attempts, right=self.right,
                  pct=_percent(_share(self.right, self.attempts), lang))

    def rated_note(self, lang: str) -> str:
        """Why the rating chart has fewer points than there were attempts; "" when it has as
        many."""
        if self.rated >= self.attempts:
            return ""
        rated = _ATTEMPTS(self.rated).in_lang(lang) if lang == "ru" else self.rated
        return _w("rated_note", lang, rated=rated, n=self.attempts,
                  hours=_HOURS(round(RERATE_AFTER / 3600)).in_lang(lang))


def _share(part: int, whole: int) -> float:
    """``part`` of ``whole`` in percent (0 of nothing)."""
    return 100 * part / whole if whole else 0.0

_REVIEW_WORDS: dict[str, dict[str, dict[str, str]]] = {
    "none": {"short": {"ru": "к повторению задач нет", "en": "nothing to review"},
             "long": {"ru": "Сюда вернутся задачи, где вы ошибётесь (или возьмёте две "
                            "подсказки и больше)",
                      "en": "Puzzles you miss (or solve with 2+ hints) come back here"}},
    "due": {"short": {"ru": "к повторению: {due} уже сейчас", "en": "to review: {due} due now"},
            "long": {"ru": "Пора повторить: {due}", "en": "Due now: {due}"}},
    "due_later": {"short": {"ru": "к повторению: {due} уже сейчас, ещё {later} позже",
                            "en": "to review: {due} due now, {later} later"},
                  "long": {"ru": "Пора повторить: {due}; ещё {later} — позже",
                           "en": "Due now: {due}; {later} more later"}},
    "later": {"short": {"ru": "к повторению: {waiting}, следующая — {when}",
                        "en": "to review: {waiting}, the next one due {when}"},
              "long": {"ru": "Следующая — {when}; можно решить и раньше",
                       "en": "Next one due {when}; you may practise early"}},
}
"""The review list in words, by what waits on it: ``short`` inside the dashboard's counts
line, ``long`` on its own (the Review tile in the menu says it under its name).  ``{due}`` and
``{waiting}`` (those due later) are counted with their noun, "2 puzzles", «2 задачи»; ``{later}``
after them is a bare number."""


def review_summary(status: ReviewStatus, now: float, lang: str, *, long: bool = False) -> str:
    """The review list in a few words: how many are due now and when the next one waiting for a
    later day comes back.  Short, for the dashboard's counts line: "to review: 1, the next one
    due tomorrow"; ``long``, for the Review tile: "Next one due tomorrow; you may practise
    early".

    >>> status = ReviewStatus(due=2, later=1, next_due=None)
    >>> review_summary(status, 0, "en"), review_summary(status, 0, "ru", long=True)
    ('to review: 2 puzzles due now, 1 later', 'Пора повторить: 2 задачи; ещё 1 — позже')
    """
    if status.waiting == 0:
        key = "none"
    elif status.due:
        key = "due_later" if status.later else "due"
    else:
        key = "later"
    when = ""
    if key == "later":
        assert status.next_due is not None
        when = when_due(status.next_due, now, lang)
    words = _REVIEW_WORDS[key]["long" if long else "short"]["ru" if lang == "ru" else "en"]
    return words.format(due=PUZZLES(status.due).in_lang(lang), later=status.later,
                        waiting=PUZZLES(status.later).in_lang(lang), when=when)


def attempts_frame(progress: Progress) -> pd.DataFrame:
    """Every attempt as a row; ``at`` becomes a timestamp."""
    frame = pd.DataFrame(progress.attempts(), columns=["id", *_COLUMNS])
    frame = frame.drop(columns=["id"])
    frame["at"] = pd.to_datetime(frame["at"], unit="s")
    frame["correct"] = frame["correct"].astype(bool)
    return frame


def theme_rows(frame: pd.DataFrame, lang: str = "en") -> list[dict[str, str]]:
    """Attempts, share solved, hints per puzzle and median seconds by theme as the dashboard
    shows them (:func:`_by_theme`), one row per theme, the weakest first, every number written
    as ``lang`` writes it: ``{"theme": "Duck", "note": "Duck — …", "attempts": "3", "solved":
    "67%", "hints": "1.3", "seconds": "12.7"}`` (``1,3`` and ``12,7`` in Russian)."""
    return _rows(_by_theme(frame), lang)


def weakest_theme(frame: pd.DataFrame, lang: str = "en") -> dict[str, str] | None:
    """The weakest theme's row of :func:`theme_rows`, or ``None`` when no theme has a wrong
    answer: every answer in a puzzle of a counted theme was right, though one without a theme
    (or with a theme this version does not know) may have been answered wrong."""
    grouped = _by_theme(frame)
    if grouped.empty or float(grouped["solved"].iloc[0]) >= 1:
        return None
    return _rows(grouped.iloc[:1], lang)[0]


def _rows(grouped: pd.DataFrame, lang: str) -> list[dict[str, str]]:
    """The rows of :func:`theme_rows` for the themes of ``grouped`` (:func:`_by_theme`)."""
    return [{"theme": THEMES[str(theme)].name.get(lang), "note": theme_note(str(theme), lang),
             "attempts": str(int(row.attempts)),
             "solved": _percent(100 * float(row.solved), lang),
             "hints": Number(float(row.hints), 1).in_lang(lang),
             "seconds": Number(float(row.seconds), 1).in_lang(lang)}
            for theme, row in grouped.iterrows()]


def _by_theme(frame: pd.DataFrame) -> pd.DataFrame:
    """Per theme id: attempts, share solved (0..1), mean hints, median seconds (a puzzle with
    two themes counts in both); the weakest theme first."""
    columns = ["attempts", "solved", "hints", "seconds"]
    if frame.empty:
        return pd.DataFrame(columns=columns)
    exploded = frame.assign(theme=frame["themes"].str.split(",")).explode("theme")
    exploded = exploded[exploded["theme"].isin(THEMES)]
    grouped = exploded.groupby("theme").agg(
        attempts=("correct", "size"), solved=("correct", "mean"), hints=("hints", "mean"),
        seconds=("seconds", "median"))
    return grouped.sort_values(["solved", "attempts"], ascending=[True, False])


def _percent(value: float, lang: str) -> str:
    return f"{Number(value, 0).in_lang(lang)}%"


def _table_html(rows: list[dict[str, str]], lang: str) -> str:
    heads = [("theme", "kz-dash-left"), ("attempts", ""), ("solved_head", ""), ("hints", ""),
             ("seconds", "")]
    head = "".join(f'<th scope="col" class="{cls}">{escape(_w(key, lang))}</th>'
                   for key, cls in heads)
    body = "".join(
        f'<tr><th scope="row" class="kz-dash-left" title="{escape(row["note"])}">'
        f'{escape(row["theme"])}</th>'
        + "".join(f"<td>{escape(row[key])}</td>"
                  for key in ("attempts", "solved", "hints", "seconds"))
        + "</tr>" for row in rows)
    return (f'<table class="kz-dash-table" data-testid="dashboard-table">'
            f'<caption>{escape(_w("table_caption", lang))}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


_STYLE = ("<style>.kz-dashboard p{font-size:15px;line-height:1.45;margin:6px 0}"
          ".kz-dashboard .kz-dash-rating{font-size:20px;font-weight:700;margin:4px 0 0}"
          ".kz-dashboard .kz-dash-note{color:#5c5647;font-size:14px;margin-top:2px}"
          ".kz-dash-charts{display:flex;flex-wrap:wrap;gap:12px 20px;margin:10px 0;"
          "align-items:flex-start}"
          ".kz-dash-table{border-collapse:collapse;width:100%;margin-top:8px;font-size:15px;"
          "font-variant-numeric:tabular-nums}"
          ".kz-dash-table caption{text-align:left;font-weight:600;font-size:14px;"
          "padding-bottom:4px}"
          ".kz-dash-table th,.kz-dash-table td{padding:5px 8px;border-bottom:1px solid #e6dfcd;"
          "text-align:right}"
          ".kz-dash-table thead th{font-size:13px;color:#5c5647}"
          ".kz-dash-table .kz-dash-left{text-align:left}"
          ".kz-dash-table tbody th{font-weight:600}</style>")


def dashboard_html(progress: Progress, lang: str = "en", *, now: float | None = None) -> str:
    """The whole dashboard as HTML: the rating and what its ± means, counts and reviews, the
    theme chart, the rating line and the table by theme."""
    now = time.time() if now is None else now
    frame = attempts_frame(progress)
    if frame.empty:
        return (f'{_STYLE}<div class="kz-dashboard" data-testid="dashboard">'
                f'<p>{escape(_w("none", lang))}</p></div>')
    rating = progress.learner_rating()
    shown, spread = str(round(rating.rating)), str(round(rating.rd))
    figures = PuzzleCounts.of(frame)
    counts = _w("counts", lang, solved=figures.solved_words(lang),
                attempts=figures.attempts_words(lang),
                review=review_summary(progress.review_status(now), now, lang))
    note = figures.rated_note(lang)
    note_html = (f'<p class="kz-dash-note" data-testid="dashboard-rated">{escape(note)}</p>'
                 if note else "")
    grouped = _by_theme(frame)
    chart = bar_chart([THEMES[str(t)].name.get(lang) for t in grouped.index],
                      [100 * float(v) for v in grouped["solved"]], title=_w("by_theme", lang),
                      maximum=100, unit="%", width=400, label_width=150, lang=lang)
    rated = frame[frame["rated"] == 1]
    history = [float(rated["learner_before"].iloc[0])] if len(rated) else []
    history += [float(v) for v in rated["learner_after"]]
    line = line_chart(history, title=_w("rating", lang), width=400,
                      x_labels=[str(i) for i in range(len(history))],
                      x_title=_w("rating_axis", lang), lang=lang)
    return (f'{_STYLE}<div class="kz-dashboard" data-testid="dashboard">'
            f'<h2 class="kz-dash-rating" data-testid="dashboard-rating">'
            f'{escape(_w("rating_line", lang, rating=shown, rd=spread))}</h2>'
            f'<p class="kz-dash-note">{escape(_w("rating_note", lang, rating=shown, rd=spread))}'
            f'</p><p data-testid="dashboard-counts">{escape(counts)}</p>'
            f'<div class="kz-dash-charts">{chart}{line}</div>{note_html}'
            f'{_table_html(theme_rows(frame, lang), lang)}</div>')
