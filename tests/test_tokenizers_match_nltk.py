"""Our Punkt sentences and Treebank word tokens equal NLTK's own (the pinned 3.8.1, fed the same
English Punkt parameters), on hand-picked hard cases, on a boundary decided by each of Punkt's
rules, on fuzzed text, and on a sample of the real responses where the reference data is
present. 3.9.2's word tokens are held to 3.8.1's tokenizer with 3.9.2's one extra rewrite
(test_nltk392.py holds them to values 3.9.2 itself produced)."""

from __future__ import annotations

import functools
import json
import re
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ifevalpp import punkt_english, text, treebank
from ifevalpp.loose import loose_variants


@functools.cache
def _nltk_sentences():
    import punkt
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

    model = punkt.load_model("english")
    params = PunktParameters()
    params.abbrev_types = set(model.abbrev_types)
    params.collocations = set(model.collocations)
    params.sent_starters = set(model.sent_starters)
    params.ortho_context = defaultdict(int, model.ortho_context)
    return PunktSentenceTokenizer(params).tokenize


@functools.cache
def _nltk_words():
    from nltk.tokenize import NLTKWordTokenizer

    rules = list(NLTKWordTokenizer.ENDING_QUOTES)
    first_clitic = next(position for position, (pattern, _) in enumerate(rules)
                        if "n't" in pattern.pattern or "'[sS]" in pattern.pattern)

    class WithCollapse(NLTKWordTokenizer):  # 3.9.2: whitespace runs collapse before clitics
        ENDING_QUOTES = rules[:first_clitic] + [(re.compile(r"\s+"), " ")] + rules[first_clitic:]

    return NLTKWordTokenizer().tokenize, WithCollapse().tokenize


@pytest.fixture
def nltk_sentences():
    return _nltk_sentences()


@pytest.fixture
def nltk_words():
    return _nltk_words()


HARD = [
    "", " ", "Wow!!! Really?! Yes.", "Dr. Smith met J. S. Bach at 5 p.m. on Jan. 3. Then left.",
    "(How does it deal with this parenthesis?)  \"It should be part of the previous sentence.\" "
    "\"(And the same with this one.)\" ('And this one!') \"('(And (this)) '?)\" [(and this. )]",
    "Is it 3.14? Yes... maybe. . . . Sure.", "e.g. this. i.e. that. U.S.A. is big. so is it.",
    "End.\n\nNew paragraph. \tTabbed. \x0bVT. \x0cFF.\r\nCRLF line.", "a.b.c. D.E.F. 1. 2. 3.",
    "\u201cQuoted.\u201d Next. \u2018Single.\u2019 Then \u00abfr.\u00bb done.", "No stop at all",
    "Hyphen-ated. --Dash-- here. Mr.-Jones. well-known.", "**Bold.** *It.* `code.` Next",
    "x.\u00a0Y. z.\u2003W.", "He said \"no.\" She said 'yes.' They left.", "1.5. 2.5! 3?",
    "I'M\nHERE. DON'T\tSTOP. can't\u2009go. gonna wanna gimme 'tis 'twas cannot lemme more'n",
    "students' books. ''double'' ``ticks`` <<title>> [1] {x} (y) ;@#$%&*",
]

_ALPHABET = list("aAzZ19 .,;:?!-*'\"`()[]{}<>\n\t\u00a0\u2019\u201c\u201d\u00ab\u00bb") + [
    "Mr.", "e.g.", "U.S.", "p.m.", "n't", "'s", "'ll", "...", ". . .", "--", "The", "the", "J.",
    "3.14", "cannot", "gonna", "'tis", " I ", "\n\n", "Jan.", "No.", "etc."]
fuzzed = st.lists(st.sampled_from(_ALPHABET), max_size=30).map("".join)


@pytest.mark.parametrize("sample", HARD)
def test_sentences_equal_nltks_on_hard_cases(sample, nltk_sentences):
    assert list(text.sentence_tokenizer().tokenize(sample)) == nltk_sentences(sample)


