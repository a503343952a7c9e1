"""The catalogue of competing format requests (generate/competing/catalogue.py): declared
effects, every frame grammatical, the witness edits."""

from __future__ import annotations

import random
import re

import pytest

from ifevalpp.generate.competing.catalogue import EFFECTS, FORBIDS, Demands, catalogue
from ifevalpp.wording import Sampler

REQUIREMENTS = catalogue()


def compatible(demands):
    return [request for request in REQUIREMENTS if demands.accepts(request)]
SUBJECT_PARAMS = [{}, {"task_noun": "essay"}, {"task_noun": "tips", "task_plural": True}]


def test_catalogue_offers_many_requirements_each_declaring_what_it_does():
    assert len(REQUIREMENTS) >= 20
    for requirement in REQUIREMENTS:
        assert requirement.effects or requirement.forbids, requirement.id
        assert requirement.effects <= set(EFFECTS) and requirement.forbids <= set(FORBIDS)


@pytest.mark.parametrize("requirement", REQUIREMENTS, ids=lambda r: r.id)
def test_every_requirement_has_hundreds_of_wordings(requirement):
    # Hundreds of wordings from the plain frames a strict read keeps (issue 29 pruned the
    # stock ones: "everything you write", "I'd like to see", stacked courtesy).
    assert requirement.grammar.count("sentence", {"task_noun": "essay"}) >= 500


def test_words_to_stress_are_put_in_italics_by_the_writer_not_had_by_the_reply():
    # "Make sure your reply has the words you want to stress in italics" (read BAY).
    italics = next(request for request in REQUIREMENTS if request.id == "italic-terms")
    sampler = Sampler(random.Random(0))
    texts = {italics.render(sampler, {"task_noun": "essay"}).text for _ in range(400)}
    assert any("want to stress" in text for text in texts)
    assert not [text for text in texts if re.search(r"\bha(?:s|ve) the words you want", text)]
    # "I'm hoping your answer will show its key terms in italics" (read BBA)
    assert not [text for text in texts if re.search(r"\b(?:answer|reply|response) will show\b",
                                                    text)]


@pytest.mark.parametrize("requirement", REQUIREMENTS, ids=lambda r: r.id)
def test_every_sampled_wording_is_a_tidy_sentence(requirement):
    sampler = Sampler(random.Random(0))
    for index in range(120):
        params = SUBJECT_PARAMS[index % len(SUBJECT_PARAMS)]
        text = requirement.render(sampler, params).text
        assert re.match(r"^[A-Z]", text) and text[-1] in ".?", text
        assert "  " not in text and not re.search(r" [,.?]|,\.|\.\.", text), text
        assert not re.search(r"\b(\w+) \1\b", text.lower()), text
        assert not re.search(r"\bthe tips (?:is|has|contains|needs)\b", text), text


@pytest.mark.parametrize("requirement", REQUIREMENTS, ids=lambda r: r.id)
def test_list_items_and_asides_read_as_fragments(requirement):
    sampler = Sampler(random.Random(1))
    for _ in range(20):
        item = requirement.render(sampler, {}, rule="list_item", sentence=False).text
        assert item[0].islower() and item[-1] not in ".?", item
        aside = requirement.render(sampler, {}, rule="aside", sentence=False).text
        assert aside.startswith("(") and aside.endswith(")"), aside


def test_demands_accept_only_requirements_whose_declarations_do_not_clash():
    ends_fixed = Demands(refuses=frozenset({"sets_end", "adds_last_line", "ends_with_question"}))
    ids = {r.id for r in compatible(ends_fixed)}
    assert "closing-question" not in ids and "sign-off" not in ids
    assert "no-emoji" in ids and "numbered-list" in ids


def test_a_needed_mark_rules_out_requirements_that_forbid_it():
    needs_question = Demands(needs=frozenset({"question_mark"}))
    assert "no-questions" not in {r.id for r in compatible(needs_question)}
    by_id = {r.id: r for r in REQUIREMENTS}
    assert needs_question.why_not(by_id["no-questions"]) == ["no-questions rules out question marks"]
    assert Demands().why_not(by_id["no-questions"]) == []


