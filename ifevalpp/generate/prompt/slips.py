"""Mend the user's own slips in a rewritten cousin: "Do not forget to add punctuations." and
"exactly 2 bullet point" are the original's, and a strict read counts them against every
cousin that rewrites the prompt around them (read NB); so is an "it" kept from the original
that pointed at a sentence said anew ("Use exactly 4 bullets … Also, it must contain …",
read OB). The words come from templates/phrases/slips.json; text in quotation marks and the
literals a constraint checks stay byte for byte.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Sequence

from ...constraints import get, parse_params
from ..phrase_tables import one_of, table
from ..sentences import sentence_spans

_QUOTED = re.compile(r'"[^"\n]*"|“[^”\n]*”|`[^`\n]*`')


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(mass nouns said in the plural, a count above one with its unit in the singular)."""
    slips = table("slips")
    mass = re.compile(rf"\b(?i:{one_of(sorted(slips['mass_nouns']))})\b")
    units = one_of(sorted(slips["counted_units"], key=len, reverse=True))
    counts = rf"(?:[2-9]|\d{{2,}}|{one_of(slips['number_words'])})"
    unit = re.compile(rf"(?i:\b(?:{one_of(slips['count_qualifiers'])}) {counts} )"
                      rf"(?P<unit>{units})\b(?!['’-])")
    return mass, unit


def mend_text(text: str) -> str:
    """`text` with the slips of slips.json mended, all of it (no literal kept aside)."""
    mass, unit = _patterns()
    nouns = table("slips")["mass_nouns"]

    def singular(match: re.Match[str]) -> str:
        word = match.group(0)
        right = nouns[word.lower()]
        return right[0].upper() + right[1:] if word[0].isupper() else right

    text = mass.sub(singular, text)
    for pattern, replacement in _agreement():
        text = pattern.sub(replacement, text)
    return unit.sub(lambda match: match.group(0) + "s", text)


@functools.lru_cache(maxsize=1)
def _agreement() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(pattern), replacement)
                 for pattern, replacement in table("slips")["phrases"])


def _antecedent_restored(original: str, prompt: str) -> str:
    """`prompt` with "it" said as "your response" in a sentence kept from `original` whose
    "it" meant the answer named by the sentence before it there, when that sentence is gone
    from before it here."""
    slips = table("slips")
    pronoun, subject = re.compile(slips["kept_pronoun"]), re.compile(slips["answer_subject"])
    said = [original[a:b] for a, b in sentence_spans(original)]
    pointing = {sentence for before, sentence in zip(said, said[1:])
                if pronoun.match(sentence) and subject.match(before)}
    if not pointing:
        return prompt
    spans = sentence_spans(prompt)
    for (start, end), previous in reversed(list(zip(spans, [None] + spans[:-1]))):
        sentence = prompt[start:end]
        if sentence not in pointing or previous is not None and \
                subject.match(prompt[previous[0]:previous[1]]):
            continue
        found = pronoun.match(sentence)
        if found is None:
            continue
        lead = found.group("lead") or ""
        named = "Your response" if not lead and found.group("it") == "It" else "your response"
        prompt = prompt[:start] + lead + named + sentence[found.end("it"):] + prompt[end:]
    return prompt


def _curly(prompt: str, checked: Sequence[tuple[int, int]]) -> str:
    """Straight double quotes of ours as curly ones, for an original that writes “these”
    (read QB: “The bus arrived at the station” beside "station" reads stitched); none that
    a checked literal holds."""
    def curled(match: re.Match[str]) -> str:
        inside = any(start < match.end() and match.start() < end for start, end in checked
                     if not (start >= match.start() + 1 and end <= match.end() - 1))
        return match.group(0) if inside else f"“{match.group(1)}”"

    return re.sub(r'"([^"\n]*)"', curled, prompt)


def mended(prompt: str, ids: Sequence[str], kwargs: Sequence[dict[str, Any]],
           original: str = "") -> str:
    """`prompt` with the slips of slips.json mended outside quotation marks and outside the
    literals its constraints check, an "it" of `original` that lost what it pointed at said
    again, and its quotation marks curly where the original's are."""
    prompt = _antecedent_restored(original, prompt) if original else prompt
    literals = {literal for instruction_id, item in zip(ids, kwargs)
                for literal in get(instruction_id).literals(parse_params(instruction_id, item))
                if literal}
    checked = [(at.start(), at.end()) for literal in literals
               for at in re.finditer(re.escape(literal), prompt)]
    if "“" in original and '"' not in original:
        prompt = _curly(prompt, checked)
    kept = [match.span() for match in _QUOTED.finditer(prompt)] + checked
    out, last = [], 0
    for start, end in sorted(kept):
        if start < last:
            continue
        out.append(mend_text(prompt[last:start]))
        out.append(prompt[start:end])
        last = end
    out.append(mend_text(prompt[last:]))
    return "".join(out)


__all__ = ["mend_text", "mended"]
