"""The play protocol: seats and tokens, refusals that change nothing, and what each seat is sent."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from ghosttable import registry
from ghosttable.core import TERMINAL, Action, Game, GameSpec, State
from ghosttable.core.records import replay_states
from ghosttable.registry import load
from ghosttable.server.protocol import LogEntry, action_is_public, state_message
from ghosttable.server.rooms import Room
from tests.server.conftest import LogKeeper, new_table

ME = {"kind": "me"}


class Player:
    """One WebSocket connection, reading every message it is sent."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.ref = 0
        self.keeper = LogKeeper()

    def recv(self) -> dict[str, Any]:
        """The next message, a ``state`` with the whole log (kept from the messages before)."""
        message: dict[str, Any] = self.keeper.whole(self.ws.receive_json())
        self.seen.append(message)
        return message

    def hello(self, token: str | None) -> dict[str, Any]:
        self.ws.send_json({"type": "hello", "token": token})
        return self.recv()

    def request(self, message: dict[str, Any] | str) -> dict[str, Any]:
        """Send ``message`` (tagged with a fresh ``ref`` when it is a dict) and return its answer."""
        self.ref += 1
        if isinstance(message, dict):
            message = {**message, "ref": self.ref}
            self.ws.send_json(message)
        else:
            self.ws.send_text(message)
        while True:
            reply = self.recv()
            if reply["type"] in ("accepted", "error", "pong"):
                return reply

    def act(self, action: Any, version: int, **extra: Any) -> dict[str, Any]:
        return self.request({"type": "act", "action": action, "version": version, **extra})

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.seen if m["type"] == "state"]


def room_of(client: TestClient, table_id: str) -> Room:
    room: Room = client.app.state.hub.rooms[table_id]  # type: ignore[attr-defined]
    return room


def stored_actions(client: TestClient, table_id: str) -> int:
    data = client.app.state.store.load_table(table_id)  # type: ignore[attr-defined]
    return len(data.actions)


