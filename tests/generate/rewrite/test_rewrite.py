"""Task-sentence rewriter: natural rewrites, nothing a checker reads touched, refusal over damage."""

from __future__ import annotations

import random
import re

import pytest

from ifevalpp.generate.rewrite import rewrite, rewrites
from ifevalpp.generate.rewrite.context import follow_up
from ifevalpp.generate.rewrite.masking import Masked

# Task sentences shaped like IFEval's, written for these tests.
TASKS = [
    'Write a 300+ word summary of the web page "https://example.org/wiki/Harbour_Bridge".',
    "Can you help me write a short story about a lighthouse keeper for kids?",
    "I am planning a trip to Lisbon with my sister and I would like you to write an itinerary "
    "for our weekend in the style of a pirate.",
    "Write a funny poem about a cat who learns to play the piano, and then explain the rhyme scheme.",
    "My garden is full of snails. Give me a list of ways to keep them away.",
    "What is the best way to learn a new language as an adult?",
    "Write a story with these elements:\n- a dog\n- a broken clock",
    "Write a haiku about autumn in Kyoto.",
    "Please write an email to my landlord asking for the heating to be fixed.",
    'Rewrite this sentence in a more formal tone: "we gotta go now".',
    "I'd like a short essay on the history of Lisbon for high school students.",
    "Write a poem about the sea. Make it rhyme.",
    "Could you write a limerick about a baker named Joe?",
    "Write a resume for a junior accountant with two years of experience.",
    "Describe the water cycle for children.",
]


def made(task, protected=()):
    """The rewrites of `task`, which must not be empty: an assertion over every one of them
    would pass on none."""
    found = rewrites(task, protected)
    assert found, f"no rewrite of {task!r}"
    return found


def texts(task, protected=()):
    return [r.text for r in rewrites(task, protected)]


@pytest.mark.parametrize("task", TASKS)
def test_every_task_has_rewrites_that_differ_from_it(task):
    found = texts(task)
    assert len(found) >= 4
    assert task not in found
    assert len(set(found)) == len(found)


@pytest.mark.parametrize("task", TASKS)
def test_rewrites_keep_quotes_numbers_names_and_urls(task):
    held = re.findall(r'"[^"]*"|https?://\S+|\d+\+?|\b[A-Z][a-z]+\b(?<!\bI)', task)
    names = [h for h in held if not re.match(r"[A-Z][a-z]+$", h) or task.find(h) > 0
             and task[task.find(h) - 2] not in ".?!"]
    for text in texts(task):
        for piece in names:
            assert text.count(piece) >= task.count(piece), (piece, text)


@pytest.mark.parametrize("task", TASKS)
def test_rewrites_are_tidy_sentences(task):
    for text in texts(task):
        head = text.split("\n")[0]
        assert head[0].isupper(), text
        assert head[-1] in ".?!:", text
        assert "  " not in head and " ." not in head and " ?" not in head, text
        assert not re.search(r"\b(\w+) \1\b", head.lower()), text


def test_imperative_becomes_request_question_and_need():
    found = texts("Write a haiku about autumn in Kyoto.")
    assert "Could you write a haiku about autumn in Kyoto?" in found
    assert "Would you mind writing a haiku about autumn in Kyoto?" in found
    assert "I need a haiku about autumn in Kyoto." in found
    assert "I'd like you to write a haiku about autumn in Kyoto." in found


def test_request_becomes_imperative():
    assert "Help me write a short story about a lighthouse keeper for kids." in texts(
        "Can you help me write a short story about a lighthouse keeper for kids?")


def test_an_audience_stays_in_its_request():
    # "The audience is children." / "It is meant for moms." read as stubs (strict read AA).
    found = texts("Describe the water cycle for children.")
    assert not [text for text in found if "audience is" in text or "meant for" in text]


def test_context_clause_becomes_its_own_sentence_before_the_request_never_after():
    # After the request the context reads as a non sequitur ("Suggest a name for a newspaper
    # for Melbourne teens. Melbourne has a newspaper called the Herald Sun.", reads LA, MB).
    found = texts("I am planning a trip to Lisbon with my sister and I would like you to write an "
                  "itinerary for our weekend in the style of a pirate.")
    assert ("I am planning a trip to Lisbon with my sister. Could you write an itinerary for our "
            "weekend in the style of a pirate?") in found
    assert ("Could you write an itinerary for our weekend in the style of a pirate? I am planning "
            "a trip to Lisbon with my sister.") not in found


def test_context_sentences_do_not_move_when_the_request_refers_back():
    found = texts("My garden is full of snails. Give me a list of ways to keep them away.")
    assert found
    for text in found:
        assert text.lower().index("garden is full of snails") < text.index("them"), text


