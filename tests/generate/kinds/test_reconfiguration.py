"""Reconfigurations (generate/kinds/reconfiguration.py). Under "harder": each sibling at least
as hard as the one before in every setting, never a swap that eases a count, never a range
narrowed to one value; a new task never keeps a text or a keyword of the old task's story."""

from __future__ import annotations

import random
import re

import pytest

from ifevalpp.constraints import get
from ifevalpp.generate.difficulty import judge
from ifevalpp.generate.family import generate_family
from ifevalpp.generate.kinds.reconfiguration import genre_class, new_task
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.records import ComposeError
from ifevalpp.schema import Case
from ifevalpp.validate import validate_case

LETTERS = "keywords:letter_frequency"
WORDS = "length_constraints:number_words"
FREQUENCY = "keywords:frequency"
EXISTS = "keywords:existence"
END = "startend:end_checker"
NO_COMMA = "punctuation:no_comma"


def _family(prompt, ids, kwargs, *, least=3):
    case = {"key": 9001, "prompt": prompt, "instruction_id_list": ids, "kwargs": kwargs}
    variants, failures = generate_family(case, kinds=("reconfiguration",))
    cousins = [variant for variant in variants if variant.kind == "reconfiguration"]
    assert len(cousins) >= least, failures
    return case, cousins


def _reconfigured(prompt, ids, kwargs, *, least=3):
    return [variant.kwargs for variant in _family(prompt, ids, kwargs, least=least)[1]]


def test_a_capped_keyword_is_never_swapped_for_a_word_the_piece_never_uses():
    case, cousins = _family(
        'Write a story about a judge who thinks she is always right. Use the word "right" '
        'less than 3 times.', [FREQUENCY], [{"relation": "less than", "keyword": "right",
                                             "frequency": 3}])
    for variant in cousins:
        item = variant.kwargs[0]
        assert item["relation"] == "less than" and item["frequency"] <= 3, variant.kwargs
        if variant.generator.detail["strategy"] == "parameters":
            assert item["keyword"] == "right"
        judged = judge(case["instruction_id_list"], case["kwargs"], variant.prompt,
                       variant.kwargs, variant.generator.detail)
        assert judged.verdict != "easier", (variant.prompt, judged)


def test_every_setting_of_a_sibling_is_at_least_as_hard_as_the_one_before():
    siblings = _reconfigured(
        'Write an essay about winter gardens with at least 300 words. The letter "e" should '
        'appear at least 40 times.', [WORDS, LETTERS],
        [{"relation": "at least", "num_words": 300},
         {"let_relation": "at least", "letter": "e", "let_frequency": 40}])
    words = [kwargs[0]["num_words"] for kwargs in siblings]
    letters = [kwargs[1]["let_frequency"] for kwargs in siblings]
    assert words == sorted(words) and letters == sorted(letters), siblings


def test_a_range_is_never_narrowed_to_a_sliver():
    siblings = _reconfigured(
        "Write a story about a lighthouse keeper in at least 600 words and less than 700 words.",
        [WORDS, WORDS], [{"relation": "at least", "num_words": 600},
                         {"relation": "less than", "num_words": 700}], least=1)
    for kwargs in siblings:
        low = max(item["num_words"] for item in kwargs if item["relation"] == "at least")
        high = min(item["num_words"] - 1 for item in kwargs if item["relation"] == "less than")
        assert high - low >= 25, siblings


@pytest.mark.parametrize("phrase, bound", [("Yes Mom, I am Dave.", True),
                                           ("Peace out, Jenny.", True),
                                           ("Shall I help you with something more?", False),
                                           ("Thanks for reading. Have a nice day.", False)])
def test_an_end_line_naming_the_story_s_people_is_bound_to_its_task(phrase, bound):
    end = get(END)
    assert end.literal_bound_to_task(end.Params(end_phrase=phrase)) is bound


def test_an_end_line_asking_the_reader_to_agree_is_bound_to_its_argument():
    # Read CFD (1705): "Hope you agree with me." closing a letter to an old friend, after an
    # email asking the boss for a raise.
    end = get(END)
    assert end.literal_bound_to_task(end.Params(end_phrase="Hope you agree with me."))


@pytest.mark.parametrize("word, prompt, bound", [
    ("president", 'The second paragraph must start with the word "President".', True),
    ("jasper", "Start Paragraph 2 with the word Jasper.", True),
    ("realising", "The first paragraph must start with the word realising.", False),
    ("summary", 'The last paragraph must start with the word "Summary".', False)])
def test_a_first_word_the_original_capitalises_mid_sentence_is_bound_to_its_task(word, prompt,
                                                                                  bound):
    first = get("length_constraints:nth_paragraph_first_word")
    params = first.Params(first_word=word, num_paragraphs=6, nth_paragraph=2)
    assert first.literal_bound_to_task(params, prompt) is bound


def test_a_new_task_under_a_voice_said_in_common_words_keeps_the_original_s_subject():
    # "Write in a crazy coach screaming style." was chosen for the sports teams, not for a
    # bedtime story (reads BAH, BAI).
    prompt = ("Write an article about how intra-team conflict affected sports teams. Write in "
              "a crazy coach screaming style. Your entire reply should be in capital letters.")
    for cousin in _family(prompt, ["change_case:english_capital"], [{}])[1]:
        assert "intra-team conflict" in cousin.prompt, cousin.prompt


