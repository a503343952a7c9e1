"""The wording grammar of every instruction type: hundreds of tidy forms, values kept exact."""

from __future__ import annotations

import random
import re

import pytest

from ifevalpp.constraints import get, instruction_ids, parse_params
from ifevalpp.wording import Sampler, load

# Wording parameters per type, as the type passes them (several settings each).
SETTINGS: dict[str, list[dict]] = {
    "punctuation:no_comma": [{}],
    "change_case:english_lowercase": [{}],
    "change_case:english_capital": [{}],
    "change_case:capital_word_frequency": [{"n": 3, "relation": "at least"},
                                           {"n": 1, "relation": "less than", "ban": True},
                                           {"n": 1, "relation": "at most"}],
    "combination:repeat_prompt": [{"where": "above"}, {"where": "below"}],
    "combination:two_responses": [{}],
    "detectable_content:number_placeholders": [{"n": 1}, {"n": 4}],
    "detectable_content:postscript": [{"postscript_marker": "P.S."}, {"postscript_marker": "P.P.S"}],
    "detectable_format:constrained_response": [{}],
    "detectable_format:json_format": [{}, {"show_form": True}],
    "detectable_format:multiple_sections": [{"n": 4, "section_spliter": "Section"},
                                            {"n": 2, "section_spliter": "PART"}],
    "detectable_format:number_bullet_lists": [{"n": 1}, {"n": 5}, {"n": 3, "show_form": True}],
    "detectable_format:number_highlighted_sections": [{"n": 1}, {"n": 3}],
    "detectable_format:title": [{}, {"show_form": True}],
    "keywords:existence": [{"keywords": ["river"], "n": 1},
                           {"keywords": ["river", "lantern", "salt"], "n": 3}],
    "keywords:forbidden_words": [{"forbidden_words": ["good"], "n": 1},
                                 {"forbidden_words": ["good", "bad"], "n": 2}],
    "keywords:frequency": [{"keyword": "harbour", "n": 2, "relation": "at least"},
                           {"keyword": "harbour", "n": 3, "relation": "less than"},
                           {"keyword": "harbour", "n": 1, "relation": "less than", "ban": True},
                           {"keyword": "harbour", "n": 1, "relation": "at most"},
                           {"keyword": "harbour", "n": 7, "lo": 6, "relation": "range"}],
    "keywords:letter_frequency": [{"letter": "q", "n": 5, "relation": "less than"},
                                  {"letter": "e", "n": 40, "relation": "at least"},
                                  {"letter": "q", "n": 1, "relation": "less than", "ban": True}],
    "language:response_language": [{"language": "Swahili"}],
    "length_constraints:nth_paragraph_first_word": [{"n": 4, "nth_paragraph": 2, "first_word": "however"}],
    "length_constraints:number_paragraphs": [{"n": 3}],
    "length_constraints:number_sentences": [{"n": 5, "relation": "less than"},
                                            {"n": 12, "relation": "at least"},
                                            {"n": 25, "lo": 20, "relation": "range"},
                                            {"n": 1, "lo": 1, "relation": "range", "single": True}],
    "length_constraints:number_words": [{"n": 300, "relation": "at least"},
                                        {"n": 151, "relation": "less than"},
                                        {"n": 150, "relation": "less than"},
                                        {"n": 200, "relation": "at most"},
                                        {"n": 250, "relation": "around"},
                                        {"n": 700, "lo": 600, "relation": "range"},
                                        {"n": 119, "lo": 100, "top": 120, "relation": "range"}],
    "startend:end_checker": [{"end_phrase": "Shall I help you with something more?"},
                             {"end_phrase": "Peace out"}],
    "startend:quotation": [{}],
}
SUBJECTS = [{}, {"task_noun": "essay"}, {"task_noun": "tips", "task_plural": True}]
# A verb that did not agree (compound predicates agree only in their first verb).
DISAGREEMENT = re.compile(r"\b(?:is|has|\w+[^s]s) and (?:be|have|end|close|finish|start|begin|"
                          r"contain|use|open)\b|\bthe tips (?:is|has|\w+s)\b")


def grammar_of(instruction_id):
    return load("constraints/" + instruction_id.replace(":", "__"))


