"""tycoon: engine, simulator and tools for property-trading board games."""

from tycoon import native as _native

__version__ = "0.1.0"

_native.select()  # the compiled core or pure Python, before any other module of the package
