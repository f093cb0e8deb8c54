from __future__ import annotations

from ghosttable.ai import Observation, bot_names, make_bot
from ghosttable.ai.ismcts import ISMCTSBot
from ghosttable.core.play import derive_seed, play_game
from tests.toygame import SecretDraw


def test_generic_bots_are_offered_for_every_game() -> None:
    assert {"random", "ismcts"} <= set(bot_names(SecretDraw(2)))


def test_ismcts_picks_a_legal_action_and_never_needs_the_real_state() -> None:
    game = SecretDraw(2)
    state = game.new_initial_state(9)
    bot = ISMCTSBot(game, 0, seed=1, iterations=50)
    action = bot.choose(Observation(state, 0))
    assert action in state.legal_actions(0)


def test_ismcts_outbids_random_play() -> None:
    # Bidding more always helps in Secret Draw, so a search bot should win clearly more than half.
    game = SecretDraw(2, bids="high", swaps=False)
    wins = 0
    games = 60
    for k in range(games):
        seed = derive_seed(7, k)
        bots = [ISMCTSBot(game, 0, seed, iterations=60), make_bot(game, "random", 1, seed + 1)]
        wins += play_game(game, bots, seed).returns()[0] > 0
    assert wins / games > 0.6
