"""trl_reward, called exactly as TRL's GRPOTrainer calls a reward function.

GRPOTrainer passes keyword arguments only: `prompts`, `completions`,
`completion_ids`, every other dataset column as a list with one entry per
completion (a prompt's row repeated for each of its generations), and in
recent releases `trainer_state`. Conversational datasets give each
completion as `[{"role": "assistant", "content": ...}]`. A `None` reward
means "not applicable" (TRL turns it into NaN).
"""

from __future__ import annotations

import json

import pytest

from ifevalpp.errors import InputError, ParamsError
from ifevalpp.reward import trl_reward

PROMPT = [{"role": "user", "content": "Describe tea in lowercase, mentioning tea."}]
IDS = ["change_case:english_lowercase", "keywords:existence"]
KWARGS_JSON = json.dumps([{}, {"keywords": ["tea"]}])
ANSWERS = ["green tea warms the hands.", "Green tea warms the hands.", "green leaves only."]


class TrainerState:
    global_step = 7


def call_like_grpo(reward, completions, **columns):
    count = len(completions)
    return reward(prompts=[PROMPT] * count, completions=completions,
                  completion_ids=[[101, 102, 103]] * count, trainer_state=TrainerState(),
                  **columns)


def test_conversational_completions_with_json_kwargs():
    completions = [[{"role": "assistant", "content": text}] for text in ANSWERS]
    rewards = call_like_grpo(trl_reward(), completions, instruction_id_list=[IDS] * 3,
                             kwargs=[KWARGS_JSON] * 3, key=["7:original:0"] * 3)
    assert rewards == [1.0, 0.0, 0.0]


def test_standard_format_plain_string_completions_and_prompts():
    reward = trl_reward(reduce="fraction")
    rewards = reward(prompts=["Describe tea."] * 3, completions=ANSWERS,
                     completion_ids=[[1]] * 3, instruction_id_list=[IDS] * 3,
                     kwargs=[KWARGS_JSON] * 3)
    assert rewards == [1.0, 0.5, 0.5]


def test_kwargs_as_lists_of_objects_null_filled_as_a_json_loader_unifies_them():
    # `datasets` reading JSON gives every kwargs object the union of keys, null where unused.
    unified = [{"keywords": None, "num_words": None}, {"keywords": ["tea"], "num_words": None}]
    rewards = call_like_grpo(trl_reward(), ANSWERS[:1], instruction_id_list=[IDS],
                             kwargs=[unified])
    assert rewards == [1.0]


def test_rows_of_another_task_get_none():
    rewards = call_like_grpo(trl_reward(), ANSWERS[:2], instruction_id_list=[IDS, None],
                             kwargs=[KWARGS_JSON, None])
    assert rewards == [1.0, None]


@pytest.mark.parametrize("options, name", [
    ({}, "ifeval_strict_all"),
    ({"mode": "loose", "reduce": "fraction"}, "ifeval_loose_fraction"),
    ({"profile": "revised"}, "ifeval_strict_all_revised"),
    ({"name": "if_reward"}, "if_reward"),
])
def test_the_function_name_is_what_trl_logs(options, name):
    assert trl_reward(**options).__name__ == name


def test_a_dataset_without_the_instruction_column_is_a_clear_error():
    with pytest.raises(InputError, match="instruction_id_list") as raised:
        call_like_grpo(trl_reward(), ANSWERS[:1], answer=["42"])
    assert "export-rl" in str(raised.value)


def test_bad_kwargs_in_the_dataset_raise():
    with pytest.raises(ParamsError):
        call_like_grpo(trl_reward(), ANSWERS[:1], instruction_id_list=[IDS],
                       kwargs=[json.dumps([{}, {"keywords": "tea"}])])


def test_bad_options_raise_when_the_reward_is_made():
    with pytest.raises(ValueError, match="mode"):
        trl_reward(mode="medium")  # type: ignore[arg-type]


def test_custom_column_names():
    reward = trl_reward(instruction_ids_column="ifeval_ids", kwargs_column="ifeval_kwargs")
    assert call_like_grpo(reward, ANSWERS[:1], ifeval_ids=[IDS],
                          ifeval_kwargs=[KWARGS_JSON]) == [1.0]


def test_the_reward_pickles_for_frameworks_that_ship_it_to_other_processes():
    import pickle

    copy = pickle.loads(pickle.dumps(trl_reward(mode="loose")))
    assert copy.__name__ == "ifeval_loose_all"
    assert call_like_grpo(copy, ANSWERS[:1], instruction_id_list=[IDS],
                          kwargs=[KWARGS_JSON]) == [1.0]


def test_an_error_names_the_row_in_the_batch_trl_passed():
    with pytest.raises(ParamsError, match="completion 2, instruction 1") as raised:
        call_like_grpo(trl_reward(), ANSWERS, instruction_id_list=[None, IDS, IDS],
                       kwargs=[None, KWARGS_JSON, json.dumps([{}, {"keywords": "tea"}])])
    assert raised.value.field == "kwargs_lists[2][1].keywords"
