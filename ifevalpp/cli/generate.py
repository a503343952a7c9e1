"""`ifevalpp generate-families`: grow each IFEval case into a validated family of prompts."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Sequence

import click

from ..errors import InputError
from ..original import resolve
from ..progress import ProgressBar
from ..schema import COUSIN_KINDS, Provenance
from .common import PROFILE_CHOICES, PROGRESS_OPTION, examples, reports_errors

if TYPE_CHECKING:
    from ..generate.family import FamilyResult
    from ..generate.llm import LLMFamilyResult


def summary_table(result, out: Path) -> str:
    """The end-of-run table: cousins per kind, coverage, failures by reason."""
    from collections import Counter

    expected = len(result.cases)
    counts = result.counts()
    lines = [f"{'kind':<16}{'made':>8}{'wanted':>8}"]
    lines.append(f"{'original':<16}{counts.get('original', 0):>8}{expected:>8}")
    for kind in result.kinds:
        lines.append(f"{kind:<16}{counts.get(kind, 0):>8}{expected * result.per_kind:>8}")
    complete = len(result.complete_cases())
    lines.append(f"coverage: {complete}/{expected} cases with all {result.expected_cousins} "
                 f"cousins ({100 * result.coverage():.1f}%)")
    reasons = Counter((failure.kind, failure.reason.split(" (")[0].split(":")[0])
                      for failure in result.failures)
    for (kind, reason), number in reasons.most_common(8):
        lines.append(f"  {number:>4} × {kind}: {reason}")
    lines.append(f"wrote {len(result.variants)} prompts to {out}")
    return "\n".join(lines)


def llm_settings(model: str, base_urls: Sequence[str], **options: Any) -> Any:
    """`LLMSettings` from the options; a bad value is a usage error (exit 2), not a traceback."""
    from pydantic import ValidationError

    from ..generate.llm import LLMSettings

    try:
        return LLMSettings(model=model, base_urls=list(base_urls), **options)
    except ValidationError as exc:
        raise click.UsageError(str(exc.errors()[0]["msg"])) from None


@click.command("generate-families",
               short_help="Grow each case into a validated family of prompts.",
               epilog=examples(
                   "ifevalpp generate-families   # <data>/families/template.jsonl",
                   "ifevalpp generate-families --original path/to/input_data.jsonl --seed 1 "
                   "--out data/families/s1.jsonl",
                   "ifevalpp generate-families --original ifevalpp-fixed --out "
                   "data/families/fixed.jsonl   # IFEval++'s hand-fixed copy: profile revised",
                   "ifevalpp generate-families --backend openai --model M "
                   "--base-url http://HOST:8000/v1"))
@click.option("--original", "original", default="github", show_default=True,
              help="IFEval cases: a path, or a revision name fetched by `ifevalpp fetch` "
                   "(found in the data directory).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Family file to write (<name>.manifest.json goes beside it); default "
                   "<data>/families/<backend>.jsonl, in the data directory ($IFEVALPP_DATA, "
                   "else the per-user one), where lm-eval-tasks, the inspect tasks and study "
                   "find the default families.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of every random choice: the same seed gives the same file.")
@click.option("--per-kind", type=click.IntRange(1, 20), default=3, show_default=True,
              help="Cousins of each kind per case.")
@click.option("--kinds", multiple=True, type=click.Choice(list(COUSIN_KINDS)),
              help="Cousin kinds to make (repeatable; default all three).")
@click.option("--cases", "case_keys", default=None,
              help="Only these case keys (comma-separated).")
@click.option("--max-attempts", type=click.IntRange(1, 100), default=None,
              help="Seeds tried per cousin before it is reported as missing "
                   "[default: 24 for the template backend, 12 for a model, whose every "
                   "attempt is a request].")
@click.option("--profile", type=click.Choice(PROFILE_CHOICES), default=None,
              help="Checker profile every cousin is validated (and its joint witness built) "
                   "under. Default: 'official' when it can check every case, else 'revised' "
                   "(the IFEval++ fixed copy, --original ifevalpp-fixed, asks for 'at most', "
                   "which only 'revised' checks); the manifest records the choice. A profile "
                   "that cannot check a case is refused, naming the case. Score the file "
                   "under a protocol with the same profile (e.g. --protocol revised).")
@click.option("--jobs", type=click.IntRange(min=0), default=0,
              help="[template] Worker processes growing cases at once; 0 (the default): one "
                   "per core. The file is the same byte for byte whatever the number.")
@PROGRESS_OPTION
@click.option("--backend", type=click.Choice(["template", "openai"]), default="template",
              show_default=True,
              help="Who writes the cousins: the offline templates, or a model behind an "
                   "OpenAI-compatible endpoint (needs --model and --base-url).")
@click.option("--model", default=None, help="[openai] Model name the endpoint serves.")
@click.option("--base-url", "base_urls", multiple=True,
              help="[openai] Endpoint base URL, e.g. http://localhost:8000/v1 (repeatable: "
                   "replicas).")
@click.option("--api-key-env", default="OPENAI_API_KEY", show_default=True,
              help="[openai] Environment variable holding the API key (never written anywhere).")
@click.option("--concurrency", type=click.IntRange(min=1), default=8, show_default=True,
              help="[openai] Cases worked on at once (requests in flight).")
@click.option("--temperature", type=click.FloatRange(min=0), default=0.7, show_default=True,
              help="[openai] Sampling temperature (part of the cache key).")
@click.option("--max-tokens", type=click.IntRange(min=1), default=2048, show_default=True,
              help="[openai] Longest answer, in tokens (part of the cache key).")
@click.option("--timeout", "timeout_s", type=click.FloatRange(min=0, min_open=True),
              default=300.0, show_default=True, help="[openai] Seconds per request.")
@click.option("--json-mode/--no-json-mode", default=True, show_default=True,
              help="[openai] Ask for response_format json_object (dropped automatically when "
                   "the server refuses it).")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="[openai] Answer cache, one JSON file per request hash; default .cache/ "
                   "beside --out (a rerun asks nothing).")
@click.option("--distractor-style", type=click.Choice(["format", "context", "mixed"]),
              default="format", show_default=True,
              help="Distractor cousins add a competing format requirement (IFEval++), irrelevant "
                   "context or a persona, or alternate the two.")
@click.option("--reconfigure", "reconfigure", type=click.Choice(["harder", "any"]),
              default="harder", show_default=True,
              help="Reconfigured values get harder (more words for 'at least', fewer for 'less "
                   "than', increasingly over a case's three), or just different.")
@reports_errors
def generate_families(original: str, out: Optional[Path], seed: int, per_kind: int,
                      kinds: Sequence[str], case_keys: Optional[str],
                      max_attempts: Optional[int], jobs: int,
                      profile: Optional[str], progress: bool, backend: str,
                      model: Optional[str],
                      base_urls: Sequence[str], api_key_env: str, concurrency: int,
                      temperature: float, max_tokens: int, timeout_s: float, json_mode: bool,
                      cache_dir: Optional[Path], distractor_style: str = "format",
                      reconfigure: str = "harder") -> None:
    """Grow each case into a family: original + rephrasings, distractors, reconfigurations.

    Every cousin is validated; the manifest beside the output names what could
    not be made and why.
    """
    from ..cases import load_variants
    from ..generate import generate_families as generate
    from ..datadir import data_dir
    from ..generate.manifest import family_manifest
    from ..generate.profile import choose_profile
    from ..io import sha256_file, write_json, write_jsonl
    from ..original import REVISIONS

    if backend == "openai" and (not model or not base_urls):
        raise click.UsageError("--backend openai needs --model and --base-url")
    # The data directory, where `lm-eval-tasks`, the inspect tasks and `study` look for the
    # default families: made once, found by all (never built twice).
    out = out or data_dir() / "families" / f"{backend}.jsonl"
    path = resolve(original)
    variants = [variant for variant in load_variants(path) if variant.kind == "original"]
    if not variants:
        raise InputError("no original cases in the file (a family file's cousins cannot be "
                         "grown into families)", path=str(path))
    if case_keys:
        wanted = {key.strip() for key in case_keys.split(",") if key.strip()}
        variants = [variant for variant in variants if str(variant.case) in wanted]
        missing = wanted - {str(variant.case) for variant in variants}
        if missing:
            raise InputError(f"unknown case keys: {', '.join(sorted(missing))}", path=str(path),
                             field="key")
    choice = choose_profile(variants, path, profile)  # type: ignore[arg-type]  # profile is a str that click.Choice has limited to the profiles
    profile = choice.profile
    if choice.requested is None and profile != "official":
        click.echo(f"profile: {profile} ({choice.reason}); score this file under a protocol "
                   f"with the {profile} profile, e.g. --protocol {profile}", err=True)
    bar = ProgressBar(len(variants), desc="families", unit="case", enabled=progress)
    options = dict(seed=seed, per_kind=per_kind, kinds=list(kinds) or list(COUSIN_KINDS),
                   profile=profile, progress=bar.update)
    if max_attempts is not None:
        options["max_attempts"] = max_attempts
    result: FamilyResult
    llm_result: Optional[LLMFamilyResult] = None
    try:
        if backend == "openai":
            from ..generate.llm import generate_families_llm

            settings = llm_settings(model or "", base_urls, api_key_env=api_key_env,
                                    concurrency=concurrency, temperature=temperature,
                                    max_tokens=max_tokens, timeout_s=timeout_s,
                                    json_mode=json_mode,
                                    cache_dir=cache_dir or out.parent / ".cache")
            result = llm_result = generate_families_llm(
                variants, settings, distractor_style=distractor_style, reconfigure=reconfigure,
                **options)
        else:
            from ..generate.processes import cores

            result = generate(variants, distractor_style=distractor_style,
                              reconfigure=reconfigure, jobs=jobs or cores(), **options)
    finally:
        bar.close()
    write_jsonl(out, result.variants)
    paths: dict[str, Any] = dict(input_path=path, input_sha256=sha256_file(path), output_path=out,
                                 output_sha256=sha256_file(out))
    revision = original if original in REVISIONS else None
    if llm_result is not None:
        from ..generate.llm import llm_manifest

        manifest = llm_manifest(llm_result, **paths)
        manifest["input"] = {"revision": revision, **manifest["input"]}
        manifest["profile_choice"] = choice.manifest()
    else:
        manifest = family_manifest(result, **paths, revision=revision,
                                   profile_choice=choice.manifest())
    manifest = {"provenance": Provenance.current(profile).model_dump(), **manifest}
    write_json(out.with_name(out.stem + ".manifest.json"), manifest)
    click.echo(summary_table(result, out))
    from ..generate.diversity import KindDiversity, summary_line
    made = manifest.get("kinds_made", {})
    figures = {kind: KindDiversity(**entry["diversity"]) for kind, entry in made.items()
               if "diversity" in entry}
    if figures:
        click.echo(summary_line(figures))
    for kind, entry in made.items():  # the kinds that judge difficulty say so in their entry
        if entry.get("difficulty"):
            click.echo(f"{kind}s against their originals: " + " · ".join(
                f"{verdict} {count}" for verdict, count in entry["difficulty"].items()))
    if llm_result is not None:
        stats = llm_result.stats
        click.echo(f"model requests: {stats.requests} sent, {stats.cache_hits} answers from the "
                   f"cache ({llm_result.settings.cache_dir}), {stats.unparseable} unparseable, "
                   f"{stats.failed} failed")
