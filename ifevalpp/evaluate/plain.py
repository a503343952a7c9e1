"""Score a set of responses against IFEval cases: per-response verdicts and the plain IFEval numbers.

The library behind the first half of `ifevalpp score`; `analysis` adds
reliable@k and the confidence intervals on top.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import TYPE_CHECKING, Callable, Optional

from pydantic import BaseModel, ConfigDict, Field

from ..cases import load_variants
from ..errors import InputError
from ..io import sha256_file
from ..original import resolve
from ..profiles import Profile, check_profile
from ..progress import step_counter
from ..protocols import MISSING_POLICIES, MissingPolicy
from ..schema import MissingResponse, ResponseRecord, RunInfo, ScoredResponse, Variant
from .distractor import failing_verdict
from .metrics import IfevalMetrics, TypeAccuracy, accuracy_by, ifeval_metrics
from .coverage import (answered_elsewhere, default_cases, find_edited_prompts, missing_error,
                       strays_counted_as_failing, unmatched_error)
from .runinfo import Truncation, find_run, input_notes, truncation_by_kind
from .scoring import Joined, join, read_responses, score_pairs, set_aside_unavailable

if TYPE_CHECKING:
    import pandas as pd  # imported by the *_frame methods when called: `score` builds no frame

DEFAULT_CASES = "github"


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
        return sum(1 for record in self.scored
                   if record.missing_reason is None and not (record.response or "").strip())

    def to_frame(self) -> pd.DataFrame:
        """One row per scored response and instruction (the flat per-item table)."""
        import pandas as pd

        rows = []
        for record in self.scored:
            for position, instruction_id in enumerate(record.instruction_id_list):
                rows.append({"key": record.key, "sample": record.sample, "kind": record.kind,
                             "instruction_id": instruction_id,
                             "strict": record.strict[position], "loose": record.loose[position]})
        return pd.DataFrame(rows)

    def metrics_frame(self) -> pd.DataFrame:
        import pandas as pd

        values = self.metrics.model_dump()
        return pd.DataFrame([{"metric": name, "value": values[name]}
                             for name in ("prompt_strict", "instruction_strict", "prompt_loose",
                                          "instruction_loose")])

    def by_type_frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame([row.model_dump() for row in self.by_type])


def resolve_cases(cases: str | os.PathLike[str]) -> str:
    """A fetched revision name (`github`, `ifevalpp`, `hf`) or a path, as a path string."""
    return str(resolve(str(cases)))


def nothing_to_score(joined: Joined, records: list[tuple[int, ResponseRecord]], *,
                     responses: str, cases: str, hint: str = "") -> InputError:
    """Why no response could be scored, as the error to raise (an all-n/a report helps no one)."""
    failed = sum(1 for _, record in records if record.failed)
    if len(joined.unmatched) == len(records):
        first = joined.unmatched[0]
        which = f"key {first.key}" if first.key is not None else "its prompt"
        return InputError(f"none of the {len(records)} responses matches a case of {cases} "
                          f"(first: line {first.line}, {which})"
                          + (f" — {hint}" if hint else "")
                          + "; score them against the file they answer with --input",
                          path=responses)
    return InputError(f"no usable response: {failed} of {len(records)} record(s) are failed "
                      f"requests ('error' set) and {len(joined.unmatched)} match no case; ask "
                      f"the failed ones again with `ifevalpp respond ... --retry-errors`",
                      path=responses)


def loud_warnings(scored: list[ScoredResponse]) -> list[str]:
    """Conditions that make every number meaningless, said before the numbers."""
    scored = [record for record in scored if record.missing_reason is None]  # not --missing fail's
    empty = sum(1 for record in scored if not (record.response or "").strip())
    if scored and empty == len(scored):
        return [f"every scored response ({len(scored)}) is empty or whitespace: the model "
                f"returned no text, so every instruction fails. Check the endpoint, the chat "
                f"template, reasoning handling and --max-tokens before reading these numbers."]
    return []


def failing_record(variant: Variant, missing: MissingResponse, profile: Profile) -> ScoredResponse:
    """A prompt without a usable response scored as failing every instruction (`--missing fail`)."""
    failed = [False] * len(variant.instruction_id_list)
    return ScoredResponse(
        key=variant.key, prompt=variant.prompt, instruction_id_list=variant.instruction_id_list,
        strict=failed, loose=list(failed), follow_all_strict=False, follow_all_loose=False,
        profile=profile, case=variant.case, kind=variant.kind, index=variant.index,
        sample=missing.sample or 0, missing_reason=missing.reason,
        distractor=failing_verdict(variant, profile))


def with_missing_as_failing(variants: list[Variant], joined: Joined, scored: list[ScoredResponse],
                            profile: Profile) -> list[ScoredResponse]:
    """`scored` plus a failing record for every missing response, all in file order."""
    position = {variant.key: number for number, variant in enumerate(variants)}
    by_key = {variant.key: variant for variant in variants}
    merged = scored + [failing_record(by_key[str(item.key)], item, profile)
                       for item in joined.missing]
    return sorted(merged, key=lambda record: (position[str(record.key)], record.sample))


def score_file(responses: str | os.PathLike[str],
               cases: Optional[str | os.PathLike[str]] = None, *, profile: Profile = "official",
               missing: Optional[MissingPolicy] = None, require_all: bool = False,
               allow_unmatched: bool = False, workers: Optional[int] = None,
               progress: Optional[Callable[[int, int], None]] = None) -> ScoreReport:
    """Score a response file against a case or family file (or a fetched revision name);
    originals only feed the IFEval metrics. `progress(done, total)` follows the scoring.

    `cases`: default the prompt file the respond manifest beside `responses` names, else
    the fetched `github` revision. `missing`: "exclude" leaves prompts without a usable
    response out of every metric (listed in `missing`); "fail" scores them as failing every
    instruction (still listed); None refuses when any is missing. `allow_unmatched`: score
    the responses that match a prompt and leave the others out (else they are refused).
    """
    return score_files_under(responses, cases, profiles=[profile],
                             missing=missing or "exclude", require_policy=missing is None,
                             require_all=require_all, allow_unmatched=allow_unmatched,
                             workers=workers, progress=progress)[0]


def score_files_under(responses: str | os.PathLike[str],
                      cases: Optional[str | os.PathLike[str]] = None, *,
                      profiles: list[Profile], missing: MissingPolicy | list[MissingPolicy],
                      require_policy: bool = False, require_all: bool = False,
                      allow_unmatched: bool = False, workers: Optional[int] = None,
                      progress: Optional[Callable[[int, int], None]] = None,
                      k: Optional[int] = None) -> list[ScoreReport]:
    """One ScoreReport per (profile, missing policy): files read and joined once, every text
    analysed once for all profiles.

    Refused before any checker runs (InputError): responses that match no prompt of the
    case file (unless `allow_unmatched`), prompts without a usable response when
    `require_policy` (no policy was chosen) or `require_all`, and a `k` larger than the
    largest family.
    """
    for profile in profiles:
        check_profile(profile)
    policies = list(missing) if isinstance(missing, list) else [missing] * len(profiles)
    for policy in policies:
        if policy not in MISSING_POLICIES:
            raise ValueError(f"unknown missing-response policy {policy!r}")
    run, notes = find_run(responses)
    if cases is None:
        cases = default_cases(str(responses), run) or DEFAULT_CASES
    cases_path = resolve_cases(cases)
    variants = load_variants(cases_path, profiles=list(dict.fromkeys(profiles)))
    if k is not None:
        sizes = Counter(str(variant.case) for variant in variants)
        check_k(k, max(sizes.values(), default=0), path=cases_path)
    records = read_responses(responses)
    joined = join(variants, records, path=str(responses))
    find_edited_prompts(joined, variants)
    unavailable = set_aside_unavailable(joined)
    cases_sha256 = sha256_file(cases_path)
    if not joined.pairs:
        hint = answered_elsewhere(joined, variants, run, cases_sha256)
        raise nothing_to_score(joined, records, responses=str(responses), cases=cases_path,
                               hint=hint)
    if joined.unmatched and not allow_unmatched and \
            not strays_counted_as_failing(len(joined.unmatched), len(records), policies):
        raise unmatched_error(joined, variants, responses=str(responses), cases=cases_path,
                              hint=answered_elsewhere(joined, variants, run, cases_sha256),
                              total=len(records))
    if require_all and joined.missing:
        first = joined.missing[0]
        raise InputError(f"{len(joined.missing)} case(s) have no usable response (first: key "
                         f"{first.key}: {first.reason}); drop --require-all to score the rest",
                         path=str(responses))
    if require_policy and joined.missing:
        samples = len({item.sample for item in joined.missing}
                      | {record.sample for _, record in joined.pairs})
        raise missing_error(joined, cases=cases_path, prompts=len(variants), samples=samples)
    distinct = list(dict.fromkeys(profiles))
    verdicts = dict(zip(distinct, score_pairs(joined.pairs, profiles=distinct, workers=workers,
                                              progress=step_counter(len(joined.pairs),
                                                                    progress))))
    reports = []
    for profile, policy in zip(profiles, policies):
        scored = verdicts[profile]
        if policy == "fail" and joined.missing:
            scored = with_missing_as_failing(variants, joined, scored, profile)
        originals = [record for record in scored if record.kind == "original"]
        reports.append(ScoreReport(
            profile=profile, missing_policy=policy, responses_path=str(responses),
            cases_path=cases_path, cases_sha256=cases_sha256, scored=scored,
            missing=joined.missing, unmatched=[vars(item) for item in joined.unmatched],
            metrics=ifeval_metrics(originals), by_type=accuracy_by(originals),
            by_group=accuracy_by(originals, group=True),
            warnings=unavailable + loud_warnings(scored),
            notes=notes + input_notes(run, cases_sha256, cases_path), run=run))
    return reports


def results_records(report: ScoreReport, protocol: Optional[str] = None) -> list[dict]:
    """results.jsonl rows: the official per-response shape plus our key, sample and profile
    (and the protocol's label when given)."""
    # Every field is JSON-ready already (str, int, bool lists, None): read them directly, which
    # is several times faster than model_dump for tens of thousands of records.
    fields = [name for name in ScoredResponse.model_fields if name != "distractor"]
    rows = []
    for record in report.scored:
        row = {name: getattr(record, name) for name in fields}
        # The distractor's side verdict, nested apart from the scored instruction verdicts.
        row["distractor"] = record.distractor.record() if record.distractor is not None else None
        rows.append(row)
    if protocol is not None:
        for row in rows:
            row["protocol"] = protocol
    return rows

def check_k(k: Optional[int], family_size: int, *, path: Optional[str] = None) -> None:
    """Refuse a --k the families cannot answer, as the README promises: beyond the largest
    family, or above 1 on a plain IFEval file (no cousins, so no reliable@k at all)."""
    if k is not None and family_size == 1 and k > 1:
        raise InputError(f"reliable@{k} needs families, and the case file has none (one prompt "
                         f"per case); drop --k (the IFEval metrics need none)",
                         path=path, field="--k")
    if k is not None and family_size > 1 and k > family_size:
        raise InputError(f"--k {k} exceeds the largest family ({family_size} prompts): "
                         f"reliable@{k} is not defined here; give --k {family_size} or less",
                         path=path, field="--k")
