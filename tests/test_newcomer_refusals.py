"""The 22 bad inputs a newcomer met (issue 30): each is refused in one line, `error: …`,
exit 2, and leaves no file behind — click's own usage errors included.

Each case builds its inputs in a fresh directory, runs the real CLI in this process, and
checks the one line (and a phrase that names the right thing), the exit code, and that the
directory holds only the inputs afterwards.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from tests.evaluate.builders import family_prompts
from tests.helpers import SMALL_CASES, SMALL_RESPONSES, write_lines

CLOSED = "http://127.0.0.1:9/v1"  # the discard port: nothing listens there
Build = Callable[[Path, str], list[str]]


def _cases(d: Path) -> str:
    return str(write_lines(d / "cases.jsonl", SMALL_CASES))


def _responses(d: Path, records: list | None = None) -> str:
    return str(write_lines(d / "r.jsonl", SMALL_RESPONSES if records is None else records))


def _families(d: Path) -> str:
    return str(write_lines(d / "families.jsonl", family_prompts([1, 2])))


def misspelt_model(d: Path, url: str) -> list[str]:
    return ["respond", _cases(d), "--model", "no-such-model-xyz", "--base-url", url,
            "--out", str(d / "run"), "--no-progress"]


def k_on_plain_cases(d: Path, url: str) -> list[str]:
    return ["score", _responses(d), "--input", _cases(d), "--k", "10", "--out", str(d / "o")]


def lm_eval_results_file(d: Path, url: str) -> list[str]:
    results = d / "results_2026-01-01T00-00-00.json"
    results.write_text(json.dumps({"results": {"ifevalpp_ifeval": {}}, "versions": {},
                                   "configs": {}}, indent=2), encoding="utf-8")
    return ["score", str(results), "--input", _cases(d), "--out", str(d / "o")]


def unknown_option(d: Path, url: str) -> list[str]:
    return ["score", _responses(d), "--no-such-option", "--out", str(d / "o")]


def missing_argument(d: Path, url: str) -> list[str]:
    return ["score", "--out", str(d / "o")]


def bad_choice(d: Path, url: str) -> list[str]:
    return ["score", _responses(d), "--missing", "skip", "--out", str(d / "o")]


def k_zero(d: Path, url: str) -> list[str]:
    return ["score", _responses(d), "--k", "0", "--out", str(d / "o")]


def unknown_verb(d: Path, url: str) -> list[str]:
    return ["scroe", _responses(d)]


def study_too_many_cases(d: Path, url: str) -> list[str]:
    return ["study", "--model", "m", "--base-url", url, "--original", _cases(d),
            "--cases", "99999", "--out", str(d / "study"), "--no-progress"]


def latin1_responses(d: Path, url: str) -> list[str]:
    path = d / "latin1.jsonl"
    path.write_bytes(b'{"prompt": "caf\xe9", "response": "x"}\n')
    return ["score", str(path), "--input", _cases(d), "--out", str(d / "o")]


def malformed_json(d: Path, url: str) -> list[str]:
    path = d / "broken.jsonl"
    path.write_text('{"prompt": "a", "response": }\n', encoding="utf-8")
    return ["score", str(path), "--input", _cases(d), "--out", str(d / "o")]


def empty_responses(d: Path, url: str) -> list[str]:
    (d / "empty.jsonl").write_text("", encoding="utf-8")
    return ["score", str(d / "empty.jsonl"), "--input", _cases(d), "--out", str(d / "o")]


def responses_to_another_file(d: Path, url: str) -> list[str]:
    return ["score", _responses(d, [{"prompt": "Something else.", "response": "ok"}]),
            "--input", _cases(d), "--out", str(d / "o")]


def only_failed_requests(d: Path, url: str) -> list[str]:
    return ["score", _responses(d, [{"key": key, "error": "HTTP 500"} for key in (1, 2, 3)]),
            "--input", _cases(d), "--out", str(d / "o")]


def unanswered_without_missing(d: Path, url: str) -> list[str]:
    return ["score", _responses(d, SMALL_RESPONSES[:2]), "--input", _cases(d),
            "--out", str(d / "o")]


def k_beyond_the_largest_family(d: Path, url: str) -> list[str]:
    answers = [{"key": record["key"], "response": "fine"} for record in family_prompts([1, 2])]
    return ["score", _responses(d, answers), "--input", _families(d), "--k", "11",
            "--out", str(d / "o")]


def bad_key(d: Path, url: str) -> list[str]:
    return ["score", _responses(d, [{"key": "1:nonsense", "response": "x"}]), "--input",
            _cases(d), "--out", str(d / "o")]


def unknown_instruction(d: Path, url: str) -> list[str]:
    cases = write_lines(d / "odd.jsonl", [{"key": 1, "prompt": "Write.",
                                           "instruction_id_list": ["no:such_type"],
                                           "kwargs": [{}]}])
    return ["score", _responses(d, [{"key": 1, "response": "x"}]), "--input", str(cases),
            "--out", str(d / "o")]


def revision_not_fetched(d: Path, url: str) -> list[str]:
    return ["score", _responses(d), "--input", "ifevalpp-fixed", "--out", str(d / "o")]


def missing_original(d: Path, url: str) -> list[str]:
    return ["generate-families", "--original", str(d / "nowhere.jsonl"), "--out",
            str(d / "f.jsonl"), "--no-progress"]


def closed_port(d: Path, url: str) -> list[str]:
    return ["respond", _cases(d), "--model", "m", "--base-url", CLOSED, "--out",
            str(d / "run"), "--no-progress"]


def protocols_with_missing(d: Path, url: str) -> list[str]:
    return ["score", _responses(d), "--input", _cases(d), "--protocols", "official,revised",
            "--missing", "fail", "--out", str(d / "o")]


# (builder, a phrase the one line must hold: it names the right thing)
BAD_INPUTS: list[tuple[Build, str]] = [
    (misspelt_model, "does not serve model 'no-such-model-xyz'"),
    (k_on_plain_cases, "option '--k': reliable@10 needs families"),
    (lm_eval_results_file, "an lm-evaluation-harness results file"),
    (unknown_option, "ifevalpp score: No such option '--no-such-option'"),
    (missing_argument, "Missing argument 'RESPONSES'"),
    (bad_choice, "Invalid value for '--missing'"),
    (k_zero, "Invalid value for '--k'"),
    (unknown_verb, "No such command 'scroe'"),
    (study_too_many_cases, "option '--cases': 99,999 families asked for, and the default "
                           "families have at most 3"),
    (latin1_responses, "latin1.jsonl, line 1: not UTF-8 text"),
    (malformed_json, "broken.jsonl, line 1: malformed JSON"),
    (empty_responses, "empty.jsonl: no responses in the file"),
    (responses_to_another_file, "none of the 1 responses matches a case"),
    (only_failed_requests, "are failed requests"),
    (unanswered_without_missing, "option '--missing'"),
    (k_beyond_the_largest_family, "--k 11 exceeds the largest family"),
    (bad_key, "field 'key'"),
    (unknown_instruction, "no:such_type"),
    (revision_not_fetched, "not fetched yet"),
    (missing_original, "nowhere.jsonl: file not found"),
    (closed_port, "no endpoint answers"),
    (protocols_with_missing, "option '--protocols'"),
]


def test_there_are_the_twenty_two_of_the_issue():
    assert len(BAD_INPUTS) == 22
    assert len({build.__name__ for build, _ in BAD_INPUTS}) == 22


@pytest.fixture(scope="module")
def endpoint():
    sys.path.insert(0, str(Path(__file__).resolve().parent / "respond"))
    try:
        from respond_fakes import FakeServer
    finally:
        sys.path.pop(0)
    with FakeServer() as server:
        yield server


@pytest.mark.parametrize("build, phrase", BAD_INPUTS, ids=[b.__name__ for b, _ in BAD_INPUTS])
def test_a_bad_input_is_one_line_exit_2_and_no_file(build, phrase, endpoint, tmp_path,
                                                    monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")
    args = build(tmp_path, endpoint.url)
    before = sorted(path.relative_to(tmp_path) for path in tmp_path.rglob("*"))
    result = CliRunner().invoke(main, args, prog_name="ifevalpp")
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert phrase in lines[0], lines[0]
    assert "Traceback" not in result.output
    after = sorted(path.relative_to(tmp_path) for path in tmp_path.rglob("*"))
    assert after == before, "a refused command must write nothing"
    assert not endpoint.requests, "nothing may be asked"
