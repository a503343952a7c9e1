"""lm-evaluation-harness tasks: the directory `ifevalpp lm-eval-tasks` writes, run by lm-eval
against the replay endpoint, report `ifevalpp score`'s numbers; their sample logs score the same.

The run here is lm-eval's own `simple_evaluate` and `EvaluationTracker` (what its CLI
calls), in this process and with lm-eval's 14,000 built-in tasks left unindexed, which
alone takes its CLI 10-15 s; tests/integrations/test_full_harness.py runs the CLI itself
over the full default families.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.errors import InputError
from ifevalpp.evaluate import score
from ifevalpp.integrations.grading import metric_name
from ifevalpp.integrations.lm_eval_tasks import (FAMILY_NAMES, TASK_FAMILIES, TASK_IFEVAL,
                                                 families_dataset, process_families)
from ifevalpp.original import fetch
from tests.integrations.conftest import keyed_answers, needs


def _write_tasks(directory: Path, families: Path, original: Path) -> Path:
    fetch("github", source=str(original))
    result = CliRunner().invoke(main, ["lm-eval-tasks", "--dir", str(directory),
                                       "--families", str(families)])
    assert result.exit_code == 0, result.output
    return Path(result.stdout.strip())


def run_lm_eval(task_dir: Path, base_url: str, out: Path, *, metadata=None) -> dict:
    """lm-eval's CLI run in this process: results, and the sample files written to `out`."""
    from lm_eval import simple_evaluate
    from lm_eval.loggers import EvaluationTracker
    from lm_eval.tasks import TaskManager

    tracker = EvaluationTracker(output_path=str(out))
    results = simple_evaluate(
        model="local-chat-completions",
        model_args=f"model=gpt4-replay,base_url={base_url}/chat/completions,"
                   f"tokenizer_backend=none,num_concurrent=4",
        tasks=[TASK_IFEVAL, TASK_FAMILIES], apply_chat_template=True, log_samples=True,
        task_manager=TaskManager(include_path=str(task_dir), include_defaults=False,
                                 metadata=metadata),
        evaluation_tracker=tracker, bootstrap_iters=0)
    samples = results.pop("samples")
    tracker.save_results_aggregated(results=results, samples=samples)
    for task in results["configs"]:
        tracker.save_results_samples(task_name=task, samples=samples[task])
    return results


@pytest.fixture(scope="module")
def lm_eval_run(gpt4, subset_families, replay, tmp_path_factory):
    needs("lm_eval", "lm-eval")
    root = tmp_path_factory.mktemp("lm-eval")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IFEVALPP_DATA", str(root / "data"))
        for name in ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE"):  # nothing from the hub
            patch.setenv(name, "1")
        task_dir = _write_tasks(root / "tasks", subset_families, gpt4["original"])
        results = run_lm_eval(task_dir, replay.base_url, root / "out")
    return {"results": results["results"], "out": root / "out", "root": root,
            "tasks": task_dir}


def _reported(results: dict, task: str) -> dict[str, float]:
    return {key.split(",")[0]: value for key, value in results[task].items()
            if key.endswith(",none") and "_stderr" not in key}


def _reference(report, *, originals: bool) -> dict[str, float]:
    out = {}
    for row in report.estimates:
        name = metric_name(row.id)
        if name is None or row.id.startswith("prompts/" if originals else "ifeval/"):
            continue
        out[name] = row.value
    return out


