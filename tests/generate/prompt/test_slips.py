"""Every cousin mends the user's own slips (generate/prompt/slips.py)."""

from __future__ import annotations

from ifevalpp.generate.prompt.slips import mend_text, mended, mended_request, still_said

NO_COMMA = "punctuation:no_comma"
EXISTS = "keywords:existence"
PLACEHOLDERS = "detectable_content:number_placeholders"
BANNED = "keywords:forbidden_words"
LETTER = "keywords:letter_frequency"


def test_a_mass_noun_said_in_the_plural_is_said_in_the_singular():
    assert mend_text("Do not forget to add punctuations.") == "Do not forget to add punctuation."


def test_a_mass_noun_keeps_its_capital():
    assert mend_text("Informations about the trip: see below.") == \
        "Information about the trip: see below."


def test_a_unit_after_a_count_above_one_takes_its_plural():
    assert mend_text("the poem must contain exactly 2 bullet point in markdown") == \
        "the poem must contain exactly 2 bullet points in markdown"


def test_a_unit_already_plural_is_left_alone():
    assert mend_text("Use exactly two bullet points.") == "Use exactly two bullet points."


def test_a_count_of_one_keeps_its_unit_singular():
    assert mend_text("Write exactly 1 paragraph.") == "Write exactly 1 paragraph."


def test_a_count_used_as_an_adjective_keeps_its_unit_singular_with_a_hyphen():
    assert mend_text("Write a 3 paragraph essay.") == "Write a 3-paragraph essay."


def test_a_verb_agrees_with_its_plural_units():
    assert mend_text("highlight at least 3 sections that has titles") == \
        "highlight at least 3 sections that have titles"


def test_quoted_text_is_kept_byte_for_byte():
    prompt = 'Repeat "Add punctuations." and add punctuations.'
    assert mended(prompt, [NO_COMMA], [{}]) == 'Repeat "Add punctuations." and add punctuation.'


def test_a_checked_literal_is_kept_byte_for_byte():
    prompt = "Use the word informations. Mind your informations."
    assert mended(prompt, [EXISTS], [{"keywords": ["informations"]}]) == prompt


def test_an_it_that_lost_the_answer_it_pointed_at_names_the_response():
    original = ("Your response should contain at least 30 sentences. Also, it must contain at "
                "least 8 placeholders, such as [address].")
    cousin = ("Use 45 or more sentences. Also, it must contain at least 8 placeholders, such "
              "as [address].")
    assert mended(cousin, [PLACEHOLDERS], [{"num_placeholders": 8}], original) == \
        ("Use 45 or more sentences. Also, your response must contain at least 8 placeholders, "
         "such as [address].")


def test_an_it_still_after_the_answer_it_points_at_is_kept():
    original = ("Your response should contain at least 30 sentences. Also, it must contain at "
                "least 8 placeholders, such as [address].")
    cousin = ("Your answer should run to 45 sentences or more. Also, it must contain at least "
              "8 placeholders, such as [address].")
    assert mended(cousin, [PLACEHOLDERS], [{"num_placeholders": 8}], original) == cousin


def test_a_slip_of_idiom_is_mended():
    assert mend_text("Please reply in details.") == "Please reply in detail."


def test_an_idiom_no_editor_keeps_is_said_plainly():
    # Reads CHS and CHT (1813, 2383): carried into every cousin, each was counted nine times.
    assert mend_text("Control the length of your reply. Stay under 40 words.") == \
        "Keep your reply short. Stay under 40 words."
    assert mend_text("Give two answers. Responses and only responses should be separated by "
                     "a blank line.") == \
        "Give two answers. Only the two responses should be separated by a blank line."
    assert mend_text("I'd like responses and only responses to be numbered.") == \
        "I'd like only the two responses to be numbered."


def test_responses_and_only_responses_apart_is_said_plainly():
    # Reads CJZ and CKA (2383): "Only the two responses should be separated by six asterisk
    # symbols" and ", used nowhere else: ******" read stilted, in every cousin; the separator
    # said to go between the two says where it goes.
    assert mend_text("Responses and only responses should be separated by 6 asterisk symbols: "
                     "******.") == \
        "The two responses should be separated by 6 asterisk symbols: ******."
    assert mend_text("I'd like responses and only responses to be separated by six asterisk "
                     "symbols: ******.") == \
        "I'd like the two responses to be separated by six asterisk symbols: ******."


def test_an_answer_in_hindi_that_must_hold_english_keywords_says_it_may():
    # Read CKB (3305): "… is in Hindi; no other language is allowed" beside English keywords
    # the check wants, in all three distractors.
    assert mend_text("Check that your entire response is in Hindi; no other language is "
                     "allowed.") == \
        "Check that your entire response is in Hindi, apart from the English keywords."


def test_a_field_is_evolving_not_echoing():
    # Read CKD (3131): "the echoing biotechnology field", in all six cousins that kept it.
    assert mend_text("Write about the echoing biotechnology field today.") == \
        "Write about the evolving biotechnology field today."


def test_a_word_count_said_as_a_size_is_said_as_the_minimum_it_checks():
    # Read CKB (1964): "a 100-word advertisement" reads as about 100; the check wants 100 or more.
    assert mend_text("Write a 100-word advertisement for a bakery.") == \
        "Write an advertisement of at least 100 words for a bakery."


def test_a_sentence_count_counts_the_email_not_the_life_it_is_about():
    # Read CKM (292): the distractors kept "… of a good life that contains at least 20
    # sentences", which the rephrasings had mended.
    assert mend_text("Send a long and funny email to your friend about the ingredients of a good "
                     "life that contains at least 25 sentences.") == \
        ("Send a long and funny email of at least 25 sentences to your friend about the "
         "ingredients of a good life.")


def test_a_lot_of_a_letter_is_said_in_the_plural():
    # Read CKP (2912): "they end up using a lot of t in their dialogue", in all nine cousins.
    prompt = "Two friends avoid the letter t, but they end up using a lot of t in their dialogue."
    ids = ["keywords:letter_frequency"]
    kwargs = [{"letter": "t", "let_relation": "at least", "let_frequency": 9}]
    assert mended(prompt, ids, kwargs, prompt) == \
        "Two friends avoid the letter t, but they end up using a lot of t's in their dialogue."


