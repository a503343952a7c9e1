"""The terminal table and report.md show every headline number with its CI."""

from __future__ import annotations

from ifevalpp.report.markdown import render_markdown
from ifevalpp.report.svg import Series, line_chart
from ifevalpp.report.terminal import format_reliability_report
from tests.evaluate.builders import family_prompts, score_families, write_lines


def test_the_terminal_report_lists_metric_value_and_ci(family_report):
    text = format_reliability_report(family_report)
    lines = text.splitlines()
    assert lines[0] == "60 of 60 prompts answered."
    assert lines[2] == ("Protocol official: profile official, estimator unordered, missing "
                        "responses exclude, reasoning graded as given.")
    assert lines[4].startswith("IFEval metrics on originals (6 prompts, 6 instructions")
    assert lines[5].split() == ["metric", "n", "value", "%", "95%", "CI"]
    prompt = next(line for line in lines if line.startswith("prompt-level strict"))
    assert prompt.split()[2:4] == ["6", "83.33"] and prompt.split()[4].startswith("[")
    assert any(line.startswith("reliable@10 ") for line in lines)
    assert any(line.startswith("relative drop @1→@10") for line in lines)
    assert any(line.startswith("reconfiguration  4") for line in lines)
    assert "95% CI: Clopper-Pearson (exact binomial)" in text


def test_the_plain_terminal_report_keeps_the_group_and_type_tables(plain_report):
    text = format_reliability_report(plain_report)
    assert "reliable@" not in text
    assert "By instruction group (originals)" in text and "By instruction type (originals)" in text
    assert "punctuation:no_comma" in text


def test_report_md_has_a_table_per_section(family_report):
    page = render_markdown(family_report)
    assert page.startswith("# ifevalpp score report")
    assert "## reliable@k, estimator unordered (families of up to 10 prompts" in page
    assert "6 of 6 families at every k: those with all 10 prompts answered." in page
    assert "- Protocol official: profile official, estimator unordered" in page
    assert "| reliable@1 | 6 | 83.33 |" in page
    assert "## By instruction type: loose pass rate %" in page


def test_an_svg_line_chart_skips_undefined_points_and_escapes_text():
    svg = line_chart([1, 2, 3], [Series("a<b", [0.9, float("nan"), 0.5], [0.8, 0.7, 0.4],
                                        [1.0, 0.9, 0.6])], title="t & u", x_label="k")
    assert "a&lt;b" in svg and "t &amp; u" in svg
    points = svg.split('class="curve" points="')[1].split('"')[0].split()
    assert len(points) == 2


def test_counts_of_one_read_in_the_singular(tmp_path):
    text = format_reliability_report(score_families(tmp_path, [1, 2], drop=["2:distractor:1"]))
    assert "Missing: 1 prompt without a usable response" in text
    assert "(and 1 family from reliable@k)" in text
    assert "1 of 2 families at every k" in text and "left out: 1 with a prompt unanswered" in text
    assert "prompt(s)" not in text and "family(ies)" not in text


def test_the_reliable_at_k_table_shows_n_per_k_and_how_many_families_are_complete(tmp_path):
    report = score_families(tmp_path, [1, 2, 3], drop=["3:rephrasing:2"],
                            extra_prompts=family_prompts([4], per_kind=2))
    lines = format_reliability_report(report).splitlines()
    header = next(line for line in lines if line.startswith("metric ") and "strict %" in line)
    assert header.split()[:3] == ["metric", "n", "strict"]
    n_at = {line.split()[0]: int(line.split()[1]) for line in lines
            if line.startswith("reliable@") and line.split()[1].isdigit()}
    # Family 3 lacks an answer, family 4 has 7 prompts: both are left out at every k (they
    # used to count up to k = 7, so n went 3, …, 3, 2, 2, 2).
    assert set(n_at.values()) == {2} and len(n_at) == 10
    assert ("2 of 4 families at every k: those with all 10 prompts answered; left out: 1 with "
            "fewer than 10 prompts, 1 with a prompt unanswered. n = families.") in lines


def test_missing_keys_are_listed_in_numeric_order_as_people_read_them(tmp_path):
    from ifevalpp.evaluate import score

    cases = [{"key": key, "prompt": f"Case {key}: no commas.",
              "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}
             for key in (1000, 999, 5, 20)]
    answers = [{"key": 20, "response": "fine"}]
    report = score(write_lines(tmp_path / "r.jsonl", answers),
                   write_lines(tmp_path / "c.jsonl", cases), missing="exclude")
    text = format_reliability_report(report)
    assert "excluded from every metric: 5 / original, 999 / original, 1000 / original" in text