def test_hello_gives_the_seat_its_own_view(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    room = room_of(client, table["table"])
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        player = Player(ws)
        welcome = player.hello(table["tokens"]["1"])
        assert welcome["type"] == "welcome" and welcome["seat"] == 1 and welcome["role"] == "player"
        state = player.recv()
        assert state["type"] == "state" and state["seat"] == 1
        assert state["view"] == room.state.view(1)
        assert [a["text"] for a in state["decision"]["actions"]] == ["bid amount=0", "bid amount=1", "bid amount=2"]


def test_a_seat_token_cannot_act_for_another_seat(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    tid = table["table"]
    room = room_of(client, tid)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0, client.websocket_connect(f"/ws/tables/{tid}") as ws1:
        p0, p1 = Player(ws0), Player(ws1)
        p0.hello(table["tokens"]["0"])
        p1.hello(table["tokens"]["1"])
        assert p0.act({"kind": "bid", "amount": 1}, 0)["type"] == "accepted"
        assert p1.act({"kind": "bid", "amount": 2}, 1)["type"] == "accepted"
        # The swap phase starts with seat 0: seat 1's token cannot take seat 0's turn.
        before = room.state.fingerprint()
        refused = p1.act("keep", 2, seat=0)
        assert refused["type"] == "error" and refused["code"] == "wrong_seat"
        refused = p1.act("keep", 2)
        assert refused["code"] == "not_your_turn"
        assert room.state.fingerprint() == before and stored_actions(client, tid) == 2
        # A token of another table, or a made-up one, holds no seat here.
        other = new_table(client, [ME, ME])
        with client.websocket_connect(f"/ws/tables/{tid}") as ws2:
            p2 = Player(ws2)
            assert p2.hello(other["tokens"]["0"])["code"] == "bad_token"
            assert p2.hello("x" * 32)["code"] == "bad_token"
            assert p2.act("keep", 2)["code"] == "hello_first"
        assert room.state.fingerprint() == before and stored_actions(client, tid) == 2
        assert p0.act("keep", 2)["type"] == "accepted"


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("{not json", "malformed_message"),
        ("[1, 2]", "malformed_message"),
        ('"hello"', "malformed_message"),
        ('{"type": "shout"}', "malformed_message"),
        ('{"type": "act", "action": {"kind": "bid", "amount": 1}}', "malformed_message"),
        ('{"type": "act", "action": {"kind": "bid", "amount": 1}, "version": "0"}', "malformed_message"),
        ('{"type": "act", "action": 5, "version": 0}', "malformed_message"),
        ('{"type": "act", "action": {"kind": "bid", "amount": 1}, "version": 0, "seat": "0"}', "malformed_message"),
        ('{"type": "act", "action": {"kind": 5}, "version": 0}', "malformed_action"),
        ('{"type": "act", "action": {"kind": "bid", "amount": 1.5}, "version": 0}', "malformed_action"),
        ('{"type": "act", "action": "bid amount", "version": 0}', "malformed_action"),
        ('{"type": "act", "action": {"kind": "bid", "amount": 7}, "version": 0}', "illegal_action"),
        ('{"type": "act", "action": {"kind": "swap"}, "version": 0}', "illegal_action"),
        ('{"type": "hello", "token": null}', "malformed_message"),
        ('{"type": "ping", "ref": NaN}', "malformed_message"),
        ('{"type": "ping", "ref": "\\ud800"}', "malformed_message"),
        ('{"type": "hello", "token": "\\ud800"}', "malformed_message"),
        ('{"type": "act", "action": {"kind": "bid", "amount": 1, "amount": 2}, "version": 0}', "malformed_message"),
        ('{"type": "act", "action": {"kind": "bid", "amount": true}, "version": 0}', "illegal_action"),
        ('{"type": "act", "action": {"kind": "bid", "amount": 1e999}, "version": 0}', "malformed_message"),
        ('{"type": "act", "action": {"kind": "bid", "amount": -Infinity}, "version": 0}', "malformed_message"),
        ('{"type": "act", "action": "' + "x" * 70000 + '", "version": 0}', "malformed_message"),
        ("[" * 5000 + "]" * 5000, "malformed_message"),
        (
            '{"type": "act", "ref": 1, "action": {"kind": "bid", "amount": '
            + "[" * 3000
            + "]" * 3000
            + '}, "version": 0}',
            "malformed_message",
        ),
    ],
)
def test_malformed_messages_get_a_structured_error_and_change_nothing(
    make_client: Callable[..., TestClient], raw: str, code: str
) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    tid = table["table"]
    room = room_of(client, tid)
    before = room.state.fingerprint()
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        player = Player(ws)
        player.hello(table["tokens"]["0"])
        reply = player.request(raw)
        assert reply["type"] == "error"
        assert reply["code"] == code
        assert isinstance(reply["reason"], str) and reply["reason"]
        # The connection still works, and the table is untouched.
        assert player.request({"type": "ping"})["type"] == "pong"
    assert room.state.fingerprint() == before
    assert stored_actions(client, tid) == 0