def cases():
    for instruction_id, settings in SETTINGS.items():
        for index, params in enumerate(settings):
            yield pytest.param(instruction_id, params, id=f"{instruction_id}-{index}")


def test_every_registered_type_has_a_wording_grammar_and_settings_here():
    assert set(SETTINGS) == set(instruction_ids())
    for instruction_id in SETTINGS:
        grammar = grammar_of(instruction_id)
        assert {"ask", "be", "item", "sentence"} <= set(grammar.rules)


@pytest.mark.parametrize("instruction_id, params", list(cases()))
def test_hundreds_of_surface_forms(instruction_id, params):
    # Hundreds, from the plain frames a strict read keeps (issue 29 pruned the stock ones, and
    # read CKX "Note that your answer must …": 408 forms are left for a cap on words in capitals).
    assert grammar_of(instruction_id).count("sentence", dict(params, task_noun="essay")) >= 400


@pytest.mark.parametrize("instruction_id, params", list(cases()))
def test_grammar_uses_only_its_parameters(instruction_id, params):
    # `lo`: the lower bound of a count said as a range (Constraint.range_with), which
    # wording/counts.grammar reads for every counted type; `own_example`: the example the
    # original's statement gives, `pair`: the two pieces a task names ("jokes")
    # (generate/prompt/render.py: wording_context).
    used = grammar_of(instruction_id).parameters() - {"task_noun", "task_plural", "lo", "top",
                                                      "own_example", "own_line", "two_questions",
                                                      "in_parts", "beside_versions", "pair"}
    assert used <= set(params), used


@pytest.mark.parametrize("instruction_id, params", list(cases()))
def test_sampled_sentences_are_tidy_and_agree(instruction_id, params):
    grammar = grammar_of(instruction_id)
    sampler = Sampler(random.Random(0))
    for index in range(150):
        full = dict(params, **SUBJECTS[index % len(SUBJECTS)])
        text = sampler.render(grammar, "sentence", full).text
        assert text[0].isupper() and text[-1] in '.?"', text
        assert "  " not in text and not re.search(r" [,.?;]|,\.|[^.]\.\.(?!\.)|\?\.", text), text
        assert not re.search(r"\b(\w+) \1\b", text.lower()), text
        assert not DISAGREEMENT.search(text), text
        mind = re.search(r"mind (\w+)", text)
        assert not mind or mind.group(1).endswith("ing"), text
        assert not re.search(r"mind \w+ing\b[^;?]*\b(?:and|then) (?:put|give|answer|mark|open|"
                             r"start|begin|label|respond)\b", text), text


@pytest.mark.parametrize("instruction_id, params", list(cases()))
def test_values_appear_exactly_where_the_spans_say(instruction_id, params):
    grammar = grammar_of(instruction_id)
    sampler = Sampler(random.Random(1))
    for _ in range(60):
        rendered = sampler.render(grammar, "sentence", params)
        for name, spans in rendered.spans.items():
            value = params[name]
            for start, end in spans:
                shown = rendered.text[start:end]
                if isinstance(value, list):
                    assert shown in value
                elif isinstance(value, int):
                    # "less than 151" is said "at most 150" (see wording/counts.grammar)
                    assert shown in (str(value), str(value - 1)) or not shown[0].isdigit(), shown
                else:
                    assert shown == value


def fragments(instruction_id, params, rule, seed, count=20):
    """`count` sampled wordings of a rule used inside other text (no sentence capitals)."""
    grammar = grammar_of(instruction_id)
    sampler = Sampler(random.Random(seed))
    return [sampler.render(grammar, rule, params, sentence=False).text for _ in range(count)]


@pytest.mark.parametrize("instruction_id, params", list(cases()))
def test_list_items_and_asides(instruction_id, params):
    for item in fragments(instruction_id, params, "list_item", 2):
        assert item[-1] not in ".?" or item.endswith('."') or item.endswith('?"'), item
    for aside in fragments(instruction_id, params, "aside", 2):
        assert aside.startswith("(") and aside.endswith(")"), aside


def test_less_than_is_never_said_as_at_most():
    grammar = grammar_of("length_constraints:number_words")
    for rendered in grammar.expansions("count", {"n": 150, "relation": "less than"}, sentence=False):
        assert not re.search(r"at most|no more than|up to|or fewer|maximum", rendered.text)
        assert re.search(r"less than|fewer than|under", rendered.text), rendered.text


