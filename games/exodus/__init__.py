"""The Exodus Game: trade cubes (or, in "Elephantine", gems) for private points."""
