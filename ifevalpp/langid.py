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
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import math
import os
import random
import re
import struct
import tempfile
import threading
from typing import Final, cast

import numpy as np

__all__ = ["detect", "detect_reference"]

# --- constants of the langdetect 1.0.9 algorithm --------------------------------
_TRIALS: Final = 7
_ALPHA: Final = 0.5
_ALPHA_SPREAD: Final = 0.05
_BASE_FREQ: Final = 10000
_MAX_ITERATION: Final = 1000
_CONVERGED: Final = 0.99999
_MIN_REPORTED: Final = 0.1
_MAX_CHARS: Final = 10000
_UNKNOWN: Final = "unknown"
_CHECK_EVERY: Final = 5

# Text clean-up patterns, as the detector applies them (URLs first, then e-mails).
_URL = re.compile(r"https?://[-_.?&~;+=/#0-9A-Za-z]{1,2076}")
_MAIL = re.compile(r"[-_.0-9A-Za-z]{1,64}@[-_0-9A-Za-z]{1,255}[-_.0-9A-Za-z]{1,255}")
# The Latin heuristic counts code points 'A'..'z' (that includes [\]^_`) against
# every code point from U+0300 up: langdetect meant to exempt Latin Extended
# Additional, but it compares a block number with a block name, so nothing is exempt.
_LATIN_RANGE = re.compile("[A-z]")
_FROM_U0300 = re.compile("[\u0300-\U0010ffff]")

# Item type of the n-gram row lists (native int32, packed as bytes while building).
_ROW: Final = np.dtype(np.int32)
_PACK_ROW: Final = struct.Struct("=i").pack

# random.random(): 53 bits from two words; random.gauss uses tau.
_TWO_POW_26: Final = 67108864.0
_INV_TWO_POW_53: Final = 1.0 / 9007199254740992.0


def _langdetect_dir() -> str:
    """Folder of the installed langdetect package, found without importing it."""
    spec = importlib.util.find_spec("langdetect")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("langdetect is not installed; it provides the language profiles")
    return list(spec.submodule_search_locations)[0]


def _read_messages(path: str) -> dict[str, str]:
    """langdetect's messages.properties: KEY=value lines with \\uXXXX escapes."""
    found: dict[str, str] = {}
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            key, _, value = raw.strip().partition("=")
            found[key] = value.encode().decode("unicode_escape")
    return found


class _Normaliser(dict):  # type: ignore[type-arg]
    """``str.translate`` table (code point -> str) computed per character on first sight.

    It reproduces langdetect's ``NGram.normalize``: ASCII non-letters and
    General Punctuation become spaces, a few Latin-1 symbols too, Romanian
    comma-below letters become cedilla ones, Farsi yeh becomes Arabic yeh,
    Vietnamese stacked letters collapse to one, each kana script, Bopomofo and
    Hangul syllables collapse to one representative, and CJK ideographs map to
    the representative of their frequency class.
    """

    def __init__(self, latin1_spaces: str, cjk_class: dict[int, str]) -> None:
        super().__init__()
        self._latin1_spaces = frozenset(ord(ch) for ch in latin1_spaces)
        self._cjk_class = cjk_class

    def __missing__(self, cp: int) -> str:
        out = self._normalise(cp)
        self[cp] = out
        return out

    def _normalise(self, cp: int) -> str:
        if cp <= 0x7F:
            letter = 0x41 <= cp <= 0x5A or 0x61 <= cp <= 0x7A
            return chr(cp) if letter else " "
        if cp <= 0xFF:
            return " " if cp in self._latin1_spaces else chr(cp)
        if 0x180 <= cp <= 0x24F:
            if cp == 0x219:
                return "\u015f"
            if cp == 0x21B:
                return "\u0163"
            return chr(cp)
        if 0x600 <= cp <= 0x6FF:
            return "\u064a" if cp == 0x6CC else chr(cp)
        if 0x1E00 <= cp <= 0x1EFF:
            return "\u1ec3" if cp >= 0x1EA0 else chr(cp)
        if 0x2000 <= cp <= 0x206F:
            return " "
        if 0x3040 <= cp <= 0x309F:
            return "\u3042"
        if 0x30A0 <= cp <= 0x30FF:
            return "\u30a2"
        if 0x3100 <= cp <= 0x312F or 0x31A0 <= cp <= 0x31BF:
            return "\u3105"
        if 0x4E00 <= cp <= 0x9FFF:
            return self._cjk_class.get(cp, chr(cp))
        if 0xAC00 <= cp <= 0xD7AF:
            return "\uac00"
        return chr(cp)


