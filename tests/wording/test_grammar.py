"""The wording-grammar engine: notation, expansion, agreement, spans, determinism."""

from __future__ import annotations

import itertools
import random

import pytest

from ifevalpp.wording import GrammarError, Sampler, Usage, from_text

TOY = """
sentence:
  {please} {act}.
  {subject} {state:agree}.
  could you {act}?
please:
  please
  {}
subject:
  your reply
  your answers @pl
act:
  write {count}
state:
  be {count} long
  contain {count}
count [relation="at least"]:
  at least {$n} {word/words#n}
  {$n} or more {word/words#n}
count [relation="less than"]:
  fewer than {$n} words
"""

AT_LEAST = {"n": 300, "relation": "at least"}


def texts(grammar, rule="sentence", params=AT_LEAST, **kw):
    return [r.text for r in grammar.expansions(rule, params, **kw)]


# ---------------------------------------------------------------- expansion


def test_every_expansion_of_a_toy_grammar_is_produced():
    grammar = from_text(TOY)
    counts = ["at least 300 words", "300 or more words"]
    expected = ([f"Please write {c}." for c in counts] + [f"Write {c}." for c in counts]
                + [f"Your reply is {c} long." for c in counts]
                + [f"Your reply contains {c}." for c in counts]
                + [f"Your answers are {c} long." for c in counts]
                + [f"Your answers contain {c}." for c in counts]
                + [f"Could you write {c}?" for c in counts])
    assert sorted(texts(grammar)) == sorted(expected)


def test_count_matches_the_number_of_expansions_without_duplicates():
    grammar = from_text(TOY)
    assert grammar.count("sentence", AT_LEAST) == len(texts(grammar)) == 14


def test_header_guard_selects_the_relation_block():
    grammar = from_text(TOY)
    assert texts(grammar, "count", {"n": 5, "relation": "less than"}, sentence=False) == [
        "fewer than 5 words"]


def test_alternative_guard_and_missing_parameter_drop_alternatives():
    grammar = from_text("""
subject:
  your reply
  [!plural] your {$noun}
  [plural] your {$noun} @pl
""")
    assert texts(grammar, "subject", {}, sentence=False) == ["your reply"]
    assert texts(grammar, "subject", {"noun": "haiku"}, sentence=False) == ["your reply", "your haiku"]


def test_guard_operators_compare_numbers_and_strings():
    grammar = from_text("""
n:
  [n<=20] small
  [n%100=0 & n<1000] round
  [relation in ("at least", "at most") | n=7] either
""")
    assert texts(grammar, "n", {"n": 7, "relation": "less than"}, sentence=False) == ["small", "either"]
    assert texts(grammar, "n", {"n": 300, "relation": "at most"}, sentence=False) == ["round", "either"]


def test_inline_choice_and_optional_text():
    grammar = from_text("s:\n  {keep|make} it short{| please}\n")
    assert texts(grammar, "s", {}, sentence=False) == [
        "keep it short", "keep it short please", "make it short", "make it short please"]


def test_no_viable_wording_is_a_clear_error():
    grammar = from_text(TOY)
    with pytest.raises(GrammarError, match="no wording of 'sentence'"):
        grammar.sample("sentence", {"n": 3, "relation": "around"}, lambda keys: 0)


# ---------------------------------------------------------------- agreement and English


def test_verb_agrees_with_the_subject_number():
    grammar = from_text("s:\n  {subj} {vp:agree}.\nsubj:\n  the reply\n  the answers @pl\n"
                        "vp:\n  finish with a question\n  carry a title\n  be short\n  have a title\n")
    assert texts(grammar, "s", {}) == [
        "The reply finishes with a question.", "The reply carries a title.", "The reply is short.",
        "The reply has a title.", "The answers finish with a question.",
        "The answers carry a title.", "The answers are short.", "The answers have a title."]


def test_noun_agrees_with_a_count_parameter():
    grammar = from_text("s:\n  {$n} {bullet point/bullet points#n}\n")
    assert texts(grammar, "s", {"n": 1}, sentence=False) == ["1 bullet point"]
    assert texts(grammar, "s", {"n": 4}, sentence=False) == ["4 bullet points"]


