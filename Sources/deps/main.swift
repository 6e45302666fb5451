import DepsCLI

DepsCommand.main()
