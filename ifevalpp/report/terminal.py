"""Terminal rendering of a score report: aligned tables of metric, value and CI."""

from __future__ import annotations

from ..evaluate.report_model import ReliabilityReport
from .lines import answered_line, model_line, notes_lines, protocol_line
from .sections import intervals_line, sections
from .table import format_table


def format_reliability_report(report: ReliabilityReport, *, by_type: bool = True) -> str:
    """Every headline number with its CI; family runs show strict pass rates per kind. The
    first line says how many prompts were answered."""
    parts = [answered_line(report)]
    parts.extend(f"WARNING: {message}" for message in report.warnings)
    model = model_line(report)
    parts.append(protocol_line(report) if model is None else f"{model}\n{protocol_line(report)}")
    for section in sections(report, modes=("strict",)):
        if not by_type and section.title.startswith("By "):
            continue
        table = format_table(section.headers, section.rows, title=section.title)
        title, _, rest = table.partition("\n")
        parts.append("\n".join([title, *section.intro, rest, *section.notes]))
    parts.append(f"{intervals_line(report)}\n{report.provenance.line()}.")
    parts.extend(notes_lines(report))
    return "\n\n".join(parts)