def test_a_quotation_ending_on_its_own_question_mark_takes_no_stop_after_it():
    # Read CKR (1939, 2505): 'end your response with "Which one you choose?".' in every
    # distractor.
    prompt = 'List three snacks. End your response with "Any others?". Keep it short.'
    ids = ["startend:end_checker"]
    kwargs = [{"end_phrase": "Any others?"}]
    assert mended(prompt, ids, kwargs, prompt) == \
        'List three snacks. End your response with "Any others?" Keep it short.'


def test_less_than_a_count_in_the_teens_said_in_words_is_fewer_than():
    # Read CKT (2589): "less than seventeen sentences" where digits had been mended.
    assert mend_text("Your answer should contain less than seventeen sentences.") == \
        "Your answer should contain fewer than seventeen sentences."


def test_a_sentence_ending_on_the_blank_line_example_takes_its_stop_before_an_added_line():
    # Read CKW (181): the distractors kept 'by double line breaks ("\\n\\n")' with no stop
    # before the line they add.
    prompt = 'Write a story. Separate paragraphs by double line breaks ("\\n\\n")'
    ids = ["length_constraints:number_paragraphs"]
    kwargs = [{"num_paragraphs": 3}]
    assert mended(prompt + "\n\nAvoid commas.", ids, kwargs, prompt) == \
        prompt + ".\n\nAvoid commas."


def test_a_description_of_a_thing_is_not_a_description_for_it():
    # Read CJY (2617): "a description for Tulsa's day-to-day work", in all nine cousins.
    assert mend_text("Write a description for Tulsa's week.") == \
        "Write a description of Tulsa's week."



def test_fragments_before_a_question_are_joined_in_every_cousin():
    # Read CHW (3754): a distractor kept the fragments its rephrasings had joined.
    distractor = ("I'm on a break.\n\nIf Bob beat Martha in a game of pool. And Martha beat Joe "
                  "in a game of pool. Can Bob beat Joe in a game of pool?\n\nAnswer with one of "
                  "the following phrases:\nMy answer is yes.\nMy answer is no.")
    assert mended(distractor, ["detectable_format:constrained_response"], [{}]).split("\n")[2] == \
        ("If Bob beat Martha in a game of pool, and Martha beat Joe in a game of pool, can Bob "
         "beat Joe in a game of pool?")


def test_a_file_is_a_document_whatever_verb_asks_for_it():
    # Read CHP (1548): "Could you put together a file for a queer-owned business …?"
    assert mend_text("Could you put together a file for a queer-owned business?") == \
        "Could you put together a document for a queer-owned business?"


def test_a_limerick_in_notation_says_which_notation():
    # Read CHV (2849): "use notation to express it" carried into every cousin.
    assert mend_text("Write a limerick, and use notations to express it.") == \
        "Write a limerick, and use mathematical notation to express it."


def test_a_verb_joined_without_its_ing_is_mended():
    assert mend_text("Write a letter to a friend ask them to go and vote.") == \
        "Write a letter to a friend asking them to go and vote."


def test_quotes_of_ours_are_curly_where_the_original_writes_curly_ones():
    original = "Make the sentence “The bus arrived” sound better. Avoid using the word “station”."
    cousin = 'Could you make the sentence “The bus arrived” sound better? Avoid the word "station".'
    assert mended(cousin, [NO_COMMA], [{}], original) == \
        "Could you make the sentence “The bus arrived” sound better? Avoid the word “station”."


def test_quotes_around_a_text_to_repeat_stay_as_they_are():
    original = "Repeat “Hi there” first."
    cousin = 'Repeat "Hi there" first.'
    assert mended(cousin, ["combination:repeat_prompt"], [{"prompt_to_repeat": '"Hi there"'}],
                  original) == cousin


def test_a_mass_noun_mended_to_the_singular_takes_a_singular_verb():
    assert mend_text("Please make sure that all punctuations are legit.") == \
        "Please make sure that all punctuation is legit."


def test_the_word_before_two_quoted_words_is_said_in_the_plural():
    assert mended('Make sure it has the word "land" and "river".', [NO_COMMA], [{}]) == \
        'Make sure it has the words "land" and "river".'


def test_a_slip_around_quotes_inside_a_checked_literal_is_kept():
    text = 'Avoid the word "damn" and "darn" throughout.'
    prompt = f"Write a poem. End it with the exact sentence: {text}"
    assert mended(prompt, ["startend:end_checker"], [{"end_phrase": text}]) == prompt


def test_the_exact_phrase_of_loses_its_of():
    assert mend_text("Finish with the exact phrase of ") == "Finish with the exact phrase "


def test_for_before_a_number_of_times_is_dropped():
    assert mend_text("Mention the word for at least 8 times.") == \
        "Mention the word at least 8 times."


def test_a_how_to_question_asks_how_do_you():
    assert mend_text("How to write a good poem? Answer in French.") == \
        "How do you write a good poem? Answer in French."


def test_a_closing_comma_splice_before_no_other_language_becomes_a_semicolon():
    assert mend_text("Answer only in Hindi, no other language is allowed.") == \
        "Answer only in Hindi; no other language is allowed."


def test_no_other_language_after_outside_of_is_left_alone():
    text = "Outside of Arabic, no other language is allowed throughout your answer."
    assert mend_text(text) == text


def test_a_day_count_before_a_trip_is_hyphenated():
    assert mend_text("Plan a 9 day trip to Japan.") == "Plan a 9-day trip to Japan."


def test_a_prompt_opening_in_small_letters_opens_with_a_capital():
    assert mended("critique this pitch. Use no commas.", [NO_COMMA], [{}],
                  "critique this pitch. Use no commas.") == "Critique this pitch. Use no commas."


def test_a_prompt_whose_original_has_no_capitals_keeps_its_small_letters():
    text = "critique this pitch. use no commas."
    assert mended(text, [NO_COMMA], [{}], text) == text


def test_small_counts_said_both_ways_are_all_said_in_words():
    assert mended("Write 3 paragraphs, and use the letter q two times.", [NO_COMMA], [{}]) == \
        "Write three paragraphs, and use the letter q two times."


