"""Application layer: commands and queries over the event store and the engines."""
