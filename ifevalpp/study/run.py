"""`run_study`: fetch → families → (select) → respond → score → (compare), resumably.

Every step calls the same library function as its single verb and writes the
same files under the study directory. A rerun redoes only what is missing:
the fetched original and an unchanged family file are reused, answered
(key, sample) pairs are skipped by `respond`, and scoring (cheap and
deterministic) is redone from the responses file.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

from pydantic import BaseModel, ConfigDict

from ..embedded import (EmbeddedServer, EmbeddedSettings, ServedModel, bundled_model_path,
                        check_gguf, check_installed, describe)
from ..errors import InputError
from ..evaluate.compare import Comparison, compare_runs, write_comparison
from ..evaluate.plain import check_k
from ..evaluate.report_model import ReliabilityReport
from ..evaluate.score_run import score
from ..report.files import write_outputs
from ..io import sha256_file
from ..respond import RunSummary, respond
from ..respond.manifest import InputFile
from ..respond.run import has_answers, preflight
from .config import StudyConfig
from .layout import StudyLayout, scored_dir
from .manifest import (RespondCounts, StudyManifest, check_same_weights, load_study_manifest,
                       now_utc, save)
from .progress import StudyProgress
from .selection import Sample, select_families
from .sources import (FamilyData, OriginalData, chosen_default_families, default_families,
                      find_original, given_families)
from .staging import Staged


class StudyResult(BaseModel):
    """What a study produced; `report` is None when the respond step was interrupted."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    out_dir: Path
    original: Optional[OriginalData] = None
    families: FamilyData
    sample: Optional[Sample] = None
    served: Optional[ServedModel] = None
    respond: RunSummary
    report: Optional[ReliabilityReport] = None
    comparison: Optional[Comparison] = None

    @property
    def layout(self) -> StudyLayout:
        return StudyLayout(self.out_dir)

    @property
    def interrupted(self) -> bool:
        return self.respond.interrupted

    @property
    def complete(self) -> bool:
        """Every pair answered and scored (no failed request, nothing missing)."""
        return self.respond.complete and self.report is not None


def steps(config: StudyConfig) -> list[str]:
    """The step names this study will go through, in order (`--cases` on the default
    families is part of the families step: only the chosen cases are grown)."""
    names = [] if config.families is not None else ["fetch"]
    names.append("families")
    if config.cases is not None and config.families is not None:
        names.append("select")
    names += ["respond", "score"]
    if config.baseline is not None:
        names.append("compare")
    return names


class _Quiet:
    """The default: a library call prints nothing."""

    def step(self, name: str, message: str) -> None: ...

    def note(self, message: str) -> None: ...

    def bar(self, total: Optional[int], unit: str) -> Callable[[int], None]:
        return lambda increment: None

    def close_bar(self) -> None: ...

    def responses(self) -> None:
        return None


class _LazyBar:
    """A step's bar, opened on first use, so a step with nothing to do draws none."""

    def __init__(self, progress: StudyProgress, unit: str) -> None:
        self._progress = progress
        self._unit = unit
        self._update: Optional[Callable[[int], None]] = None

    def open(self, total: Optional[int]) -> None:
        self._update = self._progress.bar(total, self._unit)

    def __call__(self, increment: int) -> None:
        if self._update is None:
            self.open(None)
        assert self._update is not None
        self._update(increment)

    def download(self, increment: int, total: Optional[int]) -> None:
        """The `fetch` callback: (bytes, total bytes or None)."""
        if self._update is None:
            self.open(total)
        self(increment)


def _embedded_settings(config: StudyConfig) -> EmbeddedSettings:
    """Checked before anything is written: the file, then the packages it needs."""
    if config.model_path is not None:
        check_gguf(config.model_path)
    check_installed(bundled=config.model_path is None)
    path = config.model_path or bundled_model_path()
    return EmbeddedSettings(model_path=path, alias=config.alias, slots=config.workers(),
                            context_per_slot=config.context_per_slot())


