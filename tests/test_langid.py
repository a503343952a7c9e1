"""ifevalpp.langid answers exactly what seeded langdetect answers, only faster.

Every comparison runs the real langdetect package (``detect_reference``) on the
same text. The generated texts below are our own sentences, mixed, decorated and
cut in ways that reach each step of langdetect's pipeline: URL and e-mail
removal, the Vietnamese fold, the 10,000-character cut, the Latin-vs-other
script heuristic, character normalisation, the capital-word rule, early
convergence and the 1000-iteration limit.
"""

from __future__ import annotations

import json
import os
import random
import threading
import unicodedata
from pathlib import Path

import numpy as np
import pytest

from ifevalpp import langid
from ifevalpp.langid import detect, detect_reference

SENTENCES: dict[str, list[str]] = {
    "en": [
        "The river was quiet when we walked along it after dinner.",
        "Please remember to water the tomatoes before you leave for work.",
        "Our team finished the quarterly report two days ahead of schedule.",
        "A good explanation starts with what the reader already knows.",
        "Nobody expected the small bakery to become the busiest shop in town.",
        "You can reduce the error by averaging several independent measurements.",
    ],
    "fr": [
        "Le marché du samedi attire beaucoup de familles du quartier.",
        "Nous avons pris le train de nuit pour arriver à Lyon avant l'aube.",
        "Elle préfère lire des romans policiers pendant les vacances d'été.",
        "Il faut vérifier chaque étape avant de publier les résultats.",
    ],
    "de": [
        "Der Zug nach Hamburg hatte heute morgen eine halbe Stunde Verspätung.",
        "Wir müssen die Fenster schließen, bevor das Gewitter beginnt.",
        "Meine Großmutter backt jeden Sonntag einen Apfelkuchen für alle.",
        "Die Ergebnisse der Umfrage werden nächste Woche veröffentlicht.",
    ],
    "es": [
        "La biblioteca del barrio abre sus puertas a las nueve de la mañana.",
        "Mañana vamos a la playa si el tiempo lo permite.",
        "El profesor explicó la lección con mucha paciencia y buen humor.",
        "¿Dónde está la estación de autobuses más cercana?",
    ],
    "ru": [
        "Вчера вечером мы долго гуляли по набережной и говорили о книгах.",
        "Пожалуйста, закройте окно, на улице становится холодно.",
        "Наша команда выиграла городской турнир по шахматам.",
        "Этот отчёт нужно отправить руководителю до пятницы.",
    ],
    "zh": [
        "今天早上我们在公园里散步，看到了很多盛开的花。",
        "这本书讲述了一个关于友谊和勇气的故事。",
        "请在会议开始之前把资料发给所有的同事。",
        "他每天晚上都会练习一个小时的钢琴。",
    ],
    "ja": [
        "昨日は友達と一緒に駅の近くの新しいレストランに行きました。",
        "この問題について、もう少し詳しく説明していただけますか。",
        "週末はゆっくり休んで、本を読んだりコーヒーを飲んだりします。",
        "カタカナのテキストもテストしておきましょう。",
    ],
    "ar": [
        "ذهبنا إلى السوق في الصباح لشراء الخضروات والفواكه الطازجة.",
        "يحب أخي قراءة الكتب العلمية قبل النوم كل ليلة.",
        "سيبدأ الاجتماع في الساعة العاشرة في قاعة المؤتمرات.",
    ],
    "hi": [
        "हम कल सुबह पहाड़ों की ओर यात्रा पर निकलेंगे।",
        "मेरी बहन को बगीचे में नए पौधे लगाना बहुत पसंद है।",
        "कृपया बैठक से पहले सभी दस्तावेज़ तैयार रखें।",
    ],
    "fa": ["امروز هوا خیلی خوب است و ما به پارک می‌رویم و یک کتاب می‌خوانیم."],
    "ko": ["오늘 아침에 친구와 함께 도서관에서 공부를 했습니다."],
    "vi": ["Hôm nay trời đẹp và chúng tôi đi dạo quanh hồ Hoàn Kiếm."],
    "ro": ["Astăzi este o zi frumoasă și mergem la țară să vizităm bunicii."],
    "pt": ["O jantar de ontem foi delicioso e todos ficaram muito satisfeitos."],
    "it": ["Domani andremo al mercato per comprare frutta e verdura fresca."],
}

