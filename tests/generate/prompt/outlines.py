"""A prompt that spells out the answer's outline (shared by the layout and assembly tests)."""

PARAGRAPHS = "length_constraints:number_paragraphs"
LANGUAGE = "language:response_language"

OUTLINE_PROMPT = (
    "Explain why the sky looks blue. Answer only in German, nothing else. Keep it short. "
    "Your answer must follow this exact format, with *** between the sections:\n\n"
    "[Section 1: What light is made of, in German]\n***\n"
    "[Section 2: How air scatters it, in German]\n***\n"
    "[Section 3: A one-line recap, in German]")
OUTLINE_IDS = [PARAGRAPHS, LANGUAGE]
OUTLINE_KWARGS = [{"num_paragraphs": 3}, {"language": "de"}]
