"""Text rendering of a plain IFEval score report."""

from __future__ import annotations

from ..evaluate.plain import ScoreReport
from .table import format_table, percent


def format_score_report(report: ScoreReport, *, by_type: bool = True) -> str:
    metrics = report.metrics
    parts = [format_table(
        ["metric", "strict %", "loose %"],
        [["prompt-level", percent(metrics.prompt_strict), percent(metrics.prompt_loose)],
         ["instruction-level", percent(metrics.instruction_strict),
          percent(metrics.instruction_loose)]],
        title=f"IFEval metrics ({metrics.prompts} prompts, {metrics.instructions} instructions, "
              f"profile {report.profile})")]
    if by_type:
        parts.append(format_table(
            ["group", "n", "strict %", "loose %"],
            [[row.name, row.count, percent(row.strict), percent(row.loose)]
             for row in report.by_group], title="By instruction group"))
        parts.append(format_table(
            ["instruction type", "n", "strict %", "loose %"],
            [[row.name, row.count, percent(row.strict), percent(row.loose)]
             for row in report.by_type], title="By instruction type"))
    if report.missing:
        listed = ", ".join(f"{item.key}" + (f" ({item.reason})" if item.reason != "no response"
                                            else "") for item in report.missing[:20])
        more = f" … and {len(report.missing) - 20} more" if len(report.missing) > 20 else ""
        parts.append(f"Missing: {len(report.missing)} prompt(s) without a usable response, "
                     f"excluded from every metric: {listed}{more}")
    if report.unmatched:
        parts.append(f"Unmatched: {len(report.unmatched)} response(s) match no case and were "
                     f"ignored (first at line {report.unmatched[0]['line']}).")
    return "\n\n".join(parts)
