"""`storydesk analyze` (not yet implemented)."""
