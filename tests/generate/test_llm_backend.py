"""The LLM family backend against a real HTTP server (127.0.0.1) through the real openai client.

The "model" is a table of canned answers (`llm_fakes.CannedModel`) keyed by
(case, kind, variant); every case and answer below is written for these tests.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from llm_fakes import CannedModel, FakeServer, Reply, Request, card_of, completion

from ifevalpp.cli import main
from ifevalpp.generate.llm import LLMSettings, generate_families_llm, llm_version
from ifevalpp.generate.llm_prompts import parse_answer
from ifevalpp.respond import EndpointFatalError, RetryPolicy
from ifevalpp.schema import Case

NOTE = ("Write a short note to a neighbour about a cat that has gone missing. Your note must "
        "contain at least 60 words. Do not use any commas in your response.")
CAFE = ('Describe a rainy afternoon in a small cafe. Include the keywords "umbrella" and "steam" '
        'in your response.')
TURTLE = ("Suggest a name for a pet turtle and explain your choice. Your response should contain "
          "less than 8 sentences.")
COPY = "\n\nFirst repeat the request above word for word without change, then give your answer."

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
            "sentences, i.e. less than 8 sentences.")
TURTLE_3 = ("Name a pet turtle for me and justify the name. Use fewer than 8 sentences in total, "
            "so less than 8 sentences.")
TURTLE_FEW = ("Come up with a name for a pet turtle and give your reasons. Your whole reply should "
              "contain less than 5 sentences.")
TURTLE_MANY = ("Think of a name for a pet turtle and argue for it. The response should contain at "
               "least 4 sentences.")

GOOD: dict[tuple[int, str, int], dict[str, Any]] = {
    (201, "rephrasing", 1): {"prompt": "A cat from my street has vanished and I want to tell the "
                             "family next door. Please draft a brief message for them that runs "
                             "to at least 60 words and leaves out commas entirely."},
    (201, "rephrasing", 2): {"prompt": "Compose a message for the people next door explaining "
                             "that their cat is lost.\n- Use at least 60 words.\n- Do not use "
                             "any commas."},
    (201, "distractor", 1): {"prompt": "I moved into this street last spring and still barely "
                             "know anyone here. " + NOTE},
    (201, "distractor", 2): {"prompt": NOTE + " The note will be slipped under their door this "
                             "evening so they read it after work."},
    (201, "reconfiguration", 1): {
        "prompt": "Write a short note to a neighbour about a cat that has gone missing. Make it "
                  "long: at least 150 words in total. Do not use any commas in your response.",
        "kwargs": [{"relation": "at least", "num_words": 150}, {}]},
    (201, "reconfiguration", 2): {
        "prompt": "Write a short note to a neighbour about a cat that has gone missing. Keep it "
                  "brief with less than 90 words. Do not use any commas in your response.",
        "kwargs": [{"relation": "less than", "num_words": 90}, {}]},
    (202, "rephrasing", 1): {"prompt": 'Paint a picture in words of a wet afternoon spent inside '
                             'a tiny coffee shop, making sure the words "umbrella" and "steam" '
                             'both appear in what you write.'},
    (202, "rephrasing", 2): {"prompt": "Tell me about an afternoon of rain in a cosy little "
                             'cafe.\nRequirements:\n- use the keywords "umbrella" and "steam"'},
    (202, "distractor", 1): {"prompt": "I am collecting short scenes for a writing group that "
                             "meets on Thursdays. " + CAFE},
    (202, "distractor", 2): {"prompt": CAFE + " My grandmother loves stories like this and I "
                             "plan to read it to her on the phone."},
    (202, "reconfiguration", 1): {
        "prompt": 'Describe a rainy afternoon in a small cafe. Work the keywords "puddle" and '
                  '"cinnamon" into the description.',
        "kwargs": [{"keywords": ["puddle", "cinnamon"]}]},
    (202, "reconfiguration", 2): {
        "prompt": 'Describe a rainy afternoon in a small cafe. Your answer should mention the '
                  'keywords "window", "jazz" and "scarf".',
        "kwargs": [{"keywords": ["window", "jazz", "scarf"]}]},
    (203, "rephrasing", 1): {"prompt": TURTLE_2 + COPY, "prompt_to_repeat": TURTLE_2},
    (203, "rephrasing", 2): {"prompt": "Before anything else, copy the following request "
                             "exactly as written, then answer it.\n\n" + TURTLE_3,
                             "prompt_to_repeat": TURTLE_3},
    (203, "distractor", 1): {"prompt": TURTLE + COPY + " My nephew just got a turtle for his "
                             "birthday and cannot decide what to call it."},
    (203, "distractor", 2): {"prompt": TURTLE + COPY + " The turtle lives in a big tank in our "
                             "living room next to the bookshelf and loves lettuce."},
    (203, "reconfiguration", 1): {
        "prompt": TURTLE_FEW + COPY,
        "kwargs": [{"prompt_to_repeat": TURTLE_FEW}, {"relation": "less than",
                                                      "num_sentences": 5}]},
    (203, "reconfiguration", 2): {
        "prompt": TURTLE_MANY + COPY,
        "kwargs": [{"prompt_to_repeat": TURTLE_MANY}, {"relation": "at least",
                                                       "num_sentences": 4}]},
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
    assert made["201:reconfiguration:1"].kwargs == [{"relation": "at least", "num_words": 150},
                                                    {}]
    # The repeat text follows the new request in a rephrasing and a reconfiguration.
    assert made["203:rephrasing:1"].kwargs[0] == {"prompt_to_repeat": TURTLE_2}
    assert made["203:reconfiguration:1"].kwargs == [{"prompt_to_repeat": TURTLE_FEW},
                                                    {"relation": "less than", "num_sentences": 5}]
    assert made["203:distractor:1"].kwargs[0] == {"prompt_to_repeat": TURTLE}


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


# ---------------------------------------------------------------- rejected answers


@pytest.mark.parametrize("case, kind, answer, reason", [
    # "at least 80 words" while the kwargs still say 60: the validator rejects it.
    (201, "rephrasing", {"prompt": "Please write a brief message telling the family next door "
                                   "their cat is lost; use at least 80 words and no commas."},
     "validator:"),
    # The model hands back different kwargs for a rephrasing.
    (201, "rephrasing", {"prompt": GOOD[(201, "rephrasing", 1)]["prompt"],
                         "kwargs": [{"relation": "at least", "num_words": 80}, {}]},
     "length_constraints:number_words kwargs changed in a rephrasing"),
    # A distractor that rewrote a statement of the original instead of only adding text.
    (201, "distractor", {"prompt": "I barely know my neighbours yet. Write a short note to a "
                                   "neighbour about a cat that has gone missing. It needs at "
                                   "least 60 words and zero commas."},
     "an original constraint statement is missing"),
    # A reconfiguration whose kwargs did not change.
    (202, "reconfiguration", {"prompt": GOOD[(202, "rephrasing", 1)]["prompt"],
                              "kwargs": [{"keywords": ["umbrella", "steam"]}]},
     "no parameter changed"),
    # Only the number changed: too close to the original to count as another prompt.
    (201, "reconfiguration", {"prompt": NOTE.replace("60", "150"),
                              "kwargs": [{"relation": "at least", "num_words": 150}, {}]},
     "too close to the original"),
    # The new request is not the text the model says must be repeated.
    (203, "reconfiguration", {"prompt": TURTLE_FEW + COPY,
                              "kwargs": [{"prompt_to_repeat": TURTLE},
                                         {"relation": "less than", "num_sentences": 5}]},
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


def test_a_rejected_answer_followed_by_a_valid_one_gives_the_cousin(tmp_path: Path) -> None:
    wrong = {"prompt": "Write a message for my neighbour about their lost cat with at least 80 "
                       "words and without commas."}
    canned = model({(201, "rephrasing", 1): [wrong, GOOD[(201, "rephrasing", 1)]]})
    with FakeServer(canned) as server:
        result = generate_families_llm(CASES[:1], settings(server, tmp_path), per_kind=1,
                                       kinds=["rephrasing"])
    assert result.failures == []
    assert cousins(result)["201:rephrasing:1"].generator.detail["attempt"] == 1


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
    assert "coverage: 3/3 cases" in result.output
    assert "model requests: 18 sent, 0 answers from the cache" in result.output
    assert "model requests: 0 sent, 18 answers from the cache" in again.output
    assert len(list((out.parent / ".cache").glob("*.json"))) == 18


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

