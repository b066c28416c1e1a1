import ImgSiteCLI

await ImgSiteCommand.main()
