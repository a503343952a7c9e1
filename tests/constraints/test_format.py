"""detectable_format: bullets, constrained response, highlights, sections, JSON, title."""

from __future__ import annotations

import pytest

from ifevalpp.constraints import check

FORMAT_IDS = ["detectable_format:number_bullet_lists", "detectable_format:constrained_response",
              "detectable_format:number_highlighted_sections",
              "detectable_format:multiple_sections", "detectable_format:json_format",
              "detectable_format:title"]


@pytest.mark.parametrize("instruction_id", FORMAT_IDS)
def test_blank_response_fails_every_format_instruction(instruction_id, blank_response,
                                                       permissive_kwargs, profile):
    assert check(instruction_id, blank_response, permissive_kwargs[instruction_id],
                 profile=profile) is False


# ---------------------------------------------------------------- number_bullet_lists

@pytest.mark.parametrize("response, expected", [
    pytest.param("* apples\n* pears", False, id="one-below-fails"),
    pytest.param("* apples\n* pears\n* plums", True, id="exactly-at-passes"),
    pytest.param("* apples\n* pears\n* plums\n* figs", False, id="one-above-fails"),
])
def test_bullet_count_must_be_exact(response, expected, profile):
    assert check("detectable_format:number_bullet_lists", response, {"num_bullets": 3},
                 profile=profile) is expected


@pytest.mark.parametrize("response, bullets", [
    pytest.param("- apples\n- pears", 2, id="dash-bullets"),
    pytest.param("* apples\n- pears", 2, id="mixed-star-and-dash"),
    pytest.param("Fruit:\n  * apples\n\t- pears", 2, id="indented-bullets"),
    pytest.param("Intro\n---\nBody", 1, id="dash-rule-counts"),
    pytest.param("-word without a space", 1, id="dash-glued-to-a-word-counts"),
    pytest.param("*italic* opening the line", 1, id="line-opening-with-italics-counts"),
    pytest.param("**bold** opening the line", 0, id="line-opening-with-bold-does-not"),
    pytest.param("***\nText", 0, id="star-rule-does-not-count"),
    pytest.param("1. apples\n2. pears", 0, id="numbered-list-does-not-count"),
    pytest.param("\u2022 apples\n\u2022 pears", 0, id="unicode-bullet-does-not-count"),
    pytest.param("+ apples\n+ pears", 0, id="plus-bullet-does-not-count"),
    pytest.param("Text - with a dash inside", 0, id="dash-mid-line-does-not-count"),
])
def test_bullet_lines(response, bullets, verdicts):
    assert verdicts("detectable_format:number_bullet_lists", response,
                    {"num_bullets": bullets}) == (True, True)


def test_zero_bullets_requires_no_bullet_lines(profile):
    # 0 is a value, not "absent".
    assert check("detectable_format:number_bullet_lists", "Plain prose.", {"num_bullets": 0},
                 profile=profile) is True
    assert check("detectable_format:number_bullet_lists", "* one", {"num_bullets": 0},
                 profile=profile) is False


# ---------------------------------------------------------------- constrained_response

@pytest.mark.parametrize("response, expected", [
    pytest.param("My answer is yes.", True, id="yes"),
    pytest.param("My answer is no.", True, id="no"),
    pytest.param("My answer is maybe.", True, id="maybe"),
    pytest.param("Having thought about it: My answer is no. Here is why.", True,
                 id="anywhere-in-the-response"),
    pytest.param("my answer is yes.", False, id="case-sensitive"),
    pytest.param("My answer is Yes.", False, id="option-word-case-sensitive"),
    pytest.param("My answer is yes", False, id="full-stop-required"),
    pytest.param("My answer is probably.", False, id="other-option-fails"),
    pytest.param("My\u00a0answer is yes.", False, id="no-break-space-is-not-a-space"),
])
def test_constrained_response_phrase(response, expected, profile):
    assert check("detectable_format:constrained_response", response,
                 profile=profile) is expected


# ---------------------------------------------------------------- number_highlighted_sections

@pytest.mark.parametrize("response, expected", [
    pytest.param("*one* and *two*", False, id="one-below-fails"),
    pytest.param("*one* and *two* and *three*", True, id="exactly-at-passes"),
    pytest.param("*one* and *two* and *three* and *four*", True, id="one-above-passes"),
])
def test_highlights_at_least(response, expected, profile):
    assert check("detectable_format:number_highlighted_sections", response,
                 {"num_highlights": 3}, profile=profile) is expected


