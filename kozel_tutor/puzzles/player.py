"""The puzzle player: the logic behind the puzzle widget (the widget only draws :meth:`view`).

One :class:`PuzzlePlayer` walks through a queue of puzzles.  For each: show the goal and the
position, take one card, say right or wrong, then show every legal card with its double-dummy
value in points (none where its line ends with the 6♣ catching the Q♣: only the deal result
counts there) and in deal result (equivalent cards grouped) and the tutor's words; after a miss,
the refutation line is there to play through card by card.  Each hint takes a share of the
rating a right answer brings, and the Hint button says how much (or, when a first answer will
not be rated because the puzzle was tried lately, that the rating will not change; nothing on a
retry).  Until the solver has said why, the verdict names the best cards and that the reasons
are coming.  On screen the story leaves the goal to the goal box (it is read out whole).
Answers go to the learner's :class:`~.progress.Progress` (ratings, reviews) and, for a
teacher's set, to a :class:`~.teacher.ResultsSheet`.

A set opened again goes on where it was left: the puzzles answered before (``given``: the
first answers kept in the learner's progress) count as answered, the first puzzle without an
answer comes first, and an answered puzzle met on the way is shown as it was answered (Try
again solves it once more without changing that answer).

The browser sends ``{"type": "play", "card": "QC"}``, ``{"type": "hint"}``, ``{"type":
"retry"}`` and ``{"type": "next"}``; each is checked against the screen it was sent from.  The
view also says the keys for what is on screen (``keys``) and what a screen reader is to hear
(``spoken``: the position of each puzzle put on screen, each hint, the verdict; numbered, so
that each is read out once), and each card of the line has its words (``said``).

>>> from kozel_tutor.puzzles.model import load_catalogue
>>> player = PuzzlePlayer(SetQueue([]), lang="en")
>>> player.view()["phase"]
'empty'
"""

from __future__ import annotations

import base64
import logging
import random
import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from ..cards import Card, CardError, CardSet, parse_card
from ..file_problems import problem_words
from ..i18n import plural_ru, word_list
from ..seats import Seat
from ..sqlite_files import NotKept, write_problem
from .drills import is_drill
from .explain import CardReport, card_report
from .model import Puzzle, View, category_of
from .progress import Progress, hint_share
from .student_sets import FirstAnswer
from .teacher import ResultsSheet
from .texts import points_phrase, say, seat_role, tricks_phrase
from .themes import current_hint, theme_label, theme_note
from .variants import VARIANTS, goal_text, variant_label
from .verify import GoalCheck, analyse, legal_cards, line_after, quick_to_check

__all__ = ["PuzzlePlayer", "PuzzleQueue", "RatedQueue", "SetQueue"]

log = logging.getLogger(__name__)

_T = TypeVar("_T")

_Said = Literal["position", "hint", "verdict", "empty"]
"""The last thing the screen said (read out through the widget's live region)."""

