"""`storydesk stories` (not yet implemented)."""
