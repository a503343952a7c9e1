"""Reflection: does the prompt state each stored parameter, and nothing that contradicts it?

Severity follows one rule: when the checker would reject a response that
follows the prompt (a different number, the opposite relation, a value the
prompt never asks for, a marker the prompt never shows) the finding is an
error; when the checker is only more lenient than the prompt, or the prompt
states the same thing in other terms, it is a warning.
"""

from __future__ import annotations

import re
from typing import Iterable, Optional

from .. import constraints
from ..constraints.base import Span
from .context import (COUNT_FIELDS, COUNT_FLOOR, CaseContext, Item, intersect, stored_interval,
                      stored_wording, subject)
from .findings import Finding, make_finding
from .locate import (Statement, language_mentions, postscript_p_count, repeat_instruction,
                     statements)
from ..constraints.support.phrases import INF, describe_interval, quote

# Instruction types whose checker is satisfied by a response that merely contains
# something (so a repeated request containing it passes them on its own).
POSITIVE_TYPES = frozenset({
    "detectable_format:title", "keywords:existence", "keywords:frequency",
    "keywords:letter_frequency", "change_case:capital_word_frequency",
    "detectable_format:number_highlighted_sections", "detectable_content:number_placeholders",
    "detectable_format:multiple_sections", "detectable_content:postscript",
    "detectable_format:constrained_response",
})


def statements_of(context: CaseContext, item: Item) -> list[Statement]:
    cache_key = f"statements:{item.position}"
    if cache_key not in context.cache:
        context.cache[cache_key] = statements(item.instruction_id, context.prompt, item.params)
    return context.cache[cache_key]


def reflect(context: CaseContext) -> list[Finding]:
    findings: list[Finding] = []
    findings += _count_findings(context)
    for item in context.items:
        check = _VALUE_CHECKS.get(item.instruction_id)
        if check is not None:
            findings += check(context, item)
    findings += _repeat_findings(context)
    return findings


def _finding(context: CaseContext, item: Optional[Item], code: str, message: str,
             span: Optional[Span] = None) -> Finding:
    return make_finding(context.key, item.instruction_id if item else None, code, message, span)


# ----------------------------------------------------------------------------- counts


def _count_findings(context: CaseContext) -> list[Finding]:
    findings: list[Finding] = []
    groups: dict[tuple[str, str], list[Item]] = {}
    for item in context.items:
        if item.instruction_id in COUNT_FIELDS:
            groups.setdefault((item.instruction_id, subject(item)), []).append(item)
    for (instruction_id, what), items in groups.items():
        findings += _compare_counts(context, instruction_id, what, items)
    return findings


