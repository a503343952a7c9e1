"""inspect tasks: `inspect eval ifevalpp/ifeval ifevalpp/families` (found by name through the
entry point) against the replay endpoint report `ifevalpp score`'s numbers.

The `inspect` command runs in its own process: run from a source checkout's root, an
interpreter with the checkout on sys.path (pytest, `python -c`) finds the build's
`ifevalpp.egg-info` there first, and inspect then does not see ifevalpp as an installed
package (the console script has no such entry)."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ifevalpp.evaluate import score
from ifevalpp.integrations.grading import family_metric_names, grade, metric_name
from ifevalpp.integrations.prompts import prompt_rows
from tests.evaluate.builders import family_prompts, responses_for, write_lines
from tests.integrations.conftest import SUBSET_CASES, keyed_answers, needs

# The `inspect` command installed beside this interpreter (inspect_ai's console script).
INSPECT = [str(Path(sys.executable).with_name("inspect"))]


def inspect_eval(tasks: list[str], base_url: str, log_dir: Path, *args: str,
                 data: Path, connections: int = 8) -> list:
    """`inspect eval TASKS --model openai/… --model-base-url URL`, then its logs read back."""
    from inspect_ai.log import read_eval_log

    env = dict(os.environ, OPENAI_API_KEY="replay", IFEVALPP_DATA=str(data),
               INSPECT_LOG_DIR=str(log_dir))
    command = [*INSPECT, "eval", *tasks, "--model", "openai/gpt4-replay", "--model-base-url",
               base_url, "--log-dir", str(log_dir), "--display", "plain",
               "--max-connections", str(connections), *args]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=1200)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    logs = [read_eval_log(str(path)) for path in sorted(log_dir.glob("*.eval"))]
    assert logs and all(log.status == "success" for log in logs), [log.error for log in logs]
    return logs


def reported(log) -> dict[str, float]:
    return {name: metric.value for result in log.results.scores
            for name, metric in result.metrics.items()}


def reference(report, *, originals: bool) -> dict[str, float]:
    skip = "prompts/" if originals else "ifeval/"
    return {name: row.value for row in report.estimates
            if (name := metric_name(row.id)) is not None and not row.id.startswith(skip)}


def _close(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or abs(a - b) < 1e-9


@pytest.fixture(scope="module")
def inspect_logs(gpt4, subset_families, replay, tmp_path_factory):
    needs("inspect_ai", "inspect")
    root = tmp_path_factory.mktemp("inspect")
    logs = inspect_eval(["ifevalpp/ifeval", "ifevalpp/families"], replay.base_url,
                        root / "logs", "-T", f"families={subset_families}",
                        "-T", f"original={gpt4['original']}",
                        "-T", "cases=" + ",".join(SUBSET_CASES), data=root / "data")
    return {log.eval.task.split("/")[-1]: log for log in logs}


def test_inspect_reports_score_s_reliable_at_k_on_the_families(inspect_logs, subset_families,
                                                               replay, tmp_path):
    answers = keyed_answers(subset_families, replay.answers, tmp_path / "answers.jsonl")
    expected = reference(score(answers, subset_families, k=10, bootstrap=0), originals=False)
    found = reported(inspect_logs["families"])
    assert set(found) == set(family_metric_names())
    assert {name: (found[name], expected[name]) for name in found
            if not _close(found[name], expected[name])} == {}
    assert 0 < found["reliable_at_10_strict"] < found["reliable_at_1_strict"]


def test_inspect_reports_score_s_ifeval_metrics_on_the_originals(inspect_logs, gpt4, replay,
                                                                 tmp_path):
    from ifevalpp.cases import load_variants

    chosen = [variant.model_dump(mode="json") for variant in load_variants(gpt4["original"])
              if str(variant.case) in SUBSET_CASES]
    cases = write_lines(tmp_path / "cases.jsonl", chosen)
    answers = keyed_answers(cases, replay.answers, tmp_path / "answers.jsonl")
    expected = reference(score(answers, cases, bootstrap=0), originals=True)
    found = reported(inspect_logs["ifeval"])
    assert set(found) == set(expected)
    assert all(_close(found[name], expected[name]) for name in expected), (found, expected)


def test_each_sample_carries_family_and_kind_and_its_score_the_verdicts(inspect_logs):
    sample = next(sample for sample in inspect_logs["families"].samples
                  if sample.metadata["kind"] == "reconfiguration")
    assert sample.metadata["case"] in SUBSET_CASES and len(sample.metadata["family"]) == 4
    verdict = next(iter(sample.scores.values()))
    assert len(verdict.metadata["strict"]) == len(sample.metadata["instruction_id_list"])
    assert verdict.metadata["profile"] == "official"


def test_with_epochs_each_epoch_is_a_sample_index_as_in_score(tmp_path):
    needs("inspect_ai", "inspect")
    from inspect_ai.scorer import SampleScore, Score

    from ifevalpp.cases import load_variants
    from ifevalpp.integrations.inspect_tasks import ifeval_metrics, reliability

    prompts = family_prompts([1, 2])
    answers = responses_for(prompts, {"1:rephrasing:1": False}, samples=2,
                            sample_passes={("2:original:0", 1): False})
    families = write_lines(tmp_path / "families.jsonl", prompts)
    rows = {row.key: row for row in prompt_rows(load_variants(families))}
    scores = [SampleScore(score=Score(value=0.0, metadata=grade(
                  rows[answer["key"]].model_dump(), answer["response"],
                  sample=answer["sample"])), sample_id=answer["key"])
              for answer in answers]
    found = {**ifeval_metrics()(scores), **reliability()(scores)}
    expected = reference(score(write_lines(tmp_path / "answers.jsonl", answers), families,
                               k=10, bootstrap=0), originals=False)
    assert all(_close(found[name], expected[name]) for name in found)
    assert found["reliable_at_1_strict"] == pytest.approx((1 + 1 / 2) / 2)


def test_score_reads_the_inspect_eval_log_and_gives_what_inspect_printed_with_intervals(
        inspect_logs):
    # No --input: the log names the family file its task read (the task's `prompts` metadata).
    log = inspect_logs["families"]
    report = score(log.location, k=10, bootstrap=0)
    expected = reference(report, originals=False)
    found = reported(log)
    assert set(found) == set(expected)
    assert {name: (found[name], expected[name]) for name in found
            if not _close(found[name], expected[name])} == {}
    row = report.estimate("reliable/strict/10")
    assert row.families == len(SUBSET_CASES) and row.ci_low <= row.value <= row.ci_high


def test_the_cli_scores_the_inspect_log_with_k_10_and_prints_intervals(inspect_logs):
    from tests.helpers import run_cli

    result = run_cli("score", inspect_logs["families"].location, "--k", "10", "--bootstrap",
                     "0")
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"{len(SUBSET_CASES) * 10 - 1:,} of") or "prompts answered" in first


def test_score_reads_the_inspect_log_of_the_originals_against_its_case_file(inspect_logs, gpt4):
    report = score(inspect_logs["ifeval"].location, gpt4["original"], missing="exclude",
                   bootstrap=0)
    assert (report.answered.answered, report.answered.total) == (len(SUBSET_CASES), 541)
    found = reported(inspect_logs["ifeval"])
    assert _close(found["prompt_level_strict_acc"], report.value("ifeval/prompt_strict"))


def test_an_inspect_json_log_scores_as_its_eval_archive(inspect_logs, tmp_path):
    from inspect_ai.log import write_eval_log

    log = inspect_logs["families"]
    as_json = tmp_path / "families.json"
    write_eval_log(log, str(as_json), format="json")
    archive = score(log.location, k=10, bootstrap=0)
    document = score(as_json, k=10, bootstrap=0)
    assert [(row.id, row.value, row.ci_low) for row in document.estimates] == \
        [(row.id, row.value, row.ci_low) for row in archive.estimates]


def test_without_inspect_an_eval_log_is_refused_naming_the_extra(inspect_logs, tmp_path):
    code = ("import sys; sys.modules['inspect_ai'] = None\n"
            "from ifevalpp.cli import main; main()")
    result = subprocess.run([sys.executable, "-c", code, "score", inspect_logs["ifeval"].location,
                             "--out", str(tmp_path / "o")], capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=str(Path(__file__).parents[2])))
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "an inspect eval log; reading it needs inspect (pip install 'ifevalpp[inspect]')" \
        in result.stderr
    assert not (tmp_path / "o").exists()
