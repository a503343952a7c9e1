"""Rewrite a task sentence the way different people would ask for the same thing.

`rewrites(task, protected)` lists natural rewrites of a task: imperative,
request, question and statement of need turned into each other, the topic put
first ("The topic is X. Write a poem about it."), the audience moved ("This is
for kids: …"), a context clause moved after the request, a sentence split at
", and <verb>" or two short requests joined, and loose genre words and
adjectives swapped for synonyms. `rewrite(task, protected, rng)` picks one.

What a checker reads is never touched: the caller's protected spans (keywords,
markers, end phrases, anything the validator locates) and, on top, every quoted
string, URL, number, markup and capitalised name are masked before any change
and put back byte for byte afterwards. A rewrite is only offered when the
sentence has a shape we recognise; anything else gives an empty list rather
than a broken sentence. Only the first line is rewritten: lists, examples and
anything after a line break stay as they are.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Iterable, Optional, Sequence

from ..wording.english import gerund
from ..constraints.support.wording import load_json


@dataclass(frozen=True)
class Rewrite:
    text: str
    operations: tuple[str, ...]


# ---------------------------------------------------------------- lexicon


@functools.lru_cache(maxsize=1)
def _lexicon() -> dict[str, Any]:
    table = load_json("phrases/rewrite.json")
    return {
        "verbs": frozenset(table["verbs"]),
        "making": tuple(sorted(table["making"], key=len, reverse=True)),
        "verb_synonyms": table["verb_synonyms"],
        "nouns": table["noun_synonyms"],
        "adjectives": table["adjective_synonyms"],
        "audiences": frozenset(table["audiences"]),
        "precise": frozenset(table["precise"]),
    }


# ---------------------------------------------------------------- masking

_MASK_BASE = 0xE000
_MASKED = re.compile("[\ue000-\uf8ff]")
_AUTO_PROTECT = re.compile(
    r'"[^"\n]*"|“[^”\n]*”|«[^»\n]*»|<<[^>\n]*>>|\*[^*\n]+\*|`[^`\n]+`|\[[^\]\n]*\]'
    r"|(?<![\w'])'[^'\n]{1,80}'(?![\w'])"
    r"|https?://\S+|www\.\S+|\S+@\S+\.\w+"
    r"|\b\w*\d[\w+%.,:/-]*\w*\+?"
    r"|(?<=[a-z,;:] )(?!I\b)(?:[A-Z][\w'’-]*)(?:\s+(?!I\b)[A-Z][\w'’-]*)*"
    r"|\b[A-Z]{2,}\b")


class _Masked:
    """The task with protected text replaced by one private-use character per span."""

    def __init__(self, text: str, protected: Sequence[tuple[int, int]]):
        spans = sorted(set((a, b) for a, b in protected if 0 <= a < b <= len(text)))
        merged: list[list[int]] = []
        for start, end in spans:
            if merged and start < merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        self.pieces: list[str] = []
        self.held: set[str] = set()      # mask characters of the caller's protected spans
        out: list[str] = []
        position = 0
        for start, end in merged:
            out.append(self._auto(text[position:start]))
            mark = self._hold(text[start:end])
            self.held.add(mark)
            out.append(mark)
            position = end
        out.append(self._auto(text[position:]))
        self.text = "".join(out)

    def _hold(self, piece: str) -> str:
        self.pieces.append(piece)
        return chr(_MASK_BASE + len(self.pieces) - 1)

    def _auto(self, text: str) -> str:
        return _AUTO_PROTECT.sub(lambda m: self._hold(m.group(0)), text)

    def restore(self, text: str) -> str:
        return _MASKED.sub(lambda m: self.pieces[ord(m.group(0)) - _MASK_BASE], text)

    def holds(self, text: str) -> bool:
        """Whether `text` contains one of the caller's protected spans."""
        return any(mark in text for mark in self.held)

    def ends_sentence(self, mark: str) -> bool:
        """Whether a masked piece ends with a full stop, question or exclamation mark."""
        return self.pieces[ord(mark) - _MASK_BASE].rstrip("\"”'’»>*)]").endswith((".", "?", "!"))


