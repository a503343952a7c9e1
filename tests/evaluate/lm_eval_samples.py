"""Write files shaped exactly as lm-evaluation-harness 0.4 writes `samples_ifeval_<date>.jsonl`.

Our own generator of that shape (learned from lm-eval's logging code, not copied):
one line per document and filter, keys in lm-eval's order — `doc_id`, `doc` (the
Hugging Face row: `key`, `prompt`, `instruction_id_list`, `kwargs` with all 24
keys, null when unused), `target` (the task's `doc_to_target: 0`, logged as the
string "0"), `arguments` (`{"gen_args_0": {"arg_0": prompt, "arg_1":
generation kwargs}}`), `resps` (`[[text]]`), `filtered_resps` (`[text]`),
`filter` ("none"), `metrics` (the four metric names), `doc_hash` (sha256 of the
doc as indented JSON), `prompt_hash`, `target_hash`, then the four per-sample
metric values.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional

from ifevalpp.constraints import check_all

# The Hugging Face google/IFEval kwargs schema: every row carries all of these.
HF_KWARGS_KEYS = (
    "num_highlights", "relation", "num_words", "num_placeholders", "prompt_to_repeat",
    "num_bullets", "section_spliter", "num_sections", "capital_relation", "capital_frequency",
    "keywords", "num_paragraphs", "language", "let_relation", "letter", "let_frequency",
    "end_phrase", "forbidden_words", "keyword", "frequency", "num_sentences",
    "postscript_marker", "first_word", "nth_paragraph")
GENERATION_KWARGS = {"until": [], "do_sample": False, "temperature": 0.0, "max_gen_toks": 1280}
METRICS = ["prompt_level_strict_acc", "inst_level_strict_acc", "prompt_level_loose_acc",
           "inst_level_loose_acc"]
FILE_NAME = "samples_ifeval_2024-05-27T09-15-02.418304.jsonl"


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def hf_doc(case: Mapping[str, Any]) -> dict[str, Any]:
    """A case as the Hugging Face release stores it (null-filled kwargs)."""
    return {"key": case["key"], "prompt": case["prompt"],
            "instruction_id_list": list(case["instruction_id_list"]),
            "kwargs": [{name: kwargs.get(name) for name in HF_KWARGS_KEYS}
                       for kwargs in case["kwargs"]]}


def sample_line(doc_id: int, case: Mapping[str, Any], response: str) -> dict[str, Any]:
    doc = hf_doc(case)
    strict, loose = check_all(case["instruction_id_list"], case["kwargs"], response,
                              prompt=case["prompt"])
    return {
        "doc_id": doc_id,
        "doc": doc,
        "target": "0",
        "arguments": {"gen_args_0": {"arg_0": doc["prompt"], "arg_1": dict(GENERATION_KWARGS)}},
        "resps": [[response]],
        "filtered_resps": [response],
        "filter": "none",
        "metrics": list(METRICS),
        "doc_hash": _sha256(json.dumps(doc, indent=2, ensure_ascii=False)),
        "prompt_hash": _sha256(doc["prompt"]),
        "target_hash": _sha256("0"),
        "prompt_level_strict_acc": all(strict),
        "inst_level_strict_acc": strict,
        "prompt_level_loose_acc": all(loose),
        "inst_level_loose_acc": loose,
    }


def write_samples(directory: Path, cases: Iterable[Mapping[str, Any]],
                  responses: Mapping[str, str], *, name: Optional[str] = None) -> Path:
    """One line per case that has a response (matched by prompt), doc_id = the case's position."""
    path = directory / (name or FILE_NAME)
    with open(path, "w", encoding="utf-8") as handle:
        for doc_id, case in enumerate(cases):
            if case["prompt"] in responses:
                line = sample_line(doc_id, case, responses[case["prompt"]])
                handle.write(json.dumps(line, ensure_ascii=False) + "\n")
    return path
