import ScanlineCLI

ScanlineCLI.main()
