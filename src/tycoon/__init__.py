"""tycoon: engine, simulator and tools for property-trading board games."""

__version__ = "0.1.0"
