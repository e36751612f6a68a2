"""Generic agents over the Ruleset protocol: random, greedy one-ply and ISMCTS; no pygame."""

from game.ai.base import Agent, Budget, RandomAgent, play_out, set_time_caps
from game.ai.greedy import GreedyAgent
from game.ai.ismcts import ISMCTSAgent

__all__ = ["Agent", "Budget", "GreedyAgent", "ISMCTSAgent", "RandomAgent", "play_out", "set_time_caps"]