def test_small_counts_said_in_digits_only_stay_digits():
    text = "Write 3 paragraphs, and use the letter q 2 times."
    assert mended(text, [NO_COMMA], [{}]) == text


def test_a_statement_mended_in_a_distractor_is_still_said():
    statement = "Do not forget to add punctuations."
    prompt = "Write a poem. Do not forget to add punctuation. Use a title."
    assert still_said(statement, prompt, [NO_COMMA], [{}])
    assert not still_said("Do not forget the title.", prompt, [NO_COMMA], [{}])


def test_a_phrase_is_mended_though_a_checked_word_follows_it():
    prompt = "How to say it without saying the word computer or science?"
    assert mended(prompt, [BANNED], [{"forbidden_words": ["computer", "science"]}]) == \
        "How do you say it without saying the words computer or science?"


def test_a_single_letter_literal_guards_only_that_letter():
    prompt = "Write a story from a perspective of a man. Use the letter i once."
    assert mended(prompt, [LETTER], [{"letter": "i", "let_frequency": 2,
                                      "let_relation": "less than"}]) == \
        "Write a story from the perspective of a man. Use the letter i once."


def test_a_comma_splice_before_a_second_request_becomes_two_sentences():
    assert mend_text("Write a blog post about an agency, make sure to use 20 sentences.") == \
        "Write a blog post about an agency. Make sure to use 20 sentences."
    assert mend_text("I need help with my essay, can you give me advice?") == \
        "I need help with my essay. Can you give me advice?"


def test_a_comma_after_a_subordinate_clause_is_no_splice():
    text = "If you can, make sure to add a title."
    assert mend_text(text) == text


def test_a_comma_after_a_short_lead_in_is_no_splice():
    text = "By the way, could you write without commas?"
    assert mend_text(text) == text


def test_a_sentence_opening_in_small_letters_takes_a_capital():
    assert mended("Use the keyword 'people'. use only lowercase letters.", [NO_COMMA], [{}],
                  "Xx") == "Use the keyword 'people'. Use only lowercase letters."


def test_a_small_letter_after_an_abbreviation_is_left_alone():
    text = "Use markdown, i.e. use asterisks like *this*."
    assert mended(text, [NO_COMMA], [{}], "Xx") == text


def test_a_small_letter_after_a_list_number_is_left_alone():
    text = "Answer after it (1. do not say anything before it; 2. the request is above)."
    assert mended(text, [NO_COMMA], [{}], "Xx") == text


def test_a_country_in_small_letters_is_capitalised():
    assert mended("Plan a trip to switzerland.", [NO_COMMA], [{}], "Xx") == \
        "Plan a trip to Switzerland."


def test_a_keyword_before_two_single_quoted_words_is_plural():
    assert mended("Use the keyword 'people' and 'skills'.", [NO_COMMA], [{}]) == \
        "Use the keywords 'people' and 'skills'."


def test_a_comma_splice_before_a_question_becomes_two_sentences():
    assert mend_text("I want to travel to the Freeport Zone, which area should I stay in?") == \
        "I want to travel to the Freeport Zone. Which area should I stay in?"


def test_a_relative_clause_after_a_comma_is_no_splice():
    text = "Can you summarise the following text, which is about cats?"
    assert mend_text(text) == text


def test_a_count_of_one_time_is_said_once():
    assert mend_text("Use the word at least 1 times.") == "Use the word at least once."


def test_a_phrase_holding_a_checked_literal_is_mended_around_it():
    frequency = "keywords:frequency"
    kwargs = [{"relation": "at least", "keyword": "tower", "frequency": 8}]
    assert mended('Mention the word "tower" for at least 8 times.', [frequency], kwargs) == \
        'Mention the word "tower" at least 8 times.'


def test_a_language_named_without_its_article_takes_one():
    assert mend_text("Answer in German language only.") == "Answer in the German language only."


CONSTRAINED = "detectable_format:constrained_response"
POSTSCRIPT = "detectable_content:postscript"


def test_an_article_before_a_mass_noun_is_dropped():
    assert mend_text("Is the moon landing a propaganda made up by the government?") == \
        "Is the moon landing propaganda made up by the government?"


def test_a_closing_curly_quote_that_opens_a_quotation_is_straightened():
    prompt = 'Answer with one of: ”My answer is yes.", "My answer is no."'
    assert mended(prompt, [CONSTRAINED], [{}], prompt) == \
        'Answer with one of: "My answer is yes.", "My answer is no."'


def test_a_bare_like_before_an_example_becomes_for_example():
    assert mend_text("Include two italic sections. Like: *this is italic*") == \
        "Include two italic sections. For example: *this is italic*"


def test_a_comma_after_please_before_its_verb_goes():
    assert mend_text("Please, use a weird tone.") == "Please use a weird tone."


def test_i_e_before_an_example_of_markup_becomes_such_as():
    assert mend_text("Add a title in double angular brackets, i.e. <<title>>.") == \
        "Add a title in double angular brackets, such as <<title>>."


def test_a_python_list_of_banned_keywords_is_said_as_words():
    prompt = "Your answer must not include keywords ['bad', 'underperform'] at all."
    assert mended(prompt, [BANNED], [{"forbidden_words": ["bad", "underperform"]}], prompt) == \
        "Your answer must not include the keywords 'bad' or 'underperform' at all."


def test_a_python_list_of_keywords_to_include_is_joined_with_and():
    prompt = "Include the keywords ['dog', 'day'] in the response."
    assert mended(prompt, [EXISTS], [{"keywords": ["dog", "day"]}], prompt) == \
        "Include the keywords 'dog' and 'day' in the response."


def test_a_postscript_marker_run_into_the_next_sentence_is_quoted_and_stopped():
    prompt = "Add a postscript starting with P.P.S Your entire response should be in capitals."
    assert mended(prompt, [POSTSCRIPT], [{"postscript_marker": "P.P.S"}], prompt) == \
        'Add a postscript starting with "P.P.S". Your entire response should be in capitals.'


def test_a_condition_cut_off_from_its_question_is_joined_to_it():
    assert mend_text("Hi. If a + b = 3 and b = 1. Is a = 2?") == "Hi. If a + b = 3 and b = 1, is a = 2?"