_LABELS = {
    "trump": {"ru": "Козыри", "en": "Trumps"},
    "goal": {"ru": "Цель", "en": "Goal"},
    "played": {"ru": "Уже вышли", "en": "Already played"},
    "cards": {"ru": "Карта", "en": "Card"},
    "points": {"ru": "Очки", "en": "Points"},
    "result": {"ru": "Итог раздачи", "en": "Deal result"},
    "line_miss": {"ru": "Как соперники наказывают ход", "en": "How the opponents punish it"},
    "line_best": {"ru": "Лучший розыгрыш", "en": "Best play"},
    "step": {"ru": "Следующая карта", "en": "Next card"},
    "all": {"ru": "Показать всё", "en": "Show all"},
    "trick_to": {"ru": "взятка: {who}, {points}", "en": "trick to {who}, {points}"},
    "thinking": {"ru": "Решатель считает…", "en": "The solver is working…"},
    # the verdict while the solver works out the reasons (or, without the fast solver, all of it)
    "better": {"ru": "Лучше: {cards}.", "en": "Better: {cards}."},
    "also": {"ru": "Так же хорошо: {cards}.", "en": "Just as good: {cards}."},
    "working_wrong": {"ru": "Считаем, почему…", "en": "Working out why…"},
    "working_right": {"ru": "Считаем, что даёт каждая карта…",
                      "en": "Working out what each card gives…"},
    "light": {"ru": "Подробный разбор всех карт требует быстрого решателя (C); здесь — только "
                    "верно или нет.",
              "en": "The analysis of every card needs the fast (C) solver; here you see only "
                    "right or wrong."},
    "hidden": {"ru": "карт: {n}", "en": "{n} cards"},
    "themes": {"ru": "Темы", "en": "Themes"},
    "rating": {"ru": "Ваш рейтинг {rating}", "en": "Your rating {rating}"},
    "difficulty": {"ru": "Сложность {rating}", "en": "Difficulty {rating}"},
    "counter": {"ru": "Задача {i} из {n}", "en": "Puzzle {i} of {n}"},
    "empty": {"ru": "Задач больше нет.", "en": "No more puzzles here."},
    "finished": {"ru": "Набор решён: верно {right} из {n}.",
                 "en": "Set finished: {right} of {n} right."},
    # the name and the results files sit at the top, under the bar (puzzles_view)
    "send": {"ru": "Скачайте файл результатов (вверху, под заголовком) и отправьте его "
                   "учителю.",
             "en": "Download your results file (at the top, under the title) and send it to "
                   "your teacher."},
    "given": {"ru": "Вы уже отвечали на эту задачу, засчитан первый ответ. «Ещё раз» — решить её "
                    "снова: засчитанный ответ не изменится.",
              "en": "You answered this puzzle before; your first answer counts. “Try again” "
                    "solves it once more without changing that answer."},
    "taken": {"ru": "Взято: вы {mine}, соперники {theirs}",
              "en": "Taken: you {mine}, opponents {theirs}"},
    "hints_used": {"ru": "Подсказок: {n}", "en": "Hints used: {n}"},
    "rating_change": {"ru": "Рейтинг: {before} → {after}", "en": "Rating: {before} → {after}"},
    "unrated": {"ru": "Повторная попытка: рейтинг не меняется.",
                "en": "A repeat: the rating does not change."},
    # the answer was judged, but the progress file could not keep it (sqlite_files.write_problem)
    # the answer was judged, but the progress file could not keep it ({reason}: file_problems)
    "not_saved": {"ru": "Ответ не сохранён: {reason}, поэтому рейтинг не изменился.",
                  "en": "Your answer could not be saved: {reason}, so your rating has not "
                        "changed."},
    "saved_again": {"ru": "Ответы снова будут сохраняться, когда файл освободится.",
                    "en": "Answers are saved again once the file is free."},
    "practice": {"ru": "«Ещё раз» — для тренировки: этот ответ не засчитывается ни в рейтинг, "
                       "ни в счёт попыток.",
                 "en": "“Try again” is practice: this answer counts neither for the rating nor "
                       "among the attempts."},
    "chosen": {"ru": "ваш ход", "en": "your card"},
    "best": {"ru": "лучший ход", "en": "best card"},
    # while the puzzle is unsolved its title does not give the theme away
    "title_ending": {"ru": "Концовка: {n} {cards}", "en": "Ending: {n} cards"},
    "title_opening": {"ru": "Первый заход", "en": "Opening lead"},
    # a drill: a position from the learner's own game, at any stage of the deal
    "title_drill": {"ru": "Из вашей партии: {n} {cards} на руке",
                    "en": "From your game: {n} cards in hand"},
    "title_drill_opening": {"ru": "Из вашей партии: первый заход",
                            "en": "From your game: the opening lead"},
    # the Hint button of a first try the rating will not count (the puzzle was tried lately)
    "hint_recent": {"ru": "Подсказка {n} (задача решалась недавно: рейтинг не изменится)",
                    "en": "Hint {n} (you tried this puzzle lately: the rating will not change)"},
    "why": {"ru": "Пояснение", "en": "Explanation"},
    # the language button of a puzzle widget in a notebook says the other language in its own
    "lang": {"ru": "English", "en": "Русский"},
    # the keys line beside the buttons (the same keys work in the Russian layout: р, т, к)
    "keys_solve": {"ru": "Клавиши: Tab или ← → — выбрать карту, Enter — сыграть её, "
                         "H — подсказка.",
                   "en": "Keys: Tab or ← → chooses a card, Enter plays it, H asks for a "
                         "hint."},
    "keys_answered": {"ru": "Клавиши: N — следующая задача, R — ещё раз.",
                      "en": "Keys: N opens the next puzzle, R tries again."},
    "keys_line": {"ru": "Клавиши: N — следующая задача, R — ещё раз, → — следующая карта "
                        "розыгрыша.",
                  "en": "Keys: N opens the next puzzle, R tries again, → shows the next card "
                        "of the line."},
}


def _label(key: str, lang: str, **params: object) -> str:
    text = _LABELS[key]["ru" if lang == "ru" else "en"]
    return text.format(**params) if params else text


