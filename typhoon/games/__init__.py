"""Game packages. Each is data files plus the rules module only that game needs."""
