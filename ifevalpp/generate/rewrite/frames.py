"""The frames a request can be said in: the same verb phrase as an order, a wish, a question.

`frames_of(request)` lists (sentence, frame name) for every way to state a request:
imperative and statements of need, questions, a made thing asked for as such ("I'm
looking for a poem about …"), "I need help doing …", a question turned into a
request or an indirect question (rewrite/questions.py).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Optional

from ...wording.english import gerund
from ..phrase_tables import Known
from .lexicon import lexicon
from .questions import question_as_request, question_as_statement
from .request import Request, cap, lower_first

_KNOWN = Known("requests")
_EMBEDDED = re.compile(r":\s+\S")


def frames_of(request: Request, wide: bool = False) -> list[tuple[str, str]]:
    """(sentence, frame name) for every way to state this request; `wide` adds the longer
    frames only a family's second pass draws on (requests.json `_wide`)."""
    if request.end == "quoted":  # the sentence ends inside a quotation: no mark of our own
        plain = Request(request.kind, request.vp, ".", request.lead)
        return [(sentence[:-1], name) for sentence, name in frames_of(plain, wide)
                if sentence.endswith(".")]
    colon = request.end == ":"
    # "… comment on it: My aunt keeps bees." — a question mark would land on the
    # text after the colon, which is the user's, not ours.
    # "…, no other language is allowed" is a statement of its own: no question mark after it.
    asks_not = colon or bool(_EMBEDDED.search(request.vp)) or \
        bool(_KNOWN.pattern("statement_tail").search(request.vp))
    out: list[tuple[str, str]] = []
    if request.kind == "question":
        # Said as a request or a statement ("Tell me how …"), or kept as it is: a stock
        # lead-in stacked on a question ("Quick question: …", "I have a question: …") is what
        # a reader spots recurring across prompts.
        return question_as_request(request.vp) + question_as_statement(request.vp)
    if request.kind == "need-np":
        np = request.vp
        frames = _unmade(np, _thing_frames(asks_not, wide))
        return [(_end(frame.format(np=np), colon), "need") for frame in frames]
    vp = request.vp
    values = {"vp": vp, "Vp": cap(vp), "ving": _gerund_phrase(vp)}
    if _KNOWN.pattern("bare_help").match(vp) and not asks_not:
        # "Can you help me?" stays a question: "Help me." or "I want you to help me." before
        # what the help is reads curt (read AFB).
        return [(frame.format(**values), "request") for frame in _KNOWN.frames("question")]
    for frame in _KNOWN.frames("statement") + (_KNOWN.frames("statement_wide") if wide else ()):
        kind = "imperative" if frame.startswith(("{Vp}", "Please")) else "need"
        out.append((_end(frame.format(**values), colon), kind))
    if not asks_not:
        compound = second_verb(vp)
        questions = _KNOWN.frames("question") + (_KNOWN.frames("question_wide") if wide else ())
        out.extend((frame.format(**values), "request") for frame in questions
                   if not (compound and "{ving}" in frame))
    np = _made_object(vp)
    if np and re.search(r"\byour\b", np, re.IGNORECASE):
        np = None  # "Could I get a letter to your friend?": the piece is the writer's, not mine
    if np and _paid_to_someone(np):
        np = None  # "Can you give me a compliment to Kruger?": it is Kruger's, not mine
    if np:
        frames = _unmade(np, _thing_frames(asks_not, wide))
        out.extend((_end(frame.format(np=np), colon), "need") for frame in frames)
    helped = _KNOWN.pattern("help_me").match(vp)
    if helped and helped.group("verb") in lexicon()["verbs"] and not second_verb(vp):
        # "help me make an advert …" -> "I need help making an advert …"
        doing = gerund(helped.group("verb")) + helped.group("rest")
        out.extend((_end(frame.format(doing=doing), colon), "need") for frame in _KNOWN.frames("help")
                   if not (asks_not and frame.endswith("?")))
    return out


def _unmade(np: str, frames: tuple[str, ...]) -> tuple[str, ...]:
    """`frames` without "put together" where the thing is not put together: two alternatives
    or a name are given, a freestyle is made up, and a short piece is written ("Could you put
    together a joke involving Zoe …?", read CKP)."""
    if set(re.findall(r"[a-z-]+", np.lower())[:6]) & (
            lexicon()["not_composed"] | lexicon()["unwritten"] |
            lexicon()["refused_objects"].get("put together", frozenset())):
        return tuple(frame for frame in frames if "put together" not in frame)
    return frames


