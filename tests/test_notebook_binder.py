"""Binder installs the versions the tests ran with: ``binder/requirements.txt`` installs the
package with the app's dependencies under ``binder/constraints.txt``, which pins every one.

A fresh ``python -m venv`` given ``pip install -r binder/requirements.txt`` from the repository
root (what repo2docker runs) and then ``pip freeze --exclude kozel-tutor`` lists exactly the
constraints; ``tests/browser/test_binder.py`` does that install and drives the result.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def lines(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text("utf-8").splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def pins() -> dict[str, str]:
    found: dict[str, str] = {}
    for line in lines(BINDER / "constraints.txt"):
        requirement = Requirement(line)
        [spec] = requirement.specifier
        assert spec.operator == "==" and not requirement.marker, line
        found[canonicalize_name(requirement.name)] = spec.version
    return found


def test_binder_installs_the_app_under_the_constraints_file_beside_it() -> None:
    # pip reads a -c path in a requirements file relative to that file, and repo2docker copies
    # the whole repository in before installing when a line is -c or a local path
    assert lines(BINDER / "requirements.txt") == ["-c constraints.txt", ".[app]"]
    assert (BINDER / "constraints.txt").is_file()


def test_every_dependency_of_the_app_is_pinned_within_the_projects_bounds() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    pinned = pins()
    for line in [*project["dependencies"], *project["optional-dependencies"]["app"]]:
        requirement = Requirement(line)
        version = pinned.get(canonicalize_name(requirement.name))
        assert version is not None, f"{requirement.name} is not pinned for Binder"
        assert requirement.specifier.contains(version), (line, version)


def test_the_jupyter_pieces_the_app_reaches_into_are_pinned() -> None:
    """kozel_tutor/voila_kernels.py reads private attributes of Jupyter Server's and Voila's
    kernel managers; the kozel Voila template extends Voila's lab template, which extends
    nbconvert's."""
    pinned = pins()
    for name in ("voila", "jupyter-server", "jupyterlab", "nbconvert", "jupyter-client",
                 "ipykernel", "ipywidgets", "widgetsnbextension", "jupyterlab-widgets",
                 "anywidget", "tornado"):
        assert name in pinned, name