def test_a_new_task_is_never_followed_by_a_repeat_instruction_naming_the_old_piece():
    request = "Write a limerick about a baker who never sleeps."
    siblings_prompts = []
    variants, failures = generate_family(
        {"key": 9002, "prompt": f"{request}\n\nBefore you give the limerick, repeat the request "
                                "above word for word, changing nothing.",
         "instruction_id_list": ["combination:repeat_prompt"],
         "kwargs": [{"prompt_to_repeat": request}]}, kinds=("reconfiguration",))
    for variant in variants:
        if variant.kind == "reconfiguration" and variant.generator.detail["strategy"] == "task":
            siblings_prompts.append(variant.prompt)
            if "limerick" not in variant.kwargs[0]["prompt_to_repeat"].lower():
                assert "limerick" not in variant.prompt.lower(), variant.prompt
    assert siblings_prompts, failures


def _errors(prompt, ids, kwargs):
    case = Case(key=1, prompt=prompt, instruction_id_list=ids, kwargs=kwargs)
    findings = validate_case(case)
    return [finding for finding in findings if getattr(finding, "severity", None) == "error"]


def _new_task(prompt, kwargs):
    """The first new-task reconfiguration of a keyword-frequency case."""
    return new_task(build_layout(prompt, [FREQUENCY], kwargs), random.Random(0), index=1)


def test_a_new_task_replaces_a_keyword_taken_from_the_old_task():
    prompt = ('My bakery is called "crumb" and we need a slogan. Can you write one that says '
              "the name of the bakery at least three times?")
    composed = _new_task(prompt, [{"relation": "at least", "keyword": "crumb", "frequency": 3}])
    assert "crumb" not in composed.prompt.lower()
    new = composed.kwargs[0]
    assert new["keyword"] != "crumb" and new["keyword"] in composed.prompt
    assert (new["relation"], new["frequency"]) == ("at least", 3)
    assert composed.detail.keywords_swapped == [f"crumb->{new['keyword']}"]
    assert not _errors(composed.prompt, [FREQUENCY], composed.kwargs)


def test_a_new_task_keeps_a_word_to_repeat_that_the_request_is_not_about():
    # "lantern" twice in a poem about rain is the case's own difficulty: a word the new piece
    # is about would make it easier (strict read R: "unfortunately" became "abroad").
    prompt = ("Write a poem about autumn rain. Make sure the word \"lantern\" appears at least "
              "twice.")
    kwargs = [{"relation": "at least", "keyword": "lantern", "frequency": 2}]
    composed = _new_task(prompt, kwargs)
    new = composed.kwargs[0]
    assert (new["keyword"], new["relation"], new["frequency"]) == ("lantern", "at least", 2)
    judged = judge([FREQUENCY], kwargs, composed.prompt, composed.kwargs, composed.detail.record())
    assert judged.misfits == () and judged.easier == (), judged
    assert not _errors(composed.prompt, [FREQUENCY], composed.kwargs)


def test_a_new_task_keeps_the_subject_whose_names_a_letter_case_makes_a_trap():
    prompt = ("Can you write me an essay about the history of Martin Van Buren's presidency? "
              "Make sure that it's in English and not a single letter in your entire response "
              "is capitalized whatsoever.")
    layout = build_layout(prompt, ["change_case:english_lowercase"], [{}])
    composed = new_task(layout, random.Random(0), index=1)
    assert "Martin Van Buren" in composed.prompt


def test_a_new_task_keeps_the_subject_its_end_line_speaks_of():
    prompt = ('Write a poem about a guy named Dave that is funny to moms. The poem should end '
              'with the phrase "Yes Mom, I am Dave."')
    layout = build_layout(prompt, ["startend:end_checker"], [{"end_phrase": "Yes Mom, I am Dave."}])
    composed = new_task(layout, random.Random(0), index=1)
    assert "a guy named Dave" in composed.prompt
    assert composed.kwargs[0]["end_phrase"] == "Yes Mom, I am Dave."


def test_a_new_task_keeps_the_name_a_pitch_is_for_under_a_lowercase_rule():
    # Read BBA, 2817: a rap about an ice-cream van lost the trap of writing "Ward and Guerre"
    # in small letters.
    prompt = ('Write a startup pitch for "Ward and Guerre". Make it a weird poem that explains '
              'why the pitch is good. It should be in English and have no capital letters.')
    layout = build_layout(prompt, ["change_case:english_lowercase"], [{}])
    for index in (1, 2, 3):
        composed = new_task(layout, random.Random(index), index=index)
        assert '"Ward and Guerre"' in composed.prompt, composed.prompt