# ---------------------------------------------------------------- parsing the request


@dataclass(frozen=True)
class _Request:
    kind: str          # imperative | request | need | need-np | question
    vp: str            # the verb phrase in the base form, lower-case verb ("write a poem …")
    end: str           # the sentence's final mark: "." "?" ":" "!" or ""
    lead: str = ""     # a context clause that came before the request in the same sentence
    front: str = ""    # a leading clause that stays in front ("When giving a class, …")


_QUESTION_WORDS = frozenset({"what", "why", "how", "who", "whom", "which", "when", "where",
                             "is", "are", "do", "does", "did", "should", "was", "were", "has",
                             "have", "will", "shall", "what's", "who's", "how's", "where's",
                             "can", "could", "would", "isn't", "aren't", "does", "am"})
_QUESTION_INSIDE = re.compile(r", (?:is|are|do|does|can|could|would|should|what|which|how|why|"
                              r"who|will)\b", re.I)
_NOT_AFTER_VERB = frozenset({"is", "are", "was", "were", "has", "had", "'s", "’s"})
# Verbs that are nouns too: "List of …", "Review of …" open no request.
_NOUN_VERBS = frozenset({"list", "plan", "review", "answer", "design", "draft", "outline", "rate",
                         "help", "name", "act", "play", "show", "state", "turn", "frame", "pitch",
                         "document", "cover", "address", "detail", "draw", "present", "estimate",
                         "research", "sketch", "edit", "build", "rank", "share", "offer",
                         "summary", "use", "take"})
_FRONT = re.compile(r"^(?P<front>(?:when|if|as|while|after|before|once|given|using|based on|"
                    r"in the style of|for)\b[^,]{3,80}), (?P<rest>.+)$", re.I)
_LEAD_REQUEST = re.compile(r"^(?P<lead>(?:I|We|My|Our)\b.+?),? (?:so |and )?(?:can|could|would) "
                           r"you (?:please |kindly )?(?P<vp>.+)$")
_DETERMINERS = r"(?:a|an|some|two|three|four|five|six|seven|eight|nine|ten|several|a few)"
_REQUEST = re.compile(r"^(?:can|could|would|will) you (?:please |kindly )?(?P<vp>.+)$", re.I)
_WANT = r"(?:i|we)(?: would like|'d like|’d like| want| need)"
_NEED = re.compile(rf"^(?:(?P<lead>.+?)(?:,? and|,? so|;) )?{_WANT} you to (?P<vp>.+)$", re.I)
_NEED_NP = re.compile(rf"^{_WANT} (?P<np>{_DETERMINERS} .+)$", re.I)
_PLEASE = re.compile(r"^(?:please|kindly),? (?P<vp>.+)$", re.I)


def _parse(sentence: str) -> Optional[_Request]:
    body, end = sentence.rstrip(), ""
    if body and body[-1] in ".?!:":
        body, end = body[:-1].rstrip(), body[-1]
    if not body or "\n" in body:
        return None
    front = _FRONT.match(body)
    if front and not body.lower().startswith(("if you", "when you")):
        inner = _parse(_cap(front.group("rest")) + end)
        if inner is not None and inner.kind != "question" and not inner.lead:
            return _Request(inner.kind, inner.vp, inner.end, "", front.group("front"))
    for pattern, kind in ((_REQUEST, "request"), (_NEED, "need"), (_LEAD_REQUEST, "request")):
        match = pattern.match(body)
        if match and _starts_with_verb(match.group("vp")):
            lead = (match.groupdict().get("lead") or "").strip()
            if lead and not re.match(r"^(?:I|We|My|Our)\b", lead):
                return None  # "Bob and I would like you to …": too tangled to move
            return _Request(kind, _lower_first(match.group("vp")), end, lead)
    match = _NEED_NP.match(body)
    if match:
        return _Request("need-np", match.group("np"), end)
    match = _PLEASE.match(body)
    if match and _starts_with_verb(match.group("vp")):
        return _Request("imperative", _lower_first(match.group("vp")), end)
    if _starts_with_verb(body):
        return _Request("imperative", _lower_first(body), end)
    first = body.split()[0].lower()
    if end == "?" and (first in _QUESTION_WORDS or _QUESTION_INSIDE.search(body)):
        return _Request("question", body, end)
    return None


