"""`ifevalpp score`: verdicts, IFEval metrics, reliable@k and their CIs for a response file."""

from __future__ import annotations

import json
import os
import sys

import click

from ..evaluate.defaults import DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED
from ..progress import ProgressBar
from .common import (PROFILE_CHOICES, PROFILE_HELP, PROGRESS_OPTION, examples, loading_modules,
                     reports_errors, warn)

PROTOCOL_CHOICES = ["official", "revised", "ifevalpp-paper", "ifbench"]


@click.command(short_help="Score responses: IFEval metrics, reliable@k, CIs.",
               epilog=examples(
                   "ifevalpp score responses.jsonl --missing fail --out runs/mymodel",
                   "ifevalpp score samples_ifeval_2024-06-01T12-00-00.jsonl   # lm-eval log",
                   "ifevalpp score logs/2026-01-01T00-00-00_families_x.eval --k 10   # inspect",
                   "ifevalpp score runs/m/responses.jsonl --out runs/m/scored   # its families",
                   "ifevalpp score responses.jsonl --format json > metrics.json"))
@click.argument("responses", type=click.Path(dir_okay=False))
@click.option("--input", "cases", default=None,
              help="Cases or family file the responses answer (IFEval JSONL, ours or IFEval++'s), "
                   "or a fetched revision name (github, ifevalpp, ifevalpp-fixed, "
                   "ifevalpp-families, ifbench, hf). Default: the prompt file the respond "
                   "manifest beside RESPONSES names, else github.")
@click.option("--protocol", type=click.Choice(PROTOCOL_CHOICES), default=None,
              help="Named protocol: checker profile, reliable@k estimator, missing-response policy "
                   "and reasoning handling together. 'official' (the default): official "
                   "checkers, unordered, missing excluded; 'revised': revised checkers, "
                   "unordered, missing excluded; 'ifevalpp-paper': the IFEval++ release's "
                   "checkers, first-k, missing = fail, strict judging the text after "
                   "'</think>\\n\\n'; 'ifbench': IFBench's evaluator (allenai/IFBench at "
                   "db69a6f), unordered, missing = fail. Naming one applies its "
                   "missing-response policy.")
@click.option("--protocols", "protocols", metavar="A,B,...",
              help="Score under each protocol (text analysed once) and show every headline "
                   "number side by side, differences to the first with paired bootstrap CIs, "
                   "and which instruction types flip verdicts.")
@click.option("--profile", type=click.Choice(PROFILE_CHOICES), default=None,
              help=PROFILE_HELP + " Overrides the protocol's profile.")
@click.option("--estimator", type=click.Choice(["unordered", "first-k"]), default=None,
              help="reliable@k estimator (overrides the protocol's): 'unordered' = original plus "
                   "k−1 cousins drawn at random; 'first-k' = IFEval++'s calculate_reliable_at_k "
                   "(cousins in file order). See docs/metrics.md.")
@click.option("--missing", type=click.Choice(["exclude", "fail"]), default=None,
              help="Prompts without a usable response: 'exclude' leaves them (and their family) "
                   "out, counted; 'fail' scores them as failing every instruction. Without it "
                   "(or a named --protocol) a run with such prompts is refused.")
@click.option("--allow-unmatched", is_flag=True,
              help="Score the responses that answer a prompt of --input and leave out those "
                   "that do not (else they are refused: they answer another file).")
@click.option("--k", "k", type=click.IntRange(min=1), default=None,
              help="Largest k of reliable@k (default: the family size). Plain IFEval cases "
                   "have no cousins: only the IFEval metrics are reported.")
@click.option("--bootstrap", "resamples", type=click.IntRange(min=0), default=DEFAULT_RESAMPLES,
              show_default=True,
              help="Bootstrap resamples of families for the paired differences of --protocols "
                   "(0: none). Every number's own interval is exact (docs/metrics.md).")
@click.option("--ci", "confidence", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=DEFAULT_CONFIDENCE, show_default=True, help="Confidence level of the CIs.")
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True,
              help="Seed of the resampled families (--protocols): same seed, same numbers.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help="Write results.jsonl, metrics.json, the official eval_results_*.jsonl, CSVs, "
                   "report.md and report.html here.")
@click.option("--format", "output_format", type=click.Choice(["table", "json"]), default="table",
              show_default=True,
              help="What goes to stdout: the tables, or metrics.json itself.")
@click.option("--require-all", is_flag=True,
              help="Fail (exit 2) if any case has no usable response.")
@click.option("--workers", type=int, default=None,
              help="Processes for large files (default: all cores).")
