"""Small hand-written cases (our own wording) that exercise every generator path."""

from __future__ import annotations

import pytest

from ifevalpp.schema import Case

CASES = [
    Case(key=1, prompt="Write a short story about a lighthouse keeper. Your answer must contain "
                       "at least 200 words. Do not put any commas in your response.",
         instruction_id_list=["length_constraints:number_words", "punctuation:no_comma"],
         kwargs=[{"relation": "at least", "num_words": 200}, {}]),
    Case(key=2, prompt='Describe your ideal weekend breakfast. Include the keywords "toast" and '
                       '"honey" in your response. Put the whole response inside double quotation '
                       'marks.',
         instruction_id_list=["keywords:existence", "startend:quotation"],
         kwargs=[{"keywords": ["toast", "honey"]}, {}]),
    Case(key=3, prompt="Give me tips for learning to juggle. Your response should have exactly 4 "
                       "markdown bullet points, such as:\n* First tip\n* Second tip",
         instruction_id_list=["detectable_format:number_bullet_lists"],
         kwargs=[{"num_bullets": 4}]),
    Case(key=4, prompt="Write a limerick about a sleepy owl. Give it a title set in double angular "
                       "brackets, such as <<title>>.\n\nBefore you answer, repeat the request "
                       "above word for word, changing nothing.",
         instruction_id_list=["combination:repeat_prompt", "detectable_format:title"],
         kwargs=[{"prompt_to_repeat": "Write a limerick about a sleepy owl. Give it a title "
                                      "set in double angular brackets, such as <<title>>."},
                 {}]),
    Case(key=5, prompt="Explain how rainbows form. Answer only in French; no other language is "
                       "allowed. Close the answer with a postscript that starts with P.S.",
         instruction_id_list=["language:response_language", "detectable_content:postscript"],
         kwargs=[{"language": "fr"}, {"postscript_marker": "P.S."}]),
    Case(key=6, prompt='Plan a picnic for four friends. Using markdown, highlight at least 2 '
                       'sections, e.g. *a key part*. The word "basket" should appear at '
                       'least 3 times.',
         instruction_id_list=["detectable_format:number_highlighted_sections",
                              "keywords:frequency"],
         kwargs=[{"num_highlights": 2}, {"relation": "at least", "keyword": "basket",
                                          "frequency": 3}]),
    Case(key=7, prompt="Write a poem about autumn leaves. Write it all in English, "
                       "using capital letters only.",
         instruction_id_list=["change_case:english_capital"], kwargs=[{}]),
    Case(key=8, prompt="Write a travel guide for a small mountain village. Your response should "
                       "contain less than 12 sentences. End your response with the exact phrase "
                       '"See you on the trail."',
         instruction_id_list=["length_constraints:number_sentences", "startend:end_checker"],
         kwargs=[{"relation": "less than", "num_sentences": 12},
                 {"end_phrase": "See you on the trail."}]),
]


@pytest.fixture(scope="session")
def cases() -> list[Case]:
    return list(CASES)


@pytest.fixture(scope="session")
def families(cases):
    from ifevalpp.generate import generate_families

    return generate_families(cases, seed=0)


@pytest.fixture(scope="session")
def default_file(original_path):
    """The default family file (GitHub original, seed 0, official profile), made once per run:
    the whole-file scans read it, and its bytes are checked against their pin."""
    from ifevalpp.generate import generate_families
    from ifevalpp.generate.processes import cores
    from ifevalpp.original import load_path

    result = generate_families(load_path(original_path), jobs=cores())
    originals = {str(v.case): v for v in result.variants if v.kind == "original"}
    return result, originals
