"""Protocol sensitivity: one response file scored under several protocols, side by side.

`score --protocols official,revised,ifevalpp-paper` answers "how much does the
protocol move each number?":

* the responses are read and joined once, and each text is analysed once for
  every profile (`score_files_under` scores a response under all profiles in
  turn while its sentences, tokens and language are cached);
* each protocol gets its full report (IFEval metrics, reliable@k, breakdowns,
  bootstrap CIs), with families in the same order for all;
* every headline number the protocols share gets the difference to the first
  protocol with a paired bootstrap CI (the same resampled families for both);
* verdict flips: for every response checked under both protocols, how many
  instructions of each type pass under one and fail under the other, strict and
  loose.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..io import sha256_file
from ..protocols import Protocol, resolve_protocol
from ..schema import ScoredResponse
from ..wording import plural
from .bootstrap import DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED, paired_intervals
from .analysis import analyse
from .report_model import ReliabilityReport
from .plain import score_files_under
from .reliability import MODES

HEADLINE_SECTIONS = ("ifeval", "reliable", "drop", "by_kind", "distractor_followed",
                     "distractor_both")


@dataclass
class Flip:
    """How often one instruction type's verdict differs between a protocol and the first."""

    protocol: str
    instruction_id: str
    mode: str
    compared: int        # instructions checked under both protocols
    fail_to_pass: int    # fails under the first protocol, passes under this one
    pass_to_fail: int

    @property
    def flipped(self) -> int:
        return self.fail_to_pass + self.pass_to_fail


@dataclass
class ProtocolSensitivity:
    """Everything `score --protocols` prints and writes, as data."""

    protocols: list[Protocol]
    reports: list[ReliabilityReport]
    rows: list[dict[str, Any]]                 # one per (metric id, protocol)
    flips: list[Flip]
    bootstrap: dict[str, Any]
    notes: list[str] = field(default_factory=list)

    @property
    def reference(self) -> Protocol:
        return self.protocols[0]

    def metric_ids(self) -> list[str]:
        return list(dict.fromkeys(row["id"] for row in self.rows))

    def row(self, metric_id: str, protocol: str) -> dict[str, Any]:
        for row in self.rows:
            if row["id"] == metric_id and row["protocol"] == protocol:
                return row
        raise KeyError((metric_id, protocol))



def _headline_ids(reports: list[ReliabilityReport]) -> list[str]:
    """Headline metric ids present under every protocol, in the first report's order."""
    shared = set.intersection(*({row.id for row in report.estimates
                                 if row.section in HEADLINE_SECTIONS
                                 and not (row.section.startswith("distractor_") and row.name)}
                                for report in reports))
    rows = [row for row in reports[0].estimates if row.id in shared]
    rows.sort(key=lambda row: HEADLINE_SECTIONS.index(row.section))  # stable: keeps k order
    return [row.id for row in rows]


def _flips(reference: list[ScoredResponse], other: list[ScoredResponse],
           label: str) -> list[Flip]:
    """Per instruction type and mode, verdict differences on responses checked under both."""
    first = {(str(record.key), record.sample): record for record in reference
             if record.missing_reason is None}
    counts: dict[tuple[str, str], list[int]] = {}
    for record in other:
        if record.missing_reason is not None:
            continue
        base = first.get((str(record.key), record.sample))
        if base is None:
            continue
        for position, instruction_id in enumerate(record.instruction_id_list):
            for mode in MODES:
                was = getattr(base, mode)[position]
                now = getattr(record, mode)[position]
                entry = counts.setdefault((instruction_id, mode), [0, 0, 0])
                entry[0] += 1
                entry[1] += (not was) and now
                entry[2] += was and not now
    return [Flip(label, instruction_id, mode, compared, up, down)
            for (instruction_id, mode), (compared, up, down) in sorted(counts.items())]


