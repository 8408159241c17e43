"""The ``kozel`` command line.

``kozel solve POSITION.json`` (``-`` reads standard input) prints the double-dummy value of
every legal card as JSON.  The file is UTF-8 (a byte-order mark is allowed) and at most
:data:`MAX_POSITION_BYTES` long.  Every failure is one line on standard error, and the exit
status says which kind it was (:data:`EXIT_STATUS`): 2 for bad input or usage, 1 when the
result cannot be written (a full disk, a closed output).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from .json_input import FileTooLarge, read_capped
from .position import Position, PositionError
from .solver import SolverUnavailable, get_backend, solve

__all__ = ["BAD_INPUT", "EXIT_STATUS", "MAX_POSITION_BYTES", "NOT_WRITTEN", "main"]

MAX_POSITION_BYTES = 1_000_000
"""Largest position file read: a position is a few hundred bytes."""

NOT_WRITTEN = 1
"""Exit status when the result could not be written (a full disk, a closed output)."""
BAD_INPUT = 2
"""Exit status for input that cannot be solved and for mistakes in the command line."""
EXIT_STATUS = {0: "solved", NOT_WRITTEN: "the result could not be written (a full disk, an "
               "output closed or gone)", BAD_INPUT: "bad input or a mistake in the command line",
               130: "interrupted (Ctrl+C)"}
"""Every exit status of ``kozel`` and what it means (also printed by ``kozel solve --help``)."""

_STDIN = "-"


class _BadInput(Exception):
    """Input that cannot be solved; the message is the line to print."""


def _name(path: str) -> str:
    """The input as a message names it: its path, or "standard input" for ``-``."""
    return "standard input" if path == _STDIN else path


def _read(path: str) -> bytes:
    """The input, read no further than one byte past :data:`MAX_POSITION_BYTES`
    (:func:`~kozel_tutor.json_input.read_capped`): more raises :class:`FileTooLarge`."""
    if path != _STDIN:
        return read_capped(path, MAX_POSITION_BYTES)
    if sys.stdin is None:   # started with standard input closed (``<&-``)
        raise _BadInput("cannot read standard input: it is closed")
    raw = sys.stdin.buffer.read(MAX_POSITION_BYTES + 1)
    if len(raw) > MAX_POSITION_BYTES:
        raise FileTooLarge(len(raw), MAX_POSITION_BYTES)
    return raw


def _load(path: str) -> Position:
    """The position in the file ``path`` (UTF-8, with or without a byte-order mark)."""
    try:
        raw = _read(path)
    except FileTooLarge:
        raise _BadInput(f"{_name(path)} is too large for a position "
                        f"(more than {MAX_POSITION_BYTES} bytes)") from None
    except OSError as exc:
        raise _BadInput(f"cannot read {_name(path)}: {exc.strerror or exc}") from None
    try:
        return Position.from_json(raw)
    except PositionError as exc:
        if [problem.key for problem in exc.details] == ["not_text"]:
            raise _BadInput(f"{_name(path)} is not UTF-8 text") from None
        raise _BadInput(f"invalid position: {exc}") from None


def _solve(args: argparse.Namespace) -> int:
    try:
        position = _load(args.position)
        engine = get_backend(args.backend)
    except (_BadInput, SolverUnavailable, ValueError) as exc:
        return _fail(str(exc), BAD_INPUT)
    analysis = solve(position, backend=engine, budget=args.budget, outcomes=args.outcomes)
    out = analysis.to_json()
    if args.outcomes:
        out["outcomes"] = {c.token: o.to_dict() for c, o in analysis.outcomes.items()}
    if not analysis.exact:
        out["exact"] = False
        out["bounds"] = {c.token: list(b) for c, b in analysis.bounds.items()}
    status = _print(json.dumps(out, ensure_ascii=False))
    if status == 0 and not analysis.exact:
        _fail(f"the budget of {args.budget:g} s ran out: the values are not exact, \"bounds\" "
              "gives what is known of each card", 0)
    return status


def _print(line: str) -> int:
    """Write ``line`` to standard output and make sure it got there."""
    try:
        if sys.stdout is None:   # started with standard output closed (``>&-``)
            raise OSError("standard output is closed")
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    except OSError as exc:
        _silence_stdout()
        return _fail(f"cannot write the result: {exc.strerror or exc}", NOT_WRITTEN)
    return 0


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the text still buffered is not
    written again (and fails again) when Python exits."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, AttributeError, ValueError):
        pass


def _fail(message: str, status: int) -> int:
    """Say ``message`` on one line of standard error (if there is one) and return ``status``."""
    if sys.stderr is not None:
        try:
            sys.stderr.write(f"kozel: {message}\n")
            sys.stderr.flush()
        except OSError:
            pass
    return status


def _seconds(text: str) -> float:
    """A ``--budget``: a finite number of seconds greater than 0."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds greater than 0, not {text!r}")
    return value


class _Parser(argparse.ArgumentParser):
    """Usage mistakes are reported in one line, like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(BAD_INPUT, f"{self.prog}: error: {message} (see --help)\n")


def _exit_status_help() -> str:
    return "exit status:\n" + "\n".join(f"  {code:<3} {meaning}"
                                        for code, meaning in EXIT_STATUS.items())


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="kozel", description="Kozel (Козёл) tools.", epilog=_exit_status_help(),
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    solve_cmd = commands.add_parser(
        "solve",
        help="double-dummy value of every legal card of a position (JSON: docs/positions.md)",
        description="Print the double-dummy value of every legal card of a position as one\n"
                    "line of JSON; a problem is one line on standard error.",
        epilog=_exit_status_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    solve_cmd.add_argument("position", help="position JSON file, or - for standard input")
    solve_cmd.add_argument("--backend", choices=["python", "native"], default=None,
                           help="solver backend (default: native when built)")
    solve_cmd.add_argument("--budget", type=_seconds, default=None, metavar="SECONDS",
                           help="seconds to spend at most; then bounds are printed")
    solve_cmd.add_argument("--outcomes", action="store_true",
                           help="also print the deal result each card leads to")
    solve_cmd.set_defaults(run=_solve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return BAD_INPUT if exc.code else 0
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