def test_demands_refuse_unknown_names():
    with pytest.raises(ValueError, match="unknown effect or need names"):
        Demands(refuses=frozenset({"adds_glitter"}))


# ---------------------------------------------------------------- joint witness edits

BY_ID = {r.id: r for r in REQUIREMENTS}
DRAFT = "The harbour was quiet. Boats rocked in the dark.\n\nMorning came slowly."


@pytest.mark.parametrize("requirement", REQUIREMENTS, ids=lambda r: r.id)
def test_every_requirement_declares_a_witness_edit(requirement):
    assert requirement.witness_mode in ("start", "end", "insert", "lines", "none")
    edited = requirement.apply(DRAFT)
    if requirement.witness_mode == "none":
        assert edited == DRAFT
    else:
        assert edited != DRAFT


def test_start_and_end_edits_add_a_paragraph_of_their_own():
    assert BY_ID["greeting-line"].apply(DRAFT).startswith("Hello there.\n\nThe harbour")
    assert BY_ID["closing-question"].apply(DRAFT).endswith("slowly.\n\nWhat do you think?")


def test_insert_goes_after_the_first_sentence():
    assert BY_ID["semicolon"].apply(DRAFT).startswith(
        "The harbour was quiet. It was late; we kept going. Boats rocked")


def test_lines_puts_each_sentence_on_its_own_line():
    assert BY_ID["one-sentence-per-line"].apply(DRAFT) == (
        "The harbour was quiet.\nBoats rocked in the dark.\n\nMorning came slowly.")


def test_added_text_follows_the_draft_letter_case():
    assert BY_ID["sign-off"].apply("all lower here.").endswith("best wishes.")
    assert BY_ID["sign-off"].apply("ALL UPPER HERE.").endswith("BEST WISHES.")


@pytest.mark.parametrize("identifier, text, found", [
    ("no-questions", "Is that so?", ["question_mark"]),
    ("no-exclamation", "Wow!", ["exclamation_mark"]),
    ("no-emoji", "Nice \U0001F600", ["emoji"]),
    ("plain-text", "A *highlighted* bit", ["asterisks", "markdown"]),
    ("plain-text", "- a bullet", ["markdown"]),
    ("plain-text", "Plain words only.", []),
])
def test_violates_names_what_the_requirement_forbids(identifier, text, found):
    assert BY_ID[identifier].violates(text) == found


@pytest.mark.parametrize("requirement", REQUIREMENTS, ids=lambda r: r.id)
def test_additions_read_as_one_more_request(requirement):
    sampler = Sampler(random.Random(4))
    for _ in range(30):
        text = requirement.render(sampler, {}, rule="addition").text
        assert re.match(r"^[A-Z]", text) and text[-1] in ".?", text
        assert "  " not in text and not re.search(r" [,.?]|,\.", text), text


def test_a_closing_question_is_no_request_beside_a_riddle():
    # A riddle ends on a question by itself: "finish with a question to the reader" competes
    # with nothing.
    from ifevalpp.generate.prompt.layout import build_layout

    layout = build_layout("Write a riddle about a teapot. Do not use any commas.",
                          ["punctuation:no_comma"], [{}])
    closing = next(item for item in catalogue() if item.id == "closing-question")
    assert not closing.suits(layout.prompt)


def test_a_closing_question_for_the_reader_is_not_asked_of_a_song():
    # Read BCH (3479): "End with one open question for the reader, please." beside a song.
    closing = next(item for item in catalogue() if item.id == "closing-question")
    assert not closing.suits("Write a song for the person named 'Guerrero'. Avoid commas.")
    assert closing.suits("Write a blog post about saving water. Avoid commas.")


def test_no_rhetorical_question_in_a_dialogue_and_no_key_terms_in_fiction():
    # Reads BCN (2943: "put a rhetorical question to the reader" in a conversation with Darth
    # Vader) and BCM (3109: "Please italicise the important terms" in a piece of fiction).
    by_id = {item.id: item for item in catalogue()}
    assert not by_id["rhetorical-question"].suits("Write the conversation you have with him.")
    assert not by_id["italic-terms"].suits("Write a short piece of fiction about adulthood.")
    assert by_id["italic-terms"].suits("Write an essay about adulthood.")


