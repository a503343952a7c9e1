"""Checker profiles: `official` reproduces the released evaluator, `revised` fixes its known defects,
`ifevalpp-paper` reproduces the IFEval++ release's evaluator (jianshuod/IFEval-pp at 722fe95).

Every verdict ifevalpp produces is tied to one profile, and every file and
report names it, so numbers from different profiles are never mixed up.
"""

from __future__ import annotations

from typing import Literal

Profile = Literal["official", "revised", "ifevalpp-paper"]
PROFILES: tuple[Profile, ...] = ("official", "revised", "ifevalpp-paper")
DEFAULT_PROFILE: Profile = "official"

# The text strict mode judges when the response carries a reasoning trace.
THINK_MARKER = "</think>\n\n"
PROFILE_REASONING: dict[str, str] = {
    "official": "graded as given",
    "revised": "graded as given",
    "ifevalpp-paper": "strict mode judges the text between the first and second "
                      "'</think>\\n\\n' when that marker occurs (loose mode the raw text)",
}

# What `revised` changes, one line each; the README and reports print this list.
REVISIONS: dict[str, str] = {
    "keyword-boundaries": "keywords:existence and keywords:frequency match whole words "
                          "(the official checker matches substrings: 'cat' inside 'category').",
    "langdetect-failure-fails": "a response whose language cannot be detected fails "
                                "language:response_language and change_case:english_* "
                                "(the official checker passes it).",
    "nth-paragraph-index": "length_constraints:nth_paragraph_first_word takes the nth of the "
                           "non-empty paragraphs it counts (the official checker indexes the "
                           "unfiltered list).",
    "section-numerals": "detectable_format:multiple_sections accepts any numeral after the "
                        "splitter word: 'SECTION II', 'Part B', 'Section one'.",
    "relations-at-most-around": "relations 'at most' (<=) and 'around' (within 2 sentences, "
                                "25 words, or 5 keyword/letter/capital-word occurrences) are "
                                "checked; the official evaluator rejects them.",
}


def check_profile(profile: str) -> Profile:
    """Return `profile` if it names a profile, else raise a ValueError listing the choices."""
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r}; choose one of {', '.join(PROFILES)}")
    return profile  # type: ignore[return-value]
