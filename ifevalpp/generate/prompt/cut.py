"""Cut a constraint's clause out of a sentence that also carries the task.

"Write a 300+ word summary of the article, and do not use commas." states two
constraints inside the task sentence; a rephrasing says them anew elsewhere, so the
sentence loses their clauses: "Write a summary of the article." `strip_clause` tries
an ordered table of named rules (`rules()`: the order and each rule's words are
templates/phrases/cut.json, the code of each rule is here), each a way such a clause
sits in a sentence; the first that cuts cleanly wins, and a verb the cut phrase completed goes with it
("… in verse and end it with a P.P.S" -> "… in verse").
None when no rule cuts cleanly: the sentence then keeps its statement.

A cut never takes task material with it (`removes_material`: a quoted passage that is
not the constraint's own literal, or text introduced by a colon).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

from ..phrase_tables import filled, of, table
from .words import EXAMPLES, content_words, residual

_QUOTED = re.compile(r"\"([^\"\n]+)\"|“([^”\n]+)”")


def _rule(name: str) -> dict[str, Any]:
    """The words of rule `name` (templates/phrases/cut.json)."""
    return _words()[name]


@functools.lru_cache(maxsize=1)
def _words() -> dict[str, dict[str, Any]]:
    return {entry["name"]: entry for entry in table("cut")["rules"]}


# What the answer is called, at the end of a text: a phrase completing it ("the entire output
# in XML") is its object, not a statement to cut.
_answer_noun_ends = filled(r"\b(?:{answer_nouns})\s*$", of("cut"))
_answer_noun_last = filled(r"\b(?:{answer_nouns})$", of("cut"))


def _without_aside(text: str) -> str:
    """`text` without a closing parenthesis: "your entire response (reasoning and answer)"
    still ends on the noun a cut phrase completes."""
    return re.sub(r"\s*\([^()]*\)\s*$", "", text)


def removes_material(removed: str, literals: Sequence[str] = ()) -> bool:
    """Whether cutting `removed` would lose task material: text introduced by a colon, or a
    quoted passage that is not one of the constraint's own literals (an end phrase…)."""
    lowered = [literal.lower() for literal in literals]
    for match in _QUOTED.finditer(removed):
        inner = (match.group(1) or match.group(2)).strip()
        if inner and not any(inner.lower() in item or item in inner.lower()
                             for item in lowered if item):
            return True
    plain = _QUOTED.sub(" ", removed)
    for line in plain.split("\n")[:1]:
        _, colon, after = line.partition(": ")
        if colon and len(re.findall(r"[A-Za-z]+", EXAMPLES.sub(" ", after))) >= 3:
            return True
    return False


@dataclass
class Clause:
    """The sentence and where the constraint's statement sits in it (first..last)."""

    text: str
    spans: Sequence[tuple[int, int]]
    literals: Sequence[str]
    first: int
    last: int

    @functools.cached_property
    def preposition(self) -> Optional[tuple[int, int]]:
        """Where the preposition the statement follows is ("a ballad *with* under 8
        sentences"), or the one it opens with ("a poem *all in* lowercase letters about …",
        when the located statement takes its preposition with it)."""
        before = _preposition().search(self.text[:self.first])
        if before is not None:
            return before.span()
        opening = _opening_preposition().match(self.text, self.first)
        if opening is None or not self.text[:self.first].endswith(" "):
            return None
        # The comma before it goes too ("… to a meeting, using …" -> "… to a meeting").
        return len(self.text[:self.first].rstrip(" ,")), opening.end()

    @functools.cached_property
    def reach(self) -> int:
        """Where the statement ends, with the noun and the scope that go with a value after a
        preposition ("in JSON *format*", "in Welsh alone*, throughout the whole reply*")."""
        last = self.last
        if self.preposition is None:
            return last
        trailing = _trailing_noun().match(self.text[last:])
        if trailing is not None:
            last += trailing.end()
        scope = _scope().match(self.text[last:])
        if scope is not None:
            last += scope.end()
        return last


# ---------------------------------------------------------------- the rules, in order


_adjectival = filled(r"\b({articles})\s+(?:\d+\+?|[a-z]+)[- ]?(?:{units})\s+(?=[a-z])",
                     lambda: _rule("count before the noun"), re.IGNORECASE)


def count_before_noun(clause: Clause) -> Optional[str]:
    """"a 300+ word summary", "a 2 paragraph critique", "a 4 section resume" -> "a summary"."""
    text = clause.text
    consonant, vowel = _rule("count before the noun")["articles"]
    for match in _adjectival().finditer(text):
        if match.start() <= clause.first and match.end() >= clause.last - 1:
            following = text[match.end():]
            article = vowel if following[:1].lower() in "aeiou" else consonant
            if match.group(1)[0].isupper():
                article = article.capitalize()
            return text[:match.start()] + article + " " + following
    return None


