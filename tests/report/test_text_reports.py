"""The terminal table and report.md show every headline number with its CI."""

from __future__ import annotations

from ifevalpp.report.markdown import render_markdown
from ifevalpp.report.svg import Series, line_chart
from ifevalpp.report.terminal import format_reliability_report


def test_the_terminal_report_lists_metric_value_and_ci(family_report):
    text = format_reliability_report(family_report)
    lines = text.splitlines()
    assert lines[0] == ("Protocol official: profile official, estimator unordered, missing "
                        "responses exclude, reasoning graded as given.")
    assert lines[2].startswith("IFEval metrics on originals (6 prompts, 6 instructions")
    assert lines[3].split() == ["metric", "value", "%", "95%", "CI"]
    prompt = next(line for line in lines if line.startswith("prompt-level strict"))
    assert prompt.split()[2] == "83.33" and prompt.split()[3].startswith("[")
    assert any(line.startswith("reliable@10 ") for line in lines)
    assert any(line.startswith("relative drop @1→@10") for line in lines)
    assert any(line.startswith("reconfiguration  4") for line in lines)
    assert "BCa bootstrap over families, 300 resamples, seed 0" in text


def test_the_plain_terminal_report_keeps_the_group_and_type_tables(plain_report):
    text = format_reliability_report(plain_report)
    assert "reliable@" not in text
    assert "By instruction group (originals)" in text and "By instruction type (originals)" in text
    assert "punctuation:no_comma" in text


def test_report_md_has_a_table_per_section(family_report):
    page = render_markdown(family_report)
    assert page.startswith("# ifevalpp score report")
    assert "## reliable@k, estimator unordered (6 families of up to 10 prompts" in page
    assert "- Protocol official: profile official, estimator unordered" in page
    assert "| reliable@1 | 83.33 |" in page
    assert "## By instruction type: loose pass rate %" in page


def test_an_svg_line_chart_skips_undefined_points_and_escapes_text():
    svg = line_chart([1, 2, 3], [Series("a<b", [0.9, float("nan"), 0.5], [0.8, 0.7, 0.4],
                                        [1.0, 0.9, 0.6])], title="t & u", x_label="k")
    assert "a&lt;b" in svg and "t &amp; u" in svg
    points = svg.split('class="curve" points="')[1].split('"')[0].split()
    assert len(points) == 2