def test_stale_and_out_of_turn_messages_are_refused_and_change_nothing(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    tid = table["table"]
    room = room_of(client, tid)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws0, client.websocket_connect(f"/ws/tables/{tid}") as ws1:
        p0, p1 = Player(ws0), Player(ws1)
        p0.hello(table["tokens"]["0"])
        p1.hello(table["tokens"]["1"])
        # Sealed bids are made at once: another seat's bid does not make a bid stale.
        assert p0.act({"kind": "bid", "amount": 0}, 0)["type"] == "accepted"
        assert p1.act({"kind": "bid", "amount": 1}, 0)["type"] == "accepted"
        before, stored = room.state.fingerprint(), stored_actions(client, tid)
        # A version from the future, and one from before seat 0's decision began, are stale.
        for version in (99, 1):
            reply = p0.act("keep", version)
            assert reply["code"] == "stale", reply
            assert ("ahead of the table" in reply["reason"]) == (version == 99), reply
        # Seat 1 is not to act until seat 0 has chosen.
        assert p1.act("keep", 2)["code"] == "not_your_turn"
        # Bidding again is not a choice any more.
        assert p0.act({"kind": "bid", "amount": 2}, 2)["code"] == "illegal_action"
        assert room.state.fingerprint() == before and stored_actions(client, tid) == stored
        assert p0.act("swap", 2)["type"] == "accepted"
        # Seat 1's decision began at version 3: a choice made at version 2 is stale.
        assert p1.act("keep", 2)["code"] == "stale"
        assert p1.act("keep", 3)["type"] == "accepted"
        assert room.finished
        assert p1.act("keep", 4)["code"] == "game_over"
        assert stored_actions(client, tid) == 4


def test_spectators_see_the_public_view_and_cannot_act(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    room = room_of(client, table["table"])
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        player = Player(ws)
        assert player.hello(None)["role"] == "spectator"
        state = player.recv()
        assert state["view"] == room.state.view(None) and state["decision"] is None
        assert state["view"]["my_card"] is None
        assert player.act({"kind": "bid", "amount": 1}, 0)["code"] == "spectator"
    assert room.version == 0


def test_unknown_table_is_an_error(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["code"] == "unknown_table"
    assert client.get("/api/tables/nope").json()["code"] == "unknown_table"


def _contains(haystack: Any, needle: Any) -> bool:
    if haystack == needle:
        return True
    if isinstance(haystack, dict):
        return any(_contains(v, needle) for v in haystack.values())
    if isinstance(haystack, list):
        return any(_contains(v, needle) for v in haystack)
    return False


def test_messages_to_a_seat_never_hold_another_seats_secrets(make_client: Callable[..., TestClient]) -> None:
    """Three seats play whole games; every message each seat got is checked against the state it
    was built from: the seat's own view, no deck order, no other seat's card or sealed bid."""
    client = make_client()
    for game_no in range(6):
        table = new_table(client, [ME, ME, ME], players=3)
        tid = table["table"]
        with (
            client.websocket_connect(f"/ws/tables/{tid}") as w0,
            client.websocket_connect(f"/ws/tables/{tid}") as w1,
            client.websocket_connect(f"/ws/tables/{tid}") as w2,
            client.websocket_connect(f"/ws/tables/{tid}") as w3,
        ):
            players = [Player(w0), Player(w1), Player(w2)]
            spectator = Player(w3)
            for seat, p in enumerate(players):
                p.hello(table["tokens"][str(seat)])
            spectator.hello(None)
            room = room_of(client, tid)
            rng = random.Random(game_no)
            while not room.finished:
                for seat in room.state.acting_seats():
                    actions = room.state.legal_actions(seat)
                    assert players[seat].act(rng.choice(actions).to_json(), room.version)["type"] == "accepted"
            # Drain what is left: every connection gets the final state.
            for p in [*players, spectator]:
                while not p.states() or p.states()[-1]["version"] < room.version:
                    p.recv()
        states = list(replay_states(room.state.record()))
        for seat, p in enumerate([*players, spectator]):
            viewer = None if seat == 3 else seat
            for message in p.states():
                state = states[message["version"]]
                assert message["view"] == state.view(viewer)
                text = json.dumps(message)
                assert str(room.state.seed) not in text
                if state.is_terminal():
                    continue
                for secret in state.secrets(viewer):
                    assert not _contains(message, json.loads(json.dumps(secret)))
                assert message["view"]["cards"] is None
                for entry in message["log"]:
                    if entry["seat"] != viewer:
                        assert entry["text"] is None and entry["action"] is None and entry["decision"] is None


def test_a_seat_message_is_the_same_whatever_it_cannot_know(secret_draw: type) -> None:
    """The message built for a seat is unchanged when everything hidden from it is resampled."""
    game = load("secret-draw", players=3)
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        state = game.new_initial_state(seed)
        log: list[LogEntry] = []
        while not state.is_terminal():
            for viewer in (0, 1, 2, None):
                seats = [
                    {"seat": s, "name": n, "kind": "human", "bot": None, "claimed": True, "connected": True}
                    for s, n in enumerate(game.seat_names())
                ]
                mine = state_message(state, viewer, table_id="t", seats=seats, log=log)
                twin = state.determinize(viewer, rng)
                assert state_message(twin, viewer, table_id="t", seats=seats, log=log) == mine
                checked += 1
            seat = state.acting_seats()[0]
            action = rng.choice(state.legal_actions(seat))
            log.append(LogEntry(len(log), seat, action, False, state.decision_name(seat), False))
            state.apply(action, seat)
    assert checked > 300


def test_binary_frames_are_refused_as_malformed(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        ws.send_bytes(b"\xff\xfe\x00")
        assert ws.receive_json()["code"] == "malformed_message"
        player = Player(ws)
        assert player.hello(table["tokens"]["0"])["type"] == "welcome"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "no-such-game"}, "unknown_game"),
        ({"game": "secret-draw", "players": 9}, "bad_option"),
        ({"game": "secret-draw", "options": {"bids": "huge"}}, "bad_option"),
        ({"game": "secret-draw", "options": {"nope": 1}}, "bad_option"),
        ({"game": "secret-draw", "seats": [{"kind": "robot"}]}, "malformed_request"),
        ({"game": "secret-draw", "seats": [{"kind": "ai", "bot": "oracle"}]}, "bad_option"),
        ({"game": "secret-draw", "seats": [ME, ME, ME]}, "bad_option"),
        ({"game": "secret-draw", "seats": [5]}, "malformed_request"),
        ({"game": 5}, "malformed_request"),
        ({"game": "secret-draw", "players": "2"}, "malformed_request"),
        ({"game": "secret-draw", "options": []}, "malformed_request"),
        ({"game": "secret-draw", "options": None}, "malformed_request"),
        ({"game": "secret-draw", "seats": "x"}, "malformed_request"),
        ({"game": "old-house", "options": {"house": "/etc/passwd"}}, "bad_option"),
        ({"game": "old-house", "options": {"house": "data/house.toml"}}, "bad_option"),
        # one spelling per option value, as on the command line
        ({"game": "secret-draw", "options": {"swaps": "yes"}}, "bad_option"),
        ({"game": "secret-draw", "options": {"swaps": "0"}}, "bad_option"),
        ({"game": "secret-draw", "options": {"swaps": 1}}, "bad_option"),
        ({"game": "ghost-stories", "options": {"initiation-qi": "05"}}, "bad_option"),
        ({"game": "ghost-stories", "options": {"initiation-qi": 5.0}}, "bad_option"),
        ({"game": "ghost-stories", "options": {"initiation-qi": "+5"}}, "bad_option"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(make_client: Callable[..., TestClient], body: Any, code: str) -> None:
    client = make_client()
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == code and response.json()["reason"]
    if body.get("seats") == [5]:
        assert "must be an object" in response.json()["reason"]
    assert client.post("/api/my-tables", json={"tokens": "x"}).json()["code"] == "malformed_request"
    lone = client.post(
        "/api/my-tables", content='{"tokens": ["\\ud800"]}', headers={"content-type": "application/json"}
    )
    assert lone.status_code == 400 and lone.json()["code"] == "malformed_request"
    assert "lone surrogate" in lone.json()["reason"]
    assert client.post("/api/my-tables", json={"tokens": [1]}).status_code == 400
    huge = client.post("/api/my-tables", json={"tokens": ["x" * 70_000]})
    assert huge.status_code == 413 and huge.json()["code"] == "malformed_request"


def test_an_invitation_is_claimed_once(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, {"kind": "invite"}])
    tid, code = table["table"], table["invites"]["1"]
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["claimed"] is False
    assert client.post(f"/api/tables/{tid}/join", json={"code": "wrong"}).status_code == 403
    joined = client.post(f"/api/tables/{tid}/join", json={"code": code}).json()
    assert joined["seat"] == 1 and joined["token"] not in (code, table["tokens"]["0"])
    again = client.post(f"/api/tables/{tid}/join", json={"code": code})
    assert again.status_code == 409 and again.json()["code"] == "seat_taken"
    assert client.get(f"/api/tables/{tid}").json()["seats"][1]["claimed"] is True
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert Player(ws).hello(joined["token"])["seat"] == 1
    summary = client.get(f"/api/tables/{tid}").text
    assert code not in summary and joined["token"] not in summary


class Tally(Game):
    """One seat says "tick" three times: the same decision point, again and again."""

    spec = GameSpec(
        name="tally",
        title="Tally",
        min_players=1,
        max_players=1,
        default_players=1,
        dynamics="sequential",
        chance=False,
        hidden_information=False,
        cooperative=True,
        version="1",
        max_decisions=3,
    )

    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> State:
        return TallyState(self, seed, script)


class TallyState(State):
    ticks = 0

    @property
    def current_player(self) -> int:
        return TERMINAL if self.ticks == 3 else 0

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action.make("tick")]

    def _apply(self, seat: int, action: Action) -> None:
        self.ticks += 1

    def is_terminal(self) -> bool:
        return self.ticks == 3

    def returns(self) -> list[float]:
        return [1.0 if self.ticks == 3 else 0.0]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"ticks": self.ticks}


