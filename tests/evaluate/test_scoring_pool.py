"""score_pairs gives the same verdicts, in the same order, with or without worker processes."""

from __future__ import annotations

from ifevalpp.cases import variant_from_record
from ifevalpp.evaluate import scoring
from ifevalpp.schema import ResponseRecord
from tests.evaluate.builders import FAIL_TEXT, PASS_TEXT, family_prompts


def test_the_process_pool_matches_one_process_in_order(monkeypatch):
    variants = [variant_from_record(record) for record in family_prompts(range(1, 7))]
    pairs = [(variant, ResponseRecord(key=variant.key, response=FAIL_TEXT if n % 3 else PASS_TEXT,
                                      sample=n % 2))
             for n, variant in enumerate(variants)]
    monkeypatch.setattr(scoring, "PARALLEL_THRESHOLD", 10)
    parallel = scoring.score_pairs(pairs, workers=2)
    single = scoring.score_pairs(pairs, workers=1)
    assert [record.model_dump() for record in parallel] == [record.model_dump() for record in single]
    assert [record.key for record in parallel] == [variant.key for variant, _ in pairs]
    assert scoring._FORKED_PAIRS == ()  # nothing left behind for the next fork