@PROGRESS_OPTION
@reports_errors
def score(responses: str, cases: str | None, protocol: str | None, protocols: str | None,
          profile: str | None, estimator: str | None, missing: str | None,
          allow_unmatched: bool, k: int | None, resamples: int, confidence: float, seed: int,
          out_dir: str | None, output_format: str, require_all: bool, workers: int | None,
          progress: bool) -> None:
    """Score RESPONSES strictly and loosely: keyed records, the official
    {"prompt", "response"} JSONL, an lm-evaluation-harness sample log, or an inspect eval
    log (.eval or .json; needs the inspect extra).

    With a family file: reliable@k overall and per perturbation kind, the drop
    from reliable@1 to reliable@k and pass rates per instruction type on each
    kind of prompt, every number with its n and an exact CI over families. The first line
    says how many prompts were answered; responses that answer another file, and prompts
    left unanswered without --missing, are refused (exit 2) before anything is written.
    """
    with loading_modules():
        if not protocols:
            _load_numerics_with_one_blas_thread()
        from ..errors import InputError
        from ..evaluate.score_run import score as score_run
        from ..report.document import json_document
        from ..report.files import write_outputs
        from ..protocols import parse_protocols, resolve_protocol
        from ..report.terminal import format_reliability_report

    try:
        resolve_protocol(protocol or "official", profile=profile, estimator=estimator,
                         missing=missing)
        names = parse_protocols(protocols) if protocols else None
    except ValueError as exc:
        raise InputError(str(exc), field="--protocols" if protocols else "--protocol") from None
    if names is not None:
        if protocol or profile or estimator or missing:
            raise InputError("--protocols scores each named protocol as it is; drop --protocol, "
                             "--profile, --estimator and --missing", field="--protocols")
        _score_protocols(responses, cases, names, k=k, resamples=resamples,
                         confidence=confidence, seed=seed, out_dir=out_dir,
                         output_format=output_format, require_all=require_all,
                         allow_unmatched=allow_unmatched, workers=workers, progress=progress)
        return
    with ProgressBar(0, desc="score", unit="response", enabled=progress) as bar:
        report = score_run(responses, cases, protocol=protocol, profile=profile,
                           estimator=estimator, missing=missing, k=k, bootstrap=resamples,
                           confidence=confidence, seed=seed, require_all=require_all,
                           allow_unmatched=allow_unmatched, workers=workers,
                           progress=bar.report)
    _warn_once(report.warnings, output_format)
    if output_format == "json":
        click.echo(json.dumps(json_document(report), ensure_ascii=False, indent=2))
    else:
        click.echo(format_reliability_report(report))
    if out_dir:
        for path in write_outputs(report, out_dir):
            click.echo(f"wrote {path}", err=output_format == "json")


def _load_numerics_with_one_blas_thread() -> None:
    """Load numpy and the scipy.special functions with one OpenBLAS thread each, unless numpy
    is loaded or the user chose a number.

    A single-protocol score multiplies no matrices (every interval is exact; the bootstrap's
    products serve --protocols' paired differences), so the thread pools the two OpenBLAS
    libraries start when they load would only spin: 0.18 s of CPU per run on the IFBench
    sample, and wall time when the other cores are busy. The variable is read when a library
    loads; it is removed again at once.
    """
    if "numpy" in sys.modules or "OPENBLAS_NUM_THREADS" in os.environ:
        return
    os.environ["OPENBLAS_NUM_THREADS"] = "1"
    try:
        from ..evaluate import special

        special.functions()  # (numpy first, then scipy.special's compiled module)
    finally:
        del os.environ["OPENBLAS_NUM_THREADS"]


def _warn_once(messages: list[str], output_format: str) -> None:
    """The report's warnings on stderr, except when the table (which opens with them, as
    `WARNING: …`) goes to the same terminal: a reader should see each warning once."""
    if output_format == "table" and sys.stdout.isatty() and sys.stderr.isatty():
        return
    for message in messages:
        warn(message)


def _score_protocols(responses: str, cases: str | None, names: list[str], *,
                     out_dir: str | None,
                     output_format: str, progress: bool, **options) -> None:
    from ..evaluate.sensitivity import protocol_sensitivity
    from ..report.document import json_safe
    from ..report.sensitivity import sensitivity_document, write_sensitivity
    from ..report.sensitivity import format_sensitivity

    with ProgressBar(0, desc="score", unit="response", enabled=progress) as bar:
        sensitivity = protocol_sensitivity(
            responses, cases, names, k=options["k"], bootstrap=options["resamples"],
            confidence=options["confidence"], seed=options["seed"],
            require_all=options["require_all"], allow_unmatched=options["allow_unmatched"],
            workers=options["workers"], progress=bar.report)
    _warn_once(sensitivity.reports[0].warnings, output_format)
    if output_format == "json":
        click.echo(json.dumps(json_safe(sensitivity_document(sensitivity)), ensure_ascii=False,
                              indent=2))
    else:
        click.echo(format_sensitivity(sensitivity))
    if out_dir:
        for path in write_sensitivity(sensitivity, out_dir):
            click.echo(f"wrote {path}", err=output_format == "json")
