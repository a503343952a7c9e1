"""N126 echoed-verb: a sentence that says its verb twice ("Make sure to make it …",
"Write a blog post …, writing 20+ sentences"), or two in a row that lead with one verb."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import one_of, table
from .base import Cousin, Defect, Example, Rule, new_sentences, phrase_pattern

# A text in quotation marks.
_SAID = re.compile(r'"[^"\n]*"|“[^”\n]*”')

# A participle after a comma ("…, writing …") and the word it comes from.
_PARTICIPLE = re.compile(r",\s+([a-z]{3,})ing\b")


@functools.lru_cache(maxsize=1)
def _own_noun() -> re.Pattern[str]:
    """A verb whose object is its own noun ("produce a product description", read NA)."""
    determiners = one_of(table("naturalness")["echoed_frames"]["object_determiners"])
    return re.compile(rf"(?i)\b(?P<stem>[a-z]{{5,}})e?(?<!ing) (?:{determiners}) (?:[a-z]+ )?"
                      r"(?P=stem)[a-z]*\b")


def _echoes(sentence: str) -> bool:
    if phrase_pattern("echoed_frames").search(sentence) or _own_noun().search(sentence):
        return True
    for match in _PARTICIPLE.finditer(sentence):
        stem = match.group(1)
        before = sentence[:match.start()]
        # "writ" + "ing" comes from "write"; "mak" from "make"; "us" from "use".
        if re.search(rf"(?i)\b{re.escape(stem)}e?s?\b", before):
            return True
    return False


def _lead_verbs(sentence: str) -> set[str]:
    """The verbs a sentence leads with: its first word, and the word after its first "to"
    ("Make sure to finish …" leads with "finish")."""
    words = re.findall(r"[A-Za-z']+", sentence)[:8]
    lead = {words[0].lower()} if words else set()
    lowered = [word.lower() for word in words]
    if lowered[:1] == ["please"] and len(lowered) > 1:
        lead.add(lowered[1])  # "Please write a ballad … Write it …" (read CEF)
    if "to" in lowered[:-1]:
        lead.add(lowered[lowered.index("to") + 1])
    if lowered[:2] == ["help", "me"] and len(lowered) > 2:
        lead.add(lowered[2])  # "Help me write a speech … Write it in the style of …" (read CGY)
    wished = table("naturalness")["echoed_frames"]["wish_modals"]
    for at in range(len(lowered) - 3):
        if lowered[at:at + 2] == ["if", "you"] and lowered[at + 2] in wished:
            # "Keep your answer in a Shakespearean style. I would be grateful if you could keep
            # commas out of your answer." (read CIH on 1001)
            lead.add(lowered[at + 3])
            break
    # A request put as a question leads with its verb ("Could you explain …? Make sure to
    # explain it …", read ABA).
    asked = [word for word in lowered[2:4] if word != "please"]
    if lowered[1:2] == ["you"] and asked and lowered[0] in table("naturalness")["echoed_frames"]["question_modals"]:
        lead.add(asked[0])
    return lead - set(table("naturalness")["echoed_frames"]["lead_verbs_ignored"])


def _said_and_new(cousin: Cousin) -> tuple[list[str], set[str]]:
    """The cousin's sentences in order (quotations masked), and those its original lacks."""
    from ..naturalness import SENTENCE, masked

    said = [sentence.strip() for sentence in SENTENCE.findall(masked(cousin.prompt))]
    return said, set(new_sentences(cousin))


def _ending_verb(sentence: str) -> str:
    """The verb a sentence ends on after its subject or a modal ("the lyrics you write"), or
    ""."""
    words = [word.lower() for word in re.findall(r"[A-Za-z']+", sentence)[-2:]]
    subjects = table("naturalness")["echoed_frames"]["verb_subjects"]
    return words[1] if len(words) == 2 and words[0] in subjects else ""


def _led_alike(cousin: Cousin) -> list[str]:
    """New sentences that lead with the verb of the sentence right before them, or (one of
    ours) with the verb it ends on ("… the lyrics you write. Write your whole answer …",
    read CEF)."""
    said, fresh = _said_and_new(cousin)
    return [second for first, second in zip(said, said[1:])
            if (first in fresh or second in fresh) and _lead_verbs(first) & _lead_verbs(second)
            or second in fresh and _ending_verb(first) in _lead_verbs(second)]


def _after_a_phrasal_frame(cousin: Cousin) -> list[str]:
    """Sentences that lead with the first word of a phrasal request frame said before them,
    one of the two ours ("… put together a proposal … Put a title at the top", read CEG)."""
    said, fresh = _said_and_new(cousin)
    found = []
    for frame in table("naturalness")["echoed_frames"]["phrasal_frames"]:
        pattern = re.compile(rf"(?i)\b{re.escape(frame)}\b")
        framed = [index for index, sentence in enumerate(said) if pattern.search(sentence)]
        lead = frame.split()[0]
        found += [sentence for index, sentence in enumerate(said)
                  if framed and index > framed[0] and sentence.lower().startswith(f"{lead} ")
                  and (sentence in fresh or said[framed[0]] in fresh)]
    return found


