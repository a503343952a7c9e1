"""report.md: the score report as Markdown tables (readable on GitHub and in any editor)."""

from __future__ import annotations

from typing import Any, Sequence

from ..evaluate.family_report import ReliabilityReport
from .sections import bootstrap_line, definition_line, notes_lines, protocol_line, sections


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    def cell(value: Any) -> str:
        return str(value).replace("|", "\\|").replace("\n", " ")

    numeric = [all(_numeric(row[i]) for row in rows) if rows else False
               for i in range(len(headers))]
    lines = ["| " + " | ".join(cell(h) for h in headers) + " |",
             "|" + "|".join("---:" if is_number else "---" for is_number in numeric) + "|"]
    lines.extend("| " + " | ".join(cell(value) for value in row) + " |" for row in rows)
    return "\n".join(lines)


def _numeric(value: Any) -> bool:
    text = str(value)
    if text.startswith("[") or text == "n/a" or text == "":
        return True
    try:
        float(text)
    except ValueError:
        return False
    return True


def render_markdown(report: ReliabilityReport) -> str:
    base = report.base
    lines = ["# ifevalpp score report", "",
             f"- responses: `{base.responses_path}`",
             f"- cases: `{base.cases_path}` (sha256 `{base.cases_sha256}`)",
             f"- {protocol_line(report)}",
             f"- samples per prompt: {len(report.samples)}",
             f"- {bootstrap_line(report)}", ""]
    for section in sections(report):
        lines += [f"## {section.title}", "", markdown_table(section.headers, section.rows), ""]
    notes = notes_lines(report)
    if notes:
        lines += ["## Notes", ""] + [f"- {note}" for note in notes] + [""]
    lines += [f"Definitions: {definition_line(report)}", ""]
    return "\n".join(lines)
