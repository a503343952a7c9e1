"""`ifevalpp respond`: parse options, call `ifevalpp.respond.respond`, print the summary, pick the exit code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import click
from pydantic import ValidationError

from ..reasoning import ReasoningHandling
from ..respond.config import (DEFAULT_API_KEY_ENV, DEFAULT_MAX_TOKENS, DEFAULT_TEMPERATURE,
                              SERVER_DEFAULT, RespondConfig, RetryPolicy, SamplingParams)
from .common import PROGRESS_OPTION, examples, reports_errors, warn

EXIT_INCOMPLETE = 1


class JsonObject(click.ParamType):
    """A JSON object given on the command line."""

    name = "JSON"

    def convert(self, value: Any, param: Optional[click.Parameter],
                ctx: Optional[click.Context]) -> dict[str, Any]:
        if isinstance(value, dict):
            return value
        try:
            parsed = json.loads(value)
        except json.JSONDecodeError as exc:
            from ..io import json_problem

            self.fail(f"not valid JSON ({json_problem(exc)})", param, ctx)
        if not isinstance(parsed, dict):
            self.fail("must be a JSON object, e.g. '{\"top_k\": 20}'", param, ctx)
        return parsed


class OrServerDefault(click.ParamType):
    """A number in a range, or the word `server-default`: send nothing and record that the
    server chose the value."""

    def __init__(self, number: click.ParamType) -> None:
        self.number = number
        self.name = f"{number.name}|{SERVER_DEFAULT}"

    def convert(self, value: Any, param: Optional[click.Parameter],
                ctx: Optional[click.Context]) -> Any:
        if value == SERVER_DEFAULT:
            return value
        try:
            return self.number.convert(value, param, ctx)
        except click.BadParameter as exc:
            self.fail(f"{exc.message.rstrip('.')}, or {SERVER_DEFAULT!r} to let the server "
                      f"choose", param, ctx)


TEMPERATURE = OrServerDefault(click.FloatRange(min=0))
MAX_TOKENS = OrServerDefault(click.IntRange(min=1))


@click.command(short_help="Collect answers from an OpenAI-compatible endpoint.",
               epilog=examples(
                   "ifevalpp respond data/families/template.jsonl --model Qwen/Qwen2.5-7B-Instruct \\",
                   "    --base-url http://HOST:8000/v1 --out runs/qwen/   # greedy, 1280 tokens",
                   "ifevalpp respond cases.jsonl --model m --base-url http://127.0.0.1:8080/v1 "
                   "--limit 20 --out runs/smoke/"))
@click.argument("inputs", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path),
                metavar="FAMILIES_OR_CASES...")
@click.option("--model", required=True, help="Model name the endpoint serves.")
@click.option("--base-url", "base_urls", multiple=True, required=True,
              help="OpenAI-compatible base URL, e.g. http://HOST:8000/v1. Repeat for replicas; "
                   "each request goes to the least busy one.")
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Run directory (runs/<name>/): responses.jsonl and manifest.json go here.")
@click.option("--api-key-env", default=DEFAULT_API_KEY_ENV, show_default=True,
              help="Environment variable holding the API key (a dummy key is used if unset).")
@click.option("--concurrency", type=click.IntRange(min=1), default=16, show_default=True,
              help="Requests in flight at once, over all endpoints.")
@click.option("--timeout", "timeout_s", type=click.FloatRange(min=0, min_open=True), default=600.0,
              show_default=True, help="Seconds per request attempt.")
@click.option("--temperature", type=TEMPERATURE, default=DEFAULT_TEMPERATURE, show_default=True,
              help="Sampling temperature (0: greedy, as study). 'server-default' sends none and "
                   "records that the server chose.")
@click.option("--top-p", type=click.FloatRange(min=0, max=1, min_open=True), default=None,
              help="Nucleus sampling top_p; not sent when omitted.")
@click.option("--max-tokens", type=MAX_TOKENS, default=DEFAULT_MAX_TOKENS, show_default=True,
              help="Longest answer in tokens, as study; answers cut off there fail length and end "
                   "checks. 'server-default' sends none and records that the server chose.")
@click.option("--seed", type=int, default=None, help="Sample i is asked with seed + i.")
@click.option("--system-prompt", default=None,
              help="System message sent before every prompt (recorded in the manifest).")
@click.option("--stop", multiple=True, help="Stop sequence (repeatable).")
@click.option("--extra-body", type=JsonObject(), default=None,
              help="JSON object merged into each request body, e.g. '{\"top_k\": 20}'.")
@click.option("--samples", type=click.IntRange(min=1), default=1, show_default=True,
              help="Responses per prompt (sample 0..N-1).")
@click.option("--limit", type=click.IntRange(min=0), default=None,
              help="Only the first N prompts (smoke tests).")
@click.option("--keep-reasoning", is_flag=True,
              help="Keep reasoning (think blocks, reasoning fields) in the graded response.")
@click.option("--max-attempts", type=click.IntRange(min=1), default=6, show_default=True,
              help="Attempts per request (429, 5xx, timeouts, dropped connections) before it "
                   "is recorded as an error.")
@click.option("--backoff-base", type=click.FloatRange(min=0), default=1.0, show_default=True,
              help="Seconds; the n-th retry waits up to base * 2^(n-1), plus any Retry-After.")
@click.option("--backoff-max", type=click.FloatRange(min=0), default=60.0, show_default=True,
              help="Longest wait between two attempts, in seconds.")
@click.option("--unreachable-after", type=click.IntRange(min=1), default=5, show_default=True,
              help="Stop when every endpoint has failed this many attempts in a row to connect "
                   "(server down); rerun to resume.")
@click.option("--retry-errors", is_flag=True, help="Ask again the pairs whose last record is an error.")
@click.option("--allow-unlisted-model", is_flag=True,
              help="Send --model even when the server lists its models and not this one (else "
                   "refused before any request: a one-model server answers any name).")
@click.option("--force", is_flag=True,
              help="Add to a run directory even if its manifest has a different protocol.")
@PROGRESS_OPTION
@reports_errors
def respond(inputs: tuple[Path, ...], model: str, base_urls: tuple[str, ...], out_dir: Path,
            api_key_env: str, concurrency: int, timeout_s: float, temperature: Any,
            top_p: Optional[float], max_tokens: Any, seed: Optional[int],
            system_prompt: Optional[str], stop: tuple[str, ...],
            extra_body: Optional[dict[str, Any]], samples: int, limit: Optional[int],
            keep_reasoning: bool, max_attempts: int, backoff_base: float, backoff_max: float,
            unreachable_after: int, retry_errors: bool, allow_unlisted_model: bool, force: bool,
            progress: bool) -> None:
    """Ask an OpenAI-compatible endpoint for a response to every prompt, resumably.

    Rerun the same command to resume: answered (key, sample) pairs are skipped.
    The endpoints are probed first (GET /models): when none answers, the run
    stops at once. Exit status: 0 when every pair has an answer, 1 when some
    failed or were not reached (see the summary), 2 on bad input, an
    unreachable endpoint or a protocol mismatch.
    """
    try:
        config = RespondConfig(
            inputs=list(inputs), out_dir=out_dir, model=model, base_urls=list(base_urls),
            api_key_env=api_key_env, system_prompt=system_prompt,
            sampling=SamplingParams(temperature=temperature, top_p=top_p, max_tokens=max_tokens,
                                    seed=seed, stop=list(stop), extra_body=extra_body or {}),
            reasoning=ReasoningHandling(keep_reasoning=keep_reasoning),
            samples=samples, limit=limit, concurrency=concurrency, timeout_s=timeout_s,
            retry=RetryPolicy(max_attempts=max_attempts, backoff_base_s=backoff_base,
                              backoff_max_s=backoff_max),
            retry_errors=retry_errors, force=force, unreachable_after=unreachable_after,
            allow_unlisted_model=allow_unlisted_model)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise click.UsageError(f"{'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    # The run and its HTTP client (openai) load here, not when `ifevalpp --help` lists verbs.
    from ..respond import ConsoleProgress, format_summary, respond as run_respond

    summary = run_respond(config, progress=ConsoleProgress() if progress else None,
                          handle_signals=True, notify=warn)
    click.echo(format_summary(summary))
    if not summary.complete:
        raise SystemExit(EXIT_INCOMPLETE)
