"""`--cases`: keep whole families of a family file, chosen by a seeded sample or by case key.

Lines are copied byte for byte in file order, so the same family file and
selection always give the same sample file (same sha256), and a rerun of the
study resumes its answers instead of starting a new protocol.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from pydantic import BaseModel

from ..cases import load_variants
from ..errors import InputError
from ..io import atomic_write, sha256_file, write_json
from .config import CaseSelection
from .layout import manifest_beside

if TYPE_CHECKING:
    from .staging import Staged


class Sample(BaseModel):
    """The prompts a --cases study answers, and where they came from."""

    path: str
    sha256: str
    source: str
    source_sha256: str
    selection: CaseSelection
    cases: list[str]
    prompts: int
    # Set when the sample was grown from the IFEval cases directly (default families with
    # --cases): the generator settings its families were made with; `source` is the original.
    generator: Optional[dict[str, Any]] = None


def rank(case: str, seed: int) -> bytes:
    """A case's place in the seeded order: SHA-256, so it is the same everywhere."""
    return hashlib.sha256(f"ifevalpp/cases/{seed}/{case}".encode("utf-8")).digest()


def choose(sizes: dict[str, int], selection: CaseSelection, *, source: str) -> list[str]:
    """The chosen case keys, in the family file's order. `sizes`: prompts per case, in order.

    A sample draws from the complete families only (those with the most prompts),
    so `--cases N` gives N families that all enter reliable@k up to the family size.
    """
    cases = list(sizes)
    if selection.count is not None:
        largest = max(sizes.values())
        complete = [case for case in cases if sizes[case] == largest]
        if selection.count > len(complete):
            hint = (f"; to pick case {selection.count} itself, write --cases {selection.count},"
                    if str(selection.count) in sizes else "")
            raise InputError(f"--cases {selection.count}: the file has only {len(complete)} "
                             f"complete families (of {len(cases)}){hint}", path=source)
        ranked = sorted(complete, key=lambda case: rank(case, selection.seed))
        chosen = set(ranked[:selection.count])
    else:
        unknown = [key for key in selection.keys if key not in sizes]
        if unknown:
            raise InputError(f"--cases: no family for case key(s) {', '.join(unknown)}",
                             path=source, field="case")
        chosen = set(selection.keys)
    return [case for case in cases if case in chosen]


def select_families(source: Path, selection: CaseSelection, out: Path, *,
                    staged: Optional["Staged"] = None) -> Sample:
    """Write the chosen families of `source` to `out` (+ `<name>.manifest.json`); with
    `staged`, hold both files there instead."""
    variants = load_variants(source)
    lines = [line for line in source.read_bytes().splitlines(keepends=True) if line.strip()]
    if len(lines) != len(variants):  # pragma: no cover - load_variants reads every non-blank line
        raise InputError("could not match lines to records", path=str(source))
    sizes = Counter(str(variant.case) for variant in variants)  # insertion order: file order
    chosen = choose(dict(sizes), selection, source=str(source))
    keep = set(chosen)
    kept = [line if line.endswith(b"\n") else line + b"\n"
            for line, variant in zip(lines, variants) if str(variant.case) in keep]
    data = b"".join(kept)
    if staged is not None:
        digest = staged.put(out, data)
    else:
        with atomic_write(out, "wb") as handle:
            handle.write(data)
        digest = sha256_file(out)
    sample = Sample(path=str(out), sha256=digest, source=str(source),
                    source_sha256=sha256_file(source), selection=selection, cases=chosen,
                    prompts=len(kept))
    if staged is not None:
        staged.json(manifest_beside(out), sample)
    else:
        write_json(manifest_beside(out), sample)
    return sample
