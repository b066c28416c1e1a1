/// A failure of one build step, naming the file and the reason; a bad image
/// is reported and skipped, it never stops the whole build.
public struct BuildError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Step: String, Sendable {
        case config, lock, scan, header, decode, encode, write, render, prune, manifest
    }

    public var step: Step
    /// The file concerned, relative to the input or output folder.
    public var path: String
    public var reason: String

    public init(_ step: Step, path: String, _ reason: String) {
        self.step = step
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