def _solving_title(puzzle: Puzzle, lang: str) -> str:
    """The title while the puzzle is unsolved: the kind of position, not the theme (a drill:
    that it comes from the learner's own game, with how many cards are left; the variant is
    on its own badge beside the title)."""
    position = puzzle.position
    opening = category_of(position) == "open"
    n = position.cards_per_hand
    cards = plural_ru(n, "карта", "карты", "карт")
    if is_drill(puzzle):
        return (_label("title_drill_opening", lang) if opening
                else _label("title_drill", lang, n=n, cards=cards))
    if opening:
        return _label("title_opening", lang)
    return _label("title_ending", lang, n=n, cards=cards)


def _answered_title(puzzle: Puzzle, lang: str) -> str:
    """The title once the puzzle is answered: its own, which names the theme, without the
    variant (its badge is beside the title)."""
    title = puzzle.title.get(lang)
    variant = f" · {variant_label(puzzle.variant).get(lang)}"
    return title.removesuffix(variant) if puzzle.variant != "standard" else title


def _story_shown(story: str, goal: str) -> str:
    """The story as the screen shows it: without the goal, which the goal box under it says."""
    return " ".join(story.replace(goal, " ").split()) if goal in story else story


def _rating_note(attempt: _Attempt, lang: str) -> str:
    """What the first answer did to the learner's rating, in ``lang`` (for an answer given
    before this visit, that it is the one that counts; after Try again, that the answer is not
    kept; when the progress file could not keep it, that and why)."""
    if attempt.not_saved is not None:
        why = attempt.not_saved
        said = _label("not_saved", lang, reason=problem_words(why.reason, why.place, lang))
        return f"{said} {_label('saved_again', lang)}" if why.reason == "in_use" else said
    if attempt.restored:
        return _label("given", lang)
    if not attempt.first:
        return _label("practice", lang)
    if attempt.rating_change is not None:
        before, after = attempt.rating_change
        return _label("rating_change", lang, before=before, after=after)
    return _label("unrated", lang) if attempt.unrated else ""


class PuzzleQueue(Protocol):
    """Where the next puzzle comes from."""

    def next(self) -> Puzzle | None:
        """The next puzzle, or ``None`` when there are no more."""

    def counter(self) -> tuple[int, int] | None:
        """``(number, total)`` of the current puzzle, for a fixed set."""


@dataclass
class SetQueue:
    """The puzzles of a set, in order."""

    puzzles: Sequence[Puzzle]
    index: int = -1

    def next(self) -> Puzzle | None:
        if self.index + 1 >= len(self.puzzles):
            self.index = len(self.puzzles)
            return None
        self.index += 1
        return self.puzzles[self.index]

    def counter(self) -> tuple[int, int] | None:
        return (self.index + 1, len(self.puzzles))


def rated_variants(catalogue: Iterable[Puzzle], themes: Sequence[str]) -> tuple[str, ...]:
    """The rules the rated puzzles of ``themes`` are played under: the standard game, unless none
    of its puzzles has one of those themes (the catch is played in regional games only); then
    the variants whose puzzles have one, in the order of :data:`~.variants.VARIANTS`.

    >>> from kozel_tutor.puzzles.model import load_catalogue
    >>> puzzles = [p for s in load_catalogue() for p in s.puzzles]
    >>> rated_variants(puzzles, ()), rated_variants(puzzles, ("catch",))
    (('standard',), ('nizhny', 'kozly24'))
    """
    having = {p.variant for p in catalogue if not themes or set(themes) & set(p.themes)}
    if not themes or "standard" in having:
        return ("standard",)
    return tuple(name for name in VARIANTS if name in having)


def _or_else(read: Callable[[], _T], otherwise: _T) -> _T:
    """What ``read`` reads from the progress file, or ``otherwise`` when the file cannot be
    read just now (another program holds it)."""
    try:
        return read()
    except sqlite3.Error:
        log.warning("could not read the puzzle progress", exc_info=True)
        return otherwise