def test_a_new_task_for_a_limerick_that_closes_on_a_given_line_stays_a_limerick():
    # Read BBD, 2677: a song and a rap ending "Yes Mom, I am Dave." were easier; reads BDF and
    # BDH found a poem and a haiku easier too. Its line names Dave, so a limerick on another
    # subject closes on a line of its own.
    prompt = ('Write a limerick about a guy named Dave that is funny to moms. The limerick '
              'should end with the phrase "Yes Mom, I am Dave."')
    layout = build_layout(prompt, [END], [{"end_phrase": "Yes Mom, I am Dave."}])
    for index in (1, 2, 3):
        composed = new_task(layout, random.Random(index), index=index)
        assert composed.detail.task_genre == "limerick", composed.prompt
        assert ("a guy named Dave" in composed.prompt) == \
            (composed.kwargs[0]["end_phrase"] == "Yes Mom, I am Dave."), composed.prompt


def test_a_new_task_for_a_haiku_is_a_haiku():
    # A poem has room for the words a haiku must fit into its three lines (read BDF).
    prompt = 'Write a haiku about a heron at dawn. Use the words "mist" and "patience" in it.'
    layout = build_layout(prompt, [EXISTS], [{"keywords": ["mist", "patience"]}])
    for index in (1, 2, 3):
        composed = new_task(layout, random.Random(index), index=index)
        assert composed.detail.task_genre == "haiku", composed.prompt


def test_a_haiku_under_a_rule_only_a_longer_piece_feels_becomes_a_poem():
    # A comma ban bites from about forty words, more than a haiku has: a haiku of ours would
    # pass it by itself, so the new piece is a poem, as before.
    prompt = "Write a haiku about a heron at dawn. Do not use any commas."
    layout = build_layout(prompt, [NO_COMMA], [{}])
    composed = new_task(layout, random.Random(1), index=1)
    assert composed.detail.task_genre in ("poem", "limerick"), composed.prompt


def test_a_new_task_for_a_tweet_is_a_short_piece_of_prose():
    # Read BDF, 2662: a tweet's two words went into a proposal, a dialogue and a diary entry,
    # which have room to spare; and a list of names holding "although" reads as a misfit.
    from ifevalpp.generate.tasks import catalogue

    genres = {genre.id: genre for genre in catalogue().genres}
    prompt = ('Write a tweet for a bakery opening on our street. The tweet should include the '
              'keywords "crust" and "gladly".')
    layout = build_layout(prompt, [EXISTS], [{"keywords": ["crust", "gladly"]}])
    for index in (1, 2, 3):
        features = genres[new_task(layout, random.Random(index), index=index).detail
                          .task_genre].features
        assert "short" in features and not features & {"list", "items", "poem"}, features


def test_a_new_task_asks_for_two_versions_before_what_each_of_them_holds():
    # 3324: "split each version into ten parts" stood before "give two distinct versions".
    prompt = ("Write two versions of itinerary for a 7 day trip to Hawaii, designed for college "
              "students. Separate the two versions with 6 asterisk symbols (******).  Each "
              "version must have 7 sections. Mark the beginning of each section with Day X.")
    ids = ["combination:two_responses", "detectable_format:multiple_sections"]
    kwargs = [{}, {"section_spliter": "Day", "num_sections": 7}]
    layout = build_layout(prompt, ids, kwargs)
    for index in (1, 2, 3):
        composed = new_task(layout, random.Random(index), index=index)
        said = composed.prompt.lower()
        assert said.index("versions") < said.index("each version"), composed.prompt


def test_a_new_task_on_a_named_person_keeps_who_the_person_is():
    # "a rap about Hannah" left her unknown beside the word "intern" (strict read ADA).
    # (A limerick stays a limerick, on a subject of ours: this is the rule for the rest.)
    prompt = ('Write a poem about Hannah, a college student, doing an internship at a coffee '
              'company. Make sure that her father would love the poem. Include the words '
              '"intern" and "grow".')
    layout = build_layout(prompt, [EXISTS], [{"keywords": ["intern", "grow"]}])
    composed = new_task(layout, random.Random(0), index=1)
    assert "Hannah, a college student, doing an internship at a coffee company" in composed.prompt


def test_a_task_naming_the_counted_letter_keeps_its_premise_under_a_harder_count():
    # "two people trying to avoid using the letter t" is the case's trap: a new task without
    # it is easier (read AFA), and the count is not what the task says.
    from ifevalpp.generate.kinds.reconfiguration import reconfigure_case

    prompt = ("Create a dialogue between two friends who are both trying to avoid using the "
              "letter t. The letter t must appear at least 30 times in the dialogue you write.")
    layout = build_layout(prompt, [LETTERS], [{"let_relation": "at least", "letter": "t",
                                               "let_frequency": 30}])
    composed = reconfigure_case(layout, random.Random(1), 1, direction="harder")
    assert "trying to avoid using the letter t" in composed.prompt
    assert composed.kwargs[0]["let_frequency"] > 30


REPEAT = "combination:repeat_prompt"


def test_a_short_new_request_to_copy_opens_with_a_line_on_why_i_ask():
    request = ("Hello. I need to give a lecture to my students about a film. Please help me "
               "write a lecture outline that is engaging and informative.")
    prompt = ("First repeat the request below word for word, then give your answer.\n\n"
              + request)
    layout = build_layout(prompt, [REPEAT], [{"prompt_to_repeat": request}])
    composed = new_task(layout, random.Random(0), index=1)
    copied = composed.kwargs[0]["prompt_to_repeat"]
    assert len(copied.split()) >= 0.6 * len(request.split()), copied


