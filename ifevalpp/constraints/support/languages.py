"""Language names: how prompts name the languages langdetect knows, and how we name them.

Shared by language:response_language (its statements, wording and in-place
edits), the change_case:english_* types (a prompt asking for another language)
and the wording helpers.
"""

from __future__ import annotations

import functools
import re

# What a prompt may call each langdetect code (capitalised, as prompts write them).
NAMES_IN_PROMPTS: dict[str, tuple[str, ...]] = {
    "af": ("Afrikaans",), "ar": ("Arabic",), "bg": ("Bulgarian",), "bn": ("Bengali", "Bangla"),
    "ca": ("Catalan",), "cs": ("Czech",), "cy": ("Welsh",), "da": ("Danish",), "de": ("German",),
    "el": ("Greek",), "en": ("English",), "es": ("Spanish",), "et": ("Estonian",),
    "fa": ("Persian", "Farsi"), "fi": ("Finnish",), "fr": ("French",), "gu": ("Gujarati",),
    "he": ("Hebrew",), "hi": ("Hindi",), "hr": ("Croatian",), "hu": ("Hungarian",),
    "id": ("Indonesian",), "it": ("Italian",), "ja": ("Japanese",), "kn": ("Kannada",),
    "ko": ("Korean",), "lt": ("Lithuanian",), "lv": ("Latvian",), "mk": ("Macedonian",),
    "ml": ("Malayalam",), "mr": ("Marathi",), "ne": ("Nepali", "Nepalese"),
    "nl": ("Dutch",), "no": ("Norwegian",), "pa": ("Punjabi", "Panjabi"), "pl": ("Polish",),
    "pt": ("Portuguese",), "ro": ("Romanian",), "ru": ("Russian",), "sk": ("Slovak",),
    "sl": ("Slovenian", "Slovene"), "so": ("Somali",), "sq": ("Albanian",),
    "sv": ("Swedish",), "sw": ("Swahili", "Kiswahili"), "ta": ("Tamil",), "te": ("Telugu",),
    "th": ("Thai",), "tl": ("Tagalog", "Filipino"), "tr": ("Turkish",),
    "uk": ("Ukrainian",), "ur": ("Urdu",), "vi": ("Vietnamese",),
    "zh-cn": ("Chinese", "Mandarin", "Simplified Chinese"),
    "zh-tw": ("Chinese", "Mandarin", "Traditional Chinese"),
}

# Language names for the codes langdetect returns (our wording, English names).
ENGLISH_NAMES: dict[str, str] = {
    "af": "Afrikaans", "ar": "Arabic", "bg": "Bulgarian", "bn": "Bengali", "ca": "Catalan",
    "cs": "Czech", "cy": "Welsh", "da": "Danish", "de": "German", "el": "Greek", "en": "English",
    "es": "Spanish", "et": "Estonian", "fa": "Persian", "fi": "Finnish", "fr": "French",
    "gu": "Gujarati", "he": "Hebrew", "hi": "Hindi", "hr": "Croatian", "hu": "Hungarian",
    "id": "Indonesian", "it": "Italian", "ja": "Japanese", "kn": "Kannada", "ko": "Korean",
    "lt": "Lithuanian", "lv": "Latvian", "mk": "Macedonian", "ml": "Malayalam", "mr": "Marathi",
    "ne": "Nepali", "nl": "Dutch", "no": "Norwegian", "pa": "Punjabi", "pl": "Polish",
    "pt": "Portuguese", "ro": "Romanian", "ru": "Russian", "sk": "Slovak", "sl": "Slovenian",
    "so": "Somali", "sq": "Albanian", "sv": "Swedish", "sw": "Swahili", "ta": "Tamil",
    "te": "Telugu", "th": "Thai", "tl": "Tagalog", "tr": "Turkish", "uk": "Ukrainian",
    "ur": "Urdu", "vi": "Vietnamese", "zh-cn": "Simplified Chinese",
    "zh-tw": "Traditional Chinese",
}


def language_name(code: str) -> str:
    """Our English name for a language code (the code itself when unknown)."""
    return ENGLISH_NAMES.get(code, code)


@functools.lru_cache(maxsize=1)
def _language_pattern() -> re.Pattern[str]:
    names = sorted({name for names in NAMES_IN_PROMPTS.values() for name in names}, key=len,
                   reverse=True)
    return re.compile(r"\b(?:" + "|".join(names) + r")\b")


@functools.lru_cache(maxsize=64)
def _mentions(prompt: str) -> tuple[re.Match[str], ...]:
    return tuple(_language_pattern().finditer(prompt))


def language_mentions(prompt: str) -> list[re.Match[str]]:
    """Capitalised language names in the prompt ("Kannada", "Simplified Chinese"); read once
    per prompt for the language type, the case types and the unstored cues."""
    return list(_mentions(prompt))


# How each language is written, as far as a checker can tell: `latin` (the letters a–z),
# `cased` (capital and small letters, so all-caps words exist), `ascii_comma` (its comma is
# ","; Arabic, Persian and Urdu write "،", Chinese "，", Japanese "、", Thai separates with
# spaces), `spaced` (words stand between spaces, so the checker's word count counts words;
# Chinese, Japanese and Thai run words together), `full_stop` (sentences end with ".", "?"
# or "!", which the English sentence splitter reads; Hindi, Bengali, Punjabi and Nepali end
# them with "।", Urdu with "۔", Chinese and Japanese with "。", Thai with a space) and
# `english` (the language is English: words of an English list occur in it). A type that
# only means something in some scripts says which (`Constraint.script_needs`): no commas in
# Persian, fewer than 100 words in Chinese, or no word "very" in Hindi is met by any answer,
# and a reconfiguration must not change the language to such a script.
_LATIN = ("af ca cs cy da de en es et fi fr hr hu id it lt lv nl no pl pt ro sk sl so sq sv sw "
          "tl tr vi").split()
_CASED_OTHER = "bg el mk ru uk".split()
_NO_ASCII_COMMA = "ar fa ur ja zh-cn zh-tw th".split()
_UNSPACED = "ja zh-cn zh-tw th".split()
_OTHER_FULL_STOP = "hi bn pa ne ur ja zh-cn zh-tw th".split()

WRITING: dict[str, frozenset[str]] = {
    code: frozenset(
        ({"latin", "cased"} if code in _LATIN else {"cased"} if code in _CASED_OTHER else set())
        | (set() if code in _NO_ASCII_COMMA else {"ascii_comma"})
        | (set() if code in _UNSPACED else {"spaced"})
        | (set() if code in _OTHER_FULL_STOP else {"full_stop"})
        | ({"english"} if code == "en" else set()))
    for code in ENGLISH_NAMES
}
_EVERYTHING = frozenset({"latin", "cased", "ascii_comma", "spaced", "full_stop", "english"})


def writes_with(code: str, needs: frozenset[str]) -> bool:
    """Whether a text in language `code` can mean something to a checker that needs
    `needs` of its script (see `WRITING`); unknown codes are assumed to have everything."""
    return needs <= WRITING.get(code, _EVERYTHING)
