"""The default family file, made once from the GitHub original: constructs, proofs, scans.

These tests read the whole file `generate-families` makes with default options (seed 0),
so they skip without the IFEval original (IFEVALPP_ORIGINAL).
"""

from __future__ import annotations

import collections
import re

import pytest

from ifevalpp.constraints import check, parse_params
from ifevalpp.constraints.support.case import CaseContext, Item
from ifevalpp.generate.difficulty import judge_variant, out_of_order, tally
from ifevalpp.generate.prompt.slips import mended_request
from ifevalpp.generate.satisfiable import trivialised
from ifevalpp.generate.diversity import family_diversity
from ifevalpp.generate.competing.catalogue import catalogue
from ifevalpp.validate.witness import build_witness




def cousins(result, kind=None):
    return [v for v in result.variants if v.kind != "original" and (kind is None or v.kind == kind)]


def _items(ids, kwargs):
    return [Item(position, instruction_id, parse_params(instruction_id, given))
            for position, (instruction_id, given) in enumerate(zip(ids, kwargs))]


def test_at_least_90_percent_of_the_cases_get_all_nine_cousins(default_file):
    # Issue 10's floor was 98 %. Issue 29 refuses a rephrasing within 30 characters of its
    # original or a sibling (rule N119): about twenty cases whose statements must stay word
    # for word can only reword the first words of their task, so they get fewer than three
    # rephrasings, and the scorer leaves such a family out of every k and says so. A strict
    # read then ruled out the stock lead-in stacked on a question ("Quick question: …") and
    # a request frame said ahead of a task with its own, which six more such cases relied
    # on, and a later reconfiguration may no longer ask less than an earlier one. Their
    # reasons are in the manifest (`incomplete`).
    result, _ = default_file
    assert result.coverage() >= 0.90, result.failures_by_case()


# ---------------------------------------------------------------- the constructs


def test_every_cousin_was_validated_without_error(default_file):
    result, _ = default_file
    assert all(v.validation.ok for v in cousins(result))


def test_distractors_keep_the_original_constraints_and_name_their_requirement(default_file):
    result, originals = default_file
    distractors = cousins(result, "distractor")
    named = [v for v in distractors if v.distractor]
    # Nearly every distractor names the requirement it adds; the rest are context sentences
    # where every fitting requirement is a sibling's. Refusing markup beside a checked first
    # word (read AXB) left 1,431 of 1,591 (89.9 %), one below nine in ten; refusing key terms
    # in italics on a drill, a bold summary line on a resume and quotation marks around "the
    # poem only" (reads CGM, CGN) left 1,418 of 1,595 (88.9 %). A word to the asker closing
    # only an answer to a question, and the short answers of riddles, names and synonyms
    # taking no sections or numbered points (reads CGZ, CGY, CHH), left 1,407 of 1,596 (88.2 %):
    # context lines stand where no requirement fits. An end phrase added beside an exact count
    # of paragraphs (is it one more?) and a semicolon in a riddle (reads CKH, CKG) left 1,397
    # of 1,599 (87.4 %). No postscript, sections, paragraphs or placeholders on a text to
    # complete or a riddle, and no paragraphs between dividers on a list (reads CLH, CLK), left
    # 1,398 of 1,608 (86.9 %).
    assert len(named) / len(distractors) >= 0.865
    for v in distractors:
        original = originals[str(v.case)]
        # (the text to repeat as the prompt shows it, the user's slips mended: read CFY)
        assert v.kwargs == mended_request(original.instruction_id_list, original.kwargs,
                                          v.prompt)
        assert v.instruction_id_list == original.instruction_id_list


def test_every_checkable_distractor_has_a_passing_joint_witness(default_file):
    result, _ = default_file
    typed = [v for v in cousins(result, "distractor") if v.distractor and
             v.distractor.get("instruction_id")]
    assert typed
    for v in typed:
        ids = list(v.instruction_id_list) + [v.distractor["instruction_id"]]
        kwargs = list(v.kwargs) + [v.distractor["kwargs"]]
        witness = build_witness(CaseContext(key=v.key, prompt=v.prompt, items=_items(ids, kwargs)))
        assert witness is not None, v.key
        assert all(check(i, witness, k, prompt=v.prompt) for i, k in zip(ids, kwargs)), v.key


