"""One module per family of techniques; each registers its finders on import.

Every module in this package is imported by :func:`..registry.all_techniques`, so a
new technique is one new file here.  A finder yields every step it finds, in a
stable order, and never a step that is wrong in a valid position: it only reads the
grid's candidates, never the solution.
"""

import importlib
import pkgutil

# Every module, in one fixed order, whichever module is imported first: techniques of
# equal place keep their order of registration, so that order must not depend on what
# a caller happened to import before asking for the catalogue.
for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
