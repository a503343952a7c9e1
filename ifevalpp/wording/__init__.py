"""Wording grammars: compositional, agreement-aware ways to say a requirement or a task;
and `plural`, counts in words for reports ("1 prompt", "2 prompts").

`load(name)` reads `templates/<name>.grammar`; `Sampler(rng).render(grammar, rule,
params)` picks one wording, spreading usage so no form dominates;
`Grammar.expansions` lists them all. See `docs/wording-grammar.md`.

The grammar machinery (grammar, sampler, syntax) is imported on first use: scoring and
reports only need `plural`, and the grammar parser is a tenth of `ifevalpp score`'s imports.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .english import plural
from .finish import close_sentence, finish

if TYPE_CHECKING:
    from .grammar import FILTERS, Grammar, Rendered, from_text, load
    from .sampler import Sampler, Usage
    from .syntax import GrammarError

# name -> the submodule that defines it (imported by `__getattr__` when first asked for)
_LAZY: dict[str, str] = {
    "FILTERS": "grammar", "Grammar": "grammar", "Rendered": "grammar", "from_text": "grammar",
    "load": "grammar", "Sampler": "sampler", "Usage": "sampler", "GrammarError": "syntax",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = ["FILTERS", "Grammar", "GrammarError", "Rendered", "Sampler", "Usage", "close_sentence",
           "finish", "plural",
           "from_text", "load"]
