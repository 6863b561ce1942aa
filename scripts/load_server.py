"""Load benchmark of the game server (a script, not a timed test).

Starts `tycoon serve` on 127.0.0.1 on a free port (a subprocess with a fresh SQLite store),
creates N rooms of mixed editions whose seats are all played by bots over real WebSocket
clients (each seat one connection: it answers its own decisions with a random legal action
of its view), plays every game to the end and reports games, accepted actions per second
(all of the server's: the clients', and chance) and the p50/p99 latency of the clients'
actions (send to answer).

    .venv/bin/python scripts/load_server.py --rooms 200 --turn-limit 8              # saturation
    .venv/bin/python scripts/load_server.py --rooms 200 --think-ms 1000 --spread-s 5  # 1 s a move
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

EDITIONS = ("classic", "wonders", "builder", "metropol")
QUICK = ("roll", "end-turn", "pass", "auction", "reject")


def start_server(db: str) -> tuple[subprocess.Popen[str], str]:
    cmd = [sys.executable, "-m", "tycoon.cli.app", "serve", "--port", "0", "--db", db]
    # every client of the benchmark comes from 127.0.0.1: the per-address caps (64
    # connections, 20 rooms) would otherwise refuse all but the first few rooms
    cmd += ["--bot-delay", "0", "--rate", "100000"]
    cmd += ["--conns-per-address", "100000", "--rooms-per-address", "100000"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "listening on" not in line:
        raise SystemExit(f"the server did not start: {line}")
    out = proc.stdout  # drained: a full pipe would stall the server it measures
    threading.Thread(target=lambda: [None for _ in out], daemon=True).start()
    return proc, line.split("listening on ")[1].split()[0].rstrip("/")


async def seat_client(
    url: str,
    room_id: str,
    token: str,
    seat: int,
    rng: random.Random,
    lat: list[float],
    think: float,
) -> int:
    """Play one seat to the end of the game; returns the actions it had accepted. Before
    each action the seat thinks for about `think` seconds (0.5 to 1.5 times it)."""
    accepted = 0
    async with websockets.connect(
        f"{url}/ws/rooms/{room_id}?token={token}", max_size=1 << 22
    ) as ws:
        sent_at = 0.0
        n = 0
        waiting = False
        latest: dict[str, Any] | None = None
        async for raw in ws:
            msg = json.loads(raw)
            t = msg.get("type")
            if t == "answer" and msg.get("re") == n and waiting:
                lat.append(time.perf_counter() - sent_at)
                waiting = False
                accepted += bool(msg["ok"])
            elif t == "room" and msg["room"]["status"] == "finished":
                return accepted
            elif t in ("welcome", "update", "view") and msg.get("view"):
                latest = msg
            if waiting or latest is None:
                continue
            view = latest["view"]
            if view["termination"]:
                return accepted
            if view["current_player"] != seat or not view["legal_actions"]:
                continue
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            legal = view["legal_actions"]
            quick = [a for a in legal if a in QUICK]
            act = rng.choice(quick) if quick and rng.random() < 0.8 else rng.choice(legal)
            n += 1
            sent_at = time.perf_counter()
            waiting = True
            latest = None  # act again only on a view newer than this action
            await ws.send(json.dumps({"type": "action", "action": act, "id": n}))
    return accepted


async def run(args: argparse.Namespace, url: str) -> dict[str, Any]:
    lat: list[float] = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        rooms = []
        for i in range(args.rooms):
            ed = EDITIONS[i % len(EDITIONS)]
            body = {
                "edition": ed,
                "seats": [{"kind": "human"} for _ in range(args.players)],
                "options": {"turn_limit": args.turn_limit},
                "bot_delay_ms": 0,
            }
            r = (await http.post("/api/rooms", json=body)).json()
            tokens = [(r["seat"], r["token"])]
            for _ in range(args.players - 1):
                j = (await http.post(f"/api/rooms/{r['room_id']}/join", json={})).json()
                tokens.append((j["seat"], j["token"]))
            rooms.append((r, tokens))
        ws_url = url.replace("http://", "ws://")
        tasks = []
        for k, (r, tokens) in enumerate(rooms):
            for seat, token in tokens:
                rng = random.Random(k * 10 + seat)
                tasks.append(
                    seat_client(ws_url, r["room_id"], token, seat, rng, lat, args.think_ms / 1000)
                )
        clients = [asyncio.ensure_future(t) for t in tasks]
        await asyncio.sleep(0.5)  # every connection is up before the start
        t0 = time.perf_counter()
        for r, _ in rooms:  # the starts spread over --spread-s, as games start at any time
            await http.post(
                f"/api/rooms/{r['room_id']}/start",
                headers={"Authorization": f"Bearer {r['host_token']}"},
            )
            await asyncio.sleep(args.spread_s / args.rooms)
        client_actions = sum(await asyncio.gather(*clients))
        wall = time.perf_counter() - t0
        total = 0
        finished = 0
        for r, _ in rooms:
            room = (await http.get(f"/api/rooms/{r['room_id']}")).json()
            total += room["version"]
            finished += room["status"] == "finished"
    lat.sort()
    return {
        "rooms": args.rooms,
        "players": args.players,
        "turn_limit": args.turn_limit,
        "think_ms": args.think_ms,
        "spread_s": args.spread_s,
        "games_finished": finished,
        "seconds": round(wall, 2),
        "accepted_actions": total,
        "accepted_actions_per_s": round(total / wall, 1),
        "client_actions": client_actions,
        "client_actions_per_s": round(client_actions / wall, 1),
        "latency_ms_p50": round(1000 * statistics.median(lat), 2) if lat else None,
        "latency_ms_p99": round(1000 * lat[int(0.99 * (len(lat) - 1))], 2) if lat else None,
        "latency_ms_max": round(1000 * lat[-1], 2) if lat else None,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rooms", type=int, default=200)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--turn-limit", type=int, default=8)
    p.add_argument(
        "--think-ms",
        type=float,
        default=0,
        help="a seat's mean pause before each action (0: act at once, the saturation test)",
    )
    p.add_argument(
        "--spread-s", type=float, default=0, help="seconds over which the games start (0: at once)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object only")
    p.add_argument("--url", help="measure a server already running (started with a high --rate)")
    args = p.parse_args()
    if args.url:
        out = asyncio.run(run(args, args.url.rstrip("/")))
        print(json.dumps(out) if args.json else json.dumps(out, indent=2))
        return
    with tempfile.TemporaryDirectory(prefix="tycoon-load-") as d:
        proc, url = start_server(str(Path(d) / "load.db"))
        try:
            out = asyncio.run(run(args, url))
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    print(json.dumps(out) if args.json else json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
