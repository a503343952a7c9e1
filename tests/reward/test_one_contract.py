"""One input contract for the reward API: score_batch, trl_reward and verl's functions take
the same kwargs forms — objects or JSON text, GitHub or Hugging Face style.

`export-rl` writes kwargs as JSON text and `trl_reward` read it, but `score_batch` raised
"kwargs must be a list of objects … got '[{},{"language":"vi"},{}]'".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.errors import InputError
from ifevalpp.reward import export_rl, score_batch, trl_reward
from ifevalpp.reward.verl import verl_compute_score, verl_compute_score_batch
from tests.helpers import SMALL_CASES, write_lines
from tests.reward.builders import ANSWERS, write_families

IDS = ["punctuation:no_comma", "language:response_language", "keywords:existence"]
GITHUB = [{}, {"language": "en"}, {"keywords": ["tea"]}]
# The Hugging Face release: every kwargs key on every instruction, null where unused.
KEYS = ("language", "keywords", "num_words", "relation", "end_phrase", "prompt_to_repeat")
HUGGING_FACE = [{key: (item.get(key) if key in item else None) for key in KEYS}
                for item in GITHUB]
TEXTS = ["I drink tea every morning", "I drink tea, every morning", "Je bois du thé"]


@pytest.mark.parametrize("ids, kwargs", [
    (IDS, GITHUB), (IDS, HUGGING_FACE), (json.dumps(IDS), json.dumps(GITHUB)),
    (json.dumps(IDS), json.dumps(HUGGING_FACE))],
    ids=["objects", "hf-objects", "json-text", "hf-json-text"])
def test_score_batch_takes_every_form(ids, kwargs):
    assert score_batch(TEXTS, [ids] * 3, [kwargs] * 3) == [1.0, 0.0, 0.0]


@pytest.mark.parametrize("kwargs", [GITHUB, json.dumps(GITHUB), HUGGING_FACE,
                                    json.dumps(HUGGING_FACE)],
                         ids=["objects", "json-text", "hf-objects", "hf-json-text"])
def test_trl_and_verl_take_the_same_forms_and_agree(kwargs):
    reward = trl_reward()
    assert reward(completions=TEXTS, instruction_id_list=[IDS] * 3,
                  kwargs=[kwargs] * 3) == [1.0, 0.0, 0.0]
    truth = {"instruction_id_list": IDS, "kwargs": kwargs}
    assert [verl_compute_score(solution_str=text, ground_truth=truth) for text in TEXTS] == \
        [1.0, 0.0, 0.0]
    assert verl_compute_score_batch(solution_strs=TEXTS, ground_truths=[truth] * 3) == \
        [1.0, 0.0, 0.0]


def test_score_batch_gives_the_same_rewards_for_objects_and_export_rl_text(tmp_path: Path):
    families = write_families(tmp_path / "families.jsonl")
    export_rl(families, tmp_path / "rl.jsonl")
    rows = [json.loads(line) for line in (tmp_path / "rl.jsonl").read_text().splitlines()]
    assert all(isinstance(row["kwargs"], str) for row in rows)  # JSON text, as documented
    texts = [ANSWERS[int(row["extra_info"]["case"])][n % 2] for n, row in enumerate(rows)]
    as_text = score_batch(texts, [row["instruction_id_list"] for row in rows],
                          [row["kwargs"] for row in rows])
    as_objects = score_batch(texts, [row["instruction_id_list"] for row in rows],
                             [json.loads(row["kwargs"]) for row in rows])
    assert as_text == as_objects == [1.0 if n % 2 == 0 else 0.0 for n in range(len(rows))]


def test_json_text_that_is_not_json_names_the_row_and_the_problem():
    with pytest.raises(InputError) as caught:
        score_batch(["x"], [IDS], ['[{}, {"language": "en"'])
    message = str(caught.value)
    assert "kwargs_lists[0]" in message and "not valid JSON" in message
    assert " at at " not in message


def test_an_unterminated_string_is_reported_without_a_doubled_at(tmp_path: Path):
    bad = tmp_path / "responses.jsonl"
    bad.write_text('{"key": "1", "response": "never closed}')  # the last line, unclosed
    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES)
    result = CliRunner().invoke(main, ["score", str(bad), "--input", str(cases)])
    assert result.exit_code == 2
    assert "Unterminated string starting at column 26" in result.output
    assert "at at" not in result.output


def test_export_rl_refuses_a_file_name_whose_format_it_cannot_tell(tmp_path: Path):
    families = write_families(tmp_path / "families.jsonl")
    result = CliRunner().invoke(main, ["export-rl", str(families), "--out",
                                       str(tmp_path / "rl.csv")])
    assert result.exit_code == 2 and "cannot tell the format from the name 'rl.csv'" in \
        result.output
    assert not (tmp_path / "rl.csv").exists()
    named = CliRunner().invoke(main, ["export-rl", str(families), "--out",
                                      str(tmp_path / "rl.csv"), "--format", "jsonl"])
    assert named.exit_code == 0 and (tmp_path / "rl.csv").exists()
