"""IFBench's `words:*` types: letters, syllables, lengths, positions and repeats of words."""
