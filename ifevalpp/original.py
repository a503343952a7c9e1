"""The IFEval original: fetch a release into the data directory, check its sha256 pin, load it.

Fetched files go to `<data>/original/<revision>.jsonl` (`ifevalpp.datadir`:
`$IFEVALPP_DATA`, else the per-user data directory), so a revision name works
from any working directory.

Revisions:
  github             the 541 cases released with the official code (kwargs hold only used keys)
  ifevalpp           the copy IFEval++ starts from (one prompt differs: key 1174)
  ifevalpp-fixed     IFEval++'s manually cleaned copy (541 cases; generate families from it
                     under the revised profile: it asks for 'at most', key 1217)
  ifevalpp-families  IFEval++'s released families (5,410 prompts, keys `case:kind:…`)
  ifbench            IFBench's 300 test prompts (allenai/IFBench at db69a6f; 58 other types)
  hf                 the Hugging Face release (every kwargs key present, null when unused)

A pinned revision whose bytes differ from the pin is refused. A revision without
a pin (hf, ifevalpp-families) has its sha256 printed and recorded in
`fetched.json` on download.
"""

from __future__ import annotations

import json
import os
import shutil
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Optional

from pydantic import BaseModel, ValidationError

from .cases import check_instruction_ids
from .errors import InputError, IfevalppError
from .datadir import ENV_VAR, original_dir
from .io import (atomic_write, iter_json_lines, missing_directories, remove_empty_directories,
                 require_records, sha256_file, validation_error_to_input_error)
from .schema import Case


class Revision(BaseModel):
    name: str
    url: Optional[str]
    sha256: Optional[str]
    description: str
    families: bool = False  # records are family prompts (`case:kind:index` keys), not plain cases
    # The profile whose rules decide whether the file's kwargs load: IFEval++'s files may hold
    # settings only its own evaluator accepts (e.g. language 'zh', which it always fails).
    checked_by: Optional[str] = None


IFEVALPP_ASSETS = "https://raw.githubusercontent.com/jianshuod/IFEval-pp/main/assets/"


REVISIONS: dict[str, Revision] = {
    "github": Revision(
        name="github",
        url="https://raw.githubusercontent.com/google-research/google-research/master/"
            "instruction_following_eval/data/input_data.jsonl",
        sha256="67ffeee0fcb87c317c5b08a2de85557b4a7e96ada6178aa645b4954fe4b53d49",
        description="541 cases released with the official evaluator (2023-11)"),
    "ifevalpp": Revision(
        name="ifevalpp", url=IFEVALPP_ASSETS + "ifeval_original.jsonl",
        sha256="6c2e956fe7c67b47032fbb6b1127da10c10dde85d0d8fbaa7160e90b123c02e9",
        description="the IFEval++ authors' starting copy (ifeval_original.jsonl, 541 cases)",
        checked_by="ifevalpp-paper"),
    "ifevalpp-fixed": Revision(
        name="ifevalpp-fixed", url=IFEVALPP_ASSETS + "ifeval_original_fix.jsonl",
        sha256="6ff92d8a812b500eb63fb323a0c08382bbfc2c80fe3cd4e67b32561d627f72bc",
        description="IFEval++'s manually cleaned copy (ifeval_original_fix.jsonl, 541 cases)",
        checked_by="ifevalpp-paper"),
    "ifevalpp-families": Revision(
        name="ifevalpp-families", url=IFEVALPP_ASSETS + "ifeval_pp_verified.jsonl",
        sha256=None, families=True, checked_by="ifevalpp-paper",
        description="IFEval++'s released families (ifeval_pp_verified.jsonl, 5,410 prompts); "
                    "no pin yet"),
    "ifbench": Revision(
        name="ifbench",
        url="https://raw.githubusercontent.com/allenai/IFBench/"
            "db69a6f05689830b0068b8f1529ebcfd2f3b164c/data/IFBench_test.jsonl",
        sha256="a2bf7b8e7ed11d39c65b4ec781da8b99663ed0121f97033d70fcecb61f8a9d85",
        description="IFBench's test set (allenai/IFBench at db69a6f, data/IFBench_test.jsonl): "
                    "300 prompts over its 58 out-of-domain instruction types, kwargs padded "
                    "with nulls",
        checked_by="ifbench"),
    "hf": Revision(
        name="hf",
        url="https://huggingface.co/datasets/google/IFEval/resolve/main/ifeval_input_data.jsonl",
        sha256=None,
        description="Hugging Face google/IFEval (null-filled kwargs); no pin yet"),
}