def test_a_repeated_choice_is_stale_even_when_the_decision_looks_the_same(
    make_client: Callable[..., TestClient],
) -> None:
    registry.register(Tally)
    try:
        client = make_client()
        table = client.post("/api/tables", json={"game": "tally", "seats": [ME]}).json()
        with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
            player = Player(ws)
            player.hello(table["tokens"]["0"])
            assert player.act("tick", 0)["type"] == "accepted"
            assert player.act("tick", 0)["code"] == "stale"
            assert player.act("tick", 1)["type"] == "accepted"
            # Every action of a game without hidden information is in everyone's log.
            assert [e["text"] for e in player.states()[-1]["log"]] == ["tick", "tick"]
        assert room_of(client, table["table"]).version == 2
    finally:
        registry.unregister("tally")


class SecretTallyState(TallyState):
    def action_is_public(self, seat: int, action: Action) -> bool:
        return self.ticks != 1  # the second tick is a secret move


def test_a_game_says_which_actions_are_public(secret_draw: type) -> None:
    hidden_game = load("secret-draw")
    state = hidden_game.new_initial_state(1)
    bid = Action.make("bid", amount=1)
    assert not action_is_public(state, 0, bid)
    entry = LogEntry(0, 0, bid, False, "seal_bid", False)
    assert entry.for_viewer(0, False, ["seat1", "seat2"])["text"] == "bid amount=1"
    assert entry.for_viewer(1, False, ["seat1", "seat2"])["text"] is None
    assert entry.for_viewer(None, False, ["seat1", "seat2"])["action"] is None
    assert entry.for_viewer(1, True, ["seat1", "seat2"])["text"] == "bid amount=1"
    assert entry.for_viewer(1, False, ["seat1", "seat2"])["public_text"] is None
    worded = LogEntry(0, 0, bid, False, "seal_bid", False, public_text="seals a bid")
    assert worded.for_viewer(1, False, ["seat1", "seat2"])["public_text"] == "seals a bid"
    assert worded.for_viewer(0, False, ["seat1", "seat2"])["public_text"] is None
    tally = SecretTallyState(Tally(), 0)
    seen = []
    while not tally.is_terminal():
        seen.append(action_is_public(tally, 0, Action.make("tick")))
        tally.apply("tick", 0)
    assert seen == [True, False, True]