def test_no_line_is_added_to_a_request_whose_copy_counts_against_a_cap():
    from ifevalpp.generate.kinds.reconfiguration import _as_long_to_copy
    request = "TLDR the article about football managers and their waistcoats and style lessons."
    prompt = (f"{request} Your entire response should have 45 or less words.\n\n"
              "First repeat the request above word for word, then give your answer.")
    layout = build_layout(prompt, [WORDS, REPEAT], [{"relation": "less than", "num_words": 46},
                                                    {"prompt_to_repeat": request}])
    assert _as_long_to_copy(layout, "Write a fable.", random.Random(0)) == "Write a fable."


def test_the_original_task_never_takes_stock_keywords_to_include():
    prompt = ("Summarise how to pay my taxes. Include the keywords 'calculate' and 'file'. "
              "Use at least 300 words.")
    cousins = _family(prompt, ["keywords:existence", WORDS],
                      [{"keywords": ["calculate", "file"]},
                       {"relation": "at least", "num_words": 300}])[1]
    kept = [variant for variant in cousins
            if variant.generator.detail.get("strategy") == "parameters"]
    assert kept  # the word count grows instead
    for variant in kept:
        assert variant.kwargs[0]["keywords"] == ["calculate", "file"], variant.prompt


def test_a_new_task_for_an_essay_of_no_stated_length_is_a_long_piece_first():
    layout = build_layout("Write an essay about the history of bread. Do not use any commas.",
                          ["punctuation:no_comma"], [{}])
    needs, _ = genre_class(layout)[0]
    assert "long" in needs


def test_a_count_of_words_says_the_length_so_no_long_piece_is_required():
    layout = build_layout("Write an essay about the history of bread. Use at least 300 words.",
                          ["length_constraints:number_words"],
                          [{"relation": "at least", "num_words": 300}])
    assert all("long" not in needs for needs, _ in genre_class(layout))


def test_a_subject_that_is_the_piece_itself_is_not_kept_for_another_piece():
    # Read BBY (2739): "a song about the word "limerick"" from "a limerick about the word
    # "limerick"".
    from ifevalpp.generate.kinds.reconfiguration import _own_subject

    ids = ["combination:repeat_prompt", "punctuation:no_comma"]
    request = ('Write a limerick about the word "limerick". Make sure it is funny and includes '
               'the words "limerick" and "funny". Do not use any commas.')
    layout = build_layout("First repeat the request word for word without change, then give "
                          "your answer.\n\n" + request, ids, [{"prompt_to_repeat": request}, {}])
    assert _own_subject(layout) is None
    kept = build_layout('Write a limerick about a baker who hates mornings. Make sure it includes '
                        'the words "dough" and "alarm". Do not use any commas.',
                        ["punctuation:no_comma"], [{}])
    assert _own_subject(kept) == "a baker who hates mornings"


def test_a_new_question_asks_to_think_aloud_when_the_original_did():
    # Read BCC (3756): "Think out loud, then answer with one of …" dropped from every new
    # question made the reconfigurations easier.
    prompt = ('Is Pikachu one of the Avengers? Think out loud, then answer with one of the '
              'following options: "My answer is yes.", "My answer is no.", "My answer is maybe."')
    layout = build_layout(prompt, ["detectable_format:constrained_response"], [{}])
    for index in (1, 2, 3):
        composed = new_task(layout, random.Random(index), index=index)
        assert "out loud" in composed.prompt, composed.prompt


def test_a_list_of_names_is_no_new_task_under_a_comma_ban():
    # Read BCD (2713): name ideas are comma-free with no effort, unlike the original's ad.
    from ifevalpp.generate.tasks import catalogue

    names = next(genre for genre in catalogue().genres if genre.noun == "names")
    assert "entries" in names.features


def test_no_new_task_replaces_one_whose_answer_fills_a_described_template():
    # Reads BCF, BCG (3063): a late-order apology in Hebrew in place of a proof in three
    # sections whose contents the template names.
    from ifevalpp.generate.records import ComposeError

    prompt = ("Describe how to prove the triangle inequality. Your response must be in the "
              "following exact format, and use *** as the section separator:\n"
              "[Section 1: What the inequality says]\n***\n[Section 2: How to prove it]\n***\n"
              "[Section 3: A brief summary]")
    layout = build_layout(prompt, ["length_constraints:number_paragraphs"],
                          [{"num_paragraphs": 3}])
    with pytest.raises(ComposeError, match="template"):
        new_task(layout, random.Random(0), index=1)


def test_a_new_task_for_a_letter_that_must_end_on_a_given_line_stays_a_letter():
    # Reads BCD, BCI (3079): tips, name ideas and reasons end on "Is there anything else I
    # can help with?" with no sign-off pulling against it.
    from ifevalpp.generate.piece import text_features

    phrase = "Is there anything else I can help with?"
    layout = build_layout(f'Write a funny letter to 6th graders at your school in list format. '
                          f'End your entire response with the phrase "{phrase}"',
                          ["startend:end_checker"], [{"end_phrase": phrase}])
    for index in (1, 2, 3):
        composed = new_task(layout, random.Random(index), index=index)
        task = composed.prompt.split(". ")[0]
        assert "letter" in text_features(task.lower()), composed.prompt