@pytest.mark.parametrize("sample", HARD)
def test_word_tokens_equal_nltks_on_hard_cases(sample, nltk_words):
    nltk_381, nltk_392 = nltk_words
    for sentence in punkt_english.sentences(sample) + [sample]:
        assert treebank.tokens_381(sentence) == nltk_381(sentence)
        assert treebank.tokens_392(sentence) == nltk_392(sentence)


def _texts_for_every_rule() -> list[str]:
    """Boundaries that each of Punkt's second-pass rules decides: a word of every orthographic
    context seen in training, in three cases, after an abbreviation, an initial, a number, an
    ellipsis and a plain word; both words of every collocation; every frequent sentence starter
    after an abbreviation."""
    params = punkt_english.parameters()
    by_flags: dict[int, list[str]] = {}
    for word in sorted(params.ortho):
        if word.isalpha() and len(by_flags.setdefault(params.ortho[word], [])) < 2:
            by_flags[params.ortho[word]].append(word)
    before = ("Mr.", "J.", "5.", "etc.", "end.", "...", "U.S.", "?")
    texts = [f"It was {word_before} {form} here."
             for words in by_flags.values() for word in words
             for form in (word, word.capitalize(), word.upper()) for word_before in before]
    for first, second in sorted(params.collocations):
        stem = "5" if first == "##number##" else first.upper()
        texts += [f"See {stem}. {second.capitalize()} now.", f"See {stem}. {second} now."]
    texts += [f"Ask Dr. {starter.capitalize()} now." for starter in sorted(params.starters)]
    return texts


def test_sentences_equal_nltks_where_each_second_pass_rule_decides(nltk_sentences):
    for sample in _texts_for_every_rule():
        assert punkt_english.sentences(sample) == nltk_sentences(sample), sample


@settings(max_examples=300, deadline=None)
@given(fuzzed)
def test_sentences_equal_nltks_on_fuzzed_text(sample):
    assert punkt_english.sentences(sample) == _nltk_sentences()(sample)


@settings(max_examples=300, deadline=None)
@given(fuzzed)
def test_word_tokens_equal_nltks_on_fuzzed_text(sample):
    nltk_381, nltk_392 = _nltk_words()
    assert treebank.tokens_381(sample) == nltk_381(sample)
    assert treebank.tokens_392(sample) == nltk_392(sample)


def _assert_like_nltk(responses, *, versions) -> None:
    """Sentences of every loose variant of `responses`, and the word tokens of each sentence
    under each NLTK version in `versions` ("3.8.1", "3.9.2"), equal NLTK's."""
    sentences = _nltk_sentences()
    words = dict(zip(("3.8.1", "3.9.2"), _nltk_words()))
    ours = {"3.8.1": treebank.tokens_381, "3.9.2": treebank.tokens_392}
    for variant in sorted({variant for response in responses
                           for variant in loose_variants(response)}):
        found = punkt_english.sentences(variant)
        assert found == sentences(variant), variant[:200]
        for sentence in found:
            for version in versions:
                assert ours[version](sentence) == words[version](sentence), sentence


def _responses(path, *, every: int):
    """Every `every`-th response of a file (NLTK's own tokenizers are slow: the parity tests
    judge every response through ours anyway)."""
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line)["response"] for line in handle][::every]


@pytest.mark.reference
def test_sentences_and_tokens_equal_nltks_on_gpt4_responses_and_their_loose_variants(
        reference_dir):
    _assert_like_nltk(_responses(reference_dir / "gpt4_responses.jsonl", every=6),
                      versions=("3.8.1", "3.9.2"))


def test_sentences_and_tokens_equal_nltks_on_ifbenchs_sample_responses(ifbench_dir):
    _assert_like_nltk(_responses(ifbench_dir / "sample_output.jsonl", every=4),
                      versions=("3.9.2",))
