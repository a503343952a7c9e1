"""Every finding code: a hand-made case that raises it, and a near miss that must not.

Each pair differs in one detail, so a test names the rule it pins down.
"""

from __future__ import annotations

from ifevalpp.validate import CODES, validate_case, validate_records
from tests.validate.helpers import case, codes, findings, only

WORDS = "length_constraints:number_words"
SENTENCES = "length_constraints:number_sentences"
LOWER = "change_case:english_lowercase"
UPPER = "change_case:english_capital"
CAPITAL_WORDS = "change_case:capital_word_frequency"
REPEAT = "combination:repeat_prompt"
TITLE = "detectable_format:title"
NO_COMMA = "punctuation:no_comma"
LETTER = "keywords:letter_frequency"
FREQUENCY = "keywords:frequency"


def at_least(count: int) -> dict:
    return {"relation": "at least", "num_words": count}


def less_than(count: int) -> dict:
    return {"relation": "less than", "num_words": count}


# ----------------------------------------------------------------------------- schema


def test_schema_record_when_the_prompt_is_missing():
    record = {"key": 7, "instruction_id_list": [NO_COMMA], "kwargs": [{}]}
    assert {f.code for f in validate_case(record)} == {"SCHEMA_RECORD"}


def test_schema_record_not_raised_for_a_complete_record():
    assert "SCHEMA_RECORD" not in codes("Describe rain without any commas.", (NO_COMMA, {}))


def test_schema_misaligned_when_kwargs_are_short():
    record = {"key": 7, "prompt": "Describe rain without commas.",
              "instruction_id_list": [NO_COMMA, TITLE], "kwargs": [{}]}
    assert {f.code for f in validate_case(record)} == {"SCHEMA_MISALIGNED"}


def test_schema_misaligned_not_raised_for_one_kwargs_per_instruction():
    record = {"key": 7, "prompt": "Describe rain without commas.",
              "instruction_id_list": [NO_COMMA], "kwargs": [{}]}
    assert "SCHEMA_MISALIGNED" not in {f.code for f in validate_case(record)}


def test_schema_unknown_id_for_an_unregistered_type():
    assert "SCHEMA_UNKNOWN_ID" in codes("Describe rain.", ("punctuation:no_semicolon", {}))


def test_schema_unknown_id_not_raised_for_a_registered_type():
    assert "SCHEMA_UNKNOWN_ID" not in codes("Describe rain without commas.", (NO_COMMA, {}))


def test_schema_missing_kwarg_when_the_count_is_absent():
    assert "SCHEMA_MISSING_KWARG" in codes("Write at least 50 words.", (WORDS, {"relation": "at least"}))


def test_schema_missing_kwarg_treats_null_as_absent_but_accepts_the_full_set():
    # Hugging Face style: unused keys are null; the used ones are all there.
    kwargs = {"relation": "at least", "num_words": 50, "keyword": None}
    assert "SCHEMA_MISSING_KWARG" not in codes("Write at least 50 words.", (WORDS, kwargs))


def test_schema_unknown_kwarg_for_a_parameter_of_another_type():
    assert "SCHEMA_UNKNOWN_KWARG" in codes("Describe rain without commas.",
                                           (NO_COMMA, {"num_words": 3}))


def test_schema_unknown_kwarg_not_raised_for_a_null_extra_key():
    assert "SCHEMA_UNKNOWN_KWARG" not in codes("Describe rain without commas.",
                                               (NO_COMMA, {"num_words": None}))


def test_schema_invalid_kwarg_for_a_negative_count():
    assert "SCHEMA_INVALID_KWARG" in codes("Write at least 50 words.",
                                           (WORDS, {"relation": "at least", "num_words": -5}))


def test_schema_invalid_kwarg_for_a_keyword_the_official_checker_cannot_compile():
    assert "SCHEMA_INVALID_KWARG" in codes('Mention "(draft" in your answer.',
                                           ("keywords:existence", {"keywords": ["(draft"]}))


