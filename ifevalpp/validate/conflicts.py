"""Coherence: constraints of one case that cannot all hold.

Three layers, each documented in docs/validator.md:

* the conflict table — `Constraint.conflicts_with` on the classes: pairs of
  instruction types that never hold together, whatever their parameters;
* parameter conflicts — `parameter_conflicts`: pairs that conflict only for
  some settings (all-lowercase with "at least N capital words", a response
  language other than English with change_case:english_*, ...);
* required text — whatever a response must contain (the request to repeat, the
  end phrase, keywords, the section word, the postscript marker) checked
  against what the response may not contain (forbidden words, commas, a letter
  or keyword budget, letter case), and numeric feasibility (empty ranges, word
  budgets too small for the paragraphs, sentences, bullets... asked for).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Optional

from .. import constraints, text
from ..constraints.format.constrained_response import ANSWER_OPTIONS
from .context import COUNT_FIELDS, CaseContext, Item, intersect, stored_interval, subject
from .findings import Finding, make_finding
from ..constraints.support.phrases import INF, describe_interval, quote


def conflicts(context: CaseContext) -> list[Finding]:
    findings: list[Finding] = []
    findings += _table_conflicts(context)
    findings += parameter_conflicts(context)
    findings += _required_text_conflicts(context)
    findings += _numeric_conflicts(context)
    findings += _unsatisfiable(context)
    return findings


def _finding(context: CaseContext, item: Optional[Item], code: str, message: str) -> Finding:
    return make_finding(context.key, item.instruction_id if item else None, code, message)


def _pairs(context: CaseContext) -> Iterator[tuple[Item, Item]]:
    for index, first in enumerate(context.items):
        for second in context.items[index + 1:]:
            yield first, second


# ----------------------------------------------------------------------------- the table


def _table_conflicts(context: CaseContext) -> list[Finding]:
    findings = []
    seen: set[tuple[str, str]] = set()
    for first, second in _pairs(context):
        pair = tuple(sorted((first.instruction_id, second.instruction_id)))
        if pair in seen or first.instruction_id == second.instruction_id:
            continue
        if second.instruction_id in constraints.get(first.instruction_id).conflicts_with:
            seen.add(pair)  # type: ignore[arg-type]
            findings.append(_finding(
                context, first, "CONFLICT_PAIR",
                f"{first.instruction_id} and {second.instruction_id} cannot hold together: "
                f"{TABLE_REASONS.get(pair, 'see the conflict table')}"))  # type: ignore[arg-type]
    return findings


# Why each pair of the class-level table conflicts (docs/validator.md prints this table).
TABLE_REASONS: dict[tuple[str, str], str] = {
    tuple(sorted(pair)): reason for pair, reason in {  # type: ignore[misc]
        ("change_case:english_capital", "change_case:english_lowercase"):
            "a response cannot be all capitals and all lowercase",
        ("change_case:english_capital", "detectable_format:constrained_response"):
            "the answer phrases ('My answer is yes.') are mixed case and matched case-sensitively",
        ("change_case:english_lowercase", "detectable_format:constrained_response"):
            "the answer phrases start with a capital 'M' and are matched case-sensitively",
        ("combination:two_responses", "length_constraints:number_paragraphs"):
            "the '******' separator is two '***' dividers with an empty paragraph between, "
            "which the paragraph checker rejects",
        ("detectable_format:json_format", "detectable_format:title"):
            "JSON-only output has no place for a <<title>> line",
        ("detectable_format:json_format", "detectable_content:postscript"):
            "JSON-only output has no place for a postscript",
        ("detectable_format:json_format", "detectable_format:multiple_sections"):
            "JSON-only output has no 'SECTION X' headings",
        ("detectable_format:json_format", "detectable_format:number_bullet_lists"):
            "JSON-only output has no markdown bullet lines",
        ("detectable_format:json_format", "combination:two_responses"):
            "JSON-only output cannot be two responses separated by '******'",
        ("detectable_format:json_format", "startend:quotation"):
            "JSON-only output cannot also be wrapped in double quotes (unless it is one JSON "
            "string)",
        ("detectable_format:json_format", "startend:end_checker"):
            "JSON-only output ends with '}' or ']', not with a phrase",
        ("detectable_format:json_format", "combination:repeat_prompt"):
            "a response that starts by repeating the request is not JSON",
        ("detectable_format:json_format", "length_constraints:number_paragraphs"):
            "JSON-only output has no '***' paragraph dividers",
        ("detectable_format:json_format", "length_constraints:nth_paragraph_first_word"):
            "JSON-only output has no blank-line paragraphs starting with a word",
    }.items()}


# ----------------------------------------------------------------------------- parameters


def parameter_conflicts(context: CaseContext) -> list[Finding]:
    """Pairs that conflict only for some parameter settings (kept out of the class table)."""
    findings = []
    for first, second in _pairs(context):
        for left, right in ((first, second), (second, first)):
            reason = _parameter_reason(left, right)
            if reason:
                findings.append(_finding(context, left, "CONFLICT_PARAMS", reason))
    return findings


def _parameter_reason(left: Item, right: Item) -> Optional[str]:
    a, b = left.instruction_id, right.instruction_id
    if a == "change_case:english_lowercase" and b == "change_case:capital_word_frequency":
        low, _ = stored_interval(right)
        if low >= 1:
            return (f"all-lowercase text has no capital words, but "
                    f"change_case:capital_word_frequency wants "
                    f"{describe_interval(*stored_interval(right))}")
    if a.startswith("change_case:english_") and b == "language:response_language":
        if right.params.language != "en":
            return (f"{a} requires English but language:response_language requires "
                    f"{right.params.language!r}")
    if a == "startend:quotation" and b == "combination:repeat_prompt":
        repeated = right.params.prompt_to_repeat.strip()
        if not repeated.startswith('"'):
            return (f"the response must start with the repeated request "
                    f"{quote(repeated, 50)}, so it cannot start with a double quote")
    if a == "length_constraints:number_paragraphs" and \
            b == "length_constraints:nth_paragraph_first_word":
        if left.params.num_paragraphs != right.params.num_paragraphs:
            return (f"{left.params.num_paragraphs} '***'-separated paragraphs and "
                    f"{right.params.num_paragraphs} blank-line paragraphs are asked of one "
                    f"response")
    if a == "change_case:english_capital" and b == "change_case:capital_word_frequency":
        low, high = stored_interval(right)
        if high < 1:
            return ("an all-capitals response has at least one capital word, but "
                    f"change_case:capital_word_frequency allows {describe_interval(low, high)}")
    return None


# ----------------------------------------------------------------------------- required text


@dataclass(frozen=True)
class Required:
    """Text every passing response contains."""

    text: str
    source: Item
    what: str
    times: int = 1
    case_sensitive: bool = False
    alternatives: tuple[str, ...] = ()


def required_texts(context: CaseContext) -> list[Required]:
    found: list[Required] = []
    for item in context.items:
        params = item.params
        kind = item.instruction_id
        if kind == "combination:repeat_prompt":
            found.append(Required(params.prompt_to_repeat.strip(), item,
                                  "the request to repeat"))
        elif kind == "startend:end_checker":
            found.append(Required(params.end_phrase.strip(), item, "the end phrase"))
        elif kind == "keywords:existence":
            for keyword in params.keywords:
                found.append(Required(keyword, item, f"keyword {keyword!r}"))
        elif kind == "keywords:frequency":
            low, _ = stored_interval(item)
            if low >= 1:
                found.append(Required(params.keyword, item, f"keyword {params.keyword!r}",
                                      times=int(low)))
        elif kind == "length_constraints:nth_paragraph_first_word":
            found.append(Required(params.first_word, item, "the paragraph's first word"))
        elif kind == "detectable_format:multiple_sections":
            found.append(Required(params.section_spliter, item, "the section word",
                                  times=max(1, params.num_sections), case_sensitive=True))
        elif kind == "detectable_content:postscript":
            found.append(Required(params.postscript_marker, item, "the postscript marker"))
        elif kind == "detectable_format:constrained_response":
            options = ANSWER_OPTIONS
            found.append(Required(options[0], item, "an answer phrase", case_sensitive=True,
                                  alternatives=options))
    return found


def _required_text_conflicts(context: CaseContext) -> list[Finding]:
    findings: list[Finding] = []
    required = required_texts(context)
    if not required:
        return findings
    for item in context.items:
        findings += _against(context, item, required)
    return findings


def _options(needed: Required) -> tuple[str, ...]:
    return needed.alternatives or (needed.text,)


def _against(context: CaseContext, item: Item, required: list[Required]) -> list[Finding]:
    kind = item.instruction_id
    params = item.params
    findings = []

    def report(needed: Required, why: str) -> None:
        findings.append(_finding(
            context, item, "CONFLICT_REQUIRED_TEXT",
            f"{needed.source.instruction_id} makes every response contain {needed.what} "
            f"{quote(needed.text, 60)}, which {why}"))

    for needed in required:
        if needed.source is item:
            continue
        options = _options(needed)
        if kind == "keywords:forbidden_words":
            for word in params.forbidden_words:
                pattern = re.compile(r"\b" + re.escape(word) + r"\b", re.IGNORECASE)
                if all(pattern.search(option) for option in options):
                    report(needed, f"contains the forbidden word {word!r}")
                    break
        elif kind == "punctuation:no_comma":
            if all("," in option for option in options):
                report(needed, "contains a comma")
        elif kind == "change_case:english_lowercase" and needed.case_sensitive:
            if all(option != option.lower() for option in options):
                report(needed, "has capital letters the checker matches case-sensitively, while "
                               "change_case:english_lowercase forbids capitals")
        elif kind == "change_case:english_capital" and needed.case_sensitive:
            if all(option != option.upper() for option in options):
                report(needed, "has lowercase letters the checker matches case-sensitively, while "
                               "change_case:english_capital forbids them")
    findings += _budget_conflicts(context, item, required)
    return findings


def _budget_conflicts(context: CaseContext, item: Item, required: list[Required]) -> list[Finding]:
    """A "less than N" count (letter, keyword, words, sentences, capital words) that the
    required text already uses up."""
    kind = item.instruction_id
    if kind not in ("keywords:letter_frequency", "keywords:frequency",
                    "length_constraints:number_words", "length_constraints:number_sentences",
                    "change_case:capital_word_frequency"):
        return []
    _, high = stored_interval(item)
    if high == INF:
        return []
    budget = int(high)

    def used(sample: str) -> int:
        if kind == "keywords:letter_frequency":
            return sample.lower().count(item.params.letter)
        if kind == "keywords:frequency":
            return len(re.findall(re.escape(item.params.keyword), sample, re.IGNORECASE))
        if kind == "length_constraints:number_words":
            return text.count_words(sample)
        if kind == "length_constraints:number_sentences":
            return max(0, text.count_sentences(sample) - 1)  # the last may merge with more text
        return sum(1 for token in re.findall(r"\w+", sample) if token.isupper())

    findings = []
    for needed in required:
        if needed.source is item:
            continue
        if kind == "change_case:capital_word_frequency" and not needed.case_sensitive:
            continue
        least = min(used(option) for option in _options(needed)) * needed.times
        if least > budget:
            findings.append(_finding(
                context, item, "CONFLICT_REQUIRED_TEXT",
                f"{needed.source.instruction_id} makes every response contain {needed.what} "
                f"{quote(needed.text, 60)}, which alone has {least} of what {kind} allows at most "
                f"{budget} of ({describe_interval(*stored_interval(item))})"))
    # The request to repeat and the end phrase sit at opposite ends: their uses add up.
    repeat = [needed for needed in required if needed.source.instruction_id ==
              "combination:repeat_prompt"]
    ending = [needed for needed in required if needed.source.instruction_id ==
              "startend:end_checker"]
    if repeat and ending and not findings and item not in (repeat[0].source, ending[0].source):
        if not repeat[0].text.lower().endswith(ending[0].text.lower()):
            total = used(repeat[0].text) + used(ending[0].text)
            if total > budget and kind != "length_constraints:number_sentences":
                findings.append(_finding(
                    context, item, "CONFLICT_REQUIRED_TEXT",
                    f"the request to repeat and the end phrase together have {total} of what "
                    f"{kind} allows at most {budget} of"))
    return findings


# ----------------------------------------------------------------------------- numbers


def _numeric_conflicts(context: CaseContext) -> list[Finding]:
    findings: list[Finding] = []
    groups: dict[tuple[str, str], list[Item]] = {}
    for item in context.items:
        if item.instruction_id in COUNT_FIELDS and \
                item.instruction_id != "length_constraints:nth_paragraph_first_word":
            groups.setdefault((item.instruction_id, subject(item)), []).append(item)
    for (instruction_id, _), items in groups.items():
        if len(items) > 1:
            low, high = intersect([stored_interval(item) for item in items])
            if low > high:
                findings.append(_finding(
                    context, items[0], "CONFLICT_NUMERIC",
                    f"{instruction_id}: " + " and ".join(
                        describe_interval(*stored_interval(item)) for item in items) +
                    " leave no count that satisfies both"))
    findings += _word_budget(context)
    return findings


def _words_in(sample: str) -> int:
    return text.count_words(sample)


def _word_budget(context: CaseContext) -> list[Finding]:
    """"Less than N words" against what the other constraints need at least one word for each."""
    limits = []
    for item in context.of("length_constraints:number_words"):
        _, high = stored_interval(item)
        if high != INF:
            limits.append((int(high), item, f"length_constraints:number_words "
                                            f"{describe_interval(*stored_interval(item))}"))
    if context.has("change_case:english_capital"):
        for item in context.of("change_case:capital_word_frequency"):
            _, high = stored_interval(item)
            if high != INF:
                limits.append((int(high), item, "all capitals with capital words "
                                                f"{describe_interval(*stored_interval(item))} "
                                                "(every word is a capital word)"))
    if not limits:
        return []
    needs: list[tuple[int, str]] = []
    additive = 0
    additive_parts = []
    for item in context.items:
        params = item.params
        kind = item.instruction_id
        if kind in ("length_constraints:number_sentences", "change_case:capital_word_frequency"):
            low, _ = stored_interval(item)
            if kind == "change_case:capital_word_frequency" and context.has(
                    "change_case:english_capital"):
                continue
            needs.append((int(low), f"{kind} {describe_interval(*stored_interval(item))}"))
        elif kind in ("length_constraints:number_paragraphs",
                      "detectable_format:number_bullet_lists",
                      "detectable_content:number_placeholders",
                      "detectable_format:number_highlighted_sections",
                      "length_constraints:nth_paragraph_first_word"):
            low, _ = stored_interval(item)
            needs.append((int(low), f"{kind} {describe_interval(*stored_interval(item))} "
                                    f"(each needs a word)"))
        elif kind == "detectable_format:multiple_sections":
            needs.append((2 * params.num_sections,
                          f"{params.num_sections} sections headed '{params.section_spliter} N'"))
        elif kind == "keywords:frequency":
            low, _ = stored_interval(item)
            wording = describe_interval(*stored_interval(item))
            needs.append((int(low) * _words_in(params.keyword),
                          f"keyword {params.keyword!r} {wording} times"))
        elif kind == "keywords:existence":
            needs.append((max(_words_in(word) for word in params.keywords),
                          "the keywords"))
        elif kind == "combination:repeat_prompt":
            additive += _words_in(params.prompt_to_repeat)
            additive_parts.append("the repeated request")
        elif kind == "startend:end_checker":
            additive += _words_in(params.end_phrase)
            additive_parts.append("the end phrase")
        elif kind == "detectable_content:postscript":
            additive += _words_in(params.postscript_marker) + 1
            additive_parts.append("a postscript")
        elif kind == "combination:two_responses":
            needs.append((2, "two responses"))
    if additive:
        needs.append((additive, " + ".join(additive_parts)))
    findings = []
    for budget, item, wording in limits:
        worst = max(needs, default=(0, ""))
        if worst[0] > budget:
            findings.append(_finding(
                context, item, "CONFLICT_NUMERIC",
                f"{wording} leaves room for at most {budget} words, but {worst[1]} needs at "
                f"least {worst[0]}"))
    return findings


def _unsatisfiable(context: CaseContext) -> list[Finding]:
    findings = []
    for item in context.items:
        kind = item.instruction_id
        if kind in COUNT_FIELDS:
            low, high = stored_interval(item)
            if high < 0 or low > high:
                findings.append(_finding(
                    context, item, "CONFLICT_UNSATISFIABLE",
                    f"{kind}: {describe_interval(low, high)} — no count is below zero"
                    if high < 0 else f"{kind}: an empty range"))
        if kind == "length_constraints:nth_paragraph_first_word":
            if item.params.nth_paragraph > item.params.num_paragraphs:
                findings.append(_finding(
                    context, item, "CONFLICT_UNSATISFIABLE",
                    f"nth_paragraph = {item.params.nth_paragraph} but num_paragraphs = "
                    f"{item.params.num_paragraphs}: that paragraph cannot exist"))
        if kind == "startend:end_checker":
            phrase = item.params.end_phrase.strip()
            if phrase.endswith('"'):
                findings.append(_finding(
                    context, item, "CONFLICT_UNSATISFIABLE",
                    f"end_phrase {phrase!r} ends with a double quote, which the checker strips "
                    f"from the response before comparing"))
    return findings
