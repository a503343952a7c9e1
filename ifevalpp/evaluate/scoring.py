"""Join responses to prompts and produce one verdict record per response.

Joining is by key (`case:kind:index`, or a bare IFEval key for an original);
plain `{"prompt", "response"}` files are joined by prompt text. A failed
request, a response that matches no prompt, or a prompt without a response is
reported, never scored as a failure.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional, Sequence

from pydantic import ValidationError

from ..constraints import check_all, check_all_profiles, load_plugins
from ..constraints.language.ahead import prime_languages
from ..errors import InputError
from ..io import iter_json_lines, require_records, validation_error_to_input_error
from ..profiles import Profile, check_profile
from ..schema import (DistractorVerdict, MissingResponse, ResponseRecord, ScoredResponse, Variant,
                      family_key, normalize_kwargs, parse_family_key)
from .distractor import distractor_verdicts
from .lm_eval import is_lm_eval_sample, response_from_lm_eval

# Below this many responses a process pool costs more than it saves.
PARALLEL_THRESHOLD = 2000
PRIME_BLOCK = 1024  # pairs whose languages are estimated side by side (a multiple of 64)


@dataclass
class UnmatchedResponse:
    """A response whose key or prompt is not among the prompts being scored."""

    line: Optional[int]
    key: Optional[str]
    prompt: Optional[str]


@dataclass
class Joined:
    """Responses paired with their prompts, plus what could not be paired."""

    pairs: list[tuple[Variant, ResponseRecord]] = field(default_factory=list)
    missing: list[MissingResponse] = field(default_factory=list)
    unmatched: list[UnmatchedResponse] = field(default_factory=list)


def read_responses(path: str | os.PathLike[str]) -> list[tuple[int, ResponseRecord]]:
    """Every response record of a JSONL file with its line number; bad lines raise InputError.

    Lines may be our keyed records, the official `{"prompt", "response"}` shape,
    or lm-evaluation-harness sample-log lines (`doc`, `filtered_resps`, …); or the
    file is an inspect eval log (`.eval` or `.json`, one record per sample; the line
    number is the sample's position). An empty file is an error: there is nothing to score.
    """
    from .response_files import sniff

    shown = str(path)
    records = []
    if sniff(path) == "inspect":
        from .inspect_log import responses_from_inspect

        lines = iter(responses_from_inspect(path))
    else:
        lines = iter_json_lines(path)
    for number, raw in lines:
        if is_lm_eval_sample(raw):
            raw = response_from_lm_eval(raw, path=shown, line=number)
        try:
            records.append((number, ResponseRecord.model_validate(raw)))
        except ValidationError as exc:
            raise validation_error_to_input_error(exc, path=shown, line=number) from None
    require_records(len(records), path, "responses")
    return records


def _check_same_case(variant: Variant, record: ResponseRecord, *, path: str, line: int) -> None:
    """A keyed record that names its prompt (or instructions) must agree with the case file.

    A mismatch means the answer was collected on another version of the prompts
    (another revision or family file): scoring it against this case would grade
    it by instructions it was never given.
    """
    if record.prompt is not None and record.prompt != variant.prompt:
        raise InputError(f"the response answers a different prompt than {variant.key} in the case "
                         f"file: were the responses collected on another revision or family "
                         f"file? (pass that file as --input)", path=path, line=line,
                         field="prompt")
    extra = record.model_extra or {}
    ids = extra.get("instruction_id_list")
    if ids is not None and list(ids) != list(variant.instruction_id_list):
        raise InputError(f"the record's instruction_id_list differs from {variant.key}'s in the "
                         f"case file", path=path, line=line, field="instruction_id_list")
    kwargs = extra.get("kwargs")
    if isinstance(kwargs, list) and [normalize_kwargs(item) if isinstance(item, dict) else item
                                     for item in kwargs] != list(variant.kwargs):
        raise InputError(f"the record's kwargs differ from {variant.key}'s in the case file",
                         path=path, line=line, field="kwargs")


def _normal_key(key: object) -> str:
    case, kind, index = parse_family_key(key)  # type: ignore[arg-type]  # a record's key is any JSON value; str() inside reads it
    return family_key(int(case) if case.isdigit() else case, kind, index)


def join(variants: Sequence[Variant], records: Iterable[tuple[int, ResponseRecord]], *,
         path: str = "<responses>") -> Joined:
    """Pair each response with its prompt.

    Keyed records: a later record for the same (key, sample) replaces an earlier
    failed one (that is how resumed runs retry errors); two successful records
    for one pair are an error. Plain records are matched by prompt text, and a
    prompt answered twice is an error.
    """
    by_key = {variant.key: variant for variant in variants}
    variant: Optional[Variant]
    by_prompt: dict[str, Optional[Variant]] = {}
    by_stripped: dict[str, Optional[Variant]] = {}
    for variant in variants:
        # A prompt shared by two variants cannot be matched by text.
        by_prompt[variant.prompt] = None if variant.prompt in by_prompt else variant
        stripped = variant.prompt.strip()
        by_stripped[stripped] = None if stripped in by_stripped else variant
    chosen: dict[tuple[str, int], tuple[int, ResponseRecord]] = {}
    joined = Joined()
    for number, record in records:
        if record.key is not None:
            try:
                key = _normal_key(record.key)
            except ValueError as exc:
                raise InputError(str(exc), path=path, line=number, field="key") from None
            variant = by_key.get(key)
            if variant is None:
                joined.unmatched.append(UnmatchedResponse(number, key, record.prompt))
                continue
            _check_same_case(variant, record, path=path, line=number)
        else:
            assert record.prompt is not None
            if record.prompt in by_prompt and by_prompt[record.prompt] is None:
                raise InputError("this prompt belongs to more than one case; give responses a "
                                 "'key' to say which", path=path, line=number, field="prompt")
            variant = by_prompt.get(record.prompt)
            if variant is None and record.prompt not in by_prompt:
                # Whitespace around the prompt is forgiven, as IFBench's evaluator forgives it
                # (its sample responses' prompts end in a space the test set's do not).
                variant = by_stripped.get(record.prompt.strip())
            if variant is None:
                joined.unmatched.append(UnmatchedResponse(number, None, record.prompt))
                continue
        slot = (variant.key, record.sample)
        previous = chosen.get(slot)
        if previous is not None and not previous[1].failed and record.key is None:
            raise InputError(f"a second response to the prompt of {variant.key} (first on line "
                             f"{previous[0]})", path=path, line=number, field="prompt")
        if previous is not None and not previous[1].failed and not record.failed:
            raise InputError(f"duplicate response for key {variant.key} sample {record.sample} "
                             f"(first on line {previous[0]})", path=path, line=number, field="key")
        if previous is not None and record.failed and not previous[1].failed:
            continue  # a retry that failed does not undo an earlier success
        chosen[slot] = (number, record)
    samples = sorted({sample for _, sample in chosen}) or [0]
    for variant in variants:
        for sample in samples:
            entry = chosen.get((variant.key, sample))
            if entry is None:
                joined.missing.append(MissingResponse(key=variant.key, sample=sample,
                                                      reason="no response"))
            elif entry[1].failed:
                joined.missing.append(MissingResponse(key=variant.key, sample=sample,
                                                      reason=f"request failed: {entry[1].error}"))
            else:
                joined.pairs.append((variant, entry[1]))
    return joined


def set_aside_unavailable(joined: Joined) -> list[str]:
    """Move the pairs whose prompt has an instruction type that cannot be checked here (data it
    needs is not supplied: `Constraint.unavailable`) to the missing ones, with the reason, and
    return one warning per such type. No verdict is guessed for them."""
    from ..constraints import get

    reasons: dict[str, Optional[str]] = {}
    kept: list[tuple[Variant, ResponseRecord]] = []
    counts: dict[str, int] = {}
    for variant, record in joined.pairs:
        blocked = None
        for instruction_id in variant.instruction_id_list:
            if instruction_id not in reasons:
                reasons[instruction_id] = get(instruction_id).unavailable()
            if reasons[instruction_id] is not None:
                blocked = instruction_id
                break
        if blocked is None:
            kept.append((variant, record))
            continue
        counts[blocked] = counts.get(blocked, 0) + 1
        joined.missing.append(MissingResponse(key=variant.key, sample=record.sample,
                                              reason=f"not checkable: {blocked} is unavailable"))
    joined.pairs = kept
    return [f"{count} prompt(s) not scored: {reasons[instruction_id]}"
            for instruction_id, count in counts.items()]


def score_one(variant: Variant, record: ResponseRecord, profile: Profile) -> ScoredResponse:
    """Strict and loose verdicts for every instruction of one prompt on one response."""
    assert record.response is not None
    strict, loose = check_all(variant.instruction_id_list, variant.kwargs, record.response,
                              prompt=variant.prompt, profile=profile)
    return _scored(variant, record, profile, strict, loose,
                   distractor_verdicts(variant, record.response, [profile])[0])


def _scored(variant: Variant, record: ResponseRecord, profile: Profile, strict: list[bool],
            loose: list[bool], distractor: Optional[DistractorVerdict] = None) -> ScoredResponse:
    # Built from verdicts the checkers just produced: nothing to validate (and ~20,000
    # records per profile make validation noticeable).
    return ScoredResponse.model_construct(
        key=variant.key, prompt=variant.prompt, instruction_id_list=variant.instruction_id_list,
        strict=strict, loose=loose, follow_all_strict=all(strict), follow_all_loose=all(loose),
        profile=profile, case=variant.case, kind=variant.kind, index=variant.index,
        sample=record.sample, response=record.response, finish_reason=record.finish_reason,
        missing_reason=None, distractor=distractor)


# strict, loose (one bool per instruction) and the distractor's side verdict (or None)
Verdicts = tuple[list[bool], list[bool], Optional[DistractorVerdict]]


def _verdicts(pairs: Sequence[tuple[Variant, ResponseRecord]], profiles: tuple[Profile, ...]
              ) -> list[list[Verdicts]]:
    """Per pair, the verdicts under each profile. Each pair is checked under every profile in
    turn, so the text's analysis (sentences, tokens, language) is still cached when the next
    profile asks for it, and a type several profiles judge alike is checked once. A
    distractor cousin's extra requirement is checked right after, on the same cached text.
    The languages the checks will ask for are estimated first, all together (`_prime`)."""
    _prime(pairs, profiles)
    out = []
    for variant, record in pairs:
        assert record.response is not None
        if len(profiles) == 1:
            scored = [check_all(variant.instruction_id_list, variant.kwargs, record.response,
                                prompt=variant.prompt, profile=profiles[0])]
        else:
            scored = check_all_profiles(variant.instruction_id_list, variant.kwargs,
                                        record.response, profiles=profiles,
                                        prompt=variant.prompt)
        side = distractor_verdicts(variant, record.response, profiles)
        out.append([(strict, loose, verdict) for (strict, loose), verdict in zip(scored, side)])
    return out


def _prime(pairs: Sequence[tuple[Variant, ResponseRecord]], profiles: tuple[Profile, ...]) -> None:
    """Estimate side by side the languages checking these pairs will ask for (see
    constraints.language.ahead); answers already estimated are not estimated again."""
    prime_languages(((variant.instruction_id_list, record.response) for variant, record in pairs
                     if record.response is not None), profiles)


def _verdicts_chunk(args: tuple[list[tuple[Variant, ResponseRecord]], tuple[Profile, ...]]
                    ) -> list[list[Verdicts]]:
    return _verdicts(*args)


# The pairs being scored, visible to forked workers without pickling them (set only around a
# fork-based pool; workers read their slice by position).
_FORKED_PAIRS: Sequence[tuple[Variant, ResponseRecord]] = ()


def _verdicts_range(args: tuple[int, int, tuple[Profile, ...]]) -> list[list[Verdicts]]:
    start, stop, profiles = args
    return _verdicts(_FORKED_PAIRS[start:stop], profiles)


def warm_up() -> None:
    """Load what every checker shares (Punkt parameters and NLTK, the language profiles) once.

    Called before a fork so worker processes inherit it instead of each loading it
    again at the same time; the results of later checks do not change.
    """
    from .. import text

    text.sentence_tokenizer()
    text.language("Warm up the language profiles once, before the workers start.")


def score_pairs(pairs: Sequence[tuple[Variant, ResponseRecord]], *, profile: Profile = "official",
                profiles: Optional[Sequence[Profile]] = None,
                workers: Optional[int] = None,
                progress: Optional[Callable[[int], None]] = None):
    """Score every pair, in order; large inputs are spread over processes (`workers`, default all cores).

    With `profiles`, every pair is scored under each of them (text analysis shared) and
    the result is one list per profile; otherwise one list under `profile`.
    `progress(n)` is called as each batch of n pairs is scored.
    """
    global _FORKED_PAIRS
    chosen = tuple(profiles) if profiles is not None else (profile,)
    for name in chosen:
        check_profile(name)
    workers = workers or os.cpu_count() or 1
    if workers <= 1 or len(pairs) < PARALLEL_THRESHOLD:
        verdicts: list[list[Verdicts]] = []
        step = 64
        for start in range(0, len(pairs), step):
            if start % PRIME_BLOCK == 0:  # languages estimated together, many pairs at a time
                _prime(pairs[start:start + PRIME_BLOCK], chosen)
            verdicts += _verdicts(pairs[start:start + step], chosen)
            if progress is not None:
                progress(len(pairs[start:start + step]))
    else:
        # (imported here: a run below the threshold, most runs, never starts a process)
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        size = max(1, -(-len(pairs) // (workers * 4)))
        bounds = [(start, min(start + size, len(pairs))) for start in range(0, len(pairs), size)]
        results: list[list[list[Verdicts]]] = []
        # A process pool executor (not multiprocessing.Pool): a worker that dies raises
        # BrokenProcessPool instead of leaving the parent waiting forever.
        if os.name == "posix":
            warm_up()
            _FORKED_PAIRS = pairs
            try:
                with ProcessPoolExecutor(workers,
                                         mp_context=multiprocessing.get_context("fork")) as pool:
                    for (start, stop), chunk in zip(bounds, pool.map(
                            _verdicts_range, [(start, stop, chosen) for start, stop in bounds])):
                        results.append(chunk)
                        if progress is not None:
                            progress(stop - start)
            finally:
                _FORKED_PAIRS = ()
        else:  # pragma: no cover - spawn: the pairs travel to the workers
            chunks = [(list(pairs[start:stop]), chosen) for start, stop in bounds]
            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                     initializer=load_plugins) as pool:  # plug-in types too
                for (start, stop), chunk in zip(bounds, pool.map(_verdicts_chunk, chunks)):
                    results.append(chunk)
                    if progress is not None:
                        progress(stop - start)
        verdicts = [row for chunk in results for row in chunk]
    columns = [[_scored(variant, record, name, *row[position])
                for (variant, record), row in zip(pairs, verdicts)]
               for position, name in enumerate(chosen)]
    return columns if profiles is not None else columns[0]