def test_second_request_is_split_off_and_never_put_in_a_noun_frame():
    found = texts("Write a funny poem about a cat who learns to play the piano, and then explain "
                  "the rhyme scheme.")
    assert any(t.endswith("learns to play the piano. Then explain the rhyme scheme.")
               for t in found), found
    assert not any(t.startswith(("I need a", "Would you mind")) and "and then" in t for t in found)


def test_a_then_sentence_split_off_follows_no_question_and_no_noun_frame():
    # Read BBF, 3131: "Would you mind writing a blog post …? Then criticize the blog post."
    found = texts("Write a blog post about the echoing biotechnology field in 2023, then "
                  "criticize the blog post.")
    split = [t for t in found if "Then criticize" in t]
    assert split, found
    assert not any("?" in t or t.startswith(("I need a", "I would like a", "I'm looking for"))
                   for t in split), split


def test_two_short_requests_are_joined():
    assert "Write a poem about the sea and make it rhyme." in texts(
        "Write a poem about the sea. Make it rhyme.")


def test_a_sentence_introducing_a_list_keeps_its_colon_and_the_list():
    for text in texts("Write a story with these elements:\n- a dog\n- a broken clock"):
        assert text.endswith(":\n- a dog\n- a broken clock")
        assert "?" not in text


def test_precise_genres_are_never_swapped():
    for task, genre in [("Write a haiku about autumn in Kyoto.", "haiku"),
                        ("Could you write a limerick about a baker named Joe?", "limerick"),
                        ("Write a resume for a junior accountant with two years of experience.",
                         "resume")]:
        assert all(genre in option.text for option in made(task))


def test_loose_words_get_synonyms_with_the_article_fixed():
    found = texts("Write a funny poem about a cat who learns to play the piano, and then explain "
                  "the rhyme scheme.")
    assert any("an amusing poem" in t for t in found)


def test_caller_protected_span_is_never_changed():
    task = "Write a short story about a funny dog."
    start = task.index("funny")
    for text in texts(task, [(start, start + len("funny"))]):
        assert "funny dog" in text


def test_a_question_gets_a_lead_in_or_becomes_the_same_request():
    task = "What is the best way to learn a new language as an adult?"
    for text in texts(task):
        assert text.endswith(task) or "the best way to learn a new language as an adult" in text


@pytest.mark.parametrize("task", [
    "Bob and I would like you to write a poem.",     # a lead we cannot move
    "The sky is blue.",                               # no request
    "A list of ten rivers, please.",                  # no verb to work with
    "",
])
def test_refuses_what_it_cannot_vouch_for(task):
    assert rewrites(task) == []
    assert rewrite(task, [], random.Random(0)) is None


def test_rewrite_is_deterministic_and_avoids_given_texts():
    task = "Write a haiku about autumn in Kyoto."
    first = rewrite(task, [], random.Random(5))
    assert first == rewrite(task, [], random.Random(5))
    assert rewrite(task, [], random.Random(5), avoid=[first.text]).text != first.text


def test_an_audience_phrase_after_a_participle_stays_put():
    found = texts("Write two versions of a plan for a trip to Oslo, designed for college students.")
    assert found and all("designed for college students" in t for t in found)


def test_a_sentence_ending_in_a_quoted_sentence_gets_no_extra_mark():
    found = texts('Rewrite this line in a grander style: "We left before dawn."')
    assert found and not any(re.search(r'[.!?]"[?.]', t) for t in found)


def test_a_quoted_sentence_ends_a_sentence_for_the_request_search():
    found = texts('"Nothing lasts forever." What do you make of this saying?')
    assert found
    assert all(t.startswith('"Nothing lasts forever." ') and "you make of this saying" in t
               for t in found)
    assert '"Nothing lasts forever." Tell me what you make of this saying.' in found


def test_context_does_not_move_after_a_question_that_leans_on_it():
    found = texts("I am starting a vegetable patch. Do you have any advice?")
    assert found
    for text in found:
        assert text.index("vegetable patch") < text.index("advice"), text
        assert not re.search(r"^(?:Since|As) .*:", text), text


def test_a_leading_clause_stays_in_front_of_the_new_frame():
    found = texts('When teaching a class of beginners, rewrite "Close the door." in a gentler tone.')
    assert 'When teaching a class of beginners, could you rewrite "Close the door." in a gentler ' \
           'tone?' in found
    assert any(t.startswith("When teaching a class of beginners, I need you to rewrite") for t in found)


def test_a_context_clause_before_can_you_becomes_its_own_sentence():
    found = texts("I am new to gardening, can you give me some tips on growing beans?")
    assert "I am new to gardening. Could you give me some tips on growing beans?" in found


