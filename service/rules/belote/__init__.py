"""What the Belote family's games (Bazar Blot, the Blot duel, Baloot) share.

Card orders and points (`cards`) and combination detection (`combinations`). Each game keeps its own
values, rankings and duties: the rule books agree on which runs and quartets exist, not on what they
are worth.
"""
