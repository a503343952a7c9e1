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

from ...wording.english import gerund, third_person
from ...constraints.support.wording import load_json


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


def last_sentence_asks(task: str) -> bool:
    """Whether the task's last sentence is a request (imperative, "could you …", "I need …"),
    the only kind a requirement may be joined onto."""
    masked = _Masked(task, ())
    sentences = _sentences(masked.text.strip(), masked)
    if not sentences:
        return False
    request = _parse(sentences[-1])
    # Not onto a question, nor onto "I would like a haiku" ("… and respond in Thai").
    return request is not None and request.kind in ("imperative", "request", "need")


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
_HELP_FRAMES = ("I need help {doing}.", "I'd like some help {doing}.",
                "Could you give me a hand {doing}?", "I could use some help {doing}.",
                "Can you lend me a hand {doing}?")
_ASK_FRAMES = ("Here is my question: {q}", "Quick question: {q}", "I have a question: {q}",
               "Something I have been wondering: {q}", "I'd like to know this: {q}",
               "My question is this: {q}", "Could you answer this for me: {q}",
               "Here's something I've been wondering about: {q}")


def _frames(request: _Request) -> list[tuple[str, str]]:
    """(sentence, frame name) for every way to state this request."""
    if request.end == "quoted":  # the sentence ends inside a quotation: no mark of our own
        plain = _Request(request.kind, request.vp, ".", request.lead)
        return [(sentence[:-1], name) for sentence, name in _frames(plain) if sentence.endswith(".")]
    colon = request.end == ":"
    out: list[tuple[str, str]] = []
    if request.kind == "question":
        deep = _question_as_request(request.vp) + _question_as_statement(request.vp)
        if deep or re.match(r"(?i)(?:can|could|would|will) you\b", request.vp):
            # A lead-in stacked on a question ("A question for you: Can you …?") is only a
            # last resort: it keeps the question word for word.
            return deep
        return [(frame.format(q=request.vp + "?"), "ask-frame") for frame in _ASK_FRAMES]
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
    helped = re.match(r"help me (?:to )?(?P<verb>[a-z]+)\b(?P<rest>.*)$", vp)
    if helped and helped.group("verb") in _lexicon()["verbs"] and not _second_verb(vp):
        # "help me make an advert …" -> "I need help making an advert …"
        doing = gerund(helped.group("verb")) + helped.group("rest")
        out.extend((_end(frame.format(doing=doing), colon), "need") for frame in _HELP_FRAMES
                   if not (colon and frame.endswith("?")))
    return out


# Questions that say the same as a request: "What is the best way to X?" -> "Tell me the best
# way to X."; "What is the difference between A and B?" -> "Explain the difference …";
# "How can I X?" -> "Tell me how I can X."; "How do I X?" -> "Tell me how to X."
_WHAT_NP = re.compile(r"^what(?:'s|’s| is| are) (?P<np>(?:the|a|an|some|another) .+)$", re.I)
# "What is multivariate analysis?": a bare term of up to four plain words, asked to define.
_WHAT_TERM = re.compile(r"^what (?P<verb>is|are) (?P<term>[a-z][a-z-]*(?: [a-z][a-z-]*){0,3})$", re.I)
_HOW_TO = re.compile(r"^how to (?P<rest>[a-z].+)$", re.I)
_DIFFERENCE = re.compile(r"^what(?:'s|’s| is) the difference between (?P<rest>.+)$", re.I)
_HOW_MODAL = re.compile(r"^how (?P<modal>can|should|could|would) (?P<subject>I|we) (?P<rest>.+)$",
                        re.I)
_HOW_DO = re.compile(r"^how (?:do|does) (?:I|we|one) (?P<rest>.+)$", re.I)
_ENDS_IN_PARTICLE = re.compile(r"\b(?:for|about|of|to|with|in|on|at|from|by|up|like|into)$", re.I)
_TELL = ("Tell me {x}.", "I'd like to know {x}.", "Please tell me {x}.", "Could you tell me {x}?",
         "I want to find out {x}.")


_ANY_ADVICE = re.compile(r"^do you have any (?P<what>advice|tips|suggestions|recommendations?|"
                         r"ideas|thoughts)(?P<rest>(?: (?:on|for|about) .+)?)$", re.I)


