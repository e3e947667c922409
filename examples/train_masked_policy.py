"""Train a small masked policy against the ``random`` bot, with NumPy alone.

The policy scores each legal action (the mask's ones) by a linear function
of a few features read from the observation — the bonus its slot pays,
the shapes a tile there would make, the tile's value, whether it draws or
passes — and samples from the softmax of those scores. REINFORCE with a
running baseline trains it on whole rounds of the Gymnasium environment,
rewarded by the round's result (+1 won, -1 lost, heads-up). With all
weights zero it is a uniformly random masked policy, so the first rounds
show what random play scores against ``random`` (about 0).

    python examples/train_masked_policy.py                    # about 3 minutes
    python examples/train_masked_policy.py --seconds 5        # a quick look
    python examples/train_masked_policy.py --plot curve.png   # with the learning curve

Every ``--report`` rounds it prints the mean reward of those rounds; at the
end it evaluates the untrained policy, the trained one and the trained one
playing its likeliest action, on the same fixed deals. The plot needs
matplotlib (a dependency of triominoes).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

from triominoes import rl

Vector = npt.NDArray[np.float64]
FEATURES = 12


class Policy:
    """A linear softmax policy over the features of the legal actions."""

    def __init__(self, env: rl.TriominoesGymEnv) -> None:
        space = env.space
        self.choices = space.choices
        self.draw = space.draw
        self.layout = env.layout
        # Per tile reading: its value (sum of its numbers) / 15 and whether it is a triple.
        numbers = np.array(space.readings.numbers, dtype=np.float64)
        self.value = numbers.sum(axis=1) / 15.0
        self.triple = (numbers.min(axis=1) == numbers.max(axis=1)).astype(np.float64)
        self.weights = np.zeros(FEATURES)

    def features(self, observation: dict[str, npt.NDArray[np.generic]]) -> tuple[Vector, Vector]:
        """The legal action ids and one row of features per action."""
        legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
        slots = self.layout.split(observation["observation"].astype(np.float64))["slots"]
        rows = np.zeros((len(legal), FEATURES))
        place = legal < self.draw
        slot = legal[place] // self.choices
        choice = legal[place] % self.choices
        cells = slots[slot]
        rows[place, 0] = cells[:, 31]  # the bonus this slot pays
        rows[place, 1:4] = cells[:, 25:28]  # completes 1, 2, 3 hexagons
        rows[place, 4:7] = cells[:, 28:31]  # bridge, two-sided, corner only
        rows[place, 7] = self.value[choice]
        rows[place, 8] = self.triple[choice]
        # How many corners are fixed already (a tightly fitting tile).
        free = cells[:, 10] + cells[:, 17] + cells[:, 24]
        rows[place, 9] = (3 - free) / 3
        rows[legal == self.draw, 10] = 1.0
        rows[legal == self.draw + 1, 11] = 1.0
        return legal.astype(np.float64), rows

    def act(
        self,
        observation: dict[str, npt.NDArray[np.generic]],
        rng: np.random.Generator,
        greedy: bool = False,
    ) -> tuple[int, Vector]:
        """A sampled action (or the likeliest) and the gradient of its log-probability."""
        legal, rows = self.features(observation)
        scores = rows @ self.weights
        scores -= scores.max()
        chances = np.exp(scores)
        chances /= chances.sum()
        index = int(np.argmax(scores)) if greedy else int(rng.choice(len(legal), p=chances))
        return int(legal[index]), rows[index] - chances @ rows


def play_round(
    env: rl.TriominoesGymEnv,
    policy: Policy,
    rng: np.random.Generator,
    seed: int | None = None,
    greedy: bool = False,
) -> tuple[float, list[Vector]]:
    """One round (an episode); its reward and the log-probability gradients."""
    observation, _ = env.reset(seed=seed)
    gradients = []
    total = 0.0
    while True:
        action, gradient = policy.act(observation, rng, greedy)
        gradients.append(gradient)
        observation, reward, terminated, truncated, _ = env.step(action)
        total += reward
        if terminated or truncated:
            return total, gradients


def evaluate(env: rl.TriominoesGymEnv, policy: Policy, rounds: int, greedy: bool = False) -> float:
    """The mean reward over the same ``rounds`` deals (seeds 10,000 on)."""
    rng = np.random.default_rng(0)
    results = [play_round(env, policy, rng, 10_000 + i, greedy)[0] for i in range(rounds)]
    return float(np.mean(results))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=180.0, help="training time")
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate")
    parser.add_argument("--report", type=int, default=250, help="rounds per printed line")
    parser.add_argument("--evaluate", type=int, default=400, help="rounds per evaluation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", type=Path, help="write the learning curve here (PNG)")
    args = parser.parse_args()

    env = rl.gym_env("standard", 2, opponents="random", episode="round", reward="round")
    policy = Policy(env)
    rng = np.random.default_rng(args.seed)
    env.reset(seed=args.seed)
    baseline = 0.0
    curve: list[tuple[int, float]] = []
    window: list[float] = []
    rounds = 0
    start = time.perf_counter()
    print(f"training against random for {args.seconds:.0f} s (mean round reward: +1 win, -1 loss)")
    while time.perf_counter() - start < args.seconds:
        reward, gradients = play_round(env, policy, rng)
        # A round's actions share its result; the baseline centres it.
        policy.weights += args.rate * (reward - baseline) * np.sum(gradients, axis=0)
        baseline += 0.01 * (reward - baseline)
        window.append(reward)
        rounds += 1
        if len(window) == args.report:
            curve.append((rounds, float(np.mean(window))))
            print(f"rounds {rounds:6d}  mean reward {curve[-1][1]:+.3f}")
            window = []
    print(f"{rounds} rounds in {time.perf_counter() - start:.0f} s; weights:")
    names = ["bonus", "hex1", "hex2", "hex3", "bridge", "two-sided", "corner", "value",
             "triple", "fixed", "draw", "pass"]  # fmt: skip
    print("  " + "  ".join(f"{n} {w:+.2f}" for n, w in zip(names, policy.weights, strict=True)))
    before = evaluate(env, Policy(env), args.evaluate)
    trained = evaluate(env, policy, args.evaluate)
    likeliest = evaluate(env, policy, args.evaluate, greedy=True)
    print(f"evaluation on {args.evaluate} fixed rounds (mean reward, round wins):")
    for name, value in (
        ("untrained (uniform over the mask)", before),
        ("trained, sampling", trained),
        ("trained, its likeliest action", likeliest),
    ):
        print(f"  {name:34} {value:+.3f}  {(value + 1) / 2:.0%}")
    if args.plot is not None:
        plot(curve, before, trained, args.plot)


def plot(curve: list[tuple[int, float]], before: float, after: float, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    if curve:
        axes.plot(*zip(*curve, strict=True), marker=".", label="training (mean per report)")
    axes.axhline(before, color="grey", linestyle=":", label=f"untrained {before:+.2f}")
    axes.axhline(after, color="green", linestyle="--", label=f"trained {after:+.2f}")
    axes.set_xlabel("rounds")
    axes.set_ylabel("mean round reward vs random")
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    print(f"learning curve: {path}")


if __name__ == "__main__":
    main()