@pytest.mark.parametrize("response, highlights", [
    pytest.param("An *italic* word.", 1, id="italic"),
    pytest.param("A **bold** word.", 1, id="bold"),
    pytest.param("A ***bold italic*** word.", 2, id="bold-italic-counts-as-both"),
    pytest.param("Empty * * and ** ** marks.", 0, id="blank-inner-text-not-counted"),
    pytest.param("An *italic\nacross lines* word.", 0, id="may-not-span-lines"),
    pytest.param("Stars 2 * 3 * 4 multiply.", 1, id="multiplication-stars-count"),
    pytest.param("An _underscored_ word.", 0, id="underscore-emphasis-does-not-count"),
    pytest.param("A \uff0aFullwidth\uff0a star.", 0, id="fullwidth-asterisk-does-not-count"),
])
def test_highlight_spans(response, highlights, verdicts):
    assert verdicts("detectable_format:number_highlighted_sections", response,
                    {"num_highlights": highlights}) == (True, True)
    assert verdicts("detectable_format:number_highlighted_sections", response,
                    {"num_highlights": highlights + 1}) == (False, False)


# ---------------------------------------------------------------- multiple_sections

@pytest.mark.parametrize("response, expected", [
    pytest.param("SECTION 1\nIntro", False, id="one-below-fails"),
    pytest.param("SECTION 1\nIntro\nSECTION 2\nBody", True, id="exactly-at-passes"),
    pytest.param("SECTION 1\nIntro\nSECTION 2\nBody\nSECTION 3\nEnd", True,
                 id="one-above-passes"),
])
def test_sections_at_least(response, expected, profile):
    kwargs = {"section_spliter": "SECTION", "num_sections": 2}
    assert check("detectable_format:multiple_sections", response, kwargs,
                 profile=profile) is expected


@pytest.mark.parametrize("response, splitter, sections", [
    pytest.param("SECTION1 a SECTION2 b", "SECTION", 2, id="no-space-before-the-number"),
    pytest.param("See SECTION 4 below.", "SECTION", 1, id="marker-anywhere-in-a-line"),
    pytest.param("Section 1 a Section 2 b", "SECTION", 0, id="splitter-word-case-sensitive"),
    pytest.param("SECTION  1 a", "SECTION", 0, id="at-most-one-space-before-the-number"),
    pytest.param("SECTION 12 a", "SECTION", 1, id="multi-digit-number"),
    pytest.param("PARAGRAPH 1 a PARAGRAPH 2 b", "PARAGRAPH", 2, id="other-splitter-word"),
    pytest.param("### SECTION 1\na\n### SECTION 2\nb", " SECTION ", 2,
                 id="splitter-is-stripped"),
])
def test_section_markers(response, splitter, sections, verdicts):
    at = {"section_spliter": splitter, "num_sections": sections}
    above = {"section_spliter": splitter, "num_sections": sections + 1}
    assert verdicts("detectable_format:multiple_sections", response, at) == (True, True)
    assert verdicts("detectable_format:multiple_sections", response, above) == (False, False)


@pytest.mark.parametrize("response, splitter", [
    pytest.param("SECTION I\nIntro\nSECTION II\nBody", "SECTION", id="roman-numerals"),
    pytest.param("Part A\nIntro\nPart B\nBody", "Part", id="letters"),
    pytest.param("Section one\nIntro\nSection two\nBody", "Section", id="number-words"),
])
def test_section_numerals_other_than_digits_count_only_when_revised(response, splitter,
                                                                    verdicts):
    # Revision "section-numerals": the official splitter pattern wants digits.
    kwargs = {"section_spliter": splitter, "num_sections": 2}
    assert verdicts("detectable_format:multiple_sections", response, kwargs) == (False, True)


def test_zero_sections_is_met_by_any_text(profile):
    kwargs = {"section_spliter": "SECTION", "num_sections": 0}
    assert check("detectable_format:multiple_sections", "No sections.", kwargs,
                 profile=profile) is True


# ---------------------------------------------------------------- json_format

