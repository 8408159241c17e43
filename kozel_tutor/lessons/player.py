"""The lesson controller: which step is shown, what the learner answered, stars and progress.

All the logic of a lesson lives here and in :mod:`.checks`; the widget only draws
:meth:`LessonPlayer.view` (plain JSON) and sends commands back (``{"type": "answer", "value":
"QS"}``, ``next``, ``back``, ``hint``, ``restart``, ``lang``, and ``next_lesson`` once the lesson
is finished).  In a notebook the player shows itself as the lesson widget::

    from kozel_tutor.lessons import LessonPlayer
    LessonPlayer("01_table")

The lesson notebooks open it with ``kozel_tutor.app.notebook.lesson("01_table")``, in the
language last used in a notebook, which a switch of the language changes (:meth:`on_lang`).

With saved progress, a lesson not yet finished reopens at the step where it was left, the tasks
before it solved as they were (their stars still to earn as they were); a finished lesson, or
one whose steps have changed since, opens at its first step.

>>> player = LessonPlayer("04_trick", lang="en", progress=None)
>>> player.next().view()["answer"]["kind"]
'card'
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Card, Suit
from ..i18n import LANGUAGES, check_lang, word_list
from ..seats import Seat
from .checks import Verdict, answer_kind, check, choices, expected
from .model import ExplainStep, Lesson, Task, Text, lesson_ids, load_lesson
from .phrases import cards_list, mid_sentence, say
from .progress import LessonProgress, TaskRecord
from .scenes import scene
from .verdicts import TYPE_NUMBER, WRONG, number_answer

if TYPE_CHECKING:
    from ..widgets.lesson import LessonWidget

__all__ = ["LessonPlayer", "TaskState", "open_lessons_text", "stars_for"]

log = logging.getLogger(__name__)

REVEAL_AFTER = 3
"""After this many wrong answers the feedback also names the right answer (nobody gets stuck)."""

LABELS: dict[str, Text] = {
    "next": Text("Дальше", "Next"),
    "back": Text("Назад", "Back"),
    "hint": Text("Подсказка", "Hint"),
    "check": Text("Проверить", "Check"),
    "restart": Text("Пройти заново", "Start again"),
    "lang": Text("English", "Русский"),
    "step": Text("Шаг", "Step"),
    "answer_here": Text("Ваш ответ", "Your answer"),
    "number_first": Text("Сначала введите число", "Type a number first"),
    "trump": Text("Козыри", "Trumps"),
    "played": Text("Уже вышли", "Already played"),
    "dealer": Text("сдаёт", "deals"),
    "stars": Text("Звёзды", "Stars"),
    "next_lesson": Text("Следующий урок", "Next lesson"),
}
SEAT_NAMES: dict[Seat, Text] = {
    seat: Text(seat.name_in("ru").capitalize(), seat.name_in("en")) for seat in Seat}
"""A seat's full name: a screen reader says «Север, С» for the seat button drawn «С»."""
COURSE_DONE = Text(
    "Это был последний урок, и весь курс пройден: правила вы теперь знаете. Закрепите их на "
    "практике: сыграйте партию против компьютера («Играть» на главной странице) или решайте "
    "задачи — начните с набора «Путь новичка» в разделе «Задачи».",
    "That was the last lesson, and the whole course is done: you know the rules now. Put them "
    "to work: play a match against the computer (Play on the home page), or solve puzzles, "
    "starting with the Beginner path set in Puzzles.")
"""What the end of the last lesson adds once every lesson is finished: where to go on (the app
adds buttons for both, see :attr:`LessonPlayer.course_finished`)."""
PRACTICE = Text(
    "А то, что вы уже знаете, можно закрепить на практике: сыграйте партию против компьютера "
    "(«Играть» на главной странице) или решайте задачи — начните с набора «Путь новичка» в "
    "разделе «Задачи».",
    "Meanwhile, put what you already know to work: play a match against the computer (Play on "
    "the home page), or solve puzzles, starting with the Beginner path set in Puzzles.")
"""Where to go on from the last lesson while earlier lessons are still open (after the words
that name them, :func:`open_lessons_text`)."""
TITLED_UP_TO = 3
"""Open lessons up to this many are named with their titles; more, by their numbers alone."""