def protocol_sensitivity(responses: str | os.PathLike[str],
                         cases: Optional[str | os.PathLike[str]],
                         protocols: list[str | Protocol], *, k: Optional[int] = None,
                         bootstrap: int = DEFAULT_RESAMPLES,
                         confidence: float = DEFAULT_CONFIDENCE,
                         seed: Optional[int] = DEFAULT_SEED, require_all: bool = False,
                         allow_unmatched: bool = False, workers: Optional[int] = None,
                         progress: Optional[Callable[[int, int], None]] = None
                         ) -> ProtocolSensitivity:
    """Score `responses` under each protocol; differences to the first with paired CIs.
    `progress(done, total)` follows the scoring."""
    chosen = [protocol if isinstance(protocol, Protocol) else resolve_protocol(protocol)
              for protocol in protocols]
    if len({protocol.label for protocol in chosen}) != len(chosen):
        raise ValueError("each protocol must differ from the others")
    bases = score_files_under(responses, cases, profiles=[p.profile for p in chosen],
                              missing=[p.missing for p in chosen], require_all=require_all,
                              allow_unmatched=allow_unmatched, workers=workers,
                              progress=progress, k=k)
    digest = sha256_file(responses)
    reports: list[ReliabilityReport] = []
    order: Optional[list[Any]] = None
    for protocol, base in zip(chosen, bases):
        report = analyse(base, k=k, bootstrap=bootstrap, confidence=confidence, seed=seed,
                         protocol=protocol, cases=order)
        report.responses_sha256 = digest
        order = order or list(report.table.cases)
        reports.append(report)
    ids = _headline_ids(reports)
    reference = reports[0]
    rows: list[dict[str, Any]] = []
    for position, (protocol, report) in enumerate(zip(chosen, reports)):
        deltas = None
        if position and ids:
            assert report.sums is not None and reference.sums is not None
            deltas = paired_intervals(report.sums.subset(ids), reference.sums.subset(ids),
                                      n_resamples=bootstrap, confidence=confidence, seed=seed)
            # The intervals list derived metrics (the drop) after the base ones, not in the
            # order of `ids`: look each one up by its id.
            delta_at = {name: index for index, name in enumerate(deltas.ids)}
        for metric_id in ids:
            est = report.estimate(metric_id)
            row: dict[str, Any] = {
                "id": metric_id, "section": est.section, "mode": est.mode, "kind": est.kind,
                "k": est.k, "name": est.name, "protocol": protocol.label,
                "value": est.value, "ci_low": est.ci_low, "ci_high": est.ci_high,
                "count": est.count, "delta": 0.0 if not position else float("nan"),
                "delta_ci_low": float("nan"), "delta_ci_high": float("nan"),
                "delta_ci_method": "none"}
            if deltas is not None:
                index = delta_at[metric_id]
                row.update(delta=float(deltas.value[index]),
                           delta_ci_low=float(deltas.low[index]),
                           delta_ci_high=float(deltas.high[index]),
                           delta_ci_method=deltas.method[index])
            rows.append(row)
    flips = [flip for protocol, report in zip(chosen[1:], reports[1:])
             for flip in _flips(reference.scored, report.scored, protocol.label)]
    notes = []
    estimators = {protocol.estimator for protocol in chosen}
    if len(estimators) > 1:
        notes.append("the protocols use different reliable@k estimators: reliable@k, the drop "
                     "and the per-kind numbers are different quantities under each (see "
                     "docs/metrics.md); the IFEval metrics are comparable directly")
    if len({protocol.missing for protocol in chosen}) > 1 and reference.base.missing:
        missing = len(reference.base.missing)
        notes.append(f"{plural(missing, 'prompt')} without a usable response "
                     f"{'is' if missing == 1 else 'are'} excluded under some protocols and "
                     f"scored as failing under others")
    checked = {protocol.label: int(report.table.distractor_checked.sum())
               for protocol, report in zip(chosen, reports)}
    if len(set(checked.values())) > 1:
        notes.append("the protocols check different numbers of distractor requirements ("
                     + ", ".join(f"{label} {number:,}" for label, number in checked.items())
                     + "; a profile may refuse a requirement's kwargs): the side figure's "
                     "differences mix other responses in")
    return ProtocolSensitivity(
        protocols=chosen, reports=reports, rows=rows, flips=flips,
        bootstrap={"resamples": bootstrap, "confidence": confidence, "seed": seed,
                   "method": "paired BCa over families, percentile where BCa is undefined"},
        notes=notes)


# -- files ---------------------------------------------------------------------------------

ROW_COLUMNS = ["id", "section", "mode", "kind", "k", "name", "protocol", "value", "ci_low",
               "ci_high", "count", "delta", "delta_ci_low", "delta_ci_high", "delta_ci_method"]




__all__ = ["Flip", "ProtocolSensitivity", "protocol_sensitivity"]
