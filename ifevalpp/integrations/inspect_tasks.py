"""inspect tasks graded by ifevalpp's checkers: `inspect eval ifevalpp/ifeval`, `ifevalpp/families`.

Registered through the `inspect_ai` entry point (pyproject.toml), so after `pip install
'ifevalpp[inspect]'` inspect finds them by name:

    inspect eval ifevalpp/families --model openai/M --model-base-url URL
    inspect eval ifevalpp/ifeval -T original=ifevalpp-fixed -T profile=revised
    inspect eval ifevalpp/families -T families=my-families.jsonl -T cases=20

Each prompt is one sample (id: its key; metadata: case, kind, index, instructions, kwargs,
its family's size per kind). The scorer grades the completion with our checkers under the
task's profile: the score's value holds the prompt's strict and loose pass and instruction
shares, its metadata the verdict per instruction. The metrics carry lm-eval's names
(prompt_level_strict_acc, inst_level_strict_acc, …), and on the families task
reliable_at_<k>_<strict|loose> for k = 1…10 and per cousin kind, computed over families by
`ifevalpp score`'s own code. With `--epochs N`, each epoch is one sample index: every
number is computed per epoch and averaged, as `ifevalpp score` does with several samples.
"""

from __future__ import annotations

import logging
from typing import Any, Optional

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import GenerateConfig
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, metric, scorer
from inspect_ai.solver import TaskState, generate

from ..profiles import Profile, check_profile
from .grading import DEFAULT_K, grade, say_undefined
from .grading import family_metrics as _family_metrics
from .prompts import (DEFAULT_ORIGINAL, PromptRow, PromptSource, default_families,
                      family_source, load_rows, original_source)

# IFEval's protocol: greedy decoding, at most 1,280 new tokens (as lm-eval's IFEval task).
GENERATION = GenerateConfig(temperature=0.0, max_tokens=1280)
_VERDICT_FIELDS = ("key", "family", "strict", "loose", "sample")
_log = logging.getLogger(__name__)


def _sample(row: PromptRow) -> Sample:
    metadata = row.model_dump(exclude={"prompt"})
    return Sample(id=row.key, input=row.prompt, target="", metadata=metadata)


def _dataset(rows: list[PromptRow], source: PromptSource, name: str) -> MemoryDataset:
    return MemoryDataset([_sample(row) for row in rows], name=name, location=source.path)


def _records(scores: list[SampleScore]) -> list[dict[str, Any]]:
    return [{field: (score.score.metadata or {}).get(field) for field in _VERDICT_FIELDS}
            for score in scores if (score.score.metadata or {}).get("key") is not None]


@metric(scores="unreduced")
def ifeval_metrics(originals: bool = False) -> Metric:
    """prompt_level_{strict,loose}_acc and inst_level_{strict,loose}_acc (over all prompts;
    per kind too on family files, `…_<kind>`)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        values = _family_metrics(_records(scores), originals=originals)
        return {name: value for name, value in values.items()
                if name.startswith(("prompt_level_", "inst_level_"))}

    return compute


@metric(scores="unreduced")
def reliability(k: int = DEFAULT_K) -> Metric:
    """reliable_at_<k>_<strict|loose> for k = 1…k, and per cousin kind (`…_<kind>`)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        records = _records(scores)
        values = _family_metrics(records, k=k)
        for name, value in values.items():
            if name.startswith("reliable_") and value != value:
                say_undefined(name, records, how="-T cases=N instead of --limit")
        return {name: value for name, value in values.items() if name.startswith("reliable_")}

    return compute


def _explanation(instruction_ids: list[str], strict: list[int], loose: list[int]) -> str:
    failed = [f"{name} ({'fails loose too' if not passed_loose else 'passes loose'})"
              for name, passed, passed_loose in zip(instruction_ids, strict, loose)
              if not passed]
    return "every instruction followed (strict)" if not failed else \
        "not followed (strict): " + "; ".join(failed)


def _score(state: TaskState, profile: Profile) -> Score:
    row = dict(state.metadata)
    row["prompt"] = state.input_text
    verdict = grade(row, state.output.completion, profile=profile, sample=state.epoch - 1)
    strict, loose = verdict["strict"], verdict["loose"]
    count = max(len(strict), 1)
    return Score(
        value={"prompt_level_strict": float(all(strict)), "prompt_level_loose": float(all(loose)),
               "inst_level_strict": sum(strict) / count, "inst_level_loose": sum(loose) / count},
        explanation=_explanation(row["instruction_id_list"], strict, loose),
        metadata={**verdict, "instruction_id_list": row["instruction_id_list"],
                  "profile": profile})


@scorer(metrics=[ifeval_metrics(originals=True)])
def instruction_following(profile: str = "official") -> Scorer:
    """IFEval's checkers (ifevalpp's, under `profile`) on the originals: the four metrics."""
    check_profile(profile)

    async def score(state: TaskState, target: Target) -> Score:
        return _score(state, profile)  # type: ignore[arg-type]  # profile is a str that check_profile has accepted

    return score


@scorer(metrics=[ifeval_metrics(), reliability()])
def family_reliability(profile: str = "official") -> Scorer:
    """IFEval's checkers on every prompt of a family file: the four metrics overall and per
    kind, and reliable@k over families."""
    check_profile(profile)

    async def score(state: TaskState, target: Target) -> Score:
        return _score(state, profile)  # type: ignore[arg-type]  # profile is a str that check_profile has accepted

    return score


@task
def ifeval(original: str = DEFAULT_ORIGINAL, profile: str = "official",
           cases: Optional[str | int] = None) -> Task:
    """IFEval's 541 originals (a fetched revision, or a case file), graded by ifevalpp.

    Args:
        original: a revision fetched by `ifevalpp fetch` (github, ifevalpp-fixed, …) or a
            path to IFEval cases.
        profile: checker profile (official, revised, ifevalpp-paper).
        cases: a number of cases (a seeded sample) or comma-separated case keys.
    """
    check_profile(profile)
    source = original_source(original)
    rows = load_rows(source.path, profile=profile, cases=cases, originals_only=True)  # type: ignore[arg-type]  # profile is a str that check_profile has accepted
    return Task(dataset=_dataset(rows, source, "ifevalpp-ifeval"), solver=generate(),
                scorer=instruction_following(profile), config=GENERATION,
                metadata={"prompts": source.model_dump(), "profile": profile})


@task
def families(families: Optional[str] = None, profile: str = "official",
             cases: Optional[str | int] = None) -> Task:
    """Every prompt of a family file (default: the default families, made first when absent
    and checked against their sha256 pin), graded by ifevalpp, with reliable@k.

    Args:
        families: a family file (default: `<data>/families/template.jsonl`).
        profile: checker profile (official, revised, ifevalpp-paper).
        cases: a number of complete families (a seeded sample, as `ifevalpp study
            --cases`) or comma-separated case keys.
    """
    check_profile(profile)
    source = family_source(families) if families else default_families(announce=_log.warning)
    rows = load_rows(source.path, profile=profile, cases=cases)  # type: ignore[arg-type]  # profile is a str that check_profile has accepted
    return Task(dataset=_dataset(rows, source, "ifevalpp-families"), solver=generate(),
                scorer=family_reliability(profile), config=GENERATION,
                metadata={"prompts": source.model_dump(), "profile": profile})


__all__ = ["GENERATION", "families", "family_reliability", "ifeval", "ifeval_metrics",
           "instruction_following", "reliability"]
