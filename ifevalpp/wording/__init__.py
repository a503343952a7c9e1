"""Wording grammars: compositional, agreement-aware ways to say a requirement or a task;
and `plural`, counts in words for reports ("1 prompt", "2 prompts").

`load(name)` reads `templates/<name>.grammar`; `Sampler(rng).render(grammar, rule,
params)` picks one wording, spreading usage so no form dominates;
`Grammar.expansions` lists them all. See `docs/wording-grammar.md`.
"""

from .english import plural
from .finish import close_sentence, finish
from .grammar import FILTERS, Grammar, Rendered, from_text, load
from .sampler import Sampler, Usage
from .syntax import GrammarError

__all__ = ["FILTERS", "Grammar", "GrammarError", "Rendered", "Sampler", "Usage", "close_sentence",
           "finish", "plural",
           "from_text", "load"]
