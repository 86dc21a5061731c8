"""Terminal play: a text hex map, a status panel and the game loop (``typhoon play``)."""
