"""The ``expert`` search bot, the ``oracle`` and the advisor: secrets, determinism, shape of advice.

Budgets here are tiny (one round of playouts): the tests check behaviour, never strength or time.
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

import pytest

from ghosttable.ai import Observation, advise, bot_names, make_bot
from ghosttable.ai.base import TrueStateObservation, observation_for
from ghosttable.ai.play import play_game
from ghosttable.core import Action
from ghosttable.core.errors import GameError, OptionError
from ghosttable.games.ghost_stories.evaluation import FEATURES, WEIGHTS, features, progress, win_chance
from ghosttable.games.ghost_stories.expert import ExpertBot, OracleBot
from ghosttable.games.ghost_stories.game import GhostStories
from ghosttable.games.ghost_stories.rules import GhostStoriesState
from ghosttable.games.ghost_stories.strategy import HeuristicBot

SMALL = {"work": 1, "min_rounds": 1, "candidates": 3}


def _position(seed: int, decisions: int) -> GhostStoriesState:
    """A game of the heuristic bot, stopped at its first Yang move step after ``decisions`` decisions."""
    game = GhostStories(4)
    st = game.new_initial_state(seed)
    bots = [HeuristicBot(game, s, s) for s in range(4)]
    while not st.is_terminal():
        seat = st.current_player
        if len(st.history) >= decisions and st.decision_name(seat) == "yang_move":
            break
        st.apply(bots[seat].choose(Observation(st, seat)), seat)
    assert not st.is_terminal()
    return st


def _reorder(st: GhostStoriesState, keep_top: bool, seed: int) -> GhostStoriesState:
    """A copy of ``st`` whose deck holds the same cards in another order (incarnations in their
    public places), the top card kept when ``keep_top``."""
    twin = st.clone()
    slots = [i for i, c in enumerate(twin.deck) if twin.card(c).incarnation]
    ghosts = [c for c in twin.deck if not twin.card(c).incarnation]
    top = ghosts.pop() if keep_top else None
    random.Random(seed).shuffle(ghosts)
    if top is not None:
        ghosts.append(top)
    deck = list(twin.deck)
    it = iter(ghosts)
    for i in range(len(deck)):
        if i not in slots:
            deck[i] = next(it)
    assert sorted(deck) == sorted(twin.deck) and deck != twin.deck
    twin.deck = deck
    return twin


@pytest.mark.parametrize(("keep_top", "turn_actions"), [(True, 1), (False, 1), (True, 3)])
def test_the_expert_never_sees_the_deck_order(keep_top: bool, turn_actions: int) -> None:
    st = _position(11, 30)
    other = _reorder(st, keep_top, 5)
    for _ in range(12):  # decisions on both states while they look the same (until a card is drawn)
        seat = st.current_player
        if st.view(seat) != other.view(seat):
            break
        a = ExpertBot(st.game, seat, 99, turn_actions=turn_actions, **SMALL).choose(Observation(st, seat))
        b = ExpertBot(other.game, seat, 99, turn_actions=turn_actions, **SMALL).choose(Observation(other, seat))
        assert a == b
        st.apply(a, seat)
        other.apply(b, seat)
        if st.is_terminal() or other.is_terminal() or st.current_player != other.current_player:
            break


def test_the_advice_never_depends_on_the_deck_order() -> None:
    st = _position(12, 20)
    other = _reorder(st, True, 6)
    seat = st.current_player
    assert advise(st, seat, work=1, seed=3) == advise(other, seat, work=1, seed=3)


def test_a_seeded_expert_game_replays_move_for_move() -> None:
    game = GhostStories(2, level="normal")

    class Enough(Exception):
        pass

    def moves() -> tuple[list[object], int]:
        bots = [ExpertBot(game, s, 40 + s, work=300, min_rounds=1, candidates=3) for s in range(2)]
        seen: list[object] = []
        searched = 0

        def stop(state: object) -> None:
            nonlocal searched
            searched += sum(1 for b in bots if b.last_rounds)
            if len(state.history) >= 40:  # type: ignore[attr-defined]
                seen.extend(state.history)  # type: ignore[attr-defined]
                raise Enough

        with contextlib.suppress(Enough):
            seen = list(play_game(game, bots, 8, on_step=stop).history)
        return [*seen, *bots[0].rng.getstate()[1][:4]], searched

    first, searched = moves()
    assert searched > 0 and len(first) > 4 and moves() == (first, searched)


def test_the_advice_ranks_legal_actions_with_chances() -> None:
    st = _position(13, 10)
    seat = st.current_player
    legal = st.legal_actions(seat)
    before = st.fingerprint()
    advice = advise(st, seat, work=1, seed=1)
    assert st.fingerprint() == before
    assert advice[0].action in legal
    assert sorted(str(a.action) for a in advice) == sorted(str(a) for a in legal)
    assert all(0.0 <= a.chance <= 1.0 and a.playouts >= 1 for a in advice)
    assert [a.chance for a in advice] == sorted((a.chance for a in advice), reverse=True)
    assert advise(st, (seat + 1) % 4, work=1) == []


def test_the_oracle_is_for_measurement_only() -> None:
    game = GhostStories(4)
    assert "expert" in bot_names(game) and "oracle" not in bot_names(game)
    assert "oracle" in bot_names(game, measurement=True)
    with pytest.raises(OptionError):
        make_bot(game, "oracle", 0, 1)
    bot = make_bot(game, "oracle", 0, 1, measurement=True)
    st = _position(14, 10)
    seat = st.current_player
    with pytest.raises(GameError):
        OracleBot(game, seat, 1).choose(Observation(st, seat))
    assert isinstance(observation_for(bot, st, 0), TrueStateObservation)
    assert not isinstance(observation_for(ExpertBot(game, 0, 1), st, 0), TrueStateObservation)
    choice = OracleBot(game, seat, 1, candidates=2).choose(TrueStateObservation(st, seat))
    assert choice in st.legal_actions(seat)


def test_the_lobby_does_not_offer_the_oracle(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from ghosttable.server.app import create_app
    from tests.server.conftest import TEST_SETTINGS

    with TestClient(create_app(f"sqlite:///{tmp_path / 'lobby.db'}", settings=TEST_SETTINGS)) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()}
    assert "expert" in games["ghost-stories"]["bots"] and "oracle" not in games["ghost-stories"]["bots"]


def test_the_evaluation_reads_the_public_table_only() -> None:
    st = _position(15, 25)
    other = _reorder(st, False, 7)
    assert len(features(st)) == len(FEATURES) == len(WEIGHTS)
    assert features(st) == features(other) and progress(st) == progress(other)
    assert 0.0 <= win_chance(progress(st)) <= 1.0
    assert win_chance(-1e9) == 0.0 and win_chance(1e9) == 1.0


def test_forced_steps_cost_no_search() -> None:
    st = _position(16, 10)
    bot = ExpertBot(st.game, 0, 1)
    game = st.game
    while not st.is_terminal():
        seat = st.current_player
        legal = st.legal_actions(seat)
        name = st.decision_name(seat)
        if len(legal) == 1 or name not in bot.searched:
            bot.seat = seat
            choice = bot.choose(Observation(st, seat))
            assert bot.last_work == 0 and choice in legal
            if name not in bot.searched:
                break
        st.apply(HeuristicBot(game, seat, 0).choose(Observation(st, seat)), seat)


def test_a_search_never_passes_its_hard_limit_by_more_than_a_step() -> None:
    from ghosttable.games.ghost_stories.expert import MOVE_WORK, OVERRUN, ROUND_WORK

    st = _position(17, 30)
    game = st.game
    searched = 0
    for _ in range(60):
        if st.is_terminal():
            break
        seat = st.current_player
        bot = ExpertBot(game, seat, 3, work=200, turn_work=200, min_rounds=5)
        choice = bot.choose(Observation(st, seat))
        if bot.last_rounds:
            searched += 1
        # past the limit by one determinization or one playout step at most (its position, its
        # legal actions, far fewer than 200, and a Yang move's weighing)
        assert bot.last_work <= OVERRUN * 200 + max(ROUND_WORK, 1 + 200 + MOVE_WORK)
        st.apply(choice, seat)
    assert searched > 0


def test_once_every_incarnation_is_out_a_search_spends_the_end_budget() -> None:
    from ghosttable.games.ghost_stories.expert import MOVE_WORK, OVERRUN, ROUND_WORK

    step = max(ROUND_WORK, 1 + 200 + MOVE_WORK)
    spent = {}
    for out in (False, True):
        st = _position(17, 30)
        if out:  # the incarnation drawn and gone (its place in the deck is public)
            for c in [c for c in st.deck if st.card(c).incarnation]:
                st.deck.remove(c)
                st.discard.append(c)
        most = 0
        for _ in range(12):
            seat = st.current_player
            bot = ExpertBot(st.game, seat, 3, work=2_000, end_work=200, turn_work=2_000, min_rounds=1)
            choice = bot.choose(Observation(st, seat))
            most = max(most, bot.last_work)
            st.apply(choice, seat)
        spent[out] = most
    assert 0 < spent[True] <= OVERRUN * 200 + step < spent[False] <= OVERRUN * 2_000 + step


def test_the_search_keeps_the_base_choice_when_the_advantage_is_within_its_noise() -> None:
    from ghosttable.core import Action
    from ghosttable.games.ghost_stories.expert import Estimate, pick

    base, other = Action.make("stay"), Action.make("move", tile=1)
    noisy = Estimate(other, rounds=4, paired=0.2, paired_sq=0.2 * 0.2 + 3 * 0.0 + 0.09)
    steady = Estimate(other, rounds=4, paired=0.2, paired_sq=4 * 0.05**2)
    mean, se = noisy.advantage()
    assert mean == pytest.approx(0.05) and se > mean
    assert pick([Estimate(base, rounds=4), noisy], base, 0.002, confidence=1.0) == base
    assert pick([Estimate(base, rounds=4), noisy], base, 0.002, confidence=0.0) == other
    assert pick([Estimate(base, rounds=4), steady], base, 0.002, confidence=1.0) == other


def test_bad_budgets_are_refused() -> None:
    game = GhostStories(4)
    with pytest.raises(ValueError):
        ExpertBot(game, 0, 1, work=0)
    with pytest.raises(ValueError):
        ExpertBot(game, 0, 1, end_work=0)
    with pytest.raises(ValueError):
        ExpertBot(game, 0, 1, turn_work=0)
    with pytest.raises(ValueError):
        ExpertBot(game, 0, 1, turn_actions=0)
    with pytest.raises(ValueError):
        ExpertBot(game, 0, 1, seconds=float("nan"))
    with pytest.raises(ValueError):
        advise(game.new_initial_state(1), 0, work=0)


def test_terminal_play_gives_a_hint(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.clirun import run

    answers = iter(["hint"] + ["1"] * 5000)
    monkeypatch.setattr("rich.console.Console.input", lambda self, prompt="": next(answers))
    monkeypatch.setattr("ghosttable.cli.HINT_WORK", 1)
    code, out, _ = run(
        ["play", "ghost-stories", "--terminal", "--players", "2", "--bot", "heuristic", "--seed", "3"],
        capsys,
        monkeypatch,
    )
    assert code == 0 and "hint" in out and "%" in out and "game over" in out


def _at_yang_move(seed: int, script: dict[str, list[str]] | None = None) -> GhostStoriesState:
    st = GhostStories(4).new_initial_state(seed, script)
    while st.decision_name(st.current_player) != "yang_move":
        st.apply(st.legal_actions()[0])
    return st


def test_circle_and_mantra_bring_a_ghost_to_zero_and_any_roll_exorcises_it() -> None:
    from ghosttable.games.ghost_stories.village import LINES

    st = _at_yang_move(3, {"tao_dice": ["black"] * 12})
    restless_dead = 5  # yellow, resistance yellow 2
    assert st.card(restless_dead).resistance == (("yellow", 2),)
    st.space_card[0] = restless_dead
    st.circle = "yellow"
    st.mantra_space = 0
    assert st.requirements(0) == [(0, 0, 0, 0, 0)]
    st.pos[st.board] = LINES[0][0]
    st.apply("stay")
    st.apply("exorcise")
    assert st.dice == ["black", "black", "black"] and st.space_card[0] == 0  # banished at once


def test_the_circle_lowers_only_its_colour_of_a_many_coloured_ghost() -> None:
    st = _at_yang_move(3)
    hope_killer, nameless = 58, 65
    st.space_card[1] = hope_killer
    st.space_card[2] = nameless
    st.circle = "red"
    assert st.requirements(1) == [(1, 2, 2, 2, 0)] and st.requirements(2) == [(0, 1, 1, 1, 1)]
    st.circle = "black"
    assert st.requirements(1) == [(2, 2, 2, 2, 0)] and st.requirements(2) == [(1, 1, 1, 1, 0)]


def test_a_taoist_whose_last_qi_its_board_takes_is_doomed() -> None:
    from ghosttable.games.ghost_stories.village import board_spaces

    st = _at_yang_move(4)
    doomed = FEATURES.index("doomed")
    board = (st.board + 2) % 4
    spaces = board_spaces(board)
    plain = [c for c in range(1, 56) if not st.card(c).arrival and not st.card(c).yin]
    for s in spaces:
        st.space_card[s] = 0
    st.qi[board] = 1
    assert features(st)[doomed] == 0.0
    for s, c in zip(spaces, plain, strict=False):
        st.space_card[s] = c
    assert features(st)[doomed] == 1.0  # a full board: its Yin phase takes the last Qi
    before = progress(st)
    st.qi[board] = 2
    assert features(st)[doomed] == 0.0 and progress(st) > before


def test_the_search_weighs_the_yin_yang_against_the_step_it_is_spent_in() -> None:
    from ghosttable.games.ghost_stories.expert import candidate_actions, yin_yang_candidates

    st = _at_yang_move(5)
    st.haunted[4] = True
    policy = HeuristicBot(st.game, st.board, 0)
    legal = st.legal_actions()
    assert st.yin_yang[st.board]
    spend = yin_yang_candidates(policy, st, legal)
    assert spend and spend[0].kind == "yin_yang_restore" and all(a in legal for a in spend)
    cands = candidate_actions(policy, st, legal, 4)
    assert len(cands) == 4 and cands[-1] == spend[0]
    assert all(a.kind in ("move", "stay") for a in cands[:-1])
    st.apply(cands[0])
    while st.decision_name(st.board) != "yang_buddha":
        st.apply("skip_action" if "skip_action" in [a.kind for a in st.legal_actions()] else st.legal_actions()[0])
    legal = st.legal_actions()
    cands = candidate_actions(policy, st, legal, 4)
    assert Action.make("end_turn") in cands and cands[-1].kind.startswith("yin_yang") and set(cands) <= set(legal)


def test_a_yang_move_weighs_whole_turns() -> None:
    from ghosttable.games.ghost_stories.expert import Search, candidate_actions, follow_up, turn_plans

    st = _position(18, 30)
    seat = st.board
    policy = HeuristicBot(st.game, seat, 0)
    legal = st.legal_actions(seat)
    base = policy.decide(st, legal)
    moves = [base, *(a for a in candidate_actions(policy, st, legal, 4) if a != base)][:4]
    cands, follows = turn_plans(policy, st, seat, moves, 3)
    assert cands[0] == base and follows[0] == ()
    assert len(cands) == len(follows) and len(set(zip(cands, follows, strict=True))) == len(cands)
    assert set(cands) == set(moves) and len(cands) > len(moves)
    for move, plan in zip(cands, follows, strict=True):
        after = st.clone()
        after.apply(move, seat)
        assert all(a in after.legal_actions(seat) for a in plan)  # an action open on the tile moved to
        assert len(plan) <= 1 and (not plan or after.decision_name(seat) == "yang_action")
        if plan:  # the plan is played as it stands while it is legal
            played, by_hand = after.clone(), after.clone()
            by_hand.apply(plan[0], seat)
            assert follow_up(played, seat, plan) > 0
            assert (played.phase, played.pending, played.space_card, played.qi, played.tokens) == (
                by_hand.phase,
                by_hand.pending,
                by_hand.space_card,
                by_hand.qi,
                by_hand.tokens,
            )
    # the search plays each plan: a follow-up is what its playouts hold after the move
    before = st.fingerprint()
    estimates, rounds, _ = Search().run(
        lambda rng: st.clone(), seat, cands, base, random.Random(1), work=1, first_round=True, follows=follows
    )
    assert st.fingerprint() == before and rounds == 1
    assert [(e.action, e.follow) for e in estimates] == list(zip(cands, follows, strict=True))
    assert all(e.rounds == 1 for e in estimates)


def test_the_pavilion_is_valued_as_the_walk_over_its_every_move() -> None:
    """The heuristic's short way to the Pavilion's best move (the playouts' dearest help) gives
    the move and value of the walk over every (ghost, free space) pair, on positions of games."""
    game = GhostStories(4)
    compared = 0
    for seed in range(4):
        st = game.new_initial_state(seed)
        bots = [HeuristicBot(game, s, s) for s in range(4)]
        while not st.is_terminal():
            seat = st.current_player
            if st.decision_name(seat) == "yang_move":
                t, bot = st.board, bots[seat]
                pos = st.tiles.index("pavilion")
                best: tuple[float, Action | None] = (0.0, None)
                for prm in st._help_params(t, pos):
                    v = bot._help_param_value(st, t, pos, prm, sum(st.haunted), st.haunted_limit())
                    if v > best[0]:
                        best = (v, Action.make("ask_help", tile=pos, **prm))
                assert bot.help_value(st, t, pos) == best or st.haunted[pos]
                compared += best[1] is not None
            st.apply(bots[seat].choose(Observation(st, seat)), seat)
    assert compared >= 10
