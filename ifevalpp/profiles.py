"""Checker profiles: `official` reproduces the released evaluator, `revised` fixes its known defects,
`ifevalpp-paper` reproduces the IFEval++ release's evaluator (jianshuod/IFEval-pp at 722fe95),
`ifbench` reproduces IFBench's evaluator (allenai/IFBench at db69a6f).

Each benchmark's types answer to their own benchmark's evaluator: IFBench's 58 types judge alike
under `official`, `ifevalpp-paper` and `ifbench` (IFBench's evaluator), and `revised` fixes six
of them; IFEval's 25 types judge under `ifbench` as under `official`
(`Constraint.profile_for`).

Every verdict ifevalpp produces is tied to one profile, and every file and
report names it, so numbers from different profiles are never mixed up.
"""

from __future__ import annotations

from typing import Literal

Profile = Literal["official", "revised", "ifevalpp-paper", "ifbench"]
PROFILES: tuple[Profile, ...] = ("official", "revised", "ifevalpp-paper", "ifbench")
DEFAULT_PROFILE: Profile = "official"

# The text strict mode judges when the response carries a reasoning trace.
THINK_MARKER = "</think>\n\n"
PROFILE_REASONING: dict[str, str] = {
    "official": "graded as given",
    "revised": "graded as given",
    "ifevalpp-paper": "strict mode judges the text between the first and second "
                      "'</think>\\n\\n' when that marker occurs (loose mode the raw text)",
    "ifbench": "graded as given (IFBench's evaluator strips no reasoning trace: its README "
               "asks for the answer without the reasoning chain)",
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


# What `revised` changes in IFBench's types (the six checkers IFBench's open PR #34 fixes), one
# line each; docs/protocols.md and docs/ifbench.md explain them.
IFBENCH_REVISIONS: dict[str, str] = {
    "repeat-span-words": "repeat:repeat_span copies the whitespace words n_start..n_end "
                         "(IFBench slices characters of the prompt).",
    "overlap-word-trigrams": "ratio:overlap measures word trigrams (IFBench measures character "
                             "trigrams of the raw text).",
    "keywords-multiple-words": "count:keywords_multiple counts whole words (IFBench counts "
                               "substrings: 'door' inside 'indoors').",
    "sentence-alphabet-punctuation": "custom:sentence_alphabet skips leading punctuation "
                                     "(IFBench takes a quote mark as the first letter).",
    "words-position-punctuation": "words:words_position ignores punctuation tokens (IFBench "
                                  "counts them, except one at the very end).",
    "sentence-words-unique": "ratio:sentence_words also requires all words to differ, as its "
                             "prompt says (IFBench checks only the character counts).",
}


def check_profile(profile: str) -> Profile:
    """Return `profile` if it names a profile, else raise a ValueError listing the choices."""
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r}; choose one of {', '.join(PROFILES)}")
    return profile