@dataclass
class RatedQueue:
    """Puzzles picked near the learner's rating: due reviews first, then unsolved puzzles
    (none twice in one sitting).

    ``themes`` keeps puzzles with any of those themes; ``variants`` those played under one of
    those rules (by default the standard game: the regional variants' puzzles are reached
    through their own sets, or by passing their names here; empty means every variant).
    """

    catalogue: Sequence[Puzzle]
    progress: Progress
    rng: random.Random = field(default_factory=random.Random)
    themes: tuple[str, ...] = ()
    shown: set[str] = field(default_factory=set)
    variants: tuple[str, ...] = ("standard",)
    target: float = 1500.0
    """The learner's rating as last read (the puzzles are picked near it)."""

    def _wanted(self, puzzle: Puzzle) -> bool:
        return ((not self.themes or bool(set(self.themes) & set(puzzle.themes)))
                and (not self.variants or puzzle.variant in self.variants))

    def next(self) -> Puzzle | None:
        """The next puzzle; while the progress file cannot be read (another program holds it),
        one near the rating last read, among those not shown in this sitting."""
        progress = self.progress
        due: list[Puzzle] = _or_else(progress.due_reviews, [])
        reviews = [p for p in due if p.id not in self.shown and self._wanted(p)]
        if reviews:
            self.shown.add(reviews[0].id)
            return reviews[0]
        solved: set[str] = _or_else(progress.solved_ids, set[str]()) | self.shown
        pool = [p for p in self.catalogue if p.id not in solved and self._wanted(p)]
        if not pool:
            return None
        self.target = _or_else(lambda: progress.learner_rating().rating, self.target)
        target = self.target
        # each puzzle's rating moves as it is played
        live: dict[str, float] = _or_else(progress.puzzle_ratings, {})
        pool.sort(key=lambda p: abs(live.get(p.id, p.rating) - target))
        choice = self.rng.choice(pool[:8])
        self.shown.add(choice.id)
        return choice

    def counter(self) -> tuple[int, int] | None:
        return None


@dataclass
class _Attempt:
    """The state of the puzzle on screen."""

    puzzle: Puzzle
    started: float
    hints: int = 0
    chosen: Card | None = None
    seconds: float = 0.0
    check: GoalCheck | None = None
    reports: dict[Card, CardReport] = field(default_factory=dict)
    rating_change: tuple[int, int] | None = None
    """The learner's rating before and after the first answer, when it was rated."""
    unrated: bool = False
    first: bool = True
    difficulty: float = 0.0
    """The puzzle's live rating and the learner's, as the header shows them: read when the
    puzzle is put on screen, and again after an answer elsewhere moved them
    (:meth:`PuzzlePlayer.reread_ratings`)."""
    learner_rating: float | None = None
    rates: bool = False
    """Whether the first answer will move the learner's rating (the Hint button says so)."""
    restored: bool = False
    """Whether ``chosen`` is the first answer given before this visit (kept in the progress)."""
    not_saved: NotKept | None = None
    """Why the first answer could not be kept in the progress (the file is in use by another
    window or program, read-only, on a full disk): it is judged all the same."""


