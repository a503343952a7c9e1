"""The catalogue of format requests outside the 25 checked types, for distractors that compete.

An IFEval++ distractor adds one extra requirement about the form of the answer
that the checked constraints do not cover. Besides the 25 types themselves, the
catalogue in `templates/requirements/<id>.grammar` offers requests (`FormatRequest`) such as a
heading per section, a closing question, a numbered list or an emoji-free reply.
Each file is a wording grammar (it includes `wording/common`, so every frame
works) and declares what following it does to a response:

* `@effects` — what the response gains: a line at the start or the end, a
  sentence, words, markdown of some kind, capitals, punctuation, a new shape;
* `@forbids` — what the response may then not contain (emoji, exclamation
  marks, question marks, markdown, asterisks).

* `@witness` — how to turn a response into one that follows it (`start:`,
  `end:` or `insert:` a text, `lines:` one sentence per line, `none:` as it is),
  so the witness builder can show one response that satisfies the checked
  constraints *and* the requirement: apply it to the constraints' witness and
  check again (`FormatRequest.apply`, `FormatRequest.violates`).

Whether a requirement can sit beside given constraints is decided from those
declarations and the constraints' own declaration of what a response must not
gain and must contain (`Demands`, built from the types in the integration
step) and from that joint witness, never from a table of requirement ids.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Optional

from ...wording import Grammar, Rendered, Sampler, load
from ...wording.grammar import templates_root
from ...constraints.support.wording import load_json
from ..phrase_tables import table

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
    # Beside a checked count of sections, highlighted sections, bullets or paragraphs, a
    # request for labelled parts of any of these kinds blurs which units the count means.
    "names_parts": "parts, sections, headings, highlights, bullets or paragraphs of its own",
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
    "shows_lowercase_example": "the reply would copy small letters it shows or names (\"[place]\", an end phrase, \"Section 1\")",
    "uses_italic": "*italic* text",
    "uses_asterisks": "asterisks",
    "needs_capitals": "capital letters",
    "adds_english_text": "English words the response must contain (an end phrase)",
    "counts_capital_words": "a count of words written in capitals",
    "adds_capital_word": "a word in capitals the reply must write (a \"P.S.\" marker)",
    "bans_commas": "no commas anywhere",
}

# What a requirement rules out in a response.
FORBIDS: dict[str, str] = {
    "emoji": "emoji",
    "exclamation_mark": "exclamation marks",
    "question_mark": "question marks",
    "markdown": "markdown markup (highlights, bullets, headings)",
    "asterisks": "asterisks",
}


# What each forbidden thing looks like in a response.
FORBIDDEN_MARKS: dict[str, re.Pattern[str]] = {
    "emoji": re.compile("[\U0001F300-\U0001FAFF\U0001F000-\U0001F2FF\u2600-\u27BF\uFE0F]"),
    "exclamation_mark": re.compile("!"),
    "question_mark": re.compile(r"\?"),
    "markdown": re.compile(r"(?m)^\s*(?:#{1,6}\s|[*+-]\s|\d+\.\s)|\*\*|\*[^*\n]+\*|`|^\s*\|"),
    "asterisks": re.compile(r"\*"),
}
WITNESS_MODES = ("start", "end", "insert", "lines", "none")
_FIRST_SENTENCE_END = re.compile(r"[.!?](?= )")


@functools.lru_cache(maxsize=256)
def _any_of(words: frozenset[str]) -> re.Pattern[str]:
    """One pattern for a word of `words`, singular or plural (a requirement's unsuited pieces)."""
    return re.compile("|".join(rf"\b{re.escape(word)}s?\b" for word in sorted(words)))


@dataclass(frozen=True)
class FormatRequest:
    """One catalogue entry: its id, wording grammar, declared effects and witness edit (a
    format request, not to be confused with `constraints.support.requirements.Requirements`,
    what a checked type asks of every response)."""

    id: str
    grammar: Grammar
    effects: frozenset[str]
    forbids: frozenset[str]
    witness_mode: str = "none"
    witness_text: str = ""
    unsuited: frozenset[str] = frozenset()   # kinds of piece it does not suit (@unsuited)
    # What a plain answer to the task already does (generate/piece.ANSWER_FEATURES): it follows
    # this request when it has one of `met_by` (a greeting in a letter), or none of
    # `met_unless` (no emoji, unless it is a social media post). Such a request does not
    # compete and is never offered there.
    met_by: frozenset[str] = frozenset()
    met_unless: frozenset[str] = frozenset()
    # What a plain answer to the task has that makes it unfit for this request (`@unfit_for`:
    # a closing takeaway or a rhetorical question after a one-line name is no answer's part).
    unfit_for: frozenset[str] = frozenset()

    def plain_follows(self, features: frozenset[str]) -> bool:
        """Whether a plain answer with these features already follows this request."""
        if self.met_by & features:
            return True
        return bool(self.met_unless) and not self.met_unless & features

    def suits(self, prompt: str) -> bool:
        """Whether the prompt asks for no piece this requirement does not suit (a table in
        a friendly email, a heading per section in a haiku)."""
        head = prompt.lower()[:400]
        if self.unsuited and _any_of(self.unsuited).search(head):
            return False
        # Nor what the prompt's own words rule out ("Do not give me any … lists").
        if any(_banned(effect).search(prompt) for effect in self.effects
               if effect in _ban_table()):
            return False
        # Nor "no markdown" where the prompt asks for a code block or markdown of its own
        # ("Your entire output should just contain a JSON code block").
        if "markdown" in self.forbids and re.search(table("fit")["patterns"]["asks_markup"],
                                                     prompt):
            return False
        # Nor a ban on a mark the prompt's own text shows ("no exclamation marks" after an
        # example "* Colorful!": read ABB, the addition contradicts the prompt).
        if "exclamation_mark" in self.forbids and \
                FORBIDDEN_MARKS["exclamation_mark"].search(prompt):
            return False
        # Nor what it fixes already ("Start with a funny greeting" beside a summary first).
        return not any(re.search(pattern, prompt, re.IGNORECASE)
                       for effect in self.effects
                       for pattern in _claims_table().get(effect, ()))

    def apply(self, response: str) -> str:
        """`response` changed so that it follows this requirement (the joint witness's step).

        The added text follows the response's letter case (all lower or all upper case
        stays so), because a person following both requests would write it that way.
        """
        text = self.witness_text
        letters = [c for c in response if c.isalpha()]
        if letters and not any(c.isupper() for c in letters):
            text = text.lower()
        elif letters and not any(c.islower() for c in letters):
            text = text.upper()
        if self.witness_mode == "start":
            return text + "\n\n" + response
        if self.witness_mode == "end":
            return response + "\n\n" + text
        if self.witness_mode == "insert":
            match = _FIRST_SENTENCE_END.search(response.split("\n", 1)[0])
            cut = match.end() if match else len(response.split("\n", 1)[0])
            return response[:cut] + " " + text + response[cut:]
        if self.witness_mode == "lines":
            return _FIRST_SENTENCE_END.sub(lambda m: m.group(0) + "\n", response).replace("\n ", "\n")
        return response

    def violates(self, response: str) -> list[str]:
        """The things this requirement forbids that `response` contains."""
        return [name for name in sorted(self.forbids) if FORBIDDEN_MARKS[name].search(response)]

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

    def accepts(self, requirement: FormatRequest) -> bool:
        return not (requirement.effects & self.refuses) and not (requirement.forbids & self.needs)

    def why_not(self, requirement: FormatRequest) -> list[str]:
        """Each clash, spelled out (for manifests and messages)."""
        clashes = [f"{requirement.id} adds {EFFECTS[e]}" for e in sorted(requirement.effects & self.refuses)]
        clashes += [f"{requirement.id} rules out {FORBIDS[f]}" for f in sorted(requirement.forbids & self.needs)]
        return clashes


def _requirement(identifier: str, root: str) -> FormatRequest:
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
    witness = grammar.raw_meta.get("witness", [])
    if len(witness) != 1:
        raise ValueError(f"{where}: needs exactly one @witness line (mode: text)")
    mode, _, text = witness[0].partition(":")
    mode = mode.strip()
    if mode not in WITNESS_MODES:
        raise ValueError(f"{where}: @witness mode {mode!r} is not one of {', '.join(WITNESS_MODES)}")
    text = text.strip().replace("\\n", "\n")
    if mode in ("start", "end", "insert") and not text:
        raise ValueError(f"{where}: @witness {mode}: needs a text")
    unsuited = frozenset(word.lower() for word in grammar.meta.get("unsuited", ()))
    from ..piece import ANSWER_FEATURES

    met_by = frozenset(grammar.meta.get("met_by", ()))
    met_unless = frozenset(grammar.meta.get("met_unless", ()))
    if (met_by | met_unless) - set(ANSWER_FEATURES):
        raise ValueError(f"{where}: unknown @met_by/@met_unless "
                         f"{sorted((met_by | met_unless) - set(ANSWER_FEATURES))}")
    unfit_for = frozenset(grammar.meta.get("unfit_for", ()))
    if unfit_for - set(ANSWER_FEATURES):
        raise ValueError(f"{where}: unknown @unfit_for {sorted(unfit_for - set(ANSWER_FEATURES))}")
    return FormatRequest(identifier, grammar, effects, forbids, mode, text, unsuited,
                         met_by, met_unless, unfit_for)


@functools.lru_cache(maxsize=1)
def _ban_table() -> dict[str, list[str]]:
    return dict(load_json("phrases/fairness.json")["prompt_bans"])


@functools.lru_cache(maxsize=1)
def _claims_table() -> dict[str, list[str]]:
    return dict(load_json("phrases/fairness.json")["prompt_claims"])


@functools.lru_cache(maxsize=None)
def _banned(effect: str) -> re.Pattern[str]:
    """A negation and, a few words on, a noun naming what `effect` adds (phrases/fairness.json,
    prompt_bans)."""
    table = load_json("phrases/fairness.json")
    negations = "|".join(re.escape(word) for word in table["ban_negations"])
    nouns = "|".join(table["prompt_bans"][effect])
    return re.compile(rf"(?i)\b(?:{negations})\b(?:\W+\w+){{0,9}}?\W+(?:{nouns})\b")


@functools.lru_cache(maxsize=4)
def _catalogue(root: str) -> tuple[FormatRequest, ...]:
    folder = Path(root) / "requirements"
    return tuple(_requirement(path.stem, root) for path in sorted(folder.glob("*.grammar")))


def catalogue(root: Optional[str] = None) -> tuple[FormatRequest, ...]:
    """Every catalogue requirement, in id order, checked on load."""
    return _catalogue(root or str(templates_root()))
