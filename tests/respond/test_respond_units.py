"""The small pure parts of `respond`: reasoning split, retry timing, record reading, replica choice."""

from __future__ import annotations

import asyncio
import json
import random
from email.utils import format_datetime
from datetime import datetime, timezone
from pathlib import Path

import httpx
import openai
import pytest

from ifevalpp.errors import InputError
from ifevalpp.respond import ReasoningHandling, RetryPolicy, latest_records, split_reasoning
from ifevalpp.respond.client import Endpoint, EndpointPool, parse_completion
from ifevalpp.reasoning import extract_think_blocks
from ifevalpp.respond.retry import MalformedAnswer, backoff_delay, classify, parse_retry_after
from ifevalpp.respond.writer import DurableWriter
from ifevalpp.schema import ResponseRecord

DROP = ReasoningHandling()
KEEP = ReasoningHandling(keep_reasoning=True)


# reasoning ----------------------------------------------------------------------------------

def test_plain_content_is_the_response_untouched() -> None:
    assert split_reasoning("  Hello.\n", None, DROP).model_dump() == {
        "response": "  Hello.\n", "reasoning": None}


def test_a_lone_closing_tag_means_the_template_opened_the_block() -> None:
    # Qwen3-style templates put <think> in the prompt, so content starts inside the block.
    answer = split_reasoning("plan the answer\n</think>\n\nFinal text.", None, DROP)
    assert (answer.response, answer.reasoning) == ("Final text.", "plan the answer")


def test_an_unclosed_block_at_the_start_is_all_reasoning() -> None:
    # Generation stopped by max_tokens mid-thought: there is no answer to grade.
    answer = split_reasoning("<think>still thinking about", None, DROP)
    assert (answer.response, answer.reasoning) == ("", "still thinking about")


def test_an_unclosed_tag_after_answer_text_is_quoted_text() -> None:
    content = "Use the <think> tag to mark thoughts."
    assert split_reasoning(content, None, DROP).response == content


def test_field_and_think_block_reasoning_are_joined() -> None:
    answer = split_reasoning("<think>second</think>Answer.", "first", DROP)
    assert (answer.response, answer.reasoning) == ("Answer.", "first\n\nsecond")


def test_keep_reasoning_puts_a_field_back_as_a_leading_think_block() -> None:
    answer = split_reasoning("Answer.", "why", KEEP)
    assert answer.response == "<think>\nwhy\n</think>\n\nAnswer."
    assert answer.reasoning == "why"


def test_missing_content_is_an_empty_response() -> None:
    assert split_reasoning(None, "all tokens went to thinking", DROP).response == ""


def test_several_blocks_are_all_removed() -> None:
    text, blocks = extract_think_blocks("<think>a</think>one <think>b</think>two")
    assert (text, blocks) == ("one two", ["a", "b"])


# answers ------------------------------------------------------------------------------------

def test_parse_completion_reads_content_reasoning_and_usage() -> None:
    body = json.dumps({"choices": [{"message": {"content": "hi", "reasoning_content": "r"},
                                    "finish_reason": "length"}], "usage": {"prompt_tokens": 1}})
    parsed = parse_completion(body.encode(), ("reasoning_content", "reasoning"))
    assert (parsed.content, parsed.field_reasoning, parsed.finish_reason, parsed.usage) == \
        ("hi", "r", "length", {"prompt_tokens": 1})


def test_parse_completion_joins_text_parts() -> None:
    body = {"choices": [{"message": {"content": [{"type": "text", "text": "a"},
                                                 {"type": "text", "text": "b"}]}}]}
    assert parse_completion(json.dumps(body).encode(), ()).content == "ab"


def test_a_body_without_a_message_is_malformed() -> None:
    with pytest.raises(MalformedAnswer, match="choices.0.message"):
        parse_completion(b'{"choices": [{"finish_reason": "stop"}]}', ())


def test_a_body_that_is_not_json_is_malformed() -> None:
    with pytest.raises(MalformedAnswer):
        parse_completion(b"<html>502 Bad Gateway</html>", ())


# retry timing -------------------------------------------------------------------------------

def test_retry_after_seconds() -> None:
    assert parse_retry_after({"retry-after": "2.5"}) == 2.5


