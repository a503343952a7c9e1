"""No silent subsets: do the responses answer the case file, and is every prompt answered?

`score` refuses (InputError, exit 2, nothing written) when

* responses match no prompt of the case file — they answer another file; the error
  says which one when it can tell (the respond manifest beside them, family keys
  scored against plain cases, a fetched revision whose prompts they are);
  `allow_unmatched` scores the matching subset explicitly;
* prompts of the case file have no usable response and no missing-response policy
  was chosen (`--missing fail|exclude`, or a named protocol whose policy applies).

A plain `{"prompt", "response"}` record whose prompt is a lightly edited version
of an unanswered case's prompt (the released GPT-4 file answers an earlier
wording of key 2785) is not a stray response of another file: that case is
missing, and the reason says why.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Sequence

from ..errors import InputError
from ..schema import KINDS, MissingResponse, RunInfo, Variant, display_key, parse_family_key
from ..wording import plural
from .scoring import Joined

# A plain response answers another version of a case's prompt when the two texts share a
# start or an end this long and are at least this similar (difflib ratio).
EDGE_CHARACTERS = 40
EDITED_RATIO = 0.9


def find_edited_prompts(joined: Joined, variants: Sequence[Variant]) -> None:
    """Move plain unmatched responses that answer an edited wording of an unanswered prompt
    out of `joined.unmatched`, and say so in that prompt's missing reason (in place)."""
    plain = [item for item in joined.unmatched if item.key is None and item.prompt]
    if not plain or not joined.missing:
        return
    by_key = {variant.key: variant for variant in variants}
    unanswered = [by_key[str(item.key)] for item in joined.missing if str(item.key) in by_key]
    starts: dict[str, list[Variant]] = {}
    ends: dict[str, list[Variant]] = {}
    for variant in unanswered:
        starts.setdefault(variant.prompt[:EDGE_CHARACTERS], []).append(variant)
        ends.setdefault(variant.prompt[-EDGE_CHARACTERS:], []).append(variant)
    found: dict[str, int] = {}
    kept = []
    for item in joined.unmatched:
        match = None
        if item.key is None and item.prompt:
            candidates = starts.get(item.prompt[:EDGE_CHARACTERS], []) + \
                ends.get(item.prompt[-EDGE_CHARACTERS:], [])
            for variant in candidates:
                if variant.key not in found and _edited(item.prompt, variant.prompt):
                    match = variant
                    break
        if match is None:
            kept.append(item)
        else:
            found[match.key] = item.line or 0
    joined.unmatched = kept
    joined.missing = [
        MissingResponse(key=item.key, sample=item.sample,
                        reason=f"its only response (line {found[str(item.key)]}) answers another "
                               f"version of its prompt")
        if str(item.key) in found and item.reason == "no response" else item
        for item in joined.missing]


def _edited(text: str, other: str) -> bool:
    """Whether two prompts are at least `EDITED_RATIO` alike (difflib's ratio), asking the
    cheap upper bounds first: the lengths alone (`real_quick_ratio`), then the shared
    characters (`quick_ratio`). The answer is the ratio's; only a long prompt against a short
    one (IFBench's sample: 8,665 characters against 744) no longer pays for the full match."""
    if 2 * min(len(text), len(other)) < EDITED_RATIO * (len(text) + len(other)):
        return False
    import difflib  # (here: most runs have no plain unmatched response to compare)

    matcher = difflib.SequenceMatcher(None, text, other, autojunk=False)
    return matcher.quick_ratio() >= EDITED_RATIO and matcher.ratio() >= EDITED_RATIO


def _fetched_revision_with(prompts: list[str]) -> Optional[tuple[str, int]]:
    """The fetched revision (in the data directory) holding most of `prompts` (one per
    response) — at least nine in ten of them — and how many responses it matches; None when
    none does. Prompts match as `score` matches them (surrounding whitespace forgiven), so the
    count is the one scoring against that revision reports."""
    import json

    from ..datadir import original_dir
    from ..original import REVISIONS

    directory = original_dir()
    best: Optional[tuple[str, int]] = None
    for name in REVISIONS:
        path = directory / f"{name}.jsonl"
        if not path.is_file():
            continue
        held = set()
        try:
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    held.add(str(json.loads(line).get("prompt")).strip())
        except (OSError, ValueError, AttributeError):
            continue
        found = sum(1 for prompt in prompts if prompt.strip() in held)
        if found >= 0.9 * len(prompts) and (best is None or found > best[1]):
            best = (name, found)
    return best


