"""The LLM family backend against a real HTTP server (127.0.0.1) through the real openai client.

The "model" is a table of canned answers (`llm_fakes.CannedModel`) keyed by
(case, kind, variant); every case and answer below is written for these tests.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from llm_fakes import CannedModel, FakeServer, Reply, Request, card_of, completion

from ifevalpp.cli import main
from ifevalpp.constraints import check, parse_params
from ifevalpp.constraints.support.case import CaseContext, Item
from ifevalpp.resources import templates_dir
from ifevalpp.generate.llm import LLMSettings, generate_families_llm, llm_version
from ifevalpp.generate.llm.answers import parse_answer
from ifevalpp.respond import EndpointFatalError, RetryPolicy
from ifevalpp.schema import Case
from ifevalpp.validate.witness import build_witness

NOTE = ("Write a short note to a neighbour about a cat that has gone missing. Your note must "
        "contain at least 60 words. Do not put any commas in your response.")
CAFE = ('Describe a rainy afternoon in a small cafe. Include the keywords "umbrella" and "steam" '
        'in your response.')
TURTLE = ("Suggest a name for a pet turtle and explain your choice. Your reply should have fewer "
          "than 8 sentences.")
COPY = "\n\nBefore you answer, copy the request above exactly as it is, with nothing in front of it."

CASES = [
    Case(key=201, prompt=NOTE,
         instruction_id_list=["length_constraints:number_words", "punctuation:no_comma"],
         kwargs=[{"relation": "at least", "num_words": 60}, {}]),
    Case(key=202, prompt=CAFE, instruction_id_list=["keywords:existence"],
         kwargs=[{"keywords": ["umbrella", "steam"]}]),
    Case(key=203, prompt=TURTLE + COPY,
         instruction_id_list=["combination:repeat_prompt", "length_constraints:number_sentences"],
         kwargs=[{"prompt_to_repeat": TURTLE}, {"relation": "less than", "num_sentences": 8}]),
]
KEYS = {case.prompt: case.key for case in CASES}

TURTLE_2 = ("Propose what to call a pet turtle and say why you picked it. Keep the reply under 8 "
            "sentences, i.e. fewer than 8 sentences.")
TURTLE_3 = ("Name a pet turtle for me and justify the name. Use fewer than 8 sentences in total, "
            "so fewer than 8 sentences.")
TURTLE_FEW = ("Come up with a name for a pet turtle and give your reasons. Your whole reply should "
              "contain fewer than 6 sentences.")
TURTLE_FEWER = ("Think of a name for a pet turtle and argue for it briefly. The response should "
                "contain fewer than 4 sentences.")

# Format distractors: the original untouched plus one named requirement.
TITLE = (" Give the note a title set in double angular brackets, such as <<lost cat>>, so it "
         "stands out on the door.")
QUESTION = (" End the note with a question that asks the neighbours to ring me if they spot the "
            "cat anywhere nearby.")
BULLETS = (" Lay the whole description out as exactly 3 markdown bullet points, such as:\n"
           "* This is a point.")
NO_EMOJI = " Keep the whole description free of emoji, since it will be printed in a small zine."
POSTSCRIPT = (" At the end of your answer, please add a postscript starting with P.S. that shares "
              "a turtle fact.")
PLAIN = (" Keep the whole answer free of markdown formatting, since it goes into a plain text "
         "message.")

GOOD: dict[tuple[int, str, int], dict[str, Any]] = {
    (201, "rephrasing", 1): {"prompt": "A cat from my street has vanished and I want to tell the "
                             "family next door. Please draft a brief message for them that runs "
                             "to at least 60 words. Do not put a single comma in it."},
    (201, "rephrasing", 2): {"prompt": "Compose a message for the people next door explaining "
                             "that their cat is lost.\n- Use at least 60 words.\n- Do not use "
                             "any commas."},
    (201, "distractor", 1): {"prompt": NOTE + TITLE,
                             "distractor": {"id": "detectable_format:title", "kwargs": {}}},
    (201, "distractor", 2): {"prompt": NOTE + QUESTION, "distractor": {"id": "closing-question"}},
    (201, "reconfiguration", 1): {
        "prompt": "Write a short note to a neighbour about a cat that has gone missing. Make it "
                  "fuller: at least 100 words in total. Do not put any commas in your response.",
        "kwargs": [{"relation": "at least", "num_words": 100}, {}]},
    (201, "reconfiguration", 2): {
        "prompt": "Write a short note to a neighbour about a cat that has gone missing. It has "
                  "to be long, with at least 150 words. Do not put any commas in your response.",
        "kwargs": [{"relation": "at least", "num_words": 150}, {}]},
    (202, "rephrasing", 1): {"prompt": 'Paint a picture in words of a wet afternoon spent inside '
                             'a tiny coffee shop, making sure the words "umbrella" and "steam" '
                             'both appear in your answer.'},
    (202, "rephrasing", 2): {"prompt": "Tell me about an afternoon of rain in a cosy little "
                             'cafe.\nRequirements:\n- use the keywords "umbrella" and "steam"'},
    (202, "distractor", 1): {"prompt": CAFE + BULLETS,
                             "distractor": {"id": "detectable_format:number_bullet_lists",
                                            "kwargs": {"num_bullets": 3}}},
    (202, "distractor", 2): {"prompt": CAFE + NO_EMOJI, "distractor": {"id": "no-emoji"}},
    (202, "reconfiguration", 1): {
        "prompt": 'Describe a rainy afternoon in a small cafe. Work the keywords "umbrella", '
                  '"steam" and "puddle" into the description.',
        "kwargs": [{"keywords": ["umbrella", "steam", "puddle"]}]},
    (202, "reconfiguration", 2): {
        "prompt": 'Describe a rainy afternoon in a small cafe. Your answer should mention the '
                  'keywords "umbrella", "steam", "window" and "jazz".',
        "kwargs": [{"keywords": ["umbrella", "steam", "window", "jazz"]}]},
    (203, "rephrasing", 1): {"prompt": TURTLE_2 + COPY, "prompt_to_repeat": TURTLE_2},
    (203, "rephrasing", 2): {"prompt": "Before anything else, repeat the request below word for "
                             "word, then answer it.\n\n" + TURTLE_3,
                             "prompt_to_repeat": TURTLE_3},
    (203, "distractor", 1): {"prompt": TURTLE + COPY + POSTSCRIPT,
                             "distractor": {"id": "detectable_content:postscript",
                                            "kwargs": {"postscript_marker": "P.S."}}},
    (203, "distractor", 2): {"prompt": TURTLE + COPY + PLAIN, "distractor": "plain-text"},
    (203, "reconfiguration", 1): {
        "prompt": TURTLE_FEW + COPY,
        "kwargs": [{"prompt_to_repeat": TURTLE_FEW}, {"relation": "less than",
                                                      "num_sentences": 6}]},
    (203, "reconfiguration", 2): {
        "prompt": TURTLE_FEWER + COPY,
        "kwargs": [{"prompt_to_repeat": TURTLE_FEWER}, {"relation": "less than",
                                                        "num_sentences": 4}]},
}

# A case whose constraints have no value to change: its reconfigurations bring new tasks.
LIMERICK = ("Write a limerick about a forgetful wizard. Do not put any commas in your response. "
            "Give it a title set in double angular brackets, like <<title>>.")
WIZARD = Case(key=204, prompt=LIMERICK,
              instruction_id_list=["punctuation:no_comma", "detectable_format:title"],
              kwargs=[{}, {}])
LIMERICK_RULES = (" Do not put any commas in your response. Give it a title set in double "
                  "angular brackets, like <<title>>.")
TASKS = {
    (204, "reconfiguration", 1): {
        "prompt": "Write a ballad in six stanzas about a lighthouse keeper who counts the ships "
                  "that never return." + LIMERICK_RULES, "kwargs": [{}, {}]},
    (204, "reconfiguration", 2): {
        "prompt": "Compose a sonnet that argues both sides of moving from the city to a farm, "
                  "ending on a decision." + LIMERICK_RULES, "kwargs": [{}, {}]},
}

FAST = RetryPolicy(max_attempts=2, backoff_base_s=0.001, backoff_max_s=0.01)


def settings(server: FakeServer, tmp_path: Path, **overrides: Any) -> LLMSettings:
    fields: dict[str, Any] = {"model": "fake", "base_urls": [server.url], "retry": FAST,
                              "timeout_s": 5.0, "concurrency": 4,
                              "cache_dir": tmp_path / "cache"}
    fields.update(overrides)
    return LLMSettings(**fields)


def model(answers: dict[tuple[int, str, int], Any]) -> CannedModel:
    return CannedModel(KEYS, answers)


def cousins(result: Any) -> dict[str, Any]:
    return {variant.key: variant for variant in result.variants if variant.kind != "original"}


def run(answers: dict[tuple[int, str, int], Any], tmp_path: Path, cases: Any = None,
        **options: Any) -> Any:
    """One generation over `cases` (default CASES) against the canned `answers`."""
    cases = CASES if cases is None else cases
    canned = CannedModel({case.prompt: case.key for case in cases}, answers)
    with FakeServer(canned) as server:
        return generate_families_llm(cases, settings(server, tmp_path), **options)


# ---------------------------------------------------------------- valid answers


def test_valid_answers_become_validated_cousins(tmp_path: Path) -> None:
    with FakeServer(model(GOOD)) as server:
        result = generate_families_llm(CASES, settings(server, tmp_path), per_kind=2)
    assert result.failures == []
    made = cousins(result)
    assert len(made) == 3 * 3 * 2
    for key, variant in made.items():
        case, kind, index = key.split(":")
        canned = GOOD[(int(case), kind, int(index))]
        assert variant.prompt == canned["prompt"]
        assert variant.validation.ok
        assert variant.generator.backend == "openai"
        assert variant.generator.version == llm_version() == result.version
        assert variant.generator.detail["model"] == "fake"
        assert variant.generator.detail["attempt"] == 0
        assert isinstance(variant.generator.seed, int)
    assert result.backend == "openai" and result.stats.requests == 18


def test_rephrasings_and_distractors_keep_kwargs_reconfigurations_bring_new_ones(
        tmp_path: Path) -> None:
    with FakeServer(model(GOOD)) as server:
        made = cousins(generate_families_llm(CASES, settings(server, tmp_path), per_kind=2))
    assert made["201:rephrasing:1"].kwargs == [{"relation": "at least", "num_words": 60}, {}]
    assert made["202:distractor:2"].kwargs == [{"keywords": ["umbrella", "steam"]}]
    assert made["201:reconfiguration:1"].kwargs == [{"relation": "at least", "num_words": 100},
                                                    {}]
    # The repeat text follows the new request in a rephrasing and a reconfiguration.
    assert made["203:rephrasing:1"].kwargs[0] == {"prompt_to_repeat": TURTLE_2}
    assert made["203:reconfiguration:1"].kwargs == [{"prompt_to_repeat": TURTLE_FEW},
                                                    {"relation": "less than", "num_sentences": 6}]
    assert made["203:distractor:1"].kwargs[0] == {"prompt_to_repeat": TURTLE}


def test_format_distractors_name_their_requirement_in_the_record(tmp_path: Path) -> None:
    made = cousins(run(GOOD, tmp_path, per_kind=2, kinds=["distractor"]))
    typed, catalogue = made["202:distractor:1"], made["202:distractor:2"]
    assert typed.distractor == {"instruction_id": "detectable_format:number_bullet_lists",
                                "kwargs": {"num_bullets": 3}}
    assert typed.generator.detail["source"] == "instruction"
    assert catalogue.distractor == {"text": NO_EMOJI.strip()}
    assert catalogue.generator.detail["requirement"] == "no-emoji"
    assert catalogue.generator.detail["source"] == "catalogue"
    # A bare id is read as the requirement's name; only the original constraints are scored.
    assert made["203:distractor:2"].generator.detail["requirement"] == "plain-text"
    assert typed.instruction_id_list == ["keywords:existence"]
    assert all(v.generator.detail["style"] == "format" for v in made.values())


def test_every_typed_distractor_has_a_joint_witness(tmp_path: Path) -> None:
    made = cousins(run(GOOD, tmp_path, per_kind=2, kinds=["distractor"]))
    typed = [v for v in made.values() if v.distractor and "instruction_id" in v.distractor]
    assert len(typed) == 3
    for variant in typed:
        ids = variant.instruction_id_list + [variant.distractor["instruction_id"]]
        kwargs = variant.kwargs + [variant.distractor["kwargs"]]
        items = [Item(position, instruction_id, parse_params(instruction_id, given))
                 for position, (instruction_id, given) in enumerate(zip(ids, kwargs))]
        witness = build_witness(CaseContext(key=variant.key, prompt=variant.prompt, items=items))
        assert witness is not None, variant.key
        assert all(check(i, witness, k, prompt=variant.prompt) for i, k in zip(ids, kwargs))


def test_reconfigured_values_get_harder_over_the_three(tmp_path: Path) -> None:
    made = cousins(run(GOOD, tmp_path, per_kind=2, kinds=["reconfiguration"]))
    directions = [direction for v in made.values()
                  for direction in v.generator.detail["directions"].values()]
    assert directions == ["harder"] * 6
    words = [made[f"201:reconfiguration:{index}"].kwargs[0]["num_words"] for index in (1, 2)]
    sentences = [made[f"203:reconfiguration:{index}"].kwargs[1]["num_sentences"]
                 for index in (1, 2)]
    assert 60 < words[0] < words[1] and 8 > sentences[0] > sentences[1]
    assert made["201:reconfiguration:1"].generator.detail["reconfigure"] == "harder"


def test_a_case_with_nothing_to_change_gets_new_tasks_of_the_model(tmp_path: Path) -> None:
    made = cousins(run(TASKS, tmp_path, cases=[WIZARD], per_kind=2, kinds=["reconfiguration"]))
    for index in (1, 2):
        variant = made[f"204:reconfiguration:{index}"]
        assert variant.prompt == TASKS[(204, "reconfiguration", index)]["prompt"]
        assert variant.kwargs == [{}, {}]
        assert variant.generator.detail["strategy"] == "task"
        assert variant.generator.detail["task_source"] == "model"


def test_requests_ask_for_json_with_the_model_seed_and_sampling_settings(tmp_path: Path) -> None:
    with FakeServer(model(GOOD)) as server:
        generate_families_llm(CASES[:1], settings(server, tmp_path, temperature=0.3,
                                                  max_tokens=500),
                              per_kind=1, kinds=["rephrasing"])
        (request,) = server.requests
    body = request.body
    assert body["model"] == "fake"
    assert body["response_format"] == {"type": "json_object"}
    assert body["temperature"] == 0.3 and body["max_tokens"] == 500
    assert isinstance(body["seed"], int) and 0 <= body["seed"] < 2 ** 31
    assert [message["role"] for message in body["messages"]] == ["system", "user"]
    assert card_of(request)["prompt"] == NOTE


def test_a_format_distractor_request_lists_requirements_the_case_accepts(tmp_path: Path) -> None:
    with FakeServer(model(GOOD)) as server:
        generate_families_llm(CASES[2:], settings(server, tmp_path), per_kind=2,
                              kinds=["distractor"])
        typed, catalogue = (request.prompt for request in server.requests)
    # The request to repeat refuses a new first line: no greeting is offered beside it.
    assert '"plain-text"' in catalogue and '"greeting-line"' not in catalogue
    assert '"detectable_format:title"' in typed and '"closing-question"' not in typed
    assert '"combination:repeat_prompt": for example' not in typed  # already checked


def test_a_harder_reconfiguration_request_says_how_far_each_value_may_go(tmp_path: Path) -> None:
    with FakeServer(model(GOOD)) as server:
        generate_families_llm(CASES[:1], settings(server, tmp_path), per_kind=2,
                              kinds=["reconfiguration"])
        first, second = (request.prompt for request in server.requests)
    assert "raise num_words above 60 (to at most 180)" in first
    assert '"num_words": 100' in second and "harder than the one before" in second


# ---------------------------------------------------------------- rejected answers

EDITED = ("I barely know my neighbours yet. Write a short note to a neighbour about a cat that "
          "has gone missing. It needs at least 60 words and zero commas.")


@pytest.mark.parametrize("case, kind, answer, reason", [
    # Rephrasings. "at least 80 words" while the kwargs still say 60: the validator rejects it.
    (201, "rephrasing", {"prompt": "Please write a brief message telling the family next door "
                                   "their cat is lost; use at least 80 words and no commas."},
     "validator:"),
    # The model hands back different kwargs for a rephrasing.
    (201, "rephrasing", {"prompt": GOOD[(201, "rephrasing", 1)]["prompt"],
                         "kwargs": [{"relation": "at least", "num_words": 80}, {}]},
     "length_constraints:number_words kwargs changed in a rephrasing"),
    # "no commas" silently dropped: the original states it, the cousin does not.
    (201, "rephrasing", {"prompt": "A cat from my street has vanished and I want to tell the "
                                   "family next door. Please draft a message of at least 60 "
                                   "words for them."},
     "dropped-constraint: punctuation:no_comma is no longer stated"),
    # A requirement the case does not check was added.
    (202, "rephrasing", {"prompt": GOOD[(202, "rephrasing", 1)]["prompt"] + " Write it all in "
                                   "lowercase letters."},
     "added-constraint: the prompt now states change_case:english_lowercase"),
    # Distractors. The original was rewritten instead of only added to.
    (201, "distractor", {"prompt": EDITED, "distractor": {"id": "closing-question"}},
     "the original prompt is not kept word for word"),
    # The named type is already checked in the case.
    (201, "distractor", {"prompt": NOTE + " Avoid commas entirely, as I said.",
                         "distractor": {"id": "punctuation:no_comma", "kwargs": {}}},
     "punctuation:no_comma is already checked in this case"),
    # The prompt says 3 highlights, the named kwargs 2: the validator on case + distractor.
    (202, "distractor", {"prompt": CAFE + " Using markdown, highlight at least 3 sections, "
                                          "e.g. *a key part*.",
                         "distractor": {"id": "detectable_format:number_highlighted_sections",
                                        "kwargs": {"num_highlights": 2}}},
     "with the distractor: REFLECT_NUMBER_MISMATCH"),
    # A new first line is what the request to repeat refuses (the types' declarations).
    (203, "distractor", {"prompt": TURTLE + COPY + " Open your reply with a short, warm greeting "
                                                   "line addressed to me.",
                         "distractor": {"id": "greeting-line"}},
     "greeting-line adds a line of its own at the very start"),
    # Declared effects allow it, but the edited witness breaks the request to repeat.
    (203, "distractor", {"prompt": TURTLE + COPY + " Somewhere in your answer, use at least one "
                                                   "semicolon to join two related thoughts.",
                         "distractor": {"id": "semicolon"}},
     "no joint witness"),
    # A request of the model's own beside constraints that refuse effects: nothing proves it.
    (203, "distractor", {"prompt": TURTLE + COPY + " Please lay the reasons out in a tidy little "
                                                   "grid with a row for each one.",
                         "distractor": {"id": "own"}},
     "cannot be proven compatible"),
    # The added text states a checked type besides the named requirement.
    (201, "distractor", {"prompt": NOTE + " End the note with a question, and write the whole "
                                          "note in all lowercase letters.",
                         "distractor": {"id": "closing-question"}},
     "the addition states an instruction type"),
    # Reconfigurations. Fewer words for "at least" is easier, not harder.
    (201, "reconfiguration", {"prompt": "Write a short note to a neighbour about a cat that has "
                                        "gone missing. Just at least 40 words will do. Do not "
                                        "put any commas in your response.",
                              "kwargs": [{"relation": "at least", "num_words": 40}, {}]},
     "not harder: length_constraints:number_words: num_words 60 -> 40 is not harder"),
    # The relation flipped: "less than 90" is not comparable with "at least 60".
    (201, "reconfiguration", {"prompt": "Write a short note to a neighbour about a cat that has "
                                        "gone missing. Keep it brief with less than 90 words. "
                                        "Do not put any commas in your response.",
                              "kwargs": [{"relation": "less than", "num_words": 90}, {}]},
     "the relation changed from \"at least\" to \"less than\""),
    # Harder, but far beyond the harder range (three times the current value at most).
    (201, "reconfiguration", {"prompt": "Write a short note to a neighbour about a cat that has "
                                        "gone missing. It must run to at least 1000 words. Do "
                                        "not put any commas in your response.",
                              "kwargs": [{"relation": "at least", "num_words": 1000}, {}]},
     "num_words 1000 is outside the harder range 61-180"),
    # Other keywords of the same number are not harder.
    (202, "reconfiguration", {"prompt": 'Describe a rainy afternoon in a small cafe. Work the '
                                        'keywords "puddle" and "cinnamon" into it.',
                              "kwargs": [{"keywords": ["puddle", "cinnamon"]}]},
     "a harder keywords keeps its words and adds more"),
    # The kwargs did not change.
    (202, "reconfiguration", {"prompt": GOOD[(202, "rephrasing", 1)]["prompt"],
                              "kwargs": [{"keywords": ["umbrella", "steam"]}]},
     "no parameter changed"),
    # The new request is not the text the model says must be repeated.
    (203, "reconfiguration", {"prompt": TURTLE_FEW + COPY,
                              "kwargs": [{"prompt_to_repeat": TURTLE},
                                         {"relation": "less than", "num_sentences": 6}]},
     "prompt_to_repeat is not in the new prompt"),
])
def test_rejected_answers_are_asked_again_up_to_the_bound_then_reported(
        tmp_path: Path, case: int, kind: str, answer: dict[str, Any], reason: str) -> None:
    canned = model({(case, kind, 1): answer})
    source = [item for item in CASES if item.key == case]
    with FakeServer(canned) as server:
        result = generate_families_llm(source, settings(server, tmp_path), per_kind=1,
                                       kinds=[kind], max_attempts=3)
        requests = server.requests
    (failure,) = result.failures
    assert (failure.case, failure.kind, failure.index, failure.attempts) == (case, kind, 1, 3)
    assert reason in failure.reason
    assert canned.seen == [(case, kind, 1, attempt) for attempt in range(3)]
    # Each re-ask is a new request: another attempt and seed, and the reason it failed.
    assert len({json.dumps(request.body["messages"]) for request in requests}) == 3
    assert len({request.body["seed"] for request in requests}) == 3
    assert failure.reason in requests[-1].prompt and failure.reason not in requests[0].prompt
    assert result.failures_by_case() == {str(case): [f"{kind}:1: {failure.reason}"]}


def test_a_reconfiguration_too_close_to_its_original_is_asked_again_under_the_lower_floor(
        tmp_path: Path) -> None:
    # Only the number changed: too close to the original to count as another prompt, under
    # the family's floor and under the lower floor of the second pass alike.
    answer = {"prompt": NOTE.replace("60", "150"),
              "kwargs": [{"relation": "at least", "num_words": 150}, {}]}
    canned = model({(201, "reconfiguration", 1): answer})
    with FakeServer(canned) as server:
        result = generate_families_llm([item for item in CASES if item.key == 201],
                                       settings(server, tmp_path), per_kind=1,
                                       kinds=["reconfiguration"], max_attempts=3)
    (failure,) = result.failures
    assert "too close to the original" in failure.reason and failure.attempts == 3
    first = [(201, "reconfiguration", 1, attempt) for attempt in range(3)]
    assert canned.seen[:3] == first and len(canned.seen) > 3, canned.seen


def test_a_task_reconfiguration_that_keeps_the_old_task_is_rejected(tmp_path: Path) -> None:
    kept = {"prompt": "Write a limerick about a forgetful wizard. Make it funny." + LIMERICK_RULES,
            "kwargs": [{}, {}]}
    result = run({(204, "reconfiguration", 1): kept}, tmp_path, cases=[WIZARD], per_kind=1,
                 kinds=["reconfiguration"], max_attempts=2)
    (failure,) = result.failures
    assert "the original task is still there" in failure.reason and failure.attempts == 2


def test_a_reconfiguration_not_harder_than_the_one_before_is_rejected(tmp_path: Path) -> None:
    answers = dict(GOOD)
    answers[(201, "reconfiguration", 2)] = {
        "prompt": "Write a short note to a neighbour about a cat that has gone missing. Aim for "
                  "at least 80 words this time. Do not put any commas in your response.",
        "kwargs": [{"relation": "at least", "num_words": 80}, {}]}
    result = run(answers, tmp_path, cases=CASES[:1], per_kind=2, kinds=["reconfiguration"],
                 max_attempts=2)
    (failure,) = result.failures
    assert failure.index == 2
    assert ("not harder than reconfiguration 1: length_constraints:number_words: num_words 80 "
            "here, 100 there") in failure.reason


def test_sibling_distractors_add_different_requirements(tmp_path: Path) -> None:
    answers = dict(GOOD)
    answers[(202, "distractor", 2)] = {"prompt": CAFE + " Please use a markdown bulleted list "
                                                        "of exactly 3 bullet points, such as:\n"
                                                        "* This is one.",
                                       "distractor": {"id": "detectable_format:number_bullet_lists",
                                                      "kwargs": {"num_bullets": 3}}}
    result = run(answers, tmp_path, cases=CASES[1:2], per_kind=2, kinds=["distractor"],
                 max_attempts=2)
    (failure,) = result.failures
    assert failure.index == 2
    assert ("distractor 1 already adds detectable_format:number_bullet_lists; add another "
            "requirement") in failure.reason


def test_a_rejected_answer_followed_by_a_valid_one_gives_the_cousin(tmp_path: Path) -> None:
    wrong = {"prompt": "Write a message for my neighbour about their lost cat with at least 80 "
                       "words and without commas."}
    canned = model({(201, "rephrasing", 1): [wrong, GOOD[(201, "rephrasing", 1)]]})
    with FakeServer(canned) as server:
        result = generate_families_llm(CASES[:1], settings(server, tmp_path), per_kind=1,
                                       kinds=["rephrasing"])
    assert result.failures == []
    assert cousins(result)["201:rephrasing:1"].generator.detail["attempt"] == 1


def test_the_older_styles_stay_available(tmp_path: Path) -> None:
    """--distractor-style context asks for irrelevant context; --reconfigure any takes any
    other value (a relation flip included)."""
    answers = {(201, "distractor", 1): {"prompt": "I moved into this street last spring and "
                                                  "still barely know anyone here. " + NOTE},
               (201, "reconfiguration", 1): {
                   "prompt": "Write a short note to a neighbour about a cat that has gone "
                             "missing. Keep it brief with less than 90 words. Do not put any "
                             "commas in your response.",
                   "kwargs": [{"relation": "less than", "num_words": 90}, {}]}}
    result = run(answers, tmp_path, cases=CASES[:1], per_kind=1,
                 kinds=["distractor", "reconfiguration"], distractor_style="context",
                 reconfigure="any")
    assert result.failures == []
    made = cousins(result)
    assert made["201:distractor:1"].distractor is None
    assert made["201:distractor:1"].generator.detail["style"] == "context"
    assert made["201:reconfiguration:1"].generator.detail["directions"] == {
        "length_constraints:number_words": "changed"}


# ---------------------------------------------------------------- unparseable answers


def test_unparseable_answers_are_retried_then_reported(tmp_path: Path) -> None:
    prose = "Here is my rewrite: please write a note about a missing cat."
    canned = model({(201, "rephrasing", 1): [prose, prose, GOOD[(201, "rephrasing", 1)]],
                    (201, "rephrasing", 2): prose})
    with FakeServer(canned) as server:
        result = generate_families_llm(CASES[:1], settings(server, tmp_path), per_kind=2,
                                       kinds=["rephrasing"], max_attempts=3)
    made = cousins(result)
    assert made["201:rephrasing:1"].generator.detail["attempt"] == 2
    (failure,) = result.failures
    assert (failure.index, failure.attempts) == (2, 3)
    assert "unparseable model output: no JSON object" in failure.reason
    assert result.stats.unparseable == 5


@pytest.mark.parametrize("kind, answer, message", [
    # A distractor that does not name what it added cannot be proven.
    ("distractor", {"prompt": NOTE + QUESTION}, "distractor: Field required"),
    ("distractor", {"prompt": NOTE + QUESTION, "distractor": {"kwargs": {}}},
     "distractor.id: Field required"),
    # Cut off in the middle of the kwargs: nothing decodes.
    ("reconfiguration", '{"prompt": "Write a note of at least 100 words.", "kwargs": [{"rela',
     "no JSON object"),
    ("reconfiguration", {"prompt": "Write a note of at least 100 words.",
                         "kwargs": "num_words=100"}, "kwargs"),
    ("reconfiguration", "I would raise the word count to 100.", "no JSON object"),
])
def test_unparseable_answers_of_each_kind_are_reported(tmp_path: Path, kind: str, answer: Any,
                                                       message: str) -> None:
    result = run({(201, kind, 1): answer}, tmp_path, cases=CASES[:1], per_kind=1, kinds=[kind],
                 max_attempts=2)
    (failure,) = result.failures
    assert failure.reason.startswith("generation: unparseable model output")
    assert message in failure.reason and failure.attempts == 2
    assert result.stats.unparseable == 2


# ---------------------------------------------------------------- no prompt in two families


def test_another_cases_original_is_not_a_cousin(tmp_path: Path) -> None:
    result = run({(201, "rephrasing", 1): {"prompt": CAFE}}, tmp_path, cases=CASES[:2],
                 per_kind=1, kinds=["rephrasing"], max_attempts=2)
    failure = next(failure for failure in result.failures if failure.case == 201)
    assert failure.reason == "generation: the prompt already belongs to family 202"


def test_a_cousin_with_another_cases_task_sentence_is_rejected(tmp_path: Path) -> None:
    borrowed = {"prompt": CAFE.split(". ")[0] + ". Your piece must contain at least 100 words. "
                                                "Do not put any commas in your response.",
                "kwargs": [{"relation": "at least", "num_words": 100}, {}]}
    result = run({(201, "reconfiguration", 1): borrowed}, tmp_path, cases=CASES[:2],
                 per_kind=1, kinds=["reconfiguration"], max_attempts=2)
    failure = next(failure for failure in result.failures if failure.case == 201)
    assert "case 202's original task sentence" in failure.reason


def test_a_prompt_two_families_produce_is_kept_by_the_first_only(tmp_path: Path) -> None:
    twin = Case(key=205, prompt="Write about a wet afternoon in a coffee shop. Include the "
                                'keywords "umbrella" and "steam" in your response.',
                instruction_id_list=["keywords:existence"],
                kwargs=[{"keywords": ["umbrella", "steam"]}])
    shared = GOOD[(202, "rephrasing", 1)]
    other = {"prompt": 'Picture a wet afternoon in a coffee shop and write about it; the words '
                       '"umbrella" and "steam" must both appear.'}
    answers = {(202, "rephrasing", 1): shared, (205, "rephrasing", 1): [shared, other]}
    first = run(answers, tmp_path, cases=[CASES[1], twin], per_kind=1, kinds=["rephrasing"])
    made = cousins(first)
    assert made["202:rephrasing:1"].prompt == shared["prompt"]
    assert made["205:rephrasing:1"].prompt == other["prompt"]
    assert made["205:rephrasing:1"].generator.detail["attempt"] == 1
    assert first.failures == []
    again = run(answers, tmp_path, cases=[CASES[1], twin], per_kind=1, kinds=["rephrasing"])
    assert [v.model_dump() for v in again.variants] == [v.model_dump() for v in first.variants]
    assert again.stats.requests == 0


@pytest.mark.parametrize("content", [
    '{"prompt": "New wording."}',
    '```json\n{"prompt": "New wording."}\n```',
    'Sure, here it is:\n```\n{"prompt": "New wording."}\n```\nHope this helps.',
    'Here you go: {"prompt": "New wording."} -- and a {stray} brace after.',
    '<think>The user wants {"prompt": "wrong"} maybe.</think>\n{"prompt": "New wording."}',
    '{"new_prompt": "  New wording.  "}',
    # A nested object comes first, but the one with a prompt is the answer.
    'Notes: {"relation": "at least"} then {"prompt": "New wording.", "kwargs": [{}]}',
])
def test_answers_are_read_tolerantly(content: str) -> None:
    assert parse_answer(content).prompt == "New wording."


@pytest.mark.parametrize("content, finish_reason, message", [
    ("No JSON here at all.", "stop", "no JSON object in 'No JSON here at all.'"),
    ('{"prompt": "An unfinished', "length", "cut off at max_tokens"),
    # Cut off inside the answer: only a nested object decodes, and it has no prompt.
    ('{"prompt": "Cut", "kwargs": [{"num_words": 5}', "length", "prompt: Field required"),
    ('{"text": "wrong field"}', "stop", "prompt: Field required"),
    ("<think>only thoughts</think>", "stop", "empty answer"),
])
def test_unusable_answers_say_why(content: str, finish_reason: str, message: str) -> None:
    with pytest.raises(ValueError, match="unparseable model output") as caught:
        parse_answer(content, finish_reason=finish_reason)
    assert message in str(caught.value)


def test_reasoning_in_a_message_field_is_not_parsed(tmp_path: Path) -> None:
    answer = json.dumps(GOOD[(201, "rephrasing", 1)])

    def script(request: Request) -> Reply:
        return Reply(body=completion(answer, reasoning_content='Maybe {"prompt": "no"}.'))

    with FakeServer(script) as server:
        result = generate_families_llm(CASES[:1], settings(server, tmp_path), per_kind=1,
                                       kinds=["rephrasing"])
    assert cousins(result)["201:rephrasing:1"].prompt == GOOD[(201, "rephrasing", 1)]["prompt"]


# ---------------------------------------------------------------- cache


def test_the_cache_makes_a_second_run_send_no_request(tmp_path: Path) -> None:
    with FakeServer(model(GOOD)) as server:
        first = generate_families_llm(CASES, settings(server, tmp_path), per_kind=2)
        sent = len(server.requests)
        second = generate_families_llm(CASES, settings(server, tmp_path), per_kind=2)
        assert len(server.requests) == sent == 18
    assert [variant.model_dump() for variant in second.variants] == \
        [variant.model_dump() for variant in first.variants]
    assert (second.stats.requests, second.stats.cache_hits) == (0, 18)
    files = sorted((tmp_path / "cache").glob("*.json"))
    assert len(files) == 18
    entry = json.loads(files[0].read_text(encoding="utf-8"))
    assert files[0].stem == entry["key"] and entry["model"] == "fake"
    assert not list((tmp_path / "cache").glob(".*.tmp"))


def test_an_edited_prompt_template_is_not_served_from_the_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edited = tmp_path / "templates"
    shutil.copytree(templates_dir(), edited)
    common = edited / "llm" / "_common.j2"
    common.write_text(common.read_text(encoding="utf-8").replace(
        "You never answer the prompt yourself.", "You never answer the prompt."),
        encoding="utf-8")
    with FakeServer(model(GOOD)) as server:
        generate_families_llm(CASES[:1], settings(server, tmp_path), per_kind=1,
                              kinds=["rephrasing"])
        monkeypatch.setenv("IFEVALPP_TEMPLATES", str(edited))
        generate_families_llm(CASES[:1], settings(server, tmp_path), per_kind=1,
                              kinds=["rephrasing"])
        first, second = server.requests
    assert first.body["messages"][0] != second.body["messages"][0]
    assert len(list((tmp_path / "cache").glob("*.json"))) == 2


def test_changed_sampling_settings_are_not_served_from_the_cache(tmp_path: Path) -> None:
    with FakeServer(model(GOOD)) as server:
        generate_families_llm(CASES[:1], settings(server, tmp_path), per_kind=1,
                              kinds=["distractor"])
        generate_families_llm(CASES[:1], settings(server, tmp_path, temperature=0.1),
                              per_kind=1, kinds=["distractor"])
        assert len(server.requests) == 2


# ---------------------------------------------------------------- the endpoint


def test_a_server_without_json_mode_is_asked_again_without_it(tmp_path: Path) -> None:
    canned = model(GOOD)

    def script(request: Request) -> Reply:
        if "response_format" in request.body:
            return Reply(status=400, body={"error": {"message": "response_format is not "
                                                                "supported"}})
        return canned(request)

    with FakeServer(script) as server:
        result = generate_families_llm(CASES[:1], settings(server, tmp_path, concurrency=1),
                                       per_kind=2, kinds=["rephrasing"])
        with_format = ["response_format" in request.body for request in server.requests]
    assert result.failures == [] and len(cousins(result)) == 2
    assert with_format == [True, False, False]
    assert result.stats.json_mode is False


def test_a_request_that_keeps_failing_ends_that_cousin_only(tmp_path: Path) -> None:
    canned = model(GOOD)

    def script(request: Request) -> Reply:
        if card_of(request)["variant"] == 1:
            return Reply(status=500, body={"error": "overloaded"})
        return canned(request)

    with FakeServer(script) as server:
        result = generate_families_llm(CASES[:1], settings(server, tmp_path), per_kind=2,
                                       kinds=["distractor"], max_attempts=5)
        assert len(server.requests) == FAST.max_attempts + 1
    (failure,) = result.failures
    assert (failure.index, failure.attempts) == (1, 1)
    assert failure.reason.startswith("request failed: HTTP 500")
    assert "201:distractor:2" in cousins(result)
    assert len(list((tmp_path / "cache").glob("*.json"))) == 1  # failures are not cached


def test_an_endpoint_that_refuses_everything_stops_the_run(tmp_path: Path) -> None:
    with FakeServer(lambda request: Reply(status=404, body={"error": "no such model"})) as server:
        with pytest.raises(EndpointFatalError, match="--model"):
            generate_families_llm(CASES, settings(server, tmp_path), per_kind=1)


def test_a_fatal_answer_stops_the_run_without_waiting_for_slow_requests(tmp_path: Path) -> None:
    canned = model(GOOD)

    def script(request: Request) -> Reply:
        if card_of(request)["prompt"] == CASES[-1].prompt:
            return Reply(status=401, body={"error": "bad key"}, delay_s=0.2)
        reply = canned(request)
        reply.delay_s = 3.0
        return reply

    with FakeServer(script) as server:
        started = time.perf_counter()
        with pytest.raises(EndpointFatalError):
            generate_families_llm(CASES, settings(server, tmp_path), per_kind=1)
        assert time.perf_counter() - started < 1.5


# ---------------------------------------------------------------- versions


def test_llm_prompts_version_the_llm_backend_not_the_template_backend(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ifevalpp.generate import generator_version

    root = tmp_path / "templates"
    (root / "constraints").mkdir(parents=True)
    (root / "llm").mkdir()
    (root / "constraints" / "x.j2").write_text("one", encoding="utf-8")
    (root / "llm" / "rephrasing.j2").write_text("one", encoding="utf-8")
    monkeypatch.setenv("IFEVALPP_TEMPLATES", str(root))
    before = generator_version(), llm_version()
    edited = tmp_path / "edited"
    (edited / "constraints").mkdir(parents=True)
    (edited / "llm").mkdir()
    (edited / "constraints" / "x.j2").write_text("one", encoding="utf-8")
    (edited / "llm" / "rephrasing.j2").write_text("two", encoding="utf-8")
    monkeypatch.setenv("IFEVALPP_TEMPLATES", str(edited))
    after = generator_version(), llm_version()
    assert before[0] == after[0] and before[1] != after[1]


# ---------------------------------------------------------------- CLI


def _input(tmp_path: Path) -> Path:
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(json.dumps(case.model_dump(mode="json")) + "\n" for case in CASES),
                    encoding="utf-8")
    return path


def test_cli_writes_llm_families_and_reruns_from_the_cache(tmp_path: Path) -> None:
    source = _input(tmp_path)
    out = tmp_path / "families" / "llm.jsonl"
    with FakeServer(model(GOOD)) as server:
        args = ["generate-families", "--backend", "openai", "--model", "fake", "--base-url",
                server.url, "--original", str(source), "--out", str(out), "--per-kind", "2",
                "--no-progress"]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        first = out.read_bytes()
        again = CliRunner().invoke(main, args)
        assert again.exit_code == 0, again.output
        assert len(server.requests) == 18
    assert out.read_bytes() == first
    lines = [json.loads(line) for line in first.decode("utf-8").splitlines()]
    assert len(lines) == 3 * 7
    assert {line["generator"]["backend"] for line in lines if line["kind"] != "original"} == \
        {"openai"}
    manifest = json.loads(out.with_name("llm.manifest.json").read_text(encoding="utf-8"))
    assert manifest["backend"] == "openai"
    assert manifest["llm"]["model"] == "fake" and manifest["llm"]["base_urls"] == [server.url]
    assert manifest["coverage"] == {"complete_cases": 3, "cases": 3, "fraction": 1.0}
    assert manifest["validator"] == ("ifevalpp.validate.validate_case (strict for model "
                                     "cousins)")
    assert "coverage: 3/3 cases" in result.output
    assert "model requests: 18 sent, 0 answers from the cache" in result.output
    assert "model requests: 0 sent, 18 answers from the cache" in again.output
    assert len(list((out.parent / ".cache").glob("*.json"))) == 18


def test_the_manifest_says_per_kind_what_the_model_made(tmp_path: Path) -> None:
    source = _input(tmp_path)
    out = tmp_path / "made.jsonl"
    with FakeServer(model(GOOD)) as server:
        result = CliRunner().invoke(main, [
            "generate-families", "--backend", "openai", "--model", "fake", "--base-url",
            server.url, "--original", str(source), "--out", str(out), "--per-kind", "2",
            "--no-progress"])
    assert result.exit_code == 0, result.output
    made = json.loads(out.with_name("made.manifest.json").read_text(encoding="utf-8"))
    assert made["backend"] == "openai"
    distractor, reconfiguration = made["kinds_made"]["distractor"], \
        made["kinds_made"]["reconfiguration"]
    assert distractor["distractor_style"] == "format"
    assert distractor["styles"] == {"format": 6}
    assert distractor["distractor"] == {"catalogue": 3, "instruction": 3}
    assert reconfiguration["reconfigure"] == "harder"
    assert reconfiguration["strategy"] == {"parameters": 6}
    assert reconfiguration["task_source"] == {"kept": 6}
    assert reconfiguration["directions"] == {"harder": 6}
    # A model's rephrasing rewrites the whole prompt, task included.
    assert made["kinds_made"]["rephrasing"]["task_source"] == {"rewritten": 6}
    assert "diversity" in made["kinds_made"]["rephrasing"]


def test_cli_passes_the_distractor_style_and_direction_to_the_model(tmp_path: Path) -> None:
    source = _input(tmp_path)
    out = tmp_path / "context.jsonl"
    with FakeServer(model({})) as server:
        CliRunner().invoke(main, [
            "generate-families", "--backend", "openai", "--model", "fake", "--base-url",
            server.url, "--original", str(source), "--out", str(out), "--per-kind", "1",
            "--max-attempts", "1", "--cases", "201", "--distractor-style", "context",
            "--reconfigure", "any", "--no-progress"])
        prompts = {card_of(request)["kind"]: request.prompt for request in server.requests}
    assert "Add a distraction to the prompt" in prompts["distractor"]
    assert "Change the requirements of the prompt" in prompts["reconfiguration"]
    made = json.loads(out.with_name("context.manifest.json").read_text(encoding="utf-8"))
    assert made["kinds_made"]["distractor"]["distractor_style"] == "context"
    assert made["kinds_made"]["reconfiguration"]["reconfigure"] == "any"


def test_cli_reports_shortfalls_per_case_and_kind(tmp_path: Path) -> None:
    source = _input(tmp_path)
    out = tmp_path / "short.jsonl"
    answers = dict(GOOD)
    del answers[(202, "distractor", 1)]
    with FakeServer(model(answers)) as server:
        result = CliRunner().invoke(main, [
            "generate-families", "--backend", "openai", "--model", "fake", "--base-url",
            server.url, "--original", str(source), "--out", str(out), "--per-kind", "2",
            "--max-attempts", "2", "--cache-dir", str(tmp_path / "c"), "--no-progress"])
    assert result.exit_code == 0, result.output
    manifest = json.loads(out.with_name("short.manifest.json").read_text(encoding="utf-8"))
    assert list(manifest["shortfall"]) == ["202"]
    assert manifest["shortfall"]["202"][0].startswith("distractor:1: generation: unparseable")
    assert "coverage: 2/3 cases" in result.output


def test_cli_openai_backend_needs_a_model_and_an_endpoint(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["generate-families", "--backend", "openai", "--original",
                                       str(_input(tmp_path)), "--no-progress"])
    assert result.exit_code == 2
    assert "--backend openai needs --model and --base-url" in result.output

