"""The sentences around the request said another way too: the context before it turned into a
"since" clause or joined to it, a compound one split, the sentence after it reframed."""

from __future__ import annotations

import functools
import re
from typing import Optional, Sequence

from ..phrase_tables import Known, frame_openings_table, table
from .masking import MASKED, Masked
from ...wording.english import third_person
from .request import Request, cap, lower_first, parse, starts_with_verb
from .lexicon import lexicon
from .sentences import refers_back

_KNOWN = Known("requests")


@functools.lru_cache(maxsize=1)
def _asks() -> re.Pattern[str]:
    """A sentence that opens with a request frame ("I was hoping you could help me out …")."""
    return re.compile(rf"(?i)^(?:{frame_openings_table().alternation('request')})\b")


def _plain_statement(sentence: str) -> bool:
    return (sentence.endswith(".") and "?" not in sentence and parse(sentence) is None
            and len(sentence.split()) <= 30 and not _KNOWN.pattern("own_link").search(sentence)
            # A phrase set as a sentence, no clause ("Given the sentence "…"."): joined on,
            # it would read "Given the sentence "…", and I'd like you to …".
            and not _KNOWN.pattern("phrase_opening").match(sentence))


@functools.lru_cache(maxsize=1)
def _checking() -> re.Pattern[str]:
    """A verb phrase that is itself a "make sure" or "remember" frame ("make sure that …")."""
    return re.compile(rf"(?i)(?:{frame_openings_table().alternation('make sure', 'remember')})\b")


def context_reworded(before: Sequence[str], sentence: str) -> list[tuple[list[str], str]]:
    """The context sentences before the request reworded: a compound one split ("I work for
    Grid. They want a tweet."), or the last two joined ("I love this album, and I want to
    share it with Luheng."). Never spliced onto the request itself ("Since I'm a new puppy
    owner and …, I want you to help me."; "…, and I'd like you to …"): a strict read finds
    those stitched."""
    out: list[tuple[list[str], str]] = []
    bases: list[tuple[list[str], tuple[str, ...]]] = [(list(before), ())]
    last = before[-1]
    split = _KNOWN.pattern("compound_context").match(last)
    if split and _plain_statement(split.group("first") + ".") and \
            _plain_statement(split.group("second") + "."):
        second = split.group("second")
        pieces = list(before[:-1]) + [split.group("first") + ".", cap(second) + "."]
        out.append((pieces + [sentence], "context-split"))
        bases.append((pieces, ("context-split",)))
    for pieces, done in bases:
        last = pieces[-1]
        if len(pieces) >= 2 and not done:
            first, second = pieces[-2], pieces[-1]
            # Never onto an ask the parser does not take for the task: "I was hoping you could
            # help me out with a few things, and I wish to learn …" (read FB).
            if _plain_statement(first) and _plain_statement(second) and \
                    _KNOWN.pattern("joinable_second").match(second) and "," not in first \
                    and not _asks().match(first):
                tail = second if re.match(r"I\b", second) else lower_first(second)
                out.append((pieces[:-2] + [f"{first[:-1]}, and {tail}", sentence],
                            "context-joined"))
    return out


def _head(subject: str, wide: bool = False) -> str:
    """A subject's head noun: its last word; `wide`, its last word before a preposition
    ("letters" of "All letters in your response", "one" of "One of the comments";
    "paragraph" of "Paragraph 2", the number masked)."""
    if not wide:
        return subject.split()[-1].lower()
    said = [word.lower() for word in subject.split() if word[:1].isalpha()]
    cut = next((position for position, word in enumerate(said)
                if position and word in _KNOWN.words("subject_prepositions")), len(said))
    return said[cut - 1] if said else ""


def _plural(subject: str, wide: bool = False) -> bool:
    """Whether a subject's head noun is plural ("the sentences", not "the business")."""
    head = _head(subject, wide)
    return head.endswith("s") and not head.endswith(("ss", "us", "is", "'s"))


@functools.lru_cache(maxsize=1)
def _piece_nouns() -> frozenset[str]:
    """The last word of every genre's noun ("letter" of "cover letter"), with the parts of a
    piece and the pronouns that may stand for it."""
    from ..tasks import catalogue

    return frozenset(genre.noun.split()[-1].lower() for genre in catalogue().genres) | \
        _KNOWN.words("piece_parts") | _KNOWN.words("pronoun_subjects")


def _of_the_piece(subject: str, wide: bool = False) -> bool:
    """Whether a statement's subject is the piece, the answer or a part of it ("The poem",
    "Your sentences", "It"), not a thing the piece is about ("The ice cream")."""
    nouns = _piece_nouns()
    heads = {_head(subject), _head(subject, wide)}
    return any(head in nouns or head.rstrip("s") in nouns for head in heads)