def test_schema_invalid_kwarg_not_raised_for_that_keyword_under_revised():
    # The revised profile matches keywords literally, so "(draft" is fine there.
    assert "SCHEMA_INVALID_KWARG" not in codes('Mention "(draft" in your answer.',
                                               ("keywords:existence", {"keywords": ["(draft"]}),
                                               profile="revised")


def test_schema_profile_relation_for_at_most_under_official():
    assert "SCHEMA_PROFILE_RELATION" in codes(
        "Answer in at most 80 words.", (WORDS, {"relation": "at most", "num_words": 80}))


def test_schema_profile_relation_not_raised_under_revised():
    assert "SCHEMA_PROFILE_RELATION" not in codes(
        "Answer in at most 80 words.", (WORDS, {"relation": "at most", "num_words": 80}),
        profile="revised")


def test_schema_duplicate_key_for_the_second_record_with_a_key():
    record = case(5, "Describe rain without any commas.", (NO_COMMA, {}))
    report = validate_records([record, dict(record)])
    assert [f.code for f in report.findings] == ["SCHEMA_DUPLICATE_KEY"]


def test_schema_duplicate_key_not_raised_for_distinct_keys():
    first = case(5, "Describe rain without any commas.", (NO_COMMA, {}))
    second = case(6, "Describe snow without any commas.", (NO_COMMA, {}))
    assert validate_records([first, second]).findings == []


def test_schema_duplicate_instruction_for_the_same_type_and_kwargs_twice():
    assert "SCHEMA_DUPLICATE_INSTRUCTION" in codes(
        'Wrap your whole reply in double quotation marks.',
        ("startend:quotation", {}), ("startend:quotation", {}))


def test_schema_duplicate_instruction_not_raised_for_the_two_ends_of_a_range():
    assert "SCHEMA_DUPLICATE_INSTRUCTION" not in codes(
        "Answer in 100 to 120 words.", (WORDS, at_least(100)), (WORDS, less_than(121)))


# ----------------------------------------------------------------------------- reflection


def test_reflect_not_found_when_the_prompt_never_asks_for_json():
    assert "REFLECT_NOT_FOUND" in codes("List three rivers of Europe.",
                                        ("detectable_format:json_format", {}))


def test_reflect_not_found_not_raised_when_json_is_asked_for():
    assert "REFLECT_NOT_FOUND" not in codes("List three rivers of Europe in JSON format.",
                                            ("detectable_format:json_format", {}))


def test_reflect_value_absent_for_a_keyword_the_prompt_never_mentions():
    finding = only("Write a short note about autumn leaves.",
                   ("keywords:existence", {"keywords": ["harvest"]}), code="REFLECT_VALUE_ABSENT")
    assert finding.severity == "error" and "'harvest'" in finding.message


def test_reflect_value_absent_not_raised_when_the_keyword_is_asked_for():
    assert "REFLECT_VALUE_ABSENT" not in codes(
        'Write a short note about autumn and include the keyword "harvest".',
        ("keywords:existence", {"keywords": ["harvest"]}))


def test_reflect_value_mismatch_for_another_letter_named():
    finding = only("Write a riddle. The letter z should appear at least 3 times.",
                   (LETTER, {"letter": "q", "let_frequency": 3, "let_relation": "at least"}),
                   code="REFLECT_VALUE_MISMATCH")
    assert "letter z" in finding.message and "'q'" in finding.message


def test_reflect_value_mismatch_not_raised_for_the_stored_letter():
    assert "REFLECT_VALUE_MISMATCH" not in codes(
        "Write a riddle. The letter q should appear at least 3 times.",
        (LETTER, {"letter": "q", "let_frequency": 3, "let_relation": "at least"}))


def test_reflect_value_mismatch_for_a_section_word_in_another_case():
    # The checker matches the section word case-sensitively.
    assert "REFLECT_VALUE_MISMATCH" in codes(
        "Write a guide in 3 sections, and open each section with Part X.",
        ("detectable_format:multiple_sections", {"section_spliter": "PART", "num_sections": 3}))