@pytest.mark.parametrize("response, expected", [
    pytest.param('{"fruit": "apple"}', True, id="object"),
    pytest.param('  \n{"fruit": "apple"}\n  ', True, id="surrounding-whitespace"),
    pytest.param('```json\n{"fruit": "apple"}\n```', True, id="json-fence"),
    pytest.param('```Json\n{"fruit": "apple"}\n```', True, id="capitalised-json-fence"),
    pytest.param('```JSON\n{"fruit": "apple"}\n```', True, id="upper-case-json-fence"),
    pytest.param('```\n{"fruit": "apple"}\n```', True, id="bare-fence"),
    pytest.param('```json\n{"fruit": "apple"}', True, id="unclosed-fence"),
    pytest.param('```jSoN\n{"fruit": "apple"}\n```', False, id="other-fence-casing-fails"),
    pytest.param('```jsonc\n{"fruit": "apple"}\n```', False, id="other-fence-language-fails"),
    pytest.param('~~~json\n{"fruit": "apple"}\n~~~', False, id="tilde-fence-fails"),
    pytest.param('Here it is:\n```json\n{"fruit": "apple"}\n```', False,
                 id="text-before-the-fence-fails"),
    pytest.param('{"fruit": "apple"}\nHope this helps.', False, id="text-after-json-fails"),
    pytest.param('[1, 2, 3]', True, id="array"),
    pytest.param('"just a string"', True, id="bare-string"),
    pytest.param('42', True, id="bare-number"),
    pytest.param('null', True, id="null"),
    pytest.param('NaN', True, id="nan"),
    pytest.param('{"x": Infinity}', True, id="infinity-inside-an-object"),
    pytest.param("{'fruit': 'apple'}", False, id="single-quoted-keys-fail"),
    pytest.param('{"fruit": "apple",}', False, id="trailing-comma-fails"),
    pytest.param('\ufeff{"fruit": "apple"}', False, id="byte-order-mark-fails"),
    pytest.param('\u00a0{"fruit": "apple"}', True, id="no-break-space-is-stripped"),
    pytest.param('{"fruit": "apple"}{"fruit": "pear"}', False, id="two-values-fail"),
])
def test_json_format(response, expected, profile):
    assert check("detectable_format:json_format", response, profile=profile) is expected


# ---------------------------------------------------------------- title

@pytest.mark.parametrize("response, expected", [
    pytest.param("<<Autumn Leaves>>\nA poem.", True, id="title-line"),
    pytest.param("A poem called <<Autumn Leaves>>.", True, id="title-mid-line"),
    pytest.param("<<<Autumn>>>", True, id="extra-angle-brackets"),
    pytest.param("<<   >>\nA poem.", False, id="blank-title-fails"),
    pytest.param("<<>>\nA poem.", False, id="empty-title-fails"),
    pytest.param("<<Autumn\nLeaves>>", False, id="title-may-not-span-lines"),
    pytest.param("\u00abAutumn Leaves\u00bb", False, id="guillemets-fail"),
    pytest.param("<Autumn Leaves>", False, id="single-angle-brackets-fail"),
    pytest.param("<< >> then <<Autumn>>", True, id="greedy-match-from-a-blank-title-to-a-real-one"),
])
def test_title_in_double_angle_brackets(response, expected, profile):
    assert check("detectable_format:title", response, profile=profile) is expected


def test_one_bullet_is_never_said_as_each_line_or_as_the_whole_reply():
    # "just one bullet point, each line opening with "* "" contradicts itself.
    import random
    import re

    from ifevalpp.constraints import get

    bullets = get("detectable_format:number_bullet_lists")
    for seed in range(30):
        text = bullets.phrase(bullets.Params(num_bullets=1), random.Random(seed),
                              ("imperative", "declarative", "question"))
        assert not re.search(r"\beach\b|consist|set the answer out|answer in", text), text


def test_no_italics_are_added_beside_a_bullet_count():
    # A line that opens on an italicised word reads as one more "*" bullet to the checker.
    from ifevalpp.constraints import get
    assert "uses_italic" in get("detectable_format:number_bullet_lists").refuses_effects


def _imperatives_and_statements(instruction_id, **kwargs):
    """Every wording of a requirement as an order or a statement, over many seeds."""
    import random

    from ifevalpp.constraints import get

    constraint = get(instruction_id)
    params = constraint.Params(**kwargs)
    return {constraint.phrase(params, random.Random(seed), (style,)) for seed in range(200)
            for style in ("imperative", "declarative")}


def test_highlighted_sections_are_never_shown_as_a_key_term():
    # Read CIK (1658): "wrap at least two sections in single asterisks …, like *a key term*"
    # asks for sections and shows a term.
    said = _imperatives_and_statements("detectable_format:number_highlighted_sections",
                                       num_highlights=2)
    assert not [text for text in said if "key term" in text], said


def test_bullets_are_never_said_as_a_markdown_list_of_bullets():
    # Read CIT (2350, 3414): "Give precisely 4 bullets formatted as a markdown list", "exactly
    # 3 bullets as a markdown list".
    said = _imperatives_and_statements("detectable_format:number_bullet_lists", num_bullets=4)
    assert not [text for text in said if "as a markdown list" in text], said
