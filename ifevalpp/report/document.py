"""metrics.json: the document `score --out` writes and `score --format json` prints, every
value a fraction with its CI, NaN as null."""

from __future__ import annotations

import functools
import math
from typing import Any, Optional

import numpy as np

from ..evaluate.catalogue import IFEVAL_METRICS
from ..evaluate.metrics import ifeval_metrics_by_sample
from ..evaluate.reliability import DISTRACTOR_MEASURES, MODES
from ..evaluate.report_model import ReliabilityReport
from ..schema import KINDS
from .lines import answered_line


def _distractor_document(report: ReliabilityReport) -> Optional[dict[str, Any]]:
    """metrics.json → distractor: the side figure, its counts and what it leaves out; null
    when the file has no distractor cousins."""
    counts = report.distractor
    if not counts.prompts:
        return None

    def cells(section: str, name: Optional[str] = None) -> dict[str, Any]:
        tail = "" if name is None else f"/{name}"
        return {mode: _cell(report, f"{section}/{mode}{tail}") for mode in MODES}

    document: dict[str, Any] = {
        "prompts": counts.prompts, "named": counts.named, "checked": counts.checked,
        "text": counts.text,
        "not_checked_by_profile": [
            {"instruction_id": instruction_id, "reason": reason, "responses": number}
            for (instruction_id, reason), number in sorted(counts.refused.items())],
        "note": counts.note()}
    if report.has_distractor_figure:
        document.update({measure: cells(f"distractor_{measure}")
                         for measure in DISTRACTOR_MEASURES})
        document["by_type"] = {
            est.name: {"count": est.count,
                       **{measure: cells(f"distractor_{measure}", est.name)
                          for measure in DISTRACTOR_MEASURES}}
            for est in report.select("distractor_followed", mode="strict") if est.name}
    return document

def _cell(report: ReliabilityReport, metric_id: str) -> dict[str, Any]:
    est = report.estimate(metric_id)
    return {"value": _number(est.value), "ci": [_number(est.ci_low), _number(est.ci_high)],
            "n": est.count}

# -- the JSON document -----------------------------------------------------
def metrics_document(report: ReliabilityReport) -> dict[str, Any]:
    """metrics.json: every value a fraction in [0, 1] with its CI; null where undefined."""
    cell = functools.partial(_cell, report)
    base = report.base
    ifeval: dict[str, Any] = {name: cell(f"ifeval/{name}") for name in IFEVAL_METRICS}
    ifeval["prompts"] = report.estimate("ifeval/prompt_strict").count
    ifeval["instructions"] = report.estimate("ifeval/instruction_strict").count
    counts = report.answered
    document: dict[str, Any] = {
        "summary": answered_line(report),
        "answered": {"prompts": counts.answered, "of": counts.total,
                     "missing": counts.missing, "missing_policy": counts.policy,
                     "samples": counts.samples, "unmatched_responses": counts.unmatched},
        "provenance": report.provenance.model_dump(),
        "protocol": report.protocol.parts(),
        "profile": base.profile,
        "estimator": report.protocol.estimator,
        "missing_policy": base.missing_policy,
        "families": report.n_families,
        "missing": report.n_excluded,
        "families_total": len(report.table.cases),
        "missing_family_samples": int((~report.table.usable).sum()),
        "samples": len(report.table.samples),
        "family_size": report.table.family_size,
        "k": report.k,
        "cases": base.cases_path,
        "cases_sha256": base.cases_sha256,
        "responses": base.responses_path,
        "responses_sha256": report.responses_sha256,
        "intervals": report.intervals.model_dump(),
        "bootstrap": report.bootstrap.model_dump(),
        "reliable_families": report.family_set().model_dump() if report.k else None,
        "by_kind_families": (report.family_set(by_kind=True).model_dump()
                             if report.select("by_kind") else None),
        "ifeval": ifeval,
        "all_prompts": {kind: {
            "prompts": report.estimate(f"prompts/{kind}/prompt_strict").count,
            "instructions": report.estimate(f"prompts/{kind}/instruction_strict").count,
            **{name: cell(f"prompts/{kind}/{name}") for name in IFEVAL_METRICS}}
            for kind in ("all", *KINDS) if report.select("prompts", kind=kind)},
        "run": base.run.model_dump() if base.run is not None else None,
        "truncated": {row.kind: {"truncated": row.truncated, "answers": row.answers,
                                 "fraction": _number(row.fraction)}
                      for row in base.truncation()},
        "reliable_at_k": {mode: {str(k): cell(f"reliable/{mode}/{k}")
                                 for k in report.reliable_ks} for mode in MODES},
        "relative_drop": ({mode: cell(f"drop/{mode}") for mode in MODES}
                          if report.select("drop") else {}),
        "first_k_sampling": {str(budget): numbers for budget, numbers
                             in enumerate(report.sampling, start=1)},
        "by_kind": {kind: {mode: {str(est.k): cell(est.id)
                                  for est in report.select("by_kind", kind=kind, mode=mode)}
                           for mode in MODES}
                    for kind in KINDS[1:] if report.select("by_kind", kind=kind)},
        "ifeval_by_sample": ({str(sample): metrics.model_dump() for sample, metrics
                              in ifeval_metrics_by_sample(base.scored).items()}
                             if len(report.table.samples) > 1 else {}),
        "by_type": _type_rows(report, "type"),
        "by_group": _type_rows(report, "group"),
        "type_by_kind": {kind: {est.name: {"count": est.count, **{
            mode: cell(est.id.replace("/strict/", f"/{mode}/", 1)) for mode in MODES}}
            for est in report.select("type", kind=kind, mode="strict")}
            for kind in KINDS if report.select("type", kind=kind)},
        "type_by_kind_paired": {kind: {est.name: {
            "count": est.count, "cases": est.families, **{
                mode: cell(est.id.replace("/strict/", f"/{mode}/", 1)) for mode in MODES}}
            for est in report.select("type_paired", kind=kind, mode="strict")}
            for kind in KINDS if report.select("type_paired", kind=kind)},
        "distractor": _distractor_document(report),
        "scored": len(base.scored),
        "missing_responses": [item.model_dump() for item in base.missing],
        "excluded_families": [
            {"case": report.table.cases[f], "reasons": reasons}
            for f, reasons in sorted(report.table.missing_reasons.items())],
        "unmatched": base.unmatched,
        "warnings": report.warnings,
        "notes": report.notes,
    }
    return document

def _type_rows(report: ReliabilityReport, section: str) -> list[dict[str, Any]]:
    """The plain-scoring by_type / by_group rows (originals), each value with its CI."""
    rows = []
    for est in report.select(section, kind="original", mode="strict"):
        loose = report.estimate(est.id.replace("/strict/", "/loose/", 1))
        rows.append({"name": est.name, "count": est.count, "strict": _number(est.value),
                     "loose": _number(loose.value),
                     "strict_ci": [_number(est.ci_low), _number(est.ci_high)],
                     "loose_ci": [_number(loose.ci_low), _number(loose.ci_high)]})
    return rows


def _number(value: float) -> Optional[float]:
    return None if value is None or (isinstance(value, float) and math.isnan(value)) \
        else float(value)


def json_document(report: ReliabilityReport) -> dict[str, Any]:
    """metrics.json as written (NaN as null): what `score --format json` prints."""
    return json_safe(metrics_document(report))


def json_safe(value: Any) -> Any:
    """NaN → null (JSON has no NaN), numpy scalars → Python numbers."""
    if isinstance(value, dict):
        return {key: json_safe(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(item) for item in value]
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return None if math.isnan(value) else float(value)
    return value