def test_reflect_number_mismatch_for_a_different_word_count():
    finding = only("Write an essay of at least 400 words about tides.", (WORDS, at_least(350)),
                   code="REFLECT_NUMBER_MISMATCH")
    assert "'at least 400 words'" in finding.message and "num_words = 350" in finding.message
    assert finding.span is not None and "at least 400 words" in finding.span.text


def test_reflect_number_mismatch_not_raised_for_the_same_count():
    assert "REFLECT_NUMBER_MISMATCH" not in codes(
        "Write an essay of at least 400 words about tides.", (WORDS, at_least(400)))


def test_reflect_relation_mismatch_for_the_opposite_direction():
    finding = only("Write a rhyme that uses the letter o at least 6 times.",
                   (LETTER, {"letter": "o", "let_frequency": 6, "let_relation": "less than"}),
                   code="REFLECT_RELATION_MISMATCH")
    assert finding.severity == "error"


def test_reflect_relation_mismatch_not_raised_for_the_same_direction():
    assert "REFLECT_RELATION_MISMATCH" not in codes(
        "Write a rhyme that uses the letter o less than 6 times.",
        (LETTER, {"letter": "o", "let_frequency": 6, "let_relation": "less than"}))


def test_reflect_relation_mismatch_for_at_least_checked_as_exactly():
    assert "REFLECT_RELATION_MISMATCH" in codes(
        "Write a plan in at least 4 parts separated by ***.",
        ("length_constraints:number_paragraphs", {"num_paragraphs": 4}))


def test_reflect_bound_equivalent_for_at_most_stored_as_less_than_plus_one():
    finding = only("Describe a lighthouse in at most 150 words.", (WORDS, less_than(151)),
                   code="REFLECT_BOUND_EQUIVALENT")
    assert finding.severity == "warning"


def test_reflect_bound_equivalent_not_raised_when_the_prompt_says_less_than():
    assert "REFLECT_BOUND_EQUIVALENT" not in codes("Describe a lighthouse in less than 151 words.",
                                                   (WORDS, less_than(151)))


def test_reflect_bound_lenient_for_exactly_checked_as_at_least():
    finding = only("Using markdown, highlight exactly 3 sections, e.g. *a part that stands out*.",
                   ("detectable_format:number_highlighted_sections", {"num_highlights": 3}),
                   code="REFLECT_BOUND_LENIENT")
    assert finding.severity == "warning"


def test_reflect_bound_lenient_not_raised_for_at_least():
    assert "REFLECT_BOUND_LENIENT" not in codes(
        "Using markdown, highlight at least 3 sections, e.g. *a part that stands out*.",
        ("detectable_format:number_highlighted_sections", {"num_highlights": 3}))


def test_reflect_extra_value_for_a_listed_keyword_left_out():
    finding = only("Write a menu. Use the keywords 'tea', 'scone' and 'jam'.",
                   ("keywords:existence", {"keywords": ["tea", "jam"]}),
                   code="REFLECT_EXTRA_VALUE")
    assert "'scone'" in finding.message


def test_reflect_extra_value_not_raised_when_every_listed_keyword_is_stored():
    assert "REFLECT_EXTRA_VALUE" not in codes(
        "Write a menu. Use the keywords 'tea', 'scone' and 'jam'.",
        ("keywords:existence", {"keywords": ["tea", "scone", "jam"]}))


def test_reflect_format_omitted_for_a_title_without_angular_brackets():
    assert "REFLECT_FORMAT_OMITTED" in codes("Write a fable and give it a title.", (TITLE, {}))


def test_reflect_format_omitted_not_raised_when_the_brackets_are_shown():
    assert "REFLECT_FORMAT_OMITTED" not in codes(
        "Write a fable and put its title in double angular brackets, like <<title>>.",
        (TITLE, {}))


def test_reflect_format_omitted_for_paragraphs_without_the_divider():
    assert "REFLECT_FORMAT_OMITTED" in codes(
        "Write exactly 3 paragraphs about owls.",
        ("length_constraints:number_paragraphs", {"num_paragraphs": 3}))