def open_lessons_text(lessons: list[Lesson]) -> Text:
    """The end of the last lesson when ``lessons`` (at least one) are not finished yet: which,
    by number and title («урок 9 «…»»), or by numbers alone when there are many («уроки 7–11»).

    >>> open_lessons_text([load_lesson(i) for i in lesson_ids()[6:11]]).ru.split(": ")[1]
    'остались уроки 7–11. К ним можно вернуться в любой момент.'
    """
    one = len(lessons) == 1
    if len(lessons) <= TITLED_UP_TO:
        ru = word_list([f"{x.number} «{x.title.ru}»" for x in lessons], "ru")
        en = word_list([f"{x.number} “{x.title.en}”" for x in lessons], "en")
    else:
        ru, en = (word_list(_ranges([x.number for x in lessons]), lang) for lang in ("ru", "en"))
    if one:
        return Text(f"Это был последний урок курса, но пройден ещё не весь курс: остался урок "
                    f"{ru}. К нему можно вернуться в любой момент.",
                    "That was the last lesson of the course, but the course is not done yet: "
                    f"lesson {en} is still open. You can go back to it at any time.")
    return Text(f"Это был последний урок курса, но пройден ещё не весь курс: остались уроки "
                f"{ru}. К ним можно вернуться в любой момент.",
                "That was the last lesson of the course, but the course is not done yet: "
                f"lessons {en} are still open. You can go back to them at any time.")


def _ranges(numbers: list[int]) -> list[str]:
    """Lesson numbers with runs of three or more shortened: ``[1, 2, 3, 5, 7, 8]`` →
    ``["1–3", "5", "7", "8"]``."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    out: list[str] = []
    for run in runs:
        out.extend([f"{run[0]}–{run[-1]}"] if len(run) >= 3 else [str(n) for n in run])
    return out


RANKS = {"ru": {"T": "10", "J": "В", "Q": "Д", "K": "К", "A": "Т"},
         "en": {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}}


@dataclass
class TaskState:
    """How the learner is doing on one task."""

    wrong: int = 0
    hinted: bool = False
    """The learner asked for the hint (it is shown in its own box)."""
    solved: bool = False
    verdict: Verdict | None = None
    last_answer: str | None = None
    hint_in_nudge: bool = False
    """A wrong answer's nudge has shown the hint: the Hint button has nothing more to give."""
    refused: str | None = None
    """What was typed last for a number if it was not a whole number (refused, not counted as
    a try): the box shows it again, with what is wanted."""

    @property
    def flawless(self) -> bool:
        return self.solved and not self.wrong and not self.hinted


def stars_for(states: list[TaskState]) -> int:
    """3 stars for a lesson with every task right first time without a hint; one less for each
    task that took a hint or a retry; never below 1 for a finished lesson."""
    flawed = sum(1 for s in states if not s.flawless)
    return max(1, 3 - flawed)


