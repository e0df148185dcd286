"""Warriors' Death (and the classic A Warrior's Death): a live two-player Death Match."""