def follow_up(sentence: str, masked: "Masked", wide: bool = False) -> list[str]:
    """Other ways to say an imperative sentence that follows the request ("Then show how
    to fix it." -> "After that, show how to fix it."), or a statement of what the piece must
    be ("The poem should rhyme." -> "I'd like the poem to rhyme."). `wide` (a family whose
    rephrasings came out too alike) knows more shapes, and says a statement with another
    modal too ("The letter needs to be …")."""
    modal = _KNOWN.pattern("modal_statement_wide" if wide else "modal_statement").match(sentence)
    if modal:
        return _modal_follow_up(modal, wide)
    said = _wide_follow_up(sentence) if wide else None
    if said is not None:
        return said
    sequence = _KNOWN.pattern("sequence_opening").match(sentence)
    if sequence:
        rest = sequence.group("rest")
        if rest.split()[0] in _KNOWN.words("pronoun_subjects") | \
                _KNOWN.words("subject_determiners"):
            return []  # "Then it gets harder." says what happens, asks nothing
        return [frame.format(rest=rest) for frame in _KNOWN.frames("follow_up_sequence")]
    if sentence.lower().startswith(tuple(_KNOWN.frames("permissions"))):
        return []  # "You can use any tone." allows; "Be sure to use any tone." orders
    request = parse(sentence) or (_statement_request(sentence) if wide else None)
    if request is None or request.kind != "imperative" or request.lead or request.front:
        return []
    frames = _KNOWN.frames("follow_up") + (_KNOWN.frames("follow_up_wide") if wide else ())
    if re.match(r"\w+ any\b", request.vp):
        # "Please, use any interesting tone." allows a choice: "Be sure to use any …" orders.
        frames = tuple(frame for frame in frames if frame.startswith("Please"))
    if _checking().match(request.vp):
        # "Make sure that no name repeats": no "Be sure to make sure …", nor a second frame
        # around it ("I'd like you to make sure to …").
        frames = tuple(frame for frame in frames if frame.startswith("Please"))
    if piece_about_it(request.vp):
        # "Write a Hindi poem about this." after the question it is about is the task itself:
        # "Make sure to write a Hindi poem about this" makes it a condition (read GB).
        frames = tuple(frame for frame in frames if not _checking().match(frame))
    if _KNOWN.words("answer_words") & set(request.vp.lower().split()) or \
            _names_the_piece(request.vp):
        # "In your answer, answer in capitals", "In your reply, give your final summary";
        # "In your answer, finish the song with: …": the song is the answer (read CII, 1893).
        frames = tuple(frame for frame in frames if not frame.startswith("In your"))
    verb = request.vp.split()[0].lower() if request.vp.split() else ""
    # "Make sure to make it a poem": no frame that opens with the sentence's own verb.
    frames = tuple(frame for frame in frames if frame.split()[0].lower() != verb)
    if sentence.lower().startswith(("please", "kindly")):
        frames = ("{Vp}.",) + tuple(frame for frame in frames if not frame.startswith("Please"))
    if request.end in (".", ":"):
        return [frame.format(vp=request.vp, Vp=cap(request.vp))[:-1] + request.end
                for frame in frames]
    if request.end == "" and (re.search(r"[.!?][\"”]$", masked.restore(sentence)) or (
            MASKED.match(sentence[-1:]) and masked.ends_sentence(sentence[-1]))):
        # It ends inside a quotation ('… "My answer is maybe."'): no stop of our own after it.
        return [frame.format(vp=request.vp, Vp=cap(request.vp))[:-1] for frame in frames]
    return []


def _names_the_piece(vp: str) -> bool:
    """Whether a sentence speaks of the piece by its noun ("give the song a name", "include
    some conversation in the story")."""
    pieces = _piece_words()
    return any(word in pieces for word in re.findall(r"\bthe ([a-z]+)", vp.lower()))


@functools.lru_cache(maxsize=1)
def _piece_words() -> frozenset[str]:
    return frozenset(table("fairness")["piece_words"])