class _Model:
    """Everything loaded from the langdetect package, built once and then read-only."""

    def __init__(self) -> None:
        base = _langdetect_dir()
        messages = _read_messages(os.path.join(base, "utils", "messages.properties"))
        self.languages, self._known, self._starts, self._columns, self._values = \
            _profiles(os.path.join(base, "profiles"))
        self.n_languages: int = len(self.languages)
        # n-gram -> its row, for the n-grams seen so far; gram_bytes holds the same row
        # packed as one _ROW item (row lists are built by bytes joins), or b"" for an
        # n-gram no profile has (so it adds nothing to a join). A new row waits in
        # _pending (as its n-gram's place in the profiles) until the table is next read,
        # then all waiting rows are filled at once.
        self.gram_row: dict[str, int] = {}
        self.gram_bytes: dict[str, bytes] = {" ": b""}  # a lone space is never offered
        self._table = np.zeros((4096, self.n_languages), dtype=np.float64)
        self._pending: list[int] = []
        self._grow_lock = threading.Lock()
        self.uniform_row = np.full(self.n_languages, 1.0 / self.n_languages)
        self.uniform_row.setflags(write=False)

        # CJK classes: every member maps to the class's first character; a later
        # class wins for a character listed twice (the original fills one dict in order).
        cjk: dict[int, str] = {}
        for key, members in messages.items():
            if key.startswith("NGram.KANJI_") and members:
                for ch in members:
                    cjk[ord(ch)] = members[0]
        self.normaliser = _Normaliser(messages["NGram.LATIN1_EXCLUDE"], cjk)

        # Vietnamese: a base letter followed by a combining mark becomes the
        # precomposed letter; the first position of each in its list decides.
        bases = messages["TO_NORMALIZE_VI_CHARS"]
        marks = messages["DMARK_CLASS"]
        composed = [
            messages["NORMALIZED_VI_CHARS_0300"],
            messages["NORMALIZED_VI_CHARS_0301"],
            messages["NORMALIZED_VI_CHARS_0303"],
            messages["NORMALIZED_VI_CHARS_0309"],
            messages["NORMALIZED_VI_CHARS_0323"],
        ]
        self.vi_pairs: dict[str, str] = {}
        for b in bases:
            for m in marks:
                self.vi_pairs[b + m] = composed[marks.find(m)][bases.find(b)]
        self.vi_pattern = re.compile("([" + bases + "])([" + marks + "])")

        # n-gram rows of one word, keyed by the word; one dict per "space follows" case.
        # (An empty word stands between two spaces and offers nothing.)
        self.word_rows: tuple[dict[str, bytes], dict[str, bytes]] = ({"": b""}, {"": b""})
        # Rows offered per n-gram buffer state (see _window_rows), shared by all words.
        self.window_rows: dict[str, bytes] = {}


    def packed_row(self, gram: str) -> bytes:
        """The n-gram's packed row, its row made on first sight; b"" if no profile has it."""
        with self._grow_lock:
            known = self.gram_bytes.get(gram)
            if known is not None:
                return known
            place = self._known.get(gram)
            if place is None:
                self.gram_bytes[gram] = b""
                return b""
            row = len(self.gram_row)
            self.gram_row[gram] = row
            self._pending.append(place)
            packed = self.gram_bytes[gram] = _PACK_ROW(row)
            return packed

    @property
    def table(self) -> np.ndarray:
        """The ``(n-grams seen, languages)`` matrix of probabilities, every row made so far."""
        with self._grow_lock:  # (a flush in another thread may not have stored its rows yet)
            if self._pending:
                self._flush()
            return self._table

    def _flush(self) -> None:
        places = np.asarray(self._pending, dtype=np.intp)
        self._pending = []
        first = len(self.gram_row) - places.shape[0]
        table = self._table
        if len(self.gram_row) > table.shape[0]:
            # A bigger copy: an estimate already holding the old matrix finds every row
            # it asked for there.
            grown = np.zeros((max(2 * table.shape[0], len(self.gram_row)), self.n_languages))
            grown[:first] = table[:first]
            table = grown
        # Each n-gram's (language, probability) entries are one run of the sparse arrays.
        begin, lengths = self._starts[places], self._starts[places + 1] - self._starts[places]
        within = np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        entries = np.repeat(begin, lengths) + within
        rows = np.repeat(np.arange(first, first + places.shape[0]), lengths)
        table[rows, self._columns[entries]] = self._values[entries]
        self._table = table


