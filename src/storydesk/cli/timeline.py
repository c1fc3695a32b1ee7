"""`storydesk timeline` (not yet implemented)."""