def test_retry_after_ms_takes_precedence() -> None:
    assert parse_retry_after({"retry-after-ms": "300", "retry-after": "9"}) == 0.3


def test_retry_after_as_an_http_date() -> None:
    moment = datetime(2030, 1, 1, 0, 0, 10, tzinfo=timezone.utc)
    header = {"retry-after": format_datetime(moment, usegmt=True)}
    now = datetime(2030, 1, 1, 0, 0, 0, tzinfo=timezone.utc).timestamp()
    assert parse_retry_after(header, now=now) == 10.0


def test_unreadable_retry_after_is_ignored() -> None:
    assert parse_retry_after({"retry-after": "soon"}) is None


def test_backoff_stays_under_the_exponential_ceiling() -> None:
    policy = RetryPolicy(backoff_base_s=1.0, backoff_max_s=60.0)
    rng = random.Random(0)
    delays = [backoff_delay(3, policy, rng) for _ in range(200)]
    assert all(0 <= delay <= 4.0 for delay in delays) and max(delays) > 2.0


def test_backoff_is_capped_by_backoff_max() -> None:
    policy = RetryPolicy(backoff_base_s=1.0, backoff_max_s=5.0)
    assert all(backoff_delay(20, policy, random.Random(seed)) <= 5.0 for seed in range(50))


def test_retry_after_is_a_floor_for_the_wait() -> None:
    policy = RetryPolicy(backoff_base_s=0.001, backoff_max_s=0.01)
    assert backoff_delay(1, policy, random.Random(0), retry_after_s=3.0) == 3.0


def test_a_huge_retry_after_is_cut_to_retry_after_max() -> None:
    policy = RetryPolicy(backoff_base_s=0.0, retry_after_max_s=30.0)
    assert backoff_delay(1, policy, random.Random(0), retry_after_s=86400.0) == 30.0


def _status_error(status: int, headers: dict[str, str] | None = None) -> openai.APIStatusError:
    request = httpx.Request("POST", "http://x/v1/chat/completions")
    response = httpx.Response(status, headers=headers or {}, text="nope", request=request)
    return openai.APIStatusError("failed", response=response, body=None)


@pytest.mark.parametrize("status", [408, 409, 425, 429, 500, 502, 503, 504])
def test_busy_and_server_statuses_are_retryable(status: int) -> None:
    assert classify(_status_error(status)).retryable


@pytest.mark.parametrize("status", [400, 413, 422])
def test_request_statuses_are_final(status: int) -> None:
    failure = classify(_status_error(status))
    assert not failure.retryable and not failure.fatal


@pytest.mark.parametrize("status", [401, 403, 404])
def test_auth_and_not_found_statuses_stop_the_run(status: int) -> None:
    assert classify(_status_error(status)).fatal


def test_a_429_carries_its_retry_after() -> None:
    assert classify(_status_error(429, {"retry-after": "7"})).retry_after_s == 7.0


# replica choice -----------------------------------------------------------------------------

def _pool(count: int) -> EndpointPool:
    return EndpointPool([Endpoint(f"http://r{index}/v1", client=None)  # type: ignore[arg-type]
                         for index in range(count)])


def test_the_least_busy_replica_is_picked() -> None:
    pool = _pool(3)
    pool.endpoints[0].in_flight, pool.endpoints[1].in_flight, pool.endpoints[2].in_flight = 4, 1, 3
    assert pool.pick().base_url == "http://r1/v1"


def test_idle_replicas_are_used_in_turn() -> None:
    pool = _pool(3)
    assert [pool.pick().base_url for _ in range(4)] == [
        "http://r0/v1", "http://r1/v1", "http://r2/v1", "http://r0/v1"]


def test_a_lease_counts_in_flight_and_releases() -> None:
    pool = _pool(1)
    with pool.lease() as endpoint:
        assert endpoint.in_flight == 1
    assert endpoint.in_flight == 0 and endpoint.requests == 1


# reading responses files --------------------------------------------------------------------

def _line(key: str, sample: int = 0, **fields: object) -> str:
    return json.dumps({"key": key, "sample": sample, **fields}) + "\n"


