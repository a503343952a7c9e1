"""IFBench's `count:*` types: words, unique words, numbers, names, pronouns, conjunctions,
keywords, punctuation marks, Japanese words."""
