"""Format requirements outside the 25 checked types, for distractors that compete.

An IFEval++ distractor adds one extra requirement about the form of the answer
that the checked constraints do not cover. Besides the 25 types themselves, the
catalogue in `templates/requirements/<id>.grammar` offers requests such as a
heading per section, a closing question, a numbered list or an emoji-free reply.
Each file is a wording grammar (it includes `wording/common`, so every frame
works) and declares what following it does to a response:

* `@effects` — what the response gains: a line at the start or the end, a
  sentence, words, markdown of some kind, capitals, punctuation, a new shape;
* `@forbids` — what the response may then not contain (emoji, exclamation
  marks, question marks, markdown, asterisks).

Whether a requirement can sit beside given constraints is decided from those
declarations and the constraints' own declaration of what a response must not
gain and must contain (`Demands`, built from the types in the integration
step), never from a table of requirement ids.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Optional

from ..wording import Grammar, Rendered, Sampler, load
from ..wording.grammar import templates_root

# What following a requirement adds to or changes in a response.
EFFECTS: dict[str, str] = {
    "adds_first_line": "a line of its own at the very start",
    "adds_last_line": "a line of its own at the very end",
    "sets_start": "fixes how the response begins",
    "sets_end": "fixes how the response ends",
    "adds_sentence": "at least one more sentence",
    "adds_words": "more words",
    "adds_lines": "more line breaks",
    "adds_bullets": "list items marked with '-' or '*' at line start",
    "changes_shape": "a layout other than plain running prose",
    "limits_paragraph_length": "paragraphs kept short",
    "ends_with_question": "the last sentence is a question",
    "needs_question_mark": "at least one question mark",
    "needs_digits": "digits",
    "needs_parentheses": "round brackets",
    "needs_semicolon": "a semicolon",
    "needs_dashes": "dashes",
    "needs_pipes": "'|' characters",
    "needs_double_quotes": "double quotation marks inside the text",
    "numbered_list": "lines starting '1.', '2.', …",
    "uses_markdown": "markdown markup",
    "uses_table": "a markdown table",
    "uses_bold": "**bold** text",
    "uses_italic": "*italic* text",
    "uses_asterisks": "asterisks",
    "needs_capitals": "capital letters",
}

# What a requirement rules out in a response.
FORBIDS: dict[str, str] = {
    "emoji": "emoji",
    "exclamation_mark": "exclamation marks",
    "question_mark": "question marks",
    "markdown": "markdown markup (highlights, bullets, headings)",
    "asterisks": "asterisks",
}


@dataclass(frozen=True)
class Requirement:
    """One catalogue entry: its id, wording grammar and declared effects."""

    id: str
    grammar: Grammar
    effects: frozenset[str]
    forbids: frozenset[str]

    def render(self, sampler: Sampler, params: Mapping[str, Any], *, rule: str = "sentence",
               sentence: bool = True) -> Rendered:
        return sampler.render(self.grammar, rule, params, sentence=sentence)


@dataclass(frozen=True)
class Demands:
    """What the checked constraints of a prompt cannot have a distractor add (`refuses`:
    effect names) and what a response must contain (`needs`: names a requirement's
    `@forbids` may rule out). Built from the types' declarations."""

    refuses: frozenset[str] = field(default_factory=frozenset)
    needs: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        unknown = (self.refuses - set(EFFECTS)) | (self.needs - set(FORBIDS))
        if unknown:
            raise ValueError(f"unknown effect or need names: {sorted(unknown)}")

    def accepts(self, requirement: Requirement) -> bool:
        return not (requirement.effects & self.refuses) and not (requirement.forbids & self.needs)

    def why_not(self, requirement: Requirement) -> list[str]:
        """Each clash, spelled out (for manifests and messages)."""
        clashes = [f"{requirement.id} adds {EFFECTS[e]}" for e in sorted(requirement.effects & self.refuses)]
        clashes += [f"{requirement.id} rules out {FORBIDS[f]}" for f in sorted(requirement.forbids & self.needs)]
        return clashes


def _requirement(identifier: str, root: str) -> Requirement:
    grammar = load(f"requirements/{identifier}", root)
    effects = frozenset(grammar.meta.get("effects", ()))
    forbids = frozenset(grammar.meta.get("forbids", ()))
    where = f"requirements/{identifier}.grammar"
    if not effects and not forbids:
        raise ValueError(f"{where}: declares neither @effects nor @forbids")
    if effects - set(EFFECTS):
        raise ValueError(f"{where}: unknown @effects {sorted(effects - set(EFFECTS))}")
    if forbids - set(FORBIDS):
        raise ValueError(f"{where}: unknown @forbids {sorted(forbids - set(FORBIDS))}")
    for rule in ("ask", "be", "item"):
        if rule not in grammar.rules:
            raise ValueError(f"{where}: needs a '{rule}' rule (see wording/common.grammar)")
    return Requirement(identifier, grammar, effects, forbids)


@functools.lru_cache(maxsize=4)
def _catalogue(root: str) -> tuple[Requirement, ...]:
    folder = Path(root) / "requirements"
    return tuple(_requirement(path.stem, root) for path in sorted(folder.glob("*.grammar")))


def catalogue(root: Optional[str] = None) -> tuple[Requirement, ...]:
    """Every catalogue requirement, in id order, checked on load."""
    return _catalogue(root or str(templates_root()))


def compatible(demands: Demands) -> list[Requirement]:
    return [requirement for requirement in catalogue() if demands.accepts(requirement)]


def choose(demands: Demands, sampler: Sampler) -> Optional[Requirement]:
    """A compatible requirement, the least used first (spread over the catalogue)."""
    options = compatible(demands)
    if not options:
        return None
    index = sampler.choose([f"requirement:{r.id}" for r in options])
    sampler.usage.choices[f"requirement:{options[index].id}"] += 1
    return options[index]
