"""Score a set of responses against IFEval cases: the library behind `ifevalpp score`."""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Optional

import pandas as pd
from pydantic import BaseModel, ConfigDict

from ..cases import load_variants
from ..errors import InputError
from ..io import atomic_write, sha256_file, write_json, write_jsonl
from ..profiles import Profile, check_profile
from ..protocols import MISSING_POLICIES, MissingPolicy
from ..schema import MissingResponse, ScoredResponse, Variant
from .metrics import IfevalMetrics, TypeAccuracy, accuracy_by, ifeval_metrics
from .scoring import Joined, join, read_responses, score_pairs


class ScoreReport(BaseModel):
    """Everything `ifevalpp score` prints and writes, as data."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    profile: Profile
    missing_policy: MissingPolicy = "exclude"
    responses_path: str
    cases_path: str
    cases_sha256: str
    scored: list[ScoredResponse]
    missing: list[MissingResponse]
    unmatched: list[dict]
    metrics: IfevalMetrics
    by_type: list[TypeAccuracy]
    by_group: list[TypeAccuracy]

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


def failing_record(variant: Variant, missing: MissingResponse, profile: Profile) -> ScoredResponse:
    """A prompt without a usable response scored as failing every instruction (`--missing fail`)."""
    failed = [False] * len(variant.instruction_id_list)
    return ScoredResponse(
        key=variant.key, prompt=variant.prompt, instruction_id_list=variant.instruction_id_list,
        strict=failed, loose=list(failed), follow_all_strict=False, follow_all_loose=False,
        profile=profile, case=variant.case, kind=variant.kind, index=variant.index,
        sample=missing.sample or 0, missing_reason=missing.reason)


def with_missing_as_failing(variants: list[Variant], joined: Joined, scored: list[ScoredResponse],
                            profile: Profile) -> list[ScoredResponse]:
    """`scored` plus a failing record for every missing response, all in file order."""
    position = {variant.key: number for number, variant in enumerate(variants)}
    by_key = {variant.key: variant for variant in variants}
    merged = scored + [failing_record(by_key[str(item.key)], item, profile)
                       for item in joined.missing]
    return sorted(merged, key=lambda record: (position[str(record.key)], record.sample))


def score_file(responses: str | os.PathLike[str], cases: str | os.PathLike[str], *,
               profile: Profile = "official", missing: MissingPolicy = "exclude",
               require_all: bool = False, workers: Optional[int] = None) -> ScoreReport:
    """Score a response file against a case or family file; originals only feed the IFEval metrics.

    `missing`: "exclude" leaves prompts without a usable response out of every
    metric (listed in `missing`); "fail" scores them as failing every
    instruction (still listed).
    """
    return score_files_under(responses, cases, profiles=[profile], missing=missing,
                             require_all=require_all, workers=workers)[0]


def score_files_under(responses: str | os.PathLike[str], cases: str | os.PathLike[str], *,
                      profiles: list[Profile], missing: MissingPolicy | list[MissingPolicy],
                      require_all: bool = False, workers: Optional[int] = None
                      ) -> list[ScoreReport]:
    """One ScoreReport per (profile, missing policy): files read and joined once, every text
    analysed once for all profiles."""
    for profile in profiles:
        check_profile(profile)
    policies = list(missing) if isinstance(missing, list) else [missing] * len(profiles)
    for policy in policies:
        if policy not in MISSING_POLICIES:
            raise ValueError(f"unknown missing-response policy {policy!r}")
    variants = load_variants(cases, profiles=list(dict.fromkeys(profiles)))
    records = read_responses(responses)
    joined = join(variants, records, path=str(responses))
    if require_all and joined.missing:
        first = joined.missing[0]
        raise InputError(f"{len(joined.missing)} case(s) have no usable response (first: key "
                         f"{first.key}: {first.reason}); drop --require-all to score the rest",
                         path=str(responses))
    distinct = list(dict.fromkeys(profiles))
    verdicts = dict(zip(distinct, score_pairs(joined.pairs, profiles=distinct, workers=workers)))
    digest = sha256_file(cases)
    reports = []
    for profile, policy in zip(profiles, policies):
        scored = verdicts[profile]
        if policy == "fail" and joined.missing:
            scored = with_missing_as_failing(variants, joined, scored, profile)
        originals = [record for record in scored if record.kind == "original"]
        reports.append(ScoreReport(
            profile=profile, missing_policy=policy, responses_path=str(responses),
            cases_path=str(cases), cases_sha256=digest, scored=scored, missing=joined.missing,
            unmatched=[vars(item) for item in joined.unmatched],
            metrics=ifeval_metrics(originals), by_type=accuracy_by(originals),
            by_group=accuracy_by(originals, group=True)))
    return reports


def results_records(report: ScoreReport, protocol: Optional[str] = None) -> list[dict]:
    """results.jsonl rows: the official per-response shape plus our key, sample and profile
    (and the protocol's label when given)."""
    # Every field is JSON-ready already (str, int, bool lists, None): read them directly, which
    # is several times faster than model_dump for tens of thousands of records.
    fields = list(ScoredResponse.model_fields)
    rows = [{name: getattr(record, name) for name in fields} for record in report.scored]
    if protocol is not None:
        for row in rows:
            row["protocol"] = protocol
    return rows


def write_outputs(report: ScoreReport, out_dir: str | os.PathLike[str]) -> list[Path]:
    """results.jsonl, metrics.json and by_type.csv, each written atomically."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    write_jsonl(out / "results.jsonl", results_records(report))
    write_json(out / "metrics.json", {
        "profile": report.profile,
        "cases": report.cases_path,
        "cases_sha256": report.cases_sha256,
        "responses": report.responses_path,
        "scored": len(report.scored),
        "missing": [item.model_dump() for item in report.missing],
        "unmatched": report.unmatched,
        "ifeval": report.metrics.model_dump(),
        "by_type": [row.model_dump() for row in report.by_type],
        "by_group": [row.model_dump() for row in report.by_group],
    })
    with atomic_write(out / "by_type.csv") as handle:
        writer = csv.writer(handle)
        writer.writerow(["level", "name", "count", "strict", "loose", "profile"])
        for level, rows in (("group", report.by_group), ("type", report.by_type)):
            for row in rows:
                writer.writerow([level, row.name, row.count, f"{row.strict:.6f}",
                                 f"{row.loose:.6f}", report.profile])
    return [out / "results.jsonl", out / "metrics.json", out / "by_type.csv"]