def _compare_counts(context: CaseContext, instruction_id: str, what: str,
                    items: list[Item]) -> list[Finding]:
    first = items[0]
    shape = COUNT_FIELDS[instruction_id][2]
    floor = COUNT_FLOOR.get(instruction_id, 0)
    if instruction_id == "keywords:frequency" and _existence_requires(context, what):
        floor = 1
    stored = intersect([stored_interval(item) for item in items])
    stored = (max(stored[0], floor), stored[1])
    stored_text = " and ".join(stored_wording(item) for item in items)
    field = COUNT_FIELDS[instruction_id][0]
    label = f"{field}" + (f" of {what!r}" if what else "")
    all_statements = [statement for statement in statements_of(context, first)
                      if statement.role == "count"]
    findings: list[Finding] = []
    approx = [statement for statement in all_statements if statement.kind == "approx"]
    if approx:
        findings.append(_finding(
            context, first, "AMBIGUOUS_RELATION",
            f"{label}: the prompt says {quote(approx[0].phrase.text)}, an approximate count the "
            f"checker cannot express; it checks {stored_text}", approx[0].span))
    usable = [_as_interval(statement, shape) for statement in all_statements
              if statement.kind != "approx"]
    hard = [entry for entry in usable if entry[0].kind not in ("soft", "implied")]
    soft = [entry for entry in usable if entry[0].kind == "soft"]
    implied = [entry for entry in usable if entry[0].kind == "implied"]
    mentions = [statement for statement in statements_of(context, first)
                if statement.role == "mention"]
    if not hard:
        candidates = implied + soft
        if implied:
            reading = _clip(intersect([entry[1] for entry in candidates]), floor)
            if reading == stored:
                return findings
        if (soft or mentions) and not implied and stored[1] == INF and stored[0] <= max(1, floor):
            return findings  # "some highlighted sections" for at least 1
        where = (implied or soft)[0][0].span if (implied or soft) else None
        said = f"only {quote((implied or soft)[0][0].phrase.text)}" if (implied or soft) else \
            "no number for it"
        findings.append(_finding(
            context, first, "REFLECT_NOT_FOUND",
            f"{label}: the prompt states {said}; the checker expects {stored_text} "
            f"({describe_interval(*stored)})", where))
        return findings
    softs = [entry[1] for entry in soft]
    reading = _clip(intersect([entry[1] for entry in hard] + softs), floor)
    chosen = hard[0]
    if reading[0] > reading[1]:
        # The statements contradict each other: say so, and judge each on its own.
        pair = [entry[0] for entry in hard + soft][:2]
        findings.append(_finding(
            context, first, "AMBIGUOUS_SELF_CONTRADICTION",
            f"{label}: the prompt says both {quote(pair[0].phrase.text)} and "
            f"{quote(pair[-1].phrase.text)}, which no count satisfies; the checker uses "
            f"{stored_text}", pair[-1].span))
        for entry in hard:
            alone = _clip(intersect([entry[1]]), floor)
            if alone == stored:
                return findings
        chosen = hard[0]
        reading = _clip(intersect([chosen[1]] + softs), floor)
        if reading[0] > reading[1]:
            reading = _clip(chosen[1], floor)
    stored_numbers = {getattr(item.params, field) for item in items}
    statement = chosen[0]
    said = quote(statement.phrase.text)
    if reading == stored:
        direct = any(entry[0].numerals and set(entry[0].numerals) <= stored_numbers
                     for entry in hard)
        prompt_numbers = {number for entry in hard for number in entry[0].numerals}
        if prompt_numbers and not direct:
            findings.append(_finding(
                context, first, "REFLECT_BOUND_EQUIVALENT",
                f"{label}: the prompt says {said} ({describe_interval(*reading)}); stored as "
                f"{stored_text}, the same whole-number bound in other terms", statement.span))
        return findings
    inside = stored[0] <= reading[0] and reading[1] <= stored[1]
    if inside:
        # The prompt is stricter than the checker. Lenient (a warning) when each side where they
        # differ is a side the checker leaves open, or one only a vague word ("a few") narrows.
        hard_low = max((entry[1][0] for entry in hard), default=0)
        low_ok = reading[0] == stored[0] or stored[0] <= floor or hard_low < reading[0]
        high_ok = reading[1] == stored[1] or stored[1] == INF
        exact_in_open = reading[0] == reading[1] and (
            reading[0] == stored[0] or reading[1] == stored[1])
        if (low_ok and high_ok) or exact_in_open:
            findings.append(_finding(
                context, first, "REFLECT_BOUND_LENIENT",
                f"{label}: the prompt says {said} ({describe_interval(*reading)}) but the checker "
                f"accepts {describe_interval(*stored)} ({stored_text})", statement.span))
            return findings
    opposite = reading[1] < stored[0] or reading[0] > stored[1]
    same_numbers = bool(set(statement.numerals) & stored_numbers)
    next_numbers = any(number + 1 in stored_numbers or number - 1 in stored_numbers
                       for number in statement.numerals)
    code = "REFLECT_RELATION_MISMATCH" if same_numbers or (opposite and next_numbers) \
        else "REFLECT_NUMBER_MISMATCH"
    findings.append(_finding(
        context, first, code,
        f"{label}: the prompt says {said} ({describe_interval(*reading)}) but the stored "
        f"parameters check {stored_text} ({describe_interval(*stored)})", statement.span))
    return findings