@contextlib.contextmanager
def _endpoint(config: StudyConfig, settings: Optional[EmbeddedSettings],
              progress: StudyProgress) -> Iterator[tuple[str, list[str]]]:
    """(model name, base URLs): the embedded server while the block runs, or the given endpoint."""
    if settings is None:
        yield config.model, list(config.base_urls)
        return
    with EmbeddedServer(settings) as server:
        progress.note(f"serving {server.model} with llama.cpp on {server.base_url} "
                      f"({settings.threads} thread, {settings.slots} slots)")
        yield server.model, [server.base_url]
    progress.note("embedded server stopped")


def _baseline(run: Optional[Path]) -> Optional[Path]:
    """The scored directory of the --baseline study (or `score --out` directory)."""
    if run is None:
        return None
    scored = scored_dir(run)
    if not (scored / "metrics.json").exists():
        raise InputError("not a study or `score --out` directory (no scored/metrics.json)",
                         path=str(run))
    return scored


def _settings_record(config: StudyConfig) -> dict[str, Any]:
    record = config.model_dump(mode="json", include={
        "original", "families", "cases", "profile", "missing", "k", "bootstrap", "baseline",
        "system_prompt", "reasoning", "samples"})
    record["sampling"] = config.sent_sampling.model_dump(mode="json")
    return record


def _prompts(config: StudyConfig, layout: StudyLayout, shown: StudyProgress,
             manifest: StudyManifest, staged: Staged) -> tuple[Path, int]:
    """The fetch, families and select steps: returns the file the respond step answers and its
    largest family. Family files are staged, not written (see `run_study`)."""
    if config.families is None:
        shown.step("fetch", f"IFEval cases ({config.original})")
        original = find_original(config.original, progress=_LazyBar(shown, "B").download)
        shown.close_bar()
        shown.note(f"{original.action} {original.path}: {original.cases} cases, sha256 "
                   f"{original.sha256[:12]}…" + (f" (revision {original.revision})"
                                                 if original.revision else ""))
        manifest.original = original
        bar = _LazyBar(shown, "case")

        def announce(cases: int, reason: str) -> None:
            shown.note(f"generating from {cases} cases ({reason})")
            bar.open(cases)

        if config.cases is not None:
            shown.step("families", f"the default families of {config.cases.describe()} "
                                   f"(seed 0, 3 cousins of each kind)")
            families, sample = chosen_default_families(
                original, config.cases, layout.sample, profile=config.profile, progress=bar,
                on_start=announce, staged=staged)
            shown.close_bar()
            manifest.families, manifest.sample = families, sample
            shown.note(f"{len(sample.cases)} families, {sample.prompts} prompts -> "
                       f"{sample.path}")
            return Path(sample.path), families.largest_family or 0
        shown.step("families", "the default families (seed 0, 3 cousins of each kind)")
        families = default_families(original, layout.default_families, profile=config.profile,
                                    progress=bar, on_start=announce, staged=staged)
        shown.close_bar()
    else:
        shown.step("families", f"given {config.families}")
        families = given_families(config.families)
    shown.note(f"{families.action} {families.path}: {families.families} families, "
               f"{families.prompts} prompts, sha256 {families.sha256[:12]}…")
    manifest.families = families
    if config.cases is None:
        return Path(families.path), families.largest_family or 0
    shown.step("select", config.cases.describe())
    sample = select_families(Path(families.path), config.cases, layout.sample, staged=staged)
    shown.note(f"{len(sample.cases)} families, {sample.prompts} prompts -> {sample.path}")
    manifest.sample = sample
    return Path(sample.path), _largest(staged.files[Path(sample.path)])


def _largest(data: bytes) -> int:
    """The largest family of JSONL family records (prompts per case)."""
    import json

    sizes = Counter(str(json.loads(line).get("case", json.loads(line).get("key")))
                    for line in data.splitlines() if line.strip())
    return max(sizes.values(), default=0)


