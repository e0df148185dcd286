"""The dealer's designer: the Django pages where a dealer writes, imports, tries and publishes a game."""