def test_a_question_is_said_as_a_request_or_kept_never_given_a_stock_lead_in():
    found = texts("What's the best way to store basil?")
    assert "Tell me the best way to store basil." in found
    assert not any(t.endswith("What's the best way to store basil?") for t in found)
    # No "Quick question: …" stacked on a question the rewriter cannot say another way.
    assert texts('Given the phrase "slow and steady", is it advice or a warning?') == []


def test_a_verb_that_is_also_a_noun_opens_no_request_before_of():
    assert rewrites("List of rivers in Europe, please.") == []
    assert texts("Think of a name for a bakery.")


def test_deep_rewrites_are_preferred_over_a_first_word_swap():
    from ifevalpp.generate.rewrite import shallow

    task = "Write a haiku about autumn in Kyoto."
    for seed in range(20):
        chosen = rewrite(task, [], random.Random(seed))
        assert not shallow(task, chosen.text), chosen.text
    assert shallow(task, "Compose a haiku about autumn in Kyoto.")
    assert not shallow(task, "Could you write a haiku about autumn in Kyoto?")


@pytest.mark.parametrize("question, request_", [
    ("What is the best way to store basil?", "Tell me the best way to store basil."),
    ("What are the pros and cons of renting a flat?",
     "I'd like to know the pros and cons of renting a flat."),
    ("What is the difference between a lake and a pond?",
     "Explain the difference between a lake and a pond."),
    ("How can I keep my bread fresh?", "Tell me how I can keep my bread fresh."),
    ("How do I water my plants in winter?", "Tell me how to water my plants in winter."),
])
def test_a_question_that_asks_for_something_becomes_a_request(question, request_):
    assert request_ in texts(question)


@pytest.mark.parametrize("question", [
    "What is the town famous for?",             # ends in a particle
    "What is the sentiment of this review?",    # fine as a request too, but…
    "Why did the man travel to Oslo?",          # needs the subject and verb turned round
    "Are the days in June long?",               # where the subject ends is unclear
])
def test_questions_that_would_need_reordering_only_get_lead_ins(question):
    found = [t for t in texts(question) if not t.endswith(question)]
    if question.startswith("What is the sentiment"):
        assert "Tell me the sentiment of this review." in found
    else:
        assert found == []


def test_a_yes_no_question_becomes_an_indirect_one():
    found = texts("Is the tomato a fruit? Answer briefly.")
    assert "Tell me whether the tomato is a fruit. Answer briefly." in found
    assert not any(t.startswith(("Quick question:", "A question for you:")) for t in found)


def test_a_question_whose_subject_is_unclear_keeps_its_word_order():
    for text in texts("Are the days in June long?"):
        assert "the days in June long" in text or "whether" not in text, text


def test_a_wh_question_with_a_pronoun_subject_is_reordered():
    assert "Tell me which college you would recommend." in texts(
        "Which college would you recommend?")
    assert "I'd like to know why people consider the law outdated." in texts(
        "Why do people consider the law outdated?")


def test_a_request_question_never_gets_a_question_lead_in():
    for text in texts("Can you make a list of ten birds?"):
        assert not re.match(r"(?:Quick question|A question for you|I have a question):", text)


def test_two_context_sentences_can_be_joined():
    found = texts("I love this album. I want to share it with Luheng. Draft an email for it.")
    assert any(t.startswith("I love this album, and I want to share it with Luheng. ")
               for t in found)


def test_the_sentence_after_the_request_is_reworded_too():
    found = texts("Is the tomato a fruit? Think it through, then answer in one word.")
    assert any("I'd like you to think it through, then answer in one word." in t for t in found)


# ---------------------------------------------------------------- deeper rewrites of questions and context


def _texts(task):
    return {r.text for r in made(task)}


def test_how_to_question_becomes_a_request():
    assert "Tell me how to bake a good loaf of bread." in _texts("How to bake a good loaf of bread?")


def test_definition_of_a_bare_term_becomes_a_request():
    assert "Tell me what machine learning is." in _texts("What is machine learning?")


def test_things_to_do_is_no_verb_that_blocks_a_request():
    assert "Tell me the nicest things to do in Lisbon." in _texts(
        "What are the nicest things to do in Lisbon?")


def test_a_term_with_a_verb_in_it_is_not_said_as_a_definition():
    texts = _texts("What is it like to fly?")
    assert "Tell me what it is like to fly." in texts  # the indirect question, in order
    assert not any(text.endswith(" fly is.") for text in texts)


def test_a_context_statement_with_its_own_comma_is_not_joined():
    texts = _texts("Rosa, my aunt, runs a bakery. Write an advert for her shop.")
    assert not any(", and I'd like you to" in text for text in texts)


def test_a_particle_verb_is_not_put_before_a_pronoun_object():
    texts = _texts("Write this in a way that sounds kinder.")
    assert not any(re.search(r"\b(?:put together|come up with) this\b", text) for text in texts)


