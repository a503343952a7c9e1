"""IFBench's `sentence:*` types: growing sentences, growing alliteration, a keyword in the nth
sentence."""
