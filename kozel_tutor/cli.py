"""The ``kozel`` command line.

``kozel solve POSITION.json`` (``-`` reads standard input) prints the double-dummy value of
every legal card as JSON.  The file is UTF-8 (a byte-order mark is allowed) and at most
:data:`MAX_POSITION_BYTES` long.  Bad input exits with status 2 and one line on standard error.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from typing import NoReturn

from .position import Position, PositionError
from .solver import SolverUnavailable, get_backend, solve

__all__ = ["MAX_POSITION_BYTES", "main"]

MAX_POSITION_BYTES = 1_000_000
"""Largest position file read: a position is a few hundred bytes."""


class _BadInput(Exception):
    """Input that cannot be solved; the message is the line to print."""


def _read(path: str) -> bytes:
    """At most one byte more than :data:`MAX_POSITION_BYTES`: enough to tell a file too large."""
    if path == "-":
        return sys.stdin.buffer.read(MAX_POSITION_BYTES + 1)
    with open(path, "rb") as handle:
        return handle.read(MAX_POSITION_BYTES + 1)


def _load(path: str) -> Position:
    """The position in the file ``path`` (UTF-8, with or without a byte-order mark)."""
    try:
        raw = _read(path)
    except OSError as exc:
        raise _BadInput(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_POSITION_BYTES:
        raise _BadInput(f"{path} is too large for a position "
                        f"(more than {MAX_POSITION_BYTES} bytes)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _BadInput(f"{path} is not UTF-8 text") from None
    try:
        return Position.from_json(text)
    except PositionError as exc:
        raise _BadInput(f"invalid position: {exc}") from None


def _solve(args: argparse.Namespace) -> int:
    try:
        position = _load(args.position)
        engine = get_backend(args.backend)
    except (_BadInput, SolverUnavailable, ValueError) as exc:
        return _fail(str(exc))
    analysis = solve(position, backend=engine, budget=args.budget, outcomes=args.outcomes)
    out = analysis.to_json()
    if args.outcomes:
        out["outcomes"] = {c.token: o.to_dict() for c, o in analysis.outcomes.items()}
    if not analysis.exact:
        out["exact"] = False
        out["bounds"] = {c.token: list(b) for c, b in analysis.bounds.items()}
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _fail(message: str) -> int:
    print(f"kozel: {message}", file=sys.stderr)
    return 2


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
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="kozel", description="Kozel (Козёл) tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    solve_cmd = commands.add_parser(
        "solve", help="double-dummy value of every legal card of a position (RULES.md §3 JSON)")
    solve_cmd.add_argument("position", help="position JSON file, or - for standard input")
    solve_cmd.add_argument("--backend", choices=["python", "native"], default=None,
                           help="solver backend (default: native when built)")
    solve_cmd.add_argument("--budget", type=_seconds, default=None,
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
        return 2 if exc.code else 0
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
