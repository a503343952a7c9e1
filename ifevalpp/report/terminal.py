"""Terminal rendering of a score report: aligned tables of metric, value and CI."""

from __future__ import annotations

from ..evaluate.family_report import ReliabilityReport
from .sections import bootstrap_line, notes_lines, sections
from .table import format_table


def format_reliability_report(report: ReliabilityReport, *, by_type: bool = True) -> str:
    """Every headline number with its CI; family runs show strict pass rates per kind."""
    parts = [f"WARNING: {message}" for message in report.warnings]
    for section in sections(report, modes=("strict",)):
        if not by_type and section.title.startswith("By "):
            continue
        table = format_table(section.headers, section.rows, title=section.title)
        parts.append("\n".join([table, *section.notes]))
    parts.append(f"{bootstrap_line(report)}\n{report.provenance.line()}.")
    parts.extend(notes_lines(report))
    return "\n\n".join(parts)
