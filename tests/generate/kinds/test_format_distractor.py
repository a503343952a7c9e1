"""Format distractors (generate/kinds/format_distractor.py): the original prompt plus one
competing requirement, a different one for every sibling, placed outside a request to repeat."""

from __future__ import annotations

import random

from ifevalpp.generate.kinds.format_distractor import add_format_distractor
from ifevalpp.generate.prompt.layout import build_layout

NOTE = ("Write a long letter to a neighbour about a lost cat and the search for it. Do not put "
        "any commas in your response.")


def test_the_three_siblings_never_meet_on_one_requirement():
    layout = build_layout(NOTE, ["punctuation:no_comma"], [{}])
    named = [add_format_distractor(layout, random.Random(index), index).detail.requirement
             for index in (1, 2, 3)]
    assert len(set(named)) == 3, named


def test_a_catalogue_request_is_recorded_with_its_wording():
    layout = build_layout(NOTE, ["punctuation:no_comma"], [{}])
    candidate = add_format_distractor(layout, random.Random(1), 1)
    assert candidate.distractor == {"text": candidate.prompt[len(NOTE):].strip()}
    assert candidate.detail.position == "after" and candidate.kwargs == [{}]


def test_another_type_competes_when_the_run_has_a_setting_for_it():
    layout = build_layout(NOTE, ["punctuation:no_comma"], [{}])
    settings = {"detectable_content:postscript": ({"postscript_marker": "P.S."},)}
    candidate = add_format_distractor(layout, random.Random(1), 1, settings=settings)
    assert candidate.distractor == {"instruction_id": "detectable_content:postscript",
                                    "kwargs": {"postscript_marker": "P.S."}}
    assert candidate.detail.requirement == "detectable_content:postscript"


def test_a_request_to_repeat_at_the_end_puts_the_requirement_beside_the_copy_instruction():
    instruction = "Repeat the request below word for word first, then answer."
    request = "Write a long letter to a neighbour about a lost cat."
    layout = build_layout(f"{instruction}\n\n{request}", ["combination:repeat_prompt"],
                          [{"prompt_to_repeat": request}])
    candidate = add_format_distractor(layout, random.Random(1), 1)
    assert candidate.detail.position == "before"
    first, _, last = candidate.prompt.partition("\n\n")
    assert first.startswith(instruction + " ") and last == request


def test_only_an_answer_to_the_asker_is_asked_to_end_on_a_question_for_me():
    from ifevalpp.generate.competing.catalogue import catalogue
    from ifevalpp.wording import Sampler

    closing = next(request for request in catalogue() if request.id == "closing-question")
    for seed in range(40):
        sampler = Sampler(random.Random(seed))
        text = closing.render(sampler, {"added": True, "to_asker": None}).text
        assert "for me" not in text and "asking me" not in text, text


def test_a_text_to_rewrite_gets_no_list_table_heading_summary_or_question_for_the_reader():
    # 1739: "set out the key points in a list, with a dash before each item", "put a simple
    # table that sets out the key facts somewhere", "wrap up with one open question for the
    # reader" beside a passage to rewrite in Vietnamese: a rewrite has no key points.
    from ifevalpp.generate.competing.catalogue import catalogue

    by_id = {request.id: request for request in catalogue()}
    for shaped in ("dash-separated-list", "numbered-list", "table", "heading-per-section",
                   "summary-at-top", "closing-takeaway", "bold-lead", "closing-question"):
        assert "drill" in by_id[shaped].unfit_for, shaped


def test_a_letter_ends_on_a_question_to_its_recipient_not_the_reader():
    # Read CIP (292): "You need to finish with a question to the reader." on an email to a
    # friend.
    from ifevalpp.generate.competing.catalogue import catalogue
    from ifevalpp.wording import Sampler

    closing = next(request for request in catalogue() if request.id == "closing-question")
    said = {closing.render(Sampler(random.Random(seed)),
                           {"added": True, "to_asker": None, "to_recipient": True}).text
            for seed in range(60)}
    assert not [text for text in said if "reader" in text], said
    # Read CIU (1069): "Your answer should close by asking its recipient a question": the
    # answer's recipient is the asker.
    assert not [text for text in said if "its recipient" in text], said


def test_a_piece_of_a_few_sentences_has_no_main_points_to_number():
    # Read CIP (260): "Put the main ideas in a numbered list" on a resume under 50 words.
    from ifevalpp.generate.competing.catalogue import catalogue

    numbered = next(request for request in catalogue() if request.id == "numbered-list")
    assert "brief" in numbered.unfit_for


def test_a_line_on_a_long_held_question_never_opens_a_drill():
    # Read CIR (2482): "It's late here and I can't sleep, so I thought I'd finally ask. Could
    # you rewrite the line … so that it sounds like a weather forecast?"
    from ifevalpp.generate.kinds.context_distractor import context_sentences
    from ifevalpp.generate.piece import text_features

    drill = text_features('Could you rewrite the line "The bus is late." so it sounds grand?')
    assert "drill" in drill
    late = [item for item in context_sentences() if "finally ask" in item.text]
    assert late and not any(item.suits(drill | {"asked"}) for item in late)


def test_an_email_is_never_asked_for_paragraphs_between_markdown_dividers():
    # Read CKZ (1705): "precisely two paragraphs, separated by the markdown divider ***" in an
    # email to one's boss.
    paragraphs = "length_constraints:number_paragraphs"
    settings = {paragraphs: ({"num_paragraphs": 3},)}

    def named(task: str) -> set[str]:
        layout = build_layout(task + " Do not put any commas in your response.",
                              ["punctuation:no_comma"], [{}])
        return {add_format_distractor(layout, random.Random(seed), 1,
                                      settings=settings).detail.requirement
                for seed in range(8)}

    assert paragraphs not in named("Write a long email to your boss to ask for a raise.")
    assert paragraphs in named("Write a long essay on why cats chase lost birds.")


def test_a_conversation_is_never_asked_for_a_list():
    # Read CLC (3567): "You should put the key points in a numbered list" beside a review
    # written as a conversation between two people.
    from ifevalpp.generate.competing.catalogue import catalogue

    lists = [request for request in catalogue()
             if request.id in ("numbered-list", "dash-separated-list")]
    assert len(lists) == 2
    for request in lists:
        assert not request.suits("Write a review of a new book as a conversation between two "
                                 "people. Do not use any commas.")
        assert request.suits("Write a review of a new book. Do not use any commas.")
