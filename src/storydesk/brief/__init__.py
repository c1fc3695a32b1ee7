"""Story briefs: a pure, deterministic function of a story's analyzed articles."""