def _question_as_request(question: str) -> list[tuple[str, str]]:
    match = _ANY_ADVICE.match(question)
    if match:
        what, rest = match.group("what").lower(), match.group("rest")
        if what == "recommendation":
            what = "recommendations"
        return [(f"Could you give me some {what}{rest}?", "question-to-request"),
                (f"I'd welcome any {what}{rest}.", "question-to-request"),
                (f"What {what} would you give me{rest}?", "question-to-request"),
                (f"Please share any {what} you have{rest}.", "question-to-request")]
    if _ENDS_IN_PARTICLE.search(question) or re.search(
            r"\b(?:is|are|was|were|does|did)\b|(?<!\bto )\bdo\b",  # "things to do" is no verb
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
        if re.match(r"(?:a|an) ", np):
            # "What is a lattice?" asks for a definition: "Tell me what a lattice is."
            verb = "are" if re.match(r"(?i)what(?: are)", question) else "is"
            np = f"what {np} {verb}"
        return [(frame.format(x=np), "question-to-request") for frame in _TELL]
    match = _WHAT_TERM.match(question)
    if match and not set(match.group("term").lower().split()) & (_FUNCTION_WORDS | _AUX | _WH):
        clause = f"what {match.group('term')} {match.group('verb').lower()}"
        return [(frame.format(x=clause), "question-to-request") for frame in _TELL]
    match = _HOW_TO.match(question)
    if match:
        return [(frame.format(x=f"how to {match.group('rest')}"), "question-to-request")
                for frame in _TELL]
    match = _HOW_MODAL.match(question)
    if match:
        clause = f"how {match.group('subject')} {match.group('modal').lower()} {match.group('rest')}"
        return [(frame.format(x=clause), "question-to-request") for frame in _TELL]
    match = _HOW_DO.match(question)
    if match:
        clause = f"how to {match.group('rest')}"
        return [(frame.format(x=clause), "question-to-request") for frame in _TELL]
    return []


# A question said as a statement: the question turned into an indirect one ("Is it safe to
# swim here?" -> "Tell me whether it is safe to swim here."; "What happened in 1066?" ->
# "I'd like to know what happened in 1066."). Word order is only undone where the subject is
# certain: a pronoun, a masked name, or a short noun phrase that ends where a predicate
# plainly begins; "do" is dropped before a subject that takes the base verb.
_AUX = frozenset({"is", "are", "was", "were", "can", "could", "should", "would", "will", "do",
                  "does", "has", "have", "may", "might", "must"})
_PRONOUN_SUBJECTS = frozenset({"it", "this", "that", "there", "i", "we", "you", "they", "he",
                               "she", "these", "those"})
_SUBJECT_DETERMINERS = frozenset({"the", "a", "an", "my", "our", "your", "his", "her", "their",
                                  "this", "these", "those", "that"})
# Words that open a predicate after a be-verb ("Is the tomato *a* fruit?"); a preposition or
# a verb form is not among them, so "Are the days in June long?" is left alone.
_PREDICATE_START = frozenset({"a", "an", "the", "one", "really", "actually", "still", "ever",
                              "always", "usually", "very", "too", "more", "less", "so", "good",
                              "bad", "better", "worse", "safe", "true", "possible", "real",
                              "healthy", "ethical", "legal", "necessary", "important", "worth",
                              "considered", "any", "not", "some", "all", "generally", "truly",
                              "technically", "best", "harmful", "dangerous", "useful"})
_FUNCTION_WORDS = frozenset({"in", "on", "at", "of", "for", "to", "from", "with", "by", "about",
                            "and", "or", "but", "than", "as", "into", "during", "without",
                            "over", "under", "between", "who", "which", "that", "when", "where",
                            "if", "is", "are", "was", "were", "be", "been", "not"})
_IRREGULAR_PAST = frozenset({"won", "made", "began", "wrote", "came", "became", "went", "led",
                             "took", "built", "found", "gave", "brought", "fought", "sank", "ran",
                             "told", "said", "held", "left", "lost", "got", "drove", "rose",
                             "fell", "broke", "chose", "threw", "grew", "knew", "saw", "taught"})
_WH = frozenset({"what", "why", "how", "who", "where", "when", "which"})
_WH_SUBJECT_VERB = re.compile(r"^(?:what|who|which) (?!(?:is|are|was|were|do|does|did|can|could|"
                              r"should|would|will|has|have|may|might|must|many|much|kind|sort|"
                              r"type|one|of)\b)(?:[a-z]+(?:ed|s)|happens|causes)\b", re.I)
_YES_NO_FRAMES = ("Tell me whether {c}.", "I'd like to know whether {c}.",
                  "I'm trying to work out whether {c}.", "Can you tell me whether {c}?",
                  "I want to know if {c}.", "I've been wondering whether {c}.",
                  "Could you tell me if {c}?", "Do you think {c}?", "Would you say {c}?",
                  "I'm curious whether {c}.")
_WH_FRAMES = ("Tell me {c}.", "I'd like to know {c}.", "Can you tell me {c}?",
              "I've been wondering {c}.", "I want to find out {c}.", "Could you explain {c}?",
              "Please tell me {c}.")


def _subject_length(words: Sequence[str]) -> Optional[int]:
    """How many of `words` (what follows the auxiliary) form its subject, when certain."""
    if not words:
        return None
    first = words[0].lower()
    if first in _PRONOUN_SUBJECTS or _MASKED.fullmatch(words[0]):
        return 1
    if first in _SUBJECT_DETERMINERS:
        for length in range(2, min(4, len(words) - 1) + 1):
            if words[length].lower() in _PREDICATE_START:
                tail = words[1:length]
                if all(re.fullmatch(r"[a-z][a-z-]*", word) and word not in _FUNCTION_WORDS
                       and word not in _PREDICATE_START for word in tail):
                    return length
    return None


def _embed(aux: str, words: Sequence[str], be_only: bool = False) -> Optional[str]:
    """'aux subject rest' as a clause in statement order ('subject aux rest'), or None."""
    aux_lower = aux.lower()
    if be_only and aux_lower not in ("is", "are", "was", "were"):
        return None
    length = 1 if aux_lower == "do" else _subject_length(words)
    if length is None or len(words) <= length:
        return None
    subject = list(words[:length])
    if subject[0].lower() != "i" and not _MASKED.fullmatch(subject[0]):
        subject[0] = subject[0].lower()
    rest = list(words[length:])
    head = subject[0].lower()
    if aux_lower == "do":
        return " ".join(subject + rest)
    if aux_lower == "does":
        if head not in ("it", "he", "she", "this", "that") and not _MASKED.fullmatch(subject[0]):
            return None
        if not re.fullmatch(r"[a-z]+", rest[0]) or rest[0] in _AUX or rest[0] == "not":
            return None
        return " ".join(subject + [third_person(rest[0])] + rest[1:])
    if head == "you" and aux_lower in ("is", "was"):
        return None
    return " ".join(subject + [aux_lower] + rest)


def _question_as_statement(question: str) -> list[tuple[str, str]]:
    """An indirect question for a direct one, where the word order can be undone safely."""
    if re.search(r"[?:;\"“]", question) or "\u0000" in question:
        return []
    words = question.split()
    if len(words) < 3:
        return []
    first = words[0].lower()
    frames: Sequence[str] = ()
    clause = None
    if first in _AUX:
        if words[1].lower() == "you" and first in ("can", "could", "would", "will", "do"):
            return []  # "Can you …?", "Do you have any advice?": requests, said elsewhere
        clause = _embed(words[0], words[1:], be_only=first not in ("do", "does") and
                        words[1].lower() not in _PRONOUN_SUBJECTS and
                        not _MASKED.fullmatch(words[1]))
        if clause is not None:
            frames = _YES_NO_FRAMES
            if words[1].lower() in ("you", "i"):
                frames = tuple(f for f in frames if not f.startswith(("Do you", "Would you")))
    elif first in _WH:
        if _WH_SUBJECT_VERB.match(question) or (first in ("who", "what") and
                                                 words[1].lower() in _IRREGULAR_PAST):
            clause = first + " " + " ".join(words[1:])
        elif words[1].lower() in _AUX:
            inner = _embed(words[1], words[2:], be_only=False)
            if inner is not None:
                clause = first + " " + inner
        elif first in ("which", "what") and len(words) > 3 and words[2].lower() in _AUX and \
                re.fullmatch(r"[a-z]+", words[1]):
            inner = _embed(words[2], words[3:], be_only=False)
            if inner is not None:
                clause = first + " " + words[1] + " " + inner
        frames = _WH_FRAMES
        if first not in ("why", "how"):
            frames = tuple(f for f in frames if "explain" not in f)
    if clause is None:
        return []
    return [(frame.format(c=clause), "question-to-statement") for frame in frames]


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
    if re.match(r"(?:this|that|it|these|those|them)\b", rest):
        # "put together this" is not English: a particle verb keeps its pronoun inside.
        options = [option for option in options if " " not in option]
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
    from ...wording.english import indefinite_article

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


_PERSON = re.compile(r"\b(?:man|woman|men|women|boy|girl|person|people|named|called|who|friend|"
                     r"mother|father|mom|dad|brother|sister|wife|husband|son|daughter|king|queen|"
                     r"teacher|student|he|she|him|her|president|prime minister|mayor|ceo|"
                     r"boss|doctor|nurse|actor|actress|singer|artist|player|coach|chef|"
                     r"grandmother|grandfather|grandma|grandpa|uncle|aunt|cousin|baby|"
                     r"child|children|kid|kids|girlfriend|boyfriend|neighbou?r)\b", re.I)


def _languages() -> frozenset[str]:
    from ...constraints.support.languages import NAMES_IN_PROMPTS

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
    if _PERSON.search(shown):
        return []  # "a man named Aarav … a riddle about it": a person is not an "it"
    if re.fullmatch(r"[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*", masked.restore(topic).strip()):
        return []  # a bare name ("Camilla") may be a person: "a riddle about it" would not do
    intros = (f"The topic is {topic}.", f"My topic is {topic}.", f"The subject is {topic}.")
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
    return list(_rewrites(task, tuple(sorted(set(map(tuple, protected))))))


@functools.lru_cache(maxsize=2048)
def _rewrites(task: str, protected: tuple[tuple[int, int], ...]) -> tuple[Rewrite, ...]:
    """`rewrites`, cached: every cousin of a case asks for the same task's rewrites."""
    masked = _Masked(task, protected)
    head, newline, tail = masked.text.partition("\n")
    head_stripped = head.strip()
    sentences = _sentences(head_stripped, masked)
    index, request = next(((i, r) for i, r in ((i, _parse(s)) for i, s in enumerate(sentences))
                           if r is not None), (None, None))
    if request is None or index is None:
        return ()
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
            if before and not request.lead and not pre:
                for context, how in _context_reworded(before, sentence):
                    candidates.append((context + post + after, ops + (how,)))

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

    follow = _follow_up(after[0], masked) if after else []
    if follow:
        # The sentence after the request said another way too ("Think out loud, then …" ->
        # "I'd like you to think out loud, then …"): a prompt of two short sentences moves
        # further from its original than a new frame on the first alone.
        for sentences_out, operations in list(candidates):
            position = len(sentences_out) - len(after)
            if sentences_out[position:] != after:
                continue
            opening = sentences_out[position - 1] if position else ""
            options = [text for text in follow
                       if not (text.startswith("Please") and "please" in opening.lower())]
            for pick in options:
                candidates.append((sentences_out[:position] + [pick] + after[1:],
                                   operations + ("follow-up",)))

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
    return tuple(out)


SIBLING_DRAWS = 8


def rewrite(task: str, protected: Sequence[tuple[int, int]], rng: Any,
            avoid: Iterable[str] = (), siblings: Sequence[str] = ()) -> Optional[Rewrite]:
    """One rewrite chosen with `rng` (a random.Random), avoiding texts in `avoid`; None if none.

    Deep rewrites come first: one that keeps the first sentence word for word after its
    first word (a verb swap, "Please …") is only chosen when nothing else is possible. With
    `siblings` (prompts of the family so far), of a few drawn the one furthest from its
    nearest sibling is kept, so a short request does not come back in the same frame.
    """
    avoided = set(avoid)
    options = [option for option in rewrites(task, protected) if option.text not in avoided]
    if not options:
        return None
    deep = [option for option in options if not shallow(task, option.text)]
    pool = deep or options
    if not siblings or len(pool) == 1:
        return pool[rng.randrange(len(pool))]
    from ..distance import normalized_distance

    drawn = [pool[rng.randrange(len(pool))] for _ in range(SIBLING_DRAWS)]
    heads = [sibling[:len(task) + 200] for sibling in siblings]
    return max(drawn, key=lambda option: min(normalized_distance(option.text, head)
                                             for head in heads))


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


# A context sentence in the first person that can become a "since" clause or be joined to
# the next one: a plain statement, not a request, a question or a clause with its own link.
_FIRST_PERSON = re.compile(r"^(?:I|We|My|Our)\b(?!'d like| would like| want you| need you)")
_PRONOUN_START = re.compile(r"^(?:I|We|My|Our|They|He|She)\b(?!'d like| would like| want you| need you)")
_JOINABLE_SECOND = re.compile(r"^(?:I|We|My|Our|He|She|They|It|His|Her|Their|Each|Every)\b")
_OWN_LINK = re.compile(r"\b(?:because|since|so|but|although|though|however|therefore|if|"
                       r"unless|while|whereas)\b|[;:]", re.I)
# Request frames a "since" clause can open: "Since I …, could you …?"
_SINCE_MAIN = re.compile(r"(?:Could|Can|Would) you\b|I(?:'d| would) like you\b|I (?:need|want) you\b")
# Request frames a context sentence can be joined to with "and": "…, and I'd like you to …"
_AND_MAIN = re.compile(r"I(?:'d| would) like you to\b|I (?:need|want) you to\b")
_FOLLOW_FRAMES = ("Please {vp}.", "I'd like you to {vp}.", "Be sure to {vp}.",
                  "Remember to {vp}.", "I want you to {vp}.", "Make sure to {vp}.")


def _plain_statement(sentence: str) -> bool:
    return (sentence.endswith(".") and "?" not in sentence and _parse(sentence) is None
            and len(sentence.split()) <= 30 and not _OWN_LINK.search(sentence))


def _context_reworded(before: Sequence[str], sentence: str) -> list[tuple[list[str], str]]:
    """The context sentences before the request reworded with it: the last one turned into a
    'since' clause of the request ("Since I am moving to Lisbon, could you …?") or joined to
    it ("…, and I'd like you to …"), a compound
    one split ("I work for Grid. They want a tweet."), or the last two joined ("I love this
    album, and I want to share it with Luheng."); a split may be followed by either."""
    out: list[tuple[list[str], str]] = []
    bases: list[tuple[list[str], tuple[str, ...]]] = [(list(before), ())]
    last = before[-1]
    split = re.match(r"^(?P<first>[^,]{12,}), and (?P<second>(?:I|we|they|he|she|my|our|it)\b"
                     r"[^,]{8,})\.$", last)
    if split and _plain_statement(split.group("first") + ".") and \
            _plain_statement(split.group("second") + "."):
        second = split.group("second")
        pieces = list(before[:-1]) + [split.group("first") + ".", _cap(second) + "."]
        out.append((pieces + [sentence], "context-split"))
        bases.append((pieces, ("context-split",)))
    for pieces, done in bases:
        last = pieces[-1]
        if _PRONOUN_START.match(last) and _plain_statement(last) and "," not in last and \
                _SINCE_MAIN.match(sentence) and ":" not in sentence:
            clause = last[:-1] if last.startswith(("I ", "I'")) else _lower_first(last[:-1])
            main = sentence if sentence.startswith(("I ", "I'")) else _lower_first(sentence)
            for link in ("Since", "As"):
                out.append((pieces[:-1] + [f"{link} {clause}, {main}"],
                            "+".join(done + ("context-since",))))
        if _plain_statement(last) and "," not in last and len(last.split()) <= 20 and \
                _AND_MAIN.match(sentence) and ":" not in sentence:
            # "Titan makes clothing for large men, and I'd like you to write an ad for it."
            out.append((pieces[:-1] + [f"{last[:-1]}, and {sentence}"],
                        "+".join(done + ("context-and",))))
        if len(pieces) >= 2 and not done:
            first, second = pieces[-2], pieces[-1]
            if _plain_statement(first) and _plain_statement(second) and \
                    _JOINABLE_SECOND.match(second) and "," not in first:
                tail = second if re.match(r"I\b", second) else _lower_first(second)
                out.append((pieces[:-2] + [f"{first[:-1]}, and {tail}", sentence],
                            "context-joined"))
    return out


def _follow_up(sentence: str, masked: "_Masked") -> list[str]:
    """Other ways to say an imperative sentence that follows the request."""
    request = _parse(sentence)
    if request is None or request.kind != "imperative" or request.lead or request.front:
        return []
    frames = _FOLLOW_FRAMES
    if sentence.lower().startswith(("please", "kindly")):
        frames = ("{Vp}.",) + tuple(frame for frame in frames if not frame.startswith("Please"))
    if request.end in (".", ":"):
        return [frame.format(vp=request.vp, Vp=_cap(request.vp))[:-1] + request.end
                for frame in frames]
    if request.end == "" and (re.search(r"[.!?][\"”]$", masked.restore(sentence)) or (
            _MASKED.match(sentence[-1:]) and masked.ends_sentence(sentence[-1]))):
        # It ends inside a quotation ('… "My answer is maybe."'): no stop of our own after it.
        return [frame.format(vp=request.vp, Vp=_cap(request.vp))[:-1] for frame in frames]
    return []


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
    if text[-1:] not in ".?!:" and not _MASKED.match(text[-1:]) and \
            not re.search("[.!?\ue000-\uf8ff][\"”]$", text):
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