def test_at_least_forms_all_mean_at_least():
    grammar = grammar_of("length_constraints:number_words")
    forms = {r.text for r in grammar.expansions("count", {"n": 300, "relation": "at least"},
                                                sentence=False)}
    assert {"at least 300 words", "no fewer than 300 words", "300 or more words",
            "a minimum of 300 words", "300 words or more"} <= forms
    assert "300+ words" not in forms  # a strict read: "Use 18+ words in upper case" is shorthand
    # Number words up to one hundred only: the validator reads "three hundred" as "hundred".
    assert not [form for form in forms if "hundred" in form]


@pytest.mark.parametrize("instruction_id, params", list(cases()))
def test_attached_forms_continue_a_task_sentence(instruction_id, params):
    for tail in fragments(instruction_id, params, "attached", 3):
        sentence = "Write a haiku about rain" + ("" if tail[0] in ",;" else " ") + tail + "."
        assert re.match(r"^(?:, |; |and )", tail), tail
        assert "  " not in sentence and not re.search(r" [,.;]", sentence), sentence
        mind = re.search(r", (\w+)", tail)
        assert not tail.startswith(", ") or tail.startswith((", and ", ", with ")) \
            or mind.group(1).endswith("ing"), tail


@pytest.mark.parametrize("only_paragraphs", [False, True])
def test_a_paragraph_to_begin_with_a_word_says_paragraph_twice_at_most(only_paragraphs):
    # Read BBR (3073): "four paragraphs in all, with a blank line between paragraphs, the first
    # paragraph starting with …" says "paragraph" three times in one sentence.
    grammar = grammar_of("length_constraints:nth_paragraph_first_word")
    params = {"n": 4, "nth_paragraph": 1, "first_word": "firms", "only_paragraphs": only_paragraphs}
    for rule in ("ask", "be", "item"):
        for rendered in grammar.expansions(rule, params, sentence=False):
            assert len(re.findall(r"\bparagraphs?\b", rendered.text)) <= 2, rendered.text


def test_two_answers_to_a_question_are_never_the_two_responses():
    # Read BBY (1793): "come to under 220 words across the two responses".
    grammar = grammar_of("length_constraints:number_words")
    params = {"n": 220, "relation": "less than", "together": True, "asked": True,
              "two_things": False, "ahead": False}
    for rule in ("ask", "be", "item"):
        for rendered in grammar.expansions(rule, params, sentence=False):
            assert "response" not in rendered.text, rendered.text


def test_a_postscript_closing_the_answer_is_never_said_to_open_it():
    # Read CHS (1927): "Close with a postscript opening with "P.S."" says close and open at once.
    grammar = grammar_of("detectable_content:postscript")
    for rule in ("ask", "be"):
        for rendered in grammar.expansions(rule, {"postscript_marker": "P.S."}, sentence=False):
            assert not re.search(r"\b(?:close|finish|end|wrap up|sign off|round things off) "
                                 r"with a postscript (?:opening|that opens)", rendered.text), \
                rendered.text


def test_an_answer_is_broken_into_so_many_paragraphs_never_so_many_in_all():
    # Read CHU (143): "break your answer into two paragraphs in all".
    for type_id in ("length_constraints:number_paragraphs",
                    "length_constraints:nth_paragraph_first_word"):
        grammar = grammar_of(type_id)
        params = {"n": 2, "nth_paragraph": 1, "first_word": "tides"}
        for rendered in grammar.expansions("ask", params, sentence=False):
            assert not re.search(r"\binto .* in all\b", rendered.text), rendered.text


def test_no_light_wish_is_put_on_the_reply():
    # Read CHX: "I would love your reply to contain a short quotation.", "I'm hoping your reply
    # will contain no markdown formatting." (a distractor's added statement).
    for instruction_id in ("punctuation:no_comma", "detectable_format:title"):
        texts = [rendered.text for rendered in
                 grammar_of(instruction_id).expansions("need_light", {}, sentence=True)]
        assert texts
        assert not [text for text in texts
                    if re.search(r"\bI would love your\b|\bI'm hoping your\b", text)]