def _as_interval(statement: Statement, shape: str) -> tuple[Statement, tuple[float, float]]:
    low, high = statement.low, statement.high
    if shape == "at_least" and statement.kind in ("bare", "implied") and low == high:
        high = INF  # "4 sections" for an at-least checker is the ordinary reading
    return statement, (low, high)


def _clip(interval: tuple[float, float], floor: int) -> tuple[float, float]:
    return (max(interval[0], floor), interval[1])


def _existence_requires(context: CaseContext, keyword: str) -> bool:
    for item in context.of("keywords:existence"):
        if any(keyword == word.lower() for word in item.params.keywords):
            return True
    return False


# ----------------------------------------------------------------------------- literal values


def _values(found: Iterable[Statement], role: str = "value") -> list[Statement]:
    return [statement for statement in found if statement.role == role]


def _keyword_lists(context: CaseContext, item: Item, field: str) -> list[Finding]:
    findings: list[Finding] = []
    found = statements_of(context, item)
    words = list(getattr(item.params, field))
    for word in words:
        if not any(statement.value == word for statement in _values(found)):
            findings.append(_finding(
                context, item, "REFLECT_VALUE_ABSENT",
                f"{field}: {word!r} never occurs in the prompt; the checker "
                f"{'requires' if field == 'keywords' else 'forbids'} it without the prompt "
                f"asking"))
    findings += _extra_values(context, item, field, words, found)
    return findings


_QUOTED_ITEM = re.compile(r"\"([^\"\n]{1,40})\"|'([^'\n]{1,40})'|“([^”\n]{1,40})”|‘([^’\n]{1,40})’")
_LIST_CUE = re.compile(r"\bkeywords?\b|\bthe words\b|\bthe following words\b", re.IGNORECASE)


def _extra_values(context: CaseContext, item: Item, field: str, words: list[str],
                  found: list[Statement]) -> list[Finding]:
    """Quoted items in the clause that lists the keywords, missing from the stored list."""
    known = {word.lower() for word in words} | _other_literals(context, item)
    clauses = {(statement.span.start, statement.span.end) for statement in _values(found)}
    findings = []
    for start, end in sorted(clauses):
        text = context.prompt[start:end]
        if not _LIST_CUE.search(text):
            continue
        for match in _QUOTED_ITEM.finditer(text):
            quoted = next(group for group in match.groups() if group is not None)
            candidate = quoted.strip().lower()
            if not candidate or len(candidate.split()) > 2 or candidate in known:
                continue
            if any(candidate in word or word in candidate for word in known):
                continue
            findings.append(_finding(
                context, item, "REFLECT_EXTRA_VALUE",
                f"{field}: the prompt lists {quoted!r} in {quote(text)} but the stored "
                f"{field} are {words}", Span(start=start, end=end, text=text)))
    return findings


def _other_literals(context: CaseContext, item: Item) -> set[str]:
    values: set[str] = set()
    for other in context.items:
        if other is item:
            continue
        for name in ("keywords", "forbidden_words"):
            values.update(word.lower() for word in getattr(other.params, name, ()) or ())
        for name in ("keyword", "end_phrase", "first_word", "section_spliter", "letter"):
            value = getattr(other.params, name, None)
            if value:
                values.add(value.lower())
    return values


def _existence(context: CaseContext, item: Item) -> list[Finding]:
    return _keyword_lists(context, item, "keywords")


def _forbidden(context: CaseContext, item: Item) -> list[Finding]:
    return _keyword_lists(context, item, "forbidden_words")


def _frequency(context: CaseContext, item: Item) -> list[Finding]:
    keyword = item.params.keyword
    if _values(statements_of(context, item)):
        return []
    return [_finding(context, item, "REFLECT_VALUE_ABSENT",
                     f"keyword: {keyword!r} never occurs in the prompt; the checker counts it")]


def _letter(context: CaseContext, item: Item) -> list[Finding]:
    from .locate import letter_mentions
    letter = item.params.letter
    if _values(statements_of(context, item)):
        return []
    others = [match for found, match in letter_mentions(context.prompt) if found != letter]
    if others:
        match = others[0]
        return [_finding(context, item, "REFLECT_VALUE_MISMATCH",
                         f"letter: the prompt says {quote(match.group())} but the stored letter "
                         f"is {letter!r}", Span(start=match.start(), end=match.end(),
                                                text=match.group()))]
    return [_finding(context, item, "REFLECT_VALUE_ABSENT",
                     f"letter: the prompt never names the letter {letter!r} the checker counts")]