def test_every_catalogue_distractor_has_a_passing_joint_witness(default_file):
    result, _ = default_file
    by_id = {r.id: r for r in catalogue()}
    texts = [v for v in cousins(result, "distractor") if v.distractor and "text" in v.distractor]
    assert texts
    for v in texts:
        requirement = by_id[v.generator.detail["requirement"]]
        witness = build_witness(CaseContext(key=v.key, prompt=v.prompt,
                                            items=_items(v.instruction_id_list, v.kwargs)))
        assert witness is not None, v.key
        edited = requirement.apply(witness)
        assert not requirement.violates(edited), v.key
        assert all(check(i, edited, k, prompt=v.prompt)
                   for i, k in zip(v.instruction_id_list, v.kwargs)), v.key


def test_reconfigured_values_get_harder(default_file):
    result, _ = default_file
    directions = collections.Counter(
        d for v in cousins(result, "reconfiguration")
        for d in v.generator.detail.get("directions", {}).values())
    moved = directions["harder"] + directions["easier"]
    assert moved and directions["harder"] / moved >= 0.9


@pytest.fixture(scope="module")
def judged(default_file):
    result, originals = default_file
    return {v.key: judge_variant(originals[str(v.case)], v)
            for v in cousins(result, "reconfiguration")}


def test_no_reconfiguration_is_easier_than_its_original(judged):
    # Per type: a count moved the easy way, fewer bullets or words, a language in whose script
    # another constraint holds by itself, a ban on a word the new task never uses, a cap the
    # new piece meets by itself (generate/difficulty.py).
    easier = {key: judgement.easier for key, judgement in judged.items()
              if judgement.verdict == "easier"}
    assert easier == {}
    assert tally(judged.values())["harder"] >= 0.5 * len(judged)


def test_every_new_task_fits_the_constraints_it_carries(judged):
    # Words to include the piece invites, no minimum beyond the kind of piece, nothing called
    # short beside a long minimum, room for what is asked.
    misfits = {key: judgement.misfits for key, judgement in judged.items() if judgement.misfits}
    assert misfits == {}


def test_a_case_s_reconfigurations_never_fall_back_on_a_setting(default_file):
    result, originals = default_file
    siblings = collections.defaultdict(list)
    for v in cousins(result, "reconfiguration"):
        siblings[str(v.case)].append(v)
    found = [problem for case, family in siblings.items()
             for problem in out_of_order(originals[case], family)]
    assert found == []


def test_no_reconfiguration_asks_for_a_language_in_which_a_constraint_holds_by_itself(
        default_file):
    result, _ = default_file
    for v in cousins(result, "reconfiguration"):
        params = [parse_params(i, k) for i, k in zip(v.instruction_id_list, v.kwargs)]
        assert trivialised(v.instruction_id_list, params) is None, v.key


def test_new_tasks_come_from_our_grammar_never_from_another_case(default_file):
    result, originals = default_file
    for v in cousins(result, "reconfiguration"):
        if v.generator.detail.get("strategy") == "task":
            assert v.generator.detail.get("task_source") == "grammar"
            for case, original in originals.items():
                first = original.prompt.split("\n")[0]
                if case != str(v.case) and len(first) >= 40:
                    assert first not in v.prompt, (v.key, case)


def test_no_prompt_appears_in_two_families(default_file):
    result, _ = default_file
    cases_of = collections.defaultdict(set)
    for v in result.variants:
        cases_of[v.prompt].add(str(v.case))
    assert [p for p, cases in cases_of.items() if len(cases) > 1] == []