def test_a_used_invitation_takes_its_seat_holder_back_and_tells_others_the_seat_is_taken(
    make_client: Callable[..., TestClient], db_url: str
) -> None:
    client = make_client()
    table = new_table(client, [ME, {"kind": "invite"}, {"kind": "invite"}], players=3)
    tid, code = table["table"], table["invites"]["1"]
    joined = client.post(f"/api/tables/{tid}/join", json={"code": code, "tokens": []}).json()
    assert joined["seat"] == 1
    # The browser that claimed it holds the token: the same seat and token come back.
    mine = [table["tokens"]["0"], joined["token"]]
    again = client.post(f"/api/tables/{tid}/join", json={"code": code, "tokens": mine})
    assert again.status_code == 200 and again.json() == {"table": tid, "seat": 1, "token": joined["token"]}
    # Another browser (no token, or another seat's token) is told the seat is taken.
    for tokens in ([], [table["tokens"]["0"]], ["forged"]):
        taken = client.post(f"/api/tables/{tid}/join", json={"code": code, "tokens": tokens})
        assert taken.status_code == 409 and taken.json()["code"] == "seat_taken", tokens
        assert joined["token"] not in taken.text
    # A code of no seat here, a bad token list.
    assert client.post(f"/api/tables/{tid}/join", json={"code": "nope"}).json()["code"] == "bad_invitation"
    bad = client.post(f"/api/tables/{tid}/join", json={"code": code, "tokens": "x"})
    assert bad.status_code == 400 and bad.json()["code"] == "malformed_request"
    # The other invitation still works, once; after a restart a used code is still known as used.
    second = client.post(f"/api/tables/{tid}/join", json={"code": table["invites"]["2"]}).json()
    assert second["seat"] == 2
    restarted = make_client(db_url)
    assert restarted.post(f"/api/tables/{tid}/join", json={"code": code}).json()["code"] == "seat_taken"
    back = restarted.post(f"/api/tables/{tid}/join", json={"code": code, "tokens": mine}).json()
    assert back["seat"] == 1 and back["token"] == joined["token"]


