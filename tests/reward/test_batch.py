"""score_batch: one reward per completion, validated before any work, never raising on an answer."""

from __future__ import annotations

import pytest

from ifevalpp import constraints
from ifevalpp.errors import InputError, ParamsError, UnknownInstructionError
from ifevalpp.reward import batch, score_batch, shutdown_workers
from ifevalpp.reward import pool

NO_COMMA = ["punctuation:no_comma"]
LOWER_TEA = ["change_case:english_lowercase", "keywords:existence"]
LOWER_TEA_KWARGS = [{}, {"keywords": ["tea"]}]
THREE = ["punctuation:no_comma", "keywords:existence", "length_constraints:number_words"]
THREE_KWARGS = [{}, {"keywords": ["tea"]}, {"relation": "at least", "num_words": 12}]


def test_all_is_one_when_every_instruction_is_followed_and_zero_otherwise():
    rewards = score_batch(["green tea warms the hands on a cold morning.",
                          "Green tea warms the hands on a cold morning."],
                          [LOWER_TEA, LOWER_TEA], [LOWER_TEA_KWARGS, LOWER_TEA_KWARGS])
    assert rewards == [1.0, 0.0]  # the second has a capital letter


def test_fraction_is_the_share_of_instructions_followed():
    # No comma: yes; 'tea': yes; at least 12 words: no (7 words).
    assert score_batch(["I drink tea in the early morning."], [THREE], [THREE_KWARGS],
                       reduce="fraction") == [pytest.approx(2 / 3)]


def test_loose_mode_forgives_a_framing_first_line():
    text = 'Sure, here it is:\n"A short quoted answer."'
    ids, kwargs = [["startend:quotation"]], [[{}]]
    assert score_batch([text], ids, kwargs, mode="strict") == [0.0]
    assert score_batch([text], ids, kwargs, mode="loose") == [1.0]


@pytest.mark.parametrize("completion", ["", "   \n", None, 42, b"bytes", [], [{"role": "user"}]],
                         ids=["empty", "blank", "none", "int", "bytes", "no-messages",
                              "no-assistant-message"])
@pytest.mark.parametrize("reduce", ["all", "fraction"])
def test_a_completion_without_text_scores_zero_and_never_raises(completion, reduce):
    assert score_batch([completion], [NO_COMMA], [[{}]], reduce=reduce) == [0.0]


def test_rewards_keep_the_input_order():
    texts = ["a, b", "a b", "c, d", "c d"]
    assert score_batch(texts, [NO_COMMA] * 4, [[{}]] * 4) == [0.0, 1.0, 0.0, 1.0]


def test_conversational_completions_grade_the_last_assistant_message():
    completion = [{"role": "assistant", "content": "First try, with a comma."},
                  {"role": "tool", "content": "ok"},
                  {"role": "assistant", "content": "Final answer without one"}]
    assert score_batch([completion], [NO_COMMA], [[{}]]) == [1.0]


def test_think_blocks_are_not_graded_by_default():
    text = "<think>Hmm, first this, then that.</think>\n\nAn answer without commas"
    assert score_batch([text], [NO_COMMA], [[{}]]) == [1.0]
    assert score_batch([text], [NO_COMMA], [[{}]], keep_reasoning=True) == [0.0]


def test_an_answer_cut_off_inside_its_reasoning_scores_zero():
    assert score_batch(["<think>still thinking and no answer yet"], [NO_COMMA], [[{}]]) == [0.0]


def test_null_kwargs_in_either_release_style_mean_absent():
    hugging_face_style = [{"keywords": None, "num_words": None, "relation": None}]
    assert score_batch(["no commas", "no commas"], [NO_COMMA, NO_COMMA],
                       [hugging_face_style, None]) == [1.0, 1.0]


def test_verdicts_are_those_of_check_and_check_loose():
    text = "Tea, tea and more tea: I drink it every single morning with my whole family."
    strict = all(constraints.check(i, text, k) for i, k in zip(THREE, THREE_KWARGS))
    loose = all(constraints.check_loose(i, text, k) for i, k in zip(THREE, THREE_KWARGS))
    assert score_batch([text], [THREE], [THREE_KWARGS]) == [float(strict)]
    assert score_batch([text], [THREE], [THREE_KWARGS], mode="loose") == [float(loose)]


# ---------------------------------------------------------------- bad input raises first

def test_bad_kwargs_raise_before_any_completion_is_checked(monkeypatch):
    calls = []
    monkeypatch.setattr(batch, "_strict", lambda *args, **kwargs: calls.append(args) or True)
    kwargs = [[{"num_words": 5, "relation": "at least"}]] * 3 + [[{"num_words": "many",
                                                                   "relation": "at least"}]]
    with pytest.raises(ParamsError) as raised:
        score_batch(["some words here"] * 4, [["length_constraints:number_words"]] * 4, kwargs)
    assert calls == []
    assert raised.value.field == "kwargs_lists[3][0].num_words"
    assert "completion 3, instruction 0" in str(raised.value)


def test_an_unknown_instruction_id_is_named_with_its_position():
    with pytest.raises(UnknownInstructionError) as raised:
        score_batch(["text", "text"], [NO_COMMA, ["punctuation:no_colon"]], [[{}], [{}]])
    assert raised.value.field == "instruction_id_lists[1][0]"
    assert "punctuation:no_colon" in str(raised.value)


