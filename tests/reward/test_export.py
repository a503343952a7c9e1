"""export_rl / `ifevalpp export-rl`: prompts as RL rows in the columns TRL and verl read."""

from __future__ import annotations

import builtins
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.errors import InputError
from ifevalpp.reward import MissingExtraError, export_rl
from tests.helpers import write_lines
from tests.reward.builders import small_families, write_families


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture()
def families(tmp_path: Path) -> Path:
    return write_families(tmp_path / "families.jsonl")


def test_a_row_has_the_columns_both_frameworks_read(families, tmp_path):
    export_rl(families, tmp_path / "rl.jsonl")
    row = read_jsonl(tmp_path / "rl.jsonl")[2]
    source = small_families()[2]
    assert row == {
        "data_source": "ifevalpp",
        "prompt": [{"role": "user", "content": source["prompt"]}],
        "ability": "instruction_following",
        "reward_model": {"style": "rule", "ground_truth": json.dumps(
            {"instruction_id_list": source["instruction_id_list"], "kwargs": source["kwargs"]},
            separators=(",", ":"))},
        "extra_info": {"split": "train", "index": 2, "key": "2:original:0", "case": "2",
                       "kind": "original", "cousin": 0},
        "key": "2:original:0",
        "instruction_id_list": ["length_constraints:number_words"],
        "kwargs": '[{"relation":"at least","num_words":12}]',
    }


def test_rows_keep_the_file_order_and_every_prompt(families, tmp_path):
    summary = export_rl(families, tmp_path / "rl.jsonl")
    assert [row["key"] for row in read_jsonl(tmp_path / "rl.jsonl")] == \
        [record["key"] for record in small_families()]
    assert summary.rows == 6 and summary.by_kind == {"original": 3, "rephrasing": 3}


def test_kinds_and_cases_choose_what_is_exported(families, tmp_path):
    export_rl(families, tmp_path / "rl.jsonl", kinds=["rephrasing"], cases=["1", "3"])
    assert [row["key"] for row in read_jsonl(tmp_path / "rl.jsonl")] == \
        ["1:rephrasing:1", "3:rephrasing:1"]


def test_an_unknown_case_key_is_an_error(families, tmp_path):
    with pytest.raises(InputError, match="unknown case keys: 9"):
        export_rl(families, tmp_path / "rl.jsonl", cases=["9"])


def test_text_prompts_and_a_system_prompt(families, tmp_path):
    export_rl(families, tmp_path / "text.jsonl", prompt_format="text")
    assert read_jsonl(tmp_path / "text.jsonl")[0]["prompt"] == small_families()[0]["prompt"]
    export_rl(families, tmp_path / "chat.jsonl", system_prompt="Answer briefly.")
    assert read_jsonl(tmp_path / "chat.jsonl")[0]["prompt"][0] == \
        {"role": "system", "content": "Answer briefly."}


def test_hugging_face_null_kwargs_are_exported_without_the_nulls(tmp_path):
    source = write_lines(tmp_path / "hf.jsonl", [{
        "key": 5, "prompt": "Reply without commas.", "instruction_id_list": [
            "punctuation:no_comma"], "kwargs": [{"num_words": None, "keywords": None}]}])
    export_rl(source, tmp_path / "rl.jsonl")
    assert read_jsonl(tmp_path / "rl.jsonl")[0]["kwargs"] == "[{}]"


def test_a_prompt_the_chosen_profile_cannot_check_is_refused_naming_file_and_line(tmp_path):
    source = write_lines(tmp_path / "families.jsonl", small_families()[:1] + [{
        "key": 9, "prompt": "Answer in at most 20 words.",
        "instruction_id_list": ["length_constraints:number_words"],
        "kwargs": [{"relation": "at most", "num_words": 20}]}])
    with pytest.raises(InputError) as raised:
        export_rl(source, tmp_path / "rl.jsonl")
    assert (raised.value.line, raised.value.field) == (2, "kwargs.0.relation")
    assert not (tmp_path / "rl.jsonl").exists()
    assert export_rl(source, tmp_path / "rl.jsonl", profile="revised").rows == 2


def test_parquet_holds_the_same_rows_as_jsonl(families, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    export_rl(families, tmp_path / "rl.jsonl")
    summary = export_rl(families, tmp_path / "rl.parquet")
    assert summary.format == "parquet"
    assert pq.read_table(tmp_path / "rl.parquet").to_pylist() == read_jsonl(tmp_path / "rl.jsonl")


def test_parquet_has_one_fixed_schema(families, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    export_rl(families, tmp_path / "rl.parquet")
    schema = pq.read_schema(tmp_path / "rl.parquet")
    assert schema.names == ["data_source", "prompt", "ability", "reward_model", "extra_info",
                            "key", "instruction_id_list", "kwargs"]
    assert str(schema.field("kwargs").type) == "string"
    assert str(schema.field("reward_model").type) == \
        "struct<style: string, ground_truth: string>"


def test_parquet_without_pyarrow_names_the_install_command(families, tmp_path, monkeypatch):
    real_import = builtins.__import__

    def no_pyarrow(name, *args, **kwargs):
        if name.split(".")[0] == "pyarrow":
            raise ImportError("No module named 'pyarrow'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    with pytest.raises(MissingExtraError, match=r"pip install 'ifevalpp\[rl\]'"):
        export_rl(families, tmp_path / "rl.parquet")
    assert not (tmp_path / "rl.parquet").exists()


# ---------------------------------------------------------------- the CLI

def test_cli_writes_the_rows_and_prints_where_the_verl_reward_is(families, tmp_path):
    result = run("export-rl", str(families), "--out", str(tmp_path / "rl.jsonl"),
                 "--kinds", "original")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"wrote 3 rows (original 3) to {tmp_path / 'rl.jsonl'} [jsonl]"
    assert "custom_reward_function.name=compute_score" in lines[-1]
    verl_path = lines[-1].split("custom_reward_function.path=")[1].split()[0]
    assert Path(verl_path).name == "verl.py" and Path(verl_path).exists()
    assert len(read_jsonl(tmp_path / "rl.jsonl")) == 3


def test_cli_format_follows_the_suffix_unless_given(families, tmp_path):
    pytest.importorskip("pyarrow")
    assert "[parquet]" in run("export-rl", str(families), "--out",
                              str(tmp_path / "rl.parquet")).output
    assert "[jsonl]" in run("export-rl", str(families), "--out", str(tmp_path / "rl.data"),
                            "--format", "jsonl").output


def test_cli_bad_input_is_one_line_exit_2_and_no_file(tmp_path):
    source = write_lines(tmp_path / "bad.jsonl", [
        {"key": 1, "prompt": "p", "instruction_id_list": ["keywords:existence"],
         "kwargs": [{"keywords": "tea"}]}])
    result = run("export-rl", str(source), "--out", str(tmp_path / "rl.jsonl"))
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: {source}, line 1, field 'kwargs.0.keywords': keywords:existence: Input should "
        "be a valid list (got {'keywords': 'tea'})"]
    assert not (tmp_path / "rl.jsonl").exists()


def test_cli_system_prompt_needs_chat_prompts(families, tmp_path):
    result = run("export-rl", str(families), "--out", str(tmp_path / "rl.jsonl"),
                 "--prompt-format", "text", "--system-prompt", "Be brief.")
    assert result.exit_code == 2 and "--system-prompt needs --prompt-format chat" in result.output