def test_diversity_floors_of_the_default_file(default_file):
    result, originals = default_file
    figures = family_diversity(result.variants, {case: v.prompt for case, v in originals.items()})
    # Issue 29 bought variety with natural variants only (all cousins: d4 0.67, constraint
    # sentences 0.53, by ../shared/tools/family_diversity.py); per kind the floors sit a
    # little under what the file has (a sample of sentences: about ±0.01 from run to run).
    # A requirement said before the task opens as people open one ("Your response should
    # …", "Make sure …"), which costs reconfigurations a little of their 0.60.
    assert figures["rephrasing"].distinct_4grams >= 0.60
    assert figures["reconfiguration"].distinct_4grams >= 0.58
    # A distractor adds one sentence whose wording is its type's: the odd subjects that
    # once lifted this figure ("everything you write", "what you come up with") are gone
    # (issue 29); the variety of all cousins is held by family_diversity's figures. Reads
    # EA–JB cut more ("for everything", "put everything in English", "write without the
    # words …", "after the main text"): 0.398 on this file.
    assert figures["distractor"].distinct_4grams >= 0.39
    for kind, fig in figures.items():
        assert fig.top9_share <= 0.03, kind
        assert fig.most_reused_count <= 25, (kind, fig.most_reused)


# ---------------------------------------------------------------- naturalness, as rules


def test_no_naturalness_rule_fires_outside_the_allow_list(default_file):
    # Every rule of generate/rules/ over every cousin, against its own original: zero, but
    # for the lines of templates/phrases/naturalness_allow.json (case and reason each).
    from ifevalpp.generate import kinds
    from ifevalpp.generate.prompt.slips import mended
    from ifevalpp.generate.rules import Cousin, allowed, violations

    result, originals = default_file
    listed = allowed()
    found = []
    for v in cousins(result):
        original = originals[str(v.case)]
        family = [originals[str(v.case)].prompt] + [
            other.prompt for other in result.variants
            if other.case == v.case and other.kind == v.kind and other.index < v.index]
        as_mended = mended(original.prompt, original.instruction_id_list, original.kwargs,
                           original.prompt)
        for defect in violations(Cousin(prompt=v.prompt, original=original.prompt,
                                        original_mended=as_mended,
                                        ids=v.instruction_id_list, kwargs=v.kwargs,
                                        original_kwargs=original.kwargs, kind=v.kind,
                                        siblings=family,
                                        must_differ=kinds.get(v.kind).rewords_all,
                                        keeps_original=kinds.get(v.kind).keeps_original)):
            if defect.code not in listed.get(v.key, {}):
                found.append((v.key, defect.code, defect.text))
    assert found == []


def test_the_allow_list_names_real_cousins_with_a_reason_and_stays_under_one_percent(
        default_file):
    from ifevalpp.generate.rules import allowed

    result, _ = default_file
    keys = {v.key for v in cousins(result)}
    listed = allowed()
    assert set(listed) <= keys
    assert all(reason.strip() for rules in listed.values() for reason in rules.values())
    assert len(listed) <= 0.01 * len(keys)


def test_no_rephrasing_is_within_30_characters_of_a_sibling_or_its_original(default_file):
    from ifevalpp.generate.distance import levenshtein

    def normal(text):
        return " ".join(text.split()).lower()

    result, originals = default_file
    family = collections.defaultdict(list)
    for v in cousins(result, "rephrasing"):
        family[str(v.case)].append(normal(v.prompt))
    close = []
    for case, prompts in family.items():
        pool = [normal(originals[case].prompt)] + prompts
        for first in range(len(pool)):
            for second in range(max(first + 1, 1), len(pool)):
                a, b = pool[first], pool[second]
                if abs(len(a) - len(b)) <= 30 and levenshtein(a, b) <= 30:
                    close.append((case, first, second))
    assert close == []


def test_a_word_said_once_and_required_is_said_exactly_once(default_file):
    # "Mention the name Sarah only once" checks fewer than 2 uses and that Sarah appears:
    # "at most once" drops the second half.
    loose = []
    for variant in cousins(default_file[0]):
        items = list(zip(variant.instruction_id_list, variant.kwargs))
        required = {keyword.lower() for instruction_id, kwargs in items
                    if instruction_id == "keywords:existence" for keyword in kwargs["keywords"]}
        for instruction_id, kwargs in items:
            if instruction_id == "keywords:frequency" and kwargs["keyword"].lower() in required \
                    and kwargs["relation"] == "less than" and kwargs["frequency"] == 2 \
                    and re.search(r"(?i)\b(?:at most|no more than) once\b", variant.prompt):
                loose.append(variant.key)
    assert loose == []


