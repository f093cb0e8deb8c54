"""The web app: the lobby's REST interface, the play protocol over WebSocket, rooms and storage.

Entry points: :func:`ghosttable.server.app.create_app` (an ASGI app for a database URL) and
:mod:`ghosttable.server.launch` (``ghosttable play`` and ``ghosttable serve``). The wire protocol
is described in ``docs/protocol.md``.
"""
