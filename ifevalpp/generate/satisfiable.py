"""Joint satisfiability of a reconfigured set of constraints, before it is written out.

`compatible(ids, params)` is the generators' quick, rough check: every type says
what text a passing response must contain (`Constraint.sketch_texts`) and
narrows a rough word and sentence range or names a clash (`Constraint.sketch`).
New settings themselves come from each type's `Constraint.reconfigure`. The
validator, which runs on every cousin, remains the real judge.

`trivialised(ids, params)` is the other half of a fair reconfiguration: a set can hold
together and still ask less, when the language asked for is written in a script in which
another constraint holds by itself (`Constraint.script_needs`: no commas in Persian,
fewer than 100 words in Chinese, no word "very" in Hindi).
"""

from __future__ import annotations

import re
from typing import Any, Optional, Sequence

from ..constraints import get
from ..constraints.support.choosing import relations
from ..constraints.support.languages import language_name, writes_with
from ..constraints.support.sketch import UNBOUNDED, Sketch
from ..profiles import Profile

_TOKEN = re.compile(r"\w+")


def compatible(ids: Sequence[str], params: Sequence[Any], *,
               profile: Profile = "official") -> Optional[str]:
    """None when the constraints can hold together; otherwise a one-line reason."""
    allowed = relations(profile)
    for instruction_id, item in zip(ids, params):
        count = get(instruction_id).count
        if count is not None and count.relation_field is not None:
            value = getattr(item, count.relation_field, None)
            if value is not None and value not in allowed:
                return f"{instruction_id}: relation {value!r} is not checked by the {profile} profile"
    texts = [text for instruction_id, item in zip(ids, params)
             for text in get(instruction_id).sketch_texts(item)]
    sketch = Sketch(texts=texts, ids=frozenset(ids))
    sketch.min_words = max(sketch.min_words, sum(len(_TOKEN.findall(text)) for text in texts))
    for instruction_id, item in zip(ids, params):
        reason = get(instruction_id).sketch(item, sketch)
        if reason is not None:
            return reason
    min_words = max(sketch.min_words, sketch.min_sentences * 3)
    max_words = sketch.max_words
    if sketch.max_sentences < UNBOUNDED:
        max_words = min(max_words, sketch.max_sentences * 80)
    if sketch.min_sentences > sketch.max_sentences:
        return (f"needs at least {sketch.min_sentences} sentences but allows at most "
                f"{sketch.max_sentences}")
    if min_words > max_words:
        return f"needs at least {min_words} words but allows at most {max_words}"
    return None


def trivialised(ids: Sequence[str], params: Sequence[Any]) -> Optional[str]:
    """Why a constraint of the set means nothing beside the language another one asks for
    (its script lacks what the check needs: `support/languages.WRITING`), or None."""
    for asking_id, asking in zip(ids, params):
        code = get(asking_id).language_of(asking)
        if code is None:
            continue
        for instruction_id in ids:
            needs = get(instruction_id).script_needs
            if needs and not writes_with(code, needs):
                return (f"{instruction_id} needs a script with {', '.join(sorted(needs))}, "
                        f"which {language_name(code)} lacks: it holds by itself or never")
    return None