def test_no_key_terms_or_sign_off_on_a_tweet_or_a_story_to_continue():
    # Reads CHQ (1906: "put key terms in italics" after an angry tweet) and CHS (1879: key
    # terms and a sign-off on a story to continue and expand).
    by_id = {item.id: item for item in catalogue()}
    for identifier in ("italic-terms", "bold-key-phrase"):
        assert not by_id[identifier].suits("Write an angry tweet about a late bus.")
        assert not by_id[identifier].suits('Continue and expand: "A man walks on stage."')
    assert not by_id["sign-off"].suits('Please continue this: "The door creaked open."')
    # Read CHU (2471): "finish on a polite sign-off" after a college academic paper.
    assert not by_id["sign-off"].suits("Write an academic paper on tides for a college class.")
    assert by_id["italic-terms"].suits("Write an essay about adulthood.")


def test_no_summary_line_beside_a_request_for_the_list_alone():
    # Read CHT (3166): "Your answer should begin with a summary line." after "Just list the
    # steps".
    summary = next(item for item in catalogue() if item.id == "summary-at-top")
    assert not summary.suits("How do I repot a fern? Just list the steps.")
    assert summary.suits("How do I repot a fern? List the steps.")


def test_no_rhetorical_question_in_a_timetable_sign_off_on_a_dialogue_or_summary_before_first():
    # Read CIA: 2780 (a rhetorical question in a train timetable), 102 (a warm sign-off on a
    # dialogue), 1314 (a summary line to lead beside "Answer this easy question first").
    by_id = {item.id: item for item in catalogue()}
    assert not by_id["rhetorical-question"].suits("Give me the timetable for the next bus.")
    assert not by_id["sign-off"].suits("Write a dialogue between a cat and a dog.")
    assert not by_id["summary-at-top"].suits("Answer this question first, then expand on it.")


def test_no_plain_text_request_beside_a_table():
    # "Keep the formatting plain, with no markdown." beside a table of pros and cons (read ADA).
    from ifevalpp.generate.prompt.layout import build_layout

    layout = build_layout("Could you give me a table of pros and cons of juvenile detention? Add "
                          "a postscript that starts with P.S. at the end.",
                          ["detectable_content:postscript"], [{"postscript_marker": "P.S."}])
    plain = next(item for item in catalogue() if item.id == "plain-text")
    assert not plain.suits(layout.prompt)


def test_no_saying_in_quotes_beside_a_rubric():
    # "add a famous line in quotes" in a rubric (read ADA).
    saying = next(item for item in catalogue() if item.id == "quoted-saying")
    assert not saying.suits("Make a rubric for a home theater installation targeting moms.")
    assert saying.suits("Write an essay about why cities need more trees.")


def test_no_request_a_plain_answer_meets_by_itself_is_in_the_catalogue():
    # "Keep every paragraph short" is met by almost any chat answer and checked by nothing.
    assert "short-paragraphs" not in {item.id for item in catalogue()}


def test_a_dash_list_request_asks_for_a_list_not_only_for_its_markers():
    # "Use dashes for any list items" is met by an essay with no list at all.
    sampler = Sampler(random.Random(2))
    dashes = next(item for item in catalogue() if item.id == "dash-separated-list")
    for rule in ("sentence", "addition"):
        for _ in range(20):
            assert not re.search(r"\bany list", dashes.render(sampler, {}, rule=rule).text)


def test_an_example_in_brackets_is_always_in_round_brackets_and_never_optional():
    sampler = Sampler(random.Random(3))
    example = next(item for item in catalogue() if item.id == "example-in-parentheses")
    for _ in range(40):
        text = example.render(sampler, {}).text
        assert "where it helps" not in text and "illustration" not in text, text
        assert not re.search(r"in brackets|bracketed", text), text


def test_no_quotation_distractor_beside_an_exact_bullet_count():
    # '"* Oreo' — a quotation mark before the first bullet hides it from the bullet count.
    from ifevalpp.constraints import get

    quotation = get("startend:quotation")
    bullets = get("detectable_format:number_bullet_lists")
    assert quotation.distractor_effects & bullets.refuses_effects


