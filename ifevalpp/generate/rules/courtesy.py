"""N117 courtesy-tacked-on: thanks or a hedge tacked onto a requirement mid-prompt."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import one_of, table
from .base import Cousin, Defect, Example, Rule


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    known = table("naturalness")["courtesy"]
    tags = one_of([re.escape(tag) for tag in sorted(known["tags"], key=len, reverse=True)])
    anywhere = one_of([re.escape(tag) for tag in known["anywhere"]])
    return (re.compile(rf"(?i),\s+(?:{tags})\s*[.!?]"), re.compile(rf"(?i)\b(?:{anywhere})\b"))


# A "please" after a sentence that already runs on through a comma ("… four parts, labelling
# each one SECTION X, where X is its number, please.", read OB) trails behind the request, a
# question's too ("Would you draft an email to a bakery, asking whether they could supply a
# school fair, please?", read CKN).
_TRAILING_PLEASE = re.compile(r"(?i)(?:^|(?<=[.!?]\s))[^.!?\n]*,[^.!?\n]*,\s+please[.!?]")


@functools.lru_cache(maxsize=1)
def _pleas() -> re.Pattern[str]:
    """A courtesy of a request: "please", "would you mind"."""
    pleas = one_of([re.escape(plea) for plea in table("naturalness")["courtesy"]["pleas"]])
    return re.compile(rf"(?i)\b(?:{pleas})\b")


@functools.lru_cache(maxsize=1)
def _hedged_exact() -> re.Pattern[str]:
    """A hedge of a wish and an exact count after it, in one sentence."""
    known = table("naturalness")["courtesy"]
    hedges = one_of([re.escape(hedge) for hedge in known["hedges"]])
    exact = one_of([re.escape(word) for word in known["exact"]])
    return re.compile(rf"(?i)\b(?:{hedges})\b[^.!?\n]*?\b(?:{exact})\b")


def detect(cousin: Cousin) -> list[Defect]:
    from ..naturalness import masked

    own = masked(cousin.original)  # (quotations masked: a "?" inside one ends no sentence)
    defects = [Defect(RULE.name, match.group(0)[-80:])
               for match in _TRAILING_PLEASE.finditer(masked(cousin.prompt))
               if match.group(0) not in own]
    # "Would you please elaborate …? Please highlight …" (reads PA, UB), "Would you mind
    # composing …? Please write …" (read CGT): a courtesy of ours beside another one, the
    # user's or ours.
    plea = _pleas()
    pleas = len(plea.findall(cousin.prompt))
    own = f"{cousin.original}\n{cousin.original_mended}".lower()  # ("Please, use" mended)
    ours = any(cousin.prompt[at.start():at.start() + 30].lower() not in own
               for at in plea.finditer(cousin.prompt))  # (not the user's, word for word)
    if pleas > max(1, len(plea.findall(cousin.original))) or (ours and pleas > 1):
        defects.append(Defect(RULE.name, f"a courtesy said {pleas} times"))
    elif ours and _deferential_of_ours(cousin):
        # "Leave out commas, please. I'd be grateful if you'd limit …" (read CFJ, 1928): the
        # courtesy said twice, in two registers.
        defects.append(Defect(RULE.name, "'please' beside a deferential wish"))
    hedged = _hedged_exact()
    if not hedged.search(cousin.original):
        defects += [Defect(RULE.name, match.group(0)[-80:])
                    for match in hedged.finditer(cousin.prompt)]
    for pattern in _patterns():
        own = {match.group(0).lower() for match in pattern.finditer(cousin.original)}
        defects += [Defect(RULE.name, match.group(0)) for match in pattern.finditer(cousin.prompt)
                    if match.group(0).lower() not in own]
    return defects


def _deferential_of_ours(cousin: Cousin) -> bool:
    """Whether the cousin says a deferential wish ("I'd be grateful if …") its original does
    not."""
    from .base import phrase_pattern

    pattern = phrase_pattern("register_deferential")
    own = {match.group(0).lower() for text in (cousin.original, cousin.original_mended)
           for match in pattern.finditer(text)}
    return any(match.group(0).lower() not in own for match in pattern.finditer(cousin.prompt))


RULE = Rule(
    code="N117", name="courtesy-tacked-on",
    description="Courtesy tacked onto a requirement ('Close it with \"The end.\", cheers.'; "
                "'…, if you don't mind.'; a 'please' trailing a sentence that runs on through "
                "a comma; 'please' said twice, or beside 'would you mind'; 'It would be nice "
                "if you could write precisely two bullets'; 'please' beside a deferential "
                "wish): thanks belong at the end of a message, courtesy is said once, and a "
                "hedge makes a checked requirement sound optional.",
    detect=detect,
    bad=(Example("Write a poem about the sea, thanks. Avoid commas."),
         Example("Write a poem about the sea. Leave out commas, if you don't mind."),
         Example("Write a poem about the sea. Avoid commas, cheers."),
         Example("Write a story. Split it into four parts, labelling each one SECTION X, "
                 "where X is its number, please."),
         Example("Would you draft an email to a bakery, asking whether they could supply a "
                 "school fair, please?"),
         Example("Would you please write a poem about the sea? Please avoid commas."),
         Example("Would you mind writing a poem about the sea?\n\nPlease write ten lines."),
         Example("Would you please write a poem about the sea? Please avoid commas.",
                 original="Write a poem about the sea. Please avoid commas. Please rhyme."),
         Example("Write a poem about the sea. It would be nice if you could write precisely "
                 "two stanzas."),
         Example("Write a poem about the sea. Leave out commas, please. I'd be grateful if "
                 "you'd limit \"wave\" to a single use.")),
    good=(Example("Please write a poem about the sea. Avoid commas."),
          Example("Write a poem about the sea. I'd be grateful if you'd use exactly two "
                  "stanzas."),
          Example("Write a poem about the sea. Avoid commas, please.")),
)