def test_a_language_aside_before_the_subject_moves_after_it():
    assert mend_text("Write a document in the Portuguese language, no other language is allowed, "
                     "about Adam and Eve.") == \
        "Write a document in the Portuguese language about Adam and Eve; no other language is allowed."


def test_an_audience_after_what_to_explain_moves_next_to_the_verb():
    assert mend_text("Explain what happens when you sniff a flower to 3rd grade students.") == \
        "Explain to 3rd-grade students what happens when you sniff a flower."


def test_a_name_inside_a_web_address_keeps_its_small_letters():
    prompt = "Summarise https://en.wikipedia.org/wiki/Dota_2 like the wikipedia page."
    assert mended(prompt, [NO_COMMA], [{}], "Summarise X") == \
        "Summarise https://en.wikipedia.org/wiki/Dota_2 like the Wikipedia page."


# From the editor's pass over every original (after reads ADA, ADB).

def test_keywords_to_include_take_their_article():
    assert mend_text("Include keywords gao and hearts in the response.") == \
        "Include the keywords gao and hearts in the response."


def test_a_count_before_its_unit_as_a_modifier_takes_a_hyphen():
    assert mend_text("Write a 2 paragraph critique and plan a 2 week Europe trip.") == \
        "Write a 2-paragraph critique and plan a 2-week Europe trip."


def test_i_e_without_its_stop_before_an_example_becomes_such_as():
    assert mend_text("Highlight sections with markdown,  i.e *highlighted section*.") == \
        "Highlight sections with markdown, such as *highlighted section*."


def test_i_e_in_brackets_before_a_placeholder_becomes_e_g():
    assert mend_text("Use placeholders (i.e., [restaurant]).") == "Use placeholders (e.g., [restaurant])."


def test_a_language_aside_inside_a_sentence_goes_in_brackets():
    assert mend_text("Answer entirely in Tamil, no other language is allowed, and use no commas.") \
        == "Answer entirely in Tamil (no other language is allowed) and use no commas."


def test_a_ban_said_throughout_the_response_is_said_anywhere_in_it():
    prompt = "Do not include the word 'parody' throughout your response."
    assert mended(prompt, [BANNED], [{"forbidden_words": ["parody"]}], prompt) == \
        "Do not include the word 'parody' anywhere in your response."


def test_conditions_cut_into_sentences_are_joined_to_their_question():
    assert mend_text("If a + b = 10. And a > b. Is a = 6?") == "If a + b = 10 and a > b, is a = 6?"


def test_word_by_word_is_word_for_word():
    assert mend_text("Repeat the request word by word.") == "Repeat the request word for word."


def test_or_less_before_counted_words_is_or_fewer():
    assert mend_text("The answer should have 45 or less words.") == \
        "The answer should have 45 or fewer words."


def test_a_length_trailing_the_subject_moves_next_to_the_piece():
    assert mend_text("Write an essay about the best way to sleep well with at least 400 words.") \
        == "Write an essay of at least 400 words about the best way to sleep well."


def test_the_form_of_a_piece_trailing_its_purpose_moves_next_to_it():
    assert mend_text("Write a cover letter for a job at a local coffee shop in the form of a poem.") \
        == "Write a cover letter in the form of a poem for a job at a local coffee shop."


def test_the_language_trailing_a_long_subject_moves_next_to_the_piece():
    assert mend_text("Write a poem about a frog who wants to sing in the Persian language.") == \
        "Write a poem in the Persian language about a frog who wants to sing."


def test_a_given_sentence_cut_from_its_question_is_joined_to_it():
    prompt = 'Given the sentence "It is unclear how much of it is real". Can you finish it?'
    assert mended(prompt, [NO_COMMA], [{}], prompt) == \
        'Given the sentence "It is unclear how much of it is real", can you finish it?'


def test_in_entirely_a_language_is_entirely_in_it():
    assert mend_text("Write a lame joke in entirely Swahili.") == "Write a lame joke entirely in Swahili."


def test_an_end_phrase_said_without_quotes_is_quoted():
    prompt = "List ways to pass time. End with the exact phrase Is there anything else I can help with?"
    kwargs = [{"end_phrase": "Is there anything else I can help with?"}]
    assert mended(prompt, ["startend:end_checker"], kwargs, prompt) == \
        'List ways to pass time. End with the exact phrase "Is there anything else I can help with?"'


def test_a_quoted_request_run_into_a_rule_ends_its_question():
    prompt = 'Can you give me two alternatives to "What is up" and do not use any commas.'
    assert mended(prompt, [NO_COMMA], [{}], prompt) == \
        'Can you give me two alternatives to "What is up"? Do not use any commas.'


def test_a_bare_ask_after_how_the_letter_is_written_becomes_asking():
    assert mend_text("Write a letter to a friend in all lowercase letters ask them to vote.") == \
        "Write a letter to a friend in all lowercase letters, asking them to vote."


def test_a_given_sentence_run_into_its_question_takes_a_comma():
    prompt = 'Given the sentence "Two boys with horns." can you ask a question?'
    assert mended(prompt, [NO_COMMA], [{}], prompt) == \
        'Given the sentence "Two boys with horns.", can you ask a question?'


def test_a_list_of_capitalised_words_to_avoid_takes_the_plural():
    assert mend_text("Do not mention the word Taylor, Swift, or Together.") == \
        "Do not mention the words Taylor, Swift, or Together."


def test_a_phrase_is_searched_only_where_its_own_words_stand():
    from ifevalpp.generate.prompt.slips import _required_text

    assert _required_text(r"\bword by word\b") == "word by word"
    assert _required_text(r"\b(?P<v>[Ii]nclude|[Cc]ontain) keywords\b") == " keywords"
    assert _required_text(r"(?i)\bword by word\b") is None  # any letter case matches
    assert _required_text(r"\b(?:one|two) (?:day|week)\b") is None  # nothing every match holds


def test_a_why_question_puts_its_verb_before_the_subject():
    assert mend_text("Why star wars is so popular? Answer in bullets.") == \
        "Why is star wars so popular? Answer in bullets."


def test_who_a_blog_post_is_for_stands_beside_the_post_not_the_dog():
    assert mend_text("Write a blog post about how to train a dog that is geared towards kids.") == \
        "Write a blog post for kids about how to train a dog."