def test_a_bare_name_is_not_put_first_as_an_it():
    texts = _texts("Write a riddle about Camilla that rhymes.")
    assert not any("about it" in text for text in texts)


def test_a_then_sentence_after_the_request_is_said_another_way():
    task = "Write a short note about a lost umbrella. Then explain how to keep track of one."
    followed = [option.text for option in made(task, ())
                if "Then explain" not in option.text]
    assert any("After that, explain how to keep track of one." in text for text in followed)


def test_a_then_sentence_that_asks_nothing_keeps_its_words():
    task = "Write a short note about a lost umbrella. Then it rained all week."
    assert all("Then it rained all week." in option.text for option in made(task, ()))


def test_a_rewrite_keeps_away_from_siblings_even_when_only_a_new_frame_can():
    # Every verb swap of this request stays close to the siblings below; a frame on the
    # sentence as it stands gets further, and is the one chosen.
    task = ("Write a song about the long summers of my youth that I spent by the sea. Call "
            "the song something, and mark its name with an asterisk on each side.")
    siblings = [task,
                "Would you mind putting together a song about the long summers of my youth that "
                "I spent by the sea? Remember to call the song something, and mark its name "
                "with an asterisk on each side.",
                "Could you compose a song about the long summers of my youth that I spent by the "
                "sea? I'd like you to call the song something, and mark its name with an "
                "asterisk on each side."]
    from ifevalpp.generate.distance import normalized_distance
    for seed in range(5):
        chosen = rewrite(task, (), random.Random(seed), siblings=siblings)
        assert min(normalized_distance(chosen.text, sibling)
                   for sibling in siblings) >= 0.15, chosen.text


def test_a_make_sure_sentence_gets_no_second_make_sure():
    task = "Generate a list of 40 names for a bakery. Make sure that no name is repeated."
    assert not [option.text for option in made(task, ())
                if re.search(r"(?i)\b(?:be|make) sure to make sure\b", option.text)]


def test_a_follow_up_does_not_repeat_the_want_frame_of_the_request():
    task = "Generate a list of 40 names for a bakery. Make sure that no name is repeated."
    want = re.compile(r"(?i)\b(?:I(?:'d| would) like|I (?:want|need)) you to\b")
    assert not [option.text for option in made(task, ()) if len(want.findall(option.text)) > 1]


def test_a_follow_up_frame_never_opens_with_the_sentence_s_own_verb():
    task = "Write a pitch for a bakery. Make it an odd poem that explains why it is good."
    assert not [option.text for option in made(task, ())
                if re.search(r"(?i)\bmake sure to make\b", option.text)]


def test_no_question_mark_lands_on_the_text_after_a_colon():
    task = ("Put this line into Spanish and then comment on it: My aunt keeps bees on the "
            "roof, but never on Sundays.")
    assert all(option.text.endswith("never on Sundays.") for option in made(task, ()))


def test_a_request_whose_text_follows_a_colon_is_not_split_in_two():
    task = ("Translate the following sentence into French and then explain it: The cat sat on "
            "the warm mat.")
    assert not [option.text for option in made(task, ()) if "French. Then" in option.text]


def test_context_stays_before_a_request_that_points_back_at_it_with_him():
    task = "The old lighthouse keeper is cross with you. Write the talk you have with him."
    assert all(option.text.index("lighthouse keeper") < option.text.index("him")
               for option in made(task, ()))


def test_a_wish_is_not_made_the_reason_of_the_request():
    task = "I work in marketing and I need your help. Write a tweet about our new phone."
    assert not [option.text for option in made(task, ())
                if re.search(r"(?i)^(?:since|as) I work in marketing and I need your help",
                             option.text)]


def test_a_letter_to_count_is_kept_as_a_word_not_inside_every_word():
    # The letter of a letter count ("o") froze "Can you create …" into a question the
    # rewriter could only stack a lead-in on ("Let me ask you this: Can you …?").
    from ifevalpp.generate.rewrite import protected_spans

    task = 'Can you create a list of harbour towns? Use the letter o at least 20 times.'
    assert [task[a:b] for a, b in protected_spans(task, ["o"])] == ["o"]


def test_a_rewrite_keeps_off_frames_the_rest_of_the_prompt_opens_with():
    from ifevalpp.generate.naturalness import frame_openings

    task = "Write a resume for a junior accountant with two years of experience."
    for seed in range(20):
        found = rewrite(task, [], random.Random(seed), frames=["could you"])
        assert "could you" not in frame_openings(found.text), found.text


