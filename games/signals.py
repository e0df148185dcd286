"""Start-up hooks of the match framework."""
