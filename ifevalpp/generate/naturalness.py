"""Scans for cousins a person would never write: one detector per defect class.

A cousin can be faithful to its kwargs and still read as machine-made. Each
detector here looks for one class of defect that review of generated families
found (issue 11 §5 and the constructs review), comparing a cousin with its own
original so that text the original already had is never blamed on the
generator:

* `stitched` — a sentence glued together from fragments: a lower-case start
  after a full stop, a dangling "and." or "the.", doubled punctuation, a word
  said twice in a row, unbalanced quotes or brackets;
* `dangling` — a reference before or without its referent ("This phrase…" as
  the first words, "the request above" in the first sentence, "as follows" with
  nothing following);
* `leaked-bound` — an internal bound shown to the reader ("less than 701 words"
  for a 600–700 range): a count one off a round number that the original never said;
* `glued-line` — a new sentence run onto a line that must stay alone (a list
  item, an example, a riddle's answer line);
* `doubled-opening` — two "Here is…" openings where the original had at most one;
* `doubled-label` — a label on a label ("My request: My topic: …") or a "Here's what
  I'd like:" before a task that says "I'd like you to" itself;
* `plural-header` — "Several guidelines for your reply:" above a single item;
* `stock-phrase` — phrases the whole-family read cut (subjects like "everything you hand
  in", reasons like "it must fit our layout", "would ideally", "whatever you say",
  "my one rule", "could you confirm that");
* `repeated-frame` — one framing opening ("Whatever else you do") used twice in a prompt;
* `relation-wording` — a count said with a relation the checker does not mean
  ("at most 5" for `less than 5`, "more than 300" for `at least 300`);
* `implausible-value` — a minimum no such piece could carry (a 5,000-word tweet, a
  haiku of thirty sentences) that the original did not already ask for.

`scan(prompt, original, ids, kwargs)` runs them all; the tests over the whole
default family file call it on every cousin.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional, Sequence

from ..wording.english import number_words


@dataclass(frozen=True)
class Defect:
    code: str
    text: str


_QUOTED = re.compile(r'"[^"\n]*"|“[^”\n]*”|<<[^>\n]*>>|\*[^*\n]+\*|\[[^\]\n]*\]')
_MARKER = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_ABBREVIATIONS = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|approx|Mr|Mrs|Ms|Dr|St|No)|\b[A-Z])\.$")


def _masked(text: str) -> str:
    """Quoted values and markup replaced by a neutral token of the same length."""
    return _QUOTED.sub(lambda m: "Q" * len(m.group(0)), text)


def _new_lines(prompt: str, original: str) -> list[str]:
    own = {line.strip() for line in original.splitlines()}
    return [line for line in prompt.splitlines() if line.strip() and line.strip() not in own]


# ---------------------------------------------------------------- stitched fragments

_LOWER_AFTER_STOP = re.compile(r"([.!?])\s+([a-z])")
_DANGLING_END = re.compile(r"\b(?:and|or|but|the|an|of|(?<!belongs )(?<!belong )to|with)[.!?]"
                           r"(?:\s|$)", re.I)
_DOUBLED_MARKS = re.compile(r"[,;:]\s*[,.;:]|\.\s+\.|(?<!\.)\.\.(?!\.)|\?\.|!\.|\s[,.;:?!]")
_REPEATED_WORD = re.compile(r"\b([a-z]+) \1\b", re.I)
_PAIRS = (("(", ")"), ("[", "]"), ("“", "”"))


def stitched(prompt: str, original: str) -> list[Defect]:
    defects = []
    masked_original = _masked(original)
    original_lines = sorted({own.strip() for own in original.splitlines() if own.strip()},
                            key=len, reverse=True)
    for line in _new_lines(prompt, original):
        line = _added_part(line, original_lines)
        body = _masked(_MARKER.sub("", line)).strip()
        for match in _LOWER_AFTER_STOP.finditer(body):
            before = body[:match.start() + 1]
            following = body[match.start(2):match.start(2) + 24]
            if not _ABBREVIATIONS.search(before) and not _mid_line_in(following, masked_original):
                defects.append(Defect("stitched", line.strip()))
                break
        else:
            marks = [m.group(0) for m in _DOUBLED_MARKS.finditer(body)
                     if m.group(0) not in masked_original]
            if _DANGLING_END.search(body) and not _DANGLING_END.search(masked_original) or marks or \
                    _REPEATED_WORD.search(body) and not _REPEATED_WORD.search(masked_original):
                defects.append(Defect("stitched", line.strip()))
                continue
            if line.count('"') % 2 and not any(own.count('"') % 2 for own in original.splitlines()):
                defects.append(Defect("stitched", line.strip()))
                continue
            unmarked = _MARKER.sub("", line)
            for left, right in _PAIRS:
                if unmarked.count(left) != unmarked.count(right) and \
                        original.count(left) == original.count(right):
                    defects.append(Defect("stitched", line.strip()))
                    break
    return defects


def _added_part(line: str, original_lines: Sequence[str]) -> str:
    """The line without an original line it begins or ends with (a distractor or a woven
    requirement added to it): the original's own text is not the generator's doing."""
    stripped = line.strip()
    for own in original_lines:
        if len(own) > 20 and stripped.startswith(own) and len(stripped) > len(own):
            return stripped[len(own):].strip()
        if len(own) > 20 and stripped.endswith(own) and len(stripped) > len(own):
            return stripped[:-len(own)].strip()
    return line


def _mid_line_in(fragment: str, original: str) -> bool:
    """Whether the original itself has this lower-case sentence start after a full stop."""
    position = original.find(fragment)
    return position > 0 and original[:position].rstrip()[-1:] in ".!?"


# ---------------------------------------------------------------- dangling references

_POINTER = r"(?:request|text|prompt|passage|sentence|question|list|phrase|instructions?|task|words?)"
_ABOVE = re.compile(rf"\b(?:the|this|these) {_POINTER} (?:above|given above)\b", re.I)
_BELOW = re.compile(rf"\b(?:the|this|these) {_POINTER} (?:below|that follows?)\b|\bas follows\b|"
                    rf"\bthe following\b", re.I)
# A prompt that opens by pointing at what has not been said yet ("This will be shared…",
# "It is meant for…"); a dummy "it" ("It has been raining") is fine.
_OPENS_WITH_REFERENCE = re.compile(
    r"^\W*(?:(?:this|these|those|such) (?:phrase|words?|text|request|piece|poem|essay|story|list|"
    r"one|will|should|must|needs?|is meant|is for|has to)|it (?:is|will be|should be|must be|"
    r"needs to be|has to be) (?:meant|for|shared|read|used|written|going))\b", re.I)


def dangling(prompt: str, original: str) -> list[Defect]:
    defects = []
    text = prompt.strip()
    first_break = re.search(r"[.!?:](?:\s|$)|\n", text)
    first = text[:first_break.end()] if first_break else text
    if _ABOVE.search(first) and not _ABOVE.search(original.strip()[:len(first) + 40]):
        defects.append(Defect("dangling", first.strip()))
    if _OPENS_WITH_REFERENCE.search(text) and not _OPENS_WITH_REFERENCE.search(original.strip()):
        defects.append(Defect("dangling", first.strip()))
    for match in _BELOW.finditer(text):
        rest = text[match.end():]
        after = rest.split("\n", 1)
        tail = after[1] if len(after) > 1 else ""
        same_line = re.sub(r"^[^.!?:]*[.!?:]?", "", after[0]).strip()
        if not tail.strip() and not same_line and not _BELOW.search(original):
            defects.append(Defect("dangling", match.group(0)))
    return defects


# ---------------------------------------------------------------- leaked bounds

_COUNTED = re.compile(r"\b(\d{2,6})\+?\s+(?:words?|sentences?|paragraphs?|times|letters?|"
                      r"characters?|bullet|sections?|highlight|placeholders?)\b", re.I)


def leaked_bounds(prompt: str, original: str) -> list[Defect]:
    said = set(re.findall(r"\d+", original))
    defects = []
    for match in _COUNTED.finditer(prompt):
        value = int(match.group(1))
        if match.group(1) in said or value < 21:
            continue
        if (value - 1) % 10 == 0 or (value + 1) % 10 == 0:
            defects.append(Defect("leaked-bound", match.group(0)))
    return defects


# ---------------------------------------------------------------- glued lines


def glued_lines(prompt: str, original: str) -> list[Defect]:
    """An original line that had to stand alone now has new text after it on the same line."""
    defects = []
    original_lines = [line.strip() for line in original.splitlines() if line.strip()]
    for position, line in enumerate(original_lines):
        ending = line.rstrip('"”\')*_')
        alone = (_MARKER.match(line) is not None or ending[-1:] not in ".!?:"
                 or (position + 1 < len(original_lines) and _MARKER.match(original_lines[position + 1])))
        if not alone or len(line) < 4:
            continue
        # As a line of its own in the cousin too ("Color Paper" of a slogan's example, not
        # the same words inside a sentence).
        for match in re.finditer(r"(?m)^[ \t]*" + re.escape(line), prompt):
            after = prompt[match.end():].split("\n", 1)[0]
            if line[-1:] in "\"”" and after.startswith(". "):
                continue  # a quotation closed with a stop of ours: a sentence like any other
            if after.strip() and not after.startswith(("\n",)) and after.strip() not in line:
                defects.append(Defect("glued-line", (line + after)[:160]))
                break
    return defects


# ---------------------------------------------------------------- doubled openings

_HERE = re.compile(r"(?:^|[.!?:]\s+|\n)\s*(?:here is|here are|here's|here you go)\b", re.I)


def doubled_openings(prompt: str, original: str) -> list[Defect]:
    found = len(_HERE.findall(prompt))
    if found >= 2 and found > len(_HERE.findall(original)):
        return [Defect("doubled-opening", prompt.strip().split("\n", 1)[0][:160])]
    return []


# ---------------------------------------------------------------- doubled labels

# A short label and its colon ("My request:", "Quick question:", "Here's what I'd like:").
_LABEL = r"[A-Z][A-Za-z' ,]{0,40}:"
_LABEL_ON_LABEL = re.compile(rf"(?:^|\n|[.!?]\s+)({_LABEL})\s+({_LABEL})(?=\s)")
_WANT_LABEL = re.compile(r"(?:^|\n|[.!?]\s+)(?:here is what I need|here's what I'd like|what I "
                         r"(?:need|want) is):\s+(?:[^\n]*?\bI(?:'d| would| need| want)\b|"
                         r"(?:please|can you|could you|would you|tell me)\b)", re.I)


def doubled_labels(prompt: str, original: str) -> list[Defect]:
    """A label stacked on a label ("My request: My topic: …"), or a label that says what the
    writer wants before a task that says it again ("Here's what I'd like: …, and I'd like
    you to …", "Here's what I'd like: Can you …?")."""
    defects = []
    masked = _masked(prompt)
    for match in _LABEL_ON_LABEL.finditer(masked):
        text = prompt[match.start(1):match.end(2)]
        # The second label is our own too ("Which of these is right: A or B?" is a question).
        if prompt[match.start(2):match.end(2)] not in original:
            defects.append(Defect("doubled-label", text))
    for match in _WANT_LABEL.finditer(masked):
        text = prompt[match.start():match.end()].strip()
        if text not in original:
            defects.append(Defect("doubled-label", text[:160]))
    return defects


# ---------------------------------------------------------------- a plural header over one item

_PLURAL_HEADER = re.compile(r"^(?:several|a few|some|these|the following|a couple of)\b[^\n]*:$",
                            re.I)


def plural_headers(prompt: str, original: str) -> list[Defect]:
    """"Several guidelines for your reply:" above a list of one item."""
    lines = [line.strip() for line in prompt.splitlines()]
    defects = []
    for number, line in enumerate(lines):
        if not _PLURAL_HEADER.match(line) or line in original:
            continue
        items = 0
        for following in lines[number + 1:]:
            if not _MARKER.match(following):
                break
            items += 1
        if items == 1:
            defects.append(Defect("plural-header", line))
    return defects


# ---------------------------------------------------------------- stock phrases the review cut

# Phrases the round-2 read of whole families marked as unnatural, each for a reason: a
# subject no one uses of a chat reply, a reason that cannot apply, a checked requirement
# said as a wish, a dismissive filler, "my one rule" beside other rules.
_STOCK = (
    ("awkward-subject", r"\b(?:everything you (?:hand in|send)|what you (?:hand back|hand me|"
                        r"send me|send back))\b"),
    ("odd-reason", r"\bfit (?:our|the) (?:layout|template|page|form)\b|\bhow (?:our|the) pieces"
                   r" get published\b|\beveryone who reads it\b"),
    ("hedged-requirement", r"\bwould ideally\b|\bwould be ideal\b|\bI(?:'d| would) prefer (?:that|if) "
                           r"you\b|(?:^|[.!?:]\s+)and now the request itself\b"),
    ("filler-frame", r"\b(?:whatever you (?:say|choose to write|end up writing|decide to say)|"
                     r"no matter (?:the content|what you say))\b"),
    ("one-rule", r"\b(?:my (?:one|only) rule|the one thing I)\b"),
    # Round 3: an authority invented for a requirement ("because my manager wants it that
    # way" on a honeymoon plan), a filler frame, a remark about the prompt itself, a
    # requirement asked as whether it can be done.
    ("odd-reason", r"\b(?:because|since|as) (?:that is |that's |it's |it is )?(?:what |how )?(?:my "
                   r"(?:manager|teacher|boss|professor|editor|supervisor|tutor|team lead)|the "
                   r"(?:event organiser|committee|client)|our coordinator)\b|\b(?:a condition of|"
                   r"part of) the (?:assignment|brief)\b|\b(?:my (?:manager|supervisor|boss)|the "
                   r"committee) set that rule\b"),
    ("filler-frame", r"\b(?:whichever (?:angle|approach) you take|however you (?:approach|tackle) "
                     r"it|no matter how you approach it)\b"),
    ("meta-commentary", r"(?:^|[.!?]\s+)(?:to begin with|first of all|first|before you (?:start|"
                        r"begin)|before anything else), (?:one|a few|some|several|note|take note|"
                        r"read)\b|\bread (?:these|the following) [a-z ]{0,20}(?:first|before "
                        r"anything else)\b"),
    ("question-frame", r"(?:^|[.!?]\s+)(?:is it possible|is there a way|would it be possible) to "
                       r"(?:use|put|write|keep|make|include|add|give|answer|have|avoid|leave|end|"
                       r"finish|close|start|begin|open|wrap|highlight|mention|repeat|copy|restate|"
                       r"organise|divide|split|format|present|reply|respond|set|stay|steer)\b"),
    ("confirm-in-question", r"\b(?:would|could|can|will) you (?:please )?confirm that\b"),
    # Round 4 (a second independent read): a reply "as a whole", a title the reply "comes
    # with", a poem "produced", a requirement under a form's label ("One request: …").
    ("awkward-subject", r"\b(?:your|the) (?:reply|answer|response) as a whole\b|\bcome with a "
                        r"title\b|\bproduce an? (?:rap|poem|song|story|haiku|limerick|tale)\b"),
    ("form-label", r"(?:^|\n|[.!?] )(?:one (?:request|requirement|rule|condition)|a single "
                   r"(?:requirement|rule|condition)|just one (?:rule|requirement)|one extra request|"
                   r"a formatting request|separately):"),
)
_STOCK_PATTERNS = tuple((code, re.compile(pattern, re.I)) for code, pattern in _STOCK)


def stock_phrases(prompt: str, original: str) -> list[Defect]:
    defects = []
    for code, pattern in _STOCK_PATTERNS:
        for match in pattern.finditer(prompt):
            if not pattern.search(original):
                defects.append(Defect(code, match.group(0)))
    return defects


# ---------------------------------------------------------------- one frame said twice

_SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
_FRAME_OPENING = re.compile(r"^(?:whatever else you do|in any case|most of all|either way|above "
                            r"all|no matter how you approach it|however you approach it|as you "
                            r"(?:work|write)|when you (?:write|reply|answer)|while (?:you )?"
                            r"writ(?:e|ing)|before you (?:send|finish|hand)|make sure|be sure|"
                            r"remember to|don't forget|please make sure|see to it|would you mind|"
                            r"(?:can|may) i ask you to|could i (?:get|have|ask)|is it possible|"
                            r"(?:would|could|can|will) you|what i (?:need|want|would like|'d like)"
                            r" is|i(?:'d| would) like you to|i (?:want|need) you to)\b", re.I)
# Openings that are one frame in other words ("What I need is …", "What I want is …").
_SAME_FRAME = {"what i want is": "what i need is", "what i would like is": "what i need is",
               "what i'd like is": "what i need is", "i would like you to": "i'd like you to",
               # One polite question to a prompt: "Would you …? Can you …?" asks twice.
               "would you": "could you", "can you": "could you", "will you": "could you",
               "would you mind": "could you", "can i ask you to": "could you",
               "may i ask you to": "could you", "could i get": "could you",
               "could i have": "could you", "could i ask": "could you",
               "is it possible": "could you"}
# "please"/"kindly" anywhere in a sentence: said once a prompt ("…, please? … please.").
_POLITE = re.compile(r"\b(?:please|kindly)\b", re.I)


def frame_openings(text: str) -> list[str]:
    """The framing words that open sentences of `text` ("make sure", "before you send"),
    lower-cased."""
    found = []
    # A quotation that ends a sentence of its own ('"… So proud of her!" What I need is …')
    # ends the masked sentence too.
    masked = _QUOTED.sub(lambda m: "Q" * (len(m.group(0)) - 1) + (
        "." if re.search(r"[.!?][\"”’']?$", m.group(0)) else "Q"), text)
    for sentence in _SENTENCE.findall(masked):
        match = _FRAME_OPENING.match(_MARKER.sub("", sentence.strip()))
        if match:
            opening = match.group(0).lower()
            found.append(_SAME_FRAME.get(opening, opening))
        if _POLITE.search(sentence):
            found.append("please")
    return found


def fresh_wording(render: Callable[[], str], taken: Iterable[str], tries: int = 6,
                  avoid: Optional[str] = None) -> str:
    """A wording from `render` (other than `avoid`) that opens no sentence with a frame of
    `taken` ("Can you …? Would you mind …?", a second "please"), else the last tried."""
    taken = set(taken)
    text = ""
    for _ in range(tries):
        text = render()
        if text != avoid and not taken & set(frame_openings(text)):
            break
    return text


def repeated_frames(prompt: str, original: str) -> list[Defect]:
    """The same framing words opening two sentences of one prompt ("Whatever else you do …
    Whatever else you do …"), which the original did not do itself."""
    openings = frame_openings
    counts: dict[str, int] = {}
    for opening in openings(prompt):
        counts[opening] = counts.get(opening, 0) + 1
    own = openings(original)
    return [Defect("repeated-frame", opening) for opening, count in sorted(counts.items())
            if count >= 2 and count > own.count(opening)]


# ---------------------------------------------------------------- relation wording

_RELATION_FIELDS = ("relation", "let_relation", "capital_relation")
_COUNT_FIELDS = ("num_words", "num_sentences", "frequency", "let_frequency", "capital_frequency")
_WRONG_WORDS = {
    "less than": r"at most|no more than|not more than|up to|a maximum of|maximum of",
    "at least": r"(?<!no )more than|(?<!no )over|above|upwards of",
    "at most": r"less than|fewer than|under|below",
}
_WRONG_AFTER = {
    "less than": r"or (?:fewer|less)|at the most|at most",
    "at least": r"",
    "at most": r"",
}


def relation_wording(prompt: str, ids: Sequence[str], kwargs: Sequence[Optional[dict[str, Any]]]
                     ) -> list[Defect]:
    defects = []
    for instruction_id, given in zip(ids, kwargs):
        given = given or {}
        relation = next((given[f] for f in _RELATION_FIELDS if given.get(f)), None)
        value = next((given[f] for f in _COUNT_FIELDS if isinstance(given.get(f), int)), None)
        if relation not in _WRONG_WORDS or value is None:
            continue
        shown = rf"(?:{value}|{re.escape(number_words(value))})"
        before = re.compile(rf"\b(?:{_WRONG_WORDS[relation]})\s+{shown}\b", re.I)
        after = (re.compile(rf"\b{shown}(?!\s+more\b)(?:\s+[a-z-]+){{0,2}}\s+(?:{_WRONG_AFTER[relation]})\b",
                            re.I) if _WRONG_AFTER[relation] else None)
        for pattern in (before, after):
            match = pattern.search(prompt) if pattern else None
            if match:
                defects.append(Defect("relation-wording", f"{instruction_id}: {match.group(0)}"))
                break
    return defects


# ---------------------------------------------------------------- implausible values

# Pieces that are short by nature, and the most a person would ask of one.
_SHORT_PIECES = re.compile(r"\b(?:haiku|tweet|slogan|tagline|limerick|riddle|joke|headline|"
                           r"one-liner|caption|motto|epitaph|text message)s?\b", re.I)
_SHORT_LIMITS = {"num_words": 150, "num_sentences": 12, "num_paragraphs": 4, "num_sections": 4,
                 "num_bullets": 8, "num_highlights": 6}


def implausible_values(prompt: str, original: str, ids: Sequence[str],
                       kwargs: Sequence[Optional[dict[str, Any]]],
                       original_kwargs: Sequence[Optional[dict[str, Any]]] = ()) -> list[Defect]:
    if not _SHORT_PIECES.search(prompt):
        return []
    before: dict[str, int] = {}
    for given in original_kwargs:
        for name, value in (given or {}).items():
            if isinstance(value, int):
                before[name] = max(before.get(name, 0), value)
    defects = []
    for instruction_id, given in zip(ids, kwargs):
        given = given or {}
        if given.get("relation", "at least") != "at least" and "num_words" in given:
            continue
        for name, limit in _SHORT_LIMITS.items():
            value = given.get(name)
            if isinstance(value, int) and value > limit and value > before.get(name, 0):
                piece = _SHORT_PIECES.search(prompt).group(0)
                defects.append(Defect("implausible-value", f"{piece}: {name} {value}"))
    return defects


# ---------------------------------------------------------------- wording that contradicts another check

# Beside a request to repeat, the reply opens with the copy: nothing else may be said to come
# first, and the reply cannot "consist of" anything else. Beside any other checked
# constraint, the reply is not only its bullet points.
_FIRST_OF_REPLY = re.compile(r"\b(?:start|begin|open|head)(?:s|ing)? (?:\w+ ){0,3}with a title\b|"
                             r"\btitle\b[^.?!\n]{0,40}\bat the top\b|\bconsists? (?:only )?of\b",
                             re.I)
_ONLY_BULLETS = re.compile(r"\b(?:consists? (?:only )?of|answer in|set the answer out as) "
                           r"[^.?!\n]{0,30}\bbullet", re.I)


def conflicting_wording(prompt: str, original: str, ids: Sequence[str]) -> list[Defect]:
    """Wording that implies a conflict with another checked constraint ("Start with a title"
    beside a request to repeat, "your answer consists of 3 bullet points" beside a P.S.)."""
    from ..constraints import get

    types = [get(instruction_id) for instruction_id in ids]
    defects = []
    if any(kind.request_field for kind in types):
        defects += [Defect("conflicting-wording", match.group(0))
                    for match in _FIRST_OF_REPLY.finditer(_masked(prompt))
                    if not _FIRST_OF_REPLY.search(original)]
    if any("adds_bullets" in kind.distractor_effects for kind in types) and len(ids) > 1:
        defects += [Defect("conflicting-wording", match.group(0))
                    for match in _ONLY_BULLETS.finditer(_masked(prompt))
                    if not _ONLY_BULLETS.search(original)]
    return defects


# ---------------------------------------------------------------- everything


def scan(prompt: str, original: str, ids: Sequence[str] = (),
         kwargs: Sequence[Optional[dict[str, Any]]] = (),
         original_kwargs: Sequence[Optional[dict[str, Any]]] = ()) -> list[Defect]:
    return (stitched(prompt, original) + dangling(prompt, original)
            + leaked_bounds(prompt, original) + glued_lines(prompt, original)
            + doubled_openings(prompt, original) + doubled_labels(prompt, original)
            + plural_headers(prompt, original) + stock_phrases(prompt, original)
            + repeated_frames(prompt, original) + relation_wording(prompt, ids, kwargs)
            + implausible_values(prompt, original, ids, kwargs, original_kwargs)
            + conflicting_wording(prompt, original, ids))


# ---------------------------------------------------------------- numbers as people say them

# Counts no person says: "less than one time" (a ban), "a minimum of 1 time" (once), "one
# sentence or more", "every one of" two words (both), "one paragraph, no more and no fewer".
_UNSAID_NUMBERS = re.compile(
    r"\b(?:less|fewer) than (?:1|one)\b|\bunder (?:1|one) \w+\b"
    r"|\b(?:no fewer than|a minimum of) (?:1|one) (?:time|sentence|word|paragraph)\b"
    r"|\b(?:1|one) (?:time|sentence|word|paragraph|placeholder) or more\b"
    r"|\bat (?:least|most) 1 time\b|\b(?:1|one) times?\b(?! (?:or|and) )"
    r"|\bevery one of \"[^\"]+\" and \"[^\"]+\"(?!,)"
    r"|\b(?:1|one) (?:paragraph|sentence|bullet point|section)s?, (?:no|neither|not) (?:more|fewer)",
    re.IGNORECASE)


def unsaid_numbers(prompt: str, original: str) -> list[Defect]:
    """Counts said as no person says them, which the original did not say itself."""
    own = {match.group(0).lower() for match in _UNSAID_NUMBERS.finditer(original)}
    return [Defect("unsaid-number", match.group(0)) for match in _UNSAID_NUMBERS.finditer(prompt)
            if match.group(0).lower() not in own]