def _verb_in_its_quote(cousin: Cousin) -> list[str]:
    """New sentences whose leading verb the text they quote says again ('Please wrap up with
    the precise words "That wraps it up."', read CHO on 2997)."""
    from ..naturalness import SENTENCE, masked

    fresh = set(new_sentences(cousin))
    found = []
    for match in SENTENCE.finditer(masked(cousin.prompt)):
        if match.group(0).strip() not in fresh:
            continue
        # Only a text in quotation marks: "*highlighted section*" shows what is asked, and
        # "My answer is yes." is an answer to give, not a line to close on.
        quoted = {word.lower() for quote in _SAID.findall(cousin.prompt[match.start():
                                                                        match.end()])
                  for word in re.findall(r"[A-Za-z]+", quote)} - {"answer"}
        for verb in _lead_verbs(match.group(0).strip()):
            stem = verb[:-1] if verb.endswith("e") else verb
            if quoted & {verb, verb + "s", verb + "d", verb + "ed", stem + "ing", verb + "es"}:
                found.append(match.group(0).strip())
                break
    return found


def _participle_echoed(cousin: Cousin) -> list[str]:
    """New sentences that mark a part with a participle whose stem the prompt says twice
    besides, where the original does not say it so often ("I want to introduce it … an email
    introducing it … a postscript introduced by "P.S."", read CHT on 1620)."""
    from ..naturalness import masked

    prompt, original = masked(cousin.prompt), masked(cousin.original)
    found = []
    for sentence in new_sentences(cousin):
        for participle, stem in _marker_participles():
            if participle.search(sentence) and \
                    len(stem.findall(prompt)) >= 3 and \
                    len(stem.findall(prompt)) > len(stem.findall(original)):
                found.append(sentence)
                break
    return found


@functools.lru_cache(maxsize=1)
def _marker_participles() -> tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]:
    """Each marking participle of naturalness.json and the words of its stem, compiled once."""
    return tuple((re.compile(rf"(?i)\b{participle}\b"), re.compile(rf"(?i)\b{stem}\w*"))
                 for participle, stem in table("naturalness")["marker_participles"]["pairs"])


def detect(cousin: Cousin) -> list[Defect]:
    return [Defect(RULE.name, sentence[:160]) for sentence in new_sentences(cousin)
            if _echoes(sentence)] + [Defect(RULE.name, sentence[:160])
                                     for sentence in _led_alike(cousin)
                                     + _after_a_phrasal_frame(cousin)
                                     + _verb_in_its_quote(cousin)
                                     + _participle_echoed(cousin)]


RULE = Rule(
    code="N126", name="echoed-verb",
    description="A sentence that says its verb twice: a frame and its request ('Make sure to "
                "make it 200+ words long'), a task and the participle joined to it ('Write a "
                "blog post …, writing 20+ sentences'), or a verb and its own noun ('produce a "
                "product description'); or two sentences in a row that lead with one verb "
                "('Include a postscript. Include …'), or leads with a verb the text it quotes says "
                "again ('wrap up with \"That wraps it up.\"'), or marks a part with a participle "
                "whose stem the prompt says twice besides ('introduce it … introducing it … "
                "introduced by').",
    detect=detect,
    bad=(Example("Make sure to make it 200+ words long."),
         Example("Help me write a speech about a snowfall. Write it in the style of a "
                 "sports commentator."),
         Example("Could you please write a blog post about dogs, writing 20+ sentences?"),
         Example("Would you please produce a product description for a new lamp?"),
         Example("Write a speech. Include a postscript. Include \"show\" 12 times."),
         Example("Could you explain why it rains? Make sure to explain it simply."),
         Example("Please write a ballad about snow. Write it in the style of a crooner."),
         Example("Compose a song. Explain the lyrics you write. Write your whole answer in "
                 "capitals."),
         Example("Could you put together a proposal for a trip? Keep it short. Put a title "
                 "at the top."),
         Example('Write a letter to the editor. Please wrap up with the words "That wraps it '
                 'up."'),
         Example("Tell me about diaries. Keep your answer in a formal style. I would be "
                 "grateful if you could keep commas out of your answer."),
         Example('I want to introduce a band to a friend. Write an email introducing it. Close '
                 'with a postscript introduced by "P.S."', original="I want to introduce a "
                 "band to a friend. Write an email. Add a postscript.")),
    good=(Example("Make it 200+ words long."),
          Example("Could you please write a blog post about dogs, using 20+ sentences?"),
          Example("Would you please write a product description for a new lamp?"),
          Example("Write a speech. Add a postscript. Include \"show\" 12 times."),
          Example("Could you explain why it rains? Keep it simple."),
          Example("Please write a ballad about snow. Make it sound like a crooner's."),
          Example("Compose a song. Explain the lyrics you write. Put your whole answer in "
                  "capitals."),
          Example("Could you draft a proposal for a trip? Keep it short. Put a title at the "
                  "top."),
          Example('Write a letter to the editor. Please finish with the words "That wraps it '
                  'up."'),
          Example('I want to introduce a band to a friend. Write an email introducing it. Close '
                  'with a postscript starting with "P.S."', original="I want to introduce a "
                  "band to a friend. Write an email. Add a postscript.")),
)
