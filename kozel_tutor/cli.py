"""The ``kozel`` command line.

``kozel solve POSITION.json`` (``-`` reads standard input) prints the double-dummy value of
every legal card as JSON.  Bad input exits with status 2 and one line on standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from .position import Position, PositionError
from .solver import SolverUnavailable, get_backend, solve

__all__ = ["main"]


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _solve(args: argparse.Namespace) -> int:
    try:
        position = Position.from_json(_read(args.position))
    except OSError as exc:
        return _fail(f"cannot read {args.position}: {exc.strerror or exc}")
    except UnicodeDecodeError:
        return _fail(f"{args.position} is not UTF-8 text")
    except PositionError as exc:
        return _fail(f"invalid position: {exc}")
    try:
        engine = get_backend(args.backend)
    except (SolverUnavailable, ValueError) as exc:
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
    solve_cmd.add_argument("--budget", type=float, default=None,
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
