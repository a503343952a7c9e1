"""One-line builders for verdict records and tiny family / response files (our own wording)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Optional, Sequence

from ifevalpp.schema import MissingResponse, ScoredResponse

COUSINS = ("rephrasing", "distractor", "reconfiguration")
NO_COMMA = "punctuation:no_comma"
PASS_TEXT = "a calm answer without any pause marks"
FAIL_TEXT = "an answer, with a comma"
# Fails strict (a comma in its first line) but passes loose (which also tries it without that line).
LOOSE_ONLY_TEXT = "Sure, here it is:\nan answer without any pause marks"


def verdict(case: int, kind: str = "original", index: int = 0, passes: bool | Sequence[bool] = True,
            *, sample: int = 0, types: Optional[Sequence[str]] = None,
            loose: bool | Sequence[bool] | None = None) -> ScoredResponse:
    """A scored response: `passes` per instruction (one bool means one instruction)."""
    strict = [passes] if isinstance(passes, bool) else list(passes)
    loose_list = strict if loose is None else ([loose] if isinstance(loose, bool) else list(loose))
    ids = list(types) if types is not None else [NO_COMMA] * len(strict)
    index = 0 if kind == "original" else index
    return ScoredResponse(key=f"{case}:{kind}:{index}", prompt=f"prompt {case} {kind} {index}",
                          instruction_id_list=ids, strict=strict, loose=loose_list,
                          follow_all_strict=all(strict), follow_all_loose=all(loose_list),
                          profile="official", case=case, kind=kind, index=index, sample=sample)


def family(case: int, original: bool, *, sample: int = 0, **cousins: Sequence[bool]
           ) -> list[ScoredResponse]:
    """A family's verdicts: `family(1, True, rephrasing=[True, False, True], ...)`."""
    records = [verdict(case, "original", 0, original, sample=sample)]
    for kind in COUSINS:
        for index, passed in enumerate(cousins.get(kind, ()), start=1):
            records.append(verdict(case, kind, index, passed, sample=sample))
    return records


def missing(case: int, kind: str, index: int = 0, *, sample: int = 0,
            reason: str = "no response") -> MissingResponse:
    return MissingResponse(key=f"{case}:{kind}:{0 if kind == 'original' else index}",
                           sample=sample, reason=reason)


