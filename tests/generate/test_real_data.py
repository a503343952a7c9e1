"""The full run on the GitHub original (set IFEVALPP_ORIGINAL): coverage and reproducibility."""

from __future__ import annotations

import json

import pytest

from ifevalpp.cases import load_variants
from ifevalpp.generate import generate_families

pytestmark = pytest.mark.slow


def test_coverage_on_the_github_original(original_path):
    variants = load_variants(original_path)
    result = generate_families(variants, seed=0, jobs=2)
    assert len(result.cases) == 541
    # Issue 29 asks 98 %; the run gives 91 % (493/541), every incomplete case with its reason
    # in data/families/manifest.json. The floor keeps what is reached from slipping back.
    assert result.coverage() >= 0.90, result.failures_by_case()
    assert not any(not v.validation.ok for v in result.variants if v.kind != "original")


def test_two_runs_are_identical_on_a_slice_in_one_process_or_two(original_path):
    variants = load_variants(original_path)[:60]
    def dump(result):
        return [json.dumps(v.model_dump(mode="json")) for v in result.variants]
    assert dump(generate_families(variants, seed=3)) == dump(generate_families(variants, seed=3,
                                                                               jobs=2))
