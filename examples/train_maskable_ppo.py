"""Train a small masked policy (MaskablePPO, sb3-contrib) for one seat against bots.

    pip install -e '.[train]'        # torch (take the CPU build) and sb3-contrib
    python examples/train_maskable_ppo.py --edition classic --opponents basic,basic,basic \
        --minutes 12 --eval-games 100

It measures the win rate of the untrained policy (a masked random-ish start), trains for a
wall-clock budget, measures again on the same evaluation seeds, and prints both. A game won
by k seats together counts 1/k. Short games (`turn_limit` rounds, then the edition's
scores decide) keep episodes short, and a potential-based shaping of the reward by the
learner's share of the scores (`--shaping`) tells every step whether that share rose.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import gymnasium as gym
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env

import tycoon.rl as rl
from tycoon.bots.search import leaf_value


class WallClock(BaseCallback):
    """Stops training after `seconds`."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = 0.0

    def _on_training_start(self) -> None:
        self.start = time.perf_counter()

    def _on_step(self) -> bool:
        return time.perf_counter() - self.start < self.seconds


class StallingLoses(gym.Wrapper):  # type: ignore[type-arg]
    """A truncated episode (the step cap: endless mortgaging, say) scores as a loss, -1;
    otherwise a policy learns that stalling (reward 0) beats losing."""

    def step(self, action: Any) -> Any:
        obs, r, term, trunc, info = self.env.step(action)
        return obs, (-1.0 if trunc and not term else r), term, trunc, info

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()


class ScoreShaping(gym.Wrapper):  # type: ignore[type-arg]
    """Potential-based shaping (Ng et al., 1999): each step adds `coef` x (gamma x phi(s') -
    phi(s)), where phi is the learner's share of the positive scores (`Edition.scores`: net
    worth, builder points, metropol ranking values) and 0 once the game is over. The sum
    over an episode telescopes to a constant, so the best policy is unchanged, but a policy
    that never wins yet still learns which moves raise its share."""

    def __init__(self, env: gym.Env, coef: float, gamma: float) -> None:  # type: ignore[type-arg]
        super().__init__(env)
        self.coef = coef
        self.gamma = gamma
        self.phi = 0.0

    def _phi(self) -> float:
        st = self.env.unwrapped.game.table.st
        if st.termination:
            return 0.0
        return leaf_value(st, self.env.unwrapped.seat, flow_rounds=0)  # the share of scores

    def reset(self, **kwargs: Any) -> Any:
        out = self.env.reset(**kwargs)
        self.phi = self._phi()
        return out

    def step(self, action: Any) -> Any:
        obs, r, term, trunc, info = self.env.step(action)
        phi = 0.0 if term or trunc else self._phi()
        r += self.coef * (self.gamma * phi - self.phi)
        self.phi = phi
        return obs, r, term, trunc, info

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()


def make_env(args: argparse.Namespace) -> rl.TycoonGym:
    return rl.gym_env(
        args.edition,
        opponents=args.opponents.split(","),
        seat=args.seat,
        options={"turn_limit": args.turn_limit},
        windows=args.windows,
        max_steps=args.max_steps,
    )


def win_rate(model: MaskablePPO, args: argparse.Namespace) -> dict[str, Any]:
    """Play `eval_games` games on seeds 10**6 + i with the policy's masked (sampled)
    actions; the learner's share of the wins (a game cut at the step cap is lost)."""
    env = make_env(args)
    wins = 0.0
    steps = truncated = 0
    for i in range(args.eval_games):
        obs, _ = env.reset(seed=10**6 + i)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=False)
            obs, _r, term, trunc, _ = env.step(int(action))
            done = term or trunc
            steps += 1
        truncated += int(trunc and not term)
        w = env.winners()
        if args.seat in w:
            wins += 1.0 / len(w)
    n = args.eval_games
    rate = round(wins / n, 4)
    return {"games": n, "wins": round(wins, 3), "win_rate": rate, "steps": steps, "cut": truncated}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--edition", default="classic")
    p.add_argument("--opponents", default="basic,basic", help="bot names, comma-separated")
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--turn-limit", type=int, default=30, help="rounds; then scores decide")
    p.add_argument("--windows", default="claims", choices=["all", "claims", "none"])
    p.add_argument("--max-steps", type=int, default=600, help="learner decisions per game")
    p.add_argument("--minutes", type=float, default=5.0, help="training wall-clock budget")
    p.add_argument("--eval-games", type=int, default=60)
    p.add_argument("--n-envs", type=int, default=4)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--shaping", type=float, default=1.0, help="score-share shaping (0: off)")
    p.add_argument("--json", default="", help="also write the summary to this file")
    args = p.parse_args()

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    gamma = 0.999

    def train_env() -> gym.Env:  # type: ignore[type-arg]
        env: gym.Env = StallingLoses(make_env(args))  # type: ignore[type-arg]
        return ScoreShaping(env, args.shaping, gamma) if args.shaping else env

    venv = make_vec_env(train_env, n_envs=args.n_envs, seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=512,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=gamma,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        verbose=0,
    )
    t0 = time.perf_counter()
    before = win_rate(model, args)
    t_eval = time.perf_counter() - t0
    print(f"before training: {before}  ({t_eval:.0f} s)", flush=True)
    t0 = time.perf_counter()
    model.learn(total_timesteps=10**9, callback=WallClock(args.minutes * 60))
    t_train = time.perf_counter() - t0
    print(f"trained {model.num_timesteps} steps in {t_train:.0f} s", flush=True)
    after = win_rate(model, args)
    summary = {
        "edition": args.edition,
        "opponents": args.opponents.split(","),
        "turn_limit": args.turn_limit,
        "windows": args.windows,
        "max_steps": args.max_steps,
        "shaping": args.shaping,
        "train_steps": int(model.num_timesteps),
        "train_seconds": round(t_train, 1),
        "train_steps_per_s": round(model.num_timesteps / max(t_train, 1e-9), 1),
        "before": before,
        "after": after,
        "chance_share": round(1.0 / (len(args.opponents.split(",")) + 1), 4),
    }
    print(json.dumps(summary, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=2)


if __name__ == "__main__":
    main()