def test_every_request_to_repeat_says_the_copy_comes_first(default_file):
    # "Copy the request below word for word before you answer it" lets a reply open with
    # "Sure! Here is your request:"; the checker wants the copy first.
    first = re.compile(r"(?i)\b(?:start|begin|open|first|before anything else|at the very "
                       r"start|ahead of)\w*\b")
    loose = []
    for variant in cousins(default_file[0]):
        # A distractor keeps the original's own instruction word for word.
        if variant.kind == "distractor" or \
                "combination:repeat_prompt" not in variant.instruction_id_list:
            continue
        request = next(kwargs["prompt_to_repeat"] for instruction_id, kwargs
                       in zip(variant.instruction_id_list, variant.kwargs)
                       if instruction_id == "combination:repeat_prompt")
        instruction = variant.prompt.replace(request, "")
        if not first.search(instruction):
            loose.append(variant.key)
    assert loose == []




















def test_no_family_repeats_a_typed_distractor_type(default_file):
    result, _ = default_file
    types = collections.defaultdict(list)
    for v in cousins(result, "distractor"):
        if v.distractor and v.distractor.get("instruction_id"):
            types[str(v.case)].append(v.distractor["instruction_id"])
    assert [case for case, found in types.items() if len(found) != len(set(found))] == []


def test_no_family_repeats_a_distractor_requirement(default_file):
    # Catalogue requests too: each cousin has its own seed, so the rotation through the
    # pool starts at a point fixed per case (2857 once had 'semicolon' twice).
    result, _ = default_file
    requirements = collections.defaultdict(list)
    for v in cousins(result, "distractor"):
        if v.distractor:
            requirements[str(v.case)].append(v.distractor.get("instruction_id")
                                             or v.generator.detail.get("requirement"))
    assert [case for case, found in requirements.items()
            if len(found) != len(set(found))] == []


# ---------------------------------------------------------------- every cousin a fair test


def _layouts(originals):
    from ifevalpp.generate.prompt.layout import build_layout

    return {case: build_layout(v.prompt, v.instruction_id_list, v.kwargs)
            for case, v in originals.items()}


def test_nothing_the_original_asks_is_dropped(default_file):
    # An example's markup, an aside ("(don't forget to add punctuations)"), a block's lines,
    # a quoted passage: the 4,828 cousins of the file before issue 21 lost 283 of them.
    from ifevalpp.generate.fairness import changed_literals, dropped

    result, originals = default_file
    layouts = _layouts(originals)
    lost = []
    for v in cousins(result):
        layout = layouts[str(v.case)]
        found = dropped(layout, v.prompt,
                        task_kept=v.generator.detail.get("strategy") != "task",
                        changed=changed_literals(layout, v.kwargs))
        lost += [(v.key, drop.message()) for drop in found]
    assert lost == []


def test_no_content_phrase_of_a_statement_vanishes(default_file):
    # a list asked for as the format ("… in a format of a list …"), "both options have a
    # title …", "Each version must have 7 sections", the parts only a statement names (a
    # final summary after ******), and "In other words, …" left without the sentence it rewords:
    # the file before this check lost one in 25 cousins of 8 cases.
    from ifevalpp.generate.fairness import lost_content

    result, originals = default_file
    layouts = _layouts(originals)
    lost = [(v.key, drop.message()) for v in cousins(result)
            for drop in lost_content(layouts[str(v.case)], v.prompt,
                                     task_kept=v.generator.detail.get("strategy") != "task")]
    assert lost == []


def test_no_token_comes_from_nowhere(default_file):
    # A stray "text*" (half of "*italic text*" after a cut), a "?" glued to a URL.
    from ifevalpp.generate.fairness import stray_tokens

    result, originals = default_file
    assert [(v.key, token) for v in cousins(result)
            for token in stray_tokens(v.prompt, originals[str(v.case)].prompt)] == []


