"""Changes to a request's verb phrase: a verb or a loose word swapped for a synonym, the audience
moved ("This is for kids: …"), its last two phrases swapped ("a poem in lowercase letters about my friend" ->
"a poem about my friend in lowercase letters")."""

from __future__ import annotations

import re
from ..phrase_tables import Known
from .lexicon import composed_object, lexicon, verb_fits
from .masking import Masked
from .request import Request

_KNOWN = Known("requests")


def _verb_swaps(vp: str) -> list[tuple[str, str]]:
    verb, _, rest = vp.partition(" ")
    table = lexicon()["verb_synonyms"].get(verb)
    if not table or not rest or rest.split(" ", 1)[0].lower() in lexicon()["no_object"]:
        return []  # ("Write about tips …" never "Put together about tips …")
    if not composed_object(rest):
        return []  # "Write a good name for a dog" never becomes "put together a good name"
    clause = re.split(r"[,.;:?!]", rest)[0].lower()
    if lexicon()["kept_before"] & set(re.findall(r"[a-z]+", clause)):
        return []  # "Rewrite the following sentence into an email" never "Rephrase … into"
    to_person = _KNOWN.pattern("person_object").match(rest) is not None
    options = table["to_person"] if to_person else table["any"]
    if _KNOWN.pattern("thing_object").match(rest):
        # "put together this" is not English: a particle verb keeps its pronoun inside.
        options = [option for option in options if " " not in option]
    return [(f"{option} {rest}", f"verb:{verb}->{option}") for option in options
            if option != verb and verb_fits(option, rest)]


def _synonym_swaps(vp: str) -> list[tuple[str, str]]:
    table_of = lexicon()
    words = re.findall(r"[A-Za-z][\w-]*", vp.lower())
    if any(word in table_of["precise"] for word in words):
        return []
    out: list[tuple[str, str]] = []
    for table in (table_of["nouns"], table_of["adjectives"]):
        for word in sorted(table, key=len, reverse=True):
            pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])")
            matches = list(pattern.finditer(vp))
            if not matches or matches[0].start() == 0:
                continue
            for option in table[word]:
                # Every mention swapped, not the first alone ("a blog entry …, then criticize
                # the blog post", read DB), from the last so earlier positions hold.
                new = vp
                for match in reversed(matches):
                    new = _fix_article(new[:match.start()] + option + new[match.end():],
                                       match.start(), len(option))
                out.append((new, f"synonym:{word}->{option}"))
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




def _phrases_swapped(vp: str) -> list[tuple[str, str]]:
    """The verb phrase with its last two prepositional phrases in the other order, when both
    are plain phrases ("in the style of Shakespeare", "about the King's orders"): no clause
    in the first ("about a man who wakes up in a city" keeps its order), no participle
    before it ("interested in"), and a modifier kept with its phrase ("all in capitals")."""
    words = vp.split(" ")
    prepositions = _KNOWN.words("swappable_prepositions")
    modifiers = _KNOWN.words("preposition_modifiers")
    starts = []
    for position in range(2, len(words)):
        if words[position].lower() not in prepositions:
            continue
        before = words[position - 1].lower()
        if before in modifiers:
            starts.append(position - 1)
        elif not before.endswith("ed") and before not in prepositions:
            starts.append(position)
    if len(starts) < 2:
        return []
    first, second = starts[-2], starts[-1]
    head, one, two = words[:first], words[first:second], words[second:]
    # One "about" phrase and one "in" phrase ("in the style of Shakespeare", "about the
    # King"): a "with" or "for" phrase belongs to the noun before it ("a student with no
    # work experience").
    leads = {(chunk[0] if chunk[0].lower() in prepositions else chunk[1]).lower()
             for chunk in (one, two)}
    if len(leads) != 2:
        return []
    clause = _KNOWN.words("clause_words")
    if one[-1].lower().endswith("ing"):
        return []  # "about the benefits of sleeping in a hammock": the phrase is the verb's
    heads = _KNOWN.words("swappable_heads")
    if not any(" ".join(chunk).lower().startswith(head) for chunk in (one, two) for head in heads):
        return []  # "all facts about Lionel Messi in a structured output": the "in" is the list's
    if len(one) < 2 or len(two) < 2 or len(head) < 2 or \
            any(word.lower().strip(",.;:") in clause for word in one) or \
            any(not word or word[-1] in ",.;:" for word in one + two[:-1]):
        return []
    return [(" ".join(head + two + one), "phrases-swapped")]


def bodies(request: Request, masked: Masked,
           wide: bool = False) -> list[tuple[str, tuple[str, ...]]]:
    """The verb phrase as it is and with one or two wording changes (verb, synonym, audience,
    phrases swapped; `wide`, the verb said as the piece it makes too); a \\0 separates a
    sentence placed before or after the request. (No topic put first: "The subject is the
    budgets. … ask my manager for the next quarter about it" leaves what was attached to the
    topic behind.)"""
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
    # The last two phrases swapped, on their own or with another verb (not moved about
    # further: "a fox in list format" keeps its form with the topic).
    for swapped, op in _phrases_swapped(vp):
        out.append((swapped, (op,)))
        out.extend((new, (op, op2)) for new, op2 in _verb_swaps(swapped))
    if wide:
        for new, op in _pointed_below(vp):
            out.append((new, (op,)))
            out.extend((newer, (op, op2)) for newer, op2 in _verb_swaps(new))
        for new, op in _nominalised(vp):
            out.append((new, (op,)))
            out.extend((newer, (op, op2)) for newer, op2 in _verb_swaps(new))
    return out


def _pointed_below(vp: str) -> list[tuple[str, str]]:
    """"Summarize the following paragraph" as "Summarize the paragraph below", when the thing
    pointed at ends the request (its text comes after it, not after a colon)."""
    found = re.search(r"\bthe following ([a-z]+)$", vp)
    if found is None or found.group(1) not in _KNOWN.words("below_nouns"):
        return []
    return [(f"{vp[:found.start()]}the {found.group(1)} below", "pointer:following->below")]


def _nominalised(vp: str) -> list[tuple[str, str]]:
    """"summarize the paragraph" -> "write a summary of the paragraph" (lexicon
    "nominal_verbs"), when a noun phrase follows the verb."""
    verb, _, rest = vp.partition(" ")
    said = lexicon()["nominal_verbs"].get(verb.lower())
    if not said or not rest or rest.split()[0].lower() in _KNOWN.words("clause_words"):
        return []
    return [(f"{said} {rest}", f"nominal:{verb.lower()}")]


def place_pieces(body: str) -> tuple[list[str], str, list[str]]:
    """Split 'intro\\0vp' or 'vp\\0outro' into the side sentence and the verb phrase."""
    if "\u0000" not in body:
        return [], body, []
    first, second = body.split("\u0000", 1)
    if first.endswith("."):
        return [first], second, []
    return [], first, [second]