def test_no_postscript_distractor_beside_a_count_of_words_in_capitals():
    # Read CIW (1653): "less than four" words in capitals, then "put in a postscript that
    # begins with "P.S."": the marker is one of the words the cap allows.
    from ifevalpp.constraints import get
    from ifevalpp.generate.competing.catalogue import EFFECTS

    postscript = get("detectable_content:postscript")
    capitals = get("change_case:capital_word_frequency")
    assert postscript.distractor_effects & capitals.refuses_effects
    assert postscript.distractor_effects <= set(EFFECTS)


def test_no_end_phrase_with_small_letters_beside_an_all_capitals_reply():
    # "… in all capital letters" then 'finish with "And that is the whole story."': one of
    # the two checks must fail.
    from ifevalpp.constraints import get

    ending = get("startend:end_checker")
    capitals = get("change_case:english_capital")
    effects = ending.competing_effects(ending.Params(end_phrase="And that is the whole story."))
    assert effects & capitals.refuses_effects


def test_a_section_label_beside_a_one_case_reply_is_refused_either_way():
    # "Section 1" is misspelt in an all-lowercase reply and in an all-capitals one.
    from ifevalpp.constraints import get

    sections = get("detectable_format:multiple_sections")
    effects = sections.competing_effects(sections.Params(section_spliter="Section",
                                                         num_sections=2))
    for case_type in ("change_case:english_lowercase", "change_case:english_capital"):
        assert effects & get(case_type).refuses_effects, case_type


def test_no_english_section_label_beside_a_reply_in_another_language():
    # "SECTION 1" puts English words into a reply that must be in Punjabi only.
    from ifevalpp.constraints import get

    sections = get("detectable_format:multiple_sections")
    effects = sections.competing_effects(sections.Params(section_spliter="SECTION",
                                                         num_sections=2))
    assert effects & get("language:response_language").refuses_effects


def test_no_requirement_the_prompt_itself_rules_out():
    by_id = {requirement.id: requirement for requirement in REQUIREMENTS}
    prompt = "Write a rubric for essays. Do not give me any bullet points, lists, or tables."
    assert not by_id["dash-separated-list"].suits(prompt)
    assert not by_id["table"].suits(prompt)
    assert by_id["dash-separated-list"].suits("Write a rubric for essays. Be brief.")


def test_no_ban_on_a_mark_the_prompt_itself_shows():
    by_id = {requirement.id: requirement for requirement in REQUIREMENTS}
    shown = "Write a slogan with two bullets, like:\n* Colorful!\n* Bright!"
    assert not by_id["no-exclamation"].suits(shown)
    assert by_id["no-exclamation"].suits("Write a slogan for a paint shop.")


def test_no_requirement_on_a_line_the_prompt_fixes_already():
    by_id = {requirement.id: requirement for requirement in REQUIREMENTS}
    assert not by_id["summary-at-top"].suits("Write an essay. Start with a funny greeting.")
    assert by_id["summary-at-top"].suits("Write an essay about a fox.")


def test_no_markdown_is_never_asked_beside_a_code_block_the_prompt_wants():
    from ifevalpp.generate.competing.catalogue import catalogue

    plain = next(item for item in catalogue() if item.id == "plain-text")
    assert not plain.suits("Create an itinerary for Moscow. Your entire output should just "
                           "contain a JSON code block.")
    assert plain.suits("Create an itinerary for Moscow. Keep it short.")


def test_key_terms_are_not_marked_in_a_letter_to_a_friend_or_a_story():
    # Reads AJA: "Mark the important terms in italics." in a letter to a friend, "use bold for
    # the key terms" in a story about the writer.
    italic = next(item for item in catalogue() if item.id == "italic-terms")
    bold = next(item for item in catalogue() if item.id == "bold-key-phrase")
    assert not italic.suits("Write a letter to a friend about your summer.")
    assert not bold.suits("Write a story about the day you moved house.")
    assert italic.suits("Write an essay about the history of tea.")


def test_a_rewrite_opens_with_no_summary():
    # Read AJA: "start with a summary in bold type" before a five-sentence statement rewritten.
    summary = next(item for item in catalogue() if item.id == "summary-at-top")
    assert not summary.suits('Rewrite the following statement to sound formal: "Hi guys."')