def test_a_postscript_marker_beside_a_rule_of_small_letters_is_shown_in_small_letters():
    # Read CHY (2216): "introduced by "P.P.S"" beside "no capital letters at all".
    grammar = grammar_of("detectable_content:postscript")
    lower = {rendered.text for rendered in grammar.expansions(
        "ask", {"postscript_marker": "P.P.S", "letter_case": "lower"}, sentence=False)}
    plain = {rendered.text for rendered in grammar.expansions(
        "ask", {"postscript_marker": "P.P.S"}, sentence=False)}
    assert lower and all('"p.p.s"' in text for text in lower)
    assert plain and all('"P.P.S"' in text for text in plain)


def test_a_new_task_keeps_a_postscript_marker_the_original_shows_in_capitals():
    # Read CJR (2216): "p.p.s" beside a new task gave away the original's own trap, "P.P.S"
    # under "no capital letters are allowed"; a rewording of the original's task still says
    # it in small letters (read CHY).
    grammar = grammar_of("detectable_content:postscript")
    shown = {"postscript_marker": "P.P.S", "letter_case": "lower", "shown_as_written": ("P.P.S",)}
    new_task = {rendered.text for rendered in grammar.expansions(
        "ask", {**shown, "new_task": True}, sentence=False)}
    own_task = {rendered.text for rendered in grammar.expansions("ask", shown, sentence=False)}
    assert new_task and all('"P.P.S"' in text for text in new_task)
    assert own_task and all('"p.p.s"' in text for text in own_task)


def test_a_postscript_at_the_end_takes_no_second_participle():
    # Reads CHY, CHZ (2622): "…, including a postscript at the end, starting with "P.S."".
    grammar = grammar_of("detectable_content:postscript")
    for rendered in grammar.expansions("ask", {"postscript_marker": "P.S."}, sentence=False):
        assert "at the end," not in rendered.text, rendered.text


def test_blanks_to_fill_in_are_left_or_had_never_used():
    # Read CHT (2142): "You should use at least one blank to fill in".
    grammar = grammar_of("detectable_content:number_placeholders")
    for n in (1, 4):
        for rule in ("ask", "be"):
            for rendered in grammar.expansions(rule, {"n": n}, sentence=False):
                if "blank" in rendered.text:
                    assert re.match(r"(?:leave|have) ", rendered.text), rendered.text


def test_a_reply_is_written_in_parts_never_as_write_two_parts():
    # Read BBZ (2887): "Write two parts, labelling each of them Section X".
    grammar = grammar_of("detectable_format:multiple_sections")
    for rendered in grammar.expansions("ask", {"n": 2, "section_spliter": "Section"},
                                       sentence=False):
        assert not re.match(r"write (?:2|two) (?:parts|sections)\b", rendered.text), rendered.text


@pytest.mark.parametrize("only_paragraphs", [False, True])
def test_a_paragraph_to_begin_with_a_word_takes_two_commas_at_most(only_paragraphs):
    # Read BCB (3624): "5 paragraphs exactly, separated by blank lines, with no blank line
    # anywhere else, the second paragraph starting with the word "it"" runs on.
    grammar = grammar_of("length_constraints:nth_paragraph_first_word")
    params = {"n": 5, "nth_paragraph": 2, "first_word": "it", "only_paragraphs": only_paragraphs}
    for rendered in grammar.expansions("item", params, sentence=False):
        assert rendered.text.count(",") <= 2, rendered.text


def test_the_last_paragraph_to_begin_with_a_word_is_called_the_last():
    # Read CEH (1954): "exactly 7 paragraphs … the seventh paragraph starting with the word
    # "Summary"", where the original says "the last paragraph".
    from ifevalpp.constraints import get, parse_params

    kind = "length_constraints:nth_paragraph_first_word"
    grammar = grammar_of(kind)
    for nth, said in ((7, "the last paragraph"), (2, "the second paragraph")):
        params = get(kind).wording_params(parse_params(kind, {
            "num_paragraphs": 7, "nth_paragraph": nth, "first_word": "summary"}))
        for rendered in grammar.expansions("item", params, sentence=False):
            assert said in rendered.text, rendered.text


