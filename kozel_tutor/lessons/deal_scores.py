"""What a finished deal writes, in the words of the lesson's score table.

A ``deal_score`` task asks "who writes what?"; the answer is the engine's
:func:`~kozel_tutor.scoring.deal_result` under the lesson's rules, told in the words of that
table: points for the winners (standard), rows of the classic tablo (пары, and «люся»), or
penalty points for the losers (nizhny, kozly24).  An answer is the value of a :class:`Choice`:
the side written to and how much (``NS:4``), a reset of a score (``NS:reset``: the classic
люся, the kozly24 erasing), or ``eggs``.

>>> from kozel_tutor.rules import find_rules
>>> nizhny = find_rules("nizhny")
>>> result = deal_result(nizhny, (95, 25), (7, 2))
>>> score_value(result)
'EW:4'
>>> print(deal_reason(result, nizhny).ru)  # doctest: +NORMALIZE_WHITESPACE
Штрафные очки пишут проигравшим. Они (В–З) набрали 25 очков (30 и меньше),
поэтому им пишут 4 штрафных очка.
"""

from __future__ import annotations

from ..i18n import ROWS, plural_ru
from ..rules import Rules
from ..scoring import DealResult, deal_result
from ..seats import Team
from .model import DealScoreTask, Text
from .phrases import points, say, team_dative
from .verdicts import Choice

__all__ = ["deal_reason", "score_choices", "score_value", "task_result", "writes"]

_STEPS = {"standard": (2, 4, 6), "classic": (1, 2), "nizhny": (2, 4, 6), "kozly24": (2, 4)}
"""What a deal can write under each table (before eggs), for the answer buttons."""

_PENALTY_WHY = {
    ("nizhny", 6): ("no points at all", "ни одного очка"),
    ("nizhny", 4): ("30 or fewer", "30 и меньше"),
    ("nizhny", 2): ("31 to 59", "от 31 до 59"),
    ("kozly24", 4): ("fewer than 30", "меньше 30"),
    ("kozly24", 2): ("30 or more", "30 и больше"),
}
"""Which step of the penalty table the losers' points fall on, by table and penalty."""


def task_result(task: DealScoreTask) -> DealResult:
    return deal_result(task.rules, task.points, task.tricks, 2 if task.after_eggs else 1)


def score_value(result: DealResult) -> str:
    """The choice that answers ``result``: the side written to and how much, a reset, eggs."""
    if result.winner is None:
        return "eggs"
    if result.reset is not None:
        return f"{result.winner.name}:reset"
    team = next(t for t in Team if result.written[t])
    return f"{team.name}:{result.written[team]}"


def writes(team: Team, n: int | str | Text, cap: bool = True) -> Text:
    """"We write 4" / "Мы пишем 4": the verb agrees with the side in Russian."""
    if team is Team.NS:
        return say("{t} write {n}", "{t} пишем {n}", cap=cap, t=team, n=n)
    return say("{t} write {n}", "{t} пишут {n}", cap=cap, t=team, n=n)


def _rows(team: Team, n: int) -> Text:
    """"We write 2 rows" / «Мы пишем 2 пары» (a row of the classic tablo is a пара): the verb of
    the question «Кто сколько пишет?» and of the rules."""
    return writes(team, Text(ROWS(n).in_lang("ru"), ROWS(n).in_lang("en")))


def _penalty_points(n: int) -> Text:
    return Text(f"{n} {plural_ru(n, 'штрафное очко', 'штрафных очка', 'штрафных очков')}",
                f"{n} penalty point{'' if n == 1 else 's'}")


def _penalty(team: Team, n: int) -> Text:
    """"We (N–S) get 4 penalty points" / «Нам (С–Ю) пишут 4 штрафных очка»."""
    return say("{t} get {n}", "{d} пишут {n}", t=team, d=team_dative(team),
               n=_penalty_points(n))


def _reset(rules: Rules, team: Team) -> Text:
    """A sweep that resets a score: the classic люся, the kozly24 erasing."""
    if rules.scoring == "classic":   # a dash, not a colon: «Ответ: «Люся» — …» reads once
        if team is Team.NS:
            return say("Lyusya — {t} wipe their tablo", "«Люся» — {t} обнуляем табло соперников",
                       t=team)
        return say("Lyusya — {t} wipe our tablo", "«Люся» — {t} обнуляют наше табло", t=team)
    if team is Team.NS:
        return say("{t} erase our penalty points", "{t} списываем свои штрафные очки", t=team)
    return say("{t} erase their penalty points", "{t} списывают свои штрафные очки", t=team)


def _written(rules: Rules, team: Team, n: int) -> Text:
    if rules.scoring == "classic":
        return _rows(team, n)
    if rules.target_loses:
        return _penalty(team, n)
    return writes(team, n)


def score_choices(task: DealScoreTask) -> tuple[Choice, ...]:
    """The answer buttons: every side and amount the table can write, the resets, eggs."""
    rules = task.rules
    steps = _STEPS[rules.scoring]
    if rules.scoring == "classic":   # after eggs the winners take one extra row, not double
        values = [n + 1 if task.after_eggs else n for n in steps]
    else:
        values = [n * 2 if task.after_eggs else n for n in steps]
    out = [Choice(f"{team.name}:{n}", _written(rules, team, n)) for team in Team for n in values]
    if rules.scoring in ("classic", "kozly24"):
        out += [Choice(f"{team.name}:reset", _reset(rules, team)) for team in Team]
    out.append(Choice("eggs", _eggs(rules)))
    return tuple(out)