# --- the profiles in a form that loads fast ----------------------------------------------
# Parsing the 55 JSON profiles and arranging them takes about a tenth of a second, every
# process. The arrangement (`_read_profiles`) is kept in the user's cache folder as one .npz
# file (plain arrays, no pickle), named for the profile files it came from (names, sizes and
# modification times), and read back in a few milliseconds; where it cannot be written or
# read, the profiles are parsed as before. IFEVALPP_CACHE names another folder, or "off".
_CACHE_ENV: Final = "IFEVALPP_CACHE"
_SEPARATOR: Final = "\x00"  # between n-grams in the cached text (no n-gram holds it)


def _cache_file(folder: str) -> str | None:
    setting = os.environ.get(_CACHE_ENV, "")
    if setting.lower() == "off":
        return None
    if setting:
        cache = setting
    else:
        import platformdirs

        cache = platformdirs.user_cache_dir("ifevalpp", appauthor=False)
    digest = hashlib.sha256()
    for name in sorted(os.listdir(folder)):
        info = os.stat(os.path.join(folder, name))
        digest.update(f"{name}\t{info.st_size}\t{info.st_mtime_ns}\n".encode())
    return os.path.join(cache, f"langid-profiles-{digest.hexdigest()[:20]}.npz")


def _profiles(folder: str) -> tuple[tuple[str, ...], dict[str, int], np.ndarray,
                                    np.ndarray, np.ndarray]:
    """`_read_profiles(folder)`, from the cache file when there is one (else it is written)."""
    try:
        path = _cache_file(folder)
    except OSError:
        path = None
    if path is not None and os.path.exists(path):
        try:
            with np.load(path, allow_pickle=False) as stored:
                languages = tuple(bytes(stored["languages"]).decode("utf-8").split(_SEPARATOR))
                grams = bytes(stored["grams"]).decode("utf-8").split(_SEPARATOR)
                arrays = (stored["starts"].astype(np.intp), stored["columns"].astype(np.intp),
                          stored["values"])
            if arrays[0].shape[0] == len(grams) + 1 and arrays[1].shape == arrays[2].shape:
                return (languages, dict(zip(grams, range(len(grams)))), *arrays)
        except (OSError, ValueError, KeyError, UnicodeDecodeError):
            pass  # unreadable: parse the profiles again (and replace the file)
    found = _read_profiles(folder)
    if path is not None:
        _store(path, *found)
    return found


def _store(path: str, languages: tuple[str, ...], known: dict[str, int], starts: np.ndarray,
           columns: np.ndarray, values: np.ndarray) -> None:
    """Write the cache file atomically; say nothing if that is not possible."""
    grams = list(known)  # in place order: known[grams[i]] == i
    if any(_SEPARATOR in text for text in (*languages, *grams)):
        return
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".npz.tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                np.savez(out, languages=np.frombuffer(_SEPARATOR.join(languages).encode(), np.uint8),
                         grams=np.frombuffer(_SEPARATOR.join(grams).encode(), np.uint8),
                         starts=starts.astype(np.int64), columns=columns.astype(np.int16),
                         values=values)
            os.replace(temporary, path)
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)
    except OSError:
        pass


def _read_profiles(folder: str) -> tuple[tuple[str, ...], dict[str, int], np.ndarray,
                                         np.ndarray, np.ndarray]:
    """The JSON profiles in directory-listing order (which fixes language order), sparse.

    Returns the language names; each n-gram's place (a number of its own);
    and the (language, probability) entries of place p at ``starts[p]:starts[p + 1]`` of
    ``columns`` and ``values``, in language order. A probability is the original's
    ``1.0 * count / n_words[len(gram) - 1]``: the same IEEE division, done by numpy.
    """
    languages: list[str] = []
    profiles: list[dict[str, int]] = []
    totals: list[list[int]] = []
    for name in os.listdir(folder):
        if name.startswith("."):
            continue
        path = os.path.join(folder, name)
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as handle:
            profile = json.load(handle)
        languages.append(profile["name"])
        profiles.append(profile["freq"])
        totals.append(profile["n_words"])
    union = set().union(*profiles)
    known = dict(zip(union, range(len(union))))  # (places are internal: any order will do)
    places, columns, values = [], [], []
    for column, (counts, total) in enumerate(zip(profiles, totals)):
        size = len(counts)
        places.append(np.fromiter(map(known.__getitem__, counts), dtype=np.intp, count=size))
        columns.append(np.full(size, column, dtype=np.intp))
        lengths = np.fromiter(map(len, counts), dtype=np.intp, count=size)
        offered = (lengths >= 1) & (lengths <= 3)  # the detector offers no other n-gram
        per_length = np.asarray(total[:3], dtype=np.float64)
        values.append(np.where(offered, np.fromiter(counts.values(), dtype=np.float64, count=size)
                               / per_length[np.clip(lengths, 1, 3) - 1], 0.0))
    place = np.concatenate(places)
    order = np.argsort(place, kind="stable")  # by n-gram, languages in order within each
    starts = np.zeros(len(known) + 1, dtype=np.intp)
    np.cumsum(np.bincount(place, minlength=len(known)), out=starts[1:])
    return (tuple(languages), known, starts, np.concatenate(columns)[order],
            np.concatenate(values)[order])