def write_lines(path: Path, records: Iterable[dict[str, Any]]) -> Path:
    with open(path, "w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record) + "\n")
    return path


def family_prompts(cases: Sequence[int], *, per_kind: int = 3, ifevalpp_names: bool = False
                   ) -> list[dict[str, Any]]:
    """Family-file records for `cases`: original + `per_kind` cousins of each kind, all no_comma.

    `ifevalpp_names`: IFEval++'s released layout — only `key` (`case:original`,
    `case:rephrasing:i`, `case:distractor:i`, `case:ct_alteration:i`), prompt, ids, kwargs.
    """
    records = []
    for case in cases:
        layout = [("original", 0)] + [(kind, i) for kind in COUSINS
                                      for i in range(1, per_kind + 1)]
        for kind, index in layout:
            prompt = f"Case {case}: describe a quiet harbour ({kind} {index}); use no commas."
            record: dict[str, Any] = {"prompt": prompt, "instruction_id_list": [NO_COMMA],
                                      "kwargs": [{}]}
            if ifevalpp_names:
                name = {"reconfiguration": "ct_alteration"}.get(kind, kind)
                record["key"] = f"{case}:original" if kind == "original" else f"{case}:{name}:{index}"
            else:
                record.update(key=f"{case}:{kind}:{index}", case=case, kind=kind, index=index)
            records.append(record)
    return records


def responses_for(prompts: Sequence[dict[str, Any]], passes: dict[str, bool | str] | None = None, *,
                  samples: int = 1, errors: Sequence[tuple[str, int]] = (),
                  sample_passes: dict[tuple[str, int], bool] | None = None) -> list[dict[str, Any]]:
    """Keyed responses to family prompts: PASS_TEXT unless `passes[key]` (or per sample) says
    False (FAIL_TEXT) or "loose" (LOOSE_ONLY_TEXT: fails strict, passes loose)."""
    records = []
    for sample in range(samples):
        for prompt in prompts:
            key = prompt["key"]
            if (key, sample) in errors:
                records.append({"key": key, "prompt": prompt["prompt"], "sample": sample,
                                "error": "HTTP 500 after 5 attempts"})
                continue
            passed = (sample_passes or {}).get((key, sample), (passes or {}).get(key, True))
            text = LOOSE_ONLY_TEXT if passed == "loose" else PASS_TEXT if passed else FAIL_TEXT
            records.append({"key": key, "prompt": prompt["prompt"], "sample": sample,
                            "response": text})
    return records


def score_families(tmp_path: Path, cases: Sequence[int], *, drop: Sequence[str] = (),
                   extra_prompts: Sequence[dict[str, Any]] = (), bootstrap: int = 0):
    """Score every prompt of `cases`' families passing, except the keys in `drop`, unanswered."""
    from ifevalpp.evaluate import score

    prompts = family_prompts(cases) + list(extra_prompts)
    answers = [record for record in responses_for(prompts) if record["key"] not in drop]
    return score(write_lines(tmp_path / "responses.jsonl", answers),
                 write_lines(tmp_path / "families.jsonl", prompts), bootstrap=bootstrap,
                 missing="exclude")


# Distractor cousins that name their extra requirement (our own wording): a title (checkable by
# every profile), a catalogue request (text: no checker) and "at most 8 words" (only the
# revised and ifevalpp-paper profiles check 'at most').
TITLE = {"instruction_id": "detectable_format:title", "kwargs": {}}
CLOSING_QUESTION = {"text": "Close with a question to the reader."}
AT_MOST_8_WORDS = {"instruction_id": "length_constraints:number_words",
                   "kwargs": {"relation": "at most", "num_words": 8}}
DISTRACTORS = (TITLE, CLOSING_QUESTION, AT_MOST_8_WORDS)
# Answers to each family's title distractor (distractor:1), family 1…4, and what they do:
#   1: title, no comma   2: title, a comma (loose passes: it drops the last line)
#   3: no title          4: title, no comma
TITLE_ANSWERS = {1: "<<Harbour>>\nCalm water at dusk", 2: "<<Harbour>>\nCalm water, at dusk",
                 3: "Calm water at dusk", 4: "<<Harbour>>\nStill boats at night"}
# Answers to the "at most 8 words" distractor (distractor:3): family 2 writes ten words.
WORDS_ANSWERS = {1: "Calm water at dusk", 2: "one two three four five six seven eight nine ten",
                 3: "Calm water at dusk", 4: "Still boats at night"}


def distractor_family_prompts(cases: Sequence[int] = (1, 2, 3, 4), *,
                              distractors: Sequence[dict[str, Any]] = DISTRACTORS
                              ) -> list[dict[str, Any]]:
    """`family_prompts` whose distractor cousins name their extra requirement in `distractor`."""
    records = family_prompts(cases)
    for record in records:
        if record["kind"] == "distractor":
            record["distractor"] = distractors[record["index"] - 1]
    return records


def distractor_answers(prompts: Sequence[dict[str, Any]], *, samples: int = 1,
                       title_answers: dict[int, str] | None = None) -> list[dict[str, Any]]:
    """PASS_TEXT for every prompt but the title and word-count distractors (TITLE_ANSWERS,
    WORDS_ANSWERS); `title_answers` replaces the title answers of sample 1 on."""
    records = responses_for(prompts, samples=samples)
    for record in records:
        case, kind, index = record["key"].split(":")
        if kind != "distractor":
            continue
        answers = TITLE_ANSWERS if record["sample"] == 0 or title_answers is None \
            else title_answers
        if index == "1":
            record["response"] = answers[int(case)]
        elif index == "3":
            record["response"] = WORDS_ANSWERS[int(case)]
    return records
