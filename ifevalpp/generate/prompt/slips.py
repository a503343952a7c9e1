"""Mend the user's own slips in every cousin: "Do not forget to add punctuations." and
"exactly 2 bullet point" are the original's, and a strict read counts them against every
cousin that carries them, a distractor that keeps the original whole too (reads NB, YB); so
is an "it" kept from the original that pointed at a sentence said anew ("Use exactly 4
bullets … Also, it must contain …", read OB). The words come from
templates/phrases/slips.json; text in quotation marks and the literals a constraint checks
stay byte for byte.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Optional, Sequence

from ...constraints import get, parse_params
from ..phrase_tables import one_of, table
from ..sentences import sentence_spans
from .as_checked import as_checked
from .numerals import harmonised, mixed
from .spelling import american, in_american

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


def _singular_mass(text: str) -> str:
    """Mass nouns said in the plural said in the singular ("punctuations")."""
    mass, _ = _patterns()
    nouns = table("slips")["mass_nouns"]

    def singular(match: re.Match[str]) -> str:
        word = match.group(0)
        right = nouns[word.lower()]
        return right[0].upper() + right[1:] if word[0].isupper() else right

    return mass.sub(singular, text)


def _plural_units(text: str) -> str:
    """A unit after a count above one in the plural ("exactly 2 bullet point")."""
    _, unit = _patterns()
    return unit.sub(lambda match: match.group(0) + "s", text)


def mend_text(text: str) -> str:
    """`text` with the slips of slips.json mended, all of it (no literal kept aside)."""
    text = _singular_mass(text)
    for pattern, replacement, _ in _agreement():
        text = pattern.sub(replacement, text)
    return _plural_units(text)


def _required_text(pattern: str) -> Optional[str]:
    """The longest run of text every match of `pattern` holds word for word ("word by word"
    for r"\bword by word\b"), or None: a prompt without it is not searched at all (a
    hundred phrases run over every candidate cousin). Read with the standard library's
    pattern parser; where it cannot say, the pattern is simply searched."""
    try:
        from re import _constants, _parser  # type: ignore[attr-defined]
        parsed = _parser.parse(pattern)
    except (ImportError, re.error):
        return None
    if parsed.state.flags & re.IGNORECASE:
        return None
    best = ""

    def walk(items: Any) -> None:
        nonlocal best
        run = ""
        for op, value in items:
            if op is _constants.LITERAL:
                run += chr(value)
                best = max(best, run, key=len)
                continue
            run = ""
            # A group is matched whenever its pattern is (one inside a branch, a repeat or
            # a lookaround is not walked); a group that ignores case is not either.
            if op is _constants.SUBPATTERN and not value[1] & re.IGNORECASE:
                walk(value[3])

    walk(parsed)
    return best if len(best) >= 3 else None


@functools.lru_cache(maxsize=1)
def _agreement() -> tuple[tuple[re.Pattern[str], str, Optional[str]], ...]:
    return tuple((re.compile(pattern), replacement, _required_text(pattern))
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


@functools.lru_cache(maxsize=1)
def _around_quotes() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(pattern), replacement)
                 for pattern, replacement in table("slips")["across_quotes"])


def _across_quotes(prompt: str, literals: set[str]) -> str:
    """`prompt` with the slips whose words stand around quotations or checked words mended,
    those kept as they are ('has the word "land" and "river"' -> 'the words'); a match that
    would change a checked literal is left (a request to repeat says it as the user typed
    it)."""
    for pattern, replacement in _around_quotes():
        if pattern.search(prompt) is None:
            continue  # (most prompts hold none of them: no checked spans to find)
        checked = _checked(prompt, literals)
        prompt = pattern.sub(lambda found: _mended_match(found, replacement, checked, prompt),
                             prompt)
    return prompt


def _mended_match(found: re.Match[str], replacement: str,
                  checked: Sequence[tuple[int, int]], prompt: str) -> str:
    """The replacement of `found`, unless it would change a checked literal it holds."""
    said = found.expand(replacement)
    inside = [(start, end) for start, end in checked if _overlaps((start, end), [found.span()])]
    whole = all(found.start() <= start and end <= found.end() for start, end in inside)
    return said if whole and all(prompt[start:end] in said for start, end in inside) \
        else found.group(0)


def _phrases_mended(prompt: str, literals: set[str]) -> str:
    """`prompt` with the phrase slips of slips.json mended where they stand clear of
    quotations and keep every checked literal they hold (read on the whole prompt, so that
    what follows a phrase counts: "How to tell others …, without saying the word computer
    …?"; "for at least 8 times" keeps its checked "at least")."""
    quoted = [match.span() for match in _QUOTED.finditer(prompt)]
    checked = _checked(prompt, literals)
    for pattern, replacement, required in _agreement():
        if required is not None and required not in prompt or pattern.search(prompt) is None:
            continue
        fixed = pattern.sub(lambda found: found.group(0) if _overlaps(found.span(), quoted)
                            else _mended_match(found, replacement, checked, prompt), prompt)
        if fixed != prompt:
            prompt = fixed
            quoted = [match.span() for match in _QUOTED.finditer(prompt)]
            checked = _checked(prompt, literals)
    return prompt


def _outside(prompt: str, kept: Sequence[tuple[int, int]], fix: Any) -> str:
    """`prompt` with `fix` applied to the text between the `kept` spans."""
    out, last = [], 0
    for start, end in sorted(kept):
        if start < last:
            continue
        out.append(fix(prompt[last:start]))
        out.append(prompt[start:end])
        last = max(last, end)
    out.append(fix(prompt[last:]))
    return "".join(out)


def _overlaps(span: tuple[int, int], spans: Sequence[tuple[int, int]]) -> bool:
    return any(start < span[1] and span[0] < end for start, end in spans)


# A sentence that opens in small letters after a stop ("… 'skills'. use only lowercase
# letters."), not after an abbreviation ("i.e. use", "etc. and") or a list number ("(1. do
# not say …").
_SMALL_OPENING = re.compile(r"(?:^|(?<=[A-Za-z\"'’”)\]][.!?] ))(?P<word>[a-z]+)\b(?![-'’.@])")


@functools.lru_cache(maxsize=1)
def _abbreviation() -> re.Pattern[str]:
    """A stop that ends an abbreviation, not a sentence ("i.e. ", "etc. ")."""
    said = one_of([re.escape(word) for word in table("slips")["abbreviations"]])
    return re.compile(rf"(?:\b\w\.\w\.|\b(?:{said})\.) $")


def _opened_with_capital(prompt: str, original: str, literals: set[str]) -> str:
    """`prompt` with its sentences opening with a capital, and the names of proper_nouns
    capitalised, when its original writes capitals somewhere ("critique this startup
    pitch: …", read YA; "a trip to switzerland", read ZB); an original typed all in small
    letters keeps its cousins so (casing.in_original_case), and a checked literal or a
    quotation stays as it is."""
    if not any(char.isupper() for char in original):
        return prompt
    kept = _kept(prompt, literals)
    names = table("slips")["proper_nouns"]

    def capital(found: re.Match[str]) -> str:
        if _overlaps(found.span(), kept) or _abbreviation().search(prompt[:found.start()]):
            return found.group(0)
        word = found.group(0)
        return word[0].upper() + word[1:]

    prompt = _SMALL_OPENING.sub(capital, prompt)
    # (Never inside an address: "https://en.wikipedia.org/…" stays as typed.)
    return re.sub(rf"(?<![./])\b(?:{one_of(sorted(names))})\b(?!\.\w|/)",
                  lambda found: found.group(0) if _overlaps(found.span(), kept)
                  else names[found.group(0)], prompt)


def _checked(prompt: str, literals: set[str]) -> list[tuple[int, int]]:
    """Where the literals a constraint checks stand in `prompt`, as whole words (the letter
    "i" of a letter count is not every "i" of the prompt: read ZB, "from a perspective of")."""
    return [(at.start(), at.end()) for literal in literals
            for at in _as_word(literal).finditer(prompt)]


@functools.lru_cache(maxsize=4096)
def _as_word(literal: str) -> re.Pattern[str]:
    return re.compile((r"(?<!\w)" if literal[:1].isalnum() else "") + re.escape(literal) +
                      (r"(?!\w)" if literal[-1:].isalnum() else ""))


def _kept(prompt: str, literals: set[str]) -> list[tuple[int, int]]:
    """What no mending touches: quotations and the checked literals."""
    return [match.span() for match in _QUOTED.finditer(prompt)] + _checked(prompt, literals)


def _end_phrase_quoted(prompt: str, ids: Sequence[str], kwargs: Sequence[dict[str, Any]]
                       ) -> str:
    """An end phrase said without quotation marks ("End with the exact phrase Is there
    anything else I can help with?") in them, so that what follows it (a sentence a
    distractor adds) does not run on from it (read AEB); the phrase itself is unchanged."""
    for instruction_id, item in zip(ids, kwargs):
        field = get(instruction_id).closing_text_field
        phrase = item.get(field) if field else None
        if not phrase or not isinstance(phrase, str):
            continue
        inside = [found.span() for found in _QUOTED.finditer(prompt)]
        for found in re.finditer(r"(?:\bphrase|\bwith|:) " + re.escape(phrase), prompt):
            start = found.end() - len(phrase)
            if not _overlaps((start, found.end()), inside) and prompt[start - 1:start] != '"':
                prompt = f'{prompt[:start]}"{phrase}"{prompt[found.end():]}'
                break
    return prompt


def _slip_literals(ids: Sequence[str], kwargs: Sequence[dict[str, Any]]) -> set[str]:
    """The literals of the constraints that no slip may change; a count's relation ("less
    than") is not one: the checker reads it from the kwargs, and any way of saying it will do,
    so "less than 100 words" can be mended to "fewer than" (reads CEJ, CEM, CEP)."""
    found: set[str] = set()
    for instruction_id, item in zip(ids, kwargs):
        constraint = get(instruction_id)
        params = parse_params(instruction_id, item)
        spec = constraint.count
        relation = getattr(params, spec.relation_field, None) \
            if spec is not None and spec.relation_field else None
        found |= {literal for literal in constraint.literals(params)
                  if literal and literal != relation}
    return found


def _request_mended(ids: Sequence[str], kwargs: Sequence[dict[str, Any]]
                    ) -> Optional[tuple[int, str, str, str]]:
    """(position, field, text, mended text) of the request the reply repeats, if the case has
    one: its own slips mended, the other constraints' literals kept ("mark sure you do not use
    any commas" is the user's slip in the text to copy too: a cousin shows it mended, and the
    check asks for the text as shown, read CFY on 3272)."""
    for position, (instruction_id, item) in enumerate(zip(ids, kwargs)):
        field = get(instruction_id).request_field
        text = item.get(field) if field else None
        if field and isinstance(text, str) and text:
            others = [index for index in range(len(ids)) if index != position]
            fixed = mended(text, [ids[index] for index in others],
                           [kwargs[index] for index in others], text)
            return position, field, text, fixed
    return None


def mended_request(ids: Sequence[str], kwargs: Sequence[dict[str, Any]],
                   prompt: str) -> list[dict[str, Any]]:
    """`kwargs` with the request to repeat as `mended` leaves it in `prompt` (unchanged when
    `prompt` shows it as written, or shows no mended form of it)."""
    found = _request_mended(ids, kwargs)
    if found is None or found[2] in prompt or found[3] == found[2] or found[3] not in prompt:
        return list(kwargs)
    position, field, _, fixed = found
    return [({**item, field: fixed} if index == position else item)
            for index, item in enumerate(kwargs)]


def mended(prompt: str, ids: Sequence[str], kwargs: Sequence[dict[str, Any]],
           original: str = "") -> str:
    """`prompt` with the slips of slips.json mended outside quotation marks and outside the
    literals its constraints check, a count `original` bounds the other way from its kwargs
    said as they check it (prompt/as_checked.py), an "it" of `original` that lost what it
    pointed at said again, its small counts said one way (prompt/numerals.py), its quotation marks curly
    where the original's are, and our words spelled as Americans spell them where the
    original does (prompt/spelling.py). The request the reply repeats is mended on its own
    (`mended_request` says it so in the kwargs)."""
    prompt = as_checked(prompt, ids, kwargs, original) if original else prompt
    prompt = _antecedent_restored(original, prompt) if original else prompt
    prompt = _end_phrase_quoted(prompt, ids, kwargs)
    # The request to repeat, mended on its own, is kept by every later mend, as a literal is.
    request = _request_mended(ids, kwargs)
    if request is not None and request[2] in prompt:
        prompt = prompt.replace(request[2], request[3])
    literals = _slip_literals(ids, kwargs) | ({request[3]} if request is not None else set())
    kept = _kept(prompt, literals)
    if mixed(prompt):
        prompt = harmonised(prompt, "words", kept)
    prompt = _outside(prompt, _kept(prompt, literals), _singular_mass)
    prompt = _across_quotes(_phrases_mended(prompt, literals), literals)
    prompt = _opened_with_capital(prompt, original, literals)
    checked = _checked(prompt, literals)
    if "“" in original and '"' not in original:
        prompt = _curly(prompt, checked)
    if original and american(original):
        prompt = _outside(prompt, _kept(prompt, literals), in_american)
    return _outside(prompt, _kept(prompt, literals), _plural_units)


def still_said(statement: str, prompt: str, ids: Sequence[str],
               kwargs: Sequence[dict[str, Any]], original: str = "") -> bool:
    """Whether `prompt` holds `statement` (of `original`) as written or as `mended` leaves it
    (its slips mended, its small counts said in either way): a distractor keeps the
    original's statements so."""
    if statement in prompt:
        return True
    mended_alone = mended(statement, ids, kwargs, original)
    opening = mended_alone[:1].upper() + mended_alone[1:]  # a prompt's first word, capitalised
    return any(harmonised(said, style) in prompt for said in (statement, mended_alone, opening)
               for style in ("digits", "words"))


__all__ = ["mend_text", "mended", "mended_request", "still_said"]
