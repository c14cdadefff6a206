import ScanlineCLI

await ScanlineCLI.main()
