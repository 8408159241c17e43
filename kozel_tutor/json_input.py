"""JSON that a person, an editor or a disk may have damaged, decoded in one place.

Positions, puzzle and results files, teachers' links and the progress database all read JSON
they did not write.  :func:`decode_json` turns every way that can fail into one
:class:`JsonProblem` with a reason key, which each reader words in Russian and English: never a
``RecursionError`` from brackets nested 100,000 deep, nor the ``ValueError`` Python raises for
an integer of more than 4,300 digits.

>>> decode_json(b'\\xef\\xbb\\xbf{"a": [1]}')   # a byte-order mark, as Windows Notepad writes
{'a': [1]}
>>> decode_json("[" * 100_000 + "]" * 100_000)
Traceback (most recent call last):
...
kozel_tutor.json_input.JsonProblem: JSON nested too deeply
>>> decode_json("1" * 5000)
Traceback (most recent call last):
...
kozel_tutor.json_input.JsonProblem: a number has too many digits
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

__all__ = ["JsonProblem", "decode_json"]


class JsonProblem(ValueError):
    """Why some text is not the JSON it should be.  ``reason`` is ``not_text`` (not UTF-8),
    ``not_json`` (with ``message``, ``line`` and ``column`` from the parser), ``too_deep`` or
    ``long_number``; the exception's message says it in English."""

    def __init__(self, reason: str, detail: str, *, message: str = "", line: int = 0,
                 column: int = 0) -> None:
        super().__init__(detail)
        self.reason = reason
        self.message = message
        self.line = line
        self.column = column


def decode_json(data: str | bytes, *, max_depth: int | None = None) -> Any:
    """``data`` (text, or UTF-8 bytes with or without a byte-order mark) decoded as JSON; any
    failure, or lists and objects nested more than ``max_depth`` deep, is a :class:`JsonProblem`.
    """
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise JsonProblem("not_text", "not UTF-8 text") from None
    try:
        value = json.loads(data)
    except json.JSONDecodeError as exc:
        raise JsonProblem("not_json", f"not valid JSON: {exc.msg} at line {exc.lineno}",
                          message=exc.msg, line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise JsonProblem("too_deep", "JSON nested too deeply") from None
    except ValueError:   # int() refuses an integer of thousands of digits
        raise JsonProblem("long_number", "a number has too many digits") from None
    if max_depth is not None and _deeper_than(value, max_depth):
        raise JsonProblem("too_deep", f"JSON nested more than {max_depth} deep")
    return value


def _deeper_than(value: object, limit: int) -> bool:
    """Whether lists and objects nest more than ``limit`` deep (without recursion)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[object]
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth + 1 > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False