def _language(context: CaseContext, item: Item) -> list[Finding]:
    from .locate import LANGUAGE_NAMES
    code = item.params.language
    found = statements_of(context, item)
    if _values(found):
        return []
    names = " or ".join(LANGUAGE_NAMES.get(code, (code,)))
    others = _values(found, "other_language")
    if others:
        return [_finding(context, item, "REFLECT_VALUE_MISMATCH",
                         f"language: the prompt asks for {quote(others[0].phrase.text)} but the "
                         f"stored language is {code!r} ({names})", others[0].span)]
    return [_finding(context, item, "REFLECT_VALUE_ABSENT",
                     f"language: the prompt never names {names}, the stored language {code!r}")]


def _postscript(context: CaseContext, item: Item) -> list[Finding]:
    marker = item.params.postscript_marker
    found = _values(statements_of(context, item))
    wanted = postscript_p_count(marker)
    if wanted is None:
        if found:
            return []
        return [_finding(context, item, "REFLECT_VALUE_ABSENT",
                         f"postscript_marker: {marker!r} never occurs in the prompt")]
    matching = [statement for statement in found
                if postscript_p_count(statement.value or "") == wanted]
    if matching:
        return []
    if found:
        return [_finding(context, item, "REFLECT_VALUE_MISMATCH",
                         f"postscript_marker: the prompt says {quote(found[0].phrase.text)} "
                         f"but the stored marker is {marker!r}", found[0].span)]
    return [_finding(context, item, "REFLECT_VALUE_ABSENT",
                     f"postscript_marker: {marker!r} never occurs in the prompt")]


def _end_phrase(context: CaseContext, item: Item) -> list[Finding]:
    phrase = item.params.end_phrase
    found = statements_of(context, item)
    if _values(found):
        return []
    other = _values(found, "other_value")
    if other:
        return [_finding(context, item, "REFLECT_VALUE_MISMATCH",
                         f"end_phrase: the prompt asks to end with {quote(other[0].value or '')} "
                         f"but the stored end_phrase is {phrase!r}", other[0].span)]
    return [_finding(context, item, "REFLECT_VALUE_ABSENT",
                     f"end_phrase: {phrase!r} never occurs in the prompt")]


def _nth_paragraph(context: CaseContext, item: Item) -> list[Finding]:
    params = item.params
    found = statements_of(context, item)
    findings = []
    nth = [statement for statement in found if statement.role == "nth"]
    if not nth:
        findings.append(_finding(context, item, "REFLECT_NOT_FOUND",
                                 f"nth_paragraph: the prompt never says which paragraph must "
                                 f"start with {params.first_word!r} (stored: paragraph "
                                 f"{params.nth_paragraph})"))
    elif not any(statement.low == params.nth_paragraph for statement in nth):
        findings.append(_finding(
            context, item, "REFLECT_NUMBER_MISMATCH",
            f"nth_paragraph: the prompt says {quote(nth[0].phrase.text)} (paragraph "
            f"{int(nth[0].low)}) but the stored nth_paragraph is {params.nth_paragraph}",
            nth[0].span))
    first = [statement for statement in found if statement.role == "first_word"]
    wanted = params.first_word
    if any((statement.value or "").lower() == wanted for statement in first):
        return findings
    if first:
        findings.append(_finding(
            context, item, "REFLECT_VALUE_MISMATCH",
            f"first_word: the prompt says {quote(first[0].phrase.text)} but the stored first_word "
            f"is {wanted!r}", first[0].span))
    elif not re.search(r"(?<!\w)" + re.escape(wanted) + r"(?!\w)", context.prompt, re.IGNORECASE):
        findings.append(_finding(context, item, "REFLECT_VALUE_ABSENT",
                                 f"first_word: {wanted!r} never occurs in the prompt"))
    return findings


