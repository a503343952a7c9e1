"""Checking IFBench's types needs no download and writes nothing: run in a fresh interpreter with
an empty HOME, no NLTK_DATA, sockets refused, and nltk.download replaced by a tripwire."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import ifevalpp

SCRIPT = r'''
import socket, sys
def refuse(*args, **kwargs):
    raise OSError("network use during an offline check")
socket.socket.connect = refuse
socket.create_connection = refuse
import nltk
def tripwire(*args, **kwargs):
    raise AssertionError("nltk.download was called")
nltk.download = tripwire
from ifevalpp.constraints import check_all, get, suite_ids
text = "Tea is warm. Is it? It is! 😀 level radar (a [b {c (d [e])}]) “quote” 日本 14, 21."
for instruction_id in suite_ids("ifbench"):
    if instruction_id == "words:start_verb":
        continue
    constraint = get(instruction_id)
    kwargs = {name: None for name in ("N", "small_n")}
    examples = {"count:word_count_range": {"min_words": 1, "max_words": 9},
                "count:keywords_multiple": dict(keyword1="a", keyword2="b", keyword3="c",
                                                keyword4="d", keyword5="e"),
                "format:options": {"options": "yes/no/maybe"}, "format:list": {"sep": "-"},
                "ratio:overlap": {"reference_text": "Tea is warm.", "percentage": 50},
                "ratio:stop_words": {"percentage": 40},
                "repeat:repeat_change": {"prompt_to_repeat": "Write a poem."},
                "repeat:repeat_span": {"prompt_to_repeat": "Write a poem.", "n_start": 0,
                                       "n_end": 4},
                "sentence:keyword": {"word": "tea", "N": 1},
                "words:keywords_specific_position": {"keyword": "tea", "n": 1, "m": 1},
                "words:words_position": {"keyword": "is"}}
    fields = constraint.Params.model_fields
    given = examples.get(instruction_id, {name: 2 for name in fields})
    check_all([instruction_id], [given], text, profile="ifbench")
    check_all([instruction_id], [given], text, profile="revised")
print("ok")
'''


def _files_under(folder: Path) -> set[Path]:
    return {path for path in folder.rglob("*") if "__pycache__" not in path.parts}


def test_ifbench_checks_download_nothing_and_write_nothing_into_the_package(tmp_path):
    package = Path(ifevalpp.__file__).resolve().parent
    before = _files_under(package)
    home = tmp_path / "home"
    home.mkdir()
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("NLTK_DATA", "IFEVALPP_POS_TAGGER")}
    environment.update(HOME=str(home), PYTHONDONTWRITEBYTECODE="1")
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                            env=environment, cwd=tmp_path, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
    assert _files_under(package) == before
    assert list(home.iterdir()) == []
    assert not (tmp_path / "nltk_data").exists()


def test_start_verb_without_the_tagger_says_which_data_is_missing_and_how_to_supply_it(
        monkeypatch):
    import pytest

    from ifevalpp.constraints import check, get
    from ifevalpp.errors import CheckerUnavailable

    monkeypatch.delenv("IFEVALPP_POS_TAGGER", raising=False)
    reason = get("words:start_verb").unavailable()
    assert reason is not None and "averaged_perceptron_tagger_eng" in reason
    assert "IFEVALPP_POS_TAGGER" in reason and "nltk.downloader" in reason
    with pytest.raises(CheckerUnavailable, match="IFEVALPP_POS_TAGGER"):
        check("words:start_verb", "Write it down.")
