"""Edit a parameter value where the prompt states it ("a 300+ word summary" -> "a 450+ word summary").

Used for statements woven into the task sentence, which cannot be cut out and
rendered anew. Only the value changes — the relation and the author's wording
stay — so a change of relation is refused (None) here. The type's `count`
number is edited generically; every other field by the type's `restate`.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from ...constraints import get
from ...constraints.support.edits import replace_number
from .units import Layout, Unit


def _value_texts(layout: Layout, unit: Unit, index: int) -> list[str]:
    return [layout.prompt[start:end] for start, end in layout.values.get(index, [])
            if start >= unit.start and end <= unit.end]


def _fix_article_before(text: str, position: int) -> str:
    """'a 8 day trip' -> 'an 8 day trip' after a number changed right after the article."""
    from ...wording.english import indefinite_article

    match = re.search(r"\b([Aa]n?) $", text[:position])
    if not match:
        return text
    following = text[position:].split(" ", 1)[0]
    article = indefinite_article(following)
    if match.group(1)[0].isupper():
        article = article.capitalize()
    return text[:match.start(1)] + article + text[match.end(1):]


def substitute_values(layout: Layout, unit: Unit, index: int, new_params: Any,
                      text: str) -> Optional[str]:
    """`text` (the unit, possibly already edited) with constraint `index` restated for
    `new_params`; None when some changed value cannot be edited in place."""
    constraint = get(layout.ids[index])
    old_params = layout.params[index]
    if new_params == old_params:
        return text
    old = old_params.model_dump()
    new = new_params.model_dump()
    changed = {name for name in new if new[name] != old.get(name)}
    spans = _value_texts(layout, unit, index)
    if not spans:
        return None
    count = constraint.count
    if count is not None and count.relation_field is not None and \
            count.relation_field in changed:
        return None  # a relation cannot be swapped inside somebody else's sentence
    done: set[str] = set()
    for span_text in spans:
        piece = span_text
        if count is not None and count.field in changed:
            edited = replace_number(piece, old[count.field], new[count.field])
            if edited is not None:
                piece = edited
                done.add(count.field)
        for name in changed - {count.field if count else ""}:
            edited = constraint.restate(name, old[name], new[name], piece)
            if edited is not None:
                piece = edited
                done.add(name)
        if piece != span_text:
            if span_text not in text:
                return None
            at = text.index(span_text)
            text = text[:at] + piece + text[at + len(span_text):]
            text = _fix_article_before(text, at)
    if changed - done:
        return None
    return text
