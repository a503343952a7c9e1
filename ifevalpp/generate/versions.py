"""Seeds and versions: what makes a family file reproducible and says what made it.

Every cousin's seed is derived from (run seed, case, kind, index, attempt) with
SHA-256 — never Python's `hash()` — so a run is reproducible byte for byte. The
generator version is the package version plus a digest of the templates the
template backend reads (and of plug-in types, when any are registered), so a
template edit changes the version of every record.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
from pathlib import Path
from typing import Optional, Union

from .. import __version__
from ..constraints import REGISTRY
from ..constraints.support.wording import templates_dir


def derive_seed(seed: int, case: Union[int, str], kind: str, index: int, attempt: int) -> int:
    """A 63-bit seed from the run seed and the cousin's identity (stable across processes)."""
    material = f"ifevalpp/{seed}/{case}/{kind}/{index}/{attempt}".encode("utf-8")
    return int.from_bytes(hashlib.sha256(material).digest()[:8], "big") >> 1


def stream_seed(case_seed: int, purpose: str) -> int:
    """The seed of one per-case stream of choices fixed for every sibling of a family
    (`purpose`: "task slot", "settings order", "catalogue start", "type order"), from the
    case's seed (`CousinRequest.family_seed`, itself from the run's --seed): every random
    choice of a run follows --seed, and no two purposes share a stream."""
    material = f"ifevalpp-stream/{case_seed}/{purpose}".encode("utf-8")
    return int.from_bytes(hashlib.sha256(material).digest()[:8], "big") >> 1


@functools.lru_cache(maxsize=8)
def templates_digest(root: str, only: Optional[str] = None) -> str:
    """Digest of the templates; `only` restricts it to one subfolder. The template backend's
    digest leaves out `llm/` (the model backend's prompts), which it never reads."""
    digest = hashlib.sha256()
    base = Path(root)
    for path in sorted(base.rglob("*")):
        top = path.relative_to(base).parts[0]
        if (top != only) if only is not None else (top == "llm"):
            continue
        if path.is_file() and path.suffix in (".j2", ".json", ".grammar"):
            digest.update(path.relative_to(base).as_posix().encode("utf-8") + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def plugin_types_digest() -> Optional[str]:
    """Digest of the registered types defined outside ifevalpp (their ids, source files and
    wording), or None when there are none: a plug-in edit changes the version too."""
    outside = sorted((instruction_id, constraint) for instruction_id, constraint in
                     REGISTRY.items() if not type(constraint).__module__.startswith("ifevalpp."))
    if not outside:
        return None
    digest = hashlib.sha256()
    for instruction_id, constraint in outside:
        cls = type(constraint)
        digest.update(instruction_id.encode("utf-8") + b"\0" + cls.__module__.encode("utf-8"))
        source = inspect.getsourcefile(cls)
        for part in (Path(source).read_bytes() if source else b"",
                     (constraint.wording_source or "").encode("utf-8"),
                     Path(constraint.wording_path).read_bytes() if constraint.wording_path
                     else b""):
            digest.update(b"\0" + part)
    return digest.hexdigest()[:12]


def generator_version() -> str:
    """Package version plus a digest of the templates, so a template edit changes the version
    (and of plug-in types, when any are registered)."""
    version = f"{__version__}+tpl.{templates_digest(str(templates_dir()))}"
    plugins = plugin_types_digest()
    return version if plugins is None else f"{version}+types.{plugins}"
