"""The Django side of a match of a dealer's game: the players' and dealer's form fields and the rules panel."""