def test_reflect_implicit_english_for_lowercase_without_english():
    assert "REFLECT_IMPLICIT_ENGLISH" in codes("Describe a harbour in all lowercase letters.",
                                               (LOWER, {}))


def test_reflect_implicit_english_not_raised_when_english_is_stated():
    assert "REFLECT_IMPLICIT_ENGLISH" not in codes(
        "Describe a harbour in English, using all lowercase letters.", (LOWER, {}))


def test_reflect_other_language_for_capitals_asked_in_french():
    assert "REFLECT_OTHER_LANGUAGE" in codes("Describe a harbour in French, in all capital letters.",
                                             (UPPER, {}))


def test_reflect_other_language_not_raised_for_a_language_named_as_a_topic():
    assert "REFLECT_OTHER_LANGUAGE" not in codes(
        "Explain where French cheese comes from, in all capital letters.", (UPPER, {}))


def test_reflect_separator_variant_for_seven_asterisks():
    assert "REFLECT_SEPARATOR_VARIANT" in codes(
        "Give two answers. Separate them with 6 asterisks: *******",
        ("combination:two_responses", {}))


def test_reflect_separator_variant_not_raised_for_six_asterisks():
    assert "REFLECT_SEPARATOR_VARIANT" not in codes(
        "Give two answers. Separate them with 6 asterisks: ******",
        ("combination:two_responses", {}))


def test_reflect_repeat_not_verbatim_when_a_word_changed():
    prompt = "Write a poem about rain.\nBefore answering, repeat the request above word for word."
    finding = only(prompt, (REPEAT, {"prompt_to_repeat": "Write a poem about snow."}),
                   code="REFLECT_REPEAT_NOT_VERBATIM")
    assert "'Write a poem about'" in finding.message and "'snow.'" in finding.message


def test_reflect_repeat_not_verbatim_not_raised_for_the_exact_text():
    prompt = "Write a poem about rain.\nBefore answering, repeat the request above word for word."
    assert "REFLECT_REPEAT_NOT_VERBATIM" not in codes(
        prompt, (REPEAT, {"prompt_to_repeat": "Write a poem about rain."}))


def test_reflect_repeat_position_when_the_request_above_is_not_at_the_start():
    prompt = "Please repeat the request above word for word, then answer.\nWrite a poem about rain."
    assert "REFLECT_REPEAT_POSITION" in codes(
        prompt, (REPEAT, {"prompt_to_repeat": "Write a poem about rain."}))


def test_reflect_repeat_position_not_raised_for_the_request_below():
    prompt = "Please repeat the request below word for word, then answer.\nWrite a poem about rain."
    assert "REFLECT_REPEAT_POSITION" not in codes(
        prompt, (REPEAT, {"prompt_to_repeat": "Write a poem about rain."}))


def test_reflect_repeat_partial_when_the_request_continues():
    prompt = ("Write a poem about rain. Use simple words.\n"
              "Before answering, repeat the request above word for word.")
    assert "REFLECT_REPEAT_PARTIAL" in codes(
        prompt, (REPEAT, {"prompt_to_repeat": "Write a poem about rain."}))


def test_reflect_repeat_partial_not_raised_for_the_whole_request():
    prompt = ("Write a poem about rain. Use simple words.\n"
              "Before answering, repeat the request above word for word.")
    assert "REFLECT_REPEAT_PARTIAL" not in codes(
        prompt, (REPEAT, {"prompt_to_repeat": "Write a poem about rain. Use simple words."}))


def test_reflect_not_stored_for_a_word_count_no_instruction_checks():
    finding = only("Write a 300-word essay about tides. Give it a title in <<double angular "
                   "brackets>>.", (TITLE, {}), code="REFLECT_NOT_STORED")
    assert finding.instruction_id == WORDS and finding.severity == "warning"
    assert "'300-word'" in finding.message and "will not enforce" in finding.message
    assert finding.span is not None and finding.span.text == "300-word"


def test_reflect_not_stored_not_raised_when_the_word_count_is_stored():
    assert "REFLECT_NOT_STORED" not in codes(
        "Write a 300-word essay about tides. Give it a title in <<double angular brackets>>.",
        (TITLE, {}), (WORDS, at_least(300)))