def _starts_with_verb(text: str) -> bool:
    words = text.split()
    if not words or _MASKED.match(words[0]):
        return False
    verb = words[0].lower()
    if verb not in _lexicon()["verbs"] or words[0].endswith((":", ",")):
        return False
    if len(words) < 2 or words[1].lower() in _NOT_AFTER_VERB:
        return False
    return not (verb in _NOUN_VERBS and words[1].lower() in ("of", "for", "with"))


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------- frames

_STATEMENT_FRAMES = ("{Vp}.", "Please {vp}.", "I need you to {vp}.", "I'd like you to {vp}.",
                     "I want you to {vp}.", "I would like you to {vp}.", "Your task is to {vp}.")
_QUESTION_FRAMES = ("Could you {vp}?", "Can you {vp}?", "Would you {vp}?",
                    "Would you please {vp}?", "Could you please {vp}?", "Would you mind {ving}?")
_NP_FRAMES = ("I need {np}.", "I'm looking for {np}.", "I would like {np}.", "What I need is {np}.")
_NP_QUESTIONS = ("Could I get {np}?", "Can you give me {np}?", "Could you put together {np}?")
_ASK_FRAMES = ("Here is my question: {q}", "Quick question: {q}", "I have a question: {q}",
               "Something I have been wondering: {q}", "Can you answer this one: {q}",
               "A question for you: {q}", "I'd like to know this: {q}",
               "Help me with this: {q}", "My question is this: {q}",
               "I keep wondering about this: {q}", "Could you answer this for me: {q}",
               "One for you: {q}")


def _frames(request: _Request) -> list[tuple[str, str]]:
    """(sentence, frame name) for every way to state this request."""
    if request.end == "quoted":  # the sentence ends inside a quotation: no mark of our own
        plain = _Request(request.kind, request.vp, ".", request.lead)
        return [(sentence[:-1], name) for sentence, name in _frames(plain) if sentence.endswith(".")]
    colon = request.end == ":"
    out: list[tuple[str, str]] = []
    if request.kind == "question":
        return ([(frame.format(q=request.vp + "?"), "ask-frame") for frame in _ASK_FRAMES]
                + _question_as_request(request.vp))
    if request.kind == "need-np":
        np = request.vp
        frames = _NP_FRAMES + (() if colon else _NP_QUESTIONS)
        return [(_end(frame.format(np=np), colon), "need") for frame in frames]
    vp = request.vp
    values = {"vp": vp, "Vp": _cap(vp), "ving": _gerund_phrase(vp)}
    for frame in _STATEMENT_FRAMES:
        kind = "imperative" if frame.startswith(("{Vp}", "Please")) else "need"
        out.append((_end(frame.format(**values), colon), kind))
    if not colon:
        compound = _second_verb(vp)
        out.extend((frame.format(**values), "request") for frame in _QUESTION_FRAMES
                   if not (compound and "{ving}" in frame))
    np = _made_object(vp)
    if np:
        frames = _NP_FRAMES + (() if colon else _NP_QUESTIONS)
        out.extend((_end(frame.format(np=np), colon), "need") for frame in frames)
    return out


# Questions that say the same as a request: "What is the best way to X?" -> "Tell me the best
# way to X."; "What is the difference between A and B?" -> "Explain the difference …";
# "How can I X?" -> "Tell me how I can X."; "How do I X?" -> "Tell me how to X."
_WHAT_NP = re.compile(r"^what(?:'s|’s| is| are) (?P<np>(?:the|a|an|some) .+)$", re.I)
_DIFFERENCE = re.compile(r"^what(?:'s|’s| is) the difference between (?P<rest>.+)$", re.I)
_HOW_MODAL = re.compile(r"^how (?P<modal>can|should|could|would) (?P<subject>I|we) (?P<rest>.+)$",
                        re.I)
