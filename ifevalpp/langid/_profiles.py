"""The langdetect profiles, arranged for lookup: the model, its normaliser, and a fast-loading copy.

Part of ``ifevalpp.langid`` (its docstring tells the whole method).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import struct
import tempfile
import threading
from typing import Final

import numpy as np

# Item type of the n-gram row lists (native int32, packed as bytes while building).
_ROW: Final = np.dtype(np.int32)
_PACK_ROW: Final = struct.Struct("=i").pack

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


class _Normaliser(dict):
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

