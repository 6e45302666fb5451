import ArgumentParser
import DepsCLI

/// The commands that fetch code are asynchronous, so the root command runs as one; inside an
/// async function the asynchronous `main` is the one chosen.
func runDeps() async {
    await DepsCommand.main(nil)
}

await runDeps()
