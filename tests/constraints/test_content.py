"""detectable_content: number_placeholders and postscript."""

from __future__ import annotations

import pytest

from ifevalpp.constraints import check

CONTENT_IDS = ["detectable_content:number_placeholders", "detectable_content:postscript"]


@pytest.mark.parametrize("instruction_id", CONTENT_IDS)
def test_blank_response_fails_every_content_instruction(instruction_id, blank_response,
                                                        permissive_kwargs, profile):
    assert check(instruction_id, blank_response, permissive_kwargs[instruction_id],
                 profile=profile) is False


# ---------------------------------------------------------------- number_placeholders

@pytest.mark.parametrize("response, expected", [
    pytest.param("Dear [name], from [city].", False, id="one-below-fails"),
    pytest.param("Dear [name], from [city], on [date].", True, id="exactly-at-passes"),
    pytest.param("Dear [name], from [city], on [date] at [time].", True, id="one-above-passes"),
])
def test_placeholders_at_least(response, expected, profile):
    assert check("detectable_content:number_placeholders", response, {"num_placeholders": 3},
                 profile=profile) is expected


@pytest.mark.parametrize("response, placeholders", [
    pytest.param("Fill in [] here.", 1, id="empty-brackets-count"),
    pytest.param("See [the docs](https://example.com).", 1, id="markdown-link-text-counts"),
    pytest.param("[a [b] c]", 1, id="shortest-match-from-the-first-bracket"),
    pytest.param("[name][date]", 2, id="adjacent-brackets-count-separately"),
    pytest.param("[first\nname]", 0, id="bracket-pair-may-not-span-lines"),
    pytest.param("\u3010name\u3011 and {date} and (time)", 0, id="other-brackets-do-not-count"),
    pytest.param("\uff3bname\uff3d", 0, id="fullwidth-square-brackets-do-not-count"),
])
def test_placeholders_are_square_bracket_spans(response, placeholders, verdicts):
    assert verdicts("detectable_content:number_placeholders", response,
                    {"num_placeholders": placeholders}) == (True, True)
    assert verdicts("detectable_content:number_placeholders", response,
                    {"num_placeholders": placeholders + 1}) == (False, False)


def test_zero_placeholders_is_a_real_requirement_that_any_text_meets(profile):
    # 0 is a value, not "absent": no placeholder is needed.
    assert check("detectable_content:number_placeholders", "Plain text.",
                 {"num_placeholders": 0}, profile=profile) is True


# ---------------------------------------------------------------- postscript

@pytest.mark.parametrize("response, marker, expected", [
    pytest.param("Thanks.\n\nP.S. See you soon.", "P.S.", True, id="ps-on-its-own-line"),
    pytest.param("Thanks. P.S. See you soon.", "P.S.", True, id="ps-mid-line"),
    pytest.param("Thanks.\np.s. see you soon.", "P.S.", True, id="ps-case-insensitive"),
    pytest.param("Thanks.\nP. S. See you soon.", "P.S.", True, id="ps-one-space-after-a-dot"),
    pytest.param("Thanks.\nP.P.S. See you soon.", "P.S.", True, id="pps-satisfies-ps"),
    pytest.param("Thanks.\nPS: see you soon.", "P.S.", False, id="ps-without-dots-fails"),
    pytest.param("Thanks.\nP.S see you soon.", "P.S.", False, id="ps-missing-final-dot-fails"),
    pytest.param("Thanks. See you soon.", "P.S.", False, id="no-postscript-fails"),
    pytest.param("Thanks.\nP.P.S Bring cake.", "P.P.S", True, id="pps-marker"),
    pytest.param("Thanks.\nP. P. S. Bring cake.", "P.P.S", True, id="pps-with-spaces"),
    pytest.param("Thanks.\nP.S. Bring cake.", "P.P.S", False, id="ps-does-not-satisfy-pps"),
    pytest.param("Thanks.\nNOTE: bring cake.", "Note:", True, id="other-marker-case-insensitive"),
    pytest.param("Thanks.\nBring cake.", "Note:", False, id="other-marker-missing"),
    pytest.param("Thanks.\nP.S. Bring cake.", "  P.S.  ", True, id="marker-is-stripped"),
])
def test_postscript_marker_anywhere(response, marker, expected, profile):
    assert check("detectable_content:postscript", response, {"postscript_marker": marker},
                 profile=profile) is expected


def test_a_postscript_beside_a_lowercase_rule_is_named_in_small_letters():
    from ifevalpp.constraints import get, parse_params
    postscript = get("detectable_content:postscript")
    params = parse_params("detectable_content:postscript", {"postscript_marker": "P.P.S"})
    assert postscript.wording_params(params, letter_case="lower")["postscript_marker"] == "p.p.s"
    assert postscript.wording_params(params)["postscript_marker"] == "P.P.S"


def test_a_new_marker_keeps_the_capitals_of_an_original_that_writes_its_own_in_capitals():
    # Read ALB: the original's "P.S." under a rule of small letters is its trap; a
    # reconfiguration's "p.p.s" gave the small letters away.
    from ifevalpp.constraints import get, parse_params
    postscript = get("detectable_content:postscript")
    params = parse_params("detectable_content:postscript", {"postscript_marker": "P.P.S"})
    said = postscript.wording_params(params, letter_case="lower", shown_as_written=("P.S.",))
    assert said["postscript_marker"] == "P.P.S"


def test_an_added_postscript_is_a_ps_not_a_pps():
    from ifevalpp.constraints import get
    offered = get("detectable_content:postscript").distractor_settings(
        [{"postscript_marker": "P.P.S"}, {"postscript_marker": "P.S."}])
    assert offered == [{"postscript_marker": "P.S."}]


def test_a_placeholder_example_never_names_a_place_the_task_may_name_itself():
    # Read CHC (2357): "for example [city]" beside an itinerary for Paris.
    import random

    from ifevalpp.constraints import get

    placeholders = get("detectable_content:number_placeholders")
    params = placeholders.Params(num_placeholders=2)
    said = {placeholders.phrase(params, random.Random(seed), ("imperative", "declarative"))
            for seed in range(200)}
    assert not [text for text in said if "[city]" in text or "[place]" in text], said
