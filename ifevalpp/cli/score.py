"""`ifevalpp score`: verdicts, IFEval metrics, reliable@k and bootstrap CIs for a response file."""

from __future__ import annotations

import click

from ..evaluate.bootstrap import DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED
from .common import PROFILE_CHOICES, PROFILE_HELP, reports_errors

PROTOCOL_CHOICES = ["official", "revised", "ifevalpp-paper"]


@click.command()
@click.argument("responses", type=click.Path(dir_okay=False))
@click.option("--input", "cases", default="github", show_default=True,
              help="Cases or family file the responses answer (IFEval JSONL, ours or IFEval++'s), "
                   "or a fetched revision name (github, ifevalpp, ifevalpp-fixed, "
                   "ifevalpp-families, hf).")
@click.option("--protocol", type=click.Choice(PROTOCOL_CHOICES), default="official",
              show_default=True,
              help="Named protocol: checker profile, reliable@k estimator, missing-response policy "
                   "and reasoning handling together. 'official': official checkers, unordered, "
                   "missing excluded; 'revised': revised checkers, unordered, missing excluded; "
                   "'ifevalpp-paper': the IFEval++ release's checkers, first-k, missing = fail, "
                   "strict judging the text after '</think>\\n\\n'.")
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
              help="Prompts without a usable response (overrides the protocol's): 'exclude' "
                   "leaves them (and their family) out, counted; 'fail' scores them as failing "
                   "every instruction.")
@click.option("--k", "k", type=click.IntRange(min=1), default=None,
              help="Largest k of reliable@k (default: the family size). Plain IFEval cases "
                   "have no cousins: only the IFEval metrics are reported.")
@click.option("--bootstrap", "resamples", type=click.IntRange(min=0), default=DEFAULT_RESAMPLES,
              show_default=True, help="Bootstrap resamples of families for the CIs (0: none).")
@click.option("--ci", "confidence", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=DEFAULT_CONFIDENCE, show_default=True, help="Confidence level of the CIs.")
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True,
              help="Seed of the resampled families: same seed, same numbers.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help="Write results.jsonl, metrics.json, by_type.csv, type_by_kind.csv, "
                   "families.csv, report.md and report.html here.")
@click.option("--require-all", is_flag=True,
              help="Fail (exit 2) if any case has no usable response.")
@click.option("--workers", type=int, default=None,
              help="Processes for large files (default: all cores).")
@reports_errors
def score(responses: str, cases: str, protocol: str, protocols: str | None,
          profile: str | None, estimator: str | None, missing: str | None, k: int | None,
          resamples: int, confidence: float, seed: int, out_dir: str | None, require_all: bool,
          workers: int | None) -> None:
    """Score RESPONSES ({"prompt","response"} or keyed JSONL) strictly and loosely.

    With a family file: reliable@k overall and per perturbation kind, the drop
    from reliable@1 to reliable@k and pass rates per instruction type on each
    kind of prompt, every number with a bootstrap CI over families.
    """
    from ..errors import InputError
    from ..evaluate.family_report import score as score_run, write_outputs
    from ..original import resolve
    from ..protocols import parse_protocols, resolve_protocol
    from ..report.terminal import format_reliability_report

    cases = str(resolve(cases))
    try:
        chosen = resolve_protocol(protocol, profile=profile, estimator=estimator, missing=missing)
        names = parse_protocols(protocols) if protocols else None
    except ValueError as exc:
        raise InputError(str(exc), field="--protocols" if protocols else "--protocol") from None
    if names is not None:
        if protocol != "official" or profile or estimator or missing:
            raise InputError("--protocols scores each named protocol as it is; drop --protocol, "
                             "--profile, --estimator and --missing", field="--protocols")
        _score_protocols(responses, cases, names, k=k, resamples=resamples,
                         confidence=confidence, seed=seed, out_dir=out_dir,
                         require_all=require_all, workers=workers)
        return
    report = score_run(responses, cases, protocol=chosen, k=k,
                       bootstrap=resamples, confidence=confidence, seed=seed,
                       require_all=require_all, workers=workers)
    click.echo(format_reliability_report(report))
    if out_dir:
        for path in write_outputs(report, out_dir):
            click.echo(f"wrote {path}")


def _score_protocols(responses: str, cases: str, names: list[str], **options) -> None:  # type: ignore[no-untyped-def]
    from ..evaluate.sensitivity import protocol_sensitivity, write_sensitivity
    from ..report.sensitivity import format_sensitivity

    out_dir = options.pop("out_dir")
    sensitivity = protocol_sensitivity(
        responses, cases, names, k=options["k"], bootstrap=options["resamples"],
        confidence=options["confidence"], seed=options["seed"],
        require_all=options["require_all"], workers=options["workers"])
    click.echo(format_sensitivity(sensitivity))
    if out_dir:
        for path in write_sensitivity(sensitivity, out_dir):
            click.echo(f"wrote {path}")