def _close(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or abs(a - b) < 1e-9


def test_the_written_tasks_read_local_files_with_lm_eval_s_ifeval_settings(lm_eval_run):
    names = sorted(path.name for path in lm_eval_run["tasks"].iterdir())
    assert names == ["README.md", f"{TASK_FAMILIES}.yaml", f"{TASK_IFEVAL}.yaml"]
    text = (lm_eval_run["tasks"] / f"{TASK_FAMILIES}.yaml").read_text(encoding="utf-8")
    assert "dataset_path" not in text      # nothing comes from the hub
    assert "reliable_at_10_strict" in text and "max_gen_toks: 1280" in text


def test_lm_eval_reports_score_s_ifeval_metrics_on_the_originals(lm_eval_run, gpt4, replay,
                                                                 tmp_path):
    answers = keyed_answers(gpt4["original"], replay.answers, tmp_path / "answers.jsonl")
    reference = _reference(score(answers, gpt4["original"], bootstrap=0), originals=True)
    reported = _reported(lm_eval_run["results"], TASK_IFEVAL)
    assert set(reported) == set(reference)
    assert all(_close(reported[name], reference[name]) for name in reference), \
        (reported, reference)
    assert reported["prompt_level_strict_acc"] == pytest.approx(417 / 541)


def test_lm_eval_reports_score_s_reliable_at_k_on_the_families(lm_eval_run, subset_families,
                                                               replay, tmp_path):
    answers = keyed_answers(subset_families, replay.answers, tmp_path / "answers.jsonl")
    reference = _reference(score(answers, subset_families, k=10, bootstrap=0), originals=False)
    reported = _reported(lm_eval_run["results"], TASK_FAMILIES)
    assert set(reported) == set(FAMILY_NAMES)
    differ = {name: (reported[name], reference[name]) for name in reported
              if not _close(reported[name], reference[name])}
    assert differ == {}
    assert 0 < reported["reliable_at_10_strict"] < reported["reliable_at_1_strict"]


@pytest.mark.parametrize("task, cases", [(TASK_IFEVAL, "github"), (TASK_FAMILIES, "subset")])
def test_the_sample_logs_score_to_the_same_numbers(lm_eval_run, subset_families, task, cases):
    log = next(lm_eval_run["out"].rglob(f"samples_{task}_*.jsonl"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IFEVALPP_DATA", str(lm_eval_run["root"] / "data"))
        report = score(log, subset_families if cases == "subset" else "github",
                       k=10 if cases == "subset" else None, bootstrap=0)
    reference = _reference(report, originals=task == TASK_IFEVAL)
    reported = _reported(lm_eval_run["results"], task)
    assert all(_close(reported[name], reference[name]) for name in reported)


def test_metadata_points_the_task_at_another_family_file_and_cases(tmp_path):
    needs("datasets", "lm-eval")
    from tests.evaluate.builders import family_prompts, write_lines

    other = write_lines(tmp_path / "other.jsonl", family_prompts([5, 6, 7]))
    written = {"default_families": str(tmp_path / "written.jsonl"),
               "default_families_sha256": "0" * 64}
    documents = families_dataset(families=str(other), profile="revised", cases="6,",
                                 **written)["test"]
    assert sorted(documents["key"])[0] == "6:distractor:1" and len(documents) == 10
    assert set(documents["profile"]) == {"revised"}


def test_a_family_file_changed_since_the_tasks_were_written_is_refused(tmp_path):
    from tests.evaluate.builders import family_prompts, write_lines

    path = write_lines(tmp_path / "families.jsonl", family_prompts([1]))
    with pytest.raises(InputError, match="ifevalpp lm-eval-tasks"):
        families_dataset(default_families=str(path), default_families_sha256="0" * 64)


def test_a_document_result_is_json_and_carries_the_verdict_under_family_names():
    doc = {"key": "3:distractor:1", "prompt": "Write without commas.", "profile": "official",
           "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{"keywords": None}],
           "family": [1, 3, 3, 3]}
    values = json.loads(json.dumps(process_families(doc, ["no pause marks here"])))
    assert values["prompt_level_strict_acc"] is True
    assert values["inst_level_loose_acc"] == [True]
    assert values["reliable_at_10_strict"] == {"key": "3:distractor:1", "family": [1, 3, 3, 3],
                                               "strict": [1], "loose": [1]}


def test_kwargs_without_a_common_column_type_travel_as_json_text(tmp_path):
    # Plug-in types may give one kwargs key values of different types: no arrow column fits.
    needs("datasets", "lm-eval")
    from ifevalpp.integrations.lm_eval_tasks import _documents
    from ifevalpp.integrations.prompts import PromptRow, PromptSource

    rows = [PromptRow(key=f"{case}:original:0", case=str(case), kind="original", index=0,
                      prompt="Say something.", instruction_id_list=["plugin:type"],
                      kwargs=[{"size": value}], family=[1, 0, 0, 0])
            for case, value in ((1, 3), (2, "large"))]
    documents = _documents(rows, profile="official", originals=False,
                           source=PromptSource(path="families.jsonl", sha256="0" * 64))["test"]
    assert [json.loads(text) for text in documents["kwargs"]] == [[{"size": 3}],
                                                                  [{"size": "large"}]]


def test_kwargs_as_json_text_grade_like_kwargs_as_objects():
    doc = {"key": "4:original:0", "prompt": "Write at least 3 words.", "profile": "official",
           "instruction_id_list": ["length_constraints:number_words"], "family": [1, 0, 0, 0]}
    kwargs = [{"relation": "at least", "num_words": 3}]
    as_text = process_families({**doc, "kwargs": json.dumps(kwargs)}, ["one two"])
    as_objects = process_families({**doc, "kwargs": kwargs}, ["one two"])
    assert as_text == as_objects and as_text["prompt_level_strict_acc"] is False


def test_no_family_number_carries_lm_eval_s_independent_sample_stderr(lm_eval_run):
    # A family's prompts are correlated: lm-eval's stderr for `mean` would understate the
    # uncertainty; `ifevalpp score` on the sample log gives the interval over families.
    results = lm_eval_run["results"][TASK_FAMILIES]
    stderrs = {key: value for key, value in results.items() if "_stderr" in key}
    assert stderrs and all(value == "N/A" for value in stderrs.values()), stderrs


def test_an_undefined_family_number_says_why_once(caplog):
    from ifevalpp.integrations import lm_eval_tasks

    aggregate = lm_eval_tasks.agg_reliable_at_10_strict
    record = {"key": "1:original:0", "family": [1, 3, 3, 3], "strict": [1], "loose": [1]}
    with caplog.at_level("WARNING", logger="ifevalpp"):
        assert math.isnan(aggregate([record]))
        assert math.isnan(aggregate([record]))
    said = [entry.getMessage() for entry in caplog.records
            if "reliable_at_10_strict is not defined" in entry.getMessage()]
    assert len(said) == 1 and "--limit" in said[0]