def test_an_answer_not_yet_written_is_made_understandable_not_rewritten():
    assert mend_text("What is a lattice? Rewrite the answer to be understandable to a young "
                     "audience.") == \
        "What is a lattice? Make your answer understandable to a young audience."


def test_a_length_trailing_the_services_goes_with_the_advertisement():
    assert mend_text("Write a funny advertisement for a hair salon that is offering a 25% "
                     "discount on all services that has at least 200 words.") == \
        ("Write a funny advertisement of at least 200 words for a hair salon that is offering a "
         "25% discount on all services.")


def test_a_quoted_passage_of_several_sentences_is_no_sentence():
    prompt = 'Rewrite the following sentence in a formal way: "Hi there, friend. Bye now."'
    assert mended(prompt, [NO_COMMA], [{}], prompt) == \
        'Rewrite the following passage in a formal way: "Hi there, friend. Bye now."'


def test_a_quoted_single_sentence_stays_a_sentence():
    prompt = 'Rewrite the following sentence in a formal way: "Hi there, friend."'
    assert mended(prompt, [NO_COMMA], [{}], prompt) == prompt


def test_an_example_after_i_e_use_is_given_as_an_example():
    assert mend_text("Highlight at least 2 sections with markdown, i.e. use *highlighted section*.") \
        == "Highlight at least 2 sections with markdown, such as *highlighted section*."


def test_a_question_put_as_a_statement_ends_on_its_mark():
    prompt = 'Is it true that the first song sung in space is “Happy Birthday.”'
    assert mended(prompt, [NO_COMMA], [{}], prompt) == \
        'Is it true that the first song sung in space is “Happy Birthday”?'


def test_a_line_break_inside_a_sentence_is_a_space():
    assert mend_text("Mark the beginning\nof each advertisement with Audience 1.") == \
        "Mark the beginning of each advertisement with Audience 1."


def test_options_written_as_a_python_tuple_are_listed_in_words():
    prompt = ("Is the poodle bigger? Choose from the following: ('My answer is yes.', 'My answer "
              "is no.', 'My answer is maybe.') -- please include the exact phrase in your response.")
    assert mended(prompt, ["detectable_format:constrained_response"], [{}], prompt) == \
        ("Is the poodle bigger? Choose from the following: 'My answer is yes.', 'My answer is "
         "no.' or 'My answer is maybe.' Please include the exact phrase in your response.")


def test_a_trip_that_visits_cities_is_a_trip_that_takes_them_in():
    assert mend_text("Plan a 2 week Europe trip and visit London, Paris, and Rome.") == \
        "Plan a 2-week trip to Europe that takes in London, Paris, and Rome."


def test_a_verb_after_should_stays_in_its_base_form():
    assert mend_text("The poem should have a title in double angular brackets, such as "
                     "<<title>>, and contains at least 3 words in capitals.") == \
        ("The poem should have a title in double angular brackets, such as <<title>>, and "
         "contain at least 3 words in capitals.")


def test_an_answer_not_yet_given_is_kept_concise_not_rewritten():
    assert mend_text('Please rewrite the answer to make it more concise and include "desert".') \
        == 'Please keep the answer concise and include "desert".'


def test_a_manner_the_request_names_already_is_not_asked_again_alone():
    # Read AMA: "a zany, bullet-point TLDR … Make it zany." once the ban is cut from it.
    assert mend_text("Give me a zany TLDR of this article.\nMake it zany.\nAvoid 'lawsuit'.") == \
        "Give me a zany TLDR of this article.\nAvoid 'lawsuit'."


def test_an_example_separator_shows_the_count_the_sentence_says():
    assert mend_text("Separate them with exactly 6 asterisk symbols: *******") == \
        "Separate them with exactly 6 asterisk symbols: ******"


def test_a_last_line_left_without_its_stop_gets_one():
    assert mend_text("Include at least 4 hashtags, starting with '#'\nThen stop.") == \
        "Include at least 4 hashtags, starting with '#'.\nThen stop."


def test_an_order_to_the_writer_is_no_lets():
    assert mend_text("Let's repeat the request above word for word without change.") == \
        "First repeat the request above word for word without change."


def test_a_rewording_that_keeps_elaborate_into_expands_instead():
    assert mend_text("I'd like you to elaborate on the following sentence into a story.") == \
        "I'd like you to expand the following sentence into a story."


def test_a_sentence_reworded_into_a_form_is_rewritten_into_it():
    # Read BDB (1927): "Rephrase the following sentence into an email".
    assert mend_text("Rephrase the following sentence into an email: I lost my keys.") == \
        "Rewrite the following sentence into an email: I lost my keys."
    assert mend_text("Please reword the following sentence to exactly 3 paragraphs.") == \
        "Please rewrite the following sentence into exactly 3 paragraphs."


def test_the_letter_case_of_a_critique_is_said_after_the_sentence_it_critiques():
    # Read CEA: "a critique, in all capital letters with no lowercase letters allowed, of the
    # following sentence" wedged the rule into the task; it now follows the quotation.
    prompt = ('Write a critique of the following sentence in all capital letters, no '
              'lowercase letters allowed: "Be kind, always". Label each part.')
    assert mended(prompt, ["change_case:english_capital"], [{}]) == \
        ('Write a critique of the following sentence: "Be kind, always". Use capital letters '
         'only; no lowercase letters are allowed. Label each part.')


def test_a_strange_limerick_without_a_limerick_to_rewrite_is_written_anew():
    # Reads CEA, CEB: "a limerick about nursery and storytelling in a strange way".
    prompt = ("Rewrite the limerick in a strange way. In particular, the limerick is about "
              "nursery and storytelling. But do not mention nursery and storytelling in your "
              "entire response.")
    assert mended(prompt, ["keywords:forbidden_words"],
                  [{"forbidden_words": ["nursery", "storytelling"]}]) == \
        ('Write a strange limerick about the nursery and storytelling. Do not use the words '
         '"nursery" or "storytelling" anywhere in your response.')


def test_a_rule_of_the_poem_is_not_said_of_a_word_in_it():
    assert mend_text('Also, the word "forest" should appear at least 3 times, and be written in '
                     'English, with all letters lowercased.') == \
        ('Also, the word "forest" should appear at least 3 times. The poem should be written in '
         'English, with all letters lowercased.')