@pytest.mark.parametrize("instruction_id, params", [
    ("length_constraints:number_paragraphs", {"n": 3}),
    ("length_constraints:nth_paragraph_first_word",
     {"n": 3, "nth_paragraph": 2, "first_word": "then", "only_paragraphs": False})])
def test_write_puts_the_count_before_the_paragraphs(instruction_id, params):
    # 1187: "Write 3 paragraphs exactly, with the markdown divider *** marking each break."
    for rendered in grammar_of(instruction_id).expansions("ask", params, sentence=False):
        assert not re.match(r"write \w+ paragraphs (?:exactly|in all)\b", rendered.text), \
            rendered.text


def test_the_whole_reply_in_quotes_is_never_from_the_first_word_to_the_last():
    # Read BCP: "Keep your entire response, from the first word to the last, inside double
    # quotes." says "entire" twice.
    for rule in ("ask", "be", "item"):
        for rendered in grammar_of("startend:quotation").expansions(rule, {}, sentence=False):
            assert "first word to the last" not in rendered.text, rendered.text


def test_one_word_to_include_is_a_word_never_a_keyword():
    # Read CFE (142): "Use the keyword "cat"." reads as a checklist's.
    grammar = grammar_of("keywords:existence")
    params = {"keywords": ["cat"], "n": 1}
    for rule in ("ask", "be"):
        for rendered in grammar.expansions(rule, params, sentence=False):
            assert "keyword" not in rendered.text, rendered.text


def test_a_cap_of_one_use_is_no_more_than_once():
    # Read CFE (2275): "Your answer must have "batted" at most once" pairs a demand with a limit.
    grammar = grammar_of("keywords:frequency")
    params = {"keyword": "batted", "n": 2, "relation": "less than"}
    said = [rendered.text for rendered in grammar.expansions("be", params, sentence=False)]
    assert said and not [text for text in said if "at most once" in text]


def test_no_requirement_is_said_as_important_vital_or_crucial():
    # Read CFE (3079): "something important to you. It is important that your answer …"; read
    # BBQ: "It is vital that your response contains none of the words …" overstates a rule.
    grammar = grammar_of("punctuation:no_comma")  # (wording/common, included)
    said = [rendered.text.lower() for rule in ("need", "need_light", "request")
            for rendered in grammar.expansions(rule, {}, sentence=False)]
    assert said and not [text for text in said
                         if re.search(r"\b(?:important|essential|vital|crucial)\b", text)]


def test_a_task_that_names_the_answer_is_not_followed_by_a_second_naming_of_it():
    # Read CFY (2100): "Make your answer weird or interesting, and make sure your answer is
    # written in English".
    grammar = grammar_of("change_case:english_lowercase")
    named = re.compile(r"make sure (?:that )?(?:your|the) ")
    forms = [rendered.text for rendered in grammar.expansions("attached", {}, sentence=False)]
    assert any(named.search(text) for text in forms)
    for rendered in grammar.expansions("attached", {"answer_named": True}, sentence=False):
        assert not named.search(rendered.text), rendered.text


def test_parts_are_split_out_never_written():
    # Read CGI (1342): "Write precisely seven parts, with the markdown divider *** at each break".
    grammar = grammar_of("length_constraints:number_paragraphs")
    forms = [rendered.text for rendered in grammar.expansions("ask", {"n": 7, "parts": True},
                                                               sentence=False)]
    assert forms and not [text for text in forms if text.startswith("write ")]
    assert any(text.startswith("write ") for text in (
        rendered.text for rendered in grammar.expansions("ask", {"n": 7}, sentence=False)))


def test_nothing_after_agrees_with_the_words_of_the_end():
    # Read CGK (1348): 'the exact words "Stay curious.", with nothing after it'.
    grammar = grammar_of("startend:end_checker")
    for rendered in grammar.expansions("ask", {"end_phrase": "Stay curious.", "whole": True},
                                       sentence=False):
        assert not re.search(r"\bwords\b.*nothing after it", rendered.text), rendered.text