def _eggs(rules: Rules) -> Text:
    """The eggs button, in the words of the question: a penalty table writes to nobody."""
    if rules.target_loses:
        return say("Eggs — nobody gets anything", "Яйца — никому ничего не пишут")
    return say("Eggs — nobody writes", "Яйца — никто не пишет")


def deal_reason(result: DealResult, rules: Rules) -> Text:
    """Why the deal writes what it writes, step by step, in the words of ``rules``' table."""
    scoring = rules.scoring
    if scoring == "classic":
        return _classic_reason(result)
    if scoring in ("nizhny", "kozly24"):
        return _penalty_reason(result, scoring)
    return _standard_reason(result)


def _doubled(result: DealResult) -> Text:
    if result.multiplier == 1:
        return Text("", "")
    return say("After eggs this deal counts double: {v} × 2 = {n}.",
               "После яиц эта раздача идёт вдвойне: {v} × 2 = {n}.",
               v=result.value, n=result.value * 2)


def _standard_reason(result: DealResult) -> Text:
    if result.winner is None:
        return say("60–60 is eggs: nobody writes, and the next deal counts double.",
                   "60 на 60 — это яйца: никто не пишет, а следующая раздача идёт вдвойне.")
    win, lose = result.winner, result.winner.other
    text = say("{w} took {p}: 61 or more wins the deal.",
               "{w} набрали {p}: 61 и больше — раздача выиграна.",
               w=win, p=points(result.points[win]))
    # the step the scoring table chose (its value: scoring.standard_value), told in words
    if result.value == 6:
        text = text + say("{l} took no trick at all, so the winners write 6.",
                          "{l} не взяли ни одной взятки, поэтому победители пишут 6.", l=lose)
    elif result.value == 4:
        text = text + say("{l} made only {p}. With 30 or fewer a side has not saved itself, "
                          "so the winners write 4.",
                          "{l} набрали только {p}: 30 и меньше — не спаслись, поэтому "
                          "победители пишут 4.", l=lose, p=points(result.points[lose]))
    else:
        text = text + say("{l} made {p}. With more than 30 a side has saved itself, so the "
                          "winners write 2.",
                          "{l} набрали {p}: больше 30 — спаслись, поэтому победители пишут 2.",
                          l=lose, p=points(result.points[lose]))
    return text + _doubled(result)


def _classic_reason(result: DealResult) -> Text:
    if result.winner is None:
        return say("60–60 is eggs: the tablo does not move, and the winners of the next deal "
                   "take one extra row.",
                   "60 на 60 — это яйца: табло не двигается, а победители следующей раздачи "
                   "получат за них дополнительную пару.")
    win, lose = result.winner, result.winner.other
    if result.reset is not None:
        text = say("{w} took all eight tricks: that is lyusya, and the losers' tablo goes back "
                   "to zero.",
                   "{w} взяли все восемь взяток — это «люся»: табло проигравших обнуляется.",
                   w=win)
    elif result.value == 2:
        text = say("{w} made {p}: 90 or more, and {l} took at least one trick, so that is two "
                   "rows.",
                   "{w} набрали {p}: 90 и больше, а {l} взяли хотя бы одну взятку, поэтому "
                   "победители пишут две пары.", w=win, l=lose, p=points(result.points[win]))
    else:
        text = say("{w} made {p}: 61 to 89 is one row.",
                   "{w} набрали {p}: от 61 до 89 — победители пишут одну пару.",
                   w=win, p=points(result.points[win]))
    if result.multiplier > 1:
        text = text + say("After eggs the winners of this deal take one extra row.",
                          "После яиц победители этой раздачи получают ещё одну пару.")
    return text


def _penalty_reason(result: DealResult, scoring: str) -> Text:
    if result.winner is None:
        return say("60–60 is eggs: nobody is written anything, and the next deal counts double.",
                   "60 на 60 — это яйца: никому ничего не пишут, а следующая раздача идёт "
                   "вдвойне.")
    win, lose = result.winner, result.winner.other
    if result.reset is not None:
        if win is Team.NS:
            return say("{w} took every trick, so we erase our own penalty points.",
                       "{w} взяли все взятки, поэтому списываем свои штрафные очки.", w=win)
        return say("{w} took every trick, so they erase their own penalty points.",
                   "{w} взяли все взятки, поэтому списывают свои штрафные очки.", w=win)
    why_en, why_ru = _PENALTY_WHY[(scoring, result.value)]
    text = say("Penalty points go to the losers.", "Штрафные очки пишут проигравшим.") + say(
               "{l} made {p} ({why}), so {d} get {n}.",
               "{l} набрали {p} ({why}), поэтому {d} пишут {n}.",
               l=lose, p=points(result.points[lose]), why=Text(why_ru, why_en),
               d=Text("нам", "we") if lose is Team.NS else Text("им", "they"),
               n=_penalty_points(result.value))
    return text + _doubled(result)