URLS = ["https://example.org/path/to/page?x=1&y=two#frag", "http://www.test-site.net/a_b/c",
        "see https://docs.example.com/v2/guide.html for details"]
EMAILS = ["someone@example.com", "first.last-name@sub.domain-x.org", "a_b@c"]
MARKDOWN = ["# Title\n\n", "## Section 2\n", "* ", "- ", "**", "`code` ", "| a | b |\n|---|---|\n",
            "> ", "1. ", "```python\nprint('hi')\n```\n", "***\n"]
ODDITIES = ["😀", "🎉🎉", "—", "“quoted”", "«guillemets»", "°C", "\u00a0", "…", "ß", "ǅ", "ﬁ",
            "\u3000", "ー", "ㄅㄆ", "가나", "Ⅻ", "ｱｲｳ", "Ａｂｃ", "ș ț", "ی", "ạ ả", "\ud800"]
DECOMPOSED_VI = ["Tie\u0302\u0301ng Vie\u0323\u0302t", "ê\u0301 a\u0300 o\u0309 u\u0323 y\u0303",
                 "Â\u0301 Ơ\u0300 ư\u0303 Ă\u0309"]
SHORT = ["in", "a b c", "the", "OK", "NASA", "USA TODAY", "iPhone", "McDonald", "ABCdef", "x", "Hi!",
         "ja", "nie", "da", "la", "si", "o", "2024", "3.14", "!!!", "...", "a1b2c3"]


def _sentences(rng: random.Random, lang: str, count: int) -> str:
    return " ".join(rng.choice(SENTENCES[lang]) for _ in range(count))


def _generated_texts() -> list[str]:
    """A few hundred reproducible texts covering the detector's input handling."""
    rng = random.Random(20240611)
    langs = sorted(SENTENCES)
    texts: list[str] = ["", " ", "   \n\t  ", "\n", "0", "12345 67890", "1, 2, 3... 4!",
                        "😀😀😀", "🎉 🚀 ✨", "----", "***", "#", "@", "://"]
    texts += SHORT + ODDITIES + DECOMPOSED_VI
    texts += [unicodedata.normalize("NFD", s) for s in SENTENCES["vi"] + SENTENCES["fr"]]
    for lang in langs:  # every language alone, short and long
        texts.append(_sentences(rng, lang, 1))
        texts.append(_sentences(rng, lang, 12))
    for _ in range(70):  # English responses of realistic length, decorated
        paragraphs = [_sentences(rng, "en", rng.randint(2, 8)) for _ in range(rng.randint(1, 6))]
        decorated = []
        for paragraph in paragraphs:
            if rng.random() < 0.4:
                paragraph = rng.choice(MARKDOWN) + paragraph
            if rng.random() < 0.2:
                paragraph += " " + rng.choice(URLS)
            if rng.random() < 0.2:
                paragraph += " Contact " + rng.choice(EMAILS) + "."
            if rng.random() < 0.15:
                paragraph = paragraph.upper()
            decorated.append(paragraph)
        texts.append(rng.choice(["\n\n", "\n", " "]).join(decorated))
    for _ in range(90):  # mixtures of two or three languages
        chosen = rng.sample(langs, rng.randint(2, 3))
        parts = [_sentences(rng, lang, rng.randint(1, 4)) for lang in chosen]
        rng.shuffle(parts)
        texts.append(" ".join(parts))
    for _ in range(40):  # non-Latin text with some Latin in it (the Latin filter)
        lang = rng.choice(["ru", "zh", "ja", "ar", "hi", "ko"])
        latin = _sentences(rng, rng.choice(["en", "fr", "de"]), rng.randint(1, 3))
        other = _sentences(rng, lang, rng.randint(1, 5))
        texts.append(other + " " + latin if rng.random() < 0.5 else latin + " " + other)
    for _ in range(60):  # short fragments: a few words, odd case, odd symbols
        lang = rng.choice(langs)
        words = rng.choice(SENTENCES[lang]).split()
        start = rng.randrange(len(words))
        fragment = " ".join(words[start : start + rng.randint(1, 3)])
        roll = rng.random()
        if roll < 0.2:
            fragment = fragment.upper()
        elif roll < 0.3:
            fragment = fragment.title()
        elif roll < 0.45:
            fragment += " " + rng.choice(ODDITIES)
        texts.append(fragment)
    for _ in range(25):  # caps, digits and symbols around short English
        words = rng.choice(SENTENCES["en"]).split()
        texts.append(" ".join(w.upper() if rng.random() < 0.5 else w for w in words)
                     + " " + str(rng.randint(0, 10**6)) + rng.choice(ODDITIES))
    # Past the 10,000-character cut, in both scripts of the Latin filter.
    texts.append(_sentences(rng, "en", 120) + " " + _sentences(rng, "ru", 40))
    texts.append(_sentences(rng, "ru", 150) + " " + _sentences(rng, "en", 60))
    texts.append(_sentences(rng, "zh", 400) + " " + _sentences(rng, "en", 5))
    texts.append(" ".join(rng.choice(URLS + EMAILS) for _ in range(20)) + " " + _sentences(rng, "de", 3))
    return texts


