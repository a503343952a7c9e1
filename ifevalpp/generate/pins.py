"""Which families of a family file changed: per-family digests beside the file's sha256 pin.

The default family files are pinned by their sha256 (data/families/manifest.json), which
says only *that* something changed. `family_digests` digests each family (the lines of
one case) with the generator version set aside, so a comparison with the committed
digests (data/families/digests.json) names the families whose prompts, kwargs or details
changed, and says separately whether only the version moved (a template edit moves it in
every record). Digests are not IFEval content, so they can be committed.

    python -m ifevalpp.generate.pins data/families/template.jsonl            # what changed
    python -m ifevalpp.generate.pins data/families/template.jsonl --write    # new digests
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Iterable, Optional

from pydantic import BaseModel

from ..wording.english import plural

DIGESTS = Path(__file__).resolve().parents[2] / "data" / "families" / "digests.json"


class FileDigests(BaseModel):
    """One family file: the generator version of its cousins and a digest per family."""

    version: str
    families: dict[str, str]


class Changes(BaseModel):
    """What differs between two digests of a family file."""

    changed: list[str]
    added: list[str]
    removed: list[str]
    version: Optional[tuple[str, str]] = None     # (pinned, found) when it moved

    @property
    def none(self) -> bool:
        return not (self.changed or self.added or self.removed or self.version)

    def summary(self, limit: int = 20) -> str:
        """One line per kind of change, naming at most `limit` families each."""
        def named(cases: list[str]) -> str:
            more = f" (+{len(cases) - limit} more)" if len(cases) > limit else ""
            return ", ".join(cases[:limit]) + more
        lines = [f"{plural(len(cases), 'family', 'families')} {what}: {named(cases)}"
                 for what, cases in (("changed", self.changed), ("added", self.added),
                                     ("removed", self.removed)) if cases]
        if self.version:
            lines.append(f"generator version {self.version[0]} -> {self.version[1]}")
        return "\n".join(lines) or "no family changed"


def family_digests(lines: Iterable[str]) -> FileDigests:
    """Per case, the sha256 of its records in file order, each with `generator.version`
    set aside; and the version of the cousins (the first one found)."""
    hashers: dict[str, "hashlib._Hash"] = {}
    version = ""
    for line in lines:
        if not line.strip():
            continue
        record = json.loads(line)
        generator = record.get("generator") or {}
        if generator.get("version") and not version:
            version = generator["version"]
        generator["version"] = ""
        canonical = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        hashers.setdefault(str(record["case"]), hashlib.sha256()).update(
            canonical.encode("utf-8") + b"\n")
    return FileDigests(version=version,
                       families={case: hasher.hexdigest() for case, hasher in hashers.items()})


def file_digests(path: Path) -> FileDigests:
    with path.open(encoding="utf-8") as handle:
        return family_digests(handle)


def compare(pinned: FileDigests, found: FileDigests) -> Changes:
    """The families that differ, in the pinned file's order (added ones in the new order)."""
    return Changes(
        changed=[case for case, digest in pinned.families.items()
                 if case in found.families and found.families[case] != digest],
        added=[case for case in found.families if case not in pinned.families],
        removed=[case for case in pinned.families if case not in found.families],
        version=(pinned.version, found.version) if pinned.version != found.version else None)


def load_pins(path: Path = DIGESTS) -> dict[str, FileDigests]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return {name: FileDigests.model_validate(entry) for name, entry in raw["files"].items()}


def write_pins(pins: dict[str, FileDigests], path: Path = DIGESTS) -> None:
    from ..io import atomic_write

    document = {"about": "Per-family sha256 digests of the default family files (each "
                         "family's records with generator.version set aside). "
                         "`python -m ifevalpp.generate.pins FILE` names the families that "
                         "changed; the whole-file pins are in manifest.json.",
                "files": {name: entry.model_dump() for name, entry in sorted(pins.items())}}
    with atomic_write(path) as handle:
        handle.write(json.dumps(document, indent=1, ensure_ascii=False) + "\n")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="a family file, e.g. data/families/template.jsonl")
    parser.add_argument("--name", help="its name in the digests (default: the file's name)")
    parser.add_argument("--digests", type=Path, default=DIGESTS)
    parser.add_argument("--write", action="store_true", help="store the file's digests")
    arguments = parser.parse_args(argv)
    name = arguments.name or arguments.file.name
    found = file_digests(arguments.file)
    pins = load_pins(arguments.digests) if arguments.digests.exists() else {}
    if arguments.write:
        pins[name] = found
        write_pins(pins, arguments.digests)
        print(f"wrote the digests of {len(found.families)} families of {name}")
        return 0
    if name not in pins:
        print(f"{arguments.digests} has no digests for {name}")
        return 2
    changes = compare(pins[name], found)
    print(changes.summary())
    return 0 if changes.none else 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
