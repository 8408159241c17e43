"""Data flows one way (docs: DESIGN.md): rules → state → solver → tutor/AI → widgets → notebooks,
with the app on top.  Nothing below the app imports it -- not at the top of a module, not inside
a function, not by a module name given to ``importlib``, not in a docstring example -- except
the modules that, like the app, stand at the top of the flow: the notebooks' entry points (which
nothing below imports either).
"""

from __future__ import annotations

import ast
import doctest
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import kozel_tutor

PACKAGE = Path(kozel_tutor.__file__).parent
APP = "kozel_tutor.app"
TOP_OF_THE_FLOW = {
    "kozel_tutor.puzzles.notebook",   # the puzzle notebooks' one-line entry points
}
"""Modules outside ``kozel_tutor/app/`` that may use the app: they sit where the app does."""
LOWER_LAYERS = {"cards", "seats", "rules", "state", "scoring", "position", "solver", "ai",
                "variants", "lessons", "puzzles", "widgets", "i18n", "records", "bad_rows",
                "sqlite_files", "data_home", "atomic_files", "json_input"}
"""Packages and modules the check must at least cover (it covers everything outside the app)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts).removesuffix(".__init__")


def lower_modules() -> dict[str, Path]:
    """Every module of the package that is neither the app nor at the top of the flow."""
    modules = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
    return {name: path for name, path in modules.items()
            if name != APP and not name.startswith(APP + ".") and name not in TOP_OF_THE_FLOW}


def imported_names(source: str, module: str, is_package: bool) -> Iterator[tuple[int, str]]:
    """``(line, module)`` for every import in ``source``, at any depth, relative ones made
    absolute, and every module named to ``importlib.import_module`` as a literal."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{node.module}" if node.module else anchor
            yield node.lineno, base
            for alias in node.names:    # ``from kozel_tutor import app``
                yield node.lineno, f"{base}.{alias.name}"
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name)
              and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
              == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)):
            yield node.lineno, node.args[0].value


def docstring_examples(source: str) -> Iterator[tuple[int, str]]:
    """``(line, source)`` of every ``>>>`` example in the docstrings of ``source``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            docstring = ast.get_docstring(node)
            line = node.body[0].lineno if node.body else 1
            for example in doctest.DocTestParser().get_examples(docstring or ""):
                yield line + example.lineno, example.source


def app_imports(name: str, path: Path) -> list[str]:
    """Where the module ``name`` (the file ``path``) imports the app or a module at the top."""
    source = path.read_text(encoding="utf-8")
    is_package = path.name == "__init__.py"
    found = list(imported_names(source, name, is_package))
    for line, example in docstring_examples(source):   # run by test_doctests, so Python
        found += [(line, target) for _, target in imported_names(example, name, is_package)]
    first: dict[int, str] = {}    # one per import: ``from ..app.store import Store`` names two
    for line, target in sorted(found, key=lambda item: len(item[1])):
        if target == APP or target.startswith(APP + ".") or target in TOP_OF_THE_FLOW:
            first.setdefault(line, target)
    return [f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}"
            for line, target in sorted(first.items())]


def test_the_check_covers_every_layer_below_the_app() -> None:
    covered = {name.split(".")[1] for name in lower_modules() if "." in name}
    assert LOWER_LAYERS - covered == set()


def test_the_check_sees_an_import_of_the_app_at_any_depth() -> None:
    source = ('"""\n>>> from kozel_tutor.app.store import Store\n"""\n'
              "def f():\n    from ..app import sections\n"
              "    importlib.import_module('kozel_tutor.app.lessons_view')\n")
    targets = {target for _, target in imported_names(source, "kozel_tutor.lessons.x", False)}
    assert {"kozel_tutor.app", "kozel_tutor.app.sections", "kozel_tutor.app.lessons_view"
            } <= targets
    examples = [example for _, example in docstring_examples(source)]
    assert examples == ["from kozel_tutor.app.store import Store\n"]


def test_nothing_below_the_app_imports_the_app() -> None:
    offending = [problem for name, path in lower_modules().items()
                 for problem in app_imports(name, path)]
    assert offending == [], "\n".join(offending)


def test_the_modules_at_the_top_of_the_flow_say_so() -> None:
    for name in TOP_OF_THE_FLOW:
        path = PACKAGE.parent.joinpath(*name.split(".")).with_suffix(".py")
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        assert "top of the flow" in docstring, name


def test_every_tile_module_the_app_names_is_there() -> None:
    """The app skips a section module it cannot find, so a moved one would lose its tile."""
    from kozel_tutor.app.sections import SECTION_MODULES

    assert [name for name in SECTION_MODULES if importlib.util.find_spec(name) is None] == []
