"""What kind of answer a task asks for (generate/piece.py), read from its words and checks."""

from __future__ import annotations

from ifevalpp.generate.piece import (asks_a_question, code_under_letter_case, features,
                                     notation_under_paragraphs)
from ifevalpp.generate.prompt.layout import build_layout

LOWERCASE = "change_case:english_lowercase"
JSON = "detectable_format:json_format"


def _features(prompt, ids=(LOWERCASE,), kwargs=({},)):
    return features(build_layout(prompt, list(ids), [dict(item) for item in kwargs]))


def test_a_name_for_something_is_a_short_answer():
    assert "short" in _features("Write a good name for a black dog. Use lowercase letters only.")
    assert "short" in _features("Create an English name for a beach house company. "
                                "Use lowercase letters only.")


def test_a_sentence_to_finish_is_a_short_answer():
    # Read CKY (3703): "I'm going to read your answer on the train home this evening." beside
    # a sentence to finish.
    assert "short" in _features('Given the sentence "The kettle boiled over because the", can '
                                'you finish the sentence? Use lowercase letters only.')


def test_a_text_to_complete_is_an_exercise_on_a_given_text_and_brief():
    # Read CLH (2107): a postscript closing a completed three-sentence text.
    found = _features('Complete the following text: "The owl is a quiet bird. It hunts at '
                      'night." Use lowercase letters only.')
    assert {"drill", "brief"} <= found


def test_a_list_asked_for_in_a_rule_is_a_list():
    # Read CLK (3166): "Just list the steps …" beside five paragraphs between dividers.
    found = _features("What are the steps to plant a tree? Just list the steps without saying "
                      "the word spade.", ids=("keywords:forbidden_words",),
                      kwargs=({"forbidden_words": ["spade"]},))
    assert "listed" in found
    assert "listed" not in _features("Write an essay about trees. Use lowercase letters only.")


def test_a_name_the_piece_is_written_in_is_no_short_answer():
    # "in my name for the canucks hockey team" names no name to invent.
    assert "short" not in _features("Write a blog post in my name for the canucks hockey team "
                                    "about the environment. Use lowercase letters only.")


def test_a_question_on_how_to_write_a_poem_asks_for_no_verse():
    assert "verse" not in _features("How to write a good Chinese poem? Use lowercase letters only.")
    assert "verse" in _features("Write a good Chinese poem. Use lowercase letters only.")


def test_an_xml_document_and_a_json_only_answer_are_markup():
    assert "markup" in _features("Write an XML document about a new phone. "
                                 "Use lowercase letters only.")
    assert "markup" in _features("Tell me about the history of a park. Wrap your whole answer "
                                 "in JSON.", ids=(JSON,))
    assert "markup" not in _features("Write an essay about a park. Use lowercase letters only.")


def test_a_question_put_to_the_writer_is_asked_and_a_request_is_not():
    assert "asked" in _features("Is the moon landing real? Use lowercase letters only.")
    assert asks_a_question("Is it true that the first song sung in space was Happy Birthday?")
    assert asks_a_question("I've been wondering whether bats are blind.")
    assert not asks_a_question("Could you write a poem about the sea?")


def test_a_task_that_names_its_readers_says_so():
    assert "readers" in _features("Write a haiku for an audience of young readers. "
                                  "Use lowercase letters only.")


def test_a_letter_case_names_no_letter_to_write():
    # Read BBR (2736): "a rant … in all capital letters" was taken for a letter, so a cover
    # letter kept the rant's end line.
    assert "letter" not in _features("Write a rant about how an asteroid killed the dinosaurs "
                                     "in all capital letters and in English.")
    assert "letter" not in _features("Compose a poem all in lowercase letters about my friend.")
    assert "letter" in _features("Write a cover letter for a tour guide job in lowercase letters.")


def test_every_letter_and_all_letters_name_characters_not_a_letter_to_someone():
    # Read BCV (2563): "capitalize every letter" made a drill on a sentence a letter, whose
    # new tasks were cover letters.
    assert "letter" not in _features("Rewrite this sentence as a joke and capitalize every letter.")
    assert "letter" not in _features("Name a bakery. All letters in your answer must be small.")
    assert "letter" in _features("Write a letter to my aunt. Use lowercase letters only.")