_HOW_DO = re.compile(r"^how (?:do|does) (?:I|we|one) (?P<rest>.+)$", re.I)
_ENDS_IN_PARTICLE = re.compile(r"\b(?:for|about|of|to|with|in|on|at|from|by|up|like|into)$", re.I)
_TELL = ("Tell me {x}.", "I'd like to know {x}.", "Please tell me {x}.", "Could you tell me {x}?",
         "I want to find out {x}.")


def _question_as_request(question: str) -> list[tuple[str, str]]:
    if _ENDS_IN_PARTICLE.search(question) or re.search(r"\b(?:is|are|was|were|do|does|did)\b",
                                                         question.split(" ", 2)[-1], re.I):
        return []
    match = _DIFFERENCE.match(question)
    if match:
        rest = match.group("rest")
        return [(f"Explain the difference between {rest}.", "question-to-request"),
                (f"I'd like to understand the difference between {rest}.", "question-to-request"),
                (f"How would you describe the difference between {rest}?", "question-to-request")]
    match = _WHAT_NP.match(question)
    if match:
        np = _lower_first(match.group("np"))
        return [(frame.format(x=np), "question-to-request") for frame in _TELL]
    match = _HOW_MODAL.match(question)
    if match:
        clause = f"how {match.group('subject')} {match.group('modal').lower()} {match.group('rest')}"
        return [(frame.format(x=clause), "question-to-request") for frame in _TELL]
    match = _HOW_DO.match(question)
    if match:
        clause = f"how to {match.group('rest')}"
        return [(frame.format(x=clause), "question-to-request") for frame in _TELL]
    return []


def _end(sentence: str, colon: bool) -> str:
    return sentence[:-1] + ":" if colon and sentence.endswith(".") else sentence


def _second_verb(vp: str) -> bool:
    """Whether the phrase holds a second request ('write a poem and explain it')."""
    return any(word.lower() in _lexicon()["verbs"]
               for word in re.findall(r"\b(?:and|then|or) (?:then )?(\w+)", vp))


def _gerund_phrase(vp: str) -> str:
    verb, _, rest = vp.partition(" ")
    return gerund(verb) + (" " + rest if rest else "")


def _made_object(vp: str) -> Optional[str]:
    """'write a poem about X' -> 'a poem about X'; None when the object is not a made thing
    or a second verb follows ('write a poem and explain it' needs its verbs)."""
    if _second_verb(vp):
        return None
    for verb in _lexicon()["making"]:
        match = re.match(rf"^{re.escape(verb)}(?: me| us)? (?P<np>{_DETERMINERS} .+)$", vp)
        if match:
            return match.group("np")
    return None


# ---------------------------------------------------------------- operations on the verb phrase


def _verb_swaps(vp: str) -> list[tuple[str, str]]:
    verb, _, rest = vp.partition(" ")
    table = _lexicon()["verb_synonyms"].get(verb)
    if not table or not rest:
        return []
    to_person = re.match(r"(?:me|us|him|her|them)\b", rest) is not None
    options = table["to_person"] if to_person else table["any"]
    return [(f"{option} {rest}", f"verb:{verb}->{option}") for option in options if option != verb]


def _synonym_swaps(vp: str) -> list[tuple[str, str]]:
    lexicon = _lexicon()
    words = re.findall(r"[A-Za-z][\w-]*", vp.lower())
    if any(word in lexicon["precise"] for word in words):
        return []
    out: list[tuple[str, str]] = []
    for table in (lexicon["nouns"], lexicon["adjectives"]):
        for word in sorted(table, key=len, reverse=True):
            pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
            match = pattern.search(vp)
            if not match or match.start() == 0:
                continue
            for option in table[word]:
                new = vp[:match.start()] + option + vp[match.end():]
                out.append((_fix_article(new, match.start(), len(option)), f"synonym:{word}->{option}"))
    return out