def test_a_new_task_stays_the_piece_its_asked_words_name():
    # Read BCS (2739): "includes the words "limerick" and "funny"" was said again on a rap
    # about a snow day and on two songs.
    request = ('Write a limerick about the word "limerick". Make sure it is funny and includes '
               'the words "limerick" and "funny". Do not use any commas.')
    prompt = f"{request}\nFirst repeat the request word for word, then give your answer."
    layout = build_layout(prompt, [REPEAT, "punctuation:no_comma"],
                          [{"prompt_to_repeat": request}, {}])
    made = []
    for seed in range(8):
        try:
            made.append(new_task(layout, random.Random(seed), index=seed % 3 + 1))
        except ComposeError:
            continue  # (a wording that breaks the comma ban: the family draws again)
    assert made
    for composed in made:
        assert "limerick about" in composed.kwargs[0]["prompt_to_repeat"], composed.prompt


def test_no_new_task_replaces_code_under_a_letter_case_rule():
    # Reads BCI and BCV (2563): a joke in the notation of C, in capitals, became a cover letter
    # in capitals, which has no code to pull against the rule.
    layout = build_layout("Explain what a loop does, with examples in the C programming "
                          "language. Answer in capitals only.", ["change_case:english_capital"],
                          [{}])
    with pytest.raises(ComposeError, match="code"):
        new_task(layout, random.Random(0), index=1)


LANGUAGE = "language:response_language"
TECHNICAL_IN_TAMIL = ("Write a checklist for reviewing the database skills of a software "
                      "engineer only using the Tamil language, no other language is allowed.")


def test_no_new_task_replaces_a_technical_subject_under_another_language():
    # Read CHQ (1154): a rubric for a software engineer's technical skills in Punjabi became
    # a story set in a harbour, with no English terms pulling against the language rule.
    layout = build_layout(TECHNICAL_IN_TAMIL, [LANGUAGE], [{"language": "ta"}])
    with pytest.raises(ComposeError, match="technical"):
        new_task(layout, random.Random(0), index=1)


def test_a_technical_subject_under_another_language_keeps_its_task_in_a_language_as_scarce():
    _, cousins = _family(TECHNICAL_IN_TAMIL, [LANGUAGE], [{"language": "ta"}])
    scarce = {"bn", "te", "mr", "gu", "kn", "sw", "ur", "pa", "ne"}
    assert all(cousin.kwargs[0]["language"] in scarce for cousin in cousins)
    assert all("software engineer" in cousin.prompt and "Tamil" not in cousin.prompt
               for cousin in cousins)


def test_a_new_task_carrying_a_writers_style_is_no_letter():
    # "Write it in the style of a stand-up comedian." fits no cover letter.
    layout = build_layout("Tell the joke about the goat in the style of a stand-up comedian. "
                          "Do not use commas.", ["punctuation:no_comma"], [{}])
    assert all("letter" in avoids for _, avoids in genre_class(layout))



def test_a_new_task_for_an_english_text_to_render_in_another_language_gives_a_line_to_rewrite():
    # Read BCX (3241): "Rewrite and expand the following in Arabic" became free articles and
    # fables in Arabic, with no English text pulling the answer towards English.
    layout = build_layout('Rewrite the following in Arabic, adding some detail: "The bakery on '
                          'the corner will open a second shop next spring."',
                          ["language:response_language"], [{"language": "ar"}])
    composed = new_task(layout, random.Random(0), index=1)
    assert "rewrite" in composed.prompt.lower() and composed.prompt.count('"') == 2, \
        composed.prompt


def test_a_sentence_in_capitals_to_carry_on_under_lowercase_gives_a_line_to_rewrite():
    # Read CFN (3703): "finish the sentence "The dog barked …"" under all lowercase pulls
    # towards the quoted capital; an article or a fable in lowercase has no such pull.
    layout = build_layout('Given the sentence "The dog barked at the cat, but the cat ignored '
                          'it because the". Can you finish the sentence? Make sure that words '
                          'in your entire response are in all lowercase letters.',
                          ["change_case:english_lowercase"], [{}])
    for index in (1, 2, 3):
        composed = new_task(layout, random.Random(index), index=index)
        quoted = composed.prompt.split('"')
        assert "rewrite" in composed.prompt.lower() and len(quoted) == 3 and \
            quoted[1][:1].isupper(), composed.prompt


def test_a_quoted_sentence_without_a_case_rule_leaves_the_new_task_free():
    from ifevalpp.generate.kinds.reconfiguration import _pieces_tried
    layout = build_layout('Given the sentence "The dog barked at the cat, but the cat ignored '
                          'it because the". Can you finish the sentence? Do not use any commas.',
                          ["punctuation:no_comma"], [{}])
    assert _pieces_tried(layout) == [None]