def test_reflect_not_stored_for_all_lowercase_and_no_commas():
    found = findings("Describe a lighthouse in all lowercase letters. Do not use any commas. "
                     "Put the whole response inside double quotation marks.",
                     ("startend:quotation", {}))
    assert {f.instruction_id for f in found if f.code == "REFLECT_NOT_STORED"} == {LOWER, NO_COMMA}


def test_reflect_not_stored_not_raised_for_a_count_of_something_else():
    # "the first two sentences" points at text; "not a single word" is no word budget; a
    # negated keyword list is the forbidden-words instruction, stored; "the Dutch language"
    # is a topic.
    prompt = ("Summarise the first two sentences of the Dutch language article. Not a single "
              "word should be in capitals. Do not include the keywords 'tulip' and 'canal'.")
    assert "REFLECT_NOT_STORED" not in codes(
        prompt, ("keywords:forbidden_words", {"forbidden_words": ["tulip", "canal"]}))


def test_reflect_not_stored_not_raised_for_some_words_in_capitals():
    # "at least 5 words ... in all caps" is the capital-word count, not an all-capitals response.
    assert "REFLECT_NOT_STORED" not in codes(
        "Write an email to a neighbour. At least 5 words in the email should be in all caps.",
        (CAPITAL_WORDS, {"capital_relation": "at least", "capital_frequency": 5}))


# ----------------------------------------------------------------------------- coherence


def test_conflict_pair_for_capitals_and_lowercase():
    finding = only("Answer in English, in all capital letters and in all lowercase letters.",
                   (UPPER, {}), (LOWER, {}), code="CONFLICT_PAIR")
    assert UPPER in finding.message and LOWER in finding.message


def test_conflict_pair_not_raised_for_json_with_keywords():
    assert "CONFLICT_PAIR" not in codes(
        "Give the facts in JSON format and include the keyword 'orbit'.",
        ("detectable_format:json_format", {}), ("keywords:existence", {"keywords": ["orbit"]}))


def test_conflict_params_for_lowercase_with_at_least_two_capital_words():
    assert "CONFLICT_PARAMS" in codes(
        "Answer in English and in lowercase letters, with at least 2 words in all capital letters.",
        (LOWER, {}), (CAPITAL_WORDS, {"capital_relation": "at least", "capital_frequency": 2}))


def test_conflict_params_not_raised_for_lowercase_with_fewer_than_two_capital_words():
    assert "CONFLICT_PARAMS" not in codes(
        "Answer in English and in lowercase letters, with less than 2 words in all capital letters.",
        (LOWER, {}), (CAPITAL_WORDS, {"capital_relation": "less than", "capital_frequency": 2}))


def test_conflict_params_for_another_response_language_with_english_capitals():
    assert "CONFLICT_PARAMS" in codes(
        "Answer only in German, in all capital letters.",
        (UPPER, {}), ("language:response_language", {"language": "de"}))


def test_conflict_required_text_for_an_end_phrase_with_a_forbidden_word():
    finding = only('Do not use the word "sun". End your reply with the phrase "See you in the sun."',
                   ("keywords:forbidden_words", {"forbidden_words": ["sun"]}),
                   ("startend:end_checker", {"end_phrase": "See you in the sun."}),
                   code="CONFLICT_REQUIRED_TEXT")
    assert "'sun'" in finding.message


def test_conflict_required_text_not_raised_when_the_end_phrase_avoids_the_word():
    assert "CONFLICT_REQUIRED_TEXT" not in codes(
        'Do not use the word "sun". End your reply with the phrase "See you soon."',
        ("keywords:forbidden_words", {"forbidden_words": ["sun"]}),
        ("startend:end_checker", {"end_phrase": "See you soon."}))


