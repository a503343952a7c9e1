"""Named protocols, their parts, and single-part overrides."""

from __future__ import annotations

import pytest

from ifevalpp.protocols import PROTOCOLS, parse_protocols, resolve_protocol


def test_the_named_protocols_and_their_parts():
    assert {name: (p.profile, p.estimator, p.missing) for name, p in PROTOCOLS.items()} == {
        "official": ("official", "unordered", "exclude"),
        "revised": ("revised", "unordered", "exclude"),
        "ifevalpp-paper": ("ifevalpp-paper", "first-k", "fail"),
        "ifbench": ("ifbench", "unordered", "fail"),
    }
    assert PROTOCOLS["ifevalpp-paper"].reasoning.startswith("strict mode judges the text")
    assert PROTOCOLS["official"].reasoning == "graded as given"


def test_an_override_changes_one_part_and_the_label_says_so():
    protocol = resolve_protocol("ifevalpp-paper", missing="exclude")
    assert (protocol.profile, protocol.estimator, protocol.missing) == (
        "ifevalpp-paper", "first-k", "exclude")
    assert protocol.overridden == ("missing",)
    assert protocol.label == "ifevalpp-paper, missing=exclude"
    assert protocol.parts()["overridden"] == "missing"


def test_an_override_equal_to_the_protocols_own_part_is_no_override():
    assert resolve_protocol("official", profile="official").label == "official"


@pytest.mark.parametrize("call, message", [
    (lambda: resolve_protocol("paper"), "unknown protocol"),
    (lambda: resolve_protocol("official", estimator="best-of"), "unknown estimator"),
    (lambda: resolve_protocol("official", missing="drop"), "missing-response policy"),
    (lambda: resolve_protocol("official", profile="strict"), "unknown profile"),
    (lambda: parse_protocols("official,,official"), "twice"),
    (lambda: parse_protocols(" , "), "at least one"),
])
def test_bad_protocol_settings_are_refused_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_a_protocol_list_keeps_its_order():
    assert parse_protocols("ifevalpp-paper, official") == ["ifevalpp-paper", "official"]
