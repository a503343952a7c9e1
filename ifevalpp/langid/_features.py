"""Text to langdetect's n-gram rows, in the order its detector takes them.

Part of ``ifevalpp.langid`` (its docstring tells the whole method).
"""

from __future__ import annotations

import re
from typing import Final, cast

import numpy as np

from ._profiles import _ROW, _Model

_MAX_CHARS: Final = 10000

# Text clean-up patterns, as the detector applies them (URLs first, then e-mails).
_URL = re.compile(r"https?://[-_.?&~;+=/#0-9A-Za-z]{1,2076}")
_MAIL = re.compile(r"[-_.0-9A-Za-z]{1,64}@[-_0-9A-Za-z]{1,255}[-_.0-9A-Za-z]{1,255}")
# The Latin heuristic counts code points 'A'..'z' (that includes [\]^_`) against
# every code point from U+0300 up: langdetect meant to exempt Latin Extended
# Additional, but it compares a block number with a block name, so nothing is exempt.
_LATIN_RANGE = re.compile("[A-z]")
_FROM_U0300 = re.compile("[\u0300-\U0010ffff]")


def _clean(text: str, model: _Model) -> str:
    """The detector's input handling: drop URLs and e-mails, fold Vietnamese, cut, de-Latinise."""
    if "://" in text:
        text = _URL.sub(" ", text)
    if "@" in text:
        text = _MAIL.sub(" ", text)
    if text.isascii():
        return text[:_MAX_CHARS]
    text = model.vi_pattern.sub(lambda m: model.vi_pairs[m.group(0)], text)
    text = text[:_MAX_CHARS]
    # (langdetect also squeezes runs of spaces here; a second space never yields
    # an n-gram nor changes the n-gram state, so that step is left out.)
    without_latin, latin = _LATIN_RANGE.subn("", text)
    if latin * 2 < len(_FROM_U0300.findall(text)):
        return without_latin
    return text


def _window_rows(window: str, model: _Model) -> bytes:
    """Packed rows of the n-grams offered when the last character of ``window`` arrives.

    ``window`` is the detector's n-gram buffer at that moment: a space plus the
    word's first character, or the last three characters (the middle one is
    never a space). The 1-, 2- and 3-grams ending there are offered in that
    order, unless the last two characters are both upper case; a lone space
    is never offered (and is not a key here).
    """
    if len(window) == 2:
        grams: tuple[str, ...] = (window[1], window)
    elif window[2].isupper() and window[1].isupper():
        return b""
    else:
        grams = (window[2], window[1:], window)
    parts = list(map(model.gram_bytes.get, grams))
    if None in parts:
        parts = [model.packed_row(gram) if part is None else part
                 for gram, part in zip(grams, parts)]
    return b"".join(cast("list[bytes]", parts))


def _word_rows(word: str, spaced: bool, model: _Model) -> bytes:
    """Packed rows of the n-grams the detector takes from one word, in its order.

    The detector's buffer holds the characters since the last space, that space
    included, three at most; ``spaced`` says whether a space follows the word.
    """
    padded = " " + word + " " if spaced else " " + word
    windows = model.window_rows
    keys = [padded[0:2]]
    keys += [padded[end - 2 : end + 1] for end in range(2, len(padded))]
    parts = list(map(windows.get, keys))
    if None in parts:
        if len(windows) > 500_000:
            windows.clear()
        for i in [i for i, part in enumerate(parts) if part is None]:
            key = keys[i]
            got = windows.get(key)
            if got is None:
                got = windows[key] = _window_rows(key, model)
            parts[i] = got
    return b"".join(cast("list[bytes]", parts))


def _features(text: str, model: _Model) -> np.ndarray:
    """Rows of all n-grams langdetect takes from the text, in its order (may be empty)."""
    words = _clean(text, model).translate(model.normaliser).split(" ")
    last = words.pop()
    spaced, unspaced = model.word_rows
    parts = list(map(spaced.get, words))
    if None in parts:
        if len(spaced) > 200_000:
            spaced.clear()
            spaced[""] = b""
        for i in [i for i, part in enumerate(parts) if part is None]:
            word = words[i]
            got = spaced.get(word)
            if got is None:
                got = spaced[word] = _word_rows(word, True, model)
            parts[i] = got
    tail = unspaced.get(last)
    if tail is None:
        if len(unspaced) > 20_000:
            unspaced.clear()
            unspaced[""] = b""
        tail = unspaced[last] = _word_rows(last, False, model)
    parts.append(tail)
    return np.frombuffer(b"".join(cast("list[bytes]", parts)), dtype=_ROW)

