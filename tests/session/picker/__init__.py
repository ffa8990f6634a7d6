"""Tests of game.session.picker."""
