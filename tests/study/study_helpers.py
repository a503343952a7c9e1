"""One-line builders for study tests: family files and IFEval-style originals of our own wording."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Sequence

ROOT = Path(__file__).resolve().parents[2]
COUSINS = [(kind, index) for kind in ("rephrasing", "distractor", "reconfiguration")
           for index in (1, 2, 3)]
TOPICS = ["a harbour at dawn", "a bakery", "winter birds", "a paper kite", "a quiet station",
          "a chess club", "an orchard", "a night market", "a tide pool", "a tram ride"]


def family_record(case: int, kind: str, index: int) -> dict:
    topic = TOPICS[(case + index) % len(TOPICS)]
    # Every third prompt has a comma in it, so the echoing fake endpoint fails some checks.
    pause = ", please" if (case + index) % 3 == 0 else ""
    return {"key": f"{case}:{kind}:{index}", "case": case, "kind": kind, "index": index,
            "prompt": f"Describe {topic} in two lines{pause}. No commas at all ({kind} {index}).",
            "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}


def write_families(path: Path, *, complete: int, partial: int = 0, start: int = 3000) -> Path:
    """`complete` families of ten prompts, then `partial` families of four."""
    lines = []
    for number in range(complete + partial):
        case = start + number
        members = [("original", 0)] + (COUSINS if number < complete else COUSINS[:3])
        lines += [json.dumps(family_record(case, kind, index)) for kind, index in members]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def write_original(path: Path, count: int = 3, start: int = 4000) -> Path:
    """A tiny IFEval-format file of our own cases (for the default-families step)."""
    with open(path, "w", encoding="utf-8") as handle:
        for number in range(count):
            handle.write(json.dumps({
                "key": start + number,
                "prompt": f"Write a short story about {TOPICS[number]}. Your answer must "
                          f"contain at least {3 + number} sentences.",
                "instruction_id_list": ["length_constraints:number_sentences"],
                "kwargs": [{"relation": "at least", "num_sentences": 3 + number}]}) + "\n")
    return path


def study_command(*arguments: str) -> list[str]:
    return [sys.executable, "-c", "from ifevalpp.cli import main; main()", "study", *arguments]


def _environment() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


def run_study_cli(arguments: Sequence[str], *, timeout: float = 600
                  ) -> subprocess.CompletedProcess[str]:
    """`ifevalpp study …` in a fresh interpreter, as a user runs it."""
    return subprocess.run(study_command(*arguments), cwd=ROOT, env=_environment(),
                          capture_output=True, text=True, timeout=timeout)


def start_study_cli(arguments: Sequence[str]) -> subprocess.Popen[str]:
    """The same, left running (to interrupt or kill it)."""
    return subprocess.Popen(study_command(*arguments), cwd=ROOT, env=_environment(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
