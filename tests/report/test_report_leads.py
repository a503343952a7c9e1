"""Reports lead with the answer: answered N of M and the headline numbers before any chart."""

from __future__ import annotations

import json
import re

import pytest

from ifevalpp.report.files import write_outputs
from ifevalpp.report.html import render_html
from ifevalpp.report.markdown import render_markdown


def test_report_md_opens_with_the_answered_count_then_the_headline_table(family_report):
    lines = render_markdown(family_report).splitlines()
    assert lines[2] == "**60 of 60 prompts answered.**"
    assert lines[4] == "## Headline (protocol official)"
    table = lines[6:17]
    names = [row.split("|")[1].strip() for row in table[2:]]
    assert names == ["prompts answered", "IFEval prompt-level strict",
                     "IFEval instruction-level strict", "IFEval prompt-level loose",
                     "IFEval instruction-level loose", "reliable@10 strict", "reliable@10 loose",
                     "relative drop @1→@10 strict", "relative drop @1→@10 loose"]
    reliable = next(row for row in table if row.startswith("| reliable@10 strict"))
    cells = [cell.strip() for cell in reliable.split("|")[1:-1]]
    estimate = family_report.estimate("reliable/strict/10")
    assert cells[1] == f"{100 * estimate.value:.2f}"
    assert cells[2] == f"[{100 * estimate.ci_low:.2f}, {100 * estimate.ci_high:.2f}]"
    assert cells[3] == "6 families"


def test_report_html_shows_the_headline_before_any_chart(family_report):
    page = render_html(family_report)
    answered = page.index('class="answered"')
    headline = page.index("<h2>Headline (protocol official)</h2>")
    first_chart = page.index('<div class="chart">')
    assert answered < headline < first_chart
    assert page.index("relative drop @1→@10 strict") < first_chart


def test_the_reliable_at_k_definition_stands_beside_the_first_chart(family_report):
    page = render_html(family_report)
    charts = [match.start() for match in re.finditer('<div class="chart">', page)]
    definition = page.index('class="note definition"')
    assert charts[0] < definition < charts[1]
    assert "<footer" in page and "C(c, k−1)" not in page[page.index("<footer"):]


def test_chart_points_carry_their_values(family_report):
    page = render_html(family_report)
    chart = page[page.index('id="reliable-at-k"'):page.index("</svg>", page.index('id="reliable-at-k"'))]
    labels = re.findall(r'class="point-value"[^>]*>([\d.]+)</text>', chart)
    expected = [f"{100 * family_report.value(f'reliable/{mode}/{k}'):.1f}"
                for mode in ("loose", "strict") for k in range(1, 11)]
    assert sorted(labels) == sorted(expected)
    strict_10 = 100 * family_report.value("reliable/strict/10")
    assert f"strict, k = 10: {strict_10:.2f}%" in chart  # each point's tooltip


def test_metrics_json_opens_with_the_answered_count(family_report, tmp_path):
    write_outputs(family_report, tmp_path / "out")
    text = (tmp_path / "out" / "metrics.json").read_text()
    assert text.splitlines()[1] == '  "summary": "60 of 60 prompts answered.",'
    document = json.loads(text)
    assert document["answered"] == {"prompts": 60, "of": 60, "missing": 0,
                                    "missing_policy": "exclude", "samples": 1,
                                    "unmatched_responses": 0}
    assert document["reliable_at_k"]["strict"]["10"]["n"] == 6


def test_an_unknown_metric_id_names_the_closest_ones(family_report):
    with pytest.raises(KeyError) as caught:
        family_report.value("prompt/strict")
    message = str(caught.value)
    assert "no metric 'prompt/strict'" in message and "'ifeval/prompt_strict'" in message
