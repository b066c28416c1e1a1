import ArgumentParser
public struct ImgSiteCommand: AsyncParsableCommand { public init() {} 
public static let configuration = CommandConfiguration(commandName: "imgsite") }
