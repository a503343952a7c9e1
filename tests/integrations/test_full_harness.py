"""The issue's acceptance run, at full size and through the harnesses' own commands:

    ifevalpp fetch --from input_data.jsonl
    lm_eval --model local-chat-completions --model_args model=…,base_url=…/v1/chat/completions,\
        tokenizer_backend=none --apply_chat_template --tasks ifevalpp_ifeval,ifevalpp_families \
        --include_path "$(ifevalpp lm-eval-tasks)" --log_samples
    inspect eval ifevalpp/families --model openai/… --model-base-url …

against the replay endpoint, over the 541 originals and the 5,369 prompts of the default
families (made here by `ifevalpp lm-eval-tasks`, sha256 pinned). It takes minutes (lm-eval
indexes its 14,000 tasks, inspect handles 5,369 samples), so it runs only when asked:
IFEVALPP_FULL_HARNESS=1 python -m pytest -m slow tests/integrations/test_full_harness.py -s
(the same equalities are checked in every run on a subset, in test_lm_eval_tasks.py and
test_inspect_tasks.py).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ifevalpp.evaluate import score
from ifevalpp.integrations.prompts import DEFAULT_FAMILY_SHA256
from ifevalpp.io import sha256_file
from tests.helpers import run_cli
from tests.integrations.conftest import keyed_answers, needs
from tests.integrations.replay_server import ReplayAnswers, ReplayServer
from tests.integrations.test_inspect_tasks import inspect_eval, reference, reported

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    os.environ.get("IFEVALPP_FULL_HARNESS") != "1",
    reason="the full-size harness runs take minutes: set IFEVALPP_FULL_HARNESS=1 (and -m slow)")]


def _close(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or abs(a - b) < 1e-9


@pytest.fixture(scope="module")
def full(gpt4, tmp_path_factory):
    root = tmp_path_factory.mktemp("full")
    env = {"IFEVALPP_DATA": str(root / "data")}
    fetched = run_cli("fetch", "--from", str(gpt4["original"]), env=env)
    assert fetched.returncode == 0, fetched.stderr
    started = time.monotonic()
    written = run_cli("lm-eval-tasks", env=env, timeout=600)
    assert written.returncode == 0, written.stderr
    families = root / "data" / "families" / "template.jsonl"
    assert sha256_file(families) == DEFAULT_FAMILY_SHA256
    print(f"\nlm-eval-tasks (default families made): {time.monotonic() - started:.1f} s")
    answers = ReplayAnswers(gpt4["original"], gpt4["responses"], [families])
    with ReplayServer(answers) as server:
        yield {"root": root, "env": env, "tasks": Path(written.stdout.strip()),
               "families": families, "server": server, "original": gpt4["original"]}


def _score_reference(answers_path: Path, cases: Path, *, originals: bool) -> dict[str, float]:
    return reference(score(answers_path, cases, k=None if originals else 10, bootstrap=0),
                     originals=originals)


def test_lm_eval_cli_reports_score_s_numbers_on_originals_and_default_families(full):
    needs("lm_eval", "lm-eval")
    out = full["root"] / "lm-eval"
    command = [str(Path(sys.executable).with_name("lm_eval")), "--model",
               "local-chat-completions", "--model_args",
               f"model=gpt4-replay,base_url={full['server'].base_url}/chat/completions,"
               f"tokenizer_backend=none,num_concurrent=8", "--apply_chat_template",
               "--tasks", "ifevalpp_ifeval,ifevalpp_families", "--include_path",
               str(full["tasks"]), "--output_path", str(out), "--log_samples"]
    started = time.monotonic()
    offline = {"HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}   # nothing from the hub
    result = subprocess.run(command, env=dict(os.environ, **full["env"], **offline),
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stderr[-4000:]
    print(f"\nlm_eval over 541 + 5,369 prompts: {time.monotonic() - started:.1f} s")
    results = json.loads(next(out.rglob("results_*.json")).read_text())["results"]
    for task, cases, originals in (("ifevalpp_ifeval", full["original"], True),
                                   ("ifevalpp_families", full["families"], False)):
        found = {key.split(",")[0]: value for key, value in results[task].items()
                 if key.endswith(",none") and "_stderr" not in key}
        answers = keyed_answers(cases, full["server"].answers,
                                full["root"] / f"{task}-answers.jsonl")
        expected = _score_reference(answers, cases, originals=originals)
        log = next(out.rglob(f"samples_{task}_*.jsonl"))
        from_log = _score_reference(log, cases, originals=originals)
        for name in sorted(found):
            assert _close(found[name], expected[name]), (task, name)
            assert _close(from_log[name], expected[name]), (task, name)
        shown = ["prompt_level_strict_acc", "inst_level_strict_acc", "prompt_level_loose_acc",
                 "inst_level_loose_acc"] + ([] if originals else
                                            ["reliable_at_10_strict", "reliable_at_10_loose"])
        for name in shown:
            print(f"{task} {name}: lm-eval {found[name]!r} | ifevalpp score "
                  f"{expected[name]!r} | score of the sample log {from_log[name]!r} | "
                  f"diff {abs(found[name] - expected[name]):.1e}")


def test_inspect_reports_score_s_reliable_at_10_on_the_default_families(full):
    needs("inspect_ai", "inspect")
    started = time.monotonic()
    logs = inspect_eval(["ifevalpp/families"], full["server"].base_url,
                        full["root"] / "inspect", data=full["root"] / "data",
                        connections=32)
    print(f"\ninspect over 5,369 prompts: {time.monotonic() - started:.1f} s")
    found = reported(logs[0])
    answers = keyed_answers(full["families"], full["server"].answers,
                            full["root"] / "inspect-answers.jsonl")
    expected = _score_reference(answers, full["families"], originals=False)
    assert all(_close(found[name], expected[name]) for name in found)
    for name in ("prompt_level_strict_acc", "reliable_at_10_strict", "reliable_at_10_loose"):
        print(f"inspect {name}: {found[name]!r} | ifevalpp score {expected[name]!r} | diff "
              f"{abs(found[name] - expected[name]):.1e}")