GENERATED = _generated_texts()


def _official_loose_variants(response: str) -> list[str]:
    """The official evaluator's eight loose-mode variants of a response."""
    lines = response.split("\n")
    dropped = ["\n".join(lines[1:]).strip(), "\n".join(lines[:-1]).strip(),
               "\n".join(lines[1:-1]).strip()]
    variants = [response, response.replace("*", "")]
    variants += dropped + [text.replace("*", "") for text in dropped]
    return variants


def _reference_run(text: str) -> tuple[str | None, list[float] | None]:
    """langdetect's answer and its averaged probability vector (profile order), seed 0."""
    from langdetect import DetectorFactory, detector_factory
    from langdetect.lang_detect_exception import LangDetectException

    DetectorFactory.seed = 0
    detector_factory.init_factory()
    detector = detector_factory._factory.create()  # what langdetect.detect does
    detector.append(text)
    try:
        answer = detector.detect()
    except LangDetectException:
        return None, None
    return answer, list(detector.langprob)


def _differences(texts: list[str]) -> list[tuple[str, object, object]]:
    """Texts where the answer or any probability differs from langdetect's."""
    found = []
    for text in texts:
        expected = _reference_run(text)
        got = (detect(text), langid._probabilities(text))
        if got != expected:
            found.append((text[:60], got[0], expected[0]))
    return found


def test_generated_texts_cover_a_few_hundred_cases():
    assert len(GENERATED) >= 300
    assert len(set(GENERATED)) >= 280


def test_detect_equals_langdetect_on_generated_texts():
    mismatches = [(text[:60], detect(text), detect_reference(text))
                  for text in GENERATED if detect(text) != detect_reference(text)]
    assert mismatches == []


def test_probabilities_equal_langdetect_bit_for_bit_on_generated_texts():
    assert _differences(GENERATED) == []


def test_detect_equals_langdetect_on_every_single_language_sample():
    for lang, sentences in SENTENCES.items():
        for sentence in sentences:
            assert detect(sentence) == detect_reference(sentence), (lang, sentence)


@pytest.mark.parametrize("text", ["in", "a b c", "is", "la"])
def test_detect_equals_langdetect_when_trials_reach_the_iteration_limit(text):
    # These short ambiguous strings keep some trials running to iteration 1000.
    assert detect(text) == detect_reference(text)
    assert _differences([text]) == []


def test_detect_returns_the_same_answer_twice():
    for text in GENERATED[::7]:
        assert detect(text) == detect(text)


