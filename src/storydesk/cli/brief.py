"""`storydesk brief` (not yet implemented)."""