def _fix_article(text: str, position: int, length: int) -> str:
    """Repair 'a'/'an' right before a swapped word."""
    from ..wording.english import indefinite_article

    before = text[:position]
    match = re.search(r"\b(a|an) $", before)
    if not match:
        return text
    article = indefinite_article(text[position:position + length])
    return before[:match.start()] + article + " " + text[position:]


_TOPIC = re.compile(r"^(?P<head>\w+(?: up with| together| out)?(?: me| us)? .+?) about "
                    r"(?P<topic>[^,;:]+)$")


# A topic that runs on into a manner, a format or a condition is not a topic alone.
_TOPIC_STOP = re.compile(r"\b(?:about|for|with|without|using|that|which|while|so|or|but|as|by|"
                         r"than|if|when|format|style|tone|manner|way|words?|sentences?|"
                         r"paragraphs?|list|language|letters?)\b", re.I)


def _languages() -> frozenset[str]:
    from ..constraints.support.languages import NAMES_IN_PROMPTS

    return frozenset(name.lower() for names in NAMES_IN_PROMPTS.values() for name in names)


def _topic_first(vp: str, masked: "_Masked") -> list[tuple[str, str]]:
    match = _TOPIC.match(vp)
    if not match:
        return []
    topic, head = match.group("topic"), match.group("head")
    shown = masked.restore(topic).lower()
    if (len(topic.split()) > 8 or not head.split()[1:] or head.endswith(",")
            or _TOPIC_STOP.search(shown) or masked.holds(topic)
            or any(word in _languages() for word in re.findall(r"[a-z]+", shown))):
        return []
    intros = (f"The topic is {topic}.", f"My topic: {topic}.", f"The subject: {topic}.")
    return [(intro + "\u0000" + head + " about it", "topic-first") for intro in intros]


def _audience_moved(vp: str, masked: "_Masked") -> list[tuple[str, str]]:
    audiences = _lexicon()["audiences"]
    for match in re.finditer(r" for (?P<aud>(?:(?:a|an|the|my|our|your|young|new|small|local|"
                             r"busy|curious|older|first-time|high school|college|general|"
                             r"non-technical|technical)\s+)*(?P<head>\w+)"
                             r"(?: (?:audience|readers|students))?)(?=$| about )", vp):
        if match.group("head").lower() not in audiences:
            continue
        before = vp[:match.start()].rstrip()
        if before.endswith(",") or re.search(r"\b\w+ed$", before) or masked.holds(match.group(0)):
            return []  # "designed for students": the phrase belongs to its participle
        rest = (vp[:match.start()] + vp[match.end():]).strip()
        aud = match.group("aud")
        if len(rest.split()) < 2:
            return []
        return [(f"The audience is {aud}.\u0000{rest}", "audience-first"),
                (f"{rest}\u0000It is meant for {aud}.", "audience-last")]
    return []


# ---------------------------------------------------------------- sentences

_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z\ue000-\uf8ff])")
_ABBREVIATION = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|St|Prof|vs|etc|e\.g|i\.e|Jr|Sr|No)\.$")
_REFERS_BACK = re.compile(r"\b(?:it|its|this|that|these|those|them|they|above|following|below|"
                          r"the text|the passage|the sentence|the paragraph|the story|the poem|"
                          r"the article|the list)\b", re.I)


def _sentences(text: str, masked: Optional["_Masked"] = None) -> list[str]:
    if masked is not None:  # a quoted sentence ends a sentence too: '"Quote." What do you think?'
        text = re.sub("([\ue000-\uf8ff])\\s+(?=[A-Z\ue000-\uf8ff])",
                      lambda m: m.group(1) + ("\u0001" if masked.ends_sentence(m.group(1)) else " "),
                      text)
        return [s for part in text.split("\u0001") for s in _sentences(part)]
    parts: list[str] = []
    for piece in _SPLIT.split(text):
        if parts and _ABBREVIATION.search(parts[-1]):
            parts[-1] += " " + piece
        else:
            parts.append(piece)
    return [part.strip() for part in parts if part.strip()]


