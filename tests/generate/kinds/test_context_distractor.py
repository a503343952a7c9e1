"""Context distractors (generate/kinds/context_distractor.py): the sentences of context, where
they go, and what they never stand beside."""

from __future__ import annotations

import random
import re

from ifevalpp.constraints import REGISTRY
from ifevalpp.generate.kinds.context_distractor import SORTS, add_context, context_sentences
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.wording import Sampler, load

END = "startend:end_checker"


# Words that would state a requirement (the validator must never read an aside as one).
CONSTRAINT_CUES = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|once|twice|comma|words?|"
    r"sentences?|paragraphs?|bullets?|titles?|capital|lower ?case|upper ?case|language|english|"
    r"quot\w*|json|format\w*|sections?|highlight\w*|letters?|placeholders?|postscript|p\.s|"
    r"start\w*|begin\w*|end\w*|finish\w*|lists?|short|long|brief|detailed|respon\w+|repl\w+)\b",
    re.IGNORECASE)


def test_context_asides_have_thousands_of_forms():
    assert load("distractors/context").count("aside", {}) >= 2000


def test_context_asides_state_no_requirement():
    grammar = load("distractors/context")
    # Every literal piece of every alternative, then a large sample of whole asides.
    for rule in grammar.rules.values():
        for alternative in rule.alternatives:
            for node in _texts(alternative.body):
                assert not CONSTRAINT_CUES.search(node), (alternative.key, node)
    sampler = Sampler(random.Random(3))
    for _ in range(3000):
        text = sampler.render(grammar, "aside", {}).text
        assert not CONSTRAINT_CUES.search(text), text


def _texts(seq):
    from ifevalpp.wording.syntax import Choice, Text

    for node in seq:
        if isinstance(node, Text):
            yield node.value
        elif isinstance(node, Choice):
            for option in node.options:
                yield from _texts(option)


def test_context_asides_are_tidy_sentences():
    grammar = load("distractors/context")
    sampler = Sampler(random.Random(0))
    for _ in range(300):
        text = sampler.render(grammar, "aside", {}).text
        for sentence in re.split(r"(?<=[.!?]) ", text):
            assert sentence[0].isupper() and sentence[-1] in ".!?", text
        assert "  " not in text and " ," not in text, text


def test_the_catalogue_has_many_sentences_of_every_sort_and_no_digits():
    # (that every `interferes` name is a type is the contract test's: tests/constraints)
    items = context_sentences()
    assert len(items) >= 60
    assert {item.kind for item in items} == set(SORTS)
    assert len({item.id for item in items}) == len(items)
    for item in items:
        assert not any(character.isdigit() for character in item.text), item.id
        assert set(item.positions) <= {"before", "inside", "after", "copy"}
        # a line that only opens a request to copy says why I ask
        assert "copy" not in item.positions or item.opens_request, item.id


def test_a_line_that_only_opens_a_request_to_copy_is_no_distractor():
    layout = build_layout("Write a fable about a fox. Do not use any commas.",
                          ["punctuation:no_comma"], [{}])
    copy_only = {item.text for item in context_sentences() if item.positions == ("copy",)}
    assert copy_only
    for seed in range(40):
        made = add_context(layout, random.Random(seed), 1 + seed % 3, attempt=seed % 2)
        assert not any(text in made.prompt for text in copy_only)


def test_a_sentence_never_stands_beside_a_type_it_interferes_with():
    # "style-16" ("Let the ending leave the reader with something to think about.") would
    # change how a reply ends: the end checker refuses it, a comma ban does not.
    end = build_layout('Write a note to a friend. End it with "See you soon."', [END],
                       [{"end_phrase": "See you soon."}])
    comma = build_layout("Write a note to a friend. Do not use any commas.",
                         ["punctuation:no_comma"], [{}])
    beside_end = {add_context(end, random.Random(seed), 1 + seed % 3).detail.distractor
                  for seed in range(300)}
    beside_comma = {add_context(comma, random.Random(seed), 1 + seed % 3).detail.distractor
                    for seed in range(300)}
    assert "style-16" not in beside_end and "style-16" in beside_comma
    assert beside_end.isdisjoint(REGISTRY[END].interfering_distractors())