def _preflight(config: StudyConfig, prompts: Path, largest: int, served: Optional[ServedModel],
               staged: Staged) -> None:
    """Everything that can refuse the run, before the study writes a file: a --k the families
    cannot answer, and answers in the directory made under another protocol."""
    check_k(config.k, largest, path=str(prompts))
    model = served.name if served is not None else config.model
    # The endpoint is not part of the protocol; an embedded server's port is not known yet.
    urls = list(config.base_urls) or ["http://127.0.0.1/v1"]
    digest = staged.sha256(prompts) or sha256_file(prompts)
    preflight(config.respond_config(prompts, model=model, base_urls=urls),
              [InputFile(path=str(prompts), sha256=digest)])


def _answers(config: StudyConfig, prompts: Path, embedded: Optional[EmbeddedSettings],
             shown: StudyProgress, handle_signals: bool) -> RunSummary:
    """The respond step, with the embedded server up only while it runs."""
    shown.step("respond", f"{config.model if embedded is None else 'embedded model'} -> "
                          f"{StudyLayout(config.out_dir).responses}")
    sent = config.sent_sampling
    shown.note(f"temperature {sent.temperature}, at most {sent.max_tokens} tokens per answer, "
               f"{config.samples} sample(s) per prompt")
    with _endpoint(config, embedded, shown) as (model, base_urls):
        return respond(config.respond_config(prompts, model=model, base_urls=base_urls),
                       progress=shown.responses(), handle_signals=handle_signals)


def run_study(config: StudyConfig, *, progress: Optional[StudyProgress] = None,
              handle_signals: bool = False) -> StudyResult:
    """Run (or resume) the study `config` describes; see the module docstring.

    `handle_signals`: SIGINT/SIGTERM during the respond step stop it cleanly
    (answers so far are kept; rerun to resume) instead of raising. An embedded
    server is stopped however the respond step ends.
    """
    shown: StudyProgress = progress or _Quiet()
    layout = StudyLayout(config.out_dir)
    baseline = _baseline(config.baseline)  # checked first: not after hours of answers
    previous = load_study_manifest(layout.study_manifest)
    embedded = _embedded_settings(config) if config.embedded else None
    served = describe(embedded) if embedded is not None else None
    if served is not None:
        check_same_weights(previous, served, out_dir=config.out_dir, force=config.force,
                           has_responses=has_answers(layout.responses))
    manifest = StudyManifest(model=served.name if served else config.model,
                             endpoints=list(config.base_urls), embedded=served,
                             settings=_settings_record(config), started_at=now_utc(),
                             runs=previous.runs + 1 if previous is not None else 1)

    staged = Staged()
    prompts, largest = _prompts(config, layout, shown, manifest, staged)
    _preflight(config, prompts, largest, served, staged)
    # Only now, every check passed: a refused or bad run leaves the directory as it was.
    staged.commit()
    save(layout.study_manifest, manifest)
    summary = _answers(config, prompts, embedded, shown, handle_signals)
    manifest.respond = RespondCounts.of(summary)
    assert manifest.families is not None  # set by _prompts
    result = StudyResult(out_dir=config.out_dir, original=manifest.original,
                         families=manifest.families, sample=manifest.sample, served=served,
                         respond=summary)
    if summary.interrupted:
        save(layout.study_manifest, manifest)
        return result

    shown.step("score", f"reliable@k up to k={config.k or largest} -> {layout.scored}")
    result.report = score(layout.responses, prompts, profile=config.profile, k=config.k,
                          missing=config.missing, bootstrap=config.bootstrap)
    write_outputs(result.report, layout.scored)
    manifest.scored, manifest.report = str(layout.scored), str(layout.report)
    save(layout.study_manifest, manifest)

    if baseline is not None:
        shown.step("compare", f"this study − {config.baseline}")
        result.comparison = compare_runs(layout.scored, baseline, k=config.k,
                                         bootstrap=config.bootstrap,
                                         allow_different_families=config.allow_different_families)
        write_comparison(result.comparison, layout.comparison)
        manifest.comparison = str(layout.comparison)
    manifest.finished_at = now_utc()
    save(layout.study_manifest, manifest)
    return result
