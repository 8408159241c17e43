"""kozel-tutor: learn, practise and teach the Russian card game Kozel (Козёл).

The public API lives in small modules: :mod:`.cards`, :mod:`.seats`, :mod:`.rules`,
:mod:`.state`, :mod:`.scoring`, :mod:`.position`, :mod:`.solver`, :mod:`.ai`,
:mod:`.variants`.
"""

__version__ = "0.1.0"

# Registers the regional presets (classic, nizhny, kozly24) with the rules registry.  The eager
# part of :mod:`.variants` imports only cards, i18n, rules, scoring and seats, none of which
# import the package back, so this is safe against circular imports.
from . import variants as variants
