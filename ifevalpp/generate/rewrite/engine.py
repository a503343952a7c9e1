"""Rewrite a task sentence the way different people would ask for the same thing.

`rewrites(task, protected)` lists natural rewrites of a task: imperative,
request, question and statement of need turned into each other, the topic put
first ("The topic is X. Write a poem about it."), the audience moved ("This is
for kids: …"), context sentences joined or split (never moved after the request), a
sentence split at ", and <verb>" or two short requests joined, and loose genre words and
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

from ..phrase_tables import Known, frame_openings_table, table
from .context import context_reworded, follow_up, piece_about_it
from .frames import frames_for
from .masking import MASKED, Masked
from .operations import bodies, place_pieces
from .request import Request, cap, parse
from .sentences import split_conjunction, split_sentences


@dataclass(frozen=True)
class Rewrite:
    """A rewritten task and the operations that made it ("request+verb:write->draft")."""

    text: str
    operations: tuple[str, ...]


def rewrites(task: str, protected: Sequence[tuple[int, int]] = (),
             wide: bool = False) -> list[Rewrite]:
    """Every rewrite of `task` we can vouch for (deterministic order); [] when none. `wide`
    adds the rewordings of the sentences after the request that only a family whose
    rephrasings came out too alike asks for (`follow_up`)."""
    return list(_rewrites(task, tuple(sorted(set(map(tuple, protected)))), wide))


Candidates = list[tuple[list[str], tuple[str, ...]]]   # (sentences of the head, operations)


def _framed(request: Request, masked: Masked, before: list[str],
            after: list[str], wide: bool = False) -> Candidates:
    """The request in every frame, with every wording change of its verb phrase, and the
    context around it kept or reworded with it."""
    candidates: Candidates = []
    # A question that the next sentence's task is about ("What are some good ideas for
    # startups? Write a Hindi poem about this.") stays a question: said as a request
    # ("Tell me some good ideas …"), it stacks a second task on the real one (read GB).
    # So does a question after fragments that lead into it ("If Bob beat Martha in a game of
    # pool. And Martha beat Joe. Can Bob beat Joe?"): as a statement, the "If" leads nowhere.
    # And a question before a request put as a question ("What are the best things to do in
    # Rochester? Can you write them as a song …?"): "Tell me …" before it asks twice (read
    # CGG on 3732).
    topic_only = request.kind == "question" and (
        bool(after) and (_task_about_it(after[0]) or _asked_of_the_writer(after[0])) or
        any(_KNOWN_REQUESTS.pattern("fragment_opening").match(sentence) for sentence in before))
    # Fragments that lead into the question are joined to it, as an editor would: "If a + b
    # + c = 30 and b = 10 and c = 5. Is a = 20?" -> "If …, is a = 20?" (read NB).
    lead_in = _fragments_leading_in(before) if request.kind in _LED_IN else None
    for body, operations in bodies(request, masked, wide):
        pre, main, post = place_pieces(body)
        for sentence, frame in frames_for(request, main, wide):
            # (Kept a question, not a request put as one: "Could you tell me some good ideas …?
            # Write a Hindi poem about this." asks twice, read CGO on 2464.)
            if topic_only and (not sentence.rstrip().endswith("?") or
                               _asked_of_the_writer(sentence)):
                continue
            ops = (frame,) + operations
            lead = [cap(request.lead) + "."] if request.lead else []
            if lead_in is not None:
                if lead or pre:
                    continue
                joined = _joined_to(before[lead_in:], sentence)
                if joined:
                    candidates.append((before[:lead_in] + [joined] + post + after,
                                       ops + ("joined-fragments",)))
                continue
            candidates.append((before + lead + pre + [sentence] + post + after, ops))
            # (No context moved after the request: "Suggest a name for a newspaper for
            # Melbourne teens. Melbourne has a newspaper called the Herald Sun." and "help me
            # by expressing your condolences … My best friend drowned yesterday" read as
            # non sequiturs, reads LA and MB.)
            if before and not request.lead and not pre:
                for context, how in context_reworded(before, sentence):
                    candidates.append((context + post + after, ops + (how,)))
    return candidates


def _fragments_leading_in(before: list[str]) -> Optional[int]:
    """Where the fragments that lead into a question start ("If Bob beat Martha. And Martha
    beat Joe.", 'Given the sentence "…".', read YA), or None: an "If" or "Given" sentence
    with no main clause (no comma), then only sentences that open with a conjunction."""
    opening = _KNOWN_REQUESTS.pattern("fragment_opening")
    leads = ("If ", "Given ")
    start = len(before)
    while start and opening.match(before[start - 1]) and "," not in before[start - 1]:
        start -= 1
    if start == len(before) or not before[start].startswith(leads) or any(
            sentence.startswith(leads) for sentence in before[start + 1:]):
        return None
    return start if all(s.rstrip().endswith(".") for s in before[start:]) else None


# What fragments may lead into: a question ("If …. Is a = 20?") or a request put as one
# ('Given the sentence "…". Can you finish the sentence?', read YA).
_LED_IN = ("question", "request")


def _joined_to(fragments: list[str], question: str) -> Optional[str]:
    """The fragments and the question (or request) as one sentence ("If A and B, can Bob
    beat Joe?", 'Given the sentence "…", finish it.')."""
    first_word = question.split(" ", 1)[0]
    if not question.rstrip().endswith(("?", ".")) or MASKED.search(first_word) or \
            re.match(r"I\b", first_word):
        return None  # (not "…, i'd like you to finish it.")
    clause = " ".join([fragments[0].rstrip().rstrip(".")] +
                      [s[0].lower() + s[1:].rstrip().rstrip(".") for s in fragments[1:]])
    return f"{clause}, {question[0].lower()}{question[1:]}"


def _asked_of_the_writer(sentence: str) -> bool:
    """Whether `sentence` is a request put as a question ("Can you write them as a song?")."""
    from ..naturalness import frame_openings

    return sentence.rstrip().endswith("?") and "request" in frame_openings(sentence)[:1]


def _task_about_it(sentence: str) -> bool:
    """Whether `sentence` asks for a piece about what came before ("Write a Hindi poem about
    this.")."""
    following = parse(sentence)
    return following is not None and following.kind == "imperative" and \
        piece_about_it(following.vp)


def _split_or_joined(request: Request, before: list[str], after: list[str],
                     wide: bool = False) -> Candidates:
    """The request split at ", and <verb>", or joined with the short request after it."""
    candidates: Candidates = []
    split = split_conjunction(request.vp, wide) if request.kind != "question" else None
    if split and (":" in split[1] and ":" not in split[0] or request.end == ":"):
        # "Put this line into Spanish and then comment on it: <text>": the text belongs to
        # both verbs, so the sentence stays whole; so does one whose colon leads into what
        # follows ("… a dog using bullet points such as:" is no "… a dog: Use bullet points").
        split = None
    if split:
        first, second = split
        verb = first.split(" ", 1)[0].lower()
        for sentence, frame in frames_for(request, first, wide):
            # "Then criticize the blog post." goes on from a command or a wish that keeps its
            # verb, not from a question or "I would like a blog post." (read BBF, 3131).
            if second.startswith("then ") and (sentence.rstrip().endswith("?") or
                                               verb not in sentence.lower().split()):
                continue
            candidates.append((before + [sentence, cap(second) + "."] + after, (frame, "split")))
    if after and request.kind == "imperative" and request.end == "." and not request.lead:
        following = parse(after[0])
        if following and following.kind == "imperative" and following.end == "." and \
                len(request.vp.split()) + len(following.vp.split()) <= 24:
            joined = f"{cap(request.vp)} and {following.vp}."
            candidates.append((before + [joined] + after[1:], ("join",)))
    return candidates


def _followed_up(candidates: Candidates, after: list[str], masked: Masked,
                 wide: bool = False) -> Candidates:
    """The sentence after the request said another way too ("Think out loud, then …" ->
    "I'd like you to think out loud, then …"), and the one after it: a prompt of two short
    sentences moves further from its original than a new frame on the first alone. `wide`:
    any of the next `WIDE_REACH` sentences, then one more after it, each kept off every frame
    said before it."""
    reach = after[:WIDE_REACH if wide else 2]
    follows = [follow_up(sentence, masked, wide) for sentence in reach]
    more: Candidates = []
    for sentences_out, operations in (candidates if any(follows[:None if wide else 1]) else []):
        position = len(sentences_out) - len(after)
        if sentences_out[position:] != after:
            continue
        head = sentences_out[:position]
        for first, options in enumerate(follows[:None if wide else 1]):
            said = head + after[:first]
            opening = " ".join(said if wide else said[-1:])
            for pick in options:
                if _same_frame(opening, pick) or (_adds_on(pick) and first > 0 and
                                                  parse(masked.restore(said[-1])) is None):
                    continue  # no "Also, …" after a sentence that asks nothing
                more.append((said + [pick] + after[first + 1:], operations + ("follow-up",)))
                # The sentence after it said another way as well: a long request of several
                # short sentences moves far enough from its siblings only so.
                for second in range(first + 1, len(reach) if wide else min(2, len(reach))):
                    between = after[first + 1:second]
                    for other in follows[second][:2]:
                        if not _same_frame(" ".join([opening, pick] + between), other):
                            more.append((said + [pick] + between + [other] + after[second + 1:],
                                         operations + ("follow-up", "follow-up")))
    return more


def _adds_on(sentence: str) -> bool:
    """Whether `sentence` opens with a frame that adds to a request just before it ("Also,
    …": requests.json, follow_up_adding_on)."""
    return sentence.startswith(tuple(frame.split("{")[0] for frame
                                     in _KNOWN_REQUESTS.frames("follow_up_adding_on")))


# How many sentences after the request a wide rewrite may say another way.
WIDE_REACH = 4


_KNOWN_REQUESTS = Known("requests")
_QUESTION_AFTER_COLON = re.compile(r":\s[^:]*\?\s*$")

# A sentence the writer opens with "I" ("I need …", "I'd like …", "I'm looking for …").
_SPEAKER = re.compile(r"I(?:'[a-z]+)?\s")


@functools.lru_cache(maxsize=1)
def _said_once() -> tuple[re.Pattern[str], ...]:
    """The frames a follow-up does not say again (requests.json, frame_openings): a request
    ("I'd like you to", "Could you") and "make sure", each with the openings that count as
    it."""
    frames = frame_openings_table()
    return tuple(re.compile(rf"(?i)\b(?:{frames.alternation(frame)})\b")
                 for frame in ("request", "make sure"))


def _same_frame(before: str, follow: str) -> bool:
    """Whether a follow-up frame repeats one the sentences before it use ("I would like you
    to create … I'd like you to make sure …", "Please … Please …")."""
    if follow.startswith("Please") and "please" in before.lower():
        return True
    # Courtesy once, in one register: "Please tell me … I'd like you to answer …" asks twice.
    request = _said_once()[0]
    if (follow.startswith("Please") or request.search(follow[:30])) and \
            ("please" in before.lower() or request.search(before)):
        return True
    # A wish said twice in other words: "I need a letter. I'd like the letter to …".
    if _SPEAKER.match(follow) and any(_SPEAKER.match(said) for said in
                                      split_sentences(" ".join(before.split()))):
        return True
    return any(pattern.search(before) and pattern.search(follow[:30])
               for pattern in _said_once())


def _vouched(task: str, masked: Masked, sentences: list[str],
             candidates: Candidates) -> tuple[Rewrite, ...]:
    """The candidates we vouch for, each once: a change, well formed where we wrote it, every
    protected piece kept, no new "mark inside, mark outside" after a quotation."""
    from ..naturalness import frame_openings

    head, newline, tail = masked.text.partition("\n")
    original = " ".join(head.strip().split())
    asks = max(1, frame_openings(head).count("request"))
    seen: set[str] = set()
    out: list[Rewrite] = []
    for sentences_out, operations in candidates:
        new_head = " ".join(sentence.strip() for sentence in sentences_out if sentence.strip())
        # Only what we wrote is held to our standards; the original's own sentences stay as
        # they are (a missing final stop, say).
        changed = [s.strip() for s in sentences_out if s.strip() and s.strip() not in sentences]
        if " ".join(new_head.split()) == original or not all(_well_formed(s) for s in changed):
            continue
        if frame_openings(new_head).count("request") > asks:
            continue  # "Could I get a rubric …? Can you create an example for me?" asks twice
        then = _KNOWN_REQUESTS.pattern("question_then_conjunction")
        if then.search(masked.restore(new_head)) and not then.search(masked.restore(head)):
            continue  # "Could I get a dialogue …? But somehow they …" (read FB)
        if _questions_put(new_head) > max(1, _questions_put(head)):
            continue  # "I need a rubric. Can you …?" made "Could I get …? Can you …?" (read EA)
        if any(_bad_question(masked.restore(s)) for s in changed):
            continue
        if new_head.rstrip().endswith("?") and not original.rstrip().endswith("?") and \
                _KNOWN_REQUESTS.pattern("statement_after_colon").search(masked.restore(new_head)):
            continue  # "…descriptions: The product is a new type of paper …?" (read DB)
        if _QUESTION_AFTER_COLON.search(original) and not new_head.rstrip().endswith("?"):
            continue  # "… as a song: To what constituency was Cameron appealing?" keeps its "?"
        text = masked.restore(_leading_space(head) + new_head + newline + tail)
        if text in seen or not _keeps(task, text, masked.pieces) or any(
                match.group(0)[0] + match.group(0)[-1] not in _quote_marks(task)
                for s in changed for match in _QUOTE_THEN_MARK.finditer(masked.restore(s))) \
                or _URL_THEN_MARK.findall(text) != _URL_THEN_MARK.findall(task):
            continue
        seen.add(text)
        out.append(Rewrite(text, operations))
    return tuple(out)


@functools.lru_cache(maxsize=2048)
def _rewrites(task: str, protected: tuple[tuple[int, int], ...],
              wide: bool = False) -> tuple[Rewrite, ...]:
    """`rewrites`, cached: every cousin of a case asks for the same task's rewrites."""
    masked = Masked(task, protected)
    sentences = split_sentences(masked.text.partition("\n")[0].strip(), masked)
    index, request = next(((i, r) for i, r in ((i, parse(s)) for i, s in enumerate(sentences))
                           if r is not None), (None, None))
    if request is None or index is None:
        return ()
    if not request.end and MASKED.match(request.vp[-1:]) and masked.ends_sentence(request.vp[-1]):
        request = Request(request.kind, request.vp, "quoted", request.lead)
    before, after = sentences[:index], sentences[index + 1:]
    candidates = _framed(request, masked, before, after, wide)
    lead_in = _fragments_leading_in(before) if request.kind in _LED_IN else None
    joined = _joined_to(before[lead_in:], sentences[index]) if lead_in is not None else None
    if joined:  # the question as asked, its fragments joined to it
        candidates.append((before[:lead_in] + [joined] + after, ("joined-fragments",)))
    candidates += _split_or_joined(request, before, after, wide)
    # A wide rewrite says the sentences after the request another way even where the request
    # itself has no other wording ("How many feet off the ground was …? Please include only
    # the main points …", 1233): those sentences are all a rephrasing can move.
    kept = [(list(sentences), ("request-kept",))] if wide else []
    candidates += _followed_up(candidates + kept, after, masked, wide)
    vouched = _vouched(task, masked, sentences, candidates)
    return vouched + _last_line_followed(vouched, masked) if wide else vouched


def _last_line_followed(vouched: Sequence[Rewrite], masked: Masked) -> tuple[Rewrite, ...]:
    """Each rewrite with a sentence of the prompt's last line said another way too (a wide
    rewrite: "… Finish the song with:\n\nPeace!\n\nNo additional words should follow it." ->
    "… Make sure no additional words follow it."), when that line is plain sentences."""
    head, newline, tail = masked.text.partition("\n")
    lines = tail.split("\n")
    last = len(lines) - 1
    while last >= 0 and not lines[last].strip():
        last -= 1
    if not newline or last < 0:
        return ()
    said = split_sentences(lines[last].strip(), masked)
    if " ".join(said) != " ".join(lines[last].split()):
        return ()
    out: list[Rewrite] = []
    for position, sentence in enumerate(said):
        for option in follow_up(sentence, masked, wide=True):
            line = " ".join(said[:position] + [option] + said[position + 1:])
            if not _well_formed(option):
                continue
            for rewrite in vouched:
                before = rewrite.text.rsplit("\n", len(lines) - last)[0]
                if _same_frame(masked.restore(" ".join(before.split()) + " " +
                                              " ".join(said[:position])), masked.restore(option)):
                    continue
                text = before + "\n" + masked.restore(line) + "\n" * (len(lines) - 1 - last)
                out.append(Rewrite(text, rewrite.operations + ("last-line-follow-up",)))
    return tuple(out)


SIBLING_DRAWS = 8
# Up to this many rewrites are all weighed against the siblings; of more, SIBLING_DRAWS drawn.
SIBLING_SCAN = 400
# Characters a rewording must move from every sibling (rule N119, near_duplicate.LIMIT).
NEAR_LIMIT = 30
# How far a rewrite should keep from its siblings (the family's default distance floor).
SIBLING_DISTANCE = 0.15


def rewrite(task: str, protected: Sequence[tuple[int, int]], rng: Any,
            avoid: Iterable[str] = (), siblings: Sequence[str] = (),
            frames: Iterable[str] = (), elsewhere: str = "",
            wide: str = "") -> Optional[Rewrite]:
    """One rewrite chosen with `rng` (a random.Random), avoiding texts in `avoid`; None if none.

    Deep rewrites come first: one that keeps the first sentence word for word after its
    first word (a verb swap, "Please …") is only chosen when nothing else is possible. With
    `siblings` (prompts of the family so far), of a few drawn the one furthest from its
    nearest sibling is kept, so a short request does not come back in the same frame. No
    option opens with one of `frames` (`naturalness.frame_openings` of the rest of the prompt:
    "Would you …?" beside "Would you mind …?") while another does not. No synonym replaces a
    noun that `elsewhere` (the rest of the prompt) says too ("a blog entry … Aim the blog post
    at teenagers", read AGA), and none says a question as a statement ("I want to know if …")
    while it or `elsewhere` points back at the question ("… answering this question", read
    BAK). `wide` (a second pass of a family whose rephrasings came out too alike: "room",
    "far" or "far-floor", see `CousinKind.second_passes`): more rewrites (`rewrites`), and one
    kept well away from every sibling (`_spread`).
    """
    avoided = set(avoid)
    question = _KNOWN_REQUESTS.pattern("question_named")
    pointed_at = "?" in task and question.search(elsewhere) is not None
    options = [option for option in rewrites(task, protected, bool(wide))
               if option.text not in avoided
               and not _renames_what_is_said(option, elsewhere)
               and not ("?" in task and "?" not in option.text
                        and (pointed_at or question.search(option.text)))]
    if not options:
        return None
    taken = set(frames)
    if taken:
        from ..naturalness import frame_openings

        fresh = [option for option in options if not taken & set(frame_openings(option.text))]
        options = fresh or options
    deep = [option for option in options if not shallow(task, option.text)]
    pool = deep or options
    heads = [sibling[:len(task) + 200] for sibling in siblings]
    if wide and heads:
        return _spread(options, heads, rng, room=wide == "room")
    if not siblings or len(pool) == 1:
        return pool[rng.randrange(len(pool))]
    from ..distance import levenshtein, normalized_distance

    def furthest(among: Sequence[Rewrite]) -> tuple[float, Rewrite]:
        if len(among) > SIBLING_SCAN:
            drawn = [among[rng.randrange(len(among))] for _ in range(SIBLING_DRAWS)]
            scored = [(min(normalized_distance(option.text, head) for head in heads), option)
                      for option in drawn]
            return max(scored, key=lambda pair: pair[0])
        # Few enough to weigh them all: any that keeps its distance from every sibling, in
        # words and in characters (a rephrasing within 30 of one has not been put another
        # way), else the furthest.
        scored = [(min(normalized_distance(option.text, head) for head in heads), option)
                  for option in among]
        apart = [pair for pair in scored if pair[0] >= SIBLING_DISTANCE and all(
            levenshtein(_squeezed(pair[1].text), _squeezed(head)) > NEAR_LIMIT
            for head in heads)]
        if apart:
            return apart[rng.randrange(len(apart))]
        return max(scored, key=lambda pair: pair[0])

    distance, chosen = furthest(pool)
    if distance < SIBLING_DISTANCE and pool is not options:
        # Every deep rewrite drawn stays close to a sibling: a new frame on the sentence
        # as it stands ("I'd love it if you could write …") may be further.
        wider, option = furthest(options)
        if wider > distance:
            return option
    return chosen


# A wide rewrite keeps this much further from its siblings than the floors (token distance,
# characters): the prompt it ends up in is mended after, which moves it a little towards them.
WIDE_MARGIN = (0.01, 3)
# Of more options than this, a wide rewrite weighs this many, drawn.
WIDE_SCAN = 100


def _opening(text: str) -> str:
    """The first two words of a wording, lower case: its frame ("would you" of "Would you
    mind …" and "Would you please …", "i'd love", "could you")."""
    return " ".join(text.lower().split()[:2])


def _spread(options: Sequence[Rewrite], heads: Sequence[str], rng: Any,
            room: bool) -> Rewrite:
    """One option drawn with `rng`, in another frame than every sibling's where one is: with
    `room`, of those clear of every sibling (`clear`), one that leaves the most of the others
    clear of it (the next sibling then still finds a wording of its own); else, or with none
    clear, one of the furthest from its nearest sibling (by the lesser of the floors'
    shares)."""
    from ..distance import levenshtein, normalized_distance

    if len(options) > WIDE_SCAN:
        options = [options[i] for i in sorted(rng.sample(range(len(options)), WIDE_SCAN))]
    squeezed = {text: _squeezed(text) for text in [option.text for option in options] + list(heads)}

    def clear(text: str, other: str) -> bool:  # apart by both floors and `WIDE_MARGIN`
        return levenshtein(squeezed[text], squeezed[other]) > NEAR_LIMIT + WIDE_MARGIN[1] and \
            normalized_distance(text, other) >= SIBLING_DISTANCE + WIDE_MARGIN[0]

    fits = [option for option in options if all(clear(option.text, head) for head in heads)]
    # A sibling's own opening again ("I'd love it if you could write me a letter … in the style
    # of Shakespeare" twice, the phrases swapped) reads as the same request (read BAC): when
    # a wording clear of the siblings opens otherwise, only those are weighed.
    taken = {_opening(head) for head in heads}
    if any(_opening(option.text) not in taken for option in fits):
        options = [option for option in options if _opening(option.text) not in taken]
        fits = [option for option in fits if _opening(option.text) not in taken]
    if room and fits:
        left = [sum(1 for other in fits if other is not option and clear(other.text, option.text)
                    and _opening(other.text) != _opening(option.text)) for option in fits]
        pool = [option for option, others in zip(fits, left) if others >= max(left) * 0.9]
        return pool[rng.randrange(len(pool))]

    def apart(option: Rewrite) -> float:
        return min(min(normalized_distance(option.text, head) for head in heads) / SIBLING_DISTANCE,
                   min(levenshtein(squeezed[option.text], squeezed[head]) for head in heads)
                   / NEAR_LIMIT)

    scored = [(apart(option), option) for option in options]
    best = max(score for score, _ in scored)
    pool = [option for score, option in scored if score >= best * 0.9]
    return pool[rng.randrange(len(pool))]


def _renames_what_is_said(option: Rewrite, elsewhere: str) -> bool:
    """Whether `option` swaps a noun for a synonym while `elsewhere`, or the rewrite itself,
    still says the noun ("a software development firm named "grid" … the name of the
    company": 1857)."""
    swapped = [operation.split(":", 1)[1].split("->")[0] for operation in option.operations
               if operation.startswith("synonym:")]
    said = f"{elsewhere}\n{option.text}"
    return any(re.search(rf"(?i)(?<![\w-]){re.escape(word)}(?![\w-])", said)
               for word in swapped)


def _squeezed(text: str) -> str:
    """The text as N119 compares it: whitespace runs as one space, lower case."""
    return " ".join(text.split()).lower()


def shallow(task: str, text: str) -> bool:
    """Whether `text` still holds the task's first sentence after its first word, verbatim."""
    tail = _first_sentence_tail(task)
    return len(tail) > 20 and tail in " ".join(text.lower().split())


@functools.lru_cache(maxsize=1024)
def _first_sentence_tail(task: str) -> str:
    """The task's first sentence after its first word, lower case (every option of a rewrite is
    held against it)."""
    first = split_sentences(" ".join(task.split("\n", 1)[0].split()))
    words = first[0].split()[1:] if first else []
    return " ".join(words).lower()


def _questions_put(text: str) -> int:
    """Sentences of `text` that put a question to the writer ("Could I get …?", "Can you …?")."""
    return len(re.findall(table("prompt")["question_put"], text))


def _bad_question(sentence: str) -> bool:
    """A question we made that cannot carry what it wraps: a clause of its own that says what
    must be ("… --- your ENTIRE response must be in lowercases?"), a run of symbols right
    before the mark ("… separated by 6 asterisk symbols ******?")."""
    if not sentence.rstrip().endswith("?"):
        return False
    return bool(_KNOWN_REQUESTS.pattern("statement_modal").search(sentence) or
                re.search(r"[^\w\s\"”')\]]\s*\?$", sentence.rstrip()))


def _leading_space(text: str) -> str:
    return text[:len(text) - len(text.lstrip())]


_QUOTE_THEN_MARK = re.compile(r"[.!?][\"”'’][?.]")
# A mark glued to a URL ("…/wiki/Dota_2?") reads as part of the address.
_URL_THEN_MARK = re.compile(r"https?://\S*[?.!,;:](?=\s|$)")


def _quote_marks(text: str) -> set[str]:
    """The 'mark inside, mark outside' pairs a text already uses after a quotation ('.?')."""
    return {m.group(0)[0] + m.group(0)[-1] for m in _QUOTE_THEN_MARK.finditer(text)}


def _well_formed(text: str) -> bool:
    if "  " in text or " ," in text or " ." in text or ".." in text.replace("...", ""):
        return False
    if text[-1:] not in ".?!:" and not MASKED.match(text[-1:]) and \
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