@pytest.mark.parametrize("text", ["", " ", "\n\t ", "12345", "3.14 + 2.72 = 5.86", "😀🎉🚀",
                                  "!!! ??? ...", "https://example.com/a/b", "name@example.com",
                                  "«» ° \u00a0"])
def test_text_without_features_gives_none(text):
    assert detect(text) is None
    assert detect_reference(text) is None


def test_known_languages_are_recognised():
    assert detect(" ".join(SENTENCES["en"])) == "en"
    assert detect(" ".join(SENTENCES["de"])) == "de"
    assert detect(" ".join(SENTENCES["ru"])) == "ru"
    assert detect(" ".join(SENTENCES["ja"])) == "ja"


def test_final_choice_follows_langdetect_ranking_including_ties_and_unknown():
    import numpy as np
    from langdetect import detector_factory

    model, _ = langid._ready()
    detector_factory.init_factory()
    detector = detector_factory._factory.create()
    n = model.n_languages
    flat = np.full(n, 1.0 / n)  # nobody above 0.1
    tie = np.zeros(n)
    tie[[3, 7, 20]] = [0.3, 0.35, 0.35]  # equal maxima: the first in profile order wins
    low = np.zeros(n)
    low[[1, 2]] = [0.1, 0.09]  # exactly 0.1 does not count
    single = np.zeros(n)
    single[-1] = 1.0
    for averages in (flat, tie, low, single):
        ranking = detector._sort_probability(averages.tolist())
        expected = ranking[0].lang if ranking else "unknown"
        assert langid._top_language(averages, model.languages) == expected


def test_character_normalisation_equals_langdetect_for_every_code_point():
    from langdetect.utils.ngram import NGram

    model, _ = langid._ready()
    normalise = model.normaliser._normalise  # the uncached function behind the table
    different = [cp for cp in range(0x110000) if normalise(cp) != NGram.normalize(chr(cp))]
    assert different == []


def test_vietnamese_fold_equals_langdetect():
    from langdetect.utils.ngram import NGram

    model, _ = langid._ready()
    samples = ["".join(pair) for pair in model.vi_pairs] + DECOMPOSED_VI
    samples += [unicodedata.normalize("NFD", s) for s in SENTENCES["vi"]]
    samples.append("a\u0300\u0301e\u0323\u0323 A\u0303 Y\u0309y\u0309")
    for sample in samples:
        folded = model.vi_pattern.sub(lambda m: model.vi_pairs[m.group(0)], sample)
        assert folded == NGram.normalize_vi(sample)


def test_ngram_extraction_equals_langdetect():
    from langdetect.detector_factory import init_factory
    from langdetect import detector_factory

    model, _ = langid._ready()
    init_factory()
    for text in GENERATED[::3]:
        detector = detector_factory._factory.create()
        detector.append(text)
        detector.cleaning_text()
        expected = detector._extract_ngrams()
        rows = langid._features(text, model)
        row_gram = {row: gram for gram, row in model.gram_row.items()}  # rows made on first sight
        got = [row_gram[int(row)] for row in rows]
        assert got == expected, text[:60]


def test_language_order_and_probabilities_equal_langdetect_profiles():
    from langdetect.detector_factory import init_factory
    from langdetect import detector_factory

    model, _ = langid._ready()
    init_factory()
    factory = detector_factory._factory
    assert list(model.languages) == factory.langlist
    sample = ["e", "th", "the", "ing", " a", "ч", "の", "ü ", "xyz"]
    for gram in sample:
        if gram in factory.word_lang_prob_map:
            model.packed_row(gram)  # its row is built the first time it is asked for
            row = model.table[model.gram_row[gram]].tolist()
            assert row == factory.word_lang_prob_map[gram][: len(row)]


