"""Keyword patterns shared by keywords:existence and keywords:frequency (cached per keyword)."""

from __future__ import annotations

import functools
import re

from ...profiles import Profile


@functools.lru_cache(maxsize=4096)
def _substring_pattern(keyword: str) -> re.Pattern[str]:
    # The official checker hands the keyword to the regex engine as is.
    return re.compile(keyword, re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def _whole_word_pattern(keyword: str) -> re.Pattern[str]:
    # Revised: the keyword literally, not inside a longer word.
    return re.compile(r"(?<!\w)" + re.escape(keyword) + r"(?!\w)", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def _bounded_pattern(keyword: str) -> re.Pattern[str]:
    # ifevalpp-paper: \b, the keyword literally, \b (so "#tag" needs a word character before it).
    return re.compile(r"\b" + re.escape(keyword) + r"\b", re.IGNORECASE)


def counts_inside_words(profile: Profile) -> bool:
    """Whether `keyword_pattern` under `profile` finds a keyword inside longer words."""
    return profile == "official"


def keyword_pattern(keyword: str, profile: Profile) -> re.Pattern[str]:
    if counts_inside_words(profile):
        return _substring_pattern(keyword)
    if profile == "ifevalpp-paper":
        return _bounded_pattern(keyword)
    return _whole_word_pattern(keyword)