def _split_conjunction(vp: str) -> Optional[tuple[str, str]]:
    match = re.search(r"(?:,? and then|, and|, then) (?P<second>\w+)\b", vp)
    if not match or match.group("second").lower() not in _lexicon()["verbs"]:
        return None
    first, second = vp[:match.start()].strip(), vp[match.start("second"):].strip()
    if "then" in match.group(0):
        second = "then " + second
    if len(first.split()) < 3 or len(second.split()) < 2:
        return None
    return first, second


# ---------------------------------------------------------------- assembling


def rewrites(task: str, protected: Sequence[tuple[int, int]] = ()) -> list[Rewrite]:
    """Every rewrite of `task` we can vouch for (deterministic order); [] when none."""
    masked = _Masked(task, protected)
    head, newline, tail = masked.text.partition("\n")
    head_stripped = head.strip()
    sentences = _sentences(head_stripped, masked)
    index, request = next(((i, r) for i, r in ((i, _parse(s)) for i, s in enumerate(sentences))
                           if r is not None), (None, None))
    if request is None or index is None:
        return []
    if not request.end and _MASKED.match(request.vp[-1:]) and masked.ends_sentence(request.vp[-1]):
        request = _Request(request.kind, request.vp, "quoted", request.lead)
    before, after = sentences[:index], sentences[index + 1:]
    candidates: list[tuple[list[str], tuple[str, ...]]] = []

    for body, operations in _bodies(request, masked):
        pre, main, post = _place_pieces(body)
        for sentence, frame in _frames_for(request, main):
            ops = (frame,) + operations
            lead = [_cap(request.lead) + "."] if request.lead else []
            candidates.append((before + lead + pre + [sentence] + post + after, ops))
            if request.lead and not _REFERS_BACK.search(main):
                candidates.append((before + pre + [sentence] + post + lead + after,
                                   ops + ("context-after",)))
            if before and not request.lead and not pre and _movable(before) \
                    and request.kind != "question" and not _REFERS_BACK.search(main):
                candidates.append((pre + [sentence] + post + before + after, ops + ("context-after",)))

    split = _split_conjunction(request.vp) if request.kind != "question" else None
    if split:
        first, second = split
        for sentence, frame in _frames_for(request, first):
            candidates.append((before + [sentence, _cap(second) + "."] + after, (frame, "split")))
    if after and request.kind == "imperative" and request.end == "." and not request.lead:
        following = _parse(after[0])
        if following and following.kind == "imperative" and following.end == "." and \
                len(request.vp.split()) + len(following.vp.split()) <= 24:
            joined = f"{_cap(request.vp)} and {following.vp}."
            candidates.append((before + [joined] + after[1:], ("join",)))

    original = " ".join(head_stripped.split())
    seen: set[str] = set()
    out: list[Rewrite] = []
    for sentences_out, operations in candidates:
        new_head = " ".join(sentence.strip() for sentence in sentences_out if sentence.strip())
        # Only what we wrote is held to our standards; the original's own sentences stay as
        # they are (a missing final stop, say).
        changed = [s.strip() for s in sentences_out if s.strip() and s.strip() not in sentences]
        if " ".join(new_head.split()) == original or not all(_well_formed(s) for s in changed):
            continue
        text = masked.restore(_leading_space(head) + new_head + newline + tail)
        if text in seen or not _keeps(task, text, masked.pieces) or any(
                match.group(0)[0] + match.group(0)[-1] not in _quote_marks(task)
                for s in changed for match in _QUOTE_THEN_MARK.finditer(masked.restore(s))):
            continue
        seen.add(text)
        out.append(Rewrite(text, operations))
    return out