def test_no_comma_follows_an_end_phrase_that_has_its_own_stop():
    # Read CJY (1893, 3001, 3203, 286): '"Peace!", with nothing after that' stacks the comma on
    # the phrase's own mark.
    from ifevalpp.constraints import get, parse_params
    constraint = get("startend:end_checker")
    grammar = grammar_of("startend:end_checker")
    for phrase in ("Peace!", "Is that all?", "See you soon."):
        values = constraint.wording_params(parse_params(constraint.id, {"end_phrase": phrase}),
                                           whole=True)
        forms = [rendered.text for rendered in grammar.expansions("ask", values, sentence=False)]
        assert forms and not [text for text in forms if '", ' in text]
    values = constraint.wording_params(parse_params(constraint.id, {"end_phrase": "See you"}),
                                       whole=True)
    assert any('", with nothing after that' in rendered.text
               for rendered in grammar.expansions("ask", values, sentence=False))


def test_no_requirement_is_said_as_a_notice():
    # Read CJY (1129): "Note that your response must begin with the whole request below …"
    # opening the prompt qualifies nothing; read CKX (2118, 2266, 1739, 219): after a request,
    # "Note that your answer needs to contain fewer than seven sentences" reads as terms.
    for instruction_id, values in (("combination:repeat_prompt", {"where": "above"}),
                                   ("combination:repeat_prompt", {"opens": True, "where": "below"}),
                                   ("punctuation:no_comma", {})):
        grammar = grammar_of(instruction_id)
        said = [rendered.text for rendered in grammar.expansions("sentence", values)]
        assert said and not [text for text in said
                             if text.lower().startswith(("note", "please note"))]


def test_a_ban_on_the_whole_answer_never_avoids_words_anywhere():
    # Read CKF (2957, 3709): 'Avoid "nursery" and "storytelling" anywhere in your answer.'
    grammar = grammar_of("keywords:forbidden_words")
    values = {"forbidden_words": ["nursery", "storytelling"], "n": 2, "whole": True}
    forms = [rendered.text for rendered in grammar.expansions("ask", values, sentence=False)]
    assert forms and not [text for text in forms if re.match(r'avoid (?:the words )?"', text)
                          and "anywhere" in text]


def test_a_count_is_never_featured():
    # Read CKX (3243, 2164, 1075): "Your reply will need to feature at least three
    # placeholders" is request-speak; an editor writes "include" or "use".
    for instruction_id, values in (
            ("detectable_content:number_placeholders", {"num_placeholders": 3}),
            ("detectable_format:number_highlighted_sections", {"num_highlights": 3}),
            ("change_case:capital_word_frequency",
             {"capital_frequency": 12, "capital_relation": "at least"})):
        constraint = get(instruction_id)
        grammar = grammar_of(instruction_id)
        params = constraint.wording_params(parse_params(instruction_id, values), whole=True)
        said = [rendered.text for rendered in grammar.expansions("be", params, sentence=False)]
        assert said and not [text for text in said if "feature" in text]


def test_a_title_shown_by_example_is_not_shown_empty_first():
    # Read CKW (3690): "a title in << >>, as in <<title>>" shows the brackets twice.
    grammar = grammar_of("detectable_format:title")
    said = [rendered.text for rendered in grammar.expansions("ask", {}, sentence=False)]
    assert said and not [text for text in said if "<< >>" in text]


def test_words_in_capitals_are_never_put_in_your_answer():
    # Read CLA (2034): "put a minimum of ten words in all capital letters in your answer".
    instruction_id = "change_case:capital_word_frequency"
    params = get(instruction_id).wording_params(
        parse_params(instruction_id, {"capital_frequency": 10, "capital_relation": "at least"}),
        whole=True)
    said = [rendered.text for rendered in grammar_of(instruction_id).expansions(
        "ask", params, sentence=False)]
    assert said and not [text for text in said if re.search(r"\bin (?:all )?cap\w* (?:letters )?"
                                                            r"in your answer", text)]


def test_a_request_named_before_it_is_said_is_never_led_in_as_a_complaint():
    # Read CLH (1939): "And another thing: would you pose a rhetorical question at some point?"
    grammar = grammar_of("punctuation:no_comma")  # (wording/common, included)
    leads = [rendered.text.lower() for rendered in grammar.expansions("noun_lead", {},
                                                                      sentence=False)]
    assert leads and not [text for text in leads if "another thing" in text]