def test_a_malformed_message_that_is_json_gets_its_ref_back(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        player = Player(ws)
        player.hello(table["tokens"]["0"])
        reply = player.request('{"type": "act", "action": 42, "version": 0, "ref": 7}')
        assert reply["type"] == "error" and reply["code"] == "malformed_message" and reply["ref"] == 7


def test_bad_rest_bodies_and_parameters_get_a_structured_error(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    deep = "[" * 5000 + "]" * 5000
    bodies = {
        deep: "the request body nests JSON too deep",
        "{": "the request body is not valid JSON",
        "[1]": "the request body must be a JSON object",
    }
    for path in ("/api/tables", "/api/my-tables"):
        for body, reason in bodies.items():
            response = client.post(path, content=body, headers={"content-type": "application/json"})
            assert response.status_code == 400 and response.json() == {"code": "malformed_request", "reason": reason}
    response = client.get(f"/api/tables/{table['table']}/replay", params={"seat": "abc"})
    assert response.status_code == 400
    assert response.json()["code"] == "malformed_request" and "seat" in response.json()["reason"]


def test_the_server_offers_no_option_naming_one_of_its_files(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    games = {g["name"]: g for g in client.get("/api/games").json()}
    options = {o["name"]: o for o in games["old-house"]["options"]}
    assert options["house"]["local_file"] is True and options["heat-map"]["local_file"] is False
    response = client.post("/api/tables", json={"game": "old-house", "options": {"house": "default"}})
    assert response.status_code == 200, response.text


def test_a_hello_must_say_its_token_or_null(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        player = Player(ws)
        reply = player.request('{"type": "hello", "ref": 3}')
        assert reply["code"] == "malformed_message" and "token" in reply["reason"] and reply["ref"] == 3
        player.hello(None)
        assert player.request({"type": "ping"})["type"] == "pong"


def test_every_rest_error_has_the_code_and_reason_shape(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    for method, path, status in (
        ("GET", "/api/nosuch", 404),
        ("GET", "/api/tables", 405),
        ("DELETE", f"/api/tables/{table['table']}", 405),
        ("GET", "/static/nosuch.js", 404),
    ):
        response = client.request(method, path)
        assert response.status_code == status, (path, response.text)
        body = response.json()
        assert set(body) == {"code", "reason"} and body["code"] in ("not_found", "method_not_allowed"), body
    for raw in (
        '{"game": "secret-draw", "players": NaN}',
        '{"game": "secret-draw", "players": 1e999}',
        '{"game": "secret-draw", "options": {"x": "\\ud800"}}',
    ):
        response = client.post("/api/tables", content=raw, headers={"content-type": "application/json"})
        assert response.status_code == 400 and response.json()["code"] == "malformed_request", raw
