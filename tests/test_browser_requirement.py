"""A missing browser stack (chromium, Playwright, Voila) skips the browser tests on a developer's
machine and fails them where they are required: ``KOZEL_REQUIRE_BROWSER=1``, which
``scripts/test.sh`` sets, or, when it is unset, ``CI``; so a broken test machine cannot pass by
skipping them."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser.conftest import missing

ROOT = Path(__file__).resolve().parents[1]


def outcome(monkeypatch: pytest.MonkeyPatch, **env: str) -> str:
    for name in ("KOZEL_REQUIRE_BROWSER", "CI"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    try:
        missing("Debian chromium is not installed")
    except pytest.fail.Exception as failure:
        assert "Debian chromium is not installed" in str(failure)
        assert "KOZEL_REQUIRE_BROWSER=0 skips them" in str(failure)
        return "failed"
    except pytest.skip.Exception:
        return "skipped"
    return "went on"


def test_a_missing_browser_skips_the_tests_on_a_developers_machine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert outcome(monkeypatch) == "skipped"
    assert outcome(monkeypatch, KOZEL_REQUIRE_BROWSER="0") == "skipped"


def test_a_missing_browser_fails_the_tests_where_they_are_required(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert outcome(monkeypatch, KOZEL_REQUIRE_BROWSER="1") == "failed"
    assert outcome(monkeypatch, CI="true") == "failed"


def test_the_variable_overrides_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    assert outcome(monkeypatch, CI="true", KOZEL_REQUIRE_BROWSER="0") == "skipped"


def test_the_test_script_requires_the_browser_tests() -> None:
    script = (ROOT / "scripts" / "test.sh").read_text("utf-8")
    assert 'export KOZEL_REQUIRE_BROWSER="${KOZEL_REQUIRE_BROWSER:-1}"' in script
