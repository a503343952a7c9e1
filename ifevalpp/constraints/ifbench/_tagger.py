"""NLTK's averaged-perceptron English tagger, as `nltk.pos_tag` (NLTK 3.9.2) tags the first token,
for `words:start_verb` — from the tagger's own JSON files, supplied by the user.

The model (`averaged_perceptron_tagger_eng`: weights, tag dictionary, classes) is NLTK data
that no package on PyPI carries and that ifevalpp does not download, so this module never
guesses: without the files `words:start_verb` is unavailable, and says how to supply them
(`IFEVALPP_POS_TAGGER`, or `use_tagger(path)` in Python). With them, the first token's tag is
computed as NLTK 3.9.2's `PerceptronTagger.tag` computes it: the tag dictionary first, else
the features of the token and its two neighbours on each side (the two before it are the
START markers), the weights summed in the files' order and the best class chosen by (score,
name). Only the first tag is needed, and it depends on the first three tokens alone.
"""

from __future__ import annotations

import json
import os
import threading
from collections import defaultdict
from pathlib import Path
from typing import Optional, Sequence

ENV_VAR = "IFEVALPP_POS_TAGGER"
NAME = "averaged_perceptron_tagger_eng"
FILES = tuple(f"{NAME}.{part}.json" for part in ("weights", "tagdict", "classes"))
HOW = (f"words:start_verb needs NLTK's averaged-perceptron English tagger ({NAME}: the three "
       f"files {', '.join(FILES)}), which ifevalpp neither ships nor downloads; fetch it once "
       f"with NLTK 3.9 or later (`python -m nltk.downloader {NAME}`) and set {ENV_VAR} to its "
       f"folder (<nltk_data>/taggers/{NAME}) or to the nltk_data folder itself")

_lock = threading.Lock()
_chosen: Optional[Path] = None
_loaded: dict[Path, "Tagger"] = {}


class Tagger:
    """The model's three parts, read from JSON (never a pickle)."""

    def __init__(self, folder: Path) -> None:
        def part(name: str):
            with open(folder / name, encoding="utf-8") as handle:
                return json.load(handle)

        self.weights: dict[str, dict[str, float]] = part(FILES[0])
        self.tagdict: dict[str, str] = part(FILES[1])
        self.classes: list[str] = list(part(FILES[2]))

    @staticmethod
    def normalize(word: str) -> str:
        if "-" in word and word[0] != "-":
            return "!HYPHEN"
        if word.isdigit() and len(word) == 4:
            return "!YEAR"
        if word and word[0].isdigit():
            return "!DIGITS"
        return word.lower()

    def first_tag(self, tokens: Sequence[str]) -> str:
        """The tag `nltk.pos_tag(tokens)` gives `tokens[0]`."""
        word = tokens[0]
        known = self.tagdict.get(word)
        if known:
            return known
        after = [self.normalize(token) for token in tokens[1:3]] + ["-END-", "-END2-"]
        here = self.normalize(word)
        features = (
            "bias", "i suffix " + word[-3:], "i pref1 " + (word[0] if word else ""),
            "i-1 tag -START-", "i-2 tag -START2-", "i tag+i-2 tag -START- -START2-",
            "i word " + here, "i-1 tag+i word -START- " + here, "i-1 word -START2-",
            "i-1 suffix T2-", "i-2 word -START-", "i+1 word " + after[0],
            "i+1 suffix " + after[0][-3:], "i+2 word " + after[1])
        scores: defaultdict[str, float] = defaultdict(float)
        for feature in dict.fromkeys(features):  # a repeated feature adds its weights twice
            weights = self.weights.get(feature)
            if weights is None:
                continue
            times = features.count(feature)
            for label, weight in weights.items():
                scores[label] += times * weight
        return max(self.classes, key=lambda label: (scores[label], label))


def use_tagger(path: Optional[os.PathLike[str] | str]) -> None:
    """Use the tagger files in `path` (its folder, or an nltk_data folder holding
    taggers/averaged_perceptron_tagger_eng); None goes back to $IFEVALPP_POS_TAGGER."""
    global _chosen
    _chosen = Path(path) if path is not None else None


def _folder() -> Optional[Path]:
    given = _chosen if _chosen is not None else (
        Path(os.environ[ENV_VAR]) if os.environ.get(ENV_VAR) else None)
    if given is None:
        return None
    for folder in (given, given / "taggers" / NAME):
        if all((folder / name).is_file() for name in FILES):
            return folder
    return None


def missing() -> Optional[str]:
    """Why the tagger cannot be used, or None when its files are there."""
    if _folder() is not None:
        return None
    given = _chosen if _chosen is not None else os.environ.get(ENV_VAR)
    if given:
        return f"{HOW} ({given} does not hold the three files)"
    return HOW


def tagger() -> Tagger:
    folder = _folder()
    if folder is None:
        from ...errors import CheckerUnavailable

        raise CheckerUnavailable(missing() or HOW)
    with _lock:
        if folder not in _loaded:
            _loaded[folder] = Tagger(folder)
        return _loaded[folder]
