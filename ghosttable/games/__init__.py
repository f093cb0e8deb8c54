"""The games, each a package depending on ghosttable.core only."""