def test_no_requirement_gets_two_examples(default_file):
    from ifevalpp.generate.fairness import doubled_examples

    result, originals = default_file
    assert [(v.key, found) for v in cousins(result)
            for found in doubled_examples(v.prompt, originals[str(v.case)].prompt)] == []




def test_a_count_bounded_from_both_sides_is_said_once(default_file):
    # 3672 "at least 1" and "less than 2" sentences: "exactly one sentence", never "1 sentence
    # or more … under two sentences"; 19: "600 to 700 words".
    import re

    from ifevalpp.constraints import get
    from ifevalpp.wording.english import number_words

    result, originals = default_file
    layouts = _layouts(originals)
    wrong = []
    for v in cousins(result, "rephrasing"):
        ids, params = v.instruction_id_list, [parse_params(i, k) for i, k in
                                              zip(v.instruction_id_list, v.kwargs)]
        # Only the statements the generator says anew (pure units); one woven into the task
        # sentence is reworded with it, as the original says it.
        kept = {index for unit in layouts[str(v.case)].units if not unit.pure
                for index in unit.owners}
        for first in range(len(ids)):
            for second in range(first + 1, len(ids)):
                if ids[first] != ids[second] or {first, second} & kept:
                    continue
                joint = get(ids[first]).range_with(params[first], params[second])
                if joint is None:
                    continue
                low, high = joint["lo"], joint["n"]
                top = joint.get("top", high)
                lowest = "(?:1|one)" if low == 1 else low
                # Either bound may be said in words ("at least one and no more than four").
                highest = "|".join(f"{value}|{number_words(value)}" for value in (high, top))
                said = (rf"\b{lowest}\b[^.?!\n]{{0,20}}\b(?:to|and|or|than|under)\b[^.?!\n]{{0,6}}"
                        rf"\b(?:{highest})\b|\b{low}-{high}\b") if low != high else \
                    r"\b(?:exactly|precisely|just|a single|one)\b"
                if not re.search(said, v.prompt, re.IGNORECASE):
                    wrong.append(v.key)
    assert wrong == []


def test_no_lead_in_recurs_more_than_a_dozen_times(default_file):
    # "Before you hand it over, …", "For this one, …", "Quick question: …": the most used
    # lead-in opened 58 sentences before; the manifest counts them ("marks").
    from ifevalpp.generate.manifest import marks

    result, _ = default_file
    most_used = marks(result)["most_used"]
    assert max(most_used.values()) <= 12, most_used




def test_no_typed_distractor_is_met_by_the_plain_answer(default_file):
    # "fewer than five all-caps words" beside a limerick: any answer meets it.
    from ifevalpp.generate.plain_answer import plain_answer, plain_meets

    result, originals = default_file
    layouts = _layouts(originals)
    met = [v.key for v in cousins(result, "distractor")
           if v.distractor and v.distractor.get("instruction_id") and plain_meets(
               v.distractor["instruction_id"], v.distractor["kwargs"],
               plain_answer(layouts[str(v.case)]), prompt=v.prompt)]
    assert met == []


def test_no_catalogue_request_is_one_a_plain_answer_already_follows(default_file):
    # "open with a greeting" on an email, "no emoji" on an essay.
    from ifevalpp.generate.piece import features

    result, originals = default_file
    layouts = _layouts(originals)
    requests = {request.id: request for request in catalogue()}
    followed = [v.key for v in cousins(result, "distractor")
                if v.distractor and "text" in v.distractor
                and requests[v.generator.detail["requirement"]].plain_follows(
                    features(layouts[str(v.case)]))]
    assert followed == []