def test_a_phrase_set_as_a_sentence_is_never_joined_onto_the_request():
    # 'Given the sentence "…", and I would like you to finish it.' has no main clause.
    task = 'Given the line "The kettle sang while the rain". Can you finish the line?'
    assert [option.text for option in made(task, []) if ", and " in option.text] == []




def test_no_topic_is_put_first():
    # "The subject is the budgets. Would you compose a template … for the next quarter about
    # it?": what was attached to the topic is left behind, so no rewrite moves it.
    task = "Write a haiku about autumn in Kyoto."
    assert [o.text for o in made(task, []) if "topic" in o.text.lower()] == []


def test_a_phrase_that_belongs_to_a_gerund_is_not_swapped():
    from ifevalpp.generate.rewrite.operations import _phrases_swapped
    assert _phrases_swapped("write a blog post about the benefits of sleeping in a hammock") == []
    assert _phrases_swapped("write a poem in lowercase letters about my friend")


@pytest.mark.parametrize("question, indirect", [
    ('Is the phrase "The tide came in." grammatically correct?',
     'Tell me whether the phrase "The tide came in." is grammatically correct.'),
    ('Does the line "She sang all night" have any spelling mistakes?',
     'Tell me whether the line "She sang all night" has any spelling mistakes.'),
    ("Is Lyon, France a good place to study?",
     "Tell me whether Lyon, France is a good place to study."),
    ("How tall will it be in 5 years?", "Tell me how tall it will be in 5 years."),
])
def test_a_question_whose_subject_is_clear_becomes_an_indirect_question(question, indirect):
    assert indirect in texts(question)


def test_a_statement_of_what_the_piece_must_be_is_said_as_a_wish_after_the_request():
    found = texts("Write a letter to my aunt about the garden. The letter should be short and "
                  "have a greeting.")
    assert ("Write a letter to my aunt about the garden. I'd like the letter to be short and "
            "have a greeting.") in found


def test_a_single_verb_statement_is_said_with_make_sure_and_a_coordinated_one_is_not():
    single = texts("Write a report on the harbour. The report should contain 4 sections.")
    assert ("Write a report on the harbour. Make sure the report contains 4 sections."
            in single)
    joined = texts("Write a letter to my aunt. The letter should be short and have a greeting.")
    assert not [text for text in joined if "Make sure the letter is" in text]


def test_a_wish_after_a_sentence_the_writer_opens_with_i_is_not_said_again():
    found = texts("Write a letter to my aunt about the garden. The letter should be short.")
    assert not [text for text in found if text.startswith("I ") and "I'd like the letter" in text]


def test_a_request_is_never_reframed_into_a_second_polite_question():
    found = texts("Write a rubric for rating essays. Can you create an example for me?")
    assert found
    assert not [text for text in found if text.count("?") > 1], found


def test_a_for_front_goes_after_the_request_before_a_question_frame():
    found = texts("For a group of students, write a poem about the tide.")
    assert "Could you write a poem about the tide for a group of students?" in found
    assert not [text for text in found if text.startswith("For a group of students, could")]


def test_a_question_for_one_thing_of_a_kind_becomes_a_request_for_it():
    assert "Tell me a name that sailors give the wind." in texts(
        "What is a name that sailors give the wind?")


def test_context_stays_first_when_the_request_names_what_it_introduces():
    found = texts("A filmmaker is writing a proposal for a film. Write a short pitch to be used in "
                  "the proposal.")
    assert found
    assert not [text for text in found if text.index("the proposal") < text.index("filmmaker")]


def test_a_question_after_the_writer_is_not_made_indirect():
    assert not [text for text in texts("How are you doing today?") if "how you are" in text]


def test_a_question_after_a_colon_keeps_its_question_mark():
    found = texts("Please write the answer to this question as a song: To what town did the old "
                  "ferry sail?")
    assert not [text for text in found if not text.rstrip().endswith("?")], found


def test_a_scene_the_prompt_sets_gets_no_request_frame():
    found = texts("Imagine you're a baker in a small town. Write a poem about your morning.")
    assert not [text for text in found if re.match(r"(?i)(?:could|would|can|will|please|i)\b.*"
                                                    r"imagin", text)], found


def test_a_sentence_that_only_allows_is_never_made_an_order():
    found = texts("Give me the names of five famous moms. Please, use any weird tone you like.")
    assert found and not [text for text in found if re.search(r"(?i)\b(?:be|make) sure to use any",
                                                               text)]


def test_a_name_is_given_never_put_together():
    found = texts("Write a good name for a black dog.") + \
        texts("Can you give me two different formal alternatives to this greeting?")
    assert found and not [text for text in found
                          if re.search(r"(?i)\b(?:put together|compose|draft|pen)\b", text)]


