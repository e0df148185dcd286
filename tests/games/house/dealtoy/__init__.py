"""A tiny game with a dealer's seat, registered only by the tests that use it (see ``engine.dealer_game``)."""