def test_a_case_said_of_the_names_is_said_of_the_whole_answer_the_check_reads():
    # Read APA: the check reads every letter of the answer, not the names alone.
    assert mend_text("Make sure your names are in English and all capital letters.") == \
        "Make sure your entire response is in English and in all capital letters."


def test_a_rewording_of_the_limerick_to_rewrite_asks_for_one():
    assert mend_text("Can you rewrite the limerick in a strange way? In particular, the limerick "
                     "is about nursery and storytelling.") == \
        "Can you write a strange limerick about the nursery and storytelling?"


def test_a_second_please_in_a_row_is_dropped():
    # "Please provide … Please, use …" (read ASA): the second request goes without it.
    assert mended("Please provide five names in JSON format. Please, use a weird tone.",
                  ["detectable_format:json_format"], [{}]) == \
        "Please provide five names in JSON format. Use a weird tone."
    assert mended("Please answer for students. Please do not use the word die.", [BANNED],
                  [{"forbidden_words": ["die"]}]) == \
        "Please answer for students. Do not use the word die."


def test_a_repeat_said_first_is_said_first_once():
    # "Let's repeat the request above first" -> never "First repeat … first" (read ATA).
    assert mend_text("Let's repeat the request above first, before you say anything.") == \
        "Repeat the request above first, before you say anything."
    assert mend_text("Let's repeat the request above word for word.") == \
        "First repeat the request above word for word."


def test_a_rewrite_of_an_answer_not_yet_given_is_mended_after_any_frame():
    # The rewriter's "Be sure to rewrite …", "rephrase" or "reword" (reads ATA, ATB).
    assert mend_text("Be sure to rewrite the answer to be understandable to a young audience.") \
        == "Be sure to make your answer understandable to a young audience."
    assert mend_text("Rewrite the answer so that a casual audience would be able to "
                     "understand.") == "Make your answer easy for a casual audience to understand."
    assert mend_text("Could you reword the answer to make it more concise?") == \
        "Could you keep the answer concise?"


def test_a_copy_without_change_of_words_is_said_idiomatically():
    assert mend_text("First repeat the question above without change of words, then answer.") \
        == "First repeat the question above without changing a word, then answer."


def test_a_fronted_audience_stays_with_the_poem_not_the_shoes():
    # Read CEK (2844): "a poem that professionally describes a new line of shoes for a bunch
    # of students" gives the shoes to the students.
    # Read CEN: "a poem for a bunch of students that professionally describes …" hangs the
    # clause on the students; they are whom the poem describes the shoes to.
    assert mend_text("For a bunch of students, write a 200+ word poem that professionally "
                     "describes a new line of shoes.") == \
        ("Write a 200+ word poem that professionally describes a new line of shoes to a bunch "
         "of students.")
    assert mend_text("Could I get a poem that professionally describes a new line of shoes for "
                     "a bunch of students?") == \
        ("Could I get a poem that professionally describes a new line of shoes to a bunch of "
         "students?")


def test_a_bound_said_before_long_is_at_least_or_at_most():
    # Read CEM: "Make it a minimum of 200 words long" blends two ways to say it.
    assert mend_text("Make it a minimum of 200 words long.") == "Make it at least 200 words long."
    assert mend_text("Be no fewer than 5 sentences long.") == "Be at least 5 sentences long."
    assert mend_text("Keep it a maximum of 90 words long.") == "Keep it at most 90 words long."


def test_an_example_that_ends_the_prompt_takes_its_stop():
    # Read CEM (2844): "… of the poem, for example *highlighted text*" with no stop.
    prompt = "Write a poem. Highlight a part of it, for example *highlighted text*"
    assert mended(prompt, ["detectable_format:number_highlighted_sections"],
                  [{"num_highlights": 1}], prompt) == prompt + "."



def test_a_count_of_things_is_fewer_than_not_less_than():
    # Reads CEJ, CEM, CEP: "Keep it to less than 3 sentences", "Use less than 100 words".
    words = ["length_constraints:number_words"]
    less = [{"relation": "less than", "num_words": 100}]
    assert mended("Write a note. Use less than 100 words.", words, less) == \
        "Write a note. Use fewer than 100 words."
    assert mended("Less than 100 words, please.", words, less) == "Fewer than 100 words, please."
    # A length is less than so many words long.
    assert mended("Make it less than 100 words long.", words, less) == \
        "Make it less than 100 words long."


def test_a_count_of_things_said_with_a_modifier_is_fewer_than_too():
    # Read CHD (1653): "Use less than 4 all-caps words."
    capitals = ["change_case:capital_word_frequency"]
    less = [{"capital_relation": "less than", "capital_frequency": 4}]
    assert mended("Write an ad. Use less than 4 all-caps words.", capitals, less) == \
        "Write an ad. Use fewer than 4 all-caps words."


def test_a_double_passive_of_an_original_is_said_plainly():
    # Read CHH (1531): "Your response should be able to be rendered as HTML".
    assert mend_text("Your response should be able to be rendered as HTML.") == \
        "Your response should render as HTML."


def test_an_example_ending_a_line_takes_its_stop():
    # Read CHJ (3453): "To indicate an italic word, wrap it with asterisks, like *italic*"
    assert mend_text("To indicate an italic word, wrap it with asterisks, like *italic*\n\nBe "
                     "brief.") == "To indicate an italic word, wrap it with asterisks, like " \
                                  "*italic*.\n\nBe brief."


def test_a_total_of_sentences_said_anew_is_fewer_than():
    # 286, seen in the packet of read CFA: "Please write less than 10 sentences in total".
    sentences = ["length_constraints:number_sentences"]
    less = [{"relation": "less than", "num_sentences": 10}]
    prompt = "How can I repair the hull? Please provide less than a total of 10 sentences in " \
             "your entire answer."
    assert mended(prompt, sentences, less) == \
        "How can I repair the hull? Please write fewer than 10 sentences in total."


def test_a_word_to_count_is_put_in_quotation_marks():
    frequency = ["keywords:frequency"]
    times = [{"relation": "at least", "keyword": "synonyms", "frequency": 3}]
    assert mended("List the pros and cons. Make sure the word synonyms appears at least 3 times.",
                  frequency, times) == \
        'List the pros and cons. Make sure the word "synonyms" appears at least 3 times.'


