"""`ifevalpp generate-families`: grow each IFEval case into a validated family of prompts."""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Sequence

import click

from ..errors import InputError
from ..schema import COUSIN_KINDS
from .common import PROFILE_OPTION, reports_errors


def resolve_original(value: str) -> Path:
    """A path is used as is; a bare revision name like `github` means data/original/<name>.jsonl."""
    path = Path(value)
    if path.exists() or path.suffix or "/" in value:
        return path
    return Path("data") / "original" / f"{value}.jsonl"


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


@click.command("generate-families")
@click.option("--original", "original", default="github", show_default=True,
              help="IFEval cases: a path, or a revision name fetched by `ifevalpp fetch` "
                   "(data/original/<name>.jsonl).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
              default=Path("data/families/template.jsonl"), show_default=True,
              help="Family file to write (<name>.manifest.json goes beside it).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--per-kind", type=click.IntRange(1, 20), default=3, show_default=True,
              help="Cousins of each kind per case.")
@click.option("--kinds", multiple=True, type=click.Choice(list(COUSIN_KINDS)),
              help="Cousin kinds to make (repeatable; default all three).")
@click.option("--cases", "case_keys", default=None,
              help="Only these case keys (comma-separated).")
@click.option("--max-attempts", type=click.IntRange(1, 100), default=12, show_default=True,
              help="Seeds tried per cousin before it is reported as missing.")
@PROFILE_OPTION
@click.option("--progress/--no-progress", default=True, show_default=True)
@reports_errors
def generate_families(original: str, out: Path, seed: int, per_kind: int,
                      kinds: Sequence[str], case_keys: Optional[str], max_attempts: int,
                      profile: str, progress: bool) -> None:
    """Grow each case into a family: original + rephrasings, distractors, reconfigurations."""
    from tqdm import tqdm

    from ..cases import load_variants
    from ..generate import generate_families as generate
    from ..generate.manifest import family_manifest
    from ..io import sha256_file, write_json, write_jsonl

    path = resolve_original(original)
    if not path.exists():
        raise InputError("file not found (run `ifevalpp fetch` or pass a path)", path=str(path))
    variants = [variant for variant in load_variants(path) if variant.kind == "original"]
    if case_keys:
        wanted = {key.strip() for key in case_keys.split(",") if key.strip()}
        variants = [variant for variant in variants if str(variant.case) in wanted]
        missing = wanted - {str(variant.case) for variant in variants}
        if missing:
            raise InputError(f"unknown case keys: {', '.join(sorted(missing))}", path=str(path),
                             field="key")
    bar = tqdm(total=len(variants), desc="families", unit="case", disable=not progress)
    try:
        result = generate(variants, seed=seed, per_kind=per_kind,
                          kinds=list(kinds) or list(COUSIN_KINDS), profile=profile,
                          max_attempts=max_attempts, progress=bar.update)
    finally:
        bar.close()
    write_jsonl(out, result.variants)
    manifest = family_manifest(result, input_path=path, input_sha256=sha256_file(path),
                               output_path=out, output_sha256=sha256_file(out))
    write_json(out.with_name(out.stem + ".manifest.json"), manifest)
    click.echo(summary_table(result, out))