def test_a_piece_for_the_writers_own_friend_is_never_asked_for_as_mine():
    found = texts("Write a letter to your friend who recently moved away.")
    assert found and not [text for text in found
                          if re.search(r"(?i)\b(?:could i get|i need|i'm looking for|"
                                       r"i would like) a letter", text)]


def test_a_long_what_question_is_not_turned_round_to_strand_its_verb():
    found = texts("What's a good way to ask Sonia out?") + texts("What is a good way to ask "
                                                                  "Sonia out?")
    assert not [text for text in found if re.search(r"(?i)\bout is\b", text)]


def test_a_synonym_is_swapped_at_every_mention_of_the_noun():
    for text in texts("Write a blog post about biotechnology, then criticize the blog post."):
        if "blog entry" in text:
            assert "blog post" not in text, text


def test_a_sentence_after_a_colon_is_never_wrapped_in_a_question():
    task = ("Generate two alternative product descriptions: The product is a new type of "
            "paper that can be used to wrap food.")
    from ifevalpp.generate.rewrite import vary_task
    for text in texts(task) + [vary_task(task, random.Random(seed))[0] for seed in range(40)]:
        assert not text.rstrip().endswith("?"), text


def test_compose_is_said_only_of_pieces_one_composes():
    # "I'd like you to compose a resume", "compose a code snippet" (read BAY).
    from ifevalpp.generate.rewrite import vary_task

    for task in ("Write a resume for Helene.", "Write a code snippet that shows the bug.",
                 "Write an itinerary for a trip to Lima."):
        for seed in range(40):
            assert "compose" not in vary_task(task, random.Random(seed))[0].lower()
        assert not any("compose" in text.lower() for text in texts(task)), task
    assert any("compose" in vary_task("Write a poem about the sea.", random.Random(seed))[0]
               for seed in range(40))


def test_a_task_that_ends_on_a_quotation_is_never_wrapped_in_a_question():
    # "Can you reword the following sentence …: "… went after David."" has no place for its
    # mark (read BAT).
    from ifevalpp.generate.rewrite import vary_task

    task = ('Rewrite the following sentence in a style that is unusual: "But when the people '
            'of the land came to know, they went after David."')
    for seed in range(60):
        varied, _ = vary_task(task, random.Random(seed))
        assert not varied.startswith(("Can you", "Could you")), varied


def test_a_request_is_not_made_a_question_when_the_next_sentence_goes_on_with_but():
    task = ("Create a dialogue between two people who both avoid the letter t. But somehow "
            "they use a lot of t.")
    assert not any(re.search(r"\?\s+But\b", text) for text in texts(task))


def test_a_statement_of_need_is_not_made_a_second_question():
    task = "Hey! I need a rubric for a laptop. Can you create an example for me?"
    assert not any(text.count("?") > 1 for text in texts(task))


def test_context_is_never_joined_onto_an_ask():
    task = ("I was hoping you could help me out with a few things. I wish to learn about "
            "taxes. Can you summarize the process for me?")
    assert not any("things, and" in text for text in texts(task))


def test_a_question_the_next_sentence_writes_about_stays_a_question():
    # Not put as a request either: "Could you tell me some good ideas …? Write a Hindi poem
    # about this." asks twice (read CGO on 2464).
    task = "What are some good ideas for startup companies? Write a Hindi poem about this."
    for text in [found.text for found in rewrites(task)]:
        assert text.split("Write", 1)[0].rstrip().endswith("?"), text
        assert not re.match(r"(?i)(?:could|can|would) you\b|tell me\b", text), text


def test_a_question_before_a_request_put_as_a_question_stays_a_question():
    # Read CGG (3732): "Tell me the best things to do in Rochester, New York. Can you write them
    # as a song …?" asks twice.
    task = ("What are the best things to do in Rochester, New York? Can you write them as a "
            "song and use music notation in your response?")
    for text in [found.text for found in rewrites(task)]:
        assert not text.lower().startswith(("tell me", "please tell me")), text
    assert any(found.text.lower().startswith("tell me") for found in rewrites(
        "What are the best things to do in Rochester, New York? Write them as a song."))


def test_the_piece_a_question_is_about_is_never_made_a_condition():
    task = "What are some good ideas for startup companies? Write a Hindi poem about this."
    assert not any(re.search(r"(?i)\b(?:make|be) sure to write a hindi poem", text)
                   for text in texts(task))


def test_a_question_after_fragments_that_lead_into_it_stays_a_question():
    task = ("If Bob beat Martha in a game of pool. And Martha beat Joe in a game of pool. Can "
            "Bob beat Joe in a game of pool?")
    assert all(text.endswith("?") for text in [found.text for found in made(task)])