def test_a_request_to_repeat_keeps_the_sentence_on_the_far_side_of_its_instruction():
    request = "Write a limerick about a sleepy owl."
    layout = build_layout(f"{request}\n\nFirst repeat the request above word for word, then "
                          "answer.", ["combination:repeat_prompt"], [{"prompt_to_repeat": request}])
    for seed in range(20):
        candidate = add_context(layout, random.Random(seed), 1)
        assert candidate.detail.position == "after"
        assert candidate.prompt.startswith(request + "\n\n")


def test_every_unfit_for_and_needs_names_a_kind_of_answer():
    from ifevalpp.generate.piece import ANSWER_FEATURES
    for item in context_sentences():
        assert item.unfit_for <= set(ANSWER_FEATURES), item.id
        assert item.needs <= set(ANSWER_FEATURES), item.id


def test_no_aside_stands_where_nothing_can_use_it():
    for item in context_sentences():
        assert not item.needs or item.needs - item.unfit_for, item.id


def test_an_aside_about_a_question_stands_only_before_a_question():
    layout = build_layout("Write a haiku about a chorus teacher in lowercase letters only.",
                          ["change_case:english_lowercase"], [{}])
    about_a_question = {item.id for item in context_sentences() if item.needs == {"asked"}}
    assert about_a_question
    for seed in range(40):
        candidate = add_context(layout, random.Random(seed), 1 + seed % 3)
        assert candidate.detail.distractor not in about_a_question


def test_no_aside_unfit_for_a_question_stands_beside_one():
    layout = build_layout("Is the moon landing real? Answer with exactly one of the phrases "
                          "\"My answer is yes.\", \"My answer is no.\", \"My answer is maybe.\"",
                          ["detectable_format:constrained_response"], [{}])
    unfit = {item.id for item in context_sentences() if "asked" in item.unfit_for}
    assert unfit
    for seed in range(30):
        candidate = add_context(layout, random.Random(seed), 1 + seed % 3)
        assert candidate.detail.distractor not in unfit


def test_no_aside_stands_between_a_question_and_what_it_asks_about():
    prompt = ("Radcliffe was the only one who could get past the guards. What could be said "
              "about him? Answer in lowercase letters only.")
    layout = build_layout(prompt, ["change_case:english_lowercase"], [{}])
    for seed in range(20):
        candidate = add_context(layout, random.Random(seed), 1 + seed % 3)
        assert candidate.detail.position != "inside"


def test_some_asides_say_why_i_ask_and_may_open_a_request():
    assert sum(item.opens_request for item in context_sentences()) >= 8


def test_after_the_rules_of_a_repeat_no_aside_says_it_of_the_piece():
    request = "Write a limerick about a sleepy owl."
    layout = build_layout(f"{request}\n\nFirst repeat the request above word for word, then "
                          "answer.", ["combination:repeat_prompt"], [{"prompt_to_repeat": request}])
    pointing = {item.id for item in context_sentences() if item.points_back}
    assert pointing
    for seed in range(30):
        for index in (1, 2, 3):
            assert add_context(layout, random.Random(seed), index).detail.distractor not in pointing


def test_beside_a_request_to_repeat_under_a_comma_ban_no_aside_has_a_comma():
    request = "Write a limerick about a sleepy owl. Do not use any commas."
    layout = build_layout(f"{request}\n\nFirst repeat the request above word for word, then "
                          "answer.", ["combination:repeat_prompt", "punctuation:no_comma"],
                          [{"prompt_to_repeat": request}, {}])
    texts = {item.id: item.text for item in context_sentences()}
    for seed in range(30):
        for index in (1, 2, 3):
            assert "," not in texts[add_context(layout, random.Random(seed), index).detail.distractor]


