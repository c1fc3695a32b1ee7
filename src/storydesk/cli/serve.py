"""`storydesk serve` (not yet implemented)."""
