"""`score` of an `ifevalpp respond` run directory names the run in every output, counts the answers
cut off at the token limit per kind, and reports the IFEval metrics on all prompts by kind.

Hand-computed on two families of ten no-comma prompts, answered by the test server:
1:rephrasing:2 and 2:distractor:3 contain a comma (fail); 1:original:0, 2:distractor:1 and
2:distractor:3 stop at the token limit (finish_reason "length").
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "respond"))
from respond_fakes import ByPrompt, FakeServer, Reply, completion  # noqa: E402

from tests.evaluate.builders import family_prompts, write_lines  # noqa: E402
from tests.helpers import run_cli  # noqa: E402

PROMPTS = {record["key"]: record["prompt"] for record in family_prompts([1, 2])}
SCRIPT = {"1:rephrasing:2": ("one, two", "stop"), "1:original:0": ("cut off here", "length"),
          "2:distractor:1": ("cut off too", "length"), "2:distractor:3": ("x, y", "length")}
SYSTEM = 'Be brief.\nAnswer in English <b>only</b>.'


@pytest.fixture(scope="module")
def scored(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("run")
    families = write_lines(tmp / "families.jsonl", family_prompts([1, 2]))
    replies = {PROMPTS[key]: [Reply(body=completion(text, finish_reason=reason))]
               for key, (text, reason) in SCRIPT.items()}
    out = tmp / "runs" / "m"
    with FakeServer(ByPrompt(replies)) as server:
        result = run_cli("respond", str(families), "--model", "fake", "--base-url", server.url,
                         "--out", str(out), "--temperature", "0.2", "--max-tokens", "64",
                         "--seed", "7", "--stop", "END", "--system-prompt", SYSTEM,
                         "--no-progress")
        assert result.returncode == 0, result.stderr
        url = server.url
    result = run_cli("score", str(out / "responses.jsonl"), "--input", str(families),
                     "--bootstrap", "200", "--out", str(out / "scored"))
    assert result.returncode == 0, result.stderr
    (out / "scored" / "stdout.txt").write_text(result.stdout, encoding="utf-8")
    (out / "scored" / "url.txt").write_text(url, encoding="utf-8")
    return out / "scored"


def test_metrics_json_names_the_model_endpoint_and_every_sampling_setting(scored):
    metrics = json.loads((scored / "metrics.json").read_text())
    run = metrics["run"]
    assert run["model"] == "fake" and run["endpoints"] == [(scored / "url.txt").read_text()]
    assert run["sampling"] == {"temperature": 0.2, "top_p": None, "max_tokens": 64, "seed": 7,
                               "stop": ["END"], "extra_body": {}}
    assert run["system_prompt"] == SYSTEM and run["samples"] == 1
    assert run["reasoning"]["keep_reasoning"] is False
    assert run["finished_at"] is not None and run["sessions"] == 1
    assert len(metrics["responses_sha256"]) == 64


def test_truncation_is_counted_per_kind(scored):
    truncated = json.loads((scored / "metrics.json").read_text())["truncated"]
    assert {kind: (row["truncated"], row["answers"]) for kind, row in truncated.items()} == {
        "all": (3, 20), "original": (1, 2), "rephrasing": (0, 6), "distractor": (2, 6),
        "reconfiguration": (0, 6)}
    assert truncated["all"]["fraction"] == pytest.approx(0.15)


def test_all_prompts_carry_the_four_metrics_by_kind(scored):
    table = json.loads((scored / "metrics.json").read_text())["all_prompts"]
    expected = {"all": 18 / 20, "original": 1.0, "rephrasing": 5 / 6, "distractor": 5 / 6,
                "reconfiguration": 1.0}
    for kind, value in expected.items():
        for name in ("prompt_strict", "instruction_strict", "prompt_loose", "instruction_loose"):
            assert table[kind][name]["value"] == pytest.approx(value), (kind, name)
        assert table[kind]["prompts"] == table[kind]["instructions"] == (2 if kind == "original"
                                                                          else 20 if kind == "all"
                                                                          else 6)
    low, high = table["all"]["prompt_strict"]["ci"]
    assert low <= 0.9 <= high


@pytest.mark.parametrize("name", ["report.md", "report.html", "stdout.txt"])
def test_the_reports_name_the_run_and_show_truncation_and_all_prompts(scored, name):
    text = (scored / name).read_text(encoding="utf-8")
    url = (scored / "url.txt").read_text()
    for needle in ("fake", url, "temperature", "0.2", "max_tokens", "64", "seed",
                   "sample i is asked with seed + i", "END", "not sent (server default)",
                   "removed by respond before the answer was stored", "samples per prompt",
                   "Answers cut off at the token limit", "All prompts, strict"):
        assert needle in text, (name, needle)
    if name == "report.html":
        assert "&lt;b&gt;only&lt;/b&gt;" in text and "<b>only</b>" not in text
    rows = [line for line in text.splitlines() if "distractor" in line and "33.33" in line]
    assert rows, "distractor: 2 of 6 answers cut off (33.33 %)"


def test_model_names_endpoints_and_system_prompts_are_escaped_in_the_html(tmp_path):
    from ifevalpp.evaluate import score
    from ifevalpp.report.html import render_html
    from ifevalpp.respond import RespondConfig, respond
    from tests.report.test_html import HOSTILE, parsed

    families = write_lines(tmp_path / "families.jsonl", family_prompts([1]))
    out = tmp_path / "run"
    with FakeServer() as server:
        respond(RespondConfig(inputs=[families], out_dir=out, model=HOSTILE,
                              base_urls=[f"{server.url}/<b>x"], system_prompt=HOSTILE,
                              allow_unlisted_model=True))
    page = render_html(score(out / "responses.jsonl", families, bootstrap=0))
    tags = parsed(page)
    assert "script" not in tags.tags and "img" not in tags.tags
    assert not [name for name in tags.attributes if name.startswith("on")]
    assert page.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 2  # model and system prompt
    assert "/&lt;b&gt;x" in page  # the endpoint