def test_beside_a_request_to_repeat_only_asides_written_for_that_side_are_drawn():
    request = "Write a limerick about a sleepy owl."
    layout = build_layout(f"{request}\n\nFirst repeat the request above word for word, then "
                          "answer.", ["combination:repeat_prompt"], [{"prompt_to_repeat": request}])
    sides = {item.id: item.positions for item in context_sentences()}
    for seed in range(20):
        for index in (1, 2, 3):
            candidate = add_context(layout, random.Random(seed), index)
            assert "after" in sides[candidate.detail.distractor]


def test_an_aside_on_why_i_ask_stands_before_the_request_only():
    # Read BBR (3754): "A colleague mentioned you might be good at this kind of thing." after
    # a list of answer options.
    for item in context_sentences():
        if item.opens_request and "copy" not in item.positions:
            assert set(item.positions) == {"before"}, item.text


def test_an_aside_about_a_longer_read_suits_no_one_line_answer():
    # Reads BBS, BBT: "I'm hoping to use your answer as a starting point for my own." after a
    # trivia question; "I'll read it properly this evening …" after a three-line haiku.
    by_text = {item.text: item for item in context_sentences()}
    own = by_text["I'm hoping to use your answer as a starting point for my own."]
    later = by_text["I'll read it properly this evening when things are quieter."]
    assert not own.suits(frozenset({"asked"})) and not own.suits(frozenset({"short"}))
    assert not later.suits(frozenset({"short", "verse"}))
    assert own.suits(frozenset({"prose", "long"})) and later.suits(frozenset({"prose"}))


def test_a_deadline_suits_no_drill_and_a_curious_partner_needs_a_question():
    # Reads CHU (2239: "I'd like to have something ready before the weekend." after a one-
    # sentence rewrite; 1508: "My partner is curious about this too" after a haiku request).
    by_text = {item.text: item for item in context_sentences()}
    deadline = by_text["I'd like to have something ready before the weekend."]
    partner = by_text["My partner is curious about this too, so I'll show them your answer."]
    assert not deadline.suits(frozenset({"drill"})) and deadline.suits(frozenset({"long"}))
    assert not partner.suits(frozenset({"verse", "short"}))
    assert partner.suits(frozenset({"asked"}))


def test_staying_in_out_of_the_cold_leads_into_no_name_or_one_line_answer():
    # Reads BCV, BCX (1843): "The weather here has turned cold, and I've been staying in more
    # than usual." before a name for an estate agency reads as stitched on.
    by_text = {item.text: item for item in context_sentences()}
    cold = by_text["The weather here has turned cold, so I'm staying in and catching up on "
                   "things like this."]
    assert not cold.suits(frozenset({"short"})) and not cold.suits(frozenset({"brief"}))
    assert cold.suits(frozenset({"prose", "long"}))


def test_no_audience_is_named_for_a_drill_on_a_given_sentence():
    # Read BCG (2439): "This will be shared in a newsletter that goes out to volunteers at a
    # local food bank." after "Rewrite the following sentence into exactly 3 paragraphs …".
    from ifevalpp.generate.piece import features

    layout = build_layout('Rewrite the following sentence into exactly 3 paragraphs: "Offences '
                          'are not the only things that are grasped by the police."',
                          ["punctuation:no_comma"], [{}])
    answer = features(layout)
    assert "drill" in answer
    assert not any(item.suits(answer) for item in context_sentences()
                   if item.id.startswith("audience-"))


def test_comparing_notes_suits_neither_a_question_nor_a_json_answer():
    # Read BBW (2649, 281): "My flatmate and I want to compare notes on this later." after a
    # request for one question in JSON.
    notes = {item.text: item for item in context_sentences()}[
        "My flatmate and I want to compare notes on this later."]
    assert not notes.suits(frozenset({"markup"})) and not notes.suits(frozenset({"asked"}))


