"""`respond` against a real HTTP server through the real openai client: one behaviour per test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import pytest
from respond_fakes import Always, ByPrompt, FakeServer, Reply, case_prompt, completion

from ifevalpp.respond import (EndpointFatalError, RespondConfig, RetryPolicy, SamplingParams,
                              latest_records, respond)
from ifevalpp.schema import ResponseRecord

First = case_prompt(1000)
MakeConfig = Callable[..., RespondConfig]


def records_of(config: RespondConfig) -> dict[str, ResponseRecord]:
    """Latest record per key (single-sample runs)."""
    return {key: record for (key, _), record in latest_records(config.responses_path).items()}


def lines_of(config: RespondConfig) -> list[dict]:
    return [json.loads(line) for line in config.responses_path.read_text().splitlines()]


def test_plain_completions_give_one_answer_per_prompt(server: FakeServer,
                                                      make_config: MakeConfig) -> None:
    config = make_config(server.url)
    summary = respond(config)
    records = records_of(config)
    assert sorted(records) == ["1000:original:0", "1001:original:0", "1002:original:0",
                               "1003:original:0"]
    assert records["1000:original:0"].response == f"answer to: {First}"
    assert records["1000:original:0"].prompt == First
    assert summary.session.done == 4 and summary.complete


def test_records_carry_finish_reason_usage_and_latency(server: FakeServer,
                                                       make_config: MakeConfig) -> None:
    config = make_config(server.url, limit=1)
    respond(config)
    record = records_of(config)["1000:original:0"]
    assert record.finish_reason == "stop"
    assert record.usage == {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8}
    assert record.latency_s is not None and record.latency_s >= 0
    assert record.error is None and record.sample == 0


def test_429_with_retry_after_waits_at_least_that_long(server: FakeServer,
                                                       make_config: MakeConfig) -> None:
    server.set_script(ByPrompt({First: [Reply(status=429, body={"error": "slow down"},
                                              headers={"Retry-After": "0.4"})]}))
    respond(make_config(server.url, limit=1))
    first, second = server.requests
    assert second.received_at - first.received_at >= 0.4
    assert first.prompt == second.prompt == First


def test_429_then_success_records_the_answer_and_attempt_count(server: FakeServer,
                                                               make_config: MakeConfig) -> None:
    server.set_script(ByPrompt({First: [Reply(status=429, headers={"Retry-After": "0"})]}))
    config = make_config(server.url, limit=1)
    respond(config)
    record = records_of(config)["1000:original:0"]
    assert record.error is None
    assert record.attempts == 2


def test_500s_are_retried_until_an_answer_comes(server: FakeServer,
                                                make_config: MakeConfig) -> None:
    server.set_script(ByPrompt({First: [Reply(status=500), Reply(status=503)]}))
    config = make_config(server.url, limit=1)
    respond(config)
    assert len(server.requests) == 3
    assert records_of(config)["1000:original:0"].response == f"answer to: {First}"


def test_an_answer_slower_than_the_timeout_is_abandoned_and_asked_again(
        server: FakeServer, make_config: MakeConfig) -> None:
    server.set_script(ByPrompt({First: [Reply(delay_s=1.5)]}))
    config = make_config(server.url, limit=1, timeout_s=0.3)
    respond(config)
    assert len(server.requests) == 2
    assert records_of(config)["1000:original:0"].error is None


def test_a_malformed_json_body_is_retried(server: FakeServer, make_config: MakeConfig) -> None:
    server.set_script(ByPrompt({First: [Reply(body=b'{"choices": [{"mess')]}))
    config = make_config(server.url, limit=1)
    respond(config)
    assert len(server.requests) == 2
    assert records_of(config)["1000:original:0"].error is None


def test_a_dropped_connection_is_retried(server: FakeServer, make_config: MakeConfig) -> None:
    server.set_script(ByPrompt({First: [Reply(drop=True)]}))
    config = make_config(server.url, limit=1)
    respond(config)
    assert len(server.requests) == 2
    assert records_of(config)["1000:original:0"].error is None


def test_after_max_attempts_the_failure_is_recorded_as_an_error(server: FakeServer,
                                                               make_config: MakeConfig) -> None:
    server.set_script(Always(Reply(status=500, body={"error": "boom"})))
    config = make_config(server.url, limit=1, retry=RetryPolicy(max_attempts=3, backoff_base_s=0))
    summary = respond(config)
    record = records_of(config)["1000:original:0"]
    assert len(server.requests) == 3
    assert record.response is None
    assert record.error is not None and "HTTP 500" in record.error and "3 attempts" in record.error
    assert summary.session.errors == 1 and not summary.complete


def test_empty_choices_are_an_error_not_an_empty_answer(server: FakeServer,
                                                       make_config: MakeConfig) -> None:
    server.set_script(Always(Reply(body={"choices": [], "usage": None})))
    config = make_config(server.url, limit=1, retry=RetryPolicy(max_attempts=2, backoff_base_s=0))
    respond(config)
    record = records_of(config)["1000:original:0"]
    assert record.error is not None and "no choices" in record.error


def test_a_400_is_recorded_without_retrying(server: FakeServer, make_config: MakeConfig) -> None:
    server.set_script(Always(Reply(status=400, body={"error": "prompt too long"})))
    config = make_config(server.url, limit=1)
    respond(config)
    assert len(server.requests) == 1
    assert "HTTP 400" in (records_of(config)["1000:original:0"].error or "")


def test_the_openai_client_does_not_retry_on_its_own(server: FakeServer,
                                                     make_config: MakeConfig) -> None:
    server.set_script(Always(Reply(status=503)))
    respond(make_config(server.url, limit=1, retry=RetryPolicy(max_attempts=1)))
    assert len(server.requests) == 1


def test_a_401_stops_the_run(server: FakeServer, make_config: MakeConfig) -> None:
    server.set_script(Always(Reply(status=401, body={"error": "bad key"})))
    with pytest.raises(EndpointFatalError, match="HTTP 401"):
        respond(make_config(server.url))


def test_two_base_urls_both_receive_traffic(make_config: MakeConfig) -> None:
    with FakeServer() as one, FakeServer() as two:
        config = make_config(one.url, two.url, concurrency=2, samples=5)
        summary = respond(config)
        assert len(one.requests) > 0 and len(two.requests) > 0
        assert len(one.requests) + len(two.requests) == 20
        assert summary.requests_by_endpoint == {one.url: len(one.requests),
                                                two.url: len(two.requests)}


def test_reasoning_content_field_goes_to_reasoning(server: FakeServer,
                                                   make_config: MakeConfig) -> None:
    server.set_script(Always(Reply(body=completion("The sea is wide.",
                                                   reasoning_content="They want no commas."))))
    config = make_config(server.url, limit=1)
    respond(config)
    record = records_of(config)["1000:original:0"]
    assert record.response == "The sea is wide."
    assert record.reasoning == "They want no commas."


def test_reasoning_field_named_reasoning_goes_to_reasoning(server: FakeServer,
                                                           make_config: MakeConfig) -> None:
    server.set_script(Always(Reply(body=completion("Waves.", reasoning="Short answer."))))
    config = make_config(server.url, limit=1)
    respond(config)
    record = records_of(config)["1000:original:0"]
    assert (record.response, record.reasoning) == ("Waves.", "Short answer.")


def test_think_block_goes_to_reasoning_and_out_of_the_response(server: FakeServer,
                                                               make_config: MakeConfig) -> None:
    server.set_script(Always(Reply(body=completion("<think>\nNo commas.\n</think>\n\nThe sea."))))
    config = make_config(server.url, limit=1)
    respond(config)
    record = records_of(config)["1000:original:0"]
    assert (record.response, record.reasoning) == ("The sea.", "No commas.")


def test_keep_reasoning_leaves_the_think_block_in_the_response(server: FakeServer,
                                                               make_config: MakeConfig) -> None:
    content = "<think>No commas.</think>The sea."
    server.set_script(Always(Reply(body=completion(content))))
    config = make_config(server.url, limit=1, reasoning={"keep_reasoning": True})
    respond(config)
    record = records_of(config)["1000:original:0"]
    assert (record.response, record.reasoning) == (content, "No commas.")


def test_samples_3_gives_samples_0_1_2_of_every_prompt(server: FakeServer,
                                                       make_config: MakeConfig) -> None:
    config = make_config(server.url, samples=3)
    respond(config)
    pairs = sorted(latest_records(config.responses_path))
    assert pairs == [(f"{number}:original:0", sample) for number in range(1000, 1004)
                     for sample in range(3)]


def test_samples_with_a_seed_are_asked_with_seed_plus_sample(server: FakeServer,
                                                             make_config: MakeConfig) -> None:
    respond(make_config(server.url, limit=1, samples=3, sampling=SamplingParams(seed=7)))
    assert sorted(request.body["seed"] for request in server.requests) == [7, 8, 9]


def test_sampling_parameters_and_system_prompt_are_sent(server: FakeServer,
                                                        make_config: MakeConfig) -> None:
    sampling = SamplingParams(temperature=0.5, top_p=0.9, max_tokens=64, stop=["END"],
                              extra_body={"top_k": 20})
    respond(make_config(server.url, limit=1, sampling=sampling, system_prompt="Be brief."))
    body = server.requests[0].body
    assert body["messages"] == [{"role": "system", "content": "Be brief."},
                                {"role": "user", "content": First}]
    assert (body["temperature"], body["top_p"], body["max_tokens"], body["stop"], body["top_k"]) \
        == (0.5, 0.9, 64, ["END"], 20)
    assert body["model"] == "fake"


def test_only_greedy_decoding_and_the_token_cap_are_sent_by_default(
        server: FakeServer, make_config: MakeConfig) -> None:
    # Unset top_p, seed, stop and extra_body are not sent; temperature and max_tokens are
    # (they used to be left to the server too, whose defaults differ from server to server).
    respond(make_config(server.url, limit=1))
    assert set(server.requests[0].body) == {"model", "messages", "temperature", "max_tokens"}


def test_server_default_sampling_parameters_are_not_sent(server: FakeServer,
                                                         make_config: MakeConfig) -> None:
    from ifevalpp.respond import SamplingParams

    sampling = SamplingParams(temperature="server-default", max_tokens="server-default")
    respond(make_config(server.url, limit=1, sampling=sampling))
    assert set(server.requests[0].body) == {"model", "messages"}


def test_finish_reason_length_is_counted_as_truncated(server: FakeServer,
                                                      make_config: MakeConfig) -> None:
    server.set_script(ByPrompt({First: [Reply(body=completion("The sea is", finish_reason="length"))]}))
    summary = respond(make_config(server.url))
    assert summary.session.truncated == 1 and summary.total.truncated == 1


def test_the_api_key_comes_from_the_named_variable(server: FakeServer, make_config: MakeConfig,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_ENDPOINT_KEY", "sk-test-123")
    respond(make_config(server.url, limit=1, api_key_env="MY_ENDPOINT_KEY"))
    assert server.requests[0].headers["authorization"] == "Bearer sk-test-123"


def test_an_unset_key_variable_sends_a_dummy_key(server: FakeServer, make_config: MakeConfig,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("UNSET_KEY_FOR_TEST", raising=False)
    respond(make_config(server.url, limit=1, api_key_env="UNSET_KEY_FOR_TEST"))
    assert server.requests[0].headers["authorization"] == "Bearer EMPTY"


def test_manifest_and_responses_never_contain_the_api_key(server: FakeServer,
                                                          make_config: MakeConfig,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret-do-not-write")
    config = make_config(server.url)
    respond(config)
    assert "sk-secret-do-not-write" not in config.manifest_path.read_text()
    assert "sk-secret-do-not-write" not in config.responses_path.read_text()
    assert server.requests[0].headers["authorization"] == "Bearer sk-secret-do-not-write"


def test_manifest_records_the_protocol(server: FakeServer, make_config: MakeConfig,
                                       cases: Path) -> None:
    sampling = SamplingParams(temperature=0.0, max_tokens=32, stop=["END"])
    config = make_config(server.url, sampling=sampling, system_prompt="Be brief.")
    respond(config)
    manifest = json.loads(config.manifest_path.read_text())
    assert manifest["model"] == "fake"
    assert manifest["endpoints"] == [server.url]
    assert manifest["sampling"]["temperature"] == 0.0 and manifest["sampling"]["stop"] == ["END"]
    assert manifest["system_prompt"] == "Be brief."
    assert manifest["reasoning"]["keep_reasoning"] is False
    assert manifest["inputs"][0]["path"] == str(cases)
    assert len(manifest["inputs"][0]["sha256"]) == 64
    assert manifest["ifevalpp_version"] and manifest["started_at"] and manifest["finished_at"]


def test_a_mock_transport_replaces_the_network(make_config: MakeConfig) -> None:
    httpx = pytest.importorskip("httpx")

    def handler(request: "httpx.Request") -> "httpx.Response":
        if request.url.path.endswith("/models"):  # the probe before the run
            return httpx.Response(200, json={"object": "list", "data": [{"id": "fake"}]})
        prompt = json.loads(request.content)["messages"][-1]["content"]
        return httpx.Response(200, json=completion(prompt.upper()))

    config = make_config("http://nowhere.invalid/v1", limit=1)
    respond(config, transport=httpx.MockTransport(handler))
    assert records_of(config)["1000:original:0"].response == First.upper()


def test_the_manifest_and_responses_are_readable_as_the_umask_allows(
        server: FakeServer, make_config: MakeConfig) -> None:
    import os
    import stat

    config = make_config(server.url, limit=1)
    previous = os.umask(0o022)
    try:
        respond(config)
    finally:
        os.umask(previous)
    for path in (config.manifest_path, config.responses_path):
        assert stat.S_IMODE(path.stat().st_mode) == 0o644, path
