"""The ifevalpp-paper profile: every listed difference from the official checkers, both outcomes.

Expected paper verdicts come from the IFEval++ release's evaluator logic
(jianshuod/IFEval-pp 722fe95, `test_instruction_following_strict` / `_loose`)
run outside the repository under NLTK 3.9.2 and langdetect 1.0.9 (seed 0) on
these inputs; that run reproduces the release's reference outputs on all 832
GPT-4 instruction results. The last column is the official profile's strict
verdict ('refused' where the official evaluator rejects the kwargs), so every
row shows the profiles disagree or, for the second outcome, agree.
"""

from __future__ import annotations

import pytest

from ifevalpp.constraints import check, check_all, check_loose
from ifevalpp.errors import ParamsError

# (name, instruction id, kwargs, response, paper strict, paper loose, official strict)
CASES = [
    ('think', 'punctuation:no_comma', {},
     '<think>plan, then write</think>\n\nA clean answer', True, True, False),
    ('think2', 'punctuation:no_comma', {},
     'a,\nb,</think>\n\nclean</think>\n\nc,\nd,', True, False, False),
    ('nothink', 'punctuation:no_comma', {},
     'Plain, with a comma', False, False, False),
    ('sent_atmost_T', 'length_constraints:number_sentences', {'relation': 'at most', 'num_sentences': 3},
     'One. Two. Three.', True, True, 'refused'),
    ('sent_atmost_F', 'length_constraints:number_sentences', {'relation': 'at most', 'num_sentences': 3},
     'One. Two. Three. Four.', False, False, 'refused'),
    ('sent_around_T', 'length_constraints:number_sentences', {'relation': 'around', 'num_sentences': 3},
     'One. Two. Three. Four. Five.', True, True, 'refused'),
    ('sent_around_F', 'length_constraints:number_sentences', {'relation': 'around', 'num_sentences': 3},
     'One. Two. Three. Four. Five. Six.', False, False, 'refused'),
    ('words_around_T', 'length_constraints:number_words', {'relation': 'around', 'num_words': 30},
     'w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w', True, True, 'refused'),
    ('words_around_F', 'length_constraints:number_words', {'relation': 'around', 'num_words': 30},
     'w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w w', False, False, 'refused'),
    ('kwfreq_around_T', 'keywords:frequency', {'relation': 'around', 'keyword': 'tide', 'frequency': 2},
     'tide tide tide tide tide tide tide', True, True, 'refused'),
    ('kwfreq_around_F', 'keywords:frequency', {'relation': 'around', 'keyword': 'tide', 'frequency': 2},
     'tide tide tide tide tide tide tide tide', False, False, 'refused'),
    ('letter_atmost_T', 'keywords:letter_frequency', {'let_relation': 'at most', 'letter': 'z', 'let_frequency': 3},
     'zzz', True, True, 'refused'),
    ('letter_atmost_F', 'keywords:letter_frequency', {'let_relation': 'at most', 'letter': 'z', 'let_frequency': 3},
     'zzzz', False, False, 'refused'),
    ('cap_around_T', 'change_case:capital_word_frequency', {'capital_relation': 'around', 'capital_frequency': 1},
     'ONE TWO THREE FOUR FIVE SIX', True, True, 'refused'),
    ('cap_around_F', 'change_case:capital_word_frequency', {'capital_relation': 'around', 'capital_frequency': 1},
     'ONE TWO THREE FOUR FIVE SIX SEVEN', False, False, 'refused'),
    ('unknown_rel', 'length_constraints:number_words', {'relation': 'more than', 'num_words': 1},
     'many many words here', False, False, 'refused'),
    ('lang_undetect', 'language:response_language', {'language': 'en'},
     '12345 67890', False, False, True),
    ('lang_en', 'language:response_language', {'language': 'en'},
     'This is plainly an English sentence about the weather.', True, True, True),
    ('lang_zh', 'language:response_language', {'language': 'zh'},
     '这是一个中文句子，用来测试语言检测。', False, False, 'refused'),
    ('lang_zhcn', 'language:response_language', {'language': 'zh-cn'},
     '这是一个中文句子，用来测试语言检测。', True, True, True),
    ('lower_undetect', 'change_case:english_lowercase', {},
     'բարև ձեզ', False, False, False),
    ('upper_undetect', 'change_case:english_capital', {},
     'ԲԱՐԵՎ ՁԵԶ', True, True, True),
    ('kw_category', 'keywords:existence', {'keywords': ['cat']},
     'A different category.', False, False, True),
    ('kw_possessive', 'keywords:existence', {'keywords': ['cat']},
     "The cat's toy.", True, True, True),
    ('kw_hash_space', 'keywords:existence', {'keywords': ['#tag']},
     'I love #tag', False, False, True),
    ('kw_hash_word', 'keywords:existence', {'keywords': ['#tag']},
     'I love x#tag', True, True, True),
    ('freq_category', 'keywords:frequency', {'relation': 'at least', 'keyword': 'cat', 'frequency': 1},
     'A category and a catalogue.', False, False, True),
    ('freq_cat', 'keywords:frequency', {'relation': 'at least', 'keyword': 'cat', 'frequency': 2},
     'A cat, a CAT.', True, True, True),
    ('two_seven', 'combination:two_responses', {},
     'First answer\n*******\nSecond answer', False, False, True),
    ('two_six', 'combination:two_responses', {},
     'First answer\n******\nSecond answer', True, True, True),
    ('repeat_punct', 'combination:repeat_prompt', {'prompt_to_repeat': 'Write a poem, please!'},
     'write a poem please and then the poem', True, True, False),
    ('repeat_other', 'combination:repeat_prompt', {'prompt_to_repeat': 'Write a poem, please!'},
     'Here is a poem', False, False, False),
    ('sections_roman', 'detectable_format:multiple_sections', {'section_spliter': 'Section', 'num_sections': 2},
     'Section I: tea. Section II: rain.', True, True, False),
    ('sections_none', 'detectable_format:multiple_sections', {'section_spliter': 'Section', 'num_sections': 2},
     'One section only: Section', False, False, False),
    ('sections_plural', 'detectable_format:multiple_sections', {'section_spliter': 'Section', 'num_sections': 2},
     'Sections and Sectional sofas.', True, True, False),
    ('title_gt', 'detectable_format:title', {},
     '<<>>> is odd', True, True, False),
    ('title_inner_gt', 'detectable_format:title', {},
     '<<a>b>> is odd', False, False, True),
    ('title_plain', 'detectable_format:title', {},
     '<<A Title>>', True, True, True),
    ('nth_capital_kwarg', 'length_constraints:nth_paragraph_first_word', {'num_paragraphs': 2, 'nth_paragraph': 2, 'first_word': 'Weekend'},
     'Intro here.\n\nWeekend plans.', False, False, True),
    ('nth_lower_kwarg', 'length_constraints:nth_paragraph_first_word', {'num_paragraphs': 2, 'nth_paragraph': 2, 'first_word': 'weekend'},
     'Intro here.\n\nWeekend plans.', True, True, True),
    ('nth_raw_split', 'length_constraints:nth_paragraph_first_word', {'num_paragraphs': 3, 'nth_paragraph': 3, 'first_word': 'more'},
     'Intro.\n\n\n\nWeekend plans.\n\nMore.', False, False, False),
    ('nth_raw_split2', 'length_constraints:nth_paragraph_first_word', {'num_paragraphs': 3, 'nth_paragraph': 3, 'first_word': 'weekend'},
     'Intro.\n\n\n\nWeekend plans.\n\nMore.', True, True, True),
    ('cap_392', 'change_case:capital_word_frequency', {'capital_relation': 'at least', 'capital_frequency': 4},
     "I'M\nSURE NOW.", True, True, False),
    ('letter_hash', 'keywords:letter_frequency', {'let_relation': 'at least', 'letter': '#', 'let_frequency': 2},
     '#one #two', True, True, True),
]