def test_an_english_text_beside_another_rule_leaves_the_new_task_free():
    # (1739: four reads found its free tasks under the comma ban the same or harder.)
    layout = build_layout('Rewrite the following in Arabic without commas: "The bakery on the '
                          'corner will open a second shop next spring."',
                          ["language:response_language", "punctuation:no_comma"],
                          [{"language": "ar"}, {}])
    assert genre_class(layout) != [({"quoted"}, set())]


def test_no_new_task_replaces_a_web_address_a_rule_forbids():
    # Read BCY (1000): a summary of a page whose name holds a comma, under a comma ban, became
    # a diary entry and an article with no such name to write.
    prompt = ("Summarise the page https://example.org/wiki/Anne,_Queen_of_Nowhere in 200 words "
              "or more. Do not use any commas.")
    ids = ["length_constraints:number_words", "punctuation:no_comma"]
    kwargs = [{"relation": "at least", "num_words": 200}, {}]
    with pytest.raises(ComposeError, match="web address"):
        new_task(build_layout(prompt, ids, kwargs), random.Random(0), index=1)
    plain = prompt.replace("Anne,_Queen", "Anne_Queen")
    assert new_task(build_layout(plain, ids, kwargs), random.Random(0), index=1).prompt


def test_a_task_no_new_task_may_replace_changes_one_setting_alone_when_two_cannot_change():
    # 1000: its highlights are spelled out one by one, so they cannot change with its word
    # count, and a new task would drop the comma in the page's name: the word count changes
    # alone, a step further in each sibling, and the family has all three.
    prompt = ("Write a 300+ word summary of the page https://example.org/wiki/Anne,_Queen_of_"
              "Nowhere. Do not use any commas and highlight at least 3 sections that has titles in "
              "markdown format, for example *highlighted part 1*, *highlighted part 2*, *highlighted "
              "part 3*.")
    ids = [NO_COMMA, "detectable_format:number_highlighted_sections", WORDS]
    kwargs = [{}, {"num_highlights": 3}, {"relation": "at least", "num_words": 300}]
    # Case 7's seed has its later siblings change both settings together.
    case = {"key": 7, "prompt": prompt, "instruction_id_list": ids, "kwargs": kwargs}
    variants, failures = generate_family(case, kinds=("reconfiguration",))
    cousins = [variant for variant in variants if variant.kind == "reconfiguration"]
    assert len(cousins) == 3, failures
    words = [cousin.kwargs[2]["num_words"] for cousin in cousins]
    assert words == sorted(words) and len(set(words)) == 3 and words[0] > 300
    assert all("Anne,_Queen_of_Nowhere" in cousin.prompt for cousin in cousins)


def test_a_postscript_on_a_piece_that_does_not_invite_one_gets_no_letter_as_new_task():
    # Reads BDC, BDD, BDG (2070, 1800, 2929): an explanation for children or a table with a
    # P.S. became letters and e-mails, where a P.S. is at home.
    layout = build_layout("Explain to a class of ten-year-olds why the moon has phases. Add a "
                          "postscript starting with P.S. at the end.",
                          ["detectable_content:postscript"], [{"postscript_marker": "P.S."}])
    assert all("letter" in avoids for _, avoids in genre_class(layout))
    letter = build_layout("Write a letter to my aunt about my new job. Add a postscript starting "
                          "with P.S. at the end.", ["detectable_content:postscript"],
                          [{"postscript_marker": "P.S."}])
    assert "letter" in genre_class(letter)[0][0]


def test_a_new_task_under_a_postscript_is_no_article_for_the_press():
    # Reads BDM, BDO: "a newspaper article about the first day at a new school … finishes
    # with a postscript starting with "P.S."".
    from ifevalpp.generate.tasks import catalogue

    genres = {genre.id: genre for genre in catalogue().genres}
    prompt = 'Write a blog post about city gardens. At the end, add a postscript starting with P.S.'
    layout = build_layout(prompt, ["detectable_content:postscript"],
                          [{"postscript_marker": "P.S."}])
    drawn = [new_task(layout, random.Random(seed), index=index).detail.task_genre
             for seed in range(6) for index in (1, 2, 3)]
    assert not any("press" in genres[genre].features for genre in drawn), drawn
    assert not {"article", "report"} & set(drawn), drawn


def test_a_task_whose_items_clash_with_an_exact_count_gets_no_new_task():
    # Reads BDM, BDT (3069): a 5-day itinerary in exactly 3 bullet points became tips and name
    # ideas, which fit three bullets by themselves.
    from ifevalpp.generate.records import ComposeError

    layout = build_layout("Plan a 4 day trip to Lisbon in exactly 2 bullet points in markdown.",
                          ["detectable_format:number_bullet_lists"], [{"num_bullets": 2}])
    with pytest.raises(ComposeError, match="items"):
        new_task(layout, random.Random(0), index=1)


def test_a_count_the_task_itself_states_is_no_clash():
    from ifevalpp.generate.kinds.reconfiguration import _items_against_an_exact_count

    layout = build_layout("Write a blog post about tea with exactly 3 bullet points in markdown.",
                          ["detectable_format:number_bullet_lists"], [{"num_bullets": 3}])
    assert _items_against_an_exact_count(layout) is None


