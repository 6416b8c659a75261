"""What the Belote family's games (Bazar Blot, the Blot duel, Baloot) share.

Card orders and points (`cards`), combination detection (`combinations`) and the trick duties
(`duties`, with the games' differences as options). Each game keeps its own values and rankings:
the rule books agree on which runs and quartets exist, not on what they are worth.
"""