@pytest.mark.parametrize("word, article", [
    ("essay", "an"), ("haiku", "a"), ("hour-long talk", "an"), ("user guide", "a"),
    ("8-line poem", "an"), ("18th-century letter", "an"), ("one-line summary", "a"),
    ("SMS", "an"), ("JSON object", "a"), ("FAQ", "an"), ("unique idea", "a"),
    ("umbrella", "an"), ("European city", "a"), ("honest review", "an"), ("100-word note", "a"),
])
def test_article_fits_the_next_word(word, article):
    grammar = from_text("s:\n  write {a} {$w}\n")
    assert texts(grammar, "s", {"w": word}, sentence=False) == [f"write {article} {word}"]


def test_article_reads_through_a_rule_boundary_and_capitalises_at_sentence_start():
    grammar = from_text("s:\n  {a} {noun} is needed.\nnoun:\n  essay\n  list\n")
    assert texts(grammar, "s", {}) == ["An essay is needed.", "A list is needed."]


def test_gerund_and_capital_modifiers():
    grammar = from_text("s:\n  try {vp:ing}; {vp:cap}\nvp:\n  write less\n  stop early\n  use care\n")
    assert texts(grammar, "s", {}, sentence=False)[:3] == [
        "try writing less; Write less", "try writing less; Stop early", "try writing less; Use care"]
    assert "try stopping early; Stop early" in texts(grammar, "s", {}, sentence=False)


def test_spacing_and_doubled_stops_are_cleaned_outside_values():
    grammar = from_text("s:\n  end  with {$p:q} .\n  note {$p} ..\n")
    assert texts(grammar, "s", {"p": "Is that all?  Yes"}) == [
        'End with "Is that all?  Yes".', "Note Is that all?  Yes."]


# ---------------------------------------------------------------- values are protected


def test_a_value_at_sentence_start_is_not_capitalised():
    grammar = from_text("s:\n  {$word} must open the reply.\n")
    assert texts(grammar, "s", {"word": "kindly"}) == ["kindly must open the reply."]


def test_spans_locate_every_value_exactly():
    grammar = from_text("s:\n  use {$words:and} and {$n:words} more like {$words:or}\n")
    rendered = next(grammar.expansions("s", {"words": ["alpha", "beta", "gamma"], "n": 20},
                                       sentence=False))
    assert rendered.text == ('use "alpha", "beta", and "gamma" and twenty more like "alpha", '
                             '"beta", or "gamma"')
    assert [rendered.text[a:b] for a, b in rendered.spans["words"]] == [
        "alpha", "beta", "gamma"] * 2
    assert [rendered.text[a:b] for a, b in rendered.spans["n"]] == ["twenty"]


def test_filters_spell_numbers_and_ordinals():
    grammar = from_text("s:\n  {$n:words}|{$n:ordinal}|{$n:nth}\n")
    assert texts(grammar, "s", {"n": 21}, sentence=False) == ["twenty-one|twenty-first|21st"]


# ---------------------------------------------------------------- errors name the file and line


@pytest.mark.parametrize("source, message", [
    ("s:\n  {nope}\n", "<text>:2: unknown rule 'nope'"),
    ("s:\n  {$n:shout}\n", "<text>:2: unknown filter ':shout'"),
    ("s:\n  {t:loud}\nt:\n  x\n", "<text>:2: unknown modifier ':loud'"),
    ("s:\n  {t}\nt:\n  {s}\n", "rules refer to themselves: s -> t -> s"),
    ("s:\n  {open\n", "<text>:2: unclosed '{'"),
    ("  stray\n", "<text>:1: an alternative before any rule header"),
    ("s [n>]:\n  x\n", "<text>:1: guard [n>] expects a number"),
    ("s:\nbad line\n", "<text>:2: expected 'rule:'"),
])
def test_malformed_grammar_errors_name_file_and_line(source, message):
    with pytest.raises(GrammarError, match=message.replace("[", r"\[").replace("(", r"\(")):
        from_text(source)