class _Stream:
    """The 32-bit outputs of ``random.Random(0)``, in order, grown on demand."""

    def __init__(self) -> None:
        self._source = random.Random(0)
        self._lock = threading.Lock()
        self.words = np.zeros(0, dtype=np.uint32)
        self.extend_to(1 << 15)

    def extend_to(self, size: int) -> np.ndarray:
        with self._lock:
            have = self.words.shape[0]
            if have < size:
                more = max(size - have, have)
                # getrandbits(32*m) packs m consecutive outputs little-endian first.
                raw = self._source.getrandbits(32 * more).to_bytes(4 * more, "little")
                self.words = np.concatenate([self.words, np.frombuffer(raw, dtype="<u4")])
            return self.words


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
    """Empty the per-word and per-window caches (benchmarks measure the cold path with it)."""
    model = _model
    if model is not None:
        for cache in model.word_rows:
            cache.clear()
            cache[""] = b""
        model.window_rows.clear()


# --- text to n-gram rows ------------------------------------------------------------

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


# --- the seeded estimation ---------------------------------------------------------------

def _gauss_pair(w: list[int]) -> tuple[float, float]:
    """random.gauss from four stream words: the value returned now and the one kept for later."""
    u1 = ((w[0] >> 5) * _TWO_POW_26 + (w[1] >> 6)) * _INV_TWO_POW_53
    u2 = ((w[2] >> 5) * _TWO_POW_26 + (w[3] >> 6)) * _INV_TWO_POW_53
    angle = u1 * math.tau
    radius = math.sqrt(-2.0 * math.log(1.0 - u2))
    return math.cos(angle) * radius, math.sin(angle) * radius


class _Draws:
    """``random.choice`` over n items replayed on the stream: accepted positions and values."""

    def __init__(self, n: int, stream: _Stream) -> None:
        self.n = n
        self.shift = 32 - n.bit_length()
        self.stream = stream
        self.span = 0
        self.positions = np.zeros(0, dtype=np.intp)
        self.values = np.zeros(0, dtype=np.intp)
        self.cover(1024)

    def cover(self, span: int) -> None:
        """Scan the first ``span`` stream words for accepted draws."""
        words = self.stream.words
        if words.shape[0] < span:
            words = self.stream.extend_to(span)
        top = words[:span] >> self.shift
        self.positions = np.flatnonzero(top < self.n)
        self.values = top[self.positions].astype(np.intp)
        self.span = span

    def first_from(self, position: int) -> int:
        """Index of the first accepted draw at or after a stream position."""
        while True:
            first = int(self.positions.searchsorted(position))
            if first < self.positions.shape[0]:
                return first
            self.cover(self.span * 2)

    def take(self, first: int, count: int) -> np.ndarray:
        """Values of accepted draws ``first .. first+count-1`` (scanning further if needed)."""
        while first + count > self.positions.shape[0]:
            self.cover(self.span * 2)
        return self.values[first : first + count]


def _layout_slots(blocks: int, opening: bool) -> np.ndarray:
    """Flat positions of the draws in a ``(blocks + 1, 6)`` layout of check blocks.

    Row 0 of every block is the slot for the probability vector the block starts
    from (written by the previous block); rows 1..5 hold the five factors. An
    opening chunk's first block carries one draw (iteration 0 is checked alone)
    followed by four factors of exactly 1.0.
    """
    width = _CHECK_EVERY + 1
    slots = [b * width + 1 + k for b in range(blocks) for k in range(_CHECK_EVERY)]
    if opening:
        del slots[1:_CHECK_EVERY]
    return np.asarray(slots, dtype=np.intp)