FETCH_LOG = "fetched.json"
# Where ifevalpp before the data directory put fetched files (relative to the working directory).
LEGACY_DIR = Path("data/original")
OFFLINE_HINT = ("offline? take the same bytes from a local copy or a mirror: "
                "`ifevalpp fetch --revision {revision} --from PATH_OR_URL`")


class FetchResult(BaseModel):
    revision: str
    path: str
    source: str
    sha256: str
    pinned: bool
    cases: int
    already: bool = False  # the data directory held these bytes already: nothing was fetched


def _present(spec: Revision, target: Path, directory: Path) -> Optional[str]:
    """The sha256 of a copy of `spec` already at `target` that needs no fetching: it matches
    the pin, or (no pin) the sha256 recorded when it was fetched. None otherwise."""
    if not target.is_file():
        return None
    digest = sha256_file(target)
    if spec.sha256 is not None:
        return digest if digest == spec.sha256 else None
    try:
        recorded = json.loads((directory / FETCH_LOG).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    entry = recorded.get(spec.name) if isinstance(recorded, dict) else None
    return digest if isinstance(entry, dict) and entry.get("sha256") == digest else None


def _download(url: str, destination: Path, progress: Optional[Callable[[int, Optional[int]], None]],
              *, revision: str) -> None:
    import httpx

    hint = OFFLINE_HINT.format(revision=revision)
    try:
        with httpx.stream("GET", url, follow_redirects=True, timeout=60.0) as response:
            if response.status_code != 200:
                raise IfevalppError(f"download of {url} failed: HTTP {response.status_code}; "
                                    f"{hint.replace('offline? ', '')}")
            total = int(response.headers["content-length"]) if "content-length" in response.headers \
                else None
            with atomic_write(destination, "wb") as handle:
                for block in response.iter_bytes():
                    handle.write(block)
                    if progress:
                        progress(len(block), total)
    except httpx.HTTPError as exc:
        raise IfevalppError(f"download of {url} failed ({exc}); {hint}") from None


def fetch(revision: str = "github", *, source: Optional[str] = None,
          directory: Optional[str | os.PathLike[str]] = None,
          progress: Optional[Callable[[int, Optional[int]], None]] = None,
          force: bool = False) -> FetchResult:
    """Put `revision` into `directory/<revision>.jsonl` from its URL or from `source` (path or URL).

    `directory` defaults to `<data>/original` (see `ifevalpp.datadir`). The file
    lands only after its sha256 matches the pin (when there is one) and every
    case loads; otherwise nothing is left behind, not even the directories this
    call created. A copy already there with the pinned (or recorded) sha256 is kept and
    nothing is downloaded (`already` is set), unless `force`.
    """
    if revision not in REVISIONS:
        raise InputError(f"unknown revision {revision!r}; choose one of {', '.join(REVISIONS)}")
    spec = REVISIONS[revision]
    origin = source or spec.url
    if origin is None:
        raise InputError(f"revision {revision!r} has no public download address; pass --from "
                         f"PATH_OR_URL")
    directory = Path(directory) if directory is not None else original_dir()
    present = None if force else _present(spec, directory / f"{revision}.jsonl", directory)
    if present is not None and spec.sha256 is None and source is not None and not (
            Path(source).is_file() and sha256_file(source) == present):
        present = None  # an unpinned revision from another source: the user means to replace it
    if present is not None:
        cases = _load_revision(spec, directory / f"{revision}.jsonl",
                               display=str(directory / f"{revision}.jsonl"))
        return FetchResult(revision=revision, path=str(directory / f"{revision}.jsonl"),
                           source=origin, sha256=present, pinned=spec.sha256 is not None,
                           cases=len(cases), already=True)
    created = missing_directories(directory)
    directory.mkdir(parents=True, exist_ok=True)
    staging = directory / f".{revision}.download"
    try:
        if origin.startswith(("http://", "https://")):
            _download(origin, staging, progress, revision=revision)
        else:
            if not Path(origin).is_file():
                raise InputError("file not found", path=origin)
            shutil.copyfile(origin, staging)
        digest = sha256_file(staging)
        if spec.sha256 is not None and digest != spec.sha256:
            raise IfevalppError(f"sha256 of {origin} is {digest}, but revision {revision!r} is "
                                f"pinned to {spec.sha256}; refusing to use it")
        cases = _load_revision(spec, staging, display=origin)
        target = directory / f"{revision}.jsonl"
        os.replace(staging, target)
    except BaseException:
        staging.unlink(missing_ok=True)
        remove_empty_directories(created)
        raise
    result = FetchResult(revision=revision, path=str(target), source=origin, sha256=digest,
                         pinned=spec.sha256 is not None, cases=len(cases))
    _record(directory, result)
    return result


def _record(directory: Path, result: FetchResult) -> None:
    log_path = directory / FETCH_LOG
    log: dict = {}
    if log_path.exists():
        try:
            log = json.loads(log_path.read_text(encoding="utf-8"))
        except ValueError:
            log = {}
    entry = result.model_dump()
    entry["fetched_at"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    log[result.revision] = entry
    with atomic_write(log_path) as handle:
        json.dump(log, handle, indent=2)
        handle.write("\n")


def _load_revision(spec: Revision, path: Path, *, display: str) -> list:
    """Every record of a downloaded revision, validated as cases or as family prompts."""
    if not spec.families:
        return load_path(path, display=display, profile=spec.checked_by)
    from .cases import load_variants

    try:
        return load_variants(path, profiles=[spec.checked_by] if spec.checked_by else None)
    except InputError as exc:  # name where the bytes came from, not the staging file
        raise InputError(exc.reason, path=display, line=exc.line, field=exc.field) from None


def load_path(path: str | os.PathLike[str], *, display: Optional[str] = None,
              profile: Optional[str] = None) -> list[Case]:
    """Cases from an IFEval JSONL file; the first bad record raises InputError naming its line.

    `profile`: check kwargs by that profile's rules (default: any official/revised setting).
    """
    shown = display or str(path)
    cases: list[Case] = []
    seen: dict[str, int] = {}
    for number, raw in iter_json_lines(path):
        try:
            case = Case.model_validate(raw)
        except ValidationError as exc:
            raise validation_error_to_input_error(exc, path=shown, line=number) from None
        try:
            check_instruction_ids(case, profile)  # type: ignore[arg-type]  # profile is a plain str here (a source's checked_by), one of the profiles
        except InputError as exc:
            raise InputError(exc.reason, path=shown, line=number, field=exc.field) from None
        if str(case.key) in seen:
            raise InputError(f"duplicate key {case.key!r} (first on line {seen[str(case.key)]})",
                             path=shown, line=number, field="key")
        seen[str(case.key)] = number
        cases.append(case)
    require_records(len(cases), shown, "cases")
    return cases


def resolve(revision_or_path: str, *, directory: Optional[str | os.PathLike[str]] = None) -> Path:
    """A revision name means `<data>/original/<name>.jsonl` (run `ifevalpp fetch` first); else a path."""
    if revision_or_path in REVISIONS:
        where = Path(directory) if directory is not None else original_dir()
        path = where / f"{revision_or_path}.jsonl"
        if not path.exists():
            legacy = LEGACY_DIR / f"{revision_or_path}.jsonl"
            moved = (f"; {legacy} (fetched by an older ifevalpp) can be moved there, or set "
                     f"{ENV_VAR}={LEGACY_DIR.parent}" if directory is None and legacy.exists()
                     else "")
            raise InputError(f"revision {revision_or_path!r} is not fetched yet: run `ifevalpp "
                             f"fetch --revision {revision_or_path}` "
                             f"({OFFLINE_HINT.format(revision=revision_or_path)}){moved}",
                             path=str(path))
        return path
    return Path(revision_or_path)


def load(revision_or_path: str = "github", *,
         directory: Optional[str | os.PathLike[str]] = None) -> list[Case]:
    """Validated Cases of a fetched revision (family prompts for a family revision) or of any
    IFEval-format file."""
    path = resolve(revision_or_path, directory=directory)
    spec = REVISIONS.get(revision_or_path)
    if spec is not None:
        return _load_revision(spec, path, display=str(path))
    return load_path(path)
