"""report.html: one self-contained page (inline CSS and SVG, no scripts, no network).

Charts: the reliable@k curve with its CI band (strict and loose), reliable@k per
perturbation kind, the IFEval metrics, the distractor side figure (when a distractor
requirement was checked), and pass rates per instruction type on originals and on each
kind of cousin; then every table of the Markdown report.
Charts fill the page width (line charts switch to a narrow layout below 640 px,
bars are HTML and reflow); every text taken from an input file is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

from ..evaluate.report_model import ReliabilityReport
from ..schema import KINDS
from .lines import answered_line, definition_line, model_line, notes_lines, protocol_line
from .sections import (LEVEL_NAMES, Section, headline_section, intervals_line, metrics_heading,
                       sections)
from .bars import CSS as BARS_CSS, bar_chart
from .svg import PALETTE, Series, has_points, line_chart

STRICT_COLOR = PALETTE[0]   # the reliable@k strict curve (#0072b2)
LOOSE_COLOR = PALETTE[1]
ORIGINAL_COLOR = "#555555"


def kind_color(kind: str) -> str:
    """A kind's colour by its place in `schema.KINDS` (the originals grey, each cousin kind
    the next colour of the palette), so a new kind needs no entry here."""
    position = KINDS.index(kind) if kind in KINDS else len(KINDS)
    return ORIGINAL_COLOR if position == 0 else PALETTE[1 + position % (len(PALETTE) - 1)]

STYLE = """
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 24px auto;
       max-width: 1120px; color: #222; background: #fff; padding: 0 16px; }