_MAX_BLOCKS: Final = _MAX_ITERATION // _CHECK_EVERY + 1
_OPENING_SLOTS: Final = _layout_slots(_MAX_BLOCKS, True)
_LATER_SLOTS: Final = _layout_slots(_MAX_BLOCKS, False)


def _estimate(rows: np.ndarray, model: _Model, stream: _Stream) -> np.ndarray:
    """langdetect's 7-trial average of language probabilities over the n-gram rows."""
    table = model.table
    # Table rows to gather per chunk of check blocks. Only draw positions are
    # written; the other entries keep whatever valid row they hold, because the
    # rows gathered there are overwritten (probability slots, the 1.0 factors of
    # an opening block) or never read (the landing block after the last).
    layout = np.zeros((_MAX_BLOCKS + 1) * (_CHECK_EVERY + 1), dtype=np.intp)
    n_lang = model.n_languages
    width = _CHECK_EVERY + 1
    converged = _CONVERGED
    draws = _Draws(int(rows.shape[0]), stream)
    reduce = np.multiply.reduce
    divide = np.true_divide
    total = np.zeros(n_lang)
    position = 0  # next unused stream word
    spare: float | None = None
    leader = 0  # language whose share is tested first (see below)
    hint = 12
    for _ in range(_TRIALS):
        if spare is None:
            words = stream.words
            if words.shape[0] < position + 4:
                words = stream.extend_to(position + 4)
            z, spare = _gauss_pair(words[position : position + 4].tolist())
            position += 4
        else:
            z, spare = spare, None
        weight = (_ALPHA + (0.0 + z * 1.0) * _ALPHA_SPREAD) / _BASE_FREQ

        first = draws.first_from(position)
        used = 0  # draws consumed by this trial so far
        checks = 0  # convergence checks made by this trial so far
        prob = model.uniform_row
        opening = True
        while True:
            n_blocks = min(hint, _MAX_BLOCKS - checks)
            if opening:
                slots, count = _OPENING_SLOTS, _CHECK_EVERY * n_blocks - (_CHECK_EVERY - 1)
            else:
                slots, count = _LATER_SLOTS, _CHECK_EVERY * n_blocks
            layout[slots[:count]] = rows[draws.take(first + used, count)]
            block = table.take(layout[: (n_blocks + 1) * width], axis=0).reshape(n_blocks + 1, width, n_lang)
            block += weight
            block[0, 0] = prob
            if opening:
                block[0, 2:] = 1.0
            done = False
            ran = 0
            for factors, prob in zip(block, block[1:, 0]):
                reduce(factors, 0, None, prob)
                values = prob.tolist()
                norm = sum(values)
                divide(prob, norm, prob)
                ran += 1
                # The detector stops once max(p)/sum(p) > 0.99999. Testing the
                # leader's share first is exact: above the threshold means the
                # maximum is too; between 0.001 and the threshold leaves every
                # other share below 0.999 (all shares are >= 0 and sum to ~1).
                share = values[leader] / norm
                if share < 0.001:
                    peak = max(values)
                    leader = values.index(peak)
                    share = peak / norm
                if share > converged:
                    done = True
                    break
            checks += ran
            used += _CHECK_EVERY * ran - (_CHECK_EVERY - 1 if opening else 0)
            # The check at iteration 1000 is the last one whatever the shares.
            if done or checks >= _MAX_BLOCKS:
                break
            opening = False
            hint = n_blocks * 2
        hint = max(4, checks + 2)

        total += prob / _TRIALS
        position = int(draws.positions[first + used - 1]) + 1

    return total


def detect(text: str) -> str | None:
    """Language code langdetect (seed 0) would return for text; None where langdetect raises LangDetectException (no features)."""
    model, stream = _ready()
    rows = _features(text, model)
    if rows.shape[0] == 0:
        return None
    return _top_language(_estimate(rows, model, stream), model.languages)


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
    from langdetect import DetectorFactory  # type: ignore[import-untyped]
    from langdetect import detect as langdetect_detect
    from langdetect.lang_detect_exception import LangDetectException  # type: ignore[import-untyped]

    DetectorFactory.seed = 0
    try:
        answer: str = langdetect_detect(text)
    except LangDetectException:
        return None
    return answer
