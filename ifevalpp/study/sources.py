"""The study's first two steps: the IFEval original (fetched or reused) and the family file
(generated, reused when nothing it depends on changed, or given)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Literal, Optional

from pydantic import BaseModel

from ..cases import load_variants
from ..errors import IfevalppError, InputError
from ..io import sha256_file, write_json, write_jsonl
from ..original import REVISIONS, fetch, load_path, resolve
from ..profiles import Profile
from ..schema import COUSIN_KINDS
from .layout import manifest_beside

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
    cases = load_path(path)
    return OriginalData(path=str(path), sha256=digest, revision=revision, cases=len(cases),
                        action=action)  # type: ignore[arg-type]


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
                     on_start: Optional[Callable[[int, str], None]] = None) -> FamilyData:
    """The default family file at `path`: reused when its manifest shows the same input,
    generator version and settings and the file still has the recorded sha256; otherwise
    generated (all cases, as `generate-families` makes it) with its manifest.

    `on_start(cases, reason)` is called before generating; `progress(1)` after each case.
    """
    from ..generate import generate_families
    from ..generate.manifest import family_manifest
    from ..generate.profile import choose_profile

    reason = _stale(path, _wanted(original, profile))
    if reason is None:
        return _described(path, "reused")
    cases = [variant for variant in load_variants(original.path) if variant.kind == "original"]
    # The study scores under the same profile, so it is not picked automatically here.
    choice = choose_profile(cases, original.path, profile, hint=(
        "run the study with --profile revised (its answers are then scored under revised "
        "too)"))
    if on_start is not None:
        on_start(len(cases), reason)
    result = generate_families(cases, seed=DEFAULT_SEED, per_kind=DEFAULT_PER_KIND,
                               kinds=COUSIN_KINDS, profile=profile, progress=progress)
    write_jsonl(path, result.variants)
    digest = sha256_file(path)
    manifest = family_manifest(result, input_path=Path(original.path),
                               input_sha256=original.sha256, output_path=path,
                               output_sha256=digest, revision=original.revision,
                               profile_choice=choice.manifest())
    write_json(manifest_beside(path), manifest)
    return FamilyData(path=str(path), sha256=digest, prompts=len(result.variants),
                      families=len(result.cases), action="generated", reason=reason,
                      coverage=manifest["coverage"])


def given_families(path: Path) -> FamilyData:
    """A family file the user made: checked (every line a valid prompt record), used as is."""
    if not path.is_file():
        raise InputError("file not found", path=str(path))
    return _described(path, "given")


def _described(path: Path, action: str) -> FamilyData:
    variants = load_variants(path)
    if not variants:
        raise InputError("the family file has no prompts", path=str(path))
    return FamilyData(path=str(path), sha256=sha256_file(path), prompts=len(variants),
                      families=len({str(variant.case) for variant in variants}),
                      action=action)  # type: ignore[arg-type]