def test_a_kept_question_subject_keeps_whom_it_is_for():
    # Reads BDU, BDV (1531): "an essay about how to improve the quality of life" had lost
    # "for people with disabilities".
    from ifevalpp.generate.kinds.reconfiguration import _own_subject

    layout = build_layout("Come up with a plan on how to make parks safer for children in winter. "
                          "Include the keywords 'lantern' and 'gravel'.",
                          [EXISTS], [{"keywords": ["lantern", "gravel"]}])
    assert _own_subject(layout) == "how to make parks safer for children in winter"


def test_a_singer_s_style_is_never_carried_onto_a_rap_unless_the_original_is_one():
    # Read CEC (1566): "I'm looking for a rap about regrets. Make it sound like something
    # Taylor Swift would write."
    from types import SimpleNamespace

    from ifevalpp.generate.kinds.reconfiguration import _manner_unfit

    capital = "change_case:english_capital"
    song = build_layout("Write a song about regrets in the style of Taylor Swift. Answer in "
                        "capital letters only.", [capital], [{}])
    rap = build_layout("Write a rap about regrets in the style of Taylor Swift. Answer in "
                       "capital letters only.", [capital], [{}])
    plain = build_layout("Write a song about regrets. Answer in capital letters only.",
                         [capital], [{}])
    assert _manner_unfit(song, SimpleNamespace(noun="rap"))
    assert not _manner_unfit(song, SimpleNamespace(noun="ballad"))
    assert not _manner_unfit(rap, SimpleNamespace(noun="rap"))
    assert not _manner_unfit(plain, SimpleNamespace(noun="rap"))


def test_a_writer_s_style_is_never_carried_onto_a_piece_of_business():
    # Read CFA (295): "I'd love an email to a hiring manager, following up after an interview.
    # Make it sound like something Shakespeare would write."
    from types import SimpleNamespace

    from ifevalpp.generate.kinds.reconfiguration import _manner_unfit

    title = "detectable_format:title"
    letter = build_layout("Write me a letter in the style of Shakespeare about the mandates of "
                          "the King. Give it a title in double angular brackets, such as "
                          "<<title>>.", [title], [{}])
    assert _manner_unfit(letter, SimpleNamespace(noun="email"))
    assert _manner_unfit(letter, SimpleNamespace(noun="cover letter"))
    assert not _manner_unfit(letter, SimpleNamespace(noun="story"))


def test_a_line_rewritten_in_a_tone_is_replaced_by_a_line_of_ours_to_rewrite_first():
    # Reads BDW, CED, CEI (1476): a riddle and a joke "in an engaging tone" read oddly.
    from ifevalpp.generate.kinds.reconfiguration import _pieces_tried

    layout = build_layout('Can you rewrite "The office will be closed for repairs on Monday" in '
                          'an engaging tone? Keep it to one sentence.',
                          ["length_constraints:number_sentences"],
                          [{"relation": "less than", "num_sentences": 2}])
    plain = build_layout("Write a riddle about a clock. Keep it to one sentence.",
                         ["length_constraints:number_sentences"],
                         [{"relation": "less than", "num_sentences": 2}])
    assert _pieces_tried(layout) == [frozenset({"rewrite"}), None]
    assert _pieces_tried(plain) == [None]


def test_a_rewrite_that_takes_the_original_s_tone_drops_the_words_of_its_own():
    # Read CEJ (1476): "Keep the words "polite" and "tomorrow" out of your answer" on a rewrite
    # "in an engaging tone", whose own "so that it sounds more polite" was given up.
    from ifevalpp.generate.kinds.reconfiguration import _without_own_tone
    from ifevalpp.generate.tasks.maker import Task, catalogue

    own = catalogue().subjects["tone"][0]
    word = own.split()[-1].lower()
    task = Task(text="Rewrite the line.", genre="rewrite", noun="rewrite", plural=False,
                features=frozenset({"quoted"}), words=(5, 60), subjects=(own,),
                nouns=(word, "tomorrow"), uses=(word, "tomorrow"), suits=(word,))
    toned = build_layout('Can you rewrite "The office will be closed for repairs on Monday" in '
                         'an engaging tone?', ["length_constraints:number_sentences"],
                         [{"relation": "less than", "num_sentences": 2}])
    plain = build_layout("Write a riddle about a clock.", ["length_constraints:number_sentences"],
                         [{"relation": "less than", "num_sentences": 2}])
    assert _without_own_tone(toned, task).nouns == ("tomorrow",)
    assert _without_own_tone(plain, task) == task


def test_a_template_of_two_different_pieces_gets_no_new_task():
    # Read CET (1746): an essay and a poem that sums it up became two haikus, two limericks.
    from ifevalpp.generate.kinds.reconfiguration import _pieces_in_slots

    assert _pieces_in_slots("Write an essay, then a poem that sums it up.\n[essay]\n******\n"
                            "[poem]")
    assert not _pieces_in_slots("List two films.\n[Movie 1]\n[Description]\n[Movie 2]\n"
                                "[Description]")
    assert not _pieces_in_slots("Write a poem about rain.")