def test_latest_records_keeps_the_last_record_of_each_pair(tmp_path: Path) -> None:
    path = tmp_path / "responses.jsonl"
    path.write_text(_line("a", error="HTTP 500") + _line("b", response="B")
                    + _line("a", response="A"))
    latest = latest_records(path)
    assert list(latest) == [("a", 0), ("b", 0)]
    assert latest[("a", 0)].response == "A"


def test_latest_records_keeps_samples_apart(tmp_path: Path) -> None:
    path = tmp_path / "responses.jsonl"
    path.write_text(_line("a", 0, response="x") + _line("a", 1, response="y"))
    assert [record.response for record in latest_records(path).values()] == ["x", "y"]


def test_latest_records_skips_an_unterminated_last_line(tmp_path: Path) -> None:
    path = tmp_path / "responses.jsonl"
    path.write_text(_line("a", response="A") + '{"key": "b", "resp')
    assert list(latest_records(path)) == [("a", 0)]


def test_latest_records_names_the_line_of_a_bad_record(tmp_path: Path) -> None:
    path = tmp_path / "responses.jsonl"
    path.write_text(_line("a", response="A") + _line("b"))
    with pytest.raises(InputError, match="line 2"):
        latest_records(path)


def test_latest_records_of_a_missing_file_is_empty(tmp_path: Path) -> None:
    assert latest_records(tmp_path / "nothing.jsonl") == {}


# durable writer -----------------------------------------------------------------------------

def test_records_handed_to_the_writer_thread_land_before_close_returns(tmp_path: Path) -> None:
    path = tmp_path / "responses.jsonl"

    async def scenario() -> None:
        writer = DurableWriter(path, batch=7, interval_s=60)
        await writer.start()
        for number in range(50):
            writer.add(ResponseRecord(key=str(number), response="r"))
        await writer.aclose()

    asyncio.run(scenario())
    assert len(latest_records(path)) == 50


def test_the_ticker_writes_a_partial_batch_within_the_interval(tmp_path: Path) -> None:
    path = tmp_path / "responses.jsonl"

    async def scenario() -> int:
        writer = DurableWriter(path, batch=1000, interval_s=0.02)
        await writer.start()
        writer.add(ResponseRecord(key="a", response="r"))
        await asyncio.sleep(0.2)
        on_disk = len(latest_records(path))
        await writer.aclose()
        return on_disk

    assert asyncio.run(scenario()) == 1


# summary ------------------------------------------------------------------------------------

def test_rates_of_slow_local_models_keep_their_digits() -> None:
    from ifevalpp.respond.summary import format_rate

    assert format_rate(6 / 210.1) == "0.029/s (35 s per answer)"
    assert format_rate(1 / 18.7) == "0.053/s (18.7 s per answer)"
    assert format_rate(37.34) == "37.3/s" and format_rate(0) == "0/s"
    assert format_rate(1234.5) == "1,234/s"


def test_the_summary_rate_counts_answers_not_pairs_queued(tmp_path: Path) -> None:
    from ifevalpp.respond.summary import RunSummary, Tally

    summary = RunSummary(out_dir=tmp_path, pairs=400, skipped=0, planned=400, asked=10,
                         session=Tally(done=6), total=Tally(done=6), missing=394, wall_s=210.1)
    assert summary.rate == pytest.approx(6 / 210.1)


# public surface -----------------------------------------------------------------------------

def test_the_public_surface_is_deliberate() -> None:
    import ifevalpp.respond as package

    # ChatClient, Completion and with_retries also serve the LLM family backend.
    assert sorted(package.__all__) == [
        "ChatClient", "Completion", "ConsoleProgress", "DEFAULT_API_KEY_ENV", "DUMMY_API_KEY",
        "EndpointFatalError", "EndpointUnreachable", "Progress", "ProtocolMismatch", "ReasoningHandling", "RespondConfig", "RetryPolicy",
        "RunDirectoryBusy", "RunManifest", "RunSummary", "SamplingParams", "Tally",
        "format_summary", "latest_records", "load_manifest", "respond",
        "respond_async", "split_reasoning", "with_retries"]
    assert all(hasattr(package, name) for name in package.__all__)
