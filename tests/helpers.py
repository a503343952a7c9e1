"""One-line builders for cases and response files used across the tests."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any, Iterable


def case(key: int, prompt: str, *instructions: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    return {"key": key, "prompt": prompt,
            "instruction_id_list": [instruction for instruction, _ in instructions],
            "kwargs": [kwargs for _, kwargs in instructions]}


def write_lines(path: Path, records: Iterable[dict[str, Any] | str]) -> Path:
    with open(path, "w", encoding="utf-8") as handle:
        for record in records:
            handle.write(record if isinstance(record, str) else json.dumps(record))
            handle.write("\n")
    return path


# A small case file written for the tests (our own wording).
SMALL_CASES = [
    case(1, "Describe a lighthouse without using any commas.", ("punctuation:no_comma", {})),
    case(2, "Give three tips for sleeping well, in at least 12 words.",
         ("length_constraints:number_words", {"relation": "at least", "num_words": 12})),
    case(3, "Reply entirely in lowercase letters about tea.",
         ("change_case:english_lowercase", {}),
         ("keywords:existence", {"keywords": ["tea"]})),
]

SMALL_RESPONSES = [
    {"prompt": SMALL_CASES[0]["prompt"], "response": "A tall white tower stands by the sea"},
    {"prompt": SMALL_CASES[1]["prompt"], "response": "Sleep early, avoid screens."},
    {"prompt": SMALL_CASES[2]["prompt"],
     "response": "green tea calms the mind and warms the hands on a cold morning."},
]


def embedded_missing() -> str:
    """Why the embedded llama.cpp server cannot run here ('' when it can): a skip reason."""
    from ifevalpp.embedded import EmbeddedUnavailable, check_installed

    try:
        check_installed(bundled=True)
    except EmbeddedUnavailable as exc:
        return f"needs a real model server: {exc}"
    return ""


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    """Whether something still listens on host:port."""
    import socket

    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None,
            timeout: float = 180, umask: int | None = None) -> "subprocess.CompletedProcess[str]":
    """The real `ifevalpp` command in a subprocess, as a user runs it (this checkout's code)."""
    import os
    import sys

    environment = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([sys.executable, "-m", "ifevalpp", *args], cwd=cwd or ROOT,
                          env=environment, capture_output=True, text=True, timeout=timeout,
                          preexec_fn=None if umask is None else (lambda: os.umask(umask)))
