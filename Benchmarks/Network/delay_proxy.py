#!/usr/bin/env python3
"""A TCP proxy on 127.0.0.1 that adds a round-trip time to everything it carries (standard library only).

Usage: delay_proxy.py UPSTREAM_PORT PORT_FILE RTT_MS

Every chunk is delivered RTT/2 after it arrived, in each direction and in order, so a request
and its answer cost one RTT; a new connection's first bytes wait one more RTT, as a TCP
handshake would. The chosen port is written to PORT_FILE. Stops on SIGTERM.
"""
import asyncio
import signal
import sys
import time

upstream_port, port_file, rtt = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]) / 1000.0
one_way = rtt / 2


async def pump(reader, writer, first_extra):
    """Reads chunks and delivers each one `one_way` later (plus `first_extra` for the first)."""
    queue = asyncio.Queue()

    async def deliver():
        while True:
            due, data = await queue.get()
            if data is None:
                break
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(data)
            await writer.drain()
        try:
            writer.write_eof()
        except (OSError, RuntimeError):
            pass

    delivery = asyncio.create_task(deliver())
    extra = first_extra
    try:
        while True:
            data = await reader.read(65536)
            queue.put_nowait((time.monotonic() + one_way + extra, data if data else None))
            extra = 0
            if not data:
                break
    except (ConnectionError, OSError):
        queue.put_nowait((0, None))
    try:
        await delivery
    except (ConnectionError, OSError):
        pass


async def handle(client_reader, client_writer):
    try:
        upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", upstream_port)
    except OSError:
        client_writer.close()
        return
    await asyncio.gather(
        pump(client_reader, upstream_writer, rtt),
        pump(upstream_reader, client_writer, 0),
        return_exceptions=True)
    for writer in (client_writer, upstream_writer):
        writer.close()


async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    with open(port_file, "w") as f:
        f.write(str(server.sockets[0].getsockname()[1]))
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    async with server:
        await stop.wait()


asyncio.run(main())
