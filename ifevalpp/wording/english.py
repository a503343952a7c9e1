"""The bits of English morphology a wording grammar needs: numbers, articles, verb forms.

Small and exact on purpose: these functions serve sentences we write ourselves
(our own verbs, our own nouns), so a handful of rules and exceptions is enough,
and they must never touch text a checker reads (the grammar engine keeps
parameter values out of their reach).
"""

from __future__ import annotations

import re
from typing import Callable, Optional

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ORDINAL_WORDS = {"one": "first", "two": "second", "three": "third", "five": "fifth",
                  "eight": "eighth", "nine": "ninth", "twelve": "twelfth"}


def number_words(value: int) -> str:
    """An integer in English words: 7 -> 'seven', 300 -> 'three hundred', 1250 -> 'one
    thousand two hundred fifty' (no 'and', as in American usage), -3 -> 'minus three'."""
    if value < 0:
        return "minus " + number_words(-value)
    if value < 20:
        return _ONES[value]
    if value < 100:
        tens, ones = divmod(value, 10)
        return _TENS[tens] + ("-" + _ONES[ones] if ones else "")
    for size, name in ((10**9, "billion"), (10**6, "million"), (1000, "thousand"),
                       (100, "hundred")):
        if value >= size:
            head, rest = divmod(value, size)
            words = number_words(head) + " " + name
            return words + (" " + number_words(rest) if rest else "")
    raise AssertionError("unreachable")  # pragma: no cover


def spellable(value: int) -> bool:
    """Whether a person would plausibly write this count in words: up to twenty, round tens
    below a hundred, round hundreds below ten thousand, round thousands below a million."""
    if 0 <= value <= 20:
        return True
    if value < 100:
        return value % 10 == 0
    if value < 10_000:
        return value % 100 == 0
    return value < 1_000_000 and value % 1000 == 0


def ordinal_words(value: int) -> str:
    """1 -> 'first', 2 -> 'second', 21 -> 'twenty-first', 100 -> 'one hundredth'."""
    words = number_words(value)
    head, sep, last = words.rpartition(" ")
    head2, sep2, last2 = last.rpartition("-")
    if last2 in _ORDINAL_WORDS:
        ordinal_last = _ORDINAL_WORDS[last2]
    elif last2.endswith("y"):
        ordinal_last = last2[:-1] + "ieth"
    else:
        ordinal_last = last2 + "th"
    return head + sep + head2 + sep2 + ordinal_last


def ordinal_digits(value: int) -> str:
    """1 -> '1st', 2 -> '2nd', 11 -> '11th', 23 -> '23rd'."""
    if 10 <= value % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix}"


# ---------------------------------------------------------------- counts in words

_IRREGULAR = {"family": "families", "is": "are", "has": "have", "was": "were"}


def plural(count: int, noun: str, many: Optional[str] = None) -> str:
    """`count noun` with the noun in the form the count needs (thousands separated):
    "1 prompt", "2 prompts", "1,200 families" — never "prompt(s)"."""
    word = noun if count == 1 else (many or _IRREGULAR.get(noun) or f"{noun}s")
    return f"{count:,} {word}"


# ---------------------------------------------------------------- articles

# Words spelt with a vowel letter but said with a consonant sound, and the reverse.
_CONSONANT_SOUND = re.compile(
    r"^(?:uni(?!n)|use|usu|uti|ure|euro|eu|one\b|once\b|ubiq|uk\b|ufo|u\b|u-)", re.IGNORECASE)
_VOWEL_SOUND = re.compile(r"^(?:hour|honest|honou?r|heir|herb\b)", re.IGNORECASE)
# Letter names that start with a vowel sound: an F, an SMS, an MBA, an X-ray.
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")
_DIGIT_VOWEL = re.compile(r"^(?:8|11(?!\d)|11\d{2}(?!\d)|18(?!\d)|18\d{2}(?!\d)|8\d)")