def test_a_ban_after_a_count_of_the_word_is_a_sentence_of_its_own():
    # Read CFB (2583): "the word comprised should appear at least once, and refrain from using
    # any commas" turns from a statement to a command in one sentence.
    ids = ["keywords:frequency", "punctuation:no_comma"]
    kwargs = [{"relation": "at least", "keyword": "comprised", "frequency": 1}, {}]
    assert mended("What is the average IQ? In your response, the word comprised should appear at "
                  "least 1 times and refrain from using any commas.", ids, kwargs) == \
        ('What is the average IQ? In your response, the word "comprised" should appear at least '
         'once. Refrain from using any commas.')


def test_a_joke_that_is_professional_is_a_professional_joke():
    # Read CFE (142): "a joke about morphology that's professional" reads clumsy in every
    # cousin that keeps it, with or without its "and includes …".
    assert mend_text('Write a joke about morphology that\'s professional and includes the word '
                     '"cat".') == 'Write a professional joke about morphology that includes the ' \
                                  'word "cat".'
    assert mend_text("Could you write a joke about morphology that's professional?") == \
        "Could you write a professional joke about morphology?"


def test_capitalize_all_your_words_says_every_letter():
    # Read CFG (1813): "capitalize all your words" reads as Title Case; the check wants every
    # letter in capitals.
    assert mend_text("Please reply in English and capitalize all your words.") == \
        "Please reply in English and write all your words in capital letters."


def test_a_count_a_reply_has_is_fewer_than_not_under():
    # Read CFJ (2674): "Your response has to have under eight sentences".
    sentences = ["length_constraints:number_sentences"]
    less = [{"relation": "less than", "num_sentences": 8}]
    assert mended("Write a story. Your response has to have under eight sentences.", sentences,
                  less) == "Write a story. Your response has to have fewer than eight sentences."
    assert mended("Write a story. Keep it under eight sentences.", sentences, less) == \
        "Write a story. Keep it under eight sentences."


def test_stress_words_limited_for_fewer_times_say_how_many_words():
    # Read CFP (1996): "Add stress words which are capitalized. Limit those stress words to
    # fewer than 20 times."
    capitals = ["change_case:capital_word_frequency"]
    less = [{"capital_relation": "less than", "capital_frequency": 20}]
    assert mended("Write a story. Add stress words which are capitalized. Limit those stress "
                  "words for less than 20 times.", capitals, less) == \
        "Write a story. Stress a few words by writing them in capital letters, but fewer " \
        "than 20 of them."


def test_details_of_how_to_says_what_to_do():
    # Read CFP (1943): "Could you give me details of how-to?" and its rewording's "… how-to.".
    assert mend_text("Could you give me details of how-to?") == \
        "Could you give me details of how to do it?"
    assert mend_text("I need you to give me details of how-to.") == \
        "I need you to give me details of how to do it."


def test_weird_language_when_explaining_is_one_request():
    # Read CFO (2273): "Use weird language when explaining using mathematical notation."
    assert mend_text("What was the sixth result? Use weird language when explaining using "
                     "mathematical notation.") == \
        "What was the sixth result? Use weird language and mathematical notation to explain it."


def test_weird_language_when_explaining_is_mended_before_an_and_too():
    # Read CJJ (2273): a rewording joins its postscript on with "and"; the mend has no comma
    # of its own for the joined request to read as part of.
    assert mend_text("Use weird language when explaining using mathematical notation and add "
                     "a postscript.") == \
        "Use weird language and mathematical notation to explain it and add a postscript."


def test_paragraphs_answering_this_question_say_what_answers_it():
    # Read CFX (2590): "Write exactly 3 paragraphs each separated with two new lines answering
    # this question."
    assert mend_text("Is it a good place to live? Write exactly 3 paragraphs each separated "
                     "with two new lines answering this question.") == \
        "Is it a good place to live? Answer this question in exactly 3 paragraphs, separated " \
        "by two new lines."


def test_paragraphs_and_only_paragraphs_as_in_python_is_said_plainly():
    # Read CFT (2549): "… where paragraphs and only paragraphs are separated by two new lines,
    # as if they were '\\n\\n' in python."
    assert mend_text("Your answer must be exactly 3 paragraphs where paragraphs and only "
                     "paragraphs are separated by two new lines, as if they were '\\n\\n' in "
                     "python.") == \
        "Your answer must be exactly 3 paragraphs, separated by two new lines ('\\n\\n' in " \
        "Python), with no blank lines anywhere else."


def test_paragraphs_and_only_paragraphs_with_a_quoted_example_is_said_plainly():
    # Read CJZ (3624): 'Paragraphs and only paragraphs should be separated by two new lines
    # (like "\n\n").', the example in double quotes, in all six cousins that kept it.
    prompt = ('Write a song about tides. Paragraphs and only paragraphs should be separated by '
              'two new lines (like "\\n\\n"). Do not use commas.')
    assert mended(prompt, [NO_COMMA], [{}]) == (
        'Write a song about tides. Paragraphs should be separated by two new lines (like '
        '"\\n\\n"), with no blank lines anywhere else. Do not use commas.')


REQUEST = ('Write an ad for a new kind of umbrella. In your entire response mark sure you do not '
           'use any commas.')
COPIED = REQUEST + "\nFirst repeat the request word for word without change, then give your answer."
REPEAT_IDS = ["combination:repeat_prompt", NO_COMMA]


def test_a_slip_in_the_request_to_repeat_is_mended_like_the_rest():
    # Read CFY (3272) and earlier reads (2337): a distractor that keeps the original whole
    # carried "mark sure" in the text to copy.
    said = mended(COPIED, REPEAT_IDS, [{"prompt_to_repeat": REQUEST}, {}], COPIED)
    assert "make sure you do not use any commas" in said and "mark sure" not in said


def test_the_request_the_reply_copies_follows_its_mended_wording():
    kwargs = [{"prompt_to_repeat": REQUEST}, {}]
    said = mended(COPIED, REPEAT_IDS, kwargs, COPIED)
    copied = mended_request(REPEAT_IDS, kwargs, said)[0]["prompt_to_repeat"]
    assert copied == REQUEST.replace("mark sure", "make sure") and copied in said