def test_a_prompt_in_small_letters_gets_no_aside_written_to_go_before_it():
    # Read BCB (2362): "… starting with "P.P.S". It's late here and I can't sleep, so I thought
    # I'd finally ask." after the question it explains.
    layout = build_layout("what do you call an excluded scientist who is asked to stay home? "
                          "Please finish your answer with a postscript starting with P.P.S",
                          ["detectable_content:postscript"], [{"postscript_marker": "P.P.S"}])
    by_id = {item.id: item for item in context_sentences()}
    for index in (1, 2, 3):
        for attempt in range(4):
            detail = add_context(layout, random.Random(attempt), index, attempt=attempt).detail
            assert set(by_id[detail.distractor].positions) - {"before"}, detail


def test_no_aside_pointing_back_follows_the_answer_options():
    # Read BCI (3751, 3756): "It's something I keep coming back to, so I'd like a second
    # opinion." after "My answer is maybe." points at the options, not the question.
    layout = build_layout('Is Pikachu one of the Avengers? Answer with one of the following '
                          'options: "My answer is yes.", "My answer is no.", "My answer is '
                          'maybe."', ["detectable_format:constrained_response"], [{}])
    pointing = {item.text for item in context_sentences() if item.points_back}
    assert "It's something I keep coming back to, so I'd like a second opinion." in pointing
    for seed in range(40):
        prompt = add_context(layout, random.Random(seed), 1 + seed % 3).prompt
        assert not any(prompt.rstrip().endswith(text) for text in pointing), prompt


def test_no_aside_pointing_back_follows_a_rule_that_closes_the_prompt():
    # Read BCL (2362): "It's something I keep coming back to, so I'd like a second opinion."
    # after "Please finish your answer with a postscript starting with "P.P.S"." points at the
    # postscript.
    layout = build_layout('What do you call an excluded scientist who is asked to stay home? '
                          'Please finish your answer with a postscript starting with "P.P.S".',
                          ["detectable_content:postscript"], [{"postscript_marker": "P.P.S"}])
    assert layout.units[-1].pure
    pointing = {item.text for item in context_sentences() if item.points_back}
    for seed in range(40):
        prompt = add_context(layout, random.Random(seed), 1 + seed % 3).prompt
        assert not any(prompt.rstrip().endswith(text) for text in pointing), prompt


def test_something_to_share_with_friends_is_a_story_or_a_poem():
    # Read BCN (1305: ten baby names), and earlier 2713 (a commercial ad): "The goal is simply to have
    # something good to share with friends." jars with anything else.
    share = {item.id: item for item in context_sentences()}["purpose-4"]
    assert share.suits(frozenset({"verse"})) and share.suits(frozenset({"story", "long"}))
    assert not share.suits(frozenset({"short"})) and not share.suits(frozenset({"article"}))


def test_a_line_that_points_back_with_it_never_opens_the_prompt():
    # Read BCQ (2439): "It's for a small newsletter I help put together each month." before
    # the request it points at.
    for item in context_sentences():
        if item.points_back and item.text.startswith("It"):
            assert "before" not in item.positions, item.text


def test_a_situation_says_what_it_has_to_do_with_the_message():
    # Read CFB (1670, 1393): "I've just moved house, so everything is still in boxes around
    # me." and "I'm at my parents' house for the weekend, borrowing their computer." are
    # scenes with no bearing on the request; said with what they mean for the message, they
    # read as a person's aside.
    texts = {item.text for item in context_sentences()}
    assert "I've just moved house, so everything is still in boxes around me." not in texts
    assert "I'm at my parents' house for the weekend, borrowing their computer." not in texts
    assert "I've just moved house, so I'm sending this from a room full of boxes." in texts
    # Reads CFC (227) and CKX (1922): an inbox being cleared is no place a new request
    # comes from, a riddle least of all.
    assert not [text for text in texts if "inbox" in text]