@pytest.mark.parametrize("name, instruction_id, kwargs, response, strict, loose, official",
                         CASES, ids=[row[0] for row in CASES])
def test_paper_verdicts_match_the_release(name, instruction_id, kwargs, response, strict, loose,
                                          official):
    assert check(instruction_id, response, kwargs, profile="ifevalpp-paper") is strict
    assert check_loose(instruction_id, response, kwargs, profile="ifevalpp-paper") is loose
    if official == "refused":
        with pytest.raises(ParamsError):
            check(instruction_id, response, kwargs, profile="official")
    else:
        assert check(instruction_id, response, kwargs, profile="official") is official


def test_check_all_gives_the_same_verdicts_as_check_and_check_loose():
    for name, instruction_id, kwargs, response, strict, loose, _ in CASES:
        assert check_all([instruction_id], [kwargs], response, profile="ifevalpp-paper") == (
            [strict], [loose]), name


def test_strict_judges_only_the_text_between_the_first_and_second_think_marker():
    response = "reasoning, with commas</think>\n\nno pause marks here</think>\n\nmore, commas"
    assert check("punctuation:no_comma", response, profile="ifevalpp-paper")
    assert not check("punctuation:no_comma", response, profile="official")


def test_an_unknown_relation_or_language_is_refused_by_the_other_profiles():
    for profile in ("official", "revised"):
        with pytest.raises(ParamsError):
            check("length_constraints:number_words", "a b", {"relation": "more than",
                                                             "num_words": 1}, profile=profile)
        with pytest.raises(ParamsError):
            check("language:response_language", "hello", {"language": "zh"}, profile=profile)


def test_a_malformed_kwarg_is_still_an_error_under_the_paper_profile():
    with pytest.raises(ParamsError):
        check("length_constraints:number_words", "a b", {"relation": "at most",
                                                         "num_words": "many"},
              profile="ifevalpp-paper")
