"""Score a set of responses against IFEval cases: per-response verdicts and the plain IFEval numbers.

The library behind the first half of `ifevalpp score`; `family_report` adds
reliable@k and the confidence intervals on top.
"""

from __future__ import annotations

import os
from typing import Callable, Optional

import pandas as pd
from pydantic import BaseModel, ConfigDict, Field

from ..cases import load_variants
from ..errors import InputError
from ..io import sha256_file
from ..original import resolve
from ..profiles import Profile, check_profile
from ..progress import step_counter
from ..schema import MissingResponse, ResponseRecord, RunInfo, ScoredResponse
from .metrics import IfevalMetrics, TypeAccuracy, accuracy_by, ifeval_metrics
from .runinfo import Truncation, find_run, input_notes, truncation_by_kind
from .scoring import Joined, join, read_responses, score_pairs

DEFAULT_CASES = "github"


class ScoreReport(BaseModel):
    """Everything `ifevalpp score` prints and writes, as data."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    profile: Profile
    responses_path: str
    cases_path: str
    cases_sha256: str
    scored: list[ScoredResponse]
    missing: list[MissingResponse]
    unmatched: list[dict]
    metrics: IfevalMetrics
    by_type: list[TypeAccuracy]
    by_group: list[TypeAccuracy]
    warnings: list[str] = Field(default_factory=list,
                                description="problems a reader must see before the numbers")
    notes: list[str] = Field(default_factory=list)
    run: Optional[RunInfo] = Field(default=None, description="the `respond` run behind the "
                                                             "responses, when its manifest is "
                                                             "beside them")

    def truncation(self) -> list[Truncation]:
        """Answers cut off at the token limit, per kind (empty when records do not say)."""
        return truncation_by_kind(self.scored)

    @property
    def empty_responses(self) -> int:
        """Scored responses that are empty or only whitespace (they fail every instruction)."""
        return sum(1 for record in self.scored if not (record.response or "").strip())

    def to_frame(self) -> pd.DataFrame:
        """One row per scored response and instruction (the flat per-item table)."""
        rows = []
        for record in self.scored:
            for position, instruction_id in enumerate(record.instruction_id_list):
                rows.append({"key": record.key, "sample": record.sample, "kind": record.kind,
                             "instruction_id": instruction_id,
                             "strict": record.strict[position], "loose": record.loose[position]})
        return pd.DataFrame(rows)

    def metrics_frame(self) -> pd.DataFrame:
        values = self.metrics.model_dump()
        return pd.DataFrame([{"metric": name, "value": values[name]}
                             for name in ("prompt_strict", "instruction_strict", "prompt_loose",
                                          "instruction_loose")])

    def by_type_frame(self) -> pd.DataFrame:
        return pd.DataFrame([row.model_dump() for row in self.by_type])


def resolve_cases(cases: str | os.PathLike[str]) -> str:
    """A fetched revision name (`github`, `ifevalpp`, `hf`) or a path, as a path string."""
    return str(resolve(str(cases)))


def nothing_to_score(joined: Joined, records: list[tuple[int, ResponseRecord]], *,
                     responses: str, cases: str) -> InputError:
    """Why no response could be scored, as the error to raise (an all-n/a report helps no one)."""
    failed = sum(1 for _, record in records if record.failed)
    if len(joined.unmatched) == len(records):
        first = joined.unmatched[0]
        which = f"key {first.key}" if first.key is not None else "its prompt"
        return InputError(f"none of the {len(records)} responses matches a case of {cases} "
                          f"(first: line {first.line}, {which}); score them against the file "
                          f"they answer with --input", path=responses)
    return InputError(f"no usable response: {failed} of {len(records)} record(s) are failed "
                      f"requests ('error' set) and {len(joined.unmatched)} match no case; ask "
                      f"the failed ones again with `ifevalpp respond ... --retry-errors`",
                      path=responses)


def loud_warnings(scored: list[ScoredResponse]) -> list[str]:
    """Conditions that make every number meaningless, said before the numbers."""
    empty = sum(1 for record in scored if not (record.response or "").strip())
    if scored and empty == len(scored):
        return [f"every scored response ({len(scored)}) is empty or whitespace: the model "
                f"returned no text, so every instruction fails. Check the endpoint, the chat "
                f"template, reasoning handling and --max-tokens before reading these numbers."]
    return []


def score_file(responses: str | os.PathLike[str], cases: str | os.PathLike[str] = DEFAULT_CASES,
               *, profile: Profile = "official", require_all: bool = False,
               workers: Optional[int] = None,
               progress: Optional[Callable[[int, int], None]] = None) -> ScoreReport:
    """Score a response file against a case or family file (or a fetched revision name);
    originals only feed the IFEval metrics. `progress(done, total)` follows the scoring."""
    check_profile(profile)
    cases_path = resolve_cases(cases)
    variants = load_variants(cases_path)
    records = read_responses(responses)
    joined = join(variants, records, path=str(responses))
    if not joined.pairs:
        raise nothing_to_score(joined, records, responses=str(responses), cases=cases_path)
    if require_all and joined.missing:
        first = joined.missing[0]
        raise InputError(f"{len(joined.missing)} case(s) have no usable response (first: key "
                         f"{first.key}: {first.reason}); drop --require-all to score the rest",
                         path=str(responses))
    scored = score_pairs(joined.pairs, profile=profile, workers=workers,
                         progress=step_counter(len(joined.pairs), progress))
    originals = [record for record in scored if record.kind == "original"]
    cases_sha256 = sha256_file(cases_path)
    run, notes = find_run(responses)
    return ScoreReport(
        profile=profile, responses_path=str(responses), cases_path=cases_path,
        cases_sha256=cases_sha256, scored=scored, missing=joined.missing,
        unmatched=[vars(item) for item in joined.unmatched],
        metrics=ifeval_metrics(originals), by_type=accuracy_by(originals),
        by_group=accuracy_by(originals, group=True), warnings=loud_warnings(scored),
        notes=notes + input_notes(run, cases_sha256, cases_path), run=run)


def results_records(report: ScoreReport) -> list[dict]:
    """results.jsonl rows: the official per-response shape plus our key, sample and profile."""
    return [record.model_dump(mode="json") for record in report.scored]