class PuzzlePlayer:
    """Plays a queue of puzzles; :meth:`view` is what the widget draws."""

    def __init__(
        self,
        queue: PuzzleQueue,
        *,
        lang: str = "ru",
        progress: Progress | None = None,
        sheet: ResultsSheet | None = None,
        set_id: str = "",
        backend: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        given: Mapping[str, FirstAnswer] | None = None,
        send_results: bool = False,
    ) -> None:
        """``given``: the first answers to a set's puzzles from before, by puzzle id (see the
        module); ``send_results``: the end of the set asks for the results file to be sent to
        the teacher."""
        self.queue = queue
        self.lang = lang
        self.progress = progress
        self.sheet = sheet
        self.set_id = set_id
        self.backend = backend
        self.clock = clock
        self.thinking = False
        self.send_results = send_results
        self.given = dict(given or {})
        self.answered: list[tuple[str, bool]] = []
        self._listeners: list[Callable[[], None]] = []
        self._recorded: list[Callable[[], None]] = []
        self.said = 0
        """How many things the screen has had to say (each new one is read out: see
        :meth:`view`'s ``spoken``)."""
        self._saying: _Said = "empty"
        self._resume()
        self.attempt: _Attempt | None = None
        puzzle = queue.next()
        if puzzle is not None:
            self._begin(puzzle)
        else:
            self._say("empty")

    def _resume(self) -> None:
        """Count the set's puzzles answered before and start at the first without an answer
        (at the first puzzle when every one has one, to look through them)."""
        queue = self.queue
        if not self.given or not isinstance(queue, SetQueue):
            return
        self.answered = [(p.id, self.given[p.id].card in p.answers) for p in queue.puzzles
                         if p.id in self.given]
        unanswered = (i for i, p in enumerate(queue.puzzles) if p.id not in self.given)
        queue.index = next(unanswered, 0) - 1

    # -- wiring ----------------------------------------------------------------------------

    def on_change(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def _changed(self) -> None:
        for callback in list(self._listeners):
            callback()

    def on_record(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after each answer this player keeps in the progress: the ratings
        have moved (another player of the same learner reads them again: :meth:`reread_ratings`).
        """
        self._recorded.append(callback)

    def set_lang(self, lang: str, *, tell: bool = True) -> None:
        """Speak ``lang``.  On a switch the screen's last words (the position, the hint, the
        verdict) are said again, once, in the new language, unless not ``tell`` (the switch was
        made on another screen, which says it)."""
        lang = "en" if lang == "en" else "ru"
        switched, self.lang = lang != self.lang, lang
        if switched and tell:
            self.said += 1   # the same words, now in the other language
        self._changed()

    def reread_ratings(self) -> None:
        """Read the ratings on screen again, after an answer elsewhere (another puzzle widget
        of the notebook) has moved them: the learner's rating in the header, and, for a puzzle
        not answered yet, its own rating and whether a first answer will be rated (the Hint
        button says so).  The screen is drawn again only if one of them changed."""
        attempt, progress = self.attempt, self.progress
        if attempt is None or progress is None:
            return
        before = (attempt.learner_rating, attempt.difficulty, attempt.rates)
        try:
            attempt.learner_rating = progress.learner_rating().rating
            if attempt.chosen is None:
                attempt.difficulty = progress.puzzle_rating(attempt.puzzle).rating
                attempt.rates = attempt.first and progress.will_rate(attempt.puzzle)
        except sqlite3.Error:   # the file is held just now: the screen keeps what it showed
            log.warning("could not read the ratings again", exc_info=True)
            attempt.learner_rating, attempt.difficulty, attempt.rates = before
            return
        if (attempt.learner_rating, attempt.difficulty, attempt.rates) != before:
            self._changed()

    @property
    def puzzle(self) -> Puzzle | None:
        return None if self.attempt is None else self.attempt.puzzle

    @property
    def full_analysis(self) -> bool:
        """Whether every card can be analysed here (small ending or native solver)."""
        puzzle = self.puzzle
        return puzzle is not None and quick_to_check(puzzle, self.backend)

    # -- commands --------------------------------------------------------------------------

    def handle(self, message: Mapping[str, Any]) -> bool:
        """Obey one browser message if it fits the screen; returns whether it was obeyed."""
        kind = message.get("type")
        attempt = self.attempt
        if attempt is None or self.thinking:
            return False
        if kind == "play" and attempt.chosen is None:
            try:
                card = parse_card(str(message.get("card", "")))
            except CardError:
                return False
            if card not in legal_cards(attempt.puzzle.position):
                return False
            self.answer(card)
            return True
        if kind == "hint" and attempt.chosen is None and attempt.hints < len(attempt.puzzle.hints):
            attempt.hints += 1
            self._say("hint")
            self._changed()
            return True
        if kind == "retry" and attempt.chosen is not None:
            self.attempt = self._start(attempt.puzzle, first=False)
            self._say("position")
            self._changed()
            return True
        if kind == "next" and attempt.chosen is not None:
            self.advance()
            return True
        return False

    def answer(self, card: Card) -> None:
        """Take the learner's card: record it, then analyse every card for the feedback.  An
        answer the progress cannot keep (:meth:`_record`) is judged all the same."""
        attempt = self.attempt
        assert attempt is not None and attempt.chosen is None
        attempt.chosen = card
        attempt.seconds = self.clock() - attempt.started
        if attempt.first:
            self._record(attempt, card)
        self._explain(attempt, card)

    def _record(self, attempt: _Attempt, card: Card) -> None:
        """Keep a first answer: in the answers of this sitting, the sheet and the progress."""
        puzzle = attempt.puzzle
        self.answered.append((puzzle.id, card in puzzle.answers))
        if self.sheet is not None:
            self.sheet.add(puzzle, card.token, seconds=attempt.seconds, hints=attempt.hints)
        if self.progress is not None:
            try:
                record = self.progress.record(puzzle, card, seconds=attempt.seconds,
                                              hints=attempt.hints, set_id=self.set_id)
            except sqlite3.Error as exc:
                # the verdict says the answer was not kept, and why; the ratings stay as they were
                log.warning("could not record the answer to %s: %s", puzzle.id, exc)
                attempt.not_saved = NotKept(write_problem(exc), self.progress.path, str(exc))
                return
            attempt.learner_rating = record.learner_after.rating
            if record.rated:
                attempt.rating_change = (round(record.learner_before.rating),
                                         round(record.learner_after.rating))
            else:
                attempt.unrated = True
            for callback in list(self._recorded):
                callback()

    def _explain(self, attempt: _Attempt, card: Card) -> None:
        """Analyse every card for the feedback on ``card`` (when the solver can here)."""
        if self.full_analysis:
            self.thinking = True
            self._changed()
            try:
                attempt.check, attempt.reports = self._analyse(attempt.puzzle, card)
            finally:
                self.thinking = False
        self._say("verdict")
        self._changed()

    def advance(self) -> None:
        puzzle = self.queue.next()
        self.attempt = None
        if puzzle is not None:
            self._begin(puzzle)
        else:
            self._say("empty")
        self._changed()

    def _say(self, what: _Said) -> None:
        """Something new for the screen to read out: the view's ``spoken`` says it."""
        self.said += 1
        self._saying = what

    def _begin(self, puzzle: Puzzle) -> None:
        """Put ``puzzle`` on screen: to solve, or as it was answered before (``given``)."""
        self.attempt = attempt = self._start(puzzle)
        given = self.given.get(puzzle.id)
        if given is None:
            self._say("position")
            return
        attempt.first = attempt.rates = False
        attempt.restored = True
        attempt.chosen, attempt.seconds = given.card, given.seconds
        attempt.hints = min(given.hints, len(puzzle.hints))
        self._explain(attempt, given.card)

    def _start(self, puzzle: Puzzle, *, first: bool = True) -> _Attempt:
        """A new attempt at ``puzzle``, with the ratings its header shows read now."""
        if self.progress is None:
            return _Attempt(puzzle, self.clock(), first=first, difficulty=puzzle.rating)
        try:
            return _Attempt(puzzle, self.clock(), first=first,
                            difficulty=self.progress.puzzle_rating(puzzle).rating,
                            learner_rating=self.progress.learner_rating().rating,
                            rates=first and self.progress.will_rate(puzzle))
        except sqlite3.Error:
            # the file is held just now: the puzzle's own rating, and a first answer counts
            log.warning("could not read the ratings of %s", puzzle.id, exc_info=True)
            return _Attempt(puzzle, self.clock(), first=first, difficulty=puzzle.rating,
                            rates=first)

    def _analyse(self, puzzle: Puzzle, chosen: Card) -> tuple[GoalCheck, dict[Card, CardReport]]:
        check = analyse(puzzle.position, puzzle.goal, backend=self.backend)
        answer = chosen if chosen in check.answers else min(check.answers, key=lambda c: c.index)
        best_line = line_after(puzzle.position, answer, puzzle.goal, self.backend)
        reports: dict[Card, CardReport] = {}
        for group in check.classes:
            first = chosen if chosen in group else group[0]
            reports[first] = card_report(check, first, best_line=best_line, backend=self.backend)
        return check, reports

    # -- the view --------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        lang = self.lang
        attempt = self.attempt
        labels = {key: _label(key, lang) for key in _LABELS
                  if "{" not in _LABELS[key]["en"]}
        labels.update(retry=say("retry", lang), next=say("next", lang), step=_label("step", lang))
        base: dict[str, Any] = {"lang": lang, "labels": labels,
                                "ranks": _ranks(lang), "thinking": self.thinking}
        if attempt is None:
            right = sum(1 for _, ok in self.answered if ok)
            text = (_label("finished", lang, right=right, n=len(self.answered))
                    if self.answered else _label("empty", lang))
            if self.answered and self.send_results:
                text += " " + _label("send", lang)
            return {**base, "phase": "empty", "message": text, "summary": {
                "right": right, "total": len(self.answered)},
                "spoken": {"count": self.said, "text": text}}
        puzzle = attempt.puzzle
        position = puzzle.position
        learner = position.to_move
        solved = attempt.chosen is not None
        open_hands = puzzle.view is View.DOUBLE_DUMMY or solved
        counter = self.queue.counter()
        goal = goal_text(puzzle.goal, position.rules, lang)
        header = {
            "id": puzzle.id,
            "title": _answered_title(puzzle, lang) if solved else _solving_title(puzzle, lang),
            "story": _story_shown(puzzle.story.get(lang), goal),
            "goal": goal,
            "variant": puzzle.variant,
            "variant_label": variant_label(puzzle.variant).get(lang),
            "counter": _label("counter", lang, i=counter[0], n=counter[1]) if counter else "",
            "difficulty": _label("difficulty", lang, rating=round(attempt.difficulty)),
            "rating": (_label("rating", lang, rating=round(attempt.learner_rating))
                       if attempt.learner_rating is not None else ""),
        }
        seats: dict[str, Any] = {}
        for seat in Seat:
            hand = position.hands[seat]
            shown = open_hands or seat == learner
            seats[_screen_seat(seat, learner)] = {
                "label": seat_role(seat, learner, lang).capitalize(),
                "cards": [c.token for c in _sorted(hand, puzzle)] if shown else [],
                "count": len(hand),
                "hidden": "" if shown else _label("hidden", lang, n=len(hand)),
            }
        team = learner.team
        taken = _label("taken", lang,
                       mine=f"{points_phrase(position.taken_points[team], lang)} / "
                            f"{tricks_phrase(position.taken_tricks[team], lang)}",
                       theirs=f"{points_phrase(position.taken_points[team.other], lang)} / "
                              f"{tricks_phrase(position.taken_tricks[team.other], lang)}")
        played = position.rules.deck_cards - CardSet(
            c for hand in position.hands for c in hand) - CardSet(position.trick)
        view: dict[str, Any] = {
            **base,
            "phase": "solve" if not solved else (
                "right" if attempt.chosen in puzzle.answers else "wrong"),
            "header": header,
            "trump": position.trump.letter,
            "trumps": [c.token for c in position.rules.card_order(position.trump).trumps],
            "seats": seats,
            "trick": [{"seat": _screen_seat(position.leader.offset(i), learner), "card": c.token}
                      for i, c in enumerate(position.trick)],
            "played": [c.token for c in _sorted(played, puzzle)],
            "taken": taken,
            "legal": [] if solved else [c.token for c in legal_cards(position)],
            "hints": [current_hint(h, position).get(lang)
                      for h in puzzle.hints[:attempt.hints]],
            "hint_button": (_hint_button(attempt, lang, rated=self.progress is not None)
                            if not solved and attempt.hints < len(puzzle.hints) else ""),
            "feedback": None,
            "cards_table": [],
            "line": None,
            "note": "",
        }
        if solved:
            view.update(self._feedback_view(attempt, lang))
        view["keys"] = _keys_line(view, lang)
        view["spoken"] = {"count": self.said, "text": self._spoken(view, lang)}
        return view

    def _spoken(self, view: Mapping[str, Any], lang: str) -> str:
        """What the screen reads out for the last thing said: the position of a puzzle put on
        screen, the hint just taken, or the verdict (for an answer from before, after the
        position)."""
        attempt = self.attempt
        assert attempt is not None
        if self._saying == "hint" and view["hints"]:
            n = len(view["hints"])
            return f"{say('hint_unrated', lang, n=n)}: {view['hints'][-1]}"
        position = _position_said(view, attempt.puzzle, lang)
        feedback = view["feedback"]
        if self._saying != "verdict" or feedback is None:
            return position
        verdict = _sentences(feedback["text"], view["note"])
        return _sentences(position, verdict) if attempt.restored else verdict

    def _first_verdict(self, puzzle: Puzzle, chosen: Card, lang: str) -> str:
        """The verdict before the solver has said why (or, without the fast solver, all there
        is): right or not, the best cards by name, and, while the solver works, that it does."""
        best = [c.name_in(lang) for c in sorted(puzzle.answers, key=lambda c: c.index)
                if c != chosen]
        correct = chosen in puzzle.answers
        if correct:
            parts = [say("right", lang), _label("also", lang, cards=word_list(best, lang))
                     if best else ""]
        else:
            parts = [say("wrong", lang),
                     _label("better", lang, cards=word_list(best, lang, either=True))]
        if self.thinking:
            parts.append(_label("working_right" if correct else "working_wrong", lang))
        return _sentences(*parts)

    def _feedback_view(self, attempt: _Attempt, lang: str) -> dict[str, Any]:
        puzzle = attempt.puzzle
        chosen = attempt.chosen
        assert chosen is not None
        correct = chosen in puzzle.answers
        out: dict[str, Any] = {"note": _rating_note(attempt, lang)}
        rules = puzzle.position.rules
        themes = ", ".join(theme_label(t, rules).get(lang) for t in puzzle.themes)
        # each theme named on screen says what it means (a tooltip)
        notes = [{"label": theme_label(t, rules).get(lang), "note": theme_note(t, lang, rules)}
                 for t in puzzle.themes]
        if attempt.check is None:
            out["feedback"] = {"correct": correct, "card": chosen.token,
                               "text": self._first_verdict(puzzle, chosen, lang),
                               "themes": themes, "theme_notes": notes}
            if not self.thinking:
                out["note"] = " ".join(x for x in (_label("light", lang),
                                                   _rating_note(attempt, lang)) if x)
            return out
        check = attempt.check
        chosen_report = attempt.reports.get(chosen) or next(
            r for r in attempt.reports.values() if chosen in r.group)
        out["feedback"] = {"correct": correct, "card": chosen.token,
                           "text": (say("right", lang) if correct else say("wrong", lang)) + " "
                           + chosen_report.text.get(lang), "themes": themes,
                           "theme_notes": notes}
        rows = []
        # best first, by the solver's value (a line that ends in the catch shows no points)
        for report in sorted(attempt.reports.values(),
                             key=lambda r: (-(check.results[r.card].points or 0), r.card.index)):
            rows.append({
                "cards": [c.token for c in report.group],
                "points": report.points,
                "outcome": report.outcome.get(lang),
                "correct": report.correct,
                "chosen": chosen in report.group,
                "text": report.text.get(lang),
            })
        out["cards_table"] = rows
        learner = check.position.to_move
        view_line = chosen_report.to_view(check, lang)
        out["line"] = {
            "title": _label("line_best" if correct else "line_miss", lang),
            "tricks": [_line_trick(t, learner, lang) for t in view_line["tricks"]],
        }
        return out


def _line_trick(trick: Mapping[str, Any], learner: Seat, lang: str) -> dict[str, Any]:
    """One trick of the line as the widget draws it (seats where the screen has them) and reads
    it out, card by card (``said``: "Partner: ace of spades.") and as it is taken."""
    caption = _label("trick_to", lang, who=trick["winner_who"],
                     points=points_phrase(trick["points"], lang))
    plays = [{**p, "seat": _screen_seat(Seat[p["seat"]], learner),
              "said": _sentences(f"{_capital(p['who'])}: {parse_card(p['card']).name_in(lang)}")}
             for p in trick["plays"]]
    return {**trick, "plays": plays, "winner": _screen_seat(Seat[trick["winner"]], learner),
            "caption": caption, "said": _sentences(_capital(caption))}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _keys_line(view: Mapping[str, Any], lang: str) -> str:
    """The puzzle's keys for what is on screen: to play a card and take a hint while solving
    (nothing to add once the hints are used up), the next puzzle and a retry after an answer,
    and the line's next card when there is a line."""
    if view["phase"] == "solve":
        return _label("keys_solve", lang) if view["hint_button"] else ""
    return _label("keys_line" if view["line"] else "keys_answered", lang)


def _sentences(*parts: str) -> str:
    """``parts`` read as sentences: each ends with a full stop unless it has its own mark;
    empty parts are left out."""
    return " ".join(p if p.endswith((".", "!", "?", "…")) else f"{p}."
                    for p in (part.strip() for part in parts) if p)


def _position_said(view: Mapping[str, Any], puzzle: Puzzle, lang: str) -> str:
    """The puzzle on screen as it is read out: its title, its whole story (on screen its goal
    has a box of its own), the goal when the story does not say it, and trumps (its number is
    on screen, beside the title)."""
    header = view["header"]
    story = puzzle.story.get(lang)
    goal = "" if header["goal"] in story else f"{_label('goal', lang)}: {header['goal']}"
    trumps = f"{_label('trump', lang)}: {puzzle.position.trump.name_in(lang)}"
    return _sentences(header["title"], story, goal, trumps)


def _hint_button(attempt: _Attempt, lang: str, *, rated: bool) -> str:
    """The Hint button: what the next hint does to the rating a right answer would bring.
    Where ratings are kept (``rated``), a first try they will not count (the puzzle was tried
    lately) says so; a retry, just told it is not rated, and a puzzle without ratings say
    nothing of them."""
    n = attempt.hints + 1
    if not attempt.rates:
        if rated and attempt.first:
            return _label("hint_recent", lang, n=n)
        return say("hint_unrated", lang, n=n)
    share = hint_share(n)
    if share <= 0:
        return say("hint_no_gain", lang, n=n)
    return say("hint", lang, n=n, cost=round(100 * (1 - share)))


def _screen_seat(seat: Seat, learner: Seat) -> str:
    """Where a seat is drawn: the learner at the bottom (S), the partner on top (N)."""
    return Seat((seat - learner + Seat.S) % 4).name


def _sorted(cards: Iterable[Card], puzzle: Puzzle) -> list[Card]:
    order = puzzle.position.rules.card_order(puzzle.position.trump)
    return sorted(cards, key=order.sort_key())


def _ranks(lang: str) -> dict[str, str]:
    if lang == "ru":
        return {"T": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"}
    return {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}


def results_download(sheet: ResultsSheet, kind: str = "json",
                     lang: str = "en") -> dict[str, str]:
    """A data: link the browser can save: the results file, JSON or CSV, the bytes
    :meth:`~.results.ResultsSheet.save` writes (:meth:`~.results.ResultsSheet.file_bytes`:
    the CSV for Excel as the gradebook's is, in ``lang``'s way and with a BOM, so that Excel
    reads its letters right; the teacher's app reads it either way)."""
    mime = "text/csv" if kind == "csv" else "application/json"
    payload = base64.b64encode(sheet.file_bytes(kind, lang)).decode("ascii")
    return {"filename": sheet.filename(kind), "href": f"data:{mime};charset=utf-8;base64,{payload}"}