def statement_before_passage(clause: Clause) -> Optional[str]:
    """"<task>, and <statement>: <passage>" -> "<task>: <passage>"."""
    text = clause.text
    colon = text.find(": ", clause.first)
    if colon <= 0:
        return None
    clipped = [(s, min(e, colon)) for s, e in clause.spans if s < colon]
    c_first = min(s for s, _ in clipped)
    c_last = max(e for _, e in clipped)
    if content_words(residual(text[c_last:colon], [])) or content_words(residual(
            text[c_first:c_last], [(s - c_first, e - c_first) for s, e in clipped])):
        return None
    for connector in _rule("statement before a passage")["connectors"]:
        at = text.rfind(connector, 0, c_first + len(connector))
        if at < 0:
            continue
        if not content_words(residual(text[at + len(connector):c_first], [])):
            head = text[:at].rstrip(" ,;")
            if len(content_words(head)) >= 2:
                return head + text[colon:]
        return None
    return None


def _count_after_verb_words() -> dict[str, Any]:
    return {**_rule("count after the verb"), "polite": table("cut")["polite"]}


# The opening verb with a count right after it, and the opening verb alone.
_counted = filled(r"^(?:{polite}\s+)?[A-Za-z]+\s+(?:(?:{qualifiers})\s+)?(?:\d+|[a-z]+)\s+"
                  r"(?:{units})\s+(?=(?:{topic_words})\s)", _count_after_verb_words,
                  re.IGNORECASE)
_opening_verb = filled(r"^(?:{polite}\s+)?[A-Za-z]+", of("cut"), re.IGNORECASE)


def count_after_verb(clause: Clause) -> Optional[str]:
    """"Write exactly 4 paragraphs about …" -> "Write a piece about …"."""
    match = _counted().match(clause.text)
    if match is None or match.end() < clause.last - 1:
        return None
    verb = _opening_verb().match(clause.text)
    assert verb is not None
    if clause.first < verb.end():
        return None
    rule = _rule("count after the verb")
    if verb.group(0).split()[-1].lower() in rule["bare_verbs"]:
        return clause.text[:verb.end()] + " " + clause.text[match.end():]
    return clause.text[:verb.end()] + f" {rule['stand_in']} " + clause.text[match.end():]


def _prepositional_words() -> dict[str, Any]:
    return _rule("prepositional phrase")


# A preposition at the end of the text before a statement; the noun that goes with the value
# after it; the scope that goes with it too; what may follow the value's comma.
_preposition = filled(r"[ ,]+(?:{leads})?(?:{prepositions})\s+(?:{determiners})?$",
                      _prepositional_words, re.IGNORECASE)
_opening_preposition = filled(r"(?:{leads})?(?:{prepositions})\s+(?:{determiners})?",
                              _prepositional_words, re.IGNORECASE)
_trailing_noun = filled(r"\s+(?:{trailing_nouns})\b", _prepositional_words)
_scope = filled(r",?\s+(?:{scope_words})\s+(?:{scope_owners})\s+(?:{scope_wholes})?"
                r"(?:{scope_nouns})\b", _prepositional_words)
_continuation = filled(r",\s+(?:{continuations})\b", _prepositional_words)


def prepositional_phrase(clause: Clause) -> Optional[str]:
    """"a ballad with under 8 sentences about …" -> "a ballad about …" (with the noun and
    scope that go with the value: "in Welsh alone, throughout the whole reply")."""
    span, text, last = clause.preposition, clause.text, clause.reach
    if span is None:
        return None
    start, end = span
    after: Optional[str] = text[last:]
    if after.startswith(",") and ("," in text[end:last] or
                                  _continuation().match(after)):
        after = after[1:]  # "in Welsh only, nothing else allowed, for …"
    if _answer_noun_ends().search(_without_aside(text[:start])):
        # "…and I need the entire output in XML", "wrap your entire response (reasoning
        # and answer) with double quotes": the phrase completes the verb's object.
        after = None
    if after is None or after[:1] not in (" ", ",", ".", "?", "!", ":", ""):
        return None
    candidate = (text[:start] + after).replace(" ,", ",").replace(" .", ".")
    remaining = content_words(residual(candidate, []))
    # "Finish this line: "…"" keeps its passage as task material.
    if (len(remaining) >= 2 or (remaining and _QUOTED.search(candidate))) and \
            not content_words(text[end:clause.first]) and \
            not removes_material(text[start:last], clause.literals):
        return candidate
    return None