def _thing_frames(asks_not: bool, wide: bool) -> tuple[str, ...]:
    """The frames that ask for a made thing as such ("I'm looking for a poem …"): no question
    where the request must not end on a question mark."""
    frames = _KNOWN.frames("thing") + (_KNOWN.frames("thing_wide") if wide else ())
    return frames + (() if asks_not else _KNOWN.frames("thing_question"))


def _paid_to_someone(np: str) -> bool:
    """Whether the thing asked for is paid to someone its "to …" names ("a compliment to
    Kruger")."""
    words = re.findall(r"[a-z]+", np.lower())
    return any(word in _KNOWN.words("paid_to") and "to" in words[at + 1:at + 2]
               for at, word in enumerate(words))


def _end(sentence: str, colon: bool) -> str:
    return sentence[:-1] + ":" if colon and sentence.endswith(".") else sentence


def second_verb(vp: str) -> bool:
    """Whether the phrase holds a second request ('write a poem and explain it')."""
    return any(word.lower() in lexicon()["verbs"]
               for word in _KNOWN.pattern("second_request").findall(vp))


def _gerund_phrase(vp: str) -> str:
    verb, _, rest = vp.partition(" ")
    return gerund(verb) + (" " + rest if rest else "")


def _made_object(vp: str) -> Optional[str]:
    """'write a poem about X' -> 'a poem about X'; None when the object is not a made thing
    or a second verb follows ('write a poem and explain it' needs its verbs)."""
    if second_verb(vp) or _KNOWN.pattern("manner_adverbial").search(vp):
        # "summarize … in a funny way" says how to write: "I'm looking for a summary … in a
        # funny way" hangs the manner on the summary (read BBR, 2034).
        return None
    if re.search(r",\s+[a-z]+ing\b", vp):
        # "Could I get a funny note to McQueen, using <br> to separate lines?": the participle
        # is the writer's, so the request keeps its verb (read CIN, 2628).
        return None
    determiners = _KNOWN.text("determiners")
    for verb in lexicon()["making"]:
        match = re.match(rf"^{re.escape(verb)}(?: me| us)? (?P<np>{determiners} .+)$", vp)
        if match:
            return match.group("np")
    return None


def _no_wish_twice(frames: list[tuple[str, str]], vp: str) -> list[tuple[str, str]]:
    """The frames that add no wish the request says itself: "I would like an amusing poem
    about a product that you would like to sell." says "would like" twice (read BBW)."""
    said = Counter(re.findall(r"[a-z]+", vp.lower()))
    wishes = [word for word in _KNOWN.words("wish_verbs") if said[word]]
    if not wishes:
        return frames
    return [(sentence, name) for sentence, name in frames
            if all(Counter(re.findall(r"[a-z]+", sentence.lower()))[word] <= said[word]
                   for word in wishes)]


def frames_for(request: Request, vp: str, wide: bool = False) -> list[tuple[str, str]]:
    frames = _no_wish_twice(frames_of(Request(request.kind, vp, request.end, request.lead), wide),
                            vp)
    if vp.split(" ", 1)[0].lower() in _KNOWN.words("role_play_verbs"):
        # "Imagine you're a 19 year old …" sets a scene; "Would you mind imagining …?" puts
        # the request on the scene, not on the task that follows.
        frames = [(sentence, name) for sentence, name in frames if name == "imperative"
                  and not sentence.startswith("Please")]
    if not request.front:
        return frames
    if not _KNOWN.pattern("for_front").match(request.front):
        return [(request.front + ", " + (sentence if re.match(r"I\b", sentence) else
                                         lower_first(sentence)), name)
                for sentence, name in frames]
    # "For a bunch of students, write …" keeps its front before a plain command; before a
    # question or a wish ("For a bunch of students, would you draft …?") it reads awkwardly,
    # so there it goes to the end of the request.
    moved = frames_of(Request(request.kind, vp + " " + lower_first(request.front),
                              request.end, request.lead), wide)
    return [(request.front + ", " + lower_first(sentence), name) for sentence, name in frames
            if not _asks(sentence)] + [(sentence, name) for sentence, name in moved
                                       if _asks(sentence)]


def _asks(sentence: str) -> bool:
    """Whether a framed request is a question or a wish of the writer's ("Could you …?",
    "I'd like you to …"), not a plain command."""
    return sentence.rstrip().endswith("?") or bool(re.match(r"I\b", sentence))
