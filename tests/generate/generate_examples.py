"""Example parameters for every instruction type (shared by the template and params tests)."""

EXAMPLES = {
    "change_case:capital_word_frequency": {"capital_frequency": 7, "capital_relation": "less than"},
    "combination:repeat_prompt": {"prompt_to_repeat": "Write a note."},
    "detectable_content:number_placeholders": {"num_placeholders": 6},
    "detectable_content:postscript": {"postscript_marker": "P.P.S"},
    "detectable_format:multiple_sections": {"section_spliter": "Chapter", "num_sections": 5},
    "detectable_format:number_bullet_lists": {"num_bullets": 7},
    "detectable_format:number_highlighted_sections": {"num_highlights": 9},
    "keywords:existence": {"keywords": ["lantern", "meadow"]},
    "keywords:forbidden_words": {"forbidden_words": ["very", "thing"]},
    "keywords:frequency": {"keyword": "harbor", "frequency": 4, "relation": "at least"},
    "keywords:letter_frequency": {"letter": "z", "let_frequency": 3, "let_relation": "less than"},
    "language:response_language": {"language": "de"},
    "length_constraints:nth_paragraph_first_word": {"num_paragraphs": 4, "nth_paragraph": 2,
                                                    "first_word": "imagine"},
    "length_constraints:number_paragraphs": {"num_paragraphs": 6},
    "length_constraints:number_sentences": {"num_sentences": 8, "relation": "at least"},
    "length_constraints:number_words": {"num_words": 250, "relation": "less than"},
    "startend:end_checker": {"end_phrase": "Until next time!"},
}