def test_code_under_a_letter_case_rule_is_found_and_code_alone_is_not():
    capitals = ["change_case:english_capital"]
    code = "Explain what a loop does, with examples in the C programming language."
    assert code_under_letter_case(build_layout(f"{code} Answer in capitals only.", capitals, [{}]))
    assert not code_under_letter_case(build_layout(
        f"{code} Do not use commas.", ["punctuation:no_comma"], [{}]))
    assert not code_under_letter_case(build_layout(
        "Explain what a loop does. Answer in capitals only.", capitals, [{}]))



def test_a_table_of_pros_and_cons_is_a_piece_of_items():
    # Reads BDC, BDD (2070): "a table of pros and cons … Add a postscript" became letters,
    # where a P.S. is at home; a piece of items stays one.
    from ifevalpp.generate.piece import task_items

    table = build_layout("Could you give me a table of pros and cons of remote work? Add a "
                         "postscript that starts with P.S. at the end.",
                         ["detectable_content:postscript"], [{"postscript_marker": "P.S."}])
    assert task_items(table)[0]


def test_an_answer_in_notation_only_is_markup_wherever_the_prompt_says_so():
    # Read CFQ (1738): headings, a postscript or words in capitals beside "answer with only
    # mathematical notation" contradict it.
    layout = build_layout("What is the next number in this series: 1, 4, 7, 11, 17? Please "
                          "answer with only mathematical notation without any commas.",
                          ["punctuation:no_comma"], [{}])
    assert {"markup", "short"} <= features(layout)
    plain = build_layout("What is the next number in this series: 1, 4, 7, 11, 17? Do not use "
                         "any commas.", ["punctuation:no_comma"], [{}])
    assert "markup" not in features(plain)


def test_a_text_to_make_weird_is_a_drill():
    # Read CFU (2230): "a closing line that leaves the reader with the key point" after
    # "Make this text weird: "…"".
    layout = build_layout('Make this text weird: "The new version of the app will be available '
                          'soon." Do not use any commas.', ["punctuation:no_comma"], [{}])
    assert "drill" in features(layout)


def test_an_answer_that_is_the_piece_alone_takes_nothing_around_it():
    # Read CGM (1418): quotation marks around an answer that "should contain the poem only".
    from ifevalpp.constraints import get

    layout = build_layout("Write a poem about the sea. Your entire response should contain the "
                          "poem only. Do not use any commas.", ["punctuation:no_comma"], [{}])
    assert "bare" in features(layout)
    assert "bare" in get("startend:quotation").distractor_unfit_for
    plain = build_layout("Write a poem about the sea. Do not use any commas.",
                         ["punctuation:no_comma"], [{}])
    assert "bare" not in features(plain)


def test_a_piece_of_a_stated_page_size_is_not_short():
    # Read CIO (2713): a half-page print ad is no short piece; a riddle in its place was
    # easier under a comma ban.
    from ifevalpp.generate.piece import text_features

    ad = "We need a print ad for a magazine. The ad should include a headline."
    assert "short" in text_features(ad)
    assert "short" not in text_features(ad + " The ad should be 1/2 page.")


def test_mathematical_notation_under_a_paragraph_count_is_found_and_notation_alone_is_not():
    # Read CKV (2880): an explanation in mathematical notation, in counted paragraphs, became
    # fables: the notation's pull against the count was gone.
    paragraphs = ["length_constraints:nth_paragraph_first_word"]
    settings = [{"num_paragraphs": 2, "nth_paragraph": 1, "first_word": "zebra"}]
    task = "Explain why a circle has no corners. Use mathematical notation in your answer."
    rule = " Write exactly 2 paragraphs separated by two new lines; paragraph 1 starts with zebra."
    assert notation_under_paragraphs(build_layout(task + rule, paragraphs, settings))
    assert not notation_under_paragraphs(build_layout(
        task + " Do not use commas.", ["punctuation:no_comma"], [{}]))
    assert not notation_under_paragraphs(build_layout(
        "Explain why a circle has no corners." + rule, paragraphs, settings))