def test_an_if_fragment_is_joined_to_the_question_it_leads_into():
    found = [option.text for option in rewrites(
        "If a + b + c = 30 and b = 10 and c = 5. Is a = 20?")]
    assert "If a + b + c = 30 and b = 10 and c = 5, is a = 20?" in found
    assert not any(". Is a = 20?" in text for text in found)


def test_fragments_joined_by_and_lead_into_one_question():
    found = [option.text for option in rewrites(
        "If Bob beat Martha at chess. And Martha beat Joe at chess. Can Bob beat Joe at chess?")]
    assert found
    assert all(text.startswith("If Bob beat Martha at chess and Martha beat Joe at chess, ")
               for text in found)


def test_an_if_sentence_with_a_main_clause_is_no_fragment():
    found = [option.text for option in rewrites(
        "If it rains, we stay in. Can you suggest a board game for four players?")]
    assert found
    assert all(not text.startswith("If it rains, we stay in, ") for text in found)


def test_a_full_stop_after_a_number_ends_the_sentence_and_is_not_masked():
    masked = Masked("Take c = 5. Then go.", ())
    assert masked.pieces == ["5"] and masked.text.endswith(". Then go.")


def test_a_plural_subject_keeps_its_verb_plural_when_said_anew():
    sentence = "The sentences should be long."
    said = follow_up(sentence, Masked(sentence, ()))
    assert "Make sure the sentences are long." in said
    assert not any("sentences is" in text for text in said)


def test_a_given_fragment_is_joined_to_the_request_it_leads_into():
    found = [option.text for option in rewrites(
        'Given the sentence "The cat sat on the". Can you finish the sentence?')]
    assert 'Given the sentence "The cat sat on the", could you finish the sentence?' in found
    assert not any('the". ' in text for text in found)
    assert not any(", i'd" in text for text in found)


def test_a_task_opening_on_a_verb_without_alternatives_is_left_as_it_is():
    # "Is it true that …" opens on a verb with no swap and no lead-in of its own: unchanged,
    # never a failed draw ("nothing to choose from").
    from ifevalpp.generate.rewrite import vary_task

    task = "Is it true that the first song ever sung in outer space is “Happy Birthday.”"
    for seed in range(20):
        assert vary_task(task, random.Random(seed)) == (task, "unchanged")


def test_the_verb_before_an_answer_is_never_swapped_for_a_verb_of_composing():
    # "Put together the answer to this question …" reads as a slip (read BAI).
    from ifevalpp.generate.rewrite import vary_task

    task = "Write the answer to this question as a song: Who won the match?"
    for seed in range(30):
        varied, _ = vary_task(task, random.Random(seed))
        assert "write the answer" in varied.lower()


def test_an_object_is_named_by_its_head_noun_not_by_a_word_inside_it():
    from ifevalpp.generate.rewrite.lexicon import composed_object

    assert composed_object("a 500 word story in a poem style about a girl")
    assert composed_object("two alternative product descriptions: The product is new")
    assert not composed_object("a short and humorous joke about a guy")
    assert not composed_object("a good name for a black dog")


def test_a_compliment_is_paid_never_put_together():
    # Read BBS (296): "Would you mind putting together an elaborate compliment to Kruger?"
    found = texts("Write an elaborate compliment to Kruger in all lowercase letters.")
    assert found and not [text for text in found if re.search(r"put(?:ting)? together|draft|"
                                                              r"compos", text)], found


def test_a_compliment_to_someone_is_never_asked_for_as_mine():
    # Read BCJ (296): "Can you give me an elaborate compliment to Kruger?"
    found = texts("Write an elaborate compliment to Kruger in all lowercase letters.")
    assert found and not [text for text in found
                          if re.search(r"\b(?:give me|get|need|looking for|like) an elaborate",
                                       text)], found


def test_a_question_the_prompt_points_back_at_stays_a_question():
    # "I want to know if … Write 3 paragraphs answering this question." (read BAK).
    from ifevalpp.generate.rewrite import rewrite

    task = ("Is Grafton, Vermont a good place to live? Write exactly 3 paragraphs answering "
            "this question.")
    for seed in range(30):
        found = rewrite(task, [], random.Random(seed))
        if found is not None:
            assert "?" in found.text, found.text


def test_a_bare_request_for_help_stays_a_question():
    # "Help me." and "I want you to help me." before what the help is read curt (read AFB).
    from ifevalpp.generate.rewrite import reword_task

    task = ("I'm a new puppy owner and I'm looking for some advice on how to train my puppy. "
            "Can you help me? Give me a few options.")
    for seed in range(30):
        said, _ = reword_task(task, [], random.Random(seed))
        assert "Help me." not in said and "you to help me." not in said, said