def answered_elsewhere(joined: Joined, variants: Sequence[Variant], run: Optional[RunInfo],
                       cases_sha256: str) -> str:
    """Which file the unmatched responses answer, when that can be told ('' otherwise)."""
    if run is not None and run.inputs and cases_sha256 not in {item["sha256"]
                                                                for item in run.inputs}:
        asked = ", ".join(item["path"] for item in run.inputs)
        return (f"the respond manifest beside them says they were collected on {asked}: "
                f"score them with --input {run.inputs[0]['path']}")
    keys = [item.key for item in joined.unmatched if item.key is not None]
    if keys:
        cousins = [key for key in keys if _kind(key) not in (None, "original")]
        has_cousins = any(variant.kind != "original" for variant in variants)
        if cousins and not has_cousins:
            return (f"their keys are family prompts (e.g. {cousins[0]}), the case file has no "
                    f"cousins: pass the family file they were collected on as --input")
        if cousins:
            return (f"their keys (e.g. {cousins[0]}) are not in this family file: they answer "
                    f"another family file")
        return f"their keys (e.g. {keys[0]}) are not cases of this file"
    prompts = [item.prompt for item in joined.unmatched if item.prompt]
    found = _fetched_revision_with(prompts) if prompts else None
    if found is not None:
        revision, count = found
        which = "they are" if count == len(prompts) else f"{count:,} of them are"
        return f"{which} prompts of the fetched revision {revision!r}: try --input {revision}"
    return ""


def _kind(key: str) -> Optional[str]:
    try:
        kind = parse_family_key(key)[1]
    except ValueError:
        return None
    return kind if kind in KINDS else None


def unmatched_error(joined: Joined, variants: Sequence[Variant], *, responses: str,
                    cases: str, hint: str, total: int) -> InputError:
    """Responses that answer no prompt of the case file: refused unless allowed."""
    first = joined.unmatched[0]
    which = f"key {first.key}" if first.key is not None else "its prompt"
    count = len(joined.unmatched)
    matched = total - count
    return InputError(
        f"{count:,} of {plural(total, 'response')} match no prompt of {cases} (first: line "
        f"{first.line}, {which}); only {matched:,} do"
        + (f" — {hint}" if hint else "")
        + ". Score them against the file they answer with --input, or pass --allow-unmatched "
          "to score the matching ones; nothing was written", path=responses)


def strays_counted_as_failing(unmatched: int, total: int, policies: Sequence[object]) -> bool:
    """A few responses that answer no prompt of the case file, under a policy that fails
    every prompt left without an answer (`--missing fail`): every prompt is in every number,
    so nothing gains from leaving them out, and they are said on the first line instead of
    refused (IFBench's own sample has one line that runs seven answers together). A file
    that mostly answers other prompts is refused all the same: it is the wrong file."""
    return bool(policies) and all(policy == "fail" for policy in policies) and \
        2 * unmatched < total


def missing_error(joined: Joined, *, cases: str, prompts: int, samples: int) -> InputError:
    """Prompts without a usable response while no policy says how to count them."""
    first = joined.missing[0]
    count = len(joined.missing)
    total = prompts * samples
    what = "prompt × sample pairs" if samples > 1 else "prompts"
    return InputError(
        f"{count:,} of the {total:,} {what} of {cases} have no usable response (first: "
        f"{display_key(first.key)}{f' sample {first.sample}' if samples > 1 else ''}: "
        f"{first.reason}). Say "
        f"how to count them: --missing fail (each fails every instruction, as the IFEval++ "
        f"release counts them) or --missing exclude (left out of every number, listed), or "
        f"name a --protocol; nothing was written", path=cases, field="--missing")


def default_cases(responses: str, run: Optional[RunInfo]) -> Optional[str]:
    """The case file a respond run asked (from its manifest), or the one the ifevalpp task
    behind an inspect eval log read; None without either."""
    if run is None or not run.inputs:
        from .response_files import logged_prompts

        return logged_prompts(responses)
    if len(run.inputs) > 1:
        asked = ", ".join(item["path"] for item in run.inputs)
        raise InputError(f"the respond run beside the responses asked several files ({asked}); "
                         f"give the one to score with --input", path=responses)
    recorded = run.inputs[0]
    path = Path(recorded["path"])
    # A relative path was relative to where respond ran; the run directory may have moved.
    here = Path(run.manifest).parent
    candidates = [path] if path.is_absolute() else [path, here / path, here / path.name,
                                                   here / "families" / path.name]
    existing = [candidate for candidate in candidates if candidate.is_file()]
    if not existing:
        raise InputError(f"the respond manifest ({run.manifest}) names {path} as the prompts it "
                         f"asked, and that file is not there; give it with --input",
                         path=responses)
    from ..io import sha256_file

    same = [candidate for candidate in existing if sha256_file(candidate) == recorded["sha256"]]
    return str((same or existing)[0])


__all__ = ["answered_elsewhere", "default_cases", "find_edited_prompts", "missing_error",
           "strays_counted_as_failing", "unmatched_error"]
