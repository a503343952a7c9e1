"""The prompts a harness task asks, as flat rows any harness can hold.

Three sources:

* the IFEval originals of a fetched revision (`ifevalpp fetch`; its sha256 pin is checked)
  or of a case file;
* the default families: `<data>/families/template.jsonl`, made by `generate-families` with
  its defaults from the pinned GitHub original when absent, and used only while its sha256
  is the pin of this ifevalpp version (so every harness asks the same prompts);
* any family file the user names.

A row carries, besides the prompt and its instructions, how many prompts of each kind its
family has in the file (`family`), so that an aggregation that only sees the rows it was
given can tell a whole family from part of one (lm-eval's `--limit`, inspect's `--limit`):
a family with fewer answered prompts than that is left out of reliable@k, as `ifevalpp
score --missing exclude` leaves out a family with a missing response.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Optional, Sequence, Union

from pydantic import BaseModel, ConfigDict

from ..cases import load_variants
from ..datadir import data_dir
from ..errors import IfevalppError, InputError
from ..io import sha256_file
from ..original import REVISIONS, resolve
from ..profiles import Profile, check_profile
from ..schema import KINDS, Kind, Variant

DEFAULT_FAMILY_NAME = "template.jsonl"
# The default family file's bytes as this version of ifevalpp makes them from the pinned
# GitHub original (data/families/manifest.json pins the same file; a test keeps them equal).
DEFAULT_FAMILY_SHA256 = "4d41052b94aa148cfe98a2945e5f10e9365b159844e1f66dff3c7fb1fe28eef8"
DEFAULT_ORIGINAL = "github"


class PromptRow(BaseModel):
    """One prompt as a harness sample: what to ask, what to check, where its family is."""

    model_config = ConfigDict(frozen=True)

    key: str                          # case:kind:index
    case: str
    kind: Kind
    index: int
    prompt: str
    instruction_id_list: list[str]
    kwargs: list[dict[str, Any]]
    family: list[int]                 # prompts of each kind (KINDS order) in its family


class PromptSource(BaseModel):
    """A file of prompts and the bytes it had when it was read."""

    path: str
    sha256: str
    pinned: bool = False              # the sha256 is a pin ifevalpp checked
    revision: Optional[str] = None
    action: str = "given"             # given | reused | generated


def default_family_path() -> Path:
    """Where the default families live: `<data>/families/template.jsonl`."""
    return data_dir() / "families" / DEFAULT_FAMILY_NAME


def original_source(spec: str = DEFAULT_ORIGINAL) -> PromptSource:
    """A revision name (fetched into the data directory; its pin is checked) or a case file."""
    path = resolve(spec)
    if not path.is_file():
        raise InputError("file not found (give IFEval cases, or a fetched revision: "
                         f"{', '.join(REVISIONS)})", path=str(path))
    digest = sha256_file(path)
    revision = REVISIONS.get(spec)
    if revision is not None and revision.sha256 is not None and digest != revision.sha256:
        raise InputError(f"sha256 {digest} differs from the pin of revision {spec!r}; run "
                         f"`ifevalpp fetch --revision {spec}` again", path=str(path))
    return PromptSource(path=str(path), sha256=digest,
                        pinned=revision is not None and revision.sha256 is not None,
                        revision=spec if revision is not None else None, action="given")


def family_source(spec: Union[str, os.PathLike[str]]) -> PromptSource:
    """A family file the user names, used as it is; or a fetched revision of families
    (`ifevalpp-families`: IFEval++'s released ones, from the data directory)."""
    revision = REVISIONS.get(str(spec))
    if revision is not None and revision.families:
        return original_source(str(spec))
    where = Path(spec)
    if not where.is_file():
        raise InputError("family file not found", path=str(where))
    return PromptSource(path=str(where), sha256=sha256_file(where))


Generate = Callable[[Path], None]


def _generate_default(path: Path) -> None:
    """`generate-families` with its defaults from the fetched GitHub original, into `path`."""
    from ..study.sources import default_families, find_original

    try:
        original = find_original(DEFAULT_ORIGINAL)
    except IfevalppError as exc:
        raise IfevalppError(f"the default families are made from the GitHub original: {exc}") \
            from None
    default_families(original, path)


def default_families(*, path: Optional[Path] = None, generate: Generate = _generate_default,
                     announce: Optional[Callable[[str], None]] = None) -> PromptSource:
    """The default family file, made first if it is absent or not the pinned bytes
    (`announce(message)` is told before, since that takes most of a minute).

    Refuses (IfevalppError) when the file made here is not the pinned one: the prompts
    would not be the ones every other run of this ifevalpp version asks.
    """
    where = path or default_family_path()
    if where.is_file() and sha256_file(where) == DEFAULT_FAMILY_SHA256:
        return PromptSource(path=str(where), sha256=DEFAULT_FAMILY_SHA256, pinned=True,
                            action="reused")
    if announce is not None:
        announce(f"making the default families at {where} (most of a minute, once; `ifevalpp "
                 f"generate-families` makes the same file)")
    where.parent.mkdir(parents=True, exist_ok=True)
    generate(where)
    digest = sha256_file(where)
    if digest != DEFAULT_FAMILY_SHA256:
        raise IfevalppError(f"{where}: the default families made here have sha256 {digest}, "
                            f"not the pin {DEFAULT_FAMILY_SHA256} of this ifevalpp version "
                            f"(are the templates or the GitHub original changed?); give a "
                            f"family file explicitly to use it anyway")
    return PromptSource(path=str(where), sha256=digest, pinned=True, action="generated")


def check_unchanged(source_path: Union[str, os.PathLike[str]], sha256: str) -> None:
    """Refuse a file whose bytes are no longer those a task directory was written for."""
    path = Path(source_path)
    if not path.is_file():
        raise InputError("the prompt file this task was written for is gone; run `ifevalpp "
                         "lm-eval-tasks` again", path=str(path))
    found = sha256_file(path)
    if found != sha256:
        raise InputError(f"sha256 {found} differs from {sha256}, which the task was written "
                         f"for; run `ifevalpp lm-eval-tasks` again", path=str(path))


def parse_cases(value: Any) -> Optional[Any]:
    """A `cases` setting (a number of families, or case keys as a list or comma-separated
    text) as a study CaseSelection; None or "" means every family."""
    from ..study.config import CaseSelection

    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise InputError(f"cases {value!r}: give a number of families or case keys")
    if isinstance(value, int):
        return CaseSelection.parse(str(value))
    if isinstance(value, (list, tuple)):
        return CaseSelection.parse(",".join(str(item) for item in value) + ",")
    return CaseSelection.parse(str(value))


def select(variants: Sequence[Variant], cases: Any, *, source: str) -> list[Variant]:
    """The variants of the chosen families (study `--cases` rules: a seeded sample of
    complete families, or named case keys), in file order."""
    selection = parse_cases(cases)
    if selection is None:
        return list(variants)
    from ..study.selection import choose

    sizes = Counter(str(variant.case) for variant in variants)
    keep = set(choose(dict(sizes), selection, source=source))
    return [variant for variant in variants if str(variant.case) in keep]


def prompt_rows(variants: Sequence[Variant]) -> list[PromptRow]:
    """Rows in file order, each with its family's size per kind."""
    sizes: dict[str, list[int]] = {}
    for variant in variants:
        counts = sizes.setdefault(str(variant.case), [0] * len(KINDS))
        counts[KINDS.index(variant.kind)] += 1
    return [PromptRow(key=variant.key, case=str(variant.case), kind=variant.kind,
                      index=variant.index, prompt=variant.prompt,
                      instruction_id_list=list(variant.instruction_id_list),
                      kwargs=[dict(item) for item in variant.kwargs],
                      family=list(sizes[str(variant.case)]))
            for variant in variants]


def load_rows(path: Union[str, os.PathLike[str]], *, profile: Profile = "official",
              cases: Any = None, originals_only: bool = False) -> list[PromptRow]:
    """The rows of a case or family file, every kwargs checked for `profile` first."""
    check_profile(profile)
    variants = load_variants(path, profiles=[profile])
    if originals_only:
        variants = [variant for variant in variants if variant.kind == "original"]
    chosen = select(variants, cases, source=str(path))
    if not chosen:
        raise InputError("no prompts to ask", path=str(path))
    return prompt_rows(chosen)


__all__ = ["DEFAULT_FAMILY_NAME", "DEFAULT_FAMILY_SHA256", "DEFAULT_ORIGINAL", "PromptRow",
           "PromptSource", "check_unchanged", "default_families", "default_family_path",
           "family_source", "load_rows", "original_source", "parse_cases", "prompt_rows",
           "select"]
