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

Python's own reader takes ``NaN`` and ``Infinity`` and lets a key given twice silently win;
``strict=True`` refuses both, for text a person wrote:

>>> decode_json('{"deck": 36, "deck": 32}', strict=True)
Traceback (most recent call last):
...
kozel_tutor.json_input.JsonProblem: the key "deck" appears twice in one object
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from typing import Any

__all__ = ["FileTooLarge", "JsonProblem", "decode_json", "read_capped"]


class FileTooLarge(ValueError):
    """A file holds more than ``limit`` bytes.  ``size`` is its size as far as it is known:
    a regular file's own, else (a pipe, a device, a file still growing) ``limit + 1``."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"the file holds more than {limit} bytes")
        self.size = size
        self.limit = limit


def read_capped(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the file at ``path``, never more than ``limit``: it reads at most one byte
    more, so a named pipe, a device or a file growing meanwhile cannot make it read on (a size
    looked up before reading would let them).  More raises :class:`FileTooLarge`; a file that
    cannot be opened or read raises :class:`OSError` as :func:`open` does.

    >>> import tempfile
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / "position.json"
    >>> _ = path.write_bytes(b"{}")
    >>> read_capped(path, 2)
    b'{}'
    >>> read_capped(path, 1)
    Traceback (most recent call last):
    ...
    kozel_tutor.json_input.FileTooLarge: the file holds more than 1 bytes
    """
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
        if len(data) <= limit:
            return data
        try:
            size = max(os.fstat(handle.fileno()).st_size, len(data))
        except OSError:   # pragma: no cover - fstat of an open file
            size = len(data)
    raise FileTooLarge(size, limit)


class JsonProblem(ValueError):
    """Why some text is not the JSON it should be.  ``reason`` is ``not_text`` (not UTF-8),
    ``not_json`` (with ``message``, ``line`` and ``column`` from the parser), ``too_deep`` or
    ``long_number``; with ``strict`` also ``duplicate_key`` (``message`` is the key) or
    ``not_a_number`` (``message`` is ``NaN``, ``Infinity`` or ``-Infinity``, with its
    ``line`` and ``column``).  The exception's message says it in English.

    For ``not_json``, ``empty`` tells that the text holds nothing but blanks,
    ``ends_early`` that it stops before the JSON is complete (cut off when copied, say), and
    ``found`` is the character where the parser stopped ("" at the end): a ``“`` there is a
    quotation mark a word processor curled.
    """

    def __init__(self, reason: str, detail: str, *, message: str = "", line: int = 0,
                 column: int = 0, empty: bool = False, ends_early: bool = False,
                 found: str = "") -> None:
        super().__init__(detail)
        self.reason = reason
        self.message = message
        self.line = line
        self.column = column
        self.empty = empty
        self.ends_early = ends_early
        self.found = found


class _Duplicate(Exception):
    """A key given twice in one object (raised from inside the parser)."""


class _NotANumber(Exception):
    """``NaN``, ``Infinity`` or ``-Infinity``: Python reads them, JSON has no such numbers."""


def decode_json(data: str | bytes, *, max_depth: int | None = None,
                strict: bool = False) -> Any:
    """``data`` (text or UTF-8 bytes, either with or without a byte-order mark) decoded as JSON;
    any failure, or lists and objects nested more than ``max_depth`` deep, is a
    :class:`JsonProblem`.  ``strict`` also refuses a key given twice in one object and the
    non-numbers ``NaN`` and ``Infinity``.
    """
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise JsonProblem("not_text", "not UTF-8 text") from None
    data = data.removeprefix("\ufeff")   # text pasted from a file Notepad saved
    hooks: dict[str, Any] = ({"object_pairs_hook": _unique_keys, "parse_constant": _no_constant}
                             if strict else {})
    try:
        value = json.loads(data, **hooks)
    except json.JSONDecodeError as exc:
        raise _not_json(exc) from None
    except _Duplicate as exc:
        key = json.dumps(exc.args[0], ensure_ascii=False)
        raise JsonProblem("duplicate_key", f"the key {key} appears twice in one object",
                          message=exc.args[0]) from None
    except _NotANumber as exc:
        raise _not_a_number(data, exc.args[0]) from None
    except RecursionError:
        raise JsonProblem("too_deep", "JSON nested too deeply") from None
    except ValueError:   # int() refuses an integer of thousands of digits
        raise JsonProblem("long_number", "a number has too many digits") from None
    if max_depth is not None and _deeper_than(value, max_depth):
        raise JsonProblem("too_deep", f"JSON nested more than {max_depth} deep")
    return value


def _not_json(exc: json.JSONDecodeError) -> JsonProblem:
    """The parser's complaint, telling an empty text and one that stops too soon.

    (Some of the parser's messages end in "at", as "Invalid control character at": the
    English detail says "at line …" once.)

    >>> str(_not_json(json.JSONDecodeError("Invalid control character at", '"a\\n"', 2)))
    'not valid JSON: Invalid control character at line 1'
    """
    empty = not exc.doc.strip()
    ends_early = not empty and (exc.pos >= len(exc.doc.rstrip())
                                or exc.msg.startswith("Unterminated string"))
    return JsonProblem("not_json",
                       f"not valid JSON: {exc.msg.removesuffix(' at')} at line {exc.lineno}",
                       message=exc.msg, line=exc.lineno, column=exc.colno, empty=empty,
                       ends_early=ends_early, found=exc.doc[exc.pos:exc.pos + 1])


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are all different (the ``object_pairs_hook`` of strict decoding)."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _Duplicate(key)
        found[key] = value
    return found


def _no_constant(name: str) -> None:
    raise _NotANumber(name)


# A JSON string (skipped as a whole) or one of the constants Python reads but JSON lacks.
_STRING_OR_CONSTANT = re.compile(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)')


def _not_a_number(text: str, name: str) -> JsonProblem:
    """``name`` (``NaN`` or an infinity) refused, with where it first stands in ``text`` (the
    parser read the text up to it, so every string before it is whole)."""
    start = next((m.start(1) for m in _STRING_OR_CONSTANT.finditer(text) if m.group(1)), 0)
    line = text.count("\n", 0, start) + 1
    column = start - text.rfind("\n", 0, start)
    return JsonProblem("not_a_number", f"{name} at line {line} is not a number JSON allows",
                       message=name, line=line, column=column)


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