def _sections(context: CaseContext, item: Item) -> list[Finding]:
    splitter = item.params.section_spliter
    found = _values(statements_of(context, item))
    if any(statement.value == splitter for statement in found):
        return []
    if found:
        return [_finding(
            context, item, "REFLECT_VALUE_MISMATCH",
            f"section_spliter: the prompt writes {quote(found[0].phrase.text)} but the checker "
            f"matches {splitter!r} case-sensitively", found[0].span)]
    return [_finding(context, item, "REFLECT_VALUE_ABSENT",
                     f"section_spliter: {splitter!r} never occurs in the prompt; the checker "
                     f"splits on '{splitter} <number>'")]


def _format_marker(code_role: str, message: str, *, mention_needed: bool = True):
    def check(context: CaseContext, item: Item) -> list[Finding]:
        found = statements_of(context, item)
        if any(statement.role == code_role for statement in found):
            return []
        mentions = [statement for statement in found if statement.role == "mention"]
        if mentions:
            return [_finding(context, item, "REFLECT_FORMAT_OMITTED",
                             f"{message}; the prompt says {quote(mentions[0].span.text, 70)}",
                             mentions[0].span)]
        if not mention_needed:
            return [_finding(context, item, "REFLECT_FORMAT_OMITTED", message)]
        return [_finding(context, item, "REFLECT_NOT_FOUND",
                         f"{item.instruction_id}: no statement of this constraint was found in "
                         f"the prompt")]
    return check


def _mention_needed(what: str):
    def check(context: CaseContext, item: Item) -> list[Finding]:
        if statements_of(context, item):
            return []
        return [_finding(context, item, "REFLECT_NOT_FOUND",
                         f"{item.instruction_id}: the prompt never asks for {what}")]
    return check


def _two_responses(context: CaseContext, item: Item) -> list[Finding]:
    found = statements_of(context, item)
    runs = [statement for statement in found if statement.role == "format"]
    if any(statement.value == "******" for statement in runs):
        return []
    if runs:
        return [_finding(context, item, "REFLECT_SEPARATOR_VARIANT",
                         f"separator: the prompt shows {quote(runs[0].phrase.text)} "
                         f"({len(runs[0].value or '')} asterisks); the checker splits on "
                         f"exactly six, '******'", runs[0].span)]
    if any(statement.role == "mention" for statement in found):
        return []
    return [_finding(context, item, "REFLECT_FORMAT_OMITTED",
                     "separator: the checker splits the two responses on '******', which the "
                     "prompt never shows or names")]


def _paragraph_rules(context: CaseContext, item: Item) -> list[Finding]:
    found = statements_of(context, item)
    if any(statement.role == "format" for statement in found):
        return []
    counted = [statement for statement in found if statement.role == "count"]
    said = f"; the prompt says {quote(counted[0].span.text, 70)}" if counted else ""
    return [_finding(context, item, "REFLECT_FORMAT_OMITTED",
                     "num_paragraphs: the checker counts pieces between '***' dividers, which "
                     "the prompt never shows or names" + said,
                     counted[0].span if counted else None)]


def _placeholder_brackets(context: CaseContext, item: Item) -> list[Finding]:
    found = statements_of(context, item)
    if any(statement.role == "format" for statement in found):
        return []
    mentions = [statement for statement in found if statement.role in ("count", "mention")]
    said = f"; the prompt says {quote(mentions[0].span.text, 70)}" if mentions else ""
    return [_finding(context, item, "REFLECT_FORMAT_OMITTED",
                     "num_placeholders: the checker counts [square-bracketed] text, which the "
                     "prompt never shows or names" + said, mentions[0].span if mentions else None)]


def _constrained(context: CaseContext, item: Item) -> list[Finding]:
    if statements_of(context, item):
        return []
    return [_finding(context, item, "REFLECT_FORMAT_OMITTED",
                     "the checker looks for 'My answer is yes.', 'My answer is no.' or 'My answer "
                     "is maybe.', none of which the prompt shows")]