def parenthesis(clause: Clause) -> Optional[str]:
    """A parenthesis that only states the constraint ("… (in JSON format).")."""
    text, first, last = clause.text, clause.first, clause.reach
    open_at = text.rfind("(", 0, first + 1)
    close_at = text.find(")", last - 1)
    if not (0 <= open_at < first and close_at >= last - 1):
        return None
    inner = text[open_at + 1:close_at]
    local = [(s - open_at - 1, e - open_at - 1) for s, e in clause.spans]
    if len(content_words(residual(inner, local))) <= 1 and \
            not removes_material(inner, clause.literals):
        return (text[:open_at].rstrip() + text[close_at + 1:]).replace(" .", ".")
    return None


def _trailing_words() -> dict[str, Any]:
    return _rule("trailing clause")


# Words that only lead into a trailing statement (", making sure to use the letter "a" …",
# ", ensuring that the word 'replied' appears …"), cut with the statement they lead into;
# and a head that asks a question, which the cut leaves with a question mark.
_lead_filler = filled(r"(?:{lead_fillers}){lead_filler_links}(?:{lead_filler_verbs})?",
                      _trailing_words, re.IGNORECASE)
_question_opening = filled(r"\s*(?:{question_openers})\b", _trailing_words, re.IGNORECASE)
# Where the statement applies, said ahead of it ("…, and at the end of your response, add a
# postscript"): cut with the statement, never left behind as the head's last words.
_lead_place = filled(r"(?:{lead_places}),?", _trailing_words, re.IGNORECASE)
_PLACE_AT_END = filled(r"(?:,|\band\b)\s*(?:{lead_places})$", _trailing_words, re.IGNORECASE)


def _unquoted_end(text: str) -> str:
    """`text` without its final stops and the quotes that close a sentence after one."""
    body = text.rstrip()
    while body and body[-1] in ".!?\"”'":
        if body[-1] in "\"”'" and not body[:-1].rstrip().endswith((".", "!", "?")):
            break
        body = body[:-1]
    return body


def trailing_clause(clause: Clause) -> Optional[str]:
    """A clause from a connector to the end of the sentence ("…, and use at least 600 words.")."""
    first, last = clause.first, clause.reach
    known = _rule("trailing clause")
    body = _unquoted_end(clause.text)
    if last < len(body) and content_words(residual(body[last:], [])):
        return None
    candidates = []
    for connector in known["connectors"]:
        at = body.rfind(connector, 0, first + len(connector))
        if at < 0 or at > first or body.count("(", 0, at) > body.count(")", 0, at):
            continue  # (never inside a parenthesis: "(reasoning process and the final answer)")
        between = body[at + len(connector):first]
        if content_words(between) and not _lead_filler().fullmatch(between.strip()) and \
                not _lead_place().fullmatch(between.strip()):
            continue
        if _PLACE_AT_END().search(body[:at].rstrip(" ,;-")):
            continue  # "…, and at the end of your response" would be left hanging
        candidates.append((at, connector))
    # The latest connector wins, unless the phrase is the object of "the entire output"
    # ("…and I need the entire output in XML"); then an earlier one may still cut cleanly
    # ("Pitch it to retirees and put your whole reply inside quotes").
    candidates.sort(key=lambda item: -item[0])
    best = next((at for at, connector in candidates
                 if not (connector.strip() in known["phrase_connectors"] and
                         _answer_noun_last().search(_without_aside(body[:at].rstrip(" ,;-"))))),
                None)
    if best is None:
        return None
    head = body[:best].rstrip(" ,;-")
    if len(content_words(head)) < 1 or removes_material(body[best:], clause.literals):
        return None
    if head.endswith(("?", "!", ".")):
        return head
    return head + ("?" if _question_opening().match(head) else ".")


# The code of each rule, by its name in the table.
_RULE_CODE: dict[str, Callable[[Clause], Optional[str]]] = {
    "count before the noun": count_before_noun,
    "statement before a passage": statement_before_passage,
    "count after the verb": count_after_verb,
    "prepositional phrase": prepositional_phrase,
    "parenthesis": parenthesis,
    "trailing clause": trailing_clause,
}


@functools.lru_cache(maxsize=1)
def rules() -> tuple[tuple[str, Callable[[Clause], Optional[str]]], ...]:
    """The ways a statement sits in a task sentence, in the order of the table (the first
    that cuts cleanly wins); a rule the table names without code is an error."""
    order = [entry["name"] for entry in table("cut")["rules"]]
    unknown = sorted(set(order) - set(_RULE_CODE))
    if unknown:
        raise ValueError(f"phrases/cut.json names rules without code: {unknown}")
    return tuple((name, _RULE_CODE[name]) for name in order)


