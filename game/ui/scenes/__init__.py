"""One module per screen.  Scenes translate intents into session calls and draw.

See :mod:`game.ui.scene_stack` for the lifecycle and :mod:`game.ui.routes` for how
scenes lead to one another.
"""
