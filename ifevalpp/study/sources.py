"""The study's first two steps: the IFEval original (fetched or reused) and the family file
(generated, reused when nothing it depends on changed, or given)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Callable, Literal, Optional

from pydantic import BaseModel

from ..cases import load_variants
from ..errors import IfevalppError, InputError
from ..io import sha256_file, write_json, write_jsonl
from ..original import REVISIONS, fetch, load_path, resolve
from ..profiles import Profile
from ..schema import COUSIN_KINDS
from .config import CaseSelection
from .layout import manifest_beside
from .selection import Sample, rank
from .staging import Staged

DownloadProgress = Callable[[int, Optional[int]], None]

# The default families: what `ifevalpp generate-families` makes with its defaults.
DEFAULT_SEED = 0
DEFAULT_PER_KIND = 3


class OriginalData(BaseModel):
    """The IFEval cases the families grow from."""

    path: str
    sha256: str
    revision: Optional[str] = None      # the pinned release these bytes are, if any
    cases: int
    action: Literal["fetched", "reused", "given"]


class FamilyData(BaseModel):
    """The family file the study answers (before any --cases selection)."""

    path: str
    sha256: str
    prompts: int
    families: int
    action: Literal["generated", "reused", "given"]
    reason: str = ""                    # why it was (re)generated
    coverage: Optional[dict[str, Any]] = None
    largest_family: Optional[int] = None  # prompts of the largest family (reliable@k's top k)


def _pinned_revision(digest: str) -> Optional[str]:
    return next((name for name, spec in REVISIONS.items() if spec.sha256 == digest), None)


def find_original(spec: str, *, progress: Optional[DownloadProgress] = None) -> OriginalData:
    """A revision name is reused from the data directory, or fetched there first (sha256
    checked); anything else is a path to IFEval cases, used as it is."""
    if spec in REVISIONS:
        try:
            path, action = resolve(spec), "reused"
        except InputError:
            try:
                path, action = Path(fetch(spec, progress=progress).path), "fetched"
            except IfevalppError as exc:
                raise IfevalppError(f"{exc} (offline? give a local copy with --original "
                                    f"PATH)") from None
        digest = sha256_file(path)
        pin = REVISIONS[spec].sha256
        if pin is not None and digest != pin:
            raise InputError(f"sha256 {digest} differs from the pin of revision {spec!r}; "
                             f"run `ifevalpp fetch --revision {spec}` again", path=str(path))
        revision: Optional[str] = spec
    else:
        path, action = Path(spec), "given"
        if not path.is_file():
            raise InputError("file not found (give IFEval cases, or a revision: "
                             f"{', '.join(REVISIONS)})", path=spec)
        digest = sha256_file(path)
        revision = _pinned_revision(digest)
        if revision is not None:
            # A local copy of a pinned release goes where `score`, `validate` and
            # `generate-families` look for it by name, as `fetch --from PATH` puts it.
            fetch(revision, source=str(path))
    cases = load_path(path)
    return OriginalData(path=str(path), sha256=digest, revision=revision, cases=len(cases),
                        action=action)  # type: ignore[arg-type]  # action is one of the literals, set in the branches above


def _wanted(original: OriginalData, profile: Profile) -> dict[str, Any]:
    """The manifest entries that must match for an existing family file to be reused."""
    from ..generate import generator_version

    return {"backend": "template", "version": generator_version(), "seed": DEFAULT_SEED,
            "profile": profile, "per_kind": DEFAULT_PER_KIND, "kinds": list(COUSIN_KINDS),
            "input sha256": original.sha256}


def _stale(path: Path, wanted: dict[str, Any]) -> Optional[str]:
    """Why the family file at `path` cannot be reused (None: it can)."""
    import json

    manifest_path = manifest_beside(path)
    if not path.exists():
        return "none yet"
    if not manifest_path.exists():
        return f"{manifest_path.name} is missing"
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        found = {name: manifest[name] for name in wanted if name != "input sha256"}
        found["input sha256"] = manifest["input"]["sha256"]
        recorded = manifest["output"]["sha256"]
    except (ValueError, KeyError, TypeError):
        return f"{manifest_path.name} is unreadable"
    changed = [name for name in wanted if found[name] != wanted[name]]
    if changed:
        return "changed: " + ", ".join(f"{name} {found[name]} → {wanted[name]}"
                                       for name in changed)
    if sha256_file(path) != recorded:
        return f"{path.name} no longer has the sha256 its manifest records"
    return None


def default_families(original: OriginalData, path: Path, *, profile: Profile = "official",
                     progress: Optional[Callable[[int], None]] = None,
                     on_start: Optional[Callable[[int, str], None]] = None,
                     staged: Optional[Staged] = None) -> FamilyData:
    """The default family file at `path`: reused when its manifest shows the same input,
    generator version and settings and the file still has the recorded sha256; otherwise
    generated (all cases, as `generate-families` makes it) with its manifest.

    `on_start(cases, reason)` is called before generating; `progress(1)` after each case.
    `staged`: hold the files there instead of writing them (a study writes nothing before
    every check that could refuse it has passed).
    """
    wanted = _wanted(original, profile)
    reason = _stale(path, wanted)
    if reason is None:
        return _described(path, "reused")
    copied = _copy_shared(path, wanted, staged=staged)
    if copied is not None:
        return copied
    result, choice = _generate(original, profile, progress=progress, on_start=on_start,
                               reason=reason)
    return _families_made(result, choice, original, path, reason=reason, staged=staged)


def shared_default_families() -> Path:
    """Where `generate-families` (default --out), `lm-eval-tasks` and the inspect tasks keep the
    default families: `<data>/families/template.jsonl`."""
    from ..datadir import data_dir

    return data_dir() / "families" / "template.jsonl"


def _copy_shared(path: Path, wanted: dict[str, Any], *,
                 staged: Optional[Staged]) -> Optional[FamilyData]:
    """The data directory's default families copied into the study (with their manifest)
    when they were made from the same input, generator version and settings: the same
    bytes a generation here would give, without generating them a second time."""
    shared = shared_default_families()
    if shared.resolve() == path.resolve() or _stale(shared, wanted) is not None:
        return None
    found = _described(shared, "reused")
    for source, target in ((shared, path), (manifest_beside(shared), manifest_beside(path))):
        data = source.read_bytes()
        if staged is not None:
            staged.put(target, data)
        else:
            from ..io import atomic_write

            target.parent.mkdir(parents=True, exist_ok=True)
            with atomic_write(target, "wb") as handle:
                handle.write(data)
    return found.model_copy(update={"path": str(path),
                                    "reason": f"copied from {shared} (same input and settings)"})


def chosen_default_families(original: OriginalData, selection: CaseSelection, path: Path, *,
                            profile: Profile = "official",
                            progress: Optional[Callable[[int], None]] = None,
                            on_start: Optional[Callable[[int, str], None]] = None,
                            staged: Optional[Staged] = None) -> tuple[FamilyData, Sample]:
    """`--cases` on the default families: only the chosen cases are grown (each one exactly
    as the whole default file has it: every case still lends its task and settings), so
    `--cases 2` takes seconds, and unknown case keys are refused before anything is made.

    A count samples complete families in the seeded order of `selection.choose`: cases are
    grown in that order until enough of them have every cousin."""
    from ..generate import generator_version

    generator = {"backend": "template", "version": generator_version(), "seed": DEFAULT_SEED,
                 "per_kind": DEFAULT_PER_KIND, "profile": profile}
    reused = _reusable_sample(path, original, selection, generator)
    if reused is not None:
        return reused
    cases = [variant for variant in load_variants(original.path) if variant.kind == "original"]
    keys = [str(variant.case) for variant in cases]
    if selection.keys:
        unknown = [key for key in selection.keys if key not in set(keys)]
        if unknown:
            raise InputError(f"--cases: no case with key(s) {', '.join(unknown)}",
                             path=original.path, field="case")
        wanted = list(selection.keys)
    else:
        wanted = []
        if selection.count is not None and selection.count > len(keys):
            # Said before anything is grown: growing every case first would take half a minute.
            raise InputError(f"{selection.count:,} families asked for, and the default "
                             f"families have at most {len(keys):,} (one per case of the "
                             f"original); give {len(keys):,} or fewer (nothing was generated)",
                             path=original.path, field="--cases")
    full = 1 + DEFAULT_PER_KIND * len(COUSIN_KINDS)
    ranked = sorted(keys, key=lambda key: rank(key, selection.seed))
    made: dict[str, list[Any]] = {}
    failures: list[Any] = []
    result = None
    choice = None
    position = 0
    while True:
        if selection.keys:
            batch, wanted_more = wanted, False
        else:
            complete = [key for key in made if len(made[key]) == full]
            missing = selection.count - len(complete)  # type: ignore[operator]  # selection.count is set whenever selection.keys is not
            if missing <= 0:
                break
            if position >= len(ranked):
                raise InputError(f"--cases {selection.count}: the default families have only "
                                 f"{len(complete)} complete families (of {len(keys)})",
                                 path=original.path)
            batch = ranked[position:position + missing + 2]
            position += len(batch)
            wanted_more = True
        result, choice = _generate(original, profile, progress=progress, on_start=on_start,
                                   reason=f"only the chosen cases ({selection.describe()})",
                                   only=batch, cases=cases, choice=choice)
        for variant in result.variants:
            made.setdefault(str(variant.case), []).append(variant)
        for key in batch:
            made.setdefault(key, [])
        failures += result.failures
        on_start = None  # announce once
        if not wanted_more:
            break
    if selection.keys:
        chosen = set(wanted)
    else:
        chosen = set(sorted((key for key in made if len(made[key]) == full),
                            key=lambda key: rank(key, selection.seed))[:selection.count])
    order = [key for key in keys if key in chosen]
    variants = [variant for key in order for variant in made[key]]
    assert result is not None and choice is not None
    result.variants = variants
    result.cases = [variant.case for variant in cases if str(variant.case) in chosen]
    result.failures = [failure for failure in failures if str(failure.case) in chosen]
    families = _families_made(result, choice, original, path,
                              reason=f"only the chosen cases ({selection.describe()})",
                              staged=staged, manifest=False)
    sample = Sample(path=str(path), sha256=families.sha256, source=original.path,
                    source_sha256=original.sha256, selection=selection, cases=order,
                    prompts=len(variants), generator=generator)
    if staged is not None:
        staged.json(manifest_beside(path), sample)
    else:
        write_json(manifest_beside(path), sample)
    return families, sample


def _reusable_sample(path: Path, original: OriginalData, selection: CaseSelection,
                     generator: dict[str, Any]) -> Optional[tuple[FamilyData, Sample]]:
    """The sample at `path` when its manifest shows the same original, selection and
    generator settings and the file still has the recorded sha256 (else None)."""
    from pydantic import ValidationError

    manifest = manifest_beside(path)
    if not (path.is_file() and manifest.is_file()):
        return None
    try:
        sample = Sample.model_validate_json(manifest.read_text(encoding="utf-8"))
    except (ValidationError, ValueError, OSError):
        return None
    if (sample.generator != generator or sample.source_sha256 != original.sha256
            or sample.selection != selection or sha256_file(path) != sample.sha256):
        return None
    families = _described(path, "reused")
    return families.model_copy(update={"reason": "the chosen cases, unchanged"}), sample


def _generate(original: OriginalData, profile: Profile, *,
              progress: Optional[Callable[[int], None]],
              on_start: Optional[Callable[[int, str], None]], reason: str,
              only: Optional[list[str]] = None, cases: Optional[list[Any]] = None,
              choice: Any = None) -> tuple[Any, Any]:
    from ..generate import generate_families
    from ..generate.processes import cores
    from ..generate.profile import choose_profile

    if cases is None:
        cases = [variant for variant in load_variants(original.path)
                 if variant.kind == "original"]
    if choice is None:
        # The study scores under the same profile, so it is not picked automatically here.
        choice = choose_profile(cases, original.path, profile, hint=(
            "run the study with --profile revised (its answers are then scored under revised "
            "too)"))
    if on_start is not None:
        on_start(len(cases) if only is None else len(only), reason)
    result = generate_families(cases, seed=DEFAULT_SEED, per_kind=DEFAULT_PER_KIND,
                               kinds=COUSIN_KINDS, profile=profile, progress=progress,
                               only=only, jobs=cores())
    return result, choice


def _families_made(result: Any, choice: Any, original: OriginalData, path: Path, *,
                   reason: str, staged: Optional[Staged], manifest: bool = True) -> FamilyData:
    """Write (or stage) the generated family file and, for a whole file, its manifest."""
    from ..generate.manifest import family_manifest

    if staged is not None:
        digest = staged.jsonl(path, result.variants)
    else:
        write_jsonl(path, result.variants)
        digest = sha256_file(path)
    coverage = None
    if manifest:
        document = family_manifest(result, input_path=Path(original.path),
                                   input_sha256=original.sha256, output_path=path,
                                   output_sha256=digest, revision=original.revision,
                                   profile_choice=choice.manifest())
        coverage = document["coverage"]
        if staged is not None:
            staged.json(manifest_beside(path), document)
        else:
            write_json(manifest_beside(path), document)
    sizes = Counter(str(variant.case) for variant in result.variants)
    return FamilyData(path=str(path), sha256=digest, prompts=len(result.variants),
                      families=len(result.cases), action="generated", reason=reason,
                      coverage=coverage, largest_family=max(sizes.values(), default=0))


def given_families(path: Path) -> FamilyData:
    """A family file the user made: checked (every line a valid prompt record), used as is."""
    if not path.is_file():
        raise InputError("file not found", path=str(path))
    return _described(path, "given")


def _described(path: Path, action: str) -> FamilyData:
    variants = load_variants(path)
    if not variants:
        raise InputError("the family file has no prompts", path=str(path))
    sizes = Counter(str(variant.case) for variant in variants)
    return FamilyData(path=str(path), sha256=sha256_file(path), prompts=len(variants),
                      families=len(sizes), action=action,  # type: ignore[arg-type]  # action is one of the literals, set in the branches above
                      largest_family=max(sizes.values()))