def _clause(unit_text: str, local_spans: Sequence[tuple[int, int]],
            literals: Sequence[str]) -> Optional[Clause]:
    """The clause to cut, or None when the statements cannot be cut as one: on several lines
    of a block ("[Section 1: …, in Marathi]"), or scattered through the sentence."""
    if not local_spans:
        return None
    first = min(start for start, _ in local_spans)
    last = max(end for _, end in local_spans)
    if "\n" in unit_text[first:last].strip():
        return None
    inside = residual(unit_text[first:last], [(s - first, e - first) for s, e in local_spans])
    if content_words(inside):
        return None
    return Clause(unit_text, local_spans, literals, first, last)


# A verb left with nothing to do once its phrase is cut: "… and end it", "…, then close it".
_bare_verb_left = filled(r",?\s+(?:{bare_verb_links})\s+(?:{bare_verbs})"
                         r"(?:\s+(?:{bare_verb_objects}))?$", of("cut"), re.IGNORECASE)


_EXAMPLE_MARKUP = re.compile(r"\*[^*\n]+\*|<<[^<>\n]*>>|\[[^\[\]\n]*\]")


def _whole_examples(text: str, spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans, each reaching to the end of a marked-up example it ends inside ("… i.e
    *italic" + " text*"), so that a cut takes the example with its statement."""
    examples = [match.span() for match in _EXAMPLE_MARKUP.finditer(text)]
    widened = []
    for start, end in spans:
        for example_start, example_end in examples:
            if example_start < end < example_end:
                end = example_end
        widened.append((start, end))
    return widened


def _splits_markup(before: str, after: str) -> bool:
    """Whether a cut leaves half of a marked-up example behind ("… i.e *italic text*" cut
    after "*italic" leaves "text*"): an odd number of asterisks, or brackets that no longer
    pair, where the sentence had them paired."""
    for opening, closing in (("*", "*"), ("<<", ">>"), ("[", "]")):
        if opening == closing:
            if before.count(opening) % 2 == 0 and after.count(opening) % 2:
                return True
        elif before.count(opening) == before.count(closing) and \
                after.count(opening) != after.count(closing):
            return True
    return False


def _aside_closed(text: str, cut: str) -> str:
    """`cut` with the comma that closed an aside put back when the cut took it: "a rubric, in
    the form of a list of bullet points, for evaluating …" cut to "a rubric, in the form of a
    list, for evaluating …", not "… a list for evaluating …"."""
    start = 0
    while start < min(len(text), len(cut)) and text[start] == cut[start]:
        start += 1
    end = 0
    while end < min(len(text), len(cut)) - start and text[-1 - end] == cut[-1 - end]:
        end += 1
    removed = text[start:len(text) - end]
    opened = text[:start].rsplit(".", 1)[-1]
    if removed.rstrip().endswith(",") and "," in opened and \
            not cut[:start].rstrip().endswith(",") and cut[start:].strip():
        return cut[:start].rstrip() + ", " + cut[start:].lstrip()
    return cut


def _series_closed(text: str, cut: str) -> str:
    """`cut` with the "and" of a series put back when the cut took the series' last item with
    it: "Write a limerick, use notation, and use two capitalised words." cut to "Write a
    limerick and use notation.", not the splice "Write a limerick, use notation."."""
    start = 0
    while start < min(len(text), len(cut)) and text[start] == cut[start]:
        start += 1
    if not text[start:].startswith(", and ") or cut[start:].strip(" .!?"):
        return cut
    from ..rewrite.sentences import series_closed

    sentence_start = max(cut.rfind(". ", 0, start), cut.rfind("? ", 0, start)) + 1
    return cut[:sentence_start] + series_closed(cut[sentence_start:start]) + cut[start:]


def strip_clause(unit_text: str, local_spans: Sequence[tuple[int, int]],
                 literals: Sequence[str] = ()) -> Optional[str]:
    """Cut the constraint's clause out of a mixed unit (the first of `rules()` that cuts
    cleanly); None when no clean cut exists."""
    clause = _clause(unit_text, _whole_examples(unit_text, local_spans), literals)
    if clause is None:
        return None
    cut = next((found for _, rule in rules() for found in (rule(clause),) if found is not None),
               None)
    if cut is None or _splits_markup(unit_text, cut):
        return None
    cut = _series_closed(unit_text, _aside_closed(unit_text, cut))
    body = cut.rstrip(" .?!")
    bare = _bare_verb_left().search(body)
    if bare is None:
        return cut
    return body[:bare.start()] + cut[len(body):]