def test_replayed_random_stream_equals_seeded_random():
    _, stream = langid._ready()
    for n in [1, 2, 3, 5, 64, 65, 100, 1023, 1024, 1025, 4097, 30000]:
        rng = random.Random()
        rng.seed(0)
        gauss = rng.gauss(0.0, 1.0)
        expected = [rng.choice(range(n)) for _ in range(500)]
        first, spare = langid._gauss_pair(stream.words[0:4].tolist())
        assert (first, spare) == (gauss, rng.gauss(0.0, 1.0))
        draws = langid._Draws(n, stream)
        start = draws.first_from(4)
        assert draws.take(start, 500).tolist() == expected


def test_detect_is_safe_when_first_called_from_many_threads(monkeypatch):
    texts = GENERATED[:: max(1, len(GENERATED) // 40)]
    expected = [detect_reference(text) for text in texts]
    monkeypatch.setattr(langid, "_model", None)
    monkeypatch.setattr(langid, "_stream", None)
    results: dict[int, list[str | None]] = {}

    def work(slot: int) -> None:
        results[slot] = [detect(text) for text in texts]

    threads = [threading.Thread(target=work, args=(slot,)) for slot in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(results[slot] == expected for slot in range(6))


def _reference_responses() -> list[str]:
    folder = os.environ.get("IFEVALPP_REFERENCE_DIR")
    if not folder or not (Path(folder) / "gpt4_responses.jsonl").exists():
        pytest.skip("IFEval GPT-4 responses not available: set IFEVALPP_REFERENCE_DIR to a "
                    "directory with gpt4_responses.jsonl (.ci/run points it at ../shared/ifeval)")
    lines = (Path(folder) / "gpt4_responses.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["response"] for line in lines if line.strip()]


@pytest.mark.reference
@pytest.mark.slow
def test_detect_equals_langdetect_on_gpt4_responses_and_loose_variants():
    responses = _reference_responses()
    texts = list(dict.fromkeys(v for r in responses for v in _official_loose_variants(r)))
    assert len(responses) >= 540 and len(texts) > 2000
    # Both the answer and the whole probability vector, bit for bit.
    assert _differences(texts) == []


def test_a_text_builds_rows_only_for_the_n_grams_it_offers():
    model = langid._Model()
    text = "Calm water at dusk"
    rows = langid._features(text, model)
    assert 0 < len(model.gram_row) <= len(rows) <= 3 * len(text)
    assert model.table.shape[0] < 87_598  # not the whole profile set


def _profile_folder() -> str:
    return os.path.join(langid._langdetect_dir(), "profiles")


def test_cached_profiles_read_back_exactly_what_parsing_gives(tmp_path, monkeypatch):
    monkeypatch.setenv("IFEVALPP_CACHE", str(tmp_path))
    parsed = langid._profiles(_profile_folder())  # parses, and writes the cache file
    assert len(list(tmp_path.glob("langid-profiles-*.npz"))) == 1
    cached = langid._profiles(_profile_folder())
    assert cached[0] == parsed[0] and cached[1] == parsed[1]
    for mine, theirs in zip(cached[2:], parsed[2:]):
        assert np.array_equal(mine, theirs) and mine.dtype.kind == theirs.dtype.kind


def test_a_cache_folder_that_cannot_be_written_changes_nothing(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("IFEVALPP_CACHE", str(blocker / "cache"))
    languages, known, *_ = langid._profiles(_profile_folder())
    assert len(languages) == 55 and "the" in known


def test_a_damaged_cache_file_is_parsed_again_and_replaced(tmp_path, monkeypatch):
    monkeypatch.setenv("IFEVALPP_CACHE", str(tmp_path))
    path = langid._cache_file(_profile_folder())
    Path(path).write_bytes(b"not an npz")
    languages, known, *_ = langid._profiles(_profile_folder())
    assert len(languages) == 55 and "the" in known
    assert Path(path).read_bytes()[:2] == b"PK"


def test_cache_off_writes_no_file(tmp_path, monkeypatch):
    monkeypatch.setenv("IFEVALPP_CACHE", "off")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    langid._profiles(_profile_folder())
    assert not list(tmp_path.rglob("*.npz"))