def test_a_relation_the_official_profile_cannot_check_is_refused_and_revised_checks_it():
    ids, kwargs = [["length_constraints:number_words"]], [[{"relation": "at most",
                                                            "num_words": 5}]]
    with pytest.raises(ParamsError, match="revised"):
        score_batch(["four short words here"], ids, kwargs)
    assert score_batch(["four short words here"], ids, kwargs, profile="revised") == [1.0]


@pytest.mark.parametrize("ids, kwargs, field", [
    pytest.param([NO_COMMA], [[{}], [{}]], "kwargs_lists", id="columns-of-different-lengths"),
    pytest.param([[]], [[]], "instruction_id_lists[0]", id="no-instructions"),
    pytest.param(["punctuation:no_comma"], [[{}]], "instruction_id_lists[0]",
                 id="ids-as-a-string"),
    pytest.param([NO_COMMA], [[{}, {}]], "kwargs_lists[0]", id="kwargs-misaligned"),
    pytest.param([NO_COMMA], [["{}"]], "kwargs_lists[0]", id="kwargs-item-not-an-object"),
])
def test_malformed_columns_raise_input_error_naming_the_field(ids, kwargs, field):
    with pytest.raises(InputError) as raised:
        score_batch(["text"], ids, kwargs)
    assert raised.value.field == field


def test_prompts_must_align_with_completions():
    with pytest.raises(InputError, match="prompts"):
        score_batch(["a", "b"], [NO_COMMA] * 2, [[{}]] * 2, prompts=["only one"])


@pytest.mark.parametrize("options", [{"mode": "lenient"}, {"reduce": "mean"},
                                     {"profile": "strictest"}, {"workers": 0}])
def test_unknown_options_raise_value_error(options):
    with pytest.raises(ValueError):
        score_batch(["text"], [NO_COMMA], [[{}]], **options)


# ---------------------------------------------------------------- worker processes

@pytest.fixture()
def small_threshold(monkeypatch):
    monkeypatch.setattr(batch, "PARALLEL_THRESHOLD", 8)
    monkeypatch.setattr(batch, "MIN_CHUNK", 3)
    yield
    shutdown_workers()


def _mixed_batch(size: int):
    texts = [("green tea, hot" if n % 3 == 0 else "green tea warms the hands") + f" {n}"
             for n in range(size)]
    return texts, [LOWER_TEA] * size, [LOWER_TEA_KWARGS] * size


def test_worker_processes_give_the_same_rewards_in_the_same_order(small_threshold):
    texts, ids, kwargs = _mixed_batch(40)
    for options in ({}, {"mode": "loose"}, {"reduce": "fraction"}):
        assert score_batch(texts, ids, kwargs, workers=2, **options) == \
            score_batch(texts, ids, kwargs, workers=1, **options)


def test_the_pool_is_kept_between_calls_and_stopped_by_shutdown(small_threshold):
    texts, ids, kwargs = _mixed_batch(20)
    score_batch(texts, ids, kwargs, workers=2)
    first = pool._pool
    score_batch(texts, ids, kwargs, workers=2)
    assert first is not None and pool._pool is first
    shutdown_workers()
    assert pool._pool is None
    assert score_batch(texts, ids, kwargs, workers=2) == score_batch(texts, ids, kwargs,
                                                                     workers=1)


def test_bad_kwargs_raise_in_the_caller_even_for_a_pooled_batch(small_threshold):
    texts, ids, kwargs = _mixed_batch(20)
    kwargs = kwargs[:-1] + [[{}, {"keywords": []}]]
    with pytest.raises(ParamsError) as raised:
        score_batch(texts, ids, kwargs, workers=2)
    assert raised.value.field.startswith("kwargs_lists[19][1]")


def test_a_pooled_batch_refused_late_leaves_the_pool_answering_the_next(small_threshold):
    texts, ids, kwargs = _mixed_batch(20)
    bad = kwargs[:-1] + [[{}, {"keywords": []}]]
    with pytest.raises(ParamsError):  # (the first chunks went to the workers meanwhile)
        score_batch(texts, ids, bad, workers=2)
    assert score_batch(texts, ids, kwargs, workers=2) == score_batch(texts, ids, kwargs,
                                                                     workers=1)


def test_a_rollout_group_of_64_stays_in_the_calling_process():
    shutdown_workers()
    texts, ids, kwargs = _mixed_batch(64)
    score_batch(texts, ids, kwargs, workers=2)
    assert pool._pool is None


def test_score_batch_scores_ifbench_instructions_with_null_padded_kwargs():
    from ifevalpp.reward import score_batch

    padded = {"N": 2.0, "small_n": None, "keyword": None}
    rewards = score_batch(["I have 2 cats and 3 dogs.", "No numbers here."],
                          [["count:numbers"], ["count:numbers"]], [[padded], [padded]],
                          mode="strict", reduce="all")
    assert list(rewards) == [1.0, 0.0]


def test_validated_rows_are_scored_without_parsing_their_parameters_again(monkeypatch):
    rows = batch.prepare_rows(["green tea, hot"] * 2, [THREE, THREE], [THREE_KWARGS] * 2, None,
                              profile="official", keep_reasoning=False)

    def parse_again(*args, **kwargs):
        raise AssertionError("parsed twice")

    monkeypatch.setattr(constraints, "parse_params", parse_again)
    monkeypatch.setattr(batch, "parse_params", parse_again)
    assert batch.score_rows(rows, "strict", "fraction", "official") == [1 / 3, 1 / 3]
