"""report.md: the score report as Markdown tables (readable on GitHub and in any editor)."""

from __future__ import annotations

from typing import Any, Sequence

from ..evaluate.report_model import ReliabilityReport
from .lines import answered_line, definition_line, model_line, notes_lines, protocol_line
from .sections import headline_section, intervals_line, sections


def md_text(value: Any) -> str:
    """Text from an input file made inert in Markdown: no raw HTML, no table breaks."""
    return (str(value).replace("\\", "\\\\").replace("<", "\\<").replace(">", "\\>")
            .replace("|", "\\|").replace("\n", " "))


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    if not rows:
        return "_no data_"

    def cell(value: Any) -> str:
        return md_text(value)

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
    """The report as Markdown: how many prompts were answered and the headline numbers
    first, then every table."""
    base = report.base
    lines = ["# ifevalpp score report", "", f"**{md_text(answered_line(report))}**", ""]
    lines += [f"> **Warning:** {md_text(message)}" for message in report.warnings]
    if report.warnings:
        lines.append("")
    model = model_line(report)
    if model is not None:
        lines += [md_text(model), ""]
    headline = headline_section(report)
    lines += [f"## {md_text(headline.title)}", "",
              markdown_table(headline.headers, headline.rows), ""]
    if report.has_cousins:
        lines += [f"{md_text(definition_line(report))}", ""]
    lines += [f"- evaluator: {report.provenance.line()}",
              f"- {md_text(protocol_line(report))}",
              f"- responses: `{base.responses_path}`",
              f"- cases: `{base.cases_path}` (sha256 `{base.cases_sha256}`)",
              f"- samples per prompt: {len(report.samples)}",
              f"- {intervals_line(report)}", ""]
    for section in sections(report):
        lines += [f"## {md_text(section.title)}", ""]
        if section.intro:
            lines += [md_text(" ".join(section.intro)), ""]
        lines += [markdown_table(section.headers, section.rows), ""]
        if section.notes:
            lines += [md_text(" ".join(section.notes)), ""]
    notes = notes_lines(report)
    if notes:
        lines += ["## Notes", ""] + [f"- {md_text(note)}" for note in notes] + [""]
    return "\n".join(lines)
