"""One module per family of techniques; each registers its finders on import.

Every module in this package is imported by :func:`..registry.all_techniques`, so a
new technique is one new file here.  A finder yields every step it finds, in a
stable order, and never a step that is wrong in a valid position: it only reads the
grid's candidates, never the solution.
"""