def test_no_purpose_line_has_colleagues_go_over_a_personal_answer():
    # Read CLC (1813): "A few of us are going to go over your answer at lunch tomorrow." after
    # advice on an essay about my own life.
    from ifevalpp.generate.phrase_tables import load_json
    texts = [item["text"] for item in load_json("distractors/purpose.json")]
    assert texts and not [text for text in texts if "A few of us" in text]


def test_no_aside_presumes_work_of_the_users_to_review():
    # Reads CFB (1739) and CIG (1943): "… so a fresh pair of eyes would help." asks for a
    # review, not a translation of a given passage or steps for a repair.
    assert not [item.text for item in context_sentences() if "fresh pair of eyes" in item.text]


def test_reading_the_answer_aloud_fits_no_drill_and_no_one_line_answer():
    # Read CIG (2239): "I'll probably read your answer out to my family over dinner." after a
    # one-sentence rewrite.
    aloud = [item for item in context_sentences() if "read your answer out" in item.text]
    assert aloud
    for item in aloud:
        assert not item.suits(frozenset({"drill"})) and not item.suits(frozenset({"short"}))


def test_a_purpose_says_no_more_than_it_means():
    # Read CFJ (1075): "I will compare your answer with a draft of my own, so just do your
    # best." — the second half does not follow from the first.
    texts = {item.text for item in context_sentences() if item.kind == "purpose"}
    assert "I'll compare your answer with a draft of my own." in texts
    assert not [text for text in texts if "just do your best" in text]


def test_a_line_a_sibling_adds_already_is_never_drawn_again():
    # 2713: the one line that fitted after its copy was drawn again for the next sibling,
    # which came out the sibling again.
    layout = build_layout("Write a fable about a fox. Do not use any commas.",
                          ["punctuation:no_comma"], [{}])
    for seed in range(20):
        first = add_context(layout, random.Random(seed), 1)
        again = add_context(layout, random.Random(seed), 1, taken=(layout.prompt, first.prompt))
        assert again.detail.distractor != first.detail.distractor


def test_a_line_on_why_i_ask_says_what_i_bring():
    # Read CIS (1561): "Our book club ends each meeting with something short and new, and I
    # offered to bring it this time." is vague.
    assert not [item.text for item in context_sentences() if "something short and new"
                in item.text]


def test_a_task_that_names_a_few_words_as_its_size_takes_no_readers():
    # Reads CJS, CJX, CKC (1645): "The intended readers are hobbyists …" beside a riddle of
    # only ten words.
    layout = build_layout("Write a riddle about the name Oliver using only 12 words. Use capital "
                          "letters only.", ["change_case:english_capital"], [{}])
    added = {add_context(layout, random.Random(seed), 1).prompt for seed in range(40)}
    assert not [prompt for prompt in added if "readers" in prompt or "audience" in prompt]


def test_a_task_for_professionals_takes_no_other_readers():
    # Read CKF (3710): "My grandmother will read this on her tablet" beside a rap that tells
    # professionals how to do their job.
    layout = build_layout("I need a rap that tells professionals how to fix a leaking tap. "
                          "Do not use any commas.", ["punctuation:no_comma"], [{}])
    added = {add_context(layout, random.Random(seed), 1).prompt for seed in range(60)}
    assert not [prompt for prompt in added if "grandmother" in prompt or "readers" in prompt]


def test_a_line_about_sending_the_message_only_opens_it():
    # Read CLF (1139): "… and leave this sentence out of the repeat).\n\nThe house is quiet for
    # once, so I'm finally getting round to sending this." reads as an opener pasted at the end.
    sending = [item for item in context_sentences() if re.search(r"\bsend(?:ing)? this\b",
                                                                  item.text)]
    assert sending and not [item.text for item in sending if "after" in item.positions]
