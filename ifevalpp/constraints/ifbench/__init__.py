"""IFBench's 58 out-of-domain instruction types (Pyatkin et al. 2025; allenai/IFBench at db69a6f),
one home each under `ifbench/<group>/<type>.py`, registered in the suite "ifbench".

Under the `official`, `ifevalpp-paper` and `ifbench` profiles each type gives IFBench's own
evaluator's verdict, its defects included (each home's docstring names them); under `revised`
six of them are fixed as IFBench's open PR #34 fixes them. Everything a checker reads is here
and offline: NLTK 3.9.2's sentences and word tokens (`_reading`), NLTK's English stop words
(`data/`), syllapy's syllable counts and emoji's emoji list from their packages; only
`words:start_verb` needs data no package carries (NLTK's perceptron tagger, `_tagger`).

The types are kept out of `constraints.REGISTRY` (see `base.SUITES`), so the IFEval family
generators never offer them; `suite_ids("ifbench")` lists them. docs/ifbench.md has the table.
"""

from __future__ import annotations

from ._base import SUITE
from ._tagger import use_tagger
from .count import (conjunctions, keywords_multiple, numbers, person_names,  # noqa: F401
                    pronouns, punctuation, unique_word_count, word_count_range, words_japanese)
from .custom import (character_reverse, csv_city, csv_quotes, csv_special_character,  # noqa: F401
                     date_format_list, european_capitals_sort, mcq_count_length, multiples,
                     reverse_newline, sentence_alphabet, word_reverse)
from .format import (emoji, line_indent, list, newline, no_bullets_bullets,  # noqa: F401
                     no_whitespace, options, output_template, parentheses, quote_unquote,
                     quotes, sub_bullets, thesis, title_case)
from .ratio import overlap, sentence_balance, sentence_type, sentence_words, stop_words  # noqa: F401
from .repeat import repeat_change, repeat_simple, repeat_span  # noqa: F401
from .sentence import alliteration_increment, increment, keyword  # noqa: F401
from .words import (alphabet, consonants, keywords_specific_position, last_first,  # noqa: F401
                    no_consecutive, odd_even_syllables, palindrome, paragraph_last_first,
                    prime_lengths, repeats, start_verb, vowel, words_position)

__all__ = ["SUITE", "use_tagger"]
