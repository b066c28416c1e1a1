import ImgSiteCLI

await ImgSiteCommand.runCommandLine()
