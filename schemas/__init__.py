"""The wire contract: marshmallow schemas for every request and response body.

Shapes only: whether a card is in the deck or an action legal is the rules core's question, so
the client gets a rule-specific code (`duplicate_card`, `must_follow_suit`) instead of a generic
schema failure. Card lists are lists of strings with a documented pattern rather than a nested
schema per card, which keeps loading a full hand record cheap.
"""
