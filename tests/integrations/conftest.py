"""Fixtures for the harness tests: GPT-4's released answers, a small real family file, the
replay endpoint, a local Ray."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

from tests.integrations.replay_server import ReplayAnswers, ReplayServer, read_jsonl

# Twelve cases spread over the file, each with a complete family (data/families/manifest.json
# lists the incomplete ones): small enough for every harness test, and GPT-4 passes some of
# their prompts and fails others (reliable@k moves with k).
SUBSET_CASES = ("1001", "1139", "127", "142", "1644", "1705", "1880", "2023", "2195", "2309",
                "2416", "2247")


def needs(module: str, extra: str) -> None:
    """Skip unless `module` is importable (its harness is an extra, not a core dependency)."""
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed: pip install 'ifevalpp[{extra}]' (.ci/run "
                    f"installs it)")


@pytest.fixture(scope="session")
def gpt4(original_path: Path, reference_dir: Path) -> dict[str, Path]:
    """The GitHub original and the GPT-4 answers released with it (line i answers case i)."""
    responses = reference_dir / "gpt4_responses.jsonl"
    if not responses.exists():
        pytest.skip(f"GPT-4 responses not available: {responses}")
    return {"original": original_path, "responses": responses}


@pytest.fixture(scope="session")
def subset_families(gpt4: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The families of SUBSET_CASES as `generate-families --cases` makes them (~120 prompts)."""
    from ifevalpp.cases import load_variants
    from ifevalpp.generate import generate_families
    from ifevalpp.io import write_jsonl

    cases = [variant for variant in load_variants(gpt4["original"])
             if str(variant.case) in SUBSET_CASES]
    out = tmp_path_factory.mktemp("families") / "subset.jsonl"
    write_jsonl(out, generate_families(cases, seed=0).variants)
    return out


@pytest.fixture(scope="session")
def replay(gpt4: dict[str, Path], subset_families: Path):
    """The replay endpoint answering the originals and the subset families."""
    extra = [Path(os.environ["IFEVALPP_FULL_FAMILIES"])] \
        if os.environ.get("IFEVALPP_FULL_FAMILIES") else []
    answers = ReplayAnswers(gpt4["original"], gpt4["responses"], [subset_families, *extra])
    with ReplayServer(answers) as server:
        yield server


def keyed_answers(families: Path, answers: ReplayAnswers, out: Path) -> Path:
    """The replayed answer to every prompt of `families`, as a keyed response file: what
    `ifevalpp score` grades to give the reference numbers."""
    with open(out, "w", encoding="utf-8") as handle:
        for record in read_jsonl(families):
            handle.write(json.dumps({"key": record["key"],
                                     "response": answers.answer(record["prompt"])}) + "\n")
    return out


@pytest.fixture(scope="session")
def ray_local():
    """One local Ray for the session (2 CPUs, no dashboard), shut down at the end."""
    needs("ray", "ray")
    import ray

    # No usage report to Ray's servers (on by default; tests send nothing off this machine).
    previous = os.environ.get("RAY_USAGE_STATS_ENABLED")
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    yield ray
    ray.shutdown()
    if previous is None:
        del os.environ["RAY_USAGE_STATS_ENABLED"]
    else:
        os.environ["RAY_USAGE_STATS_ENABLED"] = previous