def test_include_merges_rules_and_refuses_cycles():
    common = "subject:\n  your reply\n"
    grammar = from_text("@include common\nsubject:\n  your text\ns:\n  {subject}\n",
                        includes={"common": common})
    assert texts(grammar, "s", {}, sentence=False) == ["your reply", "your text"]
    with pytest.raises(GrammarError, match="includes itself"):
        from_text("@include a\n", name="b", includes={"a": "@include b\n", "b": "@include a\n"})


def test_directives_become_metadata():
    grammar = from_text("@effects adds_line_end needs_question\ns:\n  x\n")
    assert grammar.meta == {"effects": ["adds_line_end", "needs_question"]}


# ---------------------------------------------------------------- sampling


def test_sampling_is_deterministic_for_a_seed():
    grammar = from_text(TOY)

    def run(seed):
        sampler = Sampler(random.Random(seed))
        return [sampler.render(grammar, "sentence", AT_LEAST).text for _ in range(30)]

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_sampled_wordings_are_expansions():
    grammar = from_text(TOY)
    allowed = set(texts(grammar))
    sampler = Sampler(random.Random(0))
    assert all(sampler.render(grammar, "sentence", AT_LEAST).text in allowed for _ in range(50))


def test_rarity_spreads_usage_evenly_over_surface_forms():
    grammar = from_text(TOY)
    sampler = Sampler(random.Random(0))
    drawn = [sampler.render(grammar, "sentence", AT_LEAST).text for _ in range(140)]
    counts = sorted(itertools.groupby(sorted(drawn)), key=lambda kv: kv[0])
    uses = [len(list(group)) for _, group in counts]
    assert len(uses) == 14 and max(uses) - min(uses) <= 2


def test_a_shared_usage_spreads_across_samplers():
    grammar = from_text("s:\n  a\n  b\n")
    usage = Usage()
    first = Sampler(random.Random(1), usage).render(grammar, "s", {}).text
    second = Sampler(random.Random(1), usage).render(grammar, "s", {}).text
    assert {first, second} == {"A", "B"}


def test_sampler_refuses_global_or_numpy_randomness():
    with pytest.raises(TypeError, match="random.Random"):
        Sampler(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("text, mark, closed", [
    ("Write a haiku", ".", "Write a haiku."),
    ('End with the phrase "Any questions?"', ".", 'End with the phrase "Any questions?"'),
    ("Could you write it", "?", "Could you write it?"),
    ("Done.", ".", "Done."),
])
def test_close_sentence_adds_a_mark_unless_a_quotation_ends_it(text, mark, closed):
    from ifevalpp.wording import close_sentence

    assert close_sentence(text, mark) == closed


def test_a_verb_joined_to_the_first_is_inflected_with_it():
    grammar = from_text("sentence:\n  would you mind {ask:ing}?\nask:\n  begin it with a mark "
                        "and end it with another\n")
    assert texts(grammar, params={}) == [
        "Would you mind beginning it with a mark and ending it with another?"]


def test_a_word_after_and_that_is_no_verb_is_left_as_it_is():
    grammar = from_text("sentence:\n  your reply {be:agree}.\nbe:\n  open with the request, "
                        "copied, and then the answer\n")
    assert texts(grammar, params={}) == ["Your reply opens with the request, copied, and then "
                                         "the answer."]


def test_what_one_set_of_parameters_allows_never_carries_over_to_another():
    # Which alternatives fit is kept per grammar and parameters (a run samples one wording
    # many times with the same ones): a draw with other parameters sees only its own.
    grammar = from_text(TOY)
    fewer = {"n": 5, "relation": "less than"}
    for params in (AT_LEAST, fewer, AT_LEAST, fewer):
        for seed in range(12):
            text = Sampler(random.Random(seed)).render(grammar, "count", params).text.lower()
            assert ("fewer than" in text) == (params is fewer), text


def test_parameters_holding_a_list_are_sampled_like_any_others():
    grammar = from_text(TOY)
    listed = {**AT_LEAST, "words": ["lantern", "ink"]}
    assert Sampler(random.Random(3)).render(grammar, "sentence", listed).text == \
        Sampler(random.Random(3)).render(from_text(TOY), "sentence", listed).text
