"""Seeded langdetect, answered exactly and quickly.

The official IFEval evaluator asks ``langdetect.detect`` (langdetect 1.0.9, with
``DetectorFactory.seed = 0``) for the language of a response. That call spends
its time in pure Python: a normalisation and three dictionary look-ups per
character, then, for each of 7 trials, tens to a thousand probability updates,
each a Python loop over 55 languages. ``detect`` here returns the same answer,
and computes the same probabilities bit for bit, with the work arranged so that
little of it runs in the interpreter:

* The language profiles shipped inside the installed ``langdetect`` package are
  parsed once (lazily, under a lock), in the original's language order (the
  profile directory's listing order). An n-gram gets its row of the
  ``(n-grams, languages)`` float64 matrix, with the original's division, the
  first time a text offers it: a run builds the few thousand rows its texts
  use, not all 87,598 (which took most of a second and 38 MB).
* Characters are normalised by ``str.translate`` with a table filled on first
  sight of each character. N-grams are collected per word and cached: a word's
  n-grams only depend on the word and on whether a space follows it, and a new
  word is assembled from cached three-character windows.
* The detector reseeds ``random.Random`` with 0 for every text, so its Mersenne
  Twister output is one fixed stream of 32-bit words. ``random.choice`` is a
  rejection sampler on that stream (top ``k`` bits, retry when out of range)
  and ``random.gauss`` is a function of four of its words, so both are replayed
  from a numpy copy of the stream.
* Between two convergence checks the original multiplies each language's
  probability by five factors in turn; ``np.multiply.reduce`` along the first
  axis of a ``(6, languages)`` block whose first row is the current vector makes
  the same products in the same order, element by element. The normalising
  sum is Python's own ``sum`` over a list, as in the original (numpy's
  pairwise ``sum`` rounds differently, and Python 3.12 changed ``sum``).

Like langdetect, ``detect`` answers ``"unknown"`` when no language's averaged
probability exceeds 0.1; where langdetect raises (no usable n-gram at all) it
answers None. ``detect_reference`` runs the real package, for tests and
benchmarks.

The code is split by stage: ``_profiles`` (the model and its fast-loading copy),
``_features`` (text to n-gram rows), ``_trials`` (the seeded trials, one text at a time
or many side by side). ``detect_many`` answers a list of texts at once; ``prime`` does so
ahead of the ``detect`` calls that will follow (a scorer knows which texts its checkers
will ask about), so that those calls find their answers waiting.
"""

from __future__ import annotations

import threading
from typing import Final, Iterable, Optional

import numpy as np

from ._features import _clean, _features  # noqa: F401
from ._profiles import _cache_file, _langdetect_dir, _Model, _profiles, _read_profiles  # noqa: F401
from ._trials import (_CHECK_EVERY, _MAX_BLOCKS, _Draws, _estimate, _estimate_many,  # noqa: F401
                      _gauss_pair, _Stream)

__all__ = ["detect", "detect_many", "detect_reference", "prime"]

_MIN_REPORTED: Final = 0.1
_UNKNOWN: Final = "unknown"

_model: _Model | None = None
_stream: _Stream | None = None
_init_lock = threading.Lock()


def _ready() -> tuple[_Model, _Stream]:
    """Build the model and the random stream once, whichever thread asks first."""
    global _model, _stream
    model, stream = _model, _stream
    if model is None or stream is None:
        with _init_lock:
            if _model is None or _stream is None:
                _stream = _Stream()
                _model = _Model()
            model, stream = _model, _stream
    return model, stream


def _forget_words() -> None:
    """Empty the per-word and per-window caches and the primed answers (benchmarks measure
    the cold path with it)."""
    model = _model
    if model is not None:
        for cache in model.word_rows:
            cache.clear()
            cache[""] = b""
        model.window_rows.clear()
    _primed.clear()


# Answers computed ahead by `prime`, each handed out once by `detect` (the caller caches it);
# bounded: cleared when full.
_primed: dict[str, Optional[str]] = {}
_PRIMED_LIMIT: Final = 8192
_MISSING: Final = object()
_MANY_AT_ONCE: Final = 512  # texts estimated side by side in one call


def detect(text: str) -> str | None:
    """Language code langdetect (seed 0) would return for text; None where langdetect raises LangDetectException (no features)."""
    answer = _primed.pop(text, _MISSING)
    if answer is not _MISSING:
        return answer  # type: ignore[return-value]  # a primed answer: not the _MISSING sentinel, so Optional[str]
    model, stream = _ready()
    rows = _features(text, model)
    if rows.shape[0] == 0:
        return None
    return _top_language(_estimate(rows, model, stream), model.languages)


def detect_many(texts: Iterable[str]) -> list[str | None]:
    """``[detect(text) for text in texts]``, the estimates of all texts made side by side."""
    texts = list(texts)
    model, stream = _ready()
    rows = [_features(text, model) for text in texts]
    chosen = [number for number, found in enumerate(rows) if found.shape[0]]
    answers: list[str | None] = [None] * len(texts)
    for start in range(0, len(chosen), _MANY_AT_ONCE):  # (bounds the arrays of one call)
        some = chosen[start:start + _MANY_AT_ONCE]
        averages = _estimate_many([rows[number] for number in some], model, stream)
        for number, row in zip(some, averages):
            answers[number] = _top_language(row, model.languages)
    return answers


def prime(texts: Iterable[str]) -> None:
    """Work out, side by side, the answers ``detect`` will be asked for these texts.

    Only speed changes: ``detect`` of a primed text returns what it would have computed.
    Texts already waiting are not estimated again; at most ``_PRIMED_LIMIT`` answers wait.
    """
    new = list(dict.fromkeys(text for text in texts if text not in _primed))
    if not new:
        return
    if len(_primed) + len(new) > _PRIMED_LIMIT:
        _primed.clear()
        new = new[:_PRIMED_LIMIT]
    _primed.update(zip(new, detect_many(new)))


def _top_language(averages: np.ndarray, languages: tuple[str, ...]) -> str:
    """The head of langdetect's ranking: languages above 0.1, by probability, ties in profile order.

    That is the first maximum if it clears 0.1, else ``"unknown"``.
    """
    best = int(averages.argmax())
    return languages[best] if averages[best] > _MIN_REPORTED else _UNKNOWN


def _probabilities(text: str) -> list[float] | None:
    """Per-language averages (profile order) behind ``detect``; None without features.

    Tests compare these with langdetect's own vector, bit for bit.
    """
    model, stream = _ready()
    rows = _features(text, model)
    if rows.shape[0] == 0:
        return None
    averages: list[float] = _estimate(rows, model, stream).tolist()
    return averages


def detect_reference(text: str) -> str | None:
    """The same through the real langdetect package with seed 0 (slow; for tests/benchmarks)."""
    from langdetect import DetectorFactory
    from langdetect import detect as langdetect_detect
    from langdetect.lang_detect_exception import LangDetectException

    DetectorFactory.seed = 0
    try:
        answer: str = langdetect_detect(text)
    except LangDetectException:
        return None
    return answer
