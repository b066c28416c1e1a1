import ImgSiteCLI

ImgSiteCommand.main()
