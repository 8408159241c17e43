"""Every kind of lesson task can be checked: the checkers (``checks.all_kinds``), the task
classes and the tasks the shipped lessons ask are the same kinds."""

from __future__ import annotations

from kozel_tutor.lessons import lesson_ids, load_lesson
from kozel_tutor.lessons.checks import all_kinds
from kozel_tutor.lessons.model import Task


def _task_classes(base: type[Task] = Task) -> set[type[Task]]:
    found: set[type[Task]] = set()
    for cls in base.__subclasses__():
        found |= {cls} | _task_classes(cls)
    return found


def test_every_task_class_has_a_checker_and_every_checker_a_task_class() -> None:
    kinds = all_kinds()
    assert len(kinds) == len(set(kinds))
    assert set(kinds) == _task_classes()


def test_the_lessons_ask_every_kind_of_task_there_is_a_checker_for() -> None:
    asked = {type(task) for lesson in lesson_ids() for task in load_lesson(lesson).tasks}
    assert asked == set(all_kinds())
