"""Load benchmark of the game server (a script, not a timed test).

Starts `tycoon serve` on 127.0.0.1 on a free port (a subprocess with a fresh SQLite store),
creates N rooms of mixed editions whose seats are all played by bots over real WebSocket
clients (each seat one connection: it answers its own decisions with a random legal action
of its view), plays every game to the end and reports games, accepted actions per second
(all of the server's: the clients', and chance) and the p50/p99 latency of the clients'
actions (send to answer).

With `--instances N --db postgresql://...` it starts N instances on that database (one
cluster, docs/protocol.md "Several instances") and creates the rooms round robin on them;
each room's clients connect to the instance that created it, and follow its `not_owner`
redirect (close 4307) should the room move.

    .venv/bin/python scripts/load_server.py --rooms 200 --turn-limit 8              # saturation
    .venv/bin/python scripts/load_server.py --rooms 200 --think-ms 1000 --spread-s 5  # 1 s a move
    .venv/bin/python scripts/load_server.py --rooms 1000 --instances 3 --db postgresql://...
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
from websockets.exceptions import ConnectionClosed

EDITIONS = ("classic", "wonders", "builder", "metropol")
QUICK = ("roll", "end-turn", "pass", "auction", "reject")


def start_server(db: str, log: Path | None = None) -> tuple[subprocess.Popen[str], str]:
    """`tycoon serve` on a free port over `db`; what it prints goes to `log` (or nowhere)."""
    cmd = [sys.executable, "-m", "tycoon.cli.app", "serve", "--port", "0", "--db", db]
    # every client of the benchmark comes from 127.0.0.1: the per-address caps (64
    # connections, 20 rooms) would otherwise refuse all but the first few rooms
    cmd += ["--bot-delay", "0", "--rate", "100000", "--max-conns", "15000"]
    cmd += ["--conns-per-address", "100000", "--rooms-per-address", "100000"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "listening on" not in line:
        raise SystemExit(f"the server did not start: {line}")
    out = proc.stdout  # drained: a full pipe would stall the server it measures
    sink = log.open("a") if log is not None else None

    def drain() -> None:
        for line in out:
            if sink is not None:
                sink.write(f"[{proc.pid}] {line}")
                sink.flush()

    threading.Thread(target=drain, daemon=True).start()
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
    each action the seat thinks for about `think` seconds (0.5 to 1.5 times it). A
    `not_owner` redirect (close 4307) sends it to the room's owner."""
    accepted = 0
    for _ in range(20):  # a connection, and its reconnections after a redirect
        try:
            done, accepted, url = await _play(url, room_id, token, seat, rng, lat, think, accepted)
        except (ConnectionClosed, OSError):
            done = False
            await asyncio.sleep(0.5)
        if done:
            break
    return accepted


async def _play(
    url: str,
    room_id: str,
    token: str,
    seat: int,
    rng: random.Random,
    lat: list[float],
    think: float,
    accepted: int,
) -> tuple[bool, int, str]:
    """One connection of `seat_client`: (game over, accepted so far, where to connect next)."""
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
            if t == "error" and msg.get("code") == "not_owner":
                return False, accepted, (msg.get("owner") or url).replace("http", "ws", 1)
            if t == "answer" and msg.get("re") == n and waiting:
                lat.append(time.perf_counter() - sent_at)
                waiting = False
                accepted += bool(msg["ok"])
            elif t == "room" and msg["room"]["status"] == "finished":
                return True, accepted, url
            elif t in ("welcome", "update", "view") and msg.get("view"):
                latest = msg
            if waiting or latest is None:
                continue
            view = latest["view"]
            if view["termination"]:
                return True, accepted, url
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
    return False, accepted, url


async def post_as(http: httpx.AsyncClient, url: str, token: str) -> httpx.Response:
    """POST with a bearer token, following `not_owner` redirects with it (an HTTP client
    drops Authorization on a redirect to another origin) and waiting out a takeover."""
    for _ in range(50):
        r = await http.post(url, headers={"Authorization": f"Bearer {token}"})
        if r.status_code == 307:
            url = r.headers["location"]
        elif r.status_code == 503:
            await asyncio.sleep(0.2)
        else:
            break
    if r.status_code != 200:
        raise SystemExit(f"POST {url}: {r.status_code} {r.text}")
    return r


async def run(args: argparse.Namespace, urls: list[str]) -> dict[str, Any]:
    lat: list[float] = []
    async with httpx.AsyncClient(timeout=60) as http:
        rooms = []
        for i in range(args.rooms):
            url = urls[i % len(urls)]  # round robin: each instance owns the rooms it creates
            ed = EDITIONS[i % len(EDITIONS)]
            body = {
                "edition": ed,
                "seats": [{"kind": "human"} for _ in range(args.players)],
                "options": {"turn_limit": args.turn_limit},
                "bot_delay_ms": 0,
            }
            r = (await http.post(f"{url}/api/rooms", json=body)).json()
            r["url"] = url
            tokens = [(r["seat"], r["token"])]
            for _ in range(args.players - 1):
                j = (
                    await http.post(
                        f"{url}/api/rooms/{r['room_id']}/join", json={}, follow_redirects=True
                    )
                ).json()
                tokens.append((j["seat"], j["token"]))
            rooms.append((r, tokens))
        tasks = []
        for k, (r, tokens) in enumerate(rooms):
            ws_url = r["url"].replace("http://", "ws://")
            for seat, token in tokens:
                rng = random.Random(k * 10 + seat)
                tasks.append(
                    seat_client(ws_url, r["room_id"], token, seat, rng, lat, args.think_ms / 1000)
                )
        clients = [asyncio.ensure_future(t) for t in tasks]
        await asyncio.sleep(0.5)  # every connection is up before the start
        t0 = time.perf_counter()
        for r, _ in rooms:  # the starts spread over --spread-s, as games start at any time
            await post_as(http, f"{r['url']}/api/rooms/{r['room_id']}/start", r["host_token"])
            await asyncio.sleep(args.spread_s / args.rooms)
        client_actions = sum(await asyncio.gather(*clients))
        wall = time.perf_counter() - t0
        total = 0
        finished = 0
        for r, _ in rooms:
            got = await http.get(f"{r['url']}/api/rooms/{r['room_id']}", follow_redirects=True)
            room = got.json()
            total += room["version"]
            finished += room["status"] == "finished"
    lat.sort()
    return {
        "instances": len(urls),
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
    p.add_argument(
        "--url",
        action="append",
        help="measure servers already running (started with a high --rate; repeatable)",
    )
    p.add_argument("--db", help="the store of the servers started (default: a fresh SQLite file)")
    p.add_argument(
        "--instances",
        type=int,
        default=1,
        help="servers started on --db (more than one: PostgreSQL)",
    )
    p.add_argument("--server-log", type=Path, help="append what the servers print to this file")
    args = p.parse_args()
    if args.url:
        out = asyncio.run(run(args, [u.rstrip("/") for u in args.url]))
        print(json.dumps(out) if args.json else json.dumps(out, indent=2))
        return
    if args.instances > 1 and not (args.db or "").startswith("postgres"):
        p.error("--instances above 1 needs --db postgresql://... (one store for all)")
    with tempfile.TemporaryDirectory(prefix="tycoon-load-") as d:
        db = args.db or str(Path(d) / "load.db")
        procs = []
        try:
            for _ in range(args.instances):
                procs.append(start_server(db, args.server_log))
            out = asyncio.run(run(args, [url for _, url in procs]))
        finally:
            for proc, _ in procs:
                proc.terminate()
            for proc, _ in procs:
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
    print(json.dumps(out) if args.json else json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
