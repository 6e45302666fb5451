#!/usr/bin/env python3
"""A TCP proxy on loopback that delays every byte by DELAY_MS in each direction (a round trip of
twice that), and a connection's set-up by one round trip: a distant server, for a benchmark.

Usage: delay.py LISTEN_PORT TARGET_PORT DELAY_MS
"""
import asyncio
import sys

listen_port, target_port, delay = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]) / 1000


async def pipe(reader, writer):
    loop = asyncio.get_running_loop()
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            # Same delay for every chunk: order is kept.
            loop.call_later(delay, writer.write, data)
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        loop.call_later(delay, writer.close)


async def handle(client_reader, client_writer):
    await asyncio.sleep(2 * delay)  # the TCP handshake's round trip
    try:
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target_port)
    except OSError:
        client_writer.close()
        return
    await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer))


async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", listen_port, backlog=256)
    async with server:
        await server.serve_forever()

asyncio.run(main())