class LessonPlayer:
    """Plays one lesson: explanation steps and tasks, checked by the engine or the solver."""

    def __init__(self, lesson: str | Lesson, lang: str = "ru",
                 progress: LessonProgress | bool | None = True) -> None:
        self.lang = check_lang(lang)
        if progress is True:
            progress = LessonProgress.open_default()
        self.progress: LessonProgress | None = progress or None
        self._listeners: list[Callable[[], None]] = []
        self._lang_listeners: list[Callable[[str], None]] = []
        self._widget: LessonWidget | None = None
        self._stars_told = False
        """This player has already explained the stars (for a session without saved progress)."""
        self._finished_here: set[str] = set()
        """The lessons this player has finished (they count as done even without saved
        progress)."""
        self.open_lessons: tuple[str, ...] = ()
        """Once the last lesson is finished: the shipped lessons still not finished, by id (read
        from the saved progress and this session); empty: the whole course is done."""
        self._news = Text("", "")
        self._news_brief: Text | None = None
        self._news_count = 0
        self._start(load_lesson(lesson) if isinstance(lesson, str) else lesson)

    def _start(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.states: dict[int, TaskState] = {
            i: TaskState() for i, step in enumerate(self.lesson.steps) if isinstance(step, Task)}
        self.finished_stars: int | None = None
        self._explain_stars = False
        """The end of this lesson says how stars are earned (only the first time it matters)."""
        self.index = self._resume()
        self._save()
        self._tell_step(titled=True)

    # -- state ----------------------------------------------------------------------------------

    @property
    def step(self) -> ExplainStep | Task:
        return self.lesson.steps[self.index]

    @property
    def task_state(self) -> TaskState | None:
        return self.states.get(self.index)

    @property
    def is_last(self) -> bool:
        return self.index == len(self.lesson.steps) - 1

    @property
    def course_finished(self) -> bool:
        """The last lesson of the course is finished: its end says where to go on (a match, the
        puzzles), and the app offers both as buttons.  Whether the whole course is done is
        :attr:`course_complete`."""
        return (self.finished_stars is not None and self.is_last and self.next_lesson_id is None
                and self.lesson.id in lesson_ids())

    @property
    def course_complete(self) -> bool:
        """The last lesson is finished and so is every other lesson (:attr:`open_lessons`)."""
        return self.course_finished and not self.open_lessons

    @property
    def can_next(self) -> bool:
        state = self.task_state
        return (state is None or state.solved) and (not self.is_last or self.finished_stars is None)

    @property
    def can_hint(self) -> bool:
        """A task not yet solved whose hint is not on screen yet (in its box or in a nudge)."""
        state = self.task_state
        return state is not None and not (state.solved or state.hinted or state.hint_in_nudge)

    @property
    def next_lesson_id(self) -> str | None:
        """The shipped lesson after this one (``None`` after the last one)."""
        ids = lesson_ids()
        if self.lesson.id not in ids:
            return None
        later = ids[ids.index(self.lesson.id) + 1:]
        return later[0] if later else None

    # -- commands -------------------------------------------------------------------------------

    def answer(self, value: str | int) -> Verdict:
        """Check an answer to the task on screen; a wrong one can be retried."""
        step, state = self.step, self.task_state
        if not isinstance(step, Task) or state is None:
            raise ValueError("this step is an explanation, not a task")
        text = str(value).strip()
        if state.solved:
            return state.verdict or check(step, text)
        if answer_kind(step) == "number":
            number = number_answer(text)
            if number is None:
                return self._refuse(state, text)
            text = str(number)   # «+30», «３０» are read as 30
        state.refused = None
        verdict = check(step, text)
        state.last_answer = text
        if verdict.correct:
            state.solved = True
            self._keep_task(state)
        else:
            state.wrong += 1
            if state.wrong >= REVEAL_AFTER:
                verdict = Verdict(False, verdict.explanation + self._reveal(step))
            elif verdict.worked:   # the worked answer would give it away: a nudge instead
                verdict = Verdict(False, WRONG + self._nudge(step, state))
        state.verdict = verdict
        if verdict.correct and self.is_last:
            self._finish()
        self._tell(self._feedback(step, state) + self._done_words())
        self._changed()
        return verdict

    def hint(self) -> Text:
        step, state = self.step, self.task_state
        if not isinstance(step, Task) or state is None:
            raise ValueError("this step has no hint")
        if not state.solved:
            state.hinted = True
            self._tell(say("Hint: {h}", "Подсказка: {h}", h=mid_sentence(step.hint)))
        self._changed()
        return step.hint

    def next_lesson(self) -> LessonPlayer:
        """Go on to the next lesson once this one is finished (the same player and widget)."""
        following = self.next_lesson_id
        if self.finished_stars is None or following is None:
            raise ValueError("finish this lesson first" if self.finished_stars is None
                             else "this is the last lesson")
        self._start(load_lesson(following))
        self._changed()
        return self

    def next(self) -> LessonPlayer:
        if not self.can_next:
            raise ValueError("answer the task first")
        if self.is_last:
            self._finish()
            self._tell(self._done_words())
        else:
            self.index += 1
            self._save()
            self._tell_step()
        self._changed()
        return self

    def back(self) -> LessonPlayer:
        if self.index > 0:
            self.index -= 1
            self._tell_step()
            self._changed()
        return self

    def restart(self) -> LessonPlayer:
        self.index = 0
        self.states = {i: TaskState() for i in self.states}
        self.finished_stars = None
        self._tell_step(titled=True)
        self._changed()
        return self

    def set_lang(self, lang: str) -> None:
        switched, self.lang = check_lang(lang) != self.lang, lang
        if switched:   # the step again, now in the other language
            self._tell_step(titled=True)
        self._changed()
        if switched:
            for listener in list(self._lang_listeners):
                listener(lang)

    def handle(self, command: Mapping[str, Any]) -> None:
        """Apply a command from the widget; anything malformed or out of place is ignored."""
        kind = command.get("type")
        try:
            if kind == "answer" and isinstance(command.get("value"), (str, int)):
                if isinstance(self.step, Task) and not bool(self.task_state and
                                                            self.task_state.solved):
                    self.answer(command["value"])
            elif kind == "next" and self.can_next:
                self.next()
            elif kind == "back":
                self.back()
            elif kind == "hint" and self.can_hint:
                self.hint()
            elif kind == "next_lesson":
                self.next_lesson()
            elif kind == "restart":
                self.restart()
            elif kind == "lang" and command.get("lang") in LANGUAGES:
                self.set_lang(str(command["lang"]))
        except ValueError:
            return

    def on_change(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def on_lang(self, listener: Callable[[str], None]) -> None:
        """Call ``listener`` with the new language whenever the language is switched (a notebook
        remembers it for its next lesson and table)."""
        self._lang_listeners.append(listener)

    # -- what the widget draws ------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Everything the lesson widget shows, as plain JSON in the current language; ``spoken``
        is what its live region reads out last (the new step, the hint, the verdict, the end)."""
        lang, step, state = self.lang, self.step, self.task_state
        out: dict[str, Any] = {
            "lang": lang,
            "ranks": RANKS[lang],
            "lesson": {"id": self.lesson.id, "number": self.lesson.number,
                       "title": self.lesson.title.get(lang), "goal": self.lesson.goal.get(lang)},
            "step": {"index": self.index, "count": len(self.lesson.steps),
                     "type": "task" if isinstance(step, Task) else "explain",
                     "text": (step.prompt if isinstance(step, Task) else step.text).get(lang)},
            "dots": [self._dot(i) for i in range(len(self.lesson.steps))],
            "scene": scene(step, lang),
            "answer": None,
            "feedback": None,
            "hint": None,
            "can_next": self.can_next,
            "can_hint": self.can_hint,
            "can_back": self.index > 0,
            "done": None,
            "labels": {key: text.get(lang) for key, text in LABELS.items()},
            "spoken": {"count": self._news_count, "text": self._news.get(lang),
                       "brief": None if self._news_brief is None else self._news_brief.get(lang)},
        }
        self._name_seats(out["scene"], lang)
        if isinstance(step, Task) and state is not None:
            kind = answer_kind(step)
            out["answer"] = {
                "kind": kind,
                "choices": [{"value": c.value, "label": c.label.get(lang)} for c in choices(step)],
                "solved": state.solved,
                "last": state.last_answer,
                "refused": None if state.refused is None else {
                    "typed": state.refused, "text": TYPE_NUMBER.get(lang)},
            }
            if state.verdict is not None:
                out["feedback"] = {"correct": state.verdict.correct,
                                   "text": self._feedback(step, state).get(lang)}
            if state.hinted or state.solved:
                out["hint"] = step.hint.get(lang) if state.hinted else None
        if self.finished_stars is not None and self.is_last:
            following = self.next_lesson_id
            out["done"] = {"stars": self.finished_stars, "text": self._done_text().get(lang),
                           "next": None if following is None else self._lesson_name(following)}
        return out

    def widget(self) -> LessonWidget:
        """The lesson widget bound to this player (made once)."""
        if self._widget is None:
            from ..widgets.lesson import LessonWidget
            self._widget = LessonWidget(self)
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget()._repr_mimebundle_(**kwargs)

    # -- internals ------------------------------------------------------------------------------

    def _tell(self, words: Text, brief: Text | None = None) -> None:
        """What a screen reader says next: the view's ``spoken`` (its ``count`` tells a new
        sentence from one already said, even when the words are the same: a wrong answer twice).
        ``brief``: the words without the question, said instead when the focus lands on an
        answer control, which the question describes (so it is not read twice)."""
        self._news, self._news_brief = words, brief
        self._news_count += 1

    def _tell_step(self, titled: bool = False) -> None:
        """Say the step on screen: «Шаг 2 из 8. Кто ваш партнёр? …», after the lesson's title
        when the lesson has just opened (or been switched to the other language)."""
        step, number, count = self.step, self.index + 1, len(self.lesson.steps)
        heading = Text(f"Шаг {number} из {count}.", f"Step {number} of {count}.")
        if titled:
            title = self.lesson.title
            n = self.lesson.number
            heading = Text(f"{n}. {title.ru}.", f"{n}. {title.en}.") + heading
        if isinstance(step, Task):
            self._tell(heading + step.prompt, brief=heading)
        else:
            self._tell(heading + step.text)

    def _refuse(self, state: TaskState, typed: str) -> Verdict:
        """An answer to a number task that is not a whole number («2.5», «1e3»): said to be
        wrongly typed, like an empty box, and not counted as a try."""
        state.refused = typed[:40]
        self._tell(TYPE_NUMBER)
        self._changed()
        return Verdict(False, TYPE_NUMBER)

    def _resume(self) -> int:
        """The step the lesson opens at: where an unfinished lesson was left (the furthest step
        seen), with the tasks before it solved as they were kept; never past a task whose
        answer was not kept (progress saved by an older version).  A lesson finished or never
        opened, or whose number of steps has changed since, opens at step 1."""
        if self.progress is None:
            return 0
        record = self.progress.get(self.lesson.id)
        if record is None or record.finished:
            return 0
        if record.steps != len(self.lesson.steps):
            self.progress.forget_tasks(self.lesson.id)
            return 0
        kept = self.progress.tasks(self.lesson.id)
        left = min(record.steps_seen, record.steps) - 1
        index = next((i for i in sorted(self.states) if i < left and i not in kept), left)
        for i, task in kept.items():
            if i in self.states and i <= index:
                self.states[i] = self._solved_state(i, task)
        return max(index, 0)

    def _solved_state(self, index: int, task: TaskRecord) -> TaskState:
        """A task solved in an earlier session, shown with its right answer's verdict."""
        step = self.lesson.steps[index]
        assert isinstance(step, Task)
        right = expected(step).split()[0]   # of several legal cards, the first
        return TaskState(wrong=task.wrong, hinted=task.hinted, solved=True,
                         verdict=check(step, right), last_answer=right)

    def _keep_task(self, state: TaskState) -> None:
        if self.progress is not None:
            self.progress.solved(self.lesson.id, self.index, wrong=state.wrong,
                                 hinted=state.hinted)

    def _done_words(self) -> Text:
        """The end of the lesson as it is read out (nothing while the lesson is not finished)."""
        if self.finished_stars is None or not self.is_last:
            return Text("", "")
        return self._done_text()

    @staticmethod
    def _feedback(task: Task, state: TaskState) -> Text:
        """The verdict on the last answer, with the task's closing remark once it is solved."""
        if state.verdict is None:
            return Text("", "")
        feedback = state.verdict.explanation
        if state.solved and task.after.en:
            feedback = feedback + task.after
        return feedback

    @staticmethod
    def _name_seats(table: dict[str, Any], lang: str) -> None:
        """Give each seat of the scene its accessible name: the full name, then the label drawn
        («Север, С», «Юг, Ю (вы)»), so that a seat button is not read as a bare letter."""
        for letter, seat in (table.get("seats") or {}).items():
            seat["name"] = f"{SEAT_NAMES[Seat.parse(letter)].get(lang)}, {seat['label']}"

    def _dot(self, i: int) -> str:
        state = self.states.get(i)
        if i == self.index:
            return "current"
        if state is not None:
            return "solved" if state.solved else "task"
        return "seen" if i < self.index else "todo"

    def _nudge(self, task: Task, state: TaskState) -> Text:
        """"Try again", with the hint unless the learner already has it in the hint box."""
        if state.hinted:
            return say("Try again.", "Попробуйте ещё раз.")
        state.hint_in_nudge = True
        return say("Try again. Hint: {h}", "Попробуйте ещё раз. Подсказка: {h}",
                   h=mid_sentence(task.hint))

    def _lesson_name(self, lesson_id: str) -> dict[str, str]:
        lesson = load_lesson(lesson_id)
        return {"id": lesson_id, "title": f"{lesson.number}. {lesson.title.get(self.lang)}"}

    def _reveal(self, task: Task) -> Text:
        answer = expected(task)
        kind = answer_kind(task)
        shown: Text
        if kind == "card":   # any one of the cards will do (a legal card): «Т♥ или 7♠»
            shown = cards_list([Card.parse(t) for t in answer.split()], either=True)
        elif kind == "seat":
            shown = say("{s}", "{s}", s=Seat.parse(answer))
        elif kind == "suit":
            shown = say("{s}", "{s}", cap=False, s=Suit.parse(answer))
        elif kind == "choice":
            shown = next(c.label for c in choices(task) if c.value == answer)
        else:
            shown = Text(answer, answer)
        return say("The answer: {a}.", "Ответ: {a}.", a=mid_sentence(shown))

    def _done_text(self) -> Text:
        """The stars; how they are earned the first time a lesson ends with fewer than three
        (see :func:`stars_for`); after the last lesson, where to go on."""
        stars = self.finished_stars or 0
        helped = sum(1 for s in self.states.values() if not s.flawless)
        if not helped:
            text = say("Lesson complete: {n} of 3 stars. Every task was right at the first try, "
                       "without a hint.",
                       "Урок пройден: {n} из 3 звёзд. Все задания решены с первой попытки и "
                       "без подсказки.", n=stars)
        elif self._explain_stars:
            text = say("Lesson complete: {n} of 3 stars. A lesson earns 3 stars when every task "
                       "is right at the first try without a hint; each task that needed a hint "
                       "or another try costs one star, but a finished lesson always keeps at "
                       "least one. Tasks that needed help this time: {k} of {t}.",
                       "Урок пройден: {n} из 3 звёзд. Три звезды урок даёт, если каждое задание "
                       "решено с первой попытки и без подсказки; каждое задание, где "
                       "понадобилась подсказка или ещё одна попытка, отнимает звезду, но одна "
                       "звезда за пройденный урок остаётся всегда. Заданий, где понадобилась "
                       "помощь: {k} из {t}.", n=stars, k=helped, t=len(self.states))
        else:
            text = say("Lesson complete: {n} of 3 stars. Tasks that needed a hint or another "
                       "try: {k} of {t}.",
                       "Урок пройден: {n} из 3 звёзд. Заданий, где понадобилась подсказка или "
                       "ещё одна попытка: {k} из {t}.", n=stars, k=helped, t=len(self.states))
        if self.course_complete:
            text = text + COURSE_DONE
        elif self.course_finished:
            text = text + open_lessons_text([load_lesson(i) for i in self.open_lessons]) + PRACTICE
        return text

    def _finish(self) -> None:
        if not all(s.solved for s in self.states.values()):
            return
        stars = stars_for(list(self.states.values()))
        if stars < 3 and self.finished_stars is None:
            self._explain_stars = not (self._stars_told or self._stars_explained_before())
            self._stars_told = True
        self.finished_stars = stars
        self._finished_here.add(self.lesson.id)
        if self.progress is not None:
            self.progress.record(self.lesson.id, self.index + 1, len(self.lesson.steps), stars)
        self.open_lessons = self._still_open() if self.course_finished else ()

    def _still_open(self) -> tuple[str, ...]:
        """The shipped lessons not finished yet, in the saved progress or by this player (when
        the progress cannot be read, only this player's are known)."""
        done = set(self._finished_here)
        if self.progress is not None:
            try:
                done |= {lid for lid, record in self.progress.all().items() if record.finished}
            except sqlite3.Error:
                log.exception("could not read lesson progress")
        return tuple(lid for lid in lesson_ids() if lid not in done)

    def _stars_explained_before(self) -> bool:
        """Whether a lesson already ended with fewer than three stars (its end explained them);
        the saved records keep each lesson's best stars."""
        if self.progress is None:
            return False
        return any(record.stars is not None and record.stars < 3
                   for record in self.progress.all().values())

    def _save(self) -> None:
        if self.progress is not None:
            self.progress.record(self.lesson.id, self.index + 1, len(self.lesson.steps), None)

    def _changed(self) -> None:
        for listener in self._listeners:
            listener()