def _case(wanted: str):
    def check(context: CaseContext, item: Item) -> list[Finding]:
        found = statements_of(context, item)
        findings = []
        if not any(statement.role == "mention" for statement in found):
            other = [statement for statement in found if statement.role == "other_case"]
            if other:
                findings.append(_finding(
                    context, item, "REFLECT_VALUE_MISMATCH",
                    f"case: the prompt says {quote(other[0].span.text)} but the checker requires "
                    f"all {wanted} letters", other[0].span))
            else:
                findings.append(_finding(context, item, "REFLECT_NOT_FOUND",
                                         f"case: the prompt never asks for all {wanted} letters"))
        if not any(statement.role == "english" for statement in found):
            other_language = _other_language(context.prompt)
            if other_language is not None:
                findings.append(_finding(
                    context, item, "REFLECT_OTHER_LANGUAGE",
                    f"language: the checker requires English but the prompt says "
                    f"{quote(other_language.text)}", other_language))
            elif not _states_english_elsewhere(context):
                mention = next((statement for statement in found
                                if statement.role == "mention"), None)
                said = f"says {quote(mention.span.text, 70)}" if mention else \
                    f"asks for {wanted} letters"
                findings.append(_finding(
                    context, item, "REFLECT_IMPLICIT_ENGLISH",
                    f"language: the checker also requires the response to be detected as English; "
                    f"the prompt {said} but never says English",
                    mention.span if mention else None))
        return findings
    return check


def _states_english_elsewhere(context: CaseContext) -> bool:
    return any(item.params.language == "en"
               for item in context.of("language:response_language"))


def _other_language(prompt: str) -> Optional[Span]:
    for match in language_mentions(prompt):
        if match.group() == "English":
            continue
        before = prompt[max(0, match.start() - 25):match.start()].lower()
        after = prompt[match.end():match.end() + 10].lower()
        if re.search(r"\b(?:in|into|to|using|use)\s+(?:the\s+|only\s+)?$", before) or \
                after.startswith(" language"):
            return Span(start=match.start(), end=match.end() + (9 if after.startswith(
                " language") else 0), text=prompt[match.start():match.end() + (
                    9 if after.startswith(" language") else 0)])
    return None


_VALUE_CHECKS = {
    "keywords:existence": _existence,
    "keywords:forbidden_words": _forbidden,
    "keywords:frequency": _frequency,
    "keywords:letter_frequency": _letter,
    "language:response_language": _language,
    "detectable_content:postscript": _postscript,
    "startend:end_checker": _end_phrase,
    "length_constraints:nth_paragraph_first_word": _nth_paragraph,
    "detectable_format:multiple_sections": _sections,
    "detectable_format:title": _format_marker(
        "format", "title: the checker needs the title in <<double angular brackets>>, which the "
                  "prompt never shows or names"),
    "detectable_format:json_format": _mention_needed("JSON"),
    "startend:quotation": _mention_needed("double quotation marks around the response"),
    "punctuation:no_comma": _mention_needed("a response without commas"),
    "detectable_format:number_highlighted_sections": _mention_needed("highlighted sections"),
    "detectable_format:number_bullet_lists": _mention_needed("bullet points"),
    "combination:two_responses": _two_responses,
    "length_constraints:number_paragraphs": _paragraph_rules,
    "detectable_content:number_placeholders": _placeholder_brackets,
    "detectable_format:constrained_response": _constrained,
    "change_case:english_capital": _case("capital"),
    "change_case:english_lowercase": _case("lowercase"),
}


# ----------------------------------------------------------------------------- repeat


def _repeat_findings(context: CaseContext) -> list[Finding]:
    findings: list[Finding] = []
    for item in context.of("combination:repeat_prompt"):
        text = item.params.prompt_to_repeat.strip()
        where = context.prompt.find(text)
        if where < 0:
            findings.append(_finding(context, item, "REFLECT_REPEAT_NOT_VERBATIM",
                                     _not_verbatim_message(context.prompt, text)))
            continue
        findings += _repeat_position(context, item, text, where)
        findings += _inside_repeat(context, item, text, where)
    return findings


