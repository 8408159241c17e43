"""A results file that fails in a way no check foresaw (a bug, say) is told to the teacher in
plain words, the same in Russian and English, with what to do; Python's own words for it (the
exception's name and message) go only to the log."""

from __future__ import annotations

import html
import logging
import re

import pytest

from kozel_tutor.app import teacher_view
from kozel_tutor.app.teacher_view import TeacherView

WORDS = {
    "en": "anna.json: cannot read: the app ran into an unexpected error. Ask the student to "
          "download the results again and send the new file.",
    "ru": "anna.json: не удалось прочитать файл: приложение столкнулось с непредвиденной "
          "ошибкой. Попросите ученика скачать результаты ещё раз и прислать новый файл.",
}


def _fail(_source: object) -> None:
    raise TypeError("'NoneType' object is not subscriptable <oops>")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_unexpected_results_file_error_is_told_in_plain_words_and_logged_in_full(
        lang: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(teacher_view, "read_results", _fail)
    view = TeacherView(lang, lambda: None, backend="python")
    content = b'{"format": "kozel-puzzle-results"}'
    with caplog.at_level(logging.ERROR, logger=teacher_view.__name__):
        assert view.upload.receive(
            {"type": "files", "files": [{"name": "anna.json", "size": len(content),
                                         "sent": True}]}, [content]) == 1
    shown = [html.unescape(re.sub(r"<[^>]+>", "", item))
             for item in re.findall(r"<li>(.*?)</li>", view.grades.value)]
    assert shown == [WORDS[lang]]
    for words in (*shown, *WORDS.values()):
        assert "TypeError" not in words and "NoneType" not in words
    # the details are in the log, for whoever looks into it
    logged = [record for record in caplog.records if record.exc_info]
    assert len(logged) == 1 and "anna.json" in logged[0].getMessage()
    assert logged[0].exc_info is not None and logged[0].exc_info[0] is TypeError
    assert "not subscriptable" in caplog.text
