"""Throughput of ifevalpp.langid.detect against seeded langdetect.

Run: ``python benchmarks/bench_langid.py`` (add ``--rounds N`` for more repeats).

With ``IFEVALPP_REFERENCE_DIR`` set, the texts are the GPT-4 responses in
``gpt4_responses.jsonl`` there (the official evaluator's workload), also reported
for the 200-400-word ones alone; otherwise they are generated here: English
paragraphs of 100-500 words, other languages, short strings, digits and emoji.

Reported per set, in texts per second (best of the rounds, CPU time):
* ``langdetect``: the real package with seed 0 (``detect_reference``);
* ``fast, cold``: ``detect`` with its per-word caches emptied before each pass,
  i.e. the first time it sees these texts in a process (profiles already loaded);
* ``fast, warm``: ``detect`` again over the same texts (words seen before).
Every pass also checks that both give the same answers.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ifevalpp import langid  # noqa: E402
from ifevalpp.langid import detect, detect_reference  # noqa: E402

_ENGLISH = [
    "The committee reviewed every proposal before the end of the month.",
    "Most people underestimate how long a small renovation will take.",
    "Here is a short summary of the main arguments and their evidence.",
    "First, gather the ingredients and preheat the oven to a moderate heat.",
    "Remote work changed how many companies think about office space.",
    "In conclusion, the plan is simple, affordable and easy to maintain.",
    "The data suggests a steady increase in demand over the last decade.",
    "Always test the backup before you rely on it in an emergency.",
    "Our guide walked us through the old town and its narrow streets.",
    "Each chapter ends with a few questions for further discussion.",
]
_OTHER = {
    "fr": "Nous avons visité le musée puis nous avons déjeuné près de la rivière.",
    "de": "Am Wochenende fahren wir mit dem Fahrrad an den See und grillen.",
    "es": "El informe final estará listo la próxima semana para su revisión.",
    "ru": "Мы обсудили план проекта и распределили задачи между участниками.",
    "zh": "我们明天上午十点在图书馆门口见面，然后一起去吃午饭。",
    "ja": "来週の会議では新しい計画について詳しく話し合う予定です。",
    "ar": "نحن نعمل معا على إعداد التقرير السنوي قبل نهاية الشهر.",
    "hi": "हम अगले सप्ताह नई परियोजना पर काम शुरू करेंगे।",
}


def _generated() -> dict[str, list[str]]:
    rng = random.Random(7)
    english = []
    for _ in range(120):
        words: list[str] = []
        target = rng.randint(100, 500)
        while len(words) < target:
            words += rng.choice(_ENGLISH).split()
            if rng.random() < 0.1:
                words.append("\n\n* ")
        english.append(" ".join(words))
    other = [" ".join([text] * rng.randint(2, 12)) for text in _OTHER.values() for _ in range(6)]
    short = [rng.choice(_ENGLISH).split()[rng.randrange(5)] for _ in range(40)]
    short += ["Yes.", "No way!", "OK", "Danke", "merci beaucoup", "спасибо", "谢谢", "in", "a b c"]
    symbols = ["12345", "3.14159", "😀🎉", "🚀 ✨ 🔥", "2024-06-11 10:00", "!!!", "---", "42"]
    return {"generated English, 100-500 words": english, "generated other languages": other,
            "short strings": short, "digits / emoji only": symbols}


def _gpt4(folder: Path) -> dict[str, list[str]]:
    lines = (folder / "gpt4_responses.jsonl").read_text(encoding="utf-8").splitlines()
    responses = [json.loads(line)["response"] for line in lines if line.strip()]
    typical = [r for r in responses if 200 <= len(r.split()) <= 400]
    return {"GPT-4 responses (all)": responses, "GPT-4 responses, 200-400 words": typical}


def _best_rate(texts: list[str], run: Callable[[str], object], rounds: int,
               before: Callable[[], None] | None = None) -> tuple[float, list[object]]:
    best = float("inf")
    answers: list[object] = []
    for _ in range(rounds):
        if before is not None:
            before()
        start = time.process_time()
        answers = [run(text) for text in texts]
        best = min(best, time.process_time() - start)
    return len(texts) / best, answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="passes per measurement (best kept)")
    args = parser.parse_args()

    folder = os.environ.get("IFEVALPP_REFERENCE_DIR")
    if folder and (Path(folder) / "gpt4_responses.jsonl").exists():
        sets = _gpt4(Path(folder))
    else:
        print("IFEVALPP_REFERENCE_DIR not set: using generated texts")
        sets = _generated()

    start = time.perf_counter()
    detect("warm up")
    print(f"fast model load: {time.perf_counter() - start:.2f} s")
    start = time.perf_counter()
    detect_reference("warm up")
    print(f"langdetect load: {time.perf_counter() - start:.2f} s")

    header = f"{'texts':<34} {'n':>5} {'langdetect/s':>13} {'fast cold/s':>12} {'warm/s':>9} {'x cold':>7} {'x warm':>7}  same"
    print(header)
    for name, texts in sets.items():
        reference_rate, expected = _best_rate(texts, detect_reference, max(1, args.rounds - 1))
        cold_rate, cold = _best_rate(texts, detect, args.rounds, before=langid._forget_words)
        warm_rate, warm = _best_rate(texts, detect, args.rounds)
        same = cold == expected and warm == expected
        print(f"{name:<34} {len(texts):>5} {reference_rate:>13.0f} {cold_rate:>12.0f} {warm_rate:>9.0f} "
              f"{cold_rate / reference_rate:>7.1f} {warm_rate / reference_rate:>7.1f}  {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
