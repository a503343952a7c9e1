"""The languages many responses will be asked for, worked out together before checking.

Three types ask langdetect (`text.language`) about the text strict mode judges:
`language:response_language` always, `change_case:english_capital` when that text is upper
case and `change_case:english_lowercase` when it is lower case (each tests the case first).
`prime_languages` hands those texts to `langid.prime`, which estimates them side by side;
the checks that follow find their answers waiting. Verdicts cannot change: a primed answer
is the one `langid.detect` computes for that text.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from ...profiles import Profile

# Type -> does its strict check ask for the language of this (non-blank) judged text?
_ASKS: dict[str, Callable[[str], bool]] = {
    "language:response_language": lambda judged: True,
    "change_case:english_capital": str.isupper,
    "change_case:english_lowercase": str.islower,
}


def texts_asked(instruction_ids: Sequence[str], response: str,
                profiles: Sequence[Profile] = ("official",)) -> list[str]:
    """The texts whose language strict checking of `response` will ask for (at most one per
    profile; none for a blank judged text, which fails before any check)."""
    asks = [ask for ask in map(_ASKS.get, instruction_ids) if ask is not None]
    if not asks:
        return []
    from .. import strict_text

    asked: list[str] = []
    for profile in profiles:
        judged = strict_text(response, profile)
        if judged not in asked and judged.strip() and any(ask(judged) for ask in asks):
            asked.append(judged)
    return asked


def prime_languages(items: Iterable[tuple[Sequence[str], str]],
                    profiles: Sequence[Profile] = ("official",)) -> None:
    """Estimate together the languages strict checking of these (instruction ids, response)
    pairs will ask for."""
    texts: list[str] = []
    # Rows of one prompt share their id list: whether it holds a language check is asked once.
    asking: dict[int, tuple[Sequence[str], bool]] = {}
    for ids, response in items:
        known = asking.get(id(ids))
        if known is None or known[0] is not ids:
            known = asking[id(ids)] = (ids, any(map(_ASKS.__contains__, ids)))
        if known[1]:
            texts += texts_asked(ids, response, profiles)
    if texts:
        from ... import langid

        langid.prime(texts)


__all__ = ["prime_languages", "texts_asked"]