def test_a_rewrite_takes_no_example_in_brackets():
    # Read ANB: "give a concrete example in round brackets" beside a one-line rewrite.
    example = next(item for item in catalogue() if item.id == "example-in-parentheses")
    assert not example.suits('Rewrite this sentence to sound passive-aggressive: "Sorry."')


def test_a_story_is_not_closed_with_a_takeaway():
    # Read CFA (16, 1580): "a closing line that leaves the reader with the key point" on a
    # story for kids; a story ends on its own terms, not on a key point.
    takeaway = next(item for item in catalogue() if item.id == "closing-takeaway")
    assert not takeaway.suits("Write a story for kids about how a person learns to ride a bike.")
    assert not takeaway.suits("Write a fable about a fox and a crow.")
    assert takeaway.suits("Write an essay about the history of tea.")


def _said(identifier, context, rule="sentence", times=400):
    """The wordings of requirement `identifier` drawn `times` times in `context`."""
    requirement = next(item for item in catalogue() if item.id == identifier)
    sampler = Sampler(random.Random(0))
    return {requirement.render(sampler, context, rule=rule).text for _ in range(times)}


def test_a_rhetorical_question_is_never_put_to_a_reader_a_lecture_does_not_have():
    # Read CGT (2785): "put a rhetorical question to the reader" beside a lecture to students.
    assert not [text for text in _said("rhetorical-question", {"task_noun": "lecture"})
                if "reader" in text]


def test_leaving_out_emoji_is_asked_plainly():
    # Read CGR (3351): "would you stick to words, leaving out emoji?" is stiff.
    assert not [text for text in _said("no-emoji", {}, rule="addition")
                if "stick to words" in text]


def test_a_summary_line_sums_up_an_answer_only_where_the_piece_is_one():
    # Read CGV (3203): "Begin with a single line that sums up your answer" beside a blog post.
    summed = re.compile(r"(?:sums up|of) (?:your answer|the whole reply)")
    assert not [text for text in _said("summary-at-top", {}) if summed.search(text)]
    assert [text for text in _said("summary-at-top", {"to_asker": True}) if summed.search(text)]


def test_an_answer_to_me_ends_on_a_question_for_me_never_for_a_reader():
    # Read CGW (202): "Please wrap up with a question to the reader." after a synonym asked.
    texts = _said("closing-question", {"to_asker": True})
    assert not [text for text in texts if "reader" in text]
    assert [text for text in texts if "for me" in text]


def test_no_summary_line_tops_a_text_that_continues_the_prompt_s_own():
    # Read CHE (3629): "Please continue writing this text … a single-line summary of your
    # answer at the top".
    summary = next(item for item in catalogue() if item.id == "summary-at-top")
    assert not summary.suits("Today the academy honours its artists. Please continue writing "
                             "this text in a formal tone.")
    assert summary.suits("Write an essay about the history of trams.")


def test_by_the_way_leads_a_question_never_an_order():
    # Read CHJ (2207): "By the way, put any words you want to stress in italics."
    sampler = Sampler(random.Random(0))
    texts = {item.render(sampler, {}, rule="addition").text
             for item in REQUIREMENTS for _ in range(60)}
    asides = [text for text in texts if text.startswith("By the way,")]
    assert asides and all(re.match(r"By the way, (?:could|can|would) you\b", text)
                          for text in asides), asides


def test_no_bold_terms_in_a_dialogue_and_no_main_parts_to_head():
    # Reads CIX, CIZ (102): "would you use bold type for the key terms?" beside a dialogue;
    # read CIY (2683): "break the reply into main parts, each under a heading".
    from ifevalpp.generate.competing.catalogue import catalogue
    from ifevalpp.wording import Sampler

    by_id = {request.id: request for request in catalogue()}
    assert not by_id["bold-key-phrase"].suits("Write a dialogue between two friends.")
    said = {by_id["heading-per-section"].render(Sampler(random.Random(seed)), {"added": True}).text
            for seed in range(80)}
    assert not [text for text in said if "main part" in text], said
