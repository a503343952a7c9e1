"""Text renderings of a ValidationReport: a summary table, JSON Lines, or one JSON document."""

from __future__ import annotations

import json
from typing import Any

from ..report.table import format_table
from .core import ValidationReport


def summary_dict(report: ValidationReport) -> dict[str, Any]:
    errors = report.cases_with("error")
    return {
        "profile": report.profile,
        "cases": report.cases,
        "cases_with_error": errors,
        "cases_with_warning": report.cases_with("warning"),
        "error_rate": errors / report.cases if report.cases else 0.0,
        "by_code": [{"code": code, "severity": severity, "cases": cases, "findings": total}
                    for code, severity, cases, total in report.by_code()],
        "by_instruction": [{"instruction_id": instruction_id, "cases_with_error": errors_,
                            "cases_with_warning": warnings}
                           for instruction_id, errors_, warnings in report.by_instruction()],
    }


def format_summary(report: ValidationReport) -> str:
    errors = report.cases_with("error")
    share = f"{100 * errors / report.cases:.1f}%" if report.cases else "n/a"
    lines = [f"validated {report.cases} cases (profile {report.profile}): {errors} with an error "
             f"({share}), {report.cases_with('warning')} with a warning"]
    if report.findings:
        lines += ["", format_table(("code", "severity", "cases", "findings"), report.by_code(),
                                   title="by code")]
        lines += ["", format_table(("instruction", "cases with error", "cases with warning"),
                                   report.by_instruction(), title="by instruction type")]
    return "\n".join(lines)


def format_findings(report: ValidationReport) -> str:
    rows = [(str(finding.key), finding.severity, finding.code, finding.instruction_id or "-",
             finding.message) for finding in report.findings]
    if not rows:
        return "no findings"
    return format_table(("key", "severity", "code", "instruction", "message"), rows,
                        title="findings")


def format_table_report(report: ValidationReport) -> str:
    return format_summary(report) + ("\n\n" + format_findings(report) if report.findings else "")


def format_jsonl(report: ValidationReport) -> str:
    return "\n".join(json.dumps(finding.model_dump(mode="json"), ensure_ascii=False)
                     for finding in report.findings)


def format_json(report: ValidationReport) -> str:
    document = summary_dict(report)
    document["findings"] = [finding.model_dump(mode="json") for finding in report.findings]
    return json.dumps(document, ensure_ascii=False, indent=2)
