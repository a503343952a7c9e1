"""The README's "Use as a reward" section runs as written against a small local family file.

TRL and `datasets` are not test dependencies, so the TRL example runs
against stand-ins that do what the real ones do with it: `load_dataset("json",
...)` reads the JSONL rows, and `GRPOTrainer.train()` samples
`num_generations` completions per prompt and calls every reward function the
way GRPOTrainer does (keywords only: `prompts`, conversational `completions`,
`completion_ids`, `trainer_state`, and every column but `prompt`, one entry
per completion).
"""

from __future__ import annotations

import inspect
import json
import re
import shlex
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.reward import verl
from tests.reward.builders import ANSWERS, write_families

README = Path(__file__).resolve().parents[2] / "README.md"


def section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Use as a reward")
    return text[start:text.index("\n## ", start + 1)]


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", section(), flags=re.S)


class FakeDataset(list):
    """Rows as `datasets` gives them: one dict per line of the JSONL file."""


def fake_datasets() -> types.ModuleType:
    module = types.ModuleType("datasets")

    def load_dataset(kind: str, data_files: str, split: str) -> FakeDataset:
        assert (kind, split) == ("json", "train")
        return FakeDataset(json.loads(line) for line in
                           Path(data_files).read_text(encoding="utf-8").splitlines())

    module.load_dataset = load_dataset  # type: ignore[attr-defined]
    return module


def fake_trl(policy) -> types.ModuleType:
    module = types.ModuleType("trl")

    class GRPOConfig:
        def __init__(self, output_dir: str, num_generations: int = 8, **_: object) -> None:
            self.output_dir, self.num_generations = output_dir, num_generations

    class TrainerState:
        global_step = 0

    class GRPOTrainer:
        def __init__(self, model, reward_funcs, args, train_dataset) -> None:
            self.reward_funcs, self.args, self.dataset = reward_funcs, args, train_dataset
            self.logged: dict[str, list] = {}
            self.completions: list[str] = []

        def train(self) -> None:
            inputs = [row for row in self.dataset for _ in range(self.args.num_generations)]
            texts = [policy(row, n % self.args.num_generations) for n, row in enumerate(inputs)]
            self.completions = texts
            columns = {key: [row[key] for row in inputs] for key in inputs[0] if key != "prompt"}
            for function in self.reward_funcs:
                rewards = function(prompts=[row["prompt"] for row in inputs],
                                   completions=[[{"role": "assistant", "content": text}]
                                                for text in texts],
                                   completion_ids=[[1, 2, 3] for _ in texts],
                                   trainer_state=TrainerState(), **columns)
                self.logged[function.__name__] = rewards

    module.GRPOConfig, module.GRPOTrainer = GRPOConfig, GRPOTrainer  # type: ignore[attr-defined]
    return module


def policy(row: dict, sample: int) -> str:
    """Even samples follow every instruction of the row's case, odd ones break one."""
    good, bad = ANSWERS[int(row["extra_info"]["case"])]
    return good if sample % 2 == 0 else bad


@pytest.fixture()
def workdir(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data" / "families").mkdir(parents=True)
    write_families(tmp_path / "data" / "families" / "template.jsonl")
    return tmp_path


def run_readme_commands() -> list[str]:
    """The export-rl commands of the section's shell block, run through the real CLI."""
    commands = [line.split("#")[0].strip() for line in blocks("bash")[0].splitlines()]
    ran = []
    for command in commands:
        if not command:
            continue
        argv = shlex.split(command)
        assert argv[:2] == ["ifevalpp", "export-rl"], command
        if argv[argv.index("--out") + 1].endswith(".parquet"):
            pytest.importorskip("pyarrow")
        result = CliRunner().invoke(main, argv[1:], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        ran.append(command)
    return ran


def test_the_readme_export_commands_run(workdir):
    assert len(run_readme_commands()) == 2
    assert Path("data/rl/train.jsonl").exists() and Path("data/rl/train.parquet").exists()


def test_the_readme_trl_example_runs_and_rewards_every_completion(workdir, monkeypatch):
    run_readme_commands()
    monkeypatch.setitem(sys.modules, "datasets", fake_datasets())
    monkeypatch.setitem(sys.modules, "trl", fake_trl(policy))
    code = blocks("python")[0]
    assert code.startswith("# needs: a GPU")  # tests/test_readme.py runs it through stand-ins
    assert len(code.strip().splitlines()) <= 14
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)
    trainer = namespace["trainer"]
    assert list(trainer.logged) == ["ifeval_strict_all"]
    rewards = trainer.logged["ifeval_strict_all"]
    assert len(rewards) == 6 * 8
    assert rewards == [1.0 if n % 2 == 0 else 0.0 for n in range(48)]


def test_the_readme_verl_snippet_names_what_the_verl_file_defines():
    yaml = blocks("yaml")[0]
    name = re.search(r"^\s*name:\s*(\w+)", yaml, flags=re.M).group(1)
    assert callable(getattr(verl, name))
    batch_name = re.search(r"#\s*(\w+) with reward_model.reward_manager=batch", yaml).group(1)
    assert callable(getattr(verl, batch_name))
    options = re.findall(r"^\s{4}(\w+):", yaml.split("reward_kwargs:")[1], flags=re.M)
    assert options == ["mode", "reduce"]
    accepted = inspect.signature(verl.verl_compute_score).parameters
    assert all(option in accepted for option in options)
    assert Path(verl.__file__).name == re.search(r"path: .*/(\w+\.py)", yaml).group(1)


def test_the_readme_score_batch_example_runs_as_written_and_shows_its_result():
    # It used to call score_batch(completions, …) on names it never defined (NameError).
    code = blocks("python")[1]
    namespace: dict = {}
    call = "score_batch(completions,"
    exec(compile(code.replace(call, "result = " + call, 1), "README.md", "exec"), namespace)
    shown = re.search(r"^# (\[.*\])$", code, flags=re.M).group(1)
    assert namespace["result"] == json.loads(shown) == [0.5, 1.0]
