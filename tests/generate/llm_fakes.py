"""A scripted "model" for the LLM family backend, served by the respond tests' fake server.

`CannedModel` reads the item card (the JSON block at the end of the user
message) and answers from a table keyed by (case, kind, variant); a list of
answers is used one per attempt, its last entry repeating. A dict answer is
sent as JSON text, a str as is. Anything not in the table gets prose without
JSON (an unparseable answer).
"""

from __future__ import annotations

import json
import re
import sys
import threading
from pathlib import Path
from typing import Any, Union

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "respond"))

from respond_fakes import FakeServer, Reply, Request, completion  # noqa: E402

__all__ = ["Answer", "CannedModel", "FakeServer", "Reply", "Request", "card_of", "completion"]

Answer = Union[str, dict[str, Any]]
_CARD = re.compile(r"```json\n(.*?)\n```", re.DOTALL)


def card_of(request: Request) -> dict[str, Any]:
    """The item card the backend put at the end of its user message."""
    match = _CARD.search(request.prompt)
    assert match, "no item card in the user message"
    return json.loads(match.group(1))


class CannedModel:
    """Answers per (case key, kind, variant), chosen by the prompt in the card."""

    def __init__(self, keys_by_prompt: dict[str, Any],
                 answers: dict[tuple[Any, str, int], Union[Answer, list[Answer]]]) -> None:
        self.keys_by_prompt = keys_by_prompt
        self.answers = answers
        self.seen: list[tuple[Any, str, int, int]] = []
        self._lock = threading.Lock()

    def __call__(self, request: Request) -> Reply:
        card = card_of(request)
        key = self.keys_by_prompt[card["prompt"]]
        with self._lock:
            self.seen.append((key, card["kind"], card["variant"], card["attempt"]))
        canned = self.answers.get((key, card["kind"], card["variant"]),
                                  "Sorry, I have nothing prepared for this one.")
        if isinstance(canned, list):
            canned = canned[min(card["attempt"], len(canned) - 1)]
        content = canned if isinstance(canned, str) else json.dumps(canned)
        return Reply(body=completion(content))