h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; }
table { border-collapse: collapse; margin: 8px 0 4px; font-size: 13px; }
th, td { padding: 3px 10px; border-bottom: 1px solid #e5e5e5; text-align: left; }
table.settings td:last-child { overflow-wrap: anywhere; white-space: pre-wrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.table-wrap { overflow-x: auto; max-width: 100%; margin-bottom: 12px; }
.meta { color: #555; font-size: 13px; overflow-wrap: anywhere; } .chart { margin: 12px 0; }
.chart .caption { font-weight: 600; font-size: 15px; margin: 18px 0 4px; }
.chart svg { display: block; width: 100%; height: auto; }
.chart .narrow { display: none; }
@media (max-width: 640px) { .chart .wide { display: none; } .chart .narrow { display: block; }
  body { padding: 0 10px; } th, td { padding: 3px 6px; } }
.note { font-size: 13px; color: #444; margin: 2px 0 14px; }
.notes li { font-size: 13px; color: #444; overflow-wrap: anywhere; }
.answered { font-size: 16px; margin: 4px 0 10px; }
.warning { border: 2px solid #d55e00; background: #fff3ec; padding: 8px 12px; font-weight: 600; }
.nodata { color: #777; font-style: italic; }
footer { margin-top: 28px; border-top: 1px solid #ddd; padding-top: 8px; }
@media print { .chart, table, .bars .group { break-inside: avoid; } h2 { break-after: avoid; } }
""" + BARS_CSS


def html_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], *,
               settings: bool = False) -> str:
    if not rows:
        return '<p class="nodata">no data</p>'

    def is_number(text: str) -> bool:
        if text.startswith("[") or text in ("n/a", ""):
            return True
        try:
            float(text)
        except ValueError:
            return False
        return True

    cells = [[str(value) for value in row] for row in rows]
    numeric = [all(is_number(row[i]) for row in cells) for i in range(len(headers))]
    head = "".join(f'<th class="{"num" if numeric[i] else ""}">{escape(h)}</th>'
                   for i, h in enumerate(headers))
    body = "".join("<tr>" + "".join(f'<td class="{"num" if numeric[i] else ""}">{escape(v)}</td>'
                                    for i, v in enumerate(row)) + "</tr>" for row in cells)
    if settings:  # name/value pairs: long values wrap inside the page instead of scrolling
        return f'<table class="settings"><tbody>{body}</tbody></table>'
    return (f'<div class="table-wrap"><table><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def _line_or_nothing(x: list[int], series: list[Series], title: str, chart_id: str) -> str:
    """The line chart twice, wide (legend at the right) and narrow (legend below): CSS shows
    the one that fits, so its text stays readable from 390 px phones to wide screens."""
    caption = f'<div class="caption">{escape(title)}</div>'
    if not x or not has_points(series):
        return caption + '<p class="nodata">no data</p>'
    options: dict[str, Any] = dict(title=title, x_label="k", y_label="reliable@k %",
                                   caption=False)
    wide = line_chart(x, series, chart_id=chart_id, **options)
    narrow = line_chart(x, series, chart_id=f"{chart_id}-narrow", width=380, height=330,
                        legend="below", **options)
    return f'{caption}<div class="wide">{wide}</div><div class="narrow">{narrow}</div>'



def reliability_chart(report: ReliabilityReport) -> str:
    x = report.reliable_ks
    series = []
    for mode, color in (("strict", STRICT_COLOR), ("loose", LOOSE_COLOR)):
        rows = [report.estimate(f"reliable/{mode}/{k}") for k in x]
        series.append(Series(mode, [r.value for r in rows], [r.ci_low for r in rows],
                             [r.ci_high for r in rows], color=color))
    return _line_or_nothing(x, series, "reliable@k with its confidence band", "reliable-at-k")


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
        series.append(Series(kind, values, low, high, color=kind_color(kind)))
    return _line_or_nothing(x, series, "reliable@k by perturbation kind (strict)",
                            "reliable-by-kind")


def ifeval_chart(report: ReliabilityReport) -> str:
    names = ("prompt_strict", "instruction_strict", "prompt_loose", "instruction_loose")
    rows = [report.estimate(f"ifeval/{name}") for name in names]
    return bar_chart([LEVEL_NAMES[name] for name in names],
                     [Series("originals", [r.value for r in rows], [r.ci_low for r in rows],
                             [r.ci_high for r in rows], color=STRICT_COLOR)],
                     title=metrics_heading(report), chart_id="ifeval-metrics")


def type_chart(report: ReliabilityReport) -> str:
    kinds = [kind for kind in KINDS if report.select("type", kind=kind)]
    names = sorted({row.name or "" for row in report.select("type", mode="strict")})
    if kinds == ["original"]:
        series = []
        for mode, color in (("strict", STRICT_COLOR), ("loose", LOOSE_COLOR)):
            by_name = {row.name: row for row in report.select("type", kind="original", mode=mode)}
            series.append(_series(mode, names, by_name, color))
        title = "Pass rate per instruction type (originals)"
    else:  # kinds compared on the same cases (type_paired), never on different ones
        kinds = [kind for kind in KINDS if report.select("type_paired", kind=kind)]
        names = sorted({row.name or "" for row in report.select("type_paired", mode="strict")})
        series = []
        for kind in kinds:
            by_name = {row.name: row for row in report.select("type_paired", kind=kind,
                                                              mode="strict")}
            series.append(_series(kind, names, by_name, kind_color(kind)))
        title = ("Strict pass rate per instruction type on each kind of prompt, paired on the "
                 "same cases")
    return bar_chart(names, series, title=title, chart_id="by-type")


def distractor_chart(report: ReliabilityReport) -> str:
    """The distractor side figure (strict): the requirement followed, and followed with the
    scored constraints passing, overall and per requirement type."""
    names = [None] + [row.name for row in report.select("distractor_followed", mode="strict")
                      if row.name is not None]
    labels = ["all checkable"] + [name for name in names[1:] if name]
    series = []
    for measure, label, color in (("followed", "followed the requirement", PALETTE[3]),
                                  ("both", "followed it and passed the constraints",
                                   PALETTE[5])):
        rows = [report.estimate(f"distractor_{measure}/strict" + (f"/{name}" if name else ""))
                for name in names]
        series.append(Series(label, [r.value for r in rows], [r.ci_low for r in rows],
                             [r.ci_high for r in rows], color=color))
    return bar_chart(labels, series, title="Distractor requirement, a side figure (strict; not "
                                           "scored)", chart_id="distractor")


def _series(name: str, names: Sequence[str], by_name: dict, color: str) -> Series:
    nan = float("nan")
    return Series(name, [by_name[n].value if n in by_name else nan for n in names],
                  [by_name[n].ci_low if n in by_name else nan for n in names],
                  [by_name[n].ci_high if n in by_name else nan for n in names], color=color)


def _meta(report: ReliabilityReport) -> str:
    base = report.base
    return ('<p class="meta">'
            f"evaluator <strong>{escape(report.provenance.line())}</strong><br>"
            f"{escape(protocol_line(report))}<br>"
            f"responses <code>{escape(base.responses_path)}</code><br>"
            f"cases <code>{escape(base.cases_path)}</code> (sha256 "
            f"<code>{escape(base.cases_sha256)}</code>)<br>"
            f"samples per prompt: {len(report.samples)}; {escape(intervals_line(report))}</p>")


def _section(section: Section) -> list[str]:
    return [f"<h2>{escape(section.title)}</h2>",
            *(f'<p class="note">{escape(line)}</p>' for line in section.intro),
            html_table(section.headers, section.rows, settings=section.settings),
            *(f'<p class="note">{escape(note)}</p>' for note in section.notes)]


def render_html(report: ReliabilityReport) -> str:
    """The page opens with the answer: prompts answered, then the headline numbers with their
    intervals and n, then the charts (reliable@k's definition beside the first), then every
    table."""
    charts = []
    if report.has_cousins:
        charts.append(reliability_chart(report)
                      + f'<p class="note definition">{escape(definition_line(report))}</p>')
        if report.select("by_kind"):
            charts.append(kind_chart(report))
    charts.append(ifeval_chart(report))
    if report.has_distractor_figure:
        charts.append(distractor_chart(report))
    charts.append(type_chart(report))
    body = ["<h1>ifevalpp score report</h1>",
            f'<p class="answered"><strong>{escape(answered_line(report))}</strong></p>']
    body.extend(f'<p class="warning">Warning: {escape(message)}</p>'
                for message in report.warnings)
    model = model_line(report)
    if model is not None:
        body.append(f'<p class="model">{escape(model)}</p>')
    body.extend(_section(headline_section(report)))
    body.append(_meta(report))
    every = sections(report)
    for section in [section for section in every if section.lead]:
        body.extend(_section(section))
    body.extend(f'<div class="chart">{chart}</div>' for chart in charts)
    for section in [section for section in every if not section.lead]:
        body.extend(_section(section))
    notes = notes_lines(report)
    if notes:
        body.append("<h2>Notes</h2><ul class=\"notes\">"
                    + "".join(f"<li>{escape(note)}</li>" for note in notes) + "</ul>")
    body.append(f'<footer class="meta">{escape(f"Made by {report.provenance.line()}.")}'
                "</footer>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>ifevalpp score report</title>"
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")