def test_gpt4_answers_to_the_originals_rarely_meet_a_typed_distractor(default_file,
                                                                     reference_dir):
    # The competition figure: how many typed distractors GPT-4's answer to the ORIGINAL
    # prompt already meets (the official checker). 11.5% overall and 87 of 172
    # capital-word distractors before; now at most 5% overall and 15% for any type with 20
    # or more distractors.
    import json

    from ifevalpp.constraints import check

    answers = {}
    with open(reference_dir / "gpt4_responses.jsonl", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            answers[record["prompt"]] = record["response"]
    result, originals = default_file
    met, total = collections.Counter(), collections.Counter()
    for v in cousins(result, "distractor"):
        answer = answers.get(originals[str(v.case)].prompt)
        if not answer or not v.distractor or "instruction_id" not in v.distractor:
            continue
        instruction_id = v.distractor["instruction_id"]
        total[instruction_id] += 1
        met[instruction_id] += check(instruction_id, answer, v.distractor["kwargs"])
    assert sum(met.values()) / sum(total.values()) <= 0.05
    assert {i: (met[i], total[i]) for i in total if total[i] >= 20 and met[i] / total[i] > 0.15} == {}


# ---------------------------------------------------------------- new tasks a person would write


def _swapped(result):
    return [v for v in cousins(result, "reconfiguration")
            if v.generator.detail.get("strategy") == "task"]


def test_new_tasks_take_no_stitched_frame_or_mismatched_subject(default_file):
    """No "I have been asked for …" or "I am writing for … Compose …" frame; no note of
    thanks, poem or speech dedicated to a made-up character ("a farmer who wants to fly");
    no weekend spent in a swimming pool; no blog post or speech for one relative."""
    from ifevalpp.constraints.support.wording import load_json

    subjects = load_json("tasks/subjects.json")
    oddities = "|".join(re.escape(subject) for subject in subjects["person"])
    staying = set(subjects["destination"])
    places = [place for place in subjects["place"] if place not in staying]
    patterns = [
        re.compile(r"\bI have been asked for\b"),
        re.compile(r"\bI am writing for\b"),
        re.compile(rf"\b(?:thank-you note to|poem for|song for|speech in honour of|gift ideas "
                   rf"for|tips for|recipe that) (?:{oddities})\b"),
        re.compile(r"\breview of a weekend in (?:" + "|".join(map(re.escape, places)) + r")"),
        re.compile(r"\b(?:essay|article|blog post|speech|biography)\b[^.?]*\bfor (?:my "
                   r"grandmother|my teenage niece|my younger brother)\b|(?:my grandmother|my "
                   r"teenage niece|my younger brother)\. (?:Compose|Write|Draft|Produce|Put "
                   r"together|Could you \w+) (?:an? )?(?:essay|article|blog post|speech)"),
    ]
    swapped = _swapped(default_file[0])
    assert len(swapped) > 300
    found = [(v.key, v.prompt[:160]) for v in swapped for pattern in patterns
             if pattern.search(v.prompt)]
    assert not found, found[:5]


def test_an_end_phrase_suits_the_piece_it_closes(default_file):
    """A changed end line, or one kept beside a new task, closes the kind of piece asked for
    (templates/phrases/words.json, end_phrase_pieces): no "Stay curious." after a cover
    letter or an angry tweet, no "Take care and be well." after a haiku."""
    from ifevalpp.constraints.support.choosing import words
    from ifevalpp.generate.new_settings import piece_register
    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.tasks import catalogue as task_catalogue

    result, originals = default_file
    pieces = words()["end_phrase_pieces"]
    genres = {genre.id: genre for genre in task_catalogue().genres}
    wrong, seen = [], 0
    for v in cousins(result, "reconfiguration"):
        if "startend:end_checker" not in v.instruction_id_list:
            continue
        original = originals[str(v.case)]
        phrase = v.kwargs[v.instruction_id_list.index("startend:end_checker")]["end_phrase"]
        before = original.kwargs[original.instruction_id_list.index("startend:end_checker")]
        genre = v.generator.detail.get("task_genre")
        own = piece_register(build_layout(original.prompt, original.instruction_id_list,
                                          original.kwargs))
        if genre and phrase == before["end_phrase"] and genres[genre].closing() == own:
            continue  # the original's own line on a piece of the original's kind: it fits
        if genre and phrase == before["end_phrase"] and "steps" in genres[genre].features:
            continue  # "Follow the 5 steps listed above …" kept on a piece that lists steps
        if genre and phrase == before["end_phrase"]:
            continue  # the original's own line, kept: replaced it would drop a trap of the case
        if genre:
            register = genres[genre].closing()
        elif phrase != before["end_phrase"]:
            register = piece_register(build_layout(original.prompt, original.instruction_id_list,
                                                   original.kwargs))
        else:
            continue
        seen += 1
        if phrase not in pieces[register]:
            wrong.append((v.key, register, phrase))
    for v in cousins(result, "distractor"):
        if v.distractor and v.distractor.get("instruction_id") == "startend:end_checker":
            original = originals[str(v.case)]
            register = piece_register(build_layout(original.prompt, original.instruction_id_list,
                                                   original.kwargs))
            seen += 1
            if v.distractor["kwargs"]["end_phrase"] not in pieces[register]:
                wrong.append((v.key, register, v.distractor["kwargs"]["end_phrase"]))
    assert seen >= 10
    assert not wrong, wrong


# ---------------------------------------------------------------- distractors that fit the task


def test_no_layout_count_contradicts_the_items_the_task_fixes(default_file):
    """No typed distractor asks for a number of bullets, sections or paragraphs against the
    task's own items ("exactly 2 bullet points" beside a 12-day itinerary, an outline, or
    "3 names"); no new task names a number of items other than the bullets it carries."""
    from ifevalpp.generate.competing.fit import contradicts_items
    from ifevalpp.generate.prompt.layout import build_layout

    result, originals = default_file
    wrong = []
    for v in cousins(result, "distractor"):
        if not (v.distractor and v.distractor.get("instruction_id")):
            continue
        original = originals[str(v.case)]
        layout = build_layout(original.prompt, original.instruction_id_list, original.kwargs)
        if contradicts_items(layout, v.distractor["kwargs"]):
            wrong.append((v.key, v.distractor))
    assert not wrong, wrong
    for v in _swapped(result):
        for instruction_id, kwargs in zip(v.instruction_id_list, v.kwargs):
            if instruction_id == "detectable_format:number_bullet_lists":
                numbers = re.findall(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|\d+)"
                                     r" (?:\w+ ){0,2}(?:cities|kinds|instruments|hotels|"
                                     r"items|countries|planets|books)\b", v.prompt)
                said = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                        8: "eight", 9: "nine", 10: "ten"}.get(kwargs["num_bullets"], "?")
                assert not numbers or all(str(kwargs["num_bullets"]) in n or said in n
                                          for n in numbers), v.key




