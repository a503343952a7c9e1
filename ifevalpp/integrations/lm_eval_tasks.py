"""lm-evaluation-harness tasks graded by ifevalpp's checkers: `ifevalpp_ifeval` and `ifevalpp_families`.

`ifevalpp lm-eval-tasks` writes a directory of task YAML files for `lm_eval --include_path`
(`write_task_directory`); the YAML names the functions below with `!function`, which lm-eval
imports from this installed module, so the directory holds no code of its own.

* `ifevalpp_ifeval`: the 541 originals of a fetched revision, with lm-eval's IFEval metric
  names (prompt_level_strict_acc, inst_level_strict_acc, prompt_level_loose_acc,
  inst_level_loose_acc) and its generation settings (no stop sequence, greedy, 1,280 new
  tokens);
* `ifevalpp_families`: every prompt of a family file (the default families unless told
  otherwise), the same four metrics over all prompts and per kind, and reliable@k for
  k = 1…10 overall and per cousin kind, strict and loose.

Documents come from our own loader (`custom_dataset`), never from the Hugging Face hub:
the run is offline once `ifevalpp fetch` has run. lm-eval's `--metadata` (a JSON object)
reaches that loader, so one directory serves other prompts too: `original` (a fetched
revision or a case file) for the originals, `families` (a family file) for the families,
`cases` (a number of complete families, or case keys) and `profile` for both.

Each document's result carries a verdict record (`grading.verdict_record`) under every
family-level metric name; the aggregation for that name groups the records by family and
computes the number with `ifevalpp score`'s own code, so lm-eval prints the numbers `ifevalpp
score --k 10` prints for the same answers — and with `--log_samples`, the sample file is
itself an input `ifevalpp score` reads.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

from ..version import __version__
from ..errors import InputError
from ..io import atomic_write
from ..profiles import Profile, check_profile
from .grading import IFEVAL_NAMES, family_metric_names, family_metrics, grade, say_undefined
from .prompts import (DEFAULT_ORIGINAL, PromptRow, PromptSource, check_unchanged, family_source,
                      load_rows, original_source)

TASK_IFEVAL = "ifevalpp_ifeval"
TASK_FAMILIES = "ifevalpp_families"
TAG = "ifevalpp"
TASK_VERSION = 1.0
MODULE = __name__
# lm-eval's IFEval generation settings: no stop sequence, greedy decoding, 1,280 new tokens.
GENERATION_KWARGS: dict[str, Any] = {"until": [], "do_sample": False, "temperature": 0.0,
                                     "max_gen_toks": 1280}
FAMILY_NAMES: tuple[str, ...] = tuple(family_metric_names())
_EXTRA_NAMES: tuple[str, ...] = tuple(name for name in FAMILY_NAMES if name not in IFEVAL_NAMES)


# -- documents -----------------------------------------------------------------------------

def _documents(rows: Sequence[PromptRow], *, profile: Profile, originals: bool,
               source: PromptSource) -> Any:
    """A datasets.DatasetDict with one split, `test`, holding one document per row."""
    import datasets

    def key(row: PromptRow) -> Any:
        if originals:  # as in lm-eval's own IFEval documents: the case key, a number
            return int(row.case) if row.case.isdigit() else row.case
        return row.key

    keys = [key(row) for row in rows]
    if originals and not all(isinstance(value, int) for value in keys):
        keys = [str(value) for value in keys]
    documents = [{"key": value, "case": row.case, "kind": row.kind, "index": row.index,
                  "prompt": row.prompt, "instruction_id_list": row.instruction_id_list,
                  "kwargs": row.kwargs, "family": row.family, "profile": profile,
                  "source_sha256": source.sha256}
                 for value, row in zip(keys, rows)]
    try:  # kwargs as the Hugging Face release has them: every key, null where unused
        table = datasets.Dataset.from_list(documents)
    except (TypeError, ValueError):  # pyarrow's ArrowTypeError / ArrowInvalid
        # Types whose kwargs give one key values of different types (plug-ins may) have no
        # common column type: kwargs then travel as JSON text, which grading reads too.
        table = datasets.Dataset.from_list([{**document, "kwargs": json.dumps(
            document["kwargs"], ensure_ascii=False)} for document in documents])
    return datasets.DatasetDict({"test": table})


def _profile(metadata: Mapping[str, Any]) -> Profile:
    profile = str(metadata.get("profile") or "official")
    check_profile(profile)
    return profile  # type: ignore[return-value]  # profile is a str that check_profile has accepted


def _task_documents(metadata: Mapping[str, Any], *, originals: bool) -> Any:
    """One task's documents: the file `--metadata` names (`original` or `families`), else the
    one the task directory was written for."""
    profile = _profile(metadata)
    override = metadata.get("original" if originals else "families")
    if override:
        source = original_source(str(override)) if originals else family_source(str(override))
    else:
        source = _written_source(metadata, "default_original" if originals
                                 else "default_families")
    rows = load_rows(source.path, profile=profile, cases=metadata.get("cases"),
                     originals_only=originals)
    return _documents(rows, profile=profile, originals=originals, source=source)


def ifeval_dataset(**metadata: Any) -> Any:
    """`ifevalpp_ifeval`'s documents: the task's original, or `--metadata original=…`."""
    return _task_documents(metadata, originals=True)


def families_dataset(**metadata: Any) -> Any:
    """`ifevalpp_families`' documents: the task's family file, or `--metadata families=…`."""
    return _task_documents(metadata, originals=False)


def _written_source(metadata: Mapping[str, Any], name: str) -> PromptSource:
    """The file the task directory was written for, still holding the same bytes."""
    path, sha256 = metadata.get(name), metadata.get(f"{name}_sha256")
    if not path or not sha256:
        raise InputError(f"the task's metadata has no {name!r}: write the task directory with "
                         f"`ifevalpp lm-eval-tasks`")
    check_unchanged(str(path), str(sha256))
    return PromptSource(path=str(path), sha256=str(sha256), pinned=True, action="reused")


# -- per-document results ------------------------------------------------------------------

def _response(results: Sequence[Any]) -> Any:
    return results[0] if results else None


def _ifeval_values(verdict: Mapping[str, Any]) -> dict[str, Any]:
    strict = [bool(value) for value in verdict["strict"]]
    loose = [bool(value) for value in verdict["loose"]]
    return {"prompt_level_strict_acc": all(strict), "inst_level_strict_acc": strict,
            "prompt_level_loose_acc": all(loose), "inst_level_loose_acc": loose}


def process_ifeval(doc: Mapping[str, Any], results: Sequence[Any]) -> dict[str, Any]:
    """The four IFEval values of one original (lm-eval's own shapes: a bool, a list of bools)."""
    verdict = grade(doc, _response(results), profile=doc.get("profile") or "official")
    return _ifeval_values(verdict)


def process_families(doc: Mapping[str, Any], results: Sequence[Any]) -> dict[str, Any]:
    """The four IFEval values, and the verdict record under every family-level metric name."""
    verdict = grade(doc, _response(results), profile=doc.get("profile") or "official")
    values = _ifeval_values(verdict)
    values.update({name: verdict for name in _EXTRA_NAMES})
    return values


# -- aggregations --------------------------------------------------------------------------

def agg_inst_level_acc(items: Sequence[Sequence[bool]]) -> float:
    """Instruction-level accuracy: every instruction of every document counts once."""
    flat = [bool(value) for item in items for value in item]
    return sum(flat) / len(flat) if flat else math.nan


def agg_prompt_level_acc(items: Sequence[bool]) -> float:
    """Prompt-level accuracy over a family file's prompts. The value is lm-eval's `mean`; the
    function is ours so that lm-eval prints no standard error (N/A) here: its stderr for
    `mean` assumes independent prompts, and a family's ten prompts are not (`ifevalpp score`
    on the sample log gives the interval over families, with its n)."""
    values = [bool(item) for item in items]
    return sum(values) / len(values) if values else math.nan


_AGGREGATIONS: dict[str, Callable[[Sequence[Mapping[str, Any]]], float]] = {}


def _family_aggregation(name: str) -> Callable[[Sequence[Mapping[str, Any]]], float]:
    def aggregate(items: Sequence[Mapping[str, Any]]) -> float:
        value = family_metrics(items).get(name, math.nan)
        if math.isnan(value):
            say_undefined(name, items, how="--metadata '{\"cases\": N}' instead of --limit")
        return value

    aggregate.__name__ = aggregate.__qualname__ = f"agg_{name}"
    aggregate.__doc__ = f"{name} over families, from the documents' verdict records."
    return aggregate


def __getattr__(attribute: str) -> Any:
    """`agg_<metric>` for every family-level metric name (made on first use)."""
    name = attribute[4:] if attribute.startswith("agg_") else None
    if name in _EXTRA_NAMES:
        if name not in _AGGREGATIONS:
            _AGGREGATIONS[name] = _family_aggregation(name)
        return _AGGREGATIONS[name]
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")


# -- the task directory --------------------------------------------------------------------

def _yaml_metric(name: str, aggregation: str) -> list[str]:
    return [f"  - metric: {name}", f"    aggregation: {aggregation}",
            "    higher_is_better: true"]


def _function(name: str) -> str:
    return f"!function {MODULE}.{name}"


def _metric_lines(names: Sequence[str], *, clustered: bool = False) -> list[str]:
    """`clustered`: the prompts come in families, so no metric may carry lm-eval's
    independent-sample standard error (see `agg_prompt_level_acc`)."""
    lines = ["metric_list:"]
    for name in names:
        if name.startswith("prompt_level_") and name in IFEVAL_NAMES:
            lines += _yaml_metric(name, _function("agg_prompt_level_acc") if clustered
                                  else "mean")
        elif name in IFEVAL_NAMES:
            lines += _yaml_metric(name, _function("agg_inst_level_acc"))
        else:
            lines += _yaml_metric(name, _function(f"agg_{name}"))
    return lines


def _scalar(value: Any) -> str:
    """A YAML scalar (JSON text is valid YAML)."""
    return json.dumps(value, ensure_ascii=False)


def task_yaml(task: str, *, dataset: str, process: str, metrics: Sequence[str],
              metadata: Mapping[str, Any], description: str, clustered: bool = False) -> str:
    """One task's YAML, as lm-eval reads it."""
    lines = [f"# {description}",
             f"# Written by `ifevalpp lm-eval-tasks` (ifevalpp {__version__}): run it again "
             f"rather than editing this file.",
             f"task: {task}", f"tag: [{TAG}]",
             f"custom_dataset: {_function(dataset)}", "test_split: test",
             "output_type: generate_until", "num_fewshot: 0", "doc_to_text: prompt",
             "doc_to_target: 0", "generation_kwargs:"]
    lines += [f"  {name}: {_scalar(value)}" for name, value in GENERATION_KWARGS.items()]
    lines.append(f"process_results: {_function(process)}")
    lines += _metric_lines(metrics, clustered=clustered)
    lines.append("metadata:")
    lines += [f"  {name}: {_scalar(value)}" for name, value in metadata.items()]
    return "\n".join(lines) + "\n"


def _readme(directory: Path, original: PromptSource, families: PromptSource,
            profile: str) -> str:
    return "\n".join([
        "# ifevalpp tasks for lm-evaluation-harness",
        "",
        f"Written by `ifevalpp lm-eval-tasks` (ifevalpp {__version__}). Run:",
        "",
        "    lm_eval --model local-chat-completions --model_args model=M,base_url=URL/v1/chat/"
        "completions,tokenizer_backend=none \\",
        f"        --apply_chat_template --tasks {TASK_IFEVAL},{TASK_FAMILIES} "
        f"--include_path {directory}",
        "",
        f"* {TASK_IFEVAL}: {original.path} (sha256 {original.sha256})",
        f"* {TASK_FAMILIES}: {families.path} (sha256 {families.sha256})",
        f"* checker profile: {profile}",
        "",
        "Other prompts without writing again: `--metadata '{\"families\": \"my.jsonl\"}'`, "
        "`'{\"original\": \"ifevalpp-fixed\"}'`, `'{\"cases\": 20}'`, `'{\"profile\": "
        "\"revised\"}'`.",
        ""])


def write_task_directory(directory: str | os.PathLike[str], *, original: PromptSource,
                         families: PromptSource, profile: Profile = "official") -> Path:
    """Write both task files (and a README) into `directory`, each file atomically."""
    check_profile(profile)
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    common = {"version": TASK_VERSION, "ifevalpp": __version__, "profile": profile}
    files = {
        f"{TASK_IFEVAL}.yaml": task_yaml(
            TASK_IFEVAL, dataset="ifeval_dataset", process="process_ifeval",
            metrics=IFEVAL_NAMES, description="IFEval's originals graded by ifevalpp's checkers",
            metadata={**common, "default_original": str(Path(original.path).resolve()),
                      "default_original_sha256": original.sha256,
                      "default_original_revision": original.revision or ""}),
        f"{TASK_FAMILIES}.yaml": task_yaml(
            TASK_FAMILIES, dataset="families_dataset", process="process_families",
            metrics=FAMILY_NAMES,
            description="IFEval++ families graded by ifevalpp's checkers: reliable@k",
            clustered=True,
            metadata={**common, "default_families": str(Path(families.path).resolve()),
                      "default_families_sha256": families.sha256,
                      "default_families_pinned": families.pinned}),
        "README.md": _readme(out.resolve(), original, families, profile),
    }
    for name, text in files.items():
        with atomic_write(out / name) as handle:
            handle.write(text)
    return out


def default_task_directory() -> Path:
    """`<data>/lm_eval_tasks`: where `ifevalpp lm-eval-tasks` writes without `--dir`."""
    from ..datadir import data_dir

    return data_dir() / "lm_eval_tasks"


def prepare_tasks(directory: Optional[str | os.PathLike[str]] = None, *,
                  original: str = DEFAULT_ORIGINAL, families: Optional[str] = None,
                  profile: Profile = "official",
                  announce: Optional[Callable[[str], None]] = None
                  ) -> tuple[Path, PromptSource, PromptSource]:
    """Check (or make) the prompts both tasks ask, then write the task directory.

    `families` None means the default families (made first when absent, after
    `announce(message)`; their sha256 pin is checked). Returns the directory and the two
    sources it was written for.
    """
    from .prompts import default_families

    check_profile(profile)
    original_file = original_source(original)
    family_file = family_source(families) if families else default_families(announce=announce)
    # Both files are read now, so a bad line is reported here and not inside lm-eval.
    load_rows(original_file.path, profile=profile, originals_only=True)
    load_rows(family_file.path, profile=profile)
    out = write_task_directory(directory or default_task_directory(), original=original_file,
                               families=family_file, profile=profile)
    return out, original_file, family_file


__all__ = ["FAMILY_NAMES", "GENERATION_KWARGS", "TAG", "TASK_FAMILIES", "TASK_IFEVAL",
           "agg_inst_level_acc", "default_task_directory", "families_dataset",
           "ifeval_dataset", "prepare_tasks", "process_families", "process_ifeval",
           "task_yaml", "write_task_directory"]