def _modal_follow_up(modal: re.Match[str], wide: bool) -> list[str]:
    """A statement of what the piece must be, said as what the writer wants ("The letter should
    be in Markdown." -> "I'd like the letter to be in Markdown."), every word of it kept (what
    it asks beyond its types stays asked); [] for a statement of another thing."""
    if not _of_the_piece(modal.group("subject"), wide):
        return []  # "The ice cream should be gentle on the stomach." is a fact, no order
    subject = lower_first(modal.group("subject"))
    rest = (modal.group("negation") or "") + modal.group("rest")
    # "No other words should follow it": never "I'd like no other words to follow it".
    said = [] if subject.startswith("no ") else [
        frame.format(subject=subject, rest=rest) for frame in _KNOWN.frames("follow_up_modal")]
    if wide and not modal.group("negation") and not subject.startswith("no "):
        # "The letter should be …" -> "The letter needs to be …": no frame added (never of a
        # denial: "No other words need to follow it" no longer forbids them).
        swaps = _KNOWN.frames("modal_swaps_plural" if _plural(subject, wide) else "modal_swaps")
        own = modal.group("modal").replace("has to", "needs to")
        said += [f"{modal.group('subject')} {other} {rest}" for other in swaps
                 if other not in (own, own.replace("needs", "need"))]
    verb, _, tail = modal.group("rest").partition(" ")
    if not modal.group("negation") and not _KNOWN.pattern("coordinated").search(tail):
        # One verb phrase ("… should contain 5 sections."): "Make sure the proposal
        # contains 5 sections." (never "… is in Markdown and have a title").
        # "The sentences should be long." -> "Make sure the sentences are long." (read OA).
        plural = _plural(subject, wide)
        finite = ("are" if verb == "be" else verb) if plural else third_person(verb)
        said += [frame.format(subject=subject, rest=finite + " " + tail)
                 for frame in _KNOWN.frames("follow_up_modal_indicative")]
    return said


def _wide_follow_up(sentence: str) -> Optional[list[str]]:
    """The shapes only a wide rewrite knows, or None: "There should be 4 paragraphs." -> "I'd
    like 4 paragraphs."; "Make sure that …" -> "Ensure that …"; "Please also include …" -> "I'd
    also like you to include …"; "Do not use …" -> "Make sure not to use …" (the frame
    changes, every word after it stays)."""
    there = _KNOWN.pattern("there_should_be").match(sentence)
    if there:
        return [frame.format(rest=there.group("rest")) for frame in _KNOWN.frames("follow_up_there")
                ] + [f"There {modal} be {there.group('rest')}" for modal in ("should", "must")
                     if modal != there.group("modal")]
    sure = _KNOWN.pattern("make_sure_opening").match(sentence)
    if sure:
        own = f"{sure.group('frame')} {sure.group('joint')}"
        return [f"{frame} {sure.group('rest')}" for frame in _KNOWN.frames("make_sure_swaps")
                if frame.endswith(" " + sure.group("joint")) and frame != own]
    for key in ("also", "negative"):
        opening = _KNOWN.pattern(key + "_opening").match(sentence)
        if opening:
            if not _statement_verb(opening.group("vp")) or key == "negative" and \
                    _KNOWN.pattern("coordinated").search(opening.group("vp")):
                return []  # "Make sure not to use commas and highlight …" negates both
            return [said for said in (frame.format(vp=opening.group("vp"))
                                      for frame in _KNOWN.frames("follow_up_" + key))
                    if said.split()[:2] != sentence.split()[:2]]
    return None


def _statement_verb(vp: str) -> bool:
    """Whether a verb phrase opens with a verb a requirement is asked with ("add", "separate",
    "italicize", or any verb a task opens with)."""
    verb = vp.split()[0].lower() if vp.split() else ""
    return verb in _KNOWN.words("follow_up_verbs") or starts_with_verb(vp)


def _statement_request(sentence: str) -> Optional[Request]:
    """An imperative requirement the task parser does not read as a task ("Add code comments
    in the code snippets.", "Please italicize 5 names."), or None."""
    body, end = sentence.rstrip(), ""
    if body[-1:] in ".:":
        body, end = body[:-1].rstrip(), body[-1]
    please = _KNOWN.pattern("please").match(body)
    vp = please.group("vp") if please else body
    words = vp.split()
    if len(words) < 2 or not (words[0].lower() in _KNOWN.words("follow_up_verbs") or
                              words[0].lower() in lexicon()["verbs"]) or \
            words[1].lower() in _KNOWN.words("not_after_verb"):
        return None
    return Request("imperative", lower_first(vp), end)


def piece_about_it(vp: str) -> bool:
    """Whether a verb phrase asks for a new piece about what came before ("write a Hindi poem
    about this"; not "make it funny")."""
    lowered = vp.lower()
    return any(lowered.startswith(verb + " a ") or lowered.startswith(verb + " an ")
               for verb in lexicon()["making"]) and refers_back().search(vp) is not None