def test_no_synonym_renames_a_piece_the_rest_of_the_prompt_names():
    # "Write a blog entry … Aim the blog post at teenagers" (read AGA).
    from ifevalpp.generate.rewrite import reword_task

    task = "Write a blog post about the history of the internet and how it has changed our lives."
    for seed in range(40):
        said, how = reword_task(task, [], random.Random(seed),
                                elsewhere="Aim the blog post at teenagers.")
        assert "synonym:blog post" not in how, (said, how)


def test_no_synonym_renames_a_noun_the_task_itself_says_again():
    # 1857: "a software development firm named "grid" … the name of the company".
    from ifevalpp.generate.rewrite import reword_task

    task = ('I work for a software development company named "grid", and they want a catchy '
            'tweet. Can you write one that includes the name of the company at least five times?')
    for seed in range(40):
        said, how = reword_task(task, ["grid"], random.Random(seed))
        assert "synonym:company" not in how, (said, how)


def test_a_verb_with_no_object_keeps_its_own_word():
    # Reads BBI, BBJ: "Would you mind drafting about tips …", "put together about tips …".
    from ifevalpp.generate.rewrite import reword_task

    for seed in range(40):
        said, _ = reword_task("Write about tips for installing a car seat for moms.", [],
                              random.Random(seed))
        assert re.search(r"(?i)\b(?:write|writing) about tips", said), said


def test_a_fact_of_the_product_is_no_order_to_the_writer():
    # Read ALB: "The ice cream should be gentle on the stomach." became "Make sure the ice
    # cream is gentle on the stomach".
    masked = Masked("The ice cream should be gentle on the stomach.", ())
    assert follow_up("The ice cream should be gentle on the stomach.", masked) == []


def test_what_the_piece_should_be_is_said_as_what_the_writer_wants():
    masked = Masked("The poem should rhyme.", ())
    assert follow_up("The poem should rhyme.", masked)


def test_a_manner_of_writing_keeps_its_verb():
    # Read BBR (2034): "I'm looking for a summary of the following text in a funny way" hangs
    # the manner on the summary.
    found = texts("Write a summary of the following text in a funny way.")
    assert found and not [text for text in found
                          if re.match(r"(?:I need|I'm looking for|I would like|Could I get) a "
                                      r"summary", text)], found


def test_a_freestyle_is_never_drafted_and_a_rap_never_drafted_either():
    # Read BBR (2265): "Would you mind drafting a freestyle rap …?"
    from ifevalpp.generate.rewrite.lexicon import composed_object, verb_fits

    assert not composed_object("a freestyle rap about the president of the united states")
    assert not verb_fits("draft", "a rap about the sea") and not verb_fits("draft", "a haiku")
    assert verb_fits("draft", "a cover letter for a job at a bank")
    found = texts("Write a freestyle rap about the president of the united states.")
    assert not [text for text in found if re.search(r"\b(?:draft|compos|put together)", text)]


def test_a_frame_says_no_wish_the_request_says_itself():
    # Read BBW (2941): "I would like an amusing poem for kids about a product that you would
    # like to sell."
    found = texts("Write an amusing poem for kids about a product that you would like to sell.")
    assert found and not [text for text in found if text.lower().count("like") > 1], found


def test_a_request_to_rewrite_a_text_into_a_form_keeps_its_verb():
    # Read BDB (1927): "Rephrase the following sentence into an email" is no English.
    texts = {option.text for option in rewrites("Rewrite the following sentence into an email.")}
    assert texts and not any(re.search(r"(?i)\b(?:rephrase|reword|recast)\b", text)
                             for text in texts), texts



def test_interesting_facts_stay_interesting():
    # Read CHK (3644): "engaging facts about the Dutch language".
    from ifevalpp.generate.rewrite.lexicon import lexicon

    assert "interesting" not in lexicon()["adjectives"]


def test_provide_is_never_said_as_give_without_its_me():
    # Read CIW (3001): "Would you give a short, funny list of ways to pass time at work?"
    said = {option.text for option in rewrites("Please provide a short list of ways to relax.",
                                               wide=True)}
    assert said and not [text for text in said if re.search(r"\bgiv(?:e|ing) a\b", text)]


def test_a_short_piece_asked_for_as_a_need_is_never_put_together():
    # Read CKP: "I need a joke involving …" became "Could you put together a joke …?".
    texts = _texts("I need a joke about two owls and a lamp.")
    assert texts
    assert not any("put together" in text for text in texts)


def test_a_wish_frame_asks_what_the_writer_could_do_not_would():
    # Read CLD (1739): "I'd love it if you would rephrase the following passage and refrain
    # from using commas" joins an eager wish to a ban; "could" asks.
    said = [found.text for found in rewrites("Write a poem about the sea. Do not use commas.")]
    assert any(text.startswith("I'd love it if you could ") for text in said), said
    assert not [text for text in said if "love it if you would" in text]
