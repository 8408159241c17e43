"""``kozel solve``: the JSON contract, and bad input answered with exit status 2 and one line.

Each test runs the real command (``python -m kozel_tutor solve``) in a subprocess.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from kozel_tutor import cli
from kozel_tutor.cards import Card
from kozel_tutor.cli import EXIT_STATUS, MAX_POSITION_BYTES, NOT_WRITTEN
from kozel_tutor.position import Position
from kozel_tutor.solver import solve

ROOT = Path(__file__).resolve().parent.parent

# Seven tricks are over; E has led the ace of hearts; written with lenient tokens on purpose.
POSITION = {
    "rules": "standard", "trump": "c",
    "hands": {"N": "qc 9s", "E": "J♦", "S": "10c 7S", "W": "KH 6d"},
    "leader": "E", "trick": ["ah"],
    "taken": {"NS": [40, 4], "EW": [50, 3]},
}
RULES_MD_EXAMPLE = """{"rules": "standard", "deck": 36, "trump": "C",
 "hands": {"N": "QC 9S", "E": "JD AH", "S": "TC 7S", "W": "KH 6D"},
 "leader": "E", "trick": ["AH"],
 "taken": {"NS": [40, 4], "EW": [62, 3]}}"""


def kozel_env(env: dict[str, str] | None = None) -> dict[str, str]:
    """This environment, importing ``kozel_tutor`` from this checkout, with ``env`` added."""
    environ = dict(os.environ)
    environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), environ.get("PYTHONPATH", "")) if p)
    environ.update(env or {})
    return environ


def kozel(*args: str, stdin: str | bytes | None = None,
          env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "kozel_tutor", *args], input=data,
                          capture_output=True, env=kozel_env(env), cwd=ROOT, timeout=120,
                          check=False)


def write(tmp_path: Path, data: object, name: str = "position.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_solve_prints_the_value_of_every_legal_card_as_the_json_contract(tmp_path: Path) -> None:
    run = kozel("solve", write(tmp_path, POSITION))
    assert run.returncode == 0, run.stderr
    assert run.stderr == b""
    lines = run.stdout.decode().splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert list(out) == ["to_move", "cards", "best", "value", "pv"]
    assert out["to_move"] == "S"
    # S holds no heart, so both cards are legal; tokens come back canonical (TC, not 10c).
    assert set(out["cards"]) == {"TC", "7S"}
    assert list(out["cards"].values()) == sorted(out["cards"].values(), reverse=True)
    assert out["value"] == max(out["cards"].values())
    assert out["best"] == [t for t, v in out["cards"].items() if v == out["value"]]
    assert all(Card.parse(t).token == t for t in [*out["cards"], *out["best"], *out["pv"]])


def test_solve_agrees_with_the_library_and_its_pv_reproduces_the_value(tmp_path: Path) -> None:
    out = json.loads(kozel("solve", "--backend", "python", write(tmp_path, POSITION)).stdout)
    pos = Position.from_json(POSITION)
    analysis = solve(pos, backend="python", outcomes=False)
    assert out["cards"] == {c.token: v for c, v in analysis.values.items()}
    state = pos.to_state()
    team = state.to_move.team
    assert out["pv"][0] in out["best"]
    for token in out["pv"]:
        card = Card.parse(token)
        assert state.why_illegal(card) is None, token
        state.play(card)
    assert state.is_over
    assert state.points[team] == out["value"]


def test_solve_reads_standard_input(tmp_path: Path) -> None:
    from_file = kozel("solve", write(tmp_path, POSITION))
    from_stdin = kozel("solve", "-", stdin=json.dumps(POSITION))
    assert from_stdin.returncode == 0 and from_stdin.stdout == from_file.stdout


def test_solve_outcomes_adds_the_deal_result_of_each_card(tmp_path: Path) -> None:
    out = json.loads(kozel("solve", "--outcomes", write(tmp_path, POSITION)).stdout)
    assert set(out["outcomes"]) == set(out["cards"])
    for outcome in out["outcomes"].values():
        assert set(outcome) == {"winner", "value", "eggs"}
        assert outcome["winner"] in ("NS", "EW", None)


def test_solve_of_a_longer_endgame_mid_trick(tmp_path: Path, deal_at: object) -> None:
    state = deal_at(77, cards_left=4, in_trick=1)  # type: ignore[operator]
    pos = Position.from_state(state)
    out = json.loads(kozel("solve", "-", stdin=pos.to_json()).stdout)
    values = solve(pos, outcomes=False).values
    assert out["cards"] == {c.token: v for c, v in sorted(values.items(),
                                                          key=lambda cv: (-cv[1], cv[0].index))}


BAD_INPUT = {
    "missing file": (["solve", "{tmp}/nope.json"], None, "cannot read"),
    "directory": (["solve", "{tmp}"], None, "cannot read"),
    "not JSON": (["solve", "-"], "{hands: N", "not valid JSON"),
    "empty input": (["solve", "-"], "", "invalid position: the input is empty"),
    "input cut short": (["solve", "-"], json.dumps(POSITION)[:40], "the text ends early"),
    "a key twice": (["solve", "-"], json.dumps(POSITION)[:-1] + ', "leader": "N"}',
                    'the key "leader" appears twice'),
    "NaN": (["solve", "-"], json.dumps(POSITION).replace("40", "NaN"), "NaN at line 1 is not a "
                                                                        "number"),
    "not an object": (["solve", "-"], "[1, 2, 3]", "must be a JSON object"),
    "not UTF-8": (["solve", "{tmp}/latin1.json"], None, "not UTF-8"),
    "RULES.md example": (["solve", "-"], RULES_MD_EXAMPLE, "AH is both in the hand of E"),
    "unknown rules": (["solve", "-"], json.dumps({**POSITION, "rules": "nizhny-x"}),
                      "unknown rules"),
    "no position argument": (["solve"], None, "required"),
    "no command": ([], None, "required"),
    "unknown option": (["solve", "--fast", "-"], "{}", "unrecognized arguments"),
    "unknown backend": (["solve", "--backend", "gpu", "-"], "{}", "invalid choice"),
    "budget not a number": (["solve", "--budget", "soon", "-"], "{}", "greater than 0"),
    "hand as a list": (["solve", "-"], json.dumps({**POSITION, "hands": {**POSITION["hands"],
                                                                       "E": ["JD"]}}),
                       "hand of E must be a string of cards separated by spaces"),
    "trick as a string": (["solve", "-"], json.dumps({**POSITION, "trick": "AH"}),
                          "'trick' must be a list"),
    "number too long": (["solve", "-"], '{"deck": ' + "1" * 5000 + "}", "too many digits"),
}


@pytest.mark.parametrize("case", list(BAD_INPUT), ids=list(BAD_INPUT))
def test_bad_input_exits_2_with_one_line_on_stderr_and_no_traceback(tmp_path: Path,
                                                                     case: str) -> None:
    args, stdin, expected = BAD_INPUT[case]
    (tmp_path / "latin1.json").write_bytes('{"hands": "é"}'.encode("latin-1"))
    assert_refused(kozel(*(a.format(tmp=tmp_path) for a in args), stdin=stdin), expected)


def assert_refused(run: subprocess.CompletedProcess[bytes], expected: str) -> None:
    """Exit status 2, nothing on standard output, one line naming the problem on stderr."""
    err = run.stderr.decode()
    assert run.returncode == 2, err
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    assert err.startswith("kozel") and expected in err, err
    assert run.stdout == b""


def test_a_position_nested_too_deeply_exits_2_with_one_line(tmp_path: Path) -> None:
    deep = write(tmp_path, "[" * 100_000 + "]" * 100_000, "deep.json")
    assert_refused(kozel("solve", deep), "not valid JSON: nested too deeply")


def test_a_file_larger_than_a_position_can_be_is_refused_naming_the_limit(tmp_path: Path) -> None:
    padded = " " * MAX_POSITION_BYTES + json.dumps(POSITION)
    assert_refused(kozel("solve", write(tmp_path, padded)), f"{MAX_POSITION_BYTES} bytes")
    assert_refused(kozel("solve", "-", stdin=padded),
                   f"kozel: standard input is too large for a position (more than "
                   f"{MAX_POSITION_BYTES} bytes)")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_input_is_refused_without_reading_it_all() -> None:
    import resource

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    run = subprocess.run([sys.executable, "-m", "kozel_tutor", "solve", "/dev/zero"],
                         capture_output=True, env=kozel_env(), cwd=ROOT, timeout=120,
                         check=False, preexec_fn=limit_memory)
    assert_refused(run, "too large")


def test_a_utf8_bom_is_accepted(tmp_path: Path) -> None:
    plain = kozel("solve", write(tmp_path, POSITION))
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(POSITION).encode())
    with_bom = kozel("solve", str(path))
    assert with_bom.returncode == 0, with_bom.stderr
    assert with_bom.stdout == plain.stdout
    assert kozel("solve", "-", stdin=path.read_bytes()).stdout == plain.stdout


def test_a_budget_that_runs_out_gives_bounds_and_says_so_on_stderr(tmp_path: Path) -> None:
    """A full deal for the pure-Python solver in a thousandth of a second: not exact, so the
    output carries the bounds and one line on stderr says why, while the status stays 0."""
    full = {"rules": "standard", "hands": {"N": "6C 7C 8C 9C TC JC QC KC AC",
                                           "E": "6S 7S 8S 9S TS JS QS KS AS",
                                           "S": "6H 7H 8H 9H TH JH QH KH AH",
                                           "W": "6D 7D 8D 9D TD JD QD KD AD"}, "leader": "N"}
    run = kozel("solve", "--budget=0.001", write(tmp_path, full),
                env={"KOZEL_SOLVER": "python"})
    assert run.returncode == 0
    out = json.loads(run.stdout)
    assert out["exact"] is False and set(out["bounds"]) == set(full["hands"]["N"].split())
    assert run.stderr.decode() == ('kozel: the budget of 0.001 s ran out: the values are not '
                                   'exact, "bounds" gives what is known of each card\n')


@pytest.mark.parametrize("budget", ["-1", "0", "nan", "inf", "-inf", "1e999"])
def test_budget_must_be_a_positive_number(tmp_path: Path, budget: str) -> None:
    run = kozel("solve", f"--budget={budget}", write(tmp_path, POSITION))
    assert_refused(run, "--budget: must be a number of seconds greater than 0")


def test_unknown_solver_backend_in_the_environment_is_one_line(tmp_path: Path) -> None:
    run = kozel("solve", write(tmp_path, POSITION), env={"KOZEL_SOLVER": "quantum"})
    assert_refused(run, "kozel: unknown solver backend 'quantum' in the environment variable "
                        "KOZEL_SOLVER (use python, native or auto)")


# -- standard streams that are closed or full -----------------------------------------------------


def kozel_with_streams(
    *args: str, stdin: str | None = None, closed: tuple[int, ...] = (),
    stdout: int | IO[bytes] = subprocess.PIPE,
) -> subprocess.CompletedProcess[bytes]:
    """``kozel`` started with the descriptors ``closed`` closed (as the shell's ``<&-`` and
    ``>&-`` do) and standard output sent to ``stdout``."""
    def close() -> None:
        for fd in closed:
            os.close(fd)

    return subprocess.run([sys.executable, "-m", "kozel_tutor", *args],
                          input=None if stdin is None else stdin.encode(), stdout=stdout,
                          stderr=subprocess.PIPE, env=kozel_env(), cwd=ROOT, timeout=120,
                          check=False, preexec_fn=close)


def assert_not_written(run: subprocess.CompletedProcess[bytes], reason: str) -> None:
    err = run.stderr.decode()
    assert run.returncode == NOT_WRITTEN == 1, err
    assert err == f"kozel: cannot write the result: {reason}\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_for_the_output_exits_1_with_one_line(tmp_path: Path) -> None:
    with open("/dev/full", "wb") as full:
        run = kozel_with_streams("solve", write(tmp_path, POSITION), stdout=full)
    assert_not_written(run, "No space left on device")


def test_a_closed_standard_output_exits_1_with_one_line(tmp_path: Path) -> None:
    run = kozel_with_streams("solve", write(tmp_path, POSITION), closed=(1,))
    assert_not_written(run, "standard output is closed")


def test_a_closed_standard_input_is_refused_naming_it() -> None:
    assert_refused(kozel_with_streams("solve", "-", closed=(0,)),
                   "kozel: cannot read standard input: it is closed")


def test_closed_output_and_error_streams_give_the_status_and_no_traceback(tmp_path: Path) -> None:
    run = kozel_with_streams("solve", write(tmp_path, POSITION), closed=(1, 2))
    assert run.returncode == NOT_WRITTEN and run.stderr == b""


def test_help_lists_every_exit_status() -> None:
    out = kozel("solve", "--help").stdout.decode()
    for code, meaning in EXIT_STATUS.items():
        assert f"  {code:<3} {meaning}" in out
    assert {0, NOT_WRITTEN, cli.BAD_INPUT} <= set(EXIT_STATUS)
