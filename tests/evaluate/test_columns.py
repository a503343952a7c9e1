"""`score` writes its CSV files without pandas, byte for byte what pandas' `to_csv` writes."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest

from ifevalpp.evaluate import score
from ifevalpp.evaluate.columns import Columns
from tests.evaluate.builders import (distractor_answers, distractor_family_prompts,
                                     write_lines)


def pandas_csv(table: Columns) -> str:
    handle = io.StringIO()
    table.to_frame().to_csv(handle, index=False, float_format="%.6f")
    return handle.getvalue()


def own_csv(table: Columns) -> str:
    handle = io.StringIO()
    table.write_csv(handle)
    return handle.getvalue()


TABLES = {
    "whole numbers": [1, 2, 3],
    "whole numbers with a gap": [1, None, 3],
    "floats with NaN": [0.5, math.nan, 1.0],
    "floats and whole numbers": [1, 0.25, 2],
    "booleans": [True, False, True],
    "booleans with a gap": [True, None, False],
    "text with commas and quotes": ['a, b', 'say "hi"', None],
    "nothing at all": [None, None, None],
    "numpy floats": np.array([0.1, np.nan, -0.0]),
    "numpy whole numbers": np.array([4, 5, 6]),
    "numpy booleans": np.array([True, False, False]),
    "numpy objects": np.array(["1", "x", "3"], dtype=object),
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_column_is_written_as_pandas_writes_it(name):
    table = Columns(["value"], {"value": TABLES[name]}).add("label", "run")
    assert own_csv(table) == pandas_csv(table)


def test_an_empty_table_is_its_header_line():
    table = Columns(["a", "b"], {"a": [], "b": []})
    assert own_csv(table) == pandas_csv(table) == "a,b\n"


def family_report(tmp_path, *, samples=1, k=None, estimator=None):
    prompts = distractor_family_prompts()
    answers = distractor_answers(prompts, samples=samples)
    answers = [record for record in answers if record["key"] != "4:rephrasing:2"]
    options = {"missing": "exclude"} if estimator is None else {"estimator": estimator,
                                                                "missing": "fail"}
    return score(write_lines(tmp_path / "responses.jsonl", answers),
                 write_lines(tmp_path / "families.jsonl", prompts), k=k, **options)


@pytest.mark.parametrize("estimator", [None, "first-k"])
def test_every_score_csv_table_matches_pandas(tmp_path, estimator):
    report = family_report(tmp_path, samples=2, estimator=estimator)
    tables = [report.by_type_columns(), report.by_type_columns(paired=True),
              report.by_type_columns(group=True), report.families_columns(),
              report.distractor_columns().add("profile", report.profile)]
    for table in tables:
        table = table.add("protocol", report.protocol.label)
        assert own_csv(table) == pandas_csv(table)


def test_the_frames_are_built_from_the_same_tables(tmp_path):
    report = family_report(tmp_path)
    assert report.distractor_frame().equals(report.distractor_columns().to_frame())
    assert list(report.distractor_frame()["type"])[0] == "all"
    assert report.families_frame().shape == (len(report.families_columns()),
                                             len(report.families_columns().names))

