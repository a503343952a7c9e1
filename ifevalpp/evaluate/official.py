"""The official evaluator's output files, `eval_results_strict.jsonl` and `eval_results_loose.jsonl`.

Scripts written for google-research's `instruction_following_eval` read these:
one line per answered original prompt, in case order, with `prompt`,
`response`, `instruction_id_list`, `follow_instruction_list` and
`follow_all_instructions`, keys sorted and non-ASCII escaped as that code
writes them. With several samples per prompt, every sample has its line (the
mean over lines is then the mean over samples).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Sequence

from ..io import atomic_write
from ..schema import ScoredResponse

FILES = {"strict": "eval_results_strict.jsonl", "loose": "eval_results_loose.jsonl"}


def official_records(scored: Sequence[ScoredResponse], mode: str) -> list[dict[str, Any]]:
    """The official evaluator's rows for the originals of `scored`, strict or loose."""
    if mode not in FILES:
        raise ValueError(f"mode must be 'strict' or 'loose', got {mode!r}")
    rows = []
    for record in scored:
        if record.kind not in (None, "original"):
            continue
        verdicts = record.strict if mode == "strict" else record.loose
        rows.append({"instruction_id_list": list(record.instruction_id_list),
                     "prompt": record.prompt, "response": record.response or "",
                     "follow_all_instructions": all(verdicts),
                     "follow_instruction_list": list(verdicts)})
    return rows


def write_official(scored: Sequence[ScoredResponse], out_dir: str | os.PathLike[str], *,
                   durable: bool = True) -> list[Path]:
    """Write both files into `out_dir` (atomically; `durable`: see io.atomic_write); return
    their paths."""
    paths = []
    for mode, name in FILES.items():
        path = Path(out_dir) / name
        with atomic_write(path, durable=durable) as handle:
            for row in official_records(scored, mode):
                handle.write(json.dumps(row, sort_keys=True))
                handle.write("\n")
        paths.append(path)
    return paths


__all__ = ["FILES", "official_records", "write_official"]
