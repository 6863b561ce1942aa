"""The game server: FastAPI over uvicorn, rooms and seats, the WebSocket play loop, the turn
clock, disconnect grace, the durable store and provably fair dice (protocol:
docs/protocol.md; views: docs/views.md)."""
