"""report.html: one self-contained page (inline CSS and SVG, no scripts, no network).

Charts: the reliable@k curve with its CI band (strict and loose), reliable@k per
perturbation kind, the IFEval metrics, and pass rates per instruction type on
originals and on each kind of cousin; then every table of the Markdown report.
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

from ..evaluate.family_report import ReliabilityReport
from ..schema import KINDS
from .sections import (LEVEL_NAMES, bootstrap_line, definition_line, notes_lines, protocol_line,
                       sections)
from .svg import PALETTE, Series, bar_chart, line_chart

STRICT_COLOR = PALETTE[0]   # the reliable@k strict curve (#0072b2)
LOOSE_COLOR = PALETTE[1]
KIND_COLORS = {"original": "#555555", "rephrasing": PALETTE[2], "distractor": PALETTE[3],
               "reconfiguration": PALETTE[4]}

STYLE = """
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 24px auto;
       max-width: 1000px; color: #222; background: #fff; padding: 0 16px; }
h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; }
th, td { padding: 3px 10px; border-bottom: 1px solid #e5e5e5; text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.meta { color: #555; font-size: 13px; } .chart { margin: 12px 0; }
.notes li { font-size: 13px; color: #444; }
"""


def html_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    def is_number(text: str) -> bool:
        if text.startswith("[") or text in ("n/a", ""):
            return True
        try:
            float(text)
        except ValueError:
            return False
        return True

    cells = [[str(value) for value in row] for row in rows]
    numeric = [all(is_number(row[i]) for row in cells) if cells else False
               for i in range(len(headers))]
    head = "".join(f'<th class="{"num" if numeric[i] else ""}">{escape(h)}</th>'
                   for i, h in enumerate(headers))
    body = "".join("<tr>" + "".join(f'<td class="{"num" if numeric[i] else ""}">{escape(v)}</td>'
                                    for i, v in enumerate(row)) + "</tr>" for row in cells)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def reliability_chart(report: ReliabilityReport) -> str:
    x = report.reliable_ks
    series = []
    for mode, color in (("strict", STRICT_COLOR), ("loose", LOOSE_COLOR)):
        rows = [report.estimate(f"reliable/{mode}/{k}") for k in x]
        series.append(Series(mode, [r.value for r in rows], [r.ci_low for r in rows],
                             [r.ci_high for r in rows], color=color))
    return line_chart(x, series, title="reliable@k with its confidence band", x_label="k",
                      y_label="reliable@k %", chart_id="reliable-at-k")


def kind_chart(report: ReliabilityReport) -> str:
    rows_by_kind = {kind: report.select("by_kind", kind=kind, mode="strict") for kind in KINDS[1:]}
    x = sorted({row.k for rows in rows_by_kind.values() for row in rows if row.k is not None})
    series = []
    for kind, rows in rows_by_kind.items():
        if not rows:
            continue
        at = {row.k: row for row in rows}  # shorter kinds are padded so every series spans x
        values = [at[k].value if k in at else float("nan") for k in x]
        low = [at[k].ci_low if k in at else float("nan") for k in x]
        high = [at[k].ci_high if k in at else float("nan") for k in x]
        series.append(Series(kind, values, low, high, color=KIND_COLORS[kind]))
    return line_chart(x, series, title="reliable@k by perturbation kind (strict)", x_label="k",
                      y_label="reliable@k %", chart_id="reliable-by-kind", width=640, height=320)


def ifeval_chart(report: ReliabilityReport) -> str:
    names = ("prompt_strict", "instruction_strict", "prompt_loose", "instruction_loose")
    rows = [report.estimate(f"ifeval/{name}") for name in names]
    return bar_chart([LEVEL_NAMES[name] for name in names],
                     [Series("originals", [r.value for r in rows], [r.ci_low for r in rows],
                             [r.ci_high for r in rows], color=STRICT_COLOR)],
                     title="IFEval metrics on originals", bar=16, label_width=200,
                     chart_id="ifeval-metrics")


def type_chart(report: ReliabilityReport) -> str:
    kinds = [kind for kind in KINDS if report.select("type", kind=kind)]
    names = sorted({row.name or "" for row in report.select("type", mode="strict")})
    if kinds == ["original"]:
        series = []
        for mode, color in (("strict", STRICT_COLOR), ("loose", LOOSE_COLOR)):
            by_name = {row.name: row for row in report.select("type", kind="original", mode=mode)}
            series.append(_series(mode, names, by_name, color))
        title = "Pass rate per instruction type (originals)"
    else:
        series = []
        for kind in kinds:
            by_name = {row.name: row for row in report.select("type", kind=kind, mode="strict")}
            series.append(_series(kind, names, by_name, KIND_COLORS[kind]))
        title = "Strict pass rate per instruction type on each kind of prompt"
    return bar_chart(names, series, title=title, bar=7 if len(series) > 2 else 9,
                     chart_id="by-type")


def _series(name: str, names: Sequence[str], by_name: dict, color: str) -> Series:  # type: ignore[type-arg]
    nan = float("nan")
    return Series(name, [by_name[n].value if n in by_name else nan for n in names],
                  [by_name[n].ci_low if n in by_name else nan for n in names],
                  [by_name[n].ci_high if n in by_name else nan for n in names], color=color)


def render_html(report: ReliabilityReport) -> str:
    base = report.base
    charts = []
    if report.has_cousins:
        charts.append(reliability_chart(report))
        if report.select("by_kind"):
            charts.append(kind_chart(report))
    charts.append(ifeval_chart(report))
    if report.select("type"):
        charts.append(type_chart(report))
    body = ["<h1>ifevalpp score report</h1>",
            '<p class="meta">'
            f"responses <code>{escape(base.responses_path)}</code><br>"
            f"cases <code>{escape(base.cases_path)}</code> (sha256 "
            f"<code>{escape(base.cases_sha256)}</code>)<br>"
            f"{escape(protocol_line(report))}<br>"
            f"samples per prompt: {len(report.samples)}; "
            f"{escape(bootstrap_line(report))}</p>"]
    body.extend(f'<div class="chart">{chart}</div>' for chart in charts)
    for section in sections(report):
        body.append(f"<h2>{escape(section.title)}</h2>")
        body.append(html_table(section.headers, section.rows))
    notes = notes_lines(report)
    if notes:
        body.append("<h2>Notes</h2><ul class=\"notes\">"
                    + "".join(f"<li>{escape(note)}</li>" for note in notes) + "</ul>")
    body.append(f'<p class="meta">{escape(definition_line(report))}</p>')
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>ifevalpp score report</title>"
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")
