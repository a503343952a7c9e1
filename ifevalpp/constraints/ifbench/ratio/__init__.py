"""IFBench's `ratio:*` types: stop words, sentence kinds, trigram overlap, equal sentences."""