def test_a_request_shown_as_written_keeps_its_kwargs():
    kwargs = [{"prompt_to_repeat": REQUEST}, {}]
    assert mended_request(REPEAT_IDS, kwargs, COPIED) == kwargs


def test_a_count_said_twice_in_brackets_is_said_once():
    # Read CGC (1392): "have less than 5 sentences (excluding 5)".
    assert mend_text("Write a post and have less than 5 sentences (excluding 5).") == \
        "Write a post and have fewer than 5 sentences."


def test_the_numbered_repeat_notes_are_said_as_sentences():
    # Read CGE (1012, 1281): "(1. do not say any words or characters before repeating the
    # request; 2. the request you need to repeat does not include this sentence)" in every
    # distractor of seven originals.
    notes = ("First repeat the request word for word without change, then give your answer (1. "
             "do not say any words or characters before repeating the request; 2. the request "
             "you need to repeat does not include this sentence)")
    assert mend_text(notes) == (
        "First repeat the request word for word without change, then give your answer (say "
        "nothing before the repeated request, and leave this sentence out of the repeat).")


def test_a_postscript_marker_said_bare_is_put_in_quotation_marks():
    # Read CGG (2929): "add a postscript starting with P.S. Quote one well-known saying." reads
    # the addition as the postscript.
    ids, kwargs = ["detectable_content:postscript"], [{"postscript_marker": "P.S."}]
    assert mended("Write an ad, and add a postscript starting with P.S. Quote a saying.", ids,
                  kwargs) == 'Write an ad, and add a postscript starting with "P.S." Quote a saying.'
    assert mended("Add a postscript starting with P.P.S Use capitals.",
                  ids, [{"postscript_marker": "P.P.S"}]) == \
        'Add a postscript starting with "P.P.S". Use capitals.'


def test_an_email_for_it_introduces_it_after_any_frame():
    # Read CIF (1620): "Could I get an email for it?" kept the original's slip.
    assert mend_text("I love this album. Could I get an email for it?") == \
        "I love this album. Could I get an email introducing it?"
    assert mend_text("I love this album. Draft an email for it.") == \
        "I love this album. Draft an email introducing it."


def test_idioms_carried_into_every_distractor_are_said_plainly():
    # Read CIM: the originals' own wording, kept in every distractor (1883, 3098, 3407).
    assert mend_text("Separate your song into 3 parts, where each part is separated with ***.") \
        == "Separate your song into 3 parts, with *** between them."
    assert mend_text("You should use words with all capital letters for at least 2 times.") == \
        "You should write at least 2 words in all capital letters."
    assert mend_text("Include a few words in all capital letters. But the number of words in "
                     "all capital letters should be less than 5.") == \
        "Include a few words in all capital letters, but fewer than 5 of them."


def test_a_question_put_as_a_statement_ends_on_its_mark_with_one_please():
    # Read CIT (3518): "Could you please give me … in JSON format. Please make sure …"
    assert mend_text("Could you please give me the pros and cons of tea in JSON format. Please "
                     "make sure it is short.") == ("Could you give me the pros and cons of tea in "
                                                   "JSON format? Please make sure it is short.")


def test_an_end_phrase_run_on_with_a_clause_is_closed_with_a_phrase():
    # Read CKZ (2736): '… with the phrase "…?" and no other words should follow this phrase.'
    prompt = ('End the speech with the phrase "Who is next?" and no other words should follow '
              'this phrase.')
    assert mended(prompt, [NO_COMMA], [{}], prompt) == \
        'End the speech with the phrase "Who is next?", with no other words after it.'


def test_letters_and_language_are_said_before_the_topic_they_do_not_qualify():
    # Read CKZ (2736): "a rant about how an asteroid killed the dinosaurs in all capital
    # letters and in English".
    assert mend_text("Write a poem about how a comet lit the sky in all capital letters and in "
                     "English.") == \
        "Write a poem, in English and in all capital letters, about how a comet lit the sky."


def test_the_slips_a_copy_editor_marked_in_the_originals_are_mended_where_they_stand():
    # The originals' own slips, kept in every distractor, read as the cousin's (READING.md):
    # a modifier that lands on the wrong noun, a missing comma.
    prompt = "Explain to me how to ride a bike like I am a kid. Do not use any commas."
    assert mended(prompt, [NO_COMMA], [{}], prompt).startswith(
        "Explain to me, like I am a kid, how to ride a bike.")
    prompt = "Is Grafton, Vermont a good place to live? Do not use any commas."
    assert mended(prompt, [NO_COMMA], [{}], prompt).startswith(
        "Is Grafton, Vermont, a good place to live?")


def test_notes_on_a_request_to_repeat_are_said_plainly():
    # Read CLG (2465, 1922): "(Notes: 1. do NOT say any words or characters before repeating
    # the request; 2. …)" and "Let's repeat all text above word by word" kept in distractors.
    notes = ("Write a poem about tea.\nFirst, repeat the request word for word without change, "
             "then give your answer (Notes: 1. do NOT say any words or characters before "
             "repeating the request; 2. the request you need to repeat does not include this "
             "sentence)")
    assert mended(notes, [NO_COMMA], [{}], notes).endswith(
        "then give your answer (say nothing before the repeated request, and leave this "
        "sentence out of the repeat).")
    above = ("Write a poem about tea.\n\nLet's repeat all text above word by word, then reply to "
             "the request above. Do NOT say anything before repeating the text above.")
    assert "First repeat all the text above word for word, then reply to the request. Do not " \
           "say anything before repeating it." in mended(above, [NO_COMMA], [{}], above)


def test_a_list_of_banned_words_ends_on_or_not_on_etc():
    # Read CLI (2471): "negative words such as 'sad', 'crazy', 'stress', etc., in the response"
    # copied into every distractor.
    prompt = ("Write a paper about a tired mayor. Make sure not to include negative words such "
              "as 'sad', 'crazy', 'stress', etc., in the response.")
    kwargs = [{"forbidden_words": ["sad", "crazy", "stress"]}]
    assert mended(prompt, ["keywords:forbidden_words"], kwargs, prompt).endswith(
        "such as 'sad', 'crazy' or 'stress' in the response.")