def test_no_list_task_under_a_cap_of_one_or_two_sentences(default_file):
    """A reconfiguration asks for no list, plan or set of items (nor a letter) in fewer than
    three sentences: "five kinds of trees … no more than one sentence"."""
    from ifevalpp.constraints import get
    from ifevalpp.generate.new_settings import task_kind
    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.tasks import catalogue as task_catalogue

    result, originals = default_file
    genres = {genre.id: genre for genre in task_catalogue().genres}
    wrong = []
    for v in cousins(result, "reconfiguration"):
        for instruction_id, kwargs in zip(v.instruction_id_list, v.kwargs):
            if instruction_id != "length_constraints:number_sentences":
                continue
            constraint = get(instruction_id)
            high = constraint.interval(parse_params(instruction_id, kwargs))[1]
            if high >= constraint.FEWEST_FOR_ITEMS:
                continue
            genre = v.generator.detail.get("task_genre")
            if genre:
                kind = genres[genre].features
            else:
                original = originals[str(v.case)]
                old = original.kwargs[original.instruction_id_list.index(instruction_id)]
                if constraint.interval(parse_params(instruction_id, old))[1] == high:
                    continue  # the original's own cap
                kind = task_kind(build_layout(original.prompt, original.instruction_id_list,
                                              original.kwargs))
            if kind & {"items", "letter"}:
                wrong.append((v.key, v.prompt[:120]))
    assert not wrong, wrong