def indefinite_article(next_word: str) -> str:
    """'a' or 'an' for the word that follows: an essay, a user, an hour, an 8-line poem,
    an SMS, a JSON object, a one-line summary."""
    word = next_word.lstrip("\"'“‘([*_")
    if not word:
        return "a"
    if word[0].isdigit():
        return "an" if _DIGIT_VOWEL.match(word) else "a"
    letters = re.match(r"[A-Za-z]+", word)
    token = letters.group(0) if letters else word
    if len(token) >= 2 and token.isupper() and not _pronounced_as_word(token):
        return "an" if token[0] in _VOWEL_LETTERS else "a"
    if len(token) == 1 and token.isalpha():
        return "an" if token.upper() in _VOWEL_LETTERS else "a"
    if _VOWEL_SOUND.match(word):
        return "an"
    if _CONSONANT_SOUND.match(word):
        return "a"
    return "an" if word[0].lower() in "aeiou" else "a"


# Capitalised words said as words, not letter by letter: "a JSON object", "a NASA report".
_WORD_ACRONYMS = frozenset({"JSON", "NASA", "NATO", "UNESCO", "UNICEF", "YAML", "ASCII"})


def _pronounced_as_word(token: str) -> bool:
    return token in _WORD_ACRONYMS


# ---------------------------------------------------------------- verbs

_THIRD_PERSON = {"be": "is", "have": "has", "do": "does", "go": "goes"}
_MODALS = frozenset({"must", "should", "can", "could", "may", "might", "will", "would",
                     "shall", "needs", "ought"})
_GERUND = {"be": "being", "see": "seeing", "lie": "lying", "tie": "tying", "die": "dying"}
_DOUBLE_FINAL = frozenset({"put", "get", "set", "cut", "run", "split", "format", "quit", "chat", "jot", "trim", "swap", "tap", "pin", "dig", "stop", "begin", "plan", "let",
                           "sit", "hit", "drop", "ship", "skip", "wrap", "slip", "fit",
                           "admit", "commit", "submit", "omit", "permit", "refer", "prefer"})


def third_person(verb: str) -> str:
    """The third-person singular present of a base-form verb: be -> is, keep -> keeps,
    finish -> finishes, carry -> carries. Modals stay as they are."""
    lower = verb.lower()
    if lower in _MODALS:
        return verb
    if lower in _THIRD_PERSON:
        return _match_case(verb, _THIRD_PERSON[lower])
    if re.search(r"(?:s|sh|ch|x|z|o)$", lower):
        return verb + "es"
    if re.search(r"[^aeiou]y$", lower):
        return verb[:-1] + "ies"
    return verb + "s"


# A second verb joined to the first ("begin it with a mark and *end* it with another"): the
# word after "and" or "then" that is followed by its object's pronoun or determiner.
_SECOND_VERB = re.compile(r"(\b(?:and|then) )(?!(?:then|also|so|not|now|only|just|still|even|"
                          r"all|each|every|both|the|a|an|in|on|at|to|for|with|by|of|from|into|as|"
                          r"about|over|under|without|within|throughout|before|after)\b)([a-z]+)(?= (?:it|its|your|the|them|"
                          r"each|every|a|an|one|no|all)\b)")


def inflect_joined(text: str, inflect: Callable[[str], str]) -> str:
    """`text` with the verbs joined to its first one inflected as it was ("beginning it … and
    ending it …", not "… and end it …"); the first word is the caller's."""
    return _SECOND_VERB.sub(lambda match: match.group(1) + inflect(match.group(2)), text)


def plural_present(verb: str) -> str:
    """The present with a plural subject or 'you': be -> are, keep -> keep."""
    return _match_case(verb, "are") if verb.lower() == "be" else verb


def gerund(verb: str) -> str:
    """The -ing form: write -> writing, keep -> keeping, put -> putting, be -> being."""
    lower = verb.lower()
    if lower in _GERUND:
        return _match_case(verb, _GERUND[lower])
    if lower in _DOUBLE_FINAL or (re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", lower)
                                   and len(lower) <= 4):
        return verb + verb[-1] + "ing"  # put -> putting, map -> mapping, sum -> summing
    if lower.endswith("ie"):
        return verb[:-2] + "ying"
    if lower.endswith("e") and not lower.endswith(("ee", "ye", "oe")) and len(lower) > 2:
        return verb[:-1] + "ing"
    return verb + "ing"


def _match_case(original: str, replacement: str) -> str:
    if original[:1].isupper():
        return replacement[:1].upper() + replacement[1:]
    return replacement
