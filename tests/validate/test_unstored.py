"""REFLECT_NOT_STORED for each of the types it reads, and the near misses it must leave alone.

Every prompt is written for these tests. The stored instruction (no commas, stated in none of
the prompts) only makes the case non-empty; it never hides what is tested.
"""

from __future__ import annotations

import pytest

from tests.validate.helpers import findings

NO_COMMA = ("punctuation:no_comma", {})


def _unstored(prompt: str, *instructions) -> list[str]:
    return [finding.instruction_id for finding in findings(prompt, *(instructions or (NO_COMMA,)))
            if finding.code == "REFLECT_NOT_STORED"]


@pytest.mark.parametrize("instruction_id, prompt", [
    ("detectable_format:title", "Write a poem. Give it a title such as <<rain>>."),
    ("combination:two_responses", "Give two answers separated by six asterisks: ******."),
    ("detectable_content:postscript", "Write an email. At the end, add a note starting with P.S."),
    ("startend:end_checker", 'Write a story. End your response with the exact phrase "Bye now."'),
    ("startend:quotation", "Write a story. Put your whole response between double quotes."),
    ("detectable_format:json_format", "List three rivers. Your output should be in JSON format."),
    ("detectable_format:multiple_sections",
     "Write a plan with 3 sections, and start each section with SECTION X."),
    ("combination:repeat_prompt",
     "Write a story. Before answering, repeat the request word for word, unchanged."),
    ("keywords:existence", "Write a story. Include the keywords 'owl' and 'moon'."),
    ("keywords:forbidden_words", "Write a story. Do not use the words 'owl' or 'moon'."),
    ("keywords:letter_frequency", "Write a story. The letter q should appear at least 5 times."),
    ("keywords:frequency", "Write a story. The word owl should appear at least 3 times."),
    ("language:response_language", "Write a story. Your entire response should be in French."),
    ("detectable_format:number_bullet_lists", "Write a story. Use exactly 3 bullet points."),
    ("detectable_format:number_highlighted_sections",
     "Write a story. Using markdown, highlight at least 2 sections, e.g. *a key part*."),
    ("detectable_content:number_placeholders",
     "Write a letter. Include at least 4 placeholders in square brackets, like [name]."),
    ("change_case:capital_word_frequency",
     "Write a story. Use at least 4 words in all capital letters."),
    ("length_constraints:number_paragraphs",
     "Write a story in exactly 4 paragraphs, separated by the markdown divider ***."),
    ("length_constraints:number_sentences", "Write a story in fewer than 6 sentences."),
    ("detectable_format:constrained_response",
     "Is tea good? Answer with one of: My answer is maybe., My answer is no., My answer is yes."),
    ("change_case:english_capital", "Write a story. Answer in all capital letters."),
    ("change_case:english_lowercase", "Write a story. Answer with lowercase letters."),
    ("punctuation:no_comma", "Write a story without any commas."),
])
def test_a_clear_statement_of_an_unstored_type_is_reported(instruction_id, prompt):
    stored = ("startend:quotation", {}) if instruction_id == "punctuation:no_comma" else NO_COMMA
    assert _unstored(prompt, stored) == [instruction_id]


@pytest.mark.parametrize("prompt", [
    "Write a story about a few sentences you once heard.",          # vague count
    "Write about 200 words on tea.",                                # approximate
    "Use no more than two commas in the story.",                    # a comma budget, not a ban
    "Do not answer in all capital letters.",                        # negated case
    "Capitalize the first letter of every name.",                   # not the whole response
    "Write a blog post about the Spanish language.",                # a language as topic
    "Write in English about a harbour.",                            # English adds nothing
    "Summarise the first three paragraphs of the article below.",   # a count pointing at text
    "Write a story using bullet points.",                           # no number of bullets
    "Write a story in the style of JSON Derulo's lyrics.",          # JSON as a name
])
def test_near_misses_are_not_reported(prompt):
    assert _unstored(prompt) == []


def test_a_negated_keyword_list_reads_as_forbidden_words_not_as_keywords():
    assert _unstored("Do not include the keywords 'owl' and 'moon'.") == [
        "keywords:forbidden_words"]


def test_a_count_a_stored_instruction_accounts_for_is_not_reported_again():
    # The highlight count "3 words" is not a word budget.
    assert _unstored("Write a story. Highlight at least 3 words with markdown, i.e. *word*.",
                     ("detectable_format:number_highlighted_sections", {"num_highlights": 3})) == []


def test_one_finding_per_unstored_type():
    assert _unstored("Write 300 words on tea. Then write 200 more words on coffee.") == [
        "length_constraints:number_words"]