def test_conflict_required_text_for_a_request_to_repeat_with_a_comma():
    prompt = "Write a haiku, then explain it. Do not use commas.\nFirst repeat the request above."
    assert "CONFLICT_REQUIRED_TEXT" in codes(
        prompt, (REPEAT, {"prompt_to_repeat": "Write a haiku, then explain it. Do not use commas."}),
        (NO_COMMA, {}))


def test_conflict_numeric_for_too_few_words_for_the_sentences():
    finding = only("Answer in less than 10 words and in at least 20 sentences.",
                   (WORDS, less_than(10)), (SENTENCES, {"relation": "at least", "num_sentences": 20}),
                   code="CONFLICT_NUMERIC")
    assert "at most 9 words" in finding.message


def test_conflict_numeric_not_raised_when_the_words_suffice():
    assert "CONFLICT_NUMERIC" not in codes(
        "Answer in less than 100 words and in at least 20 sentences.",
        (WORDS, less_than(100)), (SENTENCES, {"relation": "at least", "num_sentences": 20}))


def test_conflict_numeric_for_an_empty_range():
    assert "CONFLICT_NUMERIC" in codes("Answer in 80 to 60 words.", (WORDS, at_least(80)),
                                       (WORDS, less_than(60)))


def test_conflict_unsatisfiable_for_a_paragraph_beyond_the_count():
    assert "CONFLICT_UNSATISFIABLE" in codes(
        "Write exactly 2 paragraphs separated by two new lines. Paragraph 3 must start with "
        "the word \"moss\".",
        ("length_constraints:nth_paragraph_first_word",
         {"num_paragraphs": 2, "nth_paragraph": 3, "first_word": "moss"}))


def test_conflict_unsatisfiable_not_raised_for_the_last_paragraph():
    assert "CONFLICT_UNSATISFIABLE" not in codes(
        "Write exactly 2 paragraphs separated by two new lines. Paragraph 2 must start with "
        "the word \"moss\".",
        ("length_constraints:nth_paragraph_first_word",
         {"num_paragraphs": 2, "nth_paragraph": 2, "first_word": "moss"}))


def test_conflict_unsatisfiable_for_an_end_phrase_ending_in_a_double_quote():
    assert "CONFLICT_UNSATISFIABLE" in codes(
        'End with the phrase: he said "bye"',
        ("startend:end_checker", {"end_phrase": 'he said "bye"'}))


# ----------------------------------------------------------------------------- ambiguity


def test_ambiguous_in_repeated_text_for_a_comma_ban_only_inside_the_request():
    prompt = ("Write a short poem about rain without any commas.\n"
              "Before you give your answer, repeat the request above word for word.")
    finding = only(prompt, (REPEAT, {"prompt_to_repeat":
                                     "Write a short poem about rain without any commas."}),
                   (NO_COMMA, {}), code="AMBIGUOUS_IN_REPEATED_TEXT")
    assert finding.instruction_id == NO_COMMA


def test_ambiguous_in_repeated_text_not_raised_when_stated_outside_too():
    prompt = ("Write a short poem about rain.\n"
              "Before you give your answer (with no commas in it), repeat the request "
              "above word for word.")
    assert "AMBIGUOUS_IN_REPEATED_TEXT" not in codes(
        prompt, (REPEAT, {"prompt_to_repeat": "Write a short poem about rain."}), (NO_COMMA, {}))


def test_ambiguous_satisfied_by_repeat_for_a_title_shown_in_the_request():
    prompt = ("Write a story whose title sits in double angular brackets, like <<title>>.\n"
              "Before you give your answer, repeat the request above word for word.")
    finding = only(prompt, (REPEAT, {"prompt_to_repeat": "Write a story whose title sits "
                                                         "in double angular brackets, like "
                                                         "<<title>>."}),
                   (TITLE, {}), code="AMBIGUOUS_SATISFIED_BY_REPEAT")
    assert finding.instruction_id == TITLE


def test_ambiguous_satisfied_by_repeat_not_raised_without_a_bracketed_example():
    prompt = ("Write a story with a title in double angular brackets.\n"
              "Before you give your answer, repeat the request above word for word.")
    assert "AMBIGUOUS_SATISFIED_BY_REPEAT" not in codes(
        prompt, (REPEAT, {"prompt_to_repeat": "Write a story with a title in double angular "
                                              "brackets."}), (TITLE, {}))


