import DepsSignals
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DepsCLI

// A reader that goes away (`deps install | head -c 10`) makes writes fail with EPIPE, which
// deps reports, instead of killing deps mid-work with SIGPIPE.
signal(SIGPIPE, SIG_IGN)
// SIGINT and SIGTERM are taken by one thread, before any other starts: they interrupt the work
// without ever cutting a file's write short.
DepsCommand.takeOverTerminationSignals()
await DepsCommand.runAsMain()