def _not_verbatim_message(prompt: str, text: str) -> str:
    squeezed_prompt = " ".join(prompt.split()).lower()
    if " ".join(text.split()).lower() in squeezed_prompt:
        return ("prompt_to_repeat: occurs in the prompt only with different spacing or letter "
                f"case; the checker compares {quote(text)} literally (lower-cased)")
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text[:middle] in prompt:
            low = middle
        else:
            high = middle - 1
    if low >= 12:
        return (f"prompt_to_repeat: the prompt agrees only up to {quote(text[:low][-40:])}; "
                f"stored text continues {quote(text[low:low + 40])}")
    return f"prompt_to_repeat: {quote(text)} does not occur in the prompt"


def _repeat_position(context: CaseContext, item: Item, text: str, where: int) -> list[Finding]:
    prompt = context.prompt
    found = repeat_instruction(prompt, text)
    if found is None:
        return [_finding(context, item, "REFLECT_NOT_FOUND",
                         "prompt_to_repeat: the prompt never asks to repeat anything")]
    span, direction = found
    end = where + len(text)
    findings = []
    if direction == "above":
        head = prompt[:where]
        if head.strip():
            findings.append(_finding(
                context, item, "REFLECT_REPEAT_POSITION",
                f"prompt_to_repeat: the prompt asks to repeat the request above "
                f"({quote(span.text, 60)}) but the stored text is not at the start; it follows "
                f"{quote(head.strip(), 60)}", span))
        elif span.start > end and prompt[end:span.start].strip():
            gap = prompt[end:span.start].strip()
            findings.append(_finding(
                context, item, "REFLECT_REPEAT_PARTIAL",
                f"prompt_to_repeat: the request above the repeat instruction continues with "
                f"{quote(gap)}, which the stored text leaves out", span))
    elif direction == "below":
        tail = prompt[end:]
        if where < span.end or tail.strip() and not _REPEAT_TAIL_OK.match(tail):
            findings.append(_finding(
                context, item, "REFLECT_REPEAT_POSITION",
                f"prompt_to_repeat: the prompt asks to repeat the request below "
                f"({quote(span.text, 60)}) but the stored text is not the text that follows it",
                span))
    return findings


_REPEAT_TAIL_OK = re.compile(r"^\s*$")


def _inside_repeat(context: CaseContext, item: Item, text: str, where: int) -> list[Finding]:
    """Other constraints stated only inside the text to repeat, or already satisfied by it."""
    findings = []
    end = where + len(text)
    for other in context.items:
        if other.instruction_id == "combination:repeat_prompt":
            continue
        found = [statement for statement in statements_of(context, other)
                 if statement.role not in ("english", "other_case", "other_language",
                                           "other_value")]
        if other.instruction_id in POSITIVE_TYPES:
            try:
                satisfied = constraints.get(other.instruction_id).check(
                    text, other.params, prompt=context.prompt, profile=context.profile)
            except Exception:  # noqa: BLE001 - a checker crash is a schema problem, not ours
                satisfied = False
            if satisfied and _positive_requirement(other):
                findings.append(_finding(
                    context, other, "AMBIGUOUS_SATISFIED_BY_REPEAT",
                    f"{other.instruction_id}: the text to repeat, {quote(text, 70)}, already "
                    f"passes this checker on its own, so the instruction measures nothing",
                    Span(start=where, end=end, text=text)))
                continue
        if found and all(where <= statement.phrase.start and statement.phrase.end <= end
                         for statement in found):
            if re.search(r"\brepeat", text, re.IGNORECASE):
                continue  # "(including the repeated request)": the prompt settles it
            findings.append(_finding(
                context, other, "AMBIGUOUS_IN_REPEATED_TEXT",
                f"{other.instruction_id}: stated only inside the text to repeat "
                f"({quote(found[0].span.text)}); does it bind the repeated copy too? The "
                f"checker counts it", found[0].span))
    return findings


def _positive_requirement(item: Item) -> bool:
    relation = getattr(item.params, "relation", None) or getattr(item.params, "let_relation",
                                                                 None) or \
        getattr(item.params, "capital_relation", None)
    return relation in (None, "at least")