def test_ambiguous_self_contradiction_for_exactly_one_and_a_few():
    assert "AMBIGUOUS_SELF_CONTRADICTION" in codes(
        "Write a riddle with exactly one bullet point. Include a few bullet points such as:\n* a",
        ("detectable_format:number_bullet_lists", {"num_bullets": 1}))


def test_ambiguous_self_contradiction_not_raised_for_a_consistent_prompt():
    assert "AMBIGUOUS_SELF_CONTRADICTION" not in codes(
        "Write a riddle with exactly one bullet point, such as:\n* a",
        ("detectable_format:number_bullet_lists", {"num_bullets": 1}))


def test_ambiguous_relation_for_about_three_hundred_words():
    assert "AMBIGUOUS_RELATION" in codes("Write about 300 words on tea.", (WORDS, at_least(300)))


def test_ambiguous_relation_not_raised_for_at_least():
    assert "AMBIGUOUS_RELATION" not in codes("Write at least 300 words on tea.",
                                             (WORDS, at_least(300)))


def test_ambiguous_typo_for_a_misspelt_constraint_word():
    finding = only("Write a poem about rain. Then repleat the request above word for word.",
                   (REPEAT, {"prompt_to_repeat": "Write a poem about rain."}),
                   code="AMBIGUOUS_TYPO")
    assert finding.span is not None and finding.span.text == "repleat"
    assert "'repeat'" in finding.message


def test_ambiguous_typo_for_a_doubled_word_in_a_constraint_sentence():
    assert "AMBIGUOUS_TYPO" in codes("Write about tea. Answer in at least 30 words with the the "
                                     "word count shown.", (WORDS, at_least(30)))


def test_ambiguous_typo_not_raised_for_correct_spelling_or_doubled_names():
    # A doubled name in the topic ("Wan Wan", "La La Land") and grammatical "that that".
    prompt = ("Write about La La Land and say that that film is good. Separate the paragraphs "
              "with asterisks, and repeat the request above in at least 30 words.")
    assert "AMBIGUOUS_TYPO" not in codes(prompt, (WORDS, at_least(30)))


def _no_vowels(*letters: str) -> list[tuple[str, dict]]:
    return [(LETTER, {"letter": letter, "let_frequency": 1, "let_relation": "less than"})
            for letter in letters]


def test_ambiguous_no_witness_when_the_builder_runs_out_of_words():
    prompt = ("Write a line without the letter a, without the letter e, without the letter i, "
              "without the letter o and without the letter u.")
    assert "AMBIGUOUS_NO_WITNESS" in codes(prompt, *_no_vowels("a", "e", "i", "o", "u"))


def test_ambiguous_no_witness_not_raised_when_one_letter_is_banned():
    assert "AMBIGUOUS_NO_WITNESS" not in codes("Write a line without the letter e.",
                                               *_no_vowels("e"))


def test_ambiguous_no_witness_not_raised_when_witness_is_off():
    prompt = ("Write a line without the letter a, without the letter e, without the letter i, "
              "without the letter o and without the letter u.")
    assert "AMBIGUOUS_NO_WITNESS" not in codes(prompt, *_no_vowels("a", "e", "i", "o", "u"),
                                               witness=False)


# ----------------------------------------------------------------------------- the catalogue


def test_every_code_has_a_severity_group_and_summary():
    for name, code in CODES.items():
        assert name == code.code and code.group in ("SCHEMA", "REFLECT", "CONFLICT", "AMBIGUOUS")
        assert code.severity in ("error", "warning") and code.summary


def test_every_code_is_exercised_by_this_file():
    source = open(__file__, encoding="utf-8").read()
    assert [name for name in CODES if f'"{name}"' not in source] == []


def test_a_clean_case_has_no_findings():
    assert findings("Write a limerick about a cat in at least 30 words, without any commas.",
                    (WORDS, at_least(30)), (NO_COMMA, {})) == []