def test_a_word_to_repeat_beside_its_plural_in_the_task_gets_no_new_task():
    # Reads BDP, CEQ (1219): "sneaker" ten times in a piece on "sneakers" became "garden"
    # twelve times in a proposal for a community garden, which is easier.
    from ifevalpp.generate.kinds.reconfiguration import _singular_beside_its_plural

    frequency = "keywords:frequency"
    trap = build_layout("Which are better running shoes, trainers or sneakers? The word sneaker "
                        "should appear 10 or more times.", [frequency],
                        [{"relation": "at least", "keyword": "sneaker", "frequency": 10}])
    plain = build_layout("Write about a marathon. The word race should appear 10 or more "
                         "times.", [frequency],
                         [{"relation": "at least", "keyword": "race", "frequency": 10}])
    assert _singular_beside_its_plural(trap)
    assert not _singular_beside_its_plural(plain)


def test_a_capital_marker_beside_a_rule_of_small_letters_gets_no_new_task():
    # 2216: "P.P.S" under "no capital letters" read contradictory in a new task (reads CHY,
    # CKA, CKD, CKG), "p.p.s" there read easier (read CJR).
    from ifevalpp.generate.kinds.reconfiguration import _marker_against_small_letters

    ids = ["change_case:english_lowercase", "detectable_content:postscript"]
    trap = build_layout('write a note to the milkman in lowercase letters only. add a '
                        'postscript starting with "P.P.S"', ids, [{}, {"postscript_marker": "P.P.S"}])
    plain = build_layout('Write a note to the milkman. Add a postscript starting with "P.P.S"',
                         ids[1:], [{"postscript_marker": "P.P.S"}])
    assert _marker_against_small_letters(trap)
    assert not _marker_against_small_letters(plain)


def test_a_new_task_on_the_original_s_subject_never_asks_for_the_original_s_piece_again():
    # Read CGU: "Would you write an article about <the original's subject>, please?" under the
    # same end line was the original said again, no reconfiguration.
    prompt = ('Write an article about the life of lighthouse keepers. Your article must end with '
              'the exact phrase "Is there anything else I can help with?". No other words should '
              'follow this phrase.')
    layout = build_layout(prompt, [END], [{"end_phrase": "Is there anything else I can help with?"}])
    for index in (1, 2, 3):
        for seed in range(4):
            composed = new_task(layout, random.Random(seed), index=index)
            assert not re.search(r"\ban article about the life of lighthouse keepers\b",
                                 composed.prompt), composed.prompt


def test_a_carried_rule_about_lyrics_keeps_a_new_task_to_a_song():
    # "Please include explanations for the lyrics you write." beside a haiku or a poem of
    # ours: they have no lyrics.
    prompt = ('Write a song about lost keys in the style of Bob Dylan. Please include '
              'explanations for the lyrics you write. Make sure your entire response is in '
              'English, and in all capital letters.')
    layout = build_layout(prompt, ["change_case:english_capital"], [{}])
    for index in (1, 2, 3):
        composed = new_task(layout, random.Random(0), index=index)
        assert re.search(r"\ba song\b", composed.prompt), composed.prompt


def test_an_end_line_offering_the_next_steps_closes_a_new_task_of_first_steps():
    # Reads CFQ, CGX: an end line offering the next steps closed a complete guide to keeping
    # a diary.
    prompt = ('My sister wants to build a garden shed. Could you tell me how to do it? Only the '
              'first 5 steps for now. End your whole response with the phrase "Tell me how it '
              'goes, and I can give you the next steps after that."')
    phrase = "Tell me how it goes, and I can give you the next steps after that."
    layout = build_layout(prompt, [END], [{"end_phrase": phrase}])
    for index in (1, 2, 3):
        composed = new_task(layout, random.Random(0), index=index)
        assert re.search(r"the first (?:few )?steps of \w+ing\b", composed.prompt), \
            composed.prompt


def test_a_new_task_keeps_every_setting_an_earlier_sibling_made_harder():
    # 3089: its siblings raised the highlights to 10 and 11 (its range of sentences could not
    # be said anew in place); a third with a new task and a harder range kept the original's 8.
    highlights, sentences = "detectable_format:number_highlighted_sections", \
        "length_constraints:number_sentences"
    kwargs = [{"num_highlights": 8}, {"relation": "at least", "num_sentences": 40},
              {"relation": "less than", "num_sentences": 61}]
    layout = build_layout("Write a story about an owl who misses spring. Highlight at least 8 "
                          "sections with markdown, like *this part*.\nThe number of sentences "
                          "in your response should be in the range of 40 to 60.",
                          [highlights, sentences, sentences], kwargs)
    siblings = [[{"num_highlights": 10}, *kwargs[1:]], [{"num_highlights": 11}, *kwargs[1:]]]
    alone = new_task(layout, random.Random(3), index=3, direction="harder", case_seed=3,
                     attempt=6)
    assert alone.kwargs[0]["num_highlights"] < 11  # (what the siblings' settings change)
    made = new_task(layout, random.Random(3), index=3, direction="harder", case_seed=3,
                    attempt=6, sibling_settings=siblings)
    assert made.kwargs[0]["num_highlights"] == 11