def rewrite(task: str, protected: Sequence[tuple[int, int]], rng: Any,
            avoid: Iterable[str] = ()) -> Optional[Rewrite]:
    """One rewrite chosen with `rng` (a random.Random), avoiding texts in `avoid`; None if none.

    Deep rewrites come first: one that keeps the first sentence word for word after its
    first word (a verb swap, "Please …") is only chosen when nothing else is possible.
    """
    avoided = set(avoid)
    options = [option for option in rewrites(task, protected) if option.text not in avoided]
    if not options:
        return None
    deep = [option for option in options if not shallow(task, option.text)]
    pool = deep or options
    return pool[rng.randrange(len(pool))]


def shallow(task: str, text: str) -> bool:
    """Whether `text` still holds the task's first sentence after its first word, verbatim."""
    first = _sentences(" ".join(task.split("\n", 1)[0].split()))
    words = first[0].split()[1:] if first else []
    tail = " ".join(words).lower()
    return len(tail) > 20 and tail in " ".join(text.lower().split())


def _bodies(request: _Request, masked: _Masked) -> list[tuple[str, tuple[str, ...]]]:
    """The verb phrase as it is and with one or two wording changes (verb, synonym, topic,
    audience); a \\0 separates a sentence placed before or after the request."""
    if request.kind in ("question",):
        return [(request.vp, ())]
    vp = request.vp
    out: list[tuple[str, tuple[str, ...]]] = [(vp, ())]
    if request.kind == "need-np":
        out.extend((new, (op,)) for new, op in _synonym_swaps(vp))
        return out
    verbs = _verb_swaps(vp)
    synonyms = _synonym_swaps(vp)
    out.extend((new, (op,)) for new, op in verbs)
    out.extend((new, (op,)) for new, op in synonyms)
    for new, op in synonyms[:3]:
        out.extend((newer, (op, op2)) for newer, op2 in _verb_swaps(new)[:2])
    for base, ops in list(out):
        out.extend((moved, ops + (op,)) for moved, op in _topic_first(base, masked))
        out.extend((moved, ops + (op,)) for moved, op in _audience_moved(base, masked))
    return out


def _place_pieces(body: str) -> tuple[list[str], str, list[str]]:
    """Split 'intro\\0vp' or 'vp\\0outro' into the side sentence and the verb phrase."""
    if "\u0000" not in body:
        return [], body, []
    first, second = body.split("\u0000", 1)
    if first.endswith("."):
        return [first], second, []
    return [], first, [second]


def _frames_for(request: _Request, vp: str) -> list[tuple[str, str]]:
    frames = _frames(_Request(request.kind, vp, request.end, request.lead))
    if not request.front:
        return frames
    return [(request.front + ", " + (sentence if re.match(r"I\b", sentence) else _lower_first(sentence)),
             name) for sentence, name in frames]


def _movable(sentences: Sequence[str]) -> bool:
    """Context sentences can go after the request when they are plain statements."""
    return all(s.endswith(".") and not _REFERS_BACK.search(s) and _parse(s) is None
               for s in sentences)


def _leading_space(text: str) -> str:
    return text[:len(text) - len(text.lstrip())]


_QUOTE_THEN_MARK = re.compile(r"[.!?][\"”'’][?.]")


def _quote_marks(text: str) -> set[str]:
    """The 'mark inside, mark outside' pairs a text already uses after a quotation ('.?')."""
    return {m.group(0)[0] + m.group(0)[-1] for m in _QUOTE_THEN_MARK.finditer(text)}


def _well_formed(text: str) -> bool:
    if "  " in text or " ," in text or " ." in text or ".." in text.replace("...", ""):
        return False
    if text[-1:] not in ".?!:" and not _MASKED.match(text[-1:]):
        return False
    return not re.search(r"\b(\w+) \1\b", text.lower())


def _keeps(original: str, text: str, pieces: Sequence[str]) -> bool:
    """Every protected piece is still there as often as before; quotes and brackets balance."""
    for piece in set(pieces):
        if text.count(piece) < original.count(piece):
            return False
    for mark in ('"', "(", ")", "[", "]", "“", "”", "*", "<<", ">>"):
        if text.count(mark) != original.count(mark):
            return False
    return True
